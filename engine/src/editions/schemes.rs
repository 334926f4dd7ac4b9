//! The kinds of difference between editions: at each point where the
//! Laws part ways, a variant per reading, which [`super::Rules`] picks for
//! each edition.

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
/// place only (see [`super::Rules::of`]).
pub(super) const INADMISSIBLE_2017: InadmissibleClauses = InadmissibleClauses {
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

/// Cards from a wrong board (2017 15A, 2007 17D): which calls the
/// director cancels, and when he adjusts the score on this board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WrongBoardScheme {
    /// 2017 15A: the call made holding the wrong cards is cancelled with
    /// every call after it (15A1); if the offender's partner has called
    /// since, the score is adjusted (15A2(a)); otherwise the offender calls
    /// again and the auction goes on normally (15A2(b)), whatever he calls.
    CancelWithLaterCalls,
    /// 2007 17D: the call alone is cancelled (17D1) and the offender calls
    /// again (17D2). If LHO had called over it, LHO repeats that call, and
    /// artificial adjusted scores are awarded when the offender's new call
    /// differs; so too when the offender's partner had called over it.
    CancelLhoRepeats,
    /// 1997 17D, one paragraph (bridge.dk/laws/laws97e/laws97nj/node8.html;
    /// the "(Old 1997 Law)" note of bridgehands.com's ACBL Law 17D): the
    /// call is cancelled and the offender calls again; if LHO had called
    /// over it, LHO repeats that call, and artificial adjusted scores are
    /// awarded when the new call differs significantly. The 1997 text has
    /// no clause on the offender's partner having called (2007 17D2 added
    /// it), so that table is ruled as LHO's: a call again, LHO repeats.
    LhoRepeatsOnly,
}

/// Law 21B, misinformation in the auction: the clauses each edition's
/// ruling cites. The three editions rule alike (a call made on an
/// opponent's misinformation may be changed while partner has not called
/// since; LHO may then change a call he made over it; too late, the score
/// is adjusted); they differ in how the clauses are divided and worded:
/// - 2017 and 2007: 21B1(a) the change, 21B1(b) the presumption of a
///   mistaken explanation, 21B2 LHO's change, 21B3 too late. 2007's
///   missing alert is one "to a conventional call"; 2017's any alert the
///   regulating authority requires (a finding, the same remedy).
/// - 1997: 21B1 one undivided paragraph ("probable that he made the call as
///   a result of misinformation"; the presumption is Law 75's), 21B2 (LHO
///   changes without penalty, the score adjusted if his withdrawn call's
///   information damaged the other side) and 21B3 ("may award an adjusted
///   score", Law 40C).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MisinformationClauses {
    /// The change of a call made on misinformation: 21B1(a) (2017, 2007),
    /// 21B1 (1997).
    pub change: &'static str,
    /// The adjustment after LHO changes the call he made over the changed
    /// one: 1997 21B2 (the director may adjust when LHO's withdrawn call
    /// conveyed information that damaged the other side); none in 2007 and
    /// 2017, whose 21B2 only applies 16D / 16C to LHO's withdrawn call.
    pub lho_change_adjustment: Option<&'static str>,
    /// Law 26 on LHO's call withdrawn under 21B2 when LHO gave the
    /// misinformation (`by_lho`) and changes it: he is the offending
    /// player whose call is withdrawn and replaced (2017 26A/26B, 2007 26;
    /// the EBU TD forum, topic 9639). The 1997 21B2 lets him change
    /// "without penalty": no Law 26 there.
    pub lho_change_lead: bool,
    /// Too late to change the call: the adjusted score, 21B3 in every
    /// edition.
    pub too_late: &'static str,
}
