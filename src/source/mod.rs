//! Source files and diagnostics pointing into them. A `Diagnostic` is a value (a message,
//! a byte range, a help): the text layer (`text::diag`) puts it into words as
//! `file:line:column`, the line and a caret, in the reader's language.

pub mod de;
pub mod read;
pub mod spanned;

pub use read::ReadError;

use std::ops::Range;

use crate::message::{Arg, Message};

/// The most diagnostics shown for one file; the rest are counted.
pub(crate) const MAX_SHOWN: usize = 50;

/// A text file deckhand read, kept so that diagnostics can quote it.
#[derive(Debug, Clone)]
pub struct Source {
    /// What to call the file in messages.
    pub name: SourceName,
    /// The whole text, without a byte-order mark; spans are byte ranges into it.
    pub text: String,
}

/// A file that does not read as what it should be (a rules file, a sheet): every problem
/// found, each pointing into it. The text layer renders the diagnostics and a summary line
/// ("3 errors in sheet.toml").
#[derive(Debug, Clone)]
pub struct Diagnosed {
    /// The file, for the diagnostics' line and column.
    pub file: Box<Source>,
    /// Every problem found, in file order; never empty.
    pub diagnostics: Vec<Diagnostic>,
}

impl Diagnosed {
    /// The problems of `file`.
    pub fn new(file: &Source, diagnostics: Vec<Diagnostic>) -> Diagnosed {
        Diagnosed { file: Box::new(file.clone()), diagnostics }
    }
}

/// What a source is called in messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceName {
    /// A path as given, or any name shown as it is.
    File(String),
    /// A rules file built into deckhand (`rules/<id>.toml`), named in the reader's language.
    BuiltIn(String),
}

impl From<&SourceName> for Arg {
    fn from(name: &SourceName) -> Arg {
        match name {
            SourceName::File(path) => Arg::Text(path.clone()),
            SourceName::BuiltIn(id) => Arg::from(crate::msg!("rules.built_in_name", id = id)),
        }
    }
}

/// The value of `key = "value"` in `[table]` (`""`: the top level, before any header) when
/// it is written plainly on a line of its own and the value is an id (letters, digits,
/// `-`, `_`). None when it is not there or the scan is unsure (a multi-line string, any
/// other spelling): the caller then parses the whole file, which is what this saves at
/// every start.
pub(crate) fn scan_plain_id(text: &str, table: &str, key: &str) -> Option<String> {
    let mut inside = table.is_empty();
    for line in text.lines() {
        let line = line.trim();
        if line.contains("\"\"\"") || line.contains("'''") {
            return None;
        }
        if line.starts_with('[') {
            inside = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) == Some(table);
            continue;
        }
        if !inside {
            continue;
        }
        let Some(rest) = line.strip_prefix(key) else { continue };
        let Some(value) = rest.trim_start().strip_prefix('=') else { continue };
        let value = value.split('#').next()?.trim();
        let inner = value.strip_prefix('"')?.strip_suffix('"')?;
        return inner.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-').then(|| inner.to_string());
    }
    None
}

/// One problem found in a source file. `span` is a byte range into the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// What is wrong.
    pub message: Message,
    /// Where in the text, as a byte range; None for the file as a whole.
    pub span: Option<Range<usize>>,
    /// How to fix it, shown after the message.
    pub help: Option<Message>,
}

impl Diagnostic {
    /// A problem at `span`, without a help.
    pub fn new(message: Message, span: Option<Range<usize>>) -> Self {
        Diagnostic { message, span, help: None }
    }

    /// The diagnostic with a help saying how to fix it.
    pub fn help(mut self, help: Message) -> Self {
        self.help = Some(help);
        self
    }
}

impl Source {
    /// A file (or anything named as it is) and its text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        Source { name: SourceName::File(name.into()), text: text.into() }
    }

    /// A rules file built into deckhand, by its game id.
    pub fn built_in(id: &str, text: impl Into<String>) -> Self {
        Source { name: SourceName::BuiltIn(id.to_string()), text: text.into() }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() + 1;
        (line, col)
    }
}

/// Several ids (or words) as one argument: `` `a`, `b` `` joined by `or` in the message's
/// language (`` `a` or `b` ``, `` `a` oder `b` ``).
pub(crate) fn either(items: &[&str], or: Message) -> Arg {
    let mut parts = Vec::with_capacity(items.len() * 2);
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            parts.push(Arg::from(or.clone()));
        }
        parts.push(Arg::Text(format!("`{item}`")));
    }
    Arg::List { items: parts, separator: "" }
}

pub(crate) fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// Read a file for deckhand: a regular file of at most 16 MiB, UTF-8 (a clear message with
/// line and column otherwise), without a byte-order mark (`read::read_text`).
pub fn read_source(path: &std::path::Path) -> Result<Source, read::ReadError> {
    read::read_text(path)
}

