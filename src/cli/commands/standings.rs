//! `deckhand standings --deal CODE`: a duplicate tournament's standings — every player of
//! every table that played the deal (`play --dice digital --deal CODE`), ranked by score
//! across tables. Merge the tables' histories first (`deckhand import`).

use clap::Args;
use serde_json::json;

use crate::cli::emit;
use crate::cli::plays::DbArgs;
use crate::games::fleet::setup::DealCode;
use crate::history::{self, DealResult};
use crate::report::listing::Listing;
use crate::report::Format;
use crate::text::history::{GameNames, HistoryColumn, HistorySaid, Title};
use crate::text::Lang;
use crate::Error;

#[derive(Debug, Args)]
pub struct StandingsArgs {
    /// The deal's code, as given to `play --deal`
    #[arg(long, value_name = "CODE")]
    pub deal: String,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub db: DbArgs,
}

pub const HELP: &[(&str, &str, &str)] = &[
    ("standings", "", "cli.help.standings.about"),
    ("standings", "deal", "cli.help.standings.deal"),
    ("standings", "format", "cli.help.score.format"),
    ("standings", "db", "cli.help.history.db"),
];

pub fn run(args: StandingsArgs, lang: Lang) -> anyhow::Result<i32> {
    let deal = DealCode::parse(&args.deal)
        .ok_or_else(|| Error::Usage(crate::msg!("cli.play.bad_deal", max = DealCode::MAX)))?;
    let results = match args.db.open_read_only()? {
        Some(db) => history::query::deal_standings(&db, deal.as_str()).map_err(Error::from)?,
        None => Vec::new(),
    };
    if results.is_empty() && matches!(args.format, Format::Table | Format::Markdown) {
        crate::ui::say(&HistorySaid::NoDealPlays(deal.as_str()).text(lang));
        return Ok(0);
    }
    let list = listing(&results, lang);
    let title = Title::Standings { deal: deal.as_str(), tables: tables(&results) }.text(lang);
    let text = match args.format {
        Format::Html => crate::report::html::document(&title, &list.render(Format::Html, Some(&title)), lang),
        Format::Json => serde_json::to_string_pretty(&json!({ "deal": deal.as_str(), "players": list.json() }))? + "\n",
        Format::Csv => list.render(Format::Csv, None),
        format => list.render(format, Some(&title)),
    };
    emit(&text)?;
    Ok(0)
}

/// How many tables (plays) played the deal.
fn tables(results: &[DealResult]) -> usize {
    let mut plays: Vec<i64> = results.iter().map(|r| r.play_id).collect();
    plays.sort_unstable();
    plays.dedup();
    plays.len()
}

fn listing(results: &[DealResult], lang: Lang) -> Listing {
    let mut names = GameNames::default();
    let mut list = Listing::new(&[
        ("rank", HistoryColumn::Rank.text(lang)),
        ("player", HistoryColumn::Player.text(lang)),
        ("score", HistoryColumn::Score.text(lang)),
        ("table_rank", HistoryColumn::TableRank.text(lang)),
        ("play", HistoryColumn::Id.text(lang)),
        ("location", HistoryColumn::Location.text(lang)),
        ("night", HistoryColumn::Date.text(lang)),
        ("game", HistoryColumn::Game.text(lang)),
    ]);
    for r in results {
        list.rows.push(vec![
            json!(r.rank),
            json!(r.player),
            json!(r.score),
            json!(r.table_rank),
            json!(r.play_id),
            json!(r.location),
            json!(r.night.to_string()),
            json!(names.game(&r.game_id, &r.game_id, lang)),
        ]);
    }
    list
}
