//! Every violation kind `deckhand check` knows, each with a sheet that triggers it and a
//! near-identical legal one that does not.

use deckhand::games::fleet::{check_game, check_sheet, Rule};
use deckhand::text::fleet_check::{fix, message};
use deckhand::text::Lang;

use crate::common::{fleet, sheet};

/// A legal finished sheet: cod start, 12 coins.
const BASE: &str = "[marks]\ncod = \"x x x\"\ncod_license = \"x\"\ncod_boat = \"x\"\ncoin = 12\n";

fn rules_broken(text: &str) -> Vec<Rule> {
    let rules = fleet();
    check_sheet(&rules, &sheet(&rules, text)).into_iter().map(|v| v.rule).collect()
}

/// `extra` is TOML inserted into BASE: top-level keys before [marks], section lines inside.
fn with(top: &str, marks: &str, fish: &str) -> String {
    format!("{top}\n{BASE}{marks}\n[fish]\n{fish}\n")
}

#[test]
fn the_base_sheet_is_legal() {
    assert_eq!(rules_broken(&with("", "", "")), vec![]);
}

#[test]
fn each_violation_kind_fires_and_its_near_twin_is_legal() {
    // (rule, broken sheet, legal twin)
    let cases: Vec<(Rule, String, String)> = vec![
        (Rule::GoldenRule, with("", "amas_bank = \"x . x\"", ""), with("", "amas_bank = \"x x .\"", "")),
        (
            Rule::CrossedWithoutSolo,
            with("", "lobster = \". . . . . . . . . . . /\"", ""),
            with("solo = true", "lobster = \". . . . . . . . . . . /\"", ""),
        ),
        (
            Rule::CrossedNotAllowed,
            with("solo = true", "shrimp_license = \"/\"", ""),
            // Ruth crosses off the lowest open boxes: shrimp.12.
            with("solo = true", "shrimp = \". . . . . . . . . . . /\"", ""),
        ),
        (
            Rule::RuthNotLowest,
            with("solo = true", "shrimp = \"/\"", ""),
            with("solo = true", "shrimp = \". . . . . . . . . . / /\"", ""),
        ),
        (
            Rule::StartBoxes,
            "[marks]\ncod = \"x x\"\ncod_license = \"x\"\ncoin = 12".into(),
            "[marks]\ncod = \"x x x\"\ncod_license = \"x\"\ncod_boat = \"x\"\ncoin = 12".into(),
        ),
        (
            Rule::LicensesVsCircles,
            with("", "lobster_license = \"x\"", ""),
            with("", "lobster = \"x x\"\nlobster_license = \"x\"", ""),
        ),
        (
            Rule::BoatsVsCircles,
            with("", "lobster_boat = \"x\"", ""),
            with("", "lobster = \"x x x\"\nlobster_license = \"x\"\nlobster_boat = \"x\"", ""),
        ),
        (Rule::FishOnUnlaunchedBoat, with("", "", "lobster_boat = [1]"), with("", "", "cod_boat = [1]")),
        (Rule::FishOverCapacity, with("", "", "cod_boat = [5]"), with("", "", "cod_boat = [4]")),
        (
            Rule::FishOverFishing,
            with("", "barge = \"x x x\"", "barge = [6]"),
            with("", "barge = \"x x x\"", "barge = [5]"),
        ),
        (
            Rule::BuffetIncomplete,
            with("", "buffet_hex = \". x\"", ""),
            with("", "seafood_buffet = \"x x\"\nbuffet_hex = \". x\"", ""),
        ),
        (
            Rule::SalvageIncomplete,
            with("", "salvage_star = \"x\"", ""),
            with("", "salvage_yard = \"x x\"\nsalvage_star = \"x\"", ""),
        ),
        (
            Rule::KingCrabBonusMissing,
            with("", "king_crab = \"x x\"", ""),
            with("king_crab_bonus = \"per_license\"", "king_crab = \"x x\"", ""),
        ),
        (
            Rule::KingCrabBonusWithoutLicense,
            with("king_crab_bonus = \"per_license\"", "king_crab = \"x\"", ""),
            with("king_crab_bonus = \"per_license\"", "king_crab = \"x x\"", ""),
        ),
    ];
    for (rule, broken, legal) in cases {
        let got = rules_broken(&broken);
        assert!(got.contains(&rule), "{rule:?} not found in {got:?} for\n{broken}");
        assert_eq!(rules_broken(&legal), vec![], "twin of {rule:?} must be legal:\n{legal}");
    }
}

#[test]
fn too_few_coins_for_ten_income_phases() {
    let low = "[marks]\ncod = \"x x x\"\ncod_license = \"x\"\ncod_boat = \"x\"\ncoin = 9";
    assert_eq!(rules_broken(low), vec![Rule::TooFewCoins]);
    assert_eq!(rules_broken(&low.replace("coin = 9", "coin = 10")), vec![]);
    // A second license of a type pays 2 coins more.
    let two = "[marks]\ncod = 8\ncod_license = 3\ncod_boat = 2\ncoin = 11";
    assert_eq!(rules_broken(two), vec![Rule::TooFewCoins]);
    assert_eq!(rules_broken(&two.replace("coin = 11", "coin = 12")), vec![]);
}

