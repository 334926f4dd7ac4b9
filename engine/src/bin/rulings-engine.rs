//! The reference engine as a protocol server: JSON Lines on stdin and
//! stdout (docs/protocol.md). `rulings run --impl rulings-engine`
//! tests it as any other program; see docs/implementers.md.

use std::io::{self, BufWriter};
use std::process::ExitCode;

/// Serve stdin and stdout until `bye` or the end of stdin.
fn main() -> ExitCode {
    let stdin = io::stdin().lock();
    let stdout = BufWriter::new(io::stdout().lock());
    match rulings_engine::server::serve(stdin, stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // The runner has gone (a broken pipe): nothing more to answer.
            eprintln!("rulings-engine: {e}");
            ExitCode::FAILURE
        }
    }
}
