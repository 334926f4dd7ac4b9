//! The keys of a serde type, read off its `Deserialize`: how the engine and
//! the runner know which keys a message, a ruling or a case may hold
//! without writing the list a second time.

use serde::de::{self, DeserializeOwned, Visitor};
use serde::{forward_to_deserialize_any, Deserializer};

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
