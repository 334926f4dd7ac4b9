//! `rulings explain CASE`: the reference engine's ruling, step by step, and
//! at a decision point every option with what it leads to.
//!
//! The runner knows no bridge law: it replays the story one event at a
//! time and reports what each event changed, and it finds the consequences
//! of each option by asking the engine (the same story, plus that choice,
//! plus each replacement the offender could then make).

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use rulings_engine::notation::{Bid, Call, Seat, Strain};
use rulings_engine::request::{Action, Event, Given};
use rulings_engine::ruling::{Choice, Status};
use rulings_engine::{Request, RuleError, Ruling};

use crate::corpus::case::Case;

/// The reference engine as `explain` asks it, counting the events it is
/// handed: the rulings after each event come from one pass over the story
/// ([`rulings_engine::rule_each`]), and each option and replacement at the
/// end is one more ruling of the whole story. Ruling every prefix afresh
/// handed the engine the story's length squared over two events, and
/// with the engine's own work growing with the story, a story of a
/// thousand alternating passes took seconds (the test below counts).
#[derive(Default)]
struct Engine {
    /// Events handed to the engine so far.
    events: usize,
}

impl Engine {
    fn rule(&mut self, request: &Request) -> Result<Ruling, RuleError> {
        self.events += request.events.len();
        rulings_engine::rule(request)
    }

    fn rule_each(&mut self, request: &Request) -> (Vec<Ruling>, Option<RuleError>) {
        self.events += request.events.len();
        rulings_engine::rule_each(request)
    }
}

/// The reference engine's ruling on one case in one edition, step by step
/// (after the regulation options the case sets, if any), as text.
pub fn explain(case: &Case, edition: rulings_engine::Edition) -> String {
    explain_counted(case, edition, &mut Engine::default())
}

fn explain_counted(case: &Case, edition: rulings_engine::Edition, engine: &mut Engine) -> String {
    let mut s = String::new();
    // The regulation options the case sets off their defaults: the ruling
    // below is under them.
    if let Some(r) = case.regulations.as_ref().filter(|r| !r.is_default()) {
        let set = serde_json::to_string(r).unwrap_or_default();
        s.push_str(&crate::text::wrap(&format!("regulations: {set}"), crate::text::WIDTH, "", "  "));
    }
    let _ = writeln!(s);
    let request = case.request(edition);
    let mut before: Option<Ruling> = Some(empty_table(engine, &request));
    let (rulings, failed) = engine.rule_each(&request);
    for (i, e) in request.events.iter().enumerate() {
        let _ = write!(s, "{:>3}. {} {:<7}", i + 1, e.seat, e.action.to_string());
        let findings = findings(e);
        if !findings.is_empty() {
            let _ = write!(s, " [{findings}]");
        }
        let _ = writeln!(s);
        match (rulings.get(i), &failed) {
            (Some(r), _) => {
                for line in changes(before.as_ref(), r) {
                    let _ = writeln!(s, "       {line}");
                }
                before = Some(r.clone());
            }
            (None, err) => {
                let err = err.as_ref().map_or_else(String::new, |e| e.to_string());
                let _ = writeln!(s, "       the engine cannot rule: {err}");
                return s;
            }
        }
    }
    if let Some(r) = &before {
        let _ = writeln!(s, "\nnow: {}", where_we_are(r));
        if r.status == Status::Decision {
            s.push_str(&options(engine, &request, r));
        }
    }
    s
}

fn empty_table(engine: &mut Engine, request: &Request) -> Ruling {
    engine.rule(&request.clone().with_events(Vec::new())).unwrap_or_else(|_| Ruling::before_any_call(request.dealer))
}

fn findings(e: &Event) -> String {
    let parts: Vec<String> = e
        .findings
        .given()
        .into_iter()
        .map(|g| match g {
            Given::Flag(f, v) => format!("{}: {v}", f.key()),
            Given::Means(_) => "means given".to_string(),
        })
        .collect();
    parts.join(", ")
}

