//! The workbench's JSON API: the page sends the table (setting and story)
//! and the director's marks; the reference engine rules in process; the
//! answers are the ruling in words, what the table waits on, and the case
//! file or the issue form's text. Nothing is kept between requests and
//! nothing is written on the server's disk. Bad input is an answer with an
//! `error` the page shows, never a panic.

use std::collections::BTreeSet;
use std::path::Path;

use rulings_engine::request::{Action, MAX_EVENTS};
use rulings_engine::ruling::Status;
use rulings_engine::{Ruling, Seat};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use super::announce::{self, Choosing, Scenario};
use super::case_text::{self, Table, Written};
use super::error::WorkbenchError;
use super::words::{self, Item};

/// The largest request body the API reads.
pub const MAX_BODY: usize = 256 * 1024;

/// The regulation options and their values, as the page offers them; the
/// first value of each is the default. (A unit test reads each into
/// `Regulations`, so that a value renamed there fails here.)
pub const REGULATIONS: &[(&str, &[&str])] = &[
    ("comparable_reading", &["liberal", "strict"]),
    ("second_insufficient_bid", &["literal-bar", "allow-correction"]),
    ("accepted_second_insufficient_bid", &["restrict-first", "comparable-lifts"]),
    ("insufficient_bid_out_of_rotation", &["law-27-bar", "law-31-bar"]),
    ("law_28b_after_acceptance", &["forfeited", "applies"]),
    ("law_26_after_30a", &["never", "if-not-comparable"]),
];

/// What the server knows across requests: the ids the corpus uses, so that
/// a saved case gets a fresh one.
pub struct Api {
    used_ids: BTreeSet<String>,
    /// The repository's new-issue address, to give a prefilled one.
    issue_form: Option<String>,
    /// The corpus's cases, to say when a saved case repeats one.
    corpus: Vec<crate::corpus::case::Case>,
}

/// An API answer: an HTTP status and a JSON body.
pub struct Answer {
    pub status: u16,
    pub body: Value,
}

fn refused(status: u16, message: impl Into<String>) -> Answer {
    Answer { status, body: json!({ "error": message.into() }) }
}

/// The director's mark on one item of the ruling.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mark {
    pub key: String,
    /// True: the engine's item is the director's ruling too. False: his
    /// own, in `own`.
    pub agree: bool,
    /// His own ruling for the item: the value itself, as the page's fields
    /// build it (`"W"`, `[{"seat": "W", "scope": "next-turn", ...}]`), or
    /// text in the case format, read as YAML.
    #[serde(default)]
    pub own: Value,
    /// Why he rules otherwise than the engine, citing the clause: written
    /// beside the item in the case file and in the reference-open entry.
    #[serde(default)]
    pub reason: String,
}

/// A case to write: the table, what the file says beside it, the marks.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseRequest {
    pub table: Table,
    #[serde(default)]
    pub title: String,
    /// Clause ids, separated by commas or spaces.
    #[serde(default)]
    pub laws: String,
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub marks: Vec<Mark>,
    /// The id a case saved earlier got, kept for the same case (empty: a
    /// fresh one).
    #[serde(default)]
    pub id: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoryRequest {
    story: String,
}

/// What the table waits on, as the page offers it: a decision (buttons for
/// each option, each with what it leads to), an offender's replacement (a
/// button for each kind of call, with what it leads to), or a call (after
/// a call out of rotation was cancelled, with what to tell the offender
/// about his next turn).
#[derive(Debug, Serialize)]
struct Waiting {
    seat: Seat,
    kind: &'static str,
    text: String,
    options: Vec<String>,
    /// What each option of a decision leads to.
    choices: Vec<Choosing>,
    replacements: Vec<Choosing>,
    /// The offender's next turn, way by way.
    next_turn: Vec<Scenario>,
}

impl Default for Api {
    fn default() -> Self {
        Api::new()
    }
}

impl Api {
    /// The same API, giving with each proposal the new-issue address
    /// `issue_form` (`https://github.com/OWNER/REPO/issues/new`) with the
    /// form's fields filled in.
    pub fn with_issue_form(self, issue_form: Option<String>) -> Api {
        Api { issue_form, ..self }
    }

