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
    /// A plain box (`.`): marking it grants nothing.
    Plain,
    /// An activation circle (`L`): activates the next license of this boat type.
    License,
    /// An activation circle (`B`): launches the next boat of this boat type.
    Boat,
    /// An activation circle (`?`): the player's choice of a license or a boat of this type.
    Choice,
}

/// What the licenses of a boat type do (`license_effect`); each level's numbers are in its
/// `LicenseLevel`, and only the highest level marked applies.
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

/// One license level of a boat type: the numbers its `LicenseEffect` reads (the others are 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub(crate) struct LicenseLevel {
    /// Shrimp: how many boat types (each a box to mark) a picked shrimp die may be used as.
    pub types: u32,
    /// Shrimp, swordfish: star actions the license gives with the shrimp die or after a
    /// fishing phase.
    pub stars: u32,
    /// Cod: coins per launch; lobster: extra income per income phase; swordfish: coins after
    /// a fishing phase.
    pub coins: u32,
    /// Oyster: fish every oyster boat holds at this level (a boat's own capacity when larger).
    pub capacity: u32,
}

/// One boat printed on the sheet: a boat type's boat or a harbor ship's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoatSpec {
    /// Its fish boxes: the most fish it holds (0: it catches none, like a research vessel).
    pub capacity: u32,
    /// VP it scores at game end once launched (BOATS).
    pub vp: u32,
}

/// A boat type (shrimp, cod, lobster, swordfish, oyster): its column of the boat sheet,
/// its licenses and its boats.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BoatType {
    /// Its id in rules, sheet and save files (`cod`), and the prefix of its sections' ids.
    pub id: String,
    /// Its name in every language.
    pub name: Names,
    /// The boxes of its column, top to bottom (`column = ". L B . B ? …"`).
    pub column: Vec<ColumnBox>,
    /// What its licenses do.
    pub(crate) license_effect: LicenseEffect,
    /// Its licenses, level 1 first; the `n`-th license marked is level `n`.
    pub(crate) license_levels: Vec<LicenseLevel>,
    /// VP printed on each license, level 1 first, scored at game end when it is marked
    /// (LICENSES; the rulebook's level-3 VP). As long as `license_levels`.
    pub license_vp: Vec<u32>,
    /// Fish each of its boats catches in a fishing phase (oyster 2, the others 1); at least 1.
    pub(crate) fish_per_catch: u32,
    /// Its boats, top to bottom: the `n`-th launch of this type launches the `n`-th.
    pub boats: Vec<BoatSpec>,
}

/// What the activation circles of a harbor ship do (`effect`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum HarborEffect {
    /// King crab: the first circle activates the king crab license and the player chooses a
    /// bonus; each later circle launches a king crab boat.
    KingCrab,
    /// Captain's club: each circle gives the player a private fishing phase.
    PrivateFishing,
    /// Research vessel, Inuit: each circle launches the ship's next boat.
    Launch,
    /// Barge: its one circle launches the barge, which catches 1 fish per full boat at the
    /// start of every fishing phase.
    Barge,
}

/// A harbor ship of the town sheet (king crab, captain's club, research vessel, barge, Inuit).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HarborShip {
    /// Its id, also its section's id (`king_crab`).
    pub id: String,
    /// Its name in every language.
    pub name: Names,
    /// true where the box is an activation circle.
    pub(crate) circles: Vec<bool>,
    /// What its circles do.
    pub effect: HarborEffect,
    /// Its launches are boat launches for the boat bonuses (the cod license's coins); false
    /// for the captain's club.
    pub(crate) counts_as_boat: bool,
    /// King crab: VP of its license at game end (LICENSES); 0 for the other ships.
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

/// What a king crab bonus, a captain card's bonus or a trophy counts on a sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Quantity {
    /// Fish on all boats, harbor ships' boats included.
    Fish,
    /// Launched boats, harbor ships' boats included.
    Boats,
    /// License levels marked, plus the king crab license.
    Licenses,
    /// Complete wharf buildings.
    Buildings,
    /// Coin-track boxes marked.
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

/// A king crab bonus, chosen by one player when they activate the king crab license and gone
/// for the others: VP = `points` × (count of `per` / `every`), at most
/// `FleetRules::king_crab_cap`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct KingCrabBonus {
    /// Its id in sheet files and saves (`per_6_fish`).
    pub id: String,
    /// Its name in every language ("1 VP per 6 fish").
    pub name: Names,
    /// What it counts.
    pub(crate) per: Quantity,
    /// How many of them make one step; at least 1.
    pub(crate) every: u32,
    /// VP per step.
    pub points: u32,
}

