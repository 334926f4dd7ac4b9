//! Laws 28 to 34: calls out of rotation, with Law 36 for a double or
//! redouble out of rotation that Law 19 does not permit (32, opening
//! paragraph; 36A; 36B4) and Law 17D3 (2007: 17E2) through Law 34 for passes.
//!
//! The 2017 and 2007 Laws share the procedure (28, 29, 34); what follows a
//! cancelled call (30, 31, 32) is a table in `editions.rs`
//! ([`crate::editions::Rules::cancelled`]): the 2017 comparable-call
//! scheme, or the 2007 bars. This module applies whichever the edition
//! gives.
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
//! The 1997 Laws 28, 29 and 30 could not be read: the director answers
//! `not yet supported` for a 1997 call out of rotation (docs/conventions.md,
//! "Editions").
//!
//! Decisions where the Laws are silent are in docs/conventions.md, "Laws
//! 28-34" and, for 2007, "Editions".

use std::rc::Rc;

use crate::auction::Legality;
use crate::editions::{
    Acted, AtTurn, CallKind, Cancelled, Effects, Judgement, LeadScheme, Outcome, RotationScheme, Test, Whose,
};
use crate::error::{impossible, RuleError};
use crate::law23;
use crate::meanings::{denominations_specified, Meaning};
use crate::notation::{Call, Seat};
use crate::regulations::{Law26After30a, Law28bAfterAcceptance};
use crate::request::{Action, Event};
use crate::ruling::{Choice, Decision, Irregularity, IrregularityRuling};
use crate::step::{self, Handoff, Next, Pending};
use crate::table::{AcceptedByCall, AcceptedPass, NoDouble, OutOfTurn, Table, Watch};

impl OutOfTurn {
    fn irregularity(&self) -> Irregularity {
        match self.call {
            Call::Pass => Irregularity::PassOutOfRotation,
            Call::Bid(_) => Irregularity::BidOutOfRotation,
            Call::Double => Irregularity::DoubleOutOfRotation,
            Call::Redouble => Irregularity::RedoubleOutOfRotation,
        }
    }

    /// Which of Laws 30, 31 and 32 rectifies it (30C: an artificial pass
    /// goes to 31).
    fn kind(&self) -> CallKind {
        match self.call {
            Call::Pass if !self.as_bid => CallKind::Pass,
            Call::Pass | Call::Bid(_) => CallKind::Bid,
            Call::Double | Call::Redouble => CallKind::Double,
        }
    }

    fn ruling(&self, law: &str) -> IrregularityRuling {
        IrregularityRuling::on_call(self.offender, self.call, self.irregularity(), law)
    }
}

