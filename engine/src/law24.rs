//! Law 24: a card exposed or led during the auction (2017; 2007 and 1997
//! through the editions table, below).
//!
//! The event `- W: exposes SK` (or several cards, `exposes SK H5`) records
//! the director's finding that during the auction, by W's error, those cards
//! could be seen by W's partner; `- W: leads SK` records a premature lead.
//! Every such card lies face up until the end of the auction (24, first
//! paragraph). Then:
//! - 24A: a single card below honour rank, not led: no further
//!   rectification (but see 24E);
//! - 24B: a single honour, or any card led prematurely: the offender's
//!   partner must pass when next it is his turn (72C if that enforced pass
//!   damages the other side);
//! - 24C: two or more cards: the same as 24B;
//! - 24D: if the offender becomes declarer or dummy, the cards go back to
//!   his hand;
//! - 24E: if he becomes a defender, every such card is a penalty card
//!   (Laws 50 and 51).
//!
//! The information from the cards is unauthorised to the offending side and
//! authorised to the other (24, 16C); the ruling's `unauthorized_information`
//! lists withdrawn calls only, so it does not repeat it.
//!
//! **Editions.** The 2007 Law 24 (lovboka.org/24.htm, Norwegian; the
//! Italian bridgeditalia.it Art. 24) has the same A, B and C; what 2017 put
//! in D and E is in its opening paragraph, so a penalty card cites 24, and
//! B and C send to Law 23 instead of 72C (`Rules::penalty_card`,
//! `Rules::damage`). The 1997 Law 24 could not be read; the 1997 table of
//! contents (bridge.dk/laws/laws97e) has the same title, and the engine
//! rules it as 2007 (docs/conventions.md, "Editions").

use crate::card::Exposure;
use crate::error::{impossible, unsupported, RuleError};
use crate::notation::Seat;
use crate::ruling::{Irregularity, IrregularityRuling, Scope};
use crate::table::Table;

/// The clause of Law 24 that an exposure falls under: 24A, 24B or 24C.
pub(crate) fn clause(x: &Exposure) -> &'static str {
    match x.cards() {
        _ if x.led => "24B",
        [one] if one.is_honour() => "24B",
        [_] => "24A",
        _ => "24C",
    }
}

/// Law 24: cards of `seat` exposed or led during the auction.
pub(crate) fn card_exposed(t: &mut Table, i: usize, seat: Seat, x: Exposure) -> Result<(), RuleError> {
    if !t.auction_begun {
        // The auction begins with the first call (Definitions). A card seen
        // before that is extraneous information (16D1); the WBF Laws
        // Committee (minutes of 15 August 2017, item 7) confirmed that such a
        // card goes back to the hand and Law 16 deals with the information.
        return Err(unsupported(
            i,
            "16D",
            format!(
                "{} {x} before the first call: Law 24 covers the auction, which has not begun; the card goes \
                 back to the hand and the information is a matter for Law 16D (director's judgement)",
                seat
            ),
        ));
    }
    if t.auction.is_over() {
        return Err(unsupported(
            i,
            "24",
            format!(
                "{} {x} after the final pass: Law 24 covers the auction; a card exposed or led \
                 afterwards is a matter for the laws of the play (41, 49-51, 54), outside this suite",
                seat
            ),
        ));
    }
    if let Some(c) = x.cards().iter().find(|c| t.is_exposed(seat, **c)) {
        return Err(impossible(i, format!("{} exposes {c}, but {c} already lies face up on the table (24)", seat)));
    }
    apply(t, seat, &x);
    Ok(())
}

fn apply(t: &mut Table, seat: Seat, x: &Exposure) {
    let law = clause(x);
    t.record(IrregularityRuling {
        seat,
        call: None,
        cards: x.cards().to_vec(),
        irregularity: Irregularity::CardExposed,
        law: law.to_string(),
        comparable: None,
    });
    for c in x.cards() {
        t.penalty_card(seat, *c, t.rules.penalty_card);
    }
    if law != "24A" {
        t.impose_pass(seat.partner(), Scope::NextTurn, law);
        t.may_adjust(t.rules.damage);
    }
}

#[cfg(test)]
mod tests {
    use crate::notation::Seat;
    use crate::request::Request;
    use crate::{rule, RuleError};

    fn story(text: &str) -> Request {
        crate::story::tests::story_in(Default::default(), Seat::N, text)
    }

    #[test]
    fn a_card_seen_before_the_first_call_is_not_law_24() {
        // Definitions: the auction begins with the first call. Before it,
        // 16D1 (and WBFLC minutes, 15 August 2017, item 7) apply, not 24.
        match rule(&story("N exposes HJ, N 1NT")) {
            Err(RuleError::Unsupported { event: 0, law, .. }) => assert_eq!(law, "16D"),
            other => panic!("expected 16D not supported, got {other:?}"),
        }
        // Once any call has been made, it is Law 24, even for a player who
        // has not called yet.
        let r = rule(&story("N P, E exposes HJ")).expect("24B after the first call");
        assert_eq!(r.rulings[0].law, "24B");
    }
}

/// More of Law 24, where the test above had not looked (docs/mutants.md).
#[cfg(test)]
mod more_tests {
    use crate::notation::Seat;
    use crate::rule;
    use crate::story::tests::story;

    /// A card lies face up once: the same card shown again by its player
    /// is an impossible story, but another card of his is a new exposure,
    /// ruled on its own: two penalty cards.
    #[test]
    fn each_card_is_exposed_once_and_another_card_is_a_new_exposure() {
        let r = rule(&story(Seat::N, "N 1S, E exposes HK, E exposes HQ")).expect("24B twice");
        assert_eq!(r.penalty_cards.len(), 2, "{r:?}");
        assert!(matches!(
            rule(&story(Seat::N, "N 1S, E exposes HK, E exposes HK")),
            Err(crate::RuleError::Impossible { .. })
        ));
    }
}
