//! The history database (#14): `stats` over 100,000 recorded plays (target ≤ 200 ms) and
//! recording one finished game (target ≤ 20 ms), on a real SQLite file in a temporary
//! folder. See BENCHMARKS.md. `HISTORY_BENCH_KEEP=FILE` keeps a copy of the database.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use deckhand::history::{self, Date, Db, Outcome, PlayRecord, PlaySource, PlayerRecord};

const PLAYS: u64 = 100_000;
const NAMES: [&str; 12] = ["Ann", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou"];

/// A 2–4 player Fleet play with made-up scores (SplitMix64 from `n`).
fn play(n: u64, hash: String) -> PlayRecord {
    let mut state = n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let count = 2 + (next() % 3) as usize;
    let first = (next() % NAMES.len() as u64) as usize;
    let mut players: Vec<PlayerRecord> = (0..count)
        .map(|i| {
            let cats: Vec<(String, i64)> = ["fish", "boats", "licenses", "buildings", "bonus"]
                .iter()
                .map(|c| (c.to_string(), (next() % 30) as i64))
                .collect();
            PlayerRecord {
                name: NAMES[(first + i) % NAMES.len()].to_string(),
                score: Some(cats.iter().map(|(_, v)| v).sum()),
                rank: None,
                winner: false,
                categories: cats,
            }
        })
        .collect();
    let scores: Vec<i64> = players.iter().map(|p| p.score.unwrap_or(0)).collect();
    for p in &mut players {
        let s = p.score.unwrap_or(0);
        let rank = 1 + scores.iter().filter(|o| **o > s).count() as u32;
        p.rank = Some(rank);
        p.winner = rank == 1;
    }
    PlayRecord {
        game_id: "fleet-dice".into(),
        game_name: "Fleet: The Dice Game".into(),
        bgg_id: Some(269_188),
        started_at: Some(1_700_000_000 + n as i64 * 3_000),
        utc_offset: 0,
        night: Date::from_days(19_675 + (n / 4) as i64),
        duration_s: Some(1_800 + (n % 900) as u32),
        source: PlaySource::Live,
        players,
        start_player: Some(0),
        rules_fingerprint: "0123456789abcdef".into(),
        save_hash: Some(hash),
        outcome: Outcome::Ranked,
        location: None,
        deal: None,
    }
}

fn benches(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("history.sqlite3");
    let mut db = Db::open(&path).unwrap();
    // Filling only: no fsync per play (the recording benchmark below syncs as deckhand does).
    db.connection().pragma_update(None, "synchronous", "OFF").unwrap();
    for n in 0..PLAYS {
        history::record::record(&mut db, &play(n, format!("{n:064x}"))).unwrap();
    }
    drop(db);
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    eprintln!("history of {PLAYS} plays: {:.1} MB", size as f64 / 1e6);
    // `HISTORY_BENCH_KEEP=FILE`: keep a copy, to time the whole command on it
    // (`hyperfine 'target/release/deckhand stats --db FILE'`, BENCHMARKS.md).
    if let Some(keep) = std::env::var_os("HISTORY_BENCH_KEEP") {
        std::fs::copy(&path, keep).unwrap();
    }

    let mut group = c.benchmark_group("history");
    group.sample_size(20);
    group.bench_function("stats over 100,000 plays (open + all players, pairs, games)", |b| {
        b.iter(|| {
            let db = Db::open_read_only(black_box(&path)).unwrap().unwrap();
            history::query::stats(&db, None, None).unwrap()
        })
    });
    group.bench_function("stats over 100,000 plays, one player", |b| {
        b.iter(|| {
            let db = Db::open_read_only(black_box(&path)).unwrap().unwrap();
            history::query::stats(&db, Some("fleet-dice"), Some("ann")).unwrap()
        })
    });
    let mut n = PLAYS;
    group.bench_function("record one finished game (open + one transaction)", |b| {
        b.iter(|| {
            n += 1;
            let mut db = Db::open(black_box(&path)).unwrap();
            history::record::record(&mut db, &play(n, format!("{n:064x}"))).unwrap()
        })
    });
    group.finish();
}

criterion_group!(history_benches, benches);
criterion_main!(history_benches);
