//! The paper benchmark: Fleet pads filled from bots' finished games, marked as people
//! mark, photographed synthetically (src/paper/synth.rs), JPEG-encoded, then read back as
//! `deckhand scan` reads them. Counts every box read right, asked, and read wrong, per
//! distortion, and times decode + read + check + score per photo.
//!
//! cargo bench --bench paper -- [--photos N] [--seed S] [--save DIR]
//! (N photos; half with the usual mix of distortions, half each pushing one to its worst.)

use std::time::{Duration, Instant};

use deckhand::games::fleet;
use deckhand::paper::layout::{self, Paper, Payload, Words};
use deckhand::paper::read::{self, State};
use deckhand::paper::{photo, sheet, synth};

#[derive(Default, Clone)]
struct Tally {
    photos: usize,
    boxes: usize,
    right: usize,
    asked: usize,
    wrong: usize,
    lost: usize,
    time: Duration,
    slowest: Duration,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let photos: usize = arg("--photos").and_then(|v| v.parse().ok()).unwrap_or(1000);
    let seed: u64 = arg("--seed").and_then(|v| v.parse().ok()).unwrap_or(1);
    let save = arg("--save");
    let rules = deckhand::games::built_in("fleet-dice").unwrap();
    let fingerprint = rules.fingerprint();
    let f = rules.fleet().unwrap().clone();
    let mut rows: Vec<(String, Tally)> = std::iter::once("usual mix".to_string())
        .chain(synth::Distortion::ALL.iter().map(|d| d.name().to_string()))
        .map(|n| (n, Tally::default()))
        .collect();
    let mut sheets = Vec::new();
    let started = Instant::now();
    for i in 0..photos {
        let mut d = synth::Dice::new(seed * 1_000_003 + i as u64);
        if sheets.is_empty() {
            sheets = synth::finished_sheets(&f, seed * 7919 + i as u64, 2 + d.pick(3));
        }
        let sheet = sheets.pop().unwrap();
        let stress =
            if i % 2 == 0 { None } else { Some(synth::Distortion::ALL[(i / 2) % synth::Distortion::ALL.len()]) };
        let paper = if d.chance(0.5) { Paper::A4 } else { Paper::Letter };
        let payload = Payload {
            game: f.id.clone(),
            rules: fingerprint.clone(),
            layout: layout::LAYOUT_VERSION,
            page: format!("b{i}-1"),
            corner: 0,
            paper,
            player: format!("Player {i}"),
        };
        let words = Words {
            names: vec![String::new(); f.sections.len()],
            bonuses: vec![String::new(); f.king_crab_bonuses.len()],
            ..Words::default()
        };
        let page = layout::fleet(&f, &words, paper, payload);
        let truth = sheet::fleet_truth(&f, &page, &sheet);
        let mut canvas = synth::paint(&page, 12.0);
        synth::mark_boxes(&mut canvas, &page, &truth, &mut d, stress == Some(synth::Distortion::Pencil));
        let cam = synth::camera(&mut d, stress);
        let grey = synth::photograph(&canvas, &page, &cam, &mut d);
        let bytes = synth::jpeg(&grey, cam.quality, None);
        if let Some(dir) = &save {
            let _ = std::fs::create_dir_all(dir);
            let _ = std::fs::write(format!("{dir}/photo-{i:04}.jpg"), &bytes);
        }
        // What `scan` does with the file: decode, find, read, make the sheet, check, score.
        let t = Instant::now();
        let img = photo::load(&bytes).expect("the benchmark's own JPEG");
        let found = read::locate(&img);
        let reading = if found.is_empty() { None } else { read::read(&img, &page, &found).ok() };
        if let Some(r) = &reading {
            let marked: Vec<bool> = r.boxes.iter().map(|b| b.state == State::Marked).collect();
            if let Ok(s) = sheet::fleet_sheet(&f, &page, &marked, "P") {
                let _ = fleet::check_game(&f, std::slice::from_ref(&s));
                let _ = fleet::score(&f, &s);
            }
        }
        let took = t.elapsed();
        let row = match stress {
            None => 0,
            Some(s) => 1 + synth::Distortion::ALL.iter().position(|x| *x == s).unwrap(),
        };
        let tally = &mut rows[row].1;
        tally.photos += 1;
        tally.time += took;
        tally.slowest = tally.slowest.max(took);
        tally.boxes += truth.len();
        match reading {
            None => {
                tally.lost += 1;
                tally.asked += truth.len();
                eprintln!("photo {i}: page not read ({} codes found; stress {stress:?}, {cam:?})", found.len());
            }
            Some(r) => {
                for (k, (b, t)) in r.boxes.iter().zip(&truth).enumerate() {
                    match (b.state, *t) {
                        (State::Unsure, _) => tally.asked += 1,
                        (State::Marked, true) | (State::Empty, false) => tally.right += 1,
                        _ => {
                            tally.wrong += 1;
                            eprintln!(
                                "photo {i}: box {k} {:?} read {:?} (ink {:.3}), truth {t}",
                                page.boxes[k].target, b.state, b.ink
                            );
                        }
                    }
                }
            }
        }
        if (i + 1) % 50 == 0 {
            eprintln!("{} photos, {:.0} s", i + 1, started.elapsed().as_secs_f64());
        }
    }
    println!("| photos of | photos | boxes | read right without asking | asked | read wrong | questions per 200 boxes | pages not found | mean / slowest read+check+score |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut all = Tally::default();
    for (name, t) in &rows {
        if t.photos == 0 {
            continue;
        }
        line(name, t);
        all.photos += t.photos;
        all.boxes += t.boxes;
        all.right += t.right;
        all.asked += t.asked;
        all.wrong += t.wrong;
        all.lost += t.lost;
        all.time += t.time;
        all.slowest = all.slowest.max(t.slowest);
    }
    line("**all**", &all);
}

fn line(name: &str, t: &Tally) {
    println!(
        "| {name} | {} | {} | {:.3} % | {} | {} | {:.2} | {} | {:.0} ms / {:.0} ms |",
        t.photos,
        t.boxes,
        100.0 * t.right as f64 / t.boxes.max(1) as f64,
        t.asked,
        t.wrong,
        200.0 * t.asked as f64 / t.boxes.max(1) as f64,
        t.lost,
        t.time.as_secs_f64() * 1000.0 / t.photos.max(1) as f64,
        t.slowest.as_secs_f64() * 1000.0,
    );
}
