//! The reference engine, in process, behind the same [`Implementation`]
//! trait as a program: with a time limit per case, and a panic a crash of
//! that case rather than of the run.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::Duration;

use rulings_engine::protocol::{engine_hello, Hello};
use rulings_engine::Request;

use super::{Answer, FaultKind, Implementation, DEFAULT_TIMEOUT};

/// The reference engine, called in process. With a time limit (the
/// default), each request is ruled on a worker thread: a ruling that takes
/// longer is a time-out, the case is abandoned (a thread cannot be stopped;
/// the next request gets a fresh worker), and a panic in the engine is a
/// crash of that case, not of the run.
pub struct InProcess {
    hello: Hello,
    limit: Option<Duration>,
    worker: Option<Worker>,
    /// How a request is ruled on: the engine (tests put a slow one here).
    ruler: fn(&Request) -> Answer,
}

/// A thread that rules on the requests it is sent, one at a time.
struct Worker {
    requests: Sender<Request>,
    answers: Receiver<Answer>,
}

impl Worker {
    fn start(ruler: fn(&Request) -> Answer) -> Worker {
        let (requests, inbox) = channel::<Request>();
        let (outbox, answers) = channel();
        thread::spawn(move || {
            for request in inbox {
                if outbox.send(ruler(&request)).is_err() {
                    return;
                }
            }
        });
        Worker { requests, answers }
    }
}

impl InProcess {
    /// The engine with the default time limit per case.
    pub fn new() -> InProcess {
        InProcess::with_limit(Some(DEFAULT_TIMEOUT))
    }

    /// The engine with this time limit per case; None calls it directly
    /// (for benchmarks: no thread between the caller and the engine).
    pub fn with_limit(limit: Option<Duration>) -> InProcess {
        InProcess { hello: engine_hello(), limit, worker: None, ruler: rule_now }
    }
}

/// Rule on `request` here and now; a panic is a crash.
fn rule_now(request: &Request) -> Answer {
    match catch_unwind(AssertUnwindSafe(|| rulings_engine::rule(request))) {
        Ok(Ok(r)) => Answer::Ruling(r),
        Ok(Err(e)) => Answer::Error(e.to_string()),
        Err(panic) => Answer::Fault { kind: FaultKind::Crash, detail: rulings_engine::panic_message(&*panic) },
    }
}

impl Default for InProcess {
    fn default() -> Self {
        InProcess::new()
    }
}

impl Implementation for InProcess {
    fn hello(&self) -> &Hello {
        &self.hello
    }

    fn rule(&mut self, request: &Request) -> Answer {
        let Some(limit) = self.limit else { return (self.ruler)(request) };
        let ruler = self.ruler;
        let worker = self.worker.get_or_insert_with(|| Worker::start(ruler));
        if worker.requests.send(request.clone()).is_err() {
            self.worker = None;
            return Answer::Fault { kind: FaultKind::Crash, detail: "the engine's thread has ended".into() };
        }
        match worker.answers.recv_timeout(limit) {
            Ok(answer) => answer,
            Err(RecvTimeoutError::Timeout) => {
                self.worker = None;
                Answer::Fault {
                    kind: FaultKind::TimeOut,
                    detail: format!(
                        "the engine did not rule within the time limit of {} s (in process: the case was abandoned)",
                        limit.as_secs_f64()
                    ),
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                self.worker = None;
                Answer::Fault { kind: FaultKind::Crash, detail: "the engine's thread has ended".into() }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// North opens 1C and East bids eight spades 999 times: a long story
    /// that still takes the engine only a moment.
    fn long_story() -> Request {
        let mut events = vec![serde_json::json!({"N": "1C"})];
        events.extend((0..999).map(|_| serde_json::json!({"E": "8S"})));
        serde_json::from_value(serde_json::json!({"dealer": "N", "events": events})).expect("a request")
    }

    /// The engine, two seconds late.
    fn slow(request: &Request) -> Answer {
        thread::sleep(Duration::from_secs(2));
        rule_now(request)
    }

    #[test]
    fn a_ruling_beyond_the_time_limit_is_a_time_out_and_the_next_case_runs() {
        let mut engine = InProcess::with_limit(Some(Duration::from_millis(100)));
        engine.ruler = slow;
        let answer = engine.rule(&long_story());
        assert!(
            matches!(&answer, Answer::Fault { kind: FaultKind::TimeOut, detail } if detail.contains("time limit of 0.1 s")),
            "{answer:?}"
        );
        engine.ruler = rule_now;
        engine.limit = Some(DEFAULT_TIMEOUT);
        assert!(matches!(engine.rule(&long_story()), Answer::Ruling(_)), "a fresh worker rules on the next");
        assert!(matches!(InProcess::with_limit(None).rule(&long_story()), Answer::Ruling(_)));
    }
}
