//! Time the two table builds of this crate alone (no deckhand): the value table
//! (`Shape::build`) and the value and second-moment tables (`Shape::build_moments`) of the
//! thirteen-box five-dice sheet (upper bonus 35 at 63, no joker), on one thread, `runs`
//! times each, with the CPU's vector path said. BENCHMARKS.md, "The five-dice solver":
//!
//! `cargo run --release -p deckhand-dice --example table_build -- 5`

use deckhand_dice::{all_rolls, Offer, Shape, LANES, MAX_BOXES, ROLL_COUNT};
use std::time::Instant;

/// Per roll, the thirteen boxes' points: ones…sixes, three and four of a kind (all dice),
/// full house 25, small straight 30, large straight 40, five of a kind 50, chance.
fn points() -> Vec<[f64; MAX_BOXES]> {
    all_rolls()
        .iter()
        .map(|r| {
            let mut count = [0usize; 7];
            r.iter().for_each(|d| count[usize::from(*d)] += 1);
            let sum: usize = r.iter().map(|d| usize::from(*d)).sum();
            let most = *count.iter().max().unwrap_or(&0);
            let run = |from: usize, len: usize| (from..from + len).all(|f| count[f] > 0);
            let mut p = [0.0; MAX_BOXES];
            for face in 1..=6 {
                p[face - 1] = (face * count[face]) as f64;
            }
            p[6] = if most >= 3 { sum as f64 } else { 0.0 };
            p[7] = if most >= 4 { sum as f64 } else { 0.0 };
            p[8] = if count.contains(&3) && count.contains(&2) { 25.0 } else { 0.0 };
            p[9] = if run(1, 4) || run(2, 4) || run(3, 4) { 30.0 } else { 0.0 };
            p[10] = if run(1, 5) || run(2, 5) { 40.0 } else { 0.0 };
            p[11] = if most == 5 { 50.0 } else { 0.0 };
            p[12] = sum as f64;
            p
        })
        .collect()
}

fn main() {
    let runs: usize = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(3);
    let points = points();
    assert_eq!(points.len(), ROLL_COUNT);
    let shape = Shape {
        boxes: 13,
        upper_face: (1..=6).map(Some).chain([None; 7]).collect(),
        points: points.clone(),
        lanes: LANES,
        flags: 1,
        cap: 63,
        upper_bonus: 35.0,
        five_box: Some(11),
    };
    // No joker: a five of a kind goes into any open box at its usual points.
    let joker = |mask: u32, _five_held: bool, roll: usize| -> Vec<Offer> {
        (0..13)
            .filter(|b| mask & (1 << b) == 0)
            .map(|b| Offer { box_index: b, points: points[roll][b] as i64, extra: 0 })
            .collect()
    };
    #[cfg(target_arch = "x86_64")]
    let avx2 = std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma");
    #[cfg(not(target_arch = "x86_64"))]
    let avx2 = false;
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("AVX2+FMA: {avx2}; load average before: {}", load.trim());
    let mut best = (f64::MAX, f64::MAX);
    for run in 1..=runs {
        let t = Instant::now();
        let values = shape.build(&joker, 1);
        let value_s = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let (v, m) = shape.build_moments(&joker, 1);
        let moments_s = t.elapsed().as_secs_f64();
        assert_eq!(values, v, "the moments' V is the value table");
        let start = shape.value_at(&values, 0, 0, 0);
        let sd = (shape.value_at(&m, 0, 0, 0) - start * start).sqrt();
        println!(
            "run {run}: start value {start:.6} (sd {sd:.3}); build {value_s:.3} s, build_moments {moments_s:.3} s"
        );
        best = (best.0.min(value_s), best.1.min(moments_s));
    }
    println!("best of {runs}: build {:.3} s, build_moments {:.3} s (wall, one thread)", best.0, best.1);
}
