//! Boxes in a photo: the paper's brightness around them, the ink inside them, and the
//! shift that puts a box's printed outline on the photo's darkest line.

use crate::{Grey, Homography};

/// The paper's brightness over the photo: the brightest of each block's pixels (a high
/// percentile, so ink and printing do not count), spread over the neighbouring blocks so
/// a filled box or a word still finds paper around it.
pub struct WhiteMap {
    block: usize,
    cols: usize,
    rows: usize,
    values: Vec<f32>,
}

impl WhiteMap {
    /// The map of a photo, in blocks of `block` pixels.
    pub fn new(img: &Grey, block: usize) -> WhiteMap {
        WhiteMap::new_on(img, block, 1)
    }

    /// [`WhiteMap::new`] on up to `threads` threads (rows of blocks shared out): the same map.
    pub fn new_on(img: &Grey, block: usize, threads: usize) -> WhiteMap {
        let block = block.max(1);
        let cols = img.width.div_ceil(block).max(1);
        let rows = img.height.div_ceil(block).max(1);
        let row_of_blocks = |by: usize| -> Vec<f32> {
            let mut hist = [0u32; 256];
            (0..cols)
                .map(|bx| {
                    hist.iter_mut().for_each(|h| *h = 0);
                    let (x0, y0) = (bx * block, by * block);
                    let (x1, y1) = ((x0 + block).min(img.width), (y0 + block).min(img.height));
                    // Every other pixel is plenty for a percentile.
                    let mut n = 0u32;
                    for y in (y0..y1).step_by(2) {
                        let row = &img.pixels[y * img.width..(y + 1) * img.width];
                        for x in (x0..x1).step_by(2) {
                            hist[row[x] as usize] += 1;
                            n += 1;
                        }
                    }
                    let mut left = n / 10;
                    let mut v = 255usize;
                    while v > 0 && hist[v] <= left {
                        left -= hist[v];
                        v -= 1;
                    }
                    v as f32
                })
                .collect()
        };
        let raw: Vec<f32> = crate::par::map_range(rows, threads, row_of_blocks).concat();
        // The brightest block of each 3×3 neighbourhood.
        let mut values = raw.clone();
        for by in 0..rows {
            for bx in 0..cols {
                let mut m = 0f32;
                for y in by.saturating_sub(1)..(by + 2).min(rows) {
                    for x in bx.saturating_sub(1)..(bx + 2).min(cols) {
                        m = m.max(raw[y * cols + x]);
                    }
                }
                values[by * cols + bx] = m.max(1.0);
            }
        }
        WhiteMap { block, cols, rows, values }
    }

    /// The paper's brightness at a pixel (bilinear between block centres).
    pub fn at(&self, x: f64, y: f64) -> f32 {
        let fx = (x / self.block as f64 - 0.5).clamp(0.0, (self.cols - 1) as f64);
        let fy = (y / self.block as f64 - 0.5).clamp(0.0, (self.rows - 1) as f64);
        let (x0, y0) = (fx.floor() as usize, fy.floor() as usize);
        let (x1, y1) = ((x0 + 1).min(self.cols - 1), (y0 + 1).min(self.rows - 1));
        let (tx, ty) = ((fx - x0 as f64) as f32, (fy - y0 as f64) as f32);
        let v = |x: usize, y: usize| self.values[y * self.cols + x];
        let top = v(x0, y0) * (1.0 - tx) + v(x1, y0) * tx;
        let bottom = v(x0, y1) * (1.0 - tx) + v(x1, y1) * tx;
        top * (1.0 - ty) + bottom * ty
    }
}

/// The darkness of the inside of a box (clear of its printed outline) centred at `centre`
/// (page mm) with half-width `r` mm, sampled on an 11 × 11 grid (a disc when `round`),
/// each sample against the paper there: 0 paper, 1 black, darkest first.
pub fn inside(img: &Grey, white: &WhiteMap, h: &Homography, centre: (f64, f64), r: f64, round: bool) -> Vec<f32> {
    let (ox, oy) = h.apply(centre.0, centre.1);
    let (jx, jy) = h.jacobian(centre.0, centre.1);
    let paper = white.at(ox, oy);
    let n = 11;
    let mut dark: Vec<f32> = Vec::with_capacity(n * n);
    for i in 0..n {
        for j in 0..n {
            let (dx, dy) = ((i as f64 / (n - 1) as f64 * 2.0 - 1.0) * r, (j as f64 / (n - 1) as f64 * 2.0 - 1.0) * r);
            if round && dx * dx + dy * dy > r * r * 1.05 {
                continue;
            }
            let v = img.sample(ox + jx.0 * dx + jy.0 * dy, oy + jx.1 * dx + jy.1 * dy);
            dark.push(((paper - v) / paper).clamp(0.0, 1.0));
        }
    }
    dark.sort_by(|a, b| b.total_cmp(a));
    dark
}

