//! 2007 30B2(b): a double or redouble at the turn a restriction forbids it.

use crate::auction::Legality;
use crate::error::{impossible, RuleError};
use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::request::{Move, Turn};
use crate::ruling::{Irregularity, IrregularityRuling};
use crate::step::{Handoff, Next};
use crate::table::Table;

/// The clause of a restriction in force (2007 30B2(b)) that forbids `seat`
/// the call `c` now, if one does. A double or redouble that Law 19 does
/// not permit, or by a player required to pass, is an inadmissible call
/// (35A, 35B): Laws 36 and 37 take it, not the restriction.
pub(super) fn restriction_on(t: &Table, seat: Seat, c: Call) -> Option<&'static str> {
    let len = t.auction.calls().len();
    let bar = t.rotation.no_doubles.iter().find(|b| b.binds(seat, len, c))?;
    (t.auction.legality(seat, c) == Legality::Legal && !t.required_to_pass(seat)).then_some(bar.law)
}

/// A call that a restriction in force forbids at this turn (2007 30B2(b):
/// a double or redouble by the partner of the player whose pass out of
/// rotation at his turn was cancelled), waiting to be rectified.
#[derive(Debug, Clone)]
pub(crate) struct Restricted {
    pub(super) seat: Seat,
    pub(super) call: Call,
    pub(super) means: Option<Meaning>,
    pub(super) law: &'static str,
}

/// 2007 30B2(b), a double or redouble at the turn it forbids them. The
/// call is no inadmissible call of Law 35 (Law 19 permits it, and the
/// player is not required to pass), so Laws 36 and 37 do not reach it;
/// 30B2(b) says what he may call at this turn, a sufficient bid or a pass.
/// So the call is cancelled and he calls again at the same turn, the
/// restriction still in force. The cancelled call is his side's withdrawn
/// call: unauthorised to his partner (2007 16D2; 16C2 in an edition that
/// numbers it so), and, his final call for the turn being a different
/// one, the edition's Law 26 applies to it (2007 26, by its opening
/// sentence; docs/conventions.md, "2007 Laws 28-32"). Law 23, which
/// 30B2(b) names, is already listed.
pub(super) fn restricted_call(t: &mut Table, r: &Restricted) {
    t.record(IrregularityRuling::on_call(r.seat, r.call, Irregularity::CallWhenRestricted, r.law));
    let ui = t.rules.withdrawn_ui;
    t.unauthorized(r.seat.partner(), r.seat, r.call, ui);
    t.lead_after_withdrawal(r.seat, r.call, r.means.clone());
}

/// The event after a restricted call: the offender's own next call comes
/// after the director's rectification (applied first), or replaces an
/// unintended call (25A). A call by his LHO over it, before the director
/// was called, is an action of the non-offending side: the right to
/// rectification is forfeited (11A) and the call stands as made, LHO's call
/// after it (docs/conventions.md, "2007 Laws 28-32").
pub(super) fn after_restricted_call(t: &mut Table, r: Restricted, i: usize, e: &Turn) -> Result<Next, RuleError> {
    match e.action {
        Move::Call(c) if e.seat == r.seat && t.replaces_unintended(e) => {
            Ok(Next::Handoff(Handoff::UnintendedReplacesHeldCall(c)))
        }
        Move::Call(c) if e.seat == r.seat.lho() => {
            t.record(IrregularityRuling::on_call(r.seat, r.call, Irregularity::CallWhenRestricted, "11A"));
            t.stand(r.seat, r.call, r.means);
            Ok(Next::Call(c))
        }
        Move::Call(c) => {
            restricted_call(t, &r);
            Ok(Next::Call(c))
        }
        Move::Accept | Move::Reject => Err(impossible(
            i,
            format!(
                "{} says `{}`, but {}'s {} at a turn {} forbids it cannot be accepted: nobody holds an option",
                e.seat, e.action, r.seat, r.call, r.law
            ),
        )),
    }
}
