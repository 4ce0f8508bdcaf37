//! One player's Fleet sheet: every box of every section, fish on boats, the king crab
//! bonus chosen. Pure data plus the quantities the rules derive from it.

use serde::{Deserialize, Serialize};

use crate::games::fleet::{
    BoatSpec, BuildingEffect, BuildingVp, FleetRules, HarborEffect, LicenseEffect, Quantity, SectionKind,
};

/// The state of one box on paper.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mark {
    /// Not marked.
    Empty,
    /// Marked by the player.
    Marked,
    /// Crossed off by Captain Ruth (solo): lost to the player.
    Crossed,
}

impl Mark {
    /// The mark as sheet files and layout hints write it: `.` empty, `x` marked, `/` crossed off.
    pub fn glyph(self) -> char {
        match self {
            Mark::Empty => '.',
            Mark::Marked => 'x',
            Mark::Crossed => '/',
        }
    }
}

/// One value per box (or boat) of every section, in one flat array: `sections[s]` is
/// section `s`'s slice, `sections[s][i]` its box `i`. A sheet clones with one copy of the
/// array, not one allocation per section (what the advisor's playouts clone thousands of
/// times a second); the sections' ends are shared by every copy.
#[derive(Clone, PartialEq, Eq)]
pub struct Sections<T> {
    values: Vec<T>,
    /// Where each section ends in `values` (it starts where the one before ends).
    ends: std::sync::Arc<[u32]>,
}

impl<T: Clone> Sections<T> {
    /// Sections of these lengths, every value `value`.
    pub fn new(lens: impl Iterator<Item = usize>, value: T) -> Sections<T> {
        let mut end = 0u32;
        let ends: Vec<u32> = lens
            .map(|len| {
                end += len as u32;
                end
            })
            .collect();
        Sections { values: vec![value; end as usize], ends: ends.into() }
    }
}

impl<T> Sections<T> {
    /// How many sections.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// No sections at all.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Every section's slice, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[T]> + '_ {
        (0..self.len()).map(move |s| &self[s])
    }

    fn range(&self, s: usize) -> std::ops::Range<usize> {
        let start = if s == 0 { 0 } else { self.ends[s - 1] as usize };
        start..self.ends[s] as usize
    }
}

impl<T> std::ops::Index<usize> for Sections<T> {
    type Output = [T];
    fn index(&self, s: usize) -> &[T] {
        &self.values[self.range(s)]
    }
}

impl<T> std::ops::IndexMut<usize> for Sections<T> {
    fn index_mut(&mut self, s: usize) -> &mut [T] {
        let range = self.range(s);
        &mut self.values[range]
    }
}

impl<'a, T> IntoIterator for &'a Sections<T> {
    type Item = &'a [T];
    type IntoIter = Box<dyn Iterator<Item = &'a [T]> + 'a>;
    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl<T: std::hash::Hash> std::hash::Hash for Sections<T> {
    /// The values alone: the sections' ends are the rules' layout, the same on every sheet.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.values.hash(state);
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Sections<T> {
    /// As a list of sections, each a list of values (as the `Vec` of `Vec`s it replaced).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// A boat that can hold fish or score: a boat-type boat or a harbor ship's boat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoatSlot {
    /// The section whose `fish` list holds this boat's fish.
    pub section: usize,
    /// Index in that section's fish list.
    pub slot: usize,
    /// The box whose mark launches it.
    pub(crate) launch_box: usize,
    /// Its capacity and VP as printed.
    pub spec: BoatSpec,
}

/// One player's sheet: the marks of every section, the fish on every boat, and the cards
/// and bonus chosen.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sheet {
    /// The player's name.
    pub player: String,
    /// A solo game against Captain Ruth (8 rounds, crossed boxes allowed).
    pub solo: bool,
    /// Marks per section, indexed like `FleetRules::sections`.
    pub boxes: Sections<Mark>,
    /// Fish per boat, for each section that holds boats (empty for the others).
    pub fish: Sections<u32>,
    /// Index into `FleetRules::king_crab_bonuses`.
    pub king_crab_bonus: Option<usize>,
    /// The captain card played (index into `FleetRules::captains`).
    pub captain: Option<usize>,
    /// Trophies won (indices into `FleetRules::trophies`).
    pub trophies: Vec<usize>,
}

impl Sheet {
    /// A blank sheet for the rules' layout.
    pub fn blank(rules: &FleetRules, player: &str) -> Sheet {
        let boxes = Sections::new(rules.sections.iter().map(|s| s.len), Mark::Empty);
        let fish = Sections::new((0..rules.sections.len()).map(|s| boat_slots_of(rules, s).len()), 0);
        Sheet {
            player: player.to_string(),
            solo: false,
            boxes,
            fish,
            king_crab_bonus: None,
            captain: None,
            trophies: Vec::new(),
        }
    }

