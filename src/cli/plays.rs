//! Recording plays into the history (issue #14): the `--db FILE` flag (also `DECKHAND_DB`),
//! the hooks that record a finished game, and a `PlayRecord` built from a Fleet session, a
//! Fischerspiel game or a table scored from paper sheets.

use std::path::{Path, PathBuf};

use clap::Args;

use crate::games::fischerspiel::state::{Outcome as CoopOutcome, State as CoopState};
use crate::games::fleet::game::Game;
use crate::games::fleet::session::Session;
use crate::games::live::{LiveGame, Outcome as LiveOutcome};
use crate::games::{FleetRules, Rules};
use crate::history::{
    self, clock, CoopEnd, Date, Db, HistoryError, Outcome, PlayRecord, PlaySource, PlayerRecord, Recorded,
};
use crate::report::Standings;
use crate::store::save::Header;
use crate::text::history::HistorySaid;
use crate::text::Lang;
use crate::Error;

/// `--db FILE`: where the history is.
#[derive(Debug, Clone, Default, Args)]
pub struct DbArgs {
    /// The history database (default: history.sqlite3 in the platform's data folder; also DECKHAND_DB)
    #[arg(long, value_name = "FILE", env = "DECKHAND_DB", hide_env = true)]
    pub db: Option<PathBuf>,
}

/// `play` and `resume`: a finished game is recorded unless `--no-record`.
#[derive(Debug, Clone, Default, Args)]
pub struct LiveArgs {
    /// Do not record the finished game in the history
    #[arg(long)]
    pub no_record: bool,
    /// Where the game is played (a table or a venue), recorded with it
    #[arg(long, value_name = "NAME", value_parser = location)]
    pub location: Option<String>,
    #[command(flatten)]
    pub db: DbArgs,
}

/// `score`: record the scored game with `--record` (on `--date DATE`, default today).
#[derive(Debug, Clone, Default, Args)]
pub struct PaperArgs {
    /// Record this game in the history
    #[arg(long)]
    pub record: bool,
    /// The game night to record it on, YYYY-MM-DD (default: now)
    #[arg(long, value_name = "DATE", requires = "record")]
    pub date: Option<String>,
    /// Where the game was played (a table or a venue), recorded with it
    #[arg(long, value_name = "NAME", requires = "record", value_parser = location)]
    pub location: Option<String>,
    #[command(flatten)]
    pub db: DbArgs,
}

/// The help of the shared flags in each language (see `commands::help`).
pub const HELP: &[(&str, &str, &str)] = &[
    ("play", "no_record", "cli.help.history.no_record"),
    ("play", "db", "cli.help.history.db"),
    ("play", "location", "cli.help.history.location"),
    ("resume", "location", "cli.help.history.location"),
    ("score", "location", "cli.help.history.location"),
    ("resume", "no_record", "cli.help.history.no_record"),
    ("resume", "db", "cli.help.history.db"),
    ("score", "record", "cli.help.history.record"),
    ("score", "date", "cli.help.history.date"),
    ("score", "db", "cli.help.history.db"),
];

impl DbArgs {
    /// The database file: `--db`, `DECKHAND_DB`, or the platform's data folder.
    pub fn path(&self) -> Result<PathBuf, HistoryError> {
        match &self.db {
            Some(p) => Ok(p.clone()),
            None => history::db::default_path(),
        }
    }

    /// Open for writing, creating the file.
    pub fn open(&self) -> Result<Db, Error> {
        Ok(self.path().and_then(|p| Db::open(&p))?)
    }

    /// Open for reading: None when nothing was ever recorded.
    pub fn open_existing(&self) -> Result<Option<Db>, Error> {
        Ok(self.path().and_then(|p| Db::open_existing(&p))?)
    }

    /// Open for reading only (nothing written, no files created beside it): None when
    /// nothing was ever recorded.
    pub fn open_read_only(&self) -> Result<Option<Db>, Error> {
        Ok(self.path().and_then(|p| Db::open_read_only(&p))?)
    }

    /// The file as the user should see it.
    pub fn shown(&self) -> String {
        self.path().map(|p| crate::text::escape_controls(&p.display().to_string()).into_owned()).unwrap_or_default()
    }
}

