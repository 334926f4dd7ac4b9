//! `rulings run`: the corpus against one implementation (the engine in
//! process, or a program), known failures applied, a summary, and the
//! report written. A run always completes: faults are outcomes.

use std::io::IsTerminal;
use std::path::PathBuf;

use crate::implementation::external::ExternalOptions;
use crate::implementation::{Implementation, InProcess};
use crate::judging::known_failures::{self, PLACEHOLDER};
use crate::implementation::parallel::Workers;
use crate::report::{self, Report, RunInfo};
use crate::judging::run::{run, RunOptions};
use crate::report::summary;

#[derive(Debug, Clone, Default)]
pub struct SuiteOptions {
    pub dirs: Vec<PathBuf>,
    pub run: RunOptions,
    /// The program under test; None for the reference engine in process.
    pub external: Option<ExternalOptions>,
    /// The time limit per case of the engine in process (a program's is in
    /// `external`).
    pub timeout: std::time::Duration,
    /// How many copies of the program run side by side (`--jobs`).
    pub jobs: usize,
    pub known_failures: Option<PathBuf>,
    pub update_known_failures: bool,
    /// Refuse a known-failures entry whose reason is still TODO.
    pub strict_known_failures: bool,
    /// The folder for report.jsonl, report.md and junit.xml.
    pub report: Option<PathBuf>,
    pub max_failures: usize,
    /// Show progress on stderr (when it is a terminal).
    pub progress: bool,
    /// A run that asks no case passes (else it fails: it tested nothing).
    pub allow_empty: bool,
    /// Which cases to run (default: all).
    pub selection: crate::corpus::select::Selection,
}

pub struct SuiteOutcome {
    pub report: Report,
    /// The one-screen summary for stdout.
    pub summary: String,
    /// Report files written.
    pub written: Vec<PathBuf>,
}

