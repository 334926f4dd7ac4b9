//! An implementation in another process, speaking the protocol: JSON Lines
//! on its stdin and stdout (docs/protocol.md; docs/implementers.md).
//!
//! - The program is started without a shell (its path and arguments as
//!   given); `shell: true` runs one command line through `sh -c`. Nothing
//!   from a case is ever executed: a case is only ever data in a request.
//! - Persistent (the default): one process serves the run. It is greeted
//!   with `hello`; each case is one `rule` with a fresh integer `seq` that
//!   the answer must echo; `bye` ends it.
//! - Per case: one process per message. The hello is asked of a process of
//!   its own at the start; then each case starts a process, writes its one
//!   `rule` line, closes stdin and reads one answer line.
//! - Faults are the case's own outcome, never the run's: a crash (with the
//!   exit status), a time-out (the per-case time limit), a protocol
//!   violation (see [`crate::answer`]). Each carries what was seen on
//!   stdout and the tail of stderr. A process that faulted is killed and
//!   restarted for the next case, replaying the hello; a ruling that does
//!   not fit the schema leaves the conversation in step and costs no
//!   restart. After `max_restarts` restarts the budget is spent and the
//!   remaining cases are recorded as crashes without being asked.
//! - stderr is read by a thread: each line is passed through to the
//!   runner's stderr (prefixed with the program's name) unless
//!   `forward_stderr` is off, and the process's last lines are kept for the
//!   outcome of a fault.
//! - Requests are pipelined to a persistent process: up to `window` are
//!   written before the first answer is read, and the answers must come in
//!   order. A request in flight when the process faulted is sent again, with
//!   a new seq, to the restarted process.
//!
//! Reading stdout with a time limit uses a reader thread and a channel.

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use rulings_engine::protocol::{Hello, ToImplementation, FEATURES, PROTOCOL};
use rulings_engine::{Edition, Request};
use serde_json::Value;
use wait_timeout::ChildExt;

use crate::answer::{excerpt, parse_canonical, read_answer, read_answer_parsed, read_hello};
use crate::implementation::{Answer, FaultKind, Implementation};
use crate::process_group;
use crate::traffic::Traffic;

/// The default time limit per case.
pub const DEFAULT_TIMEOUT: Duration = crate::implementation::DEFAULT_TIMEOUT;
/// The default number of restarts after faults before the run gives up on
/// the program.
pub const DEFAULT_MAX_RESTARTS: usize = 10;
/// The default number of requests in flight to a persistent process.
pub const DEFAULT_WINDOW: usize = 32;
/// The longest line read from stdout; longer is a protocol violation.
const MAX_LINE: usize = 16 << 20;
/// How many lines of stderr a fault's outcome shows.
const STDERR_TAIL: usize = 20;
/// The most of one stderr line kept or passed through (the rest is counted).
const STDERR_LINE: usize = 4096;
/// How long a process that closed stdout (or was told `bye`) may take to exit.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// The longest time limit per case: a day.
pub const MAX_TIMEOUT_SECS: f64 = 86_400.0;

/// A time limit per case from a number of seconds: above 0 and at most a
/// day (beyond, a deadline would overflow the clock); the error says why.
pub fn timeout_from_secs(secs: f64) -> Result<Duration, String> {
    if !(secs > 0.0 && secs <= MAX_TIMEOUT_SECS) {
        return Err(format!("give a number of seconds above 0 and at most {MAX_TIMEOUT_SECS} (a day)"));
    }
    // At least a millisecond: a shorter limit could never be met.
    Ok(Duration::from_secs_f64(secs).max(Duration::from_millis(1)))
}

/// How to run the program under test.
#[derive(Debug, Clone, PartialEq)]
pub struct ExternalOptions {
    /// The program and its arguments; with `shell`, the words of one command line.
    pub command: Vec<String>,
    pub shell: bool,
    pub per_case: bool,
    pub timeout: Duration,
    pub max_restarts: usize,
    pub forward_stderr: bool,
    /// How many requests may be in flight (sent, not yet answered) to a
    /// persistent process; 1 waits for each answer before the next request.
    pub window: usize,
    /// Write every line sent and received to this file (`--log-traffic`).
    pub log_traffic: Option<std::path::PathBuf>,
    /// The folder to run the program in (default: the runner's own).
    pub cwd: Option<std::path::PathBuf>,
}

impl ExternalOptions {
    pub fn new(command: Vec<String>) -> ExternalOptions {
        ExternalOptions {
            command,
            shell: false,
            per_case: false,
            timeout: DEFAULT_TIMEOUT,
            max_restarts: DEFAULT_MAX_RESTARTS,
            forward_stderr: true,
            window: DEFAULT_WINDOW,
            log_traffic: None,
            cwd: None,
        }
    }
}

/// Split a command line into words as a POSIX shell would (the
/// `shell-words` crate): spaces separate, quotes group, a backslash escapes
/// as it does in a shell. Nothing is expanded and no shell runs.
pub fn split_command(line: &str) -> Result<Vec<String>, String> {
    shell_words::split(line).map_err(|_| "the command line has an unclosed quote, or ends with a backslash".to_string())
}

/// A fault: what happened, for the case's outcome.
#[derive(Debug, Clone)]
struct Fault {
    kind: FaultKind,
    detail: String,
}

