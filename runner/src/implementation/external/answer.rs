//! Reading an implementation's lines into protocol messages, strictly
//! (docs/protocol.md; the schemas in schemas/).
//!
//! A line that is not what the protocol allows is a [`Violation`] that says
//! what was wrong and where: not UTF-8, not JSON, a message split over
//! lines, an unknown message type, a wrong seq, or a ruling that does not
//! fit the schema (naming the field, as `ruling.rulings[0].irregularity`).
//! A ruling must be written as the reference engine writes it: every key
//! present, no unknown key, calls and seats in canonical notation.

use std::sync::LazyLock;

use rulings_engine::protocol::{
    message_keys, ErrorAnswer, Hello, RefusedAnswer, RulingAnswer, SkippedAnswer, FEATURES, PROTOCOL,
};
use rulings_engine::Ruling;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use super::error::ExternalError;
use crate::implementation::Answer;

/// A line that breaks the protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub detail: String,
    /// The line was one whole message answering the request that was sent,
    /// so the conversation is still in step and the process may go on.
    /// Otherwise the runner restarts it.
    pub in_step: bool,
}

impl Violation {
    fn lost(detail: impl Into<String>) -> Violation {
        Violation { detail: kept(detail.into()), in_step: false }
    }
    fn in_step(detail: impl Into<String>) -> Violation {
        Violation { detail: kept(detail.into()), in_step: true }
    }
}

/// What is kept of a violation's detail, which may quote the program (an
/// unknown key, a value that does not fit): an excerpt, its control
/// characters escaped (a program's text must not reach a terminal raw).
fn kept(detail: String) -> String {
    excerpt(&detail, MAX_TEXT_CHARS)
}

pub use crate::text::excerpt;

/// Parse one line as a JSON object with a string `type`.
fn message(line: &[u8]) -> Result<(serde_json::Map<String, Value>, String), Violation> {
    let text = std::str::from_utf8(line).map_err(|e| {
        Violation::lost(format!("a line on stdout that is not UTF-8 text (invalid byte at offset {})", e.valid_up_to()))
    })?;
    let value: Value = serde_json::from_str(text).map_err(|e| {
        let what = if e.is_eof() {
            "a line on stdout ends in the middle of a JSON value: was one message split over several \
             lines? Each message is exactly one line"
                .to_string()
        } else if text.trim().is_empty() {
            "an empty line on stdout where a message was expected".to_string()
        } else {
            format!("a line on stdout that is not JSON ({e})")
        };
        Violation::lost(format!("{what}\nseen: {}", excerpt(text, 300)))
    })?;
    let Value::Object(map) = value else {
        return Err(Violation::lost(format!(
            "a JSON value that is not a message (a message is an object with a `type`)\nseen: {}",
            excerpt(text, 300)
        )));
    };
    let Some(kind) = map.get("type").and_then(Value::as_str).map(str::to_string) else {
        return Err(Violation::lost(format!(
            "a JSON object without a string `type`, so not a message\nseen: {}",
            excerpt(text, 300)
        )));
    };
    Ok((map, kind))
}

/// Keys of `map` outside `allowed`, as a violation that keeps the
/// conversation in step.
fn only_keys(map: &serde_json::Map<String, Value>, allowed: &[&str], what: &str) -> Result<(), Violation> {
    match map.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => {
            Err(Violation::in_step(format!("unknown key `{k}` in a `{what}` message (it has {})", allowed.join(", "))))
        }
        None => Ok(()),
    }
}

/// The longest answer to a story of `events` events the runner reads
/// (docs/protocol.md): 16 KiB, and 1 KiB more for each event. The
/// reference engine writes a few hundred bytes a ruling, and 369 KB for a
/// story of a thousand inadmissible calls, each with its ruling. A longer
/// answer is a protocol violation, named, and never compared: every answer
/// of a run is held until the run is judged, so what a run holds grows
/// with the corpus's own stories, not with what a program writes (a
/// program cannot make the runner run out of memory).
pub fn answer_limit(events: usize) -> usize {
    (16 << 10) + (1 << 10) * events
}

/// The longest answer read whatever the story: the limit for the longest
/// story a request may tell.
pub const MAX_ANSWER_BYTES: usize = (16 << 10) + (1 << 10) * rulings_engine::MAX_EVENTS;

