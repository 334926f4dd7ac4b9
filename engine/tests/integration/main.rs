//! The engine's integration tests, one binary with a module per subject.

mod limits;
mod property;
