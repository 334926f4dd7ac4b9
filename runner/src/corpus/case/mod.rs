//! A case file: its types, and reading one file strictly, each problem
//! reported with file, line and column and a plain sentence. A whole
//! corpus is loaded by [`super::load()`]; one bad file never stops the others
//! from loading.
//!
//! The loaded case and its errors are here; the file as written
//! ([`file`](mod@file)), the expectation ([`expectation`]), reading a file
//! ([`parse`]), what is refused before the YAML parser sees it
//! ([`hazards`]), where a value stands in the text ([`position`]) and the
//! parser's messages in an author's words ([`messages`]) each have a module.

mod expectation;
mod file;
mod hazards;
mod messages;
mod parse;
mod position;

use std::fmt;
use std::path::PathBuf;

use rulings_engine::{Edition, Event, Regulations, Request, Seat, Vulnerability};

pub use expectation::{ruling_value, ExpectNotation, Expectation, ALIASES};
pub use file::{case_file_keys, ClauseId};
pub use hazards::{MAX_INDENT, MAX_NESTING};
pub use parse::{load_case, load_case_all, parse_case, parse_case_all, valid_id};
pub(crate) use position::locate_path;

/// The largest case file we read. A case is a short table story; anything
/// bigger is a mistake (or an attack) and is refused before parsing.
pub const MAX_CASE_BYTES: u64 = 256 * 1024;

/// A problem with one case file, located as precisely as we can.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    pub path: PathBuf,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            // A problem with the file or folder as a whole, not at a place in it.
            write!(f, "{}: {}", self.path.display(), self.message)
        } else {
            write!(f, "{}:{}:{}: {}", self.path.display(), self.line, self.column, self.message)
        }
    }
}

impl std::error::Error for LoadError {}

/// A loaded case.
#[derive(Debug, Clone)]
pub struct Case {
    /// Path relative to the corpus root, with `/` separators ("law27/foo.yaml").
    pub name: String,
    pub path: PathBuf,
    pub id: String,
    pub title: String,
    pub laws: Vec<String>,
    pub source: String,
    pub editions: Vec<Edition>,
    pub tags: Vec<String>,
    pub dealer: Seat,
    pub vulnerable: Vulnerability,
    pub events: Vec<Event>,
    pub regulations: Option<Regulations>,
    pub expect: Expectation,
    /// 1-based line of the `id:` key, for errors that concern the id.
    pub id_line: usize,
    /// The case spells `unauthorised_information` as the Laws do; diffs
    /// shown for it spell the key the same way.
    pub british: bool,
}

impl Case {
    /// The request for one edition: the case's input only, never its
    /// expectation, id, title or source.
    pub fn request(&self, edition: Edition) -> Request {
        Request::new(edition, self.dealer, self.events.clone())
            .with_vulnerable(self.vulnerable)
            .with_regulations(self.regulations)
    }

    /// A bare case citing `laws` in `editions`, for unit tests.
    #[cfg(test)]
    pub(crate) fn for_tests(laws: &[&str], editions: Vec<Edition>) -> Case {
        Case {
            name: "x.yaml".into(),
            path: "x.yaml".into(),
            id: "L99-TEST".into(),
            title: String::new(),
            laws: laws.iter().map(|s| s.to_string()).collect(),
            source: String::new(),
            editions,
            tags: Vec::new(),
            dealer: Seat::N,
            vulnerable: Default::default(),
            events: Vec::new(),
            regulations: None,
            expect: Default::default(),
            id_line: 1,
            british: false,
        }
    }

    /// The top-level folder of the case under the corpus ([`folder_of`]).
    pub fn folder(&self) -> &str {
        folder_of(&self.name)
    }
}

/// The top-level folder of a case named `name` under its corpus ("law27"
/// of "law27/x.yaml"), or "." for a file right in the folder given
/// (`--cases DIR`, as rulings fuzz writes them).
pub fn folder_of(name: &str) -> &str {
    name.split_once('/').map_or(".", |(folder, _)| folder)
}

/// Everything found under the corpus folders: cases that loaded, and one
/// error per file that did not (or per problem across files).
#[derive(Debug, Default)]
pub struct Corpus {
    pub cases: Vec<Case>,
    pub errors: Vec<LoadError>,
    /// Entries under the corpus folders that were passed by, with the reason.
    pub skipped: Vec<(PathBuf, String)>,
}
