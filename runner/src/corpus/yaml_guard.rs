//! Aliases refused where the YAML parser sees them, before serde_yaml builds
//! a value: an alias (`*name`) is how a small file expands to gigabytes (a
//! "billion laughs"), and no file the runner reads needs one.
//!
//! A scan of the text cannot find every alias (a quote earlier in a plain
//! value, a tab, a lone carriage return all hide one from it), so the text
//! is read by a YAML parser, event by event, and the first alias event is
//! refused. The parser is libyaml-safer, a line-by-line port of the parser
//! serde_yaml itself uses (unsafe-libyaml, from libyaml) to safe Rust: it
//! sees the same events in the same places, so what it passes is what
//! serde_yaml reads. Linear in the text, and it builds no value. (The
//! other way round a scan is sure: a text without a `*` has no alias.)

use libyaml_safer::{EventData, Parser};

/// Why a text is refused, at a 1-based line and column of the parser's
/// (which counts a lone carriage return as a line break, as YAML does).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// What reading the text's events found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Guard {
    /// No alias anywhere: the text may be given to serde_yaml.
    Clear,
    /// An alias, refused (where, and in plain words).
    Alias(Refusal),
    /// The parser stopped at a syntax error before the end: the events up
    /// to it hold no alias. serde_yaml stops at the same place (same
    /// parser), so it reports that error; should it read on (a bug in the
    /// port), the caller refuses the text rather than trust what was not
    /// checked.
    Unreadable(Refusal),
}

/// Read `text`'s YAML events and refuse the first alias. A text without a
/// `*` holds none (an alias is written with it, and no escape makes one),
/// and its events are not read: the corpus's files have none, and each
/// start of the runner loads them all.
pub fn check_aliases(text: &str) -> Guard {
    if !text.contains('*') {
        return Guard::Clear;
    }
    let mut input = text.as_bytes();
    let mut parser = Parser::new();
    parser.set_input_string(&mut input);
    loop {
        match parser.parse() {
            Ok(event) => match event.data {
                EventData::StreamEnd => return Guard::Clear,
                EventData::Alias { anchor } => {
                    let name: String = anchor.chars().take(40).collect();
                    return Guard::Alias(Refusal {
                        line: event.start_mark.line as usize + 1,
                        column: event.start_mark.column as usize + 1,
                        message: format!(
                            "`*{name}` is a YAML alias; aliases are not read (they let a small file expand \
                             without bound): write the value out"
                        ),
                    });
                }
                _ => {}
            },
            Err(e) => {
                let (line, column) = e.problem_mark().map_or((1, 1), |m| (m.line as usize + 1, m.column as usize + 1));
                return Guard::Unreadable(Refusal { line, column, message: format!("not YAML: {e}") });
            }
        }
    }
}

/// The text's aliases refused, for a loader whose own errors are a line of
/// text: `Err` names the place and the alias. A syntax error is left to
/// serde_yaml's own message (see [`Guard::Unreadable`]).
pub fn refuse_aliases(text: &str) -> Result<(), Refusal> {
    match check_aliases(text) {
        Guard::Alias(r) => Err(r),
        Guard::Clear | Guard::Unreadable(_) => Ok(()),
    }
}

/// A text whose aliases [`check_aliases`] refused: the one way in this
/// crate to serde_yaml's deserializer. Every YAML the program reads (a case
/// file, the tag registry, known failures, and whatever a user or a page
/// hands the workbench) goes through it; a direct call of
/// `serde_yaml::from_str` and its kin is refused by clippy (clippy.toml's
/// `disallowed-methods`) and by a test that reads the sources
/// (tests/integration/yaml_parsers.rs).
pub struct Checked<'a> {
    text: &'a str,
    unchecked: Option<Refusal>,
}

/// `text` with its aliases refused: `Err` names the first alias.
pub fn checked(text: &str) -> Result<Checked<'_>, Refusal> {
    match check_aliases(text) {
        Guard::Clear => Ok(Checked { text, unchecked: None }),
        Guard::Alias(r) => Err(r),
        Guard::Unreadable(r) => Ok(Checked { text, unchecked: Some(r) }),
    }
}

impl<'a> Checked<'a> {
    /// serde_yaml's deserializer over the checked text, for a loader that
    /// wants more than [`from_str_without_aliases`] gives (the path to a
    /// refused value). Should serde_yaml read the text to its end although
    /// the events stopped at a syntax error ([`Checked::unchecked`]), the
    /// caller refuses the text.
    #[allow(clippy::disallowed_methods)] // the one guarded call: its text was checked above
    pub fn deserializer(&self) -> serde_yaml::Deserializer<'a> {
        serde_yaml::Deserializer::from_str(self.text)
    }

    /// Where the parser stopped at a syntax error, leaving the events after
    /// it unchecked (see [`Guard::Unreadable`]); `None` when all were read.
    pub fn unchecked(&self) -> Option<&Refusal> {
        self.unchecked.as_ref()
    }
}

/// Deserialize `text` with serde_yaml only after [`check_aliases`] found no
/// alias; an alias, or a text serde_yaml reads although the events could
/// not be checked to the end, is refused. `Err` holds the 1-based line and
/// column and the message (serde_yaml's own for its errors).
pub fn from_str_without_aliases<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, Refusal> {
    let checked = checked(text)?;
    match T::deserialize(checked.deserializer()) {
        Ok(v) => match checked.unchecked {
            Some(r) => Err(r),
            None => Ok(v),
        },
        Err(e) => {
            let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
            Err(Refusal { line, column, message: e.to_string() })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alias_at(text: &str) -> Option<(usize, usize)> {
        match check_aliases(text) {
            Guard::Alias(r) => Some((r.line, r.column)),
            _ => None,
        }
    }

    #[test]
    fn the_hiding_places_the_text_scan_missed() {
        // A quote earlier in a plain value.
        assert_eq!(alias_at("a: &a [1]\ntags: [x 'y, *a, z]\n"), Some((2, 14)));
        // A tab before the alias.
        assert_eq!(alias_at("a: &a [1]\ntags: [\t*a]\n"), Some((2, 9)));
        // A lone carriage return ends the comment: the parser reads a key after it.
        assert_eq!(alias_at("a: &a [1]\n# c\rtags: [*a]\n"), Some((3, 8)));
    }

    #[test]
    fn plain_text_with_stars_passes() {
        assert_eq!(check_aliases("title: \"*a and 'x *b'\"\nnote: a*b # *c\n"), Guard::Clear);
        assert_eq!(check_aliases("a: &anchor 1\n"), Guard::Clear);
    }

    #[test]
    fn a_syntax_error_is_left_to_serde_yaml() {
        assert!(matches!(check_aliases("a: ['*', 1\n"), Guard::Unreadable(_)));
        assert!(refuse_aliases("a: ['*', 1\n").is_ok());
        // Without a star the events are not read at all.
        assert_eq!(check_aliases("a: [1\n"), Guard::Clear);
        for text in ["a: ['*', 1\n", "a: [1\n"] {
            let e = from_str_without_aliases::<serde_yaml::Value>(text).unwrap_err();
            assert!(e.message.contains("did not find expected"), "{e:?}");
        }
    }
}
