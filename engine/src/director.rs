//! The director: routes each event of a story to the law that rules on it.
//!
//! [`rule`] replays a request's events in order. Calls that the Laws of the
//! auction (17-22) allow go straight into the auction; everything else goes
//! to the law module that rectifies it. A law module changes the table
//! through [`Table`]'s mutators and returns a [`Next`]: the event is done,
//! the table now waits on someone (the module's [`Waiting`] state gets the
//! next event), or the event's call is to be ruled on afresh. Only this
//! module routes; the law modules below it never call back up, and the
//! table below them knows no law module.
//!
//! A call by a player the table is not waiting on, while it waits on an
//! option or a replacement, is held ([`Next::Hold`]) and ruled once the
//! table no longer waits, or just before a later call that settles what it
//! waited on (docs/conventions.md, "Calls while the table waits").
//!
//! A new law module is one more arm in [`Director::call`] or
//! [`Director::classify`] (where the Laws send the call) and, if the table
//! waits on it, its own [`Waiting`] state: docs/adding-a-law.md.
//!
//! [`Waiting`]: crate::step::Waiting

use crate::auction::Legality;
use crate::error::{impossible, unsupported, RuleError};
use crate::notation::Call;
use crate::request::{Event, Incident, Move, Request, Turn, MAX_EVENTS};
use crate::ruling::Ruling;
use crate::step::{Handoff, Next, Pending};
use crate::table::Table;
use crate::{inadmissible, law21, law24, law25, law27, out_of_rotation, wrong_board};

/// Rule on a request: replay its events and return the state of the table
/// after the last one. A story longer than [`MAX_EVENTS`] is refused.
pub fn rule(request: &Request) -> Result<Ruling, RuleError> {
    if let Some(e) = too_long(request) {
        return Err(e);
    }
    let mut director = Director { table: Table::new(request), pending: None, held: Vec::new() };
    for (i, event) in request.events.iter().enumerate() {
        director.event(i, event)?;
    }
    director.settle();
    Ok(director.ruling())
}

/// The rulings after each event of a request, in order: what [`rule`]
/// gives for each prefix of the story (`events[..=i]`), in one pass over
/// it. A step-by-step account (`rulings explain`) needs them all; ruling
/// each prefix afresh replays the story once for every event. The rulings
/// stop at the first event that cannot be ruled on, and the error is
/// given beside them (every longer prefix fails there too); a story longer
/// than [`MAX_EVENTS`] gives no ruling and that error.
pub fn rule_each(request: &Request) -> (Vec<Ruling>, Option<RuleError>) {
    if let Some(e) = too_long(request) {
        return (Vec::new(), Some(e));
    }
    let mut director = Director { table: Table::new(request), pending: None, held: Vec::new() };
    let mut rulings = Vec::with_capacity(request.events.len());
    for (i, event) in request.events.iter().enumerate() {
        if let Err(e) = director.event(i, event) {
            return (rulings, Some(e));
        }
        rulings.push(director.ruling_if_it_ended_here());
    }
    (rulings, None)
}

/// A story longer than [`MAX_EVENTS`] is refused.
fn too_long(request: &Request) -> Option<RuleError> {
    (request.events.len() > MAX_EVENTS).then(|| {
        impossible(
            MAX_EVENTS,
            format!(
                "the story has {} events; at most {MAX_EVENTS} are ruled on (a legal auction has at most 319 calls)",
                request.events.len()
            ),
        )
    })
}

/// The table, and what it waits on.
struct Director {
    table: Table,
    /// The player the table waits on, and the law module's state, while an
    /// irregularity is being rectified.
    pending: Option<Pending>,
    /// Calls made by a player the table was not waiting on, while it waited
    /// on someone else's option or call ([`Next::Hold`]), with their event
    /// numbers, in the order made. The Director deals with irregularities in
    /// the order he can: each is ruled, where the auction then stands, once
    /// the table no longer waits on anyone, or just before a later call that
    /// settles what it waited on (docs/conventions.md, "Calls while the table
    /// waits").
    held: Vec<(usize, Turn)>,
}

impl Director {
    /// One event of the story: an incident goes to its law, a move to the
    /// law modules ([`Turn`]).
    fn event(&mut self, i: usize, e: &Event) -> Result<(), RuleError> {
        match Turn::of(e) {
            Ok(turn) => self.turn(i, &turn),
            Err(incident) => self.incident(i, e, incident),
        }
    }