/// An answer to a story of `events` events that is longer than
/// [`answer_limit`] allows, as a violation.
pub fn check_length(line: &[u8], seq: &Value, events: usize) -> Result<(), Violation> {
    let limit = answer_limit(events);
    if line.len() > limit {
        return Err(too_long(line, seq, limit, events));
    }
    Ok(())
}

/// The most characters of a program's own text (an `error` message, a
/// `skipped` reason) the runner keeps; the rest is counted, not kept.
pub const MAX_TEXT_CHARS: usize = 2000;

/// An answer line over [`MAX_ANSWER_BYTES`]: in step (the process goes on)
/// when it is one message with the request's seq, read without building it.
fn too_long(line: &[u8], seq: &Value, limit: usize, events: usize) -> Violation {
    let detail = format!(
        "an answer of {} bytes to a story of {events} event(s); the runner reads at most 16 KiB and 1 KiB an \
         event, here {limit} bytes (docs/protocol.md, \"Transport\")",
        line.len()
    );
    let in_step = std::str::from_utf8(line)
        .ok()
        .and_then(|t| serde_json::from_str::<std::collections::BTreeMap<&str, &serde_json::value::RawValue>>(t).ok())
        .and_then(|parts| parts.get("seq").map(|s| s.get().to_string()))
        .is_some_and(|s| serde_json::to_string(seq).ok().as_deref() == Some(s.as_str()));
    Violation { detail, in_step }
}

/// Read the answer to the `rule` request that carried `seq`.
pub fn read_answer(line: &[u8], seq: &Value) -> Result<Answer, Violation> {
    if line.len() > MAX_ANSWER_BYTES {
        return Err(too_long(line, seq, MAX_ANSWER_BYTES, rulings_engine::MAX_EVENTS));
    }
    if let Some(ruling) = canonical_ruling(line, seq) {
        return Ok(Answer::Ruling(ruling));
    }
    read_answer_strictly(line, seq)
}

/// The fast path: a `ruling` message written exactly as the reference
/// engine writes it (keys in order, no spaces), recognised without building
/// a JSON tree. Anything else is None and goes the strict way, which
/// accepts the same messages and names what is wrong with the others.
fn canonical_ruling(line: &[u8], seq: &Value) -> Option<Ruling> {
    let (seq_text, ruling) = parse_canonical(line)?;
    (seq_text == serde_json::to_string(seq).ok()?).then_some(ruling)
}

/// A canonical `ruling` message read without its seq checked: the seq as
/// written, and the ruling. The runner's reader thread calls this as lines
/// arrive; the seq is checked when the answer is taken.
pub fn parse_canonical(line: &[u8]) -> Option<(String, Ruling)> {
    if line.len() > MAX_ANSWER_BYTES {
        return None;
    }
    /// The three keys of a ruling message, borrowed from the line.
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Parts<'a> {
        #[serde(rename = "type", borrow)]
        kind: &'a str,
        #[serde(borrow)]
        seq: &'a serde_json::value::RawValue,
        #[serde(borrow)]
        ruling: &'a serde_json::value::RawValue,
    }
    let text = std::str::from_utf8(line).ok()?;
    let parts: Parts = serde_json::from_str(text).ok()?;
    if parts.kind != "ruling" {
        return None;
    }
    let seq = parts.seq.get().to_string();
    let raw = parts.ruling.get();
    let ruling: Ruling = serde_json::from_str(raw).ok()?;
    let canonical = serde_json::to_string(&ruling).ok()?;
    (canonical == raw && sound(&ruling).is_ok()).then_some((seq, ruling))
}

/// Read an answer that the reader thread may have parsed already.
pub fn read_answer_parsed(line: &[u8], parsed: Option<(String, Ruling)>, seq: &Value) -> Result<Answer, Violation> {
    if line.len() > MAX_ANSWER_BYTES {
        return Err(too_long(line, seq, MAX_ANSWER_BYTES, rulings_engine::MAX_EVENTS));
    }
    if let Some((seq_text, ruling)) = parsed {
        if serde_json::to_string(seq).ok().as_deref() == Some(seq_text.as_str()) {
            return Ok(Answer::Ruling(ruling));
        }
    }
    read_answer_strictly(line, seq)
}

