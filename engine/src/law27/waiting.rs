//! What the table waits on while an insufficient bid is rectified, and the
//! ruling entry and pending decisions built from it.

use crate::editions::SecondInsufficient;
use crate::request::Turn;
use crate::ruling::{Choice, Comparability, Decision, Irregularity, IrregularityRuling};
use crate::step::{Insufficient, Next, Pending};
use crate::table::Table;

/// What the table waits on while an insufficient bid is being rectified.
#[derive(Debug, Clone)]
pub(crate) enum Waiting {
    /// 27A1: the offender's LHO may accept the insufficient bid.
    Option { ib: Insufficient },
    /// 27C: the offender replaced it before LHO chose; LHO may still accept
    /// the insufficient bid (the replacement is then withdrawn).
    Premature { ib: Insufficient, replacement: Turn },
    /// 27B: not accepted; the offender must replace it.
    Replace { ib: Insufficient },
    /// 27B4: the offender offered another insufficient bid; LHO may accept
    /// it. `barred` is true once B3 or B4 has already silenced partner.
    SecondOption { ib: Insufficient, second: Turn, barred: bool },
    /// 27B3/27B4: an attempted replacement was cancelled; the offender must
    /// replace again, his partner already being barred.
    ReplaceAgain { ib: Insufficient },
}

/// The clause of LHO's option over a second insufficient bid: 27B4 (2017,
/// 2007); 1997 27A (any insufficient bid may be accepted).
pub(super) fn second_option_law(t: &Table) -> &'static str {
    match t.rules.second_insufficient {
        SecondInsufficient::RuleAsB3 => "27B4",
        SecondInsufficient::AcceptOrCorrectAgain => t.rules.accept_insufficient,
    }
}

pub(super) fn ruling(ib: &Insufficient, law: &str, comparable: Option<Comparability>) -> IrregularityRuling {
    IrregularityRuling {
        seat: ib.offender,
        call: Some(ib.call),
        cards: Vec::new(),
        irregularity: Irregularity::InsufficientBid,
        law: law.to_string(),
        comparable,
    }
}

/// The table waits on the offender's LHO, who holds the option of `law`.
pub(super) fn wait_on_lho(w: Waiting, ib: &Insufficient, law: &str) -> Next {
    Next::Wait(pending_on_lho(w, ib, law))
}

pub(super) fn pending_on_lho(w: Waiting, ib: &Insufficient, law: &str) -> Pending {
    let lho = ib.lho();
    Pending {
        waiting_on: lho,
        decision: Some(Decision { seat: lho, options: vec![Choice::Accept, Choice::Reject], law: law.to_string() }),
        state: Box::new(w),
    }
}

/// The table waits on the offender's replacement call.
pub(super) fn wait_on_offender(w: Waiting, ib: &Insufficient) -> Next {
    Next::Wait(pending_on_offender(w, ib))
}

pub(super) fn pending_on_offender(w: Waiting, ib: &Insufficient) -> Pending {
    Pending { waiting_on: ib.offender, decision: None, state: Box::new(w) }
}
