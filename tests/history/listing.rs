//! Reading the history: `history`, `stats`, `night`, `players` in every format and
//! language; a long history's table; memory that stays flat at 5,000 plays.

use super::*;

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

/// Set for the test binary run by `peak_kib`: the arguments of the deckhand to measure.
#[cfg(target_os = "linux")]
const PEAK_ARGS: &str = "DECKHAND_TEST_PEAK_ARGS";

/// The peak resident memory of one `deckhand` run, in KiB. A child's `ru_maxrss` includes
/// the memory of the process that spawned it (the child shares it until `exec`), so a
/// small process spawns deckhand: this test binary, run for `peak_memory_probe` alone.
#[cfg(target_os = "linux")]
fn peak_kib(dir: &Path, args: &[&str]) -> i64 {
    let out = crate::child::command_in(std::env::current_exe().unwrap(), dir)
        .args(["--exact", "history::listing::peak_memory_probe", "--nocapture", "--test-threads=1", "-q"])
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
    for filter in [&["--player", "Ann", "--game", "titania"][..], &["--game", "titania"], &["--since", "2030-01-01"]] {
        let out = deckhand(d).arg("history").args(filter).args(["--db", "h.sqlite3"]).assert().success();
        assert!(
            stderr(&out).contains("No recorded play matches the filters given (history: h.sqlite3)."),
            "{filter:?}: {}",
            stderr(&out)
        );
    }
    let out = deckhand(d).args(["history", "--db", "none.sqlite3"]).assert().success();
    assert!(stderr(&out).contains("No plays recorded yet"), "{}", stderr(&out));
    // stats likewise: plays there are, none of this game.
    let out = deckhand(d).args(["stats", "--game", "titania", "--db", "h.sqlite3"]).assert().success();
    assert_eq!(stderr(&out), "No recorded play matches the filters given (history: h.sqlite3).\n");
    // A player the history does not know: said so, with the one meant when one is close.
    for cmd in ["history", "stats"] {
        let out = deckhand(d).args([cmd, "--player", "Anne", "--db", "h.sqlite3"]).assert().success();
        assert_eq!(stderr(&out), "there is no player `Anne` in the history (did you mean `Ann`?)\n", "{cmd}");
        let out = deckhand(d).args([cmd, "--player", "Zed", "--db", "h.sqlite3"]).assert().success();
        assert_eq!(stderr(&out), "there is no player `Zed` in the history\n", "{cmd}");
    }
}
