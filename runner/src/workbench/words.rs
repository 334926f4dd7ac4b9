//! The ruling in words, as a director says it at the table: one item per
//! key of the ruling (whose call, who must pass and for how long, lead
//! restrictions, unauthorised information, the clauses for a score
//! adjustment...), each with the clauses it rests on. The director agrees
//! or disagrees item by item; each item is one key of a case's `expect`.

use rulings_engine::ruling::{Doubling, Scope, Status};
use rulings_engine::{Ruling, Seat};
use serde::Serialize;

/// One item of the ruling: the key of `expect` it stands for, its
/// sentences, and the clauses they cite (each once, in order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Item {
    pub key: &'static str,
    pub sentences: Vec<String>,
    pub clauses: Vec<String>,
}

/// A seat as a director names it.
pub fn seat_name(s: Seat) -> &'static str {
    match s {
        Seat::N => "North",
        Seat::E => "East",
        Seat::S => "South",
        Seat::W => "West",
    }
}

fn scope(s: Scope) -> &'static str {
    match s {
        Scope::NextTurn => "at their next turn",
        Scope::RestOfAuction => "for the rest of the auction",
    }
}

fn kebab<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v).ok().and_then(|v| v.as_str().map(|s| s.replace('-', " "))).unwrap_or_default()
}

fn item(key: &'static str) -> Item {
    Item { key, sentences: Vec::new(), clauses: Vec::new() }
}

impl Item {
    fn say(&mut self, sentence: String, law: Option<&str>) {
        self.sentences.push(sentence);
        if let Some(l) = law {
            if !self.clauses.iter().any(|c| c == l) {
                self.clauses.push(l.to_string());
            }
        }
    }
}

