//! The five-dice game's sheets at the command line: `check` finds a wrong box at its line
//! and exits 1, `score` ranks the sheets, a bad sheet file is an input error (exit 2).

use crate::test::Test;

pub(crate) const ANN: &str = "game = \"yacht\"
player = \"Ann\"
[boxes]
ones = 3
twos = 6
threes = 9
fours = 12
fives = 15
sixes = 18
three_of_a_kind = 24
four_of_a_kind = 0
full_house = 25
small_straight = 30
large_straight = 40
five_of_a_kind = 50
chance = 22
[bonus]
upper = 35
";

pub(crate) const BOB: &str = "game = \"yacht\"
player = \"Bob\"
[boxes]
ones = 2
twos = 8
threes = 12
fours = 16
fives = 15
sixes = 24
three_of_a_kind = 20
four_of_a_kind = 18
full_house = { points = 25, dice = [3, 3, 3, 3, 3] }
small_straight = 0
large_straight = 40
five_of_a_kind = { points = 50, dice = [3, 3, 3, 3, 3] }
chance = 19
[bonus]
upper = 35
extra = 100
";

#[test]
fn check_passes_good_sheets() {
    Test::new()
        .file("ann.toml", ANN)
        .file("bob.toml", BOB)
        .args(["check", "ann.toml", "bob.toml"])
        .stdout(
            "ann.toml (Ann): follows the rules
  score as the rules count it: 289 (upper section 63, bonus 35, lower section 191, extra bonuses 0)
bob.toml (Bob): follows the rules
  score as the rules count it: 384 (upper section 77, bonus 35, lower section 172, extra bonuses 100)
2 sheets checked: no rule violations
",
        )
        .stderr("")
        .run();
}

#[test]
fn check_finds_a_wrong_box_and_exits_1() {
    let ann = ANN.replace("full_house = 25", "full_house = { points = 25, dice = [2, 2, 5, 5, 6] }");
    Test::new()
        .file("ann.toml", ann)
        .args(["check", "ann.toml"])
        .stdout(
            "ann.toml (Ann): 1 rule violation
  full_house (line 12, column 14) [yacht.not_the_dice] Full house holds 25, but its dice 2 2 5 5 6 score 0 there
  score as the rules count it: 289 (upper section 63, bonus 35, lower section 191, extra bonuses 0)
1 of 1 sheet breaks the rules: 1 violation in all
",
        )
        .stderr("")
        .status(1)
        .run();
    let ann = ANN.replace("full_house = 25", "full_house = 24").replace("upper = 35", "upper = 0");
    Test::new()
        .file("ann.toml", ann)
        .args(["check", "ann.toml"])
        .env("LANG", "de_DE.UTF-8")
        .stdout(
            "ann.toml (Ann): 2 Regelverstöße
  full_house (Zeile 12, Spalte 14) [yacht.impossible] kein Wurf ergibt 24 in Full House: dort steht einer der Werte 0, 25
  bonus.upper (Zeile 18, Spalte 9) [yacht.upper_bonus] als Bonus steht 0, aber die 63 Punkte des oberen Blocks bringen 35 (der Bonus braucht 63)
  Wertung nach den Regeln: 288 (oberer Block 63, Bonus 35, unterer Block 190, Extra-Boni 0)
1 von 1 Bögen verstößt gegen die Regeln: insgesamt 2 Verstöße
",
        )
        .stderr("")
        .status(1)
        .run();
}

#[test]
fn check_as_json_names_rule_box_and_place() {
    let ann = ANN.replace("full_house = 25", "full_house = 24");
    let out = Test::new().file("ann.toml", ann).args(["check", "ann.toml", "--format", "json"]).status(1).run();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let found = &v[0]["violations"][0];
    assert_eq!(found["rule"], "yacht.impossible");
    assert_eq!(found["box_id"], "full_house");
    assert_eq!((found["line"].as_u64(), found["column"].as_u64()), (Some(12), Some(14)));
    assert_eq!(v[0]["score"], 288);
}

#[test]
fn score_ranks_the_sheets() {
    Test::new()
        .file("ann.toml", ANN)
        .file("bob.toml", BOB)
        .args(["score", "ann.toml", "bob.toml", "--format", "csv"])
        .stdout(
            "rank,shared,player,upper section,bonus,lower section,extra bonuses,total
1,false,Bob,77,35,172,100,384
2,false,Ann,63,35,191,0,289
",
        )
        .stderr("")
        .run();
}

#[test]
fn a_bad_sheet_file_is_an_input_error() {
    Test::new()
        .file("ann.toml", ANN.replace("chance = 22", "chanse = 22"))
        .args(["check", "ann.toml"])
        .stdout("")
        .stderr(
            "deckhand: error: ann.toml:16:1: [boxes] names unknown box `chanse`
   |
16 | chanse = 22
   | ^^^^^^
  = help: did you mean `chance`?

1 error in ann.toml
",
        )
        .status(2)
        .run();
}

#[test]
fn a_sheet_of_another_family_is_read_by_its_options() {
    let classic = "game = \"yacht\"\nplayer = \"Cy\"\noptions = [\"classic\"]\n[boxes]\nones = 2\ntwos = 4\nthrees = 9\nfours = 8\nfives = 15\nsixes = 18\nfull_house = 19\nfour_of_a_kind = 24\nlittle_straight = 30\nbig_straight = 0\nchoice = 23\nyacht = 0\n";
    Test::new()
        .file("cy.toml", classic)
        .args(["score", "cy.toml", "--format", "csv"])
        .stdout("rank,shared,player,upper section,bonus,lower section,extra bonuses,total\n1,false,Cy,56,0,96,0,152\n")
        .stderr("")
        .run();
    Test::new()
        .file("cy.toml", classic.replace("\"classic\"", "\"klassik\""))
        .args(["check", "cy.toml"])
        .stdout("")
        .stderr(
            "deckhand: error: cy.toml:3:11: no option `klassik` (did you mean `classic`?); the options are: classic, scandinavian, upper_fifty, open_joker, free_joker, no_joker, five_full_house
  |
3 | options = [\"klassik\"]
  |           ^^^^^^^^^^^

1 error in cy.toml
",
        )
        .status(2)
        .run();
}
