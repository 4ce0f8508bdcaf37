//! `Spanned<T>`: a value from a TOML file with the byte range it was written at, so a
//! semantic check can point at it (`file:line:column` and a caret).
//!
//! It is filled by deckhand's own TOML deserializer (`source::de`), which recognises the
//! private struct name below and hands over the span and the value as a three-entry map
//! (the protocol `serde_spanned` uses with the `toml` crate). Any other deserializer is
//! refused: a `Spanned` only makes sense for text deckhand parsed itself, and a silent
//! fallback to an empty span would make diagnostics point at the top of the file.

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::ops::Range;

use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};

/// The struct name `source::de` recognises (no Rust type can be called this).
pub(crate) const NAME: &str = "$__deckhand_private_Spanned";
pub(crate) const START: &str = "$__deckhand_private_start";
pub(crate) const END: &str = "$__deckhand_private_end";
pub(crate) const VALUE: &str = "$__deckhand_private_value";
pub(crate) const FIELDS: &[&str] = &[START, END, VALUE];

/// A value with the byte range of its text in the file. Compared, ordered and hashed by the
/// value alone, so `BTreeMap<Spanned<String>, _>` is a map keyed by the text.
#[derive(Clone, Debug)]
pub struct Spanned<T> {
    span: Range<usize>,
    value: T,
}

impl<T> Spanned<T> {
    /// `value`, written at the byte range `span` of its file.
    pub fn new(span: Range<usize>, value: T) -> Self {
        Spanned { span, value }
    }

    /// The byte range of the value (for a key: of the key) in the file.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The value.
    pub fn get_ref(&self) -> &T {
        &self.value
    }

    /// The value, to change it in place (the span stays).
    pub fn get_mut(&mut self) -> &mut T {
        &mut self.value
    }

    /// The value, without its span.
    pub fn into_inner(self) -> T {
        self.value
    }
}

impl<T> AsRef<T> for Spanned<T> {
    fn as_ref(&self) -> &T {
        &self.value
    }
}

impl Borrow<str> for Spanned<String> {
    fn borrow(&self) -> &str {
        &self.value
    }
}

impl<T: PartialEq> PartialEq for Spanned<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<T: Eq> Eq for Spanned<T> {}

impl<T: PartialOrd> PartialOrd for Spanned<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.value.partial_cmp(&other.value)
    }
}

impl<T: Ord> Ord for Spanned<T> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.value.cmp(&other.value)
    }
}

impl<T: Hash> Hash for Spanned<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.value.hash(state);
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Spanned<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct(NAME, FIELDS, SpannedVisitor(PhantomData))
    }
}

struct SpannedVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for SpannedVisitor<T> {
    type Value = Spanned<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a value read by deckhand's TOML reader (with its position)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Spanned<T>, A::Error> {
        let (mut start, mut end, mut value) = (None, None, None);
        while let Some(key) = map.next_key::<&str>()? {
            match key {
                START => start = Some(map.next_value::<usize>()?),
                END => end = Some(map.next_value::<usize>()?),
                VALUE => value = Some(map.next_value::<T>()?),
                other => return Err(de::Error::unknown_field(other, FIELDS)),
            }
        }
        match (start, end, value) {
            (Some(start), Some(end), Some(value)) => Ok(Spanned::new(start..end, value)),
            (None, _, _) => Err(de::Error::missing_field(START)),
            (_, None, _) => Err(de::Error::missing_field(END)),
            (_, _, None) => Err(de::Error::missing_field(VALUE)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equality_order_and_lookup_ignore_the_span() {
        let a = Spanned::new(0..3, "cod".to_string());
        let b = Spanned::new(10..13, "cod".to_string());
        assert_eq!(a, b);
        assert_eq!(a.cmp(&Spanned::new(0..1, "coin".into())), Ordering::Less);
        let map: std::collections::BTreeMap<Spanned<String>, u32> = [(a, 1)].into_iter().collect();
        assert_eq!(map.get("cod"), Some(&1));
        assert_eq!(b.span(), 10..13);
        assert_eq!(b.into_inner(), "cod");
    }

    #[test]
    fn another_deserializer_is_refused_not_given_an_empty_span() {
        let err = serde_json::from_str::<Spanned<u32>>("3").unwrap_err();
        assert!(err.to_string().contains("deckhand's TOML reader"), "{err}");
    }
}
