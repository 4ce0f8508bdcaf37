//! Recording plays: at the end of live games, with `score --record`, from two processes at
//! once; an unwritable database that only warns; names with control characters refused.

use super::*;

#[test]
fn a_finished_fleet_game_is_recorded_with_everything_a_play_logger_keeps() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let db = d.join("h.sqlite3");
    let (out, starter) = play(d, "g.jsonl", 5, &["Ann", "Bob", "Cy"], &["--db", "h.sqlite3"]);
    let out = out.success();
    assert!(stderr(&out).contains("Recorded in the history as play #1"), "{}", stderr(&out));
    let save = std::fs::read_to_string(d.join("g.jsonl")).unwrap();
    assert!(save.lines().next().unwrap().contains("\"started\":"), "the header holds the start time");
    let list = json(&deckhand(d).args(["history", "--format", "json", "--db", "h.sqlite3"]).assert().success());
    let p = &list[0];
    assert_eq!(p["id"], 1);
    assert_eq!(p["game_id"], "fleet-dice");
    assert_eq!(p["source"], "live");
    assert_eq!(p["mode"], "ranked");
    assert_eq!(p["save_hash"], sha256(&d.join("g.jsonl")));
    assert!(p["duration_min"].is_u64() && p["started_at"].is_string(), "{p}");
    assert_eq!(p["rules_fingerprint"].as_str().unwrap().len(), 16);
    let players = p["players"].as_array().unwrap();
    assert_eq!(players.iter().map(|x| x["name"].as_str().unwrap()).collect::<Vec<_>>(), ["Ann", "Bob", "Cy"]);
    let started: Vec<&str> =
        players.iter().filter(|x| x["start_player"] == true).map(|x| x["name"].as_str().unwrap()).collect();
    assert_eq!(started, [starter.as_str()]);
    // Scores, ranks and categories are the replayed table's.
    let table = deckhand(d).args(["replay", "g.jsonl", "--format", "json"]).output().unwrap();
    let table: Value = serde_json::from_slice(&table.stdout).unwrap();
    for row in table["rows"].as_array().unwrap() {
        let me = players.iter().find(|x| x["name"] == row["player"]).unwrap();
        assert_eq!(me["score"], row["total"]);
        assert_eq!(me["rank"], row["rank"]);
        assert_eq!(me["winner"], row["rank"] == 1);
        let cats: Vec<&str> = me["categories"].as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(cats.len(), 5, "{me}");
        for id in ["fish", "boats", "licenses", "buildings", "bonus"] {
            assert!(cats.contains(&id), "{me}");
        }
        let sum: i64 = me["categories"].as_object().unwrap().values().map(|v| v.as_i64().unwrap()).sum();
        assert_eq!(Value::from(sum), row["total"]);
    }
    assert!(db.exists());
}

#[test]
fn no_record_writes_no_database_and_score_without_record_opens_none() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    play(d, "g.jsonl", 6, &["Ann", "Bob"], &["--no-record", "--db", "h.sqlite3"]).0.success();
    assert!(!d.join("h.sqlite3").exists());
    // Without --db and DECKHAND_DB the default lives in the data folder under HOME.
    let home_db = d.join(".local/share/deckhand/history.sqlite3");
    deckhand(d).env_remove("DECKHAND_DB").arg("score").args(sheets()).assert().success();
    deckhand(d).env_remove("DECKHAND_DB").arg("check").args(sheets()).assert().success();
    assert!(!home_db.exists(), "score and check without --record never touch the database");
    deckhand(d).env_remove("DECKHAND_DB").arg("score").args(sheets()).arg("--record").assert().success();
    assert!(home_db.exists(), "the platform's data folder is created on the first write");
}

