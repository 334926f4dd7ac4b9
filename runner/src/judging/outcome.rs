//! Outcomes of one case against one implementation, and how a ruling is
//! judged against the case's expectation.

use std::fmt;

use rulings_engine::{Edition, Ruling};
use serde::{Deserialize, Serialize};

use crate::corpus::case::{ruling_value, Case};
use crate::implementation::{Answer, FaultKind};
use crate::judging::compare::{self, Grade};

/// What became of one run of a case, by name: the names reports, known
/// failures and the matrix use, from this one enum (serde writes and reads
/// them in kebab-case: `time-out`, `not-applicable`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OutcomeKind {
    Passed,
    Failed,
    ExpectedFailure,
    UnexpectedPass,
    NotApplicable,
    Skipped,
    Error,
    Crash,
    TimeOut,
    ProtocolViolation,
    NotRun,
}

impl OutcomeKind {
    /// Every outcome, in the order reports list them.
    pub const ALL: [OutcomeKind; 11] = [
        OutcomeKind::Passed,
        OutcomeKind::Failed,
        OutcomeKind::ExpectedFailure,
        OutcomeKind::UnexpectedPass,
        OutcomeKind::NotApplicable,
        OutcomeKind::Skipped,
        OutcomeKind::Error,
        OutcomeKind::Crash,
        OutcomeKind::TimeOut,
        OutcomeKind::ProtocolViolation,
        OutcomeKind::NotRun,
    ];

    /// The outcome's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            OutcomeKind::Passed => "passed",
            OutcomeKind::Failed => "failed",
            OutcomeKind::ExpectedFailure => "expected-failure",
            OutcomeKind::UnexpectedPass => "unexpected-pass",
            OutcomeKind::NotApplicable => "not-applicable",
            OutcomeKind::Skipped => "skipped",
            OutcomeKind::Error => "error",
            OutcomeKind::Crash => "crash",
            OutcomeKind::TimeOut => "time-out",
            OutcomeKind::ProtocolViolation => "protocol-violation",
            OutcomeKind::NotRun => "not-run",
        }
    }

    /// Does a run with this outcome make the run fail?
    pub fn is_failure(self) -> bool {
        !matches!(
            self,
            OutcomeKind::Passed | OutcomeKind::ExpectedFailure | OutcomeKind::NotApplicable | OutcomeKind::Skipped
        )
    }
}

impl fmt::Display for OutcomeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no outcome's (`OutcomeKind`'s `FromStr`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownOutcome {
    pub name: String,
}

impl fmt::Display for UnknownOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not an outcome", self.name)
    }
}

impl std::error::Error for UnknownOutcome {}

impl std::str::FromStr for OutcomeKind {
    type Err = UnknownOutcome;
    fn from_str(s: &str) -> Result<OutcomeKind, UnknownOutcome> {
        OutcomeKind::ALL.into_iter().find(|k| k.name() == s).ok_or_else(|| UnknownOutcome { name: s.to_string() })
    }
}

/// The outcome of one case (docs/protocol.md, "Time limits, faults and restarts").
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Passed,
    /// The ruling differs from the expectation; `grade` tells a wrong
    /// clause from a wrong ruling.
    Failed {
        diff: String,
        grade: Grade,
    },
    /// Any failing outcome of a case listed in the known failures.
    ExpectedFailure {
        was: Box<Outcome>,
        reason: String,
    },
    /// A case listed in the known failures passed: the list is out of date.
    UnexpectedPass {
        reason: String,
    },
    NotApplicable {
        why: String,
    },
    Skipped {
        reason: String,
    },
    Error {
        message: String,
    },
    Crash {
        detail: String,
    },
    TimeOut {
        detail: String,
    },
    ProtocolViolation {
        detail: String,
    },
    /// The program was never asked this case (it could not start, or its
    /// restarts were spent on earlier faults): a failure, but not of this case.
    NotRun {
        reason: String,
    },
}

