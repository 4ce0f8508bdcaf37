//! End-game calculators as data: the `endgame` engine. A rules file lists what players
//! enter (`[[input]]`, with limits taken from the component counts), checks across inputs
//! (`[[limit]]`), helper values (`[[derived]]`), the scored columns (`[[category]]`) and the
//! ordered tie-breakers (`[[tie_break]]`). Every value is one of a closed set of scoring
//! kinds (see `KINDS`); no game needs Rust of its own for its end-game scoring.
//!
//! `[[calculator]]` blocks use the same vocabulary for small in-game calculations
//! (`deckhand calc GAME CALC key=value...`).

use crate::games::names::Names;
use crate::games::nauticus::NauticusHelpers;

/// The scoring kinds, with the catalog key that says which keys each one takes (besides
/// `id`, `name`, `kind`, `cap`).
pub(crate) const KINDS: &[(&str, &str)] = &[
    ("value", "rules.endgame.kind_value"),
    ("times", "rules.endgame.kind_times"),
    ("per_key", "rules.endgame.kind_per_key"),
    ("table", "rules.endgame.kind_table"),
    ("per", "rules.endgame.kind_per"),
    ("remainder", "rules.endgame.kind_remainder"),
    ("list_sum", "rules.endgame.kind_list_sum"),
    ("sum", "rules.endgame.kind_sum"),
];

/// Largest magnitude of any number in an endgame file; keeps every sum far from overflow.
pub(crate) const BIG: i64 = 1_000_000;
/// Largest magnitude of points, weights and `beyond`.
pub(crate) const POINTS: i64 = 1_000;

// ------------------------------------------------------------------------------------

// ------------------------------------------------------------------------------------
// Compiled form.
// ------------------------------------------------------------------------------------

/// A checked `endgame` rules file: the game's sheet, its calculators and its card.
#[derive(Debug, Clone)]
pub struct EndgameRules {
    /// `[game] id` (`nauticus`, `titania`).
    pub id: String,
    /// The game's name in every language.
    pub name: Names,
    /// The year the game was published, if the file says.
    pub year: Option<u32>,
    /// BoardGameGeek's id of the game, for BG Stats exports of the history.
    pub bgg_id: Option<u32>,
    /// Who made the game ("X and Y (publisher)"), in each language.
    pub by: Option<Names>,
    /// Fewest players (`[game] players.min`).
    pub min_players: u32,
    /// Most players (`[game] players.max`), at least `min_players`.
    pub max_players: u32,
    /// What one player's sheet holds and how it scores.
    pub sheet: Scoring,
    /// The in-game calculators (`[[calculator]]`), in file order.
    pub calculators: Vec<Calculator>,
    /// The rules summary card's lines.
    pub card: Card,
    /// Nauticus's table helpers (crowns, purchases, passes, rewards), if the file has them.
    pub nauticus: Option<NauticusHelpers>,
}

impl EndgameRules {
    /// The calculator with this id.
    pub fn calculator(&self, id: &str) -> Option<&Calculator> {
        self.calculators.iter().find(|c| c.id == id)
    }
}

/// Inputs, limits and values: a sheet, or a calculator.
#[derive(Debug, Clone, Default)]
pub struct Scoring {
    /// What players enter (`[[input]]`), in file order.
    pub inputs: Vec<Input>,
    /// Checks across inputs (`[[limit]]`), in file order.
    pub limits: Vec<Limit>,
    /// Derived values first, then categories (calculator results), in file order; a
    /// value only refers to inputs and values before it.
    pub values: Vec<Value>,
    /// Indices into `values` of the scored categories, in column order.
    pub categories: Vec<usize>,
    /// The tie-breakers, first one first (none for a calculator).
    pub tie_breaks: Vec<TieBreak>,
}

impl Scoring {
    /// Index into `inputs` of the input with this id.
    pub fn input_index(&self, id: &str) -> Option<usize> {
        self.inputs.iter().position(|i| i.id == id)
    }

    /// The id of the input or value `r` points at.
    pub(crate) fn ref_id(&self, r: Ref) -> &str {
        match r {
            Ref::Input(i) => &self.inputs[i].id,
            Ref::Value(v) => &self.values[v].id,
        }
    }
}

/// One thing a player enters (a count, or a list of numbers).
#[derive(Debug, Clone)]
pub struct Input {
    /// The input's id, unique among inputs and values (`key=value` on the command line).
    pub id: String,
    /// What it is called, per language.
    pub name: Names,
    /// A number or a list, with its bounds.
    pub shape: Shape,
    /// Why the limits are what they are ("the game has 12 coffee goods").
    pub because: Option<Names>,
    /// What to enter, shown by `enter`.
    pub help: Option<Names>,
}

