//! Law 25A: an unintended call replaced by the call the player meant, and
//! the call LHO made over it (25A6; 2007 25A4).

use super::waiting::{LhoCall, Waiting};

use crate::auction::Legality;
use crate::error::{impossible, RuleError};
use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::request::{Move, Turn};
use crate::ruling::{Choice, Decision, Irregularity, IrregularityRuling};
use crate::step::{Next, Pending, Then};
use crate::table::Table;

/// 25A1: replace an unintended call by the call the player meant.
///
/// 25A4: once the player's partner has called after it, no replacement:
/// the event is then the call it is at this point of the auction (in
/// rotation or not, after the final pass or not) and the finding changes
/// nothing. 25A5: an auction that ended before reaching the partner does
/// not stop the replacement, since the auction period ends only with the
/// opening lead, which no event of a story can show.
pub(super) fn unintended_call(t: &mut Table, i: usize, e: &Turn, c: Call) -> Result<Next, RuleError> {
    let seat = e.seat;
    let seated: Vec<(Seat, Call)> = t.auction.seated().collect();
    let Some(k) = seated.iter().rposition(|(s, _)| *s == seat) else {
        return Err(impossible(
            i,
            format!(
                "{seat} calls {c} with the finding `unintended: true`, but {seat} has made no call \
                 that stands for it to replace"
            ),
        ));
    };
    let partner_called = seated[k + 1..].iter().any(|(s, _)| *s == seat.partner());
    if partner_called {
        // 25A4: too late. The call is whatever it is now.
        return Ok(Next::Classify(c));
    }
    // Only LHO can have called since (rotation): his call, if any.
    let lho_call = seated.get(k + 1).map(|(s, call)| (*s, *call));
    let lho_means = lho_call.and_then(|_| t.meaning_at(k + 1).cloned());
    // 2017 25A6, 2007 25A4; 1997 by analogy with its 25B1 (editions/rules.rs).
    let lho_clause = t.rules.lho_withdrawal;
    t.take_back_acceptance(k);
    t.cancel_from(k);
    t.record(IrregularityRuling::on_call(seat, c, Irregularity::ChangeOfCall, t.rules.unintended_replaced));
    // 25A1: the intended call stands subject to the law that applies to it.
    let Some((lho, call)) = lho_call else {
        return Ok(Next::Classify(c));
    };
    let then = LhoOverReplacement { replacer: seat, k, replacement: c, lho, call, lho_means, lho_clause };
    Ok(Next::ClassifyThen(c, Box::new(then)))
}

/// 25A6: what becomes of the call LHO made over the unintended call, once
/// the replacement has been ruled on.
#[derive(Debug)]
pub(super) struct LhoOverReplacement {
    replacer: Seat,
    /// Where the replaced call stood in the auction.
    k: usize,
    replacement: Call,
    lho: Seat,
    call: Call,
    lho_means: Option<Meaning>,
    /// The clause of LHO's option, and the one that makes his withdrawn
    /// call unauthorised to the other side.
    lho_clause: (&'static str, &'static str),
}

impl Then for LhoOverReplacement {
    /// 25A6: LHO may withdraw the call he made over the unintended call. He
    /// may keep it only if the replacement stood as made and his call is
    /// still one he may make over it.
    fn then(self: Box<Self>, t: &mut Table, waiting: bool) -> Result<Next, RuleError> {
        let LhoOverReplacement { replacer: seat, k, replacement: c, lho, call, lho_means, lho_clause } = *self;
        let replaced_as_made = !waiting && t.auction.calls().len() == k + 1 && t.auction.calls()[k] == c;
        let may_keep = replaced_as_made
            && !t.auction.is_over()
            && t.auction.next_seat() == lho
            && t.auction.legality(lho, call) == Legality::Legal
            && (call.is_pass() || !t.required_to_pass(lho));
        if may_keep {
            t.stand(lho, call, lho_means);
            return Ok(Next::Wait(Pending {
                waiting_on: lho,
                decision: Some(Decision {
                    seat: lho,
                    options: vec![Choice::Accept, Choice::Reject],
                    law: lho_clause.0.to_string(),
                }),
                state: Box::new(Waiting::LhoCall(LhoCall { lho, replacer: seat, index: k + 1, call })),
            }));
        }
        // His call cannot stand over the replacement (or the replacement is
        // itself being rectified): it is withdrawn, unauthorised to both
        // players of the replacing side.
        t.unauthorized_to_offending_side(seat, lho, call, lho_clause.1);
        Ok(Next::Done)
    }
}

/// 25A1 for a call that does not stand in the auction because another law
/// holds it under rectification (an insufficient bid waiting on LHO's
/// option, say): the player replaces it, before his partner has called, by
/// the call he meant. The held call is dropped by the caller; the
/// replacement is ruled as the player's call at his turn, and Law 26 does
/// not apply. For the Law 27 module (a premature "replacement" that the
/// director finds was the correction of an unintended call).
pub(crate) fn replaces_held_call(t: &mut Table, e: &Turn, c: Call) -> Next {
    t.record(IrregularityRuling::on_call(e.seat, c, Irregularity::ChangeOfCall, t.rules.unintended_replaced));
    Next::Classify(c)
}

/// 25A6: LHO keeps the call he made over the replaced call, or withdraws it.
pub(super) fn resolve_lho_call(t: &mut Table, l: LhoCall, i: usize, e: &Turn) -> Result<Next, RuleError> {
    match (e.seat == l.lho, e.action) {
        (true, Move::Accept) => Ok(Next::Done),
        (true, Move::Reject) => {
            withdraw_lho_call(t, &l);
            Ok(Next::Done)
        }
        // Calling the same call again keeps it.
        (true, Move::Call(c)) if c == l.call && e.findings.unintended.is_none() => Ok(Next::Done),
        (true, Move::Call(c)) => {
            withdraw_lho_call(t, &l);
            Ok(Next::Call(c))
        }
        // Anyone else acting: LHO has let his call stand.
        (false, Move::Call(c)) => Ok(Next::Call(c)),
        (false, Move::Accept | Move::Reject) => Err(impossible(
            i,
            format!(
                "{} says `{}`, but the option of withdrawing {} over {}'s replaced call is {}'s (25A6)",
                e.seat, e.action, l.call, l.replacer, l.lho
            ),
        )),
    }
}

/// 25A6: LHO's call is withdrawn; he calls again. What it told is
/// authorised to his side and unauthorised to the replacing side, both its
/// players (the replacer's partner first, then the replacer).
fn withdraw_lho_call(t: &mut Table, l: &LhoCall) {
    t.cancel_from(l.index);
    t.unauthorized_to_offending_side(l.replacer, l.lho, l.call, t.rules.lho_withdrawal.1);
}
