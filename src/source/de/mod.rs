//! deckhand's own TOML reader: the `toml` crate parses the text into its spanned tree
//! (`DeTable`; a syntax error there is toml's), and a serde `Deserializer` of ours
//! (`value.rs`) walks that tree into our raw structs. Its `Error` is structured: an unknown
//! key with the keys allowed there, a missing key, an unknown word with the words allowed,
//! a value of the wrong type with what was asked and what was found, each with the span of
//! the key or value and the path of keys to it. `Error::diagnostic` makes it a diagnostic
//! of `rules.schema.*` messages, which the text layer says in a language. Another crate's
//! text (toml's syntax message, a `custom` message of a foreign `Deserialize`) is never
//! taken apart: it is quoted inside a translated frame.
//!
//! `Spanned<T>` (`source::spanned`) is filled by this deserializer alone.

mod value;

#[cfg(test)]
mod tests;

use std::fmt;
use std::ops::Range;

use serde::de::{Deserialize, Expected, Unexpected};
use toml::de::{DeTable, DeValue};

use super::{closest, Diagnostic};
use crate::message::{Arg, Message};
use crate::msg;

/// Read TOML text into `T`. A syntax error is the `toml` crate's (quoted in our frame);
/// every schema mistake is ours, with its span.
pub fn from_str<'de, T: Deserialize<'de>>(text: &'de str) -> Result<T, Error> {
    let root = DeTable::parse(text).map_err(Error::syntax)?;
    let span = root.span();
    T::deserialize(value::ValueDe::new(DeValue::Table(root.into_inner()), span))
}

/// Only whether the text is TOML at all (the syntax error when it is not).
pub fn check_syntax(text: &str) -> Result<(), Error> {
    DeTable::parse(text).map(|_| ()).map_err(Error::syntax)
}

/// What went wrong while reading a TOML file, where, and on which path of keys.
#[derive(Clone, PartialEq)]
pub struct Error(Box<Inner>);

#[derive(Clone, PartialEq)]
struct Inner {
    kind: Kind,
    span: Option<Range<usize>>,
    /// Keys and list entries from the value up to the top of the file (filled on the way
    /// out of the recursion, so it costs nothing while nothing is wrong).
    path_up: Vec<Seg>,
}

/// One step of the path to a value: a key of a table, or an entry (0-based) of a list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Seg {
    Key(String),
    Entry(usize),
}

/// What kind of mistake a TOML file holds.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Kind {
    /// The text is not TOML: the `toml` crate's own message.
    Syntax {
        message: String,
    },
    UnknownKey {
        key: String,
        expected: &'static [&'static str],
    },
    MissingKey {
        key: &'static str,
    },
    DuplicateKey {
        key: &'static str,
    },
    /// A word (an enum value) that is not one of `expected`.
    UnknownWord {
        word: String,
        expected: &'static [&'static str],
    },
    WrongType {
        want: Want,
        found: Found,
    },
    /// A list with the wrong number of entries.
    Length {
        len: usize,
        want: Want,
    },
    /// A `Deserialize` implementation refused the value with a text of its own.
    Refused {
        message: String,
    },
}

/// What a place in the file takes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Want {
    /// A whole number in the range of the Rust type asked for.
    Whole {
        min: i128,
        max: i128,
    },
    Number,
    Text,
    Bool,
    Char,
    List,
    Table,
    /// Anything but a date (deckhand files never hold one).
    Any,
    /// One of these words.
    Word(&'static [&'static str]),
    /// One of deckhand's own forms, named by its catalog key (`FORMS`).
    Form(&'static str),
    /// Another crate's description of what it expected, quoted as it is.
    Described(String),
}

/// What the file holds at that place.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Found {
    Text,
    Integer(String),
    Float(String),
    Bool(bool),
    Datetime,
    List,
    Table,
    Other,
}

/// deckhand's own forms of a value (`Text`, a sheet's marks): their visitors' `expecting`
/// writes the catalog key, so a wrong type is reported with its translated description.
pub(crate) use crate::names::TEXT_OR_NAMES;
pub(crate) const MARKS: &str = "rules.schema.want.marks";
const FORMS: [&str; 2] = [TEXT_OR_NAMES, MARKS];

impl Want {
    fn from_expected(exp: &dyn Expected) -> Want {
        let text = exp.to_string();
        match FORMS.iter().find(|key| **key == text) {
            Some(key) => Want::Form(key),
            None => Want::Described(text),
        }
    }
}

impl Found {
    pub(crate) fn of(value: &DeValue<'_>) -> Found {
        match value {
            DeValue::String(_) => Found::Text,
            DeValue::Integer(i) => {
                let prefix = match i.radix() {
                    2 => "0b",
                    8 => "0o",
                    16 => "0x",
                    _ => "",
                };
                Found::Integer(format!("{prefix}{}", i.as_str()))
            }
            DeValue::Float(f) => Found::Float(f.as_str().to_string()),
            DeValue::Boolean(b) => Found::Bool(*b),
            DeValue::Datetime(_) => Found::Datetime,
            DeValue::Array(_) => Found::List,
            DeValue::Table(_) => Found::Table,
        }
    }

