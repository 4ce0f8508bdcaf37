//! Nauticus: the rulebook's end-game example, tie-breaks, limits from the component
//! counts, entering a sheet, and the table helpers — all through the built-in TOML.

use deckhand::games::endgame::eval::{evaluate, InputValue};
use deckhand::games::endgame::sheet_file;
use deckhand::source::Source;
use predicates::prelude::*;
use predicates::str::contains;

use crate::common::{deckhand, endgame, examples_dir, repo, stderr, stdout, write};
use crate::test::Test;

fn inputs(text: &str) -> Vec<InputValue> {
    let rules = endgame("nauticus");
    let sheet = sheet_file::parse(&rules, &Source::new("t.toml", text)).unwrap_or_else(|e| panic!("{e}"));
    sheet.inputs(&rules)
}

#[test]
fn the_rulebook_example_scores_80_on_top_of_the_track_from_21_taler() {
    let rules = endgame("nauticus");
    let text = std::fs::read_to_string(repo().join("examples/nauticus/ann.toml")).unwrap();
    let e = evaluate(&rules.sheet, &inputs(&text));
    // track 35, ships 3×2 + 8 + 20 = 34, goods 9 + 5 + 25 = 39, leftovers 21 Taler → 7.
    assert_eq!(e.categories, vec![35, 34, 39, 7]);
    assert_eq!(e.total - 35, 80);
    let taler_total = rules.sheet.values.iter().position(|v| v.id == "taler_total").unwrap();
    assert_eq!(e.values[taler_total], 21);
    assert_eq!(e.tie_values, vec![0, 21], "0 leftover Taler, 21 Taler in all");
}

#[test]
fn goods_sets_follow_the_table_and_go_on_5_per_good_up_to_12() {
    let rules = endgame("nauticus");
    let points: Vec<i64> = (0..=12)
        .map(|n| {
            evaluate(&rules.sheet, &inputs(&format!("player = \"A\"\n[inputs]\ngoods_salt = {n}\n"))).categories[2]
        })
        .collect();
    assert_eq!(points, vec![0, 2, 5, 9, 14, 20, 25, 30, 35, 40, 45, 50, 55]);
    let e = evaluate(&rules.sheet, &inputs("player = \"A\"\n[inputs]\nships_4 = 2\nships_1 = 1\n"));
    assert_eq!(e.categories[1], 72);
}

#[test]
fn leftovers_give_1_vp_per_full_3_taler_and_keep_the_rest_for_the_tie_break() {
    let rules = endgame("nauticus");
    let e = evaluate(&rules.sheet, &inputs("player = \"A\"\n[inputs]\ncash = 13\nworkers = 1\n"));
    assert_eq!(e.categories[3], 4);
    assert_eq!(e.tie_values, vec![2, 14]);
}

#[test]
fn score_prints_the_table_and_says_which_tie_break_decided() {
    let dir = examples_dir();
    let out = deckhand(dir.path())
        .args(["score", "examples/nauticus/ann.toml", "examples/nauticus/ben.toml", "examples/nauticus/cleo.toml"])
        .assert()
        .success();
    let text = stdout(&out);
    assert!(text.contains("TRACK") && text.contains("LEFTOVERS"), "{text}");
    assert!(
        text.contains(
            "Tie: Ben and Ann tie on 115 points and on most leftover Taler (0-2); decided by most Taler in all (Ben 24, Ann 21)."
        ),
        "{text}"
    );
    let ben = text.lines().find(|l| l.contains("Ben")).unwrap();
    assert!(ben.contains("│ 1 ┆"), "{text}");
}

#[test]
fn the_first_tie_break_is_leftover_taler_and_a_full_tie_is_a_shared_place() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Both on 30 VP; Ann has 2 leftover Taler (14 in all), Bob 1 (22 in all).
    write(d, "ann.toml", "game = \"nauticus\"\nplayer = \"Ann\"\n[inputs]\ntrack = 26\ncash = 14\n");
    write(d, "bob.toml", "game = \"nauticus\"\nplayer = \"Bob\"\n[inputs]\ntrack = 23\ncash = 22\n");
    write(d, "cy.toml", "game = \"nauticus\"\nplayer = \"Cy\"\n[inputs]\ntrack = 23\ncash = 20\nworkers = 2\n");
    let out = deckhand(d).args(["score", "--format", "json", "ann.toml", "bob.toml", "cy.toml"]).assert().success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let order: Vec<(&str, u64, bool)> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["player"].as_str().unwrap(), r["rank"].as_u64().unwrap(), r["shared"].as_bool().unwrap()))
        .collect();
    assert_eq!(order, vec![("Ann", 1, false), ("Bob", 2, true), ("Cy", 2, true)]);
    assert_eq!(
        v["notes"][0],
        "Ann, Bob and Cy tie on 30 points; decided by most leftover Taler (0-2) (Ann 2, Bob 1, Cy 1); Bob and Cy still tie: a shared 2nd place"
    );
    assert_eq!(v["tie_breaks"], serde_json::json!(["most leftover Taler (0-2)", "most Taler in all"]));
}

