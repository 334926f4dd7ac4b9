//! A case file: its types, and reading one file strictly, each problem
//! reported with file, line and column and a plain sentence. A whole
//! corpus is loaded by [`super::load`]; one bad file never stops the others
//! from loading.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use rulings_engine::clauses;
use rulings_engine::protocol::keys;
use rulings_engine::regulations::ComparableReading;
use rulings_engine::Ruling;
use rulings_engine::{Edition, Event, Regulations, Request, Seat, Vulnerability};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::story::{self, story_events};

/// The largest case file we read. A case is a short table story; anything
/// bigger is a mistake (or an attack) and is refused before parsing.
pub const MAX_CASE_BYTES: u64 = 256 * 1024;

/// A problem with one case file, located as precisely as we can.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    pub path: PathBuf,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            // A problem with the file or folder as a whole, not at a place in it.
            write!(f, "{}: {}", self.path.display(), self.message)
        } else {
            write!(f, "{}:{}:{}: {}", self.path.display(), self.line, self.column, self.message)
        }
    }
}

/// A clause id checked against the registry when the case is read, so the
/// error carries the position of the offending entry.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ClauseId(pub String);

impl<'de> Deserialize<'de> for ClauseId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        match clauses::find(text.trim()) {
            Some(c) => Ok(ClauseId(c.id.to_string())),
            None => Err(serde::de::Error::custom(match clauses::suggest(text.trim()) {
                Some(id) => format!("unknown law clause `{text}`: did you mean `{id}`?"),
                None => format!(
                    "unknown law clause `{text}`: cite a clause listed in docs/clauses.md \
                     (as \"27B1(a)\", \"16C2\"), or add it to engine/clauses.yml"
                ),
            })),
        }
    }
}

/// The part of the ruling a case expects: any of the ruling's keys (the
/// fields of [`Ruling`], read off the type: no second list), each with
/// its expected value. Only the keys named are compared; a key written
/// with the value `null` is present (it expects null).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Expectation(BTreeMap<&'static str, Value>);

/// The Laws' spelling of a key, read as the ruling's.
pub const ALIASES: &[(&str, &str)] = &[("unauthorised_information", "unauthorized_information")];

impl<'de> Deserialize<'de> for Expectation {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Expectation, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Expectation;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map of expected keys (status, next, auction, rulings...)")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Expectation, A::Error> {
                let keys = keys::<Ruling>();
                let mut out = BTreeMap::new();
                while let Some(key) = map.next_key::<String>()? {
                    let spelt = ALIASES.iter().find(|(alias, _)| *alias == key).map_or(key.as_str(), |(_, k)| *k);
                    let Some(known) = keys.iter().find(|k| **k == spelt) else {
                        return Err(serde::de::Error::unknown_field(&key, keys));
                    };
                    if out.contains_key(known) {
                        return Err(serde::de::Error::duplicate_field(known));
                    }
                    out.insert(*known, map.next_value::<Value>()?);
                }
                Ok(Expectation(out))
            }
        }
        d.deserialize_map(V)
    }
}

impl Expectation {
    /// The value expected of `key`, if the case names it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(key)
    }

    /// The value expected of `key`, to canonicalize it.
    fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.0.get_mut(key)
    }

    /// The expected part as one map, keys in the ruling's order.
    pub fn to_value(&self) -> Value {
        let mut m = serde_json::Map::new();
        for k in keys::<Ruling>() {
            if let Some(v) = self.0.get(k) {
                m.insert(k.to_string(), v.clone());
            }
        }
        Value::Object(m)
    }

    /// `text` (a diff, a message) with the keys spelt as `case_text`, the
    /// case file, spells them: `unauthorised_information` where the case
    /// writes it so.
    pub fn in_the_case_s_spelling(text: &str, case_text_uses_british: bool) -> String {
        if case_text_uses_british {
            text.replace("unauthorized_information", "unauthorised_information")
        } else {
            text.to_string()
        }
    }

    pub fn is_empty(&self) -> bool {
        self.to_value().as_object().is_none_or(|m| m.is_empty())
    }
}

/// The keys of a case file (the fields of the type it is read into).
pub fn case_file_keys() -> &'static [&'static str] {
    keys::<CaseFile>()
}

