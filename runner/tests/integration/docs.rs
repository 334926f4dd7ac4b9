//! Every `rulings` command printed in README.md, CONTRIBUTING.md and
//! docs/implementers.md runs as printed, in order, and succeeds: in a
//! scratch copy of the corpus and the examples, with `./my-engine` (a
//! stand-in for the reader's program) played by the fake implementation and
//! `target/release/rulings-engine` by `rulings serve`. CONTRIBUTING's
//! walk-through is followed from top to bottom: the case its `new` command
//! creates is filled in with the YAML the page shows, then checked and run
//! (the skeleton README's `new` writes is removed, as a reader trying the
//! command would).
//!
//! Not run here: cargo's own commands (`cargo build`, `cargo test`,
//! `cargo install`, which CI runs), `bench`, which takes a minute (its
//! own test runs it on a small corpus), and `workbench`, which serves until
//! stopped (tests/integration/workbench.rs runs it).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use rulings::implementation::external::split_command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The lines of the `sh` blocks of a Markdown file, comments dropped.
fn commands(file: &str) -> Vec<String> {
    let text = fs::read_to_string(root().join(file)).expect("the doc");
    let mut out = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("```") {
            inside = !inside && (t == "```sh" || t == "```bash");
            continue;
        }
        if inside && !t.is_empty() && !t.starts_with('#') {
            // A comment after two spaces ends the command.
            let command = match t.find("  #") {
                Some(i) => &t[..i],
                None => t,
            };
            out.push(command.trim().to_string());
        }
    }
    out
}

/// A CONTRIBUTING walk-through's case text: the YAML block after "Fill it in".
fn walk_through_case() -> String {
    let text = fs::read_to_string(root().join("CONTRIBUTING.md")).expect("CONTRIBUTING.md");
    let after = text.split("Fill it in:").nth(1).expect("CONTRIBUTING has a \"Fill it in:\" step");
    let block = after.split("```yaml\n").nth(1).expect("a yaml block");
    block.split("```").next().expect("the block's end").to_string()
}

/// The arguments for the `rulings` binary of a documented command, or None
/// for a command not run here.
fn rulings_args(command: &str) -> Option<Vec<String>> {
    let words = split_command(command).expect("the command splits into words");
    let (first, rest) = words.split_first()?;
    match first.as_str() {
        "cargo" if rest.first().map(String::as_str) == Some("run") => {
            let at = rest.iter().position(|w| w == "--")?;
            Some(rest[at + 1..].to_vec())
        }
        "target/release/rulings" | "rulings" => Some(rest.to_vec()),
        _ => None,
    }
}

