//! Store layer: the files deckhand writes, which must survive a crash (reading files
//! that may come from anyone is `source::read`). Whole-file writes go temp file → fsync → rename, so a reader sees the old file or the
//! new one, never half of one (`files`). Games played move by move are append-only
//! journals (`journal`), locked while a game is open.

pub mod files;
pub mod journal;
pub mod save;
pub use files::write_atomic;
pub use journal::Journal;
