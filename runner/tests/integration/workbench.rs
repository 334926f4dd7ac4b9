//! `rulings workbench` as a director uses it: the binary started on a free
//! port, its page and API asked over HTTP, the case it gives loaded by
//! `rulings check`, and the issue form's text read back by `rulings
//! import-issue` to the same file. The page itself is driven in a real
//! headless browser by `the_page_in_a_headless_browser`, which needs
//! Debian's chromium and chromium-driver: it is ignored by a plain `cargo
//! test` (it says so: "ignored"), and .ci/run installs them and runs it.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::{http_answer, Unsized};

/// The workbench, started on a free port; ended when dropped.
/// A workbench serving on a free port, ended when dropped.
pub(crate) struct Running {
    child: Child,
    pub(crate) address: String,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `rulings workbench` on a free port of 127.0.0.1, with `args` besides.
pub(crate) fn start(args: &[&str]) -> Running {
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

/// One HTTP/1.1 exchange on its own connection: the status, the headers
/// (lower case) and the body.
fn http(address: &str, method: &str, path: &str, body: &[u8]) -> (u16, String, String) {
    let mut stream = TcpStream::connect(address).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(300))).expect("timeout");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("write");
    // A server may refuse a large body before reading it all.
    let _ = stream.write_all(body);
    // chromedriver keeps the connection open after some answers, whatever
    // we ask, and answers others without a length, then closes.
    http_answer(stream, Unsized::ToTheEnd)
}

fn post(address: &str, path: &str, body: &Value) -> (u16, Value) {
    let (status, _, text) = http(address, "POST", path, body.to_string().as_bytes());
    (status, serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}")))
}

fn rulings(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulings")).args(args).output().expect("run rulings")
}

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// A corpus folder with the tag registry and a law27 folder.
fn corpus(root: &Path) -> std::path::PathBuf {
    let cases = root.join("cases");
    std::fs::create_dir_all(cases.join("law27")).expect("mkdir");
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases/_tags.yml"), cases.join("_tags.yml"))
        .expect("tags");
    cases
}

/// The case file loads (rulings check), and the issue form's text is read
/// back by import-issue to the very same file, in the law's folder of
/// `path` (`cases/law21/...`, as the workbench gives it).
/// The case /api/case saved for `request` (its answer `saved`), proposed
/// through /api/propose under its id: the issue form's case comes back as
/// the case saved, which loads ([`check_round_trip`]).
fn propose_and_check(address: &str, request: &Value, saved: &Value) {
    let mut request = request.clone();
    request["id"] = saved["id"].clone();
    let (status, form) = post(address, "/api/propose", &request);
    assert_eq!(status, 200, "{form}");
    let case = saved["text"].as_str().expect("the case");
    check_round_trip(case, form["text"].as_str().expect("the form"), saved["path"].as_str().unwrap_or_default());
}

fn check_round_trip(case: &str, form: &str, path: &str) {
    let scratch = tempfile::tempdir().expect("temp dir");
    let saved = corpus(&scratch.path().join("saved"));
    std::fs::write(saved.join("law27/saved.yaml"), case).expect("write");
    let o = rulings(&["check", saved.to_str().expect("utf-8")]);
    assert!(o.status.success(), "the saved case loads and the engine agrees:\n{}\n{case}", text(&o));
    let imported = corpus(&scratch.path().join("imported"));
    let folder = path.trim_start_matches("cases/").split('/').next().unwrap_or_default();
    std::fs::create_dir_all(imported.join(folder)).expect("mkdir");
    let form_file = scratch.path().join("issue.md");
    std::fs::write(&form_file, form).expect("write");
    let o =
        rulings(&["import-issue", form_file.to_str().expect("utf-8"), "--cases", imported.to_str().expect("utf-8")]);
    assert!(o.status.success(), "{}", text(&o));
    let path = String::from_utf8_lossy(&o.stdout).trim().to_string();
    assert_eq!(std::fs::read_to_string(&path).expect("imported"), case, "import-issue reads back the same case");
    let o = rulings(&["check", imported.to_str().expect("utf-8")]);
    assert!(o.status.success(), "{}", text(&o));
}

#[test]
fn the_page_and_its_files_are_served_with_a_strict_policy() {
    let w = start(&[]);
    let (status, head, body) = http(&w.address, "GET", "/", b"");
    assert_eq!(status, 200);
    assert!(body.contains("<title>Rulings workbench</title>") && body.contains("src=\"/app.js\""), "{body}");
    assert!(head.contains("content-security-policy: default-src 'self'"), "{head}");
    for (path, says) in [("/app.js", "\"use strict\""), ("/style.css", "#grid"), ("/clauses", "id=\"clause-27B2\"")] {
        let (status, _, body) = http(&w.address, "GET", path, b"");
        assert!(status == 200 && body.contains(says), "{path}: {status}");
    }
    let (status, _, _) = http(&w.address, "GET", "/nothing", b"");
    assert_eq!(status, 404);
    let (status, _, _) = http(&w.address, "DELETE", "/", b"");
    assert_eq!(status, 405);
}

