//! The history in words: its refusals (`HistoryError`), a play's result, durations and
//! dates as people read them, and the names of recorded games and their categories in the
//! reader's language. The history itself (`crate::history`) only stores and counts.

use std::collections::HashMap;

use crate::games::{self, Rules};
use crate::history::fit::{self, Unfit};
use crate::history::{
    clock, CoopEnd, Damage, Date, ExportField, ExportProblem, HistoryError, Night, NotDatabase, Outcome, PlayRecord,
};
use crate::players::NameProblem;
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
            crate::t!(lang, "cli.history.err.damaged", path = name(path), detail = damage(detail, lang))
        }
        HistoryError::Busy { path } => crate::t!(lang, "cli.history.err.busy", path = name(path)),
        HistoryError::ReadOnly { path } => crate::t!(lang, "cli.history.err.read_only", path = name(path)),
        HistoryError::DiskFull { path } => crate::t!(lang, "cli.history.err.disk_full", path = name(path)),
        HistoryError::Io { path, cause } => {
            crate::t!(lang, "cli.history.err.io", path = name(path), cause = super::error::io_cause(cause, false, lang))
        }
        HistoryError::Sqlite { path, cause } => {
            crate::t!(lang, "cli.history.err.sqlite", path = name(path), cause = cause)
        }
        HistoryError::NoDataDir => crate::t!(lang, "cli.history.err.no_data_dir"),
        HistoryError::NoSuchPlay { id } => crate::t!(lang, "cli.history.err.no_play", id = id),
        HistoryError::NoSuchPlayer { name: who, near: None } => {
            crate::t!(lang, "cli.history.err.no_player", name = name(who))
        }
        HistoryError::NoSuchPlayer { name: who, near: Some(near) } => {
            crate::t!(lang, "cli.history.err.no_player_near", name = name(who), near = name(near))
        }
        HistoryError::Unfit(why) => crate::t!(lang, "cli.history.err.unfit", why = unfit(why, lang)),
        HistoryError::BadExport { path, line, detail } => {
            let detail = name(&export_problem(detail, lang));
            crate::t!(lang, "cli.history.err.bad_export", path = name(path), line = line, detail = detail)
        }
        HistoryError::SamePlayer { from, into } => {
            crate::t!(lang, "cli.history.err.same_player", from = name(from), into = name(into))
        }
        HistoryError::PlayedTogether { old, new, play } => {
            crate::t!(lang, "cli.history.err.played_together", old = name(old), new = name(new), play = play)
        }
    }
}

/// Why a play cannot enter the history.
pub fn unfit(why: &Unfit, lang: Lang) -> String {
    let name = |s: &str| escape_controls(s).into_owned();
    let max = crate::players::MAX_NAME_CHARS;
    match why {
        Unfit::Players { n } => crate::t!(lang, "cli.history.unfit.players", n = n, max = fit::MAX_SEATS),
        Unfit::Name(NameProblem::Empty { seat }) => crate::t!(lang, "cli.history.unfit.name_empty", seat = seat),
        Unfit::Name(NameProblem::Control { seat }) => crate::t!(lang, "cli.history.unfit.name_control", seat = seat),
        Unfit::Name(NameProblem::TooLong { seat, chars }) => {
            crate::t!(lang, "cli.history.unfit.name_too_long", seat = seat, n = chars, max = max)
        }
        Unfit::Name(NameProblem::Same { second, .. }) => {
            crate::t!(lang, "cli.history.err.same_player_twice", name = name(second))
        }
        // Not checked for the history (sheet files, prompt words): said as `play` says them.
        Unfit::Name(other) => crate::text::table::name_problem(other, lang),
        Unfit::Location => bad_location(fit::MAX_LOCATION, lang),
        Unfit::Text { field, max } => {
            crate::t!(lang, "cli.history.unfit.text", field = export_field(*field, lang), max = max)
        }
        Unfit::StartPlayer { seat } => crate::t!(lang, "cli.history.unfit.start_player", seat = seat + 1),
    }
}

