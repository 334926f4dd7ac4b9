//! One running program: started without a shell (unless asked) in a
//! process group of its own, its stdin written by a thread, its stdout read
//! into lines with a time limit ([`super::stdout`]), its stderr passed on
//! and its last lines kept ([`super::stderr`]), and ended (waited for, or
//! killed with its group) with a description of how it ended; one that
//! answered its one request lingers until it exits ([`Lingering`]). The
//! threads are kept between programs ([`super::pipe_threads`]). Knows
//! nothing of the protocol's messages.

use std::collections::VecDeque;
use std::io::Write;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

use super::answer::excerpt;
use super::error::ExternalError;
use super::options::ExternalOptions;
use super::stderr::{read_stderr, StderrLog};
use super::stdout::{ParsedLine, Stdout, StdoutEvent, MAX_LINE};
use super::traffic::Traffic;
use super::{pipe_threads, process_group};
use crate::implementation::FaultKind;

/// How long a process that closed stdout (or was told `bye`) may take to exit.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// A fault: what happened, for the case's outcome.
#[derive(Debug, Clone)]
pub(super) struct Fault {
    pub(super) kind: FaultKind,
    pub(super) detail: String,
}

impl Fault {
    pub(super) fn new(kind: FaultKind, detail: impl Into<String>) -> Fault {
        Fault { kind, detail: detail.into() }
    }
}

/// What came from stdout, or did not.
// A ruling is moved once per case; boxing it would buy nothing measurable.
#[allow(clippy::large_enum_variant)]
pub(super) enum Received {
    /// A line, with the ruling when the reader thread could read it the fast way.
    Line(Vec<u8>, Option<(String, rulings_engine::Ruling)>),
    /// stdout was closed; `partial` is what followed the last newline.
    Ended {
        partial: Vec<u8>,
        error: Option<String>,
    },
    TimedOut {
        partial: Vec<u8>,
    },
    TooLong,
    /// The run was cancelled while waiting: no outcome for this request.
    Cancelled,
}

/// One running program.
pub(super) struct Process {
    /// Always Some until the process is let go (see `Drop`).
    pub(super) child: Option<Child>,
    /// The program's stdin until the writer thread starts (on the first
    /// send), or a one-message process writes to it directly.
    input: Option<ChildStdin>,
    /// Lines for the writer thread; dropping it closes the program's stdin.
    stdin: Option<Sender<Vec<u8>>>,
    stdout: Stdout,
    /// Lines received and not yet taken.
    lines: VecDeque<ParsedLine>,
    stderr: Arc<StderrLog>,
    /// The process id, and the log of the conversation (`--log-traffic`).
    pid: u32,
    traffic: Option<Arc<Traffic>>,
    /// Stops a wait once cancelled ([`ExternalOptions::cancel`]).
    cancel: Option<crate::cancel::Cancel>,
}

impl Process {
    /// Start the program; its stderr lines are passed to the options' sink
    /// under `label` (as `[label] line`), or not at all without a sink.
    pub(super) fn spawn(
        options: &ExternalOptions,
        label: Arc<Mutex<String>>,
        traffic: Option<Arc<Traffic>>,
    ) -> Result<Process, Fault> {
        let Some(first) = options.command.first() else {
            return Err(Fault::new(FaultKind::Crash, "no program to run (the command is empty)"));
        };
        let mut cmd = if options.shell {
            let line = options.command.join(" ");
            if cfg!(windows) {
                let mut c = Command::new("cmd");
                c.arg("/C").arg(line);
                c
            } else {
                let mut c = Command::new("sh");
                c.arg("-c").arg(line);
                c
            }
        } else {
            let mut c = Command::new(first);
            c.args(&options.command[1..]);
            c
        };
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(dir) = &options.cwd {
            cmd.current_dir(dir);
        }
        // Started for every case, a program is not tied to the runner's
        // death: that would cost a fork per case (process_group.rs).
        process_group::own_group(&mut cmd, !options.per_case);
        let mut child = cmd.spawn().map_err(|e| {
            // A folder is refused as "permission denied": say what it is.
            let why = if !options.shell && std::path::Path::new(first).is_dir() {
                "it is a folder, not a program".to_string()
            } else {
                e.to_string()
            };
            Fault::new(
                FaultKind::Crash,
                format!(
                    "cannot start `{}`: {why}{}",
                    first,
                    if options.shell {
                        ""
                    } else {
                        " (the program is run without a shell; --shell runs a command line)"
                    }
                ),
            )
        })?;
        process_group::started(&child);
        let pid = child.id();
        if let Some(t) = &traffic {
            t.note(pid, &format!("started: {}", options.command.join(" ")));
        }
        let (Some(input), Some(out), Some(err)) = (child.stdin.take(), child.stdout.take(), child.stderr.take()) else {
            process_group::end(&mut child);
            return Err(Fault::new(FaultKind::Crash, "the program's pipes could not be opened"));
        };
        let stdout = Stdout::new(out, options.per_case);
        let stderr = Arc::new(StderrLog::default());
        {
            let log = stderr.clone();
            let pass = options.stderr.clone().map(|sink| (sink, label));
            pipe_threads::run(move || read_stderr(err, log, pass));
        }
        Ok(Process {
            child: Some(child),
            input: Some(input),
            stdin: None,
            stdout,
            lines: VecDeque::new(),
            stderr,
            pid,
            traffic,
            cancel: options.cancel.clone(),
        })
    }