#[test]
fn bad_requests_get_a_message_and_the_server_goes_on() {
    let w = start(&[]);
    let (status, _, body) = http(&w.address, "POST", "/api/rule", b"{\"dealer\": ");
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("\"error\""), "{body}");
    let (status, _, body) = http(&w.address, "POST", "/api/rule", &[0xff, 0xfe]);
    assert_eq!(status, 400, "{body}");
    let huge = vec![b' '; 300 * 1024];
    let (status, _, body) = http(&w.address, "POST", "/api/rule", &huge);
    assert_eq!(status, 413, "{body}");
    let events: Vec<Value> = (0..1001).map(|_| json!({"N": "P"})).collect();
    let (status, body) = post(&w.address, "/api/rule", &json!({"dealer": "N", "events": events}));
    assert_eq!(status, 400);
    assert!(body["error"].as_str().unwrap_or_default().contains("at most 1000"), "{body}");
    // Still answering.
    let (status, body) = post(&w.address, "/api/rule", &json!({"dealer": "N", "events": [{"N": "1S"}]}));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["waiting"]["seat"], "E");
}

#[test]
fn a_case_made_over_the_api_loads_and_comes_back_through_the_issue_form() {
    let w = start(&[]);
    let request = json!({
        "table": {"dealer": "N", "vulnerable": "EW",
                  "events": [{"N": "1S"}, {"E": "1H"}, {"S": "reject"}, {"E": "P"}]},
        "title": "1S (1H) not accepted, replaced by a pass <b>", "laws": "27B2, 26B", "source": "a test",
        "marks": [{"key": "next", "agree": true}, {"key": "must_pass", "agree": true},
                  {"key": "auction", "agree": false, "own": "[1S, P]"}],
    });
    let (status, saved) = post(&w.address, "/api/case", &request);
    assert_eq!(status, 200, "{saved}");
    let case = saved["text"].as_str().expect("the case");
    assert!(case.contains("vulnerable: EW\n") && case.contains("grid: |\n"), "{case}");
    assert!(case.contains("  auction: [1S, P]\n"), "the director's own value: {case}");
    propose_and_check(&w.address, &request, &saved);
}

/// The page learns the findings and the incidents from the setting: a
/// call's findings (the misinformation findings not among them), and each
/// incident with how a story writes it and its findings' kinds of value.
#[test]
fn the_setting_gives_the_findings_and_the_incidents() {
    let w = start(&[]);
    let (status, _, body) = http(&w.address, "GET", "/api/setting", b"");
    assert_eq!(status, 200, "{body}");
    let setting: Value = serde_json::from_str(&body).expect("json");
    let keys: Vec<&str> =
        setting["findings"].as_array().expect("findings").iter().filter_map(|f| f["key"].as_str()).collect();
    assert!(keys.contains(&"comparable") && keys.contains(&"over_original"), "{keys:?}");
    assert!(!keys.contains(&"missing_alert"), "{keys:?}");
    let means = setting["findings"].as_array().into_iter().flatten().find(|f| f["key"] == "means");
    assert_eq!(means.map(|m| &m["kind"]), Some(&json!("meaning")));
    let misinformed = setting["incidents"].as_array().into_iter().flatten().find(|i| i["family"] == "misinformation");
    let misinformed = misinformed.expect("the misinformation incident");
    assert_eq!(misinformed["forms"], json!(["misinformed"]));
    assert_eq!(
        misinformed["findings"][0],
        json!({"key": "missing_alert", "family": "misinformation",
        "kind": "yes-no", "yes": "no alert given", "no": "explained wrongly"})
    );
    let board = setting["incidents"].as_array().into_iter().flatten().find(|i| i["family"] == "wrong-board");
    assert_eq!(board.map(|b| &b["forms"]), Some(&json!(["wrong board"])));
}

/// A call made on misinformation (a missing alert), and a call made on
/// cards from a wrong board, go through /api/case into a case file in the
/// case format (the events as a list: a grid cannot draw them), which
/// loads and comes back through the issue form; a finding of the wrong
/// kind of value is refused, as any other is.
#[test]
fn incidents_go_into_the_case_file_and_a_wrong_kind_of_value_is_refused() {
    let w = start(&[]);
    let misinformed = json!({
        "table": {"dealer": "W", "events": [{"W": "1NT"}, {"N": "P"}, {"E": "2D"}, {"S": "P"},
                                            {"S": "misinformed", "missing_alert": true}, {"S": "X"}]},
        "title": "1NT P 2D (not alerted) P: South, misinformed, doubles instead", "laws": "21B1(a), 16C2",
        "source": "a test", "marks": [{"key": "rulings", "agree": true}, {"key": "auction", "agree": true},
                                        {"key": "unauthorized_information", "agree": true}],
    });
    let (status, saved) = post(&w.address, "/api/case", &misinformed);
    assert_eq!(status, 200, "{saved}");
    let case = saved["text"].as_str().expect("the case");
    assert!(case.contains("  - S: misinformed\n    missing_alert: true\n  - S: X\n"), "{case}");
    assert!(case.contains("irregularity: misinformation, law: \"21B1(a)\""), "{case}");
    propose_and_check(&w.address, &misinformed, &saved);

    let wrong_board = json!({
        "table": {"dealer": "N", "events": [{"N": "1S"}, {"N": "wrong board"}]},
        "title": "N opens 1S on a wrong board's cards: the 1S is cancelled", "laws": "15A1, 16C2",
        "source": "a test", "marks": [{"key": "next", "agree": true}, {"key": "rulings", "agree": true}],
    });
    let (status, saved) = post(&w.address, "/api/case", &wrong_board);
    assert_eq!(status, 200, "{saved}");
    let case = saved["text"].as_str().expect("the case");
    assert!(case.contains("  - N: 1S\n  - N: wrong board\n"), "{case}");
    assert!(case.contains("irregularity: cards-from-wrong-board"), "{case}");
    propose_and_check(&w.address, &wrong_board, &saved);

    // A finding of the wrong kind of value: refused, saying where.
    let mut bad = misinformed;
    bad["table"]["events"][4]["own_misunderstanding"] = json!("yes");
    let (status, body) = post(&w.address, "/api/case", &bad);
    assert_eq!(status, 400, "{body}");
    let e = body["error"].as_str().unwrap_or_default();
    assert!(e.contains("table.events[4]") && e.contains("invalid type: string \"yes\""), "{e}");
}

