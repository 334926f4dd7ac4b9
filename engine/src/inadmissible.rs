//! Laws 35 to 39: inadmissible calls.
//!
//! Not built yet: every situation here answers "not yet supported", so
//! that a case needing it fails visibly rather than passing by accident.

use crate::notation::Call;
use crate::request::Event;
use crate::table::{unsupported, RuleError, Table};

/// 36: a double or redouble that Law 19 does not permit.
pub(crate) fn inadmissible_double(_t: &mut Table, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
    Err(unsupported(i, "36", format!("{} makes an inadmissible {c}", e.seat)))
}

/// 37: a bid, double or redouble by a player required to pass.
pub(crate) fn call_when_required_to_pass(_t: &mut Table, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
    Err(unsupported(i, "37", format!("{} calls {c} while required to pass", e.seat)))
}

/// 38: a bid of more than seven.
pub(crate) fn bid_above_seven(_t: &mut Table, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
    Err(unsupported(i, "38", format!("{} bids {c}, more than seven", e.seat)))
}

/// 39: a call after the final pass.
pub(crate) fn call_after_final_pass(_t: &mut Table, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
    Err(unsupported(i, "39", format!("{} calls {c} after the final pass", e.seat)))
}
