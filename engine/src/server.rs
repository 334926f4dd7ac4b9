//! The protocol server: the reference engine answering JSON Lines on a
//! reader and a writer (DESIGN.md, "The protocol"). The `rulings-engine`
//! binary runs it on stdin/stdout; the runner's `rulings serve` too.
//!
//! One message a line. Every line that is not a blank line gets exactly one
//! answer line, whatever it holds: a line that is not JSON, or not a
//! message, is answered with an `error` (its `seq` if one can be read,
//! else null). `bye` or the end of the input ends the session.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

use serde::Deserialize;
use serde_json::Value;

use crate::notation::{Seat, Vulnerability};
use crate::protocol::{engine_hello, FromImplementation, ToImplementation};
use crate::request::{Edition, Event, Regulations, Request};

/// Serve the protocol until `bye` or the end of `input`. Answers are
/// flushed as soon as no whole request is waiting in the input buffer, so
/// that a runner sending several requests at once gets them in one write.
pub fn serve(input: impl Read, mut output: impl Write) -> io::Result<()> {
    let mut input = BufReader::with_capacity(64 * 1024, input);
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return output.flush();
        }
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        match answer(&text) {
            Some(message) => {
                // A ruling always serializes; fall back to a plain error if it did not.
                let json = serde_json::to_string(&message).unwrap_or_else(|e| {
                    format!(r#"{{"type":"error","seq":null,"message":"cannot write the answer: {e}"}}"#)
                });
                output.write_all(json.as_bytes())?;
                output.write_all(b"\n")?;
                if !input.buffer().contains(&b'\n') {
                    output.flush()?;
                }
            }
            None => return output.flush(),
        }
    }
}

/// A `rule` message read in one pass, strictly: the fast way for the
/// common case (serde's internally tagged and flattened types buffer every
/// value first). Anything it refuses goes the general way in [`answer`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleMessage {
    #[serde(rename = "type")]
    kind: RuleTag,
    seq: Value,
    #[serde(default)]
    edition: Edition,
    dealer: Seat,
    #[serde(default)]
    vulnerable: Vulnerability,
    events: Vec<Event>,
    #[serde(default)]
    regulations: Option<Regulations>,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
enum RuleTag {
    Rule,
}

/// The answer to one line, or None for `bye`.
pub fn answer(line: &str) -> Option<FromImplementation> {
    if let Ok(m) = serde_json::from_str::<RuleMessage>(line) {
        let RuleTag::Rule = m.kind;
        let request = Request {
            edition: m.edition,
            dealer: m.dealer,
            vulnerable: m.vulnerable,
            events: m.events,
            regulations: m.regulations,
        };
        return Some(rule(m.seq, &request));
    }
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return Some(error(Value::Null, format!("the line is not JSON: {e}"))),
    };
    let seq = value.get("seq").cloned().unwrap_or(Value::Null);
    if let Some(key) = unknown_key(&value) {
        return Some(error(
            seq,
            format!("unknown key `{key}` in a `rule` message (protocol 1 has {})", RULE_KEYS.join(", ")),
        ));
    }
    let message: ToImplementation = match serde_json::from_value(value) {
        Ok(m) => m,
        Err(e) => return Some(error(seq, format!("the line is not a message of protocol 1: {e}"))),
    };
    match message {
        ToImplementation::Hello { .. } => Some(FromImplementation::Hello(engine_hello())),
        ToImplementation::Bye => None,
        ToImplementation::Rule { seq, request } => Some(rule(seq, &request)),
    }
}

/// Rule on a request; a panic in the engine is an error answer, not the
/// end of the session.
fn rule(seq: Value, request: &Request) -> FromImplementation {
    match catch_unwind(AssertUnwindSafe(|| crate::rule(request))) {
        Ok(Ok(ruling)) => FromImplementation::Ruling { seq, ruling },
        Ok(Err(e)) => error(seq, e.to_string()),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".to_string());
            error(seq, format!("the engine panicked (a bug in the engine): {what}"))
        }
    }
}

/// The keys of a `rule` message. serde's `flatten` cannot refuse others,
/// so they are checked here: a request never carries `expect`, `id`...
const RULE_KEYS: &[&str] = &["type", "seq", "edition", "dealer", "vulnerable", "events", "regulations"];

fn unknown_key(value: &Value) -> Option<&str> {
    let map = value.as_object()?;
    if map.get("type").and_then(Value::as_str) != Some("rule") {
        return None;
    }
    map.keys().map(String::as_str).find(|k| !RULE_KEYS.contains(k))
}

