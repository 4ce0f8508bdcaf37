//! The review after a game: the game replayed decision by decision, every choice a player
//! made with more than one option weighed by the advisor, and per player the points the
//! choices lost against the advisor's best answer (`skill`) and how far the chance the
//! table dealt them — rolls, start dice, cards — moved their expected final score (`luck`:
//! the expected score after each roll minus before it, on alike playouts).

use super::{advise, question, run, Estimate, Settings, EMPTY};
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
    pub advice: super::Advice,
    /// The answer the player gave (an index into `advice.estimates`).
    pub chosen: usize,
}

impl Weighed {
    /// Expected points the player's answer lost against the advisor's best (never below 0).
    pub fn lost(&self) -> f64 {
        let a = &self.advice.estimates;
        (a[self.advice.best].mean - a[self.chosen].mean).max(0.0)
    }
}

/// One player's review.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerReview {
    /// Seat index.
    pub player: usize,
    /// Expected points lost to choices, summed over every weighed decision.
    pub skill: f64,
    /// Expected points the chance dealt gained (or lost, below 0), summed.
    pub luck: f64,
    /// The weighed decisions, the costliest first.
    pub decisions: Vec<Weighed>,
}

/// Replay the inputs of a game and review every player. `inputs` are a session's effective
/// answers (`Session::inputs`).
pub fn review(
    rules: &FleetRules,
    names: &[String],
    setup: Setup,
    inputs: &[(Option<usize>, Input)],
    settings: &Settings,
) -> Vec<PlayerReview> {
    let n = names.len();
    let mut out: Vec<PlayerReview> =
        (0..n).map(|p| PlayerReview { player: p, skill: 0.0, luck: 0.0, decisions: Vec::new() }).collect();
    let mut game = Game::new(rules, names, setup);
    game.take_events();
    let mut after_pick = false;
    let mut i = 0;
    while i < inputs.len() {
        let (by, input) = &inputs[i];
        let seed = settings.seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let chance = game.decision(rules).is_some_and(|d| {
            by.is_none() && (d.roll.is_some() || matches!(d.kind(), Kind::StartDie | Kind::StartPlayer | Kind::Draw))
        });
        let mut next = game.clone();
        let applied = match by {
            Some(p) => next.apply_by(rules, *p, input),
            None => next.apply(rules, input),
        };
        if applied.is_err() {
            break;
        }
        next.take_events();
        if chance {
            // Luck: every player's expected score after the chance minus before it.
            let here = Settings { seed, ..*settings };
            let seats = vec![settings.policy; n];
            for (p, review) in out.iter_mut().enumerate() {
                let tallies = run(rules, &[&game, &next], p, &seats, &here, false);
                let (before, after) = (tallies[0].estimate(EMPTY, true), tallies[1].estimate(EMPTY, true));
                review.luck += after.mean - before.mean;
            }
        } else if let Some(w) = weigh(rules, &game, inputs, i, after_pick, &Settings { seed, ..*settings }) {
            out[w.advice.player].decisions.push(w);
        }
        after_pick = by.is_none() && game.decision(rules).is_some_and(|d| matches!(d.ask, Ask::Pick { .. }));
        game = next;
        i += 1;
    }
    for review in &mut out {
        review.skill = review.decisions.iter().map(Weighed::lost).sum();
        review.decisions.sort_by(|a, b| b.lost().total_cmp(&a.lost()).then(a.input.cmp(&b.input)));
    }
    out
}

/// The advisor's figures for input `i`, a player's choice, and which of its answers the
/// player gave; None for a decision with one option, or one the player did not choose (the
/// use after a pick is weighed with the pick).
fn weigh(
    rules: &FleetRules,
    game: &Game,
    inputs: &[(Option<usize>, Input)],
    i: usize,
    after_pick: bool,
    settings: &Settings,
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
    let advice = advise(rules, game, *by, settings).ok()?;
    let chosen = advice
        .estimates
        .iter()
        .position(|e: &Estimate| e.answer.index == index && e.answer.then.map(|(_, j)| j) == then)?;
    if advice.estimates.len() < 2 {
        return None;
    }
    Some(Weighed { input: i, round: game.round, game: game.clone(), advice, chosen })
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
            if let Some(w) = weigh(rules, &game, inputs, i, after_pick, settings) {
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
