//! The corpus, not the engine, is the authority: a case the reference
//! engine gets wrong stays in the corpus with an entry in
//! `reference-open.yml` beside it, as a contributor adds it
//! (CONTRIBUTING.md, "When the engine disagrees").
//!
//! The two fixture cases (tests/fixtures/reference-open/) are rulings the
//! engine does not give as it stands: one story it refuses (a card shown
//! before the first call, which it leaves to the director's judgement under
//! 16D), one it rules otherwise (36A and 16C2: LHO's call cancelled with an
//! inadmissible double, listed once, on the offender's partner, a reading
//! docs/conventions.md keeps open, where the engine lists it on both). When
//! the engine comes to rule either as the case does, these tests fail as an
//! unexpected pass: then pick another open case for the fixture.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rulings::cancel::Cancel;
use rulings::corpus::load::load_corpus;
use rulings::harness::{checks, Verdict};
use rulings::implementation::{Answer, Implementation};
use rulings::judging::outcome::{Outcome, OutcomeKind};
use rulings::judging::run::{run, RunOptions};
use rulings_engine::protocol::Hello;
use rulings_engine::{Edition, Request, Ruling};

use crate::common::{words, Scratch};

const REFUSED: &str = "law24/card-shown-before-the-first-call.yaml";
const RULED_OTHERWISE: &str = "law35-39/double-of-partner-then-lho-bids-1h.yaml";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reference-open")
}

/// A corpus folder holding the two fixture cases and the tag registry;
/// with `entries`, the fixtures' reference-open.yml beside them.
fn corpus(name: &str, entries: bool) -> Scratch {
    let dir = Scratch::new(name);
    for case in [REFUSED, RULED_OTHERWISE] {
        let to = dir.join(case);
        fs::create_dir_all(to.parent().expect("a folder")).expect("temp dir");
        fs::copy(fixtures().join(case), to).expect("copy the fixture");
    }
    let tags = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases/_tags.yml");
    fs::copy(tags, dir.join("_tags.yml")).expect("copy the tags");
    if entries {
        fs::copy(fixtures().join("reference-open.yml"), dir.join("reference-open.yml")).expect("copy the entries");
    }
    dir
}

fn rulings(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulings")).args(args).env_remove("RULINGS_IMPL").output().expect("run rulings")
}

fn text(o: &Output) -> String {
    words(&format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr)))
}

fn path(dir: &Scratch) -> &str {
    dir.to_str().expect("a UTF-8 temp path")
}

/// Every check `cargo test` would run on the folder, against the engine in
/// process: (name, verdict or message).
fn harness(dir: &Scratch) -> Vec<(String, Result<Verdict, String>)> {
    assert!(std::env::var("RULINGS_IMPL").is_err(), "these checks are of the engine in process");
    checks(dir, None).into_iter().map(|c| (c.name, (c.run)().map_err(|e| e.to_string()))).collect()
}

#[test]
fn without_an_entry_check_fails_naming_each_case() {
    let dir = corpus("open-none", false);
    let o = rulings(&["check", path(&dir)]);
    let said = text(&o);
    assert!(!o.status.success(), "{said}");
    assert!(said.contains(&format!("{REFUSED}:8:3: the engine cannot rule on this event")), "{said}");
    assert!(said.contains("S exposes D2 before the first call"), "{said}");
    assert!(said.contains(&format!("{RULED_OTHERWISE}:18:3: expected unauthorized_information:")), "{said}");
    assert!(said.contains("2 case(s) loaded and ruled on, 2 error(s)"), "{said}");
    // cargo test and rulings run fail on them too.
    let failing: Vec<String> = harness(&dir).into_iter().filter(|(_, r)| r.is_err()).map(|(n, _)| n).collect();
    assert_eq!(failing.len(), 8, "each case in 4 rotations: {failing:?}");
    let o = rulings(&["run", "--cases", path(&dir)]);
    assert!(!o.status.success(), "{}", text(&o));
}

