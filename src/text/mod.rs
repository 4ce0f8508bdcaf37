//! Everything deckhand itself says, in English, German and French. Game terms come from
//! the rules files (`games::Names`); all other text comes from the message catalogs in
//! `i18n/<lang>/<area>.toml`, embedded in the binary. A plain catalog in TOML rather than a
//! localisation framework: three languages, a few hundred messages, placeholders and
//! one/other plurals are all we need, and it keeps translators in a format they can read.
//!
//! Use the `t!` macro: `t!(lang, "<area>.<key>", n = 3, total = 12)`. Tests make sure every
//! key exists in every language with the same placeholders, and that every key is used.

pub mod advisor;
pub mod cards;
pub mod described;
pub mod diag;
pub mod endgame;
pub mod enter;
pub mod error;
pub mod fischerspiel;
pub mod fischerspiel_table;
pub mod fleet;
pub mod fleet_check;
pub mod fleet_entry;
pub mod fleet_score;
pub mod history;
pub mod lang;
pub mod nauticus;
pub mod pad;
#[cfg(feature = "paper")]
pub mod paper;
pub mod serve;
pub mod sheet_file;
pub mod table;

use std::fmt::Display;

pub use lang::Lang;

/// One message: a text, or plural forms chosen by the argument `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CatalogText {
    /// One template for every count.
    Text(&'static str),
    /// A template for a singular `n` and one for any other.
    Plural {
        /// The template when `n` is singular in the language (1; in French 0 and 1).
        one: &'static str,
        /// The template for any other `n`.
        other: &'static str,
    },
}

/// A language's messages as `build.rs` compiles them: all keys and texts in one string,
/// and per message, sorted by key, the offsets (key, one, other, end) and whether it is a
/// plural.
#[derive(Debug)]
pub(crate) struct CompiledCatalog {
    text: &'static str,
    entries: &'static [(u32, u32, u32, u32, bool)],
}

mod compiled {
    use super::CompiledCatalog;
    include!(concat!(env!("OUT_DIR"), "/catalogs.rs"));
}

/// The messages of one language, sorted by key.
#[derive(Debug, Clone, Copy)]
pub struct Catalog(&'static CompiledCatalog);

impl Catalog {
    fn key(&self, i: usize) -> &'static str {
        let (start, end, _, _, _) = self.0.entries[i];
        &self.0.text[start as usize..end as usize]
    }

    fn message(&self, i: usize) -> CatalogText {
        let (_, one, other, end, plural) = self.0.entries[i];
        let text = self.0.text;
        if plural {
            CatalogText::Plural { one: &text[one as usize..other as usize], other: &text[other as usize..end as usize] }
        } else {
            CatalogText::Text(&text[one as usize..other as usize])
        }
    }

    /// The message of `key` (`area.key`), if this language has it.
    pub fn get(&self, key: &str) -> Option<CatalogText> {
        self.find(key).map(|i| self.message(i))
    }

    fn find(&self, key: &str) -> Option<usize> {
        let (mut lo, mut hi) = (0, self.0.entries.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.key(mid).cmp(key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid),
            }
        }
        None
    }

    /// Whether this language has a message for `key`.
    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_some()
    }

    /// Every key, in sorted order.
    pub fn keys(self) -> impl Iterator<Item = &'static str> {
        (0..self.0.entries.len()).map(move |i| self.key(i))
    }

    /// Every key with its message, in key order.
    pub fn iter(self) -> impl Iterator<Item = (&'static str, CatalogText)> {
        (0..self.0.entries.len()).map(move |i| (self.key(i), self.message(i)))
    }
}

/// The catalog of a language.
pub fn catalog(lang: Lang) -> Catalog {
    Catalog(match lang {
        Lang::En => &compiled::EN,
        Lang::De => &compiled::DE,
        Lang::Fr => &compiled::FR,
    })
}

/// Is `n` singular in this language? (French counts 0 as singular too.)
fn singular(lang: Lang, n: i64) -> bool {
    match lang {
        Lang::Fr => n == 0 || n == 1,
        Lang::En | Lang::De => n == 1,
    }
}

