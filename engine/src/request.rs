//! The request: a table story as the engine receives it (docs/case-format.md,
//! "Events", and docs/protocol.md, the `rule` message). It carries the case's
//! input only, never its expectation.

use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::Exposure;
pub use crate::editions::Edition;
use crate::listed::every;
use crate::meanings::Meaning;
use crate::notation::{Call, Seat, Vulnerability};
pub use crate::regulations::Regulations;

/// What an event of the story holds, as the protocol writes it: a
/// player's move at the table (a call, or a decision on an option), or an
/// incident that is no move (cards shown). The director hands a move to
/// the law modules as a [`Turn`] and an incident to the law of incidents,
/// so a law module never sees what it cannot get ([`Action::split`]).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// A call, in or out of rotation, legal or not.
    Call(Call),
    /// The player holding an option takes it (accepts the irregular call).
    Accept,
    /// The player holding an option refuses it.
    Reject,
    /// Something that happened at the table that is no move.
    Incident(Incident),
}

/// A player's move: what the laws of the auction's calls rule on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// A call, in or out of rotation, legal or not.
    Call(Call),
    /// The player holding an option takes it.
    Accept,
    /// The player holding an option refuses it.
    Reject,
}

/// An incident: an event that is no move, ruled on by its own law
/// whatever the table waits on.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Incident {
    /// Law 24: during the auction, the player exposed one or more cards so
    /// that partner could see them (`exposes SK H5`), or led a card
    /// prematurely (`leads SK`).
    Cards(Exposure),
    /// 2017 15A, 2007 17D: the player's cards are found to be from a wrong
    /// board (`wrong board`); every call he has made on this board was made
    /// holding them.
    WrongBoard,
    /// Law 21B: the player's last call was made on misinformation from an
    /// opponent (a wrong explanation, or no alert where one was required),
    /// found out before the end of the auction period (`misinformed`). The
    /// findings beside it say whether the Laws give a remedy (21A, 21B1(b)).
    Misinformed,
}

impl Action {
    /// The move, or the incident. Every kind of event is one or the other,
    /// and this is the one place that says which.
    pub fn split(self) -> Result<Move, Incident> {
        match self {
            Action::Call(c) => Ok(Move::Call(c)),
            Action::Accept => Ok(Move::Accept),
            Action::Reject => Ok(Move::Reject),
            Action::Incident(x) => Err(x),
        }
    }
}

impl From<Move> for Action {
    fn from(m: Move) -> Action {
        match m {
            Move::Call(c) => Action::Call(c),
            Move::Accept => Action::Accept,
            Move::Reject => Action::Reject,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Call(c) => c.fmt(f),
            Action::Accept => f.write_str("accept"),
            Action::Reject => f.write_str("reject"),
            Action::Incident(x) => x.fmt(f),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Action::from(*self).fmt(f)
    }
}

impl fmt::Display for Incident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Incident::Cards(x) => x.fmt(f),
            Incident::WrongBoard => f.write_str("wrong board"),
            Incident::Misinformed => f.write_str("misinformed"),
        }
    }
}

