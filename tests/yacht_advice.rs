//! The five-dice game's exact advisor at the table (issue #34 item 3): `hint` at the terminal
//! in three languages and on a seat's page, each keep and box with its exact expected final
//! score from the solver's table (built in the test's own data folder the first time, then
//! loaded from it).

use std::path::Path;

use serde_json::json;

use crate::common::{deckhand, stdout};
use crate::host::Host;
use crate::yacht_live::BOXES;

/// A one-player game with the table's dice: the first roll 1 2 3 3 5 and a `hint`, then
/// threes scored, then every other box with 1 2 3 4 6.
fn hinted_game() -> Vec<String> {
    let mut lines: Vec<String> = ["1 2 3 3 5", "hint", "threes"].map(String::from).to_vec();
    for b in BOXES.iter().filter(|b| **b != "threes") {
        lines.extend(["1 2 3 4 6".to_string(), b.to_string()]);
    }
    lines
}

/// The hint's lines as printed: from its head to the next prompt.
fn hint_block(out: &str, head: &str) -> Vec<String> {
    let lines: Vec<&str> = out.lines().collect();
    let at = lines.iter().position(|l| l.starts_with(head)).unwrap_or_else(|| panic!("no `{head}` in\n{out}"));
    lines[at..].iter().take_while(|l| !l.starts_with("Ann")).map(|l| l.to_string()).collect()
}

fn play(d: &Path, lang: &str, save: &str) -> String {
    std::fs::write(d.join("answers.txt"), hinted_game().join("\n") + "\n").unwrap();
    let out = deckhand(d)
        .args(["--lang", lang, "play", "yacht", "--players", "Ann", "--answers", "answers.txt"])
        .args(["--save", save, "--no-record"])
        .assert()
        .success();
    // The questions and what the table says go to standard error, the final table to output.
    crate::common::stderr(&out) + &stdout(&out)
}

#[test]
fn hint_at_the_terminal_weighs_every_keep_and_box_exactly_in_three_languages() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let tables = d.join(".local/share/deckhand/solver");
    // English: the table is built in the data folder on first use.
    let en = hint_block(&play(d, "en", "en.jsonl"), "Expected final score");
    let files: Vec<_> = std::fs::read_dir(&tables).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let built = std::fs::metadata(&files[0]).unwrap().modified().unwrap();
    // 23 keeps of 1 2 3 3 5 (0 to 4 of its dice, each multiset once) and 13 open boxes,
    // then the best again, in one line just above the question asked again.
    assert_eq!(en.len(), 1 + 23 + 13 + 1, "{en:#?}");
    assert_eq!(
        en[..4],
        [
            "Expected final score with the best play after each choice, best first:",
            "  1. keep 3 3, roll the rest       251.41  best",
            "  2. keep 3 3 5, roll the rest     249.94  1.47 behind",
            "  3. keep 5, roll the rest         249.94  1.47 behind",
        ]
    );
    // The small-straight draw is behind the pair; every box is behind every keep.
    assert!(en.contains(&" 14. keep 1 2 3 5, roll the rest   248.48  2.93 behind".to_string()), "{en:#?}");
    assert_eq!(en[24], " 24. score Threes (6)              239.95  11.45 behind");
    assert_eq!(en[36], " 36. score Sixes (0)               216.52  34.89 behind");
    assert_eq!(en[37], "Best: keep 3 3, roll the rest — Expected final score 251.41");
    // German and French: the same figures in their words; the table loaded, not rebuilt.
    let de = hint_block(&play(d, "de", "de.jsonl"), "Erwartete Endpunktzahl");
    assert_eq!(
        de[..3],
        [
            "Erwartete Endpunktzahl bei bestem Spiel nach jeder Wahl, die beste zuerst:",
            "  1. 3 3 behalten, den Rest würfeln       251,41  beste",
            "  2. 3 3 5 behalten, den Rest würfeln     249,94  1,47 weniger",
        ]
    );
    assert_eq!(de[24], " 24. Dreier eintragen (6)                 239,95  11,45 weniger");
    assert_eq!(de[37], "Am besten: 3 3 behalten, den Rest würfeln — Erwartete Endpunktzahl 251,41");
    let fr = hint_block(&play(d, "fr", "fr.jsonl"), "Score final espéré");
    assert_eq!(
        fr[..3],
        [
            "Score final espéré avec le meilleur jeu après chaque choix, le meilleur d'abord :",
            "  1. garder 3 3, relancer le reste       251,41  meilleur",
            "  2. garder 3 3 5, relancer le reste     249,94  1,47 de moins",
        ]
    );
    assert_eq!(fr[37], "Le mieux : garder 3 3, relancer le reste — Score final espéré 251,41");
    assert_eq!(std::fs::metadata(&files[0]).unwrap().modified().unwrap(), built);
    // A hint saves nothing: the save is the game's rolls and boxes only.
    let saved = std::fs::read_to_string(d.join("fr.jsonl")).unwrap();
    assert_eq!(saved.lines().count(), 1 + 26);
    assert!(!saved.contains("hint"));
}