impl Fault {
    fn new(kind: FaultKind, detail: impl Into<String>) -> Fault {
        Fault { kind, detail: detail.into() }
    }
}

/// The program under test, in a process of its own.
pub struct External {
    options: ExternalOptions,
    /// What the program declared; when its hello failed, a stand-in that
    /// declares everything so that every case records the failure.
    hello: Hello,
    declared: Option<Hello>,
    /// The first hello's failure: every case is recorded with it.
    hello_failed: Option<Fault>,
    process: Option<Process>,
    restarts: usize,
    /// Per-case processes that answered and may still be exiting.
    lingering: Lingering,
    gave_up: Option<String>,
    seq: u64,
    warnings: Vec<String>,
    /// How the program's stderr lines are labelled when passed through:
    /// its file name until it says its name in the hello.
    label: Arc<Mutex<String>>,
    /// The conversation's log, with `--log-traffic`.
    traffic: Option<Arc<Traffic>>,
}

impl External {
    /// Start the program and greet it. This never fails: a program that
    /// cannot start or does not complete the hello gives an `External`
    /// whose every case records that fault (see [`External::hello_error`]).
    pub fn start(options: ExternalOptions) -> External {
        let traffic = options.log_traffic.as_ref().map(|p| Traffic::create(p).map(Arc::new));
        External::start_logged(options, traffic)
    }

    /// [`External::start`], writing to a traffic log already open (shared
    /// by several programs run side by side), or the error opening it.
    pub fn start_logged(options: ExternalOptions, traffic: Option<std::io::Result<Arc<Traffic>>>) -> External {
        let file_name = program_name(&options);
        let stand_in = Hello {
            protocol: PROTOCOL,
            name: program_name(&options),
            version: String::new(),
            editions: Edition::ALL.to_vec(),
            features: FEATURES.iter().map(|s| s.to_string()).collect(),
        };
        let mut ext = External {
            options,
            hello: stand_in,
            declared: None,
            hello_failed: None,
            process: None,
            restarts: 0,
            lingering: Lingering::default(),
            gave_up: None,
            seq: 0,
            warnings: Vec::new(),
            label: Arc::new(Mutex::new(file_name)),
            traffic: None,
        };
        match traffic {
            Some(Ok(t)) => ext.traffic = Some(t),
            Some(Err(e)) => ext.warnings.push(format!("cannot write the traffic log: {e}")),
            None => {}
        }
        match ext.handshake() {
            Ok((process, read)) => {
                if !read.unknown_features.is_empty() {
                    ext.warnings.push(format!(
                        "{} declares feature(s) this runner does not know: {} (known: {})",
                        read.hello.name,
                        read.unknown_features.join(", "),
                        FEATURES.join(", ")
                    ));
                }
                if let Ok(mut label) = ext.label.lock() {
                    *label = label_of(&read.hello.name);
                }
                ext.hello = read.hello.clone();
                ext.declared = Some(read.hello);
                if ext.options.per_case {
                    drop(process);
                } else {
                    ext.process = Some(process);
                }
            }
            Err(fault) => ext.hello_failed = Some(fault),
        }
        ext
    }

    /// The hello the program declared, if it completed one.
    pub fn declared_hello(&self) -> Option<&Hello> {
        self.declared.as_ref()
    }

    /// Why the program's hello failed at the start, if it did.
    pub fn hello_error(&self) -> Option<String> {
        self.hello_failed.as_ref().map(|f| format!("{}: {}", kind_name(f.kind), f.detail))
    }

    /// Things the user should know that are not faults (unknown features).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// How many times the program was restarted after a fault.
    pub fn restarts(&self) -> usize {
        self.restarts
    }

    pub fn options(&self) -> &ExternalOptions {
        &self.options
    }

