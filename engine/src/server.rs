//! The protocol server: the reference engine answering JSON Lines on a
//! reader and a writer (docs/protocol.md). The `rulings-engine`
//! binary runs it on stdin/stdout; the runner's `rulings serve` too.
//!
//! One message a line. Every line that is not a blank line gets exactly one
//! answer line, whatever it holds: a line that is not JSON, or not a
//! message, is answered with an `error` (its `seq` if one can be read,
//! else null). `bye` or the end of the input ends the session.
//!
//! What the server holds to, against a careless or hostile client:
//! - a session starts with a `hello` of protocol 1; a `rule` before it is
//!   refused, except as the first and only line of a session (the
//!   runner's `--per-case` mode sends one `rule` and closes stdin);
//! - a hello of another protocol version is refused, and the session stays
//!   ungreeted;
//! - a line longer than [`MAX_LINE`] is refused without being kept;
//! - `seq` is echoed exactly, or refused when it holds a number that is not
//!   a 64-bit integer (such a number could not be echoed digit for digit);
//! - a story longer than [`MAX_EVENTS`](crate::MAX_EVENTS) is refused;
//! - a message with a key written twice in one object (two `seq`s, say)
//!   is refused: which of the two counts is not the client's to guess.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

use serde::Deserialize;
use serde_json::Value;

use crate::notation::{Seat, Vulnerability};
use crate::protocol::{engine_hello, rule_keys, FromImplementation, ToImplementation, PROTOCOL};
use crate::request::{Edition, Event, Regulations, Request};

/// The longest line read: a request at the event limit is a few tens of
/// kilobytes.
pub const MAX_LINE: usize = 1 << 20;

/// Serve the protocol until `bye` or the end of `input`. Answers are
/// flushed as soon as no whole request is waiting in the input buffer, so
/// that a runner sending several requests at once gets them in one write.
pub fn serve(input: impl Read, mut output: impl Write) -> io::Result<()> {
    let mut input = BufReader::with_capacity(64 * 1024, input);
    let mut line = Vec::new();
    let mut session = Session::new();
    loop {
        line.clear();
        let answer = match read_line(&mut input, &mut line)? {
            Line::End => return output.flush(),
            Line::TooLong(n) => Some(error(
                Value::Null,
                format!("a line of {n} bytes or more: the longest line read is {} bytes", MAX_LINE),
            )),
            Line::Whole => {
                let text = String::from_utf8_lossy(&line);
                if text.trim().is_empty() {
                    continue;
                }
                session.answer(&text)
            }
        };
        match answer {
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
/// value first). Anything it refuses goes the general way in [`Session::answer`].
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

/// How a line was read.
enum Line {
    /// A whole line (its newline, if any, included) is in the buffer.
    Whole,
    /// The line was longer than [`MAX_LINE`]: this many bytes were read and
    /// dropped, up to and including its newline.
    TooLong(usize),
    /// The end of the input.
    End,
}

/// Read one line into `line`, keeping at most [`MAX_LINE`] bytes of it.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Line> {
    let n = input.by_ref().take(MAX_LINE as u64 + 1).read_until(b'\n', line)?;
    if n == 0 {
        return Ok(Line::End);
    }
    if line.len() <= MAX_LINE || line.last() == Some(&b'\n') {
        return Ok(Line::Whole);
    }
    // Too long: drop the rest of the line without keeping it.
    let mut dropped = line.len();
    line.clear();
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                dropped += i + 1;
                break;
            }
            None => {
                let k = buf.len();
                input.consume(k);
                dropped += k;
            }
        }
    }
    Ok(Line::TooLong(dropped))
}

/// Where a session stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Nothing read yet.
    Start,
    /// A hello of protocol 1 was answered: any number of requests follow.
    Greeted,
    /// A first line that was not a hello of protocol 1: no requests (a
    /// `rule` as the very first line is answered, as in per-case mode, and
    /// is the session's only one).
    Ungreeted,
}

/// One protocol session: what has been said so far decides what is
/// answered next.
#[derive(Debug)]
pub struct Session {
    stage: Stage,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session that has not yet been greeted: it waits for a hello, or a single `rule`.
    pub fn new() -> Session {
        Session { stage: Stage::Start }
    }