    /// The API over the corpus here (cases/) or the one built in.
    pub fn new() -> Api {
        let corpus = crate::corpus::load(&crate::corpus::default_dirs());
        Api { used_ids: corpus.cases.iter().map(|c| c.id.clone()).collect(), corpus: corpus.cases, issue_form: None }
    }

    /// Answer a POST to `path` with `body`.
    pub fn post(&self, path: &str, body: &str) -> Answer {
        match path {
            "/api/story" => match read::<StoryRequest>(body) {
                Ok(r) => story(&r.story),
                Err(e) => refused(400, e.to_string()),
            },
            "/api/rule" => match read::<Table>(body).and_then(checked) {
                Ok(t) => rule(&t),
                Err(e) => refused(400, e.to_string()),
            },
            "/api/case" | "/api/propose" => match read::<CaseRequest>(body) {
                Ok(r) => match checked(r.table.clone()).and_then(|_| self.case(&r)) {
                    Ok(made) if path == "/api/case" => Answer {
                        status: 200,
                        body: json!({
                            "text": made.text, "path": format!("cases/{}", made.name), "id": made.written.id,
                            "note": self.repeats(&made.name, &made.text),
                            "differs": made.differs, "refuses": made.refuses, "reference": made.reference,
                        }),
                    },
                    Ok(made) => {
                        let mut ruling_words = made.said.clone();
                        if let Some(entry) = &made.reference {
                            ruling_words.push_str(&format!(
                                "\n\nThe reference engine rules otherwise. The entry for cases/reference-open.yml, \
                                 with which the pull request goes green:\n\n```yaml\n{entry}```"
                            ));
                        }
                        let url = self.issue_form.as_deref().map(|base| {
                            case_text::issue_address(base, &r.table, &made.written, &ruling_words, &made.text)
                        });
                        Answer {
                            status: 200,
                            body: json!({
                                "text": case_text::issue_form(&r.table, &made.written, &ruling_words, &made.text),
                                "url": url, "differs": made.differs, "refuses": made.refuses,
                                "reference": made.reference,
                            }),
                        }
                    }
                    Err(e) => refused(422, e.to_string()),
                },
                Err(e) => refused(400, e.to_string()),
            },
            _ => refused(404, format!("no such API: {path}")),
        }
    }

