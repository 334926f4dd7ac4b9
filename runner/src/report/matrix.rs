//! `rulings compare REPORT...`: a cross-implementation matrix, in the
//! manner of Bowtie's reports. Each report.jsonl is one implementation (named
//! by its hello); the runs are matched by case, edition and rotation.
//!
//! Two views, one row (or block) per case: [`terminal`] for an 80-column
//! terminal, [`markdown`] for a file. Both put first the cases where the
//! implementations disagree (on some run one passes and another does not),
//! with the rotations and editions that differ named; then what each
//! skipped or could not answer, with its message; then, per folder (and in
//! Markdown per clause), how many runs each passes. The JSON has every run.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::jsonl::{CaseLine, Report};
use super::markdown::cell as md;
use super::summary::counted;
use crate::judging::outcome::OutcomeKind;
use crate::text::{wrap, WIDTH};

/// One implementation's result on one run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cell {
    pub outcome: OutcomeKind,
    /// For a wrong ruling: the keys that differ (from its diff).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differs_in: Option<String>,
    /// For a skipped run, an error, a crash, a time-out, a protocol
    /// violation or a run not asked: the first line of what was said.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The run was a refusal check (the program declares `refusal`): it was
    /// asked to refuse a call, not to rule.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub refusal: bool,
}

/// One run of a case across the implementations.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    pub id: String,
    pub name: String,
    pub edition: String,
    pub rotation: usize,
    pub laws: Vec<String>,
    /// By implementation, in the order given; None where a report has no
    /// such run (another corpus, or an edition it was not asked).
    pub cells: Vec<Option<Cell>>,
}

impl Row {
    /// Do the implementations that were asked this run disagree: one
    /// passes and another does not?
    pub fn disagrees(&self) -> bool {
        let asked: Vec<&Cell> = self.cells.iter().flatten().filter(|c| asked(c.outcome)).collect();
        asked.iter().any(|c| c.outcome == OutcomeKind::Passed) && asked.iter().any(|c| c.outcome != OutcomeKind::Passed)
    }

    /// The run within its case: `as written`, or its edition and rotation
    /// as run names give them (`2007`, `rotated-1`, `2007::rotated-1`).
    pub fn variant(&self) -> String {
        let name = crate::judging::outcome::run_name("", &self.edition, self.rotation);
        match name.strip_prefix("::") {
            Some(v) => v.to_string(),
            None => "as written".to_string(),
        }
    }
}

/// Was a run with this outcome asked and answered (not declined, not
/// applicable)?
fn asked(outcome: OutcomeKind) -> bool {
    !matches!(outcome, OutcomeKind::NotApplicable | OutcomeKind::Skipped)
}

#[derive(Debug, Clone, Serialize)]
pub struct Matrix {
    /// The implementations, named by their hello ("name version").
    pub implementations: Vec<String>,
    /// The corpus hash of each report (they should be equal).
    pub corpora: Vec<String>,
    pub rows: Vec<Row>,
}

/// How long a message may be in the matrix: its first line, cut there.
const MESSAGE: usize = 200;

fn cell(line: &CaseLine) -> Cell {
    let first_line = || {
        let d = line.detail.as_deref()?;
        // A line that introduces what follows ends in a colon: not here.
        let l = d.lines().find(|l| !l.trim().is_empty())?.trim().trim_end_matches(':');
        let mut m: String = l.chars().take(MESSAGE).collect();
        if l.chars().count() > MESSAGE {
            m.push('…');
        }
        Some(m)
    };
    let (differs_in, message) = match line.outcome {
        OutcomeKind::Failed => match first_line() {
            Some(l) if l.starts_with("differs in: ") => (Some(l["differs in: ".len()..].to_string()), None),
            other => (None, other),
        },
        OutcomeKind::Passed
        | OutcomeKind::NotApplicable
        | OutcomeKind::ExpectedFailure
        | OutcomeKind::UnexpectedPass => (None, None),
        _ => (None, first_line()),
    };
    Cell { outcome: line.outcome, differs_in, message, refusal: line.refusal }
}

