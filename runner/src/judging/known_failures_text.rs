//! The known-failures file updated as text (`--update-known-failures`,
//! so that its author's comments and layout survive): the entries of cases that pass now are taken out, entries
//! widened to every run are written again, and new entries go at the end;
//! everything else (comments, blank lines, the way an entry is written) is
//! left as the person who keeps the file wrote it.
//!
//! An entry is a line starting in column 0 with `ID:`, the indented lines
//! after it, and the comment lines just above it. A file this cannot
//! split so (a map written in flow style, say) is written whole instead
//! ([`super::known_failures::render`]); the result is read back and must
//! say exactly the entries asked for, or the whole file is written too.

use super::known_failures::{render, KnownFailure, KnownFailures};

/// How the file was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    /// As text: every comment kept, except those of entries taken out.
    AsText(String),
    /// Whole, from the entries (the text could not be edited): comments lost.
    Whole(String),
}

impl Written {
    pub fn text(&self) -> &str {
        match self {
            Written::AsText(t) | Written::Whole(t) => t,
        }
    }
}

/// `text` (read as `old`) changed to say `new`.
pub fn update(text: &str, old: &KnownFailures, new: &KnownFailures) -> Written {
    match edited(text, old, new) {
        Some(t) if reads_as(&t, new) => Written::AsText(t),
        _ => Written::Whole(render(new)),
    }
}

fn reads_as(text: &str, expected: &KnownFailures) -> bool {
    if text.lines().all(|l| l.trim().is_empty() || l.trim_start().starts_with('#')) {
        return expected.is_empty();
    }
    crate::corpus::yaml_guard::from_str_without_aliases::<KnownFailures>(text).is_ok_and(|k| &k == expected)
}

/// One entry's lines: its comments above, its key line, its indented lines.
struct Entry {
    id: String,
    lines: Vec<String>,
}

fn edited(text: &str, old: &KnownFailures, new: &KnownFailures) -> Option<String> {
    let (head, mut entries, tail) = split(text)?;
    // Every entry read from the file must be one of the map's, once.
    if entries.len() != old.len() || entries.iter().any(|e| !old.contains_key(&e.id)) {
        return None;
    }
    // With no blank line between, the comments above the first entry are
    // the file's own heading too: kept even when the entry goes.
    let headless = head.iter().all(|l| l.trim().is_empty() || l.trim() == "{}");
    let mut out: Vec<String> = head.into_iter().filter(|l| l.trim() != "{}").collect();
    for (i, e) in entries.iter_mut().enumerate() {
        match new.get(&e.id) {
            // Taken out, with the comments just above it.
            None if i == 0 && headless => out.extend(e.lines.iter().take_while(|l| is_comment(l)).cloned()),
            None => {}
            Some(k) if old.get(&e.id) == Some(k) => out.append(&mut e.lines),
            Some(k) => {
                out.extend(e.lines.iter().take_while(|l| is_comment(l)).cloned());
                out.extend(entry_lines(&e.id, k)?);
            }
        }
    }
    let mut tail = tail;
    while tail.last().is_some_and(|l| l.trim().is_empty()) {
        tail.pop();
    }
    out.extend(tail);
    for (id, k) in new.iter().filter(|(id, _)| !old.contains_key(*id)) {
        out.extend(entry_lines(id, k)?);
    }
    if out.iter().all(|l| l.trim().is_empty() || is_comment(l)) {
        out.push("{}".to_string());
    }
    Some(out.iter().map(|l| format!("{l}\n")).collect())
}

fn is_comment(line: &str) -> bool {
    line.trim_start().starts_with('#')
}

