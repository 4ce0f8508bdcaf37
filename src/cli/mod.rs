//! Command layer: clap definitions, dispatch, exit codes. Errors become messages here
//! (`anyhow` with context, printed with `{:#}`); everything below returns typed errors.

mod cards;
mod coop;
mod endgame;
mod enter;
pub mod interrupt;
mod nauticus;
mod play;
mod rules_cmd;
mod saves;
// `--serve` (issue #15): the table on the players' phones.
mod served;
mod sheets;

use std::io::Write;
use std::path::PathBuf;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use crate::report::Format;
use crate::Error;

const EXIT_CODES: &str = "\
Exit codes:
  0    success (for `check`: every sheet follows the rules)
  1    rule violations found on a sheet
  2    usage or input error (bad arguments, missing or malformed file)
  130  interrupted";

#[derive(Debug, Parser)]
#[command(
    name = "deckhand",
    version,
    about = "Scoring and rules assistant for roll-and-write board-game nights",
    long_about = "deckhand keeps the score of printed roll-and-write games: it checks hand-filled \
                  sheets against the rules, prints the final table, and knows each game's rules \
                  from a TOML file (built in, or your own with --rules).",
    after_help = EXIT_CODES,
    after_long_help = EXIT_CODES
)]
pub struct Cli {
    /// Language of everything deckhand says (default: from LC_ALL, LC_MESSAGES or LANG, else English)
    #[arg(long, global = true, value_enum)]
    pub lang: Option<Lang>,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Lang {
    En,
    De,
    Fr,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the final table of a game from its players' sheet files
    #[command(after_help = EXIT_CODES)]
    Score {
        /// Sheet files (one per player); a game id may come first, e.g. `score fleet-dice a.toml b.toml`
        #[arg(required = true, value_name = "[GAME] SHEET")]
        sheets: Vec<String>,
        /// Output format
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
        /// Show what each category is made of
        #[arg(long)]
        detail: bool,
        /// Use this rules file instead of the built-in rules
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
    },
    /// List every rule violation on hand-filled sheets of one game, and their true scores
    #[command(after_help = EXIT_CODES)]
    Check {
        /// Sheet files of one game (a game id may come first)
        #[arg(required = true, value_name = "[GAME] SHEET")]
        sheets: Vec<String>,
        /// Output format (table prints text; json lists violations)
        #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
        format: CheckFormat,
        /// Use this rules file instead of the built-in rules
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
    },
    /// Type in a paper sheet, section by section; saves after every section and resumes
    #[command(after_help = EXIT_CODES)]
    Enter {
        /// Game id (see `deckhand games`)
        game: String,
        /// The player's name
        #[arg(long)]
        player: String,
        /// Sheet file to write (an unfinished one is resumed)
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
        /// Read the answers from FILE, one per line (`-` for standard input)
        #[arg(long, value_name = "FILE")]
        answers: Option<PathBuf>,
        /// Mark the sheet as a solo game against Captain Ruth
        #[arg(long)]
        solo: bool,
        /// Use this rules file instead of the built-in rules
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
    },
    /// Track a live game at the table: dice, picks, every bonus, undo; saved after every decision
    #[command(after_help = EXIT_CODES)]
    Play {
        /// Game id (see `deckhand games`)
        game: String,
        /// Fleet: player names in seating order, `--players Ann,Bob,Cy` (one name: solo);
        /// fischerspiel: the number of players, `--players 3`
        #[arg(long, value_delimiter = ',')]
        players: Vec<String>,
        /// Solo game against Captain Ruth (one player, 8 rounds)
        #[arg(long)]
        solo: bool,
        /// Play with captain cards instead of the start roll
        #[arg(long)]
        captains: bool,
        /// Play with one gold and one silver trophy card
        #[arg(long)]
        trophies: bool,
        /// Type the faces of the physical dice, or let deckhand roll
        #[arg(long, value_enum, default_value_t = DiceMode::Physical)]
        dice: DiceMode,
        /// Seed for digital dice (a game with the same seed and decisions rolls the same)
        #[arg(long)]
        seed: Option<u64>,
        /// Save file (Fleet default: fleet-DATE-TIME.jsonl; fischerspiel: fischerspiel.jsonl);
        /// an existing file is never overwritten
        #[arg(long, short = 'o', visible_alias = "output", value_name = "FILE")]
        save: Option<PathBuf>,
        /// Rules variant (fischerspiel: base, strategy1, strategy2)
        #[arg(long)]
        variant: Option<String>,
        /// Fischerspiel: the boats in play, e.g. `--boats red,grey` (default: the rulebook's first set)
        #[arg(long, value_delimiter = ',')]
        boats: Option<Vec<String>>,
        /// Fischerspiel: a fish mix of your own, e.g. `--fish small=2,medium=6,large=1`
        #[arg(long, value_delimiter = ',')]
        fish: Option<Vec<String>>,
        /// Read the answers from FILE, one per line (`-` for standard input)
        #[arg(long, value_name = "FILE")]
        answers: Option<PathBuf>,
        /// Use this rules file instead of the built-in rules
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
        #[command(flatten)]
        serve: served::ServeArgs,
    },
    /// Continue a saved game exactly where it stopped (after a crash, too)
    #[command(after_help = EXIT_CODES)]
    Resume {
        /// The save file
        file: PathBuf,
        /// Read the answers from FILE, one per line (`-` for standard input)
        #[arg(long, value_name = "FILE")]
        answers: Option<PathBuf>,
        /// The rules file the game began with (when it was not the built-in one)
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
        /// Continue even though the rules differ from the ones the game began with
        #[arg(long)]
        allow_rules_change: bool,
        #[command(flatten)]
        serve: served::ServeArgs,
    },
    /// Rebuild a saved game and print its table (the final one when it is over)
    Replay {
        /// The save file
        file: PathBuf,
        /// Output format
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
        /// Show what each category is made of
        #[arg(long)]
        detail: bool,
        /// The rules file the game began with (when it was not the built-in one)
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
        /// Replay even though the rules differ from the ones the game began with
        #[arg(long)]
        allow_rules_change: bool,
    },
    /// Print the sheets of a saved game as text
    Show {
        /// The save file
        file: PathBuf,
        /// Only this player's sheet
        #[arg(long)]
        player: Option<String>,
        /// The rules file the game began with (when it was not the built-in one)
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
        /// Show even though the rules differ from the ones the game began with
        #[arg(long)]
        allow_rules_change: bool,
    },
    /// Show, check or export a game's rules file
    #[command(subcommand)]
    Rules(RulesCommand),
    // -- Games beyond Fleet: calculators and table helpers. --
    /// In-game calculators from a game's rules file, e.g. `calc titania starfish depicted=3 built=4`
    #[command(after_help = EXIT_CODES)]
    Calc {
        /// Game id (see `deckhand games`)
        game: String,
        /// Calculator id (leave out to list them)
        calculator: Option<String>,
        /// Inputs as key=value
        #[arg(value_name = "KEY=VALUE")]
        inputs: Vec<String>,
        /// Use this rules file instead of the built-in rules
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
    },
    /// Nauticus at the table: crown scoring, pass penalties, purchases, ship rewards
    #[command(after_help = EXIT_CODES)]
    Nauticus(nauticus::NauticusArgs),
    /// List the games deckhand knows
    Games,
    /// Print a shell completion script
    Completions {
        /// The shell to write the script for
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff)
    Man,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiceMode {
    Physical,
    Digital,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    Text,
    Json,
}

#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Print a game's reference card
    Show {
        /// Game id (see `deckhand games`)
        game: Option<String>,
        /// List every value the rulebooks do not state (sheet layout guesses to check against your pad)
        #[arg(long)]
        provisional: bool,
        /// Use this rules file instead of the built-in rules
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
    },
    /// Check a rules file: every syntax and meaning error with file:line:column
    #[command(after_help = EXIT_CODES)]
    Check {
        /// The rules file
        file: PathBuf,
    },
    /// Print a built-in rules file, to copy and adjust to your own pad
    Export {
        /// Game id
        game: String,
    },
}

/// Parse the command line, run, and turn the outcome into an exit code.
pub fn main() -> i32 {
    let lang = lang_from_args();
    let matches = match localized_command(lang).try_get_matches() {
        Ok(m) => m,
        Err(e) => clap_exit(e, lang),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    interrupt::install_in(lang);
    match run(cli) {
        Ok(code) => code,
        Err(err) => {
            if is_broken_pipe(&err) {
                return 0;
            }
            let code = err.downcast_ref::<Error>().map_or(2, Error::exit_code);
            say(&format!("deckhand: {}", error_text(&err, lang)));
            code
        }
    }
}

/// Print a command-line error (or the help or version asked for) and exit, like
/// `clap::Error::exit`, but with clap's own sentences in `lang`.
fn clap_exit(e: clap::Error, lang: &str) -> ! {
    use clap::error::ErrorKind;
    let shown_as_is = matches!(
        e.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if lang == "en" || shown_as_is {
        e.exit();
    }
    match clap_error_text(&e, lang) {
        Some(text) => {
            crate::ui::write_stderr(&text);
            std::process::exit(e.exit_code());
        }
        None => e.exit(),
    }
}

/// clap's error message rebuilt from its parts, in `lang` (None for kinds we do not know:
/// those are shown as clap writes them). Free-form tips are left out; the "did you mean"
/// ones are kept.
fn clap_error_text(e: &clap::Error, lang: &str) -> Option<String> {
    use clap::error::{ContextKind as K, ContextValue as V, ErrorKind};
    let one = |k: K| match e.get(k) {
        Some(V::String(s)) => Some(s.clone()),
        _ => None,
    };
    let many = |k: K| match e.get(k) {
        Some(V::Strings(v)) => Some(v.clone()),
        Some(V::String(s)) => Some(vec![s.clone()]),
        _ => None,
    };
    let number = |k: K| match e.get(k) {
        Some(V::Number(n)) => Some(*n),
        _ => None,
    };
    let quoted = |v: &[String]| v.iter().map(|p| format!("'{p}'")).collect::<Vec<_>>().join(", ");
    let mut text = match e.kind() {
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            let (arg, value) = (one(K::InvalidArg)?, one(K::InvalidValue)?);
            let mut text = if value.is_empty() {
                crate::t!(lang, "cli.clap.err.value_required", arg = arg)
            } else {
                crate::t!(lang, "cli.clap.err.invalid_value", value = value, arg = arg)
            };
            if let Some(source) = std::error::Error::source(e) {
                let why = match source.downcast_ref::<std::num::ParseIntError>().map(|p| p.kind()) {
                    Some(std::num::IntErrorKind::Empty) => crate::t!(lang, "cli.clap.err.int_empty"),
                    Some(std::num::IntErrorKind::PosOverflow) => crate::t!(lang, "cli.clap.err.int_too_large"),
                    Some(std::num::IntErrorKind::NegOverflow) => crate::t!(lang, "cli.clap.err.int_too_small"),
                    Some(_) => crate::t!(lang, "cli.clap.err.int_invalid"),
                    None => source.to_string(),
                };
                text.push_str(&format!(": {why}"));
            }
            if let Some(values) = many(K::ValidValue).filter(|v| !v.is_empty()) {
                text.push_str(&format!("\n  {}", crate::t!(lang, "cli.clap.possible", list = values.join(", "))));
            }
            text
        }
        ErrorKind::UnknownArgument => crate::t!(lang, "cli.clap.err.unknown_argument", arg = one(K::InvalidArg)?),
        ErrorKind::InvalidSubcommand => {
            crate::t!(lang, "cli.clap.err.unknown_subcommand", name = one(K::InvalidSubcommand)?)
        }
        ErrorKind::MissingRequiredArgument => {
            let mut text = crate::t!(lang, "cli.clap.err.missing");
            for arg in many(K::InvalidArg)? {
                text.push_str(&format!("\n  {arg}"));
            }
            text
        }
        ErrorKind::MissingSubcommand => {
            let mut text = crate::t!(lang, "cli.clap.err.missing_subcommand", name = one(K::InvalidSubcommand)?);
            if let Some(subs) = many(K::ValidSubcommand).filter(|v| !v.is_empty()) {
                text.push_str(&format!("\n  {}", crate::t!(lang, "cli.clap.err.subcommands", list = subs.join(", "))));
            }
            text
        }
        ErrorKind::ArgumentConflict => {
            let arg = one(K::InvalidArg)?;
            match many(K::PriorArg) {
                Some(prior) if prior == [arg.clone()] => crate::t!(lang, "cli.clap.err.repeated", arg = arg),
                Some(prior) => crate::t!(lang, "cli.clap.err.conflict", arg = arg, other = quoted(&prior)),
                None => return None,
            }
        }
        ErrorKind::NoEquals => crate::t!(lang, "cli.clap.err.no_equals", arg = one(K::InvalidArg)?),
        ErrorKind::TooManyValues => {
            crate::t!(lang, "cli.clap.err.too_many", value = one(K::InvalidValue)?, arg = one(K::InvalidArg)?)
        }
        ErrorKind::TooFewValues => crate::t!(
            lang,
            "cli.clap.err.too_few",
            min = number(K::MinValues)?,
            arg = one(K::InvalidArg)?,
            n = number(K::ActualNumValues)?
        ),
        ErrorKind::WrongNumberOfValues => crate::t!(
            lang,
            "cli.clap.err.wrong_number",
            expected = number(K::ExpectedNumValues)?,
            arg = one(K::InvalidArg)?,
            n = number(K::ActualNumValues)?
        ),
        _ => return None,
    };
    let mut tips = Vec::new();
    if let Some(names) = many(K::SuggestedSubcommand) {
        tips.push(crate::t!(lang, "cli.clap.err.similar_subcommand", name = names.join("', '")));
    }
    if let Some(names) = many(K::SuggestedArg) {
        tips.push(crate::t!(lang, "cli.clap.err.similar_argument", name = names.join("', '")));
    }
    if let Some(names) = many(K::SuggestedValue) {
        tips.push(crate::t!(lang, "cli.clap.err.similar_value", name = names.join("', '")));
    }
    if !tips.is_empty() {
        text.push('\n');
        for tip in tips {
            text.push_str(&format!("\n  {tip}"));
        }
    }
    if let Some(V::StyledStr(usage)) = e.get(K::Usage) {
        let usage = usage.to_string();
        let usage = usage.split_once(' ').map_or(usage.as_str(), |(_, u)| u);
        text.push_str(&format!("\n\n{} {usage}", crate::t!(lang, "cli.clap.usage")));
    }
    text.push_str(&format!("\n\n{}\n", crate::t!(lang, "cli.clap.err.try_help", flag = "--help")));
    Some(format!("{}{text}", crate::t!(lang, "cli.clap.err.prefix")))
}

/// An error as `{:#}` shows it (each context, then the cause, joined by ": "), with our
/// own errors in `lang`. Messages of the operating system and of other crates stay as
/// they come.
fn error_text(err: &anyhow::Error, lang: &str) -> String {
    let parts: Vec<String> = err
        .chain()
        .map(|e| match e.downcast_ref::<Error>() {
            Some(ours) => ours.message(lang),
            None => e.to_string(),
        })
        .collect();
    parts.join(": ")
}

/// The language before clap parses (for `--help`): `--lang X` or `--lang=X` on the command
/// line, else the environment.
fn lang_from_args() -> &'static str {
    let args: Vec<String> = std::env::args().collect();
    let mut value = None;
    for (i, a) in args.iter().enumerate() {
        if a == "--" {
            break;
        }
        if let Some(v) = a.strip_prefix("--lang=") {
            value = Some(v.to_string());
        } else if a == "--lang" {
            value = args.get(i + 1).cloned();
        }
    }
    match value.as_deref() {
        Some(v) => crate::text::LANGS.iter().find(|l| **l == v).copied().unwrap_or("en"),
        None => crate::text::from_env(),
    }
}

/// Help texts: (subcommand path, argument id or "" for the subcommand's about, catalog key).
const HELP: &[(&str, &str, &str)] = &[
    ("", "", "cli.help.about"),
    ("", "lang", "cli.help.lang"),
    ("score", "", "cli.help.score.about"),
    ("score", "sheets", "cli.help.score.sheets"),
    ("score", "format", "cli.help.score.format"),
    ("score", "detail", "cli.help.score.detail"),
    ("score", "rules", "cli.help.rules_file"),
    ("check", "", "cli.help.check.about"),
    ("check", "sheets", "cli.help.check.sheets"),
    ("check", "format", "cli.help.check.format"),
    ("check", "rules", "cli.help.rules_file"),
    ("enter", "", "cli.help.enter.about"),
    ("enter", "game", "cli.help.game_id"),
    ("enter", "player", "cli.help.enter.player"),
    ("enter", "output", "cli.help.enter.output"),
    ("enter", "answers", "cli.help.answers"),
    ("enter", "solo", "cli.help.enter.solo"),
    ("enter", "rules", "cli.help.rules_file"),
    ("play", "", "cli.help.play.about"),
    ("play", "game", "cli.help.game_id"),
    ("play", "players", "cli.help.play.players"),
    ("play", "solo", "cli.help.play.solo"),
    ("play", "captains", "cli.help.play.captains"),
    ("play", "trophies", "cli.help.play.trophies"),
    ("play", "dice", "cli.help.play.dice"),
    ("play", "seed", "cli.help.play.seed"),
    ("play", "save", "cli.help.play.save"),
    ("play", "variant", "cli.help.play.variant"),
    ("play", "boats", "cli.help.play.boats"),
    ("play", "fish", "cli.help.play.fish"),
    ("play", "answers", "cli.help.answers"),
    ("play", "rules", "cli.help.rules_file"),
    ("play", "serve", "web.help.serve"),
    ("play", "bind", "web.help.bind"),
    ("resume", "", "cli.help.resume.about"),
    ("resume", "file", "cli.help.save_file"),
    ("resume", "answers", "cli.help.answers"),
    ("resume", "rules", "cli.help.began_with"),
    ("resume", "allow_rules_change", "cli.help.resume.allow_rules_change"),
    ("resume", "serve", "web.help.serve"),
    ("resume", "bind", "web.help.bind"),
    ("replay", "", "cli.help.replay.about"),
    ("replay", "file", "cli.help.save_file"),
    ("replay", "format", "cli.help.score.format"),
    ("replay", "detail", "cli.help.score.detail"),
    ("replay", "rules", "cli.help.began_with"),
    ("replay", "allow_rules_change", "cli.help.replay.allow_rules_change"),
    ("show", "", "cli.help.show.about"),
    ("show", "file", "cli.help.save_file"),
    ("show", "player", "cli.help.show.player"),
    ("show", "rules", "cli.help.began_with"),
    ("show", "allow_rules_change", "cli.help.show.allow_rules_change"),
    ("rules", "", "cli.help.rules.about"),
    ("rules/show", "", "cli.help.rules.show.about"),
    ("rules/show", "game", "cli.help.game_id"),
    ("rules/show", "provisional", "cli.help.rules.show.provisional"),
    ("rules/show", "rules", "cli.help.rules_file"),
    ("rules/check", "", "cli.help.rules.check.about"),
    ("rules/check", "file", "cli.help.rules.check.file"),
    ("rules/export", "", "cli.help.rules.export.about"),
    ("rules/export", "game", "cli.help.rules.export.game"),
    ("calc", "", "cli.help.calc.about"),
    ("calc", "game", "cli.help.game_id"),
    ("calc", "calculator", "cli.help.calc.calculator"),
    ("calc", "inputs", "cli.help.calc.inputs"),
    ("calc", "rules", "cli.help.rules_file"),
    ("nauticus", "", "cli.help.nauticus.about"),
    ("nauticus", "rules", "cli.help.nauticus.rules"),
    ("nauticus/crowns", "", "cli.help.nauticus.crowns.about"),
    ("nauticus/crowns", "crowns", "cli.help.nauticus.crowns.crowns"),
    ("nauticus/crowns", "crown_masts", "cli.help.nauticus.crowns.crown_masts"),
    ("nauticus/crowns", "crown_sails", "cli.help.nauticus.crowns.crown_sails"),
    ("nauticus/crowns", "passed", "cli.help.nauticus.crowns.passed"),
    ("nauticus/crowns", "workers", "cli.help.nauticus.crowns.workers"),
    ("nauticus/crowns", "blue", "cli.help.nauticus.crowns.blue"),
    ("nauticus/crowns", "extra", "cli.help.nauticus.crowns.extra"),
    ("nauticus/pass", "", "cli.help.nauticus.pass.about"),
    ("nauticus/pass", "passes", "cli.help.nauticus.pass.passes"),
    ("nauticus/pass", "flipped", "cli.help.nauticus.pass.flipped"),
    ("nauticus/pass", "track", "cli.help.nauticus.pass.track"),
    ("nauticus/buy", "", "cli.help.nauticus.buy.about"),
    ("nauticus/buy", "action", "cli.help.nauticus.buy.action"),
    ("nauticus/buy", "prices", "cli.help.nauticus.buy.prices"),
    ("nauticus/buy", "items", "cli.help.nauticus.buy.items"),
    ("nauticus/buy", "blue", "cli.help.nauticus.buy.blue"),
    ("nauticus/buy", "extra", "cli.help.nauticus.buy.extra"),
    ("nauticus/buy", "free", "cli.help.nauticus.buy.free"),
    ("nauticus/rewards", "", "cli.help.nauticus.rewards.about"),
    ("nauticus/rewards", "masts", "cli.help.nauticus.rewards.masts"),
    ("nauticus/rewards", "take", "cli.help.nauticus.rewards.take"),
    ("games", "", "cli.help.games.about"),
    ("completions", "", "cli.help.completions.about"),
    ("completions", "shell", "cli.help.completions.shell"),
    ("man", "", "cli.help.man.about"),
];

fn localize(mut cmd: clap::Command, path: &[&str], lang: &'static str) -> clap::Command {
    let here = path.join("/");
    for (sub, arg, key) in HELP.iter().filter(|(sub, _, _)| *sub == here) {
        let _ = sub;
        let text = crate::text::tr(lang, key, &[]);
        if arg.is_empty() {
            cmd = cmd.about(text.clone());
            if cmd.get_long_about().is_some() {
                cmd = cmd.long_about(crate::text::tr(lang, "cli.help.long_about", &[]));
            }
        } else {
            cmd = cmd.mut_arg(*arg, |a| {
                let a = a.help(text.clone());
                if a.get_long_help().is_some() {
                    a.long_help(text.clone())
                } else {
                    a
                }
            });
        }
    }
    let ids: Vec<String> = cmd.get_arguments().map(|a| a.get_id().to_string()).collect();
    for id in ids {
        cmd = cmd.mut_arg(id, |a| value_name(a, lang));
    }
    if cmd.has_subcommands() {
        cmd = cmd.subcommand_value_name(String::leak(crate::t!(lang, "cli.clap.value.command")) as &str);
    }
    if cmd.get_after_help().is_some() {
        // Only where English has a long form too: clap lays out the whole help on long
        // lines as soon as a command has any long text.
        let exit = crate::text::tr(lang, "cli.help.exit_codes", &[]);
        if cmd.get_after_long_help().is_some() {
            cmd = cmd.after_long_help(exit.clone());
        }
        cmd = cmd.after_help(exit);
    }
    cmd = clap_words(cmd, path.is_empty(), lang);
    let names: Vec<String> = cmd.get_subcommands().map(|c| c.get_name().to_string()).collect();
    for name in names {
        let mut sub_path = path.to_vec();
        sub_path.push(&name);
        let sub_path: Vec<&str> = sub_path;
        cmd = cmd.mut_subcommand(name.as_str(), |c| localize(c, &sub_path, lang));
    }
    cmd
}

/// clap's own words in `--help` (headings, `--help`/`--version`) in `lang`.
fn clap_words(mut cmd: clap::Command, root: bool, lang: &'static str) -> clap::Command {
    // clap (without its `string` feature) takes headings as `&'static str`: a few short
    // strings per command, leaked once per run, before parsing.
    let options: &'static str = String::leak(crate::t!(lang, "cli.clap.options"));
    let arguments: &'static str = String::leak(crate::t!(lang, "cli.clap.arguments"));
    let template = format!(
        "{{before-help}}{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
        crate::t!(lang, "cli.clap.usage")
    );
    cmd =
        cmd.help_template(template).subcommand_help_heading(String::leak(crate::t!(lang, "cli.clap.commands")) as &str);
    let ids: Vec<String> = cmd.get_arguments().map(|a| a.get_id().to_string()).collect();
    for id in ids {
        cmd = cmd.mut_arg(id, |a| {
            if a.get_help_heading().is_some() {
                a
            } else if a.is_positional() {
                a.help_heading(arguments)
            } else {
                a.help_heading(options)
            }
        });
    }
    cmd = cmd.disable_help_flag(true).arg(
        clap::Arg::new("help")
            .short('h')
            .long("help")
            .action(clap::ArgAction::Help)
            .help(crate::t!(lang, "cli.clap.print_help"))
            .help_heading(options),
    );
    if root {
        cmd = cmd.disable_version_flag(true).arg(
            clap::Arg::new("version")
                .short('V')
                .long("version")
                .action(clap::ArgAction::Version)
                .help(crate::t!(lang, "cli.clap.print_version"))
                .help_heading(options),
        );
    }
    cmd
}

/// The placeholders of values (`<FILE>`, `[GAME] SHEET`) in a language; clap shows an
/// argument without a value name as its id in capitals.
const VALUE_NAMES: &[(&str, &str)] = &[
    ("FILE", "cli.clap.value.file"),
    ("GAME", "cli.clap.value.game"),
    ("[GAME] SHEET", "cli.clap.value.game_sheet"),
    ("KEY=VALUE", "cli.clap.value.key_value"),
    ("LANG", "cli.clap.value.lang"),
    ("FORMAT", "cli.clap.value.format"),
    ("PLAYER", "cli.clap.value.player"),
    ("PLAYERS", "cli.clap.value.players"),
    ("DICE", "cli.clap.value.dice"),
    ("SEED", "cli.clap.value.seed"),
    ("VARIANT", "cli.clap.value.variant"),
    ("BOATS", "cli.clap.value.boats"),
    ("FISH", "cli.clap.value.fish"),
    ("CALCULATOR", "cli.clap.value.calculator"),
    ("SHELL", "cli.clap.value.shell"),
    ("COMMAND", "cli.clap.value.command"),
    ("CROWNS", "cli.clap.value.crowns"),
    ("CROWN_MASTS", "cli.clap.value.crown_masts"),
    ("CROWN_SAILS", "cli.clap.value.crown_sails"),
    ("PASSED", "cli.clap.value.passed"),
    ("WORKERS", "cli.clap.value.workers"),
    ("BLUE", "cli.clap.value.blue"),
    ("PASSES", "cli.clap.value.passes"),
    ("FLIPPED", "cli.clap.value.flipped"),
    ("TRACK", "cli.clap.value.track"),
    ("ACTION", "cli.clap.value.action"),
    ("PRICES", "cli.clap.value.prices"),
    ("ITEMS", "cli.clap.value.items"),
    ("FREE", "cli.clap.value.free"),
    ("MASTS", "cli.clap.value.masts"),
    ("TAKE", "cli.clap.value.take"),
    ("ADDR[:PORT]", "web.help.value_bind"),
];

/// An argument's value placeholder in `lang`.
fn value_name(a: clap::Arg, lang: &'static str) -> clap::Arg {
    if !a.get_action().takes_values() {
        return a;
    }
    let shown = match a.get_value_names() {
        Some(names) => names.iter().map(|n| n.as_str()).collect::<Vec<_>>().join(" "),
        None => a.get_id().as_str().to_uppercase(),
    };
    match VALUE_NAMES.iter().find(|(en, _)| *en == shown) {
        Some((_, key)) => a.value_name(String::leak(crate::text::tr(lang, key, &[])) as &str),
        None => a,
    }
}

/// clap's own words that exist only once the command is built (its `help` subcommands, the
/// global arguments copied into every subcommand) or that it writes itself (`[default: …]`,
/// `[possible values: …]`, `[alias: …]`, `[OPTIONS]` in the usage line), in `lang`.
fn localize_built(mut cmd: clap::Command, lang: &'static str) -> clap::Command {
    // clap lays out a command's help on long lines when any argument has a long help (it
    // decides once, while building); the values go where clap would put them.
    let long = cmd.get_long_about().is_some()
        || cmd.get_after_long_help().is_some()
        || cmd.get_before_long_help().is_some()
        || cmd.get_arguments().any(|a| !a.is_hide_set() && a.get_long_help().is_some());
    let ids: Vec<String> = cmd.get_arguments().map(|a| a.get_id().to_string()).collect();
    for id in ids {
        cmd = cmd.mut_arg(id, |a| value_specs(a, long, lang));
    }
    let names: Vec<String> = cmd.get_subcommands().map(|c| c.get_name().to_string()).collect();
    for name in names {
        cmd = cmd.mut_subcommand(name.as_str(), |c| {
            if name == "help" {
                help_subcommand(c, lang)
            } else {
                localize_built(c, lang)
            }
        });
    }
    let usage = cmd.render_usage().to_string();
    let usage = usage.split_once(' ').map_or(usage.as_str(), |(_, u)| u).trim_end();
    let usage = usage.replace("[OPTIONS]", &crate::t!(lang, "cli.clap.options_tag"));
    cmd.override_usage(usage)
}

/// `[default: …]`, `[alias: …]` and `[possible values: …]` of an argument, in `lang`, added
/// to its help the way clap would (after the text, or on lines of their own in long help).
fn value_specs(a: clap::Arg, long: bool, lang: &'static str) -> clap::Arg {
    let mut specs = Vec::new();
    let mut a = a;
    if a.get_action().takes_values() && !a.is_hide_default_value_set() && !a.get_default_values().is_empty() {
        let values: Vec<String> = a.get_default_values().iter().map(|v| v.to_string_lossy().into_owned()).collect();
        specs.push(crate::t!(lang, "cli.clap.default", value = values.join(" ")));
        a = a.hide_default_value(true);
    }
    if let Some(visible) = a.get_visible_aliases().filter(|v| !v.is_empty()) {
        let shown: Vec<String> = visible.iter().map(|v| format!("--{v}")).collect();
        specs.push(crate::t!(lang, "cli.clap.alias", list = shown.join(", ")));
        let all: Vec<String> = a.get_all_aliases().unwrap_or_default().iter().map(|v| v.to_string()).collect();
        a = a.alias(None);
        for alias in all {
            a = a.alias(String::leak(alias) as &str);
        }
    }
    let values: Vec<String> =
        a.get_possible_values().iter().filter(|v| !v.is_hide_set()).map(|v| v.get_name().to_string()).collect();
    if !a.is_hide_possible_values_set() && !values.is_empty() {
        specs.push(crate::t!(lang, "cli.clap.possible", list = values.join(", ")));
        a = a.hide_possible_values(true);
    }
    if specs.is_empty() {
        return a;
    }
    let help = a.get_help().map(ToString::to_string).unwrap_or_default();
    let short = if help.is_empty() { specs.join(" ") } else { format!("{help} {}", specs.join(" ")) };
    let a = a.help(short);
    if long {
        let text = a.get_long_help().map(ToString::to_string).unwrap_or(help);
        let text = if text.is_empty() { specs.join("\n") } else { format!("{text}\n\n{}", specs.join("\n")) };
        a.long_help(text)
    } else {
        a
    }
}

/// clap's `help` subcommand (`deckhand help score`) in `lang`. Once built, it holds a copy
/// of every command (names and abouts, already translated) to say whose help to print.
fn help_subcommand(cmd: clap::Command, lang: &'static str) -> clap::Command {
    let arguments: &'static str = String::leak(crate::t!(lang, "cli.clap.arguments"));
    let commands: &'static str = String::leak(crate::t!(lang, "cli.clap.commands"));
    let template = format!(
        "{{before-help}}{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
        crate::t!(lang, "cli.clap.usage")
    );
    let mut cmd = cmd
        .about(crate::t!(lang, "cli.clap.help_command"))
        .help_template(template)
        .subcommand_help_heading(commands)
        .subcommand_value_name(String::leak(crate::t!(lang, "cli.clap.value.command")) as &str);
    if cmd.get_arguments().any(|a| a.get_id() == "subcommand") {
        cmd = cmd.mut_arg("subcommand", |a| {
            a.value_name(String::leak(crate::t!(lang, "cli.clap.value.command")) as &str)
                .help(crate::t!(lang, "cli.clap.help_subcommand"))
                .help_heading(arguments)
        });
    }
    if cmd.get_subcommands().any(|c| c.get_name() == "help") {
        cmd = cmd.mut_subcommand("help", |c| c.about(crate::t!(lang, "cli.clap.help_command")));
    }
    let usage = cmd.render_usage().to_string();
    let usage = usage.split_once(' ').map_or(usage.as_str(), |(_, u)| u).trim_end();
    let usage = usage.replace("[OPTIONS]", &crate::t!(lang, "cli.clap.options_tag"));
    cmd.override_usage(usage)
}

/// The clap command with its help in a language (English: the doc comments as they are).
pub fn localized_command(lang: &'static str) -> clap::Command {
    let cmd = Cli::command();
    if lang == "en" {
        return cmd;
    }
    let mut cmd = localize(cmd, &[], lang);
    cmd.build();
    localize_built(cmd, lang)
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .any(|e| e.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe))
}

