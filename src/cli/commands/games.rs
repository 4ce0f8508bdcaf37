//! `deckhand games`: the games deckhand knows.

use clap::Args;

use crate::text::Lang;

#[derive(Debug, Args)]
pub struct GamesArgs {}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[("games", "", "cli.help.games.about")];

pub fn run(_args: GamesArgs, lang: Lang) -> anyhow::Result<i32> {
    crate::cli::commands::rules::games(lang)
}
