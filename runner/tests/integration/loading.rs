//! A broken copy of a case gives a failing check whose message names the
//! file, line and column, and the other cases still load and run.

use crate::common;

use std::fs;
use std::path::Path;

use common::Scratch;
use rulings::corpus::load::load_corpus;
use rulings::harness::checks;

const GOOD: &str = "\
id: L22-T3ST
title: North declares four hearts after South raises
laws: [\"22B\"]
source: \"Laws of Duplicate Bridge 2017, Law 22B\"
dealer: N
events:
  - N: 1H
  - E: P
  - S: 2H
  - W: P
  - N: 4H
  - E: P
  - S: P
  - W: P
expect:
  status: closed
  contract: {bid: 4H, doubled: null, declarer: N}
";

fn corpus_dir(name: &str, files: &[(&str, String)]) -> Scratch {
    let dir = Scratch::new(name);
    fs::create_dir_all(dir.join("law22")).unwrap();
    for (file, text) in files {
        fs::write(dir.join("law22").join(file), text).unwrap();
    }
    dir
}

/// Run every check under `dir`; return (passed names, failure messages by name).
fn run_checks(dir: &Path) -> (Vec<String>, Vec<(String, String)>) {
    let mut passed = Vec::new();
    let mut failed = Vec::new();
    for c in checks(dir, None) {
        let name = c.name.clone();
        match (c.run)() {
            Ok(rulings::harness::Verdict::Passed) => passed.push(name),
            Ok(rulings::harness::Verdict::Ignored(why)) => panic!("{name} ignored: {why}"),
            Err(m) => failed.push((name, m.to_string())),
        }
    }
    (passed, failed)
}

fn broken(find: &str, replace: &str, id: &str) -> String {
    let text = GOOD.replace("L22-T3ST", id);
    assert!(text.contains(find), "the fixture contains {find:?}");
    text.replacen(find, replace, 1)
}

/// The harness's failure for a case file with a key a case has not is the
/// variant of a file that does not load, carrying its path and line (not
/// only a message); a run that fails is the variant naming the case.
#[test]
fn a_bad_key_fails_its_check_as_an_unloadable_file_with_its_path() {
    use rulings::harness::HarnessError;
    let wrong = GOOD.replace("L22-T3ST", "L22-WRNG").replace("contract: {bid: 4H", "contract: {bid: 3H");
    let dir = corpus_dir(
        "bad-key-variant",
        &[("unknown-key.yaml", broken("title:", "titel:", "L22-UNKN")), ("wrong.yaml", wrong)],
    );
    let mut unloadable = Vec::new();
    let mut failed = Vec::new();
    for c in checks(&dir, None) {
        match (c.run)() {
            Err(HarnessError::Unloadable(e)) => unloadable.push((e.path, e.line)),
            Err(HarnessError::Failed { id, rotation, .. }) => failed.push((id, rotation)),
            other => panic!("{}: {other:?}", c.name),
        }
    }
    let path = fs::canonicalize(dir.join("law22/unknown-key.yaml")).expect("the file");
    assert_eq!(unloadable, [(path, 2)]);
    assert_eq!(failed, (0..4).map(|r| ("L22-WRNG".to_string(), r)).collect::<Vec<_>>());
}

#[test]
fn broken_copies_fail_with_file_line_and_column() {
    let dir = corpus_dir(
        "broken",
        &[
            ("good.yaml", GOOD.to_string()),
            ("unknown-key.yaml", broken("title:", "titel:", "L22-UNKN")),
            ("bad-call.yaml", broken("S: 2H", "S: 2Z", "L22-BADC")),
            ("missing-id.yaml", broken("id: L22-MISS\n", "", "L22-MISS")),
            ("two-seats.yaml", broken("  - W: P\n  - N: 4H", "  - W: P\n    N: 4H", "L22-TWOS")),
            ("unknown-clause.yaml", broken("[\"22B\"]", "[\"22Q\"]", "L22-CLAU")),
            ("misspelt-clause.yaml", broken("[\"22B\"]", "[\"22B\", \"31B(2)\"]", "L22-MSPL")),
        ],
    );
    let (passed, failed) = run_checks(&dir);
    assert_eq!(passed.len(), 4, "the good case runs in its four rotations: {passed:?}");
    let expect = [
        ("law22/unknown-key.yaml", "unknown-key.yaml:2:1: unknown key `titel`"),
        ("law22/bad-call.yaml", "bad-call.yaml:9:5: events[2]: `2Z` is not a call"),
        ("law22/missing-id.yaml", "missing-id.yaml:1:1: the case has no `id`"),
        ("law22/two-seats.yaml", "two-seats.yaml:10:5: events[3]: an event has exactly one seat key"),
        ("law22/unknown-clause.yaml", "unknown-clause.yaml:3:8: laws: unknown law clause `22Q`"),
        (
            "law22/misspelt-clause.yaml",
            "misspelt-clause.yaml:3:15: laws: unknown law clause `31B(2)`: did you mean `31B2`?",
        ),
    ];
    assert_eq!(failed.len(), expect.len(), "{failed:#?}");
    for (name, fragment) in expect {
        let msg = &failed.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no check {name}")).1;
        assert!(msg.contains(fragment), "{name}: {msg}");
    }
}

#[test]
fn a_wrong_expectation_fails_with_a_diff_in_every_rotation() {
    let dir = corpus_dir("wrong", &[("wrong.yaml", GOOD.replace("declarer: N", "declarer: S"))]);
    let (passed, failed) = run_checks(&dir);
    assert!(passed.is_empty());
    assert_eq!(failed.len(), 4);
    for (_, msg) in &failed {
        assert!(msg.contains("-  declarer: S\n+  declarer: N"), "{msg}");
    }
}

#[test]
fn duplicate_ids_are_refused_and_named() {
    let dir = corpus_dir("dup", &[("a.yaml", GOOD.to_string()), ("b.yaml", GOOD.to_string())]);
    let corpus = load_corpus(&[dir.path_buf()]);
    assert_eq!(corpus.cases.len(), 1);
    assert_eq!(corpus.errors.len(), 1);
    let e = corpus.errors[0].to_string();
    assert!(e.contains("b.yaml:1:1: duplicate id `L22-T3ST`: law22/a.yaml already uses it"), "{e}");
}

#[test]
fn lint_rules_name_the_later_file() {
    let other_story = GOOD.replace("L22-T3ST", "L22-0THR").replace("  - S: 2H\n", "  - S: 3H\n");
    let dir = corpus_dir(
        "lint",
        &[
            ("a.yaml", GOOD.to_string()),
            // same title, different story
            ("b.yaml", other_story.clone()),
            // same story as a.yaml, new title and id
            ("c.yaml", GOOD.replace("L22-T3ST", "L22-SAME").replace("title: North", "title: Again, North")),
            // expects the end of an auction that the story leaves open
            (
                "d.yaml",
                GOOD.replace("L22-T3ST", "L22-0PEN")
                    .replace("title: North", "title: Open, North")
                    .replace("  - E: P\n", "")
                    .replace("  - W: P\n", "")
                    .replace("  - S: P\n", ""),
            ),
        ],
    );
    // A pass the story does not tell, deemed made under 28A (South calls at
    // East's turn while East must pass), counts in the expected auction: a
    // case rulings fuzz wrote, that the story's passes alone refused.
    fs::create_dir_all(dir.join("law28-34")).unwrap();
    fs::write(
        dir.join("law28-34/g.yaml"),
        "id: L31-2HLZ\ntitle: W bids 1NT at South's turn, cancelled; East's pass is deemed\n\
         laws: [\"31A2(b)\", \"16C2\", \"72C\"]\nsource: rulings fuzz\ndealer: S\nevents:\n  - W: 1NT\n  \
         - N: reject\n  - S: 1S\n  - W: 1NT\n  - N: P\n  - S: P\nexpect:\n  status: closed\n  \
         auction: [1S, 1NT, P, P, P]\n  contract: {bid: 1NT, doubled: null, declarer: W}\n",
    )
    .unwrap();
    fs::write(dir.join("_tags.yml"), "legal-auction: nothing irregular\n").unwrap();
    fs::write(
        dir.join("law22/e.yaml"),
        other_story
            .replace("L22-0THR", "L22-TAGS")
            .replace("title: North", "title: Tagged, North")
            .replace("  - N: 4H\n", "  - N: 3NT\n")
            .replace("contract:", "tags_are: [x]\n  contract:")
            .replace("tags_are: [x]\n  ", "")
            .replace("source:", "tags: [no-such-tag]\nsource:"),
    )
    .unwrap();
    // The same story in a disjoint edition is a case of its own.
    fs::write(
        dir.join("law22/f.yaml"),
        GOOD.replace("L22-T3ST", "L22-2007")
            .replace("title: North", "title: In 2007, North")
            .replace("dealer:", "editions: [2007]\ndealer:"),
    )
    .unwrap();
    let corpus = load_corpus(&[dir.path_buf()]);
    let errors: Vec<String> = corpus.errors.iter().map(|e| e.to_string()).collect();
    let has = |frag: &str| errors.iter().any(|e| e.contains(frag));
    assert!(corpus.cases.iter().any(|c| c.id == "L22-2007"), "{errors:#?}");
    assert!(corpus.cases.iter().any(|c| c.id == "L31-2HLZ"), "{errors:#?}");
    assert!(has("b.yaml:2:1: the title repeats that of law22/a.yaml"), "{errors:#?}");
    assert!(has("c.yaml:6:1: the same story"), "{errors:#?}");
    assert!(
        has("d.yaml:10:1: the expectation says the auction is over, but the story has fewer than three passes"),
        "{errors:#?}"
    );
    assert!(has("e.yaml:4:1: tag `no-such-tag` is not in the registry"), "{errors:#?}");
    assert_eq!(errors.len(), 4, "{errors:#?}");
    assert!(!corpus.cases.iter().any(|c| c.id == "L22-SAME"), "a duplicate story does not run");
}

#[test]
fn bad_meanings_are_load_errors_with_positions() {
    let with_meaning = |id: &str, means: &str| {
        GOOD.replace("L22-T3ST", id).replace("title: North", &format!("title: {id} North")).replacen(
            "  - N: 1H\n",
            &format!("  - N: 1H\n    means: {means}\n"),
            1,
        )
    };
    let dir = corpus_dir(
        "meanings",
        &[
            ("reversed.yaml", with_meaning("L22-REVR", "{hcp: 20-10}")),
            ("fourteen.yaml", with_meaning("L22-FRTN", "{H: 14}")),
            ("too-many-points.yaml", with_meaning("L22-HCPS", "{hcp: 38+}")),
            ("unknown-suit.yaml", with_meaning("L22-SUIT", "{X: 5+}")),
        ],
    );
    let corpus = load_corpus(&[dir.path_buf()]);
    let errors: Vec<String> = corpus.errors.iter().map(|e| e.to_string()).collect();
    let has = |frag: &str| errors.iter().any(|e| e.contains(frag));
    assert!(has("reversed.yaml:8:18: events[0].means.hcp: `20-10` is an empty range"), "{errors:#?}");
    assert!(has("fourteen.yaml:8:12: events[0].means: a suit length of 14 is impossible"), "{errors:#?}");
    assert!(has("too-many-points.yaml:8:12: events[0].means: an HCP bound of 38 is impossible"), "{errors:#?}");
    assert!(has("unknown-suit.yaml:8:13: events[0].means: unknown key `X`; expected one of `hcp`, `C`"), "{errors:#?}");
    assert_eq!(errors.len(), 4, "{errors:#?}");
}

/// Under `RULINGS_IMPL`, a `skipped` answer and a case the program does not
/// declare are ignored checks with the reason, never failed ones.
#[test]
fn skips_under_cargo_test_are_ignored_not_failed() {
    use rulings::harness::{checks_for_program, Verdict};
    let law27 = "id: L27-T3ST\ntitle: 1S (1H) accepted by South\nlaws: [\"27A1\"]\n\
                 source: \"Laws of Duplicate Bridge 2017, Law 27A1\"\ndealer: N\n\
                 events:\n  - N: 1S\n  - E: 1H\n  - S: accept\nexpect:\n  next: S\n"
        .to_string();
    let dir = corpus_dir("skips", &[("good.yaml", GOOD.to_string()), ("law27.yaml", law27)]);
    let fake = common::fake();
    let options =
        rulings::implementation::external::ExternalOptions::new(vec![fake, "features=".into(), "skip=1".into()]);
    let mut verdicts = Vec::new();
    for c in checks_for_program(&dir, options) {
        let name = c.name.clone();
        verdicts.push((name, (c.run)()));
    }
    let ignored: Vec<&String> = verdicts
        .iter()
        .filter_map(|(_, v)| match v {
            Ok(Verdict::Ignored(why)) => Some(why),
            _ => None,
        })
        .collect();
    assert!(verdicts.iter().all(|(_, v)| v.is_ok()), "{verdicts:?}");
    assert!(ignored.iter().any(|w| w.starts_with("skipped by the program: not yet")), "{verdicts:?}");
    assert!(ignored.iter().any(|w| w.starts_with("not applicable: fake-impl does not declare")), "{verdicts:?}");
}

#[test]
fn unauthorised_is_spelt_either_way_and_diffs_keep_the_case_s_spelling() {
    let uk = GOOD.replace(
        "expect:\n",
        "expect:\n  unauthorised_information:\n    - {seat: S, from: {seat: N, call: 2C}, law: 16C2}\n",
    );
    let dir = corpus_dir("spelling", &[("uk.yaml", uk)]);
    let corpus = load_corpus(&[dir.path_buf()]);
    assert!(corpus.errors.is_empty(), "{:?}", corpus.errors);
    let case = &corpus.cases[0];
    assert!(case.expect.get("unauthorized_information").is_some(), "the Laws' spelling is read");
    let (_, failed) = run_checks(&dir);
    assert!(!failed.is_empty(), "the engine lists no such information here");
    assert!(failed[0].1.contains("unauthorised_information"), "{}", failed[0].1);
    assert!(!failed[0].1.contains("unauthorized_information"), "{}", failed[0].1);
}

#[test]
fn a_clash_is_blamed_on_the_file_just_added() {
    // z-old.yaml was there first; a-new.yaml, added now, tells the same
    // story under the same id: the errors name a-new.yaml, though it comes
    // first in path order.
    let new = GOOD.replace("title: ", "title: Another telling, ");
    let dir = corpus_dir("blame", &[("z-old.yaml", GOOD.to_string()), ("a-new.yaml", new)]);
    let old = dir.join("law22").join("z-old.yaml");
    let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    fs::File::options().write(true).open(&old).and_then(|f| f.set_modified(an_hour_ago)).expect("set mtime");
    let corpus = load_corpus(&[dir.path_buf()]);
    assert_eq!(corpus.cases.len(), 1);
    assert!(corpus.cases[0].name.ends_with("z-old.yaml"), "the old case still runs");
    assert!(!corpus.errors.is_empty());
    for e in &corpus.errors {
        let e = e.to_string();
        assert!(e.contains("a-new.yaml:"), "blames the new file: {e}");
        assert!(e.contains("z-old.yaml"), "names the old one: {e}");
    }
}

#[test]
fn every_problem_of_a_file_comes_in_one_pass() {
    let text = "id: L22-THR3\ntitle: \"\"\nlaws: [\"22A\"]\nsource: \"\"\ndealer: N\nevents:\n  - N: 1C\nexpect: {}\n";
    let dir = corpus_dir("three", &[("three.yaml", text.to_string())]);
    let corpus = load_corpus(&[dir.path_buf()]);
    let errors: Vec<String> = corpus.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(errors.len(), 3, "{errors:#?}");
    assert!(errors[0].ends_with("three.yaml:2:1: `title` is empty"), "{errors:#?}");
    assert!(errors[1].ends_with("three.yaml:4:1: `source` is empty"), "{errors:#?}");
    assert!(errors[2].contains("three.yaml:8:1: `expect` names no key"), "{errors:#?}");
}

#[test]
fn a_story_in_one_line_loads_to_the_same_events() {
    let one_line = GOOD.replace(
        "events:\n  - N: 1H\n  - E: P\n  - S: 2H\n  - W: P\n  - N: 4H\n  - E: P\n  - S: P\n  - W: P\n",
        "story: \"N 1♥, E P, S 2H, W P, N 4H, E P, S P, W P\"\n",
    );
    assert_ne!(one_line, GOOD, "the fixture's events were replaced");
    let dir = corpus_dir("story", &[("long.yaml", GOOD.to_string())]);
    let other = corpus_dir("story-short", &[("short.yaml", one_line.replace("L22-G00D", "L22-ST0R"))]);
    let long = load_corpus(&[dir.path_buf()]);
    let short = load_corpus(&[other.path_buf()]);
    assert!(short.errors.is_empty(), "{:?}", short.errors);
    assert_eq!(long.cases[0].events, short.cases[0].events);
    // Both at once is a mistake, said at the story.
    let both = GOOD.replace("events:\n", "story: \"N 1H\"\nevents:\n");
    let d = corpus_dir("story-both", &[("both.yaml", both)]);
    let c = load_corpus(&[d.path_buf()]);
    assert!(
        c.errors[0].to_string().contains("both.yaml:6:1: the case gives both `events` and `story`"),
        "{:?}",
        c.errors
    );
}

/// GOOD's story as a grid, under `header`, with `rows`.
fn as_grid(header: &str, rows: &str) -> String {
    GOOD.replace(
        "events:\n  - N: 1H\n  - E: P\n  - S: 2H\n  - W: P\n  - N: 4H\n  - E: P\n  - S: P\n  - W: P\n",
        &format!("grid: |\n  {header}\n{rows}"),
    )
}

#[test]
fn a_grid_loads_to_the_same_events() {
    let events = load_corpus(&[corpus_dir("grid-events", &[("long.yaml", GOOD.to_string())]).path_buf()]).cases[0]
        .events
        .clone();
    // As a hand record prints it (West first, the seat before the dealer
    // `-`), from the dealer, with suit symbols and words, notes after `#`.
    for (i, grid) in [
        as_grid("W    N    E    S", "  -    1H   P    2H\n  P    4H   P    P\n  P\n"),
        as_grid("North East South West", "  1♥ Pass 2♥ Pass   # a simple raise\n  4♥ P P P\n"),
        as_grid("WEST NORTH EAST SOUTH", "  # the dealer's seat first\n       1H   P    2H\n  P    4H   P    P\n  P\n"),
    ]
    .into_iter()
    .enumerate()
    {
        let dir = corpus_dir("grid", &[("grid.yaml", grid.clone())]);
        let c = load_corpus(&[dir.path_buf()]);
        assert!(c.errors.is_empty(), "grid {i}: {:?}\n{grid}", c.errors);
        assert_eq!(c.cases[0].events, events, "grid {i}");
    }
}

#[test]
fn a_grid_s_mistakes_are_said_at_their_line_and_column() {
    let said = |name: &str, text: String| {
        let dir = corpus_dir("grid-bad", &[(name, text)]);
        load_corpus(&[dir.path_buf()]).errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")
    };
    // A `-` where a call was due: a pass, or a call out of rotation.
    let e = said("dash.yaml", as_grid("W N E S", "  - 1H P 2H\n  - 4H P P\n  P\n"));
    assert!(
        e.contains(
            "dash.yaml:9:3: grid: `-` at W's turn, after S 2H: write `P` for a pass. A call made out of rotation"
        ),
        "{e}"
    );
    assert!(e.contains("tell the story with `story:` (one line) or `events:`"), "{e}");
    let e = said("card.yaml", as_grid("W N E S", "  - 1H exposes SK\n"));
    assert!(
        e.contains("card.yaml:8:8: grid: cards shown during the auction (Law 24) cannot be drawn in a grid"),
        "{e}"
    );
    let e = said("header.yaml", as_grid("1H P 2H P", "  4H P P P\n"));
    assert!(e.contains("header.yaml:7:3: grid: a grid's first line names the seats"), "{e}");
    let e = said("folded.yaml", as_grid("W N E S", "  - 1H P 2H\n").replace("grid: |", "grid: >"));
    assert!(e.contains("folded.yaml:6:1: write the grid as a block: `grid: |`"), "{e}");
    let both = as_grid("W N E S", "  - 1H\n").replace("grid: |", "events:\n  - N: 1H\ngrid: |");
    let e = said("both.yaml", both);
    assert!(e.contains("both.yaml:8:1: the case gives both `events` and `grid`: keep one"), "{e}");
}
