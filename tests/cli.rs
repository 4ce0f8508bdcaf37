//! The `deckhand` binary in a hermetic environment: outputs, exit codes, bad input.

use predicates::prelude::*;
use predicates::str::contains;

use crate::common::{deckhand, examples_dir};
use crate::test::Test;

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

#[test]
fn malformed_sheets_get_a_clear_message_and_exit_2() {
    let syntax = "\
deckhand: error: syntax.toml:2:12: TOML syntax error; the TOML reader says: invalid basic string, expected `\"`
  |
2 | player = \"A
  |            ^

1 error in syntax.toml
";
    let unknown = "\
deckhand: error: unknown.toml:4:1: [marks] names unknown section `lobstr`
  |
4 | lobstr = \"x\"
  | ^^^^^^
  = help: did you mean `lobster`?

1 error in unknown.toml
";
    let wrong_type = "\
deckhand: error: type.toml:4:12: `cod_boat` in [fish] must be a list, found text
  |
4 | cod_boat = \"three\"
  |            ^^^^^^^

1 error in type.toml
";
    let empty = "\
deckhand: error: empty.toml:1:1: the sheet file is empty
  = help: a sheet needs at least `player = \"NAME\"`; see examples/ or run `deckhand enter fleet-dice`

1 error in empty.toml
";
    let junk =
        "deckhand: junk.toml:2:1: not UTF-8 text (an invalid byte here); deckhand reads TOML and text files only\n";
    let marks = "\
deckhand: error: marks.toml:4:7: `q` is not a mark
  |
4 | cod = \"x x q\"
  |       ^^^^^^^
  = help: write one character per box: `x` marked, `.` empty, `/` crossed off by Captain Ruth (spaces and `|` are ignored)

1 error in marks.toml
";
    let long = "\
deckhand: error: long.toml:4:10: 3 marks given, but the casino has 2 boxes
  |
4 | casino = \"x x x\"
  |          ^^^^^^^
  = help: the boxes, top to bottom: . O

1 error in long.toml
";
    let bonus = "\
deckhand: error: bonus.toml:3:19: unknown king crab bonus `gold`
  |
3 | king_crab_bonus = \"gold\"
  |                   ^^^^^^
  = help: the bonuses are: per_6_fish (1 VP per 6 fish), per_building (2 VP per building), per_2_boats (1 VP per 2 boats), per_license (2 VP per license), per_5_coins (1 VP per 5 coins)

1 error in bonus.toml
";
    let cases: Vec<(&str, &[u8], &str)> = vec![
        ("syntax.toml", b"game = \"fleet-dice\"\nplayer = \"A\n", syntax),
        ("unknown.toml", b"game = \"fleet-dice\"\nplayer = \"A\"\n[marks]\nlobstr = \"x\"\n", unknown),
        ("type.toml", b"game = \"fleet-dice\"\nplayer = \"A\"\n[fish]\ncod_boat = \"three\"\n", wrong_type),
        ("empty.toml", b"", empty),
        ("junk.toml", b"game = \"fleet-dice\"\n\xff\xfe\x00junk", junk),
        ("marks.toml", b"game = \"fleet-dice\"\nplayer = \"A\"\n[marks]\ncod = \"x x q\"\n", marks),
        ("long.toml", b"game = \"fleet-dice\"\nplayer = \"A\"\n[marks]\ncasino = \"x x x\"\n", long),
        ("bonus.toml", b"game = \"fleet-dice\"\nplayer = \"A\"\nking_crab_bonus = \"gold\"\n", bonus),
    ];
    for (file, content, message) in cases {
        for cmd in ["score", "check"] {
            let run = Test::new().file(file, content).args([cmd, "fleet-dice", file]);
            run.status(2).stdout("").stderr(message).run();
        }
    }
    for cmd in ["score", "check"] {
        let run = Test::new().args([cmd, "fleet-dice", "missing.toml"]).status(2).stdout("");
        run.stderr("deckhand: cannot read missing.toml: there is no such file\n").run();
    }
}

#[test]
fn several_broken_sheets_are_reported_together_with_one_total() {
    let a = "\
error: a.toml:4:7: `q` is not a mark
  |
4 | cod = \"x x q\"
  |       ^^^^^^^
  = help: write one character per box: `x` marked, `.` empty, `/` crossed off by Captain Ruth (spaces and `|` are ignored)

error: a.toml:5:11: `q` is not a mark
  |
5 | lobster = \"x q\"
  |           ^^^^^
  = help: write one character per box: `x` marked, `.` empty, `/` crossed off by Captain Ruth (spaces and `|` are ignored)

2 errors in a.toml
";
    let b = "\
error: b.toml:2:12: TOML syntax error; the TOML reader says: invalid basic string, expected `\"`
  |
2 | player = \"B
  |            ^

1 error in b.toml
";
    let sheets = |run: Test| {
        run.file("a.toml", "game = \"fleet-dice\"\nplayer = \"A\"\n[marks]\ncod = \"x x q\"\nlobster = \"x q\"\n")
            .file("b.toml", "game = \"fleet-dice\"\nplayer = \"B\n")
            .status(2)
            .stdout("")
    };
    // One file: its own summary only; two: each file's, then one total.
    sheets(Test::new().args(["check", "a.toml"])).stderr(format!("deckhand: {a}")).run();
    let both = format!("deckhand: {a}{b}3 errors in 2 sheet files\n");
    sheets(Test::new().args(["check", "a.toml", "b.toml"])).stderr(both).run();
}

