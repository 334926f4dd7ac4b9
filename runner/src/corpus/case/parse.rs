//! Reading one case file: its bytes, its text, the checks after parsing,
//! and its story told in any of the three forms.

use std::path::Path;

use rulings_engine::clauses;
use rulings_engine::regulations::ComparableReading;
use rulings_engine::{Edition, Event, Regulations, Seat};

use super::expectation::canonicalize_calls;
use super::file::CaseFile;
use super::hazards::{find_dash_without_space, find_deep_nesting, find_hazard, find_tab_indent};
use super::messages::{plain_message, yaml_hint};
use super::position::{item_column, key_line, key_lines, locate_path};
use super::{Case, LoadError, MAX_CASE_BYTES};
use crate::corpus::story::{self, story_events};

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
                err(1, 1, crate::corpus::files::case_too_big(len, limit))
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
    // The text scans above name the usual slips; the parser's events find
    // any alias they missed (an alias may expand to gigabytes).
    let checked = crate::corpus::yaml_guard::checked(text).map_err(|r| vec![err(r.line, r.column, r.message)])?;
    let file: CaseFile = serde_path_to_error::deserialize(checked.deserializer()).map_err(|e| {
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
    if let Some(r) = checked.unchecked().cloned() {
        // serde_yaml read past where the events stopped: not checked, not trusted.
        return Err(vec![err(r.line, r.column, r.message)]);
    }
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
    if let Err(e) = canonicalize_calls(&mut expect) {
        errors.push(err(at("expect"), 1, e.to_string()));
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