    fn from_unexpected(unexp: Unexpected<'_>) -> Found {
        match unexp {
            Unexpected::Bool(b) => Found::Bool(b),
            Unexpected::Unsigned(n) => Found::Integer(n.to_string()),
            Unexpected::Signed(n) => Found::Integer(n.to_string()),
            Unexpected::Float(x) => Found::Float(x.to_string()),
            Unexpected::Char(_) | Unexpected::Str(_) => Found::Text,
            Unexpected::Seq => Found::List,
            Unexpected::Map => Found::Table,
            _ => Found::Other,
        }
    }
}

impl Error {
    pub(crate) fn new(kind: Kind, span: Option<Range<usize>>) -> Error {
        Error(Box::new(Inner { kind, span, path_up: Vec::new() }))
    }

    fn syntax(err: toml::de::Error) -> Error {
        Error::new(Kind::Syntax { message: err.message().trim_end().to_string() }, err.span())
    }

    /// What kind of mistake it is.
    pub(crate) fn kind(&self) -> &Kind {
        &self.0.kind
    }

    /// Where it is: the byte range of the key or value, if known.
    pub(crate) fn span(&self) -> Option<Range<usize>> {
        self.0.span.clone()
    }

    /// The keys and list entries from the top of the file down to the problem.
    pub(crate) fn path(&self) -> Vec<Seg> {
        self.0.path_up.iter().rev().cloned().collect()
    }

    /// Give the error this span unless a deeper value already gave it one.
    pub(crate) fn or_at(mut self, span: Range<usize>) -> Error {
        if self.0.span.is_none() {
            self.0.span = Some(span);
        }
        self
    }

    pub(crate) fn under(mut self, seg: Seg) -> Error {
        self.0.path_up.push(seg);
        self
    }

    /// The problem as a diagnostic (message, span, help).
    pub fn diagnostic(&self) -> Diagnostic {
        let path = self.path();
        let (message, help) = match &self.0.kind {
            Kind::Syntax { message } => (msg!("rules.schema.syntax", message = message), None),
            Kind::UnknownKey { key, expected } => {
                let help = if expected.is_empty() {
                    msg!("rules.schema.no_keys")
                } else {
                    let keys = ids(expected);
                    match closest(key, expected) {
                        Some(close) => msg!("rules.schema.expected_keys_close", close = close, keys = keys),
                        None => msg!("rules.schema.expected_keys", keys = keys),
                    }
                };
                (msg!("rules.schema.unknown_key", key = shown(key), place = place(&path)), Some(help))
            }
            Kind::MissingKey { key } => (msg!("rules.schema.missing_key", key = *key, place = place(&path)), None),
            Kind::DuplicateKey { key } => (msg!("rules.schema.duplicate_key", key = *key, place = place(&path)), None),
            Kind::UnknownWord { word, expected } => {
                let words = ids(expected);
                let help = match closest(word, expected) {
                    Some(close) => msg!("rules.schema.expected_words_close", close = close, words = words),
                    None => msg!("rules.schema.expected_words", words = words),
                };
                (msg!("rules.schema.unknown_word", word = shown(word), subject = subject(&path)), Some(help))
            }
            Kind::WrongType { want, found } => (
                msg!(
                    "rules.schema.wrong_type",
                    subject = subject(&path),
                    want = want_message(want, found),
                    found = found_message(found)
                ),
                None,
            ),
            Kind::Length { len, want } => (
                msg!("rules.schema.length", subject = subject(&path), n = len, want = want_message(want, &Found::List)),
                None,
            ),
            Kind::Refused { message } => {
                (msg!("rules.schema.refused", subject = subject(&path), message = message), None)
            }
        };
        let d = Diagnostic::new(message, self.span());
        match help {
            Some(help) => d.help(help),
            None => d,
        }
    }
}

/// "`a`, `b`, `c`".
fn ids(list: &[&str]) -> String {
    list.iter().map(|id| format!("`{id}`")).collect::<Vec<_>>().join(", ")
}

/// Text from the file as it is shown in a message: control characters escaped, so a key
/// cannot move the cursor or colour the terminal.
fn shown(text: &str) -> String {
    if text.chars().any(char::is_control) {
        text.chars().map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() }).collect()
    } else {
        text.to_string()
    }
}

/// A key as written in a table header: bare when it can be, quoted otherwise.
fn header_key(key: &str) -> String {
    let bare = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare {
        key.to_string()
    } else {
        toml::Value::String(key.to_string()).to_string()
    }
}

