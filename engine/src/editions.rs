//! The editions of the Laws, and where they differ, as a small table the
//! law modules consult (docs/conventions.md, "Editions"). Every difference
//! between editions is a field of [`Rules`]: no law module asks which
//! edition it is in.
//!
//! The law modules follow one path for every edition; at each point where
//! the 1997, 2007 and 2017 Laws part ways they ask [`Rules`] which clause to
//! cite or which test to run. Differences too large for a table entry (the
//! 1997 Law 25B2 scheme) are a variant here and a branch in the module.

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ruling::Scope;

/// An edition of the Laws of Duplicate Bridge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Edition {
    E1997,
    E2007,
    #[default]
    E2017,
}

impl Edition {
    pub const ALL: [Edition; 3] = [Edition::E1997, Edition::E2007, Edition::E2017];

    pub fn year(self) -> &'static str {
        match self {
            Edition::E1997 => "1997",
            Edition::E2007 => "2007",
            Edition::E2017 => "2017",
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.year())
    }
}

impl std::str::FromStr for Edition {
    type Err = String;
    fn from_str(s: &str) -> Result<Edition, String> {
        match s.trim() {
            "1997" => Ok(Edition::E1997),
            "2007" => Ok(Edition::E2007),
            "2017" => Ok(Edition::E2017),
            other => Err(format!("`{other}` is not an edition of the Laws (expected 1997, 2007 or 2017)")),
        }
    }
}

impl Serialize for Edition {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.year())
    }
}

impl<'de> Deserialize<'de> for Edition {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Edition;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an edition: 1997, 2007 or 2017")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Edition, E> {
                v.parse().map_err(E::custom)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Edition, E> {
                v.to_string().parse().map_err(E::custom)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Edition, E> {
                v.to_string().parse().map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

/// 27B1(a): which replacements correct an insufficient bid freely.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SameDenomination {
    /// 2017: the lowest sufficient bid that specifies the same
    /// denomination(s) as the insufficient bid; artificial calls qualify.
    Specifies,
    /// 2007 and 1997: the lowest sufficient bid in the same denomination
    /// (the strain named), and, in the director's opinion, both bids
    /// incontrovertibly not artificial (2007) or not conventional (1997).
    NaturalStrain,
}

/// 27B1(b): which other replacements correct an insufficient bid freely.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Replacement {
    /// 2017: a comparable call (23A: same or similar meaning, subset, same
    /// purpose).
    Comparable,
    /// 2007: a call with the same meaning as, or a more precise meaning
    /// than, the insufficient bid, fully contained in its possible
    /// meanings: identical hands or a subset, nothing "similar", no purpose.
    SameOrMorePrecise,
    /// 1997: no such route; every other correction bars partner.
    None,
}

/// Law 26: what declarer may do about the lead of the offender's partner
/// when the offender's call was withdrawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LeadScheme {
    /// 2017 26B: prohibit any one suit the offender did not specify in the
    /// legal auction.
    ProhibitUnspecified,
    /// 2007 (and 1997) 26A/26B: a withdrawn call about suits only lets
    /// declarer require or prohibit one of those suits the offender did not
    /// specify legally (26A2; none left, 26A1: no restriction); any other
    /// withdrawn call lets declarer prohibit any one suit (26B).
    RequireOrProhibit,
}

/// Law 25B: a change of call the player intended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ChangeScheme {
    /// 2017 and 2007: LHO accepts the substitute, or it is cancelled and the
    /// first call stands; Law 26 on the withdrawn call.
    AcceptOrCancel,
    /// 1997: LHO condones the substitute (25B1); if not, it is cancelled
    /// and the offender lets his first call stand (partner passes next
    /// turn, 25B2(b)(1)) or makes another legal call (his side scores at
    /// most average minus, 25B2(b)(2)); lead penalties either way (25B2(c)).
    CondoneOrPenalty,
}