/// The matrix of `reports`.
pub fn build(reports: &[Report]) -> Matrix {
    let mut names: Vec<String> = Vec::new();
    for r in reports {
        let base = match &r.header.implementation {
            Some(h) => format!("{} {}", h.name, h.version).trim().to_string(),
            None => "(no hello)".to_string(),
        };
        let mut name = base.clone();
        let mut k = 2;
        while names.contains(&name) {
            name = format!("{base} #{k}");
            k += 1;
        }
        names.push(name);
    }
    let mut rows: BTreeMap<(String, String, usize), Row> = BTreeMap::new();
    for (i, r) in reports.iter().enumerate() {
        for line in &r.cases {
            let key = (line.name.clone(), line.edition.clone(), line.rotation);
            let row = rows.entry(key).or_insert_with(|| Row {
                id: line.id.clone(),
                name: line.name.clone(),
                edition: line.edition.clone(),
                rotation: line.rotation,
                laws: line.laws.clone(),
                cells: vec![None; reports.len()],
            });
            row.cells[i] = Some(cell(line));
        }
    }
    Matrix {
        implementations: names,
        corpora: reports.iter().map(|r| r.header.corpus.hash.clone()).collect(),
        rows: rows.into_values().collect(),
    }
}

/// The runs of one case, in edition and rotation order.
pub struct CaseRows<'a> {
    pub rows: Vec<&'a Row>,
}

impl CaseRows<'_> {
    fn first(&self) -> &Row {
        self.rows[0]
    }

    /// Does some run of the case divide the implementations?
    pub fn disagrees(&self) -> bool {
        self.rows.iter().any(|r| r.disagrees())
    }

    /// One implementation's results on the case, in words: one outcome
    /// when every run has it, else each outcome after the runs that have
    /// it (`rotated-1: fail (contract)`), the most common last (`else
    /// pass`). In Markdown, escaped, the outcomes other than a pass in bold.
    fn summary(&self, i: usize, markdown: bool) -> String {
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for r in &self.rows {
            let text = outcome_text(r.cells[i].as_ref(), markdown);
            match groups.iter_mut().find(|(t, _)| *t == text) {
                Some((_, runs)) => runs.push(r.variant()),
                None => groups.push((text, vec![r.variant()])),
            }
        }
        if groups.len() == 1 {
            return groups.remove(0).0;
        }
        // The most common outcome last ("else"); ties keep the runs' order.
        let most = (0..groups.len()).max_by_key(|&k| (groups[k].1.len(), std::cmp::Reverse(k))).unwrap_or(0);
        let common = groups.remove(most);
        let mut parts: Vec<String> = groups.into_iter().map(|(t, runs)| format!("{}: {t}", runs.join(", "))).collect();
        parts.push(format!("else {}", common.0));
        parts.join("; ")
    }
}

/// The matrix's runs grouped by case, in the order of the case paths.
pub fn cases(m: &Matrix) -> Vec<CaseRows<'_>> {
    let mut out: Vec<CaseRows> = Vec::new();
    for r in &m.rows {
        match out.last_mut() {
            Some(c) if c.first().name == r.name => c.rows.push(r),
            _ => out.push(CaseRows { rows: vec![r] }),
        }
    }
    out
}

/// A cell in words: `pass`, `fail (contract)`, `skipped (why)`,
/// `error (message)`, `n/a`, `·` (not in that report). In Markdown,
/// escaped, an outcome other than a pass in bold.
fn outcome_text(c: Option<&Cell>, markdown: bool) -> String {
    let Some(c) = c else { return "·".to_string() };
    let name = match c.outcome {
        OutcomeKind::Passed if c.refusal => "pass (refused)",
        OutcomeKind::Passed => "pass",
        OutcomeKind::Failed => "fail",
        OutcomeKind::NotApplicable => "n/a",
        other => other.name(),
    };
    let more = c.differs_in.as_ref().or(c.message.as_ref());
    match (markdown, more) {
        (false, Some(m)) => format!("{name} ({m})"),
        (false, None) => name.to_string(),
        (true, _) if matches!(c.outcome, OutcomeKind::Passed | OutcomeKind::NotApplicable) => name.to_string(),
        (true, Some(m)) => format!("**{name}** ({})", md(m)),
        (true, None) => format!("**{name}**"),
    }
}

