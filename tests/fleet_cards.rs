//! Captain cards and trophy cards (digest A10) with the example card set of the built-in
//! rules: setup by captain card, a silver trophy won live, a gold trophy at the end.

use deckhand::games::fleet::game::{Input, Setup};
use deckhand::games::fleet::session::Session;
use deckhand::games::fleet::{check_game, score, Rule};
use deckhand::text::Lang;
use predicates::prelude::*;
use predicates::str::contains;

use crate::common::{deckhand, fleet, lines, sheet, why, Table};

fn choose(s: &mut Session, keys: &[&str]) -> Vec<String> {
    let rules = fleet();
    let mut notes = Vec::new();
    for k in keys {
        let n = match s.apply(&rules, Input::Choice(k.to_string())) {
            Ok(n) => n,
            Err(e) => panic!("{k}: {} {:?}", why(&rules, &s.game, &e), e.legal),
        };
        notes.extend(lines(&rules, &s.game, &n));
    }
    notes
}

#[test]
fn a_captain_card_replaces_the_start_roll_marks_its_boxes_and_scores_its_bonus() {
    let rules = fleet();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let mut s = Session::with_setup(&rules, &names, Setup { solo: false, captains: true, trophies: false });
    let d = s.game.decision(&rules).unwrap();
    assert_eq!(deckhand::text::fleet::prompt(&rules, &s.game, &d, Lang::En), "Ann: which captain card did you draw?");
    let notes = choose(&mut s, &["example_harbor_master"]);
    // Harbor master: the cod column's first 3 boxes and the Inuit's top box (a circle: an Inuit boat).
    let ann = &s.game.players[0].sheet;
    assert_eq!(ann.marked_count(rules.section_index("cod").unwrap()), 3);
    assert_eq!(ann.marked_count(rules.section_index("inuit").unwrap()), 1);
    assert!(notes.iter().any(|n| n.contains("Inuit boat 1 launched")), "{notes:?}");
    assert_eq!(ann.coins(&rules), 2, "cod license: 1 coin for the cod boat, 1 for the Inuit boat");
    // A card taken is not offered again.
    let keys: Vec<String> = s.game.decision(&rules).unwrap().keys(&rules, &s.game);
    assert!(!keys.contains(&"example_harbor_master".to_string()) && keys.len() == 4, "{keys:?}");
    // The personal bonus: 1 VP per 2 boats, at most 6.
    let sheet_text =
        "captain = \"example_harbor_master\"\n[marks]\ncod = 3\ncod_license = 1\ncod_boat = 4\ninuit = 5\ncoin = 10";
    let sc = score(&rules, &sheet(&rules, sheet_text));
    assert_eq!(sc.bonus, 3, "4 cod boats + 3 Inuit boats = 7 boats -> 3");
    let many = sheet(&rules, &sheet_text.replace("inuit = 5", "inuit = 5\nlobster_boat = 4\nshrimp_boat = 4"));
    assert_eq!(score(&rules, &many).bonus, 6, "15 boats -> 7, capped at 6");
}

#[test]
fn a_silver_trophy_goes_at_once_to_the_first_player_who_reaches_it() {
    // Silver: first to 6 boats. P0 has 5 boats; launching one more wins it on the spot.
    let mut t = Table::new(
        1,
        &[
            "[marks]\ncod = 4\ncod_license = 1\ncod_boat = 1\nlobster_boat = 4",
            "[marks]\ncod = 4\ncod_license = 1\ncod_boat = 1\nshrimp_boat = 4",
        ],
    );
    t.g.trophies = vec![t.rules.trophies.iter().position(|x| x.id == "example_silver_boats").unwrap()];
    t.roll("cod cod lobster");
    t.answers(&["cod", "mark"]);
    let notes = t.notices();
    assert!(
        notes.contains("P0: wins the silver trophy \"Example silver trophy: first to 6 boats\" (+5 VP)"),
        "{notes}"
    );
    // P1 reaches 6 boats later: the trophy is gone.
    t.answers(&["cod", "mark", "mark", "mark"]);
    assert_eq!(t.sheet(1).launched_boats(&t.rules).len(), 6);
    assert!(t.sheet(1).trophies.is_empty());
    assert_eq!(t.sheet(0).trophies.len(), 1);
}

