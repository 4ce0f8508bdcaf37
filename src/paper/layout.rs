//! A printed pad as geometry: every box a person may mark (what it means, its shape and its
//! rectangle in millimetres from the page's top left corner), the printed words and lines
//! around them, and the four corner QR codes a photo is found and straightened by. One
//! model serves both ways: `draw` prints it (PDF, SVG), `read` samples a photo at the same
//! rectangles, and `synth` paints it for the benchmark.
//!
//! Pages are landscape. The layout is built at its natural size (boxes 5.5 mm, 6.5 mm
//! apart) and scaled down to fit the paper; a box never ends up under 5 mm.

use crate::games::endgame::{EndgameRules, Shape as InputShape};
use crate::games::fleet::{ColumnBox, FleetRules, LicenseEffect, SectionKind};

mod pads;
pub use pads::*;

/// The layout version the QR codes carry; a change of geometry raises it, so an old
/// printout is refused rather than misread.
pub const LAYOUT_VERSION: u32 = 1;

/// What the QR payload starts with.
pub const QR_MAGIC: &str = "DH1";

/// Natural size of a box and the distance between neighbours, in mm.
const BOX: f32 = 5.5;
const PITCH: f32 = 6.5;
/// A box is never printed smaller than this.
pub const MIN_BOX_MM: f32 = 5.0;
/// The page margin and the corner QR codes' module size, in mm.
const MARGIN: f32 = 7.0;
const QR_MODULE: f32 = 0.6;
/// The height of label text, in mm.
const TEXT: f32 = 2.6;
const SMALL: f32 = 2.1;
/// The smallest a label is printed (about 7 pt) before it is cut short.
const LEAST: f32 = 1.8;

/// Paper sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 297 × 210 mm landscape.
    A4,
    /// US Letter, 279.4 × 215.9 mm landscape.
    Letter,
}

impl Paper {
    /// Width and height in mm, landscape.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (297.0, 210.0),
            Paper::Letter => (279.4, 215.9),
        }
    }
}

/// A box's outline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outline {
    /// A square box.
    Square,
    /// A round box (activation circle, fish box, bubble).
    Circle,
    /// A hexagon (the seafood buffet).
    Hex,
}

/// What marking a box says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// Box `index` of Fleet section `section`.
    Mark {
        /// Section index into `FleetRules::sections`.
        section: usize,
        /// Box index in the section.
        index: usize,
    },
    /// Fish box `n` (0-based) of boat `slot` of a Fleet section.
    Fish {
        /// The section holding the boat.
        section: usize,
        /// The boat in that section.
        slot: usize,
        /// The fish box, left to right.
        n: usize,
    },
    /// The king crab bonus with this index.
    Bonus(usize),
    /// Digit `digit` at decimal place `place` (0: ones) of an end-game input; for a list
    /// input, of the count of items equal to `item`.
    Digit {
        /// Input index.
        input: usize,
        /// The list item value counted, for a list input.
        item: Option<i64>,
        /// Decimal place, 0 for ones.
        place: u32,
        /// The digit, 0–9.
        digit: u8,
    },
    /// The minus sign of an end-game input that may be negative.
    Minus {
        /// Input index.
        input: usize,
    },
    /// The bubble of a value a five-dice box may hold (its index in the ruleset's boxes).
    Points {
        /// Box index.
        category: usize,
        /// The points.
        value: i64,
    },
    /// A digit of a five-dice box's points, for a box of more values than a row holds.
    PointsDigit {
        /// Box index.
        category: usize,
        /// Decimal place, 0 for ones.
        place: u32,
        /// The digit.
        digit: u8,
    },
    /// The five-dice upper bonus as written: 0, or the bonus.
    UpperBonus {
        /// The points.
        value: i64,
    },
    /// The five-dice extra bonuses as written: so many times the extra bonus.
    ExtraBonus {
        /// How many extra bonuses.
        count: u8,
    },
}

/// A printed, markable box.
#[derive(Debug, Clone, PartialEq)]
pub struct PadBox {
    /// What marking it says.
    pub target: Target,
    /// Its outline.
    pub outline: Outline,
    /// Drawn dashed: usable only once a license allows it (oyster fish boxes).
    pub dashed: bool,
    /// Left edge, mm.
    pub x: f32,
    /// Top edge, mm.
    pub y: f32,
    /// Side, mm.
    pub size: f32,
    /// The words of the section it belongs to and its number there, to name it in questions.
    pub group: usize,
    /// Its number in its group, from 1.
    pub number: usize,
}

