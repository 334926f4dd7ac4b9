//! Laws 28 to 34: calls out of rotation, with Law 36 for a double or
//! redouble out of rotation that Law 19 does not permit (32, opening
//! paragraph; 36A; 36B4) and Law 17D3 (2007: 17E2) through Law 34 for passes.
//!
//! The 2017 and 2007 Laws share the procedure (28, 29, 34); what follows a
//! cancelled call (30, 31, 32) is a table in `editions/rotation.rs`
//! ([`crate::editions::Rules::cancelled`]): the 2017 comparable-call
//! scheme, or the 2007 bars (1997 31 and 32 too). This module applies
//! whichever the edition gives.
//!
//! The path of a call out of rotation:
//! - 28A: made at RHO's turn while RHO must pass: RHO's pass is recorded and
//!   the call is in rotation.
//! - 34 (17D3): a pass that would be the third pass after a call does not
//!   end the auction: it is cancelled and the player who missed his turn
//!   calls.
//! - 32/36: an inadmissible double or redouble is never accepted: ruled at
//!   once under 36B4, or under 36A if the offender's LHO calls next.
//! - otherwise the table waits on the offender's LHO (29A): `accept`, or a
//!   call over it, keeps it; `reject` cancels it (29B) and Laws 30, 31 and
//!   32 apply; a call by the player whose turn it was comes first (28B); a
//!   call by the offender's partner at his own turn ends the option (29B:
//!   a 2007 bar then binds him from his next turn); a call by anyone else is
//!   held by the director until the option is exercised.
//!
//! The 1997 Laws 31 and 32 were read, and are 2007's; 1997 Law 29 is known
//! as their preambles restate it (accept, or cancel and go back), which is
//! this procedure. The 1997 Laws 28 and 30 were not found: they are ruled
//! with the 2007 structure, and the 1997 Law 23 where it differs
//! (docs/conventions.md, "Laws 28-32 in 1997"). [`unread_law`] stays for an
//! edition whose Law 28 or 30 the engine would not rule (none today).
//!
//! Decisions where the Laws are silent are in docs/conventions.md, "Laws
//! 28-34" and, for 2007, "Editions".
//!
//! This file routes a call out of rotation and holds 28A and 34 (17D3);
//! `option.rs` who acts next and LHO's option (28B, 29); `rectification.rs`
//! what follows a cancelled call (30-32), at once and at the offender's
//! correct turn; `restricted.rs` the 2007 30B2(b) ban on doubling;
//! `inadmissible_double.rs` an inadmissible double or redouble out of
//! rotation (32, 36); `waiting.rs` what the table waits on, and the call out
//! of rotation as the rectification sees it.

mod inadmissible_double;
mod option;
mod rectification;
mod restricted;
mod waiting;

use inadmissible_double::{after_inadmissible, inadmissible_out_of_rotation};
use option::{option, option_29a};
use rectification::dispose;
use restricted::{after_restricted_call, restricted_call, restriction_on, Restricted};
pub(crate) use waiting::Waiting;

use std::rc::Rc;

use crate::auction::Legality;
use crate::editions::Whose;
use crate::error::{unsupported, RuleError};
use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::request::Turn;
use crate::step::{self, Next, Pending};
use crate::table::{AcceptedByCall, OutOfTurn, Table};

/// A call by a player whose turn it is not, where this edition's Law 28 or
/// Law 30 would rule it and the engine does not ([`Rules`] fields
/// `deemed_in_rotation`, `passes_out_of_rotation`; no edition today): not
/// yet supported.
/// - 28A: RHO must pass, so the call would be in rotation;
/// - 28B after an acceptance by calling (regulation
///   `law_28b_after_acceptance: applies`): the player whose turn was lost
///   calls next;
/// - 30: a pass out of rotation (an artificial one too: the 1997 31A sends
///   a pass of partner's conventional call at RHO's turn to 31A2(b), but
///   what rules the rest is Law 30's).
///
/// [`Rules`]: crate::editions::Rules
pub(crate) fn unread_law(t: &Table, i: usize, e: &Turn, c: Call) -> Result<(), RuleError> {
    let turn = t.auction.next_seat();
    let late_28b = t.rotation.accepted_by_call.as_ref().is_some_and(|late| late.at + 1 == i && e.seat == late.oot.turn);
    if !t.rules.deemed_in_rotation && (late_28b || (turn == e.seat.rho() && t.required_to_pass(turn))) {
        return Err(unsupported(
            i,
            "28",
            format!(
                "{}'s {c} at {turn}'s turn, which Law 28 may deem in rotation: the {} Law 28 is not ruled",
                e.seat, t.edition
            ),
        ));
    }
    if !t.rules.passes_out_of_rotation && c.is_pass() {
        return Err(unsupported(i, "30", format!("a pass out of rotation: the {} Law 30 is not ruled", t.edition)));
    }
    Ok(())
}

