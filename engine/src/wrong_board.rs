//! Cards from a wrong board: 2017 Law 15A, 2007 Law 17D (the same law,
//! moved). A player is found to hold cards he took from another board;
//! every call he has made on this board was made holding them, and the
//! first of them is the call the Laws cancel.
//!
//! - 2017: the call is cancelled with every call after it (15A1). If the
//!   offender's partner has called since, the director adjusts the score
//!   (15A2(a)); otherwise the offender, now holding his own cards, calls
//!   again and the auction goes on normally from there (15A2(b)), whatever
//!   he calls. Law 16C applies to the calls withdrawn (15A2(c)).
//! - 2007: the call is cancelled (17D1); the offender calls again (17D2).
//!   If his LHO had called over it, LHO repeats that call, and the director
//!   awards artificial adjusted scores when the offender's new call differs
//!   from the cancelled one; so too when the offender's partner had called
//!   over it.
//! - 1997: one paragraph, 17D (bridge.dk/laws/laws97e/laws97nj/node8.html):
//!   the call is cancelled and the offender calls again; if his LHO had
//!   called over it, LHO repeats that call and the director awards
//!   artificial adjusted scores when the new call differs. The text says
//!   nothing of partner having called over it (2007 added that clause):
//!   LHO has then called over it too, and the table is ruled as LHO's.
//!
//! The cards come first: a call awaiting LHO's option (27A1, 29A) is
//! cancelled with the rest and the option with it, so Laws 27 and 29-32
//! have nothing left to rectify; turns lost to a cancelled call out of
//! rotation come back with it; a lost turn is no call. The offender's new
//! call is an ordinary call, under its own law if irregular.
//!
//! What happens on the other board (2017 15A3, 2007 17D3: the offender's
//! call there must match the cancelled one) and a procedural penalty
//! (15A4, 17D4) are outside a story of one board. The ruling names the
//! clause of an adjustment in `score_adjustment`; the table is left as the
//! cancellation leaves it (docs/conventions.md, "Cards from a wrong board").

use crate::editions::WrongBoardScheme;
use crate::error::{impossible, unsupported, RuleError};
use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::request::{Move, Turn};
use crate::ruling::{Irregularity, IrregularityRuling};
use crate::step::{Next, Pending, Then, Waiting};
use crate::table::Table;

/// Has `offender` made a call on this board: one in the auction, or
/// `held`, the call awaiting LHO's option (27A1, 29A), if it is his? A turn
/// he lost to an accepted call out of rotation is no call of his.
pub(crate) fn has_called(t: &Table, offender: Seat, held: Option<(Seat, Call)>) -> bool {
    t.auction.has_called(offender) || held.is_some_and(|(s, _)| s == offender)
}

