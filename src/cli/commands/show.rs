//! `deckhand show`: the sheets of a saved game.

use clap::Args;

use crate::cli::args::{SavedGame, SavedRules};
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
    // The five-dice game (any game played through the generic table) has its own.
    if let Some(header) = crate::cli::commands::advise::other_game(&args.save.file)? {
        return crate::cli::generic::show(&args, &header, lang);
    }
    // The Fischerspiel's state, as text.
    if let Some(header) = crate::cli::commands::advise::fischerspiel_save(&args.save.file)? {
        // The players share their boats: there is no one player's sheet to show.
        if args.player.is_some() {
            return Err(crate::Error::Usage(crate::msg!("games.fischerspiel.cmd.show_player")).into());
        }
        return crate::cli::fischerspiel::replay(&args.save.file, &header, &args.rules, true, lang);
    }
    let rules = &args.rules;
    crate::cli::fleet::show(
        &args.save.file,
        args.player.as_deref(),
        rules.rules.as_deref(),
        rules.allow_rules_change,
        lang,
    )
}
