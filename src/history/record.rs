//! Writing a play: the play, its players (matched case-insensitively), their seats and
//! points per category, and the totals `stats` reads — all in one transaction, taken with
//! the write lock at once so that a busy database waits (busy timeout) instead of failing
//! halfway.

use rusqlite::{params, OptionalExtension, Transaction, TransactionBehavior};

use super::{clock, player_key, Db, HistoryError, Outcome, PlayRecord};

/// What `record` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recorded {
    /// A new play with this id.
    New(i64),
    /// The history already held a play with the same content hash (this id); nothing was
    /// written.
    AlreadyRecorded(i64),
}

/// Record a play in one transaction.
pub fn record(db: &mut Db, play: &PlayRecord) -> Result<Recorded, HistoryError> {
    let mut batch = Batch::begin(db)?;
    let recorded = batch.record(play)?;
    batch.commit()?;
    Ok(recorded)
}

/// Several plays recorded in one transaction (an import of another history: one sync for
/// a thousand plays instead of one each). Nothing is kept unless `commit` is called.
pub struct Batch<'a> {
    tx: Transaction<'a>,
    path: std::path::PathBuf,
    new_players: Vec<String>,
}

impl<'a> Batch<'a> {
    /// Take the write lock (waiting up to the busy timeout for another writer).
    pub fn begin(db: &'a mut Db) -> Result<Batch<'a>, HistoryError> {
        let path = db.path().to_path_buf();
        let tx = db
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| HistoryError::sqlite(&path, e))?;
        Ok(Batch { tx, path, new_players: Vec::new() })
    }

    /// Record a play unless the history holds its content hash already.
    /// A play that fails the history's checks (`fit::play`) is refused with
    /// `HistoryError::Unfit` before anything is written: the batch goes on with the next.
    pub fn record(&mut self, play: &PlayRecord) -> Result<Recorded, HistoryError> {
        super::fit::play(play).map_err(HistoryError::Unfit)?;
        let err = |e| HistoryError::sqlite(&self.path, e);
        if let Some(hash) = &play.save_hash {
            let known: Option<i64> = self
                .tx
                .prepare_cached("SELECT id FROM plays WHERE save_hash = ?1")
                .and_then(|mut s| s.query_row([hash], |r| r.get(0)).optional())
                .map_err(err)?;
            if let Some(id) = known {
                return Ok(Recorded::AlreadyRecorded(id));
            }
        }
        let id = insert(&self.tx, play, &mut self.new_players).map_err(err)?;
        Ok(Recorded::New(id))
    }

    /// Players this batch added to the history (names not seen before), in the order they
    /// came.
    pub fn new_players(&self) -> &[String] {
        &self.new_players
    }

    /// Keep everything recorded.
    pub fn commit(self) -> Result<(), HistoryError> {
        let path = self.path;
        self.tx.commit().map_err(|e| HistoryError::sqlite(&path, e))
    }
}

