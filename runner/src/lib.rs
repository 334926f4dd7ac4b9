//! Rulings: the conformance runner for bridge director rulings.
//!
//! The runner knows nothing of bridge law beyond the types it compares. Its
//! folders are its pipeline:
//!
//! - [`corpus`]: the case files, loaded strictly, checked, selected;
//! - [`implementation`]: what answers the requests: the reference engine in
//!   process, or a program speaking the protocol (process, conversation,
//!   answer checking);
//! - [`judging`]: each answer against the case's expectation, an outcome;
//! - [`report`]: the outcomes written down (JSON Lines, Markdown, JUnit, the
//!   terminal summary, the cross-implementation matrix);
//! - [`fuzz`]: random stories, the reference engine against a program.
//!
//! [`suite`] puts a whole `rulings run` together; the `rulings` binary
//! (src/main.rs) is the command line on top.

pub mod bench;
pub mod corpus;
pub mod explain;
pub mod fuzz;
pub mod fuzz_cli;
pub mod harness;
pub mod implementation;
pub mod interrupt;
pub mod judging;
pub mod progress;
pub mod report;
pub mod suite;
pub mod text;
