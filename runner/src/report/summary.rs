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

    /// The tally of `results`.
    pub fn of<'a>(results: impl IntoIterator<Item = &'a CaseResult>) -> Tally {
        let mut t = Tally::default();
        for r in results {
            t.add(&r.outcome);
        }
        t
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
pub fn by_folder<'a>(corpus: &Corpus, results: impl IntoIterator<Item = &'a CaseResult>) -> BTreeMap<String, Tally> {
    let mut out: BTreeMap<String, Tally> = BTreeMap::new();
    for r in results {
        out.entry(corpus.cases[r.case].folder().to_string()).or_default().add(&r.outcome);
    }
    out
}

/// Tally results by the edition each run ruled in.
pub fn by_edition<'a>(results: impl IntoIterator<Item = &'a CaseResult>) -> BTreeMap<rulings_engine::Edition, Tally> {
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

/// The summary text: the tables (rulings by folder and by edition, then
/// the refusal checks apart, when there are any), the load errors, then up
/// to `max_failures` cases with failures, each once with the runs that
/// failed ([`failures`]).
pub fn render(corpus: &Corpus, results: &[CaseResult], max_failures: usize) -> String {
    let mut s = String::new();
    let rulings: Vec<&CaseResult> = results.iter().filter(|r| !r.refusal).collect();
    let refusals: Vec<&CaseResult> = results.iter().filter(|r| r.refusal).collect();
    if !refusals.is_empty() && !rulings.is_empty() {
        let _ = writeln!(s, "rulings asked (the refusal checks are counted below, apart):");
    }
    if !rulings.is_empty() || refusals.is_empty() {
        table(&mut s, "folder", by_folder(corpus, rulings.iter().copied()));
        // The same runs by the edition of the Laws they were ruled in.
        s.push('\n');
        let editions = by_edition(rulings.iter().copied());
        head(&mut s, "edition");
        for (edition, t) in &editions {
            row(&mut s, edition.year(), t);
        }
        if !refusals.is_empty() {
            s.push('\n');
        }
    }
    if !refusals.is_empty() {
        // A refusal rectifies nothing: its runs are no ruling on a clause.
        let _ = writeln!(s, "refusal checks (the program must refuse the first irregular call):");
        table(&mut s, "folder", by_folder(corpus, refusals.iter().copied()));
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
    s.push_str(&failures(corpus, results, max_failures));
    s
}

/// A table by folder, with its total.
fn table(s: &mut String, first: &str, folders: BTreeMap<String, Tally>) {
    head(s, first);
    let mut total = Tally::default();
    for (folder, t) in &folders {
        row(s, folder, t);
        total.absorb(t);
    }
    row(s, "total", &total);
}

/// The most lines of a diff the summary shows of one failure.
pub const DIFF_LINES: usize = 12;

/// The failing runs, by case: each case once, with the runs that failed
/// the same way (`every run`, or `as written, rotated-2, 2007`), the first
/// line of what was seen, and a wrong ruling's diff with its context, cut
/// at [`DIFF_LINES`] lines saying how many more there are. At most `max`
/// cases are listed.
pub fn failures(corpus: &Corpus, results: &[CaseResult], max: usize) -> String {
    let mut s = String::new();
    // case -> (outcome name, detail) -> the runs, in the order of the results.
    let mut by_case: Vec<(usize, Vec<Way>)> = Vec::new();
    for r in results.iter().filter(|r| r.outcome.is_failure() && !matches!(r.outcome, Outcome::NotRun { .. })) {
        let k = match by_case.iter().position(|(c, _)| *c == r.case) {
            Some(k) => k,
            None => {
                by_case.push((r.case, Vec::new()));
                by_case.len() - 1
            }
        };
        let (name, detail) = (r.outcome.name(), r.outcome.detail().unwrap_or(""));
        let ways = &mut by_case[k].1;
        match ways.iter_mut().find(|(n, d, _)| *n == name && same_but_for_seats(d, detail)) {
            Some((_, _, runs)) => runs.push(r),
            None => ways.push((name, detail, vec![r])),
        }
    }
    if by_case.is_empty() {
        return s;
    }
    let runs: usize = by_case.iter().flat_map(|(_, w)| w.iter().map(|(_, _, r)| r.len())).sum();
    let _ = writeln!(s, "\nfailures ({runs} run(s) of {} case(s)):", by_case.len());
    for (case_index, ways) in by_case.iter().take(max) {
        let case = &corpus.cases[*case_index];
        let of_case = results.iter().filter(|r| r.case == *case_index).count();
        s.push_str(&wrap(&format!("{} ({})", case.name, case.id), WIDTH, "  ", "    "));
        for (name, detail, runs) in ways {
            let which = if runs.len() == of_case && of_case > 1 {
                format!("every run ({})", runs.len())
            } else {
                let names: Vec<String> = runs.iter().map(|r| variant_name(r.variant)).collect();
                names.join(", ")
            };
            let mut lines = detail.lines().filter(|l| !l.trim().is_empty());
            let first = lines.next().unwrap_or("");
            // One line of the detail, at most three lines of the terminal.
            let first: String = first.chars().take(3 * WIDTH - 80).collect();
            s.push_str(&wrap(&format!("{which}: {name} {first}"), WIDTH, "    ", "      "));
            let outcome = &runs[0].outcome;
            // A fault says how the process ended (its exit status or signal).
            if matches!(outcome, Outcome::Crash { .. } | Outcome::TimeOut { .. } | Outcome::ProtocolViolation { .. }) {
                if let Some(ended) = detail.lines().find(|l| l.starts_with("the process: ")) {
                    s.push_str(&wrap(ended, WIDTH, "      ", "      "));
                }
            }
            if matches!(outcome, Outcome::Failed { .. }) {
                s.push_str(&diff_excerpt(lines));
                // A rotated run's ruling is turned back before it is
                // compared: its seats are the case's, not those it was sent.
                if runs[0].refusal && runs.iter().any(|r| r.outcome.detail() != runs[0].outcome.detail()) {
                    let first = variant_name(runs[0].variant);
                    let text = format!("(seats as in the run {first}: they turn with the seats in the others)");
                    s.push_str(&wrap(&text, WIDTH, "      ", "      "));
                }
                if runs.iter().all(|r| r.variant.rotation != 0) && !runs[0].refusal {
                    s.push_str(&wrap(
                        "(seats as the case has them: the program was sent them turned, and its ruling was \
                         turned back)",
                        WIDTH,
                        "      ",
                        "      ",
                    ));
                }
            }
        }
    }
    if by_case.len() > max {
        let _ = writeln!(
            s,
            "  ... and {} more case(s) (--max-failures N lists more; the report has all)",
            by_case.len() - max
        );
    }
    s
}

/// Do two details of a case's failures say the same but for the seats of
/// the refusal lines? A refusal check's lines name the seats as the
/// program was sent them, so that its rotations read `E 1H` and `S 1H` of
/// one mistake: they are one failure, told once.
pub fn same_but_for_seats(a: &str, b: &str) -> bool {
    a == b
        || (a.lines().count() == b.lines().count()
            && a.lines().zip(b.lines()).all(|(x, y)| x == y || seats_aside(x) == seats_aside(y)))
}

/// A refusal line with its seats left out (`-refused at event 1: E 1H`
/// reads `-refused at event 1: ? 1H`); other lines as they are.
fn seats_aside(line: &str) -> String {
    if !(line.starts_with("-refused at event ") || line.starts_with("+refused at event ")) {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    let mut before = ' ';
    while let Some(c) = chars.next() {
        let seat = matches!(c, 'N' | 'E' | 'S' | 'W') && matches!(before, ' ' | '(') && chars.peek() == Some(&' ');
        out.push(if seat { '?' } else { c });
        before = c;
    }
    out
}

/// One way a case failed: the outcome's name, its detail, and the runs
/// that failed so.
type Way<'a> = (&'a str, &'a str, Vec<&'a CaseResult>);

/// A run's name within its case: `as written`, `rotated-1`, `2007`,
/// `2007::rotated-3`.
fn variant_name(v: crate::judging::outcome::Variant) -> String {
    let name = crate::judging::outcome::run_name("", v.edition.year(), v.rotation);
    match name.strip_prefix("::") {
        Some(n) => n.to_string(),
        None => "as written".to_string(),
    }
}

/// A wrong ruling's diff as the summary shows it: the lines after its
/// headers, context included, each cut to the terminal (saying so), at
/// most [`DIFF_LINES`] of them, then how many more there are.
fn diff_excerpt<'a>(lines: impl Iterator<Item = &'a str>) -> String {
    let mut s = String::new();
    let body: Vec<&str> =
        lines.filter(|l| !l.starts_with("---") && !l.starts_with("+++") && !l.starts_with("@@")).collect();
    for l in body.iter().take(DIFF_LINES) {
        let shown: String = l.chars().take(73).collect();
        let cut = if l.chars().count() > 73 { "…" } else { "" };
        let _ = writeln!(s, "      {shown}{cut}");
    }
    if body.len() > DIFF_LINES {
        let _ = writeln!(s, "      ... {} more line(s) of the diff (the report has it whole)", body.len() - DIFF_LINES);
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
/// rulings, failed refusal checks and unexpected passes, skipped the runs
/// the program declined (a `skipped` answer), as the table's columns of
/// those names do. The line before it counts the rest, each apart: errors
/// (error answers, crashes, time-outs, protocol violations), runs not
/// applicable (an edition or feature the program does not declare), runs
/// not run (never asked), and case files that did not load. Those fail the
/// run too, though the last line does not count them: the exit status is
/// the verdict. When the program was sent refusal checks, two lines before
/// those count the rulings and the refusal checks apart. Expected
/// failures are counted on a line of their own: they are neither passed
/// nor failed.
pub fn closing_line(results: &[CaseResult], files: &FileErrors) -> String {
    let total = Tally::of(results);
    let mut s = String::new();
    if total.expected_failures > 0 {
        // Listed in the known failures, or in the reference engine's open cases.
        let _ = writeln!(s, "{} expected failure(s), each listed with its reason", total.expected_failures);
    }
    if results.iter().any(|r| r.refusal) {
        let part = |t: &Tally| format!("{} passed, {} failed, {} skipped", t.passed, t.failed, t.skipped);
        let (rulings, refusals) =
            (Tally::of(results.iter().filter(|r| !r.refusal)), Tally::of(results.iter().filter(|r| r.refusal)));
        let _ = writeln!(s, "rulings: {}\nrefusal checks: {}", part(&rulings), part(&refusals));
    }
    let _ = write!(
        s,
        "{}, {} not applicable, {} not run",
        counted(total.errors, "error", "errors"),
        total.not_applicable,
        total.not_run
    );
    if files.not_loaded + files.ran > 0 {
        let _ = write!(s, ", {}", files.said());
    }
    s.push('\n');
    let _ = writeln!(s, "{} passed, {} failed, {} skipped", total.passed, total.failed, total.skipped);
    s
}

/// `n` and the noun for it: `1 error`, `0 errors`, `2 cases`.
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusal_lines_that_differ_in_their_seats_only_are_the_same() {
        let a = "differs in: refusal\n-refused at event 1: E 1H, x\n+refused at event 0 (N 1S): no\n";
        let b = "differs in: refusal\n-refused at event 1: S 1H, x\n+refused at event 0 (E 1S): no\n";
        assert!(same_but_for_seats(a, b));
        let c = "differs in: refusal\n-refused at event 1: S 1H, x\n+refused at event 2 (E 1S): no\n";
        assert!(!same_but_for_seats(a, c), "another event");
        assert!(!same_but_for_seats("-  doubled: null\n", "-  doubled: X\n"));
        assert_eq!(seats_aside("+refused at event 0 (N 1S): WE N"), "+refused at event 0 (? 1S): WE N");
    }
}
