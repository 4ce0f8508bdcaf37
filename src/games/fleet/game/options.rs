//! The decision a task asks, with only the options legal at that moment.

use super::{Ask, Choice, Decision, Face, Game, Kind, RollSpec, Task};
use crate::games::fleet::sheet::{boat_slots_of, BoatSlot};
use crate::games::fleet::{BuildingEffect, FleetRules, HarborEffect, LicenseEffect, SectionKind, StarTargets};

impl Task {
    /// Who answers the decision of a task that asks one (None: the table), and what sort
    /// of decision it is.
    fn asker(&self) -> (Option<usize>, Kind) {
        match *self {
            Task::StartDie(p) => (Some(p), Kind::StartDie),
            Task::StartPlayer => (None, Kind::StartPlayer),
            Task::DrawTrophy(_) => (None, Kind::Draw),
            Task::Captain(p) => (Some(p), Kind::Draw),
            Task::Roll(_) => (None, Kind::Roll),
            Task::Reroll { player, .. } => (Some(player), Kind::Roll),
            Task::Pick(p) | Task::KingCrabBonus(p) | Task::Star(p) => (Some(p), Kind::Other),
            Task::Use { player, .. }
            | Task::FlexType { player, .. }
            | Task::ChoiceCircle { player, .. }
            | Task::Oyster { player, .. } => (Some(player), Kind::Other),
            ref other => unreachable!("automatic task {other:?} left at the front of the queue"),
        }
    }
}

impl Game {
    /// The decision of a task that asks one.
    pub(super) fn decision_for(&self, rules: &FleetRules, task: &Task) -> Decision {
        let mut options = Vec::new();
        self.options_into(rules, task, &mut options);
        let (player, _) = task.asker();
        let (ask, roll) = match task {
            Task::StartDie(_) => (Ask::StartDie, None),
            Task::DrawTrophy(metal) => (Ask::Trophy(*metal), None),
            Task::Captain(_) => (Ask::Captain, None),
            Task::StartPlayer => (Ask::StartPlayer, None),
            Task::Roll(phase) => (
                Ask::Roll { phase: *phase, round: self.round, roller: self.start_player },
                Some(self.roll_spec(rules, *phase)),
            ),
            Task::Reroll { boat_die, .. } => (Ask::Reroll, Some(RollSpec::one(*boat_die))),
            Task::Pick(_) => (Ask::Pick { pool: self.pool.clone() }, None),
            Task::Use { face, shared, .. } => (Ask::Use { face: *face, shared: *shared }, None),
            Task::FlexType { .. } => (Ask::FlexType, None),
            Task::ChoiceCircle { boat_type, .. } => (Ask::ChoiceCircle { boat_type: *boat_type }, None),
            Task::KingCrabBonus(_) => (Ask::KingCrabBonus, None),
            Task::Star(_) => (Ask::Star, None),
            Task::Oyster { boat, .. } => (Ask::Oyster { boat: self.boat_slot(rules, *boat) }, None),
            other => unreachable!("automatic task {other:?} left at the front of the queue"),
        };
        Decision { player, ask, options, roll }
    }

    /// The legal options of the decision at the front of the queue, written into `out`
    /// (emptied first), with who answers it and what sort of decision it is; None when the
    /// game is over. What `decision()` gives, without building the question: a playout's
    /// step, which reuses `out` from step to step and so allocates nothing.
    pub(crate) fn front_options(&self, rules: &FleetRules, out: &mut Vec<Choice>) -> Option<(Option<usize>, Kind)> {
        let task = self.queue.front()?;
        out.clear();
        self.options_into(rules, task, out);
        Some(task.asker())
    }