/// The text as its heading (lines before the first entry's comments), its
/// entries, and its tail (comments after the last entry's lines).
fn split(text: &str) -> Option<(Vec<String>, Vec<Entry>, Vec<String>)> {
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut head = Vec::new();
    let mut entries: Vec<Entry> = Vec::new();
    // Comment (and blank) lines seen since the last key or indented line.
    let mut pending: Vec<String> = Vec::new();
    for line in lines {
        if line.trim().is_empty() || (is_comment(&line) && !line.starts_with(' ')) {
            pending.push(line);
            continue;
        }
        if line.starts_with(' ') {
            // A line of the entry above (a value, or an indented comment).
            let e = entries.last_mut()?;
            e.lines.append(&mut pending);
            e.lines.push(line);
            continue;
        }
        if line.trim() == "{}" && entries.is_empty() {
            head.append(&mut pending);
            head.push(line);
            continue;
        }
        let id = top_level_key(&line)?;
        // The comments right above the key are its own; a blank line
        // before them ends what belongs to the entry above (or the heading).
        let cut = pending.iter().rposition(|l| l.trim().is_empty()).map_or(0, |i| i + 1);
        let own = pending.split_off(cut);
        match entries.last_mut() {
            Some(e) => e.lines.append(&mut pending),
            None => head.append(&mut pending),
        }
        let mut entry_lines = own;
        entry_lines.push(line);
        entries.push(Entry { id, lines: entry_lines });
    }
    Some((head, entries, pending))
}

/// The id of a line `ID:` or `ID: {...}` in column 0.
fn top_level_key(line: &str) -> Option<String> {
    let (key, _) = line.split_once(':')?;
    let key = key.trim().trim_matches(['"', '\'']);
    let ok = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    ok.then(|| key.to_string())
}

/// An entry written as serde_yaml writes it, its key in column 0.
fn entry_lines(id: &str, k: &KnownFailure) -> Option<Vec<String>> {
    let mut one = KnownFailures::new();
    one.insert(id.to_string(), k.clone());
    let text = serde_yaml::to_string(&one).ok()?;
    Some(text.lines().map(str::to_string).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judging::known_failures::PLACEHOLDER;

    fn read(text: &str) -> KnownFailures {
        crate::corpus::yaml_guard::from_str_without_aliases(text).expect("known failures")
    }

    const FILE: &str = "\
# Known failures of our engine.

# 27B1(a): we do not offer corrections yet
L27-AAAA:
  reason: no corrections yet   # see the tracker
  issue: https://example.org/1

# comparable calls
L23-BBBB:
  reason: comparable calls are hard
  editions: [2007]

# the end
";

    #[test]
    fn comments_stay_and_only_what_changed_is_written() {
        let old = read(FILE);
        let mut new = old.clone();
        new.remove("L27-AAAA");
        new.get_mut("L23-BBBB").expect("entry").editions = None;
        new.insert("L25-CCCC".into(), KnownFailure::new(PLACEHOLDER));
        let w = update(FILE, &old, &new);
        let Written::AsText(text) = &w else { panic!("{w:?}") };
        assert!(text.starts_with("# Known failures of our engine.\n\n# comparable calls\nL23-BBBB:\n"), "{text}");
        assert!(!text.contains("27B1(a)") && !text.contains("tracker"), "the removed entry's comments go: {text}");
        assert!(!text.contains("editions"), "{text}");
        assert!(text.contains("# the end\nL25-CCCC:\n  reason: 'TODO: say why this case fails'\n"), "{text}");
        assert_eq!(read(text), new);
        // Nothing changed: the text is the same.
        assert_eq!(update(FILE, &old, &old), Written::AsText(FILE.to_string()));
    }

    #[test]
    fn an_empty_file_and_a_flow_map() {
        let w = update("# mine\n{}\n", &KnownFailures::new(), &read("L27-AAAA: {reason: x}\n"));
        assert_eq!(w, Written::AsText("# mine\nL27-AAAA:\n  reason: x\n".into()));
        let back = update("# mine\nL27-AAAA:\n  reason: x\n", &read("L27-AAAA: {reason: x}\n"), &KnownFailures::new());
        assert_eq!(back, Written::AsText("# mine\n{}\n".into()));
        let flow = "{L27-AAAA: {reason: x}, L23-BBBB: {reason: y}}\n";
        assert!(matches!(update(flow, &read(flow), &read("L27-AAAA: {reason: x}\n")), Written::Whole(_)));
    }
}
