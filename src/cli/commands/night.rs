//! `deckhand night [DATE]`: one game night — every play with its winner, everyone's wins
//! and points, and the night's champion (most wins, then most points).

use clap::Args;
use serde_json::{json, Value};

use crate::cli::emit;
use crate::cli::plays::{self, DbArgs};
use crate::history::{self, export};
use crate::report::listing::Listing;
use crate::report::Format;
use crate::text::history::{self as words, GameNames, HistoryColumn, HistorySaid, Title};
use crate::text::Lang;
use crate::Error;

#[derive(Debug, Args)]
pub struct NightArgs {
    /// The night, YYYY-MM-DD (default: the latest night with plays)
    #[arg(value_name = "DATE")]
    pub date: Option<String>,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub db: DbArgs,
}

pub const HELP: &[(&str, &str, &str)] = &[
    ("night", "", "cli.help.night.about"),
    ("night", "date", "cli.help.night.date"),
    ("night", "format", "cli.help.score.format"),
    ("night", "db", "cli.help.history.db"),
];

pub fn run(args: NightArgs, lang: Lang) -> anyhow::Result<i32> {
    let date = args.date.as_deref().map(plays::parse_date).transpose()?;
    let night = match args.db.open_read_only()? {
        Some(db) => history::query::night(&db, date).map_err(Error::from)?,
        None => None,
    };
    let Some(night) = night else {
        match date {
            Some(d) => crate::ui::say(&HistorySaid::NoPlaysOn(d).text(lang)),
            None => crate::ui::say(&HistorySaid::NoPlays { path: &args.db.shown() }.text(lang)),
        }
        return Ok(0);
    };
    let mut names = GameNames::default();
    let mut plays = Listing::new(&[
        ("id", HistoryColumn::Id.text(lang)),
        ("date", HistoryColumn::Date.text(lang)),
        ("game", HistoryColumn::Game.text(lang)),
        ("players", HistoryColumn::Players.text(lang)),
        ("result", HistoryColumn::Result.text(lang)),
    ]);
    for play in &night.plays {
        let r = &play.record;
        plays.rows.push(vec![
            json!(play.id),
            json!(words::when(r)),
            json!(names.game(&r.game_id, &r.game_name, lang)),
            json!(words::players(r)),
            json!(names.result(r, lang)),
        ]);
    }
    let mut standings = Listing::new(&[
        ("player", HistoryColumn::Player.text(lang)),
        ("plays", HistoryColumn::Plays.text(lang)),
        ("wins", HistoryColumn::Wins.text(lang)),
        ("points", HistoryColumn::Points.text(lang)),
    ]);
    for s in &night.standings {
        standings.rows.push(vec![json!(s.name), json!(s.plays), json!(s.wins), json!(s.points)]);
    }
    let champion = words::champion(&night, lang);
    let title = Title::Night(night.date).text(lang);
    let standings_title = Title::NightStandings.text(lang);
    let text = match args.format {
        Format::Json => {
            let list: Vec<Value> = night.plays.iter().map(export::play_json).collect();
            let out = json!({
                "night": night.date.to_string(),
                "plays": list,
                "standings": standings.json(),
                "champions": night.champions,
            });
            serde_json::to_string_pretty(&out)? + "\n"
        }
        Format::Csv => plays.render(Format::Csv, None) + "\n" + &standings.render(Format::Csv, None),
        Format::Markdown => format!(
            "{}\n{}\n**{}**\n",
            plays.render(Format::Markdown, Some(&title)),
            standings.render(Format::Markdown, Some(&standings_title)),
            champion
        ),
        Format::Html => crate::report::html::document(
            &title,
            &format!(
                "{}{}<p class=\"win\">{}</p>",
                plays.render(Format::Html, Some(&title)),
                standings.render(Format::Html, Some(&standings_title)),
                crate::report::html::escape(&champion)
            ),
            lang,
        ),
        Format::Table => format!(
            "{}{}{}\n",
            plays.render(Format::Table, Some(&title)),
            standings.render(Format::Table, Some(&standings_title)),
            champion
        ),
    };
    emit(&text)?;
    Ok(0)
}