impl std::str::FromStr for Action {
    type Err = crate::notation::NotationError;
    fn from_str(s: &str) -> Result<Action, Self::Err> {
        if let Some(c) = crate::notation::canonical_call(s.as_bytes()) {
            return Ok(Action::Call(c));
        }
        let t = s.trim();
        let (verb, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        match verb.to_ascii_lowercase().as_str() {
            "accept" if rest.is_empty() => Ok(Action::Accept),
            "reject" if rest.is_empty() => Ok(Action::Reject),
            "exposes" => Exposure::parse(rest, false).map(|x| Action::Incident(Incident::Cards(x))),
            "leads" => Exposure::parse(rest, true).map(|x| Action::Incident(Incident::Cards(x))),
            "wrong" if rest.trim().eq_ignore_ascii_case("board") => Ok(Action::Incident(Incident::WrongBoard)),
            "misinformed" if rest.is_empty() => Ok(Action::Incident(Incident::Misinformed)),
            _ => s.parse().map(Action::Call),
        }
    }
}

/// Findings of fact and of the director's opinion about one event
/// (docs/case-format.md). They are written beside the event's seat key;
/// their keys are this type's fields ([`crate::keys::keys`]).
///
/// Non-exhaustive: the findings grow with the laws the engine rules on. A
/// program outside this crate starts from [`Findings::default`] (nothing
/// found) and sets the fields it knows, or reads the findings from JSON.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Findings {
    /// 25A: the call this one replaces was unintended.
    pub unintended: Option<bool>,
    /// 1997 and 2007 25A: the player paused for thought before replacing
    /// his unintended call, which those Laws do not allow (2017 asks only
    /// whether the call was unintended).
    pub pause: Option<bool>,
    /// 1997 25B1: on LHO's call over a substituted call, the director's
    /// finding that LHO meant it over the offender's original call.
    pub over_original: Option<bool>,
    /// 23A: the director's opinion that this replacement is (not) comparable.
    pub comparable: Option<bool>,
    /// 27B1(a): the director's opinion that this replacement specifies the
    /// same denomination(s) as the withdrawn insufficient bid.
    pub same_denomination: Option<bool>,
    /// The call's meaning under the partnership's agreements.
    pub means: Option<Meaning>,
    /// 21B1(a), on a `misinformed` event: the misinformation was an alert
    /// not given where the regulating authority requires one (deemed
    /// misinformation), not a wrong explanation. The remedy is the same.
    pub missing_alert: Option<bool>,
    /// 21B1(b), on a `misinformed` event: the director has evidence that the
    /// explanation matched the partnership's agreement and the call
    /// explained was the mistake (a mistaken call, no misinformation). Absent
    /// this finding he presumes a mistaken explanation.
    pub mistaken_call: Option<bool>,
    /// 21A, on a `misinformed` event: the player made his call on his own
    /// misunderstanding, not on what an opponent told him: no recourse.
    pub own_misunderstanding: Option<bool>,
    /// On a `misinformed` event: the misinformation was given by the
    /// misinformed player's LHO (his wrong explanation of his partner's
    /// call, or his missing alert of it), so that a call LHO changes under
    /// 21B2 is an offending player's withdrawn call (Law 26; the EBU TD
    /// forum, topic 9639). Absent, his partner gave it, or it is not known.
    pub by_lho: Option<bool>,
}

impl Findings {
    /// The keys a finding may have beside an event's seat key, read off
    /// this type (the one list: the runner's story forms refuse them).
    pub fn keys() -> &'static [&'static str] {
        crate::keys::keys::<Findings>()
    }

    /// The findings given, in the order of the fields. The one walk over
    /// the fields: the struct is taken apart with no `..`, so a new field
    /// does not build until it is walked here, and every reader (the
    /// event's writer, the story forms, `rulings explain`, the features a
    /// story needs) goes through this.
    pub fn given(&self) -> Vec<Given<'_>> {
        let Findings {
            unintended,
            pause,
            over_original,
            comparable,
            same_denomination,
            means,
            missing_alert,
            mistaken_call,
            own_misunderstanding,
            by_lho,
        } = self;
        let flags = [
            (Finding::Unintended, unintended),
            (Finding::Pause, pause),
            (Finding::OverOriginal, over_original),
            (Finding::Comparable, comparable),
            (Finding::SameDenomination, same_denomination),
        ];
        let mut out: Vec<Given<'_>> = flags.into_iter().filter_map(|(f, v)| v.map(|v| Given::Flag(f, v))).collect();
        if let Some(m) = means {
            out.push(Given::Means(m));
        }
        let after = [
            (Finding::MissingAlert, missing_alert),
            (Finding::MistakenCall, mistaken_call),
            (Finding::OwnMisunderstanding, own_misunderstanding),
            (Finding::ByLho, by_lho),
        ];
        out.extend(after.into_iter().filter_map(|(f, v)| v.map(|v| Given::Flag(f, v))));
        out
    }

    /// Set one finding from a map's next value (the event's reader).
    fn read<'de, A: MapAccess<'de>>(&mut self, finding: Finding, map: &mut A) -> Result<(), A::Error> {
        match finding {
            Finding::Unintended => self.unintended = Some(map.next_value()?),
            Finding::Pause => self.pause = Some(map.next_value()?),
            Finding::OverOriginal => self.over_original = Some(map.next_value()?),
            Finding::Comparable => self.comparable = Some(map.next_value()?),
            Finding::SameDenomination => self.same_denomination = Some(map.next_value()?),
            Finding::Means => self.means = Some(map.next_value()?),
            Finding::MissingAlert => self.missing_alert = Some(map.next_value()?),
            Finding::MistakenCall => self.mistaken_call = Some(map.next_value()?),
            Finding::OwnMisunderstanding => self.own_misunderstanding = Some(map.next_value()?),
            Finding::ByLho => self.by_lho = Some(map.next_value()?),
        }
        Ok(())
    }
}

