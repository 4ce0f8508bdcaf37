//! `deckhand lab --option casino_reroll=unlimited --rules house.toml --policy greedy`: the
//! same seeded Fleet games under the built-in rules and under each variant given (a rules
//! file, or a named `[options]` reading), every seat played alike by deckhand; per variant
//! the first seat's mean score and win rate with their 95% intervals.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde_json::json;

use crate::cli::commands::advise::{AdviseFormat, PolicyArg};
use crate::cli::emit;
use crate::games::fleet::advisor::lab::{lab_with, set_option, LabResult, OptionError};
use crate::games::fleet::advisor::selfplay::Seat;
use crate::games::fleet::advisor::Policy;
use crate::games::FleetRules;
use crate::text::advisor as words;
use crate::text::Lang;
use crate::Error;

#[derive(Debug, Args)]
pub struct LabArgs {
    /// A rules file to compare with the built-in rules (repeatable)
    #[arg(long, value_name = "FILE")]
    pub rules: Vec<PathBuf>,
    /// A named option of the built-in rules to compare, KEY=VALUE (repeatable)
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// How every seat plays: random, greedy or advisor
    #[arg(long, value_enum, default_value_t = LabPolicy::Greedy)]
    pub policy: LabPolicy,
    /// Games per variant
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Seed of the games (every variant plays the same seeds)
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Seats (1: solo against Captain Ruth)
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub players: u32,
    /// Playouts per answer of the advisor
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub playouts: u32,
    /// Output format
    #[arg(long, value_enum, default_value_t = AdviseFormat::Table)]
    pub format: AdviseFormat,
    /// Show no progress bar (on a terminal, one shows when the command runs over a second)
    #[arg(long, short)]
    pub quiet: bool,
}

/// How every seat plays in the lab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LabPolicy {
    Random,
    Greedy,
    Advisor,
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("lab", "", "cli.help.lab.about"),
    ("lab", "rules", "cli.help.lab.rules"),
    ("lab", "options", "cli.help.lab.option"),
    ("lab", "policy", "cli.help.lab.policy"),
    ("lab", "games", "cli.help.lab.games"),
    ("lab", "seed", "cli.help.lab.seed"),
    ("lab", "players", "cli.help.lab.players"),
    ("lab", "playouts", "cli.help.selfplay.playouts"),
    ("lab", "format", "cli.help.score.format"),
    ("lab", "quiet", "cli.help.quiet"),
];

/// One variant of the rules: what it is, and its rules.
enum Variant {
    BuiltIn,
    File(PathBuf),
    Option(String, String),
}

