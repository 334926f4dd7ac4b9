//! The families of law: what the protocol's hello declares a program rules
//! on (docs/protocol.md, "Features"), one entry each in [`FAMILIES`].
//!
//! Every list of families is read off this one: the hello's features
//! ([`crate::protocol::LAW_FEATURES`]), the family of a clause
//! ([`crate::protocol::feature_of_clause`]), the features a story needs
//! ([`crate::protocol::needed_features`]), the family that refuses an
//! irregular call ([`family_of_irregular_call`]), the runner's fuzz scope,
//! refusal checks and clause coverage. A new family is one more entry here
//! (docs/adding-a-law.md); tests in the runner check that each entry has
//! its clauses, its documentation, its cases and its fuzz generator.

use crate::listed::every;
use crate::refusal::IrregularCall;
use crate::request::{Finding, Incident};

/// One family of law, as a program declares it.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Family {
    /// The feature the hello declares (`insufficient-bid`).
    pub feature: &'static str,
    /// The clauses of the family: each clause id under one of these
    /// ([`under`]: `27` takes `27B1(a)`, not `270`). Empty for a family
    /// that no clause names (`meanings`).
    pub clauses: &'static [&'static str],
    /// Clause ids of the family as themselves only, not the clauses under
    /// them: an id another edition gives to a law whose sub-clauses belong
    /// elsewhere ([`Family::holds`]).
    pub alone: &'static [&'static str],
    /// Does the clause coverage table count the family's clauses?
    pub counted: bool,
    /// The findings a story carries for this family: a story that carries
    /// one needs the family unless it already needs another family that
    /// receives it ([`Family::receives`]).
    pub owns: &'static [Finding],
    /// Findings the family's rulings read, though another family owns them
    /// (a replacement's `comparable` for an insufficient bid, 27B1(b)).
    pub receives: &'static [Finding],
    /// The irregular calls the family rectifies: a program that declares
    /// `refusal` and not this family must refuse them.
    pub irregular_calls: &'static [IrregularCall],
    /// The incidents (events that are no call) the family rules on: a
    /// story holding one needs the family.
    pub incidents: &'static [IncidentKind],
    /// Does `rulings fuzz` draw irregularities of this family (an arm of
    /// its generator, and a planted bug its power test finds)? `meanings`
    /// and `comparable-call` are not drawn: they come as findings on the
    /// calls other families draw.
    pub drawn: bool,
}

/// The kinds of incident, without their content (the cards shown, say):
/// what a family names in [`Family::incidents`].
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IncidentKind {
    /// Law 24: cards shown during the auction.
    Cards,
    /// 2017 15A, 2007 17D: a player called holding cards from a wrong board.
    WrongBoard,
    /// Law 21B: a call made on misinformation from an opponent.
    Misinformation,
}

impl IncidentKind {
    /// Every kind of incident. A slice, not an array: a new kind lengthens
    /// it without changing its type.
    pub const ALL: &'static [IncidentKind] = every!(IncidentKind: Cards, WrongBoard, Misinformation);

    /// How a story writes an incident of this kind after the seat
    /// (docs/case-format.md, "Events"): its words, with `CARDS` (one card or
    /// more) or `CARD` (one) where the cards named go. Read by the workbench,
    /// which offers a control for each form; a test parses each form back
    /// to its kind.
    pub fn forms(self) -> &'static [&'static str] {
        match self {
            IncidentKind::Cards => &["exposes CARDS", "leads CARD"],
            IncidentKind::WrongBoard => &["wrong board"],
            IncidentKind::Misinformation => &["misinformed"],
        }
    }

    /// The kind of an incident.
    pub fn of(incident: &Incident) -> IncidentKind {
        match incident {
            Incident::Cards(_) => IncidentKind::Cards,
            Incident::WrongBoard => IncidentKind::WrongBoard,
            Incident::Misinformed => IncidentKind::Misinformation,
        }
    }
}

