//! Benchmark: what one ruling costs as its story grows, per event. A cost
//! per event that stays flat from 125 to 1000 events is a ruling linear in
//! its events (issue 14.4: it was quadratic for inadmissible calls, and
//! exponential in accepted passes out of rotation). No framework: a
//! warm-up, then timed rounds. Run with
//! `cargo bench -p rulings-engine --bench events`.

use std::hint::black_box;
use std::time::Instant;

use rulings_engine::{rule, Request};
use serde_json::{json, Value};

/// North opens 1C, then East bids eight spades again and again (38).
fn inadmissible(n: usize) -> Vec<Value> {
    let mut events = vec![json!({"N": "1C"})];
    events.extend((1..n).map(|_| json!({"E": "8S"})));
    events
}

/// South bids 1S over 1H; West rejects; again and again (27).
fn insufficient(n: usize) -> Vec<Value> {
    let mut events = vec![json!({"N": "1S"})];
    for k in 1..n {
        events.push(if k % 2 == 1 { json!({"E": "1H"}) } else { json!({"S": "reject"}) });
    }
    events
}

/// The longest climb: each bid followed by a pass out of rotation that the
/// next player accepts (29A), 34 bids in all; the events are fewer than
/// the others', whatever `n` asks.
fn accepted_passes(n: usize) -> Vec<Value> {
    const SEATS: [&str; 4] = ["N", "E", "S", "W"];
    let bids: Vec<String> = (1..=7).flat_map(|l| ["C", "D", "H", "S", "NT"].map(|s| format!("{l}{s}"))).collect();
    let mut events = vec![json!({"N": bids[0]})];
    let mut turn = 1;
    for bid in bids.iter().skip(1) {
        if events.len() + 3 > n {
            break;
        }
        let offender = (turn + 1) % 4;
        let lho = (offender + 1) % 4;
        events.push(json!({SEATS[offender]: "P"}));
        events.push(json!({SEATS[lho]: "accept"}));
        events.push(json!({SEATS[lho]: bid}));
        turn = (lho + 1) % 4;
    }
    events
}

fn request(events: Vec<Value>) -> Request {
    serde_json::from_value(json!({"edition": "2017", "dealer": "N", "events": events})).expect("a request")
}

/// A kind of story: its name, and the story of about `n` events.
type Story = (&'static str, fn(usize) -> Vec<Value>);

fn main() {
    let stories: [Story; 3] =
        [("inadmissible", inadmissible), ("insufficient", insufficient), ("accepted passes", accepted_passes)];
    println!("{:<16} {:>7} {:>12} {:>12}", "story", "events", "µs/ruling", "ns/event");
    for (name, make) in stories {
        for n in [125, 250, 500, 1000] {
            let r = request(make(n));
            let events = r.events.len();
            let _ = rule(&r);
            let rounds = (200_000 / events).max(20);
            let started = Instant::now();
            for _ in 0..rounds {
                let _ = black_box(rule(black_box(&r)));
            }
            let each = started.elapsed().as_secs_f64() / rounds as f64;
            println!("{name:<16} {events:>7} {:>12.1} {:>12.0}", each * 1e6, each * 1e9 / events as f64);
        }
    }
}
