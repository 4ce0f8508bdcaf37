//! Fleet: The Dice Game rules: the TOML shape (`raw`), its semantic checks, and the
//! compiled form every other layer uses (`FleetRules`, with the sheet layout).

use std::collections::{BTreeMap, HashSet};
use std::ops::Range;

use super::spanned::Spanned;
use serde::{Deserialize, Serialize};

use super::names::Names;
use super::source::{Diagnostic, Source};
use crate::t;

// ------------------------------------------------------------------------------------
// Raw TOML shape. Spanned where a semantic error must point at the value.
// ------------------------------------------------------------------------------------

mod raw {
    use super::*;

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
    }
}

// ------------------------------------------------------------------------------------
// Compiled rules.
// ------------------------------------------------------------------------------------

/// What a box in a boat-type column grants when it is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ColumnBox {
    Plain,
    License,
    Boat,
    Choice,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LicenseEffect {
    /// Shrimp: a picked shrimp die used as `types` boat types, plus `stars` star actions.
    FlexDie,
    /// Cod: coins on every launch.
    LaunchCoins,
    /// Lobster: extra income.
    Income,
    /// Swordfish: star actions and coins after a fishing phase.
    AfterFishing,
    /// Oyster: capacity of every oyster boat.
    Oyster,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct LicenseLevel {
    pub types: u32,
    pub stars: u32,
    pub coins: u32,
    pub capacity: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoatSpec {
    pub capacity: u32,
    pub vp: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BoatType {
    pub id: String,
    pub name: Names,
    pub column: Vec<ColumnBox>,
    pub license_effect: LicenseEffect,
    pub license_levels: Vec<LicenseLevel>,
    pub license_vp: Vec<u32>,
    pub fish_per_catch: u32,
    pub boats: Vec<BoatSpec>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum HarborEffect {
    KingCrab,
    PrivateFishing,
    Launch,
    Barge,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HarborShip {
    pub id: String,
    pub name: Names,
    /// true where the box is an activation circle.
    pub circles: Vec<bool>,
    pub effect: HarborEffect,
    pub counts_as_boat: bool,
    pub license_vp: u32,
    /// One boat per launching circle, in order.
    pub boats: Vec<BoatSpec>,
}

impl HarborShip {
    /// Index among this ship's circles of the first one that launches a boat.
    pub fn first_launching_circle(&self) -> usize {
        usize::from(self.effect == HarborEffect::KingCrab)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Quantity {
    Fish,
    Boats,
    Licenses,
    Buildings,
    Coins,
}

impl Quantity {
    fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "fish" => Quantity::Fish,
            "boats" => Quantity::Boats,
            "licenses" => Quantity::Licenses,
            "buildings" => Quantity::Buildings,
            "coins" => Quantity::Coins,
            _ => return None,
        })
    }

    /// What is counted, in a language (`fish`, `Fische`, `poissons`).
    pub fn name(self, lang: &str) -> String {
        match self {
            Quantity::Fish => crate::t!(lang, "engine.quantity.fish"),
            Quantity::Boats => crate::t!(lang, "engine.quantity.boats"),
            Quantity::Licenses => crate::t!(lang, "engine.quantity.licenses"),
            Quantity::Buildings => crate::t!(lang, "engine.quantity.buildings"),
            Quantity::Coins => crate::t!(lang, "engine.quantity.coins"),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct KingCrabBonus {
    pub id: String,
    pub name: Names,
    pub per: Quantity,
    pub every: u32,
    pub points: u32,
}

/// A personal or card bonus: VP = points * (count / every), at most `cap`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardBonus {
    pub per: Quantity,
    pub every: u32,
    pub points: u32,
    pub cap: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Captain {
    pub id: String,
    pub name: Names,
    pub boat_type: usize,
    /// Sections (harbor ships, wharf buildings) whose top box is marked at setup.
    pub marks: Vec<usize>,
    pub bonus: CardBonus,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Metal {
    Gold,
    Silver,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Trophy {
    pub id: String,
    pub name: Names,
    pub metal: Metal,
    pub quantity: Quantity,
    pub at_least: u32,
    pub vp: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BuildingEffect {
    Reroll,
    None,
    Buffet,
    Salvage,
    DieAsCoins,
    MarketBonus,
    IncomePerFullBoat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BuildingVp {
    Complete(u32),
    PerBox(u32),
    AllBoxes(u32),
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Building {
    pub id: String,
    pub name: Names,
    pub circles: Vec<bool>,
    pub effect: BuildingEffect,
    pub vp: BuildingVp,
    pub coins: u32,
    pub stars: u32,
    pub hex_vp: Vec<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    pub boat: u32,
    pub town: u32,
    pub town_boat: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TownFace {
    Harbor,
    Wharf,
    Market,
}

/// A boat-die face: a boat type index, or the coins face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoatFace {
    Type(usize),
    Coins,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Dice {
    pub boat_faces: Vec<BoatFace>,
    pub town_faces: Vec<TownFace>,
    pub coins_face: u32,
    pub die_as_coins: u32,
    pub boat_dice_in_box: u32,
    pub town_dice_in_box: u32,
    /// Pools indexed by player count.
    pub pools: BTreeMap<u32, Pool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieBreak {
    Fish,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Rating {
    pub min: u32,
    pub name: Names,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Solo {
    pub rounds: u32,
    pub tokens: Vec<usize>,
    pub boat_loop: Vec<usize>,
    pub harbor_loop: Vec<usize>,
    pub wharf_loop: Vec<usize>,
    pub ratings: Vec<Rating>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CoinOverflow {
    Lost,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CasinoReroll {
    OncePerPhase,
    Unlimited,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuthStarDie {
    Market,
    Harbor,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub barge_can_be_full: bool,
    pub star_action_may_activate_king_crab: bool,
    pub coin_track_overflow: CoinOverflow,
    pub casino_reroll: CasinoReroll,
    pub oyster_coin_needs_license: bool,
    pub ruth_star_die: RuthStarDie,
}

/// What a section of the sheet is. Every section has an id and boxes with ids `id.N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SectionKind {
    Column(usize),
    Licenses(usize),
    Boats(usize),
    Coins,
    Harbor(usize),
    Wharf(usize),
    /// The seafood buffet's hexes, one per boat type; filled in any order.
    BuffetHexes,
    /// The salvage yard's stars.
    SalvageStars,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Section {
    pub id: String,
    pub kind: SectionKind,
    pub len: usize,
}

impl Section {
    /// The golden rule (topmost free box first) holds for every section but the hexes.
    pub fn ordered(&self) -> bool {
        self.kind != SectionKind::BuffetHexes
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FleetRules {
    pub id: String,
    pub name: Names,
    pub year: Option<u32>,
    pub min_players: u32,
    pub max_players: u32,
    pub rounds: u32,
    pub fishing_rounds: Vec<u32>,
    pub start_boxes: usize,
    pub income_base: u32,
    pub income_cap: u32,
    pub second_license_coins: u32,
    pub dice: Dice,
    pub boat_types: Vec<BoatType>,
    pub coin_name: Names,
    /// true where a coin-track box is a star.
    pub coin_stars: Vec<bool>,
    pub market_name: Names,
    pub market: Vec<(u32, u32)>,
    pub harbor: Vec<HarborShip>,
    pub king_crab_cap: u32,
    pub king_crab_bonuses: Vec<KingCrabBonus>,
    pub wharf: Vec<Building>,
    pub tie_breaks: Vec<TieBreak>,
    pub categories: Vec<(String, Names)>,
    pub solo: Solo,
    pub options: Options,
    /// Captain cards and trophy cards; `cards_example` when they are a made-up example set.
    pub captains: Vec<Captain>,
    pub trophies: Vec<Trophy>,
    pub cards_example: bool,
    /// Every section of the sheet, in the order a person reads the paper.
    pub sections: Vec<Section>,
    /// Where each kind of section is in `sections` (`section_of` is on every hot path).
    pub index: SectionIndex,
}

/// Positions in `FleetRules::sections` by kind.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SectionIndex {
    pub column: Vec<usize>,
    pub licenses: Vec<usize>,
    pub boats: Vec<usize>,
    pub harbor: Vec<usize>,
    pub wharf: Vec<usize>,
    pub coins: usize,
    pub buffet_hexes: usize,
    pub salvage_stars: usize,
}

impl SectionIndex {
    fn build(sections: &[Section], types: usize, harbor: usize, wharf: usize) -> SectionIndex {
        let mut ix = SectionIndex {
            column: vec![0; types],
            licenses: vec![0; types],
            boats: vec![0; types],
            harbor: vec![0; harbor],
            wharf: vec![0; wharf],
            ..SectionIndex::default()
        };
        for (i, s) in sections.iter().enumerate() {
            match s.kind {
                SectionKind::Column(t) => ix.column[t] = i,
                SectionKind::Licenses(t) => ix.licenses[t] = i,
                SectionKind::Boats(t) => ix.boats[t] = i,
                SectionKind::Harbor(h) => ix.harbor[h] = i,
                SectionKind::Wharf(w) => ix.wharf[w] = i,
                SectionKind::Coins => ix.coins = i,
                SectionKind::BuffetHexes => ix.buffet_hexes = i,
                SectionKind::SalvageStars => ix.salvage_stars = i,
            }
        }
        ix
    }
}

/// The five scoring categories, in table order.
pub const CATEGORIES: [&str; 5] = ["fish", "boats", "licenses", "buildings", "bonus"];

impl FleetRules {
    pub fn section_index(&self, id: &str) -> Option<usize> {
        self.sections.iter().position(|s| s.id == id)
    }

    pub fn section_of(&self, kind: SectionKind) -> usize {
        self.sections.iter().position(|s| s.kind == kind).expect("every section kind built by compile() exists")
    }

    pub fn boat_type_index(&self, id: &str) -> Option<usize> {
        self.boat_types.iter().position(|t| t.id == id)
    }

    pub fn harbor_index(&self, id: &str) -> Option<usize> {
        self.harbor.iter().position(|h| h.id == id)
    }

    pub fn wharf_index(&self, id: &str) -> Option<usize> {
        self.wharf.iter().position(|b| b.id == id)
    }

    pub fn building_with(&self, effect: BuildingEffect) -> Option<usize> {
        self.wharf.iter().position(|b| b.effect == effect)
    }

    pub fn harbor_with(&self, effect: HarborEffect) -> Option<usize> {
        self.harbor.iter().position(|h| h.effect == effect)
    }

    /// Market coins for a total number of fish.
    pub fn market_coins(&self, fish: u32) -> u32 {
        self.market.iter().rev().find(|(from, _)| fish >= *from).map_or(0, |(_, c)| *c)
    }

    /// Number of fishing phases in a game with the given number of rounds.
    pub fn fishing_phases(&self, rounds: u32) -> u32 {
        self.fishing_rounds.iter().filter(|r| **r <= rounds).count() as u32
    }

    pub fn pool(&self, players: u32) -> Option<Pool> {
        self.dice.pools.get(&players).copied()
    }

    /// Human name of a section in the given language.
    pub fn section_name(&self, section: usize, lang: &str) -> String {
        match self.sections[section].kind {
            SectionKind::Column(t) => {
                crate::t!(lang, "engine.column", type = self.boat_types[t].name.get(lang))
            }
            SectionKind::Licenses(t) => {
                crate::t!(lang, "engine.licenses", type = self.boat_types[t].name.get(lang))
            }
            SectionKind::Boats(t) => {
                crate::t!(lang, "engine.boats", type = self.boat_types[t].name.get(lang))
            }
            SectionKind::Coins => self.coin_name.get(lang).to_string(),
            SectionKind::Harbor(h) => self.harbor[h].name.get(lang).to_string(),
            SectionKind::Wharf(w) => self.wharf[w].name.get(lang).to_string(),
            SectionKind::BuffetHexes => crate::t!(lang, "engine.buffet_hexes"),
            SectionKind::SalvageStars => crate::t!(lang, "engine.salvage_stars"),
        }
    }

    /// Label of box `i` (0-based) of a section: `cod.4`, or `buffet_hex.cod` for hexes.
    pub fn box_id(&self, section: usize, i: usize) -> String {
        let s = &self.sections[section];
        match s.kind {
            SectionKind::BuffetHexes => format!("{}.{}", s.id, self.boat_types[i].id),
            _ => format!("{}.{}", s.id, i + 1),
        }
    }

    /// A layout string a person can compare with the paper (`. L B ? ...`).
    pub fn layout_hint(&self, section: usize) -> String {
        let glyphs: Vec<String> = match self.sections[section].kind {
            SectionKind::Column(t) => self.boat_types[t]
                .column
                .iter()
                .map(|b| match b {
                    ColumnBox::Plain => ".",
                    ColumnBox::License => "L",
                    ColumnBox::Boat => "B",
                    ColumnBox::Choice => "?",
                })
                .map(String::from)
                .collect(),
            SectionKind::Harbor(h) => circles_hint(&self.harbor[h].circles),
            SectionKind::Wharf(w) => circles_hint(&self.wharf[w].circles),
            SectionKind::Coins => self.coin_stars.iter().map(|s| if *s { "*" } else { "." }.to_string()).collect(),
            SectionKind::BuffetHexes => self.boat_types.iter().map(|t| t.id.clone()).collect(),
            _ => vec![".".to_string(); self.sections[section].len],
        };
        glyphs.join(" ")
    }
}

fn circles_hint(circles: &[bool]) -> Vec<String> {
    circles.iter().map(|c| if *c { "O" } else { "." }.to_string()).collect()
}

// ------------------------------------------------------------------------------------
// Loading and semantic checks.
// ------------------------------------------------------------------------------------

/// The largest number a Fleet rules file may hold (every number is 0 to this).
pub const MAX_NUMBER: u32 = 1_000_000;

/// Parse and check a Fleet rules file. On failure returns every diagnostic found.
pub fn compile(source: &Source) -> Result<FleetRules, Vec<Diagnostic>> {
    compile_in(source, "en")
}

/// `compile` with the diagnostics (messages and help) in a language (`en`, `de`, `fr`).
/// Render them with `Source::render_in` in the same language.
pub fn compile_in(source: &Source, lang: &str) -> Result<FleetRules, Vec<Diagnostic>> {
    // Every number is a count, a number of coins, VP or a position: 0 to MAX_NUMBER, so
    // no sum or product in scoring can wrap.
    let out_of_range: Vec<Diagnostic> = super::source::integers_outside(&source.text, 0, i128::from(MAX_NUMBER))
        .into_iter()
        .map(|(span, written)| {
            Diagnostic::new(t!(lang, "rules.number_out_of_range", value = written, max = MAX_NUMBER), Some(span))
                .help(t!(lang, "rules.number_out_of_range_help", max = MAX_NUMBER))
        })
        .collect();
    if !out_of_range.is_empty() {
        return Err(out_of_range);
    }
    // A syntax error is the `toml` crate's (quoted in our frame); a key, type or range
    // mistake is found by our reader (`rules::de`), in the language.
    let file: raw::File = super::de::from_str(&source.text).map_err(|e| vec![e.diagnostic(lang)])?;
    let lang = crate::i18n::LANGS.iter().copied().find(|l| *l == lang).unwrap_or("en");
    let mut c = Checker { diags: Vec::new(), lang };
    let rules = c.compile(file);
    if c.diags.is_empty() {
        Ok(rules)
    } else {
        Err(c.diags)
    }
}

struct Checker {
    diags: Vec<Diagnostic>,
    /// The language of the messages.
    lang: &'static str,
}

fn span<T>(s: &Spanned<T>) -> Option<Range<usize>> {
    Some(s.span())
}

impl Checker {
    /// What a part of the rules is called in messages (`unique_ids`, the solo checks).
    fn what(&self, what: &str) -> String {
        let lang = self.lang;
        match what {
            "boat type" => t!(lang, "rules.what_boat_type"),
            "harbor ship" => t!(lang, "rules.what_harbor_ship"),
            "wharf building" => t!(lang, "rules.what_wharf_building"),
            "card" => t!(lang, "rules.what_card"),
            "boat loop" => t!(lang, "rules.what_boat_loop"),
            "harbor loop" => t!(lang, "rules.what_harbor_loop"),
            "wharf loop" => t!(lang, "rules.what_wharf_loop"),
            other => other.to_string(),
        }
    }

    fn err(&mut self, at: Option<Range<usize>>, message: impl Into<String>, help: Option<&str>) {
        let mut d = Diagnostic::new(message, at);
        if let Some(h) = help {
            d = d.help(h);
        }
        self.diags.push(d);
    }

    fn unique_ids<'a>(
        &mut self,
        what: &str,
        ids: impl Iterator<Item = &'a Spanned<String>>,
        seen: &mut HashSet<String>,
    ) {
        let what = self.what(what);
        let lang = self.lang;
        for id in ids {
            let v = id.get_ref();
            if v.is_empty() || !v.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
                self.err(
                    span(id),
                    t!(lang, "rules.id_format", what = what, id = v),
                    Some(&t!(lang, "rules.id_format_help")),
                );
            }
            if !seen.insert(v.clone()) {
                self.err(span(id), t!(lang, "rules.duplicate_id", id = v), Some(&t!(lang, "rules.duplicate_id_help")));
            }
        }
    }

    fn tokens(&mut self, layout: &Spanned<String>, allowed: &str, what: &str) -> Vec<char> {
        let mut out = Vec::new();
        for tok in layout.get_ref().split_whitespace() {
            let mut chars = tok.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if allowed.contains(c) => out.push(c),
                _ => {
                    self.err(
                        span(layout),
                        t!(
                            self.lang,
                            "rules.not_a_box",
                            what = what,
                            token = tok,
                            allowed = allowed.chars().map(String::from).collect::<Vec<_>>().join("`, `")
                        ),
                        None,
                    );
                    return out;
                }
            }
        }
        if out.is_empty() {
            self.err(span(layout), t!(self.lang, "rules.no_boxes", what = what), None);
        }
        out
    }

    fn provisional_keys(&mut self, keys: &[Spanned<String>], allowed: &[&str]) {
        for k in keys {
            if !allowed.contains(&k.get_ref().as_str()) {
                self.err(
                    span(k),
                    t!(self.lang, "rules.provisional_unknown", key = k.get_ref()),
                    Some(&t!(self.lang, "rules.provisional_unknown_help", keys = allowed.join(", "))),
                );
            }
        }
    }

    fn compile(&mut self, f: raw::File) -> FleetRules {
        let lang = self.lang;
        let mut seen = HashSet::new();
        self.unique_ids("boat type", f.boat_types.iter().map(|t| &t.id), &mut seen);
        self.unique_ids("harbor ship", f.harbor_ships.iter().map(|t| &t.id), &mut seen);
        self.unique_ids("wharf building", f.wharf_buildings.iter().map(|t| &t.id), &mut seen);

        if f.game.engine.get_ref() != "fleet" {
            self.err(span(&f.game.engine), t!(lang, "rules.engine_mismatch", engine = f.game.engine.get_ref()), None);
        }
        let players = f.game.players.get_ref();
        if players.min < 1 || players.min > players.max {
            self.err(
                span(&f.game.players),
                t!(lang, "rules.players_range", min = players.min, max = players.max),
                None,
            );
        }
        let rounds = *f.game.rounds.get_ref();
        if rounds == 0 {
            self.err(span(&f.game.rounds), t!(lang, "rules.no_rounds"), None);
        }
        let fishing_rounds = f.game.fishing_rounds.get_ref().clone();
        if fishing_rounds.windows(2).any(|w| w[0] >= w[1]) || fishing_rounds.iter().any(|r| *r == 0 || *r > rounds) {
            self.err(span(&f.game.fishing_rounds), t!(lang, "rules.fishing_rounds", rounds = rounds), None);
        }
        if *f.income.cap.get_ref() < f.income.base {
            self.err(
                span(&f.income.cap),
                t!(lang, "rules.income_cap", cap = f.income.cap.get_ref(), base = f.income.base),
                None,
            );
        }

        // Boat types.
        let mut boat_types = Vec::new();
        for t in &f.boat_types {
            boat_types.push(self.boat_type(t, *f.game.start_boxes.get_ref(), &f.game.start_boxes));
        }
        if boat_types.is_empty() {
            self.err(None, t!(lang, "rules.no_boat_types"), Some(&t!(lang, "rules.no_boat_types_help")));
        }
        let type_index = |id: &str| boat_types.iter().position(|t: &BoatType| t.id == id);

        // Dice.
        let mut boat_faces = Vec::new();
        for face in &f.dice.boat_faces {
            match face.get_ref().as_str() {
                "coins" => boat_faces.push(BoatFace::Coins),
                id => match type_index(id) {
                    Some(i) => boat_faces.push(BoatFace::Type(i)),
                    None => self.err(
                        span(face),
                        t!(lang, "rules.boat_face_unknown", face = id),
                        Some(&t!(
                            lang,
                            "rules.boat_face_unknown_help",
                            types = boat_types.iter().map(|t| t.id.as_str()).collect::<Vec<_>>().join(", ")
                        )),
                    ),
                },
            }
        }
        for (i, t) in boat_types.iter().enumerate() {
            if !boat_faces.contains(&BoatFace::Type(i)) {
                self.err(
                    None,
                    t!(lang, "rules.boat_face_missing", id = t.id),
                    Some(&t!(lang, "rules.boat_face_missing_help")),
                );
            }
        }
        let mut town_faces = Vec::new();
        for face in &f.dice.town_faces {
            match face.get_ref().as_str() {
                "harbor" => town_faces.push(TownFace::Harbor),
                "wharf" => town_faces.push(TownFace::Wharf),
                "market" => town_faces.push(TownFace::Market),
                other => self.err(span(face), t!(lang, "rules.town_face_unknown", face = other), None),
            }
        }
        let mut pools = BTreeMap::new();
        for p in f.dice.pools.get_ref() {
            if pools.insert(p.players, Pool { boat: p.boat, town: p.town, town_boat: p.town_boat }).is_some() {
                self.err(span(&f.dice.pools), t!(lang, "rules.pool_twice", players = p.players), None);
            }
            if p.boat + p.town_boat > f.dice.boat_dice_in_box || p.town > f.dice.town_dice_in_box {
                self.err(
                    span(&f.dice.pools),
                    t!(
                        lang,
                        "rules.pool_too_big",
                        players = p.players,
                        boat = p.boat + p.town_boat,
                        town = p.town,
                        boat_box = f.dice.boat_dice_in_box,
                        town_box = f.dice.town_dice_in_box
                    ),
                    None,
                );
            }
            if p.boat < 2 {
                self.err(span(&f.dice.pools), t!(lang, "rules.pool_boat_small", players = p.players), None);
            }
        }
        for n in f.game.players.get_ref().min..=f.game.players.get_ref().max {
            if !pools.contains_key(&n) {
                self.err(
                    span(&f.dice.pools),
                    t!(lang, "rules.pool_missing", players = n),
                    Some(&t!(lang, "rules.pool_missing_help")),
                );
            }
        }

        // Coin track.
        let coin_tokens = self.tokens(&f.coin_track.boxes, ".*", "coin_track.boxes");
        let coin_stars: Vec<bool> = coin_tokens.iter().map(|c| *c == '*').collect();
        self.provisional_keys(&f.coin_track.provisional, &["boxes", "name"]);

        // Market: sorted brackets starting at 0.
        let brackets: Vec<(u32, u32)> = f.market.brackets.get_ref().iter().map(|b| (b.from, b.coins)).collect();
        if brackets.first().map(|b| b.0) != Some(0) {
            self.err(span(&f.market.brackets), t!(lang, "rules.market_start"), None);
        }
        if brackets.windows(2).any(|w| w[0].0 >= w[1].0) {
            self.err(
                span(&f.market.brackets),
                t!(lang, "rules.market_sorted"),
                Some(&t!(lang, "rules.market_sorted_help")),
            );
        }
        if brackets.windows(2).any(|w| w[0].1 > w[1].1) {
            self.err(span(&f.market.brackets), t!(lang, "rules.market_coins_down"), None);
        }
        self.provisional_keys(&f.market.provisional, &["brackets", "name"]);

        // Harbor ships.
        let mut harbor = Vec::new();
        for h in &f.harbor_ships {
            harbor.push(self.harbor_ship(h));
        }
        for effect in [HarborEffect::KingCrab, HarborEffect::Barge] {
            if harbor.iter().filter(|h| h.effect == effect).count() > 1 {
                self.err(None, t!(lang, "rules.harbor_effect_twice", effect = format!("{effect:?}")), None);
            }
        }

        // King crab bonuses.
        let mut bonuses = Vec::new();
        let mut bonus_ids = HashSet::new();
        for b in f.king_crab.bonuses.get_ref() {
            if !bonus_ids.insert(b.id.get_ref().clone()) {
                self.err(span(&b.id), t!(lang, "rules.bonus_duplicate", id = b.id.get_ref()), None);
            }
            let per = Quantity::parse(b.per.get_ref());
            if per.is_none() {
                self.err(
                    span(&b.per),
                    t!(lang, "rules.bonus_per_unknown", per = b.per.get_ref()),
                    Some(&t!(lang, "rules.quantity_help")),
                );
            }
            if *b.every.get_ref() == 0 {
                self.err(span(&b.every), t!(lang, "rules.every_zero"), None);
            }
            bonuses.push(KingCrabBonus {
                id: b.id.get_ref().clone(),
                name: b.name.clone(),
                per: per.unwrap_or(Quantity::Fish),
                every: (*b.every.get_ref()).max(1),
                points: b.points,
            });
        }
        let max_players = f.game.players.get_ref().max as usize;
        if harbor.iter().any(|h| h.effect == HarborEffect::KingCrab) && bonuses.len() < max_players {
            self.err(
                span(&f.king_crab.bonuses),
                t!(lang, "rules.bonuses_too_few", count = bonuses.len(), max = max_players),
                Some(&t!(lang, "rules.bonuses_too_few_help")),
            );
        }
        self.provisional_keys(&f.king_crab.provisional, &["bonuses", "cap"]);

        // Wharf buildings.
        let mut wharf = Vec::new();
        for b in &f.wharf_buildings {
            wharf.push(self.building(b));
        }
        for effect in [BuildingEffect::Buffet, BuildingEffect::Salvage] {
            if wharf.iter().filter(|b| b.effect == effect).count() > 1 {
                self.err(None, t!(lang, "rules.wharf_effect_twice", effect = format!("{effect:?}")), None);
            }
        }
        if let Some(buffet) = wharf.iter().find(|b| b.effect == BuildingEffect::Buffet) {
            if buffet.hex_vp.len() != boat_types.len() {
                let at = f
                    .wharf_buildings
                    .iter()
                    .find(|b| b.effect.get_ref() == "buffet")
                    .and_then(|b| b.hex_vp.as_ref().map(span))
                    .flatten();
                self.err(
                    at,
                    t!(lang, "rules.buffet_hex_count", need = boat_types.len(), have = buffet.hex_vp.len()),
                    None,
                );
            }
        }

        // Scoring.
        let mut tie_breaks = Vec::new();
        for t in &f.scoring.tie_breaks {
            match t.get_ref().as_str() {
                "fish" => tie_breaks.push(TieBreak::Fish),
                other => self.err(
                    span(t),
                    t!(lang, "rules.tie_break_unknown", name = other),
                    Some(&t!(lang, "rules.tie_break_unknown_help")),
                ),
            }
        }
        let mut categories = Vec::new();
        for c in CATEGORIES {
            match f.scoring.categories.get(c) {
                Some(n) => categories.push((c.to_string(), n.clone())),
                None => self.err(
                    None,
                    t!(lang, "rules.category_missing", category = c),
                    Some(&t!(lang, "rules.categories_help")),
                ),
            }
        }
        for c in f.scoring.categories.keys() {
            if !CATEGORIES.contains(&c.as_str()) {
                self.err(
                    None,
                    t!(lang, "rules.category_unknown", category = c),
                    Some(&t!(lang, "rules.categories_help")),
                );
            }
        }

        // Solo.
        let loop_of = |ids: &[Spanned<String>],
                       find: &dyn Fn(&str) -> Option<usize>,
                       what: &str,
                       me: &mut Self|
         -> Vec<usize> {
            let what = me.what(what);
            ids.iter()
                .filter_map(|id| {
                    let i = find(id.get_ref());
                    if i.is_none() {
                        me.err(span(id), t!(me.lang, "rules.solo_loop_unknown", what = what, id = id.get_ref()), None);
                    }
                    i
                })
                .collect()
        };
        let harbor_ids: Vec<String> = harbor.iter().map(|h| h.id.clone()).collect();
        let wharf_ids: Vec<String> = wharf.iter().map(|h| h.id.clone()).collect();
        let type_ids: Vec<String> = boat_types.iter().map(|h| h.id.clone()).collect();
        let boat_loop = loop_of(&f.solo.boat_loop, &|s| type_ids.iter().position(|x| x == s), "boat loop", self);
        let harbor_loop =
            loop_of(&f.solo.harbor_loop, &|s| harbor_ids.iter().position(|x| x == s), "harbor loop", self);
        let wharf_loop = loop_of(&f.solo.wharf_loop, &|s| wharf_ids.iter().position(|x| x == s), "wharf loop", self);
        let mut tokens = Vec::new();
        if f.solo.tokens.len() != 3 {
            self.err(None, t!(lang, "rules.solo_tokens_three"), None);
        } else {
            let finders: [(&Vec<String>, &str); 3] =
                [(&type_ids, "boat type"), (&harbor_ids, "harbor ship"), (&wharf_ids, "wharf building")];
            for (id, (ids, what)) in f.solo.tokens.iter().zip(finders) {
                match ids.iter().position(|x| x == id.get_ref()) {
                    Some(i) => tokens.push(i),
                    None => {
                        let what = self.what(what);
                        self.err(span(id), t!(lang, "rules.solo_token_unknown", id = id.get_ref(), what = what), None)
                    }
                }
            }
        }
        let ratings: Vec<Rating> =
            f.solo.ratings.get_ref().iter().map(|r| Rating { min: r.min, name: r.name.clone() }).collect();
        if ratings.windows(2).any(|w| w[0].min <= w[1].min) || ratings.last().map(|r| r.min) != Some(0) {
            self.err(span(&f.solo.ratings), t!(lang, "rules.solo_ratings"), None);
        }
        self.provisional_keys(
            &f.solo.provisional,
            &["ratings", "rounds", "tokens", "boat_loop", "harbor_loop", "wharf_loop"],
        );

        let options = self.options(&f.options);

        // Sections, in the order a person reads the paper: boat sheet, then town sheet.
        let mut sections = Vec::new();
        for (i, t) in boat_types.iter().enumerate() {
            sections.push(Section { id: t.id.clone(), kind: SectionKind::Column(i), len: t.column.len() });
            sections.push(Section {
                id: format!("{}_license", t.id),
                kind: SectionKind::Licenses(i),
                len: t.license_levels.len(),
            });
            sections.push(Section { id: format!("{}_boat", t.id), kind: SectionKind::Boats(i), len: t.boats.len() });
        }
        for (i, h) in harbor.iter().enumerate() {
            sections.push(Section { id: h.id.clone(), kind: SectionKind::Harbor(i), len: h.circles.len() });
        }
        for (i, b) in wharf.iter().enumerate() {
            sections.push(Section { id: b.id.clone(), kind: SectionKind::Wharf(i), len: b.circles.len() });
        }
        sections.push(Section { id: "buffet_hex".into(), kind: SectionKind::BuffetHexes, len: boat_types.len() });
        let salvage_stars = wharf.iter().find(|b| b.effect == BuildingEffect::Salvage).map_or(0, |b| b.stars as usize);
        sections.push(Section { id: "salvage_star".into(), kind: SectionKind::SalvageStars, len: salvage_stars });
        sections.push(Section { id: "coin".into(), kind: SectionKind::Coins, len: coin_stars.len() });
        let mut section_ids = HashSet::new();
        for s in &sections {
            if !section_ids.insert(s.id.clone()) {
                self.err(None, t!(lang, "rules.section_twice", id = s.id), Some(&t!(lang, "rules.section_twice_help")));
            }
        }

        let (captains, trophies) = self.cards(&f.cards, &boat_types, &sections);
        let (boat_types_len, harbor_len, wharf_len) = (boat_types.len(), harbor.len(), wharf.len());

        FleetRules {
            id: f.game.id.get_ref().clone(),
            name: f.game.name,
            year: f.game.year,
            min_players: f.game.players.get_ref().min,
            max_players: f.game.players.get_ref().max,
            rounds,
            fishing_rounds,
            start_boxes: *f.game.start_boxes.get_ref(),
            income_base: f.income.base,
            income_cap: *f.income.cap.get_ref(),
            second_license_coins: f.licenses.second_license_coins,
            dice: Dice {
                boat_faces,
                town_faces,
                coins_face: f.dice.coins_face,
                die_as_coins: f.dice.die_as_coins,
                boat_dice_in_box: f.dice.boat_dice_in_box,
                town_dice_in_box: f.dice.town_dice_in_box,
                pools,
            },
            boat_types,
            coin_name: f.coin_track.name,
            coin_stars,
            market_name: f.market.name,
            market: brackets,
            harbor,
            king_crab_cap: f.king_crab.cap,
            king_crab_bonuses: bonuses,
            wharf,
            tie_breaks,
            categories,
            solo: Solo { rounds: f.solo.rounds, tokens, boat_loop, harbor_loop, wharf_loop, ratings },
            options,
            captains,
            trophies,
            cards_example: f.cards.example,
            index: SectionIndex::build(&sections, boat_types_len, harbor_len, wharf_len),
            sections,
        }
    }

    fn quantity(&mut self, q: &Spanned<String>) -> Quantity {
        Quantity::parse(q.get_ref()).unwrap_or_else(|| {
            self.err(
                span(q),
                t!(self.lang, "rules.quantity_unknown", name = q.get_ref()),
                Some(&t!(self.lang, "rules.quantity_help")),
            );
            Quantity::Fish
        })
    }

    fn cards(
        &mut self,
        cards: &raw::Cards,
        boat_types: &[BoatType],
        sections: &[Section],
    ) -> (Vec<Captain>, Vec<Trophy>) {
        let mut seen = HashSet::new();
        self.unique_ids(
            "card",
            cards.captains.iter().map(|c| &c.id).chain(cards.trophies.iter().map(|t| &t.id)),
            &mut seen,
        );
        let mut captains = Vec::new();
        for c in &cards.captains {
            let boat_type = boat_types.iter().position(|t| &t.id == c.boat_type.get_ref()).unwrap_or_else(|| {
                self.err(
                    span(&c.boat_type),
                    t!(self.lang, "rules.captain_boat_type", id = c.boat_type.get_ref()),
                    None,
                );
                0
            });
            let mut marks = Vec::new();
            for m in &c.marks {
                match sections.iter().position(|s| {
                    &s.id == m.get_ref() && matches!(s.kind, SectionKind::Harbor(_) | SectionKind::Wharf(_))
                }) {
                    Some(i) => marks.push(i),
                    None => self.err(span(m), t!(self.lang, "rules.captain_marks", id = m.get_ref()), None),
                }
            }
            if *c.bonus.every.get_ref() == 0 {
                self.err(span(&c.bonus.every), t!(self.lang, "rules.every_zero"), None);
            }
            let per = self.quantity(&c.bonus.per);
            captains.push(Captain {
                id: c.id.get_ref().clone(),
                name: c.name.clone(),
                boat_type,
                marks,
                bonus: CardBonus {
                    per,
                    every: (*c.bonus.every.get_ref()).max(1),
                    points: c.bonus.points,
                    cap: c.bonus.cap,
                },
            });
        }
        let mut trophies = Vec::new();
        for t in &cards.trophies {
            let metal = match t.metal.get_ref().as_str() {
                "gold" => Metal::Gold,
                "silver" => Metal::Silver,
                other => {
                    self.err(span(&t.metal), t!(self.lang, "rules.trophy_metal", metal = other), None);
                    Metal::Gold
                }
            };
            let quantity = self.quantity(&t.quantity);
            trophies.push(Trophy {
                id: t.id.get_ref().clone(),
                name: t.name.clone(),
                metal,
                quantity,
                at_least: t.at_least,
                vp: t.vp,
            });
        }
        (captains, trophies)
    }

    fn boat_type(&mut self, t: &raw::BoatType, start_boxes: usize, start_span: &Spanned<usize>) -> BoatType {
        let lang = self.lang;
        let id = t.id.get_ref().clone();
        let column: Vec<ColumnBox> = self
            .tokens(&t.column, ".LB?", &t!(lang, "rules.what_column_of", id = id))
            .into_iter()
            .map(|c| match c {
                'L' => ColumnBox::License,
                'B' => ColumnBox::Boat,
                '?' => ColumnBox::Choice,
                _ => ColumnBox::Plain,
            })
            .collect();
        if column.len() < start_boxes {
            self.err(
                span(start_span),
                t!(lang, "rules.start_boxes_short", start = start_boxes, id = id, len = column.len()),
                None,
            );
        } else {
            let start = &column[..start_boxes];
            let lic = start.iter().filter(|b| **b == ColumnBox::License).count();
            let boat = start.iter().filter(|b| **b == ColumnBox::Boat).count();
            let choice = start.iter().filter(|b| **b == ColumnBox::Choice).count();
            if lic != 1 || boat != 1 || choice != 0 {
                self.err(
                    span(&t.column),
                    t!(
                        lang,
                        "rules.start_boxes_grant",
                        start = start_boxes,
                        id = id,
                        lic = lic,
                        boat = boat,
                        choice = choice
                    ),
                    Some(&t!(lang, "rules.start_boxes_grant_help")),
                );
            }
        }
        let effect = match t.license_effect.get_ref().as_str() {
            "flex_die" => LicenseEffect::FlexDie,
            "launch_coins" => LicenseEffect::LaunchCoins,
            "income" => LicenseEffect::Income,
            "after_fishing" => LicenseEffect::AfterFishing,
            "oyster" => LicenseEffect::Oyster,
            other => {
                self.err(
                    span(&t.license_effect),
                    t!(lang, "rules.license_effect_unknown", effect = other),
                    Some(&t!(lang, "rules.license_effect_unknown_help")),
                );
                LicenseEffect::Income
            }
        };
        let needed: &[&str] = match effect {
            LicenseEffect::FlexDie => &["types", "stars"],
            LicenseEffect::LaunchCoins | LicenseEffect::Income => &["coins"],
            LicenseEffect::AfterFishing => &["stars", "coins"],
            LicenseEffect::Oyster => &["capacity"],
        };
        let mut levels = Vec::new();
        for (n, l) in t.license_levels.get_ref().iter().enumerate() {
            let given = [("types", l.types), ("stars", l.stars), ("coins", l.coins), ("capacity", l.capacity)];
            for (key, value) in given {
                if value.is_some() && !needed.contains(&key) {
                    self.err(
                        span(&t.license_levels),
                        t!(
                            lang,
                            "rules.level_key_unused",
                            level = n + 1,
                            id = id,
                            key = key,
                            effect = t.license_effect.get_ref()
                        ),
                        Some(&t!(lang, "rules.level_key_unused_help", keys = needed.join(", "))),
                    );
                }
                if value.is_none() && needed.contains(&key) {
                    self.err(
                        span(&t.license_levels),
                        t!(lang, "rules.level_key_missing", level = n + 1, id = id, key = key),
                        None,
                    );
                }
            }
            levels.push(LicenseLevel {
                types: l.types.unwrap_or(0),
                stars: l.stars.unwrap_or(0),
                coins: l.coins.unwrap_or(0),
                capacity: l.capacity.unwrap_or(0),
            });
        }
        if levels.is_empty() {
            self.err(span(&t.license_levels), t!(lang, "rules.no_license_levels", id = id), None);
        }
        if effect == LicenseEffect::FlexDie && levels.iter().any(|l| l.types == 0) {
            self.err(span(&t.license_levels), t!(lang, "rules.flex_die_types"), None);
        }
        if effect == LicenseEffect::Oyster && levels.windows(2).any(|w| w[0].capacity > w[1].capacity) {
            self.err(span(&t.license_levels), t!(lang, "rules.oyster_shrink"), None);
        }
        if t.license_vp.get_ref().len() != levels.len() {
            self.err(
                span(&t.license_vp),
                t!(lang, "rules.license_vp_count", vp = t.license_vp.get_ref().len(), levels = levels.len()),
                None,
            );
        }
        let boats: Vec<BoatSpec> =
            t.boats.get_ref().iter().map(|b| BoatSpec { capacity: b.capacity, vp: b.vp }).collect();
        if boats.is_empty() {
            self.err(span(&t.boats), t!(lang, "rules.no_boats", id = id), None);
        }
        if boats.iter().any(|b| b.capacity == 0) {
            self.err(
                span(&t.boats),
                t!(lang, "rules.boat_capacity_zero", id = id),
                Some(&t!(lang, "rules.boat_capacity_zero_help")),
            );
        }
        let per_catch = t.fish_per_catch.unwrap_or(1);
        if per_catch == 0 {
            self.err(span(&t.id), t!(lang, "rules.fish_per_catch"), None);
        }
        let grants = column.iter().filter(|b| **b != ColumnBox::Plain).count();
        if grants < levels.len() + boats.len() {
            self.err(
                span(&t.column),
                t!(lang, "rules.column_grants", id = id, grants = grants, licenses = levels.len(), boats = boats.len()),
                Some(&t!(lang, "rules.column_grants_help")),
            );
        }
        self.provisional_keys(
            &t.provisional,
            &["column", "license_levels", "license_vp", "boats", "fish_per_catch", "name"],
        );
        BoatType {
            id,
            name: t.name.clone(),
            column,
            license_effect: effect,
            license_levels: levels,
            license_vp: t.license_vp.get_ref().clone(),
            fish_per_catch: per_catch.max(1),
            boats,
        }
    }

    fn harbor_ship(&mut self, h: &raw::HarborShip) -> HarborShip {
        let lang = self.lang;
        let id = h.id.get_ref().clone();
        let circles: Vec<bool> = self
            .tokens(&h.boxes, ".O", &t!(lang, "rules.what_boxes_of", id = id))
            .into_iter()
            .map(|c| c == 'O')
            .collect();
        let n_circles = circles.iter().filter(|c| **c).count();
        let effect = match h.effect.get_ref().as_str() {
            "king_crab" => HarborEffect::KingCrab,
            "private_fishing" => HarborEffect::PrivateFishing,
            "launch" => HarborEffect::Launch,
            "barge" => HarborEffect::Barge,
            other => {
                self.err(
                    span(&h.effect),
                    t!(lang, "rules.harbor_effect_unknown", effect = other),
                    Some(&t!(lang, "rules.harbor_effect_unknown_help")),
                );
                HarborEffect::Launch
            }
        };
        if n_circles == 0 {
            self.err(span(&h.boxes), t!(lang, "rules.harbor_no_circle", id = id), None);
        }
        let boats: Vec<BoatSpec> = h
            .boats
            .as_ref()
            .map(|b| b.get_ref().iter().map(|b| BoatSpec { capacity: b.capacity, vp: b.vp }).collect())
            .unwrap_or_default();
        let launching = match effect {
            HarborEffect::KingCrab => n_circles.saturating_sub(1),
            HarborEffect::PrivateFishing => 0,
            HarborEffect::Launch | HarborEffect::Barge => n_circles,
        };
        let boats_at = h.boats.as_ref().map(span).unwrap_or_else(|| span(&h.effect));
        if boats.len() != launching {
            self.err(
                boats_at.clone(),
                t!(lang, "rules.harbor_boats_count", id = id, launching = launching, listed = boats.len()),
                Some(&t!(lang, "rules.harbor_boats_count_help")),
            );
        }
        if effect == HarborEffect::Barge && n_circles != 1 {
            self.err(span(&h.boxes), t!(lang, "rules.barge_circles"), None);
        }
        if effect == HarborEffect::Barge && boats.iter().any(|b| b.capacity == 0) {
            self.err(boats_at, t!(lang, "rules.barge_capacity"), None);
        }
        let license_vp = h.license_vp.unwrap_or(0);
        if effect != HarborEffect::KingCrab && h.license_vp.is_some() {
            self.err(span(&h.id), t!(lang, "rules.license_vp_not_king_crab", id = id), None);
        }
        self.provisional_keys(&h.provisional, &["boxes", "boats", "license_vp", "name"]);
        HarborShip { id, name: h.name.clone(), circles, effect, counts_as_boat: h.counts_as_boat, license_vp, boats }
    }

    fn building(&mut self, b: &raw::Building) -> Building {
        let lang = self.lang;
        let id = b.id.get_ref().clone();
        let circles: Vec<bool> = self
            .tokens(&b.boxes, ".O", &t!(lang, "rules.what_boxes_of", id = id))
            .into_iter()
            .map(|c| c == 'O')
            .collect();
        let effect = match b.effect.get_ref().as_str() {
            "reroll" => BuildingEffect::Reroll,
            "none" => BuildingEffect::None,
            "buffet" => BuildingEffect::Buffet,
            "salvage" => BuildingEffect::Salvage,
            "die_as_coins" => BuildingEffect::DieAsCoins,
            "market_bonus" => BuildingEffect::MarketBonus,
            "income_per_full_boat" => BuildingEffect::IncomePerFullBoat,
            other => {
                self.err(
                    span(&b.effect),
                    t!(lang, "rules.wharf_effect_unknown", effect = other),
                    Some(&t!(lang, "rules.wharf_effect_unknown_help")),
                );
                BuildingEffect::None
            }
        };
        if effect != BuildingEffect::None && circles.last() != Some(&true) {
            self.err(
                span(&b.boxes),
                t!(lang, "rules.wharf_last_circle", id = id),
                Some(&t!(lang, "rules.wharf_last_circle_help")),
            );
        }
        if circles.iter().filter(|c| **c).count() > 1 {
            self.err(span(&b.boxes), t!(lang, "rules.wharf_circles", id = id), None);
        }
        let vp = match b.vp.kind.get_ref().as_str() {
            "complete" => BuildingVp::Complete(b.vp.points),
            "per_box" => BuildingVp::PerBox(b.vp.points),
            "all_boxes" => BuildingVp::AllBoxes(b.vp.points),
            other => {
                self.err(
                    span(&b.vp.kind),
                    t!(lang, "rules.building_vp_unknown", kind = other),
                    Some(&t!(lang, "rules.building_vp_unknown_help")),
                );
                BuildingVp::Complete(0)
            }
        };
        let needs_coins = matches!(
            effect,
            BuildingEffect::DieAsCoins | BuildingEffect::MarketBonus | BuildingEffect::IncomePerFullBoat
        );
        if needs_coins != b.coins.is_some() {
            let msg = if needs_coins {
                t!(lang, "rules.wharf_needs_coins", id = id, effect = b.effect.get_ref())
            } else {
                t!(lang, "rules.wharf_coins_unused", id = id)
            };
            self.err(span(&b.effect), msg, None);
        }
        if (effect == BuildingEffect::Salvage) != b.stars.is_some() {
            self.err(span(&b.effect), t!(lang, "rules.salvage_stars", id = id), None);
        }
        if (effect == BuildingEffect::Buffet) != b.hex_vp.is_some() {
            self.err(span(&b.effect), t!(lang, "rules.buffet_hex_vp", id = id), None);
        }
        if let Some(hv) = &b.hex_vp {
            if hv.get_ref().windows(2).any(|w| w[0] > w[1]) {
                self.err(span(hv), t!(lang, "rules.hex_vp_down"), None);
            }
        }
        self.provisional_keys(&b.provisional, &["boxes", "vp", "coins", "stars", "hex_vp", "name"]);
        Building {
            id,
            name: b.name.clone(),
            circles,
            effect,
            vp,
            coins: b.coins.unwrap_or(0),
            stars: b.stars.unwrap_or(0),
            hex_vp: b.hex_vp.as_ref().map(|h| h.get_ref().clone()).unwrap_or_default(),
        }
    }

    fn options(&mut self, o: &raw::Options) -> Options {
        let pick = |v: &Option<Spanned<String>>, allowed: &[&str], key: &str, me: &mut Self| -> usize {
            match v {
                None => 0,
                Some(s) => match allowed.iter().position(|a| *a == s.get_ref()) {
                    Some(i) => i,
                    None => {
                        me.err(
                            span(s),
                            t!(me.lang, "rules.option_value", key = key, value = s.get_ref()),
                            Some(&t!(me.lang, "rules.option_value_help", values = allowed.join(", "))),
                        );
                        0
                    }
                },
            }
        };
        let _ = pick(&o.coin_track_overflow, &["lost"], "coin_track_overflow", self);
        let casino = pick(&o.casino_reroll, &["once_per_phase", "unlimited"], "casino_reroll", self);
        let ruth = pick(&o.ruth_star_die, &["market", "harbor"], "ruth_star_die", self);
        Options {
            barge_can_be_full: o.barge_can_be_full.unwrap_or(true),
            star_action_may_activate_king_crab: o.star_action_may_activate_king_crab.unwrap_or(true),
            coin_track_overflow: CoinOverflow::Lost,
            casino_reroll: if casino == 0 { CasinoReroll::OncePerPhase } else { CasinoReroll::Unlimited },
            oyster_coin_needs_license: o.oyster_coin_needs_license.unwrap_or(false),
            ruth_star_die: if ruth == 0 { RuthStarDie::Market } else { RuthStarDie::Harbor },
        }
    }
}
