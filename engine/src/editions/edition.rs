//! An edition of the Laws, as a case file and the protocol write it.

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::listed::every;

/// An edition of the Laws of Duplicate Bridge.
///
/// Non-exhaustive: a new edition of the Laws is added when it is
/// published; a `match` outside this crate needs a `_` arm.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Edition {
    /// The 1997 Laws of Duplicate Bridge.
    E1997,
    /// The 2007 Laws of Duplicate Bridge.
    E2007,
    /// The 2017 Laws of Duplicate Bridge, the default.
    #[default]
    E2017,
}

impl Edition {
    /// The editions the engine rules under, oldest first. A slice, not an
    /// array: a new edition lengthens it without changing its type.
    pub const ALL: &'static [Edition] = every!(Edition: E1997, E2007, E2017);

    /// The edition's year, as the protocol writes it ("2017").
    pub fn year(self) -> &'static str {
        match self {
            Edition::E1997 => "1997",
            Edition::E2007 => "2007",
            Edition::E2017 => "2017",
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.year())
    }
}

impl std::str::FromStr for Edition {
    type Err = String;
    fn from_str(s: &str) -> Result<Edition, String> {
        match s.trim() {
            "1997" => Ok(Edition::E1997),
            "2007" => Ok(Edition::E2007),
            "2017" => Ok(Edition::E2017),
            other => Err(format!("`{other}` is not an edition of the Laws (expected 1997, 2007 or 2017)")),
        }
    }
}

impl Serialize for Edition {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.year())
    }
}

impl<'de> Deserialize<'de> for Edition {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Edition;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an edition: 1997, 2007 or 2017")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Edition, E> {
                v.parse().map_err(E::custom)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Edition, E> {
                v.to_string().parse().map_err(E::custom)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Edition, E> {
                v.to_string().parse().map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::Edition;
    use serde_json::json;

    /// A case file and a request name the edition by its year, as a string
    /// or as a number, and the ruling writes it back the same way; any other
    /// year, a negative number or a value of another kind is refused with
    /// the editions the engine knows.
    #[test]
    fn an_edition_is_read_and_written_as_its_year() {
        for (edition, year) in Edition::ALL.iter().zip(["1997", "2007", "2017"]) {
            assert_eq!(edition.to_string(), year);
            assert_eq!(serde_json::from_value::<Edition>(json!(year)).expect("a year as a string"), *edition);
            let number: u64 = year.parse().expect("a year");
            assert_eq!(serde_json::from_value::<Edition>(json!(number)).expect("a year as a number"), *edition);
        }
        for wrong in [json!("2018"), json!(2018), json!(-2017)] {
            let e = serde_json::from_value::<Edition>(wrong.clone()).expect_err("no such edition");
            assert!(e.to_string().contains("expected 1997, 2007 or 2017"), "{wrong}: {e}");
        }
        let e = serde_json::from_value::<Edition>(json!(true)).expect_err("not a year");
        assert!(e.to_string().contains("an edition: 1997, 2007 or 2017"), "{e}");
    }
}
