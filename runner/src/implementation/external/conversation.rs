//! The conversation with a program: the hello, a fresh `seq` for each
//! `rule`, requests pipelined within a window (or one process per case),
//! answers read in order and checked ([`super::answer`]), restarts after a
//! fault within a budget, `bye` at the end.

use std::collections::VecDeque;
use std::io::Write as _;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rulings_engine::protocol::{Hello, ToImplementation, FEATURES, PROTOCOL};
use rulings_engine::{Edition, Request};
use serde_json::Value;

use super::answer::{check_length, excerpt, read_answer_parsed, read_hello};
use super::options::{label_of, program_name, ExternalOptions};
use super::process::{Fault, Lingering, Process, Received};
use super::traffic::Traffic;
use crate::cancel::Cancel;
use crate::implementation::in_order::InOrder;
use crate::implementation::{Answer, FaultKind, Implementation};

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
    /// The failures, the budget and the seq, shared with the copies run
    /// beside this one (`--jobs`).
    shared: Arc<Shared>,
    /// Per-case processes that answered and may still be exiting.
    lingering: Lingering,
    warnings: Vec<String>,
    /// How the program's stderr lines are labelled when passed through:
    /// its file name until it says its name in the hello.
    label: Arc<Mutex<String>>,
    /// The conversation's log, with `--log-traffic`.
    traffic: Option<Arc<Traffic>>,
    /// The runs of the requests of the next `rule_many`, for the log.
    runs: Vec<String>,
}

/// What the copies of one program run side by side (`--jobs`) share, so
/// that the run counts as one program's: the failures counted against the
/// restart budget (`--max-restarts` is the run's, not each copy's), why the
/// program was given up once it is spent, and the `seq` of the requests,
/// which counts up through the run.
#[derive(Default)]
struct Shared {
    failures: AtomicUsize,
    gave_up: Mutex<Option<String>>,
    seq: AtomicU64,
}

