//! Dealt games (`--deal`): tables with one deal roll the same dice and are ranked
//! together; a dealt roll taken back shows the same dice; a solo deal is one challenge.

use super::*;

/// A game's setup with digital dice dealt by `code` (solo for one player).
fn dealt_setup(code: &str, players: usize) -> deckhand::games::fleet::setup::FleetSetup {
    deckhand::games::fleet::setup::FleetSetup {
        dice: deckhand::games::fleet::game::Dice::Digital,
        seed: None,
        solo: players == 1,
        captains: false,
        trophies: false,
        deal: deckhand::games::fleet::setup::DealCode::parse(code),
        bots: None,
    }
}

/// A whole Fleet game on the deal `code`: every decision a person makes is
/// answered by `choose` (an index among its options), every roll dealt. The answers (one key
/// per line, for `--ask-all`) and every multi-die roll with its round.
fn dealt(code: &str, names: &[&str], choose: fn(usize) -> usize) -> (String, Vec<(u32, Vec<String>)>) {
    let rules = fleet();
    let setup = dealt_setup(code, names.len());
    let names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    let mut session = Session::with_setup(&rules, &names, setup.options());
    let (mut answers, mut rolls) = (String::new(), Vec::new());
    while let Some(d) = session.game.decision(&rules) {
        let input = match setup.digital_answer(&session, &rules).map(|a| a.input(&rules, &session.game)) {
            Some(input) => {
                if let Input::Roll { faces, .. } = &input {
                    if faces.len() > 1 {
                        rolls.push((session.game.round, faces.clone()));
                    }
                }
                input
            }
            None => {
                let key = d.options[choose(d.options.len())].key(&rules, &session.game).into_owned();
                answers.push_str(&key);
                answers.push('\n');
                Input::Choice(key)
            }
        };
        session.apply(&rules, input).unwrap();
    }
    (answers, rolls)
}

#[test]
fn two_tables_with_one_deal_roll_the_same_dice_while_choosing_differently_and_are_ranked_together() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (first, rolls_a) = dealt("club-7", &["Ann", "Bob"], |_| 0);
    let (last, rolls_b) = dealt("CLUB-7", &["Cy", "Dee"], |n| n - 1);
    assert_ne!(first, last, "the tables chose differently");
    assert!(rolls_a.len() >= 16, "a boat and a town roll in every round: {}", rolls_a.len());
    assert_eq!(rolls_a, rolls_b, "every roll of every round the same at both tables");
    let (_, other) = dealt("club-8", &["Ann", "Bob"], |_| 0);
    assert_ne!(other, rolls_a, "another deal, other dice");
    // The same games at the table: deckhand deals what the simulation dealt (an answer
    // would be refused otherwise), and records the deal.
    write(d, "first.txt", &first);
    write(d, "last.txt", &last);
    for (players, answers, save, db, place) in [
        ("Ann,Bob", "first.txt", "a.jsonl", "t1.sqlite3", "Table 1"),
        ("Cy,Dee", "last.txt", "b.jsonl", "t2.sqlite3", "Table 2"),
    ] {
        deckhand(d)
            .args(["play", "fleet-dice", "--players", players, "--dice", "digital", "--deal", "club-7", "--ask-all"])
            .args(["--answers", answers, "--save", save, "--db", db, "--location", place])
            .assert()
            .success();
    }
    let header = std::fs::read_to_string(d.join("a.jsonl")).unwrap();
    let header: Value = serde_json::from_str(header.lines().next().unwrap()).unwrap();
    assert_eq!((&header["setup"]["deal"], header["setup"].get("seed")), (&Value::from("CLUB-7"), None));
    // The club's night: table 2's history merged into table 1's, then the deal's standings.
    deckhand(d).args(["import", "t2.sqlite3", "--db", "t1.sqlite3"]).assert().success();
    let s =
        json(&deckhand(d).args(["standings", "--deal", "club-7", "--db", "t1.sqlite3", "--format", "json"]).assert());
    assert_eq!(s["deal"], "CLUB-7");
    let players = s["players"].as_array().unwrap();
    assert_eq!(players.len(), 4, "{s}");
    let mut names: Vec<&str> = players.iter().map(|p| p["player"].as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Ann", "Bob", "Cy", "Dee"]);
    let scores: Vec<i64> = players.iter().map(|p| p["score"].as_i64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "best first: {scores:?}");
    assert_eq!(players[0]["rank"], 1);
    for (i, p) in players.iter().enumerate() {
        let better = scores.iter().filter(|s| **s > scores[i]).count() as u64;
        assert_eq!(p["rank"].as_u64(), Some(better + 1), "{p}");
        assert!(p["location"] == "Table 1" || p["location"] == "Table 2", "{p}");
    }
    let history = json(&deckhand(d).args(["history", "--db", "t1.sqlite3", "--format", "json"]).assert());
    assert!(history.as_array().unwrap().iter().all(|p| p["deal"] == "CLUB-7"), "{history}");
    let table = stdout(&deckhand(d).args(["standings", "--deal", "CLUB-7", "--db", "t1.sqlite3"]).assert().success());
    assert!(table.contains("Deal CLUB-7: 2 tables") && table.contains("Table 2"), "{table}");
    let html = stdout(
        &deckhand(d)
            .args(["standings", "--deal", "club-7", "--db", "t1.sqlite3", "--format", "html"])
            .assert()
            .success(),
    );
    assert!(html.starts_with("<!doctype html>") && html.contains("<td>Dee</td>"), "{html}");
    // Refused: a deal with typed dice, a deal and a seed, a code that is no code.
    let refused = |extra: &[&str], says: &str| {
        let out =
            deckhand(d).args(["play", "fleet-dice", "--players", "A,B", "--deal", "x"]).args(extra).assert().code(2);
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
    };
    refused(&[], "add --dice digital");
    refused(&["--dice", "digital", "--seed", "3"], "give one of them");
    let out = deckhand(d).args(["standings", "--deal", "no such code!"]).assert().code(2);
    assert!(stderr(&out).contains("a deal code is 1 to 16 letters"), "{}", stderr(&out));
}

