//! A case's story in the two compact forms a director writes instead of the
//! `events` list, read to exactly the events the list would hold, and
//! written back from events when they fit (`rulings fmt --to`):
//!
//! - one line, seat and action, commas between:
//!   `story: "W 1D, N 1C, E reject, N 2C"`;
//! - a grid of four columns under a header naming their seats, as a hand
//!   record prints an auction (`grid: |`), one line a round:
//!
//! ```text
//! W     N     E       S
//! 1D    1C    reject
//! -     2C
//! ```
//!
//! A grid is read row by row, left to right, each cell the next seat
//! clockwise: a call, `accept` or `reject` (the player holding an option
//! takes it or refuses it), or `-` for a seat that did nothing there. A `-`
//! stands only before the dealer's first call and after a decision, while
//! the table comes back to the player who calls next (the offender's
//! correction); after a call it would hide a call out of rotation, which a
//! grid cannot show, so it is refused and `story:` or `events:` suggested.
//! So are the director's findings and cards shown (Law 24). `#` starts a
//! note to the end of the line. Suit symbols are read in both forms.

use std::ops::Range;

use rulings_engine::request::{Action, Event, Incident, Move};
use rulings_engine::Seat;

/// An action as written ([`rulings_engine::story::action`]).
use rulings_engine::story::action;
/// The story's events in one line: the engine's one parser of the form
/// ([`rulings_engine::story::events`]).
pub use rulings_engine::story::events as story_events;

/// An event as the compact forms and messages name it: `E 1H`.
pub fn event_name(e: &Event) -> String {
    format!("{} {}", e.seat, e.action)
}

/// Why an event cannot be told without the `events` list: the director's
/// findings on it. None when it has none.
fn findings_named(e: &Event) -> Option<String> {
    let named: Vec<&str> = e.findings.given().iter().map(|g| g.finding().key()).collect();
    (!named.is_empty()).then(|| named.join(", "))
}

/// Why a compact form cannot tell the story: event `event` (from 1),
/// named `name` (`E 1H`), and what about it the form cannot show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Untellable {
    /// The event carries the director's `findings`; `grid` for a grid,
    /// else a one-line story.
    Findings { event: usize, name: String, findings: String, grid: bool },
    /// Cards shown during the auction (a grid cannot draw them).
    CardsShown { event: usize, name: String },
    /// Cards from a wrong board (a grid cannot draw them).
    WrongBoard { event: usize, name: String },
    /// A call made on misinformation (a grid cannot draw it).
    Misinformed { event: usize, name: String },
    /// An incident a grid has no cell for.
    Incident { event: usize, name: String },
    /// The first call is not the dealer's: out of rotation.
    NotTheDealer { event: usize, name: String, dealer: Seat },
    /// A call not by the player after `after`: out of rotation, or a
    /// second call by the same player.
    OutOfRotation { event: usize, name: String, after: String },
}

impl std::fmt::Display for Untellable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use Untellable::*;
        match self {
            Findings { event, name, findings, grid } => write!(
                f,
                "event {event} ({name}) carries the director's findings ({findings}), which {} cannot hold",
                if *grid { "a grid" } else { "a one-line story" }
            ),
            CardsShown { event, name } => {
                write!(f, "event {event} ({name}): cards shown during the auction cannot be drawn in a grid")
            }
            WrongBoard { event, name } => {
                write!(f, "event {event} ({name}): cards from a wrong board cannot be drawn in a grid")
            }
            Misinformed { event, name } => write!(
                f,
                "event {event} ({name}): a call made on misinformation (`misinformed`) cannot be drawn in a grid: \
                 write the story as events"
            ),
            Incident { event, name } => write!(f, "event {event} ({name}): this incident cannot be drawn in a grid"),
            NotTheDealer { event, name, dealer } => write!(
                f,
                "event {event} ({name}): the first call is not the dealer's ({dealer}); a call out of rotation \
                 cannot be drawn in a grid"
            ),
            OutOfRotation { event, name, after } => write!(
                f,
                "event {event} ({name}) does not come from the player after {after}: a call out of rotation, or a \
                 second call by the same player, cannot be drawn in a grid"
            ),
        }
    }
}

