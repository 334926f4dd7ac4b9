//! How a program's ruling differs from the reference's, told so that an
//! implementer can act on it: the key that differs (down to the field of
//! an entry: `must_pass.scope`, `contract.declarer`), the clause on the
//! differing entry, and the irregularity it is about. Disagreements are
//! grouped by these three, so that two bugs never hide behind each other
//! because they share a story's first clause.

use rulings_engine::protocol::feature_of_clause;
use rulings_engine::Ruling;
use serde_json::Value;

use crate::corpus::case::ruling_value;
use crate::judging::compare::{differing_keys, matches};

/// What a disagreement is about; its findings are grouped by it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Group {
    /// The key that differs: a top-level key of the ruling, or
    /// `key.field` for a field of an entry both sides have; `(missing)`
    /// or `(extra)` after it for an entry only one side has.
    pub key: String,
    /// The clause on the differing entry (the reference's where it has
    /// one), or `-` for a key that cites none.
    pub clause: String,
    /// The irregularity the differing entry is about, or `-`.
    pub irregularity: String,
}

/// The ruling's keys, most telling first: an entry that cites a clause
/// tells more than the auction or the next player it leads to.
const ORDER: &[&str] = &[
    "rulings",
    "decision",
    "must_pass",
    "call_restrictions",
    "lead_restrictions",
    "penalty_cards",
    "unauthorized_information",
    "score_cap",
    "score_adjustment",
    "contract",
    "status",
    "next",
    "auction",
];

/// How `answer` differs from `reference`, or None when it does not; and
/// every top-level key that differs.
pub fn difference(reference: &Ruling, answer: &Ruling) -> Option<(Group, Vec<String>)> {
    let expected = ruling_value(reference);
    let actual = ruling_value(answer);
    let keys = differing_keys(&expected, &actual);
    let first = ORDER.iter().find(|k| keys.iter().any(|d| d == *k)).copied().or(keys.first().map(String::as_str))?;
    let e = expected.get(first).unwrap_or(&Value::Null);
    let a = actual.get(first).unwrap_or(&Value::Null);
    let story_irregularity = || story_irregularity(reference);
    let group = match (e, a) {
        (Value::Array(e), Value::Array(a)) if first == "score_adjustment" => {
            let clause = e.iter().find(|c| !a.contains(c)).or(a.iter().find(|c| !e.contains(c)));
            Group { key: first.into(), clause: name(&clause.cloned()), irregularity: story_irregularity() }
        }
        (Value::Array(e), Value::Array(a)) => entry(first, e, a, reference),
        (Value::Object(_), _) | (_, Value::Object(_)) => {
            let (key, clause) = object(first, e, a);
            let clause = clause.unwrap_or_else(|| last_clause(reference));
            Group { key, clause, irregularity: story_irregularity() }
        }
        _ => Group { key: first.into(), clause: last_clause(reference), irregularity: story_irregularity() },
    };
    Some((group, keys))
}

/// What the story is about: the irregularity of the reference's last
/// ruling entry; before any is ruled, the family of the option the table
/// waits on (`insufficient-bid` for a 27A1 or 27C option); else `-`.
pub(super) fn story_irregularity(reference: &Ruling) -> String {
    match reference.rulings.last() {
        Some(r) => name(&serde_json::to_value(r.irregularity).ok()),
        None => reference.decision.as_ref().and_then(|d| feature_of_clause(&d.law)).unwrap_or("-").to_string(),
    }
}

/// The clause of the reference's last ruling entry, or `-`: what a key
/// that cites no clause (the auction, the next player) follows from.
fn last_clause(reference: &Ruling) -> String {
    reference.rulings.last().map_or("-".to_string(), |r| r.law.clone())
}

/// A JSON string's text, `-` for anything else.
fn name(v: &Option<Value>) -> String {
    v.as_ref().and_then(Value::as_str).unwrap_or("-").to_string()
}

