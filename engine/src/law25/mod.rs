//! Law 25 (2017): changes of call.
//!
//! Two roads, chosen by the director's finding on the event that changes a
//! call (`unintended:`):
//!
//! - **25A, an unintended call** (`unintended: true`): the player may put
//!   the call he meant in place of the one he made until his partner calls
//!   (25A1, 25A4), even after the auction has ended if it ended before
//!   reaching his partner (25A5: the story has no opening lead, so the
//!   auction period is never over in it). The replacement is then the
//!   player's call at his own turn and goes through the table's ordinary
//!   classification (it may be insufficient: Law 27). Law 26 does not apply.
//!   If LHO had called over the unintended call, he may withdraw that call
//!   (25A6): the table offers him the option (`accept` keeps it, `reject`
//!   withdraws it; calling again at once withdraws it unless he repeats the
//!   same call; a call by anyone else keeps it). Information from LHO's
//!   withdrawn call is unauthorised to the replacing side.
//! - **25B, a call intended** (no finding, or `unintended: false`, and the
//!   player calls again before his LHO has called): LHO may accept the
//!   substitute (25B1; calling over it accepts). Accepted, the first call
//!   is withdrawn and the substitute stands; otherwise the substitute is
//!   cancelled and the first call stands (25B2). Either way a call was
//!   withdrawn (the first, or the cancelled substitute), and Law 26 decides
//!   on its comparability with the call that stands for that turn: not
//!   comparable, 26B lead restriction and 16C2 (25B3); comparable, 26A (no
//!   restriction, 16C off, 23C).
//!
//! The decisions where the Laws are silent are written in
//! docs/conventions.md, "Law 25".
//!
//! This file routes a change of call to its road; `unintended.rs` is 25A
//! (with LHO's call over the replaced call, 25A6), `intended.rs` 25B (with
//! the 1997 25B2 choices); `waiting.rs` what the table waits on, which both
//! build.
//!
//! **Editions** (`editions/`, docs/conventions.md "Editions"). 2007: the
//! same two roads; LHO's withdrawal is 25A4, a withdrawn call is
//! unauthorised under 16D2, and the 2007 Law 26 (26A2/26B) applies to the
//! call withdrawn under 25B whatever its meaning (2007 has no comparable
//! call). 1997: an inadvertent call replaced is 25A, with no LHO clause;
//! under 25B LHO may condone the substitute (25B1); if he does not, it is
//! cancelled and, the first call being legal, the offender lets it stand
//! with partner passing at his next turn (25B2(b)(1)) or makes another
//! legal call with his side's score capped at average minus (25B2(b)(2)),
//! lead penalties either way (25B2(c)); the first call being an
//! insufficient bid, Law 27 takes it up again (25B2(a)).

mod intended;
mod unintended;
mod waiting;

pub(crate) use intended::{intended_change, substitute_for_insufficient};
use intended::{resolve_illegal_first, resolve_offender_choice, resolve_substitute};
pub(crate) use unintended::replaces_held_call;
use unintended::{resolve_lho_call, unintended_call};
pub(crate) use waiting::Waiting;

use crate::error::RuleError;
use crate::notation::Call;
use crate::request::Turn;
use crate::step::{self, Next};
use crate::table::Table;

/// Law 25: an event that changes a call, or carries a finding that the
/// call it replaces was unintended. The table sends here every call with an
/// `unintended:` finding and every call by the player who just called,
/// made before his LHO calls.
pub(crate) fn change_of_call(t: &mut Table, i: usize, e: &Turn, c: Call) -> Result<Next, RuleError> {
    if t.replaces_unintended(e) {
        return unintended_call(t, i, e, c);
    }
    // 25A2: the call the player made was the one he meant (`unintended:
    // false`, or no finding), or (1997, 2007) he paused for thought before
    // replacing it: only 25B can help him, and only before his LHO calls.
    let turn = t.auction.next_seat();
    if !t.auction.is_over() && e.seat == turn.rho() && t.auction.has_called(e.seat) {
        return intended_change(t, e, c);
    }
    Ok(Next::Classify(c))
}

impl step::Waiting for Waiting {
    /// An event while the table waits on a Law 25 option.
    fn resolve(self: Box<Self>, t: &mut Table, i: usize, e: &Turn) -> Result<Next, RuleError> {
        match *self {
            Waiting::Substitute(s) => resolve_substitute(t, s, i, e),
            Waiting::LhoCall(l) => resolve_lho_call(t, l, i, e),
            Waiting::OffenderChooses(s) => resolve_offender_choice(t, s, i, e),
            Waiting::IllegalFirst(x) => resolve_illegal_first(t, *x, i, e),
        }
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

#[cfg(test)]
mod tests;