/// A second insufficient bid offered to correct the first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SecondInsufficient {
    /// 2017, 2007 27B4: LHO may accept it; not accepted, the Director rules
    /// as in 27B3 (cancelled, partner barred).
    RuleAsB3,
    /// 1997: 27B admits only a sufficient bid or a pass as the correction,
    /// and has no 27B4. The second bid is an insufficient bid, which LHO may
    /// accept (27A; the first is then disposed of under 27B); not accepted,
    /// it is cancelled and the offender corrects again, judged by 27B1 and
    /// 27B2 as any correction (no bar of its own).
    AcceptOrCorrectAgain,
}

/// Laws 35-39: the clause each ruling on an inadmissible call cites, by
/// edition. 2017 and 2007 share the structure (36A/36B, 37A/37B, 38A-D,
/// 39A-C; 2007 names Laws 23 and 26 where 2017 names 72C and 26B, and its
/// 39 has no provision for LHO calling first). The 1997 Laws put every
/// "LHO called before a penalty was assessed" case in Law 35 ("Inadmissible
/// Call Condoned") and the penalties in 36-39; their text could not be read,
/// so 1997 rulings cite the Law where the section is not known (the 1997
/// Law 32 names 35A for the inadmissible double LHO called over).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct InadmissibleClauses {
    /// A double or redouble Law 19 does not permit, LHO having called
    /// over it: it and every later call cancelled (2017, 2007 36A; 1997 35A).
    pub double_condoned: &'static str,
    /// The same, LHO not having called: cancelled, a legal call
    /// substituted, partner barred (2017, 2007 36B2; 1997 36).
    pub double: &'static str,
    /// The same out of rotation (2017, 2007 36B4; 1997 36).
    pub double_out_of_turn: &'static str,
    /// A bid, double or redouble by a player required to pass, LHO having
    /// called: the calls stand (2017, 2007 37A; 1997 35).
    pub barred_condoned: &'static str,
    /// The same, LHO not having called: cancelled, a pass substituted, both
    /// members barred (2017, 2007 37B2; 1997 37).
    pub barred: &'static str,
    /// A bid of more than seven: cancelled, a pass substituted, both members
    /// barred (38C), and the clause when LHO called first (2017, 2007 38C,
    /// no 26 or damage clause, 38D; 1997 35).
    pub above_seven: &'static str,
    pub above_seven_condoned: &'static str,
    /// Calls after the final pass: after a pass-out (39A), a pass by a
    /// defender or any call by the declaring side (39B), a bid, double or
    /// redouble by a defender (39C).
    pub after_pass_out: &'static str,
    pub after_final_pass: &'static str,
    pub after_final_pass_by_defender: &'static str,
    /// A defender's bid, double or redouble after the final pass over which
    /// his LHO (declarer or dummy) calls before rectification: 2017 39B (no
    /// further rectification), 1997 35 (condoned); None in 2007, whose Law
    /// 39 has no such provision (39C stands).
    pub after_final_pass_condoned: Option<&'static str>,
}

/// Laws 36-39 as the 2017 Laws number them; the 2007 Laws differ in one
/// place only (see [`Rules::of`]).
const INADMISSIBLE_2017: InadmissibleClauses = InadmissibleClauses {
    double_condoned: "36A",
    double: "36B2",
    double_out_of_turn: "36B4",
    barred_condoned: "37A",
    barred: "37B2",
    above_seven: "38C",
    above_seven_condoned: "38C",
    after_pass_out: "39A",
    after_final_pass: "39B",
    after_final_pass_by_defender: "39C",
    after_final_pass_condoned: Some("39B"),
};

/// Laws 30-32: how an edition rectifies a call out of rotation that is
/// cancelled (29B).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RotationScheme {
    /// 2017: the offender's call at his correct turn is judged for
    /// comparability (23A); not comparable, partner passes once.
    Comparable,
    /// 2007: fixed bars by whose turn it was (30B2, 31B, 32A bar a player
    /// for the rest of the auction); at RHO's turn, what RHO does and
    /// whether the offender repeats the denomination (31A2) decide.
    Bars,
}

/// The kind of call out of rotation, as Laws 30-32 sort them: an
/// artificial pass, or a pass of partner's artificial call, counts as a bid
/// (30C); a redouble goes with a double (32).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CallKind {
    Pass,
    Bid,
    Double,
}

/// Whose turn it was, seen from the offender.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Whose {
    Rho,
    Partner,
    /// The offender's LHO, the offender not having called before.
    Lho,
}