/// One line saying where the table stands.
pub fn where_we_are(r: &Ruling) -> String {
    match (&r.status, &r.decision, &r.contract) {
        (Status::Decision, Some(d), _) => {
            let opts: Vec<String> = d.options.iter().map(choice_name).collect();
            format!("{} decides under {}: {}", d.seat, d.law, opts.join(" or "))
        }
        (Status::Closed, _, Some(c)) => {
            let dbl = match c.doubled {
                Some(rulings_engine::ruling::Doubling::Doubled) => "X",
                Some(rulings_engine::ruling::Doubling::Redoubled) => "XX",
                None => "",
            };
            format!("the auction is over: {}{dbl} by {}", c.bid, c.declarer)
        }
        (Status::PassedOut, _, _) => "the board is passed out".to_string(),
        _ => match r.next {
            Some(n) => format!("{n} to call"),
            None => "nobody to act".to_string(),
        },
    }
}

fn choice_name(c: &Choice) -> String {
    match c {
        Choice::Accept => "accept".to_string(),
        Choice::Reject => "reject".to_string(),
    }
}

/// What changed from one ruling to the next, one line each.
fn changes(before: Option<&Ruling>, after: &Ruling) -> Vec<String> {
    let mut out = Vec::new();
    let b = before;
    let old_rulings = b.map_or(0, |r| r.rulings.len());
    for r in after.rulings.iter().skip(old_rulings) {
        let comparable = r
            .comparable
            .map(|c| {
                let basis =
                    serde_json::to_value(c.basis).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default();
                format!(" (comparable: {}, basis {basis})", if c.value { "yes" } else { "no" })
            })
            .unwrap_or_default();
        let kind =
            serde_json::to_value(r.irregularity).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default();
        out.push(format!("ruled: {} {} is {kind}, disposed of under {}{comparable}", r.seat, r.what(), r.law));
    }
    // What stood before, looked up by key: a long story piles up
    // obligations, and searching the list for each would be quadratic.
    let key = |k: &dyn std::fmt::Debug| format!("{k:?}");
    let mut must_before: HashMap<String, bool> = HashMap::new();
    let mut restricted_before: HashMap<String, bool> = HashMap::new();
    if let Some(r) = b {
        for o in &r.must_pass {
            must_before.entry(key(&(o.seat, &o.law, o.scope))).or_insert(o.in_force);
        }
        for o in &r.call_restrictions {
            restricted_before.entry(key(&(o.seat, &o.law))).or_insert(o.in_force);
        }
    }
    let adjusted_before: HashSet<&String> = b.iter().flat_map(|r| &r.score_adjustment).collect();
    for m in after.must_pass.iter() {
        let was = must_before.get(&key(&(m.seat, &m.law, m.scope)));
        let scope = match m.scope {
            rulings_engine::ruling::Scope::NextTurn => "at his next turn",
            rulings_engine::ruling::Scope::RestOfAuction => "for the rest of the auction",
        };
        match was {
            None => out.push(format!("{} must pass {scope} ({})", m.seat, m.law)),
            Some(in_force) if *in_force && !m.in_force => {
                out.push(format!("{}'s obligation under {} is spent", m.seat, m.law))
            }
            _ => {}
        }
    }
    for c in after.call_restrictions.iter() {
        let was = restricted_before.get(&key(&(c.seat, &c.law)));
        match was {
            None => {
                let calls: Vec<String> = c.may_not.iter().map(|x| x.to_string()).collect();
                out.push(format!("{} may not call {} at his next turn ({})", c.seat, calls.join(" or "), c.law))
            }
            Some(in_force) if *in_force && !c.in_force => {
                out.push(format!("{}'s restriction under {} is spent", c.seat, c.law))
            }
            _ => {}
        }
    }
    let old_lead = b.map_or(0, |r| r.lead_restrictions.len());
    for l in after.lead_restrictions.iter().skip(old_lead) {
        let suits: Vec<String> = l.declarer_may_prohibit_one_of.iter().map(|s| s.to_string()).collect();
        let required: Vec<String> = l.declarer_may_require_one_of.iter().map(|s| s.to_string()).collect();
        let require = if required.is_empty() {
            String::new()
        } else {
            format!(", or require the lead of one of {}", required.join(" "))
        };
        out.push(format!(
            "if {} defends, declarer may prohibit the lead of one of {}{require} ({})",
            l.seat,
            suits.join(" "),
            l.law
        ));
    }
    let old_ui = b.map_or(0, |r| r.unauthorized_information.len());
    for u in after.unauthorized_information.iter().skip(old_ui) {
        out.push(format!(
            "{}'s withdrawn {} is unauthorised information to {} ({})",
            u.from.seat, u.from.call, u.seat, u.law
        ));
    }
    let old_cards = b.map_or(0, |r| r.penalty_cards.len());
    for p in after.penalty_cards.iter().skip(old_cards) {
        out.push(format!("{}'s {} is a penalty card if {} defends ({})", p.seat, p.card, p.seat, p.law));
    }
    for a in &after.score_adjustment {
        if !adjusted_before.contains(a) {
            out.push(format!("the score may be adjusted after play under {a}"));
        }
    }
    if let Some(c) = &after.score_cap {
        if b.is_none_or(|r| r.score_cap.is_none()) {
            out.push(format!("{}'s side scores at most average minus ({})", c.seat, c.law));
        }
    }
    let then = where_we_are(after);
    if b.map(where_we_are) != Some(then.clone()) {
        out.push(format!("then: {then}"));
    }
    out
}

