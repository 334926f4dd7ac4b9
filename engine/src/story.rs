//! A story in one line, as a director writes it (docs/case-format.md,
//! `story:`): `"W 1D, N 1C, E reject, N 2C"`, one event a line or commas
//! or semicolons between them, each a seat and its action (`N: 1S`,
//! `E reject`, `S: exposes SK`), suit symbols read (`1♠`). The one parser
//! of the form: the runner's case loader reads `story:` with it, and every
//! test writes its stories in it (`story::tests::story` in the engine,
//! `rulings::corpus::story` in the runner).

use crate::notation::Seat;
use crate::request::{Action, Event};

/// An action as written, suit symbols and their emoji form (`1♥️`) read.
pub fn action(text: &str) -> Result<Action, String> {
    text.replace('\u{fe0f}', "").parse::<Action>().map_err(|e| e.to_string())
}

/// The story's events, one a line or separated by commas or semicolons:
/// `N: 1S`, `E reject`, `S: exposes SK`; suit symbols are read (`1♠`).
pub fn events(story: &str) -> Result<Vec<Event>, String> {
    let mut out = Vec::new();
    for (i, line) in story.split(['\n', ',', ';']).enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let t = line.trim().trim_start_matches(['-', '*']).trim();
        let (seat, act) = t
            .split_once(':')
            .or_else(|| t.split_once(char::is_whitespace))
            .ok_or_else(|| format!("story event {}: `{t}`: write the seat, a colon and the call (`N: 1S`)", i + 1))?;
        let seat: Seat = seat.trim().parse().map_err(|e| format!("story event {}: `{t}`: {e}", i + 1))?;
        let act = action(act).map_err(|e| {
            format!(
                "story event {}: `{t}`: {e} (an event's value is a call, `accept`, `reject`, `exposes CARDS` or \
                 `leads CARD`)",
                i + 1
            )
        })?;
        out.push(Event::new(seat, act));
    }
    if out.is_empty() {
        return Err("the story has no event".into());
    }
    Ok(out)
}

/// Stories for the engine's tests, in the one-line form.
#[cfg(test)]
pub(crate) mod tests {
    use crate::notation::Seat;
    use crate::request::{Edition, Request};

    /// A 2017 story told in one line (`"N 1S, E 1H, S accept"`), dealt by
    /// `dealer`. An event may end in findings marks after a `~`: `u`
    /// unintended, `i` intended, `c` comparable, `n` not comparable
    /// (`"N 1NT, N 1S ~u"`).
    pub(crate) fn story(dealer: Seat, text: &str) -> Request {
        story_in(Edition::E2017, dealer, text)
    }

    /// [`story`] in another edition.
    pub(crate) fn story_in(edition: Edition, dealer: Seat, text: &str) -> Request {
        let mut events = Vec::new();
        for item in text.split(',') {
            let (head, marks) = item.split_once('~').unwrap_or((item, ""));
            let mut e = super::events(head).unwrap_or_else(|why| panic!("{text}: {why}")).remove(0);
            let flag = |yes: char, no: char| {
                if marks.contains(yes) {
                    Some(true)
                } else if marks.contains(no) {
                    Some(false)
                } else {
                    None
                }
            };
            e.findings.unintended = flag('u', 'i');
            e.findings.comparable = flag('c', 'n');
            events.push(e);
        }
        Request { edition, dealer, vulnerable: Default::default(), events, regulations: None }
    }

    #[test]
    fn a_story_line_reads_seats_actions_and_marks() {
        let r = story(Seat::N, "N 1S, E: exposes SK, W accept, N 1NT ~uc");
        let text: Vec<String> = r.events.iter().map(|e| format!("{} {}", e.seat, e.action)).collect();
        assert_eq!(text, ["N 1S", "E exposes SK", "W accept", "N 1NT"]);
        assert_eq!((r.events[3].findings.unintended, r.events[3].findings.comparable), (Some(true), Some(true)));
        assert_eq!(r.events[0].findings, Default::default());
    }
}
