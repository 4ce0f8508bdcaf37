//! The history in words: its refusals (`HistoryError`), a play's result, durations and
//! dates as people read them, and the names of recorded games and their categories in the
//! reader's language. The history itself (`crate::history`) only stores and counts.

use std::collections::HashMap;

use crate::games::{self, Game, Rules};
use crate::history::{clock, CoopEnd, Date, HistoryError, Night, NotDatabase, Outcome, PlayRecord};
use crate::text::escape_controls;
use crate::text::Lang;

/// A history error in `lang`.
pub fn error(e: &HistoryError, lang: Lang) -> String {
    let name = |s: &str| escape_controls(s).into_owned();
    match e {
        HistoryError::NotADatabase { path, why } => match why {
            NotDatabase::NotSqlite => crate::t!(lang, "cli.history.err.not_sqlite", path = name(path)),
            NotDatabase::OtherProgram => crate::t!(lang, "cli.history.err.other_program", path = name(path)),
            NotDatabase::NotAFile => crate::t!(lang, "cli.history.err.not_a_file", path = name(path)),
        },
        HistoryError::Newer { path, found, supported } => {
            crate::t!(lang, "cli.history.err.newer", path = name(path), found = found, supported = supported)
        }
        HistoryError::Damaged { path, detail } => {
            crate::t!(lang, "cli.history.err.damaged", path = name(path), detail = detail)
        }
        HistoryError::Busy { path } => crate::t!(lang, "cli.history.err.busy", path = name(path)),
        HistoryError::ReadOnly { path } => crate::t!(lang, "cli.history.err.read_only", path = name(path)),
        HistoryError::DiskFull { path } => crate::t!(lang, "cli.history.err.disk_full", path = name(path)),
        HistoryError::Io { path, cause } => crate::t!(lang, "cli.history.err.io", path = name(path), cause = cause),
        HistoryError::Sqlite { path, cause } => {
            crate::t!(lang, "cli.history.err.sqlite", path = name(path), cause = cause)
        }
        HistoryError::NoDataDir => crate::t!(lang, "cli.history.err.no_data_dir"),
        HistoryError::NoSuchPlay { id } => crate::t!(lang, "cli.history.err.no_play", id = id),
        HistoryError::NoSuchPlayer { name: who } => crate::t!(lang, "cli.history.err.no_player", name = name(who)),
        HistoryError::SamePlayerTwice { name: who } => {
            crate::t!(lang, "cli.history.err.same_player_twice", name = name(who))
        }
        HistoryError::BadExport { path, line, detail } => {
            crate::t!(lang, "cli.history.err.bad_export", path = name(path), line = line, detail = name(detail))
        }
        HistoryError::SamePlayer { from, into } => {
            crate::t!(lang, "cli.history.err.same_player", from = name(from), into = name(into))
        }
        HistoryError::PlayedTogether { old, new, play } => {
            crate::t!(lang, "cli.history.err.played_together", old = name(old), new = name(new), play = play)
        }
    }
}

/// Names of recorded games, their categories and solo ratings in a language, from the
/// built-in rules; a game from a user's rules file keeps its recorded English name and
/// its category ids.
#[derive(Default)]
pub struct GameNames {
    rules: HashMap<String, Option<Rules>>,
}

impl GameNames {
    fn rules(&mut self, game: &str) -> Option<&Rules> {
        self.rules.entry(game.to_string()).or_insert_with(|| games::built_in(game).ok()).as_ref()
    }

    /// The game's name.
    pub fn game(&mut self, game: &str, recorded: &str, lang: Lang) -> String {
        match self.rules(game) {
            Some(r) => r.names().get(lang).to_string(),
            None => escape_controls(recorded).into_owned(),
        }
    }

    /// A category's name (`fish`, `boats`, …).
    pub fn category(&mut self, game: &str, id: &str, lang: Lang) -> String {
        let name = self.rules(game).and_then(|r| match &r.game {
            Game::Fleet(f) => f.categories.iter().find(|(c, _)| c == id).map(|(_, n)| n.get(lang)),
            Game::Endgame(e) => e.sheet.values.iter().find(|v| v.id == id).map(|v| v.name.get(lang)),
            Game::Fischerspiel(_) => None,
            Game::Yacht(y) => y.base.boxes.iter().find(|c| c.id == id).map(|c| c.name.get(lang)),
        });
        name.map_or_else(|| escape_controls(id).into_owned(), str::to_string)
    }

