//! The `deckhand` binary in a hermetic environment: outputs, exit codes, bad input.

use predicates::prelude::*;
use predicates::str::contains;

use crate::common::{deckhand, examples_dir};

fn no_panic() -> impl Predicate<str> {
    contains("panicked").not()
}

#[test]
fn score_examples_prints_the_table_ranking_and_tie_break() {
    let dir = examples_dir();
    let out = deckhand(dir.path())
        .args(["score", "examples/ann.toml", "examples/bob.toml", "examples/jerome.toml", "examples/linda.toml"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[2].contains("PLAYER") && lines[2].contains("FISH") && lines[2].contains("TOTAL"), "{text}");
    let linda = lines.iter().find(|l| l.contains("Linda")).unwrap();
    let cells: Vec<&str> = linda.split(['│', '┆']).map(str::trim).filter(|c| !c.is_empty()).collect();
    assert_eq!(cells, vec!["1", "Linda", "32", "11", "15", "10", "5", "73"]);
    assert!(text.contains("Tie: Bob and Jerome tie on 42 points; decided by most fish (Bob 18, Jerome 10)."), "{text}");
}

#[test]
fn score_json_csv_and_markdown_carry_the_same_numbers() {
    let dir = examples_dir();
    let sheets = ["examples/linda.toml", "examples/jerome.toml"];
    let json = deckhand(dir.path()).args(["score", "--format", "json", "--detail"]).args(sheets).assert().success();
    let v: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    assert_eq!(v["rows"][0]["player"], "Linda");
    assert_eq!(v["rows"][0]["total"], 73);
    assert_eq!(v["rows"][0]["values"], serde_json::json!([32, 11, 15, 10, 5]));
    assert_eq!(v["rows"][1]["detail"][4][0]["points"], 10);
    deckhand(dir.path())
        .args(["score", "--format", "csv"])
        .args(sheets)
        .assert()
        .success()
        .stdout("rank,shared,player,fish,boats,licenses,buildings,bonus,total\n1,false,Linda,32,11,15,10,5,73\n2,false,Jerome,10,4,5,13,10,42\n");
    deckhand(dir.path())
        .args(["score", "--format", "markdown"])
        .args(sheets)
        .assert()
        .success()
        .stdout(contains("| 1 | Linda | 32 | 11 | 15 | 10 | 5 | 73 |"));
}

#[test]
fn a_game_id_may_come_first_and_other_languages_name_the_categories() {
    let dir = examples_dir();
    deckhand(dir.path())
        .args(["--lang", "fr", "score", "fleet-dice", "examples/linda.toml"])
        .assert()
        .success()
        .stdout(contains("PÊCHE").and(contains("PERMIS")));
}

#[test]
fn a_tie_on_points_and_fish_is_a_shared_win() {
    let dir = examples_dir();
    let twin = std::fs::read_to_string(dir.path().join("examples/linda.toml"))
        .unwrap()
        .replace("\"Linda\"", "\"Lena\"")
        .replace("per_6_fish", "per_license");
    // per_license: 3+3+1 licenses + king crab = 8 licenses -> 16, capped 10: different bonus. Make fish equal and total equal:
    std::fs::write(
        dir.path().join("lena.toml"),
        twin.replace("per_license", "per_5_coins").replace("coin = 31", "coin = 25"),
    )
    .unwrap();
    deckhand(dir.path()).args(["score", "examples/linda.toml", "lena.toml"]).assert().success().stdout(
        contains("│ 1= ┆ Linda")
            .and(contains("│ 1= ┆ Lena"))
            .and(contains("Linda and Lena tie on 73 points and on every tie-break: a shared win")),
    );
}

#[test]
fn check_passes_good_sheets_and_finds_every_planted_violation() {
    let dir = examples_dir();
    deckhand(dir.path())
        .args(["check", "examples/ann.toml", "examples/bob.toml", "examples/jerome.toml", "examples/linda.toml"])
        .assert()
        .code(0)
        .stdout(contains("4 sheets checked: no rule violations"));
    let bad = ["examples/bad/carl.toml", "examples/bad/dora.toml", "examples/bad/erik.toml", "examples/bad/fay.toml"];
    let out = deckhand(dir.path()).arg("check").args(bad).assert().code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    // Every `# rule-id` comment planted in the bad sheets is reported at its box.
    for file in bad {
        let sheet = std::fs::read_to_string(dir.path().join(file)).unwrap();
        for line in sheet.lines().filter(|l| !l.starts_with('#')) {
            if let Some((_, comment)) = line.split_once("# ") {
                let rule = comment.split(':').next().unwrap().split_whitespace().next().unwrap();
                assert!(text.contains(&format!("[{rule}]")), "{file}: planted {rule} not reported\n{text}");
            }
        }
    }
    assert!(text.contains("cod.5 [golden-rule]"), "{text}");
    assert!(text.contains("4 of 4 sheets break the rules"), "{text}");
}

#[test]
fn check_json_lists_violations_with_box_ids() {
    let dir = examples_dir();
    let out = deckhand(dir.path()).args(["check", "--format", "json", "examples/bad/carl.toml"]).assert().code(1);
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v[0]["player"], "Carl");
    assert_eq!(v[0]["violations"][0]["box_id"], "cod.5");
    assert_eq!(v[0]["violations"][0]["rule"], "golden-rule");
    // Every box involved: the mark below the gap, then the empty box above it.
    assert_eq!(v[0]["violations"][0]["boxes"], serde_json::json!(["cod.5", "cod.4"]));
    // Fish on an unlaunched boat: the fish, and the box that would launch it.
    assert_eq!(v[0]["violations"][3]["boxes"], serde_json::json!(["lobster_boat.1.fish", "lobster_boat.1"]));
    for violation in v[0]["violations"].as_array().unwrap() {
        assert_eq!(violation["boxes"][0], violation["box_id"], "{violation}");
    }
}

