//! The paper benchmark's synthetic camera: a canvas the page is painted on (in page
//! millimetres), and its photograph (perspective, curl, light, shadow, blur, noise).

use crate::{Grey, Homography};

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
    /// A blank canvas of a page (mm) at `ppm` pixels per mm.
    pub fn new(w_mm: f32, h_mm: f32, ppm: f64) -> Canvas {
        let width = (w_mm as f64 * ppm).ceil() as usize;
        let height = (h_mm as f64 * ppm).ceil() as usize;
        Canvas { ppm, width, height, ink: vec![0.0; width * height] }
    }

    /// Add ink `a` (0–1) at a pixel: darkness combines as layers of ink do.
    pub fn put(&mut self, x: usize, y: usize, a: f32) {
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
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, a: f32) {
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
    pub fn polygon(&mut self, pts: &[(f32, f32)], a: f32) {
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

    /// A closed outline through points (mm); every other side left out when dashed.
    pub fn outline(&mut self, pts: &[(f64, f64)], w: f64, a: f32, dashed: bool) {
        for i in 0..pts.len() {
            if dashed && i % 2 == 1 {
                continue;
            }
            self.segment(pts[i], pts[(i + 1) % pts.len()], w, a);
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

/// The draws of one photograph that are not the camera's: which way the sheet curls and
/// the light falls, where the hand's shadow is, how dark the table is, and the noise.
#[derive(Debug, Clone, Copy)]
pub struct Scene {
    /// The sheet bends along its long side (else its short one).
    pub curl_along: bool,
    /// The direction the light falls off in, radians.
    pub light_dir: f64,
    /// The shadow's centre (pixels) and radius (a share of the photo's width).
    pub shadow: (f64, f64, f64),
    /// The table's brightness around the page (0–255).
    pub table: f64,
    /// The seed of the sensor noise.
    pub noise_seed: u64,
}

/// Photograph a painted page of `page_mm` (width, height) lying at `pose` (page mm to
/// photo pixels): the grey photo (before JPEG).
pub fn photograph(canvas: &Canvas, page_mm: (f64, f64), pose: &Homography, cam: &Camera, scene: &Scene) -> Grey {
    let (w, h) = cam.size;
    let back = pose.inverse();
    let (pw, ph) = page_mm;
    // Curl: the sheet bends along one axis; seen from above, points move towards the
    // bend's axis by up to `curl` mm.
    let curl_dir = scene.curl_along;
    let curl = cam.curl;
    let light_dir = scene.light_dir;
    let (shadow_x, shadow_y) = (scene.shadow.0, scene.shadow.1);
    let shadow_r = scene.shadow.2 * w as f64;
    let table = scene.table;
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
    let mut rng = SplitMix(scene.noise_seed);
    let pixels = img.iter().map(|v| (*v as f64 + rng.normal() * cam.noise).round().clamp(0.0, 255.0) as u8).collect();
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

/// SplitMix64, for the noise (the same generator as deckhand's own).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Roughly normal, mean 0, deviation 1 (the sum of 4 uniforms, scaled).
    fn normal(&mut self) -> f64 {
        let sum: f64 = (0..4).map(|_| (self.next() >> 11) as f64 / (1u64 << 53) as f64).sum();
        (sum - 2.0) * 3f64.sqrt()
    }
}
