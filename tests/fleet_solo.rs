//! Solo against Captain Ruth (digest A11): her picks, her crossings on the player's sheet,
//! her tokens, priority on the same box, the wharf exception, the rating.

use deckhand::games::fleet::game::{DicePhase, Face};
use deckhand::games::fleet::ruth::{self, Action, Ruth};
use deckhand::games::fleet::RuthStarDie;
use deckhand::games::fleet::Sheet;
use deckhand::games::FleetRules;
use deckhand::text::Lang;

use crate::common::{fleet, sheet, Table};

// Loop positions: boats shrimp 0, cod 1, lobster 2, swordfish 3, oyster 4;
// harbor king_crab 0 … inuit 4; wharf casino 0, amas_bank 1, salvage_yard 2, bait_shop 3,
// canning_co 4, smokehouse 5, fishermans_pub 6, seafood_buffet 7.

const SHRIMP_START: &str = "[marks]\nshrimp = 3\nshrimp_license = 1\nshrimp_boat = 1\n";

#[test]
fn example_h_ruth_crosses_the_two_lowest_cod_boxes_and_the_lowest_shrimp_with_the_shared_die() {
    // Round 3, pool shrimp shrimp cod, you first. (Her token is put on cod: the example does
    // not say where it is, so this tests the crossings, not her choice.)
    let mut t = Table::solo(3, SHRIMP_START, [1, 0, 0]);
    t.roll("shrimp shrimp cod");
    t.answers(&["shrimp", "mark"]);
    assert_eq!(t.marks(0, "cod"), "........../ /".replace(' ', ""));
    assert!(t.notices().contains("Ruth takes cod (token on cod): crosses cod 12 and cod 11"));
    t.choose("mark");
    assert_eq!(t.marks(0, "shrimp"), "xxxxx....../");
    assert!(t.notices().contains("Ruth uses the shared shrimp: crosses shrimp 12"));
}

#[test]
fn example_i_tokens_move_after_round_5() {
    let mut t = Table::solo(5, "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\n", [4, 4, 4]);
    t.roll("swordfish swordfish lobster");
    t.answers(&["swordfish", "mark", "mark"]);
    t.roll("market market cod");
    // The second market reaches coin.5 past the star coin.4: a star action.
    t.answers(&["market", "market", "market", "casino"]);
    assert!(t.prompt().starts_with("Round 6 boat phase"), "{}", t.prompt());
    assert_eq!(t.g.ruth.unwrap().tokens, [0, 0, 5]);
    assert!(t
        .notices()
        .contains("Ruth's tokens move: oyster → shrimp, Inuit → king crab, Ridback canning co. → smokehouse"));
}

#[test]
fn you_go_first_in_odd_rounds_and_ruth_in_even_rounds() {
    let mut t = Table::solo(1, SHRIMP_START, [0, 0, 0]);
    t.roll("cod cod lobster");
    assert!(t.prompt().starts_with("P: pick"), "{}", t.prompt());
    let mut t = Table::solo(2, SHRIMP_START, [0, 0, 0]);
    t.roll("cod cod lobster");
    assert!(t.notices().contains("Ruth takes cod"), "Ruth picked before the player");
    assert_eq!(t.keys(), vec!["cod", "lobster"]);
}

fn ruth_at(tokens: [usize; 3]) -> Ruth {
    Ruth { tokens }
}

fn solo_sheet(rules: &FleetRules, text: &str) -> Sheet {
    let mut s = sheet(rules, text);
    s.solo = true;
    s
}

fn faces(rules: &FleetRules, keys: &str) -> Vec<Face> {
    keys.split_whitespace().map(|k| Face::parse(rules, k).unwrap()).collect()
}

/// Ruth's reason, as the table reads it in English.
fn reason(rules: &FleetRules, why: &deckhand::games::fleet::ruth::Reason) -> String {
    deckhand::text::fleet::ruth_reason(rules, why, Lang::En)
}

fn section(rules: &FleetRules, id: &str) -> usize {
    rules.section_index(id).unwrap()
}

#[test]
fn boat_phase_her_token_type_else_the_next_clockwise_rolled_with_an_open_box() {
    let rules = fleet();
    let blank = solo_sheet(&rules, "");
    let pick = |tokens, pool: &str, sheet: &Sheet| {
        let (i, action, why) = ruth_at(tokens).pick(&rules, sheet, &faces(&rules, pool), DicePhase::Boat);
        (i, action, reason(&rules, &why))
    };
    let (i, action, why) = pick([1, 0, 0], "shrimp cod lobster", &blank);
    assert_eq!((i, action), (1, Action::Cross { section: section(&rules, "cod"), n: 2 }));
    assert_eq!(why, "Ruth takes cod (token on cod)");
    let (i, _, why) = pick([1, 0, 0], "shrimp oyster lobster", &blank);
    assert_eq!((i, why.as_str()), (2, "Ruth takes lobster (token on cod, next clockwise rolled)"));
    // Never a type with no open box while another is available: lobster is full.
    let full_lobster = solo_sheet(&rules, "[marks]\nlobster = \"x x x x x x x x x x / /\"");
    let (i, _, _) = pick([1, 0, 0], "lobster oyster", &full_lobster);
    assert_eq!(i, 1, "oyster, past the full lobster column");
}

