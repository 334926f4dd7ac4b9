//! `rulings workbench` against a hostile user and a hostile page: YAML
//! aliases in what the page sends, requests from another origin or with a
//! foreign Host, heads and bodies without end, clients that stall or never
//! read, malformed framing. Each is refused (or cut off) in bounded memory
//! and time, and the server goes on answering everyone else. The server
//! is the real binary on a free port of 127.0.0.1, ended when the test
//! ends; every request loop here is bounded.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

use crate::common::{http_answer, Unsized};
use crate::workbench::start;

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

/// The answer on `stream`: without a Content-Length, no body is read (the
/// connection may be kept alive, and reading on would hang).
fn answer(stream: &mut TcpStream) -> (u16, String, String) {
    http_answer(stream, Unsized::Nothing)
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

// ---- a page elsewhere, a foreign Host ----------------------------------------

/// A page on another port of this machine (or anywhere) makes the
/// director's browser send a request: its `Origin` says where it comes
/// from, and it cannot send JSON's content type without the browser asking
/// the server first. A name the attacker owns, pointed at this machine
/// (DNS rebinding), arrives as a foreign `Host`. All refused; the page's
/// own requests answered.
#[test]
fn requests_from_a_page_elsewhere_or_for_another_host_are_refused() {
    let w = start(&["--allow-host", "ClubPC.local"]);
    let a = &w.address;
    let port = a.rsplit(':').next().unwrap_or_default();
    let body = json!({"dealer": "N", "events": [{"N": "1S"}]}).to_string();
    let post = |extra: &str| exchange(a, &request(a, "POST", "/api/rule", extra, body.as_bytes()));
    // The review's request: a no-cors text/plain POST from another port.
    let (status, _, said) = post("Origin: http://localhost:3000\r\nContent-Type: text/plain;charset=UTF-8\r\n");
    assert_eq!(status, 403, "{said}");
    assert!(said.contains("http://localhost:3000"), "{said}");
    let (status, _, said) = post("Origin: null\r\nContent-Type: application/json\r\n");
    assert_eq!(status, 403, "{said}");
    // No Origin (not a browser), but not JSON: refused.
    let (status, _, said) = post("Content-Type: text/plain\r\n");
    assert_eq!(status, 415, "{said}");
    let (status, _, said) = post("");
    assert_eq!(status, 415, "{said}");
    // The page's own request.
    let (status, _, said) = post(&format!("Origin: http://{a}\r\nContent-Type: application/json; charset=utf-8\r\n"));
    assert_eq!(status, 200, "{said}");
    // A foreign Host, even for the page itself.
    let get =
        |host: &str| exchange(a, format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes());
    for foreign in [format!("rebind.evil.example:{port}"), format!("127.0.0.1:{}", 1), "localhost".into()] {
        let (status, _, said) = get(&foreign);
        assert_eq!(status, 403, "{foreign}: {said}");
        assert!(said.contains("--allow-host"), "{said}");
    }
    let (status, _, said) = exchange(a, b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 403, "no Host: {said}");
    // A request line in absolute form names its host too.
    let absolute = format!("GET http://rebind.evil.example:{port}/ HTTP/1.1\r\nHost: {a}\r\nConnection: close\r\n\r\n");
    let (status, _, said) = exchange(a, absolute.as_bytes());
    assert_eq!(status, 403, "{said}");
    for own in [format!("localhost:{port}"), format!("[::1]:{port}"), a.to_string(), format!("clubpc.local:{port}")] {
        let (status, _, _) = get(&own);
        assert_eq!(status, 200, "{own}");
    }
}

/// `--allow-host` takes a host name: one with a port or a scheme would
/// never match, and is refused at the start.
#[test]
fn an_allowed_host_is_a_name() {
    let o = Command::new(env!("CARGO_BIN_EXE_rulings"))
        .args(["workbench", "--listen", "127.0.0.1:0", "--allow-host", "clubpc.local:8080"])
        .stdin(Stdio::null())
        .output()
        .expect("run rulings");
    assert_eq!(o.status.code(), Some(2));
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(said.contains("without a scheme or a port"), "{said}");
}

// ---- heads, bodies and framing -----------------------------------------------

/// A head without end is cut off at the bound and answered 431; it does
/// not grow the server (a 256 MiB header line once raised it to 277 MB and
/// was answered 200).
#[test]
fn a_head_over_the_bound_is_refused_unread() {
    let w = start(&[]);
    let a = &w.address;
    let mut raw = format!("GET / HTTP/1.1\r\nHost: {a}\r\nX-Long: ").into_bytes();
    raw.extend(std::iter::repeat_n(b'a', 8 * 1024 * 1024));
    raw.extend_from_slice(b"\r\nConnection: close\r\n\r\n");
    let (status, _, _) = exchange(a, &raw);
    assert_eq!(status, 431);
    let mut many = format!("GET / HTTP/1.1\r\nHost: {a}\r\n");
    for i in 0..500 {
        many.push_str(&format!("X-{i}: 1\r\n"));
    }
    many.push_str("Connection: close\r\n\r\n");
    let (status, _, _) = exchange(a, many.as_bytes());
    assert_eq!(status, 431, "500 headers");
    let long_line = format!("GET /{} HTTP/1.1\r\nHost: {a}\r\nConnection: close\r\n\r\n", "a".repeat(1024 * 1024));
    let (status, _, _) = exchange(a, long_line.as_bytes());
    assert!(status == 414 || status == 431, "{status}");
    still_answers(a);
}

/// Framing that is not HTTP/1.1's is refused as such, never read as an
/// empty body with the rest taken for the next request, nor held open.
#[test]
fn malformed_framing_is_a_bad_request() {
    let w = start(&[]);
    let a = &w.address;
    let json = "Content-Type: application/json\r\n";
    // A chunk size that is no number: not "over 256 KiB".
    let raw = format!(
        "POST /api/rule HTTP/1.1\r\nHost: {a}\r\nConnection: close\r\n{json}Transfer-Encoding: chunked\r\n\r\nzz\r\n{{}}\r\n0\r\n\r\n"
    );
    let (status, _, said) = exchange(a, raw.as_bytes());
    assert_eq!(status, 400, "{said}");
    assert!(!said.contains("256 KiB"), "{said}");
    // A length that overflows, or is negative: one answer, 400, and the
    // body is not read as a request of its own.
    let smuggled = format!("GET /nothing HTTP/1.1\r\nHost: {a}\r\n\r\n");
    for length in ["99999999999999999999999", "-1", "1, 2"] {
        let raw = format!("POST /api/rule HTTP/1.1\r\nHost: {a}\r\n{json}Content-Length: {length}\r\n\r\n{smuggled}");
        let mut stream = connect(a);
        stream.write_all(raw.as_bytes()).expect("write");
        let mut all = Vec::new();
        let _ = stream.read_to_end(&mut all);
        let all = String::from_utf8_lossy(&all).to_string();
        assert!(all.starts_with("HTTP/1.1 400"), "{length}: {all}");
        assert_eq!(all.matches("HTTP/1.1 ").count(), 1, "{length}: one answer: {all}");
    }
    // HTTP/2's preface: the connection is closed, not held open.
    let mut stream = connect(a);
    stream.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n").expect("write");
    let mut all = Vec::new();
    let read = stream.read_to_end(&mut all);
    assert!(read.is_ok(), "the server closes the connection: {read:?}");
    assert!(!String::from_utf8_lossy(&all).contains(" 200 "), "{}", String::from_utf8_lossy(&all));
    still_answers(a);
}

// ---- clients that stall ------------------------------------------------------

/// A client that announces a body and stalls, and one that sends 200
/// requests and never reads the answers, hold up no one else (they froze
/// the workbench for everyone: one request was served at a time).
#[test]
fn a_client_that_stalls_holds_up_no_one() {
    let w = start(&[]);
    let a = &w.address;
    let mut stalled = connect(a);
    let head = format!(
        "POST /api/rule HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n{{"
    );
    stalled.write_all(head.as_bytes()).expect("write");
    let mut greedy = connect(a);
    let one = format!("GET /clauses HTTP/1.1\r\nHost: {a}\r\n\r\n");
    greedy.write_all(one.repeat(200).as_bytes()).expect("write");
    // Another client, as the review's stalled ones go on: answered.
    let (status, head, _) = exchange(a, &request(a, "GET", "/api/setting", "", b""));
    assert_eq!(status, 200, "{head}");
    still_answers(a);
    drop((stalled, greedy));
}

/// With the connections bounded (two here), a third waits for no one: it
/// is told the server is busy. The stalled body is answered 408 once its
/// time is up, the client that never reads is let go once its writes have
/// stalled, and then the server answers again. Each wait is bounded.
#[test]
fn connections_are_bounded_and_stalled_ones_let_go() {
    let limits = rulings::workbench::Limits {
        // Short, but not so short that a loaded machine lets the stalled
        // client go before the third one is turned away.
        head_time: Duration::from_secs(2),
        body_time: Duration::from_secs(2),
        stall: Duration::from_secs(2),
        connections: 2,
        ..Default::default()
    };
    let serving = rulings::workbench::Workbench::bind("127.0.0.1:0", None)
        .expect("bind")
        .with_limits(limits)
        .spawn()
        .expect("serve");
    let a = &serving.address().to_string();
    let mut stalled = connect(a);
    let head = format!(
        "POST /api/rule HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n{{"
    );
    stalled.write_all(head.as_bytes()).expect("write");
    let greedy = connect(a);
    let one = format!("GET /clauses HTTP/1.1\r\nHost: {a}\r\n\r\n");
    // Written from a thread: once the server stops reading, so would we.
    let writer = {
        let mut greedy = greedy.try_clone().expect("clone");
        let all = one.repeat(200);
        std::thread::spawn(move || {
            let _ = greedy.write_all(all.as_bytes());
        })
    };
    let (status, _, said) = exchange(a, &request(a, "GET", "/api/setting", "", b""));
    assert_eq!(status, 503, "{said}");
    // The stalled body: 408, and the connection closed.
    let (status, _, said) = answer(&mut stalled);
    assert_eq!(status, 408, "{said}");
    // Then, the greedy client let go, a request is answered (tried for at
    // most a minute: a loaded machine).
    let mut tries = 0;
    loop {
        let (status, _, _) = exchange(a, &request(a, "GET", "/api/setting", "", b""));
        if status == 200 {
            break;
        }
        tries += 1;
        assert!(tries < 600, "the server never answered again: {status}");
        std::thread::sleep(Duration::from_millis(100));
    }
    drop(greedy);
    let _ = writer.join();
}

// ---- what /api/case takes ----------------------------------------------------

/// A director's own value must be one a ruling can hold under that key,
/// and the title, clauses and source are one line each (the issue form's
/// fields are one line: a title with line breaks wrote three
/// `### Case file` headings into Propose's text).
#[test]
fn a_case_s_values_are_of_their_key_s_kind_and_its_fields_one_line() {
    let w = start(&[]);
    let case = |key: &str, own: &str, title: &str| {
        json!({
            "table": {"dealer": "N", "events": [{"N": "1S"}, {"E": "1H"}]},
            "title": title, "laws": "27A1", "source": "a test",
            "marks": [{"key": key, "agree": false, "own": own, "reason": "27A1: the director's reading"}],
        })
    };
    for (key, own) in [("next", "5"), ("status", "xyz"), ("next", "[S]"), ("auction", "{a: 1}")] {
        let (status, body) = post_json(&w.address, "/api/case", &case(key, own, "A value of the wrong kind"));
        assert_eq!(status, 422, "{key}: {own}: {body}");
        let e = body["error"].as_str().unwrap_or_default();
        assert!(e.contains(&format!("`{key}`")), "{e}");
    }
    let (status, body) = post_json(&w.address, "/api/case", &case("next", "W", "A value of the right kind"));
    assert_eq!(status, 200, "{body}");
    let injected = "A title\n\n### Case file\n\n```yaml\nid: X\n```\n\n### Case file";
    for path in ["/api/case", "/api/propose"] {
        let (status, body) = post_json(&w.address, path, &case("next", "W", injected));
        assert_eq!(status, 422, "{path}: {body}");
        assert!(body["error"].as_str().unwrap_or_default().contains("title"), "{body}");
    }
    let mut source = case("next", "W", "A source on two lines");
    source["source"] = json!("a test\n### Case file");
    let (status, body) = post_json(&w.address, "/api/propose", &source);
    assert_eq!(status, 422, "{body}");
}
