//! Sheet files as written for the player who reads them: the data are ids, marks and
//! numbers, the same in every language; the comments (the game, the legend, the layout
//! above each line, each input's name and limits) are in the reader's language. Parsing
//! them is language-neutral (`games::fleet::sheet_file`, `games::endgame::sheet_file`).

use std::fmt::Write as _;

use crate::games::endgame::eval::InputValue;
use crate::games::endgame::sheet_file::EndgameSheet;
use crate::games::endgame::EndgameRules;
use crate::games::fleet::sheet_file::{marks_text, Only};
use crate::games::fleet::{FleetRules, Mark, SectionKind, Sheet};
use crate::t;
use crate::text::Lang;

/// A Fleet sheet as a transcription file (the format `games::fleet::sheet_file::parse`
/// reads), everything or only the parts in `only`, with the comments in `lang`.
pub fn write_fleet(rules: &FleetRules, sheet: &Sheet, only: Option<&Only>, lang: Lang) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {}", t!(lang, "cli.sheet_file.header", game = rules.name.get(lang)));
    let _ = writeln!(out, "# {}", t!(lang, "cli.sheet_file.legend"));
    let _ = writeln!(out, "game = {}", quote(&rules.id));
    let _ = writeln!(out, "player = {}", quote(&sheet.player));
    if sheet.solo {
        let _ = writeln!(out, "solo = true");
    }
    if let Some(c) = sheet.captain {
        let _ = writeln!(out, "captain = {}", quote(&rules.captains[c].id));
    }
    if !sheet.trophies.is_empty() {
        let ids: Vec<String> = sheet.trophies.iter().map(|t| quote(&rules.trophies[*t].id)).collect();
        let _ = writeln!(out, "trophies = [{}]", ids.join(", "));
    }
    let write_bonus = only.is_none_or(|o| o.bonus);
    if write_bonus {
        match sheet.king_crab_bonus {
            Some(b) => {
                let _ = writeln!(
                    out,
                    "king_crab_bonus = {}  # {}",
                    quote(&rules.king_crab_bonuses[b].id),
                    rules.king_crab_bonuses[b].name.get(lang)
                );
            }
            None if only.is_some() => {
                let _ = writeln!(out, "# king_crab_bonus: {}", t!(lang, "cli.sheet_file.no_bonus"));
            }
            None => {}
        }
    }
    let _ = writeln!(out, "\n[marks]");
    for (s, section) in rules.sections.iter().enumerate() {
        if only.is_some_and(|o| !o.marks.contains(&s)) || section.len == 0 {
            continue;
        }
        let marks = &sheet.boxes[s];
        let prefix_only = marks.iter().skip_while(|m| **m == Mark::Marked).all(|m| *m == Mark::Empty);
        if section.kind == SectionKind::Coins && prefix_only {
            let _ = writeln!(out, "{} = {}", section.id, sheet.marked_count(s));
            continue;
        }
        let key = format!("{} = ", section.id);
        let _ = writeln!(out, "# {}{}", " ".repeat(key.len() - 1), rules.layout_hint(s));
        let _ = writeln!(out, "{key}{}", quote(&marks_text(marks)));
    }
    let holders: Vec<usize> = (0..rules.sections.len())
        .filter(|s| !sheet.fish[*s].is_empty() && only.is_none_or(|o| o.fish.contains(s)))
        .collect();
    if !holders.is_empty() {
        let _ = writeln!(out, "\n[fish]");
        for s in holders {
            let fish = &sheet.fish[s];
            let used = fish.iter().rposition(|f| *f > 0).map_or(0, |i| i + 1);
            let list: Vec<String> = fish[..used].iter().map(u32::to_string).collect();
            let _ = writeln!(out, "{} = [{}]", rules.sections[s].id, list.join(", "));
        }
    }
    out
}

/// An endgame sheet file; only given inputs are written (so `enter` can resume). The
/// comments (the game, each input's name and limits) are in `lang`.
pub fn write_endgame(rules: &EndgameRules, sheet: &EndgameSheet, lang: Lang) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {}", t!(lang, "games.sheet.header", game = rules.name.get(lang)));
    let _ = writeln!(out, "game = {}", quote(&rules.id));
    let _ = writeln!(out, "player = {}", quote(&sheet.player));
    let _ = writeln!(out, "\n[inputs]");
    let lines: Vec<(String, String)> = rules
        .sheet
        .inputs
        .iter()
        .zip(&sheet.values)
        .filter_map(|(input, v)| {
            let value = match v.as_ref()? {
                InputValue::Number(n) => n.to_string(),
                InputValue::List(l) => format!("[{}]", l.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")),
            };
            Some((
                format!("{} = {value}", input.id),
                format!("# {} ({})", input.name.get(lang), crate::text::endgame::range_text(input.shape, lang)),
            ))
        })
        .collect();
    let w = lines.iter().map(|(a, _)| a.chars().count()).max().unwrap_or(0);
    for (assign, comment) in lines {
        let _ = writeln!(out, "{assign:<w$}  {comment}");
    }
    out
}

fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{endgame, fleet, Source};
    use crate::text::Lang;

    #[test]
    fn a_written_fleet_sheet_reads_back_identically_in_every_language() {
        let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        let mut sheet = Sheet::blank(&rules, "Ann \"the captain\"");
        let cod = rules.section_index("cod").unwrap();
        sheet.boxes[cod][..4].fill(Mark::Marked);
        let boats = rules.section_index("cod_boat").unwrap();
        sheet.boxes[boats][0] = Mark::Marked;
        sheet.fish[boats][0] = 3;
        sheet.king_crab_bonus = Some(1);
        let coin = rules.section_index("coin").unwrap();
        sheet.boxes[coin][..17].fill(Mark::Marked);
        for lang in Lang::ALL {
            let text = write_fleet(&rules, &sheet, None, lang);
            let back = fleet::sheet_file::parse(&rules, &Source::new("t.toml", text.clone()))
                .unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.sheet, sheet, "{lang}");
        }
    }

    #[test]
    fn a_written_endgame_sheet_reads_back_in_every_language() {
        let r = crate::games::built_in("titania").unwrap().endgame().unwrap().clone();
        let mut s = EndgameSheet::new(&r, "Ann \"A\"");
        s.values[0] = Some(InputValue::Number(41));
        s.values[1] = Some(InputValue::List(vec![3, 5, 4]));
        for lang in Lang::ALL {
            let text = write_endgame(&r, &s, lang);
            let back = endgame::sheet_file::parse(&r, &Source::new("t.toml", text.clone()))
                .unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.values, s.values, "{lang}");
            assert_eq!(back.player, s.player, "{lang}");
        }
    }
}
