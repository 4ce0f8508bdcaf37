//! Opening save files for `resume`, `replay` and `show`, whatever the game: the header
//! read and checked (format, schema, player names), and the rules the game began with —
//! the ones the save carries, the built-in ones, or `--rules FILE`; never a path read
//! from the save.

use std::path::{Path, PathBuf};

use serde_json::Value;

use std::sync::OnceLock;

use super::live::{self, LiveView};
use crate::games::live::LiveGame;
use crate::games::{self as rules, Rules, Source};
use crate::players::{check_names, NameProblem};
use crate::store::journal::Read;
use crate::store::save::{Header, HeaderError};
use crate::store::Journal;
use crate::store::StoreError;
use crate::text::Lang;
use crate::Error;

/// Check player names (trimmed, in seating order): what is wrong, if anything. No player
/// may be called as a command of the table's one list, in any language.
pub fn check_player_names(names: &[String]) -> Result<(), NameProblem> {
    check_names(names, &crate::text::table::reserved_words())
}

/// A save file read without changing it: its header (any version) and its entries.
pub fn read(path: &Path) -> Result<(Header, Read<Value, Value>), Error> {
    let read = Journal::read::<Value, Value>(path)?;
    let header = header_of(path, read.header.clone())?;
    Ok((header, read))
}

/// Which part of deckhand reads a save, found from its header (read once): Fleet's own
/// commands, the generic table's (a described game: the five-dice game), or the
/// Fischerspiel's.
pub(crate) enum Reader {
    Fleet,
    Described(Header),
    Coop(Header),
}

/// The part of deckhand that reads the save at `path` (`replay`, `show`, `advise`, `review`
/// dispatch on it).
pub(crate) fn reader(path: &Path) -> Result<Reader, Error> {
    let (header, _) = read(path)?;
    let engine = header.setup.engine.as_str();
    Ok(if engine == <crate::games::fischerspiel::state::Timeline as LiveGame>::ENGINE {
        Reader::Coop(header)
    } else if engine != <crate::games::fleet::session::Session as LiveGame>::ENGINE
        && crate::games::live_engine(engine).is_some()
    {
        Reader::Described(header)
    } else {
        Reader::Fleet
    })
}

/// A header from the first line of `path`, checked: a deckhand save this version reads,
/// with usable player names.
pub fn header_of(path: &Path, value: Value) -> Result<Header, Error> {
    let header = Header::from_json(value).map_err(|e| match e {
        HeaderError::NotASave { format } => {
            Error::Usage(crate::msg!("cli.save.not_a_save", file = path.display(), format = format))
        }
        HeaderError::Newer { schema } => {
            Error::Usage(crate::msg!("cli.save.newer", file = path.display(), schema = schema))
        }
        HeaderError::Malformed(why) => bad_header(path, &why),
    })?;
    let view = view_of(path, &header)?;
    if let Some(why) = (view.setup_problem)(&header.setup) {
        return Err(bad_header(path, &why));
    }
    if !header.players.is_empty() {
        check_player_names(&header.players)
            .map_err(|problem| Error::SavePlayers { file: path.display().to_string(), problem })?;
    }
    Ok(header)
}

/// The view of a save's live game (`cli::live`), by the engine its header names; an
/// engine that is not played live is a header deckhand cannot read.
pub fn view_of(path: &Path, header: &Header) -> Result<&'static LiveView, Error> {
    live::view(&header.setup.engine).ok_or_else(|| {
        static ENGINES: OnceLock<Vec<&'static str>> = OnceLock::new();
        let engines: &'static [&'static str] =
            ENGINES.get_or_init(|| live::LIVE.iter().map(|v| v.engine).chain(crate::games::live_engines()).collect());
        bad_header(path, &serde::de::Error::unknown_variant(&header.setup.engine, engines))
    })
}

fn bad_header(path: &Path, why: &serde_json::Error) -> Error {
    Error::Usage(crate::msg!("cli.save.bad_header", file = path.display(), why = why.to_string()))
}

