//! Fischerspiel: the co-op tracker driven by answers files through the CLI — a won and a
//! lost game, resuming, the journal's torn-tail recovery — and the setup table.

use predicates::prelude::*;
use predicates::str::contains;

use crate::common::{deckhand, repo, stderr, stdout, write};
use crate::test::Test;

fn play(dir: &std::path::Path, players: &str, variant: &str, answers: &str) -> assert_cmd::assert::Assert {
    write(dir, "answers.txt", answers);
    deckhand(dir)
        .args([
            "play",
            "fischerspiel",
            "--players",
            players,
            "--variant",
            variant,
            "-o",
            "game.jsonl",
            "--answers",
            "answers.txt",
        ])
        .timeout(std::time::Duration::from_secs(20))
        .assert()
}

const WON: &str = "\
# 2 players: 2 small and 6 medium fish; a medium fish needs both boats next to it.
wind
sail green
sail blue
catch green small
catch green medium
catch green medium
catch blue small
catch blue medium
catch blue medium
home green        # 3 landed: a marker comes off
home blue         # 6 landed
sail green
sail blue
catch green medium
catch blue medium
home green
home blue
";

#[test]
fn a_won_game_through_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    let out = play(dir.path(), "2", "base", WON).success();
    assert_eq!(stdout(&out), "WON — everyone wins: all 8 fish landed and every boat home, with the wind at 0 of 12.\n");
    let err = stderr(&out);
    assert!(err.contains("2 small fish (lifted by 1 boat), 6 medium fish (lifted by 2 boats)"), "{err}");
    assert!(err.contains("2 fish landed: one wind marker comes off. Wind 0."), "{err}");
    assert!(err.contains("4 fish landed, but no wind marker lies at the board's edge"), "{err}");
    assert!(err.contains("8 fish landed, but no wind marker lies at the board's edge"), "{err}");
    let journal = std::fs::read_to_string(dir.path().join("game.jsonl")).unwrap();
    assert_eq!(journal.lines().count(), 1 + 17, "a header and one line per event");
    assert!(journal.starts_with("{\"format\":\"deckhand-save\",\"schema\":2,\"game\":\"fischerspiel\""), "{journal}");
    // Resuming a finished game prints its result.
    deckhand(dir.path()).args(["resume", "game.jsonl"]).assert().success().stdout(contains("WON"));
}

#[test]
fn a_lost_game_with_the_wind_6_throw_back_and_the_hurricane() {
    let dir = tempfile::tempdir().unwrap();
    let mut answers = String::from("sail green\ncatch green small\ncatch green small\ncatch green small\n");
    answers.push_str(&"crest\n".repeat(6));
    answers.push_str("dump green small\n");
    answers.push_str(&"crest\n".repeat(6));
    let out = play(dir.path(), "3", "strategy1", &answers).success();
    assert_eq!(
        stdout(&out),
        "LOST — the wind reached 12: a hurricane sinks every boat. 8 fish were not landed; 1 boat at sea.\n"
    );
    let err = stderr(&out);
    assert!(err.contains("Wind 6: from now on a boat carries only 2 fish."), "{err}");
    assert!(err.contains("WARNING: the green boat holds 3 fish: it throws one back (`dump green SIZE`)"), "{err}");
}

#[test]
fn a_3_fish_boat_must_throw_one_back_before_anything_else() {
    let dir = tempfile::tempdir().unwrap();
    let mut answers = String::from("sail green\ncatch green small\ncatch green small\ncatch green small\n");
    answers.push_str(&"wind\n".repeat(6));
    answers.push_str("home green\n");
    play(dir.path(), "3", "base", &answers)
        .code(2)
        .stderr(contains("answers.txt:11: `home green` is not an answer").and(contains("it throws one back first")));
}