#[test]
fn the_phone_hint_lists_every_choice_with_its_exact_value_and_the_gap_to_the_best() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let bin = crate::child::bin();
    let args = ["play", "yacht", "--players", "Ann", "--save", "g.jsonl", "--no-record", "--serve"];
    let mut host = Host::start(&bin, d, &[&args[..], &["--bind", "127.0.0.1:0"]].concat(), "g.jsonl");
    let path = host.seats[0].clone();
    // Before the dice are in: nothing to decide.
    let before = host.get(&format!("{path}/hint"));
    assert_eq!(before.status, 409, "{}", before.body);
    assert_eq!(before.json()["error"], "Nothing for you to decide right now: nothing to weigh.");
    let state = host.state(0);
    let offer = state["decision"]["offer"].as_u64().unwrap();
    let reply = host.post(&format!("{path}/answer"), &json!({ "offer": offer, "faces": ["1", "2", "3", "3", "5"] }));
    assert_eq!(reply.status, 200, "{}", reply.body);
    let hint = host.get(&format!("{path}/hint"));
    assert_eq!(hint.status, 200, "{}", hint.body);
    let list = hint.json()["hint"].as_array().unwrap().clone();
    assert_eq!(list.len(), 36);
    assert_eq!(
        list[0],
        json!({ "key": "keep d3 d4", "label": "keep 3 3, roll the rest", "points": "251.41", "behind": null, "best": true })
    );
    assert_eq!(list[1]["behind"], "1.47 behind");
    assert_eq!(
        list[23],
        json!({ "key": "threes", "label": "score Threes (6)", "points": "239.95", "behind": "11.45 behind", "best": false })
    );
    // The best's keys are what the page sends: the hinted keep is taken.
    let state = host.state(0);
    let offer = state["decision"]["offer"].as_u64().unwrap();
    let reply = host.post(&format!("{path}/answer"), &json!({ "offer": offer, "links": [list[0]["key"]] }));
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(std::fs::read_to_string(&host.save).unwrap().lines().last(), Some(r#"{"keep":[3,3]}"#));
    // The game is not over (the host would serve on): stopped here, its save checked above.
    host.kill9();
}

/// The solver's own figures for the first roll 1 2 3 3 5 of a fresh sheet (2 rolls left):
/// keeping the pair, and the small-straight draw 1 2 3 5; from the table the commands kept
/// in the test's data folder `dir`.
fn solver_figures(dir: &Path) -> (f64, f64) {
    use deckhand::games::live::LiveGame;
    use deckhand::games::yacht::live::{Game, YachtSetup};
    use deckhand::games::yacht::solver::{Move, Solver};
    let rules = deckhand::games::built_in("yacht").unwrap();
    let y = rules.game.rules::<deckhand::games::yacht::YachtRules>().unwrap().clone();
    let game = Game::start(&y, &["Ann".to_string()], &YachtSetup::default()).unwrap();
    let (solver, provenance) = Solver::load_or_build(&game.ruleset, dir).unwrap();
    assert_eq!(provenance, deckhand::games::yacht::solver::Provenance::Loaded);
    let hint = solver.hint(game.sheet(0), &[1, 2, 3, 3, 5], 2);
    let pair = hint.value_of(&Move::Keep(vec![3, 3])).unwrap();
    let draw = hint.value_of(&Move::Keep(vec![1, 2, 3, 5])).unwrap();
    assert_eq!(hint.best().choice, Move::Keep(vec![3, 3]));
    (pair, draw)
}

#[test]
fn advise_and_review_of_a_saved_game_give_the_solvers_exact_figures() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Ann keeps the small-straight draw 1 2 3 5 (the obvious keep) where the pair 3 3 is
    // best, rolls the 4 and scores the large straight; then rolls 1 2 3 3 5 again.
    let save = [
        r#"{"format":"deckhand-save","schema":2,"game":"yacht","rules":{"hash":"1850ce9771ba8eb8"},"players":["Ann"],"setup":{"engine":"yacht","dice":"Physical"},"started":1795811975}"#,
        r#"{"roll":[1,2,3,3,5]}"#,
        r#"{"keep":[5,3,2,1]}"#,
        r#"{"roll":[4]}"#,
        r#"{"score":"large_straight"}"#,
        r#"{"roll":[1,2,3,3,5]}"#,
    ];
    std::fs::write(d.join("g.jsonl"), save.join("\n") + "\n").unwrap();
    // review: the draw cost pair - draw; the straight scored was the best box.
    let out = deckhand(d).args(["review", "g.jsonl", "--format", "json", "--quiet"]).assert().success();
    let (pair, draw) = solver_figures(&d.join(".local/share/deckhand/solver"));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let ann = &v["players"][0];
    assert_eq!(ann["weighed"], 2, "{v:#}");
    let first = &ann["decisions"][0];
    assert_eq!(first["line"], 3);
    assert_eq!(first["chosen"]["label"], "keep 1 2 3 5, roll the rest");
    assert_eq!(first["chosen"]["expected"].as_f64().unwrap(), draw);
    assert_eq!(first["best"]["label"], "keep 3 3, roll the rest");
    assert_eq!(first["best"]["expected"].as_f64().unwrap(), pair);
    assert_eq!(first["lost"].as_f64().unwrap(), pair - draw);
    assert_eq!(ann["decisions"][1]["lost"].as_f64().unwrap(), 0.0);
    assert_eq!(ann["lost"].as_f64().unwrap(), pair - draw);
    // The table, in three languages.
    let table =
        |lang: &str| stdout(&deckhand(d).args(["--lang", lang, "review", "g.jsonl", "--quiet"]).assert().success());
    let en = table("en");
    assert_eq!(
        en.lines().take(2).collect::<Vec<_>>(),
        [
            "Ann: 2.93 expected points lost to choices against optimal play (2 decisions weighed, 1 optimal)",
            "  line 3, Ann: 1 2 3 3 5 — keep dice and roll again (2 rolls left), or score a box: keep 1 2 3 5, roll the rest (248.48) rather than keep 3 3, roll the rest (251.41): −2.93",
        ]
    );
    assert!(table("de").starts_with("Ann: 2,93 erwartete Punkte durch Entscheidungen verloren"));
    assert!(table("fr").starts_with("Ann : 2,93 points espérés perdus par les choix face au jeu optimal"));
    // advise: the open decision (the same roll, the sheet now holding the straight).
    let out = deckhand(d).args(["advise", "g.jsonl", "--format", "json", "--quiet"]).assert().success();
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["player"], "Ann");
    assert_eq!(v["options"].as_array().unwrap().len(), 23 + 12);
    assert_eq!(v["options"][0]["best"], true);
    let advised = |label: &str| {
        v["options"].as_array().unwrap().iter().find(|o| o["label"] == label).unwrap()["expected"].as_f64().unwrap()
    };
    assert!(advised("keep 3 3, roll the rest") > advised("keep 1 2 3 5, roll the rest"));
    let en = stdout(&deckhand(d).args(["advise", "g.jsonl", "--quiet"]).assert().success());
    assert!(
        en.starts_with(
            "Ann: 1 2 3 3 5 — keep dice and roll again (2 rolls left), or score a box\nExpected final score"
        ),
        "{en}"
    );
    for (lang, head) in [("de", "Erwartete Endpunktzahl"), ("fr", "Score final espéré")] {
        let out = stdout(&deckhand(d).args(["--lang", lang, "advise", "g.jsonl", "--quiet"]).assert().success());
        assert_eq!(out.lines().nth(1).map(|l| l.starts_with(head)), Some(true), "{out}");
    }
    // The next thing is the table's roll: chance, not a choice (exit 2).
    std::fs::write(d.join("roll.jsonl"), save[..5].join("\n") + "\n").unwrap();
    let out = deckhand(d).args(["advise", "roll.jsonl"]).assert().code(2);
    assert!(crate::common::stderr(&out).contains("chance, not a choice"));
}

