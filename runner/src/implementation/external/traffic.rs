//! `--log-traffic FILE`: every line the runner sends a program and every
//! line it reads back, with the time since the run started, the process id,
//! the direction (`>` to the program, `<` from it) and the run it belongs
//! to (the case's id, with `::EDITION` and `::rotated-N` as run names have
//! them; `-` for the hello and `bye`), one line each:
//!
//! ```text
//! 0.000412 4242 > - {"type":"hello","protocol":1}
//! 0.003150 4242 < - {"type":"hello","protocol":1,"name":"my-engine",...}
//! 0.003410 4242 > L27-2DH2::rotated-1 {"type":"rule","seq":1,...}
//! 0.004020 4242 < L27-2DH2::rotated-1 {"type":"ruling","seq":1,...}
//! ```
//!
//! Also a line when a process starts or ends after a fault (`*`). Lines are
//! written as they pass; the file is flushed when the run ends. Answers are
//! matched to requests as the protocol orders them: the nth line read from
//! a process answers the nth line sent to it.

use std::collections::{HashMap, VecDeque};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

/// The run of a line that belongs to none (the hello, `bye`, a note).
const NO_RUN: &str = "-";

pub struct Traffic {
    out: Mutex<BufWriter<File>>,
    started: Instant,
    /// By process: the runs of the next lines to be sent, and of the lines
    /// sent and not yet answered, in order.
    runs: Mutex<HashMap<u32, Runs>>,
}

#[derive(Default)]
struct Runs {
    to_send: VecDeque<String>,
    to_answer: VecDeque<String>,
}

impl Traffic {
    /// Create (or empty) the log file.
    pub fn create(path: &Path) -> std::io::Result<Traffic> {
        Ok(Traffic {
            out: Mutex::new(BufWriter::new(File::create(path)?)),
            started: Instant::now(),
            runs: Mutex::new(HashMap::new()),
        })
    }

    fn write(&self, pid: u32, mark: char, run: &str, text: &[u8]) {
        if let Ok(mut out) = self.out.lock() {
            let t = self.started.elapsed().as_secs_f64();
            let _ = write!(out, "{t:.6} {pid} {mark} {run} ");
            let _ = out.write_all(text);
            let _ = out.write_all(b"\n");
        }
    }

    /// The next lines sent to process `pid` are the requests of these runs,
    /// in order (named as [`crate::judging::outcome::run_name`] names them,
    /// from the case's id).
    pub fn next_runs(&self, pid: u32, runs: impl IntoIterator<Item = String>) {
        if let Ok(mut all) = self.runs.lock() {
            all.entry(pid).or_default().to_send.extend(runs);
        }
    }

    /// Lines sent to process `pid` (one or more, each ending in a newline).
    pub fn sent(&self, pid: u32, bytes: &[u8]) {
        for line in bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let run = self.runs.lock().ok().map(|mut all| {
                let runs = all.entry(pid).or_default();
                let run = runs.to_send.pop_front().unwrap_or_else(|| NO_RUN.to_string());
                // `bye` is not answered.
                if !line.starts_with(br#"{"type":"bye""#) {
                    runs.to_answer.push_back(run.clone());
                }
                run
            });
            self.write(pid, '>', run.as_deref().unwrap_or(NO_RUN), line);
        }
    }

    /// A line read from process `pid`.
    pub fn received(&self, pid: u32, line: &[u8]) {
        let run = self.runs.lock().ok().and_then(|mut all| {
            let runs = all.get_mut(&pid)?;
            let run = runs.to_answer.pop_front();
            // A process with nothing more to answer is forgotten (one a case, with --per-case).
            if runs.to_answer.is_empty() && runs.to_send.is_empty() {
                all.remove(&pid);
            }
            run
        });
        self.write(pid, '<', run.as_deref().unwrap_or(NO_RUN), line);
    }

    /// Something that happened to process `pid`.
    pub fn note(&self, pid: u32, what: &str) {
        self.write(pid, '*', NO_RUN, what.as_bytes());
    }

    pub fn flush(&self) {
        if let Ok(mut out) = self.out.lock() {
            let _ = out.flush();
        }
    }
}

impl Drop for Traffic {
    fn drop(&mut self) {
        self.flush();
    }
}