/// What a rectification under Laws 30-32 does to the table. Every field
/// names the clause it applies under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Effects {
    /// An obligation to pass on the offender (30A; 2007 30B1, 30B2(a)).
    pub offender_must_pass: Option<(Scope, &'static str)>,
    /// An obligation to pass on the offender's partner.
    pub partner_must_pass: Option<(Scope, &'static str)>,
    /// 2007 30B2(b): partner may bid or pass, but not double or redouble,
    /// at his turn.
    pub partner_no_double: Option<&'static str>,
    /// Law 26 (of the edition) on the cancelled call.
    pub lead: bool,
    /// The clause under which the score may be adjusted.
    pub adjust: Option<&'static str>,
    /// 23B: the cancelled call's information is no longer unauthorised.
    pub authorises: bool,
}

impl Effects {
    pub(crate) const NONE: Effects = Effects {
        offender_must_pass: None,
        partner_must_pass: None,
        partner_no_double: None,
        lead: false,
        adjust: None,
        authorises: false,
    };
}

/// A rectification that names the clause that finally disposes of the call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Outcome {
    pub law: &'static str,
    pub effects: Effects,
}

/// The question the offender's call at his correct turn answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Test {
    /// 2017: is it a comparable call (23A)?
    Comparable,
    /// 2007 31A2: does it repeat the denomination(s) of the bid out of
    /// rotation (those it specified, 29C)?
    SameDenomination,
}

/// The offender's call at his correct turn, judged: `yes` when the test
/// holds, `no` otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Judgement {
    pub test: Test,
    pub yes: Outcome,
    pub no: Outcome,
}

/// After RHO has acted at the turn the auction went back to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Acted {
    /// The offender's next call is judged (2017 31A2, 32A2; 2007 31A2).
    Judge(Judgement),
    /// Whatever the offender calls (2007 32B2).
    Fixed(Outcome),
}

/// What is left to rule when the offender reaches his correct turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AtTurn {
    /// Nothing: the call was disposed of when it was cancelled.
    Disposed,
    /// His call is judged (2017 30B1(b), 31B2, 32B2).
    Judge(Judgement),
    /// The call was made at RHO's turn: if RHO passed, the offender must
    /// repeat it (`repeat`); if RHO bid, doubled or redoubled, `acted`.
    AfterRho { repeat: &'static str, acted: Acted },
}

/// Laws 30-32 for one cancelled call out of rotation: the ruling entry's
/// clause now, what applies at once, and what waits on the offender's turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cancelled {
    pub law: &'static str,
    pub now: Effects,
    pub at_turn: AtTurn,
}

