//! The judge as the thing under test: every verdict the suite gives comes
//! from runner/src/judging/, so each of its decisions is checked here
//! against a program (or an answer) built to get it wrong: numbers in
//! answers, a program that rules rotated stories inconsistently, one that
//! declares some features and not others, a run cancelled half way.
//! docs/mutants.md lists what cargo-mutants found these tests kill.

use crate::common;

use std::path::Path;
use std::time::Duration;

use rulings::cancel::Cancel;
use rulings::corpus::case::{parse_case, Case, Corpus};
use rulings::implementation::external::{External, ExternalOptions};
use rulings::implementation::{Answer, FaultKind, Implementation};
use rulings::judging::compare::{self, diff, differing_keys, grade, matches, project, Grade};
use rulings::judging::outcome::{judge, variants, Outcome, OutcomeKind, Variant};
use rulings::judging::run::{not_applicable, run, CaseResult, RunOptions};
use rulings_engine::protocol::{engine_hello, Hello};
use rulings_engine::{Edition, Request, Ruling, Seat};
use serde_json::json;

fn case(text: &str) -> Case {
    parse_case("law27/x.yaml", Path::new("x.yaml"), text).expect("the fixture loads")
}

/// The engine's ruling on `case` in `edition`, its seats turned `rotation`
/// places, as a program that rotates correctly answers.
fn engine_ruling(case: &Case, edition: Edition, rotation: usize) -> Ruling {
    rulings_engine::rule(&case.request(edition).rotate(rotation)).expect("the engine rules the fixture")
}

const E2017: Edition = Edition::E2017;

// ---- compare: the comparison every verdict rests on ----

#[test]
fn numbers_match_by_value_whatever_their_json_form() {
    assert!(matches(&json!(1), &json!(1)));
    assert!(matches(&json!(1), &json!(1.0)), "1 and 1.0 are the same number");
    assert!(!matches(&json!(1), &json!(2)));
    assert!(matches(&json!({"cap": {"points": 3}}), &json!({"cap": {"points": 3.0}, "other": 0})));
    assert!(!matches(&json!({"cap": {"points": 3}}), &json!({"cap": {"points": 4}})));
    assert!(!matches(&json!([1, 2]), &json!([1, 3])));
    assert!(!matches(&json!(1), &json!("1")), "a number is not its text");
}

#[test]
fn a_map_expected_matches_a_missing_value_only_when_it_names_nothing() {
    assert!(matches(&json!({"contract": {}}), &json!({"contract": null})));
    assert!(!matches(&json!({"contract": {"bid": "1S"}}), &json!({"contract": null})));
    assert!(!matches(&json!([1]), &json!([1, 1])), "a list longer than expected");
    assert!(!matches(&json!([1, 1]), &json!([1])), "a list shorter than expected");
    assert!(matches(&json!([{"seat": "N"}]), &json!([{"seat": "N", "law": "27B2"}])));
}

#[test]
fn a_value_that_is_not_a_map_differs_as_a_whole_or_not_at_all() {
    assert!(differing_keys(&json!(3), &json!(3)).is_empty());
    assert!(differing_keys(&json!([1]), &json!([1.0])).is_empty());
    assert_eq!(differing_keys(&json!(3), &json!(4)), ["(the whole value)"]);
    assert_eq!(differing_keys(&json!("S"), &json!({"next": "S"})), ["(the whole value)"]);
    assert!(diff(&json!(3), &json!(4)).is_some_and(|d| d.starts_with("differs in: (the whole value)\n")));
    assert_eq!(diff(&json!(3), &json!(3.0)), None);
}

#[test]
fn the_projection_keeps_the_named_keys_and_every_extra_list_element() {
    let actual = json!({"next": "S", "must_pass": [{"seat": "W", "law": "27B2"}, {"seat": "E", "law": "30"}]});
    assert_eq!(
        project(&json!({"must_pass": [{"seat": "W"}]}), &actual),
        json!({"must_pass": [{"seat": "W"}, {"seat": "E", "law": "30"}]})
    );
    assert_eq!(project(&json!({"decision": {"seat": "N"}}), &actual), json!({"decision": null}));
}