/// What an input takes; every bound within ±1,000,000.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One whole number in `min..=max`.
    Number {
        /// Smallest allowed value; at most 0 for a sheet's input.
        min: i64,
        /// Largest allowed value, at least `min`.
        max: i64,
    },
    /// Up to `max_items` whole numbers, each in `item_min..=item_max`.
    List {
        /// Smallest allowed item.
        item_min: i64,
        /// Largest allowed item, at least `item_min`.
        item_max: i64,
        /// Most items, 0..=1000.
        max_items: usize,
    },
}

impl Shape {
    /// Whether the input is a list.
    pub(crate) fn is_list(self) -> bool {
        matches!(self, Shape::List { .. })
    }
}

/// Which sheets a limit checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Each sheet on its own.
    Player,
    /// All sheets of one game together (component counts of the whole box).
    Game,
}

/// A weighted sum of inputs that must stay within bounds. A list input counts its items.
#[derive(Debug, Clone)]
pub struct Limit {
    /// The limit's id, shown with its violations.
    pub id: String,
    /// (index into `Scoring::inputs`, weight) of each input summed, in key order.
    pub terms: Vec<(usize, i64)>,
    /// The sum must be at least this, if given.
    pub min: Option<i64>,
    /// The sum must be at most this, if given.
    pub max: Option<i64>,
    /// One sheet at a time, or all sheets of a game summed.
    pub scope: Scope,
    /// Only in games of this many players (fewest, most); None: always.
    pub players: Option<(u32, u32)>,
    /// Why the limit is what it is.
    pub because: Names,
}

impl Limit {
    /// Whether the limit holds at a table of `players` (None: not known, e.g. one sheet
    /// being entered; then only limits for every player count hold).
    pub fn applies(&self, players: Option<u32>) -> bool {
        match (self.players, players) {
            (None, _) => true,
            (Some((lo, hi)), Some(n)) => (lo..=hi).contains(&n),
            (Some(_), None) => false,
        }
    }
}

/// What a formula reads: an input or an earlier value of the same `Scoring`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ref {
    /// Index into `Scoring::inputs`.
    Input(usize),
    /// Index into `Scoring::values`.
    Value(usize),
}

/// How a value is computed: one of the scoring kinds (`KINDS`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Formula {
    /// A plain value.
    Value(Ref),
    /// count × points; a list counts its items.
    Times {
        /// What is counted.
        of: Ref,
        /// Points per count.
        points: i64,
    },
    /// Σ count × points, one points value per key.
    PerKey(Vec<(Ref, i64)>),
    /// Each count looked up in `table` (entry k is the value of count k+1; 0 scores 0),
    /// extended by `beyond` per count past the end.
    Table {
        /// The counts looked up, each on its own; their results add up.
        of: Vec<Ref>,
        /// The points for a count of 1, 2, 3, …
        table: Vec<i64>,
        /// Points per count past the end of `table`; none: the last entry holds.
        beyond: Option<i64>,
    },
    /// `points` per full `every`, rounded down.
    Per {
        /// What is counted.
        of: Ref,
        /// How many make one group; at least 1.
        every: i64,
        /// Points per full group.
        points: i64,
    },
    /// What `Per` leaves over.
    Remainder {
        /// What is counted.
        of: Ref,
        /// How many make one group; at least 1.
        every: i64,
    },
    /// The sum of a list input's items (index into `Scoring::inputs`).
    ListSum(usize),
    /// A weighted sum of values: (what, weight).
    Sum(Vec<(Ref, i64)>),
}

/// A helper value (`[[derived]]`) or a scored category (`[[category]]`, a calculator's
/// `[[result]]`).
#[derive(Debug, Clone)]
pub struct Value {
    /// The value's id, unique among inputs and values.
    pub id: String,
    /// What it is called, per language (a category's column heading).
    pub name: Names,
    /// How it is computed.
    pub formula: Formula,
    /// The most it can be; anything above is cut to this.
    pub cap: Option<i64>,
}

/// One tie-breaker: the players tied on points are ordered by this, highest first.
#[derive(Debug, Clone)]
pub struct TieBreak {
    /// The input or value compared.
    pub of: Ref,
    /// Says what wins, e.g. "most leftover Taler".
    pub name: Names,
}

/// A small in-game calculation (`deckhand calc GAME CALC key=value...`).
#[derive(Debug, Clone)]
pub struct Calculator {
    /// The id given on the command line.
    pub id: String,
    /// What it is called, per language.
    pub name: Names,
    /// What it is for, shown under its result.
    pub help: Option<Names>,
    /// Its inputs, limits and results (the results are its `categories`).
    pub scoring: Scoring,
}

/// The lines of the game's rules summary card, per section; each may be empty.
#[derive(Debug, Clone, Default)]
pub struct Card {
    /// How to set the game up.
    pub setup: Vec<Names>,
    /// What happens in a round.
    pub round: Vec<Names>,
    /// The golden rules: the ones most often forgotten.
    pub golden_rules: Vec<Names>,
    /// The end of the game and its scoring.
    pub end: Vec<Names>,
}
