//! The paper benchmark: Fleet pads filled from bots' finished games, marked as people
//! mark, photographed synthetically (src/paper/synth.rs), JPEG-encoded, then read back as
//! `deckhand scan` reads them. Counts every box read right, asked, and read wrong, per
//! distortion, and times decode + read + check + score per photo.
//!
//! cargo bench --bench paper -- [--photos N] [--from I] [--first I,J,…] [--seed S] [--threads T] [--max-seconds S] [--save DIR] [--partial FILE] [--boxes FILE] [--fail-on-wrong] [--inks]
//! (N photos; half with the usual mix of distortions, half each pushing one to its worst;
//! `--first` reads the photos numbered first, e.g. ones that were once read wrong;
//! `--partial` rewrites FILE with the table every 10 photos, so a run stopped from outside
//! still leaves its figure.)
//!
//! `cargo test --bench paper -- …` runs it in the test build instead (CI's subset, no
//! release build): the pixel work is optimised there too (crates/pixels and the image
//! crates, Cargo.toml's profile lines), deckhand's own code is not, so its times are not
//! the speed target's; the boxes read are the same.

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
    /// This thread's CPU time (the machine may be shared: wall time then says little).
    cpu: Duration,
    slowest_cpu: Duration,
}

/// The CPU time this thread has used.
fn thread_cpu() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let photos: usize = arg("--photos").and_then(|v| v.parse().ok()).unwrap_or(1000);
    let from: usize = arg("--from").and_then(|v| v.parse().ok()).unwrap_or(0);
    let seed: u64 = arg("--seed").and_then(|v| v.parse().ok()).unwrap_or(1);
    let save = arg("--save");
    // The photos, by number: --first's, then --photos from --from.
    let first: Vec<usize> =
        arg("--first").map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect()).unwrap_or_default();
    let numbers: Vec<usize> =
        first.iter().copied().chain((from..from + photos).filter(|n| !first.contains(n))).collect();
    let rules = deckhand::games::built_in("fleet-dice").unwrap();
    let fingerprint = rules.fingerprint();
    let f = rules.fleet().unwrap().clone();
    let names: Vec<String> = std::iter::once("usual mix".to_string())
        .chain(synth::Distortion::ALL.iter().map(|d| d.name().to_string()))
        .collect();
    let partial = arg("--partial");
    let threads: usize = arg("--threads").and_then(|v| v.parse().ok()).unwrap_or(2).max(1);
    let max_seconds: f64 = arg("--max-seconds").and_then(|v| v.parse().ok()).unwrap_or(f64::MAX);
    let started = Instant::now();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                if i >= numbers.len() || started.elapsed().as_secs_f64() > max_seconds {
                    break;
                }
                let r = one(&f, &fingerprint, seed, numbers[i], save.as_deref());
                let mut all = results.lock().unwrap();
                all.push(r);
                if all.len() % 50 == 0 {
                    eprintln!("{} photos, {:.0} s", all.len(), started.elapsed().as_secs_f64());
                }
                // The table so far, so that a run stopped from outside still leaves a figure.
                if let Some(file) = &partial {
                    if all.len() % 10 == 0 {
                        let text = format!(
                            "{} photos after {:.0} s (photos {:?} …)\n\n{}",
                            all.len(),
                            started.elapsed().as_secs_f64(),
                            numbers.first(),
                            table(&all, &names).0
                        );
                        let _ = std::fs::write(file, text);
                    }
                }
            });
        }
    });
    let results = results.into_inner().unwrap();
    if cfg!(debug_assertions) {
        println!("(test build: the boxes are read as in a release build; the times are not the release build's)\n");
    }
    let (text, all) = table(&results, &names);
    print!("{text}");
    if let Some(file) = &partial {
        let _ = std::fs::write(file, format!("{} photos, finished\n\n{text}", results.len()));
    }
    if args.iter().any(|a| a == "--fail-on-wrong") && all.wrong > 0 {
        eprintln!("{} boxes read wrong without asking", all.wrong);
        std::process::exit(1);
    }
}

