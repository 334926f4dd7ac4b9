//! Laws 35 to 39: inadmissible calls (2017; 2007 and 1997 through the
//! editions table, `Rules::inadmissible`).
//!
//! Law 35 sorts the inadmissible calls and sends each to its law:
//! - 35A a double or redouble that Law 19 does not permit: Law 36 ([`law36`]);
//! - 35B a bid, double or redouble by a player required to pass: Law 37 ([`law37`]);
//! - 35C a bid of more than seven: Law 38 ([`law38`]);
//! - 35D a call after the final pass of the auction: Law 39 ([`law39`]).
//!
//! Each of 36 to 39 rules one way when the offender's LHO has called before
//! rectification and another way when he has not. In a table story that
//! difference is told by the event after the inadmissible call: if it is a
//! call by the offender's LHO, LHO called before rectification; anything
//! else (the offender's replacement, another player's action, or the end of
//! the story) means the director rectified first. So the table notes the
//! call and waits ([`Waiting`]) with nothing rectified yet: a call by LHO as
//! the very next event gets the "LHO called" rectification; any other event,
//! or the end of the story ([`settle`](crate::step::Waiting::settle)), gets
//! the "LHO has not called" one first. (A card exposed meanwhile is ruled at
//! once under Law 24, which does not depend on the call.) Nothing is copied,
//! so a story costs time in proportion to its events.
//!
//! **Editions.** The 2007 Laws 35-38 (lovboka.org/35.htm to 38.htm,
//! Norwegian; bridgeditalia.it Art. 35-38, Italian) have the 2017 structure,
//! naming Laws 23 and 26 where 2017 names 72C and 26B, and 16D for 16C; the
//! 2007 Law 39 has no provision for the defender's LHO calling first. The
//! 1997 Laws could not be read beyond their table of contents
//! (bridge.dk/laws/laws97e) and the references in 1997 Law 32: they put
//! every "LHO called before a penalty was assessed" case in Law 35
//! ("Inadmissible Call Condoned") and the penalties in 36-39, which the
//! engine rules as 2007 does, citing the Law where the section is not known
//! (docs/conventions.md, "Editions").

mod law36;
mod law37;
mod law38;
mod law39;

use crate::auction::Legality;
use crate::error::{impossible, RuleError};
use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::regulations::SubstitutedPassOutOfRotation;
use crate::request::{Move, Turn};
use crate::step::{self, Handoff, Next, Pending};
use crate::table::Table;

/// Which law an inadmissible call falls under (Law 35).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Inadmissible {
    /// 35A: a double or redouble that Law 19 does not permit.
    Double,
    /// 35B: a bid, double or redouble by a player required to pass.
    RequiredToPass,
    /// 35C: a bid of more than seven.
    AboveSeven,
    /// 35D: a call after the final pass.
    AfterFinalPass,
}

/// Law 35: is a call inadmissible, and under which law is it rectified?
/// `required_to_pass` says whether the caller is under an obligation to
/// pass at this turn. Where two descriptions fit, a bid above seven goes to
/// 38 (such a contract can never be played, 38A), and a double or redouble
/// by a player required to pass goes to 37 (see [`law37`] for how 37A's
/// reference to Law 36 is read).
pub(crate) fn law35(t: &Table, seat: Seat, call: Call, required_to_pass: bool) -> Option<Inadmissible> {
    if t.auction.is_over() {
        return Some(Inadmissible::AfterFinalPass);
    }
    if matches!(call, Call::Bid(b) if b.is_above_seven()) {
        return Some(Inadmissible::AboveSeven);
    }
    if required_to_pass && !call.is_pass() {
        return Some(Inadmissible::RequiredToPass);
    }
    match t.auction.legality(seat, call) {
        Legality::InadmissibleDouble | Legality::InadmissibleRedouble => Some(Inadmissible::Double),
        _ => None,
    }
}

/// What the table remembers while it waits to see whether the offender's
/// LHO calls before rectification.
#[derive(Debug, Clone)]
pub(crate) struct Waiting {
    kind: Kind,
    offender: Seat,
    call: Call,
    /// The meaning of the offender's call, should it stand after all (37A).
    means: Option<Meaning>,
    /// The player whose turn it was when the call was made.
    turn: Seat,
}

