//! The serde shape of a Fleet rules file, exactly as written: `Spanned` wherever a check
//! in `compile` must point at the value. Nothing here is checked yet.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::games::names::Names;
use crate::source::spanned::Spanned;
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    pub game: Game,
    pub income: Income,
    pub licenses: Licenses,
    pub dice: Dice,
    pub boat_types: Vec<BoatType>,
    pub coin_track: CoinTrack,
    pub market: Market,
    pub harbor_ships: Vec<HarborShip>,
    pub king_crab: KingCrab,
    pub wharf_buildings: Vec<Building>,
    pub scoring: Scoring,
    pub solo: Solo,
    #[serde(default)]
    pub options: Options,
    #[serde(default)]
    pub cards: Cards,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Cards {
    #[serde(default)]
    pub example: bool,
    #[serde(default)]
    pub captains: Vec<Captain>,
    #[serde(default)]
    pub trophies: Vec<Trophy>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Captain {
    pub id: Spanned<String>,
    pub name: Names,
    pub boat_type: Spanned<String>,
    #[serde(default)]
    pub marks: Vec<Spanned<String>>,
    pub bonus: CardBonus,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardBonus {
    pub per: Spanned<String>,
    pub every: Spanned<u32>,
    pub points: u32,
    pub cap: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trophy {
    pub id: Spanned<String>,
    pub name: Names,
    pub metal: Spanned<String>,
    pub quantity: Spanned<String>,
    pub at_least: u32,
    pub vp: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    pub id: Spanned<String>,
    pub engine: Spanned<String>,
    pub name: Names,
    #[serde(default)]
    pub year: Option<u32>,
    /// BoardGameGeek's id of the game (BG Stats exports of the history).
    #[serde(default)]
    pub bgg_id: Option<u32>,
    pub players: Spanned<PlayerRange>,
    pub rounds: Spanned<u32>,
    pub fishing_rounds: Spanned<Vec<u32>>,
    pub start_boxes: Spanned<usize>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRange {
    pub min: u32,
    pub max: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Income {
    pub base: u32,
    pub cap: Spanned<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Licenses {
    pub second_license_coins: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dice {
    pub boat_faces: Vec<Spanned<String>>,
    pub town_faces: Vec<Spanned<String>>,
    pub coins_face: u32,
    pub die_as_coins: u32,
    pub boat_dice_in_box: u32,
    pub town_dice_in_box: u32,
    pub pools: Spanned<Vec<Pool>>,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct Pool {
    pub players: u32,
    pub boat: u32,
    pub town: u32,
    pub town_boat: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoatType {
    pub id: Spanned<String>,
    pub name: Names,
    pub column: Spanned<String>,
    pub license_effect: Spanned<String>,
    pub license_levels: Spanned<Vec<LicenseLevel>>,
    pub license_vp: Spanned<Vec<u32>>,
    #[serde(default)]
    pub fish_per_catch: Option<u32>,
    pub boats: Spanned<Vec<Boat>>,
    #[serde(default)]
    pub provisional: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize, Clone, Copy, Default)]
#[serde(deny_unknown_fields)]
pub struct LicenseLevel {
    #[serde(default)]
    pub types: Option<u32>,
    #[serde(default)]
    pub stars: Option<u32>,
    #[serde(default)]
    pub coins: Option<u32>,
    #[serde(default)]
    pub capacity: Option<u32>,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct Boat {
    pub capacity: u32,
    pub vp: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoinTrack {
    pub name: Names,
    pub boxes: Spanned<String>,
    #[serde(default)]
    pub provisional: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Market {
    pub name: Names,
    pub brackets: Spanned<Vec<Bracket>>,
    #[serde(default)]
    pub provisional: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct Bracket {
    pub from: u32,
    pub coins: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HarborShip {
    pub id: Spanned<String>,
    pub name: Names,
    pub boxes: Spanned<String>,
    pub effect: Spanned<String>,
    pub counts_as_boat: bool,
    #[serde(default)]
    pub license_vp: Option<u32>,
    #[serde(default)]
    pub boats: Option<Spanned<Vec<Boat>>>,
    #[serde(default)]
    pub provisional: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KingCrab {
    pub cap: u32,
    pub bonuses: Spanned<Vec<Bonus>>,
    #[serde(default)]
    pub provisional: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bonus {
    pub id: Spanned<String>,
    pub name: Names,
    pub per: Spanned<String>,
    pub every: Spanned<u32>,
    pub points: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Building {
    pub id: Spanned<String>,
    pub name: Names,
    pub boxes: Spanned<String>,
    pub effect: Spanned<String>,
    pub vp: BuildingVp,
    #[serde(default)]
    pub coins: Option<u32>,
    #[serde(default)]
    pub stars: Option<u32>,
    #[serde(default)]
    pub hex_vp: Option<Spanned<Vec<u32>>>,
    #[serde(default)]
    pub provisional: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuildingVp {
    pub kind: Spanned<String>,
    pub points: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    pub tie_breaks: Vec<Spanned<String>>,
    pub categories: BTreeMap<String, Names>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Solo {
    pub rounds: u32,
    pub tokens: Vec<Spanned<String>>,
    pub boat_loop: Vec<Spanned<String>>,
    pub harbor_loop: Vec<Spanned<String>>,
    pub wharf_loop: Vec<Spanned<String>>,
    pub ratings: Spanned<Vec<Rating>>,
    #[serde(default)]
    pub provisional: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rating {
    pub min: u32,
    pub name: Names,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    pub barge_can_be_full: Option<bool>,
    pub star_action_may_activate_king_crab: Option<bool>,
    pub coin_track_overflow: Option<Spanned<String>>,
    pub casino_reroll: Option<Spanned<String>>,
    pub oyster_coin_needs_license: Option<bool>,
    pub ruth_star_die: Option<Spanned<String>>,
    pub shrimp_coins_face: Option<Spanned<String>>,
    pub star_action_targets: Option<Spanned<String>>,
    pub start_launch_pays_cod_coin: Option<bool>,
    pub ruth_town_joker: Option<Spanned<String>>,
    pub swordfish_timing: Option<Spanned<String>>,
}
