//! `deckhand rules show|check|export` and `deckhand games`.

use std::fmt::Write as _;

use std::path::PathBuf;

use clap::Subcommand;

use crate::cli::args::EXIT_CODES;
use crate::cli::emit;
use crate::games::fleet::{BuildingVp, FleetRules, HarborEffect};
use crate::games::{self as rules, Game};
use crate::text::Lang;

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

/// The help texts of the commands and their arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("rules", "", "cli.help.rules.about"),
    ("rules/show", "", "cli.help.rules.show.about"),
    ("rules/show", "game", "cli.help.game_id"),
    ("rules/show", "provisional", "cli.help.rules.show.provisional"),
    ("rules/show", "rules", "cli.help.rules_file"),
    ("rules/check", "", "cli.help.rules.check.about"),
    ("rules/check", "file", "cli.help.rules.check.file"),
    ("rules/export", "", "cli.help.rules.export.about"),
    ("rules/export", "game", "cli.help.rules.export.game"),
];

pub fn run(cmd: RulesCommand, lang: Lang) -> anyhow::Result<i32> {
    match cmd {
        RulesCommand::Show { game, provisional, rules: path } => {
            let rules = rules::resolve(game.as_deref(), path.as_deref())?;
            let text =
                if provisional { provisional_values(&rules.source, lang)? } else { reference_card(&rules, lang) };
            emit(&text)?;
            Ok(0)
        }
        RulesCommand::Check { file } => {
            let rules = rules::from_path(&file)?;
            let summary = match &rules.game {
                Game::Fleet(r) => {
                    let boxes: usize = r.sections.iter().map(|s| s.len).sum();
                    crate::t!(lang, "cli.card.check_summary", sections = r.sections.len(), boxes = boxes)
                }
                Game::Endgame(r) => crate::cli::cards::endgame_summary_in(r, lang),
                Game::Fischerspiel(r) => crate::cli::cards::fischerspiel_summary_in(r, lang),
            };
            emit(&format!(
                "{}\n",
                crate::t!(lang, "cli.card.check_ok", file = file.display(), game = rules.id(), summary = summary)
            ))?;
            Ok(0)
        }
        RulesCommand::Export { game } => {
            let rules = rules::built_in(&game)?;
            emit(&rules.source.text)?;
            Ok(0)
        }
    }
}

pub fn games(lang: Lang) -> anyhow::Result<i32> {
    let mut rows = Vec::new();
    for (id, _) in rules::BUILT_IN {
        let rules = rules::built_in(id)?;
        let does = match &rules.game {
            Game::Fleet(r) => crate::t!(lang, "cli.card.games_fleet", id = r.id),
            Game::Endgame(r) => crate::cli::cards::endgame_offers_in(r, lang),
            Game::Fischerspiel(r) => crate::t!(lang, "cli.card.games_coop", id = r.id),
        };
        let (min, max) = rules.players();
        rows.push((
            id.to_string(),
            rules.names().get(lang).to_string(),
            crate::t!(lang, "cli.card.games_players", min = min, max = max),
            does,
        ));
    }
    let w0 = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let w1 = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for (id, name, players, does) in rows {
        let _ = writeln!(out, "{id:<w0$}  {name:<w1$}  {players}  {does}");
    }
    emit(&out)?;
    Ok(0)
}

/// Every value a rules file marks as provisional: tables with a `provisional = [keys]`
/// list, printed as `path.key = value`.
pub fn provisional_values(source: &rules::Source, lang: Lang) -> anyhow::Result<String> {
    let value: toml::Value = crate::source::de::from_str(&source.text)
        .map_err(|e| anyhow::anyhow!("{}", crate::text::diag::render(source, &e.diagnostic(), lang)))?;
    let mut out = format!("{}\n\n", crate::t!(lang, "cli.card.provisional_head", file = source.name.text(lang)));
    let mut count = 0;
    walk(&value, "", &mut out, &mut count);
    let _ = writeln!(out, "\n{}", crate::t!(lang, "cli.card.provisional_count", n = count));
    Ok(out)
}

fn walk(value: &toml::Value, path: &str, out: &mut String, count: &mut usize) {
    match value {
        toml::Value::Table(t) => {
            if let Some(toml::Value::Array(keys)) = t.get("provisional") {
                for key in keys.iter().filter_map(|k| k.as_str()) {
                    if let Some(v) = t.get(key) {
                        *count += 1;
                        let shown = match v {
                            toml::Value::String(s) => {
                                format!("\"{}\"", s.split_whitespace().collect::<Vec<_>>().join(" "))
                            }
                            other => other.to_string(),
                        };
                        let _ = writeln!(out, "{path}.{key} = {shown}");
                    }
                }
            }
            for (k, v) in t {
                let sub = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
                walk(v, &sub, out, count);
            }
        }
        toml::Value::Array(items) => {
            for item in items {
                let label = item.get("id").and_then(|i| i.as_str()).map(String::from);
                if let (Some(label), toml::Value::Table(_)) = (label, item) {
                    walk(item, &format!("{path}[{label}]"), out, count);
                }
            }
        }
        _ => {}
    }
}

fn reference_card(rules: &rules::Rules, lang: Lang) -> String {
    match &rules.game {
        Game::Fleet(r) => fleet_card(r, lang),
        Game::Endgame(r) => crate::cli::cards::endgame_card(r, lang),
        Game::Fischerspiel(r) => crate::cli::cards::fischerspiel_card(r, lang),
    }
}

