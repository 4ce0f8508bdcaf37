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
pub const KINDS: &[(&str, &str)] = &[
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

#[derive(Debug, Clone)]
pub struct EndgameRules {
    pub id: String,
    pub name: Names,
    pub year: Option<u32>,
    /// Who made the game ("X and Y (publisher)"), in each language.
    pub by: Option<Names>,
    pub min_players: u32,
    pub max_players: u32,
    /// What one player's sheet holds and how it scores.
    pub sheet: Scoring,
    pub calculators: Vec<Calculator>,
    pub card: Card,
    /// Nauticus's table helpers (crowns, purchases, passes, rewards), if the file has them.
    pub nauticus: Option<NauticusHelpers>,
}

impl EndgameRules {
    pub fn calculator(&self, id: &str) -> Option<&Calculator> {
        self.calculators.iter().find(|c| c.id == id)
    }
}

/// Inputs, limits and values: a sheet, or a calculator.
#[derive(Debug, Clone, Default)]
pub struct Scoring {
    pub inputs: Vec<Input>,
    pub limits: Vec<Limit>,
    /// Derived values first, then categories (calculator results), in file order; a
    /// value only refers to inputs and values before it.
    pub values: Vec<Value>,
    /// Indices into `values` of the scored categories, in column order.
    pub categories: Vec<usize>,
    pub tie_breaks: Vec<TieBreak>,
}

impl Scoring {
    pub fn input_index(&self, id: &str) -> Option<usize> {
        self.inputs.iter().position(|i| i.id == id)
    }

    pub fn ref_id(&self, r: Ref) -> &str {
        match r {
            Ref::Input(i) => &self.inputs[i].id,
            Ref::Value(v) => &self.values[v].id,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Input {
    pub id: String,
    pub name: Names,
    pub shape: Shape,
    /// Why the limits are what they are ("the game has 12 coffee goods").
    pub because: Option<Names>,
    /// What to enter, shown by `enter`.
    pub help: Option<Names>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Number { min: i64, max: i64 },
    List { item_min: i64, item_max: i64, max_items: usize },
}

impl Shape {
    pub fn is_list(self) -> bool {
        matches!(self, Shape::List { .. })
    }
}

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
    pub id: String,
    pub terms: Vec<(usize, i64)>,
    pub min: Option<i64>,
    pub max: Option<i64>,
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ref {
    Input(usize),
    Value(usize),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Formula {
    /// A plain value.
    Value(Ref),
    /// count × points; a list counts its items.
    Times { of: Ref, points: i64 },
    /// Σ count × points, one points value per key.
    PerKey(Vec<(Ref, i64)>),
    /// Each count looked up in `table` (entry k is the value of count k+1; 0 scores 0),
    /// extended by `beyond` per count past the end.
    Table { of: Vec<Ref>, table: Vec<i64>, beyond: Option<i64> },
    /// `points` per full `every`, rounded down.
    Per { of: Ref, every: i64, points: i64 },
    /// What `Per` leaves over.
    Remainder { of: Ref, every: i64 },
    /// The sum of a list input's items.
    ListSum(usize),
    /// A weighted sum of values.
    Sum(Vec<(Ref, i64)>),
}

#[derive(Debug, Clone)]
pub struct Value {
    pub id: String,
    pub name: Names,
    pub formula: Formula,
    pub cap: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct TieBreak {
    pub of: Ref,
    /// Says what wins, e.g. "most leftover Taler".
    pub name: Names,
}

#[derive(Debug, Clone)]
pub struct Calculator {
    pub id: String,
    pub name: Names,
    pub help: Option<Names>,
    pub scoring: Scoring,
}

#[derive(Debug, Clone, Default)]
pub struct Card {
    pub setup: Vec<Names>,
    pub round: Vec<Names>,
    pub golden_rules: Vec<Names>,
    pub end: Vec<Names>,
}