impl std::error::Error for Untellable {}

/// The story in one line, in canonical notation (`"W 1D, N 1C, E reject"`),
/// or why the line cannot tell it: it holds no findings.
pub fn story_line(events: &[Event]) -> Result<String, Untellable> {
    for (i, e) in events.iter().enumerate() {
        if let Some(findings) = findings_named(e) {
            return Err(Untellable::Findings { event: i + 1, name: event_name(e), findings, grid: false });
        }
    }
    Ok(events.iter().map(event_name).collect::<Vec<_>>().join(", "))
}

/// The clause under which `seat` holds an option (to accept or not) after
/// `events`, as the reference engine rules them: a grid left blank there
/// most often means a forgotten `reject` (27A1, 29A).
fn option_held(dealer: Seat, events: &[Event], seat: Seat) -> Option<String> {
    let request = rulings_engine::Request::new(Default::default(), dealer, events.to_vec());
    let decision = rulings_engine::rule(&request).ok()?.decision?;
    (decision.seat == seat).then_some(decision.law)
}

/// The seats of a hand record's columns, and of `rulings fmt --to grid`.
pub const HAND_RECORD: [Seat; 4] = [Seat::W, Seat::N, Seat::E, Seat::S];

/// A problem in a grid: its line in the grid's text and the column in that
/// line (both from 0), and a plain sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// One round of a grid as read: its line in the grid's text, the events it
/// holds (indices into [`Grid::events`]) and its note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridRow {
    pub line: usize,
    pub events: Range<usize>,
    pub note: Option<String>,
}

/// A grid as read: its columns, the events, and where its notes were.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    pub columns: [Seat; 4],
    pub events: Vec<Event>,
    pub rows: Vec<GridRow>,
    /// The note on the header line.
    pub header_note: Option<String>,
    /// Notes on lines of their own, each with the number of events read
    /// before it.
    pub notes: Vec<(usize, String)>,
}

/// A grid line without its note (`#` to the end of the line), and the note.
/// As in YAML, a note's `#` starts the line or follows a space: `1S#` is a
/// cell (and not a call), not `1S` and a note that swallows the rest of the
/// row (it would hide the cells after it).
fn split_note(line: &str) -> (&str, Option<String>) {
    let at = line.char_indices().find(|&(i, c)| c == '#' && line[..i].chars().last().is_none_or(char::is_whitespace));
    match at {
        Some((i, _)) => (&line[..i], Some(line[i + 1..].trim().to_string()).filter(|n| !n.is_empty())),
        None => (line, None),
    }
}

/// The words of a line, each with the column (in characters) it starts at.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (char column, byte offset)
    for (col, (byte, ch)) in line.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (true, Some((c, b))) => {
                out.push((c, &line[b..byte]));
                start = None;
            }
            (false, None) => start = Some((col, byte)),
            _ => {}
        }
    }
    if let Some((c, b)) = start {
        out.push((c, &line[b..]));
    }
    out
}

/// A cell that says a seat did nothing there: `-` (or a typographer's
/// dash), or nothing at all at the end of a round followed by another.
fn is_blank(cell: &str) -> bool {
    matches!(cell, "-" | "–" | "—" | "")
}

/// "1st", "2nd"... for the columns.
fn ordinal(i: usize) -> &'static str {
    ["first", "second", "third", "fourth"].get(i).copied().unwrap_or("last")
}

/// Where to tell a story the grid cannot show.
const USE_ANOTHER_FORM: &str = "tell the story with `story:` (one line) or `events:`";

