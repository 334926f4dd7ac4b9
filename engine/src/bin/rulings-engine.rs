//! The reference engine as a protocol server: JSON Lines on stdin and
//! stdout (docs/protocol.md). `rulings run --impl rulings-engine`
//! tests it as any other program; see docs/implementers.md.

use std::io::{self, BufWriter};

fn main() {
    let stdin = io::stdin().lock();
    let stdout = BufWriter::new(io::stdout().lock());
    if let Err(e) = rulings_engine::server::serve(stdin, stdout) {
        // The runner has gone (a broken pipe): nothing more to answer.
        eprintln!("rulings-engine: {e}");
        std::process::exit(1);
    }
}
