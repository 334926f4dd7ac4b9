//! Law 25B: a change of call the player meant, LHO's option over the
//! substitute, and the 1997 25B2 choices and condoning.

use super::waiting::{IllegalFirst, LhoCall, Substitution, Waiting};

use crate::auction::Legality;
use crate::editions::{ChangeScheme, LeadScheme};
use crate::error::{impossible, RuleError};
use crate::law23;
use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::request::{Move, Turn};
use crate::ruling::{Choice, Decision, Irregularity, IrregularityRuling, Scope, ScoreLimit};
use crate::step::{Handoff, Insufficient, Next, Pending};
use crate::table::Table;

/// 25B: the player who made the last call substitutes another for it
/// before his LHO calls, and 25A does not allow the change.
///
/// LHO holds the option of accepting the substitute (25B1). A substitute
/// that no player may accept (a double or redouble that Law 19 does not
/// permit, a bid above seven, a call other than pass by a player required
/// to pass for the rest of the auction) is cancelled at once (25B2).
///
/// Exposed to the out-of-rotation module, for the later calls at LHO's
/// turn that Laws 30 and 31 treat as changes of call.
pub(crate) fn intended_change(t: &mut Table, e: &Turn, c: Call) -> Result<Next, RuleError> {
    let offender = e.seat;
    let last = t.auction.seated().last();
    let index = match last {
        Some((s, _)) if s == offender && !t.auction.is_over() => t.auction.calls().len() - 1,
        // Not a change of the last call: the call is whatever it is.
        _ => return Ok(Next::Classify(c)),
    };
    let original = t.auction.calls()[index];
    let s = Substitution {
        offender,
        index,
        original,
        original_means: t.meaning_at(index).cloned(),
        substitute: c,
        substitute_means: e.findings.means.clone(),
        comparable: e.findings.comparable,
    };
    // Would the substitute be a call LHO could accept, at the offender's turn?
    let mut before = t.auction.clone();
    before.truncate(index);
    let acceptable = match before.legality(offender, c) {
        // An insufficient substitute may be accepted, as any insufficient
        // bid may (27A1): LHO's acceptance covers it.
        Legality::Legal | Legality::Insufficient => c.is_pass() || !t.required_to_pass(offender),
        Legality::InadmissibleDouble | Legality::InadmissibleRedouble | Legality::AboveSeven => false,
    };
    if !acceptable {
        return Ok(not_accepted(t, &s));
    }
    Ok(Next::Wait(substitute_option(s)))
}

/// 25B1 / 25B2: LHO accepts the substitute (explicitly, or by calling over
/// it) or does not.
pub(super) fn resolve_substitute(t: &mut Table, s: Substitution, i: usize, e: &Turn) -> Result<Next, RuleError> {
    let lho = s.offender.lho();
    match (e.seat == lho, e.action) {
        // Card events are ruled by the table (Law 24) before any pending decision.
        (true, Move::Accept) => {
            accepted(t, &s);
            Ok(Next::Done)
        }
        (true, Move::Reject) => Ok(not_accepted(t, &s)),
        (true, Move::Call(c)) if e.findings.over_original == Some(true) && t.rules.lho_meant_original => {
            Ok(over_original(t, &s, e, c))
        }
        (true, Move::Call(c)) => {
            // 25B1: LHO accepts the substitute by calling over it.
            accepted(t, &s);
            Ok(Next::Call(c))
        }
        (false, Move::Accept | Move::Reject) => Err(impossible(
            i,
            format!(
                "{} says `{}`, but the option on {}'s change from {} to {} is {lho}'s (25B1)",
                e.seat, e.action, s.offender, s.original, s.substitute
            ),
        )),
        // Another player calls while LHO decides: held until the table no
        // longer waits (docs/conventions.md, "Calls while the table waits").
        (false, Move::Call(_)) => Ok(Next::Hold(substitute_option(s))),
    }
}

