//! The case the director built on the workbench, as text: the case file
//! in `rulings fmt` normal form (the story as a grid where a grid can tell
//! it), and the issue form's text that `rulings import-issue` reads back
//! to the same file. The expectation is the director's, item by item;
//! nothing here reads it from the engine.

use std::fmt::Write as _;
use std::path::Path;

use rulings_engine::{Edition, Event, Regulations, Seat, Vulnerability};
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::corpus::draft::{expect_lines, flow, scalar};
use crate::corpus::fmt::{format_text, FmtError, Form};

use super::error::WorkbenchError;

/// The deal's setting and the story so far, as the page sends them.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    #[serde(default)]
    pub edition: Edition,
    pub dealer: Seat,
    #[serde(default)]
    pub vulnerable: Vulnerability,
    #[serde(default)]
    pub regulations: Option<Regulations>,
    #[serde(default)]
    pub events: Vec<Event>,
}

impl Table {
    /// The protocol's request for this table.
    pub fn request(&self) -> rulings_engine::Request {
        rulings_engine::Request::new(self.edition, self.dealer, self.events.clone())
            .with_vulnerable(self.vulnerable)
            .with_regulations(self.regulations.filter(|r| !r.is_default()))
    }
}

/// What a case file holds beyond the table.
#[derive(Debug, Clone)]
pub struct Written {
    pub id: String,
    pub title: String,
    pub laws: Vec<String>,
    pub source: String,
    /// The director's expectation, key by key.
    pub expect: Map<String, Value>,
    /// Why he rules a key otherwise than the reference engine: a comment
    /// above the key in the file.
    pub reasons: Vec<(String, String)>,
}

use crate::corpus::authoring::file_stem;

/// The corpus folder of a law: the built-in corpus's `lawN` or `lawA-B`
/// that covers it, else `lawN`.
fn law_folder(law: u32) -> String {
    let covers = |name: &str| crate::corpus::authoring::folder_covers(name, law);
    crate::corpus::embedded::files()
        .iter()
        .filter_map(|(name, _)| name.split_once('/').map(|(folder, _)| folder))
        .find(|folder| covers(folder))
        .map_or_else(|| format!("law{law}"), str::to_string)
}

/// The case file, in normal form, and the path it belongs at under the
/// corpus (`law27/1s-1h-refused-replaced-by-a-pass.yaml`); or why it is
/// not a case yet (an empty title, an unknown clause, an expectation that
/// names no key...), as `rulings check` would say it.
pub fn case_file(table: &Table, w: &Written) -> Result<(String, String), WorkbenchError> {
    let law = w.laws.first().and_then(|l| rulings_engine::clauses::law_number(l)).ok_or(WorkbenchError::NoLaws)?;
    let folder = law_folder(law);
    let stem = file_stem(&w.title);
    let name = format!("{folder}/{}.yaml", if stem.is_empty() { "new-case".to_string() } else { stem });
    let quoted = |t: &str| serde_json::to_string(t).unwrap_or_default();
    let mut s = String::new();
    let _ = writeln!(s, "id: {}", w.id);
    let _ = writeln!(s, "title: {}", quoted(&w.title));
    let _ = writeln!(s, "laws: [{}]", w.laws.iter().map(|l| quoted(l)).collect::<Vec<_>>().join(", "));
    let _ = writeln!(s, "source: {}", quoted(&w.source));
    if table.edition != Edition::E2017 {
        let _ = writeln!(s, "editions: [{}]", table.edition);
    }
    let _ = writeln!(s, "dealer: {}", table.dealer);
    if table.vulnerable != Vulnerability::None {
        let _ = writeln!(s, "vulnerable: {}", table.vulnerable);
    }
    if let Some(r) = table.regulations.filter(|r| !r.is_default()) {
        let _ = writeln!(s, "regulations: {}", flow(&serde_json::to_value(r).unwrap_or(Value::Null)));
    }
    let _ = writeln!(s, "events:");
    for e in &table.events {
        let Ok(Value::Object(map)) = serde_json::to_value(e) else { continue };
        for (i, (k, v)) in map.iter().enumerate() {
            let _ = writeln!(s, "{}{k}: {}", if i == 0 { "  - " } else { "    " }, flow(v));
        }
    }
    let _ = writeln!(s, "expect:");
    for (key, value) in &w.expect {
        if let Some((_, reason)) = w.reasons.iter().find(|(k, _)| k == key) {
            let _ = writeln!(s, "  # not as the reference engine rules: {}", reason.replace(['\n', '\r'], " "));
        }
        let one: Map<String, Value> = [(key.clone(), value.clone())].into_iter().collect();
        for line in expect_lines(&one) {
            let _ = writeln!(s, "{line}");
        }
    }
    let path = Path::new(&name);
    let says = |e: FmtError| {
        WorkbenchError::NotACase(match e {
            FmtError::Load(errors) => errors.iter().map(|e| strip_place(&e.to_string())).collect::<Vec<_>>().join("\n"),
            other => other.to_string(),
        })
    };
    // The story as a grid where a grid can tell it, else as the list.
    let text = match format_text(&name, path, &s, Some(Form::Grid)) {
        Ok(t) => t,
        Err(FmtError::Convert { .. }) => format_text(&name, path, &s, None).map_err(says)?,
        Err(e) => return Err(says(e)),
    };
    Ok((text, name))
}

