//! Ctrl-C (SIGINT) or SIGTERM during `rulings run` leaves a report of the
//! runs done, and no program the runner started.
#![cfg(unix)]

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn an_interrupted_run_writes_the_report_of_the_cases_done() {
    interrupted_by("INT", false);
}

#[test]
fn a_terminated_run_writes_its_report_and_leaves_no_program_behind() {
    interrupted_by("TERM", true);
}

/// GNU `timeout` sends its signal to the runner, then to its own process
/// group, the runner included: two at once are one interruption, not a
/// second Ctrl-C that stops without a report.
#[test]
fn a_signal_sent_twice_at_once_is_one_interruption() {
    interrupted_by("TERM twice", false);
}

/// The pids of running processes whose command line holds `word`, zombies
/// left out: on Linux from /proc, elsewhere from `ps` (macOS and the BSDs
/// have no /proc); None where neither can be read, and the caller then
/// says that it could not check.
fn processes_with(word: &str) -> Option<Vec<u32>> {
    if cfg!(target_os = "linux") {
        let mut found = Vec::new();
        for entry in std::fs::read_dir("/proc").ok()?.flatten() {
            let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            let zombie = std::fs::read_to_string(entry.path().join("stat"))
                .is_ok_and(|s| s.rsplit_once(") ").is_some_and(|(_, rest)| rest.starts_with('Z')));
            if !zombie && String::from_utf8_lossy(&cmdline).contains(word) {
                found.push(pid);
            }
        }
        return Some(found);
    }
    // POSIX ps: the pid, the state (Z: a zombie) and the command line.
    let out = Command::new("ps").args(["-A", "-o", "pid=", "-o", "stat=", "-o", "args="]).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let found = text
        .lines()
        .filter(|l| l.contains(word))
        .filter_map(|l| {
            let mut fields = l.split_whitespace();
            let pid = fields.next()?.parse::<u32>().ok()?;
            let state = fields.next()?;
            (!state.starts_with('Z')).then_some(pid)
        })
        .collect();
    Some(found)
}

