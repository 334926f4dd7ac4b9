//! `rulings fuzz`: differential fuzzing. Random table stories, seeded and
//! reproducible, are ruled on by the reference engine (in process) and by
//! the program under test; where they disagree, the story is shrunk to the
//! smallest one that still disagrees and written out as a case file, with
//! the reference's ruling as its expectation and the tag `unreviewed`, for a
//! director to check against the Laws before it joins the corpus.
//!
//! The stories cover what the program declares: its editions, and the
//! irregularities its features name (a story whose ruling needs a feature
//! it did not declare is not asked). Stories the reference itself cannot
//! rule on (impossible, or not yet supported) are not asked either. Each
//! story is also asked turned one seat clockwise: the program's ruling must
//! turn with it (rotation invariance), as the corpus requires of every case.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rulings_engine::clauses::law_number;
use rulings_engine::meanings::{Meaning, Range};
use rulings_engine::notation::{Bid, Call, Seat, Strain, Vulnerability};
use rulings_engine::protocol::needed_features;
use rulings_engine::protocol::Hello;
use rulings_engine::request::{Action, Event, Findings};
use rulings_engine::{rule, Edition, Request, Ruling};
use serde_json::Value;

use crate::cancel::Cancel;
use crate::corpus::case::ruling_value;
use crate::corpus::lint::UNREVIEWED;
use crate::implementation::{Answer, Implementation};
use crate::judging::compare::differing_keys;

/// xorshift64*: small, deterministic, no dependency.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// What the generator may put in a story: from the program's hello.
#[derive(Debug, Clone)]
pub struct Scope {
    pub editions: Vec<Edition>,
    pub features: Vec<String>,
}

impl Scope {
    pub fn of(hello: &Hello) -> Scope {
        Scope { editions: hello.editions.clone(), features: hello.features.clone() }
    }
    fn has(&self, feature: &str) -> bool {
        self.features.iter().any(|f| f == feature)
    }
}

/// A random call: mostly passes and bids near the auction's level.
fn random_call(rng: &mut Rng, level: u8) -> Call {
    match rng.below(10) {
        0..=3 => Call::Pass,
        4 => Call::Double,
        5 if rng.chance(40) => Call::Redouble,
        _ => {
            let base = level.clamp(1, 7);
            let l = (base + rng.below(2) as u8).min(7);
            Call::Bid(Bid::new(l, Strain::ALL[rng.below(5) as usize]))
        }
    }
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

fn random_meaning(rng: &mut Rng) -> Meaning {
    let mut m = Meaning::default();
    if rng.chance(70) {
        m.hcp = Some(random_range(rng, 25));
    }
    for slot in [&mut m.clubs, &mut m.diamonds, &mut m.hearts, &mut m.spades] {
        if rng.chance(25) {
            *slot = Some(random_range(rng, 8));
        }
    }
    if rng.chance(20) {
        m.artificial = Some(rng.chance(50));
    }
    m
}

/// One random story: mostly calls in rotation, with the irregularities the
/// scope allows. Most stories are short; some run long.
pub fn story(rng: &mut Rng, scope: &Scope) -> Request {
    let dealer = Seat::ALL[rng.below(4) as usize];
    let edition = scope.editions[rng.below(scope.editions.len() as u64) as usize];
    let length = if rng.chance(80) { 1 + rng.below(8) } else { 8 + rng.below(24) };
    let irregular = ["insufficient-bid", "out-of-rotation", "change-of-call", "inadmissible", "exposed-card"]
        .iter()
        .any(|f| scope.has(f));
    let mut events = Vec::new();
    let mut turn = dealer;
    let mut level = 1u8;
    for _ in 0..length {
        let mut seat = turn;
        let mut action = Action::Call(random_call(rng, level));
        if irregular && rng.chance(15) {
            match rng.below(6) {
                0 if scope.has("insufficient-bid") => {
                    action = Action::Call(Call::Bid(Bid::new(level.saturating_sub(1).max(1), Strain::C)))
                }
                1 if scope.has("out-of-rotation") => seat = Seat::ALL[rng.below(4) as usize],
                2 if scope.has("change-of-call") => seat = turn.rho(),
                3 if scope.has("inadmissible") => action = Action::Call(Call::Bid(Bid::new(8, Strain::S))),
                4 if scope.has("exposed-card") => {
                    let card = ["SA", "HK", "D5", "C2"][rng.below(4) as usize];
                    action = format!("exposes {card}").parse().unwrap_or(Action::Call(Call::Pass));
                }
                _ => action = if rng.chance(50) { Action::Accept } else { Action::Reject },
            }
        }
        let mut findings = Findings::default();
        if scope.has("comparable-call") && rng.chance(5) {
            findings.comparable = Some(rng.chance(50));
        }
        if scope.has("meanings") && rng.chance(10) {
            findings.means = Some(random_meaning(rng));
        }
        if let Action::Call(Call::Bid(b)) = action {
            level = level.max(b.level);
        }
        events.push(Event { seat, action, findings });
        turn = seat.lho();
    }
    let vulnerable =
        [Vulnerability::None, Vulnerability::NS, Vulnerability::EW, Vulnerability::Both][rng.below(4) as usize];
    Request { edition, dealer, vulnerable, events, regulations: None }
}

/// The features a story needs, from the clauses of the reference's ruling
/// and the meanings it carries (as [`crate::corpus::features`] does for a case).
fn needs(story: &Request, r: &Ruling) -> Vec<&'static str> {
    let laws = clauses(r);
    needed_features(laws.iter().map(String::as_str), &story.events, story.regulations.as_ref())
}

