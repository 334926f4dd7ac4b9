//! The runner against misbehaving programs: each fault is that case's own
//! outcome, with what was seen; the other cases still run; the run always
//! completes. The programs are the fake implementation (runner/examples/fake_impl.rs).

use crate::common;

use std::time::{Duration, Instant};

use rulings::cancel::Cancel;
use rulings::corpus::case::Corpus;
use rulings::implementation::external::{External, ExternalOptions};
use rulings::implementation::Implementation;
use rulings::judging::outcome::Outcome;
use rulings::judging::run::{run, RunOptions};

/// The time limit where a test waits for it to pass (a hang): scaled to
/// the machine, so that on a loaded one the cases that should pass are not
/// turned into time-outs. Ten times what a run of three cases takes here,
/// each in its own process (the slowest way a case is run), at least a
/// second, in whole seconds.
fn limit() -> Duration {
    static LIMIT: std::sync::OnceLock<Duration> = std::sync::OnceLock::new();
    *LIMIT.get_or_init(|| {
        let (_dir, corpus) = common::corpus("calibrate", 3, false);
        let mut o = options(&["per-case=1"]);
        o.per_case = true;
        let started = Instant::now();
        let (all, _) = outcomes_with(&corpus, o);
        let took = started.elapsed();
        assert_eq!(all, vec![Outcome::Passed; 3], "the calibrating run");
        Duration::from_secs((took.as_secs_f64() * 10.0).ceil().max(1.0) as u64)
    })
}

/// How the runner writes [`limit`] in a time-out's detail.
fn limit_shown() -> String {
    format!("within the time limit of {} s", limit().as_secs())
}

/// The time limit elsewhere: generous, so that a loaded machine does not
/// turn a slow start or a long answer into a time-out (it costs nothing
/// when all is well).
const ROOMY: Duration = Duration::from_secs(120);

fn options(args: &[&str]) -> ExternalOptions {
    let mut command = vec![common::fake()];
    command.extend(args.iter().map(|s| s.to_string()));
    let mut o = ExternalOptions::new(command);
    o.timeout = ROOMY;
    o
}

/// Options with the time limit a test waits out ([`limit`]).
fn quick(args: &[&str]) -> ExternalOptions {
    let mut o = options(args);
    o.timeout = limit();
    o
}

/// Run `corpus` against the fake with `args`: the outcomes in case order.
fn outcomes_with(corpus: &Corpus, o: ExternalOptions) -> (Vec<Outcome>, External) {
    let mut ext = External::start(o);
    let results = run(corpus, &mut ext, &RunOptions::default(), &Cancel::new(), |_, _, _| {});
    (results.into_iter().map(|r| r.outcome).collect(), ext)
}

fn outcomes(name: &str, n: usize, args: &[&str]) -> Vec<Outcome> {
    let (_dir, corpus) = common::corpus(name, n, false);
    outcomes_with(&corpus, options(args)).0
}

fn detail(o: &Outcome) -> &str {
    o.detail().unwrap_or("")
}

/// Every outcome but the one at `index` passed.
fn others_passed(all: &[Outcome], index: usize) {
    for (i, o) in all.iter().enumerate() {
        if i != index {
            assert_eq!(o, &Outcome::Passed, "case {i}: {o}");
        }
    }
}

#[test]
fn a_well_behaved_program_passes_and_its_hello_is_kept() {
    let (_dir, corpus) = common::corpus("good", 5, false);
    let (all, ext) = outcomes_with(&corpus, options(&[]));
    assert_eq!(all, vec![Outcome::Passed; 5]);
    assert_eq!(ext.declared_hello().map(|h| h.name.as_str()), Some("fake-impl"));
    assert_eq!(ext.failures(), 0);
}

#[test]
fn a_crash_is_that_case_s_outcome_with_exit_status_and_stderr_and_the_program_restarts() {
    // seq 3 is the third case. The cases after it need a new process, which
    // refuses `rule` before a hello: their passing shows the hello replayed.
    let all = outcomes("crash", 5, &["crash=3"]);
    let Outcome::Crash { detail } = &all[2] else { panic!("case 3: {}", all[2]) };
    assert!(detail.contains("exited with status 7"), "{detail}");
    assert!(detail.contains("fake-impl: crashing on request 3"), "stderr tail: {detail}");
    others_passed(&all, 2);
}

