use crate::notation::Strain;
use crate::request::Edition;
use crate::ruling::{Ruling, Status};
use crate::story::tests::story;
use crate::{rule, Seat};

use super::*;

fn ruling(dealer: Seat, text: &str) -> Ruling {
    rule(&story(dealer, text)).expect("a ruling")
}

fn calls(text: &str) -> Vec<Call> {
    text.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

#[test]
fn unintended_call_replaced_before_lho_calls() {
    let r = ruling(Seat::N, "N 1NT, N 1S ~u");
    assert_eq!(r.status, Status::Auction);
    assert_eq!(r.next, Some(Seat::E));
    assert_eq!(r.auction, calls("1S"));
    assert_eq!(r.rulings.len(), 1);
    assert_eq!(r.rulings[0].law, "25A1");
    assert_eq!(r.rulings[0].call, Some("1S".parse().unwrap()));
    assert!(r.lead_restrictions.is_empty());
    assert!(r.unauthorized_information.is_empty());
}

#[test]
fn lho_may_withdraw_his_call_over_a_replaced_call() {
    let r = ruling(Seat::N, "N 2NT, E P, N 2H ~u");
    assert_eq!(r.status, Status::Decision);
    let d = r.decision.clone().unwrap();
    assert_eq!((d.seat, d.law.as_str()), (Seat::E, "25A6"));
    assert_eq!(r.auction, calls("2H P"));
    // E keeps his pass by letting S call.
    let r = ruling(Seat::N, "N 2NT, E P, N 2H ~u, S 3H");
    assert_eq!(r.auction, calls("2H P 3H"));
    assert!(r.unauthorized_information.is_empty());
    // E changes his call: the pass is withdrawn, UI to the replacing side.
    let r = ruling(Seat::N, "N 2NT, E P, N 2H ~u, E X");
    assert_eq!(r.auction, calls("2H X"));
    assert_eq!(r.next, Some(Seat::S));
    // Unauthorised to both players of the replacing side: partner, then N.
    let to: Vec<Seat> = r.unauthorized_information.iter().map(|u| u.seat).collect();
    assert_eq!(to, vec![Seat::S, Seat::N]);
    assert!(r.unauthorized_information.iter().all(|u| u.from.seat == Seat::E && u.law == "25A6"));
    // E repeats the same call: kept.
    let r = ruling(Seat::N, "N 2NT, E P, N 2H ~u, E P");
    assert_eq!(r.auction, calls("2H P"));
    assert!(r.unauthorized_information.is_empty());
}

#[test]
fn lho_call_that_cannot_stand_is_withdrawn() {
    // E doubled 1D; N's intended call is a pass, over which E's double is inadmissible.
    let r = ruling(Seat::N, "N 1D, E X, N P ~u");
    assert_eq!(r.status, Status::Auction);
    assert_eq!(r.next, Some(Seat::E));
    assert_eq!(r.auction, calls("P"));
    let to: Vec<Seat> = r.unauthorized_information.iter().map(|u| u.seat).collect();
    assert_eq!(to, vec![Seat::S, Seat::N]);
}

#[test]
fn too_late_once_partner_has_called() {
    let r = ruling(Seat::N, "N 1NT, E P, S 2C, W P, N 2S ~u");
    assert_eq!(r.auction, calls("1NT P 2C P 2S"));
    assert!(r.rulings.is_empty());
    assert_eq!(r.next, Some(Seat::E));
}

#[test]
fn replacement_after_the_auction_ended_before_partner() {
    let r = ruling(Seat::N, "N 1S, E P, S P, W P, W 2H ~u");
    assert_eq!(r.status, Status::Auction);
    assert_eq!(r.auction, calls("1S P P 2H"));
    assert_eq!(r.next, Some(Seat::N));
    // S's pass, with W's final pass over it.
    let r = ruling(Seat::N, "N 1S, E P, S P, W P, S 2S ~u");
    assert_eq!(r.status, Status::Decision);
    assert_eq!(r.auction, calls("1S P 2S P"));
    let r = ruling(Seat::N, "N 1S, E P, S P, W P, S 2S ~u, W accept, N P, E P");
    assert_eq!(r.status, Status::Closed);
    assert_eq!(r.contract.unwrap().declarer, Seat::N);
}

#[test]
fn unintended_without_a_call_to_replace_is_impossible() {
    assert!(rule(&story(Seat::N, "N 1S ~u")).is_err());
}

#[test]
fn intended_change_accepted() {
    let r = ruling(Seat::N, "N 1H, N 1S");
    assert_eq!(r.status, Status::Decision);
    assert_eq!(r.decision.clone().unwrap().law, "25B1");
    assert_eq!(r.auction, calls("1H"));
    let r = ruling(Seat::N, "N 1H, N 1S, E accept");
    assert_eq!(r.auction, calls("1S"));
    assert_eq!(r.next, Some(Seat::E));
    assert_eq!(r.rulings[0].law, "25B1");
    assert_eq!(r.lead_restrictions.len(), 1);
    assert_eq!(r.lead_restrictions[0].seat, Seat::S);
    assert_eq!(r.lead_restrictions[0].declarer_may_prohibit_one_of, vec![Strain::C, Strain::D, Strain::H]);
    assert_eq!(r.unauthorized_information[0].from.call, "1H".parse().unwrap());
    // Calling over it accepts.
    let r = ruling(Seat::N, "N 1H, N 1S, E 2C");
    assert_eq!(r.auction, calls("1S 2C"));
    assert_eq!(r.rulings[0].law, "25B1");
}

#[test]
fn intended_change_rejected() {
    let r = ruling(Seat::N, "N 1H, N 1S, E reject");
    assert_eq!(r.auction, calls("1H"));
    assert_eq!(r.next, Some(Seat::E));
    assert_eq!(r.rulings[0].law, "25B2");
    assert_eq!(r.lead_restrictions[0].declarer_may_prohibit_one_of, vec![Strain::C, Strain::D, Strain::S]);
    assert_eq!(r.unauthorized_information[0].from.call, "1S".parse().unwrap());
    assert_eq!(r.unauthorized_information[0].law, "16C2");
}

#[test]
fn comparable_substitute_leaves_no_restriction() {
    let r = ruling(Seat::N, "N 1H, N 2H ~c, E accept");
    assert!(r.lead_restrictions.is_empty());
    assert!(r.unauthorized_information.is_empty());
    assert_eq!(r.score_adjustment, vec!["23C".to_string()]);
}

#[test]
fn inadmissible_substitute_is_cancelled_at_once() {
    let r = ruling(Seat::N, "N 1H, N X");
    assert_eq!(r.status, Status::Auction);
    assert_eq!(r.auction, calls("1H"));
    assert_eq!(r.rulings[0].law, "25B2");
}

#[test]
fn rotations_agree() {
    let text = "N 1H, N 1S, E accept, E P, S 2S";
    let base = ruling(Seat::N, text);
    for k in 1..4 {
        let r = rule(&story(Seat::N, text).rotate(k)).unwrap();
        assert_eq!(r, base.rotate(k));
    }
}

fn in_edition(e: Edition, dealer: Seat, text: &str) -> Ruling {
    let mut r = story(dealer, text);
    r.edition = e;
    rule(&r).expect("a ruling")
}

#[test]
fn in_2007_lead_and_information_follow_the_2007_clauses() {
    // 1H changed to 1S, accepted: the withdrawn 1H named hearts only.
    let r = in_edition(Edition::E2007, Seat::N, "N 1H, N 1S, E accept");
    assert_eq!(r.rulings[0].law, "25B1");
    assert!(r.rulings[0].comparable.is_none());
    assert_eq!(r.unauthorized_information[0].law, "16D2");
    let l = &r.lead_restrictions[0];
    assert_eq!((l.seat, l.law.as_str()), (Seat::S, "26A2"));
    assert_eq!(l.declarer_may_require_one_of, vec![Strain::H]);
    // 25A: LHO's withdrawal is 25A4 in 2007.
    let r = in_edition(Edition::E2007, Seat::N, "N 1H, E P, N 1S ~u");
    assert_eq!(r.decision.expect("decision").law, "25A4");
}

#[test]
fn in_1997_not_condoned_the_offender_chooses() {
    let r = in_edition(Edition::E1997, Seat::N, "N 1H, N 1S, E reject");
    assert_eq!(r.decision.clone().expect("decision").law, "25B2(b)");
    assert_eq!(r.next, Some(Seat::N));
    // (1) the first call stands; partner passes next turn.
    let r = in_edition(Edition::E1997, Seat::N, "N 1H, N 1S, E reject, N accept");
    assert_eq!(r.auction, calls("1H"));
    assert_eq!(r.rulings[0].law, "25B2(b)(1)");
    assert_eq!(r.must_pass[0].law, "25B2(b)(1)");
    assert_eq!(r.score_adjustment, vec!["23".to_string()]);
    assert!(r.score_cap.is_none());
    // (2) another call: average minus at most.
    let r = in_edition(Edition::E1997, Seat::N, "N 1H, N 1S, E reject, N 1NT");
    assert_eq!(r.auction, calls("1NT"));
    assert_eq!(r.rulings[0].law, "25B2(b)(2)");
    let cap = r.score_cap.expect("a cap");
    assert_eq!((cap.seat, cap.law.as_str()), (Seat::N, "25B2(b)(2)"));
    assert!(r.must_pass.is_empty());
    assert_eq!(r.unauthorized_information.len(), 2);
    // Condoned: no penalty.
    let r = in_edition(Edition::E1997, Seat::N, "N 1H, N 1S, E accept");
    assert_eq!(r.rulings[0].law, "25B1");
    assert!(r.lead_restrictions.is_empty() && r.must_pass.is_empty());
}

#[test]
fn in_1997_a_substitute_for_an_insufficient_bid() {
    let r = in_edition(Edition::E1997, Seat::N, "N 1S, E 1H, E 2H");
    assert_eq!(r.decision.expect("decision").law, "25B1");
    let r = in_edition(Edition::E1997, Seat::N, "N 1S, E 1H, E 2H, S reject");
    assert_eq!(r.rulings[0].law, "25B2(a)");
    assert_eq!(r.decision.expect("decision").law, "27A");
    let r = in_edition(Edition::E1997, Seat::N, "N 1S, E 1H, E 2H, S accept");
    assert_eq!(r.auction, calls("1S 2H"));
    assert_eq!(r.rulings[0].law, "25B1");
}

/// 25A6: LHO keeps his call over the replaced one with its meaning. E's 2C
/// was artificial; kept over N's 1D, it is the last call, so W's pass out
/// of rotation at S's turn passes his partner's artificial call and is
/// ruled under Law 31 (30C), not 30A.
#[test]
fn lho_s_kept_call_keeps_its_meaning() {
    let mut q = story(Seat::N, "N 1C, E 2C, N 1D ~u, E accept, W P, N reject");
    q.events[1].findings.means =
        Some(serde_json::from_value(serde_json::json!({"artificial": true})).expect("a meaning"));
    let r = rule(&q).expect("25A1, 25A6, then 30C");
    assert_eq!(r.auction, calls("1D 2C"));
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::N, "25A1"), (Seat::W, "31A")], "{r:?}");
}

