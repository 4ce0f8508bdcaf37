//! QR codes in a photo (rqrr), searched in a window of it shrunk by a whole factor.

use crate::Grey;

/// What a search found: each code read (its text and its symbol's corners in the photo,
/// in rqrr's order: top left, top right, bottom right, bottom left of the code), and how
/// many more codes were seen (three finder squares in place) but could not be read.
#[derive(Debug, Default)]
pub struct Found {
    /// The codes read.
    pub codes: Vec<(String, [(f64, f64); 4])>,
    /// Codes seen but not read (too blurred, too dark, damaged).
    pub unreadable: usize,
}

/// The codes rqrr finds in a window (x, y, width, height) of the photo, searched shrunk
/// by `factor`.
pub fn find(img: &Grey, window: (usize, usize, usize, usize), factor: usize) -> Found {
    find_sharpened(img, window, factor, 0, 0.0)
}

/// [`find`] in the window shrunk by `factor` and sharpened (an unsharp mask: each pixel
/// pushed away from the mean of the box of `radius` shrunk pixels around it by `amount`
/// times the difference), for a photo too blurred for its codes' modules to part.
/// A code read this way is as sure as any: rqrr checks its error-correcting code, and a
/// deckhand payload must parse. `amount` 0 is the plain search.
pub fn find_sharpened(
    img: &Grey,
    (x0, y0, w, h): (usize, usize, usize, usize),
    factor: usize,
    radius: usize,
    amount: f32,
) -> Found {
    let factor = factor.max(1);
    let (sw, sh) = (w / factor, h / factor);
    let mut out = Found::default();
    if sw < 21 || sh < 21 {
        return out;
    }
    // The window, shrunk (the mean of each factor × factor block).
    let mut small = vec![0u8; sw * sh];
    let n = (factor * factor) as u32;
    let mut sums = vec![0u32; sw];
    for y in 0..sh {
        sums.iter_mut().for_each(|s| *s = 0);
        for yy in 0..factor {
            let start = (y0 + y * factor + yy) * img.width + x0;
            let row = &img.pixels[start..start + sw * factor];
            for (s, chunk) in sums.iter_mut().zip(row.chunks_exact(factor)) {
                *s += chunk.iter().map(|v| *v as u32).sum::<u32>();
            }
        }
        for (o, s) in small[y * sw..(y + 1) * sw].iter_mut().zip(&sums) {
            *o = (s / n) as u8;
        }
    }
    if amount > 0.0 {
        sharpen(&mut small, sw, sh, radius, amount);
    }
    let mut prepared = rqrr::PreparedImage::prepare_from_greyscale(sw, sh, |x, y| small[y * sw + x]);
    let f = factor as f64;
    for grid in prepared.detect_grids() {
        let Ok((_, text)) = grid.decode() else {
            out.unreadable += 1;
            continue;
        };
        let corners = grid.bounds.map(|p| (x0 as f64 + p.x as f64 * f + f / 2.0, y0 as f64 + p.y as f64 * f + f / 2.0));
        out.codes.push((text, corners));
    }
    out
}

/// An unsharp mask in place: each pixel pushed from the mean of the box of `r` pixels around
/// it by `amount` times the difference (a summed-area table, so any radius costs the same).
fn sharpen(px: &mut [u8], w: usize, h: usize, r: usize, amount: f32) {
    let mut sat = vec![0u32; (w + 1) * (h + 1)];
    for y in 0..h {
        let mut row = 0u32;
        for x in 0..w {
            row += px[y * w + x] as u32;
            sat[(y + 1) * (w + 1) + x + 1] = sat[y * (w + 1) + x + 1] + row;
        }
    }
    for y in 0..h {
        let (ya, yb) = (y.saturating_sub(r), (y + r + 1).min(h));
        for x in 0..w {
            let (xa, xb) = (x.saturating_sub(r), (x + r + 1).min(w));
            let sum = sat[yb * (w + 1) + xb] + sat[ya * (w + 1) + xa] - sat[ya * (w + 1) + xb] - sat[yb * (w + 1) + xa];
            let mean = sum as f32 / ((yb - ya) * (xb - xa)) as f32;
            let v = px[y * w + x] as f32;
            px[y * w + x] = (v + amount * (v - mean)).round().clamp(0.0, 255.0) as u8;
        }
    }
}
