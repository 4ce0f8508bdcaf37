//! The game-night history (#14) through the binary, against real SQLite files in temporary
//! folders: recording at the end of live games and with `score --record`, `import`,
//! `history`, `stats`, `night`, `export`, `players rename`, `history delete`; migrations
//! from an empty file and from every earlier schema version; refused files left
//! byte-identical; two processes writing at once; an unwritable database that only warns.

use std::path::{Path, PathBuf};

use deckhand::games::fleet::game::{Ask, Input};
use deckhand::games::fleet::random::random_input;
use deckhand::games::fleet::session::Session;
use deckhand::history::migrate::{APPLICATION_ID, MIGRATIONS, VERSION};
use deckhand::rng::Rng;
use predicates::str::contains;
use serde_json::Value;

use crate::common::{deckhand, fleet, repo, stderr, stdout, write};

/// A whole random Fleet game as answers, and the name of the player chosen to start.
fn answers(seed: u64, players: &[&str]) -> (String, String) {
    let rules = fleet();
    let names: Vec<String> = players.iter().map(|s| s.to_string()).collect();
    let mut session = Session::new(&rules, &names);
    let mut rng = Rng::new(seed);
    let (mut lines, mut starter) = (String::new(), String::new());
    while let Some(input) = random_input(&rules, &session, &mut rng) {
        let input = match input {
            Input::Roll { faces, .. } => Input::Roll { faces, digital: false },
            other => other,
        };
        if let (Some(d), Input::Choice(k)) = (session.game.decision(&rules), &input) {
            if d.ask == Ask::StartPlayer {
                starter = k.clone();
            }
        }
        lines.push_str(&match &input {
            Input::Choice(k) => k.clone(),
            Input::Roll { faces, .. } => faces.join(" "),
        });
        lines.push('\n');
        session.apply(&rules, input).unwrap();
    }
    (lines, starter)
}

/// `play` a whole Fleet game with the given players into `save`; returns who started.
fn play(dir: &Path, save: &str, seed: u64, players: &[&str], extra: &[&str]) -> (assert_cmd::assert::Assert, String) {
    let (lines, starter) = answers(seed, players);
    let name = format!("{save}.answers");
    write(dir, &name, &lines);
    let out = deckhand(dir)
        .args(["play", "fleet-dice", "--players", &players.join(","), "--save", save, "--answers", &name])
        .args(extra)
        .assert();
    (out, starter)
}

const WON: &str = "wind\nsail green\nsail blue\ncatch green small\ncatch green medium\ncatch green medium\n\
catch blue small\ncatch blue medium\ncatch blue medium\nhome green\nhome blue\nsail green\nsail blue\n\
catch green medium\ncatch blue medium\nhome green\nhome blue\n";

fn json(out: &assert_cmd::assert::Assert) -> Value {
    serde_json::from_str(&stdout(out)).unwrap_or_else(|e| panic!("{e}: {}", stdout(out)))
}

fn sheets() -> Vec<String> {
    ["ann", "bob", "jerome", "linda"]
        .iter()
        .map(|p| repo().join(format!("examples/{p}.toml")).display().to_string())
        .collect()
}

fn nauticus_sheets() -> Vec<String> {
    ["ann", "ben", "cleo"]
        .iter()
        .map(|p| repo().join(format!("examples/nauticus/{p}.toml")).display().to_string())
        .collect()
}

fn sha256(path: &Path) -> String {
    deckhand::history::content_hash(&std::fs::read(path).unwrap())
}

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

/// A history with three Fleet games on two nights and one Nauticus game.
pub(crate) fn club(d: &Path) {
    // Three fish per boat score 19, two 16, one 13.
    let sheet = |player: &str, fish: usize| {
        format!("game = \"fleet-dice\"\nplayer = \"{player}\"\n[marks]\ncod = 9\ncod_license = \"x x x\"\ncod_boat = \"x x x\"\n[fish]\ncod_boat = [{fish}, {fish}, {fish}]\n")
    };
    let mut n = 0;
    for (date, players) in [
        ("2025-01-10", vec![("Ann", 3), ("Bob", 1)]),
        ("2025-01-10", vec![("bob", 3), ("ANN", 2), ("Cy", 1)]),
        ("2025-01-17", vec![("Cy", 3), ("Dee", 2)]),
    ] {
        let files: Vec<String> = players
            .iter()
            .map(|(p, cod)| {
                n += 1;
                write(d, &format!("s{n}.toml"), &sheet(p, *cod))
            })
            .collect();
        deckhand(d).args(["score", "--db", "h.sqlite3", "--record", "--date", date]).args(&files).assert().success();
    }
    deckhand(d)
        .args(["score", "--db", "h.sqlite3", "--record", "--date", "2025-01-17"])
        .args(nauticus_sheets())
        .assert()
        .success();
}

#[test]
fn history_filters_and_every_format_in_the_chosen_language() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    club(d);
    let h = |args: &[&str]| stdout(&deckhand(d).args(["history", "--db", "h.sqlite3"]).args(args).assert().success());
    let table = h(&[]);
    assert!(table.contains("PLAYERS (* STARTED)") && table.contains("Fleet: The Dice Game"), "{table}");
    assert_eq!(table.lines().filter(|l| l.starts_with("│")).count(), 1 + 4, "a header and four plays");
    let ids = |text: String| -> Vec<u64> {
        serde_json::from_str::<Value>(&text)
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(ids(h(&["--format", "json"])), [4, 3, 2, 1], "newest first");
    assert_eq!(ids(h(&["--format", "json", "--player", "ann"])), [4, 2, 1], "any spelling of case");
    assert_eq!(ids(h(&["--format", "json", "--game", "fleet-dice", "--since", "2025-01-11"])), [3]);
    assert_eq!(ids(h(&["--format", "json", "--limit", "2"])), [4, 3]);
    let csv = h(&["--format", "csv"]);
    assert!(csv.starts_with("id,date,game,players,result,duration,location\n4,2025-01-17,Nauticus,"), "{csv}");
    let md = h(&["--format", "markdown"]);
    assert!(md.starts_with("| # | DATE | GAME |"), "{md}");
    let de = stdout(&deckhand(d).args(["--lang", "de", "history", "--db", "h.sqlite3"]).assert().success());
    assert!(de.contains("SPIELER (* BEGANN)") && de.contains("Fleet: Das Würfelspiel"), "{de}");
    let fr = stdout(&deckhand(d).args(["--lang", "fr", "history", "--db", "h.sqlite3"]).assert().success());
    assert!(fr.contains("RÉSULTAT") && fr.contains("Fleet : Le jeu de dés"), "{fr}");
    deckhand(d).args(["history", "--db", "h.sqlite3", "--since", "yesterday"]).assert().code(2);
    // Nothing recorded yet: said on stderr, no file created.
    let out = deckhand(d).args(["history", "--db", "none.sqlite3"]).assert().success();
    assert!(stderr(&out).contains("No plays recorded yet"));
    assert!(!d.join("none.sqlite3").exists());
}