/// 1997 25B1, its second sentence: LHO called before attention was drawn,
/// and the director finds he meant his call over the offender's original
/// call (`over_original: true`). The substitute stands without penalty
/// (no Law 26 on the original call; what it told is still unauthorised to
/// partner, 16C2, which is no penalty), and LHO may withdraw his call (16C2
/// for what it told the other side): it stands provisionally and the table
/// waits on his choice, as under 25A6. A call he could not make over the
/// substitute is withdrawn at once, and he calls again.
fn over_original(t: &mut Table, s: &Substitution, e: &Turn, c: Call) -> Next {
    let lho = s.offender.lho();
    t.cancel_from(s.index);
    t.stand(s.offender, s.substitute, s.substitute_means.clone());
    t.record(entry(s, "25B1"));
    withdrawn_before_2017(t, s.offender, s.original, s.original_means.clone(), false);
    let index = t.auction.calls().len();
    let may_stand = !t.auction.is_over()
        && t.auction.next_seat() == lho
        && t.auction.legality(lho, c) == Legality::Legal
        && (c.is_pass() || !t.required_to_pass(lho));
    if !may_stand {
        t.unauthorized_to_offending_side(s.offender, lho, c, t.rules.lho_withdrawal.1);
        return Next::Done;
    }
    t.stand(lho, c, e.findings.means.clone());
    Next::Wait(Pending {
        waiting_on: lho,
        decision: Some(Decision { seat: lho, options: vec![Choice::Accept, Choice::Reject], law: "25B1".to_string() }),
        state: Box::new(Waiting::LhoCall(LhoCall { lho, replacer: s.offender, index, call: c })),
    })
}

/// LHO's option on an intended change of call (25B1).
fn substitute_option(s: Substitution) -> Pending {
    let lho = s.offender.lho();
    Pending {
        waiting_on: lho,
        decision: Some(Decision { seat: lho, options: vec![Choice::Accept, Choice::Reject], law: "25B1".to_string() }),
        state: Box::new(Waiting::Substitute(s)),
    }
}

/// 25B1: the first call is withdrawn and the substitute stands; Law 26
/// looks at the withdrawn first call against the substitute.
pub(super) fn accepted(t: &mut Table, s: &Substitution) {
    t.cancel_from(s.index);
    t.stand(s.offender, s.substitute, s.substitute_means.clone());
    if t.rules.lead != LeadScheme::ProhibitUnspecified {
        // 2007 and 1997: no comparable call; the withdrawn first call.
        t.record(entry(s, "25B1"));
        withdrawn_before_2017(
            t,
            s.offender,
            s.original,
            s.original_means.clone(),
            t.rules.change_of_call == ChangeScheme::AcceptOrCancel,
        );
        return;
    }
    let cmp = law23::comparable(s.original_means.as_ref(), s.substitute_means.as_ref(), s.comparable, &t.regulations);
    t.record(IrregularityRuling { comparable: Some(cmp), ..entry(s, "25B1") });
    t.law_26_on_replacement(s.offender, s.original, s.original_means.clone(), cmp.value);
}

/// 25B2: the substitute is cancelled and the first call stands; Law 26
/// looks at the cancelled substitute against the first call.
fn not_accepted(t: &mut Table, s: &Substitution) -> Next {
    match t.rules.change_of_call {
        ChangeScheme::CondoneOrPenalty => {
            // 1997 25B2(b): the substitute is cancelled; the first call was
            // legal, so the offender now chooses (1) or (2).
            return Next::Wait(offender_choice(s.clone()));
        }
        ChangeScheme::AcceptOrCancel if t.rules.lead != LeadScheme::ProhibitUnspecified => {
            // 2007: the substitute is cancelled; Law 26 and 16D on it.
            t.record(entry(s, "25B2"));
            withdrawn_before_2017(t, s.offender, s.substitute, s.substitute_means.clone(), true);
            return Next::Done;
        }
        ChangeScheme::AcceptOrCancel => {}
    }
    let cmp = law23::comparable(s.substitute_means.as_ref(), s.original_means.as_ref(), s.comparable, &t.regulations);
    t.record(IrregularityRuling { comparable: Some(cmp), ..entry(s, "25B2") });
    t.law_26_on_replacement(s.offender, s.substitute, s.substitute_means.clone(), cmp.value);
    Next::Done
}

/// A Law 25 ruling entry for a substitution, without comparability (2007,
/// 1997: no comparable call).
fn entry(s: &Substitution, law: &str) -> IrregularityRuling {
    IrregularityRuling::on_call(s.offender, s.substitute, Irregularity::ChangeOfCall, law)
}

