//! The engine's integration tests, one binary with a module per subject.

mod embedder;
mod limits;
mod property;
