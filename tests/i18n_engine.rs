//! The Fleet engine in German and French: prompts, options, reminders, illegal answers and
//! sheet checks read in the chosen language, with no English left in them.

use deckhand::games::fleet::check_game;
use deckhand::games::fleet::game::Input;
use deckhand::games::fleet::session::Session;
use deckhand::text::fleet_check::{fix, message};
use deckhand::text::Lang;

use crate::common::{fleet, sheet, Table as T};

const COD_START: &str = "[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\n";

/// English words that must not appear in German or French text. Box ids (`cod.5`,
/// `cod_boat.2`) and answer keys are language-neutral and skipped.
const ENGLISH: [&str; 14] = [
    "coin", "coins", "boat", "boats", "license", "launched", "fish", "pick", "mark", "the", "and", "round", "shared",
    "star",
];

fn assert_no_english(text: &str) {
    assert!(!text.contains("pick a die"), "English left in: {text}");
    for word in text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '`')) {
        let word = word.trim_end_matches('.');
        if word.contains('.') || word.contains('_') || word.contains('`') {
            continue;
        }
        assert!(!ENGLISH.contains(&word.to_lowercase().as_str()), "English word `{word}` in: {text}");
    }
}

fn table(sheets: &[&str]) -> T {
    let mut t = T::new(1, sheets);
    t.notices();
    t
}

fn prompt(t: &T, lang: Lang) -> String {
    t.prompt_in(lang)
}

fn labels(t: &T, lang: Lang) -> Vec<String> {
    t.labels_in(lang)
}

#[test]
fn a_b_circle_launches_a_boat_in_german() {
    let mut t = table(&["[marks]\ncod = 4\ncod_license = 1\ncod_boat = 1", COD_START]);
    t.roll("cod lobster oyster");
    let p = prompt(&t, Lang::De);
    assert_eq!(p, "P0: wähle einen Würfel (Kabeljau, Hummer, Auster)");
    assert_no_english(&p);
    t.choose("cod");
    assert_eq!(prompt(&t, Lang::De), "P0: nutze den Würfel Kabeljau");
    let l = labels(&t, Lang::De);
    assert_eq!(l[0], "Kabeljau 5 — setzt ein Boot ein", "{l:?}");
    for label in &l {
        assert_no_english(label);
    }
    t.choose("mark");
    let n = t.notices_in(Lang::De);
    assert!(n.contains("P0: Boot 2 (Kabeljau) eingesetzt"), "{n}");
    assert!(n.contains("+1 Münze (Kabeljaulizenz, Boot eingesetzt), 1 auf der Münzleiste"), "{n}");
    assert_no_english(&n);
}

#[test]
fn a_b_circle_launches_a_boat_in_french() {
    let mut t = table(&["[marks]\ncod = 4\ncod_license = 1\ncod_boat = 1", COD_START]);
    t.roll("cod lobster oyster");
    let p = prompt(&t, Lang::Fr);
    assert_eq!(p, "P0 : choisissez un dé (morue, homard, huître)");
    t.choose("cod");
    let l = labels(&t, Lang::Fr);
    assert_eq!(l[0], "morue 5 — met un bateau à l'eau", "{l:?}");
    for label in &l {
        assert_no_english(label);
    }
    t.choose("mark");
    let n = t.notices_in(Lang::Fr);
    assert!(n.contains("P0 : bateau 2 (morue) mis à l'eau"), "{n}");
    assert!(n.contains("+1 pièce (permis de morue, bateau mis à l'eau), 1 sur la piste des pièces"), "{n}");
    assert_no_english(&n);
}

#[test]
fn three_coins_and_a_star_use_plural_forms() {
    for (lang, want) in [
        (Lang::De, "+3 Münzen (Drei Münzen), 5 auf der Münzleiste; 1 Stern: Stern-Aktion"),
        (Lang::Fr, "+3 pièces (Trois pièces), 5 sur la piste des pièces ; 1 étoile : action étoile"),
        (Lang::En, "+3 coins (3 coins), 5 on the track; 1 star: star action"),
    ] {
        let mut t = table(&["[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\ncoin = 2\n", COD_START]);
        t.roll("coins lobster oyster");
        t.answers(&["coins", "coins"]);
        let n = t.notices_in(lang);
        assert!(n.contains(want), "{lang}: {n}");
        let p = prompt(&t, lang);
        if lang != Lang::En {
            assert_no_english(&n);
            assert_no_english(&p);
        }
    }
}

