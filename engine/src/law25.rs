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
//! **Editions** (`editions.rs`, docs/conventions.md "Editions"). 2007: the
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

use crate::auction::Legality;
use crate::editions::{ChangeScheme, LeadScheme};
use crate::error::{impossible, RuleError};
use crate::law23;
use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::request::{Action, Event};
use crate::ruling::{Choice, Comparability, Decision, Irregularity, IrregularityRuling, Scope, ScoreLimit};
use crate::step::{self, Handoff, Insufficient, Next, Pending, Then};
use crate::table::Table;

/// What the table waits on under Law 25.
#[derive(Debug, Clone)]
pub(crate) enum Waiting {
    /// 25B1: LHO may accept the substituted call.
    Substitute(Substitution),
    /// 25A6: LHO may withdraw the call he made over the replaced call.
    LhoCall(LhoCall),
    /// 1997 25B2(b): the substitute was not condoned; the offender lets his
    /// first call stand or makes another legal call.
    OffenderChooses(Substitution),
    /// 1997 25B2(a): the first call was an insufficient bid, which Law 27
    /// holds; LHO may condone the substitute (25B1).
    IllegalFirst(Box<IllegalFirst>),
}

/// 1997: an insufficient bid followed, before LHO called, by another call
/// of the offender.
#[derive(Debug, Clone)]
pub(crate) struct IllegalFirst {
    ib: Insufficient,
    substitute: Event,
}

/// An intended change of call waiting on LHO's option (25B).
#[derive(Debug, Clone)]
pub(crate) struct Substitution {
    offender: Seat,
    /// Where the first call stands in the auction (it stands while LHO decides).
    index: usize,
    original: Call,
    original_means: Option<Meaning>,
    substitute: Call,
    substitute_means: Option<Meaning>,
    /// The director's finding on the substitute event: the two calls are
    /// (not) comparable (23A).
    comparable: Option<bool>,
}

/// LHO's call standing, provisionally, over a 25A replacement (25A6).
#[derive(Debug, Clone)]
pub(crate) struct LhoCall {
    lho: Seat,
    /// The player who replaced his unintended call.
    replacer: Seat,
    /// Where LHO's call stands in the auction.
    index: usize,
    call: Call,
}

/// Law 25: an event that changes a call, or carries a finding that the
/// call it replaces was unintended. The table sends here every call with an
/// `unintended:` finding and every call by the player who just called,
/// made before his LHO calls.
pub(crate) fn change_of_call(t: &mut Table, i: usize, e: &Event, c: Call) -> Result<Next, RuleError> {
    if e.findings.unintended == Some(true) {
        return unintended_call(t, i, e, c);
    }
    // 25A2: the call the player made was the one he meant (`unintended:
    // false`, or no finding): only 25B can help him, and only before his
    // LHO calls.
    let turn = t.auction.next_seat();
    if !t.auction.is_over() && e.seat == turn.rho() && t.auction.has_called(e.seat) {
        return intended_change(t, e, c);
    }
    Ok(Next::Classify(c))
}

