//! `deckhand players [--format F]`: the history's players (name, plays, wins, last
//! played); `deckhand players rename OLD NEW`: correct a player's name (or merge two
//! spellings of one player into one, under NEW); `deckhand players merge FROM INTO`: every
//! play of FROM follows INTO, who keeps their name. Either way the old names stay the
//! player's.

use clap::{Args, Subcommand};
use serde_json::json;

use crate::cli::emit;
use crate::cli::plays::DbArgs;
use crate::history::{self, query::Renamed, HistoryError};
use crate::report::listing::Listing;
use crate::report::Format;
use crate::text::history::{HistoryColumn, HistorySaid, Title};
use crate::text::Lang;
use crate::Error;

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct PlayersArgs {
    #[command(subcommand)]
    pub action: Option<PlayersCommand>,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub db: DbArgs,
}

#[derive(Debug, Subcommand)]
pub enum PlayersCommand {
    /// Rename a player; when NEW is already a player, the two become one
    Rename {
        /// The name as recorded (any spelling of case)
        #[arg(value_name = "OLD")]
        old: String,
        /// The name to keep
        #[arg(value_name = "NEW")]
        new: String,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Merge two players who are one person: every play of FROM follows INTO
    Merge {
        /// The player to merge away (any spelling of case)
        #[arg(value_name = "FROM")]
        from: String,
        /// The player who stays, with their name
        #[arg(value_name = "INTO")]
        into: String,
        #[command(flatten)]
        db: DbArgs,
    },
}

pub const HELP: &[(&str, &str, &str)] = &[
    ("players", "", "cli.help.players.about"),
    ("players", "format", "cli.help.score.format"),
    ("players", "db", "cli.help.history.db"),
    ("players/rename", "", "cli.help.players.rename.about"),
    ("players/rename", "old", "cli.help.players.rename.old"),
    ("players/rename", "new", "cli.help.players.rename.new"),
    ("players/rename", "db", "cli.help.history.db"),
    ("players/merge", "", "cli.help.players.merge.about"),
    ("players/merge", "from", "cli.help.players.merge.from"),
    ("players/merge", "into", "cli.help.players.merge.into"),
    ("players/merge", "db", "cli.help.history.db"),
];

pub fn run(args: PlayersArgs, lang: Lang) -> anyhow::Result<i32> {
    let (old, new, db) = match args.action {
        None => return list(args.format, &args.db, lang),
        Some(PlayersCommand::Rename { old, new, db }) => (old, new, db),
        Some(PlayersCommand::Merge { from, into, db }) => return merge(&from, &into, &db, lang),
    };
    if new.trim().is_empty() {
        return Err(Error::Usage(crate::msg!("cli.players.empty_name")).into());
    }
    // The new name follows the rules of a name at the table (length, no control
    // characters, not a command word), so it can be played under again.
    crate::cli::saves::check_player_names(&[new.trim().to_string()]).map_err(Error::from)?;
    let Some(mut db) = db.open_existing()? else {
        return Err(Error::from(HistoryError::NoSuchPlayer { name: old, near: None }).into());
    };
    let (old, new_shown) = (old.as_str(), new.trim());
    let said = match history::query::rename(&mut db, old, &new).map_err(Error::from)? {
        Renamed::Renamed { plays } => HistorySaid::Renamed { old, new: new_shown, plays },
        Renamed::Merged { plays } => HistorySaid::Merged { old, new: new_shown, plays },
    };
    crate::ui::say(&said.text(lang));
    Ok(0)
}

/// Every player of the history: name, plays, wins, the night of their latest play.
fn list(format: Format, db: &DbArgs, lang: Lang) -> anyhow::Result<i32> {
    let players = match db.open_read_only()? {
        Some(db) => history::query::players(&db).map_err(Error::from)?,
        None => Vec::new(),
    };
    if players.is_empty() && matches!(format, Format::Table | Format::Markdown) {
        crate::ui::say(&HistorySaid::NoPlays { path: &db.shown() }.text(lang));
        return Ok(0);
    }
    let mut listing = Listing::new(&[
        ("player", HistoryColumn::Player.text(lang)),
        ("plays", HistoryColumn::Plays.text(lang)),
        ("wins", HistoryColumn::Wins.text(lang)),
        ("last_played", HistoryColumn::LastPlayed.text(lang)),
    ]);
    listing.rows = players
        .iter()
        .map(|p| vec![json!(p.name), json!(p.plays), json!(p.wins), json!(p.last.map(|d| d.to_string()))])
        .collect();
    let title = Title::Players.text(lang);
    let text = match format {
        Format::Json => serde_json::to_string_pretty(&listing.json())? + "\n",
        Format::Html => crate::report::html::document(&title, &listing.render(Format::Html, Some(&title)), lang),
        Format::Csv => listing.render(Format::Csv, None),
        format => listing.render(format, Some(&title)),
    };
    emit(&text)?;
    Ok(0)
}

fn merge(from: &str, into: &str, db: &DbArgs, lang: Lang) -> anyhow::Result<i32> {
    let Some(mut db) = db.open_existing()? else {
        return Err(Error::from(HistoryError::NoSuchPlayer { name: from.into(), near: None }).into());
    };
    let plays = history::query::merge(&mut db, from, into).map_err(Error::from)?;
    crate::ui::say(&HistorySaid::Merged { old: from, new: into, plays }.text(lang));
    Ok(0)
}
