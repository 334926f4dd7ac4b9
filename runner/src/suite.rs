//! `rulings run`: the corpus against one implementation (the engine in
//! process, or a program), known failures applied, a summary, and the
//! report written. A run always completes: faults are outcomes. What
//! happens as it goes is told to an [`Observer`]; nothing here prints.

use std::path::PathBuf;
use std::sync::Arc;

use rulings_engine::protocol::Hello;

use crate::cancel::Cancel;
use crate::corpus::case::Corpus;
use crate::implementation::Answer;

use crate::implementation::external::traffic::Traffic;
use crate::implementation::external::ExternalOptions;
use crate::implementation::parallel::Workers;
use crate::implementation::{Implementation, InProcess};
use crate::judging::known_failures::{self, KnownFailures, PLACEHOLDER};
use crate::judging::reference_open::OpenCases;
use crate::judging::run::{run, CaseResult, RunOptions};
use crate::report::summary;
use crate::report::{self, Report, RunInfo};
pub use crate::suite_error::SuiteError;

#[derive(Debug, Clone, Default)]
pub struct SuiteOptions {
    pub dirs: Vec<PathBuf>,
    pub run: RunOptions,
    /// The program under test; None for the reference engine in process.
    pub external: Option<ExternalOptions>,
    /// The time limit per case of the engine in process (a program's is in
    /// `external`).
    pub timeout: std::time::Duration,
    /// How many copies of the program run side by side (`--jobs`).
    pub jobs: usize,
    /// `--jobs` was given (else `jobs` is the default, capped without a word).
    pub jobs_given: bool,
    pub known_failures: Option<PathBuf>,
    pub update_known_failures: bool,
    /// Refuse a known-failures entry whose reason is still TODO.
    pub strict_known_failures: bool,
    /// The folder for report.jsonl, report.md and junit.xml.
    pub report: Option<PathBuf>,
    pub max_failures: usize,
    /// Stop asking once cancelled (Ctrl-C): the report covers the runs done.
    pub cancel: Cancel,
    /// A run that asks no case passes (else it fails: it tested nothing).
    pub allow_empty: bool,
    /// Which cases to run (default: all).
    pub selection: crate::corpus::select::Selection,
}

/// What a run tells the person waiting for it, as it goes. The library
/// never prints: the command line shows these on stderr (and draws
/// progress on a terminal); a test may collect them.
pub trait Observer {
    /// Something the user should know now, in a line or more: a warning, a
    /// case file skipped, the program's restarts, the known failures
    /// written.
    fn note(&mut self, _text: &str) {}
    /// The run begins: `cases` cases against the implementation whose hello
    /// this is.
    fn started(&mut self, _cases: usize, _hello: &Hello) {}
    /// One more answer: `done` of `total` requests.
    fn answered(&mut self, _done: usize, _total: usize, _answer: &Answer) {}
    /// Every answer is in (or the run was cancelled).
    fn finished(&mut self) {}
}

/// An observer that keeps nothing.
pub struct Silent;

impl Observer for Silent {}

pub struct SuiteOutcome {
    pub report: Report,
    /// The one-screen summary for stdout.
    pub summary: String,
    /// Report files written.
    pub written: Vec<PathBuf>,
    /// Why the traffic log (`--log-traffic`) could not be written in full.
    pub log_error: Option<String>,
}

