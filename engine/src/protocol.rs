//! The JSON Lines protocol between the runner and an implementation
//! (docs/protocol.md), version 1. These are the serde types of
//! every message; the reference engine's server and the runner share them.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::request::{Edition, Request};
use crate::ruling::Ruling;

/// The protocol version this crate speaks.
pub const PROTOCOL: u32 = 1;

/// An implementation's introduction: who it is and what it rules on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hello {
    pub protocol: u32,
    pub name: String,
    pub version: String,
    pub editions: Vec<Edition>,
    pub features: Vec<String>,
}

/// A message from the runner to the implementation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ToImplementation {
    Hello {
        protocol: u32,
    },
    Rule {
        /// Opaque; echoed in the answer.
        seq: Value,
        #[serde(flatten)]
        request: Request,
    },
    Bye,
}

/// A message from the implementation to the runner.
// A ruling is moved once per case; boxing it would buy nothing measurable.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum FromImplementation {
    Hello(Hello),
    Ruling {
        seq: Value,
        ruling: Ruling,
    },
    Skipped {
        seq: Value,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        issue: Option<String>,
    },
    Error {
        seq: Value,
        message: String,
    },
}

/// The features of the protocol's hello: one per family of irregularity,
/// then one per regulation option ([`crate::regulations::FEATURES`]), which
/// a case needs only when it sets that option off its default.
pub const FEATURES: &[&str] = &[
    "insufficient-bid",
    "comparable-call",
    "meanings",
    "change-of-call",
    "out-of-rotation",
    "inadmissible",
    "exposed-card",
    "regulation:similar",
    "regulation:comparable_reading",
    "regulation:second_insufficient_bid",
    "regulation:accepted_second_insufficient_bid",
    "regulation:insufficient_bid_out_of_rotation",
    "regulation:law_28b_after_acceptance",
    "regulation:law_26_after_30a",
];

/// The reference engine's own hello.
pub fn engine_hello() -> Hello {
    Hello {
        protocol: PROTOCOL,
        name: crate::NAME.to_string(),
        version: crate::VERSION.to_string(),
        // Laws 23, 25, 26 and 27 rule in every edition (editions.rs); a
        // situation an edition does not cover answers `not yet supported`.
        editions: Edition::ALL.to_vec(),
        features: FEATURES.iter().map(|s| s.to_string()).collect(),
    }
}
