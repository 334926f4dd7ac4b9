//! Law 39 (2017): calls after the final pass of the auction.

use crate::notation::{Call, Seat};
use crate::ruling::{Irregularity, IrregularityRuling};
use crate::step::Next;
use crate::table::Table;

fn ruling(offender: Seat, call: Call, law: &str) -> IrregularityRuling {
    IrregularityRuling::on_call(offender, call, Irregularity::CallAfterFinalPass, law)
}

/// 39A: every call after the final pass is cancelled; the auction stays
/// closed with its contract. Then:
/// - after a pass-out nobody plays, so nothing follows (39A alone);
/// - a pass by a defender, or any call by the future declarer or dummy: no
///   further rectification (39B);
/// - a bid, double or redouble by a defender: 26B lead restrictions on his
///   partner (39C), unless LHO calls before rectification (see `lho_called`).
///
/// On a board with a contract, the cancelled call is unauthorised to the
/// offender's partner (16C2). Returns true when 39C applied.
pub(super) fn rectify(t: &mut Table, offender: Seat, call: Call) -> bool {
    let Some(contract) = t.auction.contract() else {
        t.record(ruling(offender, call, "39A"));
        return false;
    };
    let partner = offender.partner();
    let declaring_side = offender.side() == contract.declarer.side();
    if declaring_side || call.is_pass() {
        t.record(ruling(offender, call, "39B"));
        t.unauthorized(partner, offender, call, "16C2");
        false
    } else {
        t.record(ruling(offender, call, "39C"));
        t.restrict_lead(offender, "26B");
        t.unauthorized(partner, offender, call, "16C2");
        true
    }
}

/// Does the rectification depend on whether LHO calls first? Only under
/// 39C: a bid, double or redouble by a defender on a board with a contract.
pub(super) fn waits_on_lho(t: &Table, offender: Seat, call: Call) -> bool {
    t.auction.contract().is_some_and(|c| offender.side() != c.declarer.side() && !call.is_pass())
}

/// 39B, the defender's LHO (declarer or dummy) called before rectification:
/// no further rectification of the defender's call; LHO's own call is
/// itself a call after the final pass by the declaring side (39B). `t` is
/// the table as it was before the defender's call.
pub(super) fn lho_called(t: &mut Table, offender: Seat, call: Call, lho_call: Call) -> Next {
    t.record(ruling(offender, call, "39B"));
    t.unauthorized(offender.partner(), offender, call, "16C2");
    Next::Call(lho_call)
}
