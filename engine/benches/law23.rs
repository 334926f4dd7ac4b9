//! Benchmark: the cost of one Law 23 comparability check, meanings read
//! into hand sets included, over a few realistic pairs. No framework: a
//! warm-up, then a timed loop with `std::time::Instant`, printing the mean
//! nanoseconds per check. Run with `cargo bench -p rulings-engine --bench law23`.

use std::hint::black_box;
use std::time::Instant;

use rulings_engine::__bench::comparable;
use rulings_engine::meanings::{Meaning, Range};
use rulings_engine::Regulations;

fn range(s: &str) -> Option<Range> {
    Some(s.parse().expect("a range"))
}

fn weak_two(hearts: bool) -> Meaning {
    let mut m = Meaning { hcp: range("5-10"), ..Default::default() };
    if hearts {
        m.hearts = range("6");
    } else {
        m.spades = range("6");
    }
    m
}

fn main() {
    let multi = Meaning {
        hcp: range("5-10"),
        artificial: Some(true),
        shows: Some(vec![]),
        any_of: Some(vec![weak_two(true), weak_two(false)]),
        ..Default::default()
    };
    let nt = |r: &str| Meaning { hcp: range(r), balanced: Some(true), ..Default::default() };
    let strong = Meaning { hcp: range("22+"), artificial: Some(true), shows: Some(vec![]), ..Default::default() };
    let takeout = Meaning { hcp: range("12+"), spades: range("-2"), shows: Some(vec![]), ..Default::default() };
    let stayman = Meaning {
        hcp: range("8+"),
        artificial: Some(true),
        purpose: Some("stayman".into()),
        any_of: Some(vec![
            Meaning { hearts: range("4+"), ..Default::default() },
            Meaning { spades: range("4+"), ..Default::default() },
        ]),
        ..Default::default()
    };
    let stayman3 =
        Meaning { hcp: range("8+"), artificial: Some(true), purpose: Some("stayman".into()), ..Default::default() };

    let natural3c = Meaning { hcp: range("8+"), clubs: range("6+"), ..Default::default() };
    let pairs: Vec<(&str, Meaning, Meaning)> = vec![
        ("Multi 2D -> weak 3H (23A2)", multi.clone(), weak_two(true)),
        ("2NT 20-21 -> 3NT 20-22 (23A1)", nt("20-21"), nt("20-22")),
        ("Stayman 2C -> 3C Stayman (23A3)", stayman.clone(), stayman3),
        ("Stayman 2C -> natural 3C (no)", stayman, natural3c),
        ("1NT 15-17 -> 2NT 20-21 (no)", nt("15-17"), nt("20-21")),
        ("strong 2C -> take-out X (no)", strong, takeout),
    ];
    let regs = Regulations::default();
    let rounds: u32 = 2_000;

    let mut total_ns = 0u128;
    let mut checks = 0u128;
    for (name, w, r) in &pairs {
        for _ in 0..100 {
            black_box(comparable(Some(black_box(w)), Some(black_box(r)), None, &regs));
        }
        let start = Instant::now();
        for _ in 0..rounds {
            black_box(comparable(Some(black_box(w)), Some(black_box(r)), None, &regs));
        }
        let ns = start.elapsed().as_nanos();
        let verdict = comparable(Some(w), Some(r), None, &regs);
        println!("{name:<34} {:>8} ns/check  ({:?})", ns / rounds as u128, verdict);
        total_ns += ns;
        checks += rounds as u128;
    }
    println!("mean over {} pairs: {} ns per comparability check", pairs.len(), total_ns / checks);
}
