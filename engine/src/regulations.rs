//! Regulations a case may set: the points where published authorities
//! (a federation's guidance, a regulating authority's page, a published
//! director's ruling) disagree on how to read the Laws, each a named option
//! with a documented default, and the widening behind 23A1's "similar"
//! (docs/conventions.md, "Regulation options").
//!
//! Every option's default is the reading the engine took before the option
//! existed, so a case that sets nothing is ruled as before. A request
//! carries, and a case file writes, only the options that differ from their
//! default; each such option needs its own protocol feature
//! ([`Regulations::features`]), so that a program that does not know an
//! option never receives a case that sets it.
//!
//! The law modules read the options from the table (`t.regulations`) at
//! the point where the readings part.
//!
//! A program that embeds the engine builds [`Regulations`] from its
//! defaults, an option at a time (it is non-exhaustive: options are
//! added), and matches an option's readings with a `_` arm (they are
//! non-exhaustive too: another authority's reading may become a third).

use serde::{Deserialize, Serialize};

/// 27B4: the offender's LHO refuses a second insufficient bid.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SecondInsufficientBid {
    /// "The Director rules as in 3": the second bid is cancelled, the
    /// offender's partner must pass for the rest of the auction (27B4), and
    /// the offender replaces it with any legal call.
    #[default]
    LiteralBar,
    /// The second bid is cancelled and bars nobody by itself; the offender
    /// still corrects the first insufficient bid under 27B, freely under
    /// 27B1(a) or (b) (Welsh Bridge Union directors' test page).
    AllowCorrection,
}

/// 27B4 with 27A1: the offender's LHO accepts a second insufficient bid.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AcceptedSecondInsufficientBid {
    /// The first insufficient bid was withdrawn and not corrected under
    /// 27B1: 26B and 16C2 apply to it, whatever the second bid means.
    #[default]
    RestrictFirst,
    /// 26A and 23A by their own words (2017): when the accepted second bid
    /// is comparable to the first, there is no lead restriction and 16C
    /// does not apply (23C may); otherwise as `restrict-first`.
    ComparableLifts,
}

/// An insufficient bid out of rotation (27A2, Law 31), repeated in rotation
/// under 31A1 after RHO's pass and then corrected.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InsufficientBidOutOfRotation {
    /// The repeated bid is an insufficient bid in rotation and Law 27 rules
    /// its correction in full: a bar for the rest of the auction (27B2,
    /// 27B3, 27B4).
    #[default]
    #[serde(rename = "law-27-bar")]
    Law27Bar,
    /// Law 31 keeps the matter (2017): a correction that bars partner bars
    /// him at his next turn only, under 31A2(b).
    #[serde(rename = "law-31-bar")]
    Law31Bar,
}

/// 28B after LHO has accepted a call out of rotation by calling over it
/// (29A), when the player whose turn it was then calls.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Law28bAfterAcceptance {
    /// Acceptance ends 28B: that player's call is itself a call out of
    /// rotation (the EBL TD forum view).
    #[default]
    Forfeited,
    /// No rectification had been assessed, so 28B applies: his call is in
    /// rotation, and the call out of rotation and LHO's call over it are
    /// cancelled (16C2 on the offending side).
    Applies,
}

/// 30A (2017): Law 26 after a pass out of rotation at RHO's turn, when the
/// offender makes the pass 30A obliges him to make.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Law26After30a {
    /// 30A names 72C only: no lead restriction.
    #[default]
    Never,
    /// Law 26 by its own scope: the forced pass is judged against the
    /// cancelled one (23A); not comparable, 26B; comparable, 26A (16C2 off,
    /// 23C).
    IfNotComparable,
}

/// 37B2 and 38C (2017; 2007 alike) for a call out of rotation: where the
/// pass substituted for the cancelled call stands.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SubstitutedPassOutOfRotation {
    /// The call is cancelled and the auction goes back to the player whose
    /// turn it was (29B; 36B4 for the inadmissible double); the substituted
    /// pass is the offender's at his own turn.
    #[default]
    BackToTurn,
    /// The pass takes the place of the call where it was made: the players
    /// it passed over lose their turn, as after an accepted call out of
    /// rotation (29A), and 17D3 keeps the auction open for them.
    WhereMade,
}

