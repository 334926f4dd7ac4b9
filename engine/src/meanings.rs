//! Meanings: what a call shows under the partnership's agreements, as
//! written in a case (`means:`), and the hand-set model behind Law 23.
//!
//! This module owns the data type and its parsing. The comparison of two
//! meanings (23A1 similar, 23A2 subset, 23A3 same purpose) lives in
//! the engine's private `law23` module, which [`crate::rule`] applies.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::notation::{Bid, Call, Strain};

/// An inclusive range written "11-15", "12+", "-10" or "16".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Range {
    /// The lower bound, inclusive; none when written "-10".
    pub min: Option<u8>,
    /// The upper bound, inclusive; none when written "12+".
    pub max: Option<u8>,
}

impl Range {
    /// The lower bound, 0 when open.
    pub(crate) fn lo(self) -> u8 {
        self.min.unwrap_or(0)
    }
    /// The upper bound, `ceiling` when open.
    pub(crate) fn hi_or(self, ceiling: u8) -> u8 {
        self.max.unwrap_or(ceiling)
    }
}

impl FromStr for Range {
    type Err = String;
    fn from_str(text: &str) -> Result<Range, String> {
        let s = text.trim();
        let num = |t: &str| -> Result<u8, String> {
            t.trim().parse::<u8>().map_err(|_| format!("`{text}` is not a range (expected forms: 11-15, 12+, -10, 16)"))
        };
        let r = if let Some(lo) = s.strip_suffix('+') {
            Range { min: Some(num(lo)?), max: None }
        } else if let Some(hi) = s.strip_prefix('-') {
            Range { min: None, max: Some(num(hi)?) }
        } else if let Some((lo, hi)) = s.split_once('-') {
            Range { min: Some(num(lo)?), max: Some(num(hi)?) }
        } else {
            let n = num(s)?;
            Range { min: Some(n), max: Some(n) }
        };
        if let (Some(a), Some(b)) = (r.min, r.max) {
            if a > b {
                return Err(format!("`{text}` is an empty range: {a} is more than {b}"));
            }
        }
        Ok(r)
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min, self.max) {
            (Some(a), Some(b)) if a == b => write!(f, "{a}"),
            (Some(a), Some(b)) => write!(f, "{a}-{b}"),
            (Some(a), None) => write!(f, "{a}+"),
            (None, Some(b)) => write!(f, "-{b}"),
            (None, None) => write!(f, "0+"),
        }
    }
}

