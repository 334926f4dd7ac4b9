//! Comparison of a ruling with a case's expectation, and the diff a human
//! reads when they differ (docs/case-format.md, "`expect`").
//!
//! Every key the case names must equal the ruling's value; maps inside are
//! matched on the keys the case names (a missing key counts as null); lists
//! element by element and in full.

use serde_json::{Map, Value};

/// Does `actual` satisfy `expected`?
pub fn matches(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => e.iter().all(|(k, ev)| matches(ev, a.get(k).unwrap_or(&Value::Null))),
        (Value::Object(e), Value::Null) => e.is_empty(),
        (Value::Array(e), Value::Array(a)) => e.len() == a.len() && e.iter().zip(a).all(|(x, y)| matches(x, y)),
        (Value::Number(e), Value::Number(a)) => e.as_f64() == a.as_f64(),
        (e, a) => e == a,
    }
}

/// The part of `actual` that `expected` talks about, shaped like it, so the
/// two can be shown side by side. Extra list elements are shown in full.
pub fn project(expected: &Value, actual: &Value) -> Value {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            let mut out = Map::new();
            for (k, ev) in e {
                let av = a.get(k).unwrap_or(&Value::Null);
                out.insert(k.clone(), project(ev, av));
            }
            Value::Object(out)
        }
        (Value::Array(e), Value::Array(a)) => Value::Array(
            a.iter()
                .enumerate()
                .map(|(i, av)| match e.get(i) {
                    Some(ev) => project(ev, av),
                    None => av.clone(),
                })
                .collect(),
        ),
        (_, a) => a.clone(),
    }
}

/// YAML text of a value, as a case author would write it.
pub fn to_yaml(v: &Value) -> String {
    serde_yaml::to_string(v).unwrap_or_else(|e| format!("<cannot render: {e}>\n"))
}

/// The top-level keys of `expected` that `actual` does not satisfy, in
/// the expectation's order.
pub fn differing_keys(expected: &Value, actual: &Value) -> Vec<String> {
    match expected {
        Value::Object(e) => e
            .iter()
            .filter(|(k, ev)| !matches(ev, actual.get(k.as_str()).unwrap_or(&Value::Null)))
            .map(|(k, _)| k.clone())
            .collect(),
        _ if matches(expected, actual) => Vec::new(),
        _ => vec!["(the whole value)".into()],
    }
}

/// A unified diff of the expectation against the same part of the ruling,
/// or None when they match. Its first line names the keys that differ.
pub fn diff(expected: &Value, actual: &Value) -> Option<String> {
    if matches(expected, actual) {
        return None;
    }
    // Long lists are shown in part: rendering them whole costs
    // more than the rest of the judging.
    let left = to_yaml(&crate::judging::line_diff::shorten(expected));
    let right = to_yaml(&crate::judging::line_diff::shorten(&project(expected, actual)));
    let text = crate::judging::line_diff::unified(&left, &right);
    Some(format!("differs in: {}\n{text}", differing_keys(expected, actual).join(", ")))
}

/// The parts of a ruling that cite clauses: a `law` key in any map, and
/// the whole of `score_adjustment` (a list of clauses).
const CLAUSE_LIST: &str = "score_adjustment";

/// The expectation without its clauses: every `law` key removed from the
/// maps in it, and `score_adjustment` dropped. What remains is the ruling
/// itself: who acts, the calls that stand, obligations and restrictions.
pub fn without_clauses(expected: &Value) -> Value {
    fn strip(v: &Value) -> Value {
        match v {
            Value::Object(m) => Value::Object(
                m.iter().filter(|(k, _)| k.as_str() != "law").map(|(k, v)| (k.clone(), strip(v))).collect(),
            ),
            Value::Array(a) => Value::Array(a.iter().map(strip).collect()),
            other => other.clone(),
        }
    }
    match expected {
        Value::Object(m) => Value::Object(
            m.iter().filter(|(k, _)| k.as_str() != CLAUSE_LIST).map(|(k, v)| (k.clone(), strip(v))).collect(),
        ),
        other => strip(other),
    }
}

/// The expectation's clauses only: each `law` key where it stands, with
/// the structure around it (lists keep their length, so a missing or extra
/// ruling counts), and `score_adjustment`. None when it cites no clause.
pub fn clauses_only(expected: &Value) -> Option<Value> {
    fn keep(v: &Value) -> Option<Value> {
        match v {
            Value::Object(m) => {
                let kept: Map<String, Value> =
                    m.iter()
                        .filter_map(|(k, v)| {
                            if k == "law" {
                                Some((k.clone(), v.clone()))
                            } else {
                                keep(v).map(|x| (k.clone(), x))
                            }
                        })
                        .collect();
                (!kept.is_empty()).then_some(Value::Object(kept))
            }
            Value::Array(a) => {
                let items: Vec<Option<Value>> = a.iter().map(keep).collect();
                items
                    .iter()
                    .any(Option::is_some)
                    .then(|| Value::Array(items.into_iter().map(|x| x.unwrap_or(Value::Object(Map::new()))).collect()))
            }
            _ => None,
        }
    }
    let Value::Object(m) = expected else { return keep(expected) };
    let mut out = Map::new();
    for (k, v) in m {
        if k == CLAUSE_LIST {
            out.insert(k.clone(), v.clone());
        } else if let Some(x) = keep(v) {
            out.insert(k.clone(), x);
        }
    }
    (!out.is_empty()).then_some(Value::Object(out))
}

