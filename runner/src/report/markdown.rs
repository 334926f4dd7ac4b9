//! The Markdown summary of a report: totals, a table per law folder and
//! per clause, then the failures with their diffs folded.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::jsonl::{CaseLine, Report, Totals};
use crate::judging::outcome::OutcomeKind;

/// The columns of the per-folder and per-clause tables.
const COLUMNS: &str = "| runs | passed | failed | right ruling, wrong clause | expected failure | unexpected pass | not applicable | skipped | errors |";

fn row(label: &str, lines: &[&CaseLine]) -> String {
    let t = Totals::of(lines.iter().copied());
    let wrong_clause = lines.iter().filter(|l| l.right_ruling_wrong_clause()).count();
    format!(
        "| {label} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
        t.runs(),
        t.passed,
        t.failed,
        wrong_clause,
        t.expected_failure,
        t.unexpected_pass,
        t.not_applicable,
        t.skipped,
        t.faults()
    )
}

fn table_head(first: &str) -> String {
    let cols = COLUMNS.matches('|').count() - 1;
    format!("| {first} {COLUMNS}\n|---{}|\n", "|---:".repeat(cols))
}

/// Clause ids in law order: by law number, then the rest of the id.
fn clause_key(id: &str) -> (u32, String) {
    let digits: String = id.chars().take_while(|c| c.is_ascii_digit()).collect();
    (digits.parse().unwrap_or(u32::MAX), id.to_string())
}

/// Text inside a Markdown line or table cell, as plain text: whatever a
/// program or a case sends cannot open a link, an image, emphasis, a code
/// span or HTML, nor end the line or the cell.
pub(super) fn cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '~' | '|' => {
                out.push('\\');
                out.push(c);
            }
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\n' | '\r' | '\t' => out.push(' '),
            c if c.is_control() => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// Text as an inline code span that the text cannot close (a run of
/// backticks longer than any inside it), on one line.
fn code(text: &str) -> String {
    let text: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let mut ticks = "`".to_string();
    while text.contains(&ticks) {
        ticks.push('`');
    }
    let pad = if text.starts_with('`') || text.ends_with('`') { " " } else { "" };
    format!("{ticks}{pad}{text}{pad}{ticks}")
}

/// Text inside an HTML element (a line that starts with HTML is not read
/// as Markdown, so only HTML's own escapes apply), on one line.
fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A fenced block that the text cannot close.
fn fenced(lang: &str, text: &str) -> String {
    let mut fence = "```".to_string();
    while text.contains(&fence) {
        fence.push('`');
    }
    format!("{fence}{lang}\n{}\n{fence}\n", text.trim_end())
}

/// Clause coverage, counted as `rulings run`
/// prints it ([`crate::corpus::coverage`]): for each 2017 clause of Laws 16C,
/// 23-39 and 72C, the cases of this report that hold for 2017 and cite it
/// or one of its sub-clauses.
fn coverage(report: &Report) -> String {
    let mut laws: BTreeMap<&str, &[String]> = BTreeMap::new();
    // Rulings answered only: a case not applicable, never asked, declined or
    // asked as a refusal check exercises nothing.
    let answered =
        |o: OutcomeKind| !matches!(o, OutcomeKind::NotApplicable | OutcomeKind::NotRun | OutcomeKind::Skipped);
    for l in report.cases.iter().filter(|l| l.edition == "2017" && answered(l.outcome) && !l.refusal) {
        laws.insert(l.id.as_str(), l.laws.as_slice());
    }
    let clauses = crate::corpus::coverage::counts_of(laws.into_values());
    let exercised = clauses.iter().filter(|(_, n)| *n > 0).count();
    let mut s = format!(
        "## Clause coverage\n\n{exercised} of {} clauses of Laws 16C, 23-39 and 72C (2017) are cited by a case of \
         this run, or a sub-clause of them is. Cases citing each:\n\n",
        clauses.len()
    );
    let mut by_law: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for (id, n) in clauses {
        let item = match crate::corpus::coverage::NOT_EXPRESSIBLE.iter().find(|(c, _)| *c == id) {
            Some(_) if n == 0 => format!("{id} n/e"),
            _ => format!("{id} {n}"),
        };
        by_law.entry(clause_key(id).0).or_default().push(item);
    }
    for (law, items) in by_law {
        let _ = writeln!(s, "- Law {law}: {}", items.join(" · "));
    }
    for (id, why) in crate::corpus::coverage::NOT_EXPRESSIBLE {
        let _ = writeln!(s, "\nn/e: {id} cannot be told as a case: {why}.");
    }
    s.push('\n');
    s
}