    /// Send bytes as they are (whole lines).
    /// The writer thread's channel, the thread started on first use.
    fn writer(&mut self) -> Option<&Sender<Vec<u8>>> {
        if let Some(input) = self.input.take() {
            let (tx, lines) = channel();
            pipe_threads::run(move || write_stdin(input, lines));
            self.stdin = Some(tx);
        }
        self.stdin.as_ref()
    }

    /// Write the one message of a one-message process and close its stdin.
    /// A short line goes straight into the pipe (it fits in the pipe's
    /// buffer, so the write cannot block); a long one through the writer.
    pub(super) fn send_once(&mut self, line: &str) -> Result<(), ExternalError> {
        const DIRECT: usize = 4096;
        match self.input.take() {
            Some(mut input) if line.len() < DIRECT => {
                let mut bytes = Vec::with_capacity(line.len() + 1);
                bytes.extend_from_slice(line.as_bytes());
                bytes.push(b'\n');
                self.log_sent(&bytes);
                input.write_all(&bytes).map_err(ExternalError::Write)
            }
            input => {
                self.input = input;
                let r = self.send(line);
                self.close_stdin();
                r
            }
        }
    }

    /// The process id (the traffic log names processes by it).
    pub(super) fn pid(&self) -> u32 {
        self.pid
    }

    /// Stop waits once `cancel` is cancelled.
    pub(super) fn set_cancel(&mut self, cancel: crate::cancel::Cancel) {
        self.cancel = Some(cancel);
    }

    fn log_sent(&self, bytes: &[u8]) {
        if let Some(t) = &self.traffic {
            t.sent(self.pid, bytes);
        }
    }

    pub(super) fn send_raw(&mut self, bytes: Vec<u8>) -> Result<(), ExternalError> {
        self.log_sent(&bytes);
        let Some(stdin) = self.writer() else { return Err(ExternalError::StdinClosed) };
        stdin.send(bytes).map_err(|_| ExternalError::StdinGone)
    }

