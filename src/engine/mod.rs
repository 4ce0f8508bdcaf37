//! Engine layer: pure game state and rules mechanisms, no I/O and no prompts.

pub mod fleet;
pub mod rng;
