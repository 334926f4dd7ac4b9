use crate::meanings::{Meaning, Range};
use crate::notation::{Call, Seat, Strain};
use crate::request::{Edition, Event, Request};
use crate::ruling::{Basis, Choice, Doubling, Irregularity, Ruling, Scope, Status};
use crate::story::tests::story;
use crate::{rule, RuleError};

fn ruled(r: &Request) -> Ruling {
    match rule(r) {
        Ok(x) => x,
        Err(e) => panic!("no ruling: {e}"),
    }
}

fn calls(text: &str) -> Vec<Call> {
    text.split_whitespace().map(|c| c.parse().expect("test call")).collect()
}

/// Put findings on the event at `index`.
fn with(mut r: Request, index: usize, f: impl FnOnce(&mut Event)) -> Request {
    f(&mut r.events[index]);
    r
}

#[test]
fn lho_holds_the_option_first() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H"));
    assert_eq!(r.status, Status::Decision);
    assert_eq!(r.next, Some(Seat::S));
    let d = r.decision.expect("a decision");
    assert_eq!((d.seat, d.law.as_str()), (Seat::S, "27A1"));
    assert_eq!(d.options, vec![Choice::Accept, Choice::Reject]);
    assert_eq!(r.auction, calls("1S"));
    assert!(r.rulings.is_empty());
}

#[test]
fn explicit_acceptance_lets_the_bid_stand_and_later_bids_supersede_it() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S accept, S 1S, W P, N P, E P"));
    assert_eq!(r.auction, calls("1S 1H 1S P P P"));
    assert_eq!(r.rulings.len(), 1);
    assert_eq!(r.rulings[0].law, "27A1");
    assert!(r.must_pass.is_empty() && r.lead_restrictions.is_empty());
    assert!(r.unauthorized_information.is_empty() && r.score_adjustment.is_empty());
    let c = r.contract.expect("a contract");
    assert_eq!((c.bid.to_string(), c.declarer), ("1S".to_string(), Seat::N));
}

#[test]
fn calling_over_it_accepts_it() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S P, W P, N P"));
    assert_eq!(r.status, Status::Closed);
    assert_eq!(r.auction, calls("1S 1H P P P"));
    assert_eq!(r.rulings[0].law, "27A1");
    let c = r.contract.expect("a contract");
    assert_eq!((c.bid.to_string(), c.declarer), ("1H".to_string(), Seat::E));
}

#[test]
fn lowest_bid_in_the_same_suit_is_b1a() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject"));
    assert_eq!((r.status, r.next, r.decision.clone()), (Status::Auction, Some(Seat::E), None));
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E 2H"));
    assert_eq!(r.auction, calls("1S 2H"));
    assert_eq!(r.next, Some(Seat::S));
    assert_eq!(r.rulings[0].law, "27B1(a)");
    assert!(r.rulings[0].comparable.is_none());
    assert!(r.must_pass.is_empty() && r.lead_restrictions.is_empty() && r.unauthorized_information.is_empty());
    assert_eq!(r.score_adjustment, vec!["27D"]);
}

#[test]
fn any_other_bid_or_pass_bars_partner() {
    for replacement in ["1NT", "2D", "4H", "3H", "P"] {
        let r = ruled(&story(Seat::N, &format!("N 1S, E 1H, S reject, E {replacement}")));
        assert_eq!(r.rulings[0].law, "27B2", "{replacement}");
        assert_eq!(r.rulings[0].comparable.map(|c| (c.value, c.basis)), Some((false, Basis::Default)));
        assert_eq!(r.must_pass.len(), 1);
        let m = &r.must_pass[0];
        assert_eq!((m.seat, m.scope, m.law.as_str(), m.in_force), (Seat::W, Scope::RestOfAuction, "27B2", true));
        assert_eq!(r.lead_restrictions[0].seat, Seat::W);
        assert_eq!(r.unauthorized_information[0].seat, Seat::W);
        assert_eq!(r.unauthorized_information[0].law, "16C2");
        assert_eq!(r.score_adjustment, vec!["72C"]);
    }
    // 26B: after 4H, declarer may forbid any suit East did not specify.
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E 4H"));
    assert_eq!(r.lead_restrictions[0].declarer_may_prohibit_one_of, vec![Strain::C, Strain::D, Strain::S]);
}