/// 2007 (and 1997) Law 26 and 16D2 (1997 16C2) on a call withdrawn under
/// 25B: the information is unauthorised to partner; with `lead`, declarer
/// may restrict partner's lead (2007 26A2/26B, whatever the call's meaning).
fn withdrawn_before_2017(t: &mut Table, offender: Seat, withdrawn: Call, means: Option<Meaning>, lead: bool) {
    if lead {
        t.lead_after_withdrawal(offender, withdrawn, means);
    }
    t.unauthorized(offender.partner(), offender, withdrawn, t.rules.withdrawn_ui);
}

/// 1997 25B2(b): the offender chooses; once he has withdrawn his first call
/// (`index` is then usize::MAX) he owes a call, not a choice.
fn offender_choice(s: Substitution) -> Pending {
    let decision = (s.index != usize::MAX).then(|| Decision {
        seat: s.offender,
        options: vec![Choice::Accept, Choice::Reject],
        law: "25B2(b)".to_string(),
    });
    Pending { waiting_on: s.offender, decision, state: Box::new(Waiting::OffenderChooses(s)) }
}

/// 1997 25B2(b): the offender, his substitute not condoned, either lets his
/// first call stand (`accept`, or calling it again: 25B2(b)(1), partner
/// must pass at his next turn, see Law 23) or makes any other legal call
/// (`reject` then a call, or the call at once: 25B2(b)(2), his side scores
/// at most average minus). Either way, 25B2(c): the lead penalties of Law
/// 26, and the withdrawn calls are unauthorised to partner (16C2).
pub(super) fn resolve_offender_choice(t: &mut Table, s: Substitution, i: usize, e: &Turn) -> Result<Next, RuleError> {
    let keep = match (e.seat == s.offender, e.action) {
        (true, Move::Accept) => true,
        (true, Move::Call(c)) => c == s.original,
        (true, Move::Reject) if s.index != usize::MAX => {
            // He will make another call: his first call leaves the auction.
            t.cancel_from(s.index);
            return Ok(Next::Wait(offender_choice(Substitution { index: usize::MAX, ..s })));
        }
        (true, Move::Reject) => {
            return Err(impossible(
                i,
                format!("{} has already withdrawn {} and must now call (1997 25B2(b)(2))", s.offender, s.original),
            ))
        }
        // Another player calls while the offender chooses: held.
        (false, Move::Call(_)) => return Ok(Next::Hold(offender_choice(s))),
        (false, _) => {
            return Err(impossible(
                i,
                format!("{} says `{}`, but the choice under 1997 25B2(b) is {}'s", e.seat, e.action, s.offender),
            ))
        }
    };
    let first_withdrawn = s.index == usize::MAX;
    if keep && !first_withdrawn {
        // 25B2(b)(1): the first call stands; partner passes once.
        t.record(entry(&s, "25B2(b)(1)"));
        t.impose_pass(s.offender.partner(), Scope::NextTurn, "25B2(b)(1)");
        t.may_adjust(t.rules.damage);
        withdrawn_before_2017(t, s.offender, s.substitute, s.substitute_means.clone(), true);
        return Ok(Next::Done);
    }
    let Move::Call(c) = e.action else {
        return Err(impossible(i, format!("{} must now make another call (1997 25B2(b)(2))", s.offender)));
    };
    if c == s.original {
        return Err(impossible(
            i,
            format!("{} withdrew {} and must make another call (1997 25B2(b)(2))", s.offender, s.original),
        ));
    }
    // 25B2(b)(2): another legal call; the first call leaves the auction.
    if !first_withdrawn {
        t.cancel_from(s.index);
    }
    t.record(entry(&s, "25B2(b)(2)"));
    t.cap_score(s.offender, ScoreLimit::AverageMinus, "25B2(b)(2)");
    // 25B2(c) names one lead penalty: that of the first call, the call
    // the offender gave up; both withdrawn calls are unauthorised (16C2).
    withdrawn_before_2017(t, s.offender, s.original, s.original_means.clone(), true);
    withdrawn_before_2017(t, s.offender, s.substitute, s.substitute_means.clone(), false);
    // The call is then a call at his turn like any other, taken for what
    // it is there: it stands if it is legal and nothing forbids it; not
    // the legal call 25B2(b)(2) asks for (an insufficient bid, an
    // inadmissible call, a double 30B2 forbids at that turn), it is an
    // irregularity of its own, ruled under the law that applies to it
    // (docs/conventions.md).
    Ok(Next::Classify(c))
}