/// 25A6 with a bar in force: LHO may keep the call he made over the
/// replaced call if he could make it over the replacement. A barred
/// player's pass he may keep; a free player's bid that is still sufficient
/// he may keep too.
#[test]
fn lho_may_keep_a_pass_he_was_bound_to_make_or_a_bid_still_sufficient() {
    // E's 1H insufficient, S refuses it, E corrects to 2H: W barred
    // (27B2). S bids 2S, W passes (barred), S replaces 2S by 3S (a slip).
    let r = ruling(Seat::N, "N 1S, E 1H, S reject, E 2H, S 2S, W P, S 3S ~u");
    let d = r.decision.clone().expect("W's 25A6 option");
    assert_eq!((d.seat, d.law.as_str()), (Seat::W, "25A6"), "{r:?}");
    assert_eq!(r.auction, calls("1S 2H 3S P"));
    // E's 1S over N's 1C stays sufficient over the 1D N meant.
    let r = ruling(Seat::N, "N 1C, E 1S, N 1D ~u");
    let d = r.decision.clone().expect("E's 25A6 option");
    assert_eq!((d.seat, d.law.as_str()), (Seat::E, "25A6"), "{r:?}");
    assert_eq!(r.auction, calls("1D 1S"));
}

/// 25A1 over an accepted insufficient bid, after a later call was
/// replaced too: E's 1H, accepted by S (27A1), stands; S replaces his 2S by
/// 3S (a slip), then E replaces his 1H by 2H (a slip, W not having called).
/// The 27A1 entry is taken back: the 25A1 entry disposes of the 1H. S's 3S
/// over it is his to keep or withdraw (25A6).
#[test]
fn an_accepted_insufficient_bid_replaced_after_a_later_replacement_loses_its_27a1_entry() {
    let r = ruling(Seat::N, "N 1S, E 1H, S accept, S 2S, S 3S ~u, E 2H ~u");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::S, "25A1"), (Seat::E, "25A1")], "{r:?}");
    assert_eq!(r.auction, calls("1S 2H 3S"));
    assert_eq!(r.decision.map(|d| (d.seat, d.law)), Some((Seat::S, "25A6".to_string())));
}

