//! Why a report.jsonl does not read back ([`super::Report::from_jsonl`]):
//! the line at fault, and what is wrong there.

use std::fmt;

use crate::judging::outcome::OutcomeKind;

/// A report that does not read back: what is wrong, at which line (none
/// for a line that is missing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// The line at fault, counted from 1.
    pub line: Option<usize>,
    /// What is wrong there.
    pub problem: Problem,
}

/// What is wrong in a report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A line after the footer (on line `footer`).
    AfterFooter { footer: usize },
    /// A line that is not a record of the report (serde's words).
    NotARecord(String),
    /// A second header.
    SecondHeader,
    /// A report format this rulings does not read.
    Format { found: u32, suite: String },
    /// A case line before the header.
    CaseBeforeHeader { id: String },
    /// The footer before the header.
    FooterBeforeHeader,
    /// A case line's edition is none of the Laws'.
    Edition { id: String, edition: String },
    /// A case line's rotation is out of 0 to 3.
    Rotation { id: String, rotation: usize },
    /// The footer's count of runs is not the case lines'.
    Runs { said: usize, held: usize },
    /// The footer's count of an outcome is not the case lines'.
    Count { outcome: OutcomeKind, said: usize, counted: usize },
    /// The footer's count of right rulings with a wrong clause.
    WrongClause { said: usize, counted: usize },
    /// The footer's verdict is not the case lines'.
    Result { said: String, counted: &'static str },
    /// No header line.
    NoHeader,
    /// No footer line.
    NoFooter,
}

impl ReadError {
    /// `problem` at line `line`.
    pub fn at(line: usize, problem: Problem) -> ReadError {
        ReadError { line: Some(line), problem }
    }
}

impl From<Problem> for ReadError {
    fn from(problem: Problem) -> ReadError {
        ReadError { line: None, problem }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(n) => write!(f, "line {n}: {}", self.problem),
            None => self.problem.fmt(f),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::AfterFooter { footer } => {
                write!(f, "a line after the footer (line {footer}); the footer ends a report")
            }
            Problem::NotARecord(e) => f.write_str(e),
            Problem::SecondHeader => f.write_str("a second header; a report has one, on its first line"),
            Problem::Format { found, suite } => write!(
                f,
                "report format {found}; this rulings reads format {} (written by {suite})",
                super::jsonl::FORMAT
            ),
            Problem::CaseBeforeHeader { id } => write!(f, "a case ({id}) before the header"),
            Problem::FooterBeforeHeader => f.write_str("a footer before the header"),
            Problem::Edition { id, edition } => write!(f, "{id}: unknown edition `{edition}` (1997, 2007 or 2017)"),
            Problem::Rotation { id, rotation } => write!(f, "{id}: rotation {rotation} (0 to 3)"),
            Problem::Runs { said, held } => {
                write!(f, "the footer counts {said} runs; the report holds {held} case lines")
            }
            Problem::Count { outcome, said, counted } => {
                write!(f, "the footer counts {said} {outcome}; the case lines hold {counted}")
            }
            Problem::WrongClause { said, counted } => {
                write!(f, "the footer counts {said} right rulings with a wrong clause; the case lines hold {counted}")
            }
            Problem::Result { said, counted } => {
                write!(f, "the footer's result is `{said}`; the case lines make it `{counted}`")
            }
            Problem::NoHeader => f.write_str("the report has no header line"),
            Problem::NoFooter => f.write_str("the report has no footer line (was the run cut short?)"),
        }
    }
}

impl std::error::Error for ReadError {}
