//! A Fleet sheet as text, for `deckhand show` and the in-game "sheet" command.

use std::fmt::Write as _;

use crate::games::fleet::sheet::boat_slots_of;
use crate::games::fleet::Sheet;
use crate::games::fleet::{FleetRules, SectionKind};

pub fn sheet_text(rules: &FleetRules, sheet: &Sheet, lang: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}",
        crate::t!(
            lang,
            "engine.sheet_header",
            player = sheet.player,
            coins = sheet.coins(rules),
            fish = sheet.total_fish(),
            income = sheet.income(rules),
            n = sheet.full_boats(rules)
        )
    );
    let width = rules.sections.iter().map(|s| s.id.len()).max().unwrap_or(10);
    for (s, section) in rules.sections.iter().enumerate() {
        if section.len == 0 {
            continue;
        }
        let marks: Vec<String> = sheet.boxes[s].iter().map(|m| m.glyph().to_string()).collect();
        let mut line = format!("  {:<width$}  {}", section.id, marks.join(" "));
        let layout = rules.layout_hint(s);
        let plain = layout.chars().all(|c| c == '.' || c == ' ');
        if !plain && section.kind != SectionKind::Coins {
            let _ = write!(line, "   [{layout}]");
        }
        let slots = boat_slots_of(rules, s);
        let fish: Vec<String> = slots
            .iter()
            .filter(|b| sheet.is_launched(b) && sheet.capacity(rules, b) > 0)
            .map(|b| format!("{}/{}", sheet.fish_on(b), sheet.capacity(rules, b)))
            .collect();
        if !fish.is_empty() {
            let _ = write!(line, "   {}", crate::t!(lang, "engine.sheet_fish", fish = fish.join(" ")));
        }
        if section.kind == SectionKind::Coins {
            let _ = write!(
                line,
                "   {}",
                crate::t!(
                    lang,
                    "engine.sheet_stars",
                    n = rules.coin_stars.iter().filter(|s| **s).count(),
                    positions = star_positions(rules)
                )
            );
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    if let Some(b) = sheet.king_crab_bonus {
        let _ = writeln!(
            out,
            "  {}",
            crate::t!(lang, "engine.sheet_king_crab_bonus", bonus = rules.king_crab_bonuses[b].name.get(lang))
        );
    }
    out
}

fn star_positions(rules: &FleetRules) -> String {
    rules
        .coin_stars
        .iter()
        .enumerate()
        .filter(|(_, s)| **s)
        .map(|(i, _)| (i + 1).to_string())
        .collect::<Vec<_>>()
        .join(",")
}
