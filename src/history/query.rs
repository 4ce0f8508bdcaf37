//! Reading the history: plays (filtered), stats from the kept totals, one game night. The
//! two corrections (deleting a play, renaming or merging a player) are in `edit`.

use rusqlite::{params, OptionalExtension, Row};

pub use super::edit::{delete, merge, rename, Renamed};
use super::{player_key, CoopEnd, Date, Db, HistoryError, Outcome, Play, PlayRecord, PlaySource, PlayerRecord};

/// Which plays `plays` lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    /// A rules id.
    pub game: Option<String>,
    /// A player's name (matched case-insensitively).
    pub player: Option<String>,
    /// Game nights on or after this date.
    pub since: Option<Date>,
    /// Only this game night.
    pub night: Option<Date>,
    /// At most this many (the newest).
    pub limit: Option<usize>,
    /// In which order (newest first unless told).
    pub order: Order,
    /// The players' points per category are not read (a listing that does not show them
    /// reads a third of the rows).
    pub without_categories: bool,
}

/// The order plays are listed in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Order {
    /// Latest game night first (listings).
    #[default]
    NewestFirst,
    /// Earliest game night first (exports for other programs).
    OldestFirst,
    /// In the order they were recorded (a deckhand export: imported into an empty
    /// history, every play keeps its number).
    Recorded,
}

/// The plays the filter selects, newest first (or oldest first), in a `Vec`: for the few
/// plays of one night; a listing of the whole history goes through `each_play`.
pub fn plays(db: &Db, filter: &Filter) -> Result<Vec<Play>, HistoryError> {
    let mut out = Vec::new();
    each_play(db, filter, |p| {
        out.push(p);
        Ok::<(), HistoryError>(())
    })?;
    Ok(out)
}

/// The columns `play_head` reads, in its order.
const HEAD_COLUMNS: &str = "p.id, p.game_id, p.game_name, p.bgg_id, p.started_at, p.utc_offset, p.night, p.duration_s,
    p.source, p.mode, p.coop_result, p.final_wind, p.solo_rating_min, p.start_seat, p.rules_fingerprint, p.save_hash,
    p.location, p.deal";

/// The query of `each_play`, with only the conditions of the filters given (a condition
/// that is always true still keeps SQLite from using an index for it). Every order is an
/// index's order (`plays_by_time`, `plays_by_game_time` for one game, the ids), so the first
/// play comes at once and nothing is sorted; only a limit in another order than newest first
/// sorts the N plays it keeps. A player's plays are one list, read once from
/// `seats_by_player` before the first row and looked up for each play as the index gives it
/// (`+` keeps that list from driving the query, which would sort it; a subquery per play
/// searched all of the player's seats for it: quadratic, 33 s at 100,000 plays).
fn listing_sql(order: Order, limited: bool, f: &Filter) -> String {
    let newest_first = "p.night DESC, COALESCE(p.started_at, 0) DESC, p.id DESC";
    let order_by = match order {
        Order::NewestFirst => newest_first,
        Order::OldestFirst => "p.night, COALESCE(p.started_at, 0), p.id",
        Order::Recorded => "p.id",
    };
    let mut conditions = Vec::new();
    if f.game.is_some() {
        conditions.push("p.game_id = ?1");
    }
    if f.player.is_some() {
        conditions.push(
            "+p.id IN (SELECT s.play_id FROM seats s
                       WHERE s.player_id = (SELECT player_id FROM player_names WHERE key = ?2))",
        );
    }
    if f.since.is_some() {
        // In id order, a range of nights would lead the query to sort the plays in it.
        conditions.push(if order == Order::Recorded && !limited { "+p.night >= ?3" } else { "p.night >= ?3" });
    }
    if f.night.is_some() {
        conditions.push("p.night = ?4");
    }
    // Every parameter is bound whether its condition is there or not (?5 is the highest).
    let conditions = if conditions.is_empty() { "1".to_string() } else { conditions.join(" AND ") };
    let select =
        |order_by: &str| format!("SELECT {HEAD_COLUMNS} FROM plays p WHERE {conditions} ORDER BY {order_by} LIMIT ?5");
    if order == Order::NewestFirst || !limited {
        return select(order_by);
    }
    // The newest N (the limit), then turned round.
    let columns = HEAD_COLUMNS.replace("p.", "");
    format!("SELECT {columns} FROM ({}) p ORDER BY {order_by}", select(newest_first))
}

