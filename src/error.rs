//! The library's error type. Rule violations on a sheet are not errors (they are values,
//! see `games::fleet::check`); these are the problems that stop a command. They are values
//! too: what went wrong, where, and the diagnostics or message of it; the text layer
//! (`text::error`) says them in a language, and `Display` there is English.

use crate::log::files::FileKind;
use crate::log::journal::SaveDamage;
use crate::message::Message;
use crate::source::{Diagnostic, Source};

#[derive(Debug)]
pub enum Error {
    // The io error is part of the message, not a `source`, so `{:#}` does not repeat it.
    Read {
        path: String,
        cause: std::io::Error,
    },
    Write {
        path: String,
        cause: std::io::Error,
    },
    /// Not UTF-8 text: the first invalid byte.
    NotUtf8 {
        path: String,
        line: usize,
        column: usize,
    },
    NotAFile {
        path: String,
        kind: FileKind,
    },
    TooLarge {
        path: String,
        limit: u64,
    },
    Exists {
        path: String,
    },
    Locked {
        path: String,
    },
    /// A rules file with syntax or meaning errors: every diagnostic, each pointing into it.
    Rules {
        file: Box<Source>,
        diagnostics: Vec<Diagnostic>,
    },
    /// A sheet (or other input) file that cannot be read as one: every diagnostic.
    Input {
        file: Box<Source>,
        diagnostics: Vec<Diagnostic>,
    },
    /// The errors of several input files as one (`Error::of_files`): each file's own, then a
    /// total over all of them; `files` names them ("2 sheet files").
    Files {
        files: Message,
        errors: Vec<Error>,
    },
    /// A line of a save file that does not read (the header, or an entry before the last).
    SaveDamaged {
        path: String,
        /// 1-based.
        line: usize,
        why: SaveDamage,
    },
    /// Problems in files that the command layer has already put into words (a save entry
    /// the rules refuse, limits broken across several sheets): the report, then how many
    /// and in what.
    Reported {
        what: String,
        count: usize,
        report: String,
    },
    UnknownGame {
        id: String,
        known: String,
    },
    Usage(Message),
    /// The history database refused or failed (it is never modified when it is not ours).
    History(crate::history::HistoryError),
    Interrupted,
}

impl From<crate::history::HistoryError> for Error {
    fn from(e: crate::history::HistoryError) -> Error {
        Error::History(e)
    }
}

impl Error {
    /// Problems in a rules file.
    pub fn rules(file: &Source, diagnostics: Vec<Diagnostic>) -> Error {
        Error::Rules { file: Box::new(file.clone()), diagnostics }
    }

    /// Problems in an input file (a sheet).
    pub fn input(file: &Source, diagnostics: Vec<Diagnostic>) -> Error {
        Error::Input { file: Box::new(file.clone()), diagnostics }
    }

    /// A usage error the command layer has already put into words in the reader's
    /// language (what a layer that still answers in sentences returned).
    pub fn said(text: impl Into<String>) -> Error {
        Error::Usage(crate::msg!("cli.error.said", text = text.into()))
    }

    /// How many problems the error holds (a file's diagnostics; 1 for any other error).
    pub fn count(&self) -> usize {
        match self {
            Error::Rules { diagnostics, .. } | Error::Input { diagnostics, .. } => diagnostics.len(),
            Error::Files { errors, .. } => errors.iter().map(Error::count).sum(),
            Error::Reported { count, .. } => *count,
            _ => 1,
        }
    }

    /// The errors of several input files as one: a single file's error as it is (its own
    /// summary line says how many errors it has), several files' errors one after the other
    /// with a total over all of them; `files(n)` names the n files ("2 sheet files").
    pub fn of_files(mut errors: Vec<Error>, files: impl Fn(usize) -> Message) -> Option<Error> {
        if errors.len() <= 1 {
            return errors.pop();
        }
        Some(Error::Files { files: files(errors.len()), errors })
    }

    /// The documented exit code: 2 for usage and input errors, 130 when interrupted.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Interrupted => 130,
            _ => 2,
        }
    }
}

// `Display` (English, for library users) is in `text::error`, with every other language.
impl std::error::Error for Error {}
