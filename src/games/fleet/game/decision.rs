//! What the game asks and what it accepts, as values: a `Decision` (whose, what is asked,
//! the legal `Choice`s or the dice to type), and an `Illegal` answer with its `FleetRefusal`.
//! The text layer (`text::fleet`) puts them into words; saves and answers files use the
//! choices' keys, the same in every language.

use std::borrow::Cow;

use super::face::{DicePhase, Face, RollSpec};
use super::Game;
use crate::games::fleet::sheet::BoatSlot;
use crate::games::fleet::{FleetRules, Metal};

/// What sort of decision it is (the CLI rolls `StartDie`, `StartPlayer`, `Draw` and `Roll`
/// itself when deckhand rolls the dice).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A player's start die.
    StartDie,
    /// Who starts.
    StartPlayer,
    /// A card drawn at setup (captain or trophy).
    Draw,
    /// A roll of the pool, or a casino reroll.
    Roll,
    /// Anything a player decides.
    Other,
}

/// What is asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    /// Which boat type the player's start die shows.
    StartDie,
    /// Which trophy card of this metal was drawn.
    Trophy(Metal),
    /// Which captain card the player drew.
    Captain,
    /// Who starts.
    StartPlayer,
    /// The faces of the start player's roll.
    Roll {
        /// The dice phase: the boat pool or the town pool.
        phase: DicePhase,
        /// The round, 1-based.
        round: u32,
        /// The start player, who rolls (seat index).
        roller: usize,
    },
    /// The face of the die the player rerolled (casino).
    Reroll,
    /// Which die of the pool the player picks.
    Pick {
        /// The dice still in the pool.
        pool: Vec<Face>,
    },
    /// How the player uses a die (the picked one, or the shared one).
    Use {
        /// The die's face.
        face: Face,
        /// It is the shared die, which every player uses (no shrimp license, no reroll).
        shared: bool,
    },
    /// Shrimp license: which boat type to mark.
    FlexType,
    /// A `?` circle: license or boat.
    ChoiceCircle {
        /// The boat type of the column (index into `FleetRules::boat_types`).
        boat_type: usize,
    },
    /// Which king crab bonus the player takes.
    KingCrabBonus,
    /// Where the player's star action goes.
    Star,
    /// An oyster boat with room for two: two fish, or a fish and a coin.
    Oyster {
        /// The oyster boat.
        boat: BoatSlot,
    },
}

/// One legal answer to a decision. `key` is what saves and answers files store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// A boat type (a start die).
    BoatType(usize),
    /// A trophy card.
    Trophy(usize),
    /// A captain card.
    Captain(usize),
    /// A player (who starts).
    Player(usize),
    /// A die of the pool.
    Die(Face),
    /// Mark the die's own column: its next box `index` of `section`.
    Mark {
        /// The column's section (index into `FleetRules::sections`).
        section: usize,
        /// The box to mark: the column's topmost free box (0-based).
        index: usize,
    },
    /// Mark the next box `index` of a section by its id (a harbor ship, a wharf building,
    /// a column for the shrimp license or a star action).
    Section {
        /// The section (index into `FleetRules::sections`).
        section: usize,
        /// The box to mark: its topmost free box (0-based).
        index: usize,
    },
    /// Shrimp license: use the shrimp die as this boat type.
    FlexAs(usize),
    /// Shrimp license: use the shrimp die as the 3-coins face.
    FlexCoins,
    /// Fill the seafood buffet hex of this boat type.
    Hex(usize),
    /// The 3-coins face: this many coins.
    CoinsFace(u32),
    /// The market: this many coins.
    Market(u32),
    /// Casino: reroll the die.
    Reroll,
    /// Salvage yard: a star action instead.
    Salvage,
    /// Any die as coins: this many.
    DieAsCoins(u32),
    /// A `?` circle: the license.
    License,
    /// A `?` circle: the boat.
    Boat,
    /// A king crab bonus.
    Bonus(usize),
    /// Oyster boat: two fish.
    TwoFish,
    /// Oyster boat: one fish and one coin.
    FishAndCoin,
    /// Every oyster boat of the player waiting now, asked once: two fish on each
    /// (`coin` false) or a fish and a coin on each. The per-boat answers (`TwoFish`,
    /// `FishAndCoin`) stay, for a mix and for saves written before.
    EveryOyster {
        /// A fish and a coin on each boat, not two fish.
        coin: bool,
        /// How many oyster boats that is.
        boats: u32,
    },
}

