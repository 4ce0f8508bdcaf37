//! A Fleet sheet's violations in words: what was found (`message`) and what would make the
//! sheet legal (`fix`), in a language. The check (`games::fleet::check`) only finds them.

use std::fmt::Write as _;
use std::path::PathBuf;

use crate::games::fleet::check::{Circles, Found, Violation};
use crate::games::fleet::{FleetRules, Sheet};
use crate::t;
use crate::text::escape_controls;
use crate::text::fleet::{boat_name, quantity_name, section_name};
use crate::text::Lang;

/// The rule broken, in plain words.
pub fn message(rules: &FleetRules, v: &Violation, lang: Lang) -> String {
    let type_name = |t: usize| rules.boat_types[t].name.get(lang);
    let circles = |t: usize, c: &Circles| {
        t!(lang, "engine.check_circles", l = c.license, b = c.boat, n = c.choice, boat_type = type_name(t))
    };
    match &v.found {
        Found::GoldenRule { marked, first_empty, .. } => {
            t!(lang, "engine.check_golden_rule", n = marked.len(), ids = marked.join(", "), empty = first_empty)
        }
        Found::CrossedWithoutSolo { id } => t!(lang, "engine.check_crossed_without_solo", id = id),
        Found::CrossedNotAllowed { id, section } => {
            t!(lang, "engine.check_crossed_not_allowed", id = id, section = section_name(rules, *section, lang))
        }
        Found::RuthNotLowest { crossed, below, .. } => {
            t!(lang, "engine.check_ruth_not_lowest", n = below.len(), ids = crossed.join(", "), below = span_of(below))
        }
        Found::RuthStarSkipped { crossed, open } => {
            t!(lang, "engine.check_ruth_star_skipped", id = crossed, open = open)
        }
        Found::StartBoxes { n } => t!(lang, "engine.check_start_boxes", n = n),
        Found::TooManyLicenses { boat_type, licenses, circles: c } => t!(
            lang,
            "engine.check_too_many_licenses",
            n = licenses,
            boat_type = type_name(*boat_type),
            circles = circles(*boat_type, c)
        ),
        Found::TooManyBoats { boat_type, boats, licenses, circles: c } => t!(
            lang,
            "engine.check_too_many_boats",
            n = boats,
            licenses = licenses,
            boat_type = type_name(*boat_type),
            circles = circles(*boat_type, c)
        ),
        Found::TooFewLicenses { boat_type, licenses, circles: c, .. } => t!(
            lang,
            "engine.check_too_few_licenses",
            n = licenses,
            boat_type = type_name(*boat_type),
            circles = circles(*boat_type, c)
        ),
        Found::TooFewBoats { boat_type, boats, circles: c, .. } => t!(
            lang,
            "engine.check_too_few_boats",
            n = boats,
            boat_type = type_name(*boat_type),
            circles = circles(*boat_type, c)
        ),
        Found::GrantsMismatch { boat_type, licenses, boats, circles: c, least, most, .. } => t!(
            lang,
            "engine.check_grants_mismatch",
            licenses = licenses,
            boats = boats,
            boat_type = type_name(*boat_type),
            circles = circles(*boat_type, c),
            lo = least,
            hi = most
        ),
        Found::FishOnUnlaunchedBoat { boat, fish, launch } => {
            t!(lang, "engine.check_fish_unlaunched", boat = boat_name(rules, boat, lang), n = fish, id = launch)
        }
        Found::FishOverCapacity { boat, fish, cap } => {
            let why = if *cap == 0 { t!(lang, "engine.check_catches_no_fish") } else { String::new() };
            t!(lang, "engine.check_fish_capacity", boat = boat_name(rules, boat, lang), n = fish, cap = cap, why = why)
        }
        Found::FishOverFishing { boat, fish, phases, regular, rounds, private, max } => t!(
            lang,
            "engine.check_fish_fishing",
            boat = boat_name(rules, boat, lang),
            fish = fish,
            n = phases,
            regular = regular,
            rounds = rounds,
            private = private,
            max = max
        ),
        Found::BuffetIncomplete { hex, building } => {
            t!(lang, "engine.check_buffet", id = hex, building = rules.wharf[*building].name.get(lang))
        }
        Found::SalvageIncomplete { stars, building } => {
            t!(lang, "engine.check_salvage", n = stars, building = rules.wharf[*building].name.get(lang))
        }
        Found::KingCrabBonusMissing { harbor, circle } => {
            t!(lang, "engine.check_bonus_missing", name = rules.harbor[*harbor].name.get(lang), id = circle)
        }
        Found::KingCrabBonusWithoutLicense { bonus, harbor, circle } => t!(
            lang,
            "engine.check_bonus_without_license",
            bonus = rules.king_crab_bonuses[*bonus].name.get(lang),
            name = rules.harbor[*harbor].name.get(lang),
            id = circle
        ),
        Found::KingCrabBonusTaken { bonus, first } => {
            t!(lang, "engine.check_bonus_taken", bonus = rules.king_crab_bonuses[*bonus].name.get(lang), player = first)
        }
        Found::TooFewCoins { coins, rounds, base, second_licenses, each, least, .. } => t!(
            lang,
            "engine.check_too_few_coins",
            n = coins,
            rounds = rounds,
            base = base,
            second = second_licenses,
            each = each,
            least = least
        ),
        Found::CaptainMarks { captain, id } => {
            t!(lang, "engine.check_captain_marks", captain = rules.captains[*captain].name.get(lang), id = id)
        }
        Found::TrophyNotEarned { trophy, at_least, quantity, have } => {
            let message = t!(
                lang,
                "engine.check_trophy_not_earned",
                trophy = rules.trophies[*trophy].name.get(lang),
                n = at_least,
                quantity = quantity_name(*quantity, lang),
                have = have
            );
            match lang {
                Lang::En => message.to_lowercase(),
                Lang::De | Lang::Fr => message,
            }
        }
        Found::SilverShared { trophy, first } => {
            t!(lang, "engine.check_silver_shared", trophy = rules.trophies[*trophy].name.get(lang), player = first)
        }
        Found::GoldShared { trophy, best, player } => t!(
            lang,
            "engine.check_gold_shared",
            trophy = rules.trophies[*trophy].name.get(lang),
            best = best,
            player = player
        ),
    }
}