/// Every family of law, in the order the hello lists them.
pub const FAMILIES: &[Family] = &[
    Family {
        feature: "insufficient-bid",
        clauses: &["26", "27"],
        alone: &[],
        counted: true,
        owns: &[Finding::SameDenomination],
        receives: &[Finding::Comparable],
        irregular_calls: &[IrregularCall::Insufficient],
        incidents: &[],
        drawn: true,
    },
    Family {
        feature: "comparable-call",
        // Law 23 alone in 1997 and 2007 (the damaging enforced pass) is no
        // comparable call: only 23A-23C are.
        clauses: &["23A", "23B", "23C"],
        alone: &[],
        counted: true,
        owns: &[Finding::Comparable],
        receives: &[],
        irregular_calls: &[],
        incidents: &[],
        drawn: false,
    },
    Family {
        feature: "meanings",
        clauses: &[],
        alone: &[],
        counted: false,
        owns: &[Finding::Means],
        receives: &[],
        irregular_calls: &[],
        incidents: &[],
        drawn: false,
    },
    Family {
        feature: "change-of-call",
        clauses: &["25"],
        alone: &[],
        counted: true,
        // 25A is a change of call: the player replaces a call he did not
        // intend, so a story finding a call (un)intended needs the family
        // (docs/protocol.md, "Features").
        owns: &[Finding::Unintended, Finding::Pause, Finding::OverOriginal],
        receives: &[],
        irregular_calls: &[IrregularCall::ChangeOfCall],
        incidents: &[],
        drawn: true,
    },
    Family {
        feature: "out-of-rotation",
        clauses: &["28", "29", "30", "31", "32", "33", "34"],
        alone: &[],
        counted: true,
        owns: &[],
        receives: &[Finding::Comparable, Finding::SameDenomination],
        irregular_calls: &[IrregularCall::OutOfRotation],
        incidents: &[],
        drawn: true,
    },
    Family {
        feature: "inadmissible",
        clauses: &["35", "36", "37", "38", "39"],
        alone: &[],
        counted: true,
        owns: &[],
        receives: &[],
        irregular_calls: &[
            IrregularCall::InadmissibleDouble,
            IrregularCall::InadmissibleRedouble,
            IrregularCall::AboveSeven,
            IrregularCall::AfterTheAuction,
        ],
        incidents: &[],
        drawn: true,
    },
    Family {
        feature: "exposed-card",
        clauses: &["24"],
        alone: &[],
        counted: true,
        owns: &[],
        receives: &[],
        irregular_calls: &[],
        incidents: &[IncidentKind::Cards],
        drawn: true,
    },
    Family {
        feature: "wrong-board",
        // 2017 15A, 2007 17D and 1997 17D (the same law, moved): a call
        // made holding cards from a wrong board. 2017's own 17D (the end of
        // the auction period) and its 17D3 are the legal auction's, so the
        // 2007 clauses are named one by one (17D3 and 17D4, the other board
        // and a procedural penalty, no story of one board cites), and 17D
        // stands alone: 1997's 17D is one paragraph with nothing under it
        // (bridge.dk/laws/laws97e/laws97nj/node8.html), and no story cites
        // 2017's bare 17D. Not in the coverage table, which is about the
        // laws of irregular calls (16C, 23-39, 72C).
        clauses: &["15A", "17D1", "17D2"],
        alone: &["17D"],
        counted: false,
        owns: &[],
        receives: &[],
        irregular_calls: &[],
        incidents: &[IncidentKind::WrongBoard],
        drawn: true,
    },
    Family {
        feature: "misinformation",
        // Law 21 (the same clauses in the three editions, 1997's 21B1
        // undivided): 21A a call on the caller's own misunderstanding, 21B
        // a call on an opponent's misinformation. Law 21C (2007, 2017) is
        // about the conditions of contest, no auction's story. Not in the
        // coverage table, which is about the laws of irregular calls (16C,
        // 23-39, 72C).
        clauses: &["21A", "21B"],
        alone: &[],
        counted: false,
        owns: &[Finding::MissingAlert, Finding::MistakenCall, Finding::OwnMisunderstanding, Finding::ByLho],
        receives: &[],
        irregular_calls: &[],
        incidents: &[IncidentKind::Misinformation],
        drawn: true,
    },
];

