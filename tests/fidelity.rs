//! Issue #16, rules fidelity: one regression test per finding of the audit against the
//! rulebooks (`../shared/seeds/`), each quoting the sentence it follows. Where a rulebook
//! allows two readings, the choice is a named option of `[options]`; the tests cover the
//! default and the other reading.

use crate::common::{fleet_with, Table as T};

use deckhand::text::Lang;

const COD_START: &str = "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\n";

// ---------------------------------------------------------------------------------------
// 1. The shrimp license and a shrimp die used as shrimp.
// ---------------------------------------------------------------------------------------

#[test]
fn shrimp_l2_a_shrimp_die_used_as_shrimp_marks_shrimp_and_gives_the_star_action() {
    // DE, Garnelenlizenz 2: "Wenn du einen Garnelenwürfel wählst, darfst du ihn als
    // beliebigen Bootstyp verwenden UND eine Stern-Aktion ausführen."
    // FR: "… et faire 1 action étoile (c'est-à-dire que vous remplissez 2 cases au total)."
    // Shrimp is a boat type, so "any boat type" includes shrimp.
    let p0 = "[marks]\nshrimp = 3\nshrimp_license = 2\nshrimp_boat = 1";
    let mut t = T::new(1, &[p0, COD_START]);
    t.roll("shrimp cod cod");
    t.choose("shrimp");
    assert!(t.keys().contains(&"as:shrimp".to_string()), "{:?}", t.keys());
    assert!(
        t.labels_in(Lang::En).iter().any(|l| l.contains("shrimp license: as shrimp + 1 star action")),
        "{:?}",
        t.labels_in(Lang::En)
    );
    t.choose("as:shrimp");
    assert_eq!(t.marked(0, "shrimp"), 4, "the shrimp box");
    assert!(t.prompt().starts_with("P0: star action"), "and the star action: {}", t.prompt());
    t.choose("cod");
    assert_eq!((t.marked(0, "shrimp"), t.marked(0, "cod")), (4, 1), "2 boxes in all");
}

#[test]
fn shrimp_l1_offers_no_second_way_to_mark_shrimp() {
    // DE, Garnelenlizenz 1: "… darfst du ihn als beliebigen Bootstyp verwenden." At L1 a
    // shrimp die used as shrimp is just `mark`: nothing more to offer.
    let p0 = "[marks]\nshrimp = 3\nshrimp_license = 1\nshrimp_boat = 1";
    let mut t = T::new(1, &[p0, COD_START]);
    t.roll("shrimp cod cod");
    t.choose("shrimp");
    assert!(!t.keys().contains(&"as:shrimp".to_string()), "{:?}", t.keys());
    assert!(t.keys().contains(&"as:cod".to_string()), "{:?}", t.keys());
}

#[test]
fn shrimp_l3_both_faces_may_be_shrimp() {
    // DE, Garnelenlizenz 3: "… darfst du ihn 2x als beliebigen Bootstyp verwenden UND eine
    // Stern-Aktion ausführen." FR: "(c'est-à-dire que vous remplissez 3 cases au total)".
    let p0 = "[marks]\nshrimp = 3\nshrimp_license = 3\nshrimp_boat = 1";
    let mut t = T::new(1, &[p0, COD_START]);
    t.roll("shrimp cod cod");
    t.answers(&["shrimp", "as:shrimp"]);
    assert!(t.prompt().contains("shrimp license — mark which boat type"), "{}", t.prompt());
    assert!(t.keys().contains(&"shrimp".to_string()), "the second face may be shrimp too: {:?}", t.keys());
    t.choose("shrimp");
    assert!(t.prompt().starts_with("P0: star action"), "{}", t.prompt());
    t.choose("shrimp");
    assert_eq!(t.marked(0, "shrimp"), 6, "3 boxes in all, every one shrimp");
}

// ---------------------------------------------------------------------------------------
// 2. Shrimp license L3 and the 3-coins face (option `shrimp_coins_face`).
// ---------------------------------------------------------------------------------------

const SHRIMP_L3: &str = "[marks]\nshrimp = 3\nshrimp_license = 3\nshrimp_boat = 1";

#[test]
fn shrimp_l3_the_three_coins_face_may_be_one_of_the_two_faces_by_default() {
    // FR, permis crevette 3: "vous pouvez l'utiliser comme 2 faces de n'importe quel dé
    // bateau et faire 1 action étoile"; DE: "Du darfst die Lizenz nutzen, um einen
    // Garnelenwürfel als 3 Münzen zu verwenden." The 3-coins face is a face of a boat die.
    let mut t = T::new(1, &[SHRIMP_L3, COD_START]);
    t.roll("shrimp cod cod");
    t.answers(&["shrimp", "as:cod"]);
    assert!(t.keys().contains(&"coins".to_string()), "second face: 3 coins: {:?}", t.keys());
    t.choose("coins");
    assert_eq!((t.marked(0, "cod"), t.coins(0)), (1, 3), "cod + 3 coins");
    assert!(t.prompt().starts_with("P0: star action"), "then the star action: {}", t.prompt());

    // The coins face first: then the second face, a boat type (not 3 coins again).
    let mut t = T::new(1, &[SHRIMP_L3, COD_START]);
    t.roll("shrimp cod cod");
    t.choose("shrimp");
    assert!(t.labels_in(Lang::En).iter().any(|l| l.contains("as 3 coins and 1 more type + 1 star action")));
    t.choose("as:coins");
    assert_eq!(t.coins(0), 3);
    assert!(t.prompt().contains("shrimp license — mark which boat type"), "{}", t.prompt());
    assert!(!t.keys().contains(&"coins".to_string()), "one of the two, not both: {:?}", t.keys());
    t.choose("lobster");
    assert!(t.prompt().starts_with("P0: star action"), "{}", t.prompt());
}

