//! A run: every case of a corpus against one implementation, each in its
//! editions (and rotations, when asked), with progress and results.

use rulings_engine::Edition;

use crate::case::{Case, Corpus};
use crate::implementation::{Answer, Implementation};
use crate::outcome::{judge, variants, Outcome, Variant};

/// What a run covers.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// Run only the cases that hold for this edition, in this edition.
    pub edition: Option<Edition>,
    /// Run each case in its four seat rotations.
    pub rotations: bool,
}

/// The outcome of one case variant.
#[derive(Debug, Clone)]
pub struct CaseResult {
    /// Index into the corpus's cases.
    pub case: usize,
    pub variant: Variant,
    pub outcome: Outcome,
}

/// Run every case of `corpus` against `implementation`. `progress` is
/// called after each case with (done, total).
pub fn run(
    corpus: &Corpus,
    implementation: &mut dyn Implementation,
    options: &RunOptions,
    mut progress: impl FnMut(usize, usize),
) -> Vec<CaseResult> {
    let rotations = if options.rotations { 4 } else { 1 };
    let selected: Vec<(usize, &Case)> = corpus
        .cases
        .iter()
        .enumerate()
        .filter(|(_, c)| options.edition.map_or(true, |e| c.editions.contains(&e)))
        .collect();
    let mut results = Vec::new();
    for (done, (index, case)) in selected.iter().enumerate() {
        let mut unrotated = None;
        for variant in variants(case, rotations) {
            if options.edition.is_some_and(|e| e != variant.edition) {
                continue;
            }
            let outcome = match not_applicable(case, variant, implementation) {
                Some(why) => Outcome::NotApplicable { why },
                None => {
                    let request = case.request(variant.edition).rotate(variant.rotation);
                    let answer = implementation.rule(&request);
                    if variant.rotation == 0 {
                        unrotated = match &answer {
                            Answer::Ruling(r) => Some(r.clone()),
                            _ => None,
                        };
                    }
                    judge(case, variant, answer, unrotated.as_ref().filter(|_| variant.rotation != 0))
                }
            };
            results.push(CaseResult { case: *index, variant, outcome });
        }
        progress(done + 1, selected.len());
    }
    results
}

/// Why a case cannot be asked of this implementation, if it cannot: an
/// edition or a feature its hello did not declare.
pub fn not_applicable(case: &Case, variant: Variant, implementation: &dyn Implementation) -> Option<String> {
    let hello = implementation.hello();
    if !hello.editions.contains(&variant.edition) {
        return Some(format!("{} does not declare the {} edition", hello.name, variant.edition));
    }
    let missing: Vec<&str> =
        crate::features::required(case).into_iter().filter(|f| !hello.features.iter().any(|h| h == f)).collect();
    if !missing.is_empty() {
        return Some(format!("{} does not declare the feature(s) {}", hello.name, missing.join(", ")));
    }
    None
}
