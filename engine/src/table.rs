//! The table: the director's view of the auction period, event by event.
//!
//! [`rule`] replays a request's events in order. Calls that the Laws of
//! the auction (17-22) allow go straight into the [`Auction`]; everything
//! else is handed to the law module that rectifies it. Law modules change
//! the table only through the methods here (a call stands, an obligation to
//! pass, a lead restriction, unauthorised information, a ruling, an
//! adjustment clause), so that the ruling can be built in one place.

use std::fmt;

use crate::auction::{Auction, Legality};
use crate::clauses;
use crate::editions::{LeadScheme, Rules};
use crate::meanings::{denominations_specified, Meaning};
use crate::notation::{Call, Seat, Strain};
use crate::request::{Action, Edition, Event, Regulations, Request};
use crate::ruling::{
    Decision, IrregularityRuling, LeadRestriction, MustPass, PenaltyCard, Ruling, Scope, ScoreCap, ScoreLimit, Status,
    UnauthorizedInformation, WithdrawnCall,
};
use crate::{inadmissible, law24, law25, law27, out_of_rotation};

/// Why the engine could not rule on a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleError {
    /// The story cannot happen at a table as told (an `accept` when nobody
    /// holds an option, an event after the auction period...).
    Impossible { event: usize, message: String },
    /// The engine does not rule on this situation yet.
    Unsupported { event: usize, law: String, message: String },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Impossible { event, message } => write!(f, "event {}: {message}", event + 1),
            RuleError::Unsupported { event, law, message } => {
                write!(f, "event {}: not yet supported: {message} (Law {law})", event + 1)
            }
        }
    }
}

impl std::error::Error for RuleError {}

pub(crate) fn impossible(event: usize, message: impl Into<String>) -> RuleError {
    RuleError::Impossible { event, message: message.into() }
}

pub(crate) fn unsupported(event: usize, law: &str, message: impl Into<String>) -> RuleError {
    RuleError::Unsupported { event, law: law.to_string(), message: message.into() }
}

/// Something the table waits on before the auction can go on: a player's
/// option, or an offender's replacement call. Law modules own `state`.
#[derive(Debug, Clone)]
pub(crate) struct Pending {
    /// Who must act next (to decide, or to call).
    pub waiting_on: Seat,
    /// Present when the wait is for a choice between options.
    pub decision: Option<Decision>,
    pub state: PendingState,
}

/// The law-specific part of a [`Pending`].
#[derive(Debug, Clone)]
pub(crate) enum PendingState {
    /// Law 25: LHO's option on an intended change (25B1), or on his own
    /// call made over a replaced unintended call (25A6).
    ChangeOfCall(Box<law25::Waiting>),
    /// Law 27: an insufficient bid under rectification.
    InsufficientBid(Box<law27::Waiting>),
    /// Laws 29A and 36: after a call out of rotation.
    OutOfRotation(out_of_rotation::Waiting),
    /// Laws 36-39: an inadmissible call whose rectification depends on
    /// whether the offender's LHO calls before it.
    Inadmissible(Box<inadmissible::Waiting>),
}

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
    pub(crate) pending: Option<Pending>,
    must_pass: Vec<MustPass>,
    lead: Vec<LeadSource>,
    unauthorized: Vec<UnauthorizedInformation>,
    rulings: Vec<IrregularityRuling>,
    adjustments: Vec<String>,
    score_cap: Option<ScoreCap>,
    /// Laws 28-34: calls out of rotation still awaiting the offender's
    /// turn, and accepted passes out of rotation (34).
    pub(crate) rotation: out_of_rotation::Rotation,
    /// 24E: cards exposed during the auction, penalty cards if their owner defends.
    penalty: Vec<PenaltyCard>,
    /// Whether any call has been made yet: the auction begins with the first
    /// call (Definitions, "Auction"), and Law 24 covers the auction only.
    pub(crate) auction_begun: bool,
}

