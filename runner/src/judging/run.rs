//! A run: every case of a corpus against one implementation, each in its
//! editions (and rotations, when asked), with progress and results.

use rulings_engine::{Edition, Request, Ruling};

use crate::cancel::Cancel;
use crate::corpus::case::{Case, Corpus};
use crate::implementation::{Answer, Implementation};
use crate::judging::outcome::{judge, variants, Outcome, Variant};

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

/// Run every case of `corpus` against `implementation`. The requests are
/// given to it all at once, in case order, so that a program can be
/// pipelined; `progress` is called as answers come, with (answered, total
/// requests, the answer). Once `cancel` is cancelled, the results are those
/// of the runs done so far.
pub fn run(
    corpus: &Corpus,
    implementation: &mut dyn Implementation,
    options: &RunOptions,
    cancel: &Cancel,
    mut progress: impl FnMut(usize, usize, &Answer),
) -> Vec<CaseResult> {
    let rotations = if options.rotations { 4 } else { 1 };
    // Every run of every selected case, with why it is not applicable.
    let mut planned: Vec<(usize, Variant, Option<String>)> = Vec::new();
    for (index, case) in corpus.cases.iter().enumerate() {
        if options.edition.is_some_and(|e| !case.editions.contains(&e)) {
            continue;
        }
        for variant in variants(case, rotations) {
            if options.edition.is_some_and(|e| e != variant.edition) {
                continue;
            }
            planned.push((index, variant, not_applicable(case, variant, implementation)));
        }
    }
    let requests: Vec<Request> = planned
        .iter()
        .filter(|(_, _, na)| na.is_none())
        .map(|(i, v, _)| corpus.cases[*i].request(v.edition).rotate(v.rotation))
        .collect();
    let total = requests.len();
    let mut answers =
        implementation.rule_many(&requests, cancel, &mut |done, answer| progress(done, total, answer)).into_iter();
    let mut results = Vec::with_capacity(planned.len());
    // The ruling as written (rotation 0) of the case and edition at hand.
    let mut unrotated: Option<(usize, Edition, Option<Ruling>)> = None;
    for (index, variant, na) in planned {
        let case = &corpus.cases[index];
        let outcome = match na {
            Some(why) => Outcome::NotApplicable { why },
            None => {
                let answer = match answers.next() {
                    Some(a) => a,
                    // Interrupted (Ctrl-C): the run is the runs done so far.
                    None if cancel.is_cancelled() => break,
                    None => Answer::Error("no answer (a bug in the runner)".into()),
                };
                if variant.rotation == 0 {
                    let ruling = match &answer {
                        Answer::Ruling(r) => Some(r.clone()),
                        _ => None,
                    };
                    unrotated = Some((index, variant.edition, ruling));
                }
                let base = match &unrotated {
                    Some((i, e, Some(r))) if *i == index && *e == variant.edition && variant.rotation != 0 => Some(r),
                    _ => None,
                };
                judge(case, variant, answer, base)
            }
        };
        results.push(CaseResult { case: index, variant, outcome });
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
    let missing: Vec<&str> = crate::corpus::features::required(case)
        .into_iter()
        .filter(|f| !hello.features.iter().any(|h| h == f))
        .collect();
    if !missing.is_empty() {
        return Some(format!("{} does not declare the feature(s) {}", hello.name, missing.join(", ")));
    }
    None
}