/// A case file as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    id: String,
    title: String,
    laws: Vec<ClauseId>,
    source: String,
    #[serde(default)]
    editions: Option<Vec<Edition>>,
    #[serde(default)]
    tags: Vec<String>,
    dealer: Seat,
    #[serde(default, deserialize_with = "vulnerability_as_written")]
    vulnerable: Vulnerability,
    #[serde(default)]
    events: Vec<Event>,
    /// The story in one line, instead of `events`: `"W 1D, N 1C, E reject, N 2C"`.
    #[serde(default)]
    story: Option<String>,
    /// The story as a grid of four columns, instead of `events` (`grid: |`).
    #[serde(default)]
    grid: Option<String>,
    #[serde(default)]
    regulations: Option<Regulations>,
    expect: Expectation,
}

/// A case file writes its vulnerability in one spelling each, the one
/// schemas/case.schema.json lists: `none`, `NS`, `EW`, `both` (the
/// protocol reads others; a case file, checked by editors against the
/// schema too, does not).
fn vulnerability_as_written<'de, D: Deserializer<'de>>(d: D) -> Result<Vulnerability, D::Error> {
    let text = String::deserialize(d)?;
    match text.parse::<Vulnerability>() {
        Ok(v) if v.name() == text => Ok(v),
        Ok(v) => Err(serde::de::Error::custom(format!("write `{}` for `{text}` (none, NS, EW or both)", v.name()))),
        Err(_) => Err(serde::de::Error::custom(format!("`{text}` is not a vulnerability: write none, NS, EW or both"))),
    }
}

/// A loaded case.
#[derive(Debug, Clone)]
pub struct Case {
    /// Path relative to the corpus root, with `/` separators ("law27/foo.yaml").
    pub name: String,
    pub path: PathBuf,
    pub id: String,
    pub title: String,
    pub laws: Vec<String>,
    pub source: String,
    pub editions: Vec<Edition>,
    pub tags: Vec<String>,
    pub dealer: Seat,
    pub vulnerable: Vulnerability,
    pub events: Vec<Event>,
    pub regulations: Option<Regulations>,
    pub expect: Expectation,
    /// 1-based line of the `id:` key, for errors that concern the id.
    pub id_line: usize,
    /// The case spells `unauthorised_information` as the Laws do; diffs
    /// shown for it spell the key the same way.
    pub british: bool,
}

impl Case {
    /// The request for one edition: the case's input only, never its
    /// expectation, id, title or source.
    pub fn request(&self, edition: Edition) -> Request {
        Request {
            edition,
            dealer: self.dealer,
            vulnerable: self.vulnerable,
            events: self.events.clone(),
            regulations: self.regulations,
        }
    }

    /// A bare case citing `laws` in `editions`, for unit tests.
    #[cfg(test)]
    pub(crate) fn for_tests(laws: &[&str], editions: Vec<Edition>) -> Case {
        Case {
            name: "x.yaml".into(),
            path: "x.yaml".into(),
            id: "L99-TEST".into(),
            title: String::new(),
            laws: laws.iter().map(|s| s.to_string()).collect(),
            source: String::new(),
            editions,
            tags: Vec::new(),
            dealer: Seat::N,
            vulnerable: Default::default(),
            events: Vec::new(),
            regulations: None,
            expect: Default::default(),
            id_line: 1,
            british: false,
        }
    }

    /// The top-level folder of the case under the corpus ("law27").
    pub fn folder(&self) -> &str {
        self.name.split('/').next().unwrap_or("")
    }
}

/// Everything found under the corpus folders: cases that loaded, and one
/// error per file that did not (or per problem across files).
#[derive(Debug, Default)]
pub struct Corpus {
    pub cases: Vec<Case>,
    pub errors: Vec<LoadError>,
    /// Entries under the corpus folders that were passed by, with the reason.
    pub skipped: Vec<(PathBuf, String)>,
}

/// Read and validate one case file: its first problem.
pub fn load_case(name: &str, path: &Path) -> Result<Case, LoadError> {
    load_case_all(name, path).map_err(|mut e| e.swap_remove(0))
}