    /// Rounds of this sheet's game: the solo game's when `solo`.
    pub fn rounds(&self, rules: &FleetRules) -> u32 {
        if self.solo {
            rules.solo.rounds
        } else {
            rules.rounds
        }
    }

    /// Box `i` of a section is marked by the player (not empty, not crossed off).
    pub(crate) fn is_marked(&self, section: usize, i: usize) -> bool {
        self.boxes[section][i] == Mark::Marked
    }

    /// Boxes of a section the player marked.
    pub fn marked_count(&self, section: usize) -> usize {
        self.boxes[section].iter().filter(|m| **m == Mark::Marked).count()
    }

    /// Golden rule 1: the topmost box that is neither marked nor crossed off.
    pub fn next_free(&self, section: usize) -> Option<usize> {
        self.boxes[section].iter().position(|m| *m == Mark::Empty)
    }

    /// The license level of a boat type: its license boxes marked (0: none).
    pub fn license_level(&self, rules: &FleetRules, boat_type: usize) -> usize {
        self.marked_count(rules.section_of(SectionKind::Licenses(boat_type)))
    }

    /// The license level parameters in force for a boat type, if any license is active.
    pub(crate) fn license(&self, rules: &FleetRules, boat_type: usize) -> Option<crate::games::fleet::LicenseLevel> {
        let level = self.license_level(rules, boat_type);
        (level > 0).then(|| rules.boat_types[boat_type].license_levels[level - 1])
    }

    /// Highest active license level of the boat type with the given effect.
    pub(crate) fn license_with(
        &self,
        rules: &FleetRules,
        effect: LicenseEffect,
    ) -> Option<crate::games::fleet::LicenseLevel> {
        let t = rules.license_type_with(effect)?;
        self.license(rules, t)
    }

    /// The king crab license is active: the king crab ship's first circle is marked.
    pub fn king_crab_license(&self, rules: &FleetRules) -> bool {
        match rules.harbor_with(HarborEffect::KingCrab) {
            Some(h) => {
                let section = rules.section_of(SectionKind::Harbor(h));
                let first_circle = rules.harbor[h].circles.iter().position(|c| *c);
                first_circle.is_some_and(|i| self.is_marked(section, i))
            }
            None => false,
        }
    }

    /// Wharf building complete: no box left empty and at least one marked by the player
    /// (in solo, boxes Ruth crossed off do not stop a building from being completed).
    pub fn building_complete(&self, rules: &FleetRules, building: usize) -> bool {
        let marks = &self.boxes[rules.section_of(SectionKind::Wharf(building))];
        marks.iter().all(|m| *m != Mark::Empty) && marks.contains(&Mark::Marked)
    }

    /// The wharf building with this effect is complete, so its effect is in force.
    pub(crate) fn building_active(&self, rules: &FleetRules, effect: BuildingEffect) -> bool {
        rules.building_with(effect).is_some_and(|b| self.building_complete(rules, b))
    }

    /// Wharf buildings complete.
    pub fn complete_buildings(&self, rules: &FleetRules) -> usize {
        (0..rules.wharf.len()).filter(|b| self.building_complete(rules, *b)).count()
    }

    /// Number of private fishing phases earned (captain's club circles marked).
    pub fn private_fishings(&self, rules: &FleetRules) -> u32 {
        rules
            .harbor
            .iter()
            .enumerate()
            .filter(|(_, h)| h.effect == HarborEffect::PrivateFishing)
            .map(|(i, h)| {
                let section = rules.section_of(SectionKind::Harbor(i));
                h.circles.iter().enumerate().filter(|(b, c)| **c && self.is_marked(section, *b)).count() as u32
            })
            .sum()
    }