/// A personal or card bonus: VP = points * (count / every), at most `cap`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardBonus {
    /// What it counts.
    pub(crate) per: Quantity,
    /// How many of them make one step; at least 1.
    pub(crate) every: u32,
    /// VP per step.
    pub points: u32,
    /// The most VP it gives.
    pub cap: u32,
}

/// A captain card (optional module): drawn instead of the start roll, it marks the start of
/// a boat type's column and the top boxes of some harbor ships and wharf buildings, and gives
/// a personal bonus at game end.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Captain {
    /// Its id in sheet files and saves.
    pub id: String,
    /// Its name in every language.
    pub name: Names,
    /// The boat type whose first `FleetRules::start_boxes` boxes it marks (index into
    /// `FleetRules::boat_types`).
    pub boat_type: usize,
    /// Sections (harbor ships, wharf buildings) whose top box is marked at setup.
    pub marks: Vec<usize>,
    /// Its end-game bonus (BONUS).
    pub bonus: CardBonus,
}

/// A trophy card's metal: who wins it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Metal {
    /// Won at game end by whoever meets its condition with the best result.
    Gold,
    /// Won by the first player to meet its condition.
    Silver,
}

/// A trophy card (optional module): `vp` for having at least `at_least` of `quantity`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Trophy {
    /// Its id in sheet files and saves.
    pub id: String,
    /// Its name in every language.
    pub name: Names,
    /// Gold or silver.
    pub metal: Metal,
    /// What its condition counts.
    pub(crate) quantity: Quantity,
    /// How many of it the condition needs.
    pub(crate) at_least: u32,
    /// VP it gives its winner (BONUS).
    pub vp: u32,
}

/// What a wharf building lets its owner do once it is complete (`effect`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum BuildingEffect {
    /// Casino: reroll the die they picked (`Options::casino_reroll`).
    Reroll,
    /// Nothing during play (Ama's bank, fisherman's pub): VP only.
    None,
    /// Seafood buffet: a boat die may fill the hex of its boat type instead of its normal use.
    Buffet,
    /// Salvage yard: any die may be used for one star action instead, `Building::stars` times
    /// in the game.
    Salvage,
    /// Bait shop: a die used as coins earns `Building::coins` instead of `Dice::die_as_coins`.
    DieAsCoins,
    /// Smokehouse: `Building::coins` more whenever they use the market.
    MarketBonus,
    /// Ridback canning co.: `Building::coins` more income per full boat.
    IncomePerFullBoat,
}

/// How a wharf building scores at game end (BUILDINGS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BuildingVp {
    /// These VP once it is complete.
    Complete(u32),
    /// These VP per box the player marked, complete or not (Ama's bank).
    PerBox(u32),
    /// These VP once every box is filled (the fisherman's pub); scored as `Complete`.
    AllBoxes(u32),
}

/// A wharf building of the town sheet (casino, Ama's bank, seafood buffet, …).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Building {
    /// Its id, also its section's id (`casino`).
    pub id: String,
    /// Its name in every language.
    pub name: Names,
    /// One entry per box, top to bottom: true for its activation circle (at most one, the
    /// last box when it has an effect).
    pub(crate) circles: Vec<bool>,
    /// What it lets its owner do once complete.
    pub(crate) effect: BuildingEffect,
    /// What it scores at game end.
    pub vp: BuildingVp,
    /// Coins of a coin effect (bait shop, smokehouse, canning co.); 0 for the others.
    pub coins: u32,
    /// Salvage yard: how many star actions it gives in a game (its star boxes); 0 for the others.
    pub stars: u32,
    /// Seafood buffet: VP by the number of different hexes filled (entry `n - 1` for `n`
    /// hexes), never decreasing; empty for the others.
    pub hex_vp: Vec<u32>,
}

/// The dice rolled in a game of one player count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    /// Boat dice rolled in the boat phase (at least 2).
    pub boat: u32,
    /// Town dice rolled in the town phase.
    pub town: u32,
    /// Boat dice rolled with the town dice in the town phase.
    pub town_boat: u32,
}

/// A face of a town die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum TownFace {
    /// Mark the topmost free box of a harbor ship.
    Harbor,
    /// Mark the topmost free box of a wharf building.
    Wharf,
    /// Earn coins by the fish on all boats (`FleetRules::market`).
    Market,
}

/// A boat-die face: a boat type index, or the coins face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum BoatFace {
    /// A boat type (index into `FleetRules::boat_types`).
    Type(usize),
    /// The 3-coins face: `Dice::coins_face` coins.
    Coins,
}