    /// The case file from the director's marks: each key he agreed with
    /// takes the engine's value, each he disagreed with his own, with his
    /// reason beside it; unmarked keys are left out. Where his ruling is
    /// not the engine's, or the engine cannot rule on the story, the entry
    /// for cases/reference-open.yml comes with it. Also the ruling in words
    /// for the issue form.
    fn case(&self, r: &CaseRequest) -> Result<Made, WorkbenchError> {
        for (label, text) in [("title", &r.title), ("clauses' list", &r.laws), ("source", &r.source)] {
            case_text::one_line(label, text.trim())?;
        }
        let request = r.table.request();
        let ruled = rulings_engine::rule(&request);
        let (engine, items, refuses) = match &ruled {
            Ok(ruling) => (crate::corpus::draft::ruling_map(ruling), words::in_words(ruling), None),
            Err(e) => (Map::new(), words::blank(), Some(refusal_message(e))),
        };
        // The kinds of value a ruling holds, for the director's own values:
        // the story's ruling, or, where the engine refuses the story, the
        // ruling of the same deal before any call.
        let kinds = ruled
            .or_else(|_| rulings_engine::rule(&request.clone().with_events(Vec::new())))
            .map_err(WorkbenchError::NoRulingAtAll)?;
        if let Some(m) = r.marks.iter().find(|m| !words::KEYS.contains(&m.key.as_str())) {
            return Err(WorkbenchError::NotAKey(m.key.clone()));
        }
        let mut expect = Map::new();
        let mut said = Vec::new();
        let mut reasons: Vec<(String, String)> = Vec::new();
        let mut differs: Vec<String> = Vec::new();
        for key in words::KEYS {
            let Some(m) = r.marks.iter().find(|m| m.key == key) else { continue };
            let reason = m.reason.split_whitespace().collect::<Vec<_>>().join(" ");
            let own = if m.agree {
                None
            } else {
                let own = match &m.own {
                    Value::String(text) => case_text::own_value(key, text)?,
                    // Nobody to act, no decision, no contract, no cap.
                    Value::Null if matches!(key, "next" | "decision" | "contract" | "score_cap") => Value::Null,
                    Value::Null => case_text::own_value(key, "")?,
                    other => other.clone(),
                };
                case_text::of_the_key_s_kind(&kinds, key, &own)?;
                Some(own).filter(|v| engine.get(key) != Some(v))
            };
            match own {
                None => {
                    let Some(value) = engine.get(key) else {
                        return Err(WorkbenchError::NothingToAgreeWith(key.to_string()));
                    };
                    expect.insert(key.to_string(), value.clone());
                    if let Some(i) = items.iter().find(|i| i.key == key) {
                        said.push(i.sentences.join(" "));
                    }
                }
                Some(own) => {
                    if reason.is_empty() && refuses.is_none() {
                        return Err(WorkbenchError::NoReason(key.to_string()));
                    }
                    let written = case_text::as_written(&own).replace('\n', " ");
                    let because = if reason.is_empty() { String::new() } else { format!(", because {reason}") };
                    said.push(format!("{key}, not as the reference engine rules: {written}{because}"));
                    if !reason.is_empty() {
                        reasons.push((key.to_string(), reason.clone()));
                    }
                    differs.push(key.to_string());
                    expect.insert(key.to_string(), own);
                }
            }
        }
        if expect.is_empty() {
            return Err(WorkbenchError::NoMark);
        }
        if refuses.is_some() && reasons.is_empty() {
            return Err(WorkbenchError::NoReasonForRefusal);
        }
        let laws: Vec<String> =
            r.laws.split([',', ';', ' ']).map(str::trim).filter(|l| !l.is_empty()).map(str::to_string).collect();
        let law = laws.first().and_then(|l| rulings_engine::clauses::law_number(l)).unwrap_or(0);
        let id = if crate::corpus::case::valid_id(&r.id) && !self.used_ids.contains(&r.id) {
            r.id.clone()
        } else {
            crate::corpus::authoring::mint_id(law, &self.used_ids)
        };
        let w = Written {
            id,
            title: r.title.trim().to_string(),
            laws,
            source: r.source.trim().to_string(),
            expect,
            reasons: reasons.clone(),
        };
        let (text, name) = case_text::case_file(&r.table, &w)?;
        let reference = (!differs.is_empty() || refuses.is_some())
            .then(|| case_text::reference_entry(&w.id, &reasons, refuses.as_deref()));
        Ok(Made { text, name, said: said.join("\n"), written: w, differs, refuses, reference })
    }
}

/// The engine's refusal as a reference-open entry's `refuses` gives it:
/// its message, without the event's number and the kind of refusal that
/// `rulings check` puts around it (the entry matches it as words within).
fn refusal_message(e: &rulings_engine::RuleError) -> String {
    e.message().to_string()
}

/// A case the director made: the file, its path under cases/, the ruling
/// in words, where it is not the engine's, and the reference-open entry.
struct Made {
    text: String,
    name: String,
    said: String,
    written: Written,
    differs: Vec<String>,
    refuses: Option<String>,
    reference: Option<String>,
}

impl Api {
    /// What `rulings check` would refuse once the case joins the corpus: a
    /// title or a story (with an edition in common) another case has.
    fn repeats(&self, name: &str, text: &str) -> Option<String> {
        let case = crate::corpus::case::parse_case(name, Path::new(name), text).ok()?;
        let story = |c: &crate::corpus::case::Case| {
            serde_json::to_string(&(&c.dealer, &c.vulnerable, &c.events, &c.regulations)).unwrap_or_default()
        };
        for other in &self.corpus {
            if other.title.trim().eq_ignore_ascii_case(case.title.trim()) {
                return Some(format!("{} ({}) has this title already: say what differs", other.id, other.name));
            }
            if story(other) == story(&case) && other.editions.iter().any(|e| case.editions.contains(e)) {
                return Some(format!(
                    "{} ({}) tells this story already, in the same edition: check that case instead",
                    other.id, other.name
                ));
            }
        }
        None
    }
}

