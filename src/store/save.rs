//! The one save format of every live game: a header line (`Header`), then one entry per
//! line (each game's own entry type). A save is self-contained: it carries the full text
//! of a rules file that is not built in (only the fingerprint of built-in rules), so no
//! path read from a save is ever opened. Saves of earlier versions (`deckhand-fleet-game`
//! and `deckhand-journal` headers) keep loading.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The `format` of a save header.
pub(crate) const FORMAT: &str = "deckhand-save";
/// The newest header schema this deckhand writes and reads.
pub(crate) const SCHEMA: u32 = 2;

/// The first line of a save file. `S` is the engine's setup: its own type when a game
/// writes its header, and `Opaque` — the setup as read, which `store` keeps without knowing
/// it — when a save is read; the engine decodes it (`Setup::decode`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header<S = Opaque> {
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
    /// How the game was set up: the engine and its own setup.
    pub setup: Setup<S>,
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

/// How a game was set up: the engine's id, then the fields of the engine's own setup
/// beside it in one object (`{"engine":"fleet","dice":"Digital",…}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup<S = Opaque> {
    /// The engine's id (`fleet`, `fischerspiel`).
    pub engine: String,
    /// The engine's setup.
    #[serde(flatten)]
    pub of: S,
}

/// An engine's setup as read from a save, not yet decoded: its fields by name.
pub type Opaque = Map<String, Value>;

impl Setup {
    /// The engine's setup as its own type, or why the header's fields do not make one.
    pub fn decode<S: DeserializeOwned>(&self) -> Result<S, serde_json::Error> {
        serde_json::from_value(Value::Object(self.of.clone()))
    }
}

impl<S: Serialize> Setup<S> {
    /// An engine's setup, named by the engine's id.
    pub fn new(engine: &str, of: S) -> Setup<S> {
        Setup { engine: engine.into(), of }
    }

    /// The setup as a save's reader sees it.
    pub fn opaque(&self) -> Setup {
        let of = match serde_json::to_value(&self.of) {
            Ok(Value::Object(map)) => map,
            _ => Map::new(),
        };
        Setup { engine: self.engine.clone(), of }
    }
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

impl<S: Serialize> Header<S> {
    /// The header of a game starting now, in the newest format.
    pub fn new(game: &str, rules: RulesStamp, players: Vec<String>, setup: Setup<S>) -> Header<S> {
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

    /// The header as a save's reader sees it (the setup not decoded).
    pub fn opaque(&self) -> Header {
        Header {
            format: self.format.clone(),
            schema: self.schema,
            game: self.game.clone(),
            rules: self.rules.clone(),
            players: self.players.clone(),
            setup: self.setup.opaque(),
            started: self.started,
            legacy_rules_file: self.legacy_rules_file.clone(),
        }
    }
}

impl Header {
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
                let setup = Setup { engine: "fleet".into(), of: old.fleet_setup() };
                Ok(Header {
                    format: FORMAT.into(),
                    schema: SCHEMA,
                    game: old.game,
                    rules: RulesStamp { hash: old.rules_hash, text: None },
                    players: old.players,
                    setup,
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
                            .filter_map(|(k, v)| {
                                v.as_u64().map(|n| (k.clone(), Value::from(n.min(u64::from(u32::MAX)) as u32)))
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                Ok(Header {
                    format: FORMAT.into(),
                    schema: SCHEMA,
                    game: old.game,
                    rules: RulesStamp { hash: old.rules_hash, text: None },
                    players: Vec::new(),
                    setup: Setup {
                        engine: "fischerspiel".into(),
                        of: Map::from_iter([
                            ("players".to_string(), Value::from(old.players.len() as u32)),
                            ("variant".to_string(), Value::from(old.variant)),
                            ("boats".to_string(), Value::from(old.players)),
                            ("fish".to_string(), Value::Object(fish)),
                        ]),
                    },
                    started: None,
                    legacy_rules_file: None,
                })
            }
            _ => Err(HeaderError::NotASave { format }),
        }
    }
}

const LEGACY_FLEET: &str = "deckhand-fleet-game";
const LEGACY_COOP: &str = "deckhand-journal";

/// The header of a Fleet save before schema 2: its dice and seed beside the header's
/// fields, its options in `setup`. Only its shape is read here; Fleet reads the values
/// when it decodes the setup they make (`LegacyFleet::fleet_setup`).
#[derive(Deserialize)]
struct LegacyFleet {
    game: String,
    rules_hash: String,
    #[serde(default)]
    rules_file: Option<String>,
    players: Vec<String>,
    dice: Value,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    setup: Map<String, Value>,
}

impl LegacyFleet {
    /// The fields of today's Fleet setup: the dice, the seed, and the options.
    fn fleet_setup(&self) -> Opaque {
        let mut of = Map::from_iter([("dice".to_string(), self.dice.clone())]);
        if let Some(seed) = self.seed {
            of.insert("seed".into(), seed.into());
        }
        for option in ["solo", "captains", "trophies"] {
            if let Some(v) = self.setup.get(option) {
                of.insert(option.into(), v.clone());
            }
        }
        of
    }
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

    /// An engine's setup of its own, as an engine writes it: fields in its order.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Dealt {
        dice: String,
        seed: Option<u64>,
        deal: String,
    }

    #[test]
    fn a_header_round_trips_and_the_engine_decodes_its_setup() {
        let dealt = Dealt { dice: "Digital".into(), seed: Some(7), deal: "CLUB-7".into() };
        let h = Header::new(
            "fleet-dice",
            RulesStamp { hash: "00ff".into(), text: Some("[game]\n".into()) },
            vec!["Ann".into(), "Bob".into()],
            Setup::new("fleet", dealt.clone()),
        );
        let line = serde_json::to_string(&h).unwrap();
        assert!(line.contains(r#""setup":{"engine":"fleet","dice":"Digital","seed":7,"deal":"CLUB-7"}"#), "{line}");
        let back = Header::from_json(serde_json::from_str(&line).unwrap()).unwrap();
        assert_eq!(back, h.opaque());
        assert_eq!(back.setup.engine, "fleet");
        assert_eq!(back.setup.decode::<Dealt>().unwrap(), dealt);
        assert!(back.setup.decode::<RulesStamp>().is_err(), "a setup of another shape is refused");
    }

    #[test]
    fn saves_of_earlier_versions_load() {
        let fleet = serde_json::json!({"format":"deckhand-fleet-game","schema":1,"game":"fleet-dice",
            "rules_hash":"abcd","rules_file":"/etc/shadow","players":["Ann"],"dice":"Physical",
            "setup":{"solo":true}});
        let h = Header::from_json(fleet).unwrap();
        assert_eq!(h.legacy_rules_file.as_deref(), Some("/etc/shadow"));
        assert_eq!(h.rules.text, None);
        assert_eq!(h.setup.engine, "fleet");
        assert_eq!(Value::Object(h.setup.of), serde_json::json!({"dice":"Physical","solo":true}));
        let coop = serde_json::json!({"format":"deckhand-journal","schema":1,"game":"fischerspiel",
            "rules_hash":"abcd","players":["red","grey"],"variant":"base","setup":{"fish":{"small":2}}});
        let h = Header::from_json(coop).unwrap();
        assert_eq!(h.setup.engine, "fischerspiel");
        let want = serde_json::json!({"players":2,"variant":"base","boats":["red","grey"],"fish":{"small":2}});
        assert_eq!(Value::Object(h.setup.of), want);
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