impl PadBox {
    /// Its centre, mm.
    pub fn centre(&self) -> (f32, f32) {
        (self.x + self.size / 2.0, self.y + self.size / 2.0)
    }
}

/// How a label sits on its point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// The point is the text's left end.
    Start,
    /// The point is the text's middle.
    Middle,
}

/// Printed ink that is not a box.
#[derive(Debug, Clone, PartialEq)]
pub enum Ink {
    /// Text on a baseline point.
    Text {
        /// Anchor point, mm.
        x: f32,
        /// Baseline, mm.
        y: f32,
        /// Letter height, mm.
        size: f32,
        /// Bold.
        bold: bool,
        /// Where the point is on the text.
        anchor: Anchor,
        /// The words.
        text: String,
    },
    /// A straight line.
    Line {
        /// Start, mm.
        x1: f32,
        /// Start, mm.
        y1: f32,
        /// End, mm.
        x2: f32,
        /// End, mm.
        y2: f32,
        /// Stroke width, mm.
        width: f32,
    },
    /// A small filled five-pointed star (coin track stars, salvage stars).
    Star {
        /// Centre, mm.
        cx: f32,
        /// Centre, mm.
        cy: f32,
        /// Outer radius, mm.
        r: f32,
    },
}

/// A corner QR code.
#[derive(Debug, Clone, PartialEq)]
pub struct Qr {
    /// Left edge of its dark modules, mm.
    pub x: f32,
    /// Top edge, mm.
    pub y: f32,
    /// One module's side, mm.
    pub module: f32,
    /// Its modules, row by row (true: dark).
    pub modules: Vec<Vec<bool>>,
    /// What it encodes.
    pub payload: Payload,
}

impl Qr {
    /// Its side, mm.
    pub fn side(&self) -> f32 {
        self.module * self.modules.len() as f32
    }
}

/// What every corner QR code carries: which page of which game this is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payload {
    /// The game's id.
    pub game: String,
    /// The rules' fingerprint (16 hex digits).
    pub rules: String,
    /// The layout version.
    pub layout: u32,
    /// The page's id: the print run and the page number.
    pub page: String,
    /// The corner: 0 top left, 1 top right, 2 bottom right, 3 bottom left.
    pub corner: u8,
    /// The paper.
    pub paper: Paper,
    /// The player printed on the page (empty on a blank pad).
    pub player: String,
}

impl Payload {
    /// The text in the QR code: `DH1|game|rules|layout|page|corner|paper|player`, the player
    /// percent-escaped.
    pub fn encode(&self) -> String {
        let paper = match self.paper {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        };
        let mut player = String::new();
        for b in self.player.bytes() {
            if b.is_ascii_alphanumeric() || b == b' ' || b == b'-' || b == b'.' {
                player.push(b as char);
            } else {
                player.push_str(&format!("%{b:02X}"));
            }
        }
        format!(
            "{QR_MAGIC}|{}|{}|{}|{}|{}|{paper}|{player}",
            self.game, self.rules, self.layout, self.page, self.corner
        )
    }

    /// Parse a QR code's text; None when it is not a deckhand pad's.
    pub fn decode(text: &str) -> Option<Payload> {
        let parts: Vec<&str> = text.split('|').collect();
        if parts.len() != 8 || parts[0] != QR_MAGIC {
            return None;
        }
        let paper = match parts[6] {
            "a4" => Paper::A4,
            "letter" => Paper::Letter,
            _ => return None,
        };
        let corner: u8 = parts[5].parse().ok().filter(|c| *c < 4)?;
        let bytes = parts[7].as_bytes();
        let mut player = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%' {
                let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
                player.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            } else {
                player.push(bytes[i]);
                i += 1;
            }
        }
        Some(Payload {
            game: parts[1].to_string(),
            rules: parts[2].to_string(),
            layout: parts[3].parse().ok()?,
            page: parts[4].to_string(),
            corner,
            paper,
            player: String::from_utf8(player).ok()?,
        })
    }
}

/// One printed page.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// Width, mm.
    pub width: f32,
    /// Height, mm.
    pub height: f32,
    /// Every markable box.
    pub boxes: Vec<PadBox>,
    /// The names of the groups boxes belong to (a section, a boat, an input), for questions.
    pub groups: Vec<String>,
    /// Words, lines and stars.
    pub ink: Vec<Ink>,
    /// The four corner QR codes: top left, top right, bottom right, bottom left.
    pub qrs: Vec<Qr>,
}