/// 1997: the offender calls again over his own insufficient bid before his
/// LHO has called (the 1997 Laws have no 27C). 25B governs the change: LHO
/// may condone the substitute (25B1, footnote: the insufficient bid is Law
/// 27's). For law27.
pub(crate) fn substitute_for_insufficient(t: &mut Table, ib: Insufficient, e: &Turn) -> Next {
    let x = IllegalFirst { ib, substitute: e.clone() };
    if let Some(sub) = e.call() {
        // A substitute nobody may condone (a double or redouble that Law 19
        // does not permit, a bid above seven) is not condoned: 25B2(a) at
        // once, as 25B2 cancels such a substitute in 2017 and 2007.
        if matches!(
            t.auction.legality(x.ib.offender, sub),
            Legality::InadmissibleDouble | Legality::InadmissibleRedouble | Legality::AboveSeven
        ) {
            return not_condoned(t, x.ib, sub, e);
        }
    }
    Next::Wait(condone_option(x))
}

/// LHO's option of condoning a substitute for an insufficient bid (1997 25B1).
fn condone_option(x: IllegalFirst) -> Pending {
    let lho = x.ib.offender.lho();
    Pending {
        waiting_on: lho,
        decision: Some(Decision { seat: lho, options: vec![Choice::Accept, Choice::Reject], law: "25B1".to_string() }),
        state: Box::new(Waiting::IllegalFirst(Box::new(x))),
    }
}

/// 1997 25B2(a): the substitute is cancelled (Law 26 and 16C2 on it); Law 27
/// takes up the insufficient bid again from LHO's option.
fn not_condoned(t: &mut Table, ib: Insufficient, sub: Call, substitute: &Turn) -> Next {
    t.record(IrregularityRuling::on_call(ib.offender, sub, Irregularity::ChangeOfCall, "25B2(a)"));
    t.lead_after_withdrawal(ib.offender, sub, substitute.findings.means.clone());
    t.unauthorized(ib.offender.partner(), ib.offender, sub, t.rules.withdrawn_ui);
    Next::Handoff(Handoff::InsufficientAgain(ib))
}

/// 1997 25B1 / 25B2(a) over an insufficient first call. Condoned: the
/// substitute stands without penalty, and the withdrawn insufficient bid is
/// unauthorised to partner (16C2). Not condoned: the substitute is
/// cancelled, the lead penalties of Law 26 may apply to it, and the
/// offender is subject to Law 27 for his insufficient bid, which starts
/// again with LHO's option to accept it (27A).
pub(super) fn resolve_illegal_first(t: &mut Table, x: IllegalFirst, i: usize, e: &Turn) -> Result<Next, RuleError> {
    let lho = x.ib.offender.lho();
    let Some(sub) = x.substitute.call() else {
        return Err(impossible(i, "a substitute must be a call"));
    };
    match (e.seat == lho, e.action) {
        (true, Move::Accept | Move::Call(_)) => {
            // Condoned, the substitute is treated as legal (25B1): an
            // insufficient substitute then stands as an accepted
            // insufficient bid would (later bids must supersede it).
            let IllegalFirst { ib, substitute } = x;
            t.record(IrregularityRuling::on_call(ib.offender, sub, Irregularity::ChangeOfCall, "25B1"));
            t.stand(ib.offender, sub, substitute.findings.means.clone());
            t.unauthorized(ib.offender.partner(), ib.offender, ib.call, t.rules.withdrawn_ui);
            match e.action {
                Move::Call(c) => Ok(Next::Call(c)),
                _ => Ok(Next::Done),
            }
        }
        (true, Move::Reject) => Ok(not_condoned(t, x.ib, sub, &x.substitute)),
        // Another player calls while LHO decides: held.
        (false, Move::Call(_)) => Ok(Next::Hold(condone_option(x))),
        (false, _) => Err(impossible(
            i,
            format!("{} says `{}`, but the option of condoning {sub} is {lho}'s (1997 25B1)", e.seat, e.action),
        )),
    }
}
