//! `rulings workbench` against a hostile user and a hostile page: YAML
//! aliases in what the page sends, requests from another origin or with a
//! foreign Host, heads and bodies without end, clients that stall or never
//! read, malformed framing. Each is refused (or cut off) in bounded memory
//! and time, and the server goes on answering everyone else. The server
//! is the real binary on a free port of 127.0.0.1, ended when the test
//! ends; every request loop here is bounded.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

/// The workbench, started on a free port; ended when dropped.
struct Running {
    child: Child,
    address: String,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(args: &[&str]) -> Running {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulings"))
        .args(["workbench", "--listen", "127.0.0.1:0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("rulings workbench starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("its address");
    let address = line.trim().trim_start_matches("http://").trim_end_matches('/').to_string();
    assert!(address.starts_with("127.0.0.1:"), "{line}");
    Running { child, address }
}

/// A connection with a generous read time-out (a loaded machine): a test
/// that waits on a server which never answers fails instead of hanging.
fn connect(address: &str) -> TcpStream {
    let stream = TcpStream::connect(address).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(120))).expect("time-out");
    stream
}

/// Send `raw` as it is and read the answer to its end (the server closes
/// the connection or the answer says its length): the status (0: the
/// connection was closed without an answer), the head in lower case, the
/// body.
fn exchange(address: &str, raw: &[u8]) -> (u16, String, String) {
    let mut stream = connect(address);
    // A server may refuse before reading all that is sent.
    let _ = stream.write_all(raw);
    answer(&mut stream)
}

fn answer(stream: &mut TcpStream) -> (u16, String, String) {
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
    let mut body = vec![0; length.unwrap_or(0)];
    let _ = reader.read_exact(&mut body);
    (status, head, String::from_utf8_lossy(&body).to_string())
}

/// A request as the page sends it, with `extra` header lines (each ending
/// in \r\n) after the usual ones.
fn request(address: &str, method: &str, path: &str, extra: &str, body: &[u8]) -> Vec<u8> {
    let mut raw = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n{extra}Content-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    raw.extend_from_slice(body);
    raw
}

fn post_json(address: &str, path: &str, body: &Value) -> (u16, Value) {
    let raw = request(address, "POST", path, "Content-Type: application/json\r\n", body.to_string().as_bytes());
    let (status, _, text) = exchange(address, &raw);
    (status, serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {status} {e}: {text}")))
}

/// The server still answers a plain request.
fn still_answers(address: &str) {
    let (status, body) = post_json(address, "/api/rule", &json!({"dealer": "N", "events": [{"N": "1S"}]}));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["waiting"]["seat"], "E");
}

// ---- YAML in what the page sends -------------------------------------------

/// A call's meaning and a director's own value are YAML the page hands
/// over as typed: an alias there is refused as in a case file, before
/// serde_yaml expands it (a 212 KB request once took the server to 3.5 GB).
#[test]
fn aliases_in_a_meaning_or_a_director_s_value_are_refused() {
    let w = start(&[]);
    let table = |means: &str| json!({"dealer": "N", "events": [{"N": "1S", "means": means}]});
    let (status, body) = post_json(&w.address, "/api/rule", &table("{a: &x [1, 2], b: [*x, *x]}"));
    assert_eq!(status, 400, "{body}");
    let e = body["error"].as_str().unwrap_or_default();
    assert!(e.contains("event 1: means") && e.contains("`*x` is a YAML alias"), "{e}");
    let case = json!({
        "table": {"dealer": "N", "events": [{"N": "1S"}, {"E": "1H"}]},
        "title": "An alias in a value", "laws": "27A1", "source": "a test",
        "marks": [{"key": "auction", "agree": false, "own": "- &c 1S\n- *c"}],
    });
    let (status, body) = post_json(&w.address, "/api/case", &case);
    assert_eq!(status, 422, "{body}");
    let e = body["error"].as_str().unwrap_or_default();
    assert!(e.contains("`auction`") && e.contains("`*c` is a YAML alias"), "{e}");
    // The wide bomb of the review, smaller: one anchored list, its alias
    // many times. Refused at once.
    let items = vec!["1"; 2_000].join(",");
    let aliases = vec!["*x"; 6_000].join(",");
    let (status, body) = post_json(&w.address, "/api/rule", &table(&format!("{{a: &x [{items}], b: [{aliases}]}}")));
    assert_eq!(status, 400, "{body}");
    still_answers(&w.address);
}