    pub(super) fn send(&mut self, line: &str) -> Result<(), ExternalError> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.send_raw(bytes)
    }

    fn try_wait(&mut self) -> std::io::Result<Option<ExitStatus>> {
        match self.child.as_mut() {
            Some(c) => c.try_wait(),
            None => Ok(None),
        }
    }

    /// Has the process itself exited (whatever still holds its stdout)?
    fn has_exited(&mut self) -> bool {
        matches!(self.try_wait(), Ok(Some(_)))
    }

    pub(super) fn close_stdin(&mut self) {
        self.input = None;
        self.stdin = None;
    }

    /// The next line, or why there is none by `deadline`. While waiting,
    /// the process is watched: one that exited while something it started
    /// still holds its stdout open is a crash now, not a time-out later
    /// (its group is ended, which closes stdout).
    pub(super) fn receive(&mut self, deadline: Instant) -> Received {
        let received = self.receive_unlogged(deadline);
        if let (Some(t), Received::Line(line, _)) = (&self.traffic, &received) {
            t.received(self.pid, line);
        }
        received
    }

    fn receive_unlogged(&mut self, deadline: Instant) -> Received {
        /// How often a quiet process is checked for having exited.
        const WATCH: Duration = Duration::from_millis(50);
        if let Some((line, parsed)) = self.lines.pop_front() {
            return Received::Line(line, parsed);
        }
        let mut deadline = deadline;
        let mut exited = false;
        loop {
            if self.cancel.as_ref().is_some_and(crate::cancel::Cancel::is_cancelled) {
                return Received::Cancelled;
            }
            let now = Instant::now();
            let wait = deadline.saturating_duration_since(now).min(WATCH);
            match self.stdout.next(wait) {
                Some(StdoutEvent::Lines(lines)) => {
                    self.lines.extend(lines);
                    if let Some((line, parsed)) = self.lines.pop_front() {
                        return Received::Line(line, parsed);
                    }
                }
                Some(StdoutEvent::End { partial, error }) => return Received::Ended { partial, error },
                Some(StdoutEvent::TooLong) => return Received::TooLong,
                None if Instant::now() < deadline => {
                    if !exited && self.has_exited() {
                        exited = true;
                        if let Some(child) = self.child.as_ref() {
                            process_group::end_leftovers(child);
                        }
                        deadline = deadline.min(Instant::now() + EXIT_GRACE);
                    }
                }
                None => {
                    let partial = self.stdout.partial();
                    if exited {
                        return Received::Ended {
                            partial,
                            error: Some(
                                "the program exited, but its stdout stayed open (held by a process it started \
                                 outside its process group)"
                                    .into(),
                            ),
                        };
                    }
                    return Received::TimedOut { partial };
                }
            }
        }
    }

    /// End the process: close stdin, give it a moment to exit, then kill
    /// it. Returns how it ended.
    pub(super) fn finish(mut self) -> String {
        self.close_stdin();
        let ended = match self.exit_within_grace() {
            Some(ended) => ended,
            None => self.kill(),
        };
        // Its last stderr line is passed through before the run goes on
        // (or the runner exits).
        self.stderr.wait_closed();
        ended
    }

    /// Wait up to [`EXIT_GRACE`] for the process to exit on its own; how it
    /// ended, if it did.
    fn exit_within_grace(&mut self) -> Option<String> {
        let child = self.child.as_mut()?;
        match child.wait_timeout(EXIT_GRACE) {
            Ok(Some(status)) => {
                process_group::end_leftovers(child);
                Some(describe(status))
            }
            _ => None,
        }
    }

    /// End the process and everything in its group.
    fn kill(&mut self) -> String {
        let status = self.try_wait();
        if let Some(child) = self.child.as_mut() {
            process_group::end(child);
        }
        match status {
            Ok(Some(status)) => describe(status),
            _ => "killed by the runner".to_string(),
        }
    }

    /// End the process after a fault and write the fault's detail: what
    /// happened, how the process ended, the tail of its stderr.
    pub(super) fn fail(mut self, kind: FaultKind, what: String) -> Fault {
        // A crashed process has exited or is exiting: wait for its status.
        // One that hung or broke the protocol is killed at once.
        let ended = if kind == FaultKind::Crash { self.finish_ref() } else { self.kill() };
        let stderr = self.stderr.tail();
        if let Some(t) = &self.traffic {
            t.note(self.pid, &format!("{}: {ended}", kind.name()));
        }
        let mut detail = what;
        detail.push_str(&format!("\nthe process: {ended}"));
        if !stderr.is_empty() {
            detail.push_str("\nstderr (last lines):\n");
            for l in stderr {
                detail.push_str("  ");
                detail.push_str(&l);
                detail.push('\n');
            }
            detail.pop();
        }
        Fault { kind, detail }
    }

    fn finish_ref(&mut self) -> String {
        self.close_stdin();
        match self.exit_within_grace() {
            Some(ended) => ended,
            None => format!("it closed its stdout but did not exit; {}", self.kill()),
        }
    }

    /// The fault for something other than a line.
    pub(super) fn fail_on(self, received: Received, waiting_for: &str, timeout: Duration) -> Fault {
        let shown = |partial: &[u8]| {
            if partial.is_empty() {
                String::new()
            } else {
                format!("\nit had written, without a newline: {}", excerpt(&String::from_utf8_lossy(partial), 300))
            }
        };
        match received {
            Received::Line(..) => self.fail(FaultKind::ProtocolViolation, "an unexpected line".into()),
            Received::Ended { partial, error } => {
                let what = match error {
                    Some(e) => format!("reading its stdout failed while waiting for {waiting_for}: {e}"),
                    None if partial.is_empty() => {
                        format!("the program closed its stdout (exited?) before {waiting_for}")
                    }
                    None => format!(
                        "the program closed its stdout in the middle of a line, before the end of {waiting_for}"
                    ),
                };
                self.fail(FaultKind::Crash, format!("{what}{}", shown(&partial)))
            }
            Received::TimedOut { partial } => {
                let what = if partial.is_empty() {
                    format!("no {} within the time limit of {}", waiting_for.trim_start_matches("the "), secs(timeout))
                } else {
                    format!(
                        "{} was not finished within the time limit of {}: a line without its newline",
                        waiting_for,
                        secs(timeout)
                    )
                };
                self.fail(FaultKind::TimeOut, format!("{what}{}", shown(&partial)))
            }
            Received::TooLong => {
                self.fail(FaultKind::ProtocolViolation, format!("a line on stdout longer than {} MiB", MAX_LINE >> 20))
            }
            Received::Cancelled => Fault::new(FaultKind::Crash, format!("interrupted while waiting for {waiting_for}")),
        }
    }
}

