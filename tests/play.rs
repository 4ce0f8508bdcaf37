//! `deckhand play`, `resume`, `replay`, `show` through the binary: answers files, saves that
//! survive a crash (torn tail, SIGKILL at random points), refused rules changes.

use std::path::Path;
use std::process::Stdio;

use deckhand::games::fleet::game::Input;
use deckhand::games::fleet::random::random_input;
use deckhand::games::fleet::session::Session;
use deckhand::rng::Rng;
use predicates::prelude::*;
use predicates::str::contains;

use crate::common::{deckhand, fleet};
use crate::test::Test;

/// The answers of a whole random game with physical dice typed in, one line per decision.
fn random_answers(seed: u64, players: &[&str]) -> Vec<String> {
    let rules = fleet();
    let names: Vec<String> = players.iter().map(|s| s.to_string()).collect();
    let mut session = Session::new(&rules, &names);
    let mut rng = Rng::new(seed);
    let mut lines = Vec::new();
    while let Some(input) = random_input(&rules, &session, &mut rng) {
        let input = match input {
            Input::Roll { faces, .. } => Input::Roll { faces, digital: false },
            other => other,
        };
        lines.push(match &input {
            Input::Choice(k) => k.clone(),
            Input::Roll { faces, .. } => faces.join(" "),
        });
        session.apply(&rules, input).unwrap();
    }
    lines
}

fn write_answers(dir: &Path, name: &str, lines: &[String]) {
    std::fs::write(dir.join(name), lines.iter().map(|l| format!("{l}\n")).collect::<String>()).unwrap();
}

