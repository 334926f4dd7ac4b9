//! A program with one planted bug, to prove what `rulings fuzz` finds
//! (runner/tests/integration/fuzz.rs, docs/implementers.md). It speaks the
//! protocol by asking the reference engine in process, then bends one
//! family of its answers. An example, never installed; not for users.
//!
//! Arguments, each `key=value`:
//! - `bug=NAME`, one of [`BUGS`] (none: it bends nothing);
//! - `features=a,b` to declare (empty for none; default: every feature);
//! - `name=NAME` for the hello;
//! - `refusal=MODE`, one of [`REFUSALS`]: it also declares `refusal` and
//!   refuses the first irregular call of a family it does not declare, as
//!   that mode says (with a planted bug or without).
//!
//! The bending and the refusing are also used in process by the tests
//! ([`bend`], [`refuse`]).

use std::io::{self, BufRead, Write};

use rulings_engine::protocol::{engine_hello, FromImplementation, Hello, ToImplementation};
use rulings_engine::refusal::{first_irregular_call, IrregularCall};
use rulings_engine::ruling::{Ruling, Scope};
use rulings_engine::Request;
use serde_json::json;

/// Each bug: its name (the clauses it bends) and what it does.
pub const BUGS: &[(&str, &str)] = &[
    ("27B1(a)", "a 27B1(a) replacement cited as 27B1(b)"),
    ("27B1(b)", "a 27B1(b) replacement cited as 27B1(a)"),
    ("27B2", "a 27B2 bar that lasts one turn"),
    ("27B3", "an attempted double or redouble (27B3) cited as 27B2"),
    ("27B4", "a second insufficient bid (27B4) cited as 27B2"),
    ("27C", "LHO's option on a premature replacement (27C) cited as 27A1"),
    ("25A", "the ruling entry of a 25A replacement dropped"),
    ("25B", "the ruling entry of a 25B change dropped"),
    ("29-32", "a one-turn pass (29-32) that lasts the rest of the auction"),
    ("26", "every lead restriction (26A, 26B) dropped"),
    ("16C", "every entry of unauthorised information (16C) dropped"),
    ("36-39", "the ruling entry of an inadmissible call (36-39) dropped"),
    ("24", "every penalty card of a card shown during the auction (24) dropped"),
    ("15A-17D", "the ruling entry of a call made holding cards from a wrong board (15A1, 17D1) dropped"),
    ("21B", "the adjustment clauses of misinformation (21B2, 21B3) dropped"),
    ("declarer", "the declarer taken as the partner of the right one"),
    ("doubling", "a doubled or redoubled contract given undoubled"),
    ("regulation", "the regulation options of a request ignored (ruled at their defaults)"),
];

/// Each way of refusing: its name and what it does.
pub const REFUSALS: &[(&str, &str)] = &[
    ("right", "refuses the first irregular call of a family it does not declare"),
    ("stand", "as right, but lets an insufficient bid stand (rules on it)"),
    ("wrong", "as right, but refuses the event before it (after it, at event 0)"),
    ("error", "as right, but answers an error instead of refusing"),
    ("skip", "as right, but answers skipped instead of refusing (it rules on the rest)"),
];

/// The event a program refusing as `mode` refuses in `request`, and why;
/// None when it rules on the story.
pub fn refuse(mode: &str, hello: &Hello, request: &Request) -> Option<(usize, String)> {
    let first = first_irregular_call(request)?;
    // The family of law that rectifies the call (docs/protocol.md,
    // "Features"): the program refuses the call when it does not declare it.
    if hello.features.iter().any(|f| f == rulings::judging::refusal::family(first.why)) {
        return None;
    }
    let reason = format!("{} {}: {}", first.seat, first.call, first.why);
    match mode {
        "right" | "error" | "skip" => Some((first.event, reason)),
        "stand" if first.why == IrregularCall::Insufficient => None,
        "stand" => Some((first.event, reason)),
        "wrong" if first.event == 0 => Some((1, reason)),
        "wrong" => Some((first.event - 1, reason)),
        _ => None,
    }
}

fn law(clause: &str) -> u32 {
    rulings_engine::clauses::law_number(clause).unwrap_or(0)
}

/// The request as the program with the bug `bug` reads it.
pub fn heard(bug: &str, request: &Request) -> Request {
    match bug {
        "regulation" => request.clone().with_regulations(None),
        _ => request.clone(),
    }
}

