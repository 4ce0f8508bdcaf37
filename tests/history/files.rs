//! The database file: migrations from an empty file and every earlier schema version;
//! junk, truncated, foreign, newer and damaged files refused and left byte-identical; reading
//! commands that write nothing.

use super::*;

/// A database file at schema `version` holding one play of Ann and Bob (written with the
/// SQL of version 1, which every later version keeps).
fn old_database(path: &Path, version: u32) {
    let conn = rusqlite::Connection::open(path).unwrap();
    for sql in &MIGRATIONS[..version as usize] {
        conn.execute_batch(sql).unwrap();
    }
    conn.pragma_update(None, "application_id", APPLICATION_ID).unwrap();
    conn.pragma_update(None, "user_version", version).unwrap();
    if version >= 1 {
        conn.execute_batch(
            "INSERT INTO players (id, name, key) VALUES (1, 'Ann', 'ann'), (2, 'Bob', 'bob');
             INSERT INTO plays (id, game_id, game_name, night, source, mode, rules_fingerprint, save_hash, recorded_at)
                 VALUES (1, 'fleet-dice', 'Fleet: The Dice Game', '2024-12-06', 'paper', 'ranked', '0', 'old', 0);
             INSERT INTO seats VALUES (1, 0, 1, 'fleet-dice', 'ranked', 60, 1, 1), (1, 1, 2, 'fleet-dice', 'ranked', 50, 2, 0);
             INSERT INTO categories VALUES (1, 0, 0, 'fish', 40), (1, 0, 1, 'boats', 20), (1, 1, 0, 'fish', 50);",
        )
        .unwrap();
    }
    if version >= 2 {
        // Version 2's totals of that play, as a deckhand at version 2 would have kept them.
        conn.execute_batch(
            "INSERT INTO player_totals VALUES (1, 'fleet-dice', 1, 1, 1, 60, 60, 60), (2, 'fleet-dice', 1, 0, 1, 50, 50, 50);
             INSERT INTO category_totals VALUES (1, 'fleet-dice', 'fish', 0, 1, 40), (1, 'fleet-dice', 'boats', 1, 1, 20),
                                                (2, 'fleet-dice', 'fish', 0, 1, 50);
             INSERT INTO pair_totals VALUES (1, 2, 'fleet-dice', 1, 1, 0, 0), (2, 1, 'fleet-dice', 1, 0, 1, 0);
             INSERT INTO game_totals VALUES ('fleet-dice', 1, 1, 60, 0, 60, 1, 1);",
        )
        .unwrap();
    }
    if version >= 3 {
        conn.execute_batch("INSERT INTO player_names VALUES ('ann', 1), ('bob', 2);").unwrap();
    }
}

#[test]
fn every_earlier_schema_version_and_an_empty_file_migrate() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("empty.sqlite3"), b"").unwrap();
    deckhand(d).args(["score", "--record", "--db", "empty.sqlite3"]).args(sheets()).assert().success();
    let conn = rusqlite::Connection::open(d.join("empty.sqlite3")).unwrap();
    let v: u32 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    let mode: String = conn.pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
    assert_eq!((v, mode.as_str()), (VERSION, "wal"));
    for version in 0..VERSION {
        let path = d.join(format!("v{version}.sqlite3"));
        old_database(&path, version);
        let name = path.display().to_string();
        let s = json(&deckhand(d).args(["stats", "--format", "json", "--db", &name]).assert().success());
        let conn = rusqlite::Connection::open(&path).unwrap();
        let now: u32 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
        assert_eq!(now, VERSION, "version {version} migrated");
        if version >= 1 {
            let ann = &s["players"][0];
            assert_eq!(
                (ann["player"].as_str(), ann["plays"].as_u64(), ann["best"].as_i64()),
                (Some("Ann"), Some(1), Some(60))
            );
            assert_eq!(s["head_to_head"][0]["ahead"], 1, "version {version}: totals built from the old plays");
            assert_eq!(s["categories_fleet-dice"][0]["fish"], 40.0);
            let ann =
                json(&deckhand(d).args(["history", "--format", "json", "--player", "ANN", "--db", &name]).assert());
            assert_eq!(ann.as_array().unwrap().len(), 1, "version {version}: players found by their names");
        }
        // And it takes new plays.
        deckhand(d).args(["score", "--record", "--db", &name]).args(sheets()).assert().success();
    }
    // The current version, written by hand, reads the same.
    let path = d.join("current.sqlite3");
    old_database(&path, VERSION);
    let s = json(&deckhand(d).args(["stats", "--format", "json", "--db", &path.display().to_string()]).assert());
    assert_eq!(s["players"][0]["best"], 60);
}

