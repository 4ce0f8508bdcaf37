//! The serde `Deserializer` over the `toml` crate's spanned tree. Each request is checked
//! against what the file holds: a whole number in the range of the Rust type asked for,
//! text, `true`/`false`, a list, a table, a word of an enum; anything else is
//! `Kind::WrongType` with what was asked and what was found, at the value's span. Errors
//! from deeper down get the key or list entry they passed through (`Error::under`).

use std::ops::Range;

use serde::de::value::{BorrowedStrDeserializer, StringDeserializer};
use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use toml::de::{DeString, DeTable, DeValue};
use toml::Spanned as Node;

use super::{Error, Found, Kind, Seg, Want};
use crate::source::spanned;

type Result<T> = std::result::Result<T, Error>;

/// One value of the file and where it is.
pub(super) struct ValueDe<'de> {
    value: DeValue<'de>,
    span: Range<usize>,
}

impl<'de> ValueDe<'de> {
    pub(super) fn new(value: DeValue<'de>, span: Range<usize>) -> Self {
        ValueDe { value, span }
    }

    fn node(node: Node<DeValue<'de>>) -> Self {
        let span = node.span();
        ValueDe { value: node.into_inner(), span }
    }

    fn wrong(&self, want: Want) -> Error {
        Error::new(Kind::WrongType { want, found: Found::of(&self.value) }, Some(self.span.clone()))
    }

    /// The value as a whole number in `min..=max` (of the type asked for).
    fn whole(&self, min: i128, max: i128) -> Result<i128> {
        if let DeValue::Integer(i) = &self.value {
            if let Ok(n) = i128::from_str_radix(i.as_str(), i.radix()) {
                if (min..=max).contains(&n) {
                    return Ok(n);
                }
            }
        }
        Err(self.wrong(Want::Whole { min, max }))
    }
}

/// A TOML float as `f64`; None for one too large for it (`1e999`), as the `toml` crate.
fn float(text: &str) -> Option<f64> {
    let x: f64 = text.parse().ok()?;
    (x.is_finite() || text.contains("inf")).then_some(x)
}

macro_rules! whole {
    ($($method:ident => $visit:ident: $ty:ty),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let span = self.span.clone();
            let n = self.whole(i128::from(<$ty>::MIN), i128::from(<$ty>::MAX))?;
            // `whole` checked the range.
            visitor.$visit(n as $ty).map_err(|e: Error| e.or_at(span))
        }
    )*};
}

