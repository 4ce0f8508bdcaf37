//! The live Fleet engine: every effect and interaction of the digest (A2–A9), driven
//! through the same `Game::apply` the CLI uses. Layout values are the provisional ones in
//! rules/fleet-dice.toml (column `. L B . B ? . L B . ? B`, coin stars at 4, 8, 13, …).

use deckhand::games::fleet::game::Input;
use deckhand::games::fleet::session::Session;
use deckhand::text::Lang;

use crate::common::{fleet, why, Table as T};

const COD_START: &str = "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\n";

#[test]
fn a_boat_die_marks_the_topmost_free_box_and_a_b_circle_launches_a_boat_with_cod_coins() {
    let mut t = T::new(1, &["[marks]\ncod = 4\ncod_license = 1\ncod_boat = 1", COD_START]);
    t.roll("cod lobster oyster");
    t.answers(&["cod"]);
    assert_eq!(t.keys()[0], "mark");
    assert!(t.labels_in(Lang::En)[0].contains("cod 5 — launches a boat"));
    t.choose("mark");
    assert_eq!(t.marked(0, "cod"), 5, "golden rule: the next box is cod.5");
    assert_eq!(t.marked(0, "cod_boat"), 2);
    assert_eq!(t.coins(0), 1, "cod license L1: 1 coin per launch");
    let n = t.notices();
    assert!(n.contains("P0: cod boat 2 launched") && n.contains("+1 coin (cod license, boat launched)"), "{n}");
}

#[test]
fn an_l_circle_activates_a_license_and_the_second_license_pays_2_coins() {
    let mut t = T::new(1, &["[marks]\ncod = 7\ncod_license = 1\ncod_boat = 2\n", COD_START]);
    t.roll("cod lobster oyster");
    t.answers(&["cod", "mark"]);
    assert_eq!(t.marked(0, "cod_license"), 2);
    assert_eq!(t.coins(0), 2);
    assert!(t.notices().contains("cod license L2: +2 coins on every boat launch"));
}

#[test]
fn a_question_circle_asks_license_or_boat() {
    let mut t = T::new(1, &["[marks]\ncod = 5\ncod_license = 1\ncod_boat = 2\n", COD_START]);
    t.roll("cod lobster oyster");
    t.answers(&["cod", "mark"]);
    assert_eq!(t.keys(), vec!["license", "boat"]);
    t.choose("boat");
    assert_eq!((t.marked(0, "cod_license"), t.marked(0, "cod_boat")), (1, 3));
    assert_eq!(t.coins(0), 1, "the launch pays the cod license coin");
}

#[test]
fn a_coin_track_star_gives_a_star_action_on_exactly_the_allowed_sections() {
    let mut t = T::new(1, &["[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\ncoin = 3\ncasino = 2\n", COD_START]);
    t.roll("cod lobster oyster");
    t.answers(&["lobster", "coin"]);
    assert!(t.prompt().starts_with("P0: star action"), "{}", t.prompt());
    let keys = t.keys();
    for k in ["shrimp", "cod", "oyster", "king_crab", "captains_club", "barge", "inuit", "amas_bank", "canning_co"] {
        assert!(keys.contains(&k.to_string()), "{k} missing from {keys:?}");
    }
    for k in ["casino", "coin", "cod_license", "cod_boat", "buffet_hex", "salvage_star"] {
        assert!(!keys.contains(&k.to_string()), "{k} must not be offered: {keys:?}");
    }
    t.choose("bait_shop");
    assert_eq!(t.marked(0, "bait_shop"), 1);
}

#[test]
fn example_f_three_coins_with_a_star_then_the_bait_shop() {
    let mut t = T::new(1, &["[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\ncoin = 2\n", COD_START]);
    t.roll("coins lobster oyster");
    t.answers(&["coins", "coins"]);
    assert_eq!(t.coins(0), 5);
    assert!(t.notices().contains("+3 coins (3 coins), 5 on the track; 1 star: star action"));
    t.choose("bait_shop");
    assert_eq!(t.marked(0, "bait_shop"), 1);
}

