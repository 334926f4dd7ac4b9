//! `rulings fuzz`: differential fuzzing. Random table stories, seeded and
//! reproducible, played as the Laws play the table ([`generator`]), are
//! ruled on by the reference engine (in process) and by the program under
//! test; each story is also asked turned one seat clockwise (the program's
//! ruling must turn with it). A program is asked only stories within what
//! its hello declares ([`scope`]). Disagreements are grouped by what
//! differs, the clause and the irregularity ([`findings`]), counted, and the
//! smallest story of each group is shrunk ([`shrink`]) and written as an
//! unreviewed case ([`case_file`]), the reference's ruling as its
//! expectation, for a director to check against the Laws. Skipped stories,
//! errors and the program's own faults are counted apart: never agreement,
//! never a disagreement ([`ask`]).
//!
//! A program declaring `refusal` is also asked the stories outside its
//! features whose first irregular call is of a family it does not declare
//! ([`crate::judging::refusal::refusal_of`]): it must refuse that call.
//! Its disagreements there are grouped, shrunk and written as the others:
//! the case file holds the story and the reference's ruling, and the runner
//! itself turns such a case into the same refusal check for a program that
//! does not declare the call's family (docs/implementers.md).

pub mod ask;
pub mod case_file;
pub mod error;
pub mod findings;
pub mod generator;
pub mod report;
pub mod scope;
pub mod shrink;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use rulings_engine::protocol::Hello;
use rulings_engine::refusal::FirstIrregularCall;
use rulings_engine::{rule, Request, Ruling};

use crate::cancel::Cancel;
use crate::implementation::Implementation;
use crate::judging::refusal::refusal_of;

pub use findings::Group;
pub use generator::Rng;
pub use report::render;
pub use scope::Scope;

/// One group of disagreements.
#[derive(Debug, Clone)]
pub struct Finding {
    pub group: Group,
    /// Every top-level key that differs on the shrunk story.
    pub keys: Vec<String>,
    /// How many stories disagreed so.
    pub hits: u64,
    /// The number of the smallest story that did (with the seed, it replays it).
    pub index: u64,
    /// That story, shrunk.
    pub story: Request,
    /// The reference's ruling on the shrunk story.
    pub reference: Ruling,
    /// The call the program was to refuse in the shrunk story, when the
    /// group is of stories it must refuse.
    pub refusal: Option<FirstIrregularCall>,
    /// Where its case file was written, or why it was not.
    pub written: Option<Result<PathBuf, error::FuzzError>>,
}

/// Answers that are no ruling, of one kind: how many, the first story
/// that got one, and what the program said of it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    pub count: u64,
    pub first: u64,
    pub detail: String,
}

/// What a fuzzing run did.
#[derive(Debug, Default)]
pub struct Summary {
    /// Stopped by a cancellation (Ctrl-C) before `count` or the time limit.
    pub interrupted: bool,
    /// Stopped because `--max-findings` groups were found.
    pub stopped_at_max: bool,
    /// The program could not be asked any more: why.
    pub not_run: Option<String>,
    pub generated: u64,
    /// Stories the program answered (each with its turned copy).
    pub asked: u64,
    pub agreed: u64,
    /// Of the stories asked, those the program was to refuse (it declares
    /// `refusal`, and not the family of the story's first irregular call).
    pub refusals: u64,
    /// Stories on which the program ruled otherwise, over every group.
    pub differed: u64,
    pub not_ruled: u64,
    pub out_of_scope: u64,
    /// Outside `--law`.
    pub unfocused: u64,
    pub findings: Vec<Finding>,
    /// By reason.
    pub skipped: BTreeMap<String, Tally>,
    /// By message.
    pub errors: BTreeMap<String, Tally>,
    /// By fault (crash, time-out, protocol-violation).
    pub faults: BTreeMap<String, Tally>,
    /// How many asked stories' rulings cite each clause.
    pub exercised: BTreeMap<String, u64>,
    /// How many asked stories set each regulation option off its default
    /// (by its feature).
    pub options: BTreeMap<&'static str, u64>,
    pub took: Duration,
}