/// The request's JSON, or a plain sentence saying where it is wrong. A
/// meaning the page sends as the director typed it (`{hcp: 22+}`, the case
/// format's flow style) is read as YAML first.
fn read<T: serde::de::DeserializeOwned>(body: &str) -> Result<T, WorkbenchError> {
    let mut value: Value = serde_json::from_str(body).map_err(WorkbenchError::Json)?;
    let events = match value.get_mut("table") {
        Some(t) => t.get_mut("events"),
        None => value.get_mut("events"),
    };
    if let Some(Value::Array(events)) = events {
        for (i, e) in events.iter_mut().enumerate() {
            if let Some(m) = e.get_mut("means") {
                if let Value::String(text) = m {
                    // Aliases refused, as in a case file: a few kilobytes
                    // of them expand to gigabytes.
                    let yaml: serde_yaml::Value = crate::corpus::yaml_guard::from_str_without_aliases(text)
                        .map_err(|r| WorkbenchError::Meaning { event: i + 1, message: r.message })?;
                    *m = serde_json::to_value(yaml)
                        .map_err(|err| WorkbenchError::Meaning { event: i + 1, message: err.to_string() })?;
                }
            }
        }
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let at = e.path().to_string();
        WorkbenchError::Shape { at: (at != ".").then_some(at), message: e.inner().to_string() }
    })
}

/// A table within the limits the protocol sets.
fn checked(t: Table) -> Result<Table, WorkbenchError> {
    if t.events.len() > MAX_EVENTS {
        return Err(WorkbenchError::TooManyEvents(t.events.len()));
    }
    Ok(t)
}

/// A one-line story read into events; its first seat deals.
fn story(text: &str) -> Answer {
    match crate::corpus::story::story_events(text) {
        Ok(events) if events.len() > MAX_EVENTS => {
            refused(400, WorkbenchError::TooManyEvents(events.len()).to_string())
        }
        Ok(events) => Answer { status: 200, body: json!({ "dealer": events[0].seat, "events": events }) },
        Err(e) => refused(400, e),
    }
}

/// The ruling after the last event, with everything the page shows. A
/// story the engine refuses is said, with the refusal, and the ruling's
/// items are left for the director to write.
fn rule(t: &Table) -> Answer {
    let request = t.request();
    let rows = crate::corpus::grid::rows(t.dealer, &t.events);
    let cells: Vec<String> = t.events.iter().map(|e| e.action.to_string()).collect();
    let notes: Vec<String> = t.events.iter().map(crate::corpus::grid::findings).collect();
    let story = crate::corpus::story::story_line(&t.events).ok();
    let mut body = json!({
        "events": t.events, "grid": rows, "cells": cells, "notes": notes, "story": story, "replaces": replaces(t),
    });
    match rulings_engine::rule(&request) {
        Err(e) => {
            let what = match e {
                rulings_engine::RuleError::Unsupported { .. } => "does not rule on this story yet",
                rulings_engine::RuleError::Impossible { .. } => "finds this story impossible",
                _ => "cannot rule on this story",
            };
            body["error"] = json!(format!(
                "The reference engine {what}: {e}. If the story is not what happened, undo the last event. \
                 If it is, write your ruling below, item by item, with why: the case carries the engine's refusal."
            ));
            body["refused"] = json!(e.to_string());
            body["words"] = json!(words::blank());
            body["written"] = json!({});
            body["clauses"] = json!([]);
            body["standing"] = json!(vec![Value::Null; t.events.len()]);
        }
        Ok(ruling) => {
            let items: Vec<Item> = words::in_words(&ruling);
            let engine = crate::corpus::draft::ruling_map(&ruling);
            let written: Map<String, Value> =
                engine.iter().map(|(k, v)| (k.clone(), Value::String(case_text::as_written(v)))).collect();
            let mut clauses: Vec<String> = Vec::new();
            for c in items.iter().flat_map(|i| i.clauses.iter()) {
                if !clauses.contains(c) {
                    clauses.push(c.clone());
                }
            }
            body["words"] = json!(items);
            body["engine"] = Value::Object(engine);
            body["written"] = Value::Object(written);
            body["clauses"] = json!(clauses);
            body["standing"] = json!(standing(t, &ruling));
            body["waiting"] = json!(waiting(&request, &ruling));
        }
    }
    Answer { status: 200, body }
}

