//! Law 27B: the offender's replacement for an insufficient bid LHO did not
//! accept, and the clause it falls under (27B1(a), 27B1(b), 27B2, 27B3).

use super::waiting::{ruling, second_option_law, wait_on_lho, wait_on_offender, Waiting};

use crate::editions::{Replacement, RotationScheme, SameDenomination};
use crate::error::{impossible, RuleError};
use crate::law23;
use crate::meanings::{denominations_specified, Meaning};
use crate::notation::{Bid, Call, Seat, Strain};
use crate::regulations::InsufficientBidOutOfRotation;
use crate::request::{Move, Turn};
use crate::ruling::{Comparability, Scope};
use crate::step::{Handoff, Insufficient, Next};
use crate::table::Table;

/// 27B: classify the offender's replacement `r` and apply the clause it
/// falls under. `again` is true when partner is already barred (a
/// replacement after a cancellation under B3 or B4).
pub(super) fn replace(t: &mut Table, ib: &Insufficient, i: usize, r: &Turn, again: bool) -> Result<Next, RuleError> {
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
fn sufficient_or_pass(t: &mut Table, ib: &Insufficient, r: &Turn, c: Call) {
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
fn replace_again(t: &mut Table, ib: &Insufficient, r: &Turn, c: Call) -> Next {
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
fn comparable_call(t: &mut Table, ib: &Insufficient, r: &Turn, c: Call, comparable: Comparability) {
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
pub(super) fn bar(t: &mut Table, ib: &Insufficient, law: &str, comparable: Option<Comparability>) {
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
fn lowest_same_denomination(t: &Table, ib: &Insufficient, b: Bid, r: &Turn) -> bool {
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
fn same_denomination_needs_a_bid(r: &Turn, i: usize) -> Result<(), RuleError> {
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
pub(super) fn comparability(t: &Table, ib: &Insufficient, r: &Turn) -> Option<Comparability> {
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
pub(super) fn natural(c: Call, means: Option<&Meaning>) -> bool {
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

/// The insufficient bid replaced by a bid of more than seven (35C, 38):
/// 38C substitutes a pass for it, so the insufficient bid is corrected by a
/// pass (27B2: partner barred, unless B3 or B4 barred him already); then
/// the bid above seven is Law 38's, which the director rules (`lho_follows`:
/// LHO has called over it, the event now being ruled, so 38B cancels his
/// call and 38D applies).
pub(super) fn replace_above_seven(
    t: &mut Table,
    ib: &Insufficient,
    r: &Turn,
    again: bool,
    lho_follows: bool,
) -> Result<Next, RuleError> {
    if !again {
        let pass = Turn { action: Move::Call(Call::Pass), ..r.clone() };
        let comparable = comparability(t, ib, &pass);
        bar(t, ib, "27B2", comparable);
    }
    Ok(Next::Handoff(Handoff::AboveSeven { replacement: r.clone(), lho_follows }))
}
