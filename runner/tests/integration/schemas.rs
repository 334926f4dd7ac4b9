//! The JSON Schemas in schemas/ are kept true: every request the runner
//! sends for the corpus (each case, edition and seat rotation) and every
//! answer the engine's protocol server gives validate; the runner's own
//! strict reading accepts the same answers; and documents that break the
//! protocol are refused by both. The validator is schema_validator/ (a
//! subset of draft 2020-12 that refuses keywords it does not check).

use std::path::PathBuf;

use crate::schema_validator::{Regex, Schemas};
use rulings::corpus::load::load_corpus;
use rulings::implementation::external::answer::read_answer;
use rulings_engine::protocol::{engine_hello, FromImplementation, RulingAnswer, ToImplementation};
use serde_json::{json, Value};

const FILES: &[&str] = &[
    "case.schema.json",
    "ruling.schema.json",
    "hello.schema.json",
    "request.schema.json",
    "to-implementation.schema.json",
    "from-implementation.schema.json",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn schemas() -> Schemas {
    Schemas::load(&root().join("schemas"), FILES).unwrap_or_else(|e| panic!("the schemas load: {e}"))
}

fn valid(s: &Schemas, file: &str, v: &Value) {
    let errors = s.validate(file, v);
    assert!(errors.is_empty(), "{file} refuses {v}:\n{}", errors.join("\n"));
}

fn invalid(s: &Schemas, file: &str, v: &Value, fragment: &str) {
    let errors = s.validate(file, v);
    assert!(!errors.is_empty(), "{file} accepts {v}");
    assert!(
        errors.iter().any(|e| e.contains(fragment)),
        "{file} on {v}: expected {fragment:?} in\n{}",
        errors.join("\n")
    );
}

#[test]
fn every_request_and_every_engine_answer_for_the_corpus_fits_the_schemas() {
    let s = schemas();
    let corpus = load_corpus(&[root().join("cases")]);
    assert!(corpus.cases.len() >= 50, "the corpus is there: {} cases", corpus.cases.len());
    let (mut rulings, mut errors) = (0, 0);
    let mut seq = 0u64;
    for case in &corpus.cases {
        for &edition in &case.editions {
            for rotation in 0..4 {
                seq += 1;
                let message =
                    ToImplementation::Rule { seq: json!(seq), request: case.request(edition).rotate(rotation) };
                let line = serde_json::to_string(&message).expect("a request serializes");
                let request: Value = serde_json::from_str(&line).expect("json");
                valid(&s, "request.schema.json", &request);
                valid(&s, "to-implementation.schema.json", &request);

                // The engine's server answers the line exactly as the binary does.
                let answer = rulings_engine::server::Session::new().answer(&line).expect("a rule gets an answer");
                let text = serde_json::to_string(&answer).expect("an answer serializes");
                let value: Value = serde_json::from_str(&text).expect("json");
                valid(&s, "from-implementation.schema.json", &value);
                let read = read_answer(text.as_bytes(), &json!(seq));
                assert!(read.is_ok(), "the runner refuses the engine's answer to {}: {read:?}", case.name);
                match answer {
                    FromImplementation::Ruling(RulingAnswer { ruling, .. }) => {
                        valid(&s, "ruling.schema.json", &serde_json::to_value(&ruling).expect("json"));
                        rulings += 1;
                    }
                    FromImplementation::Error(_) => errors += 1,
                    other => panic!("unexpected answer {other:?}"),
                }
            }
        }
    }
    assert!(rulings > 0, "at least one ruling was validated");
    eprintln!("validated {rulings} rulings and {errors} error answers");
}

/// The case file's schema (editor help; `rulings check` is the authority)
/// accepts every case of the corpus.
#[test]
fn every_case_file_fits_the_case_schema() {
    let s = schemas();
    let dir = root().join("cases");
    let files = rulings::corpus::load::find_case_files(&dir, &dir).expect("the corpus is readable");
    let mut n = 0;
    for (name, path) in files.iter().filter(|(name, _)| !name.rsplit('/').next().unwrap_or("").starts_with('_')) {
        let text = std::fs::read_to_string(path).expect("a case file reads");
        let value: Value =
            rulings::corpus::yaml_guard::from_str_without_aliases(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let errors = s.validate("case.schema.json", &value);
        assert!(errors.is_empty(), "schemas/case.schema.json refuses {name}:\n{}", errors.join("\n"));
        n += 1;
    }
    assert!(n >= 50, "{n} case files");
    // The story's three forms fit it, and two at once do not.
    let case = |story: &str| {
        let text =
            format!("id: L27-ABCD\ntitle: t\nlaws: [\"27B1(a)\"]\nsource: s\ndealer: W\n{story}expect: {{next: E}}\n");
        rulings::corpus::yaml_guard::from_str_without_aliases::<Value>(&text).expect("yaml")
    };
    let events = "events:\n  - W: 1D\n  - N: 1C\n";
    let story = "story: \"W 1D, N 1C\"\n";
    let grid = "grid: |\n  W N E S\n  1D 1C\n";
    for form in [events, story, grid] {
        valid(&s, "case.schema.json", &case(form));
    }
    for two in [format!("{events}{grid}"), format!("{story}{grid}")] {
        assert!(!s.validate("case.schema.json", &case(&two)).is_empty(), "{two}");
    }
}

/// The loader and the case schema take the same spellings of a
/// vulnerability: `vulnerable: ew` was read by `rulings check` and `fmt`,
/// then refused by the schema, so the two disagreed. Both now take `none`, `NS`, `EW`
/// and `both` only, and the loader says which to write instead.
#[test]
fn the_loader_and_the_case_schema_agree_on_vulnerability() {
    let s = schemas();
    for spelling in ["none", "NS", "EW", "both", "ew", "ns", "None", "Both", "all", "All", "love", "-", "NSEW"] {
        let text = format!(
            "id: L27-ABCD\ntitle: t\nlaws: [\"27B1(a)\"]\nsource: s\ndealer: W\nvulnerable: \"{spelling}\"\n\
             events:\n  - W: 1D\n  - N: 1C\nexpect: {{next: E}}\n"
        );
        let schema_takes = s
            .validate(
                "case.schema.json",
                &rulings::corpus::yaml_guard::from_str_without_aliases::<Value>(&text).expect("yaml"),
            )
            .is_empty();
        let path = std::path::Path::new("v.yaml");
        let loaded = rulings::corpus::case::parse_case("v.yaml", path, &text);
        assert_eq!(loaded.is_ok(), schema_takes, "{spelling}: loader {loaded:?}, schema takes it: {schema_takes}");
        if let Err(e) = loaded {
            assert_eq!(e.line, 6, "{spelling}: {e}");
            assert!(e.message.contains("none, NS, EW or both"), "{spelling}: {e}");
        }
    }
    let e = rulings::corpus::case::parse_case("v.yaml", std::path::Path::new("v.yaml"), "id: L27-ABCD\ntitle: t\nlaws: [\"27B1(a)\"]\nsource: s\ndealer: W\nvulnerable: ew\nevents:\n  - W: 1D\nexpect: {next: E}\n").expect_err("ew");
    assert!(e.message.contains("write `EW`"), "{e}");
}

#[test]
fn hellos_and_control_messages_fit() {
    let s = schemas();
    let mut hello = serde_json::to_value(engine_hello()).expect("json");
    hello["type"] = json!("hello");
    valid(&s, "hello.schema.json", &hello);
    valid(&s, "from-implementation.schema.json", &hello);
    let answered =
        serde_json::to_value(rulings_engine::server::Session::new().answer(r#"{"type":"hello","protocol":1}"#))
            .expect("json");
    valid(&s, "hello.schema.json", &answered);
    valid(&s, "to-implementation.schema.json", &json!({"type":"hello","protocol":1}));
    valid(&s, "to-implementation.schema.json", &json!({"type":"bye"}));
    valid(&s, "from-implementation.schema.json", &json!({"type":"skipped","seq":3,"reason":"no 2007 yet"}));
    valid(&s, "from-implementation.schema.json", &json!({"type":"error","seq":"a","message":"cannot"}));
    let refused = json!({"type":"refused","seq":4,"event":1,"reason":"1H does not beat 1S"});
    valid(&s, "from-implementation.schema.json", &refused);
    assert!(read_answer(refused.to_string().as_bytes(), &json!(4)).is_ok(), "the runner reads what the schema accepts");
    for bad in [
        json!({"type":"refused","seq":4,"event":-1,"reason":"x"}),
        json!({"type":"refused","seq":4,"event":1}),
        json!({"type":"refused","seq":4,"event":1,"reason":"x","call":"1H"}),
    ] {
        assert!(!s.validate("from-implementation.schema.json", &bad).is_empty(), "the schema accepts {bad}");
        assert!(read_answer(bad.to_string().as_bytes(), &json!(4)).is_err(), "the runner accepts {bad}");
    }

    let mut bad = hello.clone();
    bad["protocol"] = json!(2);
    invalid(&s, "hello.schema.json", &bad, "is not 1");
    let mut bad = hello.clone();
    bad["editions"] = json!([2017]);
    invalid(&s, "hello.schema.json", &bad, "$.editions[0]");
    invalid(&s, "from-implementation.schema.json", &json!({"type":"skipped","seq":3}), "missing key `reason`");
    invalid(
        &s,
        "to-implementation.schema.json",
        &json!({"type":"rule","seq":1,"edition":"2017","dealer":"N",
        "vulnerable":"none","events":[{"N":"1S"}],"expect":{}}),
        "unknown key `expect`",
    );
    invalid(
        &s,
        "request.schema.json",
        &json!({"type":"rule","seq":1,"edition":"2017","dealer":"N",
        "vulnerable":"none","events":[{"N":"1S","E":"P"}]}),
        "matches 2 of oneOf",
    );
    invalid(
        &s,
        "request.schema.json",
        &json!({"type":"rule","seq":1,"edition":"2017","dealer":"N",
        "vulnerable":"none","events":[{"N":"Pass"}]}),
        "does not match",
    );
}

/// A ruling the engine gives, changed in one place: both the schema and the
/// runner's reading refuse it.
#[test]
fn rulings_that_break_the_protocol_are_refused_by_schema_and_runner_alike() {
    let s = schemas();
    let line = r#"{"type":"rule","seq":1,"edition":"2017","dealer":"N","vulnerable":"none","events":[{"N":"1S"},{"E":"X"},{"S":"P"},{"W":"P"},{"N":"P"}]}"#;
    let answer = serde_json::to_value(rulings_engine::server::Session::new().answer(line)).expect("json");
    assert_eq!(answer["ruling"]["contract"]["doubled"], "X", "{answer}");
    valid(&s, "from-implementation.schema.json", &answer);
    let breaks: Vec<(&str, Value, &str)> = vec![
        ("/next", json!("Q"), "$.next"),
        ("/auction/1", json!("Dbl"), "does not match"),
        ("/contract/bid", json!("8S"), "does not match"),
        ("/contract/doubled", json!("XXX"), "is not one of"),
        ("/status", json!("over"), "is not one of"),
        ("/must_pass", json!([{"seat":"S","scope":"forever","law":"27B2","in_force":true}]), "is not one of"),
        ("/rulings", json!([{"seat":"E","call":"1H","irregularity":"too-low","law":"27B1(a)"}]), "is not one of"),
        (
            "/rulings",
            json!([{"seat":"E","call":"1H","irregularity":"insufficient-bid","law":"Law 27"}]),
            "does not match",
        ),
        ("/score_adjustment", json!(["27D", "27D"]), "repeated"),
    ];
    for (pointer, value, fragment) in breaks {
        let mut bad = answer.clone();
        *bad.pointer_mut(&format!("/ruling{pointer}")).expect("the pointer exists") = value.clone();
        invalid(&s, "ruling.schema.json", &bad["ruling"], fragment);
        // The answer's schema names what is wrong inside the ruling, as the ruling's does.
        invalid(&s, "from-implementation.schema.json", &bad, &fragment.replacen("$.", "$.ruling.", 1));
        let runner = read_answer(bad.to_string().as_bytes(), &json!(1));
        assert!(runner.is_err(), "the runner accepts {pointer} = {value}");
    }
    for key in ["contract", "decision", "must_pass", "score_cap"] {
        let mut bad = answer.clone();
        bad["ruling"].as_object_mut().expect("object").remove(key);
        invalid(&s, "ruling.schema.json", &bad["ruling"], &format!("missing key `{key}`"));
        invalid(&s, "from-implementation.schema.json", &bad, &format!("$.ruling: missing key `{key}`"));
        // Only that: not a list of the other kinds of answer the line is not
        // (off-the-shelf validators then report one of those instead).
        let errors = s.validate("from-implementation.schema.json", &bad);
        assert_eq!(errors, [format!("$.ruling: missing key `{key}`")], "a ruling without {key}");
        assert!(read_answer(bad.to_string().as_bytes(), &json!(1)).is_err(), "the runner accepts no {key}");
    }
    let mut bad = answer.clone();
    bad["ruling"]["verdict"] = json!("fine");
    invalid(&s, "ruling.schema.json", &bad["ruling"], "unknown key `verdict`");
    assert!(read_answer(bad.to_string().as_bytes(), &json!(1)).is_err());
}

#[test]
fn every_clause_of_the_registry_fits_the_clause_pattern() {
    let s = schemas();
    for c in rulings_engine::clauses::CLAUSES {
        let mut ruling = serde_json::to_value(
            rulings_engine::server::Session::new()
                .answer(r#"{"type":"rule","seq":1,"dealer":"N","events":[{"N":"1S"}]}"#),
        )
        .expect("json")["ruling"]
            .clone();
        ruling["score_adjustment"] = json!([c.id]);
        let errors = s.validate("ruling.schema.json", &ruling);
        assert!(errors.is_empty(), "{}: {errors:?}", c.id);
    }
}

#[test]
fn the_validator_refuses_keywords_it_does_not_check() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let dir = scratch.path();
    std::fs::write(dir.join("x.json"), r#"{"type":"string","format":"email"}"#).expect("write");
    let err = Schemas::load(dir, &["x.json"]).err().expect("refused");
    assert!(err.contains("`format`"), "{err}");
}

#[test]
fn the_pattern_subset_matches_as_regular_expressions_do() {
    let call = Regex::new("^(P|X|XX|[1-9][0-9]*(C|D|H|S|NT))$").expect("parses");
    for ok in ["P", "X", "XX", "1C", "7NT", "12S"] {
        assert!(call.is_match(ok), "{ok}");
    }
    for no in ["", "p", "XXX", "0S", "1N", "1NTX", " 1S", "Pass"] {
        assert!(!call.is_match(no), "{no}");
    }
    let clause = Regex::new(r"^[0-9]+[A-Z]?[0-9]*(\([a-z0-9]+\))*$").expect("parses");
    for ok in ["27B1(a)", "16C2", "23C", "9B", "12C1(e)", "25B2(b)(1)"] {
        assert!(clause.is_match(ok), "{ok}");
    }
    for no in ["Law 27", "27b", "27B1a", "(a)"] {
        assert!(!clause.is_match(no), "{no}");
    }
    let range = Regex::new(r"^([0-9]+(-[0-9]+|\+)?|-[0-9]+)$").expect("parses");
    for ok in ["11-15", "12+", "-10", "16", "0+"] {
        assert!(range.is_match(ok), "{ok}");
    }
    for no in ["11-", "+12", "a", "1-2-3"] {
        assert!(!range.is_match(no), "{no}");
    }
    let unanchored = Regex::new("b{2,3}").expect("parses");
    assert!(unanchored.is_match("abbbc") && !unanchored.is_match("abc"));
    assert!(Regex::new(r"\d+").is_err(), "classes like \\d are refused, not misread");
}

#[test]
fn bundled_schemas_are_copies_of_the_files_beside_them() {
    // from- and to-implementation carry the schemas they refer to under
    // $defs, so that off-the-shelf validators resolve every $ref without
    // flags or network; each copy must say what its file says.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../schemas");
    let read = |n: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(dir.join(n)).expect("schema file")).expect("json")
    };
    for (composite, parts) in [
        ("from-implementation.schema.json", &["hello.schema.json", "ruling.schema.json"][..]),
        ("to-implementation.schema.json", &["request.schema.json"][..]),
    ] {
        let c = read(composite);
        for part in parts {
            let mut file = read(part);
            let map = file.as_object_mut().expect("an object");
            map.remove("$schema");
            map.insert("$id".into(), Value::String(part.to_string()));
            assert_eq!(c["$defs"][*part], file, "{composite}: $defs[{part}] differs from {part}: copy it again");
        }
    }
    // No $id names a host: references resolve against the file's own place.
    for entry in std::fs::read_dir(&dir).expect("schemas/").flatten() {
        let v: Value = serde_json::from_str(&std::fs::read_to_string(entry.path()).expect("read")).expect("json");
        assert!(
            v.get("$id").is_none(),
            "{}: a top-level $id would send validators to the network",
            entry.path().display()
        );
    }
}

/// The schemas against the types: every object a schema describes has
/// exactly the keys of the Rust type the runner or the engine reads it
/// into (read off the type: [`keys`]). A field added to a type and not to
/// its schema (or the other way round) fails here, whether or not any case
/// makes it appear. Each object also refuses other keys.
#[test]
fn every_schema_object_has_the_keys_of_its_type() {
    use rulings::corpus::case::{case_file_keys, ALIASES};
    use rulings::judging::known_failures::KnownFailure;
    use rulings::report::{CaseLine, CorpusInfo, Footer, GradeInfo, Header, Totals};
    use rulings_engine::meanings::Meaning;
    use rulings_engine::protocol::{keys, ErrorAnswer, Hello, RefusedAnswer, RulingAnswer, SkippedAnswer};
    use rulings_engine::request::{Findings, Regulations, Request};
    use rulings_engine::ruling::{
        CallRestriction, Comparability, Contract, Decision, IrregularityRuling, LeadRestriction, MustPass, PenaltyCard,
        Ruling, ScoreCap, UnauthorizedInformation, WithdrawnCall,
    };

    let with = |first: &[&'static str], rest: &[&'static str]| -> Vec<&'static str> {
        first.iter().chain(rest).copied().collect()
    };
    let ruling_keys = keys::<Ruling>().to_vec();
    let mut expect_keys = ruling_keys.clone();
    expect_keys.extend(ALIASES.iter().map(|(alias, _)| *alias));
    let event_keys = with(&["N", "E", "S", "W"], keys::<Findings>());
    let ruling_objects = |file: &'static str, at: &'static str| {
        vec![
            (file, at.to_string(), ruling_keys.clone()),
            (file, format!("{at}/properties/decision/anyOf/0"), keys::<Decision>().to_vec()),
            (file, format!("{at}/properties/rulings/items"), keys::<IrregularityRuling>().to_vec()),
            (
                file,
                format!("{at}/properties/rulings/items/properties/comparable/anyOf/0"),
                keys::<Comparability>().to_vec(),
            ),
            (file, format!("{at}/properties/must_pass/items"), keys::<MustPass>().to_vec()),
            (file, format!("{at}/properties/call_restrictions/items"), keys::<CallRestriction>().to_vec()),
            (file, format!("{at}/properties/lead_restrictions/items"), keys::<LeadRestriction>().to_vec()),
            (file, format!("{at}/properties/penalty_cards/items"), keys::<PenaltyCard>().to_vec()),
            (
                file,
                format!("{at}/properties/unauthorized_information/items"),
                keys::<UnauthorizedInformation>().to_vec(),
            ),
            (
                file,
                format!("{at}/properties/unauthorized_information/items/properties/from"),
                keys::<WithdrawnCall>().to_vec(),
            ),
            (file, format!("{at}/properties/contract/anyOf/0"), keys::<Contract>().to_vec()),
            (file, format!("{at}/properties/score_cap/anyOf/0"), keys::<ScoreCap>().to_vec()),
        ]
    };
    let request_objects = |file: &'static str, at: &'static str| {
        vec![
            (file, at.to_string(), with(&["type", "seq"], keys::<Request>())),
            (file, format!("{at}/properties/regulations"), keys::<Regulations>().to_vec()),
            (file, format!("{at}/$defs/event"), event_keys.clone()),
            (file, format!("{at}/$defs/meaning"), keys::<Meaning>().to_vec()),
        ]
    };
    let mut table: Vec<(&str, String, Vec<&str>)> = Vec::new();
    table.extend(ruling_objects("ruling.schema.json", ""));
    table.extend(ruling_objects("from-implementation.schema.json", "/$defs/ruling.schema.json"));
    table.extend(request_objects("request.schema.json", ""));
    table.extend(request_objects("to-implementation.schema.json", "/$defs/request.schema.json"));
    table.extend([
        ("hello.schema.json", String::new(), with(&["type"], keys::<Hello>())),
        ("from-implementation.schema.json", "/$defs/hello.schema.json".into(), with(&["type"], keys::<Hello>())),
        ("from-implementation.schema.json", "/allOf/1/then".into(), with(&["type"], keys::<RulingAnswer>())),
        ("from-implementation.schema.json", "/allOf/2/then".into(), with(&["type"], keys::<SkippedAnswer>())),
        ("from-implementation.schema.json", "/allOf/3/then".into(), with(&["type"], keys::<ErrorAnswer>())),
        ("from-implementation.schema.json", "/allOf/4/then".into(), with(&["type"], keys::<RefusedAnswer>())),
        ("to-implementation.schema.json", "/oneOf/0".into(), vec!["type", "protocol"]),
        ("case.schema.json", String::new(), case_file_keys().to_vec()),
        ("case.schema.json", "/properties/regulations".into(), keys::<Regulations>().to_vec()),
        ("case.schema.json", "/properties/expect".into(), expect_keys),
        ("case.schema.json", "/$defs/event".into(), event_keys.clone()),
        ("case.schema.json", "/$defs/meaning".into(), keys::<Meaning>().to_vec()),
        ("report-line.schema.json", "/$defs/header".into(), with(&["type"], keys::<Header>())),
        ("report-line.schema.json", "/$defs/header/properties/corpus".into(), keys::<CorpusInfo>().to_vec()),
        ("report-line.schema.json", "/$defs/case".into(), with(&["type"], keys::<CaseLine>())),
        ("report-line.schema.json", "/$defs/case/properties/grade".into(), keys::<GradeInfo>().to_vec()),
        ("report-line.schema.json", "/$defs/footer".into(), with(&["type"], keys::<Footer>())),
        ("report-line.schema.json", "/$defs/footer/properties/totals".into(), keys::<Totals>().to_vec()),
        ("known-failures.schema.json", "/anyOf/1/additionalProperties".into(), keys::<KnownFailure>().to_vec()),
    ]);
    let mut problems = Vec::new();
    for (file, at, type_keys) in &table {
        assert!(!type_keys.is_empty(), "{file}#{at}: the type's keys were read");
        let text = std::fs::read_to_string(root().join("schemas").join(file)).expect("a schema file");
        let schema: Value = serde_json::from_str(&text).expect("a schema is JSON");
        let Some(object) = schema.pointer(at) else {
            problems.push(format!("{file}#{at}: no such object in the schema"));
            continue;
        };
        if object.get("additionalProperties") != Some(&Value::Bool(false)) {
            problems.push(format!("{file}#{at}: does not refuse other keys (additionalProperties: false)"));
        }
        let mut in_schema: Vec<&str> =
            object["properties"].as_object().map(|m| m.keys().map(String::as_str).collect()).unwrap_or_default();
        in_schema.sort();
        let mut in_type = type_keys.clone();
        in_type.sort();
        if in_schema != in_type {
            let only_schema: Vec<&&str> = in_schema.iter().filter(|k| !in_type.contains(k)).collect();
            let only_type: Vec<&&str> = in_type.iter().filter(|k| !in_schema.contains(k)).collect();
            problems
                .push(format!("{file}#{at}: keys only in the schema {only_schema:?}, only in the type {only_type:?}"));
        }
    }
    assert!(problems.is_empty(), "the schemas and the types part:\n{}", problems.join("\n"));
}
