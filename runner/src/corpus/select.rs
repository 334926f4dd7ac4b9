//! Which cases a run asks: by id or path pattern (`--only`, `--skip`), by
//! clause (`--law 27B1(b)`: the case cites it or a sub-clause of it) and by
//! tag (`--tag`). With nothing given, every case.

use crate::corpus::case::Case;

/// A selection of cases.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// A case is kept if it matches any of these (an id, or a glob over its
    /// path under the corpus root: `law27/*`, `*1nt*`); empty keeps all.
    pub only: Vec<String>,
    /// A case matching any of these is left out.
    pub skip: Vec<String>,
    /// A case is kept if it cites any of these clauses or a sub-clause.
    pub laws: Vec<String>,
    /// A case is kept if it has any of these tags.
    pub tags: Vec<String>,
}

impl Selection {
    pub fn is_everything(&self) -> bool {
        self == &Selection::default()
    }

    /// Is `case` in the selection?
    pub fn keeps(&self, case: &Case) -> bool {
        let named = |p: &String| p == &case.id || glob(p, &case.name);
        (self.only.is_empty() || self.only.iter().any(named))
            && !self.skip.iter().any(named)
            && (self.laws.is_empty() || self.laws.iter().any(|l| case.laws.iter().any(|c| within(c, l))))
            && (self.tags.is_empty() || self.tags.iter().any(|t| case.tags.contains(t)))
    }

    /// The selection in words, for "nothing matched" messages.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        for (flag, items) in
            [("--only", &self.only), ("--skip", &self.skip), ("--law", &self.laws), ("--tag", &self.tags)]
        {
            for i in items {
                parts.push(format!("{flag} {i}"));
            }
        }
        parts.join(" ")
    }
}

/// Is `clause` the clause `law` or one of its sub-clauses? `27B` holds
/// `27B1(a)`; `2` does not hold `27`, nor `27B1` hold `27B10`.
pub fn within(clause: &str, law: &str) -> bool {
    let Some(rest) = clause.strip_prefix(law) else { return false };
    let (Some(last), Some(next)) = (law.chars().last(), rest.chars().next()) else { return rest.is_empty() };
    next == '(' || last == ')' || last.is_ascii_digit() != next.is_ascii_digit()
}

/// Does `text` match `pattern`, where `*` stands for any run of characters
/// (slashes too) and `?` for one? A pattern without either must match the
/// whole path, or its file name, or be a folder prefix (`law27` or
/// `law27/`).
pub fn glob(pattern: &str, text: &str) -> bool {
    if !pattern.contains(['*', '?']) {
        let folder = pattern.trim_end_matches('/');
        return text == pattern
            || text.rsplit('/').next() == Some(pattern)
            || text.strip_prefix(folder).is_some_and(|rest| rest.starts_with('/'));
    }
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    // Iterative matching with one backtrack point (the last `*`): linear
    // in practice, never exponential.
    let (mut i, mut j) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while j < t.len() {
        if i < p.len() && (p[i] == '?' || p[i] == t[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some((i, j));
            i += 1;
        } else if let Some((si, sj)) = star {
            i = si + 1;
            j = sj + 1;
            star = Some((si, sj + 1));
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clauses_hold_their_sub_clauses_only() {
        assert!(within("27B1(a)", "27B1(a)"));
        assert!(within("27B1(a)", "27B1"));
        assert!(within("27B1(a)", "27B"));
        assert!(within("27B1(a)", "27"));
        assert!(!within("27B1(a)", "2"));
        assert!(!within("27B10", "27B1"));
        assert!(!within("27B1", "27B1(a)"));
        assert!(within("25B2(b)(1)", "25B2(b)"));
    }

    #[test]
    fn globs() {
        assert!(glob("law27/*", "law27/1s-1h.yaml"));
        assert!(glob("*1h*", "law27/1s-1h.yaml"));
        assert!(glob("law2?/*.yaml", "law27/a.yaml"));
        assert!(!glob("law27/*", "law25/a.yaml"));
        assert!(glob("law27", "law27/a.yaml"));
        assert!(glob("law27/", "law27/a.yaml"));
        assert!(!glob("law2", "law27/a.yaml"));
        assert!(glob("a.yaml", "law27/a.yaml"));
        assert!(glob("law27/a.yaml", "law27/a.yaml"));
        assert!(!glob("*b*", "law27/a.yaml"));
        assert!(glob("*", ""));
    }

    #[test]
    fn a_case_is_kept_by_id_path_clause_and_tag() {
        let mut case = Case::for_tests(&["27B1(b)"], vec![rulings_engine::Edition::E2017]);
        case.id = "L27-ABCD".into();
        case.name = "law27/x.yaml".into();
        case.tags = vec!["seed".into()];
        let keeps = |s: Selection| s.keeps(&case);
        assert!(keeps(Selection::default()));
        assert!(keeps(Selection { only: vec!["L27-ABCD".into()], ..Default::default() }));
        assert!(!keeps(Selection { only: vec!["L27-ZZZZ".into()], ..Default::default() }));
        assert!(keeps(Selection { only: vec!["law27/*".into()], ..Default::default() }));
        assert!(!keeps(Selection { skip: vec!["law27".into()], ..Default::default() }));
        assert!(keeps(Selection { laws: vec!["27B1".into()], ..Default::default() }));
        assert!(keeps(Selection { laws: vec!["27B1(b)".into()], ..Default::default() }));
        assert!(!keeps(Selection { laws: vec!["27B1(a)".into()], ..Default::default() }));
        assert!(keeps(Selection { tags: vec!["seed".into()], ..Default::default() }));
        assert!(!keeps(Selection { tags: vec!["other".into()], ..Default::default() }));
    }
}
