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

    /// A label that must end before `limit`: cut with an ellipsis when too long.
    fn label(&mut self, x: f32, y: f32, limit: f32, bold: bool, text: &str) {
        let mut t: String = text.to_string();
        while text_width(&t, TEXT) > limit - x && t.chars().count() > 2 {
            if t.ends_with('…') {
                t.pop();
            }
            t.pop();
            let trimmed = t.trim_end().len();
            t.truncate(trimmed);
            t.push('…');
        }
        self.text(x, y, TEXT, bold, &t);
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
    // The title band between the top QR codes, the footer between the bottom ones.
    let band = MARGIN + side / 2.0;
    ink.push(Ink::Text {
        x: width / 2.0,
        y: band - 1.0,
        size: 5.0,
        bold: true,
        anchor: Anchor::Middle,
        text: words.title.clone(),
    });
    ink.push(Ink::Text {
        x: width / 2.0,
        y: band + 4.5,
        size: 3.0,
        bold: false,
        anchor: Anchor::Middle,
        text: words.how.clone(),
    });
    ink.push(Ink::Text {
        x: width / 2.0,
        y: height - MARGIN - 1.0,
        size: 2.2,
        bold: false,
        anchor: Anchor::Middle,
        text: words.footer.clone(),
    });
    Page { width, height, boxes, groups: content.groups, ink, qrs }
}

/// A row of `n` boxes from `x` at `y`.
#[allow(clippy::too_many_arguments)]
fn row(
    b: &mut Builder,
    x: f32,
    y: f32,
    n: usize,
    outline: impl Fn(usize) -> Outline,
    target: impl Fn(usize) -> Target,
    group: usize,
) -> f32 {
    for i in 0..n {
        b.add(target(i), outline(i), x + i as f32 * PITCH, y, group, i + 1);
    }
    x + n as f32 * PITCH
}

/// The highest number of fish a Fleet boat of a section can ever hold: its capacity, or
/// the oyster license's highest when that raises it.
fn fish_boxes(rules: &FleetRules, section: usize, slot: usize) -> (usize, usize) {
    let slots = crate::games::fleet::sheet::boat_slots_of(rules, section);
    let base = slots[slot].spec.capacity as usize;
    if let SectionKind::Boats(t) = rules.sections[section].kind {
        if rules.boat_types[t].license_effect == LicenseEffect::Oyster {
            let most = rules.boat_types[t].license_levels.iter().map(|l| l.capacity as usize).max().unwrap_or(0);
            return (base, most.max(base));
        }
    }
    (base, base)
}

/// Boats of a section, each its launch box (boat-type boats) and its fish boxes, flowed
/// from `x` to `right`; returns the y under them.
fn boats(b: &mut Builder, rules: &FleetRules, words: &Words, section: usize, x0: f32, y0: f32, right: f32) -> f32 {
    let slots = crate::games::fleet::sheet::boat_slots_of(rules, section);
    let own_launch = matches!(rules.sections[section].kind, SectionKind::Boats(_));
    let (mut x, mut y) = (x0, y0);
    let mut any = false;
    for (slot, spec) in slots.iter().enumerate() {
        let (base, most) = fish_boxes(rules, section, slot);
        if !own_launch && most == 0 {
            continue;
        }
        any = true;
        let width = PITCH * (most + usize::from(own_launch)) as f32 + 2.5;
        if x + width > right && x > x0 {
            x = x0;
            y += PITCH + 3.0;
        }
        let name = words.boat.replace("{}", &(slot + 1).to_string());
        let group = b.group(&format!("{} — {name}", words.names[section]));
        let vp = format!("{}", spec.spec.vp);
        b.text(x, y - 0.6, SMALL, false, &format!("{}:{vp}", slot + 1));
        if own_launch {
            b.add(Target::Mark { section, index: slot }, Outline::Square, x, y, group, 0);
            x += PITCH;
        }
        for n in 0..most {
            b.add(Target::Fish { section, slot, n }, Outline::Circle, x, y, group, n + 1);
            if n >= base {
                b.boxes.last_mut().expect("just added").dashed = true;
            }
            x += PITCH;
        }
        x += 2.5;
    }
    if any {
        y + PITCH
    } else {
        y0
    }
}

