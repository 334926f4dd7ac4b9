//! The table: the director's view of the auction period, its state and the
//! only ways to change it.
//!
//! Law modules change the table through the methods here (a call stands, an
//! obligation to pass, a lead restriction, unauthorised information, a
//! ruling, an adjustment clause), so that the ruling is built in one place
//! ([`Table::ruling`]). Nothing here routes an event: that is the
//! director's (`director.rs`), above the law modules.

mod rotation;

use crate::auction::Auction;
use crate::clauses;
use crate::editions::{Edition, LeadScheme, Rules};
use crate::meanings::{denominations_specified, Meaning};
use crate::notation::{Call, Seat, Strain};
use crate::request::{Regulations, Request};
use crate::ruling::{
    Decision, IrregularityRuling, LeadRestriction, MustPass, PenaltyCard, Ruling, Scope, ScoreCap, ScoreLimit, Status,
    UnauthorizedInformation, WithdrawnCall,
};

pub(crate) use rotation::{AcceptedByCall, AcceptedPass, NoDouble, OutOfTurn, Rotation, Watch};

/// Who must pass, and why: a lead restriction's source, resolved into
/// suits when the ruling is built (26B).
#[derive(Debug, Clone)]
struct LeadSource {
    /// The offender's partner: the player whose lead may be restricted.
    restricted: Seat,
    /// The offender, whose legal calls decide which suits are exempt.
    offender: Seat,
    law: String,
    /// Under the 2007 and 1997 Laws, the withdrawn call and its meaning:
    /// which suits it named decides between 26A and 26B. None under the
    /// 2017 26B, which looks only at the legal auction.
    withdrawn: Option<(Call, Option<Meaning>)>,
}

/// The table's state during the auction period.
#[derive(Debug, Clone)]
pub struct Table {
    pub(crate) edition: Edition,
    /// Where this edition's Laws differ from the others'.
    pub(crate) rules: Rules,
    pub(crate) regulations: Regulations,
    pub(crate) auction: Auction,
    /// The meaning of each call that stands, parallel to `auction`.
    meanings: Vec<Option<Meaning>>,
    must_pass: Vec<MustPass>,
    lead: Vec<LeadSource>,
    unauthorized: Vec<UnauthorizedInformation>,
    rulings: Vec<IrregularityRuling>,
    /// The entries of insufficient bids that stand because LHO accepted
    /// them (27A1), by their place in the auction: a 25A1 replacement of
    /// such a bid takes its entry back.
    accepted: Vec<(usize, usize)>,
    /// Entries taken back (by index in `rulings`, which stays as it is so
    /// that the indices others hold keep their meaning).
    taken_back: Vec<usize>,
    adjustments: Vec<String>,
    score_cap: Option<ScoreCap>,
    /// Laws 28-34: calls out of rotation still awaiting the offender's
    /// turn, and accepted passes out of rotation (34).
    pub(crate) rotation: Rotation,
    /// 24E: cards exposed during the auction, penalty cards if their owner defends.
    penalty: Vec<PenaltyCard>,
    /// Whether any call has been made yet: the auction begins with the first
    /// call (Definitions, "Auction"), and Law 24 covers the auction only.
    pub(crate) auction_begun: bool,
}

impl Table {
    pub(crate) fn new(request: &Request) -> Table {
        Table {
            edition: request.edition,
            rules: Rules::of(request.edition),
            regulations: request.regulations.unwrap_or_default(),
            auction: Auction::new(request.dealer),
            meanings: Vec::new(),
            must_pass: Vec::new(),
            lead: Vec::new(),
            unauthorized: Vec::new(),
            rulings: Vec::new(),
            accepted: Vec::new(),
            taken_back: Vec::new(),
            adjustments: Vec::new(),
            score_cap: None,
            rotation: Rotation::default(),
            penalty: Vec::new(),
            auction_begun: false,
        }
    }

    // ---- what law modules use to change the table ----