/// Every clause a ruling cites, in order, each once.
fn clauses(r: &Ruling) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |c: &str| {
        if !out.iter().any(|o| o == c) {
            out.push(c.to_string());
        }
    };
    for x in &r.rulings {
        add(&x.law);
    }
    for x in &r.must_pass {
        add(&x.law);
    }
    for x in &r.call_restrictions {
        add(&x.law);
    }
    for x in &r.lead_restrictions {
        add(&x.law);
    }
    for x in &r.penalty_cards {
        add(&x.law);
    }
    for x in &r.unauthorized_information {
        add(&x.law);
    }
    for x in &r.score_adjustment {
        add(x);
    }
    if let Some(c) = &r.score_cap {
        add(&c.law);
    }
    out
}

/// How a program's answer to a story differs from the reference's ruling,
/// or None when it does not.
fn disagreement(reference: &Ruling, answer: &Answer) -> Option<String> {
    match answer {
        Answer::Ruling(r) => {
            let keys = differing_keys(&ruling_value(reference), &ruling_value(r));
            (!keys.is_empty()).then(|| keys.join(", "))
        }
        Answer::Skipped { .. } => None,
        Answer::Error(m) => Some(format!("error ({})", first_words(m))),
        // Asked only stories within its declared features, a program
        // refuses no call the reference rules on (issue 24: refusal).
        Answer::Refused { event, .. } => Some(format!("refusal (of event {event})")),
        Answer::NotRun(m) => Some(format!("not-run ({})", first_words(m))),
        Answer::Fault { kind, .. } => Some(kind.name().to_string()),
    }
}

fn first_words(text: &str) -> String {
    text.chars().take(60).collect()
}

/// One disagreement found.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The keys (or the fault) in which the program differs.
    pub what: String,
    /// The clause of the reference's first ruling entry, or `-`.
    pub clause: String,
    /// The story, shrunk.
    pub story: Request,
    /// The reference's ruling on the shrunk story.
    pub reference: Ruling,
    /// The number of the story in the run (with the seed, it replays it).
    pub index: u64,
    /// Where its case file was written.
    pub written: Option<PathBuf>,
}

/// What a fuzzing run did.
#[derive(Debug, Default)]
pub struct Summary {
    /// Stopped by a cancellation (Ctrl-C) before `count` or the time limit.
    pub interrupted: bool,
    pub generated: u64,
    pub asked: u64,
    pub not_ruled: u64,
    pub out_of_scope: u64,
    pub findings: Vec<Finding>,
    pub took: Duration,
}

