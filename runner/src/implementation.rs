//! Implementations under test: the reference engine in process, or any
//! program speaking the protocol (see [`crate::external`]).

use rulings_engine::protocol::{engine_hello, Hello};
use rulings_engine::{Request, Ruling};

/// What an implementation answered to one request.
// A ruling is moved once per case; boxing it would buy nothing measurable.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Ruling(Ruling),
    /// It declined the case on purpose.
    Skipped {
        reason: String,
        issue: Option<String>,
    },
    /// It could not rule and said so.
    Error(String),
    /// It was never asked: the program could not be started or greeted,
    /// or its restart budget was spent before this request.
    NotRun(String),
    /// It misbehaved: crash, time-out, a line that is not the protocol.
    Fault {
        kind: FaultKind,
        detail: String,
    },
}

/// How an implementation misbehaved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultKind {
    Crash,
    TimeOut,
    ProtocolViolation,
}

/// Something that rules on requests.
pub trait Implementation {
    fn hello(&self) -> &Hello;
    fn rule(&mut self, request: &Request) -> Answer;

    /// Rule on several requests, answering in order; `progress` is told how
    /// many are answered so far. A program may be sent several requests
    /// before it answers the first (see [`crate::external`]).
    fn rule_many(&mut self, requests: &[Request], progress: &mut dyn FnMut(usize)) -> Vec<Answer> {
        let mut out = Vec::with_capacity(requests.len());
        for r in requests {
            if crate::interrupt::requested() {
                break;
            }
            out.push(self.rule(r));
            progress(out.len());
        }
        out
    }
}

/// The reference engine, called in process.
pub struct InProcess {
    hello: Hello,
}

impl InProcess {
    pub fn new() -> InProcess {
        InProcess { hello: engine_hello() }
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
        match rulings_engine::rule(request) {
            Ok(r) => Answer::Ruling(r),
            Err(e) => Answer::Error(e.to_string()),
        }
    }
}
