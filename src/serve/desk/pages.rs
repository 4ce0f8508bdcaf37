//! The desk's pages: the join page, a seat's page, the dashboard, and the read pad drawn
//! as an SVG of tap targets.

use std::fmt::Write as _;

use super::{Desk, Pad};
use crate::cli::commands::scan;
use crate::games::Rules;
use crate::paper::draw;
use crate::paper::layout::{Anchor, Ink, Outline};
use crate::report::html::escape;
use crate::t;
use crate::text::Lang;

fn xml(text: &str) -> String {
    escape(text)
}

/// The read pad drawn as it is printed (its boxes, words, lines and stars; the corner codes
/// left out), each box a tap target (`data-i`, its index) with its state as a class: `m`
/// marked, `e` empty, `q` still to ask, `t` set on the phone, `bad` named by a finding.
pub(super) fn pad_svg(rules: &Rules, pad: &Pad, bad: &[String]) -> String {
    let page = &pad.page;
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" class=\"pad\" role=\"img\">\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>",
        w = page.width,
        h = page.height
    );
    for i in &page.ink {
        match i {
            Ink::Text { x, y, size, bold, anchor, text } => {
                let _ = write!(
                    out,
                    "<text x=\"{x:.2}\" y=\"{y:.2}\" font-size=\"{:.2}\"{}{}>{}</text>",
                    size * 1.4,
                    if *bold { " font-weight=\"bold\"" } else { "" },
                    if *anchor == Anchor::Middle { " text-anchor=\"middle\"" } else { "" },
                    xml(text)
                );
            }
            Ink::Line { x1, y1, x2, y2, width } => {
                let _ = write!(
                    out,
                    "<line x1=\"{x1:.2}\" y1=\"{y1:.2}\" x2=\"{x2:.2}\" y2=\"{y2:.2}\" stroke=\"#000\" stroke-width=\"{width}\"/>"
                );
            }
            Ink::Star { cx, cy, r } => {
                let pts: Vec<String> =
                    draw::star_points(*cx, *cy, *r).iter().map(|(x, y)| format!("{x:.2},{y:.2}")).collect();
                let _ = write!(out, "<polygon points=\"{}\" fill=\"#000\"/>", pts.join(" "));
            }
        }
    }
    for q in &page.qrs {
        let _ = write!(
            out,
            "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"#ddd\"/>",
            q.x,
            q.y,
            q.side(),
            q.side()
        );
    }
    for (i, b) in page.boxes.iter().enumerate() {
        let state = match pad.known[i] {
            Some(true) => "m",
            Some(false) => "e",
            None => "q",
        };
        let told = if pad.told[i] { " t" } else { "" };
        let wrong = if bad.iter().any(|id| *id == scan::box_id(rules, page, i)) { " bad" } else { "" };
        let dash = if b.dashed { " stroke-dasharray=\"0.8 0.6\"" } else { "" };
        let shape = match b.outline {
            Outline::Square => {
                format!(
                    "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\"{dash}/>",
                    b.x, b.y, b.size, b.size
                )
            }
            Outline::Circle => {
                let (cx, cy) = b.centre();
                format!("<circle cx=\"{cx:.2}\" cy=\"{cy:.2}\" r=\"{:.2}\"{dash}/>", b.size / 2.0)
            }
            Outline::Hex => {
                let pts: Vec<String> =
                    draw::hex_points(b.x, b.y, b.size).iter().map(|(x, y)| format!("{x:.2},{y:.2}")).collect();
                format!("<polygon points=\"{}\"{dash}/>", pts.join(" "))
            }
        };
        // The mark: a cross inside the box; a question mark in a box still to ask.
        let (cx, cy) = b.centre();
        let r = b.size * 0.3;
        let sign = match pad.known[i] {
            Some(true) => format!(
                "<path d=\"M{:.2} {:.2}L{:.2} {:.2}M{:.2} {:.2}L{:.2} {:.2}\"/>",
                cx - r,
                cy - r,
                cx + r,
                cy + r,
                cx + r,
                cy - r,
                cx - r,
                cy + r
            ),
            Some(false) => String::new(),
            None => format!(
                "<text x=\"{cx:.2}\" y=\"{:.2}\" font-size=\"{:.2}\" text-anchor=\"middle\">?</text>",
                cy + b.size * 0.28,
                b.size * 0.8
            ),
        };
        let _ = write!(out, "<g class=\"pb {state}{told}{wrong}\" data-i=\"{i}\">{shape}{sign}</g>");
    }
    out.push_str("</svg>");
    out
}

/// The head of a desk page: the table's language, the stylesheets, the script.
fn head(title: &str, lang: Lang) -> String {
    crate::serve::pages::head_with(title, lang, &["app.css", "desk.css"], "desk.js")
}

/// The words the script shows, as data attributes.
fn words(lang: Lang) -> String {
    [
        ("reading", t!(lang, "paper.desk.reading")),
        ("sending", t!(lang, "web.sending")),
        ("offline", t!(lang, "web.offline")),
        ("marked", t!(lang, "paper.scan.marked")),
        ("empty", t!(lang, "paper.scan.empty")),
        ("score", t!(lang, "paper.desk.score")),
        ("written", t!(lang, "paper.desk.written")),
        ("clean", t!(lang, "paper.desk.clean")),
    ]
    .iter()
    .map(|(k, v)| format!(" data-w-{k}=\"{}\"", escape(v)))
    .collect()
}

