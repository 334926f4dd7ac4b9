//! `rulings fuzz`: what it finds. A program with one planted bug
//! (examples/planted_bug.rs), declaring only the features of that bug's
//! family, is found with a fixed seed, the finding naming the right clause
//! and shrunk to a few events; the reference agrees with itself; a program
//! that declares nothing is asked nothing it did not declare; a program's
//! faults and skipped stories are never taken for agreement or for a
//! disagreement.
//!
//! The power tests run the planted program in process (the same bending,
//! without the protocol), with fewer stories than the 20,000 a full
//! hunt uses: each family is found within the first few hundred. The whole
//! table at 20,000 stories, through the protocol, is a runner command
//! quoted in docs/implementers.md.
//!
//! A program declaring `refusal` is also asked the stories whose first
//! irregular call is of a family it does not declare: refusing that call
//! agrees; letting it stand or refusing another event is found.
//!
//! `RULINGS_FUZZ_STORIES=100000 cargo test --test integration fuzz::` runs
//! the self-agreement at that size (default 1000 stories).

#[path = "../../examples/planted_bug.rs"]
#[allow(dead_code)]
mod planted_bug;

use std::path::Path;
use std::process::{Command, Output};

use rulings::cancel::Cancel;
use rulings::fuzz::scope::needs;
use rulings::fuzz::{fuzz, Options, Summary};
use rulings::implementation::{Answer, Implementation};
use rulings_engine::protocol::{engine_hello, Hello};
use rulings_engine::refusal::{first_irregular_call, IrregularCall};
use rulings_engine::{Request, Ruling};

use crate::common;

