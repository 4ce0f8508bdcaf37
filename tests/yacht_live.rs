//! The five-dice game played live through the registry (issue #31 item 3): no view of its
//! own — the generic terminal loop and the generic pages play it from what the engine
//! describes. Here: the terminal (answers files and a real pseudo-terminal), 1 and 4
//! players, the table's own dice and digital dice, the final table and the history record.
//! The pages are in `browser/five_dice.rs` and `parity.rs`.

use std::path::Path;

use crate::common::{deckhand, stdout};

/// The boxes of the default rules, in sheet order.
pub(crate) const BOXES: [&str; 13] = [
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "five_of_a_kind",
    "chance",
];

/// A 4-player game with the table's own dice, as typed at the terminal: Ann's first turn
/// keeps two 3s and rolls three more (five of a kind); Bob keeps four dice and takes it
/// back (`undo`) before scoring his ones; every other turn rolls 1 2 3 4 6 and scores the
/// next open box in sheet order.
pub(crate) fn four_player_script() -> Vec<String> {
    let mut lines = Vec::new();
    let mut next = [0usize; 4];
    let order = |seat: usize| -> Vec<&str> {
        match seat {
            0 => {
                std::iter::once("five_of_a_kind").chain(BOXES.into_iter().filter(|b| *b != "five_of_a_kind")).collect()
            }
            _ => BOXES.to_vec(),
        }
    };
    for round in 0..13 {
        for (seat, next) in next.iter_mut().enumerate() {
            match (round, seat) {
                (0, 0) => lines.extend(["3 3 1 2 6", "keep 3 3", "3 3 3"].map(String::from)),
                (0, 1) => lines.extend(["1 2 3 4 6", "keep 1 2 3 4", "undo"].map(String::from)),
                _ => lines.push("1 2 3 4 6".into()),
            }
            lines.push(order(seat)[*next].to_string());
            *next += 1;
        }
    }
    lines
}

fn write_lines(dir: &Path, name: &str, lines: &[String]) {
    std::fs::write(dir.join(name), lines.join("\n") + "\n").unwrap();
}

/// What a game of `players` says on standard error when `answers` (the lines of an answers
/// file) run out, in `lang`: the command exits 2 then.
fn said_until_the_answers_run_out(lang: &str, players: &str, answers: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), answers).unwrap();
    let out = deckhand(dir.path())
        .args(["--lang", lang, "play", "yacht", "--players", players, "--answers", "a.txt"])
        .args(["--no-record", "-o", "g.jsonl"])
        .assert()
        .code(2);
    crate::common::stderr(&out)
}

/// A save's entries (its lines after the header).
fn entries(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path).unwrap().lines().skip(1).map(String::from).collect()
}