/// The page of a Fleet pad.
pub fn fleet(rules: &FleetRules, words: &Words, paper: Paper, payload: Payload) -> Page {
    let mut b = Builder::new();
    // The boat sheet, left: per boat type its column, its licenses, its boats.
    let label_w = 24.0;
    let boat_right = 150.0;
    let mut y = 4.0;
    b.text(0.0, y, 3.4, true, words.headings.first().map_or("", String::as_str));
    y += 6.0;
    for (t, bt) in rules.boat_types.iter().enumerate() {
        let col = rules.section_of(SectionKind::Column(t));
        let lic = rules.section_of(SectionKind::Licenses(t));
        let boat = rules.section_of(SectionKind::Boats(t));
        b.label(0.0, y + 4.3, label_w - 1.0, true, &words.names[col]);
        let group = b.group(&words.names[col]);
        for (i, kind) in bt.column.iter().enumerate() {
            let letter = match kind {
                ColumnBox::Plain => "",
                ColumnBox::License => "L",
                ColumnBox::Boat => "B",
                ColumnBox::Choice => "?",
            };
            let x = label_w + i as f32 * PITCH;
            if !letter.is_empty() {
                b.centred(x + BOX / 2.0, y - 0.5, SMALL, letter);
            }
            let outline = if *kind == ColumnBox::Plain { Outline::Square } else { Outline::Circle };
            b.add(Target::Mark { section: col, index: i }, outline, x, y, group, i + 1);
        }
        let lx = label_w + bt.column.len() as f32 * PITCH + 4.0;
        b.text(lx, y - 0.5, SMALL, false, &words.licenses);
        let group = b.group(&words.names[lic]);
        row(
            &mut b,
            lx,
            y,
            rules.sections[lic].len,
            |_| Outline::Square,
            |i| Target::Mark { section: lic, index: i },
            group,
        );
        y += PITCH + 3.2;
        y = boats(&mut b, rules, words, boat, label_w, y, boat_right) + 2.5;
        b.ink.push(Ink::Line { x1: 0.0, y1: y - 1.6, x2: boat_right, y2: y - 1.6, width: 0.15 });
        y += 1.5;
    }
    // The town sheet, right.
    let x0 = boat_right + 6.0;
    let right = x0 + 134.0;
    let name_w = 28.0;
    let mut y = 4.0;
    b.ink.push(Ink::Line { x1: x0 - 3.0, y1: 0.0, x2: x0 - 3.0, y2: 150.0, width: 0.2 });
    b.text(x0, y, 3.4, true, words.headings.get(1).map_or("", String::as_str));
    y += 6.0;
    for h in 0..rules.harbor.len() {
        let s = rules.section_of(SectionKind::Harbor(h));
        b.label(x0, y + 4.3, x0 + name_w - 1.0, false, &words.names[s]);
        let group = b.group(&words.names[s]);
        let circles = &rules.harbor[h].circles;
        let end = row(
            &mut b,
            x0 + name_w,
            y,
            circles.len(),
            |i| if circles[i] { Outline::Circle } else { Outline::Square },
            |i| Target::Mark { section: s, index: i },
            group,
        );
        let below = boats(&mut b, rules, words, s, end + 3.0, y, right);
        y = below.max(y + PITCH) + 3.0;
    }
    // The king crab bonus: one bubble per bonus.
    if !rules.king_crab_bonuses.is_empty() {
        b.label(x0, y + 4.3, x0 + name_w - 1.0, true, words.headings.get(4).map_or("", String::as_str));
        let group = b.group(words.headings.get(4).map_or("", String::as_str));
        // Fixed slots, three to a line, whatever the names' lengths.
        let slot = (right - x0 - name_w) / 3.0;
        for i in 0..rules.king_crab_bonuses.len() {
            let (x, yy) = (x0 + name_w + (i % 3) as f32 * slot, y + (i / 3) as f32 * (PITCH + 1.0));
            b.add(Target::Bonus(i), Outline::Circle, x, yy, group, i + 1);
            let name = words.bonuses.get(i).map_or("", String::as_str);
            b.label(x + BOX + 1.0, yy + 3.8, x + slot - 1.0, false, name);
        }
        y += (rules.king_crab_bonuses.len().div_ceil(3).max(1) - 1) as f32 * (PITCH + 1.0);
        y += PITCH + 4.0;
    }
    // The wharf: two columns of buildings.
    b.text(x0, y, 3.0, true, words.headings.get(3).map_or("", String::as_str));
    y += 2.0;
    let half = rules.wharf.len().div_ceil(2);
    let col_w = 69.0;
    for w in 0..rules.wharf.len() {
        let s = rules.section_of(SectionKind::Wharf(w));
        let (cx, cy) = (x0 + (w / half) as f32 * col_w, y + (w % half) as f32 * (PITCH + 1.5));
        let name_w = 26.0;
        b.label(cx, cy + 4.3, cx + name_w - 1.0, false, &words.names[s]);
        let group = b.group(&words.names[s]);
        let circles = &rules.wharf[w].circles;
        row(
            &mut b,
            cx + name_w,
            cy,
            circles.len(),
            |i| if circles[i] { Outline::Circle } else { Outline::Square },
            |i| Target::Mark { section: s, index: i },
            group,
        );
    }
    y += half as f32 * (PITCH + 1.5) + 3.0;
    // The buffet hexes and the salvage stars.
    let hexes = rules.section_of(SectionKind::BuffetHexes);
    let stars = rules.section_of(SectionKind::SalvageStars);
    b.label(x0, y + 4.3, x0 + name_w - 1.0, false, &words.names[hexes]);
    let group = b.group(&words.names[hexes]);
    let end = row(
        &mut b,
        x0 + name_w,
        y,
        rules.sections[hexes].len,
        |_| Outline::Hex,
        |i| Target::Mark { section: hexes, index: i },
        group,
    );
    let sx = end + 4.0;
    b.label(sx, y + 4.3, sx + 25.0, false, &words.names[stars]);
    let group = b.group(&words.names[stars]);
    let sx = sx + 26.0;
    row(
        &mut b,
        sx,
        y,
        rules.sections[stars].len,
        |_| Outline::Square,
        |i| Target::Mark { section: stars, index: i },
        group,
    );
    for i in 0..rules.sections[stars].len {
        b.ink.push(Ink::Star { cx: sx + i as f32 * PITCH + BOX - 0.3, cy: y - 0.2, r: 0.9 });
    }
    y += PITCH + 4.0;
    // The coin track: rows of 20 boxes, stars above their boxes.
    let coins = rules.section_of(SectionKind::Coins);
    b.text(x0, y, 3.0, true, &words.names[coins]);
    y += 2.0;
    let group = b.group(&words.names[coins]);
    let per_row = 20;
    for (i, star) in rules.coin_stars.iter().enumerate() {
        let (cx, cy) = (x0 + (i % per_row) as f32 * PITCH, y + (i / per_row) as f32 * (PITCH + 1.0));
        b.add(Target::Mark { section: coins, index: i }, Outline::Square, cx, cy, group, i + 1);
        // A star box: a star in the gap above it (its inside stays clear for the mark).
        if *star {
            b.ink.push(Ink::Star { cx: cx + BOX / 2.0, cy: cy - 0.5, r: 0.75 });
        }
    }
    finish(b, words, paper, payload)
}

