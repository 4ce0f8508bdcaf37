//! `deckhand resume`: continue a saved game exactly where it stopped, whatever the game.

use clap::Args;

use crate::cli::args::{Answers, SavedGame, SavedRules};
use crate::cli::record::LiveArgs;
use crate::cli::served::ServeArgs;
use crate::cli::{coop_table, fleet_table, saves};
use crate::log::save::Setup;

#[derive(Debug, Args)]
pub struct ResumeArgs {
    #[command(flatten)]
    pub save: SavedGame,
    #[command(flatten)]
    pub answers: Answers,
    #[command(flatten)]
    pub rules: SavedRules,
    #[command(flatten)]
    pub history: LiveArgs,
    #[command(flatten)]
    pub serve: ServeArgs,
    /// Fleet: ask every decision, one answer each (see `play --ask-all`)
    #[arg(long)]
    pub ask_all: bool,
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("resume", "", "cli.help.resume.about"),
    ("resume", "file", "cli.help.save_file"),
    ("resume", "answers", "cli.help.answers"),
    ("resume", "rules", "cli.help.began_with"),
    ("resume", "allow_rules_change", "cli.help.resume.allow_rules_change"),
    ("resume", "ask_all", "cli.help.resume.ask_all"),
    ("resume", "serve", "web.help.serve"),
    ("resume", "bind", "web.help.bind"),
];

pub fn run(args: ResumeArgs, lang: &'static str) -> anyhow::Result<i32> {
    let file = args.save.file;
    let (header, _) = saves::read(&file, lang)?;
    let (answers, rules, allow) = (args.answers.answers, args.rules.rules, args.rules.allow_rules_change);
    match header.setup {
        Setup::Fischerspiel(_) if args.ask_all => {
            Err(crate::Error::Usage(crate::msg!("cli.play.flag_not_for_game", flag = "--ask-all", game = &header.game))
                .into())
        }
        Setup::Fischerspiel(_) if args.serve.serve => {
            Err(crate::Error::Usage(crate::msg!("web.serve_fleet_only", game = &header.game)).into())
        }
        Setup::Fischerspiel(_) => coop_table::resume(
            coop_table::ResumeArgs { file, answers, rules, allow_rules_change: allow, history: args.history },
            header,
            lang,
        ),
        Setup::Fleet(_) => {
            let options = fleet_table::ResumeOptions {
                path: &file,
                answers: answers.as_deref(),
                rules: rules.as_deref(),
                allow_change: allow,
                history: &args.history,
                serve: &args.serve,
                ask_all: args.ask_all,
            };
            fleet_table::resume(options, lang)
        }
    }
}