/// Rule on a request: replay its events and return the state of the table
/// after the last one.
/// A story longer than [`MAX_EVENTS`](crate::request::MAX_EVENTS) is refused.
pub fn rule(request: &Request) -> Result<Ruling, RuleError> {
    let max = crate::request::MAX_EVENTS;
    if request.events.len() > max {
        return Err(impossible(
            max,
            format!(
                "the story has {} events; at most {max} are ruled on (a legal auction has at most 319 calls)",
                request.events.len()
            ),
        ));
    }
    let mut table = Table::new(request);
    for (i, event) in request.events.iter().enumerate() {
        table.event(i, event)?;
    }
    table.settle();
    Ok(table.ruling())
}

impl Table {
    pub(crate) fn new(request: &Request) -> Table {
        Table {
            edition: request.edition,
            rules: Rules::of(request.edition),
            regulations: request.regulations.unwrap_or_default(),
            auction: Auction::new(request.dealer),
            meanings: Vec::new(),
            pending: None,
            must_pass: Vec::new(),
            lead: Vec::new(),
            unauthorized: Vec::new(),
            rulings: Vec::new(),
            adjustments: Vec::new(),
            score_cap: None,
            rotation: out_of_rotation::Rotation::default(),
            penalty: Vec::new(),
            auction_begun: false,
        }
    }

    /// One event of the story.
    fn event(&mut self, i: usize, e: &Event) -> Result<(), RuleError> {
        if let Action::Cards(x) = e.action {
            // Law 24 is independent of any call under rectification: what the
            // table waits on (if anything) still waits.
            self.only_2017(i, "24", "a card exposed during the auction")?;
            return law24::card_exposed(self, i, e, x);
        }
        self.auction_begun = true;
        if let Some(p) = self.pending.take() {
            return self.resolve(p, i, e);
        }
        match e.action {
            Action::Accept | Action::Reject => Err(impossible(
                i,
                format!(
                    "{} says `{}`, but nobody holds an option at this point (nothing irregular is waiting on a decision)",
                    e.seat, e.action
                ),
            )),
            Action::Call(c) => self.call(i, e, c),
            Action::Cards(x) => law24::card_exposed(self, i, e, x),
        }
    }

    /// The story has ended: a call that waits to see whether LHO calls
    /// before rectification (36-39) is rectified as though LHO has not;
    /// the table still shows whom it waits on.
    fn settle(&mut self) {
        let Some(p) = self.pending.take() else { return };
        match &p.state {
            PendingState::Inadmissible(w) => inadmissible::settle(self, w),
            PendingState::OutOfRotation(w) => out_of_rotation::settle(self, w),
            PendingState::ChangeOfCall(_) | PendingState::InsufficientBid(_) => {}
        }
        self.pending = Some(p);
    }

    /// An event that arrives while the table waits on something.
    fn resolve(&mut self, p: Pending, i: usize, e: &Event) -> Result<(), RuleError> {
        match p.state {
            PendingState::ChangeOfCall(w) => law25::resolve(self, *w, i, e),
            PendingState::InsufficientBid(w) => law27::resolve(self, *w, i, e),
            PendingState::OutOfRotation(w) => out_of_rotation::resolve(self, w, i, e),
            PendingState::Inadmissible(w) => inadmissible::resolve(self, *w, i, e),
        }
    }

    /// A call, with no rectification pending: decide what it is.
    pub(crate) fn call(&mut self, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
        let turn = self.auction.next_seat();
        let over = self.auction.is_over();
        if e.findings.unintended.is_some() || (!over && e.seat == turn.rho() && self.auction.has_called(e.seat)) {
            // A finding on an unintended call (25A, possible until the end
            // of the auction period), or the player who just called calls
            // again before his LHO: a change of call.
            return law25::change_of_call(self, i, e, c);
        }
        self.classify(i, e, c)
    }

