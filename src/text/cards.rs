//! A game in words: its reference card (`deckhand rules show GAME`), the one-line summary
//! of a checked rules file (`rules check`), what deckhand offers for it (`deckhand games`)
//! and the values a rules file marks as provisional (`rules show --provisional`).

use std::fmt::Write as _;

use crate::games::endgame::{EndgameRules, Scoring, Shape};
use crate::games::fischerspiel::model::{FischerspielRules, WindSource};
use crate::games::fleet::{BuildingVp, FleetRules, HarborEffect};
use crate::games::names::Names;
use crate::games::{CardLine, Compiled, Rules};
use crate::text::Lang;

/// The reference card of a game: its engine's card in words here, or the lines the
/// engine gives of itself (`games::Compiled::card`).
pub fn card(rules: &Rules, lang: Lang) -> String {
    let game = &rules.game;
    if let Some(r) = game.rules::<FleetRules>() {
        return fleet_card(r, lang);
    }
    if let Some(r) = game.rules::<EndgameRules>() {
        return endgame_card(r, lang);
    }
    if let Some(r) = game.rules::<FischerspielRules>() {
        return fischerspiel_card(r, lang);
    }
    described_card(game.compiled(), lang)
}

/// The card of a game that describes itself (`games::Card`): its title, then each section
/// under its heading — names and what they stand for in two columns, sentences, options,
/// the rules file's points.
fn described_card(game: &dyn Compiled, lang: Lang) -> String {
    let mut o = String::new();
    let Some(card) = game.card() else {
        title(&mut o, game.names().get(lang).to_string());
        return o;
    };
    title(&mut o, card.title.text(lang));
    for (heading, lines) in &card.sections {
        let _ = writeln!(o, "\n{}", heading.text(lang));
        if lines.is_empty() {
            let _ = writeln!(o, "  {}", crate::t!(lang, "games.card.not_described"));
        }
        let w = lines
            .iter()
            .filter_map(|l| match l {
                CardLine::Pair(name, _) => Some(name.get(lang).chars().count()),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        for line in lines {
            let _ = match line {
                CardLine::Pair(name, what) => writeln!(o, "  {:<w$}  {}", name.get(lang), what.text(lang)),
                CardLine::Line(m) => writeln!(o, "  {}", m.text(lang)),
                CardLine::Option { id, name, help } => {
                    let help = help.as_ref().map(|h| format!(": {}", h.get(lang))).unwrap_or_default();
                    writeln!(o, "  {id} ({}){help}", name.get(lang))
                }
                CardLine::Point(text) => writeln!(o, "  - {}", text.get(lang)),
            };
        }
    }
    o
}

/// What `rules check` says of a rules file without problems: its file, its game and what
/// it describes.
pub fn checked(file: &std::path::Path, rules: &Rules, lang: Lang) -> String {
    let game = &rules.game;
    let summary = if let Some(r) = game.rules::<FleetRules>() {
        let boxes: usize = r.sections.iter().map(|s| s.len).sum();
        crate::t!(lang, "cli.card.check_summary", sections = r.sections.len(), boxes = boxes)
    } else if let Some(r) = game.rules::<EndgameRules>() {
        endgame_summary_in(r, lang)
    } else if let Some(r) = game.rules::<FischerspielRules>() {
        fischerspiel_summary_in(r, lang)
    } else if let Some(summary) = game.compiled().summary() {
        summary.text(lang)
    } else {
        let (min, max) = rules.players();
        crate::t!(lang, "cli.card.check_players", min = min, max = max)
    };
    crate::t!(lang, "cli.card.check_ok", file = file.display(), game = rules.id(), summary = summary)
}

/// A game's line in `deckhand games` after its id and name: how many play it
/// (`2–4 players`) and what deckhand does for it.
pub fn offers(rules: &Rules, lang: Lang) -> (String, String) {
    let game = &rules.game;
    let does = if let Some(r) = game.rules::<FleetRules>() {
        crate::t!(lang, "cli.card.games_fleet", id = r.id)
    } else if let Some(r) = game.rules::<EndgameRules>() {
        endgame_offers_in(r, lang)
    } else if let Some(r) = game.rules::<FischerspielRules>() {
        crate::t!(lang, "cli.card.games_coop", id = r.id)
    } else if let Some(offers) = game.compiled().offers() {
        offers.text(lang)
    } else {
        crate::t!(lang, "cli.card.games_live", id = rules.id())
    };
    let (min, max) = rules.players();
    (crate::t!(lang, "cli.card.games_players", min = min, max = max), does)
}

/// The provisional values of a rules file (`path.key = value` lines, already written),
/// under a head naming the file and over their count.
pub fn provisional(file: &str, values: &[String], lang: Lang) -> String {
    let mut out = format!("{}\n\n", crate::t!(lang, "cli.card.provisional_head", file = file));
    for v in values {
        let _ = writeln!(out, "{v}");
    }
    let _ = writeln!(out, "\n{}", crate::t!(lang, "cli.card.provisional_count", n = values.len()));
    out
}

/// What deckhand does for an endgame game, in a language.
fn endgame_offers_in(r: &EndgameRules, lang: Lang) -> String {
    let mut does = crate::t!(lang, "games.offers.calculator");
    if r.nauticus.is_some() {
        does.push_str(&crate::t!(lang, "games.offers.helpers"));
    }
    if !r.calculators.is_empty() {
        let ids: Vec<&str> = r.calculators.iter().map(|c| c.id.as_str()).collect();
        does.push_str(&crate::t!(lang, "games.offers.calculators", id = r.id, ids = ids.join("|")));
    }
    does
}

/// The one-line summary of an endgame rules file, in a language.
fn endgame_summary_in(r: &EndgameRules, lang: Lang) -> String {
    let s = &r.sheet;
    crate::t!(
        lang,
        "games.summary.endgame",
        inputs = s.inputs.len(),
        limits = s.limits.len(),
        categories = s.categories.len(),
        ties = s.tie_breaks.len(),
        calculators = r.calculators.len()
    )
}

/// The one-line summary of a Fischerspiel rules file, in a language.
fn fischerspiel_summary_in(r: &FischerspielRules, lang: Lang) -> String {
    crate::t!(
        lang,
        "games.summary.fischerspiel",
        fish = r.fish.len(),
        boats = r.boats.len(),
        variants = r.variants.len()
    )
}

/// A card's first line: the game, its players and who made it when.
fn title(o: &mut String, line: String) {
    let _ = writeln!(o, "{line}");
}

fn section(o: &mut String, title: &str, lines: &[Names], lang: Lang) {
    let _ = writeln!(o, "\n{title}");
    if lines.is_empty() {
        let _ = writeln!(o, "  {}", crate::t!(lang, "games.card.not_described"));
    }
    for l in lines {
        let _ = writeln!(o, "  - {}", l.get(lang));
    }
}

fn inputs_table(o: &mut String, scoring: &Scoring, lang: Lang) {
    let w = scoring.inputs.iter().map(|i| i.id.len()).max().unwrap_or(0);
    for i in &scoring.inputs {
        let range = match i.shape {
            Shape::Number { min, max } => crate::t!(lang, "games.card.range", min = min, max = max),
            s => crate::text::endgame::range_text(s, lang),
        };
        let _ = writeln!(o, "    {:<w$}  {} ({range})", i.id, i.name.get(lang));
    }
}

fn endgame_card(r: &EndgameRules, lang: Lang) -> String {
    let mut o = String::new();
    let by = match (r.year, &r.by) {
        (Some(y), Some(b)) => format!(" ({y}, {})", b.get(lang)),
        (Some(y), None) => format!(" ({y})"),
        (None, Some(b)) => format!(" ({})", b.get(lang)),
        (None, None) => String::new(),
    };
    title(
        &mut o,
        crate::t!(
            lang,
            "games.card.endgame.title",
            game = r.name.get(lang),
            min = r.min_players,
            max = r.max_players,
            by = by
        ),
    );
    section(&mut o, &crate::t!(lang, "games.card.endgame.setup"), &r.card.setup, lang);
    section(&mut o, &crate::t!(lang, "games.card.endgame.round"), &r.card.round, lang);
    section(&mut o, &crate::t!(lang, "games.card.golden_rules"), &r.card.golden_rules, lang);
    section(&mut o, &crate::t!(lang, "games.card.end_scoring"), &r.card.end, lang);

    let s = &r.sheet;
    let _ = writeln!(o, "\n{}", crate::t!(lang, "games.card.how_scored"));
    let w = s.categories.iter().map(|c| s.values[*c].name.get(lang).chars().count()).max().unwrap_or(0);
    for c in &s.categories {
        let _ = writeln!(o, "  {:<w$}  {}", s.values[*c].name.get(lang), crate::text::endgame::describe(s, *c, lang));
    }
    for (v, value) in s.values.iter().enumerate() {
        if !s.categories.contains(&v) {
            let _ = writeln!(
                o,
                "  {}",
                crate::t!(
                    lang,
                    "games.card.where",
                    name = value.name.get(lang),
                    rule = crate::text::endgame::describe(s, v, lang)
                )
            );
        }
    }
    let mut ties: Vec<String> = s.tie_breaks.iter().map(|t| t.name.get(lang).to_string()).collect();
    ties.push(crate::t!(lang, "games.card.endgame.shared_place"));
    let then = crate::t!(lang, "games.card.endgame.ties_then");
    let _ = writeln!(o, "  {}", crate::t!(lang, "games.card.endgame.ties", list = ties.join(&then)));

    let _ = writeln!(o, "\n{}", crate::t!(lang, "games.card.inputs", id = r.id));
    inputs_table(&mut o, s, lang);
    if !s.limits.is_empty() {
        let _ = writeln!(o, "  {}", crate::t!(lang, "games.card.limits"));
        for l in &s.limits {
            let terms = crate::text::endgame::terms_text(s, &l.terms, |_| 0, lang);
            let terms = terms.replace(" (0)", "");
            let bound = match (l.min, l.max) {
                (Some(a), Some(b)) => crate::t!(lang, "games.card.range", min = a, max = b),
                (Some(a), None) => format!("≥ {a}"),
                (None, Some(b)) => format!("≤ {b}"),
                (None, None) => String::new(),
            };
            let scope = match l.scope {
                crate::games::endgame::Scope::Game => crate::t!(lang, "games.card.all_players"),
                crate::games::endgame::Scope::Player => String::new(),
            };
            let _ = writeln!(o, "    {terms} {bound}{scope} ({})", l.because.get(lang));
        }
    }

    for c in &r.calculators {
        if c.id == r.calculators[0].id {
            let _ = writeln!(o, "\n{}", crate::t!(lang, "games.card.calculators", id = r.id));
        }
        let keys: Vec<String> = c.scoring.inputs.iter().map(|i| format!("{}=…", i.id)).collect();
        let _ = writeln!(o, "  deckhand calc {} {} {}", r.id, c.id, keys.join(" "));
        let line = match &c.help {
            Some(h) => crate::t!(lang, "games.card.calc_help", name = c.name.get(lang), help = h.get(lang)),
            None => c.name.get(lang).to_string(),
        };
        let _ = writeln!(o, "    {line}");
        inputs_table(&mut o, &c.scoring, lang);
        for v in &c.scoring.categories {
            let _ = writeln!(
                o,
                "    → {} = {}",
                c.scoring.values[*v].name.get(lang),
                crate::text::endgame::describe(&c.scoring, *v, lang)
            );
        }
    }

    if let Some(h) = &r.nauticus {
        let _ = writeln!(o, "\n{}", crate::t!(lang, "games.card.table_helpers"));
        let _ = writeln!(o, "  {}", crate::t!(lang, "games.card.helpers.crowns_usage"));
        let _ = writeln!(
            o,
            "{}",
            crate::t!(lang, "games.card.helpers.crowns", cap = h.crown_cap_per_round, workers = h.extra_action_workers)
        );
        let penalties: Vec<String> = h.pass_penalties.iter().map(|p| format!("-{p}")).collect();
        let by_passes: Vec<String> = (0..=h.pass_penalties.len() as u32)
            .filter_map(|n| {
                crate::games::nauticus::helpers::pass_penalty(h, n)
                    .ok()
                    .map(|p| format!("{n}: {}", -i64::from(p.penalty)))
            })
            .collect();
        let _ = writeln!(o, "  deckhand nauticus pass --passes N   {}", crate::t!(lang, "games.card.helpers.pass_cmd"));
        let _ = writeln!(
            o,
            "{}",
            crate::t!(
                lang,
                "games.card.helpers.pass",
                tiles = penalties.join(" "),
                by = by_passes.join(", "),
                n = h.crowns_per_flipped_pass
            )
        );
        let _ = writeln!(o, "  {}", crate::t!(lang, "games.card.helpers.buy_usage"));
        let _ = writeln!(
            o,
            "{}",
            crate::t!(
                lang,
                "games.card.helpers.buy",
                max = h.max_slot_price,
                workers = h.workers_per_item,
                dup = crate::text::nauticus::taler(lang, h.duplicate_price),
                kinds = h.actions.first().map_or(4, |a| a.items.len()),
                free = h.free_items_for_all_kinds,
                extra = crate::text::nauticus::taler(lang, h.extra_action_price)
            )
        );
        for a in &h.actions {
            let items: Vec<&str> = a.items.iter().map(|i| i.id.as_str()).collect();
            let _ = writeln!(o, "      {:<6} {}  ({})", a.id, items.join(", "), a.name.get(lang));
        }
        let _ = writeln!(o, "  {}", crate::t!(lang, "games.card.helpers.rewards_usage"));
        let ids: Vec<&str> = h.rewards.iter().map(|r| r.id.as_str()).collect();
        let _ = writeln!(
            o,
            "{}",
            crate::t!(
                lang,
                "games.card.helpers.rewards",
                n = h.rewards_per_mast,
                max = h.max_same_reward,
                list = ids.join(", ")
            )
        );
    }
    let _ = writeln!(o, "\n{}", crate::t!(lang, "games.card.rules_file", id = r.id));
    o
}

fn fischerspiel_card(r: &FischerspielRules, lang: Lang) -> String {
    let mut o = String::new();
    let by = match (r.year, &r.by) {
        (Some(y), Some(b)) => format!(" ({y}, {})", b.get(lang)),
        _ => String::new(),
    };
    title(
        &mut o,
        crate::t!(
            lang,
            "games.card.coop_title",
            game = r.name.get(lang),
            min = r.min_players,
            max = r.max_players,
            by = by
        ),
    );
    let _ = writeln!(o, "\n{}", crate::t!(lang, "games.card.fs_setup"));
    let mut header = format!("  {:<8}", crate::t!(lang, "games.card.players"));
    for f in &r.fish {
        let _ = write!(header, "{:<16}", f.name.get(lang));
    }
    let _ = writeln!(o, "{header}{}", crate::t!(lang, "games.card.boats"));
    for (n, s) in &r.setups {
        let mut line = format!("  {n:<8}");
        for c in &s.fish {
            let _ = write!(line, "{:<16}", if *c == 0 { "-".to_string() } else { c.to_string() });
        }
        let sets: Vec<String> = s
            .boats
            .iter()
            .map(|set| set.iter().map(|b| r.boats[*b].name.get(lang)).collect::<Vec<_>>().join(", "))
            .collect();
        let total: u32 = s.fish.iter().sum();
        let _ = writeln!(
            o,
            "{line}{}  {}",
            sets.join(&crate::t!(lang, "games.card.or")),
            crate::t!(lang, "games.card.fish_total", n = total)
        );
    }
    let lift: Vec<String> = r.fish.iter().map(|f| format!("{} {}", f.name.get(lang), f.boats)).collect();
    let _ = writeln!(o, "  {}", crate::t!(lang, "games.card.lift", list = lift.join(", ")));
    let _ = writeln!(o, "  {}", crate::t!(lang, "games.card.start"));
    let variants: Vec<String> = r
        .variants
        .iter()
        .map(|v| {
            let wind = match v.wind {
                WindSource::Die => crate::t!(lang, "games.card.wind_die"),
                WindSource::Crest => crate::t!(lang, "games.card.wind_crest"),
            };
            let drift = if v.drift { crate::t!(lang, "games.card.with_drift") } else { String::new() };
            format!("{} = {} ({wind}{drift})", v.id, v.name.get(lang))
        })
        .collect();
    let _ = writeln!(o, "  {}", crate::t!(lang, "games.card.variants", list = variants.join("; ")));
    section(&mut o, &crate::t!(lang, "games.card.turn"), &r.card.round, lang);
    section(&mut o, &crate::t!(lang, "games.card.golden_rules"), &r.card.golden_rules, lang);
    let w = &r.wind;
    let relief: Vec<String> = w.relief_at.iter().map(u32::to_string).collect();
    let drift: Vec<String> =
        w.drift.iter().map(|(from, sq)| crate::t!(lang, "games.card.drift_step", n = sq, wind = from)).collect();
    let _ = writeln!(o, "\n{}", crate::t!(lang, "games.card.wind"));
    let _ = writeln!(
        o,
        "  {}",
        crate::t!(
            lang,
            "games.card.wind_start",
            markers = w.markers,
            hurricane = w.hurricane,
            capacity = w.capacity,
            storm = w.storm_capacity,
            from = w.storm_from
        )
    );
    let _ =
        writeln!(o, "  {}", crate::t!(lang, "games.card.relief", list = relief.join(", "), drift = drift.join(", ")));
    section(&mut o, &crate::t!(lang, "games.card.end"), &r.card.end, lang);
    let _ = writeln!(o, "\n{}", crate::t!(lang, "games.card.tracker"));
    let ids: Vec<&str> = r.variants.iter().map(|v| v.id.as_str()).collect();
    let _ = writeln!(o, "  {}", crate::t!(lang, "games.card.play_usage", id = r.id, variants = ids.join("|")));
    let _ = writeln!(
        o,
        "  {}",
        crate::t!(lang, "games.card.resume_usage", saved = crate::t!(lang, "games.card.saved_each"))
    );
    let _ = writeln!(o, "{}", crate::t!(lang, "games.card.helpers.events"));
    o
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
