//! The five-dice solver's value from the start for the rules with the options given, built
//! on one thread and on two, with wall and CPU time and the machine's load (BENCHMARKS.md,
//! "The five-dice solver"):
//!
//! `cargo run --release --example yacht_variants -- open_joker` (no option: the printed
//! forced joker; `no_joker`, `scandinavian`, …: the other options of rules/yacht.toml).

use deckhand::games::yacht::solver::Solver;

/// CPU time of this process so far, in seconds.
fn cpu() -> f64 {
    // SAFETY: getrusage fills the zeroed struct it is given.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) };
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 / 1e6;
    t(u.ru_utime) + t(u.ru_stime)
}

fn main() -> anyhow::Result<()> {
    let rules = deckhand::games::built_in("yacht").map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let yacht = rules.game.rules::<deckhand::games::yacht::YachtRules>().ok_or_else(|| anyhow::anyhow!("not the five-dice game"))?;
    let options: Vec<String> = std::env::args().skip(1).collect();
    let ruleset = yacht.ruleset(&options).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("options {options:?}; load average before: {}", load.trim());
    for threads in [1, 2] {
        let (t, c) = (std::time::Instant::now(), cpu());
        let solver = Solver::build_with(&ruleset, threads).map_err(|e| anyhow::anyhow!("{e:?}"))?;
        let (wall, cpu) = (t.elapsed().as_secs_f64(), cpu() - c);
        println!("{threads} thread(s): start value {:.9}, wall {wall:.2} s, CPU {cpu:.2} s", solver.start_value());
    }
    Ok(())
}
