//! Progress on a terminal while a run goes: runs answered of the total,
//! what went wrong so far (errors, crashes, time-outs, protocol
//! violations, runs not run, each apart; a wrong ruling is only known once
//! judged), the program's name and the time taken. Redrawn at most ten
//! times a second, on one line of stderr, and only when stderr is a
//! terminal: a log or CI gets nothing extra. A line of the program's stderr
//! passed through clears the progress line first ([`stderr_line`]), so that
//! it starts a line of its own; the progress line is drawn again under it.

use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rulings::implementation::Answer;
use rulings::report::progress::Trouble;

/// How often the line is redrawn, at most.
const EVERY: Duration = Duration::from_millis(100);

/// The width of the progress line on the terminal now (0: none drawn, or
/// cleared), shared by the progress and the program's stderr, which the
/// pipe threads pass through: whoever writes to stderr holds it.
static DRAWN: Mutex<usize> = Mutex::new(0);

pub struct Progress {
    on: bool,
    name: String,
    started: Instant,
    drawn: Option<Instant>,
    trouble: Trouble,
}

pub use rulings::report::progress::label;

impl Progress {
    /// Progress shown when `on` (stderr is a terminal and progress is wanted).
    pub fn new(on: bool, name: String) -> Progress {
        Progress { on, name, started: Instant::now(), drawn: None, trouble: Trouble::default() }
    }

    /// One more answer: `done` of `total`.
    pub fn answered(&mut self, done: usize, total: usize, answer: &Answer) {
        self.trouble.add(answer);
        if !self.on {
            return;
        }
        let mut width = DRAWN.lock().unwrap_or_else(|e| e.into_inner());
        // Throttled, unless a line of the program's stderr took its place.
        if done < total && *width > 0 && self.drawn.is_some_and(|t| t.elapsed() < EVERY) {
            return;
        }
        self.drawn = Some(Instant::now());
        let line = self.line(done, total);
        // Pad over a longer line drawn before; never wider than a narrow terminal.
        let pad = width.saturating_sub(line.chars().count());
        *width = line.chars().count();
        eprint!("\r{line}{}", " ".repeat(pad));
        let _ = std::io::stderr().flush();
    }

    /// The text of the line (at most 79 columns).
    fn line(&self, done: usize, total: usize) -> String {
        rulings::report::progress::line(done, total, &self.trouble, &self.name, self.started.elapsed().as_secs_f64())
    }

    /// End the line (if one is drawn).
    pub fn finish(&mut self) {
        let mut width = DRAWN.lock().unwrap_or_else(|e| e.into_inner());
        if self.on && *width > 0 {
            eprintln!();
            *width = 0;
        }
    }
}

/// Write a line of the program's stderr to ours, clearing the progress line
/// first when one is drawn: the line starts at the left edge, alone, not
/// after the progress text.
pub fn stderr_line(line: &str) {
    let mut width = DRAWN.lock().unwrap_or_else(|e| e.into_inner());
    eprint!("{}", rulings::report::progress::cleared(*width, line));
    *width = 0;
}
