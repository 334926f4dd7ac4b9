//! The page and its files, built into the binary (no JavaScript build
//! step: plain HTML, CSS and a script that builds the page's elements with
//! `textContent`, so that nothing a user typed is read as HTML); the
//! clause list the page links to, rendered from the registry as
//! docs/clauses.md is; and the choices the setting offers, the findings
//! and incidents among them, read off the engine's one list of families.

use rulings_engine::clauses::{law_number, CLAUSES};
use rulings_engine::family::{Family, IncidentKind, FAMILIES};
use rulings_engine::request::{Finding, Findings, Given};
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

/// The kind of value `finding` holds, as the page offers it: `yes-no` (a
/// choice of yes, no or not said; on an incident, a checkbox) or `meaning`
/// (the meaning's fields). Read off the engine's own reader and walker
/// ([`Findings::given`]): the finding given `true`, or an empty map, reads
/// back as a flag or a meaning. `None`: a kind of value the page has no
/// field for (a test fails then, naming the finding).
pub fn kind_of_value(finding: Finding) -> Option<&'static str> {
    let given = |value: Value| {
        let findings: Findings = serde_json::from_value(json!({ finding.key(): value })).ok()?;
        let kind = match findings.given().first()? {
            Given::Flag(f, _) if *f == finding => "yes-no",
            Given::Means(_) if finding == Finding::Means => "meaning",
            _ => return None,
        };
        Some(kind)
    };
    given(json!(true)).or_else(|| given(json!({})))
}

/// The family that rules on incidents of `kind`.
fn family_of(kind: IncidentKind) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.incidents.contains(&kind))
}

/// A finding as the page offers it: its key, the family that owns it, its
/// kind of value and its words for yes and for no (`comparable`, `not
/// comparable`).
fn finding_entry(f: Finding) -> Value {
    let family = FAMILIES.iter().find(|x| x.owns.contains(&f)).map(|x| x.feature);
    json!({"key": f.key(), "family": family, "kind": kind_of_value(f), "yes": f.words(true), "no": f.words(false)})
}

/// The findings the page offers on a call: every finding but those owned
/// by a family that rules on incidents, which go on its incidents (the
/// misinformation findings on `misinformed`, docs/case-format.md).
pub fn call_findings() -> Vec<Value> {
    Finding::ALL
        .iter()
        .copied()
        .filter(|f| !FAMILIES.iter().any(|x| !x.incidents.is_empty() && x.owns.contains(f)))
        .map(finding_entry)
        .collect()
}

/// The incidents the page offers, kind by kind: the family that rules on
/// it (its name on the page), its clauses, how a story writes it
/// ([`IncidentKind::forms`]) and the findings it carries (those its family
/// owns).
pub fn incidents() -> Vec<Value> {
    IncidentKind::ALL
        .iter()
        .copied()
        .map(|kind| {
            let family = family_of(kind);
            json!({
                "family": family.map(|f| f.feature),
                "clauses": family.map(|f| f.clauses).unwrap_or_default(),
                "forms": kind.forms(),
                "findings": family.map(|f| f.owns).unwrap_or_default().iter().copied().map(finding_entry)
                    .collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// The choices of the setting: editions, vulnerabilities, the regulation
/// options with their values (the first the default), each clause's
/// summary (the links' titles), the findings a call carries and the
/// incidents a story may hold, with theirs ([`call_findings`],
/// [`incidents`]).
pub fn setting() -> Value {
    let summaries: serde_json::Map<String, Value> =
        CLAUSES.iter().map(|c| (c.id.to_string(), Value::String(c.summary.to_string()))).collect();
    json!({
        "editions": Edition::ALL.iter().rev().map(|e| e.year()).collect::<Vec<_>>(),
        "vulnerabilities": ["none", "NS", "EW", "both"],
        "regulations": REGULATIONS.iter().map(|(k, v)| json!({"key": k, "values": v})).collect::<Vec<_>>(),
        "similar": {"similar_suit_cards": 1, "similar_hcp_below": 2, "similar_hcp_above": 3},
        "clauses": summaries,
        "findings": call_findings(),
        "incidents": incidents(),
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