pub struct Options {
    pub seed: u64,
    pub count: u64,
    pub time: Option<Duration>,
    /// Where to write the shrunk cases (none: not written).
    pub out: Option<PathBuf>,
    /// Stop after this many distinct disagreements.
    pub max_findings: usize,
}

/// Ask `program` `stories` (each also turned one seat) and return, for each,
/// how it disagrees with the reference, if it does.
fn ask(program: &mut dyn Implementation, stories: &[(u64, Request, Ruling)], cancel: &Cancel) -> Vec<Option<String>> {
    let mut requests = Vec::with_capacity(stories.len() * 2);
    for (_, s, _) in stories {
        requests.push(s.clone());
        requests.push(s.rotate(1));
    }
    let answers = program.rule_many(&requests, cancel, &mut |_, _| {});
    let mut out = Vec::with_capacity(stories.len());
    for (k, (_, _, reference)) in stories.iter().enumerate() {
        let (Some(a), Some(turned)) = (answers.get(2 * k), answers.get(2 * k + 1)) else {
            out.push(None);
            continue;
        };
        let mut verdict = disagreement(reference, a);
        if verdict.is_none() {
            if let (Answer::Ruling(r), Answer::Ruling(t)) = (a, turned) {
                if t.rotate(3) != *r {
                    let keys = differing_keys(&ruling_value(r), &ruling_value(&t.rotate(3)));
                    verdict = Some(format!("rotation ({})", keys.join(", ")));
                }
            }
        }
        out.push(verdict);
    }
    out
}

/// Does `program` still disagree on `story` (the reference ruling on it),
/// a story within the program's scope?
fn still_disagrees(program: &mut dyn Implementation, scope: &Scope, story: &Request) -> Option<(Ruling, String)> {
    let reference = rule(story).ok()?;
    if needs(story, &reference).iter().any(|f| !scope.has(f)) {
        return None;
    }
    // Shrinking is bounded by its budget; it is not cancelled half-way.
    let verdict = ask(program, &[(0, story.clone(), reference.clone())], &Cancel::new()).pop().flatten()?;
    Some((reference, verdict))
}

/// Shrink a story while the program still disagrees on it: shorter
/// prefixes first, then single events removed, then findings dropped,
/// then bids lowered. At most `budget` candidates are tried.
/// None when the story does not disagree when asked again (a program
/// that answers the same story differently from one time to the next).
pub fn shrink(program: &mut dyn Implementation, story: Request, budget: usize) -> Option<(Request, Ruling, String)> {
    let scope = Scope::of(&program.hello().clone());
    let (mut reference, mut verdict) = still_disagrees(program, &scope, &story)?;
    let mut best = story;
    let mut tried = 0;
    let mut improved = true;
    while improved && tried < budget {
        improved = false;
        let mut candidates: Vec<Request> = Vec::new();
        for n in 1..best.events.len() {
            candidates.push(Request { events: best.events[..n].to_vec(), ..best.clone() });
        }
        // The dealer's opening event gone, the next seat deals.
        if best.events.len() > 1 && best.events[0].seat == best.dealer {
            candidates.push(Request { events: best.events[1..].to_vec(), dealer: best.dealer.lho(), ..best.clone() });
        }
        for i in 0..best.events.len() {
            let mut events = best.events.clone();
            events.remove(i);
            if !events.is_empty() {
                candidates.push(Request { events, ..best.clone() });
            }
        }
        // A call made a pass keeps the rotation.
        for i in 0..best.events.len() {
            if matches!(best.events[i].action, Action::Call(c) if c != Call::Pass) {
                let mut events = best.events.clone();
                events[i].action = Action::Call(Call::Pass);
                candidates.push(Request { events, ..best.clone() });
            }
        }
        for i in 0..best.events.len() {
            if best.events[i].findings != Findings::default() {
                let mut events = best.events.clone();
                events[i].findings = Findings::default();
                candidates.push(Request { events, ..best.clone() });
            }
            if let Action::Call(Call::Bid(b)) = best.events[i].action {
                if b.level > 1 {
                    let mut events = best.events.clone();
                    events[i].action = Action::Call(Call::Bid(Bid::new(b.level - 1, b.strain)));
                    candidates.push(Request { events, ..best.clone() });
                }
            }
        }
        if best.vulnerable != Vulnerability::None {
            candidates.push(Request { vulnerable: Vulnerability::None, ..best.clone() });
        }
        for c in candidates {
            if tried >= budget {
                break;
            }
            tried += 1;
            if let Some((r, v)) = still_disagrees(program, &scope, &c) {
                best = c;
                reference = r;
                verdict = v;
                improved = true;
                break;
            }
        }
    }
    Some((best, reference, verdict))
}

