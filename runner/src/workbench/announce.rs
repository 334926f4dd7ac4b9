//! What the director tells the players before they act (10C1): each option
//! of a decision and what it leads to; each kind of call with which an
//! offender may replace a call not accepted (27B, 25B, 31-32...); and,
//! once a call out of rotation is cancelled, what the offender's next turn
//! holds (29B-32: "if your right-hand opponent passes, you must repeat
//! 1C..."). Each answer comes from the reference engine ruling on the story
//! as it would go on, said in [`words::consequences`].

use rulings_engine::notation::{Bid, Call, Seat, Strain};
use rulings_engine::request::{Action, Event};
use rulings_engine::ruling::{Basis, Choice, Status};
use rulings_engine::{rule, Request, Ruling};
use serde::Serialize;

use super::words::{self, seat_name};

/// One thing a player may do, and what follows.
#[derive(Debug, Clone, Serialize)]
pub struct Choosing {
    /// What the player does: a call (`2H`) or an option (`accept`).
    pub call: String,
    pub leads_to: String,
}

/// What the offender's next turn holds if the table goes one way before it.
#[derive(Debug, Clone, Serialize)]
pub struct Scenario {
    /// The way ("If North passes").
    pub when: String,
    pub calls: Vec<Choosing>,
}

fn ruled(request: &Request, events: Vec<Event>) -> Result<Ruling, rulings_engine::RuleError> {
    rule(&request.clone().with_events(events))
}

/// The engine's refusal without its event number, as a director reads it;
/// for a call it refuses, the reason without the call ("E calls 1D, but
/// after RHO's pass he must repeat..." says what holds for every call).
fn refusal(e: &rulings_engine::RuleError) -> String {
    let message = e.to_string();
    let rest = match message.split_once(": ") {
        Some((event, rest)) if event.starts_with("event ") => rest,
        _ => &message,
    };
    rest.split_once(", but ").map_or(rest, |(_, why)| why).to_string()
}

/// The seat that made the `k`-th call of an auction the dealer began.
fn caller(dealer: Seat, k: usize) -> Seat {
    dealer.rotate(k % 4)
}

/// The calls worth naming to a player about to call: the lowest sufficient
/// bid in each denomination, one level higher in the highest of them,
/// `also` (the call he made before), pass and double.
fn candidates(now: &Ruling, also: Option<Call>) -> Vec<Call> {
    let last = now.auction.iter().rev().find_map(|c| c.bid());
    let mut calls: Vec<Call> = Vec::new();
    if let Some(c) = also {
        calls.push(c);
    }
    for s in Strain::ALL {
        let b = Call::Bid(Bid::lowest_sufficient(s, last));
        if !calls.contains(&b) {
            calls.push(b);
        }
    }
    if let Some(b) = calls.iter().filter_map(|c| c.bid()).max() {
        let higher = Call::Bid(Bid::new(b.level.saturating_add(1), b.strain));
        if !calls.contains(&higher) {
            calls.push(higher);
        }
    }
    calls.retain(|c| c.bid().is_none_or(|b| b.level <= 7));
    for c in [Call::Pass, Call::Double] {
        if !calls.contains(&c) {
            calls.push(c);
        }
    }
    calls
}

