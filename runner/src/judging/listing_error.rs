//! Why a listing of expected failures (a program's known failures, or the
//! reference engine's open cases, cases/reference-open.yml) cannot be used.

use std::fmt;
use std::path::PathBuf;

use crate::corpus::files::ReadError;

/// A listing that does not read, or says something it may not. Each
/// names the file; its text is the message the command line shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListingError {
    /// The file could not be read; `what` names the listing.
    Unreadable { path: PathBuf, what: &'static str, error: ReadError },
    /// A case id listed twice: `message` names both lines.
    Duplicate { path: PathBuf, message: String },
    /// The text is not a map from case id to an entry.
    NotAMap { path: PathBuf, line: usize, column: usize, message: String },
    /// A rotation out of 0 to 3.
    Rotation { path: PathBuf, id: String, rotation: usize },
    /// `refuses` with an outcome other than `error`.
    RefusesNotAnError { path: PathBuf, id: String, outcome: &'static str },
    /// `refuses` without the engine's message.
    RefusesEmpty { path: PathBuf, id: String },
    /// `refuses` in a program's known failures (the reference engine's open
    /// cases alone say it).
    RefusesInAProgramList { path: PathBuf, id: String },
    /// `--strict-known-failures`: entries whose reason is still TODO.
    Todo { path: PathBuf, ids: Vec<String> },
}

impl fmt::Display for ListingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListingError::Unreadable { path, what, error } => {
                write!(f, "{}: cannot read {what}: {error}", path.display())
            }
            ListingError::Duplicate { path, message } => write!(f, "{}:{message}", path.display()),
            ListingError::NotAMap { path, line, column, message } => write!(
                f,
                "{}:{line}:{column}: the known failures are a map from case id to {{reason, issue, editions, \
                 rotations, outcome}}: {message}",
                path.display()
            ),
            ListingError::Rotation { path, id, rotation } => {
                write!(f, "{}: {id}: rotation {rotation} (0 to 3)", path.display())
            }
            ListingError::RefusesNotAnError { path, id, outcome } => write!(
                f,
                "{}: {id}: `refuses` is an error of the engine's: its outcome is `error`, not `{outcome}`",
                path.display()
            ),
            ListingError::RefusesEmpty { path, id } => {
                write!(f, "{}: {id}: `refuses` is empty: give the engine's message", path.display())
            }
            ListingError::RefusesInAProgramList { path, id } => write!(
                f,
                "{}: {id}: `refuses` belongs to the reference engine's open cases (cases/reference-open.yml); a \
                 program's known failure says `outcome: error` instead",
                path.display()
            ),
            ListingError::Todo { path, ids } => write!(
                f,
                "{}: {} entr{} still without a reason (TODO): {}; write why each fails (--strict-known-failures)",
                path.display(),
                ids.len(),
                if ids.len() == 1 { "y is" } else { "ies are" },
                ids.join(", ")
            ),
        }
    }
}

impl std::error::Error for ListingError {}
