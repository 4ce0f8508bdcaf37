//! Reading a photo of a pad: find the corner QR codes (which page of which game, and where
//! the page lies), fit the homography from the page to the photo, align every box on its
//! printed outline (which also follows a curled sheet), and measure the ink inside each
//! box against the paper's own brightness around it.
//!
//! It never guesses. The reading checks itself: every box's printed outline must show where
//! the box is read (else the box is asked, and a page with many such boxes is refused as
//! not lined up). A box's ink is judged against how dark this photo shows the printed
//! outlines (blur and light thin a line and a pen stroke alike) and against the page's own
//! marked boxes (one person's pen): a box clearly below the faintest stroke a pen or pencil
//! makes is empty, one well within the page's marks is marked, and any other is `Unsure`:
//! a question for the person.

use super::geometry::Homography;
use super::layout::{self, Outline, PadBox, Page, Payload};
use super::photo::Grey;
use deckhand_pixels::ink::WhiteMap;
use deckhand_pixels::par;

/// A box is empty when its strength (the darkest tenth of its inside, as a share of how
/// dark the page's printed outlines show in the photo) is at most this above the page's
/// clean paper (its boxes' 20th percentile: noise and grain raise it). The faintest stroke
/// the benchmark draws (a 0.35 mm pencil line at 40 % grey) shows at 0.47 or more over
/// paper at 0.1 (BENCHMARKS.md, "Paper in, paper out").
pub const EMPTY: f32 = 0.22;
/// A box is marked when its strength is at least this above the page's clean paper, at
/// least [`OF_MARKS`] of the page's usual mark (one person's pen), and its ink (as a
/// person sees it) at least [`MARKED_INK`], or [`INK_OF_MARKS`] of the usual mark's when
/// this person's marks are faint (never under [`FAINT_INK`]): a neighbour's stroke
/// overrunning into a packed box has a dark tenth but little ink. And every half of the box
/// must be darker than an empty box ([`EMPTY`]): a person's mark reaches across its box, a
/// neighbour's overrun darkens one side. Otherwise, between the bounds, the box is asked.
pub const MARKED: f32 = 0.37;
/// See [`MARKED`]: the share of the page's median marked strength a box must reach.
pub const OF_MARKS: f32 = 0.4;
/// See [`MARKED`]: the share of the page's usual mark's ink a box read marked has.
pub const INK_OF_MARKS: f32 = 0.6;
/// See [`MARKED`]: the ink (0 paper, 1 black) that reads a box marked on any page.
pub const MARKED_INK: f32 = 0.42;
/// See [`MARKED`]: the least ink of a box read marked, on a page of faint marks.
pub const FAINT_INK: f32 = 0.26;
/// A box is also empty, on a page with at least [`PEN_MARKS`] marks, when its strength over
/// the clean paper is at most this share of the page's usual mark's, times how much this
/// photo thins a printed line (its outlines' darkness over [`PRINTED_OUTLINE`]), and at most
/// [`PEN_EMPTY_CAP`]. Any stroke of this person's pen, however thin (no thinner than the
/// printed outline), shows at least that thinning of the pen's darkness, and the usual mark
/// at most the pen's darkness: a real mark stands at 0.84 of it or more in the benchmark's
/// photos (0.58 before the thinning), an erased mark — wide and faint — under it (an erased
/// mark was most of the questions left; BENCHMARKS.md, "Paper in, paper out").
pub const PEN_EMPTY: f32 = 0.35;
/// A box is never read empty, on a page with at least [`PEN_MARKS`] marks, when it holds
/// this share of the page's usual mark's ink or more, however faint it shows over the paper:
/// in a motion-blurred photo (benchmark photo 267, 6.8 px) real marks stood at 0.55–0.60,
/// under the empty bound 0.61 (its paper at 0.39), with 0.54–0.59 of the usual mark's ink,
/// while no empty box of 600 photos held more than 0.45 of it but 25 erased marks.
pub const EMPTY_INK_OF_MARKS: f32 = 0.45;
/// See [`PEN_EMPTY`]: the fewest marks a page needs for its usual mark to count.
pub const PEN_MARKS: usize = 8;
/// A box is read marked, on a page with at least [`PEN_MARKS`] marks, only when it stands
/// over the clean paper at least this share of the page's usual mark's height over it: an
/// erased mark keeps much of a mark's ink but stands low. Over 1,000 benchmark photos
/// (353,000 boxes) the 3 boxes read wrong were erased marks at 0.47–0.50 of it (photos 674,
/// 757, 762), and 62 real marks stood under 0.55 (blurred or turned photos; none in the
/// usual mix): those are now asked (BENCHMARKS.md, "Paper in, paper out").
pub const OF_PEN: f32 = 0.55;
/// See [`PEN_EMPTY`]: never read empty this way above this strength over the paper (under
/// [`MARKED`], so a box this rule reads empty could never have been read marked).
pub const PEN_EMPTY_CAP: f32 = 0.33;
/// How dark a printed outline shows in a sharp photo (share of the paper's brightness).
const PRINTED_OUTLINE: f32 = 0.95;
/// A box is in its place when its outline shows there at least this share of the page's
/// median outline darkness ...
const OUTLINE_SHOWN: f32 = 0.5;
/// ... and shows clearest no further away than this (mm).
const OUTLINE_OFF: f32 = 0.45;
/// More boxes than this share out of place: the page is not lined up; it is refused.
const MOST_MISPLACED: f64 = 0.05;
/// The printed outlines must show at least this dark (share of the paper's brightness)
/// where the page is read, or nothing on it is where it is read.
const FAINTEST_OUTLINE: f32 = 0.1;