/// Law 25 takes a call found intended (`unintended: false`) only when it
/// changes the call the player has just made: a first call so marked is
/// ruled as the call it is (in rotation: it stands), and a later call of a
/// player who is not the last to have called is a call out of rotation
/// (29A, his LHO's option).
#[test]
fn a_call_found_intended_is_a_change_only_from_the_player_who_just_called() {
    let r = ruling(Seat::N, "N 1S, E 2C ~i");
    assert!(r.rulings.is_empty() && r.decision.is_none(), "{r:?}");
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::S), calls("1S 2C")));
    let r = ruling(Seat::N, "N 1S, E P, S 2S, E 2H ~i");
    assert_eq!(r.decision.map(|d| (d.seat, d.law)), Some((Seat::S, "29A".to_string())), "{:?}", r.rulings);
    assert_eq!(r.auction, calls("1S P 2S"));
}

/// 25A1 and an accepted insufficient bid (27A1): replacing the accepted bid
/// itself takes its 27A1 entry back; replacing a later call leaves it, the
/// bid still standing as accepted.
#[test]
fn only_replacing_the_accepted_insufficient_bid_takes_its_27a1_entry_back() {
    let r = ruling(Seat::N, "N 1S, E 1H, S accept, E 2H ~u");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::E, "25A1")], "{r:?}");
    assert_eq!(r.auction, calls("1S 2H"));
    let r = ruling(Seat::N, "N 1S, E 1H, S accept, S 2S, S 3S ~u");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::E, "27A1"), (Seat::S, "25A1")], "{r:?}");
    assert_eq!(r.auction, calls("1S 1H 3S"));
}