fn play_args(save: &str, answers: &str) -> Vec<String> {
    ["play", "fleet-dice", "--players", "Ann,Bob,Cy", "--save", save, "--answers", answers]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn replay_csv(dir: &Path, save: &str) -> String {
    let out = deckhand(dir).args(["replay", save, "--format", "csv"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_whole_game_from_an_answers_file_ends_with_the_table_and_checkable_sheets() {
    let dir = tempfile::tempdir().unwrap();
    write_answers(dir.path(), "a.txt", &random_answers(11, &["Ann", "Bob", "Cy"]));
    deckhand(dir.path())
        .args(play_args("g.jsonl", "a.txt"))
        .assert()
        .success()
        .stdout(contains("PLAYER").and(contains("TOTAL")))
        .stderr(contains("— Round 10 of 10").and(contains("Sheets written: g-ann.toml, g-bob.toml, g-cy.toml")));
    // The exported sheets pass `check`, and `score` of them equals the replayed table.
    deckhand(dir.path()).args(["check", "g-ann.toml", "g-bob.toml", "g-cy.toml"]).assert().code(0);
    let scored = deckhand(dir.path())
        .args(["score", "--format", "csv", "g-ann.toml", "g-bob.toml", "g-cy.toml"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(scored.stdout).unwrap(), replay_csv(dir.path(), "g.jsonl"));
    deckhand(dir.path())
        .args(["show", "g.jsonl", "--player", "bob"])
        .assert()
        .success()
        .stdout(contains("Bob ·").and(contains(" Cod ")).and(contains("cod_boat").not()));
    deckhand(dir.path())
        .args(["show", "g.jsonl", "--player", "Zed"])
        .assert()
        .code(2)
        .stderr(contains("no player `Zed`"));
}

#[test]
fn an_interrupted_game_resumes_losing_nothing_and_ends_like_an_uninterrupted_one() {
    let dir = tempfile::tempdir().unwrap();
    let lines = random_answers(12, &["Ann", "Bob", "Cy"]);
    write_answers(dir.path(), "all.txt", &lines);
    deckhand(dir.path()).args(play_args("full.jsonl", "all.txt")).assert().success();
    let expected = replay_csv(dir.path(), "full.jsonl");

    let cut = lines.len() / 3;
    write_answers(dir.path(), "first.txt", &lines[..cut]);
    write_answers(dir.path(), "rest.txt", &lines[cut..]);
    deckhand(dir.path())
        .args(play_args("g.jsonl", "first.txt"))
        .assert()
        .code(2)
        .stderr(contains("the answers ran out"));
    deckhand(dir.path())
        .args(["resume", "g.jsonl", "--answers", "rest.txt"])
        .assert()
        .success()
        .stderr(contains("Resumed g.jsonl: round").and(contains(format!("{cut} decisions so far"))));
    assert_eq!(replay_csv(dir.path(), "g.jsonl"), expected);
}

#[test]
fn a_torn_last_line_is_dropped_with_a_notice_and_damage_before_it_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let lines = random_answers(13, &["Ann", "Bob", "Cy"]);
    write_answers(dir.path(), "first.txt", &lines[..40]);
    deckhand(dir.path()).args(play_args("g.jsonl", "first.txt")).assert().code(2);
    let save = dir.path().join("g.jsonl");
    let text = std::fs::read_to_string(&save).unwrap();
    // A crash in the middle of writing decision 41.
    std::fs::write(&save, format!("{text}{{\"do\":{{\"Cho")).unwrap();
    write_answers(dir.path(), "rest.txt", &lines[40..]);
    deckhand(dir.path())
        .args(["resume", "g.jsonl", "--answers", "rest.txt"])
        .assert()
        .success()
        .stderr(contains("was cut off by a crash and is dropped").and(contains("40 decisions so far")));
    // Damage before the last line is reported, not guessed around.
    let mut damaged: Vec<String> = text.lines().map(String::from).collect();
    damaged[5] = "{\"do\": garbage".into();
    std::fs::write(&save, damaged.join("\n") + "\n").unwrap();
    deckhand(dir.path())
        .args(["resume", "g.jsonl", "--answers", "rest.txt"])
        .assert()
        .code(2)
        .stderr(contains("g.jsonl:6: the save file is damaged"));
    deckhand(dir.path()).args(["replay", "g.jsonl"]).assert().code(2).stderr(contains("g.jsonl:6:"));
}

#[test]
fn killing_deckhand_at_random_points_loses_no_confirmed_decision() {
    let dir = tempfile::tempdir().unwrap();
    let lines = random_answers(14, &["Ann", "Bob", "Cy"]);
    write_answers(dir.path(), "all.txt", &lines);
    deckhand(dir.path()).args(play_args("full.jsonl", "all.txt")).assert().success();
    let expected = replay_csv(dir.path(), "full.jsonl");
    let mut rng = Rng::new(99);
    for attempt in 0..8 {
        let save = format!("k{attempt}.jsonl");
        let mut kills = 0;
        // Kill repeatedly at random moments until the game is complete.
        loop {
            let resuming = dir.path().join(&save).exists();
            let done = if resuming {
                deckhand::store::Journal::read::<deckhand::store::save::Header, deckhand::games::fleet::session::Entry>(
                    &dir.path().join(&save),
                )
                .unwrap()
                .entries
                .len()
            } else {
                0
            };
            write_answers(dir.path(), "rest.txt", &lines[done..]);
            let args: Vec<String> = if resuming {
                vec!["resume".into(), save.clone(), "--answers".into(), "rest.txt".into()]
            } else {
                play_args(&save, "rest.txt")
            };
            // The finished game is recorded in a history inside the temp folder, never in
            // the user's data folder.
            let mut child = crate::child::deckhand_in(dir.path())
                .args(&args)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let killed = kills < 5;
            if killed {
                std::thread::sleep(std::time::Duration::from_millis(rng.below(40) as u64));
                let _ = child.kill(); // SIGKILL
                kills += 1;
            }
            let status = child.wait().unwrap();
            if status.success() {
                break;
            }
            assert!(killed, "attempt {attempt}: a run that was not killed failed ({status})");
        }
        assert_eq!(replay_csv(dir.path(), &save), expected, "attempt {attempt}");
    }
}

#[test]
fn resuming_under_different_rules_is_refused_unless_asked() {
    let dir = tempfile::tempdir().unwrap();
    let lines = random_answers(15, &["Ann", "Bob", "Cy"]);
    write_answers(dir.path(), "first.txt", &lines[..20]);
    deckhand(dir.path()).args(play_args("g.jsonl", "first.txt")).assert().code(2);
    let rules = std::fs::read_to_string(crate::common::repo().join("rules/fleet-dice.toml"))
        .unwrap()
        .replace("cap = 10\n\n[licenses]", "cap = 9\n\n[licenses]");
    std::fs::write(dir.path().join("other.toml"), rules).unwrap();
    write_answers(dir.path(), "rest.txt", &lines[20..]);
    deckhand(dir.path())
        .args(["resume", "g.jsonl", "--rules", "other.toml", "--answers", "rest.txt"])
        .assert()
        .code(2)
        .stderr(contains("began with different rules").and(contains("--allow-rules-change")));
    deckhand(dir.path())
        .args(["resume", "g.jsonl", "--rules", "other.toml", "--allow-rules-change", "--answers", "rest.txt"])
        .assert()
        .success();
}

#[test]
fn play_without_a_terminal_or_answers_stops_at_once_and_leaves_no_save() {
    let dir = tempfile::tempdir().unwrap();
    deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl"])
        .write_stdin("")
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(contains("no terminal"));
    assert!(!dir.path().join("g.jsonl").exists());
}

#[test]
fn bad_player_lists_are_usage_errors() {
    let long = "x".repeat(300);
    let long = format!("Ann,{long}");
    let give = "give every player a different name";
    let command = "is a command at the prompts; choose another player name";
    let cases: [(&[&str], String); 11] = [
        (&["--players", "Ann,Bob", "--solo"], "--solo is one player against Captain Ruth, but --players names 2".into()),
        (
            &["--players", "A,B,C,D,E"],
            "Fleet: The Dice Game is played by 1 (solo, against Captain Ruth) or 2 to 4 players; --players names 5: \
             `--players Ann,Bob,Cy`"
                .into(),
        ),
        (&["--players", "Ann,ann"], format!("`Ann` and `ann` are the same name (upper and lower case count as one); {give}")),
        (&["--players", "Änn,äNN"], format!("`Änn` and `äNN` are the same name (upper and lower case count as one); {give}")),
        (
            &["--players", "A 1,A-1,B"],
            "`A 1` and `A-1` would both be written to the sheet file `…-a-1.toml`; give the players names that differ \
             in letters or digits"
                .into(),
        ),
        (&["--players", "Ann,undo"], format!("`undo` {command}")),
        (&["--players", "Ann,zurück"], format!("`zurück` {command}")),
        (&["--players", "Ann,Aide"], format!("`Aide` {command}")),
        (&["--players", ",,A"], "player 1 has an empty name; give every player a name (`--players Ann,Bob,Cy`)".into()),
        (
            &["--players", "Ann,Bob\u{1b}]0;pwned\u{7}"],
            "the name of player 2 holds a control character (a line break, a tab or a terminal escape); type it plainly"
                .into(),
        ),
        (&["--players", &long], "the name of player 2 has 300 characters; a name has at most 32".into()),
    ];
    for (args, msg) in cases {
        let run = Test::new().args(["play", "fleet-dice", "--answers", "-"]).args(args.iter().copied());
        let out = run.status(2).stdout("").stderr(format!("deckhand: {msg}\n")).run();
        assert_eq!(std::fs::read_dir(out.dir.path()).unwrap().count(), 0, "{args:?}: no save file was created");
    }
}

#[test]
fn a_solo_game_from_an_answers_file_ends_with_the_rating() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ones.txt"), "1\n".repeat(600)).unwrap();
    deckhand(dir.path())
        .args([
            "play",
            "fleet-dice",
            "--players",
            "Ann",
            "--dice",
            "digital",
            "--seed",
            "3",
            "--save",
            "s.jsonl",
            "--answers",
            "ones.txt",
        ])
        .assert()
        .success()
        .stdout(contains("Solo rating against Captain Ruth:"))
        .stderr(contains("against Captain Ruth").and(contains("— Round 8 of 8")).and(contains("Ruth takes")));
    deckhand(dir.path()).args(["check", "s-ann.toml"]).assert().code(0);
    let sheet = std::fs::read_to_string(dir.path().join("s-ann.toml")).unwrap();
    assert!(sheet.contains("solo = true") && sheet.contains('/'), "{sheet}");
}

#[test]
fn an_illegal_answer_names_its_line_and_the_legal_answers() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "cod\nlobster\nAnn\ncod cod kraken\n").unwrap();
    deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl", "--answers", "a.txt"])
        .assert()
        .code(2)
        .stderr(contains("a.txt:4: `cod cod kraken` is not an answer").and(contains("`kraken` is no face")));
    std::fs::write(dir.path().join("b.txt"), "cod\nlobster\nAnn\ncod cod shrimp\noyster\n").unwrap();
    deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "h.jsonl", "--answers", "b.txt"])
        .assert()
        .code(2)
        .stderr(
            contains("b.txt:5: `oyster` is not an answer")
                .and(contains("the legal answers are: cod, shrimp, undo, sheet, sheets, scores, help, hint")),
        );
}