/// The number an argument holds, if it is one.
fn count(args: &[(&str, &dyn Display)], name: &str) -> Option<i64> {
    args.iter().find(|(k, _)| *k == name).and_then(|(_, v)| v.to_string().parse::<i64>().ok())
}

/// The message `key` in `lang` with its placeholders filled; falls back to English, then
/// to the key itself (a test makes sure neither happens).
///
/// A template says a word's number in place: `{n|coin|coins}` is `coin` when the argument
/// `n` is singular in the language and `coins` otherwise, so one message can agree with
/// several counts. A `{ one, other }` table picks a whole template by the argument `n`.
pub fn tr(lang: Lang, key: &str, args: &[(&str, &dyn Display)]) -> String {
    let message = catalog(lang).get(key).or_else(|| catalog(Lang::En).get(key));
    let template = match message {
        None => return key.to_string(),
        Some(CatalogText::Text(t)) => t,
        Some(CatalogText::Plural { one, other }) => {
            if singular(lang, count(args, "n").unwrap_or(0)) {
                one
            } else {
                other
            }
        }
    };
    fill(lang, template, args)
}

fn fill(lang: Lang, template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let inside = &after[..close];
                let mut parts = inside.split('|');
                let name = parts.next().unwrap_or_default();
                match (parts.next(), parts.next(), parts.next()) {
                    // `{n|one|other}`: the word for the number `n` holds.
                    (Some(one), Some(other), None) => match count(args, name) {
                        Some(n) if singular(lang, n) => out.push_str(one),
                        Some(_) => out.push_str(other),
                        None => out.push_str(&rest[open..open + close + 2]),
                    },
                    _ => match args.iter().find(|(k, _)| *k == name) {
                        Some((_, v)) => {
                            let v = v.to_string();
                            if lang == Lang::Fr {
                                elide(&mut out, &v);
                            }
                            out.push_str(&v)
                        }
                        None => out.push_str(&rest[open..open + close + 2]),
                    },
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

/// French elision before a value that starts with a vowel: `de` and `que` become `d'` and
/// `qu'` (« au tour d'Anne », « plutôt qu'écarter »). Not before `h` (aspirated in
/// « homard », mute in « huître »: the catalogs write those themselves) nor `y`.
fn elide(out: &mut String, value: &str) {
    const VOWELS: &str = "aeiouàâäéèêëîïôöùûüAEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜ";
    if !value.chars().next().is_some_and(|c| VOWELS.contains(c)) {
        return;
    }
    for (word, elided) in [("de ", "d'"), ("que ", "qu'"), ("De ", "D'"), ("Que ", "Qu'")] {
        if let Some(before) = out.strip_suffix(word) {
            if before.chars().next_back().is_none_or(|c| !c.is_alphanumeric()) {
                out.truncate(before.len());
                out.push_str(elided);
                return;
            }
        }
    }
}

/// The placeholders of a template (`{name}`), for the catalog tests.
pub fn placeholders(template: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let inside = &after[..close];
        out.push(inside.split('|').next().unwrap_or_default().to_string());
        rest = &after[close + 1..];
    }
    out.sort();
    out.dedup();
    out
}

pub use crate::words::{fold_word, fold_word_e, label_name, same_word};

// Showing strings that came from anyone, and CSV quoting: not words, so not this layer's
// (`crate::escape`); re-exported for the renderers.
pub use crate::escape::{csv_field, escape_controls, escape_controls_in_lines};

/// The language from the environment: `LC_ALL`, `LC_MESSAGES`, `LANG` (the first that is
/// set and not empty), e.g. `de_DE.UTF-8` → German; English otherwise.
pub fn from_env() -> Lang {
    for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        if let Some(v) = std::env::var_os(var).filter(|v| !v.is_empty()) {
            return Lang::from_locale(&v.to_string_lossy()).unwrap_or_default();
        }
    }
    Lang::En
}

