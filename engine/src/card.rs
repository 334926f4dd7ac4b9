//! Cards, for the one auction irregularity that is not a call: a card
//! exposed or led during the auction (Law 24).
//!
//! A card is written suit first, then rank: `SK`, `H5`, `DT` (ten; `D10` is
//! accepted on input), case-insensitive. Honours are the ace, king, queen,
//! jack and ten (Definitions, "Honour"), which decides between 24A and 24B.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::notation::{NotationError, Strain};

/// A card's rank, two lowest, ace highest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    /// Two.
    Two = 2,
    /// Three.
    Three,
    /// Four.
    Four,
    /// Five.
    Five,
    /// Six.
    Six,
    /// Seven.
    Seven,
    /// Eight.
    Eight,
    /// Nine.
    Nine,
    /// Ten (written "T").
    Ten,
    /// Jack.
    Jack,
    /// Queen.
    Queen,
    /// King.
    King,
    /// Ace.
    Ace,
}

impl Rank {
    const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// Definitions (2017), "Honour": the ace, king, queen, jack and ten.
    pub(crate) fn is_honour(self) -> bool {
        self >= Rank::Ten
    }

    /// The rank's letter as written in a card: "2" to "9", "T", "J", "Q", "K", "A".
    pub fn letter(self) -> &'static str {
        ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"][self as usize - 2]
    }
}

/// One card of the pack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card {
    /// Always a suit, never notrump.
    pub suit: Strain,
    /// Two to ace.
    pub rank: Rank,
}

impl Card {
    /// The card of `rank` in `suit` (a suit, not no trump).
    pub fn new(suit: Strain, rank: Rank) -> Card {
        debug_assert!(suit.is_suit());
        Card { suit, rank }
    }

    /// Whether the card is an honour (ten to ace): 24A or 24B for a single card exposed.
    pub(crate) fn is_honour(self) -> bool {
        self.rank.is_honour()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit, self.rank.letter())
    }
}

impl FromStr for Card {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Card, NotationError> {
        let up = text.trim().to_ascii_uppercase();
        let err = |why: &str| {
            NotationError::new(text, format!("a card ({why}; write the suit then the rank, as in SK, H5, DT)"))
        };
        let mut chars = up.chars();
        let suit = match chars.next() {
            Some('S') => Strain::S,
            Some('H') => Strain::H,
            Some('D') => Strain::D,
            Some('C') => Strain::C,
            Some(_) => return Err(err("it does not start with a suit, C, D, H or S")),
            None => return Err(err("it is empty")),
        };
        let rank = match chars.as_str() {
            "A" => Rank::Ace,
            "K" => Rank::King,
            "Q" => Rank::Queen,
            "J" => Rank::Jack,
            "T" | "10" => Rank::Ten,
            r if r.len() == 1 && ("2"..="9").contains(&r) => Rank::ALL[r.as_bytes()[0] as usize - b'2' as usize],
            "" => return Err(err("it names no rank")),
            _ => return Err(err("the rank is not one of A K Q J T 9 8 7 6 5 4 3 2")),
        };
        Ok(Card::new(suit, rank))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The cards of one Law 24 incident, in the order the event names them.
/// A fixed array keeps [`crate::request::Action`] `Copy`; a hand has at most
/// thirteen cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exposure {
    cards: [Card; 13],
    len: u8,
    /// A premature lead (24B) rather than a card merely exposed.
    pub led: bool,
}

impl Exposure {
    /// Cards exposed (`exposes`) or one card led (`leads`). Refuses an empty
    /// list, more than thirteen cards, a card named twice, and a lead of more
    /// than one card.
    pub fn new(cards: &[Card], led: bool) -> Result<Exposure, String> {
        if cards.is_empty() {
            return Err("names no card".into());
        }
        if cards.len() > 13 {
            return Err("names more than the thirteen cards of a hand".into());
        }
        if led && cards.len() > 1 {
            return Err("leads more than one card: a lead is one card (write `exposes` for several cards)".into());
        }
        for (k, c) in cards.iter().enumerate() {
            if cards[..k].contains(c) {
                return Err(format!("names {c} twice"));
            }
        }
        let mut a = [cards[0]; 13];
        a[..cards.len()].copy_from_slice(cards);
        Ok(Exposure { cards: a, len: cards.len() as u8, led })
    }

    /// The cards shown, in the order written.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The word that introduces the cards in an event: `leads` or `exposes`.
    pub fn verb(&self) -> &'static str {
        if self.led {
            "leads"
        } else {
            "exposes"
        }
    }

    /// Parse what follows the verb: cards separated by spaces or commas.
    pub fn parse(rest: &str, led: bool) -> Result<Exposure, NotationError> {
        let cards = rest
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(str::parse)
            .collect::<Result<Vec<Card>, _>>()?;
        let verb = if led { "leads" } else { "exposes" };
        Exposure::new(&cards, led)
            .map_err(|why| NotationError::new(&format!("{verb} {}", rest.trim()), format!("a card exposure: it {why}")))
    }
}

impl fmt::Display for Exposure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.verb())?;
        for c in self.cards() {
            write!(f, " {c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_parse_and_print() {
        for (text, canon) in [("SK", "SK"), ("h5", "H5"), ("D10", "DT"), ("dt", "DT"), ("CA", "CA"), ("S2", "S2")] {
            assert_eq!(text.parse::<Card>().unwrap().to_string(), canon, "{text}");
        }
        for bad in ["", "K", "KS", "S1", "S11", "SX", "NT5"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn honours_are_ten_and_up() {
        assert!("ST".parse::<Card>().unwrap().is_honour());
        assert!("HA".parse::<Card>().unwrap().is_honour());
        assert!(!"C9".parse::<Card>().unwrap().is_honour());
    }

    #[test]
    fn exposures() {
        let e = Exposure::parse("SK, H5", false).unwrap();
        assert_eq!(e.cards().len(), 2);
        assert_eq!(e.to_string(), "exposes SK H5");
        assert_eq!(Exposure::parse("d10", true).unwrap().to_string(), "leads DT");
        assert!(Exposure::parse("SK H5", true).is_err());
        assert!(Exposure::parse("SK SK", false).is_err());
        assert!(Exposure::parse("", false).is_err());
    }
}

/// More of reading a card, where the tests above had not looked
/// (docs/mutants.md).
#[cfg(test)]
mod more_tests {
    use super::*;

    /// A suit with no rank is refused, and the message says what is missing.
    #[test]
    fn a_card_without_a_rank_is_refused_as_such() {
        let e = "S".parse::<Card>().unwrap_err().to_string();
        assert!(e.contains("it names no rank"), "{e}");
        let e = "SX".parse::<Card>().unwrap_err().to_string();
        assert!(e.contains("the rank is not one of"), "{e}");
    }
}