#[test]
fn clauses_and_the_ruling_are_graded_apart() {
    let e = json!({"next": "S", "rulings": [{"seat": "E", "law": "27B2"}], "score_adjustment": ["27D"]});
    assert_eq!(
        compare::without_clauses(&e),
        json!({"next": "S", "rulings": [{"seat": "E"}]}),
        "no law key, no score_adjustment"
    );
    assert_eq!(compare::clauses_only(&e), Some(json!({"rulings": [{"law": "27B2"}], "score_adjustment": ["27D"]})));
    assert_eq!(compare::clauses_only(&json!({"next": "S", "must_pass": []})), None);
    assert_eq!(
        compare::clauses_only(&json!({"rulings": [{"seat": "E"}, {"seat": "S", "law": "27B2"}]})),
        Some(json!({"rulings": [{}, {"law": "27B2"}]})),
        "a list keeps its length"
    );
    assert_eq!(compare::without_clauses(&json!([{"law": "x", "seat": "N"}])), json!([{"seat": "N"}]));
    assert_eq!(compare::clauses_only(&json!([{"law": "x", "seat": "N"}])), Some(json!([{"law": "x"}])));
}

#[test]
fn right_ruling_wrong_clause_is_that_and_nothing_else() {
    let both = Grade { ruling: true, clauses: true };
    let clause = Grade { ruling: true, clauses: false };
    let ruling = Grade { ruling: false, clauses: true };
    let neither = Grade { ruling: false, clauses: false };
    assert!(clause.right_ruling_wrong_clause());
    for g in [both, ruling, neither] {
        assert!(!g.right_ruling_wrong_clause(), "{g:?}");
    }
    let actual = json!({"next": "S", "rulings": [{"seat": "E", "law": "27B2"}]});
    assert_eq!(grade(&json!({"next": "W", "rulings": [{"seat": "E", "law": "27B2"}]}), &actual), ruling);
    assert_eq!(grade(&json!({"next": "S", "rulings": [{"seat": "E", "law": "27B3"}]}), &actual), clause);
    assert_eq!(grade(&json!({"next": "W", "rulings": [{"seat": "E", "law": "27B3"}]}), &actual), neither);
}

// ---- outcomes: which fail a run, what each says ----

fn one_of_each() -> Vec<Outcome> {
    let failed = Outcome::Failed { diff: "differs in: next".into(), grade: Grade { ruling: true, clauses: false } };
    vec![
        Outcome::Passed,
        failed.clone(),
        Outcome::ExpectedFailure { was: Box::new(failed), reason: "known".into() },
        Outcome::UnexpectedPass { reason: "remove it".into() },
        Outcome::NotApplicable { why: "no feature".into() },
        Outcome::Skipped { reason: "not yet".into() },
        Outcome::Error { message: "cannot rule".into() },
        Outcome::Crash { detail: "status 7".into() },
        Outcome::TimeOut { detail: "5 s".into() },
        Outcome::ProtocolViolation { detail: "not JSON".into() },
        Outcome::NotRun { reason: "never started".into() },
    ]
}

#[test]
fn only_failures_fail_a_run_and_every_outcome_has_its_name() {
    let all = one_of_each();
    assert_eq!(all.iter().map(Outcome::kind).collect::<Vec<_>>(), OutcomeKind::ALL.to_vec());
    let failing: Vec<&str> = all.iter().filter(|o| o.is_failure()).map(Outcome::name).collect();
    assert_eq!(
        failing,
        ["failed", "unexpected-pass", "error", "crash", "time-out", "protocol-violation", "not-run"],
        "passed, an expected failure, not applicable and skipped do not fail a run"
    );
    for (o, kind) in all.iter().zip(OutcomeKind::ALL) {
        assert_eq!(o.is_failure(), kind.is_failure());
        assert_eq!(o.name(), kind.name());
        assert_eq!(kind.to_string(), kind.name());
        assert_eq!(kind.name().parse::<OutcomeKind>(), Ok(kind));
    }
    let e = "broken".parse::<OutcomeKind>().expect_err("no outcome is named so");
    assert_eq!(e, rulings::judging::outcome::UnknownOutcome { name: "broken".into() });
    assert!(e.to_string().contains("`broken` is not an outcome"), "{e}");
}

