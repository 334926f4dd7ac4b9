//! The table of differences: for each edition, the clause to cite or the
//! reading to follow at every point where the editions part ways.

use super::edition::Edition;
use super::schemes::{
    ChangeScheme, InadmissibleClauses, LeadScheme, MisinformationClauses, Replacement, RotationScheme,
    SameDenomination, SecondInsufficient, WrongBoardScheme, INADMISSIBLE_2017,
};

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
    /// pass, 28B the player whose turn it was calling first) is ruled, or
    /// would answer `not yet supported` (no edition today: the 1997 Law 28
    /// is ruled as 2007's, docs/conventions.md, "Editions").
    pub deemed_in_rotation: bool,
    /// Law 30 (a pass out of rotation, and with it 30C and Law 34) is ruled,
    /// or would answer `not yet supported` (no edition today).
    pub passes_out_of_rotation: bool,
    /// The clause a score adjustment may follow after 30A and 30B2 (a pass
    /// out of rotation; the offender must pass): 2007 names Law 23 there.
    /// The 1997 Law 23 is about an enforced pass of the offender's
    /// *partner* (bridgefederation.se/compete/lagar/lag23.htm), which these
    /// do not impose: None. (2017 30A names 72C in its own table.)
    pub pass_damage: Option<&'static str>,
    /// After a bid, a pass out of rotation at partner's turn: the clause of
    /// the offender's bar and of the partner's ban on doubling or
    /// redoubling at that turn: 2007 30B2(a) and 30B2(b); 1997 30B2, which
    /// says both in one paragraph (no sub-clauses).
    pub pass_at_partners_turn: (&'static str, &'static str),
    /// Law 24: the clause under which a card exposed during the auction
    /// becomes a penalty card if its owner defends: 24E (2017); the opening
    /// paragraph of Law 24 (2007, 1997).
    pub penalty_card: &'static str,
    /// 1997 Law 24: declarer *may* treat an exposed card as a penalty card
    /// if its owner defends (the ruling says so on each card); 2007 and
    /// 2017 make it one. Its opening paragraph is read as quoted on blml
    /// (amsterdamned.org/pipermail/blml/2006-June/028822.html).
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
    /// Cards from a wrong board: 2017 15A, 2007 17D1-17D2, 1997 17D (one
    /// paragraph, without 2007's clause on partner's call).
    pub wrong_board: WrongBoardScheme,
    /// Law 21B: the clauses of misinformation's remedies (21B1(a) in 2017
    /// and 2007, 21B1 in 1997; 21B2, 21B3).
    pub misinformation: MisinformationClauses,
}

impl Rules {
    /// The law on cards from a wrong board in this edition: 15A (2017),
    /// 17D (2007, 1997).
    pub(crate) fn wrong_board_law(&self) -> &'static str {
        match self.wrong_board {
            WrongBoardScheme::CancelWithLaterCalls => "15A",
            WrongBoardScheme::CancelLhoRepeats | WrongBoardScheme::LhoRepeatsOnly => "17D",
        }
    }

    /// The table of differences for `edition`.
    pub(crate) fn of(edition: Edition) -> Rules {
        match edition {
            Edition::E2017 => Rules {
                edition,
                withdrawn_ui: "16C2",
                wrong_board: WrongBoardScheme::CancelWithLaterCalls,
                misinformation: MisinformationClauses {
                    change: "21B1(a)",
                    lho_change_adjustment: None,
                    lho_change_lead: true,
                    too_late: "21B3",
                },
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
                pass_damage: None,
                pass_at_partners_turn: ("30B2(a)", "30B2(b)"),
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
                wrong_board: WrongBoardScheme::CancelLhoRepeats,
                misinformation: MisinformationClauses {
                    change: "21B1(a)",
                    lho_change_adjustment: None,
                    lho_change_lead: true,
                    too_late: "21B3",
                },
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
                pass_damage: Some("23"),
                pass_at_partners_turn: ("30B2(a)", "30B2(b)"),
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
                wrong_board: WrongBoardScheme::LhoRepeatsOnly,
                misinformation: MisinformationClauses {
                    change: "21B1",
                    lho_change_adjustment: Some("21B2"),
                    lho_change_lead: false,
                    too_late: "21B3",
                },
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
                // book) are 2007's 31 and 32; 28 and 30 are ruled as 2007's
                // structure has them (their 1997 text was not found: see
                // docs/conventions.md, "Laws 28-32 in 1997"), with the 1997
                // Law 23 and 30B2 above.
                rotation: Some(RotationScheme::Bars),
                deemed_in_rotation: true,
                passes_out_of_rotation: true,
                pass_damage: None,
                pass_at_partners_turn: ("30B2", "30B2"),
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
                    // The index of the 1997 European edition (the OKbridge
                    // marked revision's, wigdor.com index_rev.html) sends a
                    // bid after the auction has ended to 35D and 39B.
                    after_final_pass_condoned: Some("35D"),
                },
                premature_replacement: false,
                second_insufficient: SecondInsufficient::AcceptOrCorrectAgain,
                lead_named_suits: "26A",
            },
        }
    }

    /// Law 26 under this edition: the clause of a restriction that lets
    /// declarer require or prohibit one of the suits a withdrawn call named
    /// (2007 26A2; 1997 26A) and of one that lets him prohibit any suit.
    pub(crate) fn lead_clauses(&self) -> (&'static str, &'static str) {
        (self.lead_named_suits, "26B")
    }
}

#[cfg(test)]
mod tests {
    use crate::notation::Seat;
    use crate::request::Edition;
    use crate::story::tests::story_in;

    /// Law 39 (case L39-8LE7): after 1S 2H 4S and three passes, E bids 5H
    /// and S, dummy and E's LHO, passes over it before the director comes.
    /// The 2007 Law 39 has no provision for LHO calling first: E's bid stays
    /// a defender's bid (39C), S's pass a call by the declaring side (39B).
    /// The 2017 39B added that provision: no further rectification of E's bid.
    #[test]
    fn in_2007_a_defender_s_late_bid_stays_39c_when_his_lho_calls_over_it() {
        let text = "N 1S, E 2H, S 4S, W P, N P, E P, E 5H, S P";
        for (edition, first) in [(Edition::E2007, "39C"), (Edition::E2017, "39B")] {
            let r = crate::rule(&story_in(edition, Seat::N, text)).unwrap_or_else(|e| panic!("{edition}: {e}"));
            let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
            assert_eq!(laws, [(Seat::E, first), (Seat::S, "39B")], "{edition}");
        }
    }
}
