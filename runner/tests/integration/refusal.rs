//! Refusal checks (docs/protocol.md, "Programs that refuse irregular
//! calls"): the call a program preventing irregularities must refuse is the
//! one where the reference engine first rules an irregularity, for every
//! case of the corpus in every edition.

use std::path::PathBuf;

use rulings::corpus::load::load_corpus;
use rulings_engine::refusal::first_irregular_call;
use rulings_engine::request::Action;
use rulings_engine::{rule, Request};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Does the engine's ruling on `request` rectify anything yet: an
/// irregularity ruled, or a player's option awaited?
fn rectifies(request: &Request) -> Result<bool, String> {
    let r = rule(request).map_err(|e| e.to_string())?;
    Ok(!r.rulings.is_empty() || r.decision.is_some())
}

#[test]
fn the_first_irregular_call_is_where_the_engine_first_rules_an_irregularity() {
    let corpus = load_corpus(&[root().join("cases")]);
    assert!(corpus.cases.len() > 500, "the corpus is there: {} cases", corpus.cases.len());
    let (mut checks, mut legal, mut unsupported) = (0, 0, 0);
    let mut problems = Vec::new();
    for case in &corpus.cases {
        for &edition in &case.editions {
            let request = case.request(edition);
            let prefix = |n: usize| request.clone().with_events(request.events[..n].to_vec());
            match first_irregular_call(&request) {
                Some(first) => {
                    checks += 1;
                    if rectifies(&prefix(first.event)) != Ok(false) {
                        problems
                            .push(format!("{} {edition}: the engine rectifies before event {}", case.id, first.event));
                    }
                    match rectifies(&prefix(first.event + 1)) {
                        Ok(true) => {}
                        // The engine declines (the 1997 Laws 28-32): no ruling to compare.
                        Err(_) => unsupported += 1,
                        Ok(false) => problems.push(format!(
                            "{} {edition}: event {} ({}: {}) is refused, but the engine rules nothing there",
                            case.id, first.event, first.call, first.why
                        )),
                    }
                }
                None if request.events.iter().all(|e| matches!(e.action, Action::Call(_))) => {
                    legal += 1;
                    if rectifies(&request) != Ok(false) {
                        problems.push(format!("{} {edition}: no call is refused, but the engine rectifies", case.id));
                    }
                }
                None => {}
            }
        }
    }
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
    assert!(checks > 500 && legal > 50, "{checks} refusal checks, {legal} legal stories");
    eprintln!("{checks} refusal checks ({unsupported} where the engine declines), {legal} legal stories");
}

/// A program that refuses irregular calls, run as a user runs it: its
/// refusal checks pass, and they count as no clause exercised (a refusal
/// rectifies nothing). Skipped, with a note, where python3 is not installed.
#[test]
fn a_refusing_program_is_checked_and_exercises_no_clause() {
    use std::process::Command;
    if Command::new("python3").arg("--version").output().map_or(true, |o| !o.status.success()) {
        eprintln!("note: python3 is not installed; the refusal run did not run");
        return;
    }
    let scratch = tempfile::tempdir().expect("temp dir");
    let out = Command::new(env!("CARGO_BIN_EXE_rulings"))
        .args(["run", "--hide-stderr", "--impl", "python3"])
        .arg(root().join("examples/python/adapter.py"))
        .arg("--cases")
        .arg(root().join("cases"))
        .arg("--report")
        .arg(scratch.path())
        .output()
        .expect("rulings runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let closing = stdout.lines().last().unwrap_or_default();
    let passed: usize = closing.split(' ').next().and_then(|n| n.parse().ok()).unwrap_or(0);
    assert!(passed > 400 && closing.contains(" 0 failed"), "the refusal checks pass: {closing}");
    let words = crate::common::words(&stdout);
    assert!(words.contains("cite 0 of the"), "no clause is exercised by refusals:\n{stdout}");
    // The report says which runs were refusal checks, and its coverage too
    // counts none of them.
    let jsonl = std::fs::read_to_string(scratch.path().join("report.jsonl")).expect("report.jsonl");
    assert!(jsonl.lines().filter(|l| l.contains(r#""refusal":true"#)).count() > 400, "refusal runs are marked");
    let md = std::fs::read_to_string(scratch.path().join("report.md")).expect("report.md");
    assert!(md.contains("## Clause coverage\n\n0 of "), "report.md's coverage counts no refusal");
}