fn rulings(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulings")).current_dir(dir).args(args).output().expect("run rulings")
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

fn stories() -> String {
    std::env::var("RULINGS_FUZZ_STORIES").unwrap_or_else(|_| "1000".into())
}

/// An example program beside the tests (`cargo test` builds examples).
fn example(name: &str) -> String {
    let fake = common::fake();
    let built = Path::new(&fake).with_file_name(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    common::assert_built_since_changed(&built, name);
    built.display().to_string()
}

/// The planted program in process: the reference's ruling, bent.
struct Planted {
    hello: Hello,
    bug: &'static str,
    /// Every request it was asked, when recording.
    asked: Option<Vec<Request>>,
    /// How it refuses (planted_bug::REFUSALS), when it declares `refusal`.
    refusal: &'static str,
}

impl Planted {
    fn new(bug: &'static str, features: &[&str]) -> Planted {
        let mut hello = engine_hello();
        hello.name = format!("planted-bug {bug}");
        hello.features = features.iter().map(|f| f.to_string()).collect();
        Planted { hello, bug, asked: None, refusal: "" }
    }

    /// Declaring `refusal` besides `features`, refusing as `mode` says.
    fn refusing(mode: &'static str, features: &[&str]) -> Planted {
        let mut p = Planted::new("", features);
        p.hello.features.push("refusal".into());
        p.refusal = mode;
        p
    }
}

impl Implementation for Planted {
    fn hello(&self) -> &Hello {
        &self.hello
    }
    fn rule(&mut self, request: &Request) -> Answer {
        if let Some(asked) = &mut self.asked {
            asked.push(request.clone());
        }
        if let Some((event, reason)) = planted_bug::refuse(self.refusal, &self.hello, request) {
            if self.refusal == "error" {
                return Answer::Error(reason);
            }
            return Answer::Refused { event, reason };
        }
        match rulings_engine::rule(&planted_bug::heard(self.bug, request)) {
            Ok(mut r) => {
                planted_bug::bend(self.bug, &mut r);
                Answer::Ruling(r)
            }
            Err(e) => Answer::Error(e.to_string()),
        }
    }
}

fn run(program: &mut dyn Implementation, seed: u64, count: u64, max_findings: usize) -> Summary {
    let options = Options { max_findings, ..Options::new(seed, count) };
    fuzz(program, &options, &Cancel::new(), |_| {})
}

fn law(clause: &str) -> u32 {
    rulings_engine::clauses::law_number(clause).unwrap_or(0)
}

/// Each planted bug, declaring only its family's features, is found; its
/// first finding names a clause of the bug and is shrunk to at most 8
/// events, and every other group it reports is about that bug too.
#[test]
fn every_planted_bug_is_found_naming_its_clause() {
    type Names = fn(&str, &str) -> bool;
    let ib = &["insufficient-bid"][..];
    let table: &[(&str, &[&str], Names)] = &[
        ("27B1(a)", ib, |_, c| c == "27B1(a)"),
        ("27B1(b)", ib, |_, c| c == "27B1(b)"),
        ("27B2", ib, |k, c| c == "27B2" && k == "must_pass.scope"),
        ("27B3", ib, |_, c| c == "27B3"),
        ("27B4", ib, |_, c| c == "27B4"),
        ("27C", ib, |k, c| c == "27C" && k == "decision.law"),
        ("25A", &["change-of-call"], |_, c| c.starts_with("25A")),
        ("25B", &["change-of-call", "insufficient-bid"], |_, c| c.starts_with("25B")),
        ("29-32", &["out-of-rotation"], |k, c| (29..=32).contains(&law(c)) && k == "must_pass.scope"),
        ("26", ib, |k, c| law(c) == 26 && k.starts_with("lead_restrictions")),
        ("16C", ib, |k, c| law(c) == 16 && k.starts_with("unauthorized_information")),
        ("36-39", &["inadmissible", "insufficient-bid"], |_, c| (36..=39).contains(&law(c))),
        ("24", &["exposed-card"], |k, c| law(c) == 24 && k.starts_with("penalty_cards")),
        ("15A-17D", &["wrong-board"], |_, c| c == "15A1" || c == "17D1"),
        ("21B", &["misinformation"], |k, c| c.starts_with("21B") && k.starts_with("score_adjustment")),
        ("declarer", &[], |k, _| k == "contract.declarer"),
        ("doubling", &[], |k, _| k == "contract.doubled"),
        // The option reads 27B4 against 27B1-3: the entry that differs is
        // one of 27B (the story found: a second insufficient bid corrected
        // by a double, 27B3).
        ("regulation", &["insufficient-bid", "regulation:second_insufficient_bid"], |_, c| c.starts_with("27B")),
    ];
    assert_eq!(table.len(), planted_bug::BUGS.len(), "a test for every switch");
    for (bug, features, names) in table {
        let s = run(&mut Planted::new(bug, features), 2026, 3000, 1);
        let f = s.findings.first().unwrap_or_else(|| panic!("{bug}: not found in {} stories", s.generated));
        assert!(
            names(&f.group.key, &f.group.clause),
            "{bug}: found as {:?} in {}",
            f.group,
            serde_json::to_string(&f.story).unwrap_or_default()
        );
        assert!(f.story.events.len() <= 8, "{bug}: shrunk to {} events", f.story.events.len());
        if *bug == "regulation" {
            let options = f.story.regulations.map(|r| r.features()).unwrap_or_default();
            assert_eq!(options, ["regulation:second_insufficient_bid"], "{bug}: the story keeps the option it needs");
        }
        assert_minimal(&mut Planted::new(bug, features), f);
        assert!(s.faults.is_empty() && s.errors.is_empty() && s.skipped.is_empty(), "{bug}");
    }
}

/// No single event of a shrunk story can be removed with the program
/// still disagreeing the same way (the same group), within its scope (or
/// on a story it must refuse).
fn assert_minimal(program: &mut Planted, f: &rulings::fuzz::Finding) {
    let hello = program.hello().clone();
    let scope = rulings::fuzz::Scope::of(&hello);
    for i in 0..f.story.events.len() {
        let mut fewer = f.story.clone();
        fewer.events.remove(i);
        let Ok(reference) = rulings_engine::rule(&fewer) else { continue };
        if fewer.events.is_empty() {
            continue;
        }
        let Some(refusal) = rulings::fuzz::asked(&scope, &hello, &fewer, &reference) else { continue };
        let question = rulings::fuzz::ask::Question { story: &fewer, reference: &reference, refusal };
        let verdict = rulings::fuzz::ask::ask(program, &[question], &Cancel::new()).pop();
        if let Some(rulings::fuzz::ask::Verdict::Differs(g, _)) = verdict {
            assert_ne!(g, f.group, "event {i} of {:?} could go", f.story.events);
        }
    }
}

/// The reference, bent nowhere, agrees with itself: no finding.
#[test]
fn an_honest_program_has_no_finding() {
    let s = run(&mut Planted::new("", &rulings_engine::protocol::FEATURES), 3, 1500, 10);
    assert!(s.clean(), "{}", rulings::fuzz::render(&s, 3));
    assert_eq!(s.agreed, s.asked);
    assert!(s.asked > 1400, "nearly every story is ruled on and in scope: {}", s.asked);
}

/// A program that declares no feature is asked only stories that need
/// none: no irregularity, no option pending, no finding. (It was asked
/// `S 1D, W P, N 1C`, waiting on East's option under 27A1.) A program
/// that declares one family is asked nothing of another.
#[test]
fn a_program_is_asked_only_what_it_declared() {
    for features in [&[][..], &["insufficient-bid"][..], &["out-of-rotation"][..]] {
        let mut p = Planted::new("", features);
        p.asked = Some(Vec::new());
        let s = run(&mut p, 9, 800, 10);
        let asked = p.asked.take().unwrap_or_default();
        assert_eq!(asked.len() as u64, 2 * s.asked, "each story and its turned copy");
        for story in &asked {
            let r: Ruling = rulings_engine::rule(story).expect("the reference rules on what was asked");
            let needed = needs(story, &r);
            assert!(needed.iter().all(|f| features.contains(f)), "{features:?} asked a story needing {needed:?}");
            if features.is_empty() {
                assert!(r.decision.is_none() && r.rulings.is_empty(), "{story:?}");
                assert!(story.events.iter().all(|e| e.findings == Default::default()), "{story:?}");
            }
        }
        assert!(s.asked > 0);
    }
}

/// In every family at least 80% of the stories generated are ones the
/// reference rules on.
#[test]
fn nearly_every_story_is_one_the_reference_rules_on() {
    for f in rulings_engine::protocol::LAW_FEATURES.iter() {
        let s = run(&mut Planted::new("", &[f]), 4, 400, 10);
        assert!(s.not_ruled * 5 <= s.generated, "{f}: {} of {} not ruled on", s.not_ruled, s.generated);
    }
}

/// Through the protocol, as a stranger runs it: the planted 27B2 bug is
/// found and written as an unreviewed case in fmt's normal form, which
/// `rulings check` refuses only for its tag, and loads once reviewed.
#[test]
fn a_planted_bug_is_found_through_the_protocol_and_written_as_a_case() {
    let dir = tempfile::tempdir().expect("temp dir");
    let planted = example("planted_bug");
    let args = ["fuzz", "--seed", "11", "--count", "1500", "--impl", &planted, "bug=27B2", "features=insufficient-bid"];
    let o = rulings(dir.path(), &args);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "a disagreement fails the run: {out}");
    assert!(out.contains("differs in must_pass.scope, clause 27B2 (insufficient-bid)"), "{out}");
    assert!(out.lines().any(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()) && l.contains("hit(s)")));
    for line in out.lines() {
        assert!(line.chars().count() <= 80, "fits 80 columns: {line}");
    }
    let written = dir.path().join("fuzz-cases");
    let files: Vec<_> = std::fs::read_dir(&written).expect("fuzz-cases/").flatten().map(|e| e.path()).collect();
    assert_eq!(files.len(), 1, "one group, one case");
    let o = rulings(dir.path(), &["fmt", "--check", "fuzz-cases"]);
    assert!(o.status.success(), "in fmt's normal form: {}", text(&o));
    let o = rulings(dir.path(), &["check", "fuzz-cases"]);
    assert!(!o.status.success());
    // check's messages are wrapped at 80 columns: join their lines.
    let said = text(&o).replace("\n    ", " ").replace("\n  ", " ");
    assert_eq!(said.matches("error:").count(), 1, "{said}");
    assert!(said.contains("an unreviewed case"), "{said}");
    // Reviewed (the tag removed), it loads and the reference agrees.
    let case = std::fs::read_to_string(&files[0]).expect("the case");
    std::fs::write(&files[0], case.replace("tags: [unreviewed]", "tags: []")).expect("write");
    let o = rulings(dir.path(), &["check", "fuzz-cases"]);
    assert!(o.status.success(), "{}", text(&o));
}