#[test]
fn a_sheet_with_violations_is_still_scored_with_a_visible_warning() {
    let dir = examples_dir();
    deckhand(dir.path())
        .args(["score", "examples/bad/carl.toml"])
        .assert()
        .success()
        .stdout(contains("Carl (!)").and(contains("warning: Carl's sheet breaks 4 rules")));
}

fn write(dir: &std::path::Path, name: &str, bytes: &[u8]) -> String {
    std::fs::write(dir.join(name), bytes).unwrap();
    name.to_string()
}

#[test]
fn malformed_sheets_get_a_clear_message_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases: Vec<(String, &str)> = vec![
        (write(d, "syntax.toml", b"game = \"fleet-dice\"\nplayer = \"A\n"), "syntax.toml:2:"),
        (
            write(d, "unknown.toml", b"game = \"fleet-dice\"\nplayer = \"A\"\n[marks]\nlobstr = \"x\"\n"),
            "unknown.toml:4:1: [marks] names unknown section `lobstr`",
        ),
        (
            write(d, "type.toml", b"game = \"fleet-dice\"\nplayer = \"A\"\n[fish]\ncod_boat = \"three\"\n"),
            "type.toml:4:12",
        ),
        (write(d, "empty.toml", b""), "the sheet file is empty"),
        (write(d, "junk.toml", b"game = \"fleet-dice\"\n\xff\xfe\x00junk"), "junk.toml:2:1: not UTF-8 text"),
        (
            write(d, "marks.toml", b"game = \"fleet-dice\"\nplayer = \"A\"\n[marks]\ncod = \"x x q\"\n"),
            "`q` is not a mark",
        ),
        (
            write(d, "long.toml", b"game = \"fleet-dice\"\nplayer = \"A\"\n[marks]\ncasino = \"x x x\"\n"),
            "3 marks given, but the casino has 2 boxes",
        ),
        (
            write(d, "bonus.toml", b"game = \"fleet-dice\"\nplayer = \"A\"\nking_crab_bonus = \"gold\"\n"),
            "unknown king crab bonus `gold`",
        ),
        ("missing.toml".to_string(), "cannot read missing.toml"),
    ];
    for (file, message) in cases {
        for cmd in ["score", "check"] {
            deckhand(d)
                .args([cmd, "fleet-dice", &file])
                .assert()
                .code(2)
                .stderr(contains(message).and(no_panic()))
                .stdout("");
        }
    }
}

