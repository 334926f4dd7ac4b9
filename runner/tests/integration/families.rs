//! Every family of law in the engine's one list (`FAMILIES`,
//! engine/src/family.rs) is carried through every place a family touches
//! (docs/adding-a-law.md): a new family, or one of these forgotten for it,
//! fails here, naming what is missing.

use std::path::PathBuf;

use rulings_engine::clauses::CLAUSES;
use rulings_engine::family::{under, Family, FAMILIES};
use rulings_engine::request::Finding;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn clause_of(f: &Family, id: &str) -> bool {
    f.clauses.iter().any(|c| under(id, c))
}

/// Each family's clauses are in engine/clauses.yml (so docs/clauses.md,
/// which a test keeps current, lists them).
#[test]
fn every_family_has_its_clauses() {
    for f in FAMILIES {
        for law in f.clauses {
            assert!(
                CLAUSES.iter().any(|c| under(c.id, law)),
                "{}: no clause under {law} in engine/clauses.yml",
                f.feature
            );
        }
    }
}

/// Each family has its row in the feature tables of docs/protocol.md and
/// docs/implementers.md, and every finding its key in docs/case-format.md.
#[test]
fn every_family_and_finding_is_documented() {
    for doc in ["docs/protocol.md", "docs/implementers.md"] {
        let text = read(doc);
        for f in FAMILIES {
            assert!(text.contains(&format!("| `{}` |", f.feature)), "{doc}: no row for the feature `{}`", f.feature);
        }
    }
    let format = read("docs/case-format.md");
    for finding in Finding::ALL {
        assert!(format.contains(&format!("`{}`", finding.key())), "docs/case-format.md: no `{}`", finding.key());
    }
}

/// Each family has cases in the corpus: one citing a clause of the family,
/// or (a family of no clause: `meanings`) carrying a finding it owns.
#[test]
fn every_family_has_cases() {
    let corpus = rulings::corpus::load::load_corpus(&[root().join("cases")]);
    for f in FAMILIES {
        let has = corpus.cases.iter().any(|c| {
            c.laws.iter().any(|l| clause_of(f, l))
                || c.events.iter().any(|e| e.findings.given().iter().any(|g| f.owns.contains(&g.finding())))
        });
        assert!(has, "{}: no case in cases/ cites a clause of the family or carries its findings", f.feature);
    }
}

/// Each family `rulings fuzz` draws has an arm in the generator (a story
/// drawn for that family alone needs it) and a planted bug in the power
/// test (runner/examples/planted_bug.rs, tests/integration/fuzz.rs) that
/// declares it.
#[test]
fn every_drawn_family_is_drawn_and_has_a_planted_bug() {
    use rulings::fuzz::generator::{story, Rng};
    use rulings::fuzz::scope::{needs, Scope};
    let power = read("runner/tests/integration/fuzz.rs");
    for f in FAMILIES.iter().filter(|f| f.drawn) {
        let scope = Scope::of(&rulings_engine::protocol::engine_hello()).focused(&[f.feature.to_string()], &[]);
        let mut rng = Rng::new(2026);
        let drawn = (0..300).any(|_| {
            let g = story(&mut rng, &scope);
            let ruled = g.ruling.or_else(|| rulings_engine::rule(&g.story).ok());
            ruled.is_some_and(|r| needs(&g.story, &r).contains(&f.feature))
        });
        assert!(
            drawn,
            "{}: 300 stories drawn for the family alone, none needs it (an arm in generator.rs?)",
            f.feature
        );
        let row = power.lines().any(|l| l.trim_start().starts_with("(\"") && l.contains(&format!("\"{}\"", f.feature)));
        assert!(row, "{}: no planted bug declares it in the power test (tests/integration/fuzz.rs)", f.feature);
    }
}

/// The workbench offers every finding and every incident the engine knows,
/// read off `FAMILIES` (its page learns them from /api/setting and holds no
/// list of its own): each finding, with a kind of value the page has a
/// field for, on calls or on the incidents of the family that owns it; and
/// each incident with its forms (how a story writes it) and the findings
/// its family owns. The browser test (workbench.rs) finds a control for
/// each on the page.
#[test]
fn the_workbench_offers_every_finding_and_incident() {
    use rulings::workbench::page::{call_findings, incidents, kind_of_value, setting};
    use rulings_engine::family::IncidentKind;
    let setting = setting();
    assert_eq!(setting["findings"], serde_json::json!(call_findings()));
    assert_eq!(setting["incidents"], serde_json::json!(incidents()));
    let keys = |list: &serde_json::Value| -> Vec<String> {
        list.as_array().into_iter().flatten().filter_map(|f| f["key"].as_str().map(str::to_string)).collect()
    };
    let on_calls = keys(&setting["findings"]);
    let on_incidents: Vec<String> =
        setting["incidents"].as_array().into_iter().flatten().flat_map(|i| keys(&i["findings"])).collect();
    for &finding in Finding::ALL {
        let key = finding.key().to_string();
        assert!(kind_of_value(finding).is_some(), "the workbench has no field for the kind of value of `{key}`");
        let offered = on_calls.iter().chain(&on_incidents).filter(|k| **k == key).count();
        assert_eq!(offered, 1, "the workbench offers `{key}` {offered} times (on calls: {on_calls:?})");
    }
    for kind in IncidentKind::ALL {
        let family = FAMILIES.iter().find(|f| f.incidents.contains(kind)).expect("a family rules on it");
        let offered = setting["incidents"].as_array().into_iter().flatten().find(|i| i["family"] == family.feature);
        let offered = offered.unwrap_or_else(|| panic!("the workbench does not offer the incident {kind:?}"));
        assert_eq!(offered["forms"], serde_json::json!(kind.forms()), "{kind:?}");
        let owned: Vec<String> = family.owns.iter().map(|f| f.key().to_string()).collect();
        assert_eq!(keys(&offered["findings"]), owned, "{kind:?}: the findings its family owns");
        for f in offered["findings"].as_array().into_iter().flatten() {
            // The page offers an incident's findings as checkboxes.
            assert_eq!(f["kind"], "yes-no", "{kind:?}: the page has no field on an incident for {f}");
        }
    }
}
