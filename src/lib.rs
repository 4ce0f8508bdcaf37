//! deckhand: a scoring and rules assistant for roll-and-write board-game nights.
//!
//! Layers, data flowing one way: `rules` (TOML → typed, checked rules) → `engine` (pure
//! sheet model, scoring, checks) → `log` (files that survive a crash) → `ui` (prompts) →
//! `report` (tables and exports) → `cli` (commands). See ARCHITECTURE.md.

pub mod cli;
pub mod error;
pub mod games;
pub mod log;
pub mod message;
pub mod players;
pub mod report;
pub mod rng;
pub mod source;
pub mod text;
pub mod ui;
pub mod words;

pub use error::Error;
