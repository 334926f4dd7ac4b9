//! The diff shown when a ruling differs, in bounded time and size (a
//! program's answer may be long): a line diff is not linear in the worst case, so it is given
//! a deadline (past it, similar gives a coarser diff, still correct), long
//! texts are not diffed line by line at all, and what is kept is at most
//! [`MAX_DIFF_CHARS`] characters, saying how much was left out.

use std::time::{Duration, Instant};

use similar::TextDiff;

/// The longest a diff may take to work out.
pub const DIFF_DEADLINE: Duration = Duration::from_millis(200);

/// Texts longer than this many lines (the two together) are not diffed
/// line by line: their first lines are shown, each side in turn.
pub const MAX_DIFF_LINES: usize = 4000;

/// The most characters of a diff that are kept, in memory and in reports.
pub const MAX_DIFF_CHARS: usize = 8000;

/// The most entries of one list shown in a diff; the rest are counted.
pub const MAX_SHOWN_ITEMS: usize = 200;

/// `v` cut to what a diff shows: each list to its first
/// [`MAX_SHOWN_ITEMS`] entries and a last one counting the rest, so that
/// a ruling of forty thousand entries is not rendered whole to be shown.
pub fn shorten(v: &serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Array(a) if a.len() > MAX_SHOWN_ITEMS => {
            let mut out: Vec<Value> = a[..MAX_SHOWN_ITEMS].iter().map(shorten).collect();
            out.push(Value::String(format!("… and {} more entries, not shown", a.len() - MAX_SHOWN_ITEMS)));
            Value::Array(out)
        }
        Value::Array(a) => Value::Array(a.iter().map(shorten).collect()),
        Value::Object(m) => Value::Object(m.iter().map(|(k, v)| (k.clone(), shorten(v))).collect()),
        other => other.clone(),
    }
}

/// A unified diff of `left` (expected) against `right` (actual), bounded.
pub fn unified(left: &str, right: &str) -> String {
    let lines = left.lines().count() + right.lines().count();
    let text = if lines > MAX_DIFF_LINES {
        let side = |sign: char, text: &str| -> String {
            text.lines().take(MAX_DIFF_LINES / 8).map(|l| format!("{sign}{l}\n")).collect()
        };
        format!(
            "--- expected\n+++ actual\n(too long to diff line by line: {lines} lines; the first of each side)\n{}{}",
            side('-', left),
            side('+', right)
        )
    } else {
        TextDiff::configure()
            .deadline(Instant::now() + DIFF_DEADLINE)
            .diff_lines(left, right)
            .unified_diff()
            .context_radius(3)
            .header("expected", "actual")
            .to_string()
    };
    crate::text::excerpt(&text, MAX_DIFF_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_are_shown_in_part() {
        let mut long = vec![serde_json::json!("1S")];
        long.extend(std::iter::repeat_n(serde_json::json!("P"), 40_000));
        let short = shorten(&serde_json::json!({"auction": long}));
        let shown = short["auction"].as_array().expect("a list");
        assert_eq!(shown.len(), MAX_SHOWN_ITEMS + 1);
        assert_eq!(shown[MAX_SHOWN_ITEMS], "… and 39801 more entries, not shown");
    }

    #[test]
    fn a_short_diff_is_whole() {
        let d = unified("a\nb\nc\n", "a\nx\nc\n");
        assert!(d.contains("-b\n+x\n"), "{d}");
        assert!(!d.contains("more characters"), "{d}");
    }

    /// Forty thousand lines on each side, every one different: line by
    /// line this is quadratic; bounded, it is short and says so. (Bounded
    /// output is asserted, not time: the time is measured by a command.)
    #[test]
    fn a_long_diff_is_bounded_and_says_what_it_left_out() {
        let left: String = (0..40_000).map(|i| format!("- {i}\n")).collect();
        let right: String = (0..40_000).map(|i| format!("- x{i}\n")).collect();
        let d = unified(&left, &right);
        assert!(d.chars().count() < MAX_DIFF_CHARS + 100, "{}", d.len());
        assert!(d.contains("too long to diff line by line: 80000 lines"), "{d}");
        // Within the line limit, a diff longer than the excerpt is cut.
        let left: String = (0..1500).map(|i| format!("- {i}\n")).collect();
        let right: String = (0..1500).map(|i| format!("- x{i}\n")).collect();
        let d = unified(&left, &right);
        assert!(d.chars().count() < MAX_DIFF_CHARS + 100, "{}", d.len());
        assert!(d.contains("more characters)"), "{d}");
    }
}
