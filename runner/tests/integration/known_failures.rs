//! Known failures as the judge applies them: which runs an entry covers,
//! which outcomes it expects, what a run's verdict makes of them, and the
//! file read, checked and rewritten (judging/known_failures.rs). The same
//! through `rulings run` is in cli.rs.

use crate::common;

use std::fs;

use rulings::corpus::case::Corpus;
use rulings::judging::compare::Grade;
use rulings::judging::known_failures::{
    apply, check_strict, load, render, unknown_ids, updated, KnownFailure, KnownFailures, ListingError, Update,
    EXPECTABLE, PLACEHOLDER,
};
use rulings::judging::outcome::{Outcome, OutcomeKind, Variant};
use rulings::judging::run::CaseResult;
use rulings_engine::Edition;

const E2017: Edition = Edition::E2017;

fn failed() -> Outcome {
    Outcome::Failed { diff: "differs in: next".into(), grade: Grade { ruling: false, clauses: true } }
}

fn crash() -> Outcome {
    Outcome::Crash { detail: "status 7".into() }
}

fn na() -> Outcome {
    Outcome::NotApplicable { why: "no feature".into() }
}

fn at(case: usize, edition: Edition, rotation: usize, outcome: Outcome) -> CaseResult {
    CaseResult { case, variant: Variant { edition, rotation }, outcome, refusal: false }
}

fn entry(reason: &str) -> KnownFailure {
    KnownFailure::new(reason)
}

/// The fixture corpus: cases L22-TS00 ... L22-TS0{n-1}, in that order.
fn corpus(n: usize) -> (common::Scratch, Corpus) {
    common::corpus("known", n, false)
}

fn id(i: usize) -> String {
    format!("L22-TS{i:02}")
}

#[test]
fn an_entry_covers_the_runs_it_names_and_expects_the_failures_it_names() {
    let any = entry("x");
    let v = |edition, rotation| Variant { edition, rotation };
    assert!(any.covers(&v(E2017, 3)) && any.covers(&v(Edition::E1997, 0)));
    let scoped = KnownFailure { editions: Some(vec![Edition::E2007]), rotations: Some(vec![0, 2]), ..entry("x") };
    assert!(scoped.covers(&v(Edition::E2007, 2)));
    assert!(!scoped.covers(&v(E2017, 2)), "another edition");
    assert!(!scoped.covers(&v(Edition::E2007, 1)), "another rotation");
    let run = v(E2017, 0);
    assert!(any.expects(&failed(), &run) && any.expects(&crash(), &run));
    assert!(!any.expects(&Outcome::Passed, &run) && !any.expects(&na(), &run));
    let crashes = KnownFailure { outcome: Some(OutcomeKind::Crash), ..entry("x") };
    assert!(crashes.expects(&crash(), &run));
    assert!(!crashes.expects(&failed(), &run), "a wrong ruling where a crash was expected is news");
    // The reference engine's refusal: an error saying this, seats turned with the run.
    let refuses = KnownFailure { refuses: Some("S has made  no call".into()), ..entry("x") };
    let error = |m: &str| Outcome::Error { message: m.into() };
    assert!(refuses.expects(&error("event 3: S has made no call that stands"), &run));
    assert!(refuses.expects(&error("event 3: W has made no call that stands"), &v(E2017, 1)));
    assert!(!refuses.expects(&error("event 3: S has made no call that stands"), &v(E2017, 1)), "the seat turns");
    assert!(!refuses.expects(&error("event 3: 1S has made no call"), &run), "a call is no seat");
    assert!(!refuses.expects(&error("event 3: another reason"), &run), "another refusal is news");
    assert!(!refuses.expects(&failed(), &run), "a ruling where a refusal was expected is news");
    assert!(entry(PLACEHOLDER).is_todo() && entry("  TODO later").is_todo());
    assert!(!entry("fails since 2024 (TODO list)").is_todo());
    assert_eq!(EXPECTABLE.map(|k| k.is_failure()), [true; 5]);
}