// ---- the page in a real browser ------------------------------------------

/// A WebDriver session on chromedriver (W3C WebDriver over HTTP).
struct Browser {
    driver: Child,
    address: String,
    session: String,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = http(&self.address, "DELETE", &format!("/session/{}", self.session), b"");
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Browser {
    fn start() -> Browser {
        let port = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("port").port();
        let driver_program = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into());
        let driver = Command::new(&driver_program)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{driver_program} starts ({e}): apt-get install chromium chromium-driver"));
        let address = format!("127.0.0.1:{port}");
        let since = Instant::now();
        while TcpStream::connect(&address).is_err() {
            assert!(since.elapsed() < Duration::from_secs(20), "chromedriver listens");
            std::thread::sleep(Duration::from_millis(100));
        }
        let binary = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        let capabilities = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": binary,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"]}}}});
        let (_, _, body) = http(&address, "POST", "/session", capabilities.to_string().as_bytes());
        let v: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
        let session = v["value"]["sessionId"].as_str().unwrap_or_else(|| panic!("a session: {body}")).to_string();
        Browser { driver, address, session }
    }

    fn call(&self, method: &str, path: &str, body: Value) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let (_, _, text) = http(&self.address, method, &path, body.to_string().as_bytes());
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
        assert!(v["value"]["error"].is_null(), "{method} {path}: {v}");
        v["value"].clone()
    }

    fn script(&self, script: &str, args: Value) -> Value {
        self.call("POST", "/execute/sync", json!({"script": script, "args": args}))
    }

    /// Wait (up to 60 s: a loaded machine) for `script` to return something truthy.
    fn until(&self, what: &str, script: &str) -> Value {
        let since = Instant::now();
        loop {
            let v = self.script(script, json!([]));
            if !(v.is_null() || v == json!(false) || v == json!("")) {
                return v;
            }
            let page = self.script("return document.body.innerText", json!([]));
            assert!(since.elapsed() < Duration::from_secs(60), "waited for {what}; the page says:\n{page}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn element(&self, css: &str) -> String {
        let v = self.call("POST", "/element", json!({"using": "css selector", "value": css}));
        v.as_object().and_then(|o| o.values().next()).and_then(Value::as_str).expect("an element").to_string()
    }

    fn click(&self, css: &str) {
        let e = self.element(css);
        self.call("POST", &format!("/element/{e}/click"), json!({}));
    }

    fn type_in(&self, css: &str, text: &str) {
        let e = self.element(css);
        self.call("POST", &format!("/element/{e}/value"), json!({"text": text}));
    }

    fn screenshot(&self, width: u32, height: u32, file: &Path) {
        self.call("POST", "/window/rect", json!({"width": width, "height": height}));
        let png = self.call("GET", "/screenshot", json!({}));
        let bytes = decode_base64(png.as_str().expect("base64"));
        std::fs::write(file, bytes).expect("write the screenshot");
    }
}

fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let clean: Vec<u8> = text.bytes().filter(|c| !c.is_ascii_whitespace() && *c != b'=').collect();
    let mut out = Vec::new();
    for chunk in clean.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &c)| n | (u32::from(value(c)) << (18 - 6 * i)));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

/// `rulings check` on a folder holding `case` and, beside it at the
/// corpus root, `reference` as cases/reference-open.yml: the case loads,
/// and where the director ruled otherwise than the engine (or the engine
/// cannot rule on the story), the entry the page gave makes it open in the
/// reference engine, and the check passes: the pull request goes green.
fn check_loads(b: &Browser, case: &str, reference: Option<&str>) {
    let scratch = tempfile::tempdir().expect("temp dir");
    let saved = corpus(&scratch.path().join("saved"));
    // The path the page gives: "(cases/law25/1c-....yaml)".
    let path = b.script("return document.getElementById('case-path').textContent", json!([]));
    let path = path.as_str().unwrap_or_default().trim_matches(['(', ')']).trim_start_matches("cases/").to_string();
    let file = saved.join(&path);
    std::fs::create_dir_all(file.parent().expect("a folder")).expect("mkdir");
    std::fs::write(&file, case).expect("write");
    let o = rulings(&["check", saved.to_str().expect("utf-8")]);
    let Some(entry) = reference else {
        assert!(o.status.success(), "the saved case loads and the engine agrees:\n{}\n{case}", text(&o));
        return;
    };
    assert!(!o.status.success(), "without its entry, the case fails against the engine:\n{}", text(&o));
    std::fs::write(saved.join("reference-open.yml"), entry).expect("write");
    let o = rulings(&["check", saved.to_str().expect("utf-8")]);
    assert!(o.status.success(), "with its entry, the case is open and the check green:\n{}\n{case}\n{entry}", text(&o));
    assert!(text(&o).contains("open in the reference engine"), "{}", text(&o));
}