/// Run the suite. Errors are the user's setup (an unreadable known-failures
/// file, a report folder that cannot be written); they are said plainly.
pub fn run_suite(options: &SuiteOptions) -> Result<SuiteOutcome, String> {
    if options.update_known_failures && options.known_failures.is_none() {
        return Err("--update-known-failures needs --known-failures FILE (the file to write)".into());
    }
    if options.update_known_failures && !options.selection.is_everything() {
        return Err(format!(
            "--update-known-failures rewrites the file from the whole corpus; drop {} (or run without updating)",
            options.selection.describe()
        ));
    }
    let mut corpus = crate::corpus::load(&options.dirs);
    if !options.selection.is_everything() {
        corpus.cases.retain(|c| options.selection.keeps(c));
    }
    for (path, why) in &corpus.skipped {
        eprintln!("note: {}: skipped: {why}", path.display());
    }
    let mut known = match &options.known_failures {
        Some(path) => known_failures::load(path, options.update_known_failures)?,
        None => Default::default(),
    };
    if let (true, Some(path)) = (options.strict_known_failures, &options.known_failures) {
        known_failures::check_strict(&known, path)?;
    }

    let mut external: Option<Workers> = options.external.clone().map(|o| Workers::start(o, options.jobs));
    let mut in_process = InProcess::with_limit(Some(options.timeout));
    if let Some(ext) = &external {
        for w in ext.warnings() {
            eprintln!("warning: {w}");
        }
        if let Some(e) = ext.hello_error() {
            eprintln!("rulings: the program did not complete the hello; every case records why:\n  {e}");
        }
    }
    let implementation: &mut dyn Implementation = match external.as_mut() {
        Some(ext) => ext,
        None => &mut in_process,
    };
    let hello = implementation.hello().clone();
    eprintln!("rulings: {} case(s) against {} {}", corpus.cases.len(), hello.name, hello.version);
    let mut progress = crate::progress::Progress::new(
        options.progress && std::io::stderr().is_terminal(),
        crate::progress::label(&hello.name),
    );
    let mut results = run(&corpus, implementation, &options.run, |done, total, answer| {
        progress.answered(done, total, answer);
    });
    progress.finish();

    let (declared, hello_error, info) = match (&options.external, external.as_mut()) {
        (Some(o), Some(ext)) => {
            ext.shutdown();
            if ext.restarts() > 0 {
                eprintln!("rulings: the program was restarted {} time(s) after faults", ext.restarts());
            }
            (
                ext.declared_hello().cloned(),
                ext.hello_error(),
                RunInfo {
                    implementation: Some(o.command.clone()),
                    shell: o.shell,
                    per_case: o.per_case,
                    timeout_s: Some(o.timeout.as_secs_f64()),
                    max_restarts: Some(o.max_restarts),
                    window: Some(o.window),
                    jobs: (options.jobs > 1).then_some(options.jobs),
                    ..RunInfo::default()
                },
            )
        }
        _ => (Some(hello.clone()), None, RunInfo::default()),
    };
    let info = RunInfo {
        edition: options.run.edition.map(|e| e.to_string()),
        rotations: options.run.rotations,
        known_failures: options.known_failures.as_ref().map(|p| p.display().to_string()),
        ..info
    };

    let tally = summary::total(&results);
    let nothing_tested = if tally.asked() > 0 || tally.not_run > 0 {
        None
    } else if corpus.cases.is_empty() && !options.selection.is_everything() {
        Some(format!("no case matches {}", options.selection.describe()))
    } else if corpus.cases.is_empty() {
        Some(format!(
            "no case was found in {}",
            options.dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ")
        ))
    } else if results.is_empty() {
        Some("no case holds for the edition asked (--edition)".to_string())
    } else {
        Some(format!(
            "none of the {} run(s) applies to {} (its hello declares editions {} and {} feature(s))",
            results.len(),
            hello.name,
            hello.editions.iter().map(|e| e.to_string()).collect::<Vec<_>>().join(", "),
            hello.features.len()
        ))
    };

    if let Some(path) = &options.known_failures {
        for id in known_failures::unknown_ids(&known, &corpus) {
            eprintln!("warning: {} lists {id}, which is not a case of this corpus", path.display());
        }
        if options.update_known_failures && crate::interrupt::requested() {
            eprintln!("rulings: interrupted: {} is left as it was (a partial run cannot update it)", path.display());
        } else if options.update_known_failures && (hello_error.is_some() || tally.not_run > 0) {
            return Err(format!(
                "{} is left as it was: the program was not asked every case (it did not start, did not \
                 complete the hello, or its restarts were spent), so this run cannot say what fails",
                path.display()
            ));
        } else if options.update_known_failures && nothing_tested.is_some() {
            return Err(format!("{} is left as it was: the run asked the program no case", path.display()));
        } else if options.update_known_failures {
            let (new, update) = known_failures::updated(&known, &corpus, &results);
            report::write_atomic(path, &known_failures::render(&new))
                .map_err(|e| format!("{}: cannot write the known failures: {e}", path.display()))?;
            eprintln!(
                "rulings: wrote {} ({} listed; {} added, {} removed because they pass)",
                path.display(),
                new.len(),
                update.added.len(),
                update.removed.len()
            );
            if !update.added.is_empty() {
                eprintln!(
                    "rulings: {} new {} the reason \"{PLACEHOLDER}\": edit each one to say why: {}",
                    update.added.len(),
                    if update.added.len() == 1 { "entry carries" } else { "entries carry" },
                    update.added.join(", ")
                );
            }
            known = new;
        }
        known_failures::apply(&known, &corpus, &mut results);
    }

    let header = report::header(&options.dirs, &corpus, declared, hello_error, info);
    let mut report = Report::new(header, &corpus, &results);
    if let Some(why) = nothing_tested.filter(|_| !options.allow_empty && !report.footer.interrupted) {
        report.fail_as_empty(why);
    }
    let mut summary = summary::render(&corpus, &results, options.max_failures);
    let wrong_clause = report.footer.right_ruling_wrong_clause;
    if wrong_clause > 0 {
        summary.push_str(&format!("({wrong_clause} of the failures: right ruling, wrong clause)\n"));
    }
    let mut asked = vec![false; corpus.cases.len()];
    for r in &results {
        if !matches!(r.outcome, crate::judging::outcome::Outcome::NotApplicable { .. }) {
            if let Some(a) = asked.get_mut(r.case) {
                *a = true;
            }
        }
    }
    let complete = options.selection.is_everything() && options.run.edition.is_none();
    summary.push_str(&crate::corpus::coverage::render(&corpus, &asked, complete));
    // The closing line comes last, where people and CI look for it.
    summary.push('\n');
    summary.push_str(&summary::closing_line(&summary::total(&results), corpus.errors.len()));
    let written = match &options.report {
        Some(dir) => {
            // An interrupted run does not replace a whole report with a
            // partial one: it writes beside it, in `interrupted/`.
            let dir = if report.footer.interrupted && dir.join(report::JSONL).is_file() {
                dir.join(INTERRUPTED)
            } else {
                dir.clone()
            };
            report::write_dir(&dir, &report).map_err(|e| format!("{}: cannot write the report: {e}", dir.display()))?
        }
        None => Vec::new(),
    };
    Ok(SuiteOutcome { report, summary, written })
}

