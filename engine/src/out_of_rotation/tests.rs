use crate::notation::{Call, Seat};
use crate::request::{Edition, Request};
use crate::{rule, RuleError};

fn story(dealer: Seat, text: &str) -> Request {
    crate::story::tests::story_in(Default::default(), dealer, text)
}

fn story_2007(dealer: Seat, text: &str) -> Request {
    crate::story::tests::story_in(Edition::E2007, dealer, text)
}

#[test]
fn partner_may_not_double_at_the_turn_after_a_2007_30b2_pass() {
    use crate::ruling::Irregularity;
    // 2007 30B2: after N's 1H, W passes at E's turn (E is W's partner);
    // N does not accept. E may bid or pass, but not double, now (b): his
    // double is cancelled and he calls again, at the same turn.
    let bar = story_2007(Seat::N, "N 1H, W P, N reject, E X");
    let r = rule(&bar).expect("2007 30B2(b) rules the double");
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::E), vec!["1H".parse().unwrap()]));
    let x = &r.rulings[1];
    assert_eq!(
        (x.seat, x.call, x.irregularity, x.law.as_str()),
        (Seat::E, Some(Call::Double), Irregularity::CallWhenRestricted, "30B2(b)")
    );
    assert!(r.call_restrictions[0].in_force, "still at that turn");
    assert!(r
        .unauthorized_information
        .iter()
        .any(|u| u.seat == Seat::W && u.from.call == Call::Double && u.law == "16D2"));
    assert_eq!(r.lead_restrictions.len(), 1, "2007 Law 26 on the cancelled double");
    // A second double at the same turn is cancelled again.
    let again = story_2007(Seat::N, "N 1H, W P, N reject, E X, E X");
    let r = rule(&again).expect("ruled again");
    assert_eq!(r.rulings.iter().filter(|x| x.irregularity == Irregularity::CallWhenRestricted).count(), 2);
    // A bid at that turn is his right; so is a double at a later turn.
    let ok = story_2007(Seat::N, "N 1H, W P, N reject, E 1S, S 2H, W P, N P, E X");
    let ruling = rule(&ok).expect("2007 30B2: E may bid, and double later");
    assert_eq!(ruling.rulings.len(), 1);
    assert_eq!(ruling.rulings[0].law, "30B2");
    // The rulings turn with the seats.
    let base = rule(&bar).unwrap();
    for k in 1..4 {
        assert_eq!(rule(&bar.rotate(k)).unwrap(), base.rotate(k));
    }
}

#[test]
fn a_2007_bar_on_partner_who_called_first_binds_from_his_next_turn() {
    // 2007 31B: S bid 1D at N's turn; N bids at his own turn before W
    // chose; the cancellation bars N for the rest of the auction, which
    // he could not know when he bid: his 1H stands, the bar starts now.
    let r = rule(&story_2007(Seat::N, "S 1D, N 1H")).expect("2007 31B");
    assert_eq!(r.auction.len(), 1);
    assert_eq!(r.rulings[0].law, "31B");
    assert_eq!((r.must_pass[0].seat, r.must_pass[0].in_force), (Seat::N, true));
    assert!(r.rulings.iter().all(|x| x.irregularity != crate::ruling::Irregularity::CallWhenRequiredToPass));
}

#[test]
fn a_2007_lead_restriction_lapses_when_the_call_is_repeated_only() {
    // 2007 31B at partner's turn: 26B for a 1NT that named no suit. It
    // lapses if S bids 1NT again at his turn, not if he bids 2NT.
    let lead = |last: &str| {
        let r = story_2007(Seat::N, &format!("S 1NT, W reject, N P, E P, S {last}"));
        rule(&r).expect("2007 31B").lead_restrictions.len()
    };
    assert_eq!(lead("1NT"), 0);
    assert_eq!(lead("2NT"), 1);
}

#[test]
fn laws_36_to_38_out_of_rotation_in_2007() {
    // A double of partner's bid out of rotation (36B4) and a bid above
    // seven out of rotation (38C), with the 2007 clauses.
    for (events, law) in [("N 1S, S X", "36B4"), ("N 7S, S 8NT", "38C")] {
        let r = rule(&story_2007(Seat::N, events)).expect("ruled in 2007");
        assert_eq!(r.rulings[0].law, law);
        assert_eq!(r.unauthorized_information[0].law, "16D2");
        assert_eq!(r.score_adjustment, ["23"]);
    }
}

fn story_1997(dealer: Seat, text: &str) -> Request {
    crate::story::tests::story_in(Edition::E1997, dealer, text)
}

/// The law a story answers `not yet supported` under, and at which event.
fn unsupported_law(r: &Request) -> Option<(usize, String)> {
    match rule(r) {
        Err(RuleError::Unsupported { event, law, .. }) => Some((event, law)),
        _ => None,
    }
}

