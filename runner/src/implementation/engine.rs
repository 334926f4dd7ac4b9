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
use crate::cancel::Cancel;

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
        self.answer_within(limit)
    }

    /// With a time limit, the requests are pipelined to the worker (up to
    /// [`WINDOW`] ahead), so that the caller judges one answer while the
    /// worker rules on the next; each answer is awaited within the limit
    /// from the one before it. After a time-out a fresh worker is sent the
    /// requests not yet answered.
    fn rule_many(&mut self, requests: &[Request], cancel: &Cancel, answered: &mut dyn FnMut(usize, Answer)) {
        let Some(limit) = self.limit else {
            return super::one_by_one(requests, cancel, answered, self.ruler);
        };
        let ruler = self.ruler;
        let mut sent = 0;
        for i in 0..requests.len() {
            if cancel.is_cancelled() {
                // The worker is let go; it stops at its next answer.
                self.worker = None;
                return;
            }
            if self.worker.is_none() {
                // A fresh worker (the first, or after a time-out) starts at
                // the first request not answered.
                sent = i;
            }
            let worker = self.worker.get_or_insert_with(|| Worker::start(ruler));
            while sent < requests.len() && sent < i + WINDOW {
                if worker.requests.send(requests[sent].clone()).is_err() {
                    break;
                }
                sent += 1;
            }
            answered(i + 1, self.answer_within(limit));
        }
    }
}

/// How many requests the worker is sent ahead of the answer awaited.
const WINDOW: usize = 32;

impl InProcess {
    /// The worker's next answer, within `limit`; after a time-out or the
    /// worker's end, the worker is let go (the next request gets a fresh one).
    fn answer_within(&mut self, limit: Duration) -> Answer {
        let Some(worker) = self.worker.as_ref() else {
            return Answer::Fault { kind: FaultKind::Crash, detail: "the engine's thread has ended".into() };
        };
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

    /// The engine, two seconds late when East deals.
    fn slow_for_east(request: &Request) -> Answer {
        if request.dealer == rulings_engine::Seat::E {
            thread::sleep(Duration::from_secs(2));
        }
        rule_now(request)
    }

    /// Pipelined, a time-out is that request's only: the ones after it are
    /// answered, in order, by a fresh worker.
    #[test]
    fn pipelined_requests_keep_their_order_and_a_time_out_its_own() {
        let mut engine = InProcess::with_limit(Some(Duration::from_millis(300)));
        engine.ruler = slow_for_east;
        let mut requests = vec![long_story(); 5];
        requests[2].dealer = rulings_engine::Seat::E;
        requests[2].events[0] = serde_json::from_value(serde_json::json!({"E": "1C"})).expect("an event");
        let mut got = Vec::new();
        engine.rule_many(&requests, &Cancel::new(), &mut |n, a| got.push((n, a)));
        assert_eq!(got.iter().map(|(n, _)| *n).collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
        for (i, (_, a)) in got.iter().enumerate() {
            if i == 2 {
                assert!(matches!(a, Answer::Fault { kind: FaultKind::TimeOut, .. }), "{a:?}");
            } else {
                assert!(
                    matches!(a, Answer::Ruling(r) if r.auction.first().is_some_and(|c| c.to_string() == "1C")),
                    "{i}: {a:?}"
                );
            }
        }
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