/// Run the suite. Errors are the user's setup (an unreadable known-failures
/// file, a report folder that cannot be written); they are said plainly.
///
/// In four steps: load what the run needs ([`load`]), start what answers
/// ([`start`]), ask it every case and end it ([`finish_program`]), then
/// judge what the run showed ([`nothing_tested`], [`apply_listings`]) and
/// report it ([`summarise`], [`write_report`]).
pub fn run_suite(options: &SuiteOptions, observer: &mut dyn Observer) -> Result<SuiteOutcome, SuiteError> {
    check_options(options)?;
    let Loaded { corpus, open, known } = load(options, observer)?;
    let Started { traffic, mut external, jobs } = start(options, corpus.cases.len(), observer)?;
    let mut in_process = InProcess::with_limit(Some(options.timeout));
    let implementation: &mut dyn Implementation = match external.as_mut() {
        Some(ext) => ext,
        None => &mut in_process,
    };
    let hello = implementation.hello().clone();
    observer.started(corpus.cases.len(), &hello);
    let mut results = run(&corpus, implementation, &options.run, &options.cancel, |done, total, answer| {
        observer.answered(done, total, answer);
    });
    observer.finished();
    let (declared, hello_error, info) = finish_program(options, external.as_mut(), &hello, jobs, observer);

    let tally = summary::total(&results);
    let nothing_tested = nothing_tested(options, &corpus, &results, &hello);
    let asked_every_case = hello_error.is_none() && tally.not_run == 0;
    let listings = Listings { open: &open, known, asked_every_case, nothing_tested: nothing_tested.as_deref() };
    apply_listings(options, &hello, &corpus, &mut results, listings, observer)?;

    let header = report::header(&options.dirs, &corpus, declared, hello_error, info);
    let mut report = Report::new(header, &corpus, &results, options.cancel.is_cancelled());
    report.mark_reference_open(&open.entries);
    if let Some(why) = nothing_tested.filter(|_| !options.allow_empty && !report.footer.interrupted) {
        report.fail_as_empty(why);
    }
    let summary = summarise(options, &corpus, &results, &report);
    let written = write_report(options, &report)?;
    let log_error = traffic.and_then(|t| t.error());
    Ok(SuiteOutcome { report, summary, written, log_error })
}

/// Options that cannot go together.
fn check_options(options: &SuiteOptions) -> Result<(), SuiteError> {
    if options.update_known_failures && options.known_failures.is_none() {
        return Err(SuiteError::UpdateWithoutFile);
    }
    if options.update_known_failures && !options.selection.is_everything() {
        return Err(SuiteError::UpdateOfASelection { selection: options.selection.describe() });
    }
    Ok(())
}

/// What a run reads before it asks anything.
struct Loaded {
    /// The cases selected.
    corpus: Corpus,
    /// The reference engine's open cases (cases/reference-open.yml): they
    /// apply to a run of the reference engine only.
    open: OpenCases,
    /// The implementation's known failures (`--known-failures`).
    known: KnownFailures,
}

/// Load the corpus, keep the cases selected, and read the listings.
fn load(options: &SuiteOptions, observer: &mut dyn Observer) -> Result<Loaded, SuiteError> {
    let mut corpus = crate::corpus::load(&options.dirs);
    if !options.selection.is_everything() {
        corpus.cases.retain(|c| options.selection.keeps(c));
    }
    for (path, why) in &corpus.skipped {
        observer.note(&format!("note: {}: skipped: {why}", path.display()));
    }
    let open = crate::judging::reference_open::load(&options.dirs)?;
    let known = match &options.known_failures {
        Some(path) => known_failures::load(path, options.update_known_failures)?,
        None => Default::default(),
    };
    if let (true, Some(path)) = (options.strict_known_failures, &options.known_failures) {
        known_failures::check_strict(&known, path)?;
    }
    Ok(Loaded { corpus, open, known })
}

/// The program under test, started (None for the engine in process).
struct Started {
    /// The traffic log (`--log-traffic`), shared by the copies.
    traffic: Option<Arc<Traffic>>,
    /// The copies of the program.
    external: Option<Workers>,
    /// How many copies run side by side.
    jobs: usize,
}

