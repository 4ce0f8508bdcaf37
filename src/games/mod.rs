//! The games. A game is a rules file (built into the binary, or a user's own via
//! `--rules`), read by one of the engines deckhand knows (`ENGINES`: how its rules files are
//! checked and compiled), each in its own folder with its sheet, scoring, checks and, for
//! the games played live, its live engine (`LiveGame`). Adding a game that needs no Rust is
//! a rules file; adding an engine is its folder, one line in `ENGINES` and its catalog
//! entries.

pub mod endgame;
pub mod fischerspiel;
pub mod fleet;
pub mod live;
/// Terms in every language (`crate::names`, below the messages that carry them).
pub use crate::names;
pub mod nauticus;
pub mod runs;
pub mod table;

use std::path::Path;

pub use crate::source::{Diagnostic, Source};
pub use endgame::EndgameRules;
pub use fischerspiel::model::FischerspielRules;
pub use fleet::FleetRules;
pub use live::LiveGame;
pub use names::Names;

use crate::source::{Diagnosed, ReadError};

/// Why rules could not be had: the rules layer's error. Its words are the text layer's
/// (`text::error`); `Display` there is English.
#[derive(Debug)]
pub enum RulesError {
    /// The rules file cannot be read.
    Read(ReadError),
    /// A rules file with syntax or meaning errors: every diagnostic, each pointing into it.
    Invalid(Diagnosed),
    /// A game id that is not built in.
    UnknownGame {
        /// The id as given.
        id: String,
        /// The built-in ids, comma-separated.
        known: String,
    },
    /// `--rules FILE` describes another game than the one named.
    OtherGame {
        /// The rules file.
        path: String,
        /// The game the file describes.
        id: String,
        /// The game named.
        game: String,
    },
    /// Neither a game id nor a rules file was given.
    NoGame,
}

impl From<ReadError> for RulesError {
    fn from(e: ReadError) -> RulesError {
        RulesError::Read(e)
    }
}

/// The games built into the binary: (id, TOML text).
pub const BUILT_IN: &[(&str, &str)] = &[
    ("fleet-dice", fleet::precompiled::FLEET_TOML),
    ("nauticus", include_str!("../../rules/nauticus.toml")),
    ("titania", include_str!("../../rules/titania.toml")),
    ("fischerspiel", include_str!("../../rules/fischerspiel.toml")),
];

/// A loaded, checked rules file.
#[derive(Debug, Clone)]
pub struct Rules {
    /// The rules file: its name and text, for diagnostics and for saves of rules that are not
    /// built in.
    pub source: Source,
    /// FNV-1a hash of the file text; saves record it so a game is not resumed under
    /// different rules by accident.
    pub hash: u64,
    /// Built into deckhand (not a user's `--rules` file): a save records only the hash.
    pub built_in: bool,
    /// The compiled rules.
    pub game: Game,
}

/// An engine: the `engine` a rules file names, and how its rules are checked and compiled.
pub(crate) struct Engine {
    /// `engine = "…"` in a rules file's `[game]` table.
    pub id: &'static str,
    /// Check and compile a rules file of this engine.
    pub compile: fn(&Source) -> Result<Game, Vec<Diagnostic>>,
}

/// Every engine deckhand knows: one line each.
pub(crate) const ENGINES: &[Engine] = &[
    Engine { id: "fleet", compile: |s| fleet::compile(s).map(|r| Game::Fleet(Box::new(r))) },
    Engine { id: "endgame", compile: |s| endgame::compile(s).map(|r| Game::Endgame(Box::new(r))) },
    Engine {
        id: "fischerspiel",
        compile: |s| fischerspiel::model::compile(s).map(|r| Game::Fischerspiel(Box::new(r))),
    },
];

/// A game's compiled rules, by engine.
#[derive(Debug, Clone)]
pub enum Game {
    /// Fleet: The Dice Game and its variants (the `fleet` engine), played live.
    Fleet(Box<FleetRules>),
    /// End-game calculators described entirely by their rules file (Nauticus, Titania).
    Endgame(Box<EndgameRules>),
    /// The co-operative wind and fish tracker.
    Fischerspiel(Box<FischerspielRules>),
}

impl Game {
    /// The id of the engine that reads it, as `ENGINES` names it.
    pub fn engine(&self) -> &'static str {
        match self {
            Game::Fleet(_) => "fleet",
            Game::Endgame(_) => "endgame",
            Game::Fischerspiel(_) => "fischerspiel",
        }
    }
}

impl Rules {
    /// The game's id (`[game] id`, e.g. `fleet-dice`).
    pub fn id(&self) -> &str {
        match &self.game {
            Game::Fleet(r) => &r.id,
            Game::Endgame(r) => &r.id,
            Game::Fischerspiel(r) => &r.id,
        }
    }