/// How liberally 23A reads "comparable".
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ComparableReading {
    /// 23A1's "similar" admits hands near the withdrawn call's, within the
    /// `similar_*` tolerances (and keeping every denomination it showed).
    #[default]
    Liberal,
    /// Only the same meaning, a subset (every hand of the replacement would
    /// have made the withdrawn call) or the same purpose; the `similar_*`
    /// tolerances are not used.
    Strict,
}

/// Regulations a case may set (docs/conventions.md, "Regulation options").
/// Missing keys keep their defaults; only keys that differ from their
/// default are written out.
///
/// Non-exhaustive: the options grow as published authorities are found to
/// disagree on more points, so a program outside this crate cannot write a
/// struct literal. It starts from [`Regulations::default`] and sets each
/// option it wants with the option's `with_` method (or assigns the public
/// field), which keeps compiling when an option is added:
///
/// ```
/// use rulings_engine::regulations::SecondInsufficientBid;
/// use rulings_engine::{rule, Regulations, Request, Seat};
///
/// fn main() -> Result<(), Box<dyn std::error::Error>> {
///     // North corrects 1H to 2H, another insufficient bid, and East
///     // refuses both (27B4); North then bids 3H. The Welsh Bridge Union's
///     // directors let the correction stand without barring South.
///     let mut request: Request = serde_json::from_str(
///         r#"{"dealer": "W", "events": [{"W": "2S"}, {"N": "1H"}, {"N": "2H"},
///             {"E": "reject"}, {"E": "reject"}, {"N": "3H"}]}"#,
///     )?;
///     let welsh = Regulations::default().with_second_insufficient_bid(SecondInsufficientBid::AllowCorrection);
///     assert_eq!(welsh.features(), ["regulation:second_insufficient_bid"]);
///
///     request.regulations = Some(welsh);
///     assert!(rule(&request)?.must_pass.is_empty());
///
///     // 27B4 read literally: the director rules as in 27B3, South must pass.
///     request.regulations = None;
///     let literal = rule(&request)?;
///     assert_eq!(literal.must_pass[0].seat, Seat::S);
///     assert_eq!(literal.must_pass[0].law, "27B4");
///     Ok(())
/// }
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Regulations {
    /// Cards more or fewer in each suit bound that still count as similar
    /// (23A1).
    #[serde(skip_serializing_if = "is_default_suit_cards")]
    pub similar_suit_cards: u8,
    /// HCP below the withdrawn call's lower bound that still count as
    /// similar (23A1).
    #[serde(skip_serializing_if = "is_default_hcp_below")]
    pub similar_hcp_below: u8,
    /// HCP above the withdrawn call's upper bound that still count as
    /// similar (23A1).
    #[serde(skip_serializing_if = "is_default_hcp_above")]
    pub similar_hcp_above: u8,
    /// How liberally 23A reads "comparable" (`comparable_reading`).
    #[serde(skip_serializing_if = "is_default")]
    pub comparable_reading: ComparableReading,
    /// 27B4: a second insufficient bid that LHO refuses (`second_insufficient_bid`).
    #[serde(skip_serializing_if = "is_default")]
    pub second_insufficient_bid: SecondInsufficientBid,
    /// 27B4 with 27A1: a second insufficient bid that LHO accepts (`accepted_second_insufficient_bid`).
    #[serde(skip_serializing_if = "is_default")]
    pub accepted_second_insufficient_bid: AcceptedSecondInsufficientBid,
    /// 27A2 and Law 31: an insufficient bid out of rotation, repeated in rotation and corrected (`insufficient_bid_out_of_rotation`).
    #[serde(skip_serializing_if = "is_default")]
    pub insufficient_bid_out_of_rotation: InsufficientBidOutOfRotation,
    /// 28B after LHO accepted a call out of rotation (`law_28b_after_acceptance`).
    #[serde(skip_serializing_if = "is_default")]
    pub law_28b_after_acceptance: Law28bAfterAcceptance,
    /// 2017 30A: Law 26 after a pass out of rotation at RHO's turn (`law_26_after_30a`).
    #[serde(skip_serializing_if = "is_default")]
    pub law_26_after_30a: Law26After30a,
    /// 37B2 and 38C: where the pass substituted for a call out of rotation stands (`substituted_pass_out_of_rotation`).
    #[serde(skip_serializing_if = "is_default")]
    pub substituted_pass_out_of_rotation: SubstitutedPassOutOfRotation,
}

