//! The review after a game: the game replayed input by input, and each player's final
//! score split into parts that add up:
//!
//! `score = start + luck − skill + edge + table + noise`
//!
//! Every position of the game is valued once for every player by the same playouts (the
//! expected final score with every seat playing the playout policy from there, the dice of
//! playout `k` the same in every position: `V`). Each input moves a player's `V`: a roll,
//! a start die or a card moves it by `luck` (on average 0: the dice are the dice); another
//! player's choice by `table` (0 when they answer as the policy would); the player's own
//! choice by `edge − cost`. Its `cost` (summed: `skill`) is what the answer lost against
//! the advisor's best answer, both valued on the same dice futures (common random numbers)
//! by playouts other than those that chose the best (a held-out re-estimate, free of the
//! upward bias of taking a maximum); `edge` is the rest: how much the best answer was
//! worth over the policy's own play there. `start` is `V` of the first position, `score`
//! the final score (or, in a game not over, `V` now), and `noise` what the parts leave
//! over (every part is a difference of the same estimates, so only rounding).

use std::collections::HashMap;

use super::search::Value;
use super::{estimate, question, run, search, Advice, Estimate, Policy, Settings, Tally};
use crate::games::fleet::game::{Ask, Game, Input, Kind, Setup};
use crate::games::FleetRules;

/// A decision of a player, weighed.
#[derive(Debug, Clone, PartialEq)]
pub struct Weighed {
    /// The place of the answer among the game's effective inputs (0-based).
    pub input: usize,
    /// The round it was made in.
    pub round: u32,
    /// The game before the decision (to name its options).
    pub game: Game,
    /// The advisor's figures for every answer (`advice.best` its best).
    pub advice: Advice,
    /// The answer the player gave (an index into `advice.estimates`).
    pub chosen: usize,
    /// The best answer's expected final score, re-estimated by other playouts.
    pub best_points: f64,
    /// The chosen answer's, by the same playouts.
    pub chosen_points: f64,
}

impl Weighed {
    /// Expected points the player's answer lost against the advisor's best: the held-out
    /// estimates' difference (below 0 when the other playouts found the chosen answer the
    /// better one).
    pub fn lost(&self) -> f64 {
        self.best_points - self.chosen_points
    }
}

/// One player's review: the parts of their score.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerReview {
    /// Seat index.
    pub player: usize,
    /// The final score (in a game not over: the expected final score now).
    pub score: f64,
    /// The expected final score at the start.
    pub start: f64,
    /// What the chance the table dealt (rolls, start dice, cards) moved it by.
    pub luck: f64,
    /// Expected points lost to choices against the advisor's best answers.
    pub skill: f64,
    /// What the best answers to this player's questions were worth over the playout
    /// policy's own answers (and what the player's answers gained beyond the loss).
    pub edge: f64,
    /// What the other players' choices moved it by.
    pub table: f64,
    /// What the parts leave over: `score − (start + luck − skill + edge + table)`.
    pub noise: f64,
    /// The weighed decisions, the costliest first.
    pub decisions: Vec<Weighed>,
}

/// Who moved the game on with an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mover {
    /// Chance: a roll, a start die, a card.
    Chance,
    /// A player's choice.
    Player(usize),
}

/// Values positions by the held-out playouts, each position once.
struct Valuer<'a> {
    rules: &'a FleetRules,
    settings: Settings,
    seats: Vec<Policy>,
    known: HashMap<u64, Vec<Tally>>,
}