/// Every option at a decision point, with what it leads to.
fn options(engine: &mut Engine, request: &Request, r: &Ruling) -> String {
    let mut s = String::new();
    let Some(d) = &r.decision else { return s };
    let _ = writeln!(s, "\nThe director explains {}'s options before {} decides (10C1):", d.seat, d.seat);
    for choice in &d.options {
        let action = match choice {
            Choice::Accept => Action::Accept,
            Choice::Reject => Action::Reject,
        };
        let mut events = request.events.clone();
        events.push(Event::new(d.seat, action));
        let after = request.clone().with_events(events.clone());
        let _ = write!(s, "  {}: ", choice_name(choice));
        match engine.rule(&after) {
            Err(e) => {
                let _ = writeln!(s, "the engine cannot rule: {e}");
            }
            Ok(next) => {
                let lines = changes(Some(r), &next);
                let _ = writeln!(s, "{}", if lines.is_empty() { where_we_are(&next) } else { lines.join("; ") });
                // If the player who called last must now call again (to replace
                // a call not accepted), show what each kind of call would lead to.
                let last_caller =
                    request.events.iter().rev().find(|e| matches!(e.action, Action::Call(_))).map(|e| e.seat);
                if next.status == Status::Auction && next.next.is_some() && next.next == last_caller {
                    if let Some(offender) = next.next {
                        for (call, outcome) in replacements_counted(engine, &events, request, offender, &next) {
                            let _ = writeln!(s, "      then {offender} {call}: {outcome}");
                        }
                    }
                }
            }
        }
    }
    s
}

/// The calls an offender could make next, one of each kind, and what the
/// engine rules for each.
pub fn replacements(events: &[Event], request: &Request, seat: Seat, now: &Ruling) -> Vec<(Call, String)> {
    replacements_counted(&mut Engine::default(), events, request, seat, now)
}

fn replacements_counted(
    engine: &mut Engine,
    events: &[Event],
    request: &Request,
    seat: Seat,
    now: &Ruling,
) -> Vec<(Call, String)> {
    let last = now.auction.iter().rev().find_map(|c| c.bid());
    let mut calls: Vec<Call> = Strain::ALL.iter().map(|&s| Call::Bid(Bid::lowest_sufficient(s, last))).collect();
    if let Some(b) = calls.iter().filter_map(|c| c.bid()).max() {
        calls.push(Call::Bid(Bid::new(b.level.saturating_add(1), b.strain)));
    }
    calls.retain(|c| c.bid().is_some_and(|b| b.level <= 7));
    calls.push(Call::Pass);
    calls.push(Call::Double);
    let mut out = Vec::new();
    for call in calls {
        let mut ev = events.to_vec();
        let mut e = Event::new(seat, Action::Call(call));
        // Carry nothing over: the engine rules on the bare call.
        e.findings = Default::default();
        ev.push(e);
        let text = match engine.rule(&request.clone().with_events(ev)) {
            Ok(r) => {
                let lines = changes(Some(now), &r);
                if lines.is_empty() {
                    where_we_are(&r)
                } else {
                    lines.join("; ")
                }
            }
            Err(e) => format!("the engine cannot rule: {e}"),
        };
        out.push((call, text));
    }
    out
}

/// What `rulings explain` found: the text to print, and whether the
/// implementation asked about (the program, or else the reference engine)
/// rules as the case expects.
pub struct Explained {
    pub text: String,
    pub agrees: bool,
}

