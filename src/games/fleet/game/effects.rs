//! Carrying out the rulebook: the automatic steps of a round, each choice's effect, and
//! every chain they start (a circle launches a boat, which pays cod coins, which hit a
//! star, which asks for a star action). An effect returns the decisions it leads to, in
//! order; they go to the front of the queue so a chain resolves before anything else.

use super::{Choice, DicePhase, Face, Game, Happened, Task, Why};
use crate::games::fleet::ruth;
use crate::games::fleet::sheet::{is_barge, BoatSlot, Mark};
use crate::games::fleet::{
    BuildingEffect, ColumnBox, FleetRules, HarborEffect, LicenseEffect, Metal, SectionKind, ShrimpCoinsFace,
    SwordfishTiming,
};

impl Game {
    /// Run `task` if it needs nobody's answer; false when it is a decision to wait for.
    pub(super) fn run_automatic(&mut self, rules: &FleetRules, task: &Task) -> bool {
        match *task {
            Task::BeginRound => {
                self.queue.pop_front();
                self.round += 1;
                let start = (!self.ruth_first()).then_some(self.start_player);
                self.announce(Happened::Round { round: self.round, rounds: self.rounds, start });
                let mut tasks = vec![Task::Roll(DicePhase::Boat), Task::Income];
                if rules.fishing_rounds.contains(&self.round) {
                    tasks.extend([Task::FishingStart, Task::FishingEnd]);
                }
                tasks.extend([Task::Roll(DicePhase::Town), Task::EndRound]);
                self.push_front(tasks);
            }
            Task::Shared => {
                self.queue.pop_front();
                if let Some(&face) = self.pool.first() {
                    self.pool.clear();
                    self.announce(Happened::Shared { face });
                    let mut tasks: Vec<Task> =
                        self.turn_order().into_iter().map(|p| Task::Use { player: p, face, shared: true }).collect();
                    if self.ruth.is_some() {
                        let ruth = Task::RuthShared(face);
                        if self.ruth_first() {
                            tasks.insert(0, ruth);
                        } else {
                            tasks.push(ruth);
                        }
                    }
                    self.push_front(tasks);
                }
            }
            Task::EndDicePhase => {
                self.queue.pop_front();
                self.phase = None;
            }
            Task::Income => {
                self.queue.pop_front();
                let tasks = self.each_player(|g, p| g.income(rules, p));
                self.push_front(tasks);
            }
            Task::FishingStart => {
                self.queue.pop_front();
                self.fishing.iter_mut().for_each(|f| *f = true);
                self.announce(Happened::Fishing { round: self.round });
                let tasks = self.each_player(|g, p| g.catch(rules, p));
                self.push_front(tasks);
            }
            Task::FishingEnd => {
                self.queue.pop_front();
                self.fishing.iter_mut().for_each(|f| *f = false);
                let mut tasks = std::mem::take(&mut self.deferred);
                match rules.options.swordfish_timing {
                    SwordfishTiming::BeforeDeferredStars => {
                        tasks.extend(self.each_player(|g, p| g.after_fishing(rules, p)));
                    }
                    SwordfishTiming::AfterDeferredStars => tasks.push(Task::AfterFishing),
                }
                self.push_front(tasks);
            }
            Task::AfterFishing => {
                self.queue.pop_front();
                let tasks = self.each_player(|g, p| g.after_fishing(rules, p));
                self.push_front(tasks);
            }
            Task::PrivateFishing(p) => {
                self.queue.pop_front();
                self.fishing[p] = true;
                self.say(p, Happened::PrivateFishing);
                let mut tasks = self.catch(rules, p);
                tasks.push(Task::PrivateFishingEnd(p));
                self.push_front(tasks);
            }
            Task::PrivateFishingEnd(p) => {
                self.queue.pop_front();
                self.fishing[p] = false;
                // Only this player's: the others may be fishing at the same moment.
                let (mine, others): (Vec<Task>, Vec<Task>) =
                    std::mem::take(&mut self.deferred).into_iter().partition(|t| t.player() == Some(p));
                self.deferred = others;
                self.push_front(mine);
            }
            Task::RuthPick => {
                self.queue.pop_front();
                let ruth = self.ruth.expect("solo");
                let phase = self.phase.unwrap_or(DicePhase::Boat);
                let (i, action, reason) = ruth.pick(rules, &self.players[0].sheet, &self.pool, phase);
                self.pool.remove(i);
                self.ruth_acts(rules, action, reason);
            }
            Task::RuthShared(face) => {
                self.queue.pop_front();
                let (action, reason) = self.ruth.expect("solo").shared(rules, &self.players[0].sheet, face);
                self.ruth_acts(rules, action, reason);
            }
            Task::EndRound => {
                self.queue.pop_front();
                self.start_player = (self.start_player + 1) % self.players.len();
                if let Some(mut ruth) = self.ruth {
                    if self.round < self.rounds {
                        let moves = ruth.move_tokens(rules, &self.players[0].sheet);
                        self.ruth = Some(ruth);
                        self.announce(Happened::RuthTokens { moves });
                    }
                }
                if self.round < self.rounds {
                    self.queue.push_front(Task::BeginRound);
                } else {
                    self.award_gold(rules);
                    self.announce(Happened::Over);
                }
            }
            // Decisions with nothing to choose from resolve themselves.
            Task::Star(p) if !self.has_star_option(rules, p) => {
                self.queue.pop_front();
                self.say(p, Happened::StarLost);
            }
            Task::FlexType { player, coins: false, .. } if !self.has_column_option(rules, player) => {
                self.queue.pop_front();
                self.say(player, Happened::NoColumn);
            }
            Task::KingCrabBonus(p) if self.free_bonuses(rules).next().is_none() => {
                self.queue.pop_front();
                self.say(p, Happened::NoBonus);
            }
            _ => return false,
        }
        true
    }

