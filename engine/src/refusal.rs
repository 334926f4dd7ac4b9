//! The first irregular call of a story: what a program that prevents
//! irregularities (an online platform, a robot, a library that validates
//! calls) must refuse, instead of ruling on it (the protocol's `refusal`
//! feature, docs/protocol.md).
//!
//! The story is walked as the legal auction of Laws 17 to 22 walks it
//! ([`crate::auction::Auction`]): the first call that the Laws do not let
//! stand where it is made is the irregular one. Up to that call the story
//! is a legal auction, so the reference engine's ruling has nothing to
//! rectify before it; the runner's tests check, over the corpus, that the
//! engine rules an irregularity at exactly that event.

use std::fmt;

use crate::auction::{Auction, Legality};
use crate::listed::every;
use crate::notation::{Call, Seat};
use crate::request::{Action, Request};

/// Why a call may not stand where it was made.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IrregularCall {
    /// 22: a call after the auction has ended (Law 39).
    AfterTheAuction,
    /// 17B, 17C: not the caller's turn (Laws 28-32 rectify it).
    OutOfRotation,
    /// 25: the player who made the last call calls again before the next
    /// player has called, in place of that call (Law 25 rectifies it; not
    /// a call out of rotation: the offender is the player who just called).
    ChangeOfCall,
    /// 18D: not higher than the last bid (an equal bid too; Law 27).
    Insufficient,
    /// 19A1: a double the Laws do not permit (Law 36).
    InadmissibleDouble,
    /// 19B1: a redouble the Laws do not permit (Law 36).
    InadmissibleRedouble,
    /// 18A: a bid of more than seven (Law 38).
    AboveSeven,
}

impl IrregularCall {
    /// Every kind of irregular call. A slice, not an array: a new kind
    /// lengthens it without changing its type.
    pub const ALL: &'static [IrregularCall] = every!(
        IrregularCall: Insufficient,
        OutOfRotation,
        ChangeOfCall,
        InadmissibleDouble,
        InadmissibleRedouble,
        AboveSeven,
        AfterTheAuction,
    );
}

impl fmt::Display for IrregularCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IrregularCall::AfterTheAuction => "a call after the auction ended",
            IrregularCall::OutOfRotation => "a call out of rotation",
            IrregularCall::ChangeOfCall => "a change of call",
            IrregularCall::Insufficient => "an insufficient bid",
            IrregularCall::InadmissibleDouble => "a double the Laws do not permit",
            IrregularCall::InadmissibleRedouble => "a redouble the Laws do not permit",
            IrregularCall::AboveSeven => "a bid above seven",
        })
    }
}

/// The first irregular call of a story: its index in `events` (from 0),
/// who made it, the call, and why it may not stand.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FirstIrregularCall {
    /// Its index in the request's `events`, from 0.
    pub event: usize,
    /// Who made it.
    pub seat: Seat,
    /// The call.
    pub call: Call,
    /// Why it may not stand where it was made.
    pub why: IrregularCall,
}

