//! Plays in and out of the history: `import` from saves, exports and other databases,
//! `export`, the BG Stats export and links; hostile names kept losslessly, plays that `play`
//! refuses left out.

use super::*;

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
