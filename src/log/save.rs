//! The one save format of every live game: a header line (`Header`), then one entry per
//! line (each game's own entry type). A save is self-contained: it carries the full text
//! of a rules file that is not built in (only the fingerprint of built-in rules), so no
//! path read from a save is ever opened. Saves of earlier versions (`deckhand-fleet-game`
//! and `deckhand-journal` headers) keep loading.

use serde::{Deserialize, Serialize};
use serde_json::Value;

// Each engine owns its setup; the header holds the one of its game.
pub use crate::games::fischerspiel::setup::CoopSetup;
pub use crate::games::fleet::setup::{DealCode, FleetSetup};
// Read only to convert Fleet headers of earlier versions.
use crate::games::fleet::game::{Dice, Setup as FleetOptions};

/// The `format` of a save header.
pub(crate) const FORMAT: &str = "deckhand-save";
/// The newest header schema this deckhand writes and reads.
pub(crate) const SCHEMA: u32 = 2;

/// The first line of a save file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// Always `FORMAT`.
    pub format: String,
    /// The header's schema version, 1..=`SCHEMA` (earlier ones are converted on reading).
    pub schema: u32,
    /// The rules id (`fleet-dice`, `fischerspiel`).
    pub game: String,
    /// Which rules the game began with.
    pub rules: RulesStamp,
    /// The players' names in seating order (a co-operative game's seats have none).
    pub players: Vec<String>,
    /// How the game was set up, per game.
    pub setup: Setup,
    /// When the game began (seconds since 1970-01-01 UTC).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<u64>,
    /// A save of an earlier deckhand named its rules file by a path. It is kept only to
    /// say so: deckhand never opens a path read from a file.
    #[serde(skip)]
    pub legacy_rules_file: Option<String>,
}

/// The rules a game began with: their fingerprint, and their text when they are not
/// built in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesStamp {
    /// `games::fnv1a` of the rules text, as 16 hex digits.
    pub hash: String,
    /// The whole rules file, for rules that are not built in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// How a game was set up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "engine", rename_all = "lowercase")]
pub enum Setup {
    /// A Fleet game (`engine = "fleet"`).
    Fleet(FleetSetup),
    /// A Fischerspiel game (`engine = "fischerspiel"`).
    Fischerspiel(CoopSetup),
}

/// Why a first line is not a header deckhand can use.
#[derive(Debug)]
pub enum HeaderError {
    /// Not a deckhand save at all (`format` names something else, or is missing).
    NotASave {
        /// The `format` found ("" when there is none).
        format: String,
    },
    /// Written by a newer deckhand.
    Newer {
        /// The header's schema, above `SCHEMA`.
        schema: u32,
    },
    /// A deckhand header with a field missing or of the wrong kind.
    Malformed(serde_json::Error),
}

impl Header {
    /// The header of a game starting now, in the newest format.
    pub fn new(game: &str, rules: RulesStamp, players: Vec<String>, setup: Setup) -> Header {
        let started = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).ok().map(|d| d.as_secs());
        Header {
            format: FORMAT.into(),
            schema: SCHEMA,
            game: game.into(),
            rules,
            players,
            setup,
            started,
            legacy_rules_file: None,
        }
    }

    /// A header from the first line of a save, of this version or an earlier one.
    pub fn from_json(value: Value) -> Result<Header, HeaderError> {
        let format = value.get("format").and_then(Value::as_str).unwrap_or_default().to_string();
        let schema = value.get("schema").and_then(Value::as_u64).unwrap_or(0);
        match format.as_str() {
            FORMAT if schema > u64::from(SCHEMA) => Err(HeaderError::Newer { schema: schema as u32 }),
            FORMAT => serde_json::from_value(value).map_err(HeaderError::Malformed),
            LEGACY_FLEET if schema > 1 => Err(HeaderError::Newer { schema: schema as u32 }),
            LEGACY_FLEET => {
                let old: LegacyFleet = serde_json::from_value(value).map_err(HeaderError::Malformed)?;
                Ok(Header {
                    format: FORMAT.into(),
                    schema: SCHEMA,
                    game: old.game,
                    rules: RulesStamp { hash: old.rules_hash, text: None },
                    players: old.players,
                    setup: Setup::Fleet(FleetSetup {
                        dice: old.dice,
                        seed: old.seed,
                        solo: old.setup.solo,
                        captains: old.setup.captains,
                        trophies: old.setup.trophies,
                        deal: None,
                        bots: None,
                    }),
                    started: None,
                    legacy_rules_file: old.rules_file,
                })
            }
            LEGACY_COOP if schema > 1 => Err(HeaderError::Newer { schema: schema as u32 }),
            LEGACY_COOP => {
                let old: LegacyCoop = serde_json::from_value(value).map_err(HeaderError::Malformed)?;
                let fish = old
                    .setup
                    .get("fish")
                    .and_then(Value::as_object)
                    .map(|m| {
                        m.iter()
                            .filter_map(|(k, v)| v.as_u64().map(|n| (k.clone(), n.min(u64::from(u32::MAX)) as u32)))
                            .collect()
                    })
                    .unwrap_or_default();
                Ok(Header {
                    format: FORMAT.into(),
                    schema: SCHEMA,
                    game: old.game,
                    rules: RulesStamp { hash: old.rules_hash, text: None },
                    players: Vec::new(),
                    setup: Setup::Fischerspiel(CoopSetup {
                        players: old.players.len() as u32,
                        variant: old.variant,
                        boats: old.players,
                        fish,
                    }),
                    started: None,
                    legacy_rules_file: None,
                })
            }
            _ => Err(HeaderError::NotASave { format }),
        }
    }

    /// The Fleet setup, if this is a Fleet game's save.
    pub fn fleet(&self) -> Option<&FleetSetup> {
        match &self.setup {
            Setup::Fleet(s) => Some(s),
            Setup::Fischerspiel(_) => None,
        }
    }
}

