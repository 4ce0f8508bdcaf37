//! The errors of the helper commands (`calc`, `nauticus`) are typed values said at the top
//! in the reader's language (issue #31 item 4); whole outputs compared.

use crate::test::Test;

#[test]
fn calc_with_a_calculator_the_game_lacks_lists_the_ones_it_has() {
    Test::new()
        .args(["calc", "titania", "nosuch"])
        .stdout("")
        .stderr(
            "deckhand: titania has no calculator `nosuch`; its calculators are:\n  deckhand calc titania starfish \
             depicted=… built=…   # Starfish on a tower field\n  deckhand calc titania floors levels=… \
             on_starfish=…   # Building tower floors\n\n",
        )
        .status(2)
        .run();
}

#[test]
fn a_mistyped_game_or_calculator_is_answered_with_the_one_meant() {
    let known = "fleet-dice, nauticus, titania, fischerspiel, yacht";
    for (typed, meant) in [("flet-dice", "fleet-dice"), ("fleet", "fleet-dice"), ("Yacht", "yacht")] {
        Test::new()
            .args(["rules", "show", typed])
            .stdout("")
            .stderr(format!("deckhand: unknown game `{typed}` (did you mean `{meant}`?); known games: {known}\n"))
            .status(2)
            .run();
    }
    // Nothing close: the list alone.
    Test::new()
        .args(["play", "chess", "--players", "Ann"])
        .stderr(format!("deckhand: unknown game `chess`; known games: {known}\n"))
        .status(2)
        .run();
    Test::new()
        .args(["--lang", "de", "play", "fischerspeil", "--players", "2"])
        .stderr(format!(
            "deckhand: unbekanntes Spiel `fischerspeil` (meintest du `fischerspiel`?); bekannte Spiele: {known}\n"
        ))
        .status(2)
        .run();
    let out = Test::new().args(["calc", "titania", "starfih", "depicted=1"]).status(2).run();
    assert!(
        out.stderr.starts_with(
            "deckhand: titania has no calculator `starfih` (did you mean `starfish`?); its calculators are:\n"
        ),
        "{}",
        out.stderr
    );
    // A sheet naming a game deckhand does not know: the help line says the one meant.
    let out = Test::new()
        .file("ann.toml", "game = \"fleet-dise\"\nplayer = \"Ann\"\n")
        .args(["score", "ann.toml"])
        .status(2)
        .run();
    assert!(out.stderr.contains("did you mean `fleet-dice`? known games:"), "{}", out.stderr);
}

#[test]
fn calc_refuses_a_value_and_broken_limits_line_by_line() {
    Test::new()
        .args(["calc", "titania", "starfish", "depicted=x", "built=1"])
        .stdout("")
        .stderr("deckhand: depicted (towers shown on the field, 1–4): `x` is not a whole number\n")
        .status(2)
        .run();
    // A whole number too large for any count is said so, not "not a whole number".
    Test::new()
        .args(["calc", "titania", "starfish", "depicted=99999999999999999999", "built=1"])
        .stdout("")
        .stderr("deckhand: depicted (towers shown on the field, 1–4): `99999999999999999999` is too large a number\n")
        .status(2)
        .run();
    // The same input twice is refused, not the last one taken.
    Test::new()
        .args(["calc", "titania", "starfish", "depicted=3", "built=4", "depicted= 2"])
        .stdout("")
        .stderr("deckhand: `depicted` is given twice (3, then 2); give each input once\n")
        .status(2)
        .run();
    Test::new()
        .args(["--lang", "de", "calc", "titania", "starfish", "depicted=3", "depicted=2"])
        .stdout("")
        .stderr("deckhand: `depicted` ist zweimal angegeben (3, dann 2); jede Eingabe nur einmal angeben\n")
        .status(2)
        .run();
    Test::new()
        .args(["calc", "titania", "starfish", "depicted=9", "built=99"])
        .stdout("")
        .stderr("deckhand: depicted = 9 is outside 1–4\nbuilt = 99 is outside 0–16\n")
        .status(2)
        .run();
}

