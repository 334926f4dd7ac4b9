//! Where a value stands in a case file's text: a key's line, a list
//! item's column, a serde path's place.

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
pub(super) fn item_column(line: &str, item: &str) -> Option<usize> {
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
pub(super) fn key_line(text: &str, key: &str) -> Option<usize> {
    key_lines(text, key).first().copied()
}

/// Every 1-based line where a top-level key starts.
pub(super) fn key_lines(text: &str, key: &str) -> Vec<usize> {
    let prefix = format!("{key}:");
    text.lines().enumerate().filter(|(_, l)| l.starts_with(&prefix)).map(|(i, _)| i + 1).collect()
}