/// The kinds of finding: one per field of [`Findings`], named by its key.
///
/// Non-exhaustive: the director's findings grow with the laws the engine
/// rules on; a `match` outside this crate needs a `_` arm.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Finding {
    /// Whether the call was unintended (`unintended`: 25A, mechanical error or slip of the tongue).
    Unintended,
    /// Whether the player paused for thought before replacing his unintended call (`pause`: 1997 and 2007 25A).
    Pause,
    /// Whether the next player's call over a substituted call was meant over the original (`over_original`: 1997 25B1).
    OverOriginal,
    /// The director's finding that the replacement is comparable (`comparable`: 23A).
    Comparable,
    /// Whether the replacement specifies the same denomination(s) as the insufficient bid (`same_denomination`: 27B1(a)).
    SameDenomination,
    /// The meaning of the call under the partnership's system (`means`: 23A, Law 23's hand sets).
    Means,
    /// The misinformation was a missing alert, not a wrong explanation (`missing_alert`: 20F, 21B1(a)).
    MissingAlert,
    /// The evidence shows a mistaken call rather than a mistaken explanation (`mistaken_call`: 21B1(b)).
    MistakenCall,
    /// The player called on his own misunderstanding, not on the opponents' explanation (`own_misunderstanding`: 21A).
    OwnMisunderstanding,
    /// The misinformation was given by the misinformed player's LHO (`by_lho`: Law 26 on his 21B2 change).
    ByLho,
}

impl Finding {
    /// Every finding, in the order of [`Findings`]' fields. A slice, not an
    /// array: a new finding lengthens it without changing its type.
    pub const ALL: &'static [Finding] = every!(
        Finding: Unintended,
        Pause,
        OverOriginal,
        Comparable,
        SameDenomination,
        Means,
        MissingAlert,
        MistakenCall,
        OwnMisunderstanding,
        ByLho,
    );

    /// The key it is written under beside an event's seat.
    pub fn key(self) -> &'static str {
        match self {
            Finding::Unintended => "unintended",
            Finding::Pause => "pause",
            Finding::OverOriginal => "over_original",
            Finding::Comparable => "comparable",
            Finding::SameDenomination => "same_denomination",
            Finding::Means => "means",
            Finding::MissingAlert => "missing_alert",
            Finding::MistakenCall => "mistaken_call",
            Finding::OwnMisunderstanding => "own_misunderstanding",
            Finding::ByLho => "by_lho",
        }
    }

    /// The finding written under `key`, if any.
    pub(crate) fn from_key(key: &str) -> Option<Finding> {
        Finding::ALL.iter().copied().find(|f| f.key() == key)
    }

    /// The finding in a director's words, `yes` or not.
    pub fn words(self, yes: bool) -> &'static str {
        match (self, yes) {
            (Finding::Unintended, true) => "unintended",
            (Finding::Unintended, false) => "intended",
            (Finding::Pause, true) => "after a pause",
            (Finding::Pause, false) => "without pause",
            (Finding::OverOriginal, true) => "meant over the original call",
            (Finding::OverOriginal, false) => "meant over the substitute",
            (Finding::Comparable, true) => "comparable",
            (Finding::Comparable, false) => "not comparable",
            (Finding::SameDenomination, true) => "same denomination",
            (Finding::SameDenomination, false) => "not the same denomination",
            (Finding::Means, _) => "means",
            (Finding::MissingAlert, true) => "no alert given",
            (Finding::MissingAlert, false) => "explained wrongly",
            (Finding::MistakenCall, true) => "a mistaken call",
            (Finding::MistakenCall, false) => "a mistaken explanation",
            (Finding::OwnMisunderstanding, true) => "his own misunderstanding",
            (Finding::OwnMisunderstanding, false) => "not his own misunderstanding",
            (Finding::ByLho, true) => "misinformed by his LHO",
            (Finding::ByLho, false) => "misinformed by his RHO",
        }
    }
}

