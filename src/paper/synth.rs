//! The benchmark's camera: a pad painted at print resolution, marked as people mark
//! (pen or pencil, ×, /, tick, filled, circled, wobbling and overrunning the box, some
//! marks erased), then photographed synthetically (rotation, perspective tilt, paper curl,
//! lens and motion blur, uneven light and a hand's shadow, sensor noise, JPEG), with the
//! truth of every box kept. `benches/paper.rs` runs it over a thousand photos; the unit
//! and round-trip tests over small ones.

use super::draw::{hex_points, star_points};
use super::geometry::Homography;
use super::layout::{Anchor, Ink, Outline, Page};
use super::photo::Grey;
use deckhand_pixels::camera::{self, Scene};
pub use deckhand_pixels::camera::{Camera, Canvas};

/// A seeded random source (the crate's SplitMix64) with the draws a camera needs.
pub struct Dice(crate::rng::Rng);

impl Dice {
    /// Seeded.
    pub fn new(seed: u64) -> Dice {
        Dice(crate::rng::Rng::new(seed))
    }
    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        self.0.below(1 << 30) as f64 / (1u64 << 30) as f64
    }
    /// Uniform in [a, b).
    pub fn range(&mut self, a: f64, b: f64) -> f64 {
        a + (b - a) * self.unit()
    }
    /// True with probability p.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
    /// Roughly normal, mean 0, deviation 1.
    pub fn normal(&mut self) -> f64 {
        (0..6).map(|_| self.unit()).sum::<f64>() * std::f64::consts::SQRT_2 - 6.0 * std::f64::consts::SQRT_2 / 2.0
    }
    /// One of `n`.
    pub fn pick(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
}

/// The page as printed, painted at `ppm` pixels per mm. Words are painted as grey blocks of
/// their size (the reader never reads them; they are there to be in the way).
pub fn paint(page: &Page, ppm: f64) -> Canvas {
    let mut c = Canvas::new(page.width, page.height, ppm);
    for b in &page.boxes {
        let (cx, cy) = b.centre();
        let (cx, cy, r) = (cx as f64, cy as f64, b.size as f64 / 2.0);
        let n = if b.dashed { 24 } else { 48 };
        let pts: Vec<(f64, f64)> = match b.outline {
            Outline::Square => vec![(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)],
            Outline::Circle => (0..n)
                .map(|i| {
                    let a = i as f64 / n as f64 * std::f64::consts::TAU;
                    (cx + r * a.cos(), cy + r * a.sin())
                })
                .collect(),
            Outline::Hex => hex_points(b.x, b.y, b.size).iter().map(|(x, y)| (*x as f64, *y as f64)).collect(),
        };
        if b.dashed && b.outline == Outline::Square {
            c.outline(&pts, 0.3, 0.95, false);
        } else {
            c.outline(&pts, 0.3, 0.95, b.dashed);
        }
    }
    for i in &page.ink {
        match i {
            Ink::Text { x, y, size, anchor, text, .. } => {
                let w = super::layout::text_width(text, *size) as f64;
                let x0 = if *anchor == Anchor::Middle { *x as f64 - w / 2.0 } else { *x as f64 };
                let n = text.chars().count().max(1);
                for (k, ch) in text.chars().enumerate() {
                    if ch != ' ' {
                        let cw = w / n as f64;
                        c.rect(
                            x0 + k as f64 * cw + cw * 0.15,
                            *y as f64 - *size as f64 * 0.72,
                            cw * 0.7,
                            *size as f64 * 0.72,
                            0.35,
                        );
                    }
                }
            }
            Ink::Line { x1, y1, x2, y2, width } => {
                c.segment((*x1 as f64, *y1 as f64), (*x2 as f64, *y2 as f64), *width as f64, 0.95)
            }
            Ink::Star { cx, cy, r } => c.polygon(&star_points(*cx, *cy, *r), 0.95),
        }
    }
    for q in &page.qrs {
        for (y, row) in q.modules.iter().enumerate() {
            for (x, dark) in row.iter().enumerate() {
                if *dark {
                    let m = q.module as f64;
                    c.rect(q.x as f64 + x as f64 * m, q.y as f64 + y as f64 * m, m, m, 0.97);
                }
            }
        }
    }
    c
}