    /// Coins earned: coin-track boxes marked.
    pub fn coins(&self, rules: &FleetRules) -> u32 {
        self.marked_count(rules.section_of(SectionKind::Coins)) as u32
    }

    /// Every boat on the sheet, launched or not.
    pub fn all_boats(rules: &FleetRules) -> Vec<BoatSlot> {
        let mut out = Vec::new();
        for_each_boat(rules, |b| out.push(b));
        out
    }

    /// The boat's launch box is marked.
    pub fn is_launched(&self, boat: &BoatSlot) -> bool {
        self.is_marked(boat.section, boat.launch_box)
    }

    /// The boats launched, in sheet order.
    pub fn launched_boats(&self, rules: &FleetRules) -> Vec<BoatSlot> {
        let mut out = Vec::with_capacity(16);
        self.each_launched(rules, |b| out.push(b));
        out
    }

    /// How many boats are launched (`launched_boats().len()`, without the list).
    pub(crate) fn launched_count(&self, rules: &FleetRules) -> u32 {
        let mut n = 0;
        self.each_launched(rules, |_| n += 1);
        n
    }

    /// Every launched boat in sheet order, a section's marks looked up once, not once per
    /// boat (every catch asks).
    fn each_launched(&self, rules: &FleetRules, mut f: impl FnMut(BoatSlot)) {
        let mut marks: (usize, &[Mark]) = (usize::MAX, &[]);
        for_each_boat(rules, |b| {
            if marks.0 != b.section {
                marks = (b.section, &self.boxes[b.section]);
            }
            if marks.1[b.launch_box] == Mark::Marked {
                f(b)
            }
        });
    }

    /// Fish on a boat.
    pub fn fish_on(&self, boat: &BoatSlot) -> u32 {
        self.fish[boat.section].get(boat.slot).copied().unwrap_or(0)
    }

    /// Fish capacity, with the oyster license raising oyster boats.
    pub fn capacity(&self, rules: &FleetRules, boat: &BoatSlot) -> u32 {
        if let SectionKind::Boats(t) = rules.sections[boat.section].kind {
            if rules.boat_types[t].license_effect == LicenseEffect::Oyster {
                if let Some(l) = self.license(rules, t) {
                    return l.capacity.max(boat.spec.capacity);
                }
            }
        }
        boat.spec.capacity
    }

    /// A full boat: every fish box filled. Research vessels (no fish boxes) never are;
    /// the barge only when the rule option allows.
    pub fn is_full(&self, rules: &FleetRules, boat: &BoatSlot) -> bool {
        let cap = self.capacity(rules, boat);
        if cap == 0 {
            return false;
        }
        if !rules.options.barge_can_be_full && is_barge(rules, boat) {
            return false;
        }
        self.fish_on(boat) >= cap
    }

    /// Launched boats that are full (each boat launched and `is_full`). Read a section at
    /// a time from its fish, looking further only at a boat with fish on it (every income
    /// phase and every greedy weighing of the canning building asks).
    pub fn full_boats(&self, rules: &FleetRules) -> u32 {
        let mut n = 0;
        for (t, bt) in rules.boat_types.iter().enumerate() {
            let s = rules.section_of(SectionKind::Boats(t));
            let marks = &self.boxes[s];
            for (i, &fish) in self.fish[s].iter().enumerate() {
                if fish == 0 || marks[i] != Mark::Marked {
                    continue;
                }
                let mut cap = bt.boats[i].capacity;
                if bt.license_effect == LicenseEffect::Oyster {
                    cap = self.license(rules, t).map_or(cap, |l| l.capacity.max(cap));
                }
                n += u32::from(cap > 0 && fish >= cap);
            }
        }
        for (h, ship) in rules.harbor.iter().enumerate() {
            if ship.effect == HarborEffect::Barge && !rules.options.barge_can_be_full {
                continue;
            }
            let s = rules.section_of(SectionKind::Harbor(h));
            for (slot, &fish) in self.fish[s].iter().enumerate() {
                if fish == 0 {
                    continue;
                }
                // The slot's launch box: its circle, counted from the first launching one.
                let nth = slot + ship.first_launching_circle();
                let launch_box = ship.circles.iter().enumerate().filter(|(_, c)| **c).nth(nth).map(|(i, _)| i);
                let cap = ship.boats.get(slot).map_or(0, |b| b.capacity);
                n += u32::from(launch_box.is_some_and(|i| self.is_marked(s, i)) && cap > 0 && fish >= cap);
            }
        }
        n
    }

