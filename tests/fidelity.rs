//! Issue #16, rules fidelity: one regression test per finding of the audit against the
//! rulebooks (`../shared/seeds/`), each quoting the sentence it follows. Where a rulebook
//! allows two readings, the choice is a named option of `[options]`; the tests cover the
//! default and the other reading.

use crate::common::{fleet_with, Table as T};

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
        t.labels_in("en").iter().any(|l| l.contains("shrimp license: as shrimp + 1 star action(s)")),
        "{:?}",
        t.labels_in("en")
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
    assert!(t.labels_in("en").iter().any(|l| l.contains("as 3 coins and 1 more type(s) + 1 star action(s)")));
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
        t.labels_in("en").iter().any(|l| l == "shrimp license: as 3 coins + 1 star action(s)"),
        "{:?}",
        t.labels_in("en")
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