/// Bend `r` as the bug `bug` does.
pub fn bend(bug: &str, r: &mut Ruling) {
    let cite = |r: &mut Ruling, from: &str, to: &str| {
        for x in &mut r.rulings {
            if x.law == from {
                x.law = to.to_string();
            }
        }
    };
    match bug {
        "27B1(a)" => cite(r, "27B1(a)", "27B1(b)"),
        "27B1(b)" => cite(r, "27B1(b)", "27B1(a)"),
        "27B2" => {
            for m in r.must_pass.iter_mut().filter(|m| m.law == "27B2") {
                m.scope = Scope::NextTurn;
            }
        }
        "27B3" => cite(r, "27B3", "27B2"),
        "27B4" => cite(r, "27B4", "27B2"),
        "27C" => {
            if let Some(d) = r.decision.as_mut().filter(|d| d.law == "27C") {
                d.law = "27A1".into();
            }
        }
        "25A" => r.rulings.retain(|x| !x.law.starts_with("25A")),
        "25B" => r.rulings.retain(|x| !x.law.starts_with("25B")),
        "29-32" => {
            for m in r.must_pass.iter_mut().filter(|m| (29..=32).contains(&law(&m.law))) {
                m.scope = Scope::RestOfAuction;
            }
        }
        "26" => r.lead_restrictions.clear(),
        "16C" => r.unauthorized_information.clear(),
        "36-39" => r.rulings.retain(|x| !(36..=39).contains(&law(&x.law))),
        "24" => r.penalty_cards.clear(),
        "15A-17D" => r.rulings.retain(|x| x.law != "15A1" && x.law != "17D1"),
        "21B" => r.score_adjustment.retain(|c| c != "21B2" && c != "21B3"),
        "declarer" => {
            if let Some(c) = r.contract.as_mut() {
                c.declarer = c.declarer.partner();
            }
        }
        "doubling" => {
            if let Some(c) = r.contract.as_mut() {
                c.doubled = None;
            }
        }
        _ => {}
    }
}

#[allow(dead_code)] // the tests include this file for [`bend`] only
fn main() {
    let args: Vec<(String, String)> = std::env::args()
        .skip(1)
        .filter_map(|a| a.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
        .collect();
    let arg = |key: &str| args.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
    let bug = arg("bug").unwrap_or_default();
    if !bug.is_empty() && !BUGS.iter().any(|(b, _)| *b == bug) {
        let names: Vec<&str> = BUGS.iter().map(|(b, _)| *b).collect();
        eprintln!("planted_bug: unknown bug `{bug}`; one of {}", names.join(", "));
        std::process::exit(2);
    }
    let mut hello = engine_hello();
    hello.name = arg("name").unwrap_or_else(|| format!("planted-bug {bug}"));
    if let Some(f) = arg("features") {
        hello.features = f.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect();
    }
    let refusal = arg("refusal").unwrap_or_default();
    if !refusal.is_empty() {
        if !REFUSALS.iter().any(|(m, _)| *m == refusal) {
            let names: Vec<&str> = REFUSALS.iter().map(|(m, _)| *m).collect();
            eprintln!("planted_bug: unknown refusal `{refusal}`; one of {}", names.join(", "));
            std::process::exit(2);
        }
        hello.features.push(rulings_engine::protocol::REFUSAL.to_string());
    }
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        let answer = match serde_json::from_str::<ToImplementation>(&line) {
            Ok(ToImplementation::Hello { .. }) => serde_json::to_value(FromImplementation::Hello(hello.clone())),
            Ok(ToImplementation::Rule { seq, request }) => match refuse(&refusal, &hello, &request) {
                Some((_, reason)) if refusal == "error" => Ok(json!({"type": "error", "seq": seq, "message": reason})),
                Some((_, reason)) if refusal == "skip" => Ok(json!({"type": "skipped", "seq": seq, "reason": reason})),
                Some((event, reason)) => Ok(json!({"type": "refused", "seq": seq, "event": event, "reason": reason})),
                None => ruled(&bug, seq, &request),
            },
            Ok(ToImplementation::Bye) => return,
            // A message of a later protocol: answered as one this program cannot read.
            Ok(_) => Ok(json!({"type": "error", "seq": null, "message": "a message this program does not know"})),
            Err(e) => Ok(json!({"type": "error", "seq": null, "message": e.to_string()})),
        };
        let text = answer.map(|v| v.to_string()).unwrap_or_default();
        if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
            return;
        }
    }
}

/// The reference's ruling on `request`, bent as `bug` says.
#[allow(dead_code)] // the tests include this file for [`bend`] only
fn ruled(bug: &str, seq: serde_json::Value, request: &Request) -> serde_json::Result<serde_json::Value> {
    match rulings_engine::rule(&heard(bug, request)) {
        Ok(mut r) => {
            bend(bug, &mut r);
            serde_json::to_value(FromImplementation::ruling(seq, r))
        }
        Err(e) => serde_json::to_value(FromImplementation::error(seq, e.to_string())),
    }
}