#[cfg(unix)]
#[test]
fn a_crash_by_signal_names_the_signal() {
    let all = outcomes("abort", 3, &["abort=2"]);
    assert!(matches!(all[1], Outcome::Crash { .. }), "{}", all[1]);
    assert!(detail(&all[1]).contains("SIGABRT"), "{}", all[1]);
    others_passed(&all, 1);
}

#[test]
fn a_hang_is_a_time_out_and_the_run_goes_on() {
    // The fake hangs for ever: that the run ends at all shows it killed.
    let (_dir, corpus) = common::corpus("hang", 4, false);
    let (all, _) = outcomes_with(&corpus, quick(&["hang=2"]));
    assert!(matches!(all[1], Outcome::TimeOut { .. }), "{}", all[1]);
    assert!(detail(&all[1]).contains(&limit_shown()), "{}", all[1]);
    assert!(detail(&all[1]).contains("killed by the runner"), "{}", all[1]);
    assert!(detail(&all[1]).contains("hanging on request 2"), "stderr tail: {}", all[1]);
    others_passed(&all, 1);
}

#[test]
fn the_time_limit_runs_per_case_though_requests_are_pipelined() {
    // Five answers of a quarter of the limit each: more than the limit in
    // all, each well within its own.
    let (_dir, corpus) = common::corpus("pipelined", 5, false);
    let delay = format!("delay={}", limit().as_millis() / 4);
    let o = quick(&[&delay]);
    let (all, _) = outcomes_with(&corpus, o);
    assert_eq!(all, vec![Outcome::Passed; 5]);
    let mut o = options(&["crash=2"]);
    o.window = 1;
    let (all, _) = outcomes_with(&corpus, o);
    assert!(matches!(all[1], Outcome::Crash { .. }), "{}", all[1]);
    others_passed(&all, 1);
}

#[test]
fn a_line_that_is_not_json_is_a_protocol_violation() {
    let all = outcomes("garbage", 4, &["garbage=2"]);
    assert!(matches!(all[1], Outcome::ProtocolViolation { .. }), "{}", all[1]);
    assert!(detail(&all[1]).contains("not JSON"), "{}", all[1]);
    assert!(detail(&all[1]).contains("thinking about request 2"), "what was seen: {}", all[1]);
    others_passed(&all, 1);
}

#[test]
fn a_wrong_seq_is_a_protocol_violation() {
    let all = outcomes("seq", 4, &["wrong-seq=3"]);
    assert!(matches!(all[2], Outcome::ProtocolViolation { .. }), "{}", all[2]);
    assert!(detail(&all[2]).contains("wrong seq: the request had seq 3, the `ruling` answer has 1003"), "{}", all[2]);
    others_passed(&all, 2);
}

#[test]
fn a_ruling_off_the_schema_names_the_field_and_costs_no_restart() {
    let (_dir, corpus) = common::corpus("schema", 4, false);
    let (all, ext) = outcomes_with(&corpus, options(&["bad-schema=2"]));
    assert!(matches!(all[1], Outcome::ProtocolViolation { .. }), "{}", all[1]);
    assert!(detail(&all[1]).contains("ruling.rulings[0].irregularity"), "{}", all[1]);
    assert!(detail(&all[1]).contains("too-low"), "{}", all[1]);
    others_passed(&all, 1);
    assert_eq!(ext.failures(), 0, "the answer was one whole line with the right seq");
}

#[test]
fn error_and_skipped_answers_are_outcomes_not_faults() {
    let all = outcomes("answers", 4, &["error=1", "skip=3"]);
    assert_eq!(all[0], Outcome::Error { message: "cannot rule on this one".into() });
    assert_eq!(all[2], Outcome::Skipped { reason: "not yet (https://example.org/7)".into() });
    assert_eq!(all[1], Outcome::Passed);
    assert_eq!(all[3], Outcome::Passed);
}

#[test]
fn a_split_line_is_a_protocol_violation_and_the_rest_is_not_mistaken_for_the_next_answer() {
    let all = outcomes("split", 4, &["split=2"]);
    assert!(matches!(all[1], Outcome::ProtocolViolation { .. }), "{}", all[1]);
    assert!(detail(&all[1]).contains("split over several lines"), "{}", all[1]);
    others_passed(&all, 1);
}

