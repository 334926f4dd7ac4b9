//! `rulings check` rules every case with the reference engine, so that a
//! case author learns at once, at the line, where the engine's ruling and
//! the case's expectation part: `expected next: W, the engine rules E`. An
//! event the engine cannot rule on is reported at that event's line. And a
//! story that holds an irregularity the expectation does not mention (2D
//! over 2H, say, where the author meant 3D) gets a warning at the event.

use std::path::Path;

use rulings_engine::{rule, Edition};
use serde_json::Value;

use crate::corpus::case::ruling_value;
use crate::corpus::case::{locate_path, Case, LoadError};
use crate::judging::compare::{differing_keys, project};

/// What checking one case with the engine found.
#[derive(Debug, Default)]
pub struct Verified {
    /// Where the engine and the case part, each at its line.
    pub disagreements: Vec<Disagreement>,
    pub warnings: Vec<LoadError>,
}

impl Verified {
    /// The disagreements as messages at their lines (a refusal the same in
    /// every edition, once).
    pub fn errors(&self) -> Vec<LoadError> {
        let mut out: Vec<LoadError> = Vec::new();
        for d in &self.disagreements {
            if !out.iter().any(|e| e.message == d.error.message && e.line == d.error.line) {
                out.push(d.error.clone());
            }
        }
        out
    }
}

/// One way the engine's ruling and the case's expectation part.
#[derive(Debug, Clone)]
pub struct Disagreement {
    /// The edition of the Laws it was ruled in.
    pub edition: Edition,
    /// The engine cannot rule on the story: its message, as an error of a
    /// run gives it (`event 3: ...`). None: it ruled otherwise.
    pub refusal: Option<String>,
    /// The message at the case's line.
    pub error: LoadError,
}

/// The line of key `key` inside the case's `expect:` block, or of
/// `expect:` itself.
fn expect_line(text: &str, key: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    let Some(start) = lines.iter().position(|l| l.starts_with("expect:")) else { return 1 };
    let prefix = format!("{key}:");
    lines[start + 1..]
        .iter()
        .take_while(|l| l.is_empty() || l.starts_with(' ') || l.starts_with('#'))
        .position(|l| l.trim_start().starts_with(&prefix))
        .map_or(start + 1, |i| start + 2 + i)
}

/// A value in one line, for a message.
fn compact(v: &Value) -> String {
    // As the case file writes it (`[{seat: E, call: 1H, ...}]`), not JSON.
    let text = match v {
        Value::String(s) => s.clone(),
        other => crate::corpus::draft::flow(other),
    };
    if text.chars().count() > 120 {
        format!("{}…", text.chars().take(120).collect::<String>())
    } else {
        text
    }
}

/// Rule `case` in each of its editions and compare.
pub fn verify(case: &Case) -> Verified {
    let text = std::fs::read_to_string(&case.path).unwrap_or_default();
    let at = |line: usize, column: usize, message: String| LoadError {
        path: case.path.clone(),
        line: line.max(1),
        column: column.max(1),
        message,
    };
    let event_at = |i: usize| locate_path(&text, &format!("events[{i}]")).unwrap_or((1, 1));
    let mut out = Verified::default();
    let several = case.editions.len() > 1;
    for &edition in &case.editions {
        let laws = if several { format!(" ({edition} Laws)") } else { String::new() };
        match rule(&case.request(edition)) {
            Err(refusal) => {
                let (event, message) = (refusal.event(), refusal.message());
                let (line, column) = event_at(event);
                let e = at(line, column, format!("the engine cannot rule on this event{laws}: {message}"));
                out.disagreements.push(Disagreement { edition, refusal: Some(refusal.to_string()), error: e });
            }
            Ok(ruling) => {
                let expected = case.expect.to_value();
                let actual = ruling_value(&ruling);
                for key in differing_keys(&expected, &actual) {
                    let want = expected.get(&key).cloned().unwrap_or(Value::Null);
                    let got = project(&want, actual.get(&key).unwrap_or(&Value::Null));
                    let shown = crate::corpus::case::Expectation::in_the_case_s_spelling(&key, case.british);
                    // The conventions that surprise directors, named where they bite.
                    let convention = if key == "rulings" && want.to_string().contains("change-of-call") {
                        " (by convention a change of call's entry names the call that replaced the other one, \
                         not the one withdrawn: docs/conventions.md, Law 25)"
                    } else {
                        ""
                    };
                    let e = at(
                        expect_line(&text, &shown),
                        3,
                        format!(
                            "expected {shown}: {}, the engine rules {}{laws}{convention} (`rulings explain {}` shows why)",
                            compact(&want),
                            compact(&got),
                            case.id
                        ),
                    );
                    out.disagreements.push(Disagreement { edition, refusal: None, error: e });
                }
                // A story that ends with a player holding an option, where the
                // case says nothing of a decision: an irregularity unmeant?
                let status = case.expect.get("status").and_then(Value::as_str);
                if let (Some(d), None, false) =
                    (&ruling.decision, &case.expect.get("decision"), status == Some("decision"))
                {
                    let last = case.events.len().saturating_sub(1);
                    let (line, column) = event_at(last);
                    let e = &case.events[last];
                    let w = at(
                        line,
                        column,
                        format!(
                            "after {}'s {}, the engine waits on {}'s decision under {} (accept or reject){laws}; if \
                             that is the story, say so in expect (status: decision)",
                            e.seat, e.action, d.seat, d.law
                        ),
                    );
                    if !out.warnings.iter().any(|x| x.message == w.message) {
                        out.warnings.push(w);
                    }
                }
                // Irregularities the engine found that the case does not name,
                // in its expectation or its title.
                if case.expect.get("rulings").is_none() {
                    let title: Vec<String> =
                        case.title.split(|c: char| !c.is_ascii_alphanumeric()).map(str::to_uppercase).collect();
                    for r in &ruling.rulings {
                        let what = r.call.map_or_else(|| "cards".to_string(), |c| c.to_string());
                        if title.contains(&what.to_uppercase()) {
                            continue;
                        }
                        let i = case
                            .events
                            .iter()
                            .position(|e| e.seat == r.seat && e.action.to_string() == what)
                            .unwrap_or(0);
                        let (line, column) = event_at(i);
                        let irregularity = serde_json::to_value(r.irregularity)
                            .ok()
                            .and_then(|v| v.as_str().map(str::to_string))
                            .unwrap_or_default();
                        let w = at(
                            line,
                            column,
                            format!(
                                "{}'s {what} is an irregularity to the engine ({irregularity}, {}); if that is the \
                                 story, list it in expect.rulings",
                                r.seat, r.law
                            ),
                        );
                        if !out.warnings.iter().any(|x| x.message == w.message) {
                            out.warnings.push(w);
                        }
                    }
                }
            }
        }
    }
    out
}

/// Whether `path` is a case file on disk (the built-in corpus has none to
/// point into; its cases are checked all the same).
pub fn on_disk(path: &Path) -> bool {
    path.is_file()
}
