//! Serving, measured from outside (BENCHMARKS.md, "Serving"): whole 4-player games driven
//! through the HTTP interface of the release binary — as phones would: read a seat's view,
//! answer its decision — while six seat pages and a dashboard hold event streams open and
//! read every view pushed to them. Prints decisions per second and the host's peak memory.
//!
//! `cargo bench --bench serve` (add `-- 5` for five games).

#[path = "../tests/child.rs"]
mod child;
#[path = "../tests/host.rs"]
mod host;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use host::Host;

fn main() {
    let games: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(3);
    let bin = child::bin();
    let mut rates = Vec::new();
    for g in 0..games {
        let dir = tempfile::tempdir().expect("a temp dir");
        let seed = (g + 1).to_string();
        let args = [
            "play",
            "fleet-dice",
            "--players",
            "Ann,Bob,Cy,Dee",
            "--dice",
            "digital",
            "--seed",
            &seed,
            "--save",
            "g.jsonl",
            "--serve",
            "--bind",
            "127.0.0.1:0",
        ];
        let mut host = Host::start(&bin, dir.path(), &args, "g.jsonl");
        // Six seat pages (each seat once, two of them on a second device too) and a dashboard.
        let received = Arc::new(AtomicUsize::new(0));
        let readers: Vec<_> = [Some(0), Some(1), Some(2), Some(3), Some(0), Some(1), None]
            .into_iter()
            .map(|seat| {
                let mut events = host.events(seat);
                let received = Arc::clone(&received);
                std::thread::spawn(move || {
                    while events.next().is_some() {
                        received.fetch_add(1, Ordering::Relaxed);
                    }
                })
            })
            .collect();
        let started = Instant::now();
        let mut requests = 0usize;
        let mut decisions = 0usize;
        let mut seat = 0;
        loop {
            let state = host.state(seat);
            requests += 1;
            if state["over"] == true {
                break;
            }
            let d = &state["decision"];
            if d.is_null() {
                seat = (seat + 1) % 4;
                continue;
            }
            let key = d["options"][0]["key"].as_str().expect("an option").to_string();
            let r = host.answer(seat, d["offer"].as_u64().expect("an offer"), &key);
            requests += 1;
            assert_eq!(r.status, 200, "{}", r.body);
            decisions += 1;
        }
        let took = started.elapsed().as_secs_f64();
        let rss = host.peak_rss_kb().unwrap_or(0);
        let rate = decisions as f64 / took;
        rates.push(rate);
        println!(
            "game {}: {decisions} decisions in {took:.2} s = {rate:.0} decisions/s ({:.0} requests/s); \
             7 event streams received {} views; host peak RSS {rss} kB",
            g + 1,
            requests as f64 / took,
            received.load(Ordering::Relaxed),
        );
        assert_eq!(host.finish(), Some(0));
        for r in readers {
            let _ = r.join();
        }
    }
    rates.sort_by(f64::total_cmp);
    println!("median over {games} games: {:.0} decisions/s", rates[rates.len() / 2]);
}
