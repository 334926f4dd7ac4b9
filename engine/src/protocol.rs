//! The JSON Lines protocol between the runner and an implementation
//! (docs/protocol.md), version 1. These are the serde types of every
//! message; the reference engine's server and the runner share them, and
//! the lists of keys each message may hold are read off these types
//! ([`keys`]), never written out again. The JSON Schemas in schemas/ are
//! checked against them by a test (runner/tests/integration/schemas.rs).

use std::sync::LazyLock;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::family::{family_of_clause, family_of_incident, owner_of, Family, IncidentKind, FAMILIES};
pub use crate::keys::keys;
use crate::request::{Edition, Finding, Request};
use crate::ruling::Ruling;

/// The protocol version this crate speaks.
pub const PROTOCOL: u32 = 1;

/// An implementation's introduction: who it is and what it rules on.
///
/// Non-exhaustive, as are the answers below: a later protocol may say more
/// in them. A program outside this crate makes its hello with
/// [`Hello::new`] and its answers with [`FromImplementation`]'s functions.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hello {
    /// The protocol version the implementation speaks ([`PROTOCOL`]).
    pub protocol: u32,
    /// The implementation's name, for reports.
    pub name: String,
    /// Its version, for reports.
    pub version: String,
    /// The editions of the Laws it rules under.
    pub editions: Vec<Edition>,
    /// The features it rules on (docs/protocol.md, "Features"): a case needing another is skipped, not failed.
    pub features: Vec<String>,
}

/// A message from the runner to the implementation.
///
/// Non-exhaustive: a later protocol may add messages; a program outside
/// this crate answers one it does not know with an error (a `_` arm).
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ToImplementation {
    /// Opens a session: the runner's protocol version. The implementation answers with its [`Hello`].
    Hello {
        /// The protocol version the runner speaks ([`PROTOCOL`]).
        protocol: u32,
    },
    /// A request to rule on one table story, answered by a ruling, a skip, an error or a refusal.
    Rule {
        /// Opaque; echoed in the answer as the same JSON value. The members
        /// of an object keep their order only where serde_json's
        /// `preserve_order` feature is on (the runner's build): this crate
        /// does not switch it on for its embedders, and JSON gives the
        /// members of an object no order (RFC 8259, section 4).
        seq: Value,
        /// The story: edition, dealer, vulnerability, events and regulations, as top-level keys.
        #[serde(flatten)]
        request: Request,
    },
    /// Ends the session: the implementation exits without answering.
    Bye,
}

/// A message from the implementation to the runner.
///
/// Non-exhaustive: a later protocol may add answers.
// A ruling is moved once per case; boxing it would buy nothing measurable.
#[non_exhaustive]
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum FromImplementation {
    /// The implementation's introduction, in answer to the runner's hello.
    Hello(Hello),
    /// The ruling on a request.
    Ruling(RulingAnswer),
    /// The implementation declines the request on purpose.
    Skipped(SkippedAnswer),
    /// The implementation could not rule.
    Error(ErrorAnswer),
    /// The implementation does not let an irregular call stand (docs/protocol.md, "Programs that refuse irregular calls").
    Refused(RefusedAnswer),
}

/// `{"type":"ruling"}`: the ruling on the request of `seq`.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulingAnswer {
    /// The request's `seq`, echoed.
    pub seq: Value,
    /// The state of the table after the last event.
    pub ruling: Ruling,
}

/// `{"type":"skipped"}`: the implementation declines the request on purpose.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkippedAnswer {
    /// The request's `seq`, echoed.
    pub seq: Value,
    /// Why the implementation declines, in its own words.
    pub reason: String,
    /// A link to where the gap is tracked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issue: Option<String>,
}

/// `{"type":"error"}`: the implementation could not rule, and says why.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorAnswer {
    /// The request's `seq`, echoed (null when the line it answers had none that could be read).
    pub seq: Value,
    /// What went wrong, in the implementation's own words.
    pub message: String,
}

/// `{"type":"refused"}`: a program declaring [`REFUSAL`] does not let the
/// call at `event` (its index in the request's `events`, from 0) stand,
/// and says why in its own words: it prevents the irregularity instead of
/// ruling on it (docs/protocol.md, "Programs that refuse irregular calls").
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefusedAnswer {
    /// The request's `seq`, echoed.
    pub seq: Value,
    /// The index in the request's `events` (from 0) of the call not let stand.
    pub event: usize,
    /// Why, in the implementation's own words.
    pub reason: String,
}

