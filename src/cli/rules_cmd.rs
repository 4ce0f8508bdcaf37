//! `deckhand rules show|check|export` and `deckhand games`.

use std::fmt::Write as _;

use super::{emit, RulesCommand};
use crate::rules::fleet::{BuildingVp, FleetRules, HarborEffect};
use crate::rules::{self, Game};

pub fn run(cmd: RulesCommand, lang: &str) -> anyhow::Result<i32> {
    match cmd {
        RulesCommand::Show { game, provisional, rules: path } => {
            let rules = rules::resolve(game.as_deref(), path.as_deref())?;
            let text = if provisional { provisional_values(&rules.source)? } else { reference_card(&rules, lang) };
            emit(&text)?;
            Ok(0)
        }
        RulesCommand::Check { file } => {
            let rules = rules::from_path(&file)?;
            let summary = match &rules.game {
                Game::Fleet(r) => {
                    let boxes: usize = r.sections.iter().map(|s| s.len).sum();
                    format!("{} sections, {} boxes", r.sections.len(), boxes)
                }
                Game::Endgame(r) => super::cards::endgame_summary(r),
                Game::Fischerspiel(r) => super::cards::fischerspiel_summary(r),
            };
            emit(&format!("{}: ok — game `{}` ({summary})\n", file.display(), rules.id()))?;
            Ok(0)
        }
        RulesCommand::Export { game } => {
            let rules = rules::built_in(&game)?;
            emit(&rules.source.text)?;
            Ok(0)
        }
    }
}

pub fn games(lang: &str) -> anyhow::Result<i32> {
    let mut rows = Vec::new();
    for (id, _) in rules::BUILT_IN {
        let rules = rules::built_in(id)?;
        let does = match &rules.game {
            Game::Fleet(_) => "check and score sheets, enter a paper sheet".to_string(),
            Game::Endgame(r) => super::cards::endgame_offers(r),
            Game::Fischerspiel(r) => format!("co-op wind and fish tracker: deckhand play {} --players N", r.id),
        };
        let (min, max) = rules.players();
        rows.push((id.to_string(), rules.name(lang).to_string(), format!("{min}-{max} players"), does));
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
pub fn provisional_values(source: &rules::Source) -> anyhow::Result<String> {
    let value: toml::Value = toml::from_str(&source.text)?;
    let mut out = format!(
        "Provisional values in {} — the rulebooks do not state these (the sheet is only a picture).\n\
         Compare them with your pad; to correct one, copy the file (`deckhand rules export GAME > my-pad.toml`),\n\
         edit it, check it with `deckhand rules check my-pad.toml` and pass `--rules my-pad.toml`.\n\n",
        source.name
    );
    let mut count = 0;
    walk(&value, "", &mut out, &mut count);
    let _ = writeln!(out, "\n{count} provisional value(s).");
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

fn reference_card(rules: &rules::Rules, lang: &str) -> String {
    match &rules.game {
        Game::Fleet(r) => fleet_card(r, lang),
        Game::Endgame(r) => super::cards::endgame_card(r, lang),
        Game::Fischerspiel(r) => super::cards::fischerspiel_card(r, lang),
    }
}

fn fleet_card(r: &FleetRules, lang: &str) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{} — {}-{} players, {} rounds (solo {})",
        r.name.get(lang),
        r.min_players,
        r.max_players,
        r.rounds,
        r.solo.rounds
    );
    let _ = writeln!(o, "\nSetup");
    let _ = writeln!(
        o,
        "  Each player rolls a boat die (reroll coins) and marks the first {} boxes of that column:",
        r.start_boxes
    );
    let _ = writeln!(o, "  one license and one launched boat. A random player starts.");
    let _ = writeln!(o, "  Dice pools (boat phase / town phase):");
    for (players, p) in &r.dice.pools {
        let who = if *players == 1 { "solo".to_string() } else { format!("{players} players") };
        let _ = writeln!(o, "    {who:<10} {} boat dice / {} town dice + {} boat die", p.boat, p.town, p.town_boat);
    }
    let _ = writeln!(o, "\nA round");
    let _ = writeln!(o, "  1. Boat phase: roll the boat pool; in turn order each player picks a die; then everyone uses the last (shared) die.");
    let _ = writeln!(
        o,
        "  2. Income: {} coin + lobster license + canning co per full boat; at most {}.",
        r.income_base, r.income_cap
    );
    let fishing: Vec<String> = r.fishing_rounds.iter().map(u32::to_string).collect();
    let _ = writeln!(
        o,
        "  3. Fishing (rounds {}): every launched boat catches 1 fish; oyster boats 2 (or 1 fish + 1 coin).",
        fishing.join(", ")
    );
    let _ = writeln!(
        o,
        "  4. Town phase: roll the town pool; pick as in the boat phase: harbor, wharf, market or the boat die."
    );
    let _ = writeln!(o, "  5. The start player marker passes left.");
    let _ = writeln!(o, "  Any die may be used as {} coin instead.", r.dice.die_as_coins);
    let _ = writeln!(o, "\nGolden rules");
    let _ = writeln!(o, "  1. A mark always goes in the topmost free box of its section; never skip a box.");
    let _ = writeln!(o, "  2. Every fillable space is a box. Circles are activation circles: B launches a boat,");
    let _ =
        writeln!(o, "     L activates a license, ? is your choice; star boxes on the coin track give a star action.");
    let _ = writeln!(o, "\nSheet sections (box ids are SECTION.N, top to bottom)");
    for (s, section) in r.sections.iter().enumerate() {
        if section.len > 0 {
            let _ = writeln!(o, "  {:<16} {}", section.id, r.layout_hint(s));
        }
    }
    let _ = writeln!(o, "\nBoats (capacity/VP)");
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
    let _ = writeln!(o, "\nEnd of game and scoring");
    let cats: Vec<&str> = r.categories.iter().map(|(_, n)| n.get(lang)).collect();
    let _ = writeln!(o, "  After round {}. Categories: {}.", r.rounds, cats.join(", "));
    if let Some(h) = r.harbor.iter().find(|h| h.effect == HarborEffect::KingCrab) {
        let _ = writeln!(
            o,
            "  {} license {} VP; chosen bonus at most {} VP:",
            h.name.get(lang),
            h.license_vp,
            r.king_crab_cap
        );
        for b in &r.king_crab_bonuses {
            let _ = writeln!(o, "    {:<14} {}", b.id, b.name.get(lang));
        }
    }
    let _ = writeln!(o, "  Wharf buildings:");
    for b in &r.wharf {
        let vp = match b.vp {
            BuildingVp::Complete(p) => format!("{p} VP when complete"),
            BuildingVp::PerBox(p) => format!("{p} VP per marked box"),
            BuildingVp::AllBoxes(p) => format!("{p} VP if every box is marked"),
        };
        let hexes = if b.hex_vp.is_empty() {
            String::new()
        } else {
            format!("; hexes {}", b.hex_vp.iter().map(u32::to_string).collect::<Vec<_>>().join("/"))
        };
        let _ = writeln!(o, "    {:<22} {vp}{hexes}", b.name.get(lang));
    }
    let _ = writeln!(
        o,
        "  Market: {}",
        r.market.iter().map(|(f, c)| format!("{f}+ fish → {c}")).collect::<Vec<_>>().join(", ")
    );
    let _ = writeln!(o, "  Most VP wins; a tie goes to the most fish; still tied: a shared win.");
    let _ = writeln!(o, "\nValues marked provisional: `deckhand rules show {} --provisional`.", r.id);
    o
}
