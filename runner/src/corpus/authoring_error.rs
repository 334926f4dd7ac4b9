//! Why a case could not be written into the corpus (`rulings new`,
//! `rulings import-issue`): what the user gave, the corpus's folders, or
//! the file. The text is what the command line shows after `error: `.

use std::fmt;
use std::path::PathBuf;

use rulings_engine::RuleError;

use super::case::LoadError;
use super::fmt::FmtError;

/// A case not written; nothing is left in the corpus.
#[derive(Debug)]
pub enum AuthoringError {
    /// `rulings new LAW` with a LAW that names no law of 1 to 93.
    NoLaw { text: String },
    /// The law's folder is a symbolic link: cases are written only inside
    /// the corpus.
    SymbolicLink { folder: PathBuf },
    /// `--name` that is not a plain case file name.
    NotAFileName { stem: String },
    /// The corpus folder could not be listed.
    CorpusUnreadable { cases: PathBuf, source: std::io::Error },
    /// No folder of the corpus holds the cases of `law`; `folders` are the
    /// law folders there are.
    NoLawFolder { law: u32, folders: Vec<String> },
    /// The case file's path is taken.
    Exists { path: PathBuf },
    /// The case file could not be written.
    Unwritten { path: PathBuf, source: std::io::Error },
    /// A story that does not read (the engine's reason).
    Story(String),
    /// `rulings new --story`: the engine cannot rule on the story.
    NewStoryUnruled(RuleError),
    /// A request or ruling that does not turn into JSON (a bug).
    Json(serde_json::Error),
    /// The issue form gives a field twice (`### label`).
    HeadingTwice { label: String },
    /// The issue form lacks a field, or leaves it empty.
    FieldMissing { label: String },
    /// The form's `Laws` names no edition (the reason).
    Edition(String),
    /// The form's `Clauses` names a clause the registry has not; `hint`,
    /// the nearest one.
    UnknownClause { clause: String, hint: Option<String> },
    /// The form's `Clauses` is empty.
    NoClause,
    /// The form's first clause is of a law the corpus has no folder for.
    NoFolderForLaw { folder: PathBuf, law: u32 },
    /// The form's dealer or vulnerability is not one (serde's reason, when
    /// it gave one).
    DealerOrVulnerability(Option<serde_json::Error>),
    /// The engine cannot rule on the form's story.
    FormStoryUnruled(RuleError),
    /// The form's case file does not load (its first problem).
    CaseFileUnloadable(LoadError),
    /// The form's case file says another `what` than the form's fields.
    CaseFileDiffers { what: &'static str },
    /// The form's case file cannot be put in normal form.
    CaseFileUnformatted(FmtError),
    /// The case written would not pass `rulings check`: at `line` of the
    /// file `shown` (its path under the corpus), for `message`.
    WouldNotPass { shown: PathBuf, line: usize, message: String },
}

impl fmt::Display for AuthoringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use AuthoringError::*;
        match self {
            NoLaw { text } => write!(f, "`{text}` names no law: write its number, as in `rulings new 27`"),
            SymbolicLink { folder } => write!(
                f,
                "{}: a symbolic link; new cases are written only into a folder of the corpus itself",
                folder.display()
            ),
            NotAFileName { stem } => write!(
                f,
                "{stem:?} is not a case file name: use letters, digits and dashes, not starting with `_` or `.` \
                 (such as 1s-1h-corrected-to-2h)"
            ),
            CorpusUnreadable { cases, source } => {
                write!(f, "{}: cannot read the corpus folder: {source}", cases.display())
            }
            NoLawFolder { law, folders } => write!(
                f,
                "the corpus has no folder for Law {law}; the law folders are: {} (a new law needs its clauses in the \
                 registry first: see docs/adding-a-law.md)",
                folders.join(", ")
            ),
            Exists { path } => write!(f, "{} exists already: choose another name", path.display()),
            Unwritten { path, source } => write!(f, "cannot write {}: {source}", path.display()),
            Story(reason) => f.write_str(reason),
            NewStoryUnruled(e) => write!(f, "--story: the engine cannot rule on it: {e}"),
            Json(e) => e.fmt(f),
            HeadingTwice { label } => write!(
                f,
                "the form has `### {}` twice: is a line of a field's text a heading? Indent it, or write it without \
                 `### `",
                crate::text::one_line(label, 60)
            ),
            FieldMissing { label } => write!(f, "the form has no `{label}`"),
            Edition(reason) => write!(f, "Laws: {reason}"),
            UnknownClause { clause, hint } => {
                write!(f, "Clauses: `{clause}` is not in docs/clauses.md")?;
                match hint {
                    Some(h) => write!(f, "; did you mean `{h}`?"),
                    None => Ok(()),
                }
            }
            NoClause => f.write_str("Clauses: none given"),
            NoFolderForLaw { folder, law } => {
                write!(f, "{}: no folder for Law {law} in the corpus", folder.display())
            }
            DealerOrVulnerability(None) => f.write_str("Dealer or Vulnerability"),
            DealerOrVulnerability(Some(e)) => write!(f, "Dealer or Vulnerability: {e}"),
            FormStoryUnruled(e) => write!(f, "the engine cannot rule on the story: {e}"),
            CaseFileUnloadable(e) => write!(f, "Case file: line {}: {}", e.line, e.message),
            CaseFileDiffers { what } => write!(f, "Case file: its {what} is not the form's"),
            CaseFileUnformatted(e) => write!(f, "Case file: {e}"),
            WouldNotPass { shown, line, message } => write!(
                f,
                "the case it would write ({}) would not pass `rulings check`, so none is written: line {line}: \
                 {message}",
                shown.display()
            ),
        }
    }
}

impl std::error::Error for AuthoringError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        use AuthoringError::*;
        match self {
            CorpusUnreadable { source, .. } | Unwritten { source, .. } => Some(source),
            NewStoryUnruled(e) | FormStoryUnruled(e) => Some(e),
            Json(e) | DealerOrVulnerability(Some(e)) => Some(e),
            CaseFileUnloadable(e) => Some(e),
            CaseFileUnformatted(e) => Some(e),
            _ => None,
        }
    }
}

impl From<serde_json::Error> for AuthoringError {
    fn from(e: serde_json::Error) -> AuthoringError {
        AuthoringError::Json(e)
    }
}
