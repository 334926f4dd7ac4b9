//! Notation: seats, strains, bids, calls and vulnerability, with the input
//! aliases case authors may write (docs/case-format.md, "Events") and one canonical output form.
//!
//! Parsing is case-insensitive and accepts the PBN habits `Pass`, `Dbl`,
//! `Rdbl` and `1N`; output is always `P`, `X`, `XX`, `1NT`. A bid of level 8
//! to 255 parses, because Law 38 has to rule on it; level 0 does not, nor a
//! level too large to hold (256 or more).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Why a piece of notation was refused: the text as written and a plain reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    /// The notation as written.
    pub text: String,
    /// Why it was refused, in plain words.
    pub reason: String,
}

impl NotationError {
    pub(crate) fn new(text: &str, reason: impl Into<String>) -> Self {
        NotationError { text: text.to_string(), reason: reason.into() }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not {}", self.text, self.reason)
    }
}

impl std::error::Error for NotationError {}

/// A seat at the table. Rotation is clockwise: N, E, S, W.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seat {
    /// North.
    N,
    /// East.
    E,
    /// South.
    S,
    /// West.
    W,
}

impl Seat {
    /// The four seats, clockwise from North.
    pub const ALL: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

    fn index(self) -> usize {
        self as usize
    }

    fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// The seat `steps` places clockwise from this one.
    pub fn rotate(self, steps: usize) -> Seat {
        Seat::from_index(self.index() + steps)
    }

    /// Left-hand opponent: the next player in rotation.
    pub fn lho(self) -> Seat {
        self.rotate(1)
    }

    /// Partner: the player opposite.
    pub fn partner(self) -> Seat {
        self.rotate(2)
    }

    /// Right-hand opponent: the previous player in rotation.
    pub fn rho(self) -> Seat {
        self.rotate(3)
    }

    /// How many places clockwise `other` sits from this seat (0..=3); the
    /// tests' (the engine counts turns through the auction).
    #[cfg(test)]
    pub(crate) fn distance_to(self, other: Seat) -> usize {
        (other.index() + 4 - self.index()) % 4
    }

    /// The partnership the seat sits in.
    pub fn side(self) -> Side {
        match self {
            Seat::N | Seat::S => Side::NS,
            Seat::E | Seat::W => Side::EW,
        }
    }

    /// Whether `other` sits in the other partnership.
    pub(crate) fn is_opponent_of(self, other: Seat) -> bool {
        self.side() != other.side()
    }

    /// The seat's letter: "N", "E", "S" or "W".
    pub fn letter(self) -> &'static str {
        match self {
            Seat::N => "N",
            Seat::E => "E",
            Seat::S => "S",
            Seat::W => "W",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

impl FromStr for Seat {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Seat, NotationError> {
        // The canonical letters, read without allocating.
        match s {
            "N" => return Ok(Seat::N),
            "E" => return Ok(Seat::E),
            "S" => return Ok(Seat::S),
            "W" => return Ok(Seat::W),
            _ => {}
        }
        match s.trim().to_ascii_uppercase().as_str() {
            "N" | "NORTH" => Ok(Seat::N),
            "E" | "EAST" => Ok(Seat::E),
            "S" | "SOUTH" => Ok(Seat::S),
            "W" | "WEST" => Ok(Seat::W),
            _ => Err(NotationError::new(s, "a seat (expected N, E, S or W)")),
        }
    }
}

/// A partnership.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// North and South.
    NS,
    /// East and West.
    EW,
}

/// A denomination: the four suits and notrump, in rank order (clubs lowest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strain {
    /// Clubs.
    C,
    /// Diamonds.
    D,
    /// Hearts.
    H,
    /// Spades.
    S,
    /// No trump.
    NT,
}

impl Strain {
    /// The five strains, lowest first (the order of 18C).
    pub const ALL: [Strain; 5] = [Strain::C, Strain::D, Strain::H, Strain::S, Strain::NT];
    /// The four suits, in rank order.
    pub const SUITS: [Strain; 4] = [Strain::C, Strain::D, Strain::H, Strain::S];