#[test]
fn an_outcome_shows_its_detail_and_a_failed_ruling_its_grade() {
    let all = one_of_each();
    let details: Vec<Option<&str>> = all.iter().map(Outcome::detail).collect();
    assert_eq!(
        details,
        [
            None,
            Some("differs in: next"),
            Some("differs in: next"),
            Some("remove it"),
            Some("no feature"),
            Some("not yet"),
            Some("cannot rule"),
            Some("status 7"),
            Some("5 s"),
            Some("not JSON"),
            Some("never started"),
        ]
    );
    assert_eq!(all[0].to_string(), "passed");
    assert_eq!(all[7].to_string(), "crash:\nstatus 7");
    let clause = Some(Grade { ruling: true, clauses: false });
    assert_eq!(all.iter().map(Outcome::grade).collect::<Vec<_>>()[..3], [None, clause, clause]);
    assert!(all[3..].iter().all(|o| o.grade().is_none()));
}

#[test]
fn a_case_runs_in_each_edition_and_rotation() {
    let mut c = case(&common::law27_case().1);
    assert_eq!(variants(&c, 1), [Variant { edition: E2017, rotation: 0 }]);
    assert_eq!(variants(&c, 0), [Variant { edition: E2017, rotation: 0 }], "at least the story as written");
    c.editions = vec![Edition::E2007, E2017];
    let all = variants(&c, 4);
    assert_eq!(all.len(), 8);
    assert_eq!(all[0], Variant { edition: Edition::E2007, rotation: 0 });
    assert_eq!(all[7], Variant { edition: E2017, rotation: 3 });
}

// ---- judge: one answer against the case ----

#[test]
fn a_rotated_answer_is_turned_back_before_it_is_compared() {
    let c = case(&common::law27_case().1);
    for rotation in 0..4 {
        let v = Variant { edition: E2017, rotation };
        let right = engine_ruling(&c, E2017, rotation);
        assert_eq!(judge(&c, v, Answer::Ruling(right), None), Outcome::Passed, "rotation {rotation}");
        if rotation != 0 {
            // A program that answers as if the seats had not turned.
            let unturned = engine_ruling(&c, E2017, 0);
            let o = judge(&c, v, Answer::Ruling(unturned), None);
            assert!(o.detail().is_some_and(|d| d.starts_with("differs in: next")), "rotation {rotation}: {o}");
        }
    }
}

#[test]
fn a_rotated_ruling_must_equal_the_one_as_written_beyond_the_expectation() {
    let c = case(&common::legal_case(0).1);
    let written = engine_ruling(&c, E2017, 0);
    let mut other = written.clone();
    other.auction.pop();
    let v = Variant { edition: E2017, rotation: 2 };
    let turned = |r: &Ruling| Answer::Ruling(r.rotate(2));
    assert_eq!(judge(&c, v, turned(&written), Some(&written)), Outcome::Passed);
    assert_eq!(judge(&c, v, turned(&other), None), Outcome::Passed, "the expectation does not name the auction");
    let o = judge(&c, v, turned(&other), Some(&written));
    assert!(o.is_failure(), "{o}");
    let d = o.detail().unwrap_or("");
    assert!(d.starts_with("rotating the seats by 2 changed the ruling beyond the rotation"), "{d}");
    assert!(d.contains("differs in: auction"), "{d}");
    assert_eq!(o.grade(), Some(Grade { ruling: false, clauses: true }));
}