#[test]
fn the_1997_laws_rule_bids_doubles_and_redoubles_out_of_rotation() {
    // 29A: the offender's LHO holds the option, as in 2007 and 2017.
    let r = rule(&story_1997(Seat::N, "E 1S")).expect("1997 Law 31");
    assert_eq!(r.decision.map(|d| (d.seat, d.law)), Some((Seat::S, "29A".to_string())));
    let r = rule(&story_1997(Seat::N, "N 1H, W X, N reject")).expect("1997 Law 32");
    assert_eq!(r.rulings[0].law, "32A");
    assert_eq!(r.unauthorized_information[0].law, "16C2");
}

#[test]
fn the_1997_laws_28_and_30_are_ruled() {
    use crate::ruling::Scope;
    let regulated_28b =
        |r| regulated(r, |g| g.law_28b_after_acceptance = crate::regulations::Law28bAfterAcceptance::Applies);
    // 30A: a pass before anyone has bid; the offender passes at his next
    // turn, and the 1997 Law 23 (a partner's enforced pass) is not named.
    let r = rule(&story_1997(Seat::N, "E P, S reject")).expect("1997 30A");
    assert_eq!(r.rulings[0].law, "30A");
    assert_eq!((r.must_pass[0].seat, r.must_pass[0].scope), (Seat::E, Scope::NextTurn));
    assert!(r.score_adjustment.is_empty());
    // 30B2, undivided: at partner's turn after a bid.
    let r = rule(&story_1997(Seat::N, "N 1H, W P, N reject")).expect("1997 30B2");
    assert_eq!(r.rulings[0].law, "30B2");
    assert_eq!((r.must_pass[0].seat, r.must_pass[0].law.as_str()), (Seat::W, "30B2"));
    assert_eq!(r.call_restrictions[0].law, "30B2");
    assert!(r.score_adjustment.is_empty());
    // 28B: the player whose turn it was calls before LHO chose: 16C2.
    let r = rule(&story_1997(Seat::N, "E 1S, N 1H")).expect("1997 28B");
    assert_eq!(r.rulings[0].law, "28B");
    assert_eq!(r.unauthorized_information[0].law, "16C2");
    // 28B after an acceptance by calling, by regulation.
    let late = story_1997(Seat::N, "E 1S, S 2C, N 1H");
    assert!(unsupported_law(&regulated_28b(late)).is_none());
    // 28A: E calls at N's turn while N must pass (31B barred him).
    let barred = "S 1D, W reject, N P, E P, S 1H, W P, E 1S";
    let r = rule(&story_1997(Seat::N, barred)).expect("1997 28A");
    assert_eq!(r.next, Some(Seat::S));
}

#[test]
fn offender_must_repeat_after_rho_passes() {
    // 31A1: E bid 1S at N's turn; N passed; E may not now bid 2S.
    let r = story(Seat::N, "E 1S, S reject, N P, E 2S");
    match rule(&r) {
        Err(RuleError::Impossible { event: 3, message }) => assert!(message.contains("31A1"), "{message}"),
        other => panic!("expected an impossible story, got {other:?}"),
    }
}

#[test]
fn only_lho_holds_the_option() {
    // 29A: the option on E's 1S (at N's turn) is S's, not W's.
    let r = story(Seat::N, "E 1S, W accept");
    assert!(matches!(rule(&r), Err(RuleError::Impossible { event: 1, .. })));
    // W calls meanwhile: held until S has chosen (the table still waits
    // on S), then ruled where the auction stands.
    let r = rule(&story(Seat::N, "E 1S, W 1H")).expect("held");
    assert_eq!((r.next, r.decision.map(|d| d.law)), (Some(Seat::S), Some("29A".to_string())));
    assert!(r.rulings.is_empty());
    // S accepts: E's 1S stands, N's turn is lost; W's 1H comes at S's
    // turn (W's RHO): a bid out of rotation, whose option is N's.
    let r = rule(&story(Seat::N, "E 1S, W 1H, S accept")).expect("released");
    assert_eq!(r.rulings.len(), 1);
    assert_eq!(r.decision.map(|d| (d.seat, d.law)), Some((Seat::N, "29A".to_string())));
    // S calls instead: W's 1H is ruled first (at S's turn), and S, whose
    // turn it was, calls before its rectification: 28B.
    let r = rule(&story(Seat::N, "E 1S, W 1H, S 2S")).expect("28B");
    assert_eq!(r.rulings.iter().map(|x| x.law.as_str()).collect::<Vec<_>>(), ["29A", "28B"]);
}

#[test]
fn inadmissible_double_out_of_rotation_cannot_be_accepted() {
    let r = story(Seat::N, "N 1S, S X, W accept");
    assert!(matches!(rule(&r), Err(RuleError::Impossible { event: 2, .. })));
}

fn regulated(mut r: Request, f: impl FnOnce(&mut crate::Regulations)) -> Request {
    let mut regs = crate::Regulations::default();
    f(&mut regs);
    r.regulations = Some(regs);
    r
}

