//! Judging: an implementation's answers against the cases. A run asks
//! every case in its editions and rotations ([`run`]); each answer becomes
//! an [`outcome::Outcome`], a ruling compared with the expectation
//! ([`compare`]); known failures turn expected failures into what they are
//! ([`known_failures`]); `rulings check` judges the corpus itself against
//! the reference engine ([`verify`]).

pub mod compare;
pub mod known_failures;
pub mod known_failures_text;
pub mod line_diff;
pub mod listing_error;
pub mod outcome;
pub mod reference_open;
pub mod refusal;
pub mod run;
pub mod verify;