/// Runs passed of runs asked, per implementation, over `rows`: the rulings
/// asked, or (`refusal`) the refusal checks.
fn passed_of_asked<'a>(n: usize, rows: impl Iterator<Item = &'a Row>, refusal: bool) -> Vec<String> {
    let mut t = vec![(0usize, 0usize); n];
    for r in rows {
        for (i, c) in r.cells.iter().enumerate() {
            if let Some(c) = c.as_ref().filter(|c| asked(c.outcome) && c.refusal == refusal) {
                t[i].1 += 1;
                if c.outcome == OutcomeKind::Passed {
                    t[i].0 += 1;
                }
            }
        }
    }
    t.iter().map(|&(p, a)| if a == 0 { "–".to_string() } else { format!("{p}/{a}") }).collect()
}

/// What one implementation skipped or could not answer, by outcome and
/// message: (outcome, message, runs, the cases).
fn troubles(m: &Matrix, i: usize) -> Vec<(OutcomeKind, String, usize, Vec<&Row>)> {
    let mut out: Vec<(OutcomeKind, String, usize, Vec<&Row>)> = Vec::new();
    for r in &m.rows {
        let Some(c) = r.cells[i].as_ref() else { continue };
        if matches!(
            c.outcome,
            OutcomeKind::Passed
                | OutcomeKind::Failed
                | OutcomeKind::NotApplicable
                | OutcomeKind::ExpectedFailure
                | OutcomeKind::UnexpectedPass
        ) {
            continue;
        }
        let message = c.message.clone().unwrap_or_default();
        match out.iter_mut().find(|(o, msg, ..)| *o == c.outcome && *msg == message) {
            Some((_, _, runs, cases)) => {
                *runs += 1;
                if cases.last().is_none_or(|last| last.name != r.name) {
                    cases.push(r);
                }
            }
            None => out.push((c.outcome, message, 1, vec![r])),
        }
    }
    out
}

/// What one implementation answered, in words: the rulings and the
/// refusal checks it was asked and answered, then what it skipped, could
/// not answer, or was not asked (`272 rulings, 2560 refusal checks, 3
/// skipped`).
fn answered(m: &Matrix, i: usize) -> String {
    let (mut rulings, mut refusals, mut skipped, mut errors, mut not_run, mut na) = (0, 0, 0, 0, 0, 0);
    for c in m.rows.iter().filter_map(|r| r.cells[i].as_ref()) {
        match c.outcome {
            OutcomeKind::Passed | OutcomeKind::Failed | OutcomeKind::ExpectedFailure | OutcomeKind::UnexpectedPass
                if c.refusal =>
            {
                refusals += 1
            }
            OutcomeKind::Passed | OutcomeKind::Failed | OutcomeKind::ExpectedFailure | OutcomeKind::UnexpectedPass => {
                rulings += 1
            }
            OutcomeKind::Skipped => skipped += 1,
            OutcomeKind::NotRun => not_run += 1,
            OutcomeKind::NotApplicable => na += 1,
            OutcomeKind::Error | OutcomeKind::Crash | OutcomeKind::TimeOut | OutcomeKind::ProtocolViolation => {
                errors += 1
            }
        }
    }
    let mut parts = vec![counted(rulings, "ruling", "rulings"), counted(refusals, "refusal check", "refusal checks")];
    for (n, one, many) in [(skipped, "skipped", "skipped"), (errors, "error or fault", "errors or faults")] {
        if n > 0 {
            parts.push(counted(n, one, many));
        }
    }
    if not_run > 0 {
        parts.push(format!("{not_run} not run"));
    }
    parts.push(format!("{na} not applicable"));
    parts.join(", ")
}

/// The folders of the runs, each with its rows.
fn folders(m: &Matrix) -> BTreeMap<&str, Vec<&Row>> {
    let mut folders: BTreeMap<&str, Vec<&Row>> = BTreeMap::new();
    for r in &m.rows {
        folders.entry(crate::corpus::case::folder_of(&r.name)).or_default().push(r);
    }
    folders
}

