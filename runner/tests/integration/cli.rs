//! `rulings run --impl ... --report DIR`, known failures and `rulings
//! report`, through the binary as a user runs them.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rulings::report::Report;

fn rulings(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulings")).args(args).output().expect("run rulings")
}

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// What `rulings` said with its messages' wrapped lines joined again (a
/// message continues on lines indented under its first, at 80 columns).
fn flat(out: &Output) -> String {
    text(out).replace("\n    ", " ").replace("\n  ", " ")
}

fn read_report(dir: &Path) -> Report {
    let text = fs::read_to_string(dir.join("report.jsonl")).expect("report.jsonl written");
    Report::from_jsonl(&text).expect("the report reads back")
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

fn fresh(dir: &Path, name: &str) -> PathBuf {
    let d = dir.join(name);
    let _ = fs::remove_dir_all(&d);
    d
}

#[test]
fn a_run_writes_a_deterministic_report_that_grades_rulings_twice() {
    let (dir, _) = common::corpus("cli-report", 5, false);
    let cases = dir.path_buf();
    let fake = common::fake();
    // The fake misbehaves by seq; a restart sends the requests in flight
    // again with new seqs, so the fault that restarts comes last.
    let impl_args = [fake.as_str(), "wrong-clause=2", "wrong-ruling=3", "garbage=4"];
    let run = |out: &Path| {
        let mut args =
            vec!["run", "--cases", s(&cases), "--timeout", "3", "--hide-stderr", "--report", s(out), "--impl"];
        args.extend(impl_args);
        rulings(&args)
    };
    let out1 = fresh(&dir, "out1");
    let o = run(&out1);
    assert_eq!(o.status.code(), Some(1), "failures fail the run: {}", text(&o));
    // Wrong rulings are failed; a protocol violation is an error, counted apart.
    assert!(
        text(&o).contains("\n1 error, 0 not applicable, 0 not run\n2 passed, 2 failed, 0 skipped\n"),
        "{}",
        text(&o)
    );
    let report = read_report(&out1);
    assert_eq!(report.header.implementation.as_ref().map(|h| h.name.as_str()), Some("fake-impl"));
    assert!(report.header.corpus.hash.starts_with("sha256:") && report.header.corpus.hash.len() == 71);
    assert_eq!(report.header.options.timeout_s, Some(3.0));
    assert_eq!(report.cases.len(), 5);
    let outcomes: Vec<&str> = report.cases.iter().map(|c| c.outcome.name()).collect();
    assert_eq!(outcomes, ["passed", "failed", "failed", "protocol-violation", "passed"]);
    assert!(report.cases[1].right_ruling_wrong_clause(), "{:?}", report.cases[1]);
    assert!(!report.cases[2].right_ruling_wrong_clause(), "{:?}", report.cases[2]);
    assert_eq!(report.footer.right_ruling_wrong_clause, 1);
    assert_eq!(report.footer.totals.protocol_violation, 1);
    assert_eq!(report.footer.result, "fail");

    let md = fs::read_to_string(out1.join("report.md")).expect("report.md");
    assert!(md.contains("| law22 | 5 | 2 | 2 | 1 | 0 | 0 | 0 | 0 | 1 |"), "{md}");
    assert!(md.contains("| 22A | 5 | 2 | 2 | 1 |"), "{md}");
    assert!(md.contains("failed: right ruling, wrong clause"), "{md}");
    assert!(md.contains("```diff\n"), "{md}");
    let junit = fs::read_to_string(out1.join("junit.xml")).expect("junit.xml");
    assert!(junit.contains(r#"<testsuites name="rulings" tests="5" failures="2" errors="1" skipped="0">"#), "{junit}");
    assert!(junit.contains(r#"<failure message="right ruling, wrong clause">"#), "{junit}");

    // Deterministic: a second run differs only in the header's start time.
    let out2 = fresh(&dir, "out2");
    run(&out2);
    let body = |d: &Path| {
        let t = fs::read_to_string(d.join("report.jsonl")).unwrap();
        t.lines().skip(1).map(str::to_string).collect::<Vec<_>>()
    };
    assert_eq!(body(&out1), body(&out2));
    let mut h2 = read_report(&out2).header;
    h2.started = report.header.started.clone();
    assert_eq!(h2, report.header);

    // `rulings report` renders the same Markdown and JUnit from the JSON Lines.
    let out3 = fresh(&dir, "out3");
    let o = rulings(&["report", s(&out1.join("report.jsonl")), "--out", s(&out3)]);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(fs::read_to_string(out3.join("report.md")).unwrap(), md);
    assert_eq!(fs::read_to_string(out3.join("junit.xml")).unwrap(), junit);
}

#[test]
fn known_failures_are_strict_and_update_keeps_the_reasons() {
    let (dir, _) = common::corpus("cli-known", 4, false);
    let known = dir.with_extension("known.yaml");
    fs::write(
        &known,
        "L22-TS01:\n  reason: errors on the second case\n  issue: https://example.org/1\n\
         L22-TS02:\n  reason: used to fail\n",
    )
    .unwrap();
    let fake = common::fake();
    let run = |extra: &[&str]| {
        let mut args = vec!["run", "--cases", s(&dir), "--hide-stderr", "--known-failures", s(&known)];
        args.extend(extra);
        args.extend(["--impl", fake.as_str(), "error=2", "crash=4"]);
        rulings(&args)
    };
    let out = fresh(&dir, "out");
    let o = run(&["--report", s(&out)]);
    assert_eq!(o.status.code(), Some(1), "an unexpected pass and a crash fail the run: {}", text(&o));
    let r = read_report(&out);
    let outcomes: Vec<&str> = r.cases.iter().map(|c| c.outcome.name()).collect();
    assert_eq!(outcomes, ["passed", "expected-failure", "unexpected-pass", "crash"]);
    assert_eq!(r.cases[1].was.map(|w| w.name()), Some("error"));
    assert_eq!(r.cases[1].reason.as_deref(), Some("errors on the second case (https://example.org/1)"));
    assert!(r.cases[2].detail.as_deref().is_some_and(|d| d.contains("remove it from the file")));

    let o = run(&["--update-known-failures"]);
    assert!(text(&o).contains("1 new entry carries the reason \"TODO: say why this case fails\""), "{}", text(&o));
    assert!(o.status.success(), "after the update every failure is expected: {}", text(&o));
    let written = fs::read_to_string(&known).unwrap();
    let listed: rulings::judging::known_failures::KnownFailures =
        rulings::corpus::yaml_guard::from_str_without_aliases(&written).unwrap();
    assert_eq!(listed.keys().collect::<Vec<_>>(), ["L22-TS01", "L22-TS03"]);
    assert_eq!(listed["L22-TS01"].reason, "errors on the second case");
    assert_eq!(listed["L22-TS01"].issue.as_deref(), Some("https://example.org/1"));
    assert_eq!(listed["L22-TS03"].reason, rulings::judging::known_failures::PLACEHOLDER);

    let o = run(&[]);
    assert!(o.status.success(), "{}", text(&o));
    let _ = fs::remove_file(&known);
}

#[test]
fn a_program_that_cannot_start_still_gets_a_report() {
    let (dir, _) = common::corpus("cli-nostart", 2, false);
    let out = fresh(&dir, "out");
    let o = rulings(&["run", "--cases", s(&dir), "--report", s(&out), "--impl", "/nonexistent/engine --flag"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let r = read_report(&out);
    assert!(r.header.implementation.is_none());
    assert!(r.header.hello_error.as_deref().is_some_and(|e| e.contains("cannot start `/nonexistent/engine`")));
    assert_eq!(r.header.options.implementation, Some(vec!["/nonexistent/engine".to_string(), "--flag".to_string()]));
    // Never asked: a distinct outcome, said once in the summary, not once per case.
    assert!(r.cases.iter().all(|c| c.outcome.name() == "not-run"), "{:?}", r.cases);
    assert_eq!(r.footer.totals.not_run, 2);
    assert_eq!(
        text(&o).matches("cannot start `/nonexistent/engine`").count(),
        2,
        "hello error and summary: {}",
        text(&o)
    );
    assert!(text(&o).contains("2 run(s) not asked"), "{}", text(&o));
    // Not run is not failed: the closing lines say which (the exit status fails the run).
    assert!(
        text(&o).contains("\n0 errors, 0 not applicable, 2 not run\n0 passed, 0 failed, 0 skipped\n"),
        "{}",
        text(&o)
    );
    assert!(!text(&o).contains("not asked: not asked"), "{}", text(&o));
    assert!(!text(&o).contains("clause coverage"), "nothing asked, no coverage: {}", text(&o));
    // Every line fits 80 columns, but those naming a file of the scratch
    // folder, whose path is as long as the temp folder makes it.
    let scratch_path = out.display().to_string();
    assert!(text(&o).lines().filter(|l| !l.contains(&scratch_path)).all(|l| l.chars().count() <= 80), "{}", text(&o));
    // report.md says the reason once, not once per run as a failure.
    let md = fs::read_to_string(out.join("report.md")).expect("report.md");
    assert!(md.contains("## Failures (0)\n\nNone among the runs asked; 2 run(s) were not asked"), "{md}");
    assert!(md.contains("## Not asked (2)") && md.matches("cannot start").count() == 2, "hello and reason: {md}");
}

/// The closing line, the report's verdict and the exit status agree: a
/// `skipped` answer and a not-applicable case are neither passed nor
/// failed, and an expected failure is not a pass.
#[test]
fn totals_are_honest() {
    let (dir, _) = common::corpus("cli-honest", 4, true);
    let scratch = tempfile::tempdir().unwrap();
    let known = scratch.path().join("known.yaml");
    fs::write(&known, "L22-TS01:\n  reason: errors on purpose\n").unwrap();
    let out = fresh(&dir, "out");
    let fake = common::fake();
    let o = rulings(&[
        "run",
        "--cases",
        s(&dir),
        "--hide-stderr",
        "--report",
        s(&out),
        "--known-failures",
        s(&known),
        "--impl",
        fake.as_str(),
        "features=",
        "skip=1",
        "error=2",
    ]);
    let t = text(&o);
    assert_eq!(o.status.code(), Some(0), "{t}");
    assert!(t.contains("1 expected failure(s)"), "{t}");
    assert!(
        t.contains("\n0 errors, 1 not applicable, 0 not run\n2 passed, 0 failed, 1 skipped\n"),
        "one skipped answer, one case not applicable, each said apart: {t}"
    );
    let r = read_report(&out);
    assert_eq!(r.footer.result, "pass");
    assert_eq!((r.footer.totals.skipped, r.footer.totals.not_applicable), (1, 1));
}

/// A run that asks nothing is not green, unless --allow-empty.
#[test]
fn a_run_that_tests_nothing_fails() {
    let (dir, _) = common::corpus("cli-empty", 2, false);
    let fake = common::fake();
    let o = rulings(&["run", "--cases", s(&dir), "--edition", "2007", "--impl", fake.as_str(), "editions=2017"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("the run tested nothing"), "{}", text(&o));
    let o = rulings(&["run", "--cases", s(&dir), "--impl", fake.as_str(), "editions="]);
    assert_eq!(o.status.code(), Some(1), "a hello declaring no edition: {}", text(&o));
    assert!(text(&o).contains("none of the 2 run(s) applies to fake-impl"), "{}", text(&o));
    let empty = tempfile::tempdir().unwrap();
    let o = rulings(&["run", "--cases", s(empty.path())]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("no case was found in"), "{}", text(&o));
    let o = rulings(&["run", "--cases", s(empty.path()), "--allow-empty"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

/// Updating the known failures from a program that never answered writes
/// nothing and fails; a file listing an id twice is refused with both lines.
#[test]
fn known_failures_are_never_written_from_a_run_that_asked_nothing() {
    let (dir, _) = common::corpus("cli-known-nostart", 2, false);
    let scratch = tempfile::tempdir().unwrap();
    let known = scratch.path().join("known.yaml");
    let o = rulings(&[
        "run",
        "--cases",
        s(&dir),
        "--known-failures",
        s(&known),
        "--update-known-failures",
        "--impl",
        "/nonexistent/engine",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("is left as it was"), "{}", text(&o));
    assert!(!known.exists(), "nothing written");
    fs::write(&known, "L22-TS00:\n  reason: a\nL22-TS01:\n  reason: b\nL22-TS00:\n  reason: c\n").unwrap();
    let o = rulings(&["run", "--cases", s(&dir), "--known-failures", s(&known)]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(flat(&o).contains("known.yaml:5:1: L22-TS00 is listed twice (first at line 1)"), "{}", text(&o));
}

#[test]
fn the_engine_serves_the_protocol_through_rulings_serve() {
    let (dir, _) = common::corpus("cli-serve", 3, false);
    let me = env!("CARGO_BIN_EXE_rulings");
    for per_case in [false, true] {
        let mut args = vec!["run", "--cases", s(&dir), "--impl", me, "serve"];
        if per_case {
            args.push("--per-case");
        }
        let o = rulings(&args);
        assert!(o.status.success(), "{}", text(&o));
        assert!(text(&o).contains("3 passed, 0 failed"), "{}", text(&o));
    }
}

/// `rulings serve` says what it waits for on a terminal only: a program
/// talking to it through pipes gets the protocol and nothing on stderr. The
/// terminal half runs where util-linux's `script` gives it one.
#[test]
fn serve_speaks_to_a_person_only_on_a_terminal() {
    let o = Command::new(env!("CARGO_BIN_EXE_rulings"))
        .arg("serve")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run");
    assert!(o.status.success() && o.stderr.is_empty(), "{}", text(&o));
    let command = format!("{} serve", env!("CARGO_BIN_EXE_rulings"));
    match Command::new("script").args(["-qec", &command, "/dev/null"]).stdin(std::process::Stdio::null()).output() {
        Ok(o) => assert!(text(&o).contains("waiting for protocol messages on stdin"), "{}", text(&o)),
        Err(e) => eprintln!("note: `script` is not installed ({e}): the terminal half is not tested here"),
    }
}

/// `rulings new` writes only ordinary case files inside a law folder of
/// the corpus: not through a dangling symlink, not under a name with a
/// newline or a leading `_`, not into a folder for a law the corpus lacks;
/// and it keeps the clause it was given.
#[cfg(unix)]
#[test]
fn new_writes_only_inside_the_corpus() {
    let dir = tempfile::tempdir().unwrap();
    let cases = dir.path().join("cases");
    fs::create_dir_all(cases.join("law27")).unwrap();
    let outside = dir.path().join("outside.yaml");
    std::os::unix::fs::symlink(&outside, cases.join("law27/trap.yaml")).unwrap();
    let o = rulings(&["new", "27", "--cases", s(&cases), "--name", "trap"]);
    assert_ne!(o.status.code(), Some(0), "{}", text(&o));
    assert!(!outside.exists(), "nothing written through the link");
    for bad in ["a\nb", "_x", "../x"] {
        let o = rulings(&["new", "27", "--cases", s(&cases), "--name", bad]);
        assert_ne!(o.status.code(), Some(0), "{bad:?}: {}", text(&o));
        assert!(text(&o).contains("is not a case file name"), "{}", text(&o));
    }
    let o = rulings(&["new", "16", "--cases", s(&cases)]);
    assert_ne!(o.status.code(), Some(0));
    assert!(text(&o).contains("no folder for Law 16") && text(&o).contains("law27"), "{}", text(&o));
    assert!(!cases.join("law16").exists());
    let o = rulings(&["new", "27B1(a)", "--cases", s(&cases), "--name", "fine"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let written = fs::read_to_string(cases.join("law27/fine.yaml")).unwrap();
    assert!(written.contains("laws: [\"27B1(a)\"]"), "{written}");
    // A law folder that is a symbolic link to a folder outside (writing there would leave the corpus).
    let elsewhere = dir.path().join("elsewhere");
    fs::create_dir_all(&elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, cases.join("law25")).unwrap();
    let o = rulings(&["new", "25", "--cases", s(&cases)]);
    assert_ne!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("law25: a symbolic link"), "{}", text(&o));
    assert_eq!(fs::read_dir(&elsewhere).unwrap().count(), 0, "nothing written outside the corpus");
}

/// A fresh `rulings new` skeleton is one file that does not load yet: the
/// run's summary counts it as one file with its four errors (not "4 case
/// file(s) did not load", which miscounts the files), and fmt leaves it as it is.
#[test]
fn a_fresh_skeleton_is_one_file_that_does_not_load() {
    let (dir, _) = common::corpus("cli-skeleton", 2, true);
    let o = rulings(&["new", "27", "--cases", s(&dir)]);
    assert!(o.status.success(), "{}", text(&o));
    let o = rulings(&["run", "--cases", s(&dir)]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("1 case file(s) did not load (4 error(s)):"), "{}", text(&o));
    let o = rulings(&["fmt", "--check", s(&dir)]);
    assert!(flat(&o).contains("1 left as they are"), "{}", text(&o));
}

/// Run `rulings` with `args`; its exit code, its stderr and its peak
/// resident memory in bytes: the high-water mark of its own memory
/// (VmHWM in /proc), read every few milliseconds until it exits. Not
/// wait4's ru_maxrss: a child started by posix_spawn counts there the
/// peak of the test process it was spawned from (tens of MB while other
/// tests run), not its own.
#[cfg(target_os = "linux")]
pub(crate) fn rulings_measured(args: &[&str]) -> (Option<i32>, String, u64) {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulings"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run rulings");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = err.read_to_string(&mut text);
        text
    });
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kb = 0u64;
    let status = loop {
        // VmHWM only grows: the last reading before the exit is the peak
        // but for the last few milliseconds.
        if let Some(kb) = fs::read_to_string(&status_file).ok().and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        }) {
            peak_kb = peak_kb.max(kb);
        }
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    };
    let stderr = reader.join().expect("stderr read");
    (status.code(), stderr, peak_kb * 1024)
}

#[cfg(target_os = "linux")]
#[test]
fn a_flood_on_stderr_without_a_newline_costs_the_runner_nothing() {
    let (dir, _) = common::corpus("cli-flood", 2, false);
    let fake = common::fake();
    // 300 MB through a pipe before the hello: a loaded machine may take
    // far longer than the default limit, which is not what is measured.
    let args = ["run", "--cases", s(&dir), "--timeout", "3600", "--impl", fake.as_str(), "stderr-flood=300"];
    let (code, err, peak) = rulings_measured(&args);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.len() < 64 << 10, "the runner passed {} bytes of stderr through", err.len());
    assert!(err.contains("[line cut: "), "{err}");
    assert!(peak < 100 << 20, "the runner peaked at {} MB", peak >> 20);
}

#[test]
fn a_time_limit_out_of_range_is_an_error_not_a_panic() {
    let fake = common::fake();
    for t in ["1e30", "1.8e19", "0", "-2", "inf", "NaN"] {
        let arg = format!("--timeout={t}");
        let o = rulings(&["run", arg.as_str(), "--impl", fake.as_str()]);
        let out = flat(&o);
        assert_eq!(o.status.code(), Some(2), "--timeout {t}: {out}");
        assert!(out.contains("at most 86400"), "--timeout {t}: {out}");
        assert!(!out.contains("panicked"), "{out}");
    }
}

#[test]
fn a_report_that_cannot_be_written_whole_leaves_the_earlier_one_whole() {
    let (dir, _) = common::corpus("cli-blocked", 2, false);
    let out = fresh(&dir, "out");
    let o = rulings(&["run", "--cases", s(&dir), "--report", s(&out)]);
    assert!(o.status.success(), "{}", text(&o));
    let earlier: Vec<String> =
        ["report.jsonl", "report.md"].iter().map(|f| fs::read_to_string(out.join(f)).expect("written")).collect();
    // junit.xml blocked: a folder in its place.
    fs::remove_file(out.join("junit.xml")).expect("junit.xml");
    fs::create_dir(out.join("junit.xml")).expect("a folder");
    let o = rulings(&["run", "--cases", s(&dir), "--edition", "2007", "--report", s(&out)]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    // Words, not lines: the message is wrapped at 80 columns, where a long
    // temporary path puts its breaks.
    assert!(common::words(&text(&o)).contains("junit.xml: a folder is in the way"), "{}", text(&o));
    for (f, before) in ["report.jsonl", "report.md"].iter().zip(&earlier) {
        assert_eq!(&fs::read_to_string(out.join(f)).expect("kept"), before, "{f} is the earlier one");
    }
    let left: Vec<String> = fs::read_dir(&out)
        .expect("out")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
}

#[cfg(unix)]
#[test]
fn special_files_are_refused_at_once_wherever_a_file_is_read() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let fifo = scratch.path().join("pipe.yaml");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    for special in [Path::new("/dev/zero"), fifo.as_path()] {
        for args in
            [vec!["report", s(special)], vec!["explain", s(special)], vec!["run", "--known-failures", s(special)]]
        {
            let o = rulings(&args);
            let out = flat(&o);
            assert!(!o.status.success(), "{args:?}: {out}");
            assert!(out.contains("not a regular file"), "{args:?}: {out}");
        }
    }
}

#[test]
fn rulings_report_refuses_a_tampered_report() {
    let (dir, _) = common::corpus("cli-tampered", 2, false);
    let out = fresh(&dir, "out");
    let o = rulings(&["run", "--cases", s(&dir), "--report", s(&out)]);
    assert!(o.status.success(), "{}", text(&o));
    let jsonl = out.join("report.jsonl");
    let good = fs::read_to_string(&jsonl).expect("report.jsonl");
    fs::write(&jsonl, good.replace(r#""passed":2"#, r#""passed":999999"#)).expect("tamper");
    let o = rulings(&["report", s(&jsonl)]);
    assert!(!o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("the footer counts 999999 passed; the case lines hold 2"), "{}", text(&o));
}

#[test]
fn the_program_s_stderr_is_labelled_with_the_name_from_its_hello() {
    let (dir, _) = common::corpus("cli-label", 3, false);
    let fake = common::fake();
    let o = rulings(&["run", "--cases", s(&dir), "--impl", fake.as_str(), "name=my-engine", "crash=2"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("[my-engine] fake-impl: crashing on request 2"), "{err}");
}

#[test]
fn coverage_counts_only_the_cases_asked() {
    let (dir, _) = common::corpus("cli-coverage", 2, true);
    let fake = common::fake();
    // No features declared: the Law 27 case is not applicable, not asked:
    // one line, not the corpus's table.
    let o = rulings(&["run", "--cases", s(&dir), "--impl", fake.as_str(), "features="]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("clause coverage: the cases answered cite 0 of the"), "{out}");
    assert!(!out.contains("not exercised yet") && !out.contains("27A1 0"), "{out}");
    // Everything asked: the table, with the corpus's own gaps.
    let o = rulings(&["run", "--cases", s(&dir), "--impl", fake.as_str()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("not exercised yet") && out.contains("27A1 "), "{out}");
    // A selection: none at all.
    let o = rulings(&["run", "--cases", s(&dir), "--only", "L22-TS00", "--impl", fake.as_str()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(!out.contains("clause coverage"), "{out}");
    assert!(out.ends_with("\n1 passed, 0 failed, 0 skipped\n"), "{out}");
}

/// A program that skips every case it is asked has tested nothing: the run
/// fails (unless --allow-empty), and report.md lists the skipped runs with
/// the reason.
#[test]
fn a_run_whose_every_case_is_skipped_fails() {
    let (dir, _) = common::corpus("cli-all-skipped", 2, false);
    let out = fresh(&dir, "out");
    let fake = common::fake();
    let o = rulings(&["run", "--cases", s(&dir), "--report", s(&out), "--impl", fake.as_str(), "skip=all"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    // (The note is wrapped to 80 columns.)
    let said = common::words(&text(&o));
    assert!(
        said.contains("the run tested nothing: fake-impl skipped every one of the 2 run(s) it was asked"),
        "{said}"
    );
    assert!(text(&o).contains("\n0 passed, 0 failed, 2 skipped\n"), "{}", text(&o));
    let r = read_report(&out);
    assert_eq!(r.footer.result, "fail");
    let md = fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.contains("**Result: fail.**") && md.contains("## Skipped (2)"), "{md}");
    assert!(md.contains("(2 run(s) of 2 case(s))"), "{md}");
    let o = rulings(&["run", "--cases", s(&dir), "--allow-empty", "--impl", fake.as_str(), "skip=all"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

#[test]
fn a_subfolder_or_one_file_is_named_as_in_a_full_run() {
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    let scratch = tempfile::tempdir().expect("temp dir");
    let out = scratch.path().join("out");
    let law27 = cases.join("law27");
    let o = rulings(&["run", "--cases", s(&law27), "--report", s(&out)]);
    assert!(o.status.success(), "{}", text(&o));
    let r = read_report(&out);
    assert!(!r.cases.is_empty());
    assert!(r.cases.iter().all(|c| c.name.starts_with("law27/")), "{:?}", r.cases[0].name);
    let junit = fs::read_to_string(out.join("junit.xml")).expect("junit.xml");
    assert!(junit.contains("law27/"), "the JUnit names are the full run's");

    let one = &r.cases[0].name;
    let file = cases.join(one);
    let o = rulings(&["run", "--cases", s(&file), "--report", s(&out)]);
    assert!(o.status.success(), "{}", text(&o));
    let r = read_report(&out);
    assert!(!r.cases.is_empty() && r.cases.iter().all(|c| &c.name == one), "{:?}", r.cases);
}

#[test]
fn a_failure_line_names_the_keys_that_differ() {
    let (dir, _) = common::corpus("cli-keys", 2, false);
    let fake = common::fake();
    let out_dir = fresh(&dir, "out");
    let o = rulings(&["run", "--cases", s(&dir), "--impl", fake.as_str(), "wrong-ruling=1", "--report", s(&out_dir)]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("failed differs in: contract"), "{out}");
    // report.md shows the failure's story as a grid, before its diff.
    let md = fs::read_to_string(out_dir.join("report.md")).expect("report.md");
    let grid = "```text\nW      N      E      S\n       1C     P      P\nP\n```";
    assert!(md.contains(grid), "{md}");
    assert!(md.find(grid) < md.find("```diff\ndiffers in: contract"), "{md}");
}

#[test]
fn one_case_at_a_time_by_id_glob_clause_or_tag() {
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    let scratch = tempfile::tempdir().expect("temp dir");
    let out = scratch.path().join("out");
    let run = |extra: &[&str]| {
        let mut args = vec!["run", "--cases", s(&cases), "--report", s(&out)];
        args.extend_from_slice(extra);
        let o = rulings(&args);
        (o.status.code(), text(&o), if o.status.success() { Some(read_report(&out)) } else { None })
    };
    let (_, _, all) = run(&[]);
    let all = all.expect("the full run");
    let first = all.cases.iter().find(|c| c.name.starts_with("law27/")).expect("a Law 27 case").clone();

    let (code, out1, r) = run(&["--only", &first.id]);
    assert_eq!(code, Some(0), "{out1}");
    assert!(r.expect("report").cases.iter().all(|c| c.id == first.id));

    let (_, _, r) = run(&["--only", "law27/*"]);
    let r = r.expect("report");
    assert!(!r.cases.is_empty() && r.cases.iter().all(|c| c.name.starts_with("law27/")));

    let (_, _, r) = run(&["--law", "27B1(b)"]);
    let r = r.expect("report");
    assert!(!r.cases.is_empty());
    assert!(r.cases.iter().all(|c| c.laws.iter().any(|l| l.starts_with("27B1(b)"))), "{:?}", r.cases[0].laws);

    let (_, _, r) = run(&["--only", "law27", "--skip", &first.id]);
    assert!(r.expect("report").cases.iter().all(|c| c.id != first.id));

    let (code, msg, _) = run(&["--only", "no-such-case"]);
    assert_eq!(code, Some(1), "{msg}");
    assert!(msg.contains("the run tested nothing: no case matches --only no-such-case"), "{msg}");

    let (code, msg, _) = run(&["--law", "27B9"]);
    assert_eq!(code, Some(2), "{msg}");
    assert!(msg.contains("--law 27B9: not a clause"), "{msg}");
}

#[test]
fn explain_takes_an_id_or_a_path_and_a_program() {
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    let (dir, _) = common::corpus("cli-explain", 2, false);
    let fake = common::fake();
    let o = rulings(&["explain", "L22-TS01", "--cases", s(&dir)]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("the story:\n  W      N      E      S\n                2D     P\n  P      P\n"),
        "a grid: {out}"
    );
    assert!(out.contains("the reference engine:\n  rules as expected"), "{out}");
    assert!(out.contains("(2017 Laws)"), "the newest edition by default: {out}");

    let o = rulings(&["explain", "law22/case-01.yaml", "--cases", s(&dir), "--impl", fake.as_str(), "wrong-ruling=1"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "the program does not rule as expected: {out}");
    assert!(out.contains("fake-impl:\n  against the expectation:"), "{out}");
    assert!(out.contains("against the reference engine: differs in contract"), "{out}");
    // A case outside the program's hello is not put to it (as a run would not).
    for outside in ["editions=2007", "features="] {
        let case = if outside == "features=" { "L27-30XL" } else { "L22-TS01" };
        let at = if outside == "features=" { s(&cases) } else { s(&dir) };
        let o = rulings(&["explain", case, "--cases", at, "--impl", fake.as_str(), outside]);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        assert!(text(&o).contains("is not asked of the program: fake-impl does not declare"), "{}", text(&o));
    }

    let o = rulings(&["explain", "L99-NONE", "--cases", s(&cases)]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("is neither a file nor the id or path of a case"), "{}", text(&o));

    // A case of the 2007 and 2017 Laws: 2017 by default, and not 1997.
    let o = rulings(&["explain", "L27-30XL", "--cases", s(&cases)]);
    assert!(text(&o).contains("(2017 Laws)"), "{}", text(&o));
    let o = rulings(&["explain", "L27-30XL", "--cases", s(&cases), "--edition", "1997"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("holds for the 2007, 2017 Laws, not 1997"), "{}", text(&o));
}

#[test]
fn the_corpus_travels_inside_the_binary() {
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let out = elsewhere.path().join("out");
    let o = Command::new(env!("CARGO_BIN_EXE_rulings"))
        .current_dir(elsewhere.path())
        .args(["run", "--only", "law27/*", "--report"])
        .arg(&out)
        .output()
        .expect("run rulings");
    assert!(o.status.success(), "{}", text(&o));
    let r = read_report(&out);
    assert_eq!(r.header.corpus.dirs, ["(built in)"]);
    let on_disk = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    assert_eq!(r.header.corpus.hash, rulings::report::corpus_hash(&[on_disk]), "the same corpus as cases/");
    assert!(!r.cases.is_empty() && r.cases.iter().all(|c| c.name.starts_with("law27/")));
    let v = rulings(&["--version"]);
    assert!(text(&v).contains(&r.header.corpus.hash), "{}", text(&v));
    // Writing a case needs a real folder.
    let o = Command::new(env!("CARGO_BIN_EXE_rulings"))
        .current_dir(elsewhere.path())
        .args(["new", "27"])
        .output()
        .expect("run rulings");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("no cases/ folder here"), "{}", text(&o));
}

#[test]
fn known_failures_name_the_runs_and_the_outcome_they_expect() {
    let (dir, _) = common::corpus("cli-scoped", 4, false);
    let known = dir.with_extension("known.yaml");
    fs::write(
        &known,
        "L22-TS00:\n  reason: only our 2007 mode is wrong\n  editions: [2007]\n\
         L22-TS01:\n  reason: we crash here\n  outcome: crash\n\
         L22-TS03:\n  reason: we crash here too\n  outcome: crash\n  rotations: [0]\n",
    )
    .expect("write");
    let fake = common::fake();
    let run = |extra: &[&str]| {
        let mut args = vec!["run", "--cases", s(&dir), "--hide-stderr", "--known-failures", s(&known)];
        args.extend(extra);
        args.extend(["--impl", fake.as_str(), "error=2", "crash=4"]);
        rulings(&args)
    };
    let out = fresh(&dir, "out");
    let o = run(&["--report", s(&out)]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let r = read_report(&out);
    let outcomes: Vec<&str> = r.cases.iter().map(|c| c.outcome.name()).collect();
    // TS00: no 2017 run is covered, so it is a plain pass; TS01 errs where a
    // crash was expected, which is news; TS03 crashes as expected.
    assert_eq!(outcomes, ["passed", "error", "passed", "expected-failure"]);

    let o = run(&["--strict-known-failures"]);
    assert!(o.status.code() == Some(1), "no TODO reason yet: the run goes on: {}", text(&o));
    let o = run(&["--update-known-failures"]);
    assert!(o.status.success(), "{}", text(&o));
    let listed: rulings::judging::known_failures::KnownFailures =
        rulings::corpus::yaml_guard::from_str_without_aliases(&fs::read_to_string(&known).expect("read"))
            .expect("yaml");
    assert_eq!(listed["L22-TS01"].reason, "we crash here", "the reason is kept");
    assert_eq!(listed["L22-TS01"].outcome, None, "widened to the failure seen");
    assert_eq!(listed["L22-TS03"].outcome.map(|o| o.name()), Some("crash"), "kept as it was");

    fs::write(&known, "L22-TS01:\n  reason: \"TODO: say why this case fails\"\n").expect("write");
    let o = run(&["--strict-known-failures"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(flat(&o).contains("1 entry is still without a reason (TODO): L22-TS01"), "{}", text(&o));

    fs::write(&known, "L22-TS01:\n  reason: x\n  outcome: pwned\n").expect("write");
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("outcome `pwned` cannot be expected"), "{}", text(&o));
}

#[test]
fn no_progress_line_when_stderr_is_not_a_terminal() {
    let (dir, _) = common::corpus("cli-quiet", 3, false);
    let o = rulings(&["run", "--cases", s(&dir)]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(!err.contains('\r') && !err.contains(" runs"), "{err}");
}

#[test]
fn log_traffic_writes_every_line_both_ways() {
    let (dir, _) = common::corpus("cli-traffic", 3, false);
    let fake = common::fake();
    let log = dir.with_extension("traffic.log");
    let o = rulings(&["run", "--cases", s(&dir), "--log-traffic", s(&log), "--impl", fake.as_str(), "crash=2"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let text = fs::read_to_string(&log).expect("the log");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains(" * - started: "), "{text}");
    assert!(lines[1].ends_with(r#"> - {"type":"hello","protocol":1}"#), "{text}");
    // Each request and each answer carries the id of its case.
    let rules: Vec<&str> = lines.iter().filter(|l| l.contains(r#" {"type":"rule""#)).copied().collect();
    assert_eq!(rules.len(), 4, "3 requests, the one after the crash sent again: {text}");
    for (line, id) in rules.iter().zip(["L22-TS00", "L22-TS01", "L22-TS02", "L22-TS02"]) {
        assert!(line.contains(&format!(" > {id} {{")), "{line}");
    }
    let answers: Vec<&str> = lines.iter().filter(|l| l.contains(r#" {"type":"ruling""#)).copied().collect();
    assert_eq!(answers.len(), 2, "one crashed: {text}");
    assert!(answers[0].contains(" < L22-TS00 {"), "{text}");
    assert!(lines.iter().any(|l| l.contains(" * - crash: exited with status 7")), "{text}");
    assert_eq!(lines.iter().filter(|l| l.contains(" * - started: ")).count(), 2, "a restart: {text}");
    // One process per case, two at a time: one hello for the run, and the
    // rotations named in the runs.
    let o = rulings(&[
        "run",
        "--cases",
        s(&dir),
        "--rotations",
        "--per-case",
        "--jobs",
        "2",
        "--log-traffic",
        s(&log),
        "--impl",
        fake.as_str(),
        "per-case=1",
    ]);
    assert!(o.status.success(), "{}", self::text(&o));
    let text = fs::read_to_string(&log).expect("the log");
    assert_eq!(text.matches(r#"> - {"type":"hello""#).count(), 1, "{text}");
    assert_eq!(text.matches(r#" {"type":"rule""#).count(), 12, "{text}");
    assert!(text.contains(" > L22-TS02::rotated-3 {") && text.contains(" < L22-TS02::rotated-3 {"), "{text}");
    let o = rulings(&["run", "--cases", s(&dir), "--log-traffic", "/nonexistent/dir/t.log", "--impl", fake.as_str()]);
    assert_eq!(o.status.code(), Some(2), "{}", self::text(&o));
}

#[test]
fn jobs_give_the_report_of_a_serial_run() {
    let (dir, _) = common::corpus("cli-jobs", 7, true);
    let fake = common::fake();
    let mut reports = Vec::new();
    for (k, extra) in
        [vec!["--jobs", "1"], vec!["--jobs", "3"], vec!["--per-case", "--jobs", "1"], vec!["--per-case", "--jobs", "3"]]
            .into_iter()
            .enumerate()
    {
        let out = fresh(&dir, &format!("out{k}"));
        let mut args = vec!["run", "--cases", s(&dir), "--rotations", "--report", s(&out)];
        args.extend(extra);
        args.extend(["--impl", fake.as_str(), "per-case=1", "wrong-for-dealer=E"]);
        let o = rulings(&args);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        let r = read_report(&out);
        reports.push((r.cases, r.footer));
    }
    assert!(reports[0].1.totals.failed > 0 && reports[0].1.totals.passed > 0);
    for r in &reports[1..] {
        assert_eq!(r.1, reports[0].1, "the same totals");
    }
    for r in &reports[1..] {
        assert_eq!(r.0, reports[0].0, "the same case lines");
    }
    let o = rulings(&["run", "--cases", s(&dir), "--jobs", "0", "--impl", fake.as_str()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

/// Copies of a program run side by side (`--jobs`) are one program to the
/// run: a seq is sent once in the whole run (the fake crashes at seq 5:
/// once, not once a copy), and `--max-restarts` is the run's budget, not
/// each copy's.
#[test]
fn jobs_share_the_seq_and_the_restart_budget() {
    let (dir, _) = common::corpus("cli-jobs-budget", 12, false);
    let fake = common::fake();
    let outcomes = |extra: &[&str], fault: &str| {
        let out = fresh(&dir, &format!("out-{}-{fault}", extra.join("")));
        let mut args = vec!["run", "--cases", s(&dir), "--report", s(&out), "--hide-stderr"];
        args.extend(extra);
        args.extend(["--impl", fake.as_str(), "per-case=1", fault]);
        let o = rulings(&args);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        let r = read_report(&out);
        let crashes = r.cases.iter().filter(|c| c.outcome.name() == "crash").count();
        let not_run = r.cases.iter().filter(|c| c.outcome.name() == "not-run").count();
        (crashes, not_run, text(&o))
    };
    for extra in [&["--jobs", "3"][..], &["--per-case", "--jobs", "3"][..]] {
        let (crashes, _, said) = outcomes(extra, "crash=5");
        assert_eq!(crashes, 1, "{extra:?}: one request has seq 5\n{said}");
        let (crashes, not_run, said) = outcomes(&[extra, &["--max-restarts", "2"]].concat(), "crash=all");
        // Three failures spend the budget of two restarts; a copy already
        // asking when the third came may fail once more.
        assert!((3..=5).contains(&crashes), "{extra:?}: {crashes} crashes\n{said}");
        assert_eq!(crashes + not_run, 12, "{extra:?}\n{said}");
        assert!(common::words(&said).contains("--max-restarts 2 for the run"), "{said}");
    }
}

/// Values a stranger tried, each said plainly: a negative time limit (clap
/// took `-1` for an option), a window of 0 (taken as 1 without a word), a
/// folder as the program (said as "permission denied"), and no note of a
/// `--jobs` nobody gave.
#[test]
fn odd_values_are_said_plainly() {
    let (dir, _) = common::corpus("cli-odd", 1, false);
    let fake = common::fake();
    let o = rulings(&["run", "--cases", s(&dir), "--timeout", "-1", "--impl", fake.as_str()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("--timeout -1: give a number of seconds above 0"), "{}", text(&o));
    let o = rulings(&["run", "--cases", s(&dir), "--window", "0", "--impl", fake.as_str()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("--window 0: give at least 1"), "{}", text(&o));
    let o = rulings(&["run", "--cases", s(&dir), "--impl", s(&dir)]);
    assert!(common::words(&text(&o)).contains("it is a folder, not a program"), "{}", text(&o));
    let o = rulings(&["run", "--cases", s(&dir), "--per-case", "--impl", fake.as_str(), "per-case=1"]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(!text(&o).contains("capped"), "no note of a --jobs not given: {}", text(&o));
    let o = rulings(&["run", "--cases", s(&dir), "--per-case", "--jobs", "3", "--impl", fake.as_str(), "per-case=1"]);
    assert!(text(&o).contains("--jobs 3 capped to 1"), "{}", text(&o));
}

/// Case files right in the folder given to --cases (as rulings fuzz writes
/// them) are the folder `.`, not a folder each; an unreviewed case runs and
/// is counted as a file that ran with errors, not one that did not load (it
/// said "2 case file(s) did not load" of two files that ran); errors are
/// wrapped at 80 columns.
#[test]
fn files_in_the_folder_given_and_files_that_ran_with_errors_are_counted_so() {
    let dir = common::Scratch::new("cli-flat");
    for i in 0..2 {
        let (name, text) = common::legal_case(i);
        let text = if i == 1 { text.replace("laws:", "tags: [unreviewed]\nlaws:") } else { text };
        fs::write(dir.join(&name), text).unwrap();
    }
    let o = rulings(&["run", "--cases", s(&dir)]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(out.lines().any(|l| l.starts_with(". ") && l.split_whitespace().nth(1) == Some("2")), "{out}");
    assert!(out.contains("\n1 case file(s) ran with errors (1 error(s)):\n"), "{out}");
    assert!(out.contains("0 not run, 1 case file(s) ran with errors\n"), "{out}");
    assert!(!out.contains("did not load"), "{out}");
    // Within 80 columns, but for a word that cannot be broken (a long
    // temporary path alone on its line).
    assert!(out.lines().all(|l| l.chars().count() <= 80 || !l.trim().contains(' ')), "{out}");
}

/// A fault's line in the summary says how the process ended (a half line
/// then an exit showed no exit status there; report.jsonl had it).
#[test]
fn a_fault_in_the_summary_says_how_the_process_ended() {
    let (dir, _) = common::corpus("cli-fault-end", 2, false);
    let fake = common::fake();
    let o =
        rulings(&["run", "--cases", s(&dir), "--per-case", "--impl", fake.as_str(), "per-case=1", "partial-exit=2"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    let failures = out.split("\nfailures (1 run(s) of 1 case(s)):\n").nth(1).unwrap_or_default().to_string();
    assert!(common::words(&failures).contains("crash the program closed its stdout in the middle of a line"), "{out}");
    assert!(failures.contains("      the process: exited with status 0"), "{out}");
}

#[test]
fn output_fits_an_80_column_terminal() {
    let widest = |o: &Output| String::from_utf8_lossy(&o.stdout).lines().map(|l| l.chars().count()).max().unwrap_or(0);
    for cmd in ["run", "explain", "check", "new", "report", "bench", "clauses", "fmt", "workbench", "import-issue"] {
        let o = rulings(&[cmd, "--help"]);
        assert!(widest(&o) <= 80, "rulings {cmd} --help: {} columns", widest(&o));
    }
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    let o = rulings(&["run", "--cases", s(&cases)]);
    assert!(widest(&o) <= 80, "rulings run: {} columns\n{}", widest(&o), text(&o));
    let o = rulings(&["run", "--cases", s(&cases.join("law27")), "--edition", "2017"]);
    assert!(widest(&o) <= 80, "a subfolder: {} columns", widest(&o));
    // A case with a long title and a long source.
    let o = rulings(&["explain", "L27-3XUE", "--cases", s(&cases)]);
    assert!(widest(&o) <= 80, "rulings explain: {} columns\n{}", widest(&o), text(&o));
    // The same from a checkout at a long path (it printed the file as
    // <checkout>/runner/../cases/..., past 80 columns): the file is named in the
    // corpus, and the dealer once.
    let scratch = tempfile::tempdir().expect("temp dir");
    let long = scratch.path().join("a-folder-with-a-rather-long-name/and-another-one-below-it/and-a-third/cases");
    fs::create_dir_all(long.join("law27")).expect("mkdir");
    fs::copy(cases.join("law27/1c-p-1c-corrected-to-2c.yaml"), long.join("law27/x.yaml")).expect("copy");
    let o = rulings(&["explain", "L27-3XUE", "--cases", s(&long)]);
    assert!(o.status.success() && widest(&o) <= 80, "rulings explain: {} columns\n{}", widest(&o), text(&o));
    assert!(text(&o).contains("file: law27/x.yaml (in the corpus folder)\n"), "{}", text(&o));
    assert_eq!(text(&o).matches("dealer N, vulnerable none").count(), 1, "{}", text(&o));
    // Every line of the clause list, and of what check, fmt and new say.
    let widest_of_all = |o: &Output| text(o).lines().map(|l| l.chars().count()).max().unwrap_or(0);
    let o = rulings(&["clauses"]);
    assert!(widest(&o) <= 80, "rulings clauses: {} columns", widest(&o));
    let short = tempfile::Builder::new().prefix("r").tempdir_in("/tmp").expect("temp dir");
    fs::create_dir_all(short.path().join("law27")).expect("mkdir");
    fs::write(
        short.path().join("law27/wrong.yaml"),
        "id: L27-WN01\ntitle: 1S (1H) corrected to 2H, next to call\nlaws: [\"27B1(a)\"]\nsource: test\n\
         dealer: N\nevents:\n  - N: 1S\n  - E: 1H\n  - S: reject\n  - E: 2H\nexpect:\n  next: W\n  rulings:\n    \
         - {seat: E, call: 1H, irregularity: insufficient-bid, law: \"27B2\"}\n",
    )
    .expect("write");
    let o = rulings(&["check", s(short.path())]);
    assert!(text(&o).contains("expected rulings:"), "{}", text(&o));
    assert!(widest_of_all(&o) <= 80, "rulings check: {} columns\n{}", widest_of_all(&o), text(&o));
    let o = rulings(&["fmt", "--to", "story", s(short.path())]);
    assert!(widest_of_all(&o) <= 80, "rulings fmt: {} columns\n{}", widest_of_all(&o), text(&o));
    let o = rulings(&["new", "27", "--cases", s(short.path())]);
    assert!(o.status.success() && widest_of_all(&o) <= 80, "rulings new: {} columns\n{}", widest_of_all(&o), text(&o));
    let o = rulings(&["new", "27", "--cases", s(short.path()), "--story", "N 1S, E 1H, S reject, E 2H"]);
    assert!(o.status.success() && widest_of_all(&o) <= 80, "new --story: {} columns\n{}", widest_of_all(&o), text(&o));
}

#[test]
fn bench_says_what_it_measures_as_it_goes() {
    let (dir, _) = common::corpus("cli-bench", 2, false);
    let o = rulings(&["bench", "--cases", s(&dir), "--repeat", "1"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{}", text(&o));
    assert!(err.contains("rulings bench: (a) the corpus in process"), "{err}");
    assert!(err.contains("rulings bench: (e) the engine once a case"), "{err}");
    // Every line fits 80 columns but the one naming the engine's file,
    // whose path is as long as the checkout's.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").display().to_string();
    let widest = text(&o).lines().filter(|l| !l.contains(&root)).map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(widest <= 80, "rulings bench: {widest} columns\n{}", text(&o));
}

/// `rulings bench` takes its measures in rounds, says how many times each
/// was timed (the short ones, (a) and (b), again within a round), and
/// charges processor time and waits to the runner and to its programs.
/// Structure and counts only: the figures themselves depend on the machine.
#[test]
fn bench_says_how_often_each_measure_was_timed_and_what_it_cost_whom() {
    let (dir, _) = common::corpus("cli-bench-rounds", 2, false);
    let o = rulings(&["bench", "--cases", s(&dir), "--repeat", "2", "--jobs", "2"]);
    assert!(o.status.success(), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    for what in ["(a) the corpus in process", "(e) the engine once a case, asked nothing"] {
        for round in ["round 1 of 2", "round 2 of 2"] {
            assert!(err.contains(&format!("rulings bench: {what} ({round})")), "{what}, {round}: {err}");
        }
    }
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("2 runs of 2 cases, best of 2 round(s), engine:"), "{out}");
    let row = |label: &str, after: &str| -> Vec<String> {
        let from = out.find(after).unwrap_or_else(|| panic!("no `{after}` in\n{out}"));
        let line = out[from..].lines().find(|l| l.starts_with(label)).unwrap_or_else(|| panic!("no {label}\n{out}"));
        line[label.len()..].split_whitespace().map(str::to_string).collect()
    };
    let labels = [
        "(a) in process",
        "(b) protocol, one process",
        "(c) protocol, one process a case",
        "(d) /bin/true once a case",
        "(e) the engine once a case, no request",
        "(f) as (c), 2 processes at a time",
    ];
    for label in labels {
        // timed, total ms, µs per run
        let wall = row(label, "measure ");
        assert_eq!(wall.len(), 3, "{label}: {wall:?}");
        let timed: usize = wall[0].parse().unwrap_or_else(|_| panic!("{label}: {wall:?}"));
        assert!(timed >= 2, "{label} timed {timed} times in 2 rounds");
        // runner µs, programs' µs, waits, per run
        let cost = row(label, "per run, the least of each");
        assert_eq!(cost.len(), 3, "{label}: {cost:?}");
        if cfg!(unix) {
            for figure in &cost {
                let value: f64 = figure.parse().unwrap_or_else(|_| panic!("{label}: {cost:?}"));
                assert!(value >= 0.0, "{label}: {cost:?}");
            }
        }
    }
    // In process nothing is started; one process a case, every case starts one.
    if cfg!(unix) {
        assert_eq!(row(labels[0], "per run, the least of each")[1], "0.0", "{out}");
        let programs: f64 = row(labels[2], "per run, the least of each")[1].parse().expect("a number");
        assert!(programs > 0.0, "{out}");
    }
    assert!(out.contains("(c) against (e), per run:"), "{out}");
    assert!(out.contains("(c)/(e)") && out.contains("(b)/(a)"), "{out}");
}

#[test]
fn check_rules_every_case_and_points_at_the_key_that_differs() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let law27 = scratch.path().join("law27");
    fs::create_dir_all(&law27).expect("mkdir");
    // East's 1H is insufficient, South does not accept it, East corrects to
    // 2H: South is next, not West; the case says W.
    fs::write(
        law27.join("wrong-next.yaml"),
        "id: L27-WN01\ntitle: 1S (1H) corrected to 2H, next to call\nlaws: [\"27B1(a)\"]\nsource: test\n\
         dealer: N\nevents:\n  - N: 1S\n  - E: 1H\n  - S: reject\n  - E: 2H\nexpect:\n  status: auction\n  next: W\n",
    )
    .expect("write");
    // Accept by a player who holds no option: an impossible story.
    fs::write(
        law27.join("impossible.yaml"),
        "id: L27-IM01\ntitle: nobody holds an option\nlaws: [\"27A1\"]\nsource: test\n\
         dealer: N\nevents:\n  - N: 1S\n  - E: accept\nexpect:\n  status: auction\n",
    )
    .expect("write");
    // 2D over 2H, where the author meant a legal 3D: not in the title.
    fs::write(
        law27.join("unmeant.yaml"),
        "id: L27-UN01\ntitle: North opens and East overcalls\nlaws: [\"22A\"]\nsource: test\n\
         dealer: N\nevents:\n  - N: 2H\n  - E: 2D\nexpect:\n  next: S\n",
    )
    .expect("write");
    let o = rulings(&["check", s(scratch.path())]);
    let err = flat(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("wrong-next.yaml:13:3: expected next: W, the engine rules S"), "{err}");
    assert!(err.contains("impossible.yaml:8:3: the engine cannot rule on this event"), "{err}");
    assert!(err.contains("unmeant.yaml:8:3: after E's 2D, the engine waits on S's decision under 27A1"), "{err}");
    assert!(err.contains("warning: "), "{err}");
}

#[test]
fn compare_puts_the_disagreements_first() {
    let (dir, _) = common::corpus("cli-compare", 4, false);
    let fake = common::fake();
    let a = fresh(&dir, "a");
    let b = fresh(&dir, "b");
    let o = rulings(&["run", "--cases", s(&dir), "--rotations", "--report", s(&a)]);
    assert!(o.status.success(), "{}", text(&o));
    let o = rulings(&[
        "run",
        "--cases",
        s(&dir),
        "--rotations",
        "--hide-stderr",
        "--report",
        s(&b),
        "--impl",
        fake.as_str(),
        "wrong-for-dealer=E",
        "skip=3",
        "error=9",
        "name=other",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let (ra, rb) = (s(&a.join("report.jsonl")).to_string(), s(&b.join("report.jsonl")).to_string());
    let out = fresh(&dir, "matrix");
    let o = rulings(&["compare", &ra, &rb, "--out", s(&out)]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(o.stdout.is_empty(), "with --out, the files only: {}", text(&o));
    let md = fs::read_to_string(out.join("matrix.md")).expect("matrix.md");
    // One row per case, the runs that differ named in it.
    assert!(md.contains("| case (clauses) | rulings-engine 0.1.0 | other 0.1.0 |"), "{md}");
    // (East deals case-01 as written, and the others rotated; the 3rd request
    // is case-00 rotated-2, the 9th case-02 as written.)
    assert!(md.contains("## Where they disagree (4 cases, 8 runs)"), "{md}");
    assert!(
        md.contains(
            "| `law22/case-00.yaml` L22-TS00 22A | pass | rotated-1: **fail** (contract); rotated-2: **skipped** \
             (not yet (https://example.org/7)); else pass |"
        ),
        "{md}"
    );
    assert!(
        md.contains(
            "| `law22/case-02.yaml` L22-TS02 22A | pass | as written: **error** (cannot rule on this one); \
             rotated-3: **fail** (contract); else pass |"
        ),
        "{md}"
    );
    assert!(md.contains("rotated-1: **fail** (rotating the seats by 1 changed the ruling beyond the rotation"), "{md}");
    // Skipped and errors with their message.
    assert!(
        md.contains("- other 0.1.0: **skipped** in 1 run(s) of 1 case(s): not yet (https://example.org/7)"),
        "{md}"
    );
    assert!(md.find("Where they disagree") < md.find("By folder"), "{md}");
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("matrix.json")).expect("json")).expect("json");
    assert_eq!(json["implementations"], serde_json::json!(["rulings-engine 0.1.0", "other 0.1.0"]));
    assert_eq!(json["rows"].as_array().map(Vec::len), Some(16), "every run");
    // The terminal view: 80 columns, the same cases.
    let o = rulings(&["compare", &ra, &rb]);
    assert!(o.status.success(), "{}", text(&o));
    let view = String::from_utf8_lossy(&o.stdout);
    assert!(view.lines().all(|l| l.chars().count() <= 80), "{view}");
    assert!(view.contains("where they disagree: 4 case(s), 8 run(s)"), "{view}");
    assert!(
        view.contains("law22/case-03.yaml L22-TS03 (22A)\n  B  rotated-2: fail (contract); else pass\n  A  pass\n"),
        "{view}"
    );
    assert!(view.contains("  B  skipped in 1 run(s) of 1 case(s): not yet (https://example.org/7)"), "{view}");
    assert!(!view.contains('|'), "no Markdown: {view}");
    let o = rulings(&["compare", &ra, &rb, "--markdown"]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), md, "--markdown prints matrix.md");
    let o = rulings(&["compare", "/nonexistent/report.jsonl"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

#[test]
fn a_case_proposed_through_the_issue_form_is_imported_for_review() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let cases = scratch.path().join("cases");
    fs::create_dir_all(cases.join("law27")).expect("mkdir");
    fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases/_tags.yml"), cases.join("_tags.yml")).expect("tags");
    let form = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/case-issue.md");
    let o = rulings(&["import-issue", s(&form), "--cases", s(&cases)]);
    assert!(o.status.success(), "{}", text(&o));
    // Its closing note reads as a sentence (it held a run of 26 spaces).
    let note = flat(&o);
    assert!(note.contains("`expect` left to you: set the expectation") && !note.contains("    "), "{note}");
    let path = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
    assert!(path.ends_with("law27/south-s-2d-over-2h-not-accepted-corrected-to-3d.yaml"), "{}", path.display());
    let case = fs::read_to_string(&path).expect("the case");
    assert!(
        case.contains("dealer: E\nvulnerable: NS\nevents:\n  - E: 2H\n  - S: 2D\n  - W: reject\n  - S: 3D\n"),
        "{case}"
    );
    assert!(case.contains("#   South corrects to 3D"), "the director's words kept: {case}");
    assert!(case.contains("laws: [\"27B1(a)\"]") && case.contains("tags: [unreviewed]"), "{case}");
    // `expect` is the director's to write: the engine's ruling is only a
    // commented proposal (CONTRIBUTING: never copy the engine's output).
    assert!(case.contains("\nexpect: {}") && case.contains("\n#  next: W\n") && !case.contains("\n  next:"), "{case}");
    // Every line fits 80 columns: the director's words are wrapped into
    // comment lines (one 607-character line is unreadable in an editor).
    assert!(case.lines().all(|l| l.chars().count() <= 80), "{case}");
    // It does not load until the expectation is written.
    let o = rulings(&["check", s(&cases)]);
    let said = flat(&o);
    assert_eq!(said.matches("error:").count(), 1, "{said}");
    assert!(said.contains("`expect` names no key"), "{said}");
    // A title cut at 60 characters on a space leaves no trailing dash in
    // the file name (not `...-south-bids-1s-.yaml`); a ruling in one
    // long line is wrapped too.
    let long = scratch.path().join("long.md");
    let form_text = fs::read_to_string(&form).expect("form");
    fs::write(
        &long,
        form_text
            .replace(
                "South's 2D over 2H not accepted, corrected to 3D",
                "After a long auction at a club on a Tuesday, South bids 1S again",
            )
            .replace("no further\nrectification", &format!("no further rectification{}", " and so on".repeat(60))),
    )
    .expect("write");
    let o = rulings(&["import-issue", s(&long), "--cases", s(&cases)]);
    assert!(o.status.success(), "{}", text(&o));
    let path = String::from_utf8_lossy(&o.stdout).trim().to_string();
    assert!(path.ends_with("/after-a-long-auction-at-a-club-on-a-tuesday-south-bids-1s.yaml"), "{path}");
    let case = fs::read_to_string(&path).expect("the case");
    assert!(case.lines().all(|l| l.chars().count() <= 80), "{case}");
    // A mistyped clause is said plainly.
    let bad = scratch.path().join("bad.md");
    fs::write(&bad, fs::read_to_string(&form).expect("form").replace("27B1(a)", "27B1a")).expect("write");
    let o = rulings(&["import-issue", s(&bad), "--cases", s(&cases)]);
    assert!(text(&o).contains("`27B1a` is not in docs/clauses.md; did you mean `27B1(a)`?"), "{}", text(&o));
}

#[test]
fn check_names_the_convention_a_director_trips_on() {
    let scratch = tempfile::tempdir().expect("temp dir");
    fs::create_dir_all(scratch.path().join("law25")).expect("mkdir");
    // A director writes the withdrawn call; the convention names the replacement.
    fs::write(
        scratch.path().join("law25/slip.yaml"),
        "id: L25-CC7A\ntitle: a slip corrected\nlaws: [\"25A1\"]\nsource: test\ndealer: N\nevents:\n  - N: 1C\n  - N: 1D\n    unintended: true\n\
         expect:\n  rulings:\n    - {seat: N, call: 1C, irregularity: change-of-call, law: \"25A1\"}\n",
    )
    .expect("write");
    let o = rulings(&["check", s(scratch.path())]);
    let err = flat(&o);
    assert!(err.contains("slip.yaml:11:3: expected rulings:"), "{err}");
    assert!(err.contains("names the call that replaced the other one, not the one withdrawn"), "{err}");
}

#[test]
fn new_drafts_a_case_from_a_one_line_story() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let cases = scratch.path().join("cases");
    fs::create_dir_all(cases.join("law27")).expect("mkdir");
    fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases/_tags.yml"), cases.join("_tags.yml")).expect("tags");
    let o = rulings(&["new", "27", "--cases", s(&cases), "--name", "drafted", "--story", "W 1♦, N 1C, E reject, N 2♣"]);
    assert!(o.status.success(), "{}", text(&o));
    let case = fs::read_to_string(cases.join("law27/drafted.yaml")).expect("the draft");
    assert!(case.contains("dealer: W\nevents:\n  - W: 1D\n  - N: 1C\n  - E: reject\n  - N: 2C\n"), "{case}");
    assert!(case.contains("laws: [\"27B1(a)\"]") && case.contains("tags: [unreviewed]"), "{case}");
    // The engine's ruling is a commented proposal, not the expectation.
    assert!(case.contains("\nexpect: {}") && case.contains("\n#  next: E\n") && !case.contains("\n  next:"), "{case}");
    assert!(case.lines().all(|l| l.chars().count() <= 80), "{case}");
    // check wants a title, a source and the expectation.
    let o = rulings(&["check", s(&cases)]);
    // Messages are wrapped to 80 columns, where a long temp path moves the
    // breaks: read them as words.
    let said = common::words(&text(&o));
    assert!(said.contains("`title` is empty") && said.contains("`source` is empty"), "{said}");
    assert!(said.contains("`expect` names no key"), "{said}");
    let o = rulings(&["new", "27", "--cases", s(&cases), "--story", "W 1D, N 9Q"]);
    assert!(!o.status.success() && text(&o).contains("story event 2: `N 9Q`"), "{}", text(&o));
}

/// `rulings explain` says which regulation options a case sets: the ruling
/// it shows is under them.
#[test]
fn explain_names_the_regulation_options_a_case_sets() {
    let o = rulings(&["explain", "L27-KLV7"]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains(r#"regulations: {"second_insufficient_bid":"allow-correction"}"#), "{}", text(&o));
}

/// `--update-known-failures` edits the file as text, so its author's work survives: its
/// comments stay, and a reason written in it while the run went on is
/// kept, not replaced by what the run had read at its start.
#[test]
fn update_known_failures_keeps_comments_and_an_edit_made_during_the_run() {
    use std::io::BufRead;
    let (dir, _) = common::corpus("cli-known-text", 4, false);
    let known = dir.with_extension("known.yaml");
    fs::write(
        &known,
        "# Our engine's known failures.\n\n# the second case: see the tracker\nL22-TS01:\n  reason: errors\n",
    )
    .unwrap();
    let fake = common::fake();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_rulings"))
        .args(["run", "--cases", s(&dir), "--known-failures", s(&known), "--update-known-failures"])
        .args(["--window", "1", "--impl", fake.as_str(), "error=2", "crash=4", "delay=300"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("rulings starts");
    let mut err = std::io::BufReader::new(child.stderr.take().expect("stderr"));
    let mut said = String::new();
    while err.read_line(&mut said).is_ok_and(|n| n > 0) && !said.contains("case(s) against") {}
    // While the program is still answering, the person keeping the file
    // writes a reason for the entry the run will add.
    fs::write(
        &known,
        "# Our engine's known failures.\n\n# the second case: see the tracker\nL22-TS01:\n  reason: errors\n\
         L22-TS03:\n  reason: crashes on the fourth case, reported\n",
    )
    .unwrap();
    std::io::Read::read_to_string(&mut err, &mut said).expect("stderr");
    let status = child.wait().expect("rulings ends");
    assert!(status.success(), "{said}");
    let written = fs::read_to_string(&known).unwrap();
    assert_eq!(
        written,
        "# Our engine's known failures.\n\n# the second case: see the tracker\nL22-TS01:\n  reason: errors\n\
         L22-TS03:\n  reason: crashes on the fourth case, reported\n",
        "{said}"
    );
    let _ = fs::remove_file(&known);
}

/// Text from the issue form cannot become a live key of the case written
/// (YAML breaks a line where a program's text may not): a lone carriage return (and YAML's other line breaks) in
/// the director's words, a title holding a quote (a control character in
/// it is refused: hostile_cli.rs);
/// and a `### Dealer` line inside the ruling's text does not override the
/// dealer (words in a field must not set the case's facts).
#[test]
fn an_issue_form_cannot_hide_a_key_in_the_case() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let cases = scratch.path().join("cases");
    fs::create_dir_all(cases.join("law27")).expect("mkdir");
    fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases/_tags.yml"), cases.join("_tags.yml")).expect("tags");
    let form =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/case-issue.md")).expect("form");
    let hostile = form
        .replace("South corrects to 3D", "South corrects to 3D\rvulnerable: both\u{2028}editions: [1997]")
        .replace("### Title\n\n", "### Title\n\n\"Quoted\" ");
    let path = scratch.path().join("hostile.md");
    fs::write(&path, &hostile).expect("write");
    let o = rulings(&["import-issue", s(&path), "--cases", s(&cases)]);
    assert!(o.status.success(), "{}", text(&o));
    let written = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
    let case = fs::read_to_string(&written).expect("the case");
    // The draft leaves `expect` to the maintainer: write one, as he would.
    fs::write(&written, case.replacen("expect: {}", "expect: {next: W}", 1)).expect("expect written");
    let loaded = rulings::corpus::load::load_corpus(std::slice::from_ref(&cases));
    let c = loaded.cases.iter().find(|c| c.path == written).unwrap_or_else(|| panic!("{:?}\n{case}", loaded.errors));
    assert_eq!(c.vulnerable, rulings_engine::Vulnerability::NS, "{case}");
    assert_eq!(c.editions, vec![rulings_engine::Edition::E2017], "{case}");
    assert!(c.title.starts_with("\"Quoted\" South"), "the title kept as written: {case}");
    // A heading inside the ruling's text is refused, not read as the dealer.
    let twice = form.replace("South corrects to 3D", "South corrects to 3D\n### Dealer\nW");
    fs::write(&path, twice).expect("write");
    let o = rulings(&["import-issue", s(&path), "--cases", s(&cases)]);
    assert!(!o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("the form has `### Dealer` twice"), "{}", text(&o));
}

/// `--jobs 5000` starts no more copies than there are cases (each costs a process).
#[test]
fn jobs_are_capped() {
    let (dir, _) = common::corpus("cli-jobs", 2, false);
    let out = fresh(&dir, "out");
    let o = rulings(&[
        "run",
        "--cases",
        s(&dir),
        "--hide-stderr",
        "--report",
        s(&out),
        "--jobs",
        "5000",
        "--impl",
        common::fake().as_str(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("note: --jobs 5000 capped to 2"), "{}", text(&o));
    assert_eq!(read_report(&out).header.options.jobs, Some(2));
}

/// A program's control characters never reach the terminal raw (they
/// could clear it or move the cursor): its stderr lines are passed through with ESC shown as an
/// escape, and a hello whose name holds one (or is 15 MB long) is refused
/// with the reason.
#[test]
fn a_program_s_control_characters_are_shown_as_escapes() {
    let (dir, _) = common::corpus("cli-control", 1, false);
    let fake = common::fake();
    let o = rulings(&["run", "--cases", s(&dir), "--impl", fake.as_str(), "say=\\e[2J\\e]0;owned\u{7}"]);
    assert!(o.status.success(), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(err.contains("\\u{1b}[2J\\u{1b}]0;owned\\u{7}"), "{err}");
    // A feature it declares holding one: the hello is refused, and said safely.
    let o = rulings(&["run", "--cases", s(&dir), "--impl", fake.as_str(), "features=\u{1b}[31mnew-feature"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("the hello's `features` holds the control character U+001B"), "{err}");
    assert!(err.contains("\\u{1b}[31mnew-feature"), "{err}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    for name in ["evil\u{1b}[31m", &"x".repeat(101)] {
        let o =
            rulings(&["run", "--cases", s(&dir), "--hide-stderr", "--impl", fake.as_str(), &format!("name={name}")]);
        assert!(!o.status.success());
        let said = text(&o);
        assert!(!said.contains('\u{1b}'), "{said:?}");
        assert!(said.contains("the hello's `name`"), "{said}");
    }
}

/// Output that cannot be written (a full disk) is an error said in a
/// line, exit 2, not a panic (exit 101) nor a silent success.
#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases/law27");
    for args in [vec!["clauses", "27"], vec!["--help"], vec!["check", s(&cases)], vec!["explain", "L27-3XUE"]] {
        let full = fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_rulings"))
            .args(&args)
            .current_dir(dir.path())
            .stdout(full)
            .output()
            .expect("rulings runs");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("cannot write to stdout: No space left on device"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// `compare` keeps of each report only what the matrix shows (reports
/// may be large): sixteen reports of 8 MB (long details and stories) are read
/// one after the other, and memory does not hold them all.
#[cfg(target_os = "linux")]
#[test]
fn compare_does_not_hold_every_report_whole() {
    let (dir, _) = common::corpus("cli-compare-memory", 2, false);
    let out = fresh(&dir, "out");
    let o = rulings(&["run", "--cases", s(&dir), "--report", s(&out)]);
    assert!(o.status.success(), "{}", text(&o));
    let big = "x".repeat(2 << 20);
    let inflated: String = fs::read_to_string(out.join("report.jsonl"))
        .expect("report")
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            if v["type"] == "case" {
                v["detail"] = serde_json::json!(format!("differs in: next\n{big}"));
                v["story"] = serde_json::json!(big);
            }
            format!("{v}\n")
        })
        .collect();
    let path = out.join("inflated.jsonl");
    fs::write(&path, inflated).expect("write");
    let p = s(&path);
    let (code, err, peak) = rulings_measured(&["compare", p, p, p, p, p, p, p, p, p, p, p, p, p, p, p, p]);
    assert_eq!(code, Some(0), "{err}");
    assert!(peak < 64 << 20, "compare peaked at {} MB for sixteen 8 MB reports", peak >> 20);
}

/// `rulings clauses | head -1`: a reader that has gone is no error and no
/// panic; the command ends quietly with 141 (as a program ended by
/// SIGPIPE shows in a shell), whatever the platform's number for the
/// error. The pipe's reader is closed before the runner starts (a FIFO,
/// opened at both ends, then its reading end dropped): its first write
/// fails, however soon it comes.
#[cfg(unix)]
#[test]
fn a_reader_that_has_gone_ends_the_command_quietly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("stdout.fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().expect("mkfifo").success());
    for args in [vec!["clauses"], vec!["--help"], vec!["clauses", "--markdown"]] {
        // Opening a FIFO waits for its other end: the reader in a thread.
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::File::open(fifo).expect("the reading end"))
        };
        let writer = fs::OpenOptions::new().write(true).open(&fifo).expect("the writing end");
        drop(reader.join().expect("opened"));
        let o = Command::new(env!("CARGO_BIN_EXE_rulings"))
            .args(&args)
            .current_dir(dir.path())
            .stdout(writer)
            .output()
            .expect("rulings runs");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(141), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}: nothing said");
    }
}
