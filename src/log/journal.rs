//! Append-only game journals (JSONL): one header line, then one line per event. Each
//! append writes a whole line and calls `sync_data()` before returning, so an event the
//! user saw acknowledged survives a crash. On load, a torn last line (one the crash cut
//! short: it has no newline) is dropped and reported; any damage before it is an error —
//! deckhand does not guess around it.
//!
//! Game-neutral: the header says which game, rules and players; events are any
//! `Serialize + DeserializeOwned` type (a game's own event enum, or `serde_json::Value`).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::Error;

/// The `format` every journal header carries.
pub const FORMAT: &str = "deckhand-journal";
/// The journal layout this deckhand writes (and the newest it reads).
pub const SCHEMA: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub format: String,
    pub schema: u32,
    /// The game id (`fischerspiel`), which picks the code that resumes it.
    pub game: String,
    /// `rules::fnv1a` of the rules text the game started with, as 16 hex digits.
    pub rules_hash: String,
    /// One entry per player or seat, as the game names them.
    pub players: Vec<String>,
    pub variant: String,
    /// Anything else the game needs to rebuild its start (e.g. the fish mix).
    #[serde(default)]
    pub setup: serde_json::Value,
}

impl Header {
    pub fn new(game: &str, rules_hash: u64, players: Vec<String>, variant: &str, setup: serde_json::Value) -> Header {
        Header {
            format: FORMAT.into(),
            schema: SCHEMA,
            game: game.into(),
            rules_hash: hash_text(rules_hash),
            players,
            variant: variant.into(),
            setup,
        }
    }
}

pub fn hash_text(hash: u64) -> String {
    format!("{hash:016x}")
}

/// A journal open for appending.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
}

