//! `deckhand stats [--game G] [--player P]`: per player (plays, wins, win rate, average,
//! best and worst score, average per category), head-to-head records, per game.

use clap::Args;
use serde_json::{json, Value};

use crate::cli::emit;
use crate::cli::plays::DbArgs;
use crate::history::{self, Stats};
use crate::report::listing::{decimal, Listing};
use crate::report::Format;
use crate::text::history::{GameNames, HistoryColumn, HistorySaid, Title};
use crate::text::Lang;
use crate::Error;

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Only this game (its id, see `deckhand games`)
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
    /// Only this player (any spelling of case) and their opponents
    #[arg(long, value_name = "PLAYER")]
    pub player: Option<String>,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub db: DbArgs,
}

pub const HELP: &[(&str, &str, &str)] = &[
    ("stats", "", "cli.help.stats.about"),
    ("stats", "game", "cli.help.history.game"),
    ("stats", "player", "cli.help.stats.player"),
    ("stats", "format", "cli.help.score.format"),
    ("stats", "db", "cli.help.history.db"),
];

pub fn run(args: StatsArgs, lang: Lang) -> anyhow::Result<i32> {
    let db = args.db.open_read_only()?;
    let stats = match &db {
        Some(db) => history::query::stats(db, args.game.as_deref(), args.player.as_deref()).map_err(Error::from)?,
        None => Stats::default(),
    };
    if stats.players.is_empty() && matches!(args.format, Format::Table | Format::Markdown) {
        let path = &args.db.shown();
        // Plays there may be, only none of this game or player (a player unknown: a slip).
        let unknown = match (&db, &args.player) {
            (Some(db), Some(name)) => history::query::unknown_player(db, name).map_err(Error::from)?,
            _ => None,
        };
        let has_plays = match &db {
            Some(db) => history::query::count(db).map_err(Error::from)? > 0,
            None => false,
        };
        let said = match (unknown, has_plays) {
            (Some(why), _) => crate::text::history::error(&why, lang),
            (None, true) => HistorySaid::NoneMatch { path }.text(lang),
            (None, false) => HistorySaid::NoPlays { path }.text(lang),
        };
        crate::ui::say(&said);
        return Ok(0);
    }
    let mut names = GameNames::default();
    let tables = tables(&stats, &mut names, lang);
    let text = match args.format {
        Format::Json => {
            let mut out = serde_json::Map::new();
            for (key, _, list) in &tables {
                out.insert(key.to_string(), list.json());
            }
            serde_json::to_string_pretty(&Value::Object(out))? + "\n"
        }
        Format::Html => {
            let body: String =
                tables.iter().map(|(_, title, list)| list.render(Format::Html, Some(title.as_str()))).collect();
            crate::report::html::document(&Title::Stats.text(lang), &body, lang)
        }
        // One CSV block per table, each with its header row, blank lines between.
        format => tables
            .iter()
            .map(|(_, title, list)| list.render(format, (format != Format::Csv).then_some(title.as_str())))
            .collect::<Vec<_>>()
            .join("\n"),
    };
    emit(&text)?;
    Ok(0)
}

/// The ids in the order they first appear.
fn first_seen<'a>(ids: impl Iterator<Item = &'a String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for id in ids {
        if !out.contains(id) {
            out.push(id.clone());
        }
    }
    out
}

/// (JSON key, title, table) of every part of the stats.
fn tables(stats: &Stats, names: &mut GameNames, lang: Lang) -> Vec<(String, String, Listing)> {
    let mut out = Vec::new();
    let mut players = Listing::new(&[
        ("player", HistoryColumn::Player.text(lang)),
        ("plays", HistoryColumn::Plays.text(lang)),
        ("wins", HistoryColumn::Wins.text(lang)),
        ("win_rate", HistoryColumn::WinRate.text(lang)),
        ("average", HistoryColumn::Average.text(lang)),
        ("best", HistoryColumn::Best.text(lang)),
        ("worst", HistoryColumn::Worst.text(lang)),
    ]);
    for p in &stats.players {
        players.rows.push(vec![
            json!(p.name),
            json!(p.plays),
            json!(p.wins),
            json!(format!("{:.0}%", p.win_rate() * 100.0)),
            p.average.map_or(Value::Null, decimal),
            json!(p.best),
            json!(p.worst),
        ]);
    }
    out.push(("players".to_string(), Title::StatsPlayers.text(lang), players));
    // Average points per category: one table per game, its categories as columns.
    for game in first_seen(stats.players.iter().flat_map(|p| p.categories.iter().map(|(g, _)| g))) {
        let ids = first_seen(
            stats
                .players
                .iter()
                .flat_map(|p| p.categories.iter().filter(|(g, _)| *g == game))
                .flat_map(|(_, cats)| cats.iter().map(|(c, _)| c)),
        );
        let headers: Vec<String> = ids.iter().map(|c| names.category(&game, c, lang)).collect();
        // JSON and CSV keys are the category ids.
        let mut columns: Vec<(&str, String)> = vec![("player", HistoryColumn::Player.text(lang))];
        columns.extend(ids.iter().map(String::as_str).zip(headers));
        let mut list = Listing::new(&columns);
        for p in &stats.players {
            if let Some((_, cats)) = p.categories.iter().find(|(g, _)| *g == game) {
                let mut row = vec![json!(p.name)];
                row.extend(
                    ids.iter().map(|id| cats.iter().find(|(c, _)| c == id).map_or(Value::Null, |(_, v)| decimal(*v))),
                );
                list.rows.push(row);
            }
        }
        let title = Title::StatsCategories(&names.game(&game, &game, lang)).text(lang);
        out.push((format!("categories_{game}"), title, list));
    }
    let mut h2h = Listing::new(&[
        ("player", HistoryColumn::Player.text(lang)),
        ("opponent", HistoryColumn::Opponent.text(lang)),
        ("plays", HistoryColumn::Plays.text(lang)),
        ("ahead", HistoryColumn::Ahead.text(lang)),
        ("behind", HistoryColumn::Behind.text(lang)),
        ("tied", HistoryColumn::Tied.text(lang)),
    ]);
    for h in &stats.head_to_head {
        h2h.rows.push(vec![
            json!(h.player),
            json!(h.opponent),
            json!(h.plays),
            json!(h.ahead),
            json!(h.behind),
            json!(h.tied),
        ]);
    }
    out.push(("head_to_head".to_string(), Title::StatsHeadToHead.text(lang), h2h));
    let mut games = Listing::new(&[
        ("game", HistoryColumn::Game.text(lang)),
        ("plays", HistoryColumn::Plays.text(lang)),
        ("coop_won", HistoryColumn::CoopWon.text(lang)),
        ("average_winning_score", HistoryColumn::AverageWinning.text(lang)),
        ("record", HistoryColumn::Record.text(lang)),
        ("record_by", HistoryColumn::RecordBy.text(lang)),
        ("record_night", HistoryColumn::RecordNight.text(lang)),
    ]);
    for g in &stats.games {
        let rec = g.record.as_ref();
        games.rows.push(vec![
            json!(names.game(&g.game_id, &g.game_name, lang)),
            json!(g.plays),
            json!(g.coop_won),
            g.average_winning_score.map_or(Value::Null, decimal),
            json!(rec.map(|r| r.score)),
            json!(rec.map(|r| r.player.clone())),
            json!(rec.map(|r| r.night.to_string())),
        ]);
    }
    out.push(("games".to_string(), Title::StatsGames.text(lang), games));
    out
}
