//! The text of a fuzzing run's summary, for an 80-column terminal: what was
//! generated and asked, the groups of disagreement with their hits and
//! smallest story, the stories skipped, the errors and the program's
//! faults each on their own lines, and what the stories exercised, clause
//! by clause.

use std::fmt::Write as _;

use rulings_engine::clauses::sort_key;

use super::case_file::one_line;
use super::{Summary, Tally};

const WIDTH: usize = 80;

/// `text` cut to `n` characters, with `...` when cut.
fn cut(text: &str, n: usize) -> String {
    let text = one_line(text);
    if text.chars().count() <= n {
        return text;
    }
    format!("{}...", text.chars().take(n.saturating_sub(3)).collect::<String>())
}

/// `text` cut to its last `n` characters, with `...` before when cut: a
/// path keeps its file name.
fn cut_left(text: &str, n: usize) -> String {
    let text = one_line(text);
    let count = text.chars().count();
    if count <= n {
        return text;
    }
    format!("...{}", text.chars().skip(count - n.saturating_sub(3)).collect::<String>())
}

/// Words laid out in lines of at most [`WIDTH`] columns, each indented.
fn wrap(words: &[String], indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > WIDTH {
            let _ = writeln!(out, "{line}");
            line.clear();
        }
        if line.is_empty() {
            line.push_str(indent);
        } else {
            line.push(' ');
        }
        line.push_str(w);
    }
    if !line.trim().is_empty() {
        let _ = writeln!(out, "{line}");
    }
    out
}

/// The most kinds of answer listed under each heading.
const KINDS: usize = 5;

/// One line per kind of answer that is no ruling (the first few kinds).
fn tallies(s: &mut String, title: &str, map: &std::collections::BTreeMap<String, Tally>, named: bool) {
    if map.is_empty() {
        return;
    }
    let total: u64 = map.values().map(|t| t.count).sum();
    let _ = writeln!(s, "{title}: {total} stor{}", if total == 1 { "y" } else { "ies" });
    for (what, t) in map.iter().take(KINDS) {
        let name = if named { format!("{what}, ") } else { String::new() };
        let head = format!("  {} {name}first story {}: ", t.count, t.first);
        let _ = writeln!(s, "{head}{}", cut(&t.detail, WIDTH.saturating_sub(head.len()).max(20)));
    }
    if map.len() > KINDS {
        let _ = writeln!(s, "  and {} more kind(s)", map.len() - KINDS);
    }
}