#[test]
fn shrimp_l3_with_whole_die_the_three_coins_face_takes_the_die() {
    // The other reading (`shrimp_coins_face = "whole_die"`): DE "2x als beliebigen
    // Bootstyp" names boat types only; the 3 coins use the whole die.
    let mut t = T::with_rules(fleet_with("shrimp_coins_face", "\"whole_die\""), 1, &[SHRIMP_L3, COD_START]);
    t.roll("shrimp cod cod");
    t.answers(&["shrimp", "as:cod"]);
    assert!(!t.keys().contains(&"coins".to_string()), "{:?}", t.keys());
    t.choose("lobster");
    t.choose("cod");
    let mut t = T::with_rules(fleet_with("shrimp_coins_face", "\"whole_die\""), 1, &[SHRIMP_L3, COD_START]);
    t.roll("shrimp cod cod");
    t.choose("shrimp");
    assert!(
        t.labels_in(Lang::En).iter().any(|l| l == "shrimp license: as 3 coins + 1 star action"),
        "{:?}",
        t.labels_in(Lang::En)
    );
    t.choose("as:coins");
    assert!(t.prompt().starts_with("P0: star action"), "no second face: {}", t.prompt());
}

// ---------------------------------------------------------------------------------------
// 3. What a star action may mark (option `star_action_targets`).
// ---------------------------------------------------------------------------------------

#[test]
fn a_star_action_marks_columns_and_town_by_default_and_any_top_box_with_the_option() {
    // DE: "… löst du eine Stern-Aktion aus, mit der du sofort ein oberstes Kästchen irgendwo
    // auf deinem Bogen ankreuzen kannst. … Eine Stern-Aktion kann nicht genutzt werden, um
    // ein Münz- oder ein Fisch-Kästchen anzukreuzen." ("Stern-Aktionen können NICHT genutzt
    // werden, um Sechsecke anzukreuzen.")
    let p0 = "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\ncoin = 3\n";
    let mut t = T::new(1, &[p0, COD_START]);
    t.roll("cod lobster oyster");
    t.answers(&["lobster", "coin"]);
    assert!(!t.keys().contains(&"cod_license".to_string()), "default: {:?}", t.keys());

    let rules = fleet_with("star_action_targets", "\"any_top_box\"");
    let mut t = T::with_rules(rules.clone(), 1, &[p0, COD_START]);
    t.roll("cod lobster oyster");
    t.answers(&["lobster", "coin"]);
    let keys = t.keys();
    for k in ["cod_license", "cod_boat", "lobster_license", "shrimp_boat"] {
        assert!(keys.contains(&k.to_string()), "{k} missing: {keys:?}");
    }
    for k in ["coin", "buffet_hex", "salvage_star"] {
        assert!(!keys.contains(&k.to_string()), "{k} must not be offered: {keys:?}");
    }
    t.notices();
    t.choose("cod_license");
    assert_eq!(t.marked(0, "cod_license"), 2, "the license box is the license");
    assert!(t.notices().contains("cod license L2"), "and acts like one (2nd license: 2 coins)");

    let mut t = T::with_rules(rules, 1, &[p0, COD_START]);
    t.roll("cod lobster oyster");
    t.answers(&["lobster", "coin"]);
    t.choose("cod_boat");
    assert_eq!(t.marked(0, "cod_boat"), 2);
    assert_eq!(t.coins(0), 5, "4 + the cod license's launch coin");
}

#[test]
fn check_accepts_a_license_from_a_star_action_only_under_any_top_box() {
    // The same sentence: with "any_top_box" a license beyond the circles may come from a
    // star action, which the sheet does not record.
    let text = "[marks]\ncod = 3\ncod_license = 2\ncod_boat = 1\ncoin = 10\n";
    let rules = crate::common::fleet();
    let sheet = crate::common::sheet(&rules, text);
    let v = deckhand::games::fleet::check_sheet(&rules, &sheet);
    assert!(v.iter().any(|v| v.rule.id() == "licenses-vs-circles"), "{v:?}");
    let rules = fleet_with("star_action_targets", "\"any_top_box\"");
    let sheet = crate::common::sheet(&rules, text);
    let v = deckhand::games::fleet::check_sheet(&rules, &sheet);
    assert!(!v.iter().any(|v| v.rule.id() == "licenses-vs-circles"), "{v:?}");
    // Fewer than the circles grant is still wrong.
    let sheet = crate::common::sheet(&rules, "[marks]\ncod = 3\ncod_boat = 1\ncoin = 10\n");
    let v = deckhand::games::fleet::check_sheet(&rules, &sheet);
    assert!(v.iter().any(|v| v.rule.id() == "licenses-vs-circles"), "{v:?}");
}

// ---------------------------------------------------------------------------------------
// 4. Readings that were chosen silently, now named options.
// ---------------------------------------------------------------------------------------

fn start_with_cod(rules: &deckhand::games::FleetRules) -> u32 {
    use deckhand::games::fleet::game::{Game, Input, Setup};
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let mut g = Game::new(rules, &names, Setup::default());
    g.apply(rules, &Input::Choice("cod".into())).unwrap();
    g.players[0].sheet.coins(rules)
}

#[test]
fn a_cod_start_pays_the_cod_license_coin_unless_the_option_says_no() {
    // DE, Spielaufbau: "Auf seinem Auswertungsbogen kreuzt jeder Spieler die obersten 3
    // Kästchen des Boottyps an … Dies gewährt jedem Spieler eine Lizenz sowie ein Boot
    // dieses Typs." Kabeljaulizenz 1: "Wenn du ein Boot einsetzt, verdiene 1 Münze."
    // Whether the start boat is such a launch the rulebooks do not say.
    assert_eq!(start_with_cod(&crate::common::fleet()), 1, "default: the start boat pays");
    assert_eq!(start_with_cod(&fleet_with("start_launch_pays_cod_coin", "false")), 0);
}

