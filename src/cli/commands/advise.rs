//! `deckhand advise SAVE`: the open question of a saved Fleet game, every answer weighed by
//! the advisor (expected final score ± its standard error, chance to win), the best marked.
//! It reads the save and writes nothing.

use clap::{Args, ValueEnum};
use serde_json::{json, Value};

use crate::cli::args::{SavedGame, SavedRules};
use crate::cli::emit;
use crate::games::fleet::advisor::{self, after_pick, Aim, Budget, NoQuestion, Policy, Settings};
use crate::games::fleet::game::Game;
use crate::games::fleet::session::Session;
use crate::games::FleetRules;
use crate::text::Lang;
use crate::Error;

#[derive(Debug, Args)]
pub struct AdviseArgs {
    #[command(flatten)]
    pub save: SavedGame,
    /// The player whose question to weigh (default: the question at the front)
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// Seed of the playouts (the same seed gives the same figures)
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Playouts per answer
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub playouts: u32,
    /// How every seat plays in the playouts
    #[arg(long, value_enum, default_value_t = PolicyArg::Greedy)]
    pub policy: PolicyArg,
    /// What the advice maximises with 2+ players: win (the default) or score
    #[arg(long, value_enum)]
    pub maximise: Option<MaximiseArg>,
    /// Output format
    #[arg(long, value_enum, default_value_t = AdviseFormat::Table)]
    pub format: AdviseFormat,
    /// Show no progress bar (on a terminal, one shows when the command runs over a second)
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub rules: SavedRules,
}

/// `--format` of `advise`: a table to read, or JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AdviseFormat {
    Table,
    Json,
}

/// `--maximise` of `advise`: the chance of winning, or the expected final score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MaximiseArg {
    Win,
    Score,
}

impl MaximiseArg {
    /// What the game's advisor aims at.
    pub fn aim(self) -> crate::games::described::Aim {
        match self {
            MaximiseArg::Win => crate::games::described::Aim::Win,
            MaximiseArg::Score => crate::games::described::Aim::Score,
        }
    }
}

/// A playout policy on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PolicyArg {
    Random,
    Greedy,
}

impl PolicyArg {
    /// The advisor's settings for the commands: this policy, `playouts` per answer, on
    /// every core, answers far behind pruned.
    pub fn settings(self, playouts: u32, seed: u64) -> Settings {
        let policy = match self {
            PolicyArg::Random => Policy::Random,
            PolicyArg::Greedy => Policy::Greedy,
        };
        Settings { budget: Budget { playouts, time: None }, policy, seed, ..Settings::default() }
    }
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("advise", "", "cli.help.advise.about"),
    ("advise", "file", "cli.help.save_file"),
    ("advise", "player", "cli.help.advise.player"),
    ("advise", "seed", "cli.help.advise.seed"),
    ("advise", "playouts", "cli.help.advise.playouts"),
    ("advise", "policy", "cli.help.advise.policy"),
    ("advise", "maximise", "cli.help.advise.maximise"),
    ("advise", "format", "cli.help.score.format"),
    ("advise", "rules", "cli.help.began_with"),
    ("advise", "allow_rules_change", "cli.help.advise.allow_rules_change"),
    ("advise", "quiet", "cli.help.quiet"),
];

/// A saved Fleet game, read and replayed (`advise` and `review`, named by `command`, write
/// nothing to it). A save of another game is refused as what it is: the advisor knows Fleet.
pub fn open_save(
    path: &std::path::Path,
    rules: &SavedRules,
    command: &str,
    lang: Lang,
) -> anyhow::Result<(crate::games::Rules, crate::store::save::Header, crate::games::fleet::setup::FleetSetup, Session)>
{
    let read = crate::cli::fleet::read_fleet_save(path, |header| {
        let resume = crate::invocation::resume(path);
        crate::msg!(
            "cli.advise.not_fleet",
            command = command,
            file = path.display(),
            game = &header.game,
            resume = resume
        )
    })?;
    Ok(crate::cli::fleet::reopen(
        path,
        &read.header,
        &read.entries,
        rules.rules.as_deref(),
        rules.allow_rules_change,
        lang,
    )?)
}

/// The seat of the player a save names `name` (any case), or why there is none.
pub(crate) fn seat_named(players: &[String], name: &str, path: &std::path::Path) -> Result<usize, Error> {
    players.iter().position(|p| p.eq_ignore_ascii_case(name)).ok_or_else(|| {
        Error::Usage(crate::msg!(
            "cli.play.no_player",
            name = name,
            file = path.display(),
            players = players.join(", ")
        ))
    })
}