    /// The Fleet rules, if the game is one.
    pub fn fleet(&self) -> Option<&FleetRules> {
        match &self.game {
            Game::Fleet(r) => Some(r),
            _ => None,
        }
    }

    /// The end-game calculator's rules, if the game is one.
    pub fn endgame(&self) -> Option<&EndgameRules> {
        match &self.game {
            Game::Endgame(r) => Some(r),
            _ => None,
        }
    }

    /// The Fischerspiel rules, if the game is Fischerspiel.
    pub fn fischerspiel(&self) -> Option<&FischerspielRules> {
        match &self.game {
            Game::Fischerspiel(r) => Some(r),
            _ => None,
        }
    }

    /// The game's name in every language.
    pub fn names(&self) -> &Names {
        match &self.game {
            Game::Fleet(r) => &r.name,
            Game::Endgame(r) => &r.name,
            Game::Fischerspiel(r) => &r.name,
        }
    }

    /// BoardGameGeek's id of the game, when its rules file gives one (`game.bgg_id`).
    pub fn bgg_id(&self) -> Option<u32> {
        match &self.game {
            Game::Fleet(r) => r.bgg_id,
            Game::Endgame(r) => r.bgg_id,
            Game::Fischerspiel(r) => r.bgg_id,
        }
    }

    /// Fewest and most players.
    pub fn players(&self) -> (u32, u32) {
        match &self.game {
            Game::Fleet(r) => (r.min_players, r.max_players),
            Game::Endgame(r) => (r.min_players, r.max_players),
            Game::Fischerspiel(r) => (r.min_players, r.max_players),
        }
    }
}

impl Rules {
    /// The rules' fingerprint, as saves and the history record it: 16 hex digits of the
    /// FNV-1a hash of what the file says — its tables, keys and values in a canonical
    /// order — so a comment, blank lines or the order of keys do not change it, and any
    /// value does. (Saves of deckhand before 0.2 hold `hash`, the text's own hash.)
    pub fn fingerprint(&self) -> String {
        let canonical = match toml::from_str::<toml::Table>(&self.source.text) {
            Ok(table) => {
                let mut out = String::new();
                canonical_toml(&toml::Value::Table(table), &mut out);
                out
            }
            // Rules that compiled always parse; the text itself is the fallback.
            Err(_) => self.source.text.clone(),
        };
        format!("{:016x}", fnv1a(&canonical))
    }

    /// Whether a save's or a play's recorded rules stamp names these rules: the
    /// fingerprint, or the whole text's hash that earlier saves recorded.
    pub fn is_stamped(&self, stamp: &str) -> bool {
        stamp == self.fingerprint() || stamp == format!("{:016x}", self.hash)
    }
}

/// A TOML value written out with its tables' keys sorted, every string quoted and every
/// float in full, for `Rules::fingerprint`.
fn canonical_toml(value: &toml::Value, out: &mut String) {
    use std::fmt::Write as _;
    match value {
        toml::Value::String(s) => {
            let _ = write!(out, "{s:?}");
        }
        toml::Value::Integer(i) => {
            let _ = write!(out, "{i}");
        }
        toml::Value::Float(f) => {
            let _ = write!(out, "{f:?}");
        }
        toml::Value::Boolean(b) => {
            let _ = write!(out, "{b}");
        }
        toml::Value::Datetime(d) => {
            let _ = write!(out, "d{d}");
        }
        toml::Value::Array(items) => {
            out.push('[');
            for item in items {
                canonical_toml(item, out);
                out.push(',');
            }
            out.push(']');
        }
        toml::Value::Table(table) => {
            let mut keys: Vec<&String> = table.keys().collect();
            keys.sort();
            out.push('{');
            for key in keys {
                let _ = write!(out, "{key:?}=");
                canonical_toml(&table[key.as_str()], out);
                out.push(',');
            }
            out.push('}');
        }
    }
}

/// Why the sheets given do not fit one game's table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    /// More sheets than the game has players.
    TooMany {
        /// The game.
        game: Names,
        /// How many sheets were given.
        sheets: usize,
        /// The most players the game has.
        max: u32,
    },
    /// A solo sheet among others: a solo game has one player.
    SoloAmongOthers {
        /// The game.
        game: Names,
        /// The player whose sheet is a solo sheet.
        player: String,
        /// How many sheets were given.
        sheets: usize,
    },
}

impl TableError {
    /// The refusal as a message for the text layer.
    pub fn message(&self) -> crate::message::Message {
        match self {
            TableError::TooMany { game, sheets, max } => {
                crate::msg!("games.table.too_many", game = game, n = sheets, max = max)
            }
            TableError::SoloAmongOthers { game, player, sheets } => {
                crate::msg!("games.table.solo_among_others", game = game, player = player, n = sheets)
            }
        }
    }
}