/// A program that declares a regulation option is asked stories that set
/// it, and one that rules as if it were not set is found; the case written
/// sets the option (tagged `regulation`), so that once reviewed it holds
/// for the reference and fails the program again.
#[test]
fn a_declared_regulation_option_is_fuzzed_and_kept_in_the_case() {
    let dir = tempfile::tempdir().expect("temp dir");
    let planted = example("planted_bug");
    let features = "features=insufficient-bid,regulation:second_insufficient_bid";
    let args = ["fuzz", "--seed", "2026", "--count", "3000", "--max-findings", "1", "--impl", &planted];
    let o = rulings(dir.path(), &[&args[..], &["bug=regulation", features]].concat());
    assert_eq!(o.status.code(), Some(1), "a disagreement fails the run: {}", text(&o));
    let said = text(&o);
    let counted = said.lines().skip_while(|l| !l.starts_with("stories asked with a regulation option")).nth(1);
    assert!(
        counted.is_some_and(|l| l.trim_start().starts_with("regulation:second_insufficient_bid:")),
        "the stories that set the option are counted: {said}"
    );
    let written = dir.path().join("fuzz-cases");
    let files: Vec<_> = std::fs::read_dir(&written).expect("fuzz-cases/").flatten().map(|e| e.path()).collect();
    assert_eq!(files.len(), 1, "{}", text(&o));
    let case = std::fs::read_to_string(&files[0]).expect("the case");
    assert!(case.contains("\nregulations: {second_insufficient_bid: allow-correction}\n"), "{case}");
    assert!(case.contains("\ntags: [unreviewed, regulation]\n"), "{case}");
    let o = rulings(dir.path(), &["fmt", "--check", "fuzz-cases"]);
    assert!(o.status.success(), "in fmt's normal form: {}", text(&o));
    std::fs::write(&files[0], case.replace("tags: [unreviewed, regulation]", "tags: [regulation]")).expect("write");
    let o = rulings(dir.path(), &["check", "fuzz-cases"]);
    assert!(o.status.success(), "{}", text(&o));
    let o = rulings(dir.path(), &["run", "--cases", "fuzz-cases"]);
    assert!(o.status.success(), "the reference passes it: {}", text(&o));
    let o = rulings(dir.path(), &["run", "--cases", "fuzz-cases", "--impl", &planted, "bug=regulation", features]);
    assert_eq!(o.status.code(), Some(1), "the program fails it: {}", text(&o));
    let o = rulings(dir.path(), &["run", "--cases", "fuzz-cases", "--impl", &planted, "bug=", features]);
    assert!(o.status.success(), "the program without its bug passes it: {}", text(&o));
}