#[test]
fn stats_per_player_head_to_head_and_per_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    club(d);
    let s =
        json(&deckhand(d).args(["stats", "--db", "h.sqlite3", "--format", "json", "--game", "fleet-dice"]).assert());
    let ann = s["players"].as_array().unwrap().iter().find(|p| p["player"] == "Ann").unwrap().clone();
    assert_eq!(
        (ann["plays"].as_u64(), ann["wins"].as_u64(), ann["win_rate"].as_str()),
        (Some(2), Some(1), Some("50%"))
    );
    let cats = s["categories_fleet-dice"].as_array().unwrap();
    let ann_cats = cats.iter().find(|p| p["player"] == "Ann").unwrap();
    for id in ["fish", "boats", "licenses", "buildings", "bonus"] {
        assert!(ann_cats[id].is_number(), "{ann_cats}");
    }
    let pair = s["head_to_head"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["player"] == "Ann" && h["opponent"] == "Bob")
        .unwrap()
        .clone();
    assert_eq!((pair["plays"].as_u64(), pair["ahead"].as_u64(), pair["behind"].as_u64()), (Some(2), Some(1), Some(1)));
    assert_eq!(s["games"][0]["plays"], 3);
    assert!(s["games"][0]["record"].is_number() && s["games"][0]["record_by"].is_string());
    let table = stdout(&deckhand(d).args(["stats", "--db", "h.sqlite3"]).assert().success());
    for part in ["Players", "Average points per category — Fleet: The Dice Game", "Head to head", "Games", "WIN RATE"]
    {
        assert!(table.contains(part), "{part} in\n{table}");
    }
    let de =
        stdout(&deckhand(d).args(["--lang", "de", "stats", "--db", "h.sqlite3", "--player", "ANN"]).assert().success());
    assert!(de.contains("Direkter Vergleich") && de.contains("LIZENZEN") && de.contains("SIEGQUOTE"), "{de}");
    let csv = stdout(&deckhand(d).args(["stats", "--db", "h.sqlite3", "--format", "csv"]).assert().success());
    assert!(csv.starts_with("player,plays,wins,win_rate,average,best,worst\n"), "{csv}");
    assert!(csv.contains("\nplayer,fish,boats,licenses,buildings,bonus\n"), "{csv}");
    let md = stdout(&deckhand(d).args(["stats", "--db", "h.sqlite3", "--format", "markdown"]).assert().success());
    assert!(md.contains("### Head to head"), "{md}");
}

#[test]
fn one_night_with_its_champion() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    club(d);
    let out = stdout(&deckhand(d).args(["night", "2025-01-10", "--db", "h.sqlite3"]).assert().success());
    assert!(out.contains("Game night of 2025-01-10"), "{out}");
    // Ann and Bob won once each; Ann has more points that night (19 + 16 against 13 + 19).
    let j = json(&deckhand(d).args(["night", "2025-01-10", "--db", "h.sqlite3", "--format", "json"]).assert());
    assert_eq!(j["plays"].as_array().unwrap().len(), 2);
    assert_eq!(j["champions"], serde_json::json!(["Ann"]));
    assert!(out.contains("Champion of the night: Ann (1 win, 35 points)"), "{out}");
    let latest = json(&deckhand(d).args(["night", "--db", "h.sqlite3", "--format", "json"]).assert());
    assert_eq!(latest["night"], "2025-01-17");
    let fr = stdout(&deckhand(d).args(["--lang", "fr", "night", "--db", "h.sqlite3"]).assert().success());
    assert!(fr.contains("Soirée de jeu du 2025-01-17") && fr.contains("Champion de la soirée"), "{fr}");
    let none = deckhand(d).args(["night", "2024-12-31", "--db", "h.sqlite3"]).assert().success();
    assert!(stderr(&none).contains("No plays recorded on the night of 2024-12-31"));
    deckhand(d).args(["night", "2024-02-30", "--db", "h.sqlite3"]).assert().code(2);
}

#[test]
fn bg_stats_export_field_by_field() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (out, starter) = play(d, "g.jsonl", 9, &["Ann", "Bob"], &["--db", "h.sqlite3"]);
    out.success();
    club(d);
    let all = json(&deckhand(d).args(["export", "--db", "h.sqlite3"]).assert().success());
    let plays = all.as_array().unwrap();
    assert_eq!(plays.len(), 5, "every play, oldest first");
    let live = &plays[4];
    let keys: Vec<&str> = live.as_object().unwrap().keys().map(String::as_str).collect();
    for k in ["sourceName", "sourcePlayId", "playDate", "durationMin", "game", "players"] {
        assert!(keys.contains(&k), "{k} in {live}");
    }
    assert_eq!(live["sourceName"], "deckhand");
    assert_eq!(live["sourcePlayId"], format!("deckhand-{}", sha256(&d.join("g.jsonl"))));
    let date = live["playDate"].as_str().unwrap();
    assert_eq!((date.len(), &date[4..5], &date[10..11], &date[13..14]), (19, "-", " ", ":"), "{date}");
    assert!(live["durationMin"].is_u64());
    assert_eq!(live["game"]["name"], "Fleet: The Dice Game");
    assert!(live["game"].get("bggId").is_none(), "the built-in rules give no BGG id: none could be confirmed");
    assert_eq!(live["game"]["highestWins"], true);
    assert_eq!(live["game"]["noPoints"], false);
    for p in live["players"].as_array().unwrap() {
        assert!(p["name"].is_string() && p["score"].is_i64() && p["rank"].is_u64(), "{p}");
        assert_eq!(p["winner"], p["rank"] == 1);
        assert_eq!(p["startPlayer"], p["name"] == starter.as_str());
    }
    let paper = &plays[0];
    assert_eq!(paper["playDate"], "2025-01-10 00:00:00");
    assert!(paper.get("durationMin").is_none(), "no duration for a paper game");
    let nauticus = &plays[3];
    assert!(nauticus["game"].get("bggId").is_none(), "no unconfirmed BGG id is invented");
    // JSON and CSV: every play and every player's categories.
    let j = json(&deckhand(d).args(["export", "--format", "json", "--db", "h.sqlite3"]).assert());
    assert_eq!(j[4]["players"][0]["categories"].as_object().unwrap().len(), 5);
    let csv =
        stdout(&deckhand(d).args(["export", "--format", "csv", "--db", "h.sqlite3", "--game", "nauticus"]).assert());
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("play_id,night,started_at,duration_min,game_id,game,mode,result,seat,player,start_player,score,rank,winner,category,points")
    );
    assert_eq!(lines.count(), 3 * 4, "three players, four Nauticus categories each");
    // A rules file that gives the BoardGameGeek id exports it.
    let rules = std::fs::read_to_string(repo().join("rules/nauticus.toml")).unwrap();
    write(d, "mine.toml", &rules.replacen("year = 2013\n", "year = 2013\nbgg_id = 12345\n", 1));
    deckhand(d)
        .args(["score", "--rules", "mine.toml", "--record", "--db", "mine.sqlite3"])
        .args(nauticus_sheets())
        .assert()
        .success();
    let mine = json(&deckhand(d).args(["export", "--db", "mine.sqlite3"]).assert().success());
    assert_eq!(mine[0]["game"]["bggId"], 12345);
}

