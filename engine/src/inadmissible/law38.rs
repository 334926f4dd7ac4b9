//! Law 38: a bid of more than seven (2017 and 2007 alike, 38A-38D, citing
//! the edition's Laws 23/72C and 26; 1997: 38 when LHO has not called, 35
//! when he has).

use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::ruling::{Irregularity, IrregularityRuling, Scope};
use crate::step::Next;
use crate::table::Table;

/// 38A-38C: no contract above seven is ever played; the bid (and any call
/// after it) is cancelled (38B); a pass is substituted, the auction goes on
/// unless that pass ends it, and each member of the offending side must
/// pass for the rest of the auction (38C). 72C (2007, 1997: Law 23) and the
/// lead restrictions of Law 26 (2017: 26B) may apply (38D) unless
/// `lho_called` (38D's exception; 1997 35). The cancelled bid is
/// unauthorised to the partner (16C2; 2007 16D2). The substituted pass is
/// the offender's next event (out of rotation: his pass at his own turn,
/// the auction having gone back to the player whose turn it was; or, by
/// regulation, a pass where the bid was made: `Waiting::substitute_where_made`).
pub(super) fn rectify(t: &mut Table, offender: Seat, call: Call, means: Option<Meaning>, lho_called: bool) {
    let partner = offender.partner();
    let x = t.rules.inadmissible;
    let law = if lho_called { x.above_seven_condoned } else { x.above_seven };
    t.record(IrregularityRuling::on_call(offender, call, Irregularity::BidAboveSeven, law));
    t.impose_pass(offender, Scope::RestOfAuction, law);
    t.impose_pass(partner, Scope::RestOfAuction, law);
    if !lho_called {
        t.lead_after_withdrawal(offender, call, means);
    }
    t.unauthorized(partner, offender, call, t.rules.withdrawn_ui);
    if !lho_called {
        t.may_adjust(t.rules.damage);
    }
}

/// 38B and 38D, LHO called before rectification: LHO's call is cancelled
/// with the bid (38B), the same obligations apply (38C), but neither Law 26
/// nor 72C (2007: Law 23) can be used (38D). LHO's cancelled call, a
/// withdrawn action of the non-offending side, is unauthorised to both
/// players of the offending side (16C2's second half; 2007 16D2). `t` is
/// the table as it was before the bid.
pub(super) fn lho_called(t: &mut Table, offender: Seat, call: Call, lho_call: Call) -> Next {
    rectify(t, offender, call, None, true);
    t.unauthorized_to_offending_side(offender, offender.lho(), lho_call, t.rules.withdrawn_ui);
    Next::Done
}