/// The first call of `request` that a program preventing irregularities
/// must refuse, or None when every event is a legal call (a legal auction,
/// or one not yet over). None too when an event other than a call (an
/// `accept`, `reject` or cards shown, Law 24) comes before any irregular
/// call: such a story holds an irregularity that is no call, which a
/// program can only rule on, not refuse.
pub fn first_irregular_call(request: &Request) -> Option<FirstIrregularCall> {
    let mut auction = Auction::new(request.dealer);
    // Who made the call before this one (every event so far is a call).
    let mut last_caller: Option<Seat> = None;
    for (event, e) in request.events.iter().enumerate() {
        let Action::Call(call) = e.action else { return None };
        let why = if auction.is_over() {
            Some(IrregularCall::AfterTheAuction)
        } else if last_caller == Some(e.seat) {
            // The same player again, before the next has called: a change
            // of call (Law 25), whatever the call.
            Some(IrregularCall::ChangeOfCall)
        } else if e.seat != auction.next_seat() {
            Some(IrregularCall::OutOfRotation)
        } else {
            match auction.legality(e.seat, call) {
                Legality::Legal => None,
                Legality::Insufficient => Some(IrregularCall::Insufficient),
                Legality::InadmissibleDouble => Some(IrregularCall::InadmissibleDouble),
                Legality::InadmissibleRedouble => Some(IrregularCall::InadmissibleRedouble),
                Legality::AboveSeven => Some(IrregularCall::AboveSeven),
            }
        };
        if let Some(why) = why {
            return Some(FirstIrregularCall { event, seat: e.seat, call, why });
        }
        auction.push(call);
        last_caller = Some(e.seat);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn story(dealer: &str, calls: &str) -> Request {
        crate::story::tests::story(dealer.parse().expect("a seat"), calls)
    }

    fn first(dealer: &str, calls: &str) -> Option<(usize, IrregularCall)> {
        first_irregular_call(&story(dealer, calls)).map(|f| (f.event, f.why))
    }

    #[test]
    fn each_kind_of_irregular_call_is_found_where_it_is_made() {
        use IrregularCall::*;
        assert_eq!(first("N", "N 1S, E 1H"), Some((1, Insufficient)));
        assert_eq!(first("N", "N 3H, E 3H"), Some((1, Insufficient)), "an equal bid is insufficient");
        assert_eq!(first("N", "N 1S, E P, S 2S, W P, N X"), Some((4, InadmissibleDouble)));
        assert_eq!(first("N", "N 1S, E X, S P, W XX"), Some((3, InadmissibleRedouble)));
        assert_eq!(first("N", "N 1S, E 8S"), Some((1, AboveSeven)));
        assert_eq!(first("N", "N 1S, S P"), Some((1, OutOfRotation)));
        assert_eq!(first("N", "N 1S, E P, S P, W P, N P"), Some((4, AfterTheAuction)));
        assert_eq!(first("N", "N P, E P, S P, W P, N 1C"), Some((4, AfterTheAuction)));
    }

    /// The same player calling again before the next player has called
    /// changes his call (Law 25): it is not a call out of rotation (17C),
    /// though it is not his turn; a call by another player out of turn
    /// still is.
    #[test]
    fn the_same_player_calling_again_is_a_change_of_call() {
        use IrregularCall::*;
        assert_eq!(first("S", "S 1C, S 1D"), Some((1, ChangeOfCall)));
        assert_eq!(first("N", "N 1S, E P, E 2H"), Some((2, ChangeOfCall)), "a pass changed to a bid");
        assert_eq!(first("N", "N 1S, N P"), Some((1, ChangeOfCall)));
        assert_eq!(first("N", "N 1S, W P"), Some((1, OutOfRotation)), "another player out of turn");
        assert_eq!(first("N", "N 1S, E P, S P, W P, W 2C"), Some((4, AfterTheAuction)), "the auction ended first");
        let f = first_irregular_call(&story("S", "S 1C, S 1D")).expect("a change");
        assert_eq!((f.seat, f.call.to_string(), f.why.to_string()), (Seat::S, "1D".into(), "a change of call".into()));
    }

    #[test]
    fn legal_but_unusual_calls_are_not_irregular() {
        // A double after two passes, a redouble of a double of partner's
        // bid, a bid over a redouble, 7NT doubled and redoubled.
        assert_eq!(first("N", "N 1S, E P, S P, W X"), None);
        assert_eq!(first("N", "N 1S, E X, S XX, W 2C"), None);
        assert_eq!(first("N", "N 7NT, E X, S XX, W P, N P, E P"), None);
        assert_eq!(first("N", "N 1S, E P, S P, W X, N P, E P, S P"), None);
    }

    #[test]
    fn an_event_that_is_no_call_before_any_irregular_call_is_not_refusable() {
        let mut r = story("N", "N 1S, E 1H");
        r.events.insert(1, serde_json::from_str(r#"{"E":"exposes SK"}"#).expect("event"));
        assert_eq!(first_irregular_call(&r), None);
        let mut r = story("N", "N 1S, E 1H");
        r.events.push(serde_json::from_str(r#"{"S":"accept"}"#).expect("event"));
        assert_eq!(first_irregular_call(&r).map(|f| f.event), Some(1), "events after it do not matter");
    }
}