fn ruth_town_pick(rules: deckhand::games::FleetRules) -> String {
    // Round 1: the player picks first, then Ruth, from the town roll market market coins.
    let mut t = T::with_rules(rules, 1, &["[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\n"]);
    t.g = deckhand::games::fleet::game::Game::solo_from_sheet(&t.rules, t.sheet(0).clone(), 1, [0, 0, 0]);
    t.roll("lobster oyster swordfish");
    t.answers(&["lobster", "mark", "mark"]);
    t.roll("market market coins");
    t.notices();
    t.answers(&["market", "market"]);
    t.notices()
}

#[test]
fn ruth_in_the_town_phase_takes_the_joker_before_the_market_die_unless_the_option_says_last() {
    // DE, Kapt'n Priorität: "Stadt-Phase: In dieser Phase gilt die Priorität immer wie
    // folgt: Hafen > Ufer > Bootswürfel > Markt." and, of the 3-coins face: "Die …
    // -Würfelseite gilt für die Kapitänin als Joker. Sie wird diesen Würfel nur wählen,
    // wenn sie keine andere Wahl hat."
    let n = ruth_town_pick(crate::common::fleet());
    assert!(n.contains("Ruth takes 3 coins, her joker"), "default: the boat die first\n{n}");
    let n = ruth_town_pick(fleet_with("ruth_town_joker", "\"after_market\""));
    assert!(n.contains("Ruth takes the market die"), "after_market: the joker last\n{n}");
}

/// Round 2: P0's deferred star action (an oyster coin lands on coin.8) can raise the
/// swordfish license to L2 (swordfish.8 is an L circle).
fn swordfish_after_fishing(rules: deckhand::games::FleetRules) -> (String, String, u32) {
    let p0 = "[marks]\nswordfish = 7\nswordfish_license = 1\nswordfish_boat = 2\noyster_boat = 1\ncoin = 6\n";
    let mut t = T::with_rules(rules, 2, &[p0, COD_START]);
    t.roll("lobster cod oyster");
    t.answers(&["lobster", "mark", "cod", "mark", "mark", "mark"]);
    t.choose("coin"); // the oyster boat: 1 fish + 1 coin, on the star box coin.8
    assert!(t.prompt().starts_with("P0: star action"), "{}", t.prompt());
    let before = t.notices();
    t.choose("swordfish"); // swordfish.8: L circle, the license goes to L2
    (before, t.notices(), t.coins(0))
}

#[test]
fn the_swordfish_bonus_is_worked_out_before_the_deferred_star_actions_unless_the_option_says_after() {
    // DE: "Löst du eine Stern-Aktion in der Fischen-Phase aus, wird sie nach dem Fischen
    // ausgeführt." Schwertfischlizenzen: "Nach der Fischen-Phase darfst du 1 Stern-Aktion
    // ausführen." (L2: "… und verdienst 1 Münze"). Which comes first is not said.
    let (before, after, coins) = swordfish_after_fishing(crate::common::fleet());
    assert!(before.lines().any(|l| l == "P0: swordfish license: 1 star action"), "at L1:\n{before}");
    assert!(after.contains("swordfish license L2") && !after.contains("swordfish license: 1"), "{after}");
    assert_eq!(coins, 8 + 2, "8 on the track + the 2nd license's 2 coins, no swordfish coin");
    let (before, after, coins) = swordfish_after_fishing(fleet_with("swordfish_timing", "\"after_deferred_stars\""));
    assert!(!before.contains("swordfish license: 1"), "not yet:\n{before}");
    assert!(after.contains("swordfish license: 1 star action and 1 coin"), "at L2:\n{after}");
    assert_eq!(coins, 8 + 2 + 1, "the L2 swordfish coin too");
}

// ---------------------------------------------------------------------------------------
// `rules show` lists every named option with its default and the sentence behind it.
// ---------------------------------------------------------------------------------------

#[test]
fn rules_show_lists_every_named_option_with_its_default_and_sentence_and_the_readme_names_them() {
    let dir = tempfile::tempdir().unwrap();
    let out = crate::common::deckhand(dir.path()).args(["rules", "show", "fleet-dice"]).assert().success();
    let text = crate::common::stdout(&out);
    assert!(text.contains("Open rule questions"), "{text}");
    let readme = std::fs::read_to_string(crate::common::repo().join("README.md")).unwrap();
    let questions = crate::common::fleet().options.questions();
    assert_eq!(questions.len(), 11);
    for q in questions {
        assert!(text.contains(&format!("{} = ", q.key)), "{} missing", q.key);
        assert!(
            text.contains(&format!("(default {}", q.default)) || text.contains(&format!("(default \"{}\"", q.default))
        );
        for (_, quote) in q.quotes {
            assert!(text.contains(quote), "{}: the sentence is missing", q.key);
        }
        assert!(readme.contains(&format!("`{}`", q.key)), "README does not list {}", q.key);
    }
    // In German too, with the sentences as printed.
    let out =
        crate::common::deckhand(dir.path()).args(["--lang", "de", "rules", "show", "fleet-dice"]).assert().success();
    let text = crate::common::stdout(&out);
    assert!(text.contains("Offene Regelfragen") && text.contains("„Du darfst die Lizenz nutzen"), "{text}");
}

// ---------------------------------------------------------------------------------------
// 5. check verifies Captain Ruth's crossings.
// ---------------------------------------------------------------------------------------

fn violations_of(text: &str) -> Vec<deckhand::games::fleet::Violation> {
    let rules = crate::common::fleet();
    let sheet = crate::common::sheet(&rules, text);
    deckhand::games::fleet::check_sheet(&rules, &sheet)
}

