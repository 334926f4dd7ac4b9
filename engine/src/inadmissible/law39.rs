//! Law 39: calls after the final pass of the auction (2017; 2007 has the
//! same A, B and C but no provision for the defender's LHO calling first;
//! 1997 rules that case under Law 35).

use crate::meanings::Meaning;
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
/// - a bid, double or redouble by a defender: the lead restrictions of Law
///   26 on his partner (39C; 2017: 26B), unless LHO calls before
///   rectification (see `lho_called`).
///
/// On a board with a contract, the cancelled call is unauthorised to the
/// offender's partner (16C2; 2007 16D2). Returns true when 39C applied.
pub(super) fn rectify(t: &mut Table, offender: Seat, call: Call, means: Option<Meaning>) -> bool {
    let x = t.rules.inadmissible;
    let Some(contract) = t.auction.contract() else {
        t.record(ruling(offender, call, x.after_pass_out));
        return false;
    };
    let partner = offender.partner();
    let declaring_side = offender.side() == contract.declarer.side();
    if declaring_side || call.is_pass() {
        t.record(ruling(offender, call, x.after_final_pass));
        t.unauthorized(partner, offender, call, t.rules.withdrawn_ui);
        false
    } else {
        t.record(ruling(offender, call, x.after_final_pass_by_defender));
        t.lead_after_withdrawal(offender, call, means);
        t.unauthorized(partner, offender, call, t.rules.withdrawn_ui);
        true
    }
}

/// Does the rectification depend on whether LHO calls first? Only for a
/// bid, double or redouble by a defender on a board with a contract, and
/// only where the edition has a provision for LHO calling first (2017 39B,
/// 1997 35; not 2007).
pub(super) fn waits_on_lho(t: &Table, offender: Seat, call: Call) -> bool {
    t.rules.inadmissible.after_final_pass_condoned.is_some()
        && t.auction.contract().is_some_and(|c| offender.side() != c.declarer.side() && !call.is_pass())
}

/// 39B (1997: 35), the defender's LHO (declarer or dummy) called before
/// rectification: no further rectification of the defender's call; LHO's
/// own call is itself a call after the final pass by the declaring side
/// (39B). `t` is the table as it was before the defender's call.
pub(super) fn lho_called(t: &mut Table, offender: Seat, call: Call, lho_call: Call) -> Next {
    let x = t.rules.inadmissible;
    t.record(ruling(offender, call, x.after_final_pass_condoned.unwrap_or(x.after_final_pass)));
    t.unauthorized(offender.partner(), offender, call, t.rules.withdrawn_ui);
    Next::Call(lho_call)
}
