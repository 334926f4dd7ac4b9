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

#[cfg(test)]
mod tests {
    use super::*;

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