#[test]
fn a_line_without_its_newline_times_out_showing_what_was_written() {
    let (_dir, corpus) = common::corpus("partial", 3, false);
    let (all, _) = outcomes_with(&corpus, quick(&["partial=2"]));
    assert!(matches!(all[1], Outcome::TimeOut { .. }), "{}", all[1]);
    assert!(detail(&all[1]).contains("without a newline: {\"type\":\"ruling\""), "{}", all[1]);
    others_passed(&all, 1);
}

#[test]
fn a_half_line_then_exit_and_an_exit_without_a_word_are_crashes() {
    let all = outcomes("partial-exit", 3, &["partial-exit=2"]);
    assert!(matches!(all[1], Outcome::Crash { .. }), "{}", all[1]);
    assert!(detail(&all[1]).contains("in the middle of a line"), "{}", all[1]);
    assert!(detail(&all[1]).contains("exited with status 0"), "{}", all[1]);
    others_passed(&all, 1);
    let all = outcomes("silent-exit", 3, &["silent-exit=3"]);
    assert!(matches!(all[2], Outcome::Crash { .. }), "{}", all[2]);
    assert!(detail(&all[2]).contains("closed its stdout"), "{}", all[2]);
    others_passed(&all, 2);
}

#[test]
fn a_slow_hello_within_the_limit_is_fine_and_beyond_it_every_case_says_why() {
    let (_dir, corpus) = common::corpus("slow-hello", 3, false);
    let o = options(&["hello-delay=100"]);
    let (all, _) = outcomes_with(&corpus, o);
    assert_eq!(all, vec![Outcome::Passed; 3]);

    // A hello an hour away: past any limit; the runner kills the program.
    let (all, ext) = outcomes_with(&corpus, quick(&["hello-delay=3600000"]));
    assert!(ext.hello_error().is_some_and(|e| e.contains("no hello within the time limit")), "{:?}", ext.hello_error());
    for o in &all {
        assert!(matches!(o, Outcome::NotRun { .. }), "{o}");
        assert!(detail(o).contains("did not complete the hello at the start of the run (time-out)"), "{o}");
    }
}

#[test]
fn a_bad_hello_or_a_missing_program_fails_every_case_with_the_reason() {
    let (_dir, corpus) = common::corpus("bad-hello", 2, false);
    let (all, ext) = outcomes_with(&corpus, options(&["hello=bad-protocol"]));
    assert!(ext.declared_hello().is_none());
    for o in &all {
        assert!(matches!(o, Outcome::NotRun { .. }), "{o}");
        assert!(detail(o).contains("(protocol-violation)"), "{o}");
        assert!(detail(o).contains("speaks protocol 2"), "{o}");
    }
    let (all, _) = outcomes_with(&corpus, options(&["hello=garbage"]));
    assert!(all.iter().all(|o| detail(o).contains("fake-impl ready!")), "{all:?}");
    let (all, _) = outcomes_with(&corpus, options(&["hello=none"]));
    assert!(all.iter().all(|o| matches!(o, Outcome::NotRun { .. }) && detail(o).contains("(crash)")), "{all:?}");

    let mut o = ExternalOptions::new(vec!["/nonexistent/rulings-impl".into()]);
    o.timeout = ROOMY;
    let (all, _) = outcomes_with(&corpus, o);
    for o in &all {
        assert!(matches!(o, Outcome::NotRun { .. }), "{o}");
        assert!(detail(o).contains("cannot start `/nonexistent/rulings-impl`"), "{o}");
    }
}

#[test]
fn when_the_restart_budget_is_spent_the_rest_are_not_run() {
    let (_dir, corpus) = common::corpus("budget", 6, false);
    let mut o = options(&["crash=all"]);
    o.max_restarts = 2;
    let (all, ext) = outcomes_with(&corpus, o);
    for (i, o) in all.iter().enumerate() {
        if i < 3 {
            assert!(matches!(o, Outcome::Crash { .. }), "case {i}: {o}");
            assert!(detail(o).contains("exited with status 7"), "case {i}: {o}");
        } else {
            assert!(matches!(o, Outcome::NotRun { .. }), "case {i}: {o}");
            assert!(detail(o).contains("not asked: the program failed 3 times"), "case {i}: {o}");
            assert!(detail(o).contains("more than the 2 restarts allowed"), "case {i}: {o}");
        }
    }
    assert_eq!(ext.failures(), 3);
}

