//! How a Fleet game was set up, as its save's header records it.

use serde::{Deserialize, Serialize};

use super::game::{Dice, Setup as FleetOptions};
use super::live::Answer;
use super::session::Session;
use super::FleetRules;

/// A Fleet game's setup (by default: the table's own dice, no options, no bots).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FleetSetup {
    /// The table's own dice, typed in, or dice deckhand rolls.
    pub dice: Dice,
    /// The seed of digital dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// One player against Captain Ruth.
    #[serde(default)]
    pub solo: bool,
    /// Captain cards instead of the start roll.
    #[serde(default)]
    pub captains: bool,
    /// One gold and one silver trophy in play.
    #[serde(default)]
    pub trophies: bool,
    /// Digital dice dealt by a code (`play --deal CODE`): every table with the same deal
    /// and rules rolls the same dice, whatever its players choose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<DealCode>,
    /// The seats deckhand plays (`play --bots N`); none in a save from before bots.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bots: Option<Bots>,
}

/// The seats deckhand plays: the last ones, from `first` on, each at `level`; bot seat `s`
/// draws its random choices from `seed` and `s` (`Bots::seed_of`) and the number of answers
/// before its decision, so a resumed game's bots answer as they would have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bots {
    /// The first bot seat (0-based); every seat from it on is a bot.
    pub first: usize,
    /// How the bots play.
    pub level: BotLevel,
    /// The seed of the bots' choices.
    pub seed: u64,
}

/// How a bot plays: the ladder of `advisor`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    /// A legal option at random.
    Random,
    /// The option that looks best on its sheet now (one step).
    Greedy,
    /// The advisor's best answer (greedy playouts).
    Advisor,
}

impl Bots {
    /// Whether deckhand plays seat `p`.
    pub fn plays(&self, p: usize) -> bool {
        p >= self.first
    }

    /// The seed of bot seat `p`.
    pub fn seed_of(&self, p: usize) -> u64 {
        self.seed ^ (p as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

impl FleetSetup {
    /// The options the engine starts a game with.
    pub fn options(&self) -> FleetOptions {
        FleetOptions { solo: self.solo, captains: self.captains, trophies: self.trophies }
    }

    /// What deckhand answers itself with these dice at the decision at the front (a roll,
    /// the start die, the start player, a card): dealt by the deal's code, or rolled from
    /// the seed (a roll's faces, or an option by value). None: a person decides.
    pub fn digital_answer(&self, session: &Session, rules: &FleetRules) -> Option<Answer> {
        match &self.deal {
            Some(deal) => session.dealt_answer(rules, deal.seed()),
            None => session.digital_answer(rules, self.seed.unwrap_or(0)),
        }
    }
}

/// A deal's code as people type and share it: 1 to 16 letters, digits and dashes, kept in
/// capitals (`club-7` and `CLUB-7` are one deal). Fixed size, so a setup stays `Copy`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DealCode {
    bytes: [u8; DealCode::MAX],
    len: u8,
}

impl DealCode {
    /// The longest code.
    pub const MAX: usize = 16;

    /// A code as typed; None when it is not 1 to 16 letters, digits and dashes.
    pub fn parse(text: &str) -> Option<DealCode> {
        let text = text.trim();
        if text.is_empty() || text.len() > Self::MAX || !text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
            return None;
        }
        let mut bytes = [0; Self::MAX];
        for (to, from) in bytes.iter_mut().zip(text.bytes()) {
            *to = from.to_ascii_uppercase();
        }
        Some(DealCode { bytes, len: text.len() as u8 })
    }

    /// The code, in capitals.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }

    /// The seed the deal's dice come from: the first 8 bytes of SHA-256 of the code.
    pub fn seed(&self) -> u64 {
        use sha2::{Digest, Sha256};
        let digest = Sha256::digest(format!("deckhand deal {}", self.as_str()).as_bytes());
        u64::from_be_bytes([digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7]])
    }
}

impl std::fmt::Debug for DealCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DealCode({})", self.as_str())
    }
}

impl Serialize for DealCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for DealCode {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<DealCode, D::Error> {
        let text = String::deserialize(d)?;
        DealCode::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("not a deal code: {text:?}")))
    }
}