#[test]
fn a_fischerspiel_game_is_recorded_won_together_with_its_final_wind() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "won.txt", WON);
    let out = deckhand(d)
        .env("DECKHAND_DB", d.join("h.sqlite3"))
        .args(["play", "fischerspiel", "--players", "Ann,Bob", "-o", "f.jsonl", "--answers", "won.txt"])
        .assert()
        .success();
    assert!(stderr(&out).contains("Recorded in the history as play #1"), "{}", stderr(&out));
    let list = json(&deckhand(d).env("DECKHAND_DB", "h.sqlite3").args(["history", "--format", "json"]).assert());
    let p = &list[0];
    assert_eq!(
        (p["mode"].as_str(), p["result"].as_str(), p["final_wind"].as_u64()),
        (Some("coop"), Some("won"), Some(0))
    );
    assert_eq!(p["players"][0]["name"], "Ann");
    assert_eq!(p["players"][1]["winner"], true);
    assert_eq!(p["players"][1]["score"], Value::Null);
    let table = stdout(&deckhand(d).env("DECKHAND_DB", "h.sqlite3").arg("history").assert().success());
    assert!(table.contains("won together (wind 0)") && table.contains("The Fishing Game"), "{table}");
    // A number of players still works; the boats then stand for the players.
    write(d, "won2.txt", WON);
    deckhand(d)
        .env("DECKHAND_DB", "h.sqlite3")
        .args(["play", "fischerspiel", "--players", "2", "-o", "f2.jsonl", "--answers", "won2.txt"])
        .assert()
        .success();
    let stats = json(&deckhand(d).env("DECKHAND_DB", "h.sqlite3").args(["stats", "--format", "json"]).assert());
    assert_eq!(stats["games"][0]["plays"], 2);
    assert_eq!(stats["games"][0]["coop_won"], 2);
}

#[test]
fn score_record_keeps_paper_games_once_on_the_date_given() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let rec = |args: &[&str], sheets: &[String]| {
        deckhand(d).args(["score", "--db", "h.sqlite3"]).args(args).args(sheets).assert()
    };
    let out = rec(&["--record", "--date", "2025-03-14"], &sheets()).success();
    assert!(stdout(&out).contains("Linda") && stderr(&out).contains("play #1"), "the table, then the note");
    let again = rec(&["--record"], &sheets()).success();
    assert!(stderr(&again).contains("already in the history (play #1)"), "{}", stderr(&again));
    rec(&["--record", "--date", "2025-03-14"], &nauticus_sheets()).success();
    rec(&["--date", "2025-03-14"], &sheets()).code(2).stderr(contains("--record"));
    rec(&["--record", "--date", "14.03.2025"], &sheets())
        .code(2)
        .stderr(contains("`14.03.2025` is not a date: write it as YYYY-MM-DD"));
    let list = json(&deckhand(d).args(["history", "--format", "json", "--db", "h.sqlite3"]).assert());
    assert_eq!(list.as_array().unwrap().len(), 2);
    assert_eq!(list[1]["night"], "2025-03-14");
    assert_eq!(list[1]["source"], "paper");
    assert_eq!(list[1]["started_at"], Value::Null);
    assert_eq!(list[0]["game_id"], "nauticus");
    // Nauticus: Ann and Ben tie on 115, Ben wins on the tie-break; seats in file order.
    let names: Vec<&str> = list[0]["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ann", "Ben", "Cleo"]);
    assert_eq!(
        (list[0]["players"][1]["rank"].as_u64(), list[0]["players"][1]["winner"].as_bool()),
        (Some(1), Some(true))
    );
    assert_eq!(list[0]["players"][0]["categories"]["ships"], 34);
}

