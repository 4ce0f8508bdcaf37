//! Titania: end-game scoring from TOML, the tie-break on shells and starfish, point-tile
//! limits, and the in-game calculators (the starfish example 3 + 4 = 7).

use predicates::prelude::*;
use predicates::str::contains;

use crate::common::{deckhand, examples_dir, repo, stderr, stdout, write};
use crate::test::Test;

#[test]
fn the_starfish_example_scores_3_towers_plus_4_floors_as_7() {
    Test::new()
        .args(["calc", "titania", "starfish", "depicted=3", "built=4"])
        .stderr("")
        .stdout(
            "\
Titania — Starfish on a tower field
  towers shown on the field  3
  floors built on the field  4
  fame                       7   (towers shown on the field + floors built on the field)
  starfish to pay            3   (towers shown on the field)
Only in a turn in which you just received a starfish. Pay as many starfish as towers are shown on the field, put one of them on it, and score the towers shown plus the floors already built there.
",
        )
        .run();
}

#[test]
fn calculators_check_their_inputs() {
    let calculators =
        "  deckhand calc titania starfish depicted=… built=…   # Starfish on a tower field\n  deckhand calc \
                       titania floors levels=… on_starfish=…   # Building tower floors\n";
    for (args, message) in [
        // Two towers shown can hold at most 8 floors.
        (
            vec!["starfish", "depicted=2", "built=9"],
            "built (9) - 4 × depicted (2) = 1, but it must be at most 0: a tower has at most 4 floors\n".to_string(),
        ),
        (vec!["starfish", "depicted=5", "built=0"], "depicted = 5 is outside 1–4\n".into()),
        (
            vec!["starfish", "depicted=3"],
            "titania starfish also needs: built=… (floors built on the field, 0–16)\n".into(),
        ),
        (
            vec!["starfish", "castles=3"],
            "`castles` is not an input of titania starfish; its inputs are: depicted (towers shown on the field), \
             built (floors built on the field)\n"
                .into(),
        ),
        (vec!["castle"], format!("titania has no calculator `castle`; its calculators are:\n{calculators}\n")),
    ] {
        let run = Test::new().args(["calc", "titania"]).args(args).status(2).stdout("");
        run.stderr(format!("deckhand: {message}")).run();
    }
    Test::new().args(["calc", "titania"]).stderr("").stdout(format!("Calculators of Titania:\n{calculators}")).run();
    // In the table's words: the calculator and its inputs by a word of their names only they
    // have (`seestern`, `abgebildete`, `etagen`; they took the English ids alone).
    Test::new()
        .args(["--lang", "de", "calc", "titania", "seestern", "abgebildete=3", "etagen=4"])
        .stderr("")
        .stdout(
            "Titania — Seestern auf ein Turmfeld
  abgebildete Türme      3
  errichtete Etagen      4
  Ruhmespunkte           7   (abgebildete Türme + errichtete Etagen)
  zu zahlende Seesterne  3   (abgebildete Türme)
Nur in einem Zug, in dem du gerade einen Seestern bekommen hast. So viele Seesterne bezahlen, wie Türme auf dem Feld \
             abgebildet sind, einen davon darauflegen und die abgebildeten Türme plus die dort schon gebauten Etagen \
             werten.
",
        )
        .run();
    Test::new()
        .args(["calc", "nauticus"])
        .status(2)
        .stdout("")
        .stderr("deckhand: nauticus has no calculators; see `deckhand nauticus --help` for its table helpers\n")
        .run();
}

#[test]
fn building_floors_costs_the_floor_numbers_in_shells_and_3_or_4_fame_each() {
    // Floors 3 and 4 of one tower, floor 4 on a field with a starfish: 3 + 4 shells, 3 + 4 fame.
    Test::new()
        .args(["calc", "titania", "floors", "levels=3,4", "on_starfish=1"])
        .stderr("")
        .stdout(
            "\
Titania — Building tower floors
  floor                              3 4
  floors on a field with a starfish  1
  fame                               7   (3 per floor, 1 per floors on a field with a starfish)
  shells' worth to pay               7   (the sum of every floor)
From a crane field. Floor n of a tower costs n shells' worth in the tower's colour (1, 2, 3, 4); each floor gives 3 fame, or 4 if a starfish sits on that tower field.
",
        )
        .run();
    Test::new()
        .args(["calc", "titania", "floors", "levels=1", "on_starfish=2"])
        .status(2)
        .stdout("")
        .stderr(
            "deckhand: on_starfish (2) - items of levels (1) = 1, but it must be at most 0: only floors built this turn \
             can be on a field with a starfish\n",
        )
        .run();
}

#[test]
fn score_adds_point_tiles_and_breaks_the_tie_on_shells_and_starfish() {
    let dir = examples_dir();
    let out = deckhand(dir.path())
        .args(["score", "examples/titania/ann.toml", "examples/titania/ben.toml"])
        .assert()
        .success();
    let text = stdout(&out);
    assert!(
        text.contains("Tie: Ben and Ann tie on 74 points; decided by most shells and starfish (Ben 9, Ann 7)."),
        "{text}"
    );
    let ann = text.lines().find(|l| l.contains("Ann")).unwrap();
    let cells: Vec<&str> = ann.split(['│', '┆']).map(str::trim).filter(|c| !c.is_empty()).collect();
    assert_eq!(cells, vec!["2", "Ann", "62", "12", "74"]);
}

