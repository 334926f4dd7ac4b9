//! The story's block written in the form asked for (or its own),
//! normalised, its comments carried along.

use rulings_engine::request::Event;
use rulings_engine::Seat;

use std::path::Path;

use super::document::{Block, Doc};
use super::form::Form;
use super::line::with_comment;
use super::notation::canonical_events;
use super::notes::{events_notes, grid_notes, story_notes, Notes};
use super::reindent::reindent;
use super::FmtError;
use crate::corpus::case::Case;
use crate::corpus::story::{self, event_name, GridNotes};

/// Rewrite the story's block in the form `to` (or its own), normalised;
/// the error names the file at `path`.
pub(super) fn story_block(doc: &mut Doc, case: &Case, to: Option<Form>, path: &Path) -> Result<(), FmtError> {
    let convert = |message: String| FmtError::Convert { path: path.to_path_buf(), message };
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
        Form::Grid => grid_notes(&block.lines, case.dealer, events).map_err(|e| convert(e.message))?,
    };
    let lines = match target {
        Form::Events => write_events(events, notes),
        Form::Story => {
            let line = story::story_line(events)
                .map_err(|e| convert(format!("cannot write the story in one line: {e}; keep `{}:`", from.key())))?;
            write_story(&line, events, notes, &mut lead)
        }
        Form::Grid => {
            let layout = story::grid_layout(case.dealer, events, columns)
                .map_err(|e| convert(format!("cannot write the story as a grid: {e}; keep `{}:`", from.key())))?;
            write_grid(columns, events, &layout, notes)
        }
    };
    doc.blocks[at] = Block { key: target.key().to_string(), lead, lines };
    Ok(())
}

/// An `events` block from the events and their notes.
pub(super) fn write_events(events: &[Event], mut notes: Notes) -> Vec<String> {
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
pub(super) fn write_story(line: &str, events: &[Event], notes: Notes, lead: &mut Vec<String>) -> Vec<String> {
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
pub(super) fn write_grid(
    columns: [Seat; 4],
    events: &[Event],
    layout: &[Vec<Option<usize>>],
    notes: Notes,
) -> Vec<String> {
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