fn refused_untouched(d: &Path, name: &str, message: &str) {
    let before = std::fs::read(d.join(name)).unwrap();
    for args in [
        vec!["history"],
        vec!["stats"],
        vec!["night"],
        vec!["export"],
        vec!["players", "rename", "a", "b"],
        vec!["history", "delete", "1", "--yes"],
    ] {
        let out = deckhand(d).args(&args).args(["--db", name]).assert().code(2);
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"));
    }
    deckhand(d).arg("score").args(sheets()).args(["--record", "--db", name]).assert().code(2).stderr(contains(message));
    // At the end of a live game it is only a warning: the game, save and sheets are fine.
    let save = format!("{name}.jsonl");
    let (out, _) = play(d, &save, 8, &["Ann", "Bob"], &["--db", name]);
    let out = out.success();
    assert!(
        stderr(&out).contains("warning: the game was not recorded in the history") && stderr(&out).contains(message)
    );
    assert!(stdout(&out).contains("TOTAL"));
    assert_eq!(std::fs::read(d.join(name)).unwrap(), before, "{name} left byte-identical");
    let others: Vec<PathBuf> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(&format!("{name}-")))
        .filter(|p| p.extension().is_some_and(|e| e != "toml"))
        .collect();
    assert!(others.is_empty(), "no -wal or -shm beside a refused file: {others:?}");
}

#[test]
fn junk_truncated_foreign_and_newer_files_are_refused_and_left_as_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "junk.sqlite3", "player,score\nAnn,73\n");
    refused_untouched(d, "junk.sqlite3", "is not a deckhand history database (not an SQLite file)");
    // A real history cut in half.
    deckhand(d).arg("score").args(sheets()).args(["--record", "--db", "full.sqlite3"]).assert().success();
    for _ in 0..3 {
        deckhand(d).arg("score").args(nauticus_sheets()).args(["--record", "--db", "full.sqlite3"]).assert().success();
    }
    let bytes = std::fs::read(d.join("full.sqlite3")).unwrap();
    std::fs::write(d.join("cut.sqlite3"), &bytes[..bytes.len() / 2]).unwrap();
    refused_untouched(d, "cut.sqlite3", "is damaged");
    let other = rusqlite::Connection::open(d.join("other.sqlite3")).unwrap();
    other.execute_batch("CREATE TABLE notes (text); INSERT INTO notes VALUES ('hello');").unwrap();
    drop(other);
    refused_untouched(d, "other.sqlite3", "SQLite database of another program");
    std::fs::copy(d.join("full.sqlite3"), d.join("newer.sqlite3")).unwrap();
    rusqlite::Connection::open(d.join("newer.sqlite3"))
        .unwrap()
        .pragma_update(None, "user_version", VERSION + 1)
        .unwrap();
    refused_untouched(d, "newer.sqlite3", &format!("written by a newer deckhand (history schema {}", VERSION + 1));
}

/// Every file in a folder with its bytes.
fn folder(d: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap_or_default()))
        .collect();
    files.sort();
    files
}

#[test]
fn reading_commands_leave_the_database_and_its_folder_byte_for_byte_as_they_were() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("db")).unwrap();
    filled(&d.join("db/h.sqlite3"), 20);
    let before = folder(&d.join("db"));
    assert_eq!(before.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(), ["h.sqlite3"]);
    for args in [
        &["history"][..],
        &["history", "--format", "json"],
        &["stats"],
        &["stats", "--player", "ann", "--format", "json"],
        &["night"],
        &["export", "--format", "csv"],
        &["export", "--format", "bgstats"],
    ] {
        deckhand(d).args(args).args(["--db", "db/h.sqlite3"]).assert().success();
        assert!(folder(&d.join("db")) == before, "{args:?} changed the folder");
    }
}

