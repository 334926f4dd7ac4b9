//! The reference engine as a protocol server: JSON Lines on stdin and
//! stdout (docs/protocol.md). `rulings run --impl rulings-engine`
//! tests it as any other program; see docs/implementers.md.
//!
//! On Linux the program starts at a C `main` of its own, without Rust's
//! start-up: with `--per-case` the engine is started once for every case,
//! and that start-up (which reads /proc/self/maps to place the main thread's
//! stack guard, and sets up a handler for stack overflows) took about
//! 100 µs of the 800 µs of a start here (`rulings bench`, (e)). What the
//! engine loses: a stack overflow is a plain SIGSEGV rather than a message,
//! and when the runner is gone, writing ends the engine by SIGPIPE as it
//! ends any Unix filter (Rust's start-up would have turned that into an
//! error, reported below). std is otherwise the same: stdin, stdout and
//! panics work as usual, and the arguments are not read.

#![cfg_attr(target_os = "linux", no_main)]

use std::io::{self, BufWriter};

/// Serve stdin and stdout until `bye` or the end of stdin; the exit code.
fn serve_stdio() -> i32 {
    let stdin = io::stdin().lock();
    let stdout = BufWriter::new(io::stdout().lock());
    match rulings_engine::server::serve(stdin, stdout) {
        Ok(()) => 0,
        Err(e) => {
            // The runner has gone (a broken pipe): nothing more to answer.
            eprintln!("rulings-engine: {e}");
            1
        }
    }
}

/// The C entry point (see the module's comment).
#[cfg(target_os = "linux")]
#[no_mangle]
pub extern "C" fn main(_argc: std::ffi::c_int, _argv: *const *const std::ffi::c_char) -> std::ffi::c_int {
    serve_stdio()
}

#[cfg(not(target_os = "linux"))]
fn main() {
    std::process::exit(serve_stdio());
}
