//! A Fleet sheet as text, for `deckhand show` and the in-game `sheet` and `sheets` commands:
//! the pad drawing of `text::pad`, with the king crab bonus the player chose.

use crate::games::fleet::FleetRules;
use crate::games::fleet::Sheet;
use crate::text::pad::{draw, legend, side_by_side};
use crate::text::Lang;

/// The width a terminal is assumed to have when it does not say (and for pipes and files
/// without `COLUMNS`).
pub const DEFAULT_WIDTH: usize = 100;

/// One player's sheet drawn like the pad, line by line.
fn drawing(rules: &FleetRules, sheet: &Sheet, lang: Lang, width: usize) -> Vec<String> {
    let mut lines = draw(rules, sheet, lang, width);
    if let Some(b) = sheet.king_crab_bonus {
        lines.push(crate::t!(lang, "engine.sheet_king_crab_bonus", bonus = rules.king_crab_bonuses[b].name.get(lang)));
    }
    lines
}

/// One player's sheet drawn like the pad, for a terminal `width` columns wide (the narrow
/// layout below 100 columns).
pub fn sheet_text(rules: &FleetRules, sheet: &Sheet, lang: Lang, width: usize) -> String {
    let mut lines = drawing(rules, sheet, lang, width);
    lines.extend(legend(lang, width));
    lines.join("\n") + "\n"
}

/// Several players' sheets: side by side when `width` columns hold them, else one after the
/// other, with one legend at the end.
pub fn sheets_text(rules: &FleetRules, sheets: &[&Sheet], lang: Lang, width: usize) -> String {
    let drawings: Vec<Vec<String>> = sheets.iter().map(|s| drawing(rules, s, lang, width)).collect();
    let mut lines = side_by_side(&drawings, width);
    lines.extend(legend(lang, width));
    lines.join("\n") + "\n"
}

/// The width of `term`; when it is not a terminal, `COLUMNS` (as a shell sets it for a
/// pipe), else [`DEFAULT_WIDTH`].
pub fn terminal_width(term: &console::Term) -> usize {
    let columns = || std::env::var("COLUMNS").ok().and_then(|c| c.trim().parse::<usize>().ok()).filter(|c| *c > 0);
    if term.is_term() {
        term.size_checked().map(|(_, w)| w as usize).or_else(columns).unwrap_or(DEFAULT_WIDTH)
    } else {
        columns().unwrap_or(DEFAULT_WIDTH)
    }
}
