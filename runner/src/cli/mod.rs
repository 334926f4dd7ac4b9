//! The `rulings` command line: check the corpus, run it against the
//! reference engine (or another program), explain a case's ruling, format
//! case files. The library computes; this prints, draws progress on a terminal, and turns
//! Ctrl-C into a cancelled token.

// First, so that its `print!`, `println!`, `eprint!` and `eprintln!`
// stand for std's in every module below: a write that fails is an error
// carried to `main` (a reader gone, a full disk), never std's panic text.
#[macro_use]
pub mod output;

mod bench;
mod fmt;
mod fuzz;
mod interrupt;
mod program;
mod progress;
mod run;
mod workbench;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use rulings::corpus::case::load_case;
use rulings::implementation::Implementation;
use rulings_engine::Edition;

#[derive(Parser)]
#[command(name = "rulings", version, about = "Conformance suite for bridge director rulings (auction irregularities)")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Load and validate every case; print each error with file, line and column.
    #[command(after_help = EXIT_CHECK)]
    Check {
        /// Folders of cases (default: ./cases when the current folder has one,
        /// else the corpus built into rulings).
        dirs: Vec<PathBuf>,
    },
    /// Run the corpus against the reference engine, or a program speaking the protocol (--impl);
    /// print a summary per law folder and write the report (--report DIR).
    #[command(after_help = EXIT_RUN)]
    Run(run::RunArgs),
    /// Render report.md and junit.xml again from a report.jsonl.
    #[command(after_help = EXIT_REPORT)]
    Report {
        /// The JSON Lines report.
        jsonl: PathBuf,
        /// The folder to write into (default: the report's folder).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Compare implementations: several report.jsonl files side by side, a row per case, the
    /// cases where they disagree first, then what each skipped or could not answer, then passes
    /// per folder (and per clause in Markdown).
    #[command(after_help = EXIT_COMPARE)]
    Compare {
        /// The reports (report.jsonl), one per implementation.
        #[arg(required = true, num_args = 1..)]
        reports: Vec<PathBuf>,
        /// Write matrix.md and matrix.json into this folder (default: print for a terminal).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Print the Markdown (as matrix.md) instead of the terminal view.
        #[arg(long, conflicts_with = "out")]
        markdown: bool,
        /// Exit 1 when the implementations disagree on some run (one passes
        /// and another, asked it too, does not), for CI.
        #[arg(long)]
        fail_on_disagreement: bool,
    },
    /// Turn a case proposed through the GitHub issue form (the issue's text, saved to FILE) into
    /// a case file, its expectation a draft to review.
    #[command(after_help = EXIT_WRITES)]
    ImportIssue {
        /// The issue's text (Markdown, as GitHub writes the form).
        file: PathBuf,
        /// The corpus folder (default: cases/).
        #[arg(long = "cases", value_name = "DIR")]
        cases: Option<PathBuf>,
    },
    /// Serve the reference engine over the protocol on stdin/stdout (as the rulings-engine binary does).
    #[command(after_help = EXIT_SERVE)]
    Serve,
    /// Measure the corpus in process, through the protocol, and one process per case.
    #[command(after_help = EXIT_BENCH)]
    Bench(bench::BenchArgs),
    /// Differential fuzzing: random stories ruled on by the reference engine and by a program
    /// (--impl; without it, the engine against itself: its rotation invariance and determinism);
    /// each disagreement is shrunk and written as an unreviewed case.
    #[command(after_help = EXIT_FUZZ)]
    Fuzz(fuzz::FuzzArgs),
    /// Write a case skeleton with a fresh stable id in the folder of LAW (e.g. `rulings new 27`).
    #[command(after_help = EXIT_WRITES)]
    New {
        /// The law the case is about: 27, law27, 27B1(a)...
        law: String,
        /// The file name (without .yaml); default new-<id>.
        #[arg(long)]
        name: Option<String>,
        /// The corpus folder (default: cases/).
        #[arg(long = "cases", value_name = "DIR")]
        cases: Option<PathBuf>,
        /// The story in one line, seat and call (`"W 1D, N 1C, E reject, N 2C"`): the case is drafted
        /// with its events and the engine's ruling as the expectation, to review.
        #[arg(long, value_name = "STORY")]
        story: Option<String>,
    },
    /// Rewrite case files in their normal form (key order, two-space indentation, canonical
    /// notation; comments kept), or (--to) tell their stories as a list, one line or a grid.
    #[command(after_help = EXIT_FMT)]
    Fmt(fmt::FmtArgs),
    /// The director's workbench: a local web page to tell an incident, read the engine's ruling in
    /// words, mark it, and take away the case file or the issue form's text.
    #[command(after_help = EXIT_WORKBENCH)]
    Workbench(workbench::WorkbenchArgs),
    /// List the clause ids a case may cite, with their editions and a one-line summary.
    #[command(after_help = EXIT_CLAUSES)]
    Clauses {
        /// Only the clauses of this law (27, law27, 27B); default: all.
        law: Option<String>,
        /// Print docs/clauses.md (every clause, as Markdown tables).
        #[arg(long, conflicts_with = "law")]
        markdown: bool,
    },
    /// Show a case's story, the reference engine's ruling step by step, the
    /// expectation, and (with --impl) a program's ruling against both.
    #[command(after_help = EXIT_EXPLAIN)]
    Explain {
        /// A case file, or a case id (looked up in --cases).
        case: String,
        /// The edition to rule in (default: the newest the case holds for).
        #[arg(long, value_name = "E")]
        edition: Option<Edition>,
        /// Where to look up a case id (default: ./cases when the current
        /// folder has one, else the corpus built into rulings).
        #[arg(long = "cases", value_name = "DIR")]
        cases: Option<PathBuf>,
        /// A program to ask too, beside the reference engine.
        #[command(flatten)]
        program: program::ProgramArgs,
    },
}