/// Read and validate one case file: every problem found.
pub fn load_case_all(name: &str, path: &Path) -> Result<Case, Vec<LoadError>> {
    let err =
        |line: usize, column: usize, message: String| LoadError { path: path.to_path_buf(), line, column, message };
    let bytes = crate::corpus::files::read_capped(path, MAX_CASE_BYTES)
        .map_err(|e| match e {
            crate::corpus::files::ReadError::TooBig { limit } => {
                let len = std::fs::metadata(path).map_or(0, |m| m.len());
                err(1, 1, format!("the file is {len} bytes; a case is at most {limit} bytes"))
            }
            e => err(0, 0, e.to_string()),
        })
        .map_err(|e| vec![e])?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = upto.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        vec![err(line, column, "the file is not UTF-8 text; save it as UTF-8".to_string())]
    })?;
    parse_case_all(name, path, &text)
}

/// Parse a case from its text (the file's contents); the first problem.
pub fn parse_case(name: &str, path: &Path, text: &str) -> Result<Case, LoadError> {
    parse_case_all(name, path, text).map_err(|mut e| e.swap_remove(0))
}

/// Parse a case from its text, with every problem the checks after parsing
/// find (an empty title, an empty source, an empty expect...), so that one
/// round of corrections fixes them all. A file YAML or serde cannot read
/// gives its one error.
pub fn parse_case_all(name: &str, path: &Path, text: &str) -> Result<Case, Vec<LoadError>> {
    let err =
        |line: usize, column: usize, message: String| LoadError { path: path.to_path_buf(), line, column, message };
    // Some editors start a UTF-8 file with a byte-order mark; it is not part of the case.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Some((line, column, why)) = find_hazard(text) {
        return Err(vec![err(line, column, why)]);
    }
    if let Some((line, column, item)) = find_dash_without_space(text) {
        return Err(vec![err(line, column, format!("a list item needs a space after `-`: write `- {item}`"))]);
    }
    if let Some((line, column)) = find_tab_indent(text) {
        return Err(vec![err(line, column, "a tab is used for indentation; YAML indents with spaces".to_string())]);
    }
    if let Some((line, column, why)) = find_deep_nesting(text) {
        return Err(vec![err(line, column, why)]);
    }
    let file: CaseFile = serde_path_to_error::deserialize(serde_yaml::Deserializer::from_str(text)).map_err(|e| {
        let path = e.path().to_string();
        let e = e.into_inner();
        let msg = e.to_string();
        // serde_yaml locates syntax errors but not every value a type refuses
        // (a number too big, say); then the path to the value finds its line.
        let (mut line, mut column) = match e.location().map(|l| (l.line(), l.column())) {
            Some(at) if at != (1, 1) => at,
            at => locate_path(text, &path).or(at).unwrap_or((1, 1)),
        };
        if path.starts_with("laws[") {
            // serde_yaml points at the list; point at the clause itself.
            let bad = msg.split('`').nth(1).unwrap_or("");
            if let Some(col) = text.lines().nth(line.saturating_sub(1)).and_then(|l| item_column(l, bad)) {
                column = col;
            }
        }
        if let Some(rest) = msg.strip_prefix("duplicate field `") {
            // serde names the field but not where; point at its second occurrence.
            let field = rest.split('`').next().unwrap_or("");
            if let Some(l) = key_lines(text, field).get(1) {
                (line, column) = (*l, 1);
            }
        }
        let message = yaml_hint(text, line, &msg).unwrap_or_else(|| plain_message(&msg));
        vec![err(line, column, message)]
    })?;
    let mut errors: Vec<LoadError> = Vec::new();
    let id_line = key_line(text, "id").unwrap_or(1);
    let at = |key: &str| key_line(text, key).unwrap_or(1);
    if !valid_id(&file.id) {
        errors.push(err(
            id_line,
            1,
            format!(
                "id `{}` is not of the form LAW-XXXX (a law prefix such as L27, a dash, 4 characters A-Z or 0-9)",
                file.id
            ),
        ));
    }
    if file.laws.is_empty() {
        errors.push(err(at("laws"), 1, "`laws` is empty: name the clauses the case is about".to_string()));
    }
    for (key, value) in [("title", &file.title), ("source", &file.source)] {
        if value.trim().is_empty() {
            errors.push(err(at(key), 1, format!("`{key}` is empty")));
        }
    }
    let mut file = file;
    let forms: Vec<&str> = [
        (!file.events.is_empty()).then_some("events"),
        file.story.is_some().then_some("story"),
        file.grid.is_some().then_some("grid"),
    ]
    .into_iter()
    .flatten()
    .collect();
    match (forms.as_slice(), file.story.take(), file.grid.take()) {
        // Said at the compact form (events come first in that list).
        ([a, b, ..], _, _) => errors.push(err(at(b), 1, format!("the case gives both `{a}` and `{b}`: keep one"))),
        (_, Some(story), None) => match story_events(&story) {
            Ok(events) => file.events = events,
            Err(e) => errors.push(err(at("story"), 1, e)),
        },
        (_, None, Some(grid)) => match grid_events(text, file.dealer, &grid) {
            Ok(events) => file.events = events,
            Err((line, column, e)) => errors.push(err(line, column, e)),
        },
        ([], ..) => errors.push(err(
            at("events"),
            1,
            "`events` is empty: a case tells at least one call (or give the story in one line as `story:`, or as \
             a grid of four columns as `grid:`)"
                .to_string(),
        )),
        _ => {}
    }
    if file.events.len() > rulings_engine::MAX_EVENTS {
        let told = forms.first().copied().unwrap_or("events");
        errors.push(err(
            at(told),
            1,
            format!(
                "`{told}` has {} events; a case may have at most {} (a legal auction has at most 319 calls)",
                file.events.len(),
                rulings_engine::MAX_EVENTS
            ),
        ));
    }
    let editions = match file.editions {
        Some(v) if v.is_empty() => {
            errors.push(err(at("editions"), 1, "`editions` is empty: leave it out for [2017]".to_string()));
            vec![Edition::E2017]
        }
        Some(mut v) => {
            v.sort();
            v.dedup();
            v
        }
        None => vec![Edition::E2017],
    };
    for law in &file.laws {
        let clause = clauses::find(&law.0).expect("checked on load");
        if let Some(e) = editions.iter().find(|e| !clause.in_edition(**e)) {
            errors.push(err(at("laws"), 1, format!("clause {} does not exist in the {} edition", law.0, e)));
        }
    }
    if let Some(r) = &file.regulations {
        let d = Regulations::default();
        let tolerances = (r.similar_suit_cards, r.similar_hcp_below, r.similar_hcp_above)
            != (d.similar_suit_cards, d.similar_hcp_below, d.similar_hcp_above);
        if r.comparable_reading == ComparableReading::Strict && tolerances {
            errors.push(err(
                at("regulations"),
                1,
                "regulations: `comparable_reading: strict` reads 23A1's \"similar\" as the same meaning, so the `similar_*` \
                 tolerances change nothing: remove them (docs/conventions.md, \"Regulation options\")"
                    .to_string(),
            ));
        }
    }
    if file.expect.is_empty() {
        errors.push(err(at("expect"), 1, "`expect` names no key: say what the ruling must be".to_string()));
    }
    let mut expect = file.expect;
    if let Err(m) = canonicalize_calls(&mut expect) {
        errors.push(err(at("expect"), 1, m));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Case {
        name: name.to_string(),
        path: path.to_path_buf(),
        id: file.id,
        title: file.title,
        laws: file.laws.into_iter().map(|c| c.0).collect(),
        source: file.source,
        editions,
        tags: file.tags,
        dealer: file.dealer,
        vulnerable: file.vulnerable,
        events: file.events,
        // Options written at their defaults are the same story as none.
        regulations: file.regulations.filter(|r| !r.is_default()),
        expect,
        id_line,
        british: text.lines().any(|l| l.trim_start().starts_with("unauthorised_information:")),
    })
}

