//! The review after a game: the game replayed input by input, and each player's final
//! score split into parts that add up:
//!
//! `score = start + luck − skill + table + noise`
//!
//! `V` is a position's value: the expected final score with every seat playing the playout
//! policy (the reference: greedy) from there, estimated by one set of playouts (the dice of
//! playout `k` the same in every position). The inputs of the game fall into runs: chance
//! (rolls, start dice, cards), a player's own choices, another player's choices. What a
//! chance run moved a player's `V` by is `luck` (on average 0: the dice are the dice),
//! another player's run `table` (0 when they answer as the policy would). A player's own
//! choice is weighed on its own futures (playouts seeded for that decision alone, the
//! same futures for every answer: common random numbers): its `cost` (summed: `skill`) is
//! what the answer lost against the reference policy's own answer there, `V` before the
//! answer less `V` after it (0 when the player answers as the policy would). Summed along
//! a game this telescopes (the performance-difference lemma) to what the player's choices
//! lost against the reference's own play, with no gain of a maximum counted at every step.
//! Apart from the sum: `lost` is what the answer lost against the advisor's best answer
//! (the best chosen by the search's playouts, both re-estimated by the decision's
//! held-out ones: free of the upward bias of taking a maximum), and `edge` what the best
//! answer was worth over the reference's own answer (`lost = cost + edge` but for the
//! chain after the answer: the advisor's best line there, the policy's in `cost`).
//! `start` is `V` of the first position, `score` the final score (or, in a game not over,
//! `V` now), and `noise` what the parts leave over: the difference between the two
//! estimates of what the player's own runs moved `V` by (the table's playouts and each
//! decision's), on average 0 and shrinking with more playouts.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::search::Value;
use super::{question, run, search, Advice, Policy, Settings, Tally};
use crate::games::fleet::game::{Ask, Game, Input, Kind, Setup};
use crate::games::FleetRules;

/// A decision of a player, weighed.
#[derive(Debug, Clone, PartialEq)]
pub struct Weighed {
    /// The place of the answer among the game's effective inputs (0-based).
    pub input: usize,
    /// The inputs the decision spans: its answer, and at a pick the use that follows (1 or
    /// 2).
    pub span: usize,
    /// The round it was made in.
    pub round: u32,
    /// The game before the decision (to name its options).
    pub game: Game,
    /// The advisor's figures for every answer (`advice.best` its best).
    pub advice: Advice,
    /// The answer the player gave (an index into `advice.estimates`).
    pub chosen: usize,
    /// The best answer's expected final score, re-estimated by the decision's held-out
    /// playouts.
    pub best_points: f64,
    /// The chosen answer's, by the same playouts.
    pub chosen_points: f64,
    /// The player's value before the answer (`V`: the reference policy's own answer here
    /// and its play after), by the same playouts.
    pub reference_points: f64,
    /// The player's value after the answer given (and the reference policy's play after
    /// it), by the same playouts.
    pub played_points: f64,
}

impl Weighed {
    /// Expected points the player's answer lost against the reference policy's own answer
    /// (`V` before less `V` after it): summed, the player's `skill`. Exactly 0 for the
    /// policy's own answer at the front; below 0 for an answer better than the policy's.
    pub fn cost(&self) -> f64 {
        self.reference_points - self.played_points
    }

    /// Expected points the player's answer lost against the advisor's best: the held-out
    /// estimates' difference (below 0 when the other playouts found the chosen answer the
    /// better one). Not a part of the sum: what `review` lists per decision.
    pub fn lost(&self) -> f64 {
        self.best_points - self.chosen_points
    }

    /// What the advisor's best answer was worth over the reference policy's own answer
    /// here (with the advisor's best line after it). Not a part of the sum.
    pub fn edge(&self) -> f64 {
        self.best_points - self.reference_points
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
    /// Expected points lost to choices against the reference policy's own answers (each
    /// decision's `cost`; below 0 when the choices beat the policy's).
    pub skill: f64,
    /// Not a part of the sum: what the advisor's best answers to this player's questions
    /// were worth over the reference policy's own answers (each decision's `edge`).
    pub edge: f64,
    /// What the other players' choices moved it by.
    pub table: f64,
    /// What the parts leave over: `score − (start + luck − skill + table)`, the estimation
    /// noise of the player's own runs.
    pub noise: f64,
    /// The weighed decisions, the costliest first.
    pub decisions: Vec<Weighed>,
}

/// Who moved the game on with an input, and how the review counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mover {
    /// Chance: a roll, a start die, a card.
    Chance,
    /// A player's choice, weighed (or one with a single option).
    Player(usize),
    /// A player's choice the review could not weigh: its move counts in `skill` by the
    /// table's playouts.
    Unweighed(usize),
}