#[test]
fn the_player_who_lost_his_turn_may_call_in_rotation_under_28b_by_regulation() {
    use crate::regulations::Law28bAfterAcceptance::Applies;
    let applies = |r| regulated(r, |g| g.law_28b_after_acceptance = Applies);
    // W deals; N passes at W's turn; E passes over it (29A); W opens 1NT.
    let late = story(Seat::W, "N P, E P, W 1NT");
    let r = rule(&applies(late.clone())).unwrap();
    assert_eq!(r.auction, vec!["1NT".parse().unwrap()]);
    assert_eq!(r.next, Some(Seat::N));
    assert_eq!(r.rulings.len(), 1);
    assert_eq!(r.rulings[0].law, "28B");
    assert_eq!(r.unauthorized_information[0].seat, Seat::S);
    for k in 1..4 {
        assert_eq!(rule(&applies(late.rotate(k))).unwrap(), r.rotate(k));
    }
    // By default the 1NT is out of rotation, at South's turn.
    let r = rule(&late).unwrap();
    assert_eq!(r.decision.map(|d| d.law), Some("29A".to_string()));
    // Only as the very next event, and only after acceptance by a call:
    // an explicit acceptance follows the director's involvement.
    let later = story(Seat::W, "N P, E P, S P, W 1NT");
    assert_eq!(rule(&applies(later)).unwrap().rulings[0].law, "29A");
    let explicit = story(Seat::W, "N P, E accept, W 1NT");
    assert_ne!(rule(&applies(explicit)).unwrap().rulings[0].law, "28B");
}

#[test]
fn law_26_may_follow_30a_by_regulation() {
    use crate::regulations::Law26After30a::IfNotComparable;
    let law26 = |r| regulated(r, |g| g.law_26_after_30a = IfNotComparable);
    let forced = |comparable: bool| {
        let mut r = story(Seat::N, "N 1H, S P, W reject, E 3NT, S P");
        r.events[4].findings.comparable = Some(comparable);
        r
    };
    // Not comparable: 26B on the offender's partner.
    let r = rule(&law26(forced(false))).unwrap();
    assert_eq!(r.rulings[0].law, "30A");
    assert_eq!(r.rulings[0].comparable.map(|c| c.value), Some(false));
    assert_eq!((r.lead_restrictions[0].seat, r.lead_restrictions[0].law.as_str()), (Seat::N, "26B"));
    assert_eq!(r.unauthorized_information.len(), 1);
    // Comparable: 26A, 16C2 off, 23C.
    let r = rule(&law26(forced(true))).unwrap();
    assert!(r.lead_restrictions.is_empty() && r.unauthorized_information.is_empty());
    assert_eq!(r.score_adjustment, vec!["23C", "72C"]);
    // By default 30A names 72C only, whatever the finding.
    let r = rule(&forced(false)).unwrap();
    assert!(r.lead_restrictions.is_empty() && r.rulings[0].comparable.is_none());
    assert_eq!(r.score_adjustment, vec!["72C"]);
}

#[test]
fn rulings_rotate_with_the_story() {
    let r = story(
        Seat::N,
        "N 1D, S P, W P, N P", // 34: reverts to E
    );
    let base = rule(&r).unwrap();
    for k in 1..4 {
        assert_eq!(rule(&r.rotate(k)).unwrap(), base.rotate(k));
    }
    assert_eq!(base.next, Some(Seat::E));
}

#[test]
fn an_inadmissible_redouble_at_a_restricted_turn_goes_to_law_36_not_to_30b2b() {
    use crate::ruling::Irregularity;
    // 2007 30B2(b) forbids E a double or redouble at this turn; but a
    // redouble with no double to redouble is inadmissible (35A): Law 36
    // rectifies it, not the restriction.
    let r = rule(&story_2007(Seat::N, "N 1H, W P, N reject, E XX")).expect("Law 36");
    let xx = r.rulings.iter().find(|x| x.call == Some(Call::Redouble)).expect("the redouble is ruled on");
    assert_ne!(xx.irregularity, Irregularity::CallWhenRestricted, "{xx:?}");
    assert!(xx.law.starts_with("36"), "{xx:?}");
}

#[test]
fn after_a_restricted_double_the_offender_may_replace_an_unintended_call_and_lho_may_condone() {
    use crate::ruling::Irregularity;
    let restricted = |r: &crate::Ruling| -> Vec<String> {
        r.rulings.iter().filter(|x| x.irregularity == Irregularity::CallWhenRestricted).map(|x| x.law.clone()).collect()
    };
    let mut slip = story_2007(Seat::N, "N 1H, W P, N reject, E X, E 1S");
    // 25A: the double was a slip for 1S, replaced at once: no 30B2(b)
    // rectification, the 1S stands at E's turn.
    slip.events[4].findings.unintended = Some(true);
    let r = rule(&slip).expect("2007 25A");
    assert_eq!(restricted(&r), Vec::<String>::new(), "{:?}", r.rulings);
    assert_eq!(r.auction, vec!["1H".parse().unwrap(), "1S".parse().unwrap()]);
    assert_eq!(r.next, Some(Seat::S));
    // The same 1S meant as a second call: the double is rectified first
    // (30B2(b)) and 1S is his call at that turn.
    slip.events[4].findings.unintended = None;
    let r = rule(&slip).expect("2007 30B2(b)");
    assert_eq!(restricted(&r), vec!["30B2(b)".to_string()]);
    assert_eq!(r.auction, vec!["1H".parse().unwrap(), "1S".parse().unwrap()]);
    // South calls over the double before the director came: 11A, the
    // double stands.
    let over = story_2007(Seat::N, "N 1H, W P, N reject, E X, S XX");
    let r = rule(&over).expect("11A");
    assert_eq!(restricted(&r), vec!["11A".to_string()]);
    assert_eq!(r.auction.len(), 3, "1H X XX stand");
}