/// Set a `<select>` as a director picks from it, and say so to the page.
fn pick(b: &Browser, css: &str, value: &str) {
    let done = b.script(
        "const s = document.querySelector(arguments[0]); if (!s) return false; s.value = arguments[1]; \
         s.dispatchEvent(new Event('change')); return true",
        json!([css, value]),
    );
    assert_eq!(done, json!(true), "no {css}");
}

fn said(b: &Browser, key: &str) -> String {
    let js =
        format!("const e = document.querySelector('#ruling li[data-key={key}] .said'); return e ? e.textContent : ''");
    b.script(&js, json!([])).as_str().unwrap_or_default().to_string()
}

/// Start the story again from an empty table, the dealer North.
fn clear(b: &Browser) {
    b.click("#clear");
    pick(b, "#dealer", "N");
    b.until(
        "an empty table",
        "return document.body.dataset.pending === '0' && document.querySelectorAll('#events li').length === 0 \
         && document.querySelector('#grid tbody').innerText.trim() === ''",
    );
}

/// The slip, as a director tells it: North's 1C, marked on the 1C as a
/// slip before he gives the call he meant (25A); then the same slip told
/// the other way, North calling again and the page asking whether the 1C
/// was unintended. The case saved carries `unintended: true` on the 1D, as
/// the case format has it, and loads.
fn the_slip(b: &Browser) {
    clear(b);
    pick(b, "#seat", "N");
    b.click("#bids button[data-call='1C']");
    b.until("North's 1C", "return document.querySelectorAll('#events li').length === 1");
    pick(b, "#events select[aria-label='N 1C: a slip']", "true");
    let asks = b.until("the call he meant", "return document.getElementById('question').textContent");
    assert!(asks.as_str().unwrap_or_default().contains("North may put the call he meant in its place"), "{asks}");
    assert_eq!(b.script("return document.getElementById('seat').value", json!([])), json!("N"));
    let message = b.script("return document.getElementById('message').textContent", json!([]));
    assert_eq!(message, json!(""), "marked on the slip, the engine still rules");
    b.click("#bids button[data-call='1D']");
    b.until("25A1", "const e = document.querySelector('#ruling li[data-key=rulings] .said'); return e && e.textContent.includes('25A1')");
    assert_eq!(said(b, "rulings"), "North's 1D: a change of call, ruled under 25A1.");
    assert_eq!(said(b, "auction"), "The calls that stand: 1D.");
    assert_eq!(b.script("return document.querySelector('#grid tbody del').textContent", json!([])), json!("1C [1]"));
    b.click("#agree-all");
    assert_eq!(b.script("return document.querySelectorAll('#ruling li.agreed').length", json!([])), json!(13));
    b.script("document.getElementById('title').value = ''", json!([]));
    b.type_in("#title", "1C by the dealer, a slip, replaced by 1D at once");
    b.script("document.getElementById('laws').value = ''", json!([]));
    b.type_in("#laws", "25A1");
    b.click("#save");
    let case = b.until(
        "the case file",
        "const t = document.getElementById('case-text').value; return t.includes('a slip') && t",
    );
    let case = case.as_str().expect("text").to_string();
    assert!(case.contains("  - N: 1D\n    unintended: true\n"), "the finding on the replacement: {case}");
    assert_eq!(b.script("return document.getElementById('differs').textContent", json!([])), json!(""));
    assert_eq!(b.script("return document.getElementById('reference-out').hidden", json!([])), json!(true));
    check_loads(b, &case, None);

    // Told the other way: North calls again, and the page asks.
    clear(b);
    b.script("document.getElementById('story').value = ''", json!([]));
    b.type_in("#story", "N 1C, N 1D\u{E007}");
    b.until("the question", "return document.querySelector('#question button[data-slip=yes]')");
    let asks = b.script("return document.getElementById('question').textContent", json!([]));
    assert!(asks.as_str().unwrap_or_default().contains("Was the 1C unintended"), "{asks}");
    // Unanswered, the engine rules 25B: East may accept the 1D.
    assert!(said(b, "decision").contains("25B1"), "{}", said(b, "decision"));
    b.click("#question button[data-slip=yes]");
    b.until("25A1", "const e = document.querySelector('#ruling li[data-key=rulings] .said'); return e && e.textContent.includes('25A1')");
    assert_eq!(b.script("return document.getElementById('question').textContent", json!([])), json!(""));
}