/// What a cell holds: an action, or why it is not one the grid reads
/// (`at` places the reason in the grid).
fn cell_action(cell: &str, at: impl Fn(String) -> GridError) -> Result<Action, GridError> {
    let lower = cell.to_lowercase();
    let word = lower.trim_matches(|c: char| !c.is_alphanumeric() && c != '_');
    if matches!(word, "exposes" | "leads") {
        return Err(at(format!(
            "cards shown during the auction (Law 24) cannot be drawn in a grid: {USE_ANOTHER_FORM}"
        )));
    }
    if matches!(word, "wrong" | "board") {
        return Err(at(format!(
            "cards from a wrong board (2017 15A, 2007 17D) cannot be drawn in a grid: {USE_ANOTHER_FORM}"
        )));
    }
    if word == "intended" || rulings_engine::Findings::keys().contains(&word) {
        return Err(at(format!(
            "`{cell}`: the director's findings on a call (unintended, comparable, what it means) cannot be written \
             in a grid: tell the story with `events:`, the finding beside its event"
        )));
    }
    if matches!(word, "ap" | "all" | "allpass") {
        return Err(at(format!("`{cell}`: write each pass out as `P`, one cell a seat")));
    }
    if cell.ends_with(['*', '!', '?', ')']) || cell.starts_with('(') {
        return Err(at(format!(
            "`{cell}`: a grid's cell is a call, `accept`, `reject` or `-`, without marks; the director's findings \
             (unintended, comparable, what a call means) need `events:`, and a note goes after `#`"
        )));
    }
    action(cell).map_err(|e| {
        at(format!("{e} (a grid's cell is a call, `accept`, `reject`, or `-` for a seat that did nothing)"))
    })
}

/// The columns a header line names, or why it does not.
fn header(line: usize, cells: &[(usize, &str)]) -> Result<[Seat; 4], GridError> {
    let at = |(column, _): (usize, &str), message: String| GridError { line, column, message };
    let mut seats = Vec::new();
    for &(column, cell) in cells {
        match cell.parse::<Seat>() {
            Ok(s) if seats.len() < 4 => seats.push(s),
            Ok(_) => {
                return Err(at((column, cell), "the header names four seats, one a column".to_string()));
            }
            Err(_) => {
                return Err(at(
                    (column, cell),
                    format!(
                        "a grid's first line names the seats of its four columns, as `W N E S` (or `West North East \
                         South`): `{cell}` is not a seat"
                    ),
                ))
            }
        }
    }
    let first = cells[0];
    let [a, b, c, d] = seats[..] else {
        return Err(at(
            first,
            format!("the header names {} seat(s): a grid has four columns, as `W N E S`", seats.len()),
        ));
    };
    if b != a.lho() || c != b.lho() || d != c.lho() {
        return Err(at(
            first,
            "the columns go clockwise round the table, each seat once: `W N E S`, or the same order from another \
             seat (`N E S W`, `E S W N`, `S W N E`)"
                .to_string(),
        ));
    }
    Ok([a, b, c, d])
}

/// One cell of a grid as read.
struct Cell<'a> {
    seat: Seat,
    column: usize, // 0..4, in the header's order
    row: usize,
    text: &'a str,
    at: (usize, usize), // line and column in the text
}