#[test]
fn import_backfills_from_saves_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    play(d, "a.jsonl", 1, &["Ann", "Bob"], &["--no-record"]).0.success();
    play(d, "b.jsonl", 2, &["Ann", "Cy", "Dee"], &["--no-record"]).0.success();
    write(d, "won.txt", WON);
    deckhand(d)
        .args(["play", "fischerspiel", "--players", "Ann,Bob", "-o", "f.jsonl", "--answers", "won.txt", "--no-record"])
        .assert()
        .success();
    // An unfinished game: its first ten decisions only.
    let (lines, _) = answers(3, &["Ann", "Bob"]);
    write(d, "part.txt", &lines.lines().take(10).map(|l| format!("{l}\n")).collect::<String>());
    deckhand(d)
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "part.jsonl", "--answers", "part.txt"])
        .assert()
        .code(2);
    let out = deckhand(d)
        .args(["import", "a.jsonl", "b.jsonl", "f.jsonl", "part.jsonl", "--db", "h.sqlite3"])
        .assert()
        .success();
    let err = stderr(&out);
    assert!(err.contains("a.jsonl: recorded as play #1") && err.contains("f.jsonl: recorded as play #3"), "{err}");
    assert!(err.contains("part.jsonl: the game is not finished; not imported"), "{err}");
    let again = deckhand(d).args(["import", "b.jsonl", "a.jsonl", "--db", "h.sqlite3"]).assert().success();
    assert!(stderr(&again).contains("b.jsonl: already in the history (play #2), skipped"), "{}", stderr(&again));
    let list = json(&deckhand(d).args(["history", "--format", "json", "--db", "h.sqlite3"]).assert());
    assert_eq!(list.as_array().unwrap().len(), 3);
    assert!(list.as_array().unwrap().iter().all(|p| p["source"] == "import"));
    // A live recording and an import of the same save are one play.
    play(d, "c.jsonl", 4, &["Ann", "Bob"], &["--db", "h.sqlite3"]).0.success();
    let out = deckhand(d).args(["import", "c.jsonl", "--db", "h.sqlite3"]).assert().success();
    assert!(stderr(&out).contains("already in the history (play #4)"));
    // A file that is not a save: its error, the others still imported, exit 2.
    write(d, "junk.jsonl", "not json\n");
    deckhand(d).args(["import", "junk.jsonl", "--db", "h.sqlite3"]).assert().code(2).stderr(contains("junk.jsonl"));
}

#[test]
fn players_are_matched_without_case_and_rename_merges_spellings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    club(d);
    let plays_of = |name: &str| {
        let s = json(&deckhand(d).args(["stats", "--db", "h.sqlite3", "--format", "json", "--player", name]).assert());
        s["players"].as_array().unwrap().first().map(|p| p["plays"].as_u64().unwrap())
    };
    assert_eq!(plays_of("ann"), Some(3), "Ann, ANN and Ann are one player");
    let out = deckhand(d).args(["players", "rename", "dee", "Cy", "--db", "h.sqlite3"]).assert().code(2);
    assert!(stderr(&out).contains("`dee` and `Cy` both played in play #3"), "{}", stderr(&out));
    let out = deckhand(d).args(["players", "rename", "cleo", "Cy", "--db", "h.sqlite3"]).assert().success();
    assert!(stderr(&out).contains("`cleo` merged into `Cy` (1 play moved)."), "{}", stderr(&out));
    assert_eq!(plays_of("cy"), Some(3));
    assert_eq!(plays_of("cleo"), Some(3), "cleo is one of Cy's names now");
    deckhand(d).args(["players", "rename", "ann", "Anna", "--db", "h.sqlite3"]).assert().success();
    assert_eq!(plays_of("ANNA"), Some(3));
    deckhand(d)
        .args(["players", "rename", "Zed", "Bob", "--db", "h.sqlite3"])
        .assert()
        .code(2)
        .stderr(contains("no player `Zed`"));
}

#[test]
fn delete_asks_refuses_without_a_terminal_and_deletes_with_yes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    club(d);
    let count = || {
        json(&deckhand(d).args(["history", "--format", "json", "--db", "h.sqlite3"]).assert()).as_array().unwrap().len()
    };
    let out = deckhand(d)
        .args(["history", "delete", "2", "--db", "h.sqlite3"])
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(2);
    assert!(stderr(&out).contains("play #2 (Fleet: The Dice Game, 2025-01-10: ") && stderr(&out).contains("--yes"));
    assert_eq!(count(), 4);
    deckhand(d)
        .args(["history", "delete", "2", "--yes", "--db", "h.sqlite3"])
        .assert()
        .success()
        .stderr(contains("Deleted play #2"));
    assert_eq!(count(), 3);
    deckhand(d)
        .args(["history", "delete", "2", "--yes", "--db", "h.sqlite3"])
        .assert()
        .code(2)
        .stderr(contains("no play #2"));
    let s = json(&deckhand(d).args(["stats", "--db", "h.sqlite3", "--format", "json", "--player", "bob"]).assert());
    assert_eq!(s["players"][0]["plays"], 1, "the totals follow the delete");
    // A filter with a subcommand does not apply: refused.
    deckhand(d).args(["history", "--game", "fleet-dice", "delete", "1", "--yes", "--db", "h.sqlite3"]).assert().code(2);
}

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

/// A history of `n` made-up Fleet plays of three players (filled without a sync per play).
fn filled(path: &Path, n: u64) {
    use deckhand::history::{Date, Db, Outcome, PlayRecord, PlaySource, PlayerRecord};
    let mut db = Db::open(path).unwrap();
    db.connection().pragma_update(None, "synchronous", "OFF").unwrap();
    for i in 0..n {
        let players = ["Ann", "Bob", "Cy"]
            .iter()
            .enumerate()
            .map(|(seat, name)| {
                let score = ((i * 7 + seat as u64 * 13) % 60) as i64;
                PlayerRecord {
                    name: name.to_string(),
                    score: Some(score),
                    rank: Some(1 + seat as u32),
                    winner: seat == 0,
                    categories: vec![("fish".into(), score / 2), ("boats".into(), score - score / 2)],
                }
            })
            .collect();
        let play = PlayRecord {
            game_id: "fleet-dice".into(),
            game_name: "Fleet: The Dice Game".into(),
            bgg_id: Some(269_188),
            started_at: Some(1_700_000_000 + i as i64 * 3_600),
            utc_offset: 0,
            night: Date::from_days(19_675 + (i / 3) as i64),
            duration_s: Some(1_800),
            source: PlaySource::Live,
            players,
            start_player: Some(0),
            rules_fingerprint: "0123456789abcdef".into(),
            save_hash: Some(format!("{i:064x}")),
            outcome: Outcome::Ranked,
            location: None,
            deal: None,
        };
        deckhand::history::record::record(&mut db, &play).unwrap();
    }
}