    /// A call stands: it joins the auction at its seat's turn. Serves a
    /// next-turn obligation of that seat; ends every obligation when the
    /// auction ends (17D).
    pub(crate) fn stand(&mut self, seat: Seat, call: Call, means: Option<Meaning>) {
        for o in &mut self.must_pass {
            if o.seat == seat && o.scope == Scope::NextTurn {
                o.in_force = false;
            }
        }
        self.place(seat, call, means);
    }

    /// A call joins the auction at its seat's turn, serving no obligation:
    /// the end of the auction ends every obligation (17D).
    fn place(&mut self, seat: Seat, call: Call, means: Option<Meaning>) {
        debug_assert_eq!(seat, self.auction.next_seat());
        self.auction.push(call);
        self.meanings.push(means);
        if self.auction.is_over() {
            for o in &mut self.must_pass {
                o.in_force = false;
            }
        }
        self.retention();
    }

    /// Cancel the calls that stand from index `from` on (a withdrawn call
    /// and every call after it), with their meanings.
    pub(crate) fn cancel_from(&mut self, from: usize) {
        self.auction.truncate(from);
        self.meanings.truncate(from);
        self.accepted.retain(|(slot, _)| *slot < from);
    }

    /// 25A: does event `e` replace its player's call as an unintended one?
    /// The director found the call unintended, and (1997, 2007) that the
    /// player did not pause for thought before replacing it.
    pub(crate) fn replaces_unintended(&self, e: &crate::request::Turn) -> bool {
        e.findings.unintended == Some(true) && !(self.rules.pause_ends_25a && e.findings.pause == Some(true))
    }

    /// An insufficient bid stands because LHO accepted it (27A1), with its
    /// ruling entry. (An accepted call out of rotation is not one: the
    /// turns it took away stay lost whatever replaces it, so its 29A entry
    /// stays too.) The bid was made before LHO chose: it serves no
    /// next-turn obligation imposed meanwhile (a card exposed by the
    /// offender's partner, 24B, binds the offender at his next turn).
    pub(crate) fn stand_accepted(&mut self, seat: Seat, call: Call, means: Option<Meaning>, entry: IrregularityRuling) {
        let index = self.rulings.len();
        self.rulings.push(entry);
        self.stand_again_accepted(seat, call, means, index);
    }

    /// The ruling entry under which the insufficient bid at `slot` stands
    /// accepted (27A1), if it does.
    pub(crate) fn acceptance_at(&self, slot: usize) -> Option<usize> {
        self.accepted.iter().find(|(s, _)| *s == slot).map(|(_, r)| *r)
    }

    /// An accepted insufficient bid, withdrawn with the call before it,
    /// stands again as it stood, under its 27A1 entry `entry`: that call
    /// was made again unchanged (21B1(a)).
    pub(crate) fn stand_again_accepted(&mut self, seat: Seat, call: Call, means: Option<Meaning>, entry: usize) {
        self.place(seat, call, means);
        self.accepted.push((self.auction.calls().len() - 1, entry));
    }

    /// 25A1: the call at `slot` is replaced by the call the player meant,
    /// which is his call for that turn: the entry that let the replaced
    /// call stand when it was accepted is taken back, the 25A1 entry being
    /// the one that disposes of it in the end.
    pub(crate) fn take_back_acceptance(&mut self, slot: usize) {
        let entries = self.accepted.iter().filter(|(s, _)| *s == slot).map(|(_, r)| *r);
        self.taken_back.extend(entries);
    }

    /// The meaning written for the call that stands at `index`, if any.
    pub(crate) fn meaning_at(&self, index: usize) -> Option<&Meaning> {
        self.meanings.get(index).and_then(|m| m.as_ref())
    }

    /// Is `seat` under an obligation to pass at its turn now?
    pub(crate) fn required_to_pass(&self, seat: Seat) -> bool {
        self.must_pass.iter().any(|o| o.seat == seat && o.in_force)
    }

    pub(crate) fn impose_pass(&mut self, seat: Seat, scope: Scope, law: &str) {
        self.must_pass.push(MustPass { seat, scope, law: law.to_string(), in_force: true });
    }

