//! The YAML parser's and serde's messages, told in a case author's words.

/// The usual slips of a case author, told in their terms: a colon in an
/// unquoted value, a list item without its space after `-`. None when the
/// error is not one of them.
pub(super) fn yaml_hint(text: &str, line: usize, msg: &str) -> Option<String> {
    let at = text.lines().nth(line.checked_sub(1)?)?;
    let trimmed = at.trim_start();
    // A line out of line with its sibling above: list items, or keys of one
    // map, must start in the same column.
    let indent = |l: &str| l.len() - l.trim_start().len();
    let before =
        text.lines().take(line - 1).filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).last();
    if let Some(prev) = before {
        let (mine, theirs) = (indent(at), indent(prev));
        let item = |l: &str| l.trim_start().starts_with("- ");
        let key = |l: &str| !item(l) && l.trim_start().split_once(':').is_some();
        let siblings = (item(at) && item(prev)) || (key(at) && key(prev) && !prev.trim_end().ends_with(':'));
        if siblings && mine != theirs && mine.abs_diff(theirs) < 4 {
            let what = if item(at) { "list items" } else { "keys of one map" };
            return Some(format!(
                "this line is indented {mine} space(s), the line above it {theirs}: {what} start in the same column"
            ));
        }
    }
    if msg.starts_with("mapping values are not allowed") {
        if let Some((key, value)) = trimmed.split_once(": ") {
            let value = value.trim();
            if value.contains(": ") && !value.starts_with(['"', '\'', '{', '[']) {
                return Some(format!(
                    "the value of `{key}` holds \": \", which YAML reads as a new key; put it in quotes: \
                     {key}: \"{}\"",
                    value.replace('"', "\\\"")
                ));
            }
        }
    }
    if msg.starts_with("did not find expected key") {
        if let Some((key, value)) = trimmed.split_once(": ") {
            let value = value.trim();
            if value.starts_with('"') && value.matches('"').count() > 2 {
                return Some(format!(
                    "the value of `{key}` holds a `\"` that ends its quotes early; inside double quotes write \
                     `\\\"`, or use single quotes for the inner ones"
                ));
            }
        }
    }
    let dash = trimmed.strip_prefix('-').filter(|rest| rest.starts_with(|c: char| !c.is_whitespace() && c != '-'));
    if dash.is_some() && msg.contains("expected a sequence") || dash.is_some() && msg.contains("wrong kind of value") {
        return Some(format!("a list item needs a space after `-`: write `- {}`", trimmed.trim_start_matches('-')));
    }
    None
}

/// serde's names for the types of a case file, in the author's words.
const TYPE_NAMES: &[(&str, &str)] = &[
    ("struct CaseFile", "a case (a map with id, title, laws, source, dealer, events and expect)"),
    ("struct Expectation", "a map of expected keys (status, next, auction, rulings...)"),
    ("struct Regulations", "a map of regulations"),
    ("struct Meaning", "a meaning (a map of hcp, C, D, H, S, balanced, shows...)"),
    ("struct Findings", "an event's findings"),
];

/// serde's messages, made into plain sentences for case authors.
pub(super) fn plain_message(msg: &str) -> String {
    // serde_yaml appends " at line L column C"; we print the location ourselves.
    let msg = match msg.find(" at line ") {
        Some(i) => &msg[..i],
        None => msg,
    };
    if let Some(rest) = msg.strip_prefix("missing field `") {
        let field = rest.trim_end_matches('`');
        let hint = match field {
            "id" => " (every case needs a stable id such as L27-K4Q2; `rulings new` mints one)",
            "laws" => " (name the clauses the case is about, as laws: [\"27B1(a)\"])",
            "source" => " (say where the ruling comes from: a seed file or a public reference)",
            "expect" => " (say what the ruling must be)",
            _ => "",
        };
        return format!("the case has no `{field}`{hint}");
    }
    // "events[0].means: unknown field `X`, expected ..." at any depth.
    if let Some(at) = msg.find("unknown field `") {
        let (path, rest) = msg.split_at(at);
        if let Some((field, tail)) = rest["unknown field `".len()..].split_once('`') {
            // "did you mean" for a key one or two letters off a known one.
            let known: Vec<&str> = tail.split('`').skip(1).step_by(2).collect();
            // (Not for a key of a few letters: `X` is not a slip for `C`.)
            let near = known
                .iter()
                .filter(|k| field.len() >= 4 && strsim::levenshtein(k, field) <= 2)
                .min_by_key(|k| strsim::levenshtein(k, field));
            if let Some(k) = near {
                return format!("{path}unknown key `{field}`: did you mean `{k}`?");
            }
            return format!("{path}unknown key `{field}`{}", tail.replace(", expected", "; expected"));
        }
    }
    if msg.starts_with("repetition limit exceeded") || msg.starts_with("recursion limit exceeded") {
        return "the file expands aliases (`*name`) or nests too much to be a case (a YAML \"billion laughs\"?); \
                write the values out"
            .to_string();
    }
    if let Some(rest) = msg.strip_prefix("duplicate field `") {
        let field = rest.trim_end_matches('`');
        return format!("the key `{field}` appears twice; keep one");
    }
    let mut msg = msg.replace("invalid type: ", "wrong kind of value: ");
    for (rust, words) in TYPE_NAMES {
        msg = msg.replace(rust, words);
    }
    // Any other Rust type name.
    if let Some(i) = msg.find("expected struct ") {
        msg.truncate(i);
        msg.push_str("expected a map");
    }
    if msg.starts_with("wrong kind of value: sequence, expected a case") {
        msg.push_str("; is this a fragment pasted on its own?");
    }
    msg
}
