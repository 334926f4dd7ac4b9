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

use super::case_text::{self, Table, Written};
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
    #[serde(default)]
    pub own: String,
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
/// each option), an offender's replacement (a button for each kind of
/// call, with what it leads to), or a call.
#[derive(Debug, Serialize)]
struct Waiting {
    seat: Seat,
    kind: &'static str,
    text: String,
    options: Vec<String>,
    replacements: Vec<Replacement>,
}

#[derive(Debug, Serialize)]
struct Replacement {
    call: String,
    leads_to: String,
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
                Err(e) => refused(400, e),
            },
            "/api/rule" => match read::<Table>(body).and_then(checked) {
                Ok(t) => rule(&t),
                Err(e) => refused(400, e),
            },
            "/api/case" | "/api/propose" => match read::<CaseRequest>(body) {
                Ok(r) => match checked(r.table.clone()).and_then(|_| self.case(&r)) {
                    Ok((text, name, _, w)) if path == "/api/case" => Answer {
                        status: 200,
                        body: json!({
                            "text": text, "path": format!("cases/{name}"), "id": w.id,
                            "note": self.repeats(&name, &text),
                        }),
                    },
                    Ok((text, _, ruling_words, w)) => {
                        let url = self
                            .issue_form
                            .as_deref()
                            .map(|base| case_text::issue_address(base, &r.table, &w, &ruling_words, &text));
                        Answer {
                            status: 200,
                            body: json!({
                                "text": case_text::issue_form(&r.table, &w, &ruling_words, &text), "url": url,
                            }),
                        }
                    }
                    Err(e) => refused(422, e),
                },
                Err(e) => refused(400, e),
            },
            _ => refused(404, format!("no such API: {path}")),
        }
    }

    /// The case file from the director's marks: each key he agreed with
    /// takes the engine's value, each he disagreed with his own; unmarked
    /// keys are left out. Also the ruling in words for the issue form.
    fn case(&self, r: &CaseRequest) -> Result<(String, String, String, Written), String> {
        for (label, text) in [("title", &r.title), ("clauses' list", &r.laws), ("source", &r.source)] {
            case_text::one_line(label, text.trim())?;
        }
        let ruling = rulings_engine::rule(&r.table.request())
            .map_err(|e| format!("the engine cannot rule on the story, so there is no ruling to mark: {e}"))?;
        let engine = crate::corpus::draft::ruling_map(&ruling);
        let items = words::in_words(&ruling);
        let mut expect = Map::new();
        let mut said = Vec::new();
        for key in engine.keys() {
            let Some(m) = r.marks.iter().find(|m| &m.key == key) else { continue };
            if m.agree {
                expect.insert(key.clone(), engine[key].clone());
                if let Some(i) = items.iter().find(|i| i.key == key) {
                    said.push(i.sentences.join(" "));
                }
            } else {
                let own = case_text::own_value(key, &m.own)?;
                case_text::of_the_key_s_kind(&ruling, key, &own)?;
                said.push(format!(
                    "{key} (not as the engine rules): {}",
                    case_text::as_written(&own).replace('\n', " ")
                ));
                expect.insert(key.clone(), own);
            }
        }
        if let Some(m) = r.marks.iter().find(|m| !engine.contains_key(&m.key)) {
            return Err(format!("`{}` is not a key of a ruling", m.key));
        }
        if expect.is_empty() {
            return Err("mark at least one item of the ruling, agreed or not: the case asserts only those".into());
        }
        let laws: Vec<String> =
            r.laws.split([',', ';', ' ']).map(str::trim).filter(|l| !l.is_empty()).map(str::to_string).collect();
        let law = laws.first().and_then(|l| rulings_engine::clauses::law_number(l)).unwrap_or(0);
        let id = if crate::corpus::case::valid_id(&r.id) && !self.used_ids.contains(&r.id) {
            r.id.clone()
        } else {
            crate::corpus::authoring::mint_id(law, &self.used_ids)
        };
        let w = Written { id, title: r.title.trim().to_string(), laws, source: r.source.trim().to_string(), expect };
        let (text, name) = case_text::case_file(&r.table, &w)?;
        Ok((text, name, said.join("\n"), w))
    }
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
fn read<T: serde::de::DeserializeOwned>(body: &str) -> Result<T, String> {
    let mut value: Value = serde_json::from_str(body).map_err(|e| e.to_string())?;
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
                        .map_err(|r| format!("event {}: means: {}", i + 1, r.message))?;
                    *m = serde_json::to_value(yaml).map_err(|err| format!("event {}: means: {err}", i + 1))?;
                }
            }
        }
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let at = e.path().to_string();
        if at == "." {
            e.inner().to_string()
        } else {
            format!("{at}: {}", e.inner())
        }
    })
}

/// A table within the limits the protocol sets.
fn checked(t: Table) -> Result<Table, String> {
    if t.events.len() > MAX_EVENTS {
        return Err(format!("{} events: a story holds at most {MAX_EVENTS}", t.events.len()));
    }
    Ok(t)
}