#[test]
fn per_case_runs_one_process_per_message() {
    let (_dir, corpus) = common::corpus("per-case", 4, false);
    let mut o = options(&["per-case=1", "crash=3", "garbage=2"]);
    o.per_case = true;
    let (all, ext) = outcomes_with(&corpus, o);
    assert_eq!(ext.declared_hello().map(|h| h.name.as_str()), Some("fake-impl"));
    assert!(matches!(all[1], Outcome::ProtocolViolation { .. }) && detail(&all[1]).contains("not JSON"), "{}", all[1]);
    assert!(matches!(all[2], Outcome::Crash { .. }) && detail(&all[2]).contains("status 7"), "{}", all[2]);
    assert_eq!(all[0], Outcome::Passed);
    assert_eq!(all[3], Outcome::Passed);

    let mut o = options(&["per-case=1", "bad-schema=2"]);
    o.per_case = true;
    let (all, ext) = outcomes_with(&corpus, o);
    assert!(detail(&all[1]).contains("ruling.rulings[0].irregularity"), "{}", all[1]);
    assert_eq!(ext.failures(), 0, "a whole answer off the schema is not a failed process");

    // Without `per-case=1` the fake refuses a rule before a hello: proof
    // that per-case sends a case's process its one request and no hello.
    let mut o = options(&[]);
    o.per_case = true;
    let (all, _) = outcomes_with(&corpus, o);
    assert!(all.iter().all(|o| o == &Outcome::Error { message: "rule before hello".into() }), "{all:?}");
}

/// With `--per-case` the runner reads a program's stdout itself as it
/// waits for the answer (no reader thread): each fault still shows what
/// it shows from a persistent program.
#[test]
fn per_case_faults_show_what_they_show_from_a_persistent_program() {
    let per_case = |mut o: ExternalOptions| {
        o.per_case = true;
        o
    };
    let (_dir, corpus) = common::corpus("per-case-faults", 3, false);
    let (all, _) = outcomes_with(&corpus, per_case(quick(&["per-case=1", "hang=2"])));
    assert!(matches!(all[1], Outcome::TimeOut { .. }), "{}", all[1]);
    for shown in [limit_shown().as_str(), "killed by the runner", "hanging on request 2"] {
        assert!(detail(&all[1]).contains(shown), "{shown}: {}", all[1]);
    }
    others_passed(&all, 1);
    let (all, _) = outcomes_with(&corpus, per_case(quick(&["per-case=1", "partial=2"])));
    assert!(matches!(all[1], Outcome::TimeOut { .. }), "{}", all[1]);
    assert!(detail(&all[1]).contains("without a newline: {\"type\":\"ruling\""), "{}", all[1]);
    others_passed(&all, 1);
    let (all, _) = outcomes_with(&corpus, per_case(options(&["per-case=1", "partial-exit=2"])));
    assert!(matches!(all[1], Outcome::Crash { .. }), "{}", all[1]);
    assert!(detail(&all[1]).contains("in the middle of a line"), "{}", all[1]);
    assert!(detail(&all[1]).contains("exited with status 0"), "{}", all[1]);
    others_passed(&all, 1);
    let (all, _) = outcomes_with(&corpus, per_case(options(&["per-case=1", "silent-exit=3"])));
    assert!(matches!(all[2], Outcome::Crash { .. }) && detail(&all[2]).contains("closed its stdout"), "{}", all[2]);
    others_passed(&all, 2);
    let (all, _) = outcomes_with(&corpus, per_case(options(&["per-case=1", "pad-auction=600000"])));
    for o in &all {
        assert!(detail(o).contains("a line on stdout longer than 2 MiB"), "{o}");
    }
    #[cfg(target_os = "linux")]
    {
        // The grandchild holds stdout 30 s, past the 20 s limit: a runner
        // that waited for stdout to close would see a time-out.
        let mut o = per_case(options(&["per-case=1", "grandchild=2"]));
        o.timeout = Duration::from_secs(20);
        let (all, _) = outcomes_with(&corpus, o);
        assert!(matches!(all[1], Outcome::Crash { .. }) && detail(&all[1]).contains("status 7"), "{}", all[1]);
        others_passed(&all, 1);
    }
}

