//! The two corrections of the history: deleting a play, and renaming (or merging) a
//! player. Each runs in one immediate transaction and rebuilds the kept totals of the games
//! it touches.

use rusqlite::{params, OptionalExtension, TransactionBehavior};

use super::query::play;
use super::record::rebuild_totals;
use super::{player_key, Db, HistoryError, Play};

/// Delete a play; returns it as it was.
pub fn delete(db: &mut Db, id: i64) -> Result<Play, HistoryError> {
    let found = play(db, id)?.ok_or(HistoryError::NoSuchPlay { id })?;
    let path = db.path().to_path_buf();
    let err = |e| HistoryError::sqlite(&path, e);
    let tx = db.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(err)?;
    let players: Vec<i64> = tx
        .prepare("SELECT player_id FROM seats WHERE play_id = ?1")
        .and_then(|mut s| s.query_map([id], |r| r.get(0))?.collect())
        .map_err(err)?;
    let run = || -> rusqlite::Result<()> {
        tx.execute("DELETE FROM categories WHERE play_id = ?1", [id])?;
        tx.execute("DELETE FROM seats WHERE play_id = ?1", [id])?;
        tx.execute("DELETE FROM plays WHERE id = ?1", [id])?;
        rebuild_totals(&tx, &found.record.game_id, &players)?;
        let orphan = "NOT EXISTS (SELECT 1 FROM seats s WHERE s.player_id = players.id)";
        tx.execute(
            &format!("DELETE FROM player_names WHERE player_id IN (SELECT id FROM players WHERE {orphan})"),
            [],
        )?;
        tx.execute(&format!("DELETE FROM players WHERE {orphan}"), [])?;
        Ok(())
    };
    run().map_err(err)?;
    tx.commit().map_err(err)?;
    Ok(found)
}

/// What `rename` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Renamed {
    /// The player now has the new name.
    Renamed {
        /// Plays the player sat in, all now under the new name.
        plays: u64,
    },
    /// The new name was another player's: the two are one player now.
    Merged {
        /// Plays of the old name that moved to the other player.
        plays: u64,
    },
}

/// Rename a player; when the new name is another player's, merge the two under the new
/// spelling (refused when they played in the same play). The old name stays the player's:
/// a play recorded later under it lands on them.
pub fn rename(db: &mut Db, old: &str, new: &str) -> Result<Renamed, HistoryError> {
    let path = db.path().to_path_buf();
    let err = |e| HistoryError::sqlite(&path, e);
    let tx = db.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(err)?;
    let old_id = find_player(&tx, old).map_err(err)?.ok_or_else(|| no_such_player(&tx, old))?;
    let plays = plays_of(&tx, old_id).map_err(err)?;
    match find_player(&tx, new).map_err(err)?.filter(|id| *id != old_id) {
        None => {
            let run = || -> rusqlite::Result<()> {
                tx.execute(
                    "UPDATE players SET name = ?1, key = ?2 WHERE id = ?3",
                    params![new.trim(), player_key(new), old_id],
                )?;
                tx.execute(
                    "INSERT OR IGNORE INTO player_names (key, player_id) VALUES (?1, ?2)",
                    params![player_key(new), old_id],
                )?;
                Ok(())
            };
            run().map_err(err)?;
            tx.commit().map_err(err)?;
            Ok(Renamed::Renamed { plays })
        }
        Some(new_id) => {
            join(&tx, old_id, new_id, old, new).map_err(|e| e.at(&path))?;
            tx.execute("UPDATE players SET name = ?1 WHERE id = ?2", params![new.trim(), new_id]).map_err(err)?;
            tx.commit().map_err(err)?;
            Ok(Renamed::Merged { plays })
        }
    }
}