/// The dice in the box, their faces, and the pools rolled.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Dice {
    /// The faces of a boat die (each boat type and the 3-coins face).
    pub(crate) boat_faces: Vec<BoatFace>,
    /// The faces of a town die, a face once per side it is on.
    pub(crate) town_faces: Vec<TownFace>,
    /// Coins the 3-coins face gives (3).
    pub(crate) coins_face: u32,
    /// Coins for using any die as coins instead of its normal use (1).
    pub die_as_coins: u32,
    /// Boat dice in the box: no pool rolls more (boat and town phase together).
    pub(crate) boat_dice_in_box: u32,
    /// Town dice in the box: no pool rolls more.
    pub(crate) town_dice_in_box: u32,
    /// Pools indexed by player count.
    pub pools: BTreeMap<u32, Pool>,
}

/// What breaks a tie on VP (`scoring.tie_breaks`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum TieBreak {
    /// Most fish on all boats.
    Fish,
}

/// A solo rating: the title a score of at least `min` earns against Captain Ruth.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Rating {
    /// The lowest score that earns it.
    pub min: u32,
    /// Its title in every language ("Deckhand").
    pub name: Names,
}

/// The solo game against Captain Ruth.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Solo {
    /// Rounds of a solo game (8).
    pub rounds: u32,
    /// Where her three tokens start: a boat type, a harbor ship and a wharf building (indices
    /// into `FleetRules::boat_types`, `harbor` and `wharf`).
    pub tokens: Vec<usize>,
    /// The boat types her boat token moves through, in order (indices into
    /// `FleetRules::boat_types`).
    pub(crate) boat_loop: Vec<usize>,
    /// The harbor ships her harbor token moves through, in order (indices into
    /// `FleetRules::harbor`).
    pub(crate) harbor_loop: Vec<usize>,
    /// The wharf buildings her wharf token moves through, in order (indices into
    /// `FleetRules::wharf`).
    pub(crate) wharf_loop: Vec<usize>,
    /// The ratings, highest `min` first; the last one's `min` is 0.
    pub ratings: Vec<Rating>,
}

/// What becomes of coins the coin track has no box left for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum CoinOverflow {
    /// They are lost.
    Lost,
}

/// How often a complete casino lets its owner reroll the die they picked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum CasinoReroll {
    /// Once per dice phase.
    OncePerPhase,
    /// As often as they like.
    Unlimited,
}

/// Which die makes Captain Ruth cross off a coin-track star (the rulebooks differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuthStarDie {
    /// The market die, picked or shared (French rulebook).
    Market,
    /// The harbor die (German rulebook).
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

/// The named rule options (`[options]`): the reading in effect of each question the rulebooks
/// leave open; `questions` lists them with the rulebook sentences they read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// The barge counts as a full boat once it holds its capacity.
    pub(crate) barge_can_be_full: bool,
    /// A star action may mark the king crab ship's first circle, activating its license.
    pub(crate) star_action_may_activate_king_crab: bool,
    /// What becomes of coins once the coin track is full.
    pub(crate) coin_track_overflow: CoinOverflow,
    /// How often the casino lets its owner reroll.
    pub(crate) casino_reroll: CasinoReroll,
    /// An oyster boat may take 1 fish + 1 coin only with an oyster license (false: always).
    pub(crate) oyster_coin_needs_license: bool,
    /// Which die makes Captain Ruth cross off a coin-track star.
    pub ruth_star_die: RuthStarDie,
    /// Whether the 3-coins face may be one of the two faces of shrimp license level 3.
    pub(crate) shrimp_coins_face: ShrimpCoinsFace,
    /// Which top boxes a star action may mark.
    pub(crate) star_action_targets: StarTargets,
    /// The boat launched by the start roll pays the cod license's launch coin.
    pub(crate) start_launch_pays_cod_coin: bool,
    /// Where Captain Ruth's joker (the 3-coins face) comes in her town-phase priority.
    pub(crate) ruth_town_joker: RuthTownJoker,
    /// When the swordfish license's bonus is worked out after a fishing phase.
    pub(crate) swordfish_timing: SwordfishTiming,
}