/// A list of entries: the first entry one side has and the other lacks;
/// when the other has an entry for the same seat (and call), the fields in
/// which the two differ.
fn entry(key: &str, e: &[Value], a: &[Value], reference: &Ruling) -> Group {
    let unmatched = |from: &[Value], to: &[Value]| from.iter().find(|x| !to.iter().any(|y| matches(x, y))).cloned();
    let (x, missing, other) = match unmatched(e, a) {
        Some(x) => (x, true, a),
        None => match unmatched(a, e) {
            Some(x) => (x, false, e),
            None => return Group { key: key.into(), clause: "-".into(), irregularity: "-".into() },
        },
    };
    let same = |y: &&Value| y.get("seat") == x.get("seat") && y.get("call") == x.get("call");
    let field = other.iter().find(same).and_then(|y| {
        let fields = differing_keys(&x, y);
        fields.first().cloned()
    });
    let key = match field {
        Some(f) => format!("{key}.{f}"),
        None if missing => format!("{key} (missing)"),
        None => format!("{key} (extra)"),
    };
    // The irregularity: the entry's own, or that of the reference's ruling
    // entry under the same law.
    let clause = name(&x.get("law").cloned());
    let law = rulings_engine::clauses::law_number(&clause);
    let irregularity = x.get("irregularity").and_then(Value::as_str).map(str::to_string).unwrap_or_else(|| {
        let near = reference.rulings.iter().rev().find(|r| rulings_engine::clauses::law_number(&r.law) == law);
        match near {
            Some(r) => name(&serde_json::to_value(r.irregularity).ok()),
            None => story_irregularity(reference),
        }
    });
    Group { key, clause, irregularity }
}

/// A map (the decision, the contract, the score cap): the first field that
/// differs, and its `law` if it has one.
fn object(key: &str, e: &Value, a: &Value) -> (String, Option<String>) {
    let clause = e.get("law").or(a.get("law")).and_then(Value::as_str).map(str::to_string);
    if e.is_null() {
        return (format!("{key} (extra)"), clause);
    }
    if a.is_null() {
        return (format!("{key} (missing)"), clause);
    }
    let field = differing_keys(e, a).into_iter().next();
    (field.map_or(key.to_string(), |f| format!("{key}.{f}")), clause)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rulings_engine::ruling::Scope;
    use rulings_engine::{rule, Edition, Request, Seat};

    fn ruled(dealer: Seat, text: &str) -> Ruling {
        let events = crate::corpus::story::story_events(text).expect("a story");
        let request = Request::new(Edition::E2017, dealer, events);
        rule(&request).expect("ruled")
    }

    /// A bar that lasts one turn is told by the field that differs and the
    /// clause of the bar, not by the story's first clause.
    #[test]
    fn a_field_of_an_entry_names_the_entry_s_clause() {
        use Seat::*;
        let r = ruled(N, "N 1H, E 1C, S reject, E P");
        let mut bent = r.clone();
        bent.must_pass[0].scope = Scope::NextTurn;
        let (g, keys) = difference(&r, &bent).expect("they differ");
        assert_eq!(
            g,
            Group { key: "must_pass.scope".into(), clause: "27B2".into(), irregularity: "insufficient-bid".into() }
        );
        assert_eq!(keys, vec!["must_pass"]);
        let mut dropped = r.clone();
        dropped.lead_restrictions.clear();
        let (g, _) = difference(&r, &dropped).expect("they differ");
        assert_eq!((g.key.as_str(), g.clause.as_str()), ("lead_restrictions (missing)", "26B"));
    }

    /// The declarer and the doubling of a contract are two groups.
    #[test]
    fn two_contract_bugs_are_two_groups() {
        use Seat::*;
        let r = ruled(N, "N 1H, E X, S P, W P, N P");
        let mut declarer = r.clone();
        let mut doubling = r.clone();
        if let (Some(c), Some(d)) = (declarer.contract.as_mut(), doubling.contract.as_mut()) {
            c.declarer = S;
            d.doubled = None;
        }
        let (a, _) = difference(&r, &declarer).expect("differs");
        let (b, _) = difference(&r, &doubling).expect("differs");
        assert_eq!(a.key, "contract.declarer");
        assert_eq!(b.key, "contract.doubled");
        assert!(difference(&r, &r).is_none());
    }
}
