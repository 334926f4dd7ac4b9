//! The JSON Lines protocol between the runner and an implementation
//! (docs/protocol.md), version 1. These are the serde types of every
//! message; the reference engine's server and the runner share them, and
//! the lists of keys each message may hold are read off these types
//! ([`keys`]), never written out again. The JSON Schemas in schemas/ are
//! checked against them by a test (runner/tests/integration/schemas.rs).

use serde::de::{self, DeserializeOwned, Visitor};
use serde::{forward_to_deserialize_any, Deserialize, Deserializer, Serialize};
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
    Ruling(RulingAnswer),
    Skipped(SkippedAnswer),
    Error(ErrorAnswer),
}

/// `{"type":"ruling"}`: the ruling on the request of `seq`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulingAnswer {
    pub seq: Value,
    pub ruling: Ruling,
}

/// `{"type":"skipped"}`: the implementation declines the request on purpose.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkippedAnswer {
    pub seq: Value,
    pub reason: String,
    /// A link to where the gap is tracked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issue: Option<String>,
}

/// `{"type":"error"}`: the implementation could not rule, and says why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorAnswer {
    pub seq: Value,
    pub message: String,
}

impl FromImplementation {
    pub fn ruling(seq: Value, ruling: Ruling) -> FromImplementation {
        FromImplementation::Ruling(RulingAnswer { seq, ruling })
    }

    pub fn error(seq: Value, message: String) -> FromImplementation {
        FromImplementation::Error(ErrorAnswer { seq, message })
    }
}

/// The keys of a struct type as serde reads them (its fields, renamed as
/// serde renames them), read off its `Deserialize`: the one list of a
/// message's or a ruling's keys. Empty for a type that is not a struct.
pub fn keys<T: DeserializeOwned>() -> &'static [&'static str] {
    /// A deserializer that only notes the fields a struct asks for.
    struct Probe<'a>(&'a mut &'static [&'static str]);

    impl<'de> Deserializer<'de> for Probe<'_> {
        type Error = de::value::Error;

        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            fields: &'static [&'static str],
            _visitor: V,
        ) -> Result<V::Value, Self::Error> {
            *self.0 = fields;
            Err(de::Error::custom("the fields are noted"))
        }

        fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("not a struct"))
        }

        forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
            unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
        }
    }

    let mut fields: &'static [&'static str] = &[];
    let _ = T::deserialize(Probe(&mut fields));
    fields
}

/// The keys of a message whose body is `T`: `type`, then `T`'s keys.
pub fn message_keys<T: DeserializeOwned>() -> Vec<&'static str> {
    std::iter::once("type").chain(keys::<T>().iter().copied()).collect()
}

/// The keys of a `rule` message: `type`, `seq`, then the request's own.
pub fn rule_keys() -> Vec<&'static str> {
    ["type", "seq"].into_iter().chain(keys::<Request>().iter().copied()).collect()
}

/// The features of the protocol's hello, one per family of irregularity.
pub const FEATURES: &[&str] = &[
    "insufficient-bid",
    "comparable-call",
    "meanings",
    "change-of-call",
    "out-of-rotation",
    "inadmissible",
    "exposed-card",
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
