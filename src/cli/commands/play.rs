//! `deckhand play GAME`: a live game at the table, handed to its engine's view
//! (`cli::live`). A flag of another game is refused there, not ignored.

use std::path::PathBuf;

use clap::Args;

use crate::cli::args::{Answers, DiceMode, RulesFile};
use crate::cli::plays::LiveArgs;
use crate::cli::served::ServeArgs;
use crate::games::fleet::setup::DealCode;
use crate::games::Rules;
use crate::text::Lang;
use crate::Error;

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Game id (see `deckhand games`)
    pub game: String,
    /// Fleet: player names in seating order, `--players Ann,Bob,Cy` (one name: solo);
    /// fischerspiel: the number of players, `--players 3`, or their names
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    #[command(flatten)]
    pub fleet: FleetFlags,
    /// Save file (default: GAME-DATE-TIME.jsonl in the games folder, e.g.
    /// fleet-dice-20261126-201500.jsonl); an existing file is never overwritten
    #[arg(long, short = 'o', visible_alias = "output", value_name = "FILE")]
    pub save: Option<PathBuf>,
    #[command(flatten)]
    pub coop: CoopFlags,
    /// A setup option of the game, NAME=VALUE (see `deckhand rules show GAME`); repeatable
    #[arg(long, value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    #[command(flatten)]
    pub answers: Answers,
    #[command(flatten)]
    pub rules: RulesFile,
    #[command(flatten)]
    pub history: LiveArgs,
    #[command(flatten)]
    pub serve: ServeArgs,
    /// Play on the printed pads (`deckhand pad`); at the end each player photographs their own pad on their phone, and the final table goes into the history (with --serve)
    #[cfg(feature = "paper")]
    #[arg(long, requires = "serve")]
    pub paper: bool,
}

/// The flags of a Fleet game.
#[derive(Debug, Args)]
pub struct FleetFlags {
    /// Solo game against Captain Ruth (one player, 8 rounds)
    #[arg(long)]
    pub solo: bool,
    /// Play with captain cards instead of the start roll
    #[arg(long)]
    pub captains: bool,
    /// Play with one gold and one silver trophy card
    #[arg(long)]
    pub trophies: bool,
    /// Type the faces of the physical dice, or let deckhand roll
    #[arg(long, value_enum, default_value_t = DiceMode::Physical)]
    pub dice: DiceMode,
    /// Seed for digital dice (a game with the same seed and decisions rolls the same)
    #[arg(long)]
    pub seed: Option<u64>,
    /// Deal digital dice by a code: every table with the same code rolls the same dice,
    /// whatever its players choose (a duplicate tournament; see `deckhand standings`)
    #[arg(long, value_name = "CODE", value_parser = deal_code)]
    pub deal: Option<DealCode>,
    /// Ask every decision, one answer each: nothing the rules force is applied, no
    /// entry answers more than its question
    #[arg(long)]
    pub ask_all: bool,
    /// After a decision that lost more than N expected points, say what the advisor preferred
    #[arg(long, value_name = "N", value_parser = coach_points)]
    pub coach: Option<f64>,
    /// Seats played by deckhand, after the players named
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub bots: Option<u32>,
    /// How the bots play
    #[arg(long, value_enum, default_value_t = BotLevelArg::Advisor, requires = "bots")]
    pub bot_level: BotLevelArg,
    /// The bots' names, in seat order (the rest are Bot 1, Bot 2, …)
    #[arg(long, value_delimiter = ',', requires = "bots")]
    pub bot_names: Vec<String>,
}

/// How the bots play, on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BotLevelArg {
    Random,
    Greedy,
    Advisor,
}

/// `--coach N`: expected points, 0 or more.
pub(crate) fn coach_points(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(n) if n.is_finite() && n >= 0.0 => Ok(n),
        _ => Err(crate::text::table::bad_coach_points(s, crate::text::from_env())),
    }
}

