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
//! - [`fuzz`]: random stories, the reference engine against a program;
//! - [`workbench`]: the director's web page, the engine in process behind it.
//!
//! [`suite`] puts a whole `rulings run` together; [`replace`] writes a
//! file in place of another, keeping what it was. The library returns
//! values and never prints: long work tells an [`suite::Observer`] how it
//! goes, and stops when its [`cancel::Cancel`] token is cancelled. The
//! `rulings` binary (src/main.rs, src/cli/) is the command line on top.

// The module docs name their private parts on purpose, for whoever reads the
// source or `cargo doc --document-private-items` (CONTRIBUTING.md).
#![allow(rustdoc::private_intra_doc_links)]

pub mod bench;
pub mod cancel;
pub mod corpus;
pub mod explain;
pub mod fuzz;
pub mod harness;
pub mod implementation;
pub mod judging;
pub mod replace;
pub mod report;
pub mod suite;
pub mod suite_error;
pub mod text;
pub mod workbench;