/// A 6-play history whose last page is overwritten: SQLite's own check finds it damaged,
/// though a write would go through (issue 30: `score --record` said "Recorded … as play
/// #7"). Nothing writes to it: `score --record`, `import`, `players rename`, `history
/// delete` refuse it (exit 2); a live game warns and keeps its save, its sheets and, served,
/// its final page; the file stays byte-identical, nothing is created beside it.
#[test]
fn a_history_that_fails_the_quick_check_is_never_written_to() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    filled(&d.join("h.sqlite3"), 6);
    let mut bytes = std::fs::read(d.join("h.sqlite3")).unwrap();
    let page = usize::from(u16::from_be_bytes([bytes[16], bytes[17]]));
    let len = bytes.len();
    bytes[len - page..].fill(0x5a);
    std::fs::write(d.join("h.sqlite3"), &bytes).unwrap();
    // (Checked on a copy: a connection leaves its -wal and -shm beside the file.)
    let copy = tempfile::tempdir().unwrap();
    std::fs::write(copy.path().join("h.sqlite3"), &bytes).unwrap();
    let check = rusqlite::Connection::open(copy.path().join("h.sqlite3")).unwrap().query_row(
        "PRAGMA integrity_check",
        [],
        |r| r.get::<_, String>(0),
    );
    assert!(!matches!(check.as_deref(), Ok("ok")), "the file must be damaged: {check:?}");
    let damaged = "h.sqlite3 is damaged";
    let out = deckhand(d).arg("score").args(sheets()).args(["--record", "--db", "h.sqlite3"]).assert().code(2);
    assert!(stderr(&out).contains(damaged) && !stderr(&out).contains("Recorded"), "{}", stderr(&out));
    filled(&d.join("other.sqlite3"), 1);
    write(d, "one.deckhand", &export(d, "other.sqlite3"));
    for args in [
        vec!["import", "one.deckhand"],
        vec!["players", "rename", "Ann", "Anna"],
        vec!["history", "delete", "1", "--yes"],
    ] {
        let out = deckhand(d).args(&args).args(["--db", "h.sqlite3"]).assert().code(2);
        assert!(stderr(&out).contains(damaged), "{args:?}: {}", stderr(&out));
    }
    let (out, _) = play(d, "g.jsonl", 8, &["Ann", "Bob"], &["--db", "h.sqlite3"]);
    let out = out.success();
    assert!(
        stderr(&out).contains("warning: the game was not recorded in the history") && stderr(&out).contains(damaged),
        "{}",
        stderr(&out)
    );
    assert!(d.join("g.jsonl").exists() && d.join("g-ann.toml").exists() && d.join("g-bob.toml").exists());
    // Served: the final page is written all the same, without a BG Stats link.
    let (lines, _) = answers(8, &["Ann", "Bob"]);
    write(d, "s.answers", &lines);
    let args = ["play", "fleet-dice", "--players", "Ann,Bob", "--answers", "s.answers", "--save", "s.jsonl"];
    let args: Vec<&str> = args.into_iter().chain(["--db", "h.sqlite3", "--serve", "--bind", "127.0.0.1:0"]).collect();
    let mut host = crate::host::Host::start(&crate::child::bin(), d, &args, "s.jsonl");
    let started = std::time::Instant::now();
    while !d.join("s-final.html").exists() {
        assert!(started.elapsed() < std::time::Duration::from_secs(60), "{:?}", host.stderr.lock().unwrap());
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(host.finish(), Some(0));
    let said = host.stderr.lock().unwrap().join("\n");
    assert!(said.contains("warning: the game was not recorded in the history") && said.contains(damaged), "{said}");
    assert!(!std::fs::read_to_string(d.join("s-final.html")).unwrap().contains("class=\"bgstats\""));
    assert!(std::fs::read(d.join("h.sqlite3")).unwrap() == bytes, "left byte-identical");
    let beside: Vec<_> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("h.sqlite3-"))
        .collect();
    assert!(beside.is_empty(), "nothing created beside it: {beside:?}");
}
