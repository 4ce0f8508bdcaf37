//! The library's error type. Rule violations on a sheet are not errors (they are values,
//! see `games::fleet::check`); these are the problems that stop a command. They are values
//! too: what went wrong, where, and the diagnostics or message of it; the text layer
//! (`text::error`) says them in a language, and `Display` there is English.

use crate::message::Message;
use crate::source::read::FileKind;
use crate::source::{Diagnostic, Source};
use crate::store::journal::SaveDamage;

/// A problem that stops a command: what went wrong, where, and why, as values.
#[derive(Debug)]
pub enum Error {
    // The io error is part of the message, not a `source`, so `{:#}` does not repeat it.
    /// A file (or standard input) that cannot be read.
    Read {
        /// The file as the user named it.
        path: String,
        /// The operating system's error.
        cause: std::io::Error,
    },
    /// A file that cannot be written (a save, a sheet, a temporary file beside one).
    Write {
        /// The file as the user named it.
        path: String,
        /// The operating system's error.
        cause: std::io::Error,
    },
    /// Not UTF-8 text: the first invalid byte.
    NotUtf8 {
        /// The file as the user named it.
        path: String,
        /// 1-based line of the first invalid byte.
        line: usize,
        /// 1-based column (in characters) of the first invalid byte.
        column: usize,
    },
    /// A path that names something other than a regular file (a folder, a FIFO, …).
    NotAFile {
        /// The path as the user named it.
        path: String,
        /// What the path names instead.
        kind: FileKind,
    },
    /// A file larger than deckhand reads (16 MiB).
    TooLarge {
        /// The file as the user named it.
        path: String,
        /// The most bytes deckhand reads from one file.
        limit: u64,
    },
    /// A file that would be created is already there; deckhand never overwrites one.
    Exists {
        /// The file that already exists.
        path: String,
    },
    /// A save held open (locked) by another deckhand process.
    Locked {
        /// The locked save.
        path: String,
    },
    /// A rules file with syntax or meaning errors: every diagnostic, each pointing into it.
    Rules {
        /// The rules file, for the diagnostics' line and column.
        file: Box<Source>,
        /// Every problem found, in file order; never empty.
        diagnostics: Vec<Diagnostic>,
    },
    /// A sheet (or other input) file that cannot be read as one: every diagnostic.
    Input {
        /// The input file, for the diagnostics' line and column.
        file: Box<Source>,
        /// Every problem found, in file order; never empty.
        diagnostics: Vec<Diagnostic>,
    },
    /// The errors of several input files as one (`Error::of_files`): each file's own, then a
    /// total over all of them; `files` names them ("2 sheet files").
    Files {
        /// What the files are, counted ("2 sheet files").
        files: Message,
        /// Each file's own error, in the order the files were given; at least two.
        errors: Vec<Error>,
    },
    /// A line of a save file that does not read (the header, or an entry before the last).
    SaveDamaged {
        /// The save file.
        path: String,
        /// 1-based.
        line: usize,
        /// What is wrong with the line.
        why: SaveDamage,
    },
    /// Problems in files that the command layer has already put into words (a save entry
    /// the rules refuse, limits broken across several sheets): the report, then how many
    /// and in what.
    Reported {
        /// What the problems are in, already in words (a file name, "the sheets").
        what: String,
        /// How many problems the report holds.
        count: usize,
        /// The problems in words, shown before the summary line.
        report: String,
    },
    /// A game id that is not built in.
    UnknownGame {
        /// The id as given.
        id: String,
        /// The built-in ids, comma-separated.
        known: String,
    },
    /// A command used wrongly (flags that do not go together, no game given, …).
    Usage(Message),
    /// The history database refused or failed (it is never modified when it is not ours).
    History(crate::history::HistoryError),
    /// Stopped by Ctrl-C; exit code 130.
    Interrupted,
}

impl From<crate::history::HistoryError> for Error {
    fn from(e: crate::history::HistoryError) -> Error {
        Error::History(e)
    }
}

impl Error {
    /// Problems in a rules file.
    pub(crate) fn rules(file: &Source, diagnostics: Vec<Diagnostic>) -> Error {
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
    pub(crate) fn count(&self) -> usize {
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
