//! What the command line prints, written so that a failed write is seen:
//! `print!` panics with a text of std's when stdout cannot be written.
//! Here the error is kept as it is ([`io::Error`]) and carried to `main`,
//! which ends quietly when the reader has gone (`rulings check | head -1`:
//! [`io::ErrorKind::BrokenPipe`]) and says any other failure (a full disk)
//! in a line with exit status 2.
//!
//! The failure unwinds (a panic whose payload is [`OutputFailed`], no
//! message printed) rather than returning through every command: what a
//! command holds (a program it started, a temporary file) is dropped on
//! the way out as on a return.

use std::fmt;
use std::io::{self, Write};

/// A write to stdout or stderr that failed: the payload `main` looks for.
#[derive(Debug)]
pub struct OutputFailed {
    /// `stdout` or `stderr`.
    pub stream: &'static str,
    /// What the write returned.
    pub error: io::Error,
}

impl fmt::Display for OutputFailed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write to {}: {}", self.stream, self.error)
    }
}

impl std::error::Error for OutputFailed {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Write to stdout, unwinding with [`OutputFailed`] when it fails.
pub fn stdout(args: fmt::Arguments<'_>) {
    if let Err(error) = io::stdout().lock().write_fmt(args) {
        failed("stdout", error);
    }
}

/// Write to stderr, unwinding with [`OutputFailed`] when it fails.
pub fn stderr(args: fmt::Arguments<'_>) {
    if let Err(error) = io::stderr().lock().write_fmt(args) {
        failed("stderr", error);
    }
}

/// Unwind with `error`, written to `stream`, as the payload.
pub fn failed(stream: &'static str, error: io::Error) -> ! {
    std::panic::panic_any(OutputFailed { stream, error })
}

/// `print!` whose failure is an [`OutputFailed`].
macro_rules! print {
    ($($arg:tt)*) => { $crate::cli::output::stdout(format_args!($($arg)*)) };
}

/// `println!` whose failure is an [`OutputFailed`].
macro_rules! println {
    () => { $crate::cli::output::stdout(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::cli::output::stdout(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprint!` whose failure is an [`OutputFailed`].
macro_rules! eprint {
    ($($arg:tt)*) => { $crate::cli::output::stderr(format_args!($($arg)*)) };
}

/// `eprintln!` whose failure is an [`OutputFailed`].
macro_rules! eprintln {
    () => { $crate::cli::output::stderr(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::cli::output::stderr(format_args!("{}\n", format_args!($($arg)*))) };
}