#[test]
fn a_pass_out_of_rotation_over_partners_artificial_call_is_ruled_as_a_bid() {
    use crate::meanings::Meaning;
    // 30C: N's 2C is artificial; S passes it out of rotation at E's turn
    // (his RHO's). W does not accept: the pass is ruled as a bid (Law 31),
    // not as a pass (30A).
    let mut oor = story(Seat::N, "N 2C, S P, W reject");
    oor.events[0].findings.means = Some(Meaning { artificial: Some(true), ..Default::default() });
    let r = rule(&oor).expect("30C");
    assert_eq!(r.rulings[0].irregularity, crate::ruling::Irregularity::PassOutOfRotation);
    assert!(r.rulings[0].law.starts_with("31"), "{:?}", r.rulings);
    // The same pass over N's natural 2C is a pass out of rotation (30A).
    let natural = story(Seat::N, "N 2C, S P, W reject");
    assert_eq!(rule(&natural).expect("30A").rulings[0].law, "30A");
}

#[test]
fn an_inadmissible_double_out_of_rotation_replaced_as_a_slip_is_25a() {
    use crate::ruling::Irregularity;
    // S doubles his partner's 1H at E's turn (inadmissible and out of
    // rotation), and at once puts 1S, the call he meant, in its place
    // (25A1): no 36B4; the 1S is itself out of rotation, W's option (29A).
    let mut slip = story(Seat::N, "N 1H, S X, S 1S");
    slip.events[2].findings.unintended = Some(true);
    let r = rule(&slip).expect("25A1");
    assert_eq!(r.rulings.len(), 1, "{:?}", r.rulings);
    assert_eq!((r.rulings[0].irregularity, r.rulings[0].law.as_str()), (Irregularity::ChangeOfCall, "25A1"));
    assert_eq!(r.decision.as_ref().map(|d| (d.seat, d.law.as_str())), Some((Seat::W, "29A")));
    assert!(r.must_pass.is_empty(), "no 36B4 bar: {:?}", r.must_pass);
    // Meant, the double is rectified under 36B4 first.
    slip.events[2].findings.unintended = None;
    let r = rule(&slip).expect("36B4");
    assert_eq!(r.rulings[0].law, "36B4");
}

/// 32 and 36A: the offender's LHO calls over an inadmissible double out of
/// rotation before rectification. Both calls are cancelled (LHO's is
/// unauthorised to the offending side), nobody is barred, and the player
/// whose turn it was calls; when LHO was that player, his call stands in
/// rotation.
#[test]
fn lho_s_call_over_an_inadmissible_double_out_of_rotation_is_36a() {
    // S doubles his partner's 1S at E's turn; W (S's LHO) bids 2C.
    let r = rule(&story(Seat::N, "N 1S, S X, W 2C")).expect("36A");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::S, "36A")], "{r:?}");
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::E), vec!["1S".parse().unwrap()]));
    assert!(r.must_pass.is_empty() && r.lead_restrictions.is_empty(), "{r:?}");
    // W doubles before the dealer (N) has called: nothing to double. N,
    // W's LHO and the player whose turn it was, opens 1S: it stands.
    let r = rule(&story(Seat::N, "W X, N 1S")).expect("36A");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::W, "36A")], "{r:?}");
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::E), vec!["1S".parse().unwrap()]));
    assert!(r.must_pass.is_empty(), "{r:?}");
}

/// 35A names the call: an inadmissible redouble out of rotation is
/// `inadmissible-redouble`, a double `inadmissible-double` (36B4 both).
#[test]
fn an_inadmissible_call_out_of_rotation_is_named_double_or_redouble() {
    use crate::ruling::Irregularity;
    // W redoubles his partner's double at S's turn; S doubles his
    // partner's 1S at E's turn.
    for (events, seat, name) in [
        ("N 1S, E X, W XX", Seat::W, Irregularity::InadmissibleRedouble),
        ("N 1S, S X", Seat::S, Irregularity::InadmissibleDouble),
    ] {
        let r = rule(&story(Seat::N, events)).expect("36B4");
        let x = &r.rulings[0];
        assert_eq!((x.seat, x.irregularity, x.law.as_str()), (seat, name, "36B4"), "{events}");
    }
}

