//! Asking the program: each story, and the same story turned one seat
//! clockwise (its ruling must turn with it), and what its answers say. An
//! answer that is no ruling is never agreement: a skipped story, an error,
//! and a fault of the program (a crash, a time-out, a broken line, a
//! program that could not be run) are each told apart, never as a
//! disagreement with the reference.
//!
//! A story a program declaring `refusal` must refuse (its first irregular
//! call is of a family it does not declare) is judged by
//! [`disagreement`]: refusing that call agrees; letting it stand (a
//! ruling) or refusing another event differs, grouped by what it did, the
//! law that rectifies the call and its family; an error, a skipped story
//! and a fault are what they are elsewhere (as `rulings run` judges a
//! refusal check).

use rulings_engine::notation::Call;
use rulings_engine::refusal::{FirstIrregularCall, IrregularCall};
use rulings_engine::{Request, Ruling};

use crate::cancel::Cancel;
use crate::implementation::{Answer, Implementation};
use crate::judging::refusal::{disagreement, family};

use super::findings::{difference, Group};

/// A story to ask, the reference's ruling on it, and the call the program
/// must refuse instead of ruling, when it must (refusal).
#[derive(Debug, Clone, Copy)]
pub struct Question<'a> {
    pub story: &'a Request,
    pub reference: &'a Ruling,
    pub refusal: Option<FirstIrregularCall>,
}

/// The group key of every disagreement on a story the program must refuse
/// starts with this.
pub const REFUSAL_KEY: &str = "refusal";

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
        // refuses no call the reference rules on (it declares `refusal`): the
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

/// The verdict on an answer to a story the program must refuse: refusing
/// `expected` agrees; a ruling (the call stood) or another event refused
/// differs ([`disagreement`]); an error is an error. The group tells only of the call,
/// never of what follows it in the story (nor of the event numbers), so
/// that a bug is one group: the key `refusal (...)` saying what the program
/// did, the law that rectifies the call ([`rectifying_law`]), and its
/// family.
fn refusal_verdict(expected: &FirstIrregularCall, answer: &Answer) -> Verdict {
    let did = match answer {
        Answer::Skipped { reason, .. } => return Verdict::Skipped(reason.clone()),
        Answer::NotRun(m) => return Verdict::NotRun(m.clone()),
        Answer::Fault { kind, detail } => return Verdict::Fault(kind.name().to_string(), detail.clone()),
        Answer::Error(m) => return Verdict::Error(m.clone()),
        Answer::Ruling(_) => "the call stood",
        Answer::Refused { .. } => "another event refused",
    };
    if disagreement(expected, answer).is_none() {
        return Verdict::Agrees;
    }
    let group = Group {
        key: format!("{REFUSAL_KEY} ({did})"),
        clause: rectifying_law(expected).map(|law| law.to_string()).unwrap_or_default(),
        irregularity: family(expected.why).to_string(),
    };
    Verdict::Differs(group, vec![REFUSAL_KEY.to_string()])
}

/// The law that rectifies an irregular call: 27 an insufficient bid; 25 a
/// change of call; 30,
/// 31 or 32 a pass, a bid, or a double or redouble out of rotation; 36 an
/// inadmissible double or redouble; 38 a bid above seven; 39 a call after
/// the auction.
pub fn rectifying_law(call: &FirstIrregularCall) -> Option<u32> {
    Some(match call.why {
        IrregularCall::Insufficient => 27,
        IrregularCall::OutOfRotation => match call.call {
            Call::Pass => 30,
            Call::Bid(_) => 31,
            Call::Double | Call::Redouble => 32,
        },
        IrregularCall::ChangeOfCall => 25,
        IrregularCall::InadmissibleDouble | IrregularCall::InadmissibleRedouble => 36,
        IrregularCall::AboveSeven => 38,
        IrregularCall::AfterTheAuction => 39,
        // A kind a later engine adds: no law is guessed (the family still groups it).
        _ => return None,
    })
}

/// Ask `program` each story, and the story turned one seat; a verdict per
/// story, in order. Once `cancel` is cancelled the stories not answered
/// get none.
pub fn ask(program: &mut dyn Implementation, stories: &[Question], cancel: &Cancel) -> Vec<Verdict> {
    let mut requests = Vec::with_capacity(stories.len() * 2);
    for q in stories {
        requests.push(q.story.clone());
        requests.push(q.story.rotate(1));
    }
    let answers = crate::implementation::rule_all(program, &requests, cancel);
    let mut out = Vec::with_capacity(stories.len());
    for (k, q) in stories.iter().enumerate() {
        let (Some(a), Some(turned)) = (answers.get(2 * k), answers.get(2 * k + 1)) else {
            break;
        };
        let reference = q.reference;
        if let Some(expected) = &q.refusal {
            // The event refused does not turn with the seats.
            let mut v = refusal_verdict(expected, a);
            if v == Verdict::Agrees {
                v = match refusal_verdict(expected, turned) {
                    Verdict::Differs(mut group, keys) => {
                        group.key = format!("{} (turned one seat)", group.key);
                        Verdict::Differs(group, keys)
                    }
                    other => other,
                };
            }
            out.push(v);
            continue;
        }
        let mut v = verdict(reference, a);
        if v == Verdict::Agrees {
            // The turned story's answer, turned back, must be the same ruling.
            v = match turned {
                Answer::Ruling(t) if t.rotate(3) == *reference => Verdict::Agrees,
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