/// Hand the plays the filter selects to `f` one at a time, as they are read: the memory a
/// listing takes does not grow with the history (100,000 plays are never held at once).
/// Stops at the first error `f` returns.
pub fn each_play<E: From<HistoryError>>(
    db: &Db,
    f: &Filter,
    mut each: impl FnMut(Play) -> Result<(), E>,
) -> Result<(), E> {
    let sql = listing_sql(f.order, f.limit.is_some(), f);
    let err = |e| E::from(db.err(e));
    let mut stmt = db.conn.prepare(&sql).map_err(err)?;
    let limit = f.limit.map_or(-1, |n| n.min(i64::MAX as usize) as i64);
    let mut rows = stmt
        .query(params![
            f.game,
            f.player.as_deref().map(player_key),
            f.since.map(|d| d.to_string()),
            f.night.map(|d| d.to_string()),
            limit
        ])
        .map_err(err)?;
    while let Some(row) = rows.next().map_err(err)? {
        let mut play = play_head(row).map_err(err)?;
        play.record.players = seats_of(db, play.id, !f.without_categories).map_err(err)?;
        each(play)?;
    }
    Ok(())
}

/// How many plays the history holds (an import's progress is measured by it).
pub fn count(db: &Db) -> Result<u64, HistoryError> {
    db.conn
        .query_row("SELECT COUNT(*) FROM plays", [], |r| r.get::<_, i64>(0))
        .map(|n| n.max(0) as u64)
        .map_err(|e| db.err(e))
}

/// One play by its id.
pub fn play(db: &Db, id: i64) -> Result<Option<Play>, HistoryError> {
    let read = || -> rusqlite::Result<Option<Play>> {
        let head = db
            .conn
            .query_row(&format!("SELECT {HEAD_COLUMNS} FROM plays p WHERE p.id = ?1"), [id], play_head)
            .optional()?;
        match head {
            Some(mut play) => {
                play.record.players = seats_of(db, play.id, true)?;
                Ok(Some(play))
            }
            None => Ok(None),
        }
    };
    read().map_err(|e| db.err(e))
}

fn bad_value(column: usize, what: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(column, rusqlite::types::Type::Text, what.to_string().into())
}

fn play_head(r: &Row) -> rusqlite::Result<Play> {
    let night: String = r.get(6)?;
    let night = Date::parse(&night).ok_or_else(|| bad_value(6, "a night that is not a date"))?;
    let source: String = r.get(8)?;
    let source = PlaySource::from_key(&source).ok_or_else(|| bad_value(8, "an unknown source"))?;
    let mode: String = r.get(9)?;
    let outcome = match mode.as_str() {
        "ranked" => Outcome::Ranked,
        "solo" => Outcome::Solo { rating_min: r.get(12)? },
        "coop" => {
            let end: Option<String> = r.get(10)?;
            let end = end.as_deref().and_then(CoopEnd::from_key).ok_or_else(|| bad_value(10, "an unknown result"))?;
            Outcome::Coop { end, final_wind: r.get::<_, Option<u32>>(11)?.unwrap_or(0) }
        }
        _ => return Err(bad_value(9, "an unknown mode")),
    };
    Ok(Play {
        id: r.get(0)?,
        record: PlayRecord {
            game_id: r.get(1)?,
            game_name: r.get(2)?,
            bgg_id: r.get(3)?,
            started_at: r.get(4)?,
            utc_offset: r.get(5)?,
            night,
            duration_s: r.get(7)?,
            source,
            players: Vec::new(),
            start_player: r.get::<_, Option<i64>>(13)?.and_then(|s| usize::try_from(s).ok()),
            rules_fingerprint: r.get(14)?,
            save_hash: r.get(15)?,
            outcome,
            location: r.get(16)?,
            deal: r.get(17)?,
        },
    })
}