impl<'de> de::Deserializer<'de> for ValueDe<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let span = self.span.clone();
        match self.value {
            DeValue::String(DeString::Borrowed(s)) => visitor.visit_borrowed_str(s),
            DeValue::String(DeString::Owned(s)) => visitor.visit_string(s),
            DeValue::Integer(_) => {
                let n = self.whole(i128::from(i64::MIN), i128::from(i64::MAX))?;
                visitor.visit_i64(n as i64)
            }
            DeValue::Float(ref f) => match float(f.as_str()) {
                Some(x) => visitor.visit_f64(x),
                None => Err(self.wrong(Want::Number)),
            },
            DeValue::Boolean(b) => visitor.visit_bool(b),
            DeValue::Datetime(_) => Err(self.wrong(Want::Any)),
            DeValue::Array(items) => visitor.visit_seq(SeqDe::new(items.into_iter())),
            DeValue::Table(table) => visitor.visit_map(MapDe::new(table)),
        }
        .map_err(|e: Error| e.or_at(span))
    }

    whole! {
        deserialize_i8 => visit_i8: i8,
        deserialize_i16 => visit_i16: i16,
        deserialize_i32 => visit_i32: i32,
        deserialize_i64 => visit_i64: i64,
        deserialize_i128 => visit_i128: i128,
        deserialize_u8 => visit_u8: u8,
        deserialize_u16 => visit_u16: u16,
        deserialize_u32 => visit_u32: u32,
        deserialize_u64 => visit_u64: u64,
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let span = self.span.clone();
        let n = self.whole(0, i128::MAX)?;
        visitor.visit_u128(n as u128).map_err(|e: Error| e.or_at(span))
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_f64(visitor)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let span = self.span.clone();
        match &self.value {
            DeValue::Float(f) => match float(f.as_str()) {
                Some(x) => visitor.visit_f64(x),
                None => Err(self.wrong(Want::Number)),
            },
            DeValue::Integer(_) => match self.whole(i128::from(i64::MIN), i128::from(i64::MAX)) {
                Ok(n) => visitor.visit_i64(n as i64),
                Err(_) => Err(self.wrong(Want::Number)),
            },
            _ => Err(self.wrong(Want::Number)),
        }
        .map_err(|e: Error| e.or_at(span))
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            DeValue::Boolean(b) => visitor.visit_bool(b).map_err(|e: Error| e.or_at(self.span)),
            _ => Err(self.wrong(Want::Bool)),
        }
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let one = match &self.value {
            DeValue::String(s) => {
                let mut chars = s.chars();
                chars.next().filter(|_| chars.next().is_none())
            }
            _ => None,
        };
        match one {
            Some(c) => visitor.visit_char(c).map_err(|e: Error| e.or_at(self.span)),
            None => Err(self.wrong(Want::Char)),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            DeValue::String(DeString::Borrowed(s)) => {
                visitor.visit_borrowed_str(s).map_err(|e: Error| e.or_at(self.span))
            }
            DeValue::String(DeString::Owned(s)) => visitor.visit_string(s).map_err(|e: Error| e.or_at(self.span)),
            _ => Err(self.wrong(Want::Text)),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_any(visitor)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_any(visitor)
    }

    // A value that is written is `Some`; a key left out is `None` (serde's `default`).
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let span = self.span.clone();
        visitor.visit_some(self).map_err(|e: Error| e.or_at(span))
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_any(visitor)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        self.deserialize_any(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        let span = self.span.clone();
        visitor.visit_newtype_struct(self).map_err(|e: Error| e.or_at(span))
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            DeValue::Array(items) => {
                visitor.visit_seq(SeqDe::new(items.into_iter())).map_err(|e: Error| e.or_at(self.span))
            }
            _ => Err(self.wrong(Want::List)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            DeValue::Table(table) => visitor.visit_map(MapDe::new(table)).map_err(|e: Error| e.or_at(self.span)),
            _ => Err(self.wrong(Want::Table)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if name == spanned::NAME {
            let span = self.span.clone();
            return visitor.visit_map(SpannedDe::new(span, self));
        }
        self.deserialize_map(visitor)
    }

    /// An enum is written as one of its words (a unit variant).
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.value {
            DeValue::String(word) => visitor.visit_enum(WordDe { word, span: self.span.clone() }),
            _ => Err(self.wrong(Want::Word(variants))),
        }
        .map_err(|e: Error| e.or_at(self.span))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }
}

/// The entries of a list, each under its position.
struct SeqDe<'de> {
    items: std::vec::IntoIter<Node<DeValue<'de>>>,
    next: usize,
}

impl<'de> SeqDe<'de> {
    fn new(items: std::vec::IntoIter<Node<DeValue<'de>>>) -> Self {
        SeqDe { items, next: 0 }
    }
}