pub fn run(args: AdviseArgs, lang: Lang) -> anyhow::Result<i32> {
    let path = &args.save.file;
    if let crate::cli::saves::Reader::Described(header) = crate::cli::saves::reader(path)? {
        return crate::cli::generic::advise(&args, &header, lang);
    }
    let (rules, header, _, session) = open_save(path, &args.rules, "advise", lang)?;
    let fleet = rules.fleet().expect("checked in reopen");
    let game = &session.game;
    let player = match &args.player {
        Some(name) => Some(seat_named(&header.players, name, path)?),
        None => None,
    };
    let aim = args.maximise.unwrap_or(MaximiseArg::Win).aim();
    let settings = Settings { aim, ..args.policy.settings(args.playouts, args.seed) };
    let progress = crate::cli::progress::Progress::new(None, crate::t!(lang, "cli.progress.advise"), args.quiet, lang);
    let advice = advisor::advise(fleet, game, player, &settings);
    progress.finish();
    let advice = advice.map_err(|why| {
        let file = path.display();
        Error::Usage(match why {
            NoQuestion::Over => crate::msg!("cli.advise.over", file = file, review = crate::invocation::review(path)),
            NoQuestion::Chance => {
                crate::msg!("cli.advise.chance", file = file, resume = crate::invocation::resume(path))
            }
            NoQuestion::NotWaiting(p) => {
                crate::msg!("cli.advise.not_waiting", file = file, name = game.players[p].name.as_str())
            }
        })
    })?;
    let text = match args.format {
        AdviseFormat::Json => serde_json::to_string_pretty(&as_json(fleet, game, &advice, &settings, lang))? + "\n",
        AdviseFormat::Table => {
            let mut text = table(fleet, game, &advice, &settings, lang);
            if advice.aim == Aim::Win {
                text.push_str(&crate::t!(lang, "cli.advise.how_score"));
                text.push('\n');
            }
            text
        }
    };
    emit(&text)?;
    Ok(0)
}

/// The advice as JSON: the question, then per answer its keys (what a save or an answers
/// file takes), its words, and the figures.
fn as_json(rules: &FleetRules, game: &Game, advice: &advisor::Advice, settings: &Settings, lang: Lang) -> Value {
    let options: Vec<Value> = advice
        .estimates
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let then = e.answer.then.and_then(|(then, _)| {
                after_pick(rules, game, advice, e).map(|(after, _)| then.key(rules, &after).into_owned())
            });
            json!({
                "answer": e.answer.choice.key(rules, game),
                "then": then,
                "label": crate::text::advisor::answer_label(rules, game, advice, e, lang),
                "mean": e.mean,
                "lead": e.lead,
                "lead_stderr": e.lead_stderr,
                "stderr": e.stderr,
                "win": e.win,
                "playouts": e.playouts,
                "cut": e.cut,
                "best": i == advice.best,
            })
        })
        .collect();
    json!({
        "player": game.players[advice.player].name,
        "question": crate::text::fleet::prompt(rules, game, &advice.decision, lang),
        "round": game.round,
        "seed": settings.seed,
        "playouts": settings.budget.playouts,
        "policy": match settings.policy { Policy::Random => "random", Policy::Greedy => "greedy" },
        "exact": advice.exact,
        "maximises": advice.aim.name(),
        "options": options,
    })
}

/// The advice as a table: one row per answer, the best marked, the question above and how
/// the figures were made below.
pub(crate) fn table(
    rules: &FleetRules,
    game: &Game,
    advice: &advisor::Advice,
    settings: &Settings,
    lang: Lang,
) -> String {
    use crate::text::advisor::{advice_columns, advice_how, answer_label, best, chance, lead, points};
    use comfy_table::{presets, Cell, CellAlignment, ContentArrangement, Table};
    let solo = game.players.len() == 1;
    let mut out = crate::text::fleet::prompt(rules, game, &advice.decision, lang) + "\n";
    let mut table = Table::new();
    table.load_preset(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Disabled);
    let to_win = !solo && advice.aim == Aim::Win;
    table.set_header(advice_columns(solo, to_win, lang));
    for (i, e) in advice.estimates.iter().enumerate() {
        let mut row = vec![
            Cell::new(answer_label(rules, game, advice, e, lang)),
            Cell::new(points(e, lang)).set_alignment(CellAlignment::Right),
        ];
        if !solo {
            row.push(Cell::new(chance(e.win, lang)).set_alignment(CellAlignment::Right));
        }
        if to_win {
            row.push(Cell::new(lead(e, lang)).set_alignment(CellAlignment::Right));
        }
        let mark = match (i == advice.best, e.cut) {
            (true, _) => best(lang),
            (false, true) => crate::t!(lang, "cli.advise.cut", n = e.playouts),
            (false, false) => String::new(),
        };
        row.push(Cell::new(mark));
        table.add_row(row);
    }
    out.push_str(&format!("{table}\n"));
    out.push_str(&advice_how(settings, advice.exact, lang));
    out.push('\n');
    if advice.estimates.iter().any(|e| e.cut) {
        out.push_str(&crate::t!(lang, "cli.advise.how_cut"));
        out.push('\n');
    }
    if to_win {
        out.push_str(&crate::t!(lang, "cli.advise.how_win"));
        out.push('\n');
    }
    out
}
