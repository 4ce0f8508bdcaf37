//! The schema, one migration per version. The file's `PRAGMA user_version` says which
//! migrations it has had; opening a file runs the missing ones in one transaction. A
//! migration, once released, is never edited: tests build a file of every earlier version
//! from `MIGRATIONS[..v]` and check that it migrates.

use rusqlite::{Connection, TransactionBehavior};

/// `PRAGMA application_id` of a deckhand history ("DkHs"): tells our file from another
/// program's SQLite database.
pub const APPLICATION_ID: i32 = 0x446b_4873;

/// Migration `i` takes a file from version `i` to `i + 1`.
pub const MIGRATIONS: &[&str] = &[V1, V2, V3, V4];

/// The schema version this deckhand writes.
pub const VERSION: u32 = MIGRATIONS.len() as u32;

/// Version 1: plays, the players in them and their points per category.
const V1: &str = "
CREATE TABLE players (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    key  TEXT NOT NULL UNIQUE
);
CREATE TABLE plays (
    id                INTEGER PRIMARY KEY,
    game_id           TEXT NOT NULL,
    game_name         TEXT NOT NULL,
    bgg_id            INTEGER,
    started_at        INTEGER,
    utc_offset        INTEGER NOT NULL DEFAULT 0,
    night             TEXT NOT NULL,
    duration_s        INTEGER,
    source            TEXT NOT NULL CHECK (source IN ('live', 'paper', 'import')),
    mode              TEXT NOT NULL CHECK (mode IN ('ranked', 'solo', 'coop')),
    coop_result       TEXT,
    final_wind        INTEGER,
    solo_rating_min   INTEGER,
    start_seat        INTEGER,
    rules_fingerprint TEXT NOT NULL,
    save_hash         TEXT UNIQUE,
    recorded_at       INTEGER NOT NULL
);
CREATE INDEX plays_by_night ON plays (night);
CREATE INDEX plays_by_game ON plays (game_id, night);
CREATE TABLE seats (
    play_id   INTEGER NOT NULL REFERENCES plays (id),
    seat      INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id),
    game_id   TEXT NOT NULL,
    mode      TEXT NOT NULL,
    score     INTEGER,
    rank      INTEGER,
    winner    INTEGER NOT NULL,
    PRIMARY KEY (play_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_by_player ON seats (player_id, game_id);
CREATE TABLE categories (
    play_id  INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    seq      INTEGER NOT NULL,
    category TEXT NOT NULL,
    points   INTEGER NOT NULL,
    PRIMARY KEY (play_id, seat, seq),
    FOREIGN KEY (play_id, seat) REFERENCES seats (play_id, seat)
) WITHOUT ROWID;
";

/// Version 2: totals per player, per pair of players and per game, kept up to date by
/// every write, so `stats` reads a few hundred rows instead of every seat and category of
/// every play (a head-to-head over 100,000 plays is a self-join of ~350,000 seats).
const V2: &str = "
CREATE TABLE player_totals (
    player_id INTEGER NOT NULL,
    game_id   TEXT NOT NULL,
    plays     INTEGER NOT NULL,
    wins      INTEGER NOT NULL,
    scored    INTEGER NOT NULL,
    score_sum INTEGER NOT NULL,
    best      INTEGER,
    worst     INTEGER,
    PRIMARY KEY (player_id, game_id)
) WITHOUT ROWID;
CREATE TABLE category_totals (
    player_id INTEGER NOT NULL,
    game_id   TEXT NOT NULL,
    category  TEXT NOT NULL,
    seq       INTEGER NOT NULL,
    n         INTEGER NOT NULL,
    total     INTEGER NOT NULL,
    PRIMARY KEY (player_id, game_id, category)
) WITHOUT ROWID;
CREATE TABLE pair_totals (
    player_id INTEGER NOT NULL,
    other_id  INTEGER NOT NULL,
    game_id   TEXT NOT NULL,
    plays     INTEGER NOT NULL,
    ahead     INTEGER NOT NULL,
    behind    INTEGER NOT NULL,
    tied      INTEGER NOT NULL,
    PRIMARY KEY (player_id, other_id, game_id)
) WITHOUT ROWID;
CREATE TABLE game_totals (
    game_id          TEXT PRIMARY KEY,
    plays            INTEGER NOT NULL,
    ranked           INTEGER NOT NULL,
    win_sum          INTEGER NOT NULL,
    coop_won         INTEGER NOT NULL,
    record_score     INTEGER,
    record_player_id INTEGER,
    record_play_id   INTEGER
) WITHOUT ROWID;
INSERT INTO player_totals (player_id, game_id, plays, wins, scored, score_sum, best, worst)
    SELECT player_id, game_id, COUNT(*), SUM(winner), COUNT(score), COALESCE(SUM(score), 0), MAX(score), MIN(score)
    FROM seats GROUP BY player_id, game_id;
INSERT INTO category_totals (player_id, game_id, category, seq, n, total)
    SELECT s.player_id, s.game_id, c.category, MIN(c.seq), COUNT(*), SUM(c.points)
    FROM categories c JOIN seats s ON s.play_id = c.play_id AND s.seat = c.seat
    GROUP BY s.player_id, s.game_id, c.category;
INSERT INTO pair_totals (player_id, other_id, game_id, plays, ahead, behind, tied)
    SELECT a.player_id, b.player_id, a.game_id, COUNT(*),
           SUM(a.rank < b.rank), SUM(a.rank > b.rank), SUM(a.rank = b.rank)
    FROM seats a JOIN seats b ON b.play_id = a.play_id AND b.player_id <> a.player_id
    WHERE a.mode = 'ranked'
    GROUP BY a.player_id, b.player_id, a.game_id;
INSERT INTO game_totals (game_id, plays, ranked, win_sum, coop_won)
    SELECT p.game_id, COUNT(*), SUM(p.mode = 'ranked'),
           COALESCE(SUM(CASE WHEN p.mode = 'ranked' THEN (SELECT MAX(s.score) FROM seats s WHERE s.play_id = p.id) END), 0),
           SUM(p.mode = 'coop' AND p.coop_result = 'won')
    FROM plays p GROUP BY p.game_id;
UPDATE game_totals SET (record_score, record_player_id, record_play_id) = (
    SELECT s.score, s.player_id, s.play_id FROM seats s
    WHERE s.game_id = game_totals.game_id AND s.score IS NOT NULL
    ORDER BY s.score DESC, s.play_id, s.rank, s.seat LIMIT 1);
";

/// Version 3: the clubs' history (#25). `stats` finds a game's latest name by the index of
/// its plays in id order (it sorted every play of the game); listings read the plays in the
/// order of an index (they sorted all of them, even for `--limit 20`); every name a player was
/// recorded under (a rename or a merge keeps the old names theirs: a play typed with one
/// lands on them); where a play was played; the deal of a game with dealt dice, and the
/// plays of one deal.
const V3: &str = "
CREATE INDEX plays_by_game_id ON plays (game_id, id);
CREATE INDEX plays_by_time ON plays (night, COALESCE(started_at, 0), id);
CREATE TABLE player_names (
    key       TEXT PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id)
) WITHOUT ROWID;
CREATE INDEX player_names_by_player ON player_names (player_id);
INSERT INTO player_names (key, player_id) SELECT key, id FROM players;
ALTER TABLE plays ADD COLUMN location TEXT;
ALTER TABLE plays ADD COLUMN deal TEXT;
CREATE INDEX plays_by_deal ON plays (deal) WHERE deal IS NOT NULL;
";