#[test]
fn csv_markdown_and_german_names() {
    let dir = examples_dir();
    deckhand(dir.path())
        .args(["score", "--format", "csv", "examples/nauticus/ann.toml"])
        .assert()
        .success()
        .stdout("rank,shared,player,track,ships,goods,leftovers,total\n1,false,Ann,35,34,39,7,115\n");
    deckhand(dir.path())
        .args(["--lang", "de", "score", "--format", "markdown", "--detail", "examples/nauticus/ann.toml"])
        .assert()
        .success()
        .stdout(
            contains("| 1 | Ann | 35 | 34 | 39 | 7 | 115 |")
                .and(contains("SCHIFFE"))
                .and(contains("ausgelieferter Kaffee (3) 9")),
        );
}

#[test]
fn impossible_inputs_fail_score_with_line_and_column_and_check_lists_them() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "ann.toml",
        "game = \"nauticus\"\nplayer = \"Ann\"\n[inputs]\ngoods_coffee = 13\nships_3 = 5\nships_4 = 3\n",
    );
    write(d, "bob.toml", "game = \"nauticus\"\nplayer = \"Bob\"\n[inputs]\ngoods_fish = 7\n");
    write(d, "cy.toml", "game = \"nauticus\"\nplayer = \"Cy\"\n[inputs]\ngoods_fish = 6\n");
    let err = stderr(&deckhand(d).args(["score", "ann.toml", "bob.toml", "cy.toml"]).assert().code(2).stdout(""));
    assert!(err.contains("ann.toml:4:16: goods_coffee = 13 is outside 0–12: the game has 12 coffee goods"), "{err}");
    assert!(err.contains("ann.toml:6:11: ships_3 (5) + 2 × ships_4 (3) = 11, but it must be at most 9"), "{err}");
    assert!(
        err.contains("all players together: goods_fish (13) (Ann 0, Bob 7, Cy 6), but it must be at most 12"),
        "{err}"
    );
    let out = deckhand(d).args(["check", "ann.toml", "bob.toml", "cy.toml"]).assert().code(1);
    let text = stdout(&out);
    assert!(text.contains("ann.toml (Ann): 2 limit violations"), "{text}");
    assert!(text.contains("[middle_hulls]") && text.contains("[fish]"), "{text}");
    assert!(text.contains("bob.toml (Bob): every input is within the limits"), "{text}");
    assert!(text.contains("3 limit violations"), "{text}");
    deckhand(d).args(["check", "bob.toml"]).assert().code(0).stdout(contains("no limit violations"));
}

#[test]
fn malformed_sheets_exit_2_with_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases = [
        (
            "a.toml",
            "game = \"nauticus\"\nplayer = \"A\"\n[inputs]\nships_5 = 1\n",
            "a.toml:4:1: [inputs] names unknown input `ships_5`",
        ),
        (
            "b.toml",
            "game = \"nauticus\"\nplayer = \"A\"\n[inputs]\ncash = 2.5\n",
            "b.toml:4:8: `cash` (Taler in hand) takes whole numbers",
        ),
        (
            "c.toml",
            "game = \"nauticus\"\nplayer = \"A\"\n[inputs]\ncash = [2]\n",
            "c.toml:4:8: `cash` (Taler in hand) is one number, not a list",
        ),
        (
            "d.toml",
            "game = \"nauticus\"\nplayer = \"A\"\ncash = 2\n",
            "d.toml:3:1: unknown key `cash` at the top of the file",
        ),
        ("e.toml", "game = \"nauticus\"\n[inputs]\ncash = 2\n", "missing `player = \"NAME\"`"),
        ("f.toml", "game = \"nauticus\"\nplayer = \"A\"\n[inputs\n", "f.toml:3:"),
    ];
    for (file, text, message) in cases {
        write(d, file, text);
        for cmd in ["score", "check"] {
            deckhand(d)
                .args([cmd, file])
                .assert()
                .code(2)
                .stderr(contains(message).and(contains("panicked").not()))
                .stdout("");
        }
    }
}

