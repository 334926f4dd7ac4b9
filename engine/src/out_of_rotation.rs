//! Laws 28 to 34 (2017): calls out of rotation, with Law 36 for a double or
//! redouble out of rotation that Law 19 does not permit (32, opening
//! paragraph; 36A; 36B4) and Law 17D3 through Law 34 for passes.
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
//!   32 apply; a call by the player whose turn it was comes first (28B).
//!
//! Decisions where the Laws are silent are in docs/conventions.md, "Laws
//! 28-34".

use crate::inadmissible;
use crate::law23;
use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::request::{Action, Event};
use crate::ruling::{Choice, Decision, Irregularity, IrregularityRuling, Scope};
use crate::auction::Legality;
use crate::table::{impossible, Pending, PendingState, RuleError, Table};

/// Whose turn it was, seen from the offender.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Turn {
    /// 30A, 31A, 32A.
    Rho,
    /// 30B1, 31B, 32B.
    Partner,
    /// 30B1, 31B when the offender has not called before (his LHO deals).
    Lho,
}

/// A call out of rotation, as the Director finds it.
#[derive(Debug, Clone)]
pub(crate) struct OutOfTurn {
    offender: Seat,
    call: Call,
    means: Option<Meaning>,
    /// The player whose turn it was.
    turn: Seat,
    relation: Turn,
    /// 30C: an artificial pass, or a pass of partner's artificial call, is
    /// dealt with as a bid (Law 31).
    as_bid: bool,
}

/// Which law rectifies a cancelled call out of rotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    Law30,
    Law31,
    Law32,
}

impl OutOfTurn {
    fn irregularity(&self) -> Irregularity {
        match self.call {
            Call::Pass => Irregularity::PassOutOfRotation,
            Call::Bid(_) => Irregularity::BidOutOfRotation,
            Call::Double => Irregularity::DoubleOutOfRotation,
            Call::Redouble => Irregularity::RedoubleOutOfRotation,
        }
    }

    fn family(&self) -> Family {
        match self.call {
            Call::Pass if !self.as_bid => Family::Law30,
            Call::Pass | Call::Bid(_) => Family::Law31,
            Call::Double | Call::Redouble => Family::Law32,
        }
    }

    fn ruling(&self, law: &str) -> IrregularityRuling {
        IrregularityRuling {
            seat: self.offender,
            call: Some(self.call),
        cards: Vec::new(),
            irregularity: self.irregularity(),
            law: law.to_string(),
            comparable: None,
        }
    }
}

/// What the table waits on after a call out of rotation.
#[derive(Debug, Clone)]
pub(crate) enum Waiting {
    /// 29A: the offender's LHO may accept the call, or call over it.
    Option(OutOfTurn),
    /// 36B4 has been applied; if the offender's LHO calls next, 36A
    /// applies instead and the table goes back to `before`.
    Inadmissible { oot: OutOfTurn, before: Box<Table> },
}

/// The state Laws 28-34 keep across the auction.
#[derive(Debug, Clone, Default)]
pub(crate) struct Rotation {
    /// Cancelled calls whose rectification waits on the offender's turn
    /// (30B1(b), 31A, 31B, 32A, 32B).
    watches: Vec<Watch>,
    /// Accepted passes out of rotation, which Law 34 may yet cancel.
    accepted_passes: Vec<AcceptedPass>,
}

/// A cancelled call out of rotation, waiting on the offender's correct turn.
#[derive(Debug, Clone)]
struct Watch {
    oot: OutOfTurn,
    /// The auction's length when the call was cancelled: the slot where the
    /// player whose turn it was then called.
    reverted_at: usize,
    /// Where the ruling on it was recorded.
    ruling: usize,
}

/// A pass out of rotation accepted under 29A: the turns it made players
/// miss start at `first_missed`; `before` is the table as it was when the
/// option was exercised, to go back to under 17D3.
#[derive(Debug, Clone)]
struct AcceptedPass {
    first_missed: usize,
    offender: Seat,
    call: Call,
    before: Box<Table>,
}

