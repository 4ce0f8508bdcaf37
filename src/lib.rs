//! deckhand: a scoring and rules assistant for roll-and-write board-game nights.
//!
//! The library is the part without a terminal: the games (`games`: each game's rules file,
//! sheet, scoring, checks and live engine, returning typed values), the files that must
//! survive a crash or come from anyone (`store`, `source`), the history database
//! (`history`), and the one layer that puts values into words in English, German and
//! French (`text`). The command line, the terminal prompts and the tables live in the
//! `deckhand` binary. See ARCHITECTURE.md.

#![warn(missing_docs)]

pub mod escape;
pub mod games;
pub mod history;
pub mod invocation;
pub mod message;
pub mod names;
#[cfg(feature = "paper")]
pub mod paper;
pub mod players;
pub mod rng;
pub mod source;
pub mod store;
pub mod text;
pub mod words;
