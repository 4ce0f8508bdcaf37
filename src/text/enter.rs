//! `deckhand enter` in words: what it tells while a paper sheet is typed in, its questions
//! (one per `sheet_file::Part`) and why an answer is refused.

use std::path::Path;

use crate::games::fleet::sheet_file::Part;
use crate::games::fleet::{FleetRules, SectionKind};
use crate::games::names::Names;
use crate::t;
use crate::text::Lang;

/// What `enter` tells while a sheet is typed in.
#[derive(Debug, Clone, Copy)]
pub enum EnterSaid<'a> {
    /// The note shown when the entry is interrupted: what is saved, how to go on.
    Interrupted(&'a Path),
    /// An unfinished sheet file taken up again.
    Resuming {
        /// The sheet file.
        file: &'a Path,
        /// Sections already entered.
        entered: usize,
        /// Sections of the sheet.
        total: usize,
    },
    /// How to type a sheet in, at the start.
    Intro {
        /// The player's name.
        player: &'a str,
        /// The game.
        game: &'a Names,
        /// The sheet file written.
        file: &'a Path,
    },
    /// `undo`: back to a part, asked again.
    Undone(&'a FleetRules, Part),
    /// `undo` at the first part.
    NothingToUndo,
    /// The sheet written, with its score.
    Saved {
        /// The sheet file.
        file: &'a Path,
        /// The score as the rules count it.
        total: u32,
    },
    /// The finished sheet breaks no rule.
    Follows,
    /// The finished sheet breaks rules: how many, and where to read them again.
    Violations {
        /// How many.
        n: usize,
        /// The sheet file.
        file: &'a Path,
    },
}

impl EnterSaid<'_> {
    /// What is said, in `lang`.
    pub fn text(self, lang: Lang) -> String {
        match self {
            EnterSaid::Interrupted(file) => t!(lang, "cli.enter.interrupted", file = file.display()),
            EnterSaid::Resuming { file, entered, total } => {
                t!(lang, "cli.enter.resuming", file = file.display(), n = entered, total = total)
            }
            EnterSaid::Intro { player, game, file } => {
                t!(lang, "cli.enter.intro", player = player, game = game.get(lang), file = file.display())
            }
            EnterSaid::Undone(rules, part) => t!(lang, "cli.enter.undone", section = part_name(rules, part, lang)),
            EnterSaid::NothingToUndo => t!(lang, "cli.enter.nothing_to_undo"),
            EnterSaid::Saved { file, total } => t!(lang, "cli.enter.saved", file = file.display(), total = total),
            EnterSaid::Follows => t!(lang, "cli.enter.follows"),
            EnterSaid::Violations { n, file } => t!(lang, "cli.enter.violations", n = n, file = file.display()),
        }
    }
}

/// A part of the sheet as `undo` names it.
fn part_name(rules: &FleetRules, part: Part, lang: Lang) -> String {
    match part {
        Part::Marks(s) => super::fleet::section_name(rules, s, lang),
        Part::Fish(s) => t!(lang, "cli.enter.fish_of", section = super::fleet::section_name(rules, s, lang)),
        Part::Bonus => bonus_question(lang),
    }
}

/// The question of a section's marks: its name, its id and how its boxes look
/// (`Cod (cod) [5 boxes]`).
pub fn marks_question(rules: &FleetRules, s: usize, lang: Lang) -> String {
    format!("{} ({}) [{}]", super::fleet::section_name(rules, s, lang), rules.sections[s].id, rules.layout_hint(s))
}

/// The question of the fish on a section's `launched` boats.
pub fn fish_question(rules: &FleetRules, s: usize, launched: usize, lang: Lang) -> String {
    // "each cod boat", "each king crab boat": the boats' owner, not the section's name.
    let owner = match rules.sections[s].kind {
        SectionKind::Boats(t) => rules.boat_types[t].name.get(lang).to_string(),
        SectionKind::Harbor(h) => rules.harbor[h].name.get(lang).to_string(),
        _ => super::fleet::section_name(rules, s, lang),
    };
    t!(lang, "cli.enter.fish_prompt", section = owner, n = launched)
}

/// The question of the king crab bonus.
pub fn bonus_question(lang: Lang) -> String {
    t!(lang, "cli.enter.king_crab_bonus")
}

/// The answer that goes back a part, among the bonuses.
pub fn undo_answer(lang: Lang) -> String {
    t!(lang, "cli.play.meta_undo")
}

/// Why an answer of `enter` is refused.
#[derive(Debug, Clone, Copy)]
pub enum EnterRefusal<'a> {
    /// A number of marked boxes beyond the section's boxes.
    SectionBoxes {
        /// The section's boxes.
        boxes: usize,
    },
    /// A character that is no mark.
    NotAMark(char),
    /// More marks than boxes.
    TooManyMarks {
        /// Marks typed.
        marks: usize,
        /// The section's boxes.
        boxes: usize,
    },
    /// More licenses of a boat type than its column's circles give.
    TooManyLicenses {
        /// Licenses marked.
        licenses: usize,
        /// License circles (L or ?) marked in the column.
        circles: usize,
        /// The boat type.
        boat: &'a Names,
    },
    /// More boats of a boat type than its column's circles give.
    TooManyBoats {
        /// Boats marked.
        boats: usize,
        /// Boat circles (B, or ? not taken as a license) marked in the column.
        circles: usize,
        /// The boat type.
        boat: &'a Names,
    },
    /// Fish not typed as whole numbers.
    WholeNumbers,
    /// More numbers than launched boats.
    TooManyNumbers {
        /// Numbers typed.
        numbers: usize,
        /// Boats launched.
        boats: usize,
    },
    /// More fish on a boat than it holds.
    OverCapacity {
        /// The boat, counted from 1 at the top.
        boat: usize,
        /// Fish typed.
        fish: u32,
        /// What it holds.
        capacity: u32,
    },
}

impl EnterRefusal<'_> {
    /// The refusal in `lang`.
    pub fn text(self, lang: Lang) -> String {
        match self {
            EnterRefusal::SectionBoxes { boxes } => t!(lang, "cli.enter.section_boxes", n = boxes),
            EnterRefusal::NotAMark(c) => t!(lang, "cli.enter.not_a_mark", mark = c),
            EnterRefusal::TooManyMarks { marks, boxes } => {
                t!(lang, "cli.enter.too_many_marks", n = marks, boxes = boxes)
            }
            EnterRefusal::TooManyLicenses { licenses, circles, boat } => {
                t!(lang, "cli.enter.too_many_licenses", n = licenses, circles = circles, type = boat.get(lang))
            }
            EnterRefusal::TooManyBoats { boats, circles, boat } => {
                t!(lang, "cli.enter.too_many_boats", n = boats, circles = circles, type = boat.get(lang))
            }
            EnterRefusal::WholeNumbers => t!(lang, "cli.enter.whole_numbers"),
            EnterRefusal::TooManyNumbers { numbers, boats } => {
                t!(lang, "cli.enter.too_many_numbers", n = numbers, boats = boats)
            }
            EnterRefusal::OverCapacity { boat, fish, capacity } => {
                t!(lang, "cli.enter.over_capacity", boat = boat, n = fish, capacity = capacity)
            }
        }
    }
}
