//! Head to head in the five-dice game (issue 34 item 3; BENCHMARKS.md, "Playing to win"):
//! the advisor that maximises the chance of winning against the solitaire-optimal player
//! (the expected final score), two players, the printed rules.
//!
//! `cargo run --release --example yacht_win -- [GAMES] [SEED]` (default 400 games, seed 1).
//!
//! Games come in pairs on one seed, the seats swapped: each seat rolls its own dice stream,
//! so the player who aims to win in one game of a pair has the dice the other had in the
//! other, as far as their choices keep the streams in step. A tie counts half a win. Prints
//! the win rate of the win-chance player with its 95 % interval, both players' mean scores,
//! the time to build the tables and the time of each of the win player's turns solved
//! (every keep and box of a turn weighed for the chance of winning; a hint reads it).

use deckhand::games::yacht::solver::Solver;
use deckhand::games::yacht::{score_sheet, Sheet};
use deckhand::rng::Rng;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().map(|a| a.parse()).transpose()?.unwrap_or(400);
    let seed: u64 = args.next().map(|a| a.parse()).transpose()?.unwrap_or(1);
    let rules = deckhand::games::built_in("yacht").map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let yacht = rules
        .game
        .rules::<deckhand::games::yacht::YachtRules>()
        .ok_or_else(|| anyhow::anyhow!("not the five-dice game"))?;
    let ruleset = yacht.base.clone();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("{games} games, seed {seed}; load average before: {}", load.trim());
    let t = std::time::Instant::now();
    let solver = Solver::build_spread_with(&ruleset, 2).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    println!("tables (values and spreads) built on 2 threads in {:.2} s wall", t.elapsed().as_secs_f64());
    let mut turn_ms: Vec<f64> = Vec::new();
    let (mut wins, mut score_win, mut score_ev) = (0.0, 0.0, 0.0);
    for g in 0..games {
        // Seat of the player who aims to win: 0 in even games, 1 in odd ones.
        let win_seat = g % 2;
        let pair = seed.wrapping_mul(1_000_003).wrapping_add((g / 2) as u64);
        let mut rngs = [Rng::new(pair.wrapping_mul(2)), Rng::new(pair.wrapping_mul(2) + 1)];
        let mut sheets = [Sheet::new(&ruleset, "A"), Sheet::new(&ruleset, "B")];
        for _ in 0..ruleset.boxes.len() {
            for seat in 0..2 {
                let turn = if seat == win_seat {
                    let t = std::time::Instant::now();
                    let turn = solver.win_turn(&sheets[seat], &[&sheets[1 - seat]]);
                    turn_ms.push(t.elapsed().as_secs_f64() * 1e3);
                    turn
                } else {
                    solver.turn(&sheets[seat])
                };
                solver.play_turn(&mut sheets[seat], &turn, &mut rngs[seat]);
            }
        }
        let totals = sheets.each_ref().map(|s| score_sheet(&ruleset, s).total);
        let (me, other) = (totals[win_seat], totals[1 - win_seat]);
        wins += if me > other {
            1.0
        } else if me == other {
            0.5
        } else {
            0.0
        };
        score_win += me as f64;
        score_ev += other as f64;
    }
    let n = games as f64;
    let p = wins / n;
    let half = 1.96 * (p * (1.0 - p) / n).sqrt();
    println!("win-chance player: {wins} of {games} won (ties half): {:.1} % ± {:.1} % (95 %)", 100.0 * p, 100.0 * half);
    println!("mean final score: win-chance player {:.2}, solitaire-optimal player {:.2}", score_win / n, score_ev / n);
    turn_ms.sort_by(f64::total_cmp);
    let q = |f: f64| turn_ms[((turn_ms.len() - 1) as f64 * f).round() as usize];
    println!(
        "win player's turns solved: {} (p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms)",
        turn_ms.len(),
        q(0.5),
        q(0.95),
        q(1.0)
    );
    Ok(())
}
