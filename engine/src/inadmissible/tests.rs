//! The main paths of Laws 35-39 and 24, ruled on small stories.

use crate::notation::{Call, Seat};
use crate::request::{Edition, Event};
use crate::ruling::{Irregularity, Ruling, Scope, Status};
use crate::story::tests::story;
use crate::{rule, RuleError};

fn ruled(dealer: Seat, text: &str) -> Ruling {
    rule(&story(dealer, text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn calls(text: &str) -> Vec<Call> {
    text.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

fn passes(r: &Ruling) -> Vec<(Seat, Scope, &str, bool)> {
    r.must_pass.iter().map(|m| (m.seat, m.scope, m.law.as_str(), m.in_force)).collect()
}

#[test]
fn law35_sorts_inadmissible_calls() {
    use super::{law35, Inadmissible};
    let r = story(Seat::N, "N 1S");
    let mut t = crate::table::Table::new(&r);
    t.stand(Seat::N, "1S".parse().unwrap(), None);
    assert_eq!(law35(&t, Seat::S, "X".parse().unwrap(), false), Some(Inadmissible::Double));
    assert_eq!(law35(&t, Seat::E, "X".parse().unwrap(), false), None);
    assert_eq!(law35(&t, Seat::E, "X".parse().unwrap(), true), Some(Inadmissible::RequiredToPass));
    assert_eq!(law35(&t, Seat::E, "8S".parse().unwrap(), true), Some(Inadmissible::AboveSeven));
    assert_eq!(law35(&t, Seat::E, "P".parse().unwrap(), true), None);
    for c in ["P", "P", "P"] {
        t.stand(t.auction.next_seat(), c.parse().unwrap(), None);
    }
    assert_eq!(law35(&t, Seat::E, "P".parse().unwrap(), false), Some(Inadmissible::AfterFinalPass));
}

#[test]
fn law36_double_of_partner_before_lho_calls() {
    let r = ruled(Seat::N, "N 1S, E P, S X");
    assert_eq!(r.status, Status::Auction);
    assert_eq!(r.next, Some(Seat::S));
    assert_eq!(r.auction, calls("1S P"));
    assert_eq!(r.rulings[0].law, "36B2");
    assert_eq!(r.rulings[0].irregularity, Irregularity::InadmissibleDouble);
    assert_eq!(passes(&r), vec![(Seat::N, Scope::RestOfAuction, "36B2", true)]);
    assert_eq!(r.lead_restrictions[0].seat, Seat::N);
    assert_eq!(r.score_adjustment, vec!["72C"]);
    assert_eq!(r.unauthorized_information[0].seat, Seat::N);
    // The offender replaces it; his partner is barred.
    let r = ruled(Seat::N, "N 1S, E P, S 2S, W P");
    assert!(r.rulings.is_empty());
    let r = ruled(Seat::N, "N 1S, E P, S X, S 2S, W P, N 4S");
    assert_eq!(r.rulings.len(), 2, "N's 4S breaks the 36B2 bar: {:?}", r.rulings);
    assert_eq!(r.rulings[1].irregularity, Irregularity::CallWhenRequiredToPass);
}

#[test]
fn law36_lho_calls_over_it() {
    let r = ruled(Seat::N, "N 1S, E P, S X, W 2C");
    assert_eq!(r.next, Some(Seat::S));
    assert_eq!(r.auction, calls("1S P"));
    assert_eq!(r.rulings[0].law, "36A");
    assert!(r.must_pass.is_empty());
    assert!(r.lead_restrictions.is_empty());
    assert!(r.score_adjustment.is_empty());
    // S's double to N; W's cancelled 2C, the non-offending side's, to N and
    // then S (16C2, its second half).
    let ui: Vec<(Seat, Seat)> = r.unauthorized_information.iter().map(|u| (u.seat, u.from.seat)).collect();
    assert_eq!(ui, vec![(Seat::N, Seat::S), (Seat::N, Seat::W), (Seat::S, Seat::W)]);
}

#[test]
fn law36_redouble_name() {
    let r = ruled(Seat::N, "N 1S, E X, S P, W XX");
    assert_eq!(r.rulings[0].irregularity, Irregularity::InadmissibleRedouble);
    assert_eq!(r.next, Some(Seat::W));
}

#[test]
fn law37_required_to_pass() {
    // S is barred by 36B2, then bids 3C at his turn.
    let r = ruled(Seat::N, "N 1S, E P, S X, S 2S, W P, N 3C");
    assert_eq!(r.next, Some(Seat::N));
    assert_eq!(r.auction, calls("1S P 2S P"));
    let law: Vec<_> = r.rulings.iter().map(|x| x.law.as_str()).collect();
    assert_eq!(law, vec!["36B2", "37B2"]);
    assert_eq!(
        passes(&r),
        vec![
            (Seat::N, Scope::RestOfAuction, "36B2", true),
            (Seat::N, Scope::RestOfAuction, "37B2", true),
            (Seat::S, Scope::RestOfAuction, "37B2", true),
        ]
    );
    // The substituted pass, then the auction goes on.
    let r = ruled(Seat::N, "N 1S, E P, S X, S 2S, W P, N 3C, N P");
    assert_eq!(r.next, Some(Seat::E));
    let r = ruled(Seat::N, "N 1S, E P, S X, S 2S, W P, N 3C, N P, E P");
    assert_eq!(r.status, Status::Closed);
    // LHO calls over it: it stands.
    let r = ruled(Seat::N, "N 1S, E P, S X, S 2S, W P, N 3C, E X");
    assert_eq!(r.auction, calls("1S P 2S P 3C X"));
    assert_eq!(r.rulings[1].law, "37A");
    assert_eq!(passes(&r), vec![(Seat::N, Scope::RestOfAuction, "36B2", true)]);
    assert_eq!(r.lead_restrictions.len(), 1, "only the 36B2 restriction");
}

#[test]
fn law37_inadmissible_double_by_a_barred_player() {
    // N is barred; he doubles his partner's 2S: 37B (not cancelled by LHO).
    let r = ruled(Seat::N, "N 1S, E P, S X, S 2S, W P, N X");
    assert_eq!(r.rulings[1].law, "37B2");
    assert_eq!(r.rulings[1].irregularity, Irregularity::CallWhenRequiredToPass);
    // LHO calls first: 36A through 37A's exception.
    let r = ruled(Seat::N, "N 1S, E P, S X, S 2S, W P, N X, E 3C");
    assert_eq!(r.rulings[1].law, "36A");
    assert_eq!(r.rulings[1].irregularity, Irregularity::InadmissibleDouble);
    assert_eq!(r.next, Some(Seat::N));
    assert_eq!(r.auction, calls("1S P 2S P"));
}

#[test]
fn law38_above_seven() {
    let r = ruled(Seat::N, "N 7S, E P, S 8S");
    assert_eq!(r.next, Some(Seat::S));
    assert_eq!(r.rulings[0].law, "38C");
    assert_eq!(
        passes(&r),
        vec![(Seat::S, Scope::RestOfAuction, "38C", true), (Seat::N, Scope::RestOfAuction, "38C", true)]
    );
    assert_eq!(r.score_adjustment, vec!["72C"]);
    let r = ruled(Seat::N, "N 7S, E P, S 8S, S P, W P");
    assert_eq!(r.status, Status::Closed);
    assert_eq!(r.contract.map(|c| c.declarer), Some(Seat::N));
    // LHO called: cancelled too, no 26B, no 72C.
    let r = ruled(Seat::N, "N 7S, E P, S 8S, W P");
    assert_eq!(r.auction, calls("7S P"));
    assert_eq!(r.next, Some(Seat::S));
    assert!(r.lead_restrictions.is_empty());
    assert!(r.score_adjustment.is_empty());
    assert_eq!(r.must_pass.len(), 2);
}

#[test]
fn law39_after_the_final_pass() {
    let base = "N 1NT, E P, S 3NT, W P, N P, E P";
    // A defender doubles: 39C.
    let r = ruled(Seat::N, &format!("{base}, W X"));
    assert_eq!(r.status, Status::Closed);
    assert_eq!(r.next, None);
    assert_eq!(r.rulings[0].law, "39C");
    assert_eq!(r.lead_restrictions.len(), 1);
    assert_eq!(r.lead_restrictions[0].seat, Seat::E);
    assert_eq!(r.auction, calls("1NT P 3NT P P P"));
    // Declarer's LHO... the defender's LHO (N, declarer) calls: 39B for both.
    let r = ruled(Seat::N, &format!("{base}, W X, N XX"));
    let law: Vec<_> = r.rulings.iter().map(|x| x.law.as_str()).collect();
    assert_eq!(law, vec!["39B", "39B"]);
    assert!(r.lead_restrictions.is_empty());
    // A pass by a defender, a bid by dummy: 39B.
    assert_eq!(ruled(Seat::N, &format!("{base}, W P")).rulings[0].law, "39B");
    assert_eq!(ruled(Seat::N, &format!("{base}, S 4NT")).rulings[0].law, "39B");
    // After a pass-out: 39A.
    let r = ruled(Seat::N, "N P, E P, S P, W P, N 1C");
    assert_eq!(r.status, Status::PassedOut);
    assert_eq!(r.rulings[0].law, "39A");
}

#[test]
fn law24_exposed_cards() {
    let r = ruled(Seat::N, "N 1S, E exposes H5");
    assert_eq!(r.rulings[0].law, "24A");
    assert_eq!(r.rulings[0].call, None);
    assert!(r.must_pass.is_empty());
    assert_eq!(r.penalty_cards.len(), 1);
    let r = ruled(Seat::N, "N 1S, E exposes HK");
    assert_eq!(passes(&r), vec![(Seat::W, Scope::NextTurn, "24B", true)]);
    assert_eq!(r.score_adjustment, vec!["72C"]);
    let r = ruled(Seat::N, "N 1S, E leads C2");
    assert_eq!(r.rulings[0].law, "24B");
    let r = ruled(Seat::N, "N 1S, E exposes C2 D3, E P, S 2S, W P");
    assert_eq!(r.rulings[0].law, "24C");
    assert_eq!(passes(&r), vec![(Seat::W, Scope::NextTurn, "24C", false)]);
    // Offender on the declaring side: the cards go back (24D).
    let r = ruled(Seat::N, "N 1S, E exposes HK, E 2H, S P, W P, N P");
    assert_eq!(r.status, Status::Closed);
    assert!(r.penalty_cards.is_empty());
    // A defender: penalty cards (24E).
    let r = ruled(Seat::N, "N 1S, E exposes HK, E P, S 2S, W P, N P, E P");
    assert_eq!(r.penalty_cards.len(), 1);
    assert_eq!(r.penalty_cards[0].law, "24E");
}

#[test]
fn law24_while_an_inadmissible_call_waits() {
    // S doubles his partner; N drops a king; then W (LHO) calls: 36A, but
    // the exposure stays.
    let r = ruled(Seat::N, "N 1S, E P, S X, N exposes SK, W 2C");
    assert_eq!(r.rulings.len(), 2);
    assert_eq!(r.rulings[1].law, "36A");
    assert_eq!(passes(&r), vec![(Seat::S, Scope::NextTurn, "24B", true)]);
    assert_eq!(r.penalty_cards.len(), 1);
}

#[test]
fn impossible_and_unsupported_stories() {
    let e = rule(&story(Seat::N, "N 1S, E P, S X, W accept")).unwrap_err();
    assert!(matches!(e, RuleError::Impossible { .. }), "{e}");
    let e = rule(&story(Seat::N, "N 1S, E exposes HK, E exposes HK")).unwrap_err();
    assert!(matches!(e, RuleError::Impossible { .. }), "{e}");
}

#[test]
fn older_editions_cite_their_own_clauses() {
    // 2007: 36B2 with Laws 23 and 26 and 16D2; 1997: Law 36 (its sections
    // could not be read), Law 23, 26B and 16C2.
    for (e, law, ui) in [(Edition::E2007, "36B2", "16D2"), (Edition::E1997, "36", "16C2")] {
        let mut r = story(Seat::N, "N 1S, E P, S X");
        r.edition = e;
        let r = rule(&r).unwrap();
        assert_eq!(r.rulings[0].law, law);
        assert_eq!(r.unauthorized_information[0].law, ui);
        assert_eq!(r.score_adjustment, ["23"]);
        assert_eq!(r.lead_restrictions[0].law, "26B");
    }
    // LHO calls over it: 36A (1997: 35A, named by the 1997 Law 32).
    for (e, law) in [(Edition::E2007, "36A"), (Edition::E1997, "35A")] {
        let mut r = story(Seat::N, "N 1S, E P, S X, W 2C");
        r.edition = e;
        assert_eq!(rule(&r).unwrap().rulings[0].law, law);
    }
}

#[test]
fn rotation_changes_only_seats() {
    let r = story(Seat::N, "N 1S, E P, S X, W 2C, S 2S, W P, N exposes HK D2");
    let base = rule(&r).unwrap();
    for k in 1..4 {
        assert_eq!(rule(&r.rotate(k)).unwrap(), base.rotate(k));
    }
}

#[test]
fn law24_after_the_final_pass_is_not_ruled() {
    let e = rule(&story(Seat::N, "N 1S, E P, S P, W P, W leads SK")).unwrap_err();
    assert!(matches!(e, RuleError::Unsupported { .. }), "{e}");
}

#[test]
fn card_events_round_trip() {
    let e: Event = serde_json::from_str(r#"{"E": "exposes sk, h10"}"#).unwrap();
    assert_eq!(serde_json::to_string(&e).unwrap(), r#"{"E":"exposes SK HT"}"#);
    let e: Event = serde_json::from_str(r#"{"W": "Leads C2"}"#).unwrap();
    assert_eq!(serde_json::to_string(&e).unwrap(), r#"{"W":"leads C2"}"#);
    for bad in [r#"{"W": "leads C2 C3"}"#, r#"{"W": "exposes"}"#, r#"{"W": "exposes SZ"}"#, r#"{"W": "accept now"}"#] {
        let err = serde_json::from_str::<Event>(bad).unwrap_err().to_string();
        assert!(!err.is_empty(), "{bad}");
    }
    // A ruling on cards serialises `cards`, not `call`.
    let r = ruled(Seat::N, "N 1S, E exposes HK");
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["rulings"][0]["cards"], serde_json::json!(["HK"]));
    assert!(v["rulings"][0].get("call").is_none());
    assert_eq!(v["penalty_cards"][0], serde_json::json!({"seat": "E", "card": "HK", "law": "24E"}));
}

/// The same story under `substituted_pass_out_of_rotation: where-made`.
fn where_made(dealer: Seat, text: &str) -> Ruling {
    use crate::regulations::{Regulations, SubstitutedPassOutOfRotation::WhereMade};
    let mut r = story(dealer, text);
    r.regulations = Some(Regulations { substituted_pass_out_of_rotation: WhereMade, ..Regulations::default() });
    rule(&r).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn a_barred_call_out_of_rotation_goes_back_to_the_player_whose_turn_it_was() {
    // 24B bars W at his next turn; he bids 1S at S's turn (37 takes it
    // wherever it was made, 35B). 37B2: cancelled, a pass substituted.
    let text = "N 1D, E exposes HQ, E 1H, W 1S";
    let r = ruled(Seat::N, text);
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::S), calls("1D 1H")), "by default S keeps his turn");
    assert_eq!(r.rulings[1].irregularity, Irregularity::CallWhenRequiredToPass);
    // By regulation the pass stands at W's seat: S loses his turn.
    let r = where_made(Seat::N, text);
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::N), calls("1D 1H P P")));
    // Where it would be the third pass after a call with turns lost (17D3),
    // the auction goes back as by default.
    let r = where_made(Seat::N, "N 1D, E exposes HQ, W 1S");
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::E), calls("1D")));
}

