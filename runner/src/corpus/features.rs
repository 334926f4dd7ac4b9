//! Which protocol features a case needs, derived from what it is about,
//! so that an implementation that declares a subset is not failed on the
//! rest (docs/protocol.md: not applicable, counted apart).

use rulings_engine::clauses::law_number;

use crate::corpus::case::Case;

/// The features a case needs: one per family of law it cites, and
/// `meanings` when an event carries a `means:`.
pub fn required(case: &Case) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for law in &case.laws {
        let feature = match law_number(law) {
            // 1997/2007 Law 23 (the damaging enforced pass, awareness of
            // damage) is no comparable call: only 23A-23C are.
            Some(23) if law.as_str() == "23" => None,
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
    // A regulation option off its default: the program must honour it
    // (docs/protocol.md, "Features").
    if let Some(r) = &case.regulations {
        out.extend(r.features());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(laws: &[&str]) -> Case {
        Case::for_tests(laws, vec![rulings_engine::Edition::E2007])
    }

    #[test]
    fn a_regulation_off_its_default_needs_its_feature() {
        use rulings_engine::regulations::SecondInsufficientBid;
        let mut c = case(&["27B4"]);
        assert_eq!(required(&c), vec!["insufficient-bid"]);
        c.regulations = Some(rulings_engine::Regulations {
            second_insufficient_bid: SecondInsufficientBid::AllowCorrection,
            similar_hcp_below: 0,
            ..Default::default()
        });
        assert_eq!(required(&c), vec!["insufficient-bid", "regulation:similar", "regulation:second_insufficient_bid"]);
    }

    #[test]
    fn the_2007_law_23_needs_no_comparable_calls() {
        assert_eq!(required(&case(&["31B", "23"])), vec!["out-of-rotation"]);
        assert_eq!(required(&case(&["31A2(a)", "23C"])), vec!["out-of-rotation", "comparable-call"]);
    }
}