impl<'a> Valuer<'a> {
    fn new(rules: &'a FleetRules, settings: &Settings, players: usize) -> Valuer<'a> {
        // Other playouts than those that choose the best: another seed, every position
        // the whole budget.
        let settings = Settings {
            seed: settings.seed ^ 0x4E1D_0A7E_5EED_0B0B,
            prune: false,
            budget: super::Budget { time: None, ..settings.budget },
            ..*settings
        };
        Valuer { rules, settings, seats: vec![settings.policy; players], known: HashMap::new() }
    }

    /// Value every position of `games` not valued yet.
    fn value(&mut self, games: Vec<Game>) {
        let mut todo: Vec<Game> = Vec::new();
        let mut keys: Vec<u64> = Vec::new();
        for g in games {
            let key = g.state_hash();
            if !self.known.contains_key(&key) && !keys.contains(&key) {
                keys.push(key);
                todo.push(g);
            }
        }
        if todo.is_empty() {
            return;
        }
        let tallies = run(self.rules, &todo, &self.seats, &self.settings, |_| Vec::new());
        self.known.extend(keys.into_iter().zip(tallies));
    }

    /// Player `p`'s value of a position valued already.
    fn get(&self, game: &Game, p: usize) -> Value {
        self.known[&game.state_hash()][p].value()
    }
}

/// Replay the inputs of a game and review every player. `inputs` are a session's effective
/// answers (`Session::inputs`). `progress` is told how many of the decisions to weigh are
/// weighed (done, of all).
pub fn review(
    rules: &FleetRules,
    names: &[String],
    setup: Setup,
    inputs: &[(Option<usize>, Input)],
    settings: &Settings,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<PlayerReview> {
    let n = names.len();
    // The positions, and who moved the game on from each.
    let mut game = Game::new(rules, names, setup);
    game.set_quiet(true);
    let mut states = vec![game.clone()];
    let mut movers: Vec<Mover> = Vec::new();
    for (by, input) in inputs {
        let d = match by {
            Some(p) => game.pending(rules).into_iter().find(|d| d.player == Some(*p)),
            None => game.decision(rules),
        };
        let Some(d) = d else { break };
        let chance = d.roll.is_some() || matches!(d.kind(), Kind::StartDie | Kind::StartPlayer | Kind::Draw);
        let applied = match by {
            Some(p) => game.apply_by(rules, *p, input),
            None => game.apply(rules, input),
        };
        if applied.is_err() {
            break;
        }
        movers.push(match d.player {
            Some(p) if !chance => Mover::Player(p),
            _ => Mover::Chance,
        });
        states.push(game.clone());
    }
    let mut valuer = Valuer::new(rules, settings, n);
    valuer.value(states.clone());
    // The decisions to weigh: every choice with more than one answer (a pick's use is
    // weighed with the pick).
    let mut weighed: Vec<Option<Weighed>> = vec![None; movers.len()];
    let todo: Vec<usize> = (0..movers.len())
        .filter(|&i| {
            matches!(movers[i], Mover::Player(_))
                && !(i > 0 && is_use_after_pick(rules, &states[i - 1], &inputs[i - 1], &states[i]))
        })
        .collect();
    progress(0, todo.len());
    for (done, &i) in todo.iter().enumerate() {
        let after_pick =
            i > 0 && matches!(movers[i - 1], Mover::Player(_)) && is_pick(rules, &states[i - 1], &inputs[i - 1]);
        weighed[i] = weigh(rules, &states[i], inputs, i, after_pick, settings, &mut valuer);
        progress(done + 1, todo.len());
    }
    let finished = states.last().is_some_and(Game::finished);
    (0..n)
        .map(|p| {
            let v = |t: usize| valuer.get(&states[t], p).mean;
            let start = v(0);
            let mut r = PlayerReview {
                player: p,
                score: v(states.len() - 1),
                start,
                luck: 0.0,
                skill: 0.0,
                edge: 0.0,
                table: 0.0,
                noise: 0.0,
                decisions: Vec::new(),
            };
            for (t, mover) in movers.iter().enumerate() {
                let moved = v(t + 1) - v(t);
                match mover {
                    Mover::Chance => r.luck += moved,
                    Mover::Player(q) if *q != p => r.table += moved,
                    Mover::Player(_) => {
                        let cost = weighed[t].as_ref().map_or(0.0, Weighed::lost);
                        r.skill += cost;
                        r.edge += moved + cost;
                    }
                }
            }
            if finished {
                let last = states.last().expect("the first position at least");
                r.score = f64::from(super::outcome(rules, last, p).0);
            }
            r.noise = r.score - (r.start + r.luck - r.skill + r.edge + r.table);
            r.decisions = weighed.iter().flatten().filter(|w| w.advice.player == p).cloned().collect();
            r.decisions.sort_by(|a, b| b.lost().total_cmp(&a.lost()).then(a.input.cmp(&b.input)));
            r
        })
        .collect()
}

/// Input `input` answered a pick of a player at the front of `before`.
fn is_pick(rules: &FleetRules, before: &Game, input: &(Option<usize>, Input)) -> bool {
    input.0.is_none() && before.decision(rules).is_some_and(|d| matches!(d.ask, Ask::Pick { .. }))
}

/// The input after `before` answered a pick, and `after` asks the same player the use of
/// the picked die: that use is weighed with the pick.
fn is_use_after_pick(rules: &FleetRules, before: &Game, input: &(Option<usize>, Input), after: &Game) -> bool {
    is_pick(rules, before, input)
        && after.decision(rules).is_some_and(|d| {
            matches!(d.ask, Ask::Use { shared: false, .. }) && d.player == before.decision(rules).and_then(|b| b.player)
        })
}

/// The advisor's figures for input `i`, a player's choice, and which of its answers the
/// player gave, with the best and the chosen answer re-estimated by `valuer`'s playouts;
/// None for a decision with one option, or one the player did not choose (the use after
/// a pick is weighed with the pick).
fn weigh(
    rules: &FleetRules,
    game: &Game,
    inputs: &[(Option<usize>, Input)],
    i: usize,
    after_pick: bool,
    settings: &Settings,
    valuer: &mut Valuer,
) -> Option<Weighed> {
    let (by, Input::Choice(key)) = &inputs[i] else { return None };
    let d = question(rules, game, *by).ok()?;
    let p = d.player?;
    let index = d.keys(rules, game).iter().position(|k| k.eq_ignore_ascii_case(key.trim()))?;
    // The use that follows a pick: the next input, if it is this player's at the front.
    let then = match d.ask {
        Ask::Pick { .. } => {
            let mut after = game.clone();
            after.set_quiet(true);
            after.apply_index(rules, index).ok()?;
            let use_ = after.decision(rules).filter(|u| u.player == Some(p))?;
            match inputs.get(i + 1) {
                Some((None, Input::Choice(k))) => {
                    Some(use_.keys(rules, &after).iter().position(|x| x.eq_ignore_ascii_case(k.trim()))?)
                }
                _ => return None,
            }
        }
        // Weighed with the pick before it.
        Ask::Use { shared: false, .. } if after_pick => return None,
        _ => None,
    };
    let answers = if matches!(d.ask, Ask::Pick { .. }) { 2 } else { d.options.len() };
    if answers < 2 {
        return None;
    }
    let s = search(rules, game, *by, settings).ok()?;
    if s.answers.len() < 2 {
        return None;
    }
    let solo = game.players.len() == 1;
    let estimates: Vec<Estimate> = s.answers.iter().map(|(a, n)| estimate(*a, &s.values[*n], solo)).collect();
    let mut best = 0;
    for (j, e) in estimates.iter().enumerate() {
        if super::better(e, &estimates[best]) {
            best = j;
        }
    }
    let chosen = s.answers.iter().position(|(a, _)| a.index == index && a.then.map(|(_, j)| j) == then)?;
    // The best and the chosen answer, each along its best line by these playouts, valued
    // by the held-out ones.
    let (best_node, chosen_node) = (s.answers[best].1, s.answers[chosen].1);
    let mut leaves = Vec::new();
    s.tree.line_leaves(best_node, &s.values, &mut leaves);
    s.tree.line_leaves(chosen_node, &s.values, &mut leaves);
    valuer.value(leaves.iter().map(|l| s.tree.leaves[*l].clone()).collect());
    let leaf = |l: usize| valuer.get(&s.tree.leaves[l], p);
    let best_points = s.tree.line_value(best_node, &s.values, &leaf).mean;
    let chosen_points = s.tree.line_value(chosen_node, &s.values, &leaf).mean;
    let advice = Advice { player: p, decision: s.decision, estimates, best, exact: s.exact };
    Some(Weighed { input: i, round: game.round, game: game.clone(), advice, chosen, best_points, chosen_points })
}

/// The choices a player made among `inputs[from..to]` (the answers of one act at the
/// table), each weighed — with a pick just before `from` whose use is among them, weighed
/// with its use: what `--coach` looks at after a person answers. The game is replayed from
/// its start.
pub fn weigh_since(
    rules: &FleetRules,
    names: &[String],
    setup: Setup,
    inputs: &[(Option<usize>, Input)],
    (from, to): (usize, usize),
    settings: &Settings,
) -> Vec<Weighed> {
    let start = from.saturating_sub(1);
    let mut game = Game::new(rules, names, setup);
    game.set_quiet(true);
    let mut valuer = Valuer::new(rules, settings, names.len());
    let mut after_pick = false;
    let mut out = Vec::new();
    for (i, (by, input)) in inputs.iter().enumerate().take(to) {
        let d = game.decision(rules);
        let chance = d.as_ref().is_some_and(|d| {
            by.is_none() && (d.roll.is_some() || matches!(d.kind(), Kind::StartDie | Kind::StartPlayer | Kind::Draw))
        });
        let is_pick = by.is_none() && d.as_ref().is_some_and(|d| matches!(d.ask, Ask::Pick { .. }));
        // The answer just before this act counts only as the pick of a use in it.
        if i >= start && !chance && (i >= from || is_pick) {
            if let Some(w) = weigh(rules, &game, inputs, i, after_pick, settings, &mut valuer) {
                out.push(w);
            }
        }
        let applied = match by {
            Some(p) => game.apply_by(rules, *p, input),
            None => game.apply(rules, input),
        };
        if applied.is_err() {
            break;
        }
        after_pick = is_pick;
    }
    out
}
