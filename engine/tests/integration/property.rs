//! Property test: random table stories (calls by any seat, in or out of
//! turn, accept/reject anywhere, findings and meanings at random) never
//! make the engine panic, whatever the regulation options; every ruling is
//! canonical and survives a JSON round trip; and the four seat rotations
//! agree.
//!
//! `RULINGS_PROPTEST_CASES` sets how many stories (default 3000);
//! `RULINGS_PROPTEST_SEED` replays a run.

use rulings_engine::clauses::sort_key;
use rulings_engine::meanings::{Meaning, Range};
use rulings_engine::notation::{Bid, Call, Seat, Strain, Vulnerability};
use rulings_engine::request::{Action, Edition, Event, Findings, Request};
use rulings_engine::{rule, rule_each, Regulations, RuleError, Ruling};

/// xorshift64*: small, deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

fn random_call(rng: &mut Rng) -> Call {
    match rng.below(10) {
        0..=3 => Call::Pass,
        4 => Call::Double,
        5 => Call::Redouble,
        _ => {
            let level = if rng.chance(3) { 8 + rng.below(3) as u8 } else { 1 + rng.below(7) as u8 };
            Call::Bid(Bid::new(level, Strain::ALL[rng.below(5) as usize]))
        }
    }
}

/// A card event (Law 24): one or two cards exposed, or one led.
fn random_cards(rng: &mut Rng) -> Action {
    fn card(rng: &mut Rng) -> String {
        let suit = ["S", "H", "D", "C"][rng.below(4) as usize];
        let rank = ["A", "K", "Q", "J", "T", "9", "5", "2"][rng.below(8) as usize];
        format!("{suit}{rank}")
    }
    let text = match rng.below(3) {
        0 => format!("leads {}", card(rng)),
        1 => format!("exposes {}", card(rng)),
        _ => format!("exposes {} {}", card(rng), card(rng)),
    };
    text.parse().unwrap_or(Action::Call(Call::Pass))
}

fn random_range(rng: &mut Rng, max: u8) -> Range {
    let a = rng.below(max as u64 + 1) as u8;
    let b = a + rng.below((max - a) as u64 + 1) as u8;
    match rng.below(3) {
        0 => Range { min: Some(a), max: Some(b) },
        1 => Range { min: Some(a), max: None },
        _ => Range { min: None, max: Some(b) },
    }
}

fn random_meaning(rng: &mut Rng, depth: u32) -> Meaning {
    let mut m = Meaning::default();
    if rng.chance(60) {
        m.hcp = Some(random_range(rng, 37));
    }
    for slot in [&mut m.clubs, &mut m.diamonds, &mut m.hearts, &mut m.spades] {
        if rng.chance(30) {
            *slot = Some(random_range(rng, 13));
        }
    }
    if rng.chance(20) {
        m.balanced = Some(rng.chance(50));
    }
    if rng.chance(25) {
        m.shows = Some((0..rng.below(3)).map(|_| Strain::ALL[rng.below(5) as usize]).collect());
    }
    if rng.chance(25) {
        m.artificial = Some(rng.chance(50));
    }
    if rng.chance(15) {
        m.purpose = Some(["stayman", "relay", "ask"][rng.below(3) as usize].to_string());
    }
    if depth < 2 && rng.chance(10) {
        m.any_of = Some((0..1 + rng.below(3)).map(|_| random_meaning(rng, depth + 1)).collect());
    }
    m
}

fn random_request(rng: &mut Rng) -> Request {
    let dealer = Seat::ALL[rng.below(4) as usize];
    let mut events = Vec::new();
    let mut turn = dealer;
    for _ in 0..rng.below(24) {
        // Mostly in turn, so stories go deep; sometimes anyone.
        let seat = if rng.chance(80) { turn } else { Seat::ALL[rng.below(4) as usize] };
        let action = match rng.below(25) {
            0 => Action::Accept,
            1 => Action::Reject,
            2 => random_cards(rng),
            // The two incidents of the auction period (2017 15A / 2007 17D,
            // and 21B), as a story writes them.
            3 => "wrong board".parse().unwrap_or(Action::Call(Call::Pass)),
            4 => "misinformed".parse().unwrap_or(Action::Call(Call::Pass)),
            _ => Action::Call(random_call(rng)),
        };
        let mut findings = Findings::default();
        if rng.chance(8) {
            findings.unintended = Some(rng.chance(50));
        }
        if rng.chance(10) {
            findings.comparable = Some(rng.chance(50));
        }
        if rng.chance(8) {
            findings.same_denomination = Some(rng.chance(50));
        }
        if rng.chance(20) {
            findings.means = Some(random_meaning(rng, 0));
        }
        events.push(Event { seat, action, findings });
        turn = seat.lho();
    }
    let vulnerable =
        [Vulnerability::None, Vulnerability::NS, Vulnerability::EW, Vulnerability::Both][rng.below(4) as usize];
    let regulations = rng.chance(30).then(|| random_regulations(rng));
    Request::new(Default::default(), dealer, events).with_vulnerable(vulnerable).with_regulations(regulations)
}

/// Every regulation option at a random value, the tolerances small. Built
/// as a program that embeds the engine builds it (`Regulations` is
/// non-exhaustive): from the defaults, each two-valued option at its other
/// reading half the time, read off the list of options
/// ([`FEATURES`](rulings_engine::regulations::FEATURES)), so that an option
/// added later is drawn too.
fn random_regulations(rng: &mut Rng) -> Regulations {
    use rulings_engine::regulations::FEATURES;
    let mut r = Regulations::default()
        .with_similar_suit_cards(rng.below(3) as u8)
        .with_similar_hcp_below(rng.below(4) as u8)
        .with_similar_hcp_above(rng.below(5) as u8);
    for feature in FEATURES {
        if rng.below(2) == 1 {
            r = r.with_other_reading(feature);
        }
    }
    r
}

