//! The served table's tests: the table's refusals said in the table's language with the
//! status a page is told, and the views rendered once per version.

use super::*;
use crate::games::fleet::entry::Entries;
use crate::games::fleet::game::{Dice, Setup};
use crate::games::fleet::session::Session;
use crate::games::fleet::setup::FleetSetup;
use crate::serve::Hosted;
use crate::store::save::{Header, Setup as SaveSetup};

/// A served table of Ann and Bob with digital dice (its save `g.jsonl` in `dir`).
fn served(dir: &std::path::Path) -> Served {
    let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
    let names: Vec<String> = ["Ann", "Bob"].iter().map(|n| n.to_string()).collect();
    let setup = FleetSetup { dice: Dice::Digital, seed: Some(4), ..FleetSetup::default() };
    let stamp = crate::store::save::RulesStamp { hash: "0".into(), text: None };
    let header = Header::new("fleet-dice", stamp, names.clone(), SaveSetup::new("fleet", setup));
    let journal = Journal::create(&dir.join("g.jsonl"), &header).unwrap();
    let session = Session::with_setup(&rules, &names, Setup::default());
    let words = crate::text::fleet_entry::vocabulary(&rules, Lang::En);
    let opts = Entries { ask_all: true };
    let standings: StandingsFn = |_, _, _, _| unreachable!("no final table here");
    Served::new(
        Arc::new(Shared::new(FleetTable::new(rules, setup, opts, session, journal, 0, words))),
        Lang::En,
        standings,
    )
}

#[test]
fn a_refusal_is_said_in_the_tables_language_with_its_status() {
    let dir = tempfile::tempdir().unwrap();
    let t = served(dir.path());
    let (seen, front) = t.shared.read(|t| (t.version(), t.offers(Screen::Host).remove(0)));
    let crate::games::fleet::table::Slot::Seat(p) = front.slot else { panic!("a seat picks") };
    let key = t.shared.read(|t| front.decision.options[0].key(&t.rules, &t.session().game).into_owned());
    // Another seat's question.
    let theirs = t.answer(1 - p, seen, Said::links(&[&key])).unwrap_err();
    assert_eq!(theirs.status, Status::Theirs);
    assert_eq!(theirs.text, format!("This is {}'s question: {} answers it on their own page.", t.names[p], t.names[p]));
    // Not an option: the engine's refusal with the legal keys.
    let illegal = t.answer(p, seen, Said::links(&["kraken"])).unwrap_err();
    assert_eq!(illegal.status, Status::Conflict);
    assert!(illegal.text.contains("kraken") && !illegal.legal.is_empty(), "{illegal:?}");
    // Answered, then the same tap again: already answered.
    t.answer(p, seen, Said::links(&[&key])).unwrap();
    let again = t.answer(p, seen, Said::links(&[&key])).unwrap_err();
    assert_eq!(again.status, Status::Conflict);
    assert!(again.text.starts_with("That decision was already answered"), "{again:?}");
    // An undo from a page that saw an older version.
    assert_eq!(t.undo(p, seen).unwrap_err().status, Status::Conflict);
}

#[test]
fn a_view_is_rendered_once_per_version_with_the_log_of_what_happened() {
    let dir = tempfile::tempdir().unwrap();
    let t = served(dir.path());
    let renders = std::cell::Cell::new(0);
    let render = |_: &FleetTable<Journal>, log: &[String]| {
        renders.set(renders.get() + 1);
        log.join("\n")
    };
    let (v, first) = t.rendered(0, 0, render);
    let (again, same) = t.rendered(0, 0, render);
    assert_eq!((v, renders.get()), (again, 1), "one rendering per version");
    assert!(std::sync::Arc::ptr_eq(&first, &same));
    assert!(first.lines().next().is_some_and(|l| l.contains("rolls")), "the last line first: {first}");
}