/// One finding given on an event ([`Findings::given`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Given<'a> {
    /// A yes-or-no finding.
    Flag(Finding, bool),
    /// The call's meaning (`means:`).
    Means(&'a Meaning),
}

impl Given<'_> {
    /// The kind of finding given.
    pub fn finding(&self) -> Finding {
        match self {
            Given::Flag(f, _) => *f,
            Given::Means(_) => Finding::Means,
        }
    }
}

/// One event: exactly one seat and what that seat did, with findings.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// Who acted.
    pub seat: Seat,
    /// What he did.
    pub action: Action,
    /// The director's findings on this event (the player's intention, meanings, comparability).
    pub findings: Findings,
}

impl Event {
    /// An event with no findings.
    pub fn new(seat: Seat, action: Action) -> Event {
        Event { seat, action, findings: Findings::default() }
    }

    /// The call, when the action is one.
    pub fn call(&self) -> Option<Call> {
        match self.action {
            Action::Call(c) => Some(c),
            _ => None,
        }
    }
}

/// An event that is a move: what a law module is handed. The director
/// makes it from an [`Event`] whose action is a [`Move`].
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    /// Who moved.
    pub seat: Seat,
    /// The call or decision.
    pub action: Move,
    /// The director's findings on this move.
    pub findings: Findings,
}

impl Turn {
    /// The event's move as a turn, or its incident.
    pub fn of(e: &Event) -> Result<Turn, Incident> {
        Ok(Turn { seat: e.seat, action: e.action.split()?, findings: e.findings.clone() })
    }

    /// The call, when the move is one.
    pub fn call(&self) -> Option<Call> {
        match self.action {
            Move::Call(c) => Some(c),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Event;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an event: a map with one seat key (N, E, S or W), as in `- E: 1H`")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Event, A::Error> {
                let mut seat: Option<(Seat, Action)> = None;
                let mut f = Findings::default();
                while let Some(KeyText(key)) = map.next_key::<KeyText>()? {
                    match key.as_ref() {
                        "N" | "E" | "S" | "W" => {
                            let s: Seat = key.parse().map_err(de::Error::custom)?;
                            let text: ActionText = map.next_value()?;
                            let action: Action = text.0.parse().map_err(|e| {
                                de::Error::custom(format!(
                                    "{e} (an event's value is a call, `accept`, `reject`, \
                                     `exposes CARDS` or `leads CARD`)"
                                ))
                            })?;
                            if let Some((first, _)) = seat {
                                return Err(de::Error::custom(format!(
                                    "an event has exactly one seat key, and this one has {first} and {s}: \
                                     write each call as its own `- SEAT: CALL` line"
                                )));
                            }
                            seat = Some((s, action));
                        }
                        other => match Finding::from_key(other) {
                            Some(finding) => f.read(finding, &mut map)?,
                            None => {
                                let hint = if other.len() <= 2 && other.chars().all(|c| c.is_ascii_alphabetic()) {
                                    " (seats are written in capitals: N, E, S, W)"
                                } else {
                                    ""
                                };
                                return Err(de::Error::custom(format!(
                                    "unknown key `{other}` in an event{hint}; an event has one seat key \
                                     and may have {}",
                                    crate::keys::keys::<Findings>().join(", ")
                                )));
                            }
                        },
                    }
                }
                match seat {
                    Some((seat, action)) => Ok(Event { seat, action, findings: f }),
                    None => Err(de::Error::custom(
                        "an event needs a seat key (N, E, S or W) saying who acted, as in `- E: 1H`",
                    )),
                }
            }
        }
        d.deserialize_map(V)
    }
}