/// Merge player `from` into player `into` (both as recorded, any spelling): every play of
/// `from` follows, `into` keeps their name, and `from`'s names become `into`'s (a play
/// recorded later under one lands on `into`). Refused when the two played in the same play.
/// The number of plays that moved.
pub fn merge(db: &mut Db, from: &str, into: &str) -> Result<u64, HistoryError> {
    let path = db.path().to_path_buf();
    let err = |e| HistoryError::sqlite(&path, e);
    let tx = db.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(err)?;
    let from_id = find_player(&tx, from).map_err(err)?.ok_or_else(|| no_such_player(&tx, from))?;
    let into_id = find_player(&tx, into).map_err(err)?.ok_or_else(|| no_such_player(&tx, into))?;
    if from_id == into_id {
        return Err(HistoryError::SamePlayer { from: from.into(), into: into.into() });
    }
    let plays = plays_of(&tx, from_id).map_err(err)?;
    join(&tx, from_id, into_id, from, into).map_err(|e| e.at(&path))?;
    tx.commit().map_err(err)?;
    Ok(plays)
}

/// The player a name (any name they were recorded under) belongs to.
pub(super) fn find_player(conn: &rusqlite::Connection, name: &str) -> rusqlite::Result<Option<i64>> {
    conn.query_row("SELECT player_id FROM player_names WHERE key = ?1", [player_key(name)], |r| r.get(0)).optional()
}

/// `name` is no player of the history: with the recorded name closest to it, if one is.
pub(super) fn no_such_player(conn: &rusqlite::Connection, name: &str) -> HistoryError {
    let names: Vec<String> = conn
        .prepare("SELECT name FROM players ORDER BY key")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .unwrap_or_default();
    let near = crate::source::closest(name, &names.iter().map(String::as_str).collect::<Vec<_>>()).map(String::from);
    HistoryError::NoSuchPlayer { name: name.into(), near }
}

/// Plays a player sat in.
fn plays_of(tx: &rusqlite::Transaction, id: i64) -> rusqlite::Result<u64> {
    let n: i64 = tx.query_row("SELECT COUNT(*) FROM seats WHERE player_id = ?1", [id], |r| r.get(0))?;
    Ok(n.max(0) as u64)
}

/// Why two players could not be joined.
enum JoinError {
    /// They sat in this play together.
    Together(HistoryError),
    Sql(rusqlite::Error),
}

impl From<rusqlite::Error> for JoinError {
    fn from(e: rusqlite::Error) -> JoinError {
        JoinError::Sql(e)
    }
}

impl JoinError {
    fn at(self, path: &std::path::Path) -> HistoryError {
        match self {
            JoinError::Together(e) => e,
            JoinError::Sql(e) => HistoryError::sqlite(path, e),
        }
    }
}

/// Move every seat and every name of player `old_id` to `new_id`, delete `old_id`, and
/// recompute the totals of the games they played.
fn join(tx: &rusqlite::Transaction, old_id: i64, new_id: i64, old: &str, new: &str) -> Result<(), JoinError> {
    let shared: Option<i64> = tx
        .query_row(
            "SELECT a.play_id FROM seats a JOIN seats b ON b.play_id = a.play_id
             WHERE a.player_id = ?1 AND b.player_id = ?2 ORDER BY a.play_id LIMIT 1",
            params![old_id, new_id],
            |r| r.get(0),
        )
        .optional()?;
    if let Some(play) = shared {
        return Err(JoinError::Together(HistoryError::PlayedTogether { old: old.into(), new: new.into(), play }));
    }
    let games: Vec<String> = tx
        .prepare("SELECT DISTINCT game_id FROM seats WHERE player_id = ?1")?
        .query_map([old_id], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    tx.execute("UPDATE seats SET player_id = ?1 WHERE player_id = ?2", params![new_id, old_id])?;
    tx.execute("UPDATE player_names SET player_id = ?1 WHERE player_id = ?2", params![new_id, old_id])?;
    tx.execute("DELETE FROM players WHERE id = ?1", [old_id])?;
    for g in &games {
        rebuild_totals(tx, g, &[old_id, new_id])?;
    }
    Ok(())
}