/// A load error without the made-up file name before it: the page has no
/// file, only the case it shows.
fn strip_place(message: &str) -> String {
    match message.split_once(".yaml:") {
        Some((_, rest)) => format!("line {}", rest.trim_start()),
        None => message.to_string(),
    }
}

/// The issue form's text, as GitHub writes a submitted form: one
/// `### Label` a field. `ruling` is the director's ruling in words;
/// `case` the case file, which `rulings import-issue` takes as it is.
pub fn issue_form(table: &Table, w: &Written, ruling: &str, case: &str) -> String {
    let story: Vec<String> = table.events.iter().map(|e| format!("{}: {}", e.seat, e.action)).collect();
    let field = |label: &str, value: &str| format!("### {label}\n\n{}\n\n", value.trim());
    let mut s = String::new();
    s.push_str(&field("Title", &w.title));
    s.push_str(&field("Dealer", &table.dealer.to_string()));
    s.push_str(&field("Vulnerability", table.vulnerable.name()));
    s.push_str(&field("Laws", table.edition.year()));
    s.push_str(&field("Story", &story.join("\n")));
    s.push_str(&field("Clauses", &w.laws.join(", ")));
    s.push_str(&field("The ruling", ruling));
    s.push_str(&field("Source", &w.source));
    s.push_str(&field("Case file", &format!("```yaml\n{}```", case)));
    s
}

/// `text` for a URL's query: letters, digits and `-_.~` as they are,
/// everything else percent-encoded, byte by byte.
fn encoded(text: &str) -> String {
    let mut s = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            s.push(b as char);
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    s
}

/// The repository's new-issue address (`base`) with the case form's
/// fields filled in (GitHub reads each from the query parameter named by
/// the field's id in .github/ISSUE_TEMPLATE/case.yml).
pub fn issue_address(base: &str, table: &Table, w: &Written, ruling: &str, case: &str) -> String {
    let story: Vec<String> = table.events.iter().map(|e| format!("{}: {}", e.seat, e.action)).collect();
    let fields = [
        ("template", "case.yml".to_string()),
        ("title", format!("Case: {}", w.title)),
        ("case_title", w.title.clone()),
        ("dealer", table.dealer.to_string()),
        ("vulnerable", table.vulnerable.name().to_string()),
        ("edition", table.edition.year().to_string()),
        ("story", story.join("\n")),
        ("laws", w.laws.join(", ")),
        ("ruling", ruling.to_string()),
        ("source", w.source.clone()),
        ("case", case.to_string()),
    ];
    let query: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={}", encoded(v))).collect();
    format!("{}?{}", base.trim_end_matches('?'), query.join("&"))
}

/// The entry for cases/reference-open.yml that lets a case stand where the
/// reference engine rules otherwise (or cannot rule): keyed by the case's
/// id, `reason` why the engine is wrong (the director's reasons, item by
/// item), and `refuses`, the engine's refusal, where it refused the story.
pub fn reference_entry(id: &str, reasons: &[(String, String)], refuses: Option<&str>) -> String {
    let quoted = |t: &str| serde_json::to_string(t).unwrap_or_default();
    let reason: Vec<String> = reasons.iter().map(|(k, r)| format!("{k}: {r}")).collect();
    let mut s = format!("{id}:\n  reason: {}\n", quoted(&reason.join("; ")));
    if let Some(r) = refuses {
        s.push_str(&format!("  refuses: {}\n", quoted(r)));
    }
    s
}

/// A value the director wrote for a key of `expect`, read as YAML (`S`,
/// `[]`, `[1S, 2H]`, `- {seat: W, scope: rest-of-auction, ...}`).
pub fn own_value(key: &str, text: &str) -> Result<Value, WorkbenchError> {
    if text.trim().is_empty() {
        return Err(WorkbenchError::NoOwnValue(key.to_string()));
    }
    let unread = |message: String| WorkbenchError::OwnValue { key: key.to_string(), message };
    // Aliases refused, as in a case file (they expand without bound).
    let v: serde_yaml::Value =
        crate::corpus::yaml_guard::from_str_without_aliases(text).map_err(|r| unread(r.message))?;
    serde_json::to_value(v).map_err(|e| unread(e.to_string()))
}