#[test]
fn with_the_entries_check_run_and_the_test_harness_are_green() {
    let dir = corpus("open-listed", true);
    let o = rulings(&["check", path(&dir)]);
    let said = text(&o);
    assert!(o.status.success(), "{said}");
    assert!(said.contains("2 case(s) loaded and ruled on, 0 error(s), 2 open in the reference engine"), "{said}");
    assert!(
        said.contains(&format!(
            "open: {REFUSED} (L24-Q7T2): open in the reference engine: 16D: a card shown before the first call"
        )),
        "{said}"
    );
    assert!(
        said.contains(&format!("open: {RULED_OTHERWISE} (L36-P3K8): open in the reference engine: 16C2:")),
        "{said}"
    );

    // rulings run, the engine in process and as a program: expected failures, with the reason.
    let report = dir.with_extension("report");
    let serve = format!("{} serve", env!("CARGO_BIN_EXE_rulings"));
    for with in [vec![], vec!["--impl", serve.as_str()]] {
        let mut args = vec!["run", "--cases", path(&dir), "--rotations", "--report"];
        args.push(report.to_str().expect("a UTF-8 temp path"));
        args.extend(with.iter().copied());
        let o = rulings(&args);
        let said = text(&o);
        assert!(o.status.success(), "{with:?}: {said}");
        assert!(said.contains("0 passed, 0 failed, 0 skipped"), "{with:?}: {said}");
        assert!(said.contains("8 expected failure(s), each listed with its reason"), "{with:?}: {said}");
        let wide: Vec<&str> =
            std::str::from_utf8(&o.stdout).expect("UTF-8").lines().filter(|l| l.chars().count() > 80).collect();
        assert!(wide.is_empty(), "the summary fits 80 columns: {wide:?}");
        let jsonl = fs::read_to_string(report.join("report.jsonl")).expect("report.jsonl");
        let lines: Vec<serde_json::Value> = jsonl
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
            .filter(|v| v["type"] == "case")
            .collect();
        assert_eq!(lines.len(), 8);
        for l in &lines {
            assert_eq!(l["outcome"], "expected-failure", "{l}");
            assert!(l["reason"].as_str().is_some_and(|r| r.starts_with("open in the reference engine: ")), "{l}");
            assert!(l["reference_open"].as_str().is_some_and(|r| !r.is_empty()), "{l}");
        }
        let refused = lines.iter().find(|l| l["id"] == "L24-Q7T2").expect("the refused case");
        assert_eq!(refused["was"], "error", "the engine refuses: {refused}");
        let md = fs::read_to_string(report.join("report.md")).expect("report.md");
        assert!(md.contains("## The reference engine's open cases (2)"), "{md}");
        assert!(md.contains("the engine lists it on West too | 4 expected-failure |"), "{md}");
    }
    fs::remove_dir_all(&report).expect("remove the report");

    // cargo test: each covered run passes as an expected failure, and says so in its name.
    let checks = harness(&dir);
    assert_eq!(checks.len(), 8);
    for (name, result) in &checks {
        assert_eq!(result, &Ok(Verdict::Passed), "{name}");
        assert!(name.ends_with(" (open in the reference engine)"), "{name}");
    }
    assert!(checks.iter().any(|(n, _)| n == &format!("{REFUSED}::rotated-3 (open in the reference engine)")));
}

#[test]
fn a_listed_case_the_engine_passes_is_an_unexpected_pass() {
    // The engine fixed, simulated: an entry for a case it rules as the case says.
    let dir = corpus("open-fixed", true);
    let (file, case) = crate::common::legal_case(0);
    fs::create_dir_all(dir.join("law22")).expect("temp dir");
    fs::write(dir.join("law22").join(&file), case).expect("write");
    let mut entries = fs::read_to_string(dir.join("reference-open.yml")).expect("read");
    entries.push_str("L22-TS00:\n  reason: \"22A: the engine ends the auction too soon\"\n");
    fs::write(dir.join("reference-open.yml"), entries).expect("write");

    let o = rulings(&["check", path(&dir)]);
    let said = text(&o);
    assert!(!o.status.success(), "{said}");
    assert!(said.contains("the engine now passes L22-TS00: remove its entry from"), "{said}");
    assert!(said.contains("reference-open.yml (it was listed as: 22A: the engine ends"), "{said}");
    assert!(said.contains("2 open in the reference engine"), "the others stay open: {said}");

    let o = rulings(&["run", "--cases", path(&dir)]);
    let said = text(&o);
    assert!(!o.status.success(), "{said}");
    assert!(said.contains("unexpected-pass"), "{said}");

    let checks = harness(&dir);
    let fixed: Vec<_> = checks.iter().filter(|(n, _)| n.starts_with(&format!("law22/{file}"))).collect();
    assert_eq!(fixed.len(), 4);
    for (name, result) in fixed {
        let message = result.as_ref().expect_err("an unexpected pass fails");
        assert!(message.contains("the engine now passes L22-TS00: remove its entry"), "{name}: {message}");
    }
    assert_eq!(checks.len(), 12);
    let still_open = checks.iter().filter(|(n, r)| !n.starts_with("law22/") && r == &Ok(Verdict::Passed)).count();
    assert_eq!(still_open, 8, "the open cases stay open");
}