/// Is `clause` the clause `law` or one under it (`27B1(a)` is under `27`,
/// `27B` and `27B1`, not under `2`; `16C2` is under `16C`)? What follows
/// `law` in `clause` may not continue its last number or letter.
pub fn under(clause: &str, law: &str) -> bool {
    let Some(rest) = clause.strip_prefix(law) else { return false };
    match (law.chars().last(), rest.chars().next()) {
        (Some(a), Some(b)) => {
            let same = |f: fn(&char) -> bool| f(&a) && f(&b);
            !(same(char::is_ascii_digit) || same(char::is_ascii_alphabetic))
        }
        _ => true,
    }
}

/// The family a feature names, if it names one.
pub fn family(feature: &str) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.feature == feature)
}

/// The family a clause belongs to, if any.
pub(crate) fn family_of_clause(clause: &str) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.holds(clause))
}

/// The family that owns a finding: exactly one does (a test checks it).
pub(crate) fn owner_of(finding: Finding) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.owns.contains(&finding))
}

/// The family that rectifies an irregular call: exactly one does.
pub fn family_of_irregular_call(why: IrregularCall) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.irregular_calls.contains(&why))
}

/// The family that rules on an incident: exactly one does.
pub(crate) fn family_of_incident(kind: IncidentKind) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.incidents.contains(&kind))
}

impl Family {
    /// Is `clause` one of the family's: under one of its [`Family::clauses`]
    /// (`27B1(a)` under `27`), or one of its [`Family::alone`] itself.
    pub fn holds(&self, clause: &str) -> bool {
        self.clauses.iter().any(|law| under(clause, law)) || self.alone.contains(&clause)
    }

    /// Does the family read `finding` (own it or receive it)?
    pub fn reads(&self, finding: Finding) -> bool {
        self.owns.contains(&finding) || self.receives.contains(&finding)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each finding, irregular call and incident belongs to exactly one
    /// family, and no two families share a feature or a clause.
    /// Each form of an incident, its cards filled in, is read by the
    /// story's parser as an incident of that kind.
    #[test]
    fn each_incident_form_reads_back_as_its_kind() {
        use crate::request::Action;
        for &kind in IncidentKind::ALL {
            assert!(!kind.forms().is_empty(), "{kind:?} has no form");
            for form in kind.forms() {
                let text = form.replace("CARDS", "SK H5").replace("CARD", "SK");
                match text.parse::<Action>() {
                    Ok(Action::Incident(x)) => assert_eq!(IncidentKind::of(&x), kind, "{text}"),
                    other => panic!("{text}: {other:?}"),
                }
            }
        }
    }

    #[test]
    fn each_finding_call_and_incident_has_one_family() {
        for &finding in Finding::ALL {
            let owners = FAMILIES.iter().filter(|f| f.owns.contains(&finding)).count();
            assert_eq!(owners, 1, "{finding:?} is owned by {owners} families");
        }
        for &why in crate::refusal::IrregularCall::ALL {
            let n = FAMILIES.iter().filter(|f| f.irregular_calls.contains(&why)).count();
            assert_eq!(n, 1, "{why:?} is rectified by {n} families");
        }
        for &kind in IncidentKind::ALL {
            let n = FAMILIES.iter().filter(|f| f.incidents.contains(&kind)).count();
            assert_eq!(n, 1, "{kind:?} is ruled by {n} families");
        }
        for (i, a) in FAMILIES.iter().enumerate() {
            for b in &FAMILIES[i + 1..] {
                assert_ne!(a.feature, b.feature);
                for c in a.clauses {
                    assert!(!b.clauses.iter().any(|d| under(c, d) || under(d, c)), "{c} in two families");
                }
                for c in a.alone.iter().chain(a.clauses) {
                    assert!(!b.holds(c), "{c} in two families");
                }
                for c in b.alone {
                    assert!(!a.holds(c), "{c} in two families");
                }
            }
        }
    }

    /// 1997's Law 17D (one paragraph: a call made holding cards from a
    /// wrong board) is the wrong-board family's, but 2017's 17D3 (a pass
    /// out of rotation among the closing passes), under 2017's 17D, is not.
    #[test]
    fn the_1997_wrong_board_clause_is_the_familys_alone() {
        let wrong_board = family("wrong-board").expect("the wrong-board family");
        assert!(wrong_board.holds("17D"));
        assert!(wrong_board.holds("17D1") && wrong_board.holds("15A1"));
        assert!(!wrong_board.holds("17D3"));
        assert_eq!(family_of_clause("17D").map(|f| f.feature), Some("wrong-board"));
        assert_eq!(family_of_clause("17D3"), None);
        let clause = crate::clauses::CLAUSES.iter().find(|c| c.id == "17D").expect("17D in engine/clauses.yml");
        assert!(clause.in_edition(crate::Edition::E1997));
    }
}

/// More of the families, where the test above had not looked
/// (docs/mutants.md).
#[cfg(test)]
mod more_tests {
    use super::*;
    use crate::card::Exposure;

