//! Why the engine could not rule on a request.

use std::fmt;

/// Why the engine could not rule on a request.
///
/// Non-exhaustive: a `match` outside this crate needs a `_` arm;
/// [`RuleError::event`] and [`RuleError::message`] serve every kind.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleError {
    /// The story cannot happen at a table as told (an `accept` when nobody
    /// holds an option, an event after the auction period...).
    Impossible {
        /// The event (counted from 0) that cannot happen.
        event: usize,
        /// Why not, in words.
        message: String,
    },
    /// The engine does not rule on this situation yet.
    Unsupported {
        /// The event (counted from 0) at which the engine stops.
        event: usize,
        /// The law that would rule on it.
        law: String,
        /// What the engine does not rule on, in words.
        message: String,
    },
}

impl RuleError {
    /// The event (counted from 0) at which the engine stopped.
    pub fn event(&self) -> usize {
        match self {
            RuleError::Impossible { event, .. } | RuleError::Unsupported { event, .. } => *event,
        }
    }

    /// Why, in words, without the event number ([`fmt::Display`] adds it).
    pub fn message(&self) -> &str {
        match self {
            RuleError::Impossible { message, .. } | RuleError::Unsupported { message, .. } => message,
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Impossible { event, message } => write!(f, "event {}: {message}", event + 1),
            RuleError::Unsupported { event, law, message } => {
                write!(f, "event {}: not yet supported: {message} (Law {law})", event + 1)
            }
        }
    }
}

impl std::error::Error for RuleError {}

/// What a panic of the engine says, for the crash it is reported as: the
/// engine's server answers it as an error, the runner in process as a
/// crash of that case.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_string());
    format!("the engine panicked (a bug in the engine): {what}")
}

/// Event `event` (counted from 0) cannot happen at a table as told.
pub(crate) fn impossible(event: usize, message: impl Into<String>) -> RuleError {
    RuleError::Impossible { event, message: message.into() }
}

/// Event `event` (counted from 0) leads where the engine does not rule yet.
pub(crate) fn unsupported(event: usize, law: &str, message: impl Into<String>) -> RuleError {
    RuleError::Unsupported { event, law: law.to_string(), message: message.into() }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A panic's message, whether written as a literal or formatted, is
    /// kept in the error it becomes.
    #[test]
    fn a_panic_says_what_it_said() {
        let literal = std::panic::catch_unwind(|| panic!("a literal")).expect_err("panics");
        assert_eq!(panic_message(&*literal), "the engine panicked (a bug in the engine): a literal");
        let n = 7;
        let formatted = std::panic::catch_unwind(|| panic!("formatted {n}")).expect_err("panics");
        assert_eq!(panic_message(&*formatted), "the engine panicked (a bug in the engine): formatted 7");
        let other = std::panic::catch_unwind(|| std::panic::panic_any(42)).expect_err("panics");
        assert_eq!(panic_message(&*other), "the engine panicked (a bug in the engine): no message");
    }

    /// Each kind of error tells its event (counted from 0) and its words
    /// without the event number, as the runner's judge and the workbench
    /// read them; `Display` adds the event, counted from 1.
    #[test]
    fn an_error_tells_its_event_and_its_words() {
        let e = impossible(2, "nobody holds an option");
        assert_eq!((e.event(), e.message()), (2, "nobody holds an option"));
        assert_eq!(e.to_string(), "event 3: nobody holds an option");
        let e = unsupported(5, "34", "two rectifications at once");
        assert_eq!((e.event(), e.message()), (5, "two rectifications at once"));
        assert_eq!(e.to_string(), "event 6: not yet supported: two rectifications at once (Law 34)");
    }
}
