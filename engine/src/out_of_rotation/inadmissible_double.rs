//! Laws 32 and 36: an inadmissible double or redouble out of rotation.

use crate::error::{impossible, RuleError};
use crate::notation::Call;
use crate::request::{Move, Turn};
use crate::ruling::{Irregularity, IrregularityRuling};
use crate::step::{Handoff, Next};
use crate::table::{OutOfTurn, Table};

/// 36B4: an inadmissible double or redouble out of rotation is cancelled;
/// the auction goes back to the player whose turn it was; the offender may
/// make any legal call at his turn; his partner must pass whenever it is
/// his turn; 26B and 72C may apply.
pub(super) fn inadmissible_out_of_rotation(t: &mut Table, oot: &OutOfTurn) {
    let partner = oot.offender.partner();
    let law = t.rules.inadmissible.double_out_of_turn;
    t.record(entry(oot, law));
    t.impose_pass(partner, crate::ruling::Scope::RestOfAuction, law);
    t.lead_after_withdrawal(oot.offender, oot.call, None);
    t.unauthorized(partner, oot.offender, oot.call, t.rules.withdrawn_ui);
    t.may_adjust(t.rules.damage);
}

/// After an inadmissible double or redouble out of rotation: 36A if the
/// offender's LHO calls next, else the table goes on under 36B4.
pub(super) fn after_inadmissible(t: &mut Table, oot: OutOfTurn, i: usize, e: &Turn) -> Result<Next, RuleError> {
    let lho = oot.offender.lho();
    match e.action {
        // 25A1: the double was a slip the offender replaces at once, before
        // his partner calls: Law 36 rectifies only a call that was meant.
        // The call he meant is ruled where it falls (out of rotation still,
        // if it is not his turn).
        Move::Call(c) if e.seat == oot.offender && t.replaces_unintended(e) => {
            Ok(Next::Handoff(Handoff::UnintendedReplacesHeldCall(c)))
        }
        Move::Call(c) if e.seat == lho => {
            // 36A: the inadmissible call and every call after it are
            // cancelled; the auction proceeds as if nothing had happened; no
            // 26B. If LHO was the player whose turn it was, his call is that
            // call, in rotation. (Nothing was rectified while waiting.)
            t.record(entry(&oot, t.rules.inadmissible.double_condoned));
            t.unauthorized(oot.offender.partner(), oot.offender, oot.call, t.rules.withdrawn_ui);
            if lho == oot.turn {
                return Ok(Next::Call(c));
            }
            // LHO's cancelled call is the non-offending side's withdrawn
            // action: unauthorised to the offending side (16C2; 2007 16D2).
            t.unauthorized_to_offending_side(oot.offender, lho, c, t.rules.withdrawn_ui);
            Ok(Next::Done)
        }
        Move::Call(c) => {
            inadmissible_out_of_rotation(t, &oot);
            Ok(Next::Call(c))
        }
        other => Err(impossible(
            i,
            format!(
                "{} says `{other}`, but an inadmissible {} out of rotation can never be accepted (32, 36)",
                e.seat, oot.call
            ),
        )),
    }
}

/// The ruling entry: a call that is both out of rotation and inadmissible
/// is named by its Law 35 class, here 35A (`inadmissible-double`,
/// `inadmissible-redouble`), as a bid above seven or a barred player's call
/// out of rotation is (`bid-above-seven`, `call-when-required-to-pass`):
/// the law that rectifies it is Law 36, to which the opening of Law 32
/// sends it, not Laws 30-32 (docs/conventions.md, "Laws 28-34").
fn entry(oot: &OutOfTurn, law: &str) -> IrregularityRuling {
    let irregularity =
        if oot.call == Call::Redouble { Irregularity::InadmissibleRedouble } else { Irregularity::InadmissibleDouble };
    IrregularityRuling::on_call(oot.offender, oot.call, irregularity, law)
}