/// An accepted insufficient bid withdrawn for good (21B1(a): E was
/// misinformed) keeps its 27A1 entry when the call E makes in its place is
/// later replaced as a slip (25A1): only the acceptance of a call that
/// still stands can be taken back.
#[test]
fn a_withdrawn_accepted_bid_keeps_its_27a1_entry_when_its_successor_is_replaced() {
    let r = ruling(Seat::N, "N 1S, E 1H, S accept, E misinformed, E 2H, E 2D ~u");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::E, "27A1"), (Seat::E, "21B1(a)"), (Seat::E, "25A1")], "{r:?}");
}

/// 1997 25B1, its second sentence: N changes 1H to 1S, E calls 2C over it.
/// Found to have meant it over the original 1H (`over_original`), E is
/// offered his call again (25B1); otherwise his call accepts the substitute
/// and S calls. The 2017 Laws have no such sentence: S calls either way.
#[test]
fn in_1997_lho_who_meant_his_call_over_the_original_is_offered_it_again() {
    let told = |edition, found: Option<bool>| {
        let mut q = crate::story::tests::story_in(edition, Seat::N, "N 1H, N 1S, E 2C");
        q.events[2].findings.over_original = found;
        let r = rule(&q).expect("25B1");
        (r.next, r.decision.map(|d| (d.seat, d.law)))
    };
    assert_eq!(told(Edition::E1997, Some(true)), (Some(Seat::E), Some((Seat::E, "25B1".to_string()))));
    assert_eq!(told(Edition::E1997, None), (Some(Seat::S), None));
    assert_eq!(told(Edition::E2017, Some(true)), (Some(Seat::S), None));
}

