//! `rulings bench`: how much the protocol costs. The whole corpus is run
//! (a) against the engine in process, (b) through the protocol with one
//! persistent process, (c) with one process per case; and (d) a program
//! that does nothing (/bin/true) is started once per case, the floor of
//! (c); (e) the engine itself is started once per case with nothing to
//! read, to tell its own start from the runner's work; (f) is (c) with
//! several processes at a time (`--jobs`). The goals are the runner's:
//! (b) within 2x of (a), the protocol's cost with one process; (c) within
//! 1.2x of (e), the runner's work per case over the program's own start.
//! (d) is the floor no program goes under: (c)/(d) and (e)/(d) say how the
//! engine's start compares with it, with no goal (that start is the
//! program's, not the runner's).
//!
//! The measures are taken in `--repeat` rounds, each round taking every
//! measure once, so that a change in the machine's load between rounds
//! weighs on all of them alike; the best of each is kept. (a) and (b) take
//! a tenth of a second or less, where one interruption changes the result
//! by a third: within a round each is timed again until it has run for
//! [`SHORT`], and the table says how many times each was timed. Beside the
//! wall-clock time, each measure's processor time is charged to the runner
//! and to the programs it started ([`cost`]): what the runner's own work per
//! case is, however busy the machine.

mod cost;

use cost::{Best, Usage};

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::cancel::Cancel;
use crate::corpus::case::Corpus;
use crate::implementation::external::{split_command, External, ExternalOptions, OptionsError};
use crate::implementation::{Implementation, InProcess};
use crate::judging::run::{run, RunOptions};

/// What `rulings bench` measures.
#[derive(Debug, Clone)]
pub struct BenchOptions {
    /// Folders of cases (none: the corpus).
    pub cases: Vec<PathBuf>,
    /// The engine as a program (default: rulings-engine beside this
    /// binary, or `rulings serve`).
    pub engine: Option<String>,
    /// The do-nothing program for the per-case floor.
    pub baseline: String,
    /// Time each measure this many times and keep the best.
    pub repeat: usize,
    /// Also run each case in its four seat rotations.
    pub rotations: bool,
    /// Processes at a time for (f) (default: the number of cores).
    pub jobs: Option<usize>,
}

/// Why the measures could not be made, or could not be compared.
#[derive(Debug)]
pub enum BenchError {
    /// `--engine` is not a command line.
    Engine(OptionsError),
    /// `--baseline` is not a command line.
    Baseline(OptionsError),
    /// `--baseline` names no program.
    NoBaseline,
    /// The baseline program could not be started.
    BaselineUnrunnable { baseline: String },
    /// The engine (or `--engine`) could not be started.
    EngineUnstartable { engine: String },
    /// The engine passed different numbers of runs in process, with one
    /// process and with one process a case: the timings would not measure
    /// the same work.
    Disagreement { in_process: usize, persistent: usize, per_case: usize },
}

impl std::fmt::Display for BenchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BenchError::Engine(e) => write!(f, "--engine: {e}"),
            BenchError::Baseline(e) => write!(f, "--baseline: {e}"),
            BenchError::NoBaseline => f.write_str("--baseline: no program given"),
            BenchError::BaselineUnrunnable { baseline } => write!(f, "cannot run the baseline `{baseline}`"),
            BenchError::EngineUnstartable { engine } => write!(f, "cannot start the engine `{engine}`"),
            BenchError::Disagreement { in_process, persistent, per_case } => write!(
                f,
                "the engine did not give the same results through the protocol ({in_process} passed in process, \
                 {persistent} persistent, {per_case} per case): the timings would compare different work"
            ),
        }
    }
}

impl std::error::Error for BenchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BenchError::Engine(e) | BenchError::Baseline(e) => Some(e),
            _ => None,
        }
    }
}

/// The default engine command: the `rulings-engine` binary beside this
/// one when it was built, else this binary's `serve`.
fn default_engine() -> Vec<String> {
    let me = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("rulings"));
    let sibling = me.with_file_name(format!("rulings-engine{}", std::env::consts::EXE_SUFFIX));
    if sibling.is_file() {
        vec![sibling.display().to_string()]
    } else {
        vec![me.display().to_string(), "serve".into()]
    }
}

/// Within a round, (a) and (b), which take a tenth of a second or less,
/// are timed again until they have run this long.
pub const SHORT: Duration = Duration::from_millis(250);

/// Time `f` into `best` once, or, for a short measure, again and again
/// until it has run for [`SHORT`]; the last result.
fn timed<T>(best: &mut Best, short: bool, mut f: impl FnMut() -> T) -> T {
    let since = Instant::now();
    loop {
        let r = best.time(&mut f);
        if !short || since.elapsed() >= SHORT {
            return r;
        }
    }
}

