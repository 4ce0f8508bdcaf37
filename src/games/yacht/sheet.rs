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