fn fleet_card(r: &FleetRules, lang: Lang) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{}",
        crate::t!(
            lang,
            "cli.card.title",
            game = r.name.get(lang),
            min = r.min_players,
            max = r.max_players,
            rounds = r.rounds,
            solo = r.solo.rounds
        )
    );
    let _ = writeln!(o, "\n{}", crate::t!(lang, "cli.card.setup"));
    let _ = writeln!(o, "  {}", crate::t!(lang, "cli.card.start_roll", n = r.start_boxes));
    let _ = writeln!(o, "  {}", crate::t!(lang, "cli.card.start_result"));
    let _ = writeln!(o, "  {}", crate::t!(lang, "cli.card.pools"));
    for (players, p) in &r.dice.pools {
        let who = if *players == 1 {
            crate::t!(lang, "cli.card.solo")
        } else {
            crate::t!(lang, "cli.card.players", n = players)
        };
        let pool = crate::t!(lang, "cli.card.pool", boat = p.boat, town = p.town, town_boat = p.town_boat);
        let _ = writeln!(o, "    {who:<10} {pool}");
    }
    let _ = writeln!(o, "\n{}", crate::t!(lang, "cli.card.round"));
    let _ = writeln!(o, "  1. {}", crate::t!(lang, "cli.card.boat_phase"));
    let _ = writeln!(o, "  2. {}", crate::t!(lang, "cli.card.income", base = r.income_base, cap = r.income_cap));
    let fishing: Vec<String> = r.fishing_rounds.iter().map(u32::to_string).collect();
    let _ = writeln!(o, "  3. {}", crate::t!(lang, "cli.card.fishing", rounds = fishing.join(", ")));
    let _ = writeln!(o, "  4. {}", crate::t!(lang, "cli.card.town_phase"));
    let _ = writeln!(o, "  5. {}", crate::t!(lang, "cli.card.marker"));
    let _ = writeln!(o, "  {}", crate::t!(lang, "cli.card.die_as_coins", n = r.dice.die_as_coins));
    let _ = writeln!(o, "\n{}", crate::t!(lang, "cli.card.golden_rules"));
    let _ = writeln!(o, "  1. {}", crate::t!(lang, "cli.card.golden_1"));
    let _ = writeln!(o, "  2. {}", crate::t!(lang, "cli.card.golden_2"));
    let _ = writeln!(o, "     {}", crate::t!(lang, "cli.card.golden_2b"));
    let _ = writeln!(o, "\n{}", crate::t!(lang, "cli.card.sections"));
    for (s, section) in r.sections.iter().enumerate() {
        if section.len > 0 {
            let _ = writeln!(o, "  {:<16} {}", section.id, r.layout_hint(s));
        }
    }
    let _ = writeln!(o, "\n{}", crate::t!(lang, "cli.card.boats"));
    for t in &r.boat_types {
        let boats: Vec<String> = t.boats.iter().map(|b| format!("{}/{}", b.capacity, b.vp)).collect();
        let _ = writeln!(o, "  {:<12} {}", t.name.get(lang), boats.join("  "));
    }
    for h in &r.harbor {
        if !h.boats.is_empty() {
            let boats: Vec<String> = h.boats.iter().map(|b| format!("{}/{}", b.capacity, b.vp)).collect();
            let _ = writeln!(o, "  {:<12} {}", h.name.get(lang), boats.join("  "));
        }
    }
    let _ = writeln!(o, "\n{}", crate::t!(lang, "cli.card.end"));
    let cats: Vec<&str> = r.categories.iter().map(|(_, n)| n.get(lang)).collect();
    let _ =
        writeln!(o, "  {}", crate::t!(lang, "cli.card.after_round", round = r.rounds, categories = cats.join(", ")));
    if let Some(h) = r.harbor.iter().find(|h| h.effect == HarborEffect::KingCrab) {
        let _ = writeln!(
            o,
            "  {}",
            crate::t!(lang, "cli.card.king_crab", name = h.name.get(lang), vp = h.license_vp, cap = r.king_crab_cap)
        );
        for b in &r.king_crab_bonuses {
            let _ = writeln!(o, "    {:<14} {}", b.id, b.name.get(lang));
        }
    }
    let _ = writeln!(o, "  {}", crate::t!(lang, "cli.card.wharf"));
    for b in &r.wharf {
        let vp = match b.vp {
            BuildingVp::Complete(p) => crate::t!(lang, "cli.card.vp_complete", vp = p),
            BuildingVp::PerBox(p) => crate::t!(lang, "cli.card.vp_per_box", vp = p),
            BuildingVp::AllBoxes(p) => crate::t!(lang, "cli.card.vp_all_boxes", vp = p),
        };
        let hexes = if b.hex_vp.is_empty() {
            String::new()
        } else {
            crate::t!(lang, "cli.card.hexes", vp = b.hex_vp.iter().map(u32::to_string).collect::<Vec<_>>().join("/"))
        };
        let _ = writeln!(o, "    {:<22} {vp}{hexes}", b.name.get(lang));
    }
    let market: Vec<String> =
        r.market.iter().map(|(f, c)| crate::t!(lang, "cli.card.market_step", fish = f, coins = c)).collect();
    let _ = writeln!(o, "  {}", crate::t!(lang, "cli.card.market", steps = market.join(", ")));
    let _ = writeln!(o, "  {}", crate::t!(lang, "cli.card.winner"));
    let _ = writeln!(o, "\n{}", crate::text::fleet::open_questions(r, lang));
    let _ = writeln!(o, "{}", crate::t!(lang, "cli.card.provisional", id = r.id));
    o
}
