//! Photos in: JPEG or PNG bytes, bounded in size, turned upright by their EXIF
//! orientation, as one grey channel. Nothing in a file can make this panic or allocate
//! without bound: the file size, the pixel dimensions and the decoder's memory are capped.

/// The largest photo file read, in bytes (a 12-megapixel JPEG is 3–8 MB; a PNG of one
/// up to about 30 MB).
pub const MAX_FILE_BYTES: u64 = 40 * 1024 * 1024;
/// The most pixels along either side.
pub const MAX_SIDE: u32 = 12_000;
/// The most pixels in all (about 50 megapixels).
pub const MAX_PIXELS: u64 = 50_000_000;

/// A grey image, one byte per pixel, row by row.
#[derive(Clone, PartialEq, Eq)]
pub struct Grey {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// The pixels, 0 black to 255 white.
    pub pixels: Vec<u8>,
}

impl std::fmt::Debug for Grey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Grey({}×{})", self.width, self.height)
    }
}

impl Grey {
    /// A blank image of one shade.
    pub fn new(width: usize, height: usize, shade: u8) -> Grey {
        Grey { width, height, pixels: vec![shade; width * height] }
    }

    /// The pixel at (x, y).
    pub fn get(&self, x: usize, y: usize) -> u8 {
        self.pixels[y * self.width + x]
    }

    /// The brightness at a point between pixels (bilinear), 255 outside the image.
    pub fn sample(&self, x: f64, y: f64) -> f32 {
        if !(x >= 0.0 && y >= 0.0) {
            return 255.0;
        }
        // Truncation is the floor here (both are non-negative), without a call to `floor`:
        // the hottest line of a reading (perf: `floor` was 6 % of a scan).
        let (x0, y0) = (x as usize, y as usize);
        if x0 + 1 >= self.width || y0 + 1 >= self.height {
            return 255.0;
        }
        let (fx, fy) = ((x - x0 as f64) as f32, (y - y0 as f64) as f32);
        let i = y0 * self.width + x0;
        let p = &self.pixels;
        let top = p[i] as f32 * (1.0 - fx) + p[i + 1] as f32 * fx;
        let bottom = p[i + self.width] as f32 * (1.0 - fx) + p[i + self.width + 1] as f32 * fx;
        top * (1.0 - fy) + bottom * fy
    }

    /// Whether a point lies inside the image.
    pub fn contains(&self, x: f64, y: f64) -> bool {
        x >= 0.0 && y >= 0.0 && x < self.width as f64 && y < self.height as f64
    }

    /// The image shrunk by a whole factor (the mean of each `f`×`f` block).
    pub fn shrink(&self, f: usize) -> Grey {
        if f <= 1 {
            return self.clone();
        }
        let (w, h) = (self.width / f, self.height / f);
        let mut sums = vec![0u32; w];
        let mut out = Vec::with_capacity(w * h);
        for by in 0..h {
            sums.iter_mut().for_each(|s| *s = 0);
            for y in by * f..by * f + f {
                let row = &self.pixels[y * self.width..y * self.width + w * f];
                for (bx, chunk) in row.chunks_exact(f).enumerate() {
                    sums[bx] += chunk.iter().map(|v| *v as u32).sum::<u32>();
                }
            }
            let n = (f * f) as u32;
            out.extend(sums.iter().map(|s| (s / n) as u8));
        }
        Grey { width: w, height: h, pixels: out }
    }
}

/// Why a photo could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// Bigger than [`MAX_FILE_BYTES`] (the size in bytes).
    TooBig(u64),
    /// Neither JPEG nor PNG.
    NotAnImage,
    /// More pixels than deckhand reads (width, height).
    TooManyPixels(u32, u32),
    /// A JPEG or PNG that does not decode (broken or cut short).
    Broken,
}

/// Decode a photo file's bytes into an upright grey image.
pub fn load(bytes: &[u8]) -> Result<Grey, LoadError> {
    use image::ImageDecoder;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::TooBig(bytes.len() as u64));
    }
    let format = match image::guess_format(bytes) {
        Ok(f @ (image::ImageFormat::Jpeg | image::ImageFormat::Png)) => f,
        _ => return Err(LoadError::NotAnImage),
    };
    if format == image::ImageFormat::Jpeg {
        if let Some(grey) = load_jpeg_luma(bytes)? {
            return Ok(grey);
        }
    }
    let mut reader = image::ImageReader::with_format(std::io::Cursor::new(bytes), format);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_PIXELS * 4 + (64 << 20));
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|e| classify(&e))?;
    let (w, h) = decoder.dimensions();
    if w == 0 || h == 0 {
        return Err(LoadError::Broken);
    }
    if u64::from(w) * u64::from(h) > MAX_PIXELS {
        return Err(LoadError::TooManyPixels(w, h));
    }
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut img = image::DynamicImage::from_decoder(decoder).map_err(|e| classify(&e))?;
    img.apply_orientation(orientation);
    let luma = img.into_luma8();
    let (width, height) = (luma.width() as usize, luma.height() as usize);
    Ok(Grey { width, height, pixels: luma.into_raw() })
}