/// 1997 25B1, second sentence, when LHO's call cannot stand over the
/// substitute. W changes his 1S to a pass, which ends the auction (1H P P
/// P); N's 2H, meant over the 1S, has no auction left to stand in. N
/// changes 1H to 2H, and E's 2D, meant over the 1H, is insufficient over
/// the 2H. Either call is withdrawn at once, with nothing left for its
/// player to choose, and is unauthorised to the other side (16C2).
#[test]
fn in_1997_lho_s_call_meant_over_the_original_is_withdrawn_when_it_cannot_follow_the_substitute() {
    let ruled = |text: &str, lho_event: usize| {
        let mut q = crate::story::tests::story_in(Edition::E1997, Seat::N, text);
        q.events[lho_event].findings.over_original = Some(true);
        rule(&q).expect("1997 25B1")
    };
    let ui = |r: &Ruling| -> Vec<(Seat, Seat, String)> {
        r.unauthorized_information.iter().map(|u| (u.seat, u.from.seat, u.from.call.to_string())).collect()
    };
    // The substitute ends the auction: N declares 1H; his 2H is gone.
    let r = ruled("N 1H, E P, S P, W 1S, W P, N 2H", 5);
    assert_eq!((r.status, r.decision.clone()), (Status::Closed, None), "{r:?}");
    assert_eq!(r.auction, calls("1H P P P"));
    assert_eq!(r.contract.as_ref().map(|c| c.declarer), Some(Seat::N));
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::W, "25B1")]);
    // W's withdrawn 1S to his partner; N's withdrawn 2H to both of E-W.
    let expected = vec![
        (Seat::E, Seat::W, "1S".to_string()),
        (Seat::E, Seat::N, "2H".to_string()),
        (Seat::W, Seat::N, "2H".to_string()),
    ];
    assert_eq!(ui(&r), expected);
    // E's 2D cannot be made over the 2H: E calls again, at his turn.
    let r = ruled("N 1H, N 2H, E 2D", 2);
    assert_eq!((r.status, r.next, r.decision.clone()), (Status::Auction, Some(Seat::E), None), "{r:?}");
    assert_eq!(r.auction, calls("2H"));
    let expected = vec![
        (Seat::S, Seat::N, "1H".to_string()),
        (Seat::S, Seat::E, "2D".to_string()),
        (Seat::N, Seat::E, "2D".to_string()),
    ];
    assert_eq!(ui(&r), expected);
}