impl Summary {
    /// Did the program answer every story asked with a ruling equal to the
    /// reference's?
    pub fn clean(&self) -> bool {
        self.findings.is_empty()
            && self.skipped.is_empty()
            && self.errors.is_empty()
            && self.faults.is_empty()
            && self.not_run.is_none()
    }
}

pub struct Options {
    pub seed: u64,
    pub count: u64,
    pub time: Option<Duration>,
    /// Where to write the shrunk cases (none: not written).
    pub out: Option<PathBuf>,
    /// Stop after this many groups of disagreement.
    pub max_findings: usize,
    /// `--feature`: draw irregularities of these families only.
    pub features: Vec<String>,
    /// `--law`: ask only stories whose ruling cites these clauses.
    pub laws: Vec<String>,
}

impl Options {
    pub fn new(seed: u64, count: u64) -> Options {
        Options { seed, count, time: None, out: None, max_findings: 10, features: Vec::new(), laws: Vec::new() }
    }
}

/// Stories asked at a time: the program is sent them all before the first
/// answer is read.
const BATCH: usize = 500;

/// Is `story` (on which the reference rules `reference`) asked of the
/// program? Some(None) when it is within its declared features; Some(the
/// call to refuse) when it is outside them only by its first irregular
/// call, of a family the program refuses; None when it is not asked.
///
/// A story that needs no feature yet holds an irregular call is one the
/// reference has not ruled on yet (LHO refused an insufficient bid, the
/// table waits on the replacement: the ruling cites no clause): it too is
/// to be refused by a program that refuses that call.
pub fn asked(scope: &Scope, hello: &Hello, story: &Request, reference: &Ruling) -> Option<Option<FirstIrregularCall>> {
    if !scope.editions.contains(&story.edition) {
        return None;
    }
    let refusal = refusal_of(story, hello);
    if scope.admits(story, reference) && (refusal.is_none() || !scope::needs(story, reference).is_empty()) {
        return Some(None);
    }
    refusal.map(Some)
}

fn tally(map: &mut BTreeMap<String, Tally>, what: String, detail: String, index: u64) {
    let t = map.entry(what).or_insert(Tally { count: 0, first: index, detail });
    t.count += 1;
}

