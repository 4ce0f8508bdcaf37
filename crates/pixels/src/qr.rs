//! QR codes in a photo (rqrr), searched in a window of it shrunk by a whole factor.

use crate::Grey;

/// The codes rqrr reads in a window (x, y, width, height) of the photo, searched shrunk
/// by `factor`: each code's text and its symbol's corners in the photo (rqrr's order: top
/// left, top right, bottom right, bottom left of the code).
pub fn find(img: &Grey, (x0, y0, w, h): (usize, usize, usize, usize), factor: usize) -> Vec<(String, [(f64, f64); 4])> {
    let factor = factor.max(1);
    let (sw, sh) = (w / factor, h / factor);
    if sw < 21 || sh < 21 {
        return Vec::new();
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
    let mut out = Vec::new();
    for grid in prepared.detect_grids() {
        let Ok((_, text)) = grid.decode() else { continue };
        let corners = grid.bounds.map(|p| (x0 as f64 + p.x as f64 * f + f / 2.0, y0 as f64 + p.y as f64 * f + f / 2.0));
        out.push((text, corners));
    }
    out
}
