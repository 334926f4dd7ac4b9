//! Where the editions of the Laws differ, as a small table the law modules
//! consult (docs/conventions.md, "Editions").
//!
//! The law modules follow one path for every edition; at each point where
//! the 1997, 2007 and 2017 Laws part ways they ask [`Rules`] which clause to
//! cite or which test to run. Differences too large for a table entry (the
//! 1997 Law 25B2 scheme) are a variant here and a branch in the module.

use crate::request::Edition;

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
    /// 1997 has no such clause.
    pub after_correction: Option<&'static str>,
    /// After 27B1(b), is 16C/16D switched off? 2017 says so; 2007's B1(b)
    /// is silent (only B1(a) says "16D does not apply"), so it applies.
    pub b1b_keeps_information_authorised: bool,
    /// 1997: the clause that bars partner when the insufficient bid or its
    /// correction is conventional (as the research note reads 1997 27B1(b)).
    pub conventional_bar: Option<&'static str>,
    pub lead: LeadScheme,
    pub change_of_call: ChangeScheme,
    /// The clause that lets LHO withdraw his call over a replaced unintended
    /// call and makes it unauthorised to the other side: 25A6 (2017), 25A4
    /// (2007); 1997's 25A has no such clause.
    pub lho_withdrawal: Option<&'static str>,
    /// The ruling entry's clause for a replaced unintended call: 25A1
    /// (2017, 2007), 25A (1997, one undivided paragraph).
    pub unintended_replaced: &'static str,
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
                conventional_bar: None,
                lead: LeadScheme::ProhibitUnspecified,
                change_of_call: ChangeScheme::AcceptOrCancel,
                lho_withdrawal: Some("25A6"),
                unintended_replaced: "25A1",
            },
            Edition::E2007 => Rules {
                edition,
                withdrawn_ui: "16D2",
                damage: "23",
                same_denomination: SameDenomination::NaturalStrain,
                replacement: Replacement::SameOrMorePrecise,
                after_correction: Some("27D"),
                b1b_keeps_information_authorised: false,
                conventional_bar: None,
                lead: LeadScheme::RequireOrProhibit,
                change_of_call: ChangeScheme::AcceptOrCancel,
                lho_withdrawal: Some("25A4"),
                unintended_replaced: "25A1",
            },
            Edition::E1997 => Rules {
                edition,
                withdrawn_ui: "16C2",
                damage: "23",
                same_denomination: SameDenomination::NaturalStrain,
                replacement: Replacement::None,
                after_correction: None,
                b1b_keeps_information_authorised: false,
                conventional_bar: Some("27B1(b)"),
                lead: LeadScheme::RequireOrProhibit,
                change_of_call: ChangeScheme::CondoneOrPenalty,
                lho_withdrawal: None,
                unintended_replaced: "25A",
            },
        }
    }

    /// Law 26 under this edition: the clause of a restriction that lets
    /// declarer require or prohibit one of the suits a withdrawn call named
    /// (2007 26A2; 1997 26A) and of one that lets him prohibit any suit.
    pub(crate) fn lead_clauses(&self) -> (&'static str, &'static str) {
        match self.edition {
            Edition::E2007 => ("26A2", "26B"),
            _ => ("26A", "26B"),
        }
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
            cited.extend(r.conventional_bar);
            cited.extend(r.lho_withdrawal);
            for id in cited {
                let c = clauses::find(id).unwrap_or_else(|| panic!("{id} is not in the registry"));
                assert!(c.editions & e.mask() != 0, "{id} does not exist in the {e} edition");
            }
        }
    }

    #[test]
    fn the_2017_rules_are_those_the_modules_were_built_on() {
        let r = Rules::of(Edition::E2017);
        assert_eq!((r.withdrawn_ui, r.damage), ("16C2", "72C"));
        assert_eq!(r.replacement, Replacement::Comparable);
        assert_eq!(r.lead, LeadScheme::ProhibitUnspecified);
    }
}
