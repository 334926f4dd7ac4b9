//! `rulings explain CASE`: the reference engine's ruling, step by step, and
//! at a decision point every option with what it leads to.
//!
//! The runner knows no bridge law: it replays the story one event at a
//! time and reports what each event changed, and it finds the consequences
//! of each option by asking the engine (the same story, plus that choice,
//! plus each replacement the offender could then make).

use std::fmt::Write;

use rulings_engine::notation::{Bid, Call, Seat, Strain};
use rulings_engine::request::{Action, Event, Given};
use rulings_engine::ruling::{Choice, Status};
use rulings_engine::{rule, Request, Ruling};

use crate::corpus::case::Case;

/// The reference engine's ruling on one case in one edition, step by step
/// (after the regulation options the case sets, if any), as text.
pub fn explain(case: &Case, edition: rulings_engine::Edition) -> String {
    let mut s = String::new();
    // The regulation options the case sets off their defaults: the ruling
    // below is under them.
    if let Some(r) = case.regulations.as_ref().filter(|r| !r.is_default()) {
        let set = serde_json::to_string(r).unwrap_or_default();
        s.push_str(&crate::text::wrap(&format!("regulations: {set}"), crate::text::WIDTH, "", "  "));
    }
    let _ = writeln!(s);
    let request = case.request(edition);
    let mut before: Option<Ruling> = Some(empty_table(&request));
    for (i, e) in request.events.iter().enumerate() {
        let prefix = Request { events: request.events[..=i].to_vec(), ..request.clone() };
        let _ = write!(s, "{:>3}. {} {:<7}", i + 1, e.seat, e.action.to_string());
        let findings = findings(e);
        if !findings.is_empty() {
            let _ = write!(s, " [{findings}]");
        }
        let _ = writeln!(s);
        match rule(&prefix) {
            Ok(r) => {
                for line in changes(before.as_ref(), &r) {
                    let _ = writeln!(s, "       {line}");
                }
                before = Some(r);
            }
            Err(err) => {
                let _ = writeln!(s, "       the engine cannot rule: {err}");
                return s;
            }
        }
    }
    if let Some(r) = &before {
        let _ = writeln!(s, "\nnow: {}", where_we_are(r));
        if r.status == Status::Decision {
            s.push_str(&options(&request, r));
        }
    }
    s
}

fn empty_table(request: &Request) -> Ruling {
    rule(&Request { events: Vec::new(), ..request.clone() }).unwrap_or_else(|_| Ruling {
        status: Status::Auction,
        next: Some(request.dealer),
        decision: None,
        auction: Vec::new(),
        rulings: Vec::new(),
        must_pass: Vec::new(),
        call_restrictions: Vec::new(),
        lead_restrictions: Vec::new(),
        unauthorized_information: Vec::new(),
        score_adjustment: Vec::new(),
        contract: None,
        score_cap: None,
        penalty_cards: Vec::new(),
    })
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
    for m in after.must_pass.iter() {
        let was = b.and_then(|r| r.must_pass.iter().find(|o| o.seat == m.seat && o.law == m.law && o.scope == m.scope));
        let scope = match m.scope {
            rulings_engine::ruling::Scope::NextTurn => "at his next turn",
            rulings_engine::ruling::Scope::RestOfAuction => "for the rest of the auction",
        };
        match was {
            None => out.push(format!("{} must pass {scope} ({})", m.seat, m.law)),
            Some(o) if o.in_force && !m.in_force => {
                out.push(format!("{}'s obligation under {} is spent", m.seat, m.law))
            }
            _ => {}
        }
    }
    for c in after.call_restrictions.iter() {
        let was = b.and_then(|r| r.call_restrictions.iter().find(|o| o.seat == c.seat && o.law == c.law));
        match was {
            None => {
                let calls: Vec<String> = c.may_not.iter().map(|x| x.to_string()).collect();
                out.push(format!("{} may not call {} at his next turn ({})", c.seat, calls.join(" or "), c.law))
            }
            Some(o) if o.in_force && !c.in_force => {
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
        if !b.is_some_and(|r| r.score_adjustment.contains(a)) {
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
fn options(request: &Request, r: &Ruling) -> String {
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
        let after = Request { events: events.clone(), ..request.clone() };
        let _ = write!(s, "  {}: ", choice_name(choice));
        match rule(&after) {
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
                        for (call, outcome) in replacements(&events, request, offender, &next) {
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
        let text = match rule(&Request { events: ev, ..request.clone() }) {
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
    let _ = writeln!(s, "file: {}", shown_path(case));
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
    let engine = rule(&request);
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
        return Explained { text: s, agrees: engine_agrees };
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
        let outcome = refusal::judge(&first, answer);
        let agrees = outcome == crate::judging::outcome::Outcome::Passed;
        if !agrees {
            s.push_str(&indent(&outcome.to_string()));
        }
        return Explained { text: s, agrees };
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
    Explained { text: s, agrees }
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