#[test]
fn enter_asks_every_input_checks_limits_at_once_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "first.txt", "35\n3\n1\n1\n0\n3\n2\n0\n");
    write(d, "rest.txt", "6\n8\n2\n8\n3\n");
    let args = |answers: &str| {
        ["enter", "nauticus", "--player", "Ann", "-o", "ann.toml", "--answers", answers].map(String::from).to_vec()
    };
    deckhand(d).args(args("first.txt")).assert().code(2).stderr(contains("the answers ran out"));
    let partial = std::fs::read_to_string(d.join("ann.toml")).unwrap();
    assert!(partial.contains("goods_salt = 0") && !partial.contains("goods_fish"), "{partial}");
    deckhand(d).args(args("rest.txt")).assert().success().stderr(
        contains("Resuming ann.toml: 8 of 13 inputs")
            .and(contains("Score: 115 (TRACK 35, SHIPS 34, GOODS 39, LEFTOVERS 7)")),
    );
    deckhand(d)
        .args(["score", "--format", "csv", "ann.toml"])
        .assert()
        .success()
        .stdout(contains("Ann,35,34,39,7,115"));
    // A 4th middle-hull ship is refused when it is typed, with the reason.
    write(d, "bad.txt", "35\n0\n0\n5\n3\n");
    deckhand(d)
        .args(["enter", "nauticus", "--player", "Bo", "-o", "bo.toml", "--answers", "bad.txt"])
        .assert()
        .code(2)
        .stderr(contains("bad.txt:5: `3` is not an answer").and(contains("the game has 9 middle hull pieces")));
    write(d, "neg.txt", "-21\n");
    deckhand(d)
        .args(["enter", "nauticus", "--player", "Cy", "-o", "cy.toml", "--answers", "neg.txt"])
        .assert()
        .code(2)
        .stderr(contains("track = -21 is outside -20–300"));
}

#[test]
fn crown_scoring_examples_from_the_rulebook() {
    let crowns = |args: &[&str]| Test::new().args(["nauticus", "crowns"]).args(args.iter().copied());
    // 1 crown mast + 1 crown sail + 1 flipped pass tile, 2 blue workers + 1 own.
    crowns(&["--crown-masts", "1", "--crown-sails", "1", "--passed", "1", "--workers", "3", "--blue", "2"])
        .stderr("")
        .stdout(
            "3 crowns × 3 workers = 9 VP (at most 15 a round).\n5 workers would reach the cap of 15.\nWorkers: 2 blue \
             from the wheel + 1 of your own.\nA second crown scoring this round needs your extra action (--extra).\n",
        )
        .run();
    // "Had he used 2 more workers he would have had the maximum of 15."
    crowns(&["--crowns", "3", "--workers", "5"])
        .stderr("")
        .stdout(
            "3 crowns × 5 workers = 15 VP (at most 15 a round).\nA second crown scoring this round needs your extra \
             action (--extra).\n",
        )
        .run();
    crowns(&["--crowns", "3", "--workers", "7", "--extra"])
        .stderr("")
        .stdout(
            "3 crowns × 7 workers = 21, capped: 15 VP (at most 15 a round).\n5 workers already reach 15; 2 more add \
             nothing.\nWith your extra action (once per game: +2 workers first) this is a second crown scoring this \
             round, again at most 15.\n",
        )
        .run();
    crowns(&["--crowns", "30", "--workers", "1"])
        .status(2)
        .stdout("")
        .stderr(
            "deckhand: 30 crowns is more than anyone can have (27: 12 crown masts, 12 crown sails and 3 pass tiles)\n",
        )
        .run();
}

#[test]
fn pass_penalties_at_round_end() {
    let then = "Then: turn all pass tiles back to their minus side, advance the round marker, turn the wheel to the \
                anchor tile, shuffle and lay out the 8 actions.\n";
    for (passes, lose, gave) in [
        ("0", "unflipped pass tiles -3 -2 -1 → lose 6 VP", "+0 crowns"),
        ("1", "unflipped pass tiles -2 -1 → lose 3 VP", "+1 crown"),
        ("2", "unflipped pass tiles -1 → lose 1 VP", "+2 crowns"),
        ("3", "every pass tile is flipped, so no penalty", "+3 crowns"),
    ] {
        let out = format!("Round end: {lose}.\nYour flipped tiles gave {gave} until now. {then}");
        Test::new().args(["nauticus", "pass", "--passes", passes]).stderr("").stdout(out).run();
    }
    let out = format!(
        "Round end: unflipped pass tiles -3 -2 → lose 5 VP.\nVP track 2 → -3 (it may go below 0).\nYour flipped tiles \
         gave +1 crown until now. {then}"
    );
    Test::new().args(["nauticus", "pass", "--flipped", "1", "--track", "2"]).stderr("").stdout(out).run();
    Test::new()
        .args(["nauticus", "pass", "--passes", "4"])
        .status(2)
        .stdout("")
        .stderr("deckhand: you have 3 pass tiles; passing more often than that flips nothing more (enter at most 3)\n")
        .run();
}

