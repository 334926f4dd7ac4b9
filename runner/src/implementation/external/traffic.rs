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
//!
//! The log is never reached through a symbolic link (the file is created
//! or emptied: a link would empty whatever it points at), and a reader of
//! a FIFO that stops reading holds the run up only until the run is
//! interrupted: then the log is cut short (see [`Patient`]).

use std::collections::{HashMap, VecDeque};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

use crate::cancel::Cancel;

/// The run of a line that belongs to none (the hello, `bye`, a note).
const NO_RUN: &str = "-";

pub struct Traffic {
    out: Mutex<Log>,
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

/// The file, and the first error writing it (then nothing more is written).
struct Log {
    file: BufWriter<Patient>,
    error: Option<String>,
}

/// The log file, open without blocking: a write that would wait (a FIFO
/// whose reader is slow, or has stopped reading) waits, in steps of a
/// tenth of a second, until the reader takes it or the run is cancelled
/// (a first Ctrl-C or SIGTERM, which must end the run and write its
/// report, not hang on the log: the log is then cut short, and said to
/// be). A regular file never waits.
struct Patient {
    file: File,
    cancel: Cancel,
}

impl Write for Patient {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        loop {
            match self.file.write(buf) {
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => self.wait()?,
                r => return r,
            }
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

impl Patient {
    /// Wait a moment for the reader, unless the run is cancelled.
    fn wait(&self) -> std::io::Result<()> {
        if self.cancel.is_cancelled() {
            return Err(std::io::Error::other(
                "its reader stopped reading, and the run was interrupted: the log is cut short",
            ));
        }
        #[cfg(unix)]
        {
            use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
            use std::os::fd::AsFd;
            let mut fds = [PollFd::new(self.file.as_fd(), PollFlags::POLLOUT)];
            // A signal interrupting the wait is a reason to look at the
            // token again, not an error.
            let _ = poll(&mut fds, PollTimeout::from(100u16));
        }
        #[cfg(not(unix))]
        std::thread::sleep(std::time::Duration::from_millis(100));
        Ok(())
    }
}

impl Log {
    fn keep(&mut self, r: std::io::Result<()>) {
        if let (Err(e), None) = (r, &self.error) {
            self.error = Some(e.to_string());
        }
    }
}

/// Open the log file for writing, created or emptied. A FIFO is opened
/// without waiting for a reader (open(2) would block until one came,
/// deaf to Ctrl-C): with none, it is an error now. The file
/// stays open without blocking ([`Patient`] waits). A symbolic link is
/// refused, not followed (`O_NOFOLLOW`): emptying the log must not empty
/// the file a link points at.
pub fn open_log(path: &Path) -> std::io::Result<File> {
    #[cfg(unix)]
    {
        use nix::fcntl::OFlag;
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .custom_flags((OFlag::O_NONBLOCK | OFlag::O_NOFOLLOW).bits())
            .open(path)
            .map_err(|e| match e.raw_os_error() {
                Some(code) if code == nix::errno::Errno::ENXIO as i32 => std::io::Error::new(
                    e.kind(),
                    "it is a FIFO (named pipe) that nothing reads: start its reader first",
                ),
                Some(code) if code == nix::errno::Errno::ELOOP as i32 => std::io::Error::new(
                    e.kind(),
                    "it is a symbolic link, which the log does not follow (it empties the file it writes): give \
                     the file itself",
                ),
                _ => e,
            })
    }
    #[cfg(not(unix))]
    {
        File::create(path)
    }
}

impl Traffic {
    /// Create (or empty) the log file ([`open_log`]).
    pub fn create(path: &Path) -> std::io::Result<Traffic> {
        Traffic::create_until(path, Cancel::new())
    }

    /// [`Traffic::create`], a log whose writes stop waiting for a reader
    /// once `cancel` is cancelled ([`Patient`]).
    pub fn create_until(path: &Path, cancel: Cancel) -> std::io::Result<Traffic> {
        let file = BufWriter::new(Patient { file: open_log(path)?, cancel });
        Ok(Traffic {
            out: Mutex::new(Log { file, error: None }),
            started: Instant::now(),
            runs: Mutex::new(HashMap::new()),
        })
    }

    fn write(&self, pid: u32, mark: char, run: &str, text: &[u8]) {
        if let Ok(mut log) = self.out.lock() {
            if log.error.is_some() {
                return;
            }
            let t = self.started.elapsed().as_secs_f64();
            let r = write!(log.file, "{t:.6} {pid} {mark} {run} ")
                .and_then(|()| log.file.write_all(text))
                .and_then(|()| log.file.write_all(b"\n"));
            log.keep(r);
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

    /// The first error writing the log (a full disk, say), flushing first:
    /// a log that could not be written is said, not lost silently
    /// (a full disk must not pass for a complete log).
    pub fn error(&self) -> Option<String> {
        self.flush();
        self.out.lock().ok().and_then(|log| log.error.clone())
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
        if let Ok(mut log) = self.out.lock() {
            if log.error.is_none() {
                let r = log.file.flush();
                log.keep(r);
            }
        }
    }
}

impl Drop for Traffic {
    fn drop(&mut self) {
        self.flush();
    }
}