/// Wait up to `limit` for no process holding `tag` to be left; the ones
/// left, or None (said on stderr) where processes cannot be listed here.
fn left_behind(tag: &str, limit: Duration) -> Option<Vec<u32>> {
    let deadline = Instant::now() + limit;
    loop {
        let Some(left) = processes_with(tag) else {
            eprintln!("not checked here: no /proc and no ps to list processes, so whether a program was left behind");
            return None;
        };
        if left.is_empty() || Instant::now() >= deadline {
            return Some(left);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Once the run has begun (its first line, after the hello), half a
/// second more for a few answers: on a loaded machine, loading the corpus
/// alone may take a second. The rest of stderr is read and dropped.
fn wait_until_started(child: &mut std::process::Child) {
    let mut err = std::io::BufReader::new(child.stderr.take().expect("stderr"));
    let mut line = String::new();
    while std::io::BufRead::read_line(&mut err, &mut line).is_ok_and(|n| n > 0) && !line.contains("case(s) against") {
        line.clear();
    }
    std::thread::spawn(move || std::io::copy(&mut err, &mut std::io::sink()));
    std::thread::sleep(Duration::from_millis(500));
}

/// Interrupt a run with `signal`; with `earlier`, the report folder already
/// holds a report, which must be kept (the partial one goes beside it).
fn interrupted_by(signal: &str, earlier: bool) {
    let (signal, times) = match signal.split_once(' ') {
        Some((signal, "twice")) => (signal, 2),
        _ => (signal, 1),
    };
    let tag = format!("tag=interrupt-{signal}-{times}-{}", std::process::id());
    let scratch = tempfile::tempdir().expect("temp dir");
    let dir = scratch.path().join("out");
    let ready = scratch.path().join("ready");
    if earlier {
        std::fs::create_dir_all(&dir).expect("out");
        for f in ["report.jsonl", "report.md", "junit.xml"] {
            std::fs::write(dir.join(f), "the earlier report\n").expect("write");
        }
    }
    let cases = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    // A slow program: 20 ms an answer, so the whole corpus would take far
    // longer than the half second before the interruption.
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulings"))
        .args(["run", "--hide-stderr", "--window", "1", "--cases"])
        .arg(&cases)
        .arg("--report")
        .arg(&dir)
        .arg("--impl")
        .arg(crate::common::fake())
        .arg("delay=20")
        .arg(format!("ready=6:{}", ready.display()))
        .arg(&tag)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rulings starts");
    wait_until_started(&mut child);
    // And five runs answered (the program makes a file at the sixth
    // request): a busy machine may take longer than any fixed wait.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !ready.exists() {
        assert!(Instant::now() < deadline, "the run answered no five runs in a minute");
        std::thread::sleep(Duration::from_millis(10));
    }
    // The shell's own `kill`, as a terminal's Ctrl-C would send SIGINT, or
    // a service manager SIGTERM.
    let kill = format!("kill -{signal} {}", child.id());
    let killed = Command::new("sh").arg("-c").arg(vec![kill; times].join("; ")).status().expect("sh runs");
    assert!(killed.success());
    // That it stopped early, not at the end of the corpus, shows in the
    // report below: fewer cases than the corpus holds.
    let status = child.wait().expect("rulings ends");
    assert_eq!(status.code(), Some(130), "an interrupted run exits with 130");

    let partial = if earlier {
        for f in ["report.jsonl", "report.md", "junit.xml"] {
            let text = std::fs::read_to_string(dir.join(f)).expect("the earlier report");
            assert_eq!(text, "the earlier report\n", "{f} is kept");
        }
        dir.join("interrupted")
    } else {
        dir.clone()
    };
    let dir = partial;
    let jsonl = std::fs::read_to_string(dir.join("report.jsonl")).expect("the report is written");
    let lines: Vec<serde_json::Value> = jsonl.lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    let cases_done = lines.iter().filter(|l| l["type"] == "case").count();
    let footer = lines.last().expect("a footer");
    assert_eq!(footer["type"], "footer");
    assert_eq!(footer["interrupted"], true);
    assert_eq!(footer["result"], "fail");
    assert!(cases_done > 0, "some runs were done before the interruption");
    let total = lines[0]["corpus"]["cases"].as_u64().expect("the corpus size");
    assert!((cases_done as u64) < total, "not every case was asked: {cases_done} of {total}");
    assert!(
        lines.iter().filter(|l| l["type"] == "case").all(|l| l["outcome"] == "passed"),
        "no run is recorded as a crash because of the interruption"
    );
    let md = std::fs::read_to_string(dir.join("report.md")).expect("report.md");
    assert!(md.contains("**Interrupted**"), "{md}");
    if let Some(left) = left_behind(&tag, Duration::from_secs(2)) {
        assert_eq!(left, Vec::<u32>::new(), "the program under test was ended");
    }
}

/// Wait for `child` at most `limit`; None (and the child killed) past it.
fn wait_at_most(child: &mut std::process::Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let started = Instant::now();
    while started.elapsed() < limit {
        if let Ok(Some(status)) = child.try_wait() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// The first SIGTERM stops a case in flight at once, not when its time
/// limit runs out (Ctrl-C must not wait that long): a program that hangs, a 600 s limit.
#[test]
fn a_term_stops_a_case_in_flight_at_once() {
    let (dir, _corpus) = crate::common::corpus("term-in-flight", 3, false);
    let out = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulings"))
        .args(["run", "--hide-stderr", "--timeout", "600", "--cases"])
        .arg(dir.path_buf())
        .arg("--report")
        .arg(out.path())
        .args(["--impl", &crate::common::fake(), "hang=2"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rulings starts");
    wait_until_started(&mut child);
    assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().expect("kill").success());
    // Half the limit: however loaded the machine, long before the limit.
    let status =
        wait_at_most(&mut child, Duration::from_secs(300)).expect("the run stopped long before its 600 s limit");
    assert_eq!(status.code(), Some(130));
    let jsonl = std::fs::read_to_string(out.path().join("report.jsonl")).expect("the report is written");
    assert!(jsonl.contains("\"interrupted\":true"), "{jsonl}");
    let outcomes: Vec<serde_json::Value> = jsonl
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .filter(|l| l["type"] == "case")
        .map(|l| l["outcome"].clone())
        .collect();
    assert_eq!(outcomes, vec![serde_json::json!("passed")], "the case in flight has no outcome: {jsonl}");
}

/// `--log-traffic` to a FIFO that nothing reads is refused at once, not a
/// run blocked in open(2); to a full disk, the run says so and fails
/// (a run must not hang on it, nor pass off a short log as whole).
#[cfg(target_os = "linux")]
#[test]
fn a_traffic_log_that_cannot_be_written_is_said() {
    let (dir, _corpus) = crate::common::corpus("traffic-fifo", 1, false);
    let scratch = tempfile::tempdir().expect("temp dir");
    let fifo = scratch.path().join("log.fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().expect("mkfifo").success());
    let run = |log: &std::path::Path| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rulings"))
            .args(["run", "--hide-stderr", "--cases"])
            .arg(dir.path_buf())
            .arg("--log-traffic")
            .arg(log)
            .args(["--impl", &crate::common::fake()])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("rulings starts");
        let status = wait_at_most(&mut child, Duration::from_secs(120)).expect("the run does not block");
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut err).expect("stderr");
        (status, err)
    };
    let (status, err) = run(&fifo);
    assert_eq!(status.code(), Some(2), "{err}");
    // (An error line longer than 80 columns is wrapped.)
    assert!(crate::common::words(&err).contains("FIFO (named pipe) that nothing reads"), "{err}");
    let (status, err) = run(std::path::Path::new("/dev/full"));
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("--log-traffic: the log could not be written in full"), "{err}");
}

/// A runner killed outright (SIGKILL: no handler runs) leaves no program
/// running: the kernel ends it.
#[cfg(target_os = "linux")]
#[test]
fn a_killed_runner_leaves_no_program_running() {
    let tag = format!("tag=sigkill-{}", std::process::id());
    let (dir, _corpus) = crate::common::corpus("sigkill", 2, false);
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulings"))
        .args(["run", "--timeout", "60", "--cases"])
        .arg(dir.path_buf())
        .args(["--impl", &crate::common::fake(), "hang=1", &tag])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rulings starts");
    wait_until_started(&mut child);
    assert!(!processes_with(&tag).expect("/proc").is_empty(), "the program runs");
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    let left = left_behind(&tag, Duration::from_secs(5)).expect("/proc");
    for pid in &left {
        let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
    }
    assert_eq!(left, Vec::<u32>::new(), "the program ended with the runner");
}