/// Open the traffic log, then start the program's copies (as many as
/// `--jobs` asks, for `cases` cases) and say what their start showed.
fn start(options: &SuiteOptions, cases: usize, observer: &mut dyn Observer) -> Result<Started, SuiteError> {
    // The traffic log is opened before any program starts: one that cannot
    // be opened stops the run here, and one that fails later is said.
    let traffic = match options.external.as_ref().and_then(|o| o.log_traffic.as_ref()) {
        Some(path) => Some(
            Traffic::create_until(path, options.cancel.clone())
                .map(Arc::new)
                .map_err(|error| SuiteError::TrafficLog { path: path.clone(), error })?,
        ),
        None => None,
    };
    let jobs = capped_jobs(options.jobs, cases);
    if options.external.is_some() && options.jobs_given && jobs < options.jobs {
        observer.note(&format!(
            "note: --jobs {} capped to {jobs} (at most one copy a case, and at most {MAX_JOBS})",
            options.jobs
        ));
    }
    let external: Option<Workers> = options.external.clone().map(|o| Workers::start_logged(o, jobs, traffic.clone()));
    if let Some(ext) = &external {
        for w in ext.warnings() {
            observer.note(&format!("warning: {w}"));
        }
        if let Some(e) = ext.hello_error().filter(|_| !options.cancel.is_cancelled()) {
            let why = crate::text::wrap_lines(&e, crate::text::WIDTH, "  ", "    ");
            observer.note(&format!(
                "rulings: the program did not complete the hello; every case records why:\n{}",
                why.trim_end()
            ));
        }
    }
    Ok(Started { traffic, external, jobs })
}

/// End the program (its copies told `bye`) and say how often it failed;
/// the hello it declared, why it did not complete one, and the options
/// the report's header records.
fn finish_program(
    options: &SuiteOptions,
    external: Option<&mut Workers>,
    hello: &Hello,
    jobs: usize,
    observer: &mut dyn Observer,
) -> (Option<Hello>, Option<String>, RunInfo) {
    let (declared, hello_error, info) = match (&options.external, external) {
        (Some(o), Some(ext)) => {
            ext.shutdown();
            if ext.failures() > 0 {
                observer.note(&format!(
                    "rulings: the program failed {} time(s): a crash, a time-out or a broken conversation \
                     (--max-restarts {} for the run)",
                    ext.failures(),
                    o.max_restarts
                ));
            }
            (
                ext.declared_hello().cloned(),
                // Interrupted during the hello: not a fault of the program.
                ext.hello_error().filter(|_| !options.cancel.is_cancelled()),
                RunInfo {
                    implementation: Some(o.command.clone()),
                    shell: o.shell,
                    per_case: o.per_case,
                    timeout_s: Some(o.timeout.as_secs_f64()),
                    max_restarts: Some(o.max_restarts),
                    window: Some(o.window),
                    jobs: (jobs > 1).then_some(jobs),
                    ..RunInfo::default()
                },
            )
        }
        _ => (Some(hello.clone()), None, RunInfo::default()),
    };
    let info = RunInfo {
        edition: options.run.edition.map(|e| e.to_string()),
        rotations: options.run.rotations,
        known_failures: options.known_failures.as_ref().map(|p| p.display().to_string()),
        ..info
    };
    (declared, hello_error, info)
}