/// A QR code found in a photo.
#[derive(Debug, Clone, PartialEq)]
pub struct Located {
    /// What it says.
    pub payload: Payload,
    /// Its symbol's corners in the photo, in the code's own order: top left, top right,
    /// bottom right, bottom left.
    pub corners: [(f64, f64); 4],
}

/// Every deckhand QR code in a photo. The photo is searched shrunk to about 2000 pixels
/// across; when the corner codes' finder squares group wrongly (three corners of a page
/// look like one huge code), its corners are searched on their own. Once one code is
/// read, the other corners are looked for where it says they are, at full resolution;
/// those still missing, in the photo's corners searched on their own, then again where
/// the codes found put them.
pub fn locate(img: &Grey) -> Vec<Located> {
    locate_on(img, par::default_threads())
}

/// [`locate`] on up to `threads` threads: the fallback windows and the missing corners'
/// windows are searched at once; the codes found are the same on any number of threads.
pub fn locate_on(img: &Grey, threads: usize) -> Vec<Located> {
    let (w, h) = (img.width, img.height);
    let factor = first_factor(img);
    let mut found = search(img, (0, 0, w, h), factor, PLAIN);
    // A blurred photo: its codes' edges are sharper shrunk.
    for f in [factor * 2, factor * 3] {
        if found.is_empty() && w.max(h) / f >= 600 {
            found = search(img, (0, 0, w, h), f, PLAIN);
        }
    }
    // The photo's corners and centre, each searched on its own.
    let (cw, ch) = (w * 3 / 5, h * 3 / 5);
    let windows = [(0, 0), (w - cw, 0), (w - cw, h - ch), (0, h - ch), ((w - cw) / 2, (h - ch) / 2)];
    let by_windows = |found: &mut Vec<Located>| {
        for more in par::map(&windows, threads, |(x, y)| locate_in(img, (*x, *y, cw, ch), factor)) {
            merge(found, more);
        }
    };
    let windowed = found.is_empty();
    if windowed {
        by_windows(&mut found);
    }
    // Still none: a photo so blurred that the modules run together, sharpened.
    let mut sharpen = PLAIN;
    for s in SHARPENED {
        if found.is_empty() {
            found = search(img, (0, 0, w, h), factor, s);
            sharpen = s;
        }
    }
    let Some(first) = found.first().cloned() else { return found };
    let missing = by_prediction(img, &mut found, &first, sharpen, threads);
    // The pad's own boxes can look like finder squares (a filled box in its outline) and
    // pull a code's finder squares into wrong groups in the search of the whole photo: 3
    // of 4 codes in plain sight were lost so (benchmark photos 590, 806, 880; the page
    // then read as cut off). With a corner still missing, the photo's corners are
    // searched on their own, and the corners still missing then looked for where the
    // codes now found put them.
    if missing > 0 && !windowed && sharpen == PLAIN {
        let before = found.len();
        by_windows(&mut found);
        if found.len() > before {
            by_prediction(img, &mut found, &first, sharpen, threads);
        }
    }
    found
}

/// The corners of `first`'s page not in `found`, each searched where the codes found put
/// it (at full resolution unless a module is many pixels wide, sharpened as the codes found
/// were); how many are still missing after.
fn by_prediction(
    img: &Grey,
    found: &mut Vec<Located>,
    first: &Located,
    sharpen: (usize, f32),
    threads: usize,
) -> usize {
    let (w, h) = (img.width, img.height);
    let page = &first.payload.page;
    let missing = |found: &[Located]| -> Vec<u8> {
        (0..4u8).filter(|c| !found.iter().any(|f| f.payload.corner == *c && &f.payload.page == page)).collect()
    };
    let on_page = || found.iter().filter(|f| &f.payload.page == page);
    let from: Vec<(f64, f64)> = on_page().flat_map(|f| layout::qr_symbol(f.payload.paper, f.payload.corner)).collect();
    let to: Vec<(f64, f64)> = on_page().flat_map(|f| f.corners).collect();
    let Some(hom) = Homography::fit(&from, &to) else { return missing(found).len() };
    let mut windows = Vec::new();
    for c in missing(found) {
        let pts = layout::qr_symbol(first.payload.paper, c).map(|(x, y)| hom.apply(x, y));
        let minx = pts.iter().map(|p| p.0).fold(f64::MAX, f64::min);
        let maxx = pts.iter().map(|p| p.0).fold(f64::MIN, f64::max);
        let miny = pts.iter().map(|p| p.1).fold(f64::MAX, f64::min);
        let maxy = pts.iter().map(|p| p.1).fold(f64::MIN, f64::max);
        let pad = ((maxx - minx).max(maxy - miny) * 0.6).max(40.0);
        let x0 = (minx - pad).max(0.0) as usize;
        let y0 = (miny - pad).max(0.0) as usize;
        let x1 = ((maxx + pad).max(0.0) as usize).min(w);
        let y1 = ((maxy + pad).max(0.0) as usize).min(h);
        if x1 <= x0 + 21 || y1 <= y0 + 21 {
            continue;
        }
        // Full resolution unless a module is many pixels wide.
        let module_px = (maxx - minx).max(maxy - miny) / 33.0;
        let f = ((module_px / 5.0) as usize).max(1);
        windows.push(((x0, y0, x1 - x0, y1 - y0), f));
    }
    for more in par::map(&windows, threads, |(window, f)| locate_sharpened(img, *window, *f, sharpen)) {
        merge(found, more);
    }
    missing(found).len()
}

