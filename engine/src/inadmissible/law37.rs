//! Law 37 (2017): a bid, double or redouble by a player who is required to
//! pass (by 27B2, 30A, 31A2(b), 36B2, 37B2, 38C and the like).
//!
//! A double or redouble that is both by a player required to pass and not
//! permitted by Law 19 fits 35A and 35B at once. 37A sends such a call to
//! Law 36 when LHO has called before rectification, so it is then ruled
//! under 36A (everything from it on cancelled). When LHO has not called, 37B
//! applies as written: 37B names "any" double or redouble by a player
//! required to pass, and it is the stricter of the two (both members of the
//! offending side barred, where 36B bars only the partner).

use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::request::Event;
use crate::ruling::{Irregularity, IrregularityRuling, Scope};
use crate::error::{unsupported, RuleError};
use crate::step::Next;
use crate::table::Table;

/// 37B, LHO has not called before rectification: the call is cancelled
/// (37B1), a pass is substituted, and each member of the offending side must
/// pass for the rest of the auction (37B2); 72C and 26B may apply. The
/// cancelled call is unauthorised to the partner (16C2). The substituted
/// pass is the offender's next event: the table waits on him.
pub(super) fn not_accepted(t: &mut Table, offender: Seat, call: Call) {
    let partner = offender.partner();
    t.record(IrregularityRuling::on_call(offender, call, Irregularity::CallWhenRequiredToPass, "37B2"));
    t.impose_pass(offender, Scope::RestOfAuction, "37B2");
    t.impose_pass(partner, Scope::RestOfAuction, "37B2");
    t.restrict_lead(offender, "26B");
    t.unauthorized(partner, offender, call, "16C2");
    t.may_adjust("72C");
}

/// 37A, LHO called before rectification: the offender's call and every call
/// after it stand. The offender serves a next-turn obligation with it, and
/// stays barred if he was barred for the rest of the auction. No 26B. `t`
/// is the table as it was before the offender's call; `lho_call` is then
/// ruled on as an ordinary call over it.
pub(super) fn lho_called(
    t: &mut Table,
    i: usize,
    e: &Event,
    call: Call,
    means: Option<Meaning>,
    lho_call: Call,
) -> Result<Next, RuleError> {
    let offender = e.seat.rho();
    if t.auction.next_seat() != offender {
        // The barred player called out of rotation as well: 37A's "the
        // calls stand" cannot place his call at a turn that was not his.
        return Err(unsupported(
            i,
            "37A",
            format!("{offender}'s {call} was out of rotation as well as barred, and {} called over it", e.seat),
        ));
    }
    t.stand(offender, call, means);
    t.record(IrregularityRuling::on_call(offender, call, Irregularity::CallWhenRequiredToPass, "37A"));
    Ok(Next::Call(lho_call))
}
