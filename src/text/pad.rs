//! A Fleet sheet drawn like the pad, for the terminal: the boat half-sheet (the boat-type
//! columns side by side, each with its L/B/? circles, then the licenses and the boats with
//! their fish) beside the town half-sheet (harbor ships, wharf buildings, the buffet hexes
//! and salvage stars), the coin track with its stars underneath — at most 100 columns and
//! 32 lines, in the players' language; narrower terminals get a narrow layout (names and
//! columns cut shorter) of at most 80 columns.

use crate::games::fleet::pad::{pad, Boat, Cell, Coin, Shape};
use crate::games::fleet::sheet::{Mark, Sheet};
use crate::games::fleet::{ColumnBox, FleetRules};
use crate::t;
use crate::text::{sentence, wrap, Lang};

/// The width of the wide layout, the terminal width from which it is used.
pub const WIDE: usize = 100;
/// The width of the narrow layout, for terminals narrower than [`WIDE`].
pub const NARROW: usize = 80;
/// The narrowest and widest boat-type column on the boat half-sheet.
const MIN_COLUMN: usize = 6;
const MAX_COLUMN: usize = 12;

/// How wide a drawing may be, and what fits in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Layout {
    /// The width a drawing keeps within.
    width: usize,
    /// The widest a harbor ship's or wharf building's name may be on the town half-sheet.
    max_name: usize,
}

impl Layout {
    /// The layout for a terminal `columns` wide: the wide one from [`WIDE`] columns, the
    /// narrow one below.
    fn for_columns(columns: usize) -> Layout {
        if columns >= WIDE {
            Layout { width: WIDE, max_name: 18 }
        } else {
            Layout { width: NARROW, max_name: 12 }
        }
    }
}

fn mark(m: Mark) -> char {
    match m {
        Mark::Empty => '·',
        Mark::Marked => 'x',
        Mark::Crossed => '/',
    }
}

/// A box as two characters: its circle letter (if any) and what is on it.
fn cell(c: &Cell) -> String {
    let letter = match c.shape {
        Shape::Box => ' ',
        Shape::Column(ColumnBox::License) => 'L',
        Shape::Column(ColumnBox::Boat) => 'B',
        Shape::Column(ColumnBox::Choice) => '?',
        Shape::Column(ColumnBox::Plain) => ' ',
        Shape::Circle => 'o',
    };
    format!("{letter}{}", mark(c.mark))
}

fn boat(b: &Boat) -> String {
    match (b.launched, b.capacity) {
        (false, _) => "·".into(),
        (true, 0) => "x".into(),
        (true, cap) => format!("{}/{cap}", b.fish),
    }
}

fn coin(c: &Coin) -> char {
    match (c.mark, c.star) {
        (Mark::Empty, false) => '·',
        (Mark::Empty, true) => '*',
        (Mark::Marked, false) => 'x',
        (Mark::Marked, true) => 'X',
        (Mark::Crossed, _) => '/',
    }
}

/// `text` cut to `width` characters (an ellipsis where it was cut), then padded.
fn fit(text: &str, width: usize) -> String {
    let n = text.chars().count();
    if n <= width {
        format!("{text}{}", " ".repeat(width - n))
    } else {
        let cut: String = text.chars().take(width.saturating_sub(1)).collect();
        format!("{cut}…")
    }
}

/// The line above a sheet: the player (`player`, as the drawing shows the name), coins,
/// fish, income and full boats.
pub fn header(rules: &FleetRules, sheet: &Sheet, player: &str, lang: Lang) -> String {
    t!(
        lang,
        "engine.pad_header",
        player = player,
        coins = sheet.coins(rules),
        fish = sheet.total_fish(),
        income = sheet.income(rules),
        n = sheet.full_boats(rules)
    )
}

/// The names of the pad's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    /// The licenses row.
    Licenses,
    /// The boats rows.
    Boats,
    /// The buffet's hexes.
    Hexes,
    /// The salvage stars.
    Salvage,
}

impl Label {
    /// The row's name in a language.
    pub fn text(self, lang: Lang) -> String {
        match self {
            Label::Licenses => t!(lang, "engine.pad_licenses"),
            Label::Boats => t!(lang, "engine.pad_boats"),
            Label::Hexes => t!(lang, "engine.pad_hexes"),
            Label::Salvage => t!(lang, "engine.pad_salvage"),
        }
    }
}

