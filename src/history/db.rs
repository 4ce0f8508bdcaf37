//! Finding, checking and opening the history file. A file is looked at before SQLite
//! touches it: anything that is not an SQLite file, is shorter than its header says, is
//! another program's database or comes from a newer deckhand is refused, and left exactly
//! as it was. An accepted file is put in WAL mode (readers never wait for a writer) with a
//! busy timeout, so two deckhands finishing games at the same moment both get their turn.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use super::migrate::{self, APPLICATION_ID, VERSION};
use super::{Damage, HistoryError, NotDatabase};

/// How long a write waits for another process's write to finish.
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// A reader's page cache, in KiB (as `PRAGMA cache_size` takes it: negative).
const READER_CACHE_KIB: i64 = -64;

/// The first 16 bytes of every SQLite 3 file.
const MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// An open, checked history database at the current schema version.
pub struct Db {
    pub(crate) conn: Connection,
    path: PathBuf,
}

/// A read transaction, ended when dropped (`Db::snapshot`).
pub struct Snapshot<'a>(&'a Connection);

impl Drop for Snapshot<'_> {
    fn drop(&mut self) {
        // A read transaction has nothing to keep: ending it cannot lose anything.
        let _ = self.0.execute_batch("COMMIT");
    }
}

/// `history.sqlite3` in the platform's data directory (`~/.local/share/deckhand` on Linux).
pub fn default_path() -> Result<PathBuf, HistoryError> {
    directories::ProjectDirs::from("", "", "deckhand")
        .map(|d| d.data_dir().join("history.sqlite3"))
        .ok_or(HistoryError::NoDataDir)
}

#[derive(Debug, PartialEq, Eq)]
enum FileState {
    Missing,
    Empty,
    Sqlite,
}

fn io_error(path: &Path, cause: std::io::Error) -> HistoryError {
    match cause.kind() {
        std::io::ErrorKind::ReadOnlyFilesystem => HistoryError::ReadOnly { path: path.display().to_string() },
        std::io::ErrorKind::StorageFull => HistoryError::DiskFull { path: path.display().to_string() },
        _ => HistoryError::Io { path: path.display().to_string(), cause },
    }
}

/// What is at `path`, judged from its first 100 bytes and its length only.
fn inspect(path: &Path) -> Result<FileState, HistoryError> {
    let shown = || path.display().to_string();
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(FileState::Missing),
        Err(e) => return Err(io_error(path, e)),
    };
    if !meta.is_file() {
        return Err(HistoryError::NotADatabase { path: shown(), why: NotDatabase::NotAFile });
    }
    if meta.len() == 0 {
        return Ok(FileState::Empty);
    }
    let mut head = Vec::with_capacity(100);
    std::fs::File::open(path).and_then(|f| f.take(100).read_to_end(&mut head)).map_err(|e| io_error(path, e))?;
    let magic_len = head.len().min(MAGIC.len());
    if head[..magic_len] != MAGIC[..magic_len] {
        return Err(HistoryError::NotADatabase { path: shown(), why: NotDatabase::NotSqlite });
    }
    let damaged = |detail: Damage| HistoryError::Damaged { path: shown(), detail };
    if head.len() < 100 {
        return Err(damaged(Damage::ShortHeader { bytes: head.len() }));
    }
    let be32 = |at: usize| u32::from_be_bytes([head[at], head[at + 1], head[at + 2], head[at + 3]]);
    let page_size = match u16::from_be_bytes([head[16], head[17]]) {
        1 => 65_536,
        n if n >= 512 && n.is_power_of_two() => u64::from(n),
        n => return Err(damaged(Damage::PageSize { size: n })),
    };
    // The header's page count is valid when the change counter equals "version valid for".
    // Not while a `-wal` is beside the file: another deckhand's checkpoint writes the new
    // first page (with the new count) before the pages that grow the file, and SQLite's
    // own check judges the file then.
    let pages = u64::from(be32(28));
    if pages > 0 && be32(24) == be32(92) && meta.len() < pages * page_size && !wal_beside(path) {
        return Err(damaged(Damage::Truncated { bytes: meta.len(), pages, page_size }));
    }
    if meta.len() % page_size != 0 {
        return Err(damaged(Damage::PartPage { bytes: meta.len(), page_size }));
    }
    Ok(FileState::Sqlite)
}

impl Db {
    /// Open the history for writing, creating the file and its folder when missing.
    pub fn open(path: &Path) -> Result<Db, HistoryError> {
        match connect(path, true)? {
            Some(db) => Ok(db),
            None => Err(HistoryError::Io {
                path: path.display().to_string(),
                cause: std::io::Error::from(std::io::ErrorKind::NotFound),
            }),
        }
    }

