//! Ctrl-C (or SIGTERM, or SIGHUP) during a run: the first one cancels the
//! run's token, so that it stops after the runs under way, the report is
//! written for the cases done and the program under test is ended; a second
//! one stops at once, still ending every program the runner started.

use rulings::cancel::Cancel;
use rulings::implementation::external::process_group;

/// Install the handler that cancels `cancel`. A failure to install it is
/// reported and the run goes on without it.
pub fn install(cancel: &Cancel) {
    let cancel = cancel.clone();
    let result = ctrlc::set_handler(move || {
        if cancel.cancel() {
            process_group::end_all();
            eprintln!("\nrulings: stopped at once; no report written");
            std::process::exit(130);
        }
        eprintln!("\nrulings: interrupted: finishing the report of the cases done (Ctrl-C again to stop at once)");
    });
    if let Err(e) = result {
        eprintln!("warning: Ctrl-C will stop the run without a report ({e})");
    }
}