    /// Ruth crosses boxes off the player's sheet; the table is told what and why.
    fn ruth_acts(&mut self, rules: &FleetRules, action: ruth::Action, reason: ruth::Reason) {
        let complete_before: Vec<bool> =
            (0..rules.wharf.len()).map(|b| self.players[0].sheet.building_complete(rules, b)).collect();
        let crossed = ruth::apply(rules, &mut self.players[0].sheet, action);
        self.announce(Happened::Ruth { action, reason, crossed });
        for (b, before) in complete_before.into_iter().enumerate() {
            if !before && self.players[0].sheet.building_complete(rules, b) {
                self.say(0, Happened::BuildingComplete { building: b });
            }
        }
    }

    /// A silver trophy goes at once to the first player who reaches its condition (in
    /// turn order when several reach it in the same step).
    pub(super) fn award_silver(&mut self, rules: &FleetRules) {
        for t in self.trophies.clone() {
            let trophy = &rules.trophies[t];
            if trophy.metal != Metal::Silver || self.players.iter().any(|p| p.sheet.trophies.contains(&t)) {
                continue;
            }
            // The first in turn order who reaches it; while someone before in turn order
            // still has something to answer in the current window, it is not decided yet.
            let mut winner = None;
            for p in self.turn_order() {
                if self.players[p].sheet.quantity(rules, trophy.quantity) >= trophy.at_least {
                    winner = Some(p);
                    break;
                }
                if self.has_window_task(p) {
                    break;
                }
            }
            if let Some(p) = winner {
                self.players[p].sheet.trophies.push(t);
                self.say(p, Happened::Silver { trophy: t });
            }
        }
    }

    /// Gold trophies at the end: the best result among those who reach the condition; a
    /// tie shares the trophy.
    fn award_gold(&mut self, rules: &FleetRules) {
        for t in self.trophies.clone() {
            let trophy = &rules.trophies[t];
            if trophy.metal != Metal::Gold {
                continue;
            }
            let results: Vec<u32> = self.players.iter().map(|p| p.sheet.quantity(rules, trophy.quantity)).collect();
            match results.iter().copied().filter(|r| *r >= trophy.at_least).max() {
                Some(best) => {
                    for p in (0..self.players.len()).filter(|p| results[*p] == best) {
                        self.players[p].sheet.trophies.push(t);
                        self.say(p, Happened::Gold { trophy: t, best });
                    }
                }
                None => self.announce(Happened::NoGold { trophy: t }),
            }
        }
    }

