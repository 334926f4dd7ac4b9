//! The `rulings` command line. Everything it does is in the library
//! (`rulings`); what it prints, and how it treats a terminal, is in
//! [`cli`].

mod cli;

use std::io::Write as _;
use std::process::ExitCode;

use cli::output::OutputFailed;

fn main() -> ExitCode {
    // Output that cannot be written (a full disk, a pipe whose reader has
    // gone) unwinds with an `OutputFailed` (cli::output): that is said in
    // a line and an exit status, not a panic with exit 101, in every
    // command.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !info.payload().is::<OutputFailed>() {
            default_hook(info);
        }
    }));
    match std::panic::catch_unwind(cli::main) {
        Ok(code) => code,
        Err(payload) => match payload.downcast::<OutputFailed>() {
            // `rulings ... | head`: the reader has what it wanted; 141 is
            // what a shell shows for a program ended by SIGPIPE.
            Ok(failed) if failed.error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(141),
            Ok(failed) => {
                let _ = writeln!(std::io::stderr(), "error: {failed}");
                ExitCode::from(2)
            }
            Err(payload) => std::panic::resume_unwind(payload),
        },
    }
}
