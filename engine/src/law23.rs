//! Law 23: the comparable call.
//!
//! A replacement for a withdrawn call is comparable if it has the same or a
//! similar meaning (23A1), defines a subset of the withdrawn call's possible
//! meanings (23A2), or has the same purpose (23A3). An explicit finding of
//! the director on the event overrides; with neither a finding nor both
//! meanings, the call is not comparable ("default").

use crate::meanings::Meaning;
use crate::request::Regulations;
use crate::ruling::{Basis, Comparability};

/// Decide whether `replacement` is comparable to `withdrawn` (23A).
///
/// `finding` is the director's opinion written on the event; it wins.
pub fn comparable(
    withdrawn: Option<&Meaning>,
    replacement: Option<&Meaning>,
    finding: Option<bool>,
    regulations: &Regulations,
) -> Comparability {
    if let Some(value) = finding {
        return Comparability { value, basis: Basis::Finding };
    }
    match (withdrawn, replacement) {
        (Some(w), Some(r)) => compare_meanings(w, r, regulations),
        _ => Comparability { value: false, basis: Basis::Default },
    }
}

/// 23A3, 23A2 and 23A1 on two written meanings, in that order.
fn compare_meanings(w: &Meaning, r: &Meaning, _regulations: &Regulations) -> Comparability {
    // 23A3: the same purpose.
    if let (Some(a), Some(b)) = (&w.purpose, &r.purpose) {
        if a == b {
            return Comparability { value: true, basis: Basis::SamePurpose };
        }
    }
    // The hand-set model (23A2 subset, 23A1 similar) is not built yet:
    // until it is, two meanings without a common purpose are not comparable.
    Comparability { value: false, basis: Basis::Default }
}
