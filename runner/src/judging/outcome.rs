//! Outcomes of one case against one implementation, and how a ruling is
//! judged against the case's expectation.

use std::fmt;

use rulings_engine::{Edition, Ruling};
use serde_json::Value;

use crate::corpus::case::Case;
use crate::judging::compare::{self, Grade};
use crate::implementation::{Answer, FaultKind};

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
    /// The outcome's name in reports.
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Passed => "passed",
            Outcome::Failed { .. } => "failed",
            Outcome::ExpectedFailure { .. } => "expected-failure",
            Outcome::UnexpectedPass { .. } => "unexpected-pass",
            Outcome::NotApplicable { .. } => "not-applicable",
            Outcome::Skipped { .. } => "skipped",
            Outcome::Error { .. } => "error",
            Outcome::Crash { .. } => "crash",
            Outcome::TimeOut { .. } => "time-out",
            Outcome::ProtocolViolation { .. } => "protocol-violation",
            Outcome::NotRun { .. } => "not-run",
        }
    }

    /// Does this outcome make the run fail?
    pub fn is_failure(&self) -> bool {
        !matches!(
            self,
            Outcome::Passed | Outcome::ExpectedFailure { .. } | Outcome::NotApplicable { .. } | Outcome::Skipped { .. }
        )
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
    /// The name of this run of `case`: its path, then the edition when the
    /// case holds for several, then the rotation when not 0.
    pub fn trial_name(&self, case: &Case) -> String {
        let mut name = case.name.clone();
        if case.editions.len() > 1 {
            name.push_str(&format!("::{}", self.edition));
        }
        if self.rotation != 0 {
            name.push_str(&format!("::rotated-{}", self.rotation));
        }
        name
    }
}

/// Every variant of a case: each edition it lists, in `rotations` rotations.
pub fn variants(case: &Case, rotations: usize) -> Vec<Variant> {
    case.editions
        .iter()
        .flat_map(|&edition| (0..rotations.max(1)).map(move |rotation| Variant { edition, rotation }))
        .collect()
}

/// The ruling as the value the expectation is compared with.
pub fn ruling_value(r: &Ruling) -> Value {
    serde_json::to_value(r).unwrap_or(Value::Null)
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
