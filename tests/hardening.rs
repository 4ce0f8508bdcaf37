//! Faults and hostile input beyond a crash: a second process on the same save, a shared
//! folder, odd names, special files, closed pipes, saves from elsewhere (issue #11).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use predicates::prelude::*;
use predicates::str::contains;

use crate::common::{deckhand, repo};
use crate::test::Test;

const TWO_PLAYERS: &str = "tests/games/two_players.answers";

/// The first `n` answers of the hand-worked 2-player game, in `dir/name`.
fn answers_prefix(dir: &Path, name: &str, n: usize) {
    let text = std::fs::read_to_string(repo().join(TWO_PLAYERS)).unwrap();
    let lines: Vec<&str> =
        text.lines().filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).take(n).collect();
    std::fs::write(dir.join(name), lines.join("\n") + "\n").unwrap();
}

/// A save of the 2-player game stopped after `n` answers (`play` runs out of answers).
fn partial_save(dir: &Path, save: &str, n: usize) {
    answers_prefix(dir, "part.txt", n);
    deckhand(dir)
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", save, "--answers", "part.txt"])
        .assert()
        .code(2);
}

/// `deckhand` run in `dir`, hermetic: its history, HOME and data folder are `dir`'s.
fn bin(dir: &Path) -> Command {
    crate::child::deckhand_in(dir)
}

/// Wait until some process holds a lock on `path` (read from /proc/locks, without taking
/// a lock ourselves, which could make the holder fail).
#[cfg(target_os = "linux")]
fn wait_for_lock(path: &Path) {
    use std::os::unix::fs::MetadataExt;
    let ino = std::fs::metadata(path).unwrap().ino();
    let start = Instant::now();
    loop {
        let locks = std::fs::read_to_string("/proc/locks").unwrap_or_default();
        if locks.lines().any(|l| {
            l.contains("FLOCK") && l.split_whitespace().nth(5).is_some_and(|f| f.ends_with(&format!(":{ino}")))
        }) {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "nobody took the lock on {}", path.display());
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_second_resume_of_an_open_game_is_refused_at_once_and_the_save_is_intact() {
    let dir = tempfile::tempdir().unwrap();
    partial_save(dir.path(), "g.jsonl", 12);
    let before = std::fs::read(dir.path().join("g.jsonl")).unwrap();
    for trial in 0..10 {
        // The first resume waits for its answers on standard input, holding the save.
        let mut first = bin(dir.path())
            .args(["resume", "g.jsonl", "--answers", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        wait_for_lock(&dir.path().join("g.jsonl"));
        let started = Instant::now();
        let second =
            bin(dir.path()).args(["resume", "g.jsonl", "--answers", "-"]).stdin(Stdio::null()).output().unwrap();
        let err = String::from_utf8_lossy(&second.stderr);
        assert_eq!(second.status.code(), Some(2), "trial {trial}: {err}");
        assert!(err.contains("g.jsonl is open in another deckhand"), "trial {trial}: {err}");
        assert!(started.elapsed() < Duration::from_secs(5), "trial {trial}: refused at once");
        // The first one gets its answers: none; it stops and has written nothing.
        drop(first.stdin.take());
        let status = first.wait().unwrap();
        assert_eq!(status.code(), Some(2), "trial {trial}");
        assert_eq!(std::fs::read(dir.path().join("g.jsonl")).unwrap(), before, "trial {trial}");
    }
    // With nobody holding it, the game goes on as before.
    answers_prefix(dir.path(), "all.txt", 1000);
    let all = std::fs::read_to_string(dir.path().join("all.txt")).unwrap();
    let rest: Vec<&str> = all.lines().skip(12).collect();
    std::fs::write(dir.path().join("rest.txt"), rest.join("\n") + "\n").unwrap();
    deckhand(dir.path()).args(["resume", "g.jsonl", "--answers", "rest.txt"]).assert().success();
}

#[cfg(target_os = "linux")]
#[test]
fn a_fischerspiel_save_and_an_enter_file_are_locked_too() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ev.txt"), "wind\n").unwrap();
    deckhand(dir.path())
        .args(["play", "fischerspiel", "--players", "2", "-o", "f.jsonl", "--answers", "ev.txt"])
        .assert()
        .code(2);
    for (args, file) in [
        (vec!["resume", "f.jsonl", "--answers", "-"], "f.jsonl"),
        (vec!["enter", "fleet-dice", "--player", "Ann", "-o", "ann.toml", "--answers", "-"], "ann.toml"),
    ] {
        let mut first = bin(dir.path())
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let lock = if file == "ann.toml" { dir.path().join(".ann.toml.lock") } else { dir.path().join(file) };
        let start = Instant::now();
        while !lock.exists() {
            assert!(start.elapsed() < Duration::from_secs(20));
            std::thread::sleep(Duration::from_millis(5));
        }
        wait_for_lock(&lock);
        let second = bin(dir.path()).args(&args).stdin(Stdio::null()).output().unwrap();
        let err = String::from_utf8_lossy(&second.stderr);
        assert_eq!(second.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(&format!("{file} is open in another deckhand")), "{args:?}: {err}");
        drop(first.stdin.take());
        first.wait().unwrap();
    }
}

#[cfg(unix)]
#[test]
fn a_link_at_a_sheet_name_is_never_followed_and_no_file_is_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    std::os::unix::fs::symlink(&victim, dir.path().join("game-ann.toml")).unwrap();
    std::fs::write(dir.path().join("game-bob.toml"), "Bob's notes").unwrap();
    std::fs::copy(repo().join(TWO_PLAYERS), dir.path().join("a.txt")).unwrap();
    deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "game.jsonl", "--answers", "a.txt"])
        .assert()
        .success()
        .stderr(contains("Sheets written: game-ann-2.toml, game-bob-2.toml"));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert_eq!(std::fs::read_to_string(dir.path().join("game-bob.toml")).unwrap(), "Bob's notes");
    deckhand(dir.path()).args(["check", "game-ann-2.toml", "game-bob-2.toml"]).assert().code(0);
    let temps: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".tmp") || n.ends_with(".new"))
        .collect();
    assert!(temps.is_empty(), "{temps:?}");
}

