//! Checking a sheet against the rules, and scoring it.

use std::collections::BTreeMap;

use super::*;
use crate::message::{Arg, Message};
use crate::msg;
use crate::source::Source;

// ---------------------------------------------------------------------------------------
// Checking a sheet.

/// What a check found on a sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// No roll gives these points in this box (24 in a full house box).
    Impossible {
        /// The box.
        box_index: usize,
        /// The points written.
        points: i64,
    },
    /// The dice recorded with the box do not score these points there (25 in a full house
    /// box whose dice are no full house).
    NotTheDice {
        /// The box.
        box_index: usize,
        /// The points written.
        points: i64,
        /// The dice recorded.
        dice: Roll,
        /// What those dice score there.
        scores: i64,
    },
    /// A five of a kind used as a joker went into a box the joker rule did not allow then
    /// (its upper box was open, or a lower box was while it went to an upper box).
    JokerBox {
        /// The box it went into.
        box_index: usize,
        /// The boxes it had to go into instead.
        allowed: Vec<usize>,
    },
    /// Two boxes say they were scored in the same turn.
    SameTurn {
        /// The box.
        box_index: usize,
        /// The other box.
        other: usize,
        /// The turn both give.
        turn: u32,
    },
    /// The upper bonus written is not what the upper section earns.
    UpperBonus {
        /// Written.
        written: i64,
        /// Earned.
        earned: i64,
        /// The upper section's points.
        upper: i64,
        /// The points that earn it.
        threshold: i64,
    },
    /// The extra bonuses written are not what the five of a kinds earn: at least `least`,
    /// at most `most` (equal when the dice and turns of every box are recorded).
    ExtraBonus {
        /// Written.
        written: i64,
        /// The least the sheet can have earned.
        least: i64,
        /// The most.
        most: i64,
    },
    /// A box holds nothing: a finished game fills every box.
    Unfilled {
        /// The box.
        box_index: usize,
    },
}

/// A rule a sheet breaks, where, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The sheet's player.
    pub player: String,
    /// Where on the sheet.
    pub at: At,
    /// What was found.
    pub found: Found,
}

impl Violation {
    /// The rule's stable code (`yacht.impossible`).
    pub fn rule(&self) -> &'static str {
        match self.found {
            Found::Impossible { .. } => "yacht.impossible",
            Found::NotTheDice { .. } => "yacht.not_the_dice",
            Found::JokerBox { .. } => "yacht.joker_box",
            Found::SameTurn { .. } => "yacht.same_turn",
            Found::UpperBonus { .. } => "yacht.upper_bonus",
            Found::ExtraBonus { .. } => "yacht.extra_bonus",
            Found::Unfilled { .. } => "yacht.unfilled",
        }
    }

    /// The box's id, or what stands for the place (`bonus.upper`).
    pub fn place(&self, rules: &Ruleset) -> String {
        match self.at {
            At::Box(i) => rules.boxes[i].id.clone(),
            At::UpperBonus => "bonus.upper".into(),
            At::ExtraBonus => "bonus.extra".into(),
            At::Sheet => String::new(),
        }
    }

    /// What is wrong, as a message for the text layer.
    pub fn message(&self, rules: &Ruleset) -> Message {
        let name = |i: usize| Arg::from(&rules.boxes[i].name);
        let dice = |d: &Roll| d.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        match &self.found {
            Found::Impossible { box_index, points } => {
                let possible: Vec<String> = rules.possible(*box_index).iter().map(i64::to_string).collect();
                msg!(
                    "games.yacht.check.impossible",
                    name = name(*box_index),
                    points = points,
                    possible = possible.join(", ")
                )
            }
            Found::NotTheDice { box_index, points, dice: d, scores } => {
                msg!(
                    "games.yacht.check.not_the_dice",
                    name = name(*box_index),
                    points = points,
                    dice = dice(d),
                    scores = scores
                )
            }
            Found::JokerBox { box_index, allowed } => {
                let list = Arg::List { items: allowed.iter().map(|i| name(*i)).collect(), separator: ", " };
                msg!("games.yacht.check.joker_box", name = name(*box_index), allowed = list)
            }
            Found::SameTurn { box_index, other, turn } => {
                msg!("games.yacht.check.same_turn", name = name(*box_index), other = name(*other), turn = turn)
            }
            Found::UpperBonus { written, earned, upper, threshold } => msg!(
                "games.yacht.check.upper_bonus",
                written = written,
                earned = earned,
                upper = upper,
                threshold = threshold
            ),
            Found::ExtraBonus { written, least, most } if least == most => {
                msg!("games.yacht.check.extra_exact", written = written, earned = least)
            }
            Found::ExtraBonus { written, least, most } => {
                msg!(
                    "games.yacht.check.extra_range",
                    written = written,
                    least = least,
                    most = most,
                    each = rules.extra_bonus
                )
            }
            Found::Unfilled { box_index } => msg!("games.yacht.check.unfilled", name = name(*box_index)),
        }
    }
}

