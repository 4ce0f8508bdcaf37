//! Words not yet said: a `Message` is a catalog key and its arguments, built where a
//! problem is found and put into a language only by the text layer (`text`). The rules
//! layer, the sheet parsers and the errors return these instead of sentences, the way
//! rustc's translatable diagnostics carry a slug and arguments: nothing below the text
//! layer knows a language, and the key is a stable code for machine output.

use crate::names::Names;

/// A catalog key with its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// `area.key` in `i18n/<lang>/<area>.toml`.
    pub key: &'static str,
    /// The placeholders' values, by placeholder name, in the order given.
    pub args: Vec<(&'static str, Arg)>,
}

/// An argument of a message, put into words in the message's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// A number (`n` also picks the plural form).
    Int(i64),
    /// Text shown as it is, in every language (an id, a file name, what was typed).
    Text(String),
    /// A game term from a rules file, in the message's language.
    Term(Names),
    /// Another message, in the same language.
    Msg(Box<Message>),
    /// Several arguments, joined with `separator`.
    List {
        /// The arguments, in order.
        items: Vec<Arg>,
        /// What goes between two of them (the same in every language).
        separator: &'static str,
    },
}

impl Message {
    /// A message without arguments.
    pub fn new(key: &'static str) -> Message {
        Message { key, args: Vec::new() }
    }

    /// The message with one more argument.
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Message {
        self.args.push((name, value.into()));
        self
    }

    /// The value of an argument, if given.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Int(n)
    }
}

macro_rules! int_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            /// A number beyond `i64` is kept as its digits (said the same, never clamped).
            fn from(n: $t) -> Arg {
                i64::try_from(n).map_or_else(|_| Arg::Text(n.to_string()), Arg::Int)
            }
        }
        impl From<&$t> for Arg {
            fn from(n: &$t) -> Arg {
                Arg::from(*n)
            }
        }
    )*};
}
int_arg!(u8, u16, u32, u64, usize, i32, i128, u128);

impl From<&i64> for Arg {
    fn from(n: &i64) -> Arg {
        Arg::Int(*n)
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

impl From<char> for Arg {
    fn from(c: char) -> Arg {
        Arg::Text(c.to_string())
    }
}

impl From<std::path::Display<'_>> for Arg {
    fn from(p: std::path::Display<'_>) -> Arg {
        Arg::Text(p.to_string())
    }
}

impl From<&Names> for Arg {
    fn from(n: &Names) -> Arg {
        Arg::Term(n.clone())
    }
}

impl From<Names> for Arg {
    fn from(n: Names) -> Arg {
        Arg::Term(n)
    }
}

impl From<Message> for Arg {
    fn from(m: Message) -> Arg {
        Arg::Msg(Box::new(m))
    }
}

impl From<Option<Message>> for Arg {
    /// No message is the empty text (an optional part of a sentence).
    fn from(m: Option<Message>) -> Arg {
        match m {
            Some(m) => Arg::Msg(Box::new(m)),
            None => Arg::Text(String::new()),
        }
    }
}

/// `msg!("area.key", name = value, …)`: a `Message` to be put into words later, in any
/// language (`msg.text(lang)` in the text layer). The arguments are the same as `t!`'s.
#[macro_export]
macro_rules! msg {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::message::Message {
            key: $key,
            args: vec![$((stringify!($name), $crate::message::Arg::from($value))),*],
        }
    };
}
