//! A request to stop, passed down from the command line to whatever loops:
//! a run stops asking the program (the runs done make the report), a fuzz
//! session stops generating. The command line cancels it on Ctrl-C (or
//! SIGTERM, SIGHUP); nothing in the library reads a global flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A cancellation token: clones share one flag.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A token not cancelled yet.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Ask everything holding a clone of this token to stop; true when it
    /// had been asked already (a second Ctrl-C).
    pub fn cancel(&self) -> bool {
        self.0.swap(true, Ordering::SeqCst)
    }

    /// Has it been asked to stop?
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// Two tokens are equal when they share one flag.
impl PartialEq for Cancel {
    fn eq(&self, other: &Cancel) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag() {
        let a = Cancel::new();
        let b = a.clone();
        assert!(!b.is_cancelled());
        assert!(!a.cancel(), "the first cancel");
        assert!(b.is_cancelled());
        assert!(b.cancel(), "the second cancel says so");
    }
}