    /// 26B: the offender's partner may be restricted in his lead.
    pub(crate) fn restrict_lead(&mut self, offender: Seat, law: &str) {
        self.lead.push(LeadSource { restricted: offender.partner(), offender, law: law.to_string(), withdrawn: None });
    }

    /// Law 26 in this table's edition, for a call of the offender that was
    /// withdrawn (or cancelled) and replaced by a different call:
    /// - 2017 26B: declarer may prohibit a suit the offender did not
    ///   specify in the legal auction;
    /// - 2007 26A/26B (1997 likewise): a withdrawn call that named suits
    ///   only lets declarer require or prohibit one of those suits that the
    ///   offender did not specify legally (none left: 26A1, no
    ///   restriction); any other lets him prohibit any one suit.
    ///
    /// The suits are computed when the ruling is built, from the legal
    /// auction as it then stands.
    pub(crate) fn lead_after_withdrawal(&mut self, offender: Seat, call: Call, means: Option<Meaning>) {
        match self.rules.lead {
            LeadScheme::ProhibitUnspecified => self.restrict_lead(offender, "26B"),
            LeadScheme::RequireOrProhibit => self.lead.push(LeadSource {
                restricted: offender.partner(),
                offender,
                law: String::new(),
                withdrawn: Some((call, means)),
            }),
        }
    }

    /// Law 26 on the offender's call withdrawn and replaced by a different
    /// call. `comparable` (2017: the replacement judged against it under
    /// 23A by the caller; 2007 and 1997 never, having no comparable call
    /// here): 26A, no lead restriction and 16C does not apply, 23C named.
    /// Otherwise the lead restriction of [`Table::lead_after_withdrawal`]
    /// (26B; 2007 26A/26B) and the withdrawn call unauthorised to his
    /// partner (16C2; 2007 16D2).
    pub(crate) fn law_26_on_replacement(
        &mut self,
        offender: Seat,
        withdrawn: Call,
        means: Option<Meaning>,
        comparable: bool,
    ) {
        if comparable {
            self.may_adjust("23C");
        } else {
            self.lead_after_withdrawal(offender, withdrawn, means);
            self.unauthorized(offender.partner(), offender, withdrawn, self.rules.withdrawn_ui);
        }
    }

    /// 2007 Law 26 (footnote): a call repeated is not a different call, so
    /// the restriction registered for the withdrawn `call` of `offender`
    /// (by [`Table::lead_after_withdrawal`]) lapses when he makes the same
    /// call at his correct turn (Laws 31B and 32A of 2007 impose it when
    /// the call is cancelled).
    pub(crate) fn lapse_lead(&mut self, offender: Seat, call: Call) {
        self.lead.retain(|l| !(l.offender == offender && matches!(&l.withdrawn, Some((c, _)) if *c == call)));
    }

    /// 1997 25B2(b)(2): the offending side (that of `seat`) may score no
    /// more than `limit`, whatever the result at the table.
    pub(crate) fn cap_score(&mut self, seat: Seat, limit: ScoreLimit, law: &str) {
        self.score_cap = Some(ScoreCap { seat, limit, law: law.to_string() });
    }

    /// 16C2: information from a withdrawn call is unauthorised to `seat`.
    pub(crate) fn unauthorized(&mut self, seat: Seat, from: Seat, call: Call, law: &str) {
        self.unauthorized.push(UnauthorizedInformation {
            seat,
            from: WithdrawnCall { seat: from, call },
            law: law.to_string(),
        });
    }

    /// 16C2, its second half (2007 16D2; 1997 16C2): information from a
    /// withdrawn or cancelled call of the non-offending side (`from`, his
    /// `call`) is unauthorised to the offending side, to both its players:
    /// one entry on the offender's partner, then one on the offender
    /// (docs/conventions.md, "The shape of a ruling").
    pub(crate) fn unauthorized_to_offending_side(&mut self, offender: Seat, from: Seat, call: Call, law: &str) {
        self.unauthorized(offender.partner(), from, call, law);
        self.unauthorized(offender, from, call, law);
    }

