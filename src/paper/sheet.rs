//! What was read, as the sheets `check` and `score` read: a Fleet sheet (marks, fish per
//! boat, the king crab bonus) or an end-game sheet (each input's number from its digit
//! bubbles). Boxes the reader is not sure of become questions, with what the rules say
//! about them as a hint — the rules make the question better, they never answer it.

use crate::games::endgame::eval::InputValue;
use crate::games::endgame::sheet_file::EndgameSheet;
use crate::games::endgame::{EndgameRules, Shape as InputShape};
use crate::games::fleet::{FleetRules, Mark, Sheet};
use crate::games::yacht::{Entry, Ruleset, Sheet as YachtSheet};

use super::layout::{Page, Target};

/// What the rules say about a box the reader is not sure of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// Nothing in particular.
    None,
    /// The golden rule: a box after it in its section is marked, so it should be too.
    LaterMarked,
    /// The golden rule: the box before it is empty, so it should be too.
    EarlierEmpty,
    /// A fish box of a boat whose launch box is empty.
    NotLaunched,
    /// A fish box past the boat's printed capacity (an oyster boat without the license).
    PastCapacity,
    /// One of several bubbles of which only one may be marked (a digit, a bonus).
    OnlyOne,
}

/// A box to ask about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Question {
    /// The box (index into `Page::boxes`).
    pub box_index: usize,
    /// What the rules say about it.
    pub hint: Hint,
}

/// The state of a box known so far: Some(marked) when read or answered, None when unsure.
pub type Known = [Option<bool>];

fn find(page: &Page, known: &Known, target: Target) -> Option<Option<bool>> {
    page.boxes.iter().position(|b| b.target == target).map(|i| known[i])
}

/// The questions for the boxes not known, in page order, each with its hint.
pub fn fleet_questions(rules: &FleetRules, page: &Page, known: &Known) -> Vec<Question> {
    let mut out = Vec::new();
    for (i, b) in page.boxes.iter().enumerate() {
        if known[i].is_some() {
            continue;
        }
        let hint = match b.target {
            Target::Mark { section, index } if rules.sections[section].ordered() => {
                let later = (index + 1..rules.sections[section].len)
                    .any(|j| find(page, known, Target::Mark { section, index: j }) == Some(Some(true)));
                let earlier_empty =
                    index > 0 && find(page, known, Target::Mark { section, index: index - 1 }) == Some(Some(false));
                if later {
                    Hint::LaterMarked
                } else if earlier_empty {
                    Hint::EarlierEmpty
                } else {
                    Hint::None
                }
            }
            Target::Fish { section, slot, .. } if b.dashed => {
                let _ = (section, slot);
                Hint::PastCapacity
            }
            Target::Fish { section, slot, .. } => {
                let launch = crate::games::fleet::sheet::boat_slots_of(rules, section)[slot].launch_box;
                if find(page, known, Target::Mark { section, index: launch }) == Some(Some(false)) {
                    Hint::NotLaunched
                } else {
                    Hint::None
                }
            }
            Target::Bonus(_) => Hint::OnlyOne,
            _ => Hint::None,
        };
        out.push(Question { box_index: i, hint });
    }
    out
}

/// The questions for an end-game pad's boxes not known.
pub fn endgame_questions(page: &Page, known: &Known) -> Vec<Question> {
    (0..page.boxes.len())
        .filter(|i| known[*i].is_none())
        .map(|i| Question {
            box_index: i,
            hint: if matches!(page.boxes[i].target, Target::Digit { .. }) { Hint::OnlyOne } else { Hint::None },
        })
        .collect()
}

/// Why the boxes, all known, do not make a sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Conflict {
    /// More than one king crab bonus is marked.
    Bonuses,
    /// More than one digit is marked in a row of an input (its index).
    Digits(usize),
    /// More than one value (or digit in a row) is marked for a five-dice box (its index).
    Points(usize),
}

