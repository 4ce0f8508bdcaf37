//! Command layer: clap definitions, dispatch, exit codes. Errors become messages here
//! (`anyhow` with context, printed with `{:#}`); everything below returns typed errors.

mod args;
mod bots;
mod clap_text;
mod coach;
pub(crate) mod commands;
pub(crate) mod endgame;
pub mod error;
mod fischerspiel;
mod fleet;
mod fleet_terminal;
mod generic;
mod hint;
pub mod interrupt;
mod live;
mod plays;
mod progress;
mod saves;
mod terminal;
// `--serve`: the table on the players' phones.
pub(crate) mod score_check;
mod served;

use std::io::Write;

use clap::{FromArgMatches, Parser, Subcommand};

use crate::text::Lang;
use crate::Error;
use args::{LangArg, EXIT_CODES};
use commands::*;

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
    #[command(flatten)]
    pub global: GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

/// The arguments every command takes.
#[derive(Debug, clap::Args)]
pub struct GlobalArgs {
    /// Language of everything deckhand says (default: from LC_ALL, LC_MESSAGES or LANG, else English)
    #[arg(long, global = true, value_enum)]
    pub lang: Option<LangArg>,
}

/// The commands, each with its arguments in its own file under `commands/`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the final table of a game from its players' sheet files
    #[command(after_help = EXIT_CODES)]
    Score(score::ScoreArgs),
    /// List every rule violation on hand-filled sheets of one game, and their true scores
    #[command(after_help = EXIT_CODES)]
    Check(check::CheckArgs),
    /// Type in a paper sheet, section by section; saves after every section and resumes
    #[command(after_help = EXIT_CODES)]
    Enter(enter::EnterArgs),
    /// Print pads to play on (PDF or SVG), one page per player, that `scan` reads back
    #[cfg(feature = "paper")]
    #[command(after_help = EXIT_CODES)]
    Pad(pad::PadArgs),
    /// Read photos of filled pads into sheet files, then check and score them
    #[cfg(feature = "paper")]
    #[command(after_help = EXIT_CODES)]
    Scan(scan::ScanArgs),
    /// Track a live game at the table: dice, picks, every bonus, undo; saved after every decision
    #[command(after_help = EXIT_CODES)]
    Play(Box<play::PlayArgs>),
    /// Continue a saved game exactly where it stopped (after a crash, too)
    #[command(after_help = EXIT_CODES)]
    Resume(resume::ResumeArgs),
    /// Rebuild a saved game and print its table (the final one when it is over)
    Replay(replay::ReplayArgs),
    /// Print the sheets of a saved game as text
    Show(show::ShowArgs),
    /// Weigh every answer to the open question of a saved Fleet game: expected points and chance to win
    #[command(after_help = EXIT_CODES)]
    Advise(advise::AdviseArgs),
    /// Play seeded Fleet games with every seat played by deckhand: each seat's mean score and wins
    #[command(after_help = EXIT_CODES)]
    Selfplay(selfplay::SelfplayArgs),
    /// Play the same seeded Fleet games under the built-in rules and each variant given: mean score and win rate
    #[command(after_help = EXIT_CODES)]
    Lab(lab::LabArgs),
    /// Review a saved Fleet game: per player the costliest decisions, points lost to choices and what the dice dealt
    #[command(after_help = EXIT_CODES)]
    Review(review::ReviewArgs),
    /// Show, check or export a game's rules file
    #[command(subcommand)]
    Rules(rules::RulesCommand),
    // -- Games beyond Fleet: calculators and table helpers. --
    /// In-game calculators from a game's rules file, e.g. `calc titania starfish depicted=3 built=4`
    #[command(after_help = EXIT_CODES)]
    Calc(calc::CalcArgs),
    /// Nauticus at the table: crown scoring, pass penalties, purchases, ship rewards
    #[command(after_help = EXIT_CODES)]
    Nauticus(nauticus::NauticusArgs),
    /// List the games deckhand knows
    Games(games::GamesArgs),
    // -- The history of game nights. --
    /// List the recorded plays, newest first; `history delete ID` removes one
    #[command(after_help = EXIT_CODES)]
    History(history::HistoryArgs),
    /// Per player, per pair of players and per game: plays, wins, scores, records
    Stats(stats::StatsArgs),
    /// One game night: every play, its winner, and the night's champion
    Night(night::NightArgs),
    /// A deal's standings: every player of every table that played it, ranked by score
    Standings(standings::StandingsArgs),
    /// Export every recorded play (BG Stats push-play JSON, JSON or CSV)
    Export(export::ExportArgs),
    /// Record finished games from their save files (a save already recorded is skipped)
    #[command(after_help = EXIT_CODES)]
    Import(import::ImportArgs),
    /// The players in the history; `players rename OLD NEW` (merges two spellings), `players merge FROM INTO`
    Players(players::PlayersArgs),
    /// Print a shell completion script
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff)
    Man(man::ManArgs),
}

