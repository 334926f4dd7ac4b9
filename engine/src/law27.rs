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
//! differences in `editions.rs` (docs/conventions.md, "Editions"): 2007
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

use crate::editions::{Replacement, RotationScheme, SameDenomination, SecondInsufficient};
use crate::error::{impossible, RuleError};
use crate::law23;
use crate::meanings::{denominations_specified, Meaning};
use crate::notation::{Bid, Call, Seat, Strain};
use crate::regulations::{AcceptedSecondInsufficientBid, InsufficientBidOutOfRotation, SecondInsufficientBid};
use crate::request::{Action, Event};
use crate::ruling::{Choice, Comparability, Decision, Irregularity, IrregularityRuling, Scope};
use crate::step::{self, Handoff, Insufficient, Next, Pending};
use crate::table::Table;

/// What the table waits on while an insufficient bid is being rectified.
#[derive(Debug, Clone)]
pub(crate) enum Waiting {
    /// 27A1: the offender's LHO may accept the insufficient bid.
    Option { ib: Insufficient },
    /// 27C: the offender replaced it before LHO chose; LHO may still accept
    /// the insufficient bid (the replacement is then withdrawn).
    Premature { ib: Insufficient, replacement: Event },
    /// 27B: not accepted; the offender must replace it.
    Replace { ib: Insufficient },
    /// 27B4: the offender offered another insufficient bid; LHO may accept
    /// it. `barred` is true once B3 or B4 has already silenced partner.
    SecondOption { ib: Insufficient, second: Event, barred: bool },
    /// 27B3/27B4: an attempted replacement was cancelled; the offender must
    /// replace again, his partner already being barred.
    ReplaceAgain { ib: Insufficient },
}

