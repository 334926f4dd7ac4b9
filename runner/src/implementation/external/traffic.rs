//! `--log-traffic FILE`: every line the runner sends a program and every
//! line it reads back, with the time since the run started, the process id
//! and the direction (`>` to the program, `<` from it), one line each:
//!
//! ```text
//! 0.000412 4242 > {"type":"hello","protocol":1}
//! 0.003150 4242 < {"type":"hello","protocol":1,"name":"my-engine",...}
//! ```
//!
//! Also a line when a process starts (`* started`). Lines are written as
//! they pass; the file is flushed when the run ends.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

pub struct Traffic {
    out: Mutex<BufWriter<File>>,
    started: Instant,
}

impl Traffic {
    /// Create (or empty) the log file.
    pub fn create(path: &Path) -> std::io::Result<Traffic> {
        Ok(Traffic { out: Mutex::new(BufWriter::new(File::create(path)?)), started: Instant::now() })
    }

    fn write(&self, pid: u32, mark: char, text: &[u8]) {
        if let Ok(mut out) = self.out.lock() {
            let t = self.started.elapsed().as_secs_f64();
            let _ = write!(out, "{t:.6} {pid} {mark} ");
            let _ = out.write_all(text);
            let _ = out.write_all(b"\n");
        }
    }

    /// Lines sent to process `pid` (one or more, each ending in a newline).
    pub fn sent(&self, pid: u32, bytes: &[u8]) {
        for line in bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            self.write(pid, '>', line);
        }
    }

    /// A line read from process `pid`.
    pub fn received(&self, pid: u32, line: &[u8]) {
        self.write(pid, '<', line);
    }

    /// Something that happened to process `pid`.
    pub fn note(&self, pid: u32, what: &str) {
        self.write(pid, '*', what.as_bytes());
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