/// The official rules file cut to four boxes (ones, three of a kind, chance, five of a kind;
/// the free joker, as the forced one needs every upper box): a table built in a blink.
fn four_box_rules() -> String {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/yacht.toml")).unwrap();
    let (start, end) = (text.find("\n[game]").unwrap() + 1, text.find("\n[options.").unwrap() + 1);
    let boxes = text.find("boxes = [\n").unwrap();
    let boxes_end = boxes + text[boxes..].find("]\n").unwrap() + 2;
    let text = format!(
        "{}boxes = [\"ones\", \"three_of_a_kind\", \"chance\", \"five_of_a_kind\"]\n{}",
        &text[start..boxes],
        &text[boxes_end..end]
    );
    text.replace("joker = \"forced_upper\"", "joker = \"free\"")
}

#[test]
fn with_two_players_advise_maximises_the_chance_of_winning_unless_asked_for_the_score() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("four.toml"), four_box_rules()).unwrap();
    // Bob (first) has 50 with five of a kind open; Ann has 10 with chance and five of a
    // kind open, and her last roll shows 1 1 2 2 3. The answers run out there: the save
    // holds the game so far.
    let answers = [
        "1 1 1 2 2",
        "ones",
        "1 1 2 3 4",
        "ones",
        "6 6 6 4 3",
        "three_of_a_kind",
        "1 1 1 2 3",
        "three_of_a_kind",
        "6 6 5 3 2",
        "chance",
        "1 1 2 2 4",
        "keep 1 1 2 2",
        "5",
        "keep 1 1 2 2",
        "3",
    ];
    std::fs::write(d.join("answers.txt"), answers.join("\n") + "\n").unwrap();
    deckhand(d)
        .args(["play", "yacht", "--rules", "four.toml", "--players", "Bob,Ann", "--answers", "answers.txt"])
        .args(["--save", "g.jsonl", "--no-record"])
        .assert()
        .code(2);
    let advise = |args: &[&str]| {
        let out = deckhand(d).args(["advise", "g.jsonl", "--quiet"]).args(args).assert().success();
        stdout(&out)
    };
    // The expected score dumps the 0 in five of a kind and keeps chance for the last turn;
    // to win, Ann must roll five alike next turn (and Bob not): chance now, 9 points.
    let win: serde_json::Value = serde_json::from_str(&advise(&["--format", "json"])).unwrap();
    assert_eq!((&win["maximises"], &win["exact"]), (&json!("win"), &json!(false)), "{win:#}");
    assert_eq!(win["measure"], "Chance of winning");
    assert_eq!(win["options"][0]["label"], "score Chance (9)", "{win:#}");
    // One turn's chance of five alike with optimal keeps is 0.04603; Bob's miss too.
    let q = 0.046_028_642_525_699;
    assert!((win["options"][0]["chance"].as_f64().unwrap() - q * (1.0 - q)).abs() < 1e-9, "{win:#}");
    assert_eq!(win["options"][1]["label"], "score Five of a kind (0)");
    assert_eq!(win["options"][1]["chance"], 0.0);
    let score: serde_json::Value = serde_json::from_str(&advise(&["--format", "json", "--maximise", "score"])).unwrap();
    assert_eq!((&score["maximises"], &score["exact"]), (&json!("score"), &json!(true)));
    assert_eq!(score["options"][0]["label"], "score Five of a kind (0)", "{score:#}");
    assert!(score["options"][0]["expected"].as_f64().unwrap() > score["options"][1]["expected"].as_f64().unwrap());
    // The table, in three languages.
    assert_eq!(
        advise(&[]).lines().skip(1).collect::<Vec<_>>(),
        [
            "Chance of winning with the best play after each choice, best first:",
            "  1. score Chance (9)            4.4 %  best",
            "  2. score Five of a kind (0)    0.0 %  4.4 percentage points behind",
        ]
    );
    assert!(advise(&["--lang", "de"]).contains("  1. Chance eintragen (9)         4,4 %  beste"));
    assert!(advise(&["--lang", "fr"]).contains("4,4 points de pourcentage de moins"));
    // The spread table is kept beside the values.
    assert_eq!(std::fs::read_dir(d.join(".local/share/deckhand/solver")).unwrap().count(), 2);
}

