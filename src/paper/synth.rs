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

/// A canvas in page millimetres: darkness 0 (paper) to 1 (black) per pixel.
pub struct Canvas {
    /// Pixels per mm.
    pub ppm: f64,
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// Darkness per pixel.
    pub ink: Vec<f32>,
}

impl Canvas {
    fn new(w_mm: f32, h_mm: f32, ppm: f64) -> Canvas {
        let width = (w_mm as f64 * ppm).ceil() as usize;
        let height = (h_mm as f64 * ppm).ceil() as usize;
        Canvas { ppm, width, height, ink: vec![0.0; width * height] }
    }

    /// Add ink `a` (0–1) at a pixel: darkness combines as layers of ink do.
    fn put(&mut self, x: usize, y: usize, a: f32) {
        let v = &mut self.ink[y * self.width + x];
        *v = 1.0 - (1.0 - *v) * (1.0 - a.clamp(0.0, 1.0));
    }

    /// Ink along a segment of width `w` mm, darkness `a`, soft-edged.
    pub fn segment(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), w: f64, a: f32) {
        let p = self.ppm;
        let (ax, ay, bx, by) = (x1 * p, y1 * p, x2 * p, y2 * p);
        let r = w * p / 2.0;
        let minx = (ax.min(bx) - r - 1.0).floor().max(0.0) as usize;
        let maxx = ((ax.max(bx) + r + 1.0).ceil() as usize).min(self.width.saturating_sub(1));
        let miny = (ay.min(by) - r - 1.0).floor().max(0.0) as usize;
        let maxy = ((ay.max(by) + r + 1.0).ceil() as usize).min(self.height.saturating_sub(1));
        let (dx, dy) = (bx - ax, by - ay);
        let len2 = (dx * dx + dy * dy).max(1e-9);
        for y in miny..=maxy {
            for x in minx..=maxx {
                let (px, py) = (x as f64 + 0.5, y as f64 + 0.5);
                let t = (((px - ax) * dx + (py - ay) * dy) / len2).clamp(0.0, 1.0);
                let (qx, qy) = (ax + t * dx - px, ay + t * dy - py);
                let d = (qx * qx + qy * qy).sqrt();
                let cover = (r + 0.5 - d).clamp(0.0, 1.0) as f32;
                if cover > 0.0 {
                    self.put(x, y, a * cover);
                }
            }
        }
    }

    /// A filled rectangle in mm.
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, a: f32) {
        let p = self.ppm;
        let (x0, y0) = ((x * p).round().max(0.0) as usize, (y * p).round().max(0.0) as usize);
        let (x1, y1) = (((x + w) * p).round() as usize, ((y + h) * p).round() as usize);
        for yy in y0..y1.min(self.height) {
            for xx in x0..x1.min(self.width) {
                self.put(xx, yy, a);
            }
        }
    }

    /// A filled polygon in mm.
    fn polygon(&mut self, pts: &[(f32, f32)], a: f32) {
        let p = self.ppm;
        let minx = pts.iter().map(|q| q.0).fold(f32::MAX, f32::min) as f64 * p;
        let maxx = pts.iter().map(|q| q.0).fold(f32::MIN, f32::max) as f64 * p;
        let miny = pts.iter().map(|q| q.1).fold(f32::MAX, f32::min) as f64 * p;
        let maxy = pts.iter().map(|q| q.1).fold(f32::MIN, f32::max) as f64 * p;
        for y in miny.max(0.0) as usize..(maxy.ceil() as usize).min(self.height) {
            for x in minx.max(0.0) as usize..(maxx.ceil() as usize).min(self.width) {
                let (px, py) = ((x as f64 + 0.5) / p, (y as f64 + 0.5) / p);
                let mut inside = false;
                let mut j = pts.len() - 1;
                for i in 0..pts.len() {
                    let (xi, yi, xj, yj) = (pts[i].0 as f64, pts[i].1 as f64, pts[j].0 as f64, pts[j].1 as f64);
                    if (yi > py) != (yj > py) && px < (xj - xi) * (py - yi) / (yj - yi) + xi {
                        inside = !inside;
                    }
                    j = i;
                }
                if inside {
                    self.put(x, y, a);
                }
            }
        }
    }

    fn outline(&mut self, pts: &[(f64, f64)], w: f64, a: f32, dashed: bool) {
        for i in 0..pts.len() {
            if dashed && i % 2 == 1 {
                continue;
            }
            self.segment(pts[i], pts[(i + 1) % pts.len()], w, a);
        }
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

/// How a photo is taken.
#[derive(Debug, Clone, Copy)]
pub struct Camera {
    /// Photo width and height in pixels.
    pub size: (usize, usize),
    /// The page's turn in the picture, degrees.
    pub rotation: f64,
    /// The page's tilt away from the camera, degrees (0 flat, 40 steep).
    pub tilt: f64,
    /// The direction of the tilt, degrees.
    pub tilt_axis: f64,
    /// How much of the frame the page fills (0–1).
    pub fill: f64,
    /// Paper curl: the most the sheet bends away from flat, mm.
    pub curl: f64,
    /// Lens blur: Gaussian deviation, pixels.
    pub blur: f64,
    /// Motion blur: length in pixels, and direction in degrees.
    pub motion: (f64, f64),
    /// Light: brightness of the paper (0–255) at its brightest and the fall-off across
    /// the frame (0 even, 0.5 half as bright at the far side).
    pub light: (f64, f64),
    /// A hand's shadow: how dark (0 none, 0.6 strong).
    pub shadow: f64,
    /// Sensor noise, deviation in grey levels.
    pub noise: f64,
    /// JPEG quality.
    pub quality: u8,
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

fn invert(h: &Homography) -> Homography {
    let m = &h.h;
    let a = m[4] * m[8] - m[5] * m[7];
    let b = m[5] * m[6] - m[3] * m[8];
    let c = m[3] * m[7] - m[4] * m[6];
    let det = m[0] * a + m[1] * b + m[2] * c;
    let inv = [
        a / det,
        (m[2] * m[7] - m[1] * m[8]) / det,
        (m[1] * m[5] - m[2] * m[4]) / det,
        b / det,
        (m[0] * m[8] - m[2] * m[6]) / det,
        (m[2] * m[3] - m[0] * m[5]) / det,
        c / det,
        (m[1] * m[6] - m[0] * m[7]) / det,
        (m[0] * m[4] - m[1] * m[3]) / det,
    ];
    Homography { h: inv.map(|v| v / inv[8]) }
}

/// Photograph a painted page: the grey photo (before JPEG).
pub fn photograph(canvas: &Canvas, page: &Page, cam: &Camera, d: &mut Dice) -> Grey {
    let (w, h) = cam.size;
    let pose = pose(page, cam);
    let back = invert(&pose);
    let (pw, ph) = (page.width as f64, page.height as f64);
    // Curl: the sheet bends along one axis; seen from above, points move towards the
    // bend's axis by up to `curl` mm.
    let curl_dir = d.range(0.0, 1.0) < 0.5;
    let curl = cam.curl;
    let light_dir = d.range(0.0, std::f64::consts::TAU);
    let (shadow_x, shadow_y) = (d.range(0.0, w as f64), d.range(0.0, h as f64));
    let shadow_r = d.range(0.15, 0.35) * w as f64;
    let table = d.range(30.0, 110.0);
    let mut img = vec![0f32; w * h];
    let ppm = canvas.ppm;
    for y in 0..h {
        for x in 0..w {
            let (u, v) = back.apply(x as f64 + 0.5, y as f64 + 0.5);
            // Light: a ramp across the frame and a soft shadow.
            let ramp = {
                let t = ((x as f64 / w as f64 - 0.5) * light_dir.cos() + (y as f64 / h as f64 - 0.5) * light_dir.sin())
                    + 0.5;
                1.0 - cam.light.1 * t.clamp(0.0, 1.0)
            };
            let sd = ((x as f64 - shadow_x).powi(2) + (y as f64 - shadow_y).powi(2)).sqrt() / shadow_r;
            let shade = 1.0 - cam.shadow * (1.0 - ((sd - 0.7) / 0.6).clamp(0.0, 1.0));
            let bright = cam.light.0 * ramp * shade;
            let value = if u >= 0.0 && v >= 0.0 && u < pw && v < ph {
                let (tu, tv) = (u / pw * 2.0 - 1.0, v / ph * 2.0 - 1.0);
                let (u, v) = if curl_dir {
                    (u - curl * tu * (1.0 - tu * tu * 0.3), v + curl * 0.2 * tu * tu)
                } else {
                    (u + curl * 0.2 * tv * tv, v - curl * tv * (1.0 - tv * tv * 0.3))
                };
                let (cx, cy) = (u * ppm - 0.5, v * ppm - 0.5);
                let ink = if cx >= 0.0 && cy >= 0.0 {
                    let (x0, y0) = (cx as usize, cy as usize);
                    if x0 + 1 < canvas.width && y0 + 1 < canvas.height {
                        let (fx, fy) = ((cx - x0 as f64) as f32, (cy - y0 as f64) as f32);
                        let i = y0 * canvas.width + x0;
                        let k = &canvas.ink;
                        (k[i] * (1.0 - fx) + k[i + 1] * fx) * (1.0 - fy)
                            + (k[i + canvas.width] * (1.0 - fx) + k[i + canvas.width + 1] * fx) * fy
                    } else {
                        0.0
                    }
                } else {
                    0.0
                };
                bright * (1.0 - 0.92 * ink as f64)
            } else {
                table * ramp * shade
            };
            img[y * w + x] = value as f32;
        }
    }
    if cam.blur > 0.3 {
        gaussian(&mut img, w, h, cam.blur);
    }
    if cam.motion.0 >= 1.0 {
        motion(&mut img, w, h, cam.motion.0, cam.motion.1);
    }
    let pixels = img.iter().map(|v| (*v as f64 + d.normal() * cam.noise).round().clamp(0.0, 255.0) as u8).collect();
    Grey { width: w, height: h, pixels }
}

fn gaussian(img: &mut [f32], w: usize, h: usize, sigma: f64) {
    let r = (sigma * 3.0).ceil() as isize;
    let kernel: Vec<f32> = (-r..=r).map(|i| (-(i * i) as f64 / (2.0 * sigma * sigma)).exp() as f32).collect();
    let sum: f32 = kernel.iter().sum();
    let kernel: Vec<f32> = kernel.iter().map(|k| k / sum).collect();
    let mut tmp = vec![0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            let mut acc = 0.0;
            for (k, kv) in kernel.iter().enumerate() {
                let xx = (x as isize + k as isize - r).clamp(0, w as isize - 1) as usize;
                acc += img[y * w + xx] * kv;
            }
            tmp[y * w + x] = acc;
        }
    }
    for y in 0..h {
        for x in 0..w {
            let mut acc = 0.0;
            for (k, kv) in kernel.iter().enumerate() {
                let yy = (y as isize + k as isize - r).clamp(0, h as isize - 1) as usize;
                acc += tmp[yy * w + x] * kv;
            }
            img[y * w + x] = acc;
        }
    }
}

fn motion(img: &mut [f32], w: usize, h: usize, len: f64, angle: f64) {
    let (dx, dy) = (angle.to_radians().cos(), angle.to_radians().sin());
    let n = len.ceil() as usize + 1;
    let src = img.to_vec();
    for y in 0..h {
        for x in 0..w {
            let mut acc = 0.0;
            for k in 0..n {
                let t = k as f64 / (n - 1).max(1) as f64 * len - len / 2.0;
                let xx = (x as f64 + t * dx).round().clamp(0.0, (w - 1) as f64) as usize;
                let yy = (y as f64 + t * dy).round().clamp(0.0, (h - 1) as f64) as usize;
                acc += src[yy * w + xx];
            }
            img[y * w + x] = acc / n as f32;
        }
    }
}

/// A grey photo as JPEG bytes at a quality, with an EXIF orientation tag when given (the
/// pixels are then stored turned the other way, as a phone stores them).
pub fn jpeg(img: &Grey, quality: u8, orientation: Option<u8>) -> Vec<u8> {
    use image::ImageEncoder;
    let mut out = Vec::new();
    let mut enc = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality);
    let stored = match orientation {
        // 6: the stored picture must be turned 90° clockwise to be upright.
        Some(6) => turn_counter_clockwise(img),
        _ => img.clone(),
    };
    if let Some(o) = orientation {
        let mut exif = b"MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01".to_vec();
        exif.extend_from_slice(&[0, o, 0, 0, 0, 0, 0, 0]);
        let _ = enc.set_exif_metadata(exif);
    }
    enc.write_image(&stored.pixels, stored.width as u32, stored.height as u32, image::ExtendedColorType::L8)
        .expect("encoding to memory");
    out
}

fn turn_counter_clockwise(img: &Grey) -> Grey {
    let (w, h) = (img.width, img.height);
    let mut out = Grey::new(h, w, 0);
    for y in 0..h {
        for x in 0..w {
            // (x, y) goes to (y, w-1-x).
            out.pixels[(w - 1 - x) * h + y] = img.get(x, y);
        }
    }
    out
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
/// pencil.
pub fn mark_boxes(c: &mut Canvas, page: &Page, truth: &[bool], d: &mut Dice, pencil: bool) {
    let pencil = pencil || d.chance(0.4);
    let pen = Pen::random(d, pencil);
    let strokes = [Stroke::Cross, Stroke::Slash, Stroke::Tick, Stroke::Fill, Stroke::Ring];
    let usual = strokes[d.pick(strokes.len())];
    let over = d.range(0.0, 0.3);
    for (b, t) in page.boxes.iter().zip(truth) {
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
        }
    }
}
