//! A random player: at every decision it picks uniformly among the legal options and rolls
//! digital dice, going through the same `Session` API the CLI uses. It is the basis of the
//! property tests and the simulation benchmark.

use super::game::{Face, Input, RollSpec, Setup};
use super::session::Session;
use crate::games::FleetRules;
use crate::rng::Rng;

/// Roll `spec` dice with `rng`: town faces first, then boat faces (the order typed at the table).
pub fn roll(rules: &FleetRules, spec: RollSpec, rng: &mut Rng) -> Vec<String> {
    let mut faces = Vec::new();
    for (count, boat) in [(spec.town, false), (spec.boat, true)] {
        let options = Face::faces_of_kind(rules, boat);
        for _ in 0..count {
            faces.push(options[rng.below(options.len())].key(rules).into_owned());
        }
    }
    faces
}

/// One random decision for the session's current state; None when the game is over.
pub fn random_input(rules: &FleetRules, session: &Session, rng: &mut Rng) -> Option<Input> {
    let d = session.game.decision(rules)?;
    Some(match d.roll {
        Some(spec) => Input::Roll { faces: roll(rules, spec, rng), digital: true },
        None => Input::Choice(d.options[rng.below(d.options.len())].key(rules, &session.game).into_owned()),
    })
}

/// Play a whole game with random decisions.
pub fn play(rules: &FleetRules, names: &[String], setup: Setup, seed: u64) -> Session {
    let mut rng = Rng::new(seed);
    let mut session = Session::with_setup(rules, names, setup);
    while let Some(input) = random_input(rules, &session, &mut rng) {
        session.apply(rules, input).expect("random player only makes legal decisions");
    }
    session
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fleet::check_game;

    #[test]
    fn random_games_finish_and_their_sheets_follow_the_rules() {
        let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        for seed in 0..40 {
            let n = 1 + (seed % 4) as usize;
            let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
            let setup = Setup { solo: n == 1, captains: seed % 3 == 0, trophies: seed % 2 == 0 };
            let s = play(&rules, &names, setup, seed);
            assert!(s.game.finished());
            assert_eq!(s.game.round, if n == 1 { 8 } else { 10 });
            let sheets: Vec<_> = s.game.players.iter().map(|p| p.sheet.clone()).collect();
            let v = check_game(&rules, &sheets);
            assert!(v.is_empty(), "seed {seed}: {v:#?}");
        }
    }
}
