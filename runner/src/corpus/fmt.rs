//! `rulings fmt`: a case file in its normal form, and its story converted
//! between the three forms (the `events` list, the one-line `story`, the
//! `grid`).
//!
//! serde_yaml drops comments, and the corpus's comments are much of its
//! worth, so a case is never written back from its parsed value: fmt works
//! on the text, one top-level key at a time, and changes only what it can
//! change around the comments. The normal form:
//!
//! - the top-level keys in the order of docs/case-format.md, each moving
//!   with the comment lines above it (the comments before the first key
//!   stay at the top, those after the last at the end);
//! - two spaces a level of indentation; no spaces at line ends; no blank
//!   line at the start or the end, never two running;
//! - the story in canonical notation (`P`, `X`, `1NT`, letters for suits),
//!   a grid's columns aligned, a one-line story with `, ` between events.
//!
//! Values (titles, sources, the expectation, findings) stay as written. A
//! conversion carries the comments on events along: beside a grid's row
//! (`# E 1H: insufficient`), above a one-line story, beside an event.
//!
//! Every result is read back before it is returned: it must load to the same
//! case (every key, every event, the expectation) and still hold every
//! comment of the original, or the file is refused and left as it is.

use std::fmt;
use std::path::{Path, PathBuf};

use rulings_engine::request::{Action, Event};
use rulings_engine::Seat;

use super::case::{parse_case_all, Case, LoadError, MAX_CASE_BYTES};
use super::load::{corpus_root, walk_corpus};
use super::story::{self, event_name, GridNotes};

/// The top-level keys in their normal order (docs/case-format.md).
pub const KEY_ORDER: &[&str] = &[
    "id",
    "title",
    "laws",
    "source",
    "editions",
    "tags",
    "dealer",
    "vulnerable",
    "regulations",
    "events",
    "story",
    "grid",
    "expect",
];

/// The forms a story is told in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `events:`, one event a line, findings beside them.
    Events,
    /// `story: "W 1D, N 1C, E reject, N 2C"`.
    Story,
    /// `grid: |`, four columns as a hand record prints an auction.
    Grid,
}

impl Form {
    /// The key the form is written under.
    pub fn key(self) -> &'static str {
        match self {
            Form::Events => "events",
            Form::Story => "story",
            Form::Grid => "grid",
        }
    }

    fn of_key(key: &str) -> Option<Form> {
        [Form::Events, Form::Story, Form::Grid].into_iter().find(|f| f.key() == key)
    }
}

/// Why a file is left as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FmtError {
    /// It does not load as a case (or cannot be read): each problem.
    Load(Vec<LoadError>),
    /// The story cannot be told in the form asked for.
    Convert { path: PathBuf, message: String },
    /// The rewritten file would not say the same case, or would lose a
    /// comment: a limit of fmt's, to report.
    Unsafe { path: PathBuf, message: String },
}

impl fmt::Display for FmtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FmtError::Load(errors) => {
                let all: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
                write!(f, "{}", all.join("\n"))
            }
            FmtError::Convert { path, message } => write!(f, "{}: {message}", path.display()),
            FmtError::Unsafe { path, message } => {
                write!(f, "{}: {message}; the file is left as it is (please report this)", path.display())
            }
        }
    }
}

/// The case files named by `paths` (files, or folders walked as a corpus
/// is), each with its name under its corpus root, and the paths that could
/// not be read.
pub fn case_files(paths: &[PathBuf]) -> (Vec<(String, PathBuf)>, Vec<LoadError>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for p in paths {
        let root = corpus_root(p);
        match std::fs::metadata(p) {
            Ok(m) if m.is_file() => {
                let name = p.strip_prefix(&root).unwrap_or(p).to_string_lossy().replace('\\', "/");
                files.push((name, p.clone()));
            }
            Ok(_) => {
                let found = walk_corpus(&root, p);
                files.extend(found.files);
                errors.extend(found.errors);
            }
            Err(e) => errors.push(LoadError { path: p.clone(), line: 0, column: 0, message: e.to_string() }),
        }
    }
    (files, errors)
}