/// Run the fuzzer against `program`, until `options.count` stories, the
/// time limit, `--max-findings` groups, a program that can no longer be
/// run, or `cancel` (the summary says which).
pub fn fuzz(
    program: &mut dyn Implementation,
    options: &Options,
    cancel: &Cancel,
    mut progress: impl FnMut(&Summary),
) -> Summary {
    let hello = program.hello().clone();
    let scope = Scope::of(&hello).focused(&options.features, &options.laws);
    let mut summary = Summary::default();
    if scope.editions.is_empty() {
        return summary;
    }
    let started = Instant::now();
    let mut rng = Rng::new(options.seed);
    // The smallest story of each group so far, and its hits.
    let mut groups: BTreeMap<Group, (u64, u64, Request, Ruling)> = BTreeMap::new();
    let mut order: Vec<Group> = Vec::new();
    'run: while summary.generated < options.count && options.time.is_none_or(|t| started.elapsed() < t) {
        if cancel.is_cancelled() {
            summary.interrupted = true;
            break;
        }
        let mut batch: Vec<(u64, Request, Ruling, Option<FirstIrregularCall>)> = Vec::with_capacity(BATCH);
        while batch.len() < BATCH && summary.generated < options.count {
            let index = summary.generated;
            summary.generated += 1;
            let g = generator::story(&mut rng, &scope);
            let reference = match g.ruling {
                Some(r) => r,
                None => match rule(&g.story) {
                    Ok(r) => r,
                    Err(_) => {
                        summary.not_ruled += 1;
                        continue;
                    }
                },
            };
            let Some(refusal) = asked(&scope, &hello, &g.story, &reference) else {
                summary.out_of_scope += 1;
                continue;
            };
            if !scope.focuses_on(&reference) {
                summary.unfocused += 1;
                continue;
            }
            batch.push((index, g.story, reference, refusal));
        }
        let asking: Vec<ask::Question> = batch
            .iter()
            .map(|(_, story, reference, refusal)| ask::Question { story, reference, refusal: *refusal })
            .collect();
        let verdicts = ask::ask(program, &asking, cancel);
        for ((index, story, reference, refusal), verdict) in batch.into_iter().zip(verdicts) {
            if let ask::Verdict::NotRun(why) = verdict {
                summary.not_run = Some(why);
                break 'run;
            }
            summary.asked += 1;
            if refusal.is_some() {
                summary.refusals += 1;
            }
            for c in scope::clauses(&reference) {
                *summary.exercised.entry(c).or_default() += 1;
            }
            for option in story.regulations.map(|r| r.features()).unwrap_or_default() {
                *summary.options.entry(option).or_default() += 1;
            }
            match verdict {
                ask::Verdict::Agrees => summary.agreed += 1,
                ask::Verdict::Differs(group, _) => {
                    summary.differed += 1;
                    match groups.get_mut(&group) {
                        Some((hits, first, s, r)) => {
                            *hits += 1;
                            if story.events.len() < s.events.len() {
                                (*first, *s, *r) = (index, story, reference);
                            }
                        }
                        None => {
                            order.push(group.clone());
                            groups.insert(group, (1, index, story, reference));
                        }
                    }
                }
                ask::Verdict::Skipped(reason) => tally(&mut summary.skipped, reason.clone(), reason, index),
                ask::Verdict::Error(message) => tally(&mut summary.errors, message.clone(), message, index),
                ask::Verdict::Fault(kind, detail) => tally(&mut summary.faults, kind, detail, index),
                ask::Verdict::NotRun(_) => {}
            }
        }
        summary.took = started.elapsed();
        progress(&summary);
        if groups.len() >= options.max_findings {
            summary.stopped_at_max = true;
            break;
        }
    }
    if cancel.is_cancelled() && summary.generated < options.count {
        summary.interrupted = true;
    }
    // Each group's smallest story, shrunk and written, in the order found.
    for group in order.into_iter().take(options.max_findings) {
        let Some((hits, index, story, reference)) = groups.remove(&group) else { continue };
        let (story, reference, keys) = match summary.not_run {
            Some(_) => (story, reference, Vec::new()),
            None => shrink::shrink(program, &scope, &group, story.clone()).unwrap_or((story, reference, Vec::new())),
        };
        let refusal = asked(&scope, &hello, &story, &reference).flatten();
        let mut finding = Finding { group, keys, hits, index, story, reference, refusal, written: None };
        if let Some(dir) = &options.out {
            let w = case_file::Written {
                group: &finding.group,
                keys: &finding.keys,
                story: &finding.story,
                reference: &finding.reference,
                refusal: finding.refusal.as_ref(),
                index,
                seed: options.seed,
            };
            finding.written = Some(case_file::write_case(dir, &w, &hello));
        }
        summary.findings.push(finding);
    }
    summary.took = started.elapsed();
    summary
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::InProcess;

    /// A fuzz session whose token is cancelled (Ctrl-C) stops generating
    /// and says it was interrupted. (It used to go on generating every
    /// story it was asked for, asking the program none of them.)
    #[test]
    fn a_cancelled_session_stops_and_says_so() {
        let options = Options::new(7, 100_000);
        let cancel = Cancel::new();
        cancel.cancel();
        let summary = fuzz(&mut InProcess::with_limit(None), &options, &cancel, |_| {});
        assert!(summary.interrupted);
        assert_eq!(summary.generated, 0, "no story generated after the cancellation");
        let going = fuzz(&mut InProcess::with_limit(None), &Options::new(7, 600), &Cancel::new(), |_| {});
        assert!(!going.interrupted);
        assert_eq!(going.generated, 600);
        assert!(going.clean(), "the reference agrees with itself");
        assert_eq!(going.agreed, going.asked);
    }
}