/// A table as its header: `[game]`, `[game.players]`, `[[boat_types]]` for an entry of an
/// array of tables, "`name` in [[fish]]" for a table inside such an entry.
fn table_header(path: &[Seg]) -> Arg {
    let keys = |segs: &[Seg]| -> Vec<String> {
        segs.iter()
            .filter_map(|s| match s {
                Seg::Key(k) => Some(header_key(k)),
                Seg::Entry(_) => None,
            })
            .collect()
    };
    match path.iter().rposition(|s| matches!(s, Seg::Entry(_))) {
        None => Arg::Text(format!("[{}]", keys(path).join("."))),
        Some(last) => {
            let head = format!("[[{}]]", keys(&path[..last]).join("."));
            let inside = keys(&path[last + 1..]);
            if inside.is_empty() {
                Arg::Text(head)
            } else {
                let subject = format!("`{}`", shown(&inside.join(".")));
                Arg::from(msg!("rules.schema.subject_in", subject = subject, table = head))
            }
        }
    }
}

/// Where a key is: "in [game]", or "at the top of the file".
fn place(table: &[Seg]) -> Message {
    if table.is_empty() {
        msg!("rules.schema.top")
    } else {
        msg!("rules.schema.in_table", table = table_header(table))
    }
}

/// What a value is called: "`players`", "entry 2 of `fishing_rounds`", with the table it is
/// in: "`min` in [game.players]".
fn subject(path: &[Seg]) -> Arg {
    let Some(key_at) = path.iter().rposition(|s| matches!(s, Seg::Key(_))) else {
        return Arg::from(msg!("rules.schema.file"));
    };
    let Seg::Key(key) = &path[key_at] else { return Arg::from(msg!("rules.schema.file")) };
    let mut said = Arg::Text(format!("`{}`", shown(key)));
    for seg in &path[key_at + 1..] {
        if let Seg::Entry(i) = seg {
            said = Arg::from(msg!("rules.schema.entry", n = i + 1, subject = said));
        }
    }
    let table = &path[..key_at];
    if table.is_empty() {
        said
    } else {
        Arg::from(msg!("rules.schema.subject_in", subject = said, table = table_header(table)))
    }
}

fn want_message(want: &Want, found: &Found) -> Message {
    match want {
        Want::Whole { min, max } => {
            // A number out of range, or a small type: the range. Otherwise the range of a
            // 32- or 64-bit type would only be noise.
            let small = *max <= i128::from(u16::MAX) && *min >= i128::from(i16::MIN);
            if small || matches!(found, Found::Integer(_)) {
                msg!("rules.schema.want.whole_range", min = min, max = max)
            } else if *min == 0 {
                msg!("rules.schema.want.whole_at_least", min = min)
            } else {
                msg!("rules.schema.want.whole")
            }
        }
        Want::Number => msg!("rules.schema.want.number"),
        Want::Text => msg!("rules.schema.want.text"),
        Want::Bool => msg!("rules.schema.want.bool"),
        Want::Char => msg!("rules.schema.want.char"),
        Want::List => msg!("rules.schema.want.list"),
        Want::Table => msg!("rules.schema.want.table"),
        Want::Any => msg!("rules.schema.want.any"),
        Want::Word(words) => msg!("rules.schema.want.word", words = ids(words)),
        Want::Form(key) => Message::new(key),
        Want::Described(text) => msg!("rules.schema.want.described", text = text),
    }
}

fn found_message(found: &Found) -> Message {
    match found {
        Found::Text => msg!("rules.schema.found.text"),
        Found::Integer(value) => msg!("rules.schema.found.integer", value = value),
        Found::Float(value) => msg!("rules.schema.found.float", value = value),
        Found::Bool(value) => msg!("rules.schema.found.bool", value = value.to_string()),
        Found::Datetime => msg!("rules.schema.found.datetime"),
        Found::List => msg!("rules.schema.found.list"),
        Found::Table => msg!("rules.schema.found.table"),
        Found::Other => msg!("rules.schema.found.other_kind"),
    }
}

// `Display` (what `serde::de::Error` needs) is the English message, in `text::diag`.

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("kind", &self.0.kind)
            .field("span", &self.0.span)
            .field("path", &self.path())
            .finish()
    }
}

impl std::error::Error for Error {}

impl serde::de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::new(Kind::Refused { message: msg.to_string() }, None)
    }

    fn invalid_type(unexp: Unexpected<'_>, exp: &dyn Expected) -> Self {
        Error::new(Kind::WrongType { want: Want::from_expected(exp), found: Found::from_unexpected(unexp) }, None)
    }

    fn invalid_value(unexp: Unexpected<'_>, exp: &dyn Expected) -> Self {
        Self::invalid_type(unexp, exp)
    }

    fn invalid_length(len: usize, exp: &dyn Expected) -> Self {
        Error::new(Kind::Length { len, want: Want::from_expected(exp) }, None)
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        Error::new(Kind::UnknownWord { word: variant.to_string(), expected }, None)
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        Error::new(Kind::UnknownKey { key: field.to_string(), expected }, None)
    }

    fn missing_field(field: &'static str) -> Self {
        Error::new(Kind::MissingKey { key: field }, None)
    }

    fn duplicate_field(field: &'static str) -> Self {
        Error::new(Kind::DuplicateKey { key: field }, None)
    }
}