#[test]
fn the_bar_holds_to_the_end_and_lead_restriction_only_if_offender_defends() {
    // E-W defend 4S: West is on lead restriction.
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E 2D, S 4S, W P, N P, E P"));
    assert_eq!(r.status, Status::Closed);
    assert!(!r.must_pass[0].in_force);
    assert_eq!(r.lead_restrictions.len(), 1);
    assert_eq!(r.lead_restrictions[0].declarer_may_prohibit_one_of, vec![Strain::C, Strain::H, Strain::S]);
    // E-W declare 2D: no lead restriction.
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E 2D, S P, W P, N P"));
    assert_eq!(r.contract.expect("contract").declarer, Seat::E);
    assert!(r.lead_restrictions.is_empty());
    // A call by the barred partner other than pass is Law 37's business.
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E 2D, S P, W 3D"));
    let last = r.rulings.last().expect("a ruling on West's 3D");
    assert_eq!(last.irregularity, Irregularity::CallWhenRequiredToPass);
    assert_eq!(last.seat, Seat::W);
}

#[test]
fn comparable_replacement_by_finding_is_b1b() {
    let r = with(story(Seat::N, "N 1S, E 1H, S reject, E 1NT"), 3, |e| e.findings.comparable = Some(true));
    let r = ruled(&r);
    assert_eq!(r.rulings[0].law, "27B1(b)");
    assert_eq!(r.rulings[0].comparable.map(|c| (c.value, c.basis)), Some((true, Basis::Finding)));
    assert_eq!(r.score_adjustment, vec!["23C", "27D"]);
    assert!(r.must_pass.is_empty() && r.unauthorized_information.is_empty() && r.lead_restrictions.is_empty());
}

#[test]
fn transfer_specifies_the_suit_it_shows() {
    // 1NT (2S) 2D*, a transfer to hearts; 3D is still a transfer.
    let transfer = Meaning { shows: Some(vec![Strain::H]), artificial: Some(true), ..Default::default() };
    let mut r = story(Seat::N, "N 1NT, E 2S, S 2D, W reject, S 3D");
    r.events[2].findings.means = Some(transfer.clone());
    r.events[4].findings.means = Some(transfer);
    let r = ruled(&r);
    assert_eq!(r.rulings[0].law, "27B1(a)");
    // A natural 3H specifies hearts too, but 3D was lower and does.
    let mut r = story(Seat::N, "N 1NT, E 2S, S 2D, W reject, S 3H");
    r.events[2].findings.means =
        Some(Meaning { shows: Some(vec![Strain::H]), artificial: Some(true), ..Default::default() });
    let r = ruled(&r);
    assert_eq!(r.rulings[0].law, "27B1(a)");
}

#[test]
fn artificial_insufficient_bid_has_no_b1a() {
    // 1NT (2C) 2C* Stayman; 3C natural is not 27B1(a).
    let stayman = Meaning { artificial: Some(true), purpose: Some("stayman".into()), ..Default::default() };
    let mut r = story(Seat::N, "N 1NT, E 2C, S 2C, W reject, S 3C");
    r.events[2].findings.means = Some(stayman.clone());
    assert_eq!(ruled(&r).rulings[0].law, "27B2");
    // The same purpose makes a Stayman cue bid comparable (23A3).
    let mut r = story(Seat::N, "N 1NT, E 2C, S 2C, W reject, S 3C");
    r.events[2].findings.means = Some(stayman.clone());
    r.events[4].findings.means = Some(stayman);
    let x = ruled(&r);
    assert_eq!(x.rulings[0].law, "27B1(b)");
    assert_eq!(x.rulings[0].comparable.map(|c| c.basis), Some(Basis::SamePurpose));
}

#[test]
fn same_denomination_finding_wins() {
    let r = with(story(Seat::N, "N 1S, E 1H, S reject, E 2H"), 3, |e| e.findings.same_denomination = Some(false));
    assert_eq!(ruled(&r).rulings[0].law, "27B2");
    let r = with(story(Seat::N, "N 1S, E 1H, S reject, E 3H"), 3, |e| e.findings.same_denomination = Some(true));
    assert_eq!(ruled(&r).rulings[0].law, "27B1(a)");
    let r = with(story(Seat::N, "N 1S, E 1H, S reject, E P"), 3, |e| e.findings.same_denomination = Some(true));
    assert!(matches!(rule(&r), Err(RuleError::Impossible { .. })));
}

#[test]
fn attempted_double_is_cancelled_and_must_be_replaced() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E X"));
    assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::E)));
    assert_eq!(r.auction, calls("1S"));
    assert_eq!(r.rulings[0].law, "27B3");
    assert_eq!(r.must_pass[0].law, "27B3");
    let from: Vec<Call> = r.unauthorized_information.iter().map(|u| u.from.call).collect();
    assert_eq!(from, calls("1H X"), "withdrawn calls in the order they were made");
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E X, E 2H, S P, W P, N P"));
    assert_eq!(r.auction, calls("1S 2H P P P"));
    assert_eq!(r.rulings.len(), 1);
    assert_eq!(r.rulings[0].law, "27B3");
    assert!(r.lead_restrictions.is_empty()); // E-W declare
                                             // A comparable double stands (27B1(b)).
    let r = with(story(Seat::N, "N 1S, E 1H, S reject, E X"), 3, |e| e.findings.comparable = Some(true));
    let r = ruled(&r);
    assert_eq!(r.auction, calls("1S X"));
    assert_eq!(r.rulings[0].law, "27B1(b)");
}