/// 2017 Law 26 after 25B: the call withdrawn (the first call when LHO
/// accepts the substitute, 25B1; the cancelled substitute when he does not,
/// 25B2) is judged against the call that stands for that turn, and the
/// entry says how (23A). N's 1H changed to 2H, found comparable: either way
/// 26A, so no lead restriction and 16C does not apply; 23C remains.
#[test]
fn a_comparable_change_of_call_is_26a_whether_lho_accepts_it_or_not() {
    use crate::ruling::{Basis, Comparability};
    let found = Some(Comparability { value: true, basis: Basis::Finding });
    for (text, law, stands) in [("N 1H, N 2H ~c, E accept", "25B1", "2H"), ("N 1H, N 2H ~c, E reject", "25B2", "1H")] {
        let r = ruling(Seat::N, text);
        assert_eq!(r.auction, calls(stands), "{text}");
        let x = &r.rulings[0];
        assert_eq!((x.law.as_str(), x.comparable), (law, found), "{text}");
        assert!(r.lead_restrictions.is_empty(), "{text}: {r:?}");
        assert!(r.unauthorized_information.is_empty(), "{text}: {r:?}");
        assert_eq!(r.score_adjustment, vec!["23C".to_string()], "{text}");
    }
    // Not comparable (no finding, no meanings): the entry says so too.
    let r = ruling(Seat::N, "N 1H, N 1S, E reject");
    assert_eq!(r.rulings[0].comparable, Some(Comparability { value: false, basis: Basis::Default }));
}

/// 2007 25B2: the cancelled substitute gets the 2007 Law 26, which asks no
/// comparability question: N's 1S, about spades only, lets declarer
/// require or prohibit a spade lead from S (26A2), and it is unauthorised
/// to S under 16D2.
#[test]
fn in_2007_a_cancelled_substitute_gets_the_2007_law_26() {
    let r = in_edition(Edition::E2007, Seat::N, "N 1H, N 1S, E reject");
    assert_eq!(r.auction, calls("1H"));
    assert_eq!((r.rulings[0].law.as_str(), r.rulings[0].comparable), ("25B2", None));
    let l = &r.lead_restrictions[..];
    assert_eq!(l.len(), 1, "{r:?}");
    assert_eq!((l[0].seat, l[0].law.as_str()), (Seat::S, "26A2"));
    assert_eq!(l[0].declarer_may_require_one_of, vec![Strain::S]);
    let u = &r.unauthorized_information[..];
    assert_eq!(u.len(), 1, "{r:?}");
    assert_eq!((u[0].seat, u[0].from.call, u[0].law.as_str()), (Seat::S, "1S".parse().unwrap(), "16D2"));
}

/// 1997 25B2(b)(2) in two steps: N, his change from 1H to 1S not condoned,
/// says he gives up his 1H (`reject`). The 1H leaves the auction and he owes
/// another call, with no choice left to make: giving it up again is no
/// event, and the 1H itself is not "another call". The call he then makes
/// stands, with the 25B2(b)(2) penalties.
#[test]
fn in_1997_an_offender_who_gives_up_his_first_call_owes_another_call() {
    let told = |text: &str| rule(&crate::story::tests::story_in(Edition::E1997, Seat::N, text));
    let r = told("N 1H, N 1S, E reject, N reject").expect("25B2(b)(2): N calls again");
    assert_eq!((r.status, r.next, r.decision.clone()), (Status::Auction, Some(Seat::N), None), "{r:?}");
    assert!(r.auction.is_empty(), "{r:?}");
    assert!(told("N 1H, N 1S, E reject, N reject, N reject").is_err());
    assert!(told("N 1H, N 1S, E reject, N reject, N 1H").is_err());
    let r = told("N 1H, N 1S, E reject, N reject, N 1NT").expect("25B2(b)(2)");
    assert_eq!((r.auction.clone(), r.next), (calls("1NT"), Some(Seat::E)));
    assert_eq!(r.rulings[0].law, "25B2(b)(2)");
    assert_eq!(r.score_cap.map(|c| (c.seat, c.law)), Some((Seat::N, "25B2(b)(2)".to_string())));
}