/// How clap's derive adds a command's arguments to it.
type AddArgs = fn(clap::Command) -> clap::Command;

/// Each command, and how clap's derive adds its arguments (a command of commands is
/// required to name one).
const QUICK: &[(&str, AddArgs)] = {
    use clap::{Args, Subcommand};
    &[
        ("score", score::ScoreArgs::augment_args),
        ("check", check::CheckArgs::augment_args),
        ("enter", enter::EnterArgs::augment_args),
        #[cfg(feature = "paper")]
        ("pad", pad::PadArgs::augment_args),
        #[cfg(feature = "paper")]
        ("scan", scan::ScanArgs::augment_args),
        ("play", play::PlayArgs::augment_args),
        ("resume", resume::ResumeArgs::augment_args),
        ("replay", replay::ReplayArgs::augment_args),
        ("show", show::ShowArgs::augment_args),
        ("advise", advise::AdviseArgs::augment_args),
        ("selfplay", selfplay::SelfplayArgs::augment_args),
        ("lab", lab::LabArgs::augment_args),
        ("review", review::ReviewArgs::augment_args),
        ("rules", |c| {
            rules::RulesCommand::augment_subcommands(c).subcommand_required(true).arg_required_else_help(true)
        }),
        ("calc", calc::CalcArgs::augment_args),
        ("nauticus", nauticus::NauticusArgs::augment_args),
        ("games", games::GamesArgs::augment_args),
        ("history", history::HistoryArgs::augment_args),
        ("stats", stats::StatsArgs::augment_args),
        ("night", night::NightArgs::augment_args),
        ("standings", standings::StandingsArgs::augment_args),
        ("export", export::ExportArgs::augment_args),
        ("import", import::ImportArgs::augment_args),
        ("players", players::PlayersArgs::augment_args),
        ("completions", completions::CompletionsArgs::augment_args),
        ("man", man::ManArgs::augment_args),
    ]
};

/// The command line with only the command that `args` name (after the global `--lang`),
/// built as clap's derive builds it but without help texts: None when `args` name none of
/// the commands below (an option first, a typo, `help`).
fn quick_command(args: &[std::ffi::OsString]) -> Option<clap::Command> {
    use clap::Args;
    let mut rest = args.iter().skip(1).map(|a| a.to_str());
    let name = loop {
        match rest.next()?? {
            "--lang" => {
                rest.next()??;
            }
            a if a.starts_with("--lang=") => {}
            a => break a,
        }
    };
    let (name, augment) = QUICK.iter().find(|(n, _)| *n == name)?;
    let sub = augment(clap::Command::new(*name));
    let root = GlobalArgs::augment_args(clap::Command::new("deckhand"));
    Some(root.subcommand(sub).subcommand_required(true).arg_required_else_help(true))
}

/// Parse the command line, run, and turn the outcome into an exit code.
pub fn main() -> i32 {
    let lang = clap_text::lang_from_args();
    // Parsing needs neither the help texts nor the commands not named: the command named,
    // alone and without its help, parses exactly like the whole localized command line,
    // which is built (half of `score`'s start-up and most of its heap) only to show help,
    // the version or an error in the user's language, by parsing again and failing the
    // same way.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let matches = match quick_command(&args).map(|c| c.try_get_matches_from(&args)) {
        Some(Ok(m)) => m,
        _ => match clap_text::localized_command(lang).try_get_matches_from(&args) {
            Ok(m) => m,
            Err(e) => clap_text::clap_exit(e, lang),
        },
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    interrupt::install_in(lang);
    // A game keeps its save, sheets, final page and history in files whatever happens to
    // standard output; the failure says so only then.
    let game = matches!(cli.command, Command::Play(_) | Command::Resume(_));
    let code = match run(cli) {
        Ok(code) => code,
        Err(err) => {
            if is_broken_pipe(&err) {
                return after_output(0, game, lang);
            }
            let code = err.downcast_ref::<Error>().map_or(2, Error::exit_code);
            say(&format!("deckhand: {}", error_text(&err, lang)));
            code
        }
    };
    after_output(code, game, lang)
}