impl Serialize for Event {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry(self.seat.letter(), &self.action.to_string())?;
        for g in self.findings.given() {
            match g {
                Given::Flag(f, v) => m.serialize_entry(f.key(), &v)?,
                Given::Means(v) => m.serialize_entry(Finding::Means.key(), v)?,
            }
        }
        m.end()
    }
}

/// A key of an event, borrowed from the input where it allows (a
/// protocol line): no string allocated per event.
struct KeyText<'de>(std::borrow::Cow<'de, str>);

impl<'de> Deserialize<'de> for KeyText<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = KeyText<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a key: a seat (N, E, S or W) or a finding")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<KeyText<'de>, E> {
                Ok(KeyText(v.into()))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<KeyText<'de>, E> {
                Ok(KeyText(v.to_string().into()))
            }
        }
        d.deserialize_str(V)
    }
}

/// The value of a seat key, read as text even where YAML saw a number or a
/// boolean, so that notation errors name what was written.
struct ActionText<'de>(std::borrow::Cow<'de, str>);

impl<'de> Deserialize<'de> for ActionText<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ActionText<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a call (P, X, XX, 1C..7NT), `accept`, `reject`, `exposes CARDS` or `leads CARD`")
            }
            // Borrowed where the input allows (a protocol line).
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<ActionText<'de>, E> {
                Ok(ActionText(v.into()))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<ActionText<'de>, E> {
                Ok(ActionText(v.to_string().into()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<ActionText<'de>, E> {
                Ok(ActionText(v.to_string().into()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<ActionText<'de>, E> {
                Ok(ActionText(v.to_string().into()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<ActionText<'de>, E> {
                // YAML 1.1 habits: an unquoted `N`/`Y`/`no` may arrive as a bool.
                Ok(ActionText(v.to_string().into()))
            }
            fn visit_unit<E: de::Error>(self) -> Result<ActionText<'de>, E> {
                Err(E::custom("the event names a seat but no call: write the call after the colon"))
            }
        }
        d.deserialize_any(V)
    }
}

/// The most events a story may have. A legal auction has at most 319 calls
/// (every one of the 35 bids doubled and redoubled, with passes between),
/// and each irregularity adds a few events; a thousand is far above any
/// table story, and keeps a hostile request cheap. The case loader, the
/// engine and its server all refuse longer ones.
pub const MAX_EVENTS: usize = 1000;

/// A request to rule: the input part of a case.
///
/// Non-exhaustive: a request may carry more about the table as the engine
/// rules on more, so a program outside this crate builds one with
/// [`Request::new`] and the `with_` methods, or reads it from JSON; either
/// keeps compiling when a field is added, the new field at its default.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// The Laws in force: 2017 (the default), 2007 or 1997.
    #[serde(default)]
    pub edition: Edition,
    /// The dealer (the first to call, 17A).
    pub dealer: Seat,
    /// The vulnerability (none when left out).
    #[serde(default)]
    pub vulnerable: Vulnerability,
    /// What happened at the table, in order, at most [`MAX_EVENTS`].
    pub events: Vec<Event>,
    /// The regulating authority's choices where the Laws leave one (the defaults when null).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regulations: Option<Regulations>,
}

