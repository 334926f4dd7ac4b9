//! Shrinking a story that disagrees to a smallest one that disagrees the
//! same way (the same [`Group`]), within the program's scope. Smaller is
//! fewer events first: the shrinker stops only when no single event (a
//! trailing pass included) can be removed with the disagreement kept, then
//! makes what is left plainer (calls made passes, findings dropped, bids
//! lowered, nobody vulnerable, regulation options back at their defaults)
//! where that keeps it too. A story the
//! program was to refuse shrinks to smaller stories it must refuse (the
//! group's key says so: `refusal (...)`), never to one it rules on.

use rulings_engine::notation::{Bid, Call, Vulnerability};
use rulings_engine::request::{Action, Findings};
use rulings_engine::{rule, Request, Ruling};

use crate::cancel::Cancel;
use crate::implementation::Implementation;

use super::ask::{ask, Question, Verdict};
use super::findings::Group;
use super::scope::Scope;

/// The most candidates one shrink tries: far more than a story of sixty
/// events needs to reach a fixed point (each step removes an event).
pub const BUDGET: usize = 5000;

/// Does `program` disagree on `story` as `group` says, within `scope` (or
/// on a story it must refuse)?
/// The reference's ruling on it and every key that differs, if so.
fn still(
    program: &mut dyn Implementation,
    scope: &Scope,
    group: &Group,
    story: &Request,
) -> Option<(Ruling, Vec<String>)> {
    if story.events.is_empty() {
        return None;
    }
    let reference = rule(story).ok()?;
    let hello = program.hello().clone();
    let refusal = super::asked(scope, &hello, story, &reference)?;
    // Shrinking is bounded by its budget; it is not cancelled half-way.
    let question = Question { story, reference: &reference, refusal };
    match ask(program, &[question], &Cancel::new()).pop()? {
        Verdict::Differs(g, keys) if g == *group => Some((reference, keys)),
        _ => None,
    }
}

/// Stories with one event fewer: each event removed, the last first (the
/// dealer's first call removed, the next seat deals).
fn fewer(best: &Request) -> Vec<Request> {
    let mut out = Vec::new();
    let n = best.events.len();
    for i in (0..n).rev() {
        let mut events = best.events.clone();
        events.remove(i);
        out.push(best.clone().with_events(events.clone()));
        if i == 0 && n > 1 && best.events[0].seat == best.dealer {
            let mut earlier = best.clone().with_events(events);
            earlier.dealer = best.dealer.lho();
            out.push(earlier);
        }
    }
    out
}

/// Stories as long, but plainer.
fn plainer(best: &Request) -> Vec<Request> {
    let mut out = Vec::new();
    for i in 0..best.events.len() {
        let e = &best.events[i];
        let mut with = |f: &dyn Fn(&mut rulings_engine::request::Event)| {
            let mut events = best.events.clone();
            f(&mut events[i]);
            out.push(best.clone().with_events(events));
        };
        if matches!(e.action, Action::Call(c) if c != Call::Pass) {
            with(&|e| e.action = Action::Call(Call::Pass));
        }
        if e.findings != Findings::default() {
            with(&|e| e.findings = Findings::default());
        }
        if let Action::Call(Call::Bid(b)) = e.action {
            if b.level > 1 {
                with(&|e| e.action = Action::Call(Call::Bid(Bid::new(b.level - 1, b.strain))));
            }
        }
    }
    if best.vulnerable != Vulnerability::None {
        out.push(best.clone().with_vulnerable(Vulnerability::None));
    }
    // Each regulation option back at its default.
    if let Some(r) = best.regulations {
        for feature in r.features() {
            let plainer = r.with_default(feature);
            out.push(best.clone().with_regulations((!plainer.is_default()).then_some(plainer)));
        }
    }
    out
}

/// Shrink `story`, on which `program` disagrees as `group` says. None when
/// it does not disagree so when asked again (a program that answers the
/// same story differently from one time to the next).
pub fn shrink(
    program: &mut dyn Implementation,
    scope: &Scope,
    group: &Group,
    story: Request,
) -> Option<(Request, Ruling, Vec<String>)> {
    let (mut reference, mut keys) = still(program, scope, group, &story)?;
    let mut best = story;
    let mut tried = 0;
    'shrinking: loop {
        // Fewer events first; plainer ones only once no event can go.
        for candidates in [fewer(&best), plainer(&best)] {
            for c in candidates {
                if tried >= BUDGET {
                    break 'shrinking;
                }
                tried += 1;
                if let Some((r, k)) = still(program, scope, group, &c) {
                    best = c;
                    reference = r;
                    keys = k;
                    continue 'shrinking;
                }
            }
        }
        break;
    }
    Some((best, reference, keys))
}