    /// The answer to one line, or None for `bye`.
    pub fn answer(&mut self, line: &str) -> Option<FromImplementation> {
        let first = self.stage == Stage::Start;
        if self.stage == Stage::Start {
            self.stage = Stage::Ungreeted;
        }
        if let Ok(m) = serde_json::from_str::<RuleMessage>(line) {
            let RuleTag::Rule = m.kind;
            let request = Request {
                edition: m.edition,
                dealer: m.dealer,
                vulnerable: m.vulnerable,
                events: m.events,
                regulations: m.regulations,
            };
            return Some(self.rule(first, m.seq, &request));
        }
        let value: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => return Some(error(Value::Null, format!("the line is not JSON: {e}"))),
        };
        // A JSON object with a key twice reads as its last: refused, not
        // guessed at (the fast way above refuses it as a duplicate field).
        if let Ok(Twice(Some(key))) = serde_json::from_str::<Twice>(line) {
            let seq = if key == "seq" { Value::Null } else { value.get("seq").cloned().unwrap_or(Value::Null) };
            return Some(error(
                seq,
                format!("the key `{key}` is written twice in one object of the message; write each key once"),
            ));
        }
        let seq = value.get("seq").cloned().unwrap_or(Value::Null);
        if let Some(key) = unknown_key(&value) {
            return Some(error(
                seq,
                format!("unknown key `{key}` in a `rule` message (protocol 1 has {})", rule_keys().join(", ")),
            ));
        }
        let message: ToImplementation = match serde_json::from_value(value) {
            Ok(m) => m,
            Err(e) => return Some(error(seq, format!("the line is not a message of protocol 1: {e}"))),
        };
        match message {
            ToImplementation::Hello { protocol } if protocol == PROTOCOL => {
                self.stage = Stage::Greeted;
                Some(FromImplementation::Hello(engine_hello()))
            }
            ToImplementation::Hello { protocol } => Some(error(
                Value::Null,
                format!("this engine speaks protocol {PROTOCOL}, not {protocol}; send a hello of protocol {PROTOCOL}"),
            )),
            ToImplementation::Bye => None,
            ToImplementation::Rule { seq, request } => Some(self.rule(first, seq, &request)),
        }
    }

    /// A `rule`: answered after a hello, or as the first line of a session.
    fn rule(&self, first: bool, seq: Value, request: &Request) -> FromImplementation {
        if let Some(why) = inexact(&seq) {
            return error(Value::Null, format!("`seq` cannot be echoed exactly: {why}"));
        }
        if self.stage != Stage::Greeted && !first {
            return error(
                seq,
                format!(
                    "a `rule` before the hello: a session starts with {{\"type\":\"hello\",\"protocol\":{PROTOCOL}}} \
                     (only a session of one request, as in per-case mode, may start with its `rule`)"
                ),
            );
        }
        rule(seq, request)
    }
}

/// Why `seq` could not be echoed digit for digit, if it could not: it holds
/// a number that is not a 64-bit integer (read as a float, a big integer
/// would come back rounded).
fn inexact(seq: &Value) -> Option<String> {
    match seq {
        Value::Number(n) if !(n.is_i64() || n.is_u64()) => {
            Some(format!("{n} is not a 64-bit integer (send an integer, a string, or another JSON value)"))
        }
        Value::Array(items) => items.iter().find_map(inexact),
        Value::Object(map) => map.values().find_map(inexact),
        _ => None,
    }
}

/// Rule on a request; a panic in the engine is an error answer, not the
/// end of the session.
fn rule(seq: Value, request: &Request) -> FromImplementation {
    match catch_unwind(AssertUnwindSafe(|| crate::rule(request))) {
        Ok(Ok(ruling)) => FromImplementation::ruling(seq, ruling),
        Ok(Err(e)) => error(seq, e.to_string()),
        Err(panic) => error(seq, crate::error::panic_message(&*panic)),
    }
}

/// A key a `rule` message may not hold. serde's `flatten` cannot refuse
/// others, so they are checked here against the keys of the message's
/// types ([`rule_keys`]): a request never carries `expect`, `id`...
fn unknown_key(value: &Value) -> Option<&str> {
    let map = value.as_object()?;
    if map.get("type").and_then(Value::as_str) != Some("rule") {
        return None;
    }
    let allowed = rule_keys();
    map.keys().map(String::as_str).find(|k| !allowed.contains(k))
}

/// The first key found written twice in one object of a JSON text, at any
/// depth (None: every object's keys differ).
struct Twice(Option<String>);

impl<'de> Deserialize<'de> for Twice {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Twice, D::Error> {
        d.deserialize_any(TwiceVisitor)
    }
}

struct TwiceVisitor;

