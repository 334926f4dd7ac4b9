//! `rulings import-issue FILE`: a case proposed through the GitHub issue form
//! (`.github/ISSUE_TEMPLATE/case.yml`), turned into a case file. The form's
//! text arrives as Markdown, one `### Label` heading per field. The story is
//! read line by line (`N: 1S`), the clauses are checked against the
//! registry, the director's words are kept as comments, and `expect` is
//! left to the maintainer, who writes it from the director's ruling: the
//! reference engine's ruling stands under it commented out, to compare with
//! (never copied as if reviewed), and the tag `unreviewed` stays until then.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rulings_engine::{Edition, Request};

use crate::corpus::authoring_error::AuthoringError;

/// The form's fields by their label (`### Dealer` -> `N`); GitHub writes
/// `_No response_` for an optional field left empty. A label given twice
/// is an error: a `### Dealer` line inside the text of another field
/// (the ruling, say) must not override the field (the dealer would change unseen).
pub fn fields(text: &str) -> Result<BTreeMap<String, String>, AuthoringError> {
    let mut out = BTreeMap::new();
    let mut label: Option<String> = None;
    let mut value = String::new();
    let mut seen: Vec<String> = Vec::new();
    let mut flush = |label: &mut Option<String>, value: &mut String| {
        if let Some(l) = label.take() {
            let v = value.trim().to_string();
            if v != "_No response_" {
                out.insert(l, v);
            }
        }
        value.clear();
    };
    for line in text.lines() {
        if let Some(l) = line.strip_prefix("### ") {
            flush(&mut label, &mut value);
            let l = l.trim().to_string();
            if seen.contains(&l) {
                return Err(AuthoringError::HeadingTwice { label: l });
            }
            seen.push(l.clone());
            label = Some(l);
        } else if label.is_some() {
            value.push_str(line);
            value.push('\n');
        }
    }
    flush(&mut label, &mut value);
    Ok(out)
}

fn field<'a>(f: &'a BTreeMap<String, String>, label: &str) -> Result<&'a str, AuthoringError> {
    f.get(label)
        .map(String::as_str)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| AuthoringError::FieldMissing { label: label.to_string() })
}

/// A case written by [`import`]: its file, and whether its expectation is
/// still to write (a draft) or came with the form (the workbench's case).
#[derive(Debug)]
pub struct Imported {
    pub path: PathBuf,
    pub draft: bool,
}

