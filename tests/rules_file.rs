//! Rules files: the built-in Fleet file is valid and complete; broken copies fail with
//! file:line:column, every error in one run.

use predicates::prelude::*;
use predicates::str::contains;

use crate::common::{deckhand, repo};

fn fleet_text() -> String {
    std::fs::read_to_string(repo().join("rules/fleet-dice.toml")).unwrap()
}

/// Write a broken copy and run `deckhand rules check` on it.
fn check_broken(edit: impl Fn(&str) -> String) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let text = edit(&fleet_text());
    assert_ne!(text, fleet_text(), "the edit must change the file");
    std::fs::write(dir.path().join("broken.toml"), text).unwrap();
    let out = deckhand(dir.path()).args(["rules", "check", "broken.toml"]).output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    (out.status.code().unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn the_built_in_rules_file_passes_rules_check() {
    deckhand(&repo())
        .args(["rules", "check", "rules/fleet-dice.toml"])
        .assert()
        .success()
        .stdout(contains("ok — game `fleet-dice`"));
}

#[test]
fn export_prints_the_built_in_file_verbatim() {
    deckhand(&repo()).args(["rules", "export", "fleet-dice"]).assert().success().stdout(fleet_text());
}

#[test]
fn a_syntax_error_shows_line_column_and_caret() {
    let (code, err) = check_broken(|t| t.replacen("rounds = 10", "rounds = = 10", 1));
    let line = line_of(&fleet_text(), "rounds = 10");
    assert_eq!(code, 2);
    assert!(err.contains(&format!("broken.toml:{line}:")), "{err}");
    assert!(err.contains('^'), "{err}");
}

#[test]
fn a_column_whose_first_three_boxes_do_not_grant_a_license_and_a_boat() {
    let (code, err) =
        check_broken(|t| t.replacen("column = \". L B . B ? . L B . ? B\"", "column = \". B B . L ? . L B . ? B\"", 1));
    let line = line_of(&fleet_text(), "column = ");
    assert_eq!(code, 2);
    assert!(err.contains(&format!("broken.toml:{line}:10: the first 3 boxes of the `shrimp` column must grant exactly one license (L) and one boat (B)")), "{err}");
}

#[test]
fn meaning_errors_are_all_reported_in_one_run_with_positions() {
    let (code, err) = check_broken(|t| {
        t.replacen("boat_faces = [\"shrimp\", \"cod\"", "boat_faces = [\"shrimp\", \"cot\"", 1)
            .replacen(
                "{ from = 9, coins = 3 },\n  { from = 17, coins = 4 },",
                "{ from = 17, coins = 4 },\n  { from = 9, coins = 3 },",
                1,
            )
            .replacen("id = \"casino\"", "id = \"amas_bank\"", 1)
            .replacen("per = \"fish\"", "per = \"gold\"", 1)
            .replacen("effect = \"barge\"", "effect = \"raft\"", 1)
    });
    assert_eq!(code, 2);
    for expected in [
        "boat die face `cot` is neither `coins` nor a boat type",
        "market brackets must be sorted",
        "duplicate id `amas_bank`",
        "king crab bonus counts `gold`",
        "unknown harbor effect `raft`",
    ] {
        assert!(err.contains(expected), "missing `{expected}` in\n{err}");
    }
    assert!(err.contains("errors in rules file broken.toml"), "{err}");
    assert!(err.matches("error: broken.toml:").count() >= 5, "{err}");
}

#[test]
fn impossible_capacities_and_references_are_caught() {
    let (_, err) = check_broken(|t| t.replacen("{ capacity = 3, vp = 1 },", "{ capacity = 0, vp = 1 },", 1));
    assert!(err.contains("capacity 0 could never hold a fish"), "{err}");
    let (_, err) = check_broken(|t| {
        t.replacen(
            "tokens = [\"shrimp\", \"king_crab\", \"casino\"]",
            "tokens = [\"shrimp\", \"kraken\", \"casino\"]",
            1,
        )
    });
    assert!(err.contains("solo token starts on `kraken`, which is not a harbor ship"), "{err}");
    let (_, err) = check_broken(|t| t.replacen("provisional = [\"brackets\"]", "provisional = [\"brakets\"]", 1));
    assert!(err.contains("`provisional` names `brakets`"), "{err}");
    let (_, err) = check_broken(|t| {
        t.replacen(
            "boxes = \". O . O . O\"\neffect = \"king_crab\"",
            "boxes = \". O . O . O . O\"\neffect = \"king_crab\"",
            1,
        )
    });
    assert!(err.contains("`king_crab` launches 3 boats with its circles but lists 2"), "{err}");
}

#[test]
fn unknown_keys_are_rejected_with_their_position() {
    let edit = |t: &str| t.replacen("[income]\nbase = 1", "[income]\nbase = 1\nbonus = 2", 1);
    let (code, err) = check_broken(edit);
    assert_eq!(code, 2);
    let line = line_of(&edit(&fleet_text()), "bonus = 2");
    assert!(err.contains(&format!("broken.toml:{line}:1: unknown key `bonus` in [income]")), "{err}");
    assert!(err.contains("= help: expected one of: `base`, `cap`"), "{err}");
}

#[test]
fn provisional_values_are_listed() {
    let out = deckhand(&repo()).args(["rules", "show", "fleet-dice", "--provisional"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for expected in [
        "boat_types[cod].column = \". L B . B ? . L B . ? B\"",
        "coin_track.boxes",
        "market.brackets",
        "king_crab.bonuses",
        "wharf_buildings[casino].boxes",
    ] {
        assert!(text.contains(expected), "missing {expected}\n{text}");
    }
    assert!(!text.contains("income.cap"), "the income cap is in the rulebook");
}

#[test]
fn a_corrected_copy_is_used_with_dash_dash_rules() {
    let dir = tempfile::tempdir().unwrap();
    // A pad whose cod boats are worth 5 VP each.
    let pad = fleet_text().replacen(
        "  { capacity = 4, vp = 1 },\n  { capacity = 4, vp = 2 },",
        "  { capacity = 4, vp = 5 },\n  { capacity = 4, vp = 5 },",
        1,
    );
    std::fs::write(dir.path().join("my-pad.toml"), pad).unwrap();
    std::fs::write(dir.path().join("s.toml"), "game = \"fleet-dice\"\nplayer = \"A\"\n[marks]\ncod_boat = 2\n")
        .unwrap();
    deckhand(dir.path())
        .args(["score", "--format", "csv", "--rules", "my-pad.toml", "s.toml"])
        .assert()
        .success()
        .stdout(contains("A,0,10,0,0,0,10"));
    deckhand(dir.path())
        .args(["score", "--format", "csv", "s.toml"])
        .assert()
        .success()
        .stdout(contains("A,0,3,0,0,0,3"));
}

#[test]
fn the_reference_card_covers_setup_rounds_golden_rules_and_scoring() {
    deckhand(&repo()).args(["rules", "show", "fleet-dice"]).assert().success().stdout(
        contains("Setup")
            .and(contains("A round"))
            .and(contains("Golden rules"))
            .and(contains("a tie goes to the most fish")),
    );
}