#[test]
fn every_documented_command_runs_as_printed() {
    let me = env!("CARGO_BIN_EXE_rulings");
    let fake = crate::common::fake();
    let fake = fake.as_str();
    let scratch = tempfile::tempdir().expect("temp dir");
    let work = scratch.path();
    for dir in ["cases", "examples", "reports"] {
        copy_dir(&root().join(dir), &work.join(dir));
    }
    let mut ran = 0;
    let mut seen = std::collections::HashSet::new();
    for file in READER_DOCS {
        for command in commands(file) {
            let Some(args) = rulings_args(&command) else { continue };
            // bench takes a minute, and the workbench serves until stopped:
            // their own tests run them.
            if matches!(args.first().map(String::as_str), Some("bench" | "workbench")) {
                continue;
            }
            // The reader's program, and the engine built beside rulings. The
            // stand-in for the reader's program answers with the reference
            // engine's rulings, and says so in its hello: the cases the engine
            // does not yet rule right (cases/reference-open.yml) count as open
            // for it, as for the engine, not as its failures.
            let args: Vec<String> = args
                .iter()
                .flat_map(|a| match a.as_str() {
                    "./my-engine" => vec![fake.to_string(), "name=rulings-engine".to_string()],
                    "./my-engine --fast" => vec![format!("{fake} name=rulings-engine --fast")],
                    "my_adapter.py" => vec!["examples/python/adapter.py".to_string()],
                    "target/release/rulings-engine" => vec![me.to_string(), "serve".to_string()],
                    _ => vec![a.clone()],
                })
                .collect();
            // A command printed in several places (README and implementers.md
            // share many) runs once: the same words do the same thing, and
            // each run costs the whole corpus. `new` writes a file each time.
            if args.first().map(String::as_str) != Some("new") && !seen.insert(args.clone()) {
                continue;
            }
            if args.iter().any(|a| a == "python3" || a.contains("python3 "))
                && Command::new("python3").arg("--version").output().is_err()
            {
                continue;
            }
            let out =
                Command::new(me).args(&args).current_dir(work).stdin(Stdio::null()).output().expect("rulings runs");
            let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
            assert!(out.status.success(), "{file}: `{command}` failed ({}):\n{said}", out.status);
            ran += 1;
            // README shows `new` in passing: that skeleton is thrown away.
            // CONTRIBUTING's walk-through goes on: the author fills it in.
            if args.first().map(String::as_str) == Some("new") && file != "CONTRIBUTING.md" {
                fs::remove_file(work.join(String::from_utf8_lossy(&out.stdout).trim())).expect("remove the skeleton");
            } else if args.first().map(String::as_str) == Some("new") {
                let created = work.join(String::from_utf8_lossy(&out.stdout).trim());
                let skeleton = fs::read_to_string(&created).expect("the skeleton `new` wrote");
                let id = skeleton
                    .lines()
                    .find_map(|l| l.strip_prefix("id: "))
                    .map(|s| s.trim().to_string())
                    .expect("the skeleton has an id");
                let case = walk_through_case().replacen("id: L27-????", &format!("id: {id}"), 1);
                fs::write(&created, case).expect("fill the case in");
            }
        }
    }
    assert!(ran >= 15, "the docs hold {ran} rulings commands run here");
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("mkdir");
    for entry in fs::read_dir(from).expect("read dir").flatten() {
        let path = entry.path();
        let dest = to.join(entry.file_name());
        if entry.file_type().map(|t| t.is_dir()).unwrap_or(false) {
            copy_dir(&path, &dest);
        } else if entry.file_type().map(|t| t.is_file()).unwrap_or(false) {
            fs::copy(&path, &dest).expect("copy");
        }
    }
}

/// The docs a reader follows, which name cases by id, file and test name.
const READER_DOCS: [&str; 3] = ["README.md", "CONTRIBUTING.md", "docs/implementers.md"];

