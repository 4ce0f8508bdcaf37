//! Simulate N random 4-player games (profiling aid for BENCHMARKS.md).
fn main() {
    let rules = deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
    let names: Vec<String> = (0..4).map(|i| format!("P{i}")).collect();
    let n: u64 = std::env::args().nth(1).and_then(|v| v.parse().ok()).unwrap_or(1000);
    let t = std::time::Instant::now();
    for seed in 0..n {
        std::hint::black_box(deckhand::games::fleet::random::play(&rules, &names, Default::default(), seed));
    }
    let el = t.elapsed();
    println!("{n} games in {el:?}: {:.0} games/s", n as f64 / el.as_secs_f64());
}
