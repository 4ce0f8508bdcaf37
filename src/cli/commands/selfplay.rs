//! `deckhand selfplay --seats advisor,greedy,greedy,greedy --games N --seed S`: seeded games
//! of Fleet with every seat played by deckhand, each seat's mean score with its 95%
//! interval and its wins — the ladder of random, greedy and advisor seats, measured.

use clap::{Args, ValueEnum};
use serde_json::json;

use crate::cli::args::RulesFile;
use crate::cli::commands::advise::{MaximiseArg, PolicyArg};
use crate::cli::emit;
use crate::games::fleet::advisor::selfplay::{selfplay_with, Seat};
use crate::games::fleet::advisor::{Policy, Settings};
use crate::text::advisor as words;
use crate::text::Lang;
use crate::Error;

#[derive(Debug, Args)]
pub struct SelfplayArgs {
    /// How each seat plays, in seat order: random, greedy or advisor (one seat: solo against Captain Ruth)
    #[arg(long, value_enum, value_delimiter = ',', required = true)]
    pub seats: Vec<SeatArg>,
    /// Games to play
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Seed of the games (the same seed plays the same games)
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Playouts per answer of an advisor seat
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub playouts: u32,
    /// How every seat plays in an advisor seat's playouts
    #[arg(long, value_enum, default_value_t = PolicyArg::Greedy)]
    pub policy: PolicyArg,
    /// What an advisor seat maximises with 2+ players: win (the default) or score
    #[arg(long, value_enum, default_value_t = MaximiseArg::Win)]
    pub maximise: MaximiseArg,
    /// Output format
    #[arg(long, value_enum, default_value_t = crate::cli::commands::advise::AdviseFormat::Table)]
    pub format: crate::cli::commands::advise::AdviseFormat,
    /// Show no progress bar (on a terminal, one shows when the command runs over a second)
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub rules: RulesFile,
}

/// How a seat plays, on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SeatArg {
    Random,
    Greedy,
    Advisor,
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("selfplay", "", "cli.help.selfplay.about"),
    ("selfplay", "seats", "cli.help.selfplay.seats"),
    ("selfplay", "games", "cli.help.selfplay.games"),
    ("selfplay", "seed", "cli.help.selfplay.seed"),
    ("selfplay", "playouts", "cli.help.selfplay.playouts"),
    ("selfplay", "policy", "cli.help.advise.policy"),
    ("selfplay", "maximise", "cli.help.advise.maximise"),
    ("selfplay", "format", "cli.help.score.format"),
    ("selfplay", "rules", "cli.help.rules_file"),
    ("selfplay", "quiet", "cli.help.quiet"),
];

pub fn run(args: SelfplayArgs, lang: Lang) -> anyhow::Result<i32> {
    let rules = match &args.rules.rules {
        Some(path) => crate::games::from_path(path)?,
        None => crate::games::built_in("fleet-dice")?,
    };
    let Some(fleet) = rules.fleet() else {
        return Err(Error::Usage(crate::msg!("cli.selfplay.not_fleet", game = rules.id())).into());
    };
    let n = args.seats.len() as u32;
    if n > fleet.max_players || (n > 1 && n < fleet.min_players.max(2)) {
        return Err(Error::Usage(crate::msg!("cli.selfplay.seat_count", n = n, max = fleet.max_players)).into());
    }
    let settings = Settings { aim: args.maximise.aim(), ..args.policy.settings(args.playouts, 0) };
    let seats: Vec<Seat> = args
        .seats
        .iter()
        .map(|s| match s {
            SeatArg::Random => Seat::Policy(Policy::Random),
            SeatArg::Greedy => Seat::Policy(Policy::Greedy),
            SeatArg::Advisor => Seat::Advisor(settings),
        })
        .collect();
    let progress = crate::cli::progress::Progress::new(
        Some(u64::from(args.games)),
        crate::t!(lang, "cli.progress.games"),
        args.quiet,
        lang,
    );
    let results = selfplay_with(fleet, &seats, args.games, args.seed, &|| progress.step());
    progress.finish();
    let word = |s: &SeatArg| match s {
        SeatArg::Random => "random",
        SeatArg::Greedy => "greedy",
        SeatArg::Advisor => "advisor",
    };
    let text = match args.format {
        crate::cli::commands::advise::AdviseFormat::Json => {
            let seats: Vec<_> = args
                .seats
                .iter()
                .zip(&results)
                .enumerate()
                .map(|(i, (s, r))| {
                    let wins = (n > 1).then_some(r.wins);
                    json!({ "seat": i + 1, "plays": word(s), "games": r.games, "mean": r.mean, "ci95": r.ci95, "wins": wins })
                })
                .collect();
            let advisor = args.seats.contains(&SeatArg::Advisor);
            let aim = settings.for_players(n as usize).aim.name();
            serde_json::to_string_pretty(&json!({
                "games": args.games,
                "seed": args.seed,
                "advisor_playouts": advisor.then_some(args.playouts),
                "advisor_maximises": advisor.then_some(aim),
                "seats": seats,
            }))? + "\n"
        }
        crate::cli::commands::advise::AdviseFormat::Table => {
            use comfy_table::{presets, Cell, CellAlignment, ContentArrangement, Table};
            let mut table = Table::new();
            table.load_preset(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Disabled);
            table.set_header(words::selfplay_columns(seats.len(), lang));
            for (i, (seat, r)) in seats.iter().zip(&results).enumerate() {
                let mut row = vec![
                    Cell::new(i + 1).set_alignment(CellAlignment::Right),
                    Cell::new(words::plays(seat, lang)),
                    Cell::new(words::mean(r.mean, r.ci95, lang)).set_alignment(CellAlignment::Right),
                ];
                if n > 1 {
                    row.push(
                        Cell::new(words::selfplay_wins(r.wins, r.games, lang)).set_alignment(CellAlignment::Right),
                    );
                }
                table.add_row(row);
            }
            format!("{table}\n{}\n", words::selfplay_how(args.games, args.seed, &seats, lang))
        }
    };
    emit(&text)?;
    Ok(0)
}
