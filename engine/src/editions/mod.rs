//! The editions of the Laws, and where they differ, as a small table the
//! law modules consult (docs/conventions.md, "Editions"). Every difference
//! between editions is a field of [`Rules`]: no law module asks which
//! edition it is in.
//!
//! The law modules follow one path for every edition; at each point where
//! the 1997, 2007 and 2017 Laws part ways they ask [`Rules`] which clause to
//! cite or which test to run. Differences too large for a table entry (the
//! 1997 Law 25B2 scheme) are a variant here and a branch in the module.
//!
//! In files by idea: the [`Edition`] type (edition.rs); the kinds of
//! difference, a variant per reading (schemes.rs); the table of each
//! edition (rules.rs); and Laws 30-32's rectification of a cancelled call
//! out of rotation, the largest difference (rotation.rs).

mod edition;
mod rotation;
mod rules;
mod schemes;

pub use edition::Edition;
pub(crate) use rotation::{Acted, AtTurn, CallKind, Cancelled, Effects, Judgement, Outcome, Test, Whose};
pub(crate) use rules::Rules;
pub(crate) use schemes::{
    ChangeScheme, LeadScheme, Replacement, RotationScheme, SameDenomination, SecondInsufficient, WrongBoardScheme,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clauses;
    use crate::ruling::Scope;

    /// Every clause an edition's rules may cite exists in that edition.
    #[test]
    fn cited_clauses_exist_in_their_edition() {
        for &e in Edition::ALL {
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
    /// Norwegian law book's 32); a 1997 pass out of rotation (Law 30) is
    /// 2007's but for Law 23, which the 1997 text confines to the partner's
    /// enforced pass, and 30B2, undivided.
    #[test]
    fn the_1997_laws_30_to_32_are_the_2007_bars() {
        let (old, new) = (Rules::of(Edition::E1997), Rules::of(Edition::E2007));
        for kind in [CallKind::Bid, CallKind::Double] {
            for whose in [Whose::Rho, Whose::Partner, Whose::Lho] {
                assert_eq!(old.cancelled(kind, whose, true), new.cancelled(kind, whose, true), "{kind:?} {whose:?}");
            }
        }
        for whose in [Whose::Rho, Whose::Partner, Whose::Lho] {
            for any_bid in [false, true] {
                let (o, n) =
                    (old.cancelled(CallKind::Pass, whose, any_bid), new.cancelled(CallKind::Pass, whose, any_bid));
                assert_eq!(o.map(|c| c.law), n.map(|c| c.law), "{whose:?} {any_bid}");
                if let Some(o) = o {
                    assert_eq!(o.now.adjust, None, "{whose:?} {any_bid}");
                }
            }
        }
        let at_partners = old.cancelled(CallKind::Pass, Whose::Partner, true).expect("1997 30B2");
        assert_eq!(at_partners.now.partner_no_double, Some("30B2"));
        assert!(old.deemed_in_rotation && old.passes_out_of_rotation);
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