/// One photo's result: its table row (distortion), its tally, and each box's strength with
/// its truth.
type PhotoResult = (usize, Tally, Vec<(f32, bool)>);

/// The per-distortion table of the photos read so far, and their totals.
fn table(results: &[PhotoResult], names: &[String]) -> (String, Tally) {
    use std::fmt::Write;
    let mut rows: Vec<Tally> = vec![Tally::default(); names.len()];
    for (row, t, _) in results {
        let tally = &mut rows[*row];
        tally.add(t);
    }
    let mut out = String::new();
    out.push_str("| photos of | photos | boxes | read right without asking | asked | read wrong | questions per 200 boxes | pages not read (not found, refused) | read+check+score: CPU mean / slowest | wall mean / slowest |\n");
    out.push_str("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    let mut all = Tally::default();
    for (name, t) in names.iter().zip(&rows) {
        if t.photos == 0 {
            continue;
        }
        out.push_str(&line(name, t));
        all.add(t);
    }
    out.push_str(&line("**all**", &all));
    // The same boxes' strengths under other fixed bounds (without the page's own marks, and
    // with every box taken as in place): what moving them would trade.
    out.push_str("\n| strength: empty ≤ | marked ≥ (fixed) | read right without asking | asked | read wrong | questions per 200 boxes |\n");
    out.push_str("|---:|---:|---:|---:|---:|---:|\n");
    for (lo, hi) in [(0.25, 0.45), (0.30, 0.45), (0.30, 0.55), (0.35, 0.55), (0.30, 0.70), (0.40, 0.70)] {
        let (mut right, mut asked, mut wrong) = (0, 0, 0);
        for (ink, t) in results.iter().flat_map(|r| r.2.iter()) {
            if *ink <= lo {
                if *t {
                    wrong += 1
                } else {
                    right += 1
                }
            } else if *ink >= hi {
                if *t {
                    right += 1
                } else {
                    wrong += 1
                }
            } else {
                asked += 1;
            }
        }
        let n = (right + asked + wrong).max(1) as f64;
        let _ = writeln!(
            out,
            "| {lo:.2} | {hi:.2} | {:.3} % | {asked} | {wrong} | {:.2} |",
            100.0 * right as f64 / n,
            200.0 * asked as f64 / n
        );
    }
    (out, all)
}

impl Tally {
    fn add(&mut self, t: &Tally) {
        self.photos += t.photos;
        self.boxes += t.boxes;
        self.right += t.right;
        self.asked += t.asked;
        self.wrong += t.wrong;
        self.lost += t.lost;
        self.time += t.time;
        self.slowest = self.slowest.max(t.slowest);
        self.cpu += t.cpu;
        self.slowest_cpu = self.slowest_cpu.max(t.slowest_cpu);
    }
}

/// One photo: a bots' sheet marked, photographed, encoded, then read as `scan` reads it.
fn one(f: &fleet::FleetRules, fingerprint: &str, seed: u64, i: usize, save: Option<&str>) -> PhotoResult {
    let mut d = synth::Dice::new(seed * 1_000_003 + i as u64);
    let mut sheets = synth::finished_sheets(f, seed * 7919 + i as u64, 2 + d.pick(3));
    let sheet = sheets.swap_remove(d.pick(sheets.len()));
    let stress =
        if i.is_multiple_of(2) { None } else { Some(synth::Distortion::ALL[(i / 2) % synth::Distortion::ALL.len()]) };
    let paper = if d.chance(0.5) { Paper::A4 } else { Paper::Letter };
    let payload = Payload {
        game: f.id.clone(),
        rules: fingerprint.to_string(),
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
    let page = layout::fleet(f, &words, paper, payload);
    let truth = sheet::fleet_truth(f, &page, &sheet);
    let mut canvas = synth::paint(&page, 10.0);
    let erased = synth::mark_boxes(&mut canvas, &page, &truth, &mut d, stress == Some(synth::Distortion::Pencil));
    let cam = synth::camera(&mut d, stress);
    let grey = synth::photograph(&canvas, &page, &cam, &mut d);
    let bytes = synth::jpeg(&grey, cam.quality, None);
    if let Some(dir) = save {
        let _ = std::fs::create_dir_all(dir);
        let _ = std::fs::write(format!("{dir}/photo-{i:04}.jpg"), &bytes);
    }
    // What `scan` does with the file: decode, find, read, make the sheet, check, score.
    let t = Instant::now();
    let cpu = thread_cpu();
    let img = photo::load(&bytes).expect("the benchmark's own JPEG");
    let decoded = thread_cpu();
    let found = read::locate(&img);
    let located = thread_cpu();
    let read = if found.is_empty() { None } else { Some(read::read(&img, &page, &found)) };
    eprintln!(
        "photo {i}: CPU decode {:.0} ms, find {:.0} ms, read {:.0} ms ({}×{}, noise {:.1}; camera's {:.1})",
        (decoded - cpu).as_secs_f64() * 1e3,
        (located - decoded).as_secs_f64() * 1e3,
        (thread_cpu() - located).as_secs_f64() * 1e3,
        img.width,
        img.height,
        photo::noise(&img),
        cam.noise
    );
    let refused = match &read {
        Some(Err(e)) => format!("{e:?}"),
        _ => String::new(),
    };
    let reading = read.and_then(Result::ok);
    if let Some(r) = &reading {
        let marked: Vec<bool> = r.boxes.iter().map(|b| b.state == State::Marked).collect();
        if let Ok(s) = sheet::fleet_sheet(f, &page, &marked, "P") {
            let _ = fleet::check_game(f, std::slice::from_ref(&s));
            let _ = fleet::score(f, &s);
        }
    }
    let (time, cpu) = (t.elapsed(), thread_cpu() - cpu);
    let mut tally =
        Tally { photos: 1, boxes: truth.len(), time, slowest: time, cpu, slowest_cpu: cpu, ..Tally::default() };
    let sharp = photo::sharpness(&img).unwrap_or(-1.0);
    if reading.is_some() {
        eprintln!("photo {i}: read, sharpness {sharp:.3}; blur {:.2} motion {:.1}", cam.blur, cam.motion.0);
    }
    // Every box's measures, one line each, for finding the bounds (`--boxes FILE`, appended).
    if let (Some(file), Some(r)) = (boxes_file(), &reading) {
        use std::io::Write;
        let mut text = String::new();
        for (k, (b, t)) in r.boxes.iter().zip(&truth).enumerate() {
            let kind = match page.boxes[k].target {
                layout::Target::Mark { .. } => "mark",
                layout::Target::Fish { .. } => "fish",
                layout::Target::Bonus(_) => "bonus",
                _ => "other",
            };
            text.push_str(&format!(
                "{i}\t{}\t{k}\t{kind}\t{}\t{}\t{:?}\t{}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{}\t{:.4}\t{:.4}\n",
                stress.map_or("usual", |s| s.name()),
                u8::from(*t),
                u8::from(erased.contains(&k)),
                b.state,
                u8::from(b.in_place),
                b.strength,
                b.ink,
                r.paper,
                r.usual,
                r.outline,
                r.marks,
                r.bounds.0,
                r.bounds.1,
            ));
        }
        if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(file) {
            let _ = f.write_all(text.as_bytes());
        }
    }
    if std::env::args().any(|a| a == "--inks") {
        if let Some(r) = &reading {
            let mut all: Vec<(f32, bool)> = r.boxes.iter().zip(&truth).map(|(b, t)| (b.strength, *t)).collect();
            all.sort_by(|a, b| a.0.total_cmp(&b.0));
            let line: Vec<String> = all.iter().map(|(k, t)| format!("{k:.2}{}", if *t { "x" } else { "" })).collect();
            eprintln!(
                "photo {i}: strengths {} (empty to {:.2}, marked from {:.2}, outline {:.3})",
                line.join(" "),
                r.bounds.0,
                r.bounds.1,
                r.outline
            );
        }
    }
    let row = match stress {
        None => 0,
        Some(s) => 1 + synth::Distortion::ALL.iter().position(|x| *x == s).unwrap(),
    };
    let inks: Vec<(f32, bool)> = match &reading {
        Some(r) => r.boxes.iter().zip(&truth).map(|(b, t)| (b.strength, *t)).collect(),
        None => Vec::new(),
    };
    match reading {
        None => {
            tally.lost += 1;
            tally.asked += truth.len();
            let unread = if found.is_empty() { read::unreadable_codes(&img) } else { 0 };
            eprintln!(
                "photo {i}: page not read ({} codes found, {unread} seen but unreadable, {refused}, sharpness {sharp:.3}; stress {stress:?}, {cam:?})",
                found.len()
            );
        }
        Some(r) => {
            for (k, (b, t)) in r.boxes.iter().zip(&truth).enumerate() {
                match (b.state, *t) {
                    (State::Unsure, _) => {
                        tally.asked += 1;
                        // A marked neighbour within one and a half boxes: its stroke may
                        // overrun into this box.
                        let (cx, cy) = page.boxes[k].centre();
                        let near_mark = page.boxes.iter().zip(&truth).enumerate().any(|(j, (o, m))| {
                            let (ox, oy) = o.centre();
                            j != k && *m && (ox - cx).hypot(oy - cy) < 1.5 * page.boxes[k].size
                        });
                        eprintln!(
                            "photo {i}: asked {:?} strength {:.3} ink {:.3} (empty to {:.2}, marked from {:.2}){}{}{} truth {t}",
                            page.boxes[k].target,
                            b.strength,
                            b.ink,
                            r.bounds.0,
                            r.bounds.1,
                            if b.in_place { "" } else { ", out of place" },
                            if near_mark { ", a marked neighbour" } else { "" },
                            if erased.contains(&k) { ", an erased mark" } else { "" }
                        );
                    }
                    (State::Marked, true) | (State::Empty, false) => tally.right += 1,
                    _ => {
                        tally.wrong += 1;
                        eprintln!(
                            "photo {i}: WRONG {:?} read {:?} (strength {:.3}, ink {:.3}, marked from {:.2}), truth {t}; stress {stress:?}",
                            page.boxes[k].target, b.state, b.strength, b.ink, r.bounds.1
                        );
                    }
                }
            }
        }
    }
    (row, tally, inks)
}

/// `--boxes FILE`: where each read box's measures are appended (photo, distortion, box,
/// kind, truth, erased, state, in place, strength, ink, the page's paper, usual mark,
/// outline, marks, and its bounds), tab-separated.
fn boxes_file() -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == "--boxes").and_then(|i| args.get(i + 1)).cloned()
}

fn line(name: &str, t: &Tally) -> String {
    format!(
        "| {name} | {} | {} | {:.3} % | {} | {} | {:.2} | {} | {:.0} ms / {:.0} ms | {:.0} ms / {:.0} ms |\n",
        t.photos,
        t.boxes,
        100.0 * t.right as f64 / t.boxes.max(1) as f64,
        t.asked,
        t.wrong,
        200.0 * t.asked as f64 / t.boxes.max(1) as f64,
        t.lost,
        t.cpu.as_secs_f64() * 1000.0 / t.photos.max(1) as f64,
        t.slowest_cpu.as_secs_f64() * 1000.0,
        t.time.as_secs_f64() * 1000.0 / t.photos.max(1) as f64,
        t.slowest.as_secs_f64() * 1000.0,
    )
}