/// The rules of one edition, where they differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rules {
    pub edition: Edition,
    /// The clause that makes a withdrawn call's information unauthorised to
    /// the offender's partner: 16C2 (2017, 1997), 16D2 (2007).
    pub withdrawn_ui: &'static str,
    /// The clause on an offender who could have known his irregularity
    /// would damage the other side (the "see Law ..." of 27B2, 27B3):
    /// 72C (2017), 23 (2007, and 1997's damaging enforced pass).
    pub damage: &'static str,
    pub same_denomination: SameDenomination,
    pub replacement: Replacement,
    /// Adjustment after a free correction under 27B1: 27D (2017, 2007);
    /// 1997 27B1(b) (the director adjusts if the insufficient bid's
    /// information damaged the other side: its B1(b) is that clause, not a
    /// second way of correcting).
    pub after_correction: Option<&'static str>,
    /// After 27B1(b), is 16C/16D switched off? 2017 says so; 2007's B1(b)
    /// is silent (only B1(a) says "16D does not apply"), so it applies.
    pub b1b_keeps_information_authorised: bool,
    /// The clause under which LHO may accept an insufficient bid (and does
    /// by calling): 27A1 (2017, 2007); 27A, one undivided paragraph (1997).
    pub accept_insufficient: &'static str,
    pub lead: LeadScheme,
    pub change_of_call: ChangeScheme,
    /// LHO's call over a replaced unintended call: the clause that lets him
    /// withdraw it (his option), and the clause that makes the withdrawn
    /// call unauthorised to the other side. 2017: 25A6 for both; 2007: 25A4
    /// for both. 1997: its 25A says nothing of LHO's call; the only 1997
    /// provision for a call made over a call that is then changed is 25B1
    /// (LHO may withdraw it, "but see Law 16C2"), applied by analogy: the
    /// option under 25A, the information under 16C2 (docs/conventions.md,
    /// "Editions").
    pub lho_withdrawal: (&'static str, &'static str),
    /// The ruling entry's clause for a replaced unintended call: 25A1
    /// (2017, 2007), 25A (1997, one undivided paragraph).
    pub unintended_replaced: &'static str,
    /// 25A only "without pause for thought" (1997, 2007); 2017 dropped the
    /// words.
    pub pause_ends_25a: bool,
    /// 1997 25B1: LHO's call over a substituted call, meant over the
    /// original one, lets the substitute stand and may be withdrawn.
    pub lho_meant_original: bool,
    /// Laws 30-32 after a call out of rotation is cancelled: the 2017
    /// comparable-call scheme, the 2007 bars (1997: its Laws 31 and 32 read
    /// as 2007's); None where the engine would not rule calls out of
    /// rotation at all (no edition today).
    pub rotation: Option<RotationScheme>,
    /// Law 28 (a call deemed in rotation: 28A at RHO's turn while RHO must
    /// pass, 28B the player whose turn it was calling first) is ruled
    /// (2017, 2007), or answers `not yet supported` (1997: its Law 28 could
    /// not be read; docs/conventions.md, "Editions").
    pub deemed_in_rotation: bool,
    /// Law 30 (a pass out of rotation, and with it 30C and Law 34) is ruled
    /// (2017, 2007), or answers `not yet supported` (1997: its Law 30 could
    /// not be read).
    pub passes_out_of_rotation: bool,
    /// Law 24: the clause under which a card exposed during the auction
    /// becomes a penalty card if its owner defends: 24E (2017); the opening
    /// paragraph of Law 24 (2007, 1997).
    pub penalty_card: &'static str,
    /// 1997 Law 24: declarer *may* treat an exposed card as a penalty card
    /// if its owner defends (the ruling says so on each card); 2007 and
    /// 2017 make it one.
    pub penalty_card_at_declarers_option: bool,
    /// Laws 35-39: the clause each ruling on an inadmissible call cites.
    pub inadmissible: InadmissibleClauses,
    /// 27C: the offender may replace his insufficient bid before LHO has
    /// chosen, and LHO keeps his option (2017, 2007). The 1997 Laws have no
    /// 27C: such a change of call is 25B's.
    pub premature_replacement: bool,
    /// A second insufficient bid offered as the correction: 27B4 (2017,
    /// 2007: LHO may accept it, otherwise as 27B3), or, in 1997, an
    /// insufficient bid like any other, which LHO may accept under 27A and
    /// which is otherwise no correction (27B wants a sufficient bid or a
    /// pass) and is cancelled without a bar.
    pub second_insufficient: SecondInsufficient,
    /// The clause of a lead restriction that lets declarer require or
    /// prohibit one of the suits a withdrawn call named: 26A2 (2007), 26A
    /// (1997; the 2017 Law 26 has no such clause).
    pub lead_named_suits: &'static str,
}