#[test]
fn a_whole_session_from_the_start_speaks_german_and_french() {
    let rules = fleet();
    for lang in [Lang::De, Lang::Fr] {
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let mut s = Session::new(&rules, &names);
        let mut seen = Vec::new();
        let mut steps = 0;
        while let Some(d) = s.game.decision(&rules) {
            seen.push(deckhand::text::fleet::prompt(&rules, &s.game, &d, lang));
            seen.extend(d.options.iter().map(|o| deckhand::text::fleet::option_label(&rules, &s.game, &d, o, lang)));
            let input = match d.roll {
                Some(spec) => {
                    let mut faces = vec!["cod".to_string(); spec.boat as usize];
                    faces.extend(vec!["market".to_string(); spec.town as usize]);
                    Input::Roll { faces, digital: false }
                }
                None => Input::Choice(d.options.last().expect("an option").key(&rules, &s.game).into_owned()),
            };
            let events = s.apply(&rules, input).expect("a legal answer");
            seen.extend(events.iter().map(|e| deckhand::text::fleet::event(&rules, &s.game, e, lang)));
            steps += 1;
            if steps > 60 {
                break;
            }
        }
        assert!(seen.len() > 20, "{lang}: {seen:?}");
        for text in &seen {
            assert_no_english(text);
        }
        let all = seen.join("\n");
        match lang {
            Lang::De => assert!(all.contains("Startwurf") && all.contains("Runde 1 von"), "{all}"),
            _ => assert!(all.contains("lancer de départ") && all.contains("Manche 1 sur"), "{all}"),
        }
    }
}

#[test]
fn an_illegal_answer_is_explained_in_german() {
    let mut t = table(&["[marks]\ncod = 4\ncod_license = 1\ncod_boat = 1", COD_START]);
    t.roll("cod lobster oyster");
    let e = t.g.apply(&t.rules, &Input::Choice("swordfish".into())).unwrap_err();
    assert_eq!(
        deckhand::text::fleet::refusal(&t.rules, &t.g, &e, Lang::De),
        "`swordfish` ist keine gültige Antwort auf „P0: wähle einen Würfel (Kabeljau, Hummer, Auster)“"
    );
    let e = t.g.apply(&t.rules, &Input::Roll { faces: vec!["cod".into()], digital: false }).unwrap_err();
    let why = deckhand::text::fleet::refusal(&t.rules, &t.g, &e, Lang::De);
    assert!(why.ends_with("ist kein Würfelwurf"), "{why}");
}

#[test]
fn a_sheet_violation_in_german_and_french_keeps_its_english_rule_id() {
    let rules = fleet();
    let text = "player = \"Ann\"\n[marks]\ncod = \"x x x\"\ncod_license = \"x\"\ncod_boat = \"x\"\ncoin = 12\nlobster = \"/\"\n";
    let v = check_game(&rules, &[sheet(&rules, text)]);
    assert_eq!(v.len(), 1, "{v:?}");
    assert_eq!(v[0].rule.id(), "crossed-without-solo");
    let de = message(&rules, &v[0], Lang::De);
    assert_eq!(
        de,
        "lobster.1 ist durchgestrichen, aber nur Kapitänin Ruth streicht Kästchen durch, in der Solovariante"
    );
    assert_no_english(&de);
    assert_no_english(&fix(&rules, &v[0], Lang::De).replace("solo = true", ""));
    let fr = message(&rules, &v[0], Lang::Fr);
    assert!(fr.starts_with("lobster.1 est barrée, mais seule la capitaine Ruth"), "{fr}");
    let en = message(&rules, &v[0], Lang::En);
    assert_eq!(en, "lobster.1 is crossed off, but only Captain Ruth crosses boxes off, in a solo game");
}

#[test]
fn the_example_cards_warning_is_said_in_the_language_it_is_shown_in() {
    let rules = fleet();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let setup = deckhand::games::fleet::game::Setup { solo: false, captains: true, trophies: false };
    let mut s = Session::with_setup(&rules, &names, setup);
    let events = s.game.take_events();
    let n: Vec<String> = events.iter().map(|e| deckhand::text::fleet::event(&rules, &s.game, e, Lang::De)).collect();
    assert!(n.iter().any(|t| t.starts_with("Kapitäns- und Trophäenkarten")), "{n:?}");
    for text in &n {
        assert_no_english(&text.replace("--rules", ""));
    }
}
