//! How a Fischerspiel game was set up, as its save's header records it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A co-operative game's setup (Fischerspiel).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoopSetup {
    /// How many people play (the seats have no names).
    pub players: u32,
    /// The rules file's variant id.
    pub variant: String,
    /// The boats in play (colour ids).
    pub boats: Vec<String>,
    /// The fish mix (fish id → how many).
    pub fish: BTreeMap<String, u32>,
}
