//! Lint rules over the whole corpus, beyond what loading one file checks:
//! duplicate titles, duplicate cases (same input and editions), tags not in
//! the registry, and expectations the events cannot reach.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use rulings_engine::{Action, Call};
use serde_json::Value;

use crate::corpus::case::{Case, LoadError};

/// The tag registry: `_tags.yml` at the corpus root (`.yml`, so that tools
/// globbing `cases/**/*.yaml` for cases pass it by), a map from each tag to
/// one line saying what it means. Files whose name starts with `_` are
/// corpus metadata, not cases.
pub const TAG_REGISTRY: &str = "_tags.yml";

/// The tag that marks a case a tool wrote (`rulings fuzz`, `rulings new
/// --story`, `rulings import-issue`) whose expectation no director has
/// checked yet; `rulings check` refuses it inside the corpus.
pub const UNREVIEWED: &str = "unreviewed";

/// Read the tag registry under `root`, if there is one.
pub fn load_tags(root: &Path) -> Result<Option<BTreeMap<String, String>>, LoadError> {
    let path = root.join(TAG_REGISTRY);
    let text = match crate::corpus::files::read_text_capped(&path, crate::corpus::files::MAX_TAGS_BYTES) {
        Ok(t) => t,
        Err(crate::corpus::files::ReadError::NotFound) => return Ok(None),
        Err(e) => {
            return Err(LoadError { path, line: 0, column: 0, message: format!("cannot read the tag registry: {e}") })
        }
    };
    parse_tags(&text, &path).map(Some)
}

/// A tag registry from its text (`path` names it in errors).
pub fn parse_tags(text: &str, path: &Path) -> Result<BTreeMap<String, String>, LoadError> {
    crate::corpus::yaml_guard::from_str_without_aliases(text).map_err(|r| LoadError {
        path: path.to_path_buf(),
        line: r.line,
        column: r.column,
        message: format!("the tag registry is a map of tag: meaning; {}", r.message),
    })
}

/// Is case `a`'s file newer than `b`'s (modified later)? The file just
/// added is the one to blame for a clash; with no times to go by (the
/// built-in corpus), the later in path order is.
pub fn newer(a: &Case, b: &Case) -> bool {
    let time = |c: &Case| std::fs::metadata(&c.path).and_then(|m| m.modified()).ok();
    match (time(a), time(b)) {
        (Some(ta), Some(tb)) if ta != tb => ta > tb,
        _ => a.name > b.name,
    }
}

/// An error at `key` of case `c`.
fn at(c: &Case, key: &str, message: String) -> LoadError {
    LoadError { path: c.path.clone(), line: key_line(&c.path, key).unwrap_or(1), column: 1, message }
}

/// Every lint problem of `cases`, one error on the newer file of each pair
/// (the one just added, most likely; see [`newer`]).
/// Returns the indices of the cases that must not run (duplicates).
pub fn lint(cases: &[Case], tags: Option<&BTreeMap<String, String>>, errors: &mut Vec<LoadError>) -> BTreeSet<usize> {
    let mut drop = BTreeSet::new();
    let mut titles: BTreeMap<String, usize> = BTreeMap::new();
    let mut stories: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, c) in cases.iter().enumerate() {
        let title_key = c.title.trim().to_lowercase();
        if let Some(&j) = titles.get(&title_key) {
            let (blamed, other) = if newer(&cases[j], c) { (j, i) } else { (i, j) };
            if blamed == j {
                titles.insert(title_key, i);
            }
            errors.push(at(
                &cases[blamed],
                "title",
                format!("the title repeats that of {} ({}); say what differs", cases[other].name, cases[other].id),
            ));
        } else {
            titles.insert(title_key, i);
        }
        // One story may be told by several cases only for disjoint editions
        // (a ruling that differs by edition is one case per edition).
        let story = serde_json::to_string(&(&c.dealer, &c.vulnerable, &c.events, &c.regulations)).unwrap_or_default();
        let told = stories.entry(story).or_default();
        if let Some(k) = told.iter().position(|&j| cases[j].editions.iter().any(|e| c.editions.contains(e))) {
            let j = told[k];
            let (blamed, other) = if newer(&cases[j], c) { (j, i) } else { (i, j) };
            if blamed == j {
                told[k] = i;
            }
            errors.push(at(
                &cases[blamed],
                "events",
                format!(
                    "the same story (dealer, vulnerability, events, regulations) as {} ({}) in an edition both list; \
                     one case per story and edition: merge the expectations, or split the editions",
                    cases[other].name, cases[other].id
                ),
            ));
            drop.insert(blamed);
        } else {
            told.push(i);
        }
        if c.tags.iter().any(|t| t == UNREVIEWED) {
            errors.push(at(
                c,
                "tags",
                format!(
                    "an unreviewed case (a tool wrote it: rulings fuzz, new --story or import-issue): check its \
                     expectation against the Laws and the director's ruling, cite the clauses, then remove the \
                     `{}` tag",
                    UNREVIEWED
                ),
            ));
        }
        if let Some(registry) = tags {
            for t in &c.tags {
                if !registry.contains_key(t) {
                    errors.push(at(
                        c,
                        "tags",
                        format!("tag `{t}` is not in the registry (cases/{TAG_REGISTRY}): use a listed tag or add it with one line of meaning"),
                    ));
                }
            }
        }
        if let Some(message) = unreachable_expectation(c) {
            errors.push(at(c, "expect", message));
        }
        let text = std::fs::read_to_string(&c.path).unwrap_or_default();
        if let Some(e) = control_character(c, &text) {
            errors.push(e);
        }
    }
    drop
}

