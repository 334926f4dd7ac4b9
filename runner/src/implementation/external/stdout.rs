//! A program's stdout cut into lines, each with its fast reading
//! ([`parse_canonical`]): read by a thread that reads ahead while the
//! runner writes (a persistent program), or, for a program started for one
//! request, by the runner itself as it waits for the answer (poll(2), on
//! Unix).

use std::io::Read;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::answer::parse_canonical;
use super::pipe_threads;

/// The longest line read from stdout; longer is a protocol violation that
/// puts the conversation out of step. Just over the longest answer read
/// ([`super::answer::MAX_ANSWER_BYTES`], about 1 MiB), so that a window of
/// pipelined answers holds at most a few tens of megabytes, whatever a program writes.
pub(super) const MAX_LINE: usize = 2 << 20;
/// A line from stdout and, for a canonical ruling, its reading.
pub(super) type ParsedLine = (Vec<u8>, Option<(String, rulings_engine::Ruling)>);

pub(super) enum StdoutEvent {
    /// The whole lines of one read, in order, each with its fast reading.
    Lines(Vec<ParsedLine>),
    End {
        partial: Vec<u8>,
        error: Option<String>,
    },
    TooLong,
}

/// Where a program's stdout is read.
pub(super) enum Stdout {
    /// By a reader thread, which reads ahead while the runner writes (a
    /// persistent program, pipelined).
    Thread {
        events: Receiver<StdoutEvent>,
        /// Bytes read after the last newline, for a time-out's detail.
        partial: Arc<Mutex<Vec<u8>>>,
    },
    /// Here, as the answer is waited for (a program started for one
    /// request, `--per-case`): no thread to hand each answer over, which
    /// was a tenth of the runner's work per case (`rulings bench`, (c)).
    #[cfg(unix)]
    Direct { out: std::process::ChildStdout, lines: Lines, buf: Vec<u8> },
    /// Given to [`super::process::Lingering`] once the answer was read.
    Kept,
}

impl Stdout {
    pub(super) fn new(out: std::process::ChildStdout, per_case: bool) -> Stdout {
        #[cfg(unix)]
        if per_case {
            return Stdout::Direct { out, lines: Lines::default(), buf: vec![0; 16 * 1024] };
        }
        let _ = per_case;
        let partial = Arc::new(Mutex::new(Vec::new()));
        let (tx, events) = channel();
        {
            let partial = partial.clone();
            pipe_threads::run(move || read_stdout(out, tx, partial));
        }
        Stdout::Thread { events, partial }
    }

    /// What came within `wait`, if anything.
    pub(super) fn next(&mut self, wait: Duration) -> Option<StdoutEvent> {
        match self {
            Stdout::Thread { events, .. } => match events.recv_timeout(wait) {
                Ok(event) => Some(event),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(StdoutEvent::End { partial: Vec::new(), error: None }),
            },
            #[cfg(unix)]
            Stdout::Direct { out, lines, buf } => read_within(out, lines, buf, wait),
            Stdout::Kept => Some(StdoutEvent::End { partial: Vec::new(), error: None }),
        }
    }

    /// stdout when the runner reads it itself, to keep open while the
    /// process exits (None when a reader thread has it).
    pub(super) fn keep(&mut self) -> Option<std::process::ChildStdout> {
        match std::mem::replace(self, Stdout::Kept) {
            #[cfg(unix)]
            Stdout::Direct { out, .. } => Some(out),
            other => {
                *self = other;
                None
            }
        }
    }

    /// The bytes read after the last newline.
    pub(super) fn partial(&self) -> Vec<u8> {
        match self {
            Stdout::Thread { partial, .. } => partial.lock().map(|p| p.clone()).unwrap_or_default(),
            #[cfg(unix)]
            Stdout::Direct { lines, .. } => lines.pending.clone(),
            Stdout::Kept => Vec::new(),
        }
    }
}