#[test]
fn an_entry_naming_no_case_or_citing_no_clause_fails() {
    let dir = corpus("open-stale", true);
    let mut entries = fs::read_to_string(dir.join("reference-open.yml")).expect("read");
    entries.push_str("L99-GONE:\n  reason: \"27B1(a): a case since removed\"\n");
    entries = entries.replace("16C2: North's 1H, withdrawn under 36A,", "North's 1H, withdrawn,");
    fs::write(dir.join("reference-open.yml"), entries).expect("write");
    let o = rulings(&["check", path(&dir)]);
    let said = text(&o);
    assert!(!o.status.success(), "{said}");
    assert!(said.contains("reference-open.yml:9:1: L99-GONE: names no case of this corpus"), "{said}");
    assert!(said.contains("L36-P3K8: the reason cites no clause"), "{said}");
    // A folder of the corpus is not the whole of it: the entry may name a case elsewhere.
    let o = rulings(&["check", dir.join("law25").to_str().expect("UTF-8")]);
    assert!(!text(&o).contains("L99-GONE"), "{}", text(&o));
    let stale: Vec<_> = harness(&dir).into_iter().filter(|(n, _)| n.contains("L99-GONE")).collect();
    assert!(matches!(&stale[..], [(_, Err(m))] if m.contains("names no case")), "{stale:?}");
}

#[test]
fn an_entry_holds_only_for_the_disagreement_it_lists() {
    let dir = corpus("open-other", true);
    let entries = fs::read_to_string(dir.join("reference-open.yml")).expect("read");
    // The refusal listed with other words, and the other case listed as refused.
    let changed = entries.replace("S exposes D2 before", "E exposes D2 before").replace(
        "the engine lists it on West too\"\n",
        "the engine lists it on West too\"\n  refuses: \"cannot rule\"\n",
    );
    assert_ne!(changed, entries);
    fs::write(dir.join("reference-open.yml"), changed).expect("write");
    let o = rulings(&["check", path(&dir)]);
    let said = text(&o);
    assert!(!o.status.success(), "{said}");
    assert!(said.contains("lists it as refused with \"E exposes D2 before"), "{said}");
    assert!(said.contains("lists it as refused: the engine now rules; update the entry"), "{said}");
    let o = rulings(&["run", "--cases", path(&dir)]);
    assert!(!o.status.success(), "{}", text(&o));
    assert!(harness(&dir).iter().all(|(_, r)| r.is_err()), "no run fails as listed");

    // A program's own known failures may not say `refuses`.
    let known = dir.with_extension("known.yaml");
    fs::write(&known, "L24-Q7T2:\n  reason: x\n  refuses: \"no call\"\n").expect("write");
    let o = rulings(&["run", "--cases", path(&dir), "--known-failures", known.to_str().expect("UTF-8")]);
    assert!(text(&o).contains("`refuses` belongs to the reference engine's open cases"), "{}", text(&o));
    fs::remove_file(known).expect("remove");
}

#[test]
fn the_file_is_no_case_and_the_built_in_corpus_carries_it() {
    let dir = corpus("open-load", true);
    let corpus = load_corpus(&[dir.path_buf()]);
    assert!(corpus.errors.is_empty(), "{:?}", corpus.errors);
    assert!(corpus.skipped.is_empty(), "the file at the root is the corpus's own: {:?}", corpus.skipped);
    assert_eq!(corpus.cases.len(), 2);
    // Elsewhere than the root, a .yml is a case file misnamed.
    fs::copy(dir.join("reference-open.yml"), dir.join("law24/reference-open.yml")).expect("copy");
    let corpus = load_corpus(&[dir.path_buf()]);
    assert!(corpus.skipped.iter().any(|(p, why)| p.ends_with("law24/reference-open.yml") && why.contains(".yaml")));
    // The built-in corpus has the repository's file, as cases/ does.
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    let built = rulings::judging::reference_open::load(&[]).expect("the built-in file reads");
    let here = rulings::judging::reference_open::load(&[cases]).expect("cases/reference-open.yml reads");
    assert!(built.path.is_some() && here.path.is_some());
    assert_eq!(built.entries, here.entries);
}

