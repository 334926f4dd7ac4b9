//! Fixtures shared by the runner's integration tests: a small corpus of
//! legal auctions written to a temporary folder, and the fake implementation.

#![allow(dead_code)]

use std::fs;
use std::io::{BufRead, BufReader, Read};
use std::ops::Deref;
use std::path::{Path, PathBuf};

use rulings::corpus::case::Corpus;
use rulings::corpus::load::load_corpus;

pub const SEATS: [&str; 4] = ["N", "E", "S", "W"];

/// A legal-auction case: `dealer` opens `bid`, three passes; the opener declares.
pub fn legal_case(i: usize) -> (String, String) {
    let dealer = SEATS[i % 4];
    let bid = format!("{}{}", 1 + i % 7, ["C", "D", "H", "S", "NT"][i % 5]);
    let next = |k: usize| SEATS[(i + k) % 4];
    let text = format!(
        "id: L22-TS{i:02}\n\
         title: {dealer} opens {bid} and three passes follow (fixture {i})\n\
         laws: [\"22A\"]\n\
         source: \"Laws of Duplicate Bridge 2017, Law 22A (test fixture)\"\n\
         dealer: {dealer}\n\
         events:\n  - {dealer}: {bid}\n  - {}: P\n  - {}: P\n  - {}: P\n\
         expect:\n  status: closed\n  contract: {{bid: {bid}, doubled: null, declarer: {dealer}}}\n  score_adjustment: []\n",
        next(1),
        next(2),
        next(3)
    );
    (format!("case-{i:02}.yaml"), text)
}

/// A case citing Law 27, which an implementation declaring no features
/// does not get asked.
pub fn law27_case() -> (String, String) {
    let text = "id: L27-TS99\n\
        title: 1S (1H) accepted by South (fixture)\n\
        laws: [\"27A1\"]\n\
        source: \"Laws of Duplicate Bridge 2017, Law 27A1 (test fixture)\"\n\
        dealer: N\n\
        events:\n  - N: 1S\n  - E: 1H\n  - S: accept\n\
        expect:\n  auction: [1S, 1H]\n  next: S\n";
    ("law27-accepted.yaml".to_string(), text.to_string())
}

/// A scratch folder for one test, removed when it is dropped (pass or
/// fail). It reads as the path of its `cases` subfolder, so that siblings
/// such as `dir.with_extension("known.yaml")` stay inside it too.
pub struct Scratch {
    _root: tempfile::TempDir,
    cases: PathBuf,
}

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let root = tempfile::Builder::new().prefix(&format!("rulings-{name}-")).tempdir().expect("temp dir");
        let cases = root.path().join("cases");
        fs::create_dir_all(&cases).expect("temp dir");
        Scratch { _root: root, cases }
    }

    pub fn path_buf(&self) -> PathBuf {
        self.cases.clone()
    }
}

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.cases
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.cases
    }
}

/// Write `n` legal cases (and the Law 27 one when asked) under a fresh
/// scratch folder; the folder and its corpus.
pub fn corpus(name: &str, n: usize, with_law27: bool) -> (Scratch, Corpus) {
    let dir = Scratch::new(name);
    fs::create_dir_all(dir.join("law22")).expect("temp dir");
    for i in 0..n {
        let (file, text) = legal_case(i);
        fs::write(dir.join("law22").join(file), text).expect("write case");
    }
    if with_law27 {
        fs::create_dir_all(dir.join("law27")).expect("temp dir");
        let (file, text) = law27_case();
        fs::write(dir.join("law27").join(file), text).expect("write case");
    }
    let corpus = load_corpus(&[dir.path_buf()]);
    assert!(corpus.errors.is_empty(), "fixtures load: {:?}", corpus.errors);
    (dir, corpus)
}

/// The misbehaving implementation (examples/fake_impl.rs), which
/// `cargo test` builds beside the tests: target/<profile>/examples/. A test
/// target built alone (`cargo test --test NAME`) does not build examples:
/// the message says what to run. `RULINGS_FAKE_IMPL`, when set, is its
/// path instead (cargo-mutants builds in a copy of the tree with targets
/// chosen: CONTRIBUTING.md, "Mutation testing").
pub fn fake() -> String {
    if let Some(path) = std::env::var_os("RULINGS_FAKE_IMPL") {
        return PathBuf::from(path).display().to_string();
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    // target/<profile>/deps/<test binary>
    let profile = exe.parent().and_then(|deps| deps.parent()).expect("target/<profile>/deps");
    let fake = profile.join("examples").join(format!("fake_impl{}", std::env::consts::EXE_SUFFIX));
    assert!(
        fake.is_file(),
        "{} is not built: `cargo test` builds it; after `cargo test --test NAME`, run `cargo build --example fake_impl`",
        fake.display()
    );
    assert_built_since_changed(&fake, "fake_impl");
    fake.display().to_string()
}

/// The example program `name`, built at `built`, is not older than its
/// source: `cargo test --test integration` builds no example, so a program
/// changed since would be tested as it was.
pub fn assert_built_since_changed(built: &Path, name: &str) {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples").join(format!("{name}.rs"));
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    if let (Some(source_time), Some(built_time)) = (modified(&source), modified(built)) {
        assert!(
            built_time >= source_time,
            "{} is older than examples/{name}.rs: `cargo test --test NAME` builds no example; run `cargo build \
             --examples -p rulings` (or plain `cargo test`)",
            built.display()
        );
    }
}

/// `text` as its words, one space apart: a message read whatever column
/// its lines were wrapped at (messages fit 80 columns, so a long temp
/// path moves the breaks).
pub fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What [`http_answer`] reads of an answer whose head gives no
/// Content-Length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unsized {
    /// Its chunks, if it is chunked, else everything up to the end of the
    /// connection: chromedriver answers so, then closes.
    ToTheEnd,
    /// Nothing: the server may keep the connection open after the answer
    /// (the workbench's hostile tests), and reading on would hang.
    Nothing,
}

/// An HTTP/1.1 answer read from `stream`: the status (0: the connection
/// was closed without an answer), the head in lower case, the body. The
/// head, then as many bytes as it announces (Content-Length); without a
/// length, as `without_length` says.
pub fn http_answer(stream: impl Read, without_length: Unsized) -> (u16, String, String) {
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        head.push_str(&line);
    }
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let head = head.to_ascii_lowercase();
    let length =
        head.lines().find_map(|l| l.strip_prefix("content-length:")).and_then(|n| n.trim().parse::<usize>().ok());
    let mut body = Vec::new();
    match (length, without_length) {
        (Some(n), _) => {
            body.resize(n, 0);
            let _ = reader.read_exact(&mut body);
        }
        (None, Unsized::Nothing) => {}
        (None, Unsized::ToTheEnd) if head.contains("transfer-encoding: chunked") => loop {
            let mut size = String::new();
            let _ = reader.read_line(&mut size);
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if n == 0 {
                break;
            }
            let mut chunk = vec![0; n + 2];
            let _ = reader.read_exact(&mut chunk);
            body.extend_from_slice(&chunk[..n]);
        },
        (None, Unsized::ToTheEnd) => {
            let _ = reader.read_to_end(&mut body);
        }
    }
    (status, head, String::from_utf8_lossy(&body).to_string())
}