#[test]
fn nauticus_says_every_refusal_of_its_helpers_in_the_readers_language() {
    Test::new()
        .args(["nauticus", "rewards", "--masts", "9", "--take", "vp,vp,vp"])
        .stdout("")
        .stderr(
            "deckhand: a ship has 1 to 4 masts\na ship with 9 masts earns 9 rewards; 3 named\nvp taken 3 times; \
             each reward at most 2 times per ship\n",
        )
        .status(2)
        .run();
    Test::new()
        .args(["--lang", "fr", "nauticus", "rewards", "--masts", "2", "--take", "vp,vp,vp,vp"])
        .stdout("")
        .stderr(
            "deckhand: un navire à 2 mâts rapporte 2 récompenses ; 4 nommées\nvp pris 4 fois ; chaque récompense \
             au plus 2 fois par navire\n",
        )
        .status(2)
        .run();
    Test::new()
        .args(["--lang", "de", "nauticus", "pass", "--flipped", "3", "--flipped", "3"])
        .stdout("")
        .stderr(
            "deckhand: das Plättchen -3 kann nur einmal je Runde umgedreht werden; die Passen-Plättchen sind -3, \
             -2, -1\n",
        )
        .status(2)
        .run();
}

/// A saved game given where a sheet file goes (`score game.jsonl`) is said to be a save,
/// with the command that shows it (Fleet's table is `replay`'s; another game's, `resume`),
/// not reported as broken TOML.
#[test]
fn a_save_given_for_a_sheet_is_named_with_the_command_that_shows_it() {
    let save = std::fs::read_to_string(crate::common::repo().join("tests/saves/four.jsonl")).unwrap();
    for cmd in ["score", "check"] {
        let out = Test::new().file("four.jsonl", &save).args([cmd, "four.jsonl"]).status(2).stdout("").run();
        assert!(
            out.stderr.starts_with("deckhand: four.jsonl is a saved game, not a sheet file: `")
                && out.stderr.contains(" replay four.jsonl` shows it"),
            "{cmd}: {}",
            out.stderr
        );
    }
    let coop = std::fs::read_to_string(crate::common::repo().join("tests/saves/coop.jsonl")).unwrap();
    let out = Test::new().file("coop.jsonl", &coop).args(["score", "coop.jsonl"]).status(2).run();
    assert!(out.stderr.contains(" resume coop.jsonl` shows it"), "{}", out.stderr);
}

/// A sheet file given where a saved game goes (`replay ann.toml`) is said to be a sheet,
/// with the command that scores it, not a damaged save to restore from a backup.
#[test]
fn a_sheet_given_for_a_save_is_named_with_the_command_that_scores_it() {
    let sheet = std::fs::read_to_string(crate::common::repo().join("examples/ann.toml")).unwrap();
    for cmd in ["replay", "show", "review", "advise", "resume", "import"] {
        let out = Test::new().file("ann.toml", &sheet).args([cmd, "ann.toml"]).status(2).stdout("").run();
        assert!(
            out.stderr.starts_with("deckhand: ann.toml is a sheet file, not a saved game: `")
                && out.stderr.contains(" score ann.toml` scores it")
                && !out.stderr.contains("damaged"),
            "{cmd}: {}",
            out.stderr
        );
    }
}

/// Nauticus's helpers answer a mistyped action, item or reward with the word meant.
#[test]
fn nauticus_names_the_word_meant_for_a_slip() {
    Test::new()
        .args(["nauticus", "buy", "--action", "mast", "--items", "x"])
        .stderr("deckhand: unknown action `mast`; the paid actions are: hulls (Buy hull parts), masts (Buy masts), sails (Buy sails), goods (Buy goods) — did you mean `masts`?\n")
        .status(2)
        .run();
    Test::new()
        .args(["--lang", "de", "nauticus", "buy", "--action", "goods", "--prices", "0,1,2,3", "--items", "cofee,fish"])
        .stderr(
            "deckhand: `cofee` gibt es bei goods nicht; dort gibt es: coffee, grain, salt, fish — meintest du `coffee`?\n",
        )
        .status(2)
        .run();
}

