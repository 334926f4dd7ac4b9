//! Rulings reference engine: how a tournament director rectifies
//! irregularities in the auction period of duplicate bridge.
//!
//! The engine knows nothing of YAML files, processes or reports. Its input
//! is a [`Request`] (a table story) and its output a [`Ruling`] (the state
//! of the table after the last event), both serde types shared with the
//! protocol.

#![warn(missing_docs)]

pub mod auction;
pub mod card;
pub mod clauses;
mod director;
mod editions;
mod error;
pub mod family;
mod inadmissible;
mod keys;
mod law21;
mod law23;
mod law24;
mod law25;
mod law27;
mod listed;
pub mod meanings;
pub mod notation;
mod out_of_rotation;
pub mod protocol;
pub mod refusal;
pub mod regulations;
pub mod request;
pub mod ruling;
pub mod server;
mod step;
pub mod story;
mod table;
mod wrong_board;

pub use director::{rule, rule_each};
pub use editions::Edition;
pub use error::{panic_message, RuleError};
pub use notation::{Bid, Call, NotationError, Seat, Side, Strain, Vulnerability};
pub use request::{Action, Event, Findings, Regulations, Request, MAX_EVENTS};
pub use ruling::Ruling;

/// The Law 23 comparability check, for the engine's own benchmark
/// (`benches/law23.rs`) only: not part of the API, and it may change or go
/// without notice. A hidden module rather than a public `law23`, because a
/// bench is an outside crate and can reach nothing else, while an embedder
/// has no use for the check apart from a ruling ([`rule`] applies it).
#[doc(hidden)]
pub mod __bench {
    pub use crate::law23::comparable;
}

/// The engine's name, as its protocol hello gives it.
pub const NAME: &str = "rulings-engine";
/// The engine's version (the crate's), as its protocol hello gives it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What a program that embeds the engine cannot write, so that what the
/// project adds (an option, a field, a variant) cannot break it: each block
/// must fail to compile (`compile_fail` doc tests, run by `cargo test
/// --doc`). Were one of these types opened up again, its block would
/// compile and the test fail. engine/tests/integration/embedder.rs writes
/// what such a program writes instead.
///
/// A struct literal of the regulations (a new option would break it):
///
/// ```compile_fail,E0639
/// let r = rulings_engine::Regulations { similar_hcp_below: 0, ..Default::default() };
/// ```
///
/// A struct literal of a request (a new field would break it):
///
/// ```compile_fail,E0639
/// use rulings_engine::{Edition, Request, Seat};
/// let template = Request::new(Edition::E2017, Seat::N, Vec::new());
/// let r = Request { dealer: Seat::E, ..template };
/// ```
///
/// A struct literal of the findings (a new finding would break it):
///
/// ```compile_fail,E0639
/// let f = rulings_engine::Findings { comparable: Some(true), ..Default::default() };
/// ```
///
/// A ruling taken apart without `..` (a new key of the ruling would break it):
///
/// ```compile_fail,E0638
/// let rulings_engine::ruling::MustPass { seat, scope, law, in_force } =
///     serde_json::from_str(r#"{"seat": "W", "scope": "rest-of-auction", "law": "27B2", "in_force": true}"#).unwrap();
/// ```
///
/// A struct literal of a hello (a later protocol may say more in it):
///
/// ```compile_fail,E0639
/// let hello = rulings_engine::protocol::Hello {
///     protocol: 1,
///     name: "mine".into(),
///     version: "1".into(),
///     editions: Vec::new(),
///     features: Vec::new(),
/// };
/// ```
///
/// A list's length in its type (a new edition would change the type):
///
/// ```compile_fail,E0308
/// let editions: [rulings_engine::Edition; 3] = rulings_engine::Edition::ALL;
/// ```
#[cfg(doctest)]
pub struct EmbedderCannotWrite;

// README.md's example, compiled and run as a doc test (`cargo test --doc`),
// so that the first code an embedder copies stays right.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
