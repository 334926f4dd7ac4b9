//! The three forms a story is told in, and the key each is written under.

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

    pub(super) fn of_key(key: &str) -> Option<Form> {
        [Form::Events, Form::Story, Form::Grid].into_iter().find(|f| f.key() == key)
    }
}
