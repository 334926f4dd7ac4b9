//! One line of a case file: its code, its comment and where the comment
//! stands, its indentation, whether it opens a block scalar.

/// A line's code and its comment (the text after `#`, trimmed), quotes
/// respected: a `#` starts a comment at the margin or after a space.
pub(super) fn split_comment(line: &str) -> (&str, Option<&str>) {
    let (code, comment) = split_comment_at(line);
    (code, comment.map(|(_, c)| c))
}

/// [`split_comment`], with the column (in characters) of the comment's `#`.
pub(super) fn split_comment_at(line: &str) -> (&str, Option<(usize, &str)>) {
    let mut quote: Option<char> = None;
    let mut prev = ' ';
    let mut escaped = false;
    for (i, ch) in line.char_indices() {
        match quote {
            Some('"') if escaped => escaped = false,
            Some('"') if ch == '\\' => escaped = true,
            Some(q) if ch == q => quote = None,
            Some(_) => {}
            None => match ch {
                '\'' | '"' if matches!(prev, ' ' | '[' | '{' | ',' | ':' | '-') => quote = Some(ch),
                '#' if prev == ' ' || i == 0 => {
                    return (line[..i].trim_end(), Some((line[..i].chars().count(), line[i + 1..].trim())))
                }
                _ => {}
            },
        }
        prev = ch;
    }
    (line.trim_end(), None)
}

/// Whether a line's code ends with a block scalar's indicator (`|`, `>-`...).
pub(super) fn opens_block_scalar(code: &str) -> bool {
    let code = code.trim();
    let last = code.rsplit(' ').next().unwrap_or("");
    let indicator = last.starts_with(['|', '>']) && last[1..].chars().all(|c| matches!(c, '-' | '+' | '0'..='9'));
    indicator && (code == last || code.ends_with(&format!(": {last}")) || code.ends_with(&format!("- {last}")))
}

pub(super) fn indentation(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// `code` with a comment after it, at `column` when the code leaves room.
pub(super) fn with_comment(code: &str, comment: Option<&str>, column: usize) -> String {
    match comment {
        Some(c) => {
            let width = code.chars().count();
            let pad = if width + 1 < column { column - width } else { 2 };
            format!("{code}{}# {c}", " ".repeat(pad))
        }
        None => code.to_string(),
    }
}