    /// The options of a task's decision, appended to `out` (none for a roll).
    fn options_into(&self, rules: &FleetRules, task: &Task, out: &mut Vec<Choice>) {
        match task {
            Task::StartDie(_) => out.extend((0..rules.boat_types.len()).map(Choice::BoatType)),
            Task::DrawTrophy(metal) => out.extend(
                rules.trophies.iter().enumerate().filter(|(_, t)| t.metal == *metal).map(|(i, _)| Choice::Trophy(i)),
            ),
            Task::Captain(_) => out.extend(
                (0..rules.captains.len())
                    .filter(|c| !self.players.iter().any(|pl| pl.sheet.captain == Some(*c)))
                    .map(Choice::Captain),
            ),
            Task::StartPlayer => out.extend((0..self.players.len()).map(Choice::Player)),
            Task::Roll(_) | Task::Reroll { .. } => {}
            Task::Pick(_) => {
                let start = out.len();
                for f in &self.pool {
                    if !out[start..].contains(&Choice::Die(*f)) {
                        out.push(Choice::Die(*f));
                    }
                }
            }
            Task::Use { player, face, shared } => self.each_use(rules, *player, *face, *shared, |c| out.push(c)),
            Task::FlexType { player, coins, .. } => {
                self.each_column(rules, *player, |c| {
                    out.push(c);
                    true
                });
                if *coins {
                    out.push(Choice::CoinsFace(rules.dice.coins_face));
                }
            }
            Task::ChoiceCircle { .. } => out.extend([Choice::License, Choice::Boat]),
            Task::KingCrabBonus(_) => out.extend(self.free_bonuses(rules).map(Choice::Bonus)),
            Task::Star(p) => self.each_star_target(rules, *p, |c| {
                out.push(c);
                true
            }),
            Task::Oyster { player, .. } => {
                // Several boats waiting: one answer may do for all of them.
                let boats = self.oysters_waiting(*player).count() as u32;
                if boats > 1 {
                    out.extend([false, true].map(|coin| Choice::EveryOyster { coin, boats }));
                }
                out.extend([Choice::TwoFish, Choice::FishAndCoin]);
            }
            other => unreachable!("automatic task {other:?} left at the front of the queue"),
        }
    }

    /// Every use of a die in the order `Decision::options` lists them, handed to `out` one
    /// by one (nothing is allocated: the greedy policy weighs each die of a pick this way).
    pub(crate) fn each_use(&self, rules: &FleetRules, p: usize, face: Face, shared: bool, out: impl FnMut(Choice)) {
        self.each_use_in(rules, &self.uses(rules, p), face, shared, out);
    }

    /// What player `p`'s uses of any die depend on besides the die: worked out once for
    /// all the dice of a pick (`each_use_in`).
    pub(crate) fn uses(&self, rules: &FleetRules, p: usize) -> Uses {
        let sheet = &self.players[p].sheet;
        let salvage = sheet.building_active(rules, BuildingEffect::Salvage)
            && sheet.next_free(rules.section_of(SectionKind::SalvageStars)).is_some();
        Uses {
            player: p,
            buffet: sheet.building_active(rules, BuildingEffect::Buffet),
            reroll: !self.players[p].rerolled_this_phase_blocked(rules)
                && sheet.building_active(rules, BuildingEffect::Reroll),
            salvage,
            die_as_coins: self.die_as_coins(rules, p),
        }
    }

