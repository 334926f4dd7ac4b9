//! The one-screen summary of a run: a line per law folder, then the
//! failures, briefly.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::case::Corpus;
use crate::run::CaseResult;

/// Counts of outcomes for one group of results.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    pub passed: usize,
    pub failed: usize,
    pub expected_failures: usize,
    pub not_applicable: usize,
    pub errors: usize,
    pub other: usize,
}

impl Tally {
    pub fn add(&mut self, outcome: &crate::outcome::Outcome) {
        match outcome.name() {
            "passed" => self.passed += 1,
            "failed" => self.failed += 1,
            "expected-failure" => self.expected_failures += 1,
            "not-applicable" => self.not_applicable += 1,
            "error" => self.errors += 1,
            _ => self.other += 1,
        }
    }

    pub fn total(&self) -> usize {
        self.passed + self.failed + self.expected_failures + self.not_applicable + self.errors + self.other
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
        self.errors += t.errors;
        self.other += t.other;
    }
}

/// One line of a summary table: a name and its counts.
fn row(s: &mut String, name: &str, t: &Tally) {
    let _ = writeln!(
        s,
        "{:<14} {:>6} {:>7} {:>7} {:>9} {:>6} {:>6} {:>6}",
        name,
        t.total(),
        t.passed,
        t.failed,
        t.expected_failures,
        t.not_applicable,
        t.errors,
        t.other
    );
}

/// The header line of a summary table whose first column is `first`.
fn head(s: &mut String, first: &str) {
    let _ = writeln!(
        s,
        "{:<14} {:>6} {:>7} {:>7} {:>9} {:>6} {:>6} {:>6}",
        first, "runs", "passed", "failed", "expected", "n/a", "error", "other"
    );
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
        let _ = writeln!(s, "\n{} case file(s) did not load:", corpus.errors.len());
        for e in &corpus.errors {
            let _ = writeln!(s, "  {e}");
        }
    }
    let failures: Vec<&CaseResult> = results.iter().filter(|r| r.outcome.is_failure()).collect();
    if !failures.is_empty() {
        let _ = writeln!(s, "\nfailures:");
        for r in failures.iter().take(max_failures) {
            let case = &corpus.cases[r.case];
            let first = r.outcome.detail().and_then(|d| d.lines().find(|l| !l.trim().is_empty())).unwrap_or("");
            let _ = writeln!(s, "  {} ({}): {} {}", r.variant.trial_name(case), case.id, r.outcome.name(), first);
        }
        if failures.len() > max_failures {
            let _ = writeln!(s, "  ... and {} more", failures.len() - max_failures);
        }
    }
    let _ = writeln!(
        s,
        "\n{} passed, {} failed",
        total.passed + total.expected_failures,
        total.failed + total.errors + total.other + corpus.errors.len()
    );
    s
}