    /// Say `bye` and let the process end (killed if it lingers).
    pub fn shutdown(&mut self) {
        if let Some(mut p) = self.process.take() {
            let _ = p.send(r#"{"type":"bye"}"#);
            p.finish();
        }
        self.lingering.sweep(true);
    }

    fn spawn(&self) -> Result<Process, Fault> {
        let label = self.options.forward_stderr.then(|| self.label.clone());
        Process::spawn(&self.options, label, self.traffic.clone())
    }

    /// Start a process and greet it: the process and its hello.
    fn handshake(&self) -> Result<(Process, crate::answer::ReadHello), Fault> {
        let mut p = self.spawn()?;
        let hello_line = format!(r#"{{"type":"hello","protocol":{PROTOCOL}}}"#);
        if let Err(e) = p.send(&hello_line) {
            return Err(p.fail(FaultKind::Crash, format!("could not send the hello ({e})")));
        }
        if self.options.per_case {
            p.close_stdin();
        }
        match p.receive(Instant::now() + self.options.timeout) {
            Received::Line(line, _) => match read_hello(&line) {
                Ok(read) => Ok((p, read)),
                Err(v) => Err(p.fail(FaultKind::ProtocolViolation, v.detail)),
            },
            other => Err(p.fail_on(other, "the hello", self.options.timeout)),
        }
    }

    /// A persistent process, started (and greeted) if there is none.
    fn ensure_process(&mut self) -> Result<(), Fault> {
        if self.process.is_some() {
            return Ok(());
        }
        let (p, read) = self.handshake().map_err(|f| Fault {
            kind: f.kind,
            detail: format!("restarting the program after a fault, its hello failed: {}", f.detail),
        })?;
        if Some(&read.hello) != self.declared.as_ref() {
            let detail = format!(
                "the program's hello changed after a restart:\nfirst: {}\nnow:   {}",
                serde_json::to_string(&self.declared).unwrap_or_default(),
                serde_json::to_string(&read.hello).unwrap_or_default()
            );
            p.finish();
            return Err(Fault::new(FaultKind::ProtocolViolation, detail));
        }
        self.process = Some(p);
        Ok(())
    }

    /// The fault every remaining case records, once the program is given up.
    fn stopped(&self) -> Option<Answer> {
        if let Some(detail) = &self.gave_up {
            return Some(Answer::NotRun(detail.clone()));
        }
        self.hello_failed.as_ref().map(|f| {
            Answer::NotRun(format!(
                "not asked: the program did not complete the hello at the start of the run ({}):\n{}",
                kind_name(f.kind),
                f.detail
            ))
        })
    }

    /// Ask the persistent process, pipelined: up to `window` requests are
    /// written before the first answer is read; answers come in order. A
    /// case's time limit runs from when its request was sent or the answer
    /// before it arrived, whichever is later. A fault that breaks the
    /// conversation ends the process; the requests it had not answered are
    /// sent again to the next one.
    fn ask_many(&mut self, requests: &[Request], progress: &mut dyn FnMut(usize, &Answer)) -> Vec<Answer> {
        let n = requests.len();
        let bodies: Vec<Result<String, String>> =
            requests.iter().map(|r| serde_json::to_string(r).map_err(|e| e.to_string())).collect();
        let mut answers: Vec<Option<Answer>> = bodies
            .iter()
            .map(|b| b.as_ref().err().map(|e| Answer::Error(format!("the runner cannot write this request: {e}"))))
            .collect();
        let mut answered = answers.iter().filter(|a| a.is_some()).count();
        let mut next = 0;
        let mut in_flight: VecDeque<(usize, Value, Instant)> = VecDeque::new();
        let mut last_answer = Instant::now();
        let timeout = self.options.timeout;
        loop {
            if crate::interrupt::requested() {
                // Ctrl-C: stop asking; the answers so far are the run.
                break;
            }
            if in_flight.is_empty() {
                while next < n && answers[next].is_some() {
                    next += 1;
                }
                if next >= n {
                    break;
                }
            }
            if let Some(stop) = self.stopped() {
                for a in answers.iter_mut().filter(|a| a.is_none()) {
                    *a = Some(stop.clone());
                }
                progress(n, &stop);
                break;
            }
            if self.process.is_none() {
                if let Some(&(first, ..)) = in_flight.front() {
                    next = first;
                }
                in_flight.clear();
                if let Err(f) = self.ensure_process() {
                    self.count(&f);
                    let answer = Answer::Fault { kind: f.kind, detail: f.detail };
                    answered += 1;
                    progress(answered, &answer);
                    answers[next] = Some(answer);
                    next += 1;
                    continue;
                }
                last_answer = Instant::now();
            }
            let Some(p) = self.process.as_mut() else { continue };
            // Top the window up when it is half empty, in one write.
            let window = self.options.window.max(1);
            if in_flight.len() <= window / 2 {
                let mut batch = String::new();
                while next < n && in_flight.len() < window {
                    if let (None, Ok(body)) = (&answers[next], &bodies[next]) {
                        self.seq += 1;
                        // The request's own fields follow the type and the seq.
                        batch.push_str(&format!("{{\"type\":\"rule\",\"seq\":{},{}\n", self.seq, &body[1..]));
                        in_flight.push_back((next, Value::from(self.seq), Instant::now()));
                    }
                    next += 1;
                }
                // A process that is gone shows as the end of its stdout.
                let _ = p.send_raw(batch.into_bytes());
            }
            let Some((index, seq, sent_at)) = in_flight.pop_front() else { continue };
            let answer = match p.receive(sent_at.max(last_answer) + timeout) {
                Received::Line(bytes, parsed) => match read_answer_parsed(&bytes, parsed, &seq) {
                    Ok(answer) => answer,
                    Err(v) if v.in_step => Answer::Fault { kind: FaultKind::ProtocolViolation, detail: v.detail },
                    Err(v) => {
                        let fault = match self.process.take() {
                            Some(p) => p.fail(
                                FaultKind::ProtocolViolation,
                                format!("{}\n(the conversation is out of step: the program is restarted)", v.detail),
                            ),
                            None => Fault::new(FaultKind::ProtocolViolation, v.detail),
                        };
                        self.count(&fault);
                        Answer::Fault { kind: fault.kind, detail: fault.detail }
                    }
                },
                other => {
                    let fault = match self.process.take() {
                        Some(p) => p.fail_on(other, "the answer", timeout),
                        None => Fault::new(FaultKind::Crash, "no process"),
                    };
                    self.count(&fault);
                    Answer::Fault { kind: fault.kind, detail: fault.detail }
                }
            };
            answered += 1;
            progress(answered, &answer);
            answers[index] = Some(answer);
            last_answer = Instant::now();
        }
        if crate::interrupt::requested() {
            // The answered prefix: the runs done before the interruption.
            return answers.into_iter().map_while(|a| a).collect();
        }
        answers
            .into_iter()
            .map(|a| a.unwrap_or_else(|| Answer::Error("not asked (a bug in the runner)".into())))
            .collect()
    }

    /// One process for this one request.
    fn ask_once(&mut self, line: &str, seq: &Value) -> Result<Answer, Fault> {
        self.lingering.sweep(false);
        let mut p = self.spawn()?;
        if let Err(e) = p.send_once(line) {
            return Err(p.fail(FaultKind::Crash, format!("could not send the request ({e})")));
        }
        match p.receive(Instant::now() + self.options.timeout) {
            Received::Line(bytes, _) => {
                let read = read_answer(&bytes, seq);
                match read {
                    // It exits on its own; it is waited for (or killed) later.
                    Ok(answer) => {
                        if let Some(child) = p.child.take() {
                            self.lingering.0.push((child, Instant::now()));
                        }
                        Ok(answer)
                    }
                    // A whole answer that does not fit costs no restart.
                    Err(v) if v.in_step => {
                        drop(p);
                        Ok(Answer::Fault { kind: FaultKind::ProtocolViolation, detail: v.detail })
                    }
                    Err(v) => Err(p.fail(FaultKind::ProtocolViolation, v.detail)),
                }
            }
            other => Err(p.fail_on(other, "the answer", self.options.timeout)),
        }
    }

    /// Count a fault against the restart budget.
    fn count(&mut self, fault: &Fault) {
        let ended = self.options.per_case || self.process.is_none();
        if !ended {
            return;
        }
        self.restarts += 1;
        if self.restarts > self.options.max_restarts {
            self.gave_up = Some(format!(
                "not asked: the program failed {} times (crash, time-out or a protocol violation that \
                 broke the conversation), more than the {} restarts allowed (--max-restarts); the last \
                 failure was {}:\n{}",
                self.restarts,
                self.options.max_restarts,
                kind_name(fault.kind),
                excerpt(&fault.detail, 600)
            ));
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        self.shutdown();
    }
}

impl Implementation for External {
    fn hello(&self) -> &Hello {
        &self.hello
    }

    fn rule(&mut self, request: &Request) -> Answer {
        self.rule_many(std::slice::from_ref(request), &mut |_, _| {})
            .pop()
            .unwrap_or_else(|| Answer::Error("no answer".into()))
    }

    fn rule_many(&mut self, requests: &[Request], progress: &mut dyn FnMut(usize, &Answer)) -> Vec<Answer> {
        if !self.options.per_case {
            return self.ask_many(requests, progress);
        }
        let mut out = Vec::with_capacity(requests.len());
        for request in requests {
            if crate::interrupt::requested() {
                break;
            }
            let answer = match self.stopped() {
                Some(stop) => stop,
                None => {
                    self.seq += 1;
                    let seq = Value::from(self.seq);
                    let message = ToImplementation::Rule { seq: seq.clone(), request: request.clone() };
                    match serde_json::to_string(&message) {
                        Err(e) => Answer::Error(format!("the runner cannot write this request: {e}")),
                        Ok(line) => match self.ask_once(&line, &seq) {
                            Ok(answer) => answer,
                            Err(fault) => {
                                self.count(&fault);
                                Answer::Fault { kind: fault.kind, detail: fault.detail }
                            }
                        },
                    }
                }
            };
            progress(out.len() + 1, &answer);
            out.push(answer);
        }
        out
    }
}

/// The outcome name of a fault kind.
pub(crate) fn kind_name(kind: FaultKind) -> &'static str {
    match kind {
        FaultKind::Crash => "crash",
        FaultKind::TimeOut => "time-out",
        FaultKind::ProtocolViolation => "protocol-violation",
    }
}

/// A name from a hello, fit to label terminal lines: printable, short.
fn label_of(name: &str) -> String {
    let clean: String = name.chars().filter(|c| !c.is_control()).take(40).collect();
    if clean.trim().is_empty() {
        "program".to_string()
    } else {
        clean
    }
}

/// The program's name, for messages: the file name of its first word.
fn program_name(options: &ExternalOptions) -> String {
    let first = options.command.first().map(String::as_str).unwrap_or("");
    let first = if options.shell { first.split_whitespace().next().unwrap_or("") } else { first };
    std::path::Path::new(first)
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| first.to_string())
}

/// What came from stdout, or did not.
// A ruling is moved once per case; boxing it would buy nothing measurable.
#[allow(clippy::large_enum_variant)]
enum Received {
    /// A line, with the ruling when the reader thread could read it the fast way.
    Line(Vec<u8>, Option<(String, rulings_engine::Ruling)>),
    /// stdout was closed; `partial` is what followed the last newline.
    Ended {
        partial: Vec<u8>,
        error: Option<String>,
    },
    TimedOut {
        partial: Vec<u8>,
    },
    TooLong,
}

/// A line from stdout and, for a canonical ruling, its reading.
type ParsedLine = (Vec<u8>, Option<(String, rulings_engine::Ruling)>);

enum StdoutEvent {
    /// The whole lines of one read, in order, each with its fast reading.
    Lines(Vec<ParsedLine>),
    End {
        partial: Vec<u8>,
        error: Option<String>,
    },
    TooLong,
}

/// One running program.
struct Process {
    /// Always Some until the process is let go (see `Drop`).
    child: Option<Child>,
    /// The program's stdin until the writer thread starts (on the first
    /// send), or a one-message process writes to it directly.
    input: Option<ChildStdin>,
    /// Lines for the writer thread; dropping it closes the program's stdin.
    stdin: Option<Sender<Vec<u8>>>,
    stdout: Receiver<StdoutEvent>,
    /// Lines received and not yet taken.
    lines: VecDeque<ParsedLine>,
    /// Bytes read after the last newline, for a time-out's detail.
    partial: Arc<Mutex<Vec<u8>>>,
    stderr: Arc<StderrLog>,
    /// The process id, and the log of the conversation (`--log-traffic`).
    pid: u32,
    traffic: Option<Arc<Traffic>>,
}

impl Process {
    /// Start the program; its stderr lines are passed through under
    /// `label` (as `[label] line`), or not at all without one.
    fn spawn(
        options: &ExternalOptions,
        label: Option<Arc<Mutex<String>>>,
        traffic: Option<Arc<Traffic>>,
    ) -> Result<Process, Fault> {
        let Some(first) = options.command.first() else {
            return Err(Fault::new(FaultKind::Crash, "no program to run (the command is empty)"));
        };
        let mut cmd = if options.shell {
            let line = options.command.join(" ");
            if cfg!(windows) {
                let mut c = Command::new("cmd");
                c.arg("/C").arg(line);
                c
            } else {
                let mut c = Command::new("sh");
                c.arg("-c").arg(line);
                c
            }
        } else {
            let mut c = Command::new(first);
            c.args(&options.command[1..]);
            c
        };
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(dir) = &options.cwd {
            cmd.current_dir(dir);
        }
        process_group::own_group(&mut cmd);
        let mut child = cmd.spawn().map_err(|e| {
            Fault::new(
                FaultKind::Crash,
                format!(
                    "cannot start `{}`: {e}{}",
                    first,
                    if options.shell {
                        ""
                    } else {
                        " (the program is run without a shell; --shell runs a command line)"
                    }
                ),
            )
        })?;
        process_group::started(&child);
        let pid = child.id();
        if let Some(t) = &traffic {
            t.note(pid, &format!("started: {}", options.command.join(" ")));
        }
        let (Some(input), Some(out), Some(err)) = (child.stdin.take(), child.stdout.take(), child.stderr.take()) else {
            process_group::end(&mut child);
            return Err(Fault::new(FaultKind::Crash, "the program's pipes could not be opened"));
        };
        let partial = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = channel();
        {
            let partial = partial.clone();
            thread::spawn(move || read_stdout(out, tx, partial));
        }
        let stderr = Arc::new(StderrLog::default());
        {
            let log = stderr.clone();
            thread::spawn(move || read_stderr(err, log, label));
        }
        Ok(Process {
            child: Some(child),
            input: Some(input),
            stdin: None,
            stdout: rx,
            lines: VecDeque::new(),
            partial,
            stderr,
            pid,
            traffic,
        })
    }

