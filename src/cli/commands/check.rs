//! `deckhand check`: every rule violation on hand-filled sheets, and their true scores.

use clap::Args;

use crate::cli::args::{CheckFormat, RulesFile};
use crate::text::Lang;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Sheet files of one game (a game id may come first)
    #[arg(required = true, value_name = "[GAME] SHEET")]
    pub sheets: Vec<String>,
    /// Output format (table prints text; json lists violations)
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    pub format: CheckFormat,
    #[command(flatten)]
    pub rules: RulesFile,
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("check", "", "cli.help.check.about"),
    ("check", "sheets", "cli.help.check.sheets"),
    ("check", "format", "cli.help.check.format"),
    ("check", "rules", "cli.help.rules_file"),
];

pub fn run(args: CheckArgs, lang: Lang) -> anyhow::Result<i32> {
    crate::cli::score_check::check(&args.sheets, args.rules.rules.as_deref(), args.format, lang)
}