#[test]
fn check_flags_a_ruth_crossing_above_open_boxes_and_names_them() {
    // DE, Solovariante: "Wenn die Kapitänin einen Würfel auswählt, streicht sie die zwei
    // untersten offenen Kästchen des entsprechenden Abschnitts deines Auswertungsbogens
    // durch." and "… streicht sie das unterste offene Kästchen im entsprechenden Abschnitt
    // deines Auswertungsbogens durch."
    let base = "solo = true\n[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\ncoin = 8\n";
    let v =
        violations_of(&format!("{base}shrimp = \"x x x / . . . . . . . .\"\nshrimp_license = 1\nshrimp_boat = 1\n"));
    let ruth: Vec<_> = v.iter().filter(|v| v.rule.id() == "ruth-not-lowest").collect();
    assert_eq!(ruth.len(), 1, "{v:?}");
    assert_eq!(ruth[0].box_id(), "shrimp.4");
    assert!(ruth[0].boxes.contains(&"shrimp.12".to_string()));
    let rules = crate::common::fleet();
    let message = deckhand::text::fleet_check::message(&rules, ruth[0], Lang::En);
    assert!(message.contains("shrimp.4") && message.contains("shrimp.5–shrimp.12"), "{message}");
    let fix = deckhand::text::fleet_check::fix(&rules, ruth[0], Lang::En);
    assert!(fix.contains("shrimp.12"), "{fix}");

    // Her crossings at the bottom are fine, with the player's marks above.
    let v = violations_of(&format!("{base}lobster = \"x x . . . . . . . . / /\"\n"));
    assert!(!v.iter().any(|v| v.rule.id() == "ruth-not-lowest"), "{v:?}");

    // DE: "… streicht sie das nächste verfügbare Sternenkästchen auf der Geldleiste durch."
    // coin.4 and coin.8 are stars: crossing coin.8 while coin.4 is open skips a star.
    let v = violations_of("solo = true\n[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\ncoin = \"x x x . . . . /\"\n");
    let skipped: Vec<_> = v.iter().filter(|v| v.rule.id() == "ruth-not-lowest").collect();
    assert_eq!(skipped.len(), 1, "{v:?}");
    assert_eq!(skipped[0].boxes, vec!["coin.8".to_string(), "coin.4".to_string()]);
}

// ---------------------------------------------------------------------------------------
// 6. check reports every independent violation in one run.
// ---------------------------------------------------------------------------------------

#[test]
fn check_reports_the_lobster_license_and_the_lobster_boats_in_one_run() {
    // README: "deckhand check … every violation, its box, how to fix it". One lobster box
    // marked (a plain box) grants nothing: the license and the two boats are both wrong.
    // (DE: "Wenn du ein Aktivierungskästchen … ankreuzt, kannst du ein Boot einsetzen oder
    // eine Lizenz des jeweiligen Typs aktivieren.")
    let v = violations_of(&format!("{COD_START}coin = 10\nlobster = 1\nlobster_license = 1\nlobster_boat = 2\n"));
    let ids: Vec<(&str, &str)> = v.iter().map(|v| (v.rule.id(), v.box_id())).collect();
    assert!(ids.contains(&("licenses-vs-circles", "lobster_license.1")), "{ids:?}");
    assert!(ids.contains(&("boats-vs-circles", "lobster_boat.2")), "{ids:?}");

    // Several crossed boxes outside solo (every box named), and fish on a boat never
    // launched that are also more than it holds (both found).
    let v = violations_of(&format!(
        "{COD_START}coin = 10\nlobster = \". . . . . . . . . . / /\"\n[fish]\nshrimp_boat = [4]\n"
    ));
    let crossed = v.iter().find(|v| v.rule.id() == "crossed-without-solo").expect("crossed");
    assert_eq!(crossed.boxes, vec!["lobster.11".to_string(), "lobster.12".to_string()]);
    assert!(v.iter().any(|v| v.rule.id() == "fish-on-unlaunched-boat"), "{v:?}");
    assert!(v.iter().any(|v| v.rule.id() == "fish-over-capacity"), "{v:?}");

    // A solo coin track with two crossed boxes that are not stars: both named (the first
    // one alone used to be looked at).
    let v = violations_of(
        "solo = true\n[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\ncoin = \"x x x x x x x x / / x\"\n",
    );
    let bad = v.iter().find(|v| v.rule.id() == "crossed-not-allowed").expect("crossed-not-allowed");
    assert_eq!(bad.boxes, vec!["coin.9".to_string(), "coin.10".to_string()]);
}

// ---------------------------------------------------------------------------------------
// 7. What the table sees must be true.
// ---------------------------------------------------------------------------------------

#[test]
fn the_fishing_summary_comes_after_the_oyster_choice_and_counts_its_fish() {
    // DE: "Ausnahme! Austernboote fangen zwei Fische oder 1 Fisch + 1 Münze." The summary
    // of the catch is told once that choice is made.
    let p1 = "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\noyster = 3\noyster_license = 1\noyster_boat = 1\n";
    let mut t = T::new(2, &[COD_START, p1]);
    t.roll("lobster lobster lobster");
    t.answers(&["lobster", "coin", "lobster", "coin", "coin", "coin"]);
    assert!(t.prompt().starts_with("P1: oyster boat 1"), "{}", t.prompt());
    let before = t.notices();
    assert!(before.contains("P0: 1 fish caught, 1 on your boats"), "{before}");
    assert!(!before.contains("P1: 1 fish caught"), "no P1 summary before the oyster choice:\n{before}");
    t.choose("fish");
    let after = t.notices();
    assert!(after.contains("P1: 3 fish caught, 3 on your boats"), "cod 1 + oyster 2:\n{after}");
}

#[test]
fn a_b_circle_with_no_boat_left_says_so_in_the_option() {
    // DE: "Ein Boot einsetzen: Kreuze das Kästchen neben dem obersten verfügbaren Boot dieses
    // Typs an." With all four shrimp boats launched, shrimp.12 (B) launches nothing.
    let p0 = "[marks]\nshrimp = 11\nshrimp_license = 2\nshrimp_boat = 4\n";
    let mut t = T::new(1, &[p0, COD_START]);
    t.roll("shrimp cod cod");
    t.choose("shrimp");
    let labels = t.labels_in(Lang::En);
    assert!(labels.iter().any(|l| l == "shrimp 12 — boat circle, no boat left to launch"), "{labels:?}");
    assert!(!labels.iter().any(|l| l.contains("— launches a boat")), "{labels:?}");
    let labels = t.labels_in(Lang::De);
    assert!(labels.iter().any(|l| l == "Garnele 12 — Bootskästchen, kein Boot mehr zum Einsetzen übrig"), "{labels:?}");
}