/// A named rule option (an open rule question): its key in `[options]`, the value in
/// effect, the default with the values allowed, and the rulebook sentences it reads.
/// `quotes` are the rulebooks' own words (German `DE`, French `FR`), never translated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenQuestion {
    /// Its key in `[options]` (`casino_reroll`).
    pub key: &'static str,
    /// The value in effect, as the rules file writes it.
    pub value: &'static str,
    /// The value when the file gives none: the rulebooks' reading where they give one.
    pub default: &'static str,
    /// Every value allowed.
    pub values: &'static [&'static str],
    /// The rulebook sentences it reads: (language, sentence), the language `DE` or `FR`.
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
    /// The column of this boat type (index into `FleetRules::boat_types`).
    Column(usize),
    /// The license boxes of this boat type: the `n`-th marked is level `n`.
    Licenses(usize),
    /// The boat boxes of this boat type: one per boat, marked when it is launched.
    Boats(usize),
    /// The coin track: one box per coin earned, some of them stars.
    Coins,
    /// This harbor ship (index into `FleetRules::harbor`).
    Harbor(usize),
    /// This wharf building (index into `FleetRules::wharf`).
    Wharf(usize),
    /// The seafood buffet's hexes, one per boat type; filled in any order.
    BuffetHexes,
    /// The salvage yard's stars.
    SalvageStars,
}

/// One section of the sheet: boxes marked from the top (golden rule 1), the buffet hexes
/// excepted.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Section {
    /// Its id in sheet files and box ids (`cod`, `cod_license`, `cod_boat`, `casino`, `coin`).
    pub id: String,
    /// What it is, with the boat type, ship or building it belongs to.
    pub kind: SectionKind,
    /// How many boxes it has.
    pub len: usize,
}

impl Section {
    /// The golden rule (topmost free box first) holds for every section but the hexes.
    pub fn ordered(&self) -> bool {
        self.kind != SectionKind::BuffetHexes
    }
}

/// The compiled Fleet rules (`compile` checks a rules file into them): the sheet layout, the
/// dice, every number of the game and the named options.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FleetRules {
    /// The game's id (`fleet-dice`).
    pub id: String,
    /// The game's name in every language.
    pub name: Names,
    /// The year it was published.
    pub year: Option<u32>,
    /// BoardGameGeek's id of the game, for BG Stats exports of the history.
    pub bgg_id: Option<u32>,
    /// Fewest players (1: solo against Captain Ruth).
    pub min_players: u32,
    /// Most players.
    pub max_players: u32,
    /// Rounds of a game of 2 or more players (10; solo: `Solo::rounds`).
    pub rounds: u32,
    /// The rounds with a fishing phase, ascending, each 1 to `rounds` (2, 4, 6, 8, 10).
    pub fishing_rounds: Vec<u32>,
    /// Boxes the start die marks at the top of its column (3: one license and one boat).
    pub start_boxes: usize,
    /// Coins every player earns in each income phase before bonuses (1).
    pub income_base: u32,
    /// The most coins one income phase pays (10); the rest is lost.
    pub income_cap: u32,
    /// Coins for activating the second license of a boat type (2).
    pub(crate) second_license_coins: u32,
    /// The dice and the pools.
    pub dice: Dice,
    /// The boat types, in the order of the boat sheet's columns.
    pub boat_types: Vec<BoatType>,
    /// The coin track's name in every language.
    pub coin_name: Names,
    /// true where a coin-track box is a star.
    pub coin_stars: Vec<bool>,
    /// The market's name in every language.
    pub(crate) market_name: Names,
    /// The market brackets: (fewest fish, coins earned), from 0 fish up, coins never falling.
    pub market: Vec<(u32, u32)>,
    /// The harbor ships, in the order of the town sheet.
    pub harbor: Vec<HarborShip>,
    /// The most VP a king crab bonus gives (10).
    pub king_crab_cap: u32,
    /// The king crab bonuses to choose from (at least one per player).
    pub king_crab_bonuses: Vec<KingCrabBonus>,
    /// The wharf buildings, in the order of the town sheet.
    pub wharf: Vec<Building>,
    /// What breaks a tie on VP, in order.
    pub(crate) tie_breaks: Vec<TieBreak>,
    /// The five scoring categories in `CATEGORIES` order: (id, name in every language).
    pub categories: Vec<(String, Names)>,
    /// The solo game against Captain Ruth.
    pub solo: Solo,
    /// The named rule options in effect.
    pub options: Options,
    /// Captain cards and trophy cards; `cards_example` when they are a made-up example set.
    pub captains: Vec<Captain>,
    /// The trophy cards (optional module).
    pub trophies: Vec<Trophy>,
    /// The card sets are a made-up example, not the printed cards (the table is told so).
    pub(crate) cards_example: bool,
    /// Every section of the sheet, in the order a person reads the paper.
    pub sections: Vec<Section>,
    /// Where each kind of section is in `sections` (`section_of` is on every hot path).
    pub(crate) index: SectionIndex,
}

