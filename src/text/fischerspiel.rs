//! Fischerspiel's tracker in words: the names of boats and fish sizes, why an event cannot
//! happen (`FischerspielRefusal`) and why a setup is not possible (`SetupError`). The tracker itself
//! (`games::fischerspiel::state`) only decides.

use crate::games::fischerspiel::model::FischerspielRules;
use crate::games::fischerspiel::state::{FischerspielRefusal, Outcome, SetupError};
use crate::t;
use crate::text::Lang;

/// A boat's name by its colour (index into `rules.boats`): `green`, `grün`, `vert`.
pub fn boat_name(rules: &FischerspielRules, colour: usize, lang: Lang) -> &str {
    rules.boats[colour].name.get(lang)
}

/// A fish size's name (index into `rules.fish`): `small fish`.
pub(crate) fn fish_name(rules: &FischerspielRules, fish: usize, lang: Lang) -> &str {
    rules.fish[fish].name.get(lang)
}

/// Why an event cannot happen.
pub fn refusal(rules: &FischerspielRules, r: &FischerspielRefusal, lang: Lang) -> String {
    let boat = |c: &usize| boat_name(rules, *c, lang);
    let fish = |f: &usize| fish_name(rules, *f, lang);
    match r {
        FischerspielRefusal::NoBoat { typed, in_play } => {
            let list: Vec<&str> = in_play.iter().map(boat).collect();
            t!(lang, "games.fischerspiel.err.no_boat", id = typed, list = list.join(", "))
        }
        FischerspielRefusal::NotSize { typed } => {
            let list = rules.fish.iter().map(|f| f.word.get(lang)).collect::<Vec<_>>().join(", ");
            t!(lang, "games.fischerspiel.err.not_size", id = typed, list = list)
        }
        FischerspielRefusal::Over(Outcome::Won) => t!(lang, "games.fischerspiel.err.over_won"),
        FischerspielRefusal::Over(_) => t!(lang, "games.fischerspiel.err.over_lost"),
        FischerspielRefusal::UndoOutsideTimeline => t!(lang, "games.fischerspiel.err.undo_timeline"),
        FischerspielRefusal::MustDump { boat: b, load, cap, wind, others } => {
            let mut text = t!(
                lang,
                "games.fischerspiel.err.must_dump",
                boat = boat(b),
                n = load,
                cap = cap,
                wind = wind,
                id = boat(b)
            );
            if !others.is_empty() {
                let names: Vec<&str> = others.iter().map(boat).collect();
                text.push_str(&t!(
                    lang,
                    "games.fischerspiel.err.must_dump_also",
                    boats = names.join(", "),
                    n = names.len()
                ));
            }
            text
        }
        FischerspielRefusal::WindHasNoDirection { variant } => {
            t!(lang, "games.fischerspiel.err.no_direction_wind", variant = rules.variants[*variant].name.get(lang))
        }
        FischerspielRefusal::NeedSide => t!(lang, "games.fischerspiel.err.need_side"),
        FischerspielRefusal::NoDirection { variant } => {
            t!(lang, "games.fischerspiel.err.no_direction", variant = rules.variants[*variant].name.get(lang))
        }
        FischerspielRefusal::TurnOnlyAfterWindChange => t!(lang, "games.fischerspiel.err.turn_after_change"),
        FischerspielRefusal::AlreadyAtSea { boat: b } => t!(lang, "games.fischerspiel.err.at_sea", boat = boat(b)),
        FischerspielRefusal::InHarbour { boat: b } => {
            t!(lang, "games.fischerspiel.err.in_harbour", boat = boat(b), id = boat(b))
        }
        FischerspielRefusal::NoneLeft { fish: f } => t!(lang, "games.fischerspiel.err.none_left", fish = fish(f)),
        FischerspielRefusal::NeedsBoats { fish: f, boats, at_sea } => {
            t!(lang, "games.fischerspiel.err.needs_boats", fish = fish(f), boats = boats, n = at_sea)
        }
        FischerspielRefusal::Full { boat: b, cap, wind } => {
            t!(lang, "games.fischerspiel.err.full", boat = boat(b), n = cap, wind = wind)
        }
        FischerspielRefusal::TransferToItself => t!(lang, "games.fischerspiel.err.transfer_self"),
        FischerspielRefusal::TransferInHarbour => t!(lang, "games.fischerspiel.err.transfer_at_sea"),
        FischerspielRefusal::CarriesNo { boat: b, fish: f } => {
            t!(lang, "games.fischerspiel.err.carries_no", boat = boat(b), fish = fish(f))
        }
        FischerspielRefusal::AlreadyHome { boat: b } => t!(lang, "games.fischerspiel.err.already_home", boat = boat(b)),
        FischerspielRefusal::StuckWithoutDrift => t!(lang, "games.fischerspiel.err.stuck_only"),
        FischerspielRefusal::NothingToUndo => t!(lang, "games.fischerspiel.err.nothing_to_undo"),
    }
}

