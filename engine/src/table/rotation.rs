//! What the table remembers of calls out of rotation (Laws 28-34) across
//! the auction: the cancelled calls whose rectification waits on the
//! offender's correct turn, and the accepted passes out of rotation that
//! Law 34 may yet cancel; and the one rule the table applies itself when a
//! call stands, 17D3: an auction in which a player missed his turn does not
//! end. The rules that fill this memory are the `out_of_rotation` module's.

use std::rc::Rc;

use crate::editions::{AtTurn, Whose};
use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::ruling::{CallRestriction, Irregularity, IrregularityRuling, Scope};

use super::Table;

/// A call out of rotation, as the Director finds it.
#[derive(Debug, Clone)]
pub(crate) struct OutOfTurn {
    pub(crate) offender: Seat,
    pub(crate) call: Call,
    pub(crate) means: Option<Meaning>,
    /// The player whose turn it was.
    pub(crate) turn: Seat,
    pub(crate) relation: Whose,
    /// 30C: an artificial pass, or a pass of partner's artificial call, is
    /// dealt with as a bid (Law 31).
    pub(crate) as_bid: bool,
    /// Had any player bid when the call was made (2007 30A against 30B)?
    pub(crate) any_bid: bool,
}

/// The state Laws 28-34 keep across the auction.
#[derive(Debug, Clone, Default)]
pub(crate) struct Rotation {
    /// Cancelled calls whose rectification waits on the offender's turn
    /// (30B1(b), 31A, 31B, 32A, 32B).
    pub(crate) watches: Vec<Watch>,
    /// Accepted passes out of rotation, which Law 34 may yet cancel.
    pub(crate) accepted_passes: Vec<AcceptedPass>,
    /// 2007 30B2(b): the partners of players whose pass out of rotation at
    /// their turn was cancelled, who may not double or redouble at the turn
    /// the auction went back to them. Kept for the whole auction, in the
    /// order imposed: the ruling shows each (`call_restrictions`), in force
    /// until that turn is over.
    pub(crate) no_doubles: Vec<NoDouble>,
    /// A pass out of rotation just cancelled as the third pass after a call
    /// (34, 17D3): its offender and the event's number. A pass by his LHO
    /// as the very next event was made over it, in rotation as the table
    /// saw it: it is cancelled with it, and is no irregularity.
    pub(crate) third_pass: Option<(Seat, usize)>,
    /// The event that repeated a bid out of rotation in rotation under
    /// 31A1 (2017; 2007 31A1): if that bid is insufficient, Law 27 takes it
    /// up in rotation, and the regulation `insufficient_bid_out_of_rotation`
    /// says whose bar applies to its correction.
    pub(crate) repeated_at: Option<usize>,
    /// A call out of rotation that its offender's LHO has just accepted by
    /// calling over it (29A): under the regulation
    /// `law_28b_after_acceptance: applies`, a call by the player whose turn
    /// it was, as the very next event, is in rotation under 28B.
    pub(crate) accepted_by_call: Option<AcceptedByCall>,
}

/// A call out of rotation accepted by LHO's call over it at event `at`;
/// `before` is the table before the acceptance, as 28B would leave it.
#[derive(Debug, Clone)]
pub(crate) struct AcceptedByCall {
    pub(crate) oot: OutOfTurn,
    pub(crate) at: usize,
    pub(crate) before: Rc<Table>,
}

/// 2007 30B2(b): `seat` may not double or redouble when he calls at the
/// auction's slot `at`.
#[derive(Debug, Clone)]
pub(crate) struct NoDouble {
    pub(crate) seat: Seat,
    pub(crate) at: usize,
    pub(crate) law: &'static str,
}

impl NoDouble {
    /// Does the restriction bind a call `call` by `seat` made now, with
    /// `len` calls standing (the call would stand at slot `len`)?
    pub(crate) fn binds(&self, seat: Seat, len: usize, call: Call) -> bool {
        self.seat == seat && self.at == len && matches!(call, Call::Double | Call::Redouble)
    }

    /// The restriction as the ruling shows it: in force until a call of
    /// his stands at that turn (or the turn is lost to an accepted call out
    /// of rotation, 29A), and never once the auction is over.
    fn shown(&self, len: usize, over: bool) -> CallRestriction {
        CallRestriction {
            seat: self.seat,
            may_not: vec![Call::Double, Call::Redouble],
            scope: Scope::NextTurn,
            law: self.law.to_string(),
            in_force: !over && len <= self.at,
        }
    }
}

/// A cancelled call out of rotation, waiting on the offender's correct turn.
#[derive(Debug, Clone)]
pub(crate) struct Watch {
    pub(crate) oot: OutOfTurn,
    /// The auction's length when the call was cancelled: the slot where the
    /// player whose turn it was then called.
    pub(crate) reverted_at: usize,
    /// Where the ruling on it was recorded.
    pub(crate) ruling: usize,
    /// What the offender's correct turn decides.
    pub(crate) at_turn: AtTurn,
    /// 2007: a Law 26 restriction imposed when the call was cancelled (31B,
    /// 32A) lapses if the offender repeats the call at his correct turn.
    pub(crate) lapse_lead: bool,
}

/// A pass out of rotation accepted under 29A: the turns it made players
/// miss start at `first_missed`; `before` is the table as it was when the
/// option was exercised, to go back to under 17D3.
#[derive(Debug, Clone)]
pub(crate) struct AcceptedPass {
    pub(crate) first_missed: usize,
    pub(crate) offender: Seat,
    pub(crate) call: Call,
    pub(crate) before: Rc<Table>,
}