impl Explained {
    /// The explanation as it is printed: every control character in it
    /// escaped ([`crate::text::printable`]), for its text comes from
    /// outside (the case file, the program's answer and its hello).
    fn from(text: String, agrees: bool) -> Explained {
        Explained { text: crate::text::printable(&text), agrees }
    }
}

/// The explanation of `case` in `edition`: the story as a grid, the
/// engine's ruling step by step, the expectation, the engine's ruling
/// against it, and, given a `program` (its name and the implementation),
/// the program's ruling against both.
pub fn explain_case(
    case: &Case,
    edition: rulings_engine::Edition,
    program: Option<(&str, &mut dyn crate::implementation::Implementation)>,
) -> Explained {
    use crate::corpus::case::ruling_value;
    use crate::implementation::Answer;
    use crate::judging::compare::{diff, differing_keys, to_yaml};

    let mut s = String::new();
    s.push_str(&crate::text::wrap(
        &format!("{} {}  ({} Laws)", case.id, case.title, edition),
        crate::text::WIDTH,
        "",
        "  ",
    ));
    s.push_str(&crate::text::wrap(&format!("file: {}", shown_path(case)), crate::text::WIDTH, "", "  "));
    let _ = writeln!(s, "laws: {}", case.laws.join(", "));
    s.push_str(&crate::text::wrap(&case.source, crate::text::WIDTH, "source: ", "  "));
    let _ = writeln!(s, "dealer {}, vulnerable {}\n", case.dealer, case.vulnerable);
    let _ = writeln!(s, "the story:");
    for line in crate::corpus::grid::grid(case.dealer, &case.events).lines() {
        s.push_str(&fit(&format!("  {line}")));
    }
    let _ = writeln!(s, "\nstep by step, as the reference engine rules:");
    for line in explain(case, edition).lines() {
        s.push_str(&fit(line.trim_end()));
    }

    let expected = case.expect.to_value();
    let spelt = |t: &str| crate::corpus::case::Expectation::in_the_case_s_spelling(t, case.british);
    let _ = writeln!(s, "\nexpected (the case's `expect`; only these keys are compared):");
    s.push_str(&indent(&spelt(&to_yaml(&expected))));

    let request = case.request(edition);
    let engine = rulings_engine::rule(&request);
    let engine_value = engine.as_ref().ok().map(ruling_value);
    let _ = writeln!(s, "\nthe reference engine:");
    let engine_agrees = match &engine_value {
        Some(v) => match diff(&expected, v) {
            None => {
                let _ = writeln!(s, "  rules as expected");
                true
            }
            Some(d) => {
                s.push_str(&indent(&spelt(&d)));
                false
            }
        },
        None => {
            let _ = writeln!(s, "  cannot rule: {}", engine.as_ref().err().map(|e| e.to_string()).unwrap_or_default());
            false
        }
    };

    let Some((name, implementation)) = program else {
        if let Ok(r) = &engine {
            let _ = writeln!(s, "\nits whole ruling:");
            s.push_str(&indent(&to_yaml(&ruling_value(r))));
        }
        return Explained::from(s, engine_agrees);
    };
    let _ = writeln!(s, "\n{name}:");
    let variant = crate::judging::outcome::Variant { edition, rotation: 0 };
    if let crate::judging::run::Plan::Refusal(first) = crate::judging::run::plan(case, variant, implementation) {
        use crate::judging::refusal;
        let _ = writeln!(
            s,
            "  declares `refusal`: it must refuse event {} ({} {}: {})",
            first.event, first.seat, first.call, first.why
        );
        let answer = implementation.rule(&refusal::request(case, edition));
        if let Answer::Refused { event, reason } = &answer {
            s.push_str(&fit(&format!("  it refused event {event}: {reason}")));
        }
        let outcome = refusal::judge(case, variant, &first, answer);
        let agrees = outcome == crate::judging::outcome::Outcome::Passed;
        if !agrees {
            s.push_str(&indent(&outcome.to_string()));
        }
        return Explained::from(s, agrees);
    }
    let agrees = match implementation.rule(&request) {
        Answer::Ruling(r) => {
            let actual = ruling_value(&r);
            let verdict = match diff(&expected, &actual) {
                None => {
                    let _ = writeln!(s, "  rules as expected");
                    true
                }
                Some(d) => {
                    let _ = writeln!(s, "  against the expectation:");
                    s.push_str(&indent(&indent(&spelt(&d))));
                    false
                }
            };
            if let Some(ev) = &engine_value {
                let keys = differing_keys(ev, &actual);
                if keys.is_empty() {
                    let _ = writeln!(s, "  against the reference engine: the same ruling");
                } else {
                    let _ = writeln!(s, "  against the reference engine: differs in {}", keys.join(", "));
                }
            }
            let _ = writeln!(s, "  its whole ruling:");
            s.push_str(&indent(&indent(&to_yaml(&actual))));
            verdict
        }
        Answer::Skipped { reason, issue } => {
            let _ = writeln!(s, "  skipped: {reason}{}", issue.map(|i| format!(" ({i})")).unwrap_or_default());
            false
        }
        Answer::Error(m) => {
            let _ = writeln!(s, "  answered an error: {m}");
            false
        }
        Answer::Refused { event, reason } => {
            let _ = writeln!(s, "  refused the call at event {event}: {reason}");
            false
        }
        Answer::NotRun(why) => {
            let _ = writeln!(s, "  not asked: {why}");
            false
        }
        Answer::Fault { kind, detail } => {
            let _ = writeln!(s, "  {}:", kind.name());
            s.push_str(&indent(&indent(&detail)));
            false
        }
    };
    Explained::from(s, agrees)
}