    /// The result of a play: the winners, a co-op game's end, a solo game's rating.
    pub fn result(&mut self, play: &PlayRecord, lang: Lang) -> String {
        match play.outcome {
            Outcome::Ranked => {
                let winners: Vec<String> =
                    play.players.iter().filter(|p| p.winner).map(|p| escape_controls(&p.name).into_owned()).collect();
                winners.join(", ")
            }
            Outcome::Solo { rating_min } => {
                let rating = rating_min.and_then(|min| {
                    self.rules(&play.game_id).and_then(|r| r.fleet()).and_then(|f| {
                        f.solo.ratings.iter().find(|r| r.min == min).map(|r| r.name.get(lang).to_string())
                    })
                });
                let score = play.players.first().and_then(|p| p.score).unwrap_or(0);
                match rating {
                    Some(rating) => crate::t!(lang, "cli.history.solo_rated", score = score, rating = rating),
                    None => crate::t!(lang, "cli.history.solo", score = score),
                }
            }
            Outcome::Coop { end, final_wind } => match end {
                CoopEnd::Won => crate::t!(lang, "cli.history.coop_won", wind = final_wind),
                CoopEnd::LostToHurricane => crate::t!(lang, "cli.history.coop_lost_hurricane", wind = final_wind),
                CoopEnd::LostStuck => crate::t!(lang, "cli.history.coop_lost_stuck", wind = final_wind),
            },
        }
    }
}

/// A duration in minutes, `1 h 05` from an hour on; nothing when unknown.
pub fn duration(seconds: Option<u32>, lang: Lang) -> String {
    match seconds {
        None => String::new(),
        Some(s) => {
            let minutes = s.div_ceil(60);
            if minutes < 60 {
                crate::t!(lang, "cli.history.minutes", n = minutes)
            } else {
                crate::t!(lang, "cli.history.hours", h = minutes / 60, m = format!("{:02}", minutes % 60))
            }
        }
    }
}

/// When a play began as people read it: the local date and time, or the night's date.
pub fn when(play: &PlayRecord) -> String {
    match play.started_at {
        Some(at) => clock::local_datetime(at, play.utc_offset)[..16].to_string(),
        None => play.night.to_string(),
    }
}

