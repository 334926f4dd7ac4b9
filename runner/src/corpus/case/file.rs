//! A case file as written: the keys it may hold, read into a type.

use rulings_engine::clauses;
use rulings_engine::protocol::keys;
use rulings_engine::{Edition, Event, Regulations, Seat, Vulnerability};
use serde::{Deserialize, Deserializer};

use super::expectation::Expectation;

/// A clause id checked against the registry when the case is read, so the
/// error carries the position of the offending entry.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ClauseId(pub String);

impl<'de> Deserialize<'de> for ClauseId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        match clauses::find(text.trim()) {
            Some(c) => Ok(ClauseId(c.id.to_string())),
            None => Err(serde::de::Error::custom(match clauses::suggest(text.trim()) {
                Some(id) => format!("unknown law clause `{text}`: did you mean `{id}`?"),
                None => format!(
                    "unknown law clause `{text}`: cite a clause listed in docs/clauses.md \
                     (as \"27B1(a)\", \"16C2\"), or add it to engine/clauses.yml"
                ),
            })),
        }
    }
}

/// The keys of a case file (the fields of the type it is read into).
pub fn case_file_keys() -> &'static [&'static str] {
    keys::<CaseFile>()
}

/// A case file as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CaseFile {
    pub(super) id: String,
    pub(super) title: String,
    pub(super) laws: Vec<ClauseId>,
    pub(super) source: String,
    #[serde(default)]
    pub(super) editions: Option<Vec<Edition>>,
    #[serde(default)]
    pub(super) tags: Vec<String>,
    pub(super) dealer: Seat,
    #[serde(default, deserialize_with = "vulnerability_as_written")]
    pub(super) vulnerable: Vulnerability,
    #[serde(default)]
    pub(super) events: Vec<Event>,
    /// The story in one line, instead of `events`: `"W 1D, N 1C, E reject, N 2C"`.
    #[serde(default)]
    pub(super) story: Option<String>,
    /// The story as a grid of four columns, instead of `events` (`grid: |`).
    #[serde(default)]
    pub(super) grid: Option<String>,
    #[serde(default)]
    pub(super) regulations: Option<Regulations>,
    pub(super) expect: Expectation,
}

/// A case file writes its vulnerability in one spelling each, the one
/// schemas/case.schema.json lists: `none`, `NS`, `EW`, `both` (the
/// protocol reads others; a case file, checked by editors against the
/// schema too, does not).
fn vulnerability_as_written<'de, D: Deserializer<'de>>(d: D) -> Result<Vulnerability, D::Error> {
    let text = String::deserialize(d)?;
    match text.parse::<Vulnerability>() {
        Ok(v) if v.name() == text => Ok(v),
        Ok(v) => Err(serde::de::Error::custom(format!("write `{}` for `{text}` (none, NS, EW or both)", v.name()))),
        Err(_) => Err(serde::de::Error::custom(format!("`{text}` is not a vulnerability: write none, NS, EW or both"))),
    }
}