    /// Whether the strain is a suit (not no trump).
    pub(crate) fn is_suit(self) -> bool {
        self != Strain::NT
    }

    /// The strain's letter or letters as written in a call: "C", "D", "H", "S", "NT".
    pub fn symbol(self) -> &'static str {
        match self {
            Strain::C => "C",
            Strain::D => "D",
            Strain::H => "H",
            Strain::S => "S",
            Strain::NT => "NT",
        }
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

impl FromStr for Strain {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Strain, NotationError> {
        // The canonical spellings, read without allocating.
        match s {
            "C" => return Ok(Strain::C),
            "D" => return Ok(Strain::D),
            "H" => return Ok(Strain::H),
            "S" => return Ok(Strain::S),
            "NT" => return Ok(Strain::NT),
            _ => {}
        }
        match s.trim().to_ascii_uppercase().as_str() {
            "C" => Ok(Strain::C),
            "D" => Ok(Strain::D),
            "H" => Ok(Strain::H),
            "S" => Ok(Strain::S),
            "NT" | "N" => Ok(Strain::NT),
            _ => Err(NotationError::new(s, "a denomination (expected C, D, H, S or NT)")),
        }
    }
}

/// A bid: a level and a strain. Levels above seven exist only as
/// irregularities (Law 38); level 0 never parses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bid {
    /// How many tricks over six the bid contracts for: 1 to 7 (a bid above seven is a call the engine reads, then rules on under Law 38).
    pub level: u8,
    /// The strain named.
    pub strain: Strain,
}

impl Bid {
    /// The bid of `level` in `strain`.
    pub fn new(level: u8, strain: Strain) -> Bid {
        Bid { level, strain }
    }

    /// Position on the bidding ladder: 1C is 0, 1D is 1, ... 7NT is 34.
    pub fn rank(self) -> u32 {
        (self.level as u32 - 1) * 5 + self.strain as u32
    }

    /// Law 18B/18D: a bid is sufficient over another when it names more
    /// tricks, or the same number in a higher-ranking denomination.
    pub(crate) fn is_higher_than(self, other: Bid) -> bool {
        self.rank() > other.rank()
    }

    /// The lowest bid in `strain` that is sufficient over `over` (may exceed 7).
    pub fn lowest_sufficient(strain: Strain, over: Option<Bid>) -> Bid {
        match over {
            None => Bid::new(1, strain),
            Some(o) if strain > o.strain => Bid::new(o.level, strain),
            Some(o) => Bid::new(o.level.saturating_add(1), strain),
        }
    }

    /// Law 38: a bid of more than seven is inadmissible.
    pub(crate) fn is_above_seven(self) -> bool {
        self.level > 7
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.level, self.strain)
    }
}

impl PartialOrd for Bid {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Bid {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.level, self.strain).cmp(&(other.level, other.strain))
    }
}

/// A call: pass, double, redouble or a bid (Law 18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Call {
    /// A pass.
    Pass,
    /// A double (X).
    Double,
    /// A redouble (XX).
    Redouble,
    /// A bid: a level and a strain (18A).
    Bid(Bid),
}

impl Call {
    /// The bid, when the call is one.
    pub fn bid(self) -> Option<Bid> {
        match self {
            Call::Bid(b) => Some(b),
            _ => None,
        }
    }

    /// Whether the call is a pass.
    pub fn is_pass(self) -> bool {
        self == Call::Pass
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("P"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid(b) => b.fmt(f),
        }
    }
}

