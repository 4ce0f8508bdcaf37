//! What the rules say of themselves to the commands (`games::Compiled`), the final table's
//! categories, and the sheets on paper that `score` and `check` read (`games::paper`).

use std::collections::BTreeSet;

use super::*;
use crate::games::names::Names;
use crate::message::Message;
use crate::msg;
use crate::source::Source;

// ---------------------------------------------------------------------------------------
// What the rules say of themselves to the commands (`games::Compiled`), and the sheets on
// paper that `score` and `check` read (`games::paper`).

impl crate::games::Compiled for YachtRules {
    fn id(&self) -> &str {
        &self.id
    }
    fn names(&self) -> &Names {
        &self.name
    }
    fn bgg_id(&self) -> Option<u32> {
        self.bgg_id
    }
    fn players(&self) -> (u32, u32) {
        (self.min_players, self.max_players)
    }
    fn card(&self) -> Option<crate::games::Card> {
        use crate::games::{Card, CardLine};
        let title = match &self.by {
            Some(by) => msg!(
                "games.yacht.card.title_by",
                game = &self.name,
                min = self.min_players,
                max = self.max_players,
                by = by
            ),
            None => msg!("games.yacht.card.title", game = &self.name, min = self.min_players, max = self.max_players),
        };
        let boxes = (self.base.boxes.iter().map(|c| CardLine::Pair(c.name.clone(), c.kind.describe())))
            .chain(self.base.describe().into_iter().map(CardLine::Line))
            .collect();
        let options = (self.options.iter())
            .map(|o| CardLine::Option { id: o.id.clone(), name: o.name.clone(), help: o.help.clone() })
            .collect();
        let points = |lines: &[Names]| lines.iter().cloned().map(CardLine::Point).collect();
        Some(Card {
            title,
            sections: vec![
                (msg!("games.yacht.card.boxes"), boxes),
                (msg!("games.yacht.card.options"), options),
                (msg!("games.card.turn"), points(&self.card.round)),
                (msg!("games.card.golden_rules"), points(&self.card.golden_rules)),
                (msg!("games.card.end"), points(&self.card.end)),
            ],
        })
    }
    fn summary(&self) -> Option<Message> {
        Some(msg!("games.yacht.summary", boxes = self.base.boxes.len(), options = self.options.len()))
    }
    fn offers(&self) -> Option<Message> {
        Some(msg!("games.yacht.offers", id = &self.id))
    }
    fn paper(&self) -> Option<&dyn crate::games::paper::Paper> {
        Some(self)
    }
    fn boxed(&self) -> Box<dyn crate::games::Compiled> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// The final table's categories, by id (the history records them).
pub const CATEGORIES: [&str; 4] = ["upper", "upper_bonus", "lower", "extra_bonus"];

/// A category's words.
pub fn category_label(id: &str) -> Message {
    match id {
        "upper" => msg!("games.yacht.upper"),
        "upper_bonus" => msg!("games.yacht.upper_bonus"),
        "lower" => msg!("games.yacht.lower"),
        _ => msg!("games.yacht.extra_bonus"),
    }
}

/// A sheet's points by category, in the order of `CATEGORIES`.
pub fn category_points(s: &SheetScore) -> [i64; 4] {
    [s.upper, s.upper_bonus, s.lower, s.extra]
}

impl crate::games::paper::Paper for YachtRules {
    fn read(
        &self,
        files: &[(String, Source)],
    ) -> Result<Box<dyn crate::games::paper::Sheets>, crate::games::paper::Unread> {
        use crate::games::paper::Unread;
        let mut read = Vec::new();
        let mut problems = Vec::new();
        for (_, source) in files {
            match parse_sheet(self, source) {
                Ok(f) => read.push(f),
                Err(e) => problems.push(e),
            }
        }
        if !problems.is_empty() {
            return Err(Unread::Files(problems));
        }
        let mut seen = BTreeSet::new();
        for ((file, _), f) in files.iter().zip(&read) {
            if !seen.insert(f.sheet.player.clone()) {
                return Err(Unread::Together(msg!("cli.sheets.same_player", file = file, player = &f.sheet.player)));
            }
            if f.ruleset.options != read[0].ruleset.options {
                return Err(Unread::Together(msg!("games.yacht.mixed_options", file = file, first = &files[0].0)));
            }
        }
        let ruleset = read.first().map_or_else(|| self.base.clone(), |f| f.ruleset.clone());
        Ok(Box::new(PaperSheets { ruleset, sheets: read.into_iter().map(|f| f.sheet).collect() }))
    }
}

/// The sheets of one game on paper.
struct PaperSheets {
    ruleset: Ruleset,
    sheets: Vec<Sheet>,
}

impl crate::games::paper::Sheets for PaperSheets {
    fn players(&self) -> Vec<String> {
        self.sheets.iter().map(|s| s.player.clone()).collect()
    }
    fn categories(&self) -> Vec<(String, Message)> {
        CATEGORIES.iter().map(|id| (id.to_string(), category_label(id))).collect()
    }
    fn tie_breaks(&self) -> Vec<Message> {
        (self.ruleset.tie_breaks.iter())
            .map(|t| match t {
                TieBreak::Upper => msg!("games.yacht.upper"),
                TieBreak::Lower => msg!("games.yacht.lower"),
                TieBreak::Box(i) => msg!("games.yacht.box_name", name = &self.ruleset.boxes[*i].name),
            })
            .collect()
    }
    fn scored(&self, i: usize) -> crate::games::paper::Scored {
        let (rules, sheet) = (&self.ruleset, &self.sheets[i]);
        let s = score_sheet(rules, sheet);
        let boxes = |upper: bool| -> Vec<(Names, i64)> {
            (rules.boxes.iter().zip(&sheet.boxes))
                .filter(|(c, _)| c.kind.upper() == upper)
                .map(|(c, e)| (c.name.clone(), e.as_ref().map_or(0, |e| e.points)))
                .collect()
        };
        crate::games::paper::Scored {
            values: category_points(&s).to_vec(),
            tie: rank_key(rules, sheet)[1..].to_vec(),
            detail: vec![boxes(true), Vec::new(), boxes(false), Vec::new()],
            total: s.total,
        }
    }
    fn violations(&self, i: usize) -> Vec<crate::games::paper::Broken> {
        let (rules, sheet) = (&self.ruleset, &self.sheets[i]);
        (check(rules, sheet).iter())
            .map(|v| crate::games::paper::Broken {
                place: v.place(rules),
                rule: v.rule(),
                message: v.message(rules),
                span: sheet.span_of(v.at),
            })
            .collect()
    }
    fn report(&self, i: usize, file: &str, source: &Source) -> Vec<Message> {
        let (rules, sheet) = (&self.ruleset, &self.sheets[i]);
        report(rules, file, source, sheet, &check(rules, sheet))
    }
}