pub fn run(args: LabArgs, lang: Lang) -> anyhow::Result<i32> {
    let built_in = crate::games::built_in("fleet-dice")?;
    let base = built_in.fleet().expect("fleet-dice is a Fleet game").clone();
    let mut variants: Vec<(Variant, FleetRules)> = vec![(Variant::BuiltIn, base.clone())];
    for path in &args.rules {
        let rules = crate::games::from_path(path)?;
        let Some(fleet) = rules.fleet() else {
            return Err(Error::Usage(crate::msg!("cli.lab.not_fleet", file = path.display(), game = rules.id())).into());
        };
        variants.push((Variant::File(path.clone()), fleet.clone()));
    }
    for option in &args.options {
        let Some((key, value)) = option.split_once('=').map(|(k, v)| (k.trim(), v.trim())) else {
            return Err(Error::Usage(crate::msg!("cli.lab.option_form", option = option)).into());
        };
        let mut rules = base.clone();
        match set_option(&mut rules.options, key, value) {
            Ok(()) => {}
            Err(OptionError::UnknownKey) => {
                let keys: Vec<&str> = base.options.questions().iter().map(|q| q.key).collect();
                return Err(Error::Usage(crate::msg!("cli.lab.option_key", key = key, keys = keys.join(", "))).into());
            }
            Err(OptionError::UnknownValue(values)) => {
                return Err(Error::Usage(crate::msg!(
                    "cli.lab.option_value",
                    key = key,
                    value = value,
                    values = values.join(", ")
                ))
                .into());
            }
        }
        variants.push((Variant::Option(key.to_string(), value.to_string()), rules));
    }
    let n = args.players;
    for (_, rules) in &variants {
        if n > rules.max_players || (n > 1 && n < rules.min_players.max(2)) {
            return Err(Error::Usage(crate::msg!("cli.lab.players", n = n, max = rules.max_players)).into());
        }
    }
    let seat = match args.policy {
        LabPolicy::Random => Seat::Policy(Policy::Random),
        LabPolicy::Greedy => Seat::Policy(Policy::Greedy),
        LabPolicy::Advisor => Seat::Advisor(PolicyArg::Greedy.settings(args.playouts, 0)),
    };
    let rules: Vec<&FleetRules> = variants.iter().map(|(_, r)| r).collect();
    let all = u64::from(args.games) * rules.len() as u64;
    let progress =
        crate::cli::progress::Progress::new(Some(all), crate::t!(lang, "cli.progress.games"), args.quiet, lang);
    let results = lab_with(&rules, seat, n as usize, args.games, args.seed, &|| progress.step());
    progress.finish();
    let text = match args.format {
        AdviseFormat::Json => json_text(&args, &variants, &results)?,
        AdviseFormat::Table => table_text(&args, &variants, &results, &seat, lang),
    };
    emit(&text)?;
    Ok(0)
}

fn policy_word(p: LabPolicy) -> &'static str {
    match p {
        LabPolicy::Random => "random",
        LabPolicy::Greedy => "greedy",
        LabPolicy::Advisor => "advisor",
    }
}

fn json_text(args: &LabArgs, variants: &[(Variant, FleetRules)], results: &[LabResult]) -> anyhow::Result<String> {
    let rows: Vec<_> = variants
        .iter()
        .zip(results)
        .map(|((v, _), r)| {
            let (kind, variant) = match v {
                Variant::BuiltIn => ("built_in", "fleet-dice".to_string()),
                Variant::File(p) => ("rules", p.display().to_string()),
                Variant::Option(k, val) => ("option", format!("{k}={val}")),
            };
            json!({
                "kind": kind, "variant": variant, "games": r.games, "mean": r.mean, "ci95": r.ci95,
                "wins": r.wins.map(|w| w.wins), "win_rate": r.wins.map(|w| w.rate),
                "win_ci95": r.wins.map(|w| [w.ci95.0, w.ci95.1]),
            })
        })
        .collect();
    let advisor = (args.policy == LabPolicy::Advisor).then_some(args.playouts);
    Ok(serde_json::to_string_pretty(&json!({
        "games": args.games, "seed": args.seed, "players": args.players, "policy": policy_word(args.policy),
        "advisor_playouts": advisor, "seat": 1, "variants": rows,
    }))? + "\n")
}

fn table_text(
    args: &LabArgs,
    variants: &[(Variant, FleetRules)],
    results: &[LabResult],
    seat: &Seat,
    lang: Lang,
) -> String {
    use comfy_table::{presets, Cell, CellAlignment, ContentArrangement, Table};
    let mut table = Table::new();
    table.load_preset(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Disabled);
    table.set_header(words::lab_columns(args.players, lang));
    for ((v, _), r) in variants.iter().zip(results) {
        let label = match v {
            Variant::BuiltIn => words::lab_built_in(lang),
            Variant::File(p) => p.display().to_string(),
            Variant::Option(k, val) => words::lab_option(k, val, lang),
        };
        let mut row =
            vec![Cell::new(label), Cell::new(words::mean(r.mean, r.ci95, lang)).set_alignment(CellAlignment::Right)];
        if let Some(w) = &r.wins {
            row.push(Cell::new(words::lab_wins(w, lang)).set_alignment(CellAlignment::Right));
        }
        table.add_row(row);
    }
    format!("{table}\n{}\n", words::lab_how(args.games, args.seed, args.players, seat, lang))
}