#[test]
fn a_listed_case_that_fails_is_expected_and_one_that_passes_is_news() {
    let (_dir, corpus) = corpus(7);
    let known: KnownFailures = [
        (id(0), KnownFailure { issue: Some("https://example.org/1".into()), ..entry("fails") }),
        (id(1), entry("used to fail")),
        (id(2), entry("half fails")),
        (id(3), KnownFailure { outcome: Some(OutcomeKind::Crash), ..entry("crashes") }),
        (id(4), entry("not asked")),
        (id(5), KnownFailure { rotations: Some(vec![1]), ..entry("rotation 1 fails") }),
    ]
    .into_iter()
    .collect();
    let mut results = vec![
        at(0, E2017, 0, failed()),
        at(1, E2017, 0, Outcome::Passed),
        at(1, E2017, 1, na()),
        at(2, E2017, 0, Outcome::Passed),
        at(2, E2017, 1, crash()),
        at(3, E2017, 0, failed()),
        at(4, E2017, 0, na()),
        at(5, E2017, 0, failed()),
        at(5, E2017, 1, Outcome::Passed),
        at(6, E2017, 0, failed()),
    ];
    apply(&known, &corpus, &mut results);
    let expected = |was: Outcome, reason: &str| Outcome::ExpectedFailure { was: Box::new(was), reason: reason.into() };
    let news = |reason: &str| Outcome::UnexpectedPass {
        reason: format!("listed in the known failures as: {reason}; it passes now: remove it from the file"),
    };
    let outcomes: Vec<Outcome> = results.into_iter().map(|r| r.outcome).collect();
    assert_eq!(
        outcomes,
        [
            expected(failed(), "fails (https://example.org/1)"),
            news("used to fail"),
            na(),
            Outcome::Passed,
            expected(crash(), "half fails"),
            failed(),
            na(),
            failed(),
            news("rotation 1 fails"),
            failed(),
        ],
        "a run that passes beside a failing one stays a pass; a failure other than the one expected, one the \
         entry does not cover, and an unlisted case's stay failures; a case never asked is left alone"
    );
}

#[test]
fn the_file_rewritten_from_a_run_lists_what_fails_and_keeps_the_reasons() {
    let (_dir, corpus) = corpus(7);
    let known: KnownFailures = [
        (id(0), entry("passes now")),
        (id(1), entry("still fails")),
        (id(2), KnownFailure { editions: Some(vec![Edition::E2007]), ..entry("2007 only") }),
        (id(3), entry("not asked")),
        (id(4), KnownFailure { outcome: Some(OutcomeKind::Crash), rotations: Some(vec![0]), ..entry("crashes") }),
    ]
    .into_iter()
    .collect();
    let results = vec![
        at(0, E2017, 0, Outcome::Passed),
        at(1, E2017, 0, failed()),
        at(2, E2017, 0, failed()),
        at(3, E2017, 0, na()),
        at(4, E2017, 0, crash()),
        at(4, E2017, 1, Outcome::Passed),
        at(5, E2017, 0, Outcome::Passed),
        at(5, E2017, 1, failed()),
        at(6, E2017, 0, na()),
    ];
    let (out, update) = updated(&known, &corpus, &results);
    assert_eq!(update, Update { added: vec![id(5)], removed: vec![id(0)] });
    assert_eq!(out.keys().cloned().collect::<Vec<_>>(), [id(1), id(2), id(3), id(4), id(5)]);
    assert_eq!(out[&id(1)], entry("still fails"));
    assert_eq!(out[&id(2)], entry("2007 only"), "widened to every run, the reason kept");
    assert_eq!(out[&id(3)], entry("not asked"));
    assert_eq!(out[&id(4)], known[&id(4)], "a failure it covers and expects: kept as it was");
    assert_eq!(out[&id(5)], entry(PLACEHOLDER));
    let (same, nothing) = updated(&out, &corpus, &results);
    assert_eq!((same, nothing), (out.clone(), Update::default()), "a second update changes nothing");
}