impl FromStr for Call {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Call, NotationError> {
        if let Some(c) = canonical_call(text.as_bytes()) {
            return Ok(c);
        }
        let s = text.trim();
        if s.is_empty() {
            return Err(NotationError::new(text, "a call: it is empty (expected P, X, XX or a bid such as 1S)"));
        }
        if s == "-" {
            return Err(NotationError::new(
                text,
                "a call: PBN uses `-` for \"no call yet\" and some libraries for Pass; write P for a pass",
            ));
        }
        let up = s.to_ascii_uppercase();
        match up.as_str() {
            "P" | "PASS" => return Ok(Call::Pass),
            "X" | "DBL" | "DOUBLE" => return Ok(Call::Double),
            "XX" | "RDBL" | "REDOUBLE" => return Ok(Call::Redouble),
            _ => {}
        }
        let digits: String = up.chars().take_while(|c| c.is_ascii_digit()).collect();
        if digits.is_empty() {
            return Err(NotationError::new(
                text,
                "a call (expected P, X, XX, or a level followed by C, D, H, S or NT, as in 1S or 3NT)",
            ));
        }
        let rest = &up[digits.len()..];
        let level: u8 = match digits.parse::<u32>() {
            Ok(0) => return Err(NotationError::new(text, "a call: a bid's level starts at 1")),
            Ok(n) if n <= u8::MAX as u32 => n as u8,
            _ => return Err(NotationError::new(text, "a call: the level is too large to be a bid")),
        };
        // Suit symbols as directors and hand records write them: 1♠, 2♥.
        let strain = match rest {
            "C" | "♣" | "♧" => Strain::C,
            "D" | "♦" | "♢" => Strain::D,
            "H" | "♥" | "♡" => Strain::H,
            "S" | "♠" | "♤" => Strain::S,
            "N" | "NT" => Strain::NT,
            "" => return Err(NotationError::new(text, "a call: the bid names no denomination (C, D, H, S or NT)")),
            _ => {
                return Err(NotationError::new(
                    text,
                    format!("a call: `{}` is not a denomination (expected C, D, H, S or NT)", &s[digits.len()..]),
                ))
            }
        };
        Ok(Call::Bid(Bid::new(level, strain)))
    }
}

/// Vulnerability of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Vulnerability {
    /// Neither side vulnerable.
    #[default]
    None,
    /// North-South vulnerable.
    NS,
    /// East-West vulnerable.
    EW,
    /// Both sides vulnerable.
    Both,
}

impl Vulnerability {
    /// Rotating every seat one place clockwise swaps the partnerships.
    pub fn rotate(self, steps: usize) -> Vulnerability {
        match (self, steps % 2) {
            (Vulnerability::NS, 1) => Vulnerability::EW,
            (Vulnerability::EW, 1) => Vulnerability::NS,
            (v, _) => v,
        }
    }

    /// The protocol's name of the vulnerability: "none", "NS", "EW" or "both".
    pub fn name(self) -> &'static str {
        match self {
            Vulnerability::None => "none",
            Vulnerability::NS => "NS",
            Vulnerability::EW => "EW",
            Vulnerability::Both => "both",
        }
    }
}

impl fmt::Display for Vulnerability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Vulnerability {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Vulnerability, NotationError> {
        match s.trim().to_ascii_uppercase().as_str() {
            "NONE" | "LOVE" | "-" => Ok(Vulnerability::None),
            "NS" => Ok(Vulnerability::NS),
            "EW" => Ok(Vulnerability::EW),
            "BOTH" | "ALL" => Ok(Vulnerability::Both),
            _ => Err(NotationError::new(s, "a vulnerability (expected none, NS, EW or both)")),
        }
    }
}

/// The canonical text of a value, where it is a constant: written as it
/// is, without going through `Display` (every message carries dozens).
trait StaticText {
    fn static_text(&self) -> Option<&'static str>;
}

impl StaticText for Seat {
    fn static_text(&self) -> Option<&'static str> {
        Some(self.letter())
    }
}

impl StaticText for Strain {
    fn static_text(&self) -> Option<&'static str> {
        Some(self.symbol())
    }
}