#[test]
fn equal_on_fame_and_shells_and_starfish_is_a_shared_win() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "a.toml", "game = \"titania\"\nplayer = \"Ann\"\n[inputs]\ntrack = 40\npoint_tiles = [5]\nshells_small = 2\nstarfish = 1\n");
    write(d, "b.toml", "game = \"titania\"\nplayer = \"Ben\"\n[inputs]\ntrack = 42\npoint_tiles = [3]\nshells_large = 2\nstarfish = 1\n");
    deckhand(d).args(["score", "a.toml", "b.toml"]).assert().success().stdout(
        contains("│ 1= ┆ Ann")
            .and(contains("│ 1= ┆ Ben"))
            .and(contains("tie on 45 points and on every tie-break: a shared win")),
    );
}

#[test]
fn counting_shells_by_value_is_one_number_in_the_rules_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = std::fs::read_to_string(repo().join("rules/titania.toml")).unwrap();
    let by_value = text.replacen(
        "of = { shells_small = 1, shells_large = 1, starfish = 1 }",
        "of = { shells_small = 1, shells_large = 2, starfish = 1 }",
        1,
    );
    assert_ne!(text, by_value);
    write(d, "by-value.toml", &by_value);
    write(d, "a.toml", "game = \"titania\"\nplayer = \"Ann\"\n[inputs]\ntrack = 40\nshells_small = 3\n");
    write(d, "b.toml", "game = \"titania\"\nplayer = \"Ben\"\n[inputs]\ntrack = 40\nshells_large = 2\n");
    deckhand(d)
        .args(["score", "a.toml", "b.toml"])
        .assert()
        .success()
        .stdout(contains("decided by most shells and starfish (Ann 3, Ben 2)"));
    deckhand(d)
        .args(["score", "--rules", "by-value.toml", "a.toml", "b.toml"])
        .assert()
        .success()
        .stdout(contains("decided by most shells and starfish (Ben 4, Ann 3)"));
}

#[test]
fn point_tiles_are_3_to_5_and_30_in_the_box() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "a.toml", "game = \"titania\"\nplayer = \"Ann\"\n[inputs]\npoint_tiles = [3, 6, 4]\n");
    let out = deckhand(d).args(["check", "a.toml"]).assert().code(1);
    let text = stdout(&out);
    assert!(
        text.contains(
            "a.toml:4:19: point_tiles value 2 is 6, outside 3–5: there are 30 point tiles, each worth 3 to 5"
        ),
        "{text}"
    );
    let err = stderr(&deckhand(d).args(["score", "a.toml"]).assert().code(2));
    assert!(err.contains("a.toml:4:19"), "{err}");
    let many = |p: &str, n: usize| {
        format!("game = \"titania\"\nplayer = \"{p}\"\n[inputs]\npoint_tiles = [{}]\n", vec!["4"; n].join(", "))
    };
    write(d, "b.toml", &many("Ben", 16));
    write(d, "c.toml", &many("Cy", 15));
    deckhand(d)
        .args(["check", "b.toml", "c.toml"])
        .assert()
        .code(1)
        .stdout(contains("[point_tiles_in_box] all players together: items of point_tiles (31) (Ben 16, Cy 15), but it must be at most 30"));
    write(d, "d.toml", "game = \"titania\"\nplayer = \"Di\"\n[inputs]\npoint_tiles = 4\n");
    deckhand(d)
        .args(["score", "d.toml"])
        .assert()
        .code(2)
        .stderr(contains("d.toml:4:15: `point_tiles` (point tile) is a list, even with one value"));
}

#[test]
fn enter_takes_a_list_of_point_tiles() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "answers.txt", "62\n3 5 4\n4\n1\n2\n");
    deckhand(d)
        .args(["--lang", "fr", "enter", "titania", "--player", "Ann", "-o", "ann.toml", "--answers", "answers.txt"])
        .assert()
        .success()
        .stderr(
            contains("tuile de points [point_tiles, jusqu'à 30 valeurs de 3–5]")
                .and(contains("Score : 74 (PISTE 62, TUILES 12)")),
        );
    let sheet = std::fs::read_to_string(d.join("ann.toml")).unwrap();
    assert!(sheet.contains("point_tiles = [3, 5, 4]"), "{sheet}");
    write(d, "bad.txt", "62\n3 7\n");
    deckhand(d)
        .args(["enter", "titania", "--player", "Ben", "-o", "ben.toml", "--answers", "bad.txt"])
        .assert()
        .code(2)
        .stderr(contains("bad.txt:2: `3 7` is not an answer").and(contains("point_tiles value 2 is 7, outside 3–5")));
}

#[test]
fn the_reference_card_has_setup_round_golden_rules_and_tie_break() {
    deckhand(&repo()).args(["--lang", "de", "rules", "show", "titania"]).assert().success().stdout(
        contains("Titania — 2-4 Spieler")
            .and(contains("Aufbau"))
            .and(contains("Eine Runde"))
            .and(contains("Goldene Regeln"))
            .and(contains("meiste Muscheln und Seesterne, dann ein geteilter Platz"))
            .and(contains("deckhand calc titania starfish depicted=… built=…")),
    );
}
