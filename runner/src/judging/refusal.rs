//! Refusal checks: how a program that prevents irregularities instead of
//! ruling on them (its hello declares `refusal`, docs/protocol.md) is
//! checked on the corpus's irregular stories.
//!
//! A case that is not applicable to the program (it needs a feature the
//! hello does not declare) becomes a refusal check when its story holds an
//! irregular call ([`rulings_engine::refusal::first_irregular_call`]) of a
//! family the program does not declare: the program must answer `refused`
//! naming that call's event, in every rotation (the event's index does not
//! turn with the seats). A story whose first irregularity is no call (cards
//! shown, Law 24), or a call of a family the program declares it rules on,
//! stays not applicable.

use rulings_engine::protocol::{Hello, REFUSAL};
use rulings_engine::refusal::{first_irregular_call, FirstIrregularCall, IrregularCall};
use rulings_engine::{Edition, Request};

use crate::corpus::case::Case;
use crate::implementation::Answer;
use crate::judging::outcome::{judge_other, refusal_failure, refused_line, Outcome, Variant};

/// The family of law (a feature of the hello) that rectifies an irregular
/// call: a program declaring it rules on the call, so it does not refuse it.
/// Read off [`rulings_engine::family::FAMILIES`].
pub fn family(why: IrregularCall) -> &'static str {
    rulings_engine::family::family_of_irregular_call(why).map_or("", |f| f.feature)
}

/// The call a program declaring `refusal` must refuse in `case` run in
/// `edition`, when the case is a refusal check for it (the module's doc);
/// None when it is not. The caller has found the case not applicable
/// otherwise.
pub fn expected_refusal(case: &Case, edition: Edition, hello: &Hello) -> Option<FirstIrregularCall> {
    if !hello.editions.contains(&edition) {
        return None;
    }
    refusal_of(&case.request(edition), hello)
}

/// The call a program declaring `refusal` must refuse in `story`: its
/// first irregular call, when the program does not declare that call's
/// family; None when there is none, or the program rules on it. (For
/// differential fuzzing too: a story outside the program's features is
/// still asked of it when this is Some; see [`disagreement`].)
pub fn refusal_of(story: &Request, hello: &Hello) -> Option<FirstIrregularCall> {
    if !declares(hello, REFUSAL) {
        return None;
    }
    let first = first_irregular_call(story)?;
    (!declares(hello, family(first.why))).then_some(first)
}

/// For differential fuzzing: how a program's answer to a story it must
/// refuse ([`refusal_of`]) differs from refusing that call, in a few
/// words, or None when it refuses it (or skips the story).
pub fn disagreement(expected: &FirstIrregularCall, answer: &Answer) -> Option<String> {
    match answer {
        Answer::Refused { event, .. } if *event == expected.event => None,
        Answer::Skipped { .. } => None,
        Answer::Refused { event, .. } => Some(format!("refusal (event {event}, not {})", expected.event)),
        Answer::Ruling(_) => Some(format!("refusal (event {} stood)", expected.event)),
        Answer::Error(_) => Some("error".into()),
        Answer::NotRun(_) => Some("not-run".into()),
        Answer::Fault { kind, .. } => Some(kind.name().into()),
    }
}

fn declares(hello: &Hello, feature: &str) -> bool {
    hello.features.iter().any(|f| f == feature)
}

/// The request of a refusal check: the story as the case tells it, without
/// the regulation options (sent only to a program that declares them, and
/// no option changes which call is irregular).
pub fn request(case: &Case, edition: Edition) -> Request {
    case.request(edition).with_regulations(None)
}