#[test]
fn murray_example_the_last_pick_takes_lobster_and_everyone_uses_the_shrimp() {
    let mut t = T::new(1, &[COD_START, "[marks]\nlobster = 3\nlobster_license = 1\nlobster_boat = 1"]);
    t.roll("cod lobster shrimp");
    t.answers(&["cod", "mark"]);
    assert_eq!(t.keys(), vec!["lobster", "shrimp"], "Murray chooses between the two left");
    t.answers(&["lobster", "mark"]);
    assert_eq!(t.marked(1, "lobster"), 4);
    assert!(t.prompt().contains("P0: use the shared shrimp"));
    t.answers(&["mark", "mark"]);
    assert_eq!((t.marked(0, "shrimp"), t.marked(1, "shrimp")), (1, 1));
    assert!(t.prompt().contains("town phase"), "income then the town phase: {}", t.prompt());
}

/// Boat phase of a 2-player game in which nobody earns coins: all dice marked.
fn quiet_boat_phase(t: &mut T) {
    // swordfish.1 and lobster.1 are plain boxes: nothing else happens.
    t.roll("swordfish swordfish lobster");
    t.answers(&["swordfish", "mark", "swordfish", "mark", "mark", "mark"]);
}

#[test]
fn amy_example_each_boat_catches_one_oyster_two_a_full_boat_none() {
    let amy = "[marks]\ncod = 5\ncod_license = 1\ncod_boat = 2\nshrimp_boat = 1\noyster_boat = 1\nlobster_boat = 1\n[fish]\nlobster_boat = [4]";
    let mut t = T::new(2, &[amy, COD_START]);
    quiet_boat_phase(&mut t);
    assert!(t.prompt().contains("oyster boat 1 catches"), "{}", t.prompt());
    t.choose("fish");
    assert_eq!(t.fish(0, "cod_boat"), vec![1, 1, 0, 0]);
    assert_eq!(t.fish(0, "shrimp_boat"), vec![1, 0, 0, 0]);
    assert_eq!(t.fish(0, "oyster_boat"), vec![2, 0, 0, 0]);
    assert_eq!(t.fish(0, "lobster_boat"), vec![4, 0, 0, 0], "full");
    assert_eq!(t.fish(1, "cod_boat"), vec![1, 0, 0, 0]);
}

#[test]
fn oyster_boats_are_asked_once_for_all_and_each_boat_alone_still_answers() {
    let p0 = "[marks]\noyster = 9\noyster_license = 1\noyster_boat = 3\ncoin = 5";
    // Once for every boat: a fish and a coin on each of the three.
    let mut t = T::new(2, &[p0, COD_START]);
    quiet_boat_phase(&mut t);
    let coins = t.coins(0);
    assert!(t.prompt().starts_with("P0: oyster boat 1 catches"), "{}", t.prompt());
    assert_eq!(t.keys(), ["all:fish", "all:coin", "fish", "coin"]);
    assert_eq!(
        t.labels_in(Lang::En)[..2],
        ["2 fish on each of the 3 oyster boats", "1 fish + 1 coin on each of the 3 oyster boats"]
    );
    t.choose("all:coin");
    assert_eq!(t.fish(0, "oyster_boat"), [1, 1, 1, 0]);
    assert_eq!(t.coins(0), coins + 3);
    let told = t.notices();
    assert_eq!(told.matches("fish caught").count(), 2, "one summary of each catch: {told}");
    assert!(told.contains("P0: 3 fish caught, 3 on your boats"), "{told}");
    assert!(!t.prompt().starts_with("P0: oyster boat"), "nothing more asked: {}", t.prompt());
    // Boat by boat, as saves written before answered: the last boat alone has no `all:`.
    let mut t = T::new(2, &[p0, COD_START]);
    quiet_boat_phase(&mut t);
    t.answers(&["coin", "fish"]);
    assert!(t.prompt().starts_with("P0: oyster boat 3 catches"), "{}", t.prompt());
    assert_eq!(t.keys(), ["fish", "coin"]);
    t.choose("fish");
    assert_eq!(t.fish(0, "oyster_boat"), [1, 2, 2, 0]);
    assert_eq!(t.coins(0), coins + 1);
}