/// A file's text and its normal form (the same text when it is in it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Formatted {
    pub before: String,
    pub after: String,
}

impl Formatted {
    pub fn changed(&self) -> bool {
        self.before != self.after
    }
}

/// Read the case file `path` and give its normal form, its story in
/// `to`'s form when given.
pub fn format_file(name: &str, path: &Path, to: Option<Form>) -> Result<Formatted, FmtError> {
    let load =
        |message: String| FmtError::Load(vec![LoadError { path: path.to_path_buf(), line: 0, column: 0, message }]);
    let bytes = super::files::read_capped(path, MAX_CASE_BYTES).map_err(|e| load(e.to_string()))?;
    let before = String::from_utf8(bytes).map_err(|_| load("the file is not UTF-8 text".to_string()))?;
    let after = format_text(name, path, &before, to)?;
    Ok(Formatted { before, after })
}

/// The normal form of a case file's text, its story in `to`'s form when
/// given. The text must load as a case; the result loads to the same one.
pub fn format_text(name: &str, path: &Path, text: &str, to: Option<Form>) -> Result<String, FmtError> {
    let case = parse_case_all(name, path, text).map_err(FmtError::Load)?;
    let unsafe_ = |message: String| FmtError::Unsafe { path: path.to_path_buf(), message };
    let source = text.strip_prefix('\u{feff}').unwrap_or(text).replace("\r\n", "\n");
    let mut doc = Doc::split(&source);
    for b in &mut doc.blocks {
        if Form::of_key(&b.key).is_none() {
            b.lines = reindent(&b.lines);
        }
    }
    story_block(&mut doc, &case, to).map_err(|message| FmtError::Convert { path: path.to_path_buf(), message })?;
    doc.blocks.sort_by_key(|b| KEY_ORDER.iter().position(|k| *k == b.key).unwrap_or(KEY_ORDER.len()));
    let out = doc.join();
    let again = parse_case_all(name, path, &out).map_err(|e| {
        unsafe_(format!("the rewritten file does not load ({})", e.first().map(|e| e.message.as_str()).unwrap_or("")))
    })?;
    if let Some(key) = differs(&case, &again) {
        return Err(unsafe_(format!("the rewritten file would change the case's `{key}`")));
    }
    let kept = comment_texts(&out);
    if let Some(lost) = comment_texts(&source).into_iter().find(|c| !kept.iter().any(|k| k.contains(c.as_str()))) {
        return Err(unsafe_(format!("the rewritten file would lose the comment `# {lost}`")));
    }
    Ok(out)
}

/// The first key two loadings of a case disagree on.
fn differs(a: &Case, b: &Case) -> Option<&'static str> {
    let same = [
        ("id", a.id == b.id),
        ("title", a.title == b.title),
        ("laws", a.laws == b.laws),
        ("source", a.source == b.source),
        ("editions", a.editions == b.editions),
        ("tags", a.tags == b.tags),
        ("dealer", a.dealer == b.dealer),
        ("vulnerable", a.vulnerable == b.vulnerable),
        ("regulations", a.regulations == b.regulations),
        ("events", a.events == b.events),
        ("expect", a.expect == b.expect && a.british == b.british),
    ];
    same.iter().find(|(_, s)| !s).map(|(k, _)| *k)
}

/// A case file's text as top-level keys: each key's lines with the comment
/// and blank lines above it; what comes before the first key and after the
/// last stays where it is.
#[derive(Debug, Default)]
struct Doc {
    head: Vec<String>,
    blocks: Vec<Block>,
    tail: Vec<String>,
}

#[derive(Debug)]
struct Block {
    key: String,
    /// Comment and blank lines above the key.
    lead: Vec<String>,
    /// The key's line, then its value's lines.
    lines: Vec<String>,
}

/// The key a top-level line starts, if it starts one.
fn top_level_key(line: &str) -> Option<&str> {
    let (key, _) = line.split_once(':')?;
    let ok = key.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    ok.then_some(key)
}

/// A blank line, or a comment at the left margin.
fn is_loose(line: &str) -> bool {
    line.trim().is_empty() || line.starts_with('#')
}