/// What `load` found.
#[derive(Debug, Clone)]
pub struct Loaded<E> {
    pub header: Header,
    pub events: Vec<E>,
    /// A cut-off last line that was dropped.
    pub torn: Option<Torn>,
    /// Length of the file up to the end of the last whole line.
    good_len: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Torn {
    /// 1-based line number of the dropped line.
    pub line: usize,
    pub bytes: usize,
}

impl Torn {
    pub fn notice(&self, path: &Path) -> String {
        format!(
            "{}: line {} was cut off ({} bytes without an end of line, from a save that was interrupted); \
             it was dropped and the game goes on from the event before it",
            path.display(),
            self.line,
            self.bytes
        )
    }
}

fn write_err(path: &Path, source: std::io::Error) -> Error {
    Error::Write { path: path.display().to_string(), source }
}

fn damaged(path: &Path, line: usize, message: String, help: &str) -> Error {
    Error::Input {
        path: path.display().to_string(),
        count: 1,
        report: format!("error: {}:{line}: {message}\n  = help: {help}\n", path.display()),
    }
}

impl Journal {
    /// Start a new journal. An existing file is never overwritten.
    pub fn create(path: &Path, header: &Header) -> Result<Journal, Error> {
        let mut file = OpenOptions::new().append(true).create_new(true).open(path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                Error::Usage(format!(
                    "{} already exists; continue that game with `deckhand resume {}`, or choose another file with -o",
                    path.display(),
                    path.display()
                ))
            } else {
                write_err(path, e)
            }
        })?;
        let line = serde_json::to_string(header).expect("a header serialises") + "\n";
        file.write_all(line.as_bytes()).and_then(|()| file.sync_all()).map_err(|e| write_err(path, e))?;
        // Make the new file's name durable too.
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(Journal { path: path.to_path_buf(), file })
    }

    /// Open an existing journal to add to it: loads it, cuts a torn last line off the file
    /// (so the next event starts on a line of its own), and returns what was there.
    pub fn open<E: DeserializeOwned>(path: &Path) -> Result<(Journal, Loaded<E>), Error> {
        let loaded = load::<E>(path)?;
        let file = OpenOptions::new().append(true).open(path).map_err(|e| write_err(path, e))?;
        if loaded.torn.is_some() {
            file.set_len(loaded.good_len).and_then(|()| file.sync_all()).map_err(|e| write_err(path, e))?;
        }
        Ok((Journal { path: path.to_path_buf(), file }, loaded))
    }

    /// Append one event as one line and make it durable before returning.
    pub fn append<E: Serialize>(&mut self, event: &E) -> Result<(), Error> {
        let line = serde_json::to_string(event).expect("an event serialises") + "\n";
        self.file.write_all(line.as_bytes()).and_then(|()| self.file.sync_data()).map_err(|e| write_err(&self.path, e))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Read a journal: its header and every whole event line.
pub fn load<E: DeserializeOwned>(path: &Path) -> Result<Loaded<E>, Error> {
    let bytes = std::fs::read(path).map_err(|source| Error::Read { path: path.display().to_string(), source })?;
    let mut lines: Vec<&[u8]> = bytes.split(|b| *b == b'\n').collect();
    // After the last newline: empty for a whole file, else a torn line.
    let tail = lines.pop().unwrap_or_default();
    let good_len = (bytes.len() - tail.len()) as u64;
    let torn = (!tail.is_empty()).then(|| Torn { line: lines.len() + 1, bytes: tail.len() });
    let not_a_journal = |why: String| {
        damaged(
            path,
            1,
            why,
            "this is not a deckhand game file (those start with a {\"format\":\"deckhand-journal\",…} line); check the file name",
        )
    };
    let Some(first) = lines.first() else {
        return Err(if torn.is_some() {
            damaged(
                path,
                1,
                "the header line is incomplete: the game was never saved past its start".into(),
                "delete the file and start the game again",
            )
        } else {
            not_a_journal("the file is empty".into())
        });
    };
    let header: Header = std::str::from_utf8(first)
        .ok()
        .and_then(|t| serde_json::from_str(t).ok())
        .ok_or_else(|| not_a_journal("the first line is not a journal header".into()))?;
    if header.format != FORMAT {
        return Err(not_a_journal(format!("the header's format is `{}`, not `{FORMAT}`", header.format)));
    }
    if header.schema > SCHEMA {
        return Err(damaged(
            path,
            1,
            format!("written by a newer deckhand (journal schema {}; this one reads up to {SCHEMA})", header.schema),
            "update deckhand to resume this game",
        ));
    }
    let mut events = Vec::with_capacity(lines.len().saturating_sub(1));
    for (i, raw) in lines.iter().enumerate().skip(1) {
        let line = i + 1;
        let text = std::str::from_utf8(raw).map_err(|_| {
            damaged(
                path,
                line,
                "this line is not UTF-8 text".into(),
                "the file was damaged after it was written; restore it from a copy",
            )
        })?;
        let event = serde_json::from_str::<E>(text).map_err(|e| {
            damaged(
                path,
                line,
                format!("damaged event line ({e})"),
                "the damage is before the last line, so deckhand does not guess around it: restore the file from a copy, \
                 or cut it off before this line to resume from there",
            )
        })?;
        events.push(event);
    }
    Ok(Loaded { header, events, torn, good_len })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header::new("test", 0xabc, vec!["a".into(), "b".into()], "base", serde_json::json!({"k": 1}))
    }

    #[test]
    fn create_append_load_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.jsonl");
        let mut j = Journal::create(&path, &header()).unwrap();
        j.append(&serde_json::json!({"event": "wind"})).unwrap();
        j.append(&serde_json::json!({"event": "home", "boat": "red"})).unwrap();
        let loaded = load::<serde_json::Value>(&path).unwrap();
        assert_eq!(loaded.header, header());
        assert_eq!(loaded.header.rules_hash, "0000000000000abc");
        assert_eq!(loaded.events.len(), 2);
        assert_eq!(loaded.events[1]["boat"], "red");
        assert!(loaded.torn.is_none());
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 3);
        assert!(text.ends_with('\n'));
    }

    #[test]
    fn an_existing_file_is_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.jsonl");
        std::fs::write(&path, "precious").unwrap();
        let err = Journal::create(&path, &header()).unwrap_err().to_string();
        assert!(err.contains("already exists") && err.contains("deckhand resume"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious");
    }

    #[test]
    fn a_torn_last_line_is_dropped_and_cut_off_before_the_next_append() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.jsonl");
        let mut j = Journal::create(&path, &header()).unwrap();
        j.append(&serde_json::json!({"event": "wind"})).unwrap();
        drop(j);
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"{\"event\":\"ho").unwrap();
        drop(f);
        let (mut j, loaded) = Journal::open::<serde_json::Value>(&path).unwrap();
        assert_eq!(loaded.events.len(), 1);
        assert_eq!(loaded.torn, Some(Torn { line: 3, bytes: 12 }));
        assert!(loaded.torn.unwrap().notice(&path).contains("line 3 was cut off"));
        j.append(&serde_json::json!({"event": "stuck"})).unwrap();
        let again = load::<serde_json::Value>(&path).unwrap();
        assert_eq!(again.events.len(), 2);
        assert_eq!(again.events[1]["event"], "stuck");
        assert!(again.torn.is_none());
    }

    #[test]
    fn damage_before_the_last_line_is_an_error_with_its_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.jsonl");
        let mut j = Journal::create(&path, &header()).unwrap();
        j.append(&serde_json::json!({"event": "wind"})).unwrap();
        j.append(&serde_json::json!({"event": "wind"})).unwrap();
        let text = std::fs::read_to_string(&path).unwrap().replacen("{\"event\":\"wind\"}", "{\"event\":\"wi", 1);
        std::fs::write(&path, text).unwrap();
        let err = load::<serde_json::Value>(&path).unwrap_err().to_string();
        assert!(err.contains("g.jsonl:2: damaged event line"), "{err}");
    }

    #[test]
    fn not_a_journal_newer_schema_and_a_torn_header() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.jsonl");
        std::fs::write(&path, "hello\n").unwrap();
        assert!(load::<serde_json::Value>(&path).unwrap_err().to_string().contains("not a journal header"));
        let mut h = header();
        h.schema = SCHEMA + 1;
        std::fs::write(&path, serde_json::to_string(&h).unwrap() + "\n").unwrap();
        assert!(load::<serde_json::Value>(&path).unwrap_err().to_string().contains("newer deckhand"));
        std::fs::write(&path, "{\"format\":\"deckh").unwrap();
        assert!(load::<serde_json::Value>(&path).unwrap_err().to_string().contains("header line is incomplete"));
        std::fs::write(&path, "").unwrap();
        assert!(load::<serde_json::Value>(&path).unwrap_err().to_string().contains("empty"));
    }
}
