//! The advisor against the first advisor, head to head (BENCHMARKS.md, "Head to head"):
//! 2-player games, half with the chain-searching advisor in the first seat and half in the
//! second, each seat with its own playouts per answer; first the time each takes per
//! question on the same 60 questions of seeded greedy games (to set the budgets to equal
//! time), then the games: the new advisor's wins (a shared win counts half) with their 95%
//! interval, and both seats' mean scores.
//!
//! The new advisor aims at what AIM says (`score`, the default, or `win`: the expected lead
//! over the other player); the first one at what FIRST_AIM says (the expected final score,
//! as it did, by default; `win` sets the first advisor's flat playouts to the same aim, to
//! weigh the chain search alone).
//!
//! SEED (default 11) seeds the first half of the games, SEED + 1 the second: another SEED
//! plays games no run with the default has played.
//!
//! `cargo run --release --example advisor_h2h -- GAMES NEW_PLAYOUTS FIRST_PLAYOUTS [AIM [FIRST_AIM [SEED]]]`

use std::time::Instant;

use deckhand::games::fleet::advisor::lab::wilson;
use deckhand::games::fleet::advisor::selfplay::{selfplay, Seat};
use deckhand::games::fleet::advisor::{advise, question, step, Aim, Budget, Policy, Settings};
use deckhand::games::fleet::game::{Game, Setup};
use deckhand::rng::Rng;

fn main() {
    let arg = |i: usize, d: u32| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (games, new_playouts, first_playouts) = (arg(1, 400), arg(2, 100), arg(3, 100));
    let seed = u64::from(arg(6, 11));
    let rules = deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
    let aim_of = |i: usize| match std::env::args().nth(i).as_deref() {
        Some("win") => Aim::Win,
        _ => Aim::Score,
    };
    let new = Settings { budget: Budget { playouts: new_playouts, time: None }, aim: aim_of(4), ..Settings::default() };
    let first = Settings {
        budget: Budget { playouts: first_playouts, time: None },
        chains: false,
        aim: aim_of(5),
        ..Settings::default()
    };
    // Time per question on the same questions.
    let names: Vec<String> = vec!["A".into(), "B".into()];
    let mut questions: Vec<Game> = Vec::new();
    for seed in 0..60u64 {
        let mut g = Game::new(&rules, &names, Setup::default());
        g.set_quiet(true);
        let mut rng = Rng::new(seed);
        let stop = rng.below(120);
        let mut n = 0;
        while g.decision(&rules).is_some() {
            if question(&rules, &g, None).is_ok() && g.decision(&rules).is_some_and(|d| d.options.len() > 1) {
                n += 1;
                if n > stop {
                    questions.push(g.clone());
                    break;
                }
            }
            step(&rules, &mut g, &[Policy::Greedy; 2], &mut rng);
        }
    }
    let time = |s: &Settings| {
        let began = Instant::now();
        for q in &questions {
            advise(&rules, q, None, s).unwrap();
        }
        began.elapsed().as_secs_f64() / questions.len() as f64
    };
    let (t_new, t_first) = (time(&new), time(&first));
    println!(
        "{} questions: new advisor {:.1} ms per question at {new_playouts} playouts, first advisor {:.1} ms at {first_playouts}",
        questions.len(),
        t_new * 1000.0,
        t_first * 1000.0
    );
    let half = games / 2;
    let a = selfplay(&rules, &[Seat::Advisor(new), Seat::Advisor(first)], half, seed);
    let b = selfplay(&rules, &[Seat::Advisor(first), Seat::Advisor(new)], games - half, seed + 1);
    // Wins: a shared first place is a win for both; counted as half for each here.
    let both = |r: &[deckhand::games::fleet::advisor::selfplay::SeatResult]| r[0].wins + r[1].wins - r[0].games;
    let ties = both(&a) + both(&b);
    let new_wins = a[0].wins + b[1].wins - ties;
    let score = f64::from(new_wins) + f64::from(ties) / 2.0;
    let (lo, hi) = wilson(new_wins + ties / 2, games);
    println!(
        "{games} games: new advisor won {new_wins}, the first advisor {}, {ties} shared; new advisor's share {:.1}% (95% {:.1}–{:.1}%); mean scores new {:.1}/{:.1}, first {:.1}/{:.1}",
        games - new_wins - ties,
        100.0 * score / f64::from(games),
        100.0 * lo,
        100.0 * hi,
        a[0].mean,
        b[1].mean,
        a[1].mean,
        b[0].mean
    );
}