#[test]
fn the_purchase_calculator_follows_the_rulebook_examples() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Goods: fish, grain and 2 coffee; the free coffee to the warehouse; salt would save 1 Taler.
    let out = deckhand(d)
        .args([
            "nauticus",
            "buy",
            "--action",
            "goods",
            "--prices",
            "coffee=0,grain=2,salt=3,fish=1",
            "--items",
            "fish,grain,coffee,coffee",
        ])
        .assert()
        .success();
    let text = stdout(&out);
    assert!(text.contains("Total: 7 Taler, 4 workers."), "{text}");
    assert!(text.lines().any(|l| l.contains("coffee  0 Taler") && l.contains("→ warehouse")), "{text}");
    assert!(text.lines().any(|l| l.contains("coffee  4 Taler") && l.contains("→ shipyard")), "{text}");
    assert!(text.contains("Tip: salt for 3 Taler instead of the second coffee would cost 1 Taler less"), "{text}");
    // Hull parts: all four for 6 Taler and 4 workers (2 blue), one more free into the warehouse.
    deckhand(d)
        .args([
            "nauticus",
            "buy",
            "--action",
            "hulls",
            "--prices",
            "0,1,2,3",
            "--items",
            "hull,bow,middle,stern",
            "--blue",
            "2",
            "--free",
            "bow",
        ])
        .assert()
        .success()
        .stdout(
            contains("Total: 6 Taler, 4 workers (2 blue from the wheel + 2 of your own).").and(contains("+ bow free")),
        );
    // Extra action: every kind at 2, a second copy at 4.
    deckhand(d)
        .args(["nauticus", "buy", "--action", "sails", "--extra", "--items", "whale,whale"])
        .assert()
        .success()
        .stdout(contains("Total: 6 Taler, 2 workers.").and(contains("+2 workers first")));
    for (args, message) in [
        (
            vec!["--action", "boats", "--prices", "0,1,2,3", "--items", "bow"],
            "unknown action `boats`; the paid actions are: hulls (Buy hull parts), masts (Buy masts), sails (Buy sails), goods (Buy goods)",
        ),
        (
            vec!["--action", "masts", "--items", "whale"],
            "give the slot's prices with --prices, one per kind in this order: whale, anchor, wheel, crest4 (e.g. \
             --prices 0,1,2,3), or use --extra",
        ),
        (
            vec!["--action", "masts", "--prices", "0,1,2,3", "--items", "kraken"],
            "`kraken` is not sold by masts; its items are: whale, anchor, wheel, crest4",
        ),
        (
            vec!["--action", "masts", "--prices", "0,1,2,3", "--items", "whale", "--free", "anchor"],
            "a free item comes only with buying all 4 kinds in one action",
        ),
        (
            vec!["--action", "masts", "--extra", "--blue", "1", "--items", "whale"],
            "the wheel's blue workers belong to the action chosen this phase, not to your extra action; drop --blue",
        ),
    ] {
        let run = Test::new().args(["nauticus", "buy"]).args(args).status(2).stdout("");
        run.stderr(format!("deckhand: {message}\n")).run();
    }
}

