//! Exports of every play: BG Stats' push-play JSON, and JSON and CSV with every player's
//! points per category. Machine formats: English keys, ids rather than names in a
//! language.

use std::fmt::Write as _;

use serde_json::{json, Value};

use super::{clock, Outcome, Play};
use crate::escape::csv_field;

/// The `sourceName` BG Stats shows for plays from deckhand.
pub(crate) const SOURCE_NAME: &str = "deckhand";

/// A play's stable id across machines: its content hash (so the same save exported from
/// two tables is one play for BG Stats), else its id in this history.
pub(crate) fn source_play_id(play: &Play) -> String {
    match &play.record.save_hash {
        Some(h) => format!("deckhand-{h}"),
        None => format!("deckhand-play-{}", play.id),
    }
}

/// `YYYY-MM-DD HH:MM:SS`, local time of the start; midnight of the game night when the
/// time is not known (a paper game recorded with `--date`).
pub(crate) fn play_date(play: &Play) -> String {
    match play.record.started_at {
        Some(at) => clock::local_datetime(at, play.record.utc_offset),
        None => format!("{} 00:00:00", play.record.night),
    }
}

/// One play in BG Stats' push-play format (`sourceName`, `sourcePlayId`, `playDate`,
/// `durationMin`, `game`, `players`).
pub fn bgstats_play(play: &Play) -> Value {
    let r = &play.record;
    let coop = matches!(r.outcome, Outcome::Coop { .. });
    let mut game = json!({
        "name": r.game_name,
        "sourceGameId": r.game_id,
        "highestWins": true,
        "noPoints": coop,
    });
    if let Some(id) = r.bgg_id {
        game["bggId"] = json!(id);
    }
    let players: Vec<Value> = r
        .players
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let mut v = json!({
                "name": p.name,
                "sourcePlayerId": super::player_key(&p.name),
                "winner": p.winner,
                "startPlayer": r.start_player == Some(seat),
            });
            if let Some(score) = p.score {
                v["score"] = json!(score);
            }
            if let Some(rank) = p.rank {
                v["rank"] = json!(rank);
            }
            v
        })
        .collect();
    let mut out = json!({
        "sourceName": SOURCE_NAME,
        "sourcePlayId": source_play_id(play),
        "playDate": play_date(play),
        "game": game,
        "players": players,
    });
    if let Some(place) = &r.location {
        out["location"] = json!(place);
    }
    if let Some(d) = r.duration_s {
        // Whole minutes, at least one for a game that was played at all.
        out["durationMin"] = json!(d.div_ceil(60));
    }
    out
}

/// The page of BG Stats that opens a new play filled in from its `data` parameter.
pub const BGSTATS_LINK: &str = "https://app.bgstatsapp.com/createPlay.html?data=";

/// A link that opens the play in BG Stats, filled in (its push-play JSON, URL-encoded).
pub fn bgstats_link(play: &Play) -> String {
    let data = bgstats_play(play).to_string();
    let mut out = String::with_capacity(BGSTATS_LINK.len() + data.len() * 2);
    out.push_str(BGSTATS_LINK);
    for b in data.bytes() {
        // encodeURIComponent's unreserved characters stay; every other byte is %XX.
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// One play with everything the history holds.
pub fn play_json(play: &Play) -> Value {
    let r = &play.record;
    let (mode, result, final_wind, rating_min) = match r.outcome {
        Outcome::Ranked => ("ranked", None, None, None),
        Outcome::Solo { rating_min } => ("solo", None, None, rating_min),
        Outcome::Coop { end, final_wind } => ("coop", Some(end.key()), Some(final_wind), None),
    };
    let players: Vec<Value> = r
        .players
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let categories: serde_json::Map<String, Value> =
                p.categories.iter().map(|(c, v)| (c.clone(), json!(v))).collect();
            json!({
                "seat": seat + 1,
                "name": p.name,
                "score": p.score,
                "rank": p.rank,
                "winner": p.winner,
                "start_player": r.start_player == Some(seat),
                "categories": categories,
            })
        })
        .collect();
    json!({
        "id": play.id,
        "game_id": r.game_id,
        "game": r.game_name,
        "bgg_id": r.bgg_id,
        "night": r.night.to_string(),
        "started_at": r.started_at.map(|at| clock::local_datetime(at, r.utc_offset)),
        "utc_offset_minutes": r.utc_offset / 60,
        "duration_min": r.duration_s.map(|d| d.div_ceil(60)),
        "source": r.source.key(),
        "mode": mode,
        "result": result,
        "final_wind": final_wind,
        "solo_rating_min": rating_min,
        "rules_fingerprint": r.rules_fingerprint,
        "save_hash": r.save_hash,
        "location": r.location,
        "deal": r.deal,
        "players": players,
    })
}

/// The CSV columns of `csv_rows`, with the line's end.
pub const CSV_HEADER: &str =
    "play_id,night,started_at,duration_min,game_id,game,mode,result,seat,player,start_player,score,rank,winner,category,points\n";

/// A play's CSV rows: one per player and category (one with an empty category for a player
/// without categories, as in a co-op game).
pub fn csv_rows(play: &Play) -> String {
    let mut out = String::new();
    let r = &play.record;
    let (mode, result) = match r.outcome {
        Outcome::Ranked => ("ranked", ""),
        Outcome::Solo { .. } => ("solo", ""),
        Outcome::Coop { end, .. } => ("coop", end.key()),
    };
    let started = r.started_at.map(|at| clock::local_datetime(at, r.utc_offset)).unwrap_or_default();
    let duration = r.duration_s.map(|d| d.div_ceil(60).to_string()).unwrap_or_default();
    for (seat, p) in r.players.iter().enumerate() {
        let head = [
            play.id.to_string(),
            r.night.to_string(),
            started.clone(),
            duration.clone(),
            csv_field(&r.game_id),
            csv_field(&r.game_name),
            mode.to_string(),
            result.to_string(),
            (seat + 1).to_string(),
            csv_field(&p.name),
            (r.start_player == Some(seat)).to_string(),
            p.score.map(|s| s.to_string()).unwrap_or_default(),
            p.rank.map(|s| s.to_string()).unwrap_or_default(),
            p.winner.to_string(),
        ]
        .join(",");
        if p.categories.is_empty() {
            let _ = writeln!(out, "{head},,");
        }
        for (c, v) in &p.categories {
            let _ = writeln!(out, "{head},{},{v}", csv_field(c));
        }
    }
    out
}