#[test]
fn four_players_with_the_tables_dice_play_to_the_final_table_and_the_history() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_lines(d, "answers.txt", &four_player_script());
    let out = deckhand(d)
        .args(["play", "yacht", "--players", "Ann,Bob,Cy,Dee", "--answers", "answers.txt", "--save", "g.jsonl"])
        .assert()
        .success();
    let text = stdout(&out) + &crate::common::stderr(&out);
    // Ann: five of a kind (50) and 62 from 1 2 3 4 6 in the other boxes; the others 62
    // (upper 16, small straight 30, chance 16), tied all through the tie-breaks.
    assert_eq!(
        stdout(&out),
        "Yacht
┌────┬────────┬───────────────┬───────┬───────────────┬───────────────┬───────┐
│ #  ┆ PLAYER ┆ upper section ┆ bonus ┆ lower section ┆ extra bonuses ┆ TOTAL │
╞════╪════════╪═══════════════╪═══════╪═══════════════╪═══════════════╪═══════╡
│  1 ┆ Ann    ┆            16 ┆     0 ┆            96 ┆             0 ┆   112 │
│ 2= ┆ Bob    ┆            16 ┆     0 ┆            46 ┆             0 ┆    62 │
│ 2= ┆ Cy     ┆            16 ┆     0 ┆            46 ┆             0 ┆    62 │
│ 2= ┆ Dee    ┆            16 ┆     0 ┆            46 ┆             0 ┆    62 │
└────┴────────┴───────────────┴───────┴───────────────┴───────────────┴───────┘
"
    );
    assert!(text.contains("Ann wins with 112"), "{text}");
    assert!(text.contains("Ann rolls 3 3 3 3 3 (roll 2)"), "{text}");
    assert!(text.contains("Bob keeps 1 2 3 4 and rolls the rest"), "{text}");
    assert!(text.contains("Ann scores 50 in Five of a kind"), "{text}");
    // One line per answer, the undo one line too.
    let saved = entries(&d.join("g.jsonl"));
    assert_eq!(saved.len(), four_player_script().len());
    assert_eq!(
        &saved[..4],
        &[r#"{"roll":[3,3,1,2,6]}"#, r#"{"keep":[3,3]}"#, r#"{"roll":[3,3,3]}"#, r#"{"score":"five_of_a_kind"}"#]
    );
    assert_eq!(&saved[4..8], &[r#"{"roll":[1,2,3,4,6]}"#, r#"{"keep":[1,2,3,4]}"#, r#""undo""#, r#"{"score":"ones"}"#]);
    // The play is in the history with its categories.
    let history = stdout(&deckhand(d).args(["history", "--format", "json"]).assert().success());
    let plays: serde_json::Value = serde_json::from_str(&history).unwrap();
    let play = &plays.as_array().unwrap()[0];
    assert_eq!(play["game"], "Yacht", "{history}");
    let seats = play["players"].as_array().unwrap();
    assert_eq!(seats.len(), 4, "{history}");
    assert_eq!(seats[0]["score"], 112, "{history}");
    // Each player's sheet is written beside the save, with the dice and turn of every box,
    // and `check` finds it follows the rules.
    let ann = std::fs::read_to_string(d.join("g-ann.toml")).unwrap();
    assert!(ann.contains("five_of_a_kind = { points = 50, dice = [3, 3, 3, 3, 3], turn = 1 }"), "{ann}");
    let checked = deckhand(d).args(["check", "g-ann.toml", "g-bob.toml", "g-cy.toml", "g-dee.toml"]).assert().success();
    assert!(stdout(&checked).contains("4 sheets checked: no rule violations"), "{}", stdout(&checked));
    // `stats` names its categories as the final table does, not by their ids.
    let stats = stdout(&deckhand(d).args(["--lang", "de", "stats"]).assert().success());
    assert!(stats.contains("┆ oberer Block ┆ Bonus ┆ unterer Block ┆ Extra-Boni │"), "{stats}");
    // The finished save imports as the same play (already recorded: nothing new).
    let again = deckhand(d).args(["import", "g.jsonl"]).assert().success();
    assert!(!stdout(&again).contains("#2"), "{}", stdout(&again));
}

#[test]
fn one_player_with_digital_dice_fills_the_sheet_and_the_save_replays() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // deckhand rolls; the player keeps nothing and scores the boxes in sheet order.
    let lines: Vec<String> = BOXES.iter().map(|b| b.to_string()).collect();
    write_lines(d, "answers.txt", &lines);
    let out = deckhand(d)
        .args(["play", "yacht", "--players", "Ann", "--dice", "digital", "--seed", "11"])
        .args(["--answers", "answers.txt", "--save", "g.jsonl"])
        .assert()
        .success();
    let text = stdout(&out) + &crate::common::stderr(&out);
    assert!(text.contains("Every box is filled: the game is over."), "{text}");
    let saved = entries(&d.join("g.jsonl"));
    // A roll by deckhand and a box per turn.
    assert_eq!(saved.len(), 26, "{saved:?}");
    assert!(saved.iter().step_by(2).all(|l| l.starts_with(r#"{"roll":["#)), "{saved:?}");
    let header = std::fs::read_to_string(d.join("g.jsonl")).unwrap();
    assert!(header.lines().next().unwrap().contains(r#""seed":11"#), "{header}");
    // The same seed rolls the same dice.
    let other = tempfile::tempdir().unwrap();
    write_lines(other.path(), "answers.txt", &lines);
    deckhand(other.path())
        .args(["play", "yacht", "--players", "Ann", "--dice", "digital", "--seed", "11"])
        .args(["--answers", "answers.txt", "--save", "g.jsonl", "--no-record"])
        .assert()
        .success();
    assert_eq!(entries(&other.path().join("g.jsonl")), saved);
    // The finished save is a play the history takes.
    let history = stdout(&deckhand(d).args(["history", "--format", "json"]).assert().success());
    assert!(history.contains("\"yacht\""), "{history}");
}

#[test]
fn a_setup_the_game_does_not_have_is_refused_with_what_it_has() {
    let dir = tempfile::tempdir().unwrap();
    let out = deckhand(dir.path()).args(["play", "yacht", "--players", "Ann", "--set", "colour=red"]).assert().code(2);
    let err = crate::common::stderr(&out);
    assert_eq!(
        err,
        "deckhand: the five-dice game has no setup option `colour`: it has dice, seed and option (`--set option=ID`)\n"
    );
    let out = deckhand(dir.path()).args(["play", "yacht", "--players", "Ann", "--set", "option=nope"]).assert().code(2);
    assert!(
        crate::common::stderr(&out).contains("no option `nope`; the options are: classic"),
        "{}",
        crate::common::stderr(&out)
    );
    // A slip of the keyboard gets the word meant.
    let out =
        deckhand(dir.path()).args(["play", "yacht", "--players", "Ann", "--set", "optoin=classic"]).assert().code(2);
    assert_eq!(
        crate::common::stderr(&out),
        "deckhand: the five-dice game has no setup option `optoin` (did you mean `option`?): it has dice, seed and \
         option (`--set option=ID`)\n"
    );
    let args = ["play", "yacht", "--players", "Ann", "--set", "option=scandanavian"];
    let out = deckhand(dir.path()).args(args).assert().code(2);
    assert!(
        crate::common::stderr(&out).contains("no option `scandanavian` (did you mean `scandinavian`?)"),
        "{}",
        crate::common::stderr(&out)
    );
}

/// A wrong answer says what is wrong in the table's words: dice to keep that were not
/// rolled named as such, with the dice there are; a word that answers nothing, with the
/// answers as the menu shows them (no internal keys such as `three_of_a_kind`); dice to keep
/// typed without `keep`, told to type it first. Found in tmux: `keep 44` and `4 4` said
/// "answers nothing here" and listed the keys; `keep 44` now keeps both 4s.
#[test]
fn a_wrong_keep_or_word_is_refused_in_the_tables_words() {
    let dir = tempfile::tempdir().unwrap();
    let runs = std::cell::Cell::new(0);
    let refusal = |lang: &str, answer: &str| {
        runs.set(runs.get() + 1);
        std::fs::write(dir.path().join("a.txt"), format!("2 2 4 4 5\n{answer}\n")).unwrap();
        let out = deckhand(dir.path())
            .args(["--lang", lang, "play", "yacht", "--players", "Ann", "--answers", "a.txt", "--no-record"])
            .args(["--save", &format!("{}.jsonl", runs.get())])
            .assert()
            .code(2);
        crate::common::stderr(&out).lines().last().unwrap_or_default().to_string()
    };
    for (answer, word) in [("keep 444", "444"), ("keep 1", "1"), ("keep 4 4 4", "4")] {
        let err = refusal("en", answer);
        assert!(
            err.ends_with(&format!(
                "`{word}` is not one of the dice you can keep (2 2 4 4 5): name each die on its own (`keep 2 2`)"
            )),
            "{err}"
        );
    }
    // Dice run together are each die: `keep 44` keeps both 4s, then the sheet's box.
    std::fs::write(dir.path().join("a.txt"), "2 2 4 4 5\nkeep 44\n456\nfours\n").unwrap();
    let out = deckhand(dir.path())
        .args(["play", "yacht", "--players", "Ann", "--answers", "a.txt", "--no-record", "--save", "kept.jsonl"])
        .assert()
        .code(2);
    let said = crate::common::stderr(&out);
    assert!(said.contains("Ann: roll 3 dice, keeping 4 4 (roll 2 of 3)"), "{said}");
    assert!(said.contains("Ann scores 12 in Fours"), "{said}");
    // A box by its whole name, though it starts another's (`Vierer`, `Viererpasch`).
    std::fs::write(dir.path().join("a.txt"), "1 4 4 4 6\nvierer\n").unwrap();
    let out = deckhand(dir.path())
        .args(["--lang", "de", "play", "yacht", "--players", "Ann", "--answers", "a.txt", "--no-record"])
        .args(["--save", "vierer.jsonl"])
        .assert()
        .code(2);
    let said = crate::common::stderr(&out);
    assert!(said.contains("Ann trägt 12 bei Vierer ein"), "{said}");
    // Dice to keep without `keep`.
    let err = refusal("en", "4 4");
    assert!(err.ends_with("to keep dice, type `keep` first: `keep 4 4`"), "{err}");
    let err = refusal("de", "4 4");
    assert!(err.ends_with("um Würfel zu behalten, tippe zuerst `behalten`: `behalten 4 4`"), "{err}");
    // A start several boxes have, in any language: named, with the other language's word.
    let err = refusal("en", "fu");
    assert!(
        err.ends_with(
            "`fu` fits several answers (Fives — 5 (Fünfer), Full house — 0, Five of a kind — 0 (Fünferpasch)): type more of it"
        ),
        "{err}"
    );
    // `help` says what `keep` alone does (all the dice rolled again).
    let err = said_until_the_answers_run_out("de", "Ann", "1 2 3 3 6\nhelp\n");
    assert!(err.contains("\n`behalten` allein behält keinen Würfel: alle werden neu gewürfelt\n"), "{err}");
    // A roll with one die that is no face: that die is named, not the first.
    let err = said_until_the_answers_run_out("en", "Ann", "5 5 7 1 2\n");
    assert!(err.contains("`7` answers nothing here; the answers are: 1, 2, 3, 4, 5, 6"), "{err}");
    let err = refusal("en", "foo");
    assert!(err.contains("`foo` answers nothing here; the answers are: keep, Ones — 0, Twos — 4,"), "{err}");
    assert!(err.contains("Three of a kind — 0") && !err.contains('_'), "{err}");
    let err = refusal("de", "behalten 3");
    assert!(err.ends_with("`3` ist keiner der Würfel, die du behalten kannst (2 2 4 4 5): nenne jeden Würfel einzeln (`behalten 2 2`)"), "{err}");
    let err = refusal("fr", "garder 6");
    assert!(
        err.ends_with(
            "`6` n'est pas un des dés que vous pouvez garder (2 2 4 4 5) : nommez chaque dé à part (`garder 2 2`)"
        ),
        "{err}"
    );
}

/// `undo` says whose answer it took back, and the rolls deckhand made after it (digital
/// dice) with it, not a count of answers ("2 answers taken back" for one undo).
#[test]
fn undo_names_whose_answer_and_the_rolls_taken_back_with_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "chance\nundo\nchance\n").unwrap();
    let out = deckhand(dir.path())
        .args(["play", "yacht", "--players", "Ann,Bob", "--dice", "digital", "--seed", "3"])
        .args(["--answers", "a.txt", "--save", "g.jsonl", "--no-record"])
        .assert()
        .code(2);
    let said = crate::common::stderr(&out);
    assert!(said.contains("Ann's last answer taken back, with the roll deckhand made after it.\n"), "{said}");
    // The same roll comes again: Bob's dice are the seed's, whatever was taken back.
    let rolls: Vec<&str> = said.lines().filter(|l| l.starts_with("Bob rolls")).collect();
    assert_eq!(rolls.len(), 2, "{said}");
    assert_eq!(rolls[0], rolls[1]);
}

#[cfg(unix)]
#[test]
fn at_a_terminal_the_dice_are_typed_kept_scored_and_undone() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["play", "yacht", "--players", "Ann", "--save", "g.jsonl"];
    let mut p = crate::child::deckhand_pty(dir.path(), &args, 20_000);
    p.exp_string("Ann: roll 5 dice (roll 1 of 3)").unwrap();
    p.send_line("3 3 1 2 6").unwrap();
    // The boxes are a menu, its question cut to one row of the 80 columns: how to keep dice
    // is said whole on the row above it (issue 33: a newcomer lost it behind the cut).
    let above = p.exp_string("keep dice and roll again (2 rolls left)").unwrap();
    assert!(above.contains("Ann 0 \u{c2}\u{b7} type `keep` and the dice to keep (1 2 3 3 6)"), "{above}");
    // Three dice run together where two are rolled: said as dice, the line kept to be
    // mended (Ctrl-U clears it); two run together are the two dice (`33` for `3 3`).
    p.send("keep 333").unwrap();
    p.send("\r").unwrap();
    p.flush().unwrap();
    // (The line folds at 80 columns.)
    p.exp_string("`333` is not one of the dice you can keep (1 2 3 3 6): name each die on its own").unwrap();
    p.exp_string("(`keep 1 2`)").unwrap();
    p.send_control('u').unwrap();
    p.send_line("keep 33").unwrap();
    p.exp_string("Ann: roll 3 dice, keeping 3 3 (roll 2 of 3)").unwrap();
    // A roll's dice run together, as on the dice.
    p.send_line("333").unwrap();
    p.exp_string("Ann rolls 3 3 3 3 3 (roll 2)").unwrap();
    p.exp_string("(1 roll left)").unwrap();
    // The boxes are a menu: a typed start that one box has, then Enter.
    p.send("five of").unwrap();
    p.send("\r").unwrap();
    p.flush().unwrap();
    p.exp_string("Ann scores 50 in Five of a kind").unwrap();
    p.exp_string("Ann: roll 5 dice (roll 1 of 3)").unwrap();
    p.send_line("undo").unwrap();
    p.exp_string("Ann's last answer taken back.").unwrap();
    p.exp_string("(1 roll left)").unwrap();
    let lines = || entries(&dir.path().join("g.jsonl"));
    assert_eq!(lines().last().map(String::as_str), Some(r#""undo""#));
    p.send("chance\r").unwrap();
    p.flush().unwrap();
    p.exp_string("Ann scores 15 in Chance").unwrap();
    p.exp_string("Ann: roll 5 dice").unwrap();
    // Ctrl-C: exit 130, every answer saved.
    p.send_control('c').unwrap();
    p.exp_eof().unwrap();
    assert_eq!(crate::child::pty_exit_code(&p), 130);
    assert_eq!(
        lines(),
        [
            r#"{"roll":[3,3,1,2,6]}"#,
            r#"{"keep":[3,3]}"#,
            r#"{"roll":[3,3,3]}"#,
            r#"{"score":"five_of_a_kind"}"#,
            r#""undo""#,
            r#"{"score":"chance"}"#
        ]
    );
}

#[test]
fn a_game_stopped_halfway_is_resumed_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_lines(d, "first.txt", &["3 3 1 2 6".into(), "keep 3 3".into()]);
    let out = deckhand(d)
        .args(["play", "yacht", "--players", "Ann", "--answers", "first.txt", "--save", "g.jsonl"])
        .assert()
        .code(2);
    assert!(
        crate::common::stderr(&out).contains("the answers ran out after line 2"),
        "{}",
        crate::common::stderr(&out)
    );
    // `replay` and `show` read it as they read a Fleet game: the scores so far, said to be so.
    let out = deckhand(d).args(["replay", "g.jsonl"]).assert().success();
    assert!(stdout(&out).contains("│ 1 ┆ Ann    ┆             0 ┆"), "{}", stdout(&out));
    let warned = "warning: the game is not over (2 answers so far); these are the scores so far";
    assert!(stdout(&out).contains(warned), "{}", stdout(&out));
    let out = deckhand(d).args(["show", "g.jsonl", "--player", "ann"]).assert().success();
    assert!(stdout(&out).starts_with("Ann\n  Ones                ·\n"), "{}", stdout(&out));
    let out = deckhand(d).args(["show", "g.jsonl", "--player", "Cy"]).assert().code(2);
    assert!(crate::common::stderr(&out).contains("no player `Cy` in g.jsonl; players: Ann"));
    let mut rest: Vec<String> = vec!["3 3 3".into(), "five_of_a_kind".into()];
    for b in BOXES.iter().filter(|b| **b != "five_of_a_kind") {
        rest.extend(["1 2 3 4 6".to_string(), b.to_string()]);
    }
    write_lines(d, "rest.txt", &rest);
    let out = deckhand(d).args(["resume", "g.jsonl", "--answers", "rest.txt"]).assert().success();
    let err = crate::common::stderr(&out);
    assert!(
        err.starts_with("Resumed g.jsonl: 2 answers so far. At any prompt: undo, sheet, sheets, scores, help, hint.\n"),
        "{err}"
    );
    assert!(
        stdout(&out).contains("│ 1 ┆ Ann    ┆            16 ┆     0 ┆            96 ┆             0 ┆   112 │"),
        "{}",
        stdout(&out)
    );
    assert_eq!(entries(&d.join("g.jsonl")).len(), 2 + rest.len());
    let out = deckhand(d).args(["replay", "g.jsonl", "--format", "json"]).assert().success();
    let table: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!((table["rows"][0]["total"].as_i64(), table["warnings"].as_array().map(Vec::len)), (Some(112), Some(0)));
    let out = deckhand(d).args(["show", "g.jsonl"]).assert().success();
    assert!(stdout(&out).contains("  Five of a kind     50\n"), "{}", stdout(&out));
}

/// Found by hand (newcomer6) in tmux: the five-dice game's menu said "Type to filter or a
/// whole entry (`harbor inuit cod`), Enter to choose:", Fleet's example, in every language
/// (fixed by ui6: the example comes from the game asking).
#[cfg(unix)]
#[test]
fn the_five_dice_menu_gives_no_fleet_example() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["play", "yacht", "--players", "Ann", "--save", "g.jsonl"];
    let mut p = crate::child::deckhand_pty(dir.path(), &args, 20_000);
    p.exp_string("Ann: roll 5 dice (roll 1 of 3)").unwrap();
    p.send_line("3 3 1 2 6").unwrap();
    p.exp_string("keep dice and roll again (2 rolls left)").unwrap();
    let menu = p.exp_string("Enter to choose").unwrap();
    assert!(!menu.contains("harbor") && !menu.contains("inuit"), "{menu}");
    p.send_control('c').unwrap();
    p.exp_eof().unwrap();
}

/// `hint` at a roll says the dice are chance, not a choice (as Fleet's roll does), not that
/// there is nothing to decide.
#[test]
fn hint_at_a_roll_says_the_dice_are_chance() {
    let err = said_until_the_answers_run_out("en", "Ann,Bob", "hint\n");
    assert!(
        err.contains("\nhint: the dice are rolled next — chance, not a choice; type them, then ask again\n"),
        "{err}"
    );
}

/// `--bots`: deckhand plays the seats after the people named, each decision the advisor's
/// (to win) — the review finds every one of them as the advisor chose —, its dice and its
/// bots' answers given at once; `undo` takes back the person's last answer with all of
/// deckhand's after it; the save keeps the bots, so a game stopped halfway and resumed ends
/// exactly as the one played at once (random bots too: their draws follow the save).
#[test]
fn bots_play_their_seats_and_a_resumed_game_ends_as_one_played_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let play = |level: &str, save: &str, answers: &[&str]| {
        let lines: Vec<String> = answers.iter().map(|a| a.to_string()).collect();
        write_lines(d, "a.txt", &lines);
        deckhand(d)
            .args(["play", "yacht", "--players", "Ann", "--bots", "2", "--bot-names", "Robo"])
            .args(["--bot-level", level, "--dice", "digital", "--seed", "77", "--no-record"])
            .args(["--answers", "a.txt", "-o", save])
            .assert()
    };
    let out = play("advisor", "g.jsonl", &BOXES).success();
    let said = crate::common::stderr(&out);
    assert!(said.contains("Yacht with Ann, Robo, Bot 2."), "{said}");
    assert!(said.contains("Robo's turn 13 of 13") && said.contains("Bot 2 scores"), "{said}");
    let table = stdout(&out);
    assert!(table.contains("┆ Robo ") && table.contains("┆ Bot 2 "), "{table}");
    let header: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(d.join("g.jsonl")).unwrap().lines().next().unwrap()).unwrap();
    assert_eq!(header["setup"]["bots"], serde_json::json!({"first": 1, "level": "advisor", "seed": 77}));
    assert_eq!(header["players"], serde_json::json!(["Ann", "Robo", "Bot 2"]));
    // Every bot decision is the advisor's own (aiming to win), as the review weighs it.
    let review = stdout(&deckhand(d).args(["review", "g.jsonl"]).assert().success());
    for bot in ["Robo", "Bot 2"] {
        let line = review.lines().skip_while(|l| !l.starts_with(&format!("{bot}: "))).nth(1).unwrap_or_default();
        let numbers: Vec<&str> = line.split(['(', ' ', ',']).filter(|w| w.parse::<u32>().is_ok()).collect();
        assert!(line.contains("as the advisor would choose") && numbers.len() >= 2, "{review}");
        assert_eq!(numbers[numbers.len() - 2], numbers[numbers.len() - 1], "{bot}: {line}");
    }
    // The sheets written at the end pass `check`.
    let sheets: Vec<String> = ["g-ann.toml", "g-robo.toml", "g-bot-2.toml"].map(String::from).to_vec();
    assert!(sheets.iter().all(|s| d.join(s).exists()), "{:?}", std::fs::read_dir(d).unwrap().collect::<Vec<_>>());
    deckhand(d).args(["check", "yacht"]).args(&sheets).assert().success();
    // `undo` after Ann's first box: her answer and the bots' turns after it.
    let out = play("advisor", "u.jsonl", &["chance", "undo"]).code(2);
    let said = crate::common::stderr(&out);
    // (Ann's roll, her box, both bots' turns — rolls, keeps, boxes — and her next roll.)
    let undone = "Ann's last answer taken back, with deckhand's 13 answers after it (its dice, the seats it plays).";
    assert!(said.contains(undone), "{said}");
    let first = said.lines().find(|l| l.starts_with("Ann: ")).unwrap_or_default();
    let asked = first.split(" — keep").next().unwrap_or_default();
    assert!(
        said.ends_with(&format!(
            "deckhand is waiting for: {asked} — keep dice and roll again (2 rolls left), or score a box\n"
        )),
        "{said}"
    );
    // Stopped after Ann's fourth box, resumed to the end: the same save as at once.
    for level in ["advisor", "random"] {
        let at_once = format!("{level}-once.jsonl");
        play(level, &at_once, &BOXES).success();
        let halfway = format!("{level}-half.jsonl");
        play(level, &halfway, &BOXES[..4]).code(2);
        let rest: Vec<String> = BOXES[4..].iter().map(|b| b.to_string()).collect();
        write_lines(d, "rest.txt", &rest);
        deckhand(d).args(["resume", &halfway, "--answers", "rest.txt", "--no-record"]).assert().success();
        assert_eq!(entries(&d.join(&halfway)), entries(&d.join(&at_once)), "{level}");
    }
}

/// Found in tmux: a resumed game with digital dice took back only deckhand's roll at
/// `undo` (the save does not say whose each answer was), then asked the person to type
/// the dice of a digital roll. The roll goes with the answer before it.
#[test]
fn undo_in_a_resumed_game_with_digital_dice_takes_back_the_answer_before_the_roll() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.txt"), "chance\nchance\n").unwrap();
    let args = ["play", "yacht", "--players", "Ann,Bob", "--dice", "digital", "--seed", "4", "--no-record"];
    deckhand(d).args(args).args(["--answers", "a.txt", "-o", "g.jsonl"]).assert().code(2);
    std::fs::write(d.join("b.txt"), "undo\n").unwrap();
    let out = deckhand(d).args(["resume", "g.jsonl", "--answers", "b.txt"]).assert().code(2);
    let said = crate::common::stderr(&out);
    assert!(said.contains("\nBob's last answer taken back, with the roll deckhand made after it.\n"), "{said}");
    assert!(said.contains("deckhand is waiting for: Bob: "), "{said}");
    assert!(!said.contains("type the 5 dice"), "{said}");
}