/// Read a grid (the text of `grid:`) to its events, with `dealer` telling
/// where the first row starts when it leaves out the seats before him.
pub fn parse_grid(dealer: Seat, text: &str) -> Result<Grid, GridError> {
    let err = |line: usize, column: usize, message: String| GridError { line, column, message };
    let mut columns: Option<([Seat; 4], usize)> = None; // and the header's indentation
    let mut header_note = None;
    let mut cells: Vec<Cell> = Vec::new();
    let mut row_lines: Vec<(usize, Option<String>)> = Vec::new();
    let mut loose_notes: Vec<(usize, usize, String)> = Vec::new(); // (cells before, line, note)
    let mut last_line = 0;
    for (li, raw) in text.split('\n').enumerate() {
        let (body, note) = split_note(raw.trim_end_matches('\r'));
        let ws = words(body);
        if ws.is_empty() {
            if let Some(n) = note {
                loose_notes.push((cells.len(), li, n));
            }
            continue;
        }
        last_line = li;
        let Some((seats, indent)) = columns else {
            columns = Some((header(li, &ws)?, ws[0].0));
            header_note = note;
            continue;
        };
        let row = row_lines.len();
        let dealer_column = seats.iter().position(|&s| s == dealer).unwrap_or(0);
        let start = if row == 0 && !is_blank(ws[0].1) { dealer_column } else { 0 };
        if row > 0 && ws.len() < 4 && ws[0].0 > indent {
            return Err(err(
                li,
                ws[0].0,
                format!(
                    "this row starts to the right of the header's first column, with {} cell(s): cells are read \
                     left to right, so write `-` for each seat before the first call",
                    ws.len()
                ),
            ));
        }
        if start + ws.len() > 4 {
            let (column, _) = ws[4 - start];
            let message = if start > 0 {
                format!(
                    "the first row starts with the dealer's call, under {dealer} (the header's {} column), so it \
                     has room for {} cell(s): write `-` for each seat before the dealer, or start the header with {dealer}",
                    ordinal(dealer_column),
                    4 - start
                )
            } else {
                "a row holds four cells, one a seat of the header: start a new line for the next round".to_string()
            };
            return Err(err(li, column, message));
        }
        // The round before this one ended early: the seats it left out did
        // nothing, as if written `-`.
        if let Some(last) = cells.last() {
            let line = last.at.0;
            let end = text.split('\n').nth(line).map_or(0, |l| split_note(l).0.trim_end().chars().count());
            let left_out: Vec<Cell> = (last.column + 1..4)
                .zip(&seats[last.column + 1..])
                .map(|(column, &seat)| Cell { seat, column, row: row - 1, text: "", at: (line, end) })
                .collect();
            cells.extend(left_out);
        }
        for (k, &(column, text)) in ws.iter().enumerate() {
            cells.push(Cell { seat: seats[start + k], column: start + k, row, text, at: (li, column) });
        }
        row_lines.push((li, note));
    }
    let Some((seats, _)) = columns else {
        return Err(err(0, 0, "the grid is empty: write a header (`W N E S`), then one line a round".to_string()));
    };
    let dealer_column = seats.iter().position(|&s| s == dealer).unwrap_or(0);
    let mut events: Vec<Event> = Vec::new();
    let mut row_events: Vec<Range<usize>> = vec![0..0; row_lines.len()];
    let mut event_at_cell: Vec<usize> = Vec::with_capacity(cells.len()); // events before each cell
    let mut hidden: Option<&Cell> = None; // a `-` after a call: refused if a call follows it
    let mut blanks_after_decision = 0;
    for cell in &cells {
        event_at_cell.push(events.len());
        let (line, column) = cell.at;
        let last = events.last();
        if is_blank(cell.text) {
            match last.map(|e| matches!(e.action, Action::Call(_))) {
                None if cell.row == 0 && cell.column < dealer_column => {}
                None if cell.text.is_empty() => {
                    return Err(err(
                        line,
                        column,
                        format!(
                            "the first row ends before the dealer's column ({dealer}): the dealer's call comes first"
                        ),
                    ))
                }
                None => {
                    return Err(err(
                        line,
                        column,
                        format!(
                            "the dealer's cell ({dealer}) is `{}`: a first call by another seat is out of rotation, \
                             which a grid cannot show; {USE_ANOTHER_FORM}",
                            cell.text
                        ),
                    ))
                }
                Some(false) => {
                    blanks_after_decision += 1;
                    if blanks_after_decision > 3 {
                        return Err(err(
                            line,
                            column,
                            "a fourth `-` after a decision: the player who acts next is at most three seats on; \
                             remove the extra `-`"
                                .to_string(),
                        ));
                    }
                }
                Some(true) => {
                    hidden = hidden.or(Some(cell));
                }
            }
            continue;
        }
        if let Some(blank) = hidden {
            let after = last.map(event_name).unwrap_or_default();
            if let Some(law) = option_held(dealer, &events, blank.seat) {
                return Err(err(
                    blank.at.0,
                    blank.at.1,
                    format!(
                        "{} at {}'s turn, after {after}: {} may accept {after} or not ({law}); write `reject` \
                         in the cell if {} did not accept it (a call there accepts it), or `P` for a pass",
                        if blank.text.is_empty() { "nothing".to_string() } else { format!("`{}`", blank.text) },
                        blank.seat,
                        blank.seat,
                        blank.seat
                    ),
                ));
            }
            return Err(err(
                blank.at.0,
                blank.at.1,
                format!(
                    "{} at {}'s turn, after {after}: write `P` for a pass. A call made out of rotation, or a \
                     second call by the same player, cannot be drawn in a grid: {USE_ANOTHER_FORM}",
                    if blank.text.is_empty() { "nothing".to_string() } else { format!("`{}`", blank.text) },
                    blank.seat
                ),
            ));
        }
        if events.is_empty() && (cell.row, cell.column) != (0, dealer_column) {
            let before: Vec<String> = seats[..dealer_column].iter().map(|s| s.to_string()).collect();
            let message = if cell.row == 0 {
                format!(
                    "the first call is under {}, but the dealer is {dealer}: write `-` for each seat before the \
                     dealer ({}), or leave them out",
                    cell.seat,
                    before.join(" ")
                )
            } else {
                format!("the first row ends before the dealer's column ({dealer}): the dealer's call comes first")
            };
            return Err(err(line, column, message));
        }
        let action = cell_action(cell.text, |m| err(line, column, m))?;
        let r = &mut row_events[cell.row];
        if r.start == r.end {
            *r = events.len()..events.len();
        }
        r.end = events.len() + 1;
        events.push(Event::new(cell.seat, action));
        blanks_after_decision = 0;
    }
    if events.is_empty() {
        return Err(err(last_line, 0, "the grid has no call: write one line a round under the header".to_string()));
    }
    // A row of `-` only (after a decision) holds no event: its range sits
    // where its events would be.
    let mut next = 0;
    for r in row_events.iter_mut() {
        if r.start == r.end {
            *r = next..next;
        }
        next = r.end;
    }
    let rows =
        row_lines.into_iter().zip(row_events).map(|((line, note), events)| GridRow { line, events, note }).collect();
    let notes = loose_notes
        .into_iter()
        .map(|(before, _, n)| (event_at_cell.get(before).copied().unwrap_or(events.len()), n))
        .collect();
    Ok(Grid { columns: seats, events, rows, header_note, notes })
}