/// Every rule the sheet breaks.
pub fn check(rules: &Ruleset, sheet: &Sheet) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut found = |at: At, f: Found| out.push(Violation { player: sheet.player.clone(), at, found: f });
    let n = rules.boxes.len();
    // The turn each box was scored in, when every box says.
    let mut by_turn: BTreeMap<u32, usize> = BTreeMap::new();
    for (i, e) in sheet.boxes.iter().enumerate() {
        if let Some(t) = e.as_ref().and_then(|e| e.turn) {
            if let Some(other) = by_turn.insert(t, i) {
                found(At::Box(i), Found::SameTurn { box_index: i, other, turn: t });
            }
        }
    }
    let all_turns = by_turn.len() == sheet.boxes.iter().flatten().count();
    // What was filled before turn `t` (only meaningful when every box gives its turn).
    let before = |t: u32| -> u32 {
        sheet
            .boxes
            .iter()
            .enumerate()
            .filter(|(_, e)| e.as_ref().and_then(|e| e.turn).is_some_and(|u| u < t))
            .fold(0, |m, (i, _)| m | (1 << i))
    };
    let five_points_before =
        |t: u32| -> bool { rules.five_box.is_some_and(|b| before(t) & (1 << b) != 0) && sheet.five_points(rules) };
    for i in 0..n {
        let Some(e) = &sheet.boxes[i] else {
            found(At::Box(i), Found::Unfilled { box_index: i });
            continue;
        };
        let kind = &rules.boxes[i].kind;
        if !rules.possible(i).contains(&e.points) {
            found(At::Box(i), Found::Impossible { box_index: i, points: e.points });
            continue;
        }
        let Some(dice) = e.dice else { continue };
        let normal = kind.score(&dice);
        if let (true, Some(t)) = (all_turns, e.turn) {
            // The sheet says what was open then: the rules' own offers for that roll.
            let offers = rules.offers(before(t), five_points_before(t), &dice);
            match offers.iter().find(|o| o.box_index == i) {
                Some(o) if o.points != e.points => {
                    found(At::Box(i), Found::NotTheDice { box_index: i, points: e.points, dice, scores: o.points })
                }
                Some(_) => {}
                None => {
                    let allowed = offers.iter().map(|o| o.box_index).collect();
                    found(At::Box(i), Found::JokerBox { box_index: i, allowed });
                }
            }
            continue;
        }
        // Without turns: its usual points, or a joker's if the joker rule may have applied.
        let may_joker = rules.joker_applies(sheet.filled() & !(1 << i), &dice);
        if e.points != normal && !(may_joker && !kind.upper() && e.points == kind.joker_score(&dice)) {
            found(At::Box(i), Found::NotTheDice { box_index: i, points: e.points, dice, scores: normal });
        }
    }
    let upper = sheet.upper(rules);
    let earned = rules.upper_bonus_of(upper);
    if let Some(w) = sheet.upper_claim {
        if w != earned {
            let f = Found::UpperBonus { written: w, earned, upper, threshold: rules.upper_threshold };
            found(At::UpperBonus, f);
        }
    }
    if let Some(written) = sheet.extra_claim {
        let (least, most) = extra_bounds(rules, sheet);
        if written < least || written > most || (rules.extra_bonus > 0 && written % rules.extra_bonus != 0) {
            found(At::ExtraBonus, Found::ExtraBonus { written, least, most });
        }
    }
    out
}