/// The keys of each answer message, read off its type once.
static RULING_KEYS: LazyLock<Vec<&str>> = LazyLock::new(message_keys::<RulingAnswer>);
static SKIPPED_KEYS: LazyLock<Vec<&str>> = LazyLock::new(message_keys::<SkippedAnswer>);
static ERROR_KEYS: LazyLock<Vec<&str>> = LazyLock::new(message_keys::<ErrorAnswer>);
static REFUSED_KEYS: LazyLock<Vec<&str>> = LazyLock::new(message_keys::<RefusedAnswer>);

fn read_answer_strictly(line: &[u8], seq: &Value) -> Result<Answer, Violation> {
    let (map, kind) = message(line)?;
    match kind.as_str() {
        "ruling" | "skipped" | "error" | "refused" => {}
        "hello" => return Err(Violation::lost(format!("a `hello` where the answer to `rule` seq {seq} was expected"))),
        other => {
            return Err(Violation::lost(format!(
                "unknown message type `{other}` (an answer to `rule` is `ruling`, `skipped`, `error` or \
                 `refused`)"
            )))
        }
    }
    let got = map.get("seq").unwrap_or(&Value::Null);
    if got != seq {
        return Err(Violation::lost(format!(
            "wrong seq: the request had seq {seq}, the `{kind}` answer has {got} (answer each request \
             once, in order, echoing its seq)"
        )));
    }
    match kind.as_str() {
        "ruling" => {
            only_keys(&map, &RULING_KEYS, "ruling")?;
            let value = map.get("ruling").ok_or_else(|| Violation::in_step("a `ruling` message without `ruling`"))?;
            let value = &with_optional_keys(value);
            fits::<Ruling>(value, "ruling").and_then(|r| sound(&r).map(|_| r)).map(Answer::Ruling).map_err(|e| {
                Violation::in_step(format!("the ruling does not fit the schema (schemas/ruling.schema.json): {e}"))
            })
        }
        "skipped" => {
            only_keys(&map, &SKIPPED_KEYS, "skipped")?;
            let reason = excerpt(&string_field(&map, "reason", "skipped")?, MAX_TEXT_CHARS);
            let issue = match map.get("issue") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) => Some(crate::text::one_line(s, 300)),
                Some(other) => {
                    return Err(Violation::in_step(format!(
                        "`skipped.issue` is {other}; it is a string (a link) or absent"
                    )))
                }
            };
            Ok(Answer::Skipped { reason, issue })
        }
        "refused" => {
            only_keys(&map, &REFUSED_KEYS, "refused")?;
            // Kept as a skip's reason is: short, its control characters
            // escaped, for it reaches the summary and report.md.
            let reason = excerpt(&string_field(&map, "reason", "refused")?, MAX_TEXT_CHARS);
            let event = match map.get("event") {
                None => return Err(Violation::in_step("a `refused` message without `event`")),
                Some(v) => v.as_u64().and_then(|k| usize::try_from(k).ok()).ok_or_else(|| {
                    Violation::in_step(format!(
                        "`refused.event` is {v}; it is the index of the refused call in the request's \
                         `events`, counting from 0"
                    ))
                })?,
            };
            Ok(Answer::Refused { event, reason })
        }
        _ => {
            only_keys(&map, &ERROR_KEYS, "error")?;
            Ok(Answer::Error(excerpt(&string_field(&map, "message", "error")?, MAX_TEXT_CHARS)))
        }
    }
}

/// The ruling's keys a program may leave out, each then read as `[]`
/// (docs/protocol.md): lists added to protocol 1 after programs were
/// written against it.
pub const OPTIONAL_RULING_KEYS: &[&str] = &["call_restrictions"];

/// `value` with every optional key it leaves out set to `[]`.
fn with_optional_keys(value: &Value) -> Value {
    let mut value = value.clone();
    if let Value::Object(m) = &mut value {
        for key in OPTIONAL_RULING_KEYS {
            m.entry(*key).or_insert_with(|| Value::Array(Vec::new()));
        }
    }
    value
}

