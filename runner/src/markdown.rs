//! The Markdown summary of a report: totals, a table per law folder and
//! per clause, then the failures with their diffs folded.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::report::{CaseLine, Report, Totals};

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

/// Text inside a Markdown table cell or a summary line.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('<', "&lt;").replace('>', "&gt;").replace('\n', " ")
}

/// A fenced block that the text cannot close.
fn fenced(lang: &str, text: &str) -> String {
    let mut fence = "```".to_string();
    while text.contains(&fence) {
        fence.push('`');
    }
    format!("{fence}{lang}\n{}\n{fence}\n", text.trim_end())
}

/// Clause coverage (DESIGN.md, "The runner"), counted as `rulings run`
/// prints it ([`crate::coverage`]): for each 2017 clause of Laws 16C,
/// 23-39 and 72C, the cases of this report that hold for 2017 and cite it
/// or one of its sub-clauses.
fn coverage(report: &Report) -> String {
    let mut laws: BTreeMap<&str, &[String]> = BTreeMap::new();
    for l in report.cases.iter().filter(|l| l.edition == "2017") {
        laws.insert(l.id.as_str(), l.laws.as_slice());
    }
    let clauses = crate::coverage::counts_of(laws.into_values());
    let exercised = clauses.iter().filter(|(_, n)| *n > 0).count();
    let mut s = format!(
        "## Clause coverage\n\n{exercised} of {} clauses of Laws 16C, 23-39 and 72C (2017) are cited by a case of \
         this run, or a sub-clause of them is. Cases citing each:\n\n",
        clauses.len()
    );
    let mut by_law: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for (id, n) in clauses {
        let item = match crate::coverage::NOT_EXPRESSIBLE.iter().find(|(c, _)| *c == id) {
            Some(_) if n == 0 => format!("{id} n/e"),
            _ => format!("{id} {n}"),
        };
        by_law.entry(clause_key(id).0).or_default().push(item);
    }
    for (law, items) in by_law {
        let _ = writeln!(s, "- Law {law}: {}", items.join(" · "));
    }
    for (id, why) in crate::coverage::NOT_EXPRESSIBLE {
        let _ = writeln!(s, "\nn/e: {id} cannot be told as a case: {why}.");
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
    let _ = writeln!(s, "- Suite: {}, protocol {}, report format {}", h.suite, h.protocol, h.report);
    let _ = writeln!(s, "- Corpus: `{}` ({} cases in {})", h.corpus.hash, h.corpus.cases, h.corpus.dirs.join(", "));
    match &h.options.implementation {
        Some(cmd) => {
            let _ = writeln!(
                s,
                "- Program: `{}`{}{}, time limit {} s per case, at most {} restarts",
                cell(&cmd.join(" ")),
                if h.options.shell { " (through a shell)" } else { "" },
                if h.options.per_case { ", one process per case" } else { ", one process for the run" },
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
        let _ = writeln!(s, "- Declared: editions [{}], features [{}]", editions.join(", "), hello.features.join(", "));
    }
    if let Some(e) = &h.hello_error {
        let _ = writeln!(s, "- The hello failed: {}", cell(e));
    }
    let _ = writeln!(
        s,
        "- Runs: {}{}{}",
        match &h.options.edition {
            Some(e) => format!("the {e} edition only"),
            None => "every edition of each case".to_string(),
        },
        if h.options.rotations { ", four seat rotations each" } else { ", as written (no rotations)" },
        match &h.options.known_failures {
            Some(k) => format!(", known failures from `{}`", cell(k)),
            None => String::new(),
        }
    );
    let _ = writeln!(s, "- Started: {}\n", h.started);

    let _ = writeln!(s, "## Totals\n\n| outcome | runs |\n|---|---:|");
    for o in crate::report::OUTCOMES {
        if o == "not-run" && f.totals.not_run == 0 {
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
        let _ = writeln!(s, "## Case files that did not load\n");
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
        let _ = writeln!(s, "{}", row(folder, lines));
    }
    let all: Vec<&CaseLine> = report.cases.iter().collect();
    let _ = writeln!(s, "{}\n", row("**total**", &all));

    let _ = writeln!(s, "## By edition of the Laws\n");
    s.push_str(&table_head("edition"));
    for (edition, lines) in &editions {
        let _ = writeln!(s, "{}", row(edition, lines));
    }
    s.push('\n');

    let _ = writeln!(s, "## By clause\n\nA case counts under each clause it is about (its `laws`).\n");
    s.push_str(&table_head("clause"));
    for ((_, clause), lines) in &clauses {
        let _ = writeln!(s, "{}", row(clause, lines));
    }
    s.push('\n');

    s.push_str(&coverage(report));

    let failing: Vec<&CaseLine> = report.cases.iter().filter(|l| l.is_failure()).collect();
    let _ = writeln!(s, "## Failures ({})\n", failing.len());
    if failing.is_empty() {
        let _ = writeln!(s, "None.\n");
    }
    for l in failing {
        let mut what = l.outcome.clone();
        if l.right_ruling_wrong_clause() {
            what.push_str(": right ruling, wrong clause");
        }
        let _ = writeln!(
            s,
            "<details><summary><code>{}</code> ({}) {} — {}</summary>\n",
            cell(&l.run_name()),
            l.id,
            what,
            cell(&l.title)
        );
        if let Some(d) = &l.detail {
            let lang = if l.outcome == "failed" { "diff" } else { "text" };
            s.push_str(&fenced(lang, d));
        }
        let _ = writeln!(s, "\n</details>\n");
    }

    let expected: Vec<&CaseLine> = report.cases.iter().filter(|l| l.outcome == "expected-failure").collect();
    if !expected.is_empty() {
        let _ = writeln!(s, "## Expected failures ({})\n", expected.len());
        for l in expected {
            let _ = writeln!(
                s,
                "- `{}` ({}) {}: {}",
                cell(&l.run_name()),
                l.id,
                l.was.as_deref().unwrap_or("failed"),
                cell(l.reason.as_deref().unwrap_or(""))
            );
        }
        s.push('\n');
    }
    s
}
