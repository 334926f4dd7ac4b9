//! How to run the program under test: its command line, and the limits
//! of the conversation (time per case, restarts, requests in flight).

use std::sync::Arc;
use std::time::Duration;

/// The default time limit per case.
pub const DEFAULT_TIMEOUT: Duration = crate::implementation::DEFAULT_TIMEOUT;
/// The default number of restarts after faults before the run gives up on
/// the program.
pub const DEFAULT_MAX_RESTARTS: usize = 10;
/// The default number of requests in flight to a persistent process.
pub const DEFAULT_WINDOW: usize = 32;

/// The longest time limit per case: a day.
pub const MAX_TIMEOUT_SECS: f64 = 86_400.0;

/// A time limit per case from a number of seconds: above 0 and at most a
/// day (beyond, a deadline would overflow the clock); the error says why.
pub fn timeout_from_secs(secs: f64) -> Result<Duration, OptionsError> {
    if !(secs > 0.0 && secs <= MAX_TIMEOUT_SECS) {
        return Err(OptionsError::TimeOutOfRange);
    }
    // At least a millisecond: a shorter limit could never be met.
    Ok(Duration::from_secs_f64(secs).max(Duration::from_millis(1)))
}

/// How to run the program under test.
#[derive(Debug, Clone, PartialEq)]
pub struct ExternalOptions {
    /// The program and its arguments; with `shell`, the words of one command line.
    pub command: Vec<String>,
    pub shell: bool,
    pub per_case: bool,
    pub timeout: Duration,
    pub max_restarts: usize,
    /// Where the program's stderr lines go as they come (`[name] line`);
    /// None: nowhere (its last lines are still kept for a fault's outcome).
    pub stderr: Option<StderrSink>,
    /// How many requests may be in flight (sent, not yet answered) to a
    /// persistent process; 1 waits for each answer before the next request.
    pub window: usize,
    /// Write every line sent and received to this file (`--log-traffic`).
    pub log_traffic: Option<std::path::PathBuf>,
    /// The folder to run the program in (default: the runner's own).
    pub cwd: Option<std::path::PathBuf>,
    /// Once cancelled (Ctrl-C, SIGTERM), a wait for the program's answer or
    /// hello ends within [`crate::implementation::external::process`]'s
    /// watch interval, not at the time limit (Ctrl-C must not wait on it). A run sets it to
    /// its own token.
    pub cancel: Option<crate::cancel::Cancel>,
}

impl ExternalOptions {
    /// The options to run `command` (the program and its arguments), with
    /// the defaults.
    pub fn new(command: Vec<String>) -> ExternalOptions {
        ExternalOptions {
            command,
            shell: false,
            per_case: false,
            timeout: DEFAULT_TIMEOUT,
            max_restarts: DEFAULT_MAX_RESTARTS,
            stderr: None,
            window: DEFAULT_WINDOW,
            log_traffic: None,
            cwd: None,
            cancel: None,
        }
    }

    /// The options to run the program a user named: its words as given
    /// (`--impl python3 adapter.py`), or one command line to split into
    /// words (`--impl "./engine --fast"`); with `shell`, one line for `sh -c`.
    pub fn from_command_line(words: &[String], shell: bool) -> Result<ExternalOptions, OptionsError> {
        let command = if shell {
            vec![words.join(" ")]
        } else if words.len() == 1 && words[0].contains(char::is_whitespace) {
            split_command(&words[0]).map_err(|_| OptionsError::ImplUnsplittable)?
        } else {
            words.to_vec()
        };
        if command.is_empty() || command[0].is_empty() {
            return Err(OptionsError::NoProgram);
        }
        let mut o = ExternalOptions::new(command);
        o.shell = shell;
        Ok(o)
    }

    /// These options, with the program's stderr lines passed to `sink`.
    pub fn with_stderr(mut self, sink: Option<StderrSink>) -> ExternalOptions {
        self.stderr = sink;
        self
    }
}

/// Where a program's stderr lines go as they come: a function given each
/// line, labelled with the program's name (`[my-engine] line`). The
/// command line prints them; a library user may collect them.
#[derive(Clone)]
pub struct StderrSink(Arc<dyn Fn(&str) + Send + Sync>);