#[test]
fn a_star_earned_while_fishing_waits_until_after_the_fishing() {
    // P0 has 2 coins: income makes 3; the oyster coin lands on coin.4, a star.
    let p0 = "[marks]\noyster = 3\noyster_license = 1\noyster_boat = 1\ncoin = 2";
    let p1 = "[marks]\noyster = 3\noyster_license = 1\noyster_boat = 1\ncoin = 2";
    let mut t = T::new(2, &[p0, p1]);
    quiet_boat_phase(&mut t);
    assert!(t.prompt().starts_with("P0: oyster boat 1 catches"), "{}", t.prompt());
    t.choose("coin");
    assert_eq!(t.coins(0), 4);
    assert!(t.notices().contains("1 star: star action after the fishing"));
    assert!(t.prompt().starts_with("P1: oyster boat 1 catches"), "the fishing goes on first: {}", t.prompt());
    t.choose("fish");
    assert!(t.prompt().starts_with("P0: star action"), "{}", t.prompt());
    assert_eq!((t.fish(0, "oyster_boat")[0], t.fish(1, "oyster_boat")[0]), (1, 2));
}

#[test]
fn swordfish_license_acts_after_fishing_l2_star_and_coin() {
    let p0 = "[marks]\nswordfish = 3\nswordfish_license = 2\nswordfish_boat = 1";
    let mut t = T::new(2, &[p0, COD_START]);
    quiet_boat_phase(&mut t);
    assert_eq!(t.fish(0, "swordfish_boat")[0], 1);
    assert!(t.prompt().starts_with("P0: star action"), "{}", t.prompt());
    assert_eq!(t.coins(0), 2, "1 income + 1 swordfish coin");
}

#[test]
fn shrimp_l3_gives_two_boat_marks_and_a_star_action_but_never_on_the_shared_die() {
    let p0 = "[marks]\nshrimp = 3\nshrimp_license = 3\nshrimp_boat = 1";
    let mut t = T::new(1, &[p0, COD_START]);
    t.roll("shrimp shrimp cod");
    t.choose("shrimp");
    let keys = t.keys();
    assert!(
        keys.contains(&"as:cod".into()) && keys.contains(&"as:oyster".into()) && keys.contains(&"as:coins".into()),
        "{keys:?}"
    );
    t.choose("as:cod");
    assert!(t.prompt().contains("shrimp license — mark which boat type"), "{}", t.prompt());
    t.choose("lobster");
    assert!(t.prompt().starts_with("P0: star action"), "{}", t.prompt());
    t.choose("oyster");
    assert_eq!((t.marked(0, "cod"), t.marked(0, "lobster"), t.marked(0, "oyster")), (1, 1, 1), "three boxes");
    t.answers(&["cod", "mark"]);
    assert!(t.prompt().contains("P0: use the shared shrimp"));
    assert!(t.keys().iter().all(|k| !k.starts_with("as:")), "no shrimp license on the shared die: {:?}", t.keys());
}

#[test]
fn shrimp_l1_counts_as_any_type_without_a_star_and_as_the_coins_face() {
    let p0 = "[marks]\nshrimp = 3\nshrimp_license = 1\nshrimp_boat = 1";
    let mut t = T::new(1, &[p0, COD_START]);
    t.roll("shrimp cod cod");
    t.answers(&["shrimp", "as:coins"]);
    assert_eq!(t.coins(0), 3);
    assert!(t.prompt().starts_with("P1: pick"), "no star at L1: {}", t.prompt());
}

#[test]
fn harbor_boats_count_as_boats_for_cod_coins_and_inuit_boats_fish() {
    // Example D (Sig): the harbor die on Inuit's top box launches an Inuit boat.
    let p0 = "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1";
    let mut t = T::new(2, &[p0, COD_START]);
    quiet_boat_phase(&mut t);
    t.roll("harbor wharf cod");
    t.answers(&["harbor", "inuit"]);
    assert_eq!(t.marked(0, "inuit"), 1);
    assert!(t.notices().contains("Inuit boat 1 launched (Inuit 1)"));
    assert_eq!(t.coins(0), 2, "income 1 + cod coin 1");
}

