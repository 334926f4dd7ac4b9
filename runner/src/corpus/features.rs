//! Which protocol features a case needs, derived from what it is about,
//! so that an implementation that declares a subset is not failed on the
//! rest (docs/protocol.md: not applicable, counted apart).

use rulings_engine::protocol::needed_features;

use crate::corpus::case::Case;

/// The features a case needs: one per family of law it cites, `meanings`
/// when an event carries a `means:`, and each regulation option it sets off
/// its default ([`rulings_engine::protocol::needed_features`]).
pub fn required(case: &Case) -> Vec<&'static str> {
    needed_features(case.laws.iter().map(String::as_str), &case.events, case.regulations.as_ref())
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
        c.regulations = Some(
            rulings_engine::Regulations::default()
                .with_second_insufficient_bid(SecondInsufficientBid::AllowCorrection)
                .with_similar_hcp_below(0),
        );
        assert_eq!(required(&c), vec!["insufficient-bid", "regulation:similar", "regulation:second_insufficient_bid"]);
    }

    #[test]
    fn the_2007_law_23_needs_no_comparable_calls() {
        assert_eq!(required(&case(&["31B", "23"])), vec!["out-of-rotation"]);
        assert_eq!(required(&case(&["31A2(a)", "23C"])), vec!["out-of-rotation", "comparable-call"]);
    }
}
