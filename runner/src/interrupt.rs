//! Ctrl-C (or SIGTERM, or SIGHUP) during a run: the first one asks the run
//! to stop after the runs under way, so that the report is written for the
//! cases done and the program under test is ended; a second one stops at
//! once, still ending every program the runner started.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Has the user asked the run to stop?
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// Ask the run to stop (what Ctrl-C does; tests call it directly).
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
}

/// Install the Ctrl-C handler. A failure to install it is reported and the
/// run goes on without it.
pub fn install() {
    let result = ctrlc::set_handler(|| {
        if REQUESTED.swap(true, Ordering::SeqCst) {
            crate::implementation::external::process_group::end_all();
            eprintln!("\nrulings: stopped at once; no report written");
            std::process::exit(130);
        }
        eprintln!("\nrulings: interrupted: finishing the report of the cases done (Ctrl-C again to stop at once)");
    });
    if let Err(e) = result {
        eprintln!("warning: Ctrl-C will stop the run without a report ({e})");
    }
}