/// 1997 25B2(b)(2) asks for another legal call. One that is not legal is an
/// irregularity of its own, ruled by its own law after the 25B2(b)(2)
/// penalties: E's 2H changed to 2D is not condoned, and E's other call, 1H,
/// is insufficient over N's 1S: S may accept it (27A). Barred by W's
/// corrected insufficient bid (27B2), E passes, changes it to 3S (a
/// substitute nobody may condone), then bids 4S: a call by a player required
/// to pass (37).
#[test]
fn in_1997_an_illegal_other_call_is_ruled_by_its_own_law() {
    use crate::ruling::Irregularity;
    let told = |text: &str| in_edition(Edition::E1997, Seat::N, text);
    let r = told("N 1S, E 2H, E 2D, S reject, E 1H");
    assert_eq!(r.decision.clone().map(|d| (d.seat, d.law)), Some((Seat::S, "27A".to_string())), "{r:?}");
    assert_eq!(r.auction, calls("1S"));
    assert_eq!(r.rulings[0].law, "25B2(b)(2)");
    assert_eq!(r.score_cap.map(|c| c.seat), Some(Seat::E));
    let r = told("N 1S, E P, S 2S, W 2H, N reject, W 3C, N P, E P, E 3S, E 4S");
    assert_eq!(r.must_pass[0].law, "27B2");
    assert_eq!(r.auction, calls("1S P 2S 3C P"), "{r:?}");
    assert_eq!(r.next, Some(Seat::E));
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str(), x.irregularity)).collect();
    assert_eq!(
        laws[1..],
        [(Seat::E, "25B2(b)(2)", Irregularity::ChangeOfCall), (Seat::E, "37", Irregularity::CallWhenRequiredToPass)]
    );
}

/// 1997: W passed out of rotation at his partner's turn after N's 1H (30B2:
/// E may not double at that turn). E bids 1S, then 2D; S does not condone
/// the 2D, and E, giving up his 1S (25B2(b)(2)), doubles: the call he makes
/// is still a call at that turn, and the double 30B2 forbids is rectified
/// there as if he had doubled at once (`N 1H, W P, N reject, E X`).
#[test]
fn in_1997_the_other_call_of_25b2b2_meets_the_30b2_ban_on_doubling() {
    use crate::ruling::Irregularity;
    let restricted = |r: &crate::Ruling| -> Vec<(Seat, String)> {
        r.rulings
            .iter()
            .filter(|x| x.irregularity == Irregularity::CallWhenRestricted)
            .map(|x| (x.seat, x.law.clone()))
            .collect()
    };
    let at_once =
        rule(&crate::story::tests::story_in(Edition::E1997, Seat::N, "N 1H, W P, N reject, E X")).expect("1997 30B2");
    let text = "N 1H, W P, N reject, E 1S, E 2D, S reject, E X";
    let r = rule(&crate::story::tests::story_in(Edition::E1997, Seat::N, text)).expect("1997 25B2(b)(2), then 30B2");
    assert_eq!(restricted(&r), restricted(&at_once), "{r:?}");
    assert_eq!(restricted(&r).len(), 1, "{at_once:?}");
    assert_eq!((r.auction.clone(), r.next), (vec!["1H".parse().unwrap()], Some(Seat::E)), "{r:?}");
    assert!(r.call_restrictions.iter().all(|c| c.in_force), "the ban still holds at E's turn: {r:?}");
    assert!(r.rulings.iter().any(|x| x.law == "25B2(b)(2)"), "{r:?}");
}

/// 1997 25B1 over an insufficient first call: E's 1H is insufficient and he
/// changes it to 2H before S calls. S condones the 2H by calling over it:
/// the 2H stands (25B1) and S's 3C is his call over it, W to call (the
/// explicit `accept` of case `s001-b1-substitute-for-insufficient-bid-condoned-1997`,
/// told with a call instead).
#[test]
fn in_1997_lho_who_condones_a_substitute_by_calling_keeps_his_call() {
    let r = rule(&crate::story::tests::story_in(Edition::E1997, Seat::N, "N 1S, E 1H, E 2H, S 3C")).expect("1997 25B1");
    assert_eq!(r.auction, ["1S", "2H", "3C"].map(|c| c.parse().unwrap()).to_vec(), "{r:?}");
    assert_eq!(r.next, Some(Seat::W), "{r:?}");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::E, "25B1")], "{r:?}");
}