    /// `each_use` with the player's `Uses` worked out already.
    pub(crate) fn each_use_in(
        &self,
        rules: &FleetRules,
        uses: &Uses,
        face: Face,
        shared: bool,
        mut out: impl FnMut(Choice),
    ) {
        let p = uses.player;
        let sheet = &self.players[p].sheet;
        match face {
            Face::Boat(t) => {
                let s = rules.section_of(SectionKind::Column(t));
                if let Some(index) = sheet.next_free(s) {
                    out(Choice::Mark { section: s, index });
                }
                let flex = rules.boat_types[t].license_effect == LicenseEffect::FlexDie;
                if let Some(level) = if flex && !shared { sheet.license(rules, t) } else { None } {
                    // "Any boat type" includes shrimp itself: as shrimp, the die still
                    // brings the license's star action and second type (at L1 it would
                    // only repeat `mark`).
                    let adds = level.stars > 0 || level.types > 1;
                    for u in 0..rules.boat_types.len() {
                        let col = rules.section_of(SectionKind::Column(u));
                        if (u != t || adds) && sheet.next_free(col).is_some() {
                            out(Choice::FlexAs(u));
                        }
                    }
                    out(Choice::FlexCoins);
                }
                if uses.buffet && !sheet.is_marked(rules.section_of(SectionKind::BuffetHexes), t) {
                    out(Choice::Hex(t));
                }
            }
            Face::Coins => out(Choice::CoinsFace(rules.dice.coins_face)),
            Face::Harbor => {
                for h in 0..rules.harbor.len() {
                    let s = rules.section_of(SectionKind::Harbor(h));
                    if let Some(index) = sheet.next_free(s) {
                        out(Choice::Section { section: s, index });
                    }
                }
            }
            Face::Wharf => {
                for b in 0..rules.wharf.len() {
                    let s = rules.section_of(SectionKind::Wharf(b));
                    if let Some(index) = sheet.next_free(s) {
                        out(Choice::Section { section: s, index });
                    }
                }
            }
            Face::Market => out(Choice::Market(self.market_coins(rules, p))),
        }
        if !shared && uses.reroll {
            out(Choice::Reroll);
        }
        if uses.salvage {
            out(Choice::Salvage);
        }
        out(Choice::DieAsCoins(uses.die_as_coins));
    }

    /// The boat-type columns with a free box (the shrimp license's choice of type), handed
    /// to `out` in order until it says stop (false).
    fn each_column(&self, rules: &FleetRules, p: usize, mut out: impl FnMut(Choice) -> bool) {
        let sheet = &self.players[p].sheet;
        for t in 0..rules.boat_types.len() {
            let s = rules.section_of(SectionKind::Column(t));
            if let Some(index) = sheet.next_free(s) {
                if !out(Choice::Section { section: s, index }) {
                    return;
                }
            }
        }
    }

    /// Some boat-type column has a free box.
    pub(super) fn has_column_option(&self, rules: &FleetRules, p: usize) -> bool {
        any_option(|found| self.each_column(rules, p, found))
    }

    /// A star action of player `p` has somewhere to go.
    pub(super) fn has_star_option(&self, rules: &FleetRules, p: usize) -> bool {
        any_option(|found| self.each_star_target(rules, p, found))
    }

    /// Sections whose top free box a star action may take: boat-type columns, harbor ships
    /// and wharf buildings — never coins, fish, buffet hexes nor salvage stars (the salvage
    /// yard's count of its uses). Licenses and boats only with the option
    /// `star_action_targets = "any_top_box"`; by default they are marked by circles.
    /// Each is handed to `out` in sheet order, until it says stop (false).
    fn each_star_target(&self, rules: &FleetRules, p: usize, mut out: impl FnMut(Choice) -> bool) {
        let sheet = &self.players[p].sheet;
        let any = rules.options.star_action_targets == StarTargets::AnyTopBox;
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
            if !out(Choice::Section { section: s, index }) {
                return;
            }
        }
    }

    /// The king crab bonuses nobody has taken yet, in the rules' order.
    pub(crate) fn free_bonuses<'a>(&'a self, rules: &FleetRules) -> impl Iterator<Item = usize> + 'a {
        (0..rules.king_crab_bonuses.len()).filter(|b| !self.players.iter().any(|p| p.sheet.king_crab_bonus == Some(*b)))
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

/// What a player's uses of a die depend on besides the die (`Game::uses`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Uses {
    player: usize,
    /// The seafood buffet is complete: a boat die may mark its type's hex.
    buffet: bool,
    /// The casino is complete and its reroll not used up this phase.
    reroll: bool,
    /// The salvage yard is complete and has a star left.
    salvage: bool,
    /// Coins a die is worth taken as coins.
    die_as_coins: u32,
}

/// Whether `each` hands out any option (stopped at the first).
fn any_option(each: impl FnOnce(&mut dyn FnMut(Choice) -> bool)) -> bool {
    let mut any = false;
    each(&mut |_| {
        any = true;
        false
    });
    any
}
