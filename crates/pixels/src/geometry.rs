//! Plane geometry of a photographed page: the homography from page millimetres to photo
//! pixels, fitted by least squares (normalised DLT) to any number of point pairs.

/// A projective map of the plane, `h[8]` = 1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Homography {
    /// Row-major 3×3 matrix.
    pub h: [f64; 9],
}

impl Homography {
    /// Maps a point.
    pub fn apply(&self, x: f64, y: f64) -> (f64, f64) {
        let h = &self.h;
        let w = h[6] * x + h[7] * y + h[8];
        ((h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w)
    }

    /// The map's derivative at a point: image pixels per page unit along x and along y,
    /// as ((dX/dx, dY/dx), (dX/dy, dY/dy)).
    pub fn jacobian(&self, x: f64, y: f64) -> ((f64, f64), (f64, f64)) {
        let e = 0.5;
        let (ax, ay) = self.apply(x - e, y);
        let (bx, by) = self.apply(x + e, y);
        let (cx, cy) = self.apply(x, y - e);
        let (dx, dy) = self.apply(x, y + e);
        (((bx - ax) / (2.0 * e), (by - ay) / (2.0 * e)), ((dx - cx) / (2.0 * e), (dy - cy) / (2.0 * e)))
    }

    /// The inverse map (photo pixels to page).
    pub fn inverse(&self) -> Homography {
        let m = &self.h;
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

    /// The homography taking `from[i]` to `to[i]` best (least squares), from 4 or more
    /// pairs not all on one line; None when they do not determine one.
    pub fn fit(from: &[(f64, f64)], to: &[(f64, f64)]) -> Option<Homography> {
        if from.len() < 4 || from.len() != to.len() {
            return None;
        }
        let (nf, tf) = normaliser(from)?;
        let (nt, tt) = normaliser(to)?;
        // Normal equations of the 8 unknowns.
        let mut a = [[0f64; 9]; 8];
        for (p, q) in nf.iter().zip(&nt) {
            let (x, y) = *p;
            let (u, v) = *q;
            let rows = [[x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y, u], [0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y, v]];
            for r in rows {
                for i in 0..8 {
                    for j in 0..9 {
                        a[i][j] += r[i] * r[j];
                    }
                }
            }
        }
        let sol = solve8(a)?;
        let hn = [sol[0], sol[1], sol[2], sol[3], sol[4], sol[5], sol[6], sol[7], 1.0];
        // Undo the normalisations: H = Tt⁻¹ · Hn · Tf.
        let h = mul(&mul(&inverse_similarity(&tt), &hn), &tf);
        if h[8].abs() < 1e-12 || !h.iter().all(|v| v.is_finite()) {
            return None;
        }
        let s = h[8];
        Some(Homography { h: h.map(|v| v / s) })
    }
}

/// Points moved to mean 0 and mean distance √2 (Hartley), with the similarity used.
#[allow(clippy::type_complexity)]
fn normaliser(pts: &[(f64, f64)]) -> Option<(Vec<(f64, f64)>, [f64; 9])> {
    let n = pts.len() as f64;
    let (mx, my) = pts.iter().fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    let d = pts.iter().map(|(x, y)| ((x - mx).powi(2) + (y - my).powi(2)).sqrt()).sum::<f64>() / n;
    if d < 1e-9 {
        return None;
    }
    let s = std::f64::consts::SQRT_2 / d;
    let t = [s, 0.0, -s * mx, 0.0, s, -s * my, 0.0, 0.0, 1.0];
    Some((pts.iter().map(|(x, y)| (s * (x - mx), s * (y - my))).collect(), t))
}

fn inverse_similarity(t: &[f64; 9]) -> [f64; 9] {
    let s = t[0];
    [1.0 / s, 0.0, -t[2] / s, 0.0, 1.0 / s, -t[5] / s, 0.0, 0.0, 1.0]
}

fn mul(a: &[f64; 9], b: &[f64; 9]) -> [f64; 9] {
    let mut c = [0.0; 9];
    for i in 0..3 {
        for j in 0..3 {
            c[i * 3 + j] = (0..3).map(|k| a[i * 3 + k] * b[k * 3 + j]).sum();
        }
    }
    c
}

/// Gaussian elimination with partial pivoting of an 8×8 system (augmented 8×9).
#[allow(clippy::needless_range_loop)]
fn solve8(mut a: [[f64; 9]; 8]) -> Option<[f64; 8]> {
    for col in 0..8 {
        let pivot = (col..8).max_by(|i, j| a[*i][col].abs().total_cmp(&a[*j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        for row in 0..8 {
            if row != col {
                let f = a[row][col] / a[col][col];
                for k in col..9 {
                    a[row][k] -= f * a[col][k];
                }
            }
        }
    }
    let mut x = [0.0; 8];
    for i in 0..8 {
        x[i] = a[i][8] / a[i][i];
    }
    Some(x)
}