impl Rules {
    /// The table of differences for `edition`.
    pub(crate) fn of(edition: Edition) -> Rules {
        match edition {
            Edition::E2017 => Rules {
                edition,
                withdrawn_ui: "16C2",
                damage: "72C",
                same_denomination: SameDenomination::Specifies,
                replacement: Replacement::Comparable,
                after_correction: Some("27D"),
                b1b_keeps_information_authorised: true,
                accept_insufficient: "27A1",
                lead: LeadScheme::ProhibitUnspecified,
                change_of_call: ChangeScheme::AcceptOrCancel,
                lho_withdrawal: ("25A6", "25A6"),
                unintended_replaced: "25A1",
                pause_ends_25a: false,
                lho_meant_original: false,
                rotation: Some(RotationScheme::Comparable),
                deemed_in_rotation: true,
                passes_out_of_rotation: true,
                penalty_card: "24E",
                penalty_card_at_declarers_option: false,
                inadmissible: INADMISSIBLE_2017,
                premature_replacement: true,
                second_insufficient: SecondInsufficient::RuleAsB3,
                lead_named_suits: "26A",
            },
            Edition::E2007 => Rules {
                edition,
                withdrawn_ui: "16D2",
                damage: "23",
                same_denomination: SameDenomination::NaturalStrain,
                replacement: Replacement::SameOrMorePrecise,
                after_correction: Some("27D"),
                b1b_keeps_information_authorised: false,
                accept_insufficient: "27A1",
                lead: LeadScheme::RequireOrProhibit,
                change_of_call: ChangeScheme::AcceptOrCancel,
                lho_withdrawal: ("25A4", "25A4"),
                unintended_replaced: "25A1",
                pause_ends_25a: true,
                lho_meant_original: false,
                rotation: Some(RotationScheme::Bars),
                deemed_in_rotation: true,
                passes_out_of_rotation: true,
                penalty_card: "24",
                penalty_card_at_declarers_option: false,
                // The 2007 Law 39 has no provision for LHO calling first.
                inadmissible: InadmissibleClauses { after_final_pass_condoned: None, ..INADMISSIBLE_2017 },
                premature_replacement: true,
                second_insufficient: SecondInsufficient::RuleAsB3,
                lead_named_suits: "26A2",
            },
            Edition::E1997 => Rules {
                edition,
                withdrawn_ui: "16C2",
                damage: "23",
                same_denomination: SameDenomination::NaturalStrain,
                replacement: Replacement::None,
                after_correction: Some("27B1(b)"),
                b1b_keeps_information_authorised: false,
                accept_insufficient: "27A",
                lead: LeadScheme::RequireOrProhibit,
                change_of_call: ChangeScheme::CondoneOrPenalty,
                lho_withdrawal: ("25A", "16C2"),
                unintended_replaced: "25A",
                pause_ends_25a: true,
                lho_meant_original: true,
                // 1997 31 and 32 (bridge.pro.br lei_31; the Norwegian law
                // book) are 2007's 31 and 32; their Laws 28 and 30 unread.
                rotation: Some(RotationScheme::Bars),
                deemed_in_rotation: false,
                passes_out_of_rotation: false,
                penalty_card: "24",
                penalty_card_at_declarers_option: true,
                inadmissible: InadmissibleClauses {
                    // The 1997 32 (opening paragraph) names 35A for a call
                    // over an inadmissible double out of rotation.
                    double_condoned: "35A",
                    double: "36",
                    double_out_of_turn: "36",
                    barred_condoned: "35",
                    barred: "37",
                    above_seven: "38C",
                    above_seven_condoned: "35",
                    after_pass_out: "39A",
                    after_final_pass: "39B",
                    after_final_pass_by_defender: "39C",
                    after_final_pass_condoned: Some("35"),
                },
                premature_replacement: false,
                second_insufficient: SecondInsufficient::AcceptOrCorrectAgain,
                lead_named_suits: "26A",
            },
        }
    }

