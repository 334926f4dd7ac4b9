//! Indentation made two spaces a level, whatever the file used.

use super::line::{indentation, opens_block_scalar, split_comment};

/// A block's lines (its key's line first) indented two spaces a level,
/// whatever the file used: each deeper indentation is one level more than
/// the one it is under, and a list written at its key's indentation moves
/// in under it. Block scalars move as a whole; spaces at line ends go
/// (except inside block scalars, where they are content), and blank lines
/// running are made one.
pub(super) fn reindent(lines: &[String]) -> Vec<String> {
    struct Level {
        old: usize,
        new: usize,
        /// A list written at its key's indentation.
        compact: bool,
    }
    let mut stack = vec![Level { old: 0, new: 0, compact: false }];
    let mut out: Vec<String> = Vec::new();
    // (indentation of the line that opened it, its content's new indentation, its first content line's old one)
    let mut scalar: Option<(usize, usize, Option<usize>)> = None;
    let mut opens_map: Option<usize> = None;
    let mut comments: Vec<(usize, String)> = Vec::new();
    let place = |stack: &[Level], old: usize| stack.iter().rev().find(|l| l.old == old).map_or(old, |l| l.new);
    for (n, line) in lines.iter().enumerate() {
        let indent = indentation(line);
        let body = &line[indent..];
        if let Some((owner, base, first)) = scalar {
            if body.trim().is_empty() {
                out.push(String::new());
                continue;
            }
            if indent > owner {
                let first = first.unwrap_or(indent);
                scalar = Some((owner, base, Some(first)));
                out.push(format!("{}{body}", " ".repeat(base + indent.saturating_sub(first))));
                continue;
            }
            scalar = None;
        }
        if body.trim().is_empty() {
            if out.last().is_some_and(|l| !l.is_empty()) {
                out.push(String::new());
            }
            continue;
        }
        if n > 0 && body.starts_with('#') {
            comments.push((indent, body.trim_end().to_string()));
            continue;
        }
        let item = body == "-" || body.starts_with("- ");
        let new = if n == 0 {
            0
        } else {
            while stack.len() > 1 && stack.last().is_some_and(|l| l.old > indent) {
                stack.pop();
            }
            let (top_old, top_new, top_compact) = stack.last().map_or((0, 0, false), |l| (l.old, l.new, l.compact));
            if top_old == indent {
                if item && opens_map == Some(indent) {
                    stack.push(Level { old: indent, new: top_new + 2, compact: true });
                    top_new + 2
                } else if top_compact && !item && stack.len() > 1 {
                    stack.pop();
                    stack.last().map_or(0, |l| l.new)
                } else {
                    top_new
                }
            } else {
                stack.push(Level { old: indent, new: top_new + 2, compact: false });
                top_new + 2
            }
        };
        for (old, text) in comments.drain(..) {
            let at = if old == indent { new } else { place(&stack, old) };
            out.push(format!("{}{text}", " ".repeat(at)));
        }
        out.push(format!("{}{}", " ".repeat(new), body.trim_end()));
        let (code, _) = split_comment(body);
        opens_map = (code.ends_with(':') && !item).then_some(indent);
        if opens_block_scalar(code) {
            scalar = Some((indent, new + 2, None));
        }
    }
    for (old, text) in comments {
        out.push(format!("{}{text}", " ".repeat(place(&stack, old))));
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out
}
