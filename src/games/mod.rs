//! The games. A game is a rules file (built into the binary, or a user's own via
//! `--rules`), read by one of the engines deckhand knows (`ENGINES`: how its rules files are
//! checked and compiled), each in its own folder with its sheet, scoring, checks and, for
//! the games played live, its live engine (`LiveGame`). Adding a game that needs no Rust is
//! a rules file; adding an engine is its folder, one line in `ENGINES` and its catalog
//! entries.

pub mod described;
pub mod endgame;
pub mod fischerspiel;
pub mod fleet;
pub mod live;
/// Terms in every language (`crate::names`, below the messages that carry them).
pub use crate::names;
pub mod nauticus;
pub mod paper;
pub mod runs;
pub mod table;
pub mod yacht;

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
    ("yacht", include_str!("../../rules/yacht.toml")),
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

/// An engine: the `engine` a rules file names, how its rules are checked and compiled, and,
/// for a game played live through the generic table without a view of its own, its live
/// side (`described::LiveEngine`).
pub(crate) struct Engine {
    /// `engine = "…"` in a rules file's `[game]` table.
    pub id: &'static str,
    /// Check and compile a rules file of this engine.
    pub compile: fn(&Source) -> Result<Game, Vec<Diagnostic>>,
    /// The engine's live games, played by the generic views (None: not played live, or
    /// played by a view of its own).
    pub live: Option<&'static dyn described::LiveEngine>,
}

/// Every engine deckhand knows: one line each.
pub(crate) const ENGINES: &[Engine] = &[
    Engine { id: "fleet", compile: |s| fleet::compile(s).map(|r| Game::new("fleet", r)), live: None },
    Engine { id: "endgame", compile: |s| endgame::compile(s).map(|r| Game::new("endgame", r)), live: None },
    Engine {
        id: "fischerspiel",
        compile: |s| fischerspiel::model::compile(s).map(|r| Game::new("fischerspiel", r)),
        live: None,
    },
    Engine {
        id: "yacht",
        compile: |s| yacht::compile(s).map(|r| Game::new("yacht", r)),
        live: Some(described::Erased::<yacht::live::Game>::ENGINE),
    },
];

/// The live side of an engine played through the generic table (`described::LiveEngine`),
/// by the engine's id.
pub fn live_engine(engine: &str) -> Option<&'static dyn described::LiveEngine> {
    ENGINES.iter().find(|e| e.id == engine).and_then(|e| e.live)
}

/// The ids of the engines played through the generic table.
pub fn live_engines() -> impl Iterator<Item = &'static str> {
    ENGINES.iter().filter(|e| e.live.is_some()).map(|e| e.id)
}

/// What every engine's compiled rules say of themselves, whatever the engine: a game is
/// described by its engine, not matched on (`Game::rules` gives the engine's own type to
/// the code that knows it).
pub trait Compiled: std::any::Any + std::fmt::Debug + Send + Sync {
    /// The game's id (`[game] id`, e.g. `fleet-dice`).
    fn id(&self) -> &str;
    /// The game's name in every language.
    fn names(&self) -> &Names;
    /// BoardGameGeek's id of the game, when its rules file gives one.
    fn bgg_id(&self) -> Option<u32>;
    /// Fewest and most players.
    fn players(&self) -> (u32, u32);
    /// A category of the final score by its id, in words (the history's listings name
    /// categories so); None for a category the game does not have.
    fn category(&self, id: &str) -> Option<crate::message::Message> {
        let _ = id;
        None
    }
    /// The reference card of a game whose engine has no card in the text layer (None: the
    /// text layer has the engine's own card).
    fn card(&self) -> Option<Card> {
        None
    }
    /// What `rules check` says a checked rules file describes (None: the text layer's
    /// words for the engine).
    fn summary(&self) -> Option<crate::message::Message> {
        None
    }
    /// What deckhand does for the game, in `deckhand games` (None: the text layer's words
    /// for the engine).
    fn offers(&self) -> Option<crate::message::Message> {
        None
    }
    /// The game's hand-filled sheets, for `score` and `check` (None: the engine's own
    /// commands, or none).
    fn paper(&self) -> Option<&dyn paper::Paper> {
        None
    }
    /// A copy.
    fn boxed(&self) -> Box<dyn Compiled>;
    /// The engine's own type, to downcast.
    fn as_any(&self) -> &dyn std::any::Any;
    /// The engine's own type, to downcast and change (an earlier version's reading).
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}

/// A reference card as a game describes it (`deckhand rules show GAME`): a title, then
/// sections of lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// The first line.
    pub title: crate::message::Message,
    /// Each section: its heading and its lines (none: the card says it is not described).
    pub sections: Vec<(crate::message::Message, Vec<CardLine>)>,
}

