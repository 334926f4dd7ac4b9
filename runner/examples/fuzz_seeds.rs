//! Write every case of the corpus as a protocol `rule` message, one file
//! each, to seed the fuzzer: `cargo run -p rulings --example fuzz_seeds -- fuzz-targets/corpus/rule_request`.

use std::path::PathBuf;

use rulings_engine::protocol::ToImplementation;

fn main() {
    let out = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "fuzz-targets/corpus/rule_request".into()));
    if let Err(e) = std::fs::create_dir_all(&out) {
        eprintln!("cannot create {}: {e}", out.display());
        std::process::exit(1);
    }
    let corpus = rulings::corpus::load(&rulings::corpus::default_dirs());
    let mut written = 0;
    for case in &corpus.cases {
        for &edition in &case.editions {
            let msg = ToImplementation::Rule { seq: serde_json::json!(written), request: case.request(edition) };
            let path = out.join(format!("{}-{}.json", case.id, edition));
            match serde_json::to_vec(&msg).map(|b| std::fs::write(&path, b)) {
                Ok(Ok(())) => written += 1,
                Ok(Err(e)) => eprintln!("cannot write {}: {e}", path.display()),
                Err(e) => eprintln!("cannot encode {}: {e}", case.id),
            }
        }
    }
    eprintln!("{written} seed(s) in {}", out.display());
}