impl Request {
    /// The story `events` under the `edition` Laws, `dealer` dealing: none
    /// vulnerable and the default regulations, as a request that leaves
    /// those keys out.
    pub fn new(edition: Edition, dealer: Seat, events: Vec<Event>) -> Request {
        Request { edition, dealer, vulnerable: Vulnerability::default(), events, regulations: None }
    }

    /// The same request, `vulnerable` vulnerable.
    #[must_use]
    pub fn with_vulnerable(mut self, vulnerable: Vulnerability) -> Request {
        self.vulnerable = vulnerable;
        self
    }

    /// The same request under `regulations` (None: the defaults).
    #[must_use]
    pub fn with_regulations(mut self, regulations: Option<Regulations>) -> Request {
        self.regulations = regulations;
        self
    }

    /// The same table (edition, dealer, vulnerability, regulations) with
    /// the story `events` instead: a part of the story, say.
    #[must_use]
    pub fn with_events(mut self, events: Vec<Event>) -> Request {
        self.events = events;
        self
    }

    /// The same story with every seat moved `steps` places clockwise
    /// (dealer, every event, vulnerability). Meanings name suits, not
    /// seats, and do not change.
    pub fn rotate(&self, steps: usize) -> Request {
        let mut r = self.clone();
        r.dealer = r.dealer.rotate(steps);
        r.vulnerable = r.vulnerable.rotate(steps);
        for e in &mut r.events {
            e.seat = e.seat.rotate(steps);
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::keys;

    /// An event's keys are its seat and the findings' fields: every field of
    /// [`Findings`] is written and read back by the hand-written
    /// (de)serializer of [`Event`].
    #[test]
    fn every_finding_goes_out_and_comes_back() {
        let findings = Findings {
            unintended: Some(true),
            pause: Some(true),
            over_original: Some(false),
            comparable: Some(false),
            same_denomination: Some(true),
            means: Some(Meaning::default()),
            missing_alert: Some(true),
            mistaken_call: Some(false),
            own_misunderstanding: Some(false),
            by_lho: Some(true),
        };
        let event = Event { seat: Seat::E, action: Action::Call(Call::Pass), findings };
        let value = serde_json::to_value(&event).expect("an event serializes");
        let mut written: Vec<&str> = value.as_object().expect("a map").keys().map(String::as_str).collect();
        written.sort();
        let mut expected: Vec<&str> = std::iter::once("E").chain(keys::<Findings>().iter().copied()).collect();
        expected.sort();
        assert_eq!(written, expected);
        let back: Event = serde_json::from_value(value).expect("it reads back");
        assert_eq!(back, event);
    }

    /// [`Finding::ALL`] names the fields of [`Findings`], in order.
    #[test]
    fn every_field_is_a_finding() {
        let named: Vec<&str> = Finding::ALL.iter().map(|f| f.key()).collect();
        assert_eq!(named, keys::<Findings>());
    }
}

/// More of the request's parts, where the tests above had not looked
/// (docs/mutants.md).
#[cfg(test)]
mod more_tests {
    use crate::notation::Seat;
    use crate::story::tests::story;

    /// A move is written as the story writes it: an error about one quotes
    /// it (`accept`, `reject`, the call).
    #[test]
    fn an_error_about_a_move_quotes_it_as_written() {
        for (text, quoted) in [("N 1S, E accept", "E says `accept`"), ("N 1S, E reject", "E says `reject`")] {
            let e = crate::rule(&story(Seat::N, text)).unwrap_err().to_string();
            assert!(e.contains(quoted), "{e}");
        }
    }

    /// An event's words are read whole: `reject`, `wrong board` and
    /// `misinformed` with anything more are no event the story knows.
    #[test]
    fn an_event_with_words_left_over_is_refused() {
        use super::{Action, Incident};
        assert_eq!("Wrong  Board".parse::<Action>().ok(), Some(Action::Incident(Incident::WrongBoard)));
        assert_eq!("misinformed".parse::<Action>().ok(), Some(Action::Incident(Incident::Misinformed)));
        assert_eq!("reject".parse::<Action>().ok(), Some(Action::Reject));
        for bad in ["reject now", "wrong boat", "wrong", "misinformed twice"] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }

    /// The keys a finding may have are those of the findings, in order
    /// (the runner's story forms read this list).
    #[test]
    fn the_finding_keys_are_those_of_the_findings() {
        use super::{Finding, Findings};
        let named: Vec<&str> = Finding::ALL.iter().map(|f| f.key()).collect();
        assert_eq!(Findings::keys(), named.as_slice());
        assert!(Findings::keys().contains(&"unintended") && Findings::keys().contains(&"own_misunderstanding"));
    }

    /// A finding in a director's words, each way: the two differ for every
    /// finding that is yes or no (`means` is a meaning, written as such).
    #[test]
    fn a_finding_is_said_in_a_director_s_words_each_way() {
        use super::Finding;
        assert_eq!((Finding::Unintended.words(true), Finding::Unintended.words(false)), ("unintended", "intended"));
        assert_eq!(Finding::Pause.words(true), "after a pause");
        for f in Finding::ALL.iter().copied().filter(|f| *f != Finding::Means) {
            assert!(!f.words(true).is_empty() && f.words(true) != f.words(false), "{f:?}");
        }
    }

    /// An event's call, when it is one; a decision or an incident has none.
    #[test]
    fn an_event_has_a_call_only_when_it_is_one() {
        use super::{Action, Event, Incident};
        let one_spade = "1S".parse().expect("a call");
        assert_eq!(Event::new(Seat::N, Action::Call(one_spade)).call(), Some(one_spade));
        assert_eq!(Event::new(Seat::N, Action::Accept).call(), None);
        assert_eq!(Event::new(Seat::N, Action::Incident(Incident::WrongBoard)).call(), None);
    }

    /// An event that is not a map is refused with what an event is.
    #[test]
    fn an_event_that_is_not_a_map_is_refused_saying_what_an_event_is() {
        let e = serde_json::from_str::<super::Event>("[1]").unwrap_err().to_string();
        assert!(e.contains("an event: a map with one seat key"), "{e}");
    }

    /// An unknown key of one or two letters is most likely a seat written
    /// in small letters: the message says how seats are written; a longer
    /// word, or one with a digit, gets no such hint.
    #[test]
    fn an_unknown_key_like_a_seat_is_answered_with_how_seats_are_written() {
        let message = |json: &str| serde_json::from_str::<super::Event>(json).unwrap_err().to_string();
        let hint = "seats are written in capitals";
        assert!(message(r#"{"n": "1S"}"#).contains(hint));
        assert!(message(r#"{"nw": "1S"}"#).contains(hint));
        for other in [r#"{"north": "1S"}"#, r#"{"x1": "1S"}"#, r#"{"abc": "1S"}"#] {
            let m = message(other);
            assert!(m.contains("unknown key") && !m.contains(hint), "{m}");
        }
    }

    /// A key or a seat's value of the wrong kind is refused saying what is
    /// expected (a YAML story can have a number as a key).
    #[test]
    fn a_key_or_a_value_of_the_wrong_kind_says_what_is_expected() {
        use serde::de::value::{Error, MapDeserializer};
        use serde::Deserialize;
        let e = serde_json::from_str::<super::Event>(r#"{"N": ["1S"]}"#).unwrap_err().to_string();
        assert!(e.contains("expected a call (P, X, XX, 1C..7NT)"), "{e}");
        let numbered = MapDeserializer::<_, Error>::new([(1u64, "1S")].into_iter());
        let e = super::Event::deserialize(numbered).unwrap_err().to_string();
        assert!(e.contains("expected a key: a seat (N, E, S or W) or a finding"), "{e}");
    }
}