/// Why a streamed listing stopped: the history (said in the reader's language) or the
/// output (a closed pipe ends quietly).
#[derive(Debug)]
pub struct Stopped(pub anyhow::Error);

impl From<HistoryError> for Stopped {
    fn from(e: HistoryError) -> Stopped {
        Stopped(Error::from(e).into())
    }
}

impl From<std::io::Error> for Stopped {
    fn from(e: std::io::Error) -> Stopped {
        Stopped(e.into())
    }
}

impl From<Stopped> for anyhow::Error {
    fn from(s: Stopped) -> anyhow::Error {
        s.0
    }
}

/// Record a play (after deleting the one it replaces); say what happened on standard
/// error. The play's number in the history.
fn record(args: &DbArgs, play: &PlayRecord, replaces: Option<i64>, lang: Lang) -> Result<i64, HistoryError> {
    let path = args.path()?;
    let mut db = Db::open(&path)?;
    if let Some(id) = replaces {
        match history::query::delete(&mut db, id) {
            Ok(_) | Err(HistoryError::NoSuchPlay { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    match history::record::record(&mut db, play)? {
        Recorded::New(id) => {
            crate::ui::say(&HistorySaid::Recorded { id, path: &args.shown().to_string() }.text(lang));
            Ok(id)
        }
        Recorded::AlreadyRecorded(id) => {
            crate::ui::say(&HistorySaid::AlreadyRecorded(id).text(lang));
            Ok(id)
        }
    }
}

/// The end of a live game (`play`, `resume`): its table, save and sheets are done before
/// this runs; whatever happens to the database is only a warning. A game that ends again
/// after an undo replaces the play it recorded (`replaces`). The play's number, if it
/// was recorded.
pub fn record_finished(
    args: &LiveArgs,
    play: impl FnOnce() -> Result<PlayRecord, std::io::Error>,
    save: &Path,
    replaces: Option<i64>,
    lang: Lang,
) -> Option<i64> {
    if args.no_record {
        return None;
    }
    let outcome = match play() {
        Ok(play) => record(&args.db, &PlayRecord { location: args.location.clone(), ..play }, replaces, lang)
            .map_err(|e| crate::text::history::error(&e, lang)),
        Err(e) => {
            Err(crate::text::history::error(&HistoryError::Io { path: save.display().to_string(), cause: e }, lang))
        }
    };
    match outcome {
        Ok(id) => Some(id),
        Err(why) => {
            crate::ui::say(&HistorySaid::NotRecorded(&why.to_string()).text(lang));
            replaces
        }
    }
}

/// `score --record`: a database that cannot be written is a warning (the table is printed
/// already); one that is not ours, damaged or newer is an error (exit 2).
pub fn record_paper(args: &PaperArgs, play: PlayRecord, lang: Lang) -> Result<(), Error> {
    match record(&args.db, &play, None, lang) {
        Ok(_) => Ok(()),
        Err(e) if e.is_unwritable() => {
            crate::ui::say(&HistorySaid::NotRecorded(&crate::text::history::error(&e, lang)).text(lang));
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

/// `--location NAME`: the history's check (`history::fit::location`: not empty, no
/// control characters, at most 100 characters); trimmed.
pub fn location(text: &str) -> Result<String, String> {
    history::fit::location(text)
        .map(str::to_string)
        .map_err(|_| crate::text::history::bad_location(history::fit::MAX_LOCATION, crate::text::from_env()))
}

/// `--date`, `--since`, `night DATE`: a date written YYYY-MM-DD.
pub fn parse_date(text: &str) -> Result<Date, Error> {
    Date::parse(text).ok_or_else(|| Error::Usage(crate::msg!("cli.history.bad_date", value = text)))
}

/// When a game began and how long it took: the save header's start, and the end (now for a
/// live game, the save's last change for an import). An old save without a start: no
/// duration, and the night of its last change.
fn timing(started: Option<u64>, ended: i64) -> (Option<i64>, i32, Date, Option<u32>) {
    match started.and_then(|s| i64::try_from(s).ok()) {
        Some(at) => {
            let offset = clock::local_offset(at);
            let duration = u32::try_from(ended.saturating_sub(at)).ok();
            (Some(at), offset, Date::night_of(at, offset), duration)
        }
        None => {
            let offset = clock::local_offset(ended);
            (None, offset, Date::night_of(ended, offset), None)
        }
    }
}

/// The last change of a file, in Unix seconds (now when unknown).
pub fn modified(path: &Path) -> i64 {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or_else(clock::now, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// The seat of the player who started round 1: the game replayed up to its first round.
fn first_start_player(rules: &FleetRules, session: &Session) -> Option<usize> {
    let mut game = Game::new(rules, &session.names, session.setup);
    for (by, input) in &session.inputs {
        if game.round >= 1 {
            break;
        }
        match by {
            Some(p) => game.apply_by(rules, *p, input).ok()?,
            None => game.apply(rules, input).ok()?,
        }
    }
    (game.round >= 1).then_some(game.start_player)
}

/// The band of Captain Ruth's ratings a solo score reached, by its lowest score.
fn solo_rating(rules: &FleetRules, total: i64) -> Option<u32> {
    let total = u32::try_from(total.max(0)).unwrap_or(u32::MAX);
    rules.solo.ratings.iter().find(|r| total >= r.min).map(|r| r.min)
}

/// A finished Fleet game as a play: seats in the save's order, ranks from the final table.
/// What a play recorded from a finished save takes from its rules, header and bytes: the
/// game, when it was played, the rules' fingerprint and the save's content hash (no
/// players, no start player, ranked until the caller says otherwise).
fn from_save(rules: &Rules, header: &Header, bytes: &[u8], ended: i64, source: PlaySource) -> PlayRecord {
    let (started_at, utc_offset, night, duration_s) = timing(header.started, ended);
    PlayRecord {
        game_id: rules.id().to_string(),
        game_name: rules.names().en.clone(),
        bgg_id: rules.bgg_id(),
        started_at,
        utc_offset,
        night,
        duration_s,
        source,
        players: Vec::new(),
        start_player: None,
        rules_fingerprint: header.rules.hash.clone(),
        save_hash: Some(history::content_hash(bytes)),
        outcome: Outcome::Ranked,
        location: None,
        deal: None,
    }
}

pub fn fleet_play(
    rules: &Rules,
    session: &Session,
    header: &Header,
    save: &Path,
    ended: i64,
    source: PlaySource,
) -> Result<PlayRecord, std::io::Error> {
    let Some(fleet) = rules.fleet() else { return Err(std::io::Error::other("not a Fleet game")) };
    // The places of the game, ranked with its tie-break by the library.
    let Some(LiveOutcome::Ranked(places)) = session.outcome(fleet) else {
        return Err(std::io::Error::other("the game is not over"));
    };
    let bytes = std::fs::read(save)?;
    let solo = session.game.ruth.is_some();
    let players: Vec<PlayerRecord> = session
        .game
        .players
        .iter()
        .zip(places)
        .map(|(p, place)| {
            let score = crate::games::fleet::score(fleet, &p.sheet);
            let rank = Some(place.rank as u32);
            PlayerRecord {
                name: p.name.clone(),
                score: Some(place.score),
                rank,
                winner: !solo && rank == Some(1),
                categories: fleet
                    .categories
                    .iter()
                    .zip(score.categories())
                    .map(|((id, _), v)| (id.clone(), i64::from(v)))
                    .collect(),
            }
        })
        .collect();
    let outcome = if solo {
        Outcome::Solo { rating_min: solo_rating(fleet, players.first().and_then(|p| p.score).unwrap_or(0)) }
    } else {
        Outcome::Ranked
    };
    Ok(PlayRecord {
        players,
        start_player: first_start_player(fleet, session),
        outcome,
        // A duplicate tournament's deal, which `standings --deal` ranks by.
        deal: super::saves::setup_of::<Session>(header).and_then(|f| f.deal).map(|d| d.as_str().to_string()),
        ..from_save(rules, header, &bytes, ended, source)
    })
}

/// A finished Fischerspiel game as a play: everyone wins or loses together. Seats are the
/// names given at the start, or numbered when the game was started with a count.
pub fn coop_play(
    rules: &Rules,
    header: &Header,
    players: u32,
    state: &CoopState,
    save: &Path,
    ended: i64,
    source: PlaySource,
) -> Result<PlayRecord, std::io::Error> {
    let bytes = std::fs::read(save)?;
    let end = match state.outcome {
        Some(CoopOutcome::Won) | None => CoopEnd::Won,
        Some(CoopOutcome::LostToHurricane) => CoopEnd::LostToHurricane,
        Some(CoopOutcome::LostStuck) => CoopEnd::LostStuck,
    };
    let names: Vec<String> = if header.players.is_empty() {
        (1..=players).map(|n| format!("#{n}")).collect()
    } else {
        header.players.clone()
    };
    let players = names
        .into_iter()
        .map(|name| PlayerRecord { name, score: None, rank: None, winner: end == CoopEnd::Won, categories: Vec::new() })
        .collect();
    Ok(PlayRecord {
        players,
        outcome: Outcome::Coop { end, final_wind: state.wind },
        ..from_save(rules, header, &bytes, ended, source)
    })
}

/// A described game played through the generic table (`games::described`), over, as a
/// play: each seat's score, place and points per category as the game describes them.
pub fn any_play(
    rules: &Rules,
    header: &Header,
    game: &dyn crate::games::described::AnyGame,
    save: &Path,
    ended: i64,
    source: PlaySource,
) -> Result<PlayRecord, std::io::Error> {
    let outcome = game.outcome().ok_or_else(|| std::io::Error::other("the game is not over"))?;
    let bytes = std::fs::read(save)?;
    let solo = header.players.len() == 1;
    let (players, outcome) = match outcome {
        LiveOutcome::Ranked(places) => {
            let players = header
                .players
                .iter()
                .zip(places)
                .enumerate()
                .map(|(seat, (name, place))| PlayerRecord {
                    name: name.clone(),
                    score: Some(place.score),
                    rank: Some(place.rank as u32),
                    winner: !solo && place.rank == 1,
                    categories: game.categories(seat).into_iter().map(|c| (c.id, c.points)).collect(),
                })
                .collect();
            let outcome = if solo { Outcome::Solo { rating_min: None } } else { Outcome::Ranked };
            (players, outcome)
        }
        LiveOutcome::Together { won } => {
            let end = if won { CoopEnd::Won } else { CoopEnd::LostStuck };
            let players = header
                .players
                .iter()
                .map(|name| PlayerRecord {
                    name: name.clone(),
                    score: None,
                    rank: None,
                    winner: won,
                    categories: Vec::new(),
                })
                .collect();
            (players, Outcome::Coop { end, final_wind: 0 })
        }
    };
    Ok(PlayRecord { players, outcome, ..from_save(rules, header, &bytes, ended, source) })
}

/// A table scored from paper sheets as a play. `seats` are the players in the order their
/// sheets were named; `category_ids` in the table's column order; `texts` the sheet files
/// (their content hash tells a game already recorded).
pub fn paper_play(
    rules: &Rules,
    standings: &Standings,
    seats: &[String],
    category_ids: &[String],
    texts: &[&[u8]],
    args: &PaperArgs,
) -> Result<PlayRecord, Error> {
    let now = clock::now();
    let (started_at, utc_offset, night) = match &args.date {
        Some(d) => (None, 0, parse_date(d)?),
        None => {
            let offset = clock::local_offset(now);
            (Some(now), offset, Date::night_of(now, offset))
        }
    };
    let solo = seats.len() == 1 && rules.fleet().is_some();
    let players = seats
        .iter()
        .filter_map(|name| standings.rows.iter().find(|r| &r.player == name))
        .map(|row| PlayerRecord {
            name: row.player.clone(),
            score: Some(row.total),
            rank: Some(row.rank as u32),
            winner: !solo && row.rank == 1,
            categories: category_ids.iter().cloned().zip(row.values.iter().copied()).collect(),
        })
        .collect();
    let outcome = match (solo, rules.fleet()) {
        (true, Some(f)) => Outcome::Solo { rating_min: solo_rating(f, standings.rows.first().map_or(0, |r| r.total)) },
        _ => Outcome::Ranked,
    };
    Ok(PlayRecord {
        game_id: rules.id().to_string(),
        game_name: rules.names().en.clone(),
        bgg_id: rules.bgg_id(),
        started_at,
        utc_offset,
        night,
        duration_s: None,
        source: PlaySource::Paper,
        players,
        start_player: None,
        rules_fingerprint: rules.fingerprint(),
        save_hash: Some(history::files_hash(texts)),
        outcome,
        location: args.location.clone(),
        deal: None,
    })
}
