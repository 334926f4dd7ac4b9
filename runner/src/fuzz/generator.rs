//! Random table stories that play the table as the Laws do. While the
//! auction is legal the generator keeps it itself (Laws 18-22); from the
//! first irregularity on, it asks the reference engine where the table
//! stands after each event (who calls, whose option it is, who must pass)
//! and has that player act: LHO accepts or refuses, or calls over the
//! irregularity; after a refused insufficient bid the offender replaces it
//! (27B: the lowest bid in the same denomination, a comparable call, another
//! bid, a pass, an attempted double or redouble, another insufficient bid),
//! or replaces it before LHO has chosen (27C); after a call out of rotation
//! is cancelled, the right player calls and the offender's later call is
//! found comparable or not (31A2, 32). A second irregularity may follow the
//! first. An event the reference refuses (impossible at that point) is
//! drawn again, so that nearly every story is one the reference rules on.
//!
//! Findings are drawn where a program with the declared features receives
//! them in the corpus (see [`super::scope`]).

use rulings_engine::auction::Auction;
use rulings_engine::card::Exposure;
use rulings_engine::meanings::{Meaning, Range};
use rulings_engine::notation::{Bid, Call, Seat, Strain, Vulnerability};
use rulings_engine::regulations::Regulations;
use rulings_engine::request::{Action, Event, Findings, Incident};
use rulings_engine::ruling::{Choice, Status};
use rulings_engine::{rule, Request, Ruling};

use super::scope::Scope;

/// xorshift64*: small, deterministic, no dependency.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<T: Copy>(&mut self, from: &[T]) -> T {
        from[self.below(from.len() as u64) as usize]
    }
}

/// A story, and the reference's ruling on it when the generator already
/// asked for it (a story with an irregularity).
pub struct Generated {
    pub story: Request,
    pub ruling: Option<Ruling>,
}

/// Where the table stands before the next event, as the generator sees it.
struct View {
    status: Status,
    /// The player to call or to choose.
    next: Seat,
    /// The law of the option the table waits on.
    decision: Option<String>,
    auction: Auction,
    /// Players who must pass at this turn.
    barred: Vec<Seat>,
}

impl View {
    fn of_local(l: &Local) -> View {
        let status = if l.auction.is_passed_out() {
            Status::PassedOut
        } else if l.auction.is_over() {
            Status::Closed
        } else {
            Status::Auction
        };
        let barred = l.bars.iter().map(|(s, _)| *s).collect();
        View { status, next: l.next, decision: None, auction: l.auction.clone(), barred }
    }

    fn of_ruling(dealer: Seat, r: &Ruling) -> View {
        let mut auction = Auction::new(dealer);
        for c in &r.auction {
            auction.push(*c);
        }
        View {
            status: r.status,
            next: r.decision.as_ref().map(|d| d.seat).or(r.next).unwrap_or(dealer),
            decision: r.decision.as_ref().map(|d| d.law.clone()),
            auction,
            barred: r.must_pass.iter().filter(|m| m.in_force).map(|m| m.seat).collect(),
        }
    }

    fn last_bid(&self) -> Option<Bid> {
        self.auction.last_bid().map(|(_, b)| b)
    }
}

/// A table the generator keeps itself while nothing waits on a ruling:
/// the calls that stand, the player to call, and who must pass (with
/// whether for the rest of the auction). Legal calls in rotation go on it
/// without asking the reference; anything else is asked.
#[derive(Debug, Clone)]
struct Local {
    auction: Auction,
    next: Seat,
    bars: Vec<(Seat, bool)>,
}

impl Local {
    fn new(dealer: Seat) -> Local {
        Local { auction: Auction::new(dealer), next: dealer, bars: Vec::new() }
    }

