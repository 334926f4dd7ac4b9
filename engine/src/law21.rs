//! Law 21: a call made on misinformation (the same law in the 2017, 2007
//! and 1997 Laws, its clauses divided as the edition's [`Rules`] say).
//!
//! The story's `misinformed` event says that the player's last call was
//! made on what an opponent told him, or failed to alert, and the findings
//! beside it say whether the Laws give him a remedy:
//! - 21A: a call made on the player's own misunderstanding
//!   (`own_misunderstanding`) has none; nor, under 21B1(b), a call
//!   explained as the partnership agreed, the explained call being the
//!   mistake (`mistaken_call`): there was no misinformation. Absent that
//!   evidence the director presumes a mistaken explanation (21B1(b)).
//!   A missing alert where one was required is misinformation
//!   (`missing_alert`, 21B1(a)).
//! - 21B1(a) (1997 21B1): while his partner has not called since, the
//!   player may change that call, without other rectification for his
//!   side: his call (and LHO's over it, if any) is withdrawn and he calls
//!   again. Calling the same call is no change: LHO's call stands again.
//! - 21B2: after such a change LHO may change the call he had made over
//!   it; if he does, his withdrawn call is unauthorised to his partner
//!   (2017: Law 16C applies; 2007: see Law 16D); only the 1997 21B2 adds
//!   that the score may be adjusted when it damaged the other side.
//! - Law 26 on LHO's changed call, when he gave the misinformation
//!   (`by_lho`): he is then the offending player whose call is withdrawn
//!   and replaced by a different one (EBU TD forum, topic 9639). 2017:
//!   replaced by a comparable call (23A), 26A (no lead restriction, 16C
//!   does not apply, 23C); not comparable, 26B. 2007: 26A or 26B by what
//!   the withdrawn call named. 1997: none, his change being "without
//!   penalty" (1997 21B2).
//! - 16C2 (2007 16D2): a withdrawn call of the misinformed player's side
//!   is unauthorised to the other side, the offending side (both players).
//! - 21B3: his partner having called since, it is too late to change: the
//!   score is adjusted (2017, 2007: when the offending side gained; 1997:
//!   the director may adjust).
//!
//! [`Rules`]: crate::editions::Rules

use crate::editions::LeadScheme;
use crate::error::{impossible, unsupported, RuleError};
use crate::law23;
use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::request::{Findings, Move, Turn};
use crate::ruling::{Irregularity, IrregularityRuling};
use crate::step::{Next, Pending, Then, Waiting};
use crate::table::Table;

/// `player`'s last call was made on misinformation from an opponent, found
/// out at event `i`; `findings` are the director's (21A, 21B1).
pub(crate) fn misinformed(t: &mut Table, i: usize, player: Seat, findings: &Findings) -> Result<Next, RuleError> {
    if findings.own_misunderstanding == Some(true) || findings.mistaken_call == Some(true) {
        // 21A; 21B1(b) with evidence of a mistaken call: no misinformation,
        // no remedy. The call stands.
        return Ok(Next::Done);
    }
    let calls: Vec<(Seat, Call)> = t.auction.seated().collect();
    let Some(k) = (0..calls.len()).rev().find(|&k| calls[k].0 == player && !t.auction.is_missed(k)) else {
        return Err(impossible(i, format!("{player} is found misinformed, but has made no call on this board")));
    };
    let clauses = t.rules.misinformation;
    if (k + 1..calls.len()).any(|j| t.auction.is_missed(j)) || !t.rotation.watches.is_empty() {
        return Err(unsupported(
            i,
            clauses.change,
            format!(
                "{player}'s change of a call made on misinformation while a call out of rotation is being rectified"
            ),
        ));
    }
    let withdrawn = calls[k].1;
    let by_lho = findings.by_lho == Some(true);
    let later = &calls[k + 1..];
    if later.iter().any(|(s, _)| *s == player.partner()) {
        // 21B3: his partner has called since; the call cannot be changed.
        t.record(IrregularityRuling::on_call(player, withdrawn, Irregularity::Misinformation, clauses.too_late));
        t.may_adjust(clauses.too_late);
        return Ok(Next::Done);
    }
    let means = t.meaning_at(k).cloned();
    let lho = later.first().filter(|(s, _)| *s == player.lho()).map(|(_, c)| LhoCall {
        call: *c,
        means: t.meaning_at(k + 1).cloned(),
        accepted: t.acceptance_at(k + 1),
    });
    t.cancel_from(k);
    t.record(IrregularityRuling::on_call(player, withdrawn, Irregularity::Misinformation, clauses.change));
    Ok(Next::Wait(Pending {
        waiting_on: player,
        decision: None,
        state: Box::new(Change { player, slot: k, withdrawn, means, lho, by_lho }),
    }))
}