#[test]
fn impossible_events_name_their_line_and_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    for (answers, message) in [
        ("catch green small\n", "answers.txt:1: `catch green small` is not an answer"),
        ("sail green\ncatch green medium\n", "a medium fish needs 2 boats next to it at once"),
        ("sail purple\n", "there is no `purple` boat in this game; the boats are: green, blue"),
        ("fly\n", "`fly` is not an event"),
        ("undo\n", "there is nothing to undo"),
        ("stuck\n", "`stuck` (no boat can move) ends only Strategy II games"),
    ] {
        std::fs::remove_file(dir.path().join("game.jsonl")).ok();
        play(dir.path(), "2", "base", answers).code(2).stderr(contains(message).and(contains("panicked").not()));
    }
}

#[test]
fn strategy_2_asks_for_the_markers_edge_and_announces_drift() {
    let dir = tempfile::tempdir().unwrap();
    let mut answers = String::from("wind north\n");
    answers.push_str(&"wind\n".repeat(5));
    answers.push_str("direction west\nstuck\n");
    let out = play(dir.path(), "4", "strategy2", &answers).success();
    assert_eq!(stdout(&out), "LOST — no boat could make a legal move.\n");
    let err = stderr(&out);
    assert!(
        err.contains("Drift: at the end of its move the moving boat is blown 1 square downwind toward the south"),
        "{err}"
    );
    play(tempfile::tempdir().unwrap().path(), "4", "strategy2", "wind\n").code(2).stderr(contains("e.g. `wind north`"));
}

#[test]
fn an_interrupted_game_resumes_and_undo_is_an_event() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let lines: Vec<&str> = WON.lines().filter(|l| !l.starts_with('#')).collect();
    play(d, "2", "base", &(lines[..5].join("\n") + "\n"))
        .code(2)
        .stderr(contains("the game so far is saved in game.jsonl; continue it with `deckhand resume game.jsonl`"));
    write(d, "rest.txt", &("wind\nundo\n".to_string() + &lines[5..].join("\n") + "\n"));
    let out = deckhand(d).args(["resume", "game.jsonl", "--answers", "rest.txt"]).assert().success();
    assert!(stderr(&out).contains("Resuming game.jsonl after 5 events."), "{}", stderr(&out));
    assert!(stdout(&out).contains("WON"), "{}", stdout(&out));
    let journal = std::fs::read_to_string(d.join("game.jsonl")).unwrap();
    assert!(journal.contains("{\"event\":\"undo\"}"), "undo is recorded, not a deletion");
    assert_eq!(journal.lines().count(), 1 + 17 + 2);
}

#[test]
fn a_torn_last_line_is_dropped_with_a_notice_and_damage_before_it_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    play(d, "2", "base", "wind\nsail green\nquit\n").success().stderr(contains("Saved game.jsonl after 2 events"));
    let good = std::fs::read_to_string(d.join("game.jsonl")).unwrap();
    std::fs::write(d.join("game.jsonl"), good.clone() + "{\"event\":\"catch\",\"bo").unwrap();
    write(d, "more.txt", "catch green small\nquit\n");
    deckhand(d).args(["resume", "game.jsonl", "--answers", "more.txt"]).assert().success().stderr(
        contains("notice: game.jsonl: the last line (20 bytes) was cut off by a crash and is dropped")
            .and(contains("Resuming game.jsonl after 2 events")),
    );
    let after = std::fs::read_to_string(d.join("game.jsonl")).unwrap();
    assert_eq!(after, good + "{\"event\":\"catch\",\"boat\":\"green\",\"fish\":\"small\"}\n");
    let damaged = after.replacen("{\"event\":\"sail\"", "{\"event\":\"sale\"", 1);
    std::fs::write(d.join("game.jsonl"), damaged).unwrap();
    deckhand(d)
        .args(["resume", "game.jsonl"])
        .assert()
        .code(2)
        .stderr(contains("game.jsonl:3: the save file is damaged").and(contains("does not guess")));
}

