//! Law 27 (2017): insufficient bids, with the laws it leans on: 23 (the
//! comparable call), 26B (lead restrictions), 16C (information from a
//! withdrawn call), 27D, 23C and 72C (score adjustment after play).
//!
//! The story of an insufficient bid, as the table sees it:
//!
//! 1. The offender bids insufficiently in rotation. The table waits on his
//!    LHO, who may accept it (27A1), explicitly or by calling over it.
//! 2. If LHO does not accept, the offender must replace it (27B):
//!    - 27B1(a): the lowest sufficient bid specifying the same
//!      denomination(s): no further rectification (27D may adjust);
//!    - 27B1(b): a comparable call (23A), pass, double and redouble
//!      included: no further rectification (23C and 27D may adjust);
//!    - 27B2: any other sufficient bid or a pass: partner passes for the
//!      rest of the auction, 26B, 16C, 72C;
//!    - 27B3: an attempted double or redouble that is not comparable is
//!      cancelled; the offender replaces again; partner as in B2;
//!    - 27B4: another insufficient bid: LHO may accept it, otherwise as B3.
//! 3. If the offender replaces before LHO has chosen (27C), LHO may still
//!    accept the insufficient bid (the replacement is then withdrawn);
//!    otherwise the replacement stands and B applies to it.
//!
//! Decisions taken where the Laws leave room are written in
//! docs/conventions.md, "Law 27".
//!
//! The 2007 and 1997 Laws are ruled on the same path, through the table of
//! differences in `editions/` (docs/conventions.md, "Editions"): 2007
//! 27B1(a) wants the lowest bid in the same strain with both bids natural,
//! 27B1(b) a call whose meaning is contained in the insufficient bid's,
//! and cites 16D2, 23 and the 2007 Law 26; 1997 (bridge.pro.br/leis/lei_27.htm)
//! has one free correction, B1(a), with B1(b) its adjustment clause; every
//! other correction bars partner (B2), an attempted double too (B3); its 27A
//! is one paragraph, and a second insufficient bid is one LHO may accept
//! (27A) or, refused, no correction at all (no 27B4, no bar of its own).
//!
//! A call by a player the table is not waiting on, while LHO holds an
//! option or the offender must replace, is held ([`Next::Hold`]) and ruled
//! by the director once the table no longer waits.
//!
//! This file holds LHO's options (27A, 27C, 27B4) and the table's waiting;
//! `replacement.rs` the offender's replacement and the clause it falls
//! under (27B1 to 27B3); `waiting.rs` what the table waits on, which both
//! build.

mod replacement;
mod waiting;

use replacement::{bar, comparability, replace, replace_above_seven};
pub(crate) use waiting::Waiting;
use waiting::{pending_on_lho, pending_on_offender, ruling, second_option_law, wait_on_lho, wait_on_offender};

use crate::editions::{Replacement, SecondInsufficient};
use crate::error::{impossible, RuleError};
use crate::notation::{Call, Seat};
use crate::regulations::{AcceptedSecondInsufficientBid, SecondInsufficientBid};
use crate::request::{Move, Turn};
use crate::step::{self, Handoff, Insufficient, Next, Pending};
use crate::table::Table;

/// Law 27: a bid made in rotation that does not supersede the last bid
/// (18D). The table now waits on the offender's LHO (27A1).
///
/// An insufficient bid made out of rotation never reaches this function
/// (27A2 sends it to Law 31, which the director routes to before looking at
/// sufficiency). Every edition starts the same way: LHO may accept (27A).
pub(crate) fn insufficient_bid(t: &Table, i: usize, e: &Turn, c: Call) -> Next {
    let ib = Insufficient {
        offender: e.seat,
        call: c,
        means: e.findings.means.clone(),
        repeated_out_of_rotation: t.rotation.repeated_at == Some(i),
    };
    wait_on_lho(Waiting::Option { ib: ib.clone() }, &ib, t.rules.accept_insufficient)
}