/// A line of a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardLine {
    /// A name and what it stands for, the names of a section in one column.
    Pair(Names, crate::message::Message),
    /// A sentence of its own.
    Line(crate::message::Message),
    /// A named option of the rules: its id, its name and what it changes.
    Option {
        /// Its id.
        id: String,
        /// Its name.
        name: Names,
        /// What it changes.
        help: Option<Names>,
    },
    /// A sentence of the rules file, as a point of a list.
    Point(Names),
}

/// A game's compiled rules and the engine that reads them.
#[derive(Debug)]
pub struct Game {
    engine: &'static str,
    rules: Box<dyn Compiled>,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game { engine: self.engine, rules: self.rules.boxed() }
    }
}

impl Game {
    /// The rules `rules`, read by the engine `engine` (its id in `ENGINES`).
    pub fn new<R: Compiled>(engine: &'static str, rules: R) -> Game {
        Game { engine, rules: Box::new(rules) }
    }

    /// The id of the engine that reads it, as `ENGINES` names it.
    pub fn engine(&self) -> &'static str {
        self.engine
    }

    /// What the rules say of themselves.
    pub fn compiled(&self) -> &dyn Compiled {
        &*self.rules
    }

    /// The engine's own rules, if they are of type `R`.
    pub fn rules<R: 'static>(&self) -> Option<&R> {
        self.rules.as_any().downcast_ref()
    }

    /// The engine's own rules to change, if they are of type `R`.
    pub fn rules_mut<R: 'static>(&mut self) -> Option<&mut R> {
        self.rules.as_any_mut().downcast_mut()
    }
}

/// `Compiled` for an engine's rules type with the fields every rules file has (`id`,
/// `name`, `bgg_id`, `min_players`, `max_players`), and optionally its category names.
#[macro_export]
macro_rules! compiled {
    ($rules:ty $(, category = $category:expr)?) => {
        impl $crate::games::Compiled for $rules {
            fn id(&self) -> &str {
                &self.id
            }
            fn names(&self) -> &$crate::games::Names {
                &self.name
            }
            fn bgg_id(&self) -> Option<u32> {
                self.bgg_id
            }
            fn players(&self) -> (u32, u32) {
                (self.min_players, self.max_players)
            }
            $(fn category(&self, id: &str) -> Option<$crate::message::Message> {
                $category(self, id).map(|n: &$crate::games::Names| $crate::msg!("games.term", name = n))
            })?
            fn boxed(&self) -> Box<dyn $crate::games::Compiled> {
                Box::new(self.clone())
            }
            fn as_any(&self) -> &dyn std::any::Any {
                self
            }
            fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
                self
            }
        }
    };
}

compiled!(FleetRules, category = fleet_category);
compiled!(EndgameRules, category = endgame_category);
compiled!(FischerspielRules);

fn fleet_category<'a>(rules: &'a FleetRules, id: &str) -> Option<&'a Names> {
    rules.categories.iter().find(|(c, _)| c == id).map(|(_, n)| n)
}

fn endgame_category<'a>(rules: &'a EndgameRules, id: &str) -> Option<&'a Names> {
    rules.sheet.values.iter().find(|v| v.id == id).map(|v| &v.name)
}

impl Rules {
    /// The game's id (`[game] id`, e.g. `fleet-dice`).
    pub fn id(&self) -> &str {
        self.game.compiled().id()
    }

    /// The Fleet rules, if the game is one.
    pub fn fleet(&self) -> Option<&FleetRules> {
        self.game.rules()
    }

    /// The end-game calculator's rules, if the game is one.
    pub fn endgame(&self) -> Option<&EndgameRules> {
        self.game.rules()
    }

    /// The five-dice game's rules, if the game is one.
    pub fn yacht(&self) -> Option<&yacht::YachtRules> {
        self.game.rules()
    }

    /// The Fischerspiel rules, if the game is Fischerspiel.
    pub fn fischerspiel(&self) -> Option<&FischerspielRules> {
        self.game.rules()
    }

    /// The game's name in every language.
    pub fn names(&self) -> &Names {
        self.game.compiled().names()
    }

    /// BoardGameGeek's id of the game, when its rules file gives one (`game.bgg_id`).
    pub fn bgg_id(&self) -> Option<u32> {
        self.game.compiled().bgg_id()
    }

    /// Fewest and most players.
    pub fn players(&self) -> (u32, u32) {
        self.game.compiled().players()
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
            if let Some(r) = g.rules_mut::<FleetRules>() {
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
                game: Game::new("fleet", rules),
            });
        }
    }
    let mut rules = from_source(source)?;
    rules.built_in = true;
    Ok(rules)
}

/// The engines `ENGINES` names, as a rules file writes them (`fleet`, `endgame`, …).
fn known_engines() -> String {
    ENGINES.iter().map(|e| format!("`{}`", e.id)).collect::<Vec<_>>().join(", ")
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
        .help(crate::msg!("rules.unknown_engine_help", engines = known_engines()))]),
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
