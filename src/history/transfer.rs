//! Moving a history between machines: the deckhand export (`export --format deckhand`),
//! a head line and then one JSON line per play with everything the history holds (the
//! players in seat order with their points per category, the start player, the dates,
//! the location and the deal), read back by `import` one line at a time. Lossless: an
//! export imported into an empty history gives the same history, play numbers included.

use std::io::{BufRead, BufReader, Read as _};
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{
    CoopEnd, Date, ExportField, ExportProblem, HistoryError, Outcome, Play, PlayRecord, PlaySource, PlayerRecord,
};

/// The `format` of an export's head line.
pub const FORMAT: &str = "deckhand-history";

/// The version of the export this deckhand writes (and the newest it reads).
pub const VERSION: u32 = 1;

/// The longest line read (a play of twelve players with long names is a few KiB).
const MAX_LINE: u64 = 1 << 20;

#[derive(Serialize, Deserialize)]
struct Head {
    format: String,
    version: u32,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    id: i64,
    game_id: String,
    game_name: String,
    bgg_id: Option<u32>,
    started_at: Option<i64>,
    utc_offset: i32,
    night: String,
    duration_s: Option<u32>,
    source: String,
    mode: String,
    result: Option<String>,
    final_wind: Option<u32>,
    solo_rating_min: Option<u32>,
    start_player: Option<usize>,
    rules_fingerprint: String,
    save_hash: Option<String>,
    location: Option<String>,
    deal: Option<String>,
    players: Vec<Seat>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Seat {
    name: String,
    score: Option<i64>,
    rank: Option<u32>,
    winner: bool,
    /// In the table's order: (category id, points).
    categories: Vec<(String, i64)>,
}

/// The first line of an export.
pub fn head() -> String {
    serde_json::to_string(&Head { format: FORMAT.into(), version: VERSION }).unwrap_or_default() + "\n"
}

/// An export's head as read: its version as written, whatever it is, so that an export
/// with a version this deckhand cannot read is told as that (not as another kind of file).
#[derive(Deserialize)]
struct HeadRead {
    format: String,
    version: serde_json::Value,
}

/// Whether a file's first line is an export's head (any version; a byte-order mark before
/// it is ignored).
pub fn is_export(first_line: &str) -> bool {
    serde_json::from_str::<HeadRead>(first_line.trim_start_matches('\u{feff}')).is_ok_and(|h| h.format == FORMAT)
}

fn line_of(play: &Play) -> Line {
    let r = &play.record;
    let (result, final_wind, solo_rating_min) = match r.outcome {
        Outcome::Ranked => (None, None, None),
        Outcome::Solo { rating_min } => (None, None, rating_min),
        Outcome::Coop { end, final_wind } => (Some(end.key().to_string()), Some(final_wind), None),
    };
    Line {
        id: play.id,
        game_id: r.game_id.clone(),
        game_name: r.game_name.clone(),
        bgg_id: r.bgg_id,
        started_at: r.started_at,
        utc_offset: r.utc_offset,
        night: r.night.to_string(),
        duration_s: r.duration_s,
        source: r.source.key().to_string(),
        mode: r.outcome.mode().to_string(),
        result,
        final_wind,
        solo_rating_min,
        start_player: r.start_player,
        rules_fingerprint: r.rules_fingerprint.clone(),
        save_hash: r.save_hash.clone(),
        location: r.location.clone(),
        deal: r.deal.clone(),
        players: r
            .players
            .iter()
            .map(|p| Seat {
                name: p.name.clone(),
                score: p.score,
                rank: p.rank,
                winner: p.winner,
                categories: p.categories.clone(),
            })
            .collect(),
    }
}

/// One play as a line of the export (with its end of line).
pub fn play_line(play: &Play) -> String {
    serde_json::to_string(&line_of(play)).unwrap_or_default() + "\n"
}

/// A play read from an export: its line, its number in the history it came from, and the
/// play (whose names and texts the history checks as it records it: `fit`).
pub struct Exported {
    /// 1-based line of the export.
    pub line: usize,
    /// The play's number in the exported history.
    pub id: i64,
    /// The play.
    pub play: PlayRecord,
}

/// `field` does not take `value` (quoted as `Debug` shows it).
fn refused(field: ExportField, value: impl std::fmt::Debug) -> ExportProblem {
    ExportProblem::Value { field, value: format!("{value:?}") }
}

/// A line of an export as a play to record (with its number in the exported history), or
/// what is wrong with its shape (its names and texts are the history's to check: `fit`).
fn play_of(text: &str) -> Result<(i64, PlayRecord), ExportProblem> {
    let line: Line = serde_json::from_str(text).map_err(|e| ExportProblem::Json { quoted: e.to_string() })?;
    let night = Date::parse(&line.night).ok_or_else(|| refused(ExportField::Night, &line.night))?;
    let source = PlaySource::from_key(&line.source).ok_or_else(|| refused(ExportField::Source, &line.source))?;
    let outcome = match (line.mode.as_str(), line.result.as_deref()) {
        ("ranked", None) => Outcome::Ranked,
        ("solo", None) => Outcome::Solo { rating_min: line.solo_rating_min },
        ("coop", Some(result)) => Outcome::Coop {
            end: CoopEnd::from_key(result).ok_or_else(|| refused(ExportField::Result, result))?,
            final_wind: line.final_wind.unwrap_or(0),
        },
        (mode, result) => {
            return Err(ExportProblem::ModeResult { mode: format!("{mode:?}"), result: format!("{result:?}") })
        }
    };
    let players = line
        .players
        .into_iter()
        .map(|seat| PlayerRecord {
            name: seat.name,
            score: seat.score,
            rank: seat.rank,
            winner: seat.winner,
            categories: seat.categories,
        })
        .collect();
    let play = PlayRecord {
        game_id: line.game_id,
        game_name: line.game_name,
        bgg_id: line.bgg_id,
        started_at: line.started_at,
        utc_offset: line.utc_offset,
        night,
        duration_s: line.duration_s,
        source,
        players,
        start_player: line.start_player,
        rules_fingerprint: line.rules_fingerprint,
        save_hash: line.save_hash,
        outcome,
        location: line.location,
        deal: line.deal,
    };
    Ok((line.id, play))
}

/// Read an export, handing each play to `each` as it is read (a history of any size in the
/// memory of one play). A line that is not a play stops the reading with
/// `HistoryError::BadExport`; a newer export is refused before any play is read.
pub fn read<E: From<HistoryError>>(path: &Path, mut each: impl FnMut(Exported) -> Result<(), E>) -> Result<(), E> {
    let shown = || path.display().to_string();
    let io = |cause| E::from(HistoryError::Io { path: shown(), cause });
    let bad = |line: usize, detail: ExportProblem| E::from(HistoryError::BadExport { path: shown(), line, detail });
    let mut reader = BufReader::new(std::fs::File::open(path).map_err(io)?);
    let mut text = String::new();
    let mut number = 0;
    loop {
        text.clear();
        number += 1;
        let read = (&mut reader).take(MAX_LINE).read_line(&mut text).map_err(io)?;
        if read == 0 {
            return if number == 1 { Err(bad(1, ExportProblem::Empty)) } else { Ok(()) };
        }
        if !text.ends_with('\n') && read as u64 == MAX_LINE {
            return Err(bad(number, ExportProblem::LongLine { max: MAX_LINE }));
        }
        let line = text.trim_end_matches(['\n', '\r']);
        if number == 1 {
            let head: HeadRead = serde_json::from_str(line.trim_start_matches('\u{feff}'))
                .map_err(|e| bad(1, ExportProblem::Json { quoted: e.to_string() }))?;
            match head.version.as_u64() {
                Some(v) if head.format == FORMAT && (1..=u64::from(VERSION)).contains(&v) => {}
                v if head.format != FORMAT || v.is_some_and(|v| v > u64::from(VERSION)) => {
                    let version = v.map_or(0, |v| u32::try_from(v).unwrap_or(u32::MAX));
                    return Err(bad(1, ExportProblem::Newer { format: head.format, version, supported: VERSION }));
                }
                _ => {
                    let version = head.version.to_string();
                    return Err(bad(1, ExportProblem::Version { version, supported: VERSION }));
                }
            }
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        let (id, play) = play_of(line).map_err(|detail| bad(number, detail))?;
        each(Exported { line: number, id, play })?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_is_not_a_play_is_refused_with_what_is_wrong() {
        let json = |p: ExportProblem| match p {
            ExportProblem::Json { quoted } => quoted,
            other => panic!("{other:?}"),
        };
        assert!(json(play_of("{}").unwrap_err()).contains("missing field"));
        let value = |field, value: &str| ExportProblem::Value { field, value: value.to_string() };
        let good = r#"{"id":1,"game_id":"fleet-dice","game_name":"Fleet","bgg_id":null,"started_at":null,"utc_offset":0,"night":"2025-01-10","duration_s":null,"source":"paper","mode":"ranked","result":null,"final_wind":null,"solo_rating_min":null,"start_player":null,"rules_fingerprint":"0","save_hash":"a","location":"Table 3","deal":null,"players":[{"name":"Ann","score":5,"rank":1,"winner":true,"categories":[["fish",5]]}]}"#;
        let (id, play) = play_of(good).unwrap();
        assert_eq!((id, play.location.as_deref(), play.players[0].categories.len()), (1, Some("Table 3"), 1));
        assert_eq!(
            play_of(&good.replace("2025-01-10", "yesterday")).unwrap_err(),
            value(ExportField::Night, "\"yesterday\"")
        );
        assert_eq!(
            play_of(&good.replace("\"mode\":\"ranked\"", "\"mode\":\"coop\"")).unwrap_err(),
            ExportProblem::ModeResult { mode: "\"coop\"".into(), result: "None".into() }
        );
        assert!(play_of(&good.replace("\"deal\":null", "\"deal\":null,\"extra\":1")).is_err(), "unknown field");
        assert!(is_export(head().trim_end()) && !is_export(r#"{"format":"deckhand-fleet-game"}"#));
    }
}
