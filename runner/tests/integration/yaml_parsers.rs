//! Every YAML the program reads goes through one guarded parser,
//! `corpus::yaml_guard` (aliases refused before serde_yaml builds a value).
//! The sources of both crates are read (src, tests, examples and build.rs
//! of runner/ and engine/), and no call of serde_yaml's entry points
//! (`from_str`, `from_slice`, `from_reader`, `Deserializer::from_*`) may
//! stand anywhere but in the guard's one function, which carries an
//! `#[allow(clippy::disallowed_methods)]` (clippy.toml refuses the same
//! calls when the code is built, `cargo clippy --all-targets`). Test code
//! has no exception: a test reads YAML through the guard as the program
//! does. The one other call is the engine's build script, which compiles
//! the repository's clause registry in, with its own `allow`. Comments and
//! the text of strings are left out (they may name the calls they warn of).

use std::path::{Path, PathBuf};

/// serde_yaml's entry points that parse text, as a path after `serde_yaml::`.
const ENTRY_POINTS: &[&str] = &[
    "from_str",
    "from_slice",
    "from_reader",
    "de::from_str",
    "de::from_slice",
    "de::from_reader",
    "Deserializer::from_str",
    "Deserializer::from_slice",
    "Deserializer::from_reader",
    "de::Deserializer::from_str",
    "de::Deserializer::from_slice",
    "de::Deserializer::from_reader",
];

/// The guard, and the one call it makes.
const GUARD: &str = "runner/src/corpus/yaml_guard.rs";
const GUARDED_CALL: &str = "serde_yaml::Deserializer::from_str(self.text)";