impl Outcome {
    /// Which outcome this is.
    pub fn kind(&self) -> OutcomeKind {
        match self {
            Outcome::Passed => OutcomeKind::Passed,
            Outcome::Failed { .. } => OutcomeKind::Failed,
            Outcome::ExpectedFailure { .. } => OutcomeKind::ExpectedFailure,
            Outcome::UnexpectedPass { .. } => OutcomeKind::UnexpectedPass,
            Outcome::NotApplicable { .. } => OutcomeKind::NotApplicable,
            Outcome::Skipped { .. } => OutcomeKind::Skipped,
            Outcome::Error { .. } => OutcomeKind::Error,
            Outcome::Crash { .. } => OutcomeKind::Crash,
            Outcome::TimeOut { .. } => OutcomeKind::TimeOut,
            Outcome::ProtocolViolation { .. } => OutcomeKind::ProtocolViolation,
            Outcome::NotRun { .. } => OutcomeKind::NotRun,
        }
    }

    /// The outcome's name in reports.
    pub fn name(&self) -> &'static str {
        self.kind().name()
    }

    /// Does this outcome make the run fail?
    pub fn is_failure(&self) -> bool {
        self.kind().is_failure()
    }

    /// The grade of a failed ruling (through an expected failure too).
    pub fn grade(&self) -> Option<Grade> {
        match self {
            Outcome::Failed { grade, .. } => Some(*grade),
            Outcome::ExpectedFailure { was, .. } => was.grade(),
            _ => None,
        }
    }

    /// The text a human reads: the diff, the error, what was seen.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Outcome::Passed => None,
            Outcome::Failed { diff, .. } => Some(diff),
            Outcome::ExpectedFailure { was, .. } => was.detail(),
            Outcome::UnexpectedPass { reason } => Some(reason),
            Outcome::NotApplicable { why } => Some(why),
            Outcome::Skipped { reason } => Some(reason),
            Outcome::Error { message } => Some(message),
            Outcome::NotRun { reason } => Some(reason),
            Outcome::Crash { detail } | Outcome::TimeOut { detail } | Outcome::ProtocolViolation { detail } => {
                Some(detail)
            }
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        if let Some(d) = self.detail() {
            write!(f, ":\n{d}")?;
        }
        Ok(())
    }
}

/// One run of a case: an edition and a seat rotation (0 = as written).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    pub edition: Edition,
    pub rotation: usize,
}

impl Variant {
    /// The name of this run of `case` ([`run_name`]).
    pub fn run_name(&self, case: &Case) -> String {
        run_name(&case.name, self.edition.year(), self.rotation)
    }
}

/// The name of one run of a case, the same everywhere a run is named
/// (`cargo test`, the terminal summary, report.md, junit.xml): the case's
/// path under the corpus, then `::EDITION` when the edition is not 2017,
/// then `::rotated-N` when the seats are turned N places.
pub fn run_name(path: &str, edition: &str, rotation: usize) -> String {
    let mut name = path.to_string();
    if edition != Edition::E2017.year() {
        name.push_str(&format!("::{edition}"));
    }
    if rotation != 0 {
        name.push_str(&format!("::rotated-{rotation}"));
    }
    name
}

/// Every variant of a case: each edition it lists, in `rotations` rotations.
pub fn variants(case: &Case, rotations: usize) -> Vec<Variant> {
    case.editions
        .iter()
        .flat_map(|&edition| (0..rotations.max(1)).map(move |rotation| Variant { edition, rotation }))
        .collect()
}