impl step::Waiting for Waiting {
    /// An event that arrives while an insufficient bid is being rectified.
    fn resolve(self: Box<Self>, t: &mut Table, i: usize, e: &Turn) -> Result<Next, RuleError> {
        match *self {
            Waiting::Option { ib } => on_option(t, ib, i, e),
            Waiting::Premature { ib, replacement } => on_premature(t, ib, replacement, i, e),
            Waiting::Replace { ib } => on_replacement(t, ib, i, e, false),
            Waiting::SecondOption { ib, second, barred } => on_second_option(t, ib, second, barred, i, e),
            Waiting::ReplaceAgain { ib } => on_replacement(t, ib, i, e, true),
        }
    }

    /// 27A1: the insufficient bid awaiting LHO's option.
    fn call_under_option(&self) -> Option<(Seat, Call)> {
        match self {
            Waiting::Option { ib } => Some((ib.offender, ib.call)),
            _ => None,
        }
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

// ---- the table waits on LHO's option ----

/// 27A1 (and 27C): LHO accepts, refuses, calls over the insufficient bid,
/// or the offender replaces it before LHO has chosen.
fn on_option(t: &mut Table, ib: Insufficient, i: usize, e: &Turn) -> Result<Next, RuleError> {
    let lho = ib.lho();
    match e.action {
        Move::Accept if e.seat == lho => {
            accept(t, &ib);
            Ok(Next::Done)
        }
        Move::Reject if e.seat == lho => Ok(wait_on_offender(Waiting::Replace { ib: ib.clone() }, &ib)),
        Move::Call(c) if e.seat == lho => {
            // 27A1: calling over the insufficient bid accepts it; LHO's call
            // is then an ordinary call, ruled on like any other.
            accept(t, &ib);
            Ok(Next::Call(c))
        }
        Move::Call(c) if e.seat == ib.offender && t.replaces_unintended(e) => {
            // 25A1 comes first: the insufficient bid was a slip (a mechanical
            // error or a slip of the tongue), replaced by the call he meant
            // before his partner called. It is not a 27C replacement.
            Ok(Next::Handoff(Handoff::UnintendedReplacesHeldCall(c)))
        }
        Move::Call(_) if e.seat == ib.offender && !t.rules.premature_replacement => {
            // 1997 has no 27C: a change of call before LHO calls is 25B's
            // (25B2(a) when LHO does not condone it).
            Ok(Next::Handoff(Handoff::SubstituteForInsufficient(ib)))
        }
        Move::Call(_) if e.seat == ib.offender => {
            // 27C: a premature replacement. LHO keeps his option.
            let w = Waiting::Premature { ib: ib.clone(), replacement: e.clone() };
            Ok(wait_on_lho(w, &ib, "27C"))
        }
        Move::Call(_) => {
            // Another player calls while LHO decides: held until the
            // table no longer waits (docs/conventions.md).
            let law = t.rules.accept_insufficient;
            Ok(Next::Hold(pending_on_lho(Waiting::Option { ib: ib.clone() }, &ib, law)))
        }
        _ => Err(while_waiting(i, e, &ib, lho, "to accept the insufficient bid or not (27A1)")),
    }
}

/// 27C: the offender has replaced his insufficient bid before LHO chose.
/// Accepting the insufficient bid withdraws the replacement; refusing, or
/// calling over the replacement, lets the replacement stand, and 27B
/// applies to it.
fn on_premature(t: &mut Table, ib: Insufficient, replacement: Turn, i: usize, e: &Turn) -> Result<Next, RuleError> {
    let lho = ib.lho();
    match e.action {
        Move::Accept if e.seat == lho => {
            // The insufficient bid stands (27A1); the premature replacement
            // is withdrawn, and what it told partner is unauthorised (16C2).
            if let Some(r) = replacement.call() {
                t.unauthorized(ib.offender.partner(), ib.offender, r, t.rules.withdrawn_ui);
            }
            accept(t, &ib);
            Ok(Next::Done)
        }
        Move::Reject if e.seat == lho => replace(t, &ib, i, &replacement, false),
        Move::Call(c) if e.seat == lho => {
            // LHO calls over the replacement: he has not accepted the
            // insufficient bid, so the substitution stands (27C) and B
            // applies to it; LHO's call then follows it.
            if replacement.call().is_some_and(|r| matches!(r, Call::Bid(b) if b.is_above_seven())) {
                // A bid of more than seven (38): 38B cancels LHO's call with it.
                return replace_above_seven(t, &ib, &replacement, false, true);
            }
            let waiting = match replace(t, &ib, i, &replacement, false)? {
                Next::Done => return Ok(Next::Call(c)),
                Next::Wait(p) => p.state.into_any().downcast::<Waiting>().ok().map(|w| *w),
                _ => None,
            };
            match waiting {
                Some(Waiting::SecondOption { ib, second, barred }) => {
                    // The substitution was itself insufficient: calling over
                    // it accepts it (27B4 with 27A1; 1997 27A).
                    accept_second(t, &ib, &second, barred);
                    Ok(Next::Call(c))
                }
                Some(w @ Waiting::ReplaceAgain { .. }) => {
                    // 27B3 cancelled the premature double or redouble: LHO's
                    // call answered a call that no longer stands, and is
                    // cancelled with it: authorised to his side (16C1),
                    // unauthorised to both players of the offending side
                    // (16C2; 2007 16D2). The offender must still replace his
                    // insufficient bid (docs/conventions.md).
                    t.unauthorized_to_offending_side(ib.offender, lho, c, t.rules.withdrawn_ui);
                    Ok(Next::Wait(Pending { waiting_on: ib.offender, decision: None, state: Box::new(w) }))
                }
                _ => Err(impossible(
                    i,
                    format!(
                        "{lho} calls {c} over {}'s premature {}, which left the table in a state Law 27 does not know",
                        ib.offender,
                        call_text(&replacement)
                    ),
                )),
            }
        }
        Move::Call(_) => {
            let w = Waiting::Premature { ib: ib.clone(), replacement };
            Ok(Next::Hold(pending_on_lho(w, &ib, "27C")))
        }
        _ => Err(while_waiting(
            i,
            e,
            &ib,
            lho,
            "to accept the insufficient bid (withdrawing the premature replacement) or not (27C)",
        )),
    }
}

/// 27B4: LHO's option over a second insufficient bid.
fn on_second_option(
    t: &mut Table,
    ib: Insufficient,
    second: Turn,
    barred: bool,
    i: usize,
    e: &Turn,
) -> Result<Next, RuleError> {
    let lho = ib.lho();
    match e.action {
        Move::Accept if e.seat == lho => {
            accept_second(t, &ib, &second, barred);
            Ok(Next::Done)
        }
        Move::Call(c) if e.seat == lho => {
            accept_second(t, &ib, &second, barred);
            Ok(Next::Call(c))
        }
        Move::Reject if e.seat == lho => {
            match t.rules.second_insufficient {
                // 27B4: not accepted, the Director rules as in 27B3: the
                // second insufficient bid is cancelled, partner passes
                // throughout. Under the regulation `second_insufficient_bid:
                // allow-correction` the cancelled bid bars nobody: the
                // offender still corrects the first one under 27B, freely
                // under B1 (the Welsh directors' page). Either way the
                // cancelled bid is unauthorised to partner.
                SecondInsufficient::RuleAsB3 => {
                    let literal = t.regulations.second_insufficient_bid == SecondInsufficientBid::LiteralBar;
                    if !barred && literal {
                        bar(t, &ib, "27B4", None);
                    }
                    if let Some(c) = second.call() {
                        t.unauthorized(ib.offender.partner(), ib.offender, c, t.rules.withdrawn_ui);
                    }
                    if barred || literal {
                        Ok(wait_on_offender(Waiting::ReplaceAgain { ib: ib.clone() }, &ib))
                    } else {
                        Ok(wait_on_offender(Waiting::Replace { ib: ib.clone() }, &ib))
                    }
                }
                // 1997: no correction (27B wants a sufficient bid or a
                // pass), so it is cancelled and the offender corrects
                // again, judged as any correction; no bar of its own.
                SecondInsufficient::AcceptOrCorrectAgain => {
                    if let Some(c) = second.call() {
                        t.unauthorized(ib.offender.partner(), ib.offender, c, t.rules.withdrawn_ui);
                    }
                    let w = if barred {
                        Waiting::ReplaceAgain { ib: ib.clone() }
                    } else {
                        Waiting::Replace { ib: ib.clone() }
                    };
                    Ok(wait_on_offender(w, &ib))
                }
            }
        }
        Move::Call(_) => {
            let law = second_option_law(t);
            Ok(Next::Hold(pending_on_lho(Waiting::SecondOption { ib: ib.clone(), second, barred }, &ib, law)))
        }
        _ => Err(while_waiting(i, e, &ib, lho, "to accept the second insufficient bid or not (27B4)")),
    }
}

/// The offender's call while he must replace his insufficient bid (27B),
/// or replace again after a cancellation (27B3, 27B4).
fn on_replacement(t: &mut Table, ib: Insufficient, i: usize, e: &Turn, again: bool) -> Result<Next, RuleError> {
    match e.action {
        Move::Call(_) if e.seat == ib.offender => replace(t, &ib, i, e, again),
        Move::Accept | Move::Reject => Err(impossible(
            i,
            format!(
                "{} says `{}`, but nobody holds an option: {} must replace the insufficient bid of {} (27B)",
                e.seat, e.action, ib.offender, ib.call
            ),
        )),
        Move::Call(_) => {
            // Another player calls while the offender must replace: held
            // until the replacement is made (docs/conventions.md).
            let w = if again { Waiting::ReplaceAgain { ib: ib.clone() } } else { Waiting::Replace { ib: ib.clone() } };
            Ok(Next::Hold(pending_on_offender(w, &ib)))
        }
    }
}

// ---- acceptance (the replacement is in replacement.rs) ----

/// 27A1: the insufficient bid is accepted and treated as legal: it stands
/// in the auction, and later bids must supersede it (18B).
fn accept(t: &mut Table, ib: &Insufficient) {
    let entry = ruling(ib, t.rules.accept_insufficient, None);
    t.stand_accepted(ib.offender, ib.call, ib.means.clone(), entry);
}

/// 27B4 with 27A1: LHO accepts the second insufficient bid, which stands.
/// When partner is not already barred, the first insufficient bid was
/// withdrawn and not corrected under 27B1: 26B may apply to it and it is
/// unauthorised to partner (16C2), but 27B4 imposes no pass.
///
/// Under the regulation `accepted_second_insufficient_bid:
/// comparable-lifts` (2017), Law 26A is read by its own words: the
/// accepted bid replaces the withdrawn one, and when it is comparable to it
/// (23A) there is no lead restriction and 16C does not apply, but 23C may.
fn accept_second(t: &mut Table, ib: &Insufficient, second: &Turn, barred: bool) {
    if !barred {
        // 1997 has no 27B4: the first bid was not accepted and was
        // corrected (27B) by a bid LHO then accepted.
        let law = match t.rules.second_insufficient {
            SecondInsufficient::RuleAsB3 => "27B4",
            SecondInsufficient::AcceptOrCorrectAgain => "27B",
        };
        let judged = (t.regulations.accepted_second_insufficient_bid == AcceptedSecondInsufficientBid::ComparableLifts
            && t.rules.replacement == Replacement::Comparable)
            .then(|| comparability(t, ib, second))
            .flatten();
        t.law_26_on_replacement(ib.offender, ib.call, ib.means.clone(), judged.is_some_and(|k| k.value));
        t.record(ruling(ib, law, judged));
    }
    if let Some(c) = second.call() {
        t.stand(ib.offender, c, second.findings.means.clone());
    }
}

/// 1997 25B2(a): a substitute for the insufficient bid was not condoned;
/// the offender is subject to Law 27 again, from LHO's option (27A1).
pub(crate) fn offer_again(t: &Table, ib: Insufficient) -> Next {
    wait_on_lho(Waiting::Option { ib: ib.clone() }, &ib, t.rules.accept_insufficient)
}

// ---- helpers ----

fn call_text(e: &Turn) -> String {
    e.action.to_string()
}

fn while_waiting(i: usize, e: &Turn, ib: &Insufficient, lho: Seat, what: &str) -> RuleError {
    match e.action {
        Move::Accept | Move::Reject => impossible(
            i,
            format!(
                "{} says `{}`, but the option over {}'s insufficient bid of {} is {lho}'s: {lho} decides {what}",
                e.seat, e.action, ib.offender, ib.call
            ),
        ),
        Move::Call(c) => impossible(
            i,
            format!("{} calls {c} while the table waits on {lho} {what}, and Law 27 holds no such call", e.seat),
        ),
    }
}

#[cfg(test)]
mod tests;