fn error(seq: Value, message: String) -> FromImplementation {
    FromImplementation::Error { seq, message }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn talk(input: &str) -> Vec<Value> {
        let mut out = Vec::new();
        serve(input.as_bytes(), &mut out).expect("in-memory io");
        String::from_utf8(out).expect("utf-8").lines().map(|l| serde_json::from_str(l).expect("json")).collect()
    }

    #[test]
    fn hello_rule_bye() {
        let answers = talk(concat!(
            r#"{"type":"hello","protocol":1}"#,
            "\n",
            r#"{"type":"rule","seq":17,"edition":"2017","dealer":"N","vulnerable":"none","events":[{"N":"1S"},{"E":"P"}]}"#,
            "\n",
            r#"{"type":"bye"}"#,
            "\n",
            r#"{"type":"hello","protocol":1}"#,
            "\n"
        ));
        assert_eq!(answers.len(), 2, "nothing is answered after bye: {answers:?}");
        assert_eq!(answers[0]["type"], "hello");
        assert_eq!(answers[0]["protocol"], 1);
        assert_eq!(answers[0]["name"], crate::NAME);
        assert_eq!(answers[1]["type"], "ruling");
        assert_eq!(answers[1]["seq"], 17);
        assert_eq!(answers[1]["ruling"]["next"], "S");
        assert_eq!(answers[1]["ruling"]["auction"], json!(["1S", "P"]));
    }

    #[test]
    fn every_bad_line_gets_an_error_with_the_seq_if_readable() {
        let answers = talk(concat!(
            "this is not json\n",
            "\n",
            r#"{"type":"rule","seq":"a-1","dealer":"Q","events":[]}"#,
            "\n",
            r#"{"type":"dance","seq":5}"#,
            "\n",
            r#"[1,2,3]"#,
            "\n",
            r#"{"type":"rule","seq":6,"dealer":"N","events":[{"N":"1S"}],"expect":{}}"#,
            "\n",
            "\u{feff}\u{0}\n",
        ));
        assert_eq!(answers.len(), 6, "{answers:?}");
        for a in &answers {
            assert_eq!(a["type"], "error", "{a}");
            assert!(a["message"].as_str().is_some_and(|m| !m.is_empty()), "{a}");
        }
        assert_eq!(answers[0]["seq"], Value::Null);
        assert_eq!(answers[1]["seq"], "a-1");
        assert_eq!(answers[2]["seq"], 5);
        assert_eq!(answers[3]["seq"], Value::Null);
        assert_eq!(answers[4]["seq"], 6, "a request carrying an expectation is refused");
    }

    #[test]
    fn the_fast_way_and_the_general_way_read_a_rule_alike() {
        let line = r#"{"type":"rule","seq":[1,"a"],"edition":"2017","dealer":"E","vulnerable":"both","events":[{"E":"1S"},{"S":"P","unintended":true}],"regulations":{"similar_suit_cards":2,"similar_hcp_below":1,"similar_hcp_above":4}}"#;
        let fast: RuleMessage = serde_json::from_str(line).expect("the fast way reads it");
        let general: ToImplementation = serde_json::from_str(line).expect("the general way reads it");
        let ToImplementation::Rule { seq, request } = general else { panic!("a rule") };
        assert_eq!(fast.seq, seq);
        assert_eq!(fast.events, request.events);
        assert_eq!((fast.edition, fast.dealer, fast.vulnerable), (request.edition, request.dealer, request.vulnerable));
        assert_eq!(fast.regulations, request.regulations);
        // Defaults: edition 2017, vulnerability none.
        let short = r#"{"type":"rule","seq":1,"dealer":"N","events":[{"N":"1S"}]}"#;
        assert!(serde_json::from_str::<RuleMessage>(short).is_ok());
    }

    #[test]
    fn an_impossible_story_is_an_error_answer() {
        let answers = talk(concat!(r#"{"type":"rule","seq":1,"dealer":"N","events":[{"N":"accept"}]}"#, "\n"));
        assert_eq!(answers[0]["type"], "error");
        assert_eq!(answers[0]["seq"], 1);
    }

    #[test]
    fn the_end_of_input_ends_the_session_without_a_newline_too() {
        let answers = talk(r#"{"type":"hello","protocol":1}"#);
        assert_eq!(answers.len(), 1);
        assert_eq!(answers[0]["type"], "hello");
    }
}