#[test]
fn a_wrong_ruling_fails_with_its_diff_spelt_as_the_case_spells_it() {
    let c = case(&common::law27_case().1);
    let mut r = engine_ruling(&c, E2017, 0);
    r.next = Some(Seat::W);
    let o = judge(&c, Variant { edition: E2017, rotation: 0 }, Answer::Ruling(r), None);
    assert!(o.detail().is_some_and(|d| d.starts_with("differs in: next\n") && d.contains("+next: W")), "{o}");
    assert_eq!(o.grade(), Some(Grade { ruling: false, clauses: true }));
}

#[test]
fn answers_that_are_not_rulings_become_their_outcomes() {
    let c = case(&common::law27_case().1);
    let v = Variant { edition: E2017, rotation: 1 };
    let j = |a: Answer| judge(&c, v, a, None);
    assert_eq!(
        j(Answer::Skipped { reason: "not yet".into(), issue: Some("https://example.org/7".into()) }),
        Outcome::Skipped { reason: "not yet (https://example.org/7)".into() }
    );
    assert_eq!(
        j(Answer::Skipped { reason: "not yet".into(), issue: None }),
        Outcome::Skipped { reason: "not yet".into() }
    );
    assert_eq!(j(Answer::Error("no".into())), Outcome::Error { message: "no".into() });
    assert_eq!(j(Answer::NotRun("gone".into())), Outcome::NotRun { reason: "gone".into() });
    let fault = |kind| Answer::Fault { kind, detail: "seen".into() };
    assert_eq!(j(fault(FaultKind::Crash)), Outcome::Crash { detail: "seen".into() });
    assert_eq!(j(fault(FaultKind::TimeOut)), Outcome::TimeOut { detail: "seen".into() });
    assert_eq!(j(fault(FaultKind::ProtocolViolation)), Outcome::ProtocolViolation { detail: "seen".into() });
}

// ---- run: the whole corpus against one program ----

fn fake(args: &[&str]) -> External {
    let mut command = vec![common::fake()];
    command.extend(args.iter().map(|s| s.to_string()));
    let mut o = ExternalOptions::new(command);
    // Generous: a loaded machine must not turn a slow start into a time-out.
    o.timeout = Duration::from_secs(5);
    External::start(o)
}

#[test]
fn a_program_that_rules_the_rotations_of_a_story_differently_fails_those_runs() {
    // Four legal auctions, one from each dealer (N, E, S, W); the program
    // drops the last call of the auction whenever East deals, which no
    // expectation names.
    let (_dir, corpus) = common::corpus("judge-rotations", 4, false);
    let mut ext = fake(&["unstable-for-dealer=E"]);
    let as_written = run(&corpus, &mut ext, &RunOptions::default(), &Cancel::new(), |_, _, _| {});
    assert!(as_written.iter().all(|r| r.outcome == Outcome::Passed), "{as_written:?}");
    let options = RunOptions { edition: None, rotations: true };
    let results = run(&corpus, &mut ext, &options, &Cancel::new(), |_, _, _| {});
    assert_eq!(results.len(), 16);
    let east = |dealer: Seat, rotation: usize| dealer.rotate(rotation) == Seat::E;
    for r in &results {
        let dealer = corpus.cases[r.case].dealer;
        let rotation = r.variant.rotation;
        // A run differs from the story as written when exactly one of them
        // was dealt by East.
        if east(dealer, rotation) != east(dealer, 0) {
            let d = r.outcome.detail().unwrap_or("");
            assert!(
                d.starts_with(&format!("rotating the seats by {rotation} changed the ruling")),
                "{} rotated {rotation}: {}",
                corpus.cases[r.case].name,
                r.outcome
            );
        } else {
            assert_eq!(r.outcome, Outcome::Passed, "{} rotated {rotation}", corpus.cases[r.case].name);
        }
    }
    assert_eq!(results.iter().filter(|r| r.outcome.is_failure()).count(), 6, "3 for East's deal, 1 for each other");
}

/// A case citing 25A1 (a legal auction: the fixture is about features).
const LAW25: &str = "id: L25-TS98\n\
    title: a fixture that needs the change-of-call feature\n\
    laws: [\"25A1\"]\n\
    source: \"test fixture\"\n\
    dealer: N\n\
    events:\n  - N: 1S\n  - E: P\n  - S: P\n  - W: P\n\
    expect:\n  status: closed\n";

