//! The toolchain the workspace declares (`rust-version` in Cargo.toml) is
//! one that builds it: no package in Cargo.lock asks for a newer Rust. Only
//! one toolchain is at hand where the tests run, so the declared one is not
//! built with here; this compares every locked package's own
//! `rust-version`, as `cargo metadata` reads it, with ours (CI builds with
//! the declared toolchain too: .github/workflows/ci.yml).

use std::process::Command;

/// A Rust version as `1.85` or `1.85.0`: (major, minor, patch).
fn parse(version: &str) -> Option<(u64, u64, u64)> {
    let mut parts = version.trim().split('.').map(|p| p.parse::<u64>().ok());
    let major = parts.next()??;
    let minor = parts.next().unwrap_or(Some(0))?;
    let patch = parts.next().unwrap_or(Some(0))?;
    parts.next().is_none().then_some((major, minor, patch))
}

/// The packages of `cargo metadata`'s JSON that need a newer Rust than
/// `ours`, as "name version (rust-version)", and how many declare one.
fn too_new(metadata: &serde_json::Value, ours: (u64, u64, u64)) -> (Vec<String>, usize) {
    let mut newer = Vec::new();
    let mut declared = 0;
    for package in metadata["packages"].as_array().into_iter().flatten() {
        let Some(needs) = package["rust_version"].as_str() else { continue };
        declared += 1;
        let parsed = parse(needs).unwrap_or_else(|| panic!("a rust-version cargo accepted but not read here: {needs}"));
        if parsed > ours {
            let name = package["name"].as_str().unwrap_or("?");
            newer.push(format!("{name} {} ({needs})", package["version"].as_str().unwrap_or("?")));
        }
    }
    (newer, declared)
}

/// The workspace's declared rust-version.
fn ours(metadata: &serde_json::Value) -> (u64, u64, u64) {
    let packages = metadata["packages"].as_array().expect("packages");
    let rulings = packages.iter().find(|p| p["name"] == "rulings").expect("the rulings package");
    parse(rulings["rust_version"].as_str().expect("rulings declares a rust-version")).expect("a version")
}

#[test]
fn no_locked_package_needs_a_newer_rust_than_the_declared_one() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    // Every platform's packages (not only this one's): the lock file is the
    // same for a Windows or macOS build.
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(&root)
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).expect("cargo metadata's JSON");
    let ours = ours(&metadata);
    let (newer, declared) = too_new(&metadata, ours);
    assert!(declared > 10, "only {declared} locked packages declare a rust-version: is this the metadata?");
    assert!(
        newer.is_empty(),
        "rust-version in Cargo.toml says {}.{}, but these locked packages need more: {}",
        ours.0,
        ours.1,
        newer.join(", ")
    );
}

/// The comparison itself: a package that needs more is named, one that
/// needs as much or less, or says nothing, is not.
#[test]
fn a_package_needing_a_newer_rust_is_named() {
    let metadata = serde_json::json!({"packages": [
        {"name": "old", "version": "1.0.0", "rust_version": "1.70"},
        {"name": "same", "version": "1.0.0", "rust_version": "1.85.0"},
        {"name": "silent", "version": "1.0.0", "rust_version": null},
        {"name": "newer", "version": "2.0.0", "rust_version": "1.85.1"},
        {"name": "much-newer", "version": "3.0.0", "rust_version": "1.90"},
    ]});
    let (newer, declared) = too_new(&metadata, (1, 85, 0));
    assert_eq!(newer, ["newer 2.0.0 (1.85.1)", "much-newer 3.0.0 (1.90)"]);
    assert_eq!(declared, 4);
    assert_eq!(parse("1.82"), Some((1, 82, 0)));
    assert_eq!(parse("1.x"), None);
}
