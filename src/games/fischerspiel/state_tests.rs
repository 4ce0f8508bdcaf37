//! Unit tests of the Fischerspiel state machine (`state.rs`).

use super::*;

// Colours and fish sizes of the built-in rules, by index.
const GREEN: usize = 0;
const RED: usize = 2;
const SMALL: usize = 0;
const MEDIUM: usize = 1;
const GIANT: usize = 3;

fn rules() -> FischerspielRules {
    crate::games::built_in("fischerspiel").unwrap().fischerspiel().unwrap().clone()
}

fn ev(text: &str) -> Event {
    let w: Vec<&str> = text.split_whitespace().collect();
    let s = |i: usize| w[i].to_string();
    match w[0] {
        "wind" if w.len() == 1 => Event::Wind { side: None },
        "wind" => Event::Wind { side: Some(serde_json::from_str(&format!("\"{}\"", w[1])).unwrap()) },
        "sail" => Event::Sail { boat: s(1) },
        "catch" => Event::Catch { boat: s(1), fish: s(2) },
        "transfer" => Event::Transfer { from: s(1), to: s(2), fish: s(3) },
        "dump" => Event::Dump { boat: s(1), fish: s(2) },
        "home" => Event::Home { boat: s(1) },
        "stuck" => Event::Stuck,
        "undo" => Event::Undo,
        other => panic!("{other}"),
    }
}

fn play(rules: &FischerspielRules, players: u32, variant: &str, events: &[&str]) -> Timeline {
    let setup = Setup::new(rules, players, variant, None, None).unwrap();
    let mut t = Timeline::new(State::new(setup));
    for e in events {
        t.push(rules, &ev(e)).unwrap_or_else(|v| panic!("{e}: {v:?}"));
    }
    t
}

#[test]
fn eight_fish_at_every_player_count() {
    let r = rules();
    for players in 2..=6 {
        let setup = Setup::new(&r, players, "base", None, None).unwrap();
        assert_eq!(setup.total_fish(), 8, "{players} players");
        assert_eq!(setup.boats.len(), players as usize);
    }
    let five = Setup::new(&r, 5, "base", None, None).unwrap();
    assert_eq!(five.fish, vec![3, 3, 1, 1]);
    assert!(Setup::new(&r, 7, "base", None, None).is_err());
}

#[test]
fn a_group_too_small_for_a_fish_is_refused() {
    let r = rules();
    let err = Setup::new(&r, 3, "base", None, Some(&[("giant".into(), 1), ("medium".into(), 6)])).unwrap_err();
    assert_eq!(err, SetupError::CannotLift { players: 3, fish: GIANT });
    let err = Setup::new(&r, 2, "base", None, Some(&[("small".into(), 4)])).unwrap_err();
    assert_eq!(err, SetupError::BoxHas { fish: SMALL, asked: 4 });
    let err = Setup::new(&r, 2, "base", Some(&["green".into(), "red".into()]), None).unwrap_err();
    assert_eq!(err, SetupError::BoatSets { players: 2 });
    assert!(Setup::new(&r, 2, "base", Some(&["grey".into(), "red".into()]), None).is_ok());
}

#[test]
fn landing_2_4_6_8_takes_a_marker_away_each_time() {
    let r = rules();
    let t = play(&r, 2, "base", &["wind", "wind", "wind", "sail green", "catch green small", "catch green small"]);
    assert_eq!(t.current().wind, 3);
    let t2 = {
        let mut t = t.clone();
        t.push(&r, &ev("home green")).unwrap();
        t
    };
    let s = t2.current();
    assert_eq!((s.wind, s.landed_total()), (2, 2));
    assert!(s.effects.contains(&Effect::Relief { landed: 2, wind: 2 }));
}