#[test]
fn research_vessels_never_count_as_full_and_canning_pays_per_full_boat() {
    let p0 =
        "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\nresearch_vessel = 2\ncanning_co = 2\n[fish]\ncod_boat = [4]";
    let mut t = T::new(1, &[p0, COD_START]);
    quiet_boat_phase(&mut t);
    assert_eq!(t.coins(0), 2, "1 base + 1 canning co for the one full boat (the research vessel is never full)");
    assert!(t.notices().contains("+1 canning co (1 full boat)"));
}

#[test]
fn income_is_capped_at_10() {
    let p0 = "[marks]\nlobster_license = 3\ncanning_co = 2\ncod_boat = 4\noyster_boat = 4\n[fish]\ncod_boat = [4, 4, 5, 5]\noyster_boat = [4, 4, 4, 4]";
    let mut t = T::new(1, &[p0, COD_START]);
    quiet_boat_phase(&mut t);
    assert_eq!(t.coins(0), 10);
    assert!(t.notices().contains("(capped)"));
}

#[test]
fn captains_club_private_fishing_barge_first_nobody_else_and_no_swordfish_bonus() {
    let p0 = "[marks]\nswordfish_license = 1\ncod_boat = 1\nlobster_boat = 1\nbarge = 3\ncaptains_club = 1\n[fish]\ncod_boat = [3]\nlobster_boat = [4]";
    let mut t = T::new(1, &[p0, COD_START]);
    quiet_boat_phase(&mut t);
    t.roll("harbor wharf cod");
    t.answers(&["harbor", "captains_club"]);
    // The barge fished first: 1 full boat (lobster) -> 1 fish, before the cod boat filled up.
    assert_eq!(t.fish(0, "barge"), vec![1]);
    assert_eq!(t.fish(0, "cod_boat")[0], 4);
    assert_eq!(t.fish(1, "cod_boat")[0], 0, "nobody else fishes");
    assert!(t.prompt().starts_with("P1: pick"), "no swordfish star after private fishing: {}", t.prompt());
}

#[test]
fn the_barge_fishes_first_in_a_regular_fishing_too() {
    let p0 = "[marks]\ncod_boat = 1\nlobster_boat = 1\nbarge = 3\n[fish]\ncod_boat = [3]\nlobster_boat = [4]";
    let mut t = T::new(2, &[p0, COD_START]);
    quiet_boat_phase(&mut t);
    assert_eq!(t.fish(0, "barge"), vec![1]);
    assert_eq!(t.fish(0, "cod_boat")[0], 4);
}

#[test]
fn the_king_crab_bonus_taken_by_one_player_is_gone_for_the_others() {
    let p0 = "king_crab_bonus = \"per_6_fish\"\n[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\nking_crab = 2";
    let p1 = "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\nking_crab = 1";
    let mut t = T::new(1, &[p0, p1]);
    quiet_boat_phase(&mut t);
    t.roll("harbor wharf cod");
    t.answers(&["wharf", "casino", "harbor", "king_crab"]);
    assert!(t.prompt().starts_with("P1: king crab license"), "{}", t.prompt());
    let keys = t.keys();
    assert!(!keys.contains(&"per_6_fish".into()) && keys.contains(&"per_building".into()), "{keys:?}");
    t.choose("per_building");
    assert_eq!(t.sheet(1).king_crab_bonus, Some(1));
}

#[test]
fn oyster_boats_a_full_one_earns_nothing_and_one_with_room_for_one_takes_fish_and_coin() {
    let p0 = "[marks]\noyster_license = 1\noyster_boat = 2\n[fish]\noyster_boat = [6, 5]";
    let mut t = T::new(2, &[p0, COD_START]);
    quiet_boat_phase(&mut t);
    assert_eq!(t.fish(0, "oyster_boat")[..2], [6, 6]);
    assert_eq!(t.coins(0), 2, "income 1 + the oyster coin of boat 2; the full boat 1 earns nothing");
}