/// 21B1(a): the misinformed player calls again at the turn of his
/// withdrawn call.
#[derive(Debug)]
struct Change {
    player: Seat,
    /// The place of his withdrawn call in the auction.
    slot: usize,
    withdrawn: Call,
    means: Option<Meaning>,
    /// LHO's call over it, withdrawn with it.
    lho: Option<LhoCall>,
    /// LHO gave the misinformation (`by_lho`): a call he changes under 21B2
    /// is an offending player's withdrawn call (Law 26).
    by_lho: bool,
}

/// LHO's call over the call made on misinformation, withdrawn with it.
#[derive(Debug)]
struct LhoCall {
    call: Call,
    means: Option<Meaning>,
    /// The 27A1 entry under which it stood, if it was an insufficient bid
    /// that its own LHO accepted: it stands again as it stood.
    accepted: Option<usize>,
}

impl Waiting for Change {
    fn resolve(self: Box<Self>, _t: &mut Table, i: usize, e: &Turn) -> Result<Next, RuleError> {
        match e.action {
            Move::Call(c) if e.seat == self.player => Ok(Next::ClassifyThen(c, self)),
            _ => Err(impossible(
                i,
                format!(
                    "{} `{}`, but {} is to call again first, his call made on misinformation withdrawn (21B1)",
                    e.seat, e.action, self.player
                ),
            )),
        }
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

impl Then for Change {
    /// The same call again is no change: LHO's call over it stands again.
    /// A different call: the withdrawn one is unauthorised to the other
    /// side (16C2), and LHO may change his call (21B2).
    fn then(self: Box<Self>, t: &mut Table, waiting: bool) -> Result<Next, RuleError> {
        let Change { player, slot, withdrawn, means, lho, by_lho } = *self;
        let repeated = !waiting && t.auction.calls().len() == slot + 1 && t.auction.calls()[slot] == withdrawn;
        let lho_seat = player.lho();
        if repeated {
            // The meaning written on the call made on misinformation is
            // kept: it is the same call.
            if means.is_some() && t.meaning_at(slot).is_none() {
                t.cancel_from(slot);
                t.stand(player, withdrawn, means);
            }
            if let Some(LhoCall { call, means, accepted }) = lho {
                if t.auction.is_over() {
                    // Nothing follows a final pass made again.
                } else if let Some(entry) = accepted {
                    // 27A1: the accepted insufficient bid was treated as
                    // legal; nothing changed, so it stands again accepted.
                    t.stand_again_accepted(lho_seat, call, means, entry);
                } else if t.auction.legality(lho_seat, call) == crate::auction::Legality::Legal {
                    t.stand(lho_seat, call, means);
                }
            }
            return Ok(Next::Done);
        }
        t.unauthorized_to_offending_side(lho_seat, player, withdrawn, t.rules.withdrawn_ui);
        match lho.map(|l| (l.call, l.means)) {
            Some((c, means)) if !waiting && !t.auction.is_over() && t.auction.next_seat() == lho_seat => {
                Ok(Next::Wait(Pending {
                    waiting_on: lho_seat,
                    decision: None,
                    state: Box::new(LhoMayChange {
                        lho: lho_seat,
                        withdrawn: c,
                        means,
                        offender: by_lho,
                        replacement: None,
                    }),
                }))
            }
            // The auction ended, or the new call is itself under
            // rectification: LHO's withdrawn call is withdrawn for good.
            Some((c, _)) => {
                t.unauthorized(lho_seat.partner(), lho_seat, c, t.rules.withdrawn_ui);
                Ok(Next::Done)
            }
            None => Ok(Next::Done),
        }
    }
}

/// 21B2: LHO, whose call over the changed one was withdrawn with it, calls
/// again; the same call is no change.
#[derive(Debug)]
struct LhoMayChange {
    lho: Seat,
    withdrawn: Call,
    /// The meaning written on his withdrawn call (23A).
    means: Option<Meaning>,
    /// LHO gave the misinformation (`by_lho`): Law 26 applies to his
    /// withdrawn call.
    offender: bool,
    /// His new call's meaning and the director's `comparable` finding on
    /// it, once he has called (23A).
    replacement: Option<(Option<Meaning>, Option<bool>)>,
}

impl Waiting for LhoMayChange {
    fn resolve(self: Box<Self>, _t: &mut Table, i: usize, e: &Turn) -> Result<Next, RuleError> {
        match e.action {
            Move::Call(c) if e.seat == self.lho => {
                let replacement = Some((e.findings.means.clone(), e.findings.comparable));
                Ok(Next::ClassifyThen(c, Box::new(LhoMayChange { replacement, ..*self })))
            }
            // Another player calls: LHO's withdrawn call stays withdrawn,
            // and the call is ruled as any other.
            Move::Call(c) => Ok(Next::Call(c)),
            Move::Accept | Move::Reject => Err(impossible(
                i,
                format!("{} says `{}`, but nobody holds an option: {} calls (21B2)", e.seat, e.action, self.lho),
            )),
        }
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

impl Then for LhoMayChange {
    /// 21B2: a changed call's withdrawn one is unauthorised to LHO's
    /// partner (16C2, 2007 16D2: an offending side's own withdrawn action);
    /// in 1997 the score may also be adjusted if it damaged the other side.
    /// LHO having given the misinformation, Law 26 as the edition has it
    /// ([`lead_after_change`]).
    fn then(self: Box<Self>, t: &mut Table, waiting: bool) -> Result<Next, RuleError> {
        let same = !waiting && t.auction.seated().last() == Some((self.lho, self.withdrawn));
        if same {
            return Ok(Next::Done);
        }
        if self.offender && t.rules.misinformation.lho_change_lead {
            lead_after_change(t, *self);
        } else {
            t.unauthorized(self.lho.partner(), self.lho, self.withdrawn, t.rules.withdrawn_ui);
        }
        if let Some(clause) = t.rules.misinformation.lho_change_adjustment {
            t.may_adjust(clause);
        }
        Ok(Next::Done)
    }
}

/// Law 26 on the call LHO withdrew under 21B2 and replaced by a different
/// one, LHO having given the misinformation (the offending player):
/// - 2017: the new call comparable to the withdrawn one (23A: the finding
///   `comparable` on it, or the two meanings), 26A: no lead restriction,
///   16C does not apply, 23C named; not comparable, 26B on his partner and
///   16C2 (as 21B2 says).
/// - 2007: 26A or 26B by the suits the withdrawn call named, and 16D2.
fn lead_after_change(t: &mut Table, c: LhoMayChange) {
    let LhoMayChange { lho, withdrawn, means, replacement, .. } = c;
    let (new_means, finding) = replacement.unwrap_or_default();
    let comparable = t.rules.lead == LeadScheme::ProhibitUnspecified
        && law23::comparable(means.as_ref(), new_means.as_ref(), finding, &t.regulations).value;
    t.law_26_on_replacement(lho, withdrawn, means, comparable);
}

#[cfg(test)]
mod tests {
    use crate::notation::{Call, Seat};
    use crate::request::Edition;
    use crate::ruling::{Irregularity, Status};
    use crate::story::tests::{story, story_in};
    use crate::{rule, RuleError};

    fn laws(r: &crate::Ruling) -> Vec<&str> {
        r.rulings.iter().map(|x| x.law.as_str()).collect()
    }

    fn ui(r: &crate::Ruling) -> Vec<(Seat, Seat, String)> {
        r.unauthorized_information.iter().map(|u| (u.seat, u.from.seat, u.from.call.to_string())).collect()
    }

    #[test]
    fn the_misinformed_player_changes_his_call_and_lho_may_change_his() {
        // W 1NT (explained 12-14, agreed 15-17), N P, E 2C, S P on the
        // explanation; N has not called since S's pass: S changes it.
        let r = rule(&story(Seat::W, "W 1NT, N P, E 2C, S P, S misinformed")).expect("21B1(a)");
        assert_eq!((r.status, r.next, r.auction.len()), (Status::Auction, Some(Seat::S), 3));
        assert_eq!(laws(&r), ["21B1(a)"]);
        assert_eq!(r.rulings[0].irregularity, Irregularity::Misinformation);
        let r = rule(&story(Seat::W, "W 1NT, N P, E 2C, S P, W P, S misinformed, S X")).expect("21B1(a)");
        assert_eq!((r.next, r.auction.len()), (Some(Seat::W), 4));
        // S's withdrawn pass is unauthorised to E and W (16C2).
        assert_eq!(ui(&r), [(Seat::E, Seat::S, "P".into()), (Seat::W, Seat::S, "P".into())]);
        assert!(r.score_adjustment.is_empty());
        // W changes his pass to 2H: his withdrawn pass is unauthorised to E
        // (2017 21B2: Law 16C applies, and nothing more).
        let r = rule(&story(Seat::W, "W 1NT, N P, E 2C, S P, W P, S misinformed, S X, W 2H")).expect("21B2");
        assert_eq!(ui(&r)[2], (Seat::E, Seat::W, "P".into()));
        assert!(r.score_adjustment.is_empty());
        // W repeats his pass: nothing of his withdrawn.
        let r = rule(&story(Seat::W, "W 1NT, N P, E 2C, S P, W P, S misinformed, S X, W P")).expect("21B2");
        assert_eq!((ui(&r).len(), r.score_adjustment.len()), (2, 0));
    }

    #[test]
    fn the_same_call_again_is_no_change() {
        let r = rule(&story(Seat::W, "W 1NT, N P, E 2C, S P, W P, S misinformed, S P")).expect("21B1(a)");
        assert_eq!((r.next, r.auction.len(), ui(&r).len()), (Some(Seat::N), 5, 0));
    }

    #[test]
    fn partner_having_called_it_is_too_late() {
        let r = rule(&story(Seat::W, "W 1NT, N P, E 2C, S P, W P, N P, S misinformed")).expect("21B3");
        assert_eq!((laws(&r), r.score_adjustment.clone()), (vec!["21B3"], vec!["21B3".to_string()]));
        assert_eq!((r.status, r.auction.len()), (Status::Closed, 6));
    }

    #[test]
    fn no_remedy_for_a_mistaken_call_or_the_players_own_misunderstanding() {
        for mark in ["mistaken_call", "own_misunderstanding"] {
            let mut q = story(Seat::W, "W 1NT, N P, E 2C, S P, S misinformed");
            let f = &mut q.events[4].findings;
            match mark {
                "mistaken_call" => f.mistaken_call = Some(true),
                _ => f.own_misunderstanding = Some(true),
            }
            let r = rule(&q).expect("21A, 21B1(b)");
            assert_eq!((r.next, r.auction.len(), r.rulings.len()), (Some(Seat::W), 4, 0), "{mark}");
        }
    }

    #[test]
    fn only_the_1997_21b2_adjusts_for_lhos_changed_call() {
        // 1997 21B2 lets the director adjust when LHO's withdrawn call gave
        // information that damaged the other side; the 2007 and 2017 21B2
        // only send LHO's withdrawn call to 16D / 16C, with no adjustment of
        // their own.
        let s = "W 1NT, N P, E 2C, S P, W P, S misinformed, S X, W 2H";
        for (edition, adjusts) in [(Edition::E1997, vec!["21B2"]), (Edition::E2007, vec![]), (Edition::E2017, vec![])] {
            let r = rule(&story_in(edition, Seat::W, s)).expect("21B2");
            assert_eq!(r.score_adjustment, adjusts, "{edition:?}");
            assert_eq!(ui(&r)[2], (Seat::E, Seat::W, "P".into()), "{edition:?}");
        }
    }

    /// Law 26 on LHO's call changed under 21B2, when LHO gave the
    /// misinformation (`by_lho`: W's explanation of E's 2C): W's withdrawn
    /// pass, replaced by 2H, brings 2017 26B (not comparable: no finding,
    /// no meanings) or the 2007 26B (a pass names no suit: any suit), and
    /// nothing in 1997 (21B2: "without penalty"). Without the finding,
    /// nothing in any edition.
    #[test]
    fn lho_who_gave_the_misinformation_changes_his_call_under_law_26() {
        let s = "W 1NT, N P, E 2C, S P, W P, S misinformed, S X, W 2H";
        let leads = |edition, by_lho| {
            let mut q = story_in(edition, Seat::W, s);
            q.events[5].findings.by_lho = by_lho;
            let r = rule(&q).expect("21B2");
            let leads: Vec<_> = r.lead_restrictions.iter().map(|l| (l.seat, l.law.clone())).collect();
            (leads, ui(&r).len(), r.score_adjustment)
        };
        let restricted = |law: &str| vec![(Seat::E, law.to_string())];
        assert_eq!(leads(Edition::E2017, Some(true)), (restricted("26B"), 3, vec![]));
        assert_eq!(leads(Edition::E2007, Some(true)), (restricted("26B"), 3, vec![]));
        assert_eq!(leads(Edition::E1997, Some(true)), (vec![], 3, vec!["21B2".to_string()]));
        for edition in [Edition::E2017, Edition::E2007] {
            assert_eq!(leads(edition, None), (vec![], 3, vec![]), "{edition:?}");
            assert_eq!(leads(edition, Some(false)), (vec![], 3, vec![]), "{edition:?}");
        }
        // Keeping his pass is no change: nothing withdrawn, no Law 26.
        let mut q = story_in(Edition::E2017, Seat::W, "W 1NT, N P, E 2C, S P, W P, S misinformed, S X, W P");
        q.events[5].findings.by_lho = Some(true);
        let r = rule(&q).expect("21B2");
        assert!(r.lead_restrictions.is_empty() && ui(&r).len() == 2, "{r:?}");
    }

    /// 2017 26A: LHO's new call found comparable to his withdrawn one (23A)
    /// brings no lead restriction, and 16C does not apply to the withdrawn
    /// call (no entry); 23C is named.
    #[test]
    fn lho_s_comparable_change_brings_no_lead_restriction() {
        let mut q = story(Seat::W, "W 1NT, N P, E 2C, S P, W P, S misinformed, S X, W 2H");
        q.events[5].findings.by_lho = Some(true);
        q.events[7].findings.comparable = Some(true);
        let r = rule(&q).expect("21B2, 26A");
        assert!(r.lead_restrictions.is_empty(), "{r:?}");
        assert!(ui(&r).iter().all(|u| u.1 != Seat::W), "{r:?}");
        assert_eq!(r.score_adjustment, vec!["23C".to_string()]);
    }

    /// 2007 26A2: LHO's withdrawn call named a suit his side has not
    /// specified legally since: declarer may require or prohibit it.
    #[test]
    fn lho_s_withdrawn_suit_bid_brings_the_2007_26a2() {
        let mut q = story_in(Edition::E2007, Seat::W, "W 1NT, N P, E 2C, S P, W 2H, S misinformed, S X, W 3D");
        q.events[5].findings.by_lho = Some(true);
        let r = rule(&q).expect("21B2, 26A2");
        let l = &r.lead_restrictions;
        assert_eq!(l.len(), 1, "{r:?}");
        assert_eq!((l[0].seat, l[0].law.as_str()), (Seat::E, "26A2"));
        assert_eq!(l[0].declarer_may_require_one_of, vec![crate::notation::Strain::H]);
    }

    #[test]
    fn the_1997_clause_is_undivided_and_a_changed_call_meets_its_own_law() {
        let r = rule(&story_in(Edition::E1997, Seat::W, "W 1NT, N P, E 2C, S P, S misinformed")).expect("21B1");
        assert_eq!(laws(&r), ["21B1"]);
        // S's new call is insufficient over E's 2C: Law 27 takes it.
        let r = rule(&story(Seat::W, "W 1NT, N P, E 2C, S P, S misinformed, S 1S")).expect("27");
        assert_eq!((laws(&r), r.status, r.next), (vec!["21B1(a)"], Status::Decision, Some(Seat::W)));
        assert_eq!(r.auction.last(), Some(&Call::Bid("2C".parse().expect("a bid"))));
        match rule(&story(Seat::W, "S misinformed")) {
            Err(RuleError::Impossible { .. }) => {}
            other => panic!("no call to change: {other:?}"),
        }
    }
}

/// More of Law 21B, where the tests above had not looked (docs/mutants.md).
#[cfg(test)]
mod more_tests {
    use crate::notation::{Call, Seat};
    use crate::story::tests::story;
    use crate::{rule, RuleError};

    fn laws(r: &crate::Ruling) -> Vec<(Seat, &str)> {
        r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect()
    }

    fn calls(text: &str) -> Vec<Call> {
        text.split_whitespace().map(|c| c.parse().expect("a call")).collect()
    }

    /// 29A then 21B1(a): E's 2C out of rotation was accepted (N's turn
    /// lost); a lost turn before the misinformed player's call is no
    /// obstacle to changing it.
    #[test]
    fn a_turn_lost_before_the_misinformed_call_does_not_stop_its_change() {
        let r = rule(&story(Seat::W, "W 1NT, E 2C, S accept, S P, E misinformed")).expect("21B1(a)");
        assert_eq!(laws(&r), vec![(Seat::E, "29A"), (Seat::E, "21B1(a)")]);
        assert_eq!((r.next, r.auction.clone()), (Some(Seat::E), calls("1NT P")));
    }

    /// A turn lost after the misinformed player's call (N's pass out of
    /// rotation accepted, W's turn lost) is a case the engine does not rule
    /// on, and says so.
    #[test]
    fn a_turn_lost_after_the_misinformed_call_is_not_ruled_on() {
        let e = rule(&story(Seat::W, "W 1NT, N P, E 2C, S P, N P, E accept, S misinformed")).unwrap_err();
        assert!(matches!(e, RuleError::Unsupported { .. }), "{e}");
        assert!(e.to_string().contains("while a call out of rotation is being rectified"), "{e}");
    }

    /// 21B1(a): the same call again is no change, and LHO's call stands
    /// again with its meaning. E's 2D was artificial, so W's pass out of
    /// rotation at S's turn passes his partner's artificial call and is
    /// ruled under Law 31 (30C), not 30B1.
    #[test]
    fn lho_s_call_standing_again_keeps_its_meaning() {
        let mut q = story(Seat::W, "W 1NT, N 2C, E 2D, N misinformed, N 2C, W P, N reject");
        q.events[2].findings.means =
            Some(serde_json::from_value(serde_json::json!({"artificial": true})).expect("a meaning"));
        let r = rule(&q).expect("21B1(a), then 30C");
        assert_eq!(r.auction, calls("1NT 2C 2D"));
        assert_eq!(laws(&r), vec![(Seat::N, "21B1(a)"), (Seat::W, "31A")], "{r:?}");
    }

    /// 21B1(a) with 27A1: the same call again is no change, so LHO's
    /// insufficient bid, accepted by its own LHO before the misinformation
    /// came out, stands again accepted (it was dropped as not legal, and
    /// LHO left to call again); made differently, LHO's bid is withdrawn
    /// and he calls anew (21B2).
    #[test]
    fn lho_s_accepted_insufficient_bid_stands_again_when_the_same_call_is_made() {
        let r = rule(&story(Seat::W, "W 1NT, N 2C, E 1S, S accept, N misinformed, N 2C")).expect("21B1(a)");
        assert_eq!(r.auction, calls("1NT 2C 1S"), "{r:?}");
        assert_eq!(r.next, Some(Seat::S));
        assert_eq!(laws(&r), vec![(Seat::E, "27A1"), (Seat::N, "21B1(a)")]);
        let r = rule(&story(Seat::W, "W 1NT, N 2C, E 1S, S accept, N misinformed, N 2D")).expect("21B1(a)");
        assert_eq!((r.auction.clone(), r.next), (calls("1NT 2D"), Some(Seat::E)), "{r:?}");
    }

    /// 21B1(a): the misinformed player calls again first; another player's
    /// call before his is an impossible story, said so.
    #[test]
    fn nobody_calls_before_the_misinformed_player_calls_again() {
        let e = rule(&story(Seat::W, "W 1NT, N P, E 2C, S P, S misinformed, W P")).unwrap_err();
        assert!(matches!(e, RuleError::Impossible { .. }), "{e}");
        assert!(e.to_string().contains("S is to call again first"), "{e}");
    }

    /// 21B1(a): the same call again keeps the meaning written on the call
    /// made on misinformation, unless the director writes one on the new
    /// call. N's 2C: artificial as first made; S's pass out of rotation at
    /// E's turn then passes his partner's artificial call (30C, Law 31) or,
    /// the repeated 2C found natural, is a pass at RHO's turn (30A).
    #[test]
    fn the_same_call_again_keeps_its_meaning_unless_a_new_one_is_written() {
        let meaning = |artificial: bool| {
            Some(serde_json::from_value(serde_json::json!({ "artificial": artificial })).expect("a meaning"))
        };
        let mut q = story(Seat::W, "W 1NT, N 2C, N misinformed, N 2C, S P, W reject");
        q.events[1].findings.means = meaning(true);
        let r = rule(&q).expect("21B1(a), then 30C");
        assert_eq!(laws(&r), vec![(Seat::N, "21B1(a)"), (Seat::S, "31A")], "{r:?}");
        q.events[3].findings.means = meaning(false);
        let r = rule(&q).expect("21B1(a), then 30A");
        assert_eq!(laws(&r), vec![(Seat::N, "21B1(a)"), (Seat::S, "30A")], "{r:?}");
    }

    /// 21B2 needs LHO to be next to call: when the changed call ends the
    /// auction (S's pass, the third after 1NT), LHO's pass over the
    /// withdrawn 2C is withdrawn for good and unauthorised to his partner.
    #[test]
    fn a_changed_call_that_ends_the_auction_leaves_lho_nothing_to_change() {
        let r = rule(&story(Seat::W, "W 1NT, N P, E P, S 2C, W P, S misinformed, S P")).expect("21B1(a)");
        assert_eq!((r.status, r.auction.clone()), (crate::ruling::Status::Closed, calls("1NT P P P")));
        let ui: Vec<_> = r.unauthorized_information.iter().map(|u| (u.seat, u.from.seat, u.from.call)).collect();
        assert!(ui.contains(&(Seat::E, Seat::W, Call::Pass)), "{ui:?}");
        assert!(r.score_adjustment.is_empty(), "{r:?}");
    }

    /// A changed call that is itself under rectification (an insufficient
    /// bid, W's option under 27A1): LHO's withdrawn pass stays withdrawn
    /// and is unauthorised to his partner; the table waits on W's option.
    #[test]
    fn a_changed_call_under_rectification_leaves_lho_s_call_withdrawn() {
        let r = rule(&story(Seat::W, "W 1NT, N P, E 2C, S P, W P, S misinformed, S 1S")).expect("21B1(a), 27");
        assert_eq!((r.status, r.next), (crate::ruling::Status::Decision, Some(Seat::W)), "{r:?}");
        let ui: Vec<_> = r.unauthorized_information.iter().map(|u| (u.seat, u.from.seat, u.from.call)).collect();
        assert!(ui.contains(&(Seat::E, Seat::W, Call::Pass)), "{ui:?}");
    }

    /// 21B2 is LHO's: while the table waits on his new call, another
    /// player's call is ruled as any other (N bids at W's turn: out of
    /// rotation, E's option), and is no change of LHO's call: no 21B2
    /// adjustment, W's withdrawn pass not listed.
    #[test]
    fn another_player_s_call_before_lho_s_new_call_is_no_21b2_change() {
        let r = rule(&story(Seat::W, "W 1NT, N P, E 2C, S P, W P, S misinformed, S X, N 3C")).expect("29A");
        assert_eq!(r.decision.as_ref().map(|d| (d.seat, d.law.as_str())), Some((Seat::E, "29A")), "{r:?}");
        assert!(r.score_adjustment.iter().all(|s| s != "21B2"), "{r:?}");
        assert!(r.unauthorized_information.iter().all(|u| u.from.seat != Seat::W), "{r:?}");
    }

    /// 21B1(a), the same call again: LHO's legal 2D over it stands again as
    /// an ordinary call, not as an accepted insufficient bid. E then puts the
    /// 2H he meant in place of the 2D (25A1, a slip): only that 2D is
    /// replaced, and N's 21B1(a) entry stays beside E's 25A1 entry.
    #[test]
    fn lho_s_legal_call_stands_again_as_an_ordinary_call() {
        let mut q = story(Seat::W, "W 1NT, N 2C, E 2D, N misinformed, N 2C, E 2H");
        q.events[5].findings.unintended = Some(true);
        let r = rule(&q).expect("21B1(a), then 25A1");
        assert_eq!(r.auction, calls("1NT 2C 2H"), "{r:?}");
        assert_eq!(laws(&r), vec![(Seat::N, "21B1(a)"), (Seat::E, "25A1")], "{r:?}");
    }
}
