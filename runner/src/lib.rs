//! Rulings: the conformance runner for bridge director rulings.
//!
//! The runner knows nothing of bridge law beyond the types it compares:
//! it loads cases ([`case`]), asks an implementation ([`implementation`]),
//! compares ([`compare`]) and reports ([`summary`], [`report`]). Programs
//! other than the engine are run by [`external`] and read by [`answer`].

pub mod answer;
pub mod authoring;
pub mod bench;
pub mod case;
pub mod compare;
pub mod coverage;
pub mod embedded;
pub mod explain;
pub mod external;
pub mod features;
pub mod files;
pub mod fuzz;
pub mod fuzz_cli;
pub mod grid;
pub mod harness;
pub mod implementation;
pub mod import;
pub mod interrupt;
pub mod junit;
pub mod known_failures;
pub mod lint;
pub mod markdown;
pub mod matrix;
pub mod outcome;
pub mod parallel;
pub mod process_group;
pub mod progress;
pub mod report;
pub mod run;
pub mod select;
pub mod suite;
pub mod summary;
pub mod text;
pub mod traffic;
pub mod verify;

use std::path::PathBuf;

/// The corpus folders a command uses when given none: `cases/` when the
/// current directory has one (a checkout), else none, which means the
/// corpus built into the binary ([`embedded`]).
pub fn default_dirs() -> Vec<PathBuf> {
    let here = PathBuf::from("cases");
    if here.is_dir() {
        vec![here]
    } else {
        Vec::new()
    }
}

/// The corpus of `dirs`; with none, the built-in corpus.
pub fn load(dirs: &[PathBuf]) -> case::Corpus {
    if dirs.is_empty() {
        embedded::corpus()
    } else {
        case::load_corpus(dirs)
    }
}
