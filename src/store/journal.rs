//! An append-only JSON-lines journal: one header line, then one line per confirmed
//! decision. Each append is one whole line followed by `sync_data()` before the caller
//! moves on, so a crash loses nothing that was confirmed. On load a torn last line (the
//! write a crash interrupted) is dropped with a notice; damage before the last line is
//! reported, never guessed around.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::files;
use super::StoreError;
use crate::games::live::AppendError;
use crate::message::Message;
use crate::msg;
use crate::source::read::{open_regular, read_capped};

/// What is wrong with a line of a save file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveDamage {
    /// The file is empty: no header line.
    Empty,
    /// The first line is not a deckhand save header.
    NotAHeader(JsonDamage),
    /// An entry before the last line does not read.
    Entry(JsonDamage),
}

/// A line the JSON reader refused: the kind of damage and the column from serde_json's
/// API, and its own message kept as it is, only ever quoted (its wording is not ours to
/// parse).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonDamage {
    /// serde_json's category of the error.
    pub kind: JsonDamageKind,
    /// Column in the line where the reader stopped, 1-based as serde_json counts it.
    pub column: usize,
    /// serde_json's own message, quoted as it is.
    pub quoted: String,
}

/// serde_json's category of a refused line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonDamageKind {
    /// Not valid JSON.
    Syntax,
    /// The line ends in the middle of a value.
    Eof,
    /// Valid JSON of the wrong form.
    Data,
    /// The reader failed while reading (not expected from an in-memory line).
    Io,
}

impl JsonDamage {
    fn of(err: &serde_json::Error) -> JsonDamage {
        use serde_json::error::Category;
        let kind = match err.classify() {
            Category::Syntax => JsonDamageKind::Syntax,
            Category::Eof => JsonDamageKind::Eof,
            Category::Data => JsonDamageKind::Data,
            Category::Io => JsonDamageKind::Io,
        };
        JsonDamage { kind, column: err.column(), quoted: err.to_string() }
    }
}

/// A torn last line (the write a crash interrupted), dropped when the save was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TornTail {
    /// Its length in bytes.
    pub bytes: usize,
}

impl TornTail {
    /// What to tell the user about it.
    pub fn notice(&self, path: &Path) -> Message {
        msg!("rules.save_torn_tail", path = path.display(), n = self.bytes)
    }
}

/// An open save file, locked, that entries are appended to one line at a time.
pub struct Journal {
    path: PathBuf,
    /// Opened for appending and locked exclusively for as long as the journal lives: a
    /// second deckhand on the same save is refused (`StoreError::Locked`) instead of writing
    /// into the middle of our lines.
    file: File,
}

/// What `open` found in an existing journal.
pub struct Opened<H, E> {
    /// The journal, locked and positioned for the next append.
    pub journal: Journal,
    /// The first line.
    pub header: H,
    /// Every entry after the header, in file order (a torn tail left out).
    pub entries: Vec<E>,
    /// Set when a torn last line was dropped.
    pub dropped_tail: Option<TornTail>,
}

fn write_err(path: &Path, source: std::io::Error) -> StoreError {
    StoreError::Write { path: path.display().to_string(), cause: source }
}

/// Take the lock of an open save, or say that another process has it.
fn lock(file: &File, path: &Path) -> Result<(), StoreError> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::Locked { path: path.display().to_string() }),
        Err(std::fs::TryLockError::Error(e)) => Err(write_err(path, e)),
    }
}

