//! deckhand: a scoring and rules assistant for roll-and-write board-game nights.
//!
//! Layers, data flowing one way: `rules` (TOML → typed, checked rules) → `engine` (pure
//! sheet model, scoring, checks, game state) → `report` (tables and exports) → `ui`
//! (prompts) → `cli` (commands). See ARCHITECTURE.md.

pub mod engine;
pub mod error;
pub mod i18n;
pub mod report;
pub mod rules;
pub mod transcript;

pub use error::Error;