fn seats_of(db: &Db, play_id: i64, categories: bool) -> rusqlite::Result<Vec<PlayerRecord>> {
    let mut players: Vec<PlayerRecord> = db
        .conn
        .prepare_cached(
            "SELECT pl.name, s.score, s.rank, s.winner FROM seats s JOIN players pl ON pl.id = s.player_id
             WHERE s.play_id = ?1 ORDER BY s.seat",
        )?
        .query_map([play_id], |r| {
            Ok(PlayerRecord {
                name: r.get(0)?,
                score: r.get(1)?,
                rank: r.get(2)?,
                winner: r.get(3)?,
                categories: Vec::new(),
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    if !categories {
        return Ok(players);
    }
    let mut stmt = db
        .conn
        .prepare_cached("SELECT seat, category, points FROM categories WHERE play_id = ?1 ORDER BY seat, seq")?;
    let mut rows = stmt.query([play_id])?;
    while let Some(r) = rows.next()? {
        let seat: i64 = r.get(0)?;
        if let Some(p) = usize::try_from(seat).ok().and_then(|s| players.get_mut(s)) {
            p.categories.push((r.get(1)?, r.get(2)?));
        }
    }
    Ok(players)
}

/// One player's totals over the plays `stats` looked at.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerStats {
    /// The player's name as first recorded, or as last renamed.
    pub name: String,
    /// Plays the player sat in: ranked, solo and co-operative.
    pub plays: u64,
    /// Plays the player won, shared first places and co-operative wins included.
    pub wins: u64,
    /// Plays with a score (co-operative plays have none).
    pub scored: u64,
    /// The mean score over the `scored` plays; None when there are none.
    pub average: Option<f64>,
    /// The highest score in one play; None without a scored play.
    pub best: Option<i64>,
    /// The lowest score in one play; None without a scored play.
    pub worst: Option<i64>,
    /// Average points per category, per game (category ids in the table's order).
    pub categories: Vec<(String, Vec<(String, f64)>)>,
}

impl PlayerStats {
    /// Wins per play, 0 to 1.
    pub fn win_rate(&self) -> f64 {
        if self.plays == 0 {
            0.0
        } else {
            self.wins as f64 / self.plays as f64
        }
    }
}

/// Two players' results in the plays they had together (`player`'s point of view).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeadToHead {
    /// The player whose point of view this is: the one asked for, else the one of the two
    /// who came to the history first.
    pub player: String,
    /// The other player.
    pub opponent: String,
    /// Ranked plays both sat in (solo and co-operative plays have no places to compare).
    pub plays: u64,
    /// Plays `player` finished ahead of `opponent`.
    pub ahead: u64,
    /// Plays `opponent` finished ahead of `player`.
    pub behind: u64,
    /// Plays the two shared a place.
    pub tied: u64,
}

/// One game's totals.
#[derive(Debug, Clone, PartialEq)]
pub struct GameStats {
    /// Rules id (`fleet-dice`).
    pub game_id: String,
    /// The English name of the game as last recorded.
    pub game_name: String,
    /// Every play of the game: ranked, solo and co-operative.
    pub plays: u64,
    /// Co-operative plays won.
    pub coop_won: u64,
    /// The winner's score, averaged over the plays with a ranking.
    pub average_winning_score: Option<f64>,
    /// The best score ever recorded in the game; None when no play has a score.
    pub record: Option<GameRecord>,
}

/// The best score ever recorded in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The score; among equal scores the first play holds the record.
    pub score: i64,
    /// Who scored it, by their current name.
    pub player: String,
    /// The play it was scored in.
    pub play_id: i64,
    /// The game night of that play.
    pub night: Date,
}

/// What `stats` found: totals per player, per pair of players and per game.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Stats {
    /// Most wins first, then fewest plays, then by name.
    pub players: Vec<PlayerStats>,
    /// Each pair of players once, or every opponent of the player asked for; most plays
    /// together first.
    pub head_to_head: Vec<HeadToHead>,
    /// Most played first.
    pub games: Vec<GameStats>,
}

/// One player of the history, as `deckhand players` lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerEntry {
    /// The player's name as first recorded, or as last renamed.
    pub name: String,
    /// Plays the player sat in, of every game.
    pub plays: u64,
    /// Plays the player won (shared first places and co-operative wins included).
    pub wins: u64,
    /// The game night of their latest play.
    pub last: Option<Date>,
}

/// `name` as a `--player` filter: None when it is a player of the history, else why not
/// (with the recorded name it comes closest to).
pub fn unknown_player(db: &Db, name: &str) -> Result<Option<HistoryError>, HistoryError> {
    let known = super::edit::find_player(&db.conn, name).map_err(|e| db.err(e))?;
    Ok(known.is_none().then(|| super::edit::no_such_player(&db.conn, name)))
}

/// Every player of the history, by name (without case): their plays and wins from the
/// kept totals, the night of their latest play from their seats.
pub fn players(db: &Db) -> Result<Vec<PlayerEntry>, HistoryError> {
    let read = || -> rusqlite::Result<Vec<PlayerEntry>> {
        db.conn
            .prepare(
                "SELECT pl.name, COALESCE(SUM(t.plays), 0), COALESCE(SUM(t.wins), 0),
                        (SELECT MAX(p.night) FROM seats s JOIN plays p ON p.id = s.play_id WHERE s.player_id = pl.id)
                 FROM players pl LEFT JOIN player_totals t ON t.player_id = pl.id
                 GROUP BY pl.id
                 ORDER BY pl.key, pl.id",
            )?
            .query_map([], |r| {
                let last: Option<String> = r.get(3)?;
                Ok(PlayerEntry {
                    name: r.get(0)?,
                    plays: r.get::<_, i64>(1)?.max(0) as u64,
                    wins: r.get::<_, i64>(2)?.max(0) as u64,
                    last: last.as_deref().and_then(Date::parse),
                })
            })?
            .collect()
    };
    read().map_err(|e| db.err(e))
}