#[test]
fn market_pays_by_fish_and_the_smokehouse_adds_2() {
    let p0 = "[marks]\ncod_boat = 3\nsmokehouse = 2\n[fish]\ncod_boat = [4, 4, 1]";
    let mut t = T::new(1, &[p0, COD_START]);
    quiet_boat_phase(&mut t);
    t.roll("market wharf cod");
    t.choose("market");
    assert_eq!(t.labels_in(Lang::En)[0], "sell at the market: 5 coins", "9 fish -> 3, +2 smokehouse");
    t.choose("market");
    assert_eq!(t.coins(0), 1 + 5);
}

#[test]
fn the_bait_shop_makes_a_die_used_as_coins_worth_2() {
    let p0 = "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\nbait_shop = 2";
    let mut t = T::new(1, &[p0, COD_START]);
    t.roll("cod lobster oyster");
    t.answers(&["lobster", "coin"]);
    assert_eq!(t.coins(0), 2);
}

#[test]
fn the_casino_rerolls_the_picked_die_once_per_phase_never_the_shared_die() {
    let p0 = "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\ncasino = 2";
    let mut t = T::new(1, &[p0, COD_START]);
    t.roll("cod lobster oyster");
    t.choose("cod");
    assert!(t.keys().contains(&"reroll".into()));
    t.choose("reroll");
    assert!(t.decision().roll.is_some(), "{}", t.prompt());
    t.roll("shrimp");
    assert!(t.prompt().contains("P0: use the shrimp"), "{}", t.prompt());
    assert!(!t.keys().contains(&"reroll".into()), "once per phase");
    t.answers(&["mark", "lobster", "mark"]);
    assert!(t.prompt().contains("shared oyster"));
    assert!(!t.keys().contains(&"reroll".into()), "never the shared die");
}

#[test]
fn the_salvage_yard_turns_any_die_into_a_star_action_three_times() {
    let p0 = "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\nsalvage_yard = 2\nsalvage_star = 2";
    let mut t = T::new(1, &[p0, COD_START]);
    t.roll("cod lobster oyster");
    t.answers(&["cod", "salvage"]);
    assert_eq!(t.marked(0, "salvage_star"), 3);
    t.choose("casino");
    t.answers(&["lobster", "mark"]);
    assert!(!t.keys().contains(&"salvage".into()), "all 3 stars used: {:?}", t.keys());
}

#[test]
fn the_seafood_buffet_fills_the_matching_hex_instead_without_shrimp_license_bonuses() {
    let p0 = "[marks]\nshrimp = 3\nshrimp_license = 2\nshrimp_boat = 1\nseafood_buffet = 2";
    let mut t = T::new(1, &[p0, COD_START]);
    t.roll("shrimp cod oyster");
    t.answers(&["shrimp", "hex"]);
    let hexes = t.rules.section_index("buffet_hex").unwrap();
    assert_eq!(t.sheet(0).boxes[hexes][0], deckhand::games::fleet::Mark::Marked, "the shrimp hex");
    assert_eq!(t.sheet(0).marked_count(hexes), 1);
    assert!(t.prompt().starts_with("P1: pick"), "no star action from the shrimp license: {}", t.prompt());
}

#[test]
fn a_full_coin_track_loses_further_coins() {
    let p0 = "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\ncoin = 58";
    let mut t = T::new(1, &[p0, COD_START]);
    t.roll("coins lobster oyster");
    t.answers(&["coins", "coins"]);
    assert_eq!(t.coins(0), 60);
    assert!(t.notices().contains("the coin track is full, 1 lost"));
}

