//! Law 38 (2017): a bid of more than seven.

use crate::notation::{Call, Seat};
use crate::ruling::{Irregularity, IrregularityRuling, Scope};
use crate::step::Next;
use crate::table::Table;

/// 38A-38C: no contract above seven is ever played; the bid (and any call
/// after it) is cancelled (38B); a pass is substituted, the auction goes on
/// unless that pass ends it, and each member of the offending side must
/// pass for the rest of the auction (38C). 72C and 26B may apply (38D)
/// unless `lho_called` (38D's exception). The cancelled bid is unauthorised
/// to the partner (16C2). The substituted pass is the offender's next event.
pub(super) fn rectify(t: &mut Table, offender: Seat, call: Call, with_26b_and_72c: bool) {
    let partner = offender.partner();
    t.record(IrregularityRuling::on_call(offender, call, Irregularity::BidAboveSeven, "38C"));
    t.impose_pass(offender, Scope::RestOfAuction, "38C");
    t.impose_pass(partner, Scope::RestOfAuction, "38C");
    if with_26b_and_72c {
        t.restrict_lead(offender, "26B");
    }
    t.unauthorized(partner, offender, call, "16C2");
    if with_26b_and_72c {
        t.may_adjust("72C");
    }
}

/// 38B and 38D, LHO called before rectification: LHO's call is cancelled
/// with the bid (38B), the same obligations apply (38C), but neither 26B nor
/// 72C can be used (38D). `t` is the table as it was before the bid.
pub(super) fn lho_called(t: &mut Table, offender: Seat, call: Call) -> Next {
    rectify(t, offender, call, false);
    Next::Done
}