#[test]
fn a_gold_trophy_is_decided_at_the_end_best_result_ties_shared() {
    let rules = fleet();
    let mut s = Session::with_setup(
        &rules,
        &["Ann".into(), "Bob".into()],
        Setup { solo: false, captains: false, trophies: true },
    );
    choose(&mut s, &["example_gold_buildings", "example_silver_licenses"]);
    assert_eq!(s.game.trophies.len(), 2);
    // Play the rest at random; the gold trophy is only awarded at the very end.
    let mut rng = deckhand::rng::Rng::new(4);
    let mut awarded_before_end = false;
    while let Some(input) = deckhand::games::fleet::random::random_input(&rules, &s, &mut rng) {
        let notes = s.apply(&rules, input).unwrap();
        if !s.game.finished() && lines(&rules, &s.game, &notes).iter().any(|n| n.contains("gold trophy")) {
            awarded_before_end = true;
        }
    }
    assert!(!awarded_before_end);
    let gold = rules.trophies.iter().position(|t| t.id == "example_gold_buildings").unwrap();
    let results: Vec<u32> = s.game.players.iter().map(|p| p.sheet.complete_buildings(&rules) as u32).collect();
    let best = *results.iter().max().unwrap();
    for (p, r) in s.game.players.iter().zip(&results) {
        assert_eq!(
            p.sheet.trophies.contains(&gold),
            *r == best && best >= 4,
            "{}: {r} buildings of best {best}",
            p.name
        );
    }
    let sheets: Vec<_> = s.game.players.iter().map(|p| p.sheet.clone()).collect();
    assert_eq!(check_game(&rules, &sheets), vec![]);
}

#[test]
fn check_catches_trophies_not_earned_or_wrongly_shared_and_missing_captain_marks() {
    let rules = fleet();
    let base = "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\ncoin = 10\n";
    let broken = |top: &str, player: &str| sheet(&rules, &format!("player = \"{player}\"\n{top}\n{base}"));
    let v = check_game(&rules, &[broken("trophies = [\"example_silver_boats\"]", "A")]);
    assert_eq!(v.iter().map(|v| v.rule).collect::<Vec<_>>(), vec![Rule::TrophyNotEarned]);
    // What the trophy counts is named in the language of the check.
    for (lang, counted) in [(Lang::En, " boats, "), (Lang::De, " Boote, "), (Lang::Fr, " bateaux, ")] {
        let v = check_game(&rules, &[broken("trophies = [\"example_silver_boats\"]", "A")]);
        let said = deckhand::text::fleet_check::message(&rules, &v[0], lang);
        assert!(said.contains(counted), "{lang}: {said}");
        assert!(!said.contains("Boats") || lang == Lang::En, "{lang}: {said}");
    }
    let six = "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\nshrimp_boat = 4\ninuit = 1\ncoin = 10\n";
    let a = sheet(&rules, &format!("player = \"A\"\ntrophies = [\"example_silver_boats\"]\n{six}"));
    let b = sheet(&rules, &format!("player = \"B\"\ntrophies = [\"example_silver_boats\"]\n{six}"));
    let v: Vec<_> = check_game(&rules, &[a, b]).into_iter().filter(|v| v.rule == Rule::TrophyShared).collect();
    assert_eq!((v.len(), v[0].player.as_str()), (1, "B"));
    let v = check_game(&rules, &[broken("captain = \"example_trader\"", "C")]);
    assert_eq!(v.iter().map(|v| v.box_id()).collect::<Vec<_>>(), vec!["casino.1"]);
}

#[test]
fn play_with_captains_and_trophies_through_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ones.txt"), "1\n".repeat(3000)).unwrap();
    deckhand(dir.path())
        .args([
            "play",
            "fleet-dice",
            "--players",
            "Ann,Bob",
            "--captains",
            "--trophies",
            "--dice",
            "digital",
            "--seed",
            "9",
            "--save",
            "c.jsonl",
            "--answers",
            "ones.txt",
        ])
        .assert()
        .success()
        .stderr(contains("EXAMPLE card set").and(contains("deckhand draws: Example")).and(contains("Trophy in play")));
    deckhand(dir.path()).args(["check", "c-ann.toml", "c-bob.toml"]).assert().code(0);
    let ann = std::fs::read_to_string(dir.path().join("c-ann.toml")).unwrap();
    assert!(ann.contains("captain = \"example_"), "{ann}");
    deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "A,B,C,D,E", "--captains", "--answers", "-"])
        .write_stdin("")
        .assert()
        .code(2);
}