/// Version 4: one game's plays in a listing's order (issue 30: `history --game G` read every
/// play of the history to find a rare game's; the index gives them newest first at once).
const V4: &str = "
CREATE INDEX plays_by_game_time ON plays (game_id, night, COALESCE(started_at, 0), id);
";

/// What a file's header says about it, read before anything is changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Identity {
    /// `PRAGMA application_id`: `APPLICATION_ID` in a deckhand history, 0 in a new file.
    pub application_id: i32,
    /// `PRAGMA user_version`: the schema version, 0 before the first migration.
    pub user_version: u32,
    /// Tables, indexes, … in the file.
    pub objects: u32,
}

/// Read in one read transaction: another process may be creating the schema meanwhile, and
/// the three values must come from the same moment.
pub(crate) fn identity(conn: &Connection) -> rusqlite::Result<Identity> {
    let tx = conn.unchecked_transaction()?;
    let application_id: i32 = tx.pragma_query_value(None, "application_id", |r| r.get(0))?;
    let user_version: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let objects: u32 = tx.query_row("SELECT COUNT(*) FROM sqlite_master", [], |r| r.get(0))?;
    tx.finish()?;
    Ok(Identity { application_id, user_version: user_version.clamp(0, i64::from(u32::MAX)) as u32, objects })
}

/// Bring the file to `VERSION` in one transaction (taken with a write lock at once, so two
/// processes opening a new file at the same moment migrate it once). Returns the version
/// the file had.
pub(crate) fn migrate(conn: &mut Connection) -> rusqlite::Result<u32> {
    migrate_to(conn, VERSION)
}

/// Bring the file to schema version `target` (a file already there or beyond is left as
/// it is). Returns the version the file had.
pub(crate) fn migrate_to(conn: &mut Connection, target: u32) -> rusqlite::Result<u32> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let found: u32 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
    for sql in MIGRATIONS.iter().take(target as usize).skip(found as usize) {
        tx.execute_batch(sql)?;
    }
    if found < target {
        tx.pragma_update(None, "application_id", APPLICATION_ID)?;
        tx.pragma_update(None, "user_version", target)?;
    }
    tx.commit()?;
    Ok(found)
}
