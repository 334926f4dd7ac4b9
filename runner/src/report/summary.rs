//! The one-screen summary of a run: a line per law folder, then the
//! failures, briefly.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::corpus::case::Corpus;
use crate::judging::outcome::Outcome;
use crate::judging::run::CaseResult;
use crate::text::{wrap, wrap_lines, WIDTH};

/// Counts of outcomes for one group of results. Skipped and not-applicable
/// runs are neither passed nor failed; an expected failure is neither.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    pub passed: usize,
    /// Wrong rulings and unexpected passes.
    pub failed: usize,
    pub expected_failures: usize,
    pub not_applicable: usize,
    pub skipped: usize,
    /// Error answers, crashes, time-outs and protocol violations.
    pub errors: usize,
    /// Never asked: the program could not start, or its restarts were spent.
    pub not_run: usize,
}

impl Tally {
    pub fn add(&mut self, outcome: &crate::judging::outcome::Outcome) {
        use crate::judging::outcome::Outcome as O;
        match outcome {
            O::Passed => self.passed += 1,
            O::Failed { .. } | O::UnexpectedPass { .. } => self.failed += 1,
            O::ExpectedFailure { .. } => self.expected_failures += 1,
            O::NotApplicable { .. } => self.not_applicable += 1,
            O::Skipped { .. } => self.skipped += 1,
            O::Error { .. } | O::Crash { .. } | O::TimeOut { .. } | O::ProtocolViolation { .. } => self.errors += 1,
            O::NotRun { .. } => self.not_run += 1,
        }
    }

    pub fn total(&self) -> usize {
        self.passed
            + self.failed
            + self.expected_failures
            + self.not_applicable
            + self.skipped
            + self.errors
            + self.not_run
    }

    /// Runs that make the run fail.
    pub fn failing(&self) -> usize {
        self.failed + self.errors + self.not_run
    }

    /// Runs that were asked of the implementation (all but not applicable
    /// and not run).
    pub fn asked(&self) -> usize {
        self.total() - self.not_applicable - self.not_run
    }
}

/// Tally results by the case's top-level folder.
pub fn by_folder(corpus: &Corpus, results: &[CaseResult]) -> BTreeMap<String, Tally> {
    let mut out: BTreeMap<String, Tally> = BTreeMap::new();
    for r in results {
        out.entry(corpus.cases[r.case].folder().to_string()).or_default().add(&r.outcome);
    }
    out
}

/// Tally results by the edition each run ruled in.
pub fn by_edition(results: &[CaseResult]) -> BTreeMap<rulings_engine::Edition, Tally> {
    let mut out: BTreeMap<rulings_engine::Edition, Tally> = BTreeMap::new();
    for r in results {
        out.entry(r.variant.edition).or_default().add(&r.outcome);
    }
    out
}

impl Tally {
    /// Add another tally's counts to this one.
    fn absorb(&mut self, t: &Tally) {
        self.passed += t.passed;
        self.failed += t.failed;
        self.expected_failures += t.expected_failures;
        self.not_applicable += t.not_applicable;
        self.skipped += t.skipped;
        self.errors += t.errors;
        self.not_run += t.not_run;
    }
}

/// One line of a summary table: a name and its counts.
fn row(s: &mut String, name: &str, t: &Tally) {
    let _ = writeln!(
        s,
        "{:<14} {:>6} {:>7} {:>7} {:>9} {:>5} {:>8} {:>6} {:>8}",
        name,
        t.total(),
        t.passed,
        t.failed,
        t.expected_failures,
        t.not_applicable,
        t.skipped,
        t.errors,
        t.not_run
    );
}

/// The header line of a summary table whose first column is `first`.
fn head(s: &mut String, first: &str) {
    let _ = writeln!(
        s,
        "{:<14} {:>6} {:>7} {:>7} {:>9} {:>5} {:>8} {:>6} {:>8}",
        first, "runs", "passed", "failed", "expected", "n/a", "skipped", "error", "not-run"
    );
}

/// The case files with errors, each counted once however many errors it
/// holds: those that did not load, and those that loaded and ran but hold
/// an error that fails the run all the same (an `unreviewed` case).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FileErrors {
    pub not_loaded: usize,
    pub ran: usize,
}

impl FileErrors {
    pub fn of(corpus: &Corpus) -> FileErrors {
        let files: std::collections::BTreeSet<&std::path::Path> =
            corpus.errors.iter().map(|e| e.path.as_path()).collect();
        let ran = files.iter().filter(|f| corpus.cases.iter().any(|c| c.path == **f)).count();
        FileErrors { not_loaded: files.len() - ran, ran }
    }

    /// "2 case file(s) did not load", "1 case file(s) ran with errors", or both.
    pub fn said(&self) -> String {
        match (self.not_loaded, self.ran) {
            (n, 0) => format!("{n} case file(s) did not load"),
            (0, r) => format!("{r} case file(s) ran with errors"),
            (n, r) => format!("{n} case file(s) did not load and {r} ran with errors"),
        }
    }
}

