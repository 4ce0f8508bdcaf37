//! `deckhand import SAVE…`: record finished games from their save files, replayed through
//! the same code as `resume`. A save already in the history (same content hash) is skipped,
//! so importing twice changes nothing.

use std::path::{Path, PathBuf};

use clap::Args;

use crate::cli::args::SavedRules;
use crate::cli::record::{self, DbArgs};
use crate::cli::{coop_table, fleet_table, saves};
use crate::games::fischerspiel::state::Event;
use crate::games::fleet::session::Entry;
use crate::history::{self, PlayRecord, Recorded, Source};
use crate::log::save::Setup;
use crate::log::Journal;
use crate::Error;

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// Save files written by `deckhand play`
    #[arg(required = true, value_name = "SAVE")]
    pub saves: Vec<PathBuf>,
    #[command(flatten)]
    pub rules: SavedRules,
    #[command(flatten)]
    pub db: DbArgs,
}

pub const HELP: &[(&str, &str, &str)] = &[
    ("import", "", "cli.help.import.about"),
    ("import", "saves", "cli.help.import.saves"),
    ("import", "rules", "cli.help.began_with"),
    ("import", "allow_rules_change", "cli.help.import.allow_rules_change"),
    ("import", "db", "cli.help.history.db"),
];

/// A save replayed: its play when the game is over, None when it is not.
fn play_of(path: &Path, args: &ImportArgs, lang: &'static str) -> Result<Option<PlayRecord>, Error> {
    let ended = record::modified(path);
    let io = |e: std::io::Error| Error::Read { path: path.display().to_string(), cause: e };
    let (rules_path, allow) = (args.rules.rules.as_deref(), args.rules.allow_rules_change);
    let (header, _) = saves::read(path, lang)?;
    match header.setup {
        Setup::Fischerspiel(_) => {
            let read = Journal::read::<serde_json::Value, Event>(path)?;
            let (rules, players, timeline) = coop_table::reopen(path, &header, &read.entries, rules_path, allow, lang)?;
            if timeline.current().outcome.is_none() {
                return Ok(None);
            }
            record::coop_play(&rules, &header, players, timeline.current(), path, ended, Source::Import)
                .map(Some)
                .map_err(io)
        }
        Setup::Fleet(_) => {
            let read = Journal::read::<serde_json::Value, Entry>(path)?;
            let (rules, header, _, session) =
                fleet_table::reopen(path, &read.header, &read.entries, rules_path, allow, lang)?;
            if !session.game.finished() {
                return Ok(None);
            }
            record::fleet_play(&rules, &session, &header, path, ended, Source::Import).map(Some).map_err(io)
        }
    }
}

pub fn run(args: ImportArgs, lang: &'static str) -> anyhow::Result<i32> {
    let mut db = args.db.open()?;
    let mut failed = 0;
    for path in &args.saves {
        let file = crate::text::escape_controls(&path.display().to_string()).into_owned();
        match play_of(path, &args, lang) {
            Ok(Some(play)) => match history::record::record(&mut db, &play).map_err(Error::from)? {
                Recorded::New(id) => crate::ui::say(&crate::t!(lang, "cli.import.recorded", file = file, id = id)),
                Recorded::AlreadyRecorded(id) => {
                    crate::ui::say(&crate::t!(lang, "cli.import.already", file = file, id = id))
                }
            },
            Ok(None) => crate::ui::say(&crate::t!(lang, "cli.import.unfinished", file = file)),
            Err(e) => {
                failed += 1;
                crate::ui::say(&format!("deckhand: {}", e.message(lang)));
            }
        }
    }
    if failed > 0 {
        return Err(Error::Usage(crate::msg!("cli.import.failed", n = failed)).into());
    }
    Ok(0)
}