    /// Send bytes as they are (whole lines).
    /// The writer thread's channel, the thread started on first use.
    fn writer(&mut self) -> Option<&Sender<Vec<u8>>> {
        if let Some(input) = self.input.take() {
            let (tx, lines) = channel();
            thread::spawn(move || write_stdin(input, lines));
            self.stdin = Some(tx);
        }
        self.stdin.as_ref()
    }

    /// Write the one message of a one-message process and close its stdin.
    /// A short line goes straight into the pipe (it fits in the pipe's
    /// buffer, so the write cannot block); a long one through the writer.
    fn send_once(&mut self, line: &str) -> Result<(), String> {
        const DIRECT: usize = 4096;
        match self.input.take() {
            Some(mut input) if line.len() < DIRECT => {
                let mut bytes = Vec::with_capacity(line.len() + 1);
                bytes.extend_from_slice(line.as_bytes());
                bytes.push(b'\n');
                self.log_sent(&bytes);
                input.write_all(&bytes).map_err(|e| e.to_string())
            }
            input => {
                self.input = input;
                let r = self.send(line);
                self.close_stdin();
                r
            }
        }
    }

    fn log_sent(&self, bytes: &[u8]) {
        if let Some(t) = &self.traffic {
            t.sent(self.pid, bytes);
        }
    }

