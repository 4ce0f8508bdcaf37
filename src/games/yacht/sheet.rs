//! One player's sheet and its file.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;

use super::*;
use crate::games::paper::{parse_sheet_file, sheet_game_and_player};
use crate::message::Message;
use crate::msg;
use crate::source::spanned::Spanned;
use crate::source::{either, similar, Diagnosed, Diagnostic, Source};

// ---------------------------------------------------------------------------------------
// The sheet.

/// What one box holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The points written.
    pub points: i64,
    /// The dice it was scored with, when known (a live game records them).
    pub dice: Option<Roll>,
    /// The turn (1-based) it was scored in, when known.
    pub turn: Option<u32>,
}

/// One player's sheet: what each box holds, and the bonuses the player wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    /// The player.
    pub player: String,
    /// One per box of the ruleset.
    pub boxes: Vec<Option<Entry>>,
    /// The upper bonus written, if any.
    pub upper_claim: Option<i64>,
    /// The extra bonuses written (all together), if any.
    pub extra_claim: Option<i64>,
    /// Where each box's value is in its file.
    spans: Vec<Option<Range<usize>>>,
    bonus_spans: [Option<Range<usize>>; 2],
    player_span: Option<Range<usize>>,
}

impl Sheet {
    /// An empty sheet for the ruleset.
    pub fn new(rules: &Ruleset, player: &str) -> Sheet {
        Sheet {
            player: player.to_string(),
            boxes: vec![None; rules.boxes.len()],
            upper_claim: None,
            extra_claim: None,
            spans: vec![None; rules.boxes.len()],
            bonus_spans: [None, None],
            player_span: None,
        }
    }

    /// The boxes filled, a bit each.
    pub fn filled(&self) -> u32 {
        self.boxes.iter().enumerate().filter(|(_, e)| e.is_some()).fold(0, |m, (i, _)| m | (1 << i))
    }

    /// The five-of-a-kind box holds its points (not a zero).
    pub fn five_points(&self, rules: &Ruleset) -> bool {
        match rules.five_box.and_then(|b| self.boxes[b].as_ref()) {
            Some(e) => {
                matches!(rules.boxes[rules.five_box.unwrap_or(0)].kind, Kind::FiveOfAKind { points } if e.points == points && points > 0)
            }
            None => false,
        }
    }

    /// The upper section's points (before its bonus).
    pub fn upper(&self, rules: &Ruleset) -> i64 {
        self.boxes
            .iter()
            .zip(&rules.boxes)
            .filter(|(_, c)| c.kind.upper())
            .filter_map(|(e, _)| e.as_ref())
            .map(|e| e.points)
            .sum()
    }

    /// Where a violation is in the sheet's file: the box, a bonus, or the player.
    pub fn span_of(&self, at: At) -> Option<Range<usize>> {
        match at {
            At::Box(i) => self.spans.get(i).cloned().flatten(),
            At::UpperBonus => self.bonus_spans[0].clone(),
            At::ExtraBonus => self.bonus_spans[1].clone(),
            At::Sheet => None,
        }
        .or_else(|| self.player_span.clone())
    }
}

/// Where on a sheet a violation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    /// A box (index into the ruleset's boxes).
    Box(usize),
    /// The upper bonus written.
    UpperBonus,
    /// The extra bonuses written.
    ExtraBonus,
    /// The sheet as a whole.
    Sheet,
}

