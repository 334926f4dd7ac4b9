//! Clause coverage: which clauses of Laws 16C,
//! 23 to 39 and 72C the corpus exercises, counted from the cases' `laws`
//! lists. Every 2017 clause of those laws in the registry
//! (`rulings_engine::clauses`) is listed, including those no case cites, so
//! that the gaps show.

use std::collections::BTreeMap;
use std::fmt::Write;

use rulings_engine::clauses::{law_number, CLAUSES};
use rulings_engine::Edition;

use crate::corpus::case::Corpus;
use crate::text::{wrap, WIDTH};

/// Clauses the coverage table counts that belong to no family: the
/// general laws every family's rulings cite (16C, 72C), and 1997/2007 Law
/// 23 alone (the damaging enforced pass).
const GENERAL: &[&str] = &["16C", "23", "72C"];

/// Is `id` a clause of the laws the coverage table is about (16C, 23-39,
/// 72C): a clause of a family whose clauses are counted
/// ([`rulings_engine::family::Family::counted`]), or a general one?
pub fn in_scope(id: &str) -> bool {
    use rulings_engine::family::{under, FAMILIES};
    law_number(id).is_some()
        && (GENERAL.iter().any(|g| under(id, g))
            || FAMILIES.iter().filter(|f| f.counted).any(|f| f.clauses.iter().any(|c| under(id, c))))
}

/// Clauses a case cannot exercise, because a case's story ends with the
/// auction period, and why.
pub const NOT_EXPRESSIBLE: &[(&str, &str)] =
    &[("36C", "the inadmissible call is found only after the auction period; a case ends with the auction")];

/// For every 2017 clause in scope, in law order, the number of cases that
/// hold for the 2017 Laws and cite it or one of its sub-clauses (a case
/// citing 27B1(a) exercises 27B1, 27B and 27 too).
pub fn counts(corpus: &Corpus) -> Vec<(&'static str, usize)> {
    counts_of(corpus.cases.iter().filter(|c| c.editions.contains(&Edition::E2017)).map(|c| c.laws.as_slice()))
}

/// [`counts`] from the `laws` lists of the 2017 cases, one list per case
/// (the Markdown report counts from a report's lines with this).
pub fn counts_of<'a>(cases: impl IntoIterator<Item = &'a [String]>) -> Vec<(&'static str, usize)> {
    let scope: Vec<&'static str> =
        CLAUSES.iter().filter(|c| c.in_edition(Edition::E2017) && in_scope(c.id)).map(|c| c.id).collect();
    let mut by_id: BTreeMap<&str, usize> = BTreeMap::new();
    for laws in cases {
        for id in &scope {
            if laws.iter().any(|law| law.starts_with(id)) {
                *by_id.entry(id).or_default() += 1;
            }
        }
    }
    scope.into_iter().map(|id| (id, by_id.get(id).copied().unwrap_or(0))).collect()
}