#[test]
fn landing_all_8_takes_4_markers_away() {
    let r = rules();
    let mut events = vec!["wind"; 5];
    events.extend(["sail green", "sail blue", "catch green small", "catch green medium", "catch green medium"]);
    events.extend(["catch blue small", "catch blue medium", "catch blue medium", "home green", "home blue"]);
    events.extend(["sail green", "sail blue", "catch green medium", "catch blue medium", "home green"]);
    let mut t = play(&r, 2, "base", &events);
    assert_eq!((t.current().wind, t.current().landed_total()), (2, 7), "2, 4 and 6 landed: 3 markers off");
    let s = t.push(&r, &ev("home blue")).unwrap();
    assert_eq!((s.wind, s.landed_total(), s.outcome), (1, 8, Some(Outcome::Won)));
    assert!(s.effects.contains(&Effect::Relief { landed: 8, wind: 1 }));
}

#[test]
fn relief_with_no_marker_leaves_the_wind_at_0() {
    let r = rules();
    let t = play(&r, 2, "base", &["sail green", "catch green small", "catch green small", "home green"]);
    let s = t.current();
    assert_eq!(s.wind, 0);
    assert!(s.effects.contains(&Effect::ReliefNoMarker { landed: 2 }));
}

#[test]
fn two_thresholds_at_once_take_two_markers() {
    let r = rules();
    let mut events = vec!["wind"; 5];
    events.extend(["sail green", "sail blue", "catch green medium", "catch green medium", "catch green small"]);
    events.extend(["catch blue small", "home blue"]);
    let mut t = play(&r, 2, "base", &events);
    assert_eq!((t.current().wind, t.current().landed_total()), (5, 1));
    let s = t.push(&r, &ev("home green")).unwrap(); // 1 → 4 landed: thresholds 2 and 4
    assert_eq!((s.wind, s.landed_total()), (3, 4));
    assert!(s.effects.contains(&Effect::Relief { landed: 2, wind: 4 }));
    assert!(s.effects.contains(&Effect::Relief { landed: 4, wind: 3 }));
}

#[test]
fn from_wind_6_boats_carry_2_and_a_full_boat_throws_one_back() {
    let r = rules();
    let t = play(
        &r,
        2,
        "base",
        &["sail green", "sail blue", "catch green small", "catch green medium", "catch green medium"],
    );
    let full = FischerspielRefusal::Full { boat: GREEN, cap: 3, wind: 0 };
    assert_eq!(apply(&r, t.current(), &ev("catch green small")).unwrap_err(), full);
    let mut t = t;
    for _ in 0..5 {
        t.push(&r, &ev("wind")).unwrap();
    }
    let s = t.push(&r, &ev("wind")).unwrap().clone();
    assert_eq!(s.wind, 6);
    assert!(s.effects.contains(&Effect::Capacity { fish: 2 }));
    assert!(s.effects.contains(&Effect::MustDump { boat: 0 }));
    let err = apply(&r, &s, &ev("home green")).unwrap_err();
    assert_eq!(err, FischerspielRefusal::MustDump { boat: GREEN, load: 3, cap: 2, wind: 6, others: vec![] });
    let s = t.push(&r, &ev("dump green medium")).unwrap().clone();
    assert!(s.must_dump.is_empty());
    assert_eq!(s.sea[1], 5);
    assert!(apply(&r, &s, &ev("transfer green blue small")).is_ok());
    let full = FischerspielRefusal::Full { boat: GREEN, cap: 2, wind: 6 };
    assert_eq!(apply(&r, &s, &ev("catch green small")).unwrap_err(), full);
}

#[test]
fn win_when_all_fish_are_landed_and_all_boats_home() {
    let r = rules();
    let mut events = vec!["sail green", "sail blue"];
    // 2 players: 2 small + 6 medium; a medium fish needs both boats at sea.
    events.extend(["catch green small", "catch green medium", "catch green medium"]);
    events.extend(["catch blue small", "catch blue medium", "catch blue medium", "home green", "home blue"]);
    events.extend(["sail green", "sail blue", "catch green medium", "catch blue medium", "home green"]);
    let t = play(&r, 2, "base", &events);
    assert_eq!(t.current().outcome, None, "blue is still at sea");
    let mut t = t;
    let s = t.push(&r, &ev("home blue")).unwrap();
    assert_eq!(s.outcome, Some(Outcome::Won));
    assert_eq!(s.landed_total(), 8);
    assert_eq!(apply(&r, s, &ev("wind")).unwrap_err(), FischerspielRefusal::Over(Outcome::Won));
}

