//! The served game and the outputs under faults (issue #21): an undo is one journal line,
//! an undo of nothing a person decided is refused, a standard output that fails never
//! stops the game's own work, and a table of fewer sheets than the game's minimum is
//! scored with a note.

use std::path::Path;
use std::process::Stdio;

use predicates::prelude::*;
use predicates::str::contains;

use crate::common::{deckhand, repo};

/// The lines of a save after its header (the header holds the start time).
fn entries(dir: &Path, save: &str) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join(save)).unwrap();
    text.lines().skip(1).map(str::to_string).collect()
}

/// A 3-player digital game answered from `answers`, stopped when they run out.
fn digital(dir: &Path, save: &str, answers: &str) -> std::process::Output {
    std::fs::write(dir.join(format!("{save}.txt")), answers).unwrap();
    deckhand(dir)
        .args(["play", "fleet-dice", "--players", "Ann,Bob,Cy", "--dice", "digital", "--seed", "7"])
        .args(["--save", save, "--answers", &format!("{save}.txt")])
        .output()
        .unwrap()
}

#[test]
fn an_undo_of_nothing_a_person_decided_is_refused_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let plain = digital(dir.path(), "plain.jsonl", "");
    assert_eq!(plain.status.code(), Some(2), "ran out of answers");
    let before = entries(dir.path(), "plain.jsonl");
    assert!(!before.is_empty(), "deckhand rolled and chose the start by itself");
    let undos = digital(dir.path(), "undos.jsonl", &"undo\n".repeat(3));
    let said = String::from_utf8_lossy(&undos.stderr);
    assert_eq!(said.matches("cannot undo: nothing to undo").count(), 3, "{said}");
    assert_eq!(entries(dir.path(), "undos.jsonl"), before, "nothing written, nothing rolled again");
}

#[test]
fn an_undo_that_takes_back_deckhands_rolls_too_is_one_journal_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut backs = 0;
    // After each of the first answers (the first option, whatever it is), an undo.
    for k in 1..=14 {
        let answers = "1\n".repeat(k);
        digital(dir.path(), &format!("a{k}.jsonl"), &answers);
        let before = entries(dir.path(), &format!("a{k}.jsonl"));
        digital(dir.path(), &format!("u{k}.jsonl"), &format!("{answers}undo\n"));
        let after = entries(dir.path(), &format!("u{k}.jsonl"));
        assert_eq!(after.len(), before.len() + 1, "answer {k}: one line for one undo: {after:?}");
        assert_eq!(after[..before.len()], before[..], "answer {k}: nothing before it changed");
        let last = after.last().unwrap();
        assert!(last == "\"undo\"" || last.starts_with("{\"back\":"), "answer {k}: {last}");
        backs += usize::from(last.starts_with("{\"back\":"));
        // The save replays to the question the undo went back to.
        deckhand(dir.path()).args(["replay", &format!("u{k}.jsonl"), "--format", "json"]).assert().success();
    }
    assert!(backs > 0, "some undo took back a roll deckhand made as well, in one line");
}

#[test]
fn earlier_saves_with_several_undo_lines_still_replay() {
    let dir = tempfile::tempdir().unwrap();
    let mut lines: Vec<String> =
        std::fs::read_to_string(repo().join("tests/saves/four.jsonl")).unwrap().lines().map(str::to_string).collect();
    let whole = lines.clone();
    // Three answers taken back the way earlier versions wrote it (one `"undo"` each), and
    // given again; then the same with one `{"back":3}`.
    let tail: Vec<String> = lines[lines.len() - 3..].to_vec();
    let mut old = whole.clone();
    old.extend(["\"undo\"".to_string(), "\"undo\"".to_string(), "\"undo\"".to_string()]);
    old.extend(tail.iter().cloned());
    lines.push("{\"back\":3}".into());
    lines.extend(tail.iter().cloned());
    std::fs::write(dir.path().join("old.jsonl"), old.join("\n") + "\n").unwrap();
    std::fs::write(dir.path().join("new.jsonl"), lines.join("\n") + "\n").unwrap();
    std::fs::write(dir.path().join("whole.jsonl"), whole.join("\n") + "\n").unwrap();
    let table = |save: &str| {
        let out = deckhand(dir.path()).args(["replay", save, "--format", "csv"]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        out.stdout
    };
    assert_eq!(table("old.jsonl"), table("whole.jsonl"));
    assert_eq!(table("new.jsonl"), table("whole.jsonl"));
    // More taken back than was decided: the line is named.
    std::fs::write(dir.path().join("bad.jsonl"), format!("{}\n{{\"back\":100000}}\n", whole[0])).unwrap();
    deckhand(dir.path()).args(["replay", "bad.jsonl"]).assert().code(2).stderr(contains("bad.jsonl:2:"));
}

#[cfg(target_os = "linux")]
#[test]
fn a_standard_output_that_fails_never_stops_the_games_own_work() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(repo().join("tests/games/two_players.answers"), dir.path().join("a.txt")).unwrap();
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("deckhand"))
        .env_clear()
        .env("HOME", dir.path())
        .env("NO_COLOR", "1")
        .env("LANG", "C")
        .env("DECKHAND_DB", "history.sqlite3")
        .current_dir(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl", "--answers", "a.txt"])
        .stdout(Stdio::from(full))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("standard output"), "the message names standard output: {said}");
    // The sheets, the save and the history are all there.
    for sheet in ["g-ann.toml", "g-bob.toml"] {
        assert!(dir.path().join(sheet).is_file(), "{sheet} written: {said}");
    }
    deckhand(dir.path()).args(["history", "--format", "csv"]).assert().success().stdout(contains("Ann"));
    deckhand(dir.path())
        .args(["replay", "g.jsonl", "--format", "csv"])
        .assert()
        .success()
        .stdout(contains("Bob").and(contains("Ann")));
}

#[test]
fn scoring_fewer_sheets_than_the_game_is_played_by_says_so() {
    let dir = crate::common::examples_dir();
    let titania = std::fs::read_dir(dir.path().join("examples/titania")).unwrap().next().unwrap().unwrap().path();
    deckhand(dir.path())
        .args(["score"])
        .arg(&titania)
        .assert()
        .success()
        .stderr(contains("scored alone: Titania is played by 2–4"));
    deckhand(dir.path())
        .args(["check"])
        .arg(&titania)
        .assert()
        .stderr(contains("scored alone: Titania is played by 2–4"));
    // Two sheets: no note.
    let two: Vec<_> = std::fs::read_dir(dir.path().join("examples/titania")).unwrap().take(2).collect();
    assert_eq!(two.len(), 2);
    deckhand(dir.path())
        .arg("score")
        .args(two.iter().map(|e| e.as_ref().unwrap().path()))
        .assert()
        .success()
        .stderr(contains("scored alone").not());
}