/// The codes in a window of the photo shrunk by `factor` (sharpened first when asked).
/// One search of the whole window: a search in two overlapping bands at once lost a page's
/// codes in the round-trip test (its page then read as cut off), so the QR search stays on
/// one thread.
fn search(img: &Grey, window: (usize, usize, usize, usize), factor: usize, sharpen: (usize, f32)) -> Vec<Located> {
    locate_sharpened(img, window, factor, sharpen)
}

/// The QR search without sharpening.
const PLAIN: (usize, f32) = (0, 0.0);

/// The sharpenings (an unsharp mask's radius in pixels of the searched image, and its
/// strength) tried in turn when no code is found otherwise: they read the codes of 3 of the
/// 4 blurred benchmark photos whose pages were lost (lens blur σ 2.26 and 2.43 px, motion
/// 5.4 px; BENCHMARKS.md, "Paper in, paper out"). Only the photos read no other way pay for
/// them. A code so read is as sure as any (its error correction checked, its payload
/// parsed), and the page is read and checked box by box as any page is.
const SHARPENED: [(usize, f32); 3] = [(4, 2.0), (6, 1.0), (3, 3.0)];

/// How many QR codes a photo shows that cannot be read (their three finder squares are
/// found, their modules are not): a pad too blurred, too dark or too far to read, when
/// [`locate`] found none. Searched as `locate` searches, at the same sizes.
pub fn unreadable_codes(img: &Grey) -> usize {
    let (w, h) = (img.width, img.height);
    let factor = first_factor(img);
    [factor, factor * 2, factor * 3]
        .into_iter()
        .filter(|f| *f == factor || w.max(h) / f >= 600)
        .map(|f| deckhand_pixels::qr::find(img, (0, 0, w, h), f).unreadable)
        .max()
        .unwrap_or(0)
}

/// Sensor noise (σ, grey levels) over which the QR search starts at half size or smaller:
/// the search's time grows steeply with noise at full size (40 s of CPU on a 9-megapixel
/// photo of noise σ 10), and shrinking by two averages four pixels, halving the noise.
const NOISY: f32 = 5.0;

/// The shrink factor the QR search starts at: the photo about 2000 pixels across (a whole
/// factor, so up to 4000), at least halved when it is noisy.
fn first_factor(img: &Grey) -> usize {
    let factor = (img.width.max(img.height) / 2000).max(1);
    if factor == 1 && super::photo::noise(img) > NOISY {
        2
    } else {
        factor
    }
}

fn merge(found: &mut Vec<Located>, more: Vec<Located>) {
    for m in more {
        if !found.iter().any(|f| f.payload == m.payload) {
            found.push(m);
        }
    }
}

/// The codes in a window (x, y, width, height) of the photo, searched shrunk by `factor`.
fn locate_in(img: &Grey, window: (usize, usize, usize, usize), factor: usize) -> Vec<Located> {
    locate_sharpened(img, window, factor, PLAIN)
}

/// [`locate_in`], the window sharpened first (`(radius, amount)`, see [`SHARPENED`]).
fn locate_sharpened(
    img: &Grey,
    window: (usize, usize, usize, usize),
    factor: usize,
    (radius, amount): (usize, f32),
) -> Vec<Located> {
    let mut out: Vec<Located> = Vec::new();
    for (text, corners) in deckhand_pixels::qr::find_sharpened(img, window, factor, radius, amount).codes {
        if let Some(payload) = Payload::decode(&text) {
            merge(&mut out, vec![Located { payload, corners }]);
        }
    }
    out
}

/// What a box looks like in the photo.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoxReading {
    /// The ink inside it: 0 clean paper, 1 black (what a person sees, for questions).
    pub ink: f32,
    /// Its darkest tenth as a share of the page's printed outlines' darkness (what it is
    /// judged by, with the ink): clean paper about 0.1, a pen's stroke 0.45 and up.
    pub strength: f32,
    /// What it is read as.
    pub state: State,
    /// Whether its printed outline shows where it is read.
    pub in_place: bool,
}

/// A box read as marked, empty, or not sure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum State {
    /// Clearly empty.
    Empty,
    /// Clearly marked.
    Marked,
    /// Between the bounds, or not where it is read: ask.
    Unsure,
}

impl BoxReading {
    /// How sure the reading is, 0 (on the fence) to 1 (far from both bounds), given the
    /// page's bounds (`Reading::bounds`).
    pub fn confidence(&self, (lo, hi): (f32, f32)) -> f32 {
        let hi = hi.max(lo + 0.01);
        match self.state {
            State::Empty => (0.5 + (lo - self.strength) / lo.max(0.01) * 0.5).clamp(0.5, 1.0),
            State::Marked => (0.5 + (self.strength - hi) / hi * 0.5).clamp(0.5, 1.0),
            State::Unsure if !self.in_place => 0.0,
            State::Unsure => {
                let mid = (lo + hi) / 2.0;
                (((self.strength - mid).abs() / ((hi - lo) / 2.0)) * 0.5).clamp(0.0, 0.49)
            }
        }
    }
}

/// Why a located page could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// Corners of the page (0 top left … 3 bottom left) that lie outside the photo.
    CutOff(Vec<u8>),
    /// The QR codes found do not fit one flat page (a photo of a photo, a folded page).
    NoFit,
    /// The boxes' printed outlines are not where the codes put them (a creased or folded
    /// page, a code misread): so many boxes out of place of the page's total.
    Misaligned {
        /// Boxes whose outline does not show where the page puts them.
        boxes: usize,
        /// The page's boxes.
        total: usize,
    },
}