#[test]
fn lose_at_wind_12_and_undo_takes_it_back() {
    let r = rules();
    let mut t = play(&r, 3, "strategy1", &["wind"; 11]);
    assert_eq!(t.current().outcome, None);
    let s = t.push(&r, &ev("wind")).unwrap();
    assert_eq!((s.wind, s.outcome), (12, Some(Outcome::LostToHurricane)));
    let s = t.push(&r, &ev("undo")).unwrap();
    assert_eq!((s.wind, s.outcome), (11, None));
    assert_eq!(t.len(), 11);
}

#[test]
fn strategy_2_has_a_direction_drift_and_can_get_stuck() {
    let r = rules();
    let setup = Setup::new(&r, 4, "strategy2", None, None).unwrap();
    let s = State::new(setup);
    assert_eq!(apply(&r, &s, &ev("wind")).unwrap_err(), FischerspielRefusal::NeedSide);
    let mut t = Timeline::new(s);
    for _ in 0..5 {
        t.push(&r, &ev("wind north")).unwrap();
    }
    let s = t.push(&r, &ev("wind")).unwrap().clone();
    assert_eq!(s.direction, Some(Side::North));
    assert!(s.effects.contains(&Effect::Drift { squares: 1 }));
    assert!(t.push(&r, &Event::Direction { side: Side::West }).is_ok());
    t.push(&r, &ev("sail red")).unwrap();
    assert!(t.push(&r, &Event::Direction { side: Side::East }).is_err(), "no wind change just now");
    for _ in 0..3 {
        t.push(&r, &ev("wind")).unwrap();
    }
    assert!(t.current().effects.contains(&Effect::Drift { squares: 2 }));
    assert_eq!(t.current().direction, Some(Side::West));
    assert_eq!(t.push(&r, &ev("stuck")).unwrap().outcome, Some(Outcome::LostStuck));
    // No direction and no stuck in the base game.
    let base = play(&r, 2, "base", &[]);
    let base_variant = base.current().setup.variant;
    let no_direction = FischerspielRefusal::WindHasNoDirection { variant: base_variant };
    assert_eq!(apply(&r, base.current(), &ev("wind north")).unwrap_err(), no_direction);
    assert_eq!(apply(&r, base.current(), &ev("stuck")).unwrap_err(), FischerspielRefusal::StuckWithoutDrift);
}

#[test]
fn catching_needs_a_boat_at_sea_fish_left_and_enough_boats_to_lift_it() {
    let r = rules();
    let t = play(&r, 4, "base", &["sail green"]);
    let s = t.current();
    let why = |event: &str| apply(&r, s, &ev(event)).unwrap_err();
    assert_eq!(why("catch red small"), FischerspielRefusal::InHarbour { boat: RED });
    assert_eq!(why("catch green medium"), FischerspielRefusal::NeedsBoats { fish: MEDIUM, boats: 2, at_sea: 1 });
    assert_eq!(why("catch green giant"), FischerspielRefusal::NoneLeft { fish: GIANT });
    let in_play = s.boats.iter().map(|b| b.colour).collect();
    assert_eq!(why("catch purple small"), FischerspielRefusal::NoBoat { typed: "purple".into(), in_play });
    assert!(apply(&r, s, &ev("catch grün klein")).is_ok(), "klein is the German word for small");
    assert_eq!(why("catch vert geant"), FischerspielRefusal::NoneLeft { fish: GIANT });
    assert!(apply(&r, s, &ev("catch grün kleiner Fisch")).is_err());
    assert!(apply(&r, s, &Event::Catch { boat: "grün".into(), fish: "kleiner fisch".into() }).is_ok());
}