    fn send_raw(&mut self, bytes: Vec<u8>) -> Result<(), String> {
        self.log_sent(&bytes);
        let Some(stdin) = self.writer() else { return Err("stdin is closed".into()) };
        stdin.send(bytes).map_err(|_| "the program's stdin is closed".to_string())
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.send_raw(bytes)
    }

    fn try_wait(&mut self) -> std::io::Result<Option<ExitStatus>> {
        match self.child.as_mut() {
            Some(c) => c.try_wait(),
            None => Ok(None),
        }
    }

    /// Has the process itself exited (whatever still holds its stdout)?
    fn has_exited(&mut self) -> bool {
        matches!(self.try_wait(), Ok(Some(_)))
    }

    fn close_stdin(&mut self) {
        self.input = None;
        self.stdin = None;
    }

    /// The next line, or why there is none by `deadline`. While waiting,
    /// the process is watched: one that exited while something it started
    /// still holds its stdout open is a crash now, not a time-out later
    /// (its group is ended, which closes stdout).
    fn receive(&mut self, deadline: Instant) -> Received {
        let received = self.receive_unlogged(deadline);
        if let (Some(t), Received::Line(line, _)) = (&self.traffic, &received) {
            t.received(self.pid, line);
        }
        received
    }

    fn receive_unlogged(&mut self, deadline: Instant) -> Received {
        /// How often a quiet process is checked for having exited.
        const WATCH: Duration = Duration::from_millis(50);
        if let Some((line, parsed)) = self.lines.pop_front() {
            return Received::Line(line, parsed);
        }
        let mut deadline = deadline;
        let mut exited = false;
        loop {
            let now = Instant::now();
            let wait = deadline.saturating_duration_since(now).min(WATCH);
            match self.stdout.recv_timeout(wait) {
                Ok(StdoutEvent::Lines(lines)) => {
                    self.lines.extend(lines);
                    if let Some((line, parsed)) = self.lines.pop_front() {
                        return Received::Line(line, parsed);
                    }
                }
                Ok(StdoutEvent::End { partial, error }) => return Received::Ended { partial, error },
                Ok(StdoutEvent::TooLong) => return Received::TooLong,
                Err(RecvTimeoutError::Timeout) if Instant::now() < deadline => {
                    if !exited && self.has_exited() {
                        exited = true;
                        if let Some(child) = self.child.as_ref() {
                            process_group::end_leftovers(child);
                        }
                        deadline = deadline.min(Instant::now() + EXIT_GRACE);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    let partial = self.partial.lock().map(|p| p.clone()).unwrap_or_default();
                    if exited {
                        return Received::Ended {
                            partial,
                            error: Some(
                                "the program exited, but its stdout stayed open (held by a process it started \
                                 outside its process group)"
                                    .into(),
                            ),
                        };
                    }
                    return Received::TimedOut { partial };
                }
                Err(RecvTimeoutError::Disconnected) => return Received::Ended { partial: Vec::new(), error: None },
            }
        }
    }

    /// End the process: close stdin, give it a moment to exit, then kill
    /// it. Returns how it ended.
    fn finish(mut self) -> String {
        self.close_stdin();
        let ended = match self.exit_within_grace() {
            Some(ended) => ended,
            None => self.kill(),
        };
        // Its last stderr line is passed through before the run goes on
        // (or the runner exits).
        self.stderr.wait_closed();
        ended
    }

    /// Wait up to [`EXIT_GRACE`] for the process to exit on its own; how it
    /// ended, if it did.
    fn exit_within_grace(&mut self) -> Option<String> {
        let child = self.child.as_mut()?;
        match child.wait_timeout(EXIT_GRACE) {
            Ok(Some(status)) => {
                process_group::end_leftovers(child);
                Some(describe(status))
            }
            _ => None,
        }
    }

    /// End the process and everything in its group.
    fn kill(&mut self) -> String {
        let status = self.try_wait();
        if let Some(child) = self.child.as_mut() {
            process_group::end(child);
        }
        match status {
            Ok(Some(status)) => describe(status),
            _ => "killed by the runner".to_string(),
        }
    }

    /// End the process after a fault and write the fault's detail: what
    /// happened, how the process ended, the tail of its stderr.
    fn fail(mut self, kind: FaultKind, what: String) -> Fault {
        // A crashed process has exited or is exiting: wait for its status.
        // One that hung or broke the protocol is killed at once.
        let ended = if kind == FaultKind::Crash { self.finish_ref() } else { self.kill() };
        let stderr = self.stderr.tail();
        if let Some(t) = &self.traffic {
            t.note(self.pid, &format!("{}: {ended}", kind_name(kind)));
        }
        let mut detail = what;
        detail.push_str(&format!("\nthe process: {ended}"));
        if !stderr.is_empty() {
            detail.push_str("\nstderr (last lines):\n");
            for l in stderr {
                detail.push_str("  ");
                detail.push_str(&l);
                detail.push('\n');
            }
            detail.pop();
        }
        Fault { kind, detail }
    }

    fn finish_ref(&mut self) -> String {
        self.close_stdin();
        match self.exit_within_grace() {
            Some(ended) => ended,
            None => format!("it closed its stdout but did not exit; {}", self.kill()),
        }
    }

    /// The fault for something other than a line.
    fn fail_on(self, received: Received, waiting_for: &str, timeout: Duration) -> Fault {
        let shown = |partial: &[u8]| {
            if partial.is_empty() {
                String::new()
            } else {
                format!("\nit had written, without a newline: {}", excerpt(&String::from_utf8_lossy(partial), 300))
            }
        };
        match received {
            Received::Line(..) => self.fail(FaultKind::ProtocolViolation, "an unexpected line".into()),
            Received::Ended { partial, error } => {
                let what = match error {
                    Some(e) => format!("reading its stdout failed while waiting for {waiting_for}: {e}"),
                    None if partial.is_empty() => {
                        format!("the program closed its stdout (exited?) before {waiting_for}")
                    }
                    None => format!(
                        "the program closed its stdout in the middle of a line, before the end of {waiting_for}"
                    ),
                };
                self.fail(FaultKind::Crash, format!("{what}{}", shown(&partial)))
            }
            Received::TimedOut { partial } => {
                let what = if partial.is_empty() {
                    format!("no {} within the time limit of {}", waiting_for.trim_start_matches("the "), secs(timeout))
                } else {
                    format!(
                        "{} was not finished within the time limit of {}: a line without its newline",
                        waiting_for,
                        secs(timeout)
                    )
                };
                self.fail(FaultKind::TimeOut, format!("{what}{}", shown(&partial)))
            }
            Received::TooLong => {
                self.fail(FaultKind::ProtocolViolation, format!("a line on stdout longer than {} MiB", MAX_LINE >> 20))
            }
        }
    }
}

impl Drop for Process {
    /// A process let go while it still runs is ended with its group, here
    /// and now: nothing the runner started outlives it. (One that answered
    /// its one request in per-case mode is handed to [`Lingering`] first.)
    fn drop(&mut self) {
        self.close_stdin();
        if let Some(mut child) = self.child.take() {
            process_group::end(&mut child);
        }
    }
}

/// Processes that answered and are exiting on their own: each is waited
/// for when it has exited, or killed once it has lingered past the grace.
#[derive(Default)]
struct Lingering(Vec<(Child, Instant)>);

impl Lingering {
    /// Wait for those that exited, kill those past the grace; with `all`,
    /// wait for every one (killing it after the grace).
    fn sweep(&mut self, all: bool) {
        self.0.retain_mut(|(child, since)| {
            if let Ok(Some(_)) = child.try_wait() {
                process_group::end_leftovers(child);
                return false;
            }
            if all || since.elapsed() >= EXIT_GRACE {
                reap_from(child, *since);
                return false;
            }
            true
        });
    }
}

/// Wait until `since` + the grace for a process to exit, then end it (and
/// in either case what it left in its group).
fn reap_from(child: &mut Child, since: Instant) {
    let _ = child.wait_timeout(EXIT_GRACE.saturating_sub(since.elapsed()));
    process_group::end(child);
}

/// "0.3 s", "5 s".
fn secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0} s")
    } else {
        format!("{s} s")
    }
}