#[test]
fn another_insufficient_bid_gives_lho_another_option() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E 1D"));
    assert_eq!(r.status, Status::Decision);
    assert_eq!(r.decision.expect("decision").law, "27B4");
    // Accepted: the second bid stands, partner is free.
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E 1D, S accept"));
    assert_eq!(r.auction, calls("1S 1D"));
    assert_eq!(r.rulings[0].law, "27B4");
    assert!(r.must_pass.is_empty());
    assert_eq!(r.lead_restrictions.len(), 1);
    // Not accepted: as 27B3.
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E 1D, S reject"));
    assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::E)));
    assert_eq!(r.must_pass[0].law, "27B4");
    let from: Vec<Call> = r.unauthorized_information.iter().map(|u| u.from.call).collect();
    assert_eq!(from, calls("1H 1D"));
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E 1D, S reject, E 2D"));
    assert_eq!(r.auction, calls("1S 2D"));
    assert_eq!(r.rulings.len(), 1);
}

fn regulated(mut r: Request, f: impl FnOnce(&mut crate::Regulations)) -> Request {
    let mut regs = crate::Regulations::default();
    f(&mut regs);
    r.regulations = Some(regs);
    r
}

#[test]
fn a_refused_second_insufficient_bid_may_leave_the_correction_free() {
    use crate::regulations::SecondInsufficientBid::AllowCorrection;
    let allow = |r| regulated(r, |g| g.second_insufficient_bid = AllowCorrection);
    // Refused: nobody is barred yet; East must still correct 1H.
    let r = ruled(&allow(story(Seat::N, "N 1S, E 1H, S reject, E 1D, S reject")));
    assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::E)));
    assert!(r.must_pass.is_empty() && r.rulings.is_empty());
    let from: Vec<Call> = r.unauthorized_information.iter().map(|u| u.from.call).collect();
    assert_eq!(from, calls("1D"));
    // 2H is the lowest heart bid: 27B1(a), West free.
    let r = ruled(&allow(story(Seat::N, "N 1S, E 1H, S reject, E 1D, S reject, E 2H")));
    assert_eq!(r.rulings[0].law, "27B1(a)");
    assert!(r.must_pass.is_empty() && r.lead_restrictions.is_empty());
    assert_eq!(r.score_adjustment, vec!["27D"]);
    // 2D is neither: 27B2 bars West, both bids unauthorised.
    let r = ruled(&allow(story(Seat::N, "N 1S, E 1H, S reject, E 1D, S reject, E 2D")));
    assert_eq!(r.rulings[0].law, "27B2");
    assert_eq!(r.must_pass[0].law, "27B2");
    let from: Vec<Call> = r.unauthorized_information.iter().map(|u| u.from.call).collect();
    assert_eq!(from, calls("1D 1H"));
    // Already barred by a cancelled double (27B3), West stays barred.
    let r = ruled(&allow(story(Seat::N, "N 1S, E 1H, S reject, E X, E 1D, S reject, E 2H")));
    assert_eq!(r.rulings[0].law, "27B3");
    assert_eq!(r.must_pass.len(), 1);
    // The default is the literal bar.
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E 1D, S reject, E 2H"));
    assert_eq!(r.rulings[0].law, "27B4");
    assert_eq!(r.must_pass[0].law, "27B4");
}

#[test]
fn an_accepted_comparable_second_bid_may_lift_26b_and_16c() {
    use crate::regulations::AcceptedSecondInsufficientBid::ComparableLifts;
    let lifts = |r| regulated(r, |g| g.accepted_second_insufficient_bid = ComparableLifts);
    let found = |comparable| {
        with(story(Seat::N, "N 1S, E 1H, S reject, E 1D, S accept"), 3, |e| e.findings.comparable = Some(comparable))
    };
    // Comparable: no lead restriction, no 16C2, 23C.
    let r = ruled(&lifts(found(true)));
    assert_eq!(r.rulings[0].law, "27B4");
    assert_eq!(r.rulings[0].comparable.map(|c| (c.value, c.basis)), Some((true, Basis::Finding)));
    assert!(r.lead_restrictions.is_empty() && r.unauthorized_information.is_empty());
    assert_eq!(r.score_adjustment, vec!["23C"]);
    // Not comparable: as by default, the judgement recorded.
    let r = ruled(&lifts(found(false)));
    assert_eq!(r.rulings[0].comparable.map(|c| c.value), Some(false));
    assert_eq!((r.lead_restrictions.len(), r.unauthorized_information.len()), (1, 1));
    // By default, comparability is not asked.
    let r = ruled(&found(true));
    assert!(r.rulings[0].comparable.is_none());
    assert_eq!((r.lead_restrictions.len(), r.unauthorized_information.len()), (1, 1));
    // Accepted by calling over it, the same.
    let r = ruled(&lifts(with(story(Seat::N, "N 1S, E 1H, S reject, E 1D, S P"), 3, |e| {
        e.findings.comparable = Some(true)
    })));
    assert!(r.lead_restrictions.is_empty() && r.unauthorized_information.is_empty());
    // 2007 has no comparable call in Law 26: the option changes nothing.
    let r = ruled(&in_edition(lifts(found(true)), Edition::E2007));
    assert_eq!(r.lead_restrictions.len(), 1);
}

