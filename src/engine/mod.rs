//! Engine layer: pure game state and rules mechanisms, no I/O and no prompts.

pub mod endgame;
pub mod fischerspiel;
pub mod fleet;
pub mod nauticus;
pub mod rng;