/// The first control character in a text field of case `c` (its title,
/// source, tags, the notes and meanings of its events, the text of its
/// expectation), as an error at the field's line in `text`, the file's
/// text: a case's text is printed by `explain`, `run` and the reports, and
/// an escape written in YAML (`"\e]0;...\a"`, `"\x1b[2J"`) would reach the
/// reader's terminal as a command (retitle it, clear the screen). The
/// newline and the tab are text; every other control character, and the
/// Unicode line and paragraph separators, are refused
/// ([`crate::text::first_hazard`]).
pub fn control_character(c: &Case, text: &str) -> Option<LoadError> {
    let mut fields: Vec<(String, &str)> = vec![("title".into(), &c.title), ("source".into(), &c.source)];
    fields.extend(c.tags.iter().enumerate().map(|(i, t)| (format!("tags[{i}]"), t.as_str())));
    let events = serde_json::to_value(&c.events).unwrap_or(Value::Null);
    let expect = c.expect.to_value();
    let mut nested = Vec::new();
    strings_in(&events, "events".into(), &mut nested);
    strings_in(&expect, "expect".into(), &mut nested);
    fields.extend(nested.iter().map(|(p, t)| (p.clone(), *t)));
    let (field, ch) = fields.iter().find_map(|(p, t)| crate::text::first_hazard(t).map(|ch| (p, ch)))?;
    let top = field.split(['.', '[']).next().unwrap_or(field);
    // A story told as `story:` or `grid:` has no `events` key to point at.
    let line = crate::corpus::case::locate_path(text, field)
        .map(|(l, _)| l)
        .or_else(|| {
            ["events", "story", "grid"].iter().find_map(|k| key_line_in(text, if top == "events" { k } else { top }))
        })
        .unwrap_or(1);
    Some(LoadError { path: c.path.clone(), line, column: 1, message: control_message(field, ch) })
}

/// What [`control_character`] says of the control character `ch` in the
/// text field `field` (`title`, `events[2].means`).
pub fn control_message(field: &str, ch: char) -> String {
    format!(
        "`{field}` holds the control character U+{:04X} (written as an escape such as `\\e` or `\\x1b`?); a \
         case's text is plain text, which a terminal shows and does not obey: remove it",
        ch as u32
    )
}

/// Every string in `v` with its serde path (`events[2].means`), in order.
fn strings_in<'a>(v: &'a Value, path: String, out: &mut Vec<(String, &'a str)>) {
    match v {
        Value::String(s) => out.push((path, s)),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                strings_in(item, format!("{path}[{i}]"), out);
            }
        }
        Value::Object(map) => {
            for (k, item) in map {
                strings_in(item, format!("{path}.{k}"), out);
            }
        }
        _ => {}
    }
}

/// A cheap check that the story can reach the state the expectation names,
/// without ruling on it: an auction over needs at least three passes (four
/// for a pass-out); a decision pending needs at least one call. The passes
/// are those of the expected `auction` when the case names it (a lost turn
/// or a pass deemed made, 28A and 29A, shows there as a pass the story does
/// not tell), else the story's, a bid above seven counting as the pass put
/// in its place (38C). (Calls may be withdrawn, replaced or cancelled, so
/// no stronger check is sound without the Laws; the engine's run does the
/// rest.)
fn unreachable_expectation(c: &Case) -> Option<String> {
    let status = c.expect.get("status").and_then(Value::as_str);
    let expected = c.expect.get("auction").and_then(Value::as_array);
    let (passes, whose) = match expected {
        Some(calls) => (calls.iter().filter(|call| call.as_str() == Some("P")).count(), "its auction"),
        // A bid above seven is cancelled and a pass put in its place (38B,
        // 38C): it may be one of the passes that end the auction.
        None => (
            c.events
                .iter()
                .filter(|e| {
                    e.action == Action::Call(Call::Pass)
                        || matches!(e.action, Action::Call(Call::Bid(b)) if b.level > 7)
                })
                .count(),
            "the story",
        ),
    };
    let calls = c.events.iter().filter(|e| matches!(e.action, Action::Call(_))).count();
    let wants_end = matches!(status, Some("closed")) || c.expect.get("contract").is_some_and(|v| !v.is_null());
    if wants_end && passes < 3 {
        return Some(format!("the expectation says the auction is over, but {whose} has fewer than three passes"));
    }
    if status == Some("passed-out") && passes < 4 {
        return Some(format!("the expectation says the board is passed out, but {whose} has fewer than four passes"));
    }
    let wants_decision = status == Some("decision") || c.expect.get("decision").is_some_and(|v| !v.is_null());
    if wants_decision && calls == 0 {
        return Some("the expectation waits on a decision, but nobody has called".to_string());
    }
    None
}

fn key_line(path: &Path, key: &str) -> Option<usize> {
    key_line_in(&std::fs::read_to_string(path).ok()?, key)
}

/// The 1-based line of the top-level `key` in a case file's text.
fn key_line_in(text: &str, key: &str) -> Option<usize> {
    let prefix = format!("{key}:");
    text.lines().position(|l| l.starts_with(&prefix)).map(|i| i + 1)
}
