//! The runner's integration tests, one binary with a module per subject
//! (one binary links once, where a file per subject linked each apart).
//! The corpus itself runs under its own harness: tests/corpus.rs.

mod common;
mod schema_validator;

mod architecture;
mod cli;
mod docs;
mod external;
mod families;
mod fmt;
mod fuzz;
mod hostile;
mod hostile_cli;
mod interrupt;
mod judge;
mod known_failures;
mod loading;
mod msrv;
mod python_adapter;
mod reading;
mod reference_open;
mod refusal;
mod schemas;
mod workbench;
mod workbench_hostile;
mod yaml_parsers;
