//! Sheet transcription files: exactly what is on one player's paper, as TOML a person can
//! type in a few minutes. Parsing keeps spans so every mistake is reported at its line.
//!
//! ```toml
//! game = "fleet-dice"
//! player = "Linda"
//! king_crab_bonus = "per_6_fish"
//! [marks]
//! cod = "x x x . x"        # x marked, . empty, / crossed off by Captain Ruth
//! coin = 23                # a number: the first 23 boxes are marked
//! [fish]
//! cod_boat = [4, 2]        # fish on each boat, top to bottom
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::Deserialize;

use crate::games::fleet::{FleetRules, HarborEffect, SectionKind};
use crate::games::fleet::{Mark, Sheet};
use crate::games::paper::{parse_sheet_file, sheet_game_and_player};
use crate::message::Arg;
use crate::msg;
use crate::source::de;
use crate::source::spanned::Spanned;
use crate::source::Diagnosed;
use crate::source::{either, read_source, similar, Diagnostic, Source, MAX_SHOWN};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSheet {
    game: Option<Spanned<String>>,
    player: Option<Spanned<String>>,
    #[serde(default)]
    solo: bool,
    king_crab_bonus: Option<Spanned<String>>,
    captain: Option<Spanned<String>>,
    #[serde(default)]
    trophies: Vec<Spanned<String>>,
    #[serde(default)]
    marks: BTreeMap<Spanned<String>, Spanned<MarksValue>>,
    #[serde(default)]
    fish: BTreeMap<Spanned<String>, Spanned<Vec<i64>>>,
}

/// A section's marks: how many boxes from the top are marked, or the marks themselves.
#[derive(Debug)]
enum MarksValue {
    Count(i64),
    Text(String),
}

impl<'de> Deserialize<'de> for MarksValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Marks;
        impl serde::de::Visitor<'_> for Marks {
            type Value = MarksValue;
            // A wrong value is reported with this form's translated description.
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(de::MARKS)
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<MarksValue, E> {
                Ok(MarksValue::Count(n))
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<MarksValue, E> {
                Ok(MarksValue::Text(text.to_string()))
            }
        }
        d.deserialize_any(Marks)
    }
}

/// A sheet read from a file, with what the file actually contained (for resuming entry).
#[derive(Debug, Clone)]
pub struct ParsedSheet {
    /// The sheet: what the file gives, every other box empty.
    pub sheet: Sheet,
    /// The `game` key, when the file has one.
    pub game: Option<String>,
    /// Sections whose marks the file gives.
    pub marks_given: BTreeSet<usize>,
    /// Sections whose fish the file gives.
    pub fish_given: BTreeSet<usize>,
    /// The file gives a `king_crab_bonus`.
    pub bonus_given: bool,
}

/// Read the `game` key of a sheet file without knowing its rules yet.
pub fn peek_game(source: &Source) -> Option<String> {
    // Most sheets say `game = "fleet-dice"` plainly at the top: no need to parse twice.
    if let Some(game) = crate::source::scan_plain_id(&source.text, "", "game") {
        return Some(game);
    }
    #[derive(Deserialize)]
    struct Head {
        game: Option<String>,
    }
    de::from_str::<Head>(&source.text).ok().and_then(|h| h.game)
}

/// Read a sheet file from disk (a missing or unreadable file is a `ReadError`).
pub fn read(path: &Path) -> Result<Source, crate::source::ReadError> {
    read_source(path)
}

