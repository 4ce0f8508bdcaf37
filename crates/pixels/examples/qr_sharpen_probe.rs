//! Which QR search reads a blurred photo's corner codes: every shrink, unsharp-mask radius
//! and strength tried on the photos given, with the codes read and seen-but-unread and the
//! time. How `read::SHARPENED` was chosen (BENCHMARKS.md, "Paper in, paper out"):
//!   cargo run --release -p deckhand-pixels --example qr_sharpen_probe -- photo-0005.jpg …
use deckhand_pixels::qr;
fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap();
        let img = deckhand_pixels::grey::load(&bytes).unwrap();
        let (w, h) = (img.width, img.height);
        let base = (w.max(h) / 2000).max(1);
        for f in [base, base * 2, base * 3] {
            for r in [0usize, 1, 2, 3, 4, 6] {
                for a in [0.0f32, 0.5, 1.0, 2.0, 3.0] {
                    if (r == 0) != (a == 0.0) {
                        continue;
                    }
                    let t = std::time::Instant::now();
                    let found = qr::find_sharpened(&img, (0, 0, w, h), f, r, a);
                    println!(
                        "{path} f{f} r{r} a{a}: {} read, {} unreadable, {:.0} ms",
                        found.codes.len(),
                        found.unreadable,
                        t.elapsed().as_secs_f64() * 1e3
                    );
                }
            }
        }
    }
}
