//! Why `rulings run` could not be done: the user's setup, said plainly.

use std::fmt;
use std::path::PathBuf;

use crate::judging::listing_error::ListingError;
use crate::replace::ReplaceError;

/// A setup that stops a run (or its report, or the known failures'
/// update); its text is the line the command line shows after `error: `.
#[derive(Debug)]
pub enum SuiteError {
    /// `--update-known-failures` without the file to write.
    UpdateWithoutFile,
    /// `--update-known-failures` with a selection of the cases (it rewrites
    /// the file from the whole corpus); `selection` says which.
    UpdateOfASelection { selection: String },
    /// The known failures or the reference engine's open cases.
    Listing(ListingError),
    /// The traffic log (`--log-traffic`) could not be opened.
    TrafficLog { path: PathBuf, error: std::io::Error },
    /// The known failures are not updated: the program was not asked
    /// every case.
    NotEveryCaseAsked { path: PathBuf },
    /// The known failures are not updated: the run tested nothing (why).
    NothingTested { path: PathBuf, why: String },
    /// The known failures could not be written.
    KnownFailuresUnwritten { path: PathBuf, error: ReplaceError },
    /// The report could not be written into `dir`.
    ReportUnwritten { dir: PathBuf, error: std::io::Error },
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SuiteError::UpdateWithoutFile => {
                write!(f, "--update-known-failures needs --known-failures FILE (the file to write)")
            }
            SuiteError::UpdateOfASelection { selection } => write!(
                f,
                "--update-known-failures rewrites the file from the whole corpus; drop {selection} (or run without \
                 updating)"
            ),
            SuiteError::Listing(e) => e.fmt(f),
            SuiteError::TrafficLog { path, error } => write!(f, "--log-traffic {}: {error}", path.display()),
            SuiteError::NotEveryCaseAsked { path } => write!(
                f,
                "{} is left as it was: the program was not asked every case (it did not start, did not complete \
                 the hello, or its restarts were spent), so this run cannot say what fails",
                path.display()
            ),
            SuiteError::NothingTested { path, why } => {
                write!(f, "{} is left as it was: the run tested nothing ({why})", path.display())
            }
            SuiteError::KnownFailuresUnwritten { path, error } => {
                write!(f, "{}: cannot write the known failures: {error}", path.display())
            }
            SuiteError::ReportUnwritten { dir, error } => {
                write!(f, "{}: cannot write the report: {error}", dir.display())
            }
        }
    }
}

impl std::error::Error for SuiteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SuiteError::Listing(e) => Some(e),
            SuiteError::TrafficLog { error, .. } | SuiteError::ReportUnwritten { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl From<ListingError> for SuiteError {
    fn from(e: ListingError) -> SuiteError {
        SuiteError::Listing(e)
    }
}