/// The runs of one outcome, by the reason given: each reason once, then
/// its cases, with how many runs of each. For the runs a program declined
/// (`skipped`) and those it was never asked (`not-run`: one reason for
/// hundreds of runs, said once rather than as hundreds of failures).
fn by_reason(report: &Report, outcome: OutcomeKind, heading: &str, intro: &str) -> String {
    let lines: Vec<&CaseLine> = report.cases.iter().filter(|l| l.outcome == outcome).collect();
    if lines.is_empty() {
        return String::new();
    }
    // Reason -> case (name, id) -> runs; in the order of the report.
    let mut by_reason: Vec<(&str, Vec<(&CaseLine, usize)>)> = Vec::new();
    for l in &lines {
        let reason = l.detail.as_deref().unwrap_or("(no reason given)");
        let k = match by_reason.iter().position(|(r, _)| *r == reason) {
            Some(k) => k,
            None => {
                by_reason.push((reason, Vec::new()));
                by_reason.len() - 1
            }
        };
        let cases = &mut by_reason[k].1;
        match cases.iter_mut().find(|(c, _)| c.name == l.name) {
            Some((_, n)) => *n += 1,
            None => cases.push((l, 1)),
        }
    }
    let mut s = format!("## {heading} ({})\n\n{intro}\n\n", lines.len());
    for (reason, cases) in by_reason {
        let runs: usize = cases.iter().map(|(_, n)| n).sum();
        let _ = writeln!(s, "- {} ({runs} run(s) of {} case(s)):", cell(reason), cases.len());
        for (l, n) in cases {
            let _ = writeln!(s, "  - {} ({}): {n} run(s)", code(&l.name), cell(&l.id));
        }
    }
    s.push('\n');
    s
}