#[test]
fn a_dealt_roll_taken_back_shows_the_same_dice_again() {
    let rules = fleet();
    let setup = dealt_setup("night-1", 2);
    let names = ["Ann".to_string(), "Bob".to_string()];
    let mut session = Session::with_setup(&rules, &names, setup.options());
    let mut checked = 0;
    while let Some(d) = session.game.decision(&rules) {
        let input = match setup.digital_answer(&session, &rules).map(|a| a.input(&rules, &session.game)) {
            Some(input) => input,
            None => Input::Choice(d.options[0].key(&rules, &session.game).into_owned()),
        };
        if matches!(input, Input::Roll { .. }) && checked < 6 {
            session.apply(&rules, input.clone()).unwrap();
            session.undo_to_question(&rules, |_, _| false).unwrap();
            let again = setup.digital_answer(&session, &rules).map(|a| a.input(&rules, &session.game));
            assert_eq!(again, Some(input.clone()), "rolled again after an undo");
            checked += 1;
        }
        session.apply(&rules, input).unwrap();
    }
    assert_eq!(checked, 6);
}

#[test]
fn a_solo_deal_is_one_challenge_against_ruth_for_everyone_who_plays_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (first, rolls_a) = dealt("ruth-1", &["Ann"], |_| 0);
    let (last, rolls_b) = dealt("ruth-1", &["Bob"], |n| n - 1);
    assert_ne!(first, last);
    assert_eq!(rolls_a, rolls_b, "the same dice for both challengers");
    write(d, "first.txt", &first);
    write(d, "last.txt", &last);
    for (player, answers, save) in [("Ann", "first.txt", "a.jsonl"), ("Bob", "last.txt", "b.jsonl")] {
        deckhand(d)
            .args(["play", "fleet-dice", "--players", player, "--dice", "digital", "--deal", "ruth-1", "--ask-all"])
            .args(["--answers", answers, "--save", save, "--db", "h.sqlite3"])
            .assert()
            .success();
    }
    let s =
        json(&deckhand(d).args(["standings", "--deal", "RUTH-1", "--db", "h.sqlite3", "--format", "json"]).assert());
    let players = s["players"].as_array().unwrap();
    assert_eq!(players.len(), 2, "{s}");
    assert!(players.iter().all(|p| p["table_rank"].is_null()), "no table to rank at in a solo game: {s}");
    assert!(players[0]["score"].as_i64() >= players[1]["score"].as_i64());
}
