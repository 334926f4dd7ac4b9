//! State below and rules above: no module of the engine or the runner
//! imports a module that imports it back (CONTRIBUTING.md, "Architecture").
//!
//! The check reads the sources: each file is a module (`a/b.rs` is
//! `a::b`, `a/mod.rs` is `a`), and a module depends on another when its
//! code names it: a `use` line or a path (`crate::x::y`, `super::x`, or a
//! child module by its name in a `use`). A module's own `pub use` of its
//! children's items is how it presents them, not a dependency on them, and
//! `mod x;` is ownership; tests (`#[cfg(test)] mod tests`, or another
//! module whose name ends in `tests`, at the end of a file, and `tests.rs`
//! files) and comments are left out. The graph must
//! have no cycle, among files and among folders: seen from any depth, with
//! each folder taken as one module (all it holds, `mod.rs` and below), no
//! folder imports one that imports it back.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A crate's modules and what each depends on.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The module a file is: `src/a/b.rs` -> `a::b`, `src/a/mod.rs` -> `a`,
/// `src/lib.rs` (the root) -> ``.
fn module_of(rel: &Path) -> String {
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().to_string()).collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts.join("::")
}

/// Every `.rs` file under `dir`, by path relative to `root`.
fn rust_files(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(root, &p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p.strip_prefix(root).unwrap_or(&p).to_path_buf());
        }
    }
}

/// The code of a file, without its tests and comments.
fn code(text: &str) -> String {
    let mut out = String::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let next = lines.get(i + 1).map(|l| l.trim()).unwrap_or("");
        // A test module (`mod tests`, `mod more_tests`...) ends the code.
        let test_module = next
            .strip_prefix("mod ")
            .and_then(|m| m.split([' ', '{', ';']).next())
            .is_some_and(|m| m.ends_with("tests"));
        if line.trim() == "#[cfg(test)]" && test_module {
            break;
        }
        let mut quotes = 0;
        let mut kept = String::new();
        let chars: Vec<char> = line.chars().collect();
        let mut k = 0;
        while k < chars.len() {
            if chars[k] == '"' && (k == 0 || chars[k - 1] != '\\') {
                quotes += 1;
            }
            if chars[k] == '/' && chars.get(k + 1) == Some(&'/') && quotes % 2 == 0 {
                break;
            }
            kept.push(chars[k]);
            k += 1;
        }
        out.push_str(&kept);
        out.push('\n');
    }
    out
}

/// The paths a piece of code names after `crate::`, `super::` or a `use`
/// of a child module, each as its segments, with whether it is a `pub use`
/// (a re-export).
fn named_paths(code: &str, children: &BTreeSet<String>) -> Vec<(Vec<String>, bool)> {
    let mut out = Vec::new();
    // Statements are split on `;` so that a `use` over several lines is one.
    for stmt in code.split(';') {
        let s = stmt.trim();
        let reexport = s.starts_with("pub use") || s.starts_with("pub(crate) use");
        let is_use = reexport || s.starts_with("use ");
        let flat: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
        if is_use {
            let body = flat.split_once("use ").map(|(_, b)| b).unwrap_or("");
            for path in expand(body) {
                let first = path.first().map(String::as_str).unwrap_or("");
                if first == "crate" || first == "super" || first == "self" || children.contains(first) {
                    out.push((path, reexport));
                }
            }
        } else {
            for start in ["crate::", "super::"] {
                let mut rest = flat.as_str();
                while let Some(at) = rest.find(start) {
                    let before = rest[..at].chars().last();
                    let tail = &rest[at..];
                    rest = &rest[at + start.len()..];
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    let path: Vec<String> = tail
                        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                        .next()
                        .unwrap_or("")
                        .split("::")
                        .filter(|p| !p.is_empty())
                        .map(str::to_string)
                        .collect();
                    out.push((path, false));
                }
            }
        }
    }
    out
}