#[test]
fn rolls_are_checked_against_the_pool_and_the_faces() {
    let mut t = T::new(1, &[COD_START, COD_START]);
    let bad = |faces: &str| Input::Roll { faces: faces.split_whitespace().map(String::from).collect(), digital: false };
    let e = t.g.apply(&t.rules, &bad("cod cod")).unwrap_err();
    assert_eq!(why(&t.rules, &t.g, &e), "this roll has 3 boat dice, but 2 boat faces and 0 town faces were given");
    let e = t.g.apply(&t.rules, &bad("cod cod kraken")).unwrap_err();
    assert_eq!(why(&t.rules, &t.g, &e), "`kraken` is not a die face");
    assert!(t.g.apply(&t.rules, &bad("cod cod harbor")).is_err(), "a town face in the boat pool");
    quiet_boat_phase(&mut t);
    let e = t.g.apply(&t.rules, &bad("harbor wharf market")).unwrap_err();
    assert_eq!(
        why(&t.rules, &t.g, &e),
        "this roll has 2 town dice and 1 boat die, but 0 boat faces and 3 town faces were given"
    );
    t.roll("market harbor coins");
}

#[test]
fn a_choice_that_is_not_legal_is_refused_with_the_legal_ones() {
    let mut t = T::new(1, &[COD_START, COD_START]);
    t.roll("cod cod lobster");
    let e = t.g.apply(&t.rules, &Input::Choice("oyster".into())).unwrap_err();
    assert_eq!(e.legal, vec!["cod", "lobster"]);
}

#[test]
fn dice_pools_follow_the_player_count() {
    let rules = fleet();
    for (n, boat, town) in [(2, 3, 2), (3, 4, 3), (4, 5, 4)] {
        let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
        let mut s = Session::new(&rules, &names);
        for _ in 0..n {
            s.apply(&rules, Input::Choice("cod".into())).unwrap();
        }
        s.apply(&rules, Input::Choice("P0".into())).unwrap();
        let d = s.game.decision(&rules).unwrap();
        assert_eq!(d.roll.map(|r| (r.boat, r.town)), Some((boat, 0)), "{n} players");
        let _ = town;
    }
}

#[test]
fn setup_marks_the_first_three_boxes_one_license_and_one_boat() {
    let rules = fleet();
    let mut s = Session::new(&rules, &["Ann".into(), "Bob".into()]);
    s.apply(&rules, Input::Choice("lobster".into())).unwrap();
    let sheet = &s.game.players[0].sheet;
    assert_eq!(sheet.marked_count(rules.section_index("lobster").unwrap()), 3);
    assert_eq!(sheet.license_level(&rules, rules.boat_type_index("lobster").unwrap()), 1);
    assert_eq!(sheet.marked_count(rules.section_index("lobster_boat").unwrap()), 1);
}

#[test]
fn undo_restores_the_state_before_the_last_decision_and_stops_at_a_digital_roll() {
    let rules = fleet();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let mut s = Session::new(&rules, &names);
    for k in ["cod", "oyster", "Ann"] {
        s.apply(&rules, Input::Choice(k.into())).unwrap();
    }
    s.apply(&rules, Input::Roll { faces: vec!["cod".into(), "cod".into(), "shrimp".into()], digital: false }).unwrap();
    s.apply(&rules, Input::Choice("cod".into())).unwrap();
    let before = s.game.clone();
    s.apply(&rules, Input::Choice("mark".into())).unwrap();
    assert_ne!(s.game, before);
    let undone = s.undo(&rules).unwrap();
    let asked = deckhand::text::fleet::prompt(&rules, &s.game, undone.decision.as_ref().unwrap(), Lang::En);
    assert_eq!((asked.as_str(), undone.answer.as_str()), ("Ann: use the cod", "mark"));
    assert_eq!(s.game, before);
    // Undo then the same decision gives the same state.
    s.apply(&rules, Input::Choice("mark".into())).unwrap();
    let after = s.game.clone();
    s.undo(&rules).unwrap();
    s.apply(&rules, Input::Choice("mark".into())).unwrap();
    assert_eq!(s.game, after);
    // A typed roll can be undone once nobody has used it; a digital one cannot.
    let mut d = Session::new(&rules, &names);
    for k in ["cod", "oyster", "Ann"] {
        d.apply(&rules, Input::Choice(k.into())).unwrap();
    }
    d.apply(&rules, Input::Roll { faces: vec!["cod".into(), "cod".into(), "shrimp".into()], digital: true }).unwrap();
    assert_eq!(d.undo(&rules).unwrap_err(), deckhand::games::fleet::session::NoUndo::DigitalRoll);
}
