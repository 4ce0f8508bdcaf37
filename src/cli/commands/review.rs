//! `deckhand review SAVE`: a saved Fleet game replayed with the advisor beside it — per
//! player the decisions that cost the most expected points and what the advisor
//! preferred, the points lost to choices (`skill`) and what the dice dealt (`luck`).

use clap::Args;
use serde_json::{json, Value};

use crate::cli::args::{SavedGame, SavedRules};
use crate::cli::commands::advise::{AdviseFormat, PolicyArg};
use crate::cli::emit;
use crate::cli::progress::Progress;
use crate::games::fleet::advisor::review::{review, PlayerReview, Weighed};
use crate::games::fleet::advisor::{after_pick, Estimate, Policy};
use crate::games::FleetRules;
use crate::text::advisor::{self as words, answer_label};
use crate::text::Lang;

#[derive(Debug, Args)]
pub struct ReviewArgs {
    #[command(flatten)]
    pub save: SavedGame,
    /// Seed of the playouts (the same seed gives the same figures)
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Playouts per answer of each decision weighed
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub playouts: u32,
    /// How every seat plays in the playouts
    #[arg(long, value_enum, default_value_t = PolicyArg::Greedy)]
    pub policy: PolicyArg,
    /// Decisions listed per player, the costliest first
    #[arg(long, default_value_t = 3)]
    pub top: usize,
    /// Output format
    #[arg(long, value_enum, default_value_t = AdviseFormat::Table)]
    pub format: AdviseFormat,
    /// Show no progress bar (on a terminal, one shows when the command runs over a second)
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub rules: SavedRules,
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("review", "", "cli.help.review.about"),
    ("review", "file", "cli.help.save_file"),
    ("review", "seed", "cli.help.advise.seed"),
    ("review", "playouts", "cli.help.review.playouts"),
    ("review", "policy", "cli.help.advise.policy"),
    ("review", "top", "cli.help.review.top"),
    ("review", "format", "cli.help.score.format"),
    ("review", "rules", "cli.help.began_with"),
    ("review", "allow_rules_change", "cli.help.advise.allow_rules_change"),
    ("review", "quiet", "cli.help.quiet"),
];

pub fn run(args: ReviewArgs, lang: Lang) -> anyhow::Result<i32> {
    if let crate::cli::saves::Reader::Described(header) = crate::cli::saves::reader(&args.save.file)? {
        return crate::cli::generic::review(&args, &header, lang);
    }
    let (rules, header, setup, session) =
        crate::cli::commands::advise::open_save(&args.save.file, &args.rules, "review", lang)?;
    let fleet = rules.fleet().expect("checked in reopen");
    let settings = args.policy.settings(args.playouts, args.seed);
    let progress = Progress::new(None, crate::t!(lang, "cli.progress.review"), args.quiet, lang);
    let reviews = review(fleet, &header.players, setup.options(), &session.inputs, &settings, &mut |done, all| {
        progress.size(all as u64);
        progress.set(done as u64);
    });
    progress.finish();
    let text = match args.format {
        AdviseFormat::Json => {
            let players: Vec<Value> =
                reviews.iter().map(|r| player_json(fleet, &header.players[r.player], r, args.top, lang)).collect();
            let v = json!({
                "seed": args.seed,
                "playouts": args.playouts,
                "policy": match settings.policy { Policy::Random => "random", Policy::Greedy => "greedy" },
                "over": session.game.finished(),
                // The sum the parts make (`edge` is shown apart, not a part of it).
                "identity": "score = start + luck - skill + table + noise",
                "players": players,
            });
            serde_json::to_string_pretty(&v)? + "\n"
        }
        AdviseFormat::Table => {
            reviews
                .iter()
                .map(|r| words::review(fleet, &header.players[r.player], r, args.top, lang))
                .collect::<String>()
                + &words::review_how(args.playouts, args.seed, settings.policy, lang)
                + "\n"
        }
    };
    emit(&text)?;
    Ok(0)
}

/// An answer of a weighed decision: its keys, words and figures (`mean` as the search
/// found it, `points` as the held-out playouts re-estimate it).
fn answer_json(rules: &FleetRules, w: &Weighed, e: &Estimate, points: f64, lang: Lang) -> Value {
    let then = e.answer.then.and_then(|(then, _)| {
        after_pick(rules, &w.game, &w.advice, e).map(|(after, _)| then.key(rules, &after).into_owned())
    });
    json!({
        "answer": e.answer.choice.key(rules, &w.game),
        "then": then,
        "label": answer_label(rules, &w.game, &w.advice, e, lang),
        "mean": e.mean,
        "stderr": e.stderr,
        "win": e.win,
        "points": points,
    })
}

fn player_json(rules: &FleetRules, name: &str, r: &PlayerReview, top: usize, lang: Lang) -> Value {
    let decisions: Vec<Value> = r
        .decisions
        .iter()
        .take(top)
        .map(|w| {
            json!({
                "round": w.round,
                "question": crate::text::fleet::prompt(rules, &w.game, &w.advice.decision, lang),
                "lost": w.lost(),
                "cost": w.cost(),
                "edge": w.edge(),
                "reference_points": w.reference_points,
                "played_points": w.played_points,
                "exact": w.advice.exact,
                "chosen": answer_json(rules, w, &w.advice.estimates[w.chosen], w.chosen_points, lang),
                "best": answer_json(rules, w, &w.advice.estimates[w.advice.best], w.best_points, lang),
            })
        })
        .collect();
    json!({
        "player": name,
        "score": r.score,
        "start": r.start,
        "luck": r.luck,
        "skill": r.skill,
        "edge": r.edge,
        "table": r.table,
        "noise": r.noise,
        "weighed": r.decisions.len(),
        "decisions": decisions,
    })
}