    /// An incident, ruled on by its own law whatever the table waits on:
    /// what the table waits on (if anything) still waits.
    fn incident(&mut self, i: usize, e: &Event, incident: Incident) -> Result<(), RuleError> {
        let t = &mut self.table;
        match incident {
            // Law 24 is independent of any call under rectification.
            Incident::Cards(x) => law24::card_exposed(t, i, e.seat, x),
            // 2017 15A, 2007 17D: the calls made holding the wrong cards.
            Incident::WrongBoard => {
                // A call awaiting LHO's option (27A1, 29A) was made, and
                // 15A1 (17D1, 1997 17D) cancels it with the calls before it
                // as any other: the option goes with it. Before the
                // offender's first call it stays, and nothing is cancelled.
                let held = match &self.pending {
                    None => None,
                    Some(p) => match p.state.call_under_option() {
                        Some(held) => Some(held),
                        None => {
                            return Err(unsupported(
                                i,
                                t.rules.wrong_board_law(),
                                format!(
                                    "{}'s cards from a wrong board found while the table waits on {}: the two \
                                     rectifications together are not ruled on",
                                    e.seat, p.waiting_on
                                ),
                            ))
                        }
                    },
                };
                if held.is_some() && !wrong_board::has_called(t, e.seat, held) {
                    return Ok(());
                }
                self.pending = None;
                match wrong_board::cards_from_wrong_board(t, i, e.seat, held)? {
                    Next::Done => Ok(()),
                    Next::Wait(p) => {
                        self.pending = Some(p);
                        Ok(())
                    }
                    other => Err(impossible(i, format!("cards from a wrong board led to {other:?}"))),
                }
            }
            // Law 21B: a call made on misinformation, changed or adjusted.
            Incident::Misinformed => self.misinformed(i, e),
        }
    }

    /// Law 21B: the player's last call was made on misinformation. The
    /// table waits on nothing else (a change while another irregularity is
    /// rectified is not ruled on), and then on his new call.
    fn misinformed(&mut self, i: usize, e: &Event) -> Result<(), RuleError> {
        if let Some(p) = &self.pending {
            return Err(unsupported(
                i,
                self.table.rules.misinformation.change,
                format!(
                    "{}'s call made on misinformation found while the table waits on {}: the two rectifications \
                     together are not ruled on",
                    e.seat, p.waiting_on
                ),
            ));
        }
        match law21::misinformed(&mut self.table, i, e.seat, &e.findings)? {
            Next::Done => Ok(()),
            Next::Wait(p) => {
                self.pending = Some(p);
                Ok(())
            }
            other => Err(impossible(i, format!("a call made on misinformation led to {other:?}"))),
        }
    }

    /// A move: a call, or a decision on an option.
    fn turn(&mut self, i: usize, e: &Turn) -> Result<(), RuleError> {
        self.table.auction_begun = true;
        let next = match self.pending.take() {
            Some(p) => p.state.resolve(&mut self.table, i, e)?,
            None => match e.action {
                Move::Accept | Move::Reject => {
                    return Err(impossible(
                        i,
                        format!(
                            "{} says `{}`, but nobody holds an option at this point (nothing irregular is waiting \
                             on a decision)",
                            e.seat, e.action
                        ),
                    ))
                }
                Move::Call(c) => Next::Call(c),
            },
        };
        self.pending = self.follow(i, e, next)?;
        if self.pending.is_none() {
            self.pending = self.release_held(usize::MAX)?;
        }
        Ok(())
    }

    /// Rule on the calls held while the table waited, those made before
    /// event `before`, in order, until one leaves the table waiting again;
    /// return what it then waits on.
    fn release_held(&mut self, before: usize) -> Result<Option<Pending>, RuleError> {
        while self.held.first().is_some_and(|(k, _)| *k < before) {
            let (k, h) = self.held.remove(0);
            let Move::Call(c) = h.action else { continue };
            if let Some(p) = self.follow(k, &h, Next::Call(c))? {
                return Ok(Some(p));
            }
        }
        Ok(None)
    }

    /// Act on what a law module said, until the event is done or the table
    /// waits on someone; return what it then waits on.
    fn follow(&mut self, i: usize, e: &Turn, mut next: Next) -> Result<Option<Pending>, RuleError> {
        loop {
            next = match next {
                Next::Done => return Ok(None),
                Next::Wait(p) => return Ok(Some(p)),
                Next::Call(c) => {
                    // Calls held while the table waited were made before this
                    // one: they are ruled first, and this call comes after.
                    match self.release_held(i)? {
                        Some(p) => p.state.resolve(&mut self.table, i, &Turn { action: Move::Call(c), ..e.clone() })?,
                        None => self.call(i, e, c)?,
                    }
                }
                Next::Hold(p) => {
                    self.held.push((i, e.clone()));
                    return Ok(Some(p));
                }
                Next::Classify(c) => self.classify(i, e, c)?,
                Next::ClassifyThen(c, then) => {
                    let first = self.classify(i, e, c)?;
                    let waits = self.follow(i, e, first)?;
                    let after = then.then(&mut self.table, waits.is_some())?;
                    match waits {
                        None => after,
                        Some(p) => {
                            debug_assert!(matches!(after, Next::Done), "a continuation left two waits");
                            return Ok(Some(p));
                        }
                    }
                }
                Next::Handoff(h) => self.handoff(i, e, h)?,
            };
        }
    }

