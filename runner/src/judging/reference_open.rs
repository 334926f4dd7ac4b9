//! The reference engine's open cases: the corpus is the authority, and
//! where the engine does not yet rule a case as the Laws do, the case stays
//! and `cases/reference-open.yml` says so, as web-platform-tests keeps its
//! expectations per browser. The file is a known-failures file
//! ([`super::known_failures`]) of the reference engine, kept with the
//! corpus: keyed by case id, each entry with a `reason` citing the clause the
//! engine gets wrong, optionally `editions`, `rotations` and `outcome`, and
//! `refuses: "TEXT"` where the engine cannot rule on the story (the entry
//! then holds only while the engine's refusal says TEXT).
//!
//! ```yaml
//! L36-P3K8:
//!   reason: "16C2: North's 1H, withdrawn under 36A, is listed once, on the offender's partner; the engine lists it on West too"
//! L24-Q7T2:
//!   reason: "16D: a card shown before the first call goes back to the hand; the engine refuses the story"
//!   refuses: "S exposes D2 before the first call"
//! ```
//!
//! `rulings check` reports a listed case's disagreement with the engine as
//! open, not as an error ([`judge_check`]); a run against the reference
//! engine (in process or `rulings-engine`) and `cargo test` count its runs
//! as expected failures; a listed case the engine now rules as the case
//! says is an error, and so is an entry that names no case. A program
//! other than the reference engine is judged on the case's expectation
//! alone: this file does not concern it.

use std::path::{Path, PathBuf};

use rulings_engine::protocol::Hello;
use rulings_engine::Edition;

use crate::corpus::case::{Case, Corpus, LoadError};
use crate::corpus::files::{read_text_capped, ReadError, MAX_KNOWN_FAILURES_BYTES};
use crate::corpus::load::{corpus_root, REFERENCE_OPEN};
use crate::judging::known_failures::{self, KnownFailure, KnownFailures, ListingError, OPEN_IN_THE_REFERENCE};
use crate::judging::outcome::{Outcome, Variant};
use crate::judging::verify::Disagreement;

/// The open cases of a corpus, and the file they were read from.
#[derive(Debug, Clone, Default)]
pub struct OpenCases {
    /// The file, as messages name it (`cases/reference-open.yml`); None
    /// when the corpus has none.
    pub path: Option<PathBuf>,
    pub entries: KnownFailures,
    /// The line of each entry in its file, for messages.
    pub lines: std::collections::BTreeMap<String, usize>,
}

impl OpenCases {
    /// The entry of a case, if it is listed.
    pub fn get(&self, id: &str) -> Option<&KnownFailure> {
        self.entries.get(id)
    }

    /// The file's path for messages.
    pub fn shown(&self) -> PathBuf {
        self.path.clone().unwrap_or_else(|| Path::new("cases").join(REFERENCE_OPEN))
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Is this hello the reference engine's (in process, or the `rulings-engine`
/// program)? Only then do the open cases apply to a run.
pub fn is_reference(hello: &Hello) -> bool {
    hello.name == rulings_engine::NAME
}

/// The open cases of the corpus under `dirs` (the built-in corpus's when
/// `dirs` is empty): the file at each folder's corpus root, merged. No
/// file, no open cases. A file that does not read is an error.
pub fn load(dirs: &[PathBuf]) -> Result<OpenCases, ListingError> {
    if dirs.is_empty() {
        let path = Path::new(crate::corpus::embedded::LABEL).join(REFERENCE_OPEN);
        return match crate::corpus::embedded::files().iter().find(|(n, _)| *n == REFERENCE_OPEN) {
            Some((_, bytes)) => {
                let text = String::from_utf8_lossy(bytes);
                let entries = known_failures::parse(&path, &text)?;
                Ok(OpenCases { path: Some(path), entries, lines: entry_lines(&text) })
            }
            None => Ok(OpenCases::default()),
        };
    }
    let mut open = OpenCases::default();
    let mut roots: Vec<PathBuf> = Vec::new();
    for dir in dirs {
        let root = corpus_root(dir);
        if roots.contains(&root) {
            continue;
        }
        let path = root.join(REFERENCE_OPEN);
        roots.push(root);
        let text = match read_text_capped(&path, MAX_KNOWN_FAILURES_BYTES) {
            Ok(t) => t,
            Err(ReadError::NotFound) => continue,
            Err(error) => {
                return Err(ListingError::Unreadable { path, what: "the reference engine's open cases", error })
            }
        };
        open.entries.extend(known_failures::parse(&path, &text)?);
        open.lines.extend(entry_lines(&text));
        open.path.get_or_insert(path);
    }
    Ok(open)
}

/// The line of each entry (a key at the start of a line), from 1.
fn entry_lines(text: &str) -> std::collections::BTreeMap<String, usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with([' ', '#', '-', '{', '}']))
        .filter_map(|(i, l)| l.split_once(':').map(|(k, _)| (k.trim().trim_matches(['"', '\'']).to_string(), i + 1)))
        .collect()
}

/// Is every one of `dirs` a whole corpus (its root, not a folder of it)?
/// Only then can an entry be found to name no case. No folder: the
/// built-in corpus, whole.
pub fn whole_corpus(dirs: &[PathBuf]) -> bool {
    dirs.iter().all(|d| corpus_root(d) == *d)
}