/// Judge a program's answer to a refusal check of `case` run as
/// `variant`: `refused`, naming the expected event, passes; a ruling (the
/// call was let stand) or another event fails; skipped, error and faults
/// are what they always are. The lines of a failure name the seats as the
/// program saw them (turned in a rotated run), and the event it refused
/// as well as its index.
pub fn judge(case: &Case, variant: Variant, expected: &FirstIrregularCall, answer: Answer) -> Outcome {
    let turn = variant.rotation % 4;
    let want = format!(
        "refused at event {}: {} {}, {}",
        expected.event,
        expected.seat.rotate(turn),
        expected.call,
        expected.why
    );
    let got = match answer {
        Answer::Refused { event, .. } if event == expected.event => return Outcome::Passed,
        Answer::Refused { event, reason } => refused_line(&case.events, turn, event, &reason),
        Answer::Ruling(r) => format!(
            "a ruling: the call stood (the calls that stand: {})",
            r.auction.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
        ),
        other => return judge_other(other),
    };
    refusal_failure(&want, &got)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rulings_engine::Ruling;

    const AS_WRITTEN: Variant = Variant { edition: Edition::E2017, rotation: 0 };

    fn hello(features: &[&str]) -> Hello {
        Hello::new("p", "1", vec![Edition::E2017], features.iter().map(|f| f.to_string()).collect())
    }

    fn case(story: &str, laws: &[&str]) -> Case {
        let mut c = Case::for_tests(laws, vec![Edition::E2017]);
        c.events = crate::corpus::story::story_events(story).expect("a story");
        // The first to call deals.
        c.dealer = c.events.first().map_or(c.dealer, |e| e.seat);
        c
    }

    #[test]
    fn an_irregular_story_is_a_check_for_a_program_declaring_refusal_only() {
        let c = case("N 1S, E 1H, S accept", &["27A1"]);
        let first = expected_refusal(&c, Edition::E2017, &hello(&["refusal"])).expect("a check");
        assert_eq!((first.event, first.why), (1, IrregularCall::Insufficient));
        assert!(expected_refusal(&c, Edition::E2017, &hello(&[])).is_none(), "refusal not declared");
        assert!(expected_refusal(&c, Edition::E2007, &hello(&["refusal"])).is_none(), "edition not declared");
        let rules_on_it = hello(&["refusal", "insufficient-bid"]);
        assert!(expected_refusal(&c, Edition::E2017, &rules_on_it).is_none(), "it rules on that family");
        let legal = case("N 1S, E P, S P, W P", &["22A"]);
        assert!(expected_refusal(&legal, Edition::E2017, &hello(&["refusal"])).is_none());
    }

    #[test]
    fn the_refused_event_is_judged() {
        let c = case("N 1S, E 1H", &["27A1"]);
        let first = expected_refusal(&c, Edition::E2017, &hello(&["refusal"])).expect("a check");
        let refused = |event| Answer::Refused { event, reason: "no".into() };
        assert_eq!(judge(&c, AS_WRITTEN, &first, refused(1)), Outcome::Passed);
        let wrong = judge(&c, AS_WRITTEN, &first, refused(0));
        assert!(
            matches!(&wrong, Outcome::Failed { diff, .. } if diff.starts_with("differs in: refusal\n")
            && diff.contains("\n-refused at event 1: E 1H, an insufficient bid\n")
            && diff.contains("\n+refused at event 0 (N 1S): no\n")),
            "{wrong:?}"
        );
        let ruling: Ruling = rulings_engine::rule(&c.request(Edition::E2017)).expect("a ruling");
        let stood = judge(&c, AS_WRITTEN, &first, Answer::Ruling(ruling));
        assert!(matches!(&stood, Outcome::Failed { diff, .. } if diff.contains("the call stood")), "{stood:?}");
        assert_eq!(disagreement(&first, &Answer::Refused { event: 1, reason: "low".into() }), None);
        assert_eq!(
            disagreement(&first, &Answer::Refused { event: 2, reason: "no".into() }).as_deref(),
            Some("refusal (event 2, not 1)")
        );
        // Where a ruling is asked (a legal auction), a refusal fails.
        let legal = case("N 1S, E P, S P, W X", &["19A1"]);
        let refused = Answer::Refused { event: 3, reason: "no double after two passes".into() };
        let outcome = crate::judging::outcome::judge(&legal, AS_WRITTEN, refused, None);
        assert!(
            matches!(&outcome, Outcome::Failed { diff, .. } if diff.contains("\n-a ruling\n+refused at event 3 (W X): no double")),
            "{outcome:?}"
        );
        let skipped = judge(&c, AS_WRITTEN, &first, Answer::Skipped { reason: "later".into(), issue: None });
        assert_eq!(skipped, Outcome::Skipped { reason: "later".into() });
    }

    /// A refusal at the wrong event names that event, and in a rotated run
    /// both lines name the seats the program was sent (the case's seats
    /// turned), not the case's own.
    #[test]
    fn a_wrong_refusal_names_the_event_and_the_seats_the_program_saw() {
        let c = case("N 1S, E 1H, S reject, E 2H", &["27B1(a)"]);
        let first = expected_refusal(&c, Edition::E2017, &hello(&["refusal"])).expect("a check");
        let turned = Variant { edition: Edition::E2017, rotation: 1 };
        let wrong = judge(&c, turned, &first, Answer::Refused { event: 2, reason: "no".into() });
        assert!(
            matches!(&wrong, Outcome::Failed { diff, .. }
                if diff.contains("\n-refused at event 1: S 1H, an insufficient bid\n")
                && diff.contains("\n+refused at event 2 (W reject): no\n")),
            "{wrong:?}"
        );
        let beyond = judge(&c, AS_WRITTEN, &first, Answer::Refused { event: 9, reason: "no".into() });
        assert!(matches!(&beyond, Outcome::Failed { diff, .. } if diff.contains("(the story has 4 events, from 0)")));
    }

    /// A change of call (the same player again) is refused as such, of
    /// the family `change-of-call`: a program declaring `out-of-rotation`
    /// does not rule on it, so it is still a refusal check.
    #[test]
    fn a_change_of_call_is_checked_as_one() {
        let c = case("S 1C, S 1D", &["25A1"]);
        let oor = hello(&["refusal", "out-of-rotation"]);
        let first = expected_refusal(&c, Edition::E2017, &oor).expect("a check for an out-of-rotation program");
        assert_eq!((first.why, family(first.why)), (IrregularCall::ChangeOfCall, "change-of-call"));
        let wrong = judge(&c, AS_WRITTEN, &first, Answer::Refused { event: 0, reason: "no".into() });
        assert!(
            matches!(&wrong, Outcome::Failed { diff, .. } if diff.contains("-refused at event 1: S 1D, a change of call\n")),
            "{wrong:?}"
        );
        assert!(expected_refusal(&c, Edition::E2017, &hello(&["refusal", "change-of-call"])).is_none());
    }
}