/// What the table waits on after a call out of rotation.
#[derive(Debug, Clone)]
pub(crate) enum Waiting {
    /// 29A: the offender's LHO may accept the call, or call over it.
    Option(OutOfTurn),
    /// An inadmissible double or redouble out of rotation, not yet
    /// rectified: 36A if the offender's LHO calls next, else 36B4.
    Inadmissible { oot: OutOfTurn },
    /// A call a restriction forbids at this turn (2007 30B2(b)), not yet
    /// rectified.
    Restricted(Restricted),
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
pub(crate) fn before_call(t: &mut Table, i: usize, e: &Event, c: Call) -> Option<Next> {
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
pub(crate) fn call_out_of_rotation(t: &mut Table, i: usize, e: &Event, c: Call) -> Result<Next, RuleError> {
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

/// 29A: the offender's LHO may accept the call out of rotation.
fn option_29a(oot: OutOfTurn) -> Pending {
    let lho = oot.offender.lho();
    Pending {
        waiting_on: lho,
        decision: Some(Decision { seat: lho, options: vec![Choice::Accept, Choice::Reject], law: "29A".into() }),
        state: Box::new(Waiting::Option(oot)),
    }
}

impl step::Waiting for Waiting {
    /// An event while the table waits after a call out of rotation.
    fn resolve(self: Box<Self>, t: &mut Table, i: usize, e: &Event) -> Result<Next, RuleError> {
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

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

/// 28B, 29A, 29B: what happens to a call out of rotation, by who acts next.
fn option(t: &mut Table, oot: OutOfTurn, i: usize, e: &Event) -> Result<Next, RuleError> {
    let lho = oot.offender.lho();
    match e.action {
        Action::Accept if e.seat == lho => {
            accept(t, &oot);
            Ok(Next::Done)
        }
        Action::Reject if e.seat == lho => {
            cancel(t, oot, i, false)?;
            Ok(Next::Done)
        }
        // 28B: the player whose turn it was, an opponent of the offender,
        // calls first: his call is in rotation and the call out of rotation
        // is cancelled without rectification (16C2 applies, 26 does not;
        // 2007: 16D2).
        Action::Call(c) if e.seat == oot.turn && oot.turn.is_opponent_of(oot.offender) => {
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
        Action::Call(c) if e.seat == lho => {
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
        Action::Call(c) if e.seat == oot.turn => {
            let deferred = cancel(t, oot, i, true)?;
            if deferred.is_empty() {
                return Ok(Next::Call(c));
            }
            Ok(Next::ClassifyThen(c, Box::new(deferred)))
        }
        // Anyone else calls (the offender again, or the fourth player) while
        // LHO decides: held until the table no longer waits.
        Action::Call(_) => Ok(Next::Hold(option_29a(oot))),
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

/// What a rectification imposed on the offender's partner, who had already
/// called at his own turn when it was assessed: it binds him from his next
/// turn (the obligations to pass; a 2007 30B2(b) ban is spent).
#[derive(Debug, Default)]
struct Deferred {
    passes: Vec<(Seat, crate::ruling::Scope, &'static str)>,
    /// 2007 30B2(b): the turn it restricted is the one he has just called
    /// at, so it is shown served (`in_force: false`), whatever he called.
    no_double: Option<(Seat, &'static str)>,
}

impl Deferred {
    fn is_empty(&self) -> bool {
        self.passes.is_empty() && self.no_double.is_none()
    }
}

impl step::Then for Deferred {
    fn then(self: Box<Self>, t: &mut Table, _waiting: bool) -> Result<Next, RuleError> {
        for (seat, scope, law) in self.passes {
            t.impose_pass(seat, scope, law);
        }
        if let Some((seat, law)) = self.no_double {
            // His call stands at the slot the restriction was for.
            let at = t.auction.calls().len().saturating_sub(1);
            t.rotation.no_doubles.push(NoDouble { seat, at, law });
        }
        Ok(Next::Done)
    }
}

/// 29A: the call out of rotation stands; the players it passed over lose
/// their turn, and the offender's LHO is next.
fn accept(t: &mut Table, oot: &OutOfTurn) {
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

/// 29B: the call out of rotation is cancelled and the auction goes back to
/// the player whose turn it was; Law 30, 31 or 32 applies to the offending
/// side, as the edition's table gives it
/// ([`crate::editions::Rules::cancelled`]). 16C2 (2007: 16D2): partner may
/// not use what the cancelled call told him.
fn cancel(t: &mut Table, oot: OutOfTurn, i: usize, partner_has_called: bool) -> Result<Deferred, RuleError> {
    let Some(rectification) = t.rules.cancelled(oot.kind(), oot.relation, oot.any_bid) else {
        // Rules::cancelled gives no rectification only for calls that cannot
        // arise (a pass after a bid, or a double, at LHO's turn by a player
        // who has not called).
        return Err(impossible(
            i,
            format!(
                "{}'s {} out of rotation at {}'s turn: the {} Laws give no rectification for it, and no auction \
                 can lead to it",
                oot.offender, oot.call, oot.turn, t.edition
            ),
        ));
    };
    let rectification = law_26_after_30a(t, rectification);
    let offender = oot.offender;
    let ui = t.rules.withdrawn_ui;
    t.unauthorized(offender.partner(), offender, oot.call, ui);
    let ruling = t.rulings_recorded();
    t.record(oot.ruling(rectification.law));
    let mut now = rectification.now;
    let mut deferred = Deferred::default();
    if partner_has_called {
        if let Some((scope, law)) = now.partner_must_pass.take() {
            deferred.passes.push((offender.partner(), scope, law));
        }
        deferred.no_double = now.partner_no_double.take().map(|law| (offender.partner(), law));
    }
    apply(t, &oot, now, false);
    let lapse_lead = rectification.now.lead && repetition_is_no_withdrawal(t);
    if rectification.at_turn != AtTurn::Disposed || lapse_lead {
        let reverted_at = t.auction.calls().len();
        t.rotation.watches.push(Watch { oot, reverted_at, ruling, at_turn: rectification.at_turn, lapse_lead });
    }
    Ok(deferred)
}

/// 2017 30A names 72C only. Under the regulation `law_26_after_30a:
/// if-not-comparable`, Law 26 applies by its own scope: the pass the
/// offender must make at his next turn replaces the cancelled one and is
/// judged for comparability (23A) then. Not comparable: 26B. Comparable:
/// 26A, no lead restriction, 16C2 off, 23C.
fn law_26_after_30a(t: &Table, rectification: Cancelled) -> Cancelled {
    let applies = t.regulations.law_26_after_30a == Law26After30a::IfNotComparable
        && t.rules.rotation == Some(RotationScheme::Comparable)
        && rectification.law == "30A"
        && rectification.at_turn == AtTurn::Disposed;
    if !applies {
        return rectification;
    }
    let judged = Judgement {
        test: Test::Comparable,
        yes: Outcome { law: "30A", effects: Effects { authorises: true, adjust: Some("23C"), ..Effects::NONE } },
        no: Outcome { law: "30A", effects: Effects { lead: true, ..Effects::NONE } },
    };
    Cancelled { at_turn: AtTurn::Judge(judged), ..rectification }
}

/// Does this edition's Law 26 apply only when the offender chooses a
/// different call (2007: "a different final call for that turn"; a call
/// repeated is not one, unless its meaning is much different)? 2017's Law 26
/// asks only whether the replacement is comparable.
fn repetition_is_no_withdrawal(t: &Table) -> bool {
    t.rules.lead == LeadScheme::RequireOrProhibit
}

/// What a rectification of Laws 30-32 does (see [`Effects`]); `repeated`:
/// the offender has just made the cancelled call again at his correct
/// turn, which under 2007 Law 26 is no different call (no lead restriction).
fn apply(t: &mut Table, oot: &OutOfTurn, fx: Effects, repeated: bool) {
    let offender = oot.offender;
    let partner = offender.partner();
    if let Some((scope, law)) = fx.offender_must_pass {
        t.impose_pass(offender, scope, law);
    }
    if let Some((scope, law)) = fx.partner_must_pass {
        t.impose_pass(partner, scope, law);
    }
    if let Some(law) = fx.partner_no_double {
        // The auction has gone back to partner: the bar is on his next call.
        t.rotation.no_doubles.push(NoDouble { seat: partner, at: t.auction.calls().len(), law });
    }
    if fx.lead && !(repeated && repetition_is_no_withdrawal(t)) {
        // Law 32 names 26B for a double or redouble (2007: any one suit),
        // whatever it showed; a bid or an artificial pass is looked at
        // through its meaning (2007 26A: the suits it specified, 29C).
        let means = match oot.kind() {
            CallKind::Double => None,
            _ => oot.means.clone(),
        };
        t.lead_after_withdrawal(offender, oot.call, means);
    }
    if let Some(law) = fx.adjust {
        t.may_adjust(law);
    }
    if fx.authorises {
        t.withdraw_unauthorized(offender, oot.call);
    }
}

/// A call in rotation: 2007 30B2(b) (partner may not double or redouble at
/// the turn the auction went back to him: `Some`, the table waits, see
/// [`restricted_call`]), and the cancelled calls out of rotation waiting on
/// this player's correct turn are disposed of (2017 30B1(b), 31A, 31B2,
/// 32A, 32B2; 2007 31A, 32B).
pub(crate) fn at_turn(t: &mut Table, i: usize, e: &Event, c: Call) -> Result<Option<Next>, RuleError> {
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
        .filter(|(_, w)| w.oot.offender == e.seat && len > w.reverted_at)
        .map(|(k, _)| k)
        .collect();
    for k in due.into_iter().rev() {
        let w = t.rotation.watches.remove(k);
        dispose(t, w, i, e, c)?;
    }
    Ok(None)
}

/// The clause of a restriction in force (2007 30B2(b)) that forbids `seat`
/// the call `c` now, if one does. A double or redouble that Law 19 does
/// not permit, or by a player required to pass, is an inadmissible call
/// (35A, 35B): Laws 36 and 37 take it, not the restriction.
fn restriction_on(t: &Table, seat: Seat, c: Call) -> Option<&'static str> {
    let len = t.auction.calls().len();
    let bar = t.rotation.no_doubles.iter().find(|b| b.binds(seat, len, c))?;
    (t.auction.legality(seat, c) == Legality::Legal && !t.required_to_pass(seat)).then_some(bar.law)
}

/// A call that a restriction in force forbids at this turn (2007 30B2(b):
/// a double or redouble by the partner of the player whose pass out of
/// rotation at his turn was cancelled), waiting to be rectified.
#[derive(Debug, Clone)]
pub(crate) struct Restricted {
    seat: Seat,
    call: Call,
    means: Option<Meaning>,
    law: &'static str,
}

/// 2007 30B2(b), a double or redouble at the turn it forbids them. The
/// call is no inadmissible call of Law 35 (Law 19 permits it, and the
/// player is not required to pass), so Laws 36 and 37 do not reach it;
/// 30B2(b) says what he may call at this turn, a sufficient bid or a pass.
/// So the call is cancelled and he calls again at the same turn, the
/// restriction still in force. The cancelled call is his side's withdrawn
/// call: unauthorised to his partner (2007 16D2; 16C2 in an edition that
/// numbers it so), and, his final call for the turn being a different
/// one, the edition's Law 26 applies to it (2007 26, by its opening
/// sentence; docs/conventions.md, "2007 Laws 28-32"). Law 23, which
/// 30B2(b) names, is already listed.
fn restricted_call(t: &mut Table, r: &Restricted) {
    t.record(IrregularityRuling::on_call(r.seat, r.call, Irregularity::CallWhenRestricted, r.law));
    let ui = t.rules.withdrawn_ui;
    t.unauthorized(r.seat.partner(), r.seat, r.call, ui);
    t.lead_after_withdrawal(r.seat, r.call, r.means.clone());
}

/// The event after a restricted call: the offender's own next call comes
/// after the director's rectification (applied first), or replaces an
/// unintended call (25A). A call by his LHO over it, before the director
/// was called, is an action of the non-offending side: the right to
/// rectification is forfeited (11A) and the call stands as made, LHO's call
/// after it (docs/conventions.md, "2007 Laws 28-32").
fn after_restricted_call(t: &mut Table, r: Restricted, i: usize, e: &Event) -> Result<Next, RuleError> {
    match e.action {
        Action::Call(c) if e.seat == r.seat && e.findings.unintended == Some(true) => {
            Ok(Next::Handoff(Handoff::UnintendedReplacesHeldCall(c)))
        }
        Action::Call(c) if e.seat == r.seat.lho() => {
            t.record(IrregularityRuling::on_call(r.seat, r.call, Irregularity::CallWhenRestricted, "11A"));
            t.stand(r.seat, r.call, r.means);
            Ok(Next::Call(c))
        }
        Action::Call(c) => {
            restricted_call(t, &r);
            Ok(Next::Call(c))
        }
        Action::Accept | Action::Reject => Err(impossible(
            i,
            format!(
                "{} says `{}`, but {}'s {} at a turn {} forbids it cannot be accepted: nobody holds an option",
                e.seat, e.action, r.seat, r.call, r.law
            ),
        )),
        Action::Cards(_) => Err(impossible(i, "a card event reached Law 30; cards are ruled before any pending state")),
    }
}

fn dispose(t: &mut Table, w: Watch, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
    let oot = &w.oot;
    if w.lapse_lead && c == oot.call {
        t.lapse_lead(oot.offender, oot.call);
    }
    match w.at_turn {
        AtTurn::Disposed => Ok(()),
        AtTurn::Judge(j) => {
            judge(t, &w, e, c, j);
            Ok(())
        }
        AtTurn::AfterRho { repeat, acted } => {
            // What RHO finally did at the turn the auction went back to (an
            // illegal call of his is rectified as usual first). A turn he
            // lost is no bid, double or redouble.
            let rho_acted = t.auction.calls().get(w.reverted_at).is_some_and(|r| !r.is_pass())
                && !t.auction.is_missed(w.reverted_at);
            if rho_acted {
                match acted {
                    Acted::Judge(j) => judge(t, &w, e, c, j),
                    Acted::Fixed(o) => dispose_as(t, &w, c, o, None),
                }
                return Ok(());
            }
            // 31A1, 32A1 (2007: 32B1): RHO passed; the offender must repeat
            // his call.
            if c != oot.call {
                return Err(impossible(
                    i,
                    format!(
                        "{} calls {c}, but after RHO's pass he must repeat the {} he called out of rotation ({repeat})",
                        e.seat, oot.call
                    ),
                ));
            }
            if let Some(r) = t.ruling_mut(w.ruling) {
                r.law = repeat.to_string();
            }
            // The call is now made in rotation: nothing of it is withdrawn.
            // If it is insufficient, Law 27 takes it up in rotation.
            t.withdraw_unauthorized(oot.offender, oot.call);
            t.rotation.repeated_at = Some(i);
            Ok(())
        }
    }
}

/// The offender's call at his correct turn, judged by the edition's test:
/// - 2017, 23A: comparable, no further rectification (16C2 off, 23B; 26B
///   off; 23C); not comparable, partner passes at his next turn (16C, 26B,
///   72C);
/// - 2007, 31A2: repeating the denomination of the bid out of rotation,
///   partner passes at his next turn (a); any other call, partner passes
///   for the rest of the auction and Law 26 may apply (b); Law 23 either way.
fn judge(t: &mut Table, w: &Watch, e: &Event, c: Call, j: Judgement) {
    let oot = &w.oot;
    let (value, comparable) = match j.test {
        Test::Comparable => {
            let verdict =
                law23::comparable(oot.means.as_ref(), e.findings.means.as_ref(), e.findings.comparable, &t.regulations);
            (verdict.value, Some(verdict))
        }
        Test::SameDenomination => (repeats_denomination(oot, e, c), None),
    };
    let outcome = if value { j.yes } else { j.no };
    dispose_as(t, w, c, outcome, comparable);
}

/// Dispose of a cancelled call out of rotation with `outcome`, the
/// offender having called `c` at his correct turn.
fn dispose_as(t: &mut Table, w: &Watch, c: Call, outcome: Outcome, comparable: Option<crate::ruling::Comparability>) {
    if let Some(r) = t.ruling_mut(w.ruling) {
        r.law = outcome.law.to_string();
        r.comparable = comparable;
    }
    apply(t, &w.oot, outcome.effects, c == w.oot.call);
}

/// 2007 31A2: does the offender's call at his turn repeat the denomination
/// of his bid out of rotation? By 29C, an artificial call's denominations
/// are those it specified: both calls must specify the same denomination(s)
/// (`shows:`, or a natural bid's strain), and at least one. The director's
/// `same_denomination:` finding on the call decides when given. A cancelled
/// artificial pass (30C) is never repeated in this sense (31A2(b) names it).
fn repeats_denomination(oot: &OutOfTurn, e: &Event, c: Call) -> bool {
    if oot.call.is_pass() {
        return false;
    }
    if let Some(finding) = e.findings.same_denomination {
        return finding;
    }
    let before = denominations_specified(oot.call, oot.means.as_ref());
    !before.is_empty() && before == denominations_specified(c, e.findings.means.as_ref())
}

/// 36B4: an inadmissible double or redouble out of rotation is cancelled;
/// the auction goes back to the player whose turn it was; the offender may
/// make any legal call at his turn; his partner must pass whenever it is
/// his turn; 26B and 72C may apply.
fn inadmissible_out_of_rotation(t: &mut Table, oot: &OutOfTurn) {
    let partner = oot.offender.partner();
    let law = t.rules.inadmissible.double_out_of_turn;
    t.record(oot.ruling(law));
    t.impose_pass(partner, crate::ruling::Scope::RestOfAuction, law);
    t.lead_after_withdrawal(oot.offender, oot.call, None);
    t.unauthorized(partner, oot.offender, oot.call, t.rules.withdrawn_ui);
    t.may_adjust(t.rules.damage);
}

/// After an inadmissible double or redouble out of rotation: 36A if the
/// offender's LHO calls next, else the table goes on under 36B4.
fn after_inadmissible(t: &mut Table, oot: OutOfTurn, i: usize, e: &Event) -> Result<Next, RuleError> {
    let lho = oot.offender.lho();
    match e.action {
        Action::Call(c) if e.seat == lho => {
            // 36A: the inadmissible call and every call after it are
            // cancelled; the auction proceeds as if nothing had happened; no
            // 26B. If LHO was the player whose turn it was, his call is that
            // call, in rotation. (Nothing was rectified while waiting.)
            t.record(oot.ruling(t.rules.inadmissible.double_condoned));
            t.unauthorized(oot.offender.partner(), oot.offender, oot.call, t.rules.withdrawn_ui);
            if lho == oot.turn {
                return Ok(Next::Call(c));
            }
            Ok(Next::Done)
        }
        Action::Call(c) => {
            inadmissible_out_of_rotation(t, &oot);
            Ok(Next::Call(c))
        }
        other => Err(impossible(
            i,
            format!(
                "{} says `{other}`, but an inadmissible {} out of rotation can never be accepted (32, 36)",
                e.seat, oot.call
            ),
        )),
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
fn passes_partners_artificial_call(t: &Table, offender: Seat) -> bool {
    let n = t.auction.calls().len();
    if n == 0 || t.auction.is_missed(n - 1) {
        return false;
    }
    let last_seat = t.auction.dealer().rotate(n - 1);
    last_seat == offender.partner() && artificial(t.meaning_at(n - 1))
}

#[cfg(test)]
mod tests {
    use crate::notation::{Call, Seat};
    use crate::request::{Action, Event, Request};
    use crate::{rule, RuleError};

    fn story(dealer: Seat, events: &[(&str, &str)]) -> Request {
        Request {
            edition: Default::default(),
            dealer,
            vulnerable: Default::default(),
            regulations: None,
            events: events.iter().map(|(s, a)| Event::new(s.parse().unwrap(), a.parse::<Action>().unwrap())).collect(),
        }
    }

    fn story_2007(dealer: Seat, events: &[(&str, &str)]) -> Request {
        Request { edition: crate::request::Edition::E2007, ..story(dealer, events) }
    }

    #[test]
    fn partner_may_not_double_at_the_turn_after_a_2007_30b2_pass() {
        use crate::ruling::Irregularity;
        // 2007 30B2: after N's 1H, W passes at E's turn (E is W's partner);
        // N does not accept. E may bid or pass, but not double, now (b): his
        // double is cancelled and he calls again, at the same turn.
        let bar = story_2007(Seat::N, &[("N", "1H"), ("W", "P"), ("N", "reject"), ("E", "X")]);
        let r = rule(&bar).expect("2007 30B2(b) rules the double");
        assert_eq!((r.next, r.auction.clone()), (Some(Seat::E), vec!["1H".parse().unwrap()]));
        let x = &r.rulings[1];
        assert_eq!(
            (x.seat, x.call, x.irregularity, x.law.as_str()),
            (Seat::E, Some(Call::Double), Irregularity::CallWhenRestricted, "30B2(b)")
        );
        assert!(r.call_restrictions[0].in_force, "still at that turn");
        assert!(r
            .unauthorized_information
            .iter()
            .any(|u| u.seat == Seat::W && u.from.call == Call::Double && u.law == "16D2"));
        assert_eq!(r.lead_restrictions.len(), 1, "2007 Law 26 on the cancelled double");
        // A second double at the same turn is cancelled again.
        let again = story_2007(Seat::N, &[("N", "1H"), ("W", "P"), ("N", "reject"), ("E", "X"), ("E", "X")]);
        let r = rule(&again).expect("ruled again");
        assert_eq!(r.rulings.iter().filter(|x| x.irregularity == Irregularity::CallWhenRestricted).count(), 2);
        // A bid at that turn is his right; so is a double at a later turn.
        let ok = story_2007(
            Seat::N,
            &[("N", "1H"), ("W", "P"), ("N", "reject"), ("E", "1S"), ("S", "2H"), ("W", "P"), ("N", "P"), ("E", "X")],
        );
        let ruling = rule(&ok).expect("2007 30B2: E may bid, and double later");
        assert_eq!(ruling.rulings.len(), 1);
        assert_eq!(ruling.rulings[0].law, "30B2");
        // The rulings turn with the seats.
        let base = rule(&bar).unwrap();
        for k in 1..4 {
            assert_eq!(rule(&bar.rotate(k)).unwrap(), base.rotate(k));
        }
    }

    #[test]
    fn a_2007_bar_on_partner_who_called_first_binds_from_his_next_turn() {
        // 2007 31B: S bid 1D at N's turn; N bids at his own turn before W
        // chose; the cancellation bars N for the rest of the auction, which
        // he could not know when he bid: his 1H stands, the bar starts now.
        let r = rule(&story_2007(Seat::N, &[("S", "1D"), ("N", "1H")])).expect("2007 31B");
        assert_eq!(r.auction.len(), 1);
        assert_eq!(r.rulings[0].law, "31B");
        assert_eq!((r.must_pass[0].seat, r.must_pass[0].in_force), (Seat::N, true));
        assert!(r.rulings.iter().all(|x| x.irregularity != crate::ruling::Irregularity::CallWhenRequiredToPass));
    }

    #[test]
    fn a_2007_lead_restriction_lapses_when_the_call_is_repeated_only() {
        // 2007 31B at partner's turn: 26B for a 1NT that named no suit. It
        // lapses if S bids 1NT again at his turn, not if he bids 2NT.
        let lead = |last: &str| {
            let r = story_2007(Seat::N, &[("S", "1NT"), ("W", "reject"), ("N", "P"), ("E", "P"), ("S", last)]);
            rule(&r).expect("2007 31B").lead_restrictions.len()
        };
        assert_eq!(lead("1NT"), 0);
        assert_eq!(lead("2NT"), 1);
    }

    #[test]
    fn laws_36_to_38_out_of_rotation_in_2007() {
        // A double of partner's bid out of rotation (36B4) and a bid above
        // seven out of rotation (38C), with the 2007 clauses.
        for (events, law) in [(&[("N", "1S"), ("S", "X")][..], "36B4"), (&[("N", "7S"), ("S", "8NT")][..], "38C")] {
            let r = rule(&story_2007(Seat::N, events)).expect("ruled in 2007");
            assert_eq!(r.rulings[0].law, law);
            assert_eq!(r.unauthorized_information[0].law, "16D2");
            assert_eq!(r.score_adjustment, ["23"]);
        }
    }

    #[test]
    fn the_1997_laws_do_not_rule_calls_out_of_rotation() {
        let mut r = story(Seat::N, &[("E", "1S")]);
        r.edition = crate::request::Edition::E1997;
        assert!(matches!(rule(&r), Err(RuleError::Unsupported { event: 0, .. })));
    }

    #[test]
    fn offender_must_repeat_after_rho_passes() {
        // 31A1: E bid 1S at N's turn; N passed; E may not now bid 2S.
        let r = story(Seat::N, &[("E", "1S"), ("S", "reject"), ("N", "P"), ("E", "2S")]);
        match rule(&r) {
            Err(RuleError::Impossible { event: 3, message }) => assert!(message.contains("31A1"), "{message}"),
            other => panic!("expected an impossible story, got {other:?}"),
        }
    }

    #[test]
    fn only_lho_holds_the_option() {
        // 29A: the option on E's 1S (at N's turn) is S's, not W's.
        let r = story(Seat::N, &[("E", "1S"), ("W", "accept")]);
        assert!(matches!(rule(&r), Err(RuleError::Impossible { event: 1, .. })));
        // W calls meanwhile: held until S has chosen (the table still waits
        // on S), then ruled where the auction stands.
        let r = rule(&story(Seat::N, &[("E", "1S"), ("W", "1H")])).expect("held");
        assert_eq!((r.next, r.decision.map(|d| d.law)), (Some(Seat::S), Some("29A".to_string())));
        assert!(r.rulings.is_empty());
        // S accepts: E's 1S stands, N's turn is lost; W's 1H comes at S's
        // turn (W's RHO): a bid out of rotation, whose option is N's.
        let r = rule(&story(Seat::N, &[("E", "1S"), ("W", "1H"), ("S", "accept")])).expect("released");
        assert_eq!(r.rulings.len(), 1);
        assert_eq!(r.decision.map(|d| (d.seat, d.law)), Some((Seat::N, "29A".to_string())));
        // S calls instead: W's 1H is ruled first (at S's turn), and S, whose
        // turn it was, calls before its rectification: 28B.
        let r = rule(&story(Seat::N, &[("E", "1S"), ("W", "1H"), ("S", "2S")])).expect("28B");
        assert_eq!(r.rulings.iter().map(|x| x.law.as_str()).collect::<Vec<_>>(), ["29A", "28B"]);
    }

    #[test]
    fn inadmissible_double_out_of_rotation_cannot_be_accepted() {
        let r = story(Seat::N, &[("N", "1S"), ("S", "X"), ("W", "accept")]);
        assert!(matches!(rule(&r), Err(RuleError::Impossible { event: 2, .. })));
    }

    fn regulated(mut r: Request, f: impl FnOnce(&mut crate::Regulations)) -> Request {
        let mut regs = crate::Regulations::default();
        f(&mut regs);
        r.regulations = Some(regs);
        r
    }

    #[test]
    fn the_player_who_lost_his_turn_may_call_in_rotation_under_28b_by_regulation() {
        use crate::regulations::Law28bAfterAcceptance::Applies;
        let applies = |r| regulated(r, |g| g.law_28b_after_acceptance = Applies);
        // W deals; N passes at W's turn; E passes over it (29A); W opens 1NT.
        let late = story(Seat::W, &[("N", "P"), ("E", "P"), ("W", "1NT")]);
        let r = rule(&applies(late.clone())).unwrap();
        assert_eq!(r.auction, vec!["1NT".parse().unwrap()]);
        assert_eq!(r.next, Some(Seat::N));
        assert_eq!(r.rulings.len(), 1);
        assert_eq!(r.rulings[0].law, "28B");
        assert_eq!(r.unauthorized_information[0].seat, Seat::S);
        for k in 1..4 {
            assert_eq!(rule(&applies(late.rotate(k))).unwrap(), r.rotate(k));
        }
        // By default the 1NT is out of rotation, at South's turn.
        let r = rule(&late).unwrap();
        assert_eq!(r.decision.map(|d| d.law), Some("29A".to_string()));
        // Only as the very next event, and only after acceptance by a call:
        // an explicit acceptance follows the director's involvement.
        let later = story(Seat::W, &[("N", "P"), ("E", "P"), ("S", "P"), ("W", "1NT")]);
        assert_eq!(rule(&applies(later)).unwrap().rulings[0].law, "29A");
        let explicit = story(Seat::W, &[("N", "P"), ("E", "accept"), ("W", "1NT")]);
        assert_ne!(rule(&applies(explicit)).unwrap().rulings[0].law, "28B");
    }

    #[test]
    fn law_26_may_follow_30a_by_regulation() {
        use crate::regulations::Law26After30a::IfNotComparable;
        let law26 = |r| regulated(r, |g| g.law_26_after_30a = IfNotComparable);
        let forced = |comparable: bool| {
            let mut r = story(Seat::N, &[("N", "1H"), ("S", "P"), ("W", "reject"), ("E", "3NT"), ("S", "P")]);
            r.events[4].findings.comparable = Some(comparable);
            r
        };
        // Not comparable: 26B on the offender's partner.
        let r = rule(&law26(forced(false))).unwrap();
        assert_eq!(r.rulings[0].law, "30A");
        assert_eq!(r.rulings[0].comparable.map(|c| c.value), Some(false));
        assert_eq!((r.lead_restrictions[0].seat, r.lead_restrictions[0].law.as_str()), (Seat::N, "26B"));
        assert_eq!(r.unauthorized_information.len(), 1);
        // Comparable: 26A, 16C2 off, 23C.
        let r = rule(&law26(forced(true))).unwrap();
        assert!(r.lead_restrictions.is_empty() && r.unauthorized_information.is_empty());
        assert_eq!(r.score_adjustment, vec!["23C", "72C"]);
        // By default 30A names 72C only, whatever the finding.
        let r = rule(&forced(false)).unwrap();
        assert!(r.lead_restrictions.is_empty() && r.rulings[0].comparable.is_none());
        assert_eq!(r.score_adjustment, vec!["72C"]);
    }

    #[test]
    fn rulings_rotate_with_the_story() {
        let r = story(
            Seat::N,
            &[("N", "1D"), ("S", "P"), ("W", "P"), ("N", "P")], // 34: reverts to E
        );
        let base = rule(&r).unwrap();
        for k in 1..4 {
            assert_eq!(rule(&r.rotate(k)).unwrap(), base.rotate(k));
        }
        assert_eq!(base.next, Some(Seat::E));
    }
}
