//! `deckhand calc`: in-game calculators from a game's rules file.

use clap::Args;

use crate::cli::args::RulesFile;
use crate::text::Lang;
use crate::Error;

#[derive(Debug, Args)]
pub struct CalcArgs {
    /// Game id (see `deckhand games`)
    pub game: String,
    /// Calculator id (leave out to list them)
    pub calculator: Option<String>,
    /// Inputs as key=value
    #[arg(value_name = "KEY=VALUE")]
    pub inputs: Vec<String>,
    #[command(flatten)]
    pub rules: RulesFile,
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("calc", "", "cli.help.calc.about"),
    ("calc", "game", "cli.help.game_id"),
    ("calc", "calculator", "cli.help.calc.calculator"),
    ("calc", "inputs", "cli.help.calc.inputs"),
    ("calc", "rules", "cli.help.rules_file"),
];

pub fn run(args: CalcArgs, lang: Lang) -> anyhow::Result<i32> {
    let rules = crate::games::resolve(Some(&args.game), args.rules.rules.as_deref())?;
    let r = rules.endgame().ok_or_else(|| Error::Usage(crate::msg!("cli.main.no_calculators", game = args.game)))?;
    crate::cli::endgame::calc(r, args.calculator.as_deref(), &args.inputs, lang)
}
