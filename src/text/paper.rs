//! The words of printed pads and of `scan`: titles, headings, each box's group named in
//! pad words, the questions about boxes not read for sure, and what went wrong with a
//! photo — in the table's language.

use crate::games::endgame::EndgameRules;
use crate::games::fleet::{FleetRules, SectionKind};
use crate::paper::layout::Words;
use crate::paper::sheet::Hint;
use crate::t;
use crate::text::Lang;

fn title(game: &str, player: &str, lang: Lang) -> String {
    if player.is_empty() {
        t!(lang, "paper.pad.title_blank", game = game)
    } else {
        t!(lang, "paper.pad.title", game = game, player = player)
    }
}

fn footer(page: &str, rules: &str, lang: Lang) -> String {
    t!(lang, "paper.pad.footer", page = page, rules = rules, layout = crate::paper::layout::LAYOUT_VERSION)
}

/// The words of a Fleet pad.
pub fn fleet_words(rules: &FleetRules, player: &str, page: &str, fingerprint: &str, lang: Lang) -> Words {
    let names = (0..rules.sections.len())
        .map(|s| match rules.sections[s].kind {
            SectionKind::Column(t) => crate::text::sentence(rules.boat_types[t].name.get(lang)),
            _ => crate::text::sentence(&crate::text::fleet::section_name(rules, s, lang)),
        })
        .collect();
    Words {
        title: title(rules.name.get(lang), player, lang),
        how: t!(lang, "paper.pad.how"),
        headings: vec![
            t!(lang, "paper.pad.boat_sheet"),
            t!(lang, "paper.pad.town_sheet"),
            t!(lang, "paper.pad.harbor"),
            t!(lang, "paper.pad.wharf"),
            t!(lang, "paper.pad.king_crab_bonus"),
        ],
        names,
        bonuses: rules.king_crab_bonuses.iter().map(|b| b.name.get(lang).to_string()).collect(),
        boat: t!(lang, "paper.pad.boat", n = "{}"),
        licenses: t!(lang, "paper.pad.licenses"),
        footer: footer(page, fingerprint, lang),
    }
}

/// The words of a five-dice pad: each box's name, the upper bonus and the extra bonuses.
pub fn yacht_words(
    rules: &crate::games::yacht::YachtRules,
    ruleset: &crate::games::yacht::Ruleset,
    player: &str,
    page: &str,
    fingerprint: &str,
    lang: Lang,
) -> Words {
    Words {
        title: title(rules.name.get(lang), player, lang),
        how: t!(lang, "paper.pad.how_points"),
        headings: Vec::new(),
        names: ruleset.boxes.iter().map(|c| crate::text::sentence(c.name.get(lang))).collect(),
        bonuses: vec![
            crate::text::sentence(&t!(lang, "games.yacht.upper_bonus")),
            crate::text::sentence(&t!(lang, "games.yacht.extra_bonus")),
        ],
        boat: String::new(),
        licenses: String::new(),
        footer: footer(page, fingerprint, lang),
    }
}

/// The words of an end-game calculator's pad.
pub fn endgame_words(rules: &EndgameRules, player: &str, page: &str, fingerprint: &str, lang: Lang) -> Words {
    Words {
        title: title(rules.name.get(lang), player, lang),
        how: t!(lang, "paper.pad.how_digits"),
        headings: Vec::new(),
        names: rules.sheet.inputs.iter().map(|i| crate::text::sentence(i.name.get(lang))).collect(),
        bonuses: Vec::new(),
        boat: String::new(),
        licenses: String::new(),
        footer: footer(page, fingerprint, lang),
    }
}

/// What the rules say about a box, as a clause for its question (empty for none).
pub fn hint(h: Hint, lang: Lang) -> String {
    match h {
        Hint::None => String::new(),
        Hint::LaterMarked => t!(lang, "paper.scan.hint_later_marked"),
        Hint::EarlierEmpty => t!(lang, "paper.scan.hint_earlier_empty"),
        Hint::NotLaunched => t!(lang, "paper.scan.hint_not_launched"),
        Hint::PastCapacity => t!(lang, "paper.scan.hint_past_capacity"),
        Hint::OnlyOne => t!(lang, "paper.scan.hint_only_one"),
    }
}
