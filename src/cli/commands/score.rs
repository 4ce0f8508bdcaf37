//! `deckhand score`: the final table of a game from its players' sheet files.

use clap::Args;

use crate::cli::args::{RulesFile, TableArgs};
use crate::cli::plays::PaperArgs;
use crate::text::Lang;

#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// Sheet files (one per player); a game id may come first, e.g. `score fleet-dice a.toml b.toml`
    #[arg(required = true, value_name = "[GAME] SHEET")]
    pub sheets: Vec<String>,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub rules: RulesFile,
    #[command(flatten)]
    pub history: PaperArgs,
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("score", "", "cli.help.score.about"),
    ("score", "sheets", "cli.help.score.sheets"),
    ("score", "format", "cli.help.score.format"),
    ("score", "detail", "cli.help.score.detail"),
    ("score", "rules", "cli.help.rules_file"),
];

pub fn run(args: ScoreArgs, lang: Lang) -> anyhow::Result<i32> {
    let (format, detail) = (args.table.format, args.table.detail);
    crate::cli::score_check::score(&args.sheets, args.rules.rules.as_deref(), format, detail, &args.history, lang)
}
