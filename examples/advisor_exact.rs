//! The advisor's exactness at the end of a game (BENCHMARKS.md, "The advisor's chains"):
//! N questions of the last dice phase of seeded games of 1–4 players with every module
//! (captains, trophies), each answered by the advisor and played out exhaustively by the
//! plain check (`advisor::brute`); counts the best answers that are not the true best and
//! the values off the exact score, and how often the chain search changed the best answer
//! against the first advisor (the player's follow-ups played by the greedy policy).
//!
//! `cargo run --release --example advisor_exact -- 200`

use std::time::Instant;

use deckhand::games::fleet::advisor::brute::{brute_force, last_question};
use deckhand::games::fleet::advisor::{advise, Budget, Settings};
use deckhand::games::fleet::game::Setup;

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let rules = deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
    let (mut asked, mut wrong_best, mut off, mut not_exact, mut changed, mut flat_wrong) = (0, 0, 0, 0, 0, 0);
    let mut times: Vec<f64> = Vec::new();
    let mut seed = 0u64;
    while asked < n {
        seed += 1;
        let players = 1 + (seed % 4) as usize;
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let setup =
            Setup { solo: players == 1, captains: seed.is_multiple_of(3), trophies: (seed / 3).is_multiple_of(2) };
        let Some((game, p)) = last_question(&rules, &names, setup, seed) else { continue };
        asked += 1;
        let settings = Settings { budget: Budget { playouts: 200, time: None }, seed, ..Settings::default() };
        let began = Instant::now();
        let advice = advise(&rules, &game, Some(p), &settings).unwrap();
        times.push(began.elapsed().as_secs_f64());
        let truth = brute_force(&rules, &game, Some(p)).unwrap();
        let top = truth.iter().map(|t| t.1).fold(f64::MIN, f64::max);
        not_exact += usize::from(!advice.exact);
        for (e, t) in advice.estimates.iter().zip(&truth) {
            assert_eq!(e.answer, t.0);
            if (e.mean - t.1).abs() > 1e-9 || e.stderr != 0.0 {
                off += 1;
            }
        }
        if (truth[advice.best].1 - top).abs() > 1e-9 {
            wrong_best += 1;
        }
        let flat = advise(&rules, &game, Some(p), &Settings { chains: false, ..settings }).unwrap();
        changed += usize::from(flat.best != advice.best && (truth[flat.best].1 - truth[advice.best].1).abs() > 1e-9);
        flat_wrong += usize::from((truth[flat.best].1 - top).abs() > 1e-9);
    }
    times.sort_by(f64::total_cmp);
    let q = |f: f64| times[((times.len() - 1) as f64 * f).round() as usize];
    println!(
        "{asked} questions: {wrong_best} best answers not the true best, {off} values off the exact score, \
         {not_exact} not searched exactly; the first advisor's best was not the true best in {flat_wrong} \
         (the chain search changed it in {changed}); advice time p50 {:.3} s, p95 {:.3} s, max {:.3} s",
        q(0.5),
        q(0.95),
        q(1.0)
    );
}
