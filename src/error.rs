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
    #[error("{path} is not UTF-8 text (invalid byte at offset {offset}); deckhand reads TOML and text files only")]
    NotUtf8 { path: String, offset: usize },
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
    /// The documented exit code: 2 for usage and input errors, 130 when interrupted.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Interrupted => 130,
            _ => 2,
        }
    }
}