/// The shift (mm) within `radius` of `start` that puts a box's outline (`on`: points on
/// it, relative to the box's centre `centre`, mm) on the darkest line with paper on its
/// outside (`out`: the same points a little outside); with how clearly it stands out.
pub fn best_shift(
    img: &Grey,
    h: &Homography,
    centre: (f64, f64),
    on: &[(f64, f64)],
    out: &[(f64, f64)],
    start: (f64, f64),
    radius: f64,
) -> (f64, f64, f64) {
    let (cx, cy) = (centre.0 + start.0, centre.1 + start.1);
    let (ox, oy) = h.apply(cx, cy);
    let (jx, jy) = h.jacobian(cx, cy);
    let map = |(dx, dy): (f64, f64)| (ox + jx.0 * dx + jy.0 * dy, oy + jx.1 * dx + jy.1 * dy);
    let step = radius / 6.0;
    let mut best = (0.0, 0.0, f64::MIN);
    for i in -6..=6 {
        for j in -6..=6 {
            let (sx, sy) = (i as f64 * step, j as f64 * step);
            let sum = |pts: &[(f64, f64)]| -> f64 {
                pts.iter()
                    .map(|(x, y)| {
                        let (u, v) = map((x + sx, y + sy));
                        img.sample(u, v) as f64
                    })
                    .sum()
            };
            let score = (sum(out) - sum(on)) / on.len().max(1) as f64;
            if score > best.2 {
                best = (sx, sy, score);
            }
        }
    }
    (start.0 + best.0, start.1 + best.1, best.2)
}

/// How clearly a box's printed outline shows where it is placed: the mean brightness just
/// outside the outline (`out`) less the mean on it (`on`), as a share of the paper's
/// brightness there (0: no line; a sharp black line on white paper near 1).
pub fn outline_contrast(
    img: &Grey,
    white: &WhiteMap,
    h: &Homography,
    centre: (f64, f64),
    on: &[(f64, f64)],
    out: &[(f64, f64)],
) -> f32 {
    let (ox, oy) = h.apply(centre.0, centre.1);
    let (jx, jy) = h.jacobian(centre.0, centre.1);
    let map = |(dx, dy): (f64, f64)| (ox + jx.0 * dx + jy.0 * dy, oy + jx.1 * dx + jy.1 * dy);
    let mean = |pts: &[(f64, f64)]| -> f32 {
        pts.iter()
            .map(|p| {
                let (u, v) = map(*p);
                img.sample(u, v)
            })
            .sum::<f32>()
            / pts.len().max(1) as f32
    };
    (mean(out) - mean(on)) / white.at(ox, oy)
}

/// The darkness of each half of a box's inside (left, right, top, bottom; each with the
/// middle line), sampled as [`inside`] samples: the mean of each half's darkest tenth. A
/// person's mark reaches every half of its box; a neighbour's stroke overrunning into it
/// darkens one side only.
pub fn halves(img: &Grey, white: &WhiteMap, h: &Homography, centre: (f64, f64), r: f64, round: bool) -> [f32; 4] {
    let (ox, oy) = h.apply(centre.0, centre.1);
    let (jx, jy) = h.jacobian(centre.0, centre.1);
    let paper = white.at(ox, oy);
    let n = 11;
    let mut parts: [Vec<f32>; 4] = Default::default();
    for i in 0..n {
        for j in 0..n {
            let (dx, dy) = ((i as f64 / (n - 1) as f64 * 2.0 - 1.0) * r, (j as f64 / (n - 1) as f64 * 2.0 - 1.0) * r);
            if round && dx * dx + dy * dy > r * r * 1.05 {
                continue;
            }
            let v = img.sample(ox + jx.0 * dx + jy.0 * dy, oy + jx.1 * dx + jy.1 * dy);
            let d = ((paper - v) / paper).clamp(0.0, 1.0);
            let m = n / 2;
            for (k, inside) in [i <= m, i >= m, j <= m, j >= m].into_iter().enumerate() {
                if inside {
                    parts[k].push(d);
                }
            }
        }
    }
    parts.map(|mut p| {
        p.sort_by(|a, b| b.total_cmp(a));
        let top = (p.len() / 10).max(1);
        p[..top].iter().sum::<f32>() / top as f32
    })
}