/// 29A: the option is the offender's LHO's alone: another player's reject
/// (or accept) is an impossible story, said so.
#[test]
fn only_the_offender_s_lho_accepts_or_rejects_a_call_out_of_rotation() {
    // S opens 1S at N's turn; W holds the option.
    for other in ["E reject", "N reject", "E accept"] {
        let e = rule(&story(Seat::N, &format!("S 1S, {other}"))).unwrap_err();
        assert!(matches!(e, RuleError::Impossible { .. }), "{other}: {e}");
    }
    let r = rule(&story(Seat::N, "S 1S, W reject")).expect("29B");
    assert_eq!(r.rulings[0].seat, Seat::S);
}

/// 25A1 while LHO's 29A option is open: S opens 1S at N's turn and at once
/// puts 1H, the call he meant, in its place. The slip goes without
/// rectification; the 1H is out of rotation where the slip was, and W
/// holds the option on it.
#[test]
fn a_call_out_of_rotation_replaced_as_a_slip_is_25a1_and_w_s_option_is_on_the_new_call() {
    let mut slip = story(Seat::N, "S 1S, S 1H");
    slip.events[1].findings.unintended = Some(true);
    let r = rule(&slip).expect("25A1");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.call, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::S, Some("1H".parse().unwrap()), "25A1")], "{r:?}");
    assert_eq!(r.decision.as_ref().map(|d| (d.seat, d.law.as_str())), Some((Seat::W, "29A")));
}

/// 29A: the offender calling again while LHO holds the option, his call
/// not found unintended, is no 25A1 replacement: the call is held and W
/// still holds the option on the 1S.
#[test]
fn the_offender_s_second_call_out_of_rotation_is_held_unless_found_unintended() {
    let r = rule(&story(Seat::N, "S 1S, S 1H")).expect("29A");
    assert!(r.rulings.is_empty(), "{r:?}");
    assert_eq!(r.decision.as_ref().map(|d| (d.seat, d.law.as_str())), Some((Seat::W, "29A")));
    assert!(r.auction.is_empty());
}

/// The partner of the player who called out of rotation calls at his own
/// turn before LHO chose (W bids 1H at E's turn, E bids 2D): W's call is
/// cancelled (31B) and E's stands. A call held meanwhile (S's 2C, made
/// while N held the option) is ruled first, being the earlier call: it is
/// then out of rotation at E's turn, and E's call cancels it (28B). A
/// finding of `unintended` on E's call is checked as on any call: he has
/// no call to replace.
#[test]
fn partner_s_call_at_his_turn_comes_after_the_calls_held_before_it() {
    let r = rule(&story(Seat::N, "N 1S, W 1H, S 2C, E 2D")).expect("31B, 28B");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::W, "31B"), (Seat::S, "28B")], "{r:?}");
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::S), vec!["1S".parse().unwrap(), "2D".parse().unwrap()]));
    let e = rule(&story(Seat::N, "N 1S, W 1H, E 2D ~u")).unwrap_err();
    assert!(matches!(e, RuleError::Impossible { .. }) && e.to_string().contains("no call that stands"), "{e}");
}

/// 2007 30B1: S's pass at E's turn, cancelled, is disposed of at once (S
/// passes at his next turn; no lead restriction to lapse), so nothing of
/// it waits for S's turn, and E may change a call made on misinformation
/// meanwhile (21B1(a)).
#[test]
fn a_2007_pass_out_of_rotation_disposed_of_at_once_leaves_nothing_waiting() {
    let r = rule(&story_2007(Seat::N, "N 1S, S P, W reject, E 2H, E misinformed")).expect("30B1, 21B1(a)");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::S, "30B1"), (Seat::E, "21B1(a)")], "{r:?}");
    assert_eq!(r.next, Some(Seat::E));
}

/// Law 32 names 26B for a double out of rotation whatever it showed (2007:
/// any one suit): a double at partner's turn that showed hearts is ruled
/// with the whole 26B restriction, not one on hearts.
#[test]
fn a_double_out_of_rotation_restricts_the_lead_whatever_it_showed() {
    let mut q = story_2007(Seat::N, "N 1S, W X, N reject");
    q.events[1].findings.means =
        Some(serde_json::from_value(serde_json::json!({"artificial": true, "shows": ["H"]})).expect("a meaning"));
    let r = rule(&q).expect("32A");
    assert_eq!(r.rulings[0].law, "32A");
    let leads: Vec<_> = r.lead_restrictions.iter().map(|l| (l.seat, l.law.as_str())).collect();
    assert_eq!(leads, vec![(Seat::E, "26B")], "{r:?}");
    assert_eq!(r.lead_restrictions[0].declarer_may_prohibit_one_of.len(), 4, "{r:?}");
}