/// What each kind of call by `seat` leads to after `events` (ruled `now`):
/// the consequences of the call as the engine rules it, and, where that
/// ruling takes the call as not comparable for want of a finding, what the
/// director's finding that it is comparable (23A) would change. Calls the
/// engine refuses are named together, with its reason; a call that would
/// itself be irregular (a double of nothing) is left out.
pub fn calls(request: &Request, events: &[Event], seat: Seat, now: &Ruling, also: Option<Call>) -> Vec<Choosing> {
    let mut out = Vec::new();
    let mut refused: Vec<(Call, String)> = Vec::new();
    for call in candidates(now, also) {
        let mut ev = events.to_vec();
        ev.push(Event::new(seat, Action::Call(call)));
        match ruled(request, ev.clone()) {
            Ok(after) => {
                let irregular = after
                    .rulings
                    .iter()
                    .any(|x| x.seat == seat && x.call == Some(call) && !now.rulings.contains(x) && also != Some(call));
                if irregular {
                    continue;
                }
                let mut said = words::consequences(now, &after);
                let untold = after.rulings.iter().any(|x| {
                    !now.rulings.contains(x) && x.comparable.is_some_and(|c| !c.value && c.basis == Basis::Default)
                });
                if untold {
                    if let Some(last) = ev.last_mut() {
                        last.findings.comparable = Some(true);
                    }
                    if let Ok(found) = ruled(request, ev) {
                        said.push_str(&format!(
                            " If you find {call} comparable (23A): {}",
                            words::consequences(now, &found)
                        ));
                    }
                }
                out.push(Choosing { call: call.to_string(), leads_to: said });
            }
            Err(e) => refused.push((call, refusal(&e))),
        }
    }
    if let Some((_, why)) = refused.first() {
        let named: Vec<String> = refused.iter().map(|(c, _)| c.to_string()).collect();
        let allowed: Vec<&str> = out.iter().map(|c| c.call.as_str()).collect();
        let call = if allowed.len() == 1 { "any other call".to_string() } else { named.join(", ") };
        out.push(Choosing { call, leads_to: format!("Not allowed: {why}.") });
    }
    out
}

/// The call a pending decision is about, and whose: the call that stands
/// once the player accepts (27A1 the insufficient bid, 27C the insufficient
/// bid and not the call that tried to replace it, 25B1 the substitute, 29A
/// the call out of rotation, 25A6 the decider's own call).
pub fn subject(request: &Request, now: &Ruling) -> Option<(Seat, Call)> {
    let d = now.decision.as_ref()?;
    let mut events = request.events.clone();
    events.push(Event::new(d.seat, Action::Accept));
    let after = ruled(request, events).ok()?;
    let k = after.auction.len().checked_sub(1)?;
    Some((caller(request.dealer, k), after.auction[k]))
}

/// The question a pending decision puts, in words: "South may accept
/// East's 1H or not (27A1)."
pub fn question(request: &Request, now: &Ruling) -> Option<String> {
    let d = now.decision.as_ref()?;
    let who = seat_name(d.seat);
    Some(match subject(request, now) {
        Some((seat, call)) if seat == d.seat => format!("{who} may keep his {call} or withdraw it ({}).", d.law),
        Some((seat, call)) => format!("{who} may accept {}'s {call} or not ({}).", seat_name(seat), d.law),
        None => format!("{who} chooses ({}).", d.law),
    })
}

/// Each option of the decision pending in `now`, with what it leads to.
pub fn options(request: &Request, now: &Ruling) -> Vec<Choosing> {
    let Some(d) = &now.decision else { return Vec::new() };
    let mut out = Vec::new();
    for choice in &d.options {
        let action = match choice {
            Choice::Accept => Action::Accept,
            Choice::Reject => Action::Reject,
        };
        let name = if *choice == Choice::Accept { "accept" } else { "reject" };
        let mut events = request.events.clone();
        events.push(Event::new(d.seat, action));
        let leads_to = match ruled(request, events) {
            Ok(after) => words::consequences(now, &after),
            Err(e) => format!("The engine cannot rule it: {}.", refusal(&e)),
        };
        out.push(Choosing { call: name.into(), leads_to });
    }
    out
}