/// For each event, whether its call stands in the auction (`false`: it was
/// withdrawn or cancelled, and the page strikes it through); `null` for an
/// event that is not a call. The calls that stand are the ruling's
/// auction, made in rotation from the dealer: each is matched with the
/// first call by its seat, after the one matched before it, that is that
/// call. A call that stands without such an event (a pass put in place of
/// a bid above seven) matches none.
fn standing(t: &Table, ruling: &Ruling) -> Vec<Option<bool>> {
    let mut out: Vec<Option<bool>> =
        t.events.iter().map(|e| matches!(e.action, Action::Call(_)).then_some(false)).collect();
    let mut from = 0;
    for (k, call) in ruling.auction.iter().enumerate() {
        let seat = t.dealer.rotate(k % 4);
        let found =
            t.events.iter().enumerate().skip(from).find(|(_, e)| e.seat == seat && e.action == Action::Call(*call));
        if let Some((i, _)) = found {
            out[i] = Some(true);
            from = i + 1;
        }
    }
    out
}

/// For each event, the earlier call of the same player it may replace: a
/// call made when it was not his turn to call, after a call of his that
/// his partner has not called over since. The director must then find
/// whether that earlier call was unintended (25A: the new call replaces
/// it) or not (25B, or a call out of rotation), and the page asks him.
fn replaces(t: &Table) -> Vec<Option<usize>> {
    let request = t.request();
    let calls = |e: &rulings_engine::Event| matches!(e.action, Action::Call(_));
    (0..t.events.len())
        .map(|i| {
            let e = &t.events[i];
            if !calls(e) {
                return None;
            }
            let p = (0..i).rev().find(|&p| t.events[p].seat == e.seat && calls(&t.events[p]))?;
            if t.events[p + 1..i].iter().any(|o| o.seat == e.seat.partner() && calls(o)) {
                return None;
            }
            let before = rulings_engine::rule(&request.clone().with_events(t.events[..i].to_vec()));
            match before {
                Ok(r) if r.status == Status::Auction && r.next == Some(e.seat) => None,
                Ok(_) => Some(p),
                Err(_) => None,
            }
        })
        .collect()
}

/// Whether `ruling` holds `seat`'s `call` as a call out of rotation.
fn out_of_rotation(ruling: &Ruling, seat: Seat, call: rulings_engine::notation::Call) -> bool {
    use rulings_engine::ruling::Irregularity as I;
    ruling.rulings.iter().any(|x| {
        x.seat == seat
            && x.call == Some(call)
            && matches!(
                x.irregularity,
                I::PassOutOfRotation | I::BidOutOfRotation | I::DoubleOutOfRotation | I::RedoubleOutOfRotation
            )
    })
}