    /// Open an existing history; None when there is no file yet (nothing recorded). An
    /// older file is migrated, which writes to it.
    pub fn open_existing(path: &Path) -> Result<Option<Db>, HistoryError> {
        connect(path, false)
    }

    /// Open an existing history for reading only (`history`, `stats`, `night`, `export`,
    /// `standings`): None when there is no file yet (or an empty one). Nothing is created or
    /// written beside it: with no `-wal` file next to it no deckhand has it open, and SQLite
    /// reads it as `immutable` (no `-wal` or `-shm` files, no locks); when one is there, a
    /// writer is at work and the reader shares its files, read-only. A file of an earlier
    /// schema is migrated once first (the only write a reader makes).
    pub fn open_read_only(path: &Path) -> Result<Option<Db>, HistoryError> {
        if matches!(inspect(path)?, FileState::Missing | FileState::Empty) {
            return Ok(None);
        }
        let db = read_only(path)?;
        let id = migrate::identity(&db.conn).map_err(|e| db.err(e))?;
        if id.application_id == 0 && id.user_version == 0 && id.objects == 0 {
            return Ok(None);
        }
        if id.application_id != APPLICATION_ID {
            return Err(HistoryError::NotADatabase {
                path: path.display().to_string(),
                why: NotDatabase::OtherProgram,
            });
        }
        if id.user_version > VERSION {
            return Err(HistoryError::Newer {
                path: path.display().to_string(),
                found: id.user_version,
                supported: VERSION,
            });
        }
        if id.user_version < VERSION {
            drop(db);
            drop(connect(path, false)?);
            return read_only(path).map(Some);
        }
        Ok(Some(db))
    }

    /// Begin a read transaction that lasts as long as the value: every query meanwhile sees
    /// the same plays (a listing that reads the history twice).
    pub fn snapshot(&self) -> Result<Snapshot<'_>, HistoryError> {
        self.conn.execute_batch("BEGIN").map_err(|e| self.err(e))?;
        Ok(Snapshot(&self.conn))
    }

    /// The database file, as it was given to `open` or `open_existing`.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Map an SQLite error of this database.
    pub(crate) fn err(&self, e: rusqlite::Error) -> HistoryError {
        HistoryError::sqlite(&self.path, e)
    }

    /// The connection, for tests and benchmarks that inspect the file.
    pub fn connection(&self) -> &Connection {
        &self.conn
    }
}