#[test]
fn review_of_a_two_player_game_prices_each_decision_in_points_and_in_the_chance_of_winning() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("four.toml"), four_box_rules()).unwrap();
    // The game of the test above, played to the end: Ann (10, behind Bob's 50) writes the 0
    // in five of a kind with 1 1 2 2 3 (the expected score's best, but only five alike next
    // turn could still win); Bob, sure of the win, scores his last box at once; Ann scores
    // 3 3 3 1 2 as chance on her first roll.
    let answers = [
        "1 1 1 2 2",
        "ones",
        "1 1 2 3 4",
        "ones",
        "6 6 6 4 3",
        "three_of_a_kind",
        "1 1 1 2 3",
        "three_of_a_kind",
        "6 6 5 3 2",
        "chance",
        "1 1 2 2 4",
        "keep 1 1 2 2",
        "5",
        "keep 1 1 2 2",
        "3",
        "five_of_a_kind",
        "2 3 4 5 6",
        "five_of_a_kind",
        "3 3 3 1 2",
        "chance",
    ];
    std::fs::write(d.join("answers.txt"), answers.join("\n") + "\n").unwrap();
    deckhand(d)
        .args(["play", "yacht", "--rules", "four.toml", "--players", "Bob,Ann", "--answers", "answers.txt"])
        .args(["--save", "g.jsonl", "--no-record"])
        .assert()
        .success();
    let review = |args: &[&str]| {
        let out = deckhand(d).args(["review", "g.jsonl", "--quiet"]).args(args).assert().success();
        stdout(&out)
    };
    // Every decision in expected points and, with the advisor playing to win, in chances:
    // the costliest three of each per player. Bob's third costs him 3.79 points but barely
    // any chance; Ann's 0 in five of a kind was the best for the score and threw away her
    // last chance; once the game is lost, every choice is as good as another to win.
    let lines = |lang: &str| review(&["--lang", lang]).lines().map(String::from).collect::<Vec<_>>();
    assert_eq!(
        lines("en"),
        [
            "Bob: 14.79 expected points lost to choices against optimal play (4 decisions weighed, 0 optimal)",
            "  chance of winning lost at each choice against the advisor playing to win, summed over the decisions (so it may pass 100): 11.1 percentage points (4 decisions weighed, 1 as the advisor would choose)",
            "  line 3, Bob: 1 1 1 2 2 — keep dice and roll again (2 rolls left), or score a box: score Ones (3) (52.71) rather than keep 1 1 1, roll the rest (58.25): −5.55",
            "    to win: 46.9 % rather than keep 1 1 1, roll the rest (51.5 %): −4.7 percentage points",
            "  line 7, Bob: 3 4 6 6 6 — keep dice and roll again (2 rolls left), or score a box: score Three of a kind (25) (55.34) rather than keep 6 6 6, roll the rest (60.16): −4.82",
            "    to win: 70.5 % rather than keep 6 6 6, roll the rest (76.8 %): −6.3 percentage points",
            "  line 11, Bob: 2 3 5 6 6 — keep dice and roll again (2 rolls left), or score a box: score Chance (22) (52.30) rather than keep 6 6, roll the rest (56.10): −3.79",
            "    to win: 94.1 % rather than keep 6 6, roll the rest (94.2 %): −0.2 percentage points",
            "Ann: 26.59 expected points lost to choices against optimal play (6 decisions weighed, 1 optimal)",
            "  chance of winning lost at each choice against the advisor playing to win, summed over the decisions (so it may pass 100): 30.2 percentage points (6 decisions weighed, 1 as the advisor would choose)",
            "  line 5, Ann: 1 1 2 3 4 — keep dice and roll again (2 rolls left), or score a box: score Ones (2) (51.71) rather than keep 1 1, roll the rest (54.26): −2.56",
            "    to win: 52.0 % rather than keep 1 1, roll the rest (55.0 %): −3.0 percentage points",
            "  line 9, Ann: 1 1 1 2 3 — keep dice and roll again (2 rolls left), or score a box: score Three of a kind (8) (37.34) rather than keep 1 1 1, roll the rest (50.37): −13.03",
            "    to win: 5.8 % rather than keep 1 1 1, roll the rest (26.7 %): −20.8 percentage points",
            "  line 17, Ann: 1 1 2 2 3 — score a box: score Five of a kind (0) (33.33), the best for the expected score",
            "    to win: 0.0 % rather than score Chance (9) (4.4 %): −4.4 percentage points",
            "  line 21, Ann: 1 2 3 3 3 — keep dice and roll again (2 rolls left), or score a box: score Chance (12) (22.00) rather than roll all five dice again (31.25): −9.25",
            "    to win: 0.0 %, the best",
            "Exact figures: each choice's expected final score with optimal play after it (the game's exact solver); a decision's cost is the best choice's figure minus the chosen one's.",
            "Chances of winning: each choice's chance with the advisor playing to win after it (this turn and the other players' next turns exactly, then solitaire-optimal play with each final score's spread); a decision's loss is the best choice's chance minus the chosen one's, in percentage points.",
        ]
    );
    assert_eq!(
        lines("de"),
        [
            "Bob: 14,79 erwartete Punkte durch Entscheidungen verloren, gemessen am optimalen Spiel (4 Entscheidungen abgewogen, 0 optimal)",
            "  bei jeder Entscheidung verlorene Gewinnchance, gemessen am Berater, der auf Sieg spielt, über die Entscheidungen summiert (daher auch über 100): 11,1 Prozentpunkte (4 Entscheidungen abgewogen, 1 wie der Berater gewählt)",
            "  Zeile 3, Bob: 1 1 1 2 2 — Würfel behalten und nochmal würfeln (noch 2 Würfe) oder ein Feld eintragen: Einser eintragen (3) (52,71) statt 1 1 1 behalten, den Rest würfeln (58,25): −5,55",
            "    auf Sieg: 46,9 % statt 1 1 1 behalten, den Rest würfeln (51,5 %): −4,7 Prozentpunkte",
            "  Zeile 7, Bob: 3 4 6 6 6 — Würfel behalten und nochmal würfeln (noch 2 Würfe) oder ein Feld eintragen: Dreierpasch eintragen (25) (55,34) statt 6 6 6 behalten, den Rest würfeln (60,16): −4,82",
            "    auf Sieg: 70,5 % statt 6 6 6 behalten, den Rest würfeln (76,8 %): −6,3 Prozentpunkte",
            "  Zeile 11, Bob: 2 3 5 6 6 — Würfel behalten und nochmal würfeln (noch 2 Würfe) oder ein Feld eintragen: Chance eintragen (22) (52,30) statt 6 6 behalten, den Rest würfeln (56,10): −3,79",
            "    auf Sieg: 94,1 % statt 6 6 behalten, den Rest würfeln (94,2 %): −0,2 Prozentpunkte",
            "Ann: 26,59 erwartete Punkte durch Entscheidungen verloren, gemessen am optimalen Spiel (6 Entscheidungen abgewogen, 1 optimal)",
            "  bei jeder Entscheidung verlorene Gewinnchance, gemessen am Berater, der auf Sieg spielt, über die Entscheidungen summiert (daher auch über 100): 30,2 Prozentpunkte (6 Entscheidungen abgewogen, 1 wie der Berater gewählt)",
            "  Zeile 5, Ann: 1 1 2 3 4 — Würfel behalten und nochmal würfeln (noch 2 Würfe) oder ein Feld eintragen: Einser eintragen (2) (51,71) statt 1 1 behalten, den Rest würfeln (54,26): −2,56",
            "    auf Sieg: 52,0 % statt 1 1 behalten, den Rest würfeln (55,0 %): −3,0 Prozentpunkte",
            "  Zeile 9, Ann: 1 1 1 2 3 — Würfel behalten und nochmal würfeln (noch 2 Würfe) oder ein Feld eintragen: Dreierpasch eintragen (8) (37,34) statt 1 1 1 behalten, den Rest würfeln (50,37): −13,03",
            "    auf Sieg: 5,8 % statt 1 1 1 behalten, den Rest würfeln (26,7 %): −20,8 Prozentpunkte",
            "  Zeile 17, Ann: 1 1 2 2 3 — ein Feld eintragen: Fünferpasch eintragen (0) (33,33), die beste für die erwartete Endpunktzahl",
            "    auf Sieg: 0,0 % statt Chance eintragen (9) (4,4 %): −4,4 Prozentpunkte",
            "  Zeile 21, Ann: 1 2 3 3 3 — Würfel behalten und nochmal würfeln (noch 2 Würfe) oder ein Feld eintragen: Chance eintragen (12) (22,00) statt alle fünf Würfel neu würfeln (31,25): −9,25",
            "    auf Sieg: 0,0 %, die beste",
            "Exakte Werte: die erwartete Endpunktzahl jeder Wahl bei optimalem Spiel danach (der exakte Löser des Spiels); was eine Entscheidung kostet, ist der Wert der besten Wahl minus der der gewählten.",
            "Gewinnchancen: die Chance jeder Wahl, wenn der Berater danach auf Sieg spielt (dieser Zug und die nächsten Züge der anderen exakt, danach optimales Solospiel mit der Streuung jeder Endpunktzahl); was eine Entscheidung kostet, ist die Chance der besten Wahl minus der der gewählten, in Prozentpunkten.",
        ]
    );
    assert_eq!(
        lines("fr"),
        [
            "Bob : 14,79 points espérés perdus par les choix face au jeu optimal (4 décisions pesées, 0 optimales)",
            "  chance de gagner perdue à chaque choix face au conseiller qui joue pour gagner, additionnée sur les décisions (elle peut donc dépasser 100) : 11,1 points de pourcentage (4 décisions pesées, dont 1 comme le conseiller l'aurait fait)",
            "  ligne 3, Bob : 1 1 1 2 2 — garder des dés et relancer (2 lancers restants), ou marquer une case : marquer As (3) (52,71) ; le meilleur : garder 1 1 1, relancer le reste (58,25) : −5,55",
            "    pour gagner : 46,9 % ; le meilleur : garder 1 1 1, relancer le reste (51,5 %) : −4,7 points de pourcentage",
            "  ligne 7, Bob : 3 4 6 6 6 — garder des dés et relancer (2 lancers restants), ou marquer une case : marquer Brelan (25) (55,34) ; le meilleur : garder 6 6 6, relancer le reste (60,16) : −4,82",
            "    pour gagner : 70,5 % ; le meilleur : garder 6 6 6, relancer le reste (76,8 %) : −6,3 points de pourcentage",
            "  ligne 11, Bob : 2 3 5 6 6 — garder des dés et relancer (2 lancers restants), ou marquer une case : marquer Chance (22) (52,30) ; le meilleur : garder 6 6, relancer le reste (56,10) : −3,79",
            "    pour gagner : 94,1 % ; le meilleur : garder 6 6, relancer le reste (94,2 %) : −0,2 points de pourcentage",
            "Ann : 26,59 points espérés perdus par les choix face au jeu optimal (6 décisions pesées, 1 optimales)",
            "  chance de gagner perdue à chaque choix face au conseiller qui joue pour gagner, additionnée sur les décisions (elle peut donc dépasser 100) : 30,2 points de pourcentage (6 décisions pesées, dont 1 comme le conseiller l'aurait fait)",
            "  ligne 5, Ann : 1 1 2 3 4 — garder des dés et relancer (2 lancers restants), ou marquer une case : marquer As (2) (51,71) ; le meilleur : garder 1 1, relancer le reste (54,26) : −2,56",
            "    pour gagner : 52,0 % ; le meilleur : garder 1 1, relancer le reste (55,0 %) : −3,0 points de pourcentage",
            "  ligne 9, Ann : 1 1 1 2 3 — garder des dés et relancer (2 lancers restants), ou marquer une case : marquer Brelan (8) (37,34) ; le meilleur : garder 1 1 1, relancer le reste (50,37) : −13,03",
            "    pour gagner : 5,8 % ; le meilleur : garder 1 1 1, relancer le reste (26,7 %) : −20,8 points de pourcentage",
            "  ligne 17, Ann : 1 1 2 2 3 — marquer une case : marquer Cinq identiques (0) (33,33), le meilleur pour le score espéré",
            "    pour gagner : 0,0 % ; le meilleur : marquer Chance (9) (4,4 %) : −4,4 points de pourcentage",
            "  ligne 21, Ann : 1 2 3 3 3 — garder des dés et relancer (2 lancers restants), ou marquer une case : marquer Chance (12) (22,00) ; le meilleur : relancer les cinq dés (31,25) : −9,25",
            "    pour gagner : 0,0 %, le meilleur",
            "Valeurs exactes : le score final espéré de chaque choix avec un jeu optimal ensuite (le solveur exact du jeu) ; le coût d'une décision est la valeur du meilleur choix moins celle du choix fait.",
            "Chances de gagner : la chance de chaque choix quand le conseiller joue ensuite pour gagner (ce tour et le tour suivant des autres exactement, puis le jeu optimal en solitaire avec la dispersion de chaque score final) ; la perte d'une décision est la chance du meilleur choix moins celle du choix fait, en points de pourcentage.",
        ]
    );
    // JSON: each decision in chances too. Ann's 0 cost exactly her chance of five alike next
    // turn with optimal keeps while Bob misses his (the figure of the test above).
    let v: serde_json::Value = serde_json::from_str(&review(&["--format", "json"])).unwrap();
    let ann = &v["players"][1];
    let zero = ann["decisions"].as_array().unwrap().iter().find(|d| d["line"] == 17).unwrap();
    let q = 0.046_028_642_525_699;
    assert_eq!(zero["lost"], 0.0, "{zero:#}");
    assert_eq!(
        zero["to_win"]["chosen"],
        json!({ "answer": "five_of_a_kind", "label": "score Five of a kind (0)", "chance": 0.0 })
    );
    assert_eq!(zero["to_win"]["best"]["label"], "score Chance (9)");
    assert!((zero["to_win"]["best"]["chance"].as_f64().unwrap() - q * (1.0 - q)).abs() < 1e-9, "{zero:#}");
    assert_eq!(zero["to_win"]["lost"], zero["to_win"]["best"]["chance"]);
    let summed: f64 = ann["decisions"].as_array().unwrap().iter().map(|d| d["to_win"]["lost"].as_f64().unwrap()).sum();
    assert!((ann["lost_chance"].as_f64().unwrap() - summed).abs() < 1e-12);
}

