//! Fischerspiel, the co-operative wind and fish game: its rules (`model`) and the live
//! tracker (`state`), a pure reducer over events.

pub mod live;
pub mod model;
pub mod setup;
pub mod state;
pub mod typed;