/// Set for the test binary run by `peak_kib`: the arguments of the deckhand to measure.
#[cfg(target_os = "linux")]
const PEAK_ARGS: &str = "DECKHAND_TEST_PEAK_ARGS";

/// The peak resident memory of one `deckhand` run, in KiB. A child's `ru_maxrss` includes
/// the memory of the process that spawned it (the child shares it until `exec`), so a
/// small process spawns deckhand: this test binary, run for `peak_memory_probe` alone.
#[cfg(target_os = "linux")]
fn peak_kib(dir: &Path, args: &[&str]) -> i64 {
    let out = crate::child::command_in(std::env::current_exe().unwrap(), dir)
        .args(["--exact", "history::peak_memory_probe", "--nocapture", "--test-threads=1", "-q"])
        .env(PEAK_ARGS, args.join("\u{1f}"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find_map(|l| l.strip_prefix("peak-kib ")).unwrap_or_else(|| panic!("{text}"));
    line.trim().parse().unwrap()
}

/// Not a test of its own: run by `peak_kib` in a process of its own, it runs deckhand and
/// prints the peak resident memory `wait4` reports for that very child.
#[cfg(target_os = "linux")]
#[test]
fn peak_memory_probe() {
    let Some(args) = std::env::var_os(PEAK_ARGS) else { return };
    let args: Vec<String> = args.to_string_lossy().split('\u{1f}').map(String::from).collect();
    // Without address-space randomisation the peak of a run is the same every time (with it,
    // where the binary's pages land moves it by up to 500 KiB). This process is ours alone.
    // SAFETY: personality only changes how this process and its children are laid out.
    unsafe { libc::personality(libc::ADDR_NO_RANDOMIZE as libc::c_ulong) };
    // Reaped by wait4 below (Child::wait would take the usage away).
    #[allow(clippy::zombie_processes)]
    let child = crate::child::deckhand_in(&std::env::current_dir().unwrap())
        .args(&args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value; wait4 fills it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid);
    assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0, "{args:?}: status {status}");
    println!("peak-kib {}", usage.ru_maxrss);
}

#[cfg(target_os = "linux")]
#[test]
fn history_streams_its_rows_in_the_same_memory_at_1_and_at_5000_plays() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    filled(&d.join("one.sqlite3"), 1);
    filled(&d.join("many.sqlite3"), 5_000);
    for format in ["table", "json", "csv", "markdown", "html"] {
        // The least of five runs each: the peak of one run wobbles by a few hundred KiB
        // (where the binary's pages land).
        let least = |db: &str| (0..5).map(|_| peak_kib(d, &["history", "--db", db, "--format", format])).min().unwrap();
        let (one, many) = (least("one.sqlite3"), least("many.sqlite3"));
        eprintln!("{format}: {one} KiB at 1 play, {many} KiB at 5,000");
        // Within 1 MiB: the peak of one and the same run still moves by up to ±400 KiB on
        // a loaded machine (the whole suite in parallel), while holding 5,000 plays' rows
        // would take several MiB.
        assert!(many - one <= 1_024, "{format}: {one} KiB at 1 play, {many} KiB at 5,000");
    }
    // Every play is listed, newest first, the same in JSON as in the table.
    let out = deckhand(d).args(["history", "--db", "many.sqlite3", "--format", "json"]).assert().success();
    let list = json(&out);
    assert_eq!(list.as_array().unwrap().len(), 5_000);
    assert_eq!((list[0]["id"].as_u64(), list[4_999]["id"].as_u64()), (Some(5_000), Some(1)));
    let table = stdout(&deckhand(d).args(["history", "--db", "many.sqlite3"]).assert().success());
    assert_eq!(table.lines().filter(|l| l.starts_with('│')).count(), 1 + 5_000);
    let widths: Vec<usize> = table.lines().map(|l| l.chars().count()).collect();
    assert!(widths.iter().all(|w| *w == widths[0]), "every line of the table as wide as the others");
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

fn export(d: &Path, db: &str) -> String {
    stdout(&deckhand(d).args(["export", "--format", "deckhand", "--db", db]).assert().success())
}

#[test]
fn a_deckhand_export_imported_into_an_empty_history_gives_the_same_history() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    club(d);
    play(d, "g.jsonl", 5, &["Ann", "Zoe"], &["--db", "h.sqlite3", "--location", "Table 1"]).0.success();
    write(d, "won.txt", WON);
    deckhand(d)
        .args([
            "play",
            "fischerspiel",
            "--players",
            "Ann,Bob",
            "-o",
            "c.jsonl",
            "--answers",
            "won.txt",
            "--db",
            "h.sqlite3",
        ])
        .assert()
        .success();
    let text = export(d, "h.sqlite3");
    assert_eq!(text.lines().count(), 1 + 6, "a head line and six plays:\n{text}");
    assert_eq!(text.matches("\"location\":\"Table 1\"").count(), 1, "{text}");
    write(d, "club.deckhand", &text);
    let out = deckhand(d).args(["import", "club.deckhand", "--db", "new.sqlite3"]).assert().success();
    assert!(stderr(&out).contains("club.deckhand: 6 plays recorded, 0 already in the history"), "{}", stderr(&out));
    assert!(stderr(&out).contains("7 new players: Ann, Bob, Cy, Dee, Ben, Cleo, Zoe"), "{}", stderr(&out));
    assert_eq!(export(d, "new.sqlite3"), text, "every play, field by field, with its number");
    for args in [&["history", "--format", "json"][..], &["stats", "--format", "json"], &["export", "--format", "csv"]] {
        let of = |db: &str| stdout(&deckhand(d).args(args).args(["--db", db]).assert().success());
        assert_eq!(of("new.sqlite3"), of("h.sqlite3"), "{args:?}");
    }
}

