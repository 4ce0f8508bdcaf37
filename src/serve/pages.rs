//! The HTML of the served game: the join page, a seat's page, the dashboard (each a shell
//! that `assets/app.js` fills from the pushed views), and a Fleet sheet drawn like the pad
//! from the same `Pad` view as the terminal drawing (`text::pad`). Every word is from the
//! catalogs in the table's language; every name is escaped.

use std::fmt::Write as _;

use crate::games::fleet::pad::{pad, Boat, Cell, Coin, Shape};
use crate::games::fleet::sheet::{Mark, Sheet};
use crate::games::fleet::{ColumnBox, FleetRules, SectionKind};
use crate::report::html::escape;
use crate::text::pad::Label as PadLabel;
use crate::text::serve::{script_words, Label};
use crate::text::Lang;

fn mark_class(m: Mark) -> &'static str {
    match m {
        Mark::Empty => "",
        Mark::Marked => " m",
        Mark::Crossed => " x",
    }
}

/// A box with its place on the sheet (`data-box="SECTION-INDEX"`: the section's index and
/// the box's, 0-based), so that a page can mark the boxes a player may mark now.
fn cell_at(c: &Cell, section: usize, index: usize) -> String {
    cell(c).replacen("<i ", &format!("<i data-box=\"{section}-{index}\" "), 1)
}

fn cell(c: &Cell) -> String {
    let (class, letter) = match c.shape {
        Shape::Box | Shape::Column(ColumnBox::Plain) => ("b", ""),
        Shape::Column(ColumnBox::License) => ("c", "L"),
        Shape::Column(ColumnBox::Boat) => ("c", "B"),
        Shape::Column(ColumnBox::Choice) => ("c", "?"),
        Shape::Circle => ("o", ""),
    };
    format!("<i class=\"{class}{}\">{letter}</i>", mark_class(c.mark))
}

fn boat(b: &Boat) -> String {
    match (b.launched, b.capacity) {
        (false, _) => "<i class=\"boat\"></i>".into(),
        (true, 0) => "<i class=\"boat on\"></i>".into(),
        (true, cap) => format!("<i class=\"boat on\">{}/{cap}</i>", b.fish),
    }
}

fn coin(c: &Coin) -> String {
    let star = if c.star { " s" } else { "" };
    format!("<i class=\"k{star}{}\"></i>", mark_class(c.mark))
}