impl Waiting {
    /// 37B2, 38C for a call out of rotation, under the regulation
    /// `substituted_pass_out_of_rotation: where-made`: the substituted pass
    /// stands where the call was made, and the players it passed over lose
    /// their turn (the table's 17D3 keeps the auction open for them). By
    /// default the auction goes back to the player whose turn it was.
    fn substitute_where_made(&self, t: &mut Table) {
        let substitutes = matches!(self.kind, Kind::AboveSeven | Kind::RequiredToPass { .. });
        if !substitutes
            || self.offender == self.turn
            || t.regulations.substituted_pass_out_of_rotation != SubstitutedPassOutOfRotation::WhereMade
            || t.auction.is_over()
        {
            return;
        }
        // 17D3 (2007 17E2): a pass out of rotation that would end the
        // auction with a turn taken away does not; the auction goes back
        // to the player who missed his turn, as by default.
        // The turns lost: from the player whose turn it was up to the offender.
        let lost = (0..3).take_while(|k| self.turn.rotate(*k) != self.offender).count();
        let calls = t.auction.calls();
        let passes = calls.iter().rev().take_while(|c| c.is_pass()).count();
        let after_a_call = if passes < calls.len() { passes } else { passes.saturating_sub(1) };
        if after_a_call + lost + 1 >= 3 {
            return;
        }
        while t.auction.next_seat() != self.offender {
            t.skip_turn();
        }
        t.stand(self.offender, Call::Pass, None);
    }

    /// The rectification when the offender's LHO has not called before it:
    /// 36B2, 37B, 38B-38C with 26B and 72C, 39C.
    fn rectify(&self, t: &mut Table) {
        match self.kind {
            Kind::Double => {
                let law = t.rules.inadmissible.double;
                law36::not_accepted(t, self.offender, self.call, self.means.clone(), law)
            }
            Kind::RequiredToPass { .. } => law37::not_accepted(t, self.offender, self.call, self.means.clone()),
            Kind::AboveSeven => law38::rectify(t, self.offender, self.call, self.means.clone(), false),
            Kind::AfterFinalPass => {
                law39::rectify(t, self.offender, self.call, self.means.clone());
            }
        }
        self.substitute_where_made(t);
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// 36B applied; 36A if LHO calls.
    Double,
    /// 37B applied; 37A if LHO calls (36A when the call was also a double
    /// or redouble that Law 19 does not permit).
    RequiredToPass { inadmissible_double: bool },
    /// 38B-38C with 26B and 72C applied; without them (38D) if LHO calls.
    AboveSeven,
    /// 39C applied; 39B if LHO calls.
    AfterFinalPass,
}

/// Wait, with nothing rectified yet, on the event that tells whether the
/// offender's LHO called before rectification. `turn` is the player whose
/// turn it was when the call was made.
fn wait(t: &Table, kind: Kind, e: &Turn, call: Call) -> Next {
    let offender = e.seat;
    let means = e.findings.means.clone();
    let turn = t.auction.next_seat();
    let w = Waiting { kind, offender, call, means, turn };
    let waiting_on = match kind {
        // After the final pass nobody is to call: the wait only remembers.
        Kind::AfterFinalPass => offender.lho(),
        // A call out of rotation that 37B or 38 cancels (35B, 35C: those
        // laws take it wherever it was made): the auction goes back to the
        // player whose turn it was, as for any call out of rotation that is
        // cancelled (29B; 36B4 says so of the inadmissible double). The
        // pass substituted for the offender's call is his pass at his own
        // turn, which both laws require of him anyway.
        _ if offender != turn
            && t.regulations.substituted_pass_out_of_rotation == SubstitutedPassOutOfRotation::WhereMade =>
        {
            // The seat after the pass where the call was made: rectify a
            // copy to see it (17D3 may keep a lost turn's player to call).
            let mut after = t.clone();
            w.rectify(&mut after);
            after.auction.next_seat()
        }
        _ if offender != turn => turn,
        // The offender is to call again (his replacement, or the pass the
        // director substitutes).
        _ => offender,
    };
    Next::Wait(Pending { waiting_on, decision: None, state: Box::new(w) })
}

impl step::Waiting for Waiting {
    /// An event while the table waits: a call by the offender's LHO is a
    /// call before rectification; anything else comes after the director's
    /// rectification, which is applied first, and is ruled on as usual.
    fn resolve(self: Box<Self>, t: &mut Table, i: usize, e: &Turn) -> Result<Next, RuleError> {
        let w = *self;
        // 25A1: the offender puts the call he meant in place of an
        // unintended one before his partner calls: Laws 36 to 38 apply only
        // to a call the player meant, and nothing is rectified (EBU TD forum
        // discussion 115 for an inadmissible double). After the final pass
        // the call is no replacement of the offender's own (Law 39).
        if let Move::Call(c) = e.action {
            if e.seat == w.offender && t.replaces_unintended(e) && w.kind != Kind::AfterFinalPass {
                return Ok(Next::Handoff(Handoff::UnintendedReplacesHeldCall(c)));
            }
        }
        if !matches!(e.action, Move::Call(_)) || e.seat != w.offender.lho() {
            w.rectify(t);
        }
        match e.action {
            Move::Call(c) if e.seat == w.offender.lho() => Ok(match w.kind {
                Kind::Double => law36::lho_called(t, w.offender, w.call, c),
                Kind::RequiredToPass { inadmissible_double: true } => law36::lho_called(t, w.offender, w.call, c),
                Kind::RequiredToPass { inadmissible_double: false } => law37::lho_called(t, e, w.call, w.means, c)?,
                Kind::AboveSeven => {
                    let next = law38::lho_called(t, w.offender, w.call, c);
                    w.substitute_where_made(t);
                    next
                }
                Kind::AfterFinalPass => law39::lho_called(t, w.offender, w.call, c),
            }),
            Move::Call(c) => Ok(Next::Call(c)),
            Move::Accept | Move::Reject => Err(impossible(
                i,
                format!(
                    "{} says `{}`, but an inadmissible call ({} by {}) cannot be accepted: \
                 nobody holds an option (Laws 36-39)",
                    e.seat, e.action, w.call, w.offender
                ),
            )),
        }
    }