/// An error as `{:#}` shows it (each context, then the cause, joined by ": "), with our
/// own errors in `lang`. Messages of the operating system and of other crates stay as
/// they come.
fn error_text(err: &anyhow::Error, lang: Lang) -> String {
    let parts: Vec<String> = err.chain().map(|e| error::message_of(e, lang).unwrap_or_else(|| e.to_string())).collect();
    parts.join(": ")
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .any(|e| e.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe))
}

/// Run a parsed command; returns the exit code (0, or 1 when violations were found).
pub fn run(cli: Cli) -> anyhow::Result<i32> {
    let lang = cli.global.lang.map_or_else(crate::text::from_env, |l| l.0);
    match cli.command {
        Command::Score(args) => score::run(args, lang),
        Command::Check(args) => check::run(args, lang),
        Command::Enter(args) => enter::run(args, lang),
        #[cfg(feature = "paper")]
        Command::Pad(args) => pad::run(args, lang),
        #[cfg(feature = "paper")]
        Command::Scan(args) => scan::run(args, lang),
        Command::Play(args) => play::run(*args, lang),
        Command::Resume(args) => resume::run(args, lang),
        Command::Replay(args) => replay::run(args, lang),
        Command::Show(args) => show::run(args, lang),
        Command::Advise(args) => advise::run(args, lang),
        Command::Selfplay(args) => selfplay::run(args, lang),
        Command::Lab(args) => lab::run(args, lang),
        Command::Review(args) => review::run(args, lang),
        Command::Rules(cmd) => rules::run(cmd, lang),
        Command::Calc(args) => calc::run(args, lang),
        Command::Nauticus(args) => nauticus::run(args, lang),
        Command::Games(args) => games::run(args, lang),
        Command::History(args) => history::run(args, lang),
        Command::Stats(args) => stats::run(args, lang),
        Command::Night(args) => night::run(args, lang),
        Command::Standings(args) => standings::run(args, lang),
        Command::Export(args) => export::run(args, lang),
        Command::Import(args) => import::run(args, lang),
        Command::Players(cmd) => players::run(cmd, lang),
        Command::Completions(args) => completions::run(args, lang),
        Command::Man(args) => man::run(args, lang),
    }
}

pub use crate::ui::say;

/// Write to standard output. A closed pipe (`deckhand … | head`) is not an error. Control
/// characters other than line breaks and tabs are written out (`\u{1b}`), so nothing a
/// file brought in (a player's name, a rules file's text) can drive the terminal.
pub fn emit(text: &str) -> anyhow::Result<()> {
    emit_bytes(crate::text::escape_controls_in_lines(text).as_bytes())
}

/// Write bytes to standard output. A closed pipe is not an error; any other failure (a
/// full disk, `> /dev/full`) is remembered, not returned: the command goes on with its own
/// work (a game's save, sheets, final page and history are never cut short by what
/// happened to a copy on the screen) and `main` names standard output and exits with 2
/// at the end.
pub fn emit_bytes(bytes: &[u8]) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            let _ = STDOUT_FAILED.set(e.to_string());
        }
        _ => {}
    }
    Ok(())
}

