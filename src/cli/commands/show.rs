//! `deckhand show`: the sheets of a saved game.

use clap::Args;

use crate::cli::args::{SavedGame, SavedRules};
use crate::cli::saves::Reader;
use crate::text::Lang;

#[derive(Debug, Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub save: SavedGame,
    /// Only this player's sheet
    #[arg(long)]
    pub player: Option<String>,
    #[command(flatten)]
    pub rules: SavedRules,
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("show", "", "cli.help.show.about"),
    ("show", "file", "cli.help.save_file"),
    ("show", "player", "cli.help.show.player"),
    ("show", "rules", "cli.help.began_with"),
    ("show", "allow_rules_change", "cli.help.show.allow_rules_change"),
];

pub fn run(args: ShowArgs, lang: Lang) -> anyhow::Result<i32> {
    let (file, rules) = (&args.save.file, &args.rules);
    match crate::cli::saves::reader(file)? {
        Reader::Described(header) => crate::cli::generic::show(&args, &header, lang),
        // The players share their boats: there is no one player's sheet to show.
        Reader::Coop(_) if args.player.is_some() => {
            Err(crate::Error::Usage(crate::msg!("games.fischerspiel.cmd.show_player")).into())
        }
        // The Fischerspiel's state, as text.
        Reader::Coop(header) => crate::cli::fischerspiel::replay(file, &header, rules, true, lang),
        Reader::Fleet => {
            let (given, allow) = (rules.rules.as_deref(), rules.allow_rules_change);
            crate::cli::fleet::show(file, args.player.as_deref(), given, allow, lang)
        }
    }
}
