//! What happened while a decision was carried out: every effect, bonus and chain the table
//! is told about (what used to be a reminder sentence), as values.

use super::face::Face;
use crate::games::fleet::ruth::{Action as RuthAction, Reason};

/// One thing that happened, to a player (`player`) or to the table (`None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub player: Option<usize>,
    pub what: Happened,
}

/// Why coins were earned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// The income phase: the base, the lobster license, the canning co (coins, full boats),
    /// and whether the cap cut it.
    Income { base: u32, lobster: Option<u32>, canning: Option<(u32, u32)>, capped: bool },
    /// The second license of a type.
    SecondLicense,
    /// The cod license, on a launch.
    CodLicense,
    /// A die used as coins.
    DieAsCoins,
    /// The 3-coins face.
    CoinsFace,
    /// The market.
    Market,
    /// The shrimp license's 3-coins use.
    FlexCoins,
    /// An oyster boat's coin.
    OysterCoin,
    /// The swordfish license after the fishing.
    Swordfish,
}

/// The things that happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Happened {
    /// The rules hold an example card set (captains or trophies in play).
    ExampleCards,
    /// A round begins; `start` is the start player, `None` for Captain Ruth.
    Round { round: u32, rounds: u32, start: Option<usize> },
    /// The die left in the pool is everyone's.
    Shared { face: Face },
    /// A fishing phase begins.
    Fishing { round: u32 },
    /// A trophy card is in play.
    TrophyInPlay { trophy: usize },
    /// The game is over.
    Over,
    /// The start die marks the first `boxes` boxes of its column.
    StartDie { boat_type: usize, boxes: usize },
    /// A captain card was drawn.
    Captain { captain: usize },
    /// A license is activated.
    License { boat_type: usize, level: usize },
    /// No license of this type is left to activate.
    NoLicense { boat_type: usize },
    /// A boat is launched (the `n`-th of its type).
    Launched { boat_type: usize, n: usize },
    /// No boat of this type is left to launch.
    NoBoat { boat_type: usize },
    /// The king crab license: its VP, and a bonus to choose.
    KingCrabLicense { vp: u32 },
    /// A harbor ship's circle launched a boat (or the barge).
    HarborLaunched { harbor: usize, n: usize, section: usize, index: usize },
    /// A king crab bonus was taken.
    BonusTaken { bonus: usize },
    /// Coins earned and marked on the track: `lost` did not fit, `stars` star boxes were
    /// marked (their star actions wait until after the fishing when `after_fishing`).
    Earned { coins: u32, why: Why, total: u32, lost: u32, stars: u32, after_fishing: bool },
    /// A wharf building is complete.
    BuildingComplete { building: usize },
    /// The section to mark is full.
    SectionFull { section: usize },
    /// A `?` circle with neither a license nor a boat left.
    ChoiceNone { section: usize, index: usize },
    /// A star action with nowhere to go.
    StarLost,
    /// The shrimp license's extra type with no column left.
    NoColumn,
    /// The king crab license with no bonus left.
    NoBonus,
    /// The barge caught `n` fish for `full` full boats.
    Barge { n: u32, full: u32 },
    /// Fish caught in a fishing phase; `total` on all boats.
    Caught { n: u32, total: u32 },
    /// A private fishing (captain's club).
    PrivateFishing,
    /// The swordfish license after the fishing.
    Swordfish { stars: u32, coins: u32 },
    /// A salvage yard star was used (the `n`-th).
    Salvage { n: usize },
    /// A seafood buffet hex was filled (`n` hexes now).
    Hex { boat_type: usize, n: usize },
    /// The shrimp die was used as another type (license level `level`).
    FlexAs { level: usize, boat_type: usize },
    /// The casino reroll showed this face.
    Reroll { face: Face },
    /// A silver trophy was won.
    Silver { trophy: usize },
    /// A gold trophy was won with this result.
    Gold { trophy: usize, best: u32 },
    /// Nobody reached the gold trophy.
    NoGold { trophy: usize },
    /// Captain Ruth acted: why, and the boxes she crossed off (section, index).
    Ruth { action: RuthAction, reason: Reason, crossed: Vec<(usize, usize)> },
    /// Captain Ruth's tokens moved at the end of a round: (from, to) section per token.
    RuthTokens { moves: [(usize, usize); 3] },
}