/// The events laid out in a grid of `columns`: each row's cells, an event's
/// index or `None` for `-`, without the empty cells at a row's end. Or why
/// a grid cannot show the story (findings, cards shown, a call out of
/// rotation, a player calling twice running).
pub fn grid_layout(dealer: Seat, events: &[Event], columns: [Seat; 4]) -> Result<Vec<Vec<Option<usize>>>, Untellable> {
    let column = |s: Seat| columns.iter().position(|&c| c == s).unwrap_or(0);
    let mut cells: Vec<Option<usize>> = Vec::new();
    let mut at = 0;
    let mut prev: Option<(&Event, Move)> = None;
    for (i, e) in events.iter().enumerate() {
        let (event, name) = (i + 1, event_name(e));
        if let Some(findings) = findings_named(e) {
            return Err(Untellable::Findings { event, name, findings, grid: true });
        }
        let this = match e.action.split() {
            Ok(m) => m,
            Err(Incident::Cards(_)) => return Err(Untellable::CardsShown { event, name }),
            Err(Incident::WrongBoard) => return Err(Untellable::WrongBoard { event, name }),
            Err(Incident::Misinformed) => return Err(Untellable::Misinformed { event, name }),
            // An incident of a later engine: a grid holds calls and decisions only.
            Err(_) => return Err(Untellable::Incident { event, name }),
        };
        let c = column(e.seat);
        at = match prev {
            None if e.seat == dealer => c,
            None => return Err(Untellable::NotTheDealer { event, name, dealer }),
            Some((prev, before)) => {
                let step = (c + 4 - at % 4) % 4;
                match before {
                    Move::Call(_) if step == 1 => at + 1,
                    Move::Call(_) => return Err(Untellable::OutOfRotation { event, name, after: event_name(prev) }),
                    // After a decision the table comes back to whoever acts next.
                    Move::Accept | Move::Reject if step == 0 => at + 4,
                    Move::Accept | Move::Reject => at + step,
                }
            }
        };
        prev = Some((e, this));
        cells.resize(at + 1, None);
        cells[at] = Some(i);
    }
    let mut rows: Vec<Vec<Option<usize>>> = cells.chunks(4).map(|r| r.to_vec()).collect();
    for r in &mut rows {
        while r.last() == Some(&None) {
            r.pop();
        }
    }
    Ok(rows)
}

