//! End-game calculators as data (the `endgame` engine): the rules file (`schema` →
//! `compile` → `model`), a sheet's evaluation and checks (`eval`) and the sheet file
//! format (`sheet_file`). Nauticus, Titania and any user's TOML game use it.

pub(crate) mod compile;
pub mod eval;
pub mod model;
pub(crate) mod schema;
pub mod sheet_file;

pub(crate) use compile::{compile, similar, word_span};
pub use model::*;