/// The file as a `file:` URI (SQLite's URI parameters need one): every byte but letters,
/// digits, `/` and `-._~` percent-encoded, so `?`, `#` and `%` in a folder name stay a path.
fn file_uri(path: &Path) -> String {
    let mut out = String::from("file:");
    for &b in path.as_os_str().as_encoded_bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A read-only connection with a small page cache (a listing reads each page once; the
/// cache bounds the reader's memory whatever the size of the file).
fn read_only(path: &Path) -> Result<Db, HistoryError> {
    let sql = |e| HistoryError::sqlite(path, e);
    let mut uri = file_uri(path);
    if !wal_beside(path) {
        // Nobody has the file open (the last connection of a writer checkpoints and removes
        // its -wal), so the whole history is in the file itself.
        uri.push_str("?immutable=1");
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX | OpenFlags::SQLITE_OPEN_URI;
    let conn = Connection::open_with_flags(&uri, flags).map_err(sql)?;
    conn.busy_timeout(BUSY_TIMEOUT).map_err(sql)?;
    conn.pragma_update(None, "cache_size", READER_CACHE_KIB).map_err(sql)?;
    Ok(Db { conn, path: path.to_path_buf() })
}

/// Whether a `-wal` file is beside the history: a deckhand has it open, or one was killed.
fn wal_beside(path: &Path) -> bool {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    Path::new(&wal).exists()
}

fn connect(path: &Path, create: bool) -> Result<Option<Db>, HistoryError> {
    let state = inspect(path)?;
    let wal_before = wal_beside(path);
    if state == FileState::Missing {
        if !create {
            return Ok(None);
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
        }
    }
    let sql = |e| HistoryError::sqlite(path, e);
    let mut flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    if state == FileState::Missing {
        flags |= OpenFlags::SQLITE_OPEN_CREATE;
    }
    let mut conn = Connection::open_with_flags(path, flags).map_err(sql)?;
    conn.busy_timeout(BUSY_TIMEOUT).map_err(sql)?;
    let id = migrate::identity(&conn).map_err(sql)?;
    let fresh = id.application_id == 0 && id.user_version == 0 && id.objects == 0;
    if id.application_id != APPLICATION_ID && !fresh {
        return Err(HistoryError::NotADatabase { path: path.display().to_string(), why: NotDatabase::OtherProgram });
    }
    if id.user_version > VERSION {
        return Err(HistoryError::Newer {
            path: path.display().to_string(),
            found: id.user_version,
            supported: VERSION,
        });
    }
    if !fresh {
        quick_check(&conn, path, wal_before)?;
    }
    conn.pragma_update(None, "foreign_keys", true).map_err(sql)?;
    into_wal(&conn).map_err(sql)?;
    if id.user_version < VERSION {
        migrate::migrate(&mut conn).map_err(sql)?;
        // Another process may have finished the same migration first, or been newer.
        let now = migrate::identity(&conn).map_err(sql)?;
        if now.user_version > VERSION {
            return Err(HistoryError::Newer {
                path: path.display().to_string(),
                found: now.user_version,
                supported: VERSION,
            });
        }
    }
    Ok(Some(Db { conn, path: path.to_path_buf() }))
}

/// SQLite's quick check of the whole file (every page and record; not the indexes
/// against their tables), before anything is written to it: a damaged history is refused
/// and left exactly as it is. Its first problem, in SQLite's words, is the detail.
/// `wal_before`: a `-wal` was beside the file before this connection opened it.
fn quick_check(conn: &Connection, path: &Path, wal_before: bool) -> Result<(), HistoryError> {
    let refused = match conn.query_row("PRAGMA quick_check(1)", [], |r| r.get::<_, String>(0)) {
        Ok(first) if first == "ok" => return Ok(()),
        Ok(first) => {
            let quoted = first.split_whitespace().collect::<Vec<_>>().join(" ");
            HistoryError::Damaged { path: path.display().to_string(), detail: Damage::Sqlite { quoted } }
        }
        Err(e) => HistoryError::sqlite(path, e),
    };
    // Closing the connection must not write either. The `-wal` and `-shm` it created are
    // empty and removed on closing; a `-wal` that was there before (another deckhand's, or
    // a killed one's) is left as it is, not checkpointed into the file.
    if wal_before {
        let _ = conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true);
    }
    Err(refused)
}

/// Put the file in WAL mode, waiting up to the busy timeout for another process's write
/// lock. SQLite's own busy handler does not wait here: the switch reads the header first,
/// and a read that must become a write is answered "busy" at once (waiting could deadlock)
/// — which is what several deckhands creating the same history at once meet.
fn into_wal(conn: &Connection) -> rusqlite::Result<()> {
    let deadline = std::time::Instant::now() + BUSY_TIMEOUT;
    loop {
        let mode: String = conn.pragma_query_value(None, "journal_mode", |r| r.get(0))?;
        if mode.eq_ignore_ascii_case("wal") {
            return Ok(());
        }
        match conn.pragma_update_and_check(None, "journal_mode", "wal", |r| r.get::<_, String>(0)) {
            Err(e) if is_busy(&e) && std::time::Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            other => return other.map(drop),
        }
    }
}

fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(e.sqlite_error_code(), Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_file_is_created_in_wal_mode_at_the_current_version() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/folder/h.sqlite3");
        let db = Db::open(&path).unwrap();
        let id = migrate::identity(&db.conn).unwrap();
        assert_eq!((id.application_id, id.user_version), (APPLICATION_ID, VERSION));
        let mode: String = db.conn.pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
        assert_eq!(mode, "wal");
    }

    /// Eight deckhands finishing at once on a history that does not exist yet: one is
    /// creating it (its write lock held, the file not yet in WAL mode) while another opens
    /// it. SQLite answers a switch to WAL that meets a write lock with "busy" at once,
    /// without waiting (a read upgraded to a write never waits); the opening must wait for
    /// its turn like any other write.
    #[test]
    fn opening_a_history_another_process_is_creating_waits_for_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h.sqlite3");
        let creator = Connection::open(&path).unwrap();
        creator.execute_batch("BEGIN IMMEDIATE").unwrap();
        let released = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            creator.execute_batch("COMMIT").unwrap();
        });
        let db = Db::open(&path);
        released.join().unwrap();
        let db = db.unwrap_or_else(|e| panic!("{e:?}"));
        let mode: String = db.conn.pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
        assert_eq!(mode, "wal");
    }

    /// A damaged history with the `-wal` of a killed deckhand beside it: refused, and
    /// neither file is changed (closing does not checkpoint the `-wal` into the file).
    #[test]
    fn a_damaged_history_with_a_wal_beside_it_is_refused_and_neither_file_changes() {
        let dir = tempfile::tempdir().unwrap();
        let live = dir.path().join("live.sqlite3");
        let db = Db::open(&live).unwrap();
        db.conn.execute_batch("CREATE TABLE filler (x); PRAGMA wal_autocheckpoint = 0;").unwrap();
        for _ in 0..50 {
            db.conn.execute("INSERT INTO filler VALUES (randomblob(1000))", []).unwrap();
        }
        db.conn
            .execute_batch("PRAGMA wal_checkpoint(TRUNCATE); INSERT INTO players (name, key) VALUES ('Ann', 'ann');")
            .unwrap();
        // A killed deckhand: the file and its -wal as they are while it writes.
        let path = dir.path().join("h.sqlite3");
        let wal = dir.path().join("h.sqlite3-wal");
        let mut bytes = std::fs::read(&live).unwrap();
        let len = bytes.len();
        bytes[len - 4096..].fill(0x5a);
        std::fs::write(&path, &bytes).unwrap();
        std::fs::copy(dir.path().join("live.sqlite3-wal"), &wal).unwrap();
        drop(db);
        let wal_bytes = std::fs::read(&wal).unwrap();
        assert!(!wal_bytes.is_empty());
        match Db::open(&path) {
            Err(HistoryError::Damaged { detail: Damage::Sqlite { quoted }, .. }) => {
                assert!(!quoted.contains('\n'), "{quoted}")
            }
            other => panic!("{:?}", other.err()),
        }
        assert!(std::fs::read(&path).unwrap() == bytes, "the file is unchanged");
        assert!(std::fs::read(&wal).unwrap() == wal_bytes, "its -wal is unchanged");
    }

    #[test]
    fn a_missing_file_is_not_created_for_reading() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h.sqlite3");
        assert!(Db::open_existing(&path).unwrap().is_none());
        assert!(!path.exists());
    }

    #[test]
    fn a_reader_creates_nothing_even_in_a_folder_with_uri_characters_in_its_name() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("a?b#c%20 d");
        let path = folder.join("h.sqlite3");
        drop(Db::open(&path).unwrap());
        let files = || std::fs::read_dir(&folder).unwrap().count();
        assert_eq!(files(), 1);
        let db = Db::open_read_only(&path).unwrap().unwrap();
        let n: i64 = db.conn.query_row("SELECT COUNT(*) FROM plays", [], |r| r.get(0)).unwrap();
        assert_eq!((n, files()), (0, 1));
        assert!(db.conn.execute("DELETE FROM plays", []).is_err(), "read-only");
        drop(db);
        assert_eq!(files(), 1);
        assert!(Db::open_read_only(&folder.join("none.sqlite3")).unwrap().is_none());
    }

    #[test]
    fn junk_short_and_truncated_files_are_refused_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let junk = dir.path().join("junk");
        std::fs::write(&junk, b"name,score\nAnn,73\n").unwrap();
        assert!(matches!(Db::open(&junk), Err(HistoryError::NotADatabase { why: NotDatabase::NotSqlite, .. })));
        let short = dir.path().join("short");
        std::fs::write(&short, b"SQLite for").unwrap();
        assert!(matches!(Db::open(&short), Err(HistoryError::Damaged { .. })));
        let good = dir.path().join("good.sqlite3");
        drop(Db::open(&good).unwrap());
        let bytes = std::fs::read(&good).unwrap();
        let cut = dir.path().join("cut.sqlite3");
        std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
        assert!(matches!(Db::open(&cut), Err(HistoryError::Damaged { .. })), "{:?}", Db::open(&cut).err());
        assert_eq!(std::fs::read(&cut).unwrap(), &bytes[..bytes.len() / 2]);
        assert_eq!(std::fs::read(&junk).unwrap(), b"name,score\nAnn,73\n");
        assert!(matches!(Db::open(dir.path()), Err(HistoryError::NotADatabase { why: NotDatabase::NotAFile, .. })));
        // With a -wal beside it the length is no evidence (a checkpoint may be growing the
        // file); SQLite's quick check refuses it, and it stays as it is.
        std::fs::write(dir.path().join("cut.sqlite3-wal"), b"").unwrap();
        assert!(matches!(Db::open(&cut), Err(HistoryError::Damaged { .. })), "{:?}", Db::open(&cut).err());
        assert!(std::fs::read(&cut).unwrap() == bytes[..bytes.len() / 2], "unchanged");
    }

    #[test]
    fn another_programs_database_and_a_newer_schema_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let other = dir.path().join("other.sqlite3");
        Connection::open(&other).unwrap().execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);").unwrap();
        assert!(matches!(Db::open(&other), Err(HistoryError::NotADatabase { why: NotDatabase::OtherProgram, .. })));
        let newer = dir.path().join("newer.sqlite3");
        drop(Db::open(&newer).unwrap());
        Connection::open(&newer).unwrap().pragma_update(None, "user_version", VERSION + 1).unwrap();
        match Db::open(&newer) {
            Err(HistoryError::Newer { found, supported, .. }) => assert_eq!((found, supported), (VERSION + 1, VERSION)),
            other => panic!("{:?}", other.err()),
        }
    }
}
