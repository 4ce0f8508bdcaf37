//! The review's identity measured on self-play (BENCHMARKS.md, "The review adds up"):
//! N seeded 2-player games of an advisor seat against a random seat, each reviewed; per
//! seat the mean of each part of `score = start + luck − skill + table + noise` (and of
//! `edge`, shown apart) with its standard error, the largest |noise|, and the random
//! seat's mean skill loss against its mean score deficit behind the advisor.
//!
//! `cargo run --release --example advisor_review -- GAMES [ADVISOR_PLAYOUTS] [REVIEW_PLAYOUTS] [FIRST_SEED]`
//! (game `g` is seeded `FIRST_SEED + g`, 1 by default: a run of fresh games starts where
//! the last one ended).

use std::time::Instant;

use deckhand::games::fleet::advisor::review::review;
use deckhand::games::fleet::advisor::{advise, outcome, question, Budget, Settings};
use deckhand::games::fleet::game::{Game, Input, Setup};
use deckhand::games::fleet::random;
use deckhand::rng::Rng;

fn main() {
    let arg = |i: usize, d: u32| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (games, advisor_playouts, review_playouts) = (arg(1, 200), arg(2, 50), arg(3, 50));
    let first = u64::from(arg(4, 1));
    let rules = deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
    let names: Vec<String> = vec!["Advisor".into(), "Random".into()];
    // Per seat: start, luck, skill, edge, table, noise, score.
    let mut parts: Vec<Vec<[f64; 7]>> = vec![Vec::new(), Vec::new()];
    let mut worst_noise = 0f64;
    let mut review_secs = 0.0;
    for g in 0..games {
        let seed = u64::from(g) + first;
        let mut rng = Rng::new(seed);
        let mut game = Game::new(&rules, &names, Setup::default());
        game.set_quiet(true);
        let mut inputs: Vec<(Option<usize>, Input)> = Vec::new();
        let mut asked = 0u64;
        while let Some(d) = game.decision(&rules) {
            let input = if let Some(spec) = d.roll {
                Input::Roll { faces: random::roll(&rules, spec, &mut rng), digital: true }
            } else if d.player == Some(0) && d.options.len() > 1 && question(&rules, &game, None).is_ok() {
                asked += 1;
                let budget = Budget { playouts: advisor_playouts, time: None };
                let settings = Settings { budget, seed: seed * 1000 + asked, ..Settings::default() };
                let advice = advise(&rules, &game, None, &settings).unwrap();
                let best = advice.estimates[advice.best].answer;
                let key = best.choice.key(&rules, &game).into_owned();
                game.apply(&rules, &Input::Choice(key.clone())).unwrap();
                inputs.push((None, Input::Choice(key)));
                if let Some((then, _)) = best.then {
                    let key = then.key(&rules, &game).into_owned();
                    game.apply(&rules, &Input::Choice(key.clone())).unwrap();
                    inputs.push((None, Input::Choice(key)));
                }
                continue;
            } else {
                Input::Choice(d.options[rng.below(d.options.len())].key(&rules, &game).into_owned())
            };
            game.apply(&rules, &input).unwrap();
            inputs.push((None, input));
        }
        let began = Instant::now();
        let budget = Budget { playouts: review_playouts, time: None };
        let reviews = review(
            &rules,
            &names,
            Setup::default(),
            &inputs,
            &Settings { budget, ..Settings::default() },
            &mut |_, _| {},
        );
        review_secs += began.elapsed().as_secs_f64();
        for r in &reviews {
            assert_eq!(r.score, f64::from(outcome(&rules, &game, r.player).0));
            worst_noise = worst_noise.max(r.noise.abs());
            parts[r.player].push([r.start, r.luck, r.skill, r.edge, r.table, r.noise, r.score]);
        }
    }
    let stat = |v: &[[f64; 7]], i: usize| {
        let n = v.len() as f64;
        let mean = v.iter().map(|x| x[i]).sum::<f64>() / n;
        let var = v.iter().map(|x| (x[i] - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        (mean, (var / n).sqrt())
    };
    println!("{games} games, advisor seat at {advisor_playouts} playouts per answer, reviewed at {review_playouts}; review {:.2} s per game", review_secs / f64::from(games));
    for (p, name) in names.iter().enumerate() {
        let f = |i| {
            let (m, s) = stat(&parts[p], i);
            format!("{m:.2} ± {s:.2}")
        };
        println!(
            "{name}: score {}, start {}, luck {}, skill {}, edge {}, table {}, noise {}",
            f(6),
            f(0),
            f(1),
            f(2),
            f(3),
            f(4),
            f(5)
        );
    }
    let deficit: Vec<[f64; 7]> = parts[0]
        .iter()
        .zip(&parts[1])
        .map(|(a, r)| {
            let mut x = [0.0; 7];
            x[0] = a[6] - r[6];
            x
        })
        .collect();
    let (d, ds) = stat(&deficit, 0);
    let (s, ss) = stat(&parts[1], 2);
    // Game by game: the random seat's skill less its deficit (≤ 0 on average is the aim).
    let over: Vec<[f64; 7]> = parts[1]
        .iter()
        .zip(&deficit)
        .map(|(r, d)| {
            let mut x = [0.0; 7];
            x[0] = r[2] - d[0];
            x
        })
        .collect();
    let (o, os) = stat(&over, 0);
    println!("random seat: skill {s:.2} ± {ss:.2} against a deficit of {d:.2} ± {ds:.2} behind the advisor (skill − deficit per game {o:.2} ± {os:.2}); largest |noise| {worst_noise:.2e}");
}