/// The Fleet sheet the boxes say (every box known).
pub fn fleet_sheet(rules: &FleetRules, page: &Page, marked: &[bool], player: &str) -> Result<Sheet, Conflict> {
    let mut sheet = Sheet::blank(rules, player);
    let mut bonus = None;
    for (b, m) in page.boxes.iter().zip(marked) {
        if !m {
            continue;
        }
        match b.target {
            Target::Mark { section, index } => sheet.boxes[section][index] = Mark::Marked,
            Target::Fish { section, slot, .. } => sheet.fish[section][slot] += 1,
            Target::Bonus(i) => {
                if bonus.is_some() {
                    return Err(Conflict::Bonuses);
                }
                bonus = Some(i);
            }
            _ => {}
        }
    }
    sheet.king_crab_bonus = bonus;
    Ok(sheet)
}

/// The end-game sheet the boxes say (every box known): each row's one marked digit (a
/// row left blank is 0), the minus sign, a list input as its items counted per value.
pub fn endgame_sheet(
    rules: &EndgameRules,
    page: &Page,
    marked: &[bool],
    player: &str,
) -> Result<EndgameSheet, Conflict> {
    let mut sheet = EndgameSheet::new(rules, player);
    for (input, spec) in rules.sheet.inputs.iter().enumerate() {
        if !super::layout::endgame_printable(spec.shape) {
            continue;
        }
        let number = |item: Option<i64>| -> Result<i64, Conflict> {
            let mut value = 0i64;
            for (b, m) in page.boxes.iter().zip(marked) {
                if let Target::Digit { input: i, item: it, place, digit } = b.target {
                    if i == input && it == item && *m {
                        let v = i64::from(digit) * 10i64.pow(place);
                        // Two digits in one row: a conflict.
                        let row_taken = page.boxes.iter().zip(marked).any(|(o, om)| {
                            *om && matches!(o.target, Target::Digit { input: oi, item: oit, place: op, digit: od }
                                if oi == input && oit == item && op == place && od < digit)
                        });
                        if row_taken {
                            return Err(Conflict::Digits(input));
                        }
                        value += v;
                    }
                }
            }
            Ok(value)
        };
        let value = match spec.shape {
            InputShape::Number { .. } => {
                let mut n = number(None)?;
                let minus = page.boxes.iter().zip(marked).any(|(b, m)| *m && b.target == Target::Minus { input });
                if minus {
                    n = -n;
                }
                InputValue::Number(n)
            }
            InputShape::List { item_min, item_max, .. } => {
                let mut items = Vec::new();
                for v in item_min..=item_max {
                    let count = number(Some(v))?;
                    items.extend(std::iter::repeat_n(v, count.clamp(0, 1000) as usize));
                }
                InputValue::List(items)
            }
        };
        sheet.values[input] = Some(value);
    }
    Ok(sheet)
}

/// The questions for a five-dice pad's boxes not known: each bubble is one of a row of
/// which only one may be marked.
pub fn yacht_questions(page: &Page, known: &Known) -> Vec<Question> {
    (0..page.boxes.len())
        .filter(|i| known[*i].is_none())
        .map(|i| Question { box_index: i, hint: Hint::OnlyOne })
        .collect()
}