/// Parse a sheet file against the rules. Every problem found is reported at once
/// (`Diagnosed`).
pub fn parse(rules: &FleetRules, source: &Source) -> Result<ParsedSheet, Diagnosed> {
    let fail = |diags: Vec<Diagnostic>| Diagnosed::new(source, diags);
    let raw: RawSheet = parse_sheet_file(source, msg!("cli.sheet_file.empty_help"), None)?;
    let mut diags = Vec::new();
    let player = sheet_game_and_player(&rules.id, raw.game.as_ref(), raw.player.as_ref(), &mut diags);

    let mut sheet = Sheet::blank(rules, &player);
    sheet.solo = raw.solo;
    let mut marks_given = BTreeSet::new();
    let mut fish_given = BTreeSet::new();

    for (key, value) in &raw.marks {
        let Some(s) = rules.section_index(key.get_ref()) else {
            diags.push(unknown_section(rules, key, "marks", diags.len() < MAX_SHOWN));
            continue;
        };
        marks_given.insert(s);
        let len = rules.sections[s].len;
        match value.get_ref() {
            MarksValue::Count(n) => {
                if *n < 0 || *n as usize > len {
                    diags.push(
                        Diagnostic::new(
                            msg!("cli.sheet_file.count_too_big", section = rules.section_term(s), len = len, count = n),
                            Some(value.span()),
                        )
                        .help(msg!("cli.sheet_file.count_help", len = len)),
                    );
                    continue;
                }
                for m in sheet.boxes[s].iter_mut().take(*n as usize) {
                    *m = Mark::Marked;
                }
            }
            MarksValue::Text(text) => match parse_marks(text) {
                Err(bad) => diags.push(
                    Diagnostic::new(msg!("cli.sheet_file.not_a_mark", mark = bad), Some(value.span()))
                        .help(msg!("cli.sheet_file.marks_help")),
                ),
                Ok(marks) if marks.len() > len => diags.push(
                    Diagnostic::new(
                        msg!(
                            "cli.sheet_file.too_many_marks",
                            n = marks.len(),
                            section = rules.section_term(s),
                            len = len
                        ),
                        Some(value.span()),
                    )
                    .help(msg!("cli.sheet_file.boxes_help", layout = rules.layout_hint(s))),
                ),
                Ok(marks) => sheet.boxes[s][..marks.len()].copy_from_slice(&marks),
            },
        }
    }

    for (key, value) in &raw.fish {
        let Some(s) = rules.section_index(key.get_ref()) else {
            diags.push(unknown_section(rules, key, "fish", diags.len() < MAX_SHOWN));
            continue;
        };
        let slots = sheet.fish[s].len();
        if slots == 0 {
            let holders: Vec<&str> = (0..rules.sections.len())
                .filter(|i| !sheet.fish[*i].is_empty())
                .map(|i| rules.sections[i].id.as_str())
                .collect();
            diags.push(
                Diagnostic::new(msg!("cli.sheet_file.no_boats", section = key.get_ref()), Some(key.span()))
                    .help(msg!("cli.sheet_file.fish_go_on", sections = holders.join(", "))),
            );
            continue;
        }
        fish_given.insert(s);
        let list = value.get_ref();
        if list.len() > slots {
            diags.push(
                Diagnostic::new(
                    msg!(
                        "cli.sheet_file.too_many_fish",
                        n = list.len(),
                        section = rules.section_term(s),
                        boats = slots
                    ),
                    Some(value.span()),
                )
                .help(msg!("cli.sheet_file.fish_help")),
            );
            continue;
        }
        for (i, n) in list.iter().enumerate() {
            if *n < 0 || *n > 1000 {
                diags.push(Diagnostic::new(msg!("cli.sheet_file.bad_fish", count = n), Some(value.span())));
            } else {
                sheet.fish[s][i] = *n as u32;
            }
        }
    }

    if let Some(b) = &raw.king_crab_bonus {
        match rules.king_crab_bonuses.iter().position(|x| &x.id == b.get_ref()) {
            Some(i) => sheet.king_crab_bonus = Some(i),
            None => {
                let items = rules
                    .king_crab_bonuses
                    .iter()
                    .map(|b| Arg::from(msg!("cli.sheet_file.bonus_item", id = &b.id, name = &b.name)))
                    .collect();
                diags.push(
                    Diagnostic::new(msg!("cli.sheet_file.unknown_bonus", bonus = b.get_ref()), Some(b.span()))
                        .help(msg!("cli.sheet_file.bonuses", list = Arg::List { items, separator: ", " })),
                )
            }
        }
    }

    if let Some(c) = &raw.captain {
        match rules.captains.iter().position(|x| &x.id == c.get_ref()) {
            Some(i) => sheet.captain = Some(i),
            None => diags.push(
                Diagnostic::new(msg!("cli.sheet_file.unknown_captain", card = c.get_ref()), Some(c.span())).help(msg!(
                    "cli.sheet_file.captains",
                    list = rules.captains.iter().map(|c| c.id.as_str()).collect::<Vec<_>>().join(", ")
                )),
            ),
        }
    }
    for t in &raw.trophies {
        match rules.trophies.iter().position(|x| &x.id == t.get_ref()) {
            Some(i) if sheet.trophies.contains(&i) => {
                diags.push(Diagnostic::new(msg!("cli.sheet_file.trophy_twice", card = t.get_ref()), Some(t.span())))
            }
            Some(i) => sheet.trophies.push(i),
            None => diags.push(
                Diagnostic::new(msg!("cli.sheet_file.unknown_trophy", card = t.get_ref()), Some(t.span())).help(msg!(
                    "cli.sheet_file.trophies",
                    list = rules.trophies.iter().map(|c| c.id.as_str()).collect::<Vec<_>>().join(", ")
                )),
            ),
        }
    }

    if diags.is_empty() {
        Ok(ParsedSheet {
            sheet,
            game: raw.game.map(|g| g.into_inner()),
            marks_given,
            fish_given,
            bonus_given: raw.king_crab_bonus.is_some(),
        })
    } else {
        Err(fail(diags))
    }
}

