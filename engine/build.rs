//! Compiles the clause registry (`clauses.yml`, a data file a director can
//! read and extend without Rust) into the engine: `$OUT_DIR/clauses.rs`
//! holds the `CLAUSES` table. A malformed file stops the build with the
//! entry at fault.

use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    id: String,
    editions: Vec<u16>,
    summary: String,
}

fn main() {
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let path = dir.join("clauses.yml");
    println!("cargo:rerun-if-changed={}", path.display());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // The repository's own registry, read when the engine is built (no user
    // hands it over): the runner's alias guard (clippy.toml) is not needed here.
    #[allow(clippy::disallowed_methods)]
    let entries: Vec<Entry> = serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = String::from("/// Every clause the suite knows, in law order (from clauses.yml).\n");
    out.push_str("pub const CLAUSES: &[Clause] = &[\n");
    for e in &entries {
        let mut bits = Vec::new();
        for y in &e.editions {
            bits.push(match y {
                1997 => "Edition::E1997",
                2007 => "Edition::E2007",
                2017 => "Edition::E2017",
                other => panic!("{}: clause {}: no edition {other} (1997, 2007, 2017)", path.display(), e.id),
            });
        }
        if bits.is_empty() {
            panic!("{}: clause {} is in no edition", path.display(), e.id);
        }
        let _ = writeln!(
            out,
            "    Clause {{ id: {:?}, editions: &[{}], summary: {:?} }},",
            e.id,
            bits.join(", "),
            e.summary
        );
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("clauses.rs");
    std::fs::write(&dest, out).expect("write clauses.rs");
}