/// The notes a written grid carries: on the header, on lines of their own
/// before each row, at the end of each row, and after the last row.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GridNotes {
    pub header: Option<String>,
    pub before: Vec<Vec<String>>,
    pub row: Vec<Option<String>>,
    pub after: Vec<String>,
}

/// The lines of a grid (without indentation or newlines): the header,
/// then each row of `layout` ([`grid_layout`]), columns aligned, calls in
/// canonical notation, `-` for a seat that did nothing, notes after `#`.
pub fn write_grid(
    columns: [Seat; 4],
    events: &[Event],
    layout: &[Vec<Option<usize>>],
    notes: &GridNotes,
) -> Vec<String> {
    let text = |c: &Option<usize>| c.and_then(|i| events.get(i)).map_or("-".to_string(), |e| e.action.to_string());
    let width = layout.iter().flatten().map(|c| text(c).chars().count()).max().unwrap_or(1).max(4) + 2;
    let noted = |cells: String, note: Option<&String>| match note {
        Some(n) => format!("{:<w$}# {n}", cells, w = 4 * width),
        None => cells.trim_end().to_string(),
    };
    let pad = |cells: Vec<String>| cells.iter().map(|c| format!("{c:<width$}")).collect::<String>();
    let mut out = vec![noted(pad(columns.iter().map(|s| s.to_string()).collect()), notes.header.as_ref())];
    for (r, row) in layout.iter().enumerate() {
        for n in notes.before.get(r).into_iter().flatten() {
            out.push(format!("# {n}"));
        }
        out.push(noted(pad(row.iter().map(text).collect()), notes.row.get(r).and_then(Option::as_ref)));
    }
    for n in &notes.after {
        out.push(format!("# {n}"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(yaml: &str) -> Vec<Event> {
        crate::corpus::yaml_guard::from_str_without_aliases(yaml).expect("events")
    }

    fn grid(dealer: Seat, text: &str) -> Result<Vec<Event>, GridError> {
        parse_grid(dealer, text).map(|g| g.events)
    }

    #[test]
    fn the_one_line_story_reads_seats_calls_and_symbols() {
        let e = story_events("W 1♦, N: 1C; E reject\nN 2♣️").expect("story");
        assert_eq!(e, events("[{W: 1D}, {N: 1C}, {E: reject}, {N: 2C}]"));
        assert_eq!(story_line(&e).ok().as_deref(), Some("W 1D, N 1C, E reject, N 2C"));
        assert!(story_events("N 9Q").unwrap_err().contains("story event 1: `N 9Q`"));
        assert!(story_events("Q 1S").unwrap_err().contains("a seat"));
        let found = events("[{W: 1C}, {W: 1D, unintended: true}]");
        let e = story_line(&found).unwrap_err();
        assert!(
            matches!(&e, Untellable::Findings { event: 2, name, findings, grid: false } if name == "W 1D" && findings == "unintended"),
            "{e:?}"
        );
        assert!(e.to_string().contains("event 2 (W 1D) carries the director's findings (unintended)"));
    }

    #[test]
    fn a_grid_reads_row_by_row_from_the_dealer() {
        let text = "W    N    E       S\n-    1S   1H      reject   # insufficient\n-    -    2H      P\nP    P\n";
        let g = parse_grid(Seat::N, text).expect("grid");
        assert_eq!(g.events, events("[{N: 1S}, {E: 1H}, {S: reject}, {E: 2H}, {S: P}, {W: P}, {N: P}]"));
        assert_eq!(g.rows.len(), 3);
        assert_eq!(g.rows[0].events, 0..3);
        assert_eq!(g.rows[0].note.as_deref(), Some("insufficient"));
        assert_eq!(g.rows[2].events, 5..7);
        // The seats before the dealer may be left out, and the header may
        // start anywhere round the table; symbols and words are read.
        let same = grid(Seat::N, "North East South West\n1♠ 1♥ Reject\n- 2♥ Pass Pass\nPass").expect("grid");
        assert_eq!(same, g.events);
        let short = grid(Seat::N, "W N E S\n1S 1H reject\n- - 2H P\nP P").expect("grid");
        assert_eq!(short, g.events);
    }

    #[test]
    fn a_grid_is_written_back_as_it_reads() {
        let e = events("[{N: 1S}, {E: 1H}, {S: reject}, {E: 2H}, {S: P}, {W: P}, {N: P}]");
        let layout = grid_layout(Seat::N, &e, HAND_RECORD).expect("layout");
        assert_eq!(
            layout,
            vec![vec![None, Some(0), Some(1), Some(2)], vec![None, None, Some(3), Some(4)], vec![Some(5), Some(6)]]
        );
        let notes = GridNotes { row: vec![Some("insufficient".into())], ..Default::default() };
        let lines = write_grid(HAND_RECORD, &e, &layout, &notes);
        assert_eq!(
            lines,
            [
                "W       N       E       S",
                "-       1S      1H      reject  # insufficient",
                "-       -       2H      P",
                "P       P",
            ]
        );
        let back = parse_grid(Seat::N, &lines.join("\n")).expect("grid");
        assert_eq!(back.events, e);
        // An explicit acceptance, then the acceptor's own call: the table
        // goes round to him.
        let e = events("[{W: 1D}, {N: 1C}, {E: accept}, {E: 2C}]");
        let layout = grid_layout(Seat::W, &e, HAND_RECORD).expect("layout");
        assert_eq!(layout, vec![vec![Some(0), Some(1), Some(2)], vec![None, None, Some(3)]]);
        assert_eq!(grid(Seat::W, &write_grid(HAND_RECORD, &e, &layout, &GridNotes::default()).join("\n")), Ok(e));
    }

    #[test]
    fn what_a_grid_cannot_show_is_refused_with_the_reason() {
        let oor = events("[{N: 1S}, {S: 1H}]");
        let e = grid_layout(Seat::N, &oor, HAND_RECORD).unwrap_err();
        assert!(matches!(&e, Untellable::OutOfRotation { event: 2, after, .. } if after == "N 1S"), "{e:?}");
        assert!(e.to_string().contains("event 2 (S 1H) does not come from the player after N 1S"));
        let first = events("[{E: 1H}]");
        assert!(grid_layout(Seat::N, &first, HAND_RECORD).unwrap_err().to_string().contains("not the dealer's"));
        let twice = events("[{N: 1S}, {N: 2S}]");
        assert!(grid_layout(Seat::N, &twice, HAND_RECORD).is_err());
        let cards = events("[{N: 1S}, {E: exposes SK}]");
        assert!(grid_layout(Seat::N, &cards, HAND_RECORD).unwrap_err().to_string().contains("cards shown"));
        let wrong = events("[{N: 1S}, {N: wrong board}]");
        assert!(grid_layout(Seat::N, &wrong, HAND_RECORD)
            .unwrap_err()
            .to_string()
            .contains("cards from a wrong board"));
        let found = events("[{N: 1S, means: {hcp: 11-21}}]");
        assert!(grid_layout(Seat::N, &found, HAND_RECORD).unwrap_err().to_string().contains("findings (means)"));
    }

    #[test]
    fn grid_mistakes_are_said_at_their_cell() {
        let at = |dealer, text: &str| grid(dealer, text).unwrap_err();
        // A `-` after a call: a pass, or a call out of rotation.
        let e = at(Seat::N, "W N E S\n- 1S - 1H");
        assert_eq!((e.line, e.column), (1, 5));
        assert!(e.message.starts_with("`-` at E's turn, after N 1S: write `P` for a pass"), "{}", e.message);
        assert!(e.message.contains("`story:`"), "{}", e.message);
        // A forgotten `reject`: the blank is where LHO holds the option, and
        // the message says so ("write `P`" alone sent the author the wrong way).
        let e = at(Seat::N, "W N E S\n- 1S 1H -\n- - 2H");
        assert_eq!((e.line, e.column), (1, 8));
        assert!(e.message.contains("S may accept E 1H or not (27A1); write `reject`"), "{}", e.message);
        // A round that ends early leaves its last seats out, as `-` would.
        let e = at(Seat::N, "W N E S\n  1S P\n2S");
        assert_eq!((e.line, e.column), (1, 6));
        assert!(e.message.starts_with("nothing at S's turn, after E P: write `P`"), "{}", e.message);
        let e = at(Seat::N, "W N E S\n- 1S 1H P\n— 2S");
        assert!(e.message.starts_with("`—` at W's turn, after S P"), "{}", e.message);
        // At the end of the grid, it is only an empty cell.
        assert!(grid(Seat::N, "W N E S\n- 1S 1H -").is_ok());
        let e = at(Seat::N, "W N E S\n- - 1H");
        assert!(e.message.starts_with("the dealer's cell (N) is `-`"), "{}", e.message);
        let e = at(Seat::E, "W N E S\n- 1S 1H");
        assert!(e.message.starts_with("the first call is under N, but the dealer is E"), "{}", e.message);
        let e = at(Seat::S, "W N E S\n- - -\n1H");
        assert!(e.message.starts_with("the first row ends before the dealer's column (S)"), "{}", e.message);
        let e = at(Seat::N, "W N E S\n1S 1H 2H P");
        assert_eq!((e.line, e.column), (1, 9));
        assert!(e.message.contains("room for 3 cell(s)"), "{}", e.message);
        let e = at(Seat::N, "W N E S\n- 1S 1H P P");
        assert!(e.message.starts_with("a row holds four cells"), "{}", e.message);
        let e = at(Seat::N, "N S E W\n1S");
        assert!(e.message.starts_with("the columns go clockwise"), "{}", e.message);
        let e = at(Seat::N, "1S 1H\n");
        assert!(e.message.contains("`1S` is not a seat"), "{}", e.message);
        let e = at(Seat::N, "W N E S\n- 1S 1H reject\n        2H P");
        assert!(e.message.starts_with("this row starts to the right"), "{}", e.message);
        // A `#` glued to a cell is not a note: the rest of the row is read.
        let e = at(Seat::N, "W N E S\n- 1S# 1H P\n2S");
        assert_eq!((e.line, e.column), (1, 2), "{}", e.message);
        assert!(e.message.starts_with("`1S#` is not a call"), "{}", e.message);
        assert!(grid(Seat::N, "W N E S\n- 1S 1H P # a note\n2S").is_ok());
        let e = at(Seat::N, "W N E S\n- 1S 1H* P");
        assert_eq!((e.line, e.column), (1, 5));
        assert!(e.message.contains("without marks"), "{}", e.message);
        let e = at(Seat::N, "W N E S\n- 1S exposes SK");
        assert!(e.message.starts_with("cards shown"), "{}", e.message);
        let e = at(Seat::N, "W N E S\n- 1S wrong board");
        assert!(e.message.starts_with("cards from a wrong board"), "{}", e.message);
        let e = at(Seat::N, "W N E S\n- 1S 1H unintended");
        assert!(e.message.contains("need") || e.message.contains("`events:`"), "{}", e.message);
        let e = at(Seat::N, "W N E S\n- 1S AP");
        assert!(e.message.contains("write each pass out"), "{}", e.message);
        let e = at(Seat::N, "W N E S\n- 9Q");
        assert!(e.message.starts_with("`9Q` is not a call"), "{}", e.message);
        let e = at(Seat::N, "W N E S\n- 1S 1H accept\n- - - -\n- 2D");
        assert!(e.message.starts_with("a fourth `-`"), "{}", e.message);
        assert!(at(Seat::N, "W N E S\n").message.contains("no call"));
        assert!(at(Seat::N, "  # nothing\n").message.contains("empty"));
    }

    #[test]
    fn notes_on_lines_of_their_own_are_placed_between_events() {
        let g = parse_grid(Seat::N, "W N E S  # the table\n# before\n- 1S 1H reject\n# then\n- - 2H\n# after\n")
            .expect("grid");
        assert_eq!(g.header_note.as_deref(), Some("the table"));
        assert_eq!(g.notes, vec![(0, "before".to_string()), (3, "then".to_string()), (4, "after".to_string())]);
    }
}