/// An unknown section id; `shown` when the diagnostic will be printed (only the first
/// `MAX_SHOWN` are): then it gets its "did you mean", which takes a while to work out.
fn unknown_section(rules: &FleetRules, key: &Spanned<String>, table: &str, shown: bool) -> Diagnostic {
    let name = key.get_ref();
    let diag = Diagnostic::new(msg!("cli.sheet_file.unknown_section", table = table, name = name), Some(key.span()));
    if !shown {
        return diag;
    }
    let close: Vec<&str> =
        rules.sections.iter().map(|s| s.id.as_str()).filter(|id| similar(id, name)).take(3).collect();
    let help = if close.is_empty() {
        msg!(
            "cli.sheet_file.sections",
            list = rules.sections.iter().map(|s| s.id.as_str()).collect::<Vec<_>>().join(", ")
        )
    } else {
        msg!("cli.sheet_file.did_you_mean", list = either(&close, msg!("cli.sheet_file.or")))
    };
    diag.help(help)
}

/// Marks text → marks. Returns the first character that is not a mark on failure.
pub fn parse_marks(text: &str) -> Result<Vec<Mark>, char> {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '|' && *c != ',')
        .map(|c| match c {
            'x' | 'X' => Ok(Mark::Marked),
            '.' => Ok(Mark::Empty),
            '/' => Ok(Mark::Crossed),
            other => Err(other),
        })
        .collect()
}

/// Marks → text aligned with the layout hint (one character per box, space separated).
pub(crate) fn marks_text(marks: &[Mark]) -> String {
    marks.iter().map(|m| m.glyph().to_string()).collect::<Vec<_>>().join(" ")
}

/// What to write (`text::sheet_file::write_fleet`): everything, or only the parts a
/// resumable entry has reached.
#[derive(Debug, Clone, Default)]
pub struct Only {
    /// The sections whose marks to write (indices into `FleetRules::sections`).
    pub marks: BTreeSet<usize>,
    /// The sections whose fish to write.
    pub fish: BTreeSet<usize>,
    /// Write the king crab bonus.
    pub bonus: bool,
}

/// One part of a sheet as `enter` asks for it, in sheet order: a section's marks, the fish
/// on its boats, the king crab bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The marks of a section.
    Marks(usize),
    /// The fish on a section's boats.
    Fish(usize),
    /// The king crab bonus chosen.
    Bonus,
}

/// Every part of a sheet, in sheet order.
pub fn parts(rules: &FleetRules) -> Vec<Part> {
    let mut parts = Vec::new();
    for s in (0..rules.sections.len()).filter(|s| rules.sections[*s].len > 0) {
        parts.push(Part::Marks(s));
        if !crate::games::fleet::sheet::boat_slots_of(rules, s).is_empty() {
            parts.push(Part::Fish(s));
        }
        if matches!(rules.sections[s].kind, SectionKind::Harbor(h) if rules.harbor[h].effect == HarborEffect::KingCrab)
        {
            parts.push(Part::Bonus);
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> FleetRules {
        crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone()
    }

    #[test]
    fn marks_accept_x_dot_slash_and_ignore_spacing() {
        assert_eq!(parse_marks("x X|. /").unwrap(), vec![Mark::Marked, Mark::Marked, Mark::Empty, Mark::Crossed]);
        assert_eq!(parse_marks("xo"), Err('o'));
    }

    #[test]
    fn unknown_section_suggests_the_close_one_with_line_and_column() {
        let rules = rules();
        let src = Source::new("s.toml", "player = \"A\"\n[marks]\ncodd = \"x\"\n");
        let err = parse(&rules, &src).unwrap_err().to_string();
        assert!(err.contains("s.toml:3:1"), "{err}");
        assert!(err.contains("did you mean `cod`"), "{err}");
    }
}
