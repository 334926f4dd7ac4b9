//! The checks that `cargo test` runs, built here so that the runner's own
//! tests can run them too: one check per case, edition and seat rotation,
//! named by the case's path under the corpus; one failing check per case
//! file that does not load.

use std::path::Path;
use std::sync::Arc;

use crate::case::{load_corpus, Case};
use crate::implementation::{Answer, Implementation, InProcess};
use crate::outcome::{judge, variants, Outcome, Variant};

/// A named check: Ok, or the message a human reads.
pub struct Check {
    pub name: String,
    pub run: Box<dyn FnOnce() -> Result<(), String> + Send>,
}

/// Every check for the corpus under `root`: each loaded case's variants,
/// and one failing check per problem (a file that does not load is named
/// by its path; a lint problem on a case that loaded, by its path and
/// `::lint`).
pub fn checks(root: &Path) -> Vec<Check> {
    let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let corpus = load_corpus(std::slice::from_ref(&root));
    let mut out = Vec::new();
    for e in corpus.errors {
        let rel = e.path.strip_prefix(&root).unwrap_or(&e.path);
        let mut name = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
        if corpus.cases.iter().any(|c| c.path == e.path) {
            name.push_str("::lint");
        }
        let msg = e.to_string();
        out.push(Check { name, run: Box::new(move || Err(msg)) });
    }
    for case in corpus.cases {
        out.extend(case_checks(case));
    }
    out
}

/// The checks of one case: each edition, in four rotations. A rotated
/// check also requires the ruling, turned back, to equal the unrotated one.
fn case_checks(case: Case) -> Vec<Check> {
    let case = Arc::new(case);
    variants(&case, 4)
        .into_iter()
        .map(|variant| {
            let case = case.clone();
            Check { name: variant.trial_name(&case), run: Box::new(move || check_variant(&case, variant)) }
        })
        .collect()
}

fn check_variant(case: &Case, variant: Variant) -> Result<(), String> {
    let mut engine = InProcess::new();
    let unrotated = if variant.rotation == 0 {
        None
    } else {
        match engine.rule(&case.request(variant.edition)) {
            Answer::Ruling(r) => Some(r),
            _ => None,
        }
    };
    let answer = engine.rule(&case.request(variant.edition).rotate(variant.rotation));
    match judge(case, variant, answer, unrotated.as_ref()) {
        Outcome::Passed => Ok(()),
        other => {
            let seating = match variant.rotation {
                0 => String::new(),
                n => format!(
                    "\n(run with every seat moved {n} place(s) clockwise; the ruling was turned back before comparing)"
                ),
            };
            Err(format!("{} ({}: {}){seating}\n{other}", case.path.display(), case.id, case.title))
        }
    }
}