impl std::fmt::Display for HistoryError {
    /// The error in English.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&error(self, Lang::En))
    }
}

impl std::error::Error for HistoryError {}

/// What is wrong with a damaged history file. SQLite's own message is quoted as it is.
fn damage(d: &Damage, lang: Lang) -> String {
    match d {
        Damage::ShortHeader { bytes } => crate::t!(lang, "cli.history.damage.short_header", bytes = bytes),
        Damage::PageSize { size } => crate::t!(lang, "cli.history.damage.page_size", size = size),
        Damage::Truncated { bytes, pages, page_size } => {
            crate::t!(lang, "cli.history.damage.truncated", bytes = bytes, pages = pages, page_size = page_size)
        }
        Damage::PartPage { bytes, page_size } => {
            crate::t!(lang, "cli.history.damage.part_page", bytes = bytes, page_size = page_size)
        }
        Damage::Sqlite { quoted } => quoted.clone(),
    }
}

/// What is wrong with a line of an export. The JSON reader's own message is quoted as it is.
fn export_problem(p: &ExportProblem, lang: Lang) -> String {
    match p {
        ExportProblem::Empty => crate::t!(lang, "cli.history.export.empty"),
        ExportProblem::LongLine { max } => crate::t!(lang, "cli.history.export.long_line", max = max),
        ExportProblem::Json { quoted } => quoted.clone(),
        ExportProblem::Version { version, supported } => {
            crate::t!(lang, "cli.history.export.version", version = version, supported = supported)
        }
        ExportProblem::Newer { format, version, supported } => {
            crate::t!(lang, "cli.history.export.newer", format = format, version = version, supported = supported)
        }
        ExportProblem::Value { field, value } => {
            crate::t!(lang, "cli.history.export.value", field = export_field(*field, lang), value = value)
        }
        ExportProblem::ModeResult { mode, result } => {
            crate::t!(lang, "cli.history.export.mode_result", mode = mode, result = result)
        }
    }
}

