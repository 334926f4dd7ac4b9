//! A finding written as a case file: the shrunk story, the reference's
//! ruling as its expectation, the tag `unreviewed` (a director checks it
//! against the Laws before it joins the corpus), in `rulings fmt`'s normal
//! form. What the program said of itself (its hello's name and version)
//! and of the story (the clauses of its answer) is written only inside
//! quoted strings or, in comments, on one line with every control
//! character escaped: never as a key of the file.
//!
//! A story the program was to refuse is written the same way: the runner
//! turns a case a program is not asked to rule on into a check that it
//! refuses the story's first irregular call (docs/implementers.md), so the
//! case checks the refusing program too; a comment names the call.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rulings_engine::clauses::law_number;
use rulings_engine::protocol::Hello;
use rulings_engine::refusal::FirstIrregularCall;
use rulings_engine::{Request, Ruling};
use serde_json::Value;

use crate::corpus::case::ruling_value;
use crate::corpus::lint::UNREVIEWED;

use super::error::FuzzError;
use super::findings::Group;
use super::scope::clauses;

/// What a written case holds.
pub struct Written<'a> {
    pub group: &'a Group,
    pub keys: &'a [String],
    pub story: &'a Request,
    pub reference: &'a Ruling,
    /// The call the program was to refuse, for a story it must refuse.
    pub refusal: Option<&'a FirstIrregularCall>,
    /// The story's number in the run (with the seed, it replays it).
    pub index: u64,
    pub seed: u64,
}

/// `text` on one line: control characters (a newline, a carriage return,
/// a tab, an escape, NEL) and the Unicode line and paragraph separators
/// (line breaks to a YAML 1.1 reader) written as escapes, so that a
/// comment stays a comment.
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A YAML string in double quotes (JSON's quoting is YAML's).
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".into())
}

/// The case file's text, in `rulings fmt`'s normal form.
pub fn case_text(w: &Written, hello: &Hello, id: &str) -> Result<String, FuzzError> {
    let laws = clauses(w.reference);
    let laws = if laws.is_empty() { vec!["22A".to_string()] } else { laws };
    let request = serde_json::to_value(w.story).unwrap_or(Value::Null);
    let yaml = |e| FuzzError::Yaml(std::sync::Arc::new(e));
    let events = serde_yaml::to_string(&request["events"]).map_err(yaml)?;
    let expect = serde_yaml::to_string(&ruling_value(w.reference)).map_err(yaml)?;
    let indent = |text: &str| text.lines().map(|l| format!("  {l}\n")).collect::<String>();
    let mut s = String::new();
    let program = one_line(&format!("{} {}", hello.name, hello.version));
    let what = one_line(&format!(
        "{} (clause {}, {}); differing keys: {}",
        w.group.key,
        w.group.clause,
        w.group.irregularity,
        w.keys.join(", ")
    ));
    let _ = writeln!(s, "# Found by rulings fuzz against: {program}");
    let mut line = String::from("#");
    for word in format!("It differs from the reference engine in {what}.").split(' ') {
        if line.len() + 1 + word.len() > 78 && line.len() > 1 {
            let _ = writeln!(s, "{line}");
            line = String::from("#");
        }
        line.push(' ');
        line.push_str(word);
    }
    let _ = writeln!(s, "{line}");
    if let Some(first) = w.refusal {
        let _ = writeln!(s, "# A program that declares `refusal` and not the family of this story's first");
        let _ = writeln!(
            s,
            "# irregular call must refuse it: event {}, {} {} ({}).",
            first.event, first.seat, first.call, first.why
        );
        let _ = writeln!(s, "# The runner checks that from this case; the ruling expected below is for the");
        let _ = writeln!(s, "# programs that rule on the call.");
    }
    let _ = writeln!(s, "# The expectation below is the reference engine's ruling, NOT yet checked");
    let _ = writeln!(s, "# against the Laws: check it, correct it where the Laws say otherwise, cite");
    let _ = writeln!(s, "# the clauses, then remove the `{UNREVIEWED}` tag (rulings check refuses the");
    let _ = writeln!(s, "# case in the corpus until then).");
    let _ = writeln!(s, "id: {id}");
    let title = format!(
        "Fuzz {id}: {} story of {} event(s), seed {} story {}",
        w.story.edition,
        w.story.events.len(),
        w.seed,
        w.index
    );
    let _ = writeln!(s, "title: {}", quoted(&title));
    let _ = writeln!(s, "laws: [{}]", laws.iter().map(|l| quoted(l)).collect::<Vec<_>>().join(", "));
    let source = format!("rulings fuzz --seed {} (story {}), against {}", w.seed, w.index, one_line(&hello.name));
    let _ = writeln!(s, "source: {}", quoted(&source));
    let _ = writeln!(s, "editions: [{}]", w.story.edition);
    let regulation = if w.story.regulations.is_some_and(|r| !r.is_default()) { ", regulation" } else { "" };
    let _ = writeln!(s, "tags: [{UNREVIEWED}{regulation}]");
    let _ = writeln!(s, "dealer: {}", w.story.dealer);
    let vulnerable = request["vulnerable"].as_str().unwrap_or("none").to_string();
    let _ = writeln!(s, "vulnerable: {vulnerable}");
    if let Some(r) = w.story.regulations.filter(|r| !r.is_default()) {
        // Only the options off their defaults, in flow style as the corpus
        // writes them: names and kebab-case values or numbers, no quotes.
        let options = match serde_json::to_value(r) {
            Ok(Value::Object(map)) => map
                .iter()
                .map(|(k, v)| format!("{k}: {}", v.as_str().map_or_else(|| v.to_string(), str::to_string)))
                .collect::<Vec<_>>(),
            _ => return Err(FuzzError::Regulations),
        };
        let _ = writeln!(s, "regulations: {{{}}}", options.join(", "));
    }
    let _ = writeln!(s, "events:");
    s.push_str(&indent(&events));
    let _ = writeln!(s, "expect:");
    s.push_str(&indent(&expect));
    let name = format!("fuzz-{}.yaml", id.to_lowercase());
    crate::corpus::fmt::format_text(&name, Path::new(&name), &s, None).map_err(FuzzError::Unformatted)
}