/// 25A1: replace an unintended call by the call the player meant.
///
/// 25A4: once the player's partner has called after it, no replacement:
/// the event is then the call it is at this point of the auction (in
/// rotation or not, after the final pass or not) and the finding changes
/// nothing. 25A5: an auction that ended before reaching the partner does
/// not stop the replacement, since the auction period ends only with the
/// opening lead, which no event of a story can show.
fn unintended_call(t: &mut Table, i: usize, e: &Event, c: Call) -> Result<Next, RuleError> {
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
    // 2017 25A6, 2007 25A4; 1997 by analogy with its 25B1 (editions.rs).
    let lho_clause = t.rules.lho_withdrawal;
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
struct LhoOverReplacement {
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
        // itself being rectified): it is withdrawn.
        t.unauthorized(seat.partner(), lho, call, lho_clause.1);
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
pub(crate) fn replaces_held_call(t: &mut Table, e: &Event, c: Call) -> Next {
    t.record(IrregularityRuling::on_call(e.seat, c, Irregularity::ChangeOfCall, t.rules.unintended_replaced));
    Next::Classify(c)
}

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
pub(crate) fn intended_change(t: &mut Table, e: &Event, c: Call) -> Result<Next, RuleError> {
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

impl step::Waiting for Waiting {
    /// An event while the table waits on a Law 25 option.
    fn resolve(self: Box<Self>, t: &mut Table, i: usize, e: &Event) -> Result<Next, RuleError> {
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

/// 25B1 / 25B2: LHO accepts the substitute (explicitly, or by calling over
/// it) or does not.
fn resolve_substitute(t: &mut Table, s: Substitution, i: usize, e: &Event) -> Result<Next, RuleError> {
    let lho = s.offender.lho();
    match (e.seat == lho, e.action) {
        // Card events are ruled by the table (Law 24) before any pending decision.
        (_, Action::Cards(_)) => Err(cards_not_here(i)),
        (true, Action::Accept) => {
            accepted(t, &s);
            Ok(Next::Done)
        }
        (true, Action::Reject) => Ok(not_accepted(t, &s)),
        (true, Action::Call(c)) => {
            // 25B1: LHO accepts the substitute by calling over it.
            accepted(t, &s);
            Ok(Next::Call(c))
        }
        (false, Action::Accept | Action::Reject) => Err(impossible(
            i,
            format!(
                "{} says `{}`, but the option on {}'s change from {} to {} is {lho}'s (25B1)",
                e.seat, e.action, s.offender, s.original, s.substitute
            ),
        )),
        // Another player calls while LHO decides: held until the table no
        // longer waits (docs/conventions.md, "Calls while the table waits").
        (false, Action::Call(_)) => Ok(Next::Hold(substitute_option(s))),
    }
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
fn accepted(t: &mut Table, s: &Substitution) {
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
    withdrawn_call(t, s.offender, s.original, cmp);
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
    withdrawn_call(t, s.offender, s.substitute, cmp);
    Next::Done
}

/// Law 26 on a call withdrawn under 25B, against the call that stands for
/// that turn. 26A: comparable, no lead restriction and 16C does not apply
/// (but 23C may). 26B: not comparable, declarer may prohibit a lead, and
/// 16C2 makes the withdrawn call unauthorised to the offender's partner
/// (25B3).
fn withdrawn_call(t: &mut Table, offender: Seat, withdrawn: Call, cmp: Comparability) {
    if cmp.value {
        t.may_adjust("23C");
    } else {
        t.restrict_lead(offender, "26B");
        t.unauthorized(offender.partner(), offender, withdrawn, t.rules.withdrawn_ui);
    }
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
fn resolve_offender_choice(t: &mut Table, s: Substitution, i: usize, e: &Event) -> Result<Next, RuleError> {
    let keep = match (e.seat == s.offender, e.action) {
        (_, Action::Cards(_)) => return Err(cards_not_here(i)),
        (true, Action::Accept) => true,
        (true, Action::Call(c)) => c == s.original,
        (true, Action::Reject) if s.index != usize::MAX => {
            // He will make another call: his first call leaves the auction.
            t.cancel_from(s.index);
            return Ok(Next::Wait(offender_choice(Substitution { index: usize::MAX, ..s })));
        }
        (true, Action::Reject) => {
            return Err(impossible(
                i,
                format!("{} has already withdrawn {} and must now call (1997 25B2(b)(2))", s.offender, s.original),
            ))
        }
        // Another player calls while the offender chooses: held.
        (false, Action::Call(_)) => return Ok(Next::Hold(offender_choice(s))),
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
    let Action::Call(c) = e.action else {
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
    let legal =
        t.auction.legality(s.offender, c) == Legality::Legal && (c.is_pass() || !t.required_to_pass(s.offender));
    t.record(entry(&s, "25B2(b)(2)"));
    t.cap_score(s.offender, ScoreLimit::AverageMinus, "25B2(b)(2)");
    // 25B2(c) names one lead penalty: that of the first call, the call
    // the offender gave up; both withdrawn calls are unauthorised (16C2).
    withdrawn_before_2017(t, s.offender, s.original, s.original_means.clone(), true);
    withdrawn_before_2017(t, s.offender, s.substitute, s.substitute_means.clone(), false);
    if !legal {
        // Not the legal call 25B2(b)(2) asks for: an irregularity of its
        // own (an insufficient bid, an inadmissible call), ruled under the
        // law that applies to it at his turn (docs/conventions.md).
        return Ok(Next::Classify(c));
    }
    t.stand(s.offender, c, e.findings.means.clone());
    Ok(Next::Done)
}

/// 1997: the offender calls again over his own insufficient bid before his
/// LHO has called (the 1997 Laws have no 27C). 25B governs the change: LHO
/// may condone the substitute (25B1, footnote: the insufficient bid is Law
/// 27's). For law27.
pub(crate) fn substitute_for_insufficient(t: &mut Table, ib: Insufficient, e: &Event) -> Next {
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
fn not_condoned(t: &mut Table, ib: Insufficient, sub: Call, substitute: &Event) -> Next {
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
fn resolve_illegal_first(t: &mut Table, x: IllegalFirst, i: usize, e: &Event) -> Result<Next, RuleError> {
    let lho = x.ib.offender.lho();
    let Some(sub) = x.substitute.call() else {
        return Err(impossible(i, "a substitute must be a call"));
    };
    match (e.seat == lho, e.action) {
        (_, Action::Cards(_)) => Err(cards_not_here(i)),
        (true, Action::Accept | Action::Call(_)) => {
            // Condoned, the substitute is treated as legal (25B1): an
            // insufficient substitute then stands as an accepted
            // insufficient bid would (later bids must supersede it).
            let IllegalFirst { ib, substitute } = x;
            t.record(IrregularityRuling::on_call(ib.offender, sub, Irregularity::ChangeOfCall, "25B1"));
            t.stand(ib.offender, sub, substitute.findings.means.clone());
            t.unauthorized(ib.offender.partner(), ib.offender, ib.call, t.rules.withdrawn_ui);
            match e.action {
                Action::Call(c) => Ok(Next::Call(c)),
                _ => Ok(Next::Done),
            }
        }
        (true, Action::Reject) => Ok(not_condoned(t, x.ib, sub, &x.substitute)),
        // Another player calls while LHO decides: held.
        (false, Action::Call(_)) => Ok(Next::Hold(condone_option(x))),
        (false, _) => Err(impossible(
            i,
            format!("{} says `{}`, but the option of condoning {sub} is {lho}'s (1997 25B1)", e.seat, e.action),
        )),
    }
}

/// 25A6: LHO keeps the call he made over the replaced call, or withdraws it.
fn resolve_lho_call(t: &mut Table, l: LhoCall, i: usize, e: &Event) -> Result<Next, RuleError> {
    match (e.seat == l.lho, e.action) {
        (_, Action::Cards(_)) => Err(cards_not_here(i)),
        (true, Action::Accept) => Ok(Next::Done),
        (true, Action::Reject) => {
            withdraw_lho_call(t, &l);
            Ok(Next::Done)
        }
        // Calling the same call again keeps it.
        (true, Action::Call(c)) if c == l.call && e.findings.unintended.is_none() => Ok(Next::Done),
        (true, Action::Call(c)) => {
            withdraw_lho_call(t, &l);
            Ok(Next::Call(c))
        }
        // Anyone else acting: LHO has let his call stand.
        (false, Action::Call(c)) => Ok(Next::Call(c)),
        (false, Action::Accept | Action::Reject) => Err(impossible(
            i,
            format!(
                "{} says `{}`, but the option of withdrawing {} over {}'s replaced call is {}'s (25A6)",
                e.seat, e.action, l.call, l.replacer, l.lho
            ),
        )),
    }
}

/// 25A6: LHO's call is withdrawn; he calls again. What it told is
/// authorised to his side and unauthorised to the replacing side.
fn withdraw_lho_call(t: &mut Table, l: &LhoCall) {
    t.cancel_from(l.index);
    t.unauthorized(l.replacer.partner(), l.lho, l.call, t.rules.lho_withdrawal.1);
}

/// Card events never reach a law module's pending state: the table rules
/// them under Law 24 first.
fn cards_not_here(i: usize) -> RuleError {
    impossible(i, "a card event reached Law 25; cards are ruled under Law 24 before any pending choice")
}

#[cfg(test)]
mod tests {
    use crate::notation::Strain;
    use crate::request::{Edition, Findings, Request};
    use crate::ruling::{Ruling, Status};
    use crate::{rule, Seat, Vulnerability};

    use super::*;

    /// A story written "N:1S E:P S:1H S:1S~u" where `~u` marks
    /// `unintended: true`, `~i` `unintended: false`, `~c`/`~n`
    /// `comparable: true/false`.
    fn story(dealer: Seat, text: &str) -> Request {
        let events = text
            .split_whitespace()
            .map(|t| {
                let (head, marks) = t.split_once('~').unwrap_or((t, ""));
                let (seat, action) = head.split_once(':').expect("SEAT:ACTION");
                let mut e = Event::new(seat.parse().expect("seat"), action.parse().expect("action"));
                e.findings = Findings {
                    unintended: if marks.contains('u') {
                        Some(true)
                    } else if marks.contains('i') {
                        Some(false)
                    } else {
                        None
                    },
                    comparable: if marks.contains('c') {
                        Some(true)
                    } else if marks.contains('n') {
                        Some(false)
                    } else {
                        None
                    },
                    ..Findings::default()
                };
                e
            })
            .collect();
        Request { edition: Edition::E2017, dealer, vulnerable: Vulnerability::None, events, regulations: None }
    }

    fn ruling(dealer: Seat, text: &str) -> Ruling {
        rule(&story(dealer, text)).expect("a ruling")
    }

    fn calls(text: &str) -> Vec<Call> {
        text.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn unintended_call_replaced_before_lho_calls() {
        let r = ruling(Seat::N, "N:1NT N:1S~u");
        assert_eq!(r.status, Status::Auction);
        assert_eq!(r.next, Some(Seat::E));
        assert_eq!(r.auction, calls("1S"));
        assert_eq!(r.rulings.len(), 1);
        assert_eq!(r.rulings[0].law, "25A1");
        assert_eq!(r.rulings[0].call, Some("1S".parse().unwrap()));
        assert!(r.lead_restrictions.is_empty());
        assert!(r.unauthorized_information.is_empty());
    }

    #[test]
    fn lho_may_withdraw_his_call_over_a_replaced_call() {
        let r = ruling(Seat::N, "N:2NT E:P N:2H~u");
        assert_eq!(r.status, Status::Decision);
        let d = r.decision.clone().unwrap();
        assert_eq!((d.seat, d.law.as_str()), (Seat::E, "25A6"));
        assert_eq!(r.auction, calls("2H P"));
        // E keeps his pass by letting S call.
        let r = ruling(Seat::N, "N:2NT E:P N:2H~u S:3H");
        assert_eq!(r.auction, calls("2H P 3H"));
        assert!(r.unauthorized_information.is_empty());
        // E changes his call: the pass is withdrawn, UI to the replacing side.
        let r = ruling(Seat::N, "N:2NT E:P N:2H~u E:X");
        assert_eq!(r.auction, calls("2H X"));
        assert_eq!(r.next, Some(Seat::S));
        assert_eq!(r.unauthorized_information.len(), 1);
        assert_eq!(r.unauthorized_information[0].seat, Seat::S);
        assert_eq!(r.unauthorized_information[0].from.seat, Seat::E);
        assert_eq!(r.unauthorized_information[0].law, "25A6");
        // E repeats the same call: kept.
        let r = ruling(Seat::N, "N:2NT E:P N:2H~u E:P");
        assert_eq!(r.auction, calls("2H P"));
        assert!(r.unauthorized_information.is_empty());
    }

    #[test]
    fn lho_call_that_cannot_stand_is_withdrawn() {
        // E doubled 1D; N's intended call is a pass, over which E's double is inadmissible.
        let r = ruling(Seat::N, "N:1D E:X N:P~u");
        assert_eq!(r.status, Status::Auction);
        assert_eq!(r.next, Some(Seat::E));
        assert_eq!(r.auction, calls("P"));
        assert_eq!(r.unauthorized_information.len(), 1);
    }

    #[test]
    fn too_late_once_partner_has_called() {
        let r = ruling(Seat::N, "N:1NT E:P S:2C W:P N:2S~u");
        assert_eq!(r.auction, calls("1NT P 2C P 2S"));
        assert!(r.rulings.is_empty());
        assert_eq!(r.next, Some(Seat::E));
    }

    #[test]
    fn replacement_after_the_auction_ended_before_partner() {
        let r = ruling(Seat::N, "N:1S E:P S:P W:P W:2H~u");
        assert_eq!(r.status, Status::Auction);
        assert_eq!(r.auction, calls("1S P P 2H"));
        assert_eq!(r.next, Some(Seat::N));
        // S's pass, with W's final pass over it.
        let r = ruling(Seat::N, "N:1S E:P S:P W:P S:2S~u");
        assert_eq!(r.status, Status::Decision);
        assert_eq!(r.auction, calls("1S P 2S P"));
        let r = ruling(Seat::N, "N:1S E:P S:P W:P S:2S~u W:accept N:P E:P");
        assert_eq!(r.status, Status::Closed);
        assert_eq!(r.contract.unwrap().declarer, Seat::N);
    }

    #[test]
    fn unintended_without_a_call_to_replace_is_impossible() {
        assert!(rule(&story(Seat::N, "N:1S~u")).is_err());
    }

    #[test]
    fn intended_change_accepted() {
        let r = ruling(Seat::N, "N:1H N:1S");
        assert_eq!(r.status, Status::Decision);
        assert_eq!(r.decision.clone().unwrap().law, "25B1");
        assert_eq!(r.auction, calls("1H"));
        let r = ruling(Seat::N, "N:1H N:1S E:accept");
        assert_eq!(r.auction, calls("1S"));
        assert_eq!(r.next, Some(Seat::E));
        assert_eq!(r.rulings[0].law, "25B1");
        assert_eq!(r.lead_restrictions.len(), 1);
        assert_eq!(r.lead_restrictions[0].seat, Seat::S);
        assert_eq!(r.lead_restrictions[0].declarer_may_prohibit_one_of, vec![Strain::C, Strain::D, Strain::H]);
        assert_eq!(r.unauthorized_information[0].from.call, "1H".parse().unwrap());
        // Calling over it accepts.
        let r = ruling(Seat::N, "N:1H N:1S E:2C");
        assert_eq!(r.auction, calls("1S 2C"));
        assert_eq!(r.rulings[0].law, "25B1");
    }

    #[test]
    fn intended_change_rejected() {
        let r = ruling(Seat::N, "N:1H N:1S E:reject");
        assert_eq!(r.auction, calls("1H"));
        assert_eq!(r.next, Some(Seat::E));
        assert_eq!(r.rulings[0].law, "25B2");
        assert_eq!(r.lead_restrictions[0].declarer_may_prohibit_one_of, vec![Strain::C, Strain::D, Strain::S]);
        assert_eq!(r.unauthorized_information[0].from.call, "1S".parse().unwrap());
        assert_eq!(r.unauthorized_information[0].law, "16C2");
    }

    #[test]
    fn comparable_substitute_leaves_no_restriction() {
        let r = ruling(Seat::N, "N:1H N:2H~c E:accept");
        assert!(r.lead_restrictions.is_empty());
        assert!(r.unauthorized_information.is_empty());
        assert_eq!(r.score_adjustment, vec!["23C".to_string()]);
    }

    #[test]
    fn inadmissible_substitute_is_cancelled_at_once() {
        let r = ruling(Seat::N, "N:1H N:X");
        assert_eq!(r.status, Status::Auction);
        assert_eq!(r.auction, calls("1H"));
        assert_eq!(r.rulings[0].law, "25B2");
    }

    #[test]
    fn rotations_agree() {
        let text = "N:1H N:1S E:accept E:P S:2S";
        let base = ruling(Seat::N, text);
        for k in 1..4 {
            let r = rule(&story(Seat::N, text).rotate(k)).unwrap();
            assert_eq!(r, base.rotate(k));
        }
    }

    fn in_edition(e: Edition, dealer: Seat, text: &str) -> Ruling {
        let mut r = story(dealer, text);
        r.edition = e;
        rule(&r).expect("a ruling")
    }

    #[test]
    fn in_2007_lead_and_information_follow_the_2007_clauses() {
        // 1H changed to 1S, accepted: the withdrawn 1H named hearts only.
        let r = in_edition(Edition::E2007, Seat::N, "N:1H N:1S E:accept");
        assert_eq!(r.rulings[0].law, "25B1");
        assert!(r.rulings[0].comparable.is_none());
        assert_eq!(r.unauthorized_information[0].law, "16D2");
        let l = &r.lead_restrictions[0];
        assert_eq!((l.seat, l.law.as_str()), (Seat::S, "26A2"));
        assert_eq!(l.declarer_may_require_one_of, vec![Strain::H]);
        // 25A: LHO's withdrawal is 25A4 in 2007.
        let r = in_edition(Edition::E2007, Seat::N, "N:1H E:P N:1S~u");
        assert_eq!(r.decision.expect("decision").law, "25A4");
    }

    #[test]
    fn in_1997_not_condoned_the_offender_chooses() {
        let r = in_edition(Edition::E1997, Seat::N, "N:1H N:1S E:reject");
        assert_eq!(r.decision.clone().expect("decision").law, "25B2(b)");
        assert_eq!(r.next, Some(Seat::N));
        // (1) the first call stands; partner passes next turn.
        let r = in_edition(Edition::E1997, Seat::N, "N:1H N:1S E:reject N:accept");
        assert_eq!(r.auction, calls("1H"));
        assert_eq!(r.rulings[0].law, "25B2(b)(1)");
        assert_eq!(r.must_pass[0].law, "25B2(b)(1)");
        assert_eq!(r.score_adjustment, vec!["23".to_string()]);
        assert!(r.score_cap.is_none());
        // (2) another call: average minus at most.
        let r = in_edition(Edition::E1997, Seat::N, "N:1H N:1S E:reject N:1NT");
        assert_eq!(r.auction, calls("1NT"));
        assert_eq!(r.rulings[0].law, "25B2(b)(2)");
        let cap = r.score_cap.expect("a cap");
        assert_eq!((cap.seat, cap.law.as_str()), (Seat::N, "25B2(b)(2)"));
        assert!(r.must_pass.is_empty());
        assert_eq!(r.unauthorized_information.len(), 2);
        // Condoned: no penalty.
        let r = in_edition(Edition::E1997, Seat::N, "N:1H N:1S E:accept");
        assert_eq!(r.rulings[0].law, "25B1");
        assert!(r.lead_restrictions.is_empty() && r.must_pass.is_empty());
    }

    #[test]
    fn in_1997_a_substitute_for_an_insufficient_bid() {
        let r = in_edition(Edition::E1997, Seat::N, "N:1S E:1H E:2H");
        assert_eq!(r.decision.expect("decision").law, "25B1");
        let r = in_edition(Edition::E1997, Seat::N, "N:1S E:1H E:2H S:reject");
        assert_eq!(r.rulings[0].law, "25B2(a)");
        assert_eq!(r.decision.expect("decision").law, "27A");
        let r = in_edition(Edition::E1997, Seat::N, "N:1S E:1H E:2H S:accept");
        assert_eq!(r.auction, calls("1S 2H"));
        assert_eq!(r.rulings[0].law, "25B1");
    }
}
