//! Fleet's terms in words: the names of sections, boats, counted quantities — what the
//! engine refers to by index, as players read it in their language.

use crate::games::fleet::sheet::BoatSlot;
use crate::games::fleet::{FleetRules, Quantity, SectionKind};

/// A section's name (`cod column`, `Spalte Kabeljau`, `casino`).
pub fn section_name(rules: &FleetRules, section: usize, lang: &str) -> String {
    match rules.sections[section].kind {
        SectionKind::Column(t) => crate::t!(lang, "engine.column", type = rules.boat_types[t].name.get(lang)),
        SectionKind::Licenses(t) => crate::t!(lang, "engine.licenses", type = rules.boat_types[t].name.get(lang)),
        SectionKind::Boats(t) => crate::t!(lang, "engine.boats", type = rules.boat_types[t].name.get(lang)),
        SectionKind::Coins => rules.coin_name.get(lang).to_string(),
        SectionKind::Harbor(h) => rules.harbor[h].name.get(lang).to_string(),
        SectionKind::Wharf(w) => rules.wharf[w].name.get(lang).to_string(),
        SectionKind::BuffetHexes => crate::t!(lang, "engine.buffet_hexes"),
        SectionKind::SalvageStars => crate::t!(lang, "engine.salvage_stars"),
    }
}

/// What a card or bonus counts (`fish`, `Fische`, `poissons`).
pub fn quantity_name(quantity: Quantity, lang: &str) -> String {
    match quantity {
        Quantity::Fish => crate::t!(lang, "engine.quantity.fish"),
        Quantity::Boats => crate::t!(lang, "engine.quantity.boats"),
        Quantity::Licenses => crate::t!(lang, "engine.quantity.licenses"),
        Quantity::Buildings => crate::t!(lang, "engine.quantity.buildings"),
        Quantity::Coins => crate::t!(lang, "engine.quantity.coins"),
    }
}

/// A boat's name: `cod boat 2`, `king crab boat 1`, `barge`.
pub fn boat_name(rules: &FleetRules, boat: &BoatSlot, lang: &str) -> String {
    match rules.sections[boat.section].kind {
        SectionKind::Boats(t) => {
            crate::t!(lang, "engine.boat_name", boat_type = rules.boat_types[t].name.get(lang), n = boat.slot + 1)
        }
        SectionKind::Harbor(h) if rules.harbor[h].boats.len() == 1 => rules.harbor[h].name.get(lang).to_string(),
        SectionKind::Harbor(h) => format!("{} {}", rules.harbor[h].name.get(lang), boat.slot + 1),
        _ => rules.sections[boat.section].id.clone(),
    }
}