impl<'de> serde::de::Visitor<'de> for TwiceVisitor {
    type Value = Twice;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Twice, E> {
        Ok(Twice(None))
    }
    fn visit_i64<E>(self, _: i64) -> Result<Twice, E> {
        Ok(Twice(None))
    }
    fn visit_u64<E>(self, _: u64) -> Result<Twice, E> {
        Ok(Twice(None))
    }
    fn visit_f64<E>(self, _: f64) -> Result<Twice, E> {
        Ok(Twice(None))
    }
    fn visit_str<E>(self, _: &str) -> Result<Twice, E> {
        Ok(Twice(None))
    }
    fn visit_unit<E>(self) -> Result<Twice, E> {
        Ok(Twice(None))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut items: A) -> Result<Twice, A::Error> {
        let mut found = None;
        while let Some(Twice(inner)) = items.next_element::<Twice>()? {
            found = found.or(inner);
        }
        Ok(Twice(found))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Twice, A::Error> {
        let mut keys = std::collections::HashSet::new();
        let mut found = None;
        while let Some(key) = map.next_key::<String>()? {
            let Twice(inner) = map.next_value::<Twice>()?;
            if found.is_none() && !keys.insert(key.clone()) {
                found = Some(key);
            }
            found = found.or(inner);
        }
        Ok(Twice(found))
    }
}

fn error(seq: Value, message: String) -> FromImplementation {
    FromImplementation::error(seq, message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn talk_raw(input: &[u8]) -> Vec<Value> {
        let mut out = Vec::new();
        serve(input, &mut out).expect("in-memory io");
        String::from_utf8(out).expect("utf-8").lines().map(|l| serde_json::from_str(l).expect("json")).collect()
    }

    const HELLO: &str = "{\"type\":\"hello\",\"protocol\":1}\n";

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

    /// A key twice in a message is refused: serde_json's `Value` keeps the
    /// last, so two `seq`s were answered with the second, two `dealer`s
    /// ruled for the second.
    #[test]
    fn a_key_written_twice_is_refused() {
        let answers = talk(concat!(
            "{\"type\":\"hello\",\"protocol\":1}\n",
            r#"{"type":"rule","seq":1,"seq":2,"dealer":"N","events":[{"N":"1S"}]}"#,
            "\n",
            r#"{"type":"rule","seq":3,"dealer":"N","dealer":"E","events":[{"N":"1S"}]}"#,
            "\n",
            r#"{"type":"rule","seq":4,"dealer":"N","events":[{"N":"1S"}],"regulations":{"a":1,"a":2}}"#,
            "\n",
            r#"{"type":"rule","seq":5,"dealer":"N","events":[{"N":"1S"}]}"#,
            "\n",
        ));
        assert_eq!(answers.len(), 5, "{answers:?}");
        assert_eq!(answers[1]["type"], "error", "{answers:?}");
        assert_eq!(answers[1]["seq"], Value::Null, "which seq counts is not guessed");
        assert!(answers[1]["message"].as_str().unwrap_or("").contains("`seq` is written twice"), "{answers:?}");
        assert_eq!(answers[2]["type"], "error", "{answers:?}");
        assert_eq!(answers[2]["seq"], 3);
        assert!(answers[2]["message"].as_str().unwrap_or("").contains("`dealer` is written twice"), "{answers:?}");
        assert_eq!(answers[3]["type"], "error", "{answers:?}");
        assert!(answers[3]["message"].as_str().unwrap_or("").contains("`a` is written twice"), "{answers:?}");
        assert_eq!(answers[4]["type"], "ruling", "a request with each key once is ruled on: {answers:?}");
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
        // The refusal names the key that is not the protocol's, and a
        // message with the protocol's keys only is refused for its values.
        let message = |k: usize| answers[k]["message"].as_str().unwrap_or_default().to_string();
        assert!(message(4).contains("unknown key `expect`"), "{}", message(4));
        assert!(!message(1).contains("unknown key"), "{}", message(1));
    }

    #[test]
    fn the_keys_of_a_rule_message_are_those_of_its_types() {
        let mut keys = rule_keys().to_vec();
        keys.sort_unstable();
        assert_eq!(keys, ["dealer", "edition", "events", "regulations", "seq", "type", "vulnerable"]);
    }

    #[test]
    fn the_fast_way_and_the_general_way_read_a_rule_alike() {
        let line = r#"{"type":"rule","seq":[1,"a"],"edition":"2017","dealer":"E","vulnerable":"both","events":[{"E":"1S"},{"S":"P","unintended":true}],"regulations":{"similar_suit_cards":2,"similar_hcp_below":1,"similar_hcp_above":4,"second_insufficient_bid":"allow-correction","law_28b_after_acceptance":"applies"}}"#;
        let fast: RuleMessage = serde_json::from_str(line).expect("the fast way reads it");
        let general: ToImplementation = serde_json::from_str(line).expect("the general way reads it");
        let ToImplementation::Rule { seq, request } = general else { panic!("a rule") };
        assert_eq!(fast.seq, seq);
        assert_eq!(fast.events, request.events);
        assert_eq!((fast.edition, fast.dealer, fast.vulnerable), (request.edition, request.dealer, request.vulnerable));
        assert_eq!(fast.regulations, request.regulations);
        let regs = fast.regulations.expect("regulations");
        assert_eq!(regs.second_insufficient_bid, crate::regulations::SecondInsufficientBid::AllowCorrection);
        assert_eq!(regs.law_28b_after_acceptance, crate::regulations::Law28bAfterAcceptance::Applies);
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

    const RULE: &str = r#"{"type":"rule","seq":SEQ,"dealer":"N","events":[{"N":"1S"}]}"#;

    fn rule_line(seq: &str) -> String {
        format!("{}\n", RULE.replace("SEQ", seq))
    }

    #[test]
    fn a_rule_before_the_hello_is_refused_unless_it_is_the_first_and_only_line() {
        let answers = talk(&format!("{}{}", rule_line("1"), rule_line("2")));
        assert_eq!(answers[0]["type"], "ruling", "one request, as in per-case mode");
        assert_eq!(answers[1]["type"], "error");
        assert_eq!(answers[1]["seq"], 2);
        assert!(answers[1]["message"].as_str().is_some_and(|m| m.contains("before the hello")), "{}", answers[1]);
        let answers = talk(&format!("{HELLO}{}{}", rule_line("1"), rule_line("2")));
        assert_eq!([&answers[1]["type"], &answers[2]["type"]], ["ruling", "ruling"]);
    }

    #[test]
    fn a_hello_of_another_protocol_is_refused_and_greets_nobody() {
        let answers = talk(&format!("{{\"type\":\"hello\",\"protocol\":99}}\n{}", rule_line("1")));
        assert_eq!(answers[0]["type"], "error");
        assert!(answers[0]["message"].as_str().is_some_and(|m| m.contains("protocol 1, not 99")), "{}", answers[0]);
        assert_eq!(answers[1]["type"], "error", "{}", answers[1]);
    }

    #[test]
    fn a_line_beyond_the_limit_is_refused_without_being_kept_and_the_session_goes_on() {
        let mut input = vec![b'a'; 2 * MAX_LINE];
        input.push(b'\n');
        input.extend_from_slice(HELLO.as_bytes());
        input.extend_from_slice(rule_line("3").as_bytes());
        let answers = talk_raw(&input);
        assert_eq!(answers.len(), 3, "{answers:?}");
        assert_eq!(answers[0]["type"], "error");
        assert!(answers[0]["message"].as_str().is_some_and(|m| m.contains("the longest line read")), "{}", answers[0]);
        assert_eq!(answers[1]["type"], "hello");
        assert_eq!(answers[2]["seq"], 3);
    }

    #[test]
    fn seq_is_echoed_exactly_or_refused() {
        let answers = talk(&format!(
            "{HELLO}{}{}{}{}",
            rule_line("18446744073709551616"),
            rule_line("1.5"),
            rule_line(r#"[7,{"run":"x-1"}]"#),
            rule_line("-9223372036854775808")
        ));
        assert_eq!(answers[1]["type"], "error");
        assert_eq!(answers[1]["seq"], Value::Null);
        assert!(answers[1]["message"].as_str().is_some_and(|m| m.contains("not a 64-bit integer")), "{}", answers[1]);
        assert_eq!(answers[2]["type"], "error");
        assert_eq!(answers[3]["seq"], json!([7, {"run": "x-1"}]));
        assert_eq!(answers[4]["seq"], json!(i64::MIN));
    }
}

/// More of the server, where the tests above had not looked
/// (docs/mutants.md).
#[cfg(test)]
mod more_tests {
    use super::{serve, MAX_LINE};

    /// A line too long is refused saying how long it was, its newline
    /// counted, however the reader met it.
    #[test]
    fn a_line_too_long_is_refused_with_its_length() {
        for length in [2 * MAX_LINE, MAX_LINE + 1] {
            let mut input = vec![b'a'; length];
            input.push(b'\n');
            let mut output = Vec::new();
            serve(&input[..], &mut output).expect("served");
            let text = String::from_utf8(output).expect("UTF-8");
            assert!(text.contains(&format!("a line of {} bytes or more", length + 1)), "{length}: {text}");
        }
    }

    /// A `seq` that cannot be echoed digit for digit is refused, wherever
    /// the number sits inside it (in an array, in an object).
    #[test]
    fn a_seq_holding_a_number_that_is_no_integer_is_refused_wherever_it_sits() {
        for seq in ["[2.5]", r#"{"run":2.5}"#, r#"[{"run":[2.5]}]"#] {
            let input = format!(
                "{{\"type\":\"hello\",\"protocol\":1}}\n{{\"type\":\"rule\",\"seq\":{seq},\"dealer\":\"N\",\"events\":[{{\"N\":\"1S\"}}]}}\n"
            );
            let mut output = Vec::new();
            serve(input.as_bytes(), &mut output).expect("served");
            let text = String::from_utf8(output).expect("UTF-8");
            assert!(text.contains("2.5 is not a 64-bit integer"), "{seq}: {text}");
        }
    }
}
