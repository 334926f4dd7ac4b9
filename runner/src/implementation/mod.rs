//! Implementations under test: the reference engine in process, or any
//! program speaking the protocol ([`external`]), one copy or several side
//! by side ([`parallel`]).

pub mod engine;
pub mod external;
pub mod in_order;
pub mod parallel;

use std::time::Duration;

use rulings_engine::protocol::Hello;
use rulings_engine::{Request, Ruling};

use crate::cancel::Cancel;

pub use engine::InProcess;

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
    /// It does not let the call at `event` (its index in the request's
    /// events) stand, for `reason`: a program declaring `refusal`
    /// (docs/protocol.md).
    Refused {
        event: usize,
        reason: String,
    },
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

impl FaultKind {
    /// The name of the outcome this fault gives a case.
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::Crash => "crash",
            FaultKind::TimeOut => "time-out",
            FaultKind::ProtocolViolation => "protocol-violation",
        }
    }
}

/// Something that rules on requests.
pub trait Implementation {
    fn hello(&self) -> &Hello;
    fn rule(&mut self, request: &Request) -> Answer;

    /// The runs the requests of the next [`Implementation::rule_many`] are
    /// of, by name (for a program's traffic log); the default keeps none.
    fn name_runs(&mut self, _runs: Vec<String>) {}

    /// Rule on several requests. `answered` is given each answer in
    /// request order, as soon as it and every earlier one are in, with how
    /// many it has been given so far: the caller judges an answer while a
    /// program works on the next ones. A program may be sent several
    /// requests before it answers the first (see [`external`]). Once
    /// `cancel` is cancelled no more are asked, and the answers given are
    /// those of the first requests, up to the first one not answered.
    fn rule_many(&mut self, requests: &[Request], cancel: &Cancel, answered: &mut dyn FnMut(usize, Answer)) {
        one_by_one(requests, cancel, answered, |r| self.rule(r));
    }
}

/// Rule on each request in turn with `rule`, handing each answer on as it
/// comes ([`Implementation::rule_many`]'s way without pipelining).
pub fn one_by_one(
    requests: &[Request],
    cancel: &Cancel,
    answered: &mut dyn FnMut(usize, Answer),
    mut rule: impl FnMut(&Request) -> Answer,
) {
    for (i, r) in requests.iter().enumerate() {
        if cancel.is_cancelled() {
            break;
        }
        answered(i + 1, rule(r));
    }
}

/// Every answer of [`Implementation::rule_many`], in request order (those
/// of the first requests only, once `cancel` is cancelled).
pub fn rule_all(
    implementation: &mut (impl Implementation + ?Sized),
    requests: &[Request],
    cancel: &Cancel,
) -> Vec<Answer> {
    let mut out = Vec::with_capacity(requests.len());
    implementation.rule_many(requests, cancel, &mut |_, answer| out.push(answer));
    out
}

/// The time limit per case, for the engine in process as for a program.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);