/// Whether `value` is one a ruling can hold under `key` (`next: 5`,
/// `status: xyz`, `next: [S]` are not): the engine's `ruling` with the
/// director's value in that key's place must read back as a ruling. The
/// key's type is the ruling's own: no second list of kinds.
pub fn of_the_key_s_kind(ruling: &rulings_engine::Ruling, key: &str, value: &Value) -> Result<(), WorkbenchError> {
    let mut whole = serde_json::to_value(ruling)
        .map_err(|e| WorkbenchError::OwnValue { key: key.to_string(), message: e.to_string() })?;
    if let Value::Object(items) = &mut whole {
        items.insert(key.to_string(), value.clone());
    }
    serde_json::from_value::<rulings_engine::Ruling>(whole).map(|_| ()).map_err(|e| WorkbenchError::NotOfTheKind {
        key: key.to_string(),
        written: as_written(value).replace('\n', " "),
        why: e.to_string(),
    })
}

/// A field of the issue form that is one line (the title, the clauses,
/// the source): a line break there would start a heading of its own in
/// the form's text, which `rulings import-issue` reads field by field.
pub fn one_line(label: &'static str, text: &str) -> Result<(), WorkbenchError> {
    if text.chars().any(char::is_control) {
        return Err(WorkbenchError::NotOneLine(label));
    }
    Ok(())
}

/// A scalar as a case file writes it (for the page's prefilled answers).
pub fn as_written(v: &Value) -> String {
    match v {
        Value::Array(items) if !items.is_empty() && items.iter().all(Value::is_object) => {
            items.iter().map(|i| format!("- {}", flow(i))).collect::<Vec<_>>().join("\n")
        }
        other => scalar(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(story: &str) -> Table {
        let events = crate::corpus::story::story_events(story).expect("story");
        Table {
            edition: Edition::E2017,
            dealer: events[0].seat,
            vulnerable: Vulnerability::None,
            regulations: None,
            events,
        }
    }

    #[test]
    fn file_names_are_cut_between_words() {
        assert_eq!(file_stem("1S (1H) refused, replaced by a pass"), "1s-1h-refused-replaced-by-a-pass");
        let long = file_stem("After a long auction at a club on a Tuesday, South bids 1S again");
        assert_eq!(long, "after-a-long-auction-at-a-club-on-a-tuesday-south-bids-1s");
    }

    #[test]
    fn a_case_is_written_in_normal_form_with_the_story_as_a_grid() {
        let mut expect = Map::new();
        expect.insert("next".into(), Value::String("S".into()));
        expect.insert(
            "must_pass".into(),
            own_value("must_pass", "- {seat: W, scope: rest-of-auction, law: \"27B2\", in_force: true}").expect("yaml"),
        );
        let w = Written {
            id: "L27-WB01".into(),
            title: "1S (1H) refused, replaced by a pass".into(),
            laws: vec!["27B2".into()],
            source: "a test".into(),
            expect,
            reasons: vec![("next".into(), "27B2: South calls".into())],
        };
        let (text, name) = case_file(&table("N 1S, E 1H, S reject, E P"), &w).expect("a case");
        assert_eq!(name, "law27/1s-1h-refused-replaced-by-a-pass.yaml");
        assert!(text.contains("grid: |\n  W       N       E       S\n  -       1S      1H      reject\n"), "{text}");
        assert!(text.contains("expect:\n  # not as the reference engine rules: 27B2: South calls\n  next: S\n  must_pass:\n    - {seat: W, scope: rest-of-auction, law: \"27B2\", in_force: true}\n"), "{text}");
        assert_eq!(format_text(&name, Path::new(&name), &text, None).expect("normal form"), text);
        // Not a case yet: said plainly, without a made-up file name.
        let e = case_file(&table("N 1S"), &Written { title: String::new(), ..w.clone() }).unwrap_err();
        assert!(matches!(e, WorkbenchError::NotACase(_)), "{e:?}");
        assert!(e.to_string().contains("`title` is empty") && !e.to_string().contains(".yaml"), "{e}");
        let e = case_file(&table("N 1S"), &Written { laws: Vec::new(), ..w.clone() }).unwrap_err();
        assert!(matches!(e, WorkbenchError::NoLaws), "{e:?}");
        let e = own_value("must_pass", " ").unwrap_err();
        assert!(matches!(&e, WorkbenchError::NoOwnValue(k) if k == "must_pass"), "{e:?}");
        assert!(e.to_string().contains("write your ruling"));
        let e = own_value("auction", "- &c 1S\n- *c").unwrap_err();
        assert!(matches!(&e, WorkbenchError::OwnValue { key, .. } if key == "auction"), "{e:?}");
        assert!(one_line("title", "a\nb").is_err_and(|e| matches!(e, WorkbenchError::NotOneLine("title"))));
    }
}
