//! The program a command asks (`--impl`, `--shell`, `--timeout`), declared
//! once for `run`, `fuzz` and `explain`.

use std::time::Duration;

use rulings::implementation::external::{timeout_from_secs, ExternalOptions};

/// Which program to ask instead of the reference engine in process, and
/// its time limit.
#[derive(Debug, Clone, clap::Args)]
pub struct ProgramArgs {
    /// Ask this program instead of the engine in process: its path and
    /// arguments (`--impl python3 adapter.py`), or one quoted command line,
    /// split on spaces and quotes (`--impl "./my-engine --fast"`: arguments
    /// that start with a dash go this way). No shell runs unless --shell.
    #[arg(long = "impl", value_name = "CMD", num_args = 1..)]
    pub implementation: Vec<String>,
    /// Run --impl as a shell command line (`sh -c`); prefer `exec PROGRAM` in it.
    #[arg(long, requires = "implementation")]
    pub shell: bool,
    /// The time limit for each answer (a case, a story), in seconds (for
    /// the engine in process too, where `run` asks it).
    #[arg(long, value_name = "SECS", default_value_t = 5.0, allow_negative_numbers = true)]
    pub timeout: f64,
}

impl ProgramArgs {
    /// The time limit, or why `--timeout` is wrong.
    pub fn time_limit(&self) -> Result<Duration, String> {
        timeout_from_secs(self.timeout).map_err(|e| format!("--timeout {}: {e}", self.timeout))
    }

    /// The options to start the program with (its time limit set); None
    /// without `--impl`.
    pub fn external(&self) -> Result<Option<ExternalOptions>, String> {
        if self.implementation.is_empty() {
            return Ok(None);
        }
        let mut o = ExternalOptions::from_command_line(&self.implementation, self.shell).map_err(|e| e.to_string())?;
        o.timeout = self.time_limit()?;
        Ok(Some(o))
    }
}
