//! `rulings bench`: its options; what it measures is [`rulings::bench`].

use std::path::PathBuf;
use std::process::ExitCode;

use rulings::bench::{bench, BenchOptions};

#[derive(Debug, Clone, clap::Args)]
pub struct BenchArgs {
    /// A folder of cases (repeatable; default: cases/).
    #[arg(long = "cases", value_name = "DIR")]
    pub cases: Vec<PathBuf>,
    /// The engine as a program (default: rulings-engine beside this
    /// binary, or `rulings serve`).
    #[arg(long, value_name = "CMD")]
    pub engine: Option<String>,
    /// The do-nothing program for the per-case floor.
    #[arg(long, value_name = "CMD", default_value = "/bin/true")]
    pub baseline: String,
    /// Time each measure this many times and keep the best.
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub repeat: usize,
    /// Also run each case in its four seat rotations.
    #[arg(long)]
    pub rotations: bool,
    /// Processes at a time for (f), one process a case side by side
    /// (default: the number of cores).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
}

pub fn main(args: &BenchArgs) -> ExitCode {
    let options = BenchOptions {
        cases: args.cases.clone(),
        engine: args.engine.clone(),
        baseline: args.baseline.clone(),
        repeat: args.repeat,
        rotations: args.rotations,
        jobs: args.jobs,
    };
    match bench(&options, &mut |what| eprintln!("{what}")) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