/// A per-case program may write a little more once it has answered (a
/// goodbye on stdout after its stdin closed): it is let finish, its stdout
/// still open, and its last stderr line is passed on. (The runner, reading
/// the answer itself, used to close stdout at once: the goodbye failed.)
#[test]
fn a_per_case_program_that_says_more_after_its_answer_is_let_finish() {
    // A line, and 160 KB: more than a pipe holds, read as it goes, also
    // when the runner waits on the next case a while (300 ms an answer).
    for (lines, delay) in [("1", "delay=0"), ("20000", "delay=0"), ("20000", "delay=300")] {
        says_more_after_its_answer(lines, delay);
    }
}

fn says_more_after_its_answer(lines: &str, delay: &str) {
    let (_dir, corpus) = common::corpus("trailer", 3, false);
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let sink = {
        let seen = seen.clone();
        rulings::implementation::external::StderrSink::new(move |l| seen.lock().unwrap().push(l.to_string()))
    };
    let trailer = format!("trailer={lines}");
    let mut o = options(&["per-case=1", &trailer, delay]).with_stderr(Some(sink));
    o.per_case = true;
    let (all, mut ext) = outcomes_with(&corpus, o);
    assert_eq!(all, vec![Outcome::Passed; 3]);
    ext.shutdown();
    // The hello's process and each case's; their stderr is read as they end.
    let goodbyes = || seen.lock().unwrap().iter().filter(|l| l.contains("goodbye written")).count();
    let deadline = Instant::now() + Duration::from_secs(60);
    while goodbyes() < 4 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(goodbyes(), 4, "{trailer} {delay}: {:?}", seen.lock().unwrap());
}

/// Copies run side by side (`--jobs`) are told `bye` side by side: each
/// may take the half second of grace to exit. Each copy, told `bye`, waits
/// until all three have been told before it leaves: told side by side,
/// all three leave on their own; told one after another, the first waits
/// past its grace for a `bye` the others have not had, and is killed.
#[test]
fn copies_side_by_side_end_side_by_side() {
    let scratch = common::Scratch::new("copies-meet");
    let meeting = scratch.join("meeting");
    let meet = format!("meet=3:{}", meeting.display());
    let mut workers = rulings::implementation::parallel::Workers::start(options(&[&meet]), 3);
    assert!(workers.hello_error().is_none(), "{:?}", workers.hello_error());
    workers.shutdown();
    let seen = std::fs::read_to_string(&meeting).expect("the copies were told bye");
    let count = |word: &str| seen.lines().filter(|l| *l == word).count();
    assert_eq!(count("bye"), 3, "each copy was told bye: {seen:?}");
    assert_eq!(count("left"), 3, "each left on its own, none killed at the grace: {seen:?}");
}

#[test]
fn undeclared_features_and_editions_are_not_applicable_and_not_asked() {
    let (_dir, corpus) = common::corpus("subset", 2, true);
    let (all, _) = outcomes_with(&corpus, options(&["features=", "editions=2017", "crash=all"]));
    let law27 = corpus.cases.iter().position(|c| c.id == "L27-TS99").expect("fixture");
    let Outcome::NotApplicable { why } = &all[law27] else { panic!("{}", all[law27]) };
    assert!(why.contains("insufficient-bid"), "{why}");
    assert!(all.iter().enumerate().all(|(i, o)| i == law27 || matches!(o, Outcome::Crash { .. })));

    let (all, _) = outcomes_with(&corpus, options(&["editions=2007"]));
    assert!(all.iter().all(|o| matches!(o, Outcome::NotApplicable { why } if why.contains("2017"))), "{all:?}");
}

#[test]
fn a_shell_command_line_runs_only_with_shell() {
    let (_dir, corpus) = common::corpus("shell", 2, false);
    let mut o = ExternalOptions::new(vec![format!("{} garbage=1 2>/dev/null", common::fake())]);
    o.timeout = ROOMY;
    o.shell = true;
    let (all, _) = outcomes_with(&corpus, o.clone());
    assert!(matches!(all[0], Outcome::ProtocolViolation { .. }), "{}", all[0]);
    assert_eq!(all[1], Outcome::Passed);
    o.shell = false;
    let (all, _) = outcomes_with(&corpus, o);
    assert!(all.iter().all(|x| detail(x).contains("cannot start")), "{all:?}");
}