/// The words a pad prints, in the table's language (made by `text::paper`).
#[derive(Debug, Clone, Default)]
pub struct Words {
    /// The title: the game's name and the player's.
    pub title: String,
    /// How to mark, one line.
    pub how: String,
    /// Headings: boat sheet, town sheet, harbor, wharf, king crab bonus, coin track, buffet
    /// and salvage (Fleet); unused for other games.
    pub headings: Vec<String>,
    /// The name of each Fleet section (by section index) or end-game input (by input).
    pub names: Vec<String>,
    /// The king crab bonuses' names.
    pub bonuses: Vec<String>,
    /// A boat's name pattern: `{}` is the boat's number (Fleet).
    pub boat: String,
    /// "licenses" (Fleet) or the sign's label (end game).
    pub licenses: String,
    /// The page's footer (page id).
    pub footer: String,
}

/// Text width estimate for Helvetica, mm (a little generous: labels must not run into boxes).
pub fn text_width(text: &str, size: f32) -> f32 {
    text.chars()
        .map(|c| match c {
            'i' | 'l' | 'j' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | ' ' | 'I' | 'f' | 't' | 'r' => 0.32,
            'm' | 'w' | 'M' | 'W' => 0.9,
            c if c.is_uppercase() => 0.7,
            c if c.is_ascii_digit() => 0.56,
            _ => 0.56,
        })
        .sum::<f32>()
        * size
        * 1.4
}

/// The wider of a label's two lines, at any one size.
fn widest((first, second): &(&str, &str)) -> f32 {
    text_width(first, 1.0).max(text_width(second, 1.0))
}

/// Collects boxes and ink at natural size.
struct Builder {
    boxes: Vec<PadBox>,
    groups: Vec<String>,
    ink: Vec<Ink>,
}

impl Builder {
    fn new() -> Builder {
        Builder { boxes: Vec::new(), groups: Vec::new(), ink: Vec::new() }
    }

    fn group(&mut self, name: &str) -> usize {
        self.groups.push(name.to_string());
        self.groups.len() - 1
    }

    fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, text: &str) {
        if !text.is_empty() {
            self.ink.push(Ink::Text { x, y, size, bold, anchor: Anchor::Start, text: text.to_string() });
        }
    }

    fn centred(&mut self, x: f32, y: f32, size: f32, text: &str) {
        self.ink.push(Ink::Text { x, y, size, bold: false, anchor: Anchor::Middle, text: text.to_string() });
    }

    fn add(&mut self, target: Target, outline: Outline, x: f32, y: f32, group: usize, number: usize) {
        self.boxes.push(PadBox { target, outline, dashed: false, x, y, size: BOX, group, number });
    }

    /// A label that must end before `limit`: smaller (down to [`SMALL`]) rather than cut;
    /// else on two lines (at [`LEAST`] or more) centred where its one line would stand —
    /// within a box's height, so clear of the rows above and below; else smaller still,
    /// and cut with `…` only when even that is too wide.
    fn label(&mut self, x: f32, y: f32, limit: f32, bold: bool, text: &str) {
        // Helvetica-Bold runs about a tenth wider than `text_width`'s regular letters.
        let room = if bold { (limit - x) / 1.1 } else { limit - x };
        if text_width(text, SMALL) > room {
            // Between words, or after a hyphen (which stays on the first line).
            let split = text
                .match_indices([' ', '-'])
                .map(|(i, c)| if c == " " { (&text[..i], &text[i + 1..]) } else { (&text[..i + 1], &text[i + 1..]) })
                .filter(|(first, second)| !first.trim().is_empty() && !second.trim().is_empty())
                .min_by(|a, b| widest(a).total_cmp(&widest(b)));
            if let Some((first, second)) = split {
                let size = fitting(first, SMALL, room).min(fitting(second, SMALL, room));
                if size >= LEAST {
                    let centre = y - TEXT / 2.0;
                    self.text(x, centre - 0.175 * size, size, bold, first);
                    self.text(x, centre + 1.175 * size, size, bold, second);
                    return;
                }
            }
        }
        let size = fitting(text, TEXT, room).max(LEAST);
        let mut t: String = text.to_string();
        while text_width(&t, size) > room && t.chars().count() > 2 {
            if t.ends_with('…') {
                t.pop();
            }
            t.pop();
            let trimmed = t.trim_end().len();
            t.truncate(trimmed);
            t.push('…');
        }
        self.text(x, y, size, bold, &t);
    }

    /// The content's extent, from its boxes and lines only: the words (which differ
    /// between languages) never move a box, so a pad printed in German reads back with
    /// the same geometry as one in English.
    fn bottom(&self) -> f32 {
        let b = self.boxes.iter().map(|b| b.y + b.size).fold(0.0, f32::max);
        let t = self
            .ink
            .iter()
            .map(|i| match i {
                Ink::Text { .. } => 0.0,
                Ink::Line { y1, y2, .. } => y1.max(*y2),
                Ink::Star { cy, r, .. } => cy + r,
            })
            .fold(0.0, f32::max);
        b.max(t)
    }

    fn right(&self) -> f32 {
        let b = self.boxes.iter().map(|b| b.x + b.size).fold(0.0, f32::max);
        let t = self
            .ink
            .iter()
            .map(|i| match i {
                Ink::Text { .. } => 0.0,
                Ink::Line { x1, x2, .. } => x1.max(*x2),
                Ink::Star { cx, r, .. } => cx + r,
            })
            .fold(0.0, f32::max);
        b.max(t)
    }
}

