//! Scoring rules of the Fleet digest (A6 harbor ships, A8 wharf buildings, A9 scoring)
//! and the rulebook's worked examples, against the built-in rules.

use deckhand::games::fleet::score::What;
use deckhand::games::fleet::{score, Score, Sheet};
use deckhand::text::Lang;

use crate::common::{fleet, repo, sheet};

fn scored(text: &str) -> Score {
    let rules = fleet();
    score(&rules, &sheet(&rules, text))
}

fn example(name: &str) -> Score {
    let text = std::fs::read_to_string(repo().join("examples").join(name)).unwrap();
    scored(&text)
}

#[test]
fn example_e_linda_32_fish_11_boats_15_licenses_10_buildings_5_bonus_is_73() {
    let s = example("linda.toml");
    assert_eq!(s.categories(), [32, 11, 15, 10, 5]);
    assert_eq!(s.total, 73);
}

#[test]
fn example_g_jerome_king_crab_license_5_plus_bonus_capped_at_10() {
    let s = example("jerome.toml");
    // 6 complete buildings x 2 VP = 12, capped at 10.
    assert_eq!(s.bonus, 10);
    assert!(matches!(s.detail[4][0].what, What::KingCrabBonus { capped: Some(12), .. }), "{:?}", s.detail[4]);
    let said = deckhand::text::fleet_score::item_name(&fleet(), &s.detail[4][0], Lang::En);
    assert!(said.contains("12 capped at 10"), "{said}: {:?}", s.detail[4]);
    assert_eq!(s.detail[2][0].vp, 5, "king crab license");
    assert_eq!(s.licenses, 5);
}

#[test]
fn fish_counts_one_vp_per_fish_on_every_boat_harbor_boats_included() {
    let s = scored(
        "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\nking_crab = 4\ninuit = 1\nbarge = 3\n\
         [fish]\ncod_boat = [2]\nking_crab = [3]\ninuit = [1]\nbarge = [2]",
    );
    assert_eq!(s.fish, 2 + 3 + 1 + 2);
}

#[test]
fn launched_boats_score_their_vp_and_unlaunched_ones_nothing() {
    // Provisional VP: cod boats 1, 2, 2, 3.
    assert_eq!(scored("[marks]\ncod_boat = \"x x\"").boats, 3);
    assert_eq!(scored("[marks]\ncod_boat = \"x x x x\"").boats, 8);
    assert_eq!(scored("").boats, 0);
}

#[test]
fn research_vessels_score_1_vp_each_and_catch_no_fish() {
    let rules = fleet();
    let s = sheet(&rules, "[marks]\nresearch_vessel = \"x x . x\"");
    assert_eq!(score(&rules, &s).boats, 2);
    let vessels: Vec<_> = s.launched_boats(&rules);
    assert!(vessels.iter().all(|b| s.capacity(&rules, b) == 0 && !s.is_full(&rules, b)), "never full");
}

#[test]
fn level_3_licenses_score_and_lower_levels_do_not() {
    assert_eq!(scored("[marks]\ncod_license = \"x x\"").licenses, 0);
    assert_eq!(scored("[marks]\ncod_license = \"x x x\"").licenses, 5);
    assert_eq!(scored("[marks]\ncod_license = 3\nlobster_license = 3").licenses, 10);
}

#[test]
fn king_crab_license_scores_5_in_licenses_and_its_bonus_in_bonus() {
    let s =
        scored("king_crab_bonus = \"per_6_fish\"\n[marks]\nking_crab = \"x x\"\ncod_boat = 1\n[fish]\ncod_boat = [4]");
    assert_eq!((s.licenses, s.bonus), (5, 0), "4 fish / 6 rounds down to 0");
    let s = scored("king_crab_bonus = \"per_6_fish\"\n[marks]\nking_crab = \"x x\"\noyster_license = 3\noyster_boat = 2\n[fish]\noyster_boat = [10, 7]");
    assert_eq!(s.bonus, 2, "17 fish / 6 = 2");
}

#[test]
fn every_king_crab_bonus_is_capped_at_10() {
    let rules = fleet();
    for b in &rules.king_crab_bonuses {
        let text = format!(
            "king_crab_bonus = \"{}\"\n[marks]\nking_crab = \"x x\"\ncoin = 60\ncod_license = 3\nlobster_license = 3\n\
             oyster_license = 3\nshrimp_license = 3\nswordfish_license = 3\ncod_boat = 4\noyster_boat = 4\nlobster_boat = 4\n\
             shrimp_boat = 4\nswordfish_boat = 4\ncasino = 2\nbait_shop = 2\nsmokehouse = 2\ncanning_co = 2\nsalvage_yard = 2\nseafood_buffet = 2\n\
             [fish]\noyster_boat = [10, 10, 10, 10]\ncod_boat = [5, 5, 5, 5]",
            b.id
        );
        assert_eq!(scored(&text).bonus, 10, "{} must cap at 10", b.id);
    }
}