/// Can findings be written into `dir`? It is a folder, or can be made
/// one: nothing but folders on the way to it. Asked before a session
/// starts, so that a file in the way is said at once, not once per finding
/// after the whole session. (The folder itself is made only when there is
/// a finding to write.)
pub fn usable_out(dir: &Path) -> Result<(), FuzzError> {
    let Some(existing) = dir.ancestors().find(|a| !a.as_os_str().is_empty() && a.exists()) else {
        return Ok(());
    };
    if existing.is_dir() {
        return Ok(());
    }
    Err(FuzzError::NotAFolder { dir: dir.to_path_buf(), existing: existing.to_path_buf() })
}

/// Write a finding as a case file in `dir`, under a fresh id; its path.
pub fn write_case(dir: &Path, w: &Written, hello: &Hello) -> Result<PathBuf, FuzzError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| FuzzError::FolderUnmade { dir: dir.to_path_buf(), source: std::sync::Arc::new(e) })?;
    let law = clauses(w.reference).first().and_then(|l| law_number(l)).unwrap_or(22);
    let used = crate::corpus::authoring::used_ids(dir);
    let id = crate::corpus::authoring::mint_id(law, &used);
    let text = case_text(w, hello, &id)?;
    let path = dir.join(format!("fuzz-{}.yaml", id.to_lowercase()));
    if let Err(e) = crate::corpus::authoring::write_new(&path, &text) {
        return Err(FuzzError::Unwritten { path, source: std::sync::Arc::new(e) });
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rulings_engine::protocol::engine_hello;
    use rulings_engine::request::{Action, Event};
    use rulings_engine::{rule, Edition, Seat};

    /// `--out` under a file: the variant saying so, naming the file in
    /// the way, before any session starts.
    #[test]
    fn an_out_folder_under_a_file_is_refused_naming_the_file() {
        let scratch = tempfile::tempdir().expect("a scratch folder");
        let file = scratch.path().join("findings");
        std::fs::write(&file, "").expect("a file");
        let out = file.join("today");
        match usable_out(&out) {
            Err(FuzzError::NotAFolder { dir, existing }) => assert_eq!((dir, existing), (out, file)),
            other => panic!("not the file-in-the-way error: {other:?}"),
        }
        assert!(usable_out(scratch.path()).is_ok());
    }

    /// A hello whose name holds a newline and a YAML key cannot add a key
    /// to the case or end a comment line: the case loads with
    /// the same keys and expectation as with a plain name.
    #[test]
    fn a_name_with_a_newline_stays_in_its_comment() {
        let story =
            Request::new(Edition::E2017, Seat::N, vec![Event::new(Seat::N, "1H".parse::<Action>().expect("a call"))]);
        let reference = rule(&story).expect("ruled");
        let group = Group { key: "next".into(), clause: "-\nexpect: {}".into(), irregularity: "-".into() };
        let keys = vec!["next".to_string()];
        let w = Written {
            group: &group,
            keys: &keys,
            story: &story,
            reference: &reference,
            refusal: None,
            index: 3,
            seed: 1,
        };
        let mut hello = engine_hello();
        hello.name = "evil\nexpect: {status: closed}\r\n# x\u{1b}\u{2028}id: Y\u{85}tags: []".into();
        hello.version = "1\nid: X".into();
        let text = case_text(&w, &hello, "L22-ABCD").expect("written");
        let value: serde_yaml::Value = crate::corpus::yaml_guard::from_str_without_aliases(&text).expect("YAML");
        assert_eq!(value["expect"]["status"], serde_yaml::Value::from("auction"), "{text}");
        assert_eq!(value["id"], serde_yaml::Value::from("L22-ABCD"), "{text}");
        for line in text.lines() {
            assert!(!line.contains(['\r', '\u{1b}', '\u{2028}', '\u{85}']), "{line:?}");
        }
        assert_eq!(text.lines().filter(|l| l.starts_with("expect:")).count(), 1, "{text}");
        assert!(text.contains("evil\\nexpect"), "{text}");
    }
}