/// Why a setup is not possible.
pub fn setup_error(rules: &FischerspielRules, e: &SetupError, lang: Lang) -> String {
    match e {
        SetupError::Players { players } => t!(
            lang,
            "games.fischerspiel.err.players",
            game = rules.name.get(lang),
            min = rules.min_players,
            max = rules.max_players,
            players = players
        ),
        SetupError::UnknownVariant { variant } => {
            let ids: Vec<&str> = rules.variants.iter().map(|v| v.id.as_str()).collect();
            let said = t!(lang, "games.fischerspiel.err.unknown_variant", variant = variant, list = ids.join(", "));
            meant(said, variant, &ids, lang)
        }
        SetupError::UnknownBoat { id } => {
            let ids: Vec<&str> = rules.boats.iter().map(|b| b.id.as_str()).collect();
            meant(t!(lang, "games.fischerspiel.err.unknown_boat", id = id, list = ids.join(", ")), id, &ids, lang)
        }
        SetupError::BoatSets { players } => {
            let sets: Vec<String> = rules.setups[players]
                .boats
                .iter()
                .map(|set| set.iter().map(|b| rules.boats[*b].id.as_str()).collect::<Vec<_>>().join(","))
                .collect();
            let sets = sets.join(&t!(lang, "games.fischerspiel.err.or"));
            t!(lang, "games.fischerspiel.err.boat_sets", players = players, sets = sets)
        }
        SetupError::UnknownFish { id } => {
            let words: Vec<String> = rules.fish.iter().map(|f| f.word.get(lang).to_string()).collect();
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let said = t!(lang, "games.fischerspiel.err.unknown_fish", id = id, list = words.join(", "));
            meant(said, id, &words, lang)
        }
        SetupError::BoxHas { fish, asked } => t!(
            lang,
            "games.fischerspiel.err.box_has",
            n = rules.fish[*fish].in_box,
            fish = fish_name(rules, *fish, lang),
            asked = asked
        ),
        SetupError::CannotLift { players, fish } => t!(
            lang,
            "games.fischerspiel.err.cannot_lift",
            players = players,
            fish = fish_name(rules, *fish, lang),
            n = rules.fish[*fish].boats
        ),
        SetupError::NoFish => t!(lang, "games.fischerspiel.err.no_fish"),
    }
}

