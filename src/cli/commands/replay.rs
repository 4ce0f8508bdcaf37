//! `deckhand replay`: rebuild a saved game and print its table.

use clap::Args;

use crate::cli::args::{SavedGame, SavedRules, TableArgs};
use crate::cli::saves::Reader;
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
    let (file, rules, table) = (&args.save.file, &args.rules, &args.table);
    match crate::cli::saves::reader(file)? {
        Reader::Described(header) => crate::cli::generic::replay(&args, &header, lang),
        // The Fischerspiel's state, as text only.
        Reader::Coop(header) => {
            let text_only = table.format == crate::report::Format::Table && !table.detail;
            crate::cli::fischerspiel::replay(file, &header, rules, text_only, lang)
        }
        Reader::Fleet => {
            let (given, allow) = (rules.rules.as_deref(), rules.allow_rules_change);
            crate::cli::fleet::replay(file, given, allow, table.format, table.detail, lang)
        }
    }
}