/// A first call out of turn: East bids 1C with North the dealer, from the
/// one-line story, which keeps the dealer; South does not accept it, and
/// the page says what to tell East about his next turn (31A). A bid above
/// seven from the box's eighth level, told again as a story, stays out of
/// turn with its bar.
fn the_call_out_of_turn(b: &Browser) {
    clear(b);
    b.script("document.getElementById('story').value = ''", json!([]));
    b.type_in("#story", "E 1C\u{E007}");
    b.until("South's decision", "return document.querySelector('#waiting button[data-choice=reject]')");
    assert_eq!(b.script("return document.getElementById('dealer').value", json!([])), json!("N"));
    let hint = b.script("return document.getElementById('story-hint').textContent", json!([]));
    assert!(hint.as_str().unwrap_or_default().contains("a call out of rotation"), "{hint}");
    let asked = b.script("return document.getElementById('waiting').innerText", json!([]));
    assert!(asked.as_str().unwrap_or_default().contains("South may accept East's 1C or not (29A)."), "{asked}");
    assert!(said(b, "rulings").starts_with("Nothing ruled yet"), "{}", said(b, "rulings"));
    b.click("#waiting button[data-choice=reject]");
    let told = b.until(
        "what to tell East",
        "const w = document.getElementById('waiting').innerText; return w.includes('If North passes') && w",
    );
    let told = told.as_str().unwrap_or_default();
    assert!(told.contains("East's 1C, out of rotation, is cancelled. North to call. Tell East now"), "{told}");
    assert!(told.contains("must repeat the 1C"), "{told}");
    assert!(
        told.contains("If North bids 1C") && told.contains("West must pass at their next turn (31A2(b))"),
        "{told}"
    );
    assert!(!told.contains("basis") && !told.contains("disposed"), "{told}");

    // The eighth level of the box: a bid above seven, out of turn.
    clear(b);
    pick(b, "#seat", "E");
    b.click("#bids button[data-call='8S']");
    b.until("38C", "const e = document.querySelector('#ruling li[data-key=rulings] .said'); return e && e.textContent.includes('38')");
    assert!(said(b, "rulings").contains("East's 8S: a bid above seven"), "{}", said(b, "rulings"));
    // The page's own story, told again: the same table.
    let story = b.script("return document.getElementById('story').value", json!([]));
    assert_eq!(story, json!("E 8S"));
    let before = said(b, "must_pass");
    b.click("#tell");
    b.until("the story told", "return document.querySelectorAll('#events li').length === 1");
    assert_eq!(b.script("return document.getElementById('dealer').value", json!([])), json!("N"));
    assert_eq!(said(b, "must_pass"), before);
    assert!(before.contains("East must pass for the rest of the auction (38C)"), "{before}");
}

/// A story the engine refuses (a card shown before the first call: the
/// auction has not begun, so the engine leaves it to Law 16D): the director
/// still writes his ruling, with why, and saves the case with the engine's
/// refusal in the reference-open entry.
fn the_refusal(b: &Browser) {
    clear(b);
    pick(b, "#dealer", "S");
    b.script("document.getElementById('story').value = ''", json!([]));
    b.type_in("#story", "S exposes D2, S 1H\u{E007}");
    let said = b.until(
        "the refusal",
        "const m = document.getElementById('message').textContent; return m.includes('does not rule') && m",
    );
    assert!(said.as_str().unwrap_or_default().contains("write your ruling below"), "{said}");
    assert_eq!(b.script("return document.getElementById('agree-all').disabled", json!([])), json!(true));
    b.click("#ruling li[data-key=auction] input[value=disagree]");
    b.type_in("#ruling li[data-key=auction] input[aria-label='auction: calls']", "1H\u{E004}");
    let warn = b.script("return document.getElementById('differs').textContent", json!([]));
    assert!(warn.as_str().unwrap_or_default().contains("cannot rule on this story"), "{warn}");
    b.type_in("#ruling textarea[data-reason=auction]", "16D: the card goes back to the hand; the auction goes on");
    b.script("document.getElementById('title').value = ''", json!([]));
    b.type_in("#title", "S shows the D2 before the first call, then opens 1H (16D)");
    b.script("document.getElementById('laws').value = ''", json!([]));
    b.type_in("#laws", "16D");
    b.click("#save");
    let case = b.until(
        "the case file",
        "const t = document.getElementById('case-text').value; return t.includes('(16D)') && t",
    );
    let case = case.as_str().expect("text").to_string();
    assert!(case.contains("  auction: [1H]\n"), "{case}");
    let entry = b.script("return document.getElementById('reference-text').value", json!([]));
    let entry = entry.as_str().unwrap_or_default().to_string();
    assert!(entry.contains("  refuses: \"S exposes D2 before the first call"), "{entry}");
    check_loads(b, &case, Some(&entry));
}