#[test]
fn an_insufficient_bid_out_of_rotation_repeated_may_stay_law_31s() {
    use crate::regulations::InsufficientBidOutOfRotation::Law31Bar;
    let law31 = |r| regulated(r, |g| g.insufficient_bid_out_of_rotation = Law31Bar);
    let repeated = "N 1S, S 1H, W reject, E P, S 1H, W reject, S 2D";
    let r = ruled(&law31(story(Seat::N, repeated)));
    assert_eq!(r.rulings[1].law, "31A2(b)");
    let m = &r.must_pass[0];
    assert_eq!((m.seat, m.scope, m.law.as_str()), (Seat::N, Scope::NextTurn, "31A2(b)"));
    assert_eq!((r.lead_restrictions.len(), r.unauthorized_information.len()), (1, 1));
    assert_eq!(r.score_adjustment, vec!["72C"]);
    // An insufficient bid made in rotation in the first place is Law 27's.
    let r = ruled(&law31(story(Seat::N, "N 1S, E P, S 1H, W reject, S 2D")));
    assert_eq!((r.must_pass[0].scope, r.must_pass[0].law.as_str()), (Scope::RestOfAuction, "27B2"));
    // By default, Law 27 bars partner throughout.
    let r = ruled(&story(Seat::N, repeated));
    assert_eq!((r.must_pass[0].scope, r.must_pass[0].law.as_str()), (Scope::RestOfAuction, "27B2"));
    // 2007's 31A2(b) bars throughout too: the option changes nothing there.
    let r = ruled(&in_edition(law31(story(Seat::N, repeated)), Edition::E2007));
    assert_eq!(r.must_pass[0].scope, Scope::RestOfAuction);
}

#[test]
fn premature_replacement_waits_on_lho() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H, E 2H"));
    assert_eq!(r.status, Status::Decision);
    assert_eq!(r.decision.clone().expect("decision").law, "27C");
    assert_eq!(r.auction, calls("1S"));
    // Accepting the insufficient bid withdraws the replacement.
    let r = ruled(&story(Seat::N, "N 1S, E 1H, E 2H, S accept"));
    assert_eq!(r.auction, calls("1S 1H"));
    assert_eq!(r.rulings[0].law, "27A1");
    assert_eq!(r.unauthorized_information.len(), 1);
    assert_eq!(r.unauthorized_information[0].from.call, "2H".parse().expect("call"));
    // Otherwise the replacement stands and B applies to it.
    let r = ruled(&story(Seat::N, "N 1S, E 1H, E 3H, S reject"));
    assert_eq!(r.auction, calls("1S 3H"));
    assert_eq!(r.rulings[0].law, "27B2");
    // Calling over the replacement does not accept the insufficient bid.
    let r = ruled(&story(Seat::N, "N 1S, E 1H, E 2H, S 2S"));
    assert_eq!(r.auction, calls("1S 2H 2S"));
    assert_eq!(r.rulings[0].law, "27B1(a)");
}

#[test]
fn options_belong_to_lho_only() {
    assert!(matches!(rule(&story(Seat::N, "N 1S, E 1H, W accept")), Err(RuleError::Impossible { .. })));
    assert!(matches!(rule(&story(Seat::N, "N 1S, E 1H, N reject")), Err(RuleError::Impossible { .. })));
    assert!(matches!(rule(&story(Seat::N, "N 1S, E 1H, S reject, S accept")), Err(RuleError::Impossible { .. })));
}

#[test]
fn every_seat_rotates() {
    let base = story(Seat::N, "N 1S, E 1H, S reject, E 4H, S P, W P, N 4S, E P, S P, W P");
    let r0 = ruled(&base);
    for k in 1..4 {
        assert_eq!(ruled(&base.rotate(k)), r0.rotate(k));
    }
    let c = r0.contract.expect("contract");
    assert_eq!((c.declarer, c.doubled), (Seat::N, None::<Doubling>));
}