/// The first failure to write standard output (not a closed pipe), if any.
static STDOUT_FAILED: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// The exit code once the command is done: a standard output that could not be written
/// makes it 2 (unless it is 2 or 130 already), with a message that names it.
fn after_output(code: i32, game: bool, lang: Lang) -> i32 {
    match STDOUT_FAILED.get() {
        Some(cause) if code != 130 => {
            say(&crate::text::error::stdout_failed(cause, game, lang));
            2
        }
        _ => code,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    /// Everything of a built command that decides how it parses: clap's whole description
    /// of it, without the texts the variant's attributes give it and its place in the list.
    fn shape(c: &clap::Command) -> String {
        let c = c.clone().about(None).long_about(None).after_help(None).after_long_help(None).display_order(0);
        format!("{c:?}")
    }

    fn os(args: &[&str]) -> Vec<std::ffi::OsString> {
        args.iter().map(Into::into).collect()
    }

    #[test]
    fn the_quick_command_is_the_whole_command_cut_to_the_one_named() {
        let mut whole = Cli::command();
        whole.build();
        let mut names = 0;
        for sub in whole.get_subcommands().filter(|c| c.get_name() != "help") {
            let name = sub.get_name();
            let mut quick = quick_command(&os(&["deckhand", name])).unwrap_or_else(|| panic!("no quick `{name}`"));
            quick.build();
            let cut = quick.find_subcommand(name).unwrap();
            assert_eq!(shape(cut), shape(sub), "`{name}` parses differently alone");
            names += 1;
        }
        // 24 commands, and `pad` and `scan` with the `paper` feature.
        assert_eq!(names, if cfg!(feature = "paper") { 26 } else { 24 });
        // The root's arguments that reach the commands (its own, `--help` and `--version`,
        // come before a command's name, where the quick command is not used).
        let mut quick = quick_command(&os(&["deckhand", "score"])).unwrap();
        quick.build();
        let global =
            |c: &clap::Command| format!("{:?}", c.get_arguments().filter(|a| a.is_global_set()).collect::<Vec<_>>());
        assert_eq!(global(&quick), global(&whole));
        assert!(global(&whole).contains("\"lang\""));
        assert_eq!(quick.is_subcommand_required_set(), whole.is_subcommand_required_set());
        assert_eq!(quick.is_arg_required_else_help_set(), whole.is_arg_required_else_help_set());
    }

    #[test]
    fn a_command_line_parses_alike_quick_and_whole() {
        let lines: &[&[&str]] = &[
            &["score", "a.toml", "b.toml", "--format", "json"],
            &["--lang", "de", "score", "a.toml"],
            &["--lang=fr", "check", "a.toml", "--lang", "de"],
            &["play", "fleet-dice", "--players", "A,B", "--dice", "digital", "--seed", "3"],
            &["resume"],
            &["history", "delete", "4"],
            &["history", "--player", "Ann"],
            &["nauticus", "crowns", "--crowns", "3"],
            &["rules", "check", "rules/fleet-dice.toml"],
            &["players", "rename", "A", "B"],
            &["calc", "titania", "starfish", "depicted=3", "built=4"],
            &["completions", "bash"],
            &["advise", "game.jsonl", "--seed", "3", "--playouts", "50", "--format", "json"],
            &["selfplay", "--seats", "advisor,greedy", "--games", "4", "--seed", "1"],
            &["lab", "--option", "casino_reroll=unlimited", "--rules", "a.toml", "--policy", "random"],
            &["review", "game.jsonl", "--top", "2", "--format", "json"],
            &["stats", "--format", "csv"],
        ];
        for line in lines {
            let args: Vec<_> = os(&[&["deckhand"], *line].concat());
            let whole = Cli::command().try_get_matches_from(&args).map(|m| format!("{:?}", Cli::from_arg_matches(&m)));
            let quick = quick_command(&args)
                .unwrap()
                .try_get_matches_from(&args)
                .map(|m| format!("{:?}", Cli::from_arg_matches(&m)));
            match (&whole, &quick) {
                (Ok(w), Ok(q)) => assert_eq!(w, q, "{line:?}"),
                (Err(w), Err(q)) => assert_eq!(w.kind(), q.kind(), "{line:?}"),
                _ => panic!("{line:?}: whole {whole:?}, quick {quick:?}"),
            }
        }
        // Not a command: the whole command line says what is wrong.
        assert!(quick_command(&os(&["deckhand", "--version"])).is_none());
        assert!(quick_command(&os(&["deckhand", "scroe"])).is_none());
        assert!(quick_command(&os(&["deckhand", "--lang"])).is_none());
    }
}