/// `a::{b, c::{d, e}}` -> `a::b`, `a::c::d`, `a::c::e` (as segments).
fn expand(body: &str) -> Vec<Vec<String>> {
    let body = body.trim();
    let Some(open) = body.find('{') else {
        let path = body.split(" as ").next().unwrap_or(body);
        return vec![path.split("::").map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()];
    };
    let prefix: Vec<String> =
        body[..open].split("::").map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    let inner = &body[open + 1..body.rfind('}').unwrap_or(body.len())];
    let mut items = Vec::new();
    let (mut depth, mut from) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[from..]);
    let mut out = Vec::new();
    for item in items.into_iter().map(str::trim).filter(|i| !i.is_empty()) {
        for tail in expand(item) {
            let mut p = prefix.clone();
            if tail != ["self"] {
                p.extend(tail);
            }
            out.push(p);
        }
    }
    out
}

/// The graph of one crate: `files` are (relative path, text).
fn graph(files: &[(PathBuf, String)]) -> Graph {
    let modules: BTreeSet<String> = files.iter().map(|(p, _)| module_of(p)).collect();
    let mut g = Graph::new();
    for (path, text) in files {
        let me = module_of(path);
        // `super` from `a::b` (a file `a/b.rs` or `a/b/mod.rs`) is `a`.
        let parent = |m: &str| m.rsplit_once("::").map(|(p, _)| p.to_string()).unwrap_or_default();
        let sup = parent(&me);
        let children: BTreeSet<String> = modules
            .iter()
            .filter(|m| parent(m) == me && **m != me)
            .map(|m| m.rsplit("::").next().unwrap_or("").to_string())
            .collect();
        let deps = g.entry(me.clone()).or_default();
        for (segments, reexport) in named_paths(&code(text), &children) {
            let mut base: Vec<String> = Vec::new();
            let mut rest = segments.as_slice();
            match rest.first().map(String::as_str) {
                Some("crate") => rest = &rest[1..],
                Some("super") => {
                    base = sup.split("::").filter(|s| !s.is_empty()).map(str::to_string).collect();
                    rest = &rest[1..];
                    while rest.first().map(String::as_str) == Some("super") {
                        base.pop();
                        rest = &rest[1..];
                    }
                }
                Some("self") => {
                    base = me.split("::").filter(|s| !s.is_empty()).map(str::to_string).collect();
                    rest = &rest[1..];
                }
                _ => base = me.split("::").filter(|s| !s.is_empty()).map(str::to_string).collect(),
            }
            // The longest prefix that is a module of this crate.
            let mut target = None;
            for n in (0..=rest.len()).rev() {
                let mut full = base.clone();
                full.extend(rest[..n].iter().cloned());
                let name = full.join("::");
                if modules.contains(&name) {
                    target = Some(name);
                    break;
                }
            }
            let Some(target) = target else { continue };
            if target == me || reexport {
                continue;
            }
            deps.insert(target);
        }
    }
    g
}