/// The problems of the file itself, for `rulings check`: an entry naming no
/// case of the corpus (when `whole`, the corpus checked in full), and a
/// reason that cites no clause.
pub fn check_entries(open: &OpenCases, corpus: &Corpus, whole: bool) -> Vec<LoadError> {
    let path = open.shown();
    let at = |id: &str, message: String| LoadError {
        path: path.clone(),
        line: open.lines.get(id).copied().unwrap_or(1),
        column: 1,
        message,
    };
    let mut out = Vec::new();
    if whole {
        for id in known_failures::unknown_ids(&open.entries, corpus) {
            out.push(at(&id, format!("{id}: names no case of this corpus: remove the entry (or fix the id)")));
        }
    }
    for (id, k) in &open.entries {
        if !cites_a_clause(&k.reason) {
            out.push(at(
                id,
                format!("{id}: the reason cites no clause: say why the engine is wrong, naming the clause (as `16C2`)"),
            ));
        }
    }
    out
}

/// Does `text` name a clause of the registry (`16C2`, `27B1(a)`, `Law 36A`)?
fn cites_a_clause(text: &str) -> bool {
    text.split(|c: char| c.is_whitespace() || ",;:\"'".contains(c))
        .map(|w| w.trim_end_matches(['.', ')']).trim_start_matches('('))
        .any(|w| {
            // `27B1(a)` keeps its closing parenthesis; `(16C2)` loses its own.
            let whole = w.strip_suffix('(').unwrap_or(w);
            rulings_engine::clauses::find(whole).is_some()
                || rulings_engine::clauses::find(&format!("{whole})")).is_some()
        })
}

/// What `rulings check` makes of one case's disagreements with the engine.
#[derive(Debug, Default)]
pub struct CheckVerdict {
    /// Disagreements that are errors (the case is not listed, or not for
    /// this), and a listed case the engine now satisfies.
    pub errors: Vec<LoadError>,
    /// The case is listed and the engine disagrees as listed: the reason.
    pub open: Option<String>,
}

/// Judge a case's disagreements with the engine (rotation 0, each of its
/// editions: what `rulings check` rules) against its entry, if any.
///
/// Not listed: every disagreement is an error. Listed: a disagreement the
/// entry covers (its edition, rotation 0, and kind: a refusal saying the
/// entry's `refuses`, or a differing ruling where it has none) makes the
/// case open; one it does not cover stays an error; no covered
/// disagreement at all is an error: the engine now passes. An entry for
/// other rotations only is left to the runs that turn the seats.
pub fn judge_check(case: &Case, found: Vec<Disagreement>, open: &OpenCases) -> CheckVerdict {
    let Some(k) = open.get(&case.id) else {
        return CheckVerdict { errors: found.into_iter().map(|d| d.error).collect(), open: None };
    };
    let listed = |edition: Edition| k.covers(&Variant { edition, rotation: 0 });
    let mut verdict = CheckVerdict::default();
    let mut covered = false;
    for d in found {
        let outcome = match &d.refusal {
            Some(message) => Outcome::Error { message: message.clone() },
            None => Outcome::Failed {
                diff: String::new(),
                grade: crate::judging::compare::Grade { ruling: false, clauses: false },
            },
        };
        if listed(d.edition) && k.expects(&outcome, &Variant { edition: d.edition, rotation: 0 }) {
            covered = true;
            continue;
        }
        let mut error = d.error;
        if listed(d.edition) {
            error.message.push_str(&match (&k.refuses, &d.refusal) {
                (Some(r), Some(_)) => {
                    format!(" ({} lists it as refused with \"{r}\": say what it says now)", open.shown().display())
                }
                (Some(_), None) => {
                    format!(" ({} lists it as refused: the engine now rules; update the entry)", open.shown().display())
                }
                (None, Some(_)) => {
                    format!(" ({} lists it as ruled differently: add `refuses` to the entry)", open.shown().display())
                }
                (None, None) => format!(" ({} lists it, not for this outcome)", open.shown().display()),
            });
        }
        verdict.errors.push(error);
    }
    let judged_here = case.editions.iter().any(|&e| listed(e));
    if covered {
        verdict.open = Some(k.reason_shown());
    } else if judged_here && verdict.errors.is_empty() {
        verdict.errors.push(LoadError {
            path: case.path.clone(),
            line: case.id_line.max(1),
            column: 1,
            message: known_failures::now_passes(&case.id, &open.shown(), &k.reason_shown()),
        });
    } else if !judged_here {
        // Only rotated runs are listed: `rulings run --rotations` and `cargo test` judge them.
        verdict.open = Some(k.reason_shown());
    }
    verdict
}

/// The line `rulings check` shows for an open case.
pub fn open_line(case: &Case, reason: &str) -> String {
    format!("{} ({}): {OPEN_IN_THE_REFERENCE}: {reason}", case.name, case.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_cites_a_clause_of_the_registry() {
        for cited in ["16C2: the engine lists only one call", "as Law 36A says.", "(27B1(a)) not offered", "per 25A1,"]
        {
            assert!(cites_a_clause(cited), "{cited}");
        }
        for uncited in ["the engine is wrong", "Law 99Z says so", "see 1S and 2H", ""] {
            assert!(!cites_a_clause(uncited), "{uncited}");
        }
    }

    #[test]
    fn only_the_reference_engine_has_open_cases() {
        let hello = |name: &str| Hello::new(name, "1", vec![Edition::E2017], Vec::new());
        assert!(is_reference(&hello(rulings_engine::NAME)));
        assert!(!is_reference(&hello("my-engine")));
    }
}
