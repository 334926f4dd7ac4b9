//! Law 27: insufficient bids (with 23 for comparable calls, 26B lead restrictions, 16C withdrawn calls).
//!
//! Not built yet: every situation here answers "not yet supported", so
//! that a case needing it fails visibly rather than passing by accident.

use crate::notation::Call;
use crate::request::Event;
use crate::table::{unsupported, RuleError, Table};

/// 27: a bid that does not supersede the last bid, made in rotation.
pub(crate) fn insufficient_bid(_t: &mut Table, i: usize, e: &Event, c: Call) -> Result<(), RuleError> {
    Err(unsupported(i, "27", format!("{} makes an insufficient bid of {c}", e.seat)))
}