#[test]
fn the_coins_face_is_her_joker_only_when_nothing_else_is_left() {
    let rules = fleet();
    let blank = solo_sheet(&rules, "");
    let r = ruth_at([1, 0, 0]);
    let (i, _, _) = r.pick(&rules, &blank, &faces(&rules, "coins shrimp"), DicePhase::Boat);
    assert_eq!(i, 1, "any boat type with an open box comes before the joker");
    let full_lobster = solo_sheet(&rules, "[marks]\nlobster = \"x x x x x x x x x x / /\"");
    let (i, action, why) = r.pick(&rules, &full_lobster, &faces(&rules, "lobster coins"), DicePhase::Boat);
    assert_eq!(
        (i, action),
        (1, Action::Cross { section: section(&rules, "cod"), n: 1 }),
        "one box of her token's column"
    );
    let why = reason(&rules, &why);
    assert!(why.contains("joker"), "{why}");
    // Only a type with no open box left: she takes it and passes.
    let (_, action, why) = r.pick(&rules, &full_lobster, &faces(&rules, "lobster lobster"), DicePhase::Boat);
    assert_eq!(action, Action::Pass);
    let why = reason(&rules, &why);
    assert!(why.contains("passes"), "{why}");
}

#[test]
fn town_phase_priority_harbor_wharf_boat_die_market() {
    let rules = fleet();
    let blank = solo_sheet(&rules, "");
    let r = ruth_at([0, 0, 0]);
    let pick = |pool: &str| r.pick(&rules, &blank, &faces(&rules, pool), DicePhase::Town);
    assert_eq!(pick("market wharf harbor").1, Action::Cross { section: section(&rules, "king_crab"), n: 2 });
    assert_eq!(pick("market wharf cod").1, Action::Cross { section: section(&rules, "casino"), n: 2 });
    assert_eq!(pick("market market cod").1, Action::Cross { section: section(&rules, "cod"), n: 2 });
    assert_eq!(pick("market market coins").1, Action::Cross { section: section(&rules, "shrimp"), n: 1 });
    let full_cod = solo_sheet(&rules, "[marks]\ncod = 12");
    let (i, action, _) =
        ruth_at([1, 0, 0]).pick(&rules, &full_cod, &faces(&rules, "market market cod"), DicePhase::Town);
    assert_eq!((i, action), (0, Action::Star), "market: she crosses the next star");
}

#[test]
fn harbor_and_wharf_take_the_token_section_else_the_next_clockwise() {
    let rules = fleet();
    let sheet =
        solo_sheet(&rules, "[marks]\nking_crab = \"x x x x x x\"\ncasino = \"x /\"\namas_bank = \"x x x x / /\"");
    let r = ruth_at([0, 0, 0]);
    let (_, action, why) = r.pick(&rules, &sheet, &faces(&rules, "harbor market cod"), DicePhase::Town);
    assert_eq!(action, Action::Cross { section: section(&rules, "captains_club"), n: 2 });
    let why = reason(&rules, &why);
    assert!(why.contains("king crab, full; next clockwise captain's club"), "{why}");
    let (_, action, _) = r.pick(&rules, &sheet, &faces(&rules, "wharf market cod"), DicePhase::Town);
    assert_eq!(
        action,
        Action::Cross { section: section(&rules, "salvage_yard"), n: 2 },
        "casino and the bank have no open box"
    );
}

#[test]
fn the_german_reading_makes_the_harbor_die_cross_a_star() {
    let mut rules = fleet();
    rules.options.ruth_star_die = RuthStarDie::Harbor;
    let blank = solo_sheet(&rules, "");
    let (_, action, _) =
        ruth_at([0, 0, 0]).pick(&rules, &blank, &faces(&rules, "market wharf harbor"), DicePhase::Town);
    assert_eq!(action, Action::Star);
    assert_eq!(ruth_at([0, 0, 0]).shared(&rules, &blank, Face::Market).0, Action::Pass);
    assert_eq!(ruth_at([0, 0, 0]).shared(&fleet(), &blank, Face::Market).0, Action::Star, "French reading by default");
}