/// A one-line story read into events; its first seat deals.
fn story(text: &str) -> Answer {
    match crate::corpus::story::story_events(text) {
        Ok(events) if events.len() > MAX_EVENTS => {
            refused(400, format!("{} events: a story holds at most {MAX_EVENTS}", events.len()))
        }
        Ok(events) => Answer { status: 200, body: json!({ "dealer": events[0].seat, "events": events }) },
        Err(e) => refused(400, e),
    }
}

/// The ruling after the last event, with everything the page shows.
fn rule(t: &Table) -> Answer {
    let request = t.request();
    let rows = crate::corpus::grid::rows(t.dealer, &t.events);
    let cells: Vec<String> = t.events.iter().map(|e| e.action.to_string()).collect();
    let notes: Vec<String> = t.events.iter().map(crate::corpus::grid::findings).collect();
    let story = crate::corpus::story::story_line(&t.events).ok();
    let mut body = json!({ "events": t.events, "grid": rows, "cells": cells, "notes": notes, "story": story });
    match rulings_engine::rule(&request) {
        Err(e) => {
            body["error"] = json!(format!("the engine cannot rule on the story: {e}. Undo the last event."));
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
            body["written"] = Value::Object(written);
            body["clauses"] = json!(clauses);
            body["waiting"] = json!(waiting(&request, &ruling));
        }
    }
    Answer { status: 200, body }
}

/// What the table waits on after `ruling`.
fn waiting(request: &rulings_engine::Request, ruling: &Ruling) -> Option<Waiting> {
    let name = words::seat_name;
    if let (Status::Decision, Some(d)) = (ruling.status, &ruling.decision) {
        let options: Vec<String> = d
            .options
            .iter()
            .map(|c| serde_json::to_value(c).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default())
            .collect();
        // The call the decision is about: the last one made.
        let about = request.events.iter().rev().find_map(|e| match e.action {
            Action::Call(c) => Some(format!("{}'s {c}", name(e.seat))),
            _ => None,
        });
        let text = match about {
            Some(call) if options.len() == 2 => format!("{} may accept {call} or not ({}).", name(d.seat), d.law),
            _ => format!("{} may {} ({}).", name(d.seat), options.join(" or "), d.law),
        };
        return Some(Waiting { seat: d.seat, kind: "decision", text, options, replacements: Vec::new() });
    }
    if ruling.status != Status::Auction {
        return None;
    }
    let next = ruling.next?;
    let events = &request.events;
    let refused = matches!(events.last().map(|e| &e.action), Some(Action::Reject));
    let last_caller = events.iter().rev().find(|e| matches!(e.action, Action::Call(_))).map(|e| e.seat);
    if refused && last_caller == Some(next) {
        let replacements = crate::explain::replacements(events, request, next, ruling)
            .into_iter()
            .map(|(call, leads_to)| Replacement { call: call.to_string(), leads_to })
            .collect();
        return Some(Waiting {
            seat: next,
            kind: "replacement",
            text: format!("{} replaces the call not accepted: each kind of call, and what it leads to.", name(next)),
            options: Vec::new(),
            replacements,
        });
    }
    Some(Waiting {
        seat: next,
        kind: "call",
        text: format!("{} to call.", name(next)),
        options: Vec::new(),
        replacements: Vec::new(),
    })
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
        assert!(r.body["error"].as_str().unwrap_or_default().contains("cannot rule"), "{}", r.body);
    }

    #[test]
    fn a_refused_insufficient_bid_waits_on_its_replacement() {
        let a = api();
        let r = a.post("/api/rule", r#"{"dealer":"N","events":[{"N":"1S"},{"E":"1H"}]}"#).body;
        assert_eq!(r["waiting"]["kind"], "decision");
        assert_eq!(r["waiting"]["options"], json!(["accept", "reject"]));
        assert_eq!(r["waiting"]["text"], "South may accept East's 1H or not (27A1).");
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
    fn the_case_takes_the_director_s_value_where_he_disagrees() {
        let a = api();
        let body = json!({
            "table": {"dealer": "N", "events": [{"N": "1S"}, {"E": "1H"}, {"S": "reject"}, {"E": "P"}]},
            "title": "1S (1H) refused, replaced by a pass", "laws": "27B2", "source": "a test",
            "marks": [{"key": "next", "agree": false, "own": "W"}, {"key": "must_pass", "agree": true}],
        });
        let r = a.post("/api/case", &body.to_string());
        assert_eq!(r.status, 200, "{}", r.body);
        let text = r.body["text"].as_str().expect("text");
        assert!(text.contains("expect:\n  next: W\n  must_pass:\n    - {seat: W, scope: rest-of-auction"), "{text}");
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
        assert!(form.contains("next (not as the engine rules): W"), "{form}");
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