/// One read of `out`, if it has something within `wait` (poll(2)).
#[cfg(unix)]
fn read_within(
    out: &mut std::process::ChildStdout,
    lines: &mut Lines,
    buf: &mut [u8],
    wait: Duration,
) -> Option<StdoutEvent> {
    use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
    use std::os::fd::AsFd;
    if lines.too_long() {
        return Some(StdoutEvent::TooLong);
    }
    // Whole milliseconds, rounded up: a wait is never cut to nothing.
    let ms = u16::try_from(wait.as_micros().div_ceil(1000)).unwrap_or(u16::MAX);
    let mut fds = [PollFd::new(out.as_fd(), PollFlags::POLLIN)];
    match poll(&mut fds, PollTimeout::from(ms)) {
        Ok(0) | Err(nix::errno::Errno::EINTR) => return None,
        Ok(_) => {}
        Err(e) => {
            return Some(StdoutEvent::End { partial: std::mem::take(&mut lines.pending), error: Some(e.to_string()) })
        }
    }
    match out.read(buf) {
        Ok(0) => Some(StdoutEvent::End { partial: std::mem::take(&mut lines.pending), error: None }),
        Ok(n) => match lines.feed(&buf[..n]) {
            // Whole lines first; a line too long shows at the next read.
            whole if whole.is_empty() && lines.too_long() => Some(StdoutEvent::TooLong),
            // Bytes that end no line are no event: the caller's time limit
            // and its watch on the process go on as though nothing came.
            whole if whole.is_empty() => None,
            whole => Some(StdoutEvent::Lines(whole)),
        },
        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => None,
        Err(e) => Some(StdoutEvent::End { partial: std::mem::take(&mut lines.pending), error: Some(e.to_string()) }),
    }
}

/// Bytes from stdout cut into lines, each with its fast reading
/// ([`parse_canonical`]); what follows the last newline waits for the rest.
#[derive(Default)]
pub(super) struct Lines {
    pending: Vec<u8>,
}

impl Lines {
    /// The whole lines `bytes` ends (with what came before them).
    fn feed(&mut self, bytes: &[u8]) -> Vec<ParsedLine> {
        let mut start = 0;
        let mut lines = Vec::new();
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\n' {
                self.pending.extend_from_slice(&bytes[start..i]);
                if self.pending.last() == Some(&b'\r') {
                    self.pending.pop();
                }
                let line = std::mem::take(&mut self.pending);
                let parsed = parse_canonical(&line);
                lines.push((line, parsed));
                start = i + 1;
            }
        }
        self.pending.extend_from_slice(&bytes[start..]);
        lines
    }

    /// Has the line being read outgrown [`MAX_LINE`]?
    fn too_long(&self) -> bool {
        self.pending.len() > MAX_LINE
    }
}

/// The stdout reader thread: whole lines to the channel; the bytes after
/// the last newline kept in `partial`.
fn read_stdout(mut out: impl Read, tx: std::sync::mpsc::Sender<StdoutEvent>, partial: Arc<Mutex<Vec<u8>>>) {
    let mut lines = Lines::default();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = match out.read(&mut buf) {
            Ok(0) => {
                let _ = tx.send(StdoutEvent::End { partial: lines.pending, error: None });
                return;
            }
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let _ = tx.send(StdoutEvent::End { partial: lines.pending, error: Some(e.to_string()) });
                return;
            }
        };
        let whole = lines.feed(&buf[..n]);
        if !whole.is_empty() && tx.send(StdoutEvent::Lines(whole)).is_err() {
            return;
        }
        if lines.too_long() {
            let _ = tx.send(StdoutEvent::TooLong);
            return;
        }
        if let Ok(mut p) = partial.lock() {
            p.clear();
            p.extend_from_slice(&lines.pending);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};
    use std::time::Instant;

    /// Bytes that end no line are no event, so that the caller's time
    /// limit still runs while a program writes without a newline.
    #[cfg(unix)]
    #[test]
    fn bytes_without_a_newline_are_no_event() {
        let mut child = Command::new("sh")
            .args(["-c", "printf abc; exec sleep 2"])
            .stdout(Stdio::piped())
            .spawn()
            .expect("sh runs");
        let mut out = child.stdout.take().expect("piped");
        let mut lines = Lines::default();
        let mut buf = vec![0; 64];
        let deadline = Instant::now() + Duration::from_secs(5);
        while lines.pending.is_empty() && Instant::now() < deadline {
            let event = read_within(&mut out, &mut lines, &mut buf, Duration::from_millis(50));
            assert!(event.is_none(), "no whole line yet");
        }
        assert_eq!(lines.pending, b"abc");
        let _ = child.kill();
        let _ = child.wait();
    }
}
