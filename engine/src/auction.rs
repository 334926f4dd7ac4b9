//! The legal auction, Laws 17 to 22: rotation from the dealer, sufficient
//! bids, when a double or redouble is permitted, the end of the auction, the
//! final contract and the declarer. No irregularity is handled here; this
//! module only answers what the Laws allow.

use crate::notation::{Bid, Call, Seat, Strain};
use crate::ruling::{Contract, Doubling};

/// What Laws 18 and 19 say of a call made in rotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Legality {
    /// Neither 18 nor 19 forbids the call.
    Legal,
    /// 18C: does not supersede the last bid.
    Insufficient,
    /// 19A1 does not permit this double.
    InadmissibleDouble,
    /// 19B1 does not permit this redouble.
    InadmissibleRedouble,
    /// 38: more than seven.
    AboveSeven,
}

/// The calls that stand, in rotation from the dealer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Auction {
    dealer: Seat,
    calls: Vec<Call>,
    /// Slots of turns lost to an accepted call out of rotation (29A): the
    /// player never called there. They show as passes in [`Auction::calls`]
    /// so that seats stay implied by rotation, but they are not calls: they
    /// neither count towards the end of the auction nor make the player one
    /// who has called (17D3, 34).
    missed: Vec<usize>,
}

impl Auction {
    /// An auction with no call yet, `dealer` to call first (17A).
    pub fn new(dealer: Seat) -> Auction {
        Auction { dealer, calls: Vec::new(), missed: Vec::new() }
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The calls that stand, from the dealer (missed turns are not calls).
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// The calls with the seat that made each.
    pub(crate) fn seated(&self) -> impl Iterator<Item = (Seat, Call)> + '_ {
        self.calls.iter().enumerate().map(move |(i, c)| (self.dealer.rotate(i), *c))
    }

    /// 17B, 17C: the player whose turn it is.
    pub(crate) fn next_seat(&self) -> Seat {
        self.dealer.rotate(self.calls.len())
    }

    /// Has `seat` made any call that stands? (A missed turn is no call.)
    pub(crate) fn has_called(&self, seat: Seat) -> bool {
        self.seated().enumerate().any(|(i, (s, _))| s == seat && !self.is_missed(i))
    }

    /// 29A: the player whose turn it is loses it, because a call out of
    /// rotation made over his turn was accepted. Shown as a pass.
    pub(crate) fn push_missed(&mut self) {
        self.missed.push(self.calls.len());
        self.calls.push(Call::Pass);
    }

    /// Is the slot at `index` a turn lost to an accepted call out of rotation?
    pub(crate) fn is_missed(&self, index: usize) -> bool {
        self.missed.contains(&index)
    }

    /// The slots of lost turns, in order.
    pub fn missed(&self) -> &[usize] {
        &self.missed
    }

    /// The last bid and who made it.
    pub fn last_bid(&self) -> Option<(Seat, Bid)> {
        self.seated().filter_map(|(s, c)| c.bid().map(|b| (s, b))).last()
    }

    /// The last call other than a pass, and who made it.
    fn last_action(&self) -> Option<(Seat, Call)> {
        self.seated().filter(|(_, c)| !c.is_pass()).last()
    }

    /// 19A1: a double is permitted only of the last bid, made by an
    /// opponent, with no call but passes since.
    pub fn may_double(&self, seat: Seat) -> bool {
        matches!(self.last_action(), Some((s, Call::Bid(_))) if s.is_opponent_of(seat))
    }

    /// 19B1: a redouble is permitted only of the last double, made by an
    /// opponent, with no call but passes since.
    pub fn may_redouble(&self, seat: Seat) -> bool {
        matches!(self.last_action(), Some((s, Call::Double)) if s.is_opponent_of(seat))
    }

    /// Laws 18, 19 and 38: is `call` by `seat` legal at this point?
    /// (Rotation and obligations to pass are the caller's business.)
    pub fn legality(&self, seat: Seat, call: Call) -> Legality {
        match call {
            Call::Pass => Legality::Legal,
            Call::Double if self.may_double(seat) => Legality::Legal,
            Call::Double => Legality::InadmissibleDouble,
            Call::Redouble if self.may_redouble(seat) => Legality::Legal,
            Call::Redouble => Legality::InadmissibleRedouble,
            Call::Bid(b) if b.is_above_seven() => Legality::AboveSeven,
            Call::Bid(b) => match self.last_bid() {
                Some((_, last)) if !b.is_higher_than(last) => Legality::Insufficient,
                _ => Legality::Legal,
            },
        }
    }

    /// Is `bid` insufficient over the last bid (18C)?
    pub(crate) fn is_insufficient(&self, bid: Bid) -> bool {
        matches!(self.last_bid(), Some((_, last)) if !bid.is_higher_than(last))
    }

    /// Add a call that stands. The caller has decided it stands.
    pub fn push(&mut self, call: Call) {
        self.calls.push(call);
    }

    /// Remove the calls from index `from` on (a cancelled call and all after it).
    pub fn truncate(&mut self, from: usize) {
        self.calls.truncate(from);
        self.missed.retain(|&i| i < from);
    }

    /// 22A, 22B (2017): the auction ends with three passes in rotation after
    /// any call, or when all four players pass. Missed turns are not passes
    /// (17D3).
    pub fn is_over(&self) -> bool {
        let calls: Vec<Call> =
            self.calls.iter().enumerate().filter(|(i, _)| !self.is_missed(*i)).map(|(_, c)| *c).collect();
        let n = calls.len();
        if n >= 4 && calls.iter().all(|c| c.is_pass()) {
            return true;
        }
        n >= 4 && calls[..n - 3].iter().any(|c| !c.is_pass()) && calls[n - 3..].iter().all(|c| c.is_pass())
    }