/// Run the fuzzer against `program`, until `options.count` stories, the
/// time limit, or `cancel` (the summary then says it was interrupted).
pub fn fuzz(
    program: &mut dyn Implementation,
    options: &Options,
    cancel: &Cancel,
    mut progress: impl FnMut(&Summary),
) -> Summary {
    let hello = program.hello().clone();
    let scope = Scope::of(&hello);
    let mut summary = Summary::default();
    if scope.editions.is_empty() {
        return summary;
    }
    let started = Instant::now();
    let mut rng = Rng::new(options.seed);
    let mut seen: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut shrunk: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    const BATCH: usize = 500;
    while summary.generated < options.count && options.time.is_none_or(|t| started.elapsed() < t) {
        if cancel.is_cancelled() {
            summary.interrupted = true;
            break;
        }
        let mut batch = Vec::with_capacity(BATCH);
        while batch.len() < BATCH && summary.generated < options.count {
            let index = summary.generated;
            summary.generated += 1;
            let s = story(&mut rng, &scope);
            let Ok(reference) = rule(&s) else {
                summary.not_ruled += 1;
                continue;
            };
            if needs(&s, &reference).iter().any(|f| !scope.has(f)) {
                summary.out_of_scope += 1;
                continue;
            }
            batch.push((index, s, reference));
        }
        summary.asked += batch.len() as u64;
        let verdicts = ask(program, &batch, cancel);
        for ((index, s, reference), verdict) in batch.into_iter().zip(verdicts) {
            let Some(what) = verdict else { continue };
            let clause = reference.rulings.first().map_or("-".to_string(), |r| r.law.clone());
            let key = (what.split(" (").next().unwrap_or("").to_string(), clause.clone());
            if seen.contains_key(&key) || summary.findings.len() >= options.max_findings {
                *seen.entry(key).or_default() += 1;
                continue;
            }
            seen.insert(key, 1);
            let (story, reference, what) = shrink(program, s.clone(), 400).unwrap_or((s, reference, what));
            // Two disagreements may shrink to one story: it is written once.
            let told = serde_json::to_string(&story).unwrap_or_default();
            if !shrunk.insert(told) {
                continue;
            }
            let mut finding = Finding { what, clause, story, reference, index, written: None };
            if let Some(dir) = &options.out {
                finding.written = write_case(dir, &finding, &hello, options.seed).ok();
            }
            summary.findings.push(finding);
        }
        summary.took = started.elapsed();
        progress(&summary);
    }
    summary.took = started.elapsed();
    summary
}

