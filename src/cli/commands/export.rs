//! `deckhand export --format bgstats|json|csv|deckhand|bgstats-link`: every recorded play
//! (or those the filters select), oldest first, on standard output, written as it is read.
//! `deckhand` is the lossless export `import` reads back (in the order the plays were
//! recorded); `bgstats-link` one link per play, newest first, that opens it in BG Stats.

use clap::{Args, ValueEnum};

use super::history::FilterArgs;
use std::io::Write as _;

use crate::cli::plays::{DbArgs, Stopped};
use crate::history::{self, export, transfer, Filter, Order, Play};
use crate::report::listing::JsonArray;
use crate::text::Lang;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    // No doc comments: clap would show them untranslated; `--format`'s help says it all.
    Bgstats,
    Json,
    Csv,
    Deckhand,
    BgstatsLink,
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

pub fn run(args: ExportArgs, _lang: Lang) -> anyhow::Result<i32> {
    let order = match args.format {
        ExportFormat::Deckhand => Order::Recorded,
        // Links are for tapping: the latest play first.
        ExportFormat::BgstatsLink => Order::NewestFirst,
        _ => Order::OldestFirst,
    };
    let filter = Filter { order, ..args.filter.filter()? };
    let db = args.db.open_read_only()?;
    let each = |f: &mut dyn FnMut(Play) -> Result<(), Stopped>| -> Result<(), Stopped> {
        match &db {
            Some(db) => history::query::each_play(db, &filter, f),
            None => Ok(()),
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match args.format {
        ExportFormat::Bgstats | ExportFormat::Json => {
            let mut array = JsonArray::new(&mut out);
            let json = if args.format == ExportFormat::Json { export::play_json } else { export::bgstats_play };
            each(&mut |play| Ok(array.item(&json(&play))?))?;
            array.finish()?;
        }
        ExportFormat::BgstatsLink => {
            each(&mut |play| Ok(writeln!(out, "{}", export::bgstats_link(&play))?))?;
        }
        ExportFormat::Deckhand => {
            out.write_all(transfer::head().as_bytes())?;
            each(&mut |play| Ok(out.write_all(transfer::play_line(&play).as_bytes())?))?;
        }
        ExportFormat::Csv => {
            out.write_all(export::CSV_HEADER.as_bytes())?;
            each(&mut |play| Ok(out.write_all(export::csv_rows(&play).as_bytes())?))?;
        }
    }
    out.flush()?;
    Ok(0)
}