    /// Fish on all boats, harbor ships' boats included (FISH, and the market).
    pub fn total_fish(&self) -> u32 {
        self.fish.values.iter().fold(0u32, |sum, n| sum.saturating_add(*n))
    }

    /// Licenses for the king crab bonus and trophies: every license level marked, plus the
    /// king crab license.
    pub(crate) fn license_count(&self, rules: &FleetRules) -> u32 {
        let boat_licenses: usize = (0..rules.boat_types.len()).map(|t| self.license_level(rules, t)).sum();
        boat_licenses as u32 + u32::from(self.king_crab_license(rules))
    }

    /// What a bonus or trophy counts on this sheet.
    pub(crate) fn quantity(&self, rules: &FleetRules, q: Quantity) -> u32 {
        match q {
            Quantity::Fish => self.total_fish(),
            Quantity::Boats => self.launched_count(rules),
            Quantity::Licenses => self.license_count(rules),
            Quantity::Buildings => self.complete_buildings(rules) as u32,
            Quantity::Coins => self.coins(rules),
        }
    }

    /// VP of a card bonus: points per `every` counted, capped.
    pub(crate) fn card_bonus(&self, rules: &FleetRules, bonus: &crate::games::fleet::CardBonus) -> (u32, u32) {
        let count = self.quantity(rules, bonus.per);
        ((bonus.points.saturating_mul(count / bonus.every)).min(bonus.cap), count)
    }

    /// Income in one income phase: base + lobster license + canning co per full boat, capped.
    pub fn income(&self, rules: &FleetRules) -> u32 {
        self.income_before_cap(rules).min(rules.income_cap)
    }

    /// The income before the cap ("Die maximalen Einnahmen … beträgt 10 Münzen").
    pub(crate) fn income_before_cap(&self, rules: &FleetRules) -> u32 {
        let mut income = rules.income_base;
        if let Some(l) = self.license_with(rules, LicenseEffect::Income) {
            income = income.saturating_add(l.coins);
        }
        if let Some(b) = rules.building_with(BuildingEffect::IncomePerFullBoat) {
            if self.building_complete(rules, b) {
                income = income.saturating_add(rules.wharf[b].coins.saturating_mul(self.full_boats(rules)));
            }
        }
        income
    }

    /// VP of one wharf building at game end.
    pub(crate) fn building_vp(&self, rules: &FleetRules, building: usize) -> u32 {
        let section = rules.section_of(SectionKind::Wharf(building));
        match rules.wharf[building].vp {
            BuildingVp::Complete(p) | BuildingVp::AllBoxes(p) => {
                if self.building_complete(rules, building) {
                    p
                } else {
                    0
                }
            }
            BuildingVp::PerBox(p) => p.saturating_mul(self.marked_count(section) as u32),
        }
    }

