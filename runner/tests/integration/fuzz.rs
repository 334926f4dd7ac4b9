//! `rulings fuzz`: a planted bug in the test fake is found and shrunk to a
//! short story written as an unreviewed case; the reference engine agrees
//! with itself, in process and through the protocol.
//!
//! `RULINGS_FUZZ_STORIES=100000 cargo test --test fuzz` runs the
//! self-agreement at that size (default 3000 stories).

use std::path::Path;

use crate::common;
use std::process::{Command, Output};

fn rulings(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulings")).current_dir(dir).args(args).output().expect("run rulings")
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

fn stories() -> String {
    std::env::var("RULINGS_FUZZ_STORIES").unwrap_or_else(|_| "3000".into())
}

#[test]
fn a_planted_bug_is_found_shrunk_and_written_as_an_unreviewed_case() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fake = common::fake();
    let fake = fake.as_str();
    let o = rulings(dir.path(), &["fuzz", "--seed", "11", "--count", "3000", "--impl", fake, "wrong-for-dealer=E"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "a disagreement fails the run: {out}");
    assert!(out.contains("differs in contract"), "{out}");
    // Each finding's shrunk story is short.
    for line in out.lines().filter(|l| l.contains("shrunk to")) {
        let n: usize = line
            .split("shrunk to ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(usize::MAX);
        assert!(n <= 8, "shrunk to at most 8 events: {line}");
    }
    // The cases are written where asked, and the corpus check refuses them
    // until a director has reviewed them.
    let written = dir.path().join("fuzz-cases");
    let files: Vec<_> = std::fs::read_dir(&written).expect("fuzz-cases/").flatten().collect();
    assert!(!files.is_empty());
    let case = std::fs::read_to_string(files[0].path()).expect("a case");
    assert!(case.contains("tags: [unreviewed]") && case.contains("expect:\n  status: "), "{case}");
    let o = rulings(dir.path(), &["check", "fuzz-cases"]);
    assert!(!o.status.success());
    // check's messages are wrapped at 80 columns: join their lines.
    let said = text(&o).replace("\n    ", " ").replace("\n  ", " ");
    assert!(said.contains("an unreviewed case"), "{said}");
    // Nothing else is wrong with them: one error each, the tag's.
    assert_eq!(said.matches("error:").count(), files.len(), "{said}");
    assert_eq!(said.matches("an unreviewed case").count(), files.len(), "{said}");
}

#[test]
fn the_reference_agrees_with_itself_in_process_and_through_the_protocol() {
    let dir = tempfile::tempdir().expect("temp dir");
    let n = stories();
    let o = rulings(dir.path(), &["fuzz", "--seed", "5", "--count", &n]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("no disagreement"), "{}", text(&o));
    let fake = common::fake();
    let fake = fake.as_str();
    let o = rulings(dir.path(), &["fuzz", "--seed", "6", "--count", &n, "--impl", fake]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(!dir.path().join("fuzz-cases").exists(), "nothing written when nothing is found");
}