/// Run a parsed command; returns the exit code (0, or 1 when violations were found).
pub fn run(cli: Cli) -> anyhow::Result<i32> {
    let lang: &'static str = cli.lang.map(Lang::code).unwrap_or_else(crate::text::from_env);
    match cli.command {
        Command::Score { sheets, format, detail, rules } => {
            sheets::score(&sheets, rules.as_deref(), format, detail, lang)
        }
        Command::Check { sheets, format, rules } => sheets::check(&sheets, rules.as_deref(), format, lang),
        Command::Enter { game, player, output, answers, solo, rules } => {
            enter::enter(&game, &player, &output, answers.as_deref(), solo, rules.as_deref(), lang)
        }
        Command::Play {
            game,
            players,
            solo,
            captains,
            trophies,
            dice,
            seed,
            save,
            variant,
            boats,
            fish,
            answers,
            rules,
            serve,
        } => {
            let loaded = crate::games::resolve_in(Some(&game), rules.as_deref(), lang)?;
            match &loaded.game {
                crate::games::Game::Fischerspiel(_) if serve.serve => {
                    Err(Error::Usage(crate::t!(lang, "web.serve_fleet_only", game = loaded.name(lang))).into())
                }
                crate::games::Game::Fischerspiel(_) => coop::play(
                    coop::PlayArgs {
                        game,
                        players: coop::player_count(&players, lang)?,
                        variant,
                        boats,
                        fish,
                        output: save,
                        answers,
                        rules,
                    },
                    lang,
                ),
                crate::games::Game::Fleet(_) => play::play(
                    play::PlayOptions {
                        game: &game,
                        players: &players,
                        solo,
                        captains,
                        trophies,
                        digital: dice == DiceMode::Digital,
                        seed,
                        save: save.as_deref(),
                        answers: answers.as_deref(),
                        rules: rules.as_deref(),
                        serve: &serve,
                    },
                    lang,
                ),
                _ => Err(Error::Usage(crate::t!(
                    lang,
                    "cli.main.play_endgame",
                    game = loaded.name(lang),
                    id = loaded.id()
                ))
                .into()),
            }
        }
        Command::Resume { file, answers, rules, allow_rules_change, serve } => {
            let (header, _) = saves::read(&file, lang)?;
            match header.setup {
                crate::log::save::Setup::Fischerspiel(_) if serve.serve => {
                    Err(Error::Usage(crate::t!(lang, "web.serve_fleet_only", game = header.game)).into())
                }
                crate::log::save::Setup::Fischerspiel(_) => {
                    coop::resume(coop::ResumeArgs { file, answers, rules, allow_rules_change }, header, lang)
                }
                crate::log::save::Setup::Fleet(_) => {
                    play::resume(&file, answers.as_deref(), rules.as_deref(), allow_rules_change, &serve, lang)
                }
            }
        }
        Command::Replay { file, format, detail, rules, allow_rules_change } => {
            play::replay(&file, rules.as_deref(), allow_rules_change, format, detail, lang)
        }
        Command::Show { file, player, rules, allow_rules_change } => {
            play::show(&file, player.as_deref(), rules.as_deref(), allow_rules_change, lang)
        }
        Command::Rules(cmd) => rules_cmd::run(cmd, lang),
        Command::Calc { game, calculator, inputs, rules } => {
            let rules = crate::games::resolve_in(Some(&game), rules.as_deref(), lang)?;
            let r =
                rules.endgame().ok_or_else(|| Error::Usage(crate::t!(lang, "cli.main.no_calculators", game = game)))?;
            endgame::calc(r, calculator.as_deref(), &inputs, lang)
        }
        Command::Nauticus(args) => nauticus::run(args, lang),
        Command::Games => rules_cmd::games(lang),
        Command::Completions { shell } => {
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut localized_command(lang), "deckhand", &mut buf);
            emit_bytes(&buf)?;
            Ok(0)
        }
        Command::Man => {
            let mut buf = Vec::new();
            clap_mangen::Man::new(localized_command(lang)).render(&mut buf)?;
            emit_bytes(&buf)?;
            Ok(0)
        }
    }
}

pub use crate::ui::say;

/// Write to standard output. A closed pipe (`deckhand … | head`) is not an error. Control
/// characters other than line breaks and tabs are written out (`\u{1b}`), so nothing a
/// file brought in (a player's name, a rules file's text) can drive the terminal.
pub fn emit(text: &str) -> anyhow::Result<()> {
    emit_bytes(crate::text::escape_controls_in_lines(text).as_bytes())
}

fn emit_bytes(bytes: &[u8]) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
