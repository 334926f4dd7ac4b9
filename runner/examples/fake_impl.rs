//! A misbehaving implementation for the runner's own tests (runner/tests/):
//! it speaks the protocol by asking the reference engine, and misbehaves
//! on purpose when told. Not for users.
//!
//! Arguments, each `key=value`:
//! - a fault at the request whose `seq` is N (or `all`): `crash=N` (exit
//!   status 7, after a line on stderr), `abort=N` (killed by SIGABRT),
//!   `hang=N`, `garbage=N` (a line that is not JSON), `wrong-seq=N`,
//!   `bad-schema=N` (an unknown irregularity name), `error=N`, `skip=N`,
//!   `wrong-clause=N` (a clause added to `score_adjustment`),
//!   `wrong-ruling=N` (the contract doubled),
//!   `split=N` (the answer over two lines), `partial=N` (half a line, then
//!   hang), `partial-exit=N` (half a line, then exit), `silent-exit=N` (exit
//!   without a word);
//! - `skip-irregular=1`: `skipped` for every story that holds an irregular
//!   call (it rules on legal auctions only, whatever it declares);
//! - `delay=MS` before every answer; `hello-delay=MS`, `hello=bad-protocol|garbage|none`;
//! - `editions=2017,2007` and `features=a,b` (empty for none) to declare;
//! - `per-case=1`: accept a `rule` without a `hello` first;
//! - `stderr-flood=MB`: before the hello, that many megabytes on stderr
//!   without a newline;
//! - `grandchild=N`: at request N, start `sleep 30` holding stdout, name its
//!   pid on stderr (`fake-impl: started PID`), then exit with status 7;
//! - `wrong-for-dealer=SEAT`: the contract doubled whenever there is one
//!   and the request's dealer is SEAT (a fault by content, whatever the seq);
//! - `unstable-for-dealer=SEAT`: whenever the request's dealer is SEAT, the
//!   auction loses its last call (a part of the ruling the test fixtures'
//!   expectations do not name: only comparing a case's rotations finds it);
//! - `name=NAME`: the name to give in the hello (default `fake-impl`);
//! - `pad-auction=K`: K passes added to the auction of every ruling (a
//!   long answer: K=40000 is about 160 KB, K=80000 over the runner's 256
//!   KiB limit);
//! - `error-text=K`: the message of an `error=N` answer is K characters,
//!   starting with ESC, BEL and a carriage return;
//! - `refuse=N`: a `refused` answer naming event 0, its reason starting
//!   with ESC, BEL and a carriage return;
//! - `say=TEXT`: TEXT as a line on stderr at the start, `\e` in it an ESC;
//! - `ready=N:PATH`: create the file PATH when the Nth request comes (the
//!   N-1 before it answered), for a test that waits for a run to be under
//!   way rather than for a time;
//! - `tag=WORD`: ignored; marks the process for a test that looks for it;
//! - `linger=MS`: wait that long after `bye` before exiting;
//! - `meet=N:PATH`: on `bye`, add a line `bye` to the file PATH, wait
//!   until it holds N such lines (every copy told `bye`), at most a
//!   minute, then add a line `left` and exit: copies told one after
//!   another wait past the runner's grace and are killed, unrecorded;
//! - `trailer=N`: once stdin has closed, wait 20 ms, write N lines
//!   `goodbye` on stdout, then (if that worked) `fake-impl: goodbye
//!   written` on stderr.

use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::time::Duration;

use rulings_engine::protocol::{engine_hello, FromImplementation, ToImplementation};
use serde_json::{json, Value};

