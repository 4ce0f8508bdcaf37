//! Whole outputs, compared exactly: standard output, standard error and the exit code of
//! the everyday commands (`tests/test.rs` runs them; long outputs are insta snapshots in
//! `tests/snapshots/`).

use crate::test::Test;

const SHEETS: [&str; 4] = ["examples/ann.toml", "examples/bob.toml", "examples/jerome.toml", "examples/linda.toml"];
const BAD: [&str; 4] =
    ["examples/bad/carl.toml", "examples/bad/dora.toml", "examples/bad/erik.toml", "examples/bad/fay.toml"];

fn with_sheets(files: &[&str]) -> Test {
    files.iter().fold(Test::new(), |t, f| t.repo_file(f))
}

#[test]
fn score_in_every_format() {
    for format in ["table", "csv", "json", "markdown"] {
        let out = with_sheets(&SHEETS).arg("score").args(SHEETS).args(["--format", format]).stderr("").run();
        insta::assert_snapshot!(format!("score.{format}"), out.stdout);
    }
    let out = with_sheets(&SHEETS).arg("score").args(SHEETS).arg("--detail").stderr("").run();
    insta::assert_snapshot!("score.detail", out.stdout);
}

#[test]
fn score_csv_exactly() {
    with_sheets(&SHEETS)
        .arg("score")
        .args(SHEETS)
        .args(["--format", "csv"])
        .stdout(
            "rank,shared,player,fish,boats,licenses,buildings,bonus,total\n\
             1,false,Linda,32,11,15,10,5,73\n\
             2,false,Bob,18,11,5,8,0,42\n\
             3,false,Jerome,10,4,5,13,10,42\n\
             4,false,Ann,13,6,0,12,0,31\n",
        )
        .stderr("")
        .run();
}

#[test]
fn check_reports_every_violation_and_fails() {
    let out = with_sheets(&BAD).arg("check").args(BAD).status(1).stderr("").run();
    insta::assert_snapshot!("check.text", out.stdout);
    let out = with_sheets(&BAD).arg("check").args(BAD).args(["--format", "json"]).status(1).stderr("").run();
    insta::assert_snapshot!("check.json", out.stdout);
}

#[test]
fn check_of_good_sheets_passes() {
    with_sheets(&SHEETS)
        .arg("check")
        .args(SHEETS)
        .stdout(
            "examples/ann.toml (Ann): follows the rules\n  score as the rules count it: 31 (FISH 13, BOATS 6, LICENSES 0, BUILDINGS 12, BONUS 0)\n\
             examples/bob.toml (Bob): follows the rules\n  score as the rules count it: 42 (FISH 18, BOATS 11, LICENSES 5, BUILDINGS 8, BONUS 0)\n\
             examples/jerome.toml (Jerome): follows the rules\n  score as the rules count it: 42 (FISH 10, BOATS 4, LICENSES 5, BUILDINGS 13, BONUS 10)\n\
             examples/linda.toml (Linda): follows the rules\n  score as the rules count it: 73 (FISH 32, BOATS 11, LICENSES 15, BUILDINGS 10, BONUS 5)\n\
             4 sheets checked: no rule violations\n",
        )
        .stderr("")
        .run();
}

#[test]
fn a_missing_file() {
    Test::new()
        .args(["score", "missing.toml"])
        .stdout("")
        .stderr("deckhand: cannot read missing.toml: there is no such file\n")
        .status(2)
        .run();
}

#[test]
fn a_sheet_of_an_unknown_game() {
    Test::new()
        .file("mono.toml", "game = \"monopoly\"\nplayer = \"A\"\n")
        .args(["score", "mono.toml"])
        .stdout("")
        .stderr(
            "deckhand: error: mono.toml:1:8: unknown game `monopoly`\n  |\n1 | game = \"monopoly\"\n  |        ^^^^^^^^^^\n  \
             = help: known games: fleet-dice, nauticus, titania, fischerspiel, yacht (`deckhand games` lists them)\n\n\
             1 error in mono.toml\n",
        )
        .status(2)
        .run();
}

