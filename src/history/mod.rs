//! The history of game nights: every finished play in an embedded SQLite database (one
//! file, WAL mode, a versioned schema, one transaction per write).
//!
//! This module speaks in values: `PlayRecord` in, `Play`, `Stats` and `Night` out, and a
//! typed `HistoryError`. No language and no sentences: the command layer renders names of
//! games and categories through the rules and everything else through the catalogs.
//!
//! - `db`: finding, checking and opening the file (refusals, WAL, busy timeout);
//! - `migrate`: the schema, version by version;
//! - `fit`: what may enter the history (names, locations, the play's other texts);
//! - `record`: writing a play (and the totals `stats` reads);
//! - `query`: history, stats, one night, deleting a play, renaming a player;
//! - `export`: BG Stats push-play JSON, JSON and CSV of every play;
//! - `transfer`: the deckhand export, every play losslessly, that `import` reads back;
//! - `clock`: dates and local times.

pub mod clock;
pub mod db;
pub mod edit;
pub mod export;
pub mod fit;
pub mod migrate;
pub mod query;
pub mod record;
pub mod transfer;

use std::path::Path;

pub use clock::Date;
pub use db::Db;
pub use query::{DealResult, Filter, GameStats, HeadToHead, Night, Order, PlayerStats, Stats};
pub use record::Recorded;

/// How a play came to the history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaySource {
    /// Recorded by deckhand at the end of a game it tracked.
    Live,
    /// `score --record` of paper sheets.
    Paper,
    /// `import` of a save file.
    Import,
}

impl PlaySource {
    /// The word stored in the `plays.source` column and written in JSON exports (`live`,
    /// `paper`, `import`).
    pub(crate) fn key(self) -> &'static str {
        match self {
            PlaySource::Live => "live",
            PlaySource::Paper => "paper",
            PlaySource::Import => "import",
        }
    }

    fn from_key(key: &str) -> Option<PlaySource> {
        [PlaySource::Live, PlaySource::Paper, PlaySource::Import].into_iter().find(|s| s.key() == key)
    }
}

/// How a co-operative game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoopEnd {
    /// All fish landed and every boat home before the hurricane: every player won.
    Won,
    /// The wind reached the hurricane: every player lost.
    LostToHurricane,
    /// No boat could move (Strategy II, boats drifting): every player lost.
    LostStuck,
}

impl CoopEnd {
    /// The word stored in the `plays.coop_result` column and written as `result` in
    /// exports (`won`, `lost_hurricane`, `lost_stuck`).
    pub(crate) fn key(self) -> &'static str {
        match self {
            CoopEnd::Won => "won",
            CoopEnd::LostToHurricane => "lost_hurricane",
            CoopEnd::LostStuck => "lost_stuck",
        }
    }

    fn from_key(key: &str) -> Option<CoopEnd> {
        [CoopEnd::Won, CoopEnd::LostToHurricane, CoopEnd::LostStuck].into_iter().find(|c| c.key() == key)
    }
}

/// What kind of result a play has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Players ranked by score (every competitive game).
    Ranked,
    /// One player against the game (Fleet against Captain Ruth): the score and the rating
    /// band it reached, named by the band's lowest score (`rules.solo.ratings[].min`).
    Solo {
        /// The lowest score of the rating band the score reached; None below every band.
        rating_min: Option<u32>,
    },
    /// Everyone wins or loses together; no points.
    Coop {
        /// Won, or how the game was lost.
        end: CoopEnd,
        /// The wind strength on the wind track when the game ended.
        final_wind: u32,
    },
}

impl Outcome {
    fn mode(self) -> &'static str {
        match self {
            Outcome::Ranked => "ranked",
            Outcome::Solo { .. } => "solo",
            Outcome::Coop { .. } => "coop",
        }
    }
}

/// One player's result in a play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRecord {
    /// The name as typed at the table; players are matched by it ignoring case and
    /// surrounding spaces.
    pub name: String,
    /// None in a co-operative game.
    pub score: Option<i64>,
    /// 1-based place; players who share a place have the same rank. None in a co-op game.
    pub rank: Option<u32>,
    /// Took first place (several when they share it); in a co-op game everyone or no one,
    /// by the result; never in a solo game.
    pub winner: bool,
    /// Points per category, by category id (`fish`, `boats`, …), in the table's order.
    pub categories: Vec<(String, i64)>,
}