/// Write the case proposed in `form` (the issue's text) under `cases`, in
/// the folder of its first clause's law.
pub fn import(form: &str, cases: &Path) -> Result<Imported, AuthoringError> {
    let f = fields(form)?;
    let title = field(&f, "Title")?;
    let dealer = field(&f, "Dealer")?;
    let vulnerable = f.get("Vulnerability").map_or("none", String::as_str);
    let edition: Edition = field(&f, "Laws")?.parse().map_err(AuthoringError::Edition)?;
    let events = crate::corpus::story::story_events(field(&f, "Story")?).map_err(AuthoringError::Story)?;
    let laws: Vec<String> = field(&f, "Clauses")?
        .split([',', ';', ' '])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    for l in &laws {
        if rulings_engine::clauses::find(l).is_none() {
            let hint = rulings_engine::clauses::suggest(l).map(|s| s.to_string());
            return Err(AuthoringError::UnknownClause { clause: l.clone(), hint });
        }
    }
    let ruling_words = field(&f, "The ruling")?;
    let source = field(&f, "Source")?;
    let law = laws.first().and_then(|l| rulings_engine::clauses::law_number(l)).ok_or(AuthoringError::NoClause)?;
    let folder = crate::corpus::authoring::folder_for(cases, law);
    crate::corpus::authoring::refuse_link(&folder)?;
    if !folder.is_dir() {
        return Err(AuthoringError::NoFolderForLaw { folder, law });
    }
    if let Some(case) = f.get("Case file") {
        let form = Form { title, dealer, vulnerable, edition, events: &events, laws: &laws };
        return import_case_file(case, &form, &folder, cases).map(|path| Imported { path, draft: false });
    }
    let request: Request = serde_json::from_value(serde_json::json!({
        "edition": edition, "dealer": dealer, "vulnerable": vulnerable,
        "events": serde_json::to_value(&events)?,
    }))
    .map_err(|e| AuthoringError::DealerOrVulnerability(Some(e)))?;
    let draft = rulings_engine::rule(&request).map_err(AuthoringError::FormStoryUnruled)?;

    let used = crate::corpus::authoring::used_ids(cases);
    let id = crate::corpus::authoring::mint_id(law, &used);
    // Text from the form goes in as a quoted scalar or as comment lines,
    // never raw: it cannot end its line (YAML breaks a line at a lone carriage return).
    use crate::corpus::yaml_text::{comment_words, scalar};
    let quoted = |t: &str| scalar(t);
    let canonical =
        |v: serde_json::Value| v.as_str().map(str::to_string).ok_or(AuthoringError::DealerOrVulnerability(None));
    let dealer = canonical(serde_json::to_value(request.dealer)?)?;
    let vulnerable = canonical(serde_json::to_value(request.vulnerable)?)?;
    let mut s = String::new();
    let _ = writeln!(s, "# yaml-language-server: $schema=../../schemas/case.schema.json");
    let _ = writeln!(s, "# Proposed through the issue form. The director's ruling, in their words:");
    // Each paragraph wrapped to 80 columns (the form keeps the proposer's
    // line breaks, or none: a paragraph may come as one long line), on
    // comment lines that nothing in the text can end (no line break of YAML's is kept raw).
    let words = ruling_words.replace("\r\n", "\n");
    for paragraph in words.split("\n\n").filter(|p| !p.trim().is_empty()) {
        s.push_str(&crate::text::wrap(&comment_words(paragraph), crate::text::WIDTH, "#   ", "#   "));
    }
    let _ = writeln!(s, "# Write `expect` from the director's ruling and the Laws (the reference");
    let _ = writeln!(s, "# engine's ruling is under it, commented out, to compare with), then remove");
    let _ = writeln!(s, "# the `unreviewed` tag.");
    let _ = writeln!(s, "id: {id}");
    let _ = writeln!(s, "title: {}", quoted(title));
    let _ = writeln!(s, "laws: [{}]", laws.iter().map(|l| quoted(l)).collect::<Vec<_>>().join(", "));
    let _ = writeln!(s, "source: {}", quoted(source));
    let _ = writeln!(s, "tags: [{}]", crate::corpus::lint::UNREVIEWED);
    if edition != Edition::E2017 {
        let _ = writeln!(s, "editions: [{edition}]");
    }
    let _ = writeln!(s, "dealer: {dealer}");
    if vulnerable != "none" {
        let _ = writeln!(s, "vulnerable: {vulnerable}");
    }
    let _ = writeln!(s, "events:");
    let request_value = serde_json::to_value(&request)?;
    for line in serde_yaml::to_string(&request_value["events"]).unwrap_or_default().lines() {
        let _ = writeln!(s, "  {line}");
    }
    s.push_str(&crate::corpus::draft::expect_left_to_the_director(&draft));
    let name = file_stem_for(title, &id);
    let path = folder.join(format!("{name}.yaml"));
    // The draft's `expect` is left to write, so check refuses it until
    // then, on purpose; the rest of what it would refuse is refused now.
    let refused = |line: usize, message: String| refused(&path, cases, line, message);
    if let Some(m) = too_big_for_a_case(&s) {
        return Err(refused(1, m));
    }
    for (key, text) in [("title", title), ("source", source)] {
        if let Some(ch) = crate::text::first_hazard(text) {
            let line = s.lines().position(|l| l.starts_with(&format!("{key}:"))).map_or(1, |i| i + 1);
            return Err(refused(line, crate::corpus::lint::control_message(key, ch)));
        }
    }
    if let Err(source) = crate::corpus::authoring::write_new(&path, &s) {
        return Err(AuthoringError::Unwritten { path, source });
    }
    Ok(Imported { path, draft: true })
}

/// The fields of the form a case file must agree with.
struct Form<'a> {
    title: &'a str,
    dealer: &'a str,
    vulnerable: &'a str,
    edition: Edition,
    events: &'a [rulings_engine::Event],
    laws: &'a [String],
}

/// A form that carries the case file itself (the workbench's "Propose"):
/// the file is the director's case, his expectation marked item by item,
/// and is written as it is, in normal form, once it loads and agrees with
/// the form's fields; a fresh id only if its own is taken. Not tagged
/// `unreviewed`: the expectation is the director's, not the engine's.
fn import_case_file(field: &str, form: &Form, folder: &Path, cases: &Path) -> Result<PathBuf, AuthoringError> {
    let inner = field.trim();
    let inner = inner.strip_prefix("```yaml").or_else(|| inner.strip_prefix("```")).unwrap_or(inner);
    let inner = inner.strip_suffix("```").unwrap_or(inner).trim_matches('\n');
    let mut text = format!("{inner}\n");
    let said = AuthoringError::CaseFileUnloadable;
    // The file's name from the form's title, or its id when the title has
    // no word to make one of; the id as the file has it, to name the file.
    let id = crate::corpus::case::parse_case("case.yaml", Path::new("case.yaml"), &text).map_err(said)?.id;
    let stem = file_stem_for(form.title, &id);
    let name =
        format!("{}/{stem}.yaml", folder.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default(),);
    let path = folder.join(format!("{stem}.yaml"));
    let case = crate::corpus::case::parse_case(&name, &path, &text).map_err(said)?;
    let differs = |what: &'static str| Err(AuthoringError::CaseFileDiffers { what });
    if case.title != form.title {
        return differs("title");
    }
    if case.dealer.to_string() != form.dealer || case.vulnerable.name() != form.vulnerable {
        return differs("dealer or vulnerability");
    }
    if !case.editions.contains(&form.edition) {
        return differs("edition");
    }
    if case.laws != form.laws {
        return differs("clauses");
    }
    let told = |e: &[rulings_engine::Event]| e.iter().map(|e| (e.seat, e.action.to_string())).collect::<Vec<_>>();
    if told(&case.events) != told(form.events) {
        return differs("story");
    }
    let used = crate::corpus::authoring::used_ids(cases);
    if used.contains(&case.id) {
        let law = form.laws.first().and_then(|l| rulings_engine::clauses::law_number(l)).unwrap_or(0);
        let id = crate::corpus::authoring::mint_id(law, &used);
        text = text.replacen(&format!("id: {}\n", case.id), &format!("id: {id}\n"), 1);
    }
    let text =
        crate::corpus::fmt::format_text(&name, &path, &text, None).map_err(AuthoringError::CaseFileUnformatted)?;
    let refused = |line: usize, message: String| refused(&path, cases, line, message);
    if let Some(m) = too_big_for_a_case(&text) {
        return Err(refused(1, m));
    }
    let case = crate::corpus::case::parse_case(&name, &path, &text).map_err(|e| refused(e.line, e.message))?;
    if let Some(e) = crate::corpus::lint::control_character(&case, &text) {
        return Err(refused(e.line, e.message));
    }
    if let Err(source) = crate::corpus::authoring::write_new(&path, &text) {
        return Err(AuthoringError::Unwritten { path, source });
    }
    Ok(path)
}