#[test]
fn undo_sheet_and_scores_at_a_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let answers = "cod\nlobster\nAnn\ncod cod shrimp\ncod\ncoin\nundo\nsheet\nscores\nmark\n";
    std::fs::write(dir.path().join("a.txt"), answers).unwrap();
    deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl", "--answers", "a.txt"])
        .assert()
        .code(2)
        .stderr(
            contains("undone: \"Ann: use the cod\" → take 1 coin instead")
                .and(contains("Ann · 1 coin ·"))
                .and(contains("Scores during round 1 (so far)")),
        );
    // The save holds the undo as an entry; the replayed sheet has cod.4 marked, not the coin.
    let save = std::fs::read_to_string(dir.path().join("g.jsonl")).unwrap();
    assert!(save.contains("\"undo\""), "{save}");
    let out = deckhand(dir.path()).args(["show", "g.jsonl", "--player", "Ann"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // The cod column (the second) has its boxes 1 to 4 marked and box 5 empty.
    let column: Vec<char> = text.lines().skip(2).take(5).map(|l| l.chars().nth(14).unwrap()).collect();
    assert_eq!(column, ['x', 'x', 'x', 'x', '·'], "{text}");
    assert!(text.starts_with("Ann · 1 coin ·"), "{text}");
}

#[test]
fn digital_dice_with_a_seed_roll_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ones.txt"), "1\n".repeat(1500)).unwrap();
    let run = |save: &str| {
        deckhand(dir.path())
            .args([
                "play",
                "fleet-dice",
                "--players",
                "Ann,Bob",
                "--dice",
                "digital",
                "--seed",
                "42",
                "--save",
                save,
                "--answers",
                "ones.txt",
            ])
            .assert()
            .success()
            .stderr(contains("deckhand rolls:"));
        replay_csv(dir.path(), save)
    };
    assert_eq!(run("a.jsonl"), run("b.jsonl"));
}