pub fn render(report: &Report) -> String {
    let h = &report.header;
    let f = &report.footer;
    let mut s = String::new();
    let who = match &h.implementation {
        Some(hello) => format!("{} {}", hello.name, hello.version),
        None => "an implementation that did not complete the hello".to_string(),
    };
    let _ = writeln!(s, "# Conformance report: {}\n", cell(&who));
    let _ = writeln!(
        s,
        "**Result: {}.** {} runs of {} cases; {} passed.\n",
        f.result, f.runs, h.corpus.cases, f.totals.passed
    );
    if let Some(why) = &f.nothing_tested {
        let _ = writeln!(s, "**Nothing was tested**: {}.\n", cell(why));
    }
    if f.interrupted {
        let _ = writeln!(s, "**Interrupted** (Ctrl-C): this report covers only the runs done before the stop.\n");
    }
    let _ = writeln!(s, "- Suite: {}, protocol {}, report format {}", cell(&h.suite), h.protocol, h.report);
    let dirs: Vec<String> = h.corpus.dirs.iter().map(|d| cell(d)).collect();
    let _ = writeln!(s, "- Corpus: {} ({} cases in {})", code(&h.corpus.hash), h.corpus.cases, dirs.join(", "));
    match &h.options.implementation {
        Some(cmd) => {
            let _ = writeln!(
                s,
                "- Program: {}{}{}, time limit {} s per case, at most {} restarts",
                code(&cmd.join(" ")),
                if h.options.shell { " (through a shell)" } else { "" },
                match (h.options.per_case, h.options.jobs) {
                    (true, Some(n)) => format!(", one process per case, {n} at a time"),
                    (true, None) => ", one process per case".to_string(),
                    (false, Some(n)) => format!(", {n} processes side by side"),
                    (false, None) => ", one process for the run".to_string(),
                },
                h.options.timeout_s.unwrap_or_default(),
                h.options.max_restarts.unwrap_or_default()
            );
        }
        None => {
            let _ = writeln!(s, "- Program: the reference engine, in process");
        }
    }
    if let Some(hello) = &h.implementation {
        let editions: Vec<String> = hello.editions.iter().map(|e| e.to_string()).collect();
        let features: Vec<String> = hello.features.iter().map(|f| cell(f)).collect();
        let _ = writeln!(s, "- Declared: editions [{}], features [{}]", editions.join(", "), features.join(", "));
    }
    if let Some(e) = &h.hello_error {
        let _ = writeln!(s, "- The hello failed: {}", cell(e));
    }
    let _ = writeln!(
        s,
        "- Runs: {}{}{}",
        match &h.options.edition {
            Some(e) => format!("the {} edition only", cell(e)),
            None => "every edition of each case".to_string(),
        },
        if h.options.rotations { ", four seat rotations each" } else { ", as written (no rotations)" },
        match &h.options.known_failures {
            Some(k) => format!(", known failures from {}", code(k)),
            None => String::new(),
        }
    );
    let _ = writeln!(s, "- Started: {}\n", cell(&h.started));

    let _ = writeln!(s, "## Totals\n\n| outcome | runs |\n|---|---:|");
    for o in OutcomeKind::ALL {
        if o == OutcomeKind::NotRun && f.totals.not_run == 0 {
            // Shown only when the runner gave up on a program: a run that
            // asked every case reads as it did before this outcome existed.
            continue;
        }
        let _ = writeln!(s, "| {o} | {} |", f.totals.get(o));
    }
    let _ = writeln!(
        s,
        "\nRight ruling, wrong clause: {} (runs failed, expected or not, whose obligations and restrictions match \
         the case while a clause cited does not). Errors: error, crash, time-out and protocol violation together.\n",
        f.right_ruling_wrong_clause
    );
    if !f.load_errors.is_empty() {
        let _ = writeln!(s, "## Case files with errors (that did not load, or ran but fail the run)\n");
        for e in &f.load_errors {
            let _ = writeln!(s, "- {}", cell(e));
        }
        s.push('\n');
    }

    let mut folders: BTreeMap<&str, Vec<&CaseLine>> = BTreeMap::new();
    let mut editions: BTreeMap<&str, Vec<&CaseLine>> = BTreeMap::new();
    let mut clauses: BTreeMap<(u32, String), Vec<&CaseLine>> = BTreeMap::new();
    for l in &report.cases {
        folders.entry(l.folder()).or_default().push(l);
        editions.entry(l.edition.as_str()).or_default().push(l);
        for law in &l.laws {
            clauses.entry(clause_key(law)).or_default().push(l);
        }
    }
    let _ = writeln!(s, "## By law folder\n");
    s.push_str(&table_head("folder"));
    for (folder, lines) in &folders {
        let _ = writeln!(s, "{}", row(&cell(folder), lines));
    }
    let all: Vec<&CaseLine> = report.cases.iter().collect();
    let _ = writeln!(s, "{}\n", row("**total**", &all));

    let _ = writeln!(s, "## By edition of the Laws\n");
    s.push_str(&table_head("edition"));
    for (edition, lines) in &editions {
        let _ = writeln!(s, "{}", row(&cell(edition), lines));
    }
    s.push('\n');

    let _ = writeln!(s, "## By clause\n\nA case counts under each clause it is about (its `laws`).\n");
    s.push_str(&table_head("clause"));
    for ((_, clause), lines) in &clauses {
        let _ = writeln!(s, "{}", row(&cell(clause), lines));
    }
    s.push('\n');

    s.push_str(&coverage(report));

    // Runs never asked are listed under "Not asked", their reason once.
    let failing: Vec<&CaseLine> =
        report.cases.iter().filter(|l| l.is_failure() && l.outcome != OutcomeKind::NotRun).collect();
    let _ = writeln!(s, "## Failures ({})\n", failing.len());
    let not_run = f.totals.not_run;
    if failing.is_empty() && not_run > 0 {
        let _ = writeln!(s, "None among the runs asked; {not_run} run(s) were not asked (\"Not asked\", below).\n");
    } else if failing.is_empty() {
        let _ = writeln!(s, "None.\n");
    }
    for l in failing {
        let mut what = l.outcome.name().to_string();
        if l.right_ruling_wrong_clause() {
            what.push_str(": right ruling, wrong clause");
        }
        let _ = writeln!(
            s,
            "<details><summary><code>{}</code> ({}) {} — {}</summary>\n",
            html(&l.run_name()),
            html(&l.id),
            html(&what),
            html(&l.title)
        );
        if let Some(story) = &l.story {
            s.push_str(&fenced("text", story));
            s.push('\n');
        }
        if let Some(d) = &l.detail {
            let lang = if l.outcome == OutcomeKind::Failed { "diff" } else { "text" };
            s.push_str(&fenced(lang, d));
        }
        let _ = writeln!(s, "\n</details>\n");
    }

    s.push_str(&by_reason(
        report,
        OutcomeKind::NotRun,
        "Not asked",
        "Runs the program was never asked: it could not start, did not complete the hello, or its restarts \
         were spent. Each fails the run; the reason is said once.",
    ));
    s.push_str(&by_reason(
        report,
        OutcomeKind::Skipped,
        "Skipped",
        "Runs the program declined (a `skipped` answer), by the reason it gave. They are neither passed nor failed.",
    ));

    let expected: Vec<&CaseLine> = report.cases.iter().filter(|l| l.outcome == OutcomeKind::ExpectedFailure).collect();
    if !expected.is_empty() {
        let _ = writeln!(s, "## Expected failures ({})\n", expected.len());
        for l in expected {
            let _ = writeln!(
                s,
                "- {} ({}) {}: {}",
                code(&l.run_name()),
                cell(&l.id),
                cell(l.was.unwrap_or(OutcomeKind::Failed).name()),
                cell(l.reason.as_deref().unwrap_or(""))
            );
        }
        s.push('\n');
    }
    s.push_str(&reference_open(report));
    s
}

