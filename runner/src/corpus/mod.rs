//! The corpus: case files read strictly ([`case`]), a story's compact forms
//! (one line, a grid: [`story`]), a corpus's folders walked and loaded
//! ([`load()`]), the whole corpus checked ([`lint`]), which cases a run asks
//! ([`select`]) and the protocol features each needs ([`features`]), clause
//! coverage ([`coverage`]), the corpus built into the binary ([`embedded`]),
//! and the tools that write case files ([`authoring`], [`import`], the
//! drafts they share ([`draft`]), and [`fmt`], which rewrites them in their
//! normal form).

pub mod authoring;
pub mod authoring_error;
pub mod case;
pub mod coverage;
pub mod draft;
pub mod embedded;
pub mod features;
pub mod files;
pub mod fmt;
pub mod grid;
pub mod import;
pub mod lint;
pub mod load;
pub mod select;
pub mod story;
pub mod yaml_guard;
pub mod yaml_text;

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
        load::load_corpus(dirs)
    }
}
