//! The five-dice game's exact solver (#34 item 3): building the tables of the official rules
//! (Verhoeff's joker convention) on two threads the first time (target ≤ 3 s), loading them
//! from the data folder with their hash checked, and a hint after (target ≤ 50 ms). The
//! tables are kept in a temporary folder, never the real data folder. See BENCHMARKS.md.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use deckhand::games::yacht::solver::Solver;
use deckhand::games::yacht::{Ruleset, Sheet};

fn rules() -> Ruleset {
    let rules = deckhand::games::built_in("yacht").expect("the built-in rules");
    let yacht = rules.game.rules::<deckhand::games::yacht::YachtRules>().expect("the five-dice game");
    yacht.ruleset(&["open_joker".to_string()]).expect("the open joker option")
}

fn bench(c: &mut Criterion) {
    let rules = rules();
    let mut g = c.benchmark_group("yacht");
    g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(15));
    g.bench_function("build_tables_2_threads", |b| b.iter(|| black_box(Solver::build_with(&rules, 2).expect("built"))));

    let dir = tempfile::tempdir().expect("a temporary folder");
    let (solver, _) = Solver::load_or_build(&rules, dir.path()).expect("built and kept");
    g.bench_function("load_tables_hash_checked", |b| {
        b.iter(|| black_box(Solver::load_or_build(&rules, dir.path()).expect("loaded")))
    });
    g.finish();

    let mut g = c.benchmark_group("yacht");
    // A hint solves the sheet's whole turn first (every roll and keep), then values the
    // choices of the dice showing: the start of a game, and a sheet half filled.
    let fresh = Sheet::new(&rules, "Ann");
    g.bench_function("hint_first_roll_fresh_sheet", |b| b.iter(|| black_box(solver.hint(&fresh, &[1, 2, 3, 3, 5], 2))));
    let mut half = Sheet::new(&rules, "Ann");
    let mut rng = deckhand::rng::Rng::new(7);
    solver.play_partial(&mut half, 7, &mut rng);
    g.bench_function("hint_second_roll_half_sheet", |b| b.iter(|| black_box(solver.hint(&half, &[2, 2, 4, 6, 6], 1))));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
