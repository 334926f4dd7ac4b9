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

use crate::auction::Legality;
use crate::law23;
use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::request::{Action, Edition, Event};
use crate::ruling::{Choice, Comparability, Decision, Irregularity, IrregularityRuling};
use crate::table::{impossible, unsupported, Pending, PendingState, RuleError, Table};

/// What the table waits on under Law 25.
#[derive(Debug, Clone)]
pub(crate) enum Waiting {
    /// 25B1: LHO may accept the substituted call.
    Substitute(Substitution),
    /// 25A6: LHO may withdraw the call he made over the replaced call.
    LhoCall(LhoCall),
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
pub(crate) fn change_of_call(t: &mut Table, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
    if t.edition != Edition::E2017 {
        return Err(unsupported(
            i,
            "25",
            format!(
                "{} changes a call to {c}; Law 25 is built for the 2017 Laws only (this request is {})",
                e.seat, t.edition
            ),
        ));
    }
    if e.findings.unintended == Some(true) {
        return unintended_call(t, i, e, c);
    }
    // 25A2: the call the player made was the one he meant (`unintended:
    // false`, or no finding): only 25B can help him, and only before his
    // LHO calls.
    let turn = t.auction.next_seat();
    if !t.auction.is_over() && e.seat == turn.rho() && t.auction.has_called(e.seat) {
        return intended_change(t, i, e, c);
    }
    t.classify(i, e, c)
}

/// 25A1: replace an unintended call by the call the player meant.
///
/// 25A4: once the player's partner has called after it, no replacement:
/// the event is then the call it is at this point of the auction (in
/// rotation or not, after the final pass or not) and the finding changes
/// nothing. 25A5: an auction that ended before reaching the partner does
/// not stop the replacement, since the auction period ends only with the
/// opening lead, which no event of a story can show.
fn unintended_call(t: &mut Table, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
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
        return t.classify(i, e, c);
    }
    // Only LHO can have called since (rotation): his call, if any.
    let lho_call = seated.get(k + 1).map(|(s, call)| (*s, *call));
    let lho_means = lho_call.and_then(|_| t.meaning_at(k + 1).cloned());
    t.cancel_from(k);
    t.record(IrregularityRuling {
        seat,
        call: c,
        irregularity: Irregularity::ChangeOfCall,
        law: "25A1".to_string(),
        comparable: None,
    });
    // 25A1: the intended call stands subject to the law that applies to it.
    t.classify(i, e, c)?;
    let Some((lho, call)) = lho_call else {
        return Ok(());
    };
    // 25A6: LHO may withdraw the call he made over the unintended call. He
    // may keep it only if the replacement stood as made and his call is
    // still one he may make over it.
    let replaced_as_made =
        t.pending.is_none() && t.auction.calls().len() == k + 1 && t.auction.calls()[k] == c;
    let may_keep = replaced_as_made
        && !t.auction.is_over()
        && t.auction.next_seat() == lho
        && t.auction.legality(lho, call) == Legality::Legal
        && (call.is_pass() || !t.required_to_pass(lho));
    if may_keep {
        t.stand(lho, call, lho_means);
        t.pending = Some(Pending {
            waiting_on: lho,
            decision: Some(Decision {
                seat: lho,
                options: vec![Choice::Accept, Choice::Reject],
                law: "25A6".to_string(),
            }),
            state: PendingState::ChangeOfCall(Box::new(Waiting::LhoCall(LhoCall { lho, replacer: seat, index: k + 1, call }))),
        });
    } else {
        // His call cannot stand over the replacement (or the replacement is
        // itself being rectified): it is withdrawn.
        t.unauthorized(seat.partner(), lho, call, "25A6");
    }
    Ok(())
}

