//! The text of the progress line a terminal shows while a run goes (the
//! command line draws it; see `cli/progress.rs`): runs answered of the
//! total, the faults so far, the program's name and the time taken, in
//! at most 79 columns.

use crate::implementation::Answer;

/// A program's name fit for the progress line: printable and short.
pub fn label(name: &str) -> String {
    name.chars().filter(|c| !c.is_control()).take(30).collect()
}

/// Is this answer a fault for the progress line (an error, a crash, a
/// time-out, a protocol violation)? A wrong ruling is only known once
/// judged.
pub fn is_fault(answer: &Answer) -> bool {
    !matches!(answer, Answer::Ruling(_) | Answer::Skipped { .. } | Answer::Refused { .. })
}

/// The line: `done` of `total` runs, `faults` so far, `name`, `seconds`.
pub fn line(done: usize, total: usize, faults: usize, name: &str, seconds: f64) -> String {
    let faults = match faults {
        0 => String::new(),
        1 => ", 1 fault".to_string(),
        n => format!(", {n} faults"),
    };
    let text = format!("{done}/{total} runs{faults} · {name} · {seconds:.1} s");
    text.chars().take(79).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_counts_faults_and_fits_80_columns() {
        let name = label("a-very-long-program-name-that-goes-on-and-on-and-on\u{1b}");
        let answers = [Answer::Error("x".into()), Answer::Skipped { reason: "x".into(), issue: None }];
        let faults = answers.iter().filter(|a| is_fault(a)).count();
        let text = line(2, 10, faults, &name, 1.25);
        assert!(text.starts_with("2/10 runs, 1 fault · a-very-long-program-name-that- · "), "{text}");
        assert!(text.chars().count() <= 79);
        // A refusal is an answer of a program declaring `refusal`, not a fault.
        assert!(!is_fault(&Answer::Refused { event: 1, reason: "insufficient".into() }));
        let long = line(123_456, 999_999, 2, &"x".repeat(200), 1e9);
        assert_eq!(long.chars().count(), 79, "{long}");
    }
}
