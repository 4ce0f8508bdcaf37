//! How a Fleet game was set up, as its save's header records it.

use serde::{Deserialize, Serialize};

use super::game::{Dice, Setup as FleetOptions};

/// A Fleet game's setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FleetSetup {
    /// The table's own dice, typed in, or dice deckhand rolls.
    pub dice: Dice,
    /// The seed of digital dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// One player against Captain Ruth.
    #[serde(default)]
    pub solo: bool,
    /// Captain cards instead of the start roll.
    #[serde(default)]
    pub captains: bool,
    /// One gold and one silver trophy in play.
    #[serde(default)]
    pub trophies: bool,
}

impl FleetSetup {
    /// The options the engine starts a game with.
    pub fn options(&self) -> FleetOptions {
        FleetOptions { solo: self.solo, captains: self.captains, trophies: self.trophies }
    }
}
