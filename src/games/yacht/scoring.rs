//! The scoring kinds of a box and a roll scored in a box, by a ruleset (offers, joker,
//! extra bonus).

use std::collections::BTreeSet;

use super::*;
use crate::games::names::Names;
use crate::message::Message;
use crate::msg;

// ---------------------------------------------------------------------------------------
// The model.

/// What a box scores, of the dice that fit it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// The sum of all five dice.
    All,
    /// The sum of the dice that make the pattern (the n of a kind, the pairs).
    Counted,
    /// A fixed number of points.
    Points(i64),
}

/// The run of faces a straight needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Run {
    /// Any `n` consecutive faces.
    Length(u8),
    /// Exactly these faces (a bit per face, bit f for face f).
    Faces(u8),
}

/// The closed vocabulary of scoring kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The sum of the dice showing `face` (the upper section).
    Face(u8),
    /// At least `count` dice of one face.
    OfAKind {
        /// How many of one face.
        count: u8,
        /// What it scores.
        score: Score,
    },
    /// Three of one face and two of another (a five of a kind too, if `five_counts`).
    FullHouse {
        /// What it scores.
        score: Score,
        /// A five of a kind is a full house too.
        five_counts: bool,
    },
    /// A straight.
    Straight {
        /// The faces it needs.
        run: Run,
        /// What it scores.
        score: Score,
    },
    /// One pair (the highest) or two pairs of different faces: the dice that make them.
    Pairs(u8),
    /// Any dice: their sum.
    Chance,
    /// All five dice alike: the box the joker rule and the extra bonus refer to.
    FiveOfAKind {
        /// Its points.
        points: i64,
    },
}

impl Kind {
    /// Points of `roll` in a box of this kind.
    pub fn score(&self, roll: &Roll) -> i64 {
        let c = counts(roll);
        let sum: i64 = roll.iter().map(|d| i64::from(*d)).sum();
        let scored = |score: Score, counted: i64| match score {
            Score::All => sum,
            Score::Counted => counted,
            Score::Points(p) => p,
        };
        match *self {
            Kind::Face(f) => i64::from(c[usize::from(f)]) * i64::from(f),
            Kind::OfAKind { count, score } => match (1..=6u8).rev().find(|f| c[usize::from(*f)] >= count) {
                Some(f) => scored(score, i64::from(f) * i64::from(count)),
                None => 0,
            },
            Kind::FullHouse { score, five_counts } => {
                let three = c.contains(&3);
                let two = c.contains(&2);
                if (three && two) || (five_counts && c.contains(&5)) {
                    scored(score, sum)
                } else {
                    0
                }
            }
            Kind::Straight { run, score } => {
                let present: u8 = (1..=6u8).filter(|f| c[usize::from(*f)] > 0).fold(0, |m, f| m | (1 << f));
                let fits = match run {
                    Run::Faces(need) => present & need == need,
                    Run::Length(n) => (1..=7 - n).any(|lo| {
                        let need = (lo..lo + n).fold(0u8, |m, f| m | (1 << f));
                        present & need == need
                    }),
                };
                if fits {
                    scored(score, sum)
                } else {
                    0
                }
            }
            Kind::Pairs(n) => {
                let faces: Vec<i64> = (1..=6u8).rev().filter(|f| c[usize::from(*f)] >= 2).map(i64::from).collect();
                if faces.len() >= usize::from(n) {
                    faces.iter().take(usize::from(n)).map(|f| 2 * f).sum()
                } else {
                    0
                }
            }
            Kind::Chance => sum,
            Kind::FiveOfAKind { points } => {
                if five_face(roll).is_some() {
                    points
                } else {
                    0
                }
            }
        }
    }

    /// Points of a five of a kind used as a joker in a box of this kind: a full house or a
    /// straight at full value, any other box as its dice score there.
    pub fn joker_score(&self, roll: &Roll) -> i64 {
        let sum: i64 = roll.iter().map(|d| i64::from(*d)).sum();
        match *self {
            Kind::FullHouse { score, .. } | Kind::Straight { score, .. } => match score {
                Score::Points(p) => p,
                Score::All | Score::Counted => sum,
            },
            _ => self.score(roll),
        }
    }

    /// A box of the upper section (face sums count toward the upper bonus).
    pub fn upper(&self) -> bool {
        matches!(self, Kind::Face(_))
    }