impl Journal {
    /// Create a new journal; refuses to overwrite an existing file.
    pub fn create<H: Serialize>(path: &Path, header: &H) -> Result<Journal, StoreError> {
        let exists = || StoreError::SaveExists { path: path.display().to_string() };
        if path.symlink_metadata().is_ok() {
            return Err(exists());
        }
        // The header goes to a temporary file (created exclusively, locked, in append mode)
        // that appears under its name only once the header is on disk: a crash at any moment
        // leaves either no save or a save with its header, never an empty file, and the file
        // is ours (locked) from its first moment under that name.
        let mut line = serde_json::to_string(header).expect("journal headers serialise");
        line.push('\n');
        let file = files::create_new(path, line.as_bytes(), true).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                exists()
            } else {
                write_err(path, e)
            }
        })?;
        Ok(Journal { path: path.to_path_buf(), file })
    }

    /// Append one entry as one line and flush it to disk.
    pub fn append<E: Serialize>(&mut self, entry: &E) -> Result<(), StoreError> {
        self.write_line(entry).map_err(|e| write_err(&self.path, e))
    }

    fn write_line<E: Serialize>(&mut self, entry: &E) -> std::io::Result<()> {
        let mut line = serde_json::to_string(entry).expect("journal entries serialise");
        line.push('\n');
        self.file.write_all(line.as_bytes())?;
        self.file.sync_data()
    }

    /// The save file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Read a journal without changing it (for `replay` and `show`). A damaged line is
    /// `StoreError::Damaged`, with the JSON reader's own description kept to be quoted.
    pub fn read<H: DeserializeOwned, E: DeserializeOwned>(path: &Path) -> Result<Read<H, E>, StoreError> {
        let file = open_regular(path, false)?;
        let bytes = read_capped(file, &path.display().to_string())?;
        Self::parse(path, &bytes)
    }

    /// A journal's lines: the header, the entries, and a torn tail. Only a last line
    /// without its newline can be the write a crash interrupted; any other line that does
    /// not read is damage, reported with its line number.
    fn parse<H: DeserializeOwned, E: DeserializeOwned>(path: &Path, bytes: &[u8]) -> Result<Read<H, E>, StoreError> {
        let damaged =
            |line: usize, why: SaveDamage| StoreError::Damaged { path: path.display().to_string(), line, why };
        // A byte-order mark some editors put at the start is not part of the header.
        let bom = if bytes.starts_with(b"\xef\xbb\xbf") { 3 } else { 0 };
        // Split into lines, remembering where each starts.
        let mut lines: Vec<(usize, &[u8])> = Vec::new();
        let mut start = bom;
        for (i, b) in bytes.iter().enumerate().skip(bom) {
            if *b == b'\n' {
                lines.push((start, &bytes[start..i]));
                start = i + 1;
            }
        }
        let unterminated = start < bytes.len();
        if unterminated {
            lines.push((start, &bytes[start..]));
        }
        if lines.is_empty() {
            return Err(damaged(1, SaveDamage::Empty));
        }
        let header: H = serde_json::from_slice(lines[0].1).map_err(|e| {
            // A sheet file given for a save (`replay ann.toml`) is not a damaged save.
            let text = std::str::from_utf8(&bytes[bom..]).unwrap_or_default();
            match crate::source::scan_plain_id(text, "", "player") {
                Some(_) if !text.trim_start().starts_with('{') => {
                    StoreError::SheetNotSave { path: path.display().to_string() }
                }
                _ => damaged(1, SaveDamage::NotAHeader(JsonDamage::of(&e))),
            }
        })?;
        let mut entries = Vec::new();
        let mut dropped_tail = None;
        let mut keep_until = bytes.len();
        let last = lines.len() - 1;
        for (n, (offset, line)) in lines.iter().enumerate().skip(1) {
            match serde_json::from_slice::<E>(line) {
                Ok(e) => entries.push(e),
                Err(_) if n == last && unterminated => {
                    dropped_tail = Some(TornTail { bytes: line.len() });
                    keep_until = *offset;
                }
                Err(err) => return Err(damaged(n + 1, SaveDamage::Entry(JsonDamage::of(&err)))),
            }
        }
        Ok(Read { header, entries, dropped_tail, keep_until, unterminated })
    }

    /// Open an existing journal for further appends, locked for as long as the returned
    /// journal lives: a torn tail is cut off the file.
    pub fn open<H: DeserializeOwned, E: DeserializeOwned>(path: &Path) -> Result<Opened<H, E>, StoreError> {
        // Lock first, then read through the locked file: what is read is what we append to.
        let mut file = open_regular(path, true)?;
        lock(&file, path)?;
        let bytes = read_capped(&mut file, &path.display().to_string())?;
        let read = Self::parse::<H, E>(path, &bytes)?;
        if read.dropped_tail.is_some() {
            file.set_len(read.keep_until as u64).map_err(|e| write_err(path, e))?;
        } else if read.unterminated {
            // A complete last entry whose newline was lost: finish the line.
            file.write_all(b"\n").map_err(|e| write_err(path, e))?;
        }
        file.sync_data().map_err(|e| write_err(path, e))?;
        Ok(Opened {
            journal: Journal { path: path.to_path_buf(), file },
            header: read.header,
            entries: read.entries,
            dropped_tail: read.dropped_tail,
        })
    }
}

