//! Pages printed: PDF (every page of a print run in one file) and SVG (one page).
//!
//! The PDF writer is our own, about 150 lines: a pad is boxes, lines, stars, QR modules and
//! short labels, which PDF's built-in Helvetica (WinAnsi: the accents of German and
//! French) draws without embedding a font. The PDF crates (`printpdf`, `krilla`) bring font
//! parsing, subsetting and image codecs we would not use, at several times the build.

use std::fmt::Write as _;

use super::layout::{Anchor, Ink, Outline, Page};

/// Stroke widths, mm.
const BOX_LINE: f32 = 0.3;

/// The corner points of a hexagon of side-to-side `size` at (x, y) top left (pointy top).
pub fn hex_points(x: f32, y: f32, size: f32) -> [(f32, f32); 6] {
    let (cx, cy) = (x + size / 2.0, y + size / 2.0);
    let r = size / 2.0 / (3f32.sqrt() / 2.0) * 0.98;
    let r = r.min(size * 0.58);
    std::array::from_fn(|i| {
        let a = std::f32::consts::PI / 3.0 * i as f32 - std::f32::consts::PI / 2.0;
        (cx + r * a.cos(), cy + r * a.sin())
    })
}

/// The points of a five-pointed star.
pub fn star_points(cx: f32, cy: f32, r: f32) -> [(f32, f32); 10] {
    std::array::from_fn(|i| {
        let rr = if i % 2 == 0 { r } else { r * 0.45 };
        let a = std::f32::consts::PI / 5.0 * i as f32 - std::f32::consts::PI / 2.0;
        (cx + rr * a.cos(), cy + rr * a.sin())
    })
}

/// The dark runs of a QR code's rows: (x, y, width) in modules.
fn qr_runs(modules: &[Vec<bool>]) -> Vec<(usize, usize, usize)> {
    let mut runs = Vec::new();
    for (y, row) in modules.iter().enumerate() {
        let mut x = 0;
        while x < row.len() {
            if row[x] {
                let start = x;
                while x < row.len() && row[x] {
                    x += 1;
                }
                runs.push((start, y, x - start));
            } else {
                x += 1;
            }
        }
    }
    runs
}