#[test]
fn several_broken_sheets_are_reported_together_with_one_total() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "a.toml", b"game = \"fleet-dice\"\nplayer = \"A\"\n[marks]\ncod = \"x x q\"\nlobster = \"x q\"\n");
    write(d, "b.toml", b"game = \"fleet-dice\"\nplayer = \"B\n");
    let one = deckhand(d).args(["check", "a.toml"]).assert().code(2);
    let text = String::from_utf8(one.get_output().stderr.clone()).unwrap();
    assert!(text.trim_end().ends_with("2 errors in a.toml"), "one file: its own summary only\n{text}");
    let both = deckhand(d).args(["check", "a.toml", "b.toml"]).assert().code(2);
    let text = String::from_utf8(both.get_output().stderr.clone()).unwrap();
    assert!(text.contains("2 errors in a.toml\n"), "{text}");
    assert!(text.contains("1 error in b.toml\n"), "{text}");
    assert!(text.trim_end().ends_with("3 errors in 2 sheet files"), "{text}");
}

#[test]
fn all_errors_of_a_sheet_are_reported_in_one_run() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "two.toml",
        b"game = \"fleet-dice\"\nplayer = \"A\"\n[marks]\ncodd = \"x\"\ncasino = \"x x x\"\n",
    );
    deckhand(dir.path())
        .args(["check", "two.toml"])
        .assert()
        .code(2)
        .stderr(contains("two.toml:4:1").and(contains("two.toml:5:10")).and(contains("2 errors")));
}

#[test]
fn sheets_of_different_games_or_without_a_game_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "nogame.toml", b"player = \"A\"\n");
    deckhand(dir.path()).args(["score", "nogame.toml"]).assert().code(2).stderr(contains("do not say which game"));
    deckhand(dir.path()).args(["score", "fleet-dice", "nogame.toml"]).assert().success();
    write(dir.path(), "other.toml", b"game = \"chess\"\nplayer = \"B\"\n");
    deckhand(dir.path()).args(["score", "other.toml"]).assert().code(2).stderr(contains("unknown game `chess`"));
    write(dir.path(), "same.toml", b"game = \"fleet-dice\"\nplayer = \"A\"\n");
    deckhand(dir.path())
        .args(["score", "fleet-dice", "nogame.toml", "same.toml"])
        .assert()
        .code(2)
        .stderr(contains("player `A` again"));
}

#[test]
fn usage_errors_exit_2_and_help_documents_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    deckhand(dir.path()).arg("frobnicate").assert().code(2);
    deckhand(dir.path()).arg("score").assert().code(2);
    deckhand(dir.path()).arg("--help").assert().success().stdout(contains("Exit codes:").and(contains("130")));
    deckhand(dir.path()).args(["check", "--help"]).assert().success().stdout(contains("1    rule violations found"));
}

#[test]
fn completions_and_man_page() {
    let dir = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish"] {
        deckhand(dir.path()).args(["completions", shell]).assert().success().stdout(contains("deckhand"));
    }
    deckhand(dir.path()).arg("man").assert().success().stdout(contains(".TH deckhand"));
}

#[test]
fn games_lists_fleet() {
    let dir = tempfile::tempdir().unwrap();
    deckhand(dir.path())
        .arg("games")
        .assert()
        .success()
        .stdout(contains("fleet-dice").and(contains("Fleet: The Dice Game")));
}

#[test]
fn enter_without_a_terminal_or_answers_fails_at_once() {
    let dir = tempfile::tempdir().unwrap();
    deckhand(dir.path())
        .args(["enter", "fleet-dice", "--player", "Ann", "-o", "ann.toml"])
        .write_stdin("")
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(contains("no terminal").and(contains("--answers FILE")));
}

/// Answers for `enter`: one line per section (and fish / bonus questions), in sheet order.
fn linda_answers() -> Vec<&'static str> {
    vec![
        "x x x",           // shrimp
        "x",               // shrimp_license
        "x",               // shrimp_boat
        "2",               // fish on shrimp boats
        "9",               // cod
        "3",               // cod_license
        "3",               // cod_boat
        "4 4 5",           // fish on cod boats
        "",                // lobster
        "",                // lobster_license
        "",                // lobster_boat
        "",                // swordfish
        "",                // swordfish_license
        "",                // swordfish_boat
        "x x x x x x x x", // oyster
        "x x x",           // oyster_license
        "x x",             // oyster_boat
        "10, 7",           // fish on oyster boats
        "x x",             // king_crab
        "per_6_fish",      // bonus
        "",
        "",
        "",
        "", // captains_club, research_vessel, barge, inuit
        "x x",
        "",
        "",
        "x x",
        "",
        "x x",
        "x x",
        "x x", // casino, bank, buffet, salvage, pub, bait, smokehouse, canning
        "",    // buffet hexes
        "x",   // salvage stars
        "31",  // coin
    ]
}