const LEGACY_FLEET: &str = "deckhand-fleet-game";
const LEGACY_COOP: &str = "deckhand-journal";

/// The header of a Fleet save before schema 2.
#[derive(Deserialize)]
struct LegacyFleet {
    game: String,
    rules_hash: String,
    #[serde(default)]
    rules_file: Option<String>,
    players: Vec<String>,
    dice: Dice,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    setup: FleetOptions,
}

/// The header of a co-operative game's save before schema 2 (its `players` were the boats).
#[derive(Deserialize)]
struct LegacyCoop {
    game: String,
    rules_hash: String,
    players: Vec<String>,
    variant: String,
    #[serde(default)]
    setup: Value,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_round_trips() {
        let h = Header::new(
            "fleet-dice",
            RulesStamp { hash: "00ff".into(), text: Some("[game]\n".into()) },
            vec!["Ann".into(), "Bob".into()],
            Setup::Fleet(FleetSetup {
                dice: Dice::Digital,
                seed: Some(7),
                solo: false,
                captains: true,
                trophies: false,
                deal: DealCode::parse("club-7"),
                bots: None,
            }),
        );
        let line = serde_json::to_string(&h).unwrap();
        assert!(line.contains(r#""engine":"fleet""#), "{line}");
        let back = Header::from_json(serde_json::from_str(&line).unwrap()).unwrap();
        assert_eq!(back, h);
    }

    #[test]
    fn saves_of_earlier_versions_load() {
        let fleet = serde_json::json!({"format":"deckhand-fleet-game","schema":1,"game":"fleet-dice",
            "rules_hash":"abcd","rules_file":"/etc/shadow","players":["Ann"],"dice":"Physical",
            "setup":{"solo":true}});
        let h = Header::from_json(fleet).unwrap();
        assert_eq!(h.legacy_rules_file.as_deref(), Some("/etc/shadow"));
        assert_eq!(h.rules.text, None);
        assert!(h.fleet().unwrap().solo);
        let coop = serde_json::json!({"format":"deckhand-journal","schema":1,"game":"fischerspiel",
            "rules_hash":"abcd","players":["red","grey"],"variant":"base","setup":{"fish":{"small":2}}});
        let h = Header::from_json(coop).unwrap();
        let Setup::Fischerspiel(c) = h.setup else { panic!() };
        assert_eq!((c.players, c.boats.len(), c.fish["small"]), (2, 2, 2));
    }

    #[test]
    fn other_files_and_newer_saves_are_told_apart() {
        assert!(matches!(Header::from_json(serde_json::json!({"a":1})), Err(HeaderError::NotASave { .. })));
        let newer = serde_json::json!({"format": FORMAT, "schema": 99});
        assert!(matches!(Header::from_json(newer), Err(HeaderError::Newer { schema: 99 })));
        let broken = serde_json::json!({"format": FORMAT, "schema": 2, "game": 5});
        assert!(matches!(Header::from_json(broken), Err(HeaderError::Malformed(_))));
    }
}