impl Drop for Process {
    /// A process let go while it still runs is ended with its group, here
    /// and now: nothing the runner started outlives it. (One that answered
    /// its one request in per-case mode is handed to [`Lingering`] first.)
    fn drop(&mut self) {
        self.close_stdin();
        if let Some(mut child) = self.child.take() {
            process_group::end(&mut child);
        }
    }
}

/// Processes that answered and are exiting on their own: each is waited
/// for when it has exited, or killed once it has lingered past the grace.
#[derive(Default)]
pub(super) struct Lingering(Vec<Linger>);

/// A process that answered, and since when.
struct Linger {
    child: Child,
    since: Instant,
}

impl Lingering {
    /// Let `process`, which has answered, exit on its own. Its stdout, when
    /// the runner read it itself, is read to its end on a pipe thread, so
    /// that a program writing more after its answer is neither ended by a
    /// closed pipe nor blocked on a full one (as a reader thread would have
    /// read on).
    pub(super) fn add(&mut self, mut process: Process) {
        if let Some(child) = process.child.take() {
            if let Some(mut out) = process.stdout.keep() {
                pipe_threads::run(move || {
                    let _ = std::io::copy(&mut out, &mut std::io::sink());
                });
            }
            self.0.push(Linger { child, since: Instant::now() });
        }
    }

    /// Wait for those that exited, kill those past the grace; with `all`,
    /// wait for every one (killing it after the grace).
    pub(super) fn sweep(&mut self, all: bool) {
        self.0.retain_mut(|l| {
            if let Ok(Some(_)) = l.child.try_wait() {
                process_group::end_leftovers(&l.child);
                return false;
            }
            if all || l.since.elapsed() >= EXIT_GRACE {
                l.reap();
                return false;
            }
            true
        });
    }

    /// End every one at once, with its group (a run interrupted).
    pub(super) fn end_all(&mut self) {
        for mut l in self.0.drain(..) {
            process_group::end(&mut l.child);
        }
    }
}

impl Linger {
    /// Wait until the grace since it answered is over for it to exit, then
    /// end it (and in either case what it left in its group).
    fn reap(&mut self) {
        let _ = self.child.wait_timeout(EXIT_GRACE.saturating_sub(self.since.elapsed()));
        process_group::end(&mut self.child);
    }
}

/// "0.3 s", "5 s".
fn secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0} s")
    } else {
        format!("{s} s")
    }
}

/// How a process ended, in words.
fn describe(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exited with status {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            // The signal's name where the system knows it ("SIGSEGV").
            let name =
                nix::sys::signal::Signal::try_from(sig).map(|s| format!(" ({})", s.as_str())).unwrap_or_default();
            return format!("killed by signal {sig}{name}");
        }
    }
    format!("ended ({status})")
}

/// The stdin writer: lines from the channel, several at a time when they
/// queue up, until the channel closes (then stdin closes) or the program
/// stops reading.
fn write_stdin(mut input: ChildStdin, lines: Receiver<Vec<u8>>) {
    while let Ok(mut batch) = lines.recv() {
        while let Ok(more) = lines.try_recv() {
            batch.extend_from_slice(&more);
        }
        if input.write_all(&batch).and_then(|_| input.flush()).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A message sent after the runner has closed the program's stdin is
    /// refused as such, before anything is written.
    #[test]
    fn a_line_after_stdin_is_closed_is_not_sent() {
        let options = ExternalOptions::new(vec!["cat".to_string()]);
        let mut p = Process::spawn(&options, Arc::new(Mutex::new("cat".to_string())), None).expect("cat starts");
        p.close_stdin();
        assert!(matches!(p.send(r#"{"type":"hello","protocol":1}"#), Err(ExternalError::StdinClosed)));
    }

    #[test]
    fn durations_read_well() {
        assert_eq!(secs(Duration::from_secs(5)), "5 s");
        assert_eq!(secs(Duration::from_millis(300)), "0.3 s");
    }
}
