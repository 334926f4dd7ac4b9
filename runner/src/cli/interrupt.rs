//! Ctrl-C (or SIGTERM, or SIGHUP) during a run: the first one cancels the
//! run's token, so that it stops after the runs under way, the report is
//! written for the cases done and the program under test is ended; a second
//! one stops at once, still ending every program the runner started. A
//! second signal within [`SAME_SIGNAL`] of the first is the same one sent
//! twice, not a second Ctrl-C: GNU `timeout` signals the runner and then its
//! whole process group, the runner included.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use rulings::cancel::Cancel;
use rulings::implementation::external::process_group;

/// How soon after the first a signal is taken as the same one.
const SAME_SIGNAL: Duration = Duration::from_millis(200);

/// Install the handler that cancels `cancel`. A failure to install it is
/// reported and the run goes on without it.
pub fn install(cancel: &Cancel) {
    let cancel = cancel.clone();
    static FIRST: OnceLock<Instant> = OnceLock::new();
    let result = ctrlc::set_handler(move || {
        if cancel.cancel() {
            if FIRST.get().is_some_and(|first| first.elapsed() < SAME_SIGNAL) {
                return;
            }
            process_group::end_all();
            eprintln!("\nrulings: stopped at once; no report written");
            std::process::exit(130);
        }
        let _ = FIRST.set(Instant::now());
        eprintln!("\nrulings: interrupted: finishing the report of the cases done (Ctrl-C again to stop at once)");
    });
    if let Err(e) = result {
        eprintln!("warning: Ctrl-C will stop the run without a report ({e})");
    }
}
