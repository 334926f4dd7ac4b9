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
//!
//! Against the reference engine (in process, or `rulings-engine` named by
//! `RULINGS_IMPL`), a case listed in the reference engine's open cases
//! (`cases/reference-open.yml`, [`crate::judging::reference_open`]) has its
//! covered checks named `... (open in the reference engine)`: such a check
//! passes when the case fails as listed (libtest has no expected failure),
//! and fails when the engine now passes it (remove the entry) or fails it
//! otherwise. The case's covered runs are judged together, as `rulings run`
//! judges them. An entry naming no case is a failing check of its own.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::corpus::case::Case;
use crate::corpus::case::{Corpus, LoadError};
use crate::corpus::load::load_corpus;
use crate::implementation::external::{split_command, External, ExternalOptions, OptionsError, StderrSink};
use crate::implementation::{Answer, Implementation, InProcess};
use crate::judging::known_failures::{self, KnownFailure, Listing, OPEN_IN_THE_REFERENCE};
use crate::judging::listing_error::ListingError;
use crate::judging::outcome::{judge, variants, Outcome, Variant};
use crate::judging::reference_open;
use crate::judging::run::{CaseResult, Plan};

/// A named check: passed, ignored with the reason, or why it failed (its
/// text the message a human reads).
pub struct Check {
    pub name: String,
    pub run: Box<dyn FnOnce() -> Result<Verdict, HarnessError> + Send>,
}

/// Why a check failed: the program named in the environment cannot be
/// run, a file does not load, an open case is listed wrong, or a run's
/// outcome is a failure.
#[derive(Debug)]
pub enum HarnessError {
    /// `RULINGS_IMPL` is not a command line.
    ImplCommand(OptionsError),
    /// `RULINGS_IMPL_TIMEOUT` (its `text`) is not a number of seconds, or
    /// is out of range (`error`).
    ImplTimeout { text: String, error: Option<OptionsError> },
    /// A case file that does not load, or a lint problem of one that does.
    Unloadable(LoadError),
    /// The reference engine's open cases cannot be read.
    ReferenceOpen(ListingError),
    /// An entry of the open cases (`file`) naming no case of the corpus.
    UnknownOpenId { file: PathBuf, id: String },
    /// A run covered by an open case's entry is not among its results.
    MissingRun,
    /// The run of the case at `path` failed with `outcome`; `rotation`
    /// places moved clockwise.
    Failed { path: PathBuf, id: String, title: String, rotation: usize, outcome: Outcome },
}

impl std::fmt::Display for HarnessError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HarnessError::ImplCommand(e) => write!(f, "RULINGS_IMPL: {e}"),
            HarnessError::ImplTimeout { text, error: None } => {
                write!(f, "RULINGS_IMPL_TIMEOUT={text}: give seconds, as 5 or 0.5")
            }
            HarnessError::ImplTimeout { text, error: Some(e) } => write!(f, "RULINGS_IMPL_TIMEOUT={text}: {e}"),
            HarnessError::Unloadable(e) => e.fmt(f),
            HarnessError::ReferenceOpen(e) => e.fmt(f),
            HarnessError::UnknownOpenId { file, id } => {
                write!(f, "{}: {id}: names no case of this corpus: remove the entry (or fix the id)", file.display())
            }
            HarnessError::MissingRun => f.write_str("the run is missing (a bug in the runner)"),
            HarnessError::Failed { path, id, title, rotation, outcome } => {
                write!(f, "{} ({id}: {title})", path.display())?;
                if *rotation != 0 {
                    write!(
                        f,
                        "\n(run with every seat moved {rotation} place(s) clockwise; the ruling was turned back \
                         before comparing)"
                    )?;
                }
                write!(f, "\n{outcome}")
            }
        }
    }
}

impl std::error::Error for HarnessError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            HarnessError::ImplCommand(e) | HarnessError::ImplTimeout { error: Some(e), .. } => Some(e),
            HarnessError::Unloadable(e) => Some(e),
            HarnessError::ReferenceOpen(e) => Some(e),
            _ => None,
        }
    }
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
pub fn external_from_env() -> Result<Option<ExternalOptions>, HarnessError> {
    let Ok(line) = std::env::var("RULINGS_IMPL") else { return Ok(None) };
    if line.trim().is_empty() {
        return Ok(None);
    }
    let command = split_command(&line).map_err(HarnessError::ImplCommand)?;
    let mut o = ExternalOptions::new(command);
    // cargo runs the tests in runner/; the command is run from the
    // repository's root, where it was most likely typed.
    o.cwd = Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".."));
    if let Ok(t) = std::env::var("RULINGS_IMPL_TIMEOUT") {
        let secs: f64 = t.trim().parse().map_err(|_| HarnessError::ImplTimeout { text: t.clone(), error: None })?;
        o.timeout = crate::implementation::external::timeout_from_secs(secs)
            .map_err(|e| HarnessError::ImplTimeout { text: t.clone(), error: Some(e) })?;
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
        Err(e) => vec![Check { name: "RULINGS_IMPL".into(), run: Box::new(move || Err(e)) }],
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
    let mut corpus = load_corpus(std::slice::from_ref(&root));
    let mut out = Vec::new();
    for e in std::mem::take(&mut corpus.errors) {
        let rel = e.path.strip_prefix(&root).unwrap_or(&e.path);
        let mut name = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
        if corpus.cases.iter().any(|c| c.path == e.path) {
            name.push_str("::lint");
        }
        out.push(Check { name, run: Box::new(move || Err(HarnessError::Unloadable(e))) });
    }
    // The reference engine's open cases concern the reference engine only.
    let reference = match &program {
        None => true,
        Some(p) => reference_open::is_reference(p.lock().unwrap_or_else(|e| e.into_inner()).hello()),
    };
    let open = match reference_open::load(std::slice::from_ref(&root)) {
        Ok(open) if reference => open,
        Ok(_) => Default::default(),
        Err(e) => {
            let run = Box::new(move || Err(HarnessError::ReferenceOpen(e)));
            out.push(Check { name: crate::corpus::load::REFERENCE_OPEN.into(), run });
            Default::default()
        }
    };
    let whole = reference_open::whole_corpus(std::slice::from_ref(&root));
    for id in known_failures::unknown_ids(&open.entries, &corpus).into_iter().filter(|_| whole) {
        let name = format!("{}::{id}", crate::corpus::load::REFERENCE_OPEN);
        let file = open.shown();
        out.push(Check { name, run: Box::new(move || Err(HarnessError::UnknownOpenId { file, id })) });
    }
    for case in corpus.cases {
        match open.get(&case.id).cloned() {
            Some(entry) => out.extend(open_case_checks(case, entry, open.shown(), program.as_ref())),
            None => out.extend(case_checks(case, program.as_ref())),
        }
    }
    out
}