#[test]
fn games_rules_check_and_a_table_helper() {
    let out = Test::new().arg("games").stderr("").run();
    insta::assert_snapshot!("games", out.stdout);
    Test::new()
        .repo_file("rules/fleet-dice.toml")
        .args(["rules", "check", "rules/fleet-dice.toml"])
        .stdout("rules/fleet-dice.toml: ok — game `fleet-dice` (31 sections, 211 boxes)\n")
        .stderr("")
        .run();
    Test::new()
        .args(["nauticus", "crowns", "--crowns", "3", "--workers", "3"])
        .stdout(
            "3 crowns × 3 workers = 9 VP (at most 15 a round).\n\
             5 workers would reach the cap of 15.\n\
             A second crown scoring this round needs your extra action (--extra).\n",
        )
        .stderr("")
        .run();
}

#[test]
fn a_whole_scripted_game_prints_its_final_table_and_writes_the_sheets() {
    let out = Test::new()
        .repo_file("tests/games/two_players.answers")
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl"])
        .args(["--answers", "tests/games/two_players.answers"])
        .run();
    insta::assert_snapshot!("two_players.table", out.stdout);
    insta::assert_snapshot!("two_players.sheet_ann", out.read("g-ann.toml"));
}

#[test]
fn bad_player_lists() {
    for (players, message) in [
        (
            "Ann,ann",
            "`Ann` and `ann` are the same name (upper and lower case count as one); give every player a different name",
        ),
        (",,A", "player 1 has an empty name; give every player a name (`--players Ann,Bob,Cy`)"),
    ] {
        Test::new()
            .args(["play", "fleet-dice", "--answers", "-", "--players", players])
            .stdout("")
            .stderr(format!("deckhand: {message}\n"))
            .status(2)
            .run();
    }
}

#[test]
fn the_language_comes_from_lang_and_answers_from_standard_input() {
    let out = with_sheets(&SHEETS).env("LANG", "de_DE.UTF-8").arg("score").args(SHEETS).stderr("").run();
    insta::assert_snapshot!("score.table.de", out.stdout);
    let events = "wind\nsail green\nsail blue\ncatch green small\ncatch green medium\ncatch green medium\n\
                  catch blue small\ncatch blue medium\ncatch blue medium\nhome green\nhome blue\nsail green\n\
                  sail blue\ncatch green medium\ncatch blue medium\nhome green\nhome blue\n";
    let out = Test::new()
        .args(["play", "fischerspiel", "--players", "2", "-o", "f.jsonl", "--answers", "-"])
        .stdin(events)
        .stdout("WON — everyone wins: all 8 fish landed and every boat home, with the wind at 0 of 12.\n")
        .run();
    insta::assert_snapshot!("fischerspiel.transcript", out.stderr);
}

#[test]
fn a_fischerspiel_setup_word_mistyped_gets_the_one_meant_and_set_is_never_ignored() {
    for (flag, typed, said) in [
        (
            "--boats",
            "red,gray",
            "unknown boat `gray`; the boats are: green, blue, red, grey, yellow, brown — did you mean `grey`?",
        ),
        (
            "--fish",
            "smal=2,medium=6",
            "unknown fish `smal`; the fish are: small, medium, large, giant — did you mean `small`?",
        ),
        // Two variants as close: neither is named.
        ("--variant", "strategy", "unknown variant `strategy`; the variants are: base, strategy1, strategy2"),
    ] {
        Test::new()
            .args(["play", "fischerspiel", "--players", "2", flag, typed, "--answers", "-"])
            .stdout("")
            .stderr(format!("deckhand: {said}\n"))
            .status(2)
            .run();
    }
    // Fleet's and the Fischerspiel's setups are their own flags: `--set` would be lost.
    for game in ["fleet-dice", "fischerspiel"] {
        let out =
            Test::new().args(["play", game, "--players", "2", "--set", "captians=1", "--answers", "-"]).status(2).run();
        assert!(out.stderr.starts_with("deckhand: --set does not apply to "), "{game}: {}", out.stderr);
    }
}