/// The events of a case's `grid`, or the first problem in it, at its line
/// and column in the file (`text`).
fn grid_events(text: &str, dealer: Seat, grid: &str) -> Result<Vec<Event>, (usize, usize, String)> {
    let key = key_line(text, "grid").unwrap_or(1);
    let header = text.lines().nth(key - 1).unwrap_or("");
    let value = header.split_once(':').map_or("", |(_, v)| v).split(" #").next().unwrap_or("").trim();
    if !value.starts_with('|') {
        return Err((
            key,
            1,
            "write the grid as a block: `grid: |`, then the header and one line a round below it, indented".to_string(),
        ));
    }
    story::parse_grid(dealer, grid).map(|g| g.events).map_err(|e| {
        // The block's lines follow the key's line one for one; the line in
        // the file ends with the line of the grid, after its indentation.
        let line = key + 1 + e.line;
        let in_grid = grid.split('\n').nth(e.line).unwrap_or("").chars().count();
        let in_file = text.lines().nth(line - 1).map_or(in_grid, |l| l.trim_end_matches('\r').chars().count());
        (line, in_file.saturating_sub(in_grid) + e.column + 1, format!("grid: {}", e.message))
    })
}

/// Ids look like `L27-K4Q2`: a prefix of letters and digits, a dash, four
/// characters A-Z or 0-9.
pub fn valid_id(id: &str) -> bool {
    let Some((prefix, tail)) = id.rsplit_once('-') else { return false };
    !prefix.is_empty()
        && prefix.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-')
        && tail.len() == 4
        && tail.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

/// Calls in an expectation may be written with the input aliases (`Pass`,
/// `1N`); compare them in canonical form.
fn canonicalize_calls(expect: &mut Expectation) -> Result<(), String> {
    fn canon(v: &mut Value, what: &str) -> Result<(), String> {
        if let Value::String(s) = v {
            let c: rulings_engine::Call = s.parse().map_err(|e| format!("in expect, {what}: {e}"))?;
            *s = c.to_string();
        }
        Ok(())
    }
    if let Some(Value::Array(calls)) = expect.get_mut("auction") {
        for c in calls {
            canon(c, "auction")?;
        }
    }
    fn canon_card(v: &mut Value, what: &str) -> Result<(), String> {
        if let Value::String(s) = v {
            let c: rulings_engine::card::Card = s.parse().map_err(|e| format!("in expect, {what}: {e}"))?;
            *s = c.to_string();
        }
        Ok(())
    }
    if let Some(Value::Array(rs)) = expect.get_mut("rulings") {
        for r in rs {
            if let Some(c) = r.get_mut("call") {
                canon(c, "rulings[].call")?;
            }
            if let Some(Value::Array(cards)) = r.get_mut("cards") {
                for c in cards {
                    canon_card(c, "rulings[].cards")?;
                }
            }
        }
    }
    if let Some(Value::Array(rs)) = expect.get_mut("call_restrictions") {
        for r in rs {
            if let Some(Value::Array(calls)) = r.get_mut("may_not") {
                for c in calls {
                    canon(c, "call_restrictions[].may_not")?;
                }
            }
        }
    }
    if let Some(Value::Array(ps)) = expect.get_mut("penalty_cards") {
        for p in ps {
            if let Some(c) = p.get_mut("card") {
                canon_card(c, "penalty_cards[].card")?;
            }
        }
    }
    if let Some(Value::Array(us)) = expect.get_mut("unauthorized_information") {
        for u in us {
            if let Some(c) = u.get_mut("from").and_then(|f| f.get_mut("call")) {
                canon(c, "unauthorized_information[].from.call")?;
            }
        }
    }
    if let Some(c) = expect.get_mut("contract").and_then(|c| c.get_mut("bid")) {
        canon(c, "contract.bid")?;
    }
    Ok(())
}

/// The first line whose indentation contains a tab (YAML forbids it).
fn find_tab_indent(text: &str) -> Option<(usize, usize)> {
    for (i, line) in text.lines().enumerate() {
        let indent: String = line.chars().take_while(|c| *c == ' ' || *c == '\t').collect();
        if let Some(col) = indent.find('\t') {
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            return Some((i + 1, col + 1));
        }
    }
    None
}

/// The first thing in the text that a case never needs and that the YAML
/// parser would handle badly or report at 1:1: a control character (NUL
/// among them), a second YAML document, an alias (`*name`; a case is short,
/// and aliases are how a small file expands to gigabytes, so none is
/// allowed), or a tag (`!!binary`). Quoted strings and comments are
/// skipped. Linear in the text.
fn find_hazard(text: &str) -> Option<(usize, usize, String)> {
    let mut content_seen = false;
    for (i, line) in text.lines().enumerate() {
        let (l, at) = (i + 1, |col: usize| col + 1);
        if let Some((col, ch)) =
            line.chars().enumerate().find(|(_, c)| (c.is_control() && *c != '\t' && *c != '\r') || *c == '\u{7f}')
        {
            return Some((
                l,
                at(col),
                format!("the file holds a control character (U+{:04X}); a case is plain text", ch as u32),
            ));
        }
        let trimmed = line.trim_end();
        if trimmed == "---" || trimmed.starts_with("--- ") || trimmed == "..." {
            if content_seen || trimmed == "..." {
                return Some((
                    l,
                    1,
                    "a second YAML document starts here; a case file holds one case (split it into two files)"
                        .to_string(),
                ));
            }
            continue;
        }
        if !line.trim().is_empty() && !line.trim_start().starts_with('#') {
            content_seen = true;
        }
        let mut quote: Option<char> = None;
        let mut prev = ' ';
        let mut escaped = false;
        let chars: Vec<char> = line.chars().collect();
        for (col, &ch) in chars.iter().enumerate() {
            match quote {
                Some('"') if escaped => escaped = false,
                Some('"') if ch == '\\' => escaped = true,
                Some(q) if ch == q => quote = None,
                Some(_) => {}
                None => {
                    let starts_token = matches!(prev, ' ' | '[' | '{' | ',' | '-' | ':') || col == 0;
                    let next = chars.get(col + 1).copied().unwrap_or(' ');
                    match ch {
                        '\'' | '"' if starts_token => quote = Some(ch),
                        '#' if prev == ' ' || col == 0 => break,
                        '*' if starts_token && (next.is_alphanumeric() || next == '_' || next == '-') => {
                            let name: String = chars[col + 1..]
                                .iter()
                                .take_while(|c| c.is_alphanumeric() || **c == '_' || **c == '-')
                                .collect();
                            return Some((
                                l,
                                at(col),
                                format!(
                                    "`*{name}` is a YAML alias; cases do not use aliases (they let a small file \
                                     expand without bound): write the value out"
                                ),
                            ));
                        }
                        '!' if starts_token && next != ' ' => {
                            let tag: String = chars[col..].iter().take_while(|c| !c.is_whitespace()).collect();
                            return Some((
                                l,
                                at(col),
                                format!("`{tag}` is a YAML tag; cases do not use tags: write the plain value"),
                            ));
                        }
                        _ => {}
                    }
                }
            }
            prev = ch;
        }
    }
    None
}

/// How deep a case may nest brackets, and how far it may indent. A case
/// needs a handful of levels; the YAML parser's time grows fast with depth,
/// so deeper input is refused before it is parsed.
pub const MAX_NESTING: usize = 32;
pub const MAX_INDENT: usize = 128;

/// The first place where flow brackets nest deeper than [`MAX_NESTING`] or
/// a line is indented more than [`MAX_INDENT`] columns, skipping quoted
/// strings and comments. Linear in the text.
fn find_deep_nesting(text: &str) -> Option<(usize, usize, String)> {
    let mut depth = 0usize;
    for (i, line) in text.lines().enumerate() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if indent > MAX_INDENT && !line.trim().is_empty() {
            return Some((
                i + 1,
                indent + 1,
                format!("the line is indented {indent} columns; a case needs far fewer (at most {MAX_INDENT})"),
            ));
        }
        let mut quote: Option<char> = None;
        let mut prev = ' ';
        for (col, ch) in line.chars().enumerate() {
            match quote {
                Some(q) if ch == q => quote = None,
                Some(_) => {}
                None => match ch {
                    '\'' | '"' => quote = Some(ch),
                    '#' if prev == ' ' || col == 0 => break,
                    '[' | '{' => {
                        depth += 1;
                        if depth > MAX_NESTING {
                            return Some((
                                i + 1,
                                col + 1,
                                format!("brackets nest more than {MAX_NESTING} deep; a case needs only a few levels"),
                            ));
                        }
                    }
                    ']' | '}' => depth = depth.saturating_sub(1),
                    _ => {}
                },
            }
            prev = ch;
        }
    }
    None
}

