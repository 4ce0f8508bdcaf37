//! End-of-game scoring of one Fleet sheet: the five categories and what makes them up.

use super::sheet::{BoatSlot, Sheet};
use crate::games::fleet::{FleetRules, SectionKind};

/// One line of a category's breakdown, e.g. `cod boat 2` worth 2 VP.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// What scores.
    pub what: What,
    /// The VP it is worth.
    pub vp: u32,
}

/// What a line of the breakdown scores. Indices point into `FleetRules`; the text layer
/// names them (`text::fleet_score`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum What {
    /// A boat: its fish (FISH) or its own VP (BOATS).
    Boat(BoatSlot),
    /// The king crab license of this harbor ship.
    KingCrabLicense {
        /// The king crab ship (index into `FleetRules::harbor`).
        harbor: usize,
    },
    /// The VP printed on a boat type's license of this level (1-based).
    License {
        /// The boat type (index into `FleetRules::boat_types`).
        boat_type: usize,
        /// The license level, 1-based.
        level: usize,
    },
    /// A wharf building.
    Building {
        /// The building (index into `FleetRules::wharf`).
        building: usize,
    },
    /// The seafood buffet's hexes: `hexes` filled.
    BuffetHexes {
        /// The seafood buffet (index into `FleetRules::wharf`).
        building: usize,
        /// Different hexes filled.
        hexes: usize,
    },
    /// The king crab bonus chosen: `count` counted; `capped` is what it would score
    /// without the cap, when the cap took something away.
    KingCrabBonus {
        /// The bonus (index into `FleetRules::king_crab_bonuses`).
        bonus: usize,
        /// What it counts on the sheet.
        count: u32,
        /// The VP without the cap, when the cap took some away.
        capped: Option<u32>,
    },
    /// A captain card's bonus: `count` counted, at most `cap` VP.
    Captain {
        /// The captain card (index into `FleetRules::captains`).
        captain: usize,
        /// What its bonus counts on the sheet.
        count: u32,
        /// The most VP its bonus gives.
        cap: u32,
    },
    /// A trophy won.
    Trophy {
        /// The trophy (index into `FleetRules::trophies`).
        trophy: usize,
    },
}

/// A sheet's end-game score: the five categories, their total, and what makes each up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    /// FISH: 1 VP per fish on every boat, harbor ships' boats included.
    pub fish: u32,
    /// BOATS: the VP of every launched boat.
    pub boats: u32,
    /// LICENSES: the king crab license and the VP printed on licenses marked.
    pub licenses: u32,
    /// BUILDINGS: the wharf buildings and the seafood buffet hexes.
    pub buildings: u32,
    /// BONUS: the king crab bonus, the captain card's bonus and trophies.
    pub bonus: u32,
    /// The sum of the five categories: what ranks the players.
    pub total: u32,
    /// Per category (same order as `CATEGORIES`): what it is made of.
    pub detail: Vec<Vec<Item>>,
}

impl Score {
    /// The five categories' VP, in `CATEGORIES` order.
    pub fn categories(&self) -> [u32; 5] {
        [self.fish, self.boats, self.licenses, self.buildings, self.bonus]
    }
}

/// Score a sheet at game end (VP saturate rather than wrap on a sheet of one's own).
pub fn score(rules: &FleetRules, sheet: &Sheet) -> Score {
    let mut detail: Vec<Vec<Item>> = vec![Vec::new(); 5];

    // FISH: 1 VP per fish on every boat, harbor boats included.
    for boat in Sheet::all_boats(rules) {
        let fish = sheet.fish_on(&boat);
        if fish > 0 {
            detail[0].push(Item { what: What::Boat(boat), vp: fish });
        }
    }

    // BOATS: VP of every launched boat.
    for boat in sheet.launched_boats(rules) {
        if boat.spec.vp > 0 {
            detail[1].push(Item { what: What::Boat(boat), vp: boat.spec.vp });
        }
    }

    // LICENSES: the king crab license and the VP printed on licenses (level 3).
    if sheet.king_crab_license(rules) {
        if let Some(h) = rules.harbor.iter().position(|h| h.license_vp > 0) {
            detail[2].push(Item { what: What::KingCrabLicense { harbor: h }, vp: rules.harbor[h].license_vp });
        }
    }
    for (t, bt) in rules.boat_types.iter().enumerate() {
        let section = rules.section_of(SectionKind::Licenses(t));
        for (level, vp) in bt.license_vp.iter().enumerate() {
            if *vp > 0 && sheet.is_marked(section, level) {
                detail[2].push(Item { what: What::License { boat_type: t, level: level + 1 }, vp: *vp });
            }
        }
    }

    // BUILDINGS: wharf buildings and the seafood buffet hexes.
    for (b, building) in rules.wharf.iter().enumerate() {
        let vp = sheet.building_vp(rules, b);
        if vp > 0 {
            detail[3].push(Item { what: What::Building { building: b }, vp });
        }
        if !building.hex_vp.is_empty() {
            let hexes = sheet.buffet_hexes(rules);
            if hexes > 0 {
                let vp = building.hex_vp[hexes.min(building.hex_vp.len()) - 1];
                detail[3].push(Item { what: What::BuffetHexes { building: b, hexes }, vp });
            }
        }
    }

    // BONUS: the king crab bonus, capped.
    if let Some(b) = sheet.king_crab_bonus {
        let bonus = &rules.king_crab_bonuses[b];
        let count = sheet.quantity(rules, bonus.per);
        let raw = bonus.points.saturating_mul(count / bonus.every);
        let vp = raw.min(rules.king_crab_cap);
        let capped = (raw > vp).then_some(raw);
        detail[4].push(Item { what: What::KingCrabBonus { bonus: b, count, capped }, vp });
    }

    if let Some(c) = sheet.captain {
        let captain = &rules.captains[c];
        let (vp, count) = sheet.card_bonus(rules, &captain.bonus);
        detail[4].push(Item { what: What::Captain { captain: c, count, cap: captain.bonus.cap }, vp });
    }
    for t in &sheet.trophies {
        detail[4].push(Item { what: What::Trophy { trophy: *t }, vp: rules.trophies[*t].vp });
    }

    // Rules numbers are at most 1,000,000 and fish on a boat at most its capacity, but a
    // sheet or a rules file of one's own may still add up to more than a u32 holds:
    // saturate rather than wrap.
    let sums: Vec<u32> =
        detail.iter().map(|items| items.iter().fold(0u32, |sum, i| sum.saturating_add(i.vp))).collect();
    Score {
        fish: sums[0],
        boats: sums[1],
        licenses: sums[2],
        buildings: sums[3],
        bonus: sums[4],
        total: sums.iter().fold(0u32, |sum, v| sum.saturating_add(*v)),
        detail,
    }
}

