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

use rulings_engine::protocol::{message_keys, ErrorAnswer, Hello, RulingAnswer, SkippedAnswer, FEATURES, PROTOCOL};
use rulings_engine::Ruling;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

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
        Violation { detail: detail.into(), in_step: false }
    }
    fn in_step(detail: impl Into<String>) -> Violation {
        Violation { detail: detail.into(), in_step: true }
    }
}

/// At most `max` characters of `text`, saying how much was left out.
pub fn excerpt(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max).collect();
    format!("{head}… ({} more characters)", count - max)
}

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

/// Read the answer to the `rule` request that carried `seq`.
pub fn read_answer(line: &[u8], seq: &Value) -> Result<Answer, Violation> {
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

fn read_answer_strictly(line: &[u8], seq: &Value) -> Result<Answer, Violation> {
    let (map, kind) = message(line)?;
    match kind.as_str() {
        "ruling" | "skipped" | "error" => {}
        "hello" => return Err(Violation::lost(format!("a `hello` where the answer to `rule` seq {seq} was expected"))),
        other => {
            return Err(Violation::lost(format!(
                "unknown message type `{other}` (an answer to `rule` is `ruling`, `skipped` or `error`)"
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
            let reason = string_field(&map, "reason", "skipped")?;
            let issue = match map.get("issue") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) => Some(s.clone()),
                Some(other) => {
                    return Err(Violation::in_step(format!(
                        "`skipped.issue` is {other}; it is a string (a link) or absent"
                    )))
                }
            };
            Ok(Answer::Skipped { reason, issue })
        }
        _ => {
            only_keys(&map, &ERROR_KEYS, "error")?;
            Ok(Answer::Error(string_field(&map, "message", "error")?))
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
    let unknown_features = hello.features.iter().filter(|f| !FEATURES.contains(&f.as_str())).cloned().collect();
    Ok(ReadHello { hello, unknown_features })
}

/// Deserialize `value` as a `T`, then require that it was written as `T`
/// writes itself: no unknown key, no missing key, canonical notation.
/// The error names the field (`what.rulings[0].irregularity`).
pub fn fits<T: DeserializeOwned + Serialize>(value: &Value, what: &str) -> Result<T, String> {
    let parsed: T = serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let at = if path == "." { what.to_string() } else { format!("{what}.{path}") };
        format!("at `{at}`: {}", e.inner())
    })?;
    let canonical = serde_json::to_value(&parsed).map_err(|e| format!("cannot write it back: {e}"))?;
    same_shape(value, &canonical, what)?;
    Ok(parsed)
}

/// What the schema says of a ruling beyond its types: a contract is a bid
/// of level 1 to 7, clauses are written as clause ids ("27B1(a)"), and
/// `score_adjustment` names each clause once.
fn sound(r: &Ruling) -> Result<(), String> {
    if let Some(c) = &r.contract {
        if c.bid.level > 7 {
            return Err(format!("at `ruling.contract.bid`: {} cannot be a contract", c.bid));
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
            return Err(format!("at `ruling.{at}`: {law:?} is not a clause id (write it as 27B1(a), 16C2, 23C)"));
        }
    }
    for (i, x) in r.score_adjustment.iter().enumerate() {
        if r.score_adjustment[..i].contains(x) {
            return Err(format!("at `ruling.score_adjustment[{i}]`: {x} is named twice"));
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
fn same_shape(seen: &Value, canonical: &Value, path: &str) -> Result<(), String> {
    match (seen, canonical) {
        (Value::Object(s), Value::Object(c)) => {
            for (k, v) in s {
                match c.get(k) {
                    Some(cv) => same_shape(v, cv, &format!("{path}.{k}"))?,
                    // An optional key that is absent when empty may be written null.
                    None if v.is_null() => {}
                    None => return Err(format!("at `{path}`: unknown key `{k}`")),
                }
            }
            for k in c.keys() {
                if !s.contains_key(k) {
                    return Err(format!("at `{path}`: missing key `{k}` (every key is always present; null or [] when it does not apply)"));
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
        (a, b) => Err(format!("at `{path}`: {a} is not in canonical form; write {b}")),
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