#[test]
fn help_at_a_menu_explains_its_options() {
    let dir = tempfile::tempdir().unwrap();
    let game = std::fs::read_to_string(crate::common::repo().join("tests/games/four_players.answers")).unwrap();
    // Up to Bob's wharf die (line 36), then `help` at the question which building to mark.
    let answers: String = game.lines().take(36).map(|l| format!("{l}\n")).collect::<String>() + "help\n";
    std::fs::write(dir.path().join("a.txt"), answers).unwrap();
    deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob,Cy,Dee", "--save", "g.jsonl", "--answers", "a.txt"])
        .assert()
        .code(2)
        .stderr(
            contains("What the options do:")
                .and(contains(
                    "  casino 1: you may reroll the die you pick, once per phase; 2 VP when complete; 2 boxes to fill",
                ))
                .and(contains(
                    "  fisherman's pub 1: scores at the end; 10 VP once every box is marked; 5 boxes to fill",
                )),
        );
}

#[test]
fn without_save_a_game_goes_to_the_games_folder_and_resume_lists_the_unfinished_ones() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join(".local/share/deckhand/games");
    // Nothing to resume yet.
    deckhand(dir.path()).arg("resume").assert().code(2).stderr(contains("No unfinished game in"));
    // The first 40 answers of the 4-player game: round 1's town phase, stopped.
    let game = std::fs::read_to_string(crate::common::repo().join("tests/games/four_players.answers")).unwrap();
    let first: String = game.lines().take(40).map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.path().join("a.txt"), &first).unwrap();
    let out = deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob,Cy,Dee", "--answers", "a.txt"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let saves: Vec<_> = std::fs::read_dir(&games).unwrap().flatten().map(|e| e.path()).collect();
    assert_eq!(saves.len(), 1, "{saves:?}");
    let save = &saves[0];
    let name = save.file_name().unwrap().to_str().unwrap().to_string();
    assert!(name.starts_with("fleet-dice-") && name.ends_with(".jsonl"), "{name}");
    // The first line names the file.
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.lines().next().unwrap().contains(&save.display().to_string()), "{stderr}");
    // A finished game in the same folder is not offered.
    std::fs::copy(crate::common::repo().join("tests/saves/four.jsonl"), games.join("done.jsonl")).unwrap();
    // Without a terminal, resume lists the unfinished games and how to name one.
    deckhand(dir.path()).arg("resume").assert().code(2).stderr(
        contains(format!("{name} — Fleet: The Dice Game, Ann, Bob, Cy, Dee: round 1 of 10"))
            .and(contains("done.jsonl").not())
            .and(contains("deckhand resume FILE")),
    );
    // Resumed, the game recaps where it stands.
    let rest: String = game.lines().skip(40).take(3).map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.path().join("b.txt"), rest).unwrap();
    deckhand(dir.path()).args(["resume", save.to_str().unwrap(), "--answers", "b.txt"]).assert().code(2).stderr(
        contains("Last roll: harbor, harbor, wharf, market, cod")
            .and(contains("Round 1/10 · town phase · Dee's turn · left: cod · Dee: 1 coin, 0 fish")),
    );
}

