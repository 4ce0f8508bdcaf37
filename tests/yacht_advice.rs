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
    // 23 keeps of 1 2 3 3 5 (0 to 4 of its dice, each multiset once) and 13 open boxes.
    assert_eq!(en.len(), 1 + 23 + 13, "{en:#?}");
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
    let fr = hint_block(&play(d, "fr", "fr.jsonl"), "Score final espéré");
    assert_eq!(
        fr[..3],
        [
            "Score final espéré avec le meilleur jeu après chaque choix, le meilleur d'abord :",
            "  1. garder 3 3, relancer le reste       251,41  meilleur",
            "  2. garder 3 3 5, relancer le reste     249,94  1,47 de moins",
        ]
    );
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
    host.finish();
}
