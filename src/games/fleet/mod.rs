//! Fleet: The Dice Game. The rules file (`schema` → `compile` → `model`), one player's
//! sheet (`sheet`, its file format `sheet_file`), scoring, checks of finished sheets, the
//! live game (`game`, folded from its decisions by `session`), Captain Ruth, and the
//! random player of the property tests and benchmarks.

pub mod advisor;
pub mod check;
mod compile;
mod compile_parts;
pub mod entry;
pub mod game;
pub mod live;
pub mod model;
pub mod pad;
pub mod precompiled;
pub mod random;
pub mod ruth;
pub(crate) mod schema;
pub mod score;
pub mod session;
pub mod setup;
pub mod sheet;
pub mod sheet_file;
pub mod table;

pub use check::{check_game, check_sheet, per_sheet, Found, Rule, Violation};
pub use compile::compile;
pub use model::*;
pub use score::{score, Score};
pub use sheet::{Mark, Sheet};
