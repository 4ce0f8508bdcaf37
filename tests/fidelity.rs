//! Issue #16, rules fidelity: one regression test per finding of the audit against the
//! rulebooks (`../shared/seeds/`), each quoting the sentence it follows. Where a rulebook
//! allows two readings, the choice is a named option of `[options]`; the tests cover the
//! default and the other reading.

use crate::common::Table as T;

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