// Each command's exit status, shown under its --help (and tabled in
// docs/implementers.md, "Exit status"). A usage error (an unknown option,
// a missing value) is 2 for every command, as clap gives it.
const EXIT_RUN: &str = "Exit status:
  0    every run asked passed (expected failures, skipped and not-applicable
       runs do not fail it)
  1    a run failed: a wrong ruling or refusal, an unexpected pass, an error,
       a crash, a time-out, a protocol violation, a run not run; or a case
       file did not load; or the run tested nothing (no case asked, or every
       ruling run, every refusal check, or every run needing a feature the
       program declares was skipped; --allow-empty lets it pass)
  2    a wrong option or setup (the known failures, --log-traffic)
  130  interrupted (Ctrl-C, SIGTERM)
The last line counts passed, failed and skipped runs only; the line before
it counts errors and runs not run. The exit status is the verdict.";
const EXIT_CHECK: &str = "Exit status:
  0    every case loads and the reference engine rules as it expects
  1    a case file has an error (each is listed)
  2    a usage error";
const EXIT_REPORT: &str = "Exit status:
  0    report.md and junit.xml written
  1    the report cannot be read (or is tampered with) or the files written";
const EXIT_COMPARE: &str = "Exit status:
  0    the matrix is made (what the programs fail is its content)
  1    with --fail-on-disagreement: they disagree on some run
  2    a report cannot be read, or the matrix written";
const EXIT_EXPLAIN: &str = "Exit status:
  0    the program asked (--impl, else the reference engine) rules as the
       case expects (or refuses the call it must refuse)
  1    it does not
  2    the case or an option is wrong, or the case is not asked of it";
const EXIT_FUZZ: &str = "Exit status:
  0    every answer agreed with the reference
  1    a disagreement, a skip, an error or a fault
  2    a wrong option
  130  interrupted";
const EXIT_FMT: &str = "Exit status:
  0    every file is in normal form (or was rewritten so)
  1    with --check, a file not in normal form; or a file with errors
  2    no case folder to format";
const EXIT_BENCH: &str = "Exit status:
  0    measured
  1    a measure could not be made";
const EXIT_WRITES: &str = "Exit status:
  0    the case file is written (its path on stdout)
  1    it cannot be written, or the input is wrong
  2    no cases/ folder here to write into";
