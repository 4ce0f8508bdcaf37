//! `deckhand export --format bgstats|json|csv`: every recorded play (or those the filters
//! select), oldest first, on standard output.

use clap::{Args, ValueEnum};

use super::history::FilterArgs;
use crate::cli::emit;
use crate::cli::record::DbArgs;
use crate::history::{self, export};
use crate::Error;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    // No doc comments: clap would show them untranslated; `--format`'s help says it all.
    Bgstats,
    Json,
    Csv,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Output format
    #[arg(long, value_enum, default_value_t = ExportFormat::Bgstats)]
    pub format: ExportFormat,
    #[command(flatten)]
    pub filter: FilterArgs,
    #[command(flatten)]
    pub db: DbArgs,
}

pub const HELP: &[(&str, &str, &str)] = &[
    ("export", "", "cli.help.export.about"),
    ("export", "format", "cli.help.export.format"),
    ("export", "game", "cli.help.history.game"),
    ("export", "player", "cli.help.history.player"),
    ("export", "since", "cli.help.history.since"),
    ("export", "limit", "cli.help.history.limit"),
    ("export", "db", "cli.help.history.db"),
];

pub fn run(args: ExportArgs, _lang: &'static str) -> anyhow::Result<i32> {
    let filter = args.filter.filter()?;
    let mut plays = match args.db.open_existing()? {
        Some(db) => history::query::plays(&db, &filter).map_err(Error::from)?,
        None => Vec::new(),
    };
    plays.reverse();
    let text = match args.format {
        ExportFormat::Bgstats => export::bgstats(&plays),
        ExportFormat::Json => export::json(&plays),
        ExportFormat::Csv => export::csv(&plays),
    };
    emit(&text)?;
    Ok(0)
}
