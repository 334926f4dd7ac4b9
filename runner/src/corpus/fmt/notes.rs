//! The comments on a story's events, read from each form so that a
//! conversion carries them along, and every comment of a file, to check
//! that none is lost.

use rulings_engine::request::{Action, Event};
use rulings_engine::Seat;

use super::line::{indentation, opens_block_scalar, split_comment};
use crate::corpus::story;

/// The comments on a story's events, and around them, carried from one
/// form to another.
#[derive(Debug, Default)]
pub(super) struct Notes {
    /// On the key's line.
    pub(super) key: Option<String>,
    /// On a grid's header line.
    pub(super) header: Option<String>,
    /// Comment lines before each event.
    pub(super) before: Vec<Vec<String>>,
    /// Comments beside each event.
    pub(super) inline: Vec<Vec<String>>,
    /// Comment lines after the last event.
    pub(super) after: Vec<String>,
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
pub(super) fn named_note(
    note: &str,
    events: &[Event],
    candidates: impl Iterator<Item = usize>,
) -> Option<(usize, String)> {
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
pub(super) fn unnamed(note: &str) -> &str {
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

/// The comments of an `events` block, event by event.
pub(super) fn events_notes(lines: &[String], n: usize) -> Notes {
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
pub(super) fn story_notes(lead: &mut Vec<String>, lines: &[String], events: &[Event]) -> Notes {
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
pub(super) fn grid_notes(
    lines: &[String],
    dealer: Seat,
    events: &[Event],
) -> Result<(Notes, [Seat; 4]), story::GridError> {
    let mut notes = Notes::new(events.len());
    notes.key = lines.first().and_then(|l| split_comment(l).1).map(str::to_string);
    let body = &lines[1..];
    let indent = body.iter().find(|l| !l.trim().is_empty()).map_or(0, |l| indentation(l));
    let text: Vec<&str> = body.iter().map(|l| l.get(indent..).unwrap_or("")).collect();
    let grid = story::parse_grid(dealer, &text.join("\n"))?;
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

/// A comment cut where it names another event (`E 1H: a; S reject: b`),
/// each part without the name (conversions join such parts and part them).
pub(super) fn named_parts(comment: &str) -> Vec<String> {
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
pub(super) fn comment_texts(text: &str) -> Vec<String> {
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
