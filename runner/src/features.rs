//! Which protocol features a case needs, derived from what it is about,
//! so that an implementation that declares a subset is not failed on the
//! rest (DESIGN.md, "The protocol": not applicable, counted apart).

use rulings_engine::clauses::law_number;

use crate::case::Case;

/// The features a case needs: one per family of law it cites, and
/// `meanings` when an event carries a `means:`.
pub fn required(case: &Case) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for law in &case.laws {
        let feature = match law_number(law) {
            Some(23) => Some("comparable-call"),
            Some(24) => Some("exposed-card"),
            Some(25) => Some("change-of-call"),
            Some(26 | 27) => Some("insufficient-bid"),
            Some(28..=34) => Some("out-of-rotation"),
            Some(35..=39) => Some("inadmissible"),
            _ => None,
        };
        if let Some(f) = feature {
            if !out.contains(&f) {
                out.push(f);
            }
        }
    }
    if case.events.iter().any(|e| e.findings.means.is_some()) {
        out.push("meanings");
    }
    out
}