/// The QR version every pad uses (37 modules a side): one size for every payload, so the
/// codes' places on the page follow from the paper alone.
const QR_VERSION: i16 = 5;
/// Modules of the quiet zone around a code.
const QR_QUIET: usize = 2;

/// The QR module matrix of a payload (with its quiet zone of 2 modules).
pub fn qr_modules(text: &str) -> Vec<Vec<bool>> {
    let v = qrcode::Version::Normal(QR_VERSION);
    let code = qrcode::QrCode::with_version(text.as_bytes(), v, qrcode::EcLevel::M)
        .or_else(|_| qrcode::QrCode::with_version(text.as_bytes(), v, qrcode::EcLevel::L))
        .or_else(|_| qrcode::QrCode::with_version(&text.as_bytes()[..text.len().min(100)], v, qrcode::EcLevel::L))
        .expect("100 bytes fit a version 5 code");
    let w = code.width();
    let colors = code.to_colors();
    let quiet = QR_QUIET;
    let n = w + 2 * quiet;
    (0..n)
        .map(|y| {
            (0..n)
                .map(|x| {
                    x >= quiet
                        && y >= quiet
                        && x < w + quiet
                        && y < w + quiet
                        && colors[(y - quiet) * w + (x - quiet)] == qrcode::Color::Dark
                })
                .collect()
        })
        .collect()
}

/// The side of a corner code with its quiet zone, mm.
fn qr_side() -> f32 {
    (17 + 4 * QR_VERSION as usize + 2 * QR_QUIET) as f32 * QR_MODULE
}

/// Where corner code `corner` (0 top left … 3 bottom left) is printed: its top left, mm.
fn qr_origin(paper: Paper, corner: u8) -> (f32, f32) {
    let (width, height) = paper.size();
    let side = qr_side();
    match corner {
        0 => (MARGIN, MARGIN),
        1 => (width - MARGIN - side, MARGIN),
        2 => (width - MARGIN - side, height - MARGIN - side),
        _ => (MARGIN, height - MARGIN - side),
    }
}

/// The corners of corner code `corner`'s symbol (inside its quiet zone) on the page, in
/// mm, in the code's own order: top left, top right, bottom right, bottom left.
pub fn qr_symbol(paper: Paper, corner: u8) -> [(f64, f64); 4] {
    let (x, y) = qr_origin(paper, corner);
    let q = (QR_QUIET as f32 * QR_MODULE) as f64;
    let (x0, y0) = (x as f64 + q, y as f64 + q);
    let s = (qr_side() as f64) - 2.0 * q;
    [(x0, y0), (x0 + s, y0), (x0 + s, y0 + s), (x0, y0 + s)]
}

