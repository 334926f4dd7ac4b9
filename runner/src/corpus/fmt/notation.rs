//! An `events` list's calls in canonical notation (`P`, `X`, `1NT`, letters
//! for suits), in block or flow style, comments where they were.

use rulings_engine::request::Action;

use super::line::{indentation, split_comment_at, with_comment};

/// An event's action, as written in a case (quotes and all), canonical:
/// None when it is not an action or already canonical.
pub(super) fn canonical_action(value: &str) -> Option<String> {
    let v = value.trim();
    let bare = v
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .or_else(|| v.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')));
    let action: Action = bare.unwrap_or(v).replace('\u{fe0f}', "").parse().ok()?;
    let canonical = action.to_string();
    (canonical != v).then_some(canonical)
}

/// The events block (reindented: items at two spaces) with every event's
/// action in canonical notation, comments where they were.
pub(super) fn canonical_events(lines: &[String]) -> Vec<String> {
    let seat_value = |text: &str| -> Option<(usize, usize)> {
        // `N: 1S` (the value's byte range within `text`)
        let (key, _) = text.split_once(':')?;
        if !matches!(key.trim(), "N" | "E" | "S" | "W") || key != key.trim_start() {
            return None;
        }
        let start = key.len() + 1;
        Some((start, text.len()))
    };
    let mut out = Vec::with_capacity(lines.len());
    for (n, line) in lines.iter().enumerate() {
        let (code, comment) = split_comment_at(line);
        let (column, comment) = comment.map_or((0, None), |(at, c)| (at, Some(c)));
        let indent = indentation(code);
        let rewritten = if n == 0 {
            // `events: [{N: 1S}, ...]`: the list in brackets.
            code.split_once(':').and_then(|(k, v)| flow_events(v, 2).map(|v| format!("{k}:{v}")))
        } else if let Some(item) = code.strip_prefix("  - ") {
            if item.trim_start().starts_with('{') {
                flow_events(item, 1).map(|v| format!("  - {v}"))
            } else {
                seat_value(item)
                    .and_then(|(s, e)| canonical_action(&item[s..e]).map(|c| format!("  - {}: {c}", &item[..s - 1])))
            }
        } else if indent == 4 {
            let item = &code[4..];
            seat_value(item)
                .and_then(|(s, e)| canonical_action(&item[s..e]).map(|c| format!("    {}: {c}", &item[..s - 1])))
        } else {
            None
        };
        match rewritten {
            Some(code) => out.push(with_comment(&code, comment, column)),
            None => out.push(line.clone()),
        }
    }
    out
}

/// A flow collection (`{N: 1S, unintended: true}`, or a list of them) with
/// the seat keys' actions at `depth` made canonical; None when nothing
/// changes.
pub(super) fn flow_events(text: &str, depth: usize) -> Option<String> {
    let mut out = String::new();
    let mut changed = false;
    let chars: Vec<char> = text.chars().collect();
    let mut level = 0;
    let mut quote: Option<char> = None;
    let mut i = 0;
    let mut key_start: Option<usize> = None;
    while i < chars.len() {
        let ch = chars[i];
        if let Some(q) = quote {
            out.push(ch);
            if ch == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        match ch {
            '{' | '[' => {
                level += 1;
                key_start = (level == depth && ch == '{').then_some(out.len() + 1);
            }
            '}' | ']' => level -= 1,
            ',' if level == depth => key_start = Some(out.len() + 1),
            '"' | '\'' => quote = Some(ch),
            ':' if level == depth && key_start.is_some() => {
                let key = out[key_start.unwrap_or(0)..].trim().to_string();
                key_start = None;
                if matches!(key.as_str(), "N" | "E" | "S" | "W") {
                    // The value runs to the next `,` or closing bracket at this depth.
                    let mut j = i + 1;
                    let mut inner = 0;
                    let mut q: Option<char> = None;
                    while j < chars.len() {
                        let c = chars[j];
                        match q {
                            Some(qq) if c == qq => q = None,
                            Some(_) => {}
                            None => match c {
                                '"' | '\'' => q = Some(c),
                                '{' | '[' => inner += 1,
                                '}' | ']' if inner == 0 => break,
                                '}' | ']' => inner -= 1,
                                ',' if inner == 0 => break,
                                _ => {}
                            },
                        }
                        j += 1;
                    }
                    let value: String = chars[i + 1..j].iter().collect();
                    out.push(':');
                    match canonical_action(&value) {
                        Some(c) => {
                            changed = true;
                            out.push(' ');
                            out.push_str(&c);
                        }
                        None => out.push_str(&value),
                    }
                    i = j;
                    continue;
                }
            }
            _ => {}
        }
        out.push(ch);
        i += 1;
    }
    changed.then_some(out)
}