/// Law 27: a bid made in rotation that does not supersede the last bid
/// (18D). The table now waits on the offender's LHO (27A1).
///
/// An insufficient bid made out of rotation never reaches this function
/// (27A2 sends it to Law 31, which the director routes to before looking at
/// sufficiency). Every edition starts the same way: LHO may accept (27A).
pub(crate) fn insufficient_bid(t: &Table, i: usize, e: &Event, c: Call) -> Next {
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
    fn resolve(self: Box<Self>, t: &mut Table, i: usize, e: &Event) -> Result<Next, RuleError> {
        match *self {
            Waiting::Option { ib } => on_option(t, ib, i, e),
            Waiting::Premature { ib, replacement } => on_premature(t, ib, replacement, i, e),
            Waiting::Replace { ib } => on_replacement(t, ib, i, e, false),
            Waiting::SecondOption { ib, second, barred } => on_second_option(t, ib, second, barred, i, e),
            Waiting::ReplaceAgain { ib } => on_replacement(t, ib, i, e, true),
        }
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

// ---- the table waits on LHO's option ----

/// 27A1 (and 27C): LHO accepts, refuses, calls over the insufficient bid,
/// or the offender replaces it before LHO has chosen.
fn on_option(t: &mut Table, ib: Insufficient, i: usize, e: &Event) -> Result<Next, RuleError> {
    let lho = ib.lho();
    match e.action {
        Action::Accept if e.seat == lho => {
            accept(t, &ib);
            Ok(Next::Done)
        }
        Action::Reject if e.seat == lho => Ok(wait_on_offender(Waiting::Replace { ib: ib.clone() }, &ib)),
        Action::Call(c) if e.seat == lho => {
            // 27A1: calling over the insufficient bid accepts it; LHO's call
            // is then an ordinary call, ruled on like any other.
            accept(t, &ib);
            Ok(Next::Call(c))
        }
        Action::Call(c) if e.seat == ib.offender && e.findings.unintended == Some(true) => {
            // 25A1 comes first: the insufficient bid was a slip (a mechanical
            // error or a slip of the tongue), replaced by the call he meant
            // before his partner called. It is not a 27C replacement.
            Ok(Next::Handoff(Handoff::UnintendedReplacesHeldCall(c)))
        }
        Action::Call(_) if e.seat == ib.offender && !t.rules.premature_replacement => {
            // 1997 has no 27C: a change of call before LHO calls is 25B's
            // (25B2(a) when LHO does not condone it).
            Ok(Next::Handoff(Handoff::SubstituteForInsufficient(ib)))
        }
        Action::Call(_) if e.seat == ib.offender => {
            // 27C: a premature replacement. LHO keeps his option.
            let w = Waiting::Premature { ib: ib.clone(), replacement: e.clone() };
            Ok(wait_on_lho(w, &ib, "27C"))
        }
        Action::Call(_) => {
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
fn on_premature(t: &mut Table, ib: Insufficient, replacement: Event, i: usize, e: &Event) -> Result<Next, RuleError> {
    let lho = ib.lho();
    match e.action {
        Action::Accept if e.seat == lho => {
            // The insufficient bid stands (27A1); the premature replacement
            // is withdrawn, and what it told partner is unauthorised (16C2).
            if let Some(r) = replacement.call() {
                t.unauthorized(ib.offender.partner(), ib.offender, r, t.rules.withdrawn_ui);
            }
            accept(t, &ib);
            Ok(Next::Done)
        }
        Action::Reject if e.seat == lho => replace(t, &ib, i, &replacement, false),
        Action::Call(c) if e.seat == lho => {
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
                    // cancelled with it (as a call over a withdrawn call, 16C1:
                    // authorised to his side). The offender must still
                    // replace his insufficient bid (docs/conventions.md).
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
        Action::Call(_) => {
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
    second: Event,
    barred: bool,
    i: usize,
    e: &Event,
) -> Result<Next, RuleError> {
    let lho = ib.lho();
    match e.action {
        Action::Accept if e.seat == lho => {
            accept_second(t, &ib, &second, barred);
            Ok(Next::Done)
        }
        Action::Call(c) if e.seat == lho => {
            accept_second(t, &ib, &second, barred);
            Ok(Next::Call(c))
        }
        Action::Reject if e.seat == lho => {
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
        Action::Call(_) => {
            let law = second_option_law(t);
            Ok(Next::Hold(pending_on_lho(Waiting::SecondOption { ib: ib.clone(), second, barred }, &ib, law)))
        }
        _ => Err(while_waiting(i, e, &ib, lho, "to accept the second insufficient bid or not (27B4)")),
    }
}

/// The offender's call while he must replace his insufficient bid (27B),
/// or replace again after a cancellation (27B3, 27B4).
fn on_replacement(t: &mut Table, ib: Insufficient, i: usize, e: &Event, again: bool) -> Result<Next, RuleError> {
    match e.action {
        Action::Cards(_) => Err(impossible(i, "a card event reached Law 27; cards are ruled under Law 24 first")),
        Action::Call(_) if e.seat == ib.offender => replace(t, &ib, i, e, again),
        Action::Accept | Action::Reject => Err(impossible(
            i,
            format!(
                "{} says `{}`, but nobody holds an option: {} must replace the insufficient bid of {} (27B)",
                e.seat, e.action, ib.offender, ib.call
            ),
        )),
        Action::Call(_) => {
            // Another player calls while the offender must replace: held
            // until the replacement is made (docs/conventions.md).
            let w = if again { Waiting::ReplaceAgain { ib: ib.clone() } } else { Waiting::Replace { ib: ib.clone() } };
            Ok(Next::Hold(pending_on_offender(w, &ib)))
        }
    }
}

// ---- the replacement ----

/// 27B: classify the offender's replacement `r` and apply the clause it
/// falls under. `again` is true when partner is already barred (a
/// replacement after a cancellation under B3 or B4).
fn replace(t: &mut Table, ib: &Insufficient, i: usize, r: &Event, again: bool) -> Result<Next, RuleError> {
    let Some(c) = r.call() else {
        return Err(impossible(i, "a replacement must be a call"));
    };
    match c {
        Call::Bid(b) if b.is_above_seven() => replace_above_seven(t, ib, r, again, false),
        Call::Bid(b) if t.auction.is_insufficient(b) => {
            // 27B4 (1997: 27A, any insufficient bid): another insufficient
            // bid; LHO may accept it.
            let w = Waiting::SecondOption { ib: ib.clone(), second: r.clone(), barred: again };
            Ok(wait_on_lho(w, ib, second_option_law(t)))
        }
        _ if again => Ok(replace_again(t, ib, r, c)),
        Call::Bid(b) => {
            if lowest_same_denomination(t, ib, b, r) {
                // 27B1(a): no further rectification; 26B and 16C (2007: 16D)
                // do not apply; 27D may adjust (1997: no such clause).
                t.record(ruling(ib, "27B1(a)", None));
                if let Some(law) = t.rules.after_correction {
                    t.may_adjust(law);
                }
                t.stand(ib.offender, c, r.findings.means.clone());
                return Ok(Next::Done);
            }
            sufficient_or_pass(t, ib, r, c);
            Ok(Next::Done)
        }
        Call::Pass => {
            same_denomination_needs_a_bid(r, i)?;
            sufficient_or_pass(t, ib, r, c);
            Ok(Next::Done)
        }
        Call::Double | Call::Redouble => {
            same_denomination_needs_a_bid(r, i)?;
            let comparable = comparability(t, ib, r);
            if let Some(yes) = comparable.filter(|k| k.value && admissible(t, ib.offender, c)) {
                // 27B1(b): a comparable double or redouble stands.
                comparable_call(t, ib, r, c, yes);
                return Ok(Next::Done);
            }
            // 27B3: the attempted double or redouble is cancelled; the
            // offender must still replace; partner passes throughout.
            bar(t, ib, "27B3", comparable);
            t.unauthorized(ib.offender.partner(), ib.offender, c, t.rules.withdrawn_ui);
            Ok(wait_on_offender(Waiting::ReplaceAgain { ib: ib.clone() }, ib))
        }
    }
}

/// 27B1(b) or 27B2 for a sufficient bid (not B1(a)) or a pass.
fn sufficient_or_pass(t: &mut Table, ib: &Insufficient, r: &Event, c: Call) {
    let comparable = comparability(t, ib, r);
    if let Some(yes) = comparable.filter(|k| k.value) {
        comparable_call(t, ib, r, c, yes);
    } else {
        // 27B2: partner must pass whenever it is his turn; 26B; 16C; 72C
        // (2007: Law 26, 16D, 23; 1997: also when either bid may have been
        // conventional, Law 26, 16C2, 23).
        bar(t, ib, "27B2", comparable);
        t.stand(ib.offender, c, r.findings.means.clone());
    }
}

/// A replacement after 27B3 or 27B4 has cancelled an attempt: partner is
/// already barred, so any legal call simply stands; a double or redouble
/// stands only as 27B1(b) allows, otherwise it is cancelled again.
fn replace_again(t: &mut Table, ib: &Insufficient, r: &Event, c: Call) -> Next {
    if matches!(c, Call::Double | Call::Redouble) {
        let comparable = comparability(t, ib, r).is_some_and(|k| k.value);
        if !(comparable && admissible(t, ib.offender, c)) {
            t.unauthorized(ib.offender.partner(), ib.offender, c, t.rules.withdrawn_ui);
            return wait_on_offender(Waiting::ReplaceAgain { ib: ib.clone() }, ib);
        }
    }
    t.stand(ib.offender, c, r.findings.means.clone());
    Next::Done
}

/// 27B1(b): a comparable replacement stands; no further rectification, but
/// the score may be adjusted under 23C (which names 27B1(b)) and 27D.
///
/// 2007: a replacement of the same or a more precise meaning; only 27D
/// (there is no 23C), and since the 2007 B1(b), unlike B1(a), does not
/// switch off Law 16D, the insufficient bid is unauthorised to partner
/// (16D2).
fn comparable_call(t: &mut Table, ib: &Insufficient, r: &Event, c: Call, comparable: Comparability) {
    t.record(ruling(ib, "27B1(b)", Some(comparable)));
    if t.rules.replacement == Replacement::Comparable {
        t.may_adjust("23C");
    }
    if let Some(law) = t.rules.after_correction {
        t.may_adjust(law);
    }
    if !t.rules.b1b_keeps_information_authorised {
        t.unauthorized(ib.offender.partner(), ib.offender, ib.call, t.rules.withdrawn_ui);
    }
    t.stand(ib.offender, c, r.findings.means.clone());
}

/// 27B2, 27B3 and (not accepted) 27B4: the offender's partner must pass
/// whenever it is his turn; 26B lead restrictions; the withdrawn
/// insufficient bid is unauthorised to partner (16C2); 72C.
///
/// The clauses are the edition's: 2007 cites Law 26 (26A2 or 26B), 16D2
/// and 23; 1997 Law 26, 16C2 and 23.
///
/// Under the regulation `insufficient_bid_out_of_rotation: law-31-bar`
/// (2017), an insufficient bid out of rotation that was repeated under 31A1
/// stays Law 31's: partner passes at his next turn only, under 31A2(b),
/// which names 16C, 26B and 72C too.
fn bar(t: &mut Table, ib: &Insufficient, law: &str, comparable: Option<Comparability>) {
    let law31 = ib.repeated_out_of_rotation
        && t.regulations.insufficient_bid_out_of_rotation == InsufficientBidOutOfRotation::Law31Bar
        && t.rules.rotation == Some(RotationScheme::Comparable);
    let (scope, law) = if law31 { (Scope::NextTurn, "31A2(b)") } else { (Scope::RestOfAuction, law) };
    t.impose_pass(ib.offender.partner(), scope, law);
    t.lead_after_withdrawal(ib.offender, ib.call, ib.means.clone());
    t.unauthorized(ib.offender.partner(), ib.offender, ib.call, t.rules.withdrawn_ui);
    t.may_adjust(t.rules.damage);
    t.record(ruling(ib, law, comparable));
}

/// 27B1(a): is the sufficient bid `b` the lowest sufficient bid that
/// specifies the same denomination(s) as the insufficient bid?
///
/// The director's finding `same_denomination:` on the replacement decides
/// when present. Otherwise both calls' denominations come from their
/// meanings (a natural bid specifies its strain, a transfer the suit it
/// shows); they must be the same, not empty, and no lower sufficient bid
/// may specify them naturally (a natural bid in that one strain below `b`).
///
/// 2007 and 1997: the lowest sufficient bid in the strain the insufficient
/// bid named, both bids natural in the director's opinion ("incontrovertibly
/// not artificial", 1997 "not conventional"): without a finding, a bid is
/// natural when its meaning is not `artificial` and shows no other
/// denomination than its own strain.
fn lowest_same_denomination(t: &Table, ib: &Insufficient, b: Bid, r: &Event) -> bool {
    if let Some(finding) = r.findings.same_denomination {
        return finding;
    }
    if t.rules.same_denomination == SameDenomination::NaturalStrain {
        let Call::Bid(w) = ib.call else {
            return false;
        };
        let last = t.auction.last_bid().map(|(_, l)| l);
        return w.strain == b.strain
            && Bid::lowest_sufficient(b.strain, last) == b
            && natural(ib.call, ib.means.as_ref())
            && natural(Call::Bid(b), r.findings.means.as_ref());
    }
    let withdrawn = denominations_specified(ib.call, ib.means.as_ref());
    let replacement = denominations_specified(Call::Bid(b), r.findings.means.as_ref());
    if withdrawn.is_empty() || withdrawn != replacement {
        return false;
    }
    match withdrawn.as_slice() {
        [strain] => !natural_bid_lower(t, *strain, b),
        _ => true,
    }
}

/// Is there a sufficient bid in `strain` lower than `b` (which would
/// specify that strain naturally)?
fn natural_bid_lower(t: &Table, strain: Strain, b: Bid) -> bool {
    let last = t.auction.last_bid().map(|(_, l)| l);
    Bid::lowest_sufficient(strain, last).rank() < b.rank()
}

/// `same_denomination:` is an opinion about a bid (27B1(a)); on a pass,
/// double or redouble the story cannot be right.
fn same_denomination_needs_a_bid(r: &Event, i: usize) -> Result<(), RuleError> {
    match (r.findings.same_denomination, r.call()) {
        (Some(true), Some(c)) => Err(impossible(
            i,
            format!(
                "`same_denomination: true` on {c}: 27B1(a) concerns a replacement bid, not a pass, double or redouble"
            ),
        )),
        _ => Ok(()),
    }
}

/// 23A through Law 23's module: the director's finding on the replacement
/// wins, otherwise the two written meanings are compared.
///
/// 2007: the narrower "same or more precise meaning" test of 27B1(b);
/// 1997: no such route (None: nothing was decided).
fn comparability(t: &Table, ib: &Insufficient, r: &Event) -> Option<Comparability> {
    let (w, m, finding) = (ib.means.as_ref(), r.findings.means.as_ref(), r.findings.comparable);
    match t.rules.replacement {
        Replacement::Comparable => Some(law23::comparable(w, m, finding, &t.regulations)),
        Replacement::SameOrMorePrecise => Some(law23::same_or_more_precise(w, m, finding)),
        Replacement::None => None,
    }
}

/// 2007 and 1997 27B1(a): is this bid natural ("incontrovertibly not
/// artificial", 1997 "not conventional")? With no meaning written, yes; with
/// one, when it is not `artificial` and shows no denomination but its own.
fn natural(c: Call, means: Option<&Meaning>) -> bool {
    let Call::Bid(b) = c else {
        return false;
    };
    match means {
        None => true,
        Some(m) => !m.is_artificial() && m.shows.as_ref().is_none_or(|s| s.as_slice() == [b.strain]),
    }
}

/// Law 19: may the offender make this double or redouble now?
fn admissible(t: &Table, seat: Seat, c: Call) -> bool {
    match c {
        Call::Double => t.auction.may_double(seat),
        Call::Redouble => t.auction.may_redouble(seat),
        _ => true,
    }
}

// ---- acceptance ----

/// 27A1: the insufficient bid is accepted and treated as legal: it stands
/// in the auction, and later bids must supersede it (18B).
fn accept(t: &mut Table, ib: &Insufficient) {
    t.record(ruling(ib, t.rules.accept_insufficient, None));
    t.stand(ib.offender, ib.call, ib.means.clone());
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
fn accept_second(t: &mut Table, ib: &Insufficient, second: &Event, barred: bool) {
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
        if let Some(yes) = judged.filter(|k| k.value) {
            t.may_adjust("23C");
            t.record(ruling(ib, law, Some(yes)));
        } else {
            t.lead_after_withdrawal(ib.offender, ib.call, ib.means.clone());
            t.unauthorized(ib.offender.partner(), ib.offender, ib.call, t.rules.withdrawn_ui);
            t.record(ruling(ib, law, judged));
        }
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

/// The clause of LHO's option over a second insufficient bid: 27B4 (2017,
/// 2007); 1997 27A (any insufficient bid may be accepted).
fn second_option_law(t: &Table) -> &'static str {
    match t.rules.second_insufficient {
        SecondInsufficient::RuleAsB3 => "27B4",
        SecondInsufficient::AcceptOrCorrectAgain => t.rules.accept_insufficient,
    }
}

/// The insufficient bid replaced by a bid of more than seven (35C, 38):
/// 38C substitutes a pass for it, so the insufficient bid is corrected by a
/// pass (27B2: partner barred, unless B3 or B4 barred him already); then
/// the bid above seven is Law 38's, which the director rules (`lho_follows`:
/// LHO has called over it, the event now being ruled, so 38B cancels his
/// call and 38D applies).
fn replace_above_seven(
    t: &mut Table,
    ib: &Insufficient,
    r: &Event,
    again: bool,
    lho_follows: bool,
) -> Result<Next, RuleError> {
    if !again {
        let pass = Event { action: Action::Call(Call::Pass), ..r.clone() };
        let comparable = comparability(t, ib, &pass);
        bar(t, ib, "27B2", comparable);
    }
    Ok(Next::Handoff(Handoff::AboveSeven { replacement: r.clone(), lho_follows }))
}

// ---- helpers ----

fn ruling(ib: &Insufficient, law: &str, comparable: Option<Comparability>) -> IrregularityRuling {
    IrregularityRuling {
        seat: ib.offender,
        call: Some(ib.call),
        cards: Vec::new(),
        irregularity: Irregularity::InsufficientBid,
        law: law.to_string(),
        comparable,
    }
}

/// The table waits on the offender's LHO, who holds the option of `law`.
fn wait_on_lho(w: Waiting, ib: &Insufficient, law: &str) -> Next {
    Next::Wait(pending_on_lho(w, ib, law))
}

fn pending_on_lho(w: Waiting, ib: &Insufficient, law: &str) -> Pending {
    let lho = ib.lho();
    Pending {
        waiting_on: lho,
        decision: Some(Decision { seat: lho, options: vec![Choice::Accept, Choice::Reject], law: law.to_string() }),
        state: Box::new(w),
    }
}

/// The table waits on the offender's replacement call.
fn wait_on_offender(w: Waiting, ib: &Insufficient) -> Next {
    Next::Wait(pending_on_offender(w, ib))
}

fn pending_on_offender(w: Waiting, ib: &Insufficient) -> Pending {
    Pending { waiting_on: ib.offender, decision: None, state: Box::new(w) }
}

fn call_text(e: &Event) -> String {
    e.action.to_string()
}

fn while_waiting(i: usize, e: &Event, ib: &Insufficient, lho: Seat, what: &str) -> RuleError {
    match e.action {
        Action::Cards(_) => impossible(i, "a card event reached Law 27; cards are ruled under Law 24 first"),
        Action::Accept | Action::Reject => impossible(
            i,
            format!(
                "{} says `{}`, but the option over {}'s insufficient bid of {} is {lho}'s: {lho} decides {what}",
                e.seat, e.action, ib.offender, ib.call
            ),
        ),
        Action::Call(c) => impossible(
            i,
            format!("{} calls {c} while the table waits on {lho} {what}, and Law 27 holds no such call", e.seat),
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::meanings::Meaning;
    use crate::notation::{Call, Seat, Strain, Vulnerability};
    use crate::request::{Edition, Event, Request};
    use crate::ruling::{Basis, Choice, Doubling, Irregularity, Ruling, Scope, Status};
    use crate::{rule, RuleError};

    /// A story: "N:1S E:1H S:reject E:2H", each step `SEAT:ACTION`.
    fn story(dealer: Seat, steps: &str) -> Request {
        let events = steps
            .split_whitespace()
            .map(|s| {
                let (seat, action) = s.split_once(':').expect("test steps are SEAT:ACTION");
                Event::new(seat.parse().expect("test seat"), action.parse().expect("test action"))
            })
            .collect();
        Request { edition: Edition::E2017, dealer, vulnerable: Vulnerability::None, events, regulations: None }
    }

    fn ruled(r: &Request) -> Ruling {
        match rule(r) {
            Ok(x) => x,
            Err(e) => panic!("no ruling: {e}"),
        }
    }

    fn calls(text: &str) -> Vec<Call> {
        text.split_whitespace().map(|c| c.parse().expect("test call")).collect()
    }

    /// Put findings on the event at `index`.
    fn with(mut r: Request, index: usize, f: impl FnOnce(&mut Event)) -> Request {
        f(&mut r.events[index]);
        r
    }

    #[test]
    fn lho_holds_the_option_first() {
        let r = ruled(&story(Seat::N, "N:1S E:1H"));
        assert_eq!(r.status, Status::Decision);
        assert_eq!(r.next, Some(Seat::S));
        let d = r.decision.expect("a decision");
        assert_eq!((d.seat, d.law.as_str()), (Seat::S, "27A1"));
        assert_eq!(d.options, vec![Choice::Accept, Choice::Reject]);
        assert_eq!(r.auction, calls("1S"));
        assert!(r.rulings.is_empty());
    }

    #[test]
    fn explicit_acceptance_lets_the_bid_stand_and_later_bids_supersede_it() {
        let r = ruled(&story(Seat::N, "N:1S E:1H S:accept S:1S W:P N:P E:P"));
        assert_eq!(r.auction, calls("1S 1H 1S P P P"));
        assert_eq!(r.rulings.len(), 1);
        assert_eq!(r.rulings[0].law, "27A1");
        assert!(r.must_pass.is_empty() && r.lead_restrictions.is_empty());
        assert!(r.unauthorized_information.is_empty() && r.score_adjustment.is_empty());
        let c = r.contract.expect("a contract");
        assert_eq!((c.bid.to_string(), c.declarer), ("1S".to_string(), Seat::N));
    }

    #[test]
    fn calling_over_it_accepts_it() {
        let r = ruled(&story(Seat::N, "N:1S E:1H S:P W:P N:P"));
        assert_eq!(r.status, Status::Closed);
        assert_eq!(r.auction, calls("1S 1H P P P"));
        assert_eq!(r.rulings[0].law, "27A1");
        let c = r.contract.expect("a contract");
        assert_eq!((c.bid.to_string(), c.declarer), ("1H".to_string(), Seat::E));
    }

    #[test]
    fn lowest_bid_in_the_same_suit_is_b1a() {
        let r = ruled(&story(Seat::N, "N:1S E:1H S:reject"));
        assert_eq!((r.status, r.next, r.decision.clone()), (Status::Auction, Some(Seat::E), None));
        let r = ruled(&story(Seat::N, "N:1S E:1H S:reject E:2H"));
        assert_eq!(r.auction, calls("1S 2H"));
        assert_eq!(r.next, Some(Seat::S));
        assert_eq!(r.rulings[0].law, "27B1(a)");
        assert!(r.rulings[0].comparable.is_none());
        assert!(r.must_pass.is_empty() && r.lead_restrictions.is_empty() && r.unauthorized_information.is_empty());
        assert_eq!(r.score_adjustment, vec!["27D"]);
    }

    #[test]
    fn any_other_bid_or_pass_bars_partner() {
        for replacement in ["1NT", "2D", "4H", "3H", "P"] {
            let r = ruled(&story(Seat::N, &format!("N:1S E:1H S:reject E:{replacement}")));
            assert_eq!(r.rulings[0].law, "27B2", "{replacement}");
            assert_eq!(r.rulings[0].comparable.map(|c| (c.value, c.basis)), Some((false, Basis::Default)));
            assert_eq!(r.must_pass.len(), 1);
            let m = &r.must_pass[0];
            assert_eq!((m.seat, m.scope, m.law.as_str(), m.in_force), (Seat::W, Scope::RestOfAuction, "27B2", true));
            assert_eq!(r.lead_restrictions[0].seat, Seat::W);
            assert_eq!(r.unauthorized_information[0].seat, Seat::W);
            assert_eq!(r.unauthorized_information[0].law, "16C2");
            assert_eq!(r.score_adjustment, vec!["72C"]);
        }
        // 26B: after 4H, declarer may forbid any suit East did not specify.
        let r = ruled(&story(Seat::N, "N:1S E:1H S:reject E:4H"));
        assert_eq!(r.lead_restrictions[0].declarer_may_prohibit_one_of, vec![Strain::C, Strain::D, Strain::S]);
    }

    #[test]
    fn the_bar_holds_to_the_end_and_lead_restriction_only_if_offender_defends() {
        // E-W defend 4S: West is on lead restriction.
        let r = ruled(&story(Seat::N, "N:1S E:1H S:reject E:2D S:4S W:P N:P E:P"));
        assert_eq!(r.status, Status::Closed);
        assert!(!r.must_pass[0].in_force);
        assert_eq!(r.lead_restrictions.len(), 1);
        assert_eq!(r.lead_restrictions[0].declarer_may_prohibit_one_of, vec![Strain::C, Strain::H, Strain::S]);
        // E-W declare 2D: no lead restriction.
        let r = ruled(&story(Seat::N, "N:1S E:1H S:reject E:2D S:P W:P N:P"));
        assert_eq!(r.contract.expect("contract").declarer, Seat::E);
        assert!(r.lead_restrictions.is_empty());
        // A call by the barred partner other than pass is Law 37's business.
        let r = ruled(&story(Seat::N, "N:1S E:1H S:reject E:2D S:P W:3D"));
        let last = r.rulings.last().expect("a ruling on West's 3D");
        assert_eq!(last.irregularity, Irregularity::CallWhenRequiredToPass);
        assert_eq!(last.seat, Seat::W);
    }

    #[test]
    fn comparable_replacement_by_finding_is_b1b() {
        let r = with(story(Seat::N, "N:1S E:1H S:reject E:1NT"), 3, |e| e.findings.comparable = Some(true));
        let r = ruled(&r);
        assert_eq!(r.rulings[0].law, "27B1(b)");
        assert_eq!(r.rulings[0].comparable.map(|c| (c.value, c.basis)), Some((true, Basis::Finding)));
        assert_eq!(r.score_adjustment, vec!["23C", "27D"]);
        assert!(r.must_pass.is_empty() && r.unauthorized_information.is_empty() && r.lead_restrictions.is_empty());
    }

    #[test]
    fn transfer_specifies_the_suit_it_shows() {
        // 1NT (2S) 2D*, a transfer to hearts; 3D is still a transfer.
        let transfer = Meaning { shows: Some(vec![Strain::H]), artificial: Some(true), ..Default::default() };
        let mut r = story(Seat::N, "N:1NT E:2S S:2D W:reject S:3D");
        r.events[2].findings.means = Some(transfer.clone());
        r.events[4].findings.means = Some(transfer);
        let r = ruled(&r);
        assert_eq!(r.rulings[0].law, "27B1(a)");
        // A natural 3H specifies hearts too, but 3D was lower and does.
        let mut r = story(Seat::N, "N:1NT E:2S S:2D W:reject S:3H");
        r.events[2].findings.means =
            Some(Meaning { shows: Some(vec![Strain::H]), artificial: Some(true), ..Default::default() });
        let r = ruled(&r);
        assert_eq!(r.rulings[0].law, "27B1(a)");
    }

    #[test]
    fn artificial_insufficient_bid_has_no_b1a() {
        // 1NT (2C) 2C* Stayman; 3C natural is not 27B1(a).
        let stayman = Meaning { artificial: Some(true), purpose: Some("stayman".into()), ..Default::default() };
        let mut r = story(Seat::N, "N:1NT E:2C S:2C W:reject S:3C");
        r.events[2].findings.means = Some(stayman.clone());
        assert_eq!(ruled(&r).rulings[0].law, "27B2");
        // The same purpose makes a Stayman cue bid comparable (23A3).
        let mut r = story(Seat::N, "N:1NT E:2C S:2C W:reject S:3C");
        r.events[2].findings.means = Some(stayman.clone());
        r.events[4].findings.means = Some(stayman);
        let x = ruled(&r);
        assert_eq!(x.rulings[0].law, "27B1(b)");
        assert_eq!(x.rulings[0].comparable.map(|c| c.basis), Some(Basis::SamePurpose));
    }

    #[test]
    fn same_denomination_finding_wins() {
        let r = with(story(Seat::N, "N:1S E:1H S:reject E:2H"), 3, |e| e.findings.same_denomination = Some(false));
        assert_eq!(ruled(&r).rulings[0].law, "27B2");
        let r = with(story(Seat::N, "N:1S E:1H S:reject E:3H"), 3, |e| e.findings.same_denomination = Some(true));
        assert_eq!(ruled(&r).rulings[0].law, "27B1(a)");
        let r = with(story(Seat::N, "N:1S E:1H S:reject E:P"), 3, |e| e.findings.same_denomination = Some(true));
        assert!(matches!(rule(&r), Err(RuleError::Impossible { .. })));
    }

    #[test]
    fn attempted_double_is_cancelled_and_must_be_replaced() {
        let r = ruled(&story(Seat::N, "N:1S E:1H S:reject E:X"));
        assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::E)));
        assert_eq!(r.auction, calls("1S"));
        assert_eq!(r.rulings[0].law, "27B3");
        assert_eq!(r.must_pass[0].law, "27B3");
        let from: Vec<Call> = r.unauthorized_information.iter().map(|u| u.from.call).collect();
        assert_eq!(from, calls("1H X"), "withdrawn calls in the order they were made");
        let r = ruled(&story(Seat::N, "N:1S E:1H S:reject E:X E:2H S:P W:P N:P"));
        assert_eq!(r.auction, calls("1S 2H P P P"));
        assert_eq!(r.rulings.len(), 1);
        assert_eq!(r.rulings[0].law, "27B3");
        assert!(r.lead_restrictions.is_empty()); // E-W declare
                                                 // A comparable double stands (27B1(b)).
        let r = with(story(Seat::N, "N:1S E:1H S:reject E:X"), 3, |e| e.findings.comparable = Some(true));
        let r = ruled(&r);
        assert_eq!(r.auction, calls("1S X"));
        assert_eq!(r.rulings[0].law, "27B1(b)");
    }

    #[test]
    fn another_insufficient_bid_gives_lho_another_option() {
        let r = ruled(&story(Seat::N, "N:1S E:1H S:reject E:1D"));
        assert_eq!(r.status, Status::Decision);
        assert_eq!(r.decision.expect("decision").law, "27B4");
        // Accepted: the second bid stands, partner is free.
        let r = ruled(&story(Seat::N, "N:1S E:1H S:reject E:1D S:accept"));
        assert_eq!(r.auction, calls("1S 1D"));
        assert_eq!(r.rulings[0].law, "27B4");
        assert!(r.must_pass.is_empty());
        assert_eq!(r.lead_restrictions.len(), 1);
        // Not accepted: as 27B3.
        let r = ruled(&story(Seat::N, "N:1S E:1H S:reject E:1D S:reject"));
        assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::E)));
        assert_eq!(r.must_pass[0].law, "27B4");
        let from: Vec<Call> = r.unauthorized_information.iter().map(|u| u.from.call).collect();
        assert_eq!(from, calls("1H 1D"));
        let r = ruled(&story(Seat::N, "N:1S E:1H S:reject E:1D S:reject E:2D"));
        assert_eq!(r.auction, calls("1S 2D"));
        assert_eq!(r.rulings.len(), 1);
    }

    fn regulated(mut r: Request, f: impl FnOnce(&mut crate::Regulations)) -> Request {
        let mut regs = crate::Regulations::default();
        f(&mut regs);
        r.regulations = Some(regs);
        r
    }

    #[test]
    fn a_refused_second_insufficient_bid_may_leave_the_correction_free() {
        use crate::regulations::SecondInsufficientBid::AllowCorrection;
        let allow = |r| regulated(r, |g| g.second_insufficient_bid = AllowCorrection);
        // Refused: nobody is barred yet; East must still correct 1H.
        let r = ruled(&allow(story(Seat::N, "N:1S E:1H S:reject E:1D S:reject")));
        assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::E)));
        assert!(r.must_pass.is_empty() && r.rulings.is_empty());
        let from: Vec<Call> = r.unauthorized_information.iter().map(|u| u.from.call).collect();
        assert_eq!(from, calls("1D"));
        // 2H is the lowest heart bid: 27B1(a), West free.
        let r = ruled(&allow(story(Seat::N, "N:1S E:1H S:reject E:1D S:reject E:2H")));
        assert_eq!(r.rulings[0].law, "27B1(a)");
        assert!(r.must_pass.is_empty() && r.lead_restrictions.is_empty());
        assert_eq!(r.score_adjustment, vec!["27D"]);
        // 2D is neither: 27B2 bars West, both bids unauthorised.
        let r = ruled(&allow(story(Seat::N, "N:1S E:1H S:reject E:1D S:reject E:2D")));
        assert_eq!(r.rulings[0].law, "27B2");
        assert_eq!(r.must_pass[0].law, "27B2");
        let from: Vec<Call> = r.unauthorized_information.iter().map(|u| u.from.call).collect();
        assert_eq!(from, calls("1D 1H"));
        // Already barred by a cancelled double (27B3), West stays barred.
        let r = ruled(&allow(story(Seat::N, "N:1S E:1H S:reject E:X E:1D S:reject E:2H")));
        assert_eq!(r.rulings[0].law, "27B3");
        assert_eq!(r.must_pass.len(), 1);
        // The default is the literal bar.
        let r = ruled(&story(Seat::N, "N:1S E:1H S:reject E:1D S:reject E:2H"));
        assert_eq!(r.rulings[0].law, "27B4");
        assert_eq!(r.must_pass[0].law, "27B4");
    }

    #[test]
    fn an_accepted_comparable_second_bid_may_lift_26b_and_16c() {
        use crate::regulations::AcceptedSecondInsufficientBid::ComparableLifts;
        let lifts = |r| regulated(r, |g| g.accepted_second_insufficient_bid = ComparableLifts);
        let found = |comparable| {
            with(story(Seat::N, "N:1S E:1H S:reject E:1D S:accept"), 3, |e| e.findings.comparable = Some(comparable))
        };
        // Comparable: no lead restriction, no 16C2, 23C.
        let r = ruled(&lifts(found(true)));
        assert_eq!(r.rulings[0].law, "27B4");
        assert_eq!(r.rulings[0].comparable.map(|c| (c.value, c.basis)), Some((true, Basis::Finding)));
        assert!(r.lead_restrictions.is_empty() && r.unauthorized_information.is_empty());
        assert_eq!(r.score_adjustment, vec!["23C"]);
        // Not comparable: as by default, the judgement recorded.
        let r = ruled(&lifts(found(false)));
        assert_eq!(r.rulings[0].comparable.map(|c| c.value), Some(false));
        assert_eq!((r.lead_restrictions.len(), r.unauthorized_information.len()), (1, 1));
        // By default, comparability is not asked.
        let r = ruled(&found(true));
        assert!(r.rulings[0].comparable.is_none());
        assert_eq!((r.lead_restrictions.len(), r.unauthorized_information.len()), (1, 1));
        // Accepted by calling over it, the same.
        let r = ruled(&lifts(with(story(Seat::N, "N:1S E:1H S:reject E:1D S:P"), 3, |e| {
            e.findings.comparable = Some(true)
        })));
        assert!(r.lead_restrictions.is_empty() && r.unauthorized_information.is_empty());
        // 2007 has no comparable call in Law 26: the option changes nothing.
        let r = ruled(&in_edition(lifts(found(true)), Edition::E2007));
        assert_eq!(r.lead_restrictions.len(), 1);
    }

    #[test]
    fn an_insufficient_bid_out_of_rotation_repeated_may_stay_law_31s() {
        use crate::regulations::InsufficientBidOutOfRotation::Law31Bar;
        let law31 = |r| regulated(r, |g| g.insufficient_bid_out_of_rotation = Law31Bar);
        let repeated = "N:1S S:1H W:reject E:P S:1H W:reject S:2D";
        let r = ruled(&law31(story(Seat::N, repeated)));
        assert_eq!(r.rulings[1].law, "31A2(b)");
        let m = &r.must_pass[0];
        assert_eq!((m.seat, m.scope, m.law.as_str()), (Seat::N, Scope::NextTurn, "31A2(b)"));
        assert_eq!((r.lead_restrictions.len(), r.unauthorized_information.len()), (1, 1));
        assert_eq!(r.score_adjustment, vec!["72C"]);
        // An insufficient bid made in rotation in the first place is Law 27's.
        let r = ruled(&law31(story(Seat::N, "N:1S E:P S:1H W:reject S:2D")));
        assert_eq!((r.must_pass[0].scope, r.must_pass[0].law.as_str()), (Scope::RestOfAuction, "27B2"));
        // By default, Law 27 bars partner throughout.
        let r = ruled(&story(Seat::N, repeated));
        assert_eq!((r.must_pass[0].scope, r.must_pass[0].law.as_str()), (Scope::RestOfAuction, "27B2"));
        // 2007's 31A2(b) bars throughout too: the option changes nothing there.
        let r = ruled(&in_edition(law31(story(Seat::N, repeated)), Edition::E2007));
        assert_eq!(r.must_pass[0].scope, Scope::RestOfAuction);
    }

    #[test]
    fn premature_replacement_waits_on_lho() {
        let r = ruled(&story(Seat::N, "N:1S E:1H E:2H"));
        assert_eq!(r.status, Status::Decision);
        assert_eq!(r.decision.clone().expect("decision").law, "27C");
        assert_eq!(r.auction, calls("1S"));
        // Accepting the insufficient bid withdraws the replacement.
        let r = ruled(&story(Seat::N, "N:1S E:1H E:2H S:accept"));
        assert_eq!(r.auction, calls("1S 1H"));
        assert_eq!(r.rulings[0].law, "27A1");
        assert_eq!(r.unauthorized_information.len(), 1);
        assert_eq!(r.unauthorized_information[0].from.call, "2H".parse().expect("call"));
        // Otherwise the replacement stands and B applies to it.
        let r = ruled(&story(Seat::N, "N:1S E:1H E:3H S:reject"));
        assert_eq!(r.auction, calls("1S 3H"));
        assert_eq!(r.rulings[0].law, "27B2");
        // Calling over the replacement does not accept the insufficient bid.
        let r = ruled(&story(Seat::N, "N:1S E:1H E:2H S:2S"));
        assert_eq!(r.auction, calls("1S 2H 2S"));
        assert_eq!(r.rulings[0].law, "27B1(a)");
    }

    #[test]
    fn options_belong_to_lho_only() {
        assert!(matches!(rule(&story(Seat::N, "N:1S E:1H W:accept")), Err(RuleError::Impossible { .. })));
        assert!(matches!(rule(&story(Seat::N, "N:1S E:1H N:reject")), Err(RuleError::Impossible { .. })));
        assert!(matches!(rule(&story(Seat::N, "N:1S E:1H S:reject S:accept")), Err(RuleError::Impossible { .. })));
    }

    #[test]
    fn every_seat_rotates() {
        let base = story(Seat::N, "N:1S E:1H S:reject E:4H S:P W:P N:4S E:P S:P W:P");
        let r0 = ruled(&base);
        for k in 1..4 {
            assert_eq!(ruled(&base.rotate(k)), r0.rotate(k));
        }
        let c = r0.contract.expect("contract");
        assert_eq!((c.declarer, c.doubled), (Seat::N, None::<Doubling>));
    }

    fn in_edition(mut r: Request, e: Edition) -> Request {
        r.edition = e;
        r
    }

    #[test]
    fn older_editions_wait_on_lho_too() {
        // 1997 27A is one paragraph; 2007 and 2017 number it 27A1.
        for (e, law) in [(Edition::E2007, "27A1"), (Edition::E1997, "27A")] {
            let r = ruled(&in_edition(story(Seat::N, "N:1S E:1H"), e));
            assert_eq!(r.decision.expect("decision").law, law);
        }
    }

    #[test]
    fn b1a_in_2007_wants_natural_bids_in_the_same_strain() {
        let r = ruled(&in_edition(story(Seat::N, "N:1S E:1H S:reject E:2H"), Edition::E2007));
        assert_eq!(r.rulings[0].law, "27B1(a)");
        assert_eq!(r.score_adjustment, vec!["27D"]);
        assert!(r.unauthorized_information.is_empty());
        // A transfer is not natural: repeating it is at best B1(b) (the
        // same meaning), and a natural 3H in the suit it showed is B2.
        let transfer = Meaning { shows: Some(vec![Strain::H]), artificial: Some(true), ..Default::default() };
        let mut q = in_edition(story(Seat::N, "N:1NT E:2S S:2D W:reject S:3D"), Edition::E2007);
        q.events[2].findings.means = Some(transfer.clone());
        q.events[4].findings.means = Some(transfer.clone());
        assert_eq!(ruled(&q).rulings[0].law, "27B1(b)");
        let mut q = in_edition(story(Seat::N, "N:1NT E:2S S:2D W:reject S:3H"), Edition::E2007);
        q.events[2].findings.means = Some(transfer);
        let r = ruled(&q);
        assert_eq!(r.rulings[0].law, "27B2");
        assert_eq!(r.unauthorized_information[0].law, "16D2");
        assert_eq!(r.score_adjustment, vec!["23"]);
    }

    #[test]
    fn b1b_in_2007_is_a_subset_only_and_keeps_16d() {
        let stayman = Meaning { artificial: Some(true), purpose: Some("stayman".into()), ..Default::default() };
        let mut q = in_edition(story(Seat::N, "N:1NT E:2C S:2C W:reject S:3C"), Edition::E2007);
        q.events[2].findings.means = Some(stayman.clone());
        q.events[4].findings.means = Some(stayman);
        // The same purpose is not enough in 2007, but both meanings hold
        // every hand, so the hands are the same meaning.
        let r = ruled(&q);
        assert_eq!(r.rulings[0].law, "27B1(b)");
        assert_eq!(r.score_adjustment, vec!["27D"]);
        assert_eq!(r.unauthorized_information[0].law, "16D2");
    }

    #[test]
    fn lead_in_2007_require_or_prohibit_the_withdrawn_suit() {
        // 1S (1H) not accepted, 2D: hearts named only by the withdrawn 1H.
        let r = ruled(&in_edition(story(Seat::N, "N:1S E:1H S:reject E:2D"), Edition::E2007));
        let l = &r.lead_restrictions[0];
        assert_eq!((l.seat, l.law.as_str()), (Seat::W, "26A2"));
        assert_eq!(l.declarer_may_require_one_of, vec![Strain::H]);
        assert_eq!(l.declarer_may_prohibit_one_of, vec![Strain::H]);
        // 4H names hearts in the legal auction: 26A1, no restriction.
        let r = ruled(&in_edition(story(Seat::N, "N:1S E:1H S:reject E:4H"), Edition::E2007));
        assert!(r.lead_restrictions.is_empty());
        // 2017: prohibit only, any suit East did not specify.
        let r = ruled(&story(Seat::N, "N:1S E:1H S:reject E:4H"));
        assert!(r.lead_restrictions[0].declarer_may_require_one_of.is_empty());
    }

    #[test]
    fn in_1997_every_other_correction_bars_partner() {
        let r = ruled(&in_edition(story(Seat::N, "N:1S E:1H S:reject E:2H"), Edition::E1997));
        assert_eq!(r.rulings[0].law, "27B1(a)");
        // 1997 27B1(b): the director may adjust after B1(a).
        assert_eq!(r.score_adjustment, vec!["27B1(b)"]);
        let r = ruled(&in_edition(story(Seat::N, "N:1S E:1H S:reject E:3H"), Edition::E1997));
        assert_eq!(r.rulings[0].law, "27B2");
        assert!(r.rulings[0].comparable.is_none());
        assert_eq!(r.unauthorized_information[0].law, "16C2");
        assert_eq!(r.score_adjustment, vec!["23"]);
        // A finding of comparability has no road in 1997.
        let q = with(in_edition(story(Seat::N, "N:1S E:1H S:reject E:P"), Edition::E1997), 3, |e| {
            e.findings.comparable = Some(true)
        });
        assert_eq!(ruled(&q).rulings[0].law, "27B2");
        // 1997 27B3: an attempted double is cancelled and bars partner.
        let r = ruled(&in_edition(story(Seat::N, "N:1S E:1H S:reject E:X"), Edition::E1997));
        assert_eq!((r.rulings[0].law.as_str(), r.next), ("27B3", Some(Seat::E)));
        assert_eq!(r.must_pass[0].law, "27B3");
    }
}