/// The settings of held-out playouts: the whole budget for every start, another seed.
fn held_out(settings: &Settings, salt: u64) -> Settings {
    let seed = crate::rng::Rng::for_roll(settings.seed ^ 0x4E1D_0A7E_5EED_0B0B, salt).next_u64();
    Settings { seed, prune: false, budget: super::Budget { time: None, ..settings.budget }, ..*settings }
}

/// Values positions by one set of playouts, each position once.
struct Valuer<'a> {
    rules: &'a FleetRules,
    settings: Settings,
    seats: Vec<Policy>,
    known: HashMap<u64, Vec<Tally>>,
}

impl<'a> Valuer<'a> {
    fn new(rules: &'a FleetRules, settings: Settings, players: usize) -> Valuer<'a> {
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
        let (tallies, _) = run(self.rules, &todo, &self.seats, &self.settings, None, |_, _, _| Vec::new());
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
    review_on(rules, names, setup, inputs, settings, progress, None)
}

/// The table's playouts' salt (`held_out`); each decision's is its input's place.
const TABLE: u64 = u64::MAX;

/// `review`, each decision weighed on futures of its own (`same`: None) or on the table's
/// (`Some(TABLE)`: then the parts leave no noise but rounding, which checks that every
/// input is counted once).
fn review_on(
    rules: &FleetRules,
    names: &[String],
    setup: Setup,
    inputs: &[(Option<usize>, Input)],
    settings: &Settings,
    progress: &mut dyn FnMut(usize, usize),
    same: Option<u64>,
) -> Vec<PlayerReview> {
    let n = names.len();
    // The positions, and who moved the game on from each.
    let mut game = Game::new(rules, names, setup);
    game.set_quiet(true);
    let mut states = vec![game.clone()];
    let mut movers: Vec<Mover> = Vec::new();
    let mut options: Vec<usize> = Vec::new();
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
        options.push(d.options.len());
        states.push(game.clone());
    }
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
    // The decisions are weighed apart from each other, on every core at once (each on one
    // thread: its figures are the same whatever the threads); this thread tells the
    // progress as they come in.
    let one = Settings { threads: 1, ..*settings };
    let next = AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel::<(usize, Option<Weighed>)>();
    std::thread::scope(|scope| {
        for _ in 0..super::threads(settings.threads).min(todo.len()) {
            let (tx, next, todo, states, movers) = (tx.clone(), &next, &todo, &states, &movers);
            scope.spawn(move || {
                while let Some(&i) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let after_pick = i > 0
                        && matches!(movers[i - 1], Mover::Player(_))
                        && is_pick(rules, &states[i - 1], &inputs[i - 1]);
                    if tx.send((i, weigh(rules, &states[i], inputs, i, after_pick, &one, same))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (done, (i, w)) in rx.iter().enumerate() {
            weighed[i] = w;
            progress(done + 1, todo.len());
        }
    });
    // A choice of several answers no weighed decision spans counts by the table's playouts.
    let mut spanned = vec![false; movers.len()];
    for w in weighed.iter().flatten() {
        spanned[w.input..(w.input + w.span).min(movers.len())].iter_mut().for_each(|s| *s = true);
    }
    for (t, m) in movers.iter_mut().enumerate() {
        if let Mover::Player(p) = *m {
            if !spanned[t] && options[t] > 1 {
                *m = Mover::Unweighed(p);
            }
        }
    }
    // The runs of inputs by one mover, and the table's playouts' values at their ends.
    let mut runs: Vec<(usize, usize, Mover)> = Vec::new();
    for (t, m) in movers.iter().enumerate() {
        match runs.last_mut() {
            Some(run) if run.2 == *m => run.1 = t + 1,
            _ => runs.push((t, t + 1, *m)),
        }
    }
    let mut valuer = Valuer::new(rules, held_out(settings, TABLE), n);
    let mut ends: Vec<Game> = vec![states[0].clone()];
    ends.extend(runs.iter().map(|r| states[r.1].clone()));
    valuer.value(ends);
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
            for &(from, to, mover) in &runs {
                let moved = v(to) - v(from);
                match mover {
                    Mover::Chance => r.luck += moved,
                    Mover::Player(q) | Mover::Unweighed(q) if q != p => r.table += moved,
                    Mover::Unweighed(_) => r.skill -= moved,
                    Mover::Player(_) => {}
                }
            }
            r.decisions = weighed.iter().flatten().filter(|w| w.advice.player == p).cloned().collect();
            for w in &r.decisions {
                r.skill += w.cost();
                r.edge += w.edge();
            }
            if finished {
                let last = states.last().expect("the first position at least");
                r.score = f64::from(super::outcome(rules, last, p).0);
            }
            r.noise = r.score - (r.start + r.luck - r.skill + r.table);
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
/// player gave, with the best and the chosen answer re-estimated by held-out playouts
/// seeded for this decision alone (the same futures for both, and for the positions
/// before and after the answer); None for a decision with one option, or one the player
/// did not choose (the use after a pick is weighed with the pick).
fn weigh(
    rules: &FleetRules,
    game: &Game,
    inputs: &[(Option<usize>, Input)],
    i: usize,
    after_pick: bool,
    settings: &Settings,
    same: Option<u64>,
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
    // The position after the answer (and the use of a picked die).
    let span = 1 + usize::from(then.is_some());
    let mut after = game.clone();
    after.set_quiet(true);
    for (by, input) in &inputs[i..i + span] {
        match by {
            Some(q) => after.apply_by(rules, *q, input).ok()?,
            None => after.apply(rules, input).ok()?,
        };
    }
    let s = search(rules, game, *by, settings).ok()?;
    if s.answers.len() < 2 {
        return None;
    }
    let solo = game.players.len() == 1;
    let estimates = s.estimates(solo);
    let best = super::best_estimate(&estimates, settings.aim);
    let chosen = s.answers.iter().position(|(a, _)| a.index == index && a.then.map(|(_, j)| j) == then)?;
    // The best and the chosen answer, each along its best line by the search's playouts,
    // and the positions before and after the answer, valued by the held-out ones.
    let (best_node, chosen_node) = (s.answers[best].1, s.answers[chosen].1);
    let mut leaves = Vec::new();
    s.tree.line_leaves(best_node, &s.values, &mut leaves);
    s.tree.line_leaves(chosen_node, &s.values, &mut leaves);
    let mut valuer = Valuer::new(rules, held_out(settings, same.unwrap_or(i as u64)), game.players.len());
    let mut before = game.clone();
    before.set_quiet(true);
    let mut todo: Vec<Game> = leaves.iter().map(|l| s.tree.leaves[*l].clone()).collect();
    todo.extend([before.clone(), after.clone()]);
    valuer.value(todo);
    let leaf = |l: usize| valuer.get(&s.tree.leaves[l], p);
    let best_points = s.tree.line_value(best_node, &s.values, &leaf).mean;
    let chosen_points = s.tree.line_value(chosen_node, &s.values, &leaf).mean;
    let (reference_points, played_points) = (valuer.get(&before, p).mean, valuer.get(&after, p).mean);
    let advice = Advice { player: p, decision: s.decision, estimates, best, exact: s.exact, aim: settings.aim };
    Some(Weighed {
        input: i,
        span,
        round: game.round,
        game: game.clone(),
        advice,
        chosen,
        best_points,
        chosen_points,
        reference_points,
        played_points,
    })
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
            if let Some(w) = weigh(rules, &game, inputs, i, after_pick, settings, None) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fleet::advisor::Budget;
    use crate::games::fleet::session::{Entry, Session};
    use crate::store::Journal;

    fn settings(playouts: u32) -> Settings {
        Settings { budget: Budget { playouts, time: None }, seed: 5, ..Settings::default() }
    }

    #[test]
    fn on_a_recorded_game_the_parts_add_up_and_only_the_estimates_leave_noise() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/saves/part.jsonl");
        let read = Journal::read::<serde_json::Value, Entry>(&path).unwrap();
        let names: Vec<String> = serde_json::from_value(read.header["players"].clone()).unwrap();
        let built_in = crate::games::built_in("fleet-dice").unwrap();
        let rules = built_in.fleet().unwrap();
        let session = Session::replay(rules, &names, Setup::default(), &read.entries).unwrap();
        let (names, setup, inputs) = (&session.names, session.setup, &session.inputs);
        let reviews = review(rules, names, setup, inputs, &settings(3), &mut |_, _| {});
        // Each decision weighed on futures of its own: the parts add up, with the
        // estimates' difference as `noise`.
        for r in &reviews {
            let parts = r.start + r.luck - r.skill + r.table + r.noise;
            assert!((r.score - parts).abs() < 1e-9, "{r:?}");
            assert!((r.skill - r.decisions.iter().map(Weighed::cost).sum::<f64>()).abs() < 1e-9);
            assert!((r.edge - r.decisions.iter().map(Weighed::edge).sum::<f64>()).abs() < 1e-9);
            assert!(!r.decisions.is_empty() && r.noise != 0.0, "{r:?}");
            for w in &r.decisions {
                assert_eq!(w.cost(), w.reference_points - w.played_points);
                assert_eq!(w.edge(), w.best_points - w.reference_points);
            }
        }
        // On the table's futures every input is counted once and only once: no noise but
        // rounding, and the same luck and table (the same playouts value the runs).
        let same = review_on(rules, names, setup, inputs, &settings(3), &mut |_, _| {}, Some(TABLE));
        for (r, s) in reviews.iter().zip(&same) {
            assert!(s.noise.abs() < 1e-9, "{s:?}");
            assert_eq!((r.start, r.luck, r.table, r.score), (s.start, s.luck, s.table, s.score));
            assert!((s.skill - (r.skill - r.noise)).abs() < 1e-9);
        }
    }

    /// A short game: seat 0 answers at random, seat 1 as the greedy policy (the review's
    /// reference), for `n` inputs.
    fn random_against_greedy(rules: &FleetRules, n: usize, seed: u64) -> Vec<(Option<usize>, Input)> {
        use crate::rng::Rng;
        let names: Vec<String> = vec!["Ann".into(), "Bob".into()];
        let mut g = Game::new(rules, &names, Setup::default());
        let mut rng = Rng::new(seed);
        let mut inputs = Vec::new();
        while let Some(d) = g.decision(rules).filter(|_| inputs.len() < n) {
            let input = match d.roll {
                Some(spec) => {
                    Input::Roll { faces: crate::games::fleet::random::roll(rules, spec, &mut rng), digital: true }
                }
                None if d.player == Some(1) => {
                    let i = Policy::Greedy.choose(rules, &g, &d, &mut rng);
                    Input::Choice(d.keys(rules, &g)[i].clone())
                }
                None => Input::Choice(d.keys(rules, &g)[rng.below(d.options.len())].clone()),
            };
            g.apply(rules, &input).unwrap();
            inputs.push((None, input));
        }
        inputs
    }

    #[test]
    fn the_reference_policys_own_answer_costs_exactly_nothing_and_the_costs_telescope() {
        let built_in = crate::games::built_in("fleet-dice").unwrap();
        let rules = built_in.fleet().unwrap();
        let names: Vec<String> = vec!["Ann".into(), "Bob".into()];
        let inputs = random_against_greedy(rules, 30, 4);
        for same in [None, Some(TABLE)] {
            let reviews = review_on(rules, &names, Setup::default(), &inputs, &settings(3), &mut |_, _| {}, same);
            // Bob answers as greedy does: the playouts before his answer take it too and
            // meet the same dice after it, so each of his answers costs exactly 0.
            let bob = &reviews[1];
            assert!(!bob.decisions.is_empty());
            for w in &bob.decisions {
                assert_eq!(w.cost(), 0.0, "{:?}", (w.input, w.reference_points, w.played_points));
            }
            assert_eq!(bob.skill, 0.0);
            // Ann's answers at random are not greedy's: they move her value (which way, on
            // 3 playouts and 45 inputs, is noise).
            let ann = &reviews[0];
            assert!(ann.decisions.iter().any(|w| w.cost() != 0.0), "{ann:?}");
            for r in &reviews {
                assert!((r.skill - r.decisions.iter().map(Weighed::cost).sum::<f64>()).abs() < 1e-9);
                assert!((r.score - (r.start + r.luck - r.skill + r.table + r.noise)).abs() < 1e-9);
            }
            // On one set of futures the costs telescope: a player's value moved by the
            // chance, the other player and their own answers, and their answers' costs are
            // exactly what their own runs moved it by, to rounding.
            if same.is_some() {
                for r in &reviews {
                    assert!(r.noise.abs() < 1e-9, "{r:?}");
                    assert!((r.score - r.start - r.luck - r.table + r.skill).abs() < 1e-9);
                }
            }
        }
    }
}