/// `offender`'s cards are found to be from a wrong board (event `i`).
/// `held`: the call the table waited to see accepted or refused (27A1,
/// 29A), made after every call in the auction; it is cancelled with them
/// if it is the offender's or follows his first call, and the option with
/// it. An insufficient bid or a call out of rotation made holding the wrong
/// cards is thus no longer there to rectify: the offender calls again at
/// his turn, free of Laws 27 and 29-32, and the cancelled call is a
/// withdrawn call (docs/conventions.md, "Cards from a wrong board").
pub(crate) fn cards_from_wrong_board(
    t: &mut Table,
    event: usize,
    offender: Seat,
    held: Option<(Seat, Call)>,
) -> Result<Next, RuleError> {
    let scheme = t.rules.wrong_board;
    // The calls made, with their slots: a turn lost to an accepted call out
    // of rotation (29A) holds no call.
    let made = t.auction.seated().enumerate().filter(|(k, _)| !t.auction.is_missed(*k));
    let calls: Vec<(usize, Seat, Call)> =
        made.map(|(k, (s, c))| (k, s, c)).chain(held.map(|(s, c)| (t.auction.calls().len(), s, c))).collect();
    // The first call he made holding them; none: nothing to cancel (he
    // takes his own cards, and the Laws rectify a call).
    let Some(first) = calls.iter().position(|(_, s, _)| *s == offender) else { return Ok(Next::Done) };
    let (k, _, cancelled) = calls[first];
    let later: Vec<(Seat, Call)> = calls[first + 1..].iter().map(|(_, s, c)| (*s, *c)).collect();
    let partner_called = later.iter().any(|(s, _)| *s == offender.partner());
    let lho_call =
        calls.get(first + 1).filter(|(slot, s, _)| *slot == k + 1 && *s == offender.lho()).map(|(_, _, c)| *c);
    let lho_means = t.meaning_at(k + 1).cloned();
    // Turns lost to the cancelled call (it was out of rotation and
    // accepted) come back with it: the auction goes back to the first.
    let mut from = k.min(t.auction.calls().len());
    while from > 0 && t.auction.is_missed(from - 1) {
        from -= 1;
    }
    let (cancel, adjust) = match scheme {
        WrongBoardScheme::CancelWithLaterCalls => ("15A1", "15A2(a)"),
        WrongBoardScheme::CancelLhoRepeats => ("17D1", "17D2"),
        WrongBoardScheme::LhoRepeatsOnly => ("17D", "17D"),
    };
    t.cancel_from(from);
    t.record(IrregularityRuling::on_call(offender, cancelled, Irregularity::CardsFromWrongBoard, cancel));
    // 15A2(c) (2017): Law 16C applies to the calls withdrawn; 2007 16D2
    // likewise makes the offender's withdrawn call unauthorised to partner.
    for (_, c) in later.iter().filter(|(s, _)| *s == offender) {
        t.unauthorized(offender.partner(), offender, *c, t.rules.withdrawn_ui);
    }
    t.unauthorized(offender.partner(), offender, cancelled, t.rules.withdrawn_ui);
    if scheme == WrongBoardScheme::LhoRepeatsOnly {
        // 1997: the auction is told again with partner's cancelled calls
        // unmade; each is a withdrawn call of the offending side (16C2).
        for (_, c) in later.iter().filter(|(s, _)| *s == offender.partner()) {
            t.unauthorized(offender, offender.partner(), *c, t.rules.withdrawn_ui);
        }
    }
    if partner_called && scheme != WrongBoardScheme::LhoRepeatsOnly {
        // 15A2(a), 17D2: the auction cannot be told again with partner's
        // call unmade. (1997 17D has no such clause: LHO repeats, below.)
        t.may_adjust(adjust);
        return Ok(Next::Done);
    }
    if from < k && lho_call.is_some() && scheme != WrongBoardScheme::CancelWithLaterCalls {
        // 17D2 (1997 17D): LHO repeats his call after the offender's new
        // one, but the turns the cancelled call took come first, and the
        // text does not say whether LHO's call still stands over them.
        return Err(unsupported(
            event,
            cancel,
            format!(
                "{offender}'s call out of rotation, accepted and then found made on a wrong board's cards, with \
                 LHO's call over it to repeat: the lost turns come back first, and LHO's repeat is not ruled"
            ),
        ));
    }
    match (scheme, lho_call) {
        (WrongBoardScheme::CancelLhoRepeats | WrongBoardScheme::LhoRepeatsOnly, Some(call)) => {
            Ok(Next::Wait(Pending {
                waiting_on: offender,
                decision: None,
                state: Box::new(CallAgain { offender, cancelled, lho_call: call, lho_means, clause: adjust }),
            }))
        }
        // 15A2(b), 17D2, 1997 17D: he calls again, and the auction goes on
        // normally.
        _ => Ok(Next::Done),
    }
}

/// 2007 17D2, 1997 17D: the offender is to call again, and his LHO, who
/// had called over the cancelled call, will repeat that call.
#[derive(Debug)]
struct CallAgain {
    offender: Seat,
    cancelled: Call,
    lho_call: Call,
    lho_means: Option<Meaning>,
    /// The clause of the adjustment: 17D2 (2007), 17D (1997).
    clause: &'static str,
}

