//! `rulings compare REPORT...`: a cross-implementation matrix, in the
//! manner of Bowtie's reports. Each report.jsonl is one implementation (named
//! by its hello); the runs are matched by case, edition and rotation. The
//! Markdown puts first the runs where the implementations disagree (one
//! passes, another does not), with the first key that differs; then, per
//! clause and per folder, how many runs each passes. The JSON has every run.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::jsonl::{CaseLine, Report};
use crate::judging::outcome::OutcomeKind;

/// One implementation's result on one run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cell {
    pub outcome: OutcomeKind,
    /// For a wrong ruling: the keys that differ (from its diff).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differs_in: Option<String>,
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
        let asked: Vec<&Cell> = self
            .cells
            .iter()
            .flatten()
            .filter(|c| !matches!(c.outcome, OutcomeKind::NotApplicable | OutcomeKind::Skipped))
            .collect();
        asked.iter().any(|c| c.outcome == OutcomeKind::Passed) && asked.iter().any(|c| c.outcome != OutcomeKind::Passed)
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Matrix {
    /// The implementations, named by their hello ("name version").
    pub implementations: Vec<String>,
    /// The corpus hash of each report (they should be equal).
    pub corpora: Vec<String>,
    pub rows: Vec<Row>,
}

fn cell(line: &CaseLine) -> Cell {
    let differs_in = (line.outcome == OutcomeKind::Failed)
        .then(|| {
            line.detail.as_deref().and_then(|d| d.lines().next()?.strip_prefix("differs in: ").map(str::to_string))
        })
        .flatten();
    Cell { outcome: line.outcome, differs_in }
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

/// A cell in Markdown: the outcome, short.
fn short(c: &Option<Cell>) -> String {
    match c {
        None => "·".to_string(),
        Some(c) => match c.outcome {
            OutcomeKind::Passed => "pass".to_string(),
            OutcomeKind::Failed => match &c.differs_in {
                Some(k) => format!("**fail** ({})", k.replace('|', "\\|")),
                None => "**fail**".to_string(),
            },
            OutcomeKind::NotApplicable => "n/a".to_string(),
            other => format!("**{other}**"),
        },
    }
}

/// The matrix in Markdown.
pub fn markdown(m: &Matrix) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# Implementations compared\n");
    let _ = writeln!(
        s,
        "{} implementations, {} runs of cases. A run is a case in one edition and seat rotation; `n/a`: \
         not applicable (an edition or feature not declared); `·`: not in that report.\n",
        m.implementations.len(),
        m.rows.len()
    );
    let mut corpora = m.corpora.clone();
    corpora.dedup();
    if corpora.len() > 1 {
        let _ =
            writeln!(s, "**The reports are of different corpora** ({}): compare like with like.\n", corpora.join(", "));
    }
    let head = |s: &mut String, first: &str| {
        let _ = writeln!(s, "| {first} | {} |", m.implementations.join(" | "));
        let _ = writeln!(s, "|---|{}", "---|".repeat(m.implementations.len()));
    };

    let disagreements: Vec<&Row> = m.rows.iter().filter(|r| r.disagrees()).collect();
    let _ = writeln!(s, "## Where they disagree ({} runs)\n", disagreements.len());
    if disagreements.is_empty() {
        let _ = writeln!(s, "Nowhere: on every run asked of more than one, they all pass or none does.\n");
    } else {
        head(&mut s, "run (case, clauses)");
        for r in &disagreements {
            let mut name = format!("`{}` {}", r.name, r.id);
            if r.edition != "2017" {
                let _ = write!(name, " ({})", r.edition);
            }
            if r.rotation != 0 {
                let _ = write!(name, " rotated {}", r.rotation);
            }
            let cells: Vec<String> = r.cells.iter().map(short).collect();
            let _ = writeln!(s, "| {name} {} | {} |", r.laws.join(", "), cells.join(" | "));
        }
        s.push('\n');
    }

    // Passed of asked, per clause and per folder.
    let tally = |rows: &mut dyn Iterator<Item = &Row>| {
        let mut t = vec![(0usize, 0usize); m.implementations.len()];
        for r in rows {
            for (i, c) in r.cells.iter().enumerate() {
                if let Some(c) =
                    c.as_ref().filter(|c| !matches!(c.outcome, OutcomeKind::NotApplicable | OutcomeKind::Skipped))
                {
                    t[i].1 += 1;
                    if c.outcome == OutcomeKind::Passed {
                        t[i].0 += 1;
                    }
                }
            }
        }
        t.iter()
            .map(|&(p, a)| if a == 0 { "–".to_string() } else { format!("{p}/{a}") })
            .collect::<Vec<_>>()
            .join(" | ")
    };
    let _ = writeln!(s, "## By folder (runs passed of runs asked)\n");
    head(&mut s, "folder");
    let mut folders: BTreeMap<&str, Vec<&Row>> = BTreeMap::new();
    for r in &m.rows {
        folders.entry(r.name.split('/').next().unwrap_or("")).or_default().push(r);
    }
    for (f, rows) in &folders {
        let _ = writeln!(s, "| {f} | {} |", tally(&mut rows.iter().copied()));
    }
    let _ = writeln!(s, "| **all** | {} |\n", tally(&mut m.rows.iter()));
    let _ = writeln!(s, "## By clause (runs passed of runs asked)\n");
    head(&mut s, "clause");
    let mut clauses: BTreeMap<(u32, String), Vec<&Row>> = BTreeMap::new();
    for r in &m.rows {
        for l in &r.laws {
            let n = l.chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap_or(u32::MAX);
            clauses.entry((n, l.clone())).or_default().push(r);
        }
    }
    for ((_, c), rows) in &clauses {
        let _ = writeln!(s, "| {c} | {} |", tally(&mut rows.iter().copied()));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_one_passes_and_another_fails_is_a_disagreement() {
        let pass = Some(Cell { outcome: OutcomeKind::Passed, differs_in: None });
        let fail = Some(Cell { outcome: OutcomeKind::Failed, differs_in: Some("contract".into()) });
        let na = Some(Cell { outcome: OutcomeKind::NotApplicable, differs_in: None });
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
}
