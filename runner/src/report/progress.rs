//! The text of the progress line a terminal shows while a run goes (the
//! command line draws it; see `cli/progress.rs`): runs answered of the
//! total, what went wrong so far (errors, crashes, time-outs, protocol
//! violations and runs not run, each counted apart), the program's name and
//! the time taken, in at most 79 columns.

use crate::implementation::{Answer, FaultKind};

/// A program's name fit for the progress line: printable and short.
pub fn label(name: &str) -> String {
    name.chars().filter(|c| !c.is_control()).take(30).collect()
}

/// What went wrong so far, by kind: a crash is one fault of the program,
/// while the runs it was then never asked (its restarts spent) are not run,
/// not faults of their own. A wrong ruling is only known once judged.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Trouble {
    pub errors: usize,
    pub crashes: usize,
    pub time_outs: usize,
    pub protocol_violations: usize,
    pub not_run: usize,
}

impl Trouble {
    /// Count one more answer.
    pub fn add(&mut self, answer: &Answer) {
        match answer {
            Answer::Ruling(_) | Answer::Skipped { .. } | Answer::Refused { .. } => {}
            Answer::Error(_) => self.errors += 1,
            Answer::NotRun(_) => self.not_run += 1,
            Answer::Fault { kind: FaultKind::Crash, .. } => self.crashes += 1,
            Answer::Fault { kind: FaultKind::TimeOut, .. } => self.time_outs += 1,
            Answer::Fault { kind: FaultKind::ProtocolViolation, .. } => self.protocol_violations += 1,
        }
    }

    /// `, 1 crash, 2678 not run`: each kind that happened, in a few words.
    fn said(&self) -> String {
        let kinds = [
            (self.errors, "error", "errors"),
            (self.crashes, "crash", "crashes"),
            (self.time_outs, "time-out", "time-outs"),
            (self.protocol_violations, "protocol violation", "protocol violations"),
            (self.not_run, "not run", "not run"),
        ];
        kinds
            .iter()
            .filter(|(n, ..)| *n > 0)
            .map(|&(n, one, many)| format!(", {}", crate::report::summary::counted(n, one, many)))
            .collect()
    }
}

/// The line: `done` of `total` runs, the `trouble` so far, `name`, `seconds`.
pub fn line(done: usize, total: usize, trouble: &Trouble, name: &str, seconds: f64) -> String {
    let text = format!("{done}/{total} runs{} · {name} · {seconds:.1} s", trouble.said());
    text.chars().take(79).collect()
}

/// A line of the program's stderr as it is written under a progress line of
/// `width` columns (0: none drawn): the progress line blanked out first
/// (back to its start, spaces over it, back again), so that the program's
/// line starts at the left edge, alone, not after `... 0.5 s`.
pub fn cleared(width: usize, line: &str) -> String {
    if width == 0 {
        format!("{line}\n")
    } else {
        format!("\r{}\r{line}\n", " ".repeat(width))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_counts_each_kind_of_trouble_and_fits_80_columns() {
        let name = label("a-very-long-program-name-that-goes-on-and-on-and-on\u{1b}");
        let mut t = Trouble::default();
        for a in [Answer::Error("x".into()), Answer::Skipped { reason: "x".into(), issue: None }] {
            t.add(&a);
        }
        let text = line(2, 10, &t, &name, 1.25);
        assert!(text.starts_with("2/10 runs, 1 error · a-very-long-program-name-that- · "), "{text}");
        assert!(text.chars().count() <= 79);
        // A refusal is an answer of a program declaring `refusal`, not trouble.
        t.add(&Answer::Refused { event: 1, reason: "insufficient".into() });
        assert_eq!(t, Trouble { errors: 1, ..Trouble::default() });
        let long = line(123_456, 999_999, &t, &"x".repeat(200), 1e9);
        assert_eq!(long.chars().count(), 79, "{long}");
    }

    /// Eleven crashes and the 2,678 runs then never asked are said apart,
    /// not as 2,689 faults.
    #[test]
    fn crashes_and_runs_not_run_are_counted_apart() {
        let mut t = Trouble::default();
        for _ in 0..11 {
            t.add(&Answer::Fault { kind: FaultKind::Crash, detail: "exit 7".into() });
        }
        for _ in 0..2678 {
            t.add(&Answer::NotRun("restarts spent".into()));
        }
        t.add(&Answer::Fault { kind: FaultKind::TimeOut, detail: "5 s".into() });
        let text = line(2690, 2832, &t, "club-platform", 0.5);
        assert!(text.starts_with("2690/2832 runs, 11 crashes, 1 time-out, 2678 not run · club-platform"), "{text}");
    }

    /// A program's line once progress is drawn starts on a blank line, not
    /// after `...0.5 s`; with no progress drawn it is written as it is.
    #[test]
    fn a_program_s_line_clears_the_progress_line_first() {
        assert_eq!(cleared(0, "[club] chatty"), "[club] chatty\n");
        assert_eq!(cleared(5, "[club] chatty"), "\r     \r[club] chatty\n");
    }
}