/// Where, in a report folder that holds a report already, an interrupted
/// run writes its partial report.
pub const INTERRUPTED: &str = "interrupted";

/// The options of `rulings run`.
#[derive(Debug, Clone, clap::Args)]
pub struct RunArgs {
    /// A folder of cases (repeatable; default: cases/).
    #[arg(long = "cases", value_name = "DIR")]
    pub cases: Vec<PathBuf>,
    /// Run only the cases that hold for this edition (1997, 2007, 2017).
    #[arg(long, value_name = "E")]
    pub edition: Option<rulings_engine::Edition>,
    /// Also run each case in its four seat rotations.
    #[arg(long)]
    pub rotations: bool,
    /// How many failures to list in the summary.
    #[arg(long, default_value_t = 30, value_name = "N")]
    pub max_failures: usize,
    /// Test this program instead of the engine in process: its path and
    /// arguments (`--impl python3 adapter.py`), or one quoted command line,
    /// split on spaces and quotes (`--impl "./my-engine --fast"`: arguments
    /// that start with a dash go this way). No shell runs unless --shell.
    #[arg(long = "impl", value_name = "CMD", num_args = 1..)]
    pub implementation: Vec<String>,
    /// Run --impl as a shell command line (`sh -c`); prefer `exec PROGRAM` in it.
    #[arg(long, requires = "implementation")]
    pub shell: bool,
    /// Start one process per case (one request on stdin, one answer on stdout).
    #[arg(long, requires = "implementation")]
    pub per_case: bool,
    /// The time limit per case, in seconds (for the engine in process too).
    #[arg(long, value_name = "SECS", default_value_t = 5.0)]
    pub timeout: f64,
    /// Restarts allowed after crashes, time-outs and broken conversations;
    /// when spent, the remaining cases are recorded as crashes.
    #[arg(long, value_name = "N", default_value_t = crate::implementation::external::DEFAULT_MAX_RESTARTS)]
    pub max_restarts: usize,
    /// Requests in flight to the program before it answers the first
    /// (answers come in order); 1 sends each request after the last answer.
    #[arg(long, value_name = "N", default_value_t = crate::implementation::external::DEFAULT_WINDOW)]
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
    /// (default: the number of cores with --per-case, else 1); the results
    /// are those of one copy.
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
    /// Let a run that asks no case pass (by default it fails: it tested nothing).
    #[arg(long)]
    pub allow_empty: bool,
    /// Run only the cases with this id, or whose path under the corpus
    /// matches this pattern (`law27/*`, `*1nt*`, `law27`); repeatable.
    #[arg(long, value_name = "ID|GLOB")]
    pub only: Vec<String>,
    /// Leave out the cases with this id or path pattern; repeatable.
    #[arg(long, value_name = "ID|GLOB")]
    pub skip: Vec<String>,
    /// Run only the cases that cite this clause or a sub-clause of it
    /// (`27B1`, `27B1(b)`); repeatable.
    #[arg(long = "law", value_name = "CLAUSE")]
    pub laws: Vec<String>,
    /// Run only the cases with this tag; repeatable.
    #[arg(long = "tag", value_name = "TAG")]
    pub tags: Vec<String>,
}

