//! The corpus built into the binary (see `runner/build.rs`): what `rulings`
//! runs when the current directory has no `cases/` folder, so that an
//! installed or copied binary works anywhere. Its cases load exactly as
//! the same files on disk do, and its hash is the one a run of that folder
//! writes in its report.

use std::path::{Path, PathBuf};

use crate::corpus::case::{parse_case_all, Corpus};
use crate::corpus::load::finish;
use sha2::{Digest, Sha256};

mod built {
    include!(concat!(env!("OUT_DIR"), "/corpus.rs"));
}

/// How reports and messages name the built-in corpus.
pub const LABEL: &str = "(built in)";

/// Every file of the built-in corpus: (path under its root, bytes).
pub fn files() -> &'static [(&'static str, &'static [u8])] {
    built::FILES
}

/// The path a built-in file is named by in messages.
fn path_of(name: &str) -> PathBuf {
    Path::new(LABEL).join(name)
}

/// The built-in corpus, loaded and checked as `load_corpus` does a folder.
pub fn corpus() -> Corpus {
    let mut corpus = Corpus::default();
    let mut tags = None;
    for (name, bytes) in files() {
        let path = path_of(name);
        let text = String::from_utf8_lossy(bytes);
        if *name == crate::corpus::lint::TAG_REGISTRY {
            match crate::corpus::lint::parse_tags(&text, &path) {
                Ok(t) => tags = Some(t),
                Err(e) => corpus.errors.push(e),
            }
            continue;
        }
        if *name == crate::corpus::load::REFERENCE_OPEN {
            // The reference engine's open cases: read by judging::reference_open.
            continue;
        }
        match parse_case_all(name, &path, &text) {
            Ok(mut c) => {
                c.path = path;
                corpus.cases.push(c);
            }
            Err(e) => corpus.errors.extend(e),
        }
    }
    finish(corpus, tags)
}

/// The hash of the built-in corpus, as [`crate::report::corpus_hash`]
/// gives it for the same files in a folder.
pub fn hash() -> String {
    let mut h = Sha256::new();
    for (name, bytes) in files().iter().filter(|(n, _)| n.ends_with(".yaml")) {
        h.update(format!("0/{name}\0{}\0", bytes.len()).as_bytes());
        h.update(bytes);
    }
    format!("sha256:{:x}", h.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_corpus_is_the_cases_folder() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../cases");
        let on_disk = crate::corpus::load::load_corpus(std::slice::from_ref(&dir));
        let built = corpus();
        assert!(built.errors.is_empty(), "{:?}", built.errors.first());
        assert_eq!(built.cases.len(), on_disk.cases.len());
        let names = |c: &Corpus| c.cases.iter().map(|c| (c.name.clone(), c.id.clone())).collect::<Vec<_>>();
        let (mut a, mut b) = (names(&built), names(&on_disk));
        a.sort();
        b.sort();
        assert_eq!(a, b);
        assert_eq!(hash(), crate::report::corpus_hash(&[dir]));
    }
}