/// How a person marks a box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stroke {
    /// ×
    Cross,
    /// /
    Slash,
    /// ✓
    Tick,
    /// Scribbled full.
    Fill,
    /// A ring inside the box.
    Ring,
}

/// The pen: stroke width (mm) and darkness.
#[derive(Debug, Clone, Copy)]
pub struct Pen {
    /// Stroke width, mm.
    pub width: f64,
    /// Darkness 0–1.
    pub dark: f32,
}

impl Pen {
    /// A ballpoint or felt pen, or a pencil (grey, thinner).
    pub fn random(d: &mut Dice, pencil: bool) -> Pen {
        if pencil {
            Pen { width: d.range(0.35, 0.7), dark: d.range(0.4, 0.7) as f32 }
        } else {
            Pen { width: d.range(0.35, 0.9), dark: d.range(0.75, 0.95) as f32 }
        }
    }
}

/// A wobbling line: the segment cut in pieces, each end moved a little sideways.
fn wobbly(c: &mut Canvas, d: &mut Dice, a: (f64, f64), b: (f64, f64), pen: Pen, wobble: f64) {
    let pieces = 5;
    let mut prev = a;
    for k in 1..=pieces {
        let t = k as f64 / pieces as f64;
        let j = if k == pieces { 0.0 } else { wobble };
        let next = (a.0 + (b.0 - a.0) * t + d.normal() * j, a.1 + (b.1 - a.1) * t + d.normal() * j);
        c.segment(prev, next, pen.width, pen.dark);
        prev = next;
    }
}

/// Mark a box of side `size` centred at (cx, cy) mm with a stroke; `over` is how far (a
/// share of the box) the stroke may run past the box.
pub fn mark(c: &mut Canvas, d: &mut Dice, (cx, cy): (f64, f64), size: f64, stroke: Stroke, pen: Pen, over: f64) {
    let r = size / 2.0;
    let w = 0.12 * size;
    let jitter = |d: &mut Dice, k: f64| d.range(-k, k) * r;
    let ends = |d: &mut Dice| r * (0.75 + d.range(0.0, over) * 2.0);
    match stroke {
        Stroke::Cross | Stroke::Slash => {
            let (ox, oy) = (jitter(d, 0.15), jitter(d, 0.15));
            let e = ends(d);
            let e2 = ends(d);
            wobbly(c, d, (cx - e + ox, cy + e + oy), (cx + e2 + ox, cy - e2 + oy), pen, w * 0.3);
            if stroke == Stroke::Cross {
                let e = ends(d);
                let e2 = ends(d);
                wobbly(c, d, (cx - e + ox, cy - e + oy), (cx + e2 + ox, cy + e2 + oy), pen, w * 0.3);
            }
        }
        Stroke::Tick => {
            let (ox, oy) = (jitter(d, 0.1), jitter(d, 0.1));
            let low = (cx - 0.15 * r + ox, cy + 0.6 * r + oy);
            wobbly(c, d, (cx - 0.7 * r + ox, cy + 0.05 * r + oy), low, pen, w * 0.2);
            let e = ends(d);
            wobbly(c, d, low, (cx + e + ox, cy - e * 1.1 + oy), pen, w * 0.3);
        }
        Stroke::Fill => {
            let lines = (size / (pen.width * 0.8)).ceil() as usize;
            for k in 0..lines {
                let y = cy - r * 0.85 + (k as f64 + 0.5) / lines as f64 * r * 1.7;
                let e = ends(d) * 0.95;
                let (j1, j2) = (d.normal() * 0.1, d.normal() * 0.1);
                wobbly(c, d, (cx - e, y + j1), (cx + e, y + j2), pen, w * 0.1);
            }
        }
        Stroke::Ring => {
            let rr = r * d.range(0.45, 0.8);
            let n = 16;
            let start = d.range(0.0, std::f64::consts::TAU);
            let mut prev = (cx + rr * start.cos(), cy + rr * start.sin());
            for k in 1..=n + 1 {
                let a = start + k as f64 / n as f64 * std::f64::consts::TAU;
                let q = rr * (1.0 + d.normal() * 0.04);
                let next = (cx + q * a.cos(), cy + q * a.sin());
                c.segment(prev, next, pen.width, pen.dark);
                prev = next;
            }
        }
    }
}

