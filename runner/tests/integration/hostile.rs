//! Hostile case files: each gives a clear error, unexpanded and in bounded
//! memory, and the good case beside it still loads.

use crate::common;

use std::fs;

use common::Scratch;
use rulings::corpus::load::load_corpus;

const GOOD: &str = "\
id: L22-G00D
title: North declares four hearts after South raises
laws: [\"22A\"]
source: \"Laws of Duplicate Bridge 2017, Law 22A\"
tags: [legal-auction]
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

/// A billion-laughs document: ten levels of nine aliases each, expanded
/// under `expect` (a free-form value, the only place it could grow).
fn alias_bomb() -> String {
    let head = GOOD.split("expect:\n").next().unwrap_or_default();
    let mut s = head.replace("L22-G00D", "L22-B0MB");
    s.push_str("expect:\n  auction:\n");
    s.push_str("  - &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    let names: Vec<char> = "abcdefghij".chars().collect();
    for w in names.windows(2) {
        let (prev, n) = (w[0], w[1]);
        let refs = vec![format!("*{prev}"); 9].join(",");
        s.push_str(&format!("  - &{n} [{refs}]\n"));
    }
    s.push_str("  rulings: *j\n");
    s
}

fn write_corpus(name: &str, files: Vec<(&str, Vec<u8>)>) -> Scratch {
    let dir = Scratch::new(name);
    fs::create_dir_all(dir.join("law22")).unwrap();
    for (file, bytes) in files {
        fs::write(dir.join("law22").join(file), bytes).unwrap();
    }
    dir
}

fn assert_refused(name: &str, bytes: Vec<u8>, expected: &str) {
    let dir = write_corpus(name, vec![("good.yaml", GOOD.as_bytes().to_vec()), ("hostile.yaml", bytes)]);
    // Refused, not expanded: an expansion would not end (the test hangs).
    let corpus = load_corpus(&[dir.path_buf()]);
    assert_eq!(corpus.cases.len(), 1, "{name}: the good case still loads");
    assert_eq!(corpus.errors.len(), 1, "{name}: {:?}", corpus.errors);
    let e = corpus.errors[0].to_string();
    assert!(e.contains("hostile.yaml:"), "{name}: the error names the file: {e}");
    assert!(e.contains(expected), "{name}: {e}");
}

#[test]
fn billion_laughs() {
    // Reported at the first alias, not at 1:1.
    assert_refused("bomb", alias_bomb().into_bytes(), ":19:9: `*a` is a YAML alias");
}

/// One wide anchored list, then that alias many times: few nesting levels,
/// so serde_yaml's own repetition check lets it through, yet it expands to
/// gigabytes. Refused before parsing, at the first alias.
#[test]
fn wide_alias_bomb() {
    let head = GOOD.split("expect:\n").next().unwrap_or_default().replace("L22-G00D", "L22-W1DE");
    let items = vec!["1"; 20_000].join(",");
    let aliases = vec!["*w"; 20_000].join(",");
    let text = format!("{head}expect:\n  auction: &w [{items}]\n  rulings: [{aliases}]\n");
    assert_refused("wide", text.into_bytes(), ":18:13: `*w` is a YAML alias");
}

#[test]
fn byte_order_mark_is_accepted() {
    let dir = write_corpus("bom", vec![("good.yaml", format!("\u{feff}{GOOD}").into_bytes())]);
    let corpus = load_corpus(&[dir.path_buf()]);
    assert!(corpus.errors.is_empty(), "{:?}", corpus.errors);
    assert_eq!(corpus.cases.len(), 1);
}

#[test]
fn hazards_are_reported_where_they_are() {
    let good = GOOD.replace("L22-G00D", "L22-HZRD");
    let nul = good.replacen("  - E: P\n", "  - E: P\u{0}\n", 1);
    assert_refused("nul", nul.into_bytes(), ":9:9: the file holds a control character (U+0000)");
    let two_docs = format!("{good}---\n{good}");
    assert_refused("docs", two_docs.into_bytes(), ":19:1: a second YAML document starts here");
    let binary = good.replacen("dealer: N", "dealer: !!binary Tg==", 1);
    assert_refused("binary", binary.into_bytes(), ":6:9: `!!binary` is a YAML tag");
}

#[test]
fn a_huge_number_is_reported_at_its_key() {
    let text = GOOD.replace("L22-G00D", "L22-HUGE").replacen("dealer: N", "dealer: N\nvulnerable: 1e400", 1);
    assert_refused("huge", text.into_bytes(), ":7:1: `1e400` is not a vulnerability");
}

#[test]
fn deep_nesting() {
    let deep = format!("{}\nx: {}{}\n", GOOD.replace("L22-G00D", "L22-DEEP"), "[".repeat(100_000), "]".repeat(100_000));
    assert_refused("deep", deep.into_bytes(), "brackets nest more than 32 deep");
    let indented: String = (0..300).map(|i| format!("{}k{i}:\n", " ".repeat(i))).collect();
    assert_refused("indent", format!("id: L22-1NDT\n{indented}").into_bytes(), "indented");
}

#[test]
fn ten_megabytes() {
    let mut big = GOOD.replace("L22-G00D", "L22-B1GG");
    big.push('#');
    big.push_str(&"x".repeat(10 * 1024 * 1024));
    assert_refused("big", big.into_bytes(), "a case is at most 262144 bytes");
}

#[test]
fn not_utf8() {
    let mut bytes = GOOD.replace("L22-G00D", "L22-LAT1").into_bytes();
    bytes.extend_from_slice(b"# caf\xe9\n");
    assert_refused("latin1", bytes, ":19:6: the file is not UTF-8 text");
}

#[test]
fn tabs() {
    let text = GOOD.replace("L22-G00D", "L22-TABS").replacen("  - S: 2H", "\t- S: 2H", 1);
    assert_refused("tabs", text.into_bytes(), ":10:1: a tab is used for indentation");
}

#[test]
fn duplicate_key() {
    let text = GOOD.replace("L22-G00D", "L22-DUPK").replacen("tags:", "title: again\ntags:", 1);
    assert_refused("dupkey", text.into_bytes(), ":5:1: the key `title` appears twice");
}

/// A case folder the runner may not read does not stop the corpus: the
/// error names that folder and the other folders load.
#[cfg(unix)]
#[test]
fn an_unreadable_folder_is_named_and_the_rest_loads() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_path_buf();
    fs::set_permissions(&root, fs::Permissions::from_mode(0o755)).unwrap();
    fs::create_dir_all(root.join("law22")).unwrap();
    fs::write(root.join("law22/good.yaml"), GOOD).unwrap();
    let locked = root.join("law27");
    fs::create_dir_all(&locked).unwrap();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    let text = if fs::read_dir(&locked).is_err() {
        let corpus = load_corpus(std::slice::from_ref(&root));
        assert_eq!(corpus.cases.len(), 1, "{:?}", corpus.errors);
        corpus.errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")
    } else {
        // As root, permissions do not stop a read: check the folder as an
        // unprivileged user (nobody) through the binary instead.
        let out = std::process::Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", env!("CARGO_BIN_EXE_rulings"), "check"])
            .arg(&root)
            .output()
            .expect("setpriv (util-linux) runs the check as nobody");
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(text.contains("1 case(s) loaded and ruled on, 1 error(s)"), "{text}");
        text
    };
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
    // Messages are wrapped to 80 columns, where the temp folder's path
    // moves the breaks: read them as words.
    let text = crate::common::words(&text);
    assert!(text.contains("law27: cannot read the case folder"), "{text}");
    assert!(text.contains("the other folders are loaded"), "{text}");
}

/// Entries that are not read as cases are listed with the reason; a FIFO
/// with a case's name does not hang the loader.
#[cfg(unix)]
#[test]
fn what_is_skipped_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_path_buf();
    fs::create_dir_all(root.join("law22")).unwrap();
    fs::write(root.join("law22/good.yaml"), GOOD).unwrap();
    fs::write(root.join("law22/_draft.yaml"), GOOD.replace("L22-G00D", "L22-DRFT")).unwrap();
    fs::write(root.join("law22/other.yml"), "x: 1").unwrap();
    std::os::unix::fs::symlink(root.join("law22/good.yaml"), root.join("law22/link.yaml")).unwrap();
    std::os::unix::fs::symlink(root.join("law22"), root.join("linked-folder")).unwrap();
    let fifo = root.join("law22/pipe.yaml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
    // A FIFO opened for reading would block for ever: that loading ends
    // at all shows it was not opened.
    let corpus = load_corpus(std::slice::from_ref(&root));
    assert_eq!(corpus.cases.len(), 1, "{:?}", corpus.errors);
    assert!(corpus.errors.is_empty(), "{:?}", corpus.errors);
    let said: Vec<String> = corpus.skipped.iter().map(|(p, why)| format!("{}: {why}", p.display())).collect();
    let has = |file: &str, why: &str| said.iter().any(|s| s.contains(file) && s.contains(why));
    assert!(has("_draft.yaml", "corpus metadata"), "{said:?}");
    assert!(has("other.yml", "end in .yaml"), "{said:?}");
    assert!(has("link.yaml", "symbolic link"), "{said:?}");
    assert!(has("linked-folder", "symbolic link"), "{said:?}");
    if made {
        assert!(has("pipe.yaml", "not a regular file"), "{said:?}");
    }
}

/// A FIFO or a device as the tag registry is refused at once instead of
/// hanging (or reading /dev/zero for ever).
#[cfg(unix)]
#[test]
fn a_special_tag_registry_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_path_buf();
    fs::create_dir_all(root.join("law22")).unwrap();
    fs::write(root.join("law22/good.yaml"), GOOD.replace("tags: [legal-auction]\n", "")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", root.join("_tags.yml")).unwrap();
    // /dev/zero read to its end would never end: that loading ends at all
    // shows it was refused unread.
    let corpus = load_corpus(std::slice::from_ref(&root));
    assert_eq!(corpus.errors.len(), 1, "{:?}", corpus.errors);
    assert!(corpus.errors[0].to_string().contains("not a regular file"), "{}", corpus.errors[0]);
}

#[test]
fn a_story_longer_than_the_event_limit_is_refused_at_its_events() {
    let head = GOOD.split("events:\n").next().unwrap_or_default().replace("L22-G00D", "L22-L0NG");
    let mut text = format!("{head}events:\n  - N: 1C\n");
    // East's eight spades, again and again: each an inadmissible bid (38).
    for _ in 0..rulings_engine::MAX_EVENTS {
        text.push_str("  - E: 8S\n");
    }
    text.push_str("expect:\n  status: auction\n");
    assert_refused("long", text.into_bytes(), ":7:1: `events` has 1001 events; a case may have at most 1000");
    // The same told as a grid, a round a line.
    let mut grid = format!("{head}grid: |\n  N E S W\n  1C 8S P P\n");
    for _ in 0..rulings_engine::MAX_EVENTS / 4 {
        grid.push_str("  P 8S P P\n");
    }
    grid.push_str("expect:\n  status: auction\n");
    assert_refused("long-grid", grid.into_bytes(), ":7:1: `grid` has 1004 events; a case may have at most 1000");
}

#[test]
fn the_usual_yaml_slips_are_told_in_plain_words() {
    let good = GOOD.replace("L22-G00D", "L22-SL1P");
    let colon = good.replace("title: North declares", "title: Law 22: North declares");
    assert_refused("colon", colon.into_bytes(), ":2:14: the value of `title` holds \": \", which YAML reads as a new key; put it in quotes: title: \"Law 22: North declares");
    let dash = good.replace("  - E: P\n", "  -E: P\n");
    assert_refused("dash", dash.into_bytes(), ":9:3: a list item needs a space after `-`: write `- E: P`");
    assert_refused(
        "fragment",
        b"  - N: 1C\n  - E: P\n".to_vec(),
        "expected a case (a map with id, title, laws, source, dealer, events and expect); is this a fragment",
    );
}

#[test]
fn a_quote_inside_a_quoted_value_is_named() {
    let good = GOOD.replace("L22-G00D", "L22-QU0T");
    let quoted = good.replace(
        "source: \"Laws of Duplicate Bridge 2017, Law 22A\"",
        "source: \"Laws of Duplicate Bridge 2017, \"Law 22A\" itself\"",
    );
    assert_refused("quote", quoted.into_bytes(), "the value of `source` holds a `\"` that ends its quotes early");
}

#[test]
fn a_misspelt_key_gets_a_suggestion() {
    let good = GOOD.replace("L22-G00D", "L22-SPEL");
    assert_refused(
        "dealr",
        good.replace("dealer: N", "dealr: N").into_bytes(),
        ":6:1: unknown key `dealr`: did you mean `dealer`?",
    );
    assert_refused(
        "stauts",
        good.replace("  status: closed", "  stauts: closed").into_bytes(),
        "expect: unknown key `stauts`: did you mean `status`?",
    );
    // Nothing near: the keys are listed.
    assert_refused(
        "zzz",
        good.replace("dealer: N", "dealer: N\nzzzzzzz: 1").into_bytes(),
        "unknown key `zzzzzzz`; expected one of `id`",
    );
}

#[test]
fn indentation_slips_are_told_in_columns() {
    let good = GOOD.replace("L22-G00D", "L22-INDT");
    assert_refused(
        "item",
        good.replacen("  - E: P\n", "   - E: P\n", 1).into_bytes(),
        "this line is indented 3 space(s), the line above it 2: list items start in the same column",
    );
    assert_refused(
        "key",
        good.replace("  contract: {", "   contract: {").into_bytes(),
        "this line is indented 3 space(s), the line above it 2: keys of one map start in the same column",
    );
}

/// Aliases the text scan could not see (an alias can expand to gigabytes): a quote earlier in a
/// plain value, a tab before the alias, a lone carriage return ending a
/// comment. Small (a regression loads them, and the assertion fails, in
/// no time); the parser's events refuse each at its alias.
#[test]
fn aliases_hidden_from_a_text_scan_are_refused_at_the_alias() {
    let good = GOOD.replace("L22-G00D", "L22-H1DE").replace("tags: [legal-auction]\n", "");
    let with = |tags: &str| good.replace("dealer: N\n", &format!("dealer: N\nnote: &a legal-auction\n{tags}"));
    assert_refused("quote", with("tags: [x 'y, *a]\n").into_bytes(), ":7:14: `*a` is a YAML alias");
    assert_refused("tab", with("tags: [\t*a]\n").into_bytes(), ":7:9: `*a` is a YAML alias");
    // A lone carriage return is refused where it stands (YAML ends a line there).
    assert_refused("cr", with("# c\rtags: [*a]\n").into_bytes(), ":7:4: a carriage return without a newline");
}

/// A lone carriage return is reported where it is, not at 1:1 (an error
/// at 1:1 is no help): YAML ends a line there, the editor does not.
#[test]
fn a_lone_carriage_return_is_reported_where_it_is() {
    let good = GOOD.replace("L22-G00D", "L22-LNCR");
    let text = good.replace("dealer: N\n", "dealer: N # x\rvulnerable: 1e400\n");
    assert_refused("lone-cr", text.into_bytes(), ":6:14: a carriage return without a newline after it");
    // Windows line ends are fine.
    let dir = write_corpus("crlf", vec![("good.yaml", good.replace('\n', "\r\n").into_bytes())]);
    let corpus = load_corpus(&[dir.path_buf()]);
    assert!(corpus.errors.is_empty(), "{:?}", corpus.errors);
}

/// The tag registry and a known-failures file refuse aliases too (an
/// alias may expand to gigabytes); small files, so that a regression fails the assertion at once.
#[test]
fn the_tag_registry_and_known_failures_refuse_aliases() {
    let tags = "legal-auction: &m the auction is legal\nother: [x 'y, *m]\n";
    let e = rulings::corpus::lint::parse_tags(tags, std::path::Path::new("_tags.yml")).unwrap_err();
    assert!(e.to_string().contains("_tags.yml:2:15: "), "{e}");
    assert!(e.to_string().contains("`*m` is a YAML alias"), "{e}");
    let dir = tempfile::tempdir().unwrap();
    let known = dir.path().join("known.yaml");
    fs::write(&known, "L22-AAAA: &k {reason: why}\n# c\rL22-BBBB: *k\n").unwrap();
    let e = rulings::judging::known_failures::load(&known, false).unwrap_err().to_string();
    assert!(e.contains("known.yaml:3:11: ") && e.contains("`*k` is a YAML alias"), "{e}");
}

/// An alias bomb of 248 KB: an alias behind a quote,
/// expanded to gigabytes if it got through. Loaded by `rulings check` in a
/// child process under a 1 GiB address-space limit and 20 s of CPU, so a
/// regression fails quickly instead of taking the machine's memory.
#[cfg(target_os = "linux")]
#[test]
fn a_hidden_alias_bomb_is_refused_in_bounded_memory() {
    let dir = Scratch::new("hidden-bomb");
    fs::create_dir_all(dir.join("law22")).unwrap();
    let head = GOOD.replace("L22-G00D", "L22-B0M2").replace("tags: [legal-auction]\n", "");
    let items = vec!["1"; 20_000].join(",");
    let aliases = vec!["*w"; 40_000].join(", ");
    let text =
        head.replace("expect:\n", &format!("expect:\n  auction: [x 'y, &w [{items}]]\n  rulings: [x 'y, {aliases}]\n"));
    fs::write(dir.join("law22/bomb.yaml"), text).unwrap();
    let out = std::process::Command::new("prlimit")
        .args(["--as=1073741824", "--cpu=20", env!("CARGO_BIN_EXE_rulings"), "check"])
        .arg(dir.path_buf())
        .output()
        .expect("prlimit (util-linux) runs the check");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    // Messages are wrapped to 80 columns: read them as words.
    let flat = crate::common::words(&text);
    assert!(flat.contains("`*w` is a YAML alias"), "{text}");
}
