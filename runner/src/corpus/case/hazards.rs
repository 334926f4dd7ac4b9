//! What a case never needs and the YAML parser handles badly: refused
//! before the text is parsed, at its line and column.

/// The first line whose indentation contains a tab (YAML forbids it).
pub(super) fn find_tab_indent(text: &str) -> Option<(usize, usize)> {
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
pub(super) fn find_hazard(text: &str) -> Option<(usize, usize, String)> {
    let mut content_seen = false;
    for (i, line) in text.lines().enumerate() {
        let (l, at) = (i + 1, |col: usize| col + 1);
        // `lines` takes "\r\n" whole: a carriage return left in a line is a
        // lone one, which YAML reads as a line end that no editor shows as
        // one (it could hide a key in a comment).
        if let Some(col) = line.chars().position(|c| c == '\r') {
            return Some((
                l,
                at(col),
                "a carriage return without a newline after it (an old Mac line end?): YAML ends the line \
                 there; end lines with a newline"
                    .to_string(),
            ));
        }
        // The one byte-order mark an editor may write is dropped before
        // this; another is invisible text that YAML takes into a key (two
        // at the start made `id:` a key no case has).
        if let Some(col) = line.chars().position(|c| c == '\u{feff}') {
            return Some((
                l,
                at(col),
                "a byte-order mark (U+FEFF, invisible) where only the start of the file may have one: the file \
                 was saved with two? Remove it"
                    .to_string(),
            ));
        }
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
pub(super) fn find_deep_nesting(text: &str) -> Option<(usize, usize, String)> {
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

/// A line that starts (after its indentation) with `-` and then a letter:
/// a list item missing its space, which YAML would read as a key named
/// `-seat`. Its line, column and the item as written.
pub(super) fn find_dash_without_space(text: &str) -> Option<(usize, usize, String)> {
    text.lines().enumerate().find_map(|(i, l)| {
        let t = l.trim_start();
        let rest = t.strip_prefix('-')?;
        rest.starts_with(|c: char| c.is_ascii_alphabetic()).then(|| (i + 1, l.len() - t.len() + 1, rest.to_string()))
    })
}