/// Place the content built at natural size into the page between the QR codes: scaled
/// down (never below [`MIN_BOX_MM`] boxes) and centred.
fn finish(content: Builder, words: &Words, paper: Paper, payload: Payload) -> Page {
    let (width, height) = paper.size();
    let side = qr_side();
    let qrs = (0..4u8)
        .map(|c| {
            let p = Payload { corner: c, ..payload.clone() };
            let (x, y) = qr_origin(paper, c);
            Qr { x, y, module: QR_MODULE, modules: qr_modules(&p.encode()), payload: p }
        })
        .collect();
    // The content area: below the title band, between the margins.
    let top = MARGIN + side + 3.0;
    let bottom = height - MARGIN - side - 1.0;
    let (left, right) = (MARGIN, width - MARGIN);
    let (cw, ch) = (content.right(), content.bottom());
    let scale = ((right - left) / cw).min((bottom - top) / ch).min(1.0);
    let scale = scale.max(MIN_BOX_MM / BOX);
    let dx = left + ((right - left) - cw * scale).max(0.0) / 2.0;
    let dy = top;
    let tx = |x: f32| dx + x * scale;
    let ty = |y: f32| dy + y * scale;
    let boxes =
        content.boxes.into_iter().map(|b| PadBox { x: tx(b.x), y: ty(b.y), size: b.size * scale, ..b }).collect();
    let mut ink: Vec<Ink> = content
        .ink
        .into_iter()
        .map(|i| match i {
            Ink::Text { x, y, size, bold, anchor, text } => {
                Ink::Text { x: tx(x), y: ty(y), size: size * scale, bold, anchor, text }
            }
            Ink::Line { x1, y1, x2, y2, width } => {
                Ink::Line { x1: tx(x1), y1: ty(y1), x2: tx(x2), y2: ty(y2), width: width * scale }
            }
            Ink::Star { cx, cy, r } => Ink::Star { cx: tx(cx), cy: ty(cy), r: r * scale },
        })
        .collect();
    // The title band between the top QR codes, the footer between the bottom ones: each
    // text kept off the codes (a line over a code's modules costs the photo its corner).
    let band = MARGIN + side / 2.0;
    let room = width - 2.0 * (MARGIN + side + 2.0);
    let centred = |y: f32, size: f32, bold: bool, text: String| Ink::Text {
        x: width / 2.0,
        y,
        size,
        bold,
        anchor: Anchor::Middle,
        text,
    };
    ink.push(centred(band - 1.0, fitting(&words.title, 5.0, room), true, words.title.clone()));
    let (size, lines) = wrapped(&words.how, 3.0, room, top - (band + 1.0) - 1.0);
    for (i, line) in lines.into_iter().enumerate() {
        ink.push(centred(band + 1.0 + size * 1.25 * (i + 1) as f32, size, false, line));
    }
    ink.push(centred(height - MARGIN - 1.0, fitting(&words.footer, 2.2, room), false, words.footer.clone()));
    Page { width, height, boxes, groups: content.groups, ink, qrs }
}

/// The size, at most `size`, at which `text` fits on one line `room` mm wide (a hair
/// under: the width at exactly `room / natural` of it can round above `room`).
fn fitting(text: &str, size: f32, room: f32) -> f32 {
    let natural = text_width(text, size);
    if natural <= room {
        size
    } else {
        size * room / natural * 0.999
    }
}

/// `text` in lines no wider than `room` mm whose line spacing (1.25 × their size) fits in
/// `height` mm: at `size` when it can, else at the largest size, a tenth of a mm smaller at
/// a time, that does (a word wider than `room` is shrunk to fit as a line of its own).
fn wrapped(text: &str, size: f32, room: f32, height: f32) -> (f32, Vec<String>) {
    let mut size = size;
    loop {
        let mut lines: Vec<String> = Vec::new();
        for word in text.split_whitespace() {
            match lines.last_mut() {
                Some(line) if text_width(&format!("{line} {word}"), size) <= room => {
                    line.push(' ');
                    line.push_str(word);
                }
                _ => lines.push(word.to_string()),
            }
        }
        let widest = lines.iter().map(|l| text_width(l, size)).fold(0.0, f32::max);
        if (lines.len() as f32 * size * 1.25 <= height && widest <= room) || size <= 1.0 {
            return (size, lines);
        }
        size -= 0.1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payload() -> Payload {
        Payload {
            game: "fleet-dice".into(),
            rules: "0123456789abcdef".into(),
            layout: LAYOUT_VERSION,
            page: "ab12cd-1".into(),
            corner: 0,
            paper: Paper::A4,
            player: "Zoë | 100%".into(),
        }
    }

    #[test]
    fn a_payload_reads_back_from_its_text() {
        let p = payload();
        assert_eq!(Payload::decode(&p.encode()), Some(p.clone()));
        assert_eq!(Payload::decode("https://example.com"), None);
        assert_eq!(Payload::decode("DH1|a|b|1|p|9|a4|x"), None, "corner out of range");
        assert_eq!(Payload::decode("DH1|a|b|1|p|1|a4|%4"), None, "a cut escape");
    }
}