#[test]
fn a_substituted_pass_that_would_end_the_auction_goes_back_even_where_made() {
    // N 1D, E P, and W bids 8S at S's turn: a pass in its place would be
    // the third after 1D with S's turn lost; 17D3 sends the auction back
    // to S.
    let text = "N 1D, E P, W 8S";
    assert_eq!(ruled(Seat::N, text).next, Some(Seat::S));
    let r = where_made(Seat::N, text);
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::S), calls("1D P")));
    // One turn earlier (at E's turn, nobody has passed), the pass stands.
    let r = where_made(Seat::N, "N 1D, S 8S");
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::W), calls("1D P P")));
}

/// Where-made moves only a pass substituted for a call out of rotation: a
/// bid above seven at the offender's own turn leaves the substituted pass
/// for him to make, under either regulation (38C).
#[test]
fn a_bid_above_seven_in_rotation_leaves_the_substituted_pass_to_the_offender_even_where_made() {
    for r in [ruled(Seat::N, "N 7S, E P, S 8S"), where_made(Seat::N, "N 7S, E P, S 8S")] {
        assert_eq!((r.next, r.auction.clone()), (Some(Seat::S), calls("7S P")), "{r:?}");
        assert_eq!(r.rulings[0].law, "38C");
    }
}

/// Where-made in an auction of passes (17D3 counts four there): North
/// passed, South bids 8S at East's turn. The pass in its place is the
/// second of the auction (with East's turn lost), which ends nothing, so it
/// stands where it was made and West is next; by default East keeps his
/// turn.
#[test]
fn a_substituted_pass_in_an_auction_of_passes_stands_where_made_unless_it_would_end_it() {
    let text = "N P, S 8S";
    let r = ruled(Seat::N, text);
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::E), calls("P")), "{r:?}");
    let r = where_made(Seat::N, text);
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::W), calls("P P P")), "{r:?}");
    // Two passes and then West's 8S at South's turn: the pass would be the
    // fourth of an auction of passes with a turn lost: back to South.
    let r = where_made(Seat::N, "N P, E P, W 8S");
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::S), calls("P P")), "{r:?}");
}

