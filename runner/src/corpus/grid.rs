//! A case's story as an auction grid, the way a hand record prints an
//! auction: the four seats as columns (West, North, East, South), each
//! event in its seat's column, a new row whenever the story comes back
//! round to a column already used in this row. Events that are not calls
//! (accept, reject, cards shown) take their seat's column too; the
//! director's findings on an event are footnotes under the grid.

use std::fmt::Write;

use rulings_engine::request::{Event, Finding, Given};
use rulings_engine::Seat;

/// The columns, left to right.
const COLUMNS: [Seat; 4] = [Seat::W, Seat::N, Seat::E, Seat::S];

fn column(seat: Seat) -> usize {
    COLUMNS.iter().position(|&s| s == seat).unwrap_or(0)
}

/// What one event shows in its cell.
fn cell(e: &Event) -> String {
    e.action.to_string()
}

/// The director's findings on an event, in words; empty when none.
pub fn findings(e: &Event) -> String {
    let parts: Vec<String> = e
        .findings
        .given()
        .into_iter()
        .map(|g| match g {
            Given::Flag(f, v) => f.words(v).to_string(),
            Given::Means(m) => {
                format!("{} {}", Finding::Means.words(true), serde_json::to_string(m).unwrap_or_default())
            }
        })
        .collect();
    parts.join(", ")
}

/// The rows of the grid, West to South: in each cell the index of the
/// event shown there, if any.
pub fn rows(dealer: Seat, events: &[Event]) -> Vec<[Option<usize>; 4]> {
    let mut rows: Vec<[Option<usize>; 4]> = vec![[None; 4]];
    let mut last: Option<usize> = Some(column(dealer)).filter(|&c| c > 0).map(|c| c - 1);
    for (i, e) in events.iter().enumerate() {
        let col = column(e.seat);
        if last.is_some_and(|l| col <= l) {
            rows.push([None; 4]);
        }
        if let Some(row) = rows.last_mut() {
            row[col] = Some(i);
        }
        last = Some(col);
    }
    rows
}

/// The story as a grid, with its footnotes; every line ends in a newline.
/// `dealer` leaves the columns before the dealer's empty on the first row.
pub fn grid(dealer: Seat, events: &[Event]) -> String {
    let mut notes = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    for e in events {
        let mut text = cell(e);
        let found = findings(e);
        if !found.is_empty() {
            notes.push(format!("[{}] {} {}: {found}", notes.len() + 1, e.seat, e.action));
            text.push_str(&format!(" [{}]", notes.len()));
        }
        texts.push(text);
    }
    let rows: Vec<[String; 4]> =
        rows(dealer, events).iter().map(|r| r.map(|c| c.map_or(String::new(), |i| texts[i].clone()))).collect();
    let width = rows.iter().flatten().map(|c| c.chars().count()).max().unwrap_or(0).max(5) + 2;
    let mut s = String::new();
    let head: Vec<String> = COLUMNS.iter().map(|c| format!("{:<width$}", c.to_string())).collect();
    let _ = writeln!(s, "{}", head.join("").trim_end());
    for row in &rows {
        let cells: Vec<String> = row.iter().map(|c| format!("{c:<width$}")).collect();
        let _ = writeln!(s, "{}", cells.join("").trim_end());
    }
    for n in notes {
        let _ = writeln!(s, "{n}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(yaml: &str) -> Vec<Event> {
        serde_yaml::from_str(yaml).expect("events")
    }

    #[test]
    fn calls_fall_in_their_seat_s_column_from_the_dealer_on() {
        let g = grid(Seat::N, &events("[{N: 1S}, {E: 1H}, {S: reject}, {E: 2H}, {S: P}, {W: P}, {N: P}]"));
        assert_eq!(
            g,
            "W       N       E       S\n        1S      1H      reject\n                2H      P\nP       P\n"
        );
    }

    #[test]
    fn findings_are_footnotes() {
        let g = grid(Seat::W, &events("[{W: 1C}, {W: 1D, unintended: true}]"));
        assert!(g.contains("1D [1]"), "{g}");
        assert!(g.ends_with("[1] W 1D: unintended\n"), "{g}");
        // The same seat again starts a new row.
        assert_eq!(g.lines().count(), 4, "{g}");
    }
}
