//! Law 36 (2017): inadmissible doubles and redoubles, those that Law 19
//! does not permit (doubling partner, doubling a double, redoubling with no
//! double to redouble, doubling when no bid has been made...).

use crate::notation::{Call, Seat};
use crate::ruling::IrregularityRuling;
use crate::ruling::Scope;
use crate::step::Next;
use crate::table::Table;

use super::double_irregularity;

/// 36B, LHO has not called before rectification: the double or redouble is
/// cancelled (36B1); the offender must replace it with a legal call and his
/// partner must pass for the rest of the auction (36B2; 36B4 when the call
/// was also out of rotation: the auction goes back to the player whose turn
/// it was and the offender calls at his own turn). 26B lead restrictions and
/// 72C may apply (36B3, 36B4). The cancelled call is unauthorised to the
/// partner (16C2).
pub(super) fn not_accepted(t: &mut Table, offender: Seat, call: Call, law: &str) {
    let partner = offender.partner();
    t.record(IrregularityRuling::on_call(offender, call, double_irregularity(call), law));
    t.impose_pass(partner, Scope::RestOfAuction, law);
    t.restrict_lead(offender, "26B");
    t.unauthorized(partner, offender, call, "16C2");
    t.may_adjust("72C");
}

/// 36A, LHO called before rectification: the inadmissible call and every
/// call after it are cancelled, and the auction goes back to the player
/// whose turn it was, as if nothing irregular had happened. No obligation
/// to pass, and 26B does not apply; the cancelled double is still
/// unauthorised to the offender's partner (16C2). `t` is the table as it
/// was before the inadmissible call.
pub(super) fn lho_called(t: &mut Table, offender: Seat, call: Call) -> Next {
    t.record(IrregularityRuling::on_call(offender, call, double_irregularity(call), "36A"));
    t.unauthorized(offender.partner(), offender, call, "16C2");
    Next::Done
}