/// 25A1 for a call that does not stand in the auction because another law
/// holds it under rectification (an insufficient bid waiting on LHO's
/// option, say): the player replaces it, before his partner has called, by
/// the call he meant. The held call is dropped by the caller; the
/// replacement is ruled as the player's call at his turn, and Law 26 does
/// not apply. For the Law 27 module (a premature "replacement" that the
/// director finds was the correction of an unintended call).
pub(crate) fn replaces_held_call(t: &mut Table, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
    t.record(IrregularityRuling {
        seat: e.seat,
        call: c,
        irregularity: Irregularity::ChangeOfCall,
        law: "25A1".to_string(),
        comparable: None,
    });
    t.classify(i, e, c)
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
pub(crate) fn intended_change(t: &mut Table, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
    let offender = e.seat;
    let last = t.auction.seated().last();
    let index = match last {
        Some((s, _)) if s == offender && !t.auction.is_over() => t.auction.calls().len() - 1,
        // Not a change of the last call: the call is whatever it is.
        _ => return t.classify(i, e, c),
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
        return not_accepted(t, &s);
    }
    let lho = offender.lho();
    t.pending = Some(Pending {
        waiting_on: lho,
        decision: Some(Decision {
            seat: lho,
            options: vec![Choice::Accept, Choice::Reject],
            law: "25B1".to_string(),
        }),
        state: PendingState::ChangeOfCall(Box::new(Waiting::Substitute(s))),
    });
    Ok(())
}

/// An event while the table waits on a Law 25 option.
pub(crate) fn resolve(t: &mut Table, w: Waiting, i: usize, e: &Event) -> Result<(), RuleError> {
    match w {
        Waiting::Substitute(s) => resolve_substitute(t, s, i, e),
        Waiting::LhoCall(l) => resolve_lho_call(t, l, i, e),
    }
}

/// 25B1 / 25B2: LHO accepts the substitute (explicitly, or by calling over
/// it) or does not.
fn resolve_substitute(t: &mut Table, s: Substitution, i: usize, e: &Event) -> Result<(), RuleError> {
    let lho = s.offender.lho();
    match (e.seat == lho, e.action) {
        (true, Action::Accept) => {
            accepted(t, &s);
            Ok(())
        }
        (true, Action::Reject) => not_accepted(t, &s),
        (true, Action::Call(c)) => {
            // 25B1: LHO accepts the substitute by calling over it.
            accepted(t, &s);
            t.call(i, e, c)
        }
        (false, Action::Accept | Action::Reject) => Err(impossible(
            i,
            format!(
                "{} says `{}`, but the option on {}'s change from {} to {} is {lho}'s (25B1)",
                e.seat, e.action, s.offender, s.original, s.substitute
            ),
        )),
        (false, Action::Call(c)) => Err(unsupported(
            i,
            "25",
            format!(
                "{} calls {c} while {lho} holds the option of accepting {}'s change from {} to {}",
                e.seat, s.offender, s.original, s.substitute
            ),
        )),
    }
}

/// 25B1: the first call is withdrawn and the substitute stands; Law 26
/// looks at the withdrawn first call against the substitute.
fn accepted(t: &mut Table, s: &Substitution) {
    t.cancel_from(s.index);
    t.stand(s.offender, s.substitute, s.substitute_means.clone());
    let cmp = law23::comparable(
        s.original_means.as_ref(),
        s.substitute_means.as_ref(),
        s.comparable,
        &t.regulations,
    );
    t.record(IrregularityRuling {
        seat: s.offender,
        call: s.substitute,
        irregularity: Irregularity::ChangeOfCall,
        law: "25B1".to_string(),
        comparable: Some(cmp),
    });
    withdrawn_call(t, s.offender, s.original, cmp);
}

/// 25B2: the substitute is cancelled and the first call stands; Law 26
/// looks at the cancelled substitute against the first call.
fn not_accepted(t: &mut Table, s: &Substitution) -> Result<(), RuleError> {
    let cmp = law23::comparable(
        s.substitute_means.as_ref(),
        s.original_means.as_ref(),
        s.comparable,
        &t.regulations,
    );
    t.record(IrregularityRuling {
        seat: s.offender,
        call: s.substitute,
        irregularity: Irregularity::ChangeOfCall,
        law: "25B2".to_string(),
        comparable: Some(cmp),
    });
    withdrawn_call(t, s.offender, s.substitute, cmp);
    Ok(())
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
        t.unauthorized(offender.partner(), offender, withdrawn, "16C2");
    }
}

/// 25A6: LHO keeps the call he made over the replaced call, or withdraws it.
fn resolve_lho_call(t: &mut Table, l: LhoCall, i: usize, e: &Event) -> Result<(), RuleError> {
    match (e.seat == l.lho, e.action) {
        (true, Action::Accept) => Ok(()),
        (true, Action::Reject) => {
            withdraw_lho_call(t, &l);
            Ok(())
        }
        // Calling the same call again keeps it.
        (true, Action::Call(c)) if c == l.call && e.findings.unintended.is_none() => Ok(()),
        (true, Action::Call(c)) => {
            withdraw_lho_call(t, &l);
            t.call(i, e, c)
        }
        // Anyone else acting: LHO has let his call stand.
        (false, Action::Call(c)) => t.call(i, e, c),
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
    t.unauthorized(l.replacer.partner(), l.lho, l.call, "25A6");
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
        assert_eq!(r.rulings[0].call, "1S".parse().unwrap());
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
}