/// Laws 28-34: a call by a player whose turn it is not.
pub(crate) fn call_out_of_rotation(t: &mut Table, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
    let turn = t.auction.next_seat();
    let offender = e.seat;

    // 28A: RHO is required to pass, so his pass is taken as made and this
    // call is in rotation.
    if turn == offender.rho() && t.required_to_pass(turn) {
        t.stand(turn, Call::Pass, None);
        return t.call(i, e, c);
    }
    // 35C/38 and 35B/37 are about the call itself, wherever it was made.
    if matches!(c, Call::Bid(b) if b.is_above_seven()) {
        return inadmissible::bid_above_seven(t, i, e, c);
    }
    if !c.is_pass() && t.required_to_pass(offender) {
        return inadmissible::call_when_required_to_pass(t, i, e, c);
    }

    let relation = if turn == offender.rho() {
        Turn::Rho
    } else if turn == offender.partner() {
        Turn::Partner
    } else {
        Turn::Lho
    };
    let oot = OutOfTurn {
        offender,
        call: c,
        means: e.findings.means.clone(),
        turn,
        relation,
        as_bid: c.is_pass() && (artificial(e.findings.means.as_ref()) || passes_partners_artificial_call(t, offender)),
    };

    // 34 (17D3): a pass out of rotation that would be the third pass after
    // a call does not end the auction; it is cancelled.
    if c.is_pass() && would_be_third_pass(t) {
        t.record(oot.ruling("34"));
        t.unauthorized(offender.partner(), offender, c, "16C2");
        return Ok(());
    }

    // 32 (opening paragraph), 36: an inadmissible double or redouble out
    // of rotation is never accepted.
    if matches!(c, Call::Double | Call::Redouble) && t.auction.legality(offender, c) != Legality::Legal {
        let before = Box::new(t.clone());
        inadmissible_out_of_rotation(t, &oot);
        t.pending = Some(Pending {
            waiting_on: turn,
            decision: None,
            state: PendingState::OutOfRotation(Waiting::Inadmissible { oot, before }),
        });
        return Ok(());
    }

    // 29A: the offender's LHO decides.
    let lho = offender.lho();
    t.pending = Some(Pending {
        waiting_on: lho,
        decision: Some(Decision { seat: lho, options: vec![Choice::Accept, Choice::Reject], law: "29A".into() }),
        state: PendingState::OutOfRotation(Waiting::Option(oot)),
    });
    Ok(())
}

/// An event while the table waits after a call out of rotation.
pub(crate) fn resolve(t: &mut Table, w: Waiting, i: usize, e: &Event) -> Result<(), RuleError> {
    match w {
        Waiting::Option(oot) => option(t, oot, i, e),
        Waiting::Inadmissible { oot, before } => after_inadmissible(t, oot, *before, i, e),
    }
}

/// 28B, 29A, 29B: what happens to a call out of rotation, by who acts next.
fn option(t: &mut Table, oot: OutOfTurn, i: usize, e: &Event) -> Result<(), RuleError> {
    let lho = oot.offender.lho();
    match e.action {
        Action::Accept if e.seat == lho => {
            accept(t, &oot);
            Ok(())
        }
        Action::Reject if e.seat == lho => {
            cancel(t, oot);
            Ok(())
        }
        // 28B: the player whose turn it was, an opponent of the offender,
        // calls first: his call is in rotation and the call out of rotation
        // is cancelled without rectification (16C2 applies, 26 does not).
        Action::Call(c) if e.seat == oot.turn && oot.turn.is_opponent_of(oot.offender) => {
            t.record(oot.ruling("28B"));
            t.unauthorized(oot.offender.partner(), oot.offender, oot.call, "16C2");
            t.call(i, e, c)
        }
        // 29A: the offender's LHO calls over it, and so accepts it.
        Action::Call(c) if e.seat == lho => {
            accept(t, &oot);
            t.call(i, e, c)
        }
        // The offender's partner calls at his own turn before LHO chose: the
        // call out of rotation was not accepted (29B), and partner's call
        // is his call under 30B1(a), 31B1 or 32B1.
        Action::Call(c) if e.seat == oot.turn => {
            cancel(t, oot);
            t.call(i, e, c)
        }
        _ => {
            let what = match e.action {
                Action::Call(c) => format!("calls {c}"),
                other => format!("says `{other}`"),
            };
            Err(impossible(
                i,
                format!(
                    "{} {what}, but the table waits on {lho}: {} called {} out of rotation ({} was to call), and only \
                     {lho} may accept it, reject it or call over it (29A); {} may call first (28B)",
                    e.seat, oot.offender, oot.call, oot.turn, oot.turn
                ),
            ))
        }
    }
}

