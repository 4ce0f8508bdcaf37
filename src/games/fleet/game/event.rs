//! What happened while a decision was carried out: every effect, bonus and chain the table
//! is told about (what used to be a reminder sentence), as values.

use super::face::Face;
use crate::games::fleet::ruth::{Action as RuthAction, Reason};

/// One thing that happened, to a player (`player`) or to the table (`None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// The player it happened to (seat index into `Game::players`); `None`: the whole table.
    pub player: Option<usize>,
    /// What happened.
    pub what: Happened,
}

/// Why coins were earned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// The income phase: the base, the lobster license, the canning co (coins, full boats),
    /// and whether the cap cut it.
    Income {
        /// The base income every player earns (`FleetRules::income_base`).
        base: u32,
        /// Extra coins of the lobster license, when one is active.
        lobster: Option<u32>,
        /// The canning co., when complete: (coins it pays, full boats it counted).
        canning: Option<(u32, u32)>,
        /// The income cap took coins away.
        capped: bool,
    },
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
    Round {
        /// The round, 1-based.
        round: u32,
        /// Rounds in the game.
        rounds: u32,
        /// The start player (seat index), `None` when Captain Ruth goes first.
        start: Option<usize>,
    },
    /// The die left in the pool is everyone's.
    Shared {
        /// The face of the shared die.
        face: Face,
    },
    /// A fishing phase begins.
    Fishing {
        /// The round whose fishing phase it is.
        round: u32,
    },
    /// A trophy card is in play.
    TrophyInPlay {
        /// The trophy (index into `FleetRules::trophies`).
        trophy: usize,
    },
    /// The game is over.
    Over,
    /// The start die marks the first `boxes` boxes of its column.
    StartDie {
        /// The boat type the start die shows (index into `FleetRules::boat_types`).
        boat_type: usize,
        /// How many boxes of its column are marked (`FleetRules::start_boxes`).
        boxes: usize,
    },
    /// A captain card was drawn.
    Captain {
        /// The captain card (index into `FleetRules::captains`).
        captain: usize,
    },
    /// A license is activated.
    License {
        /// The boat type (index into `FleetRules::boat_types`).
        boat_type: usize,
        /// The license level now active, 1-based.
        level: usize,
    },
    /// No license of this type is left to activate.
    NoLicense {
        /// The boat type (index into `FleetRules::boat_types`).
        boat_type: usize,
    },
    /// A boat is launched (the `n`-th of its type).
    Launched {
        /// The boat type (index into `FleetRules::boat_types`).
        boat_type: usize,
        /// Which of its boats, 1-based from the top.
        n: usize,
    },
    /// No boat of this type is left to launch.
    NoBoat {
        /// The boat type (index into `FleetRules::boat_types`).
        boat_type: usize,
    },
    /// The king crab license: its VP, and a bonus to choose.
    KingCrabLicense {
        /// VP the license scores at game end.
        vp: u32,
    },
    /// A harbor ship's circle launched a boat (or the barge).
    HarborLaunched {
        /// The harbor ship (index into `FleetRules::harbor`).
        harbor: usize,
        /// Which of the ship's boats, 1-based.
        n: usize,
        /// The ship's section (index into `FleetRules::sections`).
        section: usize,
        /// The box of the circle marked (0-based).
        index: usize,
    },
    /// A king crab bonus was taken.
    BonusTaken {
        /// The bonus (index into `FleetRules::king_crab_bonuses`).
        bonus: usize,
    },
    /// Coins earned and marked on the track: `lost` did not fit, `stars` star boxes were
    /// marked (their star actions wait until after the fishing when `after_fishing`).
    Earned {
        /// Coins earned.
        coins: u32,
        /// What paid them.
        why: Why,
        /// Coins on the player's track now.
        total: u32,
        /// Coins that did not fit on the track.
        lost: u32,
        /// Star boxes marked: a star action each.
        stars: u32,
        /// Earned during a fishing: the star actions wait until after it.
        after_fishing: bool,
    },
    /// A wharf building is complete.
    BuildingComplete {
        /// The building (index into `FleetRules::wharf`).
        building: usize,
    },
    /// The section to mark is full.
    SectionFull {
        /// The section (index into `FleetRules::sections`).
        section: usize,
    },
    /// A `?` circle with neither a license nor a boat left.
    ChoiceNone {
        /// The column's section (index into `FleetRules::sections`).
        section: usize,
        /// The `?` circle's box (0-based).
        index: usize,
    },
    /// A star action with nowhere to go.
    StarLost,
    /// The shrimp license's extra type with no column left.
    NoColumn,
    /// The king crab license with no bonus left.
    NoBonus,
    /// The barge caught `n` fish for `full` full boats.
    Barge {
        /// Fish the barge caught.
        n: u32,
        /// Full boats the player has.
        full: u32,
    },
    /// Fish caught in a fishing phase; `total` on all boats.
    Caught {
        /// Fish caught in this catch.
        n: u32,
        /// Fish on all the player's boats now.
        total: u32,
    },
    /// A private fishing (captain's club).
    PrivateFishing,
    /// The swordfish license after the fishing.
    Swordfish {
        /// Star actions it gives.
        stars: u32,
        /// Coins it gives.
        coins: u32,
    },
    /// A salvage yard star was used (the `n`-th).
    Salvage {
        /// Which of the yard's stars, 1-based.
        n: usize,
    },
    /// A seafood buffet hex was filled (`n` hexes now).
    Hex {
        /// The boat type of the hex (index into `FleetRules::boat_types`).
        boat_type: usize,
        /// Hexes filled now.
        n: usize,
    },
    /// The shrimp die was used as another type (license level `level`).
    FlexAs {
        /// The shrimp license level in force.
        level: usize,
        /// The boat type the die was used as (index into `FleetRules::boat_types`).
        boat_type: usize,
    },
    /// The casino reroll showed this face.
    Reroll {
        /// The face rolled.
        face: Face,
    },
    /// A silver trophy was won.
    Silver {
        /// The trophy (index into `FleetRules::trophies`).
        trophy: usize,
    },
    /// A gold trophy was won with this result.
    Gold {
        /// The trophy (index into `FleetRules::trophies`).
        trophy: usize,
        /// The winning count of what its condition counts.
        best: u32,
    },
    /// Nobody reached the gold trophy.
    NoGold {
        /// The trophy (index into `FleetRules::trophies`).
        trophy: usize,
    },
    /// Captain Ruth acted: why, and the boxes she crossed off (section, index).
    Ruth {
        /// What she did with the die.
        action: RuthAction,
        /// Why, by her rules.
        reason: Reason,
        /// The boxes she crossed off on the player's sheet: (section, box index).
        crossed: Vec<(usize, usize)>,
    },
    /// Captain Ruth's tokens moved at the end of a round: (from, to) section per token.
    RuthTokens {
        /// Per token (boat, harbor, wharf): the section it left and the one it stands on now.
        moves: [(usize, usize); 3],
    },
}