/// The checks of a case listed in the reference engine's open cases: the
/// runs the entry covers are judged together, as `rulings run` judges them
/// ([`known_failures::apply_listing`]), each check then passing when its
/// run fails as listed; the runs it does not cover are checked as usual.
fn open_case_checks(case: Case, entry: KnownFailure, file: PathBuf, program: Option<&Shared>) -> Vec<Check> {
    let all = variants(&case, 4);
    let (covered, rest): (Vec<Variant>, Vec<Variant>) = all.into_iter().partition(|v| entry.covers(v));
    let case = Arc::new(case);
    let mut out: Vec<Check> = case_checks_of(&case, rest, program);
    let shared = Arc::new((entry, file, covered.clone()));
    for variant in covered {
        let (case, shared, program) = (case.clone(), shared.clone(), program.cloned());
        let name = format!("{} ({OPEN_IN_THE_REFERENCE})", variant.run_name(&case));
        let run = Box::new(move || {
            let (entry, file, covered) = &*shared;
            let mut results: Vec<CaseResult> = covered
                .iter()
                .map(|&v| CaseResult {
                    case: 0,
                    variant: v,
                    outcome: outcome_of(&case, v, program.as_ref()),
                    refusal: false,
                })
                .collect();
            let corpus = Corpus { cases: vec![(*case).clone()], ..Default::default() };
            let listed = [(case.id.clone(), entry.clone())].into_iter().collect();
            known_failures::apply_listing(&listed, Listing::ReferenceOpen(file), &corpus, &mut results);
            let outcome = results.into_iter().find(|r| r.variant == variant).map(|r| r.outcome);
            match outcome {
                Some(Outcome::ExpectedFailure { .. }) => Ok(Verdict::Passed),
                Some(other) => verdict(&case, variant, other),
                None => Err(HarnessError::MissingRun),
            }
        });
        out.push(Check { name, run });
    }
    out
}

/// The outcome of one run, against the program or the engine in process.
fn outcome_of(case: &Case, variant: Variant, program: Option<&Shared>) -> Outcome {
    match program {
        None => run_variant(case, variant, &mut InProcess::new()),
        Some(p) => {
            let mut guard = p.lock().unwrap_or_else(|e| e.into_inner());
            match crate::judging::run::plan(case, variant, &*guard) {
                Plan::Ruling => run_variant(case, variant, &mut *guard),
                Plan::Refusal(first) => {
                    let request = crate::judging::refusal::request(case, variant.edition);
                    crate::judging::refusal::judge(case, variant, &first, guard.rule(&request.rotate(variant.rotation)))
                }
                Plan::NotApplicable(why) => Outcome::NotApplicable { why },
            }
        }
    }
}

/// The checks of one case: each edition, in four rotations. A rotated
/// check also requires the ruling, turned back, to equal the unrotated one.
fn case_checks(case: Case, program: Option<&Shared>) -> Vec<Check> {
    let case = Arc::new(case);
    let all = variants(&case, 4);
    case_checks_of(&case, all, program)
}

/// The checks of these runs of a case.
fn case_checks_of(case: &Arc<Case>, runs: Vec<Variant>, program: Option<&Shared>) -> Vec<Check> {
    runs.into_iter()
        .map(|variant| {
            let (case, program) = (case.clone(), program.cloned());
            let name = variant.run_name(&case);
            Check { name, run: Box::new(move || verdict(&case, variant, outcome_of(&case, variant, program.as_ref()))) }
        })
        .collect()
}

/// The outcome of a run asking for a ruling; a rotated run also compares
/// the ruling, turned back, with the unrotated one.
fn run_variant(case: &Case, variant: Variant, engine: &mut dyn Implementation) -> Outcome {
    let unrotated = if variant.rotation == 0 {
        None
    } else {
        match engine.rule(&case.request(variant.edition)) {
            Answer::Ruling(r) => Some(r),
            _ => None,
        }
    };
    let answer = engine.rule(&case.request(variant.edition).rotate(variant.rotation));
    judge(case, variant, answer, unrotated.as_ref())
}

/// A check's verdict from the outcome of its run.
fn verdict(case: &Case, variant: Variant, outcome: Outcome) -> Result<Verdict, HarnessError> {
    match outcome {
        Outcome::Passed => Ok(Verdict::Passed),
        Outcome::Skipped { reason } => Ok(Verdict::Ignored(format!("skipped by the program: {reason}"))),
        Outcome::NotApplicable { why } => Ok(Verdict::Ignored(format!("not applicable: {why}"))),
        outcome => Err(HarnessError::Failed {
            path: case.path.clone(),
            id: case.id.clone(),
            title: case.title.clone(),
            rotation: variant.rotation,
            outcome,
        }),
    }
}