/// What would make the sheet legal.
pub fn fix(rules: &FleetRules, v: &Violation, lang: Lang) -> String {
    let type_name = |t: usize| rules.boat_types[t].name.get(lang);
    match &v.found {
        Found::GoldenRule { fill, last, .. } => {
            t!(lang, "engine.check_fix_golden_rule", ids = fill.join(", "), last = last)
        }
        Found::CrossedWithoutSolo { .. } => t!(lang, "engine.check_fix_crossed_without_solo"),
        Found::CrossedNotAllowed { .. } => t!(lang, "engine.check_fix_crossed_not_allowed"),
        Found::RuthNotLowest { lowest, .. } => {
            t!(lang, "engine.check_fix_ruth_not_lowest", n = lowest.len(), ids = span_of(lowest))
        }
        Found::RuthStarSkipped { open, .. } => t!(lang, "engine.check_fix_ruth_star_skipped", open = open),
        Found::StartBoxes { n } => t!(lang, "engine.check_fix_start_boxes", n = n),
        Found::TooManyLicenses { boat_type, .. } => {
            t!(lang, "engine.check_fix_too_many_licenses", boat_type = type_name(*boat_type))
        }
        Found::TooManyBoats { boat_type, .. } => {
            t!(lang, "engine.check_fix_too_many_boats", boat_type = type_name(*boat_type))
        }
        Found::TooFewLicenses { next, .. } => t!(lang, "engine.check_fix_too_few_licenses", id = next),
        Found::TooFewBoats { next, .. } => t!(lang, "engine.check_fix_too_few_boats", id = next),
        Found::GrantsMismatch { next_license, next_boat, .. } => {
            t!(lang, "engine.check_fix_grants_mismatch", license = next_license, boat = next_boat)
        }
        Found::FishOnUnlaunchedBoat { launch, .. } => t!(lang, "engine.check_fix_fish_unlaunched", id = launch),
        Found::FishOverCapacity { cap, .. } => t!(lang, "engine.check_fix_fish_capacity", cap = cap),
        Found::FishOverFishing { max, .. } => t!(lang, "engine.check_fix_fish_fishing", max = max),
        Found::BuffetIncomplete { building, .. } => {
            t!(lang, "engine.check_fix_buffet", building = rules.wharf[*building].name.get(lang))
        }
        Found::SalvageIncomplete { building, .. } => {
            t!(lang, "engine.check_fix_salvage", building = rules.wharf[*building].name.get(lang))
        }
        Found::KingCrabBonusMissing { .. } => {
            let ids: Vec<&str> = rules.king_crab_bonuses.iter().map(|b| b.id.as_str()).collect();
            t!(lang, "engine.check_fix_bonus_missing", ids = ids.join(", "))
        }
        Found::KingCrabBonusWithoutLicense { circle, .. } => {
            t!(lang, "engine.check_fix_bonus_without_license", id = circle)
        }
        Found::KingCrabBonusTaken { .. } => t!(lang, "engine.check_fix_bonus_taken"),
        Found::TooFewCoins { up_to, .. } => t!(lang, "engine.check_fix_too_few_coins", id = up_to),
        Found::CaptainMarks { id, .. } => t!(lang, "engine.check_fix_mark", id = id),
        Found::TrophyNotEarned { .. } => t!(lang, "engine.check_fix_trophy"),
        Found::SilverShared { .. } => t!(lang, "engine.check_fix_silver_shared"),
        Found::GoldShared { .. } => t!(lang, "engine.check_fix_gold_shared"),
    }
}