#[test]
fn a_program_is_asked_the_cases_whose_features_it_declares_and_no_other() {
    let (dir, _) = common::corpus("judge-features", 1, true);
    std::fs::create_dir_all(dir.join("law25")).expect("folder");
    std::fs::write(dir.join("law25").join("fixture.yaml"), LAW25).expect("write");
    let corpus = rulings::corpus::load::load_corpus(&[dir.path_buf()]);
    assert!(corpus.errors.is_empty(), "{:?}", corpus.errors);
    let by_id = |results: &[CaseResult], id: &str| {
        let at = results.iter().find(|r| corpus.cases[r.case].id == id).expect("a result for the case");
        at.outcome.clone()
    };
    // Declaring insufficient-bid only: the Law 27 case is asked and passes;
    // the Law 25 one is not, and its reason names the one missing feature.
    let mut ext = fake(&["features=insufficient-bid"]);
    let results = run(&corpus, &mut ext, &RunOptions::default(), &Cancel::new(), |_, _, _| {});
    assert_eq!(by_id(&results, "L27-TS99"), Outcome::Passed);
    assert_eq!(by_id(&results, "L22-TS00"), Outcome::Passed, "a case that needs no feature is asked");
    assert_eq!(
        by_id(&results, "L25-TS98"),
        Outcome::NotApplicable { why: "fake-impl does not declare the feature(s) change-of-call".into() }
    );
    let law25 = corpus.cases.iter().find(|c| c.id == "L25-TS98").expect("fixture");
    let v = Variant { edition: E2017, rotation: 0 };
    assert_eq!(not_applicable(law25, v, &ext), Some("fake-impl does not declare the feature(s) change-of-call".into()));
    let mut ext = fake(&["features=change-of-call,insufficient-bid", "editions=2017"]);
    assert_eq!(not_applicable(law25, v, &ext), None);
    let results = run(&corpus, &mut ext, &RunOptions::default(), &Cancel::new(), |_, _, _| {});
    assert!(results.iter().all(|r| r.outcome == Outcome::Passed), "{results:?}");
    let v2007 = Variant { edition: Edition::E2007, rotation: 0 };
    assert_eq!(not_applicable(law25, v2007, &ext), Some("fake-impl does not declare the 2007 edition".into()));
}

/// A two-edition case (2007 and 2017).
fn both_editions() -> String {
    common::legal_case(5).1.replace("dealer:", "editions: [2007, 2017]\ndealer:")
}

