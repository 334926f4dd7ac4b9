//! Text from outside (an issue form, a program's hello) written into a case
//! file so that it cannot end the line it is on: YAML ends a
//! line at a carriage return, a next-line (U+0085) and the line and
//! paragraph separators (U+2028, U+2029) as well as at a newline, so text
//! holding one, written raw into a comment or a value, could start a live
//! key (`vulnerable: both`). Every tool that writes a case file
//! (`import-issue`, `fuzz`, `new`) writes such text through these.

/// Does YAML read `c` as the end of a line?
pub fn is_line_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// `text` as a YAML double-quoted scalar, on one line whatever it holds:
/// quotes and backslashes escaped, every control character and line break
/// written as its escape (`\r`, `\x1b`, `\N`, `\L`, `\P`).
pub fn scalar(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{85}' => out.push_str("\\N"),
            '\u{2028}' => out.push_str("\\L"),
            '\u{2029}' => out.push_str("\\P"),
            '\u{feff}' => out.push_str("\\uFEFF"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `text` as comment lines, each `# ` then `indent` then one of its lines:
/// split at every line break YAML knows, other control characters shown
/// as escapes ([`crate::text::printable`]), so that no part of the text
/// can leave the comment. Each returned line ends without a newline.
pub fn comment_lines(text: &str, indent: &str) -> Vec<String> {
    let text = text.replace("\r\n", "\n");
    text.split(is_line_break)
        .map(|line| {
            let line = crate::text::printable(line);
            format!("# {indent}{line}").trim_end().to_string()
        })
        .collect()
}

/// `text` as one comment's words, on one line (line breaks become spaces,
/// control characters escapes): for a name or a title after `# `.
pub fn comment_words(text: &str) -> String {
    let joined: String = text.chars().map(|c| if is_line_break(c) { ' ' } else { c }).collect();
    crate::text::printable(&joined).replace('\t', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Read `yaml` and give its top-level keys.
    fn keys(yaml: &str) -> Vec<String> {
        let v: serde_yaml::Value = crate::corpus::yaml_guard::from_str_without_aliases(yaml).expect("YAML");
        v.as_mapping().map(|m| m.keys().filter_map(|k| k.as_str().map(str::to_string)).collect()).unwrap_or_default()
    }

    const HOSTILE: &str = "one\rvulnerable: both\nand\u{85}dealer: S\u{2028}x: 1\u{2029}y: 2\u{1b}[2J\"\\ end";

    #[test]
    fn a_scalar_stays_one_value() {
        let yaml = format!("title: {}\n", scalar(HOSTILE));
        assert_eq!(yaml.lines().count(), 1);
        assert_eq!(keys(&yaml), ["title"]);
        let v: serde_yaml::Value = crate::corpus::yaml_guard::from_str_without_aliases(&yaml).expect("YAML");
        assert_eq!(v["title"].as_str(), Some(HOSTILE), "read back as written");
    }

    #[test]
    fn comments_stay_comments() {
        let mut yaml: String = comment_lines(HOSTILE, "  ").iter().map(|l| format!("{l}\n")).collect();
        yaml.push_str(&format!("# {}\n", comment_words(HOSTILE)));
        yaml.push_str("id: X\n");
        assert_eq!(keys(&yaml), ["id"], "{yaml}");
        assert!(yaml.contains("#   one\n#   vulnerable: both\n"), "{yaml}");
        assert!(!yaml.contains('\u{1b}'), "{yaml}");
    }
}