fn string_field(map: &serde_json::Map<String, Value>, key: &str, what: &str) -> Result<String, Violation> {
    match map.get(key) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(other) => Err(Violation::in_step(format!("`{what}.{key}` is {other}; it is a string"))),
        None => Err(Violation::in_step(format!("a `{what}` message without `{key}`"))),
    }
}

/// A hello read from an implementation, with the features it declared that
/// this runner does not know (a warning, not an error).
#[derive(Debug, Clone, PartialEq)]
pub struct ReadHello {
    pub hello: Hello,
    pub unknown_features: Vec<String>,
}

/// Read the answer to the runner's `hello`.
pub fn read_hello(line: &[u8]) -> Result<ReadHello, Violation> {
    let (mut map, kind) = message(line)?;
    if kind != "hello" {
        return Err(Violation::lost(format!("a `{kind}` message where the answer to `hello` was expected")));
    }
    map.remove("type");
    let value = Value::Object(map);
    if let Some(p) = value.get("protocol") {
        if p != &Value::from(PROTOCOL) {
            return Err(Violation::lost(format!(
                "the implementation speaks protocol {p}; this runner speaks protocol {PROTOCOL}"
            )));
        }
    }
    let hello: Hello = fits(&value, "hello")
        .map_err(|e| Violation::lost(format!("the hello does not fit the schema (schemas/hello.schema.json): {e}")))?;
    if hello.name.trim().is_empty() {
        return Err(Violation::lost("the hello's `name` is empty"));
    }
    if hello.features.len() > 64 || hello.editions.len() > 8 {
        return Err(Violation::lost(format!(
            "the hello declares {} feature(s) and {} edition(s); a hello declares at most 64 and 8 \
             (docs/protocol.md)",
            hello.features.len(),
            hello.editions.len()
        )));
    }
    let labels = [("name", &hello.name), ("version", &hello.version)];
    let features = hello.features.iter().map(|f| ("features", f));
    for (key, text) in labels.into_iter().chain(features) {
        if let Some(why) = unfit_label(text) {
            return Err(Violation::lost(format!(
                "the hello's `{key}` {why} (docs/protocol.md): {}",
                crate::text::one_line(text, 80)
            )));
        }
    }
    let unknown_features = hello.features.iter().filter(|f| !FEATURES.contains(&f.as_str())).cloned().collect();
    Ok(ReadHello { hello, unknown_features })
}

/// The longest hello `name` or `version`, in characters: they head every
/// report and every stderr line passed through.
pub const MAX_LABEL_CHARS: usize = 100;

/// Why a hello's name or version cannot be shown as it is, if it cannot:
/// too long, or holding a control character or a line break (ESC, BEL, a
/// carriage return would reach the terminal and report.md).
fn unfit_label(text: &str) -> Option<String> {
    let count = text.chars().count();
    if count > MAX_LABEL_CHARS {
        return Some(format!("is {count} characters long; it may have at most {MAX_LABEL_CHARS}"));
    }
    let bad = text.chars().find(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}'))?;
    Some(format!("holds the control character U+{:04X}; it is one line of plain text", bad as u32))
}

/// Deserialize `value` as a `T`, then require that it was written as `T`
/// writes itself: no unknown key, no missing key, canonical notation.
/// The error names the field (`what.rulings[0].irregularity`).
pub fn fits<T: DeserializeOwned + Serialize>(value: &Value, what: &str) -> Result<T, ExternalError> {
    let parsed: T = serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let at = if path == "." { what.to_string() } else { format!("{what}.{path}") };
        ExternalError::Misfit { at, source: e.into_inner() }
    })?;
    let canonical = serde_json::to_value(&parsed).map_err(ExternalError::NotWrittenBack)?;
    same_shape(value, &canonical, what)?;
    Ok(parsed)
}

