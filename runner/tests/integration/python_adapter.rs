//! The minimal Python adapter (examples/python/adapter.py) against the
//! real corpus: the legal auction it declares passes, in every seat
//! rotation; it declares `refusal`, and every story whose first irregular
//! call it is asked to refuse passes too (it names the event the reference
//! engine does, in its own code); the rest is not applicable (or skipped).
//! Skipped, with a note, where python3 is not installed.

use std::path::PathBuf;
use std::process::Command;

use rulings::cancel::Cancel;
use rulings::corpus::load::load_corpus;
use rulings::implementation::external::{External, ExternalOptions};
use rulings::judging::run::{run, RunOptions};

#[test]
fn the_python_adapter_passes_its_declared_subset() {
    if Command::new("python3").arg("--version").output().map_or(true, |o| !o.status.success()) {
        eprintln!("note: python3 is not installed; the Python adapter test did not run");
        return;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let adapter = root.join("examples/python/adapter.py");
    let corpus = load_corpus(&[root.join("cases")]);
    let mut o = ExternalOptions::new(vec!["python3".into(), adapter.display().to_string()]);
    o.timeout = std::time::Duration::from_secs(10);
    let mut ext = External::start(o);
    let hello = ext.declared_hello().cloned().expect("the adapter says hello");
    assert_eq!(hello.features, vec!["refusal".to_string()]);
    let results = run(&corpus, &mut ext, &RunOptions { edition: None, rotations: true }, &Cancel::new(), |_, _, _| {});
    let mut passed = 0;
    for r in &results {
        let case = &corpus.cases[r.case];
        match r.outcome.name() {
            "passed" => passed += 1,
            "not-applicable" | "skipped" => {}
            _ => panic!("{} ({}): {}", r.variant.run_name(case), case.id, r.outcome),
        }
        if case.folder() == "law17-22" && r.variant.edition == rulings_engine::Edition::E2017 {
            assert_ne!(r.outcome.name(), "not-applicable", "{} is in the adapter's subset", case.name);
        }
    }
    assert!(passed >= 4 * 50, "the legal-auction cases pass in four rotations: {passed} passed");
    let refusals =
        results.iter().filter(|r| corpus.cases[r.case].folder() != "law17-22" && r.outcome.name() == "passed").count();
    assert!(refusals >= 4 * 300, "the irregular stories are refused where they should be: {refusals} passed");
    assert!(results.iter().any(|r| r.outcome.name() == "not-applicable"), "the rest is not applicable");
}