/// Lists in canonical order: adjustment clauses once each, in law order;
/// prohibited suits in rank order, no notrump.
fn assert_canonical(r: &Ruling, story: &Request) {
    let mut sorted = r.score_adjustment.clone();
    sorted.sort_by_key(|c| sort_key(c));
    sorted.dedup();
    assert_eq!(r.score_adjustment, sorted, "score_adjustment not canonical for {story:?}");
    for l in &r.lead_restrictions {
        let mut suits = l.declarer_may_prohibit_one_of.clone();
        suits.sort();
        suits.dedup();
        assert_eq!(l.declarer_may_prohibit_one_of, suits, "suits not canonical for {story:?}");
        assert!(!suits.contains(&Strain::NT));
    }
    let json = serde_json::to_string(r).expect("a ruling serialises");
    let back: Ruling = serde_json::from_str(&json).expect("a ruling reads back");
    assert_eq!(&back, r, "JSON round trip changed the ruling");
}

#[test]
fn random_stories_never_panic_and_rotations_agree() {
    let cases: u64 = std::env::var("RULINGS_PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(3000);
    let seed: u64 = std::env::var("RULINGS_PROPTEST_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5EED_2017);
    let mut rng = Rng(seed | 1);
    let (mut ruled, mut refused) = (0, 0);
    for n in 0..cases {
        let mut story = random_request(&mut rng);
        // Every third story in each edition.
        story.edition = [Edition::E2017, Edition::E2007, Edition::E1997][(n % 3) as usize];
        let result = match std::panic::catch_unwind(|| rule(&story)) {
            Ok(r) => r,
            Err(_) => panic!("story {n} (seed {seed}) made the engine panic: {story:#?}"),
        };
        match &result {
            Ok(r) => {
                ruled += 1;
                assert_canonical(r, &story);
            }
            Err(_) => refused += 1,
        }
        for steps in 1..4 {
            let rotated = rule(&story.rotate(steps));
            match (&result, rotated) {
                (Ok(a), Ok(b)) => assert_eq!(&b.rotate(4 - steps), a, "rotation {steps} disagrees: {story:#?}"),
                (Err(_), Err(_)) => {}
                (a, b) => panic!("rotation {steps} disagrees on ruling at all: {a:?} vs {b:?} for {story:#?}"),
            }
        }
    }
    eprintln!("{cases} random stories: {ruled} ruled, {refused} refused with an error");
    assert!(ruled > 0, "the generator should produce some stories the engine rules on");
}

/// `rule_each` gives, in one pass, what `rule` gives for every prefix of
/// the story: the same rulings, stopping with the same error at the first
/// event that cannot be ruled on.
#[test]
fn rule_each_is_rule_of_every_prefix() {
    let mut rng = Rng(0x5EED_EAC4 | 1);
    for n in 0..400 {
        let mut story = random_request(&mut rng);
        story.edition = [Edition::E2017, Edition::E2007, Edition::E1997][(n % 3) as usize];
        let (rulings, error) = rule_each(&story);
        let prefix = |i: usize| story.clone().with_events(story.events[..=i].to_vec());
        for (i, r) in rulings.iter().enumerate() {
            assert_eq!(Ok(r), rule(&prefix(i)).as_ref(), "after event {i} of {story:#?}");
        }
        match error {
            None => assert_eq!(rulings.len(), story.events.len(), "{story:#?}"),
            Some(e) => assert_eq!(Err(&e), rule(&prefix(rulings.len())).as_ref(), "{story:#?}"),
        }
    }
    // Over the limit: no ruling, the limit's error.
    let long = Request::new(
        Edition::E2017,
        Seat::N,
        vec![Event::new(Seat::N, Action::Call(Call::Pass)); rulings_engine::MAX_EVENTS + 1],
    );
    let (rulings, error) = rule_each(&long);
    assert!(rulings.is_empty());
    assert_eq!(error.map(|e| e.to_string()), rule(&long).err().map(|e| e.to_string()));
}

/// No story answers "not yet supported" in any edition, but for the
/// situations docs/conventions.md names as outside the engine: a card
/// exposed before the first call (Law 16, not 24) or after the final pass
/// (the laws of the play), a wrong board or misinformation found while
/// another irregularity is being rectified, and a 2007/1997 17D2 repeat
/// after the turns an accepted call out of rotation took come back.
/// (Laws 28 and 30 are ruled in every edition, the 1997 ones included.)
#[test]
fn nothing_unsupported_but_what_the_conventions_name() {
    let cases: u64 = std::env::var("RULINGS_PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(3000);
    let seed: u64 = std::env::var("RULINGS_PROPTEST_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5EED_1997);
    let mut rng = Rng(seed | 1);
    for _ in 0..cases {
        let mut story = random_request(&mut rng);
        for edition in [Edition::E2017, Edition::E2007, Edition::E1997] {
            story.edition = edition;
            if let Err(RuleError::Unsupported { event, law, message }) = rule(&story) {
                let allowed = match law.as_str() {
                    "16D" => true,
                    "24" => message.contains("after the final pass"),
                    // An incident found while another irregularity is being
                    // rectified, and 17D2's repeat after lost turns come back
                    // (docs/conventions.md, wrong board and Law 21).
                    _ => {
                        message.contains("the two rectifications together are not ruled on")
                            || message.contains("while a call out of rotation is being rectified")
                            || message.contains("LHO's repeat is not ruled")
                    }
                };
                assert!(
                    allowed,
                    "{edition}: event {event} answers not yet supported (Law {law}: {message}) in {story:#?}"
                );
            }
        }
    }
}