/// A page read from a photo.
#[derive(Debug, Clone)]
pub struct Reading {
    /// One per box of the page, in the page's order.
    pub boxes: Vec<BoxReading>,
    /// Where the page lies in the photo.
    pub homography: Homography,
    /// Image pixels per page millimetre (at the page's centre).
    pub px_per_mm: f64,
    /// Each box's centre in the photo, after alignment.
    pub centres: Vec<(f64, f64)>,
    /// This page's bounds of a box's strength: empty at or below the first, marked at or
    /// above the second (with enough ink), asked between.
    pub bounds: (f32, f32),
    /// How dark the printed outlines show in this photo (0 none, near 1 a sharp black line
    /// on white): how much the photo's blur and light thin a line.
    pub outline: f32,
    /// The page's clean paper: its boxes' 20th percentile of strength.
    pub paper: f32,
    /// The page's usual mark: the median strength of its boxes clearly marked (0 for none).
    pub usual: f32,
    /// How many boxes the usual mark was taken over.
    pub marks: usize,
}

/// Read a page whose QR codes `found` located it in `img`.
///
/// The codes give a first homography, good near them and less so far away (their corners
/// are found to a module or so). So boxes are aligned outwards from the codes: the nearest
/// first, each batch found on its printed outline and added to the points the homography
/// is refitted to, so each next batch is predicted from points close to it. Last, every
/// box keeps its own small shift from the plane (a curled sheet), smoothed over its
/// neighbours.
pub fn read(img: &Grey, page: &Page, found: &[Located]) -> Result<Reading, ReadError> {
    read_on(img, page, found, par::default_threads())
}