/// A cycle in `g`, as the modules along it, if there is one.
fn cycle(g: &Graph) -> Option<Vec<String>> {
    fn visit(m: &str, g: &Graph, state: &mut BTreeMap<String, u8>, stack: &mut Vec<String>) -> Option<Vec<String>> {
        state.insert(m.to_string(), 1);
        stack.push(m.to_string());
        for d in g.get(m).into_iter().flatten() {
            match state.get(d.as_str()).copied().unwrap_or(0) {
                1 => {
                    let from = stack.iter().position(|s| s == d).unwrap_or(0);
                    let mut c: Vec<String> = stack[from..].to_vec();
                    c.push(d.clone());
                    return Some(c);
                }
                0 => {
                    if let Some(c) = visit(d, g, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(m.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in g.keys() {
        if state.get(m.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(m, g, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// The graph seen from `depth` folders down: each module is taken as its
/// folder at that depth (`corpus::fmt::notes` at depth 1 is `corpus`), and
/// a folder depends on another when something in it depends on something
/// in the other.
fn folders(g: &Graph, depth: usize) -> Graph {
    let at = |m: &str| m.split("::").take(depth).collect::<Vec<_>>().join("::");
    let mut out = Graph::new();
    for (m, deps) in g {
        let from = at(m);
        let entry = out.entry(from.clone()).or_default();
        entry.extend(deps.iter().map(|d| at(d)).filter(|d| *d != from));
    }
    out
}

/// How many folders deep the deepest module is.
fn depth(g: &Graph) -> usize {
    g.keys().map(|m| m.split("::").count()).max().unwrap_or(0)
}

/// The files of one crate tree under `src`: those `keep` accepts, minus
/// test-only files.
fn tree(src: &Path, keep: impl Fn(&Path) -> bool) -> Vec<(PathBuf, String)> {
    let mut paths = Vec::new();
    rust_files(src, src, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .filter(|p| keep(p) && p.file_name().is_some_and(|n| n != "tests.rs"))
        .map(|p| {
            let text = std::fs::read_to_string(src.join(&p)).expect("a source file");
            (p, text)
        })
        .collect()
}

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn assert_acyclic(what: &str, files: &[(PathBuf, String)]) -> Graph {
    assert!(files.len() > 3, "{what}: the sources were found ({} files)", files.len());
    let g = graph(files);
    if let Some(c) = cycle(&g) {
        panic!("{what}: an import cycle: {}", c.join(" -> "));
    }
    for d in 1..depth(&g) {
        if let Some(c) = cycle(&folders(&g, d)) {
            panic!("{what}: an import cycle between folders: {}", c.join(" -> "));
        }
    }
    g
}

#[test]
fn the_engine_has_no_import_cycle_and_its_state_knows_no_law() {
    let src = workspace().join("engine/src");
    let files = tree(&src, |p| !p.starts_with("bin"));
    let g = assert_acyclic("rulings-engine", &files);
    // State below and rules above: the table, what law modules return and
    // the editions table name no law module and not the director.
    let laws = ["law24", "law25", "law27", "out_of_rotation", "inadmissible", "wrong_board", "law21", "director"];
    for low in ["table", "table::rotation", "step", "error", "editions", "auction", "ruling", "request"] {
        let deps = g.get(low).unwrap_or_else(|| panic!("the engine has a module {low}"));
        for law in laws {
            assert!(
                !deps.iter().any(|d| d == law || d.starts_with(&format!("{law}::"))),
                "{low} depends on {law}: {deps:?}"
            );
        }
    }
    // Law modules do not call one another back through the director.
    for law in laws.iter().filter(|l| **l != "director") {
        assert!(!g[*law].contains("director"), "{law} depends on the director");
    }
}

#[test]
fn the_runner_has_no_import_cycle() {
    let src = workspace().join("runner/src");
    let is_cli = |p: &Path| p.starts_with("cli") || p == Path::new("main.rs");
    assert_acyclic("the rulings library", &tree(&src, |p| !is_cli(p)));
    assert_acyclic("the rulings command line", &tree(&src, is_cli));
}

#[test]
fn the_check_finds_a_cycle_and_tells_a_re_export_from_an_import() {
    let file = |p: &str, text: &str| (PathBuf::from(p), text.to_string());
    // a uses b, b uses a (once through `super`, once in code).
    let two = [
        file("lib.rs", "mod a;\nmod b;\n"),
        file("a.rs", "use crate::b::thing;\n"),
        file("b.rs", "pub fn f() { crate::a::other(); }\n"),
    ];
    assert_eq!(cycle(&graph(&two)), Some(vec!["a".to_string(), "b".to_string(), "a".to_string()]));
    let grouped = [
        file("lib.rs", "mod x;\nmod y;\n"),
        file("x/mod.rs", "mod inner;\nuse crate::{y::{self, Q}, z};\n"),
        file("x/inner.rs", "use super::super::x::Thing;\n"),
        file("y.rs", "use crate::x::inner::W;\n"),
    ];
    let g = graph(&grouped);
    assert!(g["x"].contains("y") && g["y"].contains("x::inner") && g["x::inner"].contains("x"), "{g:?}");
    assert!(cycle(&g).is_some());
    // A parent that re-exports its child's item, the child using the
    // parent's types: no cycle. Comments and tests are not code.
    let presented = [
        file("lib.rs", "pub mod p;\n"),
        file("p/mod.rs", "mod c;\npub use c::Item;\n// use crate::p::c::Other;\npub struct T;\n"),
        file("p/c.rs", "use super::T;\npub struct Item;\n#[cfg(test)]\nmod tests {\n    use crate::p::Item;\n}\n"),
    ];
    let g = graph(&presented);
    assert_eq!(cycle(&g), None, "{g:?}");
    assert!(g["p::c"].contains("p"));
    // A test module by another name (`more_tests`) is tests too.
    let named = [
        file("lib.rs", "pub mod p;\nuse p::T;\npub fn rule() {}\n"),
        file("p.rs", "pub struct T;\n#[cfg(test)]\nmod more_tests {\n    fn t() { crate::rule(); }\n}\n"),
    ];
    let g = graph(&named);
    assert_eq!(cycle(&g), None, "{g:?}");
    // A plain `use` of a child is a dependency.
    let used = [
        file("lib.rs", "pub mod p;\n"),
        file("p/mod.rs", "mod c;\nuse c::Item;\npub struct T;\n"),
        file("p/c.rs", "use super::T;\npub struct Item;\n"),
    ];
    assert!(cycle(&graph(&used)).is_some());
}

#[test]
fn the_check_finds_a_cycle_between_folders_that_files_alone_do_not_show() {
    let file = |p: &str, text: &str| (PathBuf::from(p), text.to_string());
    // No file imports one that imports it back, but the folder `a` uses
    // `b` (a::x -> b::y) and `b` uses `a` (b::z -> a::w).
    let files = [
        file("lib.rs", "pub mod a;\npub mod b;\n"),
        file("a/mod.rs", "pub mod w;\npub mod x;\n"),
        file("a/w.rs", "pub struct W;\n"),
        file("a/x.rs", "use crate::b::y::Y;\n"),
        file("b/mod.rs", "pub mod y;\npub mod z;\n"),
        file("b/y.rs", "pub struct Y;\n"),
        file("b/z.rs", "use crate::a::w::W;\n"),
    ];
    let g = graph(&files);
    assert_eq!(cycle(&g), None, "{g:?}");
    let top = folders(&g, 1);
    assert_eq!(top["a"], BTreeSet::from(["b".to_string()]), "{top:?}");
    assert_eq!(cycle(&top), Some(vec!["a".to_string(), "b".to_string(), "a".to_string()]));
    let e = std::panic::catch_unwind(|| assert_acyclic("two folders", &files)).expect_err("the check bites");
    let said = e.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(said.contains("between folders: a -> b -> a"), "{said}");
    // Deeper down: two folders inside `a` (a::p, a::q) in a cycle.
    let nested = [
        file("lib.rs", "pub mod a;\n"),
        file("a/mod.rs", "pub mod p;\npub mod q;\n"),
        file("a/p/mod.rs", "pub mod one;\npub mod two;\n"),
        file("a/p/one.rs", "use crate::a::q::three::T;\n"),
        file("a/p/two.rs", "pub struct U;\n"),
        file("a/q/mod.rs", "pub mod three;\n"),
        file("a/q/three.rs", "use super::super::p::two::U;\npub struct T;\n"),
    ];
    let g = graph(&nested);
    assert_eq!(cycle(&g), None, "{g:?}");
    assert_eq!(cycle(&folders(&g, 1)), None);
    assert!(cycle(&folders(&g, 2)).is_some(), "{:?}", folders(&g, 2));
}