/// The number of decimal digits a value up to `n` needs.
fn digits(n: i64) -> u32 {
    let mut d = 1;
    let mut v = n.unsigned_abs();
    while v >= 10 {
        v /= 10;
        d += 1;
    }
    d
}

/// What an end-game input is printed as: per counted item (None for a number), the
/// number of digit rows.
pub fn endgame_rows(shape: InputShape) -> Vec<(Option<i64>, u32)> {
    match shape {
        InputShape::Number { min, max } => vec![(None, digits(min.abs().max(max)))],
        InputShape::List { item_min, item_max, max_items } => {
            (item_min..=item_max).map(|v| (Some(v), digits(max_items as i64))).collect()
        }
    }
}

/// Whether an end-game input can be printed as bubbles: a number, or a list of few
/// different item values (counted per value).
pub fn endgame_printable(shape: InputShape) -> bool {
    match shape {
        InputShape::Number { .. } => true,
        InputShape::List { item_min, item_max, .. } => item_max - item_min < 10,
    }
}

/// The page of an end-game calculator's pad: every input as rows of digit bubbles (one row
/// per decimal place, a bubble per digit), a minus bubble where the input may be negative,
/// and a list input as one count per item value.
pub fn endgame(rules: &EndgameRules, words: &Words, paper: Paper, payload: Payload) -> Page {
    let mut b = Builder::new();
    let columns = 3;
    let col_w = 92.0;
    let label_w = 14.0;
    let rows_of = |i: usize| -> f32 {
        let rows: u32 = endgame_rows(rules.sheet.inputs[i].shape).iter().map(|(_, d)| d).sum();
        let counts = endgame_rows(rules.sheet.inputs[i].shape).len() as f32;
        rows as f32 * PITCH + counts * 3.5 + 3.0
    };
    let total: f32 = (0..rules.sheet.inputs.len()).map(rows_of).sum();
    let per_column = total / columns as f32;
    let (mut col, mut y) = (0usize, 0.0f32);
    for (i, input) in rules.sheet.inputs.iter().enumerate() {
        if !endgame_printable(input.shape) {
            continue;
        }
        if y > 0.0 && y + rows_of(i) > per_column + 10.0 && col + 1 < columns {
            col += 1;
            y = 0.0;
        }
        let x0 = col as f32 * col_w;
        let name = &words.names[i];
        let group = b.group(name);
        y += 3.5;
        b.label(x0, y, x0 + col_w, true, name);
        for (item, rows) in endgame_rows(input.shape) {
            if let Some(v) = item {
                b.text(x0 + label_w + 10.0 * PITCH + 1.5, y + 3.4, SMALL, false, &format!("= {v}"));
            }
            y += 1.0;
            for d in 0..10u8 {
                b.centred(x0 + label_w + d as f32 * PITCH + BOX / 2.0, y + 1.8, SMALL, &d.to_string());
            }
            y += 2.5;
            for r in 0..rows {
                let place = rows - 1 - r;
                if r == 0 {
                    if let InputShape::Number { min, .. } = input.shape {
                        if min < 0 {
                            let mx = x0 + label_w + 10.0 * PITCH + 1.5;
                            b.centred(mx + BOX / 2.0, y - 0.7, SMALL, "−");
                            b.add(Target::Minus { input: i }, Outline::Circle, mx, y, group, 0);
                        }
                    }
                }
                b.text(x0, y + 4.0, SMALL, false, &format!("{}", 10u64.pow(place)));
                row(
                    &mut b,
                    x0 + label_w,
                    y,
                    10,
                    |_| Outline::Circle,
                    |d| Target::Digit { input: i, item, place, digit: d as u8 },
                    group,
                );
                y += PITCH;
            }
        }
        y += 2.0;
    }
    finish(b, words, paper, payload)
}

