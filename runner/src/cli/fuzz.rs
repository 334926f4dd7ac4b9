//! `rulings fuzz`: the command line of [`rulings::fuzz`].

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use rulings::cancel::Cancel;
use rulings::fuzz::case_file::one_line;
use rulings::fuzz::{fuzz, render, Options};
use rulings::implementation::parallel::Workers;
use rulings::implementation::{Implementation, InProcess};

#[derive(Debug, Clone, clap::Args)]
pub struct FuzzArgs {
    /// The program to fuzz (default: the engine in process, against
    /// itself), its time limit per story.
    #[command(flatten)]
    pub program: super::program::ProgramArgs,
    /// The seed (default: from the clock, printed so that a run replays).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// How many stories to generate.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub count: u64,
    /// Stop after this many seconds, whatever --count says.
    #[arg(long, value_name = "SECS")]
    pub time: Option<f64>,
    /// Where to write each disagreement as a case file.
    #[arg(long, value_name = "DIR", default_value = "fuzz-cases")]
    pub out: PathBuf,
    /// Stop after this many groups of disagreement (what differs, the
    /// clause, the irregularity).
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub max_findings: usize,
    /// Draw irregularities of this family only (repeatable; one the
    /// program declares).
    #[arg(long = "feature", value_name = "FEATURE")]
    pub features: Vec<String>,
    /// Ask only stories whose ruling cites this clause or one under it
    /// (repeatable: `--law 27B2`, `--law 31`).
    #[arg(long = "law", value_name = "CLAUSE")]
    pub laws: Vec<String>,
}

/// Exit 0 when the program agrees with the reference on every story
/// asked, 1 when it does not, 2 on a wrong option.
pub fn main(args: &FuzzArgs) -> ExitCode {
    let cancel = Cancel::new();
    super::interrupt::install(&cancel);
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    });
    let time = match args.time {
        Some(t) => match rulings::implementation::external::timeout_from_secs(t) {
            Ok(d) => Some(d),
            Err(e) => {
                eprintln!("error: --time {t}: {e}");
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    if let Err(e) = rulings::fuzz::case_file::usable_out(&args.out) {
        eprintln!("error: --out {}", rulings::text::printable(&e.to_string()));
        return ExitCode::from(2);
    }
    let options = Options {
        seed,
        count: args.count,
        time,
        out: Some(args.out.clone()),
        max_findings: args.max_findings.max(1),
        features: args.features.clone(),
        laws: args.laws.clone(),
    };
    // Against itself the engine runs unbounded, as fast as it goes.
    let mut in_process = InProcess::with_limit(None);
    let mut workers = None;
    let external = match args.program.external() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(o) = external {
        let w = Workers::start(o.with_stderr(super::run::stderr_sink()), 1);
        if let Some(e) = w.hello_error() {
            eprintln!("error: the program did not complete the hello: {e}");
            return ExitCode::from(2);
        }
        workers = Some(w);
    }
    let program: &mut dyn Implementation = match workers.as_mut() {
        Some(w) => w,
        None => &mut in_process,
    };
    let hello = program.hello().clone();
    for f in &args.features {
        if !hello.features.contains(f) {
            eprintln!(
                "error: --feature {f}: the program does not declare it (it declares: {})",
                hello.features.join(", ")
            );
            return ExitCode::from(2);
        }
    }
    for l in &args.laws {
        if rulings_engine::clauses::law_number(l).is_none() {
            eprintln!("error: --law {l}: not a clause (write it as in a case's laws: 27B2, 31A2(b), 16C)");
            return ExitCode::from(2);
        }
    }
    eprintln!("rulings fuzz: seed {seed}, against {}", one_line(&format!("{} {}", hello.name, hello.version)));
    eprintln!("(editions and features as its hello declares)");
    let tty = std::io::stderr().is_terminal();
    let summary = fuzz(program, &options, &cancel, |s| {
        if tty {
            eprint!("\r{} stories, {} differed, {:.1} s", s.generated, s.differed, s.took.as_secs_f64());
        }
    });
    if tty {
        eprintln!();
    }
    if let Some(w) = workers.as_mut() {
        w.shutdown();
    }
    print!("{}", render(&summary, seed));
    if summary.interrupted {
        eprintln!("rulings fuzz: interrupted after {} stories", summary.generated);
        return ExitCode::from(130);
    }
    if summary.clean() {
        return ExitCode::SUCCESS;
    }
    if !summary.findings.is_empty() {
        eprintln!("rulings fuzz: each case above holds the reference engine's ruling, unreviewed:");
        eprintln!("check it against the Laws before trusting either side");
    }
    ExitCode::FAILURE
}
