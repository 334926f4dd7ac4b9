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

/// An irregularity as a director names it ("an insufficient bid").
pub fn irregularity(i: &rulings_engine::ruling::Irregularity) -> String {
    let name = kebab(i);
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    format!("{article} {name}")
}

/// One entry of `rulings`: whose call, what was irregular about it, the
/// clause it was ruled under, and, where the ruling turned on it, whether
/// the call that replaced it was comparable (23A).
pub fn entry(x: &rulings_engine::ruling::IrregularityRuling) -> String {
    let comparable = x.comparable.map_or(String::new(), |c| {
        let why = match kebab(&c.basis).as_str() {
            "finding" => "the director's finding".to_string(),
            "default" => "no finding made, and the meanings do not show it".to_string(),
            b => format!("23A, {}", b.to_ascii_uppercase()),
        };
        format!("; the call that replaced it is {}comparable ({why})", if c.value { "" } else { "not " })
    });
    format!(
        "{}'s {}: {}, ruled under {}{comparable}.",
        seat_name(x.seat),
        x.what(),
        irregularity(&x.irregularity),
        x.law
    )
}

fn must_pass_said(m: &rulings_engine::ruling::MustPass) -> String {
    format!("{} must pass {} ({})", seat_name(m.seat), scope(m.scope), m.law)
}

fn restriction_said(c: &rulings_engine::ruling::CallRestriction) -> String {
    let may_not: Vec<String> = c.may_not.iter().map(|x| x.to_string()).collect();
    format!("{} may not call {} {} ({})", seat_name(c.seat), may_not.join(" or "), scope(c.scope), c.law)
}

fn lead_said(l: &rulings_engine::ruling::LeadRestriction) -> String {
    let suits = |v: &[rulings_engine::Strain]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" ");
    let mut s = format!("if {} is on lead as a defender, declarer may", seat_name(l.seat));
    if !l.declarer_may_prohibit_one_of.is_empty() {
        s.push_str(&format!(" prohibit the lead of one of {}", suits(&l.declarer_may_prohibit_one_of)));
    }
    if !l.declarer_may_require_one_of.is_empty() {
        if !l.declarer_may_prohibit_one_of.is_empty() {
            s.push_str(", or");
        }
        s.push_str(&format!(" require the lead of one of {}", suits(&l.declarer_may_require_one_of)));
    }
    format!("{s} ({})", l.law)
}

fn ui_said(u: &rulings_engine::ruling::UnauthorizedInformation) -> String {
    format!(
        "the information from {}'s withdrawn {} is unauthorised to {} ({})",
        seat_name(u.from.seat),
        u.from.call,
        seat_name(u.seat),
        u.law
    )
}

fn card_said(p: &rulings_engine::ruling::PenaltyCard) -> String {
    format!(
        "{}'s {} is a penalty card if {} becomes a defender ({})",
        seat_name(p.seat),
        p.card,
        seat_name(p.seat),
        p.law
    )
}

/// Where the table stands after `r`, as the director goes on: who calls
/// or decides next, or that the auction is over.
pub fn then(r: &Ruling) -> String {
    match (r.status, &r.decision) {
        (Status::Decision, Some(d)) => format!("then {} decides ({})", seat_name(d.seat), d.law),
        (Status::Closed, _) => match &r.contract {
            Some(c) => format!("the auction is over: {} by {}", c.bid, seat_name(c.declarer)),
            None => "the auction is over".into(),
        },
        (Status::PassedOut, _) => "the board is passed out".into(),
        _ => r.next.map_or_else(|| "nobody is to call".into(), |n| format!("{} to call", seat_name(n))),
    }
}

/// What an event added to the ruling, in the words a director announces
/// it with: who must pass and for how long, lead restrictions, calls
/// withdrawn whose information is unauthorised, score adjustment, and where
/// the table goes; "no further rectification" (with the clause it was ruled
/// under) when the event added none.
pub fn consequences(before: &Ruling, after: &Ruling) -> String {
    let mut out: Vec<String> = Vec::new();
    for m in after.must_pass.iter().filter(|m| m.in_force) {
        if !before.must_pass.iter().any(|o| o.seat == m.seat && o.scope == m.scope && o.law == m.law && o.in_force) {
            out.push(must_pass_said(m));
        }
    }
    for c in after.call_restrictions.iter().filter(|c| c.in_force) {
        if !before.call_restrictions.iter().any(|o| o == c) {
            out.push(restriction_said(c));
        }
    }
    for l in &after.lead_restrictions {
        if !before.lead_restrictions.contains(l) {
            // Short, as announced: the suits are in the ruling's item.
            out.push(format!("lead restrictions if {} defends ({})", seat_name(l.seat), l.law));
        }
    }
    for p in &after.penalty_cards {
        if !before.penalty_cards.contains(p) {
            out.push(card_said(p));
        }
    }
    if let (Some(c), None) = (&after.score_cap, &before.score_cap) {
        out.push(format!("{}'s side scores at most {} ({})", seat_name(c.seat), kebab(&c.limit), c.law));
    }
    let ruled: Vec<&rulings_engine::ruling::IrregularityRuling> =
        after.rulings.iter().filter(|x| !before.rulings.contains(x)).collect();
    if out.is_empty() {
        let laws: Vec<&str> = ruled.iter().map(|x| x.law.as_str()).collect();
        out.push(if laws.is_empty() {
            "no rectification".to_string()
        } else {
            format!("no further rectification ({})", laws.join(", "))
        });
    }
    for u in &after.unauthorized_information {
        if !before.unauthorized_information.contains(u) {
            out.push(ui_said(u));
        }
    }
    let adjust: Vec<&String> = after.score_adjustment.iter().filter(|a| !before.score_adjustment.contains(a)).collect();
    if !adjust.is_empty() {
        out.push(format!(
            "the score may be adjusted after play ({})",
            adjust.iter().map(|a| a.as_str()).collect::<Vec<_>>().join(", ")
        ));
    }
    for x in &ruled {
        if let Some(c) = x.comparable.filter(|c| !c.value) {
            if c.basis == rulings_engine::ruling::Basis::Default {
                out.push(format!("{}'s {} is taken as not comparable (no finding made)", seat_name(x.seat), x.what()));
            }
        }
    }
    capital(&format!("{}; {}.", out.join("; "), then(after)))
}