/// Where the value of `key` is in `[table]` (`None`: the top level) of a TOML text, for
/// pointing at it in a message; None when it is not there or the text is not TOML.
pub fn value_span(text: &str, table: Option<&str>, key: &str) -> Option<Range<usize>> {
    let doc = toml::de::DeTable::parse(text).ok()?;
    let doc = doc.get_ref();
    let within = match table {
        Some(t) => doc.get(t)?.get_ref().as_table()?,
        None => doc,
    };
    within.get(key).map(|v| v.span())
}

/// Every whole number written in a TOML text outside `min..=max`: its span and how it is
/// written. Nothing when the text is not TOML (the typed parse reports that).
pub(crate) fn integers_outside(text: &str, min: i128, max: i128) -> Vec<(Range<usize>, String)> {
    fn walk(value: &toml::Spanned<toml::de::DeValue<'_>>, min: i128, max: i128, out: &mut Vec<(Range<usize>, String)>) {
        match value.get_ref() {
            toml::de::DeValue::Integer(i) => {
                let n = i128::from_str_radix(i.as_str(), i.radix()).unwrap_or(i128::MAX);
                if n < min || n > max {
                    out.push((value.span(), i.as_str().to_string()));
                }
            }
            toml::de::DeValue::Array(items) => items.iter().for_each(|v| walk(v, min, max, out)),
            toml::de::DeValue::Table(table) => table.values().for_each(|v| walk(v, min, max, out)),
            _ => {}
        }
    }
    let Ok(table) = toml::de::DeTable::parse(text) else { return Vec::new() };
    let mut out = Vec::new();
    for value in table.get_ref().values() {
        walk(value, min, max, &mut out);
    }
    out.sort_by_key(|(span, _)| span.start);
    out
}

/// The allowed word or key closest to a mistyped one, if one is close and no other is as
/// close (`strategy` between `strategy1` and `strategy2` names neither); none for a long one
/// (the edit distance is quadratic, and no key is that long).
pub fn closest<'a>(typed: &str, allowed: &[&'a str]) -> Option<&'a str> {
    if typed.len() > 64 {
        return None;
    }
    let typed_lower = typed.to_lowercase();
    let mut near: Vec<(usize, &str)> = allowed
        .iter()
        .filter(|a| similar(a, typed))
        .map(|a| (edit_distance(&a.to_lowercase(), &typed_lower), *a))
        .collect();
    near.sort_by_key(|(d, _)| *d);
    match near[..] {
        [(d, _), (e, _), ..] if d == e => None,
        [(_, a), ..] => Some(a),
        [] => None,
    }
}

/// A refusal of a word the user typed, with the word of `known` meant when one is
/// `closest` (`… — did you mean `masts`?`).
pub fn with_meant(said: crate::message::Message, typed: &str, known: &[&str]) -> crate::message::Message {
    match closest(typed.trim(), known) {
        Some(near) => crate::msg!("cli.error.meant", said = said, word = near),
        None => said,
    }
}

/// Close enough to suggest: equal without `_`, a prefix, or at most 2 edits apart.
pub(crate) fn similar(a: &str, b: &str) -> bool {
    let norm = |s: &str| s.replace('_', "").to_lowercase();
    let (a, b) = (norm(a), norm(b));
    a == b || (b.len() >= 3 && a.starts_with(&b)) || edit_distance(&a, &b) <= 2
}

/// Levenshtein distance in characters.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            cur.push((prev[j] + usize::from(ca != *cb)).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_id_is_found_without_parsing_and_anything_unsure_is_left_to_the_parser() {
        let sheet = "# Ann\ngame = \"fleet-dice\"  # the game\nplayer = \"Ann\"\n[columns]\ngame = \"x\"\n";
        assert_eq!(scan_plain_id(sheet, "", "game"), Some("fleet-dice".into()));
        assert_eq!(scan_plain_id("[a]\ngame = \"x\"\n", "", "game"), None, "not at the top level");
        assert_eq!(scan_plain_id("[a]\ngame = \"x\"\n", "a", "game"), Some("x".into()));
        assert_eq!(scan_plain_id("games = 1\ngame = \"y\"\n", "", "game"), Some("y".into()));
        assert_eq!(scan_plain_id("game = 'x'\n", "", "game"), None, "another spelling");
        assert_eq!(scan_plain_id("game = \"a b\"\n", "", "game"), None, "not an id");
        assert_eq!(
            scan_plain_id("note = \"\"\"\ngame = \"x\"\n\"\"\"\n", "", "game"),
            None,
            "inside a multi-line string"
        );
    }

    #[test]
    fn line_and_column_are_one_based_and_count_characters() {
        let src = Source::new("f.toml", "a = 1\nnäme = 2\n");
        assert_eq!(src.line_col(0), (1, 1));
        assert_eq!(src.line_col(6), (2, 1));
        let eq = src.text.find('=').unwrap();
        assert_eq!(src.line_col(eq), (1, 3));
        let second_eq = src.text.rfind('=').unwrap();
        assert_eq!(src.line_col(second_eq), (2, 6));
    }
}
