//! `rulings fmt`: a case file in its normal form, and its story converted
//! between the three forms (the `events` list, the one-line `story`, the
//! `grid`).
//!
//! serde_yaml drops comments, and the corpus's comments are much of its
//! worth, so a case is never written back from its parsed value: fmt works
//! on the text, one top-level key at a time, and changes only what it can
//! change around the comments. The normal form:
//!
//! - the top-level keys in the order of docs/case-format.md, each moving
//!   with the comment lines above it (the comments before the first key
//!   stay at the top, those after the last at the end);
//! - two spaces a level of indentation; no spaces at line ends; no blank
//!   line at the start or the end, never two running;
//! - the story in canonical notation (`P`, `X`, `1NT`, letters for suits),
//!   a grid's columns aligned, a one-line story with `, ` between events.
//!
//! Values (titles, sources, the expectation, findings) stay as written. A
//! conversion carries the comments on events along: beside a grid's row
//! (`# E 1H: insufficient`), above a one-line story, beside an event.
//!
//! Every result is read back before it is returned: it must load to the same
//! case (every key, every event, the expectation) and still hold every
//! comment of the original, or the file is refused and left as it is.
//!
//! The steps each have a module: the file cut into its top-level keys
//! ([`document`]), one line's code and comment ([`line`](mod@line)), indentation made
//! two spaces a level ([`reindent()`](reindent::reindent)), calls written canonically
//! ([`notation`]), the story's comments read ([`notes`]) and the story
//! written in another form ([`convert`]).

mod convert;
mod document;
mod form;
mod line;
mod notation;
mod notes;
mod reindent;
#[cfg(test)]
mod tests;

use std::fmt;
use std::path::{Path, PathBuf};

use super::case::{parse_case_all, Case, LoadError, MAX_CASE_BYTES};
use super::load::{corpus_root, walk_corpus};
use convert::story_block;
use document::Doc;
use notes::comment_texts;
use reindent::reindent;

pub use form::Form;

/// The top-level keys in their normal order (docs/case-format.md).
pub const KEY_ORDER: &[&str] = &[
    "id",
    "title",
    "laws",
    "source",
    "editions",
    "tags",
    "dealer",
    "vulnerable",
    "regulations",
    "events",
    "story",
    "grid",
    "expect",
];

/// Why a file is left as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FmtError {
    /// It does not load as a case (or cannot be read): each problem.
    Load(Vec<LoadError>),
    /// The story cannot be told in the form asked for.
    Convert { path: PathBuf, message: String },
    /// The rewritten file would not say the same case, or would lose a
    /// comment: a limit of fmt's, to report.
    Unsafe { path: PathBuf, message: String },
}

impl fmt::Display for FmtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FmtError::Load(errors) => {
                let all: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
                write!(f, "{}", all.join("\n"))
            }
            FmtError::Convert { path, message } => write!(f, "{}: {message}", path.display()),
            FmtError::Unsafe { path, message } => {
                write!(f, "{}: {message}; the file is left as it is (please report this)", path.display())
            }
        }
    }
}

impl std::error::Error for FmtError {}

/// The case files named by `paths` (files, or folders walked as a corpus
/// is), each with its name under its corpus root, and the paths that could
/// not be read.
pub fn case_files(paths: &[PathBuf]) -> (Vec<(String, PathBuf)>, Vec<LoadError>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for p in paths {
        let root = corpus_root(p);
        match std::fs::metadata(p) {
            Ok(m) if m.is_file() => {
                let name = p.strip_prefix(&root).unwrap_or(p).to_string_lossy().replace('\\', "/");
                files.push((name, p.clone()));
            }
            Ok(_) => {
                let found = walk_corpus(&root, p);
                files.extend(found.files);
                errors.extend(found.errors);
            }
            Err(e) => errors.push(LoadError { path: p.clone(), line: 0, column: 0, message: e.to_string() }),
        }
    }
    (files, errors)
}

/// A file's text and its normal form (the same text when it is in it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Formatted {
    pub before: String,
    pub after: String,
}

impl Formatted {
    pub fn changed(&self) -> bool {
        self.before != self.after
    }
}

/// Read the case file `path` and give its normal form, its story in
/// `to`'s form when given.
pub fn format_file(name: &str, path: &Path, to: Option<Form>) -> Result<Formatted, FmtError> {
    let load =
        |message: String| FmtError::Load(vec![LoadError { path: path.to_path_buf(), line: 0, column: 0, message }]);
    let bytes = super::files::read_capped(path, MAX_CASE_BYTES).map_err(|e| load(e.to_string()))?;
    let before = String::from_utf8(bytes).map_err(|_| load("the file is not UTF-8 text".to_string()))?;
    let after = format_text(name, path, &before, to)?;
    Ok(Formatted { before, after })
}

/// The normal form of a case file's text, its story in `to`'s form when
/// given. The text must load as a case; the result loads to the same one.
pub fn format_text(name: &str, path: &Path, text: &str, to: Option<Form>) -> Result<String, FmtError> {
    let case = parse_case_all(name, path, text).map_err(FmtError::Load)?;
    let unsafe_ = |message: String| FmtError::Unsafe { path: path.to_path_buf(), message };
    let source = text.strip_prefix('\u{feff}').unwrap_or(text).replace("\r\n", "\n");
    let mut doc = Doc::split(&source);
    for b in &mut doc.blocks {
        if Form::of_key(&b.key).is_none() {
            b.lines = reindent(&b.lines);
        }
    }
    story_block(&mut doc, &case, to, path)?;
    doc.blocks.sort_by_key(|b| KEY_ORDER.iter().position(|k| *k == b.key).unwrap_or(KEY_ORDER.len()));
    let out = doc.join();
    let again = parse_case_all(name, path, &out).map_err(|e| {
        unsafe_(format!("the rewritten file does not load ({})", e.first().map(|e| e.message.as_str()).unwrap_or("")))
    })?;
    if let Some(key) = differs(&case, &again) {
        return Err(unsafe_(format!("the rewritten file would change the case's `{key}`")));
    }
    let kept = comment_texts(&out);
    if let Some(lost) = comment_texts(&source).into_iter().find(|c| !kept.iter().any(|k| k.contains(c.as_str()))) {
        return Err(unsafe_(format!("the rewritten file would lose the comment `# {lost}`")));
    }
    Ok(out)
}

/// The first key two loadings of a case disagree on.
fn differs(a: &Case, b: &Case) -> Option<&'static str> {
    let same = [
        ("id", a.id == b.id),
        ("title", a.title == b.title),
        ("laws", a.laws == b.laws),
        ("source", a.source == b.source),
        ("editions", a.editions == b.editions),
        ("tags", a.tags == b.tags),
        ("dealer", a.dealer == b.dealer),
        ("vulnerable", a.vulnerable == b.vulnerable),
        ("regulations", a.regulations == b.regulations),
        ("events", a.events == b.events),
        ("expect", a.expect == b.expect && a.british == b.british),
    ];
    same.iter().find(|(_, s)| !s).map(|(k, _)| *k)
}