impl StderrSink {
    pub fn new(f: impl Fn(&str) + Send + Sync + 'static) -> StderrSink {
        StderrSink(Arc::new(f))
    }

    /// Pass one line on.
    pub fn pass(&self, line: &str) {
        (self.0)(line)
    }
}

impl std::fmt::Debug for StderrSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StderrSink")
    }
}

impl PartialEq for StderrSink {
    fn eq(&self, other: &StderrSink) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// Split a command line into words as a POSIX shell would (the
/// `shell-words` crate): spaces separate, quotes group, a backslash escapes
/// as it does in a shell. Nothing is expanded and no shell runs.
pub fn split_command(line: &str) -> Result<Vec<String>, OptionsError> {
    shell_words::split(line).map_err(|_| OptionsError::Unsplittable)
}

/// Why the program under test cannot be run as asked; the text is what
/// the command line says after `error: ` (with the option at fault first
/// where there is one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionsError {
    /// A time limit of 0, below, or above a day (or not a number).
    TimeOutOfRange,
    /// A command line with an unclosed quote, or a backslash at its end.
    Unsplittable,
    /// `--impl` one such command line.
    ImplUnsplittable,
    /// `--impl` with no program in it.
    NoProgram,
}

impl std::fmt::Display for OptionsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const UNSPLITTABLE: &str = "the command line has an unclosed quote, or ends with a backslash";
        match self {
            OptionsError::TimeOutOfRange => {
                write!(f, "give a number of seconds above 0 and at most {MAX_TIMEOUT_SECS} (a day)")
            }
            OptionsError::Unsplittable => f.write_str(UNSPLITTABLE),
            OptionsError::ImplUnsplittable => write!(f, "--impl: {UNSPLITTABLE}"),
            OptionsError::NoProgram => f.write_str("--impl: no program given"),
        }
    }
}

impl std::error::Error for OptionsError {}

/// A name from a hello, fit to label terminal lines: printable, short.
pub(super) fn label_of(name: &str) -> String {
    let clean: String = name.chars().filter(|c| !c.is_control()).take(40).collect();
    if clean.trim().is_empty() {
        "program".to_string()
    } else {
        clean
    }
}

/// The program's name, for messages: the file name of its first word.
pub(super) fn program_name(options: &ExternalOptions) -> String {
    let first = options.command.first().map(String::as_str).unwrap_or("");
    let first = if options.shell { first.split_whitespace().next().unwrap_or("") } else { first };
    std::path::Path::new(first)
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| first.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_without_a_shell() {
        assert_eq!(split_command("a b  c").unwrap(), ["a", "b", "c"]);
        assert_eq!(
            split_command(r#"python3 "my adapter.py" --x='1 2'"#).unwrap(),
            ["python3", "my adapter.py", "--x=1 2"]
        );
        assert_eq!(split_command(r"a\ b").unwrap(), ["a b"]);
        assert_eq!(split_command("a ''").unwrap(), ["a", ""]);
        assert!(split_command("a 'b").is_err());
        assert_eq!(split_command("  ").unwrap(), Vec::<String>::new());
        // As a shell reads it: inside double quotes a backslash is kept
        // unless it escapes `"`, `\\`, `$` or a backquote.
        assert_eq!(split_command(r#"prog "C:\dir\x" "say \"hi\"""#).unwrap(), ["prog", r"C:\dir\x", r#"say "hi""#]);
    }

    #[test]
    fn time_limits_are_checked_before_they_reach_the_clock() {
        assert_eq!(timeout_from_secs(0.5), Ok(Duration::from_millis(500)));
        assert_eq!(timeout_from_secs(86_400.0), Ok(Duration::from_secs(86_400)));
        assert_eq!(timeout_from_secs(1e-9), Ok(Duration::from_millis(1)));
        for bad in [0.0, -1.0, 86_400.5, 1.8e19, 1e30, f64::INFINITY, f64::NAN] {
            assert_eq!(timeout_from_secs(bad), Err(OptionsError::TimeOutOfRange), "{bad}");
            assert!(OptionsError::TimeOutOfRange.to_string().contains("at most 86400"));
        }
    }
}
