//! Why `rulings fuzz` cannot write a finding as a case file, or cannot
//! write into the folder it was given. (The io and YAML errors are shared
//! behind an `Arc`: a finding, and the error of its file, are cloned.)

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use crate::corpus::fmt::FmtError;

/// A finding's case file not written, or `--out` unusable.
#[derive(Debug, Clone)]
pub enum FuzzError {
    /// `--out` (`dir`) is, or lies under, the file `existing`.
    NotAFolder { dir: PathBuf, existing: PathBuf },
    /// The folder could not be made.
    FolderUnmade { dir: PathBuf, source: Arc<std::io::Error> },
    /// The case file could not be written.
    Unwritten { path: PathBuf, source: Arc<std::io::Error> },
    /// The story or the expectation does not turn into YAML.
    Yaml(Arc<serde_yaml::Error>),
    /// The story's regulations do not turn into a map of options.
    Regulations,
    /// The case does not come out of `rulings fmt` (a bug: it is written
    /// by the runner).
    Unformatted(FmtError),
}

impl fmt::Display for FuzzError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FuzzError::NotAFolder { dir, existing } => {
                let what = if existing == dir { "it is".to_string() } else { format!("{} is", existing.display()) };
                write!(f, "{}: {what} a file, not a folder to write the findings into: give a folder", dir.display())
            }
            FuzzError::FolderUnmade { dir: path, source } | FuzzError::Unwritten { path, source } => {
                write!(f, "{}: {source}", path.display())
            }
            FuzzError::Yaml(e) => e.fmt(f),
            FuzzError::Regulations => f.write_str("the story's regulations cannot be written"),
            FuzzError::Unformatted(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FuzzError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FuzzError::FolderUnmade { source, .. } | FuzzError::Unwritten { source, .. } => Some(source.as_ref()),
            FuzzError::Yaml(e) => Some(e.as_ref()),
            FuzzError::Unformatted(e) => Some(e),
            FuzzError::NotAFolder { .. } | FuzzError::Regulations => None,
        }
    }
}