    /// What a box of this kind needs and scores, as a message for the text layer.
    pub fn describe(&self) -> Message {
        let score = |s: Score| match s {
            Score::All => msg!("games.yacht.score.all"),
            Score::Counted => msg!("games.yacht.score.counted"),
            Score::Points(p) => msg!("games.yacht.score.points", points = p),
        };
        match *self {
            Kind::Face(f) => msg!("games.yacht.kind.face", face = f),
            Kind::OfAKind { count, score: s } => msg!("games.yacht.kind.of_a_kind", count = count, score = score(s)),
            Kind::FullHouse { score: s, five_counts: false } => msg!("games.yacht.kind.full_house", score = score(s)),
            Kind::FullHouse { score: s, five_counts: true } => {
                msg!("games.yacht.kind.full_house_five", score = score(s))
            }
            Kind::Straight { run: Run::Length(n), score: s } => {
                msg!("games.yacht.kind.straight_length", n = n, score = score(s))
            }
            Kind::Straight { run: Run::Faces(mask), score: s } => {
                let faces: Vec<String> = (1..=6u8).filter(|f| mask & (1 << f) != 0).map(|f| f.to_string()).collect();
                msg!("games.yacht.kind.straight_faces", faces = faces.join("-"), score = score(s))
            }
            Kind::Pairs(1) => msg!("games.yacht.kind.one_pair"),
            Kind::Pairs(_) => msg!("games.yacht.kind.two_pairs"),
            Kind::Chance => msg!("games.yacht.kind.chance"),
            Kind::FiveOfAKind { points } => msg!("games.yacht.kind.five", points = points),
        }
    }
}

/// One box of a sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    /// Its id in the rules, sheet files and saves (`full_house`).
    pub id: String,
    /// What players call it.
    pub name: Names,
    /// How it scores.
    pub kind: Kind,
}

/// When a further five of a kind earns the extra bonus: what the five-of-a-kind box must hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Its points (not a zero).
    Points,
    /// Any entry, a zero too.
    Entry,
}

/// Which box a further five of a kind must go into to earn the extra bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Where {
    /// Any box.
    Any,
    /// Its own upper box only.
    Upper,
}

/// The joker rule: where a further five of a kind (the five-of-a-kind box filled) may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Joker {
    /// The matching upper box if open; else any open lower box at full value; else a zero
    /// in an open upper box.
    ForcedUpper,
    /// Any open box; lower boxes at full value.
    Free,
    /// Any open box; a full house or a straight takes it at full value only when its
    /// upper box is filled (the convention of Verhoeff's optimal solitaire player).
    UpperFilled,
    /// No joker: it scores where its dice fit, like any roll.
    None,
}

/// What breaks a tie of totals, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreak {
    /// The upper section with its bonus.
    Upper,
    /// The lower section with the extra bonuses.
    Lower,
    /// One box (index into the ruleset's boxes).
    Box(usize),
}

/// The highest upper threshold (the solver keeps the upper total in 64 steps).
pub const MAX_THRESHOLD: i64 = 63;

impl Ruleset {
    /// The box with this id.
    pub fn box_index(&self, id: &str) -> Option<usize> {
        self.boxes.iter().position(|c| c.id == id)
    }

    /// The upper box of a face.
    pub fn upper_of(&self, face: u8) -> Option<usize> {
        self.boxes.iter().position(|c| c.kind == Kind::Face(face))
    }

    /// Every box's points for `roll` where the sheet holds `filled` (a bit per box) and the
    /// five-of-a-kind box holds `five_points` (its points, not a zero): the boxes this roll
    /// may go into (the joker rule applied), with what each scores.
    pub fn offers(&self, filled: u32, five_points: bool, roll: &Roll) -> Vec<Offer> {
        let open = |i: usize| filled & (1 << i) == 0;
        let joker = self.joker_applies(filled, roll);
        let face = five_face(roll);
        let allowed: Vec<usize> = match (joker, face) {
            (true, Some(f)) if self.joker == Joker::ForcedUpper => {
                let upper = self.upper_of(f).filter(|u| open(*u));
                let lower: Vec<usize> =
                    (0..self.boxes.len()).filter(|i| open(*i) && !self.boxes[*i].kind.upper()).collect();
                match upper {
                    Some(u) => vec![u],
                    None if !lower.is_empty() => lower,
                    None => (0..self.boxes.len()).filter(|i| open(*i)).collect(),
                }
            }
            _ => (0..self.boxes.len()).filter(|i| open(*i)).collect(),
        };
        // Lower boxes take the joker at full value (under `UpperFilled` only with its upper
        // box filled).
        let full_value = joker
            && match (self.joker, face) {
                (Joker::UpperFilled, Some(f)) => self.upper_of(f).is_none_or(|u| !open(u)),
                _ => true,
            };
        allowed
            .into_iter()
            .map(|i| {
                let kind = &self.boxes[i].kind;
                let points = if full_value && !kind.upper() { kind.joker_score(roll) } else { kind.score(roll) };
                Offer {
                    box_index: i,
                    points,
                    joker: joker && points != kind.score(roll),
                    extra: self.extra(filled, five_points, roll, i),
                }
            })
            .collect()
    }