    /// Carry out a choice.
    pub(super) fn choose(&mut self, rules: &FleetRules, task: &Task, choice: Choice) {
        let tasks = match (task, choice) {
            (Task::StartDie(p), Choice::BoatType(t)) => {
                self.say(*p, Happened::StartDie { boat_type: t, boxes: rules.start_boxes });
                let s = rules.section_of(SectionKind::Column(t));
                let mut tasks = Vec::new();
                self.setup_launch_unpaid = !rules.options.start_launch_pays_cod_coin;
                for _ in 0..rules.start_boxes {
                    tasks.extend(self.mark(rules, *p, s));
                }
                self.setup_launch_unpaid = false;
                tasks
            }
            (Task::StartPlayer, Choice::Player(p)) => {
                self.start_player = p;
                Vec::new()
            }
            (Task::DrawTrophy(_), Choice::Trophy(t)) => {
                self.trophies.push(t);
                self.announce(Happened::TrophyInPlay { trophy: t });
                Vec::new()
            }
            (Task::Captain(p), Choice::Captain(c)) => {
                self.players[*p].sheet.captain = Some(c);
                let captain = &rules.captains[c];
                self.say(*p, Happened::Captain { captain: c });
                let col = rules.section_of(SectionKind::Column(captain.boat_type));
                let marks: Vec<usize> =
                    std::iter::repeat_n(col, rules.start_boxes).chain(captain.marks.iter().copied()).collect();
                let mut tasks = Vec::new();
                self.setup_launch_unpaid = !rules.options.start_launch_pays_cod_coin;
                for s in marks {
                    tasks.extend(self.mark(rules, *p, s));
                }
                self.setup_launch_unpaid = false;
                tasks
            }
            (Task::Pick(p), Choice::Die(face)) => {
                let i = self.pool.iter().position(|f| *f == face).expect("an option is in the pool");
                let face = self.pool.remove(i);
                vec![Task::Use { player: *p, face, shared: false }]
            }
            (Task::Use { player, face, .. }, choice) => self.use_die(rules, *player, *face, choice),
            (Task::FlexType { player, then, coins }, choice) => {
                let mut tasks = match choice {
                    Choice::CoinsFace(n) => self.earn(rules, *player, n, Why::FlexCoins),
                    Choice::Section { section, .. } => self.mark(rules, *player, section),
                    other => unreachable!("{other:?} is not a face"),
                };
                if *then > 0 {
                    let coins = *coins && !matches!(choice, Choice::CoinsFace(_));
                    tasks.push(Task::FlexType { player: *player, then: then - 1, coins });
                }
                tasks
            }
            (Task::ChoiceCircle { player, boat_type }, Choice::License) => {
                self.activate_license(rules, *player, *boat_type)
            }
            (Task::ChoiceCircle { player, boat_type }, Choice::Boat) => self.launch_boat(rules, *player, *boat_type),
            (Task::KingCrabBonus(p), Choice::Bonus(b)) => {
                self.players[*p].sheet.king_crab_bonus = Some(b);
                self.say(*p, Happened::BonusTaken { bonus: b });
                Vec::new()
            }
            (Task::Star(p), Choice::Section { section, .. }) => match rules.sections[section].kind {
                // A license or boat box (option `star_action_targets = "any_top_box"`) does
                // what its circle would: the license is active, the boat launched.
                SectionKind::Licenses(t) => self.activate_license(rules, *p, t),
                SectionKind::Boats(t) => self.launch_boat(rules, *p, t),
                _ => self.mark(rules, *p, section),
            },
            (Task::Oyster { player, boat }, Choice::EveryOyster { coin, .. }) => {
                // This boat, then each other one waiting, in place, as if each were
                // answered in turn (their answers are independent: `together`).
                let each = if coin { Choice::FishAndCoin } else { Choice::TwoFish };
                let tasks = self.oyster_catch(rules, *player, *boat, each);
                self.push_front(tasks);
                loop {
                    let Some(i) = self.oysters_waiting(*player).next() else { break };
                    let _ = self.at(i, |g| {
                        if let Some(Task::Oyster { player, boat }) = g.queue.pop_front() {
                            let tasks = g.oyster_catch(rules, player, boat, each);
                            g.push_front(tasks);
                        }
                        Ok::<(), super::Illegal>(())
                    });
                }
                Vec::new()
            }
            (Task::Oyster { player, boat }, choice) => self.oyster_catch(rules, *player, *boat, choice),
            (task, choice) => unreachable!("{choice:?} is not an option of {task:?}"),
        };
        self.push_front(tasks);
    }

    /// One oyster boat's catch: two fish, or a fish and a coin; the summary of the
    /// player's catch once the last boat is done.
    fn oyster_catch(&mut self, rules: &FleetRules, player: usize, boat: (usize, usize), choice: Choice) -> Vec<Task> {
        let slot = self.boat_slot(rules, boat);
        let (fish, tasks) = if choice == Choice::FishAndCoin {
            self.add_fish(player, &slot, 1);
            (1, self.earn(rules, player, 1, Why::OysterCoin))
        } else {
            self.add_fish(player, &slot, 2);
            (2, Vec::new())
        };
        let (caught, left) = self.catching[player];
        self.catching[player] = (caught + fish, left.saturating_sub(1));
        if left <= 1 {
            let total = self.players[player].sheet.total_fish();
            self.say(player, Happened::Caught { n: caught + fish, total });
            self.catching[player] = (0, 0);
        }
        tasks
    }