impl Hello {
    /// The hello of the program `name`, version `version`, speaking this
    /// crate's [`PROTOCOL`], ruling under `editions` on `features`.
    pub fn new(name: &str, version: &str, editions: Vec<Edition>, features: Vec<String>) -> Hello {
        Hello { protocol: PROTOCOL, name: name.to_string(), version: version.to_string(), editions, features }
    }
}

impl FromImplementation {
    /// The answer `{"type":"ruling"}` carrying `ruling` for the request of `seq`.
    pub fn ruling(seq: Value, ruling: Ruling) -> FromImplementation {
        FromImplementation::Ruling(RulingAnswer { seq, ruling })
    }

    /// The answer `{"type":"error"}` saying `message` for the request of `seq`.
    pub fn error(seq: Value, message: String) -> FromImplementation {
        FromImplementation::Error(ErrorAnswer { seq, message })
    }

    /// The answer `{"type":"skipped"}` declining the request of `seq` for
    /// `reason`, with a link to where the gap is tracked if there is one.
    pub fn skipped(seq: Value, reason: String, issue: Option<String>) -> FromImplementation {
        FromImplementation::Skipped(SkippedAnswer { seq, reason, issue })
    }

    /// The answer `{"type":"refused"}`: the call at `event` (its index in
    /// the request's `events`, from 0) of the request of `seq` is not let
    /// stand, for `reason`.
    pub fn refused(seq: Value, event: usize, reason: String) -> FromImplementation {
        FromImplementation::Refused(RefusedAnswer { seq, event, reason })
    }
}

/// The keys of a message whose body is `T`: `type`, then `T`'s keys.
pub fn message_keys<T: DeserializeOwned>() -> Vec<&'static str> {
    std::iter::once("type").chain(keys::<T>().iter().copied()).collect()
}

/// The keys of a `rule` message: `type`, `seq`, then the request's own.
/// Read off the types once; every request is checked against them.
pub(crate) fn rule_keys() -> &'static [&'static str] {
    static RULE_KEYS: LazyLock<Vec<&'static str>> =
        LazyLock::new(|| ["type", "seq"].into_iter().chain(keys::<Request>().iter().copied()).collect());
    &RULE_KEYS
}

/// The features of the protocol's hello for the families of law, one per
/// family of irregularity (with `meanings`, for stories that carry them),
/// read off [`FAMILIES`].
pub static LAW_FEATURES: LazyLock<Vec<&'static str>> = LazyLock::new(|| FAMILIES.iter().map(|f| f.feature).collect());

/// The feature of a program that prevents irregularities instead of
/// ruling on them: asked a story whose first irregular call is of a family
/// it does not declare, it answers `refused` naming that call's event
/// ([`RefusedAnswer`], [`crate::refusal::first_irregular_call`]).
pub const REFUSAL: &str = "refusal";

/// Every feature of the protocol's hello: the families of law
/// ([`LAW_FEATURES`]), then one per regulation option
/// ([`crate::regulations::FEATURES`]), which a case needs only when it sets
/// that option off its default, then [`REFUSAL`].
pub static FEATURES: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    LAW_FEATURES.iter().chain(crate::regulations::FEATURES).chain(std::iter::once(&REFUSAL)).copied().collect()
});

/// The feature a clause belongs to: the family of law it is in
/// ([`Family::clauses`]).
pub fn feature_of_clause(law: &str) -> Option<&'static str> {
    family_of_clause(law).map(|f| f.feature)
}