/// Every case file, test name (`law27/x.yaml::2007::rotated-1`) and case id
/// the docs name is in the corpus: a name that is not fails here, with the
/// file and line.
#[test]
fn every_case_file_the_docs_name_exists() {
    // The walk-through's own case is created by following it.
    let walk_through = "law27/w-1d-n-1c-not-accepted-corrected-to-2c.yaml";
    // Ids a documented command writes (a fuzz run's case), not ids of the corpus.
    let written = ["L22-F45N"];
    let corpus = rulings::corpus::load::load_corpus(&[root().join("cases")]);
    let by_name = |name: &str| corpus.cases.iter().find(|c| c.name == name);
    let mut checked = (0, 0);
    for file in READER_DOCS {
        let text = fs::read_to_string(root().join(file)).expect("the doc");
        for (i, line) in text.lines().enumerate() {
            let at = format!("{file}:{}", i + 1);
            for word in line.split(|c: char| c.is_whitespace() || "`()[],;\"'".contains(c)) {
                let word = word.trim_end_matches(['.', ':']);
                let name = word.trim_start_matches("cases/");
                let mut parts = name.split("::");
                let path = parts.next().unwrap_or_default();
                let Some(folder) = path.split('/').next() else { continue };
                if folder.starts_with("law") && path.ends_with(".yaml") && !path.contains("...") && path != walk_through
                {
                    let Some(case) = by_name(path) else { panic!("{at}: no case {path}") };
                    // A test name's suffixes: an edition the case holds for, a rotation 1-3.
                    for suffix in parts {
                        let ok = match suffix.strip_prefix("rotated-") {
                            Some(n) => ["1", "2", "3"].contains(&n),
                            None => case.editions.iter().any(|e| e.year() == suffix && suffix != "2017"),
                        };
                        assert!(ok, "{at}: {name} names no run of {path} (editions {:?})", case.editions);
                    }
                    checked.0 += 1;
                }
            }
            for id in ids(line) {
                if !written.contains(&id) {
                    assert!(corpus.cases.iter().any(|c| c.id == id), "{at}: no case has the id {id}");
                    checked.1 += 1;
                }
            }
        }
    }
    assert!(checked.0 >= 3 && checked.1 >= 5, "the docs name cases: {checked:?} (files, ids) checked");
    // README's case in short is the file it names, in full.
    let readme = fs::read_to_string(root().join("README.md")).expect("README.md");
    let section = readme.split("## A case in short").nth(1).expect("README has \"A case in short\"");
    let named = section.split('`').nth(1).expect("the section names its file");
    let block = section.split("```yaml\n").nth(1).and_then(|b| b.split("```").next()).expect("a yaml block");
    let file = fs::read_to_string(root().join(named)).expect("the file README shows");
    assert_eq!(block, file, "README's case in short is {named} as it is");
}

/// The case ids in a line of text: L, a law number, a dash, four of A-Z 0-9.
fn ids(line: &str) -> Vec<&str> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    for (i, _) in line.match_indices('L') {
        let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let dash = i + 1 + digits;
        let end = dash + 5;
        let word_start = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        if digits > 0
            && end <= b.len()
            && b[dash] == b'-'
            && b[dash + 1..end].iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            && (end == b.len() || !b[end].is_ascii_alphanumeric())
            && word_start
        {
            out.push(&line[i..end]);
        }
    }
    out
}

#[test]
fn docs_clauses_md_is_the_registry() {
    let text = fs::read_to_string(root().join("docs/clauses.md")).expect("docs/clauses.md");
    assert!(
        text == rulings::corpus::authoring::clauses_markdown(),
        "docs/clauses.md is stale: run `cargo run -p rulings -- clauses --markdown > docs/clauses.md`"
    );
}

/// The number after `**` and before `label` in `text`, e.g. `**742 cases**`.
fn number_before(text: &str, label: &str) -> Option<usize> {
    let at = text.find(label)?;
    let digits: String =
        text[..at].chars().rev().take_while(|c| c.is_ascii_digit()).collect::<Vec<_>>().into_iter().rev().collect();
    digits.parse().ok()
}

/// README's "What is in it" says how many cases the corpus holds and how many
/// runs `cargo test` makes of them (every edition a case lists, four seat
/// rotations each): both numbers are the corpus's as it is, so a case added
/// without the README following fails here rather than leaving the reader a
/// stale count.
#[test]
fn readme_counts_the_corpus_as_it_is() {
    let readme = fs::read_to_string(root().join("README.md")).expect("README.md");
    let section = readme.split("## What is in it").nth(1).expect("README has \"What is in it\"");
    let corpus = rulings::corpus::load(&[root().join("cases")]);
    assert!(corpus.errors.is_empty(), "the corpus loads: {:?}", corpus.errors.first());
    let cases = corpus.cases.len();
    let runs: usize = corpus.cases.iter().map(|c| c.editions.len() * 4).sum();
    assert!(cases > 0 && runs >= cases * 4, "counted {cases} cases and {runs} runs");
    assert_eq!(number_before(section, " cases**"), Some(cases), "README's **N cases** is the corpus's count");
    assert_eq!(number_before(section, " runs"), Some(runs), "README's run count is cargo test's");
}
