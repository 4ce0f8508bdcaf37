//! The history in words: its refusals (`HistoryError`), a play's result, durations and
//! dates as people read them, and the names of recorded games and their categories in the
//! reader's language. The history itself (`crate::history`) only stores and counts.

use std::collections::HashMap;

use crate::games::{self, Game, Rules};
use crate::history::{clock, CoopEnd, HistoryError, NotDatabase, Outcome, PlayRecord};
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
