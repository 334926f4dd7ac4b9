//! Law 25: changes of call (unintended, 25A; intended, 25B).
//!
//! Not built yet: every situation here answers "not yet supported", so
//! that a case needing it fails visibly rather than passing by accident.

use crate::notation::Call;
use crate::request::Event;
use crate::table::{unsupported, RuleError, Table};

/// 25: a player calls again over his own call.
pub(crate) fn change_of_call(_t: &mut Table, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
    Err(unsupported(i, "25", format!("{} changes his call to {c}", e.seat)))
}