/// [`read`] on up to `threads` threads (the boxes shared out among them): the same
/// reading, to the bit, on any number of threads.
pub fn read_on(img: &Grey, page: &Page, found: &[Located], threads: usize) -> Result<Reading, ReadError> {
    let mut from = Vec::new();
    let mut to = Vec::new();
    for f in found {
        from.extend_from_slice(&layout::qr_symbol(f.payload.paper, f.payload.corner));
        to.extend_from_slice(&f.corners);
    }
    let mut h = Homography::fit(&from, &to).ok_or(ReadError::NoFit)?;
    let centres_mm: Vec<(f64, f64)> = page.boxes.iter().map(|b| (b.centre().0 as f64, b.centre().1 as f64)).collect();
    let codes: Vec<(f64, f64)> = found
        .iter()
        .map(|f| {
            let c = layout::qr_symbol(f.payload.paper, f.payload.corner);
            ((c[0].0 + c[2].0) / 2.0, (c[0].1 + c[2].1) / 2.0)
        })
        .collect();
    let mut order: Vec<usize> = (0..page.boxes.len()).collect();
    let near =
        |i: usize| codes.iter().map(|c| (c.0 - centres_mm[i].0).hypot(c.1 - centres_mm[i].1)).fold(f64::MAX, f64::min);
    order.sort_by(|a, b| near(*a).total_cmp(&near(*b)));
    let batch = (page.boxes.len() / 8).max(8);
    let mut raw = vec![(0.0f64, 0.0f64, 0.0f64); page.boxes.len()];
    let mut done: Vec<usize> = Vec::new();
    for chunk in order.chunks(batch) {
        let shifts = par::map(chunk, threads, |i| best_shift(img, &h, &page.boxes[*i], (0.0, 0.0), 2.4));
        for (&i, s) in chunk.iter().zip(shifts) {
            raw[i] = s;
            done.push(i);
        }
        // Each box's shift against the median of its aligned neighbours': one that
        // disagrees (a filled box, a mark over the outline) is left out of the fit.
        let pts: Vec<(f64, f64)> = done.iter().map(|i| centres_mm[*i]).collect();
        let shifts: Vec<(f64, f64, f64)> = done.iter().map(|i| raw[*i]).collect();
        let smooth_shifts = smooth(&pts, &shifts);
        let (mut f2, mut t2) = (from.clone(), to.clone());
        for (k, &i) in done.iter().enumerate() {
            let (sx, sy) = smooth_shifts[k];
            if (raw[i].0 - sx).hypot(raw[i].1 - sy) < 0.6 {
                f2.push(centres_mm[i]);
                t2.push(h.apply(centres_mm[i].0 + raw[i].0, centres_mm[i].1 + raw[i].1));
            }
        }
        if let Some(refit) = Homography::fit(&f2, &t2) {
            // Shifts were measured against the old plane: keep the image points, not them.
            h = refit;
            for &i in &done {
                raw[i] = (0.0, 0.0, raw[i].2);
            }
            let _ = &mut from;
            from = f2;
            to = t2;
        }
    }
    // Every box on its outline, a smooth correction over its neighbours (curl).
    let mut shifts = vec![(0.0f64, 0.0f64); page.boxes.len()];
    for radius in [1.2, 0.6] {
        let raw: Vec<(f64, f64, f64)> =
            par::map_range(page.boxes.len(), threads, |k| best_shift(img, &h, &page.boxes[k], shifts[k], radius));
        shifts = smooth(&centres_mm, &raw);
    }
    // A box outside the photo: the page is cut off.
    let mut cut = Vec::new();
    let outside = |x: f64, y: f64| {
        let (u, v) = h.apply(x, y);
        !img.contains(u, v)
    };
    for c in 0..4u8 {
        let q = layout::qr_symbol(found[0].payload.paper, c);
        let boxes_out = page.boxes.iter().zip(&centres_mm).any(|(_, (x, y))| {
            let nearest = (0..4u8)
                .min_by(|a, b| {
                    let (pa, pb) = (
                        layout::qr_symbol(found[0].payload.paper, *a)[0],
                        layout::qr_symbol(found[0].payload.paper, *b)[0],
                    );
                    (pa.0 - x).hypot(pa.1 - y).total_cmp(&(pb.0 - x).hypot(pb.1 - y))
                })
                .unwrap_or(0);
            nearest == c && outside(*x, *y)
        });
        let (qx, qy) = ((q[0].0 + q[2].0) / 2.0, (q[0].1 + q[2].1) / 2.0);
        if outside(qx, qy) || boxes_out {
            cut.push(c);
        }
    }
    if !cut.is_empty() {
        return Err(ReadError::CutOff(cut));
    }
    let (cx, cy) = (page.width as f64 / 2.0, page.height as f64 / 2.0);
    let (j1, j2) = h.jacobian(cx, cy);
    let px_per_mm = ((j1.0.hypot(j1.1)) * (j2.0.hypot(j2.1))).sqrt();
    let white = WhiteMap::new_on(img, (px_per_mm * 3.0).max(4.0) as usize, threads);
    // Each box measured where it is read: its ink, its darkest tenth, how clearly its
    // outline shows there and how far off it shows clearest.
    struct Measured {
        ink: f32,
        peak: f32,
        /// The faintest half's darkest tenth.
        spread: f32,
        outline: f32,
        offset: f64,
    }
    let measured: Vec<Measured> = par::map_range(page.boxes.len(), threads, |k| {
        let (b, s) = (&page.boxes[k], &shifts[k]);
        let (cx, cy) = b.centre();
        let centre = (cx as f64 + s.0, cy as f64 + s.1);
        let (ink, peak) = ink(img, &white, &h, b, *s);
        let round = b.outline != Outline::Square;
        let halves = deckhand_pixels::ink::halves(img, &white, &h, centre, b.size as f64 * 0.4, round);
        let spread = halves.into_iter().fold(f32::MAX, f32::min);
        let (on, out) = (outline_points(b, 0.0, 32), outline_points(b, 0.55, 32));
        let outline = deckhand_pixels::ink::outline_contrast(img, &white, &h, centre, &on, &out);
        let own = best_shift(img, &h, b, *s, 1.5);
        Measured { ink, peak, spread, outline, offset: (own.0 - s.0).hypot(own.1 - s.1) }
    });
    let outline = median(measured.iter().map(|m| m.outline).collect());
    let in_place: Vec<bool> = measured
        .iter()
        .map(|m| outline >= FAINTEST_OUTLINE && m.outline >= OUTLINE_SHOWN * outline && m.offset <= OUTLINE_OFF as f64)
        .collect();
    let misplaced = in_place.iter().filter(|p| !**p).count();
    if outline < FAINTEST_OUTLINE || misplaced as f64 > page.boxes.len() as f64 * MOST_MISPLACED {
        return Err(ReadError::Misaligned { boxes: misplaced, total: page.boxes.len() });
    }
    let strength: Vec<f32> = measured.iter().map(|m| m.peak / outline).collect();
    // The page's clean paper, and its usual mark: one person's pen as this photo shows it.
    let paper = percentile(strength.clone(), 0.2);
    let marks: Vec<usize> = (0..strength.len()).filter(|k| strength[*k] >= paper + MARKED).collect();
    let empty_to = paper + EMPTY;
    let usual = median(marks.iter().map(|k| strength[*k]).collect());
    // Enough marks for the page's usual mark to stand for this person's pen.
    let pen = marks.len() >= PEN_MARKS;
    let of_pen = if pen { paper + OF_PEN * (usual - paper) } else { f32::MIN };
    let marked_from = (paper + MARKED).max(OF_MARKS * usual).max(of_pen);
    // Under this, a box shows less than the faintest stroke this person's pen makes.
    let pen_empty = if pen {
        let thinning = (outline / PRINTED_OUTLINE).min(1.0);
        paper + (PEN_EMPTY * thinning * (usual - paper)).min(PEN_EMPTY_CAP)
    } else {
        f32::MIN
    };
    let usual_ink = median(marks.iter().map(|k| measured[*k].ink).collect());
    let marked_ink = MARKED_INK.min(INK_OF_MARKS * usual_ink).max(FAINT_INK);
    // What ink reads a box empty at most: any, on a page of too few marks to know its pen.
    let empty_ink = if pen { EMPTY_INK_OF_MARKS * usual_ink } else { f32::MAX };
    let mut boxes = Vec::with_capacity(page.boxes.len());
    let mut centres = Vec::with_capacity(page.boxes.len());
    for (k, (b, s)) in page.boxes.iter().zip(&shifts).enumerate() {
        let state = if !in_place[k] {
            State::Unsure
        } else if strength[k] <= empty_to.max(pen_empty) && measured[k].ink < empty_ink {
            State::Empty
        } else if strength[k] >= marked_from
            && measured[k].ink >= marked_ink
            && measured[k].spread / outline >= paper + EMPTY
        {
            State::Marked
        } else {
            State::Unsure
        };
        boxes.push(BoxReading { ink: measured[k].ink, strength: strength[k], state, in_place: in_place[k] });
        let (x, y) = b.centre();
        centres.push(h.apply(x as f64 + s.0, y as f64 + s.1));
    }
    Ok(Reading {
        boxes,
        homography: h,
        px_per_mm,
        centres,
        bounds: (empty_to.max(pen_empty), marked_from),
        outline,
        paper,
        usual,
        marks: marks.len(),
    })
}

/// The value a share `p` of the way up (0 for none).
fn percentile(mut v: Vec<f32>, p: f64) -> f32 {
    if v.is_empty() {
        return 0.0;
    }
    let at = ((v.len() - 1) as f64 * p) as usize;
    *v.select_nth_unstable_by(at, f32::total_cmp).1
}

/// The middle value (0 for none).
fn median(v: Vec<f32>) -> f32 {
    percentile(v, 0.5)
}