/// The reports' corpora, when they differ.
fn different_corpora(m: &Matrix) -> Option<String> {
    let mut corpora = m.corpora.clone();
    corpora.sort();
    corpora.dedup();
    (corpora.len() > 1).then(|| corpora.join(", "))
}

/// The matrix in Markdown: a row per case.
pub fn markdown(m: &Matrix) -> String {
    let mut s = String::new();
    let all = cases(m);
    let _ = writeln!(s, "# Implementations compared\n");
    let _ = writeln!(
        s,
        "{}, {}, {} of them (a run is a case in one edition and seat rotation). \
         A cell names the runs that differ from the rest of the case; `n/a`: not applicable (an edition or \
         feature not declared); `·`: not in that report.\n",
        counted(m.implementations.len(), "implementation", "implementations"),
        counted(all.len(), "case", "cases"),
        counted(m.rows.len(), "run", "runs")
    );
    if let Some(c) = different_corpora(m) {
        let _ = writeln!(s, "**The reports are of different corpora** ({}): compare like with like.\n", md(&c));
    }
    let names: Vec<String> = m.implementations.iter().map(|n| md(n)).collect();
    let head = |s: &mut String, first: &str| {
        let _ = writeln!(s, "| {first} | {} |", names.join(" | "));
        let _ = writeln!(s, "|---|{}", "---|".repeat(names.len()));
    };

    let disagreements: Vec<&CaseRows> = all.iter().filter(|c| c.disagrees()).collect();
    let runs: usize = disagreements.iter().map(|c| c.rows.iter().filter(|r| r.disagrees()).count()).sum();
    let (cases, runs) = (counted(disagreements.len(), "case", "cases"), counted(runs, "run", "runs"));
    let _ = writeln!(s, "## Where they disagree ({cases}, {runs})\n");
    if disagreements.is_empty() {
        let _ = writeln!(s, "Nowhere: on every run asked of more than one, they all pass or none does.\n");
    } else {
        head(&mut s, "case (clauses)");
        for c in &disagreements {
            let r = c.first();
            let cells: Vec<String> = (0..names.len()).map(|i| c.summary(i, true)).collect();
            let _ =
                writeln!(s, "| `{}` {} {} | {} |", md(&r.name), md(&r.id), md(&r.laws.join(", ")), cells.join(" | "));
        }
        s.push('\n');
    }

    let _ = writeln!(s, "## Skipped and not answered\n");
    let mut any = false;
    for (i, name) in names.iter().enumerate() {
        for (outcome, message, runs, cases) in troubles(m, i) {
            any = true;
            let examples: Vec<String> = cases.iter().take(3).map(|r| format!("`{}`", md(&r.name))).collect();
            let more = if cases.len() > 3 { format!(" and {} more", cases.len() - 3) } else { String::new() };
            let _ = writeln!(
                s,
                "- {name}: **{outcome}** in {runs} run(s) of {} case(s): {} ({}{more})",
                cases.len(),
                md(&message),
                examples.join(", ")
            );
        }
    }
    if !any {
        let _ = writeln!(s, "None: each answered every run it was asked (\"What each answered\", below).");
    }
    s.push('\n');

    let _ = writeln!(
        s,
        "## What each answered\n\nA refusal check asks a program declaring `refusal` to refuse a story's first \
         irregular call: it is no ruling.\n"
    );
    for (i, name) in names.iter().enumerate() {
        let _ = writeln!(s, "- {name}: {}", answered(m, i));
    }
    s.push('\n');

    let any_refusal = m.rows.iter().flat_map(|r| r.cells.iter().flatten()).any(|c| c.refusal);
    for (refusal, title) in
        [(false, "By folder (rulings passed of rulings asked)"), (true, "Refusal checks by folder (passed of asked)")]
    {
        if refusal && !any_refusal {
            continue;
        }
        let _ = writeln!(s, "## {title}\n");
        head(&mut s, "folder");
        for (f, rows) in folders(m) {
            let cells = passed_of_asked(names.len(), rows.into_iter(), refusal);
            let _ = writeln!(s, "| {} | {} |", md(f), cells.join(" | "));
        }
        let _ = writeln!(s, "| **all** | {} |\n", passed_of_asked(names.len(), m.rows.iter(), refusal).join(" | "));
    }
    let _ = writeln!(s, "## By clause (rulings passed of rulings asked)\n");
    head(&mut s, "clause");
    let mut clauses: BTreeMap<(u32, String), Vec<&Row>> = BTreeMap::new();
    for r in &m.rows {
        for l in &r.laws {
            let n = l.chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap_or(u32::MAX);
            clauses.entry((n, l.clone())).or_default().push(r);
        }
    }
    for ((_, c), rows) in &clauses {
        let cells = passed_of_asked(names.len(), rows.iter().copied(), false);
        let _ = writeln!(s, "| {} | {} |", md(c), cells.join(" | "));
    }
    s
}

