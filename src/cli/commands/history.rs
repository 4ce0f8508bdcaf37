//! `deckhand history [--game G] [--player P] [--since DATE] [--limit N]` and
//! `deckhand history delete ID [--yes]`.

use std::io::{IsTerminal, Write as _};

use clap::{Args, Subcommand};
use serde_json::{json, Value};

use crate::cli::plays::{self, DbArgs, Stopped};
use crate::history::{self, export, Filter, HistoryError, Order, Play};
use crate::report::listing::{JsonArray, Listing, Stream};
use crate::report::Format;
use crate::text::history::{self as words, GameNames, HistoryColumn, HistorySaid, Title};
use crate::text::Lang;
use crate::Error;

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct HistoryArgs {
    #[command(subcommand)]
    pub action: Option<HistoryAction>,
    #[command(flatten)]
    pub filter: FilterArgs,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub db: DbArgs,
}

/// Which plays: shared by `history` and `export`.
#[derive(Debug, Clone, Default, Args)]
pub struct FilterArgs {
    /// Only this game (its id, see `deckhand games`)
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
    /// Only plays this player was in (any spelling of case)
    #[arg(long, value_name = "PLAYER")]
    pub player: Option<String>,
    /// Only game nights on or after this date (YYYY-MM-DD)
    #[arg(long, value_name = "DATE")]
    pub since: Option<String>,
    /// At most this many plays, the newest
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
}

impl FilterArgs {
    /// The history's filter of these flags.
    pub fn filter(&self) -> Result<Filter, Error> {
        Ok(Filter {
            game: self.game.clone(),
            player: self.player.clone(),
            since: self.since.as_deref().map(plays::parse_date).transpose()?,
            night: None,
            limit: self.limit,
            order: Order::NewestFirst,
            without_categories: false,
        })
    }
}

#[derive(Debug, Subcommand)]
pub enum HistoryAction {
    /// Remove a play recorded by mistake (asks first)
    Delete {
        /// The play's number, as `deckhand history` lists it
        #[arg(value_name = "ID")]
        id: i64,
        /// Do not ask (for scripts)
        #[arg(long)]
        yes: bool,
        #[command(flatten)]
        db: DbArgs,
    },
}

pub const HELP: &[(&str, &str, &str)] = &[
    ("history", "", "cli.help.history.about"),
    ("history", "game", "cli.help.history.game"),
    ("history", "player", "cli.help.history.player"),
    ("history", "since", "cli.help.history.since"),
    ("history", "limit", "cli.help.history.limit"),
    ("history", "format", "cli.help.score.format"),
    ("history", "db", "cli.help.history.db"),
    ("history/delete", "", "cli.help.history.delete.about"),
    ("history/delete", "id", "cli.help.history.delete.id"),
    ("history/delete", "yes", "cli.help.history.delete.yes"),
    ("history/delete", "db", "cli.help.history.db"),
];

pub fn run(args: HistoryArgs, lang: Lang) -> anyhow::Result<i32> {
    if let Some(HistoryAction::Delete { id, yes, db }) = args.action {
        return delete(id, yes, &db, lang);
    }
    // Only JSON shows the points per category.
    let filter = Filter { without_categories: args.format != Format::Json, ..args.filter.filter()? };
    let db = args.db.open_read_only()?;
    let none = || crate::ui::say(&HistorySaid::NoPlays { path: &args.db.shown() }.text(lang));
    let listed = matches!(args.format, Format::Table | Format::Markdown);
    let Some(db) = db else {
        if listed {
            none();
            return Ok(0);
        }
        return list(None, &filter, args.format, lang).map(|_| 0);
    };
    if list(Some(&db), &filter, args.format, lang)? == 0 && listed {
        // A player the history does not know is most likely a slip of the keyboard.
        let unknown = match &filter.player {
            Some(name) => history::query::unknown_player(&db, name).map_err(Error::from)?,
            None => None,
        };
        let filtered = filter.game.is_some() || filter.player.is_some() || filter.since.is_some();
        match (unknown, filtered) {
            (Some(why), _) => crate::ui::say(&crate::text::history::error(&why, lang)),
            (None, true) => crate::ui::say(&HistorySaid::NoneMatch { path: &args.db.shown() }.text(lang)),
            (None, false) => none(),
        }
    }
    Ok(0)
}