/// A disagreement written in plain words: the director rules that West
/// must pass only at his next turn (a reading the engine does not share),
/// with his reason; the page warns before saving; the case file carries
/// the reason above the key, and Save gives the reference-open entry.
fn the_disagreement(b: &Browser) -> (String, String) {
    clear(b);
    b.script("document.getElementById('story').value = ''", json!([]));
    b.type_in("#story", "N 1S, E 1H, S reject, E P\u{E007}");
    b.until(
        "the bar",
        "const e = document.querySelector('#ruling li[data-key=must_pass] .said'); \
         return e && e.textContent.includes('West must pass for the rest of the auction (27B2)')",
    );
    b.click("#agree-all");
    b.click("#ruling li[data-key=must_pass] input[value=disagree]");
    // Arrow keys move between the marks, not into the fields.
    let radio = b.element("#ruling li[data-key=must_pass] input[value=disagree]");
    b.call("POST", &format!("/element/{radio}/value"), json!({"text": "\u{E013}"}));
    let focus = b.script("return document.activeElement.type + ' ' + document.activeElement.value", json!([]));
    assert_eq!(focus, json!("radio agree"), "ArrowUp stays on the marks");
    b.click("#ruling li[data-key=must_pass] input[value=disagree]");
    assert_eq!(b.script("return document.getElementById('differs').textContent", json!([])), json!(""));
    pick(b, "#ruling li[data-key=must_pass] select[aria-label='must_pass: how long']", "next-turn");
    let warn = b.script("return document.getElementById('differs').textContent", json!([]));
    assert!(warn.as_str().unwrap_or_default().contains("not the reference engine's on must_pass"), "{warn}");
    b.type_in("#ruling textarea[data-reason=must_pass]", "27B2 read as once only (a test of the page)");
    b.script("document.getElementById('title').value = ''", json!([]));
    b.type_in("#title", "1S (1H) refused, replaced by a pass, partner barred once");
    b.script("document.getElementById('laws').value = ''", json!([]));
    b.type_in("#laws", "27B2");
    b.click("#save");
    let case = b.until(
        "the case file",
        "const t = document.getElementById('case-text').value; return t.includes('barred once') && t",
    );
    let case = case.as_str().expect("text").to_string();
    assert!(
        case.contains(
            "  # not as the reference engine rules: 27B2 read as once only (a test of the page)\n  must_pass:\n    - {seat: W, scope: next-turn"
        ),
        "{case}"
    );
    let entry = b.script("return document.getElementById('reference-text').value", json!([]));
    let entry = entry.as_str().unwrap_or_default().to_string();
    assert!(entry.contains("reason: \"must_pass: 27B2 read as once only (a test of the page)\""), "{entry}");
    let shown = b.script("return document.getElementById('reference-out').innerText", json!([]));
    assert!(shown.as_str().unwrap_or_default().contains("the pull request goes green"), "{shown}");
    check_loads(b, &case, Some(&entry));
    (case, entry)
}

/// The keys of the findings the setting gives: on calls, or on the
/// incident of `family`.
fn offered(address: &str, family: Option<&str>) -> Vec<String> {
    let (_, _, body) = http(address, "GET", "/api/setting", b"");
    let setting: Value = serde_json::from_str(&body).expect("json");
    let list = match family {
        None => setting["findings"].clone(),
        Some(f) => setting["incidents"].as_array().into_iter().flatten().find(|i| i["family"] == f).expect(f)
            ["findings"]
            .clone(),
    };
    list.as_array().into_iter().flatten().filter_map(|f| f["key"].as_str().map(str::to_string)).collect()
}

/// Every finding the server knows for a call has its control on a call:
/// the slip's (with its pause, in 2007, once a slip is marked) and the
/// rest, read off the setting.
fn every_finding_has_its_control(b: &Browser, address: &str) {
    clear(b);
    pick(b, "#edition", "2007");
    pick(b, "#seat", "N");
    b.click("#bids button[data-call='1C']");
    b.until(
        "North's 1C",
        "return document.body.dataset.pending === '0' && document.querySelectorAll('#events li').length === 1",
    );
    pick(b, "#events select[aria-label='N 1C: a slip']", "true");
    b.until(
        "the pause",
        "return document.body.dataset.pending === '0' && document.querySelector('#events [data-finding=pause]')",
    );
    let keys = offered(address, None);
    assert!(keys.len() >= 6, "{keys:?}");
    for key in keys {
        let js = format!("return !!document.querySelector('#events li:not([data-incident]) [data-finding={key}]')");
        assert_eq!(b.script(&js, json!([])), json!(true), "no control for `{key}` on a call");
    }
    pick(b, "#edition", "2017");
}