/// After `offender`'s call out of rotation (`cancelled`) was not accepted:
/// what his next turn holds, told now as the director tells it. Two ways
/// the table may go before his turn: everyone before him passes; or his
/// right-hand opponent bids (the players before him passing), for Laws 30
/// and 31 turn on what RHO does. A way that ends the auction or reaches
/// no turn of his is left out.
pub fn next_turn(request: &Request, offender: Seat, cancelled: Call, now: &Ruling) -> Vec<Scenario> {
    let mut out = Vec::new();
    if now.status != Status::Auction || now.next == Some(offender) {
        return out;
    }
    for rho_bids in [false, true] {
        let mut events = request.events.clone();
        let mut at = now.clone();
        let mut told: Vec<String> = Vec::new();
        while at.status == Status::Auction && at.next.is_some_and(|n| n != offender) && told.len() < 3 {
            let Some(seat) = at.next else { break };
            let call = if rho_bids && seat == offender.rho() {
                let last = at.auction.iter().rev().find_map(|c| c.bid());
                let lowest = Strain::ALL.iter().map(|&s| Bid::lowest_sufficient(s, last)).min_by_key(|b| b.rank());
                match lowest {
                    Some(b) if b.level <= 7 => Call::Bid(b),
                    _ => break,
                }
            } else {
                Call::Pass
            };
            told.push(format!(
                "{} {}",
                seat_name(seat),
                if call.is_pass() { "passes".into() } else { format!("bids {call}") }
            ));
            events.push(Event::new(seat, Action::Call(call)));
            match ruled(request, events.clone()) {
                Ok(r) => at = r,
                Err(_) => break,
            }
        }
        let reached = at.status == Status::Auction && at.next == Some(offender);
        let rho_bid = told.last().is_some_and(|t| !t.ends_with("passes"));
        if !reached || told.is_empty() || (rho_bids && !rho_bid) {
            continue;
        }
        let when = format!("If {}", and_list(&told));
        let calls = calls(request, &events, offender, &at, Some(cancelled));
        if !calls.is_empty() {
            out.push(Scenario { when, calls });
        }
    }
    out
}

/// "North passes, East passes and South bids 1D".
fn and_list(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(dealer: Seat, story: &str) -> Request {
        let events = crate::corpus::story::story_events(story).expect("story");
        Request::new(Default::default(), dealer, events)
    }

    #[test]
    fn the_27c_question_is_about_the_insufficient_bid_not_its_replacement() {
        let r = request(Seat::N, "N 1S, E 1H, E 2H");
        let now = rule(&r).expect("ruling");
        assert_eq!(question(&r, &now).as_deref(), Some("South may accept East's 1H or not (27C)."));
    }

    #[test]
    fn a_cancelled_bid_out_of_turn_is_announced_for_the_offender_s_next_turn() {
        // East bid 1C at North's turn; South did not accept it (31A).
        let r = request(Seat::N, "E 1C, S reject");
        let now = rule(&r).expect("ruling");
        let ways = next_turn(&r, Seat::E, "1C".parse().expect("call"), &now);
        assert_eq!(ways.len(), 2, "{ways:?}");
        assert_eq!(ways[0].when, "If North passes");
        assert_eq!(ways[0].calls[0].call, "1C");
        assert!(ways[0].calls[0].leads_to.contains("(31A1)"), "{ways:?}");
        let other = ways[0].calls.last().expect("refused calls");
        assert_eq!(other.call, "any other call");
        assert_eq!(
            other.leads_to,
            "Not allowed: after RHO's pass he must repeat the 1C he called out of rotation (31A1)."
        );
        assert_eq!(ways[1].when, "If North bids 1C");
        let pass = ways[1].calls.iter().find(|c| c.call == "P").expect("a pass");
        assert!(pass.leads_to.contains("West must pass at their next turn (31A2(b))"), "{pass:?}");
    }

    #[test]
    fn replacements_are_said_in_a_director_s_words() {
        let r = request(Seat::N, "N 1S, E 1H, S reject");
        let now = rule(&r).expect("ruling");
        let said = calls(&r, &r.events, Seat::E, &now, None);
        let two = said.iter().find(|c| c.call == "2H").expect("2H");
        assert_eq!(
            two.leads_to,
            "No further rectification (27B1(a)); the score may be adjusted after play (27D); South to call."
        );
        let pass = said.iter().find(|c| c.call == "P").expect("P");
        assert!(pass.leads_to.starts_with("West must pass for the rest of the auction (27B2)"), "{pass:?}");
        assert!(!pass.leads_to.contains("basis") && !pass.leads_to.contains("disposed"), "{pass:?}");
    }
}
