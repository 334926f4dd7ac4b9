//! `rulings bench`: how much the protocol costs. The whole corpus is run
//! (a) against the engine in process, (b) through the protocol with one
//! persistent process, (c) with one process per case; and (d) a program
//! that does nothing (/bin/true) is started once per case, the floor of
//! (c); (e) the engine itself is started once per case with nothing to
//! read, to tell its own start from the runner's work; (f) is (c) with
//! several processes at a time (`--jobs`). Each is timed
//! `--repeat` times and the best is kept. The goals are the runner's:
//! (b) within 2x of (a), the protocol's cost with one process; (c) within
//! 1.2x of (e), the runner's work per case over the program's own start.
//! (d) is the floor no program goes under: (c)/(d) and (e)/(d) say how the
//! engine's start compares with it, with no goal (that start is the
//! program's, not the runner's).

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

/// Time `f`, best of `repeat`; returns the best time and the last result.
fn best<T>(repeat: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..repeat.max(1) {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed());
        last = Some(r);
    }
    (best, last.expect("at least one run"))
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

    // What is measured, as it goes: the whole takes a minute or more.
    let mut say = |what: &str| say(&format!("rulings bench: {what} ({} time(s))", args.repeat.max(1)));
    say("(a) the corpus in process");
    let (t_in, (n, passed_in)) = best(args.repeat, || asked(&corpus, &mut InProcess::with_limit(None), &options));
    // (b) in three parts: start (spawn and hello), the runs, bye.
    let mut parts = [Duration::MAX; 3];
    say("(b) through the protocol, one process");
    let (t_proto, (_, passed_proto)) = best(args.repeat, || {
        let t0 = Instant::now();
        let mut ext = External::start(external(false));
        let t1 = Instant::now();
        let r = asked(&corpus, &mut ext, &options);
        let t2 = Instant::now();
        ext.shutdown();
        let t3 = Instant::now();
        for (p, d) in parts.iter_mut().zip([t1 - t0, t2 - t1, t3 - t2]) {
            *p = (*p).min(d);
        }
        r
    });
    say("(c) one process a case");
    let (t_per_case, (_, passed_per_case)) = best(args.repeat, || {
        let mut ext = External::start(external(true));
        asked(&corpus, &mut ext, &options)
    });
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)).max(1);
    say(&format!("(f) one process a case, {jobs} at a time"));
    let (t_jobs, (_, passed_jobs)) = best(args.repeat, || {
        let mut workers = crate::implementation::parallel::Workers::start(external(true), jobs);
        let r = asked(&corpus, &mut workers, &options);
        workers.shutdown();
        r
    });
    let baseline = split_command(&args.baseline).map_err(BenchError::Baseline)?;
    let first = baseline.first().ok_or(BenchError::NoBaseline)?;
    say(&format!("(d) {} once a case", args.baseline));
    let (t_true, ok) = best(args.repeat, || {
        // The per-case run also starts one process for the hello.
        (0..=n).all(|_| {
            Command::new(first)
                .args(&baseline[1..])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok()
        })
    });
    if !ok {
        return Err(BenchError::BaselineUnrunnable { baseline: args.baseline.clone() });
    }
    // (e) the engine itself started once a case with nothing to read: what
    // the engine's own start costs, apart from the runner's work in (c).
    say("(e) the engine once a case, asked nothing");
    let (t_engine_start, _) = best(args.repeat, || {
        (0..=n).all(|_| {
            Command::new(&engine[0])
                .args(&engine[1..])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok()
        })
    });
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
    let per = |t: Duration| ms(t) * 1000.0 / n.max(1) as f64;
    let mut s = String::new();
    s.push_str(&format!(
        "{}\n",
        crate::text::wrap(
            &format!(
                "{} runs of {} cases (best of {}), engine: {}",
                n,
                corpus.cases.len(),
                args.repeat,
                engine.join(" ")
            ),
            crate::text::WIDTH,
            "",
            "  "
        )
    ));
    s.push_str(&format!("{:<40} {:>10} {:>12}\n", "measure", "total ms", "µs per run"));
    for (label, t) in [
        ("(a) in process", t_in),
        ("(b) protocol, one process", t_proto),
        ("(c) protocol, one process a case", t_per_case),
        (&*format!("(d) {} once a case", args.baseline), t_true),
        ("(e) the engine once a case, no request", t_engine_start),
        (&*format!("(f) as (c), {jobs} processes at a time"), t_jobs),
    ] {
        s.push_str(&format!("{label:<40} {:>10.1} {:>12.1}\n", ms(t), per(t)));
    }
    s.push_str(&format!(
        "\n(b) in parts (best of each): start and hello {:.1} ms, runs {:.1} ms, bye {:.1} ms\n",
        ms(parts[0]),
        ms(parts[1]),
        ms(parts[2])
    ));
    let ratio = |x: Duration, y: Duration| x.as_secs_f64() / y.as_secs_f64().max(1e-9);
    s.push_str("\nratio    value  what it measures (goal)\n");
    for (name, value, what) in [
        (
            "(b)/(a)",
            ratio(t_proto, t_in),
            "the protocol with one process, against the engine in process (goal: 2 or less)".to_string(),
        ),
        (
            "(c)/(e)",
            ratio(t_per_case, t_engine_start),
            "the runner's work per case: one process a case, against only starting the engine (goal: \
             1.2 or less)"
                .to_string(),
        ),
        (
            "(e)/(d)",
            ratio(t_engine_start, t_true),
            format!("the engine's own start, against {}'s (no goal: the program's, not the runner's)", args.baseline),
        ),
        (
            "(c)/(d)",
            ratio(t_per_case, t_true),
            format!("one process a case, against starting {} (no goal: it holds the engine's start)", args.baseline),
        ),
        (
            "(f)/(c)",
            ratio(t_jobs, t_per_case),
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