/// The whole ruling in words, in the order of the ruling's keys.
pub fn in_words(r: &Ruling) -> Vec<Item> {
    let mut out = Vec::new();

    let mut status = item("status");
    let mut next = item("next");
    let mut decision = item("decision");
    match (r.status, &r.decision) {
        (Status::Decision, Some(d)) => {
            status.say("The table waits on a player's decision.".into(), None);
            next.say(format!("{} is to act.", seat_name(d.seat)), None);
            let options: Vec<String> = d.options.iter().map(kebab).collect();
            decision.say(format!("{} chooses: {} ({}).", seat_name(d.seat), options.join(" or "), d.law), Some(&d.law));
        }
        (Status::Closed, _) => {
            status.say("The auction is over.".into(), None);
            next.say("Nobody is to call: the auction is over.".into(), None);
            decision.say("No decision is pending.".into(), None);
        }
        (Status::PassedOut, _) => {
            status.say("The board is passed out.".into(), None);
            next.say("Nobody is to call: the board is passed out.".into(), None);
            decision.say("No decision is pending.".into(), None);
        }
        _ => {
            status.say("The auction goes on.".into(), None);
            match r.next {
                Some(n) => next.say(format!("{} is to call.", seat_name(n)), None),
                None => next.say("Nobody is to call.".into(), None),
            }
            decision.say("No decision is pending.".into(), None);
        }
    }
    out.extend([status, next, decision]);

    let mut auction = item("auction");
    if r.auction.is_empty() {
        auction.say("No call stands yet.".into(), None);
    } else {
        let calls: Vec<String> = r.auction.iter().map(|c| c.to_string()).collect();
        auction.say(format!("The calls that stand: {}.", calls.join(" ")), None);
    }
    out.push(auction);

    let mut rulings = item("rulings");
    if r.rulings.is_empty() {
        rulings.say("No irregularity.".into(), None);
    }
    for x in &r.rulings {
        let comparable = x.comparable.map_or(String::new(), |c| {
            format!(
                "; the replacement is {}comparable ({})",
                if c.value { "" } else { "not " },
                match kebab(&c.basis).as_str() {
                    "finding" => "the director's finding".to_string(),
                    "default" => "no finding: the engine's default".to_string(),
                    b => format!("under {}", b.to_ascii_uppercase()),
                }
            )
        });
        rulings.say(
            format!(
                "{}'s {}: {}, dealt with under {}{comparable}.",
                seat_name(x.seat),
                x.what(),
                kebab(&x.irregularity),
                x.law
            ),
            Some(&x.law),
        );
    }
    out.push(rulings);

    let mut must_pass = item("must_pass");
    if r.must_pass.is_empty() {
        must_pass.say("Nobody must pass.".into(), None);
    }
    for m in &r.must_pass {
        let spent = if m.in_force { "" } else { " (spent: already served)" };
        must_pass.say(format!("{} must pass {} ({}){spent}.", seat_name(m.seat), scope(m.scope), m.law), Some(&m.law));
    }
    out.push(must_pass);

    let mut calls = item("call_restrictions");
    if r.call_restrictions.is_empty() {
        calls.say("No call is forbidden beyond an obligation to pass.".into(), None);
    }
    for c in &r.call_restrictions {
        let may_not: Vec<String> = c.may_not.iter().map(|x| x.to_string()).collect();
        let spent = if c.in_force { "" } else { " (spent)" };
        calls.say(
            format!(
                "{} may not call {} {} ({}){spent}.",
                seat_name(c.seat),
                may_not.join(" or "),
                scope(c.scope),
                c.law
            ),
            Some(&c.law),
        );
    }
    out.push(calls);

    let mut leads = item("lead_restrictions");
    if r.lead_restrictions.is_empty() {
        leads.say("No lead restriction.".into(), None);
    }
    for l in &r.lead_restrictions {
        let suits = |v: &[rulings_engine::Strain]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" ");
        let mut s = format!("If {} is on lead as a defender, declarer may", seat_name(l.seat));
        if !l.declarer_may_prohibit_one_of.is_empty() {
            s.push_str(&format!(" prohibit the lead of one of {}", suits(&l.declarer_may_prohibit_one_of)));
        }
        if !l.declarer_may_require_one_of.is_empty() {
            if !l.declarer_may_prohibit_one_of.is_empty() {
                s.push_str(", or");
            }
            s.push_str(&format!(" require the lead of one of {}", suits(&l.declarer_may_require_one_of)));
        }
        leads.say(format!("{s} ({}).", l.law), Some(&l.law));
    }
    out.push(leads);

    let mut cards = item("penalty_cards");
    if r.penalty_cards.is_empty() {
        cards.say("No penalty card.".into(), None);
    }
    for p in &r.penalty_cards {
        cards.say(
            format!(
                "{}'s {} is a penalty card if {} becomes a defender ({}).",
                seat_name(p.seat),
                p.card,
                seat_name(p.seat),
                p.law
            ),
            Some(&p.law),
        );
    }
    out.push(cards);

    let mut ui = item("unauthorized_information");
    if r.unauthorized_information.is_empty() {
        ui.say("No unauthorised information from a withdrawn call.".into(), None);
    }
    for u in &r.unauthorized_information {
        ui.say(
            format!(
                "The information from {}'s withdrawn {} is unauthorised to {} ({}).",
                seat_name(u.from.seat),
                u.from.call,
                seat_name(u.seat),
                u.law
            ),
            Some(&u.law),
        );
    }
    out.push(ui);

    let mut adjust = item("score_adjustment");
    if r.score_adjustment.is_empty() {
        adjust.say("No clause for adjusting the score.".into(), None);
    } else {
        adjust.say(format!("The score may be adjusted after play under {}.", r.score_adjustment.join(", ")), None);
        for a in &r.score_adjustment {
            adjust.clauses.push(a.clone());
        }
    }
    out.push(adjust);

    let mut contract = item("contract");
    match &r.contract {
        None => contract.say("No contract yet.".into(), None),
        Some(c) => {
            let doubled = match c.doubled {
                Some(Doubling::Doubled) => ", doubled",
                Some(Doubling::Redoubled) => ", redoubled",
                None => "",
            };
            contract.say(format!("The contract: {} by {}{doubled}.", c.bid, seat_name(c.declarer)), None);
        }
    }
    out.push(contract);

    let mut cap = item("score_cap");
    match &r.score_cap {
        None => cap.say("No cap on a side's score.".into(), None),
        Some(c) => cap
            .say(format!("{}'s side scores at most {} ({}).", seat_name(c.seat), kebab(&c.limit), c.law), Some(&c.law)),
    }
    out.push(cap);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rulings_engine::{rule, Request};

    fn ruled(story: &str) -> Ruling {
        let events = crate::corpus::story::story_events(story).expect("story");
        let dealer = events[0].seat;
        rule(&Request {
            edition: Default::default(),
            dealer,
            vulnerable: Default::default(),
            events,
            regulations: None,
        })
        .expect("ruling")
    }

    fn said(items: &[Item], key: &str) -> String {
        items.iter().find(|i| i.key == key).map(|i| i.sentences.join(" ")).unwrap_or_default()
    }

    #[test]
    fn an_insufficient_bid_replaced_by_a_pass_bars_partner() {
        let items = in_words(&ruled("N 1S, E 1H, S reject, E P"));
        assert_eq!(said(&items, "must_pass"), "West must pass for the rest of the auction (27B2).");
        assert!(said(&items, "rulings").starts_with("East's 1H: insufficient bid, dealt with under 27B2"));
        assert_eq!(said(&items, "next"), "South is to call.");
        assert!(said(&items, "lead_restrictions").contains("declarer may"), "{items:?}");
        let clauses = &items.iter().find(|i| i.key == "must_pass").expect("item").clauses;
        assert_eq!(clauses, &vec!["27B2".to_string()]);
        // Every key of a ruling has its item, in the ruling's order.
        let keys: Vec<&str> = items.iter().map(|i| i.key).collect();
        let ruling_keys: Vec<String> = crate::corpus::draft::ruling_map(&ruled("N 1S")).keys().cloned().collect();
        assert_eq!(keys, ruling_keys);
    }

    #[test]
    fn a_pending_decision_names_the_player_and_the_clause() {
        let items = in_words(&ruled("N 1S, E 1H"));
        assert_eq!(said(&items, "decision"), "South chooses: accept or reject (27A1).");
        assert_eq!(said(&items, "next"), "South is to act.");
    }
}