impl StaticText for Bid {
    fn static_text(&self) -> Option<&'static str> {
        const BIDS: [&str; 35] = [
            "1C", "1D", "1H", "1S", "1NT", "2C", "2D", "2H", "2S", "2NT", "3C", "3D", "3H", "3S", "3NT", "4C", "4D",
            "4H", "4S", "4NT", "5C", "5D", "5H", "5S", "5NT", "6C", "6D", "6H", "6S", "6NT", "7C", "7D", "7H", "7S",
            "7NT",
        ];
        (1..=7).contains(&self.level).then(|| BIDS[self.rank() as usize])
    }
}

impl StaticText for Call {
    fn static_text(&self) -> Option<&'static str> {
        match self {
            Call::Pass => Some("P"),
            Call::Double => Some("X"),
            Call::Redouble => Some("XX"),
            Call::Bid(b) => b.static_text(),
        }
    }
}

impl StaticText for Vulnerability {
    fn static_text(&self) -> Option<&'static str> {
        None
    }
}

macro_rules! string_serde {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self.static_text() {
                    Some(text) => s.serialize_str(text),
                    None => s.collect_str(self),
                }
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = StringOrNumber::deserialize(d)?.0;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    )*};
}

string_serde!(Seat, Strain, Bid, Call, Vulnerability);

/// A call in the canonical notation every message of the protocol uses
/// (`P`, `X`, `XX`, `1C`..`7NT`), read without allocating; None for any
/// other spelling, which the general parser reads or refuses.
pub(crate) fn canonical_call(b: &[u8]) -> Option<Call> {
    let strain = |rest: &[u8]| match rest {
        b"C" => Some(Strain::C),
        b"D" => Some(Strain::D),
        b"H" => Some(Strain::H),
        b"S" => Some(Strain::S),
        b"NT" => Some(Strain::NT),
        _ => None,
    };
    match b {
        b"P" => Some(Call::Pass),
        b"X" => Some(Call::Double),
        b"XX" => Some(Call::Redouble),
        [l @ b'1'..=b'7', rest @ ..] => strain(rest).map(|s| Call::Bid(Bid::new(l - b'0', s))),
        _ => None,
    }
}

impl Bid {
    /// Parse a bid only (not pass, double or redouble).
    pub fn parse(text: &str) -> Result<Bid, NotationError> {
        match text.parse::<Call>()? {
            Call::Bid(b) => Ok(b),
            _ => Err(NotationError::new(text, "a bid (a level and a denomination)")),
        }
    }
}

impl FromStr for Bid {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Bid, NotationError> {
        Bid::parse(s)
    }
}

/// Accepts a YAML/JSON string, or a bare number or bool where a user wrote
/// one by mistake, so that the error names the text rather than the type.
struct StringOrNumber<'de>(std::borrow::Cow<'de, str>);