    /// Seafood buffet hexes filled.
    pub(crate) fn buffet_hexes(&self, rules: &FleetRules) -> usize {
        self.marked_count(rules.section_of(SectionKind::BuffetHexes))
    }
}

/// The boat is the barge, which catches 1 fish per full boat rather than 1 per fishing.
pub fn is_barge(rules: &FleetRules, boat: &BoatSlot) -> bool {
    matches!(rules.sections[boat.section].kind, SectionKind::Harbor(h) if rules.harbor[h].effect == HarborEffect::Barge)
}

/// Every boat of every section in sheet order, as `boat_slots_of` lists them, without a
/// list per section (the end of every round counts full boats).
fn for_each_boat(rules: &FleetRules, mut f: impl FnMut(BoatSlot)) {
    for (section, s) in rules.sections.iter().enumerate() {
        match s.kind {
            SectionKind::Boats(t) => {
                for (i, spec) in rules.boat_types[t].boats.iter().enumerate() {
                    f(BoatSlot { section, slot: i, launch_box: i, spec: *spec });
                }
            }
            SectionKind::Harbor(h) => {
                let ship = &rules.harbor[h];
                let circles = ship.circles.iter().enumerate().filter(|(_, c)| **c).map(|(i, _)| i);
                for (slot, (launch_box, spec)) in
                    circles.skip(ship.first_launching_circle()).zip(&ship.boats).enumerate()
                {
                    f(BoatSlot { section, slot, launch_box, spec: *spec });
                }
            }
            _ => {}
        }
    }
}

/// The boats a section holds: one per box for a boat-type boat section, one per launching
/// circle for a harbor ship.
pub fn boat_slots_of(rules: &FleetRules, section: usize) -> Vec<BoatSlot> {
    match rules.sections[section].kind {
        SectionKind::Boats(t) => rules.boat_types[t]
            .boats
            .iter()
            .enumerate()
            .map(|(i, spec)| BoatSlot { section, slot: i, launch_box: i, spec: *spec })
            .collect(),
        SectionKind::Harbor(h) => {
            let ship = &rules.harbor[h];
            let circles: Vec<usize> = ship.circles.iter().enumerate().filter(|(_, c)| **c).map(|(i, _)| i).collect();
            circles
                .into_iter()
                .skip(ship.first_launching_circle())
                .zip(ship.boats.iter())
                .enumerate()
                .map(|(slot, (launch_box, spec))| BoatSlot { section, slot, launch_box, spec: *spec })
                .collect()
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_boat_is_listed_as_its_section_lists_it() {
        let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        let by_section: Vec<BoatSlot> = (0..rules.sections.len()).flat_map(|s| boat_slots_of(&rules, s)).collect();
        assert_eq!(Sheet::all_boats(&rules), by_section);
        assert_eq!(by_section.len(), 29);
    }

    #[test]
    fn full_boats_counts_each_launched_boat_that_is_full() {
        use crate::games::fleet::advisor::{step, Policy};
        use crate::games::fleet::game::{Game, Setup};
        let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        let names: Vec<String> = (1..=4).map(|i| format!("P{i}")).collect();
        let by_boat = |sheet: &Sheet| {
            Sheet::all_boats(&rules).iter().filter(|b| sheet.is_launched(b) && sheet.is_full(&rules, b)).count() as u32
        };
        let mut seen = 0;
        for seed in 0..6 {
            let mut game = Game::new(&rules, &names, Setup::default());
            game.set_quiet(true);
            let mut rng = crate::rng::Rng::new(seed);
            while step(&rules, &mut game, &[Policy::Greedy, Policy::Random, Policy::Greedy, Policy::Random], &mut rng) {
                for p in &game.players {
                    assert_eq!(p.sheet.full_boats(&rules), by_boat(&p.sheet));
                    seen += by_boat(&p.sheet);
                }
            }
        }
        assert!(seen > 0, "some boats were full");
    }

    #[test]
    fn sections_read_and_write_like_a_vec_of_vecs_in_one_array() {
        let mut s = Sections::new([2, 0, 3].into_iter(), 0u32);
        s[2][1] = 7;
        s[0][0] = 1;
        assert_eq!((s.len(), s.is_empty()), (3, false));
        assert_eq!(s.iter().map(|x| x.to_vec()).collect::<Vec<_>>(), vec![vec![1, 0], vec![], vec![0, 7, 0]]);
        assert_eq!(format!("{s:?}"), format!("{:?}", vec![vec![1, 0], vec![], vec![0, 7, 0]]));
        let copy = s.clone();
        assert_eq!(copy, s);
        assert!(std::sync::Arc::ptr_eq(&copy.ends, &s.ends), "the ends are shared, not copied");
        assert!(s[1].is_empty());
        assert_eq!((&s).into_iter().flatten().sum::<u32>(), 8);
    }
}