#[test]
fn help_at_a_pick_says_what_each_die_would_do_for_this_player_now() {
    let dir = tempfile::tempdir().unwrap();
    // Ann's start die is cod (boxes 1–3 marked), then a roll of cod, lobster, 3 coins.
    std::fs::write(dir.path().join("a.txt"), "cod\nlobster\nAnn\ncod lobster coins\nhelp\n").unwrap();
    let out = deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl", "--answers", "a.txt"])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    let help: Vec<&str> = err.lines().skip_while(|l| !l.starts_with("What each die")).take(4).collect();
    assert_eq!(
        help,
        [
            "What each die would do for Ann now:",
            "  cod: cod 4 · take 1 coin instead",
            "  lobster: lobster 1 · take 1 coin instead",
            "  3 coins: 3 coins · take 1 coin instead",
        ],
        "{err}"
    );
}

/// `hint` (or its word in the language) at a menu, at an entry and at a roll: the advisor's
/// table of every answer, the best marked; the save is what it would be without it.
#[test]
fn hint_weighs_every_answer_and_commits_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let plain = "cod\nlobster\nAnn\ncod cod shrimp\ncod\ncoin\n";
    let hinted = "cod\nlobster\nAnn\nhint\ncod cod shrimp\nhint\ncod\nhint\ncoin\n";
    std::fs::write(dir.path().join("plain.txt"), plain).unwrap();
    std::fs::write(dir.path().join("hinted.txt"), hinted).unwrap();
    let run = |answers: &str, save: &str, lang: &str| {
        deckhand(dir.path())
            .args(["--lang", lang, "play", "fleet-dice", "--players", "Ann,Bob", "--save", save, "--answers", answers])
            .output()
            .unwrap()
    };
    let out = run("hinted.txt", "h.jsonl", "en");
    let err = String::from_utf8(out.stderr).unwrap();
    // At the roll: chance, not a choice.
    assert!(err.contains("hint: the dice are rolled or a card is drawn next"), "{err}");
    // At the pick: every die with its best use, and at the use of the cod every use.
    assert!(err.contains("cod → cod 4") && err.contains("shrimp → shrimp 1"), "{err}");
    assert!(err.contains("EXPECTED POINTS") && err.contains("WIN"), "{err}");
    assert_eq!(err.matches("◀ best").count(), 2, "{err}");
    assert!(err.contains("200 playouts per answer"), "{err}");
    run("plain.txt", "p.jsonl", "en");
    let entries = |f: &str| -> Vec<String> {
        std::fs::read_to_string(dir.path().join(f)).unwrap().lines().skip(1).map(String::from).collect()
    };
    assert_eq!(entries("h.jsonl"), entries("p.jsonl"), "hint commits nothing");
    assert!(entries("h.jsonl").len() >= 6);
    // In German the word is `tipp`, in French `conseil`.
    for (lang, word, said) in [("de", "tipp", "ERWARTETE PUNKTE"), ("fr", "conseil", "POINTS ATTENDUS")] {
        // An answers file takes words as a terminal does once it says `#! entries`.
        let answers = format!("#! entries\ncod\nlobster\nAnn\ncod cod shrimp\n{word}\n");
        std::fs::write(dir.path().join("l.txt"), answers).unwrap();
        let err = String::from_utf8(run("l.txt", &format!("{lang}.jsonl"), lang).stderr).unwrap();
        assert!(err.contains(said), "{lang}: {err}");
    }
}