fn main() {
    let args: HashMap<String, String> = std::env::args()
        .skip(1)
        .filter_map(|a| a.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
        .collect();
    let at = |key: &str, seq: u64| -> bool {
        match args.get(key).map(String::as_str) {
            Some("all") => true,
            Some(n) => n.parse::<u64>().ok() == Some(seq),
            None => false,
        }
    };
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    let mut greeted = args.contains_key("per-case");
    // Rule requests received so far (for `ready=`).
    let mut requests: u64 = 0;
    if let Some(mb) = args.get("stderr-flood").and_then(|v| v.parse::<usize>().ok()) {
        let chunk = vec![b'x'; 1 << 20];
        let mut err = io::stderr().lock();
        for _ in 0..mb {
            if err.write_all(&chunk).is_err() {
                break;
            }
        }
    }
    if let Some(text) = args.get("say") {
        eprintln!("{}", text.replace("\\e", "\u{1b}"));
    }
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        let message: ToImplementation = match serde_json::from_str(&line) {
            Ok(m) => m,
            Err(e) => {
                say(&mut out, &json!({"type":"error","seq":null,"message":e.to_string()}));
                continue;
            }
        };
        match message {
            ToImplementation::Hello { .. } => {
                if let Some(ms) = args.get("hello-delay").and_then(|v| v.parse().ok()) {
                    std::thread::sleep(Duration::from_millis(ms));
                }
                let mut hello = serde_json::to_value(engine_hello()).unwrap_or_default();
                hello["name"] = json!(args.get("name").map_or("fake-impl", String::as_str));
                if let Some(e) = args.get("editions") {
                    hello["editions"] = json!(list(e));
                }
                if let Some(f) = args.get("features") {
                    hello["features"] = json!(list(f));
                }
                match args.get("hello").map(String::as_str) {
                    Some("bad-protocol") => hello["protocol"] = json!(2),
                    Some("garbage") => {
                        let _ = writeln!(out, "fake-impl ready!");
                        let _ = out.flush();
                        continue;
                    }
                    Some("none") => std::process::exit(0),
                    _ => {}
                }
                let mut hello = hello.as_object().cloned().unwrap_or_default();
                hello.insert("type".into(), json!("hello"));
                say(&mut out, &Value::Object(hello));
                greeted = true;
            }
            ToImplementation::Bye => {
                if let Some(ms) = args.get("linger").and_then(|v| v.parse().ok()) {
                    std::thread::sleep(Duration::from_millis(ms));
                }
                if let Some((n, path)) = args.get("meet").and_then(|m| m.split_once(':')) {
                    meet(n.parse().unwrap_or(1), std::path::Path::new(path));
                }
                return;
            }
            ToImplementation::Rule { seq, request } => {
                let n = seq.as_u64().unwrap_or(0);
                requests += 1;
                if let Some((k, path)) = args.get("ready").and_then(|r| r.split_once(':')) {
                    if k.parse::<u64>().is_ok_and(|k| k == requests) {
                        let _ = std::fs::write(path, "");
                    }
                }
                if !greeted {
                    say(&mut out, &json!({"type":"error","seq":seq,"message":"rule before hello"}));
                    continue;
                }
                if let Some(ms) = args.get("delay").and_then(|v| v.parse().ok()) {
                    std::thread::sleep(Duration::from_millis(ms));
                }
                if at("crash", n) {
                    eprintln!("fake-impl: crashing on request {n}");
                    std::process::exit(7);
                }
                if at("grandchild", n) {
                    // Inherits stdout (and stderr): the pipe stays open after we exit.
                    if let Ok(child) = std::process::Command::new("sleep").arg("30").spawn() {
                        eprintln!("fake-impl: started {}", child.id());
                    }
                    std::process::exit(7);
                }
                if at("abort", n) {
                    std::process::abort();
                }
                if at("silent-exit", n) {
                    std::process::exit(0);
                }
                if at("hang", n) {
                    eprintln!("fake-impl: hanging on request {n}");
                    loop {
                        std::thread::sleep(Duration::from_secs(3600));
                    }
                }
                if at("garbage", n) {
                    let _ = writeln!(out, "thinking about request {n}...");
                    let _ = out.flush();
                    continue;
                }
                if at("error", n) {
                    let message = match args.get("error-text").and_then(|k| k.parse::<usize>().ok()) {
                        Some(k) => format!("\u{1b}[2J\u{7}\rbad{}", "x".repeat(k.saturating_sub(7))),
                        None => "cannot rule on this one".to_string(),
                    };
                    say(&mut out, &json!({"type":"error","seq":seq,"message":message}));
                    continue;
                }
                if at("refuse", n) {
                    let reason = "\u{1b}]0;PWNED\u{7}\u{1b}[2J\r1S does not stand";
                    say(&mut out, &json!({"type":"refused","seq":seq,"event":0,"reason":reason}));
                    continue;
                }
                let irregular = rulings_engine::refusal::first_irregular_call(&request).is_some();
                if at("skip", n) || (irregular && args.contains_key("skip-irregular")) {
                    say(
                        &mut out,
                        &json!({"type":"skipped","seq":seq,"reason":"not yet","issue":"https://example.org/7"}),
                    );
                    continue;
                }
                let answer = match rulings_engine::rule(&request) {
                    Ok(ruling) => FromImplementation::ruling(seq.clone(), ruling),
                    Err(e) => FromImplementation::error(seq.clone(), e.to_string()),
                };
                let mut v = serde_json::to_value(&answer).unwrap_or_default();
                if at("wrong-seq", n) {
                    v["seq"] = json!(n + 1000);
                }
                if at("wrong-clause", n) {
                    v["ruling"]["score_adjustment"] = json!(["27D"]);
                }
                let dealer = serde_json::to_value(request.dealer).unwrap_or_default();
                let has_contract = v["ruling"]["contract"].is_object();
                if has_contract && args.get("wrong-for-dealer").is_some_and(|d| dealer == json!(d)) {
                    v["ruling"]["contract"]["doubled"] = json!("X");
                }
                if args.get("unstable-for-dealer").is_some_and(|d| dealer == json!(d)) {
                    if let Some(calls) = v["ruling"]["auction"].as_array_mut() {
                        calls.pop();
                    }
                }
                if let Some(k) = args.get("pad-auction").and_then(|k| k.parse::<usize>().ok()) {
                    if let Some(a) = v["ruling"]["auction"].as_array_mut() {
                        a.extend(std::iter::repeat_n(json!("P"), k));
                    }
                }
                if at("wrong-ruling", n) {
                    v["ruling"]["contract"]["doubled"] = json!("X");
                }
                if at("bad-schema", n) {
                    v["ruling"]["rulings"] = json!([{"seat":"E","call":"1H","irregularity":"too-low","law":"27B1(a)"}]);
                }
                let text = v.to_string();
                if at("split", n) {
                    let (a, b) = text.split_at(text.len() / 2);
                    let _ = writeln!(out, "{a}\n{b}");
                    let _ = out.flush();
                    continue;
                }
                if at("partial", n) || at("partial-exit", n) {
                    let _ = write!(out, "{}", &text[..text.len() / 2]);
                    let _ = out.flush();
                    if at("partial-exit", n) {
                        std::process::exit(0);
                    }
                    loop {
                        std::thread::sleep(Duration::from_secs(3600));
                    }
                }
                let _ = writeln!(out, "{text}");
                let _ = out.flush();
            }
            // A message of a later protocol: answered as one this program cannot read.
            _ => say(&mut out, &json!({"type":"error","seq":null,"message":"a message this program does not know"})),
        }
    }
    if let Some(n) = args.get("trailer").and_then(|n| n.parse::<usize>().ok()) {
        // Goodbyes on stdout once stdin has closed, a moment after the
        // last answer; then a line on stderr, if stdout took them all.
        std::thread::sleep(Duration::from_millis(20));
        for _ in 0..n {
            if writeln!(out, "goodbye").is_err() {
                std::process::exit(3);
            }
        }
        if out.flush().is_err() {
            std::process::exit(3);
        }
        eprintln!("fake-impl: goodbye written");
    }
}

fn list(text: &str) -> Vec<String> {
    text.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect()
}

fn say(out: &mut impl Write, v: &Value) {
    let _ = writeln!(out, "{v}");
    let _ = out.flush();
}

/// Add a line to `path` (appended whole: the copies share it), wait until
/// it holds `n` lines `bye` (a minute at most), then add `left`.
fn meet(n: usize, path: &std::path::Path) {
    let add = |line: &str| {
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path);
        if let Ok(mut file) = file {
            let _ = file.write_all(format!("{line}\n").as_bytes());
        }
    };
    add("bye");
    let byes = || std::fs::read_to_string(path).unwrap_or_default().lines().filter(|l| *l == "bye").count();
    for _ in 0..6000 {
        if byes() >= n {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    add("left");
}