#[test]
fn merging_another_laptops_database_twice_changes_nothing_the_second_time() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    club(d);
    // Table 2 played one live game and recorded one of table 1's paper games as well.
    play(d, "t2.jsonl", 9, &["Eve", "ann"], &["--db", "t2.sqlite3"]).0.success();
    deckhand(d).args(["import", "h.sqlite3", "--db", "t2.sqlite3"]).assert().success();
    let once = export(d, "t2.sqlite3");
    let out = deckhand(d).args(["import", "h.sqlite3", "--db", "t2.sqlite3"]).assert().success();
    assert!(stderr(&out).contains("h.sqlite3: 0 plays recorded, 4 already in the history"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("new player"), "{}", stderr(&out));
    assert_eq!(export(d, "t2.sqlite3"), once);
    // Ann of table 1 and ann of table 2 are one player.
    let s = json(&deckhand(d).args(["stats", "--db", "t2.sqlite3", "--player", "Ann", "--format", "json"]).assert());
    assert_eq!(s["players"][0]["plays"], 3 + 1);
    // Merging back the other way: the first table now has table 2's live game too.
    deckhand(d).args(["import", "t2.sqlite3", "--db", "h.sqlite3"]).assert().success();
    assert_eq!(export(d, "h.sqlite3").lines().count(), 1 + 5);
    // A history is not merged into itself; a damaged export records nothing of its file.
    let out = deckhand(d).args(["import", "h.sqlite3", "--db", "h.sqlite3"]).assert().code(2);
    assert!(stderr(&out).contains("is the history itself"), "{}", stderr(&out));
    let mut text = export(d, "h.sqlite3");
    text.push_str("{\"id\":7}\n");
    write(d, "bad.deckhand", &text);
    let out = deckhand(d).args(["import", "bad.deckhand", "--db", "fresh.sqlite3"]).assert().code(2);
    assert!(stderr(&out).contains("bad.deckhand, line 7: not a play of a deckhand export"), "{}", stderr(&out));
    assert_eq!(export(d, "fresh.sqlite3").lines().count(), 1, "nothing recorded");
}

#[test]
fn players_merge_moves_every_play_and_the_merged_name_stays_the_players() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let sheet = |player: &str| format!("game = \"fleet-dice\"\nplayer = \"{player}\"\n[marks]\ncod = 9\n");
    let paper = |date: &str, players: &[&str], extra: &[&str]| {
        let files: Vec<String> = players.iter().map(|p| write(d, &format!("{date}-{p}.toml"), &sheet(p))).collect();
        deckhand(d).args(["score", "--db", "h.sqlite3", "--record", "--date", date]).args(extra).args(&files).assert()
    };
    paper("2025-02-01", &["Ann", "Bob"], &["--location", "Table 3"]).success();
    paper("2025-02-02", &["Anne", "Cy"], &[]).success();
    paper("2025-02-03", &["Anne", "Bob"], &[]).success();
    let plays_of = |name: &str| {
        let s = json(&deckhand(d).args(["stats", "--db", "h.sqlite3", "--format", "json", "--player", name]).assert());
        s["players"].as_array().unwrap().first().map(|p| (p["player"].clone(), p["plays"].as_u64().unwrap()))
    };
    assert_eq!(plays_of("anne").map(|p| p.1), Some(2));
    let out = deckhand(d).args(["players", "merge", "Anne", "ann", "--db", "h.sqlite3"]).assert().success();
    assert!(stderr(&out).contains("`Anne` merged into `ann` (2 plays moved)."), "{}", stderr(&out));
    assert_eq!(plays_of("Ann"), Some((Value::from("Ann"), 3)), "Ann keeps her name and has every play");
    assert_eq!(plays_of("ANNE"), Some((Value::from("Ann"), 3)), "Anne is one of Ann's names now");
    // A game typed later with "anne" lands on Ann, not on a new player.
    paper("2025-02-04", &["anne", "Dee"], &[]).success();
    assert_eq!(plays_of("Ann").map(|p| p.1), Some(4));
    let history =
        json(&deckhand(d).args(["history", "--db", "h.sqlite3", "--format", "json", "--player", "ann"]).assert());
    assert_eq!(history.as_array().unwrap().len(), 4);
    assert!(history.as_array().unwrap().iter().all(|p| p["players"][0]["name"] == "Ann"), "{history}");
    // Refused: one player twice, players who sat together, a name nobody has.
    let refused = |from: &str, into: &str, says: &str| {
        let out = deckhand(d).args(["players", "merge", from, into, "--db", "h.sqlite3"]).assert().code(2);
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
    };
    refused("anne", "Ann", "are one player already");
    refused("Bob", "Ann", "both played in play #1");
    refused("Zed", "Ann", "no player `Zed`");
    // The location is recorded and shown.
    let table = stdout(&deckhand(d).args(["history", "--db", "h.sqlite3"]).assert().success());
    assert!(table.contains("LOCATION") && table.contains("Table 3"), "{table}");
    assert_eq!(history[3]["location"], "Table 3");
    deckhand(d).args(["score", "--record", "--location", "", "--db", "h.sqlite3"]).args(sheets()).assert().code(2);
}