    fn use_die(&mut self, rules: &FleetRules, p: usize, face: Face, choice: Choice) -> Vec<Task> {
        match choice {
            Choice::DieAsCoins(coins) => self.earn(rules, p, coins, Why::DieAsCoins),
            Choice::Reroll => vec![Task::Reroll { player: p, boat_die: face.is_boat_die() }],
            Choice::Salvage => {
                let stars = rules.section_of(SectionKind::SalvageStars);
                let i = self.players[p].sheet.next_free(stars).expect("an option has a free star");
                self.players[p].sheet.boxes[stars][i] = Mark::Marked;
                self.say(p, Happened::Salvage { n: i + 1 });
                vec![Task::Star(p)]
            }
            Choice::Hex(t) => {
                let hexes = rules.section_of(SectionKind::BuffetHexes);
                self.players[p].sheet.boxes[hexes][t] = Mark::Marked;
                let n = self.players[p].sheet.buffet_hexes(rules);
                self.say(p, Happened::Hex { boat_type: t, n });
                Vec::new()
            }
            Choice::Mark { section, .. } | Choice::Section { section, .. } => self.mark(rules, p, section),
            Choice::CoinsFace(coins) => self.earn(rules, p, coins, Why::CoinsFace),
            Choice::Market(coins) => self.earn(rules, p, coins, Why::Market),
            Choice::FlexCoins => {
                let level = self.players[p].sheet.license_with(rules, LicenseEffect::FlexDie).unwrap_or_default();
                let mut tasks = self.earn(rules, p, rules.dice.coins_face, Why::FlexCoins);
                // "comme 2 faces de n'importe quel dé bateau": the 3-coins face may be one
                // of the two, and then the second is a boat type.
                if level.types > 1 && rules.options.shrimp_coins_face == ShrimpCoinsFace::OneOfTwo {
                    tasks.push(Task::FlexType { player: p, then: level.types - 2, coins: false });
                }
                tasks.extend((0..level.stars).map(|_| Task::Star(p)));
                tasks
            }
            Choice::FlexAs(t) => {
                let level = self.players[p].sheet.license_with(rules, LicenseEffect::FlexDie).unwrap_or_default();
                let flex = flex_type(rules);
                let lic = self.players[p].sheet.license_level(rules, flex);
                self.say(p, Happened::FlexAs { level: lic, boat_type: t });
                let mut tasks = self.mark(rules, p, rules.section_of(SectionKind::Column(t)));
                if level.types > 1 {
                    let coins = rules.options.shrimp_coins_face == ShrimpCoinsFace::OneOfTwo;
                    tasks.push(Task::FlexType { player: p, then: level.types - 2, coins });
                }
                tasks.extend((0..level.stars).map(|_| Task::Star(p)));
                tasks
            }
            other => unreachable!("{other:?} is not a use of a die"),
        }
    }