fn heading(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// One player's sheet as the pad shows it: the boat-type columns with their circles,
/// licenses and boats (fish/capacity) beside the town half (harbor ships, wharf
/// buildings, buffet hexes, salvage stars), the coin track with its stars underneath.
pub fn sheet(rules: &FleetRules, sheet: &Sheet, lang: Lang) -> String {
    let view = pad(rules, sheet);
    let mut out = String::from("<div class=\"sheet\">");
    let header = crate::text::pad::header(rules, sheet, &sheet.player, lang);
    let _ = write!(
        out,
        "<div class=\"sheet-head\">{}</div><div class=\"halves\"><table class=\"boats\"><tr><th></th>",
        escape(&header)
    );
    for c in &view.columns {
        let _ = write!(out, "<th>{}</th>", escape(&heading(rules.boat_types[c.boat_type].name.get(lang))));
    }
    out.push_str("</tr>");
    let rows = view.columns.iter().map(|c| c.boxes.len()).max().unwrap_or(0);
    for r in 0..rows {
        let _ = write!(out, "<tr><th>{}</th>", r + 1);
        for c in &view.columns {
            let section = rules.section_of(SectionKind::Column(c.boat_type));
            let _ = write!(out, "<td>{}</td>", c.boxes.get(r).map(|b| cell_at(b, section, r)).unwrap_or_default());
        }
        out.push_str("</tr>");
    }
    let _ = write!(out, "<tr class=\"lic\"><th>{}</th>", escape(&PadLabel::Licenses.text(lang)));
    for c in &view.columns {
        let marks: String = c.licenses.iter().map(|m| format!("<i class=\"l{}\"></i>", mark_class(*m))).collect();
        let _ = write!(out, "<td>{marks}</td>");
    }
    out.push_str("</tr>");
    let boats = view.columns.iter().map(|c| c.boats.len()).max().unwrap_or(0);
    for b in 0..boats {
        let label = if b == 0 { escape(&PadLabel::Boats.text(lang)) } else { String::new() };
        let _ = write!(out, "<tr class=\"bt\"><th>{label}</th>");
        for c in &view.columns {
            let _ = write!(out, "<td>{}</td>", c.boats.get(b).map(boat).unwrap_or_default());
        }
        out.push_str("</tr>");
    }
    out.push_str("</table><table class=\"town\">");
    for row in view.harbor.iter().chain(&view.wharf) {
        let name = heading(&crate::text::fleet::section_name(rules, row.section, lang));
        let boxes: String = row.boxes.iter().enumerate().map(|(i, b)| cell_at(b, row.section, i)).collect();
        let fish: String = row.boats.iter().filter(|b| b.launched && b.capacity > 0).map(boat).collect();
        let _ = write!(out, "<tr><th>{}</th><td>{boxes}{fish}</td></tr>", escape(&name));
    }
    if !view.hexes.is_empty() {
        let hexes: String = view
            .hexes
            .iter()
            .enumerate()
            .map(|(t, m)| {
                let initial: String = heading(rules.boat_types[t].name.get(lang)).chars().take(2).collect();
                format!("<i class=\"h{}\">{}</i>", mark_class(*m), escape(&initial))
            })
            .collect();
        let _ = write!(out, "<tr><th>{}</th><td>{hexes}</td></tr>", escape(&PadLabel::Hexes.text(lang)));
    }
    if !view.salvage_stars.is_empty() {
        let stars: String =
            view.salvage_stars.iter().map(|m| format!("<i class=\"k s{}\"></i>", mark_class(*m))).collect();
        let _ = write!(out, "<tr><th>{}</th><td>{stars}</td></tr>", escape(&PadLabel::Salvage.text(lang)));
    }
    let coins: String = view.coins.iter().map(coin).collect();
    let _ = write!(
        out,
        "</table></div><div class=\"coins\"><b>{}</b> {coins}</div></div>",
        escape(&heading(rules.coin_name.get(lang)))
    );
    out
}

/// The head of every page: the table's language, the stylesheet, the script.
fn head(title: &str, lang: Lang) -> String {
    head_with(title, lang, &["app.css"], "app.js")
}

/// A page's head with these stylesheets and this script (assets by name).
pub(super) fn head_with(title: &str, lang: Lang, styles: &[&str], script: &str) -> String {
    let styles: String = styles.iter().map(|s| format!("<link rel=\"stylesheet\" href=\"/assets/{s}\">")).collect();
    format!(
        "<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <meta name=\"referrer\" content=\"same-origin\">\
         <title>{}</title>{styles}<script src=\"/assets/{script}\" defer></script></head>",
        escape(title)
    )
}

/// Words the script shows, in the table's language, as data attributes of `<body>`.
fn words(lang: Lang) -> String {
    script_words(lang).iter().map(|(name, text)| format!(" data-w-{name}=\"{}\"", escape(text))).collect()
}

/// A page that only says something (an address that leads nowhere), in the table's
/// language: a heading and a sentence.
pub fn message(title: &str, text: &str, lang: Lang) -> String {
    let mut out = head(title, lang);
    let _ = write!(
        out,
        "<body class=\"join\"><main><h1>{}</h1><p>{}</p></main></body></html>",
        escape(title),
        escape(text)
    );
    out.push('\n');
    out
}

/// A seat on the join page: the player's name, and where a tap claims it (None: its page
/// is open on a phone already).
pub struct JoinSeat {
    pub name: String,
    pub claim: Option<String>,
}

/// The page a player joins with: each free seat a button that claims it (the seat's own
/// address, with its secret, is given once, in the redirect that follows), taken seats
/// greyed, a notice when the seat tapped was taken meanwhile, and the dashboard.
pub fn join(game: &str, seats: &[JoinSeat], taken: Option<&str>, dashboard: &str, lang: Lang) -> String {
    let mut out = head(&Label::JoinTitle(game).text(lang), lang);
    let _ = write!(
        out,
        "<body class=\"join\"><main><h1>{}</h1><p>{}</p>",
        escape(game),
        escape(&Label::JoinPick.text(lang))
    );
    if let Some(player) = taken {
        let _ =
            write!(out, "<p class=\"notice\" role=\"status\">{}</p>", escape(&Label::JoinTakenNote(player).text(lang)));
    }
    out.push_str("<ul class=\"seats\">");
    for seat in seats {
        match &seat.claim {
            Some(action) => {
                let _ = write!(
                    out,
                    "<li><form method=\"post\" action=\"{}\"><button class=\"seat\">{}</button></form></li>",
                    escape(action),
                    escape(&seat.name)
                );
            }
            None => {
                let _ = write!(
                    out,
                    "<li><span class=\"seat taken\">{} <small>{}</small></span></li>",
                    escape(&seat.name),
                    escape(&Label::JoinTaken.text(lang))
                );
            }
        }
    }
    let _ = write!(
        out,
        "</ul><p><a href=\"{}\">{}</a></p></main></body></html>",
        escape(dashboard),
        escape(&Label::DashboardLink.text(lang))
    );
    out.push('\n');
    out
}

/// A seat's page: the shell the script fills (status, roll, decision, sheet, log).
pub fn seat(game: &str, player: &str, events: &str, answer: &str, undo: &str, lang: Lang) -> String {
    let mut out = head(&format!("{player} · {game}"), lang);
    let _ = write!(
        out,
        "<body class=\"seat-page\" data-events=\"{}\" data-answer=\"{}\" data-undo=\"{}\"{}>\
         <header><h1>{}</h1><div id=\"conn\" class=\"conn\"></div></header>\
         <section id=\"status\" class=\"status\"></section><section id=\"roll\" class=\"roll\"></section>\
         <div id=\"ask\" class=\"ask\" hidden></div><section id=\"sheet-first\" class=\"mine\"></section>\
         <section id=\"decision\" class=\"decision\"></section><div id=\"notice\" class=\"notice\" role=\"status\"></div>\
         <section id=\"hints\" class=\"hints\" aria-live=\"polite\"></section>\
         <button id=\"undo\" class=\"undo\" hidden>{}</button>\
         <section id=\"result\" class=\"result\"></section>\
         <section id=\"sheet\" class=\"mine\"></section><ul id=\"log\" class=\"log\"></ul></body></html>",
        escape(events),
        escape(answer),
        escape(undo),
        words(lang),
        escape(player),
        escape(&Label::Undo.text(lang)),
    );
    out.push('\n');
    out
}

/// The dashboard for a television: the sheets the script places (the player whose turn it
/// is, the others taking turns) with the head lines of those it does not draw, and beside
/// them the roll, the scores, the join address as a QR code and the log folded away; at the
/// end the final screen.
pub fn dashboard(game: &str, events: &str, join_url: &str, qr_svg: &str, lang: Lang) -> String {
    let mut out = head(&Label::DashboardTitle(game).text(lang), lang);
    let _ = write!(
        out,
        "<body class=\"dashboard\" data-events=\"{}\"{}><header><h1>{}</h1><div id=\"status\" class=\"status\"></div>\
         <div id=\"conn\" class=\"conn\"></div></header>\
         <main class=\"board\"><div class=\"sheets-col\"><section id=\"sheets\" class=\"sheets\"></section>\
         <ul id=\"others\" class=\"others\"></ul></div><aside class=\"side\">\
         <section id=\"roll\" class=\"roll\"></section><section id=\"scores\" class=\"scores\"></section>\
         <figure class=\"qr\">{qr_svg}<figcaption>{}</figcaption></figure>\
         <details class=\"log-box\"><summary>{}</summary><ul id=\"log\" class=\"log\"></ul></details></aside></main>\
         <section id=\"result\" class=\"result\"></section></body></html>",
        escape(events),
        words(lang),
        escape(game),
        escape(&Label::ScanToJoin(join_url).text(lang)),
        escape(&Label::Log.text(lang)),
    );
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sheet_draws_every_section_of_the_pad_and_escapes_the_name() {
        let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        let mut s = Sheet::blank(&rules, "<Ann>");
        s.boxes[0][0] = Mark::Marked;
        let html = sheet(&rules, &s, Lang::En);
        assert!(html.contains("&lt;Ann&gt;"), "{html}");
        assert!(!html.contains("<Ann>"));
        let coin_boxes = html.matches("<i class=\"k").count();
        assert!(coin_boxes >= rules.coin_stars.len(), "{coin_boxes}");
        assert!(html.contains("class=\"c m\">L</i>") || html.contains("class=\"b m\""), "the first box is marked");
    }
}