/// A field of an exported play, as people call it.
fn export_field(f: ExportField, lang: Lang) -> String {
    match f {
        ExportField::Night => crate::t!(lang, "cli.history.export.night"),
        ExportField::Source => crate::t!(lang, "cli.history.export.source"),
        ExportField::Result => crate::t!(lang, "cli.history.export.result"),
        ExportField::Game => crate::t!(lang, "cli.history.export.game"),
        ExportField::GameName => crate::t!(lang, "cli.history.export.game_name"),
        ExportField::Text => crate::t!(lang, "cli.history.export.text"),
        ExportField::Hash => crate::t!(lang, "cli.history.export.hash"),
        ExportField::Category => crate::t!(lang, "cli.history.export.category"),
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
        let name = self.rules(game).and_then(|r| r.game.compiled().category(id).map(|m| m.text(lang)));
        name.unwrap_or_else(|| escape_controls(id).into_owned())
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
pub enum HistoryColumn {
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
    /// The night of a player's latest play.
    LastPlayed,
}

impl HistoryColumn {
    /// The column's heading in `lang`.
    pub fn text(self, lang: Lang) -> String {
        match self {
            HistoryColumn::Id => crate::t!(lang, "cli.history.col.id"),
            HistoryColumn::Date => crate::t!(lang, "cli.history.col.date"),
            HistoryColumn::Game => crate::t!(lang, "cli.history.col.game"),
            HistoryColumn::Players => crate::t!(lang, "cli.history.col.players"),
            HistoryColumn::Result => crate::t!(lang, "cli.history.col.result"),
            HistoryColumn::Duration => crate::t!(lang, "cli.history.col.duration"),
            HistoryColumn::Location => crate::t!(lang, "cli.history.col.location"),
            HistoryColumn::Player => crate::t!(lang, "cli.history.col.player"),
            HistoryColumn::Opponent => crate::t!(lang, "cli.history.col.opponent"),
            HistoryColumn::Plays => crate::t!(lang, "cli.history.col.plays"),
            HistoryColumn::Wins => crate::t!(lang, "cli.history.col.wins"),
            HistoryColumn::WinRate => crate::t!(lang, "cli.history.col.win_rate"),
            HistoryColumn::Average => crate::t!(lang, "cli.history.col.average"),
            HistoryColumn::Best => crate::t!(lang, "cli.history.col.best"),
            HistoryColumn::Worst => crate::t!(lang, "cli.history.col.worst"),
            HistoryColumn::Ahead => crate::t!(lang, "cli.history.col.ahead"),
            HistoryColumn::Behind => crate::t!(lang, "cli.history.col.behind"),
            HistoryColumn::Tied => crate::t!(lang, "cli.history.col.tied"),
            HistoryColumn::CoopWon => crate::t!(lang, "cli.history.col.coop_won"),
            HistoryColumn::AverageWinning => crate::t!(lang, "cli.history.col.average_winning"),
            HistoryColumn::Record => crate::t!(lang, "cli.history.col.record"),
            HistoryColumn::RecordBy => crate::t!(lang, "cli.history.col.record_by"),
            HistoryColumn::RecordNight => crate::t!(lang, "cli.history.col.record_night"),
            HistoryColumn::Points => crate::t!(lang, "cli.history.col.points"),
            HistoryColumn::Rank => crate::t!(lang, "cli.standings.col.rank"),
            HistoryColumn::Score => crate::t!(lang, "cli.standings.col.score"),
            HistoryColumn::TableRank => crate::t!(lang, "cli.standings.col.table_rank"),
            HistoryColumn::LastPlayed => crate::t!(lang, "cli.history.col.last_played"),
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
    /// `players`: the history's players.
    Players,
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
            Title::Players => crate::t!(lang, "cli.players.title"),
            Title::Standings { deal, tables } => crate::t!(lang, "cli.standings.title", deal = deal, n = tables),
        }
    }
}

/// What the history commands tell besides their listings.
#[derive(Debug, Clone, Copy)]
pub enum HistorySaid<'a> {
    /// Nothing recorded in the history at `path` (as shown).
    NoPlays {
        /// The history's file, as shown.
        path: &'a str,
    },
    /// Plays are recorded in the history at `path` (as shown), but none the filters select.
    NoneMatch {
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
    /// `import`: a play of another history (`file`, as shown) left out, at its `line` of an
    /// export (None: a database), its number there, and why (in words).
    ImportSkipped {
        /// The file, as shown.
        file: &'a str,
        /// The export's line.
        line: Option<usize>,
        /// The play's number in the other history.
        id: i64,
        /// Why, in words (`unfit`).
        why: &'a str,
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

impl HistorySaid<'_> {
    /// What is said, in `lang`.
    pub fn text(self, lang: Lang) -> String {
        let name = |s: &str| escape_controls(s).into_owned();
        match self {
            HistorySaid::NoPlays { path } => crate::t!(lang, "cli.history.none", path = path),
            HistorySaid::NoneMatch { path } => crate::t!(lang, "cli.history.none_match", path = path),
            HistorySaid::NoPlaysOn(date) => crate::t!(lang, "cli.night.none_on", date = date),
            HistorySaid::NoDealPlays(deal) => crate::t!(lang, "cli.standings.none", deal = deal),
            HistorySaid::Kept(id) => crate::t!(lang, "cli.history.kept", id = id),
            HistorySaid::Deleted(what) => crate::t!(lang, "cli.history.deleted", what = what),
            HistorySaid::Renamed { old, new, plays } => {
                crate::t!(lang, "cli.players.renamed", old = name(old), new = name(new), n = plays)
            }
            HistorySaid::Recorded { id, path } => crate::t!(lang, "cli.history.recorded", id = id, path = path),
            HistorySaid::AlreadyRecorded(id) => crate::t!(lang, "cli.history.already", id = id),
            HistorySaid::NotRecorded(why) => crate::t!(lang, "cli.history.not_recorded", why = why),
            HistorySaid::Imported { file, id } => crate::t!(lang, "cli.import.recorded", file = file, id = id),
            HistorySaid::ImportedBefore { file, id } => crate::t!(lang, "cli.import.already", file = file, id = id),
            HistorySaid::ImportUnfinished(file) => crate::t!(lang, "cli.import.unfinished", file = file),
            HistorySaid::ImportMerged { file, new, already } => {
                crate::t!(lang, "cli.import.merged", file = file, n = new, already = already)
            }
            HistorySaid::ImportSkipped { file, line: Some(line), id, why } => {
                crate::t!(lang, "cli.import.skipped_line", file = file, line = line, id = id, why = why)
            }
            HistorySaid::ImportSkipped { file, line: None, id, why } => {
                crate::t!(lang, "cli.import.skipped", file = file, id = id, why = why)
            }
            HistorySaid::NewPlayers(names) => {
                let names: Vec<String> = names.iter().map(|n| name(n)).collect();
                crate::t!(lang, "cli.import.new_players", n = names.len(), names = names.join(", "))
            }
            HistorySaid::Merged { old, new, plays } => {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn damaged(detail: Damage) -> HistoryError {
        HistoryError::Damaged { path: "h.sqlite3".into(), detail }
    }

    fn bad_export(detail: ExportProblem) -> HistoryError {
        HistoryError::BadExport { path: "x.deckhand".into(), line: 3, detail }
    }

    #[test]
    fn the_details_of_a_damaged_history_are_said_in_the_readers_language() {
        let short = damaged(Damage::Truncated { bytes: 8192, pages: 4, page_size: 4096 });
        assert_eq!(
            short.to_string(),
            "h.sqlite3 is damaged (8192 bytes, but its header says 4 pages of 4096); it was left as it is. Restore \
             it from a backup, or pass --db FILE to start a new history"
        );
        assert!(error(&short, Lang::De).contains("(8192 Byte, aber ihr Kopf nennt 4 Seiten zu 4096)"));
        assert!(error(&short, Lang::Fr).contains("(8192 octets, mais son en-tête annonce 4 pages de 4096)"));
        let en = |d| error(&damaged(d), Lang::En);
        assert!(en(Damage::ShortHeader { bytes: 40 }).contains("(40 bytes, shorter than an SQLite header)"));
        assert!(en(Damage::PageSize { size: 100 }).contains("(page size 100 in the header)"));
        assert!(en(Damage::PartPage { bytes: 5000, page_size: 4096 })
            .contains("(5000 bytes, not a whole number of 4096-byte pages)"));
        // SQLite's own words are quoted as they are, in every language.
        let sqlite = damaged(Damage::Sqlite { quoted: "database disk image is malformed".into() });
        assert!(error(&sqlite, Lang::De).contains("(database disk image is malformed)"));
    }

    #[test]
    fn what_is_wrong_with_an_export_line_is_said_in_the_readers_language() {
        let night = bad_export(ExportProblem::Value { field: ExportField::Night, value: "\"yesterday\"".into() });
        assert_eq!(
            night.to_string(),
            "x.deckhand, line 3: not a play of a deckhand export (night \"yesterday\"); nothing of the file was \
             recorded"
        );
        assert!(error(&night, Lang::De).contains("(Spieleabend \"yesterday\")"), "{}", error(&night, Lang::De));
        let en = |p| error(&bad_export(p), Lang::En);
        assert!(en(ExportProblem::Empty).contains("(an empty file)"));
        assert!(en(ExportProblem::LongLine { max: 1 << 20 }).contains("(a line longer than 1048576 bytes)"));
        let newer = ExportProblem::Newer { format: "deckhand-history".into(), version: 2, supported: 1 };
        assert!(en(newer.clone()).contains("(deckhand-history version 2 (this deckhand reads up to 1))"));
        assert!(error(&bad_export(newer), Lang::Fr).contains("(ce deckhand lit jusqu'à la version 1)"));
        let mode = ExportProblem::ModeResult { mode: "\"coop\"".into(), result: "None".into() };
        assert!(en(mode).contains("(mode \"coop\" with result None)"));
        let source = ExportProblem::Value { field: ExportField::Source, value: "\"web\"".into() };
        assert!(en(source).contains("(source \"web\")"));
    }
}