impl Choice {
    /// The language-neutral key of the choice (`cod`, `mark`, `as:lobster`, `king_crab`…).
    pub fn key<'a>(&self, rules: &'a FleetRules, game: &'a Game) -> Cow<'a, str> {
        match *self {
            Choice::BoatType(t) => Cow::Borrowed(&rules.boat_types[t].id),
            Choice::Trophy(t) => Cow::Borrowed(&rules.trophies[t].id),
            Choice::Captain(c) => Cow::Borrowed(&rules.captains[c].id),
            Choice::Player(p) => Cow::Borrowed(&game.players[p].name),
            Choice::Die(face) => face.key(rules),
            Choice::Mark { .. } => Cow::Borrowed("mark"),
            Choice::Section { section, .. } => Cow::Borrowed(&rules.sections[section].id),
            Choice::FlexAs(t) => Cow::Owned(format!("as:{}", rules.boat_types[t].id)),
            Choice::FlexCoins => Cow::Borrowed("as:coins"),
            Choice::Hex(_) => Cow::Borrowed("hex"),
            Choice::CoinsFace(_) => Cow::Borrowed("coins"),
            Choice::Market(_) => Cow::Borrowed("market"),
            Choice::Reroll => Cow::Borrowed("reroll"),
            Choice::Salvage => Cow::Borrowed("salvage"),
            Choice::DieAsCoins(_) => Cow::Borrowed("coin"),
            Choice::License => Cow::Borrowed("license"),
            Choice::Boat => Cow::Borrowed("boat"),
            Choice::Bonus(b) => Cow::Borrowed(&rules.king_crab_bonuses[b].id),
            Choice::TwoFish => Cow::Borrowed("fish"),
            Choice::FishAndCoin => Cow::Borrowed("coin"),
            Choice::EveryOyster { coin: false, .. } => Cow::Borrowed("all:fish"),
            Choice::EveryOyster { coin: true, .. } => Cow::Borrowed("all:coin"),
        }
    }
}

/// A decision the game waits for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// Whose decision it is (None: the table's, e.g. a roll).
    pub player: Option<usize>,
    /// What is asked.
    pub ask: Ask,
    /// The legal answers; empty for a roll.
    pub options: Vec<Choice>,
    /// The dice to type for a roll.
    pub roll: Option<RollSpec>,
}

impl Decision {
    /// What sort of decision it is.
    pub(crate) fn kind(&self) -> Kind {
        match (&self.ask, self.player) {
            (Ask::StartDie, _) => Kind::StartDie,
            (Ask::StartPlayer, _) => Kind::StartPlayer,
            (Ask::Trophy(_) | Ask::Captain, _) => Kind::Draw,
            (Ask::Roll { .. } | Ask::Reroll, _) => Kind::Roll,
            _ => Kind::Other,
        }
    }

    /// The keys of the legal answers.
    pub fn keys(&self, rules: &FleetRules, game: &Game) -> Vec<String> {
        self.options.iter().map(|o| o.key(rules, game).into_owned()).collect()
    }
}

/// Why an answer is not legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FleetRefusal {
    /// The game is over.
    GameOver,
    /// The decision wants dice, not a choice.
    NeedsDice,
    /// Not one of the legal answers to the decision.
    NotAnOption {
        /// The answer given.
        answer: String,
        /// The decision it answered.
        decision: Box<Decision>,
    },
    /// Dice were given where a choice is asked.
    NotARoll {
        /// The decision they answered.
        decision: Box<Decision>,
    },
    /// A face no die has.
    UnknownFace {
        /// The face as typed.
        face: String,
    },
    /// Not the dice the roll needs.
    WrongDice {
        /// The dice the roll needs.
        spec: RollSpec,
        /// Boat dice typed.
        boat: u32,
        /// Town dice typed.
        town: u32,
    },
    /// This player has no decision to make now.
    NotWaitingFor {
        /// The player (seat index).
        player: usize,
    },
}

/// An answer that is not legal at this decision, and the keys that would be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal {
    pub(crate) refusal: FleetRefusal,
    /// The keys of the answers that are legal there (empty when dice are asked, or the game
    /// is over).
    pub legal: Vec<String>,
}