/// A refusal said in `lang`, with the word of `known` meant (`source::with_meant`).
fn meant(said: String, typed: &str, known: &[&str], lang: Lang) -> String {
    crate::source::with_meant(crate::msg!("cli.error.said", text = said), typed, known).text(lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fischerspiel::state::{apply, Event, Setup, State, Timeline};

    fn rules() -> FischerspielRules {
        crate::games::built_in("fischerspiel").unwrap().fischerspiel().unwrap().clone()
    }

    fn ev(text: &str) -> Event {
        let w: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        match w[0].as_str() {
            "wind" if w.len() == 1 => Event::Wind { side: None },
            "sail" => Event::Sail { boat: w[1].clone() },
            "catch" => Event::Catch { boat: w[1].clone(), fish: w[2].clone() },
            "dump" => Event::Dump { boat: w[1].clone(), fish: w[2].clone() },
            "home" => Event::Home { boat: w[1].clone() },
            other => panic!("{other}"),
        }
    }

    fn play(rules: &FischerspielRules, players: u32, variant: &str, events: &[&str]) -> Timeline {
        let mut t = Timeline::new(State::new(Setup::new(rules, players, variant, None, None).unwrap()));
        for e in events {
            t.push(rules, &ev(e)).unwrap_or_else(|v| panic!("{e}: {v:?}"));
        }
        t
    }

    #[test]
    fn a_setup_refused_says_why() {
        let r = rules();
        let why = |boats: Option<&[String]>, fish: Option<&[(String, u32)]>, players: u32| {
            setup_error(&r, &Setup::new(&r, players, "base", boats, fish).unwrap_err(), Lang::En)
        };
        let err = why(None, Some(&[("giant".into(), 1), ("medium".into(), 6)]), 3);
        assert!(err.contains("3 players cannot lift a giant fish"), "{err}");
        let err = why(None, Some(&[("small".into(), 4)]), 2);
        assert!(err.contains("the box has 3 small fish"), "{err}");
        let err = why(Some(&["green".into(), "red".into()]), None, 2);
        assert!(err.contains("green,blue or red,grey"), "{err}");
        let err = setup_error(&r, &Setup::new(&r, 9, "base", None, None).unwrap_err(), Lang::Fr);
        assert_eq!(err, "Le jeu des pêcheurs se joue de 2 à 6 joueurs, pas à 9");
    }

    #[test]
    fn why_an_event_cannot_happen_in_english() {
        let r = rules();
        let said = |s: &State, event: &str| refusal(&r, &apply(&r, s, &ev(event)).unwrap_err(), Lang::En);
        let full = ["sail green", "sail blue", "catch green small", "catch green medium", "catch green medium"];
        let mut t = play(&r, 2, "base", &full);
        assert!(said(t.current(), "catch green small").contains("full: 3 fish"));
        for _ in 0..6 {
            t.push(&r, &ev("wind")).unwrap();
        }
        let err = said(t.current(), "home green");
        assert!(err.contains("throws one back first"), "{err}");
        t.push(&r, &ev("dump green medium")).unwrap();
        assert!(said(t.current(), "catch green small").contains("full: 2 fish at wind 6"));

        let strategy = State::new(Setup::new(&r, 4, "strategy2", None, None).unwrap());
        assert!(said(&strategy, "wind").contains("wind north"));

        let t = play(&r, 4, "base", &["sail green"]);
        let s = t.current();
        assert!(said(s, "catch red small").contains("sail red"));
        assert!(said(s, "catch green medium").contains("needs 2 boats"));
        assert!(said(s, "catch green giant").contains("no giant fish is left"));
        assert!(said(s, "catch purple small").contains("no `purple` boat"));
        assert!(said(s, "catch vert geant").contains("no giant fish is left"));

        let mut events = vec!["sail green", "sail blue"];
        events.extend(["catch green small", "catch green medium", "catch green medium"]);
        events.extend(["catch blue small", "catch blue medium", "catch blue medium", "home green", "home blue"]);
        events.extend(["sail green", "sail blue", "catch green medium", "catch blue medium", "home green"]);
        events.push("home blue");
        let won = play(&r, 2, "base", &events);
        assert!(said(won.current(), "wind").contains("game is over"));
    }

    #[test]
    fn why_an_event_cannot_happen_is_said_in_the_tables_language() {
        let r = rules();
        let t = play(&r, 4, "base", &["sail green"]);
        let s = t.current();
        let why = |event: &str, lang: Lang| refusal(&r, &apply(&r, s, &ev(event)).unwrap_err(), lang);
        assert_eq!(why("sail green", Lang::De), "Boot grün ist schon auf See");
        assert_eq!(why("sail green", Lang::Fr), "le bateau vert est déjà en mer");
        assert_eq!(why("catch green giant", Lang::De), "in der Strömung ist kein Riesenfisch mehr");
        assert_eq!(
            why("catch red small", Lang::Fr),
            "le bateau rouge est dans son port ; on pêche en mer (saisissez d'abord `sortir rouge`)"
        );
        let mut t = Timeline::new(State::new(Setup::new(&r, 2, "base", None, None).unwrap()));
        assert_eq!(refusal(&r, &t.push(&r, &Event::Undo).unwrap_err(), Lang::De), "es gibt nichts zurückzunehmen");
    }
}
