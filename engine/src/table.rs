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
use crate::{inadmissible, law25, law27, out_of_rotation};
use crate::meanings::{denominations_specified, Meaning};
use crate::notation::{Call, Seat, Strain};
use crate::request::{Action, Edition, Event, Regulations, Request};
use crate::ruling::{
    Decision, IrregularityRuling, LeadRestriction, MustPass, Ruling, Scope, Status,
    UnauthorizedInformation, WithdrawnCall,
};

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
}

/// The table's state during the auction period.
#[derive(Debug, Clone)]
#[allow(dead_code)]
pub struct Table {
    pub(crate) edition: Edition,
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
    /// Laws 28-34: calls out of rotation still awaiting the offender's
    /// turn, and accepted passes out of rotation (34).
    pub(crate) rotation: out_of_rotation::Rotation,
}

/// Rule on a request: replay its events and return the state of the table
/// after the last one.
pub fn rule(request: &Request) -> Result<Ruling, RuleError> {
    let mut table = Table::new(request);
    for (i, event) in request.events.iter().enumerate() {
        table.event(i, event)?;
    }
    Ok(table.ruling())
}

impl Table {
    fn new(request: &Request) -> Table {
        Table {
            edition: request.edition,
            regulations: request.regulations.unwrap_or_default(),
            auction: Auction::new(request.dealer),
            meanings: Vec::new(),
            pending: None,
            must_pass: Vec::new(),
            lead: Vec::new(),
            unauthorized: Vec::new(),
            rulings: Vec::new(),
            adjustments: Vec::new(),
            rotation: out_of_rotation::Rotation::default(),
        }
    }

    /// One event of the story.
    fn event(&mut self, i: usize, e: &Event) -> Result<(), RuleError> {
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
        }
    }

    /// An event that arrives while the table waits on something.
    fn resolve(&mut self, p: Pending, i: usize, e: &Event) -> Result<(), RuleError> {
        match p.state {
            PendingState::ChangeOfCall(w) => law25::resolve(self, *w, i, e),
            PendingState::InsufficientBid(w) => law27::resolve(self, *w, i, e),
            PendingState::OutOfRotation(w) => out_of_rotation::resolve(self, w, i, e),
        }
    }

    /// A call, with no rectification pending: decide what it is.
    pub(crate) fn call(&mut self, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
        let turn = self.auction.next_seat();
        let over = self.auction.is_over();
        if e.findings.unintended.is_some()
            || (!over && e.seat == turn.rho() && self.auction.has_called(e.seat))
        {
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
            return inadmissible::call_after_final_pass(self, i, e, c);
        }
        let turn = self.auction.next_seat();
        if e.seat != turn {
            return out_of_rotation::call_out_of_rotation(self, i, e, c);
        }
        out_of_rotation::at_turn(self, i, e, c)?;
        if !c.is_pass() && self.required_to_pass(e.seat) {
            return inadmissible::call_when_required_to_pass(self, i, e, c);
        }
        match self.auction.legality(e.seat, c) {
            Legality::Legal => {
                self.stand(e.seat, c, e.findings.means.clone());
                Ok(())
            }
            Legality::Insufficient => law27::insufficient_bid(self, i, e, c),
            Legality::InadmissibleDouble | Legality::InadmissibleRedouble => {
                inadmissible::inadmissible_double(self, i, e, c)
            }
            Legality::AboveSeven => inadmissible::bid_above_seven(self, i, e, c),
        }
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

    #[allow(dead_code)]
    pub(crate) fn impose_pass(&mut self, seat: Seat, scope: Scope, law: &str) {
        self.must_pass.push(MustPass { seat, scope, law: law.to_string(), in_force: true });
    }

    /// 26B: the offender's partner may be restricted in his lead.
    #[allow(dead_code)]
    pub(crate) fn restrict_lead(&mut self, offender: Seat, law: &str) {
        self.lead.push(LeadSource { restricted: offender.partner(), offender, law: law.to_string() });
    }

    /// 16C2: information from a withdrawn call is unauthorised to `seat`.
    #[allow(dead_code)]
    pub(crate) fn unauthorized(&mut self, seat: Seat, from: Seat, call: Call, law: &str) {
        self.unauthorized.push(UnauthorizedInformation {
            seat,
            from: WithdrawnCall { seat: from, call },
            law: law.to_string(),
        });
    }

    /// Record the ruling on one irregularity.
    #[allow(dead_code)]
    pub(crate) fn record(&mut self, r: IrregularityRuling) {
        self.rulings.push(r);
    }

    /// Name a clause under which the score may be adjusted after play.
    #[allow(dead_code)]
    pub(crate) fn may_adjust(&mut self, law: &str) {
        if !self.adjustments.iter().any(|a| a == law) {
            self.adjustments.push(law.to_string());
        }
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
            .map(|l| {
                let exempt = self.specified_by(l.offender);
                LeadRestriction {
                    seat: l.restricted,
                    law: l.law.clone(),
                    declarer_may_prohibit_one_of: Strain::SUITS
                        .into_iter()
                        .filter(|s| !exempt.contains(s))
                        .collect(),
                }
            })
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
            unauthorized_information: self.unauthorized.clone(),
            score_adjustment,
            contract,
        }
    }
}