/// Box ids of one section as a span: `shrimp.5–shrimp.12` when they follow each other,
/// else a list.
fn span_of(ids: &[String]) -> String {
    let number = |id: &String| id.rsplit('.').next().and_then(|n| n.parse::<usize>().ok());
    let numbers: Vec<Option<usize>> = ids.iter().map(number).collect();
    let consecutive = numbers.windows(2).all(|w| matches!(w, [Some(a), Some(b)] if *b == a + 1));
    match ids {
        [first, .., last] if consecutive && ids.len() > 2 => format!("{first}–{last}"),
        _ => ids.join(", "),
    }
}

/// `check`'s report of a Fleet game's sheets: for each file, that it follows the rules or
/// what it breaks and how to fix it, and its true score; then a summary line.
pub fn report(rules: &FleetRules, sheets: &[(PathBuf, Sheet)], violations: &[Violation], lang: Lang) -> String {
    let mut out = String::new();
    let mut broken = 0;
    for (path, sheet) in sheets {
        let mine: Vec<&Violation> = violations.iter().filter(|v| v.player == sheet.player).collect();
        let score = crate::games::fleet::score(rules, sheet);
        let cats: Vec<String> = rules
            .categories
            .iter()
            .zip(score.categories())
            .map(|((_, name), v)| format!("{} {v}", name.get(lang)))
            .collect();
        // The file name and the player's name come from outside: a line break in either
        // must not start a line of its own.
        let file = path.display().to_string();
        let (file, player) = (escape_controls(&file), escape_controls(&sheet.player));
        if mine.is_empty() {
            let _ = writeln!(out, "{}", t!(lang, "cli.sheets.follows", file = file, player = player));
        } else {
            broken += 1;
            let _ =
                writeln!(out, "{}", t!(lang, "cli.sheets.violations", file = file, player = player, n = mine.len()));
            for v in &mine {
                let message = message(rules, v, lang);
                let fix = fix(rules, v, lang);
                let _ = writeln!(out, "  {} [{}] {}", v.box_id(), v.rule.id(), message);
                let _ =
                    writeln!(out, "  {}  {}", " ".repeat(v.box_id().len()), t!(lang, "cli.sheets.to_fix", fix = fix));
            }
        }
        let _ =
            writeln!(out, "  {}", t!(lang, "cli.sheets.true_score", total = score.total, categories = cats.join(", ")));
    }
    if violations.is_empty() {
        let _ = writeln!(out, "{}", t!(lang, "cli.sheets.all_clean", n = sheets.len()));
    } else {
        let _ = writeln!(
            out,
            "{} {}",
            t!(lang, "cli.sheets.broken", n = broken, total = sheets.len()),
            t!(lang, "cli.sheets.in_all", n = violations.len())
        );
    }
    out
}