    /// Laws 30-32 for a call out of rotation of `kind`, made at `whose`
    /// turn, that has just been cancelled (29B); `any_bid` says whether any
    /// player had bid when it was made (2007 30A against 30B). None where
    /// this edition's Laws have no provision the engine rules on: a pass
    /// under the 1997 Laws (their Law 30 unread: the director answers `not
    /// yet supported` before it is cancelled), and under the 2007 and 1997
    /// Laws a pass after a bid, or a double,
    /// at LHO's turn by a player who has not called (30 and 32 name no such
    /// case). Those cannot arise: a player who has not called and calls at
    /// his LHO's turn does so before anyone has called, his LHO dealing
    /// (the seat before the next to call always holds a call that stands,
    /// never a lost turn), and then a pass is 30A and a double is Law 36.
    pub(crate) fn cancelled(&self, kind: CallKind, whose: Whose, any_bid: bool) -> Option<Cancelled> {
        use CallKind::*;
        use Whose::*;
        let next = Scope::NextTurn;
        let rest = Scope::RestOfAuction;
        let none = Effects::NONE;
        if kind == Pass && !self.passes_out_of_rotation {
            return None;
        }
        Some(match (self.rotation?, kind, whose) {
            // 2017 30A: the offender passes at his next turn; 72C.
            (RotationScheme::Comparable, Pass, Rho) => Cancelled {
                law: "30A",
                now: Effects { offender_must_pass: Some((next, "30A")), adjust: Some("72C"), ..none },
                at_turn: AtTurn::Disposed,
            },
            // 2017 30B1: partner calls freely (a); the offender's call is judged (b).
            (RotationScheme::Comparable, Pass, _) => Cancelled {
                law: "30B1",
                now: none,
                at_turn: AtTurn::Judge(comparable_2017("30B1(b)(i)", "30B1(b)(ii)")),
            },
            // 2017 31A: repeat after RHO's pass (A1); else judged (A2).
            (RotationScheme::Comparable, Bid, Rho) => Cancelled {
                law: "31A",
                now: none,
                at_turn: AtTurn::AfterRho {
                    repeat: "31A1",
                    acted: Acted::Judge(comparable_2017("31A2(a)", "31A2(b)")),
                },
            },
            // 2017 31B: partner calls freely (B1); judged as in A2 (B2).
            (RotationScheme::Comparable, Bid, _) => {
                Cancelled { law: "31B", now: none, at_turn: AtTurn::Judge(comparable_2017("31B2", "31B2")) }
            }
            // 2017 32A: as 31A.
            (RotationScheme::Comparable, Double, Rho) => Cancelled {
                law: "32A",
                now: none,
                at_turn: AtTurn::AfterRho {
                    repeat: "32A1",
                    acted: Acted::Judge(comparable_2017("32A2(a)", "32A2(b)")),
                },
            },
            // 2017 32B: as 31B.
            (RotationScheme::Comparable, Double, _) => {
                Cancelled { law: "32B", now: none, at_turn: AtTurn::Judge(comparable_2017("32B2", "32B2")) }
            }
            // 2007 30A: before any player has bid, whoever's turn it was,
            // the offender passes at his next turn; Law 23 may apply.
            (RotationScheme::Bars, Pass, _) if !any_bid => Cancelled {
                law: "30A",
                now: Effects { offender_must_pass: Some((next, "30A")), adjust: Some("23"), ..none },
                at_turn: AtTurn::Disposed,
            },
            // 2007 30B1: after a bid, at RHO's turn: the offender passes at
            // his next turn (the clause names no other law).
            (RotationScheme::Bars, Pass, Rho) => Cancelled {
                law: "30B1",
                now: Effects { offender_must_pass: Some((next, "30B1")), ..none },
                at_turn: AtTurn::Disposed,
            },
            // 2007 30B2: after a bid, at partner's turn: the offender passes
            // for the rest of the auction (a); partner may bid or pass but
            // not double or redouble at that turn (b); Law 23 may apply.
            (RotationScheme::Bars, Pass, Partner) => Cancelled {
                law: "30B2",
                now: Effects {
                    offender_must_pass: Some((rest, "30B2(a)")),
                    partner_no_double: Some("30B2(b)"),
                    adjust: Some("23"),
                    ..none
                },
                at_turn: AtTurn::Disposed,
            },
            (RotationScheme::Bars, Pass, Lho) => return None,
            // 2007 (and 1997) 31A: RHO passes, the offender repeats (A1); RHO acts:
            // repeating the denomination bars partner once (A2(a)), any
            // other call bars him for the rest of the auction, with Law 26
            // (A2(b)); Law 23 either way.
            (RotationScheme::Bars, Bid, Rho) => Cancelled {
                law: "31A",
                now: none,
                at_turn: AtTurn::AfterRho {
                    repeat: "31A1",
                    acted: Acted::Judge(Judgement {
                        test: Test::SameDenomination,
                        yes: Outcome {
                            law: "31A2(a)",
                            effects: Effects { partner_must_pass: Some((next, "31A2(a)")), adjust: Some("23"), ..none },
                        },
                        no: Outcome {
                            law: "31A2(b)",
                            effects: Effects {
                                partner_must_pass: Some((rest, "31A2(b)")),
                                lead: true,
                                adjust: Some("23"),
                                ..none
                            },
                        },
                    }),
                },
            },
            // 2007 (and 1997) 31B: at partner's turn, or LHO's before the offender has
            // called: partner passes for the rest of the auction; Laws 23, 26.
            (RotationScheme::Bars, Bid, _) => Cancelled {
                law: "31B",
                now: Effects { partner_must_pass: Some((rest, "31B")), lead: true, adjust: Some("23"), ..none },
                at_turn: AtTurn::Disposed,
            },
            // 2007 (and 1997) 32A: at partner's turn: partner passes for the rest of
            // the auction; 26B (32, opening paragraph); Law 23.
            (RotationScheme::Bars, Double, Partner) => Cancelled {
                law: "32A",
                now: Effects { partner_must_pass: Some((rest, "32A")), lead: true, adjust: Some("23"), ..none },
                at_turn: AtTurn::Disposed,
            },
            // 2007 (and 1997) 32B: at RHO's turn: RHO passes, the offender repeats
            // (B1, no rectification); RHO acts, the offender calls freely
            // and partner passes for the rest of the auction (B2).
            (RotationScheme::Bars, Double, Rho) => Cancelled {
                law: "32B",
                now: none,
                at_turn: AtTurn::AfterRho {
                    repeat: "32B1",
                    acted: Acted::Fixed(Outcome {
                        law: "32B2",
                        effects: Effects {
                            partner_must_pass: Some((rest, "32B2")),
                            lead: true,
                            adjust: Some("23"),
                            ..none
                        },
                    }),
                },
            },
            (RotationScheme::Bars, Double, Lho) => return None,
        })
    }

