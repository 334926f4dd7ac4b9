//! Law 36: inadmissible doubles and redoubles, those that Law 19 does not
//! permit (doubling partner, doubling a double, redoubling with no double to
//! redouble, doubling when no bid has been made...). 2017 and 2007 alike
//! (A: LHO called; B1-B4), citing the edition's Laws 23/72C, 26 and 16C/16D;
//! 1997: Law 35 when LHO called, Law 36 otherwise (`Rules::inadmissible`).

use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::ruling::Scope;
use crate::ruling::{Irregularity, IrregularityRuling};
use crate::step::Next;
use crate::table::Table;

/// 36B, LHO has not called before rectification: the double or redouble is
/// cancelled (36B1); the offender must replace it with a legal call and his
/// partner must pass for the rest of the auction (36B2; 36B4 when the call
/// was also out of rotation: the auction goes back to the player whose turn
/// it was and the offender calls at his own turn). The lead restrictions of
/// Law 26 (2017: 26B) and 72C (2007, 1997: Law 23) may apply (36B3, 36B4).
/// The cancelled call is unauthorised to the partner (16C2; 2007 16D2).
pub(super) fn not_accepted(t: &mut Table, offender: Seat, call: Call, means: Option<Meaning>, law: &str) {
    let partner = offender.partner();
    t.record(IrregularityRuling::on_call(offender, call, double_irregularity(call), law));
    t.impose_pass(partner, Scope::RestOfAuction, law);
    t.lead_after_withdrawal(offender, call, means);
    t.unauthorized(partner, offender, call, t.rules.withdrawn_ui);
    t.may_adjust(t.rules.damage);
}

/// 36A (1997: 35), LHO called before rectification: the inadmissible call
/// and every call after it are cancelled, and the auction goes back to the
/// player whose turn it was, as if nothing irregular had happened. No
/// obligation to pass, and Law 26 does not apply; the cancelled double is
/// still unauthorised to the offender's partner (16C2; 2007 16D2), and
/// LHO's cancelled call, a withdrawn action of the non-offending side, is
/// unauthorised to both players of the offending side (16C2's second half;
/// 2007 16D2). `t` is the table as it was before the inadmissible call.
pub(super) fn lho_called(t: &mut Table, offender: Seat, call: Call, lho_call: Call) -> Next {
    let law = t.rules.inadmissible.double_condoned;
    t.record(IrregularityRuling::on_call(offender, call, double_irregularity(call), law));
    t.unauthorized(offender.partner(), offender, call, t.rules.withdrawn_ui);
    t.unauthorized_to_offending_side(offender, offender.lho(), lho_call, t.rules.withdrawn_ui);
    Next::Done
}

/// The name of an inadmissible double or redouble.
fn double_irregularity(call: Call) -> Irregularity {
    if call == Call::Redouble {
        Irregularity::InadmissibleRedouble
    } else {
        Irregularity::InadmissibleDouble
    }
}