/// A ruling graded twice against an expectation: the ruling itself
/// (obligations, restrictions, who acts), and the clauses it cites.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grade {
    pub ruling: bool,
    pub clauses: bool,
}

impl Grade {
    /// Right ruling, wrong clause: counted apart in reports.
    pub fn right_ruling_wrong_clause(self) -> bool {
        self.ruling && !self.clauses
    }
}

/// Grade `actual` against `expected`.
pub fn grade(expected: &Value, actual: &Value) -> Grade {
    Grade {
        ruling: matches(&without_clauses(expected), actual),
        clauses: clauses_only(expected).is_none_or(|c| matches(&c, actual)),
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_keys_that_differ_are_named_in_order() {
        let e = serde_json::json!({"next": "S", "auction": ["1S"], "must_pass": []});
        let a = serde_json::json!({"next": "W", "auction": ["1S"], "must_pass": [{"seat": "N"}]});
        assert_eq!(differing_keys(&e, &a), ["next", "must_pass"]);
        assert!(diff(&e, &a).is_some_and(|d| d.starts_with("differs in: next, must_pass\n--- expected")));
        assert!(differing_keys(&e, &e).is_empty());
    }
    use super::*;
    use serde_json::json;

    #[test]
    fn maps_match_on_named_keys() {
        let actual = json!({"next": "S", "rulings": [{"seat": "E", "law": "27B2", "call": "1H"}]});
        assert!(matches(&json!({"next": "S"}), &actual));
        assert!(matches(&json!({"rulings": [{"seat": "E", "law": "27B2"}]}), &actual));
        assert!(!matches(&json!({"rulings": [{"seat": "E", "law": "27B1(a)"}]}), &actual));
        assert!(!matches(&json!({"rulings": []}), &actual), "lists are compared in full");
        assert!(matches(&json!({"decision": null}), &json!({"next": "S"})), "missing is null");
        assert!(!matches(&json!({"next": null}), &actual));
    }

    #[test]
    fn the_diff_shows_only_the_named_part() {
        let actual = json!({"next": "S", "must_pass": [{"seat": "W", "scope": "rest-of-auction"}], "auction": ["1S"]});
        let d = diff(&json!({"must_pass": []}), &actual).expect("differs");
        assert!(d.contains("-must_pass: []"), "{d}");
        assert!(d.contains("+- seat: W"), "{d}");
        assert!(!d.contains("1S"), "keys not named are not shown: {d}");
        assert!(diff(&json!({"next": "S"}), &actual).is_none());
    }

    #[test]
    fn grades_tell_a_wrong_clause_from_a_wrong_ruling() {
        let actual = json!({"next": "S", "rulings": [{"seat": "E", "law": "27B2"}],
                            "must_pass": [{"seat": "W", "law": "27B2"}], "score_adjustment": ["27D"]});
        let right = json!({"next": "S", "rulings": [{"seat": "E", "law": "27B2"}], "score_adjustment": ["27D"]});
        assert_eq!(grade(&right, &actual), Grade { ruling: true, clauses: true });
        let wrong_clause = json!({"next": "S", "rulings": [{"seat": "E", "law": "27B1(a)"}],
                                  "must_pass": [{"seat": "W", "law": "27B1(b)"}]});
        let g = grade(&wrong_clause, &actual);
        assert!(g.right_ruling_wrong_clause(), "{g:?}");
        let wrong_adjustment = json!({"next": "S", "score_adjustment": ["23C"]});
        assert!(grade(&wrong_adjustment, &actual).right_ruling_wrong_clause());
        let wrong_ruling = json!({"next": "N", "rulings": [{"seat": "E", "law": "27B2"}]});
        assert_eq!(grade(&wrong_ruling, &actual), Grade { ruling: false, clauses: true });
        let missing = json!({"must_pass": []});
        assert_eq!(grade(&missing, &actual), Grade { ruling: false, clauses: true }, "no clause named");
        let extra = json!({"rulings": [{"seat": "E", "law": "27B2"}, {"seat": "E", "law": "27B2"}]});
        assert_eq!(grade(&extra, &actual), Grade { ruling: false, clauses: false }, "lists keep their length");
    }
}