/// 25A1 before Law 36: the offender replaces his inadmissible double with
/// the call he meant (found unintended) before his partner calls. Only
/// 25A1 is ruled: the double was never a call he meant, so Law 36 has
/// nothing to rectify.
#[test]
fn an_unintended_inadmissible_double_replaced_at_once_is_ruled_under_25a1_only() {
    let r = ruled(Seat::N, "N 1S, E P, S X, S 2S ~u");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::S, "25A1")], "{r:?}");
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::W), calls("1S P 2S")));
    assert!(r.must_pass.is_empty() && r.lead_restrictions.is_empty(), "{r:?}");
}

/// A finding that LHO's call was unintended does not make it the
/// offender's replacement: LHO called over the inadmissible double before
/// rectification, and 36A cancels both.
#[test]
fn lho_s_unintended_call_over_an_inadmissible_double_is_still_lho_s_call() {
    let r = ruled(Seat::N, "N 1S, E P, S X, W 2C ~u");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::S, "36A")], "{r:?}");
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::S), calls("1S P")));
}

/// After a defender's call after the final pass (39), the table waits on
/// his LHO (does declarer or dummy call before rectification, 39B?); an
/// incident ruled under another law meanwhile is refused, naming him.
#[test]
fn after_a_defender_s_call_after_the_final_pass_the_table_waits_on_his_lho() {
    let base = "N 1NT, E P, S 3NT, W P, N P, E P, W X";
    for (incident, law) in [("wrong board", "15A"), ("misinformed", "21B1(a)")] {
        let e = rule(&story(Seat::N, &format!("{base}, S {incident}"))).unwrap_err();
        assert!(matches!(e, RuleError::Unsupported { .. }), "{e}");
        let text = e.to_string();
        assert!(text.contains("while the table waits on N:") && text.contains(law), "{text}");
    }
}