/// A random camera within the benchmark's ranges, with one distortion pushed to its limit
/// when `stress` names it.
pub fn camera(d: &mut Dice, stress: Option<Distortion>) -> Camera {
    let mp = d.range(8.0, 12.0) * 1e6;
    let w = (mp * 4.0 / 3.0).sqrt();
    let mut cam = Camera {
        size: (w as usize, (w * 0.75) as usize),
        rotation: d.range(-8.0, 8.0) + [0.0, 90.0, 180.0, 270.0][d.pick(4)],
        tilt: d.range(0.0, 15.0),
        tilt_axis: d.range(0.0, 360.0),
        fill: d.range(0.72, 0.9),
        curl: d.range(0.0, 2.0),
        blur: d.range(0.3, 1.2),
        motion: (d.range(0.0, 2.0), d.range(0.0, 180.0)),
        light: (d.range(170.0, 235.0), d.range(0.0, 0.25)),
        shadow: if d.chance(0.3) { d.range(0.1, 0.35) } else { 0.0 },
        noise: d.range(1.0, 4.0),
        quality: d.range(40.0, 91.0) as u8,
    };
    match stress {
        None => {}
        Some(Distortion::Rotation) => cam.rotation = d.range(0.0, 360.0),
        Some(Distortion::Tilt) => cam.tilt = d.range(30.0, 40.0),
        Some(Distortion::LensBlur) => cam.blur = d.range(1.5, 2.5),
        Some(Distortion::MotionBlur) => cam.motion = (d.range(4.0, 8.0), d.range(0.0, 180.0)),
        Some(Distortion::Light) => cam.light = (d.range(110.0, 160.0), d.range(0.35, 0.55)),
        Some(Distortion::Shadow) => cam.shadow = d.range(0.4, 0.6),
        Some(Distortion::Noise) => cam.noise = d.range(7.0, 12.0),
        Some(Distortion::Jpeg) => cam.quality = d.range(40.0, 46.0) as u8,
        Some(Distortion::Curl) => cam.curl = d.range(3.0, 5.0),
        Some(Distortion::Pencil) => {}
    }
    cam
}

/// The distortions the benchmark reports on, each pushed to its worst in its own share of
/// the photos.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Distortion {
    /// Any rotation.
    Rotation,
    /// 30–40° tilt.
    Tilt,
    /// Strong lens blur.
    LensBlur,
    /// Strong motion blur.
    MotionBlur,
    /// Dim, uneven light.
    Light,
    /// A strong hand's shadow.
    Shadow,
    /// Strong sensor noise.
    Noise,
    /// JPEG at quality 40–45.
    Jpeg,
    /// Strong paper curl.
    Curl,
    /// Every mark in pencil.
    Pencil,
}

impl Distortion {
    /// Every distortion.
    pub const ALL: [Distortion; 10] = [
        Distortion::Rotation,
        Distortion::Tilt,
        Distortion::LensBlur,
        Distortion::MotionBlur,
        Distortion::Light,
        Distortion::Shadow,
        Distortion::Noise,
        Distortion::Jpeg,
        Distortion::Curl,
        Distortion::Pencil,
    ];

