//! Laws 28B and 29: who acts after a call out of rotation, and the
//! offender's LHO's option to accept it.

use std::rc::Rc;

use super::rectification::cancel;
use super::waiting::Waiting;

use crate::error::{impossible, unsupported, RuleError};
use crate::regulations::Law28bAfterAcceptance;
use crate::request::{Move, Turn};
use crate::ruling::{Choice, Decision};
use crate::step::{Handoff, Next, Pending};
use crate::table::{AcceptedByCall, AcceptedPass, OutOfTurn, Table};

/// 29A: the offender's LHO may accept the call out of rotation.
pub(super) fn option_29a(oot: OutOfTurn) -> Pending {
    let lho = oot.offender.lho();
    Pending {
        waiting_on: lho,
        decision: Some(Decision { seat: lho, options: vec![Choice::Accept, Choice::Reject], law: "29A".into() }),
        state: Box::new(Waiting::Option(oot)),
    }
}

/// 28B, 29A, 29B: what happens to a call out of rotation, by who acts next.
pub(super) fn option(t: &mut Table, oot: OutOfTurn, i: usize, e: &Turn) -> Result<Next, RuleError> {
    let lho = oot.offender.lho();
    match e.action {
        Move::Accept if e.seat == lho => {
            accept(t, &oot);
            Ok(Next::Done)
        }
        Move::Reject if e.seat == lho => {
            cancel(t, oot, i, false)?;
            Ok(Next::Done)
        }
        // 28B: the player whose turn it was, an opponent of the offender,
        // calls first: his call is in rotation and the call out of rotation
        // is cancelled without rectification (16C2 applies, 26 does not;
        // 2007: 16D2).
        Move::Call(c) if e.seat == oot.turn && oot.turn.is_opponent_of(oot.offender) => {
            if !t.rules.deemed_in_rotation {
                // An edition whose Law 28 is not ruled (none today).
                return Err(unsupported(
                    i,
                    "28",
                    format!(
                        "{} calls at his own turn before {lho} chose on {}'s {}: the {} Law 28 (28B) is not ruled",
                        e.seat, oot.offender, oot.call, t.edition
                    ),
                ));
            }
            t.record(oot.ruling("28B"));
            let ui = t.rules.withdrawn_ui;
            t.unauthorized(oot.offender.partner(), oot.offender, oot.call, ui);
            Ok(Next::Call(c))
        }
        // 29A: the offender's LHO calls over it, and so accepts it. Under
        // the regulation `law_28b_after_acceptance: applies`, the player
        // whose turn it was (an opponent of the offender) may still call in
        // rotation as the next event (see `before_call`): keep the table as
        // it was before the acceptance.
        Move::Call(c) if e.seat == lho => {
            let late_28b = t.regulations.law_28b_after_acceptance == Law28bAfterAcceptance::Applies
                && oot.turn != lho
                && oot.turn.is_opponent_of(oot.offender);
            let before = late_28b.then(|| Rc::new(t.clone()));
            accept(t, &oot);
            if let Some(before) = before {
                t.rotation.accepted_by_call = Some(AcceptedByCall { oot, at: i, before });
            }
            Ok(Next::Call(c))
        }
        // The offender's partner calls at his own turn before LHO chose: the
        // call out of rotation was not accepted (29B), and partner's call
        // is his call under 30B1(a), 31B1 or 32B1. Under the 2007 Laws the
        // rectification may bar him (31B, 32A) or forbid him to double at
        // this turn (30B2(b)): he called before it was assessed, so it binds
        // him from his next turn, and this call stands (docs/conventions.md).
        Move::Call(c) if e.seat == oot.turn => {
            let deferred = cancel(t, oot, i, true)?;
            if deferred.is_empty() {
                return Ok(Next::Call(c));
            }
            Ok(Next::ClassifyThen(c, Box::new(deferred)))
        }
        // 25A1: the offender replaces his call out of rotation, a slip, at
        // once, while LHO's option is still open (his partner has not
        // called: that would have ended the option). The call he meant is
        // his call for that turn, subject to the appropriate law (25A1):
        // made where the slip was, it is out of rotation still, and LHO gets
        // the 29A option on it. The slip is gone without rectification, as
        // for any unintended call replaced (docs/conventions.md, Law 25).
        Move::Call(c) if e.seat == oot.offender && t.replaces_unintended(e) => {
            Ok(Next::Handoff(Handoff::UnintendedReplacesHeldCall(c)))
        }
        // Anyone else calls (the offender again, or the fourth player) while
        // LHO decides: held until the table no longer waits.
        Move::Call(_) => Ok(Next::Hold(option_29a(oot))),
        _ => Err(impossible(
            i,
            format!(
                "{} says `{}`, but the table waits on {lho}: {} called {} out of rotation ({} was to call), and only \
                 {lho} may accept it or reject it (29A)",
                e.seat, e.action, oot.offender, oot.call, oot.turn
            ),
        )),
    }
}

/// 29A: the call out of rotation stands; the players it passed over lose
/// their turn, and the offender's LHO is next.
pub(super) fn accept(t: &mut Table, oot: &OutOfTurn) {
    // Shared, not copied: the snapshot holds the earlier accepted passes'
    // snapshots, and a deep copy of each would double the cost at every pass.
    let before = Rc::new(t.clone());
    let first_missed = t.auction.calls().len();
    while t.auction.next_seat() != oot.offender {
        t.skip_turn();
    }
    if oot.call.is_pass() {
        t.rotation.accepted_passes.push(AcceptedPass { first_missed, offender: oot.offender, call: oot.call, before });
    }
    t.stand(oot.offender, oot.call, oot.means.clone());
    t.record(oot.ruling("29A"));
}