/// Write a finding as a case file in `dir`; its path.
pub fn write_case(dir: &Path, f: &Finding, hello: &Hello, seed: u64) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let laws = clauses(&f.reference);
    let law = laws.first().and_then(|l| law_number(l)).unwrap_or(22);
    let used = crate::corpus::authoring::used_ids(dir);
    let id = crate::corpus::authoring::mint_id(law, &used);
    let laws = if laws.is_empty() { vec!["22A".to_string()] } else { laws };
    let request = serde_json::to_value(&f.story).unwrap_or(Value::Null);
    let events = serde_yaml::to_string(&request["events"]).unwrap_or_default();
    let expect = serde_yaml::to_string(&ruling_value(&f.reference)).unwrap_or_default();
    let indent = |text: &str| text.lines().map(|l| format!("  {l}\n")).collect::<String>();
    let quoted = |t: &str| serde_json::to_string(t).unwrap_or_default();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# Found by rulings fuzz: {} {} differs from the reference engine in {}.",
        hello.name, hello.version, f.what
    );
    let _ = writeln!(s, "# The expectation below is the reference engine's ruling, NOT yet checked against the Laws:");
    let _ = writeln!(s, "# check it, correct it where the Laws say otherwise, cite the clauses, then remove the");
    let _ = writeln!(s, "# `{UNREVIEWED}` tag (rulings check refuses the case in the corpus until then).");
    let _ = writeln!(s, "id: {id}");
    let _ = writeln!(
        s,
        "title: {}",
        quoted(&format!(
            "Fuzz {id}: {} story of {} event(s), seed {seed} story {}",
            f.story.edition,
            f.story.events.len(),
            f.index
        ))
    );
    let _ = writeln!(s, "laws: [{}]", laws.iter().map(|l| quoted(l)).collect::<Vec<_>>().join(", "));
    let _ = writeln!(
        s,
        "source: {}",
        quoted(&format!("rulings fuzz --seed {seed} (story {}), against {}", f.index, hello.name))
    );
    let _ = writeln!(s, "tags: [{UNREVIEWED}]");
    let _ = writeln!(s, "editions: [{}]", f.story.edition);
    let _ = writeln!(s, "dealer: {}", f.story.dealer);
    let _ = writeln!(
        s,
        "vulnerable: {}",
        serde_json::to_value(f.story.vulnerable)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_else(|| "none".into())
    );
    let _ = writeln!(s, "events:");
    s.push_str(&indent(&events));
    let _ = writeln!(s, "expect:");
    s.push_str(&indent(&expect));
    let path = dir.join(format!("fuzz-{}.yaml", id.to_lowercase()));
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(&path)?;
    std::io::Write::write_all(&mut file, s.as_bytes())?;
    Ok(path)
}

/// The summary's text: counts, then the disagreements grouped by what
/// differs and the clause, each with its story number and case file.
pub fn render(summary: &Summary, seed: u64) -> String {
    let mut s = String::new();
    let rate = summary.asked as f64 / summary.took.as_secs_f64().max(1e-9);
    let _ = writeln!(
        s,
        "{} stories (seed {seed}): {} asked, {} the reference does not rule on, {} outside the program's declared features; {:.1} s, {:.0} stories/s",
        summary.generated,
        summary.asked,
        summary.not_ruled,
        summary.out_of_scope,
        summary.took.as_secs_f64(),
        rate
    );
    if summary.findings.is_empty() {
        let _ = writeln!(s, "no disagreement with the reference engine");
        return s;
    }
    let _ = writeln!(s, "{} disagreement(s) with the reference engine:", summary.findings.len());
    for f in &summary.findings {
        let _ = writeln!(
            s,
            "  differs in {} (clause {}): story {}, shrunk to {} event(s){}",
            f.what,
            f.clause,
            f.index,
            f.story.events.len(),
            f.written.as_ref().map(|p| format!(": {}", p.display())).unwrap_or_default()
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::InProcess;

    /// A fuzz session whose token is cancelled (Ctrl-C) stops generating
    /// and says it was interrupted. (It used to go on generating every
    /// story it was asked for, asking the program none of them.)
    #[test]
    fn a_cancelled_session_stops_and_says_so() {
        let options = Options { seed: 7, count: 100_000, time: None, out: None, max_findings: 10 };
        let cancel = Cancel::new();
        cancel.cancel();
        let summary = fuzz(&mut InProcess::with_limit(None), &options, &cancel, |_| {});
        assert!(summary.interrupted);
        assert_eq!(summary.generated, 0, "no story generated after the cancellation");
        let going = fuzz(&mut InProcess::with_limit(None), &Options { count: 600, ..options }, &Cancel::new(), |_| {});
        assert!(!going.interrupted);
        assert_eq!(going.generated, 600);
    }
}
