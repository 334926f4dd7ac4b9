//! A run: every case of a corpus against one implementation, each in its
//! editions (and rotations, when asked), with progress and results.

use rulings_engine::refusal::FirstIrregularCall;
use rulings_engine::{Edition, Request, Ruling};

use crate::cancel::Cancel;
use crate::corpus::case::{Case, Corpus};
use crate::implementation::{Answer, Implementation};
use crate::judging::outcome::{judge, run_name, variants, Outcome, Variant};
use crate::judging::refusal;

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
    /// The run was a refusal check ([`refusal`]), not a ruling asked.
    pub refusal: bool,
}

/// Run every case of `corpus` against `implementation`. The requests are
/// given to it all at once, in case order, so that a program can be
/// pipelined, and each answer is judged as it comes, while the program
/// works on the next; `progress` is called as answers come, with
/// (answered, total requests, the answer). Once `cancel` is cancelled, the
/// results are those of the runs done so far.
pub fn run(
    corpus: &Corpus,
    implementation: &mut dyn Implementation,
    options: &RunOptions,
    cancel: &Cancel,
    mut progress: impl FnMut(usize, usize, &Answer),
) -> Vec<CaseResult> {
    let rotations = if options.rotations { 4 } else { 1 };
    // Every run of every selected case, with what it asks.
    let mut planned: Vec<(usize, Variant, Plan)> = Vec::new();
    for (index, case) in corpus.cases.iter().enumerate() {
        if options.edition.is_some_and(|e| !case.editions.contains(&e)) {
            continue;
        }
        for variant in variants(case, rotations) {
            if options.edition.is_some_and(|e| e != variant.edition) {
                continue;
            }
            planned.push((index, variant, plan(case, variant, implementation)));
        }
    }
    let requests: Vec<Request> = planned.iter().filter_map(|(i, v, p)| p.request(&corpus.cases[*i], *v)).collect();
    // A program's traffic log names the run of each request by the case's id.
    implementation.name_runs(
        planned
            .iter()
            .filter(|(_, _, p)| !matches!(p, Plan::NotApplicable(_)))
            .map(|(i, v, _)| run_name(&corpus.cases[*i].id, v.edition.year(), v.rotation))
            .collect(),
    );
    let total = requests.len();
    let mut judging = Judging {
        corpus,
        planned: planned.into_iter().peekable(),
        results: Vec::with_capacity(total),
        unrotated: None,
    };
    // Each answer is judged on a thread of its own while the implementation
    // works on the next: about a third of the time of a run through the
    // protocol on two cores (`rulings bench`, (b)).
    let judged = std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::channel::<Answer>();
        let judge = scope.spawn(move || {
            for answer in rx {
                judging.answered(answer);
            }
            judging
        });
        implementation.rule_many(&requests, cancel, &mut |done, answer| {
            progress(done, total, &answer);
            let _ = tx.send(answer);
        });
        drop(tx);
        judge.join()
    });
    match judged {
        Ok(judging) => judging.finish(cancel.is_cancelled()),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// The runs of a run, judged in order as their answers come.
struct Judging<'a> {
    corpus: &'a Corpus,
    /// The runs not judged yet.
    planned: std::iter::Peekable<std::vec::IntoIter<(usize, Variant, Plan)>>,
    results: Vec<CaseResult>,
    /// The ruling as written (rotation 0) of the case and edition at hand,
    /// which a rotated run's ruling is compared with.
    unrotated: Option<(usize, Edition, Option<Ruling>)>,
}

impl Judging<'_> {
    /// Record the runs that ask nothing, up to the next that asks.
    fn not_applicable(&mut self) {
        while let Some((index, variant, Plan::NotApplicable(_))) = self.planned.peek() {
            let (index, variant) = (*index, *variant);
            let Some((_, _, Plan::NotApplicable(why))) = self.planned.next() else { break };
            self.results.push(CaseResult {
                case: index,
                variant,
                outcome: Outcome::NotApplicable { why },
                refusal: false,
            });
        }
    }

    /// Judge the next run that asks, on `answer`.
    fn answered(&mut self, answer: Answer) {
        self.not_applicable();
        let Some((index, variant, plan)) = self.planned.next() else { return };
        let case = &self.corpus.cases[index];
        let refusal = matches!(plan, Plan::Refusal(_));
        let outcome = match plan {
            Plan::NotApplicable(why) => Outcome::NotApplicable { why },
            Plan::Refusal(first) => refusal::judge(case, variant, &first, answer),
            Plan::Ruling => {
                if variant.rotation == 0 {
                    let ruling = match &answer {
                        Answer::Ruling(r) => Some(r.clone()),
                        _ => None,
                    };
                    self.unrotated = Some((index, variant.edition, ruling));
                }
                let base = match &self.unrotated {
                    Some((i, e, Some(r))) if *i == index && *e == variant.edition && variant.rotation != 0 => Some(r),
                    _ => None,
                };
                judge(case, variant, answer, base)
            }
        };
        self.results.push(CaseResult { case: index, variant, outcome, refusal });
    }

    /// The results, once every answer is in: the runs left that ask
    /// nothing are recorded; one left that asks is an error, unless the run
    /// was interrupted (then the results end before it).
    fn finish(mut self, cancelled: bool) -> Vec<CaseResult> {
        loop {
            self.not_applicable();
            if cancelled || self.planned.peek().is_none() {
                return self.results;
            }
            self.answered(Answer::Error("no answer (a bug in the runner)".into()));
        }
    }
}

/// What one run of a case asks of an implementation.
#[derive(Debug, Clone, PartialEq)]
pub enum Plan {
    /// Its ruling, judged against the case's expectation.
    Ruling,
    /// That it refuses this call (a program declaring `refusal`; see
    /// [`refusal`]).
    Refusal(FirstIrregularCall),
    /// Nothing: an edition or a feature it did not declare, and no refusal
    /// check.
    NotApplicable(String),
}

impl Plan {
    /// The request this run sends, if it sends one.
    pub fn request(&self, case: &Case, variant: Variant) -> Option<Request> {
        match self {
            Plan::Ruling => Some(case.request(variant.edition).rotate(variant.rotation)),
            Plan::Refusal(_) => Some(refusal::request(case, variant.edition).rotate(variant.rotation)),
            Plan::NotApplicable(_) => None,
        }
    }
}

/// What a run of `case` asks of `implementation`: a ruling when its hello
/// declares the edition and every feature the case needs; else a refusal
/// when the case is a refusal check for it; else nothing.
pub fn plan(case: &Case, variant: Variant, implementation: &dyn Implementation) -> Plan {
    match not_applicable(case, variant, implementation) {
        None => Plan::Ruling,
        Some(why) => match refusal::expected_refusal(case, variant.edition, implementation.hello()) {
            Some(first) => Plan::Refusal(first),
            None => Plan::NotApplicable(why),
        },
    }
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