impl crate::message::Message {
    /// The message in a language: its catalog text with every argument put into words in
    /// the same language.
    pub fn text(&self, lang: Lang) -> String {
        let values: Vec<String> = self.args.iter().map(|(_, a)| a.text(lang)).collect();
        let args: Vec<(&str, &dyn Display)> =
            self.args.iter().zip(&values).map(|((name, _), v)| (*name, v as &dyn Display)).collect();
        tr(lang, self.key, &args)
    }
}

impl crate::message::Arg {
    /// The argument in a language.
    pub fn text(&self, lang: Lang) -> String {
        use crate::message::Arg;
        match self {
            Arg::Int(n) => n.to_string(),
            Arg::Text(t) => t.clone(),
            Arg::Term(names) => names.get(lang).to_string(),
            Arg::Msg(m) => m.text(lang),
            Arg::List { items, separator } => items.iter().map(|a| a.text(lang)).collect::<Vec<_>>().join(separator),
        }
    }
}

impl crate::games::names::Names {
    /// The term in a language; English when it has no translation.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::De => self.de.as_deref().unwrap_or(&self.en),
            Lang::Fr => self.fr.as_deref().unwrap_or(&self.en),
        }
    }
}

/// `t!(lang, "area.key", name = value, …)`: a message in the chosen language.
#[macro_export]
macro_rules! t {
    ($lang:expr, $key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::text::tr($lang, $key, &[$((stringify!($name), &$value as &dyn ::std::fmt::Display)),*])
    };
}

/// A question with the colon its answer follows (`Ones:`; French `Ones :`).
pub fn asked(prompt: &str, lang: Lang) -> String {
    t!(lang, "cli.ui.asked", prompt = prompt)
}

/// A message shown on its own as a sentence: its first letter in capitals. The engine's
/// refusals start in lower case, to read on after "line 5: " in an answers file's error;
/// on a line or a page of their own they open a sentence (`this roll has…` → `This roll
/// has…`, `dieser Wurf…` → `Dieser Wurf…`).
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `text` made of parts joined by `sep`, broken into lines of at most `width` characters
/// between parts (a part longer than that stands alone on its line): the pad's legend by
/// its ` · `, a terminal's prompt by its words.
pub fn wrap(text: &str, sep: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for part in text.split(sep) {
        match lines.last_mut() {
            Some(line) if line.chars().count() + sep.chars().count() + part.chars().count() <= width => {
                line.push_str(sep);
                line.push_str(part);
            }
            _ => lines.push(part.to_string()),
        }
    }
    lines
}

