//! Photos in: JPEG or PNG bytes, bounded in size, turned upright by their EXIF
//! orientation, as one grey channel (the decoding is in the `deckhand-pixels` crate, with
//! the other pixel loops). Nothing in a file can make this panic or allocate without
//! bound: the file size, the pixel dimensions and the decoder's memory are capped.

pub use deckhand_pixels::grey::{load, noise, sharpness, Grey, LoadError, MAX_FILE_BYTES, MAX_PIXELS, MAX_SIDE};

#[cfg(test)]
mod tests {
    use super::*;

    fn png(w: u32, h: u32) -> Vec<u8> {
        let img = image::GrayImage::from_fn(w, h, |x, y| image::Luma([((x + y) % 256) as u8]));
        let mut out = Vec::new();
        img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png).unwrap();
        out
    }

    #[test]
    fn a_png_loads_and_broken_or_foreign_bytes_are_refused() {
        let bytes = png(40, 30);
        let grey = load(&bytes).unwrap();
        assert_eq!((grey.width, grey.height, grey.get(3, 2)), (40, 30, 5));
        assert_eq!(load(b"GIF89a....").unwrap_err(), LoadError::NotAnImage);
        assert_eq!(load(&bytes[..bytes.len() / 2]).unwrap_err(), LoadError::Broken);
        let mut jpeg = vec![0xFF, 0xD8, 0xFF, 0xE0];
        jpeg.extend([0u8; 64]);
        assert!(load(&jpeg).is_err());
    }

    /// A phone's colour JPEG is decoded straight to its brightness (the JPEG's own luma,
    /// 0.299 R + 0.587 G + 0.114 B): the same picture as decoding its colours and weighing
    /// them so, within the rounding of the two conversions.
    #[test]
    fn a_colour_jpeg_reads_as_its_brightness() {
        let rgb =
            image::RgbImage::from_fn(64, 48, |x, y| image::Rgb([(x * 4) as u8, (y * 5) as u8, 200 - (x + y) as u8]));
        let mut bytes = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 95).encode_image(&rgb).unwrap();
        let grey = load(&bytes).unwrap();
        let colours = image::load_from_memory(&bytes).unwrap().into_rgb8();
        let want: Vec<u8> = colours
            .pixels()
            .map(|p| (0.299 * p[0] as f32 + 0.587 * p[1] as f32 + 0.114 * p[2] as f32).round() as u8)
            .collect();
        assert_eq!((grey.width, grey.height), (64, 48));
        let worst = grey.pixels.iter().zip(&want).map(|(a, b)| a.abs_diff(*b)).max().unwrap();
        assert!(worst <= 3, "brightness off by {worst}");
    }

    #[test]
    fn a_huge_declared_image_is_refused_before_decoding() {
        // A PNG header claiming 60000 × 60000 pixels, with no data behind it.
        let mut bytes = png(1, 1);
        bytes[16..20].copy_from_slice(&60000u32.to_be_bytes());
        bytes[20..24].copy_from_slice(&60000u32.to_be_bytes());
        assert!(matches!(load(&bytes), Err(LoadError::TooManyPixels(..) | LoadError::Broken)));
    }

    /// The noise estimate finds a photo's sensor noise over its smooth shading and its
    /// edges: what `scan` goes by to search a noisy photo's codes at half size.
    #[test]
    fn noise_is_measured_over_shading_and_edges() {
        let mut rng = crate::rng::Rng::new(3);
        let (w, h) = (400, 300);
        // Light falling off left to right, a dark bar every 40 columns.
        let clean = |x: usize, _y: usize| if x % 40 < 3 { 40.0 } else { 220.0 - x as f64 * 0.1 };
        let mut noisy = Grey::new(w, h, 0);
        let mut plain = Grey::new(w, h, 0);
        for y in 0..h {
            for x in 0..w {
                let g: f64 = (0..12).map(|_| rng.below(1 << 20) as f64 / (1 << 20) as f64).sum::<f64>() - 6.0;
                noisy.pixels[y * w + x] = (clean(x, y) + 10.0 * g).round().clamp(0.0, 255.0) as u8;
                plain.pixels[y * w + x] = clean(x, y).round() as u8;
            }
        }
        let (n, p) = (noise(&noisy), noise(&plain));
        assert!((8.0..12.5).contains(&n), "noise σ 10 measured {n}");
        assert!(p < 1.0, "a clean photo measured {p}");
    }

    #[test]
    fn shrinking_averages_blocks() {
        let g = Grey { width: 4, height: 2, pixels: vec![0, 10, 100, 200, 20, 30, 100, 200] };
        assert_eq!(g.shrink(2).pixels, vec![15, 150]);
        assert_eq!(g.sample(0.5, 0.5), 15.0);
        assert_eq!(g.sample(-1.0, 0.0), 255.0);
    }
}