/// What the schema says of a ruling beyond its types: a contract is a bid
/// of level 1 to 7, clauses are written as clause ids ("27B1(a)"), and
/// `score_adjustment` names each clause once.
fn sound(r: &Ruling) -> Result<(), ExternalError> {
    if let Some(c) = &r.contract {
        if c.bid.level > 7 {
            return Err(ExternalError::NotAContract { bid: c.bid.to_string() });
        }
    }
    // Where each clause is, named only for the one that is wrong: a
    // ruling read on the fast path allocates nothing here.
    let laws = r
        .decision
        .iter()
        .map(|d| (("decision.law", None), &d.law))
        .chain(r.rulings.iter().enumerate().map(|(i, x)| (("rulings", Some(i)), &x.law)))
        .chain(r.must_pass.iter().enumerate().map(|(i, x)| (("must_pass", Some(i)), &x.law)))
        .chain(r.call_restrictions.iter().enumerate().map(|(i, x)| (("call_restrictions", Some(i)), &x.law)))
        .chain(r.lead_restrictions.iter().enumerate().map(|(i, x)| (("lead_restrictions", Some(i)), &x.law)))
        .chain(
            r.unauthorized_information.iter().enumerate().map(|(i, x)| (("unauthorized_information", Some(i)), &x.law)),
        )
        .chain(r.score_adjustment.iter().enumerate().map(|(i, x)| (("score_adjustment", Some(i)), x)));
    for ((key, index), law) in laws {
        if !clause_form(law) {
            let at = match index {
                None => key.to_string(),
                Some(i) if key == "score_adjustment" => format!("{key}[{i}]"),
                Some(i) => format!("{key}[{i}].law"),
            };
            return Err(ExternalError::NotAClause { at, law: law.to_string() });
        }
    }
    for (i, x) in r.score_adjustment.iter().enumerate() {
        if r.score_adjustment[..i].contains(x) {
            return Err(ExternalError::NamedTwice { index: i, clause: x.to_string() });
        }
    }
    Ok(())
}

/// A clause id's form: a law number, then optionally a capital letter,
/// digits, and lower-case letters or digits in brackets ("27B1(a)",
/// "30B1(b)(i)", the 1997 "25B2(b)(1)").
pub fn clause_form(id: &str) -> bool {
    let b = id.as_bytes();
    let mut i = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i == 0 {
        return false;
    }
    if i < b.len() && b[i].is_ascii_uppercase() {
        i += 1;
    }
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    while i < b.len() {
        if b[i] != b'(' {
            return false;
        }
        let start = i + 1;
        i = start;
        while i < b.len() && (b[i].is_ascii_lowercase() || b[i].is_ascii_digit()) {
            i += 1;
        }
        if i == start || i >= b.len() || b[i] != b')' {
            return false;
        }
        i += 1;
    }
    true
}

