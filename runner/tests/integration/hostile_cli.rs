//! A hostile user at the command line: text from outside (a case file, an
//! issue form, a program's answers, a report) reaches the terminal escaped;
//! what `check` would refuse is refused by `import-issue` too, with the
//! same words; the log and the fuzz session's folder are checked before
//! anything is written; a run ends on its first SIGTERM whatever its
//! traffic log's reader does.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn rulings(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulings")).args(args).output().expect("run rulings")
}

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// The raw control characters (but the newline) in `text`: none may reach
/// a terminal from outside.
fn raw_controls(text: &str) -> usize {
    text.chars().filter(|c| c.is_control() && *c != '\n').count()
}

/// A case whose title and source carry terminal commands written as YAML
/// escapes: set the terminal's title, clear the screen, turn text red.
const ESCAPED: &str = "\
id: L22-E5C1
title: \"ok \\e]0;PWNED\\a \\e[2J\"
laws: [\"22A\"]
source: \"Laws 2017, Law 22A \\x1b[31m\"
dealer: N
events:
  - N: 1H
  - E: P
  - S: P
  - W: P
expect:
  status: closed
  contract: {bid: 1H, doubled: null, declarer: N}
";

fn corpus_with(file: &str, text: &str) -> common::Scratch {
    let dir = common::Scratch::new("hostile-cli");
    fs::create_dir_all(dir.join("law22")).expect("mkdir");
    fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases/_tags.yml"), dir.join("_tags.yml")).expect("tags");
    fs::write(dir.join("law22").join(file), text).expect("write");
    dir
}

#[test]
fn check_refuses_control_characters_in_a_case_s_text_at_their_line() {
    let dir = corpus_with("escaped.yaml", ESCAPED);
    let o = rulings(&["check", s(&dir)]);
    let said = common::words(&stderr(&o));
    assert!(!o.status.success(), "{said}");
    assert!(
        said.contains("escaped.yaml:2:1: `title` holds the control character U+001B"),
        "the error names the file, the line and the field: {said}"
    );
    assert_eq!(raw_controls(&stderr(&o)), 0, "{said}");
    // Every text field, not only the title: the source here.
    fs::write(dir.join("law22/escaped.yaml"), ESCAPED.replace("ok \\e]0;PWNED\\a \\e[2J", "ok")).expect("write");
    let said = common::words(&stderr(&rulings(&["check", s(&dir)])));
    assert!(said.contains("escaped.yaml:4:1: `source` holds the control character U+001B"), "{said}");
}

#[test]
fn explain_prints_a_case_s_control_characters_as_escapes() {
    let dir = corpus_with("escaped.yaml", ESCAPED);
    let o = rulings(&["explain", s(&dir.join("law22/escaped.yaml"))]);
    let out = stdout(&o);
    assert!(out.contains("ok \\u{1b}]0;PWNED\\u{7} \\u{1b}[2J"), "the title shown, escaped: {out}");
    assert_eq!(raw_controls(&out), 0, "{out}");
}

/// A file named only `.yaml` (as an import of a title of symbols wrote) is
/// not read as a case, and check says so rather than passing it by.
#[test]
fn check_says_it_does_not_read_a_file_named_only_dot_yaml() {
    let dir = corpus_with(".yaml", &ESCAPED.replace("ok \\e]0;PWNED\\a \\e[2J", "ok").replace(" \\x1b[31m", ""));
    let o = rulings(&["check", s(&dir)]);
    let said = common::words(&stderr(&o));
    assert!(said.contains(".yaml: skipped: a file named only `.yaml`"), "{said}");
}

#[test]
fn two_byte_order_marks_are_named_as_such() {
    let dir = corpus_with("bom.yaml", &format!("\u{feff}\u{feff}{}", ESCAPED.replace("E5C1", "B0M2")));
    let said = common::words(&stderr(&rulings(&["check", s(&dir)])));
    assert!(said.contains("bom.yaml:1:1: a byte-order mark (U+FEFF, invisible)"), "{said}");
    assert!(!said.contains("has no `title`"), "{said}");
}

fn form() -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/case-issue.md")).expect("form")
}

fn import(form: &str) -> (common::Scratch, Output) {
    let dir = common::Scratch::new("hostile-import");
    fs::create_dir_all(dir.join("law27")).expect("mkdir");
    fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases/_tags.yml"), dir.join("_tags.yml")).expect("tags");
    let path = dir.with_extension("md");
    fs::write(&path, form).expect("write");
    let o = rulings(&["import-issue", s(&path), "--cases", s(&dir)]);
    (dir, o)
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    fs::read_dir(dir).expect("read").flatten().map(|e| e.path()).collect()
}

#[test]
fn import_refuses_a_control_character_in_the_title_as_check_would() {
    let (dir, o) = import(&form().replace("### Title\n\n", "### Title\n\n\u{1b}]0;PWNED\u{7} "));
    let said = common::words(&stderr(&o));
    assert!(!o.status.success(), "{said}");
    assert!(said.contains("would not pass `rulings check`"), "{said}");
    assert!(said.contains("`title` holds the control character U+001B"), "check's own words: {said}");
    assert_eq!(raw_controls(&stderr(&o)), 0, "{said}");
    assert_eq!(files_in(&dir.join("law27")), Vec::<PathBuf>::new(), "nothing written");
}