    /// A call taken for what it is at this point of the auction, without
    /// asking whether it changes the caller's previous call (Law 25 uses
    /// this for a replacement, or for a call that may no longer replace).
    pub(crate) fn classify(&mut self, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
        if self.auction.is_over() {
            self.only_2017(i, "39", "a call after the final pass")?;
            return inadmissible::call_after_final_pass(self, i, e, c);
        }
        let turn = self.auction.next_seat();
        if e.seat != turn {
            if self.rules.rotation.is_none() {
                return Err(unsupported(
                    i,
                    "28-32",
                    format!(
                        "a call out of rotation in the {} Laws: Laws 28-32 are ruled for the 2017 and 2007 Laws",
                        self.edition
                    ),
                ));
            }
            return out_of_rotation::call_out_of_rotation(self, i, e, c);
        }
        out_of_rotation::at_turn(self, i, e, c)?;
        if !c.is_pass() && self.required_to_pass(e.seat) {
            self.only_2017(i, "37", "a call by a player required to pass")?;
            return inadmissible::call_when_required_to_pass(self, i, e, c);
        }
        match self.auction.legality(e.seat, c) {
            Legality::Legal => {
                self.stand(e.seat, c, e.findings.means.clone());
                Ok(())
            }
            Legality::Insufficient => law27::insufficient_bid(self, i, e, c),
            Legality::InadmissibleDouble | Legality::InadmissibleRedouble => {
                self.only_2017(i, "36", "an inadmissible double or redouble")?;
                inadmissible::inadmissible_double(self, i, e, c)
            }
            Legality::AboveSeven => {
                self.only_2017(i, "38", "a bid of more than seven")?;
                inadmissible::bid_above_seven(self, i, e, c)
            }
        }
    }

    /// Laws 24 and 33-39 are ruled for the 2017 Laws only (Laws 28-32 also
    /// for 2007; docs/conventions.md, "Editions"): in an older edition they
    /// answer `not yet supported` rather than a 2017 ruling under another
    /// edition's name.
    pub(crate) fn only_2017(&self, i: usize, law: &str, what: &str) -> Result<(), RuleError> {
        if self.edition == Edition::E2017 {
            return Ok(());
        }
        Err(unsupported(
            i,
            law,
            format!("{what} in the {} Laws: Law {law} is ruled for the 2017 Laws only", self.edition),
        ))
    }

    // ---- what law modules use to change the table ----

    /// A call stands: it joins the auction at its seat's turn. Serves a
    /// next-turn obligation of that seat; ends every obligation when the
    /// auction ends (17D).
    pub(crate) fn stand(&mut self, seat: Seat, call: Call, means: Option<Meaning>) {
        debug_assert_eq!(seat, self.auction.next_seat());
        self.auction.push(call);
        self.meanings.push(means);
        for o in &mut self.must_pass {
            if o.seat == seat && o.scope == Scope::NextTurn {
                o.in_force = false;
            }
        }
        if self.auction.is_over() {
            for o in &mut self.must_pass {
                o.in_force = false;
            }
        }
        out_of_rotation::retention(self);
    }

    /// Cancel the calls that stand from index `from` on (a withdrawn call
    /// and every call after it), with their meanings.
    pub(crate) fn cancel_from(&mut self, from: usize) {
        self.auction.truncate(from);
        self.meanings.truncate(from);
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
        self.penalty.push(PenaltyCard { seat, card, law: law.to_string() });
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

    /// The ruling: the state of the table now.
    pub fn ruling(&self) -> Ruling {
        let contract = self.auction.contract();
        let over = self.auction.is_over();
        let (status, next, decision) = match &self.pending {
            Some(p) if p.decision.is_some() => (Status::Decision, Some(p.waiting_on), p.decision.clone()),
            // After the final pass a pending state only remembers (39B: does LHO call?).
            Some(_) if over && contract.is_some() => (Status::Closed, None, None),
            Some(_) if over => (Status::PassedOut, None, None),
            Some(p) => (Status::Auction, Some(p.waiting_on), None),
            None if self.auction.is_passed_out() => (Status::PassedOut, None, None),
            None if over => (Status::Closed, None, None),
            None => (Status::Auction, Some(self.auction.next_seat()), None),
        };
        let lead_restrictions = self
            .lead
            .iter()
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
            rulings: self.rulings.clone(),
            must_pass: self.must_pass.clone(),
            lead_restrictions,
            penalty_cards,
            unauthorized_information: self.unauthorized.clone(),
            score_adjustment,
            contract,
            score_cap: self.score_cap.clone(),
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
