//! Head to head in the five-dice game (issue 34 item 3; BENCHMARKS.md, "Playing to win"):
//! the advisor that maximises the chance of winning against solitaire-optimal players (the
//! expected final score), the printed rules.
//!
//! `cargo run --release --example yacht_win -- [GAMES] [SEED] [PLAYERS] [THREADS]`
//! (default 400 games, seed 1, 2 players, 1 thread).
//!
//! Games come in groups of PLAYERS on one seed, the win-chance player in each seat once:
//! each seat rolls its own dice stream, so the player who aims to win has, over a group,
//! every seat's dice, as far as the choices keep the streams in step. A tie for the top is
//! shared (half a win between two). Prints the tables' build time (values and spreads, 2
//! threads, from nothing), then a running tally every 1 % of the games (a run stopped early
//! still gives a figure), then the win rate of the win-chance player with its 95 % interval
//! (from the spread of the groups' means), both kinds of player's mean scores, and the time
//! of each turn: solved (`win_turn`, or `turn` for the solitaire-optimal player) and played
//! (the solve and the turn's up to three hints), by how many boxes were open. A hint at the
//! table is one solve and one hint: at most a turn played. With THREADS > 1 the turns share
//! the cores: time them with 1.

use std::sync::mpsc;
use std::time::Instant;

use deckhand::games::yacht::solver::Solver;
use deckhand::games::yacht::{score_sheet, Ruleset, Sheet};
use deckhand::rng::Rng;

/// One turn timed: boxes open at its start, milliseconds to solve it, to play it.
type Timed = (usize, f64, f64);

/// One game of a group: the win-chance player's share of the win (0 to 1), their score, the
/// other players' mean score, and the turns timed of each kind of player.
struct Played {
    share: f64,
    mine: f64,
    others: f64,
    win_turns: Vec<Timed>,
    plain_turns: Vec<Timed>,
}

fn game(solver: &Solver, rules: &Ruleset, seed: u64, players: usize, g: usize) -> Played {
    let win_seat = g % players;
    let group = seed.wrapping_mul(1_000_003).wrapping_add((g / players) as u64);
    let mut rngs: Vec<Rng> = (0..players).map(|s| Rng::new(group.wrapping_mul(players as u64) + s as u64)).collect();
    let mut sheets: Vec<Sheet> = (0..players).map(|s| Sheet::new(rules, &format!("P{s}"))).collect();
    let (mut win_turns, mut plain_turns) = (Vec::new(), Vec::new());
    for _ in 0..rules.boxes.len() {
        for seat in 0..players {
            let open = rules.boxes.len() - sheets[seat].filled().count_ones() as usize;
            let t = Instant::now();
            let turn = if seat == win_seat {
                let others: Vec<&Sheet> = (0..players).filter(|s| *s != seat).map(|s| &sheets[s]).collect();
                solver.win_turn(&sheets[seat], &others)
            } else {
                solver.turn(&sheets[seat])
            };
            let solved = t.elapsed().as_secs_f64() * 1e3;
            solver.play_turn(&mut sheets[seat], &turn, &mut rngs[seat]);
            let played = t.elapsed().as_secs_f64() * 1e3;
            let timed = if seat == win_seat { &mut win_turns } else { &mut plain_turns };
            timed.push((open, solved, played));
        }
    }
    let totals: Vec<i64> = sheets.iter().map(|s| score_sheet(rules, s).total).collect();
    let top = *totals.iter().max().expect("players");
    let at_top = totals.iter().filter(|t| **t == top).count();
    let share = if totals[win_seat] == top { 1.0 / at_top as f64 } else { 0.0 };
    let others = totals.iter().enumerate().filter(|(s, _)| *s != win_seat).map(|(_, t)| *t as f64).sum::<f64>()
        / (players - 1) as f64;
    Played { share, mine: totals[win_seat] as f64, others, win_turns, plain_turns }
}

/// This process's CPU time so far (user and system, all threads), from /proc (Linux; 0
/// elsewhere), in seconds.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis: utime and stime are the 12th and
    // 13th, in clock ticks (100 a second on Linux).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<f64> = rest.split_whitespace().map(|x| x.parse().unwrap_or(0.0)).collect();
    f.get(11).zip(f.get(12)).map_or(0.0, |(u, s)| (u + s) / 100.0)
}