/// `%XX` undone (the links write every byte outside encodeURIComponent's set that way).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let (mut out, mut i) = (Vec::new(), 0);
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&text[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn a_bg_stats_link_per_play_newest_first_opens_the_play_filled_in() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    club(d);
    let (out, starter) = play(d, "g.jsonl", 9, &["Ann", "Bob & Co"], &["--db", "h.sqlite3", "--location", "Café Nord"]);
    out.success();
    let text =
        stdout(&deckhand(d).args(["export", "--format", "bgstats-link", "--db", "h.sqlite3"]).assert().success());
    assert_eq!(text.lines().count(), 5, "one link per play");
    let limited = stdout(
        &deckhand(d)
            .args(["export", "--format", "bgstats-link", "--limit", "2", "--db", "h.sqlite3"])
            .assert()
            .success(),
    );
    assert_eq!(limited.lines().collect::<Vec<_>>(), text.lines().take(2).collect::<Vec<_>>());
    let link = text.lines().next().unwrap();
    let data =
        link.strip_prefix("https://app.bgstatsapp.com/createPlay.html?data=").unwrap_or_else(|| panic!("{link}"));
    assert!(data.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.!~*'()%".contains(&b)), "{data}");
    let play: Value = serde_json::from_str(&percent_decoded(data)).unwrap();
    // The newest play: the live game, with the documented fields.
    let game = &play["game"];
    assert_eq!(
        (&game["name"], &game["sourceGameId"], &game["highestWins"], &game["noPoints"]),
        (&Value::from("Fleet: The Dice Game"), &Value::from("fleet-dice"), &Value::from(true), &Value::from(false))
    );
    assert!(game.get("bggId").is_none(), "no unconfirmed BGG id is invented");
    assert_eq!(play["location"], "Café Nord");
    let date = play["playDate"].as_str().unwrap();
    assert_eq!((date.len(), &date[4..5], &date[10..11], &date[13..14]), (19, "-", " ", ":"), "{date}");
    assert!(play["durationMin"].is_u64(), "{play}");
    let players = play["players"].as_array().unwrap();
    assert_eq!(players.iter().map(|p| p["name"].as_str().unwrap()).collect::<Vec<_>>(), ["Ann", "Bob & Co"]);
    for p in players {
        assert!(p["score"].is_i64() && p["rank"].is_u64(), "{p}");
        assert_eq!(p["winner"], p["rank"] == 1);
        assert_eq!(p["startPlayer"], p["name"] == starter.as_str());
        assert_eq!(p["sourcePlayerId"], p["name"].as_str().unwrap().to_lowercase());
    }
    // The same play as the BG Stats JSON export writes it.
    let all = json(&deckhand(d).args(["export", "--db", "h.sqlite3"]).assert().success());
    assert_eq!(all[4], play);
}

/// A game's setup with digital dice dealt by `code` (solo for one player).
fn dealt_setup(code: &str, players: usize) -> deckhand::games::fleet::setup::FleetSetup {
    deckhand::games::fleet::setup::FleetSetup {
        dice: deckhand::games::fleet::game::Dice::Digital,
        seed: None,
        solo: players == 1,
        captains: false,
        trophies: false,
        deal: deckhand::games::fleet::setup::DealCode::parse(code),
        bots: None,
    }
}

/// A whole Fleet game on the deal `code`: every decision a person makes is
/// answered by `choose` (an index among its options), every roll dealt. The answers (one key
/// per line, for `--ask-all`) and every multi-die roll with its round.
fn dealt(code: &str, names: &[&str], choose: fn(usize) -> usize) -> (String, Vec<(u32, Vec<String>)>) {
    let rules = fleet();
    let setup = dealt_setup(code, names.len());
    let names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    let mut session = Session::with_setup(&rules, &names, setup.options());
    let (mut answers, mut rolls) = (String::new(), Vec::new());
    while let Some(d) = session.game.decision(&rules) {
        let input = match setup.digital_answer(&session, &rules).map(|a| a.input(&rules, &session.game)) {
            Some(input) => {
                if let Input::Roll { faces, .. } = &input {
                    if faces.len() > 1 {
                        rolls.push((session.game.round, faces.clone()));
                    }
                }
                input
            }
            None => {
                let key = d.options[choose(d.options.len())].key(&rules, &session.game).into_owned();
                answers.push_str(&key);
                answers.push('\n');
                Input::Choice(key)
            }
        };
        session.apply(&rules, input).unwrap();
    }
    (answers, rolls)
}

#[test]
fn two_tables_with_one_deal_roll_the_same_dice_while_choosing_differently_and_are_ranked_together() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (first, rolls_a) = dealt("club-7", &["Ann", "Bob"], |_| 0);
    let (last, rolls_b) = dealt("CLUB-7", &["Cy", "Dee"], |n| n - 1);
    assert_ne!(first, last, "the tables chose differently");
    assert!(rolls_a.len() >= 16, "a boat and a town roll in every round: {}", rolls_a.len());
    assert_eq!(rolls_a, rolls_b, "every roll of every round the same at both tables");
    let (_, other) = dealt("club-8", &["Ann", "Bob"], |_| 0);
    assert_ne!(other, rolls_a, "another deal, other dice");
    // The same games at the table: deckhand deals what the simulation dealt (an answer
    // would be refused otherwise), and records the deal.
    write(d, "first.txt", &first);
    write(d, "last.txt", &last);
    for (players, answers, save, db, place) in [
        ("Ann,Bob", "first.txt", "a.jsonl", "t1.sqlite3", "Table 1"),
        ("Cy,Dee", "last.txt", "b.jsonl", "t2.sqlite3", "Table 2"),
    ] {
        deckhand(d)
            .args(["play", "fleet-dice", "--players", players, "--dice", "digital", "--deal", "club-7", "--ask-all"])
            .args(["--answers", answers, "--save", save, "--db", db, "--location", place])
            .assert()
            .success();
    }
    let header = std::fs::read_to_string(d.join("a.jsonl")).unwrap();
    let header: Value = serde_json::from_str(header.lines().next().unwrap()).unwrap();
    assert_eq!((&header["setup"]["deal"], header["setup"].get("seed")), (&Value::from("CLUB-7"), None));
    // The club's night: table 2's history merged into table 1's, then the deal's standings.
    deckhand(d).args(["import", "t2.sqlite3", "--db", "t1.sqlite3"]).assert().success();
    let s =
        json(&deckhand(d).args(["standings", "--deal", "club-7", "--db", "t1.sqlite3", "--format", "json"]).assert());
    assert_eq!(s["deal"], "CLUB-7");
    let players = s["players"].as_array().unwrap();
    assert_eq!(players.len(), 4, "{s}");
    let mut names: Vec<&str> = players.iter().map(|p| p["player"].as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Ann", "Bob", "Cy", "Dee"]);
    let scores: Vec<i64> = players.iter().map(|p| p["score"].as_i64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "best first: {scores:?}");
    assert_eq!(players[0]["rank"], 1);
    for (i, p) in players.iter().enumerate() {
        let better = scores.iter().filter(|s| **s > scores[i]).count() as u64;
        assert_eq!(p["rank"].as_u64(), Some(better + 1), "{p}");
        assert!(p["location"] == "Table 1" || p["location"] == "Table 2", "{p}");
    }
    let history = json(&deckhand(d).args(["history", "--db", "t1.sqlite3", "--format", "json"]).assert());
    assert!(history.as_array().unwrap().iter().all(|p| p["deal"] == "CLUB-7"), "{history}");
    let table = stdout(&deckhand(d).args(["standings", "--deal", "CLUB-7", "--db", "t1.sqlite3"]).assert().success());
    assert!(table.contains("Deal CLUB-7: 2 tables") && table.contains("Table 2"), "{table}");
    let html = stdout(
        &deckhand(d)
            .args(["standings", "--deal", "club-7", "--db", "t1.sqlite3", "--format", "html"])
            .assert()
            .success(),
    );
    assert!(html.starts_with("<!doctype html>") && html.contains("<td>Dee</td>"), "{html}");
    // Refused: a deal with typed dice, a deal and a seed, a code that is no code.
    let refused = |extra: &[&str], says: &str| {
        let out =
            deckhand(d).args(["play", "fleet-dice", "--players", "A,B", "--deal", "x"]).args(extra).assert().code(2);
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
    };
    refused(&[], "add --dice digital");
    refused(&["--dice", "digital", "--seed", "3"], "give one of them");
    let out = deckhand(d).args(["standings", "--deal", "no such code!"]).assert().code(2);
    assert!(stderr(&out).contains("a deal code is 1 to 16 letters"), "{}", stderr(&out));
}

#[test]
fn a_dealt_roll_taken_back_shows_the_same_dice_again() {
    let rules = fleet();
    let setup = dealt_setup("night-1", 2);
    let names = ["Ann".to_string(), "Bob".to_string()];
    let mut session = Session::with_setup(&rules, &names, setup.options());
    let mut checked = 0;
    while let Some(d) = session.game.decision(&rules) {
        let input = match setup.digital_answer(&session, &rules).map(|a| a.input(&rules, &session.game)) {
            Some(input) => input,
            None => Input::Choice(d.options[0].key(&rules, &session.game).into_owned()),
        };
        if matches!(input, Input::Roll { .. }) && checked < 6 {
            session.apply(&rules, input.clone()).unwrap();
            session.undo_to_question(&rules, |_, _| false).unwrap();
            let again = setup.digital_answer(&session, &rules).map(|a| a.input(&rules, &session.game));
            assert_eq!(again, Some(input.clone()), "rolled again after an undo");
            checked += 1;
        }
        session.apply(&rules, input).unwrap();
    }
    assert_eq!(checked, 6);
}

#[test]
fn a_solo_deal_is_one_challenge_against_ruth_for_everyone_who_plays_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (first, rolls_a) = dealt("ruth-1", &["Ann"], |_| 0);
    let (last, rolls_b) = dealt("ruth-1", &["Bob"], |n| n - 1);
    assert_ne!(first, last);
    assert_eq!(rolls_a, rolls_b, "the same dice for both challengers");
    write(d, "first.txt", &first);
    write(d, "last.txt", &last);
    for (player, answers, save) in [("Ann", "first.txt", "a.jsonl"), ("Bob", "last.txt", "b.jsonl")] {
        deckhand(d)
            .args(["play", "fleet-dice", "--players", player, "--dice", "digital", "--deal", "ruth-1", "--ask-all"])
            .args(["--answers", answers, "--save", save, "--db", "h.sqlite3"])
            .assert()
            .success();
    }
    let s =
        json(&deckhand(d).args(["standings", "--deal", "RUTH-1", "--db", "h.sqlite3", "--format", "json"]).assert());
    let players = s["players"].as_array().unwrap();
    assert_eq!(players.len(), 2, "{s}");
    assert!(players.iter().all(|p| p["table_rank"].is_null()), "no table to rank at in a solo game: {s}");
    assert!(players[0]["score"].as_i64() >= players[1]["score"].as_i64());
}