    /// The story ends while the table waits: the director rectifies as
    /// though LHO has not called; the table still shows whom it waits on.
    fn settle(&self, t: &mut Table) {
        self.rectify(t);
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

/// 35A, 36: a double or redouble in rotation that Law 19 does not permit.
pub(crate) fn inadmissible_double(t: &mut Table, _i: usize, e: &Turn, c: Call) -> Result<Next, RuleError> {
    Ok(wait(t, Kind::Double, e, c))
}

/// 35B, 37: a bid, double or redouble by a player required to pass.
pub(crate) fn call_when_required_to_pass(t: &mut Table, i: usize, e: &Turn, c: Call) -> Result<Next, RuleError> {
    if law35(t, e.seat, c, true) == Some(Inadmissible::AboveSeven) {
        return bid_above_seven(t, i, e, c);
    }
    let inadmissible_double =
        matches!(t.auction.legality(e.seat, c), Legality::InadmissibleDouble | Legality::InadmissibleRedouble);
    Ok(wait(t, Kind::RequiredToPass { inadmissible_double }, e, c))
}

/// 35C, 38: a bid of more than seven.
pub(crate) fn bid_above_seven(t: &mut Table, _i: usize, e: &Turn, c: Call) -> Result<Next, RuleError> {
    Ok(wait(t, Kind::AboveSeven, e, c))
}

/// 35D, 39: a call after the final pass.
pub(crate) fn call_after_final_pass(t: &mut Table, _i: usize, e: &Turn, c: Call) -> Result<Next, RuleError> {
    if law39::waits_on_lho(t, e.seat, c) {
        return Ok(wait(t, Kind::AfterFinalPass, e, c));
    }
    law39::rectify(t, e.seat, c, e.findings.means.clone());
    Ok(Next::Done)
}

#[cfg(test)]
mod tests;