fn insert(tx: &Transaction, play: &PlayRecord, new_players: &mut Vec<String>) -> rusqlite::Result<i64> {
    let (coop_result, final_wind, rating_min) = match play.outcome {
        Outcome::Ranked => (None, None, None),
        Outcome::Solo { rating_min } => (None, None, rating_min),
        Outcome::Coop { end, final_wind } => (Some(end.key()), Some(final_wind), None),
    };
    let mode = play.outcome.mode();
    tx.prepare_cached(
        "INSERT INTO plays (game_id, game_name, bgg_id, started_at, utc_offset, night, duration_s, source, mode,
                            coop_result, final_wind, solo_rating_min, start_seat, rules_fingerprint, save_hash,
                            recorded_at, location, deal)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)",
    )?
    .execute(params![
        play.game_id,
        play.game_name,
        play.bgg_id,
        play.started_at,
        play.utc_offset,
        play.night.to_string(),
        play.duration_s,
        play.source.key(),
        mode,
        coop_result,
        final_wind,
        rating_min,
        play.start_player.map(|s| s as i64),
        play.rules_fingerprint,
        play.save_hash,
        clock::now(),
        play.location,
        play.deal,
    ])?;
    let play_id = tx.last_insert_rowid();
    let mut ids = Vec::with_capacity(play.players.len());
    for p in &play.players {
        let (id, new) = player_id(tx, &p.name)?;
        if new {
            new_players.push(p.name.trim().to_string());
        }
        ids.push(id);
    }
    let game = play.game_id.as_str();
    for (seat, (p, pid)) in play.players.iter().zip(&ids).enumerate() {
        tx.prepare_cached(
            "INSERT INTO seats (play_id, seat, player_id, game_id, mode, score, rank, winner)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?
        .execute(params![play_id, seat as i64, pid, game, mode, p.score, p.rank, p.winner])?;
        for (seq, (category, points)) in p.categories.iter().enumerate() {
            tx.prepare_cached(
                "INSERT INTO categories (play_id, seat, seq, category, points) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![play_id, seat as i64, seq as i64, category, points])?;
            tx.prepare_cached(
                "INSERT INTO category_totals (player_id, game_id, category, seq, n, total)
                 VALUES (?1, ?2, ?3, ?4, 1, ?5)
                 ON CONFLICT (player_id, game_id, category) DO UPDATE SET
                     n = n + 1, total = total + excluded.total, seq = MIN(seq, excluded.seq)",
            )?
            .execute(params![pid, game, category, seq as i64, points])?;
        }
        tx.prepare_cached(
            "INSERT INTO player_totals (player_id, game_id, plays, wins, scored, score_sum, best, worst)
             VALUES (?1, ?2, 1, ?3, ?4, ?5, ?6, ?6)
             ON CONFLICT (player_id, game_id) DO UPDATE SET
                 plays = plays + 1,
                 wins = wins + excluded.wins,
                 scored = scored + excluded.scored,
                 score_sum = score_sum + excluded.score_sum,
                 best = MAX(COALESCE(best, excluded.best), COALESCE(excluded.best, best)),
                 worst = MIN(COALESCE(worst, excluded.worst), COALESCE(excluded.worst, worst))",
        )?
        .execute(params![pid, game, p.winner, i64::from(p.score.is_some()), p.score.unwrap_or(0), p.score])?;
    }
    let ranked = play.outcome == Outcome::Ranked;
    if ranked {
        for (a, (pa, ida)) in play.players.iter().zip(&ids).enumerate() {
            for (b, (pb, idb)) in play.players.iter().zip(&ids).enumerate() {
                if a == b {
                    continue;
                }
                let (ra, rb) = (pa.rank.unwrap_or(u32::MAX), pb.rank.unwrap_or(u32::MAX));
                tx.prepare_cached(
                    "INSERT INTO pair_totals (player_id, other_id, game_id, plays, ahead, behind, tied)
                     VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6)
                     ON CONFLICT (player_id, other_id, game_id) DO UPDATE SET
                         plays = plays + 1, ahead = ahead + excluded.ahead,
                         behind = behind + excluded.behind, tied = tied + excluded.tied",
                )?
                .execute(params![ida, idb, game, ra < rb, ra > rb, ra == rb])?;
            }
        }
    }
    // The best score of this play, for the game's record: among equal scores the better
    // place (tie-breaks), then the first seat.
    let best = play
        .players
        .iter()
        .zip(&ids)
        .filter_map(|(p, id)| p.score.map(|s| (s, p.rank.unwrap_or(u32::MAX), *id)))
        .fold(None, |acc: Option<(i64, u32, i64)>, (s, rank, id)| match acc {
            Some((b, r, _)) if b > s || (b == s && r <= rank) => acc,
            _ => Some((s, rank, id)),
        })
        .map(|(s, _, id)| (s, id));
    let win_score = if ranked { best.map_or(0, |(s, _)| s) } else { 0 };
    let coop_won = matches!(play.outcome, Outcome::Coop { end: super::CoopEnd::Won, .. });
    tx.prepare_cached(
        "INSERT INTO game_totals (game_id, plays, ranked, win_sum, coop_won, record_score, record_player_id,
                                  record_play_id)
         VALUES (?1, 1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (game_id) DO UPDATE SET
             plays = plays + 1,
             ranked = ranked + excluded.ranked,
             win_sum = win_sum + excluded.win_sum,
             coop_won = coop_won + excluded.coop_won,
             record_player_id = CASE WHEN excluded.record_score > COALESCE(record_score, excluded.record_score - 1)
                                     THEN excluded.record_player_id ELSE record_player_id END,
             record_play_id = CASE WHEN excluded.record_score > COALESCE(record_score, excluded.record_score - 1)
                                   THEN excluded.record_play_id ELSE record_play_id END,
             record_score = CASE WHEN excluded.record_score > COALESCE(record_score, excluded.record_score - 1)
                                 THEN excluded.record_score ELSE record_score END",
    )?
    .execute(params![
        game,
        ranked,
        win_score,
        coop_won,
        best.map(|(s, _)| s),
        best.map(|(_, id)| id),
        best.map(|_| play_id)
    ])?;
    Ok(play_id)
}

