//! What can go wrong in the workbench, one variant a cause: the server
//! cannot start, or a request is not one the API can answer (bad JSON, a
//! value of the wrong kind, a case that is not a case yet). Its `Display`
//! is the message the page shows (the API's `error`) or `rulings
//! workbench` prints; the caller chooses the HTTP status.

use std::fmt;

use rulings_engine::RuleError;

/// An error of the workbench: starting it, or answering a request.
#[derive(Debug)]
pub enum WorkbenchError {
    /// The address cannot be listened on (taken, or not this machine's).
    Listen {
        /// The address as given (`127.0.0.1:8080`).
        address: String,
        /// Why.
        source: std::io::Error,
    },
    /// The server's runtime cannot start.
    Runtime(std::io::Error),
    /// The listening socket cannot be handed to the runtime.
    Serve(std::io::Error),
    /// `--allow-host` was given something that is no host name (a scheme,
    /// a port).
    NotAHostName(String),
    /// A request's body is not JSON.
    Json(serde_json::Error),
    /// A request's body is JSON of another shape than the API reads: where
    /// (`table.events[4]`, none for the whole body) and why.
    Shape {
        /// The path to the value refused, if not the whole body.
        at: Option<String>,
        /// What is wrong with it.
        message: String,
    },
    /// A call's meaning, written in YAML, cannot be read (an alias, say):
    /// the event's number (from 1) and why.
    Meaning {
        /// The event, counted from 1.
        event: usize,
        /// Why.
        message: String,
    },
    /// More events than a story holds ([`rulings_engine::MAX_EVENTS`]).
    TooManyEvents(usize),
    /// A field of the issue form that is one line has a line break (the
    /// field's name: `title`).
    NotOneLine(&'static str),
    /// The director marked an item that is no key of a ruling.
    NotAKey(String),
    /// He disagrees with an item but wrote no ruling for it.
    NoOwnValue(String),
    /// His own value for an item cannot be read (YAML, an alias...).
    OwnValue {
        /// The item.
        key: String,
        /// Why.
        message: String,
    },
    /// His own value for an item is not of that item's kind (`next: 5`).
    NotOfTheKind {
        /// The item.
        key: String,
        /// The value, as a case file writes it.
        written: String,
        /// Why the ruling does not read it.
        why: String,
    },
    /// He agreed with an item the engine gives no value for (it refused
    /// the story).
    NothingToAgreeWith(String),
    /// He rules an item otherwise than the engine without saying why.
    NoReason(String),
    /// No item is marked: the case would assert nothing.
    NoMark,
    /// The engine refuses the story and no item says why his ruling stands.
    NoReasonForRefusal,
    /// The engine cannot rule even on the deal before any call, so no
    /// ruling gives the kinds of value of its items.
    NoRulingAtAll(RuleError),
    /// No clause is named: the first decides the case's law folder.
    NoLaws,
    /// The file written is not a case yet, as `rulings check` would say.
    NotACase(String),
}

impl fmt::Display for WorkbenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use WorkbenchError as E;
        match self {
            E::Listen { address, source } => write!(f, "cannot listen on {address}: {source}"),
            E::Runtime(e) => write!(f, "cannot start the server: {e}"),
            E::Serve(e) => e.fmt(f),
            E::NotAHostName(text) => {
                write!(f, "--allow-host {text}: give a host name such as clubpc.local, without a scheme or a port")
            }
            E::Json(e) => e.fmt(f),
            E::Shape { at: Some(at), message } => write!(f, "{at}: {message}"),
            E::Shape { at: None, message } => f.write_str(message),
            E::Meaning { event, message } => write!(f, "event {event}: means: {message}"),
            E::TooManyEvents(n) => {
                write!(f, "{n} events: a story holds at most {}", rulings_engine::MAX_EVENTS)
            }
            E::NotOneLine(label) => {
                write!(f, "the {label} is one line: no line breaks, tabs or control characters")
            }
            E::NotAKey(key) => write!(f, "`{key}` is not a key of a ruling"),
            E::NoOwnValue(key) => write!(
                f,
                "you disagree with `{key}`: write your ruling for it (as in the case format: `[]`, `S`, \
                 `- {{seat: W, scope: rest-of-auction, law: \"27B2\", in_force: true}}`), or leave the item unmarked"
            ),
            E::OwnValue { key, message } => write!(f, "`{key}`: {message}"),
            E::NotOfTheKind { key, written, why } => {
                write!(f, "`{key}`: {written} is not a value of `{key}` ({why})")
            }
            E::NothingToAgreeWith(key) => write!(
                f,
                "the reference engine gives no ruling on this story, so there is nothing to agree with on \
                 `{key}`: write your own ruling for it, or leave it out"
            ),
            E::NoReason(key) => write!(
                f,
                "you rule `{key}` otherwise than the reference engine: say why, citing the clause (it goes \
                 beside the item in the case file and in cases/reference-open.yml)"
            ),
            E::NoMark => {
                f.write_str("mark at least one item of the ruling, agreed or not: the case asserts only those")
            }
            E::NoReasonForRefusal => f.write_str(
                "the reference engine cannot rule on this story: say why your ruling stands (the clause), beside \
                 at least one item; it goes in cases/reference-open.yml",
            ),
            E::NoRulingAtAll(e) => write!(f, "the engine cannot rule even on the deal before any call: {e}"),
            E::NoLaws => {
                f.write_str("name the clauses the ruling turns on (`laws`), the first one deciding the law folder")
            }
            E::NotACase(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for WorkbenchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WorkbenchError::Listen { source, .. } => Some(source),
            WorkbenchError::Runtime(e) | WorkbenchError::Serve(e) => Some(e),
            WorkbenchError::Json(e) => Some(e),
            WorkbenchError::NoRulingAtAll(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages are the ones the page showed before the errors were
    /// typed, word for word.
    #[test]
    fn each_error_says_what_the_page_showed() {
        let said = |e: WorkbenchError| e.to_string();
        assert_eq!(said(WorkbenchError::TooManyEvents(1001)), "1001 events: a story holds at most 1000");
        assert_eq!(said(WorkbenchError::NotAKey("nxt".into())), "`nxt` is not a key of a ruling");
        assert_eq!(
            said(WorkbenchError::Shape { at: Some("table.dealer".into()), message: "unknown variant `Q`".into() }),
            "table.dealer: unknown variant `Q`"
        );
        assert_eq!(said(WorkbenchError::Shape { at: None, message: "EOF".into() }), "EOF");
        assert_eq!(said(WorkbenchError::Meaning { event: 2, message: "an alias".into() }), "event 2: means: an alias");
        assert_eq!(
            said(WorkbenchError::NotOneLine("title")),
            "the title is one line: no line breaks, tabs or control characters"
        );
        assert!(said(WorkbenchError::NoOwnValue("must_pass".into())).starts_with(
            "you disagree with `must_pass`: write your ruling for it (as in the case format: `[]`, `S`, `- {seat: W,"
        ));
        let io = std::io::Error::new(std::io::ErrorKind::AddrInUse, "in use");
        assert_eq!(
            said(WorkbenchError::Listen { address: "127.0.0.1:8080".into(), source: io }),
            "cannot listen on 127.0.0.1:8080: in use"
        );
    }
}
