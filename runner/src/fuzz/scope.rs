//! What a program may be asked: the editions and features its hello
//! declares, narrowed by `--feature` and `--law`, and the features a story
//! needs of it (docs/protocol.md, "Features"). A story is asked only when
//! every feature it needs was declared: the families of every clause the
//! reference's ruling cites (the law of a pending decision included), and
//! the families that receive the findings it carries in the corpus. A
//! program that declares `refusal` is also asked a story outside its
//! features when the story's first irregular call is of a family it does
//! not declare: it must refuse that call (a refusal check;
//! [`crate::judging::refusal::refusal_of`]).

pub use rulings_engine::family::under;
use rulings_engine::family::FAMILIES;
use rulings_engine::protocol::{feature_of_clause, needed_features, Hello, LAW_FEATURES, REFUSAL};
use rulings_engine::refusal::IrregularCall;
use rulings_engine::request::Finding;
use rulings_engine::ruling::Basis;
use rulings_engine::{Edition, Request, Ruling};

/// What the generator may put in a story, and what the program may be asked.
#[derive(Debug, Clone)]
pub struct Scope {
    pub editions: Vec<Edition>,
    /// The features the program declared.
    pub features: Vec<String>,
    /// The families the generator draws irregularities from: the declared
    /// law families and, for a program declaring `refusal`, the families of
    /// irregular call it refuses; or those `--feature` names.
    pub families: Vec<&'static str>,
    /// The families of irregular call the program refuses (it declares
    /// `refusal` and not the family), drawn so that it is asked to refuse.
    pub refused: Vec<&'static str>,
    /// `--law`: only stories whose ruling cites one of these clauses (or a
    /// clause under one: `27B` takes `27B1(a)`) are asked.
    pub laws: Vec<String>,
    /// The regulation options the program declares (`regulation:*`): the
    /// generator sets them off their defaults in some stories.
    pub regulations: Vec<&'static str>,
}

impl Scope {
    /// The scope of a program's hello, every declared family drawn, and
    /// every family it refuses.
    pub fn of(hello: &Hello) -> Scope {
        let declares = |f: &str| hello.features.iter().any(|d| d == f);
        let mut refused: Vec<&'static str> = Vec::new();
        if declares(REFUSAL) {
            for &why in IrregularCall::ALL {
                let family = crate::judging::refusal::family(why);
                if !declares(family) && !refused.contains(&family) {
                    refused.push(family);
                }
            }
        }
        let families = LAW_FEATURES.iter().copied().filter(|f| declares(f) || refused.contains(f)).collect();
        Scope {
            editions: hello.editions.clone(),
            features: hello.features.clone(),
            families,
            refused,
            laws: Vec::new(),
            regulations: rulings_engine::regulations::FEATURES.iter().copied().filter(|f| declares(f)).collect(),
        }
    }

    /// Narrowed to the families `features` names (`--feature`; `refusal`
    /// names the families refused) and the families of the clauses `laws`
    /// names (`--law`), where given. A family the program neither declared
    /// nor refuses is never drawn.
    pub fn focused(mut self, features: &[String], laws: &[String]) -> Scope {
        let wanted: Vec<&str> =
            features.iter().map(String::as_str).chain(laws.iter().filter_map(|l| feature_of_clause(l))).collect();
        if !wanted.is_empty() {
            let refused = self.refused.clone();
            self.families.retain(|f| wanted.contains(f) || (wanted.contains(&REFUSAL) && refused.contains(f)));
        }
        self.laws = laws.to_vec();
        self
    }

    pub fn has(&self, feature: &str) -> bool {
        self.features.iter().any(|f| f == feature)
    }

    /// Does the generator draw irregularities of this family?
    pub fn draws(&self, family: &str) -> bool {
        self.families.contains(&family)
    }

    /// Does a program of this scope receive a `comparable` finding (it
    /// declares a family that reads it, [`rulings_engine::family::Family::reads`])?
    pub fn receives_comparable(&self) -> bool {
        FAMILIES.iter().any(|f| f.reads(Finding::Comparable) && self.has(f.feature))
    }

    /// May the program be asked `story`, on which the reference rules `r`?
    pub fn admits(&self, story: &Request, r: &Ruling) -> bool {
        self.editions.contains(&story.edition) && needs(story, r).iter().all(|f| self.has(f))
    }

    /// Does `r` cite a clause `--law` asks for (always, without `--law`)?
    pub fn focuses_on(&self, r: &Ruling) -> bool {
        self.laws.is_empty() || clauses(r).iter().any(|c| self.laws.iter().any(|l| under(c, l)))
    }
}

/// The features a story needs: those of every clause the reference's
/// ruling cites ([`clauses`]), and those the story's findings and
/// incidents need, as `rulings run` counts them
/// ([`rulings_engine::protocol::needed_features`]: one rule for both).
pub fn needs(story: &Request, r: &Ruling) -> Vec<&'static str> {
    let laws = clauses(r);
    needed_features(laws.iter().map(String::as_str), &story.events, story.regulations.as_ref())
}