    /// Record the ruling on one irregularity.
    pub(crate) fn record(&mut self, r: IrregularityRuling) {
        self.rulings.push(r);
    }

    /// Name a clause under which the score may be adjusted after play.
    pub(crate) fn may_adjust(&mut self, law: &str) {
        if !self.adjustments.iter().any(|a| a == law) {
            self.adjustments.push(law.to_string());
        }
    }

    /// 24E: `card` of `seat` lies face up until the end of the auction and
    /// becomes a penalty card if `seat` becomes a defender.
    pub(crate) fn penalty_card(&mut self, seat: Seat, card: crate::card::Card, law: &str) {
        let at_declarers_option = self.rules.penalty_card_at_declarers_option;
        self.penalty.push(PenaltyCard { seat, card, law: law.to_string(), at_declarers_option });
    }

    /// Is `card` of `seat` already lying face up (24)?
    pub(crate) fn is_exposed(&self, seat: Seat, card: crate::card::Card) -> bool {
        self.penalty.iter().any(|p| p.seat == seat && p.card == card)
    }

    /// The denominations `seat` has specified in the legal auction (26B).
    pub(crate) fn specified_by(&self, seat: Seat) -> Vec<Strain> {
        let mut out: Vec<Strain> = self
            .auction
            .seated()
            .zip(&self.meanings)
            .filter(|((s, _), _)| *s == seat)
            .flat_map(|((_, c), m)| denominations_specified(c, m.as_ref()))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// 29A: the player whose turn it is loses it to an accepted call out of
    /// rotation (shown as a pass; not a call, 17D3).
    pub(crate) fn skip_turn(&mut self) {
        self.auction.push_missed();
        self.meanings.push(None);
    }

    /// How many irregularities have been recorded so far.
    pub(crate) fn rulings_recorded(&self) -> usize {
        self.rulings.len()
    }

    /// A recorded ruling, to set the clause that finally disposed of it.
    pub(crate) fn ruling_mut(&mut self, index: usize) -> Option<&mut IrregularityRuling> {
        self.rulings.get_mut(index)
    }

    /// 23B: information from a withdrawn call is no longer unauthorised.
    pub(crate) fn withdraw_unauthorized(&mut self, from: Seat, call: Call) {
        self.unauthorized.retain(|u| !(u.from.seat == from && u.from.call == call));
    }

    /// The ruling: the state of the table now. `waiting`: the player the
    /// table waits on, if it waits on anyone, and the decision he holds.
    pub(crate) fn ruling(&self, waiting: Option<(Seat, Option<&Decision>)>) -> Ruling {
        let contract = self.auction.contract();
        let over = self.auction.is_over();
        let (status, next, decision) = match waiting {
            Some((seat, Some(d))) => (Status::Decision, Some(seat), Some(d.clone())),
            // After the final pass a pending state only remembers (39B: does LHO call?).
            Some(_) if over && contract.is_some() => (Status::Closed, None, None),
            Some(_) if over => (Status::PassedOut, None, None),
            Some((seat, None)) => (Status::Auction, Some(seat), None),
            None if self.auction.is_passed_out() => (Status::PassedOut, None, None),
            None if over => (Status::Closed, None, None),
            None => (Status::Auction, Some(self.auction.next_seat()), None),
        };
        let (never_replaced, lapsed) = if over { self.never_replaced() } else { (Vec::new(), Vec::new()) };
        let lead_restrictions = self
            .lead
            .iter()
            .filter(|l| !lapsed.iter().any(|(o, c)| l.offender == *o && matches!(&l.withdrawn, Some((w, _)) if w == c)))
            .chain(never_replaced.iter())
            .filter(|l| match (&contract, over) {
                (_, false) => true,
                (Some(c), true) => l.restricted.is_opponent_of(c.declarer),
                (None, true) => false,
            })
            .filter_map(|l| self.lead_restriction(l))
            .collect();
        // 24D/24E: a declarer's or dummy's cards go back to the hand; a
        // defender's become penalty cards; a passed-out board has no play.
        let penalty_cards = self
            .penalty
            .iter()
            .filter(|p| match (&contract, over) {
                (_, false) => true,
                (Some(c), true) => p.seat.is_opponent_of(c.declarer),
                (None, true) => false,
            })
            .cloned()
            .collect();
        let mut score_adjustment = self.adjustments.clone();
        score_adjustment.sort_by_key(|c| clauses::sort_key(c));
        Ruling {
            status,
            next,
            decision,
            auction: self.auction.calls().to_vec(),
            rulings: (self.rulings.iter().enumerate())
                .filter(|(k, _)| !self.taken_back.contains(k))
                .map(|(_, r)| r.clone())
                .collect(),
            must_pass: self.must_pass.clone(),
            call_restrictions: self.call_restrictions(),
            lead_restrictions,
            penalty_cards,
            unauthorized_information: self.unauthorized.clone(),
            score_adjustment,
            contract,
            score_cap: self.score_cap.clone(),
        }
    }

    /// Law 26 for the cancelled calls out of rotation whose offender's
    /// correct turn never came, the auction having ended first (the
    /// rectification of 30B1(b), 31A, 31B or 32 waits on that turn, which
    /// a pending watch remembers):
    /// - 2017 26B: the call was withdrawn and not replaced by a comparable
    ///   call (not replaced at all), so declarer may restrict the offender's
    ///   partner's lead if the offender defends: one 26B source each;
    /// - 2007 Law 26 applies when the offender "chooses a different final
    ///   call for that turn", and the 1997 Law 26 when his call is "changed
    ///   to another call" (bridgefederation.se/compete/lagar/lag26.htm): he
    ///   chose none, so a restriction registered when the call was cancelled
    ///   (2007 31B, 32A) lapses, as it does when he repeats the call. The
    ///   (offender, call) pairs returned are those.
    fn never_replaced(&self) -> (Vec<LeadSource>, Vec<(Seat, Call)>) {
        let pending = self.rotation.watches.iter();
        match self.rules.lead {
            LeadScheme::ProhibitUnspecified => {
                let sources = pending
                    .map(|w| LeadSource {
                        restricted: w.oot.offender.partner(),
                        offender: w.oot.offender,
                        law: "26B".to_string(),
                        withdrawn: None,
                    })
                    .collect();
                (sources, Vec::new())
            }
            LeadScheme::RequireOrProhibit => {
                (Vec::new(), pending.filter(|w| w.lapse_lead).map(|w| (w.oot.offender, w.oot.call)).collect())
            }
        }
    }

    /// One lead restriction, with its suits from the legal auction as it
    /// stands (Law 26 in this table's edition; see `lead_after_withdrawal`).
    /// None when 2007 26A1 leaves nothing to restrict.
    fn lead_restriction(&self, l: &LeadSource) -> Option<LeadRestriction> {
        let exempt = self.specified_by(l.offender);
        let Some((call, means)) = &l.withdrawn else {
            return Some(LeadRestriction {
                seat: l.restricted,
                law: l.law.clone(),
                declarer_may_prohibit_one_of: Strain::SUITS.into_iter().filter(|s| !exempt.contains(s)).collect(),
                declarer_may_require_one_of: Vec::new(),
            });
        };
        let (named_suits_law, any_suit_law) = self.rules.lead_clauses();
        let named = denominations_specified(*call, means.as_ref());
        if !named.is_empty() && named.iter().all(|s| *s != Strain::NT) {
            // 26A: the withdrawn call related only to these suits.
            let such: Vec<Strain> = named.into_iter().filter(|s| !exempt.contains(s)).collect();
            if such.is_empty() {
                return None; // 26A1: the offender specified each of them legally.
            }
            return Some(LeadRestriction {
                seat: l.restricted,
                law: named_suits_law.to_string(),
                declarer_may_prohibit_one_of: such.clone(),
                declarer_may_require_one_of: such,
            });
        }
        // 26B: any other withdrawn call: any one suit may be prohibited.
        Some(LeadRestriction {
            seat: l.restricted,
            law: any_suit_law.to_string(),
            declarer_may_prohibit_one_of: Strain::SUITS.to_vec(),
            declarer_may_require_one_of: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::notation::{Call, Seat, Strain};
    use crate::request::Edition;
    use crate::rule;
    use crate::ruling::{LeadRestriction, Ruling};
    use crate::story::tests::story_in;

    fn ruled(edition: Edition, text: &str) -> Ruling {
        rule(&story_in(edition, Seat::N, text)).unwrap_or_else(|why| panic!("{text}: {why:?}"))
    }

    /// 2007 26A2: a withdrawn call about one suit only, which the offender
    /// has not bid legally since, lets declarer require or prohibit a lead
    /// of that suit from `seat`.
    fn that_suit(seat: Seat, suit: Strain) -> LeadRestriction {
        LeadRestriction {
            seat,
            law: "26A2".to_string(),
            declarer_may_prohibit_one_of: vec![suit],
            declarer_may_require_one_of: vec![suit],
        }
    }

    /// 2007 Law 26 looks at each withdrawn call by itself. S changes 1S to
    /// 2C (25B1: LHO accepts), so the 1S was replaced by a different call:
    /// 26A2, N's spade lead. S then bids 2NT at N's turn, refused (31B: Law
    /// 26 on it); E bids 2D, and S bids 2NT again at his own turn: a call
    /// repeated is no different call, so that restriction lapses. The 1S's
    /// stays.
    #[test]
    fn a_repeated_call_lifts_only_its_own_2007_lead_restriction() {
        let r = ruled(Edition::E2007, "N 1H, E P, S 1S, S 2C, W accept, W P, S 2NT, W reject, N P, E 2D, S 2NT");
        let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
        assert_eq!(laws, vec![(Seat::S, "25B1"), (Seat::S, "31B")], "{r:?}");
        assert_eq!(r.lead_restrictions, vec![that_suit(Seat::N, Strain::S)], "{r:?}");
    }

    /// The same when the offender's turn never comes: W changes 3C to a pass
    /// (25B1: N accepts; 26A2, E's club lead), then bids 3D at E's turn,
    /// refused (31B), and the auction ends before W's turn. W chose no
    /// different call for that turn, so the 3D's restriction lapses; the
    /// 3C's stays, E being a defender of N's 2S.
    #[test]
    fn the_end_of_the_auction_lifts_only_the_restriction_of_the_call_never_replaced() {
        let r = ruled(Edition::E2007, "N 1S, E P, S 2S, W 3C, W P, N accept, N P, W 3D, N reject, E P");
        assert_eq!(r.contract.as_ref().map(|c| c.declarer), Some(Seat::N), "{r:?}");
        let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
        assert_eq!(laws, vec![(Seat::W, "25B1"), (Seat::W, "31B")], "{r:?}");
        assert_eq!(r.lead_restrictions, vec![that_suit(Seat::E, Strain::C)], "{r:?}");
    }

    /// 2017 31A1: the offender repeats his bid out of rotation after RHO's
    /// pass; it is now a call in rotation, and what it told is no longer
    /// unauthorised. Only that call's information is: S's 1S, withdrawn for
    /// 2C (25B1, not comparable), stays unauthorised to N (16C2).
    #[test]
    fn a_call_repeated_under_31a1_authorises_only_itself() {
        let r = ruled(Edition::E2017, "N 1H, E P, S 1S, S 2C, W accept, W P, N 2H, S 3C, W reject, E P, S 3C");
        let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
        assert_eq!(laws, vec![(Seat::S, "25B1"), (Seat::S, "31A1")], "{r:?}");
        let ui: Vec<_> =
            r.unauthorized_information.iter().map(|u| (u.seat, u.from.seat, u.from.call, u.law.as_str())).collect();
        assert_eq!(ui, vec![(Seat::N, Seat::S, "1S".parse::<Call>().unwrap(), "16C2")], "{r:?}");
    }
}