/// Compare what was written with its canonical form.
fn same_shape(seen: &Value, canonical: &Value, path: &str) -> Result<(), ExternalError> {
    match (seen, canonical) {
        (Value::Object(s), Value::Object(c)) => {
            for (k, v) in s {
                match c.get(k) {
                    Some(cv) => same_shape(v, cv, &format!("{path}.{k}"))?,
                    // An optional key that is absent when empty may be written null.
                    None if v.is_null() => {}
                    None => return Err(ExternalError::UnknownKey { at: path.to_string(), key: k.clone() }),
                }
            }
            for k in c.keys() {
                if !s.contains_key(k) {
                    return Err(ExternalError::MissingKey { at: path.to_string(), key: k.clone() });
                }
            }
            Ok(())
        }
        (Value::Array(s), Value::Array(c)) if s.len() == c.len() => {
            for (i, (a, b)) in s.iter().zip(c).enumerate() {
                same_shape(a, b, &format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        (Value::Number(a), Value::Number(b)) if a.as_f64() == b.as_f64() => Ok(()),
        (a, b) if a == b => Ok(()),
        (a, b) => Err(ExternalError::NotCanonical {
            at: path.to_string(),
            seen: Box::new(a.clone()),
            canonical: Box::new(b.clone()),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The engine's ruling on 1S P (so the fixture follows the ruling's shape).
    fn ruling() -> Value {
        let line = r#"{"type":"rule","seq":1,"dealer":"N","events":[{"N":"1S"},{"E":"P"}]}"#;
        let answer = serde_json::to_value(rulings_engine::server::Session::new().answer(line)).unwrap();
        answer["ruling"].clone()
    }

    fn line(v: Value) -> Vec<u8> {
        serde_json::to_vec(&v).unwrap()
    }

    /// The engine's own answer to the longest story a request may tell
    /// (North 1C, then East's eight spades 999 times: 369 KB) is within
    /// the limit; the same answer to a story of 4 events is not.
    #[test]
    fn the_answer_limit_grows_with_the_story() {
        let mut events = vec![json!({"N": "1C"})];
        events.extend((0..999).map(|_| json!({"E": "8S"})));
        let request = json!({"type":"rule","seq":1,"dealer":"N","events":events}).to_string();
        let answer = serde_json::to_vec(&rulings_engine::server::Session::new().answer(&request)).unwrap();
        assert!(answer.len() > 300_000, "{}", answer.len());
        assert!(check_length(&answer, &json!(1), 1000).is_ok());
        assert!(matches!(read_answer(&answer, &json!(1)), Ok(Answer::Ruling(_))));
        let v = check_length(&answer, &json!(1), 4).unwrap_err();
        // A hello is bounded too: its lists, and each feature's name.
        let mut hello = serde_json::to_value(rulings_engine::protocol::engine_hello()).unwrap();
        hello["type"] = json!("hello");
        hello["features"] = json!(vec!["x"; 65]);
        assert!(read_hello(&line(hello.clone())).unwrap_err().detail.contains("declares 65 feature(s)"));
        hello["features"] = json!(["y".repeat(101)]);
        assert!(read_hello(&line(hello)).unwrap_err().detail.contains("`features` is 101 characters long"));
        assert!(v.in_step, "one whole message with the request's seq");
        assert!(v.detail.contains("to a story of 4 event(s)"), "{}", v.detail);
    }

    /// What a violation quotes of the program is an excerpt, escaped: an
    /// unknown key holding ESC, a long value (kept short, shown escaped).
    #[test]
    fn a_violation_quotes_the_program_safely() {
        let key = format!("\u{1b}[2J{}", "k".repeat(100_000));
        let mut ruling = ruling();
        ruling[key.as_str()] = json!(1);
        let v = read_answer(&line(json!({"type":"ruling","seq":4,"ruling":ruling})), &json!(4)).unwrap_err();
        assert!(!v.detail.contains('\u{1b}'), "{}", &v.detail[..80]);
        assert!(v.detail.chars().count() < MAX_TEXT_CHARS + 50, "{}", v.detail.len());
        assert!(v.detail.ends_with("more characters)"), "{}", &v.detail[v.detail.len() - 60..]);
    }

    #[test]
    fn a_good_ruling_reads() {
        let a = read_answer(&line(json!({"type":"ruling","seq":4,"ruling":ruling()})), &json!(4)).unwrap();
        assert!(matches!(&a, Answer::Ruling(r) if r.auction.len() == 2));
        let canonical = line(json!({"type":"ruling","seq":4,"ruling":ruling()}));
        assert!(canonical_ruling(&canonical, &json!(4)).is_some(), "the engine's own form takes the fast path");
        // Spaces and another key order read the same, the strict way.
        let spaced = String::from_utf8(canonical.clone()).unwrap().replace(",", ", ").replace("\"seq\":4, ", "");
        let spaced = spaced.replacen('{', "{\"seq\": 4, ", 1);
        assert!(canonical_ruling(spaced.as_bytes(), &json!(4)).is_none());
        assert_eq!(read_answer(spaced.as_bytes(), &json!(4)), Ok(a));
    }

    #[test]
    fn each_kind_of_bad_line_is_named() {
        let seq = json!(4);
        let v = read_answer(b"hello there", &seq).unwrap_err();
        assert!(v.detail.contains("not JSON") && !v.in_step, "{v:?}");
        let v = read_answer(br#"{"type":"ruling","seq":4,"#, &seq).unwrap_err();
        assert!(v.detail.contains("split over several lines"), "{v:?}");
        let v = read_answer(&line(json!({"type":"ruling","seq":3,"ruling":ruling()})), &seq).unwrap_err();
        assert!(v.detail.contains("wrong seq") && v.detail.contains("had seq 4") && !v.in_step, "{v:?}");
        let v = read_answer(&line(json!({"type":"verdict","seq":4})), &seq).unwrap_err();
        assert!(v.detail.contains("unknown message type `verdict`"), "{v:?}");
        let v = read_answer(b"\xff\xfe", &seq).unwrap_err();
        assert!(v.detail.contains("UTF-8"), "{v:?}");
    }

    #[test]
    fn a_ruling_that_does_not_fit_names_the_field() {
        let seq = json!(1);
        let mut r = ruling();
        r["rulings"] = json!([{"seat":"E","call":"1H","irregularity":"too-low","law":"27B1(a)"}]);
        let v = read_answer(&line(json!({"type":"ruling","seq":1,"ruling":r})), &seq).unwrap_err();
        assert!(v.in_step, "the line was a whole answer: {v:?}");
        assert!(v.detail.contains("ruling.rulings[0].irregularity"), "{v:?}");

        let mut r = ruling();
        r.as_object_mut().unwrap().remove("contract");
        let v = read_answer(&line(json!({"type":"ruling","seq":1,"ruling":r})), &seq).unwrap_err();
        assert!(v.detail.contains("missing key `contract`"), "{v:?}");

        let mut r = ruling();
        r["verdict"] = json!("fine");
        let v = read_answer(&line(json!({"type":"ruling","seq":1,"ruling":r})), &seq).unwrap_err();
        assert!(v.detail.contains("unknown key `verdict`"), "{v:?}");

        let mut r = ruling();
        r["auction"] = json!(["1S", "Pass"]);
        let v = read_answer(&line(json!({"type":"ruling","seq":1,"ruling":r})), &seq).unwrap_err();
        assert!(v.detail.contains("ruling.auction[1]") && v.detail.contains("canonical"), "{v:?}");

        let mut r = ruling();
        r["next"] = json!("Q");
        let v = read_answer(&line(json!({"type":"ruling","seq":1,"ruling":r})), &seq).unwrap_err();
        assert!(v.detail.contains("ruling.next"), "{v:?}");
    }

    /// What the schema check returns is a variant naming the place and the
    /// key, not only a sentence: an unknown key, a value of the wrong type
    /// (its serde error the source), a call not written canonically.
    #[test]
    fn a_misfit_is_the_variant_of_its_kind_at_its_place() {
        let mut r = ruling();
        r["verdict"] = json!("fine");
        match fits::<Ruling>(&r, "ruling") {
            Err(ExternalError::UnknownKey { at, key }) => {
                assert_eq!((at.as_str(), key.as_str()), ("ruling", "verdict"))
            }
            other => panic!("not the unknown key: {other:?}"),
        }
        let mut r = ruling();
        r["next"] = json!("Q");
        match fits::<Ruling>(&r, "ruling") {
            Err(e @ ExternalError::Misfit { .. }) => {
                assert!(matches!(&e, ExternalError::Misfit { at, .. } if at == "ruling.next"), "{e:?}");
                assert!(std::error::Error::source(&e).is_some(), "serde's error is its source");
            }
            other => panic!("not a misfit: {other:?}"),
        }
        let mut r = ruling();
        r["auction"] = json!(["1S", "Pass"]);
        assert!(matches!(
            fits::<Ruling>(&r, "ruling"),
            Err(ExternalError::NotCanonical { at, seen, .. }) if at == "ruling.auction[1]" && *seen == json!("Pass")
        ));
    }

    #[test]
    fn a_ruling_may_leave_out_call_restrictions_and_reads_as_none() {
        // A program written before `call_restrictions` existed still answers
        // within the protocol: the key reads as [] (docs/protocol.md)...
        let mut r = ruling();
        assert_eq!(r["call_restrictions"], json!([]), "the engine always sends it");
        r.as_object_mut().unwrap().remove("call_restrictions");
        let a = read_answer(&line(json!({"type":"ruling","seq":1,"ruling":r})), &json!(1)).unwrap();
        let Answer::Ruling(read) = a else { panic!("a ruling: {a:?}") };
        assert!(read.call_restrictions.is_empty());
        // ...so a case that asserts a restriction fails it, like any wrong answer.
        let expected = json!({"call_restrictions": [{"seat": "E", "may_not": ["X", "XX"], "scope": "next-turn",
            "law": "30B2(b)", "in_force": true}]});
        assert!(!crate::judging::compare::matches(&expected, &serde_json::to_value(&read).unwrap()));
        // The other keys stay required, and the optional one is a list when sent.
        let mut r = ruling();
        r["call_restrictions"] = json!(null);
        assert!(read_answer(&line(json!({"type":"ruling","seq":1,"ruling":r})), &json!(1)).is_err());
        let mut r = ruling();
        r["call_restrictions"] =
            json!([{"seat":"E","may_not":["Dbl"],"scope":"next-turn","law":"30B2(b)","in_force":true}]);
        let v = read_answer(&line(json!({"type":"ruling","seq":1,"ruling":r})), &json!(1)).unwrap_err();
        assert!(v.detail.contains("ruling.call_restrictions[0].may_not[0]"), "{v:?}");
    }

    #[test]
    fn skipped_and_error_answers() {
        let seq = json!("x");
        let a = read_answer(&line(json!({"type":"skipped","seq":"x","reason":"no 2007 yet","issue":"#4"})), &seq);
        assert_eq!(a, Ok(Answer::Skipped { reason: "no 2007 yet".into(), issue: Some("#4".into()) }));
        let a = read_answer(&line(json!({"type":"error","seq":"x","message":"cannot"})), &seq);
        assert_eq!(a, Ok(Answer::Error("cannot".into())));
        let v = read_answer(&line(json!({"type":"error","seq":"x"})), &seq).unwrap_err();
        assert!(v.in_step && v.detail.contains("without `message`"), "{v:?}");
    }

    #[test]
    fn refused_answers() {
        let seq = json!(7);
        let a = read_answer(&line(json!({"type":"refused","seq":7,"event":1,"reason":"1H does not beat 1S"})), &seq);
        assert_eq!(a, Ok(Answer::Refused { event: 1, reason: "1H does not beat 1S".into() }));
        for (bad, says) in [
            (json!({"type":"refused","seq":7,"reason":"no"}), "without `event`"),
            (json!({"type":"refused","seq":7,"event":-1,"reason":"no"}), "counting from 0"),
            (json!({"type":"refused","seq":7,"event":"1","reason":"no"}), "counting from 0"),
            (json!({"type":"refused","seq":7,"event":1}), "without `reason`"),
            (json!({"type":"refused","seq":7,"event":1,"reason":"no","call":"1H"}), "unknown key `call`"),
        ] {
            let v = read_answer(&line(bad.clone()), &seq).unwrap_err();
            assert!(v.in_step && v.detail.contains(says), "{bad}: {v:?}");
        }
    }

    #[test]
    fn hellos() {
        let h = read_hello(&line(json!({"type":"hello","protocol":1,"name":"x","version":"1",
            "editions":["2017"],"features":["insufficient-bid","telepathy"]})))
        .unwrap();
        assert_eq!(h.hello.name, "x");
        assert_eq!(h.unknown_features, vec!["telepathy".to_string()]);
        let v = read_hello(&line(
            json!({"type":"hello","protocol":2,"name":"x","version":"1","editions":[],"features":[]}),
        ))
        .unwrap_err();
        assert!(v.detail.contains("protocol 2"), "{v:?}");
        let v = read_hello(&line(
            json!({"type":"hello","protocol":1,"name":"x","version":"1","editions":["2016"],"features":[]}),
        ))
        .unwrap_err();
        assert!(v.detail.contains("hello.editions[0]"), "{v:?}");
        let v = read_hello(&line(json!({"type":"ruling","seq":1}))).unwrap_err();
        assert!(v.detail.contains("answer to `hello`"), "{v:?}");
    }

    #[test]
    fn clause_ids() {
        for ok in ["27B1(a)", "16C2", "23C", "9B", "12C1(e)", "27", "25B2(b)(1)", "30B1(b)(ii)"] {
            assert!(clause_form(ok), "{ok}");
        }
        for c in rulings_engine::clauses::CLAUSES {
            assert!(clause_form(c.id), "the registry's {} has a clause id's form", c.id);
        }
        for no in ["Law 27", "27b", "27B1a", "(a)", "", "27B(", "27B()"] {
            assert!(!clause_form(no), "{no}");
        }
    }

    #[test]
    fn excerpts_are_short() {
        assert_eq!(excerpt("abc", 5), "abc");
        assert_eq!(excerpt("abcdefgh", 3), "abc… (5 more characters)");
    }
}