impl Doc {
    fn split(text: &str) -> Doc {
        let mut doc = Doc::default();
        let mut loose: Vec<String> = Vec::new();
        for line in text.lines() {
            if is_loose(line) {
                loose.push(line.trim_end().to_string());
            } else if let Some(key) = top_level_key(line) {
                let lead = if doc.blocks.is_empty() {
                    doc.head.append(&mut loose);
                    Vec::new()
                } else {
                    std::mem::take(&mut loose)
                };
                doc.blocks.push(Block { key: key.to_string(), lead, lines: vec![line.to_string()] });
            } else {
                let into = match doc.blocks.last_mut() {
                    Some(b) => &mut b.lines,
                    None => &mut doc.head,
                };
                into.append(&mut loose);
                into.push(line.to_string());
            }
        }
        doc.tail = loose;
        doc
    }

    /// The text: no blank line at the start or end, none doubled, one
    /// newline at the end.
    fn join(&self) -> String {
        let mut lines: Vec<&str> = Vec::new();
        let all = self
            .head
            .iter()
            .chain(self.blocks.iter().flat_map(|b| b.lead.iter().chain(b.lines.iter())))
            .chain(self.tail.iter());
        for l in all {
            let blank = l.trim().is_empty();
            if blank && lines.last().is_none_or(|p| p.trim().is_empty()) {
                continue;
            }
            lines.push(if blank { "" } else { l });
        }
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        let mut out = lines.join("\n");
        out.push('\n');
        out
    }
}

/// A line's code and its comment (the text after `#`, trimmed), quotes
/// respected: a `#` starts a comment at the margin or after a space.
fn split_comment(line: &str) -> (&str, Option<&str>) {
    let (code, comment) = split_comment_at(line);
    (code, comment.map(|(_, c)| c))
}

/// [`split_comment`], with the column (in characters) of the comment's `#`.
fn split_comment_at(line: &str) -> (&str, Option<(usize, &str)>) {
    let mut quote: Option<char> = None;
    let mut prev = ' ';
    let mut escaped = false;
    for (i, ch) in line.char_indices() {
        match quote {
            Some('"') if escaped => escaped = false,
            Some('"') if ch == '\\' => escaped = true,
            Some(q) if ch == q => quote = None,
            Some(_) => {}
            None => match ch {
                '\'' | '"' if matches!(prev, ' ' | '[' | '{' | ',' | ':' | '-') => quote = Some(ch),
                '#' if prev == ' ' || i == 0 => {
                    return (line[..i].trim_end(), Some((line[..i].chars().count(), line[i + 1..].trim())))
                }
                _ => {}
            },
        }
        prev = ch;
    }
    (line.trim_end(), None)
}

/// Whether a line's code ends with a block scalar's indicator (`|`, `>-`...).
fn opens_block_scalar(code: &str) -> bool {
    let code = code.trim();
    let last = code.rsplit(' ').next().unwrap_or("");
    let indicator = last.starts_with(['|', '>']) && last[1..].chars().all(|c| matches!(c, '-' | '+' | '0'..='9'));
    indicator && (code == last || code.ends_with(&format!(": {last}")) || code.ends_with(&format!("- {last}")))
}

