//! The languages deckhand speaks, as a type: a language is chosen once where the user's
//! words come in (`--lang`, the environment) and travels as a `Lang` from there, so a new
//! language is a compile error at every `match` that must learn it (no `match` on a
//! language has a catch-all arm). An unknown `--lang` is refused by clap, which names the
//! accepted codes (`Lang::ALL`).

use std::fmt;

/// A language deckhand speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English (also the default).
    #[default]
    En,
    /// German.
    De,
    /// French.
    Fr,
}

impl Lang {
    /// Every language, in the order they are offered (`en, de, fr`).
    pub const ALL: [Lang; 3] = [Lang::En, Lang::De, Lang::Fr];

    /// The language's code: `en`, `de`, `fr`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
        }
    }

    /// The language of a code (`en`, `de`, `fr`), exactly as written.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language a locale names (`de_DE.UTF-8` → German, `fr` → French), ignoring case.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| locale.get(..l.code().len()).is_some_and(|p| p.eq_ignore_ascii_case(l.code())))
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_names_its_language_and_nothing_else() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
            assert_eq!(lang.to_string(), lang.code());
        }
        assert_eq!(Lang::default(), Lang::En);
        assert_eq!(Lang::from_code("DE"), None);
        assert_eq!(Lang::from_code("es"), None);
        assert_eq!(Lang::from_locale("de_DE.UTF-8"), Some(Lang::De));
        assert_eq!(Lang::from_locale("FR_ch"), Some(Lang::Fr));
        assert_eq!(Lang::from_locale("C.UTF-8"), None);
    }
}