/// The summary's text.
pub fn render(summary: &Summary, seed: u64) -> String {
    let mut s = String::new();
    let secs = summary.took.as_secs_f64();
    let rate = summary.asked as f64 / secs.max(1e-9);
    let words: Vec<String> = format!(
        "{} stories (seed {seed}): {} asked, {} the reference does not rule on, {} outside the \
         program's declared features{}; {secs:.1} s, {rate:.0} asked a second",
        summary.generated,
        summary.asked,
        summary.not_ruled,
        summary.out_of_scope,
        if summary.unfocused > 0 { format!(", {} outside --law", summary.unfocused) } else { String::new() },
    )
    .split(' ')
    .map(str::to_string)
    .collect();
    s.push_str(&wrap(&words, ""));
    let errors: u64 = summary.errors.values().map(|t| t.count).sum();
    let skipped: u64 = summary.skipped.values().map(|t| t.count).sum();
    let faults: u64 = summary.faults.values().map(|t| t.count).sum();
    let _ = writeln!(
        s,
        "answers: {} agreed, {} differed, {skipped} skipped, {errors} error(s), {faults} fault(s)",
        summary.agreed, summary.differed
    );
    if summary.refusals > 0 {
        let _ =
            writeln!(s, "of the stories asked, {} were to be refused (the program declares refusal)", summary.refusals);
    }
    if let Some(why) = &summary.not_run {
        let _ = writeln!(s, "the program could no longer be run, the run stopped:");
        let _ = writeln!(s, "  {}", cut(why, WIDTH - 2));
    }
    if summary.stopped_at_max {
        let _ = writeln!(s, "stopped at --max-findings {} group(s)", summary.findings.len());
    }
    tallies(&mut s, "skipped (never counted as agreement)", &summary.skipped, false);
    tallies(&mut s, "errors (the program could not rule)", &summary.errors, false);
    tallies(&mut s, "program faults (not disagreements)", &summary.faults, true);
    if !summary.exercised.is_empty() {
        let mut clauses: Vec<(&String, &u64)> = summary.exercised.iter().collect();
        clauses.sort_by_key(|(c, _)| sort_key(c));
        let words: Vec<String> = clauses.iter().map(|(c, n)| format!("{c}:{n}")).collect();
        let _ = writeln!(s, "stories asked, by clause their ruling cites:");
        s.push_str(&wrap(&words, "  "));
    }
    if !summary.options.is_empty() {
        let words: Vec<String> = summary.options.iter().map(|(o, n)| format!("{o}:{n}")).collect();
        let _ = writeln!(s, "stories asked with a regulation option off its default:");
        s.push_str(&wrap(&words, "  "));
    }
    if summary.findings.is_empty() {
        if summary.clean() {
            let _ = writeln!(s, "no disagreement with the reference engine");
        }
        return s;
    }
    let _ = writeln!(s, "{} group(s) of disagreement with the reference engine:", summary.findings.len());
    for f in &summary.findings {
        let g = &f.group;
        let _ =
            writeln!(s, "  {}", cut(&format!("differs in {}, clause {} ({})", g.key, g.clause, g.irregularity), 78));
        let _ = writeln!(
            s,
            "    {} hit(s); smallest: story {}, shrunk to {} event(s)",
            f.hits,
            f.index,
            f.story.events.len()
        );
        if let Some(r) = &f.refusal {
            let what = format!("to refuse: event {}, {} {} ({})", r.event, r.seat, r.call, r.why);
            let _ = writeln!(s, "    {}", cut(&what, WIDTH - 4));
        }
        match &f.written {
            Some(Ok(p)) => {
                let _ = writeln!(s, "    {}", cut_left(&p.display().to_string(), WIDTH - 4));
            }
            Some(Err(e)) => {
                let _ = writeln!(s, "    {}", cut(&format!("not written: {e}"), WIDTH - 4));
            }
            None => {}
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_fits_80_columns() {
        let mut summary = Summary::default();
        for i in 0..60 {
            summary.exercised.insert(format!("27B{i}(a)"), 12345);
        }
        summary.skipped.insert("x".repeat(200), Tally { count: 3, first: 9, detail: "x".repeat(200) });
        for i in 0..8 {
            summary.errors.insert(format!("e{i}"), Tally { count: 1, first: i, detail: format!("e{i}") });
        }
        summary.faults.insert("crash".into(), Tally { count: 1, first: 2, detail: "died\n".repeat(40) });
        summary.findings.push(crate::fuzz::Finding {
            group: crate::fuzz::Group { key: "k".into(), clause: "27B2".into(), irregularity: "-".into() },
            keys: Vec::new(),
            hits: 1,
            index: 0,
            story: rulings_engine::Request::new(rulings_engine::Edition::E2017, rulings_engine::Seat::N, Vec::new()),
            reference: rulings_engine::rule(&rulings_engine::Request::new(
                rulings_engine::Edition::E2017,
                rulings_engine::Seat::N,
                Vec::new(),
            ))
            .expect("ruled"),
            refusal: None,
            written: Some(Ok(std::path::PathBuf::from(format!("{}/fuzz-l27-abcd.yaml", "long/".repeat(30))))),
        });
        let text = render(&summary, 12345678901234);
        assert!(text.contains("/fuzz-l27-abcd.yaml\n"), "{text}");
        assert!(text.contains("3 first story 9: xxx"), "{text}");
        assert!(text.contains("1 crash, first story 2: died\\n"), "{text}");
        assert!(text.contains("and 3 more kind(s)"), "{text}");
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
    }
}