impl RunArgs {
    /// The suite options these arguments ask for.
    pub fn options(&self) -> Result<SuiteOptions, String> {
        let dirs = if self.cases.is_empty() { crate::corpus::default_dirs() } else { self.cases.clone() };
        let timeout =
            crate::implementation::external::timeout_from_secs(self.timeout).map_err(|e| format!("--timeout {}: {e}", self.timeout))?;
        for law in &self.laws {
            if rulings_engine::clauses::find(law).is_none() {
                let hint = match rulings_engine::clauses::suggest(law) {
                    Some(s) => format!("; did you mean `{s}`?"),
                    None => "; `rulings clauses` lists them".to_string(),
                };
                return Err(format!("--law {law}: not a clause of the Laws this suite knows{hint}"));
            }
        }
        let external = if self.implementation.is_empty() {
            None
        } else {
            let mut o = program_options(&self.implementation, self.shell)?;
            o.per_case = self.per_case;
            o.timeout = timeout;
            o.max_restarts = self.max_restarts;
            o.forward_stderr = !self.hide_stderr;
            o.window = self.window.max(1);
            if let Some(path) = &self.log_traffic {
                // Said now, not after the run: the file must be writable.
                std::fs::File::create(path).map_err(|e| format!("--log-traffic {}: {e}", path.display()))?;
                o.log_traffic = Some(path.clone());
            }
            Some(o)
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
            run: RunOptions { edition: self.edition, rotations: self.rotations },
            external,
            known_failures: self.known_failures.clone(),
            update_known_failures: self.update_known_failures,
            strict_known_failures: self.strict_known_failures,
            report: self.report.clone(),
            max_failures: self.max_failures,
            progress: true,
            allow_empty: self.allow_empty,
            selection: crate::corpus::select::Selection {
                only: self.only.clone(),
                skip: self.skip.clone(),
                laws: self.laws.clone(),
                tags: self.tags.clone(),
            },
        })
    }
}

/// The options to run the program named by `--impl` (its words, or one
/// command line to split) and `--shell`.
pub fn program_options(implementation: &[String], shell: bool) -> Result<ExternalOptions, String> {
    let command = if shell {
        vec![implementation.join(" ")]
    } else if implementation.len() == 1 && implementation[0].contains(char::is_whitespace) {
        crate::implementation::external::split_command(&implementation[0]).map_err(|e| format!("--impl: {e}"))?
    } else {
        implementation.to_vec()
    };
    if command.is_empty() || command[0].is_empty() {
        return Err("--impl: no program given".into());
    }
    let mut o = ExternalOptions::new(command);
    o.shell = shell;
    Ok(o)
}

/// `rulings run`: the exit status is failure when any run failed, a case
/// did not load, or the setup was wrong.
pub fn main(args: &RunArgs) -> std::process::ExitCode {
    crate::interrupt::install();
    let outcome = args.options().and_then(|o| run_suite(&o));
    match outcome {
        Ok(out) => {
            print!("{}", out.summary);
            for p in &out.written {
                eprintln!("rulings: wrote {}", p.display());
            }
            if out.report.footer.interrupted {
                eprintln!(
                    "rulings: interrupted: the summary and report cover the {} run(s) done",
                    out.report.footer.runs
                );
                std::process::ExitCode::from(130)
            } else if let Some(why) = &out.report.footer.nothing_tested {
                eprintln!("rulings: the run tested nothing: {why} (--allow-empty lets such a run pass)");
                std::process::ExitCode::FAILURE
            } else if out.report.passed() {
                std::process::ExitCode::SUCCESS
            } else {
                std::process::ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::from(2)
        }
    }
}

/// `rulings report FILE`: render report.md and junit.xml again from a
/// JSON Lines report, into `out` (default: the report's folder).
pub fn rerender(jsonl: &std::path::Path, out: Option<&std::path::Path>) -> Result<Vec<PathBuf>, String> {
    let text = crate::corpus::files::read_text_capped(jsonl, crate::corpus::files::MAX_REPORT_BYTES)
        .map_err(|e| format!("{}: {e}", jsonl.display()))?;
    let report = Report::from_jsonl(&text).map_err(|e| format!("{}: {e}", jsonl.display()))?;
    let dir = out.map(PathBuf::from).unwrap_or_else(|| {
        jsonl.parent().filter(|p| !p.as_os_str().is_empty()).map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."))
    });
    let files = [
        (dir.join(report::MARKDOWN), crate::report::markdown::render(&report)),
        (dir.join(report::JUNIT), crate::report::junit::render(&report)),
    ];
    let mut written = Vec::new();
    for (path, text) in files {
        report::write_atomic(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}
