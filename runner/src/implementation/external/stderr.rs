//! A program's stderr: each line passed through, labelled, and its last
//! lines kept for a fault's outcome; a line without end is kept short.

use std::collections::VecDeque;
use std::io::Read;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use super::answer::excerpt;
use super::options::StderrSink;

/// How many lines of stderr a fault's outcome shows.
const STDERR_TAIL: usize = 20;
/// The most of one stderr line kept or passed through (the rest is counted).
const STDERR_LINE: usize = 4096;
/// The last lines of a process's stderr. With requests pipelined, a line
/// cannot be tied to one case: a fault shows the process's last lines.
#[derive(Default)]
pub(super) struct StderrLog {
    state: Mutex<StderrState>,
    done: Condvar,
}

#[derive(Default)]
struct StderrState {
    lines: VecDeque<String>,
    closed: bool,
}

impl StderrLog {
    fn push(&self, line: String) {
        if let Ok(mut s) = self.state.lock() {
            s.lines.push_back(line);
            while s.lines.len() > STDERR_TAIL {
                s.lines.pop_front();
            }
        }
    }

    fn close(&self) {
        if let Ok(mut s) = self.state.lock() {
            s.closed = true;
        }
        self.done.notify_all();
    }

    /// Wait until stderr is closed and its last line handled (or a short
    /// while, if something else holds it open).
    pub(super) fn wait_closed(&self) {
        let _ = self.tail();
    }

    /// The last lines, once stderr is closed (or after a short wait, if
    /// something else holds it open).
    pub(super) fn tail(&self) -> Vec<String> {
        let Ok(guard) = self.state.lock() else { return Vec::new() };
        match self.done.wait_timeout_while(guard, Duration::from_millis(300), |s| !s.closed) {
            Ok((g, _)) => g.lines.iter().cloned().collect(),
            Err(_) => Vec::new(),
        }
    }
}

/// The stderr reader: each line passed through (with `prefix`) and kept in
/// the log's tail. At most [`STDERR_LINE`] bytes of a line are kept; the
/// rest is counted and dropped, so a program that writes gigabytes without
/// a newline costs the runner nothing.
pub(super) fn read_stderr(mut err: impl Read, log: Arc<StderrLog>, pass: Option<(StderrSink, Arc<Mutex<String>>)>) {
    let mut buf = vec![0u8; 64 * 1024];
    let mut line = StderrLine::default();
    let emit = |line: &mut StderrLine| {
        let (text, dropped) = line.take();
        let cut = if dropped > 0 { format!(" [line cut: {dropped} more bytes not kept]") } else { String::new() };
        if let Some((sink, label)) = &pass {
            let name = label.lock().map(|l| l.clone()).unwrap_or_default();
            // Shown as text: a program's ESC or BEL does not reach the terminal.
            sink.pass(&format!("[{name}] {}{cut}", crate::text::printable(&text)));
        }
        log.push(format!("{}{cut}", excerpt(&text, 500)));
    };
    loop {
        let n = match err.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let mut rest = &buf[..n];
        while let Some(i) = rest.iter().position(|&b| b == b'\n') {
            line.add(&rest[..i]);
            emit(&mut line);
            rest = &rest[i + 1..];
        }
        line.add(rest);
    }
    if !line.is_empty() {
        emit(&mut line);
    }
    log.close();
}

/// One line of stderr being read: its first [`STDERR_LINE`] bytes, and how
/// many more there were.
#[derive(Default)]
struct StderrLine {
    kept: Vec<u8>,
    dropped: u64,
}

impl StderrLine {
    fn add(&mut self, bytes: &[u8]) {
        let room = STDERR_LINE - self.kept.len();
        let keep = bytes.len().min(room);
        self.kept.extend_from_slice(&bytes[..keep]);
        self.dropped += (bytes.len() - keep) as u64;
    }

    fn is_empty(&self) -> bool {
        self.kept.is_empty() && self.dropped == 0
    }

    /// The line as text and the number of bytes dropped from it; the
    /// buffer is left empty for the next line.
    fn take(&mut self) -> (String, u64) {
        let text = String::from_utf8_lossy(&self.kept).trim_end_matches('\r').to_string();
        self.kept.clear();
        (text, std::mem::take(&mut self.dropped))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 200 MB without a newline, made as it is read (nothing held here).
    struct Flood(u64);

    impl Read for Flood {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.0 == 0 {
                let end = b"\nlast words\n";
                let n = end.len().min(buf.len());
                buf[..n].copy_from_slice(&end[..n]);
                self.0 = u64::MAX;
                return Ok(n);
            }
            if self.0 == u64::MAX {
                return Ok(0);
            }
            let n = (buf.len() as u64).min(self.0) as usize;
            buf[..n].fill(b'x');
            self.0 -= n as u64;
            Ok(n)
        }
    }

    #[test]
    fn a_stderr_line_without_end_is_kept_short_and_counted() {
        let log = Arc::new(StderrLog::default());
        read_stderr(Flood(200 << 20), log.clone(), None);
        let tail = log.tail();
        assert_eq!(tail.len(), 2, "{tail:?}");
        assert!(tail[0].len() < 600, "{}", tail[0].len());
        let cut = (200u64 << 20) - STDERR_LINE as u64;
        assert!(tail[0].ends_with(&format!("[line cut: {cut} more bytes not kept]")), "{}", &tail[0][450..]);
        assert_eq!(tail[1], "last words");
    }
}
