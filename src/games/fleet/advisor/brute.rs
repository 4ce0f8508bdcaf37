//! A check of the advisor's exact values, written the plain way: every answer of a
//! question played out exhaustively to the end of the game — the asking player's every
//! later decision tried in full, the other players answering as the greedy policy does,
//! every casino reroll gone through face by face — through the public `Game` interface
//! only (`decision`, `pending`, `apply_index`, `apply_index_by`, typed dice), with no
//! memory of positions, no pruning and none of the search's code. Slow, and only for
//! positions where no roll of the pool is left (the tests and the exactness benchmark).

use super::{outcome, question, Answer, NoQuestion, Policy};
use crate::games::fleet::game::{Ask, Face, Game, Input};
use crate::games::FleetRules;
use crate::rng::Rng;

/// Every answer of `player`'s open question (None: the one at the front), as the advisor
/// lists them (at a pick, each pick-and-use pair), with its exact expected final score and
/// chance to finish first for the asking player.
pub fn brute_force(
    rules: &FleetRules,
    game: &Game,
    player: Option<usize>,
) -> Result<Vec<(Answer, f64, f64)>, NoQuestion> {
    let d = question(rules, game, player)?;
    let p = d.player.expect("a player's question");
    let front = game.decision(rules).is_some_and(|f| f.player == Some(p));
    let mut out = Vec::new();
    for (index, choice) in d.options.iter().enumerate() {
        let mut g = game.clone();
        g.set_quiet(true);
        let done = if front { g.apply_index(rules, index) } else { g.apply_index_by(rules, p, index) };
        done.expect("an option");
        let uses = match (&d.ask, g.decision(rules)) {
            (Ask::Pick { .. }, Some(u)) if u.player == Some(p) && matches!(u.ask, Ask::Use { .. }) => u.options,
            _ => Vec::new(),
        };
        for (j, use_) in uses.iter().enumerate() {
            let mut h = g.clone();
            h.apply_index(rules, j).expect("a use");
            let (mean, win) = value(rules, &h, p);
            out.push((Answer { choice: *choice, index, then: Some((*use_, j)) }, mean, win));
        }
        if uses.is_empty() {
            let (mean, win) = value(rules, &g, p);
            out.push((Answer { choice: *choice, index, then: None }, mean, win));
        }
    }
    Ok(out)
}

/// The expected final score and chance to finish first of player `p` in `game`.
fn value(rules: &FleetRules, game: &Game, p: usize) -> (f64, f64) {
    let Some(d) = game.decision(rules) else {
        let (score, won) = outcome(rules, game, p);
        return (f64::from(score), if won { 1.0 } else { 0.0 });
    };
    if let Some(spec) = d.roll {
        assert_eq!(spec.boat + spec.town, 1, "only rerolls are left to chance");
        let faces = Face::faces_of_kind(rules, spec.boat == 1);
        let (mut mean, mut win) = (0.0, 0.0);
        for f in &faces {
            let mut g = game.clone();
            g.apply(rules, &Input::Roll { faces: vec![f.key(rules).into_owned()], digital: true }).expect("a face");
            let (m, w) = value(rules, &g, p);
            mean += m;
            win += w;
        }
        return (mean / faces.len() as f64, win / faces.len() as f64);
    }
    if d.player == Some(p) {
        let mut best: Option<(f64, f64)> = None;
        for i in 0..d.options.len() {
            let mut g = game.clone();
            g.apply_index(rules, i).expect("an option");
            let v = value(rules, &g, p);
            if best.is_none_or(|b| v > b) {
                best = Some(v);
            }
        }
        return best.expect("options");
    }
    let i = Policy::Greedy.choose(rules, game, &d, &mut Rng::new(0));
    let mut g = game.clone();
    g.apply_index(rules, i).expect("the greedy option");
    value(rules, &g, p)
}

/// A question of the last dice phase of a seeded game of `names.len()` players (one: solo)
/// with `setup`'s modules: the game played to its last roll of the pool by seats that play
/// greedy or at random (by the seed), then on at random; one of the questions with two
/// answers or more met on the way, at the front or in the window (its game and player).
pub fn last_question(
    rules: &FleetRules,
    names: &[String],
    setup: crate::games::fleet::game::Setup,
    seed: u64,
) -> Option<(Game, usize)> {
    let mut rng = Rng::for_roll(seed, 0xE7AC7);
    let seats: Vec<Policy> =
        names.iter().map(|_| if rng.below(3) == 0 { Policy::Random } else { Policy::Greedy }).collect();
    let mut game = Game::new(rules, names, setup);
    game.set_quiet(true);
    while game.rolls_ahead() {
        if !super::step(rules, &mut game, &seats, &mut rng) {
            return None;
        }
    }
    let mut found: Vec<(Game, usize)> = Vec::new();
    while let Some(front) = game.decision(rules) {
        for d in game.pending(rules) {
            let Some(p) = d.player else { continue };
            if question(rules, &game, Some(p)).is_ok() && d.options.len() > 1 {
                found.push((game.clone(), p));
            }
        }
        match front.roll {
            Some(_) => game.apply_random_roll(rules, &mut rng).expect("a roll"),
            None => game.apply_index(rules, rng.below(front.options.len())).expect("an option"),
        }
    }
    if found.is_empty() {
        return None;
    }
    let i = rng.below(found.len());
    Some(found.swap_remove(i))
}