/// Points on a box's outline (relative to its centre, mm), `n` of them.
fn outline_points(b: &PadBox, grow: f64, n: usize) -> Vec<(f64, f64)> {
    let r = b.size as f64 / 2.0 + grow;
    match b.outline {
        Outline::Square => (0..n)
            .map(|i| {
                let t = i as f64 / n as f64 * 4.0;
                let (side, f) = (t.floor() as usize, t.fract() * 2.0 - 1.0);
                match side {
                    0 => (f * r, -r),
                    1 => (r, f * r),
                    2 => (-f * r, r),
                    _ => (-r, -f * r),
                }
            })
            .collect(),
        Outline::Circle | Outline::Hex => (0..n)
            .map(|i| {
                let a = i as f64 / n as f64 * std::f64::consts::TAU;
                (r * a.cos(), r * a.sin())
            })
            .collect(),
    }
}

/// The shift (mm) within `radius` of `start` that puts the box's outline on the darkest
/// line with paper on its outside; with how clearly it stands out.
fn best_shift(img: &Grey, h: &Homography, b: &PadBox, start: (f64, f64), radius: f64) -> (f64, f64, f64) {
    let (cx, cy) = b.centre();
    let on = outline_points(b, 0.0, 32);
    let out = outline_points(b, 0.55, 32);
    deckhand_pixels::ink::best_shift(img, h, (cx as f64, cy as f64), &on, &out, start, radius)
}

/// Each box's shift replaced by the median of its own and its nearest neighbours' shifts
/// (weighted by how clearly each found its outline): one mark overrunning a box, or a
/// filled box, cannot pull it off its place.
fn smooth(centres: &[(f64, f64)], raw: &[(f64, f64, f64)]) -> Vec<(f64, f64)> {
    let n = centres.len();
    let mut out = Vec::with_capacity(n);
    let mut near: Vec<(f64, usize)> = Vec::with_capacity(n);
    for i in 0..n {
        near.clear();
        near.extend((0..n).map(|j| {
            let d = (centres[i].0 - centres[j].0).powi(2) + (centres[i].1 - centres[j].1).powi(2);
            (d, j)
        }));
        let k = 9.min(n);
        near.select_nth_unstable_by(k - 1, |a, b| a.0.total_cmp(&b.0));
        let mut xs: Vec<f64> = near[..k].iter().map(|(_, j)| raw[*j].0).collect();
        let mut ys: Vec<f64> = near[..k].iter().map(|(_, j)| raw[*j].1).collect();
        xs.sort_by(f64::total_cmp);
        ys.sort_by(f64::total_cmp);
        out.push((xs[k / 2], ys[k / 2]));
    }
    out
}