/// A call made on misinformation, as a director tells it: the auction
/// `1NT P 2D P` from the story line, then the incident's button by South
/// (the seat of the last call, chosen already), its finding ticked (no
/// alert given), South's new call from the box. Every finding the server
/// knows has its control: on a call, and on the incident. The case saved
/// carries the incident and its finding in the case format, and loads.
fn the_misinformation(b: &Browser, address: &str) {
    clear(b);
    pick(b, "#dealer", "W");
    b.script("document.getElementById('story').value = ''", json!([]));
    b.type_in("#story", "W 1NT, N P, E 2D, S P\u{E007}");
    b.until(
        "the auction",
        "return document.body.dataset.pending === '0' && document.querySelectorAll('#events li').length === 4",
    );
    assert_eq!(b.script("return document.getElementById('incident-seat').value", json!([])), json!("S"));
    b.click("#incidents button[data-incident='misinformed']");
    b.until("the incident", "return document.body.dataset.pending === '0' && document.querySelector('#events li[data-incident=misinformation]')");
    let keys = offered(address, Some("misinformation"));
    assert_eq!(keys, ["missing_alert", "mistaken_call", "own_misunderstanding", "by_lho"]);
    for key in &keys {
        let js = format!("return !!document.querySelector('#events li[data-incident=misinformation] input[type=checkbox][data-finding={key}]')");
        assert_eq!(b.script(&js, json!([])), json!(true), "no checkbox for `{key}` on the incident");
    }
    // The findings are under their heading, which the director opens.
    if b.script("return document.getElementById('findings-box').open", json!([])) != json!(true) {
        b.click("#findings-box summary");
    }
    b.click("#events li[data-incident=misinformation] input[data-finding=missing_alert]");
    b.until(
        "the finding in the story",
        "return document.getElementById('notes').textContent.includes('no alert given')",
    );
    assert_eq!(b.script("return document.getElementById('seat').value", json!([])), json!("S"), "South calls again");
    b.click(".calls button[data-call='X']");
    let rulings = b.until(
        "21B1(a)",
        "const e = document.querySelector('#ruling li[data-key=rulings] .said'); return e && e.textContent.includes('21B1(a)') && e.textContent",
    );
    assert!(rulings.as_str().unwrap_or_default().contains("South's P"), "{rulings}");
    b.click("#agree-all");
    b.script("document.getElementById('title').value = ''", json!([]));
    b.type_in("#title", "1NT P 2D (not alerted) P: South, misinformed, doubles instead (a browser test)");
    b.click("#save");
    let case = b.until(
        "the case file",
        "const t = document.getElementById('case-text').value; return t.includes('not alerted') && t",
    );
    let case = case.as_str().expect("text").to_string();
    assert!(case.contains("  - S: P\n  - S: misinformed\n    missing_alert: true\n  - S: X\n"), "{case}");
    check_loads(b, &case, None);
}

/// Cards from a wrong board: North opens 1S, then is found to hold another
/// board's cards; the incident's button by North; the 1S is cancelled and
/// North calls again. The case saved carries the incident and loads.
fn the_wrong_board(b: &Browser) {
    clear(b);
    pick(b, "#seat", "N");
    b.click("#bids button[data-call='1S']");
    b.until(
        "North's 1S",
        "return document.body.dataset.pending === '0' && document.querySelectorAll('#events li').length === 1",
    );
    assert_eq!(b.script("return document.getElementById('incident-seat').value", json!([])), json!("N"));
    b.click("#incidents button[data-incident='wrong board']");
    let rulings = b.until(
        "15A1",
        "const e = document.querySelector('#ruling li[data-key=rulings] .said'); return e && e.textContent.includes('15A1') && e.textContent",
    );
    assert!(rulings.as_str().unwrap_or_default().contains("North's 1S"), "{rulings}");
    let shown =
        b.script("return document.querySelector('#events li[data-incident=wrong-board]').textContent", json!([]));
    assert!(shown.as_str().unwrap_or_default().contains("N wrong board"), "{shown}");
    assert_eq!(b.script("return document.getElementById('seat').value", json!([])), json!("N"), "North calls again");
    b.click("#agree-all");
    b.script("document.getElementById('title').value = ''", json!([]));
    b.type_in("#title", "N opens 1S holding another board's cards (a browser test)");
    b.click("#save");
    let case = b.until(
        "the case file",
        "const t = document.getElementById('case-text').value; return t.includes('another board') && t",
    );
    let case = case.as_str().expect("text").to_string();
    assert!(case.contains("  - N: 1S\n  - N: wrong board\n"), "{case}");
    assert!(case.contains("irregularity: cards-from-wrong-board"), "{case}");
    check_loads(b, &case, None);

    // An incident whose form names cards: without them, said; with them,
    // told by the seat chosen.
    b.click("#incidents button[data-incident='exposes CARDS']");
    let said = b.until("the message", "return document.getElementById('message').textContent");
    assert!(said.as_str().unwrap_or_default().contains("exposes: name the cards"), "{said}");
    pick(b, "#incident-seat", "E");
    b.type_in("#incidents input[data-incident-cards='exposes CARDS']", "HK");
    b.click("#incidents button[data-incident='exposes CARDS']");
    let shown = b.until(
        "the cards shown",
        "const e = document.querySelector('#events li[data-incident=exposed-card]'); return e && e.textContent",
    );
    assert!(shown.as_str().unwrap_or_default().contains("E exposes HK"), "{shown}");
}