    /// The table after `r`, when it waits on nobody's option.
    fn of_ruling(dealer: Seat, r: &Ruling) -> Option<Local> {
        if r.status != Status::Auction || r.decision.is_some() || !r.call_restrictions.iter().all(|c| !c.in_force) {
            return None;
        }
        let mut auction = Auction::new(dealer);
        for c in &r.auction {
            auction.push(*c);
        }
        let bars = r
            .must_pass
            .iter()
            .filter(|m| m.in_force)
            .map(|m| (m.seat, m.scope == rulings_engine::ruling::Scope::RestOfAuction))
            .collect();
        Some(Local { auction, next: r.next?, bars })
    }

    /// Is `event` a legal call in rotation here (a barred player's pass)?
    fn takes(&self, event: &Event) -> bool {
        let Action::Call(c) = event.action else { return false };
        let barred = self.bars.iter().any(|(s, _)| *s == event.seat);
        event.seat == self.next
            && !self.auction.is_over()
            && (!barred || c == Call::Pass)
            && self.auction.legality(event.seat, c) == rulings_engine::auction::Legality::Legal
    }

    fn push(&mut self, seat: Seat, call: Call) {
        self.auction.push(call);
        self.bars.retain(|(s, rest)| *s != seat || *rest);
        self.next = seat.lho();
    }
}

/// What the generator remembers of the irregularity it drew last.
#[derive(Debug, Clone, Copy)]
enum Pending {
    None,
    /// An insufficient bid by the offender, waiting on LHO's option, or
    /// (refused) on the offender's replacement.
    Insufficient {
        offender: Seat,
        bid: Bid,
        refused: bool,
    },
    /// A call out of rotation; once refused, the offender's later call is
    /// the one that may be comparable.
    OutOfRotation {
        offender: Seat,
        call: Call,
        refused: bool,
    },
}

struct Table<'a> {
    rng: &'a mut Rng,
    scope: &'a Scope,
    story: Request,
    /// The reference's ruling on the story so far, once it has one.
    ruling: Option<Ruling>,
    pending: Pending,
    /// The meaning given to the last irregular call, for its replacement.
    meaning: Option<Meaning>,
}