/// P0's income phase notice with lobster L3, a complete canning co and `full` full boats.
fn income_notice(full: usize) -> String {
    let cod_fish = ["4", "4", "5", "5"];
    let p0 = format!(
        "[marks]\ncod = 12\ncod_license = 3\ncod_boat = 4\nlobster = 12\nlobster_license = 3\nlobster_boat = 4\ncanning_co = 2\n[fish]\ncod_boat = [{}]\nlobster_boat = [{}]\n",
        cod_fish.join(", "),
        ["4", "4", "5", "5"].iter().take(full - 4).chain(["0"; 4].iter().take(8 - full)).cloned().collect::<Vec<_>>().join(", ")
    );
    let mut t = T::new(1, &[&p0, COD_START]);
    t.roll("shrimp shrimp shrimp");
    t.answers(&["shrimp", "coin", "shrimp", "coin", "coin", "coin"]);
    t.notices().lines().find(|l| l.starts_with("P0: +") && l.contains("income")).unwrap().to_string()
}

#[test]
fn capped_is_shown_only_when_the_cap_took_coins_away() {
    // DE: "Die maximalen Einnahmen, die ein Spieler erhält, beträgt 10 Münzen. Alle darüber
    // hinausgehenden Boni verfallen." Income exactly 10 loses nothing.
    let exactly = income_notice(6); // 1 + 3 lobster + 6 canning = 10
    assert!(exactly.contains("+10 coins") && !exactly.contains("capped"), "{exactly}");
    let over = income_notice(7); // 11, one lost
    assert!(over.contains("+10 coins") && over.contains("(capped)"), "{over}");
}

#[test]
fn the_running_score_never_speaks_of_a_round_not_yet_played() {
    use deckhand::games::fleet::game::{Game, Input, Setup};
    let rules = crate::common::fleet();
    let heading = |g: &Game| deckhand::text::fleet::scores_heading(g, Lang::En);
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let mut g = Game::new(&rules, &names, Setup::default());
    assert_eq!(heading(&g), "Scores before the first roll:");
    for k in ["cod", "lobster", "Ann"] {
        g.apply(&rules, &Input::Choice(k.into())).unwrap();
    }
    assert_eq!(g.round, 1);
    assert_eq!(heading(&g), "Scores before the first roll:", "round 1 is not rolled yet");
    let roll = Input::Roll { faces: vec!["cod".into(), "cod".into(), "cod".into()], digital: false };
    g.apply(&rules, &roll).unwrap();
    assert_eq!(heading(&g), "Scores during round 1 (so far):");
    let t = T::new(3, &[COD_START, COD_START]);
    assert_eq!(heading(&t.g), "Scores after round 2:");

    // At the table: `scores` before anything was rolled.
    let dir = tempfile::tempdir().unwrap();
    let out = crate::common::deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--answers", "-", "--save", "g.jsonl"])
        .write_stdin("cod\nlobster\nAnn\nscores\n")
        .assert()
        .code(2);
    let err = crate::common::stderr(&out);
    assert!(err.contains("Scores before the first roll:") && !err.contains("after round 1"), "{err}");
}

// ---------------------------------------------------------------------------------------
// 8, 9. Fischerspiel: the wind direction after a forced throw-back; throw-backs in any
// order.
// ---------------------------------------------------------------------------------------

#[test]
fn strategy_two_the_markers_may_move_before_and_after_a_forced_throw_back() {
    // Strategiespiel II, c): "Immer wenn die Windstärke sich erhöht (ein Fisch schwimmt über
    // eine Schaumkrone) oder verringert (2, 4, 6 oder 8 Fische an Land), können die Spieler
    // die Windrichtung ändern, indem sie alle Windmarken auf eine andere Seite des
    // Spielplans legen." The throw-back at wind 6 does not end that moment.
    let dir = tempfile::tempdir().unwrap();
    let events = "wind north\nwind\nwind\nwind\nwind\nsail green\nsail red\ncatch green small\ncatch green medium\ncatch green medium\nwind\ndirection east\ndump green small\ndirection west\nstatus\nquit\n";
    let out = crate::common::deckhand(dir.path())
        .args(["play", "fischerspiel", "--players", "4", "--variant", "strategy2", "--answers", "-", "-o", "g.jsonl"])
        .write_stdin(events)
        .assert()
        .success();
    let err = crate::common::stderr(&out);
    assert!(!err.contains("only right after the wind changed"), "{err}");
    assert!(err.contains("markers from the west"), "{err}");
    // But not once something else has happened.
    let out = crate::common::deckhand(dir.path())
        .args(["play", "fischerspiel", "--players", "4", "--variant", "strategy2", "--answers", "-", "-o", "h.jsonl"])
        .write_stdin(events.replace("direction west\n", "sail blue\ndirection west\n"))
        .assert()
        .code(2);
    assert!(crate::common::stderr(&out).contains("only right after the wind changed"));
}