/// A call by a player whose turn it is not, before it is taken for a call
/// out of rotation: `Some` when the event is ruled on here and now.
///
/// - 17D3 (2017; 2007 17E2): the pass just cancelled as the third pass was
///   followed, before the director came, by its offender's LHO passing in
///   rotation over it. That pass accepted it (WBF 2017 Laws Commentary, Law
///   17, example 15) and is no offence: it is cancelled as a pass after the
///   missed turn, nothing more, and gives no unauthorised information.
/// - 28A: RHO is required to pass, so his pass is taken as made and this
///   call is in rotation.
///
/// The director then sends a bid above seven (35C, 38) and a call by a
/// player required to pass (35B, 37) to Laws 35-39 wherever it was made,
/// and anything else to [`call_out_of_rotation`].
pub(crate) fn before_call(t: &mut Table, i: usize, e: &Turn, c: Call) -> Option<Next> {
    if let Some(late) = t.rotation.accepted_by_call.take() {
        if late.at + 1 == i && e.seat == late.oot.turn {
            // 28B (regulation `law_28b_after_acceptance: applies`): no
            // rectification had been assessed when the player whose turn it
            // was called, so his call is in rotation; the accepted call out
            // of rotation and LHO's call over it are cancelled, and the
            // offending side may not use what they told it (16C2; 2007
            // 16D2). The non-offending side's cancelled call is authorised
            // to it (16C1) and not listed.
            let AcceptedByCall { oot, before, .. } = late;
            *t = Rc::unwrap_or_clone(before);
            t.record(oot.ruling("28B"));
            let ui = t.rules.withdrawn_ui;
            t.unauthorized(oot.offender.partner(), oot.offender, oot.call, ui);
            return Some(Next::Call(c));
        }
    }
    let turn = t.auction.next_seat();
    let offender = e.seat;
    if let Some((poot, at)) = t.rotation.third_pass.take() {
        if at + 1 == i && offender == poot.lho() && c.is_pass() {
            return Some(Next::Done);
        }
    }
    if turn == offender.rho() && t.required_to_pass(turn) {
        t.stand(turn, Call::Pass, None);
        return Some(Next::Call(c));
    }
    None
}

/// Laws 28-34: a call by a player whose turn it is not (after
/// [`before_call`] and Laws 37 and 38 have had their say).
pub(crate) fn call_out_of_rotation(t: &mut Table, i: usize, e: &Turn, c: Call) -> Result<Next, RuleError> {
    let turn = t.auction.next_seat();
    let offender = e.seat;
    let relation = if turn == offender.rho() {
        Whose::Rho
    } else if turn == offender.partner() {
        Whose::Partner
    } else {
        Whose::Lho
    };
    let oot = OutOfTurn {
        offender,
        call: c,
        means: e.findings.means.clone(),
        turn,
        relation,
        as_bid: c.is_pass() && (artificial(e.findings.means.as_ref()) || passes_partners_artificial_call(t, offender)),
        any_bid: t.auction.calls().iter().any(|k| k.bid().is_some()),
    };

    // 34 (17D3; 2007 17E2): a pass out of rotation that would be the third
    // pass after a call does not end the auction; it is cancelled.
    if c.is_pass() && would_be_third_pass(t) {
        t.record(oot.ruling("34"));
        let ui = t.rules.withdrawn_ui;
        t.unauthorized(offender.partner(), offender, c, ui);
        t.rotation.third_pass = Some((offender, i));
        return Ok(Next::Done);
    }

    // 32 (opening paragraph), 36: an inadmissible double or redouble out
    // of rotation is never accepted.
    if matches!(c, Call::Double | Call::Redouble) && t.auction.legality(offender, c) != Legality::Legal {
        // Nothing is rectified until the next event tells whether LHO
        // called first (36A) or not (36B4); see `after_inadmissible`.
        return Ok(Next::Wait(Pending {
            waiting_on: turn,
            decision: None,
            state: Box::new(Waiting::Inadmissible { oot }),
        }));
    }

    // 29A: the offender's LHO decides.
    Ok(Next::Wait(option_29a(oot)))
}