/// The least and the most extra bonus the sheet can have earned: exact when every box that
/// may hold a further five of a kind records its dice and every box its turn.
pub fn extra_bounds(rules: &Ruleset, sheet: &Sheet) -> (i64, i64) {
    let Some(five) = rules.five_box else { return (0, 0) };
    if rules.extra_bonus == 0 || sheet.boxes[five].is_none() {
        return (0, 0);
    }
    let all_turns = sheet.boxes.iter().flatten().all(|e| e.turn.is_some());
    let five_turn = sheet.boxes[five].as_ref().and_then(|e| e.turn);
    let mut least = 0;
    let mut most = 0;
    for (i, e) in sheet.boxes.iter().enumerate() {
        let Some(e) = e else { continue };
        if i == five {
            continue;
        }
        let kind = &rules.boxes[i].kind;
        match (e.dice, all_turns) {
            (Some(dice), true) => {
                let t = e.turn.unwrap_or(0);
                let filled: u32 = sheet
                    .boxes
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| x.as_ref().and_then(|x| x.turn).is_some_and(|u| u < t))
                    .fold(0, |m, (k, _)| m | (1 << k));
                let five_points = five_turn.is_some_and(|u| u < t) && sheet.five_points(rules);
                let x = rules.extra(filled, five_points, &dice, i);
                least += x;
                most += x;
            }
            (Some(dice), false) => {
                most += rules.extra(!(1 << i), sheet.five_points(rules), &dice, i);
            }
            (None, _) => {
                // Points some five of a kind could have scored here.
                let could = (1..=6u8).any(|f| {
                    let roll = [f; DICE];
                    rules.extra(!(1 << i), sheet.five_points(rules), &roll, i) > 0
                        && (e.points == kind.score(&roll)
                            || (!kind.upper() && e.points == kind.joker_score(&roll))
                            || (kind.upper() && e.points == 0))
                });
                if could {
                    most += rules.extra_bonus;
                }
            }
        }
    }
    (least, most)
}

// ---------------------------------------------------------------------------------------
// Scoring a sheet.

/// A sheet's score by section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetScore {
    /// The upper section's boxes.
    pub upper: i64,
    /// The upper bonus earned.
    pub upper_bonus: i64,
    /// The lower section's boxes.
    pub lower: i64,
    /// The extra bonuses: earned when the sheet proves them, else as written.
    pub extra: i64,
    /// Everything.
    pub total: i64,
}

/// A sheet's score.
pub fn score_sheet(rules: &Ruleset, sheet: &Sheet) -> SheetScore {
    let upper = sheet.upper(rules);
    let upper_bonus = rules.upper_bonus_of(upper);
    let all: i64 = sheet.boxes.iter().flatten().map(|e| e.points).sum();
    let lower = all - upper;
    let (least, most) = extra_bounds(rules, sheet);
    let extra = if least == most { least } else { sheet.extra_claim.unwrap_or(0).clamp(least, most) };
    SheetScore { upper, upper_bonus, lower, extra, total: upper + upper_bonus + lower + extra }
}

/// A sheet's keys for ranking: its total, then its tie-breaks in order.
pub fn rank_key(rules: &Ruleset, sheet: &Sheet) -> Vec<i64> {
    let s = score_sheet(rules, sheet);
    let mut key = vec![s.total];
    for t in &rules.tie_breaks {
        key.push(match t {
            TieBreak::Upper => s.upper + s.upper_bonus,
            TieBreak::Lower => s.lower + s.extra,
            TieBreak::Box(i) => sheet.boxes[*i].as_ref().map_or(0, |e| e.points),
        });
    }
    key
}

/// `check`'s report of one sheet as messages, one a line: that it follows the rules, or
/// each violation at its place in the file, then the true score.
pub fn report(rules: &Ruleset, file: &str, source: &Source, sheet: &Sheet, violations: &[Violation]) -> Vec<Message> {
    let player = crate::escape::escape_controls(&sheet.player).into_owned();
    let file_arg = crate::escape::escape_controls(file).into_owned();
    let mut out = Vec::new();
    if violations.is_empty() {
        out.push(msg!("cli.sheets.follows", file = file_arg, player = player));
    } else {
        out.push(msg!("cli.sheets.violations", file = file_arg, player = player, n = violations.len()));
        for v in violations {
            let (line, column) = sheet.span_of(v.at).map_or((0, 0), |s| source.line_col(s.start));
            out.push(msg!(
                "games.yacht.check.line",
                place = v.place(rules),
                line = line,
                column = column,
                rule = v.rule(),
                message = v.message(rules)
            ));
        }
    }
    let s = score_sheet(rules, sheet);
    out.push(msg!(
        "games.yacht.check.score",
        total = s.total,
        upper = s.upper,
        bonus = s.upper_bonus,
        lower = s.lower,
        extra = s.extra
    ));
    out
}
