//! The five-dice game of the Yacht family (`rules/yacht.toml`): five six-sided dice, up to
//! three rolls a turn keeping any dice, then one box of the sheet scored.
//!
//! Rules are data: every box is one scoring kind of a closed vocabulary (`Kind`: face
//! sums, n of a kind, full house, straights by length or by faces, pairs, chance, five of
//! a kind) parameterised in TOML, with the upper bonus, the extra five-of-a-kind bonus and
//! the joker rule as keys of `[rules]`; other families are named `[options.<id>]` overlays
//! (`YachtRules::ruleset` applies them). The modules, by concern: `scoring` the scoring
//! kinds and a roll in a box, `rules` the rules file (schema, compile with diagnostics,
//! the ruleset options make), `sheet` the sheet and its file, `check` (every violation a
//! typed value) and `score`, `paper` what the rules say of themselves to the commands;
//! `live.rs` is the game played live and `solver.rs` the exact solitaire solver. Four
//! files (issue 31 counts a new game's files): `scoring` and `rules` are modules of this
//! file, `check` and `paper` of `sheet.rs`.

pub mod live;
mod sheet;
pub mod solver;

#[cfg(test)]
mod tests;

pub use rules::*;
pub use scoring::*;
pub use sheet::*;

/// Dice rolled.
pub const DICE: usize = 5;
/// Faces of a die (1 to 6).
pub const FACES: u8 = 6;
/// Rolls a turn at most.
pub const ROLLS: u8 = 3;
/// The most boxes a sheet may have (the solver's table is indexed by the open boxes).
pub const MAX_BOXES: usize = 16;

/// Five dice, sorted ascending (the order the dice lie in does not matter).
pub type Roll = [u8; DICE];

/// How many dice show each face: `counts(r)[f]` for f in 1..=6 (index 0 unused).
pub fn counts(dice: &[u8]) -> [u8; 7] {
    let mut c = [0u8; 7];
    for &d in dice {
        c[usize::from(d.min(6))] += 1;
    }
    c
}

/// Five dice as a sorted roll, when they are five faces 1 to 6.
pub fn roll_of(dice: &[u8]) -> Option<Roll> {
    let mut r: Roll = dice.try_into().ok()?;
    if r.iter().any(|d| !(1..=FACES).contains(d)) {
        return None;
    }
    r.sort_unstable();
    Some(r)
}

/// The face of a five of a kind.
pub fn five_face(roll: &Roll) -> Option<u8> {
    (roll[0] == roll[4]).then_some(roll[0])
}