/// A refusing program that answers `error` where it must refuse is told
/// of errors, on their own line, never of a disagreement: as `rulings run`
/// judges the same refusal check (an error outcome).
#[test]
fn an_error_where_a_refusal_is_due_is_an_error_not_a_disagreement() {
    let s = run(&mut Planted::refusing("error", &[]), 5, 600, 10);
    assert!(s.refusals > 0, "refusal stories were asked");
    assert_eq!(s.differed, 0, "{}", rulings::fuzz::render(&s, 5));
    assert!(s.findings.is_empty());
    let errors: u64 = s.errors.values().map(|t| t.count).sum();
    assert_eq!(errors, s.refusals, "every refusal story answered with an error is an error");
    assert!(rulings::fuzz::render(&s, 5).contains("errors (the program could not rule)"));
}

/// A program's faults are reported as faults, and its skipped stories as
/// skipped: never as agreement, never as a disagreement, and no case is
/// written for them (a finding that says nothing is no finding).
#[test]
fn faults_and_skipped_stories_are_no_disagreement() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fake = common::fake();
    let o = rulings(dir.path(), &["fuzz", "--seed", "3", "--count", "600", "--impl", &fake, "skip=all"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    let asked = out.split(" asked,").next().and_then(|h| h.rsplit(' ').next()).unwrap_or("?").to_string();
    assert!(out.contains(&format!("0 agreed, 0 differed, {asked} skipped")), "{out}");
    assert!(out.contains(&format!("skipped (never counted as agreement): {asked} stories")), "{out}");
    assert!(!out.contains("no disagreement"), "{out}");
    let o = rulings(dir.path(), &["fuzz", "--seed", "3", "--count", "600", "--impl", &fake, "crash=all"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(!out.contains("group(s) of disagreement"), "{out}");
    assert!(out.contains("program faults") || out.contains("could no longer be run"), "{out}");
    assert!(!dir.path().join("fuzz-cases").exists(), "no case written for a fault");
}

#[test]
fn the_reference_agrees_with_itself_in_process_and_through_the_protocol() {
    let dir = tempfile::tempdir().expect("temp dir");
    let n = stories();
    let o = rulings(dir.path(), &["fuzz", "--seed", "5", "--count", &n]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("no disagreement"), "{}", text(&o));
    let fake = common::fake();
    let o = rulings(dir.path(), &["fuzz", "--seed", "6", "--count", &n, "--impl", &fake]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(!dir.path().join("fuzz-cases").exists(), "nothing written when nothing is found");
}

/// `--feature` must be one the program declares, `--law` a clause.
#[test]
fn a_focus_the_program_cannot_take_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fake = common::fake();
    let o = rulings(dir.path(), &["fuzz", "--count", "10", "--feature", "inadmissible", "--impl", &fake, "features="]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("does not declare"), "{}", text(&o));
    let o = rulings(dir.path(), &["fuzz", "--count", "10", "--law", "B27"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let o = rulings(dir.path(), &["fuzz", "--seed", "2", "--count", "800", "--law", "27B2"]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("outside --law"), "{out}");
}

/// A program declaring `refusal` and no law family, refusing every first
/// irregular call, agrees: no finding. It is asked the irregular stories
/// of every family it refuses (before fuzz checked refusal it was asked
/// legal auctions only), and their turned copies.
#[test]
fn a_program_that_refuses_rightly_has_no_finding() {
    let mut p = Planted::refusing("right", &[]);
    p.asked = Some(Vec::new());
    let s = run(&mut p, 12, 1500, 10);
    assert!(s.clean(), "{}", rulings::fuzz::render(&s, 12));
    assert_eq!(s.agreed, s.asked);
    assert!(s.refusals > 200 && s.refusals < s.asked, "{} of {} asked to refuse", s.refusals, s.asked);
    let asked = p.asked.take().unwrap_or_default();
    let whys: Vec<IrregularCall> = asked.iter().filter_map(|r| first_irregular_call(r).map(|f| f.why)).collect();
    for why in [IrregularCall::Insufficient, IrregularCall::OutOfRotation, IrregularCall::InadmissibleDouble] {
        assert!(whys.contains(&why), "asked to refuse {why}: {} irregular stories asked", whys.len());
    }
    assert_eq!(whys.len() as u64, 2 * s.refusals, "each story to refuse, and its turned copy");
    let text = rulings::fuzz::render(&s, 12);
    assert!(text.contains(&format!("{} were to be refused", s.refusals)), "{text}");
}

/// A program that declares insufficient-bid rules on an insufficient bid:
/// it is never asked to refuse one, and is not asked one at all without
/// declaring insufficient-bid and refusal (the other families it refuses).
#[test]
fn a_program_ruling_on_a_family_is_not_asked_to_refuse_it() {
    let mut p = Planted::refusing("right", &["insufficient-bid"]);
    p.asked = Some(Vec::new());
    let s = run(&mut p, 13, 800, 10);
    assert!(s.clean(), "{}", rulings::fuzz::render(&s, 13));
    let asked = p.asked.take().unwrap_or_default();
    let refused = asked.iter().filter_map(first_irregular_call).filter(|f| f.why == IrregularCall::Insufficient);
    assert!(refused.count() > 0, "insufficient bids are asked, to rule on");
    assert!(s.refusals > 0, "out-of-rotation and inadmissible calls are asked, to refuse");
}

/// A refusing program that lets an insufficient bid stand (rules on it)
/// is found: the group names the refusal, Law 27 and the insufficient bid,
/// shrunk to the opening bid and the insufficient one; every other
/// family it refuses rightly.
#[test]
fn a_refusing_program_that_lets_an_insufficient_bid_stand_is_found() {
    let s = run(&mut Planted::refusing("stand", &[]), 2026, 3000, 10);
    assert_eq!(s.findings.len(), 1, "{}", rulings::fuzz::render(&s, 2026));
    let f = &s.findings[0];
    assert_eq!(f.group.key, "refusal (the call stood)", "{:?}", f.group);
    assert_eq!((f.group.clause.as_str(), f.group.irregularity.as_str()), ("27", "insufficient-bid"));
    assert_eq!(f.story.events.len(), 2, "{:?}", f.story.events);
    let first = f.refusal.expect("a call to refuse");
    assert_eq!((first.event, first.why), (1, IrregularCall::Insufficient));
    assert_minimal(&mut Planted::refusing("stand", &[]), f);
    assert!(s.faults.is_empty() && s.errors.is_empty() && s.skipped.is_empty());
    let text = rulings::fuzz::render(&s, 2026);
    assert!(text.contains("differs in refusal (the call stood), clause 27 (insufficient-bid)"), "{text}");
    assert!(text.contains("to refuse: event 1, "), "{text}");
}

/// A refusing program that refuses another event than the first
/// irregular call is found, in every family it refuses.
#[test]
fn a_refusing_program_that_refuses_the_wrong_event_is_found() {
    let s = run(&mut Planted::refusing("wrong", &[]), 2026, 3000, 10);
    assert!(!s.findings.is_empty(), "{}", rulings::fuzz::render(&s, 2026));
    for f in &s.findings {
        assert!(f.group.key.starts_with("refusal (another event refused)"), "{:?}", f.group);
        assert!(f.refusal.is_some(), "{:?}", f.group);
        // A call after a passed-out auction needs five events.
        assert!(f.story.events.len() <= 5, "{:?}", f.story.events);
        assert_minimal(&mut Planted::refusing("wrong", &[]), f);
    }
    let clauses: Vec<&str> = s.findings.iter().map(|f| f.group.clause.as_str()).collect();
    assert!(clauses.contains(&"27"), "{clauses:?}");
}

/// A program that declares insufficient-bid (it rules on such bids) but
/// refuses them anyway is found on the stories it was asked to rule on.
#[test]
fn a_program_that_refuses_what_it_declared_to_rule_on_is_found() {
    struct RefusesAnyway(Hello);
    impl Implementation for RefusesAnyway {
        fn hello(&self) -> &Hello {
            &self.0
        }
        fn rule(&mut self, request: &Request) -> Answer {
            match (first_irregular_call(request), rulings_engine::rule(request)) {
                (Some(f), _) => Answer::Refused { event: f.event, reason: f.why.to_string() },
                (None, Ok(r)) => Answer::Ruling(r),
                (None, Err(e)) => Answer::Error(e.to_string()),
            }
        }
    }
    let mut hello = engine_hello();
    hello.features = vec!["insufficient-bid".into()];
    let s = run(&mut RefusesAnyway(hello), 5, 1500, 10);
    let f = s.findings.first().unwrap_or_else(|| panic!("{}", rulings::fuzz::render(&s, 5)));
    assert!(f.group.key.starts_with("refusal (of event "), "{:?}", f.group);
    assert!(f.group.clause.starts_with("27"), "{:?}", f.group);
    assert_eq!(f.refusal, None, "a story to rule on, not to refuse");
    assert_eq!(s.refusals, 0);
}

/// Through the protocol: a refusing program that lets an insufficient bid
/// stand is found and the story written as an unreviewed case naming the
/// call to refuse; reviewed, `rulings run` checks the same program on it
/// as a refusal check (and fails it), and passes a program refusing right.
#[test]
fn a_refusal_finding_is_written_as_a_case_that_checks_the_refusal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let planted = example("planted_bug");
    let args = ["fuzz", "--seed", "11", "--count", "1500", "--impl", &planted, "refusal=stand", "features="];
    let o = rulings(dir.path(), &args);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("differs in refusal (the call stood), clause 27 (insufficient-bid)"), "{out}");
    for line in out.lines() {
        assert!(line.chars().count() <= 80, "fits 80 columns: {line}");
    }
    let written = dir.path().join("fuzz-cases");
    let files: Vec<_> = std::fs::read_dir(&written).expect("fuzz-cases/").flatten().map(|e| e.path()).collect();
    assert_eq!(files.len(), 1, "one group, one case");
    let case = std::fs::read_to_string(&files[0]).expect("the case");
    assert!(case.contains("must refuse it: event 1, "), "{case}");
    let o = rulings(dir.path(), &["fmt", "--check", "fuzz-cases"]);
    assert!(o.status.success(), "in fmt's normal form: {}", text(&o));
    std::fs::write(&files[0], case.replace("tags: [unreviewed]", "tags: []")).expect("write");
    let cases = written.display().to_string();
    let check = |mode: &str| {
        let report = dir.path().join(format!("report-{mode}"));
        let refusal = format!("refusal={mode}");
        let report = report.display().to_string();
        rulings(dir.path(), &["run", "--cases", &cases, "--report", &report, "--impl", &planted, &refusal, "features="])
    };
    let o = check("stand");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("1 failed"), "{}", text(&o));
    let o = check("right");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("1 passed"), "{}", text(&o));
}
