//! Players across the history: names matched without case, `players rename` and
//! `players merge`, `history delete`.

use super::*;

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
    // A slip of the keyboard: the recorded name it comes closest to.
    deckhand(d)
        .args(["--lang", "de", "players", "merge", "Boob", "Anna", "--db", "h.sqlite3"])
        .assert()
        .code(2)
        .stderr("deckhand: im Verlauf gibt es keinen Spieler `Boob` (meintest du `Bob`?)\n");
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
