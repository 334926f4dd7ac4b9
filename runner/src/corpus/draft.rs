//! Writing the parts of a case file that tools draft (`rulings new
//! --story`, `rulings import-issue`, the workbench): an expectation in the
//! corpus's style (`must_pass:` then one `- {seat: S, ...}` a line), and the
//! reference engine's ruling as a commented proposal. CONTRIBUTING.md says
//! never to copy the engine's output into `expect`: a draft leaves `expect`
//! to the director and shows the engine's ruling beside it, commented out.

use rulings_engine::Ruling;
use serde_json::{Map, Value};

/// A scalar as the corpus writes it: calls, seats and words bare; clause
/// ids and anything YAML could read as another type quoted.
pub fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => {
            let bare = !s.is_empty()
                && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '+'))
                && (!s.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+') || is_bid(s))
                && !matches!(s.to_ascii_lowercase().as_str(), "null" | "true" | "false" | "yes" | "no" | "on" | "off");
            if bare {
                s.clone()
            } else {
                serde_json::to_string(s).unwrap_or_default()
            }
        }
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        other => flow(other),
    }
}

/// A bid as the corpus writes it: `1C` .. `7NT`.
fn is_bid(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some('1'..='7')) && matches!(chars.as_str(), "C" | "D" | "H" | "S" | "NT")
}

/// A value on one line, in YAML's flow style: `[1D, 2C]`, `{seat: S, ...}`.
pub fn flow(v: &Value) -> String {
    match v {
        Value::Array(items) => format!("[{}]", items.iter().map(flow).collect::<Vec<_>>().join(", ")),
        Value::Object(map) => {
            format!("{{{}}}", map.iter().map(|(k, v)| format!("{k}: {}", flow(v))).collect::<Vec<_>>().join(", "))
        }
        other => scalar(other),
    }
}

/// The lines of an expectation under `expect:` (each indented two
/// spaces): a list of maps one element a line, everything else on the
/// key's line.
pub fn expect_lines(expect: &Map<String, Value>) -> Vec<String> {
    let mut out = Vec::new();
    for (key, value) in expect {
        match value {
            Value::Array(items) if !items.is_empty() && items.iter().all(Value::is_object) => {
                out.push(format!("  {key}:"));
                out.extend(items.iter().map(|i| format!("    - {}", flow(i))));
            }
            other => out.push(format!("  {key}: {}", flow(other))),
        }
    }
    out
}

/// The whole ruling as a map of expectation keys, in the order the
/// protocol gives them.
pub fn ruling_map(ruling: &Ruling) -> Map<String, Value> {
    match serde_json::to_value(ruling) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    }
}

/// `expect: {}` and, commented out under it, the reference engine's ruling
/// on the story: a proposal for the director to compare with, never the
/// expectation itself. The file does not load until someone writes the
/// expectation (`expect` names no key).
pub fn expect_left_to_the_director(ruling: &Ruling) -> String {
    let mut s = String::from(
        "expect: {}   # yours to write, from the director's ruling and the Laws\n\
         # The reference engine's ruling on this story: a proposal to compare with,\n\
         # never to copy unread. Keep the keys the ruling turns on, as the director\n\
         # ruled them.\n",
    );
    for line in expect_lines(&ruling_map(ruling)) {
        s.push('#');
        s.push_str(&line);
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn scalars_are_quoted_where_yaml_would_misread_them() {
        for (v, written) in [
            (json!("1C"), "1C"),
            (json!("N"), "N"),
            (json!("rest-of-auction"), "rest-of-auction"),
            (json!("27B1(a)"), "\"27B1(a)\""),
            (json!("27D"), "\"27D\""),
            (json!("7NT"), "7NT"),
            (json!("8C"), "\"8C\""),
            (json!("2017"), "\"2017\""),
            (json!("no"), "\"no\""),
            (json!("11-15"), "\"11-15\""),
            (json!(true), "true"),
            (json!(3), "3"),
            (json!(null), "null"),
        ] {
            assert_eq!(scalar(&v), written, "{v}");
        }
    }

    #[test]
    fn an_expectation_is_written_as_the_corpus_writes_it() {
        let map = json!({"next": "S", "auction": ["1S", "2H"], "must_pass": [],
            "rulings": [{"seat": "E", "call": "1H", "irregularity": "insufficient-bid", "law": "27B1(a)"}]});
        let Value::Object(map) = map else { unreachable!() };
        assert_eq!(
            expect_lines(&map).join("\n"),
            "  next: S\n  auction: [1S, 2H]\n  must_pass: []\n  rulings:\n    \
             - {seat: E, call: 1H, irregularity: insufficient-bid, law: \"27B1(a)\"}"
        );
    }
}
