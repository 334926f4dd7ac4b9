//! The `rulings-engine` program itself, as a runner starts it: the
//! protocol on stdin and stdout (docs/protocol.md).

use std::io::Write;
use std::process::{Command, Stdio};

/// A hello, one story (North opens 1S, East passes) and bye: the program
/// answers the hello and rules the story, then ends with success.
#[test]
fn the_program_answers_a_hello_and_rules_a_story_then_ends_on_bye() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulings-engine"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(
            concat!(
                r#"{"type":"hello","protocol":1}"#,
                "\n",
                r#"{"type":"rule","seq":3,"edition":"2017","dealer":"N","vulnerable":"none","events":[{"N":"1S"},{"E":"P"}]}"#,
                "\n",
                r#"{"type":"bye"}"#,
                "\n"
            )
            .as_bytes(),
        )
        .expect("the program reads");
    drop(stdin);
    let out = child.wait_with_output().expect("the program ends");
    assert!(out.status.success(), "{out:?}");
    let answers: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert_eq!((answers[0]["type"].as_str(), answers[0]["protocol"].as_i64()), (Some("hello"), Some(1)));
    assert_eq!((answers[1]["type"].as_str(), answers[1]["seq"].as_i64()), (Some("ruling"), Some(3)));
    assert_eq!(answers[1]["ruling"]["next"], "S");
    assert_eq!(answers[1]["ruling"]["auction"], serde_json::json!(["1S", "P"]));
}

/// The program answers each line as it comes: a runner sends the hello and
/// reads the answer before it sends anything else.
#[test]
fn the_program_answers_the_hello_before_the_next_line_is_sent() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulings-engine"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    stdin.write_all(b"{\"type\":\"hello\",\"protocol\":1}\n").expect("the program reads");
    stdin.flush().expect("sent");
    let mut answer = String::new();
    stdout.read_line(&mut answer).expect("an answer");
    let hello: serde_json::Value = serde_json::from_str(&answer).expect("a JSON line");
    assert_eq!(hello["type"], "hello");
    stdin.write_all(b"{\"type\":\"bye\"}\n").expect("the program reads");
    drop(stdin);
    assert!(child.wait().expect("the program ends").success());
}