/// The line and column of a value given by its serde path (`vulnerable`,
/// `events[3]`, `events[3].E`), found in the text by its keys and list
/// items; approximate for values written in flow style.
pub(crate) fn locate_path(text: &str, path: &str) -> Option<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut start = 0usize; // the line to search from
    let mut indent = 0usize; // the indentation of keys at this level
    let mut found = None;
    for part in path.split('.').filter(|p| !p.is_empty() && *p != "?") {
        let (key, index) = match part.split_once('[') {
            Some((k, rest)) => (k, rest.trim_end_matches(']').parse::<usize>().ok()),
            None => (part, None),
        };
        if !key.is_empty() {
            let prefix = format!("{}{key}:", " ".repeat(indent));
            let i = (start..lines.len()).find(|&i| {
                lines[i].starts_with(&prefix)
                    || lines[i].trim_start().trim_start_matches("- ").starts_with(&format!("{key}:"))
            })?;
            let col = lines[i].find(key).unwrap_or(0) + 1;
            found = Some((i + 1, col));
            start = i + 1;
            indent = lines[i].len() - lines[i].trim_start().len() + 2;
        }
        if let Some(n) = index {
            let items: Vec<usize> = (start..lines.len())
                .take_while(|&i| lines[i].trim().is_empty() || lines[i].starts_with(' ') || lines[i].starts_with('-'))
                .filter(|&i| lines[i].trim_start().starts_with("- "))
                .collect();
            let first_indent = items.first().map(|&i| lines[i].len() - lines[i].trim_start().len())?;
            let i = *items.iter().filter(|&&i| lines[i].len() - lines[i].trim_start().len() == first_indent).nth(n)?;
            found = Some((i + 1, first_indent + 1));
            start = i;
            indent = first_indent + 2;
        }
    }
    found
}