/// The reference engine's open cases among the runs, once a case: the cases
/// the reference engine does not yet rule as the case says, with why
/// (cases/reference-open.yml), and what this run made of them.
fn reference_open(report: &Report) -> String {
    let mut cases: Vec<(&str, &CaseLine, Vec<&CaseLine>)> = Vec::new();
    for l in report.cases.iter() {
        let Some(reason) = l.reference_open.as_deref() else { continue };
        match cases.iter_mut().find(|(_, first, _)| first.id == l.id) {
            Some((_, _, runs)) => runs.push(l),
            None => cases.push((reason, l, vec![l])),
        }
    }
    if cases.is_empty() {
        return String::new();
    }
    let mut s = format!(
        "## The reference engine's open cases ({})

Cases the reference engine does not yet rule as the Laws \
         do, listed with why in `cases/reference-open.yml`: the case is the authority, and the engine is to \
         be fixed. Against the reference engine their runs are expected failures.\n\n",
        cases.len()
    );
    let _ = writeln!(s, "| case | title | why the engine is wrong | runs here |\n|---|---|---|---|");
    for (reason, first, runs) in cases {
        let totals = super::jsonl::Totals::of(runs.iter().copied());
        let outcomes: Vec<String> = OutcomeKind::ALL
            .iter()
            .filter(|o| totals.get(**o) > 0)
            .map(|o| format!("{} {}", totals.get(*o), o.name()))
            .collect();
        let _ = writeln!(
            s,
            "| {} ({}) | {} | {} | {} |",
            code(&first.name),
            cell(&first.id),
            cell(&first.title),
            cell(reason),
            outcomes.join(", ")
        );
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a hostile program might send as its name, an error, a title.
    const HOSTILE: &str = "x</code></summary>\n# Owned\n<img src=x onerror=alert(1)> ![i](http://e/i.png) \
                           [l](javascript:x) ```\n## fenced out | a | b &amp; *em* `tick`";

    #[test]
    fn nothing_a_program_sends_becomes_markdown_or_html() {
        let mut report = crate::report::jsonl::sample(HOSTILE);
        // A skipped run too: its reason is listed.
        let mut skipped = report.cases[1].clone();
        (skipped.id, skipped.name, skipped.outcome) = ("L27-CCCC".into(), "law27/c.yaml".into(), OutcomeKind::Skipped);
        report.cases.push(skipped);
        let md = render(&report);
        assert!(md.contains("## Skipped (1)"), "{md}");
        // Outside code fences (inside one, text is shown as it is).
        let mut fence: Option<String> = None;
        for line in md.lines() {
            let ticks: String = line.chars().take_while(|&c| c == '`').collect();
            match &fence {
                Some(open) if line == open => fence = None,
                Some(_) => continue,
                None if ticks.len() >= 3 => {
                    fence = Some(ticks);
                    continue;
                }
                None => {}
            }
            assert!(
                !line.starts_with('#') || line.starts_with("# Conformance report: ") || line.starts_with("## "),
                "a heading not ours: {line}"
            );
            if line.starts_with("## ") {
                assert!(!line.contains("Owned") && !line.contains("fenced out"), "{line}");
            }
            // A line that starts with HTML is not read as Markdown; a code
            // span shows its text as it is.
            let text = if line.starts_with('<') { line.to_string() } else { outside_code_spans(line) };
            assert!(!text.contains("<img"), "HTML: {line}");
            if !line.starts_with('<') {
                assert!(!text.contains("![i]") && !text.contains("[l]("), "a link or image: {line}");
            }
        }
        for line in md.lines().filter(|l| l.starts_with("<details>")) {
            assert!(line.ends_with("</summary>") && line.matches("</summary>").count() == 1, "{line}");
            assert_eq!(line.matches("</code>").count(), 1, "{line}");
        }
        assert_eq!(md.matches("<details>").count(), md.matches("</details>").count());
        // The detail sits in a fence longer than any run of backticks in it.
        assert!(md.contains("````text\n"), "{md}");
        // Plain text stays readable.
        assert!(md.contains("&amp;amp;") && md.contains("\\*em\\*"), "{md}");
    }

    /// A line without its code spans (a run of backticks to the next run
    /// of the same length).
    fn outside_code_spans(line: &str) -> String {
        let mut out = String::new();
        let mut rest = line;
        while let Some(start) = rest.find('`') {
            out.push_str(&rest[..start]);
            let n = rest[start..].chars().take_while(|&c| c == '`').count();
            let after = &rest[start + n..];
            let ticks = "`".repeat(n);
            // The closing run: the same length, not part of a longer run.
            let close = (0..after.len()).find(|&i| {
                after[i..].starts_with(&ticks)
                    && !after[i + n..].starts_with('`')
                    && (i == 0 || !after[..i].ends_with('`'))
            });
            match close {
                Some(i) => rest = &after[i + n..],
                None => {
                    out.push_str(&rest[start..]);
                    return out;
                }
            }
        }
        out.push_str(rest);
        out
    }

    #[test]
    fn skipped_runs_are_listed_by_reason() {
        let mut report = crate::report::jsonl::sample("x");
        report.cases.clear();
        for (id, rotation, reason) in
            [("L27-AAAA", 0, "no Law 27 yet"), ("L27-AAAA", 1, "no Law 27 yet"), ("L27-BBBB", 0, "no 1997")]
        {
            let mut l = crate::report::jsonl::sample("x").cases[0].clone();
            (l.id, l.name, l.rotation, l.outcome) =
                (id.into(), format!("law27/{id}.yaml"), rotation, OutcomeKind::Skipped);
            l.detail = Some(reason.into());
            report.cases.push(l);
        }
        let md = render(&report);
        assert!(md.contains("## Skipped (3)"), "{md}");
        assert!(
            md.contains("- no Law 27 yet (2 run(s) of 1 case(s)):\n  - `law27/L27-AAAA.yaml` (L27-AAAA): 2 run(s)\n"),
            "{md}"
        );
        assert!(
            md.contains("- no 1997 (1 run(s) of 1 case(s)):\n  - `law27/L27-BBBB.yaml` (L27-BBBB): 1 run(s)\n"),
            "{md}"
        );
        let none = render(&crate::report::jsonl::sample("x"));
        assert!(!none.contains("## Skipped"), "{none}");
    }

    #[test]
    fn code_spans_cannot_be_closed_from_inside() {
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`x"), "`` `x ``");
        assert_eq!(code("plain"), "`plain`");
        assert_eq!(html("<a href=\"x\">&"), "&lt;a href=&quot;x&quot;&gt;&amp;");
    }
}