const DEFAULT_SUIT_CARDS: u8 = 1;
const DEFAULT_HCP_BELOW: u8 = 2;
const DEFAULT_HCP_ABOVE: u8 = 3;

impl Default for Regulations {
    fn default() -> Self {
        Regulations {
            similar_suit_cards: DEFAULT_SUIT_CARDS,
            similar_hcp_below: DEFAULT_HCP_BELOW,
            similar_hcp_above: DEFAULT_HCP_ABOVE,
            comparable_reading: ComparableReading::default(),
            second_insufficient_bid: SecondInsufficientBid::default(),
            accepted_second_insufficient_bid: AcceptedSecondInsufficientBid::default(),
            insufficient_bid_out_of_rotation: InsufficientBidOutOfRotation::default(),
            law_28b_after_acceptance: Law28bAfterAcceptance::default(),
            law_26_after_30a: Law26After30a::default(),
            substituted_pass_out_of_rotation: SubstitutedPassOutOfRotation::default(),
        }
    }
}

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

fn is_default_suit_cards(v: &u8) -> bool {
    *v == DEFAULT_SUIT_CARDS
}

fn is_default_hcp_below(v: &u8) -> bool {
    *v == DEFAULT_HCP_BELOW
}

fn is_default_hcp_above(v: &u8) -> bool {
    *v == DEFAULT_HCP_ABOVE
}

/// The protocol feature of each regulation option, in the order of
/// [`Regulations`]' fields: a program that declares it in its hello honours
/// every value of that option (docs/protocol.md, "Features"). The three
/// `similar_*` tolerances are one option.
pub const FEATURES: &[&str] = &[
    "regulation:similar",
    "regulation:comparable_reading",
    "regulation:second_insufficient_bid",
    "regulation:accepted_second_insufficient_bid",
    "regulation:insufficient_bid_out_of_rotation",
    "regulation:law_28b_after_acceptance",
    "regulation:law_26_after_30a",
    "regulation:substituted_pass_out_of_rotation",
];

/// The options one by one, each set by its own method, so that a program
/// outside the crate sets the options it knows and leaves the rest (those
/// added later among them) at their defaults.
impl Regulations {
    /// With `cards` more or fewer in each suit bound still counting as
    /// similar (23A1; `similar_suit_cards`, default 1).
    #[must_use]
    pub fn with_similar_suit_cards(mut self, cards: u8) -> Regulations {
        self.similar_suit_cards = cards;
        self
    }

    /// With `hcp` below the withdrawn call's lower bound still counting as
    /// similar (23A1; `similar_hcp_below`, default 2).
    #[must_use]
    pub fn with_similar_hcp_below(mut self, hcp: u8) -> Regulations {
        self.similar_hcp_below = hcp;
        self
    }

    /// With `hcp` above the withdrawn call's upper bound still counting as
    /// similar (23A1; `similar_hcp_above`, default 3).
    #[must_use]
    pub fn with_similar_hcp_above(mut self, hcp: u8) -> Regulations {
        self.similar_hcp_above = hcp;
        self
    }

    /// With 23A's "comparable" read as `reading` (`comparable_reading`).
    #[must_use]
    pub fn with_comparable_reading(mut self, reading: ComparableReading) -> Regulations {
        self.comparable_reading = reading;
        self
    }

    /// With a refused second insufficient bid ruled as `reading` (27B4;
    /// `second_insufficient_bid`).
    #[must_use]
    pub fn with_second_insufficient_bid(mut self, reading: SecondInsufficientBid) -> Regulations {
        self.second_insufficient_bid = reading;
        self
    }