#[test]
fn all_errors_of_a_sheet_are_reported_in_one_run() {
    Test::new()
        .file("two.toml", "game = \"fleet-dice\"\nplayer = \"A\"\n[marks]\ncodd = \"x\"\ncasino = \"x x x\"\n")
        .args(["check", "two.toml"])
        .status(2)
        .stdout("")
        .stderr(
            "\
deckhand: error: two.toml:5:10: 3 marks given, but the casino has 2 boxes
  |
5 | casino = \"x x x\"
  |          ^^^^^^^
  = help: the boxes, top to bottom: . O

error: two.toml:4:1: [marks] names unknown section `codd`
  |
4 | codd = \"x\"
  | ^^^^
  = help: did you mean `cod` or `coin`?

2 errors in two.toml
",
        )
        .run();
}

#[test]
fn sheets_of_different_games_or_without_a_game_are_usage_errors() {
    let nogame = || Test::new().file("nogame.toml", "player = \"A\"\n");
    nogame()
        .args(["score", "nogame.toml"])
        .status(2)
        .stdout("")
        .stderr(
            "deckhand: the sheets do not say which game they are from: add `game = \"fleet-dice\"` (or another game id \
             from `deckhand games`) to them, name the game first (`deckhand score fleet-dice SHEET...`), or pass \
             --rules FILE\n",
        )
        .run();
    nogame().args(["score", "fleet-dice", "nogame.toml"]).run();
    Test::new()
        .file("other.toml", "game = \"chess\"\nplayer = \"B\"\n")
        .args(["score", "other.toml"])
        .status(2)
        .stdout("")
        .stderr(
            "\
deckhand: error: other.toml:1:8: unknown game `chess`
  |
1 | game = \"chess\"
  |        ^^^^^^^
  = help: known games: fleet-dice, nauticus, titania, fischerspiel, yacht (`deckhand games` lists them)

1 error in other.toml
",
        )
        .run();
    nogame()
        .file("same.toml", "game = \"fleet-dice\"\nplayer = \"A\"\n")
        .args(["score", "fleet-dice", "nogame.toml", "same.toml"])
        .status(2)
        .stdout("")
        .stderr("deckhand: same.toml names player `A` again; every sheet of one game needs its own player name\n")
        .run();
}

#[test]
fn usage_errors_exit_2_and_help_documents_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    Test::new()
        .arg("frobnicate")
        .status(2)
        .stdout("")
        .stderr(
            "error: unrecognized subcommand 'frobnicate'\n\nUsage: deckhand [OPTIONS] <COMMAND>\n\nFor more \
             information, try '--help'.\n",
        )
        .run();
    // Its usage line is not compared: with DECKHAND_DB set (as in every test) clap's
    // English usage says `score --db <FILE> …`, as if --db were required.
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
    Test::new()
        .arg("games")
        .stderr("")
        .stdout(
            "\
fleet-dice    Fleet: The Dice Game  1-4 players  live play at the table: deckhand play fleet-dice --players Ann,Bob; check and score sheets, enter a paper sheet
nauticus      Nauticus              2-4 players  end-game calculator (score, enter, check); table helpers: deckhand nauticus crowns|pass|buy|rewards
titania       Titania               2-4 players  end-game calculator (score, enter, check); calculators: deckhand calc titania starfish|floors
fischerspiel  The Fishing Game      2-6 players  co-op wind and fish tracker: deckhand play fischerspiel --players N
yacht         Yacht                 1-8 players  play live, enter, check and score sheets: deckhand play yacht --players Ann,Bob; deckhand check yacht SHEET…; deckhand score yacht SHEET…
",
        )
        .run();
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
    // A count past the section's boxes says what the section takes.
    std::fs::write(dir.path().join("b.txt"), "5\n13\n").unwrap();
    deckhand(dir.path())
        .args(["enter", "fleet-dice", "--player", "A", "-o", "b.toml", "--answers", "b.txt"])
        .assert()
        .code(2)
        .stderr(
            contains("b.txt:2: `13` is not an answer")
                .and(contains("this section has 3 boxes: type a number from 0 to 3, or one character per box")),
        );
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
