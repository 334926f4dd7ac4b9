//! What an implementer reads about a run: refusal checks counted apart
//! from rulings in every view, a closing line and exit status CI can trust,
//! failures grouped by case, and every line within 80 columns. Each test
//! runs the `rulings` binary as a user does.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn rulings_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulings")).current_dir(dir).args(args).output().expect("run rulings")
}

fn rulings(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulings")).args(args).output().expect("run rulings")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn text(o: &Output) -> String {
    format!("{}{}", stdout(o), String::from_utf8_lossy(&o.stderr))
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// The planted program beside the tests (`cargo test` builds examples).
fn planted() -> String {
    let fake = common::fake();
    let built = Path::new(&fake).with_file_name(format!("planted_bug{}", std::env::consts::EXE_SUFFIX));
    common::assert_built_since_changed(&built, "planted_bug");
    built.display().to_string()
}

/// A program that refuses irregular calls and skips every refusal check
/// has not shown that it refuses anything: the run fails, as a run whose
/// every case is skipped does, though its rulings pass (it exited 0 with
/// `2 passed, 0 failed, 1 skipped`). --allow-empty lets it pass.
#[test]
fn a_run_whose_every_refusal_check_is_skipped_fails() {
    let (dir, _) = common::corpus("read-skip-refusals", 2, true);
    let planted = planted();
    let run = |extra: &[&str]| {
        let mut args = vec!["run", "--cases", s(&dir)];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--impl", &planted, "refusal=skip", "features=", "name=club"]);
        rulings(&args)
    };
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let said = common::words(&text(&o));
    assert!(
        said.contains("part of the run tested nothing: club skipped every one of the 1 refusal check(s) it was asked"),
        "{said}"
    );
    assert!(stdout(&o).ends_with("\n2 passed, 0 failed, 1 skipped\n"), "{}", stdout(&o));
    let o = run(&["--allow-empty"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

/// A program that declares a family of law and skips every case of it
/// (here every Law 27 case, declaring `insufficient-bid`) has not shown
/// that it rules on it: the run fails, though its legal auctions pass (it
/// exited 0 with `2 passed, 0 failed, 1 skipped`).
#[test]
fn a_run_that_skips_every_case_of_a_declared_family_fails() {
    let (dir, _) = common::corpus("read-skip-family", 2, true);
    let fake = common::fake();
    let o = rulings(&["run", "--cases", s(&dir), "--impl", &fake, "skip-irregular=1", "features=insufficient-bid"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let said = common::words(&text(&o));
    assert!(
        said.contains("skipped every one of the 1 ruling run(s) that need `insufficient-bid` it was asked"),
        "{said}"
    );
    assert!(stdout(&o).ends_with("\n2 passed, 0 failed, 1 skipped\n"), "{}", stdout(&o));
}

/// A refusal check is not a ruling: the summary, report.md, junit.xml and
/// `compare` count the refusal checks apart, the clause table counts none
/// of them (27A1 was credited with the refusal of the fixture's 1H), and
/// compare says what each program answered (it said "every run asked was
/// answered with a ruling" of a program that refused).
#[test]
fn refusal_checks_are_counted_apart_in_every_view() {
    let (dir, _) = common::corpus("read-refusal-views", 2, true);
    let planted = planted();
    let club = dir.join("club");
    let o = rulings(&[
        "run",
        "--cases",
        s(&dir),
        "--report",
        s(&club),
        "--impl",
        &planted,
        "refusal=right",
        "features=",
        "name=club",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let out = stdout(&o);
    assert!(out.contains("\nrefusal checks (the program must refuse the first irregular call):\n"), "{out}");
    assert!(
        out.ends_with(
            "rulings: 2 passed, 0 failed, 0 skipped\nrefusal checks: 1 passed, 0 failed, 0 skipped\n\
             0 errors, 0 not applicable, 0 not run\n3 passed, 0 failed, 0 skipped\n"
        ),
        "{out}"
    );
    let md = fs::read_to_string(club.join("report.md")).expect("report.md");
    assert!(md.contains("## Refusal checks\n"), "{md}");
    assert!(md.contains("| passed | 3 | 2 | 1 |"), "the totals, rulings and refusal checks: {md}");
    let by_clause = md.split("## By clause").nth(1).and_then(|t| t.split("\n## ").next()).unwrap_or_default();
    assert!(by_clause.contains("| 22A |") && !by_clause.contains("| 27A1 |"), "{by_clause}");
    let xml = fs::read_to_string(club.join("junit.xml")).expect("junit.xml");
    assert!(xml.contains(r#"<testsuite name="law27 (refusal checks)" tests="1""#), "{xml}");

    let engine = dir.join("engine");
    let o = rulings(&["run", "--cases", s(&dir), "--report", s(&engine)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let (a, b) = (engine.join("report.jsonl"), club.join("report.jsonl"));
    let o = rulings(&["compare", s(&a), s(&b)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let view = common::words(&stdout(&o));
    assert!(view.contains("answered 3 rulings, 0 refusal checks, 0 not applicable"), "{view}");
    assert!(view.contains("answered 2 rulings, 1 refusal check, 0 not applicable"), "{view}");
    assert!(view.contains("refusal checks passed of asked:"), "{view}");
    let o = rulings(&["compare", "--markdown", s(&a), s(&b)]);
    let md = stdout(&o);
    assert!(!md.contains("answered with a ruling"), "{md}");
    assert!(md.contains("- club 0.1.0: 2 rulings, 1 refusal check, 0 not applicable"), "{md}");
    assert!(md.contains("## Refusal checks by folder (passed of asked)"), "{md}");
}

/// `compare --fail-on-disagreement` fails when the programs part on a run
/// (CI could not tell from compare that they did); without it the matrix
/// is made and compare exits 0.
#[test]
fn compare_can_fail_when_the_programs_disagree() {
    let (dir, _) = common::corpus("read-compare-fail", 1, true);
    let planted = planted();
    let (engine, club) = (dir.join("engine"), dir.join("club"));
    let o = rulings(&["run", "--cases", s(&dir), "--report", s(&engine)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    // It lets the insufficient 1H stand: its refusal check fails.
    let args = ["--impl", &planted, "refusal=stand", "features=", "name=club"];
    let o = rulings(&[&["run", "--cases", s(&dir), "--report", s(&club)][..], &args[..]].concat());
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let (a, b) = (engine.join("report.jsonl"), club.join("report.jsonl"));
    assert_eq!(rulings(&["compare", s(&a), s(&b)]).status.code(), Some(0));
    let o = rulings(&["compare", "--fail-on-disagreement", s(&a), s(&b)]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("they disagree on 1 case(s)"), "{}", text(&o));
    let o = rulings(&["compare", "--fail-on-disagreement", s(&a), s(&a)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

/// A mistake made in every rotation is one entry of the summary and of
/// report.md, naming its runs, not four; a diff cut short says how much
/// was left out, and shows its context lines.
#[test]
fn failures_are_listed_once_per_case_and_cut_diffs_say_so() {
    let (dir, _) = common::corpus("read-grouped", 2, true);
    let fake = common::fake();
    let out = dir.join("out");
    let o = rulings(&[
        "run",
        "--cases",
        s(&dir),
        "--rotations",
        "--only",
        "law22/*",
        "--report",
        s(&out),
        "--impl",
        &fake,
        "wrong-ruling=all",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let summary = stdout(&o);
    let failures = summary.split("\nfailures (8 run(s) of 2 case(s)):\n").nth(1).expect("a failures section");
    assert_eq!(failures.matches("law22/case-00.yaml").count(), 1, "{summary}");
    assert!(failures.contains("    every run (4): failed differs in: contract\n"), "{summary}");
    // The diff's context (a line both sides share) is shown too.
    assert!(failures.contains("\n      -  doubled: null\n      +  doubled: X\n         declarer: N\n"), "{summary}");
    let md = fs::read_to_string(out.join("report.md")).expect("report.md");
    assert_eq!(md.matches("<details>").count(), 2, "{md}");
    assert!(md.contains("## Failures (8 runs of 2 cases)"), "{md}");
    assert!(md.contains("failed in every run (4)"), "{md}");

    // An answer with thirty passes too many: a diff longer than the summary shows.
    let o = rulings(&["run", "--cases", s(&dir), "--only", "L27-TS99", "--impl", &fake, "pad-auction=30"]);
    let summary = stdout(&o);
    assert!(summary.contains("more line(s) of the diff (the report has it whole)\n"), "{summary}");
    let shown = summary.lines().filter(|l| l.starts_with("      +- P")).count();
    assert!(shown > 0 && shown < 30, "{summary}");
}

/// A case id and the lines of the cases a program must refuse, as a
/// program declaring `refusal,out-of-rotation` is asked Law 25's cases:
/// a change of call (the same player calling again) is not a call out of
/// rotation, so it is a refusal check, not a case found not applicable (76
/// of the corpus's 91 Law 25 runs were).
#[test]
fn a_change_of_call_is_refused_as_one_by_an_out_of_rotation_program() {
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    let scratch = tempfile::tempdir().expect("temp dir");
    let planted = planted();
    let o = rulings(&[
        "run",
        "--cases",
        s(&cases),
        "--only",
        "law25/*",
        "--report",
        s(scratch.path()),
        "--impl",
        &planted,
        "refusal=right",
        "features=out-of-rotation",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let jsonl = fs::read_to_string(scratch.path().join("report.jsonl")).expect("report.jsonl");
    let runs = jsonl.lines().filter(|l| l.contains(r#""type":"case""#)).count();
    let refusals = jsonl.lines().filter(|l| l.contains(r#""refusal":true"#)).count();
    let na = jsonl.lines().filter(|l| l.contains(r#""outcome":"not-applicable""#)).count();
    assert!(runs > 50 && refusals * 10 > runs * 7, "{refusals} refusal checks, {na} not applicable of {runs}");
}

/// Every line a user reads fits an 80-column terminal, but those that hold
/// a path of the test's scratch folder (as long as the temp folder makes
/// it): explain's file line of a case in the built-in corpus, the notes of
/// --update-known-failures and of restarts spent, --strict-known-failures'
/// error, the failures of rotated runs in other editions.
#[test]
fn what_the_commands_print_fits_80_columns() {
    let (dir, _) = common::corpus("read-widths", 12, true);
    let scratch = dir.parent().expect("the scratch root").to_path_buf();
    let fake = common::fake();
    let known: PathBuf = scratch.join("known.yaml");
    fs::write(&known, "").expect("known failures");
    let mut said: Vec<(String, Output)> = Vec::new();
    let mut run = |what: &str, args: &[&str]| {
        let o = rulings_in(&scratch, args);
        said.push((what.to_string(), o));
    };
    // From a folder without cases/: the built-in corpus, its longest name.
    run("explain", &["explain", "L38-8HLW"]);
    let update = ["run", "--cases", s(&dir), "--known-failures", s(&known), "--update-known-failures"];
    run("update", &[&update[..], &["--impl", &fake, "wrong-ruling=all"][..]].concat());
    let strict = ["run", "--cases", s(&dir), "--known-failures", s(&known), "--strict-known-failures"];
    run("strict", &[&strict[..], &["--impl", &fake][..]].concat());
    let crash = ["run", "--cases", s(&dir), "--max-restarts", "2", "--impl", &fake, "crash=all"];
    run("restarts", &crash);
    let rotated = ["run", "--cases", s(&dir), "--rotations", "--impl", &fake, "wrong-ruling=all", "editions=2017,2007"];
    run("rotated", &rotated);
    // A program refusing irregular calls, over the built-in corpus.
    let planted = planted();
    run("refusal", &["run", "--rotations", "--impl", &planted, "refusal=right", "features="]);
    let path = scratch.display().to_string();
    for (what, o) in &said {
        let all = text(o);
        assert!(!all.trim().is_empty(), "{what} said nothing");
        for line in all.lines().filter(|l| !l.contains(&path)) {
            assert!(line.chars().count() <= 80, "{what}: a line of {} columns:\n{line}", line.chars().count());
        }
    }
}

/// A refusal check failed the same way in every rotation is one entry,
/// though its lines name the seats each run was sent (E, S, W, N).
#[test]
fn a_refusal_failed_in_every_rotation_is_listed_once() {
    let (dir, _) = common::corpus("read-refusal-rotations", 1, true);
    let planted = planted();
    let args = ["run", "--cases", s(&dir), "--rotations", "--impl", &planted, "refusal=wrong", "features="];
    let o = rulings(&args);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let summary = stdout(&o);
    let failures = summary.split("\nfailures (4 run(s) of 1 case(s)):\n").nth(1).expect("a failures section");
    assert!(failures.contains("    every run (4): failed differs in: refusal\n"), "{summary}");
    assert!(failures.contains("      -refused at event 1: E 1H, an insufficient bid\n"), "{summary}");
    assert!(failures.contains("      +refused at event 0 (N 1S): "), "{summary}");
    assert!(failures.contains("(seats as in the run as written: they turn with the seats in the others)"), "{summary}");
}
