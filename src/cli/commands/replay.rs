//! `deckhand replay`: rebuild a saved game and print its table.

use clap::Args;

use crate::cli::args::{SavedGame, SavedRules, TableArgs};
use crate::text::Lang;

#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub save: SavedGame,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub rules: SavedRules,
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("replay", "", "cli.help.replay.about"),
    ("replay", "file", "cli.help.save_file"),
    ("replay", "format", "cli.help.score.format"),
    ("replay", "detail", "cli.help.score.detail"),
    ("replay", "rules", "cli.help.began_with"),
    ("replay", "allow_rules_change", "cli.help.replay.allow_rules_change"),
];

pub fn run(args: ReplayArgs, lang: Lang) -> anyhow::Result<i32> {
    // The five-dice game (any game played through the generic table) has its own.
    if let Some(header) = crate::cli::commands::advise::other_game(&args.save.file)? {
        return crate::cli::generic::replay(&args, &header, lang);
    }
    // The Fischerspiel's state, as text.
    if let Some(header) = crate::cli::commands::advise::fischerspiel_save(&args.save.file)? {
        return crate::cli::fischerspiel::replay(
            &args.save.file,
            &header,
            &args.rules,
            args.table.format == crate::report::Format::Table && !args.table.detail,
            lang,
        );
    }
    let rules = &args.rules;
    crate::cli::fleet::replay(
        &args.save.file,
        rules.rules.as_deref(),
        rules.allow_rules_change,
        args.table.format,
        args.table.detail,
        lang,
    )
}
