//! Laws 28 to 34: calls out of rotation.
//!
//! Not built yet: every situation here answers "not yet supported", so
//! that a case needing it fails visibly rather than passing by accident.

use crate::notation::Call;
use crate::request::Event;
use crate::table::{unsupported, RuleError, Table};

/// 28-34: a call by a player whose turn it is not.
pub(crate) fn call_out_of_rotation(t: &mut Table, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
    let turn = t.auction.next_seat();
    Err(unsupported(i, "28-32", format!("{} calls {c} out of rotation ({turn} was to call)", e.seat)))
}