/// One play as it goes into the history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayRecord {
    /// Rules id (`fleet-dice`).
    pub game_id: String,
    /// The game's English name (exports; listings name it through the rules).
    pub game_name: String,
    /// BoardGameGeek's id of the game, when its rules file gives one.
    pub bgg_id: Option<u32>,
    /// When the game began (Unix seconds), if known.
    pub started_at: Option<i64>,
    /// Seconds east of UTC of the local time zone when the game began (0 for a paper game
    /// recorded with `--date`).
    pub utc_offset: i32,
    /// The game night the play belongs to.
    pub night: Date,
    /// How long a live game took, in seconds.
    pub duration_s: Option<u32>,
    /// How the play came to the history.
    pub source: PlaySource,
    /// In seat order.
    pub players: Vec<PlayerRecord>,
    /// Index into `players` of the start player, if known.
    pub start_player: Option<usize>,
    /// The fingerprint of the rules the play was scored with, as saves write it (16 hex
    /// digits; the text's own hash in saves of deckhand before 0.2).
    pub rules_fingerprint: String,
    /// SHA-256 of the save file (or of the sheet files), in hex; a play with a hash the
    /// history already holds is not recorded twice.
    pub save_hash: Option<String>,
    /// Ranked, solo or co-operative, with what only that kind of result has.
    pub outcome: Outcome,
    /// Where it was played (`--location`: a table or a venue), as typed.
    pub location: Option<String>,
    /// The deal code of a game whose digital dice were dealt (`play --deal CODE`): every
    /// table with the same deal and rules rolled the same dice.
    pub deal: Option<String>,
}

/// A play read back from the history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Play {
    /// The play's number in this history (`plays.id`): what `history` lists and `history
    /// delete` takes.
    pub id: i64,
    /// The play as it was recorded, players in seat order.
    pub record: PlayRecord,
}

/// Why a file is not a deckhand history database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotDatabase {
    /// Not an SQLite file at all.
    NotSqlite,
    /// An SQLite database of another program.
    OtherProgram,
    /// A folder, a device, …
    NotAFile,
}

/// What is wrong with an SQLite file that deckhand leaves alone as damaged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Damage {
    /// Shorter than SQLite's 100-byte header.
    ShortHeader {
        /// The file's length.
        bytes: usize,
    },
    /// A page size in the header that SQLite never writes.
    PageSize {
        /// The size the header gives.
        size: u16,
    },
    /// Fewer bytes than the pages its header counts.
    Truncated {
        /// The file's length.
        bytes: u64,
        /// The pages the header counts.
        pages: u64,
        /// Bytes per page.
        page_size: u64,
    },
    /// Not a whole number of pages.
    PartPage {
        /// The file's length.
        bytes: u64,
        /// Bytes per page.
        page_size: u64,
    },
    /// SQLite found it corrupt: SQLite's own message, only ever quoted.
    Sqlite {
        /// SQLite's message.
        quoted: String,
    },
}

/// What is wrong with a line of a deckhand export.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportProblem {
    /// The file is empty.
    Empty,
    /// A line longer than deckhand reads.
    LongLine {
        /// The most bytes of one line.
        max: u64,
    },
    /// The line is not the JSON of a play (or of the export's head): the JSON reader's own
    /// message, only ever quoted.
    Json {
        /// serde_json's message.
        quoted: String,
    },
    /// An export of another format or of a newer deckhand.
    Newer {
        /// The format the head names.
        format: String,
        /// Its version.
        version: u32,
        /// The newest version this deckhand reads.
        supported: u32,
    },
    /// The head's version is not a version of the export (`-1`, `0`, `"one"`).
    Version {
        /// The version as written (JSON).
        version: String,
        /// The newest version this deckhand reads.
        supported: u32,
    },
    /// A value its field does not take (`value` as written, quoted).
    Value {
        /// The field.
        field: ExportField,
        /// The value, quoted as Rust's `Debug` shows it.
        value: String,
    },
    /// A mode and result that do not go together (each quoted as `Debug` shows it).
    ModeResult {
        /// The mode.
        mode: String,
        /// The result (`None` when there is none).
        result: String,
    },
}

/// A field of a play in a deckhand export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportField {
    /// `night`.
    Night,
    /// `source`.
    Source,
    /// `result`.
    Result,
    /// `game_id`.
    Game,
    /// `game_name`.
    GameName,
    /// `deal`.
    Text,
    /// `save_hash`.
    Hash,
    /// A player's category id.
    Category,
}

