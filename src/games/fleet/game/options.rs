//! The decision a task asks, with only the options legal at that moment.

use super::{Ask, Choice, Decision, Face, Game, RollSpec, Task};
use crate::games::fleet::sheet::{boat_slots_of, BoatSlot};
use crate::games::fleet::{BuildingEffect, FleetRules, HarborEffect, LicenseEffect, SectionKind, StarTargets};

impl Game {
    /// The decision of a task that asks one.
    pub(super) fn decision_for(&self, rules: &FleetRules, task: &Task) -> Decision {
        let ask = |player: Option<usize>, ask: Ask, options: Vec<Choice>| Decision { player, ask, options, roll: None };
        match task {
            Task::StartDie(p) => {
                ask(Some(*p), Ask::StartDie, (0..rules.boat_types.len()).map(Choice::BoatType).collect())
            }
            Task::DrawTrophy(metal) => ask(
                None,
                Ask::Trophy(*metal),
                rules
                    .trophies
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| t.metal == *metal)
                    .map(|(i, _)| Choice::Trophy(i))
                    .collect(),
            ),
            Task::Captain(p) => ask(
                Some(*p),
                Ask::Captain,
                (0..rules.captains.len())
                    .filter(|c| !self.players.iter().any(|pl| pl.sheet.captain == Some(*c)))
                    .map(Choice::Captain)
                    .collect(),
            ),
            Task::StartPlayer => ask(None, Ask::StartPlayer, (0..self.players.len()).map(Choice::Player).collect()),
            Task::Roll(phase) => Decision {
                player: None,
                ask: Ask::Roll { phase: *phase, round: self.round, roller: self.start_player },
                options: Vec::new(),
                roll: Some(self.roll_spec(rules, *phase)),
            },
            Task::Reroll { player, boat_die } => Decision {
                player: Some(*player),
                ask: Ask::Reroll,
                options: Vec::new(),
                roll: Some(RollSpec::one(*boat_die)),
            },
            Task::Pick(p) => {
                let mut options: Vec<Choice> = Vec::new();
                for f in &self.pool {
                    if !options.contains(&Choice::Die(*f)) {
                        options.push(Choice::Die(*f));
                    }
                }
                ask(Some(*p), Ask::Pick { pool: self.pool.clone() }, options)
            }
            Task::Use { player, face, shared } => ask(
                Some(*player),
                Ask::Use { face: *face, shared: *shared },
                self.use_options(rules, *player, *face, *shared),
            ),
            Task::FlexType { player, coins, .. } => {
                let mut options = self.column_options(rules, *player);
                if *coins {
                    options.push(Choice::CoinsFace(rules.dice.coins_face));
                }
                ask(Some(*player), Ask::FlexType, options)
            }
            Task::ChoiceCircle { player, boat_type } => {
                ask(Some(*player), Ask::ChoiceCircle { boat_type: *boat_type }, vec![Choice::License, Choice::Boat])
            }
            Task::KingCrabBonus(p) => {
                ask(Some(*p), Ask::KingCrabBonus, self.free_bonuses(rules).into_iter().map(Choice::Bonus).collect())
            }
            Task::Star(p) => ask(Some(*p), Ask::Star, self.star_options(rules, *p)),
            Task::Oyster { player, boat } => {
                // Several boats waiting: one answer may do for all of them.
                let boats = self.oysters_waiting(*player).count() as u32;
                let every = [false, true].map(|coin| Choice::EveryOyster { coin, boats });
                let mut options = if boats > 1 { every.to_vec() } else { Vec::new() };
                options.extend([Choice::TwoFish, Choice::FishAndCoin]);
                ask(Some(*player), Ask::Oyster { boat: self.boat_slot(rules, *boat) }, options)
            }
            other => unreachable!("automatic task {other:?} left at the front of the queue"),
        }
    }

    pub(crate) fn use_options(&self, rules: &FleetRules, p: usize, face: Face, shared: bool) -> Vec<Choice> {
        let sheet = &self.players[p].sheet;
        let mut out = Vec::new();
        match face {
            Face::Boat(t) => {
                let s = rules.section_of(SectionKind::Column(t));
                if let Some(index) = sheet.next_free(s) {
                    out.push(Choice::Mark { section: s, index });
                }
                let flex = rules.boat_types[t].license_effect == LicenseEffect::FlexDie;
                if let Some(level) = sheet.license(rules, t).filter(|_| flex && !shared) {
                    // "Any boat type" includes shrimp itself: as shrimp, the die still
                    // brings the license's star action and second type (at L1 it would
                    // only repeat `mark`).
                    let adds = level.stars > 0 || level.types > 1;
                    for u in 0..rules.boat_types.len() {
                        let col = rules.section_of(SectionKind::Column(u));
                        if (u != t || adds) && sheet.next_free(col).is_some() {
                            out.push(Choice::FlexAs(u));
                        }
                    }
                    out.push(Choice::FlexCoins);
                }
                if sheet.building_active(rules, BuildingEffect::Buffet) {
                    let hexes = rules.section_of(SectionKind::BuffetHexes);
                    if !sheet.is_marked(hexes, t) {
                        out.push(Choice::Hex(t));
                    }
                }
            }
            Face::Coins => out.push(Choice::CoinsFace(rules.dice.coins_face)),
            Face::Harbor => {
                for h in 0..rules.harbor.len() {
                    let s = rules.section_of(SectionKind::Harbor(h));
                    if let Some(index) = sheet.next_free(s) {
                        out.push(Choice::Section { section: s, index });
                    }
                }
            }
            Face::Wharf => {
                for b in 0..rules.wharf.len() {
                    let s = rules.section_of(SectionKind::Wharf(b));
                    if let Some(index) = sheet.next_free(s) {
                        out.push(Choice::Section { section: s, index });
                    }
                }
            }
            Face::Market => out.push(Choice::Market(self.market_coins(rules, p))),
        }
        if !shared
            && !self.players[p].rerolled_this_phase_blocked(rules)
            && sheet.building_active(rules, BuildingEffect::Reroll)
        {
            out.push(Choice::Reroll);
        }
        if sheet.building_active(rules, BuildingEffect::Salvage) {
            let stars = rules.section_of(SectionKind::SalvageStars);
            if sheet.next_free(stars).is_some() {
                out.push(Choice::Salvage);
            }
        }
        out.push(Choice::DieAsCoins(self.die_as_coins(rules, p)));
        out
    }

    /// The boat-type columns with a free box (the shrimp license's choice of type).
    pub(super) fn column_options(&self, rules: &FleetRules, p: usize) -> Vec<Choice> {
        let sheet = &self.players[p].sheet;
        (0..rules.boat_types.len())
            .filter_map(|t| {
                let s = rules.section_of(SectionKind::Column(t));
                sheet.next_free(s).map(|index| Choice::Section { section: s, index })
            })
            .collect()
    }

    /// Sections whose top free box a star action may take: boat-type columns, harbor ships
    /// and wharf buildings — never coins, fish, buffet hexes nor salvage stars (the salvage
    /// yard's count of its uses). Licenses and boats only with the option
    /// `star_action_targets = "any_top_box"`; by default they are marked by circles.
    pub(crate) fn star_options(&self, rules: &FleetRules, p: usize) -> Vec<Choice> {
        let sheet = &self.players[p].sheet;
        let any = rules.options.star_action_targets == StarTargets::AnyTopBox;
        let mut out = Vec::new();
        for (s, section) in rules.sections.iter().enumerate() {
            let allowed = match section.kind {
                SectionKind::Column(_) | SectionKind::Harbor(_) | SectionKind::Wharf(_) => true,
                SectionKind::Licenses(_) | SectionKind::Boats(_) => any,
                SectionKind::Coins | SectionKind::BuffetHexes | SectionKind::SalvageStars => false,
            };
            if !allowed {
                continue;
            }
            let Some(index) = sheet.next_free(s) else { continue };
            if let SectionKind::Harbor(h) = section.kind {
                let first_circle = rules.harbor[h].circles.iter().position(|c| *c);
                if rules.harbor[h].effect == HarborEffect::KingCrab
                    && first_circle == Some(index)
                    && !rules.options.star_action_may_activate_king_crab
                {
                    continue;
                }
            }
            out.push(Choice::Section { section: s, index });
        }
        out
    }

    pub(crate) fn free_bonuses(&self, rules: &FleetRules) -> Vec<usize> {
        (0..rules.king_crab_bonuses.len())
            .filter(|b| !self.players.iter().any(|p| p.sheet.king_crab_bonus == Some(*b)))
            .collect()
    }

    pub(super) fn market_coins(&self, rules: &FleetRules, p: usize) -> u32 {
        let sheet = &self.players[p].sheet;
        let mut coins = rules.market_coins(sheet.total_fish());
        if let Some(b) = rules.building_with(BuildingEffect::MarketBonus) {
            if sheet.building_complete(rules, b) {
                coins += rules.wharf[b].coins;
            }
        }
        coins
    }

    pub(super) fn die_as_coins(&self, rules: &FleetRules, p: usize) -> u32 {
        match rules.building_with(BuildingEffect::DieAsCoins) {
            Some(b) if self.players[p].sheet.building_complete(rules, b) => rules.wharf[b].coins,
            _ => rules.dice.die_as_coins,
        }
    }

    pub(super) fn boat_slot(&self, rules: &FleetRules, (section, slot): (usize, usize)) -> BoatSlot {
        boat_slots_of(rules, section)[slot]
    }
}
