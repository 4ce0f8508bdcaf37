//! The library's error type. Rule violations on a sheet are not errors (they are values,
//! see `engine::fleet::check`); these are the problems that stop a command.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum Error {
    // The io error is part of the message, not a `source`, so `{:#}` does not repeat it.
    #[error("cannot read {path}: {cause}")]
    Read { path: String, cause: std::io::Error },
    #[error("cannot write {path}: {cause}")]
    Write { path: String, cause: std::io::Error },
    #[error("{path}:{line}:{column}: not UTF-8 text (an invalid byte here); deckhand reads TOML and text files only")]
    NotUtf8 { path: String, line: usize, column: usize },
    #[error(
        "{path} is not a regular file; deckhand reads only regular files (and `-` for standard input where it says so)"
    )]
    NotAFile { path: String, kind: crate::log::files::FileKind },
    #[error("{path} is larger than {limit} bytes, the most deckhand reads")]
    TooLarge { path: String, limit: u64 },
    #[error("{path} already exists; deckhand never overwrites it")]
    Exists { path: String },
    #[error("{path} is open in another deckhand (another terminal?); finish or close it there first")]
    Locked { path: String },
    /// A rules file with syntax or meaning errors; `report` holds every rendered diagnostic.
    #[error("{report}{count} error(s) in rules file {path}")]
    Rules { path: String, count: usize, report: String },
    /// A sheet (or other input) file that cannot be read as one; rendered diagnostics.
    #[error("{report}{count} error(s) in {path}")]
    Input { path: String, count: usize, report: String },
    #[error("unknown game `{id}`; known games: {known}")]
    UnknownGame { id: String, known: String },
    #[error("{0}")]
    Usage(String),
    #[error("interrupted")]
    Interrupted,
}

impl Error {
    /// The message in a language (`Display` is English, for library users).
    pub fn message(&self, lang: &str) -> String {
        match self {
            Error::Read { path, cause } => crate::t!(lang, "cli.error.read", path = path, cause = cause),
            Error::Write { path, cause } => crate::t!(lang, "cli.error.write", path = path, cause = cause),
            Error::NotUtf8 { path, line, column } => {
                crate::t!(lang, "cli.error.not_utf8", path = path, line = line, column = column)
            }
            Error::NotAFile { path, kind } => {
                let kind = crate::text::tr(lang, kind.key(), &[]);
                crate::t!(lang, "cli.error.not_a_file", path = path, kind = kind)
            }
            Error::TooLarge { path, limit } => {
                crate::t!(lang, "cli.error.too_large", path = path, mib = limit / (1024 * 1024))
            }
            Error::Exists { path } => crate::t!(lang, "cli.error.exists", path = path),
            Error::Locked { path } => crate::t!(lang, "cli.error.locked", path = path),
            Error::Rules { path, count, report } => {
                format!("{report}{}", crate::t!(lang, "cli.error.rules", path = path, n = count))
            }
            Error::Input { path, count, report } => {
                format!("{report}{}", crate::t!(lang, "cli.error.input", path = path, n = count))
            }
            Error::UnknownGame { id, known } => crate::t!(lang, "cli.error.unknown_game", id = id, known = known),
            Error::Usage(text) => text.clone(),
            Error::Interrupted => crate::t!(lang, "cli.error.interrupted"),
        }
    }

    /// The errors of several input files as one: a single file's error as it is (its own
    /// summary line says how many errors it has), several files' errors one after the other
    /// with a total over all of them; `files(n)` names the n files ("2 sheet files").
    pub fn of_files(mut errors: Vec<Error>, files: impl Fn(usize) -> String, lang: &str) -> Option<Error> {
        if errors.len() <= 1 {
            return errors.pop();
        }
        let count = errors
            .iter()
            .map(|e| match e {
                Error::Input { count, .. } | Error::Rules { count, .. } => *count,
                _ => 1,
            })
            .sum();
        let report = errors.iter().map(|e| e.message(lang)).collect::<Vec<_>>().join("\n") + "\n";
        Some(Error::Input { path: files(errors.len()), count, report })
    }

    /// The documented exit code: 2 for usage and input errors, 130 when interrupted.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Interrupted => 130,
            _ => 2,
        }
    }
}