/// Positions in `FleetRules::sections` by kind.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(crate) struct SectionIndex {
    /// Per boat type, its column's section.
    pub column: Vec<usize>,
    /// Per boat type, its license boxes' section.
    pub licenses: Vec<usize>,
    /// Per boat type, its boat boxes' section.
    pub boats: Vec<usize>,
    /// Per harbor ship, its section.
    pub harbor: Vec<usize>,
    /// Per wharf building, its section.
    pub wharf: Vec<usize>,
    /// The coin track's section.
    pub coins: usize,
    /// The seafood buffet hexes' section.
    pub(crate) buffet_hexes: usize,
    /// The salvage yard stars' section.
    pub salvage_stars: usize,
    /// Per building effect (`BuildingEffect as usize`), the first wharf building with it.
    pub(crate) building: [Option<usize>; 7],
    /// Per license effect (`LicenseEffect as usize`), the first boat type with it.
    pub(crate) license_type: [Option<usize>; 5],
    /// Per harbor effect (`HarborEffect as usize`), the first harbor ship with it.
    pub(crate) harbor_ship: [Option<usize>; 4],
}

impl SectionIndex {
    pub(super) fn build(
        sections: &[Section],
        boat_types: &[BoatType],
        harbor: &[HarborShip],
        wharf: &[Building],
    ) -> SectionIndex {
        let types = boat_types.len();
        let mut ix = SectionIndex {
            column: vec![0; types],
            licenses: vec![0; types],
            boats: vec![0; types],
            harbor: vec![0; harbor.len()],
            wharf: vec![0; wharf.len()],
            ..SectionIndex::default()
        };
        // The first of each effect, as the linear searches they replace found it.
        for (i, b) in wharf.iter().enumerate().rev() {
            ix.building[b.effect as usize] = Some(i);
        }
        for (i, t) in boat_types.iter().enumerate().rev() {
            ix.license_type[t.license_effect as usize] = Some(i);
        }
        for (i, h) in harbor.iter().enumerate().rev() {
            ix.harbor_ship[h.effect as usize] = Some(i);
        }
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
    /// The section with this id (`cod_boat`), if the sheet has one.
    pub fn section_index(&self, id: &str) -> Option<usize> {
        self.sections.iter().position(|s| s.id == id)
    }

    /// Where the section of this kind is in `sections`. Panics on a kind the rules lack
    /// (`compile` makes every kind of section, empty ones included). Read from the index
    /// `compile` built from the very sections (never changed after): the advisor's
    /// playouts ask this millions of times a second.
    #[inline]
    pub fn section_of(&self, kind: SectionKind) -> usize {
        let ix = &self.index;
        let indexed = match kind {
            SectionKind::Column(t) => ix.column.get(t),
            SectionKind::Licenses(t) => ix.licenses.get(t),
            SectionKind::Boats(t) => ix.boats.get(t),
            SectionKind::Harbor(h) => ix.harbor.get(h),
            SectionKind::Wharf(w) => ix.wharf.get(w),
            SectionKind::Coins => Some(&ix.coins),
            SectionKind::BuffetHexes => Some(&ix.buffet_hexes),
            SectionKind::SalvageStars => Some(&ix.salvage_stars),
        };
        let i = *indexed.expect("every section kind built by compile() exists");
        debug_assert_eq!(self.sections[i].kind, kind, "the index is built from these sections");
        i
    }

    /// The boat type with this id (`cod`), if any.
    pub fn boat_type_index(&self, id: &str) -> Option<usize> {
        self.boat_types.iter().position(|t| t.id == id)
    }

    /// The first wharf building with this effect, if any.
    #[inline]
    pub(crate) fn building_with(&self, effect: BuildingEffect) -> Option<usize> {
        self.index.building[effect as usize]
    }

    /// The first harbor ship with this effect, if any.
    #[inline]
    pub(crate) fn harbor_with(&self, effect: HarborEffect) -> Option<usize> {
        self.index.harbor_ship[effect as usize]
    }

    /// The first boat type whose license has this effect, if any.
    #[inline]
    pub(crate) fn license_type_with(&self, effect: LicenseEffect) -> Option<usize> {
        self.index.license_type[effect as usize]
    }

    /// Market coins for a total number of fish.
    pub fn market_coins(&self, fish: u32) -> u32 {
        self.market.iter().rev().find(|(from, _)| fish >= *from).map_or(0, |(_, c)| *c)
    }

    /// Number of fishing phases in a game with the given number of rounds.
    pub fn fishing_phases(&self, rounds: u32) -> u32 {
        self.fishing_rounds.iter().filter(|r| **r <= rounds).count() as u32
    }

    /// The dice pools of a game of this many players (solo: 1), if the rules give them.
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