/// The 1-based column where `item` starts in a flow list on `line`,
/// including its opening quote if it is quoted.
fn item_column(line: &str, item: &str) -> Option<usize> {
    if item.is_empty() {
        return None;
    }
    for quoted in [format!("\"{item}\""), format!("'{item}'"), item.to_string()] {
        if let Some(i) = line.find(&quoted) {
            return Some(line[..i].chars().count() + 1);
        }
    }
    None
}

/// The 1-based line of a top-level key.
fn key_line(text: &str, key: &str) -> Option<usize> {
    key_lines(text, key).first().copied()
}

/// Every 1-based line where a top-level key starts.
fn key_lines(text: &str, key: &str) -> Vec<usize> {
    let prefix = format!("{key}:");
    text.lines().enumerate().filter(|(_, l)| l.starts_with(&prefix)).map(|(i, _)| i + 1).collect()
}

/// A line that starts (after its indentation) with `-` and then a letter:
/// a list item missing its space, which YAML would read as a key named
/// `-seat`. Its line, column and the item as written.
fn find_dash_without_space(text: &str) -> Option<(usize, usize, String)> {
    text.lines().enumerate().find_map(|(i, l)| {
        let t = l.trim_start();
        let rest = t.strip_prefix('-')?;
        rest.starts_with(|c: char| c.is_ascii_alphabetic()).then(|| (i + 1, l.len() - t.len() + 1, rest.to_string()))
    })
}