/// Everything that can go wrong with the history. `path` is the database file.
#[derive(Debug)]
pub enum HistoryError {
    /// The file is refused before SQLite writes to it, and left untouched.
    NotADatabase {
        /// The database file.
        path: String,
        /// What the file is instead.
        why: NotDatabase,
    },
    /// The file's schema is newer than this deckhand knows; it is left untouched.
    Newer {
        /// The database file.
        path: String,
        /// The file's schema version (`PRAGMA user_version`).
        found: u32,
        /// The newest schema version this deckhand knows (`migrate::VERSION`).
        supported: u32,
    },
    /// An SQLite file that is truncated, has an impossible header, or that SQLite found
    /// corrupt; it is left untouched.
    Damaged {
        /// The database file.
        path: String,
        /// What is wrong (sizes from the header, or SQLite's message).
        detail: Damage,
    },
    /// Another process held the write lock longer than the busy timeout (10 seconds).
    Busy {
        /// The database file.
        path: String,
    },
    /// The file, its folder or the file system is read-only.
    ReadOnly {
        /// The database file.
        path: String,
    },
    /// No room left on the disk for the write.
    DiskFull {
        /// The database file.
        path: String,
    },
    /// The file or its folder could not be read, created or opened (permissions, …).
    Io {
        /// The file or folder that failed.
        path: String,
        /// The operating system's error.
        cause: std::io::Error,
    },
    /// Any other SQLite failure.
    Sqlite {
        /// The database file.
        path: String,
        /// SQLite's error.
        cause: rusqlite::Error,
    },
    /// No `--db` or `DECKHAND_DB` was given and the platform has no data directory.
    NoDataDir,
    /// Deleting a play number the history does not hold.
    NoSuchPlay {
        /// The play number asked for.
        id: i64,
    },
    /// A player the history does not know (renaming, merging, a `--player` filter).
    NoSuchPlayer {
        /// The name asked for, as given.
        name: String,
        /// The recorded name it comes closest to, if one is close (a typo).
        near: Option<String>,
    },
    /// A play the history does not take: the checks `play` makes of names
    /// and locations (`fit`); nothing of it is recorded.
    Unfit(fit::Unfit),
    /// A line of a deckhand export (`export --format deckhand`) that is not a play this
    /// deckhand can read; nothing of the file is recorded after it.
    BadExport {
        /// The export file.
        path: String,
        /// 1-based line.
        line: usize,
        /// What is wrong (the value refused, or the JSON reader's message).
        detail: ExportProblem,
    },
    /// Merging a player into themself (two of their names); nothing is changed.
    SamePlayer {
        /// The player to merge, as given.
        from: String,
        /// The player to merge into, as given.
        into: String,
    },
    /// Merging two players who sat at the same table in a play; nothing is changed.
    PlayedTogether {
        /// The player to be renamed, as given.
        old: String,
        /// The other player's name, as given.
        new: String,
        /// The first play (lowest id) both played in.
        play: i64,
    },
}

impl HistoryError {
    /// The database could not be written (read-only file or folder, full disk, locked):
    /// a recording at the end of a game is skipped with a warning.
    pub fn is_unwritable(&self) -> bool {
        matches!(
            self,
            HistoryError::ReadOnly { .. }
                | HistoryError::DiskFull { .. }
                | HistoryError::Busy { .. }
                | HistoryError::Io { .. }
                | HistoryError::NoDataDir
        )
    }

    /// Classify an SQLite error on `path`.
    pub(crate) fn sqlite(path: &Path, cause: rusqlite::Error) -> HistoryError {
        use rusqlite::ErrorCode as C;
        let path_text = path.display().to_string();
        if let rusqlite::Error::SqliteFailure(e, _) = &cause {
            match e.code {
                C::DatabaseCorrupt => {
                    return HistoryError::Damaged {
                        path: path_text,
                        detail: Damage::Sqlite { quoted: cause.to_string() },
                    };
                }
                C::NotADatabase => {
                    return HistoryError::NotADatabase { path: path_text, why: NotDatabase::NotSqlite };
                }
                C::DatabaseBusy | C::DatabaseLocked => return HistoryError::Busy { path: path_text },
                C::ReadOnly => return HistoryError::ReadOnly { path: path_text },
                C::DiskFull => return HistoryError::DiskFull { path: path_text },
                C::CannotOpen | C::PermissionDenied | C::SystemIoFailure => {
                    let kind = match e.code {
                        C::PermissionDenied => std::io::ErrorKind::PermissionDenied,
                        _ => std::io::ErrorKind::Other,
                    };
                    return HistoryError::Io { path: path_text, cause: std::io::Error::new(kind, cause.to_string()) };
                }
                _ => {}
            }
        }
        HistoryError::Sqlite { path: path_text, cause }
    }
}

/// The key players are matched by: the name without surrounding spaces, in lower case.
pub(crate) fn player_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// SHA-256 of some bytes, in hex (a save file's content hash).
pub fn content_hash(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(bytes);
    let mut out = String::with_capacity(64);
    for b in digest {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

/// The content hash of several files taken together (the sheets of one paper game), the
/// same whatever order they are named in.
pub fn files_hash(files: &[&[u8]]) -> String {
    let mut hashes: Vec<String> = files.iter().map(|f| content_hash(f)).collect();
    hashes.sort();
    content_hash(hashes.join("\n").as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_content_hash_is_sha256() {
        assert_eq!(content_hash(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(files_hash(&[b"a", b"b"]), files_hash(&[b"b", b"a"]));
        assert_ne!(files_hash(&[b"a", b"b"]), files_hash(&[b"a", b"c"]));
    }

    #[test]
    fn players_are_matched_without_case_or_surrounding_spaces() {
        assert_eq!(player_key(" Ann "), player_key("ANN"));
        assert_eq!(player_key("Jérôme"), player_key("JÉRÔME"));
    }
}
