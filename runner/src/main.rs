//! The `rulings` command line. Everything it does is in the library
//! (`rulings`); what it prints, and how it treats a terminal, is in
//! [`cli`].

mod cli;

use std::io::Write as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    // `print!` panics when stdout cannot be written (a full disk, a pipe
    // whose reader has gone): that is said in a line and an exit status,
    // not a panic with exit 101, in every command (issue 25.13).
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if output_failed(info.payload()).is_none() {
            default_hook(info);
        }
    }));
    match std::panic::catch_unwind(cli::main) {
        Ok(code) => code,
        Err(payload) => match output_failed(&*payload) {
            // `rulings ... | head`: the reader has what it wanted.
            Some(message) if message.contains("(os error 32)") => ExitCode::from(141),
            Some(message) => {
                let _ = writeln!(std::io::stderr(), "error: {message}");
                ExitCode::from(2)
            }
            None => std::panic::resume_unwind(payload),
        },
    }
}

/// The message of a panic that `print!` or `eprint!` raised because its
/// stream could not be written, if this is one.
fn output_failed(payload: &(dyn std::any::Any + Send)) -> Option<String> {
    let text =
        payload.downcast_ref::<String>().map(String::as_str).or_else(|| payload.downcast_ref::<&str>().copied())?;
    (text.starts_with("failed printing to stdout") || text.starts_with("failed printing to stderr"))
        .then(|| text.replace("failed printing to", "cannot write to"))
}