/// Every clause a ruling cites, in order, each once: its entries' laws, the
/// law of the decision it waits on, and the Law 23 clause by which it
/// found a replacement comparable (23A1-23A3).
pub fn clauses(r: &Ruling) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |c: &str| {
        if !out.iter().any(|o| o == c) {
            out.push(c.to_string());
        }
    };
    for x in &r.rulings {
        add(&x.law);
        if let Some(c) = x.comparable {
            match c.basis {
                Basis::Similar => add("23A1"),
                Basis::Subset => add("23A2"),
                Basis::SamePurpose => add("23A3"),
                Basis::Finding | Basis::Default => {}
                // A basis of a later engine names no clause this runner knows.
                _ => {}
            }
        }
    }
    if let Some(d) = &r.decision {
        add(&d.law);
    }
    for x in &r.must_pass {
        add(&x.law);
    }
    for x in &r.call_restrictions {
        add(&x.law);
    }
    for x in &r.lead_restrictions {
        add(&x.law);
    }
    for x in &r.penalty_cards {
        add(&x.law);
    }
    for x in &r.unauthorized_information {
        add(&x.law);
    }
    for x in &r.score_adjustment {
        add(x);
    }
    if let Some(c) = &r.score_cap {
        add(&c.law);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rulings_engine::{rule, Seat};

    /// A 2017 story dealt by South, in the one-line form.
    fn story(text: &str) -> Request {
        let events = crate::corpus::story::story_events(text).expect("a story");
        Request::new(Edition::E2017, Seat::S, events)
    }

    fn nothing() -> Scope {
        Scope {
            editions: Edition::ALL.to_vec(),
            features: Vec::new(),
            families: Vec::new(),
            refused: Vec::new(),
            laws: Vec::new(),
            regulations: Vec::new(),
        }
    }

    /// `S 1D, W P, N 1C` waits on East's option under 27A1: a story a
    /// program that declares no feature was asked (the scope looked at the
    /// ruling's entries, not at the law of the decision it waits on).
    #[test]
    fn the_law_of_a_pending_decision_needs_its_feature() {
        let s = story("S 1D, W P, N 1C");
        let r = rule(&s).expect("ruled");
        assert!(r.decision.is_some());
        assert_eq!(needs(&s, &r), vec!["insufficient-bid"]);
        assert!(!nothing().admits(&s, &r));
    }

    #[test]
    fn each_finding_needs_a_family_that_receives_it() {
        let mut s = story("S 1D, W P");
        let r = rule(&s).expect("ruled");
        assert!(nothing().admits(&s, &r));
        s.events[1].findings.unintended = Some(true);
        assert_eq!(needs(&s, &r), vec!["change-of-call"]);
        s.events[1].findings.unintended = None;
        s.events[1].findings.comparable = Some(false);
        assert_eq!(needs(&s, &r), vec!["comparable-call"]);
        s.events[1].findings.same_denomination = Some(true);
        assert_eq!(needs(&s, &r), vec!["insufficient-bid"]);
    }

    /// A program declaring `refusal` has the families it does not declare
    /// drawn, to refuse; `--feature refusal` draws those only, `--feature`
    /// of a declared family that one only.
    #[test]
    fn the_families_a_program_refuses_are_drawn() {
        let mut hello = rulings_engine::protocol::engine_hello();
        hello.features = vec!["refusal".into(), "change-of-call".into(), "out-of-rotation".into()];
        let scope = Scope::of(&hello);
        assert_eq!(scope.refused, vec!["insufficient-bid", "inadmissible"]);
        assert_eq!(scope.families, vec!["insufficient-bid", "change-of-call", "out-of-rotation", "inadmissible"]);
        let refusing = scope.clone().focused(&["refusal".to_string()], &[]);
        assert_eq!(refusing.families, vec!["insufficient-bid", "inadmissible"]);
        let ruling = scope.focused(&["out-of-rotation".to_string()], &[]);
        assert_eq!(ruling.families, vec!["out-of-rotation"]);
        hello.features.retain(|f| f != "refusal");
        assert_eq!(Scope::of(&hello).families, vec!["change-of-call", "out-of-rotation"]);
    }

    #[test]
    fn a_law_takes_the_clauses_under_it() {
        assert!(under("27B1(a)", "27"));
        assert!(under("27B1(a)", "27B1"));
        assert!(under("27B1(a)", "27B1(a)"));
        assert!(under("27B1(a)", "27B"), "a letter is followed by a number");
        assert!(under("16C2", "16C"));
        assert!(!under("23AB", "23A"));
        assert!(!under("27B1(a)", "2"));
        assert!(!under("27B1(a)", "27B2"));
    }
}