#[test]
fn two_boats_over_the_wind_six_capacity_throw_back_in_any_order() {
    // "Gelingt es einem Spieler mit 3 Fischen nicht, vor Erreichen der Windstärke 6 in
    // seinen Hafen einzulaufen …, so muß er einen beliebigen Fisch zurück ins Wasser
    // werfen." Nothing says which boat first.
    use deckhand::games::fischerspiel::state::{Event, FischerspielRefusal, Setup, State, Timeline};
    let rules = deckhand::games::built_in("fischerspiel").unwrap().fischerspiel().unwrap().clone();
    let setup = Setup::new(&rules, 4, "base", None, None).unwrap();
    let mut t = Timeline::new(State::new(setup));
    let ev = |text: &str| -> Event {
        let w: Vec<String> = text.split_whitespace().map(String::from).collect();
        match w[0].as_str() {
            "wind" => Event::Wind { side: None },
            "sail" => Event::Sail { boat: w[1].clone() },
            "catch" => Event::Catch { boat: w[1].clone(), fish: w[2].clone() },
            "dump" => Event::Dump { boat: w[1].clone(), fish: w[2].clone() },
            other => panic!("{other}"),
        }
    };
    for e in [
        "sail green",
        "sail red",
        "sail blue",
        "catch green small",
        "catch green medium",
        "catch green medium",
        "catch red small",
        "catch red medium",
        "catch red medium",
        "wind",
        "wind",
        "wind",
        "wind",
        "wind",
        "wind",
    ] {
        t.push(&rules, &ev(e)).unwrap_or_else(|r| panic!("{e}: {r:?}"));
    }
    assert_eq!(t.current().must_dump.len(), 2);
    // Red first, though green comes first in seat order.
    t.push(&rules, &ev("dump red small")).expect("red may throw back first");
    t.push(&rules, &ev("dump green medium")).unwrap();
    assert!(t.current().must_dump.is_empty());
    // Anything else waits for the throw-backs, and the refusal names every boat.
    let mut t2 = t.clone();
    t2.push(&rules, &Event::Undo).unwrap();
    t2.push(&rules, &Event::Undo).unwrap();
    match t2.peek(&rules, &ev("sail grey")) {
        Err(FischerspielRefusal::MustDump { others, .. }) => assert_eq!(others.len(), 1),
        other => panic!("{other:?}"),
    }
}

// ---------------------------------------------------------------------------------------
// 10. A mistyped last event can be undone after the game has ended.
// ---------------------------------------------------------------------------------------

#[test]
fn fleet_undo_still_works_when_the_game_is_over_and_the_result_is_shown_again() {
    // The last decision of a game is as easy to mistype as any other; the save keeps every
    // decision and undo is an entry, so it can be taken back (DE, "Spielende": "Nach 10
    // Runden endet das Spiel." — the table decides the result, not the last keystroke).
    let dir = tempfile::tempdir().unwrap();
    let answers = std::fs::read_to_string(crate::common::repo().join("tests/games/two_players.answers")).unwrap();
    // The game ends with nothing left to answer: exit 0, as before.
    std::fs::write(dir.path().join("a.txt"), &answers).unwrap();
    let out = crate::common::deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl", "--answers", "a.txt"])
        .assert()
        .success();
    let table = crate::common::stdout(&out);
    assert_eq!(table.matches("│ 1 ┆ Bob").count(), 1, "{table}");
    // Undo the last decision (Ann's shared market), redo it as a coin: the final table again.
    std::fs::write(dir.path().join("b.txt"), format!("{answers}undo\ncoin\nquit\n")).unwrap();
    let out = crate::common::deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "h.jsonl", "--answers", "b.txt"])
        .assert()
        .success();
    let (stdout, stderr) = (crate::common::stdout(&out), crate::common::stderr(&out));
    assert!(stderr.contains("The game is over."), "{stderr}");
    assert!(stderr.contains("undone: \"Ann: use the shared market\" → sell at the market: 6 coins"), "{stderr}");
    assert_eq!(stdout.matches("Fleet: The Dice Game").count(), 2, "the final table twice:\n{stdout}");
    let save = std::fs::read_to_string(dir.path().join("h.jsonl")).unwrap();
    assert!(save.lines().rev().nth(1).unwrap().contains("\"undo\""), "the undo is in the save");

    // `resume` of a finished game: undo works there too.
    std::fs::write(dir.path().join("c.txt"), "undo\nmarket\nquit\n").unwrap();
    let out = crate::common::deckhand(dir.path()).args(["resume", "g.jsonl", "--answers", "c.txt"]).assert().success();
    let stderr = crate::common::stderr(&out);
    assert!(stderr.contains("undone: \"Ann: use the shared market\" → sell at the market: 6 coins"), "{stderr}");
    assert_eq!(crate::common::stdout(&out).matches("Fleet: The Dice Game").count(), 2);
}

#[test]
fn fischerspiel_undo_still_works_when_the_game_is_over() {
    // "Alle Spieler haben gemeinsam gewonnen, wenn alle Fische an Land und alle Boote in
    // ihren Häfen sind" — a mistyped last `home` must not decide it for good.
    let won = "wind\nsail green\nsail blue\ncatch green small\ncatch green medium\ncatch green medium\ncatch blue small\ncatch blue medium\ncatch blue medium\nhome green\nhome blue\nsail green\nsail blue\ncatch green medium\ncatch blue medium\nhome green\nhome blue\n";
    let dir = tempfile::tempdir().unwrap();
    let run = |answers: String, args: &[&str]| {
        std::fs::write(dir.path().join("a.txt"), answers).unwrap();
        crate::common::deckhand(dir.path()).args(args).args(["--answers", "a.txt"]).assert().success()
    };
    let play = ["play", "fischerspiel", "--players", "2", "-o", "g.jsonl"];
    // Ending with no answers left: exit 0, the result once.
    let out = run(won.to_string(), &play);
    assert_eq!(crate::common::stdout(&out).matches("WON").count(), 1);
    std::fs::remove_file(dir.path().join("g.jsonl")).unwrap();
    // Undo the last `home`, then land it again: the result again.
    let out = run(format!("{won}undo\nstatus\nhome blue\nquit\n"), &play);
    assert_eq!(crate::common::stdout(&out).matches("WON").count(), 2, "{}", crate::common::stderr(&out));
    assert!(crate::common::stderr(&out).contains("The game is over (`undo`"));
    // And after `resume` of the finished game.
    let out = run("undo\nhome blue\n".to_string(), &["resume", "g.jsonl"]);
    assert_eq!(crate::common::stdout(&out).matches("WON").count(), 2);
    // Without a terminal or answers, resuming a finished game still just prints its result.
    let out = crate::common::deckhand(dir.path()).args(["resume", "g.jsonl"]).assert().success();
    assert!(crate::common::stdout(&out).contains("WON"));
}