impl<'de> de::SeqAccess<'de> for SeqDe<'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let Some(item) = self.items.next() else { return Ok(None) };
        let at = self.next;
        self.next += 1;
        let span = item.span();
        seed.deserialize(ValueDe::node(item)).map(Some).map_err(|e: Error| e.or_at(span).under(Seg::Entry(at)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// The keys and values of a table; a value's errors are under its key.
struct MapDe<'de> {
    entries: <DeTable<'de> as IntoIterator>::IntoIter,
    value: Option<(Node<DeString<'de>>, Node<DeValue<'de>>)>,
}

impl<'de> MapDe<'de> {
    fn new(table: DeTable<'de>) -> Self {
        MapDe { entries: table.into_iter(), value: None }
    }
}

impl<'de> de::MapAccess<'de> for MapDe<'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some((key, value)) = self.entries.next() else { return Ok(None) };
        let span = key.span();
        let read = seed.deserialize(KeyDe { key: key.get_ref(), span: span.clone() });
        self.value = Some((key, value));
        read.map(Some).map_err(|e: Error| e.or_at(span))
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value> {
        let Some((key, value)) = self.value.take() else {
            return Err(de::Error::custom("a value was asked for before its key"));
        };
        let span = value.span();
        seed.deserialize(ValueDe::node(value))
            .map_err(|e: Error| e.or_at(span).under(Seg::Key(key.into_inner().into_owned())))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// A key of a table: text, or a `Spanned` of it (`BTreeMap<Spanned<String>, _>`).
struct KeyDe<'a, 'de> {
    key: &'a DeString<'de>,
    span: Range<usize>,
}

impl KeyDe<'_, '_> {
    fn wrong(&self, want: Want) -> Error {
        Error::new(Kind::WrongType { want, found: Found::Text }, Some(self.span.clone()))
    }

    fn whole(&self, min: i128, max: i128) -> Result<i128> {
        self.key
            .parse::<i128>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| self.wrong(Want::Whole { min, max }))
    }
}

macro_rules! whole_key {
    ($($method:ident => $visit:ident: $ty:ty),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let n = self.whole(i128::from(<$ty>::MIN), i128::from(<$ty>::MAX))?;
            visitor.$visit(n as $ty)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for KeyDe<'_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.key {
            DeString::Borrowed(s) => visitor.visit_borrowed_str(s),
            DeString::Owned(s) => visitor.visit_str(s),
        }
    }

    whole_key! {
        deserialize_i8 => visit_i8: i8,
        deserialize_i16 => visit_i16: i16,
        deserialize_i32 => visit_i32: i32,
        deserialize_i64 => visit_i64: i64,
        deserialize_u8 => visit_u8: u8,
        deserialize_u16 => visit_u16: u16,
        deserialize_u32 => visit_u32: u32,
        deserialize_u64 => visit_u64: u64,
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.key.as_ref() {
            "true" => visitor.visit_bool(true),
            "false" => visitor.visit_bool(false),
            _ => Err(self.wrong(Want::Bool)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if name == spanned::NAME {
            let span = self.span.clone();
            return visitor.visit_map(SpannedDe::new(span, self));
        }
        Err(self.wrong(Want::Table))
    }

    fn deserialize_map<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
        Err(self.wrong(Want::Table))
    }

    fn deserialize_seq<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
        Err(self.wrong(Want::List))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_enum(WordDe { word: self.key.clone(), span: self.span })
    }

    serde::forward_to_deserialize_any! {
        i128 u128 f32 f64 char str string bytes byte_buf unit unit_struct tuple tuple_struct identifier
        ignored_any
    }
}

/// A `Spanned<T>`: its start, end and value as the three entries `source::spanned` reads.
struct SpannedDe<D> {
    span: Range<usize>,
    value: Option<D>,
    step: u8,
}

impl<D> SpannedDe<D> {
    fn new(span: Range<usize>, value: D) -> Self {
        SpannedDe { span, value: Some(value), step: 0 }
    }
}

impl<'de, D: de::Deserializer<'de, Error = Error>> de::MapAccess<'de> for SpannedDe<D> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let field = match self.step {
            0 => spanned::START,
            1 => spanned::END,
            2 => spanned::VALUE,
            _ => return Ok(None),
        };
        seed.deserialize(BorrowedStrDeserializer::<Error>::new(field)).map(Some)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value> {
        self.step += 1;
        match self.step {
            1 => seed.deserialize(self.span.start.into_deserializer()),
            2 => seed.deserialize(self.span.end.into_deserializer()),
            _ => match self.value.take() {
                Some(value) => seed.deserialize(value),
                None => Err(de::Error::custom("a spanned value was asked for twice")),
            },
        }
    }
}

/// An enum written as a word: only unit variants can be.
struct WordDe<'de> {
    word: DeString<'de>,
    span: Range<usize>,
}

impl<'de> de::EnumAccess<'de> for WordDe<'de> {
    type Error = Error;
    type Variant = UnitOnly;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, UnitOnly)> {
        let span = self.span.clone();
        let variant = match self.word {
            DeString::Borrowed(s) => seed.deserialize(BorrowedStrDeserializer::<Error>::new(s)),
            DeString::Owned(s) => seed.deserialize(StringDeserializer::<Error>::new(s)),
        };
        variant.map(|v| (v, UnitOnly { span: self.span })).map_err(|e: Error| e.or_at(span))
    }
}

struct UnitOnly {
    span: Range<usize>,
}

impl UnitOnly {
    fn wrong(self, want: Want) -> Error {
        Error::new(Kind::WrongType { want, found: Found::Text }, Some(self.span))
    }
}

impl<'de> de::VariantAccess<'de> for UnitOnly {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value> {
        Err(self.wrong(Want::Table))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value> {
        Err(self.wrong(Want::List))
    }

    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], _visitor: V) -> Result<V::Value> {
        Err(self.wrong(Want::Table))
    }
}
