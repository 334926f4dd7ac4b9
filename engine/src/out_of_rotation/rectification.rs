//! Laws 30 to 32: what follows a cancelled call out of rotation, at once
//! and at the offender's correct turn.

use crate::editions::{
    Acted, AtTurn, CallKind, Cancelled, Effects, Judgement, LeadScheme, Outcome, RotationScheme, Test,
};
use crate::error::{impossible, RuleError};
use crate::law23;
use crate::meanings::denominations_specified;
use crate::notation::{Call, Seat};
use crate::regulations::Law26After30a;
use crate::request::Turn;
use crate::step::{self, Next};
use crate::table::{NoDouble, OutOfTurn, Table, Watch};

/// What a rectification imposed on the offender's partner, who had already
/// called at his own turn when it was assessed: it binds him from his next
/// turn (the obligations to pass; a 2007 30B2(b) ban is spent).
#[derive(Debug, Default)]
pub(super) struct Deferred {
    passes: Vec<(Seat, crate::ruling::Scope, &'static str)>,
    /// 2007 30B2(b): the turn it restricted is the one he has just called
    /// at, so it is shown served (`in_force: false`), whatever he called.
    no_double: Option<(Seat, &'static str)>,
}

impl Deferred {
    pub(super) fn is_empty(&self) -> bool {
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

/// 29B: the call out of rotation is cancelled and the auction goes back to
/// the player whose turn it was; Law 30, 31 or 32 applies to the offending
/// side, as the edition's table gives it
/// ([`crate::editions::Rules::cancelled`]). 16C2 (2007: 16D2): partner may
/// not use what the cancelled call told him.
pub(super) fn cancel(t: &mut Table, oot: OutOfTurn, i: usize, partner_has_called: bool) -> Result<Deferred, RuleError> {
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
pub(super) fn law_26_after_30a(t: &Table, rectification: Cancelled) -> Cancelled {
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
pub(super) fn apply(t: &mut Table, oot: &OutOfTurn, fx: Effects, repeated: bool) {
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

pub(super) fn dispose(t: &mut Table, w: Watch, i: usize, e: &Turn, c: Call) -> Result<(), RuleError> {
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
fn judge(t: &mut Table, w: &Watch, e: &Turn, c: Call, j: Judgement) {
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
fn repeats_denomination(oot: &OutOfTurn, e: &Turn, c: Call) -> bool {
    if oot.call.is_pass() {
        return false;
    }
    if let Some(finding) = e.findings.same_denomination {
        return finding;
    }
    let before = denominations_specified(oot.call, oot.means.as_ref());
    !before.is_empty() && before == denominations_specified(c, e.findings.means.as_ref())
}