/// Another program, which rules these two stories as the Laws do (the
/// engine's ruling, mended where the engine is wrong).
struct Lawful {
    hello: Hello,
}

impl Lawful {
    fn new(features: &[&str]) -> Lawful {
        let hello = Hello::new("lawful", "1", vec![Edition::E2017], features.iter().map(|f| f.to_string()).collect());
        Lawful { hello }
    }
}

impl Implementation for Lawful {
    fn hello(&self) -> &Hello {
        &self.hello
    }

    fn rule(&mut self, request: &Request) -> Answer {
        if self.hello.features.iter().any(|f| f == "refusal") {
            // It prevents irregular calls: it refuses the first one.
            return match rulings_engine::refusal::first_irregular_call(request) {
                Some(first) => Answer::Refused { event: first.event, reason: "irregular".into() },
                None => Answer::Error("nothing to refuse".into()),
            };
        }
        let mut story = serde_json::to_value(request).expect("JSON");
        let events = story["events"].as_array_mut().expect("events");
        // 16D: a card shown before the first call goes back to the hand; the
        // auction is as if it had not been seen.
        let exposes = |e: &serde_json::Value| {
            e.as_object()
                .and_then(|o| o.values().next())
                .and_then(|v| v.as_str())
                .is_some_and(|v| v.starts_with("exposes"))
        };
        let shown_first = events.first().is_some_and(exposes);
        if shown_first {
            events.remove(0);
        }
        let asked: Request = serde_json::from_value(story).expect("a request");
        let Ok(ruling) = rulings_engine::rule(&asked) else { return Answer::Error("cannot rule".into()) };
        let mut ruling = serde_json::to_value(&ruling).expect("JSON");
        // 16C2 as the case reads it: LHO's call, cancelled with the
        // inadmissible double, listed once, on the offender's partner.
        if let (false, [.., offender, _]) = (shown_first, &request.events[..]) {
            let offender = offender.seat.to_string();
            let list = ruling["unauthorized_information"].as_array_mut().expect("a list");
            list.retain(|e| e["seat"] != offender.as_str());
        }
        Answer::Ruling(serde_json::from_value::<Ruling>(ruling).expect("a ruling"))
    }
}

#[test]
fn other_programs_are_judged_on_the_case_not_on_the_engine() {
    let dir = corpus("open-others", true);
    let corpus = load_corpus(&[dir.path_buf()]);
    let options = RunOptions { edition: None, rotations: true };
    let outcomes = |imp: &mut dyn Implementation| -> Vec<(String, OutcomeKind, Outcome)> {
        run(&corpus, imp, &options, &Cancel::new(), |_, _, _| {})
            .into_iter()
            .map(|r| (corpus.cases[r.case].id.clone(), r.outcome.kind(), r.outcome))
            .collect()
    };
    // A program that rules as the Laws do passes both, the refused story too:
    // the expectation is the case's, not the engine's.
    let all = ["exposed-card", "inadmissible"];
    let passed = outcomes(&mut Lawful::new(&all));
    assert_eq!(passed.len(), 8);
    assert!(passed.iter().all(|(_, k, _)| *k == OutcomeKind::Passed), "{passed:?}");
    // A program that refuses irregular calls is checked on West's double
    // (event 3), found by walking the story; the card shown is no call, and
    // a program that does not declare exposed-card is not asked about it.
    let refusing = outcomes(&mut Lawful::new(&["refusal"]));
    let kinds = |id: &str| refusing.iter().filter(|(c, _, _)| c == id).map(|(_, k, _)| *k).collect::<Vec<_>>();
    assert_eq!(kinds("L36-P3K8"), vec![OutcomeKind::Passed; 4], "{refusing:?}");
    assert_eq!(kinds("L24-Q7T2"), vec![OutcomeKind::NotApplicable; 4], "{refusing:?}");
    // The open cases excuse the reference engine only: the fake program,
    // which answers with the engine's rulings, fails them.
    let o = rulings(&["run", "--cases", path(&dir), "--impl", &crate::common::fake(), "name=other"]);
    let said = text(&o);
    assert!(!o.status.success(), "{said}");
    assert!(said.contains("1 error,") && said.contains("0 passed, 1 failed"), "{said}");
}