fn in_edition(mut r: Request, e: Edition) -> Request {
    r.edition = e;
    r
}

#[test]
fn older_editions_wait_on_lho_too() {
    // 1997 27A is one paragraph; 2007 and 2017 number it 27A1.
    for (e, law) in [(Edition::E2007, "27A1"), (Edition::E1997, "27A")] {
        let r = ruled(&in_edition(story(Seat::N, "N 1S, E 1H"), e));
        assert_eq!(r.decision.expect("decision").law, law);
    }
}

#[test]
fn b1a_in_2007_wants_natural_bids_in_the_same_strain() {
    let r = ruled(&in_edition(story(Seat::N, "N 1S, E 1H, S reject, E 2H"), Edition::E2007));
    assert_eq!(r.rulings[0].law, "27B1(a)");
    assert_eq!(r.score_adjustment, vec!["27D"]);
    assert!(r.unauthorized_information.is_empty());
    // A transfer is not natural: repeating it is at best B1(b) (the
    // same meaning), and a natural 3H in the suit it showed is B2.
    let transfer = Meaning { shows: Some(vec![Strain::H]), artificial: Some(true), ..Default::default() };
    let mut q = in_edition(story(Seat::N, "N 1NT, E 2S, S 2D, W reject, S 3D"), Edition::E2007);
    q.events[2].findings.means = Some(transfer.clone());
    q.events[4].findings.means = Some(transfer.clone());
    assert_eq!(ruled(&q).rulings[0].law, "27B1(b)");
    let mut q = in_edition(story(Seat::N, "N 1NT, E 2S, S 2D, W reject, S 3H"), Edition::E2007);
    q.events[2].findings.means = Some(transfer);
    let r = ruled(&q);
    assert_eq!(r.rulings[0].law, "27B2");
    assert_eq!(r.unauthorized_information[0].law, "16D2");
    assert_eq!(r.score_adjustment, vec!["23"]);
}

#[test]
fn b1b_in_2007_is_a_subset_only_and_keeps_16d() {
    let stayman = Meaning { artificial: Some(true), purpose: Some("stayman".into()), ..Default::default() };
    let mut q = in_edition(story(Seat::N, "N 1NT, E 2C, S 2C, W reject, S 3C"), Edition::E2007);
    q.events[2].findings.means = Some(stayman.clone());
    q.events[4].findings.means = Some(stayman);
    // The same purpose is not enough in 2007, but both meanings hold
    // every hand, so the hands are the same meaning.
    let r = ruled(&q);
    assert_eq!(r.rulings[0].law, "27B1(b)");
    assert_eq!(r.score_adjustment, vec!["27D"]);
    assert_eq!(r.unauthorized_information[0].law, "16D2");
}

#[test]
fn lead_in_2007_require_or_prohibit_the_withdrawn_suit() {
    // 1S (1H) not accepted, 2D: hearts named only by the withdrawn 1H.
    let r = ruled(&in_edition(story(Seat::N, "N 1S, E 1H, S reject, E 2D"), Edition::E2007));
    let l = &r.lead_restrictions[0];
    assert_eq!((l.seat, l.law.as_str()), (Seat::W, "26A2"));
    assert_eq!(l.declarer_may_require_one_of, vec![Strain::H]);
    assert_eq!(l.declarer_may_prohibit_one_of, vec![Strain::H]);
    // 4H names hearts in the legal auction: 26A1, no restriction.
    let r = ruled(&in_edition(story(Seat::N, "N 1S, E 1H, S reject, E 4H"), Edition::E2007));
    assert!(r.lead_restrictions.is_empty());
    // 2017: prohibit only, any suit East did not specify.
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E 4H"));
    assert!(r.lead_restrictions[0].declarer_may_require_one_of.is_empty());
}

#[test]
fn in_1997_every_other_correction_bars_partner() {
    let r = ruled(&in_edition(story(Seat::N, "N 1S, E 1H, S reject, E 2H"), Edition::E1997));
    assert_eq!(r.rulings[0].law, "27B1(a)");
    // 1997 27B1(b): the director may adjust after B1(a).
    assert_eq!(r.score_adjustment, vec!["27B1(b)"]);
    let r = ruled(&in_edition(story(Seat::N, "N 1S, E 1H, S reject, E 3H"), Edition::E1997));
    assert_eq!(r.rulings[0].law, "27B2");
    assert!(r.rulings[0].comparable.is_none());
    assert_eq!(r.unauthorized_information[0].law, "16C2");
    assert_eq!(r.score_adjustment, vec!["23"]);
    // A finding of comparability has no road in 1997.
    let q = with(in_edition(story(Seat::N, "N 1S, E 1H, S reject, E P"), Edition::E1997), 3, |e| {
        e.findings.comparable = Some(true)
    });
    assert_eq!(ruled(&q).rulings[0].law, "27B2");
    // 1997 27B3: an attempted double is cancelled and bars partner.
    let r = ruled(&in_edition(story(Seat::N, "N 1S, E 1H, S reject, E X"), Edition::E1997));
    assert_eq!((r.rulings[0].law.as_str(), r.next), ("27B3", Some(Seat::E)));
    assert_eq!(r.must_pass[0].law, "27B3");
}