#[test]
fn a_flag_of_another_game_is_refused_not_ignored() {
    Test::new()
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--variant", "strategy2", "--answers", "-"])
        .stdout("")
        .stderr(
            "deckhand: --variant does not apply to Fleet: The Dice Game; leave it out \
             (`deckhand play --help` says which flags go with which game)\n",
        )
        .status(2)
        .run();
    Test::new()
        .args(["play", "fischerspiel", "--players", "3", "--dice", "digital", "--answers", "-"])
        .stdout("")
        .stderr(
            "deckhand: --dice does not apply to The Fishing Game; leave it out \
             (`deckhand play --help` says which flags go with which game)\n",
        )
        .status(2)
        .run();
}

#[test]
fn a_sheet_is_drawn_like_the_pad_in_every_language() {
    // The 4-player game of deckhand 0.1 (`tests/saves/four.jsonl`), at its end: at 100
    // columns, and at 80 (`COLUMNS` when standard output is no terminal) the narrow layout.
    for (columns, snapshot) in [(100, "sheet"), (80, "sheet80")] {
        for lang in ["en", "de", "fr"] {
            let one = Test::new()
                .repo_file("tests/saves/four.jsonl")
                .env("COLUMNS", &columns.to_string())
                .args(["--lang", lang, "show", "tests/saves/four.jsonl", "--player", "Bob"])
                .stderr("")
                .run();
            let lines: Vec<&str> = one.stdout.lines().collect();
            assert!(lines.len() <= 32, "{} lines:\n{}", lines.len(), one.stdout);
            assert!(lines.iter().all(|l| l.chars().count() <= columns), "wider than {columns}:\n{}", one.stdout);
            assert!(!one.stdout.contains('_'), "a snake_case id:\n{}", one.stdout);
            insta::assert_snapshot!(format!("{snapshot}.{lang}"), one.stdout);
        }
    }
    // Every player's sheet, one after the other at 100 columns.
    let all = Test::new().repo_file("tests/saves/four.jsonl").args(["show", "tests/saves/four.jsonl"]).stderr("").run();
    for name in ["Ann ·", "Bob ·", "Cy ·", "Dee ·"] {
        assert_eq!(all.stdout.matches(name).count(), 1, "{name}:\n{}", all.stdout);
    }
    assert!(all.stdout.lines().all(|l| l.chars().count() <= 100), "{}", all.stdout);
}

/// No player may be named like a command of the table, in any language: the one list of
/// the table's commands (`hint` too, which the name check once missed) is read by the
/// prompts, `help` and the name check alike (issue #30, item 9).
#[test]
fn a_player_named_like_a_command_in_any_language_is_refused() {
    use deckhand::games::table::Command;
    use deckhand::text::{table::command_word, Lang};
    let refusal = |lang: Lang, name: &str| match lang {
        Lang::En => format!("deckhand: `{name}` is a command at the prompts; choose another player name\n"),
        Lang::De => format!("deckhand: `{name}` ist ein Befehl bei den Fragen; wähle einen anderen Spielernamen\n"),
        Lang::Fr => format!("deckhand: `{name}` est une commande aux questions ; choisissez un autre nom de joueur\n"),
    };
    for lang in Lang::ALL {
        for command in Command::typed() {
            for word in Lang::ALL.into_iter().filter_map(|l| command_word(command, l)).chain([command.key().into()]) {
                let name: String = word.chars().next().unwrap().to_uppercase().chain(word.chars().skip(1)).collect();
                Test::new()
                    .args(["play", "fleet-dice", "--lang", lang.code(), "--players"])
                    .arg(format!("Ann,{name}"))
                    .stdout("")
                    .stderr(refusal(lang, &name))
                    .status(2)
                    .run();
            }
        }
    }
}
