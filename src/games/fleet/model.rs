//! The checked Fleet rules that every other part uses (`FleetRules`): the sheet layout as
//! `sections`, the dice, licenses, harbor, wharf, cards, solo and the named options.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::games::names::Names;
use crate::message::Arg;

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
pub(crate) enum LicenseEffect {
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
pub(crate) struct LicenseLevel {
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
    pub(crate) license_effect: LicenseEffect,
    pub(crate) license_levels: Vec<LicenseLevel>,
    pub license_vp: Vec<u32>,
    pub(crate) fish_per_catch: u32,
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
    pub(crate) circles: Vec<bool>,
    pub effect: HarborEffect,
    pub(crate) counts_as_boat: bool,
    pub license_vp: u32,
    /// One boat per launching circle, in order.
    pub boats: Vec<BoatSpec>,
}

impl HarborShip {
    /// Index among this ship's circles of the first one that launches a boat.
    pub(crate) fn first_launching_circle(&self) -> usize {
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
    pub(super) fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "fish" => Quantity::Fish,
            "boats" => Quantity::Boats,
            "licenses" => Quantity::Licenses,
            "buildings" => Quantity::Buildings,
            "coins" => Quantity::Coins,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct KingCrabBonus {
    pub id: String,
    pub name: Names,
    pub(crate) per: Quantity,
    pub(crate) every: u32,
    pub points: u32,
}

/// A personal or card bonus: VP = points * (count / every), at most `cap`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardBonus {
    pub(crate) per: Quantity,
    pub(crate) every: u32,
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
    pub(crate) quantity: Quantity,
    pub(crate) at_least: u32,
    pub vp: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum BuildingEffect {
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
    pub(crate) circles: Vec<bool>,
    pub(crate) effect: BuildingEffect,
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
pub(crate) enum TownFace {
    Harbor,
    Wharf,
    Market,
}

/// A boat-die face: a boat type index, or the coins face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum BoatFace {
    Type(usize),
    Coins,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Dice {
    pub(crate) boat_faces: Vec<BoatFace>,
    pub(crate) town_faces: Vec<TownFace>,
    pub(crate) coins_face: u32,
    pub die_as_coins: u32,
    pub(crate) boat_dice_in_box: u32,
    pub(crate) town_dice_in_box: u32,
    /// Pools indexed by player count.
    pub pools: BTreeMap<u32, Pool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum TieBreak {
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
    pub(crate) boat_loop: Vec<usize>,
    pub(crate) harbor_loop: Vec<usize>,
    pub(crate) wharf_loop: Vec<usize>,
    pub ratings: Vec<Rating>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum CoinOverflow {
    Lost,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum CasinoReroll {
    OncePerPhase,
    Unlimited,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuthStarDie {
    Market,
    Harbor,
}

/// Shrimp license L3 ("2 faces of any boat die"): may the 3-coins face be one of the two?
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum ShrimpCoinsFace {
    /// The 3-coins face may be one of the two faces (French rulebook).
    OneOfTwo,
    /// The 3-coins face takes the whole die: 3 coins and the star action, no second face.
    WholeDie,
}

/// Which top boxes a star action may mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum StarTargets {
    /// Boat-type columns, harbor ships and wharf buildings.
    ColumnsAndTown,
    /// Any top box of the sheet but coins, fish, buffet hexes (and salvage stars, the
    /// salvage yard's own count of uses): licenses and boats too.
    AnyTopBox,
}

/// Captain Ruth in the town phase with the 3-coins face on the boat die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum RuthTownJoker {
    /// The boat die (even as her joker) comes before the market die.
    BeforeMarket,
    /// The joker is taken only when nothing else is left, so after the market die.
    AfterMarket,
}

/// When the swordfish license's bonus is worked out after a fishing phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum SwordfishTiming {
    /// At the end of the fishing, before the star actions the fishing deferred.
    BeforeDeferredStars,
    /// After the deferred star actions (one of which may raise the swordfish license).
    AfterDeferredStars,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub(crate) barge_can_be_full: bool,
    pub(crate) star_action_may_activate_king_crab: bool,
    pub(crate) coin_track_overflow: CoinOverflow,
    pub(crate) casino_reroll: CasinoReroll,
    pub(crate) oyster_coin_needs_license: bool,
    pub ruth_star_die: RuthStarDie,
    pub(crate) shrimp_coins_face: ShrimpCoinsFace,
    pub(crate) star_action_targets: StarTargets,
    pub(crate) start_launch_pays_cod_coin: bool,
    pub(crate) ruth_town_joker: RuthTownJoker,
    pub(crate) swordfish_timing: SwordfishTiming,
}

/// A named rule option (an open rule question): its key in `[options]`, the value in
/// effect, the default with the values allowed, and the rulebook sentences it reads.
/// `quotes` are the rulebooks' own words (German `DE`, French `FR`), never translated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenQuestion {
    pub key: &'static str,
    pub value: &'static str,
    pub default: &'static str,
    pub values: &'static [&'static str],
    pub quotes: &'static [(&'static str, &'static str)],
}

impl Options {
    /// Every named option, in the order of `[options]`.
    pub fn questions(&self) -> Vec<OpenQuestion> {
        let yes_no = |b: bool| if b { "true" } else { "false" };
        const BOOL: &[&str] = &["true", "false"];
        vec![
            OpenQuestion {
                key: "barge_can_be_full",
                value: yes_no(self.barge_can_be_full),
                default: "true",
                values: BOOL,
                quotes: &[
                    ("DE", "LASTKAHN – … fängt der Lastkahn zu Beginn jeder Fischen-Phase … 1 Fisch für jedes volle Boot, das du besitzt. Es gelten alle bootsbezogenen Boni."),
                    ("DE", "Forschungsschiffe gelten nicht als volle Boote."),
                ],
            },
            OpenQuestion {
                key: "star_action_may_activate_king_crab",
                value: yes_no(self.star_action_may_activate_king_crab),
                default: "true",
                values: BOOL,
                quotes: &[("DE", "Wenn du damit ein Aktivierungskästchen ankreuzt, wird die entsprechende Aktion sofort ausgeführt.")],
            },
            OpenQuestion {
                key: "coin_track_overflow",
                value: match self.coin_track_overflow {
                    CoinOverflow::Lost => "lost",
                },
                default: "lost",
                values: &["lost"],
                quotes: &[("DE", "Immer wenn du Münzen bekommst, kreuzt du ein Kästchen pro Münze auf der Geldleiste an.")],
            },
            OpenQuestion {
                key: "casino_reroll",
                value: match self.casino_reroll {
                    CasinoReroll::OncePerPhase => "once_per_phase",
                    CasinoReroll::Unlimited => "unlimited",
                },
                default: "once_per_phase",
                values: &["once_per_phase", "unlimited"],
                quotes: &[("DE", "KASINO - Sobald das Aktivierungskästchen angekreuzt ist, darfst du in jeder Phase deinen ausgewählten Würfel erneut werfen.")],
            },
            OpenQuestion {
                key: "oyster_coin_needs_license",
                value: yes_no(self.oyster_coin_needs_license),
                default: "false",
                values: BOOL,
                quotes: &[
                    ("DE", "Ausnahme! Austernboote fangen zwei Fische oder 1 Fisch + 1 Münze."),
                    ("DE", "AUSTERNLIZENZEN – In der Fischen-Phase darfst du, anstatt einen 2. Fisch mit dem Austernboot zu fangen, 1 Münze verdienen."),
                ],
            },
            OpenQuestion {
                key: "ruth_star_die",
                value: match self.ruth_star_die {
                    RuthStarDie::Market => "market",
                    RuthStarDie::Harbor => "harbor",
                },
                default: "market",
                values: &["market", "harbor"],
                quotes: &[
                    ("FR", "Lorsqu'elle sélectionne le dé marché (ou lorsqu'il s'agit du dé partagé), elle raye la prochaine case étoile disponible sur votre piste de pièces."),
                    ("DE", "Wenn sie den Hafenwürfel wählt, streicht sie das nächste verfügbare Sternenkästchen auf der Geldleiste durch."),
                ],
            },
            OpenQuestion {
                key: "shrimp_coins_face",
                value: match self.shrimp_coins_face {
                    ShrimpCoinsFace::OneOfTwo => "one_of_two",
                    ShrimpCoinsFace::WholeDie => "whole_die",
                },
                default: "one_of_two",
                values: &["one_of_two", "whole_die"],
                quotes: &[
                    ("FR", "Lorsque vous sélectionnez un dé crevette, vous pouvez l'utiliser comme 2 faces de n'importe quel dé bateau et faire 1 action étoile (c'est-à-dire que vous remplissez 3 cases au total)."),
                    ("DE", "Wenn du einen Garnelenwürfel wählst, darfst du ihn 2x als beliebigen Bootstyp verwenden UND eine Stern-Aktion ausführen."),
                    ("DE", "Du darfst die Lizenz nutzen, um einen Garnelenwürfel als 3 Münzen zu verwenden."),
                ],
            },
            OpenQuestion {
                key: "star_action_targets",
                value: match self.star_action_targets {
                    StarTargets::ColumnsAndTown => "columns_and_town",
                    StarTargets::AnyTopBox => "any_top_box",
                },
                default: "columns_and_town",
                values: &["columns_and_town", "any_top_box"],
                quotes: &[
                    ("DE", "Wenn du ein sternförmiges Kästchen ankreuzt, löst du eine Stern-Aktion aus, mit der du sofort ein oberstes Kästchen irgendwo auf deinem Bogen ankreuzen kannst."),
                    ("DE", "Eine Stern-Aktion kann nicht genutzt werden, um ein Münz- oder ein Fisch-Kästchen anzukreuzen."),
                    ("DE", "Stern-Aktionen können NICHT genutzt werden, um Sechsecke anzukreuzen."),
                ],
            },
            OpenQuestion {
                key: "start_launch_pays_cod_coin",
                value: yes_no(self.start_launch_pays_cod_coin),
                default: "true",
                values: BOOL,
                quotes: &[
                    ("DE", "Auf seinem Auswertungsbogen kreuzt jeder Spieler die obersten 3 Kästchen des Boottyps an, den sein Würfelwurf anzeigt. … Dies gewährt jedem Spieler eine Lizenz sowie ein Boot dieses Typs."),
                    ("DE", "KABELJAULIZENZEN (K) 1. Wenn du ein Boot einsetzt, verdiene 1 Münze."),
                ],
            },
            OpenQuestion {
                key: "ruth_town_joker",
                value: match self.ruth_town_joker {
                    RuthTownJoker::BeforeMarket => "before_market",
                    RuthTownJoker::AfterMarket => "after_market",
                },
                default: "before_market",
                values: &["before_market", "after_market"],
                quotes: &[
                    ("DE", "Stadt-Phase: In dieser Phase gilt die Priorität immer wie folgt: Hafen > Ufer > Bootswürfel > Markt."),
                    ("DE", "Die [3 Münzen]-Würfelseite gilt für die Kapitänin als Joker. Sie wird diesen Würfel nur wählen, wenn sie keine andere Wahl hat."),
                ],
            },
            OpenQuestion {
                key: "swordfish_timing",
                value: match self.swordfish_timing {
                    SwordfishTiming::BeforeDeferredStars => "before_deferred_stars",
                    SwordfishTiming::AfterDeferredStars => "after_deferred_stars",
                },
                default: "before_deferred_stars",
                values: &["before_deferred_stars", "after_deferred_stars"],
                quotes: &[
                    ("DE", "Löst du eine Stern-Aktion in der Fischen-Phase aus, wird sie nach dem Fischen ausgeführt."),
                    ("DE", "SCHWERTFISCHLIZENZEN (S) – Nach der Fischen-Phase darfst du 1 Stern-Aktion ausführen."),
                ],
            },
        ]
    }
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
    /// BoardGameGeek's id of the game, for BG Stats exports of the history.
    pub bgg_id: Option<u32>,
    pub min_players: u32,
    pub max_players: u32,
    pub rounds: u32,
    pub fishing_rounds: Vec<u32>,
    pub start_boxes: usize,
    pub income_base: u32,
    pub income_cap: u32,
    pub(crate) second_license_coins: u32,
    pub dice: Dice,
    pub boat_types: Vec<BoatType>,
    pub coin_name: Names,
    /// true where a coin-track box is a star.
    pub coin_stars: Vec<bool>,
    pub(crate) market_name: Names,
    pub market: Vec<(u32, u32)>,
    pub harbor: Vec<HarborShip>,
    pub king_crab_cap: u32,
    pub king_crab_bonuses: Vec<KingCrabBonus>,
    pub wharf: Vec<Building>,
    pub(crate) tie_breaks: Vec<TieBreak>,
    pub categories: Vec<(String, Names)>,
    pub solo: Solo,
    pub options: Options,
    /// Captain cards and trophy cards; `cards_example` when they are a made-up example set.
    pub captains: Vec<Captain>,
    pub trophies: Vec<Trophy>,
    pub(crate) cards_example: bool,
    /// Every section of the sheet, in the order a person reads the paper.
    pub sections: Vec<Section>,
    /// Where each kind of section is in `sections` (`section_of` is on every hot path).
    pub(crate) index: SectionIndex,
}

/// Positions in `FleetRules::sections` by kind.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(crate) struct SectionIndex {
    pub column: Vec<usize>,
    pub licenses: Vec<usize>,
    pub boats: Vec<usize>,
    pub harbor: Vec<usize>,
    pub wharf: Vec<usize>,
    pub coins: usize,
    pub(crate) buffet_hexes: usize,
    pub salvage_stars: usize,
}

impl SectionIndex {
    pub(super) fn build(sections: &[Section], types: usize, harbor: usize, wharf: usize) -> SectionIndex {
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
pub(crate) const CATEGORIES: [&str; 5] = ["fish", "boats", "licenses", "buildings", "bonus"];

impl FleetRules {
    pub fn section_index(&self, id: &str) -> Option<usize> {
        self.sections.iter().position(|s| s.id == id)
    }

    pub(crate) fn section_of(&self, kind: SectionKind) -> usize {
        self.sections.iter().position(|s| s.kind == kind).expect("every section kind built by compile() exists")
    }

    pub fn boat_type_index(&self, id: &str) -> Option<usize> {
        self.boat_types.iter().position(|t| t.id == id)
    }

    pub(crate) fn building_with(&self, effect: BuildingEffect) -> Option<usize> {
        self.wharf.iter().position(|b| b.effect == effect)
    }

    pub(crate) fn harbor_with(&self, effect: HarborEffect) -> Option<usize> {
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

    pub(crate) fn pool(&self, players: u32) -> Option<Pool> {
        self.dice.pools.get(&players).copied()
    }

    /// Label of box `i` (0-based) of a section: `cod.4`, or `buffet_hex.cod` for hexes.
    pub fn box_id(&self, section: usize, i: usize) -> String {
        let s = &self.sections[section];
        match s.kind {
            SectionKind::BuffetHexes => format!("{}.{}", s.id, self.boat_types[i].id),
            _ => format!("{}.{}", s.id, i + 1),
        }
    }

    /// A section's name as an argument of a message, said in the message's language
    /// (`cod column`, `Spalte Kabeljau`, `casino`).
    pub(crate) fn section_term(&self, section: usize) -> Arg {
        match self.sections[section].kind {
            SectionKind::Column(t) => Arg::from(crate::msg!("engine.column", type = &self.boat_types[t].name)),
            SectionKind::Licenses(t) => Arg::from(crate::msg!("engine.licenses", type = &self.boat_types[t].name)),
            SectionKind::Boats(t) => Arg::from(crate::msg!("engine.boats", type = &self.boat_types[t].name)),
            SectionKind::Coins => Arg::from(&self.coin_name),
            SectionKind::Harbor(h) => Arg::from(&self.harbor[h].name),
            SectionKind::Wharf(w) => Arg::from(&self.wharf[w].name),
            SectionKind::BuffetHexes => Arg::from(crate::msg!("engine.buffet_hexes")),
            SectionKind::SalvageStars => Arg::from(crate::msg!("engine.salvage_stars")),
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