// ---------------------------------------------------------------------------------------
// Sheet files.

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSheet {
    game: Option<Spanned<String>>,
    player: Option<Spanned<String>>,
    #[serde(default)]
    options: Option<Spanned<Vec<String>>>,
    #[serde(default)]
    boxes: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
    #[serde(default)]
    bonus: Option<RawBonus>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBonus {
    upper: Option<Spanned<i64>>,
    extra: Option<Spanned<i64>>,
}

/// A sheet file read: its ruleset (the options it names) and its sheet.
#[derive(Debug, Clone)]
pub struct SheetFile {
    /// The rules the sheet was played by.
    pub ruleset: Ruleset,
    /// The sheet.
    pub sheet: Sheet,
}

/// Parse a sheet file of this game:
///
/// ```toml
/// game = "yacht"
/// player = "Ann"
/// options = ["free_joker"]          # optional
/// [boxes]
/// threes = 9
/// full_house = { points = 25, dice = [2, 2, 5, 5, 5], turn = 4 }   # dice and turn optional
/// [bonus]                           # optional: what the player wrote
/// upper = 35
/// extra = 100
/// ```
///
/// Every problem is reported at once, each at its line and column (`Diagnosed`).
pub fn parse_sheet(rules: &YachtRules, source: &Source) -> Result<SheetFile, Diagnosed> {
    let fail = |diags: Vec<Diagnostic>| Diagnosed::new(source, diags);
    let empty_help = msg!("games.sheet.empty_help", id = &rules.id);
    let raw: RawSheet = parse_sheet_file(source, empty_help, Some(msg!("games.yacht.sheet.fields")))?;
    let mut diags = Vec::new();
    let player = sheet_game_and_player(&rules.id, raw.game.as_ref(), raw.player.as_ref(), &mut diags);
    let options: Vec<String> = raw.options.as_ref().map(|o| o.get_ref().clone()).unwrap_or_default();
    let ruleset = match rules.ruleset(&options) {
        Ok(r) => r,
        Err(p) => {
            let at = raw.options.as_ref().map(|o| o.span());
            diags.push(Diagnostic::new(p.message(), at));
            return Err(fail(diags));
        }
    };
    let mut sheet = Sheet::new(&ruleset, &player);
    sheet.player_span = raw.player.as_ref().map(|p| p.span());
    let turns = ruleset.boxes.len() as i64;
    for (key, value) in &raw.boxes {
        let Some(i) = ruleset.box_index(key.get_ref()) else {
            let ids: Vec<&str> = ruleset.boxes.iter().map(|c| c.id.as_str()).collect();
            let mut close: Vec<&str> = ids.iter().copied().filter(|x| similar(x, key.get_ref())).collect();
            close.truncate(3);
            let help = if close.is_empty() {
                msg!("games.yacht.sheet.boxes_are", list = ids.join(", "))
            } else {
                msg!("cli.sheet_file.did_you_mean", list = either(&close, msg!("cli.sheet_file.or")))
            };
            diags.push(
                Diagnostic::new(msg!("games.yacht.sheet.unknown_box", id = key.get_ref()), Some(key.span())).help(help),
            );
            continue;
        };
        let span = value.span();
        let bad = |what: Message| {
            Diagnostic::new(msg!("games.yacht.sheet.bad_box", id = key.get_ref(), what = what), Some(span.clone()))
                .help(msg!("games.yacht.sheet.write_box", id = key.get_ref()))
        };
        let entry = match value.get_ref() {
            toml::Value::Integer(n) => Some(Entry { points: *n, dice: None, turn: None }),
            toml::Value::Table(t) => {
                let mut e = Entry { points: 0, dice: None, turn: None };
                let mut good = true;
                for (k, v) in t {
                    match (k.as_str(), v) {
                        ("points", toml::Value::Integer(n)) => e.points = *n,
                        ("turn", toml::Value::Integer(n)) if (1..=turns).contains(n) => e.turn = Some(*n as u32),
                        ("turn", _) => {
                            diags.push(bad(msg!("games.yacht.sheet.turn", n = turns)));
                            good = false;
                        }
                        ("dice", toml::Value::Array(items)) => {
                            let faces: Vec<u8> = items
                                .iter()
                                .filter_map(|v| v.as_integer())
                                .filter_map(|n| u8::try_from(n).ok())
                                .collect();
                            match roll_of(&faces).filter(|_| faces.len() == items.len()) {
                                Some(r) => e.dice = Some(r),
                                None => {
                                    diags.push(bad(msg!("games.yacht.sheet.dice")));
                                    good = false;
                                }
                            }
                        }
                        ("dice", _) => {
                            diags.push(bad(msg!("games.yacht.sheet.dice")));
                            good = false;
                        }
                        ("points", _) => {
                            diags.push(bad(msg!("games.sheet.must_be_whole")));
                            good = false;
                        }
                        (other, _) => {
                            diags.push(bad(msg!("games.yacht.sheet.box_key", key = other)));
                            good = false;
                        }
                    }
                }
                if !t.contains_key("points") {
                    diags.push(bad(msg!("games.yacht.sheet.no_points")));
                    good = false;
                }
                good.then_some(e)
            }
            toml::Value::Float(_) => {
                diags.push(bad(msg!("games.sheet.whole_numbers")));
                None
            }
            toml::Value::String(s) if s.trim().parse::<i64>().is_ok() => {
                diags.push(bad(msg!("games.sheet.quoted")));
                None
            }
            _ => {
                diags.push(bad(msg!("games.sheet.must_be_whole")));
                None
            }
        };
        if let Some(e) = entry {
            if !(0..=10_000).contains(&e.points) {
                diags.push(bad(msg!("games.yacht.sheet.points_range")));
            }
            sheet.boxes[i] = Some(e);
        }
        sheet.spans[i] = Some(span);
    }
    if let Some(b) = &raw.bonus {
        for (k, (v, claim)) in
            [(&b.upper, &mut sheet.upper_claim), (&b.extra, &mut sheet.extra_claim)].into_iter().enumerate()
        {
            if let Some(v) = v {
                if (0..=100_000).contains(v.get_ref()) {
                    *claim = Some(*v.get_ref());
                } else {
                    diags.push(Diagnostic::new(msg!("games.yacht.sheet.points_range"), Some(v.span())));
                }
                sheet.bonus_spans[k] = Some(v.span());
            }
        }
    }
    if diags.is_empty() {
        Ok(SheetFile { ruleset, sheet })
    } else {
        Err(fail(diags))
    }
}

/// A sheet as a sheet file (what `parse_sheet` reads back): every box filled, with its dice
/// and turn when known, and the bonuses the player wrote (a scanned pad's), else those it
/// earned.
pub fn write_sheet(game: &str, rules: &Ruleset, sheet: &Sheet) -> String {
    use std::fmt::Write as _;
    let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
    let mut out = format!("game = {}\nplayer = {}\n", quote(game), quote(&sheet.player));
    if !rules.options.is_empty() {
        let list: Vec<String> = rules.options.iter().map(|o| quote(o)).collect();
        let _ = writeln!(out, "options = [{}]", list.join(", "));
    }
    out.push_str("\n[boxes]\n");
    for (c, e) in rules.boxes.iter().zip(&sheet.boxes) {
        let Some(e) = e else { continue };
        match (e.dice, e.turn) {
            (None, None) => {
                let _ = writeln!(out, "{} = {}", c.id, e.points);
            }
            _ => {
                let mut parts = vec![format!("points = {}", e.points)];
                if let Some(d) = e.dice {
                    let faces: Vec<String> = d.iter().map(u8::to_string).collect();
                    parts.push(format!("dice = [{}]", faces.join(", ")));
                }
                if let Some(t) = e.turn {
                    parts.push(format!("turn = {t}"));
                }
                let _ = writeln!(out, "{} = {{ {} }}", c.id, parts.join(", "));
            }
        }
    }
    // What the player wrote (a scanned pad), else what the sheet earned.
    let s = score_sheet(rules, sheet);
    let upper = sheet.upper_claim.or((s.upper_bonus > 0).then_some(s.upper_bonus));
    let extra = sheet.extra_claim.or((s.extra > 0).then_some(s.extra));
    if upper.is_some() || extra.is_some() {
        out.push_str("\n[bonus]\n");
        if let Some(u) = upper {
            let _ = writeln!(out, "upper = {u}");
        }
        if let Some(e) = extra {
            let _ = writeln!(out, "extra = {e}");
        }
    }
    out
}

pub use check::*;
pub use paper::*;

mod check {
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
    pub fn report(
        rules: &Ruleset,
        file: &str,
        source: &Source,
        sheet: &Sheet,
        violations: &[Violation],
    ) -> Vec<Message> {
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
}

mod paper {
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
        fn category(&self, id: &str) -> Option<Message> {
            CATEGORIES.contains(&id).then(|| category_label(id))
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
                None => {
                    msg!("games.yacht.card.title", game = &self.name, min = self.min_players, max = self.max_players)
                }
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
                    return Err(Unread::Together(msg!(
                        "cli.sheets.same_player",
                        file = file,
                        player = &f.sheet.player
                    )));
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
}