#[test]
fn resume_refuses_other_rules_unless_asked_and_play_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    play(d, "2", "base", "wind\nquit\n").success();
    play(d, "2", "base", "wind\n")
        .code(2)
        .stderr(contains("game.jsonl already exists; resume it with `deckhand resume game.jsonl`"));
    let other = std::fs::read_to_string(repo().join("rules/fischerspiel.toml"))
        .unwrap()
        .replace("hurricane = 12", "hurricane = 11");
    write(d, "other.toml", &other);
    write(d, "q.txt", "quit\n");
    deckhand(d)
        .args(["resume", "game.jsonl", "--rules", "other.toml", "--answers", "q.txt"])
        .assert()
        .code(2)
        .stderr(contains("began with different rules").and(contains("--allow-rules-change")));
    deckhand(d)
        .args(["resume", "game.jsonl", "--rules", "other.toml", "--allow-rules-change", "--answers", "q.txt"])
        .assert()
        .success()
        .stderr(contains("wind 1 of 11"));
}

#[test]
fn without_a_terminal_or_answers_play_fails_at_once_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    deckhand(dir.path())
        .args(["play", "fischerspiel", "--players", "3"])
        .write_stdin("")
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(contains("no terminal").and(contains("--answers FILE")));
    assert!(!dir.path().join("fischerspiel.jsonl").exists());
}

#[test]
fn setup_errors_are_usage_errors() {
    for (args, message) in [
        (vec!["--players", "7"], "The Fishing Game is for 2 to 6 players, not 7"),
        (vec![], "The Fishing Game is played by 2 to 6 players: give their number or their names, `--players 3` or `--players Ann,Bob,Cy`"),
        (
            vec!["--players", "3", "--variant", "expert"],
            "unknown variant `expert`; the variants are: base, strategy1, strategy2",
        ),
        (
            vec!["--players", "3", "--fish", "giant=1,medium=6"],
            "3 players cannot lift a giant fish: it needs 4 boats next to it at once",
        ),
        (
            vec!["--players", "2", "--boats", "green,red"],
            "with 2 players the rulebook uses the boats green,blue or red,grey",
        ),
        (
            vec!["--players", "2", "--fish", "small"],
            "--fish takes size=count pairs, e.g. small=2,medium=6; got `small`",
        ),
    ] {
        let run = Test::new().args(["play", "fischerspiel"]).args(args).status(2).stdout("");
        run.stderr(format!("deckhand: {message}\n")).run();
    }
    // Every live game is named, the five-dice game too (the list is the registry's).
    Test::new()
        .args(["play", "nauticus", "--players", "3"])
        .status(2)
        .stdout("")
        .stderr(
            "deckhand: `play` tracks games move by move (fleet-dice, fischerspiel, yacht); Nauticus is scored at the \
             end: `deckhand enter nauticus --player NAME -o FILE`, then `deckhand score`\n",
        )
        .run();
    Test::new()
        .file("s.toml", "game = \"fischerspiel\"\nplayer = \"A\"\n")
        .args(["score", "s.toml"])
        .status(2)
        .stdout("")
        .stderr(
            "deckhand: The Fishing Game is co-operative and has no score sheets; track a game with `deckhand play \
             fischerspiel --players N`\n",
        )
        .run();
    Test::new()
        .file("x.jsonl", "hello\n")
        .args(["resume", "x.jsonl"])
        .status(2)
        .stdout("")
        .stderr(
            "deckhand: error: x.jsonl:1: the save file is damaged: the first line is not a deckhand save header (the \
             line is not valid JSON (column 1); the JSON reader says: expected value at line 1 column 1); is this a \
             deckhand save file?\n  = help: deckhand does not guess around damage; restore the file from a backup or \
             remove the damaged lines by hand (the lines after it are decisions)\n1 error in x.jsonl\n",
        )
        .run();
}

#[test]
fn every_player_count_sets_up_8_fish() {
    let out = deckhand(&repo()).args(["rules", "show", "fischerspiel"]).assert().success();
    let text = stdout(&out);
    for players in 2..=6 {
        let row = text.lines().find(|l| l.trim_start().starts_with(&format!("{players} "))).unwrap();
        assert!(row.ends_with("(8 fish)"), "{row}");
    }
    assert!(text.contains("Golden rules") && text.contains("hurricane at 12"), "{text}");
}
