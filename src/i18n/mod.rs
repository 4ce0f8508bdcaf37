//! Everything deckhand itself says, in English, German and French. Game terms come from
//! the rules files (`rules::Names`); all other text comes from the message catalogs in
//! `i18n/<lang>/<area>.toml`, embedded in the binary. A plain catalog in TOML rather than a
//! localisation framework: three languages, a few hundred messages, placeholders and
//! one/other plurals are all we need, and it keeps translators in a format they can read.
//!
//! Use the `t!` macro: `t!(lang, "<area>.<key>", n = 3, total = 12)`. Tests make sure every
//! key exists in every language with the same placeholders, and that every key is used.

use std::collections::HashMap;
use std::fmt::Display;
use std::sync::OnceLock;

/// The languages deckhand speaks.
pub const LANGS: [&str; 3] = ["en", "de", "fr"];

/// The catalogs: (language, area, TOML text).
pub const CATALOGS: &[(&str, &str, &str)] = &[
    ("en", "engine", include_str!("../../i18n/en/engine.toml")),
    ("en", "cli", include_str!("../../i18n/en/cli.toml")),
    ("en", "games", include_str!("../../i18n/en/games.toml")),
    ("en", "rules", include_str!("../../i18n/en/rules.toml")),
    ("de", "engine", include_str!("../../i18n/de/engine.toml")),
    ("de", "cli", include_str!("../../i18n/de/cli.toml")),
    ("de", "games", include_str!("../../i18n/de/games.toml")),
    ("de", "rules", include_str!("../../i18n/de/rules.toml")),
    ("fr", "engine", include_str!("../../i18n/fr/engine.toml")),
    ("fr", "cli", include_str!("../../i18n/fr/cli.toml")),
    ("fr", "games", include_str!("../../i18n/fr/games.toml")),
    ("fr", "rules", include_str!("../../i18n/fr/rules.toml")),
];

/// One message: a text, or plural forms chosen by the argument `n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    Text(String),
    Plural { one: String, other: String },
}

type Catalog = HashMap<String, Message>;

fn load(lang: &str) -> Catalog {
    let mut out = Catalog::new();
    for (l, area, text) in CATALOGS.iter().filter(|(l, _, _)| *l == lang) {
        let table: toml::Table = toml::from_str(text).unwrap_or_else(|e| panic!("catalog i18n/{l}/{area}.toml: {e}"));
        flatten("", &toml::Value::Table(table), &mut out);
    }
    out
}

fn flatten(prefix: &str, value: &toml::Value, out: &mut Catalog) {
    match value {
        toml::Value::String(s) => {
            out.insert(prefix.to_string(), Message::Text(s.clone()));
        }
        toml::Value::Table(t) if t.contains_key("one") && t.contains_key("other") => {
            let get = |k: &str| t.get(k).and_then(|v| v.as_str()).unwrap_or_default().to_string();
            out.insert(prefix.to_string(), Message::Plural { one: get("one"), other: get("other") });
        }
        toml::Value::Table(t) => {
            for (k, v) in t {
                let key = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                flatten(&key, v, out);
            }
        }
        _ => {}
    }
}

/// The catalog of a language (English for anything else).
pub fn catalog(lang: &str) -> &'static Catalog {
    static CATS: OnceLock<[Catalog; 3]> = OnceLock::new();
    let cats = CATS.get_or_init(|| [load("en"), load("de"), load("fr")]);
    match lang {
        "de" => &cats[1],
        "fr" => &cats[2],
        _ => &cats[0],
    }
}

/// Is `n` singular in this language? (French counts 0 as singular too.)
fn singular(lang: &str, n: i64) -> bool {
    match lang {
        "fr" => n == 0 || n == 1,
        _ => n == 1,
    }
}

/// The message `key` in `lang` with its placeholders filled; falls back to English, then
/// to the key itself (a test makes sure neither happens).
pub fn tr(lang: &str, key: &str, args: &[(&str, &dyn Display)]) -> String {
    let message = catalog(lang).get(key).or_else(|| catalog("en").get(key));
    let template = match message {
        None => return key.to_string(),
        Some(Message::Text(t)) => t.as_str(),
        Some(Message::Plural { one, other }) => {
            let n =
                args.iter().find(|(k, _)| *k == "n").and_then(|(_, v)| v.to_string().parse::<i64>().ok()).unwrap_or(0);
            if singular(lang, n) {
                one.as_str()
            } else {
                other.as_str()
            }
        }
    };
    fill(template, args)
}

fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match args.iter().find(|(k, _)| *k == name) {
                    Some((_, v)) => out.push_str(&v.to_string()),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The placeholders of a template (`{name}`), for the catalog tests.
pub fn placeholders(template: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        out.push(after[..close].to_string());
        rest = &after[close + 1..];
    }
    out.sort();
    out.dedup();
    out
}

/// The language from the environment: `LC_ALL`, `LC_MESSAGES`, `LANG` (the first that is
/// set and not empty), e.g. `de_DE.UTF-8` → `de`; English otherwise.
pub fn from_env() -> &'static str {
    for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        if let Some(v) = std::env::var_os(var).filter(|v| !v.is_empty()) {
            let v = v.to_string_lossy().to_lowercase();
            return LANGS.iter().find(|l| v.starts_with(*l)).copied().unwrap_or("en");
        }
    }
    "en"
}

/// `t!(lang, "area.key", name = value, …)`: a message in the chosen language.
#[macro_export]
macro_rules! t {
    ($lang:expr, $key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::tr($lang, $key, &[$((stringify!($name), &$value as &dyn ::std::fmt::Display)),*])
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_and_plurals_follow_the_language() {
        assert_eq!(fill("{a} and {b}, {c}", &[("a", &1), ("b", &"x")]), "1 and x, {c}");
        let plural = |lang: &str, n: i64| {
            let m = Message::Plural { one: "one {n}".into(), other: "other {n}".into() };
            match m {
                Message::Plural { one, other } => fill(if singular(lang, n) { &one } else { &other }, &[("n", &n)]),
                Message::Text(t) => t,
            }
        };
        assert_eq!(plural("en", 1), "one 1");
        assert_eq!(plural("en", 0), "other 0");
        assert_eq!(plural("fr", 0), "one 0");
        assert_eq!(plural("de", 2), "other 2");
    }

    #[test]
    fn a_section_name_in_each_language_reads_in_its_own_word_order() {
        assert_eq!(t!("en", "engine.column", type = "cod"), "cod column");
        assert_eq!(t!("de", "engine.column", type = "Kabeljau"), "Spalte Kabeljau");
        assert_eq!(t!("fr", "engine.licenses", type = "morue"), "permis morue");
    }
}
