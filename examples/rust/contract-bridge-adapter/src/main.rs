//! The public crate contract-bridge (https://crates.io/crates/contract-bridge,
//! version pinned in Cargo.toml and Cargo.lock) behind the Rulings
//! protocol, to check it.
//!
//! contract-bridge models calls and an auction: it parses a call
//! (`Call::from_str`), adds it with `Auction::try_push`, which refuses what
//! the Laws forbid (an insufficient bid, Law 27; an inadmissible double or
//! redouble, Law 36; a call after the final pass, Law 39), tells the end of
//! the auction (`has_ended`) and finds the declaring bid (`declarer`). That
//! is what this adapter asks of it. The crate's auction has no seats (each
//! call is the next player's), so a call out of rotation cannot be told to
//! it and is refused here for it; the contract is the last bid, doubled or
//! redoubled by the last call other than a pass after it, read here from
//! the calls the crate accepted.
//!
//! It declares the legal auction (the 2017 Laws) and `refusal`
//! (docs/protocol.md): asked a story holding an irregular call, it answers
//! `refused` at the first event contract-bridge does not take, with the
//! crate's own reason. The director's findings beside an event are not the
//! table's calls: it ignores them.
//!
//!     cargo build --release --manifest-path examples/rust/contract-bridge-adapter/Cargo.toml
//!     rulings run --impl examples/rust/contract-bridge-adapter/target/release/contract-bridge-adapter --rotations

use std::io::{self, BufRead, Write};
use std::str::FromStr;

use contract_bridge::auction::{Auction, Call};
use contract_bridge::Strain;
use serde_json::{json, Map, Value};

const SEATS: [&str; 4] = ["N", "E", "S", "W"];
/// The crate's version, as Cargo.toml pins it.
const VERSION: &str = "0.1.4";

/// Why a story gets no ruling.
enum NoRuling {
    /// The event at this index was not taken, for this reason.
    Refused(usize, String),
    /// Outside what the adapter declares.
    Skipped(String),
    /// The request cannot be read.
    Error(String),
}

fn strain(s: Strain) -> &'static str {
    match s {
        Strain::Clubs => "C",
        Strain::Diamonds => "D",
        Strain::Hearts => "H",
        Strain::Spades => "S",
        Strain::Notrump => "NT",
    }
}

/// A call as the protocol writes it (the crate prints suit glyphs).
fn canonical(call: Call) -> String {
    match call {
        Call::Pass => "P".into(),
        Call::Double => "X".into(),
        Call::Redouble => "XX".into(),
        Call::Bid(b) => format!("{}{}", b.level, strain(b.strain)),
    }
}

fn rule(request: &Map<String, Value>) -> Result<Value, NoRuling> {
    if request.get("edition").and_then(Value::as_str).unwrap_or("2017") != "2017" {
        return Err(NoRuling::Skipped("only the 2017 Laws are declared".into()));
    }
    let dealer = request.get("dealer").and_then(Value::as_str).unwrap_or("");
    let dealer = SEATS.iter().position(|s| *s == dealer).ok_or(NoRuling::Error(format!("dealer `{dealer}`")))?;
    let events = request.get("events").and_then(Value::as_array).ok_or(NoRuling::Error("no events".into()))?;
    let mut auction = Auction::new();
    for (index, event) in events.iter().enumerate() {
        let (seat, text) = event
            .as_object()
            .and_then(|e| e.iter().find(|(k, _)| SEATS.contains(&k.as_str())))
            .and_then(|(k, v)| Some((k.as_str(), v.as_str()?)))
            .ok_or(NoRuling::Error(format!("event {index} has no seat")))?;
        let call = Call::from_str(text)
            .map_err(|e| NoRuling::Refused(index, format!("{seat} {text}: contract-bridge does not read it ({e})")))?;
        let turn = SEATS[(dealer + auction.len()) % 4];
        if seat != turn && !auction.has_ended() {
            return Err(NoRuling::Refused(
                index,
                format!(
                    "{seat} {text}: an auction has no seats in contract-bridge, so a call out of rotation \
                     cannot be told to it ({turn} to call)"
                ),
            ));
        }
        auction.try_push(call).map_err(|e| NoRuling::Refused(index, format!("{seat} {text}: contract-bridge: {e}")))?;
    }
    let calls: Vec<Call> = auction.iter().copied().collect();
    let over = auction.has_ended();
    let contract = match (over, auction.declarer()) {
        (true, Some(at)) => {
            let last = calls.iter().rposition(|c| matches!(c, Call::Bid(_))).unwrap_or(at);
            let doubled = match calls[last + 1..].iter().rev().find(|c| **c != Call::Pass) {
                Some(Call::Redouble) => json!("XX"),
                Some(Call::Double) => json!("X"),
                _ => Value::Null,
            };
            json!({"bid": canonical(calls[last]), "doubled": doubled, "declarer": SEATS[(dealer + at) % 4]})
        }
        _ => Value::Null,
    };
    let status = match (over, contract.is_null()) {
        (false, _) => "auction",
        (true, true) => "passed-out",
        (true, false) => "closed",
    };
    let next = if over { Value::Null } else { json!(SEATS[(dealer + calls.len()) % 4]) };
    Ok(json!({
        "status": status, "next": next, "decision": null,
        "auction": calls.iter().map(|c| canonical(*c)).collect::<Vec<_>>(),
        "rulings": [], "must_pass": [], "lead_restrictions": [], "penalty_cards": [],
        "unauthorized_information": [], "score_adjustment": [], "contract": contract, "score_cap": null,
    }))
}

fn answer(message: &Map<String, Value>) -> Option<Value> {
    match message.get("type").and_then(Value::as_str) {
        Some("hello") => Some(json!({"type": "hello", "protocol": 1, "name": "contract-bridge",
            "version": VERSION, "editions": ["2017"], "features": ["refusal"]})),
        Some("rule") => {
            let seq = message.get("seq").cloned().unwrap_or(Value::Null);
            Some(match rule(message) {
                Ok(ruling) => json!({"type": "ruling", "seq": seq, "ruling": ruling}),
                Err(NoRuling::Refused(event, reason)) => {
                    json!({"type": "refused", "seq": seq, "event": event, "reason": reason})
                }
                Err(NoRuling::Skipped(reason)) => json!({"type": "skipped", "seq": seq, "reason": reason}),
                Err(NoRuling::Error(message)) => json!({"type": "error", "seq": seq, "message": message}),
            })
        }
        _ => None,
    }
}

fn main() {
    let stdout = io::stdout();
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { return };
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<Value>(&line) {
            Ok(Value::Object(m)) if m.get("type").and_then(Value::as_str) == Some("bye") => return,
            Ok(Value::Object(m)) => answer(&m),
            _ => Some(json!({"type": "error", "seq": null, "message": "not a message"})),
        };
        if let Some(reply) = reply {
            let mut out = stdout.lock();
            if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
                return;
            }
        }
    }
}