/// `enter` of the five-dice game types a paper sheet in: the rules it was played by, each
/// box's points (a value no roll scores there refused with those it can hold, the box's own
/// range in its question), the extra bonuses; saved after every box, taken up again where it
/// stopped, then checked and scored as `score` scores the file. The Fischerspiel has no sheet.
#[test]
fn enter_types_in_a_five_dice_sheet_box_by_box_and_resumes() {
    let t = Test::new().file("first.txt", "scandinavian\n3\n4\n");
    let out = t.args(["enter", "yacht", "--player", "Ann", "-o", "a.toml", "--answers", "first.txt"]).status(2).run();
    assert!(out.stderr.contains("Ones (ones: 0–5): 3\nTwos (twos: 0, 2, 4, 6, 8, 10): 4\n"), "{}", out.stderr);
    let saved = std::fs::read_to_string(out.dir.path().join("a.toml")).unwrap();
    assert!(saved.contains("options = [\"scandinavian\"]\n\n[boxes]\nones = 3\ntwos = 4\n"), "{saved}");
    // A value no roll scores in the box is refused, the file kept as it was.
    let wrong = Test::new().file("a.toml", &saved).file("w.txt", "7\n");
    let out = wrong.args(["enter", "yacht", "--player", "Ann", "-o", "a.toml", "--answers", "w.txt"]).status(2).run();
    assert!(out.stderr.starts_with("Resuming a.toml: 2 of 15 boxes already entered.\n"), "{}", out.stderr);
    assert!(out.stderr.contains("no roll scores 7 in Threes: it holds one of 0, 3, 6, 9, 12, 15"), "{}", out.stderr);
    // The default rules to the end, with an extra bonus: the score `score` gives the file.
    let answers = "default\n3\n8\n9\n12\n15\n18\n30\n0\n25\n30\n40\n50\n23\n100\n";
    let t = Test::new().file("e.txt", answers);
    let out = t.args(["enter", "yacht", "--player", "Bob", "-o", "b.toml", "--answers", "e.txt"]).status(0).run();
    assert!(out.stderr.ends_with("Saved b.toml. Score as the rules count it: 398.\nThe sheet follows the rules.\n"));
    let sheet = std::fs::read_to_string(out.dir.path().join("b.toml")).unwrap();
    assert!(sheet.ends_with("chance = 23\n\n[bonus]\nupper = 35\nextra = 100\n"), "{sheet}");
    let scored = Test::new().file("b.toml", &sheet).args(["score", "b.toml", "--format", "json"]).run();
    assert!(scored.stdout.contains("\"total\": 398"), "{}", scored.stdout);
    let out = Test::new().args(["enter", "fischerspiel", "--player", "Ann", "-o", "a.toml"]).status(2).run();
    assert!(out.stderr.contains("co-operative"), "{}", out.stderr);
}

/// Without -o, `enter` writes the player's own file in the folder it runs in (named as
/// `play` and `scan` name sheets), and every game's `enter` says which file it saves.
#[test]
fn enter_without_a_file_writes_the_players_own_and_says_which() {
    let answers = "default\n3\n8\n9\n12\n15\n18\n30\n0\n25\n30\n40\n50\n23\n0\n";
    let out = Test::new()
        .file("e.txt", answers)
        .args(["enter", "yacht", "--player", "Ann Marie", "--answers", "e.txt"])
        .run();
    assert!(out.stderr.contains("The file (ann-marie.toml) is saved after every box."), "{}", out.stderr);
    assert!(out.stderr.contains("Saved ann-marie.toml."), "{}", out.stderr);
    assert!(out.dir.path().join("ann-marie.toml").is_file());
    // Stopped at the first question (no answers): the first line has named the file.
    for (game, player, said) in [
        ("fleet-dice", "Bo", "The file (bo.toml) is saved after every section."),
        ("nauticus", "Cy", "saved at once in cy.toml;"),
    ] {
        let out = Test::new()
            .file("a.txt", "")
            .args(["enter", game, "--player", player, "--answers", "a.txt"])
            .status(2)
            .run();
        assert!(out.stderr.contains(said), "{}", out.stderr);
    }
}

/// `score yacht` with no sheet after the game says the sheets are missing, not that a file
/// `yacht` cannot be read.
#[test]
fn a_game_named_without_sheets_says_the_sheets_are_missing() {
    for cmd in ["score", "check"] {
        Test::new()
            .args([cmd, "yacht"])
            .stdout("")
            .stderr(
                "deckhand: `yacht` names a game, but no sheet file follows it: name the sheets after it (`yacht ann.toml \
                 bob.toml`; `enter`, `scan` and a game's end write them)\n",
            )
            .status(2)
            .run();
    }
}

