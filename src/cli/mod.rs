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
    let matches = localized_command(lang).get_matches();
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
            eprintln!("deckhand: {}", error_text(&err, lang));
            code
        }
    }
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
        Some(v) => crate::i18n::LANGS.iter().find(|l| **l == v).copied().unwrap_or("en"),
        None => crate::i18n::from_env(),
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
    ("resume", "", "cli.help.resume.about"),
    ("resume", "file", "cli.help.save_file"),
    ("resume", "answers", "cli.help.answers"),
    ("resume", "rules", "cli.help.began_with"),
    ("resume", "allow_rules_change", "cli.help.resume.allow_rules_change"),
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
    ("games", "", "cli.help.games.about"),
    ("completions", "", "cli.help.completions.about"),
    ("man", "", "cli.help.man.about"),
];

fn localize(mut cmd: clap::Command, path: &[&str], lang: &'static str) -> clap::Command {
    let here = path.join("/");
    for (sub, arg, key) in HELP.iter().filter(|(sub, _, _)| *sub == here) {
        let _ = sub;
        let text = crate::i18n::tr(lang, key, &[]);
        if arg.is_empty() {
            cmd = cmd.about(text.clone());
            if cmd.get_long_about().is_some() {
                cmd = cmd.long_about(crate::i18n::tr(lang, "cli.help.long_about", &[]));
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
    if cmd.get_after_help().is_some() {
        let exit = crate::i18n::tr(lang, "cli.help.exit_codes", &[]);
        cmd = cmd.after_help(exit.clone()).after_long_help(exit);
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

/// The clap command with its help in a language (English: the doc comments as they are).
pub fn localized_command(lang: &'static str) -> clap::Command {
    let cmd = Cli::command();
    if lang == "en" {
        return cmd;
    }
    localize(cmd, &[], lang)
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .any(|e| e.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe))
}

/// Run a parsed command; returns the exit code (0, or 1 when violations were found).
pub fn run(cli: Cli) -> anyhow::Result<i32> {
    let lang: &'static str = cli.lang.map(Lang::code).unwrap_or_else(crate::i18n::from_env);
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
        } => {
            let loaded = crate::rules::resolve_in(Some(&game), rules.as_deref(), lang)?;
            match &loaded.game {
                crate::rules::Game::Fischerspiel(_) => coop::play(
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
                crate::rules::Game::Fleet(_) => play::play(
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
        Command::Resume { file, answers, rules, allow_rules_change } => {
            if coop::is_coop_save(&file)? {
                coop::resume(coop::ResumeArgs { file, answers, rules, allow_rules_change }, lang)
            } else {
                play::resume(&file, answers.as_deref(), rules.as_deref(), allow_rules_change, lang)
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
            let rules = crate::rules::resolve_in(Some(&game), rules.as_deref(), lang)?;
            let r =
                rules.endgame().ok_or_else(|| Error::Usage(crate::t!(lang, "cli.main.no_calculators", game = game)))?;
            endgame::calc(r, calculator.as_deref(), &inputs, lang)
        }
        Command::Nauticus(args) => nauticus::run(args, lang),
        Command::Games => rules_cmd::games(lang),
        Command::Completions { shell } => {
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "deckhand", &mut buf);
            emit_bytes(&buf)?;
            Ok(0)
        }
        Command::Man => {
            let mut buf = Vec::new();
            clap_mangen::Man::new(Cli::command()).render(&mut buf)?;
            emit_bytes(&buf)?;
            Ok(0)
        }
    }
}

/// Write to standard output. A closed pipe (`deckhand … | head`) is not an error.
pub fn emit(text: &str) -> anyhow::Result<()> {
    emit_bytes(text.as_bytes())
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