mod scoring {
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
                Kind::OfAKind { count, score: s } => {
                    msg!("games.yacht.kind.of_a_kind", count = count, score = score(s))
                }
                Kind::FullHouse { score: s, five_counts: false } => {
                    msg!("games.yacht.kind.full_house", score = score(s))
                }
                Kind::FullHouse { score: s, five_counts: true } => {
                    msg!("games.yacht.kind.full_house_five", score = score(s))
                }
                Kind::Straight { run: Run::Length(n), score: s } => {
                    msg!("games.yacht.kind.straight_length", n = n, score = score(s))
                }
                Kind::Straight { run: Run::Faces(mask), score: s } => {
                    let faces: Vec<String> =
                        (1..=6u8).filter(|f| mask & (1 << f) != 0).map(|f| f.to_string()).collect();
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
            self.joker != Joker::None
                && five_face(roll).is_some()
                && self.five_box.is_some_and(|b| filled & (1 << b) != 0)
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
                out.push(msg!(
                    "games.yacht.rule.upper_bonus",
                    points = self.upper_bonus,
                    threshold = self.upper_threshold
                ));
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
                if self.joker != Joker::None && five_face(&roll).is_some() && !kind.upper() && Some(i) != self.five_box
                {
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
}

mod rules {
    //! The rules file: as written (`raw`), compiled with diagnostics, and the ruleset a game's
    //! options make of it.

    use std::collections::{BTreeMap, BTreeSet};
    use std::ops::Range;

    use serde::Deserialize;

    use super::*;
    use crate::games::names::{CardFile, CardLines, Names, Text};
    use crate::message::{Arg, Message};
    use crate::msg;
    use crate::source::de as tomlde;
    use crate::source::spanned::Spanned;
    use crate::source::{either, similar, Diagnostic, Source};

    // ---------------------------------------------------------------------------------------
    // The rules file as written.

    mod raw {
        use super::*;

        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct File {
            pub game: Game,
            pub rules: Overlay,
            #[serde(default)]
            pub category: Vec<Category>,
            #[serde(default)]
            pub options: BTreeMap<Spanned<String>, Opt>,
            #[serde(default)]
            pub card: CardFile,
        }

        // The `[game]` header has the same shape as in every other rules file.
        pub use crate::games::endgame::schema::Game;

        #[derive(Debug, Deserialize, Default)]
        #[serde(deny_unknown_fields)]
        pub struct Overlay {
            pub boxes: Option<Spanned<Vec<String>>>,
            pub upper_threshold: Option<Spanned<i64>>,
            pub upper_bonus: Option<Spanned<i64>>,
            pub extra_bonus: Option<Spanned<i64>>,
            pub extra_bonus_needs: Option<Spanned<String>>,
            pub extra_bonus_where: Option<Spanned<String>>,
            pub joker: Option<Spanned<String>>,
            pub tie_breaks: Option<Spanned<Vec<String>>>,
        }

        /// An option: its name and help, the keys of `[rules]` it replaces, its own boxes.
        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct Opt {
            pub name: Names,
            #[serde(default)]
            pub help: Option<Text>,
            pub boxes: Option<Spanned<Vec<String>>>,
            pub upper_threshold: Option<Spanned<i64>>,
            pub upper_bonus: Option<Spanned<i64>>,
            pub extra_bonus: Option<Spanned<i64>>,
            pub extra_bonus_needs: Option<Spanned<String>>,
            pub extra_bonus_where: Option<Spanned<String>>,
            pub joker: Option<Spanned<String>>,
            pub tie_breaks: Option<Spanned<Vec<String>>>,
            #[serde(default)]
            pub category: Vec<Category>,
        }

        impl Opt {
            pub fn overlay(&self) -> Overlay {
                Overlay {
                    boxes: self.boxes.clone(),
                    upper_threshold: self.upper_threshold.clone(),
                    upper_bonus: self.upper_bonus.clone(),
                    extra_bonus: self.extra_bonus.clone(),
                    extra_bonus_needs: self.extra_bonus_needs.clone(),
                    extra_bonus_where: self.extra_bonus_where.clone(),
                    joker: self.joker.clone(),
                    tie_breaks: self.tie_breaks.clone(),
                }
            }
        }

        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct Category {
            pub id: Spanned<String>,
            pub name: Names,
            pub kind: Spanned<String>,
            pub face: Option<Spanned<i64>>,
            pub count: Option<Spanned<i64>>,
            pub score: Option<Spanned<String>>,
            pub points: Option<Spanned<i64>>,
            pub length: Option<Spanned<i64>>,
            pub faces: Option<Spanned<Vec<i64>>>,
            pub pairs: Option<Spanned<i64>>,
            pub five_counts: Option<Spanned<bool>>,
        }
    }

    /// The rules one game is played by: `[rules]` with the options chosen applied.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Ruleset {
        /// The options applied, in order.
        pub options: Vec<String>,
        /// The boxes of the sheet, in order.
        pub boxes: Vec<Category>,
        /// Upper-section points that earn the upper bonus.
        pub upper_threshold: i64,
        /// The upper bonus (0: none).
        pub upper_bonus: i64,
        /// The extra bonus for each further five of a kind (0: none).
        pub extra_bonus: i64,
        /// What the five-of-a-kind box must hold for the extra bonus.
        pub extra_needs: Needs,
        /// Where a further five of a kind earns it.
        pub extra_where: Where,
        /// The joker rule.
        pub joker: Joker,
        /// Tie-breaks of equal totals, in order (none: a tie shares the place).
        pub tie_breaks: Vec<TieBreak>,
        /// The five-of-a-kind box, if the sheet has one.
        pub five_box: Option<usize>,
    }

    /// A named option of the rules file.
    #[derive(Debug, Clone)]
    pub struct GameOption {
        /// Its id (`classic`), as `--option` and saves name it.
        pub id: String,
        /// Its name in every language.
        pub name: Names,
        /// What it changes, in every language.
        pub help: Option<Names>,
        overlay: Overlay,
        categories: Vec<Category>,
    }

    /// Keys of `[rules]` as an option gives them (None: not given).
    #[derive(Debug, Clone, Default)]
    struct Overlay {
        boxes: Option<Vec<String>>,
        upper_threshold: Option<i64>,
        upper_bonus: Option<i64>,
        extra_bonus: Option<i64>,
        extra_needs: Option<Needs>,
        extra_where: Option<Where>,
        joker: Option<Joker>,
        tie_breaks: Option<Vec<String>>,
    }

    impl Overlay {
        /// The keys it gives, by their name in the file.
        fn keys(&self) -> Vec<&'static str> {
            let mut keys = Vec::new();
            let given = [
                ("boxes", self.boxes.is_some()),
                ("upper_threshold", self.upper_threshold.is_some()),
                ("upper_bonus", self.upper_bonus.is_some()),
                ("extra_bonus", self.extra_bonus.is_some()),
                ("extra_bonus_needs", self.extra_needs.is_some()),
                ("extra_bonus_where", self.extra_where.is_some()),
                ("joker", self.joker.is_some()),
                ("tie_breaks", self.tie_breaks.is_some()),
            ];
            for (k, g) in given {
                if g {
                    keys.push(k);
                }
            }
            keys
        }
    }