/// 27B4's option over a second insufficient bid is LHO's alone: his call
/// accepts it; another player's call waits until LHO has chosen, and no
/// one else may accept or refuse it.
#[test]
fn the_second_option_is_lho_s_and_others_wait() {
    let second = "N 1S, E 1H, S reject, E 1D";
    // LHO calls over it: accepted, and his call follows it.
    let r = ruled(&story(Seat::N, &format!("{second}, S 2C")));
    assert_eq!(r.auction, calls("1S 1D 2C"), "{r:?}");
    assert_eq!(r.rulings[0].law, "27B4");
    assert_eq!(r.next, Some(Seat::W));
    // West calls out of turn while South holds the option: held, South
    // still to choose.
    let r = ruled(&story(Seat::N, &format!("{second}, W 2C")));
    assert_eq!(r.status, Status::Decision, "{r:?}");
    let d = r.decision.expect("decision");
    assert_eq!((d.seat, d.law.as_str()), (Seat::S, "27B4"));
    assert_eq!(r.auction, calls("1S"));
    // Nobody but South accepts or refuses.
    for not_lho in ["W accept", "W reject", "N accept", "E reject"] {
        let told = story(Seat::N, &format!("{second}, {not_lho}"));
        assert!(matches!(rule(&told), Err(RuleError::Impossible { .. })), "{not_lho}: {:?}", rule(&told));
    }
}

/// LHO's call over a premature replacement (27C) that leaves Law 27
/// waiting: a replacement itself insufficient is accepted by the call
/// (27B4 with 27A1); a premature double is cancelled (27B3) and LHO's call
/// with it, the offender to replace his insufficient bid.
#[test]
fn a_call_over_a_premature_replacement_that_leaves_law_27_waiting() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H, E 1D, S 2C"));
    assert_eq!(r.auction, calls("1S 1D 2C"), "{r:?}");
    assert_eq!(r.next, Some(Seat::W));
    let r = ruled(&story(Seat::N, "N 1S, E 1H, E X, S 2C"));
    assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::E)), "{r:?}");
    assert_eq!(r.auction, calls("1S"));
}

/// While the offender must replace his insufficient bid, another player's
/// call is not the replacement: it waits until the offender has made his.
#[test]
fn only_the_offender_replaces() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, W 2C"));
    assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::E)), "{r:?}");
    assert_eq!(r.auction, calls("1S"));
    assert!(r.rulings.iter().all(|x| x.seat == Seat::E || x.seat == Seat::W), "{r:?}");
}

/// A premature replacement above seven (27C, 38): LHO's call over it is
/// cancelled with it (38B), and the offender's next call is ruled as his
/// own, not as LHO's call still awaited.
#[test]
fn a_call_over_a_premature_bid_above_seven_is_cancelled_with_it() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H, E 8S, S 2C"));
    assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::E)), "{r:?}");
    assert_eq!(r.auction, calls("1S"));
    let r = ruled(&story(Seat::N, "N 1S, E 1H, E 8S, S 2C, E P"));
    assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::S)), "{r:?}");
    assert_eq!(r.auction, calls("1S P"));
}

/// 27C with 38B and 38D: LHO's call over a premature bid above seven is a
/// call before rectification. It is cancelled with the bid and is
/// unauthorised to the offending side (16C2), and Law 38 adds no lead
/// restriction of its own (38D); the one left is 27B2's (the bid is
/// corrected by the pass 38C substitutes).
#[test]
fn lho_s_call_over_a_premature_bid_above_seven_is_a_call_before_rectification() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H, E 8S, S 2C"));
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::E, "27B2"), (Seat::E, "38C")], "{r:?}");
    let cancelled: Vec<_> =
        r.unauthorized_information.iter().filter(|u| u.from.seat == Seat::S).map(|u| (u.seat, u.from.call)).collect();
    let two_clubs = calls("2C")[0];
    assert_eq!(cancelled, vec![(Seat::W, two_clubs), (Seat::E, two_clubs)], "{r:?}");
    let leads: Vec<_> = r.lead_restrictions.iter().map(|l| (l.seat, l.law.as_str())).collect();
    assert_eq!(leads, vec![(Seat::W, "26B")], "27B2's restriction only: {r:?}");
}