    /// With an accepted second insufficient bid ruled as `reading` (27B4
    /// with 27A1; `accepted_second_insufficient_bid`).
    #[must_use]
    pub fn with_accepted_second_insufficient_bid(mut self, reading: AcceptedSecondInsufficientBid) -> Regulations {
        self.accepted_second_insufficient_bid = reading;
        self
    }

    /// With an insufficient bid out of rotation, repeated in rotation and
    /// corrected, ruled as `reading` (27A2, Law 31;
    /// `insufficient_bid_out_of_rotation`).
    #[must_use]
    pub fn with_insufficient_bid_out_of_rotation(mut self, reading: InsufficientBidOutOfRotation) -> Regulations {
        self.insufficient_bid_out_of_rotation = reading;
        self
    }

    /// With 28B after an accepted call out of rotation ruled as `reading`
    /// (`law_28b_after_acceptance`).
    #[must_use]
    pub fn with_law_28b_after_acceptance(mut self, reading: Law28bAfterAcceptance) -> Regulations {
        self.law_28b_after_acceptance = reading;
        self
    }

    /// With Law 26 after a 2017 30A pass ruled as `reading`
    /// (`law_26_after_30a`).
    #[must_use]
    pub fn with_law_26_after_30a(mut self, reading: Law26After30a) -> Regulations {
        self.law_26_after_30a = reading;
        self
    }

    /// With the pass substituted for a call out of rotation standing as
    /// `reading` says (37B2, 38C; `substituted_pass_out_of_rotation`).
    #[must_use]
    pub fn with_substituted_pass_out_of_rotation(mut self, reading: SubstitutedPassOutOfRotation) -> Regulations {
        self.substituted_pass_out_of_rotation = reading;
        self
    }
}

impl Regulations {
    /// Are these the defaults throughout (nothing to send)?
    pub fn is_default(&self) -> bool {
        *self == Regulations::default()
    }