impl FleetFlags {
    /// The flags given (for refusing them in another game).
    pub(crate) fn given(&self) -> Vec<&'static str> {
        let mut given = Vec::new();
        for (set, flag) in [
            (self.solo, "--solo"),
            (self.captains, "--captains"),
            (self.trophies, "--trophies"),
            (self.dice != DiceMode::Physical, "--dice"),
            (self.seed.is_some(), "--seed"),
            (self.deal.is_some(), "--deal"),
            (self.ask_all, "--ask-all"),
            (self.coach.is_some(), "--coach"),
            (self.bots.is_some(), "--bots"),
        ] {
            if set {
                given.push(flag);
            }
        }
        given
    }
}

impl PlayArgs {
    /// `--set`, if given: the described games' setup, which Fleet and the Fischerspiel
    /// take as flags of their own (refused there, never dropped).
    pub(crate) fn set_given(&self) -> Vec<&'static str> {
        if self.set.is_empty() {
            Vec::new()
        } else {
            vec!["--set"]
        }
    }
}

/// The flags of a Fischerspiel game.
#[derive(Debug, Args)]
pub struct CoopFlags {
    /// Rules variant (fischerspiel: base, strategy1, strategy2)
    #[arg(long)]
    pub variant: Option<String>,
    /// Fischerspiel: the boats in play, e.g. `--boats red,grey` (default: the rulebook's first set)
    #[arg(long, value_delimiter = ',')]
    pub boats: Option<Vec<String>>,
    /// Fischerspiel: a fish mix of your own, e.g. `--fish small=2,medium=6,large=1`
    #[arg(long, value_delimiter = ',')]
    pub fish: Option<Vec<String>>,
}

impl CoopFlags {
    /// The flags given (for refusing them in another game).
    pub(crate) fn given(&self) -> Vec<&'static str> {
        let mut given = Vec::new();
        for (set, flag) in
            [(self.variant.is_some(), "--variant"), (self.boats.is_some(), "--boats"), (self.fish.is_some(), "--fish")]
        {
            if set {
                given.push(flag);
            }
        }
        given
    }
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("play", "", "cli.help.play.about"),
    ("play", "game", "cli.help.game_id"),
    ("play", "players", "cli.help.play.players"),
    ("play", "solo", "cli.help.play.solo"),
    ("play", "captains", "cli.help.play.captains"),
    ("play", "trophies", "cli.help.play.trophies"),
    ("play", "dice", "cli.help.play.dice"),
    ("play", "seed", "cli.help.play.seed"),
    ("play", "deal", "cli.help.play.deal"),
    ("play", "ask_all", "cli.help.play.ask_all"),
    ("play", "coach", "cli.help.play.coach"),
    ("play", "bots", "cli.help.play.bots"),
    ("play", "bot_level", "cli.help.play.bot_level"),
    ("play", "bot_names", "cli.help.play.bot_names"),
    ("play", "save", "cli.help.play.save"),
    ("play", "variant", "cli.help.play.variant"),
    ("play", "boats", "cli.help.play.boats"),
    ("play", "fish", "cli.help.play.fish"),
    ("play", "set", "cli.help.play.set"),
    ("play", "answers", "cli.help.answers"),
    ("play", "rules", "cli.help.rules_file"),
    ("play", "serve", "web.help.serve"),
    ("play", "bind", "web.help.bind"),
    ("play", "review_playouts", "web.help.review_playouts"),
    #[cfg(feature = "paper")]
    ("play", "paper", "cli.help.play.paper"),
];

pub fn run(args: PlayArgs, lang: Lang) -> anyhow::Result<i32> {
    let loaded = crate::games::resolve(Some(&args.game), args.rules.rules.as_deref())?;
    #[cfg(feature = "paper")]
    if args.paper && loaded.endgame().is_none() {
        return on_paper(args, loaded, lang);
    }
    match crate::cli::live::view(loaded.game.engine()) {
        Some(view) => (view.play)(args, loaded, lang),
        None => {
            let live = live_games().join(", ");
            Err(Error::Usage(crate::msg!(
                "cli.main.play_endgame",
                game = loaded.names(),
                id = loaded.id(),
                live = live
            ))
            .into())
        }
    }
}

