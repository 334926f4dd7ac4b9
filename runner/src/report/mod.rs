//! The report of a run (docs/implementers.md, "The report"): a JSON Lines file that is
//! the source of truth, and the Markdown and JUnit XML rendered from it
//! ([`crate::report::markdown`], [`crate::report::junit`]).
//!
//! `report.jsonl`: a header (suite version, corpus hash, the
//! implementation's hello, the options, the start time), one line per run
//! of a case (id, path, edition, rotation, outcome, grade, detail), sorted
//! by path, edition and rotation, and a footer with the totals. Times
//! appear in the header only, so a report diffs cleanly against the last.
//! Files are written atomically (a temporary file, then a rename).

pub mod jsonl;
pub mod junit;
pub mod markdown;
pub mod matrix;
pub mod progress;
pub mod read_error;
pub mod summary;

use std::path::{Path, PathBuf};

pub use jsonl::{
    corpus_hash, header, suite_version, utc, utc_now, CaseLine, CorpusInfo, Footer, GradeInfo, Header, Report, RunInfo,
    Totals, FORMAT,
};
pub use read_error::ReportReadError;

use crate::replace::stage;
/// Write `text` to `path` atomically ([`crate::replace::write_atomic`]).
pub use crate::replace::write_atomic;

/// The files of a report folder.
pub const JSONL: &str = "report.jsonl";
pub const MARKDOWN: &str = "report.md";
pub const JUNIT: &str = "junit.xml";

/// Write the report's three files into `dir`, as a set: all three are
/// written beside their places first, and moved into place only when all
/// three are written and none of their places is taken by a folder, so that
/// a failure leaves the earlier report whole. The error names the file.
pub fn write_dir(dir: &Path, report: &Report) -> std::io::Result<Vec<PathBuf>> {
    let files = [
        (dir.join(JSONL), report.to_jsonl()),
        (dir.join(MARKDOWN), crate::report::markdown::render(report)),
        (dir.join(JUNIT), crate::report::junit::render(report)),
    ];
    let named = |path: &Path, e: std::io::Error| std::io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    // Temporary files not moved into place are removed when dropped.
    let mut staged = Vec::new();
    for (path, text) in &files {
        if path.is_dir() {
            return Err(std::io::Error::other(format!(
                "{}: a folder is in the way; the earlier report is left as it was",
                path.display()
            )));
        }
        staged.push((stage(path, text).map_err(|e| named(path, e))?, path.clone()));
    }
    let mut written = Vec::new();
    for (tmp, path) in staged {
        tmp.persist(&path).map_err(|e| named(&path, e.error))?;
        written.push(path);
    }
    Ok(written)
}

/// A small report for tests: one passed run and one error whose title,
/// detail and program name are `text`.
/// Why `rulings report` rendered nothing, or not every file.
#[derive(Debug)]
pub enum RerenderError {
    /// The JSON Lines report at `path` does not read back.
    Unread { path: PathBuf, error: ReportReadError },
    /// The rendered file at `path` could not be written.
    Unwritten { path: PathBuf, source: std::io::Error },
}

impl std::fmt::Display for RerenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RerenderError::Unread { path, error } => write!(f, "{}: {error}", path.display()),
            RerenderError::Unwritten { path, source } => write!(f, "{}: {source}", path.display()),
        }
    }
}

impl std::error::Error for RerenderError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RerenderError::Unread { error, .. } => Some(error),
            RerenderError::Unwritten { source, .. } => Some(source),
        }
    }
}

/// `rulings report FILE`: render report.md and junit.xml again from a
/// JSON Lines report, into `out` (default: the report's folder).
pub fn rerender(jsonl: &std::path::Path, out: Option<&std::path::Path>) -> Result<Vec<PathBuf>, RerenderError> {
    let report =
        Report::read(jsonl, &mut |_| {}).map_err(|error| RerenderError::Unread { path: jsonl.to_path_buf(), error })?;
    let dir = out.map(PathBuf::from).unwrap_or_else(|| {
        jsonl.parent().filter(|p| !p.as_os_str().is_empty()).map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."))
    });
    let files = [(dir.join(MARKDOWN), markdown::render(&report)), (dir.join(JUNIT), junit::render(&report))];
    let mut written = Vec::new();
    for (path, text) in files {
        if let Err(source) = write_atomic(&path, &text) {
            return Err(RerenderError::Unwritten { path, source });
        }
        written.push(path);
    }
    Ok(written)
}
