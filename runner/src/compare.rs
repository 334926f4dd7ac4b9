//! Comparison of a ruling with a case's expectation, and the diff a human
//! reads when they differ (DESIGN.md, "Matching a case").
//!
//! Every key the case names must equal the ruling's value; maps inside are
//! matched on the keys the case names (a missing key counts as null); lists
//! element by element and in full.

use serde_json::{Map, Value};
use similar::TextDiff;

/// Does `actual` satisfy `expected`?
pub fn matches(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            e.iter().all(|(k, ev)| matches(ev, a.get(k).unwrap_or(&Value::Null)))
        }
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

/// A unified diff of the expectation against the same part of the ruling,
/// or None when they match.
pub fn diff(expected: &Value, actual: &Value) -> Option<String> {
    if matches(expected, actual) {
        return None;
    }
    let left = to_yaml(expected);
    let right = to_yaml(&project(expected, actual));
    let text = TextDiff::from_lines(&left, &right)
        .unified_diff()
        .context_radius(3)
        .header("expected", "actual")
        .to_string();
    Some(text)
}

#[cfg(test)]
mod tests {
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
}
