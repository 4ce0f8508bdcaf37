//! A check of the advisor's exact values, written the plain way: every answer of a
//! question played out exhaustively to the end of the game — the asking player's every
//! later decision tried in full, the other players answering as the greedy policy does,
//! every casino reroll gone through face by face — through the public `Game` interface
//! only (`decision`, `pending`, `apply_index`, `apply_index_by`, typed dice), with no
//! memory of positions, no pruning and none of the search's code. Slow, and only for
//! positions where no roll of the pool is left (the tests and the exactness benchmark).

use super::{question, rank, result, Aim, Answer, NoQuestion, Policy};
use crate::games::fleet::game::{Ask, Face, Game, Input};
use crate::games::FleetRules;
use crate::rng::Rng;

/// Every answer of `player`'s open question (None: the one at the front), as the advisor
/// lists them (at a pick, each pick-and-use pair), with its exact expected final score and
/// chance to finish first for the asking player, their later decisions the best for the
/// expected final score.
pub fn brute_force(
    rules: &FleetRules,
    game: &Game,
    player: Option<usize>,
) -> Result<Vec<(Answer, f64, f64)>, NoQuestion> {
    Ok(brute_force_for(rules, game, player, Aim::Score)?.into_iter().map(|(a, e)| (a, e.mean, e.win)).collect())
}

/// An answer's exact figures for the asking player.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Exact {
    /// Expected final score.
    pub mean: f64,
    /// Chance to finish first.
    pub win: f64,
    /// Expected lead over the best other player at the end.
    pub lead: f64,
}

impl Exact {
    /// Better than `other` for `aim`, as the advisor weighs answers.
    fn better(&self, other: &Exact, aim: Aim) -> bool {
        rank(aim, self.mean, self.win, self.lead) > rank(aim, other.mean, other.win, other.lead)
    }
}

/// `brute_force`, the asking player's later decisions the best for `aim`, every answer
/// with its exact score, chance to win and lead.
pub fn brute_force_for(
    rules: &FleetRules,
    game: &Game,
    player: Option<usize>,
    aim: Aim,
) -> Result<Vec<(Answer, Exact)>, NoQuestion> {
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
            out.push((Answer { choice: *choice, index, then: Some((*use_, j)) }, value(rules, &h, p, aim)));
        }
        if uses.is_empty() {
            out.push((Answer { choice: *choice, index, then: None }, value(rules, &g, p, aim)));
        }
    }
    Ok(out)
}

/// The expected final score, chance to finish first and lead of player `p` in `game`, their
/// decisions the best for `aim`.
fn value(rules: &FleetRules, game: &Game, p: usize, aim: Aim) -> Exact {
    let Some(d) = game.decision(rules) else {
        let (mean, win, lead) = result(rules, game, p);
        return Exact { mean, win, lead };
    };
    if let Some(spec) = d.roll {
        assert_eq!(spec.boat + spec.town, 1, "only rerolls are left to chance");
        let faces = Face::faces_of_kind(rules, spec.boat == 1);
        let mut sum = Exact { mean: 0.0, win: 0.0, lead: 0.0 };
        for f in &faces {
            let mut g = game.clone();
            g.apply(rules, &Input::Roll { faces: vec![f.key(rules).into_owned()], digital: true }).expect("a face");
            let v = value(rules, &g, p, aim);
            (sum.mean, sum.win, sum.lead) = (sum.mean + v.mean, sum.win + v.win, sum.lead + v.lead);
        }
        let n = faces.len() as f64;
        return Exact { mean: sum.mean / n, win: sum.win / n, lead: sum.lead / n };
    }
    if d.player == Some(p) {
        let mut best: Option<Exact> = None;
        for i in 0..d.options.len() {
            let mut g = game.clone();
            g.apply_index(rules, i).expect("an option");
            let v = value(rules, &g, p, aim);
            if best.is_none_or(|b| v.better(&b, aim)) {
                best = Some(v);
            }
        }
        return best.expect("options");
    }
    let i = Policy::Greedy.choose(rules, game, &d, &mut Rng::new(0));
    let mut g = game.clone();
    g.apply_index(rules, i).expect("the greedy option");
    value(rules, &g, p, aim)
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