/// A journal's content, read without changing the file.
pub struct Read<H, E> {
    /// The first line.
    pub header: H,
    /// Every entry after the header, in file order (a torn tail left out).
    pub entries: Vec<E>,
    /// Set when the last line is torn (it stays in the file, which is not changed).
    pub dropped_tail: Option<TornTail>,
    keep_until: usize,
    unterminated: bool,
}

impl<E: Serialize> crate::games::live::Save<E> for Journal {
    fn append(&mut self, entry: &E) -> Result<(), AppendError> {
        self.write_line(entry).map_err(|cause| AppendError { path: self.path.display().to_string(), cause })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Open = Opened<String, u32>;

    fn journal_with(text: &[u8]) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.jsonl");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    #[test]
    fn entries_round_trip_and_appends_continue_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.jsonl");
        let mut j = Journal::create(&path, &"header".to_string()).unwrap();
        j.append(&1u32).unwrap();
        j.append(&2u32).unwrap();
        drop(j);
        let mut o: Open = Journal::open(&path).unwrap();
        assert_eq!((o.header.as_str(), o.entries.clone()), ("header", vec![1, 2]));
        o.journal.append(&3u32).unwrap();
        drop(o);
        let o: Open = Journal::open(&path).unwrap();
        assert_eq!(o.entries, vec![1, 2, 3]);
        assert!(o.dropped_tail.is_none());
    }

    #[test]
    fn create_refuses_to_overwrite() {
        let (_d, path) = journal_with(b"\"h\"\n");
        let err = Journal::create(&path, &"h".to_string()).err().unwrap();
        assert!(err.to_string().contains("already exists"), "{err}");
    }

    #[test]
    fn a_torn_last_line_is_dropped_with_a_notice_and_truncated() {
        let (_d, path) = journal_with(b"\"h\"\n1\n2\n3");
        // `3` parses: a complete entry without its newline is kept.
        let o: Open = Journal::open(&path).unwrap();
        assert_eq!(o.entries, vec![1, 2, 3]);
        let (_d2, path) = journal_with(b"\"h\"\n1\n2\n{\"tor");
        let mut o: Open = Journal::open(&path).unwrap();
        assert_eq!(o.entries, vec![1, 2]);
        assert_eq!(o.dropped_tail, Some(TornTail { bytes: 5 }));
        assert!(o.dropped_tail.unwrap().notice(&path).text(crate::text::Lang::En).contains("cut off by a crash"));
        o.journal.append(&9u32).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "\"h\"\n1\n2\n9\n");
    }

    #[test]
    fn damage_before_the_last_line_is_reported_with_its_line() {
        let (_d, path) = journal_with(b"\"h\"\n1\nxx\n3\n");
        let err = Journal::open::<String, u32>(&path).err().unwrap().to_string();
        assert!(err.contains("game.jsonl:3: the save file is damaged"), "{err}");
    }

    #[test]
    fn a_complete_bad_last_line_is_damage_not_a_torn_tail() {
        let (_d, path) = journal_with(b"\"h\"\n1\n2\nxx\n");
        let err = Journal::open::<String, u32>(&path).err().unwrap().to_string();
        assert!(err.contains("game.jsonl:4: the save file is damaged"), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), b"\"h\"\n1\n2\nxx\n", "nothing is cut");
    }

    #[test]
    fn a_byte_order_mark_is_accepted() {
        let (_d, path) = journal_with(b"\xef\xbb\xbf\"h\"\n1\n");
        let o: Open = Journal::open(&path).unwrap();
        assert_eq!((o.header.as_str(), o.entries), ("h", vec![1]));
    }

    #[test]
    fn an_open_journal_is_locked_against_a_second_opener() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.jsonl");
        let j = Journal::create(&path, &"h".to_string()).unwrap();
        assert!(matches!(Journal::open::<String, u32>(&path), Err(StoreError::Locked { .. })));
        drop(j);
        let o: Open = Journal::open(&path).unwrap();
        assert!(matches!(Journal::open::<String, u32>(&path), Err(StoreError::Locked { .. })));
        drop(o);
        assert!(Journal::open::<String, u32>(&path).is_ok());
    }

    #[test]
    fn a_file_that_is_not_a_save_is_refused() {
        let (_d, path) = journal_with(b"hello world\n");
        let err = Journal::open::<String, u32>(&path).err().unwrap().to_string();
        assert!(err.contains(":1: the save file is damaged"), "{err}");
        let (_d, path) = journal_with(b"");
        assert!(Journal::open::<String, u32>(&path).is_err());
    }
}
