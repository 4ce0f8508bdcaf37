//! Seeded games with every seat played by deckhand — a random, greedy or advisor seat —
//! to measure the ladder: each seat's mean score with its 95% interval, and its wins.
//! Game `g` of a run with seed `s` is the same game whatever the threads.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::policy::{playout, step, Policy};
use super::{advise, playout_rng, threads, Settings};
use crate::games::fleet::game::{Game, Kind, Setup};
use crate::games::FleetRules;
use crate::rng::Rng;

/// How a seat plays.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seat {
    /// A playout policy (random or greedy).
    Policy(Policy),
    /// The advisor: at every decision with a choice, its best answer.
    Advisor(Settings),
}

/// One seat's results over the games.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeatResult {
    /// Games played.
    pub games: u32,
    /// Mean final score.
    pub mean: f64,
    /// Half the width of the 95% confidence interval of `mean` (1.96 standard errors).
    pub ci95: f64,
    /// Games it finished first in (a shared first place counts for each who shares it).
    pub wins: u32,
}

/// Play `games` games with these seats (one player each, in seat order; one seat is a
/// solo game against Captain Ruth), seeded by `seed`; each seat's results.
pub fn selfplay(rules: &FleetRules, seats: &[Seat], games: u32, seed: u64) -> Vec<SeatResult> {
    selfplay_with(rules, seats, games, seed, &|| {})
}

/// `selfplay`, telling `played` each time a game is over (from any thread).
pub fn selfplay_with(
    rules: &FleetRules,
    seats: &[Seat],
    games: u32,
    seed: u64,
    played: &(dyn Fn() + Sync),
) -> Vec<SeatResult> {
    let names: Vec<String> = (1..=seats.len()).map(|i| format!("P{i}")).collect();
    let setup = Setup { solo: seats.len() == 1, ..Setup::default() };
    let play_one = |g: u32| -> Vec<(u32, bool)> {
        let mut game = Game::new(rules, &names, setup);
        game.set_quiet(true);
        play(rules, &mut game, seats, seed, g);
        played();
        (0..seats.len()).map(|p| super::outcome(rules, &game, p)).collect()
    };
    // An advisor seat uses every core itself; games of policies alone share them out.
    let advisor = seats.iter().any(|s| matches!(s, Seat::Advisor(_)));
    let results: Vec<Vec<(u32, bool)>> = if advisor {
        (0..games).map(play_one).collect()
    } else {
        let next = AtomicUsize::new(0);
        let mut all: Vec<(u32, Vec<(u32, bool)>)> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads(0).min(games.max(1) as usize))
                .map(|_| {
                    scope.spawn(|| {
                        let mut out = Vec::new();
                        loop {
                            let g = next.fetch_add(1, Ordering::Relaxed) as u32;
                            if g >= games {
                                break out;
                            }
                            out.push((g, play_one(g)));
                        }
                    })
                })
                .collect();
            workers.into_iter().flat_map(|w| w.join().expect("a game does not panic")).collect()
        });
        all.sort_by_key(|(g, _)| *g);
        all.into_iter().map(|(_, r)| r).collect()
    };
    (0..seats.len())
        .map(|p| {
            let scores: Vec<f64> = results.iter().map(|r| f64::from(r[p].0)).collect();
            let n = scores.len().max(1) as f64;
            let mean = scores.iter().sum::<f64>() / n;
            let var = if scores.len() > 1 {
                scores.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>() / (n - 1.0)
            } else {
                0.0
            };
            SeatResult {
                games: scores.len() as u32,
                mean,
                ci95: 1.96 * (var / n).sqrt(),
                wins: results.iter().filter(|r| r[p].1).count() as u32,
            }
        })
        .collect()
}

/// Play game `g` to its end: chance from the game's generator, each seat as it plays.
fn play(rules: &FleetRules, game: &mut Game, seats: &[Seat], seed: u64, g: u32) {
    let mut rng = Rng::stream(seed, u64::from(g));
    let policies: Vec<Policy> =
        seats.iter().map(|s| if let Seat::Policy(p) = s { *p } else { Policy::Greedy }).collect();
    if seats.iter().all(|s| matches!(s, Seat::Policy(_))) {
        // No advisor seat: the game is a playout (the same steps, the same draws).
        playout(rules, game, &policies, &mut rng);
        return;
    }
    let mut asked = 0u64;
    while let Some(d) = game.decision(rules) {
        let advisor = match (d.player.and_then(|p| seats.get(p)), d.kind()) {
            (Some(Seat::Advisor(settings)), Kind::Other) if d.roll.is_none() && d.options.len() > 1 => Some(settings),
            _ => None,
        };
        let Some(settings) = advisor else {
            step(rules, game, &policies, &mut rng);
            continue;
        };
        asked += 1;
        // Each question of the game its own seed, so the advisor's playouts never replay
        // the game's own dice.
        let seed = playout_rng(seed ^ u64::from(g).rotate_left(32), asked).next_u64();
        let advice = advise(rules, game, None, &Settings { seed, ..*settings }).expect("a player's question");
        let best = advice.estimates[advice.best].answer;
        game.apply_index(rules, best.index).expect("the advisor answers with an option");
        if let Some((_, j)) = best.then {
            game.apply_index(rules, j).expect("a use of the picked die");
        }
    }
}