    /// The protocol features a case with these regulations needs: one per
    /// option that differs from its default.
    pub fn features(&self) -> Vec<&'static str> {
        let d = Regulations::default();
        let similar = (self.similar_suit_cards, self.similar_hcp_below, self.similar_hcp_above)
            != (d.similar_suit_cards, d.similar_hcp_below, d.similar_hcp_above);
        let set = [
            similar,
            self.comparable_reading != d.comparable_reading,
            self.second_insufficient_bid != d.second_insufficient_bid,
            self.accepted_second_insufficient_bid != d.accepted_second_insufficient_bid,
            self.insufficient_bid_out_of_rotation != d.insufficient_bid_out_of_rotation,
            self.law_28b_after_acceptance != d.law_28b_after_acceptance,
            self.law_26_after_30a != d.law_26_after_30a,
            self.substituted_pass_out_of_rotation != d.substituted_pass_out_of_rotation,
        ];
        FEATURES.iter().zip(set).filter(|(_, on)| *on).map(|(f, _)| *f).collect()
    }

    /// These regulations with the option of `feature` (one of
    /// [`FEATURES`]) back at its default; for `regulation:similar`, the
    /// three tolerances. An unknown feature changes nothing.
    pub fn with_default(self, feature: &str) -> Regulations {
        let d = Regulations::default();
        let mut r = self;
        match feature {
            "regulation:similar" => {
                r.similar_suit_cards = d.similar_suit_cards;
                r.similar_hcp_below = d.similar_hcp_below;
                r.similar_hcp_above = d.similar_hcp_above;
            }
            _ => r = r.with_reading(feature, true),
        }
        r
    }

    /// These regulations with the two-valued option of `feature` at its
    /// other reading (from its default to the alternative, or back). The
    /// `similar_*` tolerances are numbers, not readings: for
    /// `regulation:similar`, and an unknown feature, nothing changes.
    pub fn with_other_reading(self, feature: &str) -> Regulations {
        self.with_reading(feature, false)
    }

    /// The option of `feature` at its default (`to_default`), or flipped.
    fn with_reading(self, feature: &str, to_default: bool) -> Regulations {
        fn set<T: Default + PartialEq + Copy>(value: &mut T, other: T, to_default: bool) {
            *value = if to_default || *value != T::default() { T::default() } else { other };
        }
        let mut r = self;
        match feature {
            "regulation:comparable_reading" => set(&mut r.comparable_reading, ComparableReading::Strict, to_default),
            "regulation:second_insufficient_bid" => {
                set(&mut r.second_insufficient_bid, SecondInsufficientBid::AllowCorrection, to_default)
            }
            "regulation:accepted_second_insufficient_bid" => {
                set(&mut r.accepted_second_insufficient_bid, AcceptedSecondInsufficientBid::ComparableLifts, to_default)
            }
            "regulation:insufficient_bid_out_of_rotation" => {
                set(&mut r.insufficient_bid_out_of_rotation, InsufficientBidOutOfRotation::Law31Bar, to_default)
            }
            "regulation:law_28b_after_acceptance" => {
                set(&mut r.law_28b_after_acceptance, Law28bAfterAcceptance::Applies, to_default)
            }
            "regulation:law_26_after_30a" => set(&mut r.law_26_after_30a, Law26After30a::IfNotComparable, to_default),
            "regulation:substituted_pass_out_of_rotation" => {
                set(&mut r.substituted_pass_out_of_rotation, SubstitutedPassOutOfRotation::WhereMade, to_default)
            }
            _ => {}
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_options_that_differ_are_written() {
        assert_eq!(serde_json::to_string(&Regulations::default()).unwrap(), "{}");
        let r = Regulations {
            similar_hcp_below: 0,
            second_insufficient_bid: SecondInsufficientBid::AllowCorrection,
            ..Regulations::default()
        };
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"similar_hcp_below":0,"second_insufficient_bid":"allow-correction"}"#
        );
        let back: Regulations = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
        assert_eq!(back, r);
    }

    #[test]
    fn values_are_kebab_case_and_unknown_ones_refused() {
        let r: Regulations = serde_json::from_str(
            r#"{"comparable_reading":"strict","accepted_second_insufficient_bid":"comparable-lifts",
                "insufficient_bid_out_of_rotation":"law-31-bar","law_28b_after_acceptance":"applies",
                "law_26_after_30a":"if-not-comparable"}"#,
        )
        .unwrap();
        assert_eq!(r.comparable_reading, ComparableReading::Strict);
        assert_eq!(r.insufficient_bid_out_of_rotation, InsufficientBidOutOfRotation::Law31Bar);
        let e = serde_json::from_str::<Regulations>(r#"{"second_insufficient_bid":"allow"}"#).unwrap_err();
        assert!(e.to_string().contains("literal-bar"), "{e}");
        // Written out explicitly, a default value is the default.
        let d: Regulations = serde_json::from_str(r#"{"second_insufficient_bid":"literal-bar"}"#).unwrap();
        assert!(d.is_default());
    }

    /// Every two-valued option has another reading, which needs its own
    /// feature; back at its default it needs none.
    #[test]
    fn each_option_has_another_reading_and_a_way_back() {
        for f in &FEATURES[1..] {
            let r = Regulations::default().with_other_reading(f);
            assert_eq!(r.features(), vec![*f], "{f}");
            assert!(r.with_other_reading(f).is_default(), "{f}: flipped twice");
            assert!(r.with_default(f).is_default(), "{f}: back to its default");
        }
        let similar = Regulations { similar_hcp_below: 0, ..Regulations::default() };
        assert_eq!(similar.with_other_reading("regulation:similar"), similar);
        assert!(similar.with_default("regulation:similar").is_default());
        assert!(Regulations::default().with_other_reading("regulation:unknown").is_default());
    }

    /// Each option has its `with_` method, the only way a program outside
    /// the crate sets it in one expression: the regulations are taken apart
    /// with no `..`, so a new option does not compile until it is set here,
    /// through its own method.
    #[test]
    fn each_option_has_its_with_method() {
        let d = Regulations::default();
        let r = Regulations::default()
            .with_similar_suit_cards(d.similar_suit_cards + 1)
            .with_similar_hcp_below(d.similar_hcp_below + 1)
            .with_similar_hcp_above(d.similar_hcp_above + 1)
            .with_comparable_reading(ComparableReading::Strict)
            .with_second_insufficient_bid(SecondInsufficientBid::AllowCorrection)
            .with_accepted_second_insufficient_bid(AcceptedSecondInsufficientBid::ComparableLifts)
            .with_insufficient_bid_out_of_rotation(InsufficientBidOutOfRotation::Law31Bar)
            .with_law_28b_after_acceptance(Law28bAfterAcceptance::Applies)
            .with_law_26_after_30a(Law26After30a::IfNotComparable)
            .with_substituted_pass_out_of_rotation(SubstitutedPassOutOfRotation::WhereMade);
        let Regulations {
            similar_suit_cards,
            similar_hcp_below,
            similar_hcp_above,
            comparable_reading,
            second_insufficient_bid,
            accepted_second_insufficient_bid,
            insufficient_bid_out_of_rotation,
            law_28b_after_acceptance,
            law_26_after_30a,
            substituted_pass_out_of_rotation,
        } = r;
        assert_ne!(similar_suit_cards, d.similar_suit_cards);
        assert_ne!(similar_hcp_below, d.similar_hcp_below);
        assert_ne!(similar_hcp_above, d.similar_hcp_above);
        assert_ne!(comparable_reading, d.comparable_reading);
        assert_ne!(second_insufficient_bid, d.second_insufficient_bid);
        assert_ne!(accepted_second_insufficient_bid, d.accepted_second_insufficient_bid);
        assert_ne!(insufficient_bid_out_of_rotation, d.insufficient_bid_out_of_rotation);
        assert_ne!(law_28b_after_acceptance, d.law_28b_after_acceptance);
        assert_ne!(law_26_after_30a, d.law_26_after_30a);
        assert_ne!(substituted_pass_out_of_rotation, d.substituted_pass_out_of_rotation);
        // Every option off its default: every feature needed.
        assert_eq!(r.features(), FEATURES);
    }

    #[test]
    fn each_option_off_its_default_needs_its_feature() {
        assert!(Regulations::default().features().is_empty());
        let r = Regulations {
            similar_suit_cards: 0,
            similar_hcp_above: 0,
            law_26_after_30a: Law26After30a::IfNotComparable,
            ..Regulations::default()
        };
        assert_eq!(r.features(), vec!["regulation:similar", "regulation:law_26_after_30a"]);
        for f in FEATURES {
            assert!(crate::protocol::FEATURES.contains(f), "{f} is not a protocol feature");
        }
    }
}

