//! Laws 30-32 by edition: what the Director does once a call out of
//! rotation is cancelled (29B), as data the out-of-rotation module
//! follows: the ruling entry's clause, what applies at once, and what waits
//! on the offender's correct turn.

use crate::ruling::Scope;

use super::rules::Rules;
use super::schemes::RotationScheme;

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

impl Rules {
    /// Laws 30-32 for a call out of rotation of `kind`, made at `whose`
    /// turn, that has just been cancelled (29B); `any_bid` says whether any
    /// player had bid when it was made (2007 30A against 30B). None where
    /// this edition's Laws have no provision the engine rules on: under
    /// the 2007 and 1997 Laws a pass after a bid, or a double,
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
            // 2007 30A (1997 likewise): before any player has bid, whoever's
            // turn it was, the offender passes at his next turn; Law 23 may
            // apply (2007; `pass_damage`).
            (RotationScheme::Bars, Pass, _) if !any_bid => Cancelled {
                law: "30A",
                now: Effects { offender_must_pass: Some((next, "30A")), adjust: self.pass_damage, ..none },
                at_turn: AtTurn::Disposed,
            },
            // 2007 30B1 (1997 likewise): after a bid, at RHO's turn: the
            // offender passes at his next turn (the clause names no other law).
            (RotationScheme::Bars, Pass, Rho) => Cancelled {
                law: "30B1",
                now: Effects { offender_must_pass: Some((next, "30B1")), ..none },
                at_turn: AtTurn::Disposed,
            },
            // 2007 30B2 (1997 likewise): after a bid, at partner's turn: the
            // offender passes for the rest of the auction (a); partner may
            // bid or pass but not double or redouble at that turn (b); Law
            // 23 may apply (2007; `pass_damage`).
            (RotationScheme::Bars, Pass, Partner) => {
                let (bar, no_double) = self.pass_at_partners_turn;
                Cancelled {
                    law: "30B2",
                    now: Effects {
                        offender_must_pass: Some((rest, bar)),
                        partner_no_double: Some(no_double),
                        adjust: self.pass_damage,
                        ..none
                    },
                    at_turn: AtTurn::Disposed,
                }
            }
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