/// The drawing of one player's sheet for a terminal `columns` wide, line by line (its
/// [`legend`] apart).
pub fn draw(rules: &FleetRules, sheet: &Sheet, lang: Lang, columns: usize) -> Vec<String> {
    let layout = Layout::for_columns(columns);
    let view = pad(rules, sheet);
    let header = header(rules, sheet, &crate::text::escape_controls(&sheet.player), lang);

    // The town half-sheet, its names as wide as the longest needs (up to the layout's `max_name`).
    let town_names: Vec<String> = view
        .harbor
        .iter()
        .chain(&view.wharf)
        .map(|row| sentence(&super::fleet::section_name(rules, row.section, lang)))
        .chain([Label::Hexes.text(lang), Label::Salvage.text(lang)])
        .collect();
    let name_width = town_names.iter().map(|n| n.chars().count()).max().unwrap_or(0).min(layout.max_name);
    let mut right: Vec<String> = Vec::new();
    for (row, name) in view.harbor.iter().chain(&view.wharf).zip(&town_names) {
        let name = fit(name, name_width);
        let boxes: Vec<String> = row.boxes.iter().map(cell).collect();
        let fish: Vec<String> = row.boats.iter().filter(|b| b.launched && b.capacity > 0).map(boat).collect();
        right.push(format!("{name} {} {}", boxes.join(" "), fish.join(" ")).trim_end().to_string());
    }
    if !view.hexes.is_empty() {
        let hexes: Vec<String> = view
            .hexes
            .iter()
            .enumerate()
            .map(|(t, m)| {
                let initial: String = sentence(rules.boat_types[t].name.get(lang)).chars().take(2).collect();
                format!("{initial}{}", mark(*m))
            })
            .collect();
        right.push(format!("{} {}", fit(&Label::Hexes.text(lang), name_width), hexes.join(" ")));
    }
    if !view.salvage_stars.is_empty() {
        let stars: Vec<String> = view.salvage_stars.iter().map(|m| format!(" {}", mark(*m))).collect();
        right.push(format!("{} {}", fit(&Label::Salvage.text(lang), name_width), stars.join(" ")));
    }

    // The boat half-sheet, its columns as wide as the widest heading needs and the town
    // half-sheet beside it leaves room for.
    let headings: Vec<String> =
        view.columns.iter().map(|c| sentence(rules.boat_types[c.boat_type].name.get(lang))).collect();
    let town_width = right.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let room = layout.width.saturating_sub(town_width + 3 + 3) / view.columns.len().max(1);
    let longest = headings.iter().map(|h| h.chars().count()).max().unwrap_or(0) + 1;
    let column = longest.min(room).clamp(MIN_COLUMN, MAX_COLUMN);
    let mut left: Vec<String> = Vec::new();
    let names: String = headings.iter().map(|h| fit(h, column - 1) + " ").collect();
    left.push(format!("   {names}"));
    let rows = view.columns.iter().map(|c| c.boxes.len()).max().unwrap_or(0);
    for r in 0..rows {
        let cells: String =
            view.columns.iter().map(|c| fit(&c.boxes.get(r).map(cell).unwrap_or_default(), column)).collect();
        left.push(format!("{:>2} {cells}", r + 1));
    }
    let licenses: String = view
        .columns
        .iter()
        .map(|c| fit(&format!(" {}", c.licenses.iter().map(|m| mark(*m)).collect::<String>()), column))
        .collect();
    left.push(format!("{} {licenses}", fit(&Label::Licenses.text(lang), 2)));
    let boats = view.columns.iter().map(|c| c.boats.len()).max().unwrap_or(0);
    for b in 0..boats {
        let cells: String = view
            .columns
            .iter()
            .map(|c| fit(&format!(" {}", c.boats.get(b).map(boat).unwrap_or_default()), column))
            .collect();
        let label = if b == 0 { Label::Boats.text(lang) } else { String::new() };
        left.push(format!("{} {cells}", fit(&label, 2)));
    }
    let left_width = (3 + column * view.columns.len()).saturating_sub(1);

    let mut out = vec![header];
    for i in 0..left.len().max(right.len()) {
        let l = left.get(i).map(String::as_str).unwrap_or("");
        let r = right.get(i).map(String::as_str).unwrap_or("");
        out.push(format!("{} │ {r}", fit(l.trim_end(), left_width)).trim_end().to_string());
    }
    // The coin track underneath, 30 boxes a line.
    let label = sentence(rules.coin_name.get(lang));
    for (i, chunk) in view.coins.chunks(30).enumerate() {
        let boxes: Vec<String> = chunk.iter().map(|c| coin(c).to_string()).collect();
        let label = if i == 0 { label.as_str() } else { "" };
        out.push(format!("{} {:>2} {}", fit(label, name_width), i * 30 + 1, boxes.join(" ")));
    }
    out
}

/// What the letters and signs of a drawing mean, in lines as wide as the drawing's layout
/// for a terminal `columns` wide.
pub fn legend(lang: Lang, columns: usize) -> Vec<String> {
    wrap(&t!(lang, "engine.pad_legend"), " · ", Layout::for_columns(columns).width)
}

/// Several drawings, side by side when `width` holds them, else one after the other.
pub fn side_by_side(drawings: &[Vec<String>], width: usize) -> Vec<String> {
    let widest = drawings.iter().flatten().map(|l| l.chars().count()).max().unwrap_or(0) + 3;
    let per_line = (width / widest.max(1)).max(1);
    let mut out = Vec::new();
    for group in drawings.chunks(per_line) {
        let rows = group.iter().map(Vec::len).max().unwrap_or(0);
        for r in 0..rows {
            let line: String =
                group.iter().map(|d| fit(d.get(r).map(String::as_str).unwrap_or(""), widest)).collect::<String>();
            out.push(line.trim_end().to_string());
        }
        out.push(String::new());
    }
    out.pop();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawings_stand_side_by_side_only_when_the_width_holds_them() {
        let a = vec!["aaaa".to_string(), "aa".to_string()];
        let b = vec!["bb".to_string()];
        let drawings = [a, b];
        assert_eq!(side_by_side(&drawings, 14), ["aaaa   bb", "aa"]);
        assert_eq!(side_by_side(&drawings, 10), ["aaaa", "aa", "", "bb"]);
    }

    #[test]
    fn a_legend_is_broken_between_its_parts() {
        assert_eq!(wrap("aa · bb · cc", " · ", 7), ["aa · bb", "cc"]);
        assert_eq!(wrap("aa · bb · cc", " · ", 100), ["aa · bb · cc"]);
    }
}
