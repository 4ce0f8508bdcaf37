//! Store layer: the files deckhand writes, which must survive a crash (reading files
//! that may come from anyone is `source::read`). Whole-file writes go temp file → fsync → rename, so a reader sees the old file or the
//! new one, never half of one (`files`). Games played move by move are append-only
//! journals (`journal`), locked while a game is open.

pub mod files;
pub mod journal;
pub mod save;
pub use files::write_atomic;
pub use journal::Journal;

use crate::source::ReadError;
use journal::SaveDamage;

/// Why the store could not write a file or read a save: the store layer's error. Its words
/// are the text layer's (`text::error`); `Display` there is English.
#[derive(Debug)]
pub enum StoreError {
    /// A save that cannot be read as a file.
    Read(ReadError),
    // The io error is part of the message, not a `source`, so `{:#}` does not repeat it.
    /// A file that cannot be written (a save, a sheet, a temporary file beside one).
    Write {
        /// The file as the user named it.
        path: String,
        /// The operating system's error.
        cause: std::io::Error,
    },
    /// A file that would be created is already there; deckhand never overwrites one.
    Exists {
        /// The file that already exists.
        path: String,
    },
    /// A new game's save file is already there (resume it, or choose another name).
    SaveExists {
        /// The save that already exists.
        path: String,
    },
    /// A file held open (locked) by another deckhand process.
    Locked {
        /// The locked file.
        path: String,
    },
    /// A sheet file (`player = "Ann"`, TOML) where a saved game was asked for: not damaged,
    /// another kind of file.
    SheetNotSave {
        /// The file as the user named it.
        path: String,
    },
    /// A line of a save file that does not read (the header, or an entry before the last).
    Damaged {
        /// The save file.
        path: String,
        /// 1-based.
        line: usize,
        /// What is wrong with the line.
        why: SaveDamage,
    },
}

impl From<ReadError> for StoreError {
    fn from(e: ReadError) -> StoreError {
        StoreError::Read(e)
    }
}

impl From<crate::games::live::AppendError> for StoreError {
    /// A save that did not take an entry is a file that could not be written.
    fn from(e: crate::games::live::AppendError) -> StoreError {
        StoreError::Write { path: e.path, cause: e.cause }
    }
}
