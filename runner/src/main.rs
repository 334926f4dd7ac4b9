//! The `rulings` command line: check the corpus, run it against the
//! reference engine (or another program), explain a case's ruling.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use rulings::case::{load_case, load_corpus};
use rulings::default_cases_dir;
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
    Check {
        /// Folders of cases (default: cases/).
        dirs: Vec<PathBuf>,
    },
    /// Run the corpus against the reference engine, or a program speaking the protocol (--impl);
    /// print a summary per law folder and write the report (--report DIR).
    Run(rulings::suite::RunArgs),
    /// Render report.md and junit.xml again from a report.jsonl.
    Report {
        /// The JSON Lines report.
        jsonl: PathBuf,
        /// The folder to write into (default: the report's folder).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Serve the reference engine over the protocol on stdin/stdout (as the rulings-engine binary does).
    Serve,
    /// Measure the corpus in process, through the protocol, and one process per case.
    Bench(rulings::bench::BenchArgs),
    /// Write a case skeleton with a fresh stable id in the folder of LAW (e.g. `rulings new 27`).
    New {
        /// The law the case is about: 27, law27, 27B1(a)...
        law: String,
        /// The file name (without .yaml); default new-<id>.
        #[arg(long)]
        name: Option<String>,
        /// The corpus folder (default: cases/).
        #[arg(long = "cases", value_name = "DIR")]
        cases: Option<PathBuf>,
    },
    /// List the clause ids a case may cite, with their editions and a one-line summary.
    Clauses {
        /// Only the clauses of this law (27, law27, 27B); default: all.
        law: Option<String>,
    },
    /// Show the reference engine's ruling for a case, with the clauses it applied.
    Explain {
        /// The case file.
        case: PathBuf,
        /// The edition to rule in (default: the case's first).
        #[arg(long, value_name = "E")]
        edition: Option<Edition>,
    },
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = Cli::parse();
    match cli.command {
        Command::Check { dirs } => check(dirs),
        Command::Run(args) => rulings::suite::main(&args),
        Command::Report { jsonl, out } => match rulings::suite::rerender(&jsonl, out.as_deref()) {
            Ok(files) => {
                for f in files {
                    println!("{}", f.display());
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Serve => {
            let stdout = std::io::BufWriter::new(std::io::stdout().lock());
            match rulings_engine::server::serve(std::io::stdin().lock(), stdout) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("rulings serve: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Bench(args) => rulings::bench::main(&args),
        Command::Explain { case, edition } => explain(case, edition),
        Command::Clauses { law } => clauses(law.as_deref()),
        Command::New { law, name, cases } => {
            match rulings::authoring::new_case(&cases.unwrap_or_else(default_cases_dir), &law, name.as_deref()) {
                Ok(path) => {
                    println!("{}", path.display());
                    eprintln!(
                        "wrote a skeleton: fill in title, laws, source, events and expect, then run `rulings check`"
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

fn dirs_or_default(dirs: Vec<PathBuf>) -> Vec<PathBuf> {
    if dirs.is_empty() {
        vec![default_cases_dir()]
    } else {
        dirs
    }
}

fn check(dirs: Vec<PathBuf>) -> ExitCode {
    let corpus = load_corpus(&dirs_or_default(dirs));
    for e in &corpus.errors {
        eprintln!("error: {e}");
    }
    for (path, why) in &corpus.skipped {
        eprintln!("note: {}: skipped: {why}", path.display());
    }
    println!("{} case(s) loaded, {} error(s)", corpus.cases.len(), corpus.errors.len());
    if corpus.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `rulings clauses [LAW]`: the registry, one clause a line.
fn clauses(law: Option<&str>) -> ExitCode {
    use rulings_engine::clauses::{law_number, CLAUSES, E1997, E2007, E2017};
    let wanted = match law.map(rulings::authoring::law_number).transpose() {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut shown = 0;
    for c in CLAUSES.iter().filter(|c| wanted.is_none() || law_number(c.id) == wanted) {
        let editions: Vec<&str> = [(E2017, "2017"), (E2007, "2007"), (E1997, "1997")]
            .iter()
            .filter(|(bit, _)| c.editions & bit != 0)
            .map(|(_, name)| *name)
            .collect();
        println!("{:<9} {:<15} {}", c.id, editions.join(","), c.summary);
        shown += 1;
    }
    if shown == 0 {
        eprintln!("error: no clause of Law {} is in the registry", wanted.unwrap_or_default());
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

fn explain(path: PathBuf, edition: Option<Edition>) -> ExitCode {
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let case = match load_case(&name, &path) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let edition = edition.or(case.editions.first().copied()).unwrap_or_default();
    print!("{}", rulings::explain::explain(&case, edition));
    match rulings_engine::rule(&case.request(edition)) {
        Ok(ruling) => {
            println!("\nthe ruling:");
            print!("{}", serde_yaml::to_string(&ruling).unwrap_or_default());
            ExitCode::SUCCESS
        }
        Err(_) => ExitCode::FAILURE,
    }
}

/// `rulings explain CASE | head`: when the reader of our output goes away,
/// end quietly, as command-line tools do, instead of reporting a panic of
/// `print!`. Every other panic is reported as usual.
fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.contains("Broken pipe") || message.contains("os error 32") {
            std::process::exit(141);
        }
        default(info);
    }));
}