/// How a process ended, in words.
fn describe(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exited with status {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            // The signal's name where the system knows it ("SIGSEGV").
            let name = nix::sys::signal::Signal::try_from(sig).map(|s| format!(" ({})", s.as_str())).unwrap_or_default();
            return format!("killed by signal {sig}{name}");
        }
    }
    format!("ended ({status})")
}

/// The stdin writer: lines from the channel, several at a time when they
/// queue up, until the channel closes (then stdin closes) or the program
/// stops reading.
fn write_stdin(mut input: ChildStdin, lines: Receiver<Vec<u8>>) {
    while let Ok(mut batch) = lines.recv() {
        while let Ok(more) = lines.try_recv() {
            batch.extend_from_slice(&more);
        }
        if input.write_all(&batch).and_then(|_| input.flush()).is_err() {
            return;
        }
    }
}

/// The stdout reader: whole lines to the channel; the bytes after the
/// last newline kept in `partial`.
fn read_stdout(mut out: impl Read, tx: std::sync::mpsc::Sender<StdoutEvent>, partial: Arc<Mutex<Vec<u8>>>) {
    let mut pending: Vec<u8> = Vec::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = match out.read(&mut buf) {
            Ok(0) => {
                let _ = tx.send(StdoutEvent::End { partial: pending, error: None });
                return;
            }
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let _ = tx.send(StdoutEvent::End { partial: pending, error: Some(e.to_string()) });
                return;
            }
        };
        let mut start = 0;
        let mut lines = Vec::new();
        for (i, &b) in buf[..n].iter().enumerate() {
            if b == b'\n' {
                pending.extend_from_slice(&buf[start..i]);
                if pending.last() == Some(&b'\r') {
                    pending.pop();
                }
                let line = std::mem::take(&mut pending);
                let parsed = parse_canonical(&line);
                lines.push((line, parsed));
                start = i + 1;
            }
        }
        if !lines.is_empty() && tx.send(StdoutEvent::Lines(lines)).is_err() {
            return;
        }
        pending.extend_from_slice(&buf[start..n]);
        if pending.len() > MAX_LINE {
            let _ = tx.send(StdoutEvent::TooLong);
            return;
        }
        if let Ok(mut p) = partial.lock() {
            p.clear();
            p.extend_from_slice(&pending);
        }
    }
}

