//! Law 37: a bid, double or redouble by a player who is required to pass
//! (by 27B2, 30A, 31A2(b), 36B2, 37B2, 38C and the like). 2017 and 2007
//! alike (A: LHO called; B1, B2), citing the edition's Laws 23/72C, 26 and
//! 16C/16D; 1997: Law 35 when LHO called, Law 37 otherwise.
//!
//! A double or redouble that is both by a player required to pass and not
//! permitted by Law 19 fits 35A and 35B at once. 37A sends such a call to
//! Law 36 when LHO has called before rectification, so it is then ruled
//! under 36A (everything from it on cancelled). When LHO has not called, 37B
//! applies as written: 37B names "any" double or redouble by a player
//! required to pass, and it is the stricter of the two (both members of the
//! offending side barred, where 36B bars only the partner).

use crate::error::RuleError;
use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::request::Turn;
use crate::ruling::{Irregularity, IrregularityRuling, Scope};
use crate::step::Next;
use crate::table::Table;

/// 37B, LHO has not called before rectification: the call is cancelled
/// (37B1), a pass is substituted, and each member of the offending side must
/// pass for the rest of the auction (37B2); 72C (2007, 1997: Law 23) and the
/// lead restrictions of Law 26 (2017: 26B) may apply. The cancelled call is
/// unauthorised to the partner (16C2; 2007 16D2). The substituted pass is
/// the offender's next event: the table waits on him.
pub(super) fn not_accepted(t: &mut Table, offender: Seat, call: Call, means: Option<Meaning>) {
    let partner = offender.partner();
    let law = t.rules.inadmissible.barred;
    t.record(IrregularityRuling::on_call(offender, call, Irregularity::CallWhenRequiredToPass, law));
    t.impose_pass(offender, Scope::RestOfAuction, law);
    t.impose_pass(partner, Scope::RestOfAuction, law);
    t.lead_after_withdrawal(offender, call, means);
    t.unauthorized(partner, offender, call, t.rules.withdrawn_ui);
    t.may_adjust(t.rules.damage);
}

/// 37A (1997: 35), LHO called before rectification: the offender's call and
/// every call after it stand. The offender serves a next-turn obligation
/// with it, and stays barred if he was barred for the rest of the auction.
/// No Law 26. `t` is the table as it was before the offender's call;
/// `lho_call` is then ruled on as an ordinary call over it.
///
/// A barred player's call made out of rotation stands where it was made,
/// as an accepted call out of rotation does (29A): the players it passed
/// over lose their turn (docs/conventions.md, "Laws 35-39").
pub(super) fn lho_called(
    t: &mut Table,
    e: &Turn,
    call: Call,
    means: Option<Meaning>,
    lho_call: Call,
) -> Result<Next, RuleError> {
    let offender = e.seat.rho();
    while t.auction.next_seat() != offender {
        t.skip_turn();
    }
    t.stand(offender, call, means);
    t.record(IrregularityRuling::on_call(
        offender,
        call,
        Irregularity::CallWhenRequiredToPass,
        t.rules.inadmissible.barred_condoned,
    ));
    Ok(Next::Call(lho_call))
}