/// 27B with 38: the offender replaces his insufficient bid, after LHO has
/// refused it, with a bid of more than seven. The bid is ruled once, under
/// 38C (27B2 for the insufficient bid), and the offender is to call again
/// for the substituted pass; nobody has called over it.
#[test]
fn a_bid_above_seven_in_place_of_an_insufficient_bid_is_ruled_once() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E 8S"));
    assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::E)), "{r:?}");
    assert_eq!(r.auction, calls("1S"));
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::E, "27B2"), (Seat::E, "38C")], "{r:?}");
    assert!(r.unauthorized_information.iter().all(|u| u.from.seat == Seat::E), "{r:?}");
    assert_eq!(r.score_adjustment, vec!["72C"]);
}

/// 25A1 comes before Law 27: East pulled 1H from the box meaning 2H, and
/// puts it right before South has chosen. The slip is gone with no
/// rectification (25A1, Law 26 not applying): no 27C option for South, no
/// bar, and 2H stands as East's call.
#[test]
fn a_slip_replaced_before_lho_chooses_is_25a1_not_27c() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H, E 2H ~u"));
    assert_eq!((r.status, r.next, r.decision.clone()), (Status::Auction, Some(Seat::S), None), "{r:?}");
    assert_eq!(r.auction, calls("1S 2H"));
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.irregularity, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::E, Irregularity::ChangeOfCall, "25A1")], "{r:?}");
    assert!(r.must_pass.is_empty() && r.lead_restrictions.is_empty() && r.unauthorized_information.is_empty());
}

/// 27A1: while South decides on East's 1H, West (East's partner) bids 2C.
/// It is not East's replacement (27C is the offender's) and not South's
/// choice: the call is held, and South still holds his 27A1 option
/// (docs/conventions.md, "Calls while the table waits"). Once South has
/// accepted, West's 2C is ruled where the auction stands: at South's turn,
/// a call out of rotation, and his LHO holds the 29A option over it.
#[test]
fn partner_s_call_while_lho_decides_is_held_not_a_replacement() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H, W 2C"));
    assert_eq!((r.status, r.next), (Status::Decision, Some(Seat::S)), "{r:?}");
    let d = r.decision.clone().expect("South's option");
    assert_eq!((d.seat, d.law.as_str()), (Seat::S, "27A1"));
    assert_eq!(r.auction, calls("1S"));
    assert!(r.rulings.is_empty() && r.unauthorized_information.is_empty(), "{r:?}");
    let r = ruled(&story(Seat::N, "N 1S, E 1H, W 2C, S accept"));
    assert_eq!(r.auction, calls("1S 1H"), "{r:?}");
    assert_eq!(r.rulings.len(), 1);
    assert_eq!((r.rulings[0].seat, r.rulings[0].law.as_str()), (Seat::E, "27A1"));
    // West called at South's turn: North, West's LHO, now holds 29A.
    let d = r.decision.expect("North's option over West's 2C");
    assert_eq!((d.seat, d.law.as_str()), (Seat::N, "29A"));
}

/// 27C: East has replaced his 1H with 2H before South chose. The choice
/// left is South's alone: North or West accepting or refusing is an
/// impossible story (docs/conventions.md, "Who may act").
#[test]
fn the_27c_option_is_lho_s_alone() {
    for not_lho in ["N accept", "W accept", "E accept", "N reject", "W reject", "E reject"] {
        let told = story(Seat::N, &format!("N 1S, E 1H, E 2H, {not_lho}"));
        assert!(matches!(rule(&told), Err(RuleError::Impossible { .. })), "{not_lho}: {:?}", rule(&told));
    }
}

/// 27C: while South decides whether to accept East's 1H (East having
/// already bid 2H in its place), West bids 2S. His call neither answers
/// for South nor accepts anything: it is held, South still holds his 27C
/// option, and the auction shows neither 1H nor 2H yet. Once South refuses,
/// 2H stands under 27B1(a) and West's 2S, made at South's turn, is out of
/// rotation: North, West's LHO, holds the 29A option over it.
#[test]
fn partner_s_call_over_a_premature_replacement_is_held() {
    let r = ruled(&story(Seat::N, "N 1S, E 1H, E 2H, W 2S"));
    assert_eq!((r.status, r.next), (Status::Decision, Some(Seat::S)), "{r:?}");
    let d = r.decision.clone().expect("South's option");
    assert_eq!((d.seat, d.law.as_str()), (Seat::S, "27C"));
    assert_eq!(r.auction, calls("1S"));
    assert!(r.rulings.is_empty() && r.unauthorized_information.is_empty(), "{r:?}");
    let r = ruled(&story(Seat::N, "N 1S, E 1H, E 2H, W 2S, S reject"));
    assert_eq!(r.auction, calls("1S 2H"), "{r:?}");
    assert_eq!(r.rulings.len(), 1);
    assert_eq!((r.rulings[0].seat, r.rulings[0].law.as_str()), (Seat::E, "27B1(a)"));
    let d = r.decision.expect("North's option over West's 2S");
    assert_eq!((d.seat, d.law.as_str()), (Seat::N, "29A"));
}