/// One line, wrapped to the terminal's 80 columns, the rest of it indented
/// two more than its start.
/// The case's file as a reader finds it: relative to the current folder
/// when it is under it (`cases/law27/x.yaml`), else its name in the corpus
/// (`law27/x.yaml`), never a long absolute path or `runner/../cases`.
fn shown_path(case: &Case) -> String {
    let here = std::env::current_dir().and_then(|d| d.canonicalize());
    let file = case.path.canonicalize();
    if let (Ok(here), Ok(file)) = (here, file) {
        if let Ok(rel) = file.strip_prefix(&here) {
            return rel.display().to_string();
        }
    }
    if case.path.starts_with(crate::corpus::embedded::LABEL) {
        return format!("{} (in the corpus built into rulings)", case.name);
    }
    format!("{} (in the corpus folder)", case.name)
}

fn fit(line: &str) -> String {
    if line.chars().count() <= crate::text::WIDTH {
        return format!("{line}\n");
    }
    let lead: String = line.chars().take_while(|c| *c == ' ').collect();
    crate::text::wrap(line.trim_start(), crate::text::WIDTH, &lead, &format!("{lead}  "))
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rulings_engine::Edition;

    /// The engine is handed each event of the story a bounded number of
    /// times, not once for every later event: 300 passes by East and South
    /// in turn from North's deal (each of East's out of rotation, each of
    /// South's ruling on it) were 45,150 events handed over when every
    /// prefix was ruled afresh, and the engine's work on each grows with
    /// the story, so a thousand took seconds.
    #[test]
    fn a_long_story_is_ruled_in_one_pass() {
        let mut case = Case::for_tests(&["30A"], vec![Edition::E2017]);
        let n = 300;
        case.events =
            (0..n).map(|i| Event::new(if i % 2 == 0 { Seat::E } else { Seat::S }, Action::Call(Call::Pass))).collect();
        let mut engine = Engine::default();
        let text = explain_counted(&case, Edition::E2017, &mut engine);
        assert!(text.contains("300. S P"), "every event is shown: {text}");
        assert!(engine.events <= 4 * n, "{} events handed to the engine for a story of {n}", engine.events);
        // The same account as ruling each prefix afresh gives.
        let request = case.request(Edition::E2017);
        let mut before = Some(empty_table(&mut Engine::default(), &request));
        let mut expected = Vec::new();
        for i in [0, 1, 2, 3, n - 1] {
            let prefix = request.clone().with_events(request.events[..=i].to_vec());
            if i > 3 {
                let earlier = request.clone().with_events(request.events[..i].to_vec());
                before = rulings_engine::rule(&earlier).ok();
            }
            let now = rulings_engine::rule(&prefix).expect("a ruling");
            expected.push(changes(before.as_ref(), &now));
            before = Some(now);
        }
        for lines in expected {
            for line in lines {
                assert!(text.contains(&format!("       {line}\n")), "{line} in {text}");
            }
        }
    }
}
