fn main() {
    use deckhand::engine::fleet::{check_sheet, game::Setup, random, score};
    let rules = deckhand::rules::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
    let names: Vec<String> = (0..4).map(|i| format!("P{i}")).collect();
    let t = std::time::Instant::now();
    let n: u64 = std::env::var("N").ok().and_then(|v| v.parse().ok()).unwrap_or(500);
    let mut sheets = Vec::new();
    for seed in 0..n {
        let s = random::play(&rules, &names, Setup::default(), seed);
        sheets.push(s.game.players[0].sheet.clone());
    }
    let el = t.elapsed();
    println!("games/s: {:.0}", n as f64 / el.as_secs_f64());
    let t = std::time::Instant::now();
    let mut v = 0;
    for _ in 0..20 {
        for s in &sheets {
            v += check_sheet(&rules, s).len() + score(&rules, s, "en").total as usize;
        }
    }
    let el = t.elapsed();
    println!("check+score/s: {:.0} ({v})", (20 * sheets.len()) as f64 / el.as_secs_f64());
}
