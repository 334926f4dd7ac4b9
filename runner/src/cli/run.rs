//! `rulings run`: its options, and what it shows as it goes (notes on
//! stderr, progress on a terminal) and at the end (the summary on stdout).

use std::io::IsTerminal;
use std::path::PathBuf;

use rulings::cancel::Cancel;
use rulings::implementation::external::StderrSink;
use rulings::implementation::Answer;
use rulings::judging::run::RunOptions;
use rulings::suite::{run_suite, Observer, SuiteOptions};
use rulings_engine::protocol::Hello;

use super::progress::{label, Progress};

/// A program's stderr lines, passed through to ours as they come (the
/// progress line cleared before each).
pub fn stderr_sink() -> Option<StderrSink> {
    Some(StderrSink::new(super::progress::stderr_line))
}

/// What a run shows on the terminal as it goes: its notes on stderr, and
/// the progress line when stderr is a terminal.
#[derive(Default)]
struct Terminal {
    progress: Option<Progress>,
}

impl Observer for Terminal {
    /// A note, its long lines wrapped to 80 columns (a list of ids).
    fn note(&mut self, text: &str) {
        eprint!("{}", super::fitted("", text));
    }

    fn started(&mut self, cases: usize, hello: &Hello) {
        eprintln!("rulings: {cases} case(s) against {}", format!("{} {}", hello.name, hello.version).trim_end());
        self.progress = Some(Progress::new(std::io::stderr().is_terminal(), label(&hello.name)));
    }

    fn answered(&mut self, done: usize, total: usize, answer: &Answer) {
        if let Some(p) = self.progress.as_mut() {
            p.answered(done, total, answer);
        }
    }

    fn finished(&mut self) {
        if let Some(p) = self.progress.as_mut() {
            p.finish();
        }
    }
}

/// The options of `rulings run`.
#[derive(Debug, Clone, clap::Args)]
pub struct RunArgs {
    /// A folder of cases (repeatable; default: ./cases when the current
    /// folder has one, as a checkout does, else the corpus built into
    /// rulings).
    #[arg(long = "cases", value_name = "DIR")]
    pub cases: Vec<PathBuf>,
    /// Run only the cases that hold for this edition (1997, 2007, 2017).
    #[arg(long, value_name = "E")]
    pub edition: Option<rulings_engine::Edition>,
    /// Also run each case in its four seat rotations.
    #[arg(long)]
    pub rotations: bool,
    /// How many cases with failures to list in the summary (each once, with
    /// the runs that failed the same way).
    #[arg(long, default_value_t = 30, value_name = "N")]
    pub max_failures: usize,
    #[command(flatten)]
    pub program: super::program::ProgramArgs,
    /// Start one process per case (one request on stdin, one answer on stdout).
    #[arg(long, requires = "implementation")]
    pub per_case: bool,
    /// Restarts allowed after crashes, time-outs and broken conversations,
    /// for the whole run (all --jobs copies together); when spent, the
    /// remaining cases are recorded as not run.
    #[arg(long, value_name = "N", default_value_t = rulings::implementation::external::DEFAULT_MAX_RESTARTS)]
    pub max_restarts: usize,
    /// Requests in flight to the program before it answers the first
    /// (answers come in order); 1 sends each request after the last answer.
    #[arg(long, value_name = "N", default_value_t = rulings::implementation::external::DEFAULT_WINDOW)]
    pub window: usize,
    /// Do not pass the program's stderr through (it is still shown in the
    /// outcome of a fault).
    #[arg(long)]
    pub hide_stderr: bool,
    /// The implementation's known failures (YAML: case id -> {reason, issue}).
    #[arg(long, value_name = "FILE")]
    pub known_failures: Option<PathBuf>,
    /// Rewrite the known-failures file from this run, keeping the reasons.
    #[arg(long, requires = "known_failures")]
    pub update_known_failures: bool,
    /// Run N copies of the program side by side, each asked every Nth case
    /// (default: the number of cores with --per-case, else 1; at most 64, and
    /// no more than the cases); the results are those of one copy.
    #[arg(long, value_name = "N", requires = "implementation")]
    pub jobs: Option<usize>,
    /// Write every line sent to the program and read from it to FILE, with
    /// the time, the process id and the direction.
    #[arg(long, value_name = "FILE", requires = "implementation")]
    pub log_traffic: Option<PathBuf>,
    /// Fail when an entry of the known-failures file has no reason yet (TODO).
    #[arg(long, requires = "known_failures")]
    pub strict_known_failures: bool,
    /// Write report.jsonl, report.md and junit.xml into this folder.
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// Let a run that tests nothing pass: one that asks no case, or whose
    /// every ruling run, every refusal check, or every run needing one of
    /// the features the program declares is skipped (by default it fails).
    #[arg(long)]
    pub allow_empty: bool,
    /// Run only the cases with this id, or whose path under the corpus
    /// matches this pattern (`law27/*`, `*1nt*`, `law27`; `*` stands for
    /// any characters and `?` for one, and nothing else is special);
    /// repeatable.
    #[arg(long, value_name = "ID|GLOB")]
    pub only: Vec<String>,
    /// Leave out the cases with this id or path pattern; repeatable.
    #[arg(long, value_name = "ID|GLOB")]
    pub skip: Vec<String>,
    /// Run only the cases that cite this clause or a sub-clause of it
    /// (`27B1`, `'27B1(b)'`: quoted, as a shell reads parentheses); repeatable.
    #[arg(long = "law", value_name = "CLAUSE")]
    pub laws: Vec<String>,
    /// Run only the cases with this tag; repeatable.
    #[arg(long = "tag", value_name = "TAG")]
    pub tags: Vec<String>,
}