/// Why the run tested nothing, if it did not: no case asked, or every run
/// of a kind the program opted into skipped.
fn nothing_tested(options: &SuiteOptions, corpus: &Corpus, results: &[CaseResult], hello: &Hello) -> Option<String> {
    let tally = summary::total(results);
    let nothing_tested = if tally.asked() > tally.skipped || tally.not_run > 0 {
        None
    } else if tally.skipped > 0 {
        // A program that declines every case it is asked has shown nothing.
        Some(format!("{} skipped every one of the {} run(s) it was asked", hello.name, tally.skipped))
    } else if corpus.cases.is_empty() && !options.selection.is_everything() {
        Some(format!("no case matches {}", options.selection.describe()))
    } else if corpus.cases.is_empty() {
        Some(format!(
            "no case was found in {}",
            options.dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ")
        ))
    } else if results.is_empty() {
        Some("no case holds for the edition asked (--edition)".to_string())
    } else {
        Some(format!(
            "none of the {} run(s) applies to {} (its hello declares editions {} and {} feature(s))",
            results.len(),
            hello.name,
            hello.editions.iter().map(|e| e.to_string()).collect::<Vec<_>>().join(", "),
            hello.features.len()
        ))
    };
    // A kind of check the program opted into and skipped every time has
    // tested nothing either, though others were answered: the rulings, the
    // refusal checks (it declares `refusal`), the rulings that need a
    // feature it declares (`insufficient-bid`: every Law 27 case skipped).
    let all_skipped = |runs: Vec<&CaseResult>, kind: &str| {
        let t = summary::Tally::of(runs);
        (t.skipped > 0 && t.asked() == t.skipped)
            .then(|| format!("{} skipped every one of the {} {kind} it was asked", hello.name, t.skipped))
    };
    nothing_tested
        .or_else(|| all_skipped(results.iter().filter(|r| !r.refusal).collect(), "ruling run(s)"))
        .or_else(|| all_skipped(results.iter().filter(|r| r.refusal).collect(), "refusal check(s)"))
        .or_else(|| {
            hello.features.iter().find_map(|f| {
                let needs = |r: &&CaseResult| {
                    !r.refusal && crate::corpus::features::required(&corpus.cases[r.case]).contains(&f.as_str())
                };
                all_skipped(results.iter().filter(needs).collect(), &format!("ruling run(s) that need `{f}`"))
            })
        })
}

/// The listings of failures a run expects, and what decides whether the
/// known failures may be rewritten from it.
struct Listings<'a> {
    open: &'a OpenCases,
    known: KnownFailures,
    /// The program completed the hello and was asked every case.
    asked_every_case: bool,
    /// Why the run tested nothing, if it did not.
    nothing_tested: Option<&'a str>,
}

/// Mark the expected failures in `results`: the reference engine's open
/// cases (a run of the reference engine only), then the known failures,
/// rewritten first when `--update-known-failures` asks and the run can say
/// what fails.
fn apply_listings(
    options: &SuiteOptions,
    hello: &Hello,
    corpus: &Corpus,
    results: &mut [CaseResult],
    listings: Listings<'_>,
    observer: &mut dyn Observer,
) -> Result<(), SuiteError> {
    let Listings { open, mut known, asked_every_case, nothing_tested } = listings;
    if crate::judging::reference_open::is_reference(hello) {
        let path = open.shown();
        known_failures::apply_listing(&open.entries, known_failures::Listing::ReferenceOpen(&path), corpus, results);
        if options.selection.is_everything() && crate::judging::reference_open::whole_corpus(&options.dirs) {
            for id in known_failures::unknown_ids(&open.entries, corpus) {
                observer.note(&format!("warning: {} lists {id}, which is not a case of this corpus", path.display()));
            }
        }
    }
    let Some(path) = &options.known_failures else { return Ok(()) };
    for id in known_failures::unknown_ids(&known, corpus) {
        observer.note(&format!("warning: {} lists {id}, which is not a case of this corpus", path.display()));
    }
    if options.update_known_failures && options.cancel.is_cancelled() {
        observer.note(&format!(
            "rulings: interrupted: {} is left as it was (a partial run cannot update it)",
            path.display()
        ));
    } else if options.update_known_failures && !asked_every_case {
        return Err(SuiteError::NotEveryCaseAsked { path: path.clone() });
    } else if let (true, Some(why)) = (options.update_known_failures, nothing_tested) {
        return Err(SuiteError::NothingTested { path: path.clone(), why: why.to_string() });
    } else if options.update_known_failures {
        known = update_known_failures(path, corpus, results, observer)?;
    }
    known_failures::apply(&known, corpus, results);
    Ok(())
}