/// Judge an implementation's answer to `case` run as `variant`.
///
/// The answer is to the rotated request; the ruling is rotated back before
/// it is compared, so one expectation serves all four seatings. When
/// `unrotated` (the ruling for rotation 0) is given, the rotated-back ruling
/// must also equal it in full.
pub fn judge(case: &Case, variant: Variant, answer: Answer, unrotated: Option<&Ruling>) -> Outcome {
    match answer {
        Answer::Ruling(r) => {
            let back = r.rotate((4 - variant.rotation % 4) % 4);
            let expected = case.expect.to_value();
            let actual = ruling_value(&back);
            if let Some(d) = compare::diff(&expected, &actual) {
                let diff = crate::corpus::case::Expectation::in_the_case_s_spelling(&d, case.british);
                return Outcome::Failed { diff, grade: compare::grade(&expected, &actual) };
            }
            if let Some(base) = unrotated {
                if *base != back {
                    let (base, back) = (ruling_value(base), ruling_value(&back));
                    let d = compare::diff(&base, &back).unwrap_or_default();
                    return Outcome::Failed {
                        grade: compare::grade(&base, &back),
                        diff: format!(
                            "rotating the seats by {} changed the ruling beyond the rotation \
                             (as written, against rotated and turned back):\n{d}",
                            variant.rotation
                        ),
                    };
                }
            }
            Outcome::Passed
        }
        // A ruling was asked: the program refused a call that a program
        // ruling on this story must let stand or rule on.
        Answer::Refused { event, reason } => {
            refusal_failure("a ruling", &refused_line(&case.events, variant.rotation % 4, event, &reason))
        }
        other => judge_other(other),
    }
}

/// A failed refusal check, or a refusal where a ruling was asked, written
/// as a diff of one line each way (as a wrong ruling's diff is, so that
/// summaries show it the same way).
pub fn refusal_failure(expected: &str, actual: &str) -> Outcome {
    Outcome::Failed {
        diff: format!("differs in: refusal\n--- expected\n+++ actual\n-{expected}\n+{actual}\n"),
        grade: Grade { ruling: false, clauses: true },
    }
}

/// A program's refusal of `event` in words, the event named as the program
/// was sent it (`events` as the case tells them, turned `turn` seats):
/// `refused at event 2 (S accept): too low`.
pub fn refused_line(events: &[rulings_engine::request::Event], turn: usize, event: usize, reason: &str) -> String {
    match events.get(event) {
        Some(e) => format!("refused at event {event} ({} {}): {reason}", e.seat.rotate(turn), e.action),
        None => format!("refused at event {event} (the story has {} events, from 0): {reason}", events.len()),
    }
}

/// The outcome of an answer that is neither a ruling nor a refusal:
/// skipped, error, not run, or a fault.
pub fn judge_other(answer: Answer) -> Outcome {
    match answer {
        Answer::Ruling(_) | Answer::Refused { .. } => {
            Outcome::Error { message: "a ruling or refusal judged as neither (a bug in the runner)".into() }
        }
        Answer::Skipped { reason, issue } => Outcome::Skipped {
            reason: match issue {
                Some(i) => format!("{reason} ({i})"),
                None => reason,
            },
        },
        Answer::Error(message) => Outcome::Error { message },
        Answer::NotRun(reason) => Outcome::NotRun { reason },
        Answer::Fault { kind: FaultKind::Crash, detail } => Outcome::Crash { detail },
        Answer::Fault { kind: FaultKind::TimeOut, detail } => Outcome::TimeOut { detail },
        Answer::Fault { kind: FaultKind::ProtocolViolation, detail } => Outcome::ProtocolViolation { detail },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One name per run, whoever names it: a test, a summary line, a
    /// report line (the report keeps the edition as text).
    #[test]
    fn a_run_has_one_name() {
        assert_eq!(run_name("law27/x.yaml", "2017", 0), "law27/x.yaml");
        assert_eq!(run_name("law27/x.yaml", "2007", 0), "law27/x.yaml::2007");
        assert_eq!(run_name("law27/x.yaml", "1997", 3), "law27/x.yaml::1997::rotated-3");
        let mut case = Case::for_tests(&["27B1(a)"], vec![Edition::E2007, Edition::E2017]);
        case.name = "law27/x.yaml".into();
        for edition in [Edition::E2007, Edition::E2017] {
            for rotation in 0..4 {
                let v = Variant { edition, rotation };
                assert_eq!(v.run_name(&case), run_name(&case.name, &edition.to_string(), rotation));
            }
        }
    }
}