/// Write the plays as they are read (a terminal table reads them twice: its column widths
/// first); the number of plays listed.
fn list(db: Option<&history::Db>, filter: &Filter, format: Format, lang: Lang) -> anyhow::Result<usize> {
    let each = |f: &mut dyn FnMut(Play) -> Result<(), Stopped>| -> Result<(), Stopped> {
        match db {
            Some(db) => history::query::each_play(db, filter, f),
            None => Ok(()),
        }
    };
    // One read transaction: both passes see the same plays.
    let _snapshot = db.map(|db| db.snapshot()).transpose().map_err(Error::from)?;
    let out = std::io::BufWriter::new(std::io::stdout().lock());
    if format == Format::Json {
        let mut array = JsonArray::new(out);
        each(&mut |play| Ok(array.item(&export::play_json(&play))?))?;
        return Ok(array.finish()?);
    }
    let mut names = GameNames::default();
    let columns = columns(lang);
    if format == Format::Table {
        return table(each, &columns, &mut names, out, lang);
    }
    let title = Title::History.text(lang);
    let (mut out, tail) = match format {
        Format::Html => {
            let (head, tail) = crate::report::html::document_parts(&title, lang);
            let mut out = out;
            out.write_all(head.as_bytes())?;
            (out, Some(tail))
        }
        _ => (out, None),
    };
    let listed = {
        let mut stream = Stream::new(&mut out, &columns, format, tail.as_ref().map(|_| title.as_str()), None);
        each(&mut |play| Ok(stream.row(&row(&play, &mut names, lang))?))?;
        if stream.rows() == 0 && matches!(format, Format::Table | Format::Markdown) {
            return Ok(0);
        }
        stream.finish()?
    };
    if let Some(tail) = tail {
        out.write_all(tail.as_bytes())?;
    }
    out.flush()?;
    Ok(listed)
}

/// Rows a terminal table fits its columns to before it writes the first line.
const FIRST_ROWS: usize = 50;

/// A terminal table in one pass: its columns fit the first `FIRST_ROWS` plays, so the first
/// line comes at once however long the history is; a later, wider cell widens its column
/// from that row on.
fn table(
    each: impl Fn(&mut dyn FnMut(Play) -> Result<(), Stopped>) -> Result<(), Stopped>,
    columns: &Listing,
    names: &mut GameNames,
    out: impl std::io::Write,
    lang: Lang,
) -> anyhow::Result<usize> {
    // The head is written with the first row, so the columns widen freely until then.
    let mut stream = Stream::new(out, columns, Format::Table, None, None);
    let mut first = Some(Vec::with_capacity(FIRST_ROWS));
    each(&mut |play| {
        let line = row(&play, names, lang);
        stream.widen(&line);
        match first.as_mut() {
            Some(held) if held.len() + 1 < FIRST_ROWS => held.push(line),
            Some(_) => {
                for held in first.take().into_iter().flatten().chain([line]) {
                    stream.row(&held)?;
                }
            }
            None => stream.row(&line)?,
        }
        Ok(())
    })?;
    for held in first.into_iter().flatten() {
        stream.row(&held)?;
    }
    if stream.rows() == 0 {
        return Ok(0);
    }
    Ok(stream.finish()?)
}

/// The columns of the listing: number, when, game, players with their scores, result,
/// duration, where.
fn columns(lang: Lang) -> Listing {
    Listing::new(&[
        ("id", HistoryColumn::Id.text(lang)),
        ("date", HistoryColumn::Date.text(lang)),
        ("game", HistoryColumn::Game.text(lang)),
        ("players", HistoryColumn::Players.text(lang)),
        ("result", HistoryColumn::Result.text(lang)),
        ("duration", HistoryColumn::Duration.text(lang)),
        ("location", HistoryColumn::Location.text(lang)),
    ])
}

/// One play as a row of the listing.
fn row(play: &Play, names: &mut GameNames, lang: Lang) -> Vec<Value> {
    let r = &play.record;
    vec![
        json!(play.id),
        json!(words::when(r)),
        json!(names.game(&r.game_id, &r.game_name, lang)),
        json!(words::players(r)),
        json!(names.result(r, lang)),
        json!(words::duration(r.duration_s, lang)),
        json!(r.location),
    ]
}

fn delete(id: i64, yes: bool, args: &DbArgs, lang: Lang) -> anyhow::Result<i32> {
    let Some(mut db) = args.open_existing()? else {
        return Err(Error::from(HistoryError::NoSuchPlay { id }).into());
    };
    let play = history::query::play(&db, id)
        .map_err(Error::from)?
        .ok_or_else(|| Error::from(HistoryError::NoSuchPlay { id }))?;
    let mut names = GameNames::default();
    let what = words::which_play(id, &play.record, &mut names, lang);
    if !yes {
        // Never wait on a pipe: without a terminal, only --yes deletes.
        if !(std::io::stdin().is_terminal() && std::io::stderr().is_terminal()) {
            return Err(Error::Usage(crate::msg!("cli.history.delete_needs_yes", what = what)).into());
        }
        let mut prompter = crate::ui::prompter_for_in(None, "history delete", lang)?;
        let (question, [keep, delete]) = words::delete_question(&what, lang);
        if !prompter.confirm(&question, &keep, &delete)? {
            crate::ui::say(&HistorySaid::Kept(id).text(lang));
            return Ok(0);
        }
    }
    history::query::delete(&mut db, id).map_err(Error::from)?;
    crate::ui::say(&HistorySaid::Deleted(&what).text(lang));
    Ok(0)
}