/// The id of the player `name` matches (case-insensitively, by any name they were recorded
/// under), added when new (then true).
pub(crate) fn player_id(tx: &Transaction, name: &str) -> rusqlite::Result<(i64, bool)> {
    let key = player_key(name);
    if let Some(id) = tx
        .prepare_cached("SELECT player_id FROM player_names WHERE key = ?1")?
        .query_row([&key], |r| r.get(0))
        .optional()?
    {
        return Ok((id, false));
    }
    tx.prepare_cached("INSERT INTO players (name, key) VALUES (?1, ?2)")?.execute(params![name.trim(), key])?;
    let id = tx.last_insert_rowid();
    tx.prepare_cached("INSERT INTO player_names (key, player_id) VALUES (?1, ?2)")?.execute(params![key, id])?;
    Ok((id, true))
}

/// Recompute the totals of `game` for `players` (and every pair they are in) and the
/// game's own totals from the plays themselves, after a delete or a rename changed them.
pub(crate) fn rebuild_totals(tx: &Transaction, game: &str, players: &[i64]) -> rusqlite::Result<()> {
    for &p in players {
        tx.execute("DELETE FROM player_totals WHERE game_id = ?1 AND player_id = ?2", params![game, p])?;
        tx.execute(
            "INSERT INTO player_totals (player_id, game_id, plays, wins, scored, score_sum, best, worst)
             SELECT player_id, game_id, COUNT(*), SUM(winner), COUNT(score), COALESCE(SUM(score), 0), MAX(score),
                    MIN(score)
             FROM seats WHERE game_id = ?1 AND player_id = ?2 GROUP BY player_id, game_id",
            params![game, p],
        )?;
        tx.execute("DELETE FROM category_totals WHERE game_id = ?1 AND player_id = ?2", params![game, p])?;
        tx.execute(
            "INSERT INTO category_totals (player_id, game_id, category, seq, n, total)
             SELECT s.player_id, s.game_id, c.category, MIN(c.seq), COUNT(*), SUM(c.points)
             FROM seats s JOIN categories c ON c.play_id = s.play_id AND c.seat = s.seat
             WHERE s.game_id = ?1 AND s.player_id = ?2
             GROUP BY s.player_id, s.game_id, c.category",
            params![game, p],
        )?;
        tx.execute(
            "DELETE FROM pair_totals WHERE game_id = ?1 AND (player_id = ?2 OR other_id = ?2)",
            params![game, p],
        )?;
        for side in ["a", "b"] {
            tx.execute(
                &format!(
                    "INSERT OR REPLACE INTO pair_totals (player_id, other_id, game_id, plays, ahead, behind, tied)
                     SELECT a.player_id, b.player_id, a.game_id, COUNT(*),
                            SUM(a.rank < b.rank), SUM(a.rank > b.rank), SUM(a.rank = b.rank)
                     FROM seats a JOIN seats b ON b.play_id = a.play_id AND b.player_id <> a.player_id
                     WHERE a.mode = 'ranked' AND a.game_id = ?1 AND {side}.player_id = ?2
                     GROUP BY a.player_id, b.player_id, a.game_id"
                ),
                params![game, p],
            )?;
        }
    }
    tx.execute("DELETE FROM game_totals WHERE game_id = ?1", [game])?;
    tx.execute(
        "INSERT INTO game_totals (game_id, plays, ranked, win_sum, coop_won)
         SELECT p.game_id, COUNT(*), SUM(p.mode = 'ranked'),
                COALESCE(SUM(CASE WHEN p.mode = 'ranked'
                                  THEN (SELECT MAX(s.score) FROM seats s WHERE s.play_id = p.id) END), 0),
                SUM(p.mode = 'coop' AND p.coop_result = 'won')
         FROM plays p WHERE p.game_id = ?1 GROUP BY p.game_id",
        [game],
    )?;
    tx.execute(
        "UPDATE game_totals SET (record_score, record_player_id, record_play_id) = (
             SELECT s.score, s.player_id, s.play_id FROM seats s
             WHERE s.game_id = game_totals.game_id AND s.score IS NOT NULL
             ORDER BY s.score DESC, s.play_id, s.rank, s.seat LIMIT 1)
         WHERE game_id = ?1",
        [game],
    )?;
    Ok(())
}