/// The regulation options of a story: each option the program declares
/// is off its default in a third of the stories (the `similar_*`
/// tolerances drawn anew), so that it is asked every reading it says it
/// honours. Draws nothing for a program that declares none, whose stories
/// are then those of a seed as before.
fn regulations(rng: &mut Rng, declared: &[&'static str]) -> Option<Regulations> {
    let mut r = Regulations::default();
    for &feature in declared {
        if !rng.chance(33) {
            continue;
        }
        r = if feature == "regulation:similar" {
            r.with_similar_suit_cards(rng.below(3) as u8)
                .with_similar_hcp_below(rng.below(5) as u8)
                .with_similar_hcp_above(rng.below(6) as u8)
        } else {
            r.with_other_reading(feature)
        };
    }
    (!r.is_default()).then_some(r)
}

/// One random story within `scope`.
pub fn story(rng: &mut Rng, scope: &Scope) -> Generated {
    let dealer = rng.pick(&Seat::ALL);
    let edition = rng.pick(&scope.editions);
    let vulnerable = rng.pick(&[Vulnerability::None, Vulnerability::NS, Vulnerability::EW, Vulnerability::Both]);
    let regulations = regulations(rng, &scope.regulations);
    let story = Request::new(edition, dealer, Vec::new()).with_vulnerable(vulnerable).with_regulations(regulations);
    // Mostly short stories; a third played on to the end of the auction.
    let to_the_end = rng.chance(35);
    let length = if to_the_end { 60 } else { 1 + rng.below(9) as usize };
    let irregular = !scope.families.is_empty();
    let mut t = Table { rng, scope, story, ruling: None, pending: Pending::None, meaning: None };
    let mut local = Some(Local::new(dealer));
    // Was the last event asked of the reference (so `t.ruling` is the
    // ruling on the whole story)?
    let mut asked = false;
    let mut after_the_end = false;
    while t.story.events.len() < length {
        let view = match (&local, &t.ruling) {
            (Some(l), _) => View::of_local(l),
            (None, Some(r)) => View::of_ruling(dealer, r),
            (None, None) => break,
        };
        if matches!(view.status, Status::Closed | Status::PassedOut) {
            // At most one event after the auction: a call after the final
            // pass (39) or a card shown (24), where those are drawn.
            let late = t.scope.draws("inadmissible") || t.scope.draws("exposed-card");
            if after_the_end || !late || !t.rng.chance(30) {
                break;
            }
            after_the_end = true;
        }
        let mut placed = false;
        for _ in 0..4 {
            let event = t.draw(&view, irregular);
            if let (Some(l), Action::Call(c)) = (local.as_mut(), event.action) {
                if l.takes(&event) && matches!(t.pending, Pending::None) {
                    l.push(event.seat, c);
                    t.story.events.push(event);
                    asked = false;
                    placed = true;
                    break;
                }
            }
            t.story.events.push(event);
            match rule(&t.story) {
                Ok(r) => {
                    t.settle(&r);
                    local = match t.pending {
                        Pending::None => Local::of_ruling(dealer, &r),
                        _ => None,
                    };
                    t.ruling = Some(r);
                    asked = true;
                    placed = true;
                    break;
                }
                Err(_) => {
                    t.story.events.pop();
                }
            }
        }
        if !placed {
            break;
        }
    }
    if !asked {
        t.ruling = None;
    }
    Generated { story: t.story, ruling: t.ruling }
}

impl Table<'_> {
    /// The next event: the player the table waits on acts, or another
    /// irregularity is drawn.
    fn draw(&mut self, view: &View, irregular: bool) -> Event {
        if matches!(view.status, Status::Closed | Status::PassedOut) {
            return self.after_the_auction(view);
        }
        if let Some(law) = &view.decision {
            return self.option(view, law.clone());
        }
        if let Some(e) = self.replacement(view) {
            return e;
        }
        if irregular && self.rng.chance(if self.ruling.is_some() { 10 } else { 30 }) {
            if let Some(e) = self.irregularity(view) {
                return e;
            }
        }
        let call = self.legal_call(view, view.next);
        self.event(view.next, Action::Call(call))
    }

    /// An event with the findings the scope receives on an ordinary call.
    fn event(&mut self, seat: Seat, action: Action) -> Event {
        let mut findings = Findings::default();
        if self.scope.has("meanings") && matches!(action, Action::Call(_)) && self.rng.chance(5) {
            findings.means = Some(random_meaning(self.rng));
        }
        Event { seat, action, findings }
    }

    /// Once the auction is over: a call after the final pass (39), a card
    /// exposed, or the story ends with the auction (the caller stops).
    fn after_the_auction(&mut self, view: &View) -> Event {
        if self.scope.draws("exposed-card") && (!self.scope.draws("inadmissible") || self.rng.chance(50)) {
            return self.exposure();
        }
        let seat = self.rng.pick(&Seat::ALL);
        let call = self.any_call(view);
        self.event(seat, Action::Call(call))
    }

    /// The player holding an option accepts or refuses it, or calls over
    /// it; before LHO chooses, the offender may replace an insufficient bid
    /// (27C); or another irregularity comes first.
    fn option(&mut self, view: &View, law: String) -> Event {
        let roll = self.rng.below(100);
        if roll < 70 {
            let refuse = self.rng.chance(55);
            match &mut self.pending {
                Pending::Insufficient { refused, .. } | Pending::OutOfRotation { refused, .. } => *refused = refuse,
                Pending::None => {}
            }
            let choice = if refuse { Choice::Reject } else { Choice::Accept };
            return Event::new(view.next, if choice == Choice::Reject { Action::Reject } else { Action::Accept });
        }
        if roll < 82 {
            // LHO calls over the irregularity: he accepts it by calling.
            self.pending = Pending::None;
            let call = self.legal_call(view, view.next);
            return self.event(view.next, Action::Call(call));
        }
        if let (true, Pending::Insufficient { offender, bid, .. }) = (law.starts_with("27"), self.pending) {
            // 27C: the offender replaces before LHO has chosen.
            return self.replace_insufficient(view, offender, bid);
        }
        self.irregularity(view).unwrap_or_else(|| Event::new(view.next, Action::Accept))
    }

    /// The offender's replacement, when the table waits on it.
    fn replacement(&mut self, view: &View) -> Option<Event> {
        match self.pending {
            Pending::Insufficient { offender, bid, refused: true } if view.next == offender => {
                self.pending = Pending::None;
                Some(self.replace_insufficient(view, offender, bid))
            }
            Pending::OutOfRotation { offender, call, refused: true } if view.next == offender => {
                self.pending = Pending::None;
                Some(self.later_call(view, offender, call))
            }
            _ => None,
        }
    }

    /// 27B: a replacement of a withdrawn insufficient `bid`, every kind the
    /// Laws tell apart, with the findings a director would give it.
    fn replace_insufficient(&mut self, view: &View, offender: Seat, bid: Bid) -> Event {
        let over = view.last_bid();
        let mut findings = Findings::default();
        let call = match self.rng.below(8) {
            // 27B1(a): the lowest sufficient bid in the same denomination.
            0 | 1 => {
                // The director's finding that it specifies the same
                // denomination(s) as the withdrawn bid, or not (an
                // artificial bid).
                if self.scope.has("insufficient-bid") && self.rng.chance(35) {
                    findings.same_denomination = Some(self.rng.chance(70));
                }
                Call::Bid(Bid::lowest_sufficient(bid.strain, over))
            }
            // 27B1(b): a comparable call.
            2 | 3 => {
                if self.scope.receives_comparable() {
                    findings.comparable = Some(true);
                }
                self.sufficient_bid(over)
            }
            // 27B2: another bid, or a pass.
            4 => {
                if self.scope.receives_comparable() && self.rng.chance(50) {
                    findings.comparable = Some(false);
                }
                self.sufficient_bid(over)
            }
            5 => Call::Pass,
            // 27B3: an attempted double or redouble.
            6 => {
                if self.rng.chance(70) {
                    Call::Double
                } else {
                    Call::Redouble
                }
            }
            // 27B4: another insufficient bid.
            _ => {
                let second = self.insufficient_bid(over).unwrap_or(Bid::new(1, Strain::C));
                self.pending = Pending::Insufficient { offender, bid: second, refused: false };
                Call::Bid(second)
            }
        };
        if self.scope.has("meanings") && self.rng.chance(50) {
            findings.means = Some(self.related_meaning());
        }
        Event { seat: offender, action: Action::Call(call), findings }
    }

    /// 31A2, 32: the offender's call at his turn after his call out of
    /// rotation was cancelled: the same call, or another, found comparable
    /// to the cancelled one or not.
    fn later_call(&mut self, view: &View, offender: Seat, cancelled: Call) -> Event {
        let mut findings = Findings::default();
        let call = if self.rng.chance(35) && self.legal(view, offender, cancelled) {
            cancelled
        } else {
            if self.scope.receives_comparable() && self.rng.chance(70) {
                findings.comparable = Some(self.rng.chance(50));
            }
            self.legal_call(view, offender)
        };
        if self.scope.has("meanings") && self.rng.chance(50) {
            findings.means = Some(self.related_meaning());
        }
        Event { seat: offender, action: Action::Call(call), findings }
    }

    /// An irregularity of a family the scope draws, by the player whose
    /// turn it is or another; None when none fits here.
    fn irregularity(&mut self, view: &View) -> Option<Event> {
        let family = self.rng.pick(&self.scope.families);
        let seat = view.next;
        let mut event = match family {
            "insufficient-bid" => {
                let bid = self.insufficient_bid(view.last_bid())?;
                self.pending = Pending::Insufficient { offender: seat, bid, refused: false };
                self.event(seat, Action::Call(Call::Bid(bid)))
            }
            "out-of-rotation" => {
                // Partner or LHO of the player whose turn it is (RHO calling
                // again is a change of call).
                let offender = if self.rng.chance(50) { seat.partner() } else { seat.lho() };
                let call = match self.rng.below(10) {
                    0..=3 => Call::Pass,
                    4 if self.legal(view, offender, Call::Double) => Call::Double,
                    _ => self.sufficient_bid(view.last_bid()),
                };
                self.pending = Pending::OutOfRotation { offender, call, refused: false };
                self.event(offender, Action::Call(call))
            }
            "change-of-call" => {
                let last = self.story.events.iter().rev().find(|e| matches!(e.action, Action::Call(_)))?;
                let (who, before) = (last.seat, last.call());
                let mut call = self.any_call(view);
                if Some(call) == before {
                    call = Call::Pass;
                }
                let mut e = self.event(who, Action::Call(call));
                if self.rng.chance(75) {
                    e.findings.unintended = Some(self.rng.chance(50));
                }
                e
            }
            "inadmissible" => {
                let barred = view.barred.first().copied();
                let call = match self.rng.below(4) {
                    0 => Call::Bid(Bid::new(8, self.rng.pick(&Strain::ALL))),
                    1 if barred.is_some() => {
                        let who = barred.unwrap_or(seat);
                        let call = self.sufficient_bid(view.last_bid());
                        return Some(self.event(who, Action::Call(call)));
                    }
                    2 => Call::Redouble,
                    _ => Call::Double,
                };
                if self.legal(view, seat, call) {
                    return None;
                }
                self.event(seat, Action::Call(call))
            }
            "exposed-card" => self.exposure(),
            "wrong-board" => {
                // 2017 15A, 2007 17D: a player who has called is found to
                // hold cards from a wrong board.
                let called =
                    |s: &Seat| self.story.events.iter().any(|e| e.seat == *s && matches!(e.action, Action::Call(_)));
                let callers: Vec<Seat> = Seat::ALL.into_iter().filter(called).collect();
                if callers.is_empty() {
                    return None;
                }
                Event::new(self.rng.pick(&callers), Action::Incident(Incident::WrongBoard))
            }
            "misinformation" => {
                // Law 21: a player who has called is found misinformed: the
                // last caller most often (he may change it, 21B1(a)), another
                // (his partner may have called since: 21B3); now and then the
                // director finds no misinformation (21A, 21B1(b)). Who gave
                // it is found now and then: his LHO (`by_lho`, Law 26 on
                // LHO's 21B2 change) or LHO's partner.
                let last = self.story.events.iter().rev().find(|e| matches!(e.action, Action::Call(_)))?.seat;
                let called =
                    |s: &Seat| self.story.events.iter().any(|e| e.seat == *s && matches!(e.action, Action::Call(_)));
                let callers: Vec<Seat> = Seat::ALL.into_iter().filter(called).collect();
                let who = if self.rng.chance(70) { last } else { self.rng.pick(&callers) };
                let mut e = Event::new(who, Action::Incident(Incident::Misinformed));
                match self.rng.below(10) {
                    0 => e.findings.mistaken_call = Some(true),
                    1 => e.findings.own_misunderstanding = Some(true),
                    2..=4 => e.findings.missing_alert = Some(self.rng.chance(50)),
                    _ => {}
                }
                if self.rng.chance(40) {
                    e.findings.by_lho = Some(self.rng.chance(70));
                }
                e
            }
            _ => return None,
        };
        if self.scope.has("meanings") && self.rng.chance(50) && matches!(event.action, Action::Call(_)) {
            let m = random_meaning(self.rng);
            self.meaning = Some(m.clone());
            event.findings.means = Some(m);
        } else {
            self.meaning = None;
        }
        Some(event)
    }

    /// Law 24: a card exposed, or led, during the auction, by anyone.
    fn exposure(&mut self) -> Event {
        let seat = self.rng.pick(&Seat::ALL);
        let suit = self.rng.pick(&["S", "H", "D", "C"]);
        let rank = self.rng.pick(&["A", "K", "Q", "J", "T", "9", "5", "2"]);
        let verb = if self.rng.chance(30) { "leads" } else { "exposes" };
        let led = verb == "leads";
        let action = Exposure::parse(&format!("{suit}{rank}"), led)
            .map(|x| Action::Incident(Incident::Cards(x)))
            .unwrap_or(Action::Accept);
        Event::new(seat, action)
    }

    /// A meaning for a replacement: the withdrawn call's, one narrower, or
    /// another (23A1, 23A2, neither).
    fn related_meaning(&mut self) -> Meaning {
        match (&self.meaning, self.rng.below(3)) {
            (Some(m), 0) => m.clone(),
            (Some(m), 1) => {
                let mut narrower = m.clone();
                if let Some(h) = &mut narrower.hcp {
                    h.max = Some(h.max.unwrap_or(25).min(h.min.unwrap_or(0) + 3));
                }
                narrower
            }
            _ => random_meaning(self.rng),
        }
    }

    fn legal(&self, view: &View, seat: Seat, call: Call) -> bool {
        view.auction.legality(seat, call) == rulings_engine::auction::Legality::Legal
    }

    /// A legal call by `seat`: a pass when he must pass; more passes as the
    /// auction grows, so that auctions end.
    fn legal_call(&mut self, view: &View, seat: Seat) -> Call {
        if view.barred.contains(&seat) {
            return Call::Pass;
        }
        let pass = 35 + 4 * view.auction.calls().len().min(12) as u64;
        if self.rng.chance(pass) {
            return Call::Pass;
        }
        if view.auction.may_double(seat) && self.rng.chance(15) {
            return Call::Double;
        }
        if view.auction.may_redouble(seat) && self.rng.chance(25) {
            return Call::Redouble;
        }
        match view.last_bid() {
            Some(b) if b.level == 7 && b.strain == Strain::NT => Call::Pass,
            over => self.sufficient_bid(over),
        }
    }

    /// Any call at all, legal or not.
    fn any_call(&mut self, view: &View) -> Call {
        match self.rng.below(4) {
            0 => Call::Pass,
            1 => Call::Double,
            _ => self.sufficient_bid(view.last_bid()),
        }
    }

    /// A sufficient bid over `over`, at most one level above the lowest
    /// (never above seven where it can be helped).
    fn sufficient_bid(&mut self, over: Option<Bid>) -> Call {
        let strain = self.rng.pick(&Strain::ALL);
        let mut bid = Bid::lowest_sufficient(strain, over);
        if self.rng.chance(25) && bid.level < 7 {
            bid.level += 1;
        }
        if bid.level > 7 {
            bid = Bid::lowest_sufficient(Strain::NT, over);
        }
        Call::Bid(bid)
    }

    /// An insufficient bid over `over` (18C): one not higher than it.
    fn insufficient_bid(&mut self, over: Option<Bid>) -> Option<Bid> {
        let over = over?;
        let rank = self.rng.below(over.rank() as u64 + 1) as u32;
        Some(Bid::new((rank / 5) as u8 + 1, Strain::ALL[(rank % 5) as usize]))
    }

    /// Remember what the reference says of the story so far.
    fn settle(&mut self, r: &Ruling) {
        if r.decision.is_none() {
            if let Pending::Insufficient { refused: false, .. } | Pending::OutOfRotation { refused: false, .. } =
                self.pending
            {
                self.pending = Pending::None;
            }
        }
    }
}

fn random_range(rng: &mut Rng, max: u8) -> Range {
    let a = rng.below(max as u64 + 1) as u8;
    let b = a + rng.below((max - a) as u64 + 1) as u8;
    match rng.below(3) {
        0 => Range { min: Some(a), max: Some(b) },
        1 => Range { min: Some(a), max: None },
        _ => Range { min: None, max: Some(b) },
    }
}

fn random_meaning(rng: &mut Rng) -> Meaning {
    let mut m = Meaning::default();
    if rng.chance(70) {
        m.hcp = Some(random_range(rng, 25));
    }
    for slot in [&mut m.clubs, &mut m.diamonds, &mut m.hearts, &mut m.spades] {
        if rng.chance(25) {
            *slot = Some(random_range(rng, 8));
        }
    }
    if rng.chance(20) {
        m.artificial = Some(rng.chance(50));
    }
    m
}