    /// A checked `yacht` rules file.
    #[derive(Debug, Clone)]
    pub struct YachtRules {
        /// `[game] id` (`yacht`).
        pub id: String,
        /// The game's name in every language.
        pub name: Names,
        /// The year the game was published, if the file says.
        pub year: Option<u32>,
        /// BoardGameGeek's id of the game.
        pub bgg_id: Option<u32>,
        /// Who made the game, if the file says.
        pub by: Option<Names>,
        /// Fewest players.
        pub min_players: u32,
        /// Most players (at most 8).
        pub max_players: u32,
        /// The rules without options.
        pub base: Ruleset,
        /// Every box the file defines (`[[category]]`), for options to pick from.
        pool: Vec<Category>,
        /// The named options, in file order.
        pub options: Vec<GameOption>,
        /// The rules summary card.
        pub card: CardLines,
    }

    /// Why options do not make a ruleset.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum OptionProblem {
        /// No option has this id.
        Unknown {
            /// The id given.
            id: String,
            /// The ids there are.
            known: Vec<String>,
        },
        /// One option given twice.
        Twice {
            /// The option.
            id: String,
        },
        /// Two options change the same key or box.
        Conflict {
            /// The first option.
            first: String,
            /// The second option.
            second: String,
            /// The key or box id both change.
            what: String,
        },
        /// Together the options make rules that do not hold (each message says why).
        Invalid(Vec<Message>),
    }

    impl OptionProblem {
        /// The problem as a message for the text layer.
        pub fn message(&self) -> Message {
            match self {
                OptionProblem::Unknown { id, known } => {
                    let ids: Vec<&str> = known.iter().map(String::as_str).collect();
                    match crate::source::closest(id, &ids) {
                        Some(near) => {
                            msg!("rules.yacht.option_unknown_near", id = id, near = near, known = known.join(", "))
                        }
                        None => msg!("rules.yacht.option_unknown", id = id, known = known.join(", ")),
                    }
                }
                OptionProblem::Twice { id } => msg!("rules.yacht.option_twice", id = id),
                OptionProblem::Conflict { first, second, what } => {
                    msg!("rules.yacht.option_conflict", first = first, second = second, what = what)
                }
                OptionProblem::Invalid(why) => msg!(
                    "rules.yacht.option_invalid",
                    why = Arg::List { items: why.iter().cloned().map(Arg::from).collect(), separator: "; " }
                ),
            }
        }
    }

    impl YachtRules {
        /// The ruleset of a game played with these options (in the order given): each option's
        /// keys replace `[rules]`'s, its boxes replace or add boxes by id; two options may not
        /// change the same key or box.
        pub fn ruleset(&self, options: &[String]) -> Result<Ruleset, OptionProblem> {
            let mut overlay = Overlay::default();
            let mut extra: Vec<Category> = Vec::new();
            let mut setter: BTreeMap<String, String> = BTreeMap::new();
            let mut seen = BTreeSet::new();
            for id in options {
                if !seen.insert(id.as_str()) {
                    return Err(OptionProblem::Twice { id: id.clone() });
                }
                let Some(opt) = self.options.iter().find(|o| &o.id == id) else {
                    return Err(OptionProblem::Unknown {
                        id: id.clone(),
                        known: self.options.iter().map(|o| o.id.clone()).collect(),
                    });
                };
                let what = opt
                    .overlay
                    .keys()
                    .into_iter()
                    .map(str::to_string)
                    .chain(opt.categories.iter().map(|c| c.id.clone()));
                for what in what {
                    if let Some(first) = setter.insert(what.clone(), id.clone()) {
                        return Err(OptionProblem::Conflict { first, second: id.clone(), what });
                    }
                }
                let o = &opt.overlay;
                overlay.boxes = o.boxes.clone().or(overlay.boxes);
                overlay.upper_threshold = o.upper_threshold.or(overlay.upper_threshold);
                overlay.upper_bonus = o.upper_bonus.or(overlay.upper_bonus);
                overlay.extra_bonus = o.extra_bonus.or(overlay.extra_bonus);
                overlay.extra_needs = o.extra_needs.or(overlay.extra_needs);
                overlay.extra_where = o.extra_where.or(overlay.extra_where);
                overlay.joker = o.joker.or(overlay.joker);
                overlay.tie_breaks = o.tie_breaks.clone().or(overlay.tie_breaks);
                extra.extend(opt.categories.iter().cloned());
            }
            let mut problems = Vec::new();
            let ruleset = resolve(&self.base, (&self.pool, &extra, &[]), &overlay, options, &mut |m| problems.push(m));
            if problems.is_empty() {
                Ok(ruleset)
            } else {
                Err(OptionProblem::Invalid(problems))
            }
        }
    }

    /// The base ruleset with an overlay and extra boxes applied; every problem reported.
    fn resolve(
        base: &Ruleset,
        (pool, extra, failed): (&[Category], &[Category], &[String]),
        o: &Overlay,
        options: &[String],
        problem: &mut dyn FnMut(Message),
    ) -> Ruleset {
        let find = |id: &str| extra.iter().find(|c| c.id == id).or_else(|| pool.iter().find(|c| c.id == id));
        let ids: Vec<String> = match &o.boxes {
            Some(ids) => ids.clone(),
            None => base.boxes.iter().map(|c| c.id.clone()).collect(),
        };
        // A box whose own [[category]] is wrong (said already) is not said again, nor what
        // its absence would break (the joker's upper boxes).
        let mut broken = false;
        let mut boxes = Vec::new();
        for id in &ids {
            match find(id) {
                Some(c) => boxes.push(c.clone()),
                None if failed.contains(id) => broken = true,
                None => {
                    let known: Vec<&str> = extra.iter().chain(pool).map(|c| c.id.as_str()).collect();
                    problem(crate::source::with_meant(msg!("rules.yacht.unknown_box", id = id), id, &known))
                }
            }
        }
        let mut r = Ruleset {
            options: options.to_vec(),
            boxes,
            upper_threshold: o.upper_threshold.unwrap_or(base.upper_threshold),
            upper_bonus: o.upper_bonus.unwrap_or(base.upper_bonus),
            extra_bonus: o.extra_bonus.unwrap_or(base.extra_bonus),
            extra_needs: o.extra_needs.unwrap_or(base.extra_needs),
            extra_where: o.extra_where.unwrap_or(base.extra_where),
            joker: o.joker.unwrap_or(base.joker),
            tie_breaks: Vec::new(),
            five_box: None,
        };
        let tie_ids: Vec<String> = match &o.tie_breaks {
            Some(t) => t.clone(),
            None => base.tie_breaks.iter().map(|t| tie_break_id(&base.boxes, *t)).collect(),
        };
        for t in &tie_ids {
            match t.as_str() {
                "upper" => r.tie_breaks.push(TieBreak::Upper),
                "lower" => r.tie_breaks.push(TieBreak::Lower),
                id => match r.boxes.iter().position(|c| c.id == id) {
                    Some(i) => r.tie_breaks.push(TieBreak::Box(i)),
                    None if failed.iter().any(|f| f == id) => broken = true,
                    None => problem(msg!("rules.yacht.unknown_tie_break", id = id)),
                },
            }
        }
        if !broken {
            validate(&mut r, problem);
        }
        r
    }

    fn tie_break_id(boxes: &[Category], t: TieBreak) -> String {
        match t {
            TieBreak::Upper => "upper".into(),
            TieBreak::Lower => "lower".into(),
            TieBreak::Box(i) => boxes[i].id.clone(),
        }
    }

    /// The checks of a whole ruleset (boxes, bonuses, joker), and its five-of-a-kind box.
    fn validate(r: &mut Ruleset, problem: &mut dyn FnMut(Message)) {
        let mut seen = BTreeSet::new();
        for c in &r.boxes {
            if !seen.insert(c.id.as_str()) {
                problem(msg!("rules.yacht.box_twice", id = &c.id));
            }
        }
        if r.boxes.is_empty() || r.boxes.len() > MAX_BOXES {
            problem(msg!("rules.yacht.box_count", n = r.boxes.len(), max = MAX_BOXES));
        }
        let fives: Vec<usize> = r
            .boxes
            .iter()
            .enumerate()
            .filter(|(_, c)| matches!(c.kind, Kind::FiveOfAKind { .. }))
            .map(|(i, _)| i)
            .collect();
        if fives.len() > 1 {
            problem(msg!("rules.yacht.five_twice"));
        }
        r.five_box = fives.first().copied();
        let mut faces = BTreeSet::new();
        for c in &r.boxes {
            if let Kind::Face(f) = c.kind {
                if !faces.insert(f) {
                    problem(msg!("rules.yacht.face_twice", face = f));
                }
            }
        }
        if !(0..=1000).contains(&r.upper_bonus) || !(0..=1000).contains(&r.extra_bonus) {
            problem(msg!("rules.yacht.bonus_range"));
        }
        if r.upper_bonus > 0 && (faces.is_empty() || !(1..=MAX_THRESHOLD).contains(&r.upper_threshold)) {
            problem(msg!("rules.yacht.upper_threshold", max = MAX_THRESHOLD));
        }
        if r.five_box.is_none() && (r.extra_bonus > 0 || r.joker != Joker::None) {
            problem(msg!("rules.yacht.needs_five"));
        }
        if r.joker == Joker::ForcedUpper && faces.len() < 6 {
            problem(msg!("rules.yacht.joker_needs_faces"));
        }
    }

    // ---------------------------------------------------------------------------------------
    // Compiling a rules file.

    /// Parse and check a `yacht` rules file; on failure every diagnostic found, each pointing
    /// into the file.
    pub fn compile(source: &Source) -> Result<YachtRules, Vec<Diagnostic>> {
        let f: raw::File = tomlde::from_str(&source.text).map_err(|e| vec![e.diagnostic()])?;
        let mut diags: Vec<Diagnostic> = Vec::new();
        let mut err = |at: Option<Range<usize>>, m: Message, help: Option<Message>| {
            let mut d = Diagnostic::new(m, at);
            if let Some(h) = help {
                d = d.help(h);
            }
            diags.push(d);
        };
        let g = &f.game;
        if !id_ok(g.id.get_ref()) {
            err(Some(g.id.span()), msg!("rules.yacht.id_format", id = g.id.get_ref()), None);
        }
        let players = g.players.get_ref();
        if players.min == 0 || players.max < players.min {
            err(Some(g.players.span()), msg!("rules.game_players", min = players.min, max = players.max), None);
        } else if players.max > 8 {
            err(Some(g.players.span()), msg!("rules.yacht.max_players", max = players.max), None);
        }
        let (pool, mut failed) = categories(&f.category, &mut err);
        let base_overlay = overlay(&f.rules, &mut err);
        let Some(box_ids) = base_overlay.boxes.clone() else {
            err(None, msg!("rules.yacht.no_boxes"), Some(msg!("rules.yacht.no_boxes_help")));
            return Err(diags);
        };
        let defaults = Ruleset {
            options: Vec::new(),
            boxes: Vec::new(),
            upper_threshold: 63,
            upper_bonus: 0,
            extra_bonus: 0,
            extra_needs: Needs::Points,
            extra_where: Where::Any,
            joker: Joker::None,
            tie_breaks: Vec::new(),
            five_box: None,
        };
        let at = f.rules.boxes.as_ref().map(|b| b.span());
        let base = resolve(&defaults, (&pool, &[], &failed), &base_overlay, &[], &mut |m| err(at.clone(), m, None));
        // A box `[rules]` names that no category defines is said once, not again in every
        // option that keeps the base boxes.
        failed.extend(box_ids.iter().filter(|id| !pool.iter().any(|c| &c.id == *id)).cloned());
        let mut options = Vec::new();
        let mut ordered: Vec<(&Spanned<String>, &raw::Opt)> = f.options.iter().collect();
        ordered.sort_by_key(|(k, _)| k.span().start);
        for (id, opt) in ordered {
            if !id_ok(id.get_ref()) {
                err(Some(id.span()), msg!("rules.yacht.id_format", id = id.get_ref()), None);
            }
            let (own, own_failed) = categories(&opt.category, &mut err);
            failed.extend(own_failed);
            let o = overlay(&opt.overlay(), &mut err);
            if o.keys().is_empty() && own.is_empty() {
                err(Some(id.span()), msg!("rules.yacht.option_empty", id = id.get_ref()), None);
            }
            let names = [id.get_ref().clone()];
            // Checked with the boxes as the file names them (a box whose category is wrong
            // is missing from `base`, and what it breaks is not said again).
            let named = Overlay { boxes: o.boxes.clone().or_else(|| base_overlay.boxes.clone()), ..o.clone() };
            resolve(&base, (&pool, &own, &failed), &named, &names, &mut |m| {
                err(Some(id.span()), msg!("rules.yacht.in_option", id = id.get_ref(), why = m), None)
            });
            options.push(GameOption {
                id: id.get_ref().clone(),
                name: opt.name.clone(),
                help: opt.help.as_ref().map(Text::names),
                overlay: o,
                categories: own,
            });
        }
        if !diags.is_empty() {
            return Err(diags);
        }
        Ok(YachtRules {
            id: g.id.get_ref().clone(),
            name: g.name.clone(),
            year: g.year,
            bgg_id: g.bgg_id,
            by: g.by.as_ref().map(Text::names),
            min_players: players.min,
            max_players: players.max,
            base,
            pool,
            options,
            card: f.card.lines(),
        })
    }

    fn id_ok(id: &str) -> bool {
        !id.is_empty() && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
    }

    type Report<'a> = dyn FnMut(Option<Range<usize>>, Message, Option<Message>) + 'a;

    /// The keys of `[rules]` or an option, checked.
    fn overlay(raw: &raw::Overlay, err: &mut Report) -> Overlay {
        let word = |v: &Option<Spanned<String>>, words: &[&str], err: &mut Report| -> Option<usize> {
            let v = v.as_ref()?;
            match words.iter().position(|w| w == v.get_ref()) {
                Some(i) => Some(i),
                None => {
                    let list = words.join(", ");
                    err(Some(v.span()), msg!("rules.yacht.unknown_word", word = v.get_ref(), list = list), None);
                    None
                }
            }
        };
        let number = |v: &Option<Spanned<i64>>, max: i64, err: &mut Report| -> Option<i64> {
            let v = v.as_ref()?;
            if (0..=max).contains(v.get_ref()) {
                Some(*v.get_ref())
            } else {
                err(Some(v.span()), msg!("rules.yacht.number_range", n = *v.get_ref(), max = max), None);
                None
            }
        };
        Overlay {
            boxes: raw.boxes.as_ref().map(|b| b.get_ref().clone()),
            upper_threshold: number(&raw.upper_threshold, 1000, err),
            upper_bonus: number(&raw.upper_bonus, 1000, err),
            extra_bonus: number(&raw.extra_bonus, 1000, err),
            extra_needs: word(&raw.extra_bonus_needs, &["points", "entry"], err)
                .map(|i| [Needs::Points, Needs::Entry][i]),
            extra_where: word(&raw.extra_bonus_where, &["any", "upper"], err).map(|i| [Where::Any, Where::Upper][i]),
            joker: word(&raw.joker, &["forced_upper", "free", "upper_filled", "none"], err)
                .map(|i| [Joker::ForcedUpper, Joker::Free, Joker::UpperFilled, Joker::None][i]),
            tie_breaks: raw.tie_breaks.as_ref().map(|t| t.get_ref().clone()),
        }
    }

    /// `[[category]]` tables, each checked against the keys its kind takes; and the ids of
    /// those that are wrong (said here, so that what names them is not said again).
    fn categories(raw: &[raw::Category], err: &mut Report) -> (Vec<Category>, Vec<String>) {
        let (mut out, mut failed) = (Vec::new(), Vec::new());
        let mut seen = BTreeSet::new();
        for c in raw {
            let id = c.id.get_ref();
            if !id_ok(id) {
                err(Some(c.id.span()), msg!("rules.yacht.id_format", id = id), None);
            }
            if !seen.insert(id.clone()) {
                err(Some(c.id.span()), msg!("rules.yacht.category_twice", id = id), None);
            }
            match kind(c, err) {
                Some(kind) => out.push(Category { id: id.clone(), name: c.name.clone(), kind }),
                None => failed.push(id.clone()),
            }
        }
        (out, failed)
    }

    /// The kind of one `[[category]]`: its `kind` word and exactly the keys that kind takes.
    fn kind(c: &raw::Category, err: &mut Report) -> Option<Kind> {
        let given: [(&str, Option<Range<usize>>); 8] = [
            ("face", c.face.as_ref().map(|v| v.span())),
            ("count", c.count.as_ref().map(|v| v.span())),
            ("score", c.score.as_ref().map(|v| v.span())),
            ("points", c.points.as_ref().map(|v| v.span())),
            ("length", c.length.as_ref().map(|v| v.span())),
            ("faces", c.faces.as_ref().map(|v| v.span())),
            ("pairs", c.pairs.as_ref().map(|v| v.span())),
            ("five_counts", c.five_counts.as_ref().map(|v| v.span())),
        ];
        const KINDS: [&str; 7] = ["face", "of_a_kind", "full_house", "straight", "pairs", "chance", "five_of_a_kind"];
        let kind = c.kind.get_ref().as_str();
        let takes: &[&str] = match kind {
            "face" => &["face"],
            "of_a_kind" => &["count", "score", "points"],
            "full_house" => &["score", "points", "five_counts"],
            "straight" => &["length", "faces", "score", "points"],
            "pairs" => &["pairs"],
            "chance" => &[],
            "five_of_a_kind" => &["points"],
            other => {
                let close: Vec<&str> = KINDS.iter().copied().filter(|k| similar(k, other)).collect();
                let help = if close.is_empty() {
                    msg!("rules.yacht.kinds", list = KINDS.join(", "))
                } else {
                    msg!("cli.sheet_file.did_you_mean", list = either(&close, msg!("cli.sheet_file.or")))
                };
                err(Some(c.kind.span()), msg!("rules.yacht.unknown_kind", kind = other), Some(help));
                return None;
            }
        };
        let mut ok = true;
        for (key, span) in &given {
            if span.is_some() && !takes.contains(key) {
                let list = if takes.is_empty() { "—".to_string() } else { takes.join(", ") };
                err(span.clone(), msg!("rules.yacht.key_not_taken", key = *key, kind = kind, list = list), None);
                ok = false;
            }
        }
        let need = |v: &Option<Spanned<i64>>, key: &str, lo: i64, hi: i64, err: &mut Report| -> Option<i64> {
            match v {
                None => {
                    err(Some(c.id.span()), msg!("rules.yacht.needs_key", id = c.id.get_ref(), key = key), None);
                    None
                }
                Some(v) if !(lo..=hi).contains(v.get_ref()) => {
                    err(
                        Some(v.span()),
                        msg!("rules.yacht.key_range", key = key, n = *v.get_ref(), lo = lo, hi = hi),
                        None,
                    );
                    None
                }
                Some(v) => Some(*v.get_ref()),
            }
        };
        // `score = "all" | "counted"` or `points = N`: one of them, `counted` where it means something.
        let score = |counted: bool, err: &mut Report| -> Option<Score> {
            match (&c.score, &c.points) {
                (Some(s), None) => match s.get_ref().as_str() {
                    "all" => Some(Score::All),
                    "counted" if counted => Some(Score::Counted),
                    w => {
                        let list = if counted { "all, counted" } else { "all" };
                        err(Some(s.span()), msg!("rules.yacht.unknown_word", word = w, list = list), None);
                        None
                    }
                },
                (None, Some(_)) => need(&c.points, "points", 0, 1000, err).map(Score::Points),
                (Some(s), Some(_)) => {
                    err(Some(s.span()), msg!("rules.yacht.score_or_points", id = c.id.get_ref()), None);
                    None
                }
                (None, None) => {
                    err(Some(c.id.span()), msg!("rules.yacht.score_or_points", id = c.id.get_ref()), None);
                    None
                }
            }
        };
        let k = match kind {
            "face" => need(&c.face, "face", 1, 6, err).map(|f| Kind::Face(f as u8)),
            "of_a_kind" => {
                let count = need(&c.count, "count", 2, 5, err);
                let s = score(true, err);
                Some(Kind::OfAKind { count: count? as u8, score: s? })
            }
            "full_house" => score(false, err).map(|score| Kind::FullHouse {
                score,
                five_counts: c.five_counts.as_ref().is_some_and(|v| *v.get_ref()),
            }),
            "straight" => {
                let run = match (&c.length, &c.faces) {
                    (Some(_), None) => need(&c.length, "length", 2, 6, err).map(|n| Run::Length(n as u8)),
                    (None, Some(faces)) => {
                        let list = faces.get_ref();
                        let mut mask = 0u8;
                        let mut good = (2..=5).contains(&list.len());
                        for f in list {
                            good &= (1..=6).contains(f) && mask & (1 << f) == 0;
                            if (1..=6).contains(f) {
                                mask |= 1 << f;
                            }
                        }
                        if !good {
                            err(Some(faces.span()), msg!("rules.yacht.straight_faces"), None);
                        }
                        good.then_some(Run::Faces(mask))
                    }
                    _ => {
                        err(Some(c.id.span()), msg!("rules.yacht.length_or_faces", id = c.id.get_ref()), None);
                        None
                    }
                };
                let s = score(false, err);
                Some(Kind::Straight { run: run?, score: s? })
            }
            "pairs" => need(&c.pairs, "pairs", 1, 2, err).map(|n| Kind::Pairs(n as u8)),
            "chance" => Some(Kind::Chance),
            _ => need(&c.points, "points", 0, 1000, err).map(|points| Kind::FiveOfAKind { points }),
        };
        k.filter(|_| ok)
    }
}
