//! Why a message could not be sent to the program under test, or why what
//! it sent is not in the shape the schemas give it. The text goes into the
//! fault or protocol violation the run reports.

use std::fmt;

use serde_json::Value;

/// A message not sent, or a hello or ruling that does not fit its schema
/// (`at` is the place in the message: `ruling.rulings[0].law`).
#[derive(Debug)]
pub enum ExternalError {
    /// The runner has closed the program's stdin already.
    StdinClosed,
    /// The program no longer reads its stdin (the writer has stopped).
    StdinGone,
    /// Writing to the program's stdin failed.
    Write(std::io::Error),
    /// A value that is not of the type the schema gives it there.
    Misfit { at: String, source: serde_json::Error },
    /// The value read does not turn back into JSON (a bug).
    NotWrittenBack(serde_json::Error),
    /// A key the schema does not have.
    UnknownKey { at: String, key: String },
    /// A key the schema requires (every key is always written).
    MissingKey { at: String, key: String },
    /// A value written otherwise than its canonical form (the values
    /// boxed: an error stays small on the path of every answer read).
    NotCanonical { at: String, seen: Box<Value>, canonical: Box<Value> },
    /// A contract of a bid above the seven level.
    NotAContract { bid: String },
    /// A clause not written as a clause id (`at` under `ruling.`).
    NotAClause { at: String, law: String },
    /// A clause `score_adjustment` names twice, the second at `index`.
    NamedTwice { index: usize, clause: String },
}

impl fmt::Display for ExternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ExternalError::*;
        match self {
            StdinClosed => f.write_str("stdin is closed"),
            StdinGone => f.write_str("the program's stdin is closed"),
            Write(e) => e.fmt(f),
            Misfit { at, source } => write!(f, "at `{at}`: {source}"),
            NotWrittenBack(e) => write!(f, "cannot write it back: {e}"),
            UnknownKey { at, key } => write!(f, "at `{at}`: unknown key `{key}`"),
            MissingKey { at, key } => write!(
                f,
                "at `{at}`: missing key `{key}` (every key is always present; null or [] when it does not apply)"
            ),
            NotCanonical { at, seen, canonical } => {
                write!(f, "at `{at}`: {seen} is not in canonical form; write {canonical}")
            }
            NotAContract { bid } => write!(f, "at `ruling.contract.bid`: {bid} cannot be a contract"),
            NotAClause { at, law } => {
                write!(f, "at `ruling.{at}`: {law:?} is not a clause id (write it as 27B1(a), 16C2, 23C)")
            }
            NamedTwice { index, clause } => {
                write!(f, "at `ruling.score_adjustment[{index}]`: {clause} is named twice")
            }
        }
    }
}

impl std::error::Error for ExternalError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ExternalError::Write(e) => Some(e),
            ExternalError::Misfit { source, .. } | ExternalError::NotWrittenBack(source) => Some(source),
            _ => None,
        }
    }
}