/// `--coach N`: a choice that lost more than N expected points gets one line with what the
/// advisor preferred, in the pad's words; a good choice, or a higher N, gets none.
#[test]
fn coach_says_what_the_advisor_preferred_after_a_costly_choice() {
    let dir = tempfile::tempdir().unwrap();
    // Ann takes a coin with a cod, where the cod or the shrimp marks a box; then the shrimp, well used.
    std::fs::write(dir.path().join("bad.txt"), "cod\nlobster\nAnn\ncod cod shrimp\ncod\ncoin\n").unwrap();
    std::fs::write(dir.path().join("good.txt"), "cod\nlobster\nAnn\ncod cod shrimp\nshrimp\nshrimp\n").unwrap();
    let run = |answers: &str, save: &str, coach: &str, lang: &str| {
        let out = deckhand(dir.path())
            .args(["--lang", lang, "play", "fleet-dice", "--players", "Ann,Bob", "--save", save])
            .args(["--answers", answers, "--coach", coach])
            .output()
            .unwrap();
        String::from_utf8(out.stderr).unwrap()
    };
    let err = run("bad.txt", "a.jsonl", "1", "en");
    let coach: Vec<&str> = err.lines().filter(|l| l.starts_with("coach:")).collect();
    assert_eq!(coach.len(), 1, "{err}");
    // What the advisor prefers is its business (a pick and its use, in pad words); the coin
    // taken for a die is not it.
    let preferred = coach[0].strip_prefix("coach: Ann, the advisor preferred ").expect(&err);
    assert!(preferred.contains(" → ") && !preferred.starts_with("cod → take 1 coin instead"), "{err}");
    assert!(coach[0].contains("to cod → take 1 coin instead (") && coach[0].contains("% to win"), "{err}");
    // The points it lost, as the line says them, are above the threshold.
    let lost: f64 = coach[0].rsplit('−').next().unwrap().trim_end_matches(" points").parse().unwrap();
    assert!(lost > 1.0, "{err}");
    assert!(!run("bad.txt", "b.jsonl", "30", "en").contains("coach:"), "a higher threshold says nothing");
    assert!(!run("good.txt", "c.jsonl", "1", "en").contains("coach:"), "a good choice gets no line");
    let de = run("bad.txt", "d.jsonl", "1", "de");
    assert!(de.lines().any(|l| l.starts_with("Trainer: Ann, der Berater hätte ") && l.contains(" gewählt")), "{de}");
    // The coach commits nothing: the save is the answers.
    let save = std::fs::read_to_string(dir.path().join("a.jsonl")).unwrap();
    assert_eq!(save.lines().count(), 7, "{save}");
    // With a bot at the table: only the person's choices are weighed.
    std::fs::write(dir.path().join("ones.txt"), "1\n".repeat(10)).unwrap();
    let out = deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann", "--bots", "1", "--bot-level", "greedy", "--dice", "digital"])
        .args(["--seed", "4", "--save", "bot.jsonl", "--answers", "ones.txt", "--coach", "0"])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("coach: Ann, the advisor preferred"), "{err}");
    assert!(!err.contains("coach: Bot 1"), "{err}");
    deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--coach", "lots"])
        .assert()
        .code(2)
        .stderr(contains("`lots` is not a number of points"));
}