/// Rewrite the known-failures file at `path` from the run's results
/// (entries added for new failures, removed for passes): the entries now.
fn update_known_failures(
    path: &std::path::Path,
    corpus: &Corpus,
    results: &[CaseResult],
    observer: &mut dyn Observer,
) -> Result<KnownFailures, SuiteError> {
    // Read again: what was written in it during the run is kept, and
    // a change made after this read is not overwritten (replace checks it).
    let (fresh, text) = known_failures::load_with_text(path, true)?;
    let (new, update) = known_failures::updated(&fresh, corpus, results);
    let written = crate::judging::known_failures_text::update(&text, &fresh, &new);
    crate::replace::replace(path, &text, written.text())
        .map_err(|error| SuiteError::KnownFailuresUnwritten { path: path.to_path_buf(), error })?;
    if let crate::judging::known_failures_text::Written::Whole(_) = written {
        observer.note(&format!(
            "note: {}: written whole from its entries (its layout could not be edited as text): its comments \
             were not kept",
            path.display()
        ));
    }
    observer.note(&format!(
        "rulings: wrote {} ({} listed; {} added, {} removed because they pass)",
        path.display(),
        new.len(),
        update.added.len(),
        update.removed.len()
    ));
    if !update.added.is_empty() {
        observer.note(&format!(
            "rulings: {} new {} the reason \"{PLACEHOLDER}\": edit each one to say why: {}",
            update.added.len(),
            if update.added.len() == 1 { "entry carries" } else { "entries carry" },
            update.added.join(", ")
        ));
    }
    Ok(new)
}

/// The one-screen summary: the failures, the clauses the run exercised,
/// and the closing line last, where people and CI look for it.
fn summarise(options: &SuiteOptions, corpus: &Corpus, results: &[CaseResult], report: &Report) -> String {
    let mut summary = summary::render(corpus, results, options.max_failures);
    let wrong_clause = report.footer.right_ruling_wrong_clause;
    if wrong_clause > 0 {
        summary.push_str(&format!("({wrong_clause} of the failures: right ruling, wrong clause)\n"));
    }
    // The cases the program answered with a ruling: not those it was never
    // asked, or declined; a refusal check exercises no clause.
    let mut asked = vec![false; corpus.cases.len()];
    for r in results.iter().filter(|r| !r.refusal) {
        use crate::judging::outcome::Outcome as O;
        if !matches!(r.outcome, O::NotApplicable { .. } | O::NotRun { .. } | O::Skipped { .. }) {
            if let Some(a) = asked.get_mut(r.case) {
                *a = true;
            }
        }
    }
    let complete = options.selection.is_everything() && options.run.edition.is_none();
    summary.push_str(&crate::corpus::coverage::render(corpus, &asked, complete));
    summary.push('\n');
    summary.push_str(&summary::closing_line(results, &summary::FileErrors::of(corpus)));
    summary
}

/// Write report.jsonl, report.md and junit.xml into `--report DIR`: the
/// files written.
fn write_report(options: &SuiteOptions, report: &Report) -> Result<Vec<PathBuf>, SuiteError> {
    let Some(dir) = &options.report else { return Ok(Vec::new()) };
    // An interrupted run does not replace a whole report with a partial
    // one: it writes beside it, in `interrupted/`.
    let dir = if report.footer.interrupted && dir.join(report::JSONL).is_file() {
        dir.join(INTERRUPTED)
    } else {
        dir.clone()
    };
    report::write_dir(&dir, report).map_err(|error| SuiteError::ReportUnwritten { dir: dir.clone(), error })
}

/// The most copies of a program `--jobs` runs side by side (each is a
/// process, or a process a case, with its pipes and threads).
pub const MAX_JOBS: usize = 64;

/// `--jobs` as run: at least 1, at most [`MAX_JOBS`], and no more than the
/// cases to ask (a copy with nothing to do still starts, and costs a process).
pub fn capped_jobs(asked: usize, cases: usize) -> usize {
    asked.min(MAX_JOBS).min(cases).max(1)
}

/// Where, in a report folder that holds a report already, an interrupted
/// run writes its partial report.
pub const INTERRUPTED: &str = "interrupted";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_are_capped_at_the_cases_and_a_maximum() {
        assert_eq!(capped_jobs(5000, 2868), MAX_JOBS);
        assert_eq!(capped_jobs(5000, 3), 3);
        assert_eq!(capped_jobs(8, 695), 8);
        assert_eq!(capped_jobs(4, 0), 1);
    }
}