    /// Golden rule 1: mark the topmost free box of a section and trigger its circle.
    /// Returns the decisions the mark leads to, in order.
    fn mark(&mut self, rules: &FleetRules, p: usize, s: usize) -> Vec<Task> {
        let Some(i) = self.players[p].sheet.next_free(s) else {
            self.say(p, Happened::SectionFull { section: s });
            return Vec::new();
        };
        self.players[p].sheet.boxes[s][i] = Mark::Marked;
        match rules.sections[s].kind {
            SectionKind::Column(t) => match rules.boat_types[t].column[i] {
                ColumnBox::Plain => Vec::new(),
                ColumnBox::License => self.activate_license(rules, p, t),
                ColumnBox::Boat => self.launch_boat(rules, p, t),
                ColumnBox::Choice => {
                    let sheet = &self.players[p].sheet;
                    let lic_free = sheet.next_free(rules.section_of(SectionKind::Licenses(t))).is_some();
                    let boat_free = sheet.next_free(rules.section_of(SectionKind::Boats(t))).is_some();
                    match (lic_free, boat_free) {
                        (true, true) => vec![Task::ChoiceCircle { player: p, boat_type: t }],
                        (true, false) => self.activate_license(rules, p, t),
                        (false, true) => self.launch_boat(rules, p, t),
                        (false, false) => {
                            self.say(p, Happened::ChoiceNone { section: s, index: i });
                            Vec::new()
                        }
                    }
                }
            },
            SectionKind::Harbor(h) if rules.harbor[h].circles[i] => self.harbor_circle(rules, p, h, s, i),
            SectionKind::Wharf(b) => {
                if self.players[p].sheet.building_complete(rules, b) {
                    self.say(p, Happened::BuildingComplete { building: b });
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn activate_license(&mut self, rules: &FleetRules, p: usize, t: usize) -> Vec<Task> {
        let s = rules.section_of(SectionKind::Licenses(t));
        let Some(i) = self.players[p].sheet.next_free(s) else {
            self.say(p, Happened::NoLicense { boat_type: t });
            return Vec::new();
        };
        self.players[p].sheet.boxes[s][i] = Mark::Marked;
        let level = i + 1;
        self.say(p, Happened::License { boat_type: t, level });
        if level == 2 && rules.second_license_coins > 0 {
            return self.earn(rules, p, rules.second_license_coins, Why::SecondLicense);
        }
        Vec::new()
    }

    fn launch_boat(&mut self, rules: &FleetRules, p: usize, t: usize) -> Vec<Task> {
        let s = rules.section_of(SectionKind::Boats(t));
        let Some(i) = self.players[p].sheet.next_free(s) else {
            self.say(p, Happened::NoBoat { boat_type: t });
            return Vec::new();
        };
        self.players[p].sheet.boxes[s][i] = Mark::Marked;
        self.say(p, Happened::Launched { boat_type: t, n: i + 1 });
        self.launch_bonus(rules, p)
    }

    /// Boat bonuses on every launch (cod license coins).
    fn launch_bonus(&mut self, rules: &FleetRules, p: usize) -> Vec<Task> {
        if self.setup_launch_unpaid {
            return Vec::new();
        }
        match self.players[p].sheet.license_with(rules, LicenseEffect::LaunchCoins) {
            Some(l) if l.coins > 0 => self.earn(rules, p, l.coins, Why::CodLicense),
            _ => Vec::new(),
        }
    }

    fn harbor_circle(&mut self, rules: &FleetRules, p: usize, h: usize, s: usize, i: usize) -> Vec<Task> {
        let ship = &rules.harbor[h];
        let circle_no = ship.circles[..=i].iter().filter(|c| **c).count() - 1;
        match ship.effect {
            HarborEffect::KingCrab if circle_no == 0 => {
                self.say(p, Happened::KingCrabLicense { vp: ship.license_vp });
                vec![Task::KingCrabBonus(p)]
            }
            HarborEffect::PrivateFishing => vec![Task::PrivateFishing(p)],
            HarborEffect::KingCrab | HarborEffect::Launch | HarborEffect::Barge => {
                let n = circle_no + 1 - ship.first_launching_circle();
                self.say(p, Happened::HarborLaunched { harbor: h, n, section: s, index: i });
                if ship.counts_as_boat {
                    self.launch_bonus(rules, p)
                } else {
                    Vec::new()
                }
            }
        }
    }

    /// Earn coins: mark the coin track; each star box marked gives a star action (after the
    /// fishing when earned during one).
    fn earn(&mut self, rules: &FleetRules, p: usize, coins: u32, why: Why) -> Vec<Task> {
        let s = rules.section_of(SectionKind::Coins);
        let mut stars = 0;
        let mut marked = 0;
        // The topmost free box, then each empty one below it (golden rule 1, coin by coin).
        if let Some(from) = self.players[p].sheet.next_free(s) {
            let track = &mut self.players[p].sheet.boxes[s];
            for (i, mark) in track.iter_mut().enumerate().skip(from) {
                if marked == coins {
                    break;
                }
                if *mark != Mark::Empty {
                    continue;
                }
                *mark = Mark::Marked;
                marked += 1;
                if rules.coin_stars[i] {
                    stars += 1;
                }
            }
        }
        if !self.quiet {
            let total = self.players[p].sheet.coins(rules);
            let after_fishing = self.fishing[p];
            self.say(p, Happened::Earned { coins, why, total, lost: coins - marked, stars, after_fishing });
        }
        let tasks: Vec<Task> = (0..stars).map(|_| Task::Star(p)).collect();
        if self.fishing[p] {
            self.deferred.extend(tasks);
            Vec::new()
        } else {
            tasks
        }
    }

    fn income(&mut self, rules: &FleetRules, p: usize) -> Vec<Task> {
        let sheet = &self.players[p].sheet;
        let lobster = sheet.license_with(rules, LicenseEffect::Income).map(|l| l.coins);
        let canning = rules
            .building_with(BuildingEffect::IncomePerFullBoat)
            .filter(|b| sheet.building_complete(rules, *b))
            .map(|b| {
                let full = sheet.full_boats(rules);
                (rules.wharf[b].coins.saturating_mul(full), full)
            });
        // `Sheet::income_before_cap`, its parts counted once.
        let before = rules.income_base.saturating_add(lobster.unwrap_or(0)).saturating_add(canning.map_or(0, |c| c.0));
        debug_assert_eq!(before, sheet.income_before_cap(rules));
        let income = before.min(rules.income_cap);
        // "(capped)" only when the cap took coins away, not when the income is exactly it.
        let capped = before > income;
        let why = Why::Income { base: rules.income_base, lobster, canning, capped };
        self.earn(rules, p, income, why)
    }

    fn add_fish(&mut self, p: usize, boat: &BoatSlot, n: u32) {
        let fish = &mut self.players[p].sheet.fish[boat.section][boat.slot];
        *fish = fish.saturating_add(n);
    }

    /// One catch for player p (a fishing phase or a private one): the barge first, then
    /// every launched boat that is not full. Oyster boats with room for two ask.
    fn catch(&mut self, rules: &FleetRules, p: usize) -> Vec<Task> {
        let mut tasks = Vec::new();
        let launched = self.players[p].sheet.launched_boats(rules);
        for boat in launched.iter().filter(|b| is_barge(rules, b)) {
            let sheet = &self.players[p].sheet;
            let full = launched.iter().filter(|b| !is_barge(rules, b) && sheet.is_full(rules, b)).count() as u32;
            let room = sheet.capacity(rules, boat).saturating_sub(sheet.fish_on(boat));
            let n = full.min(room);
            if n > 0 {
                self.add_fish(p, boat, n);
                self.say(p, Happened::Barge { n, full });
            }
        }
        let mut caught = 0;
        for boat in launched.iter().filter(|b| !is_barge(rules, b)) {
            let sheet = &self.players[p].sheet;
            let cap = sheet.capacity(rules, boat);
            if cap == 0 || sheet.is_full(rules, boat) {
                continue;
            }
            let room = cap - sheet.fish_on(boat);
            let (per, is_oyster) = match rules.sections[boat.section].kind {
                SectionKind::Boats(t) => {
                    (rules.boat_types[t].fish_per_catch, rules.boat_types[t].license_effect == LicenseEffect::Oyster)
                }
                _ => (1, false),
            };
            let coin_ok = is_oyster
                && (!rules.options.oyster_coin_needs_license
                    || sheet.license_with(rules, LicenseEffect::Oyster).is_some());
            if per >= 2 && coin_ok && room >= 2 {
                tasks.push(Task::Oyster { player: p, boat: (boat.section, boat.slot) });
            } else if per >= 2 && coin_ok && room == 1 {
                self.add_fish(p, boat, 1);
                caught += 1;
                tasks.extend(self.earn(rules, p, 1, Why::OysterCoin));
            } else {
                let n = per.min(room);
                self.add_fish(p, boat, n);
                caught += n;
            }
        }
        // The summary comes once the oyster boats' choices are made, so its count is true.
        let oysters = tasks.iter().filter(|t| matches!(t, Task::Oyster { .. })).count() as u32;
        if oysters > 0 {
            self.catching[p] = (caught, oysters);
        } else if caught > 0 {
            let total = self.players[p].sheet.total_fish();
            self.say(p, Happened::Caught { n: caught, total });
        }
        tasks
    }

    fn after_fishing(&mut self, rules: &FleetRules, p: usize) -> Vec<Task> {
        let Some(l) = self.players[p].sheet.license_with(rules, LicenseEffect::AfterFishing) else { return Vec::new() };
        self.say(p, Happened::Swordfish { stars: l.stars, coins: l.coins });
        let mut tasks = if l.coins > 0 { self.earn(rules, p, l.coins, Why::Swordfish) } else { Vec::new() };
        tasks.extend((0..l.stars).map(|_| Task::Star(p)));
        tasks
    }
}

/// The boat type whose license lets a die be used as other types (shrimp).
pub(crate) fn flex_type(rules: &FleetRules) -> usize {
    rules.boat_types.iter().position(|t| t.license_effect == LicenseEffect::FlexDie).unwrap_or(0)
}