/// What the table waits on after `ruling`.
fn waiting(request: &rulings_engine::Request, ruling: &Ruling) -> Option<Waiting> {
    let name = words::seat_name;
    let empty = |seat, kind, text| Waiting {
        seat,
        kind,
        text,
        options: Vec::new(),
        choices: Vec::new(),
        replacements: Vec::new(),
        next_turn: Vec::new(),
    };
    if let (Status::Decision, Some(d)) = (ruling.status, &ruling.decision) {
        let options: Vec<String> = d
            .options
            .iter()
            .map(|c| serde_json::to_value(c).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default())
            .collect();
        let text = announce::question(request, ruling).unwrap_or_default();
        return Some(Waiting {
            options,
            choices: announce::options(request, ruling),
            ..empty(d.seat, "decision", format!("{text} Tell {} what each choice leads to:", name(d.seat)))
        });
    }
    if ruling.status != Status::Auction {
        return None;
    }
    let next = ruling.next?;
    let events = &request.events;
    let refused = matches!(events.last().map(|e| &e.action), Some(Action::Reject));
    let last_call = events.iter().rev().find_map(|e| match e.action {
        Action::Call(c) => Some((e.seat, c)),
        _ => None,
    });
    match last_call {
        Some((seat, call)) if refused && seat == next => Some(Waiting {
            replacements: announce::calls(request, events, next, ruling, None),
            ..empty(
                next,
                "replacement",
                format!(
                    "{} replaces his {call}, not accepted. Tell him what each call leads to before he calls:",
                    name(next)
                ),
            )
        }),
        Some((seat, call)) if refused && out_of_rotation(ruling, seat, call) => {
            let ways = announce::next_turn(request, seat, call, ruling);
            let tell = if ways.is_empty() {
                String::new()
            } else {
                format!(" Tell {} now what his next turn holds:", name(seat))
            };
            Some(Waiting {
                next_turn: ways,
                ..empty(
                    next,
                    "call",
                    format!("{}'s {call}, out of rotation, is cancelled. {} to call.{tell}", name(seat), name(next)),
                )
            })
        }
        _ => Some(empty(next, "call", format!("{} to call.", name(next)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn api() -> Api {
        Api { used_ids: BTreeSet::new(), corpus: Vec::new(), issue_form: None }
    }

    #[test]
    fn every_regulation_value_is_one_the_engine_reads() {
        for (key, values) in REGULATIONS {
            for v in *values {
                let r: Result<rulings_engine::Regulations, _> = serde_json::from_value(json!({ *key: v }));
                assert!(r.is_ok(), "{key}: {v}");
            }
            let default = serde_json::to_value(rulings_engine::Regulations::default()).expect("json");
            assert!(default.get(*key).is_none(), "{key}: the first value is the default");
        }
    }

    #[test]
    fn bad_input_is_an_answer_not_a_panic() {
        let a = api();
        for (path, body, says) in [
            ("/api/rule", "{", "EOF"),
            ("/api/rule", r#"{"dealer":"Q"}"#, "dealer"),
            ("/api/rule", r#"{"dealer":"N","events":[{"N":"9Q"}]}"#, "events[0]"),
            ("/api/story", r#"{"story":"N 1S, E"}"#, "story event 2"),
            ("/api/nothing", "{}", "no such API"),
            ("/api/case", r#"{"table":{"dealer":"N","events":[{"N":"1S"}]},"marks":[]}"#, "mark at least one item"),
        ] {
            let answer = a.post(path, body);
            assert!(answer.status >= 400, "{path} {body}");
            let e = answer.body["error"].as_str().unwrap_or_default().to_string();
            assert!(e.contains(says), "{path} {body}: {e}");
        }
        let many = format!(r#"{{"dealer":"N","events":[{}]}}"#, vec![r#"{"N":"P"}"#; MAX_EVENTS + 1].join(","));
        assert!(a.post("/api/rule", &many).body["error"].as_str().unwrap_or_default().contains("at most 1000"));
        // An event the engine cannot rule on is said on the page.
        let r = a.post("/api/rule", r#"{"dealer":"N","events":[{"N":"1S"},{"E":"accept"}]}"#);
        assert!(r.body["error"].as_str().unwrap_or_default().contains("finds this story impossible"), "{}", r.body);
    }

    #[test]
    fn a_refused_insufficient_bid_waits_on_its_replacement() {
        let a = api();
        let r = a.post("/api/rule", r#"{"dealer":"N","events":[{"N":"1S"},{"E":"1H"}]}"#).body;
        assert_eq!(r["waiting"]["kind"], "decision");
        assert_eq!(r["waiting"]["options"], json!(["accept", "reject"]));
        let text = r["waiting"]["text"].as_str().unwrap_or_default();
        assert!(text.starts_with("South may accept East's 1H or not (27A1)."), "{text}");
        let accept = &r["waiting"]["choices"][0];
        assert_eq!(accept["call"], "accept");
        let r = a.post("/api/rule", r#"{"dealer":"N","events":[{"N":"1S"},{"E":"1H"},{"S":"reject"}]}"#).body;
        assert_eq!(r["waiting"]["kind"], "replacement");
        let calls: Vec<&str> =
            r["waiting"]["replacements"].as_array().expect("list").iter().filter_map(|x| x["call"].as_str()).collect();
        assert!(calls.contains(&"2H") && calls.contains(&"P"), "{calls:?}");
        let r = a.post("/api/rule", r#"{"dealer":"N","events":[{"N":"1S"},{"E":"1H"},{"S":"reject"},{"E":"P"}]}"#).body;
        let words = r["words"].as_array().expect("words");
        let bar = words.iter().find(|w| w["key"] == "must_pass").expect("must_pass");
        assert_eq!(bar["sentences"][0], "West must pass for the rest of the auction (27B2).");
    }

    #[test]
    fn a_disagreement_needs_its_reason_and_a_value_equal_to_the_engine_s_is_agreement() {
        let a = api();
        let table = json!({"dealer": "N", "events": [{"N": "1S"}, {"E": "1H"}, {"S": "reject"}, {"E": "P"}]});
        let mut body = json!({"table": table, "title": "t", "laws": "27B2", "source": "s",
                              "marks": [{"key": "next", "agree": false, "own": "W"}]});
        let e = a.post("/api/case", &body.to_string()).body["error"].as_str().unwrap_or_default().to_string();
        assert!(e.contains("say why"), "{e}");
        // The engine's own value, left untouched: agreement, no reason needed.
        body["marks"] = json!([{"key": "next", "agree": false, "own": "S"},
                               {"key": "must_pass", "agree": false,
                                "own": [{"seat": "W", "scope": "rest-of-auction", "law": "27B2", "in_force": true}]}]);
        let r = a.post("/api/case", &body.to_string()).body;
        assert_eq!(r["differs"], json!([]), "{r}");
        assert!(r["reference"].is_null(), "{r}");
    }

    #[test]
    fn a_story_the_engine_refuses_still_makes_a_case_with_its_refusal() {
        let a = api();
        // A card seen before the first call: the engine leaves it to Law 16D
        // (the auction has not begun, so Law 24 does not apply) and refuses
        // the story; the director still writes his ruling.
        let table = json!({"edition": "2017", "dealer": "S", "events": [{"S": "exposes D2"}, {"S": "1H"}]});
        let r = a.post("/api/rule", &json!(table).to_string()).body;
        assert!(r["refused"].as_str().unwrap_or_default().contains("not yet supported"), "{r}");
        assert_eq!(r["words"].as_array().map(Vec::len), Some(13));
        let body = json!({"table": table, "title": "S shows the D2 before the first call, then opens 1H",
                          "laws": "16D", "source": "s", "marks": [{"key": "auction", "agree": false, "own": ["1H"],
                          "reason": "16D: the card goes back to the hand; the auction goes on"}]});
        let r = a.post("/api/case", &body.to_string()).body;
        assert!(r["text"].as_str().unwrap_or_default().contains("  auction: [1H]\n"), "{r}");
        let entry = r["reference"].as_str().unwrap_or_default();
        assert!(entry.contains("  refuses: \"S exposes D2 before the first call"), "{entry}");
        // Nothing to agree with.
        let body = json!({"table": table, "title": "x", "laws": "16D", "source": "s",
                          "marks": [{"key": "auction", "agree": true}]});
        let e = a.post("/api/case", &body.to_string()).body["error"].as_str().unwrap_or_default().to_string();
        assert!(e.contains("nothing to agree with"), "{e}");
    }

    #[test]
    fn calls_withdrawn_or_cancelled_do_not_stand() {
        let a = api();
        let r = a.post("/api/rule", r#"{"dealer":"N","events":[{"N":"1S"},{"E":"1H"},{"S":"reject"},{"E":"2H"}]}"#);
        assert_eq!(r.body["standing"], json!([true, false, null, true]));
        let r = a.post("/api/rule", r#"{"dealer":"N","events":[{"E":"1C"},{"S":"reject"},{"N":"P"},{"E":"1C"}]}"#);
        assert_eq!(r.body["standing"], json!([false, null, true, true]));
        // A player calling again when it is not his turn: the page asks
        // whether his first call was unintended; not for a replacement the
        // table waited on.
        let r = a.post("/api/rule", r#"{"dealer":"N","events":[{"N":"1C"},{"N":"1D"},{"E":"P"},{"S":"P"},{"W":"P"}]}"#);
        assert_eq!(r.body["replaces"], json!([null, 0, null, null, null]));
        assert_eq!(r.body["standing"], json!([false, true, true, true, true]), "25B1: East's pass accepts the 1D");
        let r = a.post("/api/rule", r#"{"dealer":"N","events":[{"N":"1S"},{"E":"1H"},{"S":"reject"},{"E":"2H"}]}"#);
        assert_eq!(r.body["replaces"], json!([null, null, null, null]));
        // After a cancelled call out of rotation: what to tell the offender.
        let r = a.post("/api/rule", r#"{"dealer":"N","events":[{"E":"1C"},{"S":"reject"}]}"#).body;
        let text = r["waiting"]["text"].as_str().unwrap_or_default();
        assert!(text.contains("East's 1C, out of rotation, is cancelled. North to call. Tell East"), "{text}");
        assert_eq!(r["waiting"]["next_turn"][0]["when"], "If North passes");
    }

    #[test]
    fn the_case_takes_the_director_s_value_where_he_disagrees() {
        let a = api();
        let body = json!({
            "table": {"dealer": "N", "events": [{"N": "1S"}, {"E": "1H"}, {"S": "reject"}, {"E": "P"}]},
            "title": "1S (1H) refused, replaced by a pass", "laws": "27B2", "source": "a test",
            "marks": [{"key": "next", "agree": false, "own": "W", "reason": "27B2 (a test)"},
                      {"key": "must_pass", "agree": true}],
        });
        let r = a.post("/api/case", &body.to_string());
        assert_eq!(r.status, 200, "{}", r.body);
        let text = r.body["text"].as_str().expect("text");
        assert!(text.contains("expect:\n  # not as the reference engine rules: 27B2 (a test)\n  next: W\n  must_pass:\n    - {seat: W, scope: rest-of-auction"), "{text}");
        assert_eq!(r.body["path"], "cases/law27/1s-1h-refused-replaced-by-a-pass.yaml");
        assert!(r.body["note"].is_null(), "{}", r.body);
        // Against a corpus that tells the same story: said.
        let (text, name) = (text.to_string(), "law27/x.yaml");
        let known = crate::corpus::case::parse_case(name, Path::new(name), &text).expect("the case loads");
        let with = Api { used_ids: BTreeSet::new(), corpus: vec![known], issue_form: None };
        let note = with.post("/api/case", &body.to_string()).body["note"].as_str().unwrap_or_default().to_string();
        assert!(note.contains("has this title already"), "{note}");
        let form = a.post("/api/propose", &body.to_string()).body;
        let form = form["text"].as_str().expect("form");
        assert!(form.contains("### Story\n\nN: 1S\nE: 1H\nS: reject\nE: P\n"), "{form}");
        assert!(form.contains("next, not as the reference engine rules: W, because 27B2 (a test)"), "{form}");
        assert!(form.contains("cases/reference-open.yml"), "{form}");
        // The entry for cases/reference-open.yml, and which item differs.
        let saved = a.post("/api/case", &body.to_string()).body;
        assert_eq!(saved["differs"], json!(["next"]));
        let entry = saved["reference"].as_str().unwrap_or_default();
        assert_eq!(
            entry,
            format!("{}:\n  reason: \"next: 27B2 (a test)\"\n", saved["id"].as_str().unwrap_or_default())
        );
        assert!(form.contains("### Case file\n\n```yaml\nid: "), "{form}");
        // With the repository's address, a prefilled new-issue address too.
        let with = Api { issue_form: Some("https://example.org/o/r/issues/new".into()), ..api() };
        let url = with.post("/api/propose", &body.to_string()).body["url"].as_str().unwrap_or_default().to_string();
        assert!(
            url.starts_with("https://example.org/o/r/issues/new?template=case.yml&title=Case%3A%201S%20%281H%29"),
            "{url}"
        );
        assert!(url.contains("&dealer=N&") && url.contains("&story=N%3A%201S%0AE%3A%201H%0A"), "{url}");
    }
}
