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
pub mod summary;

use std::io::Write as _;
use std::path::{Path, PathBuf};

pub use jsonl::{
    corpus_hash, header, suite_version, utc, utc_now, CaseLine, CorpusInfo, Footer, GradeInfo, Header, Report, RunInfo,
    Totals, FORMAT,
};

/// Write `text` to `path` atomically: a temporary file beside it, then a rename.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let tmp = stage(path, text)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Write `text` to a temporary file beside `path`, to be renamed into
/// place; the temporary file's path.
fn stage(path: &Path, text: &str) -> std::io::Result<PathBuf> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()
    })();
    match result {
        Ok(()) => Ok(tmp),
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(e)
        }
    }
}

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
    let mut staged: Vec<(PathBuf, PathBuf)> = Vec::new();
    let unstage = |staged: &[(PathBuf, PathBuf)]| {
        for (tmp, _) in staged {
            let _ = std::fs::remove_file(tmp);
        }
    };
    for (path, text) in &files {
        if path.is_dir() {
            unstage(&staged);
            return Err(std::io::Error::other(format!(
                "{}: a folder is in the way; the earlier report is left as it was",
                path.display()
            )));
        }
        match stage(path, text) {
            Ok(tmp) => staged.push((tmp, path.clone())),
            Err(e) => {
                unstage(&staged);
                return Err(named(path, e));
            }
        }
    }
    let mut written = Vec::new();
    for (k, (tmp, path)) in staged.iter().enumerate() {
        if let Err(e) = std::fs::rename(tmp, path) {
            unstage(&staged[k..]);
            return Err(named(path, e));
        }
        written.push(path.clone());
    }
    Ok(written)
}

/// A small report for tests: one passed run and one error whose title,
/// detail and program name are `text`.
/// `rulings report FILE`: render report.md and junit.xml again from a
/// JSON Lines report, into `out` (default: the report's folder).
pub fn rerender(jsonl: &std::path::Path, out: Option<&std::path::Path>) -> Result<Vec<PathBuf>, String> {
    let text = crate::corpus::files::read_text_capped(jsonl, crate::corpus::files::MAX_REPORT_BYTES)
        .map_err(|e| format!("{}: {e}", jsonl.display()))?;
    let report = Report::from_jsonl(&text).map_err(|e| format!("{}: {e}", jsonl.display()))?;
    let dir = out.map(PathBuf::from).unwrap_or_else(|| {
        jsonl.parent().filter(|p| !p.as_os_str().is_empty()).map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."))
    });
    let files = [(dir.join(MARKDOWN), markdown::render(&report)), (dir.join(JUNIT), junit::render(&report))];
    let mut written = Vec::new();
    for (path, text) in files {
        write_atomic(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}