/// 31A2: after a bid out of rotation at RHO's turn is cancelled, RHO bids
/// (he "acts"); the offender may then call what he likes at his turn, and
/// his call is judged (2017: comparable or not). Only after RHO's pass must
/// he repeat his bid (31A1).
#[test]
fn after_rho_acts_the_offender_calls_freely_and_is_judged_under_31a2() {
    // S bids 2S at E's turn; W refuses it; E bids 3C; S bids 3S.
    let r = rule(&story(Seat::N, "N 1S, S 2S, W reject, E 3C, S 3S")).expect("31A2");
    assert!(r.rulings[0].law.starts_with("31A2"), "{:?}", r.rulings);
    assert_eq!(r.auction.last(), Some(&"3S".parse().unwrap()));
}

/// 28B by regulation is for the player whose turn was lost, as the very
/// next event: another player's call out of rotation then (N, who passed
/// out of turn, bids at S's turn) is no 28B call; it is ruled as a call out
/// of rotation, E's option (29A).
#[test]
fn only_the_player_whose_turn_was_lost_calls_under_28b() {
    use crate::regulations::Law28bAfterAcceptance::Applies;
    let r = rule(&regulated(story(Seat::W, "N P, E P, N 1C"), |g| g.law_28b_after_acceptance = Applies)).unwrap();
    assert!(r.rulings.iter().all(|x| x.law != "28B"), "{:?}", r.rulings);
    assert_eq!(r.decision.map(|d| (d.seat, d.law)), Some((Seat::E, "29A".to_string())));
}

/// 2007 31A2: RHO having acted, the offender's call at his turn is judged
/// by its denomination. Repeating spades (3S for 2S) bars partner at his
/// next turn (a); another denomination bars him for the rest of the
/// auction with a lead restriction (b); so too a repeat the director finds
/// is not the same denomination, and an artificial bid that specified no
/// denomination, repeated by another that specifies none.
#[test]
fn in_2007_the_call_after_rho_acts_is_judged_by_its_denomination() {
    let laws = |r: &crate::Ruling| (r.rulings[0].law.clone(), r.lead_restrictions.len());
    let r = rule(&story_2007(Seat::N, "N 1S, S 2S, W reject, E 3C, S 3S")).expect("31A2(a)");
    assert_eq!(laws(&r), ("31A2(a)".to_string(), 0), "{r:?}");
    let r = rule(&story_2007(Seat::N, "N 1S, S 2S, W reject, E 3C, S 3D")).expect("31A2(b)");
    assert_eq!(laws(&r), ("31A2(b)".to_string(), 1), "{r:?}");
    let mut q = story_2007(Seat::N, "N 1S, S 2S, W reject, E 3C, S 3S");
    q.events[4].findings.same_denomination = Some(false);
    assert_eq!(laws(&rule(&q).expect("31A2(b)")).0, "31A2(b)");
    let mut q = story_2007(Seat::N, "N 1S, S 2C, W reject, E 2H, S 3C");
    let artificial = || Some(serde_json::from_value(serde_json::json!({"artificial": true})).expect("a meaning"));
    q.events[1].findings.means = artificial();
    q.events[4].findings.means = artificial();
    assert_eq!(laws(&rule(&q).expect("31A2(b)")).0, "31A2(b)");
}

/// 17D3 (2017; WBF Laws Commentary, Law 17, example 15): after 1S, E P,
/// S P, N passes at W's turn: with W's turn lost it would be the third pass
/// and end the auction, so it is cancelled at once (34), W to call. E, N's
/// LHO, passing over it as the very next event accepted it: his pass is no
/// offence, and goes with it, without a ruling entry or a 16C2 entry.
#[test]
fn lho_s_pass_over_a_cancelled_third_pass_goes_with_it() {
    let one_spade = || vec!["1S".parse().unwrap(), Call::Pass, Call::Pass];
    let r = rule(&story(Seat::N, "N 1S, E P, S P, N P")).expect("34");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::N, "34")], "{r:?}");
    assert_eq!((r.decision.clone(), r.next, r.auction.clone()), (None, Some(Seat::W), one_spade()), "{r:?}");
    let r = rule(&story(Seat::N, "N 1S, E P, S P, N P, E P")).expect("34");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::N, "34")], "{r:?}");
    assert_eq!((r.next, r.auction.clone()), (Some(Seat::W), one_spade()), "{r:?}");
    assert!(r.unauthorized_information.iter().all(|u| u.from.seat == Seat::N), "{r:?}");
    // Only LHO's pass, and only as the very next event: N passing again
    // is cancelled again (34), and E passing out of turn later (at N's
    // turn, after W's 2C) is a call out of rotation, S's option (29A).
    let r = rule(&story(Seat::N, "N 1S, E P, S P, N P, N P")).expect("34 twice");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::N, "34"), (Seat::N, "34")], "{r:?}");
    let r = rule(&story(Seat::N, "N 1S, E P, S P, N P, W 2C, E P")).expect("29A");
    assert_eq!(r.decision.map(|d| (d.seat, d.law)), Some((Seat::S, "29A".to_string())));
}

/// 2007 30B2(b): the ban on partner's double holds for the one turn; once
/// his call stands there, the ruling shows it served.
#[test]
fn a_2007_30b2_double_ban_is_shown_served_once_partner_has_called() {
    let r = rule(&story_2007(Seat::N, "N 1H, W P, N reject, E 1S")).expect("30B2(b)");
    assert_eq!(r.call_restrictions.len(), 1, "{r:?}");
    assert!(!r.call_restrictions[0].in_force, "{r:?}");
}