#[test]
fn import_refuses_a_case_too_big_for_check_with_check_s_words() {
    let words = "The director ruled as the Laws say. ".repeat(26_000);
    let (dir, o) = import(&form().replace("South corrects to 3D", &format!("South corrects to 3D {words}")));
    let said = common::words(&stderr(&o));
    assert!(!o.status.success(), "{said}");
    assert!(said.contains("a case is at most 262144 bytes"), "{said}");
    assert_eq!(files_in(&dir.join("law27")), Vec::<PathBuf>::new(), "nothing written");
    // The words check says of a file that big.
    let big = dir.join("law27/big.yaml");
    fs::write(&big, "#".repeat(300_000)).expect("write");
    let said = common::words(&stderr(&rulings(&["check", s(&dir)])));
    assert!(said.contains("the file is 300000 bytes; a case is at most 262144 bytes"), "{said}");
}

/// The workbench's form carries the case file itself; a title of suit
/// symbols only gave the file the name `.yaml`, which check then passed by.
#[test]
fn a_title_of_symbols_only_gives_a_file_name_check_reads() {
    let case = "id: L27-5YMB\ntitle: \"♠♥ ♦\"\nlaws: [\"27B1(a)\"]\nsource: a club incident\n\
                dealer: E\nvulnerable: NS\nevents:\n  - E: 2H\n  - S: 2D\n  - W: reject\n  - S: 3D\n\
                expect:\n  next: W\n";
    let text = form().replace("South's 2D over 2H not accepted, corrected to 3D", "♠♥ ♦")
        + &format!("\n### Case file\n\n```yaml\n{case}```\n");
    let (dir, o) = import(&text);
    assert!(o.status.success(), "{}", stderr(&o));
    let written = PathBuf::from(stdout(&o).trim());
    assert_eq!(written.file_name().and_then(|n| n.to_str()), Some("spades-hearts-diamonds.yaml"), "{written:?}");
    let o = rulings(&["check", s(&dir)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("1 case(s) loaded"), "{}", stdout(&o));
}

#[test]
fn a_refused_answer_s_reason_is_escaped_in_the_summary_and_report() {
    let (dir, _) = common::corpus("hostile-refused", 2, false);
    let out = dir.with_extension("out");
    let fake = common::fake();
    let o = rulings(&[
        "run",
        "--cases",
        s(&dir),
        "--hide-stderr",
        "--report",
        s(&out),
        "--impl",
        fake.as_str(),
        "refuse=all",
        "features=refusal",
    ]);
    let summary = stdout(&o) + &stderr(&o);
    assert!(summary.contains("PWNED"), "the reason is shown: {summary}");
    assert_eq!(raw_controls(&summary), 0, "{summary}");
    let md = fs::read_to_string(out.join("report.md")).expect("report.md");
    assert!(md.contains("PWNED"), "{md}");
    assert_eq!(raw_controls(&md), 0, "{md}");
}

/// A report's hello is the program's: `compare` prints it escaped.
#[test]
fn compare_prints_a_report_s_control_characters_as_escapes() {
    let (dir, _) = common::corpus("hostile-compare", 2, false);
    let out = dir.with_extension("out");
    let o = rulings(&["run", "--cases", s(&dir), "--report", s(&out)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let jsonl = fs::read_to_string(out.join("report.jsonl")).expect("report");
    let hostile = jsonl.replacen("\"name\":\"", "\"name\":\"\\u001b]0;PWNED\\u0007\\u0000", 1);
    assert_ne!(hostile, jsonl, "the hello's name is in the header");
    let tampered = out.join("hostile.jsonl");
    fs::write(&tampered, hostile).expect("write");
    for markdown in [false, true] {
        let mut args = vec!["compare", s(&tampered), s(&tampered)];
        if markdown {
            args.push("--markdown");
        }
        let o = rulings(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        let view = stdout(&o);
        assert!(view.contains("PWNED"), "{view}");
        assert_eq!(raw_controls(&view), 0, "{view}");
    }
}

#[test]
fn fuzz_says_at_once_that_its_out_is_a_file() {
    let dir = common::Scratch::new("hostile-fuzz");
    let file = dir.join("findings");
    fs::write(&file, "a file").expect("write");
    let o = rulings(&["fuzz", "--count", "20", "--seed", "1", "--out", s(&file)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("is a file, not a folder to write the findings into"), "{}", stderr(&o));
    assert!(!stdout(&o).contains("stories"), "no session was run: {}", stdout(&o));
}

#[cfg(unix)]
#[test]
fn the_traffic_log_does_not_follow_a_symbolic_link() {
    let (dir, _) = common::corpus("hostile-log-link", 1, false);
    let target = dir.with_extension("precious");
    fs::write(&target, "keep me\n").expect("write");
    let link = dir.with_extension("log");
    std::os::unix::fs::symlink(&target, &link).expect("symlink");
    let fake = common::fake();
    let o = rulings(&["run", "--cases", s(&dir), "--log-traffic", s(&link), "--impl", fake.as_str()]);
    assert!(!o.status.success(), "{}", stderr(&o));
    assert!(
        common::words(&stderr(&o)).contains("it is a symbolic link, which the log does not follow"),
        "{}",
        stderr(&o)
    );
    assert_eq!(fs::read_to_string(&target).expect("target"), "keep me\n", "the link's target is left whole");
}

/// A FIFO whose reader never reads fills, and the log's writes wait: the
/// first SIGTERM still ends the run, with its report (the log cut short).
#[cfg(unix)]
#[test]
fn a_log_reader_that_never_reads_does_not_hold_up_an_interrupted_run() {
    use std::os::unix::fs::OpenOptionsExt;
    let (dir, _) = common::corpus("hostile-fifo", 8, false);
    let fifo = dir.with_extension("fifo");
    let ready = dir.with_extension("ready");
    let out = dir.with_extension("out");
    assert!(Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs").success());
    // The reader: opened, never read.
    let nonblocking = nix::fcntl::OFlag::O_NONBLOCK.bits();
    let _reader = fs::OpenOptions::new().read(true).custom_flags(nonblocking).open(&fifo).expect("reader");
    let fake = common::fake();
    // Answers of some 160 KB each: the first fills the FIFO (64 KB).
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulings"))
        .args(["run", "--hide-stderr", "--window", "1", "--cases", s(&dir), "--report", s(&out)])
        .args(["--log-traffic", s(&fifo), "--impl", fake.as_str(), "pad-auction=40000"])
        .arg(format!("ready=1:{}", ready.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rulings starts");
    let deadline = Instant::now() + Duration::from_secs(60);
    while !ready.exists() {
        assert!(Instant::now() < deadline, "the run asked nothing in a minute");
        std::thread::sleep(Duration::from_millis(10));
    }
    // Wait until the FIFO is full (the first answer fills it): a byte of
    // our own no longer goes in without waiting.
    let mut probe = fs::OpenOptions::new().write(true).custom_flags(nonblocking).open(&fifo).expect("a second writer");
    while std::io::Write::write(&mut probe, b"\n").is_ok() {
        assert!(Instant::now() < deadline, "the FIFO did not fill in a minute");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().expect("kill").success());
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut said = String::new();
    if let Some(mut err) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut err, &mut said);
    }
    let status = status.unwrap_or_else(|| panic!("the run did not end on its first SIGTERM: {said}"));
    assert_eq!(status.code(), Some(130), "{said}");
    assert!(out.join("report.jsonl").is_file(), "the report of the runs done is written: {said}");
    assert!(said.contains("the log is cut short"), "{said}");
}

/// A report is read a line at a time: `compare` of a 48 MB report (long
/// diffs) holds what its matrix shows, not the file's text (it held the
/// text and every diff: 444 MB for a 200 MB report, 133 MB now).
#[cfg(target_os = "linux")]
#[test]
fn compare_reads_a_large_report_in_little_memory() {
    let (dir, _) = common::corpus("hostile-big-report", 1, false);
    let out = dir.with_extension("out");
    let o = rulings(&["run", "--cases", s(&dir), "--report", s(&out)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let jsonl = fs::read_to_string(out.join("report.jsonl")).expect("report");
    let lines: Vec<&str> = jsonl.lines().collect();
    let (header, footer) = (lines[0], lines[lines.len() - 1]);
    let runs = 6_000;
    let mut big = String::with_capacity(50 << 20);
    big.push_str(header);
    big.push('\n');
    let detail = "x".repeat(8200);
    for i in 0..runs {
        big.push_str(&format!(
            "{{\"type\":\"case\",\"id\":\"L22-{:04}\",\"name\":\"law22/c{i:06}.yaml\",\"title\":\"t\",\"laws\":[\"22A\"],\
             \"edition\":\"2017\",\"rotation\":0,\"outcome\":\"failed\",\"detail\":\"keys: contract\\n{detail}\"}}\n",
            i % 10_000
        ));
    }
    let mut f: serde_json::Value = serde_json::from_str(footer).expect("footer");
    f["runs"] = runs.into();
    for (_, v) in f["totals"].as_object_mut().expect("totals").iter_mut() {
        *v = 0.into();
    }
    f["totals"]["failed"] = runs.into();
    f["result"] = "fail".into();
    big.push_str(&format!("{f}\n"));
    let path = out.join("big.jsonl");
    fs::write(&path, &big).expect("write");
    assert!(big.len() > 48_000_000, "{} bytes", big.len());
    drop(big);
    let (code, _, peak) = crate::cli::rulings_measured(&["compare", s(&path)]);
    assert_eq!(code, Some(0));
    // Holding the text and the diffs is twice the file.
    assert!(peak < 60 << 20, "compare of a 48 MB report peaked at {} MB", peak >> 20);
}