/// The five-dice sheet the bubbles say (every bubble known): each box's one value, or its
/// tens and ones (a box with nothing marked is not filled), and the bonuses written.
pub fn yacht_sheet(rules: &Ruleset, page: &Page, marked: &[bool], player: &str) -> Result<YachtSheet, Conflict> {
    let mut sheet = YachtSheet::new(rules, player);
    // Per box: its value, or its tens and ones so far.
    let mut value: Vec<Option<i64>> = vec![None; rules.boxes.len()];
    let mut digits: Vec<[Option<i64>; 2]> = vec![[None, None]; rules.boxes.len()];
    let (mut upper, mut extra) = (None, None);
    for (b, m) in page.boxes.iter().zip(marked) {
        if !m {
            continue;
        }
        let once = |slot: &mut Option<i64>, v: i64, c: Conflict| -> Result<(), Conflict> {
            if slot.replace(v).is_some() {
                return Err(c);
            }
            Ok(())
        };
        match b.target {
            Target::Points { category, value: v } => once(&mut value[category], v, Conflict::Points(category))?,
            Target::PointsDigit { category, place, digit } => once(
                &mut digits[category][place.min(1) as usize],
                i64::from(digit) * 10i64.pow(place),
                Conflict::Points(category),
            )?,
            Target::UpperBonus { value: v } => once(&mut upper, v, Conflict::Bonuses)?,
            Target::ExtraBonus { count } => once(&mut extra, i64::from(count) * rules.extra_bonus, Conflict::Bonuses)?,
            _ => {}
        }
    }
    for (i, d) in digits.iter().enumerate() {
        if d.iter().any(Option::is_some) {
            if value[i].is_some() {
                return Err(Conflict::Points(i));
            }
            value[i] = Some(d.iter().flatten().sum());
        }
    }
    for (i, v) in value.into_iter().enumerate() {
        sheet.boxes[i] = v.map(|points| Entry { points, dice: None, turn: None });
    }
    sheet.upper_claim = upper;
    sheet.extra_claim = extra;
    Ok(sheet)
}

/// Which bubbles of a five-dice page say a sheet: each filled box's value (or its tens, when
/// any, and its ones), and the bonuses the sheet claims.
pub fn yacht_truth(rules: &Ruleset, page: &Page, sheet: &YachtSheet) -> Vec<bool> {
    let points = |c: usize| sheet.boxes.get(c).and_then(|e| e.as_ref()).map(|e| e.points);
    page.boxes
        .iter()
        .map(|b| match b.target {
            Target::Points { category, value } => points(category) == Some(value),
            Target::PointsDigit { category, place: 0, digit } => {
                points(category).is_some_and(|p| p % 10 == i64::from(digit))
            }
            Target::PointsDigit { category, digit, .. } => points(category).is_some_and(|p| p / 10 == i64::from(digit)),
            Target::UpperBonus { value } => sheet.upper_claim == Some(value),
            Target::ExtraBonus { count } => sheet.extra_claim == Some(i64::from(count) * rules.extra_bonus),
            _ => false,
        })
        .collect()
}

/// Which boxes of a Fleet page say a sheet: the truth a benchmark marks (its marks, a
/// fish box per fish from the left, the bonus bubble).
pub fn fleet_truth(rules: &FleetRules, page: &Page, sheet: &Sheet) -> Vec<bool> {
    page.boxes
        .iter()
        .map(|b| match b.target {
            Target::Mark { section, index } => sheet.boxes[section][index] == Mark::Marked,
            Target::Fish { section, slot, n } => (n as u32) < sheet.fish[section][slot],
            Target::Bonus(i) => sheet.king_crab_bonus == Some(i),
            _ => {
                let _ = rules;
                false
            }
        })
        .collect()
}

/// Which boxes of an end-game page say these input values.
pub fn endgame_truth(rules: &EndgameRules, page: &Page, values: &[InputValue]) -> Vec<bool> {
    page.boxes
        .iter()
        .map(|b| match b.target {
            Target::Digit { input, item, place, digit } => {
                let n = match (&values[input], item) {
                    (InputValue::Number(n), None) => n.abs(),
                    (InputValue::List(l), Some(v)) => l.iter().filter(|x| **x == v).count() as i64,
                    _ => 0,
                };
                let d = (n / 10i64.pow(place)) % 10;
                // Leading zeros are left blank, as a person would.
                d == i64::from(digit) && (n >= 10i64.pow(place) || place == 0)
            }
            Target::Minus { input } => matches!(values[input], InputValue::Number(n) if n < 0),
            _ => {
                let _ = rules;
                false
            }
        })
        .collect()
}
