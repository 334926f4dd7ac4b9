//! The engine's integration tests, one binary with a module per subject.

mod binary;
mod limits;
mod property;
