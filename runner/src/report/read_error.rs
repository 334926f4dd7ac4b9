//! Why a report.jsonl cannot be read back (`rulings report`, `rulings
//! compare`): the file itself, or the line at fault and what is wrong
//! with it. The text is what the command line shows after the file's name.

use std::fmt;

use crate::corpus::files::ReadError;
use crate::judging::outcome::OutcomeKind;

/// A report that does not read back. `line` is the line of the file at
/// fault, counted from 1.
#[derive(Debug)]
pub enum ReportReadError {
    /// The file is missing, not a regular file, or over the size read.
    File(ReadError),
    /// The file could not be opened or read.
    Io(std::io::Error),
    /// A line that is not UTF-8.
    NotUtf8 { line: usize },
    /// A line that is not a header, case or footer record.
    Json { line: usize, source: serde_json::Error },
    /// A line after the footer (on line `footer`).
    AfterFooter { line: usize, footer: usize },
    /// A second header, or a header after case lines.
    SecondHeader { line: usize },
    /// A report of format `format` (written by `suite`), where this runner
    /// reads format `reads`.
    Format { line: usize, format: u32, reads: u32, suite: String },
    /// A case line before the header.
    CaseBeforeHeader { line: usize, id: String },
    /// A footer before the header.
    FooterBeforeHeader { line: usize },
    /// A case line of an edition the Laws have not.
    UnknownEdition { line: usize, id: String, edition: String },
    /// A case line with a rotation out of 0 to 3.
    Rotation { line: usize, id: String, rotation: usize },
    /// The footer's count of runs is not the number of case lines.
    FooterRuns { line: usize, said: usize, held: usize },
    /// The footer's count of an outcome is not the case lines'.
    FooterTotal { line: usize, outcome: OutcomeKind, said: usize, held: usize },
    /// The footer's count of right rulings with a wrong clause.
    FooterWrongClause { line: usize, said: usize, held: usize },
    /// The footer's result is not what the case lines make it.
    FooterResult { line: usize, said: String, made: &'static str },
    /// No header line at all.
    NoHeader,
    /// No footer line: the run was most likely cut short.
    NoFooter,
}

impl ReportReadError {
    /// The line at fault, if the problem is at one.
    pub fn line(&self) -> Option<usize> {
        use ReportReadError::*;
        match self {
            NotUtf8 { line }
            | Json { line, .. }
            | AfterFooter { line, .. }
            | SecondHeader { line }
            | Format { line, .. }
            | CaseBeforeHeader { line, .. }
            | FooterBeforeHeader { line }
            | UnknownEdition { line, .. }
            | Rotation { line, .. }
            | FooterRuns { line, .. }
            | FooterTotal { line, .. }
            | FooterWrongClause { line, .. }
            | FooterResult { line, .. } => Some(*line),
            File(_) | Io(_) | NoHeader | NoFooter => None,
        }
    }
}

impl fmt::Display for ReportReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ReportReadError::*;
        match self {
            File(e) => e.fmt(f),
            Io(e) => write!(f, "cannot read the file: {e}"),
            NotUtf8 { line } => write!(f, "line {line}: not UTF-8 text; save it as UTF-8"),
            Json { line, source } => write!(f, "line {line}: {source}"),
            AfterFooter { line, footer } => {
                write!(f, "line {line}: a line after the footer (line {footer}); the footer ends a report")
            }
            SecondHeader { line } => write!(f, "line {line}: a second header; a report has one, on its first line"),
            Format { line, format, reads, suite } => {
                write!(f, "line {line}: report format {format}; this rulings reads format {reads} (written by {suite})")
            }
            CaseBeforeHeader { line, id } => write!(f, "line {line}: a case ({id}) before the header"),
            FooterBeforeHeader { line } => write!(f, "line {line}: a footer before the header"),
            UnknownEdition { line, id, edition } => {
                write!(f, "line {line}: {id}: unknown edition `{edition}` (1997, 2007 or 2017)")
            }
            Rotation { line, id, rotation } => write!(f, "line {line}: {id}: rotation {rotation} (0 to 3)"),
            FooterRuns { line, said, held } => {
                write!(f, "line {line}: the footer counts {said} runs; the report holds {held} case lines")
            }
            FooterTotal { line, outcome, said, held } => {
                write!(f, "line {line}: the footer counts {said} {outcome}; the case lines hold {held}")
            }
            FooterWrongClause { line, said, held } => write!(
                f,
                "line {line}: the footer counts {said} right rulings with a wrong clause; the case lines hold {held}"
            ),
            FooterResult { line, said, made } => {
                write!(f, "line {line}: the footer's result is `{said}`; the case lines make it `{made}`")
            }
            NoHeader => f.write_str("the report has no header line"),
            NoFooter => f.write_str("the report has no footer line (was the run cut short?)"),
        }
    }
}

impl std::error::Error for ReportReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReportReadError::File(e) => Some(e),
            ReportReadError::Io(e) => Some(e),
            ReportReadError::Json { source, .. } => Some(source),
            _ => None,
        }
    }
}