/// How many cases where the implementations disagree the terminal lists.
const TERMINAL_CASES: usize = 40;

/// The matrix for an 80-column terminal: the implementations lettered,
/// a block per case where they disagree, what each skipped or could not
/// answer, and the runs passed per folder.
pub fn terminal(m: &Matrix) -> String {
    let mut s = String::new();
    let all = cases(m);
    let _ = writeln!(
        s,
        "{}, {}, {} (a case in one edition and rotation):",
        counted(m.implementations.len(), "implementation", "implementations"),
        counted(all.len(), "case", "cases"),
        counted(m.rows.len(), "run", "runs")
    );
    let letter = |i: usize| -> String {
        let c = char::from(b'A' + (i % 26) as u8);
        if i < 26 {
            c.to_string()
        } else {
            format!("{c}{}", i / 26)
        }
    };
    for (i, name) in m.implementations.iter().enumerate() {
        s.push_str(&wrap(&format!("{:<3} {name}", letter(i)), WIDTH, "  ", "      "));
        s.push_str(&wrap(&format!("answered {}", answered(m, i)), WIDTH, "      ", "        "));
    }
    if let Some(c) = different_corpora(m) {
        s.push_str(&wrap(
            &format!("the reports are of different corpora ({c}): compare like with like"),
            WIDTH,
            "",
            "  ",
        ));
    }

    let disagreements: Vec<&CaseRows> = all.iter().filter(|c| c.disagrees()).collect();
    let runs: usize = disagreements.iter().map(|c| c.rows.iter().filter(|r| r.disagrees()).count()).sum();
    let _ = writeln!(s, "\nwhere they disagree: {} case(s), {runs} run(s)", disagreements.len());
    if disagreements.is_empty() {
        let _ = writeln!(s, "  nowhere: on every run asked of more than one, they all pass or none does");
    }
    for c in disagreements.iter().take(TERMINAL_CASES) {
        let r = c.first();
        s.push_str(&wrap(&format!("{} {} ({})", r.name, r.id, r.laws.join(", ")), WIDTH, "", "    "));
        // Those that pass every run on one line; the others one each.
        let mut passing = Vec::new();
        for i in 0..m.implementations.len() {
            let summary = c.summary(i, false);
            if c.rows
                .iter()
                .all(|r| r.cells[i].as_ref().is_some_and(|c| c.outcome == OutcomeKind::Passed && !c.refusal))
            {
                passing.push(letter(i));
            } else {
                s.push_str(&wrap(&summary, WIDTH, &format!("  {:<3}", letter(i)), "     "));
            }
        }
        if !passing.is_empty() {
            let _ = writeln!(s, "  {:<3}pass", passing.join(", ") + " ");
        }
    }
    if disagreements.len() > TERMINAL_CASES {
        let _ = writeln!(
            s,
            "  ... and {} more case(s) (--markdown or --out DIR lists them all)",
            disagreements.len() - TERMINAL_CASES
        );
    }

    let mut any = false;
    for i in 0..m.implementations.len() {
        for (outcome, message, runs, cases) in troubles(m, i) {
            if !any {
                let _ = writeln!(s, "\nskipped and not answered:");
                any = true;
            }
            let line = format!("{outcome} in {runs} run(s) of {} case(s): {message}", cases.len());
            s.push_str(&wrap(&line, WIDTH, &format!("  {:<3}", letter(i)), "     "));
            let mut e =
                format!("e.g. {}", cases.iter().take(2).map(|r| r.name.as_str()).collect::<Vec<_>>().join(", "));
            if cases.len() > 2 {
                let _ = write!(e, " and {} more", cases.len() - 2);
            }
            s.push_str(&wrap(&e, WIDTH, "     ", "       "));
        }
    }

    // Passed of asked, per folder: a column per implementation; the
    // refusal checks in a table of their own.
    let n = m.implementations.len();
    let any_refusal = m.rows.iter().flat_map(|r| r.cells.iter().flatten()).any(|c| c.refusal);
    for (refusal, title) in [(false, "rulings passed of rulings asked:"), (true, "refusal checks passed of asked:")] {
        if refusal && !any_refusal {
            continue;
        }
        let mut table: Vec<(String, Vec<String>)> = folders(m)
            .into_iter()
            .map(|(f, rows)| (f.to_string(), passed_of_asked(n, rows.into_iter(), refusal)))
            .collect();
        table.push(("all".to_string(), passed_of_asked(n, m.rows.iter(), refusal)));
        let width = table.iter().flat_map(|(_, c)| c.iter().map(|x| x.chars().count())).max().unwrap_or(1).max(3);
        let _ = writeln!(s, "\n{title}");
        let mut line = format!("{:<10}", "folder");
        for i in 0..n {
            let _ = write!(line, " {:>width$}", letter(i));
        }
        let _ = writeln!(s, "{}", line.trim_end());
        for (f, cells) in table {
            let mut line = format!("{f:<10}");
            for c in cells {
                let _ = write!(line, " {c:>width$}");
            }
            let _ = writeln!(s, "{line}");
        }
    }
    let _ = writeln!(s, "\nBy clause, and every case: --markdown, or --out DIR (matrix.md, matrix.json).");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_one_passes_and_another_fails_is_a_disagreement() {
        let pass = Some(Cell { outcome: OutcomeKind::Passed, differs_in: None, message: None, refusal: false });
        let fail = Some(Cell {
            outcome: OutcomeKind::Failed,
            differs_in: Some("contract".into()),
            message: None,
            refusal: false,
        });
        let na = Some(Cell { outcome: OutcomeKind::NotApplicable, differs_in: None, message: None, refusal: false });
        let row = |cells| Row {
            id: "L1-AAAA".into(),
            name: "x/a.yaml".into(),
            edition: "2017".into(),
            rotation: 0,
            laws: vec![],
            cells,
        };
        assert!(row(vec![pass.clone(), fail.clone()]).disagrees());
        assert!(!row(vec![pass.clone(), na.clone()]).disagrees(), "not asked is no disagreement");
        assert!(!row(vec![fail.clone(), fail]).disagrees(), "both wrong: no disagreement to show first");
        assert!(!row(vec![pass.clone(), None, pass]).disagrees());
    }

    #[test]
    fn a_program_s_message_stays_text_in_markdown_and_one_line_in_a_terminal() {
        let hostile = "x | y <img src=x> `z`\n# Owned";
        let err =
            Some(Cell { outcome: OutcomeKind::Error, differs_in: None, message: Some(hostile.into()), refusal: false });
        let pass = Some(Cell { outcome: OutcomeKind::Passed, differs_in: None, message: None, refusal: false });
        let m = Matrix {
            implementations: vec!["a | b".into(), "c".into()],
            corpora: vec!["h".into(), "h".into()],
            rows: vec![Row {
                id: "L1-AAAA".into(),
                name: "x/a.yaml".into(),
                edition: "2017".into(),
                rotation: 0,
                laws: vec!["1A".into()],
                cells: vec![pass, err],
            }],
        };
        let md = markdown(&m);
        assert!(md.contains("| case (clauses) | a \\| b | c |"), "{md}");
        assert!(md.contains("**error** (x \\| y &lt;img src=x&gt; \\`z\\` # Owned)"), "{md}");
        assert!(!md.lines().any(|l| l.starts_with("# Owned")), "{md}");
        let view = terminal(&m);
        assert!(view.contains("  B  error (x | y <img src=x> `z` # Owned)\n  A  pass\n"), "{view}");
    }
}
