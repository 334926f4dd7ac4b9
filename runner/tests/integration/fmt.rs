//! `rulings fmt` as a user runs it: over a copy of the whole corpus, every
//! case still loads to the same events and expectation, whatever form its
//! story is turned into; files that do not load, and stories a form cannot
//! tell, are reported and left as they are; `--check` writes nothing.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rulings::corpus::case::Case;
use rulings::corpus::load::load_corpus;

fn rulings(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulings")).args(args).output().expect("run rulings")
}

/// What `rulings` said, its messages' wrapped lines joined again (a
/// message continues on lines indented under its first, at 80 columns).
fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
        .replace("\n    ", " ")
        .replace("\n  ", " ")
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases")
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("mkdir");
    for entry in fs::read_dir(from).expect("read dir").flatten() {
        let (path, dest) = (entry.path(), to.join(entry.file_name()));
        if path.is_dir() {
            copy_dir(&path, &dest);
        } else {
            fs::copy(&path, &dest).expect("copy");
        }
    }
}

/// Each case of a corpus folder by name, with what it says: every key a
/// case file gives, the story as events.
fn says(dir: &Path) -> BTreeMap<String, String> {
    let corpus = load_corpus(&[dir.to_path_buf()]);
    assert!(corpus.errors.is_empty(), "{:?}", corpus.errors);
    let said = |c: &Case| {
        format!(
            "{} {} {:?} {} {:?} {:?} {:?} {:?} {} {:?} {}",
            c.id,
            c.title,
            c.laws,
            c.source,
            c.editions,
            c.tags,
            c.dealer,
            c.vulnerable,
            serde_json::to_string(&c.events).expect("events"),
            c.regulations,
            c.expect.to_value()
        )
    };
    corpus.cases.iter().map(|c| (c.name.clone(), said(c))).collect()
}

/// The comments of every file, in order: conversions move them, never drop
/// them (each comment's words are still in the file).
fn comments(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for (_, path) in rulings::corpus::load::walk_corpus(dir, dir).files {
        let text = fs::read_to_string(&path).expect("read");
        for line in text.lines() {
            if let Some((_, c)) =
                line.split_once(" # ").or_else(|| line.trim_start().strip_prefix("# ").map(|c| ("", c)))
            {
                out.push((path.clone(), c.trim().to_string()));
            }
        }
    }
    out
}

#[test]
fn fmt_and_every_conversion_leave_every_corpus_case_saying_the_same() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let cases = scratch.path().join("cases");
    copy_dir(&corpus_dir(), &cases);
    let before = says(&cases);
    let s = cases.to_str().expect("utf-8 path");
    // The corpus is in normal form: fmt changes nothing.
    let o = rulings(&["fmt", s]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains(&format!("{n} case file(s): 0 rewritten, {n} in normal form already", n = before.len())),
        "{}",
        text(&o)
    );
    let originals = comments(&cases);
    // events -> grid -> story -> events (grid -> events is the next test's).
    for to in ["grid", "story", "events"] {
        let o = rulings(&["fmt", "--to", to, s]);
        // Stories a form cannot tell are refused, each with its reason.
        let said = text(&o);
        assert!(!said.contains("please report"), "--to {to}: {said}");
        assert!(
            said.lines().filter(|l| l.starts_with("error:")).all(|l| l.contains("cannot write the story")),
            "--to {to}: {said}"
        );
        assert_eq!(says(&cases), before, "--to {to}: every case says the same");
        // What fmt writes is in normal form: formatting it again changes nothing.
        let o = rulings(&["fmt", "--check", s]);
        assert!(o.status.success(), "after --to {to}: {}", text(&o));
        for (path, comment) in &originals {
            let now = fs::read_to_string(path).expect("read");
            let words = comment.rsplit(": ").next().unwrap_or(comment);
            assert!(now.contains(words), "--to {to}: {} lost `# {comment}`:\n{now}", path.display());
        }
    }
}

