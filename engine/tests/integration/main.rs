//! The engine's integration tests, one binary with a module per subject.

mod binary;
mod embedder;
mod limits;
mod property;