/// 28A: W must pass (27B2: E corrected his insufficient 1H by 2C); N
/// bids at W's turn: W's pass is taken as made and N's 3S is in rotation.
#[test]
fn a_call_at_the_turn_of_an_rho_who_must_pass_is_in_rotation() {
    let r = rule(&story(Seat::N, "N 1S, E 1H, S reject, E 2C, S 2S, N 3S")).expect("28A");
    assert_eq!(r.auction, ["1S", "2C", "2S", "P", "3S"].map(|c| c.parse().unwrap()).to_vec(), "{r:?}");
    assert!(r.decision.is_none() && r.rulings.iter().all(|x| x.seat == Seat::E), "{r:?}");
    assert_eq!(r.next, Some(Seat::E));
}

/// The clause that finally disposes of a call out of rotation is written
/// on its own ruling entry, whatever was ruled before it (E's card shown
/// under 24A stays 24A).
#[test]
fn the_clause_at_the_offender_s_turn_is_written_on_his_own_entry() {
    let r = rule(&story_2007(Seat::N, "N 1S, E exposes H5, S 2S, W reject, E 3C, S 3S")).expect("31A2(a)");
    let laws: Vec<_> = r.rulings.iter().map(|x| (x.seat, x.law.as_str())).collect();
    assert_eq!(laws, vec![(Seat::E, "24A"), (Seat::S, "31A2(a)")], "{r:?}");
}

/// 17D3 and 22B: in an auction of passes it takes a fourth pass to end
/// it, so W's pass at S's turn after two passes ends nothing and is not
/// cancelled at once: N holds the 29A option on it.
#[test]
fn a_third_pass_of_an_auction_of_passes_out_of_rotation_is_n_s_option() {
    let r = rule(&story(Seat::N, "N P, E P, W P")).expect("29A");
    assert!(r.rulings.is_empty(), "{r:?}");
    assert_eq!(r.decision.map(|d| (d.seat, d.law)), Some((Seat::N, "29A".to_string())));
}

/// 2007 Law 26 applies when the offender chooses a different call for
/// that turn: W's 3D at E's turn, refused (31B), and the auction ends before
/// W's turn, so W chose none and the restriction registered at the
/// cancellation lapses (case L31-TKAQ).
#[test]
fn a_2007_lead_restriction_lapses_when_the_auction_ends_before_the_offender_s_turn() {
    let r = rule(&story_2007(Seat::N, "N 1S, E P, S 2S, W P, N P, W 3D, N reject, E P")).expect("31B");
    assert_eq!(r.rulings[0].law, "31B");
    assert!(r.lead_restrictions.is_empty(), "{r:?}");
    assert_eq!(r.contract.map(|c| c.declarer), Some(Seat::N));
}

/// What a rectification of Laws 30-32 left on the table: the obligations to
/// pass (seat, scope, clause), the lead restrictions (seat, clause), and the
/// clauses under which the score may be adjusted.
type Left = (Vec<(Seat, crate::ruling::Scope, String)>, Vec<(Seat, String)>, Vec<String>);

fn left(r: &crate::Ruling) -> Left {
    (
        r.must_pass.iter().map(|m| (m.seat, m.scope, m.law.clone())).collect(),
        r.lead_restrictions.iter().map(|l| (l.seat, l.law.clone())).collect(),
        r.score_adjustment.clone(),
    )
}

/// The ruling entry's clause, and what was left on the table.
fn ruled_left(q: &Request) -> (String, Left) {
    let r = rule(q).unwrap_or_else(|e| panic!("{e}"));
    (r.rulings[0].law.clone(), left(&r))
}

fn pass(seat: Seat, scope: crate::ruling::Scope, law: &str) -> (Seat, crate::ruling::Scope, String) {
    (seat, scope, law.to_string())
}

fn clauses(laws: &[&str]) -> Vec<String> {
    laws.iter().map(|l| l.to_string()).collect()
}

/// 2017 30A: after N's 1H, S passes at E's turn (his RHO's); W does not
/// accept. S must pass at his next turn, and 30A names 72C.
#[test]
fn a_2017_pass_at_rho_s_turn_bars_the_offender_once() {
    use crate::ruling::Scope::NextTurn;
    let r = ruled_left(&story(Seat::N, "N 1H, S P, W reject"));
    assert_eq!(r, ("30A".to_string(), (vec![pass(Seat::S, NextTurn, "30A")], vec![], clauses(&["72C"]))));
}