/// The coverage table of a run: one line per law (16C and 72C on lines of
/// their own), each clause with the number of 2017 cases that were asked
/// (`asked`, by case index: answered, not skipped, not applicable or never
/// asked) and cite it, wrapped to a terminal's width, with the corpus's gaps
/// ("not exercised yet").
///
/// The table is the corpus's coverage: it is shown only when every case of
/// the whole corpus was asked. A program asked some of them gets one line
/// (its report.md has the table); a narrowed run (`complete` false:
/// `--only`, `--skip`, `--law`, `--tag`, `--edition`) and a run that asked
/// nothing get none.
pub fn render(corpus: &Corpus, asked: &[bool], complete: bool) -> String {
    let was_asked = |i: usize| asked.get(i).copied().unwrap_or(false);
    if !complete || !(0..corpus.cases.len()).any(was_asked) {
        return String::new();
    }
    let cases = corpus.cases.iter().enumerate().filter(|&(i, _)| was_asked(i)).map(|(_, c)| c);
    let counts = counts_of(cases.filter(|c| c.editions.contains(&Edition::E2017)).map(|c| c.laws.as_slice()));
    let exercised = counts.iter().filter(|(_, n)| *n > 0).count();
    if !(0..corpus.cases.len()).all(was_asked) {
        let in_corpus = self::counts(corpus).iter().filter(|(_, n)| *n > 0).count();
        let mut s = String::from("\n");
        s.push_str(&wrap(
            &format!(
                "clause coverage: the cases answered cite {exercised} of the {} clauses of 16C, 23-39 and 72C \
                 (2017), the whole corpus {in_corpus} (report.md has the table)",
                counts.len()
            ),
            WIDTH,
            "",
            "  ",
        ));
        return s;
    }
    let mut groups: BTreeMap<(u32, String), Vec<(&str, usize)>> = BTreeMap::new();
    for (id, n) in &counts {
        let law = law_number(id).unwrap_or(0);
        let label = match law {
            16 => "16C".to_string(),
            72 => "72C".to_string(),
            n => n.to_string(),
        };
        groups.entry((law, label)).or_default().push((id, *n));
    }
    let zero: Vec<&str> = counts
        .iter()
        .filter(|(id, n)| *n == 0 && !NOT_EXPRESSIBLE.iter().any(|(c, _)| c == id))
        .map(|(id, _)| *id)
        .collect();
    let mut s = String::from("\n");
    s.push_str(&wrap(
        &format!(
            "clause coverage (2017 cases citing each clause of 16C, 23-39, 72C, or a sub-clause of it): \
             {exercised} of {} clauses exercised",
            counts.len()
        ),
        WIDTH,
        "",
        "  ",
    ));
    for ((_, label), items) in &groups {
        let mut line = format!("  {label:<4}");
        for (k, (id, n)) in items.iter().enumerate() {
            let item = match (n, NOT_EXPRESSIBLE.iter().any(|(c, _)| c == id)) {
                (0, true) => format!("{id} n/e"),
                _ => format!("{id} {n}"),
            };
            if line.chars().count() + item.chars().count() + 3 > WIDTH {
                let _ = writeln!(s, "{}", line.trim_end());
                line = " ".repeat(6);
            } else if k > 0 {
                line.push_str(" · ");
            } else {
                line.push(' ');
            }
            line.push_str(&item);
        }
        let _ = writeln!(s, "{line}");
    }
    for (id, why) in NOT_EXPRESSIBLE {
        s.push_str(&wrap(&format!("n/e: {id} cannot be told as a case: {why}"), WIDTH, "  ", "    "));
    }
    if zero.is_empty() {
        let _ = writeln!(s, "  every 2017 clause that a case can express is exercised");
    } else {
        s.push_str(&wrap(&format!("not exercised yet: {}", zero.join(", ")), WIDTH, "  ", "    "));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scope() {
        assert!(in_scope("16C2"));
        assert!(!in_scope("16B"));
        assert!(in_scope("23A1"));
        assert!(in_scope("39C"));
        assert!(!in_scope("22A"));
        assert!(in_scope("72C"));
        assert!(!in_scope("12C1"));
    }

    #[test]
    fn every_clause_in_scope_is_listed_even_at_zero() {
        let corpus = Corpus::default();
        let c = counts(&corpus);
        assert!(c.iter().all(|(_, n)| *n == 0));
        assert!(c.iter().any(|(id, _)| *id == "36A"));
        assert!(c.iter().any(|(id, _)| *id == "72C"));
        assert!(!c.iter().any(|(id, _)| *id == "23"), "2007-only clauses are not listed");
        assert_eq!(render(&corpus, &[], true), "", "nothing asked: no table");
        let one = Corpus { cases: vec![case(&["22A"], vec![Edition::E2017])], ..Corpus::default() };
        let text = render(&one, &[true], true);
        assert!(text.contains("0 of"), "{text}");
        assert!(text.contains("36A 0"), "{text}");
        assert!(text.lines().all(|l| l.chars().count() <= WIDTH), "{text}");
    }

    #[test]
    fn the_table_is_shown_only_when_the_whole_corpus_was_asked() {
        let two = Corpus {
            cases: vec![case(&["27B1(a)"], vec![Edition::E2017]), case(&["36A"], vec![Edition::E2017])],
            ..Corpus::default()
        };
        let all = render(&two, &[true, true], true);
        assert!(all.contains("36A 1") && all.contains("not exercised yet"), "{all}");
        // Some asked: one line, no table.
        let some = render(&two, &[true, false], true);
        assert_eq!(some.lines().filter(|l| !l.is_empty()).count(), some.trim().lines().count());
        assert!(
            some.contains("cite 4 of the") && some.contains("the whole corpus 6") && !some.contains("36A"),
            "{some}"
        );
        assert!(some.lines().count() <= 4 && some.lines().all(|l| l.chars().count() <= WIDTH), "{some}");
        // A selection (--only...): none.
        assert_eq!(render(&two, &[true, true], false), "");
    }

    fn case(laws: &[&str], editions: Vec<Edition>) -> crate::corpus::case::Case {
        crate::corpus::case::Case::for_tests(laws, editions)
    }

    #[test]
    fn counts_2017_cases_once_per_clause() {
        let corpus = Corpus {
            skipped: Vec::new(),
            cases: vec![
                case(&["36A", "16C2", "36A"], vec![Edition::E2017]),
                case(&["36A", "72C"], vec![Edition::E2007, Edition::E2017]),
                case(&["36A"], vec![Edition::E2007]),
            ],
            errors: Vec::new(),
        };
        let c: BTreeMap<_, _> = counts(&corpus).into_iter().collect();
        assert_eq!(c["36A"], 2);
        assert_eq!(c["16C2"], 1);
        assert_eq!(c["72C"], 1);
        assert_eq!(c["36B2"], 0);
    }
}