    /// The joker rule applies to this roll: a five of a kind with the five-of-a-kind box
    /// filled.
    pub fn joker_applies(&self, filled: u32, roll: &Roll) -> bool {
        self.joker != Joker::None && five_face(roll).is_some() && self.five_box.is_some_and(|b| filled & (1 << b) != 0)
    }

    /// The extra bonus this roll earns in box `i`.
    pub fn extra(&self, filled: u32, five_points: bool, roll: &Roll, i: usize) -> i64 {
        let Some(f) = five_face(roll) else { return 0 };
        let Some(five) = self.five_box else { return 0 };
        let holds = match self.extra_needs {
            Needs::Points => five_points,
            Needs::Entry => true,
        };
        let place = match self.extra_where {
            Where::Any => true,
            Where::Upper => self.upper_of(f) == Some(i),
        };
        if self.extra_bonus > 0 && filled & (1 << five) != 0 && i != five && holds && place {
            self.extra_bonus
        } else {
            0
        }
    }

    /// The ruleset's bonuses and joker rule, one message each (none where it has none).
    pub fn describe(&self) -> Vec<Message> {
        let mut out = Vec::new();
        if self.upper_bonus > 0 {
            out.push(msg!("games.yacht.rule.upper_bonus", points = self.upper_bonus, threshold = self.upper_threshold));
        }
        if self.extra_bonus > 0 {
            let needs = match self.extra_needs {
                Needs::Points => msg!("games.yacht.rule.needs_points"),
                Needs::Entry => msg!("games.yacht.rule.needs_entry"),
            };
            let place = match self.extra_where {
                Where::Any => msg!("games.yacht.rule.where_any"),
                Where::Upper => msg!("games.yacht.rule.where_upper"),
            };
            out.push(msg!("games.yacht.rule.extra_bonus", points = self.extra_bonus, needs = needs, place = place));
        }
        out.push(match self.joker {
            Joker::ForcedUpper => msg!("games.yacht.rule.joker_forced"),
            Joker::Free => msg!("games.yacht.rule.joker_free"),
            Joker::UpperFilled => msg!("games.yacht.rule.joker_upper_filled"),
            Joker::None => msg!("games.yacht.rule.joker_none"),
        });
        out
    }

    /// The upper bonus of an upper-section total.
    pub fn upper_bonus_of(&self, upper: i64) -> i64 {
        if self.upper_bonus > 0 && upper >= self.upper_threshold {
            self.upper_bonus
        } else {
            0
        }
    }

    /// Every number of points a box can hold: what any roll scores there, and what a five
    /// of a kind scores there as a joker.
    pub fn possible(&self, i: usize) -> BTreeSet<i64> {
        let kind = &self.boxes[i].kind;
        let mut out = BTreeSet::new();
        for roll in all_rolls() {
            out.insert(kind.score(&roll));
            if self.joker != Joker::None && five_face(&roll).is_some() && !kind.upper() && Some(i) != self.five_box {
                out.insert(kind.joker_score(&roll));
            }
        }
        out
    }
}

/// A box a roll may go into, and what it scores there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Offer {
    /// The box (index into the ruleset's boxes).
    pub box_index: usize,
    /// The points written in the box.
    pub points: i64,
    /// Scored as a joker (at full value though its dice do not make the pattern).
    pub joker: bool,
    /// The extra bonus it earns besides.
    pub extra: i64,
}

/// The 252 sorted rolls of five dice.
pub fn all_rolls() -> Vec<Roll> {
    let mut out = Vec::with_capacity(252);
    for a in 1..=6 {
        for b in a..=6 {
            for c in b..=6 {
                for d in c..=6 {
                    for e in d..=6 {
                        out.push([a, b, c, d, e]);
                    }
                }
            }
        }
    }
    out
}
