//! Speed of the things a table waits for: loading the rules, checking and scoring a sheet,
//! replaying a whole 4-player save, simulating whole games. See BENCHMARKS.md.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use deckhand::games::fleet::advisor::{advise, playout, step, Budget, Policy, Settings};
use deckhand::games::fleet::game::{Ask, Game, Input, Setup};
use deckhand::games::fleet::random::{self, random_input};
use deckhand::games::fleet::session::{Entry, Session};
use deckhand::games::fleet::{check_sheet, score};
use deckhand::games::{self as rules, Source};
use deckhand::rng::Rng;

fn players(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("P{i}")).collect()
}

fn benches(c: &mut Criterion) {
    let fleet = rules::built_in("fleet-dice").unwrap().fleet().unwrap().clone();

    c.bench_function("rules: load the built-in Fleet rules (precompiled)", |b| {
        b.iter(|| rules::built_in(black_box("fleet-dice")).unwrap())
    });
    c.bench_function("rules: load and check fleet-dice.toml (a --rules file)", |b| {
        b.iter(|| {
            rules::from_source(Source::new("fleet-dice.toml", black_box(rules::fleet::precompiled::FLEET_TOML)))
                .unwrap()
        })
    });

    let linda_text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/linda.toml")).unwrap();
    let linda = deckhand::games::fleet::sheet_file::parse(&fleet, &Source::new("linda.toml", linda_text.as_str()))
        .unwrap()
        .sheet;
    let mut group = c.benchmark_group("sheet");
    group.throughput(Throughput::Elements(1));
    group.bench_function("check one sheet", |b| b.iter(|| check_sheet(&fleet, black_box(&linda))));
    group.bench_function("check and score one sheet", |b| {
        b.iter(|| (check_sheet(&fleet, black_box(&linda)), score(&fleet, black_box(&linda))))
    });
    group.bench_function("parse, check and score one sheet file", |b| {
        b.iter(|| {
            let s = deckhand::games::fleet::sheet_file::parse(
                &fleet,
                &Source::new("linda.toml", black_box(linda_text.as_str())),
            )
            .unwrap();
            (check_sheet(&fleet, &s.sheet), score(&fleet, &s.sheet))
        })
    });
    group.finish();

    // A complete 4-player game's save entries.
    let names = players(4);
    let mut session = Session::new(&fleet, &names);
    let mut rng = Rng::new(2026);
    let mut entries = Vec::new();
    while let Some(input) = random_input(&fleet, &session, &mut rng) {
        let input = match input {
            Input::Roll { faces, .. } => Input::Roll { faces, digital: false },
            other => other,
        };
        session.apply(&fleet, input.clone()).unwrap();
        entries.push(Entry::Do(input));
    }
    let mut group = c.benchmark_group("game");
    group.throughput(Throughput::Elements(1));
    group.bench_function(format!("replay a complete 4-player save ({} decisions)", entries.len()), |b| {
        b.iter(|| Session::replay(&fleet, &names, Setup::default(), black_box(&entries)).unwrap())
    });
    let mut seed = 0;
    group.bench_function("simulate one random 4-player game", |b| {
        b.iter(|| {
            seed += 1;
            random::play(&fleet, &names, Setup::default(), seed)
        })
    });
    group.finish();

    // The advisor: playouts from round 1, the clone each one starts with, and a question.
    let mut start = Game::new(&fleet, &names, Setup::default());
    let mut rng = Rng::new(1);
    while start.round == 0 || start.decision(&fleet).is_some_and(|d| d.roll.is_none()) {
        step(&fleet, &mut start, &[Policy::Random; 4], &mut rng);
    }
    start.set_quiet(true);
    let mut group = c.benchmark_group("advisor");
    group.throughput(Throughput::Elements(1));
    group.bench_function("clone a 4-player game at round 1", |b| b.iter(|| black_box(&start).clone()));
    for (policy, name) in [(Policy::Random, "random"), (Policy::Greedy, "greedy")] {
        let mut k = 0;
        group.bench_function(format!("one {name} playout from round 1 (4 players)"), |b| {
            b.iter(|| {
                k += 1;
                let mut g = start.clone();
                playout(&fleet, &mut g, &[policy; 4], &mut Rng::new(k));
                g
            })
        });
    }
    group.finish();

    // A question with 8 options (not a pick), found in seeded random games.
    let (question, who) = (0..)
        .find_map(|seed| {
            let mut g = Game::new(&fleet, &names, Setup::default());
            g.set_quiet(true);
            let mut rng = Rng::new(seed);
            while let Some(d) = g.decision(&fleet) {
                if d.options.len() == 8 && !matches!(d.ask, Ask::Pick { .. }) && g.round >= 2 {
                    return Some((g.clone(), d.player));
                }
                step(&fleet, &mut g, &[Policy::Random; 4], &mut rng);
            }
            None
        })
        .unwrap();
    let mut group = c.benchmark_group("advisor question");
    group.sample_size(10);
    for (policy, name) in [(Policy::Random, "random"), (Policy::Greedy, "greedy")] {
        // Every answer gets all 1,000 playouts (no pruning): the raw cost of the question.
        let settings = Settings {
            budget: Budget { playouts: 1000, time: None },
            policy,
            seed: 3,
            prune: false,
            ..Settings::default()
        };
        group.bench_function(format!("8 options x 1,000 {name} playouts, every core"), |b| {
            b.iter(|| advise(&fleet, black_box(&question), who, &settings).unwrap())
        });
    }
    group.finish();
}

criterion_group!(fleet, benches);
criterion_main!(fleet);
