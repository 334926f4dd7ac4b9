//! What a law module tells the director once it has ruled on an event.
//!
//! Law modules change the table only through [`Table`]'s mutators, and
//! never route an event themselves: each returns a [`Next`] (the event is
//! done, the table now waits on someone, or the event's call is to be
//! ruled on afresh as an ordinary call), and the director (`director.rs`)
//! acts on it. A law module that keeps the table waiting implements
//! [`Waiting`] for its own state, so the director can hand it the next
//! event without knowing what it holds.

use std::any::Any;
use std::fmt;

use crate::error::RuleError;
use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::request::Turn;
use crate::ruling::Decision;
use crate::table::Table;

/// What the director does after a law module has ruled on (part of) an
/// event.
#[derive(Debug)]
pub(crate) enum Next {
    /// The event is ruled on; the table waits on nothing.
    Done,
    /// The table now waits on a player: to decide, or to call.
    Wait(Pending),
    /// The event's call is now an ordinary call, ruled on from the start:
    /// a change of the caller's own call, out of rotation, insufficient...
    /// (a call made over an irregularity that it accepted, say).
    Call(Call),
    /// The event's call taken for what it is at this point of the auction,
    /// without asking whether it changes the caller's previous call (a
    /// replacement under Law 25, say).
    Classify(Call),
    /// As [`Next::Classify`], then `then` is told whether the table is left
    /// waiting and says what follows (25A6: LHO's call over a replaced
    /// unintended call).
    ClassifyThen(Call, Box<dyn Then>),
    /// A matter for another law's module, which the director calls.
    Handoff(Handoff),
    /// The event is a call by a player the table is not waiting on, made
    /// while it waits on someone else's option or call: the table keeps
    /// waiting on this, and the director holds the call, to rule on it once
    /// the table no longer waits (a call out of rotation, or in rotation,
    /// wherever the auction then stands), or just before a later call that
    /// settles what the table waited on.
    Hold(Pending),
}

/// The cases where one law hands an event to another, routed by the
/// director so that no law module calls another back.
#[derive(Debug)]
pub(crate) enum Handoff {
    /// 25A1: the call held under another law's rectification (an
    /// insufficient bid awaiting LHO's option) was unintended, and the
    /// event's call replaces it.
    UnintendedReplacesHeldCall(Call),
    /// 1997 25B: the offender calls again over his own insufficient bid
    /// before LHO has called (the 1997 Laws have no 27C).
    SubstituteForInsufficient(Insufficient),
    /// 1997 25B2(a): the substitute was not condoned; Law 27 takes the
    /// insufficient bid up again from LHO's option (27A).
    InsufficientAgain(Insufficient),
    /// An insufficient bid replaced by a bid of more than seven: Law 27
    /// has disposed of the insufficient bid; the bid above seven is Law
    /// 38's, made by the offender at his turn. `lho_follows`: the event
    /// being ruled is LHO's call over it (a premature replacement, 27C),
    /// which then comes to Law 38 (38B, 38D).
    AboveSeven { replacement: Turn, lho_follows: bool },
}

/// The insufficient bid under rectification: who made it, what it was, and
/// the meaning attributable to it (from the event's `means:`). Law 27's,
/// and Law 25's under the 1997 Laws (25B2(a)).
#[derive(Debug, Clone)]
pub(crate) struct Insufficient {
    pub offender: Seat,
    pub call: Call,
    pub means: Option<Meaning>,
    /// Made out of rotation first (27A2) and repeated in rotation under
    /// 31A1 after RHO's pass: the regulation
    /// `insufficient_bid_out_of_rotation` decides whose bar applies.
    pub repeated_out_of_rotation: bool,
}

impl Insufficient {
    /// The offender's left-hand opponent, who holds the option (27A1).
    pub(crate) fn lho(&self) -> Seat {
        self.offender.lho()
    }
}

/// Something the table waits on before the auction can go on: a player's
/// option, or an offender's replacement call.
#[derive(Debug)]
pub(crate) struct Pending {
    /// Who must act next (to decide, or to call).
    pub waiting_on: Seat,
    /// Present when the wait is for a choice between options.
    pub decision: Option<Decision>,
    /// The law module's own state.
    pub state: Box<dyn Waiting>,
}

/// A law module's state while the table waits on a player.
pub(crate) trait Waiting: fmt::Debug + Any {
    /// An event that arrives while the table waits on this.
    fn resolve(self: Box<Self>, t: &mut Table, i: usize, e: &Turn) -> Result<Next, RuleError>;

    /// The story has ended while the table waits: what the director
    /// rectifies anyway (36-39: as though LHO has not called). The table
    /// still shows whom it waits on.
    fn settle(&self, _t: &mut Table) {}

    /// The call the table waits to see accepted or refused (27A1, 29A),
    /// made but not yet in the auction, with its caller. A player's cards
    /// found to be from a wrong board cancel it with the other calls made
    /// after his first one (2017 15A1, 2007 17D1, 1997 17D).
    fn call_under_option(&self) -> Option<(Seat, Call)> {
        None
    }

    /// The state as `Any`, for the module that made it to look inside.
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

/// What follows a call classified for a law module ([`Next::ClassifyThen`]).
pub(crate) trait Then: fmt::Debug {
    /// `waiting`: the call left the table waiting on someone.
    fn then(self: Box<Self>, t: &mut Table, waiting: bool) -> Result<Next, RuleError>;
}
