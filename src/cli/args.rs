//! Flags shared by several commands, each defined once and flattened into the commands
//! that take it (ripgrep's one definition per flag), and the value types of flags.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::report::Format;
use crate::text::Lang;

/// The exit codes, shown under every command's help.
pub const EXIT_CODES: &str = "\
Exit codes:
  0    success (for `check`: every sheet follows the rules)
  1    rule violations found on a sheet
  2    usage or input error (bad arguments, missing or malformed file)
  130  interrupted";

/// `--lang`: the language of everything deckhand says. Its values are `Lang::ALL`'s codes,
/// so clap offers and checks exactly the languages the text layer speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LangArg(pub Lang);

impl ValueEnum for LangArg {
    fn value_variants<'a>() -> &'a [Self] {
        const VARIANTS: [LangArg; Lang::ALL.len()] = {
            let mut v = [LangArg(Lang::En); Lang::ALL.len()];
            let mut i = 0;
            while i < v.len() {
                v[i] = LangArg(Lang::ALL[i]);
                i += 1;
            }
            v
        };
        &VARIANTS
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0.code()))
    }
}

/// `--rules FILE`: a rules file of one's own instead of the built-in one.
#[derive(Debug, Args)]
pub struct RulesFile {
    /// Use this rules file instead of the built-in rules
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
}

/// `--format` and `--detail` of a final table.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Show what each category is made of
    #[arg(long)]
    pub detail: bool,
}

/// `--answers FILE`: answers from a file instead of the keyboard.
#[derive(Debug, Args)]
pub struct Answers {
    /// Read the answers from FILE, one per line (`-` for standard input)
    #[arg(long, value_name = "FILE")]
    pub answers: Option<PathBuf>,
}

/// The save file of `resume`, `replay` and `show`, and the rules it is read with.
#[derive(Debug, Args)]
pub struct SavedGame {
    /// The save file
    pub file: PathBuf,
}

/// `--rules` and `--allow-rules-change` for a saved game.
#[derive(Debug, Args)]
pub struct SavedRules {
    /// The rules file the game began with (when it was not the built-in one)
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Go on even though the rules differ from the ones the game began with
    #[arg(long)]
    pub allow_rules_change: bool,
}

/// `--dice`: typed from the table's dice, or rolled by deckhand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiceMode {
    Physical,
    Digital,
}

/// `check --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    Text,
    Json,
}