/// 29A: the call out of rotation stands; the players it passed over lose
/// their turn, and the offender's LHO is next.
fn accept(t: &mut Table, oot: &OutOfTurn) {
    let before = Box::new(t.clone());
    let first_missed = t.auction.calls().len();
    while t.auction.next_seat() != oot.offender {
        t.skip_turn();
    }
    if oot.call.is_pass() {
        t.rotation.accepted_passes.push(AcceptedPass {
            first_missed,
            offender: oot.offender,
            call: oot.call,
            before,
        });
    }
    t.stand(oot.offender, oot.call, oot.means.clone());
    t.record(oot.ruling("29A"));
}

/// 29B: the call out of rotation is cancelled and the auction goes back to
/// the player whose turn it was; Law 30, 31 or 32 applies to the offending
/// side. 16C2: partner may not use what the cancelled call told him.
fn cancel(t: &mut Table, oot: OutOfTurn) {
    let offender = oot.offender;
    t.unauthorized(offender.partner(), offender, oot.call, "16C2");
    let law = match (oot.family(), oot.relation) {
        (Family::Law30, Turn::Rho) => {
            // 30A: the offender must pass at his next turn; 72C may apply.
            t.impose_pass(offender, Scope::NextTurn, "30A");
            t.may_adjust("72C");
            t.record(oot.ruling("30A"));
            return;
        }
        (Family::Law30, _) => "30B1",
        (Family::Law31, Turn::Rho) => "31A",
        (Family::Law31, _) => "31B",
        (Family::Law32, Turn::Rho) => "32A",
        (Family::Law32, _) => "32B",
    };
    let ruling = t.rulings_recorded();
    t.record(oot.ruling(law));
    t.rotation.watches.push(Watch { oot, reverted_at: t.auction.calls().len(), ruling });
}

/// The offender calls at his correct turn: the cancelled call out of
/// rotation waiting on it is disposed of (30B1(b), 31A, 31B2, 32A, 32B2).
pub(crate) fn at_turn(t: &mut Table, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
    let len = t.auction.calls().len();
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
    Ok(())
}

fn dispose(t: &mut Table, w: Watch, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
    let oot = &w.oot;
    match (oot.family(), oot.relation) {
        (Family::Law30, _) => {
            judge(t, &w, e, "30B1(b)(i)", "30B1(b)(ii)", "30B1(b)(ii)");
            Ok(())
        }
        (family, Turn::Rho) => {
            let (repeat, yes, no) = match family {
                Family::Law32 => ("32A1", "32A2(a)", "32A2(b)"),
                _ => ("31A1", "31A2(a)", "31A2(b)"),
            };
            // What RHO finally did at the turn the auction went back to (an
            // illegal call of his is rectified as usual first). A turn he
            // lost is no bid, double or redouble.
            let rho_acted = t.auction.calls().get(w.reverted_at).is_some_and(|r| !r.is_pass())
                && !t.auction.is_missed(w.reverted_at);
            if rho_acted {
                judge(t, &w, e, yes, no, no);
                return Ok(());
            }
            // 31A1, 32A1: RHO passed; the offender must repeat his call.
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
            t.withdraw_unauthorized(oot.offender, oot.call);
            Ok(())
        }
        (Family::Law31, _) => {
            judge(t, &w, e, "31B2", "31B2", "31B2");
            Ok(())
        }
        (Family::Law32, _) => {
            judge(t, &w, e, "32B2", "32B2", "32B2");
            Ok(())
        }
    }
}

/// 23A applied to the offender's call at his correct turn: comparable, no
/// further rectification (16C2 off, 23B; 26B off; 23C); not comparable,
/// partner passes at his next turn (16C, 26B, 72C may apply).
fn judge(t: &mut Table, w: &Watch, e: &Event, comparable_law: &str, other_law: &str, pass_law: &str) {
    let oot = &w.oot;
    let verdict = law23::comparable(oot.means.as_ref(), e.findings.means.as_ref(), e.findings.comparable, &t.regulations);
    let law = if verdict.value { comparable_law } else { other_law };
    if let Some(r) = t.ruling_mut(w.ruling) {
        r.law = law.to_string();
        r.comparable = Some(verdict);
    }
    if verdict.value {
        t.withdraw_unauthorized(oot.offender, oot.call);
        t.may_adjust("23C");
    } else {
        t.impose_pass(oot.offender.partner(), Scope::NextTurn, pass_law);
        t.restrict_lead(oot.offender, "26B");
        t.may_adjust("72C");
    }
}

