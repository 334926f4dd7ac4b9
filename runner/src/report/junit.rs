//! JUnit XML of a report, for CI systems: one `testsuite` per law folder,
//! one `testcase` per run of a case. failed and unexpected-pass are
//! `failure`s; error, crash, time-out and protocol-violation are `error`s;
//! not-applicable and skipped are `skipped`; an expected failure passes
//! with its reason in `system-out`. Refusal checks are suites of their own
//! (`law27 (refusal checks)`). No times, so the file is deterministic.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::jsonl::{CaseLine, Report, Totals};
use crate::judging::outcome::OutcomeKind;

/// Text made safe for XML: escaped, and without the characters XML 1.0
/// cannot hold.
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            '\t' | '\n' | '\r' => s.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => s.push('\u{FFFD}'),
            c => s.push(c),
        }
    }
    s
}

fn counts(lines: &[&CaseLine]) -> String {
    let t = Totals::of(lines.iter().copied());
    format!(
        r#"tests="{}" failures="{}" errors="{}" skipped="{}""#,
        t.runs(),
        t.failed + t.unexpected_pass,
        t.faults(),
        t.not_applicable + t.skipped
    )
}

/// The test suite of a run: its law folder, or for a refusal check
/// (docs/protocol.md, "Programs that refuse irregular calls") the folder
/// followed by `(refusal checks)`, a suite apart: a refusal is no ruling.
fn suite(l: &CaseLine) -> String {
    if l.refusal {
        format!("{} (refusal checks)", l.folder())
    } else {
        l.folder().to_string()
    }
}

pub fn render(report: &Report) -> String {
    let mut folders: BTreeMap<String, Vec<&CaseLine>> = BTreeMap::new();
    for l in &report.cases {
        folders.entry(suite(l)).or_default().push(l);
    }
    let all: Vec<&CaseLine> = report.cases.iter().collect();
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(s, r#"<testsuites name="rulings" {}>"#, counts(&all));
    if !report.footer.load_errors.is_empty() {
        let _ = writeln!(
            s,
            r#"  <testsuite name="load" tests="{0}" failures="0" errors="{0}" skipped="0">"#,
            report.footer.load_errors.len()
        );
        for e in &report.footer.load_errors {
            let _ = writeln!(
                s,
                "    <testcase classname=\"load\" name=\"{}\">\n      <error message=\"the case file did not load\">{}</error>\n    </testcase>",
                escape(e.split(": ").next().unwrap_or(e)),
                escape(e)
            );
        }
        let _ = writeln!(s, "  </testsuite>");
    }
    for (folder, lines) in &folders {
        let _ = writeln!(s, r#"  <testsuite name="{}" {}>"#, escape(folder), counts(lines));
        for l in lines {
            let _ = write!(
                s,
                r#"    <testcase classname="{}" name="{} [{}]""#,
                escape(folder),
                escape(&l.run_name()),
                escape(&l.id)
            );
            let detail = escape(l.detail.as_deref().unwrap_or(""));
            let body = match l.outcome {
                OutcomeKind::Passed => None,
                OutcomeKind::Failed => {
                    let what = if l.right_ruling_wrong_clause() { "right ruling, wrong clause" } else { "failed" };
                    Some(format!(r#"<failure message="{what}">{detail}</failure>"#))
                }
                OutcomeKind::UnexpectedPass => {
                    Some(format!(r#"<failure message="unexpected pass">{detail}</failure>"#))
                }
                OutcomeKind::NotApplicable | OutcomeKind::Skipped => Some(format!(
                    r#"<skipped message="{}: {}"/>"#,
                    l.outcome,
                    escape(&l.detail.as_deref().unwrap_or("").replace('\n', " "))
                )),
                OutcomeKind::ExpectedFailure => Some(format!(
                    "<system-out>expected failure ({}): {}\n{detail}</system-out>",
                    l.was.unwrap_or(OutcomeKind::Failed),
                    escape(l.reason.as_deref().unwrap_or(""))
                )),
                OutcomeKind::Error
                | OutcomeKind::Crash
                | OutcomeKind::TimeOut
                | OutcomeKind::ProtocolViolation
                | OutcomeKind::NotRun => Some(format!(r#"<error message="{}">{detail}</error>"#, l.outcome)),
            };
            match body {
                None => s.push_str("/>\n"),
                Some(b) => {
                    let _ = write!(s, ">\n      {b}\n    </testcase>\n");
                }
            }
        }
        let _ = writeln!(s, "  </testsuite>");
    }
    s.push_str("</testsuites>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refusal check is in a suite of its own, beside its folder's rulings.
    #[test]
    fn refusal_checks_are_a_suite_apart() {
        let mut report = crate::report::jsonl::sample("x");
        report.cases[1].refusal = true;
        let xml = render(&report);
        assert!(xml.contains(r#"<testsuite name="law27" tests="1""#), "{xml}");
        assert!(xml.contains(r#"<testsuite name="law27 (refusal checks)" tests="1""#), "{xml}");
        assert!(xml.contains(r#"<testcase classname="law27 (refusal checks)" name="law27/l27-bbbb.yaml"#), "{xml}");
    }

    #[test]
    fn escaping() {
        assert_eq!(escape("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot;\u{FFFD}");
    }
}