impl Desk {
    /// The join page: a button per seat that takes its page (once: a seat given out is
    /// shown taken), a page for a new pad when the seats are not fixed, and the dashboard;
    /// `taken`: the seat someone tapped was given out meanwhile.
    pub(super) fn join_page(&self, taken: Option<usize>) -> String {
        use crate::text::serve::Label;
        let lang = self.lang;
        let mut out = head(&t!(lang, "paper.desk.title"), lang);
        let _ = write!(
            out,
            "<body class=\"join\"><main><h1>{}</h1><p>{}</p>",
            escape(&t!(lang, "paper.desk.title")),
            escape(&t!(lang, "paper.desk.pick"))
        );
        let seats: Vec<(String, bool)> = self.seats().iter().map(|s| (s.name.clone(), s.given)).collect();
        if let Some((player, _)) = taken.and_then(|s| seats.get(s)) {
            let _ = write!(
                out,
                "<p class=\"notice\" role=\"status\">{}</p>",
                escape(&Label::JoinTakenNote(player).text(lang))
            );
        }
        out.push_str("<ul class=\"seats\">");
        for (i, (name, given)) in seats.iter().enumerate() {
            if *given {
                let _ = write!(
                    out,
                    "<li><span class=\"seat taken\">{} <small>{}</small></span></li>",
                    escape(name),
                    escape(&Label::JoinTaken.text(lang))
                );
            } else {
                let _ = write!(
                    out,
                    "<li><form method=\"post\" action=\"{}/claim/{i}\"><button class=\"seat\">{}</button></form></li>",
                    escape(&self.base()),
                    escape(name)
                );
            }
        }
        if !self.fixed {
            let _ = write!(
                out,
                "<li><a class=\"seat\" href=\"{}/pad/new\">{}</a></li>",
                escape(&self.base()),
                escape(&t!(lang, "paper.desk.new_pad"))
            );
        }
        let _ = write!(
            out,
            "</ul><p><a href=\"{}/dashboard\">{}</a></p></main></body></html>",
            escape(&self.base()),
            escape(&Label::DashboardLink.text(lang))
        );
        out.push('\n');
        out
    }

    /// A seat's page (None: a new pad's): the camera input, the photo beside the read
    /// pad, the questions, the findings.
    pub(super) fn seat_page(&self, seat: Option<usize>) -> Option<String> {
        let lang = self.lang;
        let (player, base) = match seat {
            Some(s) => (self.names().get(s)?.clone(), self.seat_path(s)),
            None => (t!(lang, "paper.desk.new_pad"), format!("{}/pad/new", self.base())),
        };
        let mut out = head(&format!("{player} · {}", t!(lang, "paper.desk.title")), lang);
        let _ = write!(
            out,
            "<body class=\"desk-seat\" data-base=\"{}\"{}><header><h1 id=\"player\">{}</h1>\
             <div id=\"conn\" class=\"conn\"></div></header>\
             <p class=\"how\">{}</p>\
             <label class=\"shoot\"><input id=\"shot\" type=\"file\" accept=\"image/jpeg,image/png\" capture=\"environment\">\
             <span>{}</span></label>\
             <label class=\"shoot alt\"><input id=\"pick\" type=\"file\" accept=\"image/jpeg,image/png\">\
             <span>{}</span></label>\
             <div id=\"notice\" class=\"notice\" role=\"status\"></div>\
             <p id=\"done\" class=\"done\"></p>\
             <section id=\"findings\" class=\"findings\"></section>\
             <section id=\"asked\" class=\"asked\"></section>\
             <div class=\"read\"><figure class=\"photo\"><img id=\"photo\" alt=\"\"></figure>\
             <div id=\"pad\" class=\"padview\"></div></div>\
             <p><a href=\"{}/dashboard\">{}</a></p></body></html>",
            escape(&base),
            words(lang),
            escape(&player),
            escape(&t!(lang, "paper.desk.how")),
            escape(&t!(lang, "paper.desk.shoot")),
            escape(&t!(lang, "paper.desk.pick_photo")),
            escape(&self.base()),
            escape(&crate::text::serve::Label::DashboardLink.text(lang)),
        );
        out.push('\n');
        Some(out)
    }

    pub(super) fn dashboard_page(&self, join_url: &str) -> String {
        let lang = self.lang;
        let title = t!(lang, "paper.desk.title");
        let mut out = head(&title, lang);
        let _ = write!(
            out,
            "<body class=\"desk-dash\" data-state=\"{}/dashboard/state\"{}><header><h1 id=\"game\">{}</h1>\
             <div id=\"conn\" class=\"conn\"></div></header><main class=\"desk-board\">\
             <section><ul id=\"pads\" class=\"pads\"></ul><section id=\"result\" class=\"result\"></section></section>\
             <figure class=\"qr\">{}<figcaption>{}</figcaption></figure></main></body></html>",
            escape(&self.base()),
            words(lang),
            escape(&title),
            crate::serve::qr_svg(join_url),
            escape(&t!(lang, "paper.desk.scan_to_join", url = join_url)),
        );
        out.push('\n');
        out
    }
}