/// `--coach N` in the five-dice game: after a person's answer that lost more than N exact
/// expected points, one line says what the advisor preferred (in the table's language);
/// none when it lost less; refused with `--serve`, as Fleet's.
#[test]
fn the_coach_says_what_the_exact_advisor_preferred() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.txt"), "1 2 3 4 5\nones\n").unwrap();
    let coached = |lang: &str, points: &str, save: &str| {
        let out = deckhand(d)
            .args(["--lang", lang, "play", "yacht", "--players", "Ann", "--coach", points, "--no-record"])
            .args(["--answers", "a.txt", "-o", save])
            .assert()
            .code(2);
        crate::common::stderr(&out)
    };
    let said = coached("en", "1", "a.jsonl");
    let line = "coach: Ann, the advisor preferred score Large straight (40) (261.53 expected points) to score Ones (1) (239.63): −21.90 points\nAnn scores 1 in Ones\n";
    assert!(said.contains(line), "{said}");
    let said = coached("de", "1", "b.jsonl");
    assert!(said.contains("Trainer: Ann, der Berater hätte Große Straße eintragen (40) gewählt (261,53 erwartete Punkte) statt Einser eintragen (1) (239,63): −21,90 Punkte"), "{said}");
    assert!(!coached("en", "22", "c.jsonl").contains("coach:"));
    let out = deckhand(d)
        .args(["play", "yacht", "--players", "Ann", "--coach", "1", "--serve", "--answers", "a.txt", "-o", "d.jsonl"])
        .assert()
        .code(2);
    assert!(crate::common::stderr(&out).contains("--coach speaks at the terminal table"));
    // `resume --coach` of a five-dice save coaches too.
    std::fs::write(d.join("r.txt"), "1 1 1 1 2\nchance\n").unwrap();
    let out = deckhand(d).args(["resume", "a.jsonl", "--coach", "1", "--answers", "r.txt"]).assert().code(2);
    assert!(
        crate::common::stderr(&out).contains("coach: Ann, the advisor preferred "),
        "{}",
        crate::common::stderr(&out)
    );
}