/// The ink inside a box: its inside (clear of the printed outline) sampled on a grid, each
/// sample's darkness against the paper there, and the mean of the darkest tenth plus a
/// share of the mean of all (so a wide faint smudge counts less than a line of ink); with
/// the darkest tenth's mean alone.
fn ink(img: &Grey, white: &WhiteMap, h: &Homography, b: &PadBox, shift: (f64, f64)) -> (f32, f32) {
    let (cx, cy) = b.centre();
    let centre = (cx as f64 + shift.0, cy as f64 + shift.1);
    let dark = deckhand_pixels::ink::inside(img, white, h, centre, b.size as f64 * 0.4, b.outline != Outline::Square);
    let top = (dark.len() / 10).max(1);
    let peak = dark[..top].iter().sum::<f32>() / top as f32;
    let mean = dark.iter().sum::<f32>() / dark.len() as f32;
    (0.7 * peak + 0.6 * mean, peak)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paper::layout::{self, Paper, Payload, Words};
    use crate::paper::synth;

    /// The built-in Fleet rules' A4 page `id` for `player`, with empty words.
    fn fleet_page(rules: &crate::games::Rules, id: &str, player: &str) -> layout::Page {
        let f = rules.fleet().unwrap();
        let words =
            Words { names: vec![String::new(); f.sections.len()], bonuses: vec![String::new(); 5], ..Words::default() };
        let payload = Payload {
            game: f.id.clone(),
            rules: rules.fingerprint(),
            layout: 1,
            page: id.into(),
            corner: 0,
            paper: Paper::A4,
            player: player.into(),
        };
        layout::fleet(f, &words, Paper::A4, payload)
    }

    /// The reading on one thread and on two: the same codes, the same boxes, to the bit (the
    /// boxes and the bands of the QR search are shared out, never computed differently).
    #[test]
    fn one_thread_and_two_read_the_same() {
        let rules = crate::games::built_in("fleet-dice").unwrap();
        let f = rules.fleet().unwrap();
        let page = fleet_page(&rules, "t-1", "Ann");
        let mut d = synth::Dice::new(23);
        let mut canvas = synth::paint(&page, 5.0);
        let sheet = synth::finished_sheets(f, 5, 2).remove(0);
        let truth = crate::paper::sheet::fleet_truth(f, &page, &sheet);
        synth::mark_boxes(&mut canvas, &page, &truth, &mut d, false);
        let mut cam = synth::camera(&mut d, None);
        (cam.size, cam.noise, cam.quality, cam.fill) = ((1600, 1200), 1.5, 80, 0.85);
        let grey = synth::photograph(&canvas, &page, &cam, &mut d);
        let one = locate_on(&grey, 1);
        assert_eq!(locate_on(&grey, 2), one);
        assert!(!one.is_empty(), "a corner code found");
        let a = read_on(&grey, &page, &one, 1).expect("the page reads");
        let b = read_on(&grey, &page, &one, 2).expect("the page reads");
        assert_eq!(
            (a.boxes, a.centres, a.homography, a.bounds, a.outline),
            (b.boxes, b.centres, b.homography, b.bounds, b.outline)
        );
    }

    /// A photo so blurred that no corner code reads as photographed: the codes are read
    /// from the photo sharpened, and the page reads with no box read wrong.
    #[test]
    fn a_blurred_photos_codes_are_read_sharpened() {
        let rules = crate::games::built_in("fleet-dice").unwrap();
        let f = rules.fleet().unwrap();
        let page = fleet_page(&rules, "s-1", "Ann");
        let mut d = synth::Dice::new(7);
        let mut canvas = synth::paint(&page, 7.0);
        let sheet = synth::finished_sheets(f, 5, 2).remove(0);
        let truth = crate::paper::sheet::fleet_truth(f, &page, &sheet);
        synth::mark_boxes(&mut canvas, &page, &truth, &mut d, false);
        let mut cam = synth::camera(&mut d, None);
        (cam.size, cam.blur, cam.motion.0, cam.noise, cam.quality, cam.fill, cam.rotation, cam.tilt, cam.curl) =
            ((2800, 2100), 2.4, 0.0, 1.0, 85, 0.9, 0.0, 0.0, 0.0);
        let grey = synth::photograph(&canvas, &page, &cam, &mut d);
        let (w, h) = (grey.width, grey.height);
        let plain = search(&grey, (0, 0, w, h), first_factor(&grey), PLAIN);
        let found = locate_on(&grey, 1);
        assert!(plain.is_empty(), "no code reads unsharpened");
        assert!(!found.is_empty(), "a code reads sharpened");
        let r = read(&grey, &page, &found).expect("the page reads");
        let wrong =
            r.boxes.iter().zip(&truth).filter(|(b, t)| b.state != State::Unsure && (b.state == State::Marked) != **t);
        assert_eq!(wrong.count(), 0, "no box read wrong");
    }

    /// A page whose codes put its boxes off their printed outlines (one code found, its
    /// corners a few millimetres off: a folded corner) is refused, not read.
    #[test]
    fn a_page_whose_boxes_are_not_where_its_codes_put_them_is_refused() {
        let rules = crate::games::built_in("fleet-dice").unwrap();
        let page = fleet_page(&rules, "m-1", "");
        let mut d = synth::Dice::new(5);
        let canvas = synth::paint(&page, 5.0);
        let mut cam = synth::camera(&mut d, None);
        (cam.size, cam.blur, cam.motion.0, cam.noise, cam.quality, cam.fill, cam.rotation, cam.tilt, cam.curl) =
            ((1600, 1200), 0.5, 0.0, 1.0, 90, 0.65, 0.0, 0.0, 0.0);
        let grey = synth::photograph(&canvas, &page, &cam, &mut d);
        let found = locate(&grey);
        assert!(read(&grey, &page, &found).is_ok(), "the page as photographed reads");
        // One code, turned a little about its own corner and stretched: the rest of the
        // page lands millimetres off.
        let mut one = found[0].clone();
        let (x0, y0) = one.corners[0];
        for c in one.corners.iter_mut() {
            let (dx, dy) = (c.0 - x0, c.1 - y0);
            *c = (x0 + dx * 1.015 - dy * 0.015, y0 + dy * 1.015 + dx * 0.015);
        }
        match read(&grey, &page, &[one]) {
            Err(ReadError::Misaligned { boxes, total }) => assert!(boxes * 20 > total, "{boxes} of {total}"),
            other => panic!("a misaligned page must be refused, not read: {:?}", other.map(|r| r.bounds)),
        }
    }

    /// Erased marks (wide, faint ghosts of a stroke) on a page marked with one pen, in a
    /// blurred photo: ghosts that show above the clean paper's fixed bound (asked before)
    /// mostly read empty, because every stroke of this pen shows far darker; none reads
    /// marked, and the marks read marked.
    #[test]
    fn erased_marks_read_empty_against_the_pages_own_pen() {
        let rules = crate::games::built_in("fleet-dice").unwrap();
        let page = fleet_page(&rules, "e-1", "");
        let mut d = synth::Dice::new(11);
        let mut canvas = synth::paint(&page, 7.0);
        let pen = synth::Pen { width: 0.5, dark: 0.85 };
        let ghost = synth::Pen { width: 1.0, dark: 0.06 };
        let (mut marked, mut ghosts) = (Vec::new(), Vec::new());
        for (k, b) in page.boxes.iter().enumerate() {
            let (cx, cy) = b.centre();
            let stroke = [synth::Stroke::Cross, synth::Stroke::Slash, synth::Stroke::Tick][k % 3];
            if k % 4 == 0 {
                synth::mark(&mut canvas, &mut d, (cx as f64, cy as f64), b.size as f64, stroke, pen, 0.0);
                marked.push(k);
            } else if k % 9 == 2 {
                synth::mark(&mut canvas, &mut d, (cx as f64, cy as f64), b.size as f64, stroke, ghost, 0.0);
                ghosts.push(k);
            }
        }
        let mut cam = synth::camera(&mut d, None);
        (cam.size, cam.blur, cam.motion.0, cam.noise, cam.quality, cam.fill, cam.rotation, cam.tilt, cam.curl) =
            ((2000, 1500), 1.0, 0.0, 1.0, 90, 0.92, 0.0, 0.0, 0.0);
        let grey = synth::photograph(&canvas, &page, &cam, &mut d);
        let r = read(&grey, &page, &locate(&grey)).expect("the page reads");
        let paper = percentile(r.boxes.iter().map(|b| b.strength).collect(), 0.2);
        let state = |k: &usize| r.boxes[*k].state;
        assert!(marked.iter().all(|k| state(k) == State::Marked), "every mark read marked");
        assert!(ghosts.iter().all(|k| state(k) != State::Marked), "no erased mark read marked");
        let above = ghosts.iter().filter(|k| r.boxes[**k].strength > paper + EMPTY).collect::<Vec<_>>();
        assert!(above.len() >= 3, "the blur lifts ghosts over the fixed bound: {above:?}");
        let read_empty = above.iter().filter(|k| state(k) == State::Empty).count();
        assert!(
            read_empty * 2 > above.len(),
            "most ghosts the fixed bound would ask read empty: {:?}",
            above.iter().map(|k| (r.boxes[**k].strength, state(k))).collect::<Vec<_>>()
        );
    }

    /// A Fleet page painted, photographed flat and read: where the codes are found.
    #[test]
    #[ignore = "a look at one synthetic photo: writes target/tmp/paper-debug.png"]
    fn debug_one_photo() {
        let rules = crate::games::built_in("fleet-dice").unwrap();
        let f = rules.fleet().unwrap();
        let page = fleet_page(&rules, "d-1", "Ann");
        let mut d = synth::Dice::new(1);
        let mut canvas = synth::paint(&page, 7.0);
        let sheet = synth::finished_sheets(f, 3, 2).remove(0);
        let truth = crate::paper::sheet::fleet_truth(f, &page, &sheet);
        synth::mark_boxes(&mut canvas, &page, &truth, &mut d, false);
        let mut cam = synth::camera(&mut d, None);
        (cam.size, cam.blur, cam.motion.0, cam.noise, cam.quality, cam.fill) = ((2000, 1500), 0.5, 0.0, 1.5, 90, 0.92);
        let grey = synth::photograph(&canvas, &page, &cam, &mut d);
        let img = image::GrayImage::from_raw(grey.width as u32, grey.height as u32, grey.pixels.clone()).unwrap();
        std::fs::create_dir_all("target/tmp").unwrap();
        img.save("target/tmp/paper-debug.png").unwrap();
        let found = locate(&grey);
        eprintln!(
            "{cam:?}\nfound {}: {:?}",
            found.len(),
            found.iter().map(|f| (f.payload.corner, f.corners)).collect::<Vec<_>>()
        );
        let mut prepared = rqrr::PreparedImage::prepare_from_greyscale(grey.width, grey.height, |x, y| grey.get(x, y));
        for g in prepared.detect_grids() {
            eprintln!("grid {:?}: {:?}", g.bounds, g.decode().map(|(_, t)| t));
        }
        let truth_pose = synth::pose(&page, &cam);
        for fq in &found {
            let want = layout::qr_symbol(Paper::A4, fq.payload.corner).map(|(x, y)| truth_pose.apply(x, y));
            eprintln!("corner {}: found {:?}\n          true  {:?}", fq.payload.corner, fq.corners, want);
        }
        let r = read(&grey, &page, &found).unwrap();
        let mut e: Vec<f32> = r.boxes.iter().zip(&truth).filter(|(_, t)| !**t).map(|(b, _)| b.ink).collect();
        let mut m: Vec<f32> = r.boxes.iter().zip(&truth).filter(|(_, t)| **t).map(|(b, _)| b.ink).collect();
        e.sort_by(f32::total_cmp);
        m.sort_by(f32::total_cmp);
        eprintln!("empty ink: max {:?}", &e[e.len().saturating_sub(5)..]);
        eprintln!("marked ink: min {:?}", &m[..5.min(m.len())]);
        let wrong = r
            .boxes
            .iter()
            .zip(&truth)
            .filter(|(b, t)| (b.state == State::Marked) != **t && b.state != State::Unsure)
            .count();
        let unsure = r.boxes.iter().filter(|b| b.state == State::Unsure).count();
        eprintln!("boxes {} wrong {wrong} unsure {unsure}", r.boxes.len());
        let dashed: Vec<String> =
            r.boxes.iter().zip(&page.boxes).filter(|(_, b)| b.dashed).map(|(x, _)| format!("{:.2}", x.ink)).collect();
        eprintln!("dashed: {dashed:?}");
        for (k, (b, t)) in r.boxes.iter().zip(&truth).enumerate() {
            if (b.state == State::Marked) != *t {
                eprintln!(
                    "  {:?} {:?} ink {:.3} truth {t} at {:?}",
                    page.boxes[k].target, b.state, b.ink, r.centres[k]
                );
            }
        }
        let mut img = image::GrayImage::from_raw(grey.width as u32, grey.height as u32, grey.pixels.clone()).unwrap();
        let h0 = Homography::fit(
            &found.iter().flat_map(|f| layout::qr_symbol(f.payload.paper, f.payload.corner)).collect::<Vec<_>>(),
            &found.iter().flat_map(|f| f.corners).collect::<Vec<_>>(),
        )
        .unwrap();
        for (k, (x, y)) in r.centres.iter().enumerate() {
            let (bx, by) = page.boxes[k].centre();
            let (px, py) = h0.apply(bx as f64, by as f64);
            for t in -6i32..=6 {
                img.put_pixel((*x as i32 + t) as u32, *y as u32, image::Luma([255]));
                img.put_pixel(*x as u32, (*y as i32 + t) as u32, image::Luma([255]));
                img.put_pixel((px as i32 + t) as u32, (py as i32 + t) as u32, image::Luma([0]));
            }
        }
        img.save("target/tmp/paper-debug-overlay.png").unwrap();
        image::imageops::crop_imm(&img, 650, 900, 650, 500).to_image().save("target/tmp/crop.png").unwrap();
    }
}