impl Table {
    /// The restrictions on calls that are no obligation to pass, as the
    /// ruling shows them (2007 30B2(b)).
    pub(crate) fn call_restrictions(&self) -> Vec<CallRestriction> {
        let (len, over) = (self.auction.calls().len(), self.auction.is_over());
        self.rotation.no_doubles.iter().map(|b| b.shown(len, over)).collect()
    }

    /// 17D3 through 34: the auction has just reached three passes after a
    /// call, but a player missed his turn among them (an accepted pass out of
    /// rotation): it does not end. It goes back to the player who missed his
    /// turn, and every pass since is cancelled. 17D3 (2007: 17E2) puts every
    /// cancelled pass under 16C (2007: 16D), the players who passed out of
    /// rotation being offenders: each cancelled pass of the offending side,
    /// the accepted pass itself and any later pass by either of its members,
    /// is unauthorised to the passer's partner (16C2). Passes of the other
    /// side are not listed (docs/conventions.md, Laws 28-34).
    ///
    /// The table applies this itself, each time a call stands
    /// ([`Table::stand`]): whether the auction has ended is the table's to
    /// know, and the law modules that make calls stand need not each ask.
    pub(crate) fn retention(&mut self) {
        if self.rotation.accepted_passes.is_empty() || self.auction.missed().is_empty() || !self.auction.is_over() {
            return;
        }
        let calls = self.auction.calls();
        let real: Vec<usize> = (0..calls.len()).filter(|&k| !self.auction.is_missed(k)).collect();
        let start = real.iter().rev().find(|&&k| !calls[k].is_pass()).or(real.first()).copied();
        let Some(start) = start else { return };
        let mut records: Vec<AcceptedPass> = self
            .rotation
            .accepted_passes
            .iter()
            .filter(|r| r.first_missed > start && self.auction.is_missed(r.first_missed))
            .cloned()
            .collect();
        records.sort_by_key(|r| r.first_missed);
        let Some(first) = records.first() else { return };
        // The passes cancelled, in auction order: every call that stands from
        // the first missed turn on (they are all passes, the auction being over).
        let cancelled: Vec<(Seat, Call)> = self
            .auction
            .seated()
            .enumerate()
            .filter(|&(k, _)| k >= first.first_missed && !self.auction.is_missed(k))
            .map(|(_, sc)| sc)
            .collect();
        let offending = |s: Seat| records.iter().any(|r| s == r.offender || s == r.offender.partner());
        *self = (*first.before).clone();
        let ui = self.rules.withdrawn_ui;
        for r in &records {
            self.record(IrregularityRuling::on_call(r.offender, r.call, Irregularity::PassOutOfRotation, "34"));
        }
        for &(s, c) in &cancelled {
            if offending(s) {
                self.unauthorized(s.partner(), s, c, ui);
            }
        }
    }
}

/// 17D3 (2007 17E2) through Law 34, told in full: which passes go back,
/// which are unauthorised, and when a lost turn no longer brings the
/// auction back.
#[cfg(test)]
mod retention_tests {
    use crate::notation::{Call, Seat};
    use crate::ruling::Irregularity;
    use crate::{rule, Ruling};

    fn ruled(text: &str) -> Ruling {
        rule(&crate::story::tests::story_in(Default::default(), Seat::N, text)).expect("ruled")
    }

    fn calls(text: &[&str]) -> Vec<Call> {
        text.iter().map(|c| c.parse().expect("a call")).collect()
    }

    /// Unauthorised information as (to whom, whose call, which call).
    fn unauthorised(r: &Ruling) -> Vec<(Seat, Seat, Call)> {
        r.unauthorized_information.iter().map(|u| (u.seat, u.from.seat, u.from.call)).collect()
    }

    /// S passes at E's turn after N's 1D; W calls over it, which accepts it
    /// (29A), and E's turn is lost. W and N pass: three passes follow 1D, one
    /// of them out of rotation, so the auction does not end (17D3, Law 34).
    /// It goes back to E; S's, W's and N's passes are all cancelled. The
    /// passes of the side that passed out of rotation (S's and N's) are
    /// unauthorised to the passer's partner (16C2 by 17D3); W's pass, of the
    /// other side, is not listed, nor is N's 1D, which stands.
    #[test]
    fn three_passes_over_a_lost_turn_send_the_auction_back_to_the_player_who_lost_it() {
        let r = ruled("N 1D, S P, W P, N P");
        assert_eq!((r.auction.clone(), r.next), (calls(&["1D"]), Some(Seat::E)), "{r:?}");
        let entries: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.call, x.irregularity, x.law.as_str())).collect();
        assert_eq!(entries, vec![(Seat::S, Some(Call::Pass), Irregularity::PassOutOfRotation, "34")], "{r:?}");
        let mut ui = unauthorised(&r);
        ui.sort_by_key(|&(to, from, _)| (to, from));
        assert_eq!(ui, vec![(Seat::N, Seat::S, Call::Pass), (Seat::S, Seat::N, Call::Pass)], "{r:?}");
    }

    /// The same lost turn, but W bid 1H over the accepted pass: the three
    /// passes follow 1H, all in rotation, and the auction ends there (17D3
    /// speaks of passes after the last call only). E's turn, lost before the
    /// last bid, does not bring the auction back.
    #[test]
    fn a_turn_lost_before_the_last_bid_does_not_bring_the_auction_back() {
        let r = ruled("N 1D, S P, W 1H, N P, E P, S P");
        assert_eq!(r.next, None, "the auction is over: {r:?}");
        // E's lost turn shows as a pass (docs/conventions.md, "A turn lost
        // to an accepted call").
        assert_eq!(r.auction, calls(&["1D", "P", "P", "1H", "P", "P", "P"]), "{r:?}");
        let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
        assert_eq!(laws, vec![(Seat::S, "29A")], "accepted, and nothing for 34: {r:?}");
        assert!(r.unauthorized_information.is_empty(), "{r:?}");
    }
}
