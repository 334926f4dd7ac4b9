//! The registry of law clauses that cases, rulings and reports may cite.
//!
//! One entry a clause id, with the editions it exists in and a one-line
//! summary in our own words, kept in `engine/clauses.yml` (a data file a
//! director can read and extend; `build.rs` compiles it in) and listed for
//! readers in docs/clauses.md. A case citing an id not listed fails to load.

use crate::editions::Edition;

/// A known clause: id as cited ("27B1(a)"), the editions of the Laws it
/// exists in, and a summary.
#[non_exhaustive]
#[derive(Debug, Clone, Copy)]
pub struct Clause {
    /// The clause as cited: law, section and subsections ("27B1(a)").
    pub id: &'static str,
    /// The editions of the Laws that have this clause.
    pub editions: &'static [Edition],
    /// What the clause provides, in a line of our own words.
    pub summary: &'static str,
}

impl Clause {
    /// Does this clause exist in `edition`'s Laws?
    pub fn in_edition(&self, edition: Edition) -> bool {
        self.editions.contains(&edition)
    }
}

include!(concat!(env!("OUT_DIR"), "/clauses.rs"));

/// Look a clause up by its id, exactly as cited.
pub fn find(id: &str) -> Option<&'static Clause> {
    CLAUSES.iter().find(|c| c.id == id)
}

/// The registered clause a mistyped id most likely means: the same id
/// once spacing, brackets and case are set aside (`31B(2)` for `31B2`,
/// `27b1a` for `27B1(a)`), else the one clause of the same law within one
/// edit of it.
pub fn suggest(id: &str) -> Option<&'static str> {
    let squash = |s: &str| s.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
    let wanted = squash(id);
    if let Some(c) = CLAUSES.iter().find(|c| squash(c.id) == wanted) {
        return Some(c.id);
    }
    let law = law_number(id)?;
    let near: Vec<&Clause> = CLAUSES
        .iter()
        .filter(|c| law_number(c.id) == Some(law) && strsim::levenshtein(&squash(c.id), &wanted) <= 1)
        .collect();
    match near.as_slice() {
        [one] => Some(one.id),
        _ => None,
    }
}

/// The law number a clause belongs to ("27B1(a)" -> 27).
pub fn law_number(id: &str) -> Option<u32> {
    let digits: String = id.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

/// A sort key that puts clauses in law order ("9B" before "16C", "27B1(a)" before "27B2").
pub fn sort_key(id: &str) -> (u32, String) {
    let n = law_number(id).unwrap_or(u32::MAX);
    let rest: String = id.chars().skip_while(|c| c.is_ascii_digit()).collect();
    (n, rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_in_law_order() {
        let mut seen = std::collections::BTreeSet::new();
        for c in CLAUSES {
            assert!(seen.insert(c.id), "clause {} listed twice", c.id);
            assert!(law_number(c.id).is_some(), "clause {} has no law number", c.id);
            assert!(!c.editions.is_empty(), "clause {} is in no edition", c.id);
        }
        let keys: Vec<_> = CLAUSES.iter().map(|c| sort_key(c.id).0).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted, "clauses are listed in law order");
    }

    #[test]
    fn lookups() {
        assert!(find("27B1(a)").is_some());
        assert!(find("27B9").is_none());
        assert_eq!(law_number("27B1(a)"), Some(27));
        assert!(sort_key("9B") < sort_key("16C"));
        assert_eq!(suggest("31B(2)"), Some("31B2"));
        assert_eq!(suggest("27b1a"), Some("27B1(a)"));
        assert_eq!(suggest("99Z"), None);
        // Within one edit, of the same law only, and only when one clause is.
        assert_eq!(suggest("9C"), Some("9B"));
        assert_eq!(suggest("9BXYZ"), None, "three edits from 9B");
        assert_eq!(suggest("17Z"), None, "17A to 17E are each one edit away");
    }
}

/// More of the registry, where the tests above had not looked
/// (docs/mutants.md).
#[cfg(test)]
mod more_tests {
    use super::*;

    /// 15A is the 2017 home of the wrong-board law (2007 and 1997: 17D);
    /// 9B is in every edition.
    #[test]
    fn a_clause_exists_only_in_the_editions_listed_for_it() {
        let wrong_board = find("15A1").expect("15A1 is registered");
        assert!(wrong_board.in_edition(Edition::E2017));
        assert!(!wrong_board.in_edition(Edition::E2007) && !wrong_board.in_edition(Edition::E1997));
        let summoning = find("9B").expect("9B is registered");
        assert!([Edition::E1997, Edition::E2007, Edition::E2017].into_iter().all(|e| summoning.in_edition(e)));
    }
}