// ---------------------------------------------------------------------------------------
// 11. Sheets of one game: no more than its player count, and a solo sheet alone.
// ---------------------------------------------------------------------------------------

#[test]
fn more_sheets_than_players_or_a_solo_sheet_among_others_is_a_usage_error() {
    // Nauticus: "Im Spiel zu dritt und zu viert werden 5 Runden gespielt. Im Spiel zu
    // zweit werden nur 4 Runden gespielt.": 2 to 4 players, as
    // its rules file says (players = { min = 2, max = 4 }); Titania likewise. Fleet:
    // "4 Spieler = 5 Bootswürfel" is the largest table, and the solo game is one player
    // against Captain Ruth ("Kapitänin Ruth bekommt KEINEN eigenen Auswertungsbogen").
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut files = Vec::new();
    for name in ["A", "B", "C", "D", "E"] {
        let f = format!("n{name}.toml");
        crate::common::write(d, &f, &format!("game = \"nauticus\"\nplayer = \"{name}\"\n[inputs]\ntrack = 20\n"));
        files.push(f);
    }
    for cmd in ["score", "check"] {
        let out = crate::common::deckhand(d).arg(cmd).args(&files).assert().code(2);
        let err = crate::common::stderr(&out);
        assert!(err.contains("5 sheets given as one game of Nauticus, which has at most 4 players"), "{err}");
        crate::common::deckhand(d).arg(cmd).args(&files[..4]).assert().success();
    }
    let mut titania = Vec::new();
    for name in ["A", "B", "C", "D", "E"] {
        let f = format!("t{name}.toml");
        crate::common::write(d, &f, &format!("game = \"titania\"\nplayer = \"{name}\"\n[inputs]\ntrack = 20\n"));
        titania.push(f);
    }
    let out = crate::common::deckhand(d).arg("score").args(&titania).assert().code(2);
    assert!(crate::common::stderr(&out).contains("at most 4 players"));

    // Fleet: the four example sheets and a fifth.
    let ex = crate::common::examples_dir();
    let linda = std::fs::read_to_string(ex.path().join("examples/linda.toml")).unwrap();
    std::fs::write(ex.path().join("examples/zoe.toml"), linda.replace("player = \"Linda\"", "player = \"Zoe\""))
        .unwrap();
    let sheets = ["examples/ann.toml", "examples/bob.toml", "examples/jerome.toml", "examples/linda.toml"];
    let out = crate::common::deckhand(ex.path()).arg("score").args(sheets).arg("examples/zoe.toml").assert().code(2);
    assert!(crate::common::stderr(&out)
        .contains("5 sheets given as one game of Fleet: The Dice Game, which has at most 4 players"));
    // A solo sheet among others.
    std::fs::write(
        ex.path().join("examples/solo.toml"),
        format!("solo = true\n{}", linda.replace("player = \"Linda\"", "player = \"Sol\"")),
    )
    .unwrap();
    let out =
        crate::common::deckhand(ex.path()).args(["check", "examples/ann.toml", "examples/solo.toml"]).assert().code(2);
    assert!(
        crate::common::stderr(&out).contains("Sol's sheet is a solo sheet (`solo = true`), but 2 sheets were given")
    );
    // One sheet alone is fine (a player's own sheet may be checked on its own).
    crate::common::deckhand(ex.path()).args(["score", "examples/linda.toml"]).assert().success();
}

// ---------------------------------------------------------------------------------------
// 12. Titania: the fame track counts on.
// ---------------------------------------------------------------------------------------

#[test]
fn titania_fame_past_99_is_possible() {
    // Seed 004: "Sollte eine Spielerfigur die Zahl 49 überschreiten, wird das
    // Spielerplättchen auf die 50 umgedreht und die Spielerfigur kann einfach
    // weiterzählen."
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crate::common::write(
        d,
        "a.toml",
        "game = \"titania\"\nplayer = \"A\"\n[inputs]\ntrack = 104\npoint_tiles = [5, 4]\n",
    );
    crate::common::write(d, "b.toml", "game = \"titania\"\nplayer = \"B\"\n[inputs]\ntrack = 60\n");
    crate::common::deckhand(d).args(["check", "a.toml", "b.toml"]).assert().success();
    let out = crate::common::deckhand(d).args(["score", "a.toml", "b.toml"]).assert().success();
    assert!(crate::common::row(&crate::common::stdout(&out), "A").contains(&"113".to_string()));
    let rules = crate::common::endgame("titania");
    let track = &rules.sheet.inputs[rules.sheet.input_index("track").unwrap()];
    match track.shape {
        deckhand::games::endgame::Shape::Number { max, .. } => assert!(max >= 803, "below what the components allow"),
        other => panic!("{other:?}"),
    }
}

// ---------------------------------------------------------------------------------------
// 13. Nauticus limits without holes.
// ---------------------------------------------------------------------------------------

#[test]
fn nauticus_spare_tiles_and_finished_ships_share_the_207_tiles_in_the_box() {
    // Spielmaterial: 18 one-piece hulls, 18 bows, 18 sterns, 9 middle pieces, "72 Masten",
    // "72 Segel" — 207 ship tiles. "Die Schiffsplättchen und Waren sind in ihrer Anzahl
    // begrenzt." Each finished ship holds 3 of them per mast.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crate::common::write(
        d,
        "a.toml",
        "game = \"nauticus\"\nplayer = \"A\"\n[inputs]\nspare_tiles = 100\nships_4 = 3\n",
    );
    crate::common::write(d, "b.toml", "game = \"nauticus\"\nplayer = \"B\"\n[inputs]\nspare_tiles = 100\n");
    let out = crate::common::deckhand(d).args(["check", "a.toml", "b.toml"]).assert().code(1);
    assert!(crate::common::stdout(&out).contains("tiles_in_box"), "{}", crate::common::stdout(&out));
    crate::common::write(d, "b.toml", "game = \"nauticus\"\nplayer = \"B\"\n[inputs]\nspare_tiles = 71\n");
    crate::common::deckhand(d).args(["check", "a.toml", "b.toml"]).assert().success();
}