/// More of the regulations, where the tests above had not looked
/// (docs/mutants.md).
#[cfg(test)]
mod more_tests {
    use super::Regulations;

    /// A tolerance set off its default is written out, and one at its
    /// default is not.
    #[test]
    fn a_tolerance_off_its_default_is_written_and_one_at_it_is_not() {
        let r = Regulations { similar_suit_cards: 2, similar_hcp_above: 4, ..Regulations::default() };
        let v = serde_json::to_value(r).expect("written");
        assert_eq!((v["similar_suit_cards"].as_u64(), v["similar_hcp_above"].as_u64()), (Some(2), Some(4)), "{v}");
        let v = serde_json::to_value(Regulations::default()).expect("written");
        assert!(v.get("similar_suit_cards").is_none() && v.get("similar_hcp_above").is_none(), "{v}");
    }

    /// Regulations with an option off its default are not the defaults
    /// (a runner sends them with the case).
    #[test]
    fn regulations_with_an_option_off_its_default_are_not_the_defaults() {
        assert!(Regulations::default().is_default());
        assert!(!Regulations { similar_suit_cards: 2, ..Regulations::default() }.is_default());
    }

    /// Putting one option back at its default leaves the others as set.
    #[test]
    fn one_option_back_at_its_default_leaves_the_others() {
        use super::ComparableReading;
        let r = Regulations {
            comparable_reading: ComparableReading::Strict,
            similar_suit_cards: 2,
            ..Regulations::default()
        };
        let back = r.with_default("regulation:comparable_reading");
        assert_eq!(back, Regulations { similar_suit_cards: 2, ..Regulations::default() });
    }
}
