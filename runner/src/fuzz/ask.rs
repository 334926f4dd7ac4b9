//! Asking the program: each story, and the same story turned one seat
//! clockwise (its ruling must turn with it), and what its answers say. An
//! answer that is no ruling is never agreement: a skipped story, an error,
//! and a fault of the program (a crash, a time-out, a broken line, a
//! program that could not be run) are each told apart, never as a
//! disagreement with the reference.

use rulings_engine::{Request, Ruling};

use crate::cancel::Cancel;
use crate::implementation::{Answer, Implementation};

use super::findings::{difference, Group};

/// What the program's answers to one story say.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Agrees,
    /// It ruled otherwise than the reference: the group, and every key
    /// that differs.
    Differs(Group, Vec<String>),
    /// It declined the story on purpose: its reason.
    Skipped(String),
    /// It could not rule and said so.
    Error(String),
    /// It misbehaved (crash, time-out, protocol violation): the fault's
    /// name and detail.
    Fault(String, String),
    /// It was not asked: it could not be started, or its restarts are spent.
    NotRun(String),
}

/// The verdict on one answer against the reference.
fn verdict(reference: &Ruling, answer: &Answer) -> Verdict {
    match answer {
        Answer::Ruling(r) if r == reference => Verdict::Agrees,
        Answer::Ruling(r) => match difference(reference, r) {
            Some((group, keys)) => Verdict::Differs(group, keys),
            None => Verdict::Agrees,
        },
        Answer::Skipped { reason, .. } => Verdict::Skipped(reason.clone()),
        Answer::Error(m) => Verdict::Error(m.clone()),
        Answer::NotRun(m) => Verdict::NotRun(m.clone()),
        Answer::Fault { kind, detail } => Verdict::Fault(kind.name().to_string(), detail.clone()),
        // Asked only stories within its declared features, a program
        // refuses no call the reference rules on (issue 24: refusal): the
        // refusal is the difference, grouped by the clause of the
        // reference's first ruling entry.
        Answer::Refused { event, .. } => {
            let first = reference.rulings.first();
            let group = Group {
                key: format!("refusal (of event {event})"),
                clause: first.map_or_else(|| "-".to_string(), |e| e.law.clone()),
                irregularity: super::findings::story_irregularity(reference),
            };
            Verdict::Differs(group, vec!["refusal".to_string()])
        }
    }
}

/// Ask `program` each story (with the reference's ruling on it), and the
/// story turned one seat; a verdict per story, in order. Once `cancel` is
/// cancelled the stories not answered get none.
pub fn ask(program: &mut dyn Implementation, stories: &[(&Request, &Ruling)], cancel: &Cancel) -> Vec<Verdict> {
    let mut requests = Vec::with_capacity(stories.len() * 2);
    for (s, _) in stories {
        requests.push((*s).clone());
        requests.push(s.rotate(1));
    }
    let answers = program.rule_many(&requests, cancel, &mut |_, _| {});
    let mut out = Vec::with_capacity(stories.len());
    for (k, (_, reference)) in stories.iter().enumerate() {
        let (Some(a), Some(turned)) = (answers.get(2 * k), answers.get(2 * k + 1)) else {
            break;
        };
        let mut v = verdict(reference, a);
        if v == Verdict::Agrees {
            // The turned story's answer, turned back, must be the same ruling.
            v = match turned {
                Answer::Ruling(t) if t.rotate(3) == **reference => Verdict::Agrees,
                Answer::Ruling(t) => match difference(reference, &t.rotate(3)) {
                    Some((mut group, keys)) => {
                        group.key = format!("{} (turned one seat)", group.key);
                        Verdict::Differs(group, keys)
                    }
                    None => Verdict::Agrees,
                },
                other => verdict(&reference.rotate(1), other),
            };
        }
        out.push(v);
    }
    out
}