/// `Ann 73, Bob 42` in seat order, the start player marked with `*`.
pub fn players(play: &PlayRecord) -> String {
    play.players
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let star = if play.start_player == Some(seat) { "*" } else { "" };
            let name = escape_controls(&p.name);
            match p.score {
                Some(s) => format!("{name}{star} {s}"),
                None => format!("{name}{star}"),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A column of the history's listings (`history`, `night`, `stats`, `standings`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    /// The play's number.
    Id,
    /// When the play began, or the night.
    Date,
    /// The game.
    Game,
    /// The players with their scores, the start player marked.
    Players,
    /// The winners, a co-op game's end or a solo rating.
    Result,
    /// How long the play took.
    Duration,
    /// Where it was played.
    Location,
    /// One player.
    Player,
    /// The other player of a head-to-head record.
    Opponent,
    /// How many plays.
    Plays,
    /// How many wins.
    Wins,
    /// Wins per play.
    WinRate,
    /// The average score.
    Average,
    /// The best score.
    Best,
    /// The worst score.
    Worst,
    /// Plays the player finished ahead of the opponent.
    Ahead,
    /// Plays the player finished behind the opponent.
    Behind,
    /// Plays they tied.
    Tied,
    /// Co-operative plays won.
    CoopWon,
    /// The average winning score.
    AverageWinning,
    /// The game's best score.
    Record,
    /// Who made the record.
    RecordBy,
    /// The night of the record.
    RecordNight,
    /// Points over a night.
    Points,
    /// The place in a deal's standings.
    Rank,
    /// The score of a deal's play.
    Score,
    /// The place at the player's own table.
    TableRank,
}

impl Column {
    /// The column's heading in `lang`.
    pub fn text(self, lang: Lang) -> String {
        match self {
            Column::Id => crate::t!(lang, "cli.history.col.id"),
            Column::Date => crate::t!(lang, "cli.history.col.date"),
            Column::Game => crate::t!(lang, "cli.history.col.game"),
            Column::Players => crate::t!(lang, "cli.history.col.players"),
            Column::Result => crate::t!(lang, "cli.history.col.result"),
            Column::Duration => crate::t!(lang, "cli.history.col.duration"),
            Column::Location => crate::t!(lang, "cli.history.col.location"),
            Column::Player => crate::t!(lang, "cli.history.col.player"),
            Column::Opponent => crate::t!(lang, "cli.history.col.opponent"),
            Column::Plays => crate::t!(lang, "cli.history.col.plays"),
            Column::Wins => crate::t!(lang, "cli.history.col.wins"),
            Column::WinRate => crate::t!(lang, "cli.history.col.win_rate"),
            Column::Average => crate::t!(lang, "cli.history.col.average"),
            Column::Best => crate::t!(lang, "cli.history.col.best"),
            Column::Worst => crate::t!(lang, "cli.history.col.worst"),
            Column::Ahead => crate::t!(lang, "cli.history.col.ahead"),
            Column::Behind => crate::t!(lang, "cli.history.col.behind"),
            Column::Tied => crate::t!(lang, "cli.history.col.tied"),
            Column::CoopWon => crate::t!(lang, "cli.history.col.coop_won"),
            Column::AverageWinning => crate::t!(lang, "cli.history.col.average_winning"),
            Column::Record => crate::t!(lang, "cli.history.col.record"),
            Column::RecordBy => crate::t!(lang, "cli.history.col.record_by"),
            Column::RecordNight => crate::t!(lang, "cli.history.col.record_night"),
            Column::Points => crate::t!(lang, "cli.history.col.points"),
            Column::Rank => crate::t!(lang, "cli.standings.col.rank"),
            Column::Score => crate::t!(lang, "cli.standings.col.score"),
            Column::TableRank => crate::t!(lang, "cli.standings.col.table_rank"),
        }
    }
}

/// The title of a listing or of one of its parts.
#[derive(Debug, Clone, Copy)]
pub enum Title<'a> {
    /// `history`: the recorded plays.
    History,
    /// `night`: the plays of one night.
    Night(Date),
    /// `night`: everyone's wins and points that night.
    NightStandings,
    /// `stats`: the whole page.
    Stats,
    /// `stats`: per player.
    StatsPlayers,
    /// `stats`: the average points per category of one game (its name, already said).
    StatsCategories(&'a str),
    /// `stats`: head-to-head records.
    StatsHeadToHead,
    /// `stats`: per game.
    StatsGames,
    /// `standings`: a deal and how many tables played it.
    Standings {
        /// The deal's code.
        deal: &'a str,
        /// Tables (plays) that played it.
        tables: usize,
    },
}

impl Title<'_> {
    /// The title in `lang`.
    pub fn text(self, lang: Lang) -> String {
        match self {
            Title::History => crate::t!(lang, "cli.history.title"),
            Title::Night(date) => crate::t!(lang, "cli.night.title", date = date),
            Title::NightStandings => crate::t!(lang, "cli.night.standings"),
            Title::Stats => crate::t!(lang, "cli.stats.title"),
            Title::StatsPlayers => crate::t!(lang, "cli.stats.players"),
            Title::StatsCategories(game) => crate::t!(lang, "cli.stats.categories", game = game),
            Title::StatsHeadToHead => crate::t!(lang, "cli.stats.head_to_head"),
            Title::StatsGames => crate::t!(lang, "cli.stats.games"),
            Title::Standings { deal, tables } => crate::t!(lang, "cli.standings.title", deal = deal, n = tables),
        }
    }
}

