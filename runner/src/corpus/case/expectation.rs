//! The part of the ruling a case expects, its keys read off the ruling's
//! type, and its calls and cards made canonical.

use std::collections::BTreeMap;
use std::fmt;

use rulings_engine::protocol::keys;
use rulings_engine::Ruling;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// The part of the ruling a case expects: any of the ruling's keys (the
/// fields of [`Ruling`], read off the type: no second list), each with
/// its expected value. Only the keys named are compared; a key written
/// with the value `null` is present (it expects null).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Expectation(BTreeMap<&'static str, Value>);

/// The Laws' spelling of a key, read as the ruling's.
pub const ALIASES: &[(&str, &str)] = &[("unauthorised_information", "unauthorized_information")];

impl<'de> Deserialize<'de> for Expectation {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Expectation, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Expectation;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map of expected keys (status, next, auction, rulings...)")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Expectation, A::Error> {
                let keys = keys::<Ruling>();
                let mut out = BTreeMap::new();
                while let Some(key) = map.next_key::<String>()? {
                    let spelt = ALIASES.iter().find(|(alias, _)| *alias == key).map_or(key.as_str(), |(_, k)| *k);
                    let Some(known) = keys.iter().find(|k| **k == spelt) else {
                        return Err(serde::de::Error::unknown_field(&key, keys));
                    };
                    if out.contains_key(known) {
                        return Err(serde::de::Error::duplicate_field(known));
                    }
                    out.insert(*known, map.next_value::<Value>()?);
                }
                Ok(Expectation(out))
            }
        }
        d.deserialize_map(V)
    }
}

impl Expectation {
    /// The value expected of `key`, if the case names it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(key)
    }

    /// The value expected of `key`, to canonicalize it.
    fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.0.get_mut(key)
    }

    /// The expected part as one map, keys in the ruling's order.
    pub fn to_value(&self) -> Value {
        let mut m = serde_json::Map::new();
        for k in keys::<Ruling>() {
            if let Some(v) = self.0.get(k) {
                m.insert(k.to_string(), v.clone());
            }
        }
        Value::Object(m)
    }

    /// `text` (a diff, a message) with the keys spelt as `case_text`, the
    /// case file, spells them: `unauthorised_information` where the case
    /// writes it so.
    pub fn in_the_case_s_spelling(text: &str, case_text_uses_british: bool) -> String {
        if case_text_uses_british {
            text.replace("unauthorized_information", "unauthorised_information")
        } else {
            text.to_string()
        }
    }

    pub fn is_empty(&self) -> bool {
        self.to_value().as_object().is_none_or(|m| m.is_empty())
    }
}

/// A ruling as the value an expectation is compared with, and as a case
/// file writes it (`rulings new`, `rulings import`).
pub fn ruling_value(r: &Ruling) -> Value {
    serde_json::to_value(r).unwrap_or(Value::Null)
}

/// A call or card of an expectation that is not notation the engine reads:
/// where it stands in `expect` and the engine's reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpectNotation {
    /// The place in `expect` (`auction`, `rulings[].call`...).
    pub at: &'static str,
    pub error: rulings_engine::NotationError,
}

impl std::fmt::Display for ExpectNotation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "in expect, {}: {}", self.at, self.error)
    }
}

impl std::error::Error for ExpectNotation {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Calls in an expectation may be written with the input aliases (`Pass`,
/// `1N`); compare them in canonical form.
pub(super) fn canonicalize_calls(expect: &mut Expectation) -> Result<(), ExpectNotation> {
    fn canon(v: &mut Value, at: &'static str) -> Result<(), ExpectNotation> {
        if let Value::String(s) = v {
            let c: rulings_engine::Call = s.parse().map_err(|error| ExpectNotation { at, error })?;
            *s = c.to_string();
        }
        Ok(())
    }
    if let Some(Value::Array(calls)) = expect.get_mut("auction") {
        for c in calls {
            canon(c, "auction")?;
        }
    }
    fn canon_card(v: &mut Value, at: &'static str) -> Result<(), ExpectNotation> {
        if let Value::String(s) = v {
            let c: rulings_engine::card::Card = s.parse().map_err(|error| ExpectNotation { at, error })?;
            *s = c.to_string();
        }
        Ok(())
    }
    if let Some(Value::Array(rs)) = expect.get_mut("rulings") {
        for r in rs {
            if let Some(c) = r.get_mut("call") {
                canon(c, "rulings[].call")?;
            }
            if let Some(Value::Array(cards)) = r.get_mut("cards") {
                for c in cards {
                    canon_card(c, "rulings[].cards")?;
                }
            }
        }
    }
    if let Some(Value::Array(rs)) = expect.get_mut("call_restrictions") {
        for r in rs {
            if let Some(Value::Array(calls)) = r.get_mut("may_not") {
                for c in calls {
                    canon(c, "call_restrictions[].may_not")?;
                }
            }
        }
    }
    if let Some(Value::Array(ps)) = expect.get_mut("penalty_cards") {
        for p in ps {
            if let Some(c) = p.get_mut("card") {
                canon_card(c, "penalty_cards[].card")?;
            }
        }
    }
    if let Some(Value::Array(us)) = expect.get_mut("unauthorized_information") {
        for u in us {
            if let Some(c) = u.get_mut("from").and_then(|f| f.get_mut("call")) {
                canon(c, "unauthorized_information[].from.call")?;
            }
        }
    }
    if let Some(c) = expect.get_mut("contract").and_then(|c| c.get_mut("bid")) {
        canon(c, "contract.bid")?;
    }
    Ok(())
}
