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
pub fn find(img: &Grey, (x0, y0, w, h): (usize, usize, usize, usize), factor: usize) -> Found {
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