#[test]
fn an_unwritable_database_only_warns_at_the_end_of_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "plain-file", "x");
    // The database's folder cannot be created (a file is in the way).
    let (out, _) = play(d, "g.jsonl", 12, &["Ann", "Bob"], &["--db", "plain-file/h.sqlite3"]);
    let out = out.success();
    assert!(
        stderr(&out).contains("warning: the game was not recorded in the history: cannot use plain-file"),
        "{}",
        stderr(&out)
    );
    assert!(d.join("g-ann.toml").exists() && d.join("g.jsonl").exists());
    let out =
        deckhand(d).arg("score").args(sheets()).args(["--record", "--db", "plain-file/h.sqlite3"]).assert().success();
    assert!(stderr(&out).contains("warning: the game was not recorded"));
    // A read-only folder (root writes anyway, so only checked as another user).
    #[cfg(unix)]
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::create_dir(d.join("ro")).unwrap();
        deckhand(d).arg("score").args(sheets()).args(["--record", "--db", "ro/h.sqlite3"]).assert().success();
        std::fs::set_permissions(d.join("ro"), std::fs::Permissions::from_mode(0o555)).unwrap();
        std::fs::set_permissions(d.join("ro/h.sqlite3"), std::fs::Permissions::from_mode(0o444)).unwrap();
        let (out, _) = play(d, "r.jsonl", 13, &["Ann", "Bob"], &["--db", "ro/h.sqlite3"]);
        let out = out.success();
        assert!(stderr(&out).contains("warning: the game was not recorded"), "{}", stderr(&out));
        std::fs::set_permissions(d.join("ro"), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

#[test]
fn processes_recording_at_the_same_moment_all_land() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Eight processes start together on a database that does not exist yet; each records
    // a different game (the same sheets under other player names).
    let mut children = Vec::new();
    for i in 0..8 {
        let files: Vec<String> = ["ann", "bob", "jerome", "linda"]
            .iter()
            .map(|p| {
                let text = std::fs::read_to_string(repo().join(format!("examples/{p}.toml"))).unwrap();
                let text =
                    text.replace(&format!("player = \"{}", capital(p)), &format!("player = \"{}{i}", capital(p)));
                write(d, &format!("{p}{i}.toml"), &text)
            })
            .collect();
        let mut cmd = crate::child::deckhand_in(d);
        cmd.args(["score", "--record", "--db", "h.sqlite3"]).args(&files);
        cmd.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::piped());
        children.push(cmd.spawn().unwrap());
    }
    for (i, child) in children.into_iter().enumerate() {
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "process {i}: {}: {err}", out.status);
        assert!(err.contains("Recorded in the history as play #"), "process {i}: {err}");
    }
    let list = json(&deckhand(d).args(["history", "--format", "json", "--db", "h.sqlite3"]).assert());
    assert_eq!(list.as_array().unwrap().len(), 8);
    let s = json(&deckhand(d).args(["stats", "--format", "json", "--db", "h.sqlite3"]).assert());
    assert_eq!(s["players"].as_array().unwrap().len(), 32);
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

/// A name with a control character never enters the history (`score --record` refuses it,
/// as `play` does, and records nothing); one already in a history of an earlier deckhand
/// is escaped in its tables.
#[test]
fn control_characters_in_names_are_refused_and_escaped_in_tables() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = std::fs::read_to_string(repo().join("examples/linda.toml")).unwrap();
    write(d, "evil.toml", &text.replace("player = \"Linda\"", "player = \"Li\\u001b[31mnda\""));
    let out = deckhand(d).args(["score", "--record", "--db", "h.sqlite3", "evil.toml"]).assert().code(2);
    assert!(
        stderr(&out).contains("the name of player 1 holds a control character") && stdout(&out).contains("TOTAL"),
        "{}",
        stderr(&out)
    );
    assert!(
        !d.join("h.sqlite3").exists()
            || !stdout(&deckhand(d).args(["history", "--db", "h.sqlite3"]).assert()).contains("nda")
    );
    // An earlier deckhand's history holding such a name.
    filled(&d.join("old.sqlite3"), 1);
    rusqlite::Connection::open(d.join("old.sqlite3"))
        .unwrap()
        .execute("UPDATE players SET name = 'Li' || char(27) || '[31mnda' WHERE name = 'Ann'", [])
        .unwrap();
    let out = stdout(&deckhand(d).args(["history", "--db", "old.sqlite3"]).assert().success());
    assert!(out.contains("Li\\u{1b}[31mnda") && !out.contains('\u{1b}'), "{out}");
}
