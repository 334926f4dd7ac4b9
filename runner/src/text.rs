//! Text for an 80-column terminal.

/// The width the runner's own output keeps to.
pub const WIDTH: usize = 80;

/// `text` wrapped at spaces to lines of at most `width` characters (a word
/// longer than that, a URL say, gets a line of its own), the first line
/// starting with `first`, the others with `rest`. Every line ends in a
/// newline.
pub fn wrap(text: &str, width: usize, first: &str, rest: &str) -> String {
    let mut out = String::new();
    let mut line = first.to_string();
    let mut empty = true;
    for word in text.split_whitespace() {
        let len = line.chars().count();
        if !empty && len + 1 + word.chars().count() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = rest.to_string();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

/// Each line of `text` [`wrap`]ped on its own (a program's stderr keeps its
/// lines), every line starting with `first`, the continuations with `rest`.
pub fn wrap_lines(text: &str, width: usize, first: &str, rest: &str) -> String {
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| wrap(l, width, first, rest)).collect()
}

/// `text` safe to print to a terminal or write into a report: every
/// control character but the newline and the tab (ESC, BEL, a carriage
/// return, ...) written as its escape (`\u{1b}`), so that a program's text
/// cannot move the cursor, ring the bell or hide what came before it on the
/// line (a program's text must not move the cursor or clear the screen).
pub fn printable(text: &str) -> String {
    if !text.chars().any(is_hazard) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_hazard(c) {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    out
}

/// The first character of `text` that [`printable`] would escape, if any:
/// what a text field of a case may not hold.
pub fn first_hazard(text: &str) -> Option<char> {
    text.chars().find(|c| is_hazard(*c))
}

/// A character [`printable`] escapes: a control character (C0, DEL, C1)
/// other than the newline and the tab, or a line or paragraph separator.
fn is_hazard(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || c == '\u{2028}' || c == '\u{2029}'
}

/// At most `max` characters of `text`, made [`printable`], saying how much
/// was left out: what the runner keeps of a program's text, in memory and
/// in reports (a program's long answer must not make them huge).
pub fn excerpt(text: &str, max: usize) -> String {
    let mut chars = text.char_indices();
    match chars.nth(max) {
        None => printable(text),
        Some((cut, _)) => {
            let left = text[cut..].chars().count();
            format!("{}… ({left} more characters)", printable(&text[..cut]))
        }
    }
}

/// At most `max` characters of `text` on one line: [`excerpt`] with the
/// newlines and tabs escaped too, for a name or a value shown inside a
/// line (a hello's name, a version).
pub fn one_line(text: &str, max: usize) -> String {
    excerpt(text, max).replace('\n', "\\n").replace('\t', "\\t")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_written_as_escapes() {
        assert_eq!(printable("a\u{1b}[2Jb\u{7}c\rd\ne\tf"), "a\\u{1b}[2Jb\\u{7}c\\u{d}d\ne\tf");
        assert_eq!(printable("plain ♠ text"), "plain ♠ text");
        assert_eq!(one_line("two\nlines", 80), "two\\nlines");
    }

    #[test]
    fn excerpts_are_short_and_say_what_was_left_out() {
        assert_eq!(excerpt("abc", 5), "abc");
        assert_eq!(excerpt("abc", 3), "abc");
        assert_eq!(excerpt("abcdefgh", 3), "abc… (5 more characters)");
        assert_eq!(excerpt("♠♥♦♣x", 2), "♠♥… (3 more characters)");
    }

    #[test]
    fn lines_fit_and_words_stay_whole() {
        let w = wrap("one two three four five six seven", 12, "  ", "    ");
        assert_eq!(w, "  one two\n    three\n    four\n    five six\n    seven\n");
        assert!(w.lines().all(|l| l.chars().count() <= 12));
        let long = wrap("see https://example.org/a/very/long/address/indeed now", 20, "", "  ");
        assert_eq!(long, "see\n  https://example.org/a/very/long/address/indeed\n  now\n");
        assert_eq!(wrap_lines("one two\n\nthree four", 9, "  ", "    "), "  one two\n  three\n    four\n");
    }
}