/// An answers file with nothing in it (or nothing on standard input) holds no answers: it
/// did not run out "after line 0".
#[test]
fn an_empty_answers_file_is_said_to_hold_no_answers() {
    let out = Test::new()
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--answers", "-", "--no-record", "-o", "g.jsonl"])
        .stdin("")
        .status(2)
        .run();
    let said = "\ndeckhand: standard input holds no answers; deckhand is waiting for: Ann: start roll";
    assert!(out.stderr.contains(said), "{}", out.stderr);
    let out =
        Test::new().file("a.txt", "").args(["enter", "yacht", "--player", "A", "-o", "a.toml", "--answers", "a.txt"]);
    let out = out.status(2).run();
    assert!(
        out.stderr.contains("deckhand: a.txt holds no answers; deckhand is waiting for: Which rules"),
        "{}",
        out.stderr
    );
}

/// `play` without `--players` asks for their names (not "--players names 0"); the five-dice
/// game's count has no Captain Ruth in it (Fleet's solo opponent).
#[test]
fn play_without_players_asks_for_their_names_in_the_games_own_count() {
    Test::new()
        .args(["play", "yacht"])
        .stderr("deckhand: Yacht is played by 1 to 8 players: name them with `--players Ann,Bob`\n")
        .status(2)
        .run();
    Test::new()
        .args(["play", "yacht", "--players", "A,B,C,D,E,F,G,H,I"])
        .stderr("deckhand: Yacht is played by 1 to 8 players; --players names 9: `--players Ann,Bob`\n")
        .status(2)
        .run();
    let fleet = "deckhand: Fleet: The Dice Game is played by 1 (solo, against Captain Ruth) or 2 to 4 players: \
                 name them with `--players Ann,Bob`\n";
    Test::new().args(["play", "fleet-dice"]).stderr(fleet).status(2).run();
}

/// A five-dice save with a line that does not replay names the line and says what to do,
/// as a Fleet save's does (`resume` and `replay` alike).
#[test]
fn a_five_dice_save_line_that_does_not_replay_says_what_to_do() {
    let save = "{\"format\":\"deckhand-save\",\"schema\":2,\"game\":\"yacht\",\"rules\":{\"hash\":\"1850ce9771ba8eb8\"},\
                \"players\":[\"Ann\"],\"setup\":{\"engine\":\"yacht\",\"dice\":\"Physical\",\"seed\":0},\"started\":1795970845}\n\
                {\"roll\":[1,2,3,4,4]}\n{\"score\":\"sevens\"}\n";
    for cmd in ["resume", "replay"] {
        let args: &[&str] = if cmd == "resume" { &[cmd, "g.jsonl", "--answers", "-"] } else { &[cmd, "g.jsonl"] };
        let out = Test::new().file("g.jsonl", save).args(args.iter().copied()).stdin("").status(2).run();
        assert!(
            out.stderr.contains(
                "g.jsonl, line 3: this line does not replay: there is no box `sevens` (the save was changed, or it \
                 belongs to other rules; the lines before it replay: without it and the lines after it, the game goes \
                 on from there)"
            ),
            "{cmd}: {}",
            out.stderr
        );
    }
}

/// A sheet of another game than the one named is said to be one (`score yacht fleet.toml`,
/// `enter yacht -o fleet.toml`), not reported as that game's keys unknown here.
#[test]
fn a_sheet_of_another_game_is_named_as_such() {
    let fleet = "game = \"fleet-dice\"\nplayer = \"Ann\"\n[marks]\nshrimp = \"x x x\"\n";
    let t = Test::new().file("f.toml", fleet);
    let out = t.args(["score", "yacht", "f.toml"]).status(2).run();
    assert_eq!(out.stderr, "deckhand: f.toml is a sheet of `fleet-dice`, not of `yacht`; score one game at a time\n");
    let t = Test::new().file("f.toml", fleet);
    let out = t.args(["enter", "yacht", "--player", "Ann", "-o", "f.toml"]).status(2).run();
    assert_eq!(
        out.stderr,
        "deckhand: f.toml is a sheet of `fleet-dice`, not of `yacht`: choose another file with -o\n"
    );
}