/// A line of text broken between words into rows of at most `width` characters, each row
/// after the first indented under the line's text (two more spaces when the line is itself
/// indented, as a list's item is): what a terminal prints when a line is wider than it. A
/// word longer than a row stands alone on its row.
pub fn wrap_hanging(line: &str, width: usize) -> Vec<String> {
    let text = line.trim_start();
    let lead = &line[..line.len() - text.len()];
    let hang = if lead.is_empty() { String::new() } else { format!("{lead}  ") };
    // The first row beside the lead, the rest under the hang: two folds of `wrap`.
    let first = wrap(text, " ", width.saturating_sub(lead.len()));
    let rest = first[1..].join(" ");
    let mut rows = vec![format!("{lead}{}", first[0])];
    if !rest.is_empty() {
        rows.extend(wrap(&rest, " ", width.saturating_sub(hang.len())).into_iter().map(|r| format!("{hang}{r}")));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_wider_than_the_terminal_breaks_between_words_under_its_text() {
        assert_eq!(wrap_hanging("ab cd ef", 5), ["ab cd", "ef"]);
        assert_eq!(wrap_hanging("  hint - nothing is played", 12), ["  hint -", "    nothing", "    is", "    played"]);
        assert_eq!(wrap_hanging("a verylongword b", 6), ["a", "verylongword", "b"]);
        assert_eq!(wrap_hanging("short", 80), ["short"]);
    }

    #[test]
    fn a_message_on_its_own_opens_a_sentence() {
        assert_eq!(sentence("this roll has 3 boat dice"), "This roll has 3 boat dice");
        assert_eq!(sentence("ébauche"), "Ébauche");
        assert_eq!(sentence("`x` is no face"), "`x` is no face");
        assert_eq!(sentence(""), "");
    }

    #[test]
    fn french_elides_de_and_que_before_a_vowel() {
        let fr = |t: &str, v: &str| fill(Lang::Fr, t, &[("name", &v)]);
        assert_eq!(fr("au tour de {name}", "Anne"), "au tour d'Anne");
        assert_eq!(fr("au tour de {name}", "Émile"), "au tour d'Émile");
        assert_eq!(fr("au tour de {name}", "Bruno"), "au tour de Bruno");
        assert_eq!(fr("plutôt que {name}", "écarter 3"), "plutôt qu'écarter 3");
        assert_eq!(fr("De {name} : rien", "Ann"), "D'Ann : rien");
        assert_eq!(fr("pas de {name}", "homard"), "pas de homard", "not before h");
        assert_eq!(fr("monde {name}", "Anne"), "monde Anne", "only the word de");
        assert_eq!(fill(Lang::En, "turn of de {name}", &[("name", &"Anne")]), "turn of de Anne");
    }

    #[test]
    fn placeholders_are_filled_and_plurals_follow_the_language() {
        assert_eq!(fill(Lang::En, "{a} and {b}, {c}", &[("a", &1), ("b", &"x")]), "1 and x, {c}");
        let words = |lang: Lang, n: i64, m: i64| {
            fill(lang, "{n} {n|coin|coins} and {m} {m|boat is|boats are} {x|a|b}", &[("n", &n), ("m", &m)])
        };
        assert_eq!(words(Lang::En, 1, 2), "1 coin and 2 boats are {x|a|b}");
        assert_eq!(words(Lang::En, 0, 1), "0 coins and 1 boat is {x|a|b}");
        assert_eq!(words(Lang::Fr, 0, 1), "0 coin and 1 boat is {x|a|b}");
        assert_eq!(words(Lang::De, 2, -1), "2 coins and -1 boats are {x|a|b}");
        // A whole template by `n`: the table of `games.endgame.sheet_file`.
        assert_eq!(tr(Lang::En, "games.endgame.sheet_file", &[("n", &1)]), "the sheet file");
        assert_eq!(tr(Lang::En, "games.endgame.sheet_file", &[("n", &3)]), "3 sheet files");
    }

    #[test]
    fn a_message_is_put_into_words_in_any_language_later() {
        let names = crate::games::Names { en: "cod".into(), de: Some("Kabeljau".into()), fr: Some("morue".into()) };
        let m = crate::msg!("engine.column", type = &names);
        assert_eq!(m.text(Lang::En), "cod column");
        assert_eq!(m.text(Lang::De), "Spalte Kabeljau");
        let outer = crate::msg!("engine.undone", what = crate::msg!("engine.column", type = &names), answer = "x");
        assert_eq!(
            outer.text(Lang::Fr),
            tr(Lang::Fr, "engine.undone", &[("what", &"colonne morue"), ("answer", &"x")])
        );
    }

    #[test]
    fn control_characters_are_written_out() {
        assert_eq!(escape_controls("Ann"), "Ann");
        assert_eq!(escape_controls("Ann\nMallory 495"), "Ann\\nMallory 495");
        assert_eq!(escape_controls("\u{1b}]0;pwned\u{7}x\u{9b}"), "\\u{1b}]0;pwned\\u{7}x\\u{9b}");
        assert_eq!(escape_controls_in_lines("a\tb\nc\u{1b}[2J"), "a\tb\nc\\u{1b}[2J");
    }

    #[test]
    fn a_section_name_in_each_language_reads_in_its_own_word_order() {
        assert_eq!(t!(Lang::En, "engine.column", type = "cod"), "cod column");
        assert_eq!(t!(Lang::De, "engine.column", type = "Kabeljau"), "Spalte Kabeljau");
        assert_eq!(t!(Lang::Fr, "engine.licenses", type = "morue"), "permis morue");
    }
}