#[test]
fn a_solo_game_has_8_rounds_so_fewer_coins_and_fish_are_possible() {
    let solo = "solo = true\n[marks]\ncod = \"x x x\"\ncod_license = \"x\"\ncod_boat = \"x\"\ncoin = 8\n[fish]\ncod_boat = [4]";
    assert_eq!(rules_broken(solo), vec![]);
    let swordfish = "solo = true\n[marks]\nswordfish = 3\nswordfish_license = 1\nswordfish_boat = 1\ncoin = 8\n[fish]\nswordfish_boat = [5]";
    assert_eq!(rules_broken(swordfish), vec![Rule::FishOverFishing], "4 fishing phases in 8 rounds");
}

#[test]
fn captains_club_private_fishing_raises_the_fish_limit() {
    let base = "[marks]\nswordfish = 3\nswordfish_license = 1\nswordfish_boat = 1\nbarge = 3\ncoin = 10\n[fish]\nswordfish_boat = [5]\nbarge = [6]";
    assert_eq!(rules_broken(base), vec![Rule::FishOverFishing]);
    assert_eq!(rules_broken(&base.replace("barge = 3\n", "barge = 3\ncaptains_club = 2\n")), vec![]);
}

#[test]
fn a_choice_circle_may_grant_a_license_or_a_boat() {
    // cod column . L B . B ? : 1 L, 2 B, 1 ? marked.
    let as_license = "[marks]\ncod = 6\ncod_license = 2\ncod_boat = 2\ncoin = 12";
    let as_boat = "[marks]\ncod = 6\ncod_license = 1\ncod_boat = 3\ncoin = 12";
    let as_both = "[marks]\ncod = 6\ncod_license = 2\ncod_boat = 3\ncoin = 12";
    let as_neither = "[marks]\ncod = 6\ncod_license = 1\ncod_boat = 2\ncoin = 12";
    assert_eq!(rules_broken(as_license), vec![]);
    assert_eq!(rules_broken(as_boat), vec![]);
    assert_eq!(rules_broken(as_both), vec![Rule::BoatsVsCircles]);
    assert_eq!(rules_broken(as_neither), vec![Rule::BoatsVsCircles]);
}

#[test]
fn a_circle_with_nothing_left_to_grant_grants_nothing() {
    // All 4 cod boats launched; the last B circle (cod.12) has no boat left.
    let text = "[marks]\ncod = 12\ncod_license = 3\ncod_boat = 4\ncoin = 14";
    assert_eq!(rules_broken(text), vec![]);
}

#[test]
fn oyster_boats_hold_more_with_an_oyster_license() {
    let text = |lic: u32| {
        format!("[marks]\noyster = 3\noyster_license = {lic}\noyster_boat = 1\ncoin = 10\n[fish]\noyster_boat = [6]")
    };
    assert_eq!(rules_broken(&text(0)), vec![Rule::LicensesVsCircles, Rule::FishOverCapacity]);
    assert_eq!(rules_broken(&text(1)), vec![]);
}

#[test]
fn the_same_king_crab_bonus_on_two_sheets_of_one_game() {
    let rules = fleet();
    let a = sheet(&rules, &format!("player = \"Ann\"\nking_crab_bonus = \"per_license\"\n{BASE}king_crab = 2"));
    let b = sheet(&rules, &format!("player = \"Bob\"\nking_crab_bonus = \"per_license\"\n{BASE}king_crab = 2"));
    let c = sheet(&rules, &format!("player = \"Cy\"\nking_crab_bonus = \"per_building\"\n{BASE}king_crab = 2"));
    let v = check_game(&rules, &[a.clone(), b]);
    assert_eq!(v.len(), 1);
    assert_eq!((v[0].rule, v[0].player.as_str()), (Rule::KingCrabBonusTaken, "Bob"));
    let said = message(&rules, &v[0], Lang::En);
    assert!(said.contains("already chosen by Ann"), "{said}");
    assert_eq!(check_game(&rules, &[a, c]), vec![]);
}

#[test]
fn a_violation_names_the_box_and_says_how_to_fix_it() {
    let rules = fleet();
    let v = check_sheet(&rules, &sheet(&rules, &with("", "", "cod_boat = [5]")));
    assert_eq!(v[0].box_id(), "cod_boat.1.fish");
    assert_eq!(message(&rules, &v[0], Lang::En), "cod boat 1 holds 5 fish, but its capacity is 4");
    assert!(fix(&rules, &v[0], Lang::En).contains("at most 4"));
    let gap = check_sheet(
        &rules,
        &sheet(&rules, "[marks]\ncod = \"x x x\"\ncod_license = 1\ncod_boat = 1\ncoin = \"x x x x x x x x x x . x x\""),
    );
    assert_eq!(gap[0].box_id(), "coin.12");
    let said = message(&rules, &gap[0], Lang::En);
    assert!(said.contains("below the empty box coin.11"), "{said}");
}

#[test]
fn two_question_circles_of_which_one_granted_nothing_is_reported_not_a_crash() {
    // Found by the property test: cod column with L, ?, L, ? marked (2 L, 0 B, 2 ?), two
    // licenses and one boat: every count is within its bounds, yet one ? gave nothing.
    let text = "[marks]\ncod = \"x x x . . x . x . . x .\"\ncod_license = 2\ncod_boat = 2\ncoin = 12";
    let got = rules_broken(text);
    assert!(got.contains(&Rule::BoatsVsCircles), "{got:?}");
}