/// Start `command` `times` times with nothing to read, each waited for;
/// whether each could be started.
fn start_each(command: &[String], times: usize) -> bool {
    let Some(first) = command.first() else { return false };
    (0..times).all(|_| {
        Command::new(first)
            .args(&command[1..])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok()
    })
}

/// Run the corpus; the number of runs asked (not-applicable ones are not).
fn asked(corpus: &Corpus, implementation: &mut dyn Implementation, options: &RunOptions) -> (usize, usize) {
    let results = run(corpus, implementation, options, &Cancel::new(), |_, _, _| {});
    let asked = results.iter().filter(|r| r.outcome.name() != "not-applicable").count();
    let passed = results.iter().filter(|r| r.outcome.name() == "passed").count();
    (asked, passed)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Measure; `say` is told what is measured as it goes (the whole takes a
/// minute or more). The table of results, or why it could not be made.
pub fn bench(args: &BenchOptions, say: &mut dyn FnMut(&str)) -> Result<String, BenchError> {
    let dirs = if args.cases.is_empty() { crate::corpus::default_dirs() } else { args.cases.clone() };
    let corpus = crate::corpus::load(&dirs);
    let options = RunOptions { edition: None, rotations: args.rotations };
    let engine = match &args.engine {
        Some(c) => split_command(c).map_err(BenchError::Engine)?,
        None => default_engine(),
    };
    let external = |per_case: bool| {
        let mut o = ExternalOptions::new(engine.clone());
        o.per_case = per_case;
        o
    };

    let baseline = split_command(&args.baseline).map_err(BenchError::Baseline)?;
    if baseline.is_empty() {
        return Err(BenchError::NoBaseline);
    }
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)).max(1);
    let rounds = args.repeat.max(1);
    let (mut a, mut b, mut c, mut d, mut e, mut f) = Default::default();
    let (mut b_start, mut b_runs, mut b_bye): (Best, Best, Best) = Default::default();
    let (mut n, mut passed_in, mut passed_proto, mut passed_per_case, mut passed_jobs) = (0, 0, 0, 0, 0);
    for round in 1..=rounds {
        // What is measured, as it goes: the whole takes a minute or more.
        let mut say = |what: &str| say(&format!("rulings bench: {what} (round {round} of {rounds})"));
        say("(a) the corpus in process");
        (n, passed_in) = timed(&mut a, true, || asked(&corpus, &mut InProcess::with_limit(None), &options));
        // (b) in three parts: start (spawn and hello), the runs, bye.
        say("(b) through the protocol, one process");
        (_, passed_proto) = timed(&mut b, true, || {
            let mut ext = b_start.time(|| External::start(external(false)));
            let r = b_runs.time(|| asked(&corpus, &mut ext, &options));
            b_bye.time(|| ext.shutdown());
            r
        });
        say("(c) one process a case");
        (_, passed_per_case) = timed(&mut c, false, || {
            let mut ext = External::start(external(true));
            asked(&corpus, &mut ext, &options)
        });
        say(&format!("(f) one process a case, {jobs} at a time"));
        (_, passed_jobs) = timed(&mut f, false, || {
            let mut workers = crate::implementation::parallel::Workers::start(external(true), jobs);
            let r = asked(&corpus, &mut workers, &options);
            workers.shutdown();
            r
        });
        // The per-case run also starts one process for the hello: n + 1.
        say(&format!("(d) {} once a case", args.baseline));
        if !timed(&mut d, false, || start_each(&baseline, n + 1)) {
            return Err(BenchError::BaselineUnrunnable { baseline: args.baseline.clone() });
        }
        // (e) the engine itself started once a case with nothing to read:
        // what the engine's own start costs, apart from the runner's work in (c).
        say("(e) the engine once a case, asked nothing");
        if !timed(&mut e, false, || start_each(&engine, n + 1)) {
            return Err(BenchError::EngineUnstartable { engine: engine.join(" ") });
        }
    }
    // Another program (--engine) may rule differently from the engine in
    // process; through the protocol, every way of running it must agree.
    let reference = if args.engine.is_none() { passed_in } else { passed_proto };
    if passed_proto != reference || passed_per_case != reference || passed_jobs != reference {
        return Err(BenchError::Disagreement {
            in_process: passed_in,
            persistent: passed_proto,
            per_case: passed_per_case,
        });
    }
    let per = |t: Duration| t.as_secs_f64() * 1e6 / n.max(1) as f64;
    let mut s = String::new();
    s.push_str(&format!(
        "{}\n",
        crate::text::wrap(
            &format!(
                "{} runs of {} cases, best of {} round(s), engine: {}",
                n,
                corpus.cases.len(),
                rounds,
                engine.join(" ")
            ),
            crate::text::WIDTH,
            "",
            "  "
        )
    ));
    let measures = [
        ("(a) in process".to_string(), a),
        ("(b) protocol, one process".to_string(), b),
        ("(c) protocol, one process a case".to_string(), c),
        (format!("(d) {} once a case", args.baseline), d),
        ("(e) the engine once a case, no request".to_string(), e),
        (format!("(f) as (c), {jobs} processes at a time"), f),
    ];
    s.push_str(&format!("{:<40} {:>5} {:>10} {:>12}\n", "measure", "timed", "total ms", "µs per run"));
    for (label, m) in &measures {
        s.push_str(&format!("{label:<40} {:>5} {:>10.1} {:>12.1}\n", m.runs, ms(m.wall), per(m.wall)));
    }
    s.push_str(&format!(
        "\n(b) in parts (best of each): start and hello {:.1} ms, runs {:.1} ms, bye {:.1} ms\n",
        ms(b_start.wall),
        ms(b_runs.wall),
        ms(b_bye.wall)
    ));
    let cpu = |u: Option<Usage>| u.map_or_else(|| "-".to_string(), |u| format!("{:.1}", per(u.time)));
    let waits =
        |u: Option<Usage>| u.map_or_else(|| "-".to_string(), |u| format!("{:.2}", u.waits as f64 / n.max(1) as f64));
    s.push_str("\nper run, the least of each: processor time (user and system, µs) and the\n");
    s.push_str("runner's waits (voluntary context switches, all its threads):\n");
    s.push_str(&format!("{:<40} {:>9} {:>9} {:>9}\n", "measure", "runner", "programs", "waits"));
    for (label, m) in &measures {
        s.push_str(&format!("{label:<40} {:>9} {:>9} {:>9}\n", cpu(m.runner), cpu(m.programs), waits(m.runner)));
    }
    let more = |x: Option<Usage>, y: Option<Usage>| match (x, y) {
        (Some(x), Some(y)) => format!("{:+.1} µs", per(x.time) - per(y.time)),
        _ => "unknown".to_string(),
    };
    s.push_str(&crate::text::wrap(
        &format!(
            "(c) against (e), per run: {:+.1} µs of wall-clock time; the runner's processor time {}, the \
             programs' {} (the request's own work)",
            per(c.wall) - per(e.wall),
            more(c.runner, e.runner),
            more(c.programs, e.programs)
        ),
        crate::text::WIDTH,
        "",
        "  ",
    ));
    let ratio = |x: Duration, y: Duration| x.as_secs_f64() / y.as_secs_f64().max(1e-9);
    s.push_str("\nratio    value  what it measures (goal)\n");
    for (name, value, what) in [
        (
            "(b)/(a)",
            ratio(b.wall, a.wall),
            "the protocol with one process, against the engine in process (goal: 2 or less)".to_string(),
        ),
        (
            "(c)/(e)",
            ratio(c.wall, e.wall),
            "the runner's work per case: one process a case, against only starting the engine (goal: \
             1.2 or less)"
                .to_string(),
        ),
        (
            "(e)/(d)",
            ratio(e.wall, d.wall),
            format!("the engine's own start, against {}'s (no goal: the program's, not the runner's)", args.baseline),
        ),
        (
            "(c)/(d)",
            ratio(c.wall, d.wall),
            format!("one process a case, against starting {} (no goal: it holds the engine's start)", args.baseline),
        ),
        (
            "(f)/(c)",
            ratio(f.wall, c.wall),
            format!(
                "{jobs} processes at a time, against one at a time (goal on 2 cores, for a program slow to \
                 start: 0.6 or less; the engine starts too fast to gain as much)"
            ),
        ),
    ] {
        let first = format!("{name:<8} {value:>5.2}  ");
        s.push_str(&crate::text::wrap(&what, crate::text::WIDTH, &first, &" ".repeat(first.len())));
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An `--engine` with an unclosed quote is refused before anything is
    /// measured or started: the variant of the engine's command line.
    #[test]
    fn an_unclosed_quote_in_the_engine_is_refused_before_measuring() {
        let empty = tempfile::tempdir().expect("an empty corpus");
        let options = BenchOptions {
            cases: vec![empty.path().to_path_buf()],
            engine: Some("rulings-engine 'serve".into()),
            baseline: "true".into(),
            repeat: 1,
            rotations: false,
            jobs: Some(1),
        };
        let mut said = Vec::new();
        let result = bench(&options, &mut |what| said.push(what.to_string()));
        assert!(matches!(result, Err(BenchError::Engine(OptionsError::Unsplittable))), "{result:?}");
        assert!(said.is_empty(), "nothing measured: {said:?}");
    }
}