impl RunArgs {
    /// The suite options these arguments ask for, cancelled by `cancel`.
    pub fn options(&self, cancel: Cancel) -> Result<SuiteOptions, String> {
        let dirs = if self.cases.is_empty() { rulings::corpus::default_dirs() } else { self.cases.clone() };
        let timeout = self.program.time_limit()?;
        for law in &self.laws {
            if rulings_engine::clauses::find(law).is_none() {
                let hint = match rulings_engine::clauses::suggest(law) {
                    Some(s) => format!("; did you mean `{s}`?"),
                    None => "; `rulings clauses` lists them".to_string(),
                };
                return Err(format!("--law {law}: not a clause of the Laws this suite knows{hint}"));
            }
        }
        let external = if let Some(mut o) = self.program.external()? {
            o.per_case = self.per_case;
            o.max_restarts = self.max_restarts;
            if !self.hide_stderr {
                o.stderr = stderr_sink();
            }
            if self.window == 0 {
                return Err("--window 0: give at least 1 (1 sends each request after the last answer)".into());
            }
            o.window = self.window;
            // A wait for the program ends at Ctrl-C, the hello's too.
            o.cancel = Some(cancel.clone());
            // Opened when the run starts, before any program (a FIFO is
            // opened once: its reader sees the end when the writer closes).
            o.log_traffic = self.log_traffic.clone();
            Some(o)
        } else {
            None
        };
        let jobs = match self.jobs {
            Some(0) => return Err("--jobs 0: give at least 1".into()),
            Some(n) => n,
            None if self.per_case => std::thread::available_parallelism().map_or(1, usize::from),
            None => 1,
        };
        Ok(SuiteOptions {
            dirs,
            timeout,
            jobs,
            jobs_given: self.jobs.is_some(),
            run: RunOptions { edition: self.edition, rotations: self.rotations },
            external,
            known_failures: self.known_failures.clone(),
            update_known_failures: self.update_known_failures,
            strict_known_failures: self.strict_known_failures,
            report: self.report.clone(),
            max_failures: self.max_failures,
            cancel,
            allow_empty: self.allow_empty,
            selection: rulings::corpus::select::Selection {
                only: self.only.clone(),
                skip: self.skip.clone(),
                laws: self.laws.clone(),
                tags: self.tags.clone(),
            },
        })
    }
}

/// `rulings run`: the exit status is failure when any run failed, a case
/// did not load, or the setup was wrong.
pub fn main(args: &RunArgs) -> std::process::ExitCode {
    let cancel = Cancel::new();
    super::interrupt::install(&cancel);
    let mut observer = Terminal::default();
    let outcome = args.options(cancel).and_then(|o| run_suite(&o, &mut observer).map_err(|e| e.to_string()));
    match outcome {
        Ok(out) => {
            // The summary quotes the program and the cases: escaped.
            print!("{}", rulings::text::printable(&out.summary));
            for p in &out.written {
                eprintln!("rulings: wrote {}", p.display());
            }
            if let Some(e) = &out.log_error {
                eprintln!(
                    "error: --log-traffic: the log could not be written in full: {}",
                    rulings::text::printable(e)
                );
                // An interrupted run says so by its status (the log was
                // cut short because it was interrupted, if its reader had
                // stopped reading).
                if !out.report.footer.interrupted {
                    return std::process::ExitCode::from(2);
                }
            }
            if out.report.footer.interrupted {
                eprintln!(
                    "rulings: interrupted: the summary and report cover the {} run(s) done",
                    out.report.footer.runs
                );
                std::process::ExitCode::from(130)
            } else if let Some(why) = &out.report.footer.nothing_tested {
                // All of it, or one kind of check (rulings, refusal checks).
                let t = &out.report.footer.totals;
                let what =
                    if t.runs() == t.skipped + t.not_applicable + t.not_run { "the run" } else { "part of the run" };
                let text = format!("rulings: {what} tested nothing: {why} (--allow-empty lets such a run pass)");
                eprint!("{}", rulings::text::wrap(&text, rulings::text::WIDTH, "", "  "));
                std::process::ExitCode::FAILURE
            } else if out.report.passed() {
                std::process::ExitCode::SUCCESS
            } else {
                std::process::ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprint!("{}", super::fitted("error: ", &rulings::text::printable(&e)));
            std::process::ExitCode::from(2)
        }
    }
}
