//! Embeds the corpus (`../cases`) in the `rulings` binary, so that an
//! installed or copied binary runs the suite from any directory (the way
//! toml-test carries its tests). Writes `$OUT_DIR/corpus.rs`: every case
//! file, the tag registry and the reference engine's open cases, by path
//! under the corpus root, as bytes. The walk follows the loader's rules:
//! `*.yaml` files, and `_tags.yml` and `reference-open.yml` at the root; no
//! symbolic links, no folders starting with a dot.
//!
//! The corpus is read through `runner/corpus`, a symbolic link to
//! `../cases` in the repository, so that the crate packaged for crates.io
//! (`cargo package` copies the files behind the link) carries the corpus
//! and `cargo install rulings` builds the same binary. A checkout without
//! symbolic links (Windows, `core.symlinks=false`) reads `../cases`.

use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let linked = manifest.join("corpus");
    let root = if linked.is_dir() { linked } else { manifest.join("..").join("cases") };
    let mut files = Vec::new();
    if root.is_dir() {
        walk(&root, &root, &mut files);
    }
    if !files.iter().any(|(name, _)| name.ends_with(".yaml")) {
        println!("cargo:warning=no case files in {}: this rulings has no built-in corpus", root.display());
    }
    files.sort();
    let mut out = String::from("/// The corpus this binary was built with: (path under the root, bytes).\n");
    out.push_str("pub static FILES: &[(&str, &[u8])] = &[\n");
    for (name, path) in &files {
        out.push_str(&format!("    ({name:?}, include_bytes!({:?})),\n", path.display().to_string()));
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("corpus.rs");
    fs::write(&dest, out).expect("write corpus.rs");
}

fn walk(root: &Path, dir: &Path, files: &mut Vec<(String, PathBuf)>) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().to_string();
        let Ok(ft) = entry.file_type() else { continue };
        if ft.is_symlink() {
            continue;
        }
        if ft.is_dir() {
            if !name.starts_with('.') {
                walk(root, &path, files);
            }
            continue;
        }
        let case = name.ends_with(".yaml") && !name.starts_with('_');
        let metadata = (name == "_tags.yml" || name == "reference-open.yml") && dir == root;
        if ft.is_file() && (case || metadata) {
            println!("cargo:rerun-if-changed={}", path.display());
            let under = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            files.push((under, path.canonicalize().unwrap_or(path)));
        }
    }
}