    /// A clause is under a law when the law's id is its beginning and the
    /// next character does not continue the law's last number or letter.
    #[test]
    fn a_clause_is_under_its_law_and_not_under_a_longer_number() {
        for (clause, law) in [("27B1(a)", "27"), ("27B1(a)", "27B"), ("27B1(a)", "27B1"), ("16C2", "16C"), ("27", "27")]
        {
            assert!(under(clause, law), "{clause} under {law}");
        }
        for (clause, law) in [("27B1(a)", "2"), ("270", "27"), ("27B", "27B1"), ("16C2", "16D"), ("17D3", "17D1")] {
            assert!(!under(clause, law), "{clause} not under {law}");
        }
        assert!(!under("23", "23A"), "Law 23 alone is not 23A");
        assert!(!under("15AB", "15A"), "a letter continuing the law's last letter");
    }

    /// Each lookup finds the family a director would name, and none for
    /// what no family rules.
    #[test]
    fn each_lookup_finds_its_family() {
        assert_eq!(family("wrong-board").map(|f| f.clauses), Some(&["15A", "17D1", "17D2"][..]));
        assert!(family("no-such-feature").is_none());
        let feature = |f: Option<&'static Family>| f.map(|f| f.feature);
        assert_eq!(feature(family_of_clause("27B1(a)")), Some("insufficient-bid"));
        assert_eq!(feature(family_of_clause("17D2")), Some("wrong-board"));
        assert_eq!(feature(family_of_clause("16C2")), None);
        assert_eq!(feature(owner_of(Finding::Pause)), Some("change-of-call"));
        assert_eq!(feature(owner_of(Finding::Comparable)), Some("comparable-call"));
        assert_eq!(feature(family_of_irregular_call(IrregularCall::AboveSeven)), Some("inadmissible"));
        assert_eq!(feature(family_of_irregular_call(IrregularCall::OutOfRotation)), Some("out-of-rotation"));
        assert_eq!(feature(family_of_incident(IncidentKind::Misinformation)), Some("misinformation"));
        assert_eq!(feature(family_of_incident(IncidentKind::Cards)), Some("exposed-card"));
    }

    /// A family reads the findings it owns and those it receives, no other.
    #[test]
    fn a_family_reads_what_it_owns_and_what_it_receives() {
        let insufficient = family("insufficient-bid").expect("a family");
        assert!(insufficient.reads(Finding::SameDenomination), "owned");
        assert!(insufficient.reads(Finding::Comparable), "received");
        assert!(!insufficient.reads(Finding::Unintended));
    }

    /// Each incident is of its kind.
    #[test]
    fn each_incident_is_of_its_kind() {
        let cards = Exposure::parse("SK", false).expect("cards");
        assert_eq!(IncidentKind::of(&Incident::Cards(cards)), IncidentKind::Cards);
        assert_eq!(IncidentKind::of(&Incident::WrongBoard), IncidentKind::WrongBoard);
        assert_eq!(IncidentKind::of(&Incident::Misinformed), IncidentKind::Misinformation);
    }
}