/// A JPEG of grey or YCbCr colour (what cameras and phones write) decoded straight to its
/// brightness channel, turned upright by its EXIF orientation: zune-jpeg (the decoder
/// `image` uses) then skips the colour channels' upsampling and the conversion to RGB and
/// back, and the file is not copied. `None` for other colour models (CMYK, RGB), which
/// `image` converts.
fn load_jpeg_luma(bytes: &[u8]) -> Result<Option<Grey>, LoadError> {
    use zune_core::colorspace::ColorSpace;
    let options = zune_core::options::DecoderOptions::default()
        .set_strict_mode(false)
        .set_max_width(MAX_SIDE as usize)
        .set_max_height(MAX_SIDE as usize);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(zune_core::bytestream::ZCursor::new(bytes), options);
    if decoder.decode_headers().is_err() {
        // Over the sides' limit, or broken: `image` says which.
        return Ok(None);
    }
    let Some((w, h)) = decoder.dimensions() else { return Err(LoadError::Broken) };
    if w == 0 || h == 0 {
        return Err(LoadError::Broken);
    }
    if w as u64 * h as u64 > MAX_PIXELS {
        return Err(LoadError::TooManyPixels(w as u32, h as u32));
    }
    if !matches!(decoder.input_colorspace(), Some(ColorSpace::YCbCr | ColorSpace::Luma)) {
        return Ok(None);
    }
    let orientation = decoder
        .exif()
        .and_then(|exif| image::metadata::Orientation::from_exif_chunk(exif))
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    decoder.set_options(decoder.options().jpeg_set_out_colorspace(ColorSpace::Luma));
    let pixels = decoder.decode().map_err(|_| LoadError::Broken)?;
    if pixels.len() != w * h {
        return Err(LoadError::Broken);
    }
    if orientation == image::metadata::Orientation::NoTransforms {
        return Ok(Some(Grey { width: w, height: h, pixels }));
    }
    let luma = image::GrayImage::from_raw(w as u32, h as u32, pixels).ok_or(LoadError::Broken)?;
    let mut img = image::DynamicImage::ImageLuma8(luma);
    img.apply_orientation(orientation);
    let luma = img.into_luma8();
    let (width, height) = (luma.width() as usize, luma.height() as usize);
    Ok(Some(Grey { width, height, pixels: luma.into_raw() }))
}

fn classify(e: &image::ImageError) -> LoadError {
    match e {
        image::ImageError::Limits(_) => LoadError::TooManyPixels(0, 0),
        _ => LoadError::Broken,
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

/// The photo's sensor noise, as a standard deviation in grey levels: the median size of
/// the second difference along rows (every fourth row), which a smooth shading or the
/// minority of pixels on edges hardly moves, over the 1.65 it is for pure noise of σ 1.
pub fn noise(img: &Grey) -> f32 {
    let (w, h) = (img.width, img.height);
    if w < 3 {
        return 0.0;
    }
    let mut hist = [0u64; 512];
    for y in (0..h).step_by(4) {
        let row = &img.pixels[y * w..(y + 1) * w];
        for x in 1..w - 1 {
            let d = (2 * row[x] as i32 - row[x - 1] as i32 - row[x + 1] as i32).unsigned_abs() as usize;
            hist[d.min(511)] += 1;
        }
    }
    let total: u64 = hist.iter().sum();
    let mut seen = 0;
    for (v, n) in hist.iter().enumerate() {
        seen += n;
        if seen * 2 > total {
            return v as f32 / 1.65;
        }
    }
    511.0 / 1.65
}

/// How sharp a photo is: the steepest edges (the 99.5th percentile of the brightness step
/// across two pixels, along rows and columns of every fourth line) against the photo's
/// contrast (its 95th minus its 5th brightness percentile). A printed line or a code's
/// edge in focus steps by about its contrast over two pixels (near 1); a blur of σ pixels
/// spreads the step over about 2.5 σ. None when the photo has too little contrast to
/// judge (less than 40 grey levels between its 5th and 95th percentiles).
pub fn sharpness(img: &Grey) -> Option<f32> {
    let (w, h) = (img.width, img.height);
    if w < 8 || h < 8 {
        return None;
    }
    let mut shades = [0u64; 256];
    let mut steps = [0u64; 256];
    for y in (2..h - 2).step_by(4) {
        let row = &img.pixels[y * w..(y + 1) * w];
        for x in 1..w - 1 {
            shades[row[x] as usize] += 1;
            steps[(row[x + 1] as i32 - row[x - 1] as i32).unsigned_abs() as usize] += 1;
        }
    }
    for x in (2..w - 2).step_by(4) {
        for y in 1..h - 1 {
            let (a, b) = (img.pixels[(y - 1) * w + x], img.pixels[(y + 1) * w + x]);
            steps[(b as i32 - a as i32).unsigned_abs() as usize] += 1;
        }
    }
    let percentile = |hist: &[u64; 256], p: f64| -> f32 {
        let total: u64 = hist.iter().sum();
        let want = (total as f64 * p) as u64;
        let mut seen = 0;
        for (v, n) in hist.iter().enumerate() {
            seen += n;
            if seen > want {
                return v as f32;
            }
        }
        255.0
    };
    let contrast = percentile(&shades, 0.95) - percentile(&shades, 0.05);
    if contrast < 40.0 {
        return None;
    }
    Some(percentile(&steps, 0.995) / contrast)
}