#[test]
fn temp_files_left_by_a_kill_are_cleaned_up_next_time() {
    let dir = tempfile::tempdir().unwrap();
    partial_save(dir.path(), "g.jsonl", 5);
    for name in [".g.jsonl.4242.new", ".g-ann.toml.4243.tmp", ".deckhand-Ab12Cd.tmp"] {
        std::fs::write(dir.path().join(name), "left by a kill").unwrap();
    }
    std::fs::write(dir.path().join("rest.txt"), "").unwrap();
    deckhand(dir.path()).args(["resume", "g.jsonl", "--answers", "rest.txt"]).assert().code(2);
    let mut left: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    left.sort();
    assert_eq!(left, vec!["g.jsonl", "part.txt", "rest.txt"]);
}

/// A save whose header names the players given.
fn save_with_players(dir: &Path, players: &str) {
    let header = format!(
        r#"{{"format":"deckhand-save","schema":2,"game":"fleet-dice","rules":{{"hash":"0"}},"players":{players},"setup":{{"engine":"fleet","dice":"Physical"}}}}"#
    );
    std::fs::write(dir.join("h.jsonl"), header + "\n").unwrap();
}

/// A header's setup is its engine's to read: an engine deckhand does not play live, or a
/// setup its engine cannot read, is a header that cannot be read, said as before the
/// setup became the engine's own (the same words of the JSON reader).
#[test]
fn a_setup_of_an_unknown_engine_or_of_the_wrong_shape_is_a_bad_header() {
    let dir = tempfile::tempdir().unwrap();
    for (setup, why) in [
        (r#"{"engine":"chess"}"#, "unknown variant `chess`, expected one of `fleet`, `fischerspiel`, `yacht`"),
        (r#"{"engine":"endgame"}"#, "unknown variant `endgame`, expected one of `fleet`, `fischerspiel`, `yacht`"),
        (r#"{"engine":"fleet","dice":"Loaded"}"#, "unknown variant `Loaded`, expected `Physical` or `Digital`"),
        (r#"{"engine":"fischerspiel","players":2}"#, "missing field `variant`"),
    ] {
        let header = format!(
            r#"{{"format":"deckhand-save","schema":2,"game":"fleet-dice","rules":{{"hash":"0"}},"players":["Ann"],"setup":{setup}}}"#
        );
        std::fs::write(dir.path().join("h.jsonl"), header + "\n").unwrap();
        for cmd in ["replay", "resume", "import"] {
            deckhand(dir.path())
                .args([cmd, "h.jsonl"])
                .env("DECKHAND_DB", dir.path().join("h.sqlite3"))
                .assert()
                .code(2)
                .stderr(
                    contains("h.jsonl:1: the first line is a deckhand save header, but it cannot be read")
                        .and(contains(why)),
                );
        }
    }
}

#[test]
fn player_names_in_a_save_header_are_checked_too() {
    let dir = tempfile::tempdir().unwrap();
    for (players, message) in [
        (r#"["Ann","Ann","Ann"]"#, "`Ann` and `Ann` are the same name"),
        (r#"["Ann","Bo\nb"]"#, "control character"),
        (r#"["Ann","undo"]"#, "`undo` is a command"),
    ] {
        save_with_players(dir.path(), players);
        for cmd in ["replay", "show", "resume"] {
            deckhand(dir.path())
                .args([cmd, "h.jsonl"])
                .assert()
                .code(2)
                .stderr(contains("h.jsonl:1: the players in the save header cannot be used").and(contains(message)));
        }
    }
}

#[test]
fn a_save_carries_its_rules_and_replays_anywhere_without_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let rules = std::fs::read_to_string(repo().join("rules/fleet-dice.toml")).unwrap();
    // Rules of one's own pad: the casino is worth 3 instead of 2.
    let mine = rules.replacen("# my pad\n", "", 1);
    std::fs::write(dir.path().join("my-pad.toml"), format!("# my pad\n{mine}")).unwrap();
    std::fs::copy(repo().join(TWO_PLAYERS), dir.path().join("a.txt")).unwrap();
    deckhand(dir.path())
        .args([
            "play",
            "fleet-dice",
            "--rules",
            "my-pad.toml",
            "--players",
            "Ann,Bob",
            "--save",
            "g.jsonl",
            "--answers",
            "a.txt",
        ])
        .assert()
        .success();
    let elsewhere = tempfile::tempdir().unwrap();
    std::fs::rename(dir.path().join("g.jsonl"), elsewhere.path().join("g.jsonl")).unwrap();
    std::fs::remove_file(dir.path().join("my-pad.toml")).unwrap();
    deckhand(elsewhere.path()).args(["replay", "g.jsonl"]).assert().success().stdout(contains("Ann"));
    deckhand(elsewhere.path()).args(["show", "g.jsonl", "--player", "Bob"]).assert().success();
}

#[test]
fn a_path_in_a_save_is_never_opened() {
    let dir = tempfile::tempdir().unwrap();
    for path in ["/etc/shadow", "/etc/passwd", "/dev/zero"] {
        let header = format!(
            r#"{{"format":"deckhand-fleet-game","schema":1,"game":"fleet-dice","rules_hash":"0","rules_file":"{path}","players":["Ann","Bob"],"dice":"Physical"}}"#
        );
        std::fs::write(dir.path().join("old.jsonl"), header + "\n").unwrap();
        for cmd in ["replay", "show", "resume"] {
            let started = Instant::now();
            deckhand(dir.path()).args([cmd, "old.jsonl"]).timeout(Duration::from_secs(10)).assert().code(2).stderr(
                contains(format!("with the rules file `{path}` and does not carry its text"))
                    .and(contains("root:").not()),
            );
            assert!(started.elapsed() < Duration::from_secs(5));
        }
    }
}

#[cfg(unix)]
#[test]
fn special_files_are_refused_at_once_wherever_a_file_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo with a valid, NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    std::fs::write(dir.path().join("a.toml"), "game = \"fleet-dice\"\nplayer = \"A\"\n").unwrap();
    for special in ["/dev/zero", "fifo"] {
        let kind = if special == "fifo" { "named pipe" } else { "a device" };
        let cases: Vec<Vec<&str>> = vec![
            vec!["score", "fleet-dice", special],
            vec!["check", "fleet-dice", special],
            vec!["score", "--rules", special, "a.toml"],
            vec!["rules", "check", special],
            vec!["play", "fleet-dice", "--players", "A,B", "--answers", special, "--save", "n.jsonl"],
            vec!["resume", special],
            vec!["replay", special],
            vec!["show", special],
            vec!["enter", "fleet-dice", "--player", "A", "-o", special, "--answers", "a.toml"],
        ];
        for args in cases {
            let started = Instant::now();
            deckhand(dir.path())
                .args(&args)
                .timeout(Duration::from_secs(10))
                .assert()
                .code(2)
                .stderr(contains("not a regular file").and(contains(kind)));
            assert!(started.elapsed() < Duration::from_secs(5), "{args:?}");
        }
    }
}

#[test]
fn a_file_larger_than_16_mib_is_refused_with_the_limit() {
    Test::new()
        .file("big.toml", "#".repeat(17 * 1024 * 1024))
        .args(["score", "fleet-dice", "big.toml"])
        .status(2)
        .stdout("")
        .stderr("deckhand: big.toml is larger than 16 MiB, the most deckhand reads from one file\n")
        .run();
}

#[test]
fn a_byte_order_mark_in_a_save_or_an_answers_file_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let answers = std::fs::read(repo().join(TWO_PLAYERS)).unwrap();
    let mut with_bom = b"\xef\xbb\xbf".to_vec();
    with_bom.extend(&answers);
    std::fs::write(dir.path().join("a.txt"), &with_bom).unwrap();
    deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl", "--answers", "a.txt"])
        .assert()
        .success();
    let save = std::fs::read(dir.path().join("g.jsonl")).unwrap();
    let mut with_bom = b"\xef\xbb\xbf".to_vec();
    with_bom.extend(&save);
    std::fs::write(dir.path().join("g.jsonl"), with_bom).unwrap();
    deckhand(dir.path()).args(["replay", "g.jsonl"]).assert().success();
}

#[test]
fn a_complete_garbage_last_line_is_damage_and_nothing_is_dropped() {
    let dir = tempfile::tempdir().unwrap();
    partial_save(dir.path(), "g.jsonl", 8);
    let mut f = std::fs::OpenOptions::new().append(true).open(dir.path().join("g.jsonl")).unwrap();
    f.write_all(b"garbage that is a whole line\n").unwrap();
    drop(f);
    let before = std::fs::read(dir.path().join("g.jsonl")).unwrap();
    let lines = before.iter().filter(|b| **b == b'\n').count();
    std::fs::write(dir.path().join("rest.txt"), "").unwrap();
    deckhand(dir.path())
        .args(["resume", "g.jsonl", "--answers", "rest.txt"])
        .assert()
        .code(2)
        .stderr(contains(format!("g.jsonl:{lines}: the save file is damaged")));
    assert_eq!(std::fs::read(dir.path().join("g.jsonl")).unwrap(), before);
}

#[test]
fn closed_standard_error_or_output_never_panics_and_the_game_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(repo().join(TWO_PLAYERS), dir.path().join("a.txt")).unwrap();
    for (n, closed) in ["stderr", "stdout", "both"].iter().enumerate() {
        let save = format!("g{n}.jsonl");
        let mut child = bin(dir.path())
            .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", &save, "--answers", "a.txt"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Like `2>&1 | head -1`: the reader goes away after the first bytes.
        if *closed != "stdout" {
            drop(child.stderr.take());
        }
        if *closed != "stderr" {
            drop(child.stdout.take());
        }
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(0), "{closed}");
        deckhand(dir.path())
            .args(["replay", &save, "--format", "csv"])
            .assert()
            .success()
            .stdout(contains("Bob").and(contains("Ann")));
    }
}

/// A copy of the examples with Linda's sheet under another name.
fn renamed_linda(dir: &Path, name_toml: &str) {
    let linda = std::fs::read_to_string(repo().join("examples/linda.toml")).unwrap();
    let renamed = linda.replacen("player = \"Linda\"", &format!("player = {name_toml}"), 1);
    assert_ne!(renamed, linda);
    std::fs::write(dir.join("x.toml"), renamed).unwrap();
    std::fs::copy(repo().join("examples/jerome.toml"), dir.join("jerome.toml")).unwrap();
}

#[test]
fn a_line_break_in_a_name_cannot_forge_a_row_and_escapes_cannot_reach_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    renamed_linda(dir.path(), r#""Ann\n│ 1 ┆ Mal ┆ 495 \u001b]0;x\u0007\u001b[2J""#);
    for format in ["table", "markdown", "csv", "json"] {
        let out = deckhand(dir.path()).args(["score", "x.toml", "jerome.toml", "--format", format]).output().unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(!text.contains('\u{1b}') && !text.contains('\u{7}'), "{format}: {text}");
        assert!(!text.lines().any(|l| l.trim_start().starts_with("│ 1 ┆ Mal")), "{format}: {text}");
        if format != "json" {
            assert!(text.contains(r"Ann\n│ 1 ┆ Mal ┆ 495 \u{1b}]0;x\u{7}\u{1b}[2J"), "{format}: {text}");
        }
    }
    let out = deckhand(dir.path()).args(["check", "x.toml", "jerome.toml"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    assert!(!text.contains('\u{1b}') && text.contains(r"(Ann\n│ 1"), "{text}");
}

#[test]
fn csv_cells_cannot_become_spreadsheet_formulas_and_markdown_pipes_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    renamed_linda(dir.path(), r#""=HYPERLINK(\"http://x\",\"y\")""#);
    deckhand(dir.path())
        .args(["score", "x.toml", "jerome.toml", "--format", "csv"])
        .assert()
        .success()
        .stdout(contains(r#""'=HYPERLINK(""http://x"",""y"")""#));
    renamed_linda(dir.path(), r#""@Ann|Bob""#);
    deckhand(dir.path())
        .args(["score", "x.toml", "jerome.toml", "--format", "markdown"])
        .assert()
        .success()
        .stdout(contains(r"@Ann\|Bob"));
    deckhand(dir.path())
        .args(["score", "x.toml", "jerome.toml", "--format", "csv"])
        .assert()
        .success()
        .stdout(contains("'@Ann|Bob"));
}

#[test]
fn a_wrong_answer_is_echoed_with_its_control_characters_written_out() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "cod\u{1b}[2J\u{7}\n").unwrap();
    let out = deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl", "--answers", "a.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains('\u{1b}') && err.contains(r"cod\u{1b}[2J\u{7}"), "{err}");
}

#[test]
fn numbers_in_a_fleet_rules_file_are_bounded_and_reported_with_their_position() {
    let dir = tempfile::tempdir().unwrap();
    let rules = std::fs::read_to_string(repo().join("rules/fleet-dice.toml")).unwrap();
    let bad = rules
        .replacen("license_vp = [0, 0, 5]", "license_vp = [0, 0, 2147483648]", 1)
        .replacen("every = 6, points = 1 }", "every = 6, points = 4294967295 }", 1)
        .replacen("cap = 10\n", "cap = -3\n", 1);
    std::fs::write(dir.path().join("bad.toml"), &bad).unwrap();
    let line_of = |needle: &str| bad.lines().position(|l| l.contains(needle)).unwrap() + 1;
    deckhand(dir.path()).args(["rules", "check", "bad.toml"]).assert().code(2).stderr(
        contains(format!("bad.toml:{}:", line_of("2147483648")))
            .and(contains(
                "`2147483648` is out of range: every number in a Fleet rules file is a whole number from 0 to 1000000",
            ))
            .and(contains(format!("bad.toml:{}:", line_of("4294967295"))))
            .and(contains("`4294967295` is out of range"))
            .and(contains("`-3` is out of range"))
            .and(contains("3 error")),
    );
}

#[test]
fn scoring_with_the_largest_numbers_saturates_instead_of_wrapping() {
    // The king crab bonus at its largest: 1,000,000 VP per fish, capped at 1,000,000.
    let rules = std::fs::read_to_string(repo().join("rules/fleet-dice.toml")).unwrap();
    let big = rules
        .replace("license_vp = [0, 0, 5]", "license_vp = [0, 0, 1000000]")
        .replacen("[king_crab]\ncap = 10\n", "[king_crab]\ncap = 1000000\n", 1)
        .replacen("every = 6, points = 1 }", "every = 1, points = 1000000 }", 1);
    let rules = deckhand::games::from_source(deckhand::source::Source::new("big.toml", big)).unwrap();
    let rules = rules.fleet().unwrap();
    // Every license at level 3, and 1,000 fish on every boat of every type.
    let mut text = String::from("king_crab_bonus = \"per_6_fish\"\n[marks]\nking_crab = 1\n");
    let mut fish = String::from("[fish]\n");
    for t in &rules.boat_types {
        text.push_str(&format!("{}_license = 3\n", t.id));
        fish.push_str(&format!("{}_boat = [{}]\n", t.id, vec!["1000"; t.boats.len()].join(", ")));
    }
    let sheet = crate::common::sheet(rules, &format!("{text}{fish}"));
    assert!(sheet.total_fish() > 4_294);
    let score = deckhand::games::fleet::score(rules, &sheet);
    // 1,000,000 VP × more than 4,294 fish would wrap a u32; the cap applies to the true value.
    assert_eq!(score.bonus, 1_000_000);
    assert_eq!(score.licenses, 5_000_000);
    assert_eq!(score.total, score.fish + score.boats + score.licenses + score.buildings + score.bonus);
}

#[test]
fn a_hundred_thousand_unknown_keys_show_fifty_diagnostics_and_a_count() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("game = \"fleet-dice\"\nplayer = \"A\"\n[marks]\n");
    for i in 0..100_000 {
        text.push_str(&format!("zz{i} = \"x\"\n"));
    }
    std::fs::write(dir.path().join("keys.toml"), text).unwrap();
    // Linear work: in a debug build this takes a fraction of a second (BENCHMARKS.md has
    // the release figure); the timeout only guards against a hang.
    let out = deckhand(dir.path()).args(["check", "keys.toml"]).timeout(Duration::from_secs(60)).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.matches("unknown section").count(), 50, "{}", &err[..2000]);
    assert!(err.contains("… and 99950 more errors in keys.toml"), "{}", &err[err.len() - 300..]);
    assert!(err.contains("100000 errors in keys.toml"));
}

#[test]
fn a_player_name_longer_than_the_limit_is_a_sheet_error_not_a_slow_table() {
    let dir = tempfile::tempdir().unwrap();
    renamed_linda(dir.path(), &format!("\"{}\"", "N".repeat(1_000_000)));
    deckhand(dir.path())
        .args(["score", "x.toml", "jerome.toml"])
        .timeout(Duration::from_secs(60))
        .assert()
        .code(2)
        .stderr(contains("the player's name has 1000000 characters; a name has at most 32"));
}

#[test]
fn every_error_in_a_file_names_its_line_and_column() {
    let fleet = std::fs::read_to_string(repo().join("rules/fleet-dice.toml")).unwrap();
    let no_player = |file: &str| {
        format!("deckhand: error: {file}:1:1: missing `player = \"NAME\"`\n  = help: every sheet names its player\n\n1 error in {file}\n")
    };
    let no_game_table = |file: &str| {
        format!(
            "deckhand: error: {file}:1:1: missing `[game]` table with `engine = \"...\"`\n  = help: a rules file starts \
             with [game] id, engine, name, players\n\n1 error in rules file {file}\n"
        )
    };
    let deep = format!("a = {}{}", "[".repeat(200), "]".repeat(200));
    let files: Vec<(&str, Vec<u8>, Vec<&str>, String)> = vec![
        (
            "eng.toml",
            b"[game]\nid = \"x\"\nengine = \"xyz\"\n".to_vec(),
            vec!["rules", "check"],
            // Every engine of the registry, the five-dice game's too.
            "\
deckhand: error: eng.toml:3:10: unknown game engine `xyz`
  |
3 | engine = \"xyz\"
  |          ^^^^^
  = help: deckhand knows the engines `fleet`, `endgame`, `fischerspiel`, `yacht`

1 error in rules file eng.toml
"
            .into(),
        ),
        (
            "mono.toml",
            b"game = \"monopoly\"\nplayer = \"A\"\n".to_vec(),
            vec!["score"],
            "\
deckhand: error: mono.toml:1:8: unknown game `monopoly`
  |
1 | game = \"monopoly\"
  |        ^^^^^^^^^^
  = help: known games: fleet-dice, nauticus, titania, fischerspiel, yacht (`deckhand games` lists them)

1 error in mono.toml
"
            .into(),
        ),
        (
            "noplayer.toml",
            b"game = \"fleet-dice\"\n[marks]\ncod = 3\n".to_vec(),
            vec!["score"],
            no_player("noplayer.toml"),
        ),
        (
            "empty.toml",
            Vec::new(),
            vec!["score", "fleet-dice"],
            "deckhand: error: empty.toml:1:1: the sheet file is empty\n  = help: a sheet needs at least `player = \
             \"NAME\"`; see examples/ or run `deckhand enter fleet-dice`\n\n1 error in empty.toml\n"
                .into(),
        ),
        ("empty.toml", Vec::new(), vec!["rules", "check"], no_game_table("empty.toml")),
        ("nogame.toml", b"id = \"x\"\n".to_vec(), vec!["rules", "check"], no_game_table("nogame.toml")),
        (
            "range.toml",
            fleet.replacen("players = { min = 1, max = 4 }", "players = { min = 5, max = 4 }", 1).into_bytes(),
            vec!["rules", "check"],
            "\
deckhand: error: range.toml:28:11: game.players: min 5 and max 4 do not make a range
   |
28 | players = { min = 5, max = 4 }
   |           ^^^^^^^^^^^^^^^^^^^^

1 error in rules file range.toml
"
            .into(),
        ),
        (
            "utf.toml",
            b"game = \"fleet-dice\"\nplayer = \"\xff\"\n".to_vec(),
            vec!["score"],
            "deckhand: utf.toml:2:11: not UTF-8 text (an invalid byte here); deckhand reads TOML and text files only\n"
                .into(),
        ),
        (
            "deep.toml",
            format!("game = \"fleet-dice\"\n{deep}\n").into_bytes(),
            vec!["score"],
            format!(
                "deckhand: error: deep.toml:2:85: TOML syntax error; the TOML reader says: cannot recurse further; max \
                 recursion depth met\n  |\n2 | {deep}\n  | {}^\n\n1 error in deep.toml\n",
                " ".repeat(84)
            ),
        ),
        (
            "etitania.toml",
            b"game = \"titania\"\n[inputs]\n".to_vec(),
            vec!["score"],
            format!("scored alone: Titania is played by 2–4\n{}", no_player("etitania.toml")),
        ),
    ];
    for (name, content, args, stderr) in files {
        let run = Test::new().file(name, content).args(args).arg(name);
        run.status(2).stdout("").stderr(stderr).run();
    }
}