/// The built-in games `play` tracks move by move: those whose engine has a live view.
fn live_games() -> Vec<&'static str> {
    (crate::games::BUILT_IN.iter())
        .filter(|(id, _)| crate::games::built_in(id).is_ok_and(|r| crate::cli::live::view(r.game.engine()).is_some()))
        .map(|(id, _)| *id)
        .collect()
}

/// Refuse the first of `flags` (flags of another game that were given) for `rules`' game.
pub(crate) fn refuse(flags: Vec<&'static str>, rules: &Rules) -> Result<(), Error> {
    match flags.first() {
        Some(flag) => Err(Error::Usage(crate::msg!("cli.play.flag_not_for_game", flag = *flag, game = rules.names()))),
        None => Ok(()),
    }
}

/// How the bots play, for the engine.
/// `--coach` speaks at the terminal table: a served game (`--serve`) has none to speak at.
pub(crate) fn coach_at_terminal(coach: Option<f64>, serve: bool) -> Result<(), Error> {
    match coach.is_some() && serve {
        true => Err(Error::Usage(crate::msg!("cli.play.coach_served"))),
        false => Ok(()),
    }
}

pub(crate) fn bot_level(level: BotLevelArg) -> crate::games::fleet::setup::BotLevel {
    use crate::games::fleet::setup::BotLevel;
    match level {
        BotLevelArg::Random => BotLevel::Random,
        BotLevelArg::Greedy => BotLevel::Greedy,
        BotLevelArg::Advisor => BotLevel::Advisor,
    }
}

/// `--deal CODE`: 1 to 16 letters, digits and dashes.
fn deal_code(text: &str) -> Result<DealCode, String> {
    DealCode::parse(text).ok_or_else(|| crate::text::table::bad_deal(DealCode::MAX, crate::text::from_env()))
}

/// `play GAME --serve --paper`: the game is played on its printed pads; the phones serve
/// its end (`scan --serve`'s desk with the players' seats), then the final table is
/// printed and, once the host is done, recorded in the history.
#[cfg(feature = "paper")]
fn on_paper(args: PlayArgs, rules: Rules, lang: Lang) -> anyhow::Result<i32> {
    let usage = |m: crate::message::Message| -> anyhow::Error { Error::Usage(m).into() };
    if crate::cli::commands::pad::page_for(&rules, "", "-", crate::paper::layout::Paper::A4, lang).is_none() {
        return Err(usage(crate::msg!("paper.pad.no_sheet", game = rules.names().get(lang))));
    }
    let mut given = [args.fleet.given(), args.coop.given(), args.set_given()].concat();
    for (set, flag) in [
        (args.answers.answers.is_some(), "--answers"),
        (args.save.is_some(), "--save"),
        (args.serve.review_playouts != crate::cli::served::DEFAULT_REVIEW_PLAYOUTS, "--review-playouts"),
    ] {
        if set {
            given.push(flag);
        }
    }
    if let Some(flag) = given.first() {
        return Err(usage(crate::msg!("cli.play.not_on_paper", flag = *flag)));
    }
    let players: Vec<String> = args.players.iter().map(|p| p.trim().to_string()).collect();
    if players.is_empty() {
        return Err(usage(crate::msg!("cli.play.paper_players")));
    }
    if players.iter().any(String::is_empty) {
        return Err(usage(crate::msg!("paper.pad.empty_name")));
    }
    if rules.fleet().is_some() && players.len() == 1 {
        return Err(usage(crate::msg!("cli.play.paper_solo", game = rules.names(), id = rules.id())));
    }
    rules.check_table(players.len(), &[]).map_err(Error::from)?;
    // The sheets go into a folder of their own in the games folder, named as a save is.
    let out = crate::cli::saves::default_save(rules.id())?.with_extension("");
    let played = crate::cli::commands::scan::PlayedOnPaper {
        started: crate::history::clock::now(),
        history: args.history.clone(),
    };
    let table = crate::cli::commands::scan::Table {
        rules: Some(rules),
        rules_path: args.rules.rules.clone(),
        players,
        out,
        bind: args.serve.bind.clone(),
        played: Some(played),
    };
    crate::cli::commands::scan::desk(table, lang)
}