const EXIT_SERVE: &str = "Exit status:
  0    stdin ended
  1    stdin or stdout failed";
const EXIT_WORKBENCH: &str = "Exit status:
  0    ended
  2    the address cannot be listened on";
const EXIT_CLAUSES: &str = "Exit status:
  0    listed
  1    no such law in the registry";

/// The command line; `--version` also names the built-in corpus (its size
/// and hash, as reports give it), computed only when asked for.
fn parse() -> Cli {
    use clap::{CommandFactory, FromArgMatches};
    let mut command = Cli::command();
    // On a terminal, help wraps to its width (clap's wrap_help); piped or
    // redirected, to 80 columns rather than clap's 100.
    if !std::io::IsTerminal::is_terminal(&std::io::stdout()) && std::env::var_os("COLUMNS").is_none() {
        command = command.term_width(80);
    }
    if std::env::args().skip(1).any(|a| a == "--version" || a == "-V") {
        let cases = rulings::corpus::embedded::files().iter().filter(|(n, _)| n.ends_with(".yaml")).count();
        let version = format!(
            "{} (built-in corpus: {cases} cases, {})",
            env!("CARGO_PKG_VERSION"),
            rulings::corpus::embedded::hash()
        );
        command = command.version(&*Box::leak(version.into_boxed_str()));
    }
    let matches = command.try_get_matches().unwrap_or_else(|e| exit_with(e));
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| exit_with(e))
}

/// clap's exit for help, the version or a usage error, except that help
/// or a version that cannot be written (stdout full) is an error, not a
/// silent success (a script must see that nothing was printed).
fn exit_with(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        if let Err(io) = e.print().and_then(|()| std::io::Write::flush(&mut std::io::stdout())) {
            output::failed("stdout", io);
        }
        std::process::exit(0);
    }
    e.exit()
}

