//! Tests of `rulings fmt`'s normal form and conversions.

use super::line::split_comment;
use super::notes::comment_texts;
use super::*;
use rulings_engine::request::Event;

const CASE: &str = "\
# yaml-language-server: $schema=../../schemas/case.schema.json
id: L27-K4Q2
title: 1D (1C) not accepted, corrected to 2C
laws: [\"27B1(a)\"]
source: \"after the worked example in 002_163f38d8073a2319.txt\"   # a seed file
tags: [insufficient-bid]
dealer: W
events:
  - W: 1D
  - N: 1C                        # insufficient: 1C does not supersede 1D
  - E: reject                    # East (North's LHO) does not accept it (27A1)
  - N: 2C                        # lowest sufficient bid in clubs (27B1(a))
expect:
  status: auction
  next: E
  rulings:
    - {seat: N, call: 1C, irregularity: insufficient-bid, law: \"27B1(a)\"}
";

fn fmt(text: &str, to: Option<Form>) -> Result<String, FmtError> {
    format_text("law27/x.yaml", Path::new("x.yaml"), text, to)
}

fn events_of(text: &str) -> Vec<Event> {
    parse_case_all("x.yaml", Path::new("x.yaml"), text).expect("loads").events
}

#[test]
fn a_case_in_normal_form_is_left_as_it_is() {
    assert_eq!(fmt(CASE, None).expect("formats"), CASE);
}

#[test]
fn keys_go_in_order_with_their_comments_and_indentation_becomes_two_spaces() {
    let messy = "\
# the header stays on top
title: 1D (1C) not accepted, corrected to 2C   \r
id: L27-K4Q2
laws: [\"27B1(a)\"]
source: \"after the worked example\"


expect:
    status: auction
    rulings:
    - {seat: N, call: 1C, irregularity: insufficient-bid, law: \"27B1(a)\"}
# about the dealer
dealer: W
events:
- W: Pass   # a slip of the keyboard? no: a pass
- N: 1n
  comparable: true
- E: dbl
- S: \"1♣\"
# the end
";
    let out = fmt(messy, None).expect("formats");
    assert_eq!(
        out,
        "\
# the header stays on top
id: L27-K4Q2
title: 1D (1C) not accepted, corrected to 2C
laws: [\"27B1(a)\"]
source: \"after the worked example\"
# about the dealer
dealer: W
events:
  - W: P      # a slip of the keyboard? no: a pass
  - N: 1NT
    comparable: true
  - E: X
  - S: 1C

expect:
  status: auction
  rulings:
    - {seat: N, call: 1C, irregularity: insufficient-bid, law: \"27B1(a)\"}
# the end
"
    );
    assert_eq!(fmt(&out, None).expect("formats"), out, "the normal form is a fixed point");
}

#[test]
fn events_become_a_grid_and_back_with_their_comments() {
    let grid = fmt(CASE, Some(Form::Grid)).expect("converts");
    assert!(
        grid.contains(
            &[
                "dealer: W",
                "grid: |",
                "  W       N       E       S",
                "  1D      1C      reject          # N 1C: insufficient: 1C does not supersede 1D; E reject: East \
                     (North's LHO) does not accept it (27A1)",
                "  -       2C                      # lowest sufficient bid in clubs (27B1(a))",
                "expect:",
            ]
            .join("\n")
        ),
        "{grid}"
    );
    assert_eq!(events_of(&grid), events_of(CASE));
    let back = fmt(&grid, Some(Form::Events)).expect("converts back");
    assert_eq!(
        back,
        CASE.replace("  - N: 1C                        #", "  - N: 1C      #")
            .replace("  - E: reject                    #", "  - E: reject  #")
            .replace("  - N: 2C                        #", "  - N: 2C      #"),
        "the comments come back to their events, aligned"
    );
    assert_eq!(fmt(&grid, None).expect("formats"), grid);
}

#[test]
fn events_become_one_line_and_back_with_their_comments() {
    let line = fmt(CASE, Some(Form::Story)).expect("converts");
    assert!(
        line.contains(
            "dealer: W\n# N 1C: insufficient: 1C does not supersede 1D\n# E reject: East (North's LHO) does not \
                 accept it (27A1)\n# N 2C: lowest sufficient bid in clubs (27B1(a))\nstory: \"W 1D, N 1C, E reject, N \
                 2C\"\nexpect:"
        ),
        "{line}"
    );
    assert_eq!(events_of(&line), events_of(CASE));
    let back = fmt(&line, Some(Form::Events)).expect("converts back");
    assert_eq!(back, fmt(&fmt(CASE, Some(Form::Grid)).expect("grid"), Some(Form::Events)).expect("events"));
    assert_eq!(fmt(&line, Some(Form::Grid)).expect("to a grid"), fmt(CASE, Some(Form::Grid)).expect("grid"));
}

#[test]
fn a_story_the_target_cannot_tell_is_refused_with_the_reason() {
    let oor = CASE
        .replace("  - E: reject                    # East (North's LHO) does not accept it (27A1)\n", "  - S: 2C\n");
    let e = fmt(&oor, Some(Form::Grid)).unwrap_err();
    assert!(
        matches!(&e, FmtError::Convert { message, .. } if message.contains("event 3 (S 2C) does not come from the player after N 1C") && message.contains("keep `events:`")),
        "{e}"
    );
    let found = CASE.replace("  - N: 2C ", "  - N: 2C\n    comparable: true\n   ");
    let e = fmt(&found, Some(Form::Story)).unwrap_err();
    assert!(
        e.to_string().contains("cannot write the story in one line: event 4 (N 2C) carries the director's findings"),
        "{e}"
    );
    // Said once, not "keep `events:`; keep `events:`" (it read as a stutter).
    let e = fmt(&found, Some(Form::Grid)).unwrap_err().to_string();
    assert_eq!(e.matches("keep `events:`").count(), 1, "{e}");
    // A file that does not load is not formatted.
    assert!(matches!(fmt(&CASE.replace("dealer: W", "dealer: Q"), None), Err(FmtError::Load(_))));
}

#[test]
fn a_grid_s_notes_stay_on_their_rows() {
    let case = CASE.replace(
            "events:\n  - W: 1D\n  - N: 1C                        # insufficient: 1C does not supersede 1D\n  - E: reject                    # East (North's LHO) does not accept it (27A1)\n  - N: 2C                        # lowest sufficient bid in clubs (27B1(a))\n",
            "grid: |   # as the director wrote it\n  West North East South   # dealer West\n  # the first round\n  1♦ 1♣ reject  # 1C is insufficient; East does not accept it\n  - 2♣\n  # the end\n",
        );
    let out = fmt(&case, None).expect("formats");
    assert_eq!(
        out.split("grid:").nth(1).and_then(|g| g.split("expect:").next()),
        Some(
            [
                " |  # as the director wrote it",
                "  W       N       E       S       # dealer West",
                "  # the first round",
                "  1D      1C      reject          # 1C is insufficient; East does not accept it",
                "  -       2C",
                "  # the end\n",
            ]
            .join("\n")
            .as_str()
        ),
        "{out}"
    );
    let events = fmt(&case, Some(Form::Events)).expect("converts");
    assert!(
            events.contains(
                "events:  # as the director wrote it\n  # dealer West\n  # the first round\n  - W: 1D\n  - N: 1C\n  - E: reject  # 1C is \
                 insufficient; East does not accept it\n  - N: 2C\n  # the end\n"
            ),
            "{events}"
        );
}

#[test]
fn the_grid_keeps_its_header_s_order() {
    let case = CASE.replace(
            "events:\n  - W: 1D\n  - N: 1C                        # insufficient: 1C does not supersede 1D\n  - E: reject                    # East (North's LHO) does not accept it (27A1)\n  - N: 2C                        # lowest sufficient bid in clubs (27B1(a))\n",
            "grid: |\n  N E S W\n  1C reject\n  2C\n",
        )
        .replace("dealer: W", "dealer: S")
        .replace(" - W: 1D", "");
    let case = case.replace("grid: |\n  N E S W\n  1C reject\n  2C\n", "grid: |\n  N E S W\n  -  -  1D  P\n  1C\n");
    let out = fmt(&case, None).expect("formats");
    assert!(out.contains("grid: |\n  N     E     S     W\n  -     -     1D    P\n  1C\n"), "{out}");
}

#[test]
fn events_in_brackets_get_canonical_calls_and_keep_their_shape() {
    let events = "events:\n  - W: 1D\n  - N: 1C                        # insufficient: 1C does not supersede 1D\n  - E: reject                    # East (North's LHO) does not accept it (27A1)\n  - N: 2C                        # lowest sufficient bid in clubs (27B1(a))\n";
    let flow = CASE.replace(events, "events: [{W: 1♦}, {N: \"1c\"}, {E: Reject}, {N: 2C}]   # in brackets\n");
    let out = fmt(&flow, None).expect("formats");
    assert!(out.contains("events: [{W: 1D}, {N: 1C}, {E: reject}, {N: 2C}]     # in brackets\n"), "{out}");
    let items = CASE.replace(
        events,
        "events:\n  - {W: 1d}\n  - {N: 1C, comparable: false, means: {S: 5}}\n  - {E: reject}\n  - {N: 2c}\n",
    );
    let out = fmt(&items, None).expect("formats");
    assert!(
        out.contains("  - {W: 1D}\n  - {N: 1C, comparable: false, means: {S: 5}}\n  - {E: reject}\n  - {N: 2C}\n"),
        "{out}"
    );
    // An empty list beside a one-line story says nothing and stays.
    let both = CASE.replace(events, "events: []\nstory: \"W 1♦, N 1C, E reject, N 2C\"\n");
    let out = fmt(&both, None).expect("formats");
    assert!(out.contains("events: []\nstory: \"W 1D, N 1C, E reject, N 2C\"\n"), "{out}");
}

#[test]
fn comments_are_found_outside_quotes_and_inside_grids() {
    assert_eq!(split_comment("title: \"a # b\"  # c"), ("title: \"a # b\"", Some("c")));
    assert_eq!(split_comment("title: it's 1#2"), ("title: it's 1#2", None));
    let c = comment_texts("id: X # one\ngrid: |  # two\n  W N E S # three\n  1S  # N 1S: four\nexpect: {} # five\n");
    assert_eq!(c, ["one", "two", "three", "four", "five"]);
}