/// A live game's setup from a save's header; None when the save is another engine's.
pub fn setup_of<G: LiveGame>(header: &Header) -> Option<G::Setup> {
    (header.setup.engine == G::ENGINE).then(|| header.setup.decode().ok()).flatten()
}

/// The rules a save was played with, refusing different rules unless allowed.
pub fn rules_for(
    path: &Path,
    header: &Header,
    rules_path: Option<&Path>,
    allow_change: bool,
    lang: Lang,
) -> Result<Rules, Error> {
    let file = path.display();
    let rules = match (rules_path, &header.rules.text, &header.legacy_rules_file) {
        (Some(p), _, _) => rules::from_path(p)?,
        (None, Some(text), _) => {
            let name = crate::text::table::rules_in_save(path, lang);
            rules::from_source(Source::new(name, text.clone()))?
        }
        (None, None, Some(old)) => {
            return Err(Error::Usage(crate::msg!("cli.save.rules_file_not_opened", file = file, rules = old)))
        }
        // Built-in rules: today's, or an earlier version's read as it was.
        (None, None, None) => match rules::earlier_built_in(&header.game, &header.rules.hash)? {
            Some(earlier) => return Ok(earlier),
            None => rules::built_in(&header.game)?,
        },
    };
    if rules.id() != header.game {
        return Err(Error::Usage(crate::msg!(
            "cli.save.other_game",
            file = file,
            game = &header.game,
            rules = rules.id()
        )));
    }
    if !rules.is_stamped(&header.rules.hash) && !allow_change {
        let hash = rules.fingerprint();
        let began = crate::text::table::began(header.rules.text.is_some(), header.legacy_rules_file.as_deref(), lang);
        return Err(Error::Usage(crate::msg!(
            "cli.save.rules_changed",
            file = file,
            old = &header.rules.hash,
            began = began,
            loaded = &rules.source.name,
            new = hash
        )));
    }
    Ok(rules)
}

/// What a new save records of its rules: the fingerprint, and the whole text of rules
/// that are not built in (so the save can be resumed anywhere without the file).
pub fn stamp(rules: &Rules) -> crate::store::save::RulesStamp {
    crate::store::save::RulesStamp {
        hash: rules.fingerprint(),
        text: (!rules.built_in).then(|| rules.source.text.clone()),
    }
}

/// The folder games are saved in when `--save` is not given: `games` in the platform's
/// data folder (`~/.local/share/deckhand/games` on Linux), or the current folder on a
/// platform without one.
pub fn games_dir() -> PathBuf {
    directories::ProjectDirs::from("", "", "deckhand")
        .map(|d| d.data_dir().join("games"))
        .unwrap_or_else(|| PathBuf::from("."))
}

/// A new save's path when `--save` is not given: `GAME-YYYYMMDD-HHMMSS.jsonl` in
/// [`games_dir`] (created when missing), with `-2`, `-3`… when a game started in the same
/// second.
pub fn default_save(game: &str) -> Result<PathBuf, Error> {
    let dir = games_dir();
    std::fs::create_dir_all(&dir).map_err(|cause| StoreError::Write { path: dir.display().to_string(), cause })?;
    let stem = format!("{game}-{}", timestamp());
    let mut path = dir.join(format!("{stem}.jsonl"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stem}-{n}.jsonl"));
        n += 1;
    }
    Ok(path)
}

/// The local date and time as `YYYYMMDD-HHMMSS`.
fn timestamp() -> String {
    let secs = crate::history::clock::now();
    let date = crate::history::Date::from_days(secs.div_euclid(86_400));
    let rem = secs.rem_euclid(86_400);
    format!("{:04}{:02}{:02}-{:02}{:02}{:02}", date.year, date.month, date.day, rem / 3600, rem % 3600 / 60, rem % 60)
}

/// Where a finished game's sheet of `player` is written: beside the save, named after it
/// (`fleet-…-ann.toml`).
pub(crate) fn sheet_path(save: &Path, player: &str) -> PathBuf {
    let stem = save.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "game".into());
    save.with_file_name(format!("{stem}-{}.toml", crate::players::file_slug(player)))
}