/// A call in rotation: 2007 30B2(b) (partner may not double or redouble at
/// the turn the auction went back to him: `Some`, the table waits, see
/// [`restricted_call`]), and the cancelled calls out of rotation waiting on
/// this player's correct turn are disposed of (2017 30B1(b), 31A, 31B2,
/// 32A, 32B2; 2007 31A, 32B).
pub(crate) fn at_turn(t: &mut Table, i: usize, e: &Turn, c: Call) -> Result<Option<Next>, RuleError> {
    let len = t.auction.calls().len();
    if let Some(law) = restriction_on(t, e.seat, c) {
        // Nothing is rectified until the next event tells whether the
        // offender's LHO called over it first; see `after_restricted_call`.
        let r = Restricted { seat: e.seat, call: c, means: e.findings.means.clone(), law };
        return Ok(Some(Next::Wait(Pending {
            waiting_on: e.seat,
            decision: None,
            state: Box::new(Waiting::Restricted(r)),
        })));
    }
    let due: Vec<usize> = t
        .rotation
        .watches
        .iter()
        .enumerate()
        // A watch is due at the offender's first call in rotation after the
        // auction went back. (`>` and `>=` rule alike: the slot the auction
        // went back to is the turn of the player he called over, never his.
        // The test matters when a 25A replacement has shortened the auction
        // below it.)
        .filter(|(_, w)| w.oot.offender == e.seat && len > w.reverted_at)
        .map(|(k, _)| k)
        .collect();
    for k in due.into_iter().rev() {
        let w = t.rotation.watches.remove(k);
        dispose(t, w, i, e, c)?;
    }
    Ok(None)
}

impl step::Waiting for Waiting {
    /// An event while the table waits after a call out of rotation.
    fn resolve(self: Box<Self>, t: &mut Table, i: usize, e: &Turn) -> Result<Next, RuleError> {
        match *self {
            Waiting::Option(oot) => option(t, oot, i, e),
            Waiting::Inadmissible { oot } => after_inadmissible(t, oot, i, e),
            Waiting::Restricted(r) => after_restricted_call(t, r, i, e),
        }
    }

    /// The story ends while the table waits after an inadmissible double or
    /// redouble out of rotation (the director rectifies under 36B4), or
    /// after a call a restriction forbids (2007 30B2(b)).
    fn settle(&self, t: &mut Table) {
        match self {
            Waiting::Inadmissible { oot } => inadmissible_out_of_rotation(t, oot),
            // The story ends at the restricted call: the director rectifies it.
            Waiting::Restricted(r) => restricted_call(t, r),
            Waiting::Option(_) => {}
        }
    }

    /// 29A: the call out of rotation awaiting LHO's option.
    fn call_under_option(&self) -> Option<(Seat, Call)> {
        match self {
            Waiting::Option(oot) => Some((oot.offender, oot.call)),
            _ => None,
        }
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

/// 34: would a pass now be the third consecutive pass after a call (or the
/// fourth pass of an auction of passes)?
fn would_be_third_pass(t: &Table) -> bool {
    let calls = t.auction.calls();
    let real: Vec<Call> = (0..calls.len()).filter(|&k| !t.auction.is_missed(k)).map(|k| calls[k]).collect();
    let run = real.iter().rev().take_while(|c| c.is_pass()).count();
    let following = if run < real.len() { run } else { run.saturating_sub(1) };
    following + 1 >= 3
}

fn artificial(means: Option<&Meaning>) -> bool {
    means.is_some_and(|m| m.is_artificial())
}

/// 30C: the last call that stands was made by the offender's partner and
/// is artificial, so a pass now would pass it.
/// (A turn lost, 29A, holds no call and so no meaning: it is never an
/// artificial call, and needs no test of its own.)
fn passes_partners_artificial_call(t: &Table, offender: Seat) -> bool {
    let Some(last) = t.auction.calls().len().checked_sub(1) else {
        return false;
    };
    t.auction.dealer().rotate(last) == offender.partner() && artificial(t.meaning_at(last))
}

#[cfg(test)]
mod tests;
