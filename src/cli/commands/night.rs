//! `deckhand night [DATE]`: one game night — every play with its winner, everyone's wins
//! and points, and the night's champion (most wins, then most points).

use clap::Args;
use serde_json::{json, Value};

use crate::cli::emit;
use crate::cli::record::{self, DbArgs};
use crate::history::{self, export};
use crate::report::listing::Listing;
use crate::report::Format;
use crate::text::escape_controls;
use crate::text::history::{self as words, GameNames};
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
    let date = args.date.as_deref().map(record::parse_date).transpose()?;
    let night = match args.db.open_read_only()? {
        Some(db) => history::query::night(&db, date).map_err(Error::from)?,
        None => None,
    };
    let Some(night) = night else {
        match date {
            Some(d) => crate::ui::say(&crate::t!(lang, "cli.night.none_on", date = d)),
            None => crate::ui::say(&crate::t!(lang, "cli.history.none", path = args.db.shown())),
        }
        return Ok(0);
    };
    let mut names = GameNames::default();
    let mut plays = Listing::new(&[
        ("id", crate::t!(lang, "cli.history.col.id")),
        ("date", crate::t!(lang, "cli.history.col.date")),
        ("game", crate::t!(lang, "cli.history.col.game")),
        ("players", crate::t!(lang, "cli.history.col.players")),
        ("result", crate::t!(lang, "cli.history.col.result")),
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
        ("player", crate::t!(lang, "cli.history.col.player")),
        ("plays", crate::t!(lang, "cli.history.col.plays")),
        ("wins", crate::t!(lang, "cli.history.col.wins")),
        ("points", crate::t!(lang, "cli.history.col.points")),
    ]);
    for s in &night.standings {
        standings.rows.push(vec![json!(s.name), json!(s.plays), json!(s.wins), json!(s.points)]);
    }
    let champion = match night.standings.first() {
        Some(top) if !night.champions.is_empty() => crate::t!(
            lang,
            "cli.night.champion",
            names = night.champions.iter().map(|n| escape_controls(n).into_owned()).collect::<Vec<_>>().join(", "),
            n = top.wins,
            points = top.points
        ),
        _ => crate::t!(lang, "cli.night.no_champion"),
    };
    let title = crate::t!(lang, "cli.night.title", date = night.date);
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
            standings.render(Format::Markdown, Some(&crate::t!(lang, "cli.night.standings"))),
            champion
        ),
        Format::Html => crate::report::html::document(
            &title,
            &format!(
                "{}{}<p class=\"win\">{}</p>",
                plays.render(Format::Html, Some(&title)),
                standings.render(Format::Html, Some(&crate::t!(lang, "cli.night.standings"))),
                crate::report::html::escape(&champion)
            ),
            lang,
        ),
        Format::Table => format!(
            "{}{}{}\n",
            plays.render(Format::Table, Some(&title)),
            standings.render(Format::Table, Some(&crate::t!(lang, "cli.night.standings"))),
            champion
        ),
    };
    emit(&text)?;
    Ok(0)
}