impl Waiting for CallAgain {
    fn resolve(self: Box<Self>, _t: &mut Table, i: usize, e: &Turn) -> Result<Next, RuleError> {
        match e.action {
            Move::Call(c) if e.seat == self.offender => Ok(Next::ClassifyThen(c, self)),
            Move::Call(_) => Err(impossible(
                i,
                format!(
                    "{} calls, but {} is to call again holding his own cards first ({})",
                    e.seat, self.offender, self.clause
                ),
            )),
            Move::Accept | Move::Reject => Err(impossible(
                i,
                format!(
                    "{} says `{}`, but nobody holds an option: {} calls again ({})",
                    e.seat, e.action, self.offender, self.clause
                ),
            )),
        }
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

impl Then for CallAgain {
    /// 17D2 (1997: 17D): LHO repeats the call he made over the cancelled
    /// call (when the Laws still let it stand there); artificial adjusted
    /// scores when the offender's new call differs from the cancelled one.
    fn then(self: Box<Self>, t: &mut Table, waiting: bool) -> Result<Next, RuleError> {
        let CallAgain { offender, cancelled, lho_call, lho_means, clause } = *self;
        let again = t.auction.calls().last().copied();
        if again != Some(cancelled) {
            t.may_adjust(clause);
        }
        let lho = offender.lho();
        // LHO repeats at his turn; a new call that ended the auction (the
        // fourth pass, or the third after a bid) left him none.
        if !waiting
            && !t.auction.is_over()
            && t.auction.next_seat() == lho
            && t.auction.legality(lho, lho_call) == crate::auction::Legality::Legal
        {
            t.stand(lho, lho_call, lho_means);
        }
        Ok(Next::Done)
    }
}

#[cfg(test)]
mod tests {
    use crate::notation::Seat;
    use crate::request::Edition;
    use crate::rule;
    use crate::ruling::{Irregularity, Status};
    use crate::story::tests::{story, story_in};

    fn laws(r: &crate::Ruling) -> Vec<&str> {
        r.rulings.iter().map(|x| x.law.as_str()).collect()
    }

    #[test]
    fn the_2017_laws_cancel_the_call_and_every_call_after_it() {
        // N 1S holding board 5's cards, E 2H; found: both cancelled (15A1),
        // N calls again, the auction goes on (15A2(b)).
        let r = rule(&story(Seat::N, "N 1S, E 2H, N wrong board")).expect("15A");
        assert_eq!((r.status, r.next, r.auction.len()), (Status::Auction, Some(Seat::N), 0));
        assert_eq!(laws(&r), ["15A1"]);
        assert_eq!(r.rulings[0].irregularity, Irregularity::CardsFromWrongBoard);
        assert!(r.score_adjustment.is_empty());
        assert_eq!(r.unauthorized_information[0].seat, Seat::S);
        // A different call now is no matter for this board (15A3 is the other board's).
        let r = rule(&story(Seat::N, "N 1S, E 2H, N wrong board, N 1H")).expect("15A");
        assert_eq!((r.next, r.score_adjustment.len()), (Some(Seat::E), 0));
    }

    #[test]
    fn partner_having_called_the_score_is_adjusted() {
        let r = rule(&story(Seat::N, "N 1S, E P, S 2S, E wrong board")).expect("no call by E? E passed");
        assert_eq!(laws(&r), ["15A1"]);
        assert!(r.score_adjustment.is_empty(), "E's partner W has not called since E's pass");
        let r = rule(&story(Seat::N, "N 1S, E P, S 2S, W P, N wrong board")).expect("15A2(a)");
        assert_eq!(r.score_adjustment, ["15A2(a)"]);
        let r = rule(&story_in(Edition::E2007, Seat::N, "N 1S, E P, S 2S, N wrong board")).expect("17D2");
        assert_eq!((laws(&r), r.score_adjustment.clone()), (vec!["17D1"], vec!["17D2".to_string()]));
    }

    #[test]
    fn in_2007_lho_repeats_his_call_and_a_different_call_is_adjusted() {
        let same = rule(&story_in(Edition::E2007, Seat::N, "N 1S, E 2H, N wrong board, N 1S")).expect("17D2");
        assert_eq!((same.next, same.auction.len(), same.score_adjustment.len()), (Some(Seat::S), 2, 0));
        let waits = rule(&story_in(Edition::E2007, Seat::N, "N 1S, E 2H, N wrong board")).expect("17D2");
        assert_eq!((waits.next, waits.auction.len()), (Some(Seat::N), 0));
        let other = rule(&story_in(Edition::E2007, Seat::N, "N 1S, E 2H, N wrong board, N 1H")).expect("17D2");
        assert_eq!((other.next, other.score_adjustment.clone()), (Some(Seat::S), vec!["17D2".to_string()]));
    }

    #[test]
    fn in_1997_one_paragraph_and_no_clause_on_partners_call() {
        // 1997 17D (bridge.dk laws97e node8): cancelled, called again, LHO
        // repeats; adjusted when the new call differs; all cited `17D`.
        let other = rule(&story_in(Edition::E1997, Seat::N, "N 1S, E 2H, N wrong board, N 1H")).expect("17D");
        assert_eq!(laws(&other), ["17D"]);
        assert_eq!((other.next, other.score_adjustment.clone()), (Some(Seat::S), vec!["17D".to_string()]));
        assert_eq!(other.unauthorized_information[0].law, "16C2");
        let same = rule(&story_in(Edition::E1997, Seat::N, "N 1S, E 2H, N wrong board, N 1S")).expect("17D");
        assert_eq!((same.next, same.auction.len(), same.score_adjustment.len()), (Some(Seat::S), 2, 0));
        // Partner had called: 2007 adjusts at once; 1997 has no such clause,
        // so the offender calls again and LHO repeats, as when LHO alone had.
        let waits = rule(&story_in(Edition::E1997, Seat::N, "N 1S, E 2H, S 3S, N wrong board")).expect("17D");
        assert_eq!((waits.next, waits.auction.len(), waits.score_adjustment.len()), (Some(Seat::N), 0, 0));
        let again = rule(&story_in(Edition::E1997, Seat::N, "N 1S, E 2H, S 3S, N wrong board, N 1S")).expect("17D");
        assert_eq!((again.next, again.auction.len(), again.score_adjustment.len()), (Some(Seat::S), 2, 0));
        // S's cancelled 3S is unauthorised to N (1997 16C2).
        assert!(again.unauthorized_information.iter().any(|u| u.seat == Seat::N && u.law == "16C2"));
    }

    #[test]
    fn a_call_awaiting_lhos_option_is_cancelled_with_its_option() {
        // E 1S out of rotation (dealer N), S not yet chosen under 29A: the
        // 1S is cancelled under 15A1 and the option with it; N, whose turn
        // it is, calls; no Law 31 for E's partner.
        let r = rule(&story(Seat::N, "E 1S, E wrong board")).expect("15A over 29A");
        assert_eq!((r.next, r.decision.is_none(), laws(&r)), (Some(Seat::N), true, vec!["15A1"]));
        assert_eq!(r.unauthorized_information[0].seat, Seat::W);
        let r = rule(&story(Seat::N, "E 1S, E wrong board, N 1H, E 1S, S P, W P")).expect("15A over 29A");
        assert!(r.must_pass.is_empty() && r.call_restrictions.is_empty());
        // N 1H, E 1C insufficient, S not yet chosen under 27A1: E calls again
        // freely, W is not barred.
        let r = rule(&story_in(Edition::E2007, Seat::N, "N 1H, E 1C, E wrong board, E 2C, S P, W 2D")).expect("17D");
        assert_eq!((laws(&r), r.auction.len(), r.must_pass.len()), (vec!["17D1"], 4, 0));
        // Another player's cards, before his first call: the option stays.
        let r = rule(&story(Seat::N, "N 1H, E 1C, W wrong board")).expect("27A1 waits");
        assert_eq!((r.decision.map(|d| d.seat), r.rulings.len()), (Some(Seat::S), 0));
    }

    #[test]
    fn a_turn_lost_to_the_cancelled_call_comes_back_and_is_no_call() {
        // E 1S at N's turn, accepted by S's 2H (29A: N's turn lost); E's
        // cards are a wrong board's: 1S and 2H go, and so does N's lost turn.
        let r = rule(&story(Seat::N, "E 1S, S 2H, E wrong board")).expect("15A1");
        assert_eq!((r.next, r.auction.len()), (Some(Seat::N), 0));
        // N's lost turn is not a call of his: he has none to cancel.
        let r = rule(&story(Seat::N, "E 1S, S 2H, N wrong board")).expect("nothing to cancel");
        assert_eq!((r.next, r.auction.len()), (Some(Seat::W), 3));
        assert!(!r.rulings.iter().any(|x| x.irregularity == Irregularity::CardsFromWrongBoard));
        // 2007: E would call again and S repeat his 2H, but N's turn comes
        // first: not ruled.
        assert!(rule(&story_in(Edition::E2007, Seat::N, "E 1S, S 2H, E wrong board")).is_err());
    }
}

/// More of 15A and 17D, where the tests above had not looked
/// (docs/mutants.md).
#[cfg(test)]
mod more_tests {
    use crate::notation::{Call, Seat};
    use crate::request::Edition;
    use crate::rule;
    use crate::story::tests::story_in;

    fn unauthorised(r: &crate::Ruling) -> Vec<(Seat, Seat, Call)> {
        r.unauthorized_information.iter().map(|u| (u.seat, u.from.seat, u.from.call)).collect()
    }

    fn call(text: &str) -> Call {
        text.parse().expect("a call")
    }

    /// 15A2(c): only the offender's withdrawn calls are unauthorised to his
    /// partner; LHO's cancelled pass is the non-offending side's.
    #[test]
    fn only_the_offender_s_withdrawn_calls_are_unauthorised_to_his_partner() {
        let r = rule(&story_in(Edition::E2017, Seat::N, "N 1S, E P, N wrong board")).expect("15A");
        assert_eq!(unauthorised(&r), vec![(Seat::S, Seat::N, call("1S"))]);
    }

    /// 1997 17D: partner's cancelled call is unauthorised to the offender
    /// (16C2), LHO's is not listed.
    #[test]
    fn in_1997_partner_s_cancelled_call_and_no_other_is_unauthorised_to_the_offender() {
        let r = rule(&story_in(Edition::E1997, Seat::N, "N 1S, E P, S 2S, N wrong board")).expect("17D");
        assert_eq!(unauthorised(&r), vec![(Seat::S, Seat::N, call("1S")), (Seat::N, Seat::S, call("2S"))]);
    }

    /// 2007 17D2: LHO repeats his call with its meaning. East's 2C was
    /// artificial; repeated, it is still the last call, so West's pass out
    /// of rotation at South's turn passes his partner's artificial call and
    /// is ruled under Law 31 (30C), not 30B1.
    #[test]
    fn lho_s_repeated_call_keeps_its_meaning() {
        let mut r = story_in(Edition::E2007, Seat::N, "N 1C, E 2C, N wrong board, N 1C, W P, N reject");
        r.events[1].findings.means =
            Some(serde_json::from_value(serde_json::json!({"artificial": true})).expect("a meaning"));
        let r = rule(&r).expect("17D2, then 30C");
        assert_eq!(r.auction, vec![call("1C"), call("2C")]);
        let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
        assert_eq!(laws, vec![(Seat::N, "17D1"), (Seat::W, "31A")], "{r:?}");
    }

    /// 2007 17D2: after the cancellation the offender calls again first;
    /// LHO's call before him is an impossible story, said so.
    #[test]
    fn in_2007_nobody_calls_before_the_offender_calls_again() {
        let e = rule(&story_in(Edition::E2007, Seat::N, "N 1S, E 2H, N wrong board, E 2H")).unwrap_err();
        assert!(matches!(e, crate::RuleError::Impossible { .. }), "{e}");
        assert!(e.to_string().contains("N is to call again holding his own cards first (17D2)"), "{e}");
    }

    /// 2007 17D2: LHO repeats his call only where the Laws still let it
    /// stand. North's new 3S makes East's 2H insufficient: it is not
    /// repeated, East is to call, and the new call differs (adjusted).
    #[test]
    fn in_2007_lho_does_not_repeat_a_call_the_new_call_makes_insufficient() {
        let r = rule(&story_in(Edition::E2007, Seat::N, "N 1S, E 2H, N wrong board, N 3S")).expect("17D2");
        assert_eq!((r.next, r.auction.clone()), (Some(Seat::E), vec![call("3S")]), "{r:?}");
        assert_eq!(r.score_adjustment, ["17D2"]);
    }
}

#[cfg(test)]
mod lost_turn_tests {
    use crate::notation::Seat;
    use crate::rule;
    use crate::story::tests::story;

    /// E's only slot is a turn he lost (W's 2H at E's turn was accepted by
    /// N's 2S). S then bids out of rotation at E's turn and the table waits
    /// on W's option (29A) when E's cards are found to be from a wrong
    /// board: E has made no call, so there is nothing to cancel (15A rectifies
    /// a call), and W's option stays open.
    #[test]
    fn a_lost_turn_is_no_call_to_cancel_and_lho_s_option_stays() {
        let r = rule(&story(Seat::N, "N 1S, W 2H, N 2S, S 3S, E wrong board")).expect("ruled");
        assert_eq!(r.decision.as_ref().map(|d| (d.seat, d.law.as_str())), Some((Seat::W, "29A")), "{r:?}");
        assert!(r.rulings.iter().all(|x| x.seat != Seat::E), "{r:?}");
        let r = rule(&story(Seat::N, "N 1S, W 2H, N 2S, S 3S, E wrong board, W reject")).expect("ruled");
        assert_eq!(r.next, Some(Seat::E), "back to E, whose turn it was: {r:?}");
    }
}

#[cfg(test)]
mod auction_end_tests {
    use crate::notation::{Call, Seat};
    use crate::request::Edition;
    use crate::rule;
    use crate::ruling::Status;
    use crate::story::tests::story_in;

    /// W opened 1S in fourth seat holding another board's cards and N bid
    /// 2S over it. The 1S is cancelled (2007 17D1, 1997 17D) and W, with his
    /// own cards, passes: the fourth pass ends the auction, passed out. N has
    /// no turn left to repeat his 2S in: the repeat of 17D2 (1997 17D) needs
    /// an auction that goes on. W's pass differs from his 1S, so the scores
    /// are adjusted (17D2; 1997 17D).
    #[test]
    fn lho_does_not_repeat_his_call_after_the_offender_s_new_call_ends_the_auction() {
        for (edition, adjust) in [(Edition::E2007, "17D2"), (Edition::E1997, "17D")] {
            let text = "N P, E P, S P, W 1S, N 2S, W wrong board, W P";
            let r = rule(&story_in(edition, Seat::N, text)).expect("ruled");
            assert_eq!((r.status, r.next), (Status::PassedOut, None), "{edition:?}: {r:?}");
            assert_eq!(r.auction, vec![Call::Pass; 4], "{edition:?}: {r:?}");
            assert_eq!(r.score_adjustment, vec![adjust.to_string()], "{edition:?}: {r:?}");
            // The same after a bid: W's pass is the third after N's 1H.
            let text = "N 1H, E P, S P, W 1S, N 2S, W wrong board, W P";
            let r = rule(&story_in(edition, Seat::N, text)).expect("ruled");
            assert_eq!((r.status, r.auction.len()), (Status::Closed, 4), "{edition:?}: {r:?}");
            assert_eq!(r.contract.as_ref().map(|c| c.declarer), Some(Seat::N), "{edition:?}: {r:?}");
        }
    }
}
