//! The engine's bounds: a story at the event limit is ruled on, one event
//! more is refused with the reason. (How long a long story takes is
//! measured by `cargo bench -p rulings-engine --bench events`, not here.)

use rulings_engine::{rule, Request, RuleError, MAX_EVENTS};

/// North opens 1C, then East bids eight spades `n` times (Law 38 each time).
fn eight_spades(n: usize) -> Request {
    let mut events = vec![serde_json::json!({"N": "1C"})];
    events.extend((0..n).map(|_| serde_json::json!({"E": "8S"})));
    serde_json::from_value(serde_json::json!({"edition": "2017", "dealer": "N", "events": events})).expect("a request")
}

#[test]
fn a_story_at_the_limit_is_ruled_on() {
    let ruling = rule(&eight_spades(MAX_EVENTS - 1)).expect("ruled");
    assert_eq!(ruling.rulings.len(), MAX_EVENTS - 1);
}

#[test]
fn a_story_beyond_the_limit_is_refused() {
    match rule(&eight_spades(MAX_EVENTS)) {
        Err(e @ RuleError::Impossible { .. }) => {
            let text = e.to_string();
            assert!(text.contains("the story has 1001 events; at most 1000"), "{text}");
        }
        other => panic!("refused: {other:?}"),
    }
}