#[test]
fn a_long_history_is_one_table_whose_columns_fit_its_first_rows_and_widen_for_a_later_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("h.sqlite3");
    filled(&db, 260);
    let out = stdout(&deckhand(dir.path()).args(["history", "--db", "h.sqlite3"]).assert().success());
    let rows: Vec<&str> = out.lines().filter(|l| l.starts_with('│')).collect();
    assert_eq!(rows.len(), 261, "a head and every play");
    // The first lines all have one width: the table is aligned where it starts.
    let width = |l: &str| l.chars().count();
    assert!(rows[..51].iter().all(|l| width(l) == width(rows[0])), "{out}");
    // A later play at a place of a longer name widens its column from that row on.
    let mut db = deckhand::history::Db::open(&db).unwrap();
    let mut longer = deckhand::history::query::play(&db, 1).unwrap().unwrap().record;
    longer.location = Some("The Old Harbour Master's Back Room".into());
    longer.save_hash = Some("f".repeat(64));
    longer.started_at = Some(1);
    deckhand::history::record::record(&mut db, &longer).unwrap();
    let out = stdout(&deckhand(dir.path()).args(["history", "--db", "h.sqlite3"]).assert().success());
    let rows: Vec<&str> = out.lines().filter(|l| l.starts_with('│')).collect();
    assert_eq!(rows.len(), 262);
    let wide = rows.iter().position(|l| l.contains("Back Room")).unwrap();
    assert!(wide > 50, "listed after the first rows ({wide}): {out}");
    assert!(width(rows[wide]) > width(rows[0]));
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

/// One play as a line of a deckhand export: two players (`names`), a location.
fn export_line(id: i64, names: &[&str], location: Option<&str>) -> String {
    let players: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let score = 50 - i as i64;
            serde_json::json!({"name": n, "score": score, "rank": i + 1, "winner": i == 0,
                               "categories": [["fish", score]]})
        })
        .collect();
    serde_json::json!({"id": id, "game_id": "fleet-dice", "game_name": "Fleet: The Dice Game", "bgg_id": null,
        "started_at": 1_700_000_000 + id * 3_600, "utc_offset": 0, "night": format!("2025-01-{:02}", id),
        "duration_s": 1800, "source": "paper", "mode": "ranked", "result": null, "final_wind": null,
        "solo_rating_min": null, "start_player": 0, "rules_fingerprint": "0123456789abcdef",
        "save_hash": format!("h{id}"), "location": location, "deal": null, "players": players})
    .to_string()
}

fn export_of(lines: &[String]) -> String {
    let mut text = String::from("{\"format\":\"deckhand-history\",\"version\":1}\n");
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    text
}

/// Issue 30: an import of another history took 10,000-character names, names with a line
/// break, ESC or BEL, and a 5,010-character location, which `play` and the export path
/// refuse, and the merged history's own export was then refused by `import`. Now every
/// play is held to the same checks wherever it comes from: a play that fails them is named
/// with the reason and left out, the rest is imported (exit 2), from a database and from an
/// export alike, and the history's export imports again.
#[test]
fn plays_with_names_or_a_location_play_refuses_are_named_and_left_out_by_every_import() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let good: Vec<String> = (1..=6).map(|i| export_line(i, &[&format!("Ann{i}"), &format!("Bob{i}")], None)).collect();
    write(d, "good.deckhand", &export_of(&good));
    deckhand(d).args(["import", "good.deckhand", "--db", "theirs.sqlite3"]).assert().success();
    // Their history as an older deckhand (or a hand with SQLite) left it.
    let long = "x".repeat(10_000);
    let conn = rusqlite::Connection::open(d.join("theirs.sqlite3")).unwrap();
    for (who, name) in
        [("Ann2", long.as_str()), ("Ann3", "Ann\nMallory"), ("Ann4", "A\u{1b}[2J"), ("Ann5", "Be\u{7}ll")]
    {
        conn.execute("UPDATE players SET name = ?1 WHERE name = ?2", [name, who]).unwrap();
    }
    conn.execute("UPDATE plays SET location = ?1 WHERE id = 6", ["y".repeat(5_010)]).unwrap();
    drop(conn);
    let why = [
        "play #2 left out: the name of player 1 has 10000 characters; a name has at most 32",
        "play #3 left out: the name of player 1 holds a control character",
        "play #4 left out: the name of player 1 holds a control character",
        "play #5 left out: the name of player 1 holds a control character",
        "play #6 left out: a location is a name of 1 to 100 characters without control characters",
    ];
    let out = deckhand(d).args(["import", "theirs.sqlite3", "--db", "ours.sqlite3"]).assert().code(2);
    let err = stderr(&out);
    for w in why {
        assert!(err.contains(&format!("theirs.sqlite3: {w}")), "{w}:\n{err}");
    }
    assert!(err.contains("theirs.sqlite3: 1 play recorded, 0 already in the history"), "{err}");
    assert!(err.contains("5 plays were left out (named above)") && !err.contains(&long), "{err}");
    // The same plays in an export: named by their line.
    let mut lines = good.clone();
    lines[1] = export_line(2, &[&long, "Bob2"], None);
    lines[2] = export_line(3, &["Ann\nMallory", "Bob3"], None);
    lines[3] = export_line(4, &["A\u{1b}[2J", "Bob4"], None);
    lines[4] = export_line(5, &["Be\u{7}ll", "Bob5"], None);
    lines[5] = export_line(6, &["Ann6", "Bob6"], Some(&"y".repeat(5_010)));
    write(d, "theirs.deckhand", &export_of(&lines));
    let out = deckhand(d).args(["import", "theirs.deckhand", "--db", "fresh.sqlite3"]).assert().code(2);
    let err = stderr(&out);
    for (line, w) in why.iter().enumerate() {
        assert!(err.contains(&format!("theirs.deckhand, line {}: {w}", line + 3)), "{w}:\n{err}");
    }
    assert!(err.contains("theirs.deckhand: 1 play recorded"), "{err}");
    // What the history holds exports and imports again, losslessly.
    let ours = export(d, "ours.sqlite3");
    write(d, "ours.deckhand", &ours);
    deckhand(d).args(["import", "ours.deckhand", "--db", "again.sqlite3"]).assert().success();
    assert_eq!(export(d, "again.sqlite3"), ours);
    // `players rename` takes no such name either.
    let out = deckhand(d).args(["players", "rename", "Ann1", "A\u{7}"]).args(["--db", "ours.sqlite3"]).assert().code(2);
    assert!(stderr(&out).contains("holds a control character"), "{}", stderr(&out));
}