#[test]
fn a_run_for_one_edition_asks_only_that_edition_s_runs() {
    let (dir, _) = common::corpus("judge-editions", 2, false);
    std::fs::write(dir.join("law22").join("both.yaml"), both_editions()).expect("write");
    let corpus = rulings::corpus::load::load_corpus(&[dir.path_buf()]);
    assert!(corpus.errors.is_empty(), "{:?}", corpus.errors);
    let both = corpus.cases.iter().position(|c| c.editions.len() == 2).expect("the two-edition case");
    let mut engine = rulings::implementation::InProcess::new();
    let asked = |edition: Option<Edition>, engine: &mut rulings::implementation::InProcess| {
        let options = RunOptions { edition, rotations: false };
        run(&corpus, engine, &options, &Cancel::new(), |_, _, _| {})
            .into_iter()
            .map(|r| {
                assert_eq!(r.outcome, Outcome::Passed);
                (r.case, r.variant.edition)
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(asked(Some(Edition::E2007), &mut engine), [(both, Edition::E2007)]);
    let in_2017 = asked(Some(E2017), &mut engine);
    assert_eq!(in_2017.len(), 3);
    assert!(in_2017.iter().all(|(_, e)| *e == E2017));
    assert_eq!(asked(None, &mut engine).len(), 4, "every edition of every case");
}

/// The engine in process, made to stop or fall short: it cancels the run
/// after answering `cancel_after` requests, or gives no more than `answers`
/// answers without cancelling (a runner bug the run must show).
struct Halting {
    hello: Hello,
    cancel: Cancel,
    cancel_after: Option<usize>,
    answers: Option<usize>,
    asked: usize,
}

impl Halting {
    fn new(cancel: &Cancel, cancel_after: Option<usize>, answers: Option<usize>) -> Halting {
        Halting { hello: engine_hello(), cancel: cancel.clone(), cancel_after, answers, asked: 0 }
    }
}

impl Implementation for Halting {
    fn hello(&self) -> &Hello {
        &self.hello
    }

    fn rule(&mut self, request: &Request) -> Answer {
        self.asked += 1;
        if Some(self.asked) == self.cancel_after {
            self.cancel.cancel();
        }
        match rulings_engine::rule(request) {
            Ok(r) => Answer::Ruling(r),
            Err(e) => Answer::Error(e.to_string()),
        }
    }

    fn rule_many(&mut self, requests: &[Request], cancel: &Cancel, answered: &mut dyn FnMut(usize, Answer)) {
        for (i, r) in requests.iter().take(self.answers.unwrap_or(usize::MAX)).enumerate() {
            if cancel.is_cancelled() {
                break;
            }
            let a = self.rule(r);
            answered(i + 1, a);
        }
    }
}

fn five() -> (common::Scratch, Corpus) {
    common::corpus("judge-cancel", 5, false)
}

#[test]
fn a_cancelled_run_is_the_runs_done_so_far() {
    let (_dir, corpus) = five();
    let cancel = Cancel::new();
    let mut program = Halting::new(&cancel, Some(2), None);
    let mut seen = Vec::new();
    let results =
        run(&corpus, &mut program, &RunOptions::default(), &cancel, |done, total, _| seen.push((done, total)));
    assert_eq!(seen, [(1, 5), (2, 5)], "progress counts the answers out of the runs to ask");
    assert_eq!(results.len(), 2, "{results:?}");
    assert!(results.iter().all(|r| r.outcome == Outcome::Passed));
    assert_eq!(results.iter().map(|r| r.case).collect::<Vec<_>>(), [0, 1]);
}

#[test]
fn a_run_short_of_answers_without_a_cancel_says_so_for_each_run_left() {
    let (_dir, corpus) = five();
    let cancel = Cancel::new();
    let mut program = Halting::new(&cancel, None, Some(3));
    let results = run(&corpus, &mut program, &RunOptions::default(), &cancel, |_, _, _| {});
    assert_eq!(results.len(), 5);
    assert!(results[..3].iter().all(|r| r.outcome == Outcome::Passed));
    for r in &results[3..] {
        assert_eq!(r.outcome, Outcome::Error { message: "no answer (a bug in the runner)".into() });
    }
}

#[test]
fn the_runs_not_applicable_are_not_asked_and_keep_their_place() {
    let (_dir, corpus) = common::corpus("judge-order", 3, true);
    let cancel = Cancel::new();
    let mut program = Halting::new(&cancel, None, None);
    program.hello.features.clear();
    let mut total = 0;
    let results =
        run(&corpus, &mut program, &RunOptions { edition: None, rotations: true }, &cancel, |_, t, _| total = t);
    assert_eq!(total, 12, "three cases of four rotations asked");
    assert_eq!(program.asked, 12);
    assert_eq!(results.len(), 16);
    let law27 = corpus.cases.iter().position(|c| c.id == "L27-TS99").expect("fixture");
    for (i, r) in results.iter().enumerate() {
        assert_eq!((r.case, r.variant.rotation), (i / 4, i % 4), "in case order, rotations in order");
        assert_eq!(matches!(r.outcome, Outcome::NotApplicable { .. }), r.case == law27, "{i}: {}", r.outcome);
    }
}

// ---- check: the corpus judged against the reference engine ----

/// `verify` on a case file written to a scratch folder.
fn checked(file: &str, text: &str) -> rulings::judging::verify::Verified {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(file);
    std::fs::write(&path, text).expect("write");
    let c = rulings::corpus::case::load_case(file, &path).expect("the fixture loads");
    assert!(rulings::judging::verify::on_disk(&path));
    assert!(!rulings::judging::verify::on_disk(&dir.path().join("absent.yaml")));
    assert!(!rulings::judging::verify::on_disk(dir.path()), "a folder is not a case file");
    rulings::judging::verify::verify(&c)
}

fn messages(found: &[rulings::corpus::case::LoadError]) -> Vec<String> {
    found.iter().map(|e| format!("{}:{}: {}", e.line, e.column, e.message)).collect()
}

#[test]
fn check_points_at_the_expected_key_the_engine_rules_otherwise_in_each_edition() {
    let text = common::law27_case()
        .1
        .replace("next: S", "next: W")
        .replace("dealer:", "editions: [2007, 2017]\ndealer:")
        .replace("expect:\n", "expect:\n# a note\n  # the key below is wrong\n\n");
    let v = checked("wrong.yaml", &text);
    assert_eq!(
        messages(&v.errors()),
        [
            "16:3: expected next: W, the engine rules S (2007 Laws) (`rulings explain L27-TS99` shows why)",
            "16:3: expected next: W, the engine rules S (2017 Laws) (`rulings explain L27-TS99` shows why)",
        ]
    );
    assert!(v.warnings.is_empty(), "{:?}", v.warnings);
    assert!(checked("right.yaml", &common::law27_case().1).errors().is_empty());
}

#[test]
fn check_shows_a_long_value_cut_and_a_key_it_cannot_find_at_expect() {
    // The engine's auction is 1C P P P; the case expects fifty passes,
    // written as a case file writes them: a value over 120 characters cut.
    let passes = vec!["P"; 50].join(", ");
    let text =
        common::legal_case(0).1.replace("  status: closed\n", &format!("  status: closed\n  auction: [{passes}]\n"));
    let v = checked("long.yaml", &text);
    let errors = v.errors();
    let [e] = &errors[..] else { panic!("{errors:?}") };
    let shown = format!("[{passes}]");
    let cut: String = shown.chars().take(120).collect();
    assert!(
        e.message.starts_with(&format!("expected auction: {cut}…, the engine rules [1C, P, P, P]")),
        "{}",
        e.message
    );
    assert_eq!((e.line, e.column), (13, 3), "at the key in expect");
    // A value of 120 characters is shown whole (forty passes).
    let calls = vec!["P"; 40].join(", ");
    let text =
        common::legal_case(0).1.replace("  status: closed\n", &format!("  status: closed\n  auction: [{calls}]\n"));
    let v = checked("long.yaml", &text);
    let whole = format!("[{calls}]");
    assert_eq!(whole.chars().count(), 120);
    assert!(
        v.errors()[0].message.starts_with(&format!("expected auction: {whole}, the engine rules")),
        "{:?}",
        v.errors()
    );
    // `next` written in flow style is not found by its line: `expect:` is.
    let flow = common::law27_case()
        .1
        .replace("expect:\n  auction: [1S, 1H]\n  next: S\n", "expect: {auction: [1S, 1H], next: W}\n");
    let v = checked("flow.yaml", &flow);
    assert_eq!(
        messages(&v.errors()),
        ["10:3: expected next: W, the engine rules S (`rulings explain L27-TS99` shows why)"]
    );
}

#[test]
fn check_names_a_convention_only_where_it_bites() {
    // A wrong ruling entry that is not a change of call: no note of Law 25's convention.
    let text = common::law27_case().1.replace(
        "  next: S\n",
        "  next: S\n  rulings:\n    - {seat: E, call: 1H, irregularity: insufficient-bid, law: \"27B1(a)\"}\n",
    );
    let v = checked("entry.yaml", &text);
    let errors = v.errors();
    let [e] = &errors[..] else { panic!("{errors:?}") };
    assert!(e.message.starts_with("expected rulings: "), "{}", e.message);
    assert!(!e.message.contains("by convention"), "{}", e.message);
}

#[test]
fn check_reports_an_event_the_engine_cannot_rule_once_at_its_line() {
    let text = "id: L27-IM02\ntitle: nobody holds an option\nlaws: [\"27A1\"]\nsource: test\neditions: [2007, 2017]\n\
                dealer: N\nevents:\n  - N: 1S\n  - E: accept\nexpect:\n  status: auction\n";
    let v = checked("impossible.yaml", text);
    let m = messages(&v.errors());
    assert_eq!(m.len(), 2, "one for each edition: {m:?}");
    assert!(m[0].starts_with("9:3: the engine cannot rule on this event (2007 Laws): "), "{m:?}");
    assert!(m[1].starts_with("9:3: the engine cannot rule on this event (2017 Laws): "), "{m:?}");
    let once = text.replace("editions: [2007, 2017]\n", "");
    let m = messages(&checked("impossible.yaml", &once).errors());
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(m[0].starts_with("8:3: the engine cannot rule on this event: "), "{m:?}");
}

#[test]
fn check_warns_of_a_decision_and_an_irregularity_the_case_does_not_name() {
    // East's second overcall, 2D over 2H, is insufficient; South holds the
    // option of accepting it. (East's first call is on line 8, the 2D on 12.)
    let story = |title: &str, accept: bool, expect: &str| {
        format!(
            "id: L27-UN02\ntitle: {title}\nlaws: [\"22A\"]\nsource: test\ndealer: N\nevents:\n  - N: 1S\n  - E: 2C\n  \
             - S: P\n  - W: P\n  - N: 2H\n  - E: 2D\n{}\
             expect:\n{expect}",
            if accept { "  - S: accept\n" } else { "" }
        )
    };
    let plain = "North opens and East overcalls";
    let v = checked("unmeant.yaml", &story(plain, false, "  next: S\n"));
    assert!(v.errors().is_empty(), "{:?}", v.errors());
    assert_eq!(
        messages(&v.warnings),
        ["12:3: after E's 2D, the engine waits on S's decision under 27A1 (accept or reject); if that is the story, \
          say so in expect (status: decision)"]
    );
    let v = checked("accepted.yaml", &story(plain, true, "  next: S\n"));
    assert!(v.errors().is_empty(), "{:?}", v.errors());
    assert_eq!(
        messages(&v.warnings),
        ["12:3: E's 2D is an irregularity to the engine (insufficient-bid, 27A1); if that is the story, list it in \
          expect.rulings"]
    );
    // In each edition a case holds for; the same words only once.
    let both = |text: String| text.replace("dealer:", "editions: [2007, 2017]\ndealer:");
    let m = messages(&checked("both.yaml", &both(story(plain, false, "  next: S\n"))).warnings);
    assert_eq!(m.len(), 2, "{m:?}");
    assert!(m[0].contains("27A1 (accept or reject) (2007 Laws);") && m[1].contains("(2017 Laws);"), "{m:?}");
    let m = messages(&checked("both.yaml", &both(story(plain, true, "  next: S\n"))).warnings);
    assert_eq!(m, ["13:3: E's 2D is an irregularity to the engine (insufficient-bid, 27A1); if that is the story, list it in expect.rulings"]);
    // Said in the expectation, or named in the title: no warning of it.
    for (title, accept, expect) in [
        (plain, false, "  next: S\n  status: decision\n"),
        (plain, false, "  next: S\n  decision: {seat: S, law: \"27A1\"}\n"),
        ("East's 2D over 2H is accepted", true, "  next: S\n"),
        (
            plain,
            true,
            "  next: S\n  rulings:\n    - {seat: E, call: 2D, irregularity: insufficient-bid, law: \"27A1\"}\n",
        ),
    ] {
        let v = checked("said.yaml", &story(title, accept, expect));
        assert!(v.warnings.is_empty() && v.errors().is_empty(), "{expect}: {:?} {:?}", v.warnings, v.errors());
    }
}