    /// Law 26 under this edition: the clause of a restriction that lets
    /// declarer require or prohibit one of the suits a withdrawn call named
    /// (2007 26A2; 1997 26A) and of one that lets him prohibit any suit.
    pub(crate) fn lead_clauses(&self) -> (&'static str, &'static str) {
        (self.lead_named_suits, "26B")
    }
}

/// 2017: the offender's call at his correct turn is comparable (23A: no
/// further rectification, 16C2 off by 23B, 23C) or not (partner passes at
/// his next turn; 16C, 26B and 72C).
fn comparable_2017(yes: &'static str, no: &'static str) -> Judgement {
    Judgement {
        test: Test::Comparable,
        yes: Outcome { law: yes, effects: Effects { authorises: true, adjust: Some("23C"), ..Effects::NONE } },
        no: Outcome {
            law: no,
            effects: Effects {
                partner_must_pass: Some((Scope::NextTurn, no)),
                lead: true,
                adjust: Some("72C"),
                ..Effects::NONE
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clauses;

    /// Every clause an edition's rules may cite exists in that edition.
    #[test]
    fn cited_clauses_exist_in_their_edition() {
        for e in Edition::ALL {
            let r = Rules::of(e);
            let (require, prohibit) = r.lead_clauses();
            let mut cited = vec![r.withdrawn_ui, r.damage, r.unintended_replaced, require, prohibit];
            cited.extend(r.after_correction);
            cited.extend([r.accept_insufficient, r.lho_withdrawal.0, r.lho_withdrawal.1, r.penalty_card]);
            let x = r.inadmissible;
            cited.extend([
                x.double_condoned,
                x.double,
                x.double_out_of_turn,
                x.barred_condoned,
                x.barred,
                x.above_seven,
                x.above_seven_condoned,
                x.after_pass_out,
                x.after_final_pass,
                x.after_final_pass_by_defender,
            ]);
            cited.extend(x.after_final_pass_condoned);
            cited.extend(rotation_clauses(&r));
            for id in cited {
                let c = clauses::find(id).unwrap_or_else(|| panic!("{id} is not in the registry"));
                assert!(c.in_edition(e), "{id} does not exist in the {e} edition");
            }
        }
    }

    /// Every clause the Laws 30-32 table of an edition may cite.
    fn rotation_clauses(r: &Rules) -> Vec<&'static str> {
        fn effects(fx: Effects, out: &mut Vec<&'static str>) {
            out.extend(fx.offender_must_pass.map(|(_, l)| l));
            out.extend(fx.partner_must_pass.map(|(_, l)| l));
            out.extend(fx.partner_no_double);
            out.extend(fx.adjust);
        }
        fn outcome(o: Outcome, out: &mut Vec<&'static str>) {
            out.push(o.law);
            effects(o.effects, out);
        }
        let mut out = Vec::new();
        for kind in [CallKind::Pass, CallKind::Bid, CallKind::Double] {
            for whose in [Whose::Rho, Whose::Partner, Whose::Lho] {
                for any_bid in [false, true] {
                    let Some(c) = r.cancelled(kind, whose, any_bid) else { continue };
                    out.push(c.law);
                    effects(c.now, &mut out);
                    let judged = |j: Judgement, out: &mut Vec<&'static str>| {
                        outcome(j.yes, out);
                        outcome(j.no, out);
                    };
                    match c.at_turn {
                        AtTurn::Disposed => {}
                        AtTurn::Judge(j) => judged(j, &mut out),
                        AtTurn::AfterRho { repeat, acted } => {
                            out.push(repeat);
                            match acted {
                                Acted::Judge(j) => judged(j, &mut out),
                                Acted::Fixed(o) => outcome(o, &mut out),
                            }
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_2007_bars_are_those_of_its_laws_30_to_32() {
        let r = Rules::of(Edition::E2007);
        let rest = Some((Scope::RestOfAuction, "31B"));
        let b = r.cancelled(CallKind::Bid, Whose::Partner, true).expect("2007 31B");
        assert_eq!((b.law, b.now.partner_must_pass, b.now.lead, b.now.adjust), ("31B", rest, true, Some("23")));
        // 30A before any bid, whoever's turn it was; 30B1 / 30B2 after.
        assert_eq!(r.cancelled(CallKind::Pass, Whose::Partner, false).map(|c| c.law), Some("30A"));
        assert_eq!(r.cancelled(CallKind::Pass, Whose::Rho, true).map(|c| c.law), Some("30B1"));
        let p = r.cancelled(CallKind::Pass, Whose::Partner, true).expect("2007 30B2");
        assert_eq!(p.now.offender_must_pass, Some((Scope::RestOfAuction, "30B2(a)")));
        assert_eq!(p.now.partner_no_double, Some("30B2(b)"));
        // 32: A is partner's turn, B is RHO's turn in 2007.
        assert_eq!(r.cancelled(CallKind::Double, Whose::Partner, true).map(|c| c.law), Some("32A"));
        assert_eq!(r.cancelled(CallKind::Double, Whose::Rho, true).map(|c| c.law), Some("32B"));
        // No 2007 provision the engine rules on.
        assert!(r.cancelled(CallKind::Pass, Whose::Lho, true).is_none());
    }

    /// The 1997 Laws 31 and 32 are those of 2007 (bridge.pro.br lei_31; the
    /// Norwegian law book's 32); a 1997 pass out of rotation (Law 30) has
    /// no rectification here.
    #[test]
    fn the_1997_laws_31_and_32_are_the_2007_bars() {
        let (old, new) = (Rules::of(Edition::E1997), Rules::of(Edition::E2007));
        for kind in [CallKind::Bid, CallKind::Double] {
            for whose in [Whose::Rho, Whose::Partner, Whose::Lho] {
                assert_eq!(old.cancelled(kind, whose, true), new.cancelled(kind, whose, true), "{kind:?} {whose:?}");
            }
        }
        for whose in [Whose::Rho, Whose::Partner, Whose::Lho] {
            for any_bid in [false, true] {
                assert!(old.cancelled(CallKind::Pass, whose, any_bid).is_none());
            }
        }
        assert!(!old.deemed_in_rotation && !old.passes_out_of_rotation);
        assert!(new.deemed_in_rotation && new.passes_out_of_rotation);
    }

    #[test]
    fn the_2017_rules_are_those_the_modules_were_built_on() {
        let r = Rules::of(Edition::E2017);
        assert_eq!((r.withdrawn_ui, r.damage), ("16C2", "72C"));
        assert_eq!(r.replacement, Replacement::Comparable);
        assert_eq!(r.lead, LeadScheme::ProhibitUnspecified);
    }
}