impl Rules {
    /// The sheets given as one game fit its table: no more than its most players, and a
    /// solo sheet (named in `solo`) only on its own. Fewer sheets than the fewest players
    /// are fine: one player's sheet may be checked or scored alone.
    pub fn check_table(&self, sheets: usize, solo: &[&str]) -> Result<(), TableError> {
        let (_, max) = self.players();
        let game = self.names().clone();
        if let Some(player) = solo.first().filter(|_| sheets > 1) {
            return Err(TableError::SoloAmongOthers { game, player: player.to_string(), sheets });
        }
        if sheets > max as usize {
            return Err(TableError::TooMany { game, sheets, max });
        }
        Ok(())
    }

    /// Fewer sheets than the game is played by (a player checking their own sheet): still
    /// scored, with this note to say so — the fewest and most players of a game of
    /// several. A solo sheet of a game with a solo mode is a whole game.
    pub fn alone(&self, sheets: usize, solo: bool) -> Option<crate::message::Message> {
        let (min, max) = self.players();
        // Fleet's fewest is 1 (solo); a game of several is 2 players or more.
        let min = if solo { min } else { min.max(2) };
        (sheets > 0 && sheets < min as usize && !solo)
            .then(|| crate::msg!("games.table.alone", game = self.names(), min = min, max = max))
    }
}

/// The 64-bit FNV-1a hash of a rules text (`Rules::hash`).
pub(crate) fn fnv1a(text: &str) -> u64 {
    fleet::precompiled::fnv1a_parts(&[text.as_bytes()])
}

/// A built-in rules text an earlier deckhand shipped, and how today's rules replay its
/// games exactly: saves stamp the rules they began with, and a save of an earlier version
/// keeps resuming where a fix since then only added an option (its old reading is set).
struct Earlier {
    /// The game's id.
    game: &'static str,
    /// The stamp its saves carry (the hash of that version's whole text).
    stamp: &'static str,
    /// The options that make today's rules read the rules as that version did.
    adapt: fn(&mut Game),
}

/// The built-in rules of earlier versions whose saves replay under today's rules; each is
/// proved by a save of that version in `tests/saves/` replaying to the table it printed.
const EARLIER: &[Earlier] = &[
    // deckhand 0.1 of 2026-11-22: before the shrimp license's third level could take the
    // 3-coins face as one of its two faces (`shrimp_coins_face`, #16).
    Earlier {
        game: "fleet-dice",
        stamp: "4713d01045c60191",
        adapt: |g| {
            if let Game::Fleet(r) = g {
                r.options.shrimp_coins_face = fleet::ShrimpCoinsFace::WholeDie;
            }
        },
    },
];

/// The built-in rules a save of an earlier deckhand began with, read as that version read
/// them (see `EARLIER`), or None when `stamp` names no earlier built-in version of `id`.
pub fn earlier_built_in(id: &str, stamp: &str) -> Result<Option<Rules>, RulesError> {
    let Some(earlier) = EARLIER.iter().find(|e| e.game == id && e.stamp == stamp) else {
        return Ok(None);
    };
    let mut rules = built_in(id)?;
    (earlier.adapt)(&mut rules.game);
    Ok(Some(rules))
}

/// Load a built-in game by id. An unknown id is `RulesError::UnknownGame`.
pub fn built_in(id: &str) -> Result<Rules, RulesError> {
    let Some((_, text)) = BUILT_IN.iter().find(|(gid, _)| *gid == id) else {
        let known = BUILT_IN.iter().map(|(g, _)| *g).collect::<Vec<_>>().join(", ");
        return Err(RulesError::UnknownGame { id: id.to_string(), known });
    };
    let source = Source::built_in(id, *text);
    if id == "fleet-dice" {
        if let Some(rules) = fleet::precompiled::fleet() {
            return Ok(Rules {
                source,
                hash: fleet::precompiled::FLEET_TOML_HASH,
                built_in: true,
                game: Game::Fleet(Box::new(rules)),
            });
        }
    }
    let mut rules = from_source(source)?;
    rules.built_in = true;
    Ok(rules)
}

/// Load a rules file from disk.
pub fn from_path(path: &Path) -> Result<Rules, RulesError> {
    from_source(crate::source::read_source(path)?)
}