#[test]
fn nauticus_crowns_refuses_more_crown_masts_than_the_box_has() {
    // Spielmaterial: "12 Masten mit Krone", "12 Segel mit Kron[e]".
    let dir = tempfile::tempdir().unwrap();
    let out = crate::common::deckhand(dir.path())
        .args(["nauticus", "crowns", "--crown-masts", "13", "--workers", "1"])
        .assert()
        .code(2);
    assert!(crate::common::stderr(&out).contains("13 crown masts, but the game has 12"));
    crate::common::deckhand(dir.path())
        .args(["nauticus", "crowns", "--crown-sails", "13", "--workers", "1"])
        .assert()
        .code(2);
    crate::common::deckhand(dir.path())
        .args(["nauticus", "crowns", "--crown-masts", "12", "--crown-sails", "12", "--passed", "3", "--workers", "1"])
        .assert()
        .success();
}

#[test]
fn nauticus_track_floor_depends_on_the_player_count() {
    // "Im Spiel zu zweit werden nur 4 Runden gespielt." The marker starts on 10 ("Die
    // Siegpunktmarker … werden auf das Feld 10 der Siegpunktleiste gestellt") and the
    // pass tiles cost at most 3 + 2 + 1 a round: 10 - 24 = -14 with 2 players, 10 - 30 =
    // -20 with 3 or 4.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crate::common::write(d, "a.toml", "game = \"nauticus\"\nplayer = \"A\"\n[inputs]\ntrack = -16\n");
    crate::common::write(d, "b.toml", "game = \"nauticus\"\nplayer = \"B\"\n[inputs]\ntrack = 30\n");
    crate::common::write(d, "c.toml", "game = \"nauticus\"\nplayer = \"C\"\n[inputs]\ntrack = 30\n");
    let out = crate::common::deckhand(d).args(["check", "a.toml", "b.toml"]).assert().code(1);
    assert!(crate::common::stdout(&out).contains("track_floor_2_players"), "{}", crate::common::stdout(&out));
    crate::common::deckhand(d).args(["check", "a.toml", "b.toml", "c.toml"]).assert().success();
    crate::common::write(d, "a.toml", "game = \"nauticus\"\nplayer = \"A\"\n[inputs]\ntrack = -14\n");
    crate::common::deckhand(d).args(["check", "a.toml", "b.toml"]).assert().success();
    crate::common::write(d, "a.toml", "game = \"nauticus\"\nplayer = \"A\"\n[inputs]\ntrack = -21\n");
    crate::common::deckhand(d).args(["check", "a.toml", "b.toml", "c.toml"]).assert().code(1);
}

// ---------------------------------------------------------------------------------------
// 14. A tie note explains every tie-break level used.
// ---------------------------------------------------------------------------------------

#[test]
fn a_three_way_tie_note_explains_every_tie_break_used() {
    // Nauticus (seed 002, as extracted): "Bei Punkte gleichstand gewinnt der Spieler mit dem
    // meisten Restgeld 0 1 oder 2 Taler Herrscht auch hier Gleichstand gewinnt der Spieler
    // der insgesamt noch am meisten Taler hat". Both levels decide here, and the note
    // says so.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // 40 points each: track + Taler / 3. A: 14 Taler (2 left), B: 11 (2 left), C: 12 (0).
    crate::common::write(d, "a.toml", "game = \"nauticus\"\nplayer = \"A\"\n[inputs]\ntrack = 36\ncash = 14\n");
    crate::common::write(d, "b.toml", "game = \"nauticus\"\nplayer = \"B\"\n[inputs]\ntrack = 37\ncash = 11\n");
    crate::common::write(d, "c.toml", "game = \"nauticus\"\nplayer = \"C\"\n[inputs]\ntrack = 36\ncash = 12\n");
    let out = crate::common::deckhand(d).args(["score", "a.toml", "b.toml", "c.toml"]).assert().success();
    let text = crate::common::stdout(&out);
    assert!(
        text.contains(
            "Tie: A, B and C tie on 40 points; decided by most leftover Taler (0-2) (A 2, B 2, C 0); \
             then between A and B by most Taler in all (A 14, B 11)."
        ),
        "{text}"
    );
    assert_eq!(crate::common::row(&text, "A")[0], "1");
    assert_eq!(crate::common::row(&text, "B")[0], "2");
    let out =
        crate::common::deckhand(d).args(["--lang", "de", "score", "a.toml", "b.toml", "c.toml"]).assert().success();
    assert!(crate::common::stdout(&out).contains("; dann zwischen A und B nach meiste Taler insgesamt (A 14, B 11)"));
}

// ---------------------------------------------------------------------------------------
// Rules files written before these options keep loading, with the defaults.
// ---------------------------------------------------------------------------------------

#[test]
fn a_rules_file_without_the_new_options_loads_with_their_defaults() {
    let text = deckhand::games::built_in("fleet-dice").unwrap().source.text.clone();
    let new = [
        "shrimp_coins_face",
        "star_action_targets",
        "start_launch_pays_cod_coin",
        "ruth_town_joker",
        "swordfish_timing",
    ];
    let old: String = text
        .lines()
        .filter(|l| !new.iter().any(|k| l.starts_with(&format!("{k} ="))))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(!old.contains("swordfish_timing ="));
    let rules = deckhand::games::from_source(deckhand::games::Source::new("old.toml", old)).unwrap();
    let built_in = crate::common::fleet();
    assert_eq!(rules.fleet().unwrap().options, built_in.options);
}
