//! The serde shape of an `endgame` rules file, exactly as written (`Spanned` where a
//! check must point at the value).

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::games::names::{Names, Text};
use crate::source::spanned::Spanned;
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    pub game: Game,
    #[serde(default)]
    pub input: Vec<Input>,
    #[serde(default)]
    pub limit: Vec<Limit>,
    #[serde(default)]
    pub derived: Vec<Value>,
    #[serde(default)]
    pub category: Vec<Value>,
    #[serde(default)]
    pub tie_break: Vec<TieBreak>,
    #[serde(default)]
    pub calculator: Vec<Calculator>,
    #[serde(default)]
    pub card: Card,
    #[serde(default)]
    pub helpers: Option<Helpers>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    pub id: Spanned<String>,
    #[allow(dead_code)] // read first, by games::detect_engine
    pub engine: String,
    pub name: Names,
    #[serde(default)]
    pub year: Option<u32>,
    /// BoardGameGeek's id of the game (BG Stats exports of the history).
    #[serde(default)]
    pub bgg_id: Option<u32>,
    #[serde(default)]
    pub by: Option<Text>,
    pub players: Spanned<PlayerRange>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRange {
    pub min: u32,
    pub max: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub id: Spanned<String>,
    pub name: Names,
    #[serde(default)]
    pub list: Option<Spanned<bool>>,
    #[serde(default)]
    pub min: Option<Spanned<i64>>,
    #[serde(default)]
    pub max: Option<Spanned<i64>>,
    #[serde(default)]
    pub item_min: Option<Spanned<i64>>,
    #[serde(default)]
    pub item_max: Option<Spanned<i64>>,
    #[serde(default)]
    pub max_items: Option<Spanned<i64>>,
    #[serde(default)]
    pub because: Option<Text>,
    #[serde(default)]
    pub help: Option<Text>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limit {
    pub id: Spanned<String>,
    pub sum: Spanned<BTreeMap<String, i64>>,
    #[serde(default)]
    pub min: Option<Spanned<i64>>,
    #[serde(default)]
    pub max: Option<Spanned<i64>>,
    #[serde(default)]
    pub scope: Option<Spanned<String>>,
    /// The limit holds only in games of this many players (known when the sheets of one
    /// game are checked together).
    #[serde(default)]
    pub players: Option<Spanned<PlayerRange>>,
    pub because: Text,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Value {
    pub id: Spanned<String>,
    pub name: Names,
    pub kind: Spanned<String>,
    #[serde(default)]
    pub of: Option<Spanned<toml::Value>>,
    #[serde(default)]
    pub points: Option<Spanned<toml::Value>>,
    #[serde(default)]
    pub every: Option<Spanned<i64>>,
    #[serde(default)]
    pub table: Option<Spanned<Vec<i64>>>,
    #[serde(default)]
    pub beyond: Option<Spanned<i64>>,
    #[serde(default)]
    pub cap: Option<Spanned<i64>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TieBreak {
    pub of: Spanned<String>,
    pub name: Names,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Calculator {
    pub id: Spanned<String>,
    pub name: Names,
    #[serde(default)]
    pub help: Option<Text>,
    #[serde(default)]
    pub input: Vec<Input>,
    #[serde(default)]
    pub limit: Vec<Limit>,
    #[serde(default)]
    pub derived: Vec<Value>,
    #[serde(default)]
    pub result: Vec<Value>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Card {
    #[serde(default)]
    pub setup: Vec<Text>,
    #[serde(default)]
    pub round: Vec<Text>,
    #[serde(default)]
    pub golden_rules: Vec<Text>,
    #[serde(default)]
    pub end: Vec<Text>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Helpers {
    #[serde(default)]
    pub nauticus: Option<crate::games::nauticus::raw::Nauticus>,
}