/// Parse and check rules text: every check of every engine, and every key and type mistake
/// (`source::de`), each with file:line:column; a TOML syntax error quotes the `toml`
/// crate's own text.
pub fn from_source(source: Source) -> Result<Rules, RulesError> {
    let engine = detect_engine(&source)?;
    let game = match ENGINES.iter().find(|e| e.id == engine) {
        Some(e) => (e.compile)(&source),
        None => Err(vec![Diagnostic::new(
            crate::msg!("rules.unknown_engine", engine = engine),
            crate::source::value_span(&source.text, Some("game"), "engine"),
        )
        .help(crate::msg!("rules.unknown_engine_help"))]),
    };
    match game {
        Ok(game) => Ok(Rules { hash: fnv1a(&source.text), source, built_in: false, game }),
        Err(diags) => Err(RulesError::Invalid(Diagnosed::new(&source, diags))),
    }
}

/// Read `game.engine` first, so the right typed shape can be used for the rest.
fn detect_engine(source: &Source) -> Result<String, RulesError> {
    // Fast path: `engine = "name"` on its own line in the `[game]` table. Parsing the whole
    // file only for this would double the start-up cost of every command; the typed parse
    // that follows reports any syntax error with its position anyway.
    if let Some(engine) = scan_engine(&source.text) {
        return Ok(engine);
    }
    #[derive(serde::Deserialize)]
    struct Head {
        game: Option<HeadGame>,
    }
    #[derive(serde::Deserialize)]
    struct HeadGame {
        engine: Option<String>,
    }
    let head: Head = crate::source::de::from_str(&source.text)
        .map_err(|e| RulesError::Invalid(Diagnosed::new(source, vec![e.diagnostic()])))?;
    head.game.and_then(|g| g.engine).ok_or_else(|| {
        RulesError::Invalid(Diagnosed::new(
            source,
            vec![Diagnostic::new(crate::msg!("rules.missing_game_table"), None)
                .help(crate::msg!("rules.missing_game_table_help"))],
        ))
    })
}

/// `engine = "…"` inside `[game]`, when it is written plainly; None when unsure.
fn scan_engine(text: &str) -> Option<String> {
    crate::source::scan_plain_id(text, "game", "engine")
}

/// Resolve `--rules FILE` or a game id to rules.
pub fn resolve(game: Option<&str>, rules_path: Option<&Path>) -> Result<Rules, RulesError> {
    match (rules_path, game) {
        (Some(p), g) => {
            let rules = from_path(p)?;
            if let Some(g) = g {
                if g != rules.id() {
                    return Err(RulesError::OtherGame {
                        path: p.display().to_string(),
                        id: rules.id().to_string(),
                        game: g.to_string(),
                    });
                }
            }
            Ok(rules)
        }
        (None, Some(g)) => built_in(g),
        (None, None) => Err(RulesError::NoGame),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprint_ignores_comments_layout_and_key_order_but_not_values() {
        let text = BUILT_IN.iter().find(|(id, _)| *id == "titania").unwrap().1;
        let load = |t: String| from_source(Source::new("t.toml", t)).unwrap();
        let rules = load(text.to_string());
        let fp = rules.fingerprint();
        assert_eq!(fp.len(), 16);
        // Comments, blank lines and indentation.
        let edited = format!("# my copy\n\n{}", text.replace("\n[", "\n\n  # note\n["));
        assert_eq!(load(edited).fingerprint(), fp);
        // The order of two keys of one table.
        let swapped =
            text.replacen("year = 2010\nby = ", "by = ", 1).replacen("\nplayers = ", "\nyear = 2010\nplayers = ", 1);
        assert_ne!(swapped, text);
        assert_eq!(load(swapped).fingerprint(), fp);
        // A value.
        assert_ne!(load(text.replacen("year = 2010", "year = 2011", 1)).fingerprint(), fp);
        // A save of an earlier deckhand stamped the text's own hash; it still names these rules.
        assert!(rules.is_stamped(&format!("{:016x}", fnv1a(text))));
        assert!(rules.is_stamped(&fp));
        assert!(!rules.is_stamped("0123456789abcdef"));
    }

    #[test]
    fn every_built_in_game_loads() {
        for (id, _) in BUILT_IN {
            let rules = built_in(id).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(rules.id(), *id);
        }
    }

    #[test]
    fn the_engine_is_read_from_the_game_table_only() {
        assert_eq!(scan_engine("[game]\nid = \"x\"\nengine = \"fleet\"  # comment\n"), Some("fleet".into()));
        assert_eq!(scan_engine("[other]\nengine = \"fleet\"\n[game]\nid = \"x\"\n"), None);
        assert_eq!(scan_engine("[game]\nengine = 'fleet'\n"), None, "unsure: left to the full parse");
    }

    #[test]
    fn unknown_game_names_the_known_ones() {
        let err = built_in("monopoly").unwrap_err().to_string();
        assert!(err.contains("fleet-dice"), "{err}");
    }
}