#[test]
fn a_star_crossed_by_ruth_is_skipped_and_lost() {
    let rules = fleet();
    let mut s = solo_sheet(&rules, "[marks]\ncoin = 5");
    assert_eq!(ruth::apply(&rules, &mut s, Action::Star), vec![(section(&rules, "coin"), 7)], "coin.8");
    let coin = section(&rules, "coin");
    s.boxes[coin][5..7].fill(deckhand::games::fleet::Mark::Marked);
    assert_eq!(s.next_free(coin), Some(8), "coin.8 is skipped: the next free box is coin.9");
}

#[test]
fn tokens_skip_sections_with_no_open_box() {
    let rules = fleet();
    let s = solo_sheet(&rules, "[marks]\ncod = \"x x x x x x / / / / / /\"\ncaptains_club = 5");
    let mut r = ruth_at([0, 0, 7]);
    let moves = r.move_tokens(&rules, &s);
    assert_eq!(r.tokens, [2, 2, 0]);
    let g = deckhand::games::fleet::game::Game::solo_from_sheet(&rules, s.clone(), 1, [0, 0, 0]);
    let e = deckhand::games::fleet::game::Event {
        player: None,
        what: deckhand::games::fleet::game::Happened::RuthTokens { moves },
    };
    assert_eq!(
        deckhand::text::fleet::event(&rules, &g, &e, Lang::En),
        "Ruth's tokens move: shrimp → lobster, king crab → research vessel, seafood buffet → casino"
    );
}

#[test]
fn a_wharf_building_can_still_be_completed_until_ruth_crossed_all_its_boxes() {
    // Round 2: Ruth goes first; the shared wharf die makes her cross casino.2 (the circle);
    // the player then marks casino.1 and the casino is complete.
    let mut t = Table::solo(2, SHRIMP_START, [0, 0, 0]);
    t.roll("cod cod lobster");
    t.answers(&["cod", "mark", "mark"]);
    t.roll("harbor wharf cod");
    // Ruth takes the harbor die; you take the cod; the shared die is the wharf.
    t.answers(&["cod", "mark"]);
    assert_eq!(t.marks(0, "casino"), "./");
    t.choose("casino");
    assert_eq!(t.marks(0, "casino"), "x/");
    assert!(t.sheet(0).building_complete(&t.rules, 0));
    assert!(t.notices().contains("casino complete"));
    // Both boxes crossed: never complete.
    let rules = fleet();
    let crossed = solo_sheet(&rules, "[marks]\ncasino = \"/ /\"");
    assert!(!crossed.building_complete(&rules, 0));
}

#[test]
fn whoever_goes_first_gets_the_last_open_box_of_the_shared_die() {
    let one_left = "[marks]\nshrimp = 3\nshrimp_license = 1\nshrimp_boat = 1\nlobster = \"x x x x x x x x x x x .\"";
    // Odd round: the player first marks lobster.12; Ruth finds nothing open.
    let mut t = Table::solo(1, one_left, [1, 0, 0]);
    t.roll("cod cod lobster");
    t.answers(&["cod", "mark", "mark"]);
    assert_eq!(t.marks(0, "lobster"), "xxxxxxxxxxxx");
    assert!(t.notices().contains("Ruth uses the shared lobster: nothing open, she passes"));
    // Even round: Ruth first crosses lobster.12; the player cannot mark it.
    let mut t = Table::solo(2, one_left, [1, 0, 0]);
    t.roll("cod cod lobster");
    t.answers(&["cod", "mark"]);
    assert_eq!(t.marks(0, "lobster"), "xxxxxxxxxxx/");
    assert_eq!(t.keys(), vec!["coin"], "only coins are left for the shared lobster");
}

#[test]
fn a_circle_ruth_crosses_is_lost() {
    let mut t = Table::solo(2, SHRIMP_START, [1, 0, 0]);
    t.roll("cod cod lobster");
    // Ruth crosses cod.12 (B) and cod.11 (?): no boat, no license for the player.
    assert_eq!(t.marks(0, "cod"), "........../".to_string() + "/");
    assert_eq!(t.marked(0, "cod_boat") + t.marked(0, "cod_license"), 0);
}

#[test]
fn ratings_by_score_in_three_languages() {
    let rules = fleet();
    let cases = [
        (90, "Salty Captain"),
        (85, "Salty Captain"),
        (84, "O Captain! My Captain!"),
        (65, "Helmsman"),
        (50, "Deckhand"),
        (49, "Greenhorn"),
        (0, "Greenhorn"),
    ];
    for (score, title) in cases {
        assert_eq!(deckhand::text::fleet::rating(&rules, score, Lang::En), title, "{score}");
    }
    assert_eq!(deckhand::text::fleet::rating(&rules, 85, Lang::De), "Barscher Kapitän");
    assert_eq!(deckhand::text::fleet::rating(&rules, 70, Lang::Fr), "Matelot");
}