/// What the history commands tell besides their listings.
#[derive(Debug, Clone, Copy)]
pub enum Said<'a> {
    /// Nothing recorded in the history at `path` (as shown).
    NoPlays {
        /// The history's file, as shown.
        path: &'a str,
    },
    /// Nothing recorded on the night asked for.
    NoPlaysOn(Date),
    /// No table of a deal in the history.
    NoDealPlays(&'a str),
    /// A play not deleted after all.
    Kept(i64),
    /// A play deleted (`which_play`'s words).
    Deleted(&'a str),
    /// A player renamed (the names as given, escaped by this function).
    Renamed {
        /// The name as it was.
        old: &'a str,
        /// The name now.
        new: &'a str,
        /// Plays under the name.
        plays: u64,
    },
    /// A finished game recorded as play `id` in the history at `path` (as shown).
    Recorded {
        /// The play's number.
        id: i64,
        /// The history's file, as shown.
        path: &'a str,
    },
    /// The game was recorded before, as play `id`.
    AlreadyRecorded(i64),
    /// The game could not be recorded, and why (in words).
    NotRecorded(&'a str),
    /// `import`: a save (`file`, as shown) recorded as play `id`.
    Imported {
        /// The save, as shown.
        file: &'a str,
        /// The play's number.
        id: i64,
    },
    /// `import`: a save already recorded as play `id`.
    ImportedBefore {
        /// The save, as shown.
        file: &'a str,
        /// The play's number.
        id: i64,
    },
    /// `import`: a save of a game not finished, left out.
    ImportUnfinished(&'a str),
    /// `import`: a history file merged: `new` plays added, `already` there before.
    ImportMerged {
        /// The file, as shown.
        file: &'a str,
        /// Plays added.
        new: u64,
        /// Plays already in the history.
        already: u64,
    },
    /// `import`: players the history did not know before (escaped by this function).
    NewPlayers(&'a [String]),
    /// A player merged into another (the names as given, escaped by this function).
    Merged {
        /// The name merged away.
        old: &'a str,
        /// The player who stays.
        new: &'a str,
        /// Plays moved.
        plays: u64,
    },
}

impl Said<'_> {
    /// What is said, in `lang`.
    pub fn text(self, lang: Lang) -> String {
        let name = |s: &str| escape_controls(s).into_owned();
        match self {
            Said::NoPlays { path } => crate::t!(lang, "cli.history.none", path = path),
            Said::NoPlaysOn(date) => crate::t!(lang, "cli.night.none_on", date = date),
            Said::NoDealPlays(deal) => crate::t!(lang, "cli.standings.none", deal = deal),
            Said::Kept(id) => crate::t!(lang, "cli.history.kept", id = id),
            Said::Deleted(what) => crate::t!(lang, "cli.history.deleted", what = what),
            Said::Renamed { old, new, plays } => {
                crate::t!(lang, "cli.players.renamed", old = name(old), new = name(new), n = plays)
            }
            Said::Recorded { id, path } => crate::t!(lang, "cli.history.recorded", id = id, path = path),
            Said::AlreadyRecorded(id) => crate::t!(lang, "cli.history.already", id = id),
            Said::NotRecorded(why) => crate::t!(lang, "cli.history.not_recorded", why = why),
            Said::Imported { file, id } => crate::t!(lang, "cli.import.recorded", file = file, id = id),
            Said::ImportedBefore { file, id } => crate::t!(lang, "cli.import.already", file = file, id = id),
            Said::ImportUnfinished(file) => crate::t!(lang, "cli.import.unfinished", file = file),
            Said::ImportMerged { file, new, already } => {
                crate::t!(lang, "cli.import.merged", file = file, n = new, already = already)
            }
            Said::NewPlayers(names) => {
                let names: Vec<String> = names.iter().map(|n| name(n)).collect();
                crate::t!(lang, "cli.import.new_players", n = names.len(), names = names.join(", "))
            }
            Said::Merged { old, new, plays } => {
                crate::t!(lang, "cli.players.merged", old = name(old), new = name(new), n = plays)
            }
        }
    }
}

/// A play as `history delete` names it: `play #3 (Fleet, 2025-03-14 20:15: Ann 73, Bob 42)`.
pub fn which_play(id: i64, play: &PlayRecord, names: &mut GameNames, lang: Lang) -> String {
    crate::t!(
        lang,
        "cli.history.which_play",
        id = id,
        game = names.game(&play.game_id, &play.game_name, lang),
        date = when(play),
        players = players(play)
    )
}

/// `history delete`'s question before it deletes `what` (`which_play`'s words), with its
/// two answers: keep, delete.
pub fn delete_question(what: &str, lang: Lang) -> (String, [String; 2]) {
    (
        crate::t!(lang, "cli.history.delete_confirm", what = what),
        [crate::t!(lang, "cli.history.keep"), crate::t!(lang, "cli.history.delete_it")],
    )
}

/// The champion of a night (most wins, then most points), or that nobody won.
pub fn champion(night: &Night, lang: Lang) -> String {
    match night.standings.first() {
        Some(top) if !night.champions.is_empty() => crate::t!(
            lang,
            "cli.night.champion",
            names = night.champions.iter().map(|n| escape_controls(n).into_owned()).collect::<Vec<_>>().join(", "),
            n = top.wins,
            points = top.points
        ),
        _ => crate::t!(lang, "cli.night.no_champion"),
    }
}

/// `--location` that is empty, too long or holds control characters.
pub fn bad_location(max: usize, lang: Lang) -> String {
    crate::t!(lang, "cli.history.bad_location", max = max)
}