/// Mean and 95 % half-interval of the groups' means.
fn interval(groups: &[f64]) -> (f64, f64) {
    let n = groups.len() as f64;
    let mean = groups.iter().sum::<f64>() / n;
    let var = groups.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

fn quantiles(label: &str, mut ms: Vec<f64>) {
    if ms.is_empty() {
        return;
    }
    ms.sort_by(f64::total_cmp);
    let q = |f: f64| ms[((ms.len() - 1) as f64 * f).round() as usize];
    println!("  {label}: {} turns, p50 {:.2} ms, p95 {:.2} ms, max {:.2} ms", ms.len(), q(0.5), q(0.95), q(1.0));
}

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().map(|a| a.parse()).transpose()?.unwrap_or(400);
    let seed: u64 = args.next().map(|a| a.parse()).transpose()?.unwrap_or(1);
    let players: usize = args.next().map(|a| a.parse()).transpose()?.unwrap_or(2);
    let threads: usize = args.next().map(|a| a.parse()).transpose()?.unwrap_or(1);
    anyhow::ensure!(players >= 2 && games >= players && threads >= 1, "2+ players, a game per seat, 1+ threads");
    let games = games - games % players;
    let rules = deckhand::games::built_in("yacht").map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let yacht = rules
        .game
        .rules::<deckhand::games::yacht::YachtRules>()
        .ok_or_else(|| anyhow::anyhow!("not the five-dice game"))?;
    let ruleset = yacht.base.clone();
    let load = || std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim().to_string();
    println!("{games} games of {players} players, seed {seed}, {threads} thread(s); load average: {}", load());
    let (t, cpu) = (Instant::now(), cpu_seconds());
    let solver = Solver::build_spread_with(&ruleset, 2).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    println!(
        "tables (values and spreads) built from nothing on 2 threads: {:.3} s wall, {:.2} s CPU; load average: {}",
        t.elapsed().as_secs_f64(),
        cpu_seconds() - cpu,
        load()
    );
    let (t, cpu) = (Instant::now(), cpu_seconds());
    let _ = Solver::build_with(&ruleset, 2).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    println!(
        "values alone on 2 threads: {:.3} s wall, {:.2} s CPU; load average: {}",
        t.elapsed().as_secs_f64(),
        cpu_seconds() - cpu,
        load()
    );

    let groups = games / players;
    let (tx, rx) = mpsc::channel::<(usize, Vec<Played>)>();
    let started = Instant::now();
    let mut done: Vec<(usize, Vec<Played>)> = Vec::new();
    std::thread::scope(|s| {
        for t in 0..threads {
            let (tx, solver, ruleset) = (tx.clone(), &solver, &ruleset);
            s.spawn(move || {
                for grp in (t..groups).step_by(threads) {
                    let played =
                        (0..players).map(|i| game(solver, ruleset, seed, players, grp * players + i)).collect();
                    if tx.send((grp, played)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let step = (groups / 100).max(1);
        for got in rx {
            done.push(got);
            if done.len().is_multiple_of(step) || done.len() == groups {
                let means: Vec<f64> =
                    done.iter().map(|(_, g)| g.iter().map(|p| p.share).sum::<f64>() / players as f64).collect();
                let (p, half) = interval(&means);
                let played = done.iter().flat_map(|(_, g)| g);
                let diffs: Vec<f64> = played.map(|p| p.mine - p.others).collect();
                let (d, dhalf) = interval(&diffs);
                println!(
                    "{} games, {:.0} s: win-chance player {:.2} % ± {:.2} % (95 %; even {:.2} %), \
                     score {d:+.2} ± {dhalf:.2} against the others' mean; load {}",
                    done.len() * players,
                    started.elapsed().as_secs_f64(),
                    100.0 * p,
                    100.0 * half,
                    100.0 / players as f64,
                    load()
                );
            }
        }
    });
    let all: Vec<&Played> = done.iter().flat_map(|(_, g)| g).collect();
    let n = all.len() as f64;
    let means: Vec<f64> = done.iter().map(|(_, g)| g.iter().map(|p| p.share).sum::<f64>() / players as f64).collect();
    let (p, half) = interval(&means);
    let wins: f64 = all.iter().map(|p| p.share).sum();
    println!(
        "win-chance player: {wins} of {} won (ties shared): {:.2} % ± {:.2} % (95 %, over {} groups); even: {:.2} %",
        all.len(),
        100.0 * p,
        100.0 * half,
        means.len(),
        100.0 / players as f64
    );
    let diffs: Vec<f64> = all.iter().map(|p| p.mine - p.others).collect();
    let (d, dhalf) = interval(&diffs);
    println!(
        "mean final score: win-chance player {:.2}, solitaire-optimal players {:.2} (difference {d:.2} ± {dhalf:.2})",
        all.iter().map(|p| p.mine).sum::<f64>() / n,
        all.iter().map(|p| p.others).sum::<f64>() / n
    );
    println!("wall {:.0} s; load average: {}", started.elapsed().as_secs_f64(), load());
    for (label, pick) in [("win-chance turns", true), ("solitaire-optimal turns", false)] {
        let turns: Vec<Timed> =
            all.iter().flat_map(|p| if pick { &p.win_turns } else { &p.plain_turns }).copied().collect();
        println!("{label}:");
        quantiles("solved", turns.iter().map(|t| t.1).collect());
        quantiles("played (solve and hints)", turns.iter().map(|t| t.2).collect());
        if pick {
            for open in (1..=ruleset.boxes.len()).rev() {
                quantiles(
                    &format!("{open:>2} open, solved"),
                    turns.iter().filter(|t| t.0 == open).map(|t| t.1).collect(),
                );
            }
        }
    }
    Ok(())
}