/// `--bots N`: the last seats are played by deckhand without asking; the save's header
/// records their level and seed, so `replay` rebuilds the game and `resume` of a save cut
/// anywhere plays on to the same game.
#[test]
fn a_game_with_bots_finishes_lists_them_and_replays_and_resumes_exactly() {
    let dir = tempfile::tempdir().unwrap();
    // Ann answers every question with its first option.
    std::fs::write(dir.path().join("ones.txt"), "1\n".repeat(3000)).unwrap();
    let play = |save: &str, level: &str| {
        deckhand(dir.path())
            .args(["play", "fleet-dice", "--players", "Ann", "--bots", "2", "--bot-level", level])
            .args(["--bot-names", "Robo", "--dice", "digital", "--seed", "4", "--no-record", "--save", save])
            .args(["--answers", "ones.txt"])
            .output()
            .unwrap()
    };
    let out = play("g.jsonl", "greedy");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // What everyone decides at once (the shared die, fishing) is asked of Ann alone: the
    // bots answer theirs themselves.
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(said.contains("Robo: use the shared"), "{said}");
    for line in said.lines().filter(|l| l.contains("Enter for everyone")) {
        assert!(!line.contains("Robo") && !line.contains("Bot 2"), "a bot in a person's question: {line}");
    }
    let table = String::from_utf8(out.stdout).unwrap();
    for name in ["Ann", "Robo", "Bot 2"] {
        assert!(table.contains(&format!("┆ {name} ")), "{name}: {table}");
    }
    let save = std::fs::read_to_string(dir.path().join("g.jsonl")).unwrap();
    let header = save.lines().next().unwrap();
    assert!(header.contains(r#""players":["Ann","Robo","Bot 2"]"#), "{header}");
    assert!(header.contains(r#""bots":{"first":1,"level":"greedy","seed":4}"#), "{header}");
    // The replay is the game.
    let replayed = deckhand(dir.path()).args(["replay", "g.jsonl"]).output().unwrap();
    assert_eq!(String::from_utf8(replayed.stdout).unwrap(), table);
    // The same seed, the same game; greedy bots and random bots play differently.
    play("h.jsonl", "greedy");
    let entries = |f: &str| -> Vec<String> {
        std::fs::read_to_string(dir.path().join(f)).unwrap().lines().skip(1).map(String::from).collect()
    };
    assert_eq!(entries("h.jsonl"), entries("g.jsonl"));
    play("r.jsonl", "random");
    assert_ne!(entries("r.jsonl"), entries("g.jsonl"));
    // Cut the save in round 4 and resume: the bots answer as they did.
    let lines: Vec<&str> = save.lines().collect();
    let cut = lines.len() / 3;
    std::fs::write(dir.path().join("c.jsonl"), lines[..cut].join("\n") + "\n").unwrap();
    let out =
        deckhand(dir.path()).args(["resume", "c.jsonl", "--no-record", "--answers", "ones.txt"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(entries("c.jsonl"), entries("g.jsonl"), "resumed to the same game");
    for (args, said) in [
        (&["--players", "Ann,Bob,Cy,Dee", "--bots", "1"][..], "--players names 4 and --bots adds 1"),
        (&["--players", "Ann", "--bots", "1", "--bot-names", "A,B"][..], "--bot-names gives 2 names for 1 bot"),
    ] {
        let out = deckhand(dir.path()).args(["play", "fleet-dice"]).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8(out.stderr).unwrap().contains(said), "{args:?}");
    }
    // An earlier save's header has no bots, and reads as it did.
    assert!(!std::fs::read_to_string(crate::common::repo().join("tests/saves/four.jsonl")).unwrap().contains("bots"));
}