    /// Its name in the benchmark's table.
    pub fn name(self) -> &'static str {
        match self {
            Distortion::Rotation => "rotation 0-360°",
            Distortion::Tilt => "tilt 30-40°",
            Distortion::LensBlur => "lens blur σ 1.5-2.5 px",
            Distortion::MotionBlur => "motion blur 4-8 px",
            Distortion::Light => "dim, uneven light",
            Distortion::Shadow => "hand shadow 40-60 %",
            Distortion::Noise => "noise σ 7-12",
            Distortion::Jpeg => "JPEG q40-45",
            Distortion::Curl => "paper curl 3-5 mm",
            Distortion::Pencil => "all marks in pencil",
        }
    }
}

/// The homography from page mm to photo pixels for a camera (rotation, tilt, fill).
pub fn pose(page: &Page, cam: &Camera) -> Homography {
    let (pw, ph) = (page.width as f64, page.height as f64);
    let (w, h) = (cam.size.0 as f64, cam.size.1 as f64);
    let rot = cam.rotation.to_radians();
    let tilt = cam.tilt.to_radians();
    let axis = cam.tilt_axis.to_radians();
    // The page in 3-D: centred, turned in its plane, tilted about an axis in the plane.
    let f = w * 1.1;
    let project = |x: f64, y: f64, dist: f64| -> (f64, f64) {
        let (x, y) = (x - pw / 2.0, y - ph / 2.0);
        let (x, y) = (x * rot.cos() - y * rot.sin(), x * rot.sin() + y * rot.cos());
        // Tilt: rotate about the axis direction (ax, ay) in the plane.
        let (ax, ay) = (axis.cos(), axis.sin());
        let along = x * ax + y * ay;
        let across = -x * ay + y * ax;
        let (across, z) = (across * tilt.cos(), across * tilt.sin());
        let (x, y) = (along * ax - across * ay, along * ay + across * ax);
        let zz = dist + z;
        (w / 2.0 + f * x / zz, h / 2.0 + f * y / zz)
    };
    let corners = [(0.0, 0.0), (pw, 0.0), (pw, ph), (0.0, ph)];
    // Choose the distance that makes the page fill the wanted share of the frame.
    let extent = |dist: f64| {
        let pts: Vec<(f64, f64)> = corners.iter().map(|(x, y)| project(*x, *y, dist)).collect();
        let sx = pts.iter().map(|p| p.0).fold(f64::MIN, f64::max) - pts.iter().map(|p| p.0).fold(f64::MAX, f64::min);
        let sy = pts.iter().map(|p| p.1).fold(f64::MIN, f64::max) - pts.iter().map(|p| p.1).fold(f64::MAX, f64::min);
        (sx / w).max(sy / h)
    };
    let (mut lo, mut hi) = (pw * 0.3, pw * 50.0);
    for _ in 0..60 {
        let mid = (lo + hi) / 2.0;
        if extent(mid) > cam.fill {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let to: Vec<(f64, f64)> = corners.iter().map(|(x, y)| project(*x, *y, hi)).collect();
    let from: Vec<(f64, f64)> = corners.to_vec();
    let mut pose = Homography::fit(&from, &to).expect("four corners of a page");
    // Centre the page's picture in the frame.
    let (mx, my) = to.iter().fold((0.0, 0.0), |a, p| (a.0 + p.0 / 4.0, a.1 + p.1 / 4.0));
    let (bx, by) = {
        let xs: Vec<f64> = to.iter().map(|p| p.0).collect();
        let ys: Vec<f64> = to.iter().map(|p| p.1).collect();
        (
            (xs.iter().cloned().fold(f64::MAX, f64::min) + xs.iter().cloned().fold(f64::MIN, f64::max)) / 2.0,
            (ys.iter().cloned().fold(f64::MAX, f64::min) + ys.iter().cloned().fold(f64::MIN, f64::max)) / 2.0,
        )
    };
    let _ = (mx, my);
    let (sx, sy) = (w / 2.0 - bx, h / 2.0 - by);
    let t = [1.0, 0.0, sx, 0.0, 1.0, sy, 0.0, 0.0, 1.0];
    let mut out = [0.0; 9];
    for i in 0..3 {
        for j in 0..3 {
            out[i * 3 + j] = (0..3).map(|k| t[i * 3 + k] * pose.h[k * 3 + j]).sum();
        }
    }
    pose.h = out;
    pose
}

/// A grey photo as JPEG bytes at a quality, with an EXIF orientation tag when given (the
/// pixels are then stored turned the other way, as a phone stores them).
pub fn jpeg(img: &Grey, quality: u8, orientation: Option<u8>) -> Vec<u8> {
    deckhand_pixels::grey::jpeg(img, quality, orientation)
}

/// Photograph a painted page: the grey photo (before JPEG).
pub fn photograph(canvas: &Canvas, page: &Page, cam: &Camera, d: &mut Dice) -> Grey {
    let (w, h) = (cam.size.0 as f64, cam.size.1 as f64);
    let scene = Scene {
        curl_along: d.range(0.0, 1.0) < 0.5,
        light_dir: d.range(0.0, std::f64::consts::TAU),
        shadow: (d.range(0.0, w), d.range(0.0, h), d.range(0.15, 0.35)),
        table: d.range(30.0, 110.0),
        noise_seed: d.0.below(1 << 62) as u64,
    };
    camera::photograph(canvas, (page.width as f64, page.height as f64), &pose(page, cam), cam, &scene)
}

/// The sheets of finished Fleet games played by deckhand's own bots: `players` sheets
/// per game, as real tables fill them.
pub fn finished_sheets(
    rules: &crate::games::fleet::FleetRules,
    seed: u64,
    players: usize,
) -> Vec<crate::games::fleet::Sheet> {
    use crate::games::fleet::advisor::{step, Policy};
    use crate::games::fleet::game::{Game, Setup};
    let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
    let mut game = Game::new(rules, &names, Setup::default());
    game.set_quiet(true);
    let mut rng = crate::rng::Rng::new(seed);
    let seats: Vec<Policy> = (0..players)
        .map(|i| if (seed as usize + i).is_multiple_of(3) { Policy::Random } else { Policy::Greedy })
        .collect();
    while step(rules, &mut game, &seats, &mut rng) {}
    game.players.iter().map(|p| p.sheet.clone()).collect()
}

/// Mark the boxes whose truth is marked, as one person would (one pen or pencil, mostly
/// one kind of stroke), and leave erased marks on a few empty boxes. `pencil` forces a
/// pencil. Returns the boxes left with an erased mark.
pub fn mark_boxes(c: &mut Canvas, page: &Page, truth: &[bool], d: &mut Dice, pencil: bool) -> Vec<usize> {
    let pencil = pencil || d.chance(0.4);
    let pen = Pen::random(d, pencil);
    let strokes = [Stroke::Cross, Stroke::Slash, Stroke::Tick, Stroke::Fill, Stroke::Ring];
    let usual = strokes[d.pick(strokes.len())];
    let over = d.range(0.0, 0.3);
    let mut erased = Vec::new();
    for (k, (b, t)) in page.boxes.iter().zip(truth).enumerate() {
        let (cx, cy) = b.centre();
        let centre = (cx as f64, cy as f64);
        if *t {
            let stroke = if d.chance(0.8) { usual } else { strokes[d.pick(strokes.len())] };
            let mut p = pen;
            p.width *= d.range(0.85, 1.15);
            mark(c, d, centre, b.size as f64, stroke, p, over);
        } else if d.chance(0.02) {
            // An erased mark: a faint, smeared ghost of a stroke.
            let ghost = Pen { width: pen.width * 2.0, dark: d.range(0.04, 0.1) as f32 };
            let stroke = strokes[d.pick(3)];
            mark(c, d, centre, b.size as f64, stroke, ghost, 0.0);
            erased.push(k);
        }
    }
    erased
}