impl Serialize for Range {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Range {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Range;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a range such as \"11-15\", \"12+\", \"-10\" or 16")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Range, E> {
                v.parse().map_err(E::custom)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Range, E> {
                v.to_string().parse().map_err(E::custom)
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Range, E> {
                // YAML reads `-10` as the integer -10: "at most 10".
                v.to_string().parse().map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

/// A range bounded by what a hand can hold: `what` names it in the error.
fn bounded<'de, D: Deserializer<'de>>(d: D, ceiling: u8, what: &str) -> Result<Option<Range>, D::Error> {
    let r = Range::deserialize(d)?;
    for v in [r.min, r.max].into_iter().flatten() {
        if v > ceiling {
            return Err(serde::de::Error::custom(format!(
                "{what} of {v} is impossible: a hand holds at most {ceiling}"
            )));
        }
    }
    Ok(Some(r))
}

/// An HCP range: 0 to 37 (a hand holds at most 37 high-card points).
fn hcp_range<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Range>, D::Error> {
    bounded(d, 37, "an HCP bound")
}

/// A suit-length range: 0 to 13.
fn suit_range<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Range>, D::Error> {
    bounded(d, 13, "a suit length")
}

/// What a call means in its context (docs/case-format.md, "Events").
///
/// Every field is optional; an absent bound is no constraint. `any_of`
/// lists alternatives (a Multi 2D: a weak two in hearts or in spades); the
/// other fields then constrain every alternative.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meaning {
    /// High-card points (4-3-2-1), `hcp:`.
    #[serde(default, deserialize_with = "hcp_range", skip_serializing_if = "Option::is_none")]
    pub hcp: Option<Range>,
    /// Length in clubs, `C:`.
    #[serde(rename = "C", default, deserialize_with = "suit_range", skip_serializing_if = "Option::is_none")]
    pub clubs: Option<Range>,
    /// Length in diamonds, `D:`.
    #[serde(rename = "D", default, deserialize_with = "suit_range", skip_serializing_if = "Option::is_none")]
    pub diamonds: Option<Range>,
    /// Length in hearts, `H:`.
    #[serde(rename = "H", default, deserialize_with = "suit_range", skip_serializing_if = "Option::is_none")]
    pub hearts: Option<Range>,
    /// Length in spades, `S:`.
    #[serde(rename = "S", default, deserialize_with = "suit_range", skip_serializing_if = "Option::is_none")]
    pub spades: Option<Range>,
    /// Whether the hand is balanced (4-3-3-3, 4-4-3-2 or 5-3-3-2), `balanced:`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub balanced: Option<bool>,
    /// Denominations the call specifies. A natural suit bid shows its suit
    /// when this is absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shows: Option<Vec<Strain>>,
    /// Whether the call is artificial (Definitions: conveys something other than willingness to play in the denomination named), `artificial:`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artificial: Option<bool>,
    /// The call's purpose in words, for 23A3 (the same purpose as the withdrawn call), `purpose:`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purpose: Option<String>,
    /// Alternatives, any one of which the hand fits (a multi two, say), `any_of:`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub any_of: Option<Vec<Meaning>>,
}

impl Meaning {
    /// Suit length bound by suit index (clubs 0 .. spades 3).
    pub fn suit(&self, i: usize) -> Option<Range> {
        [self.clubs, self.diamonds, self.hearts, self.spades][i]
    }

    /// Is this call artificial? Default false for suit and notrump bids.
    pub(crate) fn is_artificial(&self) -> bool {
        self.artificial.unwrap_or(false)
    }
}

/// Law 27B1(a) and 26B: the denominations a call specifies.
///
/// An explicit `shows` list wins; otherwise a natural (not artificial) bid
/// specifies its own strain; pass, double and redouble specify nothing.
/// Alternatives in `any_of` specify a denomination only if every one does.
pub(crate) fn denominations_specified(call: Call, meaning: Option<&Meaning>) -> Vec<Strain> {
    let natural = |b: Bid| vec![b.strain];
    let mut out = match (call, meaning) {
        (_, Some(m)) if m.shows.is_some() => m.shows.clone().unwrap_or_default(),
        (Call::Bid(b), Some(m)) if !m.is_artificial() => match &m.any_of {
            Some(alts) if !alts.is_empty() => {
                let sets: Vec<Vec<Strain>> = alts.iter().map(|a| denominations_specified(call, Some(a))).collect();
                Strain::ALL.into_iter().filter(|s| sets.iter().all(|v| v.contains(s))).collect()
            }
            _ => natural(b),
        },
        (Call::Bid(b), None) => natural(b),
        _ => Vec::new(),
    };
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a call specifies (27B1(a), 26B): a natural bid its own strain,
    /// whether or not its meaning is given; an artificial one nothing but
    /// what `shows` lists; pass, double and redouble nothing.
    #[test]
    fn a_natural_bid_specifies_its_strain_and_an_artificial_one_what_it_shows() {
        let bid: Call = "2D".parse().expect("a bid");
        let meaning = |json: &str| serde_json::from_str::<Meaning>(json).expect("a meaning");
        assert!(!meaning("{}").is_artificial(), "natural unless said");
        assert!(meaning(r#"{"artificial": true}"#).is_artificial());
        assert_eq!(denominations_specified(bid, None), vec![Strain::D]);
        assert_eq!(denominations_specified(bid, Some(&meaning(r#"{"hcp": "6-10"}"#))), vec![Strain::D]);
        assert_eq!(denominations_specified(bid, Some(&meaning(r#"{"artificial": true}"#))), vec![]);
        let transfer = meaning(r#"{"artificial": true, "shows": ["H"]}"#);
        assert_eq!(denominations_specified(bid, Some(&transfer)), vec![Strain::H]);
        assert_eq!(denominations_specified(Call::Pass, Some(&meaning("{}"))), vec![]);
        // Alternatives specify what every one of them does; an empty list
        // is no alternatives at all.
        let either = meaning(r#"{"any_of": [{"shows": ["H"]}, {"shows": ["H", "S"]}]}"#);
        assert_eq!(denominations_specified(bid, Some(&either)), vec![Strain::H]);
        assert_eq!(denominations_specified(bid, Some(&meaning(r#"{"any_of": []}"#))), vec![Strain::D]);
    }

    /// A range is written as it is read ("16" for one value, "11-15",
    /// "12+", "-10"), so a ruling or report shows the meaning as given;
    /// a meaning's bounds are read through the hand's ceiling, and a value
    /// of the wrong type is refused naming what a range is.
    #[test]
    fn ranges_are_written_as_read_and_bounded() {
        for text in ["16", "11-15", "12+", "-10"] {
            assert_eq!(text.parse::<Range>().map(|r| r.to_string()), Ok(text.to_string()));
        }
        assert_eq!(Range { min: None, max: None }.to_string(), "0+");
        let m: Meaning = serde_json::from_str(r#"{"hcp": "15-17", "S": 5}"#).expect("a meaning");
        assert_eq!(m.hcp, Some(Range { min: Some(15), max: Some(17) }));
        assert_eq!(m.spades, Some(Range { min: Some(5), max: Some(5) }));
        // The ceiling itself is a hand: 13 spades, 37 HCP.
        let most: Meaning = serde_json::from_str(r#"{"hcp": "37", "S": "13"}"#).expect("the most a hand holds");
        assert_eq!((most.hcp.map(|r| r.lo()), most.spades.map(|r| r.lo())), (Some(37), Some(13)));
        let too_many = serde_json::from_str::<Meaning>(r#"{"S": "14+"}"#).expect_err("14 spades");
        assert!(too_many.to_string().contains("a suit length of 14 is impossible"), "{too_many}");
        let wrong = serde_json::from_str::<Meaning>(r#"{"hcp": true}"#).expect_err("not a range");
        assert!(wrong.to_string().contains("a range such as \"11-15\""), "{wrong}");
    }

    #[test]
    fn ranges_parse() {
        assert_eq!("11-15".parse::<Range>().unwrap(), Range { min: Some(11), max: Some(15) });
        assert_eq!("12+".parse::<Range>().unwrap(), Range { min: Some(12), max: None });
        assert_eq!("-10".parse::<Range>().unwrap(), Range { min: None, max: Some(10) });
        assert_eq!("16".parse::<Range>().unwrap(), Range { min: Some(16), max: Some(16) });
        assert!("15-11".parse::<Range>().is_err());
        assert!("lots".parse::<Range>().is_err());
    }

    #[test]
    fn natural_bids_specify_their_strain() {
        let c: Call = "2H".parse().unwrap();
        assert_eq!(denominations_specified(c, None), vec![Strain::H]);
        let transfer = Meaning { shows: Some(vec![Strain::S]), artificial: Some(true), ..Default::default() };
        assert_eq!(denominations_specified(c, Some(&transfer)), vec![Strain::S]);
        let art = Meaning { artificial: Some(true), ..Default::default() };
        assert!(denominations_specified(c, Some(&art)).is_empty());
        assert!(denominations_specified(Call::Double, None).is_empty());
    }
}