/// Names and a location that are hostile to spreadsheets, Markdown, HTML, JSON and
/// terminals but that `play` takes: recorded, exported, imported into an empty history and
/// exported again, byte for byte the same; every listing of the two histories the same.
#[test]
fn a_history_with_hostile_names_exports_and_imports_again_losslessly() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let names: [&str; 12] = [
        "=SUM(A1:A9)",
        "+1 Bob",
        "-2, \"Cy\"",
        "@Dee; DROP TABLE plays;--",
        "O'Neil \\ \"Jr\"",
        "a|b *c* _d_ `e`",
        "<script>x</script>",
        "\u{202e}evil\u{202d}",
        "Zoë 🎲 李",
        "e\u{301}e\u{301}",
        &"é".repeat(32),
        "\"},{\"name\":\"x",
    ];
    let place = format!("Café \"Zum\" <b>|Tisch|</b>, =1+1 {}", "ü".repeat(60));
    let lines: Vec<String> = names
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| export_line(i as i64 + 1, pair, (i % 2 == 0).then_some(place.as_str())))
        .collect();
    write(d, "hostile.deckhand", &export_of(&lines));
    deckhand(d).args(["import", "hostile.deckhand", "--db", "one.sqlite3"]).assert().success();
    let first = export(d, "one.sqlite3");
    for name in names {
        assert!(first.contains(&serde_json::to_string(name).unwrap()), "{name}: {first}");
    }
    write(d, "one.deckhand", &first);
    deckhand(d).args(["import", "one.deckhand", "--db", "two.sqlite3"]).assert().success();
    assert_eq!(export(d, "two.sqlite3"), first, "byte for byte");
    for args in [
        &["history", "--format", "json"][..],
        &["history", "--format", "csv"],
        &["history", "--format", "markdown"],
        &["history"],
        &["stats", "--format", "json"],
        &["export", "--format", "csv"],
        &["export", "--format", "bgstats"],
    ] {
        let of = |db: &str| stdout(&deckhand(d).args(args).args(["--db", db]).assert().success());
        assert_eq!(of("two.sqlite3"), of("one.sqlite3"), "{args:?}");
    }
}

/// Issue 30: `deckhand players` printed only its help. It lists the history's players —
/// name, plays, wins, the night of their latest play — in every listing format.
#[test]
fn players_alone_lists_every_player_with_plays_wins_and_last_played_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let lines = vec![
        export_line(1, &["Ann", "Bob"], None),
        export_line(2, &["Bob", "Cy"], None),
        export_line(3, &["Ann", "Cy"], None),
    ];
    write(d, "p.deckhand", &export_of(&lines));
    deckhand(d).args(["import", "p.deckhand", "--db", "h.sqlite3"]).assert().success();
    let list = json(&deckhand(d).args(["players", "--format", "json", "--db", "h.sqlite3"]).assert());
    assert_eq!(
        list,
        serde_json::json!([
            {"player": "Ann", "plays": 2, "wins": 2, "last_played": "2025-01-03"},
            {"player": "Bob", "plays": 2, "wins": 1, "last_played": "2025-01-02"},
            {"player": "Cy", "plays": 2, "wins": 0, "last_played": "2025-01-03"},
        ])
    );
    let table = stdout(&deckhand(d).args(["players", "--db", "h.sqlite3"]).assert().success());
    assert!(table.contains("PLAYER") && table.contains("LAST PLAYED"), "{table}");
    assert!(table.lines().any(|l| l.contains("Ann") && l.contains(" 2 ") && l.contains("2025-01-03")), "{table}");
    let csv = stdout(&deckhand(d).args(["players", "--format", "csv", "--db", "h.sqlite3"]).assert().success());
    assert_eq!(csv, "player,plays,wins,last_played\nAnn,2,2,2025-01-03\nBob,2,1,2025-01-02\nCy,2,0,2025-01-03\n");
    let md =
        stdout(&deckhand(d).args(["--lang", "de", "players", "--format", "markdown", "--db", "h.sqlite3"]).assert());
    assert!(
        md.contains("| SPIELER | PARTIEN | SIEGE | ZULETZT GESPIELT |") && md.contains("| Cy | 2 | 0 | 2025-01-03 |"),
        "{md}"
    );
    let html = stdout(&deckhand(d).args(["--lang", "fr", "players", "--format", "html", "--db", "h.sqlite3"]).assert());
    assert!(html.contains("DERNIÈRE PARTIE") && html.contains("2025-01-02"), "{html}");
    // An empty history says so; a subcommand still works.
    let out = deckhand(d).args(["players", "--db", "none.sqlite3"]).assert().success();
    assert!(stderr(&out).contains("No plays recorded yet"), "{}", stderr(&out));
    deckhand(d).args(["players", "rename", "cy", "Cyd", "--db", "h.sqlite3"]).assert().success();
    let list = json(&deckhand(d).args(["players", "--format", "json", "--db", "h.sqlite3"]).assert());
    assert_eq!(list[2]["player"], "Cyd");
}

/// A filter that selects no play says so, not that nothing was ever recorded.
#[test]
fn a_filter_that_selects_no_play_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "p.deckhand", &export_of(&[export_line(1, &["Ann", "Bob"], None)]));
    deckhand(d).args(["import", "p.deckhand", "--db", "h.sqlite3"]).assert().success();
    for filter in [&["--player", "Zed"][..], &["--game", "titania"], &["--since", "2030-01-01"]] {
        let out = deckhand(d).arg("history").args(filter).args(["--db", "h.sqlite3"]).assert().success();
        assert!(
            stderr(&out).contains("No recorded play matches the filters given (history: h.sqlite3)."),
            "{filter:?}: {}",
            stderr(&out)
        );
    }
    let out = deckhand(d).args(["history", "--db", "none.sqlite3"]).assert().success();
    assert!(stderr(&out).contains("No plays recorded yet"), "{}", stderr(&out));
}
