//! Progress on a terminal while a run goes: runs answered of the total,
//! the faults so far (errors, crashes, time-outs, protocol violations; a
//! wrong ruling is only known once judged), the program's name and the time
//! taken. Redrawn at most ten times a second, on one line of stderr, and
//! only when stderr is a terminal: a log or CI gets nothing extra.

use std::io::Write;
use std::time::{Duration, Instant};

use rulings::implementation::Answer;

/// How often the line is redrawn, at most.
const EVERY: Duration = Duration::from_millis(100);

pub struct Progress {
    on: bool,
    name: String,
    started: Instant,
    drawn: Option<Instant>,
    faults: usize,
    width: usize,
}

pub use rulings::report::progress::label;

impl Progress {
    /// Progress shown when `on` (stderr is a terminal and progress is wanted).
    pub fn new(on: bool, name: String) -> Progress {
        Progress { on, name, started: Instant::now(), drawn: None, faults: 0, width: 0 }
    }

    /// One more answer: `done` of `total`.
    pub fn answered(&mut self, done: usize, total: usize, answer: &Answer) {
        if rulings::report::progress::is_fault(answer) {
            self.faults += 1;
        }
        if !self.on || (done < total && self.drawn.is_some_and(|t| t.elapsed() < EVERY)) {
            return;
        }
        self.drawn = Some(Instant::now());
        let line = self.line(done, total);
        // Pad over a longer line drawn before; never wider than a narrow terminal.
        let pad = self.width.saturating_sub(line.chars().count());
        self.width = line.chars().count();
        eprint!("\r{line}{}", " ".repeat(pad));
        let _ = std::io::stderr().flush();
    }

    /// The text of the line (at most 79 columns).
    fn line(&self, done: usize, total: usize) -> String {
        rulings::report::progress::line(done, total, self.faults, &self.name, self.started.elapsed().as_secs_f64())
    }

    /// End the line (if one was drawn).
    pub fn finish(&mut self) {
        if self.on && self.drawn.is_some() {
            eprintln!();
        }
    }
}