/// 2007 Law 39 has no clause for the defender's LHO calling first (2017
/// 39B and 1997 35D have): East's late 5H is ruled 39C at once, and dummy's
/// pass over it is a call by the declaring side, 39B (case
/// `l39-dummy-answers-the-late-bid-2007`).
#[test]
fn in_2007_a_defender_s_late_bid_is_39c_even_when_dummy_calls_over_it() {
    let text = "N 1S, E 2H, S 4S, W P, N P, E P, E 5H, S P";
    let r = rule(&crate::story::tests::story_in(Edition::E2007, Seat::N, text)).expect("2007 Law 39");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::E, "39C"), (Seat::S, "39B")], "{r:?}");
    assert_eq!((r.status, r.next), (Status::Closed, None));
}

/// 1997: LHO calling before the director comes condones only what has a
/// penalty to lose (35D: a defender's bid, double or redouble after the
/// final pass). A defender's late pass has none (39B): it stays 39B when
/// his LHO, dummy, then calls, and dummy's call is 39B in its turn.
#[test]
fn in_1997_a_defender_s_late_pass_stays_39b_when_dummy_calls_over_it() {
    let text = "N 1S, E P, S P, W P, E P, S 2S";
    let r = rule(&crate::story::tests::story_in(Edition::E1997, Seat::N, text)).expect("1997 Law 39");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::E, "39B"), (Seat::S, "39B")], "{r:?}");
}
