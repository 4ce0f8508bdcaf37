//! How a Fischerspiel game was set up, as its save's header records it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::model::FischerspielRules;
use super::state::Setup;

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

impl CoopSetup {
    /// What the header records of a game of `players` set up as `setup`: the ids of its
    /// variant, boats and fish.
    pub fn of(rules: &FischerspielRules, players: u32, setup: &Setup) -> CoopSetup {
        CoopSetup {
            players,
            variant: rules.variants[setup.variant].id.clone(),
            boats: setup.boats.iter().map(|b| rules.boats[*b].id.clone()).collect(),
            fish: rules.fish.iter().zip(&setup.fish).map(|(f, n)| (f.id.clone(), *n)).collect(),
        }
    }
}