/// The features a story needs of a program: the family of each clause it
/// turns on; for each finding an event carries, the family that owns it
/// ([`Family::owns`]: `meanings` for a `means:`, `change-of-call` for
/// `unintended`) unless a family already needed reads it (a `comparable`
/// on a replacement for an insufficient bid); the family of each incident
/// (cards shown); and each regulation option set off its default.
pub fn needed_features<'a>(
    laws: impl IntoIterator<Item = &'a str>,
    events: &[crate::request::Event],
    regulations: Option<&crate::regulations::Regulations>,
) -> Vec<&'static str> {
    let mut out: Vec<&'static Family> = Vec::new();
    let add = |out: &mut Vec<&'static Family>, f: &'static Family| {
        if !out.contains(&f) {
            out.push(f);
        }
    };
    for f in laws.into_iter().filter_map(family_of_clause) {
        add(&mut out, f);
    }
    let given: Vec<Finding> = events.iter().flat_map(|e| e.findings.given()).map(|g| g.finding()).collect();
    // The finding fewer families read picks first: `same_denomination`
    // (Law 27's or 31A2's) before `comparable` (read by three), so a story
    // carrying both needs insufficient-bid alone.
    let mut findings: Vec<Finding> = Finding::ALL.iter().copied().filter(|f| given.contains(f)).collect();
    findings.sort_by_key(|f| FAMILIES.iter().filter(|x| x.reads(*f)).count());
    for finding in findings {
        if !out.iter().any(|f| f.reads(finding)) {
            if let Some(owner) = owner_of(finding) {
                add(&mut out, owner);
            }
        }
    }
    for e in events {
        if let Err(incident) = e.action.split() {
            if let Some(f) = family_of_incident(IncidentKind::of(&incident)) {
                add(&mut out, f);
            }
        }
    }
    let mut out: Vec<&'static str> = out.iter().map(|f| f.feature).collect();
    if let Some(r) = regulations {
        out.extend(r.features());
    }
    out
}

/// The reference engine's own hello.
pub fn engine_hello() -> Hello {
    Hello::new(
        crate::NAME,
        crate::VERSION,
        // Every law module rules in every edition (editions/), the 1997
        // Laws 28 and 30 included (docs/conventions.md, "Editions").
        Edition::ALL.to_vec(),
        // It rules on every irregularity, so it refuses none.
        FEATURES.iter().filter(|f| **f != REFUSAL).map(|s| s.to_string()).collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_clause_belongs_to_the_family_of_its_law() {
        let family = |law| feature_of_clause(law);
        assert_eq!(family("23"), None, "1997/2007 Law 23 is no comparable call");
        assert_eq!(family("23A1"), Some("comparable-call"));
        assert_eq!(family("24"), Some("exposed-card"));
        assert_eq!(family("25A1"), Some("change-of-call"));
        assert_eq!(family("25B3"), Some("change-of-call"));
        assert_eq!(family("26B"), Some("insufficient-bid"));
        assert_eq!(family("27B1(a)"), Some("insufficient-bid"));
        assert_eq!(family("28B"), Some("out-of-rotation"));
        assert_eq!(family("34"), Some("out-of-rotation"));
        assert_eq!(family("36B2"), Some("inadmissible"));
        assert_eq!(family("16C2"), None);
        assert_eq!(family("72C"), None);
        // Every family named is one the hello may declare.
        for law in ["23A1", "24", "25A1", "27B2", "31A1", "38A"] {
            assert!(LAW_FEATURES.contains(&family(law).unwrap()), "{law}");
        }
    }
}

/// More of the protocol's messages, where the tests above had not looked
/// (docs/mutants.md).
#[cfg(test)]
mod more_tests {
    /// A message's keys are `type` and its body's fields, in order (the
    /// runner checks each answer against them).
    #[test]
    fn a_message_has_type_and_its_body_s_keys() {
        assert_eq!(super::message_keys::<super::ErrorAnswer>(), ["type", "seq", "message"]);
    }

    /// The features a story needs: each family once, whatever number of
    /// its clauses the story turns on; a finding's owner only when no
    /// family needed already reads it; an incident's family.
    #[test]
    fn a_story_needs_each_family_once_and_a_finding_s_owner_only_when_unread() {
        use crate::notation::Seat;
        use crate::story::tests::story;
        assert_eq!(super::needed_features(["27B2", "27D", "26B"], &[], None), ["insufficient-bid"]);
        let comparable = story(Seat::N, "N 1S, E 1H, S reject, E 2H ~c").events;
        assert_eq!(super::needed_features(["27B1(b)"], &comparable, None), ["insufficient-bid"]);
        assert_eq!(super::needed_features([], &comparable, None), ["comparable-call"]);
        let shown = story(Seat::N, "N 1S, E exposes HK").events;
        assert_eq!(super::needed_features(["24B"], &shown, None), ["exposed-card"]);
    }

    /// The engine rules on every irregularity, so its hello declares every
    /// family and not `refusal`.
    #[test]
    fn the_engine_declares_every_family_and_refuses_none() {
        let features = super::engine_hello().features;
        assert!(!features.iter().any(|f| f == super::REFUSAL), "{features:?}");
        assert!(features.iter().any(|f| f == "insufficient-bid") && features.iter().any(|f| f == "wrong-board"));
    }
}