/// The total `score` gives a sheet, without building its breakdown (no allocation): what
/// a playout needs at its end.
pub fn total(rules: &FleetRules, sheet: &Sheet) -> u32 {
    let mut fish = 0u32;
    let mut boats = 0u32;
    for (s, section) in rules.sections.iter().enumerate() {
        let launched = |i: usize| sheet.is_marked(s, i);
        match section.kind {
            SectionKind::Boats(t) => {
                for (i, spec) in rules.boat_types[t].boats.iter().enumerate() {
                    fish = fish.saturating_add(sheet.fish[s].get(i).copied().unwrap_or(0));
                    if launched(i) {
                        boats = boats.saturating_add(spec.vp);
                    }
                }
            }
            SectionKind::Harbor(h) => {
                let ship = &rules.harbor[h];
                let launch_boxes = ship.circles.iter().enumerate().filter(|(_, c)| **c).map(|(i, _)| i);
                for (slot, (i, spec)) in launch_boxes.skip(ship.first_launching_circle()).zip(&ship.boats).enumerate() {
                    fish = fish.saturating_add(sheet.fish[s].get(slot).copied().unwrap_or(0));
                    if launched(i) {
                        boats = boats.saturating_add(spec.vp);
                    }
                }
            }
            _ => {}
        }
    }
    let mut licenses = 0u32;
    if sheet.king_crab_license(rules) {
        if let Some(h) = rules.harbor.iter().find(|h| h.license_vp > 0) {
            licenses = licenses.saturating_add(h.license_vp);
        }
    }
    for (t, bt) in rules.boat_types.iter().enumerate() {
        let section = rules.section_of(SectionKind::Licenses(t));
        for (level, vp) in bt.license_vp.iter().enumerate() {
            if *vp > 0 && sheet.is_marked(section, level) {
                licenses = licenses.saturating_add(*vp);
            }
        }
    }
    let mut buildings = 0u32;
    for (b, building) in rules.wharf.iter().enumerate() {
        buildings = buildings.saturating_add(sheet.building_vp(rules, b));
        if !building.hex_vp.is_empty() {
            let hexes = sheet.buffet_hexes(rules);
            if hexes > 0 {
                buildings = buildings.saturating_add(building.hex_vp[hexes.min(building.hex_vp.len()) - 1]);
            }
        }
    }
    let mut bonus = 0u32;
    if let Some(b) = sheet.king_crab_bonus {
        let kb = &rules.king_crab_bonuses[b];
        let count = sheet.quantity(rules, kb.per);
        bonus = bonus.saturating_add(kb.points.saturating_mul(count / kb.every).min(rules.king_crab_cap));
    }
    if let Some(c) = sheet.captain {
        bonus = bonus.saturating_add(sheet.card_bonus(rules, &rules.captains[c].bonus).0);
    }
    for t in &sheet.trophies {
        bonus = bonus.saturating_add(rules.trophies[*t].vp);
    }
    [fish, boats, licenses, buildings, bonus].iter().fold(0u32, |sum, v| sum.saturating_add(*v))
}

/// Each sheet's place at the end (1-based, in the order given): by total, then the rules'
/// tie-breaks (most fish); a tie that survives them shares the place, and the next place
/// is skipped (1, 1, 3). `totals` are the sheets' totals (`total`).
pub fn places(rules: &FleetRules, sheets: &[&Sheet], totals: &[u32]) -> Vec<usize> {
    let key = |i: usize| {
        let fish = rules.tie_breaks.iter().map(|t| match t {
            crate::games::fleet::TieBreak::Fish => sheets[i].total_fish(),
        });
        (totals[i], fish.collect::<Vec<u32>>())
    };
    let keys: Vec<(u32, Vec<u32>)> = (0..sheets.len()).map(key).collect();
    crate::games::live::places(&keys)
}