/// The corpus tells its stories in all three forms (a case
/// written as `grid:` or `story:` made these tests fail, which compared
/// whole files with the originals and counted grid-tellable stories).
#[test]
fn a_story_turned_into_a_grid_and_back_differs_at_most_in_how_its_comments_align() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let (cases, baseline) = (scratch.path().join("cases"), scratch.path().join("baseline"));
    copy_dir(&corpus_dir(), &cases);
    copy_dir(&corpus_dir(), &baseline);
    let in_form =
        |dir: &Path, key: &str| walk(dir).into_iter().filter(|(_, t)| t.contains(&format!("\n{key}"))).count();
    assert!(in_form(&cases, "grid: |\n") > 0 && in_form(&cases, "story: ") > 0, "the corpus uses every form");
    let grids_before = in_form(&cases, "grid: |\n");
    let s = cases.to_str().expect("utf-8 path");
    let o = rulings(&["fmt", "--to", "grid", s]);
    let said = text(&o);
    // The closing line: "N case file(s): M rewritten, ...".
    let rewritten: usize = said
        .lines()
        .find(|l| l.contains("case file(s): "))
        .and_then(|l| l.split("case file(s): ").nth(1))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("fmt says how many it rewrote: {said}"));
    // Every file it rewrote is a grid now; those already grids stayed.
    assert_eq!(in_form(&cases, "grid: |\n"), grids_before + rewritten, "{said}");
    // Back to events, each file reads as the original does once it too is
    // turned into events (the originals are in all three forms).
    for dir in [&cases, &baseline] {
        let o = rulings(&["fmt", "--to", "events", dir.to_str().expect("utf-8 path")]);
        assert!(o.status.success(), "{}", text(&o));
    }
    for (path, now) in walk(&cases) {
        let name = path.strip_prefix(&cases).expect("under the copy");
        let was = fs::read_to_string(baseline.join(name)).expect("the original, as events");
        let squeeze = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(squeeze(&now), squeeze(&was), "{}", name.display());
    }
}

fn walk(dir: &Path) -> Vec<(PathBuf, String)> {
    rulings::corpus::load::walk_corpus(dir, dir)
        .files
        .into_iter()
        .map(|(_, p)| {
            let t = fs::read_to_string(&p).expect("read");
            (p, t)
        })
        .collect()
}

const MESSY: &str = "\
title: 1D (1C) not accepted, corrected to 2C
id: L27-FMT1
laws: [\"27B1(a)\"]
source: \"a test\"
dealer: W
events:
    - W: 1♦
    - N: 1c      # insufficient
    - E: Reject
    - N: 2C
expect:
    next: E
";

#[test]
fn check_lists_what_fmt_would_rewrite_and_writes_nothing() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let file = scratch.path().join("messy.yaml");
    fs::write(&file, MESSY).expect("write");
    let f = file.to_str().expect("utf-8 path");
    let o = rulings(&["fmt", "--check", f]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    // The suit symbol becomes a letter, and fmt says so (it did silently).
    assert!(text(&o).contains("messy.yaml: not in normal form (1 suit symbol(s) written as letters"), "{}", text(&o));
    assert_eq!(fs::read_to_string(&file).expect("read"), MESSY, "--check writes nothing");
    let o = rulings(&["fmt", f]);
    assert!(o.status.success() && text(&o).contains("messy.yaml: rewritten (1 suit symbol(s)"), "{}", text(&o));
    assert_eq!(
        fs::read_to_string(&file).expect("read"),
        "id: L27-FMT1\ntitle: 1D (1C) not accepted, corrected to 2C\nlaws: [\"27B1(a)\"]\nsource: \"a test\"\ndealer: W\n\
         events:\n  - W: 1D\n  - N: 1C      # insufficient\n  - E: reject\n  - N: 2C\nexpect:\n  next: E\n"
    );
    let o = rulings(&["fmt", "--check", f]);
    assert!(o.status.success(), "{}", text(&o));
    // With no path and no cases/ folder here, there is nothing to format.
    let o = Command::new(env!("CARGO_BIN_EXE_rulings")).arg("fmt").current_dir(scratch.path()).output().expect("run");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("no cases/ folder here"), "{}", text(&o));
    // No temporary file is left beside it.
    assert_eq!(fs::read_dir(scratch.path()).expect("list").count(), 1);
    // The one-line story and the grid, both ways.
    let o = rulings(&["fmt", "--to", "grid", f]);
    assert!(o.status.success(), "{}", text(&o));
    let grid = fs::read_to_string(&file).expect("read");
    assert!(grid.contains("grid: |\n  W       N       E       S\n  1D      1C      reject          # N 1C: insufficient\n  -       2C\n"), "{grid}");
    rulings(&["fmt", "--to", "story", f]);
    let line = fs::read_to_string(&file).expect("read");
    assert!(line.contains("# N 1C: insufficient\nstory: \"W 1D, N 1C, E reject, N 2C\"\n"), "{line}");
    rulings(&["fmt", "--to", "events", f]);
    assert!(fs::read_to_string(&file).expect("read").contains("events:\n  - W: 1D\n  - N: 1C      # insufficient\n"));
}