/// The last lines of a process's stderr. With requests pipelined, a line
/// cannot be tied to one case: a fault shows the process's last lines.
#[derive(Default)]
struct StderrLog {
    state: Mutex<StderrState>,
    done: Condvar,
}

#[derive(Default)]
struct StderrState {
    lines: VecDeque<String>,
    closed: bool,
}

impl StderrLog {
    fn push(&self, line: String) {
        if let Ok(mut s) = self.state.lock() {
            s.lines.push_back(line);
            while s.lines.len() > STDERR_TAIL {
                s.lines.pop_front();
            }
        }
    }

    fn close(&self) {
        if let Ok(mut s) = self.state.lock() {
            s.closed = true;
        }
        self.done.notify_all();
    }

    /// Wait until stderr is closed and its last line handled (or a short
    /// while, if something else holds it open).
    fn wait_closed(&self) {
        let _ = self.tail();
    }

    /// The last lines, once stderr is closed (or after a short wait, if
    /// something else holds it open).
    fn tail(&self) -> Vec<String> {
        let Ok(guard) = self.state.lock() else { return Vec::new() };
        match self.done.wait_timeout_while(guard, Duration::from_millis(300), |s| !s.closed) {
            Ok((g, _)) => g.lines.iter().cloned().collect(),
            Err(_) => Vec::new(),
        }
    }
}