/// 2007 30A (case L30-93FR): E passes at N's turn before anyone has bid;
/// S does not accept. E must pass at his next turn, and 30A names Law 23.
/// 2007 30B1 (case L30-FR0A): after E's 1D, W passes at S's turn; N does
/// not accept. W must pass at his next turn; 30B1 names no other law.
/// 2007 30B2 (case L30-W5WL): after N's 1H, W passes at E's turn, his
/// partner's. W passes for the rest of the auction (a), E may not double or
/// redouble at that turn (b), and Law 23 is named.
#[test]
fn a_2007_pass_out_of_rotation_bars_the_offender_as_30a_30b1_and_30b2_say() {
    use crate::ruling::Scope::{NextTurn, RestOfAuction};
    let r = ruled_left(&story_2007(Seat::N, "E P, S reject, N 1S, E P"));
    assert_eq!(r, ("30A".to_string(), (vec![pass(Seat::E, NextTurn, "30A")], vec![], clauses(&["23"]))));
    let r = ruled_left(&story_2007(Seat::E, "E 1D, W P, N reject, S P"));
    assert_eq!(r, ("30B1".to_string(), (vec![pass(Seat::W, NextTurn, "30B1")], vec![], vec![])));
    let r = ruled_left(&story_2007(Seat::N, "N 1H, W P, N reject"));
    assert_eq!(r, ("30B2".to_string(), (vec![pass(Seat::W, RestOfAuction, "30B2(a)")], vec![], clauses(&["23"]))));
}

/// 2007 31A2 (cases L31-G386, L31-7HA4): N bids 1C at W's turn; E does
/// not accept; W opens 1S (RHO acts). N's 2C repeats the clubs: S passes
/// at his next turn, and Law 23 is named (a). N's 2NT is another
/// denomination: S passes for the rest of the auction, Law 26 on the 1C
/// (26A2: the call named clubs only), and Law 23 (b).
#[test]
fn a_2007_31a2_bar_falls_on_partner_once_or_throughout_with_law_23() {
    use crate::ruling::Scope::{NextTurn, RestOfAuction};
    let r = ruled_left(&story_2007(Seat::W, "N 1C, E reject, W 1S, N 2C"));
    assert_eq!(r, ("31A2(a)".to_string(), (vec![pass(Seat::S, NextTurn, "31A2(a)")], vec![], clauses(&["23"]))));
    let r = ruled_left(&story_2007(Seat::W, "N 1C, E reject, W 1S, N 2NT"));
    let barred = vec![pass(Seat::S, RestOfAuction, "31A2(b)")];
    assert_eq!(r, ("31A2(b)".to_string(), (barred, vec![(Seat::S, "26A2".to_string())], clauses(&["23"]))));
}

/// 2007 32A (case L32-66JW): after E's 3S, N doubles at S's turn (his
/// partner's); E does not accept. S passes for the rest of the auction,
/// Law 26 (32 names 26B) on the double, Law 23. 2007 32B2 (case L32-G16T):
/// after W's 1S and N's pass, S doubles at E's turn (his RHO's); W does not
/// accept; E raises to 2S and S bids 3C: N passes for the rest of the
/// auction, 26B on the double, Law 23.
#[test]
fn a_2007_double_out_of_rotation_bars_partner_throughout_with_26b_and_law_23() {
    use crate::ruling::Scope::RestOfAuction;
    let r = ruled_left(&story_2007(Seat::E, "E 3S, N X, E reject"));
    let want = (vec![pass(Seat::S, RestOfAuction, "32A")], vec![(Seat::S, "26B".to_string())], clauses(&["23"]));
    assert_eq!(r, ("32A".to_string(), want));
    let r = ruled_left(&story_2007(Seat::W, "W 1S, N P, S X, W reject, E 2S, S 3C"));
    let want = (vec![pass(Seat::N, RestOfAuction, "32B2")], vec![(Seat::N, "26B".to_string())], clauses(&["23"]));
    assert_eq!(r, ("32B2".to_string(), want));
}

/// 2017 31A2 (case L31-KH1P's story): S opens 1NT at E's turn; W does not
/// accept; E opens 3C (RHO acts). S's 3NT, found not comparable: N passes
/// at his next turn, 26B on the 1NT, 16C2, 72C (b). The same 3NT found
/// comparable: nothing more, the 1NT's information no longer unauthorised
/// (23B), and 23C (a).
#[test]
fn a_2017_31a2_call_is_judged_comparable_or_not() {
    use crate::ruling::Scope::NextTurn;
    let mut q = story(Seat::E, "S 1NT, W reject, E 3C, S 3NT ~n");
    let r = rule(&q).expect("31A2(b)");
    let want = (vec![pass(Seat::N, NextTurn, "31A2(b)")], vec![(Seat::N, "26B".to_string())], clauses(&["72C"]));
    assert_eq!((r.rulings[0].law.as_str(), left(&r)), ("31A2(b)", want));
    assert_eq!(r.unauthorized_information.len(), 1, "{r:?}");
    q.events[3].findings.comparable = Some(true);
    let r = rule(&q).expect("31A2(a)");
    assert_eq!((r.rulings[0].law.as_str(), left(&r)), ("31A2(a)", (vec![], vec![], clauses(&["23C"]))));
    assert!(r.unauthorized_information.is_empty(), "23B: {r:?}");
}