/// A five-dice save where nothing was decided yet: `review` says so in its own figures (no
/// decision weighed, none lost: `0.00`, never `-0.00`), not that the game has no advisor;
/// `--playouts`, `--seed` and `--policy` refused by name; `replay` and `show` read it (the
/// scores so far), and a Fischerspiel save too (its state as text; other formats refused by
/// name).
#[test]
fn a_five_dice_save_with_no_decision_is_reviewed_and_not_called_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.txt"), "1 2 3 3 5\n").unwrap();
    let args = ["play", "yacht", "--players", "Ann", "--answers", "a.txt", "-o", "y.jsonl", "--no-record"];
    deckhand(d).args(args).assert().code(2);
    let out = deckhand(d).args(["review", "y.jsonl"]).assert().success();
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "Ann: 0.00 expected points lost to choices against optimal play (0 decisions weighed, 0 optimal)"
        ),
        "{text}"
    );
    // The playouts' flags mean nothing to an exact advisor: refused by name, not ignored.
    for (cmd, flag, value) in
        [("review", "--playouts", "50"), ("review", "--seed", "3"), ("advise", "--policy", "random")]
    {
        let out = deckhand(d).args([cmd, "y.jsonl", flag, value]).assert().code(2);
        let said = crate::common::stderr(&out);
        let refused = format!(
            "`{cmd}`: {flag} does not apply to Yacht: its advisor is exact, with no playouts to draw; leave it out"
        );
        assert!(said.contains(&refused), "{said}");
    }
    let out = deckhand(d).args(["replay", "y.jsonl"]).assert().success();
    assert!(stdout(&out).contains("warning: the game is not over (1 answer so far)"), "{}", stdout(&out));
    let out = deckhand(d).args(["show", "y.jsonl"]).assert().success();
    assert!(stdout(&out).starts_with("Ann\n"), "{}", stdout(&out));
    std::fs::write(d.join("f.txt"), "wind\n").unwrap();
    let args = ["play", "fischerspiel", "--players", "2", "--answers", "f.txt", "-o", "f.jsonl", "--no-record"];
    deckhand(d).args(args).assert().code(2);
    for cmd in ["replay", "show"] {
        let out = deckhand(d).args([cmd, "f.jsonl"]).assert().success();
        let text = stdout(&out);
        assert!(text.starts_with("The Fishing Game, base game (with the die): wind 1 of 12"), "{text}");
        assert!(text.ends_with("Not over yet: 1 event so far (continue with `deckhand resume f.jsonl`).\n"), "{text}");
    }
    for flag in [&["--format", "json"][..], &["--detail"]] {
        let out = deckhand(d).args(["replay", "f.jsonl"]).args(flag).assert().code(2);
        assert!(crate::common::stderr(&out).contains("a Fischerspiel save is replayed as text"));
    }
    let out = deckhand(d).args(["show", "f.jsonl", "--player", "Ann"]).assert().code(2);
    assert!(crate::common::stderr(&out).contains("in the Fishing Game the players share the boats"));
}