/// The table's own words are typed too (they took the English ids alone): an action or a
/// reward by a word of its name that no other has (`waren`, `coque`, `kronenmast`), the items
/// by their names (`kaffee`, `proue`); a word several names have (`kaufen`, `couronne`) is
/// refused with the ids and their names.
#[test]
fn an_action_and_its_items_are_typed_in_the_tables_words() {
    let dir = tempfile::tempdir().unwrap();
    deckhand(dir.path())
        .args(["--lang", "de", "nauticus", "buy", "--action", "waren", "--prices", "0,1,2,3"])
        .args(["--items", "kaffee,fisch"])
        .assert()
        .success()
        .stdout(
            contains("Waren kaufen (Preise der Felder: Kaffee (coffee) 0")
                .and(contains("Gesamt: 3 Taler, 2 Arbeiter.")),
        );
    deckhand(dir.path())
        .args(["--lang", "fr", "nauticus", "buy", "--action", "coque", "--prices", "1,2,0,3", "--items", "proue,poupe"])
        .assert()
        .success()
        .stdout(contains("Acheter des pièces de coque").and(contains("Total : 5 thalers, 2 ouvriers.")));
    // Rewards likewise (`kronenmast`); a word two names have (`couronne`) is refused.
    deckhand(dir.path())
        .args(["--lang", "de", "nauticus", "rewards", "--masts", "2", "--take", "kronenmast,arbeiter"])
        .assert()
        .success()
        .stdout(contains("Ein 2-Master: 1 Kronenmast, 3 Arbeiter — erlaubt."));
    let out = deckhand(dir.path())
        .args(["--lang", "fr", "nauticus", "rewards", "--masts", "2", "--take", "couronne"])
        .assert()
        .code(2);
    assert!(
        stderr(&out).contains("récompense inconnue `couronne` ; les récompenses sont : crown_mast (1 mât à couronne), crown_sail (1 voile à couronne)"),
        "{}",
        stderr(&out)
    );
    Test::new()
        .args(["--lang", "de", "nauticus", "buy", "--action", "kaufen", "--items", "kaffee"])
        .status(2)
        .stderr(
            "deckhand: unbekannte Aktion `kaufen`; die bezahlten Aktionen sind: hulls (Rumpfteile kaufen), masts \
             (Masten kaufen), sails (Segel kaufen), goods (Waren kaufen)\n",
        )
        .run();
}

#[test]
fn the_purchase_in_french_names_each_slot_in_french_with_the_id_to_type() {
    // The price list names the slots as the table reads them; the id `--items` takes follows
    // in brackets where the two differ (it once listed the English ids alone).
    Test::new()
        .args(["--lang", "fr", "nauticus", "buy", "--action", "goods", "--prices", "coffee=0,grain=2,salt=3,fish=1"])
        .args(["--items", "fish,grain,coffee,coffee"])
        .stderr("")
        .stdout(
            "Acheter des marchandises (prix des emplacements : café (coffee) 0, céréales (grain) 2, sel (salt) 3, \
             poisson (fish) 1)
  poisson   1 thaler, 1 ouvrier  → chantier naval (payé : peut aller directement sur un navire, ou à l'entrepôt)
  céréales  2 thalers, 1 ouvrier  → chantier naval (payé : peut aller directement sur un navire, ou à l'entrepôt)
  café      0 thaler, 1 ouvrier  → entrepôt (acheté 0 thaler, donc gratuit : règle d'or)
  café      4 thalers, 1 ouvrier (un autre exemplaire : 4 thalers)  → chantier naval (payé : peut aller \
             directement sur un navire, ou à l'entrepôt)
Total : 7 thalers, 4 ouvriers.
Conseil : sel pour 3 thalers au lieu du second café coûterait 1 thaler de moins et compléterait les 4 sortes : \
             1 élément de plus gratuit (les deux éléments gratuits vont alors à l'entrepôt).
",
        )
        .run();
}

#[test]
fn ship_rewards_one_per_mast_each_at_most_twice() {
    Test::new()
        .args(["nauticus", "rewards", "--masts", "4", "--take", "crown_mast,crown_mast,crown_sail,crown_sail"])
        .stderr("")
        .stdout(
            "A 4-mast ship: 1 crown mast, 1 crown mast, 1 crown sail, 1 crown sail — allowed.\nTo the warehouse (free \
             tiles, golden rule): 1 crown mast, 1 crown mast, 1 crown sail, 1 crown sail.\n",
        )
        .run();
    Test::new()
        .args(["nauticus", "rewards", "--masts", "3", "--take", "vp,vp,vp"])
        .status(2)
        .stdout("")
        .stderr("deckhand: vp taken 3 times; each reward at most 2 times per ship\n")
        .run();
}

#[test]
fn the_reference_card_documents_the_helpers() {
    deckhand(&repo()).args(["rules", "show", "nauticus"]).assert().success().stdout(
        contains("Setup")
            .and(contains("A round"))
            .and(contains("Golden rules"))
            .and(contains("ties go to: most leftover Taler (0-2), then most Taler in all, then a shared place"))
            .and(contains("deckhand nauticus crowns"))
            .and(contains("deckhand nauticus buy"))
            .and(contains("passes 0: -6, 1: -3, 2: -1, 3: 0")),
    );
}
