//! The page and its files, built into the binary (no JavaScript build
//! step: plain HTML, CSS and a script that builds the page's elements with
//! `textContent`, so that nothing a user typed is read as HTML); the
//! clause list the page links to, rendered from the registry as
//! docs/clauses.md is; and the choices the setting offers.

use rulings_engine::clauses::{law_number, CLAUSES};
use rulings_engine::Edition;
use serde_json::{json, Value};

use super::api::REGULATIONS;

pub const INDEX: &str = include_str!("page/index.html");
pub const SCRIPT: &str = include_str!("page/app.js");
pub const STYLE: &str = include_str!("page/style.css");

/// Text made safe to stand in HTML, as an element's content or a quoted
/// attribute.
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&#39;"),
            c => s.push(c),
        }
    }
    s
}

/// The anchor of a clause's entry on the clause page (`clause-27B1(a)`).
pub fn anchor(id: &str) -> String {
    format!("clause-{id}")
}

/// The clause ids a case may cite, one table per law, each row with its
/// anchor: the same list as docs/clauses.md (`rulings clauses --markdown`).
pub fn clauses() -> String {
    let mut s = String::from(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Clause ids</title><link rel=\"stylesheet\" href=\"/style.css\"></head><body class=\"clauses\">\n\
         <h1>Clause ids</h1>\n<p>Every clause id a case may cite, with the editions of the Laws it exists in and a \
         one-line summary (docs/clauses.md; read the Laws for the text). <a href=\"/\">Back to the workbench</a></p>\n",
    );
    let mut law = None;
    for c in CLAUSES {
        let n = law_number(c.id);
        if n != law {
            if law.is_some() {
                s.push_str("</tbody></table>\n");
            }
            law = n;
            s.push_str(&format!(
                "<h2>Law {}</h2>\n<table><thead><tr><th>clause</th><th>editions</th><th>summary</th></tr></thead><tbody>\n",
                n.unwrap_or_default()
            ));
        }
        let editions: Vec<&str> = Edition::ALL.iter().filter(|e| c.in_edition(**e)).map(|e| e.year()).collect();
        s.push_str(&format!(
            "<tr id=\"{}\"><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            escape(&anchor(c.id)),
            escape(c.id),
            editions.join(", "),
            escape(c.summary)
        ));
    }
    s.push_str("</tbody></table>\n</body></html>\n");
    s
}

/// The choices of the setting: editions, vulnerabilities, the regulation
/// options with their values (the first the default), and each clause's
/// summary (the links' titles).
pub fn setting() -> Value {
    let summaries: serde_json::Map<String, Value> =
        CLAUSES.iter().map(|c| (c.id.to_string(), Value::String(c.summary.to_string()))).collect();
    json!({
        "editions": Edition::ALL.iter().rev().map(|e| e.year()).collect::<Vec<_>>(),
        "vulnerabilities": ["none", "NS", "EW", "both"],
        "regulations": REGULATIONS.iter().map(|(k, v)| json!({"key": k, "values": v})).collect::<Vec<_>>(),
        "similar": {"similar_suit_cards": 1, "similar_hcp_below": 2, "similar_hcp_above": 3},
        "clauses": summaries,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_every_clause_has_its_anchor() {
        assert_eq!(escape("<b>\"x\" & 'y'</b>"), "&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;");
        let page = clauses();
        for c in CLAUSES {
            assert!(page.contains(&format!("<tr id=\"{}\">", escape(&anchor(c.id)))), "{}", c.id);
        }
        // The defaults of the similar-hand options are the engine's.
        let d = serde_json::to_value(rulings_engine::Regulations::default()).expect("json");
        assert!(d.as_object().is_some_and(|m| m.is_empty()), "{d}");
        let r: rulings_engine::Regulations = serde_json::from_value(setting()["similar"].clone()).expect("similar");
        assert!(r.is_default());
    }
}