impl<'de> Deserialize<'de> for StringOrNumber<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = StringOrNumber<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            // Borrowed where the input allows: a protocol line is read
            // without a string allocated per call and seat.
            fn visit_borrowed_str<E: serde::de::Error>(self, v: &'de str) -> Result<StringOrNumber<'de>, E> {
                Ok(StringOrNumber(v.into()))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<StringOrNumber<'de>, E> {
                Ok(StringOrNumber(v.to_string().into()))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<StringOrNumber<'de>, E> {
                Ok(StringOrNumber(v.to_string().into()))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<StringOrNumber<'de>, E> {
                Ok(StringOrNumber(v.to_string().into()))
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<StringOrNumber<'de>, E> {
                Ok(StringOrNumber(v.to_string().into()))
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn suit_symbols_are_read_as_letters() {
        for (text, canonical) in [("1♠", "1S"), ("2♥", "2H"), ("3♦", "3D"), ("4♣", "4C"), ("1♤", "1S"), ("2♡", "2H")]
        {
            assert_eq!(text.parse::<Call>().map(|c| c.to_string()), Ok(canonical.to_string()), "{text}");
        }
    }
    use super::*;

    #[test]
    fn calls_parse_with_aliases_and_print_canonically() {
        for (text, canon) in [
            ("P", "P"),
            ("pass", "P"),
            ("Pass", "P"),
            ("x", "X"),
            ("Dbl", "X"),
            ("XX", "XX"),
            ("rdbl", "XX"),
            ("1n", "1NT"),
            ("1NT", "1NT"),
            ("3nt", "3NT"),
            ("7s", "7S"),
            ("8C", "8C"),
            ("12NT", "12NT"),
        ] {
            assert_eq!(text.parse::<Call>().unwrap().to_string(), canon, "{text}");
        }
    }

    #[test]
    fn bad_calls_are_refused_with_a_reason() {
        let dash = "-".parse::<Call>().unwrap_err();
        assert!(dash.to_string().contains("PBN"), "{dash}");
        let zero = "0S".parse::<Call>().unwrap_err();
        assert!(zero.reason.contains("level starts at 1"), "{zero}");
        let strain = "1Z".parse::<Call>().unwrap_err();
        assert!(strain.reason.contains("`Z` is not a denomination"), "{strain}");
        assert!("".parse::<Call>().is_err());
        assert!("S1".parse::<Call>().is_err());
        assert!("1".parse::<Call>().unwrap_err().reason.contains("no denomination"));
    }

    #[test]
    fn bid_ladder() {
        let b = |s: &str| Bid::parse(s).unwrap();
        assert!(b("1NT").is_higher_than(b("1S")));
        assert!(b("2C").is_higher_than(b("1NT")));
        assert!(!b("1H").is_higher_than(b("1S")));
        assert_eq!(Bid::lowest_sufficient(Strain::H, Some(b("1S"))), b("2H"));
        assert_eq!(Bid::lowest_sufficient(Strain::NT, Some(b("1S"))), b("1NT"));
        assert_eq!(Bid::lowest_sufficient(Strain::S, Some(b("1S"))), b("2S"));
        assert_eq!(Bid::lowest_sufficient(Strain::C, None), b("1C"));
        assert_eq!(Bid::lowest_sufficient(Strain::C, Some(b("7NT"))), b("8C"));
    }

    #[test]
    fn seats_rotate() {
        assert_eq!(Seat::N.lho(), Seat::E);
        assert_eq!(Seat::N.rho(), Seat::W);
        assert_eq!(Seat::N.partner(), Seat::S);
        assert_eq!(Seat::W.rotate(1), Seat::N);
        assert_eq!(Seat::E.distance_to(Seat::N), 3);
        assert_eq!(Vulnerability::NS.rotate(1), Vulnerability::EW);
        assert_eq!(Vulnerability::Both.rotate(3), Vulnerability::Both);
    }

    /// The fast paths (canonical text read without allocating, constants
    /// written without `Display`) give what the general ones give.
    #[test]
    fn the_canonical_fast_paths_agree_with_the_general_ones() {
        let mut calls = vec![Call::Pass, Call::Double, Call::Redouble];
        for level in 1..=7 {
            calls.extend(Strain::ALL.iter().map(|&s| Call::Bid(Bid::new(level, s))));
        }
        for c in calls {
            let text = c.to_string();
            assert_eq!(canonical_call(text.as_bytes()), Some(c), "{text}");
            assert_eq!(serde_json::to_string(&c).expect("written"), format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<Call>(&format!("\"{text}\"")).expect("read"), c);
        }
        let above = Call::Bid(Bid::new(8, Strain::S));
        assert_eq!(serde_json::to_string(&above).expect("written"), "\"8S\"");
        for odd in ["p", " 1S", "1s", "8S", "0C", "1N", "pass", ""] {
            assert_eq!(canonical_call(odd.as_bytes()), None, "{odd}");
        }
        assert_eq!("1n".parse::<Call>().ok(), Some(Call::Bid(Bid::new(1, Strain::NT))));
        for seat in Seat::ALL {
            assert_eq!(serde_json::to_string(&seat).expect("written"), format!("\"{seat}\""));
            assert_eq!(serde_json::from_str::<Seat>(&format!("\"{seat}\"")).expect("read"), seat);
        }
        let escaped: Seat = serde_json::from_str("\"\\u004E\"").expect("an escaped N is read too");
        assert_eq!(escaped, Seat::N);
    }

    /// Seats are read by letter or by name, in any case and with spaces
    /// around (a grid's header may be `West North East South`,
    /// docs/case-format.md), and anything else is refused as not a seat.
    #[test]
    fn seats_are_read_by_letter_or_name_in_any_case() {
        for (seat, spellings) in [
            (Seat::N, ["N", "n", " N ", "North", "NORTH", "north"]),
            (Seat::E, ["E", "e", " E ", "East", "EAST", "east"]),
            (Seat::S, ["S", "s", " S ", "South", "SOUTH", "south"]),
            (Seat::W, ["W", "w", " W ", "West", "WEST", "west"]),
        ] {
            for text in spellings {
                assert_eq!(text.parse::<Seat>(), Ok(seat), "{text}");
            }
            assert_eq!(seat.to_string(), seat.letter());
        }
        for text in ["", "NE", "NS", "Nord", "X", "1", "N.", "Norths"] {
            let refused = text.parse::<Seat>().expect_err(text);
            assert!(refused.reason.contains("a seat"), "{text}: {refused}");
        }
    }

    /// A denomination alone (a meaning's `shows: [H]`) is read in any case
    /// and with spaces around, and prints as C, D, H, S or NT.
    #[test]
    fn strains_are_read_in_any_case() {
        for (strain, spellings) in [
            (Strain::C, ["C", "c", " C "]),
            (Strain::D, ["D", "d", " D "]),
            (Strain::H, ["H", "h", " H "]),
            (Strain::S, ["S", "s", " S "]),
            (Strain::NT, ["NT", "nt", " Nt "]),
        ] {
            for text in spellings {
                assert_eq!(text.parse::<Strain>(), Ok(strain), "{text}");
            }
            let written = serde_json::to_string(&strain).expect("written");
            assert_eq!(written, format!("\"{}\"", strain.symbol()));
            assert_eq!(serde_json::from_str::<Strain>(&written).expect("read"), strain);
        }
        assert_eq!(serde_json::from_str::<Vec<Strain>>(r#"["h", "s"]"#).expect("read"), [Strain::H, Strain::S]);
        for text in ["", "Z", "CD", "NTT", "1S", "clubs"] {
            let refused = text.parse::<Strain>().expect_err(text);
            assert!(refused.reason.contains("a denomination"), "{text}: {refused}");
        }
    }

    /// The four suits are suits; no trump is not (a card's suit is never NT).
    #[test]
    fn only_notrump_is_not_a_suit() {
        for suit in Strain::SUITS {
            assert!(suit.is_suit(), "{suit}");
        }
        assert!(!Strain::NT.is_suit());
    }

    /// Law 18: bids rank by level, and within a level C < D < H < S < NT;
    /// the comparison operators follow the bidding ladder.
    #[test]
    fn bids_compare_by_level_then_denomination() {
        let mut ladder: Vec<Bid> = Vec::new();
        for level in 1..=8 {
            ladder.extend(Strain::ALL.iter().map(|&s| Bid::new(level, s)));
        }
        for (i, &lower) in ladder.iter().enumerate() {
            for &higher in &ladder[i + 1..] {
                assert!(lower < higher, "{lower} < {higher}");
                assert!(higher > lower, "{higher} > {lower}");
                assert_eq!(lower.partial_cmp(&higher), Some(std::cmp::Ordering::Less), "{lower} {higher}");
                assert_eq!(higher.is_higher_than(lower), higher > lower, "{higher} {lower}");
            }
            assert_eq!(lower.partial_cmp(&lower), Some(std::cmp::Ordering::Equal), "{lower}");
        }
        let b = |s: &str| Bid::parse(s).expect(s);
        assert!(b("1C") < b("1D") && b("1D") < b("1H") && b("1H") < b("1S") && b("1S") < b("1NT"));
        assert!(b("1NT") < b("2C") && b("7NT") < b("8C"));
    }

    /// A bid of any level from 1 to 255 is read (Law 38 rules on those
    /// above seven); a larger level is refused, never wrapped round to a
    /// small one.
    #[test]
    fn a_level_too_large_to_hold_is_refused() {
        assert_eq!("255NT".parse::<Call>(), Ok(Call::Bid(Bid::new(255, Strain::NT))));
        for text in ["256C", "264C", "300S", "4294967296H", "99999999999999999999NT"] {
            let refused = text.parse::<Call>().expect_err(text);
            assert!(refused.reason.contains("too large"), "{text}: {refused}");
        }
    }

    /// Vulnerability prints as the protocol names it (`none`, `NS`, `EW`,
    /// `both`, docs/protocol.md) and reads those names in any case.
    #[test]
    fn vulnerability_reads_and_prints_the_protocol_names() {
        for (v, name, others) in [
            (Vulnerability::None, "none", ["NONE", " None "]),
            (Vulnerability::NS, "NS", ["ns", " Ns "]),
            (Vulnerability::EW, "EW", ["ew", " eW "]),
            (Vulnerability::Both, "both", ["BOTH", " Both "]),
        ] {
            assert_eq!(v.name(), name);
            assert_eq!(v.to_string(), name);
            assert_eq!(serde_json::to_string(&v).expect("written"), format!("\"{name}\""));
            assert_eq!(serde_json::from_str::<Vulnerability>(&format!("\"{name}\"")).expect("read"), v);
            for text in std::iter::once(name).chain(others) {
                assert_eq!(text.parse::<Vulnerability>(), Ok(v), "{text}");
            }
        }
        for text in ["", "N", "NE", "SN", "N-S", "neither", "vul"] {
            let refused = text.parse::<Vulnerability>().expect_err(text);
            assert!(refused.reason.contains("a vulnerability"), "{text}: {refused}");
        }
    }

    /// Seats, denominations and the calls of levels 1 to 7 are written from
    /// a constant text, not through `Display` (the serialised text is the
    /// same either way: this checks the constant is there and is the
    /// canonical one); a bid above seven is formatted.
    #[test]
    fn constants_are_written_from_their_static_text() {
        for seat in Seat::ALL {
            assert_eq!(seat.static_text(), Some(seat.letter()), "{seat}");
        }
        for strain in Strain::ALL {
            assert_eq!(strain.static_text(), Some(strain.symbol()), "{strain}");
        }
        let mut calls = vec![Call::Pass, Call::Double, Call::Redouble];
        for level in 1..=7 {
            calls.extend(Strain::ALL.iter().map(|&s| Call::Bid(Bid::new(level, s))));
        }
        for call in calls {
            assert_eq!(call.static_text().map(str::to_string), Some(call.to_string()), "{call}");
            if let Call::Bid(bid) = call {
                assert_eq!(bid.static_text().map(str::to_string), Some(bid.to_string()), "{bid}");
            }
        }
        assert_eq!(Bid::new(8, Strain::S).static_text(), None);
    }

    /// A seat, call or vulnerability written as something that is not text
    /// at all (a list, a map, null) is refused, saying a string was expected.
    #[test]
    fn a_value_that_is_not_text_is_refused_saying_what_was_expected() {
        for json in ["null", "[]", "{}", "1.5"] {
            let seat = serde_json::from_str::<Seat>(json).expect_err(json).to_string();
            assert!(seat.contains("expected a string"), "{json}: {seat}");
            let call = serde_json::from_str::<Call>(json).expect_err(json).to_string();
            assert!(call.contains("expected a string"), "{json}: {call}");
            let vul = serde_json::from_str::<Vulnerability>(json).expect_err(json).to_string();
            assert!(vul.contains("expected a string"), "{json}: {vul}");
        }
    }
}