/// 36B4: an inadmissible double or redouble out of rotation is cancelled;
/// the auction goes back to the player whose turn it was; the offender may
/// make any legal call at his turn; his partner must pass whenever it is
/// his turn; 26B and 72C may apply.
fn inadmissible_out_of_rotation(t: &mut Table, oot: &OutOfTurn) {
    let partner = oot.offender.partner();
    t.record(oot.ruling("36B4"));
    t.impose_pass(partner, Scope::RestOfAuction, "36B4");
    t.restrict_lead(oot.offender, "26B");
    t.unauthorized(partner, oot.offender, oot.call, "16C2");
    t.may_adjust("72C");
}

/// After an inadmissible double or redouble out of rotation: 36A if the
/// offender's LHO calls next, else the table goes on under 36B4.
fn after_inadmissible(t: &mut Table, oot: OutOfTurn, before: Table, i: usize, e: &Event) -> Result<(), RuleError> {
    let lho = oot.offender.lho();
    match e.action {
        Action::Call(c) if e.seat == lho => {
            // 36A: the inadmissible call and every call after it are
            // cancelled; the auction proceeds as if nothing had happened; no
            // 26B. If LHO was the player whose turn it was, his call is that
            // call, in rotation.
            *t = before;
            t.record(oot.ruling("36A"));
            t.unauthorized(oot.offender.partner(), oot.offender, oot.call, "16C2");
            if lho == oot.turn {
                return t.call(i, e, c);
            }
            Ok(())
        }
        Action::Call(c) => t.call(i, e, c),
        other => Err(impossible(
            i,
            format!(
                "{} says `{other}`, but an inadmissible {} out of rotation can never be accepted (32, 36)",
                e.seat, oot.call
            ),
        )),
    }
}

/// 17D3 through 34: the auction has just reached three passes after a call,
/// but a player missed his turn among them (an accepted pass out of
/// rotation): it does not end. It goes back to the player who missed his
/// turn, and every pass since is cancelled.
pub(crate) fn retention(t: &mut Table) {
    if t.rotation.accepted_passes.is_empty() || t.auction.missed().is_empty() || !t.auction.is_over() {
        return;
    }
    let calls = t.auction.calls();
    let real: Vec<usize> = (0..calls.len()).filter(|&k| !t.auction.is_missed(k)).collect();
    let start = real.iter().rev().find(|&&k| !calls[k].is_pass()).or(real.first()).copied();
    let Some(start) = start else { return };
    let mut records: Vec<AcceptedPass> = t
        .rotation
        .accepted_passes
        .iter()
        .filter(|r| r.first_missed > start && t.auction.is_missed(r.first_missed))
        .cloned()
        .collect();
    records.sort_by_key(|r| r.first_missed);
    let Some(first) = records.first() else { return };
    *t = (*first.before).clone();
    for r in &records {
        t.record(IrregularityRuling {
            seat: r.offender,
            call: Some(r.call),
        cards: Vec::new(),
            irregularity: Irregularity::PassOutOfRotation,
            law: "34".into(),
            comparable: None,
        });
        t.unauthorized(r.offender.partner(), r.offender, r.call, "16C2");
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
    use crate::request::{Action, Event, Request};
    use crate::table::{rule, RuleError};
    use crate::notation::Seat;

    fn story(dealer: Seat, events: &[(&str, &str)]) -> Request {
        Request {
            edition: Default::default(),
            dealer,
            vulnerable: Default::default(),
            regulations: None,
            events: events
                .iter()
                .map(|(s, a)| Event::new(s.parse().unwrap(), a.parse::<Action>().unwrap()))
                .collect(),
        }
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
        let r = story(Seat::N, &[("E", "1S"), ("W", "1H")]);
        assert!(matches!(rule(&r), Err(RuleError::Impossible { event: 1, .. })));
    }

    #[test]
    fn inadmissible_double_out_of_rotation_cannot_be_accepted() {
        let r = story(Seat::N, &[("N", "1S"), ("S", "X"), ("W", "accept")]);
        assert!(matches!(rule(&r), Err(RuleError::Impossible { event: 2, .. })));
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