/// `text` with its first letter a capital.
fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |f| f.to_uppercase().collect::<String>() + chars.as_str())
}

/// The ruling's items when the engine gives none (it cannot rule on the
/// story): each key, for the director to write his own ruling on.
pub fn blank() -> Vec<Item> {
    KEYS.iter()
        .map(|k| Item {
            key: k,
            sentences: vec!["The reference engine gives no ruling here: write yours, or leave it out.".into()],
            clauses: Vec::new(),
        })
        .collect()
}

/// The keys of a ruling, in the protocol's order.
pub const KEYS: [&str; 13] = [
    "status",
    "next",
    "decision",
    "auction",
    "rulings",
    "must_pass",
    "call_restrictions",
    "lead_restrictions",
    "penalty_cards",
    "unauthorized_information",
    "score_adjustment",
    "contract",
    "score_cap",
];

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
        match (r.status, &r.decision) {
            (Status::Decision, Some(d)) => rulings.say(
                format!("Nothing ruled yet: the table waits on {}'s decision ({}).", seat_name(d.seat), d.law),
                None,
            ),
            _ => rulings.say("No irregularity.".into(), None),
        }
    }
    for x in &r.rulings {
        rulings.say(entry(x), Some(&x.law));
    }
    out.push(rulings);

    let mut must_pass = item("must_pass");
    if r.must_pass.is_empty() {
        must_pass.say("Nobody must pass.".into(), None);
    }
    for m in &r.must_pass {
        let spent = if m.in_force { "" } else { " (spent: already served)" };
        must_pass.say(format!("{}{spent}.", must_pass_said(m)), Some(&m.law));
    }
    out.push(must_pass);

    let mut calls = item("call_restrictions");
    if r.call_restrictions.is_empty() {
        calls.say("No call is forbidden beyond an obligation to pass.".into(), None);
    }
    for c in &r.call_restrictions {
        let spent = if c.in_force { "" } else { " (spent)" };
        calls.say(format!("{}{spent}.", restriction_said(c)), Some(&c.law));
    }
    out.push(calls);

    let mut leads = item("lead_restrictions");
    if r.lead_restrictions.is_empty() {
        leads.say("No lead restriction.".into(), None);
    }
    for l in &r.lead_restrictions {
        leads.say(format!("{}.", capital(&lead_said(l))), Some(&l.law));
    }
    out.push(leads);

    let mut cards = item("penalty_cards");
    if r.penalty_cards.is_empty() {
        cards.say("No penalty card.".into(), None);
    }
    for p in &r.penalty_cards {
        cards.say(format!("{}.", card_said(p)), Some(&p.law));
    }
    out.push(cards);

    let mut ui = item("unauthorized_information");
    if r.unauthorized_information.is_empty() {
        ui.say("No unauthorised information from a withdrawn call.".into(), None);
    }
    for u in &r.unauthorized_information {
        ui.say(format!("{}.", capital(&ui_said(u))), Some(&u.law));
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
        rule(&Request::new(Default::default(), dealer, events)).expect("ruling")
    }

    fn said(items: &[Item], key: &str) -> String {
        items.iter().find(|i| i.key == key).map(|i| i.sentences.join(" ")).unwrap_or_default()
    }

    #[test]
    fn an_insufficient_bid_replaced_by_a_pass_bars_partner() {
        let items = in_words(&ruled("N 1S, E 1H, S reject, E P"));
        assert_eq!(said(&items, "must_pass"), "West must pass for the rest of the auction (27B2).");
        assert!(said(&items, "rulings").starts_with("East's 1H: an insufficient bid, ruled under 27B2"), "{items:?}");
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
        // Not "No irregularity" while South decides on one.
        assert_eq!(said(&items, "rulings"), "Nothing ruled yet: the table waits on South's decision (27A1).");
    }
}