    /// A call, with no rectification pending: decide what it is.
    fn call(&mut self, i: usize, e: &Turn, c: Call) -> Result<Next, RuleError> {
        let t = &mut self.table;
        let turn = t.auction.next_seat();
        let over = t.auction.is_over();
        if e.findings.unintended.is_some() || (!over && e.seat == turn.rho() && t.auction.has_called(e.seat)) {
            // A finding on an unintended call (25A, possible until the end
            // of the auction period), or the player who just called calls
            // again before his LHO: a change of call.
            return law25::change_of_call(t, i, e, c);
        }
        self.classify(i, e, c)
    }

    /// A call taken for what it is at this point of the auction, without
    /// asking whether it changes the caller's previous call (Law 25 asks
    /// this for a replacement, or for a call that may no longer replace).
    fn classify(&mut self, i: usize, e: &Turn, c: Call) -> Result<Next, RuleError> {
        let t = &mut self.table;
        if t.auction.is_over() {
            // 35D, 39.
            return inadmissible::call_after_final_pass(t, i, e, c);
        }
        let turn = t.auction.next_seat();
        if e.seat != turn {
            return self.out_of_rotation(i, e, c);
        }
        if let Some(next) = out_of_rotation::at_turn(t, i, e, c)? {
            // 2007 30B2(b): a double or redouble the player may not make at this turn.
            return Ok(next);
        }
        if !c.is_pass() && t.required_to_pass(e.seat) {
            // 35B, 37.
            return inadmissible::call_when_required_to_pass(t, i, e, c);
        }
        match t.auction.legality(e.seat, c) {
            Legality::Legal => {
                t.stand(e.seat, c, e.findings.means.clone());
                Ok(Next::Done)
            }
            // 27A1.
            Legality::Insufficient => Ok(law27::insufficient_bid(t, i, e, c)),
            // 35A, 36.
            Legality::InadmissibleDouble | Legality::InadmissibleRedouble => {
                inadmissible::inadmissible_double(t, i, e, c)
            }
            // 35C, 38.
            Legality::AboveSeven => inadmissible::bid_above_seven(t, i, e, c),
        }
    }

    /// A call by a player whose turn it is not: Laws 28-34, except that a
    /// bid above seven (35C, 38) and a call by a player required to pass
    /// (35B, 37) are about the call itself, wherever it was made.
    fn out_of_rotation(&mut self, i: usize, e: &Turn, c: Call) -> Result<Next, RuleError> {
        let t = &mut self.table;
        if t.rules.rotation.is_some() {
            // 1997: Laws 28 and 30 could not be read (docs/conventions.md,
            // "Editions").
            out_of_rotation::unread_law(t, i, e, c)?;
            if let Some(next) = out_of_rotation::before_call(t, i, e, c) {
                return Ok(next);
            }
        }
        if matches!(c, Call::Bid(b) if b.is_above_seven()) {
            return inadmissible::bid_above_seven(t, i, e, c);
        }
        if !c.is_pass() && t.required_to_pass(e.seat) {
            return inadmissible::call_when_required_to_pass(t, i, e, c);
        }
        if t.rules.rotation.is_none() {
            // An edition whose Laws 28-32 the engine does not rule (none
            // today): no call out of rotation but those Laws 37 and 38 take
            // first, as above.
            return Err(unsupported(i, "28-32", format!("a call out of rotation in the {} Laws", t.edition)));
        }
        out_of_rotation::call_out_of_rotation(t, i, e, c)
    }

    /// One law handing an event to another.
    fn handoff(&mut self, i: usize, e: &Turn, h: Handoff) -> Result<Next, RuleError> {
        Ok(match h {
            Handoff::UnintendedReplacesHeldCall(c) => law25::replaces_held_call(&mut self.table, e, c),
            Handoff::SubstituteForInsufficient(ib) => law25::substitute_for_insufficient(&mut self.table, ib, e),
            Handoff::InsufficientAgain(ib) => law27::offer_again(&self.table, ib),
            Handoff::AboveSeven { replacement, lho_follows } => {
                let Move::Call(c) = replacement.action else {
                    return Err(impossible(i, "a replacement must be a call"));
                };
                match self.classify(i, &replacement, c)? {
                    Next::Wait(p) if lho_follows => p.state.resolve(&mut self.table, i, e)?,
                    next => next,
                }
            }
        })
    }

    /// The story has ended: a call that waits to see whether LHO calls
    /// before rectification (36-39) is rectified as though LHO has not;
    /// the table still shows whom it waits on.
    fn settle(&mut self) {
        if let Some(p) = &self.pending {
            p.state.settle(&mut self.table);
        }
    }

    /// The ruling were the story to end here ([`Director::settle`], then
    /// [`Director::ruling`]), leaving the table as it is for the events to
    /// come.
    fn ruling_if_it_ended_here(&self) -> Ruling {
        let mut table = self.table.clone();
        if let Some(p) = &self.pending {
            p.state.settle(&mut table);
        }
        table.ruling(self.pending.as_ref().map(|p| (p.waiting_on, p.decision.as_ref())))
    }

    /// The ruling: the state of the table now.
    fn ruling(&self) -> Ruling {
        self.table.ruling(self.pending.as_ref().map(|p| (p.waiting_on, p.decision.as_ref())))
    }
}