#[test]
fn a_file_that_does_not_load_or_cannot_be_converted_is_left_as_it_is() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let broken = MESSY.replace("dealer: W", "dealer: Q");
    let oor = MESSY.replace("L27-FMT1", "L27-FMT2").replace("    - E: Reject\n", "    - S: 1S\n");
    fs::write(scratch.path().join("broken.yaml"), &broken).expect("write");
    fs::write(scratch.path().join("oor.yaml"), &oor).expect("write");
    let o = rulings(&["fmt", "--to", "grid", scratch.path().to_str().expect("utf-8 path")]);
    let said = text(&o);
    assert_eq!(o.status.code(), Some(1), "{said}");
    assert!(said.contains("broken.yaml:5:1: `Q` is not a seat"), "the load error, at its place: {said}");
    assert!(said.contains("broken.yaml: left as it is: it does not load as a case"), "{said}");
    assert!(
        said.contains(
            "oor.yaml: cannot write the story as a grid: event 3 (S 1S) does not come from the player after N 1C"
        ),
        "{said}"
    );
    assert!(said.contains("2 case file(s): 0 rewritten, 0 in normal form already, 2 left as they are"), "{said}");
    assert_eq!(fs::read_to_string(scratch.path().join("broken.yaml")).expect("read"), broken);
    assert_eq!(fs::read_to_string(scratch.path().join("oor.yaml")).expect("read"), oor);
}

/// `fmt` keeps what it replaces: a file's mode, its hard
/// links, a symbolic link named (written through). (A link planted where
/// the temporary file goes, and an edit made meanwhile: runner/src/replace.rs.)
#[cfg(unix)]
#[test]
fn fmt_keeps_mode_and_links() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = tempfile::tempdir().expect("temp dir");
    let law = dir.path().join("cases/law22");
    fs::create_dir_all(&law).expect("mkdir");
    let original = "id: L22-FMT1\ntitle: North opens and three passes\nlaws: [\"22A\"]\nsource: \"Law 22A (test)\"\n\
                dealer: N\nevents:\n    - N: 1H   \n    - E: P\n    - S: P\n    - W: P\nexpect:\n    status: closed\n";
    let case = law.join("a.yaml");
    fs::write(&case, original).expect("write");
    fs::set_permissions(&case, fs::Permissions::from_mode(0o444)).expect("chmod");
    let hard = dir.path().join("hard-link.yaml");
    fs::hard_link(&case, &hard).expect("hard link");
    let link = dir.path().join("link.yaml");
    std::os::unix::fs::symlink(&case, &link).expect("symlink");
    let out = rulings(&["fmt", link.to_str().expect("utf-8")]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(fs::symlink_metadata(&link).expect("link").file_type().is_symlink(), "the link stays a link");
    let now = fs::read_to_string(&case).expect("read");
    assert!(now.contains("  - N: 1H\n"), "{now}");
    assert_eq!(fs::read_to_string(&hard).expect("read"), now, "the hard link is not split");
    assert_eq!(fs::metadata(&case).expect("meta").mode() & 0o777, 0o444, "the mode is kept");
}