#[test]
fn the_file_is_read_strictly_with_the_place_of_each_problem() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("known.yaml");
    let read = |text: &str| {
        fs::write(&path, text).expect("write");
        load(&path, false)
    };
    assert_eq!(load(&path, true), Ok(KnownFailures::new()), "missing, about to be written");
    assert!(load(&path, false).is_err_and(|e| e.to_string().contains("cannot read the known failures")));
    assert_eq!(read("# nothing yet\n\n"), Ok(KnownFailures::new()));
    assert_eq!(read(""), Ok(KnownFailures::new()));
    // Comments and a line holding only a tab, as an editor leaves it: empty,
    // though the YAML parser would refuse the tab.
    assert_eq!(read("# nothing yet\n\t\n"), Ok(KnownFailures::new()));
    let two = "# note: a\nL22-TS00:\n  reason: a\n  issue: b\n\n# note: a\nL22-TS01:\n  reason: a\n";
    let read_two = read(two).expect("two entries, each with its own keys");
    assert_eq!(read_two.len(), 2);
    assert_eq!(read_two["L22-TS00"].issue.as_deref(), Some("b"));
    let twice = read("L22-TS00:\n  reason: a\n'L22-TS00':\n  reason: b\n").unwrap_err().to_string();
    assert!(twice.ends_with(":3:1: L22-TS00 is listed twice (first at line 1); keep one entry per case id"), "{twice}");
    let flow = read("{L22-TS00: {reason: a},\n L22-TS01: {reason: b}\n}\n").expect("flow style");
    assert_eq!(flow.len(), 2);
    let list = read("- L22-TS00\n- L22-TS00\n").unwrap_err().to_string();
    assert!(list.contains(": the known failures are a map from case id to {reason"), "{list}");
    assert!(list.contains("known.yaml:1:1"), "{list}");
    let rotation = read("L22-TS00:\n  reason: a\n  rotations: [0, 4]\n").unwrap_err();
    // Told by its kind, not its text.
    assert!(matches!(&rotation, ListingError::Rotation { id, rotation: 4, .. } if id == "L22-TS00"), "{rotation}");
    assert!(rotation.to_string().ends_with(": L22-TS00: rotation 4 (0 to 3)"), "{rotation}");
    assert!(read("L22-TS00:\n  reason: a\n  rotations: [3]\n").is_ok());
    let passed = read("L22-TS00:\n  reason: a\n  outcome: passed\n").unwrap_err().to_string();
    assert!(
        passed.contains(
            "outcome `passed` cannot be expected (one of failed, error, crash, time-out, protocol-violation)"
        ),
        "{passed}"
    );
}

#[test]
fn the_file_is_written_so_that_it_reads_back_and_todo_reasons_are_named() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("known.yaml");
    let empty = render(&KnownFailures::new());
    assert!(empty.ends_with("\n{}\n") && empty.starts_with("# Known failures"), "{empty}");
    let known: KnownFailures = [
        (id(0), KnownFailure { outcome: Some(OutcomeKind::TimeOut), rotations: Some(vec![2]), ..entry("slow") }),
        (id(1), entry(PLACEHOLDER)),
        (id(2), entry(PLACEHOLDER)),
    ]
    .into_iter()
    .collect();
    fs::write(&path, render(&known)).expect("write");
    assert_eq!(load(&path, false), Ok(known.clone()));
    let e = check_strict(&known, &path).unwrap_err().to_string();
    assert!(e.ends_with(": 2 entries are still without a reason (TODO): L22-TS01, L22-TS02; write why each fails (--strict-known-failures)"), "{e}");
    let one: KnownFailures = known.clone().into_iter().take(2).collect();
    assert!(check_strict(&one, &path)
        .unwrap_err()
        .to_string()
        .contains(": 1 entry is still without a reason (TODO): L22-TS01;"));
    let none: KnownFailures = known.into_iter().take(1).collect();
    assert_eq!(check_strict(&none, &path), Ok(()));
    let (_dir, corpus) = corpus(2);
    let with_stranger: KnownFailures =
        [(id(1), entry("x")), ("L99-GONE".to_string(), entry("y"))].into_iter().collect();
    assert_eq!(unknown_ids(&with_stranger, &corpus), ["L99-GONE"]);
}