#[test]
fn wharf_buildings_score_only_when_complete() {
    // casino 2, salvage yard 2, bait shop 2, smokehouse 3, canning co 1 — once complete.
    for (id, vp) in [("casino", 2), ("salvage_yard", 2), ("bait_shop", 2), ("smokehouse", 3), ("canning_co", 1)] {
        assert_eq!(scored(&format!("[marks]\n{id} = \"x x\"")).buildings, vp, "{id} complete");
        assert_eq!(scored(&format!("[marks]\n{id} = \"x .\"")).buildings, 0, "{id} incomplete");
    }
}

#[test]
fn amas_bank_scores_2_vp_per_marked_box() {
    assert_eq!(scored("[marks]\namas_bank = 1").buildings, 2);
    assert_eq!(scored("[marks]\namas_bank = 4").buildings, 8);
}

#[test]
fn fishermans_pub_scores_10_only_when_every_box_is_marked() {
    assert_eq!(scored("[marks]\nfishermans_pub = \"x x x x .\"").buildings, 0);
    assert_eq!(scored("[marks]\nfishermans_pub = \"x x x x x\"").buildings, 10);
}

#[test]
fn seafood_buffet_hexes_score_1_3_6_10_15() {
    let hexes = [". . . . .", "x . . . .", "x x . . .", "x x x . .", "x x x x .", "x x x x x"];
    let expected = [0, 1, 3, 6, 10, 15];
    for (h, want) in hexes.iter().zip(expected) {
        let s = scored(&format!("[marks]\nseafood_buffet = \"x x\"\nbuffet_hex = \"{h}\""));
        assert_eq!(s.buildings, want, "hexes {h}");
    }
}

#[test]
fn the_total_is_the_sum_of_the_five_categories() {
    for name in ["linda.toml", "jerome.toml", "ann.toml", "bob.toml"] {
        let s = example(name);
        assert_eq!(s.total, s.categories().iter().sum::<u32>(), "{name}");
    }
}

#[test]
fn oyster_capacity_follows_the_oyster_license_level() {
    let rules = fleet();
    for (licenses, cap) in [(0, 4), (1, 6), (2, 8), (3, 10)] {
        let s = sheet(&rules, &format!("[marks]\noyster_license = {licenses}\noyster_boat = 1"));
        let boat = s.launched_boats(&rules)[0];
        assert_eq!(s.capacity(&rules, &boat), cap, "oyster license level {licenses}");
    }
}

#[test]
fn emma_income_is_1_plus_2_for_lobster_l2_plus_1_per_full_boat_with_canning_co() {
    let rules = fleet();
    // Two full boats: cod boat 1 (4/4) and lobster boat 1 (4/4); a third boat not full.
    let s = sheet(
        &rules,
        "[marks]\nlobster_license = 2\nlobster_boat = 2\ncod_boat = 1\ncanning_co = 2\n[fish]\nlobster_boat = [4, 1]\ncod_boat = [4]",
    );
    assert_eq!(s.full_boats(&rules), 2);
    assert_eq!(s.income(&rules), 1 + 2 + 2);
    let without_canning = sheet(&rules, "[marks]\nlobster_license = 2\nlobster_boat = 1\n[fish]\nlobster_boat = [4]");
    assert_eq!(without_canning.income(&rules), 3);
}

#[test]
fn income_is_capped_at_10() {
    let rules = fleet();
    let s = sheet(
        &rules,
        "[marks]\nlobster_license = 3\ncanning_co = 2\ncod_boat = 4\noyster_boat = 4\n\
         [fish]\ncod_boat = [4, 4, 5, 5]\noyster_boat = [4, 4, 4, 4]",
    );
    assert_eq!(s.full_boats(&rules), 8);
    assert_eq!(s.income(&rules), 10, "1 + 3 + 8 = 12, capped");
}

#[test]
fn market_pays_by_total_fish_at_the_rulebook_points() {
    let rules = fleet();
    assert_eq!(rules.market_coins(0), 2);
    assert_eq!(rules.market_coins(8), 2);
    assert_eq!(rules.market_coins(9), 3);
    assert_eq!(rules.market_coins(40), 7);
    assert_eq!(rules.market_coins(99), 7);
}

#[test]
fn a_blank_sheet_scores_zero() {
    let rules = fleet();
    assert_eq!(score(&rules, &Sheet::blank(&rules, "Nobody")).total, 0);
}
