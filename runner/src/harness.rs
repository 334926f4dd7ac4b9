//! The checks that `cargo test` runs, built here so that the runner's own
//! tests can run them too: one check per case, edition and seat rotation,
//! named by the case's path under the corpus; one failing check per case
//! file that does not load.
//!
//! With `RULINGS_IMPL="CMD"` in the environment the checks test that
//! program instead of the engine in process: one process for the whole
//! test binary, behind a mutex shared by the test threads
//! (`RULINGS_IMPL_TIMEOUT=SECS` sets the time limit per case), run from the
//! repository's root (cargo runs tests in runner/). Cases that
//! need an edition or a feature its hello did not declare, and cases the
//! program answers `skipped`, end as ignored checks with the reason (they
//! are neither passed nor failed), named as usual. A program declaring
//! `refusal` is checked on the irregular stories as `rulings run` checks it
//! ([`crate::judging::refusal`]).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::corpus::case::Case;
use crate::corpus::load::load_corpus;
use crate::implementation::external::{split_command, External, ExternalOptions, StderrSink};
use crate::implementation::{Answer, Implementation, InProcess};
use crate::judging::outcome::{judge, variants, Outcome, Variant};
use crate::judging::run::Plan;

/// A named check: passed, ignored with the reason, or the message a human
/// reads.
pub struct Check {
    pub name: String,
    pub run: Box<dyn FnOnce() -> Result<Verdict, String> + Send>,
}

/// How a check that did not fail ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Passed,
    /// Not asked (an edition or feature the program did not declare) or
    /// declined by the program (a `skipped` answer): neither passed nor
    /// failed, so `cargo test` shows it as ignored, with the reason.
    Ignored(String),
}

/// The program under test, shared by the test threads.
type Shared = Arc<Mutex<External>>;

/// The program named by `RULINGS_IMPL`, if any.
pub fn external_from_env() -> Result<Option<ExternalOptions>, String> {
    let Ok(line) = std::env::var("RULINGS_IMPL") else { return Ok(None) };
    if line.trim().is_empty() {
        return Ok(None);
    }
    let command = split_command(&line).map_err(|e| format!("RULINGS_IMPL: {e}"))?;
    let mut o = ExternalOptions::new(command);
    // cargo runs the tests in runner/; the command is run from the
    // repository's root, where it was most likely typed.
    o.cwd = Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".."));
    if let Ok(t) = std::env::var("RULINGS_IMPL_TIMEOUT") {
        let secs: f64 = t.trim().parse().map_err(|_| format!("RULINGS_IMPL_TIMEOUT={t}: give seconds, as 5 or 0.5"))?;
        o.timeout = crate::implementation::external::timeout_from_secs(secs)
            .map_err(|e| format!("RULINGS_IMPL_TIMEOUT={t}: {e}"))?;
    }
    Ok(Some(o))
}

/// Every check for the corpus under `root`: each loaded case's variants,
/// and one failing check per problem (a file that does not load is named
/// by its path; a lint problem on a case that loaded, by its path and
/// `::lint`). A program named by `RULINGS_IMPL` has its stderr lines passed
/// to `stderr`.
pub fn checks(root: &Path, stderr: Option<StderrSink>) -> Vec<Check> {
    match external_from_env() {
        Ok(None) => checks_against(root, None),
        Ok(Some(o)) => checks_for_program(root, o.with_stderr(stderr)),
        Err(msg) => vec![Check { name: "RULINGS_IMPL".into(), run: Box::new(move || Err(msg)) }],
    }
}

/// Every check for the corpus under `root` against the program `options`
/// starts (what `RULINGS_IMPL` asks for).
pub fn checks_for_program(root: &Path, options: ExternalOptions) -> Vec<Check> {
    checks_against(root, Some(Arc::new(Mutex::new(External::start(options)))))
}

/// Every check for the corpus under `root`, against the program (or the
/// engine in process when None).
fn checks_against(root: &Path, program: Option<Shared>) -> Vec<Check> {
    let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let corpus = load_corpus(std::slice::from_ref(&root));
    let mut out = Vec::new();
    for e in corpus.errors {
        let rel = e.path.strip_prefix(&root).unwrap_or(&e.path);
        let mut name = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
        if corpus.cases.iter().any(|c| c.path == e.path) {
            name.push_str("::lint");
        }
        let msg = e.to_string();
        out.push(Check { name, run: Box::new(move || Err(msg)) });
    }
    for case in corpus.cases {
        out.extend(case_checks(case, program.as_ref()));
    }
    out
}

/// The checks of one case: each edition, in four rotations. A rotated
/// check also requires the ruling, turned back, to equal the unrotated one.
fn case_checks(case: Case, program: Option<&Shared>) -> Vec<Check> {
    let case = Arc::new(case);
    variants(&case, 4)
        .into_iter()
        .map(|variant| {
            let case = case.clone();
            let name = variant.run_name(&case);
            match program {
                None => Check { name, run: Box::new(move || check_variant(&case, variant, &mut InProcess::new())) },
                Some(p) => {
                    let p = p.clone();
                    let run = Box::new(move || {
                        let mut guard = p.lock().unwrap_or_else(|e| e.into_inner());
                        match crate::judging::run::plan(&case, variant, &*guard) {
                            Plan::Ruling => check_variant(&case, variant, &mut *guard),
                            Plan::Refusal(first) => {
                                let request = crate::judging::refusal::request(&case, variant.edition);
                                let answer = guard.rule(&request.rotate(variant.rotation));
                                verdict(&case, variant, crate::judging::refusal::judge(&case, variant, &first, answer))
                            }
                            Plan::NotApplicable(why) => Ok(Verdict::Ignored(format!("not applicable: {why}"))),
                        }
                    });
                    Check { name, run }
                }
            }
        })
        .collect()
}

fn check_variant(case: &Case, variant: Variant, engine: &mut dyn Implementation) -> Result<Verdict, String> {
    let unrotated = if variant.rotation == 0 {
        None
    } else {
        match engine.rule(&case.request(variant.edition)) {
            Answer::Ruling(r) => Some(r),
            _ => None,
        }
    };
    let answer = engine.rule(&case.request(variant.edition).rotate(variant.rotation));
    verdict(case, variant, judge(case, variant, answer, unrotated.as_ref()))
}

/// A check's verdict from the outcome of its run.
fn verdict(case: &Case, variant: Variant, outcome: Outcome) -> Result<Verdict, String> {
    match outcome {
        Outcome::Passed => Ok(Verdict::Passed),
        Outcome::Skipped { reason } => Ok(Verdict::Ignored(format!("skipped by the program: {reason}"))),
        other => {
            let seating = match variant.rotation {
                0 => String::new(),
                n => format!(
                    "\n(run with every seat moved {n} place(s) clockwise; the ruling was turned back before comparing)"
                ),
            };
            Err(format!("{} ({}: {}){seating}\n{other}", case.path.display(), case.id, case.title))
        }
    }
}