/// Stats per player, per pair of players and per game, optionally for one game and one
/// player. Read from the totals every write keeps (schema version 2), not from the plays.
pub fn stats(db: &Db, game: Option<&str>, player: Option<&str>) -> Result<Stats, HistoryError> {
    read_stats(db, game, player.map(player_key)).map_err(|e| db.err(e))
}

fn read_stats(db: &Db, game: Option<&str>, player: Option<String>) -> rusqlite::Result<Stats> {
    let mut players: Vec<(i64, PlayerStats)> = db
        .conn
        .prepare_cached(
            "SELECT pl.id, pl.name, SUM(t.plays), SUM(t.wins), SUM(t.scored), SUM(t.score_sum), MAX(t.best),
                    MIN(t.worst)
             FROM player_totals t JOIN players pl ON pl.id = t.player_id
             WHERE (?1 IS NULL OR t.game_id = ?1)
               AND (?2 IS NULL OR pl.id = (SELECT player_id FROM player_names WHERE key = ?2))
             GROUP BY pl.id
             ORDER BY SUM(t.wins) DESC, SUM(t.plays) ASC, pl.key",
        )?
        .query_map(params![game, player], |r| {
            let scored: i64 = r.get(4)?;
            let sum: i64 = r.get(5)?;
            Ok((
                r.get(0)?,
                PlayerStats {
                    name: r.get(1)?,
                    plays: r.get::<_, i64>(2)?.max(0) as u64,
                    wins: r.get::<_, i64>(3)?.max(0) as u64,
                    scored: scored.max(0) as u64,
                    average: (scored > 0).then(|| sum as f64 / scored as f64),
                    best: r.get(6)?,
                    worst: r.get(7)?,
                    categories: Vec::new(),
                },
            ))
        })?
        .collect::<rusqlite::Result<_>>()?;
    {
        let mut stmt = db.conn.prepare_cached(
            "SELECT t.game_id, t.category, t.n, t.total FROM category_totals t
             WHERE t.player_id = ?1 AND (?2 IS NULL OR t.game_id = ?2)
             ORDER BY t.game_id, t.seq, t.category",
        )?;
        for (id, p) in &mut players {
            let mut rows = stmt.query(params![*id, game])?;
            while let Some(r) = rows.next()? {
                let (g, category, n, total): (String, String, i64, i64) = (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?);
                let average = if n > 0 { total as f64 / n as f64 } else { 0.0 };
                match p.categories.last_mut() {
                    Some((last, list)) if *last == g => list.push((category, average)),
                    _ => p.categories.push((g, vec![(category, average)])),
                }
            }
        }
    }
    let head_to_head = db
        .conn
        .prepare_cached(
            "SELECT a.name, b.name, SUM(t.plays), SUM(t.ahead), SUM(t.behind), SUM(t.tied)
             FROM pair_totals t JOIN players a ON a.id = t.player_id JOIN players b ON b.id = t.other_id
             WHERE (?1 IS NULL OR t.game_id = ?1)
               AND (CASE WHEN ?2 IS NULL THEN t.player_id < t.other_id ELSE t.player_id = (SELECT player_id FROM player_names WHERE key = ?2) END)
             GROUP BY t.player_id, t.other_id
             ORDER BY SUM(t.plays) DESC, a.key, b.key",
        )?
        .query_map(params![game, player], |r| {
            let n = |i: usize| r.get::<_, i64>(i).map(|v| v.max(0) as u64);
            Ok(HeadToHead {
                player: r.get(0)?,
                opponent: r.get(1)?,
                plays: n(2)?,
                ahead: n(3)?,
                behind: n(4)?,
                tied: n(5)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let games = db
        .conn
        .prepare_cached(GAMES)?
        .query_map(params![game], |r| {
            let ranked: i64 = r.get(3)?;
            let win_sum: i64 = r.get(4)?;
            let record = match (r.get::<_, Option<i64>>(6)?, r.get::<_, Option<String>>(7)?, r.get(8)?) {
                (Some(score), Some(player), Some(play_id)) => {
                    let night: Option<String> = r.get(9)?;
                    night.as_deref().and_then(Date::parse).map(|night| GameRecord { score, player, play_id, night })
                }
                _ => None,
            };
            Ok(GameStats {
                game_id: r.get(0)?,
                game_name: r.get::<_, Option<String>>(1)?.unwrap_or_default(),
                plays: r.get::<_, i64>(2)?.max(0) as u64,
                coop_won: r.get::<_, i64>(5)?.max(0) as u64,
                average_winning_score: (ranked > 0).then(|| win_sum as f64 / ranked as f64),
                record,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(Stats { players: players.into_iter().map(|(_, p)| p).collect(), head_to_head, games })
}

/// One player's result in a deal: every player of every table that played it, ranked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealResult {
    /// 1-based place among everyone who played the deal; equal scores share it.
    pub rank: u32,
    /// The player's name as the history holds it now.
    pub player: String,
    /// The player's score.
    pub score: i64,
    /// The place at their own table (None in a solo game).
    pub table_rank: Option<u32>,
    /// The play (one table's game).
    pub play_id: i64,
    /// Where that table played, if recorded.
    pub location: Option<String>,
    /// The game night of that play.
    pub night: Date,
    /// The rules id.
    pub game_id: String,
}

/// Everyone who played the deal `code` (as recorded, in capitals), best score first: a
/// duplicate tournament's standings across tables (merge the tables' histories first).
pub fn deal_standings(db: &Db, code: &str) -> Result<Vec<DealResult>, HistoryError> {
    let read = || -> rusqlite::Result<Vec<DealResult>> {
        let mut stmt = db.conn.prepare(
            "SELECT pl.name, s.score, s.rank, p.id, p.location, p.night, p.game_id, p.mode
             FROM plays p JOIN seats s ON s.play_id = p.id JOIN players pl ON pl.id = s.player_id
             WHERE p.deal = ?1 AND s.score IS NOT NULL
             ORDER BY s.score DESC, p.id, s.seat",
        )?;
        let mut out: Vec<DealResult> = Vec::new();
        let mut rows = stmt.query([code])?;
        while let Some(r) = rows.next()? {
            let score: i64 = r.get(1)?;
            let night: String = r.get(5)?;
            let mode: String = r.get(7)?;
            let rank = match out.last() {
                Some(last) if last.score == score => last.rank,
                _ => out.len() as u32 + 1,
            };
            out.push(DealResult {
                rank,
                player: r.get(0)?,
                score,
                table_rank: if mode == "solo" { None } else { r.get(2)? },
                play_id: r.get(3)?,
                location: r.get(4)?,
                night: Date::parse(&night).ok_or_else(|| bad_value(5, "a night that is not a date"))?,
                game_id: r.get(6)?,
            });
        }
        Ok(out)
    };
    read().map_err(|e| db.err(e))
}

/// Each game's totals: a few rows whatever the number of plays. The game's latest name is
/// one step down the index of its plays in id order (`plays_by_game_id`).
const GAMES: &str = "SELECT g.game_id,
        (SELECT p.game_name FROM plays p WHERE p.game_id = g.game_id ORDER BY p.id DESC LIMIT 1),
        g.plays, g.ranked, g.win_sum, g.coop_won, g.record_score, pl.name, g.record_play_id,
        (SELECT p.night FROM plays p WHERE p.id = g.record_play_id)
    FROM game_totals g LEFT JOIN players pl ON pl.id = g.record_player_id
    WHERE (?1 IS NULL OR g.game_id = ?1)
    ORDER BY g.plays DESC, g.game_id";

/// One game night: its plays and its champion.
#[derive(Debug, Clone, PartialEq)]
pub struct Night {
    /// The game night (plays begun before 06:00 count for the evening before).
    pub date: Date,
    /// Oldest first.
    pub plays: Vec<Play>,
    /// Everyone who played that night: wins and points, best first.
    pub standings: Vec<NightPlayer>,
    /// The champions: most wins, then most points; several when they tie on both. Empty
    /// when nobody won anything.
    pub champions: Vec<String>,
}

/// One player's results over one game night.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NightPlayer {
    /// The player's name as the history holds it now.
    pub name: String,
    /// Plays they sat in that night.
    pub plays: u64,
    /// Plays they won that night, shared wins included.
    pub wins: u64,
    /// Their scores that night added up, across games (co-operative plays add nothing).
    pub points: i64,
}

/// The game night of `date`, or the latest one with plays; None when there is none.
pub fn night(db: &Db, date: Option<Date>) -> Result<Option<Night>, HistoryError> {
    let date = match date {
        Some(d) => d,
        None => {
            let latest: Option<String> =
                db.conn.query_row("SELECT MAX(night) FROM plays", [], |r| r.get(0)).map_err(|e| db.err(e))?;
            match latest.as_deref().and_then(Date::parse) {
                Some(d) => d,
                None => return Ok(None),
            }
        }
    };
    let mut plays = plays(db, &Filter { night: Some(date), ..Filter::default() })?;
    if plays.is_empty() {
        return Ok(None);
    }
    plays.reverse();
    Ok(Some(night_of(date, plays)))
}

/// The standings and champions of a night's plays.
pub(crate) fn night_of(date: Date, plays: Vec<Play>) -> Night {
    let mut standings: Vec<NightPlayer> = Vec::new();
    for play in &plays {
        for p in &play.record.players {
            let key = player_key(&p.name);
            let i = match standings.iter().position(|s| player_key(&s.name) == key) {
                Some(i) => i,
                None => {
                    standings.push(NightPlayer { name: p.name.clone(), plays: 0, wins: 0, points: 0 });
                    standings.len() - 1
                }
            };
            let s = &mut standings[i];
            s.plays += 1;
            s.wins += u64::from(p.winner);
            s.points += p.score.unwrap_or(0);
        }
    }
    // Stable: players who tie on both stay in the order they first sat down.
    standings.sort_by(|a, b| b.wins.cmp(&a.wins).then(b.points.cmp(&a.points)));
    let champions = match standings.first() {
        Some(top) if top.wins > 0 => standings
            .iter()
            .take_while(|s| s.wins == top.wins && s.points == top.points)
            .map(|s| s.name.clone())
            .collect(),
        _ => Vec::new(),
    };
    Night { date, plays, standings, champions }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::record::record;
    use crate::history::{migrate, Recorded};

    fn player(name: &str, score: i64, rank: u32, cats: &[(&str, i64)]) -> PlayerRecord {
        PlayerRecord {
            name: name.into(),
            score: Some(score),
            rank: Some(rank),
            winner: rank == 1,
            categories: cats.iter().map(|(c, v)| (c.to_string(), *v)).collect(),
        }
    }

    fn play(game: &str, night: &str, hash: &str, players: Vec<PlayerRecord>) -> PlayRecord {
        PlayRecord {
            game_id: game.into(),
            game_name: game.into(),
            bgg_id: None,
            started_at: None,
            utc_offset: 0,
            night: Date::parse(night).unwrap(),
            duration_s: None,
            source: PlaySource::Paper,
            players,
            start_player: Some(0),
            rules_fingerprint: "0".into(),
            save_hash: Some(hash.into()),
            location: None,
            deal: None,
            outcome: Outcome::Ranked,
        }
    }

    fn db() -> (tempfile::TempDir, Db) {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("h.sqlite3")).unwrap();
        (dir, db)
    }

    /// Ann 1st/Bob 2nd, Bob 1st/Ann 2nd/Cy 3rd, a shared win of Ann and Cy, one Nauticus.
    fn three_nights(db: &mut Db) {
        let f = |n, v| [("fish", n), ("boats", v)];
        for p in [
            play(
                "fleet-dice",
                "2025-01-10",
                "a",
                vec![player("Ann", 50, 1, &f(30, 20)), player("Bob", 40, 2, &f(20, 20))],
            ),
            play(
                "fleet-dice",
                "2025-01-10",
                "b",
                vec![player("bob", 70, 1, &f(40, 30)), player("Ann", 60, 2, &f(40, 20)), player("Cy", 10, 3, &f(5, 5))],
            ),
            play(
                "fleet-dice",
                "2025-01-17",
                "c",
                vec![player("Cy", 45, 1, &f(25, 20)), player("ANN", 45, 1, &f(20, 25))],
            ),
            play("nauticus", "2025-01-17", "d", vec![player("Ann", 90, 2, &[]), player("Dee", 95, 1, &[])]),
        ] {
            assert!(matches!(record(db, &p).unwrap(), Recorded::New(_)));
        }
    }

    fn totals(db: &Db) -> Vec<String> {
        let mut out = Vec::new();
        for table in ["player_totals", "category_totals", "pair_totals", "game_totals"] {
            let mut stmt = db.conn.prepare(&format!("SELECT * FROM {table} ORDER BY 1, 2, 3")).unwrap();
            let n = stmt.column_count();
            let rows = stmt
                .query_map([], |r| {
                    let cells: Vec<String> = (0..n).map(|i| format!("{:?}", r.get_ref(i).unwrap())).collect::<Vec<_>>();
                    Ok(format!("{table}: {}", cells.join(" ")))
                })
                .unwrap();
            out.extend(rows.map(Result::unwrap));
        }
        out
    }

    /// The totals rebuilt from the plays by the version-2 migration.
    fn rebuilt(db: &Db) -> Vec<String> {
        let dir = tempfile::tempdir().unwrap();
        let copy = dir.path().join("copy.sqlite3");
        db.conn.execute("VACUUM INTO ?1", [copy.display().to_string()]).unwrap();
        let mut conn = rusqlite::Connection::open(&copy).unwrap();
        conn.execute_batch(
            "DROP TABLE player_totals; DROP TABLE category_totals; DROP TABLE pair_totals; DROP TABLE game_totals;
             PRAGMA user_version = 1;",
        )
        .unwrap();
        migrate::migrate_to(&mut conn, 2).unwrap();
        conn.pragma_update(None, "user_version", migrate::VERSION).unwrap();
        drop(conn);
        totals(&Db::open(&copy).unwrap())
    }

    #[test]
    fn history_lists_newest_first_and_filters() {
        let (_d, mut db) = db();
        three_nights(&mut db);
        let all = plays(&db, &Filter::default()).unwrap();
        let hashes: Vec<&str> = all.iter().map(|p| p.record.save_hash.as_deref().unwrap()).collect();
        assert_eq!(hashes, ["d", "c", "b", "a"]);
        assert_eq!(all[2].record.players[0].name, "Bob", "the first spelling is kept");
        assert_eq!(all[2].record.players[0].categories, vec![("fish".to_string(), 40), ("boats".to_string(), 30)]);
        let cy = Filter { player: Some("CY".into()), ..Filter::default() };
        assert_eq!(plays(&db, &cy).unwrap().len(), 2);
        let since = Filter { since: Date::parse("2025-01-11"), game: Some("fleet-dice".into()), ..Filter::default() };
        assert_eq!(plays(&db, &since).unwrap().len(), 1);
        assert_eq!(plays(&db, &Filter { limit: Some(1), ..Filter::default() }).unwrap().len(), 1);
    }

    #[test]
    fn a_save_already_recorded_is_not_recorded_again() {
        let (_d, mut db) = db();
        let p = play("fleet-dice", "2025-01-10", "same", vec![player("Ann", 5, 1, &[])]);
        let Recorded::New(id) = record(&mut db, &p).unwrap() else { panic!() };
        assert_eq!(record(&mut db, &p).unwrap(), Recorded::AlreadyRecorded(id));
        assert_eq!(plays(&db, &Filter::default()).unwrap().len(), 1);
    }

    #[test]
    fn stats_per_player_pair_and_game() {
        let (_d, mut db) = db();
        three_nights(&mut db);
        let s = stats(&db, Some("fleet-dice"), None).unwrap();
        let ann = s.players.iter().find(|p| p.name == "Ann").unwrap();
        assert_eq!((ann.plays, ann.wins, ann.best, ann.worst), (3, 2, Some(60), Some(45)));
        assert_eq!(ann.average, Some((50.0 + 60.0 + 45.0) / 3.0));
        assert_eq!(
            ann.categories,
            vec![("fleet-dice".to_string(), vec![("fish".into(), 30.0), ("boats".into(), 65.0 / 3.0)])]
        );
        let ann_bob = s.head_to_head.iter().find(|h| h.player == "Ann" && h.opponent == "Bob").unwrap();
        assert_eq!((ann_bob.plays, ann_bob.ahead, ann_bob.behind, ann_bob.tied), (2, 1, 1, 0));
        let ann_cy = s.head_to_head.iter().find(|h| h.player == "Ann" && h.opponent == "Cy").unwrap();
        assert_eq!((ann_cy.plays, ann_cy.ahead, ann_cy.behind, ann_cy.tied), (2, 1, 0, 1));
        assert_eq!(s.head_to_head.len(), 3, "each pair once");
        let fleet = &s.games[0];
        assert_eq!((fleet.plays, fleet.average_winning_score), (3, Some((50.0 + 70.0 + 45.0) / 3.0)));
        let record = fleet.record.as_ref().unwrap();
        assert_eq!((record.score, record.player.as_str(), record.night.to_string()), (70, "Bob", "2025-01-10".into()));
        // One player's view: every opponent, across games.
        let s = stats(&db, None, Some("ann")).unwrap();
        assert_eq!(s.players.len(), 1);
        assert_eq!((s.players[0].plays, s.players[0].best), (4, Some(90)));
        assert_eq!(s.head_to_head.iter().map(|h| h.opponent.as_str()).collect::<Vec<_>>(), ["Bob", "Cy", "Dee"]);
        assert_eq!(s.games.len(), 2);
    }

    #[test]
    fn the_night_champion_has_most_wins_then_points() {
        let (_d, mut db) = db();
        three_nights(&mut db);
        let n = night(&db, Date::parse("2025-01-10")).unwrap().unwrap();
        assert_eq!(n.plays.len(), 2);
        assert_eq!(n.champions, ["Ann", "Bob"], "one win and 110 points each: shared");
        let latest = night(&db, None).unwrap().unwrap();
        assert_eq!(latest.date.to_string(), "2025-01-17");
        assert_eq!(latest.champions, ["Ann"], "Ann, Cy and Dee won once; Ann has the most points (45 + 90)");
        assert!(night(&db, Date::parse("2024-12-31")).unwrap().is_none());
    }

    #[test]
    fn kept_totals_equal_totals_rebuilt_from_the_plays_after_every_change() {
        let (_d, mut db) = db();
        three_nights(&mut db);
        assert_eq!(totals(&db), rebuilt(&db));
        let deleted = delete(&mut db, 2).unwrap();
        assert_eq!(deleted.record.save_hash.as_deref(), Some("b"));
        assert_eq!(totals(&db), rebuilt(&db));
        assert!(matches!(delete(&mut db, 2), Err(HistoryError::NoSuchPlay { id: 2 })));
        assert_eq!(rename(&mut db, "dee", "Cy").unwrap(), Renamed::Merged { plays: 1 });
        assert_eq!(totals(&db), rebuilt(&db));
        assert_eq!(rename(&mut db, "cy", "Cyril").unwrap(), Renamed::Renamed { plays: 2 });
        assert_eq!(totals(&db), rebuilt(&db));
        let s = stats(&db, None, Some("cyril")).unwrap();
        assert_eq!((s.players[0].name.as_str(), s.players[0].plays, s.players[0].wins), ("Cyril", 2, 2));
    }

    #[test]
    fn the_per_game_figures_never_scan_or_sort_the_plays() {
        let (_d, mut db) = db();
        three_nights(&mut db);
        let plan: Vec<String> = db
            .conn
            .prepare(&format!("EXPLAIN QUERY PLAN {GAMES}"))
            .unwrap()
            .query_map(params![None::<String>], |r| r.get(3))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        let plan = plan.join("\n");
        assert!(plan.contains("plays_by_game_id"), "{plan}");
        assert!(!plan.lines().any(|l| l.starts_with("SCAN p")), "{plan}");
        // One sort: the games' own totals (a row per game), none for the plays of a game.
        assert_eq!(plan.matches("TEMP B-TREE").count(), 1, "{plan}");
    }

    /// The query plan of a listing.
    fn plan(db: &Db, order: Order, f: &Filter) -> String {
        let plan: Vec<String> = db
            .conn
            .prepare(&format!("EXPLAIN QUERY PLAN {}", listing_sql(order, false, f)))
            .unwrap()
            .query_map(params!["fleet-dice", "ann", "2025-01-01", "2025-03-14", -1], |r| r.get(3))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        plan.join("\n")
    }

    /// Issue 30: `history --player` took 33.6 s at 100,000 plays (a subquery per play that
    /// searched all of the player's seats), and `--game` read every play to find a rare
    /// game's. Every listing, with any filters, reads the plays in an index's order (the
    /// first row at once, benches/history.sh): a player's plays are one list, read once;
    /// one game's plays come from its own index; nothing is sorted.
    #[test]
    fn every_listing_reads_the_plays_in_an_indexs_order_and_a_players_plays_once() {
        let (_d, mut db) = db();
        three_nights(&mut db);
        let some = |on: bool, v: &str| on.then(|| v.to_string());
        for order in [Order::NewestFirst, Order::OldestFirst, Order::Recorded] {
            for bits in 0..8 {
                let (game, player, since) = (bits & 1 != 0, bits & 2 != 0, bits & 4 != 0);
                let f = Filter {
                    game: some(game, "fleet-dice"),
                    player: some(player, "ann"),
                    since: since.then(|| Date::parse("2025-01-01").unwrap()),
                    ..Filter::default()
                };
                let plan = plan(&db, order, &f);
                assert!(!plan.contains("TEMP B-TREE"), "{order:?} {f:?}: {plan}");
                assert!(!plan.contains("CORRELATED"), "{order:?} {f:?}: {plan}");
                assert_eq!(plan.contains("LIST SUBQUERY") && plan.contains("seats_by_player"), player, "{f:?}: {plan}");
                assert_eq!(plan.contains("plays_by_game"), game, "{order:?} {f:?}: {plan}");
            }
            let night = Filter { night: Date::parse("2025-03-14"), ..Filter::default() };
            assert!(!plan(&db, order, &night).contains("TEMP B-TREE"));
        }
        let ann = Filter { player: Some("ANN".into()), ..Filter::default() };
        let found = plays(&db, &ann).unwrap();
        assert!(!found.is_empty() && found.iter().all(|p| p.record.players.iter().any(|s| s.name == "Ann")));
        let fleet = Filter { game: Some("fleet-dice".into()), since: Date::parse("2025-03-01"), ..Filter::default() };
        let found = plays(&db, &fleet).unwrap();
        assert!(found
            .iter()
            .all(|p| p.record.game_id == "fleet-dice" && p.record.night >= Date::parse("2025-03-01").unwrap()));
    }

    #[test]
    fn merging_two_players_of_one_play_is_refused() {
        let (_d, mut db) = db();
        three_nights(&mut db);
        assert!(matches!(rename(&mut db, "Ann", "Bob"), Err(HistoryError::PlayedTogether { play: 1, .. })));
        assert!(matches!(rename(&mut db, "Zed", "Bob"), Err(HistoryError::NoSuchPlayer { .. })));
    }
}