#[test]
fn enter_from_an_answers_file_writes_a_sheet_that_scores_like_the_paper() {
    let dir = examples_dir();
    let answers: String =
        linda_answers().iter().map(|a| if a.is_empty() { "-\n".to_string() } else { format!("{a}\n") }).collect();
    std::fs::write(dir.path().join("answers.txt"), answers).unwrap();
    deckhand(dir.path())
        .args(["enter", "fleet-dice", "--player", "Linda", "-o", "typed.toml", "--answers", "answers.txt"])
        .assert()
        .success()
        .stderr(contains("Score as the rules count it: 73").and(contains("follows the rules")));
    deckhand(dir.path())
        .args(["score", "--format", "csv", "typed.toml"])
        .assert()
        .success()
        .stdout(contains("Linda,32,11,15,10,5,73"));
}

#[test]
fn an_interrupted_entry_resumes_where_it_stopped() {
    let dir = examples_dir();
    let all = linda_answers();
    let line = |a: &&str| if a.is_empty() { "-\n".to_string() } else { format!("{a}\n") };
    let first: String = all[..10].iter().map(line).collect();
    let rest: String = all[10..].iter().map(line).collect();
    std::fs::write(dir.path().join("first.txt"), first).unwrap();
    std::fs::write(dir.path().join("rest.txt"), rest).unwrap();
    let args = |f: &str| {
        vec!["enter", "fleet-dice", "--player", "Linda", "-o", "typed.toml", "--answers", f]
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    deckhand(dir.path()).args(args("first.txt")).assert().code(2).stderr(contains("the answers ran out"));
    let partial = std::fs::read_to_string(dir.path().join("typed.toml")).unwrap();
    assert!(partial.contains("cod_boat = [4, 4, 5]") && !partial.contains("swordfish"), "{partial}");
    deckhand(dir.path())
        .args(args("rest.txt"))
        .assert()
        .success()
        .stderr(contains("Resuming typed.toml").and(contains("73")));
    deckhand(dir.path()).args(["check", "typed.toml"]).assert().code(0);
}

#[test]
fn a_wrong_answer_names_its_line_and_the_legal_answers() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "x x x\n# comment\nx q\n").unwrap();
    deckhand(dir.path())
        .args(["enter", "fleet-dice", "--player", "A", "-o", "a.toml", "--answers", "a.txt"])
        .assert()
        .code(2)
        .stderr(contains("a.txt:3: `x q` is not an answer").and(contains("`q` is not a mark")));
}

#[test]
fn enter_goes_back_a_section_on_undo_and_checks_values_as_they_are_typed() {
    let dir = tempfile::tempdir().unwrap();
    let enter = |answers: &str| {
        let _ = std::fs::remove_file(dir.path().join("e.toml"));
        deckhand(dir.path())
            .args(["enter", "fleet-dice", "--player", "Ann", "-o", "e.toml", "--answers", "-"])
            .write_stdin(answers)
            .assert()
    };
    // `undo` asks the section before again; the second answer is the one kept.
    enter("x x x\nundo\nx x x x\n1\n1\n3\n").code(2).stderr(
        contains("Back to shrimp column: asked again.").and(contains("Fish on each shrimp boat, top to bottom")),
    );
    let sheet = std::fs::read_to_string(dir.path().join("e.toml")).unwrap();
    assert!(sheet.contains("shrimp = \"x x x x . . . . . . . .\""), "{sheet}");
    assert!(sheet.contains("shrimp_boat = [3]"), "{sheet}");
    // Counts across sections: more licenses or boats than the column's circles give.
    enter("x x x\n2\n")
        .code(2)
        .stderr(contains("2 shrimp licenses, but the shrimp column has only 1 license circle (L or ?) marked"));
    enter("x x x\n1\n2\n").code(2).stderr(contains("2 shrimp boats, but the shrimp column has only 1 boat circle"));
    // A boat's capacity.
    enter("x x x\n1\n1\n4\n").code(2).stderr(contains("boat 1 holds at most 3 fish, not 4"));
    // `undo` at the first section has nothing to take back.
    enter("undo\n").code(2).stderr(contains("Nothing to take back: this is the first section."));
}