/// The usual slips of a case author, told in their terms: a colon in an
/// unquoted value, a list item without its space after `-`. None when the
/// error is not one of them.
fn yaml_hint(text: &str, line: usize, msg: &str) -> Option<String> {
    let at = text.lines().nth(line.checked_sub(1)?)?;
    let trimmed = at.trim_start();
    // A line out of line with its sibling above: list items, or keys of one
    // map, must start in the same column.
    let indent = |l: &str| l.len() - l.trim_start().len();
    let before =
        text.lines().take(line - 1).filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).last();
    if let Some(prev) = before {
        let (mine, theirs) = (indent(at), indent(prev));
        let item = |l: &str| l.trim_start().starts_with("- ");
        let key = |l: &str| !item(l) && l.trim_start().split_once(':').is_some();
        let siblings = (item(at) && item(prev)) || (key(at) && key(prev) && !prev.trim_end().ends_with(':'));
        if siblings && mine != theirs && mine.abs_diff(theirs) < 4 {
            let what = if item(at) { "list items" } else { "keys of one map" };
            return Some(format!(
                "this line is indented {mine} space(s), the line above it {theirs}: {what} start in the same column"
            ));
        }
    }
    if msg.starts_with("mapping values are not allowed") {
        if let Some((key, value)) = trimmed.split_once(": ") {
            let value = value.trim();
            if value.contains(": ") && !value.starts_with(['"', '\'', '{', '[']) {
                return Some(format!(
                    "the value of `{key}` holds \": \", which YAML reads as a new key; put it in quotes: \
                     {key}: \"{}\"",
                    value.replace('"', "\\\"")
                ));
            }
        }
    }
    if msg.starts_with("did not find expected key") {
        if let Some((key, value)) = trimmed.split_once(": ") {
            let value = value.trim();
            if value.starts_with('"') && value.matches('"').count() > 2 {
                return Some(format!(
                    "the value of `{key}` holds a `\"` that ends its quotes early; inside double quotes write \
                     `\\\"`, or use single quotes for the inner ones"
                ));
            }
        }
    }
    let dash = trimmed.strip_prefix('-').filter(|rest| rest.starts_with(|c: char| !c.is_whitespace() && c != '-'));
    if dash.is_some() && msg.contains("expected a sequence") || dash.is_some() && msg.contains("wrong kind of value") {
        return Some(format!("a list item needs a space after `-`: write `- {}`", trimmed.trim_start_matches('-')));
    }
    None
}

