//! `cargo test`: every case of the corpus against the reference engine in
//! process, one libtest-mimic trial per case, edition and seat rotation,
//! named by its path under cases/ (`cargo test law27` filters). A case file
//! that does not load is a failing trial of its own, named by its path.
//! A case the reference engine does not yet rule as the case says, listed
//! in cases/reference-open.yml, has its trials named `... (open in the
//! reference engine)`: each passes while the engine fails it as listed,
//! and fails once the engine passes it (then remove the entry).
//!
//! `RULINGS_IMPL="CMD" cargo test --test corpus` tests that program instead
//! (runner/src/harness.rs); cases it does not declare are ignored.

use std::path::PathBuf;

use libtest_mimic::{Arguments, Completion, Trial};
use rulings::harness::Verdict;
use rulings::implementation::external::StderrSink;

fn main() {
    let args = Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join("cases");
    // The program's stderr (with RULINGS_IMPL) shows with the tests' output.
    let stderr = StderrSink::new(|line| eprintln!("{line}"));
    let trials = rulings::harness::checks(&root, Some(stderr))
        .into_iter()
        .map(|c| {
            let run = c.run;
            Trial::ignorable_test(c.name, move || match run() {
                Ok(Verdict::Passed) => Ok(Completion::Completed),
                Ok(Verdict::Ignored(why)) => Ok(Completion::ignored_with(why)),
                Err(failure) => Err(failure.to_string().into()),
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
