//! The engine as a program that embeds it sees it: outside the crate, only
//! its public API. What the project adds as it grows (a law, a finding, an
//! edition, a regulation option, a field of a request or of a ruling) must
//! not break such a program, so this file uses the API the way that program
//! must: lists as slices, `Regulations` and `Request` from their defaults
//! and `with_` methods, findings by assigning the fields it knows, rulings
//! read with `..`, and a `_` arm on every kind that grows. A change that
//! would break an embedder in one of these ways breaks this file first.

use rulings_engine::family::{IncidentKind, FAMILIES};
use rulings_engine::protocol::{FromImplementation, Hello, PROTOCOL};
use rulings_engine::refusal::IrregularCall;
use rulings_engine::regulations::{
    AcceptedSecondInsufficientBid, ComparableReading, InsufficientBidOutOfRotation, Law26After30a,
    Law28bAfterAcceptance, SecondInsufficientBid, SubstitutedPassOutOfRotation, FEATURES,
};
use rulings_engine::request::Finding;
use rulings_engine::ruling::{IrregularityRuling, MustPass, Scope};
use rulings_engine::{rule, Action, Call, Edition, Event, Findings, Regulations, Request, Ruling, Seat, Vulnerability};

/// A list, as its type is part of the API: `&'static [T]`, which a new
/// variant lengthens without changing. Were a list an array again, this
/// would not compile.
fn list<T>(all: &'static [T]) -> &'static [T] {
    all
}

/// Every edition reads back from the year it is written as, and a `match`
/// on one has a `_` arm, for the editions to come.
#[test]
fn the_editions_are_a_list_to_read() {
    let editions = list(Edition::ALL);
    assert!(editions.contains(&Edition::default()));
    for e in editions {
        assert_eq!(e.year().parse::<Edition>(), Ok(*e));
        let laws_of = match e {
            Edition::E1997 => "1997",
            Edition::E2007 => "2007",
            Edition::E2017 => "2017",
            _ => "a later edition",
        };
        assert_eq!(laws_of, e.year());
    }
}

/// Every finding is a key an event may carry, every irregular call and
/// incident has its family: read through the lists, whatever their length.
#[test]
fn findings_calls_and_incidents_are_lists_to_read() {
    let keys = Findings::keys();
    for f in list(Finding::ALL) {
        assert!(keys.contains(&f.key()), "{f:?}: `{}` is not a key of the findings", f.key());
    }
    for why in list(IrregularCall::ALL) {
        let family = rulings_engine::family::family_of_irregular_call(*why);
        assert!(family.is_some(), "{why}: no family rectifies it");
    }
    for kind in list(IncidentKind::ALL) {
        assert_eq!(FAMILIES.iter().filter(|f| f.incidents.contains(kind)).count(), 1, "{kind:?}");
    }
}

/// Regulations from their defaults, each option set by its own method: the
/// options set, and only those, need their protocol features.
#[test]
fn regulations_are_built_option_by_option() {
    assert!(Regulations::default().is_default());
    let r = Regulations::default()
        .with_similar_suit_cards(0)
        .with_similar_hcp_below(1)
        .with_similar_hcp_above(4)
        .with_comparable_reading(ComparableReading::Strict)
        .with_second_insufficient_bid(SecondInsufficientBid::AllowCorrection)
        .with_accepted_second_insufficient_bid(AcceptedSecondInsufficientBid::ComparableLifts)
        .with_insufficient_bid_out_of_rotation(InsufficientBidOutOfRotation::Law31Bar)
        .with_law_28b_after_acceptance(Law28bAfterAcceptance::Applies)
        .with_law_26_after_30a(Law26After30a::IfNotComparable)
        .with_substituted_pass_out_of_rotation(SubstitutedPassOutOfRotation::WhereMade);
    assert_eq!((r.similar_suit_cards, r.similar_hcp_below, r.similar_hcp_above), (0, 1, 4));
    // An option's readings may grow: a `match` on one has a `_` arm.
    let reading = match r.comparable_reading {
        ComparableReading::Liberal => "liberal",
        ComparableReading::Strict => "strict",
        _ => "another reading",
    };
    assert_eq!(reading, "strict");
    let needed = r.features();
    // The options above, each named in the list of options.
    for f in [
        "regulation:similar",
        "regulation:comparable_reading",
        "regulation:second_insufficient_bid",
        "regulation:accepted_second_insufficient_bid",
        "regulation:insufficient_bid_out_of_rotation",
        "regulation:law_28b_after_acceptance",
        "regulation:law_26_after_30a",
        "regulation:substituted_pass_out_of_rotation",
    ] {
        assert!(needed.contains(&f), "{f} is not needed");
        assert!(list(FEATURES).contains(&f), "{f} is not an option");
    }
    // One option off its default needs its feature alone.
    let one = Regulations::default().with_law_26_after_30a(Law26After30a::IfNotComparable);
    assert_eq!(one.features(), ["regulation:law_26_after_30a"]);
    // A field assigned is the other way to set an option.
    let mut assigned = Regulations::default();
    assigned.law_26_after_30a = Law26After30a::IfNotComparable;
    assert_eq!(assigned, one);
}

/// North opens 1S, East bids 1H (insufficient), South does not accept it
/// (27A1) and East replaces it with 2C: not the same denomination (27B1(a)
/// does not apply). The director's finding that 2C is comparable (23A) lets
/// the auction go on without barring West (27B1(b)); with no finding, and
/// no meanings to compare, it is not comparable and West must pass for the
/// rest of the auction (27B2).
fn insufficient_bid_replaced(comparable: Option<bool>) -> Request {
    let call = |seat, text: &str| Event::new(seat, Action::Call(text.parse::<Call>().expect("a call")));
    let mut replacement = call(Seat::E, "2C");
    replacement.findings.comparable = comparable;
    let events = vec![call(Seat::N, "1S"), call(Seat::E, "1H"), Event::new(Seat::S, Action::Reject), replacement];
    Request::new(Edition::E2017, Seat::N, events).with_vulnerable(Vulnerability::Both)
}

/// A request built with its constructor, findings set by assigning a field,
/// and a ruling read through its fields and `..` patterns.
#[test]
fn a_request_is_built_and_its_ruling_read() {
    let comparable = rule(&insufficient_bid_replaced(Some(true))).expect("ruled");
    let [IrregularityRuling { seat: Seat::E, law, .. }] = comparable.rulings.as_slice() else {
        panic!("one ruling, on East's 1H: {:?}", comparable.rulings)
    };
    assert_eq!(law, "27B1(b)");
    assert!(comparable.must_pass.is_empty(), "{:?}", comparable.must_pass);
    assert_eq!(comparable.next, Some(Seat::S));

    let not_found = rule(&insufficient_bid_replaced(None)).expect("ruled");
    assert_eq!(not_found.rulings[0].law, "27B2");
    let [MustPass { seat: Seat::W, scope, law, .. }] = not_found.must_pass.as_slice() else {
        panic!("West alone must pass: {:?}", not_found.must_pass)
    };
    assert_eq!((*scope, law.as_str()), (Scope::RestOfAuction, "27B2"));

    // The same story under a regulation: a request's `with_` methods.
    let request = insufficient_bid_replaced(None).with_regulations(Some(Regulations::default()));
    assert_eq!(rule(&request).expect("ruled"), not_found);
}

/// The table before any call, as an embedder that must make a ruling of its
/// own makes it, is the engine's ruling on a story of no event.
#[test]
fn the_ruling_before_any_call_is_the_engines() {
    for &edition in Edition::ALL {
        for dealer in Seat::ALL {
            let ruled = rule(&Request::new(edition, dealer, Vec::new())).expect("ruled");
            assert_eq!(Ruling::before_any_call(dealer), ruled, "{edition}, {dealer} dealing");
        }
    }
}

/// A program that speaks the protocol in Rust makes its hello and its
/// answers with their constructors: the messages are as docs/protocol.md
/// writes them.
#[test]
fn a_program_makes_its_protocol_messages() {
    let hello = Hello::new("my-director", "0.3", vec![Edition::E2017], vec!["insufficient-bid".to_string()]);
    assert_eq!(hello.protocol, PROTOCOL);
    assert_eq!(
        serde_json::to_value(FromImplementation::Hello(hello)).expect("written"),
        serde_json::json!({"type": "hello", "protocol": PROTOCOL, "name": "my-director", "version": "0.3",
                           "editions": ["2017"], "features": ["insufficient-bid"]})
    );
    let seq = serde_json::json!(7);
    let refused = FromImplementation::refused(seq.clone(), 1, "an insufficient bid".to_string());
    assert_eq!(
        serde_json::to_value(refused).expect("written"),
        serde_json::json!({"type": "refused", "seq": 7, "event": 1, "reason": "an insufficient bid"})
    );
    let skipped = FromImplementation::skipped(seq.clone(), "no Law 24 yet".to_string(), None);
    assert_eq!(
        serde_json::to_value(skipped).expect("written"),
        serde_json::json!({"type": "skipped", "seq": 7, "reason": "no Law 24 yet"})
    );
    let ruling = FromImplementation::ruling(seq, Ruling::before_any_call(Seat::N));
    let written = serde_json::to_value(ruling).expect("written");
    assert_eq!((written["type"].as_str(), written["ruling"]["next"].as_str()), (Some("ruling"), Some("N")));
}