/// The one other file that may call serde_yaml directly, with an `allow`
/// on the call, and why.
const BUILD_SCRIPT: (&str, &str) =
    ("engine/build.rs", "clauses.yml, the repository's registry, compiled in when the engine is built");

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code without its comments (`//` to the end of a line, outside a
/// string; `/* */`), the text of its strings and its white space, so that `serde_yaml ::
/// from_str` is found as `serde_yaml::from_str`.
fn code(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let (mut i, mut in_string) = (0, false);
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if in_string {
            // A string's text is no code: left out, its quotes kept.
            if c == '\\' {
                i += 2;
                continue;
            }
            in_string = c != '"';
            if in_string {
                i += 1;
                continue;
            }
        } else if c == 'r'
            && matches!(next, Some('"' | '#'))
            && !(i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'))
        {
            // A raw string, r"..." or r#"..."#: to its closing quote and as many #.
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            if chars.get(i + 1 + hashes) == Some(&'"') {
                let close: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
                let body: String = chars[i + 2 + hashes..].iter().collect();
                let end = body.find(&close).map_or(chars.len(), |e| i + 2 + hashes + body[..e].chars().count());
                out.push_str("\"\"");
                i = end + close.chars().count();
                continue;
            }
        } else if c == '"' && i > 0 && chars[i - 1] == '\'' && next == Some('\'') {
            // The character '"', not a string.
        } else if c == '"' {
            in_string = true;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        } else if c == '/' && next == Some('*') {
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
            continue;
        }
        if !c.is_whitespace() {
            out.push(c);
        }
        i += 1;
    }
    out
}

/// Each place in `code` (white space removed) that reaches serde_yaml's
/// parser other than through the guard: a call by path, a `use` that
/// brings an entry point or the `Deserializer` into scope (or all of
/// serde_yaml with `*`), and serde_yaml renamed (`use serde_yaml as y`).
fn raw_parses(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("serde_yaml::") {
        let rest = &code[at + "serde_yaml::".len()..];
        if let Some(p) = ENTRY_POINTS.iter().find(|p| rest.starts_with(*p) && rest[p.len()..].starts_with(['(', ':'])) {
            found.push(format!("serde_yaml::{p}"));
        }
        if rest.starts_with('{') || rest.starts_with("de::{") {
            let list = &rest[..rest.find('}').unwrap_or(rest.len())];
            for name in ["from_str", "from_slice", "from_reader", "Deserializer", "*"] {
                if list.split([',', '{', ':']).any(|n| n == name || n.starts_with(&format!("{name}as"))) {
                    found.push(format!("use serde_yaml::{{{name}}}"));
                }
            }
        }
        for name in ["from_str;", "from_slice;", "from_reader;", "Deserializer;", "*;", "de::*;", "de::Deserializer;"] {
            if rest.starts_with(name) && code[..at].ends_with("use") {
                found.push(format!("use serde_yaml::{name}"));
            }
        }
    }
    for renamed in ["useserde_yamlas", "externcrateserde_yamlas"] {
        if code.contains(renamed) {
            found.push(renamed.to_string());
        }
    }
    found
}

#[test]
fn the_scan_finds_each_way_of_calling_the_parser() {
    for text in [
        "let v: Value = serde_yaml::from_str(text)?;",
        "let v = serde_yaml :: from_slice (bytes);",
        "serde_yaml::de::from_reader(file)",
        "T::deserialize(serde_yaml::Deserializer::from_str(text))",
        "use serde_yaml::{Value, from_str};",
        "use serde_yaml::Deserializer;",
        "use serde_yaml::*;",
        "use serde_yaml as yaml;",
        "use serde_yaml::{from_str as parse, Value};",
    ] {
        assert!(!raw_parses(&code(text)).is_empty(), "not found: {text}");
    }
    for text in [
        "// serde_yaml::from_str(text) is refused",
        "/* serde_yaml::from_str */ let x = 1;",
        "let s = \"serde_yaml::from_str(\"; let t = 1;",
        "serde_yaml::to_string(&v)",
        "let v: serde_yaml::Value = guard(text)?;",
        "serde_yaml::from_value(v)",
    ] {
        assert_eq!(raw_parses(&code(text)), Vec::<String>::new(), "found in: {text}");
    }
    // A string with a quote in it does not hide a call after it.
    assert!(!raw_parses(&code("let q = \"a \\\" b\"; serde_yaml::from_str(t)")).is_empty());
    assert!(!raw_parses(&code("let q = '\"'; serde_yaml::from_str(t)")).is_empty());
    assert!(!raw_parses(&code("let j = r#\"{\"a\": \"//\"}\"#; serde_yaml::from_str(t)")).is_empty());
}

#[test]
fn every_yaml_is_read_through_the_guard() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in ["runner/src", "engine/src", "runner/tests", "engine/tests", "runner/examples", "engine/examples"] {
        rust_files(&root.join(dir), &mut files);
    }
    files.extend(["runner/build.rs", "engine/build.rs"].map(|f| root.join(f)));
    assert!(files.len() > 50, "the sources are read: {} files", files.len());
    let mut raw = Vec::new();
    let mut allows = Vec::new();
    for file in &files {
        let name = file.strip_prefix(&root).unwrap_or(file).to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{name}: {e}"));
        let stripped = code(&text);
        let mut found = raw_parses(&stripped);
        if name == GUARD {
            assert_eq!(
                stripped.matches(&code(GUARDED_CALL)).count(),
                1,
                "{GUARD} calls serde_yaml's parser once: {GUARDED_CALL}"
            );
            found.retain(|f| f != "serde_yaml::Deserializer::from_str");
        }
        if name == BUILD_SCRIPT.0 {
            assert_eq!(found, ["serde_yaml::from_str"], "{}: {}", BUILD_SCRIPT.0, BUILD_SCRIPT.1);
            found.clear();
        }
        raw.extend(found.into_iter().map(|f| format!("{name}: {f}")));
        let allowed = stripped.matches("allow(clippy::disallowed_methods)").count();
        if allowed > 0 {
            allows.push(format!("{name} ({allowed})"));
        }
    }
    allows.sort();
    assert_eq!(raw, Vec::<String>::new(), "YAML parsed without the alias guard: use corpus::yaml_guard");
    assert_eq!(
        allows,
        [format!("{} (1)", BUILD_SCRIPT.0), format!("{GUARD} (1)")],
        "clippy's disallowed_methods is allowed on the guard's one call and the build script's"
    );
}