impl Shared {
    /// A fresh `seq`, counting up through the run (all copies together).
    fn next_seq(&self) -> u64 {
        self.seq.fetch_add(1, Ordering::Relaxed) + 1
    }
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
        External::start_sharing(options, traffic, Arc::default())
    }

    /// Another copy of the program `first` runs, started and greeted on
    /// its own, sharing `first`'s restart budget and seq (`--jobs N`).
    pub fn start_beside(first: &External, traffic: Option<std::io::Result<Arc<Traffic>>>) -> External {
        External::start_sharing(first.options.clone(), traffic, first.shared.clone())
    }

    fn start_sharing(
        options: ExternalOptions,
        traffic: Option<std::io::Result<Arc<Traffic>>>,
        shared: Arc<Shared>,
    ) -> External {
        let file_name = program_name(&options);
        let stand_in = Hello::new(
            &program_name(&options),
            "",
            Edition::ALL.to_vec(),
            FEATURES.iter().map(|s| s.to_string()).collect(),
        );
        let mut ext =
            External::not_asked_yet(options, stand_in, None, None, Arc::new(Mutex::new(file_name)), None, shared);
        match traffic {
            Some(Ok(t)) => ext.traffic = Some(t),
            Some(Err(e)) => ext.warnings.push(format!("cannot write the traffic log: {e}")),
            None => {}
        }
        match ext.handshake() {
            Ok((process, read)) => {
                if !read.unknown_features.is_empty() {
                    // The program's words, shown safely (no control character reaches a terminal) and in part.
                    let mut unknown: Vec<String> =
                        read.unknown_features.iter().take(10).map(|f| crate::text::one_line(f, 60)).collect();
                    if read.unknown_features.len() > 10 {
                        unknown.push(format!("and {} more", read.unknown_features.len() - 10));
                    }
                    ext.warnings.push(format!(
                        "{} declares feature(s) this runner does not know: {} (known: {})",
                        read.hello.name,
                        unknown.join(", "),
                        FEATURES.join(", ")
                    ));
                }
                if let Ok(mut label) = ext.label.lock() {
                    *label = label_of(&read.hello.name);
                }
                ext.hello = read.hello.clone();
                ext.declared = Some(read.hello);
                if ext.options.per_case {
                    // It answered its one message: it exits on its own.
                    ext.lingering.add(process);
                } else {
                    ext.process = Some(process);
                }
            }
            Err(fault) => ext.hello_failed = Some(fault),
        }
        ext
    }

    /// Another worker for the program `first` greeted, one process per
    /// case (`--per-case --jobs N`): the hello was said once, by `first`'s
    /// process; this one starts a process for each of its cases only.
    pub fn per_case_like(first: &External, traffic: Option<Arc<Traffic>>) -> External {
        External::not_asked_yet(
            first.options.clone(),
            first.hello.clone(),
            first.declared.clone(),
            first.hello_failed.clone(),
            first.label.clone(),
            traffic,
            first.shared.clone(),
        )
    }

    /// A conversation with what is known of the program's hello, that has
    /// asked nothing yet: no process, no restart, no seq used.
    fn not_asked_yet(
        options: ExternalOptions,
        hello: Hello,
        declared: Option<Hello>,
        hello_failed: Option<Fault>,
        label: Arc<Mutex<String>>,
        traffic: Option<Arc<Traffic>>,
        shared: Arc<Shared>,
    ) -> External {
        External {
            options,
            hello,
            declared,
            hello_failed,
            process: None,
            shared,
            lingering: Lingering::default(),
            warnings: Vec::new(),
            label,
            traffic,
            runs: Vec::new(),
        }
    }

    /// The hello the program declared, if it completed one.
    pub fn declared_hello(&self) -> Option<&Hello> {
        self.declared.as_ref()
    }

    /// Why the program's hello failed at the start, if it did.
    pub fn hello_error(&self) -> Option<String> {
        self.hello_failed.as_ref().map(|f| format!("{}: {}", f.kind.name(), f.detail))
    }

    /// Things the user should know that are not faults (unknown features).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// How many times the program failed (a crash, a time-out or a broken
    /// conversation), counted against the restart budget: this copy's and
    /// those run beside it.
    pub fn failures(&self) -> usize {
        self.shared.failures.load(Ordering::Relaxed)
    }

    pub fn options(&self) -> &ExternalOptions {
        &self.options
    }

    /// Say `bye` and let the process end (killed if it lingers).
    /// Once the run is cancelled, the process is ended at once instead
    /// (each worker of `--jobs` would otherwise give its own grace).
    pub fn shutdown(&mut self) {
        let cancelled = self.options.cancel.as_ref().is_some_and(Cancel::is_cancelled);
        if let Some(mut p) = self.process.take() {
            if cancelled {
                drop(p);
            } else {
                let _ = p.send(r#"{"type":"bye"}"#);
                p.finish();
            }
        }
        self.lingering.sweep(!cancelled);
        if cancelled {
            self.lingering.end_all();
        }
    }

    fn spawn(&self) -> Result<Process, Fault> {
        Process::spawn(&self.options, self.label.clone(), self.traffic.clone())
    }

    /// Start a process and greet it: the process and its hello.
    fn handshake(&self) -> Result<(Process, super::answer::ReadHello), Fault> {
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
        if let Some(detail) = self.shared.gave_up.lock().ok().and_then(|g| g.clone()) {
            return Some(Answer::NotRun(detail));
        }
        self.hello_failed.as_ref().map(|f| {
            Answer::NotRun(format!(
                "not asked: the program did not complete the hello at the start of the run ({}):\n{}",
                f.kind.name(),
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
    fn ask_many(&mut self, requests: &[Request], cancel: &Cancel, answered: &mut dyn FnMut(usize, Answer)) {
        let n = requests.len();
        let mut answers = InOrder::new(n, answered);
        let mut next = 0;
        let mut in_flight: VecDeque<(usize, Value, Instant)> = VecDeque::new();
        let mut last_answer = Instant::now();
        let timeout = self.options.timeout;
        loop {
            if cancel.is_cancelled() {
                // Ctrl-C: stop asking; the answers so far are the run.
                return;
            }
            if in_flight.is_empty() {
                while next < n && answers.is_answered(next) {
                    next += 1;
                }
                if next >= n {
                    break;
                }
            }
            if let Some(stop) = self.stopped() {
                let waiting: Vec<usize> = answers.waiting().collect();
                for i in waiting {
                    answers.put(i, stop.clone());
                }
                return;
            }
            if self.process.is_none() {
                if let Some(&(first, ..)) = in_flight.front() {
                    next = first;
                }
                in_flight.clear();
                if let Err(f) = self.ensure_process() {
                    self.count(&f);
                    answers.put(next, Answer::Fault { kind: f.kind, detail: f.detail });
                    next += 1;
                    continue;
                }
                last_answer = Instant::now();
            }
            let Some(p) = self.process.as_mut() else { continue };
            // Top the window up when it is half empty, in one write. Each
            // request is written as it is sent, so the program starts on
            // the first while the runner writes the rest.
            let window = self.options.window.max(1);
            if in_flight.len() <= window / 2 {
                let mut batch: Vec<u8> = Vec::with_capacity(window * 256);
                let mut runs = Vec::new();
                while next < n && in_flight.len() < window {
                    if !answers.is_answered(next) {
                        let start = batch.len();
                        let seq = self.shared.next_seq();
                        // The type and the seq, then the request's own fields:
                        // its object's opening brace becomes the comma.
                        let _ = write!(batch, "{{\"type\":\"rule\",\"seq\":{seq}");
                        let brace = batch.len();
                        match serde_json::to_writer(&mut batch, &requests[next]) {
                            Ok(()) if batch.get(brace) == Some(&b'{') && batch.len() > brace + 2 => {
                                batch[brace] = b',';
                                batch.push(b'\n');
                                in_flight.push_back((next, Value::from(seq), Instant::now()));
                                if self.traffic.is_some() {
                                    runs.push(self.runs.get(next).cloned().unwrap_or_else(|| "-".to_string()));
                                }
                            }
                            written => {
                                batch.truncate(start);
                                let why = match written {
                                    Err(e) => e.to_string(),
                                    Ok(()) => "it is not an object with fields".to_string(),
                                };
                                answers.put(next, Answer::Error(format!("the runner cannot write this request: {why}")))
                            }
                        }
                    }
                    next += 1;
                }
                if let Some(t) = &self.traffic {
                    t.next_runs(p.pid(), runs);
                }
                // A process that is gone shows as the end of its stdout.
                let _ = p.send_raw(batch);
            }
            let Some((index, seq, sent_at)) = in_flight.pop_front() else { continue };
            let received = p.receive(sent_at.max(last_answer) + timeout);
            if matches!(received, Received::Cancelled) {
                // Interrupted while waiting: no outcome for this request.
                return;
            }
            let answer = match received {
                Received::Line(bytes, parsed) => match check_length(&bytes, &seq, requests[index].events.len())
                    .and_then(|()| read_answer_parsed(&bytes, parsed, &seq))
                {
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
            answers.put(index, answer);
            last_answer = Instant::now();
        }
        // Every request was answered or found unwritable; none is left.
        let waiting: Vec<usize> = answers.waiting().collect();
        for i in waiting {
            answers.put(i, Answer::Error("not asked (a bug in the runner)".into()));
        }
    }

    /// One process for this one request.
    /// (`events`: how many the request's story tells, for the answer's limit.)
    fn ask_once(&mut self, line: &str, seq: &Value, run: Option<&String>, events: usize) -> Result<Answer, Fault> {
        self.lingering.sweep(false);
        let mut p = self.spawn()?;
        if let (Some(t), Some(run)) = (&self.traffic, run) {
            t.next_runs(p.pid(), [run.clone()]);
        }
        if let Err(e) = p.send_once(line) {
            return Err(p.fail(FaultKind::Crash, format!("could not send the request ({e})")));
        }
        match p.receive(Instant::now() + self.options.timeout) {
            Received::Line(bytes, parsed) => {
                // Read already, the fast way, by the reader thread.
                let read = check_length(&bytes, seq, events).and_then(|()| read_answer_parsed(&bytes, parsed, seq));
                match read {
                    // It exits on its own; it is waited for (or killed) later.
                    Ok(answer) => {
                        self.lingering.add(p);
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
        let failures = self.shared.failures.fetch_add(1, Ordering::Relaxed) + 1;
        if failures > self.options.max_restarts {
            if let Ok(mut gave_up) = self.shared.gave_up.lock() {
                gave_up.get_or_insert_with(|| {
                    format!(
                        "not asked: the program failed {} times (crash, time-out or a protocol violation that \
                         broke the conversation), more than the {} restarts allowed (--max-restarts); the last \
                         failure was {}:\n{}",
                        failures,
                        self.options.max_restarts,
                        fault.kind.name(),
                        excerpt(&fault.detail, 600)
                    )
                });
            }
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
        crate::implementation::rule_all(self, std::slice::from_ref(request), &Cancel::new())
            .pop()
            .unwrap_or_else(|| Answer::Error("no answer".into()))
    }

    fn rule_many(&mut self, requests: &[Request], cancel: &Cancel, answered: &mut dyn FnMut(usize, Answer)) {
        // A wait for an answer ends when the run is cancelled (Ctrl-C is not kept waiting for a time limit).
        self.options.cancel = Some(cancel.clone());
        if let Some(p) = self.process.as_mut() {
            p.set_cancel(cancel.clone());
        }
        if !self.options.per_case {
            self.ask_many(requests, cancel, answered);
            self.runs.clear();
            return;
        }
        for (i, request) in requests.iter().enumerate() {
            if cancel.is_cancelled() {
                break;
            }
            let answer = match self.stopped() {
                Some(stop) => stop,
                None => {
                    let seq = Value::from(self.shared.next_seq());
                    let message = ToImplementation::Rule { seq: seq.clone(), request: request.clone() };
                    match serde_json::to_string(&message) {
                        Err(e) => Answer::Error(format!("the runner cannot write this request: {e}")),
                        Ok(line) => {
                            match self.ask_once(&line, &seq, self.runs.get(i).cloned().as_ref(), request.events.len()) {
                                Ok(answer) => answer,
                                Err(fault) => {
                                    self.count(&fault);
                                    Answer::Fault { kind: fault.kind, detail: fault.detail }
                                }
                            }
                        }
                    }
                }
            };
            if cancel.is_cancelled() {
                // Interrupted while asking: this one has no outcome.
                break;
            }
            answered(i + 1, answer);
        }
        self.runs.clear();
    }

    fn name_runs(&mut self, runs: Vec<String>) {
        self.runs = runs;
    }
}