/// The file name (without `.yaml`) of a case titled `title`: its words in
/// lower case, a dash between them ([`crate::corpus::authoring::file_stem`]),
/// the suit symbols spelt out (`♠` as "spades"); for a title with no word
/// left to use, `new-` and the case's `id`. Never empty: a file named
/// `.yaml` is a hidden file, which `rulings check` does not read as a case.
pub fn file_stem_for(title: &str, id: &str) -> String {
    let mut spelt = String::new();
    for c in title.chars() {
        match c {
            '♠' | '♤' => spelt.push_str(" spades "),
            '♥' | '♡' => spelt.push_str(" hearts "),
            '♦' | '♢' => spelt.push_str(" diamonds "),
            '♣' | '♧' => spelt.push_str(" clubs "),
            c => spelt.push(c),
        }
    }
    let stem = crate::corpus::authoring::file_stem(&spelt);
    if stem.is_empty() {
        format!("new-{}", id.to_lowercase())
    } else {
        stem
    }
}

/// Why `rulings check` would refuse the case `text` as too big, in its
/// words, if it would.
fn too_big_for_a_case(text: &str) -> Option<String> {
    let max = crate::corpus::case::MAX_CASE_BYTES;
    let len = text.len() as u64;
    (len > max).then(|| crate::corpus::files::case_too_big(len, max))
}

/// The error of an import whose case, to be written at `path` under the
/// corpus `cases`, `rulings check` would refuse at `line` with `message`:
/// check's own words, so that an import writes nothing check then turns
/// away. (An imported draft still carries the tag `unreviewed` and an
/// empty `expect`, which check refuses on purpose until a director has
/// written the expectation.)
fn refused(path: &Path, cases: &Path, line: usize, message: String) -> AuthoringError {
    let shown = path.strip_prefix(cases).unwrap_or(path).to_path_buf();
    AuthoringError::WouldNotPass { shown, line, message }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An issue form as GitHub writes it, carrying `case` as its case file.
    fn form_with(case: &str) -> String {
        format!(
            "### Title\n\nA bid corrected\n\n### Dealer\n\nE\n\n### Vulnerability\n\nNS\n\n### Laws\n\n2017\n\n\
             ### Story\n\nE: 2H\nS: 2D\nW: reject\nS: 3D\n\n### Clauses\n\n27B1(a)\n\n### The ruling\n\n\
             Corrected to 3D.\n\n### Source\n\nA club incident\n\n### Case file\n\n```yaml\n{case}```\n"
        )
    }

    /// A case file in the form with a key a case has not: the error is the
    /// variant of a case file that does not load, naming the line of the
    /// key, and nothing is written.
    #[test]
    fn a_case_file_with_an_unknown_key_is_refused_at_its_line() {
        let cases = tempfile::tempdir().expect("a scratch corpus");
        let law27 = cases.path().join("law27");
        std::fs::create_dir(&law27).expect("the law's folder");
        let case = "id: L27-KEYS\ntitle: A bid corrected\nlaws: [\"27B1(a)\"]\nsource: A club incident\n\
                    verdict: 3D stands\ndealer: E\nvulnerable: NS\nevents:\n  - E: 2H\n  - S: 2D\n  - W: reject\n  - S: 3D\n\
                    expect:\n  next: W\n";
        match import(&form_with(case), cases.path()) {
            Err(AuthoringError::CaseFileUnloadable(e)) => {
                assert_eq!(e.line, 5, "{e}");
                assert!(e.message.contains("verdict"), "{e}");
            }
            other => panic!("not the unloadable case file's error: {other:?}"),
        }
        assert_eq!(std::fs::read_dir(&law27).expect("listed").count(), 0, "nothing written");
        // The same file without the stray key is written.
        let written = import(&form_with(case.replace("verdict: 3D stands\n", "").as_str()), cases.path());
        assert!(written.is_ok(), "{written:?}");
    }
}