fn xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// One page as an SVG document, sized in mm.
pub fn svg(page: &Page) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">"#,
        w = page.width,
        h = page.height
    );
    let _ = writeln!(out, r#"<rect width="{}" height="{}" fill="white"/>"#, page.width, page.height);
    let _ = writeln!(out, r#"<g fill="none" stroke="black" stroke-width="{BOX_LINE}">"#);
    for b in &page.boxes {
        let dash = if b.dashed { r#" stroke-dasharray="0.8 0.6""# } else { "" };
        match b.outline {
            Outline::Square => {
                let _ = writeln!(
                    out,
                    r#"<rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}"{dash}/>"#,
                    b.x, b.y, b.size, b.size
                );
            }
            Outline::Circle => {
                let (cx, cy) = b.centre();
                let _ = writeln!(out, r#"<circle cx="{cx:.2}" cy="{cy:.2}" r="{:.2}"{dash}/>"#, b.size / 2.0);
            }
            Outline::Hex => {
                let pts: Vec<String> =
                    hex_points(b.x, b.y, b.size).iter().map(|(x, y)| format!("{x:.2},{y:.2}")).collect();
                let _ = writeln!(out, r#"<polygon points="{}"{dash}/>"#, pts.join(" "));
            }
        }
    }
    let _ = writeln!(out, "</g>");
    for i in &page.ink {
        match i {
            Ink::Text { x, y, size, bold, anchor, text } => {
                let _ = writeln!(
                    out,
                    r#"<text x="{x:.2}" y="{y:.2}" font-family="Helvetica, Arial, sans-serif" font-size="{:.2}"{}{}>{}</text>"#,
                    size * 1.4,
                    if *bold { r#" font-weight="bold""# } else { "" },
                    if *anchor == Anchor::Middle { r#" text-anchor="middle""# } else { "" },
                    xml(text)
                );
            }
            Ink::Line { x1, y1, x2, y2, width } => {
                let _ = writeln!(
                    out,
                    r#"<line x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}" stroke="black" stroke-width="{width}"/>"#
                );
            }
            Ink::Star { cx, cy, r } => {
                let pts: Vec<String> =
                    star_points(*cx, *cy, *r).iter().map(|(x, y)| format!("{x:.2},{y:.2}")).collect();
                let _ = writeln!(out, r#"<polygon points="{}" fill="black"/>"#, pts.join(" "));
            }
        }
    }
    for q in &page.qrs {
        let _ = write!(out, r#"<path fill="black" d=""#);
        for (x, y, w) in qr_runs(&q.modules) {
            let _ = write!(
                out,
                "M{:.3} {:.3}h{:.3}v{:.3}h-{:.3}z",
                q.x + x as f32 * q.module,
                q.y + y as f32 * q.module,
                w as f32 * q.module,
                q.module,
                w as f32 * q.module
            );
        }
        let _ = writeln!(out, r#""/>"#);
    }
    out.push_str("</svg>\n");
    out
}

/// A character in PDF's WinAnsiEncoding ('?' for one it lacks).
fn win_ansi(c: char) -> u8 {
    match c as u32 {
        0x20..=0x7e => c as u8,
        0xa0..=0xff => c as u32 as u8,
        _ => match c {
            '€' => 0x80,
            '‚' => 0x82,
            '„' => 0x84,
            '…' => 0x85,
            '‹' => 0x8b,
            'Œ' => 0x8c,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            '›' => 0x9b,
            'œ' => 0x9c,
            'Ÿ' => 0x9f,
            '−' => b'-',
            '×' => 0xd7,
            _ => b'?',
        },
    }
}

fn pdf_string(text: &str) -> Vec<u8> {
    let mut out = vec![b'('];
    for c in text.chars() {
        let b = win_ansi(c);
        if matches!(b, b'(' | b')' | b'\\') {
            out.push(b'\\');
            out.push(b);
        } else if b >= 0x80 {
            // Octal escapes keep the file plain ASCII.
            out.extend_from_slice(format!("\\{b:03o}").as_bytes());
        } else {
            out.push(b);
        }
    }
    out.push(b')');
    out
}

/// The drawing operators of one page, in mm with y down (the page's matrix flips it).
fn pdf_content(page: &Page) -> Vec<u8> {
    let mut s: Vec<u8> = Vec::new();
    let pt = 72.0 / 25.4;
    let _ = writeln!(Ops(&mut s), "{pt:.6} 0 0 {:.6} 0 {:.3} cm", -pt, page.height * pt);
    let _ = writeln!(Ops(&mut s), "0 g 0 G {BOX_LINE} w");
    for b in &page.boxes {
        if b.dashed {
            let _ = writeln!(Ops(&mut s), "[0.8 0.6] 0 d");
        }
        match b.outline {
            Outline::Square => {
                let _ = writeln!(Ops(&mut s), "{:.3} {:.3} {:.3} {:.3} re S", b.x, b.y, b.size, b.size);
            }
            Outline::Circle => {
                let (cx, cy) = b.centre();
                let r = b.size / 2.0;
                let k = r * 0.552_284_8;
                let _ = writeln!(
                    Ops(&mut s),
                    "{:.3} {:.3} m {:.3} {:.3} {:.3} {:.3} {:.3} {:.3} c {:.3} {:.3} {:.3} {:.3} {:.3} {:.3} c \
                     {:.3} {:.3} {:.3} {:.3} {:.3} {:.3} c {:.3} {:.3} {:.3} {:.3} {:.3} {:.3} c S",
                    cx + r,
                    cy,
                    cx + r,
                    cy + k,
                    cx + k,
                    cy + r,
                    cx,
                    cy + r,
                    cx - k,
                    cy + r,
                    cx - r,
                    cy + k,
                    cx - r,
                    cy,
                    cx - r,
                    cy - k,
                    cx - k,
                    cy - r,
                    cx,
                    cy - r,
                    cx + k,
                    cy - r,
                    cx + r,
                    cy - k,
                    cx + r,
                    cy
                );
            }
            Outline::Hex => {
                polygon(&mut s, &hex_points(b.x, b.y, b.size));
                s.extend_from_slice(b"S\n");
            }
        }
        if b.dashed {
            s.extend_from_slice(b"[] 0 d\n");
        }
    }
    for i in &page.ink {
        match i {
            Ink::Text { x, y, size, bold, anchor, text } => {
                let x = match anchor {
                    Anchor::Start => *x,
                    Anchor::Middle => x - super::layout::text_width(text, *size) / 2.0,
                };
                let font = if *bold { "F2" } else { "F1" };
                let _ = write!(Ops(&mut s), "BT /{font} {:.3} Tf 1 0 0 -1 {x:.3} {y:.3} Tm ", size * 1.4);
                s.extend_from_slice(&pdf_string(text));
                s.extend_from_slice(b" Tj ET\n");
            }
            Ink::Line { x1, y1, x2, y2, width } => {
                let _ = writeln!(Ops(&mut s), "{width} w {x1:.3} {y1:.3} m {x2:.3} {y2:.3} l S {BOX_LINE} w");
            }
            Ink::Star { cx, cy, r } => {
                polygon(&mut s, &star_points(*cx, *cy, *r));
                s.extend_from_slice(b"f\n");
            }
        }
    }
    for q in &page.qrs {
        for (x, y, w) in qr_runs(&q.modules) {
            let _ = writeln!(
                Ops(&mut s),
                "{:.3} {:.3} {:.3} {:.3} re",
                q.x + x as f32 * q.module,
                q.y + y as f32 * q.module,
                w as f32 * q.module,
                q.module
            );
        }
        s.extend_from_slice(b"f\n");
    }
    s
}

fn polygon(s: &mut Vec<u8>, pts: &[(f32, f32)]) {
    for (i, (x, y)) in pts.iter().enumerate() {
        let _ = write!(Ops(s), "{x:.3} {y:.3} {} ", if i == 0 { "m" } else { "l" });
    }
    s.extend_from_slice(b"h ");
}

/// `write!` into a byte vector.
struct Ops<'a>(&'a mut Vec<u8>);

impl std::fmt::Write for Ops<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

/// Pages as one PDF document (plain ASCII).
pub fn pdf(pages: &[Page]) -> String {
    // Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, then per page its page
    // object and its content stream.
    let mut objects: Vec<Vec<u8>> = Vec::new();
    let kids: Vec<String> = (0..pages.len()).map(|i| format!("{} 0 R", 5 + 2 * i)).collect();
    objects.push(b"<< /Type /Catalog /Pages 2 0 R >>".to_vec());
    objects.push(format!("<< /Type /Pages /Kids [{}] /Count {} >>", kids.join(" "), pages.len()).into_bytes());
    for name in ["Helvetica", "Helvetica-Bold"] {
        objects.push(
            format!("<< /Type /Font /Subtype /Type1 /BaseFont /{name} /Encoding /WinAnsiEncoding >>").into_bytes(),
        );
    }
    let pt = 72.0 / 25.4;
    for (i, page) in pages.iter().enumerate() {
        objects.push(
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {:.2} {:.2}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {} 0 R >>",
                page.width * pt,
                page.height * pt,
                6 + 2 * i
            )
            .into_bytes(),
        );
        let content = pdf_content(page);
        let mut stream = format!("<< /Length {} >>\nstream\n", content.len()).into_bytes();
        stream.extend_from_slice(&content);
        stream.extend_from_slice(b"\nendstream");
        objects.push(stream);
    }
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, obj) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        out.extend_from_slice(obj);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for o in offsets {
        out.extend_from_slice(format!("{o:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).as_bytes(),
    );
    String::from_utf8(out).expect("every byte written is ASCII")
}