/// The summary text: the table, the load errors, then up to `max_failures`
/// failures with the first lines of their detail.
pub fn render(corpus: &Corpus, results: &[CaseResult], max_failures: usize) -> String {
    let mut s = String::new();
    let folders = by_folder(corpus, results);
    head(&mut s, "folder");
    let mut total = Tally::default();
    for (folder, t) in &folders {
        row(&mut s, folder, t);
        total.absorb(t);
    }
    row(&mut s, "total", &total);
    // The same runs by the edition of the Laws they were ruled in.
    let editions = by_edition(results);
    s.push('\n');
    head(&mut s, "edition");
    for (edition, t) in &editions {
        row(&mut s, edition.year(), t);
    }
    if !corpus.errors.is_empty() {
        // One file may hold several errors (a fresh `rulings new` skeleton
        // holds four): count the files, then list the errors.
        let files = FileErrors::of(corpus);
        let _ = writeln!(s, "\n{} ({} error(s)):", files.said(), corpus.errors.len());
        for e in &corpus.errors {
            s.push_str(&wrap(&e.to_string(), WIDTH, "  ", "    "));
        }
    }
    // Runs never asked share one reason: say it once, not once per run.
    let not_run: Vec<&CaseResult> = results.iter().filter(|r| matches!(r.outcome, Outcome::NotRun { .. })).collect();
    if let Some(first) = not_run.first() {
        let reason = first.outcome.detail().unwrap_or("");
        let reason = reason.strip_prefix("not asked: ").unwrap_or(reason);
        s.push('\n');
        let (head, more) = reason.split_once('\n').unwrap_or((reason, ""));
        s.push_str(&wrap(&format!("{} run(s) not asked: {head}", not_run.len()), WIDTH, "", "  "));
        s.push_str(&wrap_lines(more, WIDTH, "  ", "  "));
    }
    let failures: Vec<&CaseResult> =
        results.iter().filter(|r| r.outcome.is_failure() && !matches!(r.outcome, Outcome::NotRun { .. })).collect();
    if !failures.is_empty() {
        let _ = writeln!(s, "\nfailures:");
        for r in failures.iter().take(max_failures) {
            let case = &corpus.cases[r.case];
            let detail = r.outcome.detail().unwrap_or("");
            let mut lines = detail.lines().filter(|l| !l.trim().is_empty());
            let first = lines.next().unwrap_or("");
            // One line of the detail, at most three lines of the terminal.
            let first: String = first.chars().take(3 * WIDTH - 80).collect();
            let line = format!("{} ({}): {} {first}", r.variant.run_name(case), case.id, r.outcome.name());
            s.push_str(&wrap(&line, WIDTH, "  ", "      "));
            // A fault says how the process ended (its exit status or signal).
            if matches!(r.outcome, Outcome::Crash { .. } | Outcome::TimeOut { .. } | Outcome::ProtocolViolation { .. })
            {
                if let Some(ended) = detail.lines().find(|l| l.starts_with("the process: ")) {
                    s.push_str(&wrap(ended, WIDTH, "      ", "      "));
                }
            }
            // A wrong ruling's diff, compactly: its changed lines, not its
            // headers or context (the report has it all).
            if matches!(r.outcome, Outcome::Failed { .. }) {
                let changed: Vec<&str> = lines
                    .filter(|l| {
                        (l.starts_with('-') || l.starts_with('+')) && !l.starts_with("---") && !l.starts_with("+++")
                    })
                    .take(8)
                    .collect();
                for l in changed {
                    let _ = writeln!(s, "      {}", l.chars().take(74).collect::<String>());
                }
            }
        }
        if failures.len() > max_failures {
            let _ = writeln!(s, "  ... and {} more", failures.len() - max_failures);
        }
    }
    s
}

/// The tally of every run.
pub fn total(results: &[CaseResult]) -> Tally {
    let mut t = Tally::default();
    for r in results {
        t.add(&r.outcome);
    }
    t
}

/// The closing lines, where people and CI look. The last is the plain
/// form CI reads, `N passed, N failed, N skipped`: failed counts wrong
/// rulings and unexpected passes, skipped the runs the program declined
/// (a `skipped` answer), as the table's columns of those names do. The line
/// before it counts the rest, each apart: errors (error answers, crashes,
/// time-outs, protocol violations), runs not applicable (an edition or
/// feature the program does not declare), runs not run (never asked), and
/// case files that did not load. Expected failures are counted on a line of
/// their own: they are neither passed nor failed.
pub fn closing_line(total: &Tally, files: &FileErrors) -> String {
    let mut s = String::new();
    if total.expected_failures > 0 {
        // Listed in the known failures, or in the reference engine's open cases.
        let _ = writeln!(s, "{} expected failure(s), each listed with its reason", total.expected_failures);
    }
    let _ = write!(s, "{} errors, {} not applicable, {} not run", total.errors, total.not_applicable, total.not_run);
    if files.not_loaded + files.ran > 0 {
        let _ = write!(s, ", {}", files.said());
    }
    s.push('\n');
    let _ = writeln!(s, "{} passed, {} failed, {} skipped", total.passed, total.failed, total.skipped);
    s
}