/// A director's whole session, in chromium: type a story with an
/// insufficient bid (from the keyboard), refuse it, replace it by a pass,
/// read the bar on partner, mark the items, save the case, and load the
/// saved file with `rulings check`; propose it, and import the issue text
/// back to the same file. Bad input is said on the page. Then the hard
/// incidents as a director tells them: a slip marked on the slip, a first
/// call out of turn, a bid above seven, a call made on misinformation and
/// one on cards from a wrong board (each incident from its button, with
/// its findings), a disagreement in plain words with its reason. The page fits a phone's width. With
/// RULINGS_SCREENSHOTS=DIR, screenshots at 375 and 1280 pixels wide are
/// written there.
#[test]
#[ignore = "needs chromium and chromium-driver (Debian); .ci/run installs them and runs it with --ignored"]
fn the_page_in_a_headless_browser() {
    let w = start(&[]);
    let b = Browser::start();
    b.call("POST", "/url", json!({"url": format!("http://{}/", w.address)}));
    b.until("the page to start", "return document.querySelectorAll('#bids button').length === 40");
    // A story with a mistake: said on the page, as text (what the user
    // typed is never read as HTML), and nothing breaks.
    b.type_in("#story", "N 1S, E <b>9Q</b>\u{E007}");
    let said = b.until("the message", "return document.getElementById('message').textContent");
    assert!(said.as_str().unwrap_or_default().contains("story event 2: `E <b>9Q</b>`"), "{said}");
    assert_eq!(b.script("return document.querySelectorAll('#message b').length", json!([])), json!(0));
    // The story, typed and sent with Enter.
    b.script("document.getElementById('story').value = ''", json!([]));
    b.type_in("#story", "N 1S, E 1H\u{E007}");
    b.until("South's decision", "return document.querySelector('#waiting button[data-choice=reject]')");
    b.click("#waiting button[data-choice=reject]");
    b.until("East's replacement", "return document.querySelector('#waiting button[data-replacement=P]')");
    b.click("#waiting button[data-replacement=P]");
    let bar = b.until(
        "the bar on West",
        "const e = document.querySelector('#ruling li[data-key=must_pass] .said'); \
         return e && e.textContent.includes('West must pass for the rest of the auction (27B2)') && e.textContent",
    );
    assert!(bar.as_str().unwrap_or_default().starts_with("West must pass"), "{bar}");
    let grid = b.script("return document.querySelector('#grid tbody').innerText", json!([]));
    assert!(grid.as_str().unwrap_or_default().contains("reject"), "{grid}");
    // The clause links lead to the clause's entry.
    let link =
        b.script("return document.querySelector('#ruling li[data-key=must_pass] a').getAttribute('href')", json!([]));
    assert_eq!(link, json!("/clauses#clause-27B2"));
    for key in ["next", "must_pass", "rulings", "unauthorized_information"] {
        b.click(&format!("#ruling li[data-key={key}] input[value=agree]"));
    }
    b.type_in("#title", "1S (1H) not accepted, replaced by a pass");
    b.type_in("#source", "the workbench's browser test");
    b.click("#save");
    let case = b.until("the case file", "return document.getElementById('case-text').value");
    let case = case.as_str().expect("text").to_string();
    assert!(case.contains("must_pass:\n    - {seat: W, scope: rest-of-auction, law: \"27B2\""), "{case}");
    b.click("#propose");
    let form = b.until("the issue text", "return document.getElementById('form-text').value");
    let path = b.script("return document.getElementById('case-path').textContent", json!([]));
    check_round_trip(&case, form.as_str().expect("text"), path.as_str().unwrap_or_default().trim_matches(['(', ')']));

    the_slip(&b);
    the_call_out_of_turn(&b);
    the_refusal(&b);
    every_finding_has_its_control(&b, &w.address);
    the_misinformation(&b, &w.address);
    the_wrong_board(&b);
    let (_, entry) = the_disagreement(&b);
    b.click("#propose");
    let form = b.until(
        "the issue text",
        "const t = document.getElementById('form-text').value; return t.includes('reference-open') && t",
    );
    assert!(form.as_str().unwrap_or_default().contains(&entry), "{form}");
    // A phone's width: nothing runs off the side.
    b.call("POST", "/window/rect", json!({"width": 375, "height": 812}));
    let overflow =
        b.script("return document.documentElement.scrollWidth - document.documentElement.clientWidth", json!([]));
    let wide = b.script(
        "const w = document.documentElement.clientWidth; return [...document.querySelectorAll('body *')] \
         .filter((e) => e.getBoundingClientRect().right > w + 1) \
         .map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + (e.getAttribute('aria-label') || '')).slice(0, 8)",
        json!([]),
    );
    assert!(overflow.as_i64().unwrap_or(1) <= 0, "the page is wider than a phone: {overflow}: {wide}");
    // A phone's bidding box: a level, then a denomination; marks a thumb can hit.
    let compact = b.script(
        "return [getComputedStyle(document.getElementById('bids')).display, \
         getComputedStyle(document.getElementById('bids-compact')).display, \
         document.querySelector('#ruling input[type=radio]').getBoundingClientRect().height]",
        json!([]),
    );
    assert_eq!(compact[0], json!("none"), "{compact}");
    assert_eq!(compact[1], json!("block"), "{compact}");
    assert!(compact[2].as_f64().unwrap_or(0.0) >= 20.0, "radios {compact}");
    if let Ok(dir) = std::env::var("RULINGS_SCREENSHOTS") {
        let dir = Path::new(&dir);
        b.script("window.scrollTo(0, 0)", json!([]));
        b.screenshot(375, 1400, &dir.join("workbench-phone.png"));
        b.screenshot(1280, 1500, &dir.join("workbench.png"));
    }
}