#[test]
fn the_hello_declared_is_what_not_applicable_uses() {
    let ext = External::start(options(&["features=meanings", "editions=2017,2007"]));
    let h = ext.hello();
    assert_eq!(h.features, vec!["meanings".to_string()]);
    assert_eq!(h.editions.len(), 2);
}

/// Is process `pid` still running (not gone, not a zombie)? Waits up to
/// twenty seconds (less than the `sleep 30` it may be) for it to go.
#[cfg(target_os = "linux")]
fn still_running(pid: u32) -> bool {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let running = match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Ok(stat) => stat.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z')),
            Err(_) => false,
        };
        if !running || Instant::now() > deadline {
            return running;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_program_that_exits_while_its_child_holds_stdout_is_a_crash_at_once_and_the_child_ends() {
    let (_dir, corpus) = common::corpus("grandchild", 3, false);
    // The grandchild holds stdout 30 s, past the 20 s limit: a runner that
    // waited for stdout to close would see a time-out, not a crash.
    let mut o = options(&["grandchild=2"]);
    o.timeout = Duration::from_secs(20);
    let (all, _) = outcomes_with(&corpus, o);
    assert!(matches!(all[1], Outcome::Crash { .. }), "{}", all[1]);
    assert!(detail(&all[1]).contains("exited with status 7"), "{}", all[1]);
    let pid: u32 = detail(&all[1])
        .split("fake-impl: started ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the grandchild's pid on stderr: {}", all[1]));
    assert!(!still_running(pid), "the program's child {pid} was ended with it");
    others_passed(&all, 1);
}

/// A long answer: 3,000 entries are compared with a
/// bounded diff that says what it left out; 40,000 (160 KB), over the 20
/// KiB a story of 4 events allows, are a protocol violation, named, that
/// costs no restart; an error's text is kept to an excerpt with its
/// control characters escaped.
#[test]
fn long_answers_are_bounded_and_named() {
    let dir = common::Scratch::new("long-answers");
    std::fs::create_dir_all(dir.join("law22")).unwrap();
    for (i, seat) in ["N", "E"].iter().enumerate() {
        let (name, text) = common::legal_case(i);
        let bid = if i == 0 { "1C" } else { "2D" };
        let text = text.replace("expect:\n", &format!("expect:\n  auction: [{bid}, P, P, P]\n"));
        assert!(text.contains(&format!("- {seat}: {bid}")), "{text}");
        std::fs::write(dir.join("law22").join(name), text).unwrap();
    }
    let corpus = rulings::corpus::load::load_corpus(&[dir.path_buf()]);
    assert!(corpus.errors.is_empty(), "{:?}", corpus.errors);
    let (long, _) = outcomes_with(&corpus, options(&["pad-auction=3000"]));
    for o in &long {
        assert!(matches!(o, Outcome::Failed { .. }), "{o}");
        let d = detail(o);
        assert!(d.chars().count() < 9000 && d.contains("more entries, not shown"), "{d}");
    }
    let (huge, ext) = outcomes_with(&corpus, options(&["pad-auction=40000"]));
    for o in &huge {
        assert!(matches!(o, Outcome::ProtocolViolation { .. }), "{o}");
        assert!(
            detail(o).contains("to a story of 4 event(s); the runner reads at most 16 KiB and 1 KiB an event"),
            "{o}"
        );
    }
    assert_eq!(ext.failures(), 0, "the answer was in step: no restart");
    // Over 2 MiB, a line is not even read to its end: the window of
    // answers in flight stays small (a program cannot fill memory).
    let (huger, _) = outcomes_with(&corpus, options(&["pad-auction=600000"]));
    assert!(detail(&huger[0]).contains("a line on stdout longer than 2 MiB"), "{}", huger[0]);
    let errors = outcomes("long-error", 1, &["error=all", "error-text=15000"]);
    let Outcome::Error { message } = &errors[0] else { panic!("{}", errors[0]) };
    assert!(message.chars().count() < 2100, "{} chars kept", message.chars().count());
    assert!(message.starts_with("\\u{1b}[2J\\u{7}\\u{d}bad"), "{}", &message[..40]);
    assert!(message.ends_with("more characters)"), "{}", &message[message.len() - 40..]);
}
