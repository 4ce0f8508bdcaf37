//! Fleet: The Dice Game — sheet model, scoring and sheet checks.

pub mod check;
pub mod game;
pub mod random;
pub mod ruth;
pub mod score;
pub mod session;
pub mod sheet;

pub use check::{check_game, check_game_in, check_sheet, check_sheet_in, Rule, Violation};
pub use score::{score, Score};
pub use sheet::{Mark, Sheet};
