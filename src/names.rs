//! Names of game terms in the languages our users read.

use std::fmt;

use serde::de::value::MapAccessDeserializer;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

/// What a value that is neither a text nor a table of names was expected to be: a catalog
/// key that the rules reader (`source::de`) turns into its own message.
pub(crate) const TEXT_OR_NAMES: &str = "rules.schema.want.text_or_names";

/// A game term in English, German and French. English is required; a missing
/// translation falls back to English (`Names::get`, in the text layer).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Names {
    /// English; every term has it.
    pub en: String,
    /// German, if translated.
    #[serde(default)]
    pub de: Option<String>,
    /// French, if translated.
    #[serde(default)]
    pub fr: Option<String>,
}

/// A text in a rules file that players read (a card line, an input's `help`, a limit's
/// `because`, …): a table `{ en = "...", de = "...", fr = "..." }` like any other name, or
/// a plain string, which is shown as it is in every language (a user's own file).
#[derive(Debug, Clone)]
pub(crate) enum Text {
    /// A plain string, the same in every language.
    Plain(String),
    /// A table of languages.
    Names(Names),
}

// Not `#[serde(untagged)]`: that would drop the reason a table was refused (an unknown
// language key) and say only that no form matched. A string is `Plain`; a table is read as
// `Names` with its own key errors; anything else is a wrong type described by `de::TEXT_OR_NAMES`.
impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct TextVisitor;
        impl<'de> Visitor<'de> for TextVisitor {
            type Value = Text;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(TEXT_OR_NAMES)
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Text, E> {
                Ok(Text::Plain(text.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Text, A::Error> {
                Names::deserialize(MapAccessDeserializer::new(map)).map(Text::Names)
            }
        }
        d.deserialize_any(TextVisitor)
    }
}

impl Text {
    /// The text as names (a plain string is its English, with no translation).
    pub(crate) fn names(&self) -> Names {
        match self {
            Text::Plain(text) => Names { en: text.clone(), de: None, fr: None },
            Text::Names(n) => n.clone(),
        }
    }
}

/// Texts as names (a plain string reads the same in every language).
pub(crate) fn texts(lines: &[Text]) -> Vec<Names> {
    lines.iter().map(Text::names).collect()
}

/// A rules file's `[card]` of three sections, as Fischerspiel's and the five-dice game's
/// files write it (the end-game calculators' has a fourth, `setup`): lines of text.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct CardFile {
    #[serde(default)]
    pub round: Vec<Text>,
    #[serde(default)]
    pub golden_rules: Vec<Text>,
    #[serde(default)]
    pub end: Vec<Text>,
}

impl CardFile {
    /// Its lines in every language they are given in.
    pub(crate) fn lines(&self) -> CardLines {
        CardLines { round: texts(&self.round), golden_rules: texts(&self.golden_rules), end: texts(&self.end) }
    }
}

/// The lines of a rules summary card, per section; each may be empty.
#[derive(Debug, Clone, Default)]
pub struct CardLines {
    /// What happens in a turn (per variant, in Fischerspiel).
    pub round: Vec<Names>,
    /// The golden rules: the ones most often forgotten.
    pub golden_rules: Vec<Names>,
    /// How the game ends (and, in Fischerspiel, is won or lost, made harder or easier).
    pub end: Vec<Names>,
}

impl Names {
    /// The term in every language it is given in (English first).
    pub fn all(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.en.as_str()).chain(self.de.as_deref()).chain(self.fr.as_deref())
    }

    /// Whether `typed` is this term in any of its languages (`words::same_word`).
    pub fn matches(&self, typed: &str) -> bool {
        self.all().any(|w| crate::words::same_word(w, typed))
    }

    /// Whether `typed` is a word of this term in any of its languages (`Kaffee`, `waren` of
    /// "Waren kaufen").
    pub fn has_word(&self, typed: &str) -> bool {
        self.all().any(|n| n.split_whitespace().any(|w| crate::words::same_word(w, typed)))
    }
}

/// Where in `all` is the one that `typed` names: by its id, else by its whole name in any
/// language, else by a word of its name that no other's name has (`seestern` for "Seestern
/// auf ein Turmfeld"; not `kaufen`, which every action's name has). Case, accents and
/// umlauts aside.
pub fn the_one_named<T>(
    all: &[T],
    typed: &str,
    id: impl Fn(&T) -> &str,
    names: impl Fn(&T) -> &Names,
) -> Option<usize> {
    let typed = typed.trim();
    let only = |fits: &dyn Fn(&T) -> bool| match (0..all.len()).filter(|&i| fits(&all[i])).collect::<Vec<_>>()[..] {
        [one] => Some(one),
        _ => None,
    };
    (all.iter().position(|t| id(t) == typed))
        .or_else(|| only(&|t| names(t).matches(typed)))
        .or_else(|| only(&|t| names(t).has_word(typed)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(en: &str, de: &str) -> (String, Names) {
        let id = en.split_whitespace().last().unwrap_or_default().to_lowercase();
        (id, Names { en: en.into(), de: Some(de.into()), fr: None })
    }

    #[test]
    fn one_is_named_by_its_id_its_name_or_a_word_only_its_name_has() {
        let all = [
            named("Buy hulls", "Rümpfe kaufen"),
            named("Buy goods", "Waren kaufen"),
            named("Buy sails", "Segel kaufen"),
        ];
        let find = |typed: &str| the_one_named(&all, typed, |t| &t.0, |t| &t.1).map(|i| all[i].0.as_str());
        assert_eq!(find("goods"), Some("goods"), "its id");
        assert_eq!(find("Waren kaufen"), Some("goods"), "its whole name");
        assert_eq!(find("waren"), Some("goods"), "a word only it has");
        assert_eq!(find("RUEMPFE"), Some("hulls"), "case and umlauts aside");
        assert_eq!(find("kaufen"), None, "a word every name has names none");
        assert_eq!(find("boats"), None);
    }
}