    /// 22B (2017): all four players passed; the board is passed out.
    pub fn is_passed_out(&self) -> bool {
        self.is_over() && self.last_bid().is_none()
    }

    /// 22A (2017): after a bid and three passes, the last bid is the contract (19D for
    /// doubles and redoubles).
    pub fn contract(&self) -> Option<Contract> {
        if !self.is_over() {
            return None;
        }
        let (bidder, bid) = self.last_bid()?;
        let doubled = match self.last_action() {
            Some((_, Call::Double)) => Some(Doubling::Doubled),
            Some((_, Call::Redouble)) => Some(Doubling::Redoubled),
            _ => None,
        };
        Some(Contract { bid, doubled, declarer: self.declarer(bidder, bid.strain) })
    }

    /// The declarer (Definitions, 2017): of the declaring side, the player who
    /// first named the strain of the final contract.
    fn declarer(&self, bidder: Seat, strain: Strain) -> Seat {
        self.seated()
            .find(|(s, c)| s.side() == bidder.side() && c.bid().map(|b| b.strain) == Some(strain))
            .map(|(s, _)| s)
            .unwrap_or(bidder)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn auction(dealer: Seat, calls: &str) -> Auction {
        let mut a = Auction::new(dealer);
        for c in calls.split_whitespace() {
            a.push(c.parse().unwrap());
        }
        a
    }

    #[test]
    fn end_of_auction() {
        assert!(!auction(Seat::N, "P P P").is_over());
        assert!(auction(Seat::N, "P P P P").is_passed_out());
        assert!(auction(Seat::N, "1C P P P").is_over());
        assert!(auction(Seat::N, "P P P 1C P P P").is_over());
        assert!(!auction(Seat::N, "P P P 1C P P").is_over());
    }

    #[test]
    fn missed_turns_are_not_calls() {
        // N 1C, E's turn lost (S's pass out of rotation accepted), S P, W P.
        let mut a = auction(Seat::N, "1C");
        a.push_missed();
        a.push(Call::Pass);
        a.push(Call::Pass);
        assert_eq!(a.calls().len(), 4);
        assert!(!a.is_over(), "N has not passed yet");
        assert!(!a.has_called(Seat::E));
        a.push(Call::Pass);
        assert!(a.is_over());
        a.truncate(1);
        assert!(a.missed().is_empty());
    }

    #[test]
    fn declarer_is_first_of_side_to_name_strain() {
        let a = auction(Seat::N, "1H P 2C P 2H P 4H P P P");
        let c = a.contract().unwrap();
        assert_eq!(c.declarer, Seat::N);
        let a = auction(Seat::E, "P 1C P 1H P 2H P 4H X XX P P P");
        let c = a.contract().unwrap();
        assert_eq!(c.declarer, Seat::N);
        assert_eq!(c.doubled, Some(Doubling::Redoubled));
    }

    #[test]
    fn doubles() {
        let a = auction(Seat::N, "1S");
        assert!(a.may_double(Seat::E));
        assert!(!a.may_double(Seat::S));
        let a = auction(Seat::N, "1S P P");
        assert!(a.may_double(Seat::W));
        let a = auction(Seat::N, "1S X");
        assert!(a.may_redouble(Seat::S));
        assert!(a.may_redouble(Seat::N));
        assert!(!a.may_redouble(Seat::W));
        assert_eq!(a.legality(Seat::S, "X".parse().unwrap()), Legality::InadmissibleDouble);
        assert_eq!(a.legality(Seat::S, "1H".parse().unwrap()), Legality::Insufficient);
        assert_eq!(a.legality(Seat::S, "8C".parse().unwrap()), Legality::AboveSeven);
    }
}

/// More of the auction's rules, where the tests above had not looked
/// (docs/mutants.md).
#[cfg(test)]
mod more_tests {
    use super::*;

    /// 29A then 17D3: a turn lost to an accepted call out of rotation stays
    /// lost when later calls are cancelled, and goes only when the calls
    /// from its own slot on are cancelled.
    #[test]
    fn a_lost_turn_before_the_cancelled_calls_stays_lost() {
        // N 1C, E's turn lost, S P, W P, N P.
        let mut a = Auction::new(Seat::N);
        a.push("1C".parse().unwrap());
        a.push_missed();
        for _ in 0..3 {
            a.push(Call::Pass);
        }
        a.truncate(3);
        assert_eq!(a.missed(), &[1]);
        assert!(a.is_missed(1) && !a.has_called(Seat::E));
        a.truncate(1);
        assert!(a.missed().is_empty());
    }

    /// 19D, 22A: the contract is doubled or redoubled when the last call
    /// other than a pass was a double or a redouble.
    #[test]
    fn the_contract_is_doubled_or_redoubled_by_the_last_action() {
        let contract = |calls: &str| {
            let mut a = Auction::new(Seat::N);
            calls.split_whitespace().for_each(|c| a.push(c.parse().unwrap()));
            a.contract().map(|c| (c.declarer, c.doubled))
        };
        assert_eq!(contract("1S X P P P"), Some((Seat::N, Some(Doubling::Doubled))));
        assert_eq!(contract("1S X XX P P P"), Some((Seat::N, Some(Doubling::Redoubled))));
        assert_eq!(contract("1S X 2S P P P"), Some((Seat::N, None)));
    }
}