/// How a five-dice box's points are marked: a bubble per value it can hold, or (more than
/// [`YACHT_ROW`] values) its tens and its ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum YachtMarks {
    /// One bubble per value, ascending.
    Values(Vec<i64>),
    /// A tens row (1 to `tens`) and a ones row (0 to 9).
    Digits {
        /// The highest tens digit.
        tens: u8,
    },
}

/// The most value bubbles a five-dice box gets in one row.
pub const YACHT_ROW: usize = 10;
/// The most extra bonuses the pad has bubbles for.
pub const YACHT_EXTRA: u8 = 9;

/// How box `i` of a five-dice ruleset is marked on its pad.
pub fn yacht_marks(rules: &crate::games::yacht::Ruleset, i: usize) -> YachtMarks {
    let values: Vec<i64> = rules.possible(i).into_iter().collect();
    if values.len() <= YACHT_ROW {
        YachtMarks::Values(values)
    } else {
        let most = values.last().copied().unwrap_or(0).clamp(0, 99);
        YachtMarks::Digits { tens: (most / 10) as u8 }
    }
}

/// A five-dice pad for one player: the ruleset's upper boxes and their bonus on the left,
/// the others and the extra bonus on the right, each box a row of bubbles labelled with
/// the points they stand for (or its tens and ones).
pub fn yacht(rules: &crate::games::yacht::Ruleset, words: &Words, paper: Paper, payload: Payload) -> Page {
    let mut b = Builder::new();
    let col_w = 112.0;
    let label_w = 34.0;
    let mut y = [0.0f32, 0.0];
    // A row of bubbles, each with its words above it.
    let bubbles = |b: &mut Builder, x: f32, y: f32, labels: &[String], targets: &[Target], group: usize| {
        for (k, (l, t)) in labels.iter().zip(targets).enumerate() {
            let bx = x + label_w + k as f32 * PITCH;
            b.centred(bx + BOX / 2.0, y + 1.8, SMALL, l);
            b.add(*t, Outline::Circle, bx, y + 2.5, group, k + 1);
        }
    };
    for (i, c) in rules.boxes.iter().enumerate() {
        let col = usize::from(!c.kind.upper());
        let x0 = col as f32 * col_w;
        let group = b.group(&words.names[i]);
        b.label(x0, y[col] + 7.0, x0 + label_w - 1.0, true, &words.names[i]);
        match yacht_marks(rules, i) {
            YachtMarks::Values(values) => {
                let labels: Vec<String> = values.iter().map(i64::to_string).collect();
                let targets: Vec<Target> = values.iter().map(|v| Target::Points { category: i, value: *v }).collect();
                bubbles(&mut b, x0, y[col], &labels, &targets, group);
                y[col] += 2.5 + PITCH + 2.0;
            }
            YachtMarks::Digits { tens } => {
                let labels: Vec<String> = (1..=tens).map(|d| format!("{}", d as u32 * 10)).collect();
                let targets: Vec<Target> =
                    (1..=tens).map(|d| Target::PointsDigit { category: i, place: 1, digit: d }).collect();
                bubbles(&mut b, x0, y[col], &labels, &targets, group);
                y[col] += 2.5 + PITCH;
                let labels: Vec<String> = (0..10u8).map(|d| format!("+{d}")).collect();
                let targets: Vec<Target> =
                    (0..10u8).map(|d| Target::PointsDigit { category: i, place: 0, digit: d }).collect();
                bubbles(&mut b, x0, y[col], &labels, &targets, group);
                y[col] += 2.5 + PITCH + 2.0;
            }
        }
    }
    // The bonuses as the player writes them, under their sections.
    y[0] += 2.0;
    b.ink.push(Ink::Line { x1: 0.0, y1: y[0], x2: col_w - 6.0, y2: y[0], width: 0.3 });
    if rules.upper_bonus > 0 {
        let group = b.group(&words.bonuses[0]);
        b.label(0.0, y[0] + 7.0, label_w - 1.0, true, &words.bonuses[0]);
        let labels = vec!["0".to_string(), rules.upper_bonus.to_string()];
        let targets = vec![Target::UpperBonus { value: 0 }, Target::UpperBonus { value: rules.upper_bonus }];
        bubbles(&mut b, 0.0, y[0], &labels, &targets, group);
    }
    if rules.extra_bonus > 0 {
        y[1] += 2.0;
        b.ink.push(Ink::Line { x1: col_w, y1: y[1], x2: 2.0 * col_w - 6.0, y2: y[1], width: 0.3 });
        let group = b.group(&words.bonuses[1]);
        b.label(col_w, y[1] + 7.0, col_w + label_w - 1.0, true, &words.bonuses[1]);
        let labels: Vec<String> = (1..=YACHT_EXTRA).map(|n| (i64::from(n) * rules.extra_bonus).to_string()).collect();
        let targets: Vec<Target> = (1..=YACHT_EXTRA).map(|n| Target::ExtraBonus { count: n }).collect();
        bubbles(&mut b, col_w, y[1], &labels, &targets, group);
    }
    finish(b, words, paper, payload)
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