/// 27B4 refused, then 27B3: South has refused East's second insufficient
/// bid, so West is barred and East must still replace 1H "as the
/// foregoing allows". A double is allowed only as 27B1(b) allows it: one
/// the director finds comparable stands (the 27B4 bar staying); any other
/// is an attempted double, cancelled again under 27B3, and East calls
/// again, the cancelled double unauthorised to West (16C2).
#[test]
fn after_a_refused_second_bid_a_double_stands_only_if_comparable() {
    let refused = "N 1S, E 1H, S reject, E 1D, S reject";
    let r = ruled(&story(Seat::N, &format!("{refused}, E X ~c")));
    assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::S)), "{r:?}");
    assert_eq!(r.auction, calls("1S X"));
    assert_eq!((r.rulings.len(), r.rulings[0].law.as_str()), (1, "27B4"));
    assert_eq!((r.must_pass[0].seat, r.must_pass[0].law.as_str()), (Seat::W, "27B4"));
    let r = ruled(&story(Seat::N, &format!("{refused}, E X")));
    assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::E)), "{r:?}");
    assert_eq!(r.auction, calls("1S"));
    let from: Vec<Call> = r.unauthorized_information.iter().map(|u| u.from.call).collect();
    assert_eq!(from, calls("1H 1D X"), "{r:?}");
    let r = ruled(&story(Seat::N, &format!("{refused}, E X, E 2H")));
    assert_eq!(r.auction, calls("1S 2H"), "{r:?}");
    assert_eq!((r.rulings.len(), r.rulings[0].law.as_str()), (1, "27B4"));
}

/// 2007 27B1(a) wants both bids natural in the director's opinion. 1S (1H)
/// not accepted, 2H: with both bids written as natural overcalls showing
/// five hearts, their own strain, 2H is 27B1(a). A 2H written as showing
/// six clubs is not natural: not 27B1(a), nor the same or a more precise
/// meaning (2007 27B1(b)), so 27B2 bars West.
#[test]
fn b1a_in_2007_takes_a_bid_showing_its_own_strain_as_natural() {
    let at_least = |n| Some(Range { min: Some(n), max: None });
    let hearts = Meaning { hearts: at_least(5), shows: Some(vec![Strain::H]), ..Default::default() };
    let mut q = in_edition(story(Seat::N, "N 1S, E 1H, S reject, E 2H"), Edition::E2007);
    q.events[1].findings.means = Some(hearts.clone());
    q.events[3].findings.means = Some(hearts.clone());
    let r = ruled(&q);
    assert_eq!(r.rulings[0].law, "27B1(a)", "{r:?}");
    assert!(r.must_pass.is_empty() && r.unauthorized_information.is_empty());
    let clubs = Meaning { clubs: at_least(6), shows: Some(vec![Strain::C]), ..Default::default() };
    let mut q = in_edition(story(Seat::N, "N 1S, E 1H, S reject, E 2H"), Edition::E2007);
    q.events[1].findings.means = Some(hearts);
    q.events[3].findings.means = Some(clubs);
    let r = ruled(&q);
    assert_eq!(r.rulings[0].law, "27B2", "{r:?}");
    assert_eq!(r.must_pass[0].seat, Seat::W);
}

/// 27B1(b) admits a comparable double or redouble only as a legal call
/// (Law 19): South doubling his partner's 1S, or East redoubling when
/// nothing is doubled, is an attempted double or redouble, cancelled under
/// 27B3 whatever the director finds of its meaning; partner is barred and
/// the offender calls again.
#[test]
fn a_comparable_double_or_redouble_law_19_forbids_is_cancelled_under_27b3() {
    let r = ruled(&story(Seat::N, "N 1S, E P, S 1H, W reject, S X ~c"));
    assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::S)), "{r:?}");
    assert_eq!(r.auction, calls("1S P"));
    assert_eq!(r.rulings[0].law, "27B3");
    assert_eq!((r.must_pass[0].seat, r.must_pass[0].law.as_str()), (Seat::N, "27B3"));
    let r = ruled(&story(Seat::N, "N 1S, E 1H, S reject, E XX ~c"));
    assert_eq!((r.status, r.next), (Status::Auction, Some(Seat::E)), "{r:?}");
    assert_eq!(r.auction, calls("1S"));
    assert_eq!(r.rulings[0].law, "27B3");
    assert_eq!((r.must_pass[0].seat, r.must_pass[0].law.as_str()), (Seat::W, "27B3"));
}