/// The stderr reader: each line passed through (with `prefix`) and kept in
/// the log's tail. At most [`STDERR_LINE`] bytes of a line are kept; the
/// rest is counted and dropped, so a program that writes gigabytes without
/// a newline costs the runner nothing.
fn read_stderr(mut err: impl Read, log: Arc<StderrLog>, label: Option<Arc<Mutex<String>>>) {
    let mut buf = vec![0u8; 64 * 1024];
    let mut line = StderrLine::default();
    let emit = |line: &mut StderrLine| {
        let (text, dropped) = line.take();
        let cut = if dropped > 0 { format!(" [line cut: {dropped} more bytes not kept]") } else { String::new() };
        if let Some(label) = &label {
            let name = label.lock().map(|l| l.clone()).unwrap_or_default();
            eprintln!("[{name}] {text}{cut}");
        }
        log.push(format!("{}{cut}", excerpt(&text, 500)));
    };
    loop {
        let n = match err.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let mut rest = &buf[..n];
        while let Some(i) = rest.iter().position(|&b| b == b'\n') {
            line.add(&rest[..i]);
            emit(&mut line);
            rest = &rest[i + 1..];
        }
        line.add(rest);
    }
    if !line.is_empty() {
        emit(&mut line);
    }
    log.close();
}

/// One line of stderr being read: its first [`STDERR_LINE`] bytes, and how
/// many more there were.
#[derive(Default)]
struct StderrLine {
    kept: Vec<u8>,
    dropped: u64,
}

impl StderrLine {
    fn add(&mut self, bytes: &[u8]) {
        let room = STDERR_LINE - self.kept.len();
        let keep = bytes.len().min(room);
        self.kept.extend_from_slice(&bytes[..keep]);
        self.dropped += (bytes.len() - keep) as u64;
    }

    fn is_empty(&self) -> bool {
        self.kept.is_empty() && self.dropped == 0
    }

    /// The line as text and the number of bytes dropped from it; the
    /// buffer is left empty for the next line.
    fn take(&mut self) -> (String, u64) {
        let text = String::from_utf8_lossy(&self.kept).trim_end_matches('\r').to_string();
        self.kept.clear();
        (text, std::mem::take(&mut self.dropped))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_without_a_shell() {
        assert_eq!(split_command("a b  c").unwrap(), ["a", "b", "c"]);
        assert_eq!(
            split_command(r#"python3 "my adapter.py" --x='1 2'"#).unwrap(),
            ["python3", "my adapter.py", "--x=1 2"]
        );
        assert_eq!(split_command(r"a\ b").unwrap(), ["a b"]);
        assert_eq!(split_command("a ''").unwrap(), ["a", ""]);
        assert!(split_command("a 'b").is_err());
        assert_eq!(split_command("  ").unwrap(), Vec::<String>::new());
        // As a shell reads it: inside double quotes a backslash is kept
        // unless it escapes `"`, `\\`, `$` or a backquote.
        assert_eq!(split_command(r#"prog "C:\dir\x" "say \"hi\"""#).unwrap(), ["prog", r"C:\dir\x", r#"say "hi""#]);
    }

    /// 200 MB without a newline, made as it is read (nothing held here).
    struct Flood(u64);

    impl Read for Flood {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.0 == 0 {
                let end = b"\nlast words\n";
                let n = end.len().min(buf.len());
                buf[..n].copy_from_slice(&end[..n]);
                self.0 = u64::MAX;
                return Ok(n);
            }
            if self.0 == u64::MAX {
                return Ok(0);
            }
            let n = (buf.len() as u64).min(self.0) as usize;
            buf[..n].fill(b'x');
            self.0 -= n as u64;
            Ok(n)
        }
    }

    #[test]
    fn a_stderr_line_without_end_is_kept_short_and_counted() {
        let log = Arc::new(StderrLog::default());
        read_stderr(Flood(200 << 20), log.clone(), None);
        let tail = log.tail();
        assert_eq!(tail.len(), 2, "{tail:?}");
        assert!(tail[0].len() < 600, "{}", tail[0].len());
        let cut = (200u64 << 20) - STDERR_LINE as u64;
        assert!(tail[0].ends_with(&format!("[line cut: {cut} more bytes not kept]")), "{}", &tail[0][450..]);
        assert_eq!(tail[1], "last words");
    }

    #[test]
    fn time_limits_are_checked_before_they_reach_the_clock() {
        assert_eq!(timeout_from_secs(0.5), Ok(Duration::from_millis(500)));
        assert_eq!(timeout_from_secs(86_400.0), Ok(Duration::from_secs(86_400)));
        assert_eq!(timeout_from_secs(1e-9), Ok(Duration::from_millis(1)));
        for bad in [0.0, -1.0, 86_400.5, 1.8e19, 1e30, f64::INFINITY, f64::NAN] {
            assert!(timeout_from_secs(bad).is_err_and(|e| e.contains("at most 86400")), "{bad}");
        }
    }

    #[test]
    fn durations_read_well() {
        assert_eq!(secs(Duration::from_secs(5)), "5 s");
        assert_eq!(secs(Duration::from_millis(300)), "0.3 s");
    }
}
