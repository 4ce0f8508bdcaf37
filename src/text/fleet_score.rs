//! A Fleet score's breakdown in words: what each line of a category scores
//! (`cod boat 2`, `cod license L3`, `per license (7 counted, 12 capped at 10)`).

use crate::games::fleet::score::{Item, What};
use crate::games::fleet::FleetRules;
use crate::t;
use crate::text::fleet::boat_name;
use crate::text::Lang;

/// What a line of the breakdown scores, in a language.
pub fn item_name(rules: &FleetRules, item: &Item, lang: Lang) -> String {
    match &item.what {
        What::Boat(boat) => boat_name(rules, boat, lang),
        What::KingCrabLicense { harbor } => {
            t!(lang, "engine.score_license", name = rules.harbor[*harbor].name.get(lang))
        }
        What::License { boat_type, level } => {
            t!(lang, "engine.score_license_level", name = rules.boat_types[*boat_type].name.get(lang), level = level)
        }
        What::Building { building } => rules.wharf[*building].name.get(lang).to_string(),
        What::BuffetHexes { building, hexes } => {
            t!(lang, "engine.score_hexes", name = rules.wharf[*building].name.get(lang), n = hexes)
        }
        What::KingCrabBonus { bonus, count, capped } => {
            let capped = match capped {
                Some(raw) => t!(lang, "engine.score_capped", raw = raw, vp = item.vp),
                None => String::new(),
            };
            t!(
                lang,
                "engine.score_counted",
                name = rules.king_crab_bonuses[*bonus].name.get(lang),
                n = count,
                capped = capped
            )
        }
        What::Captain { captain, count, cap } => {
            t!(lang, "engine.score_counted_cap", name = rules.captains[*captain].name.get(lang), n = count, cap = cap)
        }
        What::Trophy { trophy } => rules.trophies[*trophy].name.get(lang).to_string(),
    }
}

/// The tie-break of a Fleet game: the most fish.
pub fn most_fish(lang: Lang) -> String {
    t!(lang, "cli.sheets.most_fish")
}

/// A solo game's headline: its total and its rating against Captain Ruth.
pub fn solo_rating(rules: &FleetRules, total: u32, lang: Lang) -> String {
    let title = super::fleet::rating(rules, total, lang);
    t!(lang, "cli.play.solo_rating", total = total, title = title).trim().to_string()
}

/// A sheet scored although `n` rules were broken on it.
pub fn flagged(player: &str, n: usize, lang: Lang) -> String {
    t!(lang, "cli.sheets.flagged", player = player, n = n)
}