/// serde's names for the types of a case file, in the author's words.
const TYPE_NAMES: &[(&str, &str)] = &[
    ("struct CaseFile", "a case (a map with id, title, laws, source, dealer, events and expect)"),
    ("struct Expectation", "a map of expected keys (status, next, auction, rulings...)"),
    ("struct Regulations", "a map of regulations"),
    ("struct Meaning", "a meaning (a map of hcp, C, D, H, S, balanced, shows...)"),
    ("struct Findings", "an event's findings"),
];

/// serde's messages, made into plain sentences for case authors.
fn plain_message(msg: &str) -> String {
    // serde_yaml appends " at line L column C"; we print the location ourselves.
    let msg = match msg.find(" at line ") {
        Some(i) => &msg[..i],
        None => msg,
    };
    if let Some(rest) = msg.strip_prefix("missing field `") {
        let field = rest.trim_end_matches('`');
        let hint = match field {
            "id" => " (every case needs a stable id such as L27-K4Q2; `rulings new` mints one)",
            "laws" => " (name the clauses the case is about, as laws: [\"27B1(a)\"])",
            "source" => " (say where the ruling comes from: a seed file or a public reference)",
            "expect" => " (say what the ruling must be)",
            _ => "",
        };
        return format!("the case has no `{field}`{hint}");
    }
    // "events[0].means: unknown field `X`, expected ..." at any depth.
    if let Some(at) = msg.find("unknown field `") {
        let (path, rest) = msg.split_at(at);
        if let Some((field, tail)) = rest["unknown field `".len()..].split_once('`') {
            // "did you mean" for a key one or two letters off a known one.
            let known: Vec<&str> = tail.split('`').skip(1).step_by(2).collect();
            // (Not for a key of a few letters: `X` is not a slip for `C`.)
            let near = known
                .iter()
                .filter(|k| field.len() >= 4 && strsim::levenshtein(k, field) <= 2)
                .min_by_key(|k| strsim::levenshtein(k, field));
            if let Some(k) = near {
                return format!("{path}unknown key `{field}`: did you mean `{k}`?");
            }
            return format!("{path}unknown key `{field}`{}", tail.replace(", expected", "; expected"));
        }
    }
    if msg.starts_with("repetition limit exceeded") || msg.starts_with("recursion limit exceeded") {
        return "the file expands aliases (`*name`) or nests too much to be a case (a YAML \"billion laughs\"?); \
                write the values out"
            .to_string();
    }
    if let Some(rest) = msg.strip_prefix("duplicate field `") {
        let field = rest.trim_end_matches('`');
        return format!("the key `{field}` appears twice; keep one");
    }
    let mut msg = msg.replace("invalid type: ", "wrong kind of value: ");
    for (rust, words) in TYPE_NAMES {
        msg = msg.replace(rust, words);
    }
    // Any other Rust type name.
    if let Some(i) = msg.find("expected struct ") {
        msg.truncate(i);
        msg.push_str("expected a map");
    }
    if msg.starts_with("wrong kind of value: sequence, expected a case") {
        msg.push_str("; is this a fragment pasted on its own?");
    }
    msg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids() {
        assert!(valid_id("L27-K4Q2"));
        assert!(valid_id("L28-34-AB12"));
        assert!(!valid_id("L27-K4Q"));
        assert!(!valid_id("l27-k4q2"));
        assert!(!valid_id("K4Q2"));
    }
}