fn indentation(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// A block's lines (its key's line first) indented two spaces a level,
/// whatever the file used: each deeper indentation is one level more than
/// the one it is under, and a list written at its key's indentation moves
/// in under it. Block scalars move as a whole; spaces at line ends go
/// (except inside block scalars, where they are content), and blank lines
/// running are made one.
fn reindent(lines: &[String]) -> Vec<String> {
    struct Level {
        old: usize,
        new: usize,
        /// A list written at its key's indentation.
        compact: bool,
    }
    let mut stack = vec![Level { old: 0, new: 0, compact: false }];
    let mut out: Vec<String> = Vec::new();
    // (indentation of the line that opened it, its content's new indentation, its first content line's old one)
    let mut scalar: Option<(usize, usize, Option<usize>)> = None;
    let mut opens_map: Option<usize> = None;
    let mut comments: Vec<(usize, String)> = Vec::new();
    let place = |stack: &[Level], old: usize| stack.iter().rev().find(|l| l.old == old).map_or(old, |l| l.new);
    for (n, line) in lines.iter().enumerate() {
        let indent = indentation(line);
        let body = &line[indent..];
        if let Some((owner, base, first)) = scalar {
            if body.trim().is_empty() {
                out.push(String::new());
                continue;
            }
            if indent > owner {
                let first = first.unwrap_or(indent);
                scalar = Some((owner, base, Some(first)));
                out.push(format!("{}{body}", " ".repeat(base + indent.saturating_sub(first))));
                continue;
            }
            scalar = None;
        }
        if body.trim().is_empty() {
            if out.last().is_some_and(|l| !l.is_empty()) {
                out.push(String::new());
            }
            continue;
        }
        if n > 0 && body.starts_with('#') {
            comments.push((indent, body.trim_end().to_string()));
            continue;
        }
        let item = body == "-" || body.starts_with("- ");
        let new = if n == 0 {
            0
        } else {
            while stack.len() > 1 && stack.last().is_some_and(|l| l.old > indent) {
                stack.pop();
            }
            let (top_old, top_new, top_compact) = stack.last().map_or((0, 0, false), |l| (l.old, l.new, l.compact));
            if top_old == indent {
                if item && opens_map == Some(indent) {
                    stack.push(Level { old: indent, new: top_new + 2, compact: true });
                    top_new + 2
                } else if top_compact && !item && stack.len() > 1 {
                    stack.pop();
                    stack.last().map_or(0, |l| l.new)
                } else {
                    top_new
                }
            } else {
                stack.push(Level { old: indent, new: top_new + 2, compact: false });
                top_new + 2
            }
        };
        for (old, text) in comments.drain(..) {
            let at = if old == indent { new } else { place(&stack, old) };
            out.push(format!("{}{text}", " ".repeat(at)));
        }
        out.push(format!("{}{}", " ".repeat(new), body.trim_end()));
        let (code, _) = split_comment(body);
        opens_map = (code.ends_with(':') && !item).then_some(indent);
        if opens_block_scalar(code) {
            scalar = Some((indent, new + 2, None));
        }
    }
    for (old, text) in comments {
        out.push(format!("{}{text}", " ".repeat(place(&stack, old))));
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out
}

/// The comments on a story's events, and around them, carried from one
/// form to another.
#[derive(Debug, Default)]
struct Notes {
    /// On the key's line.
    key: Option<String>,
    /// On a grid's header line.
    header: Option<String>,
    /// Comment lines before each event.
    before: Vec<Vec<String>>,
    /// Comments beside each event.
    inline: Vec<Vec<String>>,
    /// Comment lines after the last event.
    after: Vec<String>,
}

impl Notes {
    fn new(n: usize) -> Notes {
        Notes { before: vec![Vec::new(); n], inline: vec![Vec::new(); n], ..Default::default() }
    }

    /// The comment lines that go before event `k` (or after the story).
    fn before(&mut self, k: usize) -> &mut Vec<String> {
        match self.before.get_mut(k) {
            Some(v) => v,
            None => &mut self.after,
        }
    }
}

/// `E 1H: text` (or `E 1H (event 3): text`) naming one of `candidates`:
/// that event and the text. Suit symbols and aliases are read.
fn named_note(note: &str, events: &[Event], candidates: impl Iterator<Item = usize>) -> Option<(usize, String)> {
    let (head, text) = note.split_once(": ")?;
    let (head, number) = match head.trim_end().strip_suffix(')').and_then(|h| h.rsplit_once(" (event ")) {
        Some((h, n)) => (h, n.trim().parse::<usize>().ok()),
        None => (head, None),
    };
    let (seat, action) = head.trim().split_once(' ')?;
    let seat: Seat = seat.parse().ok()?;
    let action: Action = action.replace('\u{fe0f}', "").parse().ok()?;
    let mut found = candidates.filter(|&k| events.get(k).is_some_and(|e| e.seat == seat && e.action == action));
    let k = match number {
        Some(n) => found.find(|&k| k + 1 == n)?,
        None => found.next()?,
    };
    Some((k, text.trim().to_string()))
}

/// A comment with the event it names taken off (`E 1H: text` is `text`),
/// as conversions may leave it.
fn unnamed(note: &str) -> &str {
    match note.split_once(": ") {
        Some((head, text))
            if head.split_once(' ').is_some_and(|(s, a)| {
                s.parse::<Seat>().is_ok()
                    && a.split(" (event ").next().is_some_and(|a| a.replace('\u{fe0f}', "").parse::<Action>().is_ok())
            }) =>
        {
            text.trim()
        }
        _ => note,
    }
}

/// Rewrite the story's block in the form `to` (or its own), normalised.
fn story_block(doc: &mut Doc, case: &Case, to: Option<Form>) -> Result<(), String> {
    // The story's block (an `events: []` beside a one-line story or a grid
    // says nothing, and stays as it is).
    let story = |k: &str| matches!(Form::of_key(k), Some(Form::Story | Form::Grid));
    let at =
        doc.blocks.iter().position(|b| story(&b.key)).or_else(|| doc.blocks.iter().position(|b| b.key == "events"));
    let Some(at) = at else {
        return Ok(());
    };
    let block = &doc.blocks[at];
    let from = Form::of_key(&block.key).unwrap_or(Form::Events);
    let target = to.unwrap_or(from);
    let events = &case.events;
    if from == Form::Events && target == Form::Events {
        doc.blocks[at].lines = canonical_events(&reindent(&block.lines));
        return Ok(());
    }
    let mut lead = block.lead.clone();
    let (notes, columns) = match from {
        Form::Events => (events_notes(&block.lines, events.len()), story::HAND_RECORD),
        Form::Story => (story_notes(&mut lead, &block.lines, events), story::HAND_RECORD),
        Form::Grid => grid_notes(&block.lines, case.dealer, events)?,
    };
    let lines = match target {
        Form::Events => write_events(events, notes),
        Form::Story => {
            let line = story::story_line(events)
                .map_err(|e| format!("cannot write the story in one line: {e}; keep `{}:`", from.key()))?;
            write_story(&line, events, notes, &mut lead)
        }
        Form::Grid => {
            let layout = story::grid_layout(case.dealer, events, columns)
                .map_err(|e| format!("cannot write the story as a grid: {e}; keep `{}:`", from.key()))?;
            write_grid(columns, events, &layout, notes)
        }
    };
    doc.blocks[at] = Block { key: target.key().to_string(), lead, lines };
    Ok(())
}

/// `code` with a comment after it, at `column` when the code leaves room.
fn with_comment(code: &str, comment: Option<&str>, column: usize) -> String {
    match comment {
        Some(c) => {
            let width = code.chars().count();
            let pad = if width + 1 < column { column - width } else { 2 };
            format!("{code}{}# {c}", " ".repeat(pad))
        }
        None => code.to_string(),
    }
}

/// An event's action, as written in a case (quotes and all), canonical:
/// None when it is not an action or already canonical.
fn canonical_action(value: &str) -> Option<String> {
    let v = value.trim();
    let bare = v
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .or_else(|| v.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')));
    let action: Action = bare.unwrap_or(v).replace('\u{fe0f}', "").parse().ok()?;
    let canonical = action.to_string();
    (canonical != v).then_some(canonical)
}

/// The events block (reindented: items at two spaces) with every event's
/// action in canonical notation, comments where they were.
fn canonical_events(lines: &[String]) -> Vec<String> {
    let seat_value = |text: &str| -> Option<(usize, usize)> {
        // `N: 1S` (the value's byte range within `text`)
        let (key, _) = text.split_once(':')?;
        if !matches!(key.trim(), "N" | "E" | "S" | "W") || key != key.trim_start() {
            return None;
        }
        let start = key.len() + 1;
        Some((start, text.len()))
    };
    let mut out = Vec::with_capacity(lines.len());
    for (n, line) in lines.iter().enumerate() {
        let (code, comment) = split_comment_at(line);
        let (column, comment) = comment.map_or((0, None), |(at, c)| (at, Some(c)));
        let indent = indentation(code);
        let rewritten = if n == 0 {
            // `events: [{N: 1S}, ...]`: the list in brackets.
            code.split_once(':').and_then(|(k, v)| flow_events(v, 2).map(|v| format!("{k}:{v}")))
        } else if let Some(item) = code.strip_prefix("  - ") {
            if item.trim_start().starts_with('{') {
                flow_events(item, 1).map(|v| format!("  - {v}"))
            } else {
                seat_value(item)
                    .and_then(|(s, e)| canonical_action(&item[s..e]).map(|c| format!("  - {}: {c}", &item[..s - 1])))
            }
        } else if indent == 4 {
            let item = &code[4..];
            seat_value(item)
                .and_then(|(s, e)| canonical_action(&item[s..e]).map(|c| format!("    {}: {c}", &item[..s - 1])))
        } else {
            None
        };
        match rewritten {
            Some(code) => out.push(with_comment(&code, comment, column)),
            None => out.push(line.clone()),
        }
    }
    out
}

/// A flow collection (`{N: 1S, unintended: true}`, or a list of them) with
/// the seat keys' actions at `depth` made canonical; None when nothing
/// changes.
fn flow_events(text: &str, depth: usize) -> Option<String> {
    let mut out = String::new();
    let mut changed = false;
    let chars: Vec<char> = text.chars().collect();
    let mut level = 0;
    let mut quote: Option<char> = None;
    let mut i = 0;
    let mut key_start: Option<usize> = None;
    while i < chars.len() {
        let ch = chars[i];
        if let Some(q) = quote {
            out.push(ch);
            if ch == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        match ch {
            '{' | '[' => {
                level += 1;
                key_start = (level == depth && ch == '{').then_some(out.len() + 1);
            }
            '}' | ']' => level -= 1,
            ',' if level == depth => key_start = Some(out.len() + 1),
            '"' | '\'' => quote = Some(ch),
            ':' if level == depth && key_start.is_some() => {
                let key = out[key_start.unwrap_or(0)..].trim().to_string();
                key_start = None;
                if matches!(key.as_str(), "N" | "E" | "S" | "W") {
                    // The value runs to the next `,` or closing bracket at this depth.
                    let mut j = i + 1;
                    let mut inner = 0;
                    let mut q: Option<char> = None;
                    while j < chars.len() {
                        let c = chars[j];
                        match q {
                            Some(qq) if c == qq => q = None,
                            Some(_) => {}
                            None => match c {
                                '"' | '\'' => q = Some(c),
                                '{' | '[' => inner += 1,
                                '}' | ']' if inner == 0 => break,
                                '}' | ']' => inner -= 1,
                                ',' if inner == 0 => break,
                                _ => {}
                            },
                        }
                        j += 1;
                    }
                    let value: String = chars[i + 1..j].iter().collect();
                    out.push(':');
                    match canonical_action(&value) {
                        Some(c) => {
                            changed = true;
                            out.push(' ');
                            out.push_str(&c);
                        }
                        None => out.push_str(&value),
                    }
                    i = j;
                    continue;
                }
            }
            _ => {}
        }
        out.push(ch);
        i += 1;
    }
    changed.then_some(out)
}

/// The comments of an `events` block, event by event.
fn events_notes(lines: &[String], n: usize) -> Notes {
    let mut notes = Notes::new(n);
    notes.key = lines.first().and_then(|l| split_comment(l).1).map(str::to_string);
    let item_indent = lines.iter().skip(1).find(|l| l.trim_start().starts_with("- ")).map(|l| indentation(l));
    let mut k: Option<usize> = None; // the event the lines are about
    let mut pending: Vec<String> = Vec::new();
    for line in lines.iter().skip(1) {
        let (code, comment) = split_comment(line);
        if code.trim().is_empty() {
            pending.extend(comment.map(str::to_string));
            continue;
        }
        let starts = Some(indentation(code)) == item_indent && code.trim_start().starts_with("- ");
        if starts {
            let next = k.map_or(0, |k| k + 1);
            k = Some(next);
            notes.before(next).append(&mut pending);
        } else if let Some(k) = k {
            if let Some(v) = notes.inline.get_mut(k) {
                v.append(&mut pending);
            }
        }
        match (k.and_then(|k| notes.inline.get_mut(k)), comment) {
            (Some(v), Some(c)) => v.push(c.to_string()),
            (None, Some(c)) => notes.before(0).push(c.to_string()),
            _ => {}
        }
    }
    notes.after.append(&mut pending);
    notes
}

/// The comments of a one-line story: on its key's line, and the lines above
/// it that name an event (`# E 1H: insufficient`), taken out of `lead`.
fn story_notes(lead: &mut Vec<String>, lines: &[String], events: &[Event]) -> Notes {
    let mut notes = Notes::new(events.len());
    notes.key = lines.first().and_then(|l| split_comment(l).1).map(str::to_string);
    let mut claimed = vec![false; events.len()];
    lead.retain(|line| {
        let Some(text) = line.trim_start().strip_prefix('#') else { return true };
        let free = (0..events.len()).filter(|&k| !claimed[k]);
        match named_note(text.trim(), events, free) {
            Some((k, t)) => {
                claimed[k] = true;
                notes.inline[k].push(t);
                false
            }
            None => true,
        }
    });
    notes
}

/// The comments of a grid, row by row, and its columns.
fn grid_notes(lines: &[String], dealer: Seat, events: &[Event]) -> Result<(Notes, [Seat; 4]), String> {
    let mut notes = Notes::new(events.len());
    notes.key = lines.first().and_then(|l| split_comment(l).1).map(str::to_string);
    let body = &lines[1..];
    let indent = body.iter().find(|l| !l.trim().is_empty()).map_or(0, |l| indentation(l));
    let text: Vec<&str> = body.iter().map(|l| l.get(indent..).unwrap_or("")).collect();
    let grid = story::parse_grid(dealer, &text.join("\n")).map_err(|e| e.message)?;
    notes.header = grid.header_note;
    for (before, n) in grid.notes {
        notes.before(before).push(n);
    }
    for row in &grid.rows {
        let Some(note) = &row.note else { continue };
        if row.events.is_empty() {
            notes.after.push(note.clone());
            continue;
        }
        let last = row.events.end - 1;
        let mut target = last;
        let mut parts: Vec<(usize, String)> = Vec::new();
        for part in note.split("; ") {
            match named_note(part, events, row.events.clone()) {
                Some((k, t)) => {
                    target = k;
                    parts.push((k, t));
                }
                None => match parts.last_mut() {
                    Some((k, t)) if *k == target => {
                        t.push_str("; ");
                        t.push_str(part);
                    }
                    _ => parts.push((target, part.to_string())),
                },
            }
        }
        for (k, t) in parts {
            notes.inline[k].push(t);
        }
    }
    Ok((notes, grid.columns))
}

/// An `events` block from the events and their notes.
fn write_events(events: &[Event], mut notes: Notes) -> Vec<String> {
    let mut out = vec![with_comment("events:", notes.key.as_deref(), 0)];
    if let (Some(h), Some(first)) = (notes.header.take(), notes.before.first_mut()) {
        first.insert(0, h);
    }
    let code = |e: &Event| format!("  - {}: {}", e.seat, e.action);
    let column = events.iter().map(|e| code(e).chars().count()).max().unwrap_or(0) + 2;
    for (k, e) in events.iter().enumerate() {
        for c in &notes.before[k] {
            out.push(format!("  # {c}"));
        }
        let inline = notes.inline[k].join("; ");
        out.push(with_comment(&code(e), (!inline.is_empty()).then_some(inline.as_str()), column));
    }
    for c in &notes.after {
        out.push(format!("  # {c}"));
    }
    out
}

/// A one-line story's block; the comments on its events go above it, each
/// naming its event.
fn write_story(line: &str, events: &[Event], notes: Notes, lead: &mut Vec<String>) -> Vec<String> {
    let name = |k: usize| {
        let n = event_name(&events[k]);
        if events.iter().filter(|e| event_name(e) == n).count() > 1 {
            format!("{n} (event {})", k + 1)
        } else {
            n
        }
    };
    lead.extend(notes.header.iter().map(|h| format!("# {h}")));
    for k in 0..events.len() {
        lead.extend(notes.before[k].iter().map(|c| format!("# {c}")));
        lead.extend(notes.inline[k].iter().map(|c| format!("# {}: {c}", name(k))));
    }
    lead.extend(notes.after.iter().map(|c| format!("# {c}")));
    let quoted = serde_json::to_string(line).unwrap_or_else(|_| format!("\"{line}\""));
    vec![with_comment(&format!("story: {quoted}"), notes.key.as_deref(), 0)]
}

/// A `grid` block; the comments on a row's events go beside it, each naming
/// its event unless only the row's last event has one.
fn write_grid(columns: [Seat; 4], events: &[Event], layout: &[Vec<Option<usize>>], notes: Notes) -> Vec<String> {
    let mut g = GridNotes { header: notes.header.clone(), after: notes.after.clone(), ..Default::default() };
    for row in layout {
        let ks: Vec<usize> = row.iter().flatten().copied().collect();
        g.before.push(ks.iter().flat_map(|&k| notes.before[k].iter().cloned()).collect());
        let noted: Vec<usize> = ks.iter().copied().filter(|&k| !notes.inline[k].is_empty()).collect();
        g.row.push(match noted.as_slice() {
            [] => None,
            [k] if Some(k) == ks.last() => Some(notes.inline[*k].join("; ")),
            _ => Some(
                noted
                    .iter()
                    .map(|&k| format!("{}: {}", event_name(&events[k]), notes.inline[k].join("; ")))
                    .collect::<Vec<_>>()
                    .join("; "),
            ),
        });
    }
    let mut out = vec![with_comment("grid: |", notes.key.as_deref(), 0)];
    out.extend(story::write_grid(columns, events, layout, &g).into_iter().map(|l| format!("  {l}")));
    out
}

/// A comment cut where it names another event (`E 1H: a; S reject: b`),
/// each part without the name (conversions join such parts and part them).
fn named_parts(comment: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in comment.split("; ") {
        match out.last_mut() {
            Some(last) if unnamed(part) == part => {
                last.push_str("; ");
                last.push_str(part);
            }
            _ => out.push(unnamed(part).to_string()),
        }
    }
    out
}

/// Every comment of a case file, and every note of its grid, cut where it
/// names events, without the names (conversions move them on or off).
fn comment_texts(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut scalar: Option<(usize, bool)> = None; // (the opening line's indentation, a grid)
    for line in text.lines() {
        let indent = indentation(line);
        if let Some((owner, grid)) = scalar {
            if line.trim().is_empty() || indent > owner {
                if grid {
                    if let Some((_, note)) = line.split_once('#') {
                        out.extend(named_parts(note.trim()));
                    }
                }
                continue;
            }
            scalar = None;
        }
        let (code, comment) = split_comment(line);
        out.extend(comment.into_iter().flat_map(named_parts));
        if opens_block_scalar(code) {
            scalar = Some((indent, code.starts_with("grid:")));
        }
    }
    out.retain(|c| !c.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let oor = CASE.replace(
            "  - E: reject                    # East (North's LHO) does not accept it (27A1)\n",
            "  - S: 2C\n",
        );
        let e = fmt(&oor, Some(Form::Grid)).unwrap_err();
        assert!(
            matches!(&e, FmtError::Convert { message, .. } if message.contains("event 3 (S 2C) does not come from the player after N 1C") && message.contains("keep `events:`")),
            "{e}"
        );
        let found = CASE.replace("  - N: 2C ", "  - N: 2C\n    comparable: true\n   ");
        let e = fmt(&found, Some(Form::Story)).unwrap_err();
        assert!(
            e.to_string()
                .contains("cannot write the story in one line: event 4 (N 2C) carries the director's findings"),
            "{e}"
        );
        // Said once, not "keep `events:`; keep `events:`" (issue 26).
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
        let c =
            comment_texts("id: X # one\ngrid: |  # two\n  W N E S # three\n  1S  # N 1S: four\nexpect: {} # five\n");
        assert_eq!(c, ["one", "two", "three", "four", "five"]);
    }
}