pub fn main() -> ExitCode {
    let cli = parse();
    match cli.command {
        Command::Check { dirs } => check(dirs),
        Command::Run(args) => run::main(&args),
        Command::Report { jsonl, out } => match rulings::report::rerender(&jsonl, out.as_deref()) {
            Ok(files) => {
                for f in files {
                    println!("{}", f.display());
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {}", rulings::text::printable(&e.to_string()));
                ExitCode::FAILURE
            }
        },
        Command::Serve => {
            // On a terminal, say what the silence is: a program speaks to it.
            if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
                eprint!(
                    "{}",
                    rulings::text::wrap(
                        "rulings serve: the reference engine, waiting for protocol messages on stdin, one JSON \
                         object a line (docs/protocol.md), such as {\"type\":\"hello\",\"protocol\":1}; \
                         Ctrl-D ends it",
                        rulings::text::WIDTH,
                        "",
                        "  "
                    )
                );
            }
            let stdout = std::io::BufWriter::new(std::io::stdout().lock());
            match rulings_engine::server::serve(std::io::stdin().lock(), stdout) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("rulings serve: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Bench(args) => bench::main(&args),
        Command::Fuzz(args) => fuzz::main(&args),
        Command::Fmt(args) => fmt::main(&args),
        Command::Compare { reports, out, markdown, fail_on_disagreement } => {
            compare(&reports, out.as_deref(), markdown, fail_on_disagreement)
        }
        Command::Workbench(args) => workbench::main(&args),
        Command::ImportIssue { file, cases } => {
            let Some(cases) = cases.or_else(|| rulings::corpus::default_dirs().pop()) else {
                eprintln!("error: no cases/ folder here to write into: run in a checkout, or give --cases DIR");
                return ExitCode::from(2);
            };
            let text = match rulings::corpus::files::read_text_capped(&file, 1 << 20) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("error: {}", rulings::text::printable(&format!("{}: {e}", file.display())));
                    return ExitCode::from(2);
                }
            };
            match rulings::corpus::import::import(&text, &cases) {
                Ok(imported) => {
                    println!("{}", imported.path.display());
                    if imported.draft {
                        say(
                            "",
                            "wrote a case with the tag `unreviewed` and `expect` left to you: set the expectation \
                             from the director's ruling (the engine's is under it, commented out, to compare with), \
                             then remove the tag and run `rulings check`",
                        );
                    } else {
                        say(
                            "",
                            "wrote the case file the form carries (the director's expectation, marked on the \
                             workbench): review it with the director, then run `rulings check`",
                        );
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {}", rulings::text::printable(&format!("{}: {e}", file.display())));
                    ExitCode::FAILURE
                }
            }
        }
        Command::Explain { case, edition, cases, program } => explain(&case, edition, cases, &program),
        Command::Clauses { markdown: true, .. } => {
            print!("{}", rulings::corpus::authoring::clauses_markdown());
            ExitCode::SUCCESS
        }
        Command::Clauses { law, .. } => clauses(law.as_deref()),
        Command::New { law, name, cases, story } => {
            let story = story.as_deref();
            let Some(cases) = cases.or_else(|| rulings::corpus::default_dirs().pop()) else {
                eprintln!("error: no cases/ folder here to write into: run in a checkout, or give --cases DIR");
                return ExitCode::from(2);
            };
            match rulings::corpus::authoring::new_case(&cases, &law, name.as_deref(), story) {
                Ok(path) => {
                    println!("{}", path.display());
                    say(
                        "",
                        if story.is_some() {
                            "wrote a draft with the tag `unreviewed`: fill in title, source and expect (the engine's \
                             ruling is under it, commented out, to compare with), remove the tag, then run \
                             `rulings check`"
                        } else {
                            "wrote a skeleton: fill in title, laws, source, events and expect, then run `rulings check` \
                             (until then it does not load)"
                        },
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {}", rulings::text::printable(&e.to_string()));
                    ExitCode::FAILURE
                }
            }
        }
    }
}

fn check(dirs: Vec<PathBuf>) -> ExitCode {
    use rulings::judging::reference_open;
    let dirs = if dirs.is_empty() { rulings::corpus::default_dirs() } else { dirs };
    if dirs.is_empty() {
        eprintln!("note: no cases/ folder here: checking the corpus built into rulings");
    }
    let mut corpus = rulings::corpus::load(&dirs);
    let open = match reference_open::load(&dirs) {
        Ok(open) => open,
        Err(e) => {
            say("error: ", &e.to_string());
            return ExitCode::FAILURE;
        }
    };
    // An entry naming no case is an error only where the whole corpus is
    // checked (not a folder or a file of it).
    corpus.errors.extend(reference_open::check_entries(&open, &corpus, reference_open::whole_corpus(&dirs)));
    // Every case that loaded is ruled on too: where the engine and the
    // expectation part, it says so at the line of the key, unless the case
    // is one of the reference engine's open cases (cases/reference-open.yml).
    let mut warnings = Vec::new();
    let mut open_lines = Vec::new();
    for case in &corpus.cases {
        let v = rulings::judging::verify::verify(case);
        let verdict = reference_open::judge_check(case, v.disagreements, &open);
        for e in verdict.errors {
            if !corpus.errors.iter().any(|x| x.path == e.path && x.line == e.line && x.message == e.message) {
                corpus.errors.push(e);
            }
        }
        if let Some(reason) = verdict.open {
            open_lines.push(reference_open::open_line(case, &reason));
        }
        warnings.extend(v.warnings);
    }
    corpus.errors.sort_by(|a, b| (&a.path, a.line).cmp(&(&b.path, b.line)));
    for e in &corpus.errors {
        say("error: ", &e.to_string());
    }
    for w in &warnings {
        say("warning: ", &w.to_string());
    }
    for line in &open_lines {
        say("open: ", line);
    }
    for (path, why) in &corpus.skipped {
        eprintln!("note: {}", rulings::text::printable(&format!("{}: skipped: {why}", path.display())));
    }
    println!(
        "{} case(s) loaded and ruled on, {} error(s){}{}",
        corpus.cases.len(),
        corpus.errors.len(),
        if warnings.is_empty() { String::new() } else { format!(", {} warning(s)", warnings.len()) },
        if open_lines.is_empty() {
            String::new()
        } else {
            format!(", {} open in the reference engine ({})", open_lines.len(), open.shown().display())
        }
    );
    if corpus.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A message on stderr, wrapped to 80 columns after `prefix` (`error: `),
/// its lines after the first indented; a word longer than a line (a long
/// path) gets a line of its own, whole. Each line of `text` is a paragraph.
pub(crate) fn say(prefix: &str, text: &str) {
    eprint!("{}", wrapped(prefix, text));
}

/// `text` as [`say`] writes it, for stdout.
/// Control characters in it are escaped ([`rulings::text::printable`]): what
/// the runner says quotes file names, case text and programs' words.
pub(crate) fn wrapped(prefix: &str, text: &str) -> String {
    let mut out = String::new();
    for (i, line) in rulings::text::printable(text).lines().enumerate() {
        let (first, rest) = if i == 0 { (prefix, "  ") } else { ("  ", "    ") };
        let lead = line.len() - line.trim_start().len();
        let first = format!("{first}{}", &line[..lead]);
        out.push_str(&rulings::text::wrap(line, rulings::text::WIDTH, &first, rest));
    }
    out
}

/// `text` after `prefix`, each line that is longer than 80 columns wrapped
/// there, its continuations indented two more than it; the lines that fit
/// are left as they are (a note laid out already keeps its layout).
pub(crate) fn fitted(prefix: &str, text: &str) -> String {
    let mut out = String::new();
    for line in format!("{prefix}{text}").lines() {
        if line.chars().count() <= rulings::text::WIDTH {
            out.push_str(line);
            out.push('\n');
        } else {
            let lead = &line[..line.len() - line.trim_start().len()];
            out.push_str(&rulings::text::wrap(line, rulings::text::WIDTH, lead, &format!("{lead}  ")));
        }
    }
    out
}

/// `rulings clauses [LAW]`: the registry, one clause a line.
fn clauses(law: Option<&str>) -> ExitCode {
    use rulings_engine::clauses::{law_number, CLAUSES};
    use rulings_engine::Edition;
    let wanted = match law.map(rulings::corpus::authoring::law_number).transpose() {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut shown = 0;
    for c in CLAUSES.iter().filter(|c| wanted.is_none() || law_number(c.id) == wanted) {
        let editions: Vec<&str> = Edition::ALL.iter().rev().filter(|e| c.in_edition(**e)).map(|e| e.year()).collect();
        let first = format!("{:<9} {:<15} ", c.id, editions.join(","));
        print!("{}", rulings::text::wrap(c.summary, rulings::text::WIDTH, &first, &" ".repeat(first.len())));
        shown += 1;
    }
    if shown == 0 {
        eprintln!("error: no clause of Law {} is in the registry", wanted.unwrap_or_default());
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// What the matrix shows of a run, the rest let go as the report is read
/// (its outcome and the first line of its detail, which names the keys
/// that differ): each report's diffs, errors and stories are never kept,
/// so that memory grows with the runs compared, not with the size of the
/// reports (reports may be large).
fn for_the_matrix(line: &mut rulings::report::CaseLine) {
    line.detail = line.detail.take().and_then(|d| d.lines().next().map(str::to_string));
    line.story = None;
    line.reason = None;
    line.title.clear();
}

/// `rulings compare REPORT...`: exit 0 when the matrix is made (the
/// implementations' failures are the matrix's content, not an error of the
/// command), 1 when `fail_on_disagreement` and they disagree on some run,
/// 2 when a report cannot be read or the matrix written.
fn compare(paths: &[PathBuf], out: Option<&std::path::Path>, markdown: bool, fail_on_disagreement: bool) -> ExitCode {
    let mut reports = Vec::new();
    for p in paths {
        match rulings::report::Report::read(p, &mut for_the_matrix) {
            Ok(r) => reports.push(r),
            Err(e) => {
                eprintln!("error: {}", rulings::text::printable(&format!("{}: {e}", p.display())));
                return ExitCode::from(2);
            }
        }
    }
    let matrix = rulings::report::matrix::build(&reports);
    match out {
        // What a report says comes from its program: escaped, whatever
        // the matrix let through.
        None if markdown => print!("{}", rulings::text::printable(&rulings::report::matrix::markdown(&matrix))),
        None => print!("{}", rulings::text::printable(&rulings::report::matrix::terminal(&matrix))),
        Some(dir) => {
            let md = rulings::text::printable(&rulings::report::matrix::markdown(&matrix));
            let json = serde_json::to_string_pretty(&matrix).unwrap_or_default() + "\n";
            for (name, text) in [("matrix.md", &md), ("matrix.json", &json)] {
                let path = dir.join(name);
                if let Err(e) = rulings::report::write_atomic(&path, text) {
                    eprintln!("error: {}: {e}", path.display());
                    return ExitCode::from(2);
                }
                eprintln!("rulings: wrote {}", path.display());
            }
        }
    }
    let disagree = rulings::report::matrix::cases(&matrix).iter().filter(|c| c.disagrees()).count();
    if fail_on_disagreement && disagree > 0 {
        eprintln!("rulings compare: they disagree on {disagree} case(s) (--fail-on-disagreement)");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// `rulings explain CASE|ID`: exit 0 when the implementation asked about
/// (the program with --impl, else the reference engine) rules as the case
/// expects, 1 when it does not, 2 when the case or the options are wrong.
fn explain(which: &str, edition: Option<Edition>, cases: Option<PathBuf>, program: &program::ProgramArgs) -> ExitCode {
    let case = match find_case(which, cases) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {}", rulings::text::printable(&e));
            return ExitCode::from(2);
        }
    };
    let newest = case.editions.iter().max().copied().unwrap_or_default();
    let edition = edition.unwrap_or(newest);
    if !case.editions.contains(&edition) {
        let held: Vec<String> = case.editions.iter().map(|e| e.to_string()).collect();
        eprintln!("error: {} holds for the {} Laws, not {edition}", case.id, held.join(", "));
        return ExitCode::from(2);
    }
    let options = match program.external() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let explained = if let Some(options) = options {
        let mut program = rulings::implementation::external::External::start(options.with_stderr(run::stderr_sink()));
        // A case outside what the program's hello declares is not put to
        // it, as a run would not (its answer would mean nothing).
        let variant = rulings::judging::outcome::Variant { edition, rotation: 0 };
        if let Some(why) = rulings::judging::run::not_applicable(&case, variant, &program) {
            eprintln!(
                "error: {}",
                rulings::text::printable(&format!(
                    "{} is not asked of the program: {why} (not applicable, as in a run)",
                    case.id
                ))
            );
            return ExitCode::from(2);
        }
        let name = program.hello().name.clone();
        rulings::explain::explain_case(&case, edition, Some((&name, &mut program)))
    } else {
        rulings::explain::explain_case(&case, edition, None)
    };
    print!("{}", explained.text);
    if explained.agrees {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A case by its file, or by its id in `cases` (default: the corpus).
fn find_case(which: &str, cases: Option<PathBuf>) -> Result<rulings::corpus::case::Case, String> {
    let path = PathBuf::from(which);
    if path.exists() {
        let root = rulings::corpus::load::corpus_root(&path);
        let name = path.strip_prefix(&root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
        return load_case(&name, &path).map_err(|e| e.to_string());
    }
    let dirs = match cases {
        Some(d) => vec![d],
        None => rulings::corpus::default_dirs(),
    };
    let corpus = rulings::corpus::load(&dirs);
    let dir = dirs.first().map_or_else(|| rulings::corpus::embedded::LABEL.to_string(), |d| d.display().to_string());
    if let Some(c) = corpus.cases.iter().find(|c| c.id.eq_ignore_ascii_case(which)) {
        return Ok(c.clone());
    }
    let by_name: Vec<&rulings::corpus::case::Case> =
        corpus.cases.iter().filter(|c| rulings::corpus::select::glob(which, &c.name)).collect();
    match by_name.as_slice() {
        [one] => Ok((*one).clone()),
        [] => Err(format!("`{which}` is neither a file nor the id or path of a case in {dir}")),
        many => Err(format!(
            "`{which}` names {} cases in {dir} (for example {} and {}); give an id or a file",
            many.len(),
            many[0].name,
            many[1].name
        )),
    }
}
