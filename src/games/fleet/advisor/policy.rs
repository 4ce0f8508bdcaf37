//! The playout policies, the first rungs of the ladder: `Random` picks any legal option,
//! `Greedy` the option whose marks are worth the most by a cheap reading of the sheet (one
//! step: what the marks the option makes give now or will likely give by the end, never a
//! copy of the game). Chance — the dice, a start die, who starts, a card drawn — is drawn
//! from the generator in every policy.

use crate::games::fleet::game::{Choice, Decision, DicePhase, Face, FrontRoll, Game, Kind, Uses};
use crate::games::fleet::sheet::{Mark, Sheet};
use crate::games::fleet::{
    BuildingEffect, BuildingVp, ColumnBox, FleetRules, HarborEffect, LicenseEffect, SectionKind, ShrimpCoinsFace,
};
use crate::rng::Rng;
use std::cell::Cell;

/// How a seat answers its decisions in a playout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// Any legal option, uniformly.
    Random,
    /// The option worth the most by a one-step reading of the sheet (ties: the first).
    Greedy,
}

impl Policy {
    /// The option (its place in `d.options`) this policy answers a player's decision with.
    /// `d` must be a decision of `game` that asks for a choice.
    pub fn choose(self, rules: &FleetRules, game: &Game, d: &Decision, rng: &mut Rng) -> usize {
        self.choose_among(rules, game, d.player.unwrap_or(0), &d.options, rng)
    }

    /// `choose` for player `p`'s decision given by its options alone.
    pub(crate) fn choose_among(
        self,
        rules: &FleetRules,
        game: &Game,
        p: usize,
        options: &[Choice],
        rng: &mut Rng,
    ) -> usize {
        if options.len() <= 1 {
            return 0;
        }
        match self {
            Policy::Random => rng.below(options.len()),
            Policy::Greedy => greedy(rules, game, p, options).0,
        }
    }
}

/// Greedy's answer to player `p`'s decision given by its options (its place in
/// `options`; ties: the first), and at a pick the place of the picked die's best use among
/// that die's uses: the use asked next (on the same sheet) gets that answer, not weighed
/// again.
fn greedy(rules: &FleetRules, game: &Game, p: usize, options: &[Choice]) -> (usize, Option<usize>) {
    let view = View::new(rules, game, p);
    let mut best = (0, f32::NEG_INFINITY, None);
    for (i, choice) in options.iter().enumerate() {
        let (v, then) = match *choice {
            Choice::Die(face) => {
                let (v, j) = view.die_best(face);
                (v, Some(j))
            }
            c => (view.gain(c), None),
        };
        if v > best.1 {
            best = (i, v, then);
        }
    }
    (best.0, best.2)
}

/// Answer the decision at the front of `game`: chance from `rng`, a player's decision by
/// the policy of their seat (`seats[p]`). False when the game is over.
pub fn step(rules: &FleetRules, game: &mut Game, seats: &[Policy], rng: &mut Rng) -> bool {
    step_with(rules, game, seats, rng, &mut Vec::new())
}

/// `step` with the options written into `options`, which a playout reuses from step to
/// step (no question is built, nothing allocated).
fn step_with(rules: &FleetRules, game: &mut Game, seats: &[Policy], rng: &mut Rng, options: &mut Vec<Choice>) -> bool {
    let Some((player, kind)) = game.front_options(rules, options) else { return false };
    let i = match kind {
        Kind::Roll => {
            game.apply_random_roll(rules, rng).expect("the front decision is a roll");
            return true;
        }
        Kind::StartDie | Kind::StartPlayer | Kind::Draw => rng.below(options.len()),
        Kind::Other => {
            let seat = player.and_then(|p| seats.get(p)).copied().unwrap_or(Policy::Random);
            seat.choose_among(rules, game, player.unwrap_or(0), options, rng)
        }
    };
    game.apply_front_choice(rules, options[i]);
    true
}

/// Play `game` to its end as playout `seed` of the advisor: the pool of each dice phase
/// is rolled from a generator derived from the seed and the round and phase alone, a
/// casino reroll from one derived from the seed, the round, the phase, the player and how
/// many rerolls came before in this playout; so playouts with the same seed from different
/// positions of one game meet the same dice (common random numbers). Chance at setup and
/// a random seat's choices come from a generator of their own.
pub(crate) fn playout_keyed(
    rules: &FleetRules,
    game: &mut Game,
    seats: &[Policy],
    seed: u64,
    options: &mut Vec<Choice>,
) {
    let mut choices = Rng::for_roll(seed ^ 0x5EED_C401_CE5E_ED00, 0);
    let mut rerolls = 0u64;
    // A greedy seat's pick just made (the player) and the best use of the die it weighed:
    // the use of that die is the very next decision, asked on the same sheet.
    let mut picked: Option<(usize, usize)> = None;
    while let Some((player, kind)) = game.front_options(rules, options) {
        let i = match kind {
            Kind::Roll => {
                let phase = |p: DicePhase| u64::from(p == DicePhase::Town);
                let key = match game.front_roll() {
                    Some(FrontRoll::Pool(p)) => u64::from(game.round) * 2 + phase(p),
                    Some(FrontRoll::Reroll { player, .. }) => {
                        rerolls += 1;
                        let when = u64::from(game.round) * 2 + game.phase.map_or(0, phase);
                        (1 << 62) | (when << 24) | (rerolls << 8) | player as u64
                    }
                    None => unreachable!("a roll is asked"),
                };
                game.apply_random_roll(rules, &mut Rng::for_roll(seed, key)).expect("the front decision is a roll");
                continue;
            }
            Kind::StartDie | Kind::StartPlayer | Kind::Draw => choices.below(options.len()),
            Kind::Other => {
                let seat = player.and_then(|p| seats.get(p)).copied().unwrap_or(Policy::Random);
                let p = player.unwrap_or(0);
                match (seat, picked.take()) {
                    (Policy::Greedy, Some((q, j))) if q == p && j < options.len() => j,
                    (Policy::Greedy, _) if options.len() > 1 => {
                        let (i, then) = greedy(rules, game, p, options);
                        picked = then.map(|j| (p, j));
                        i
                    }
                    _ => seat.choose_among(rules, game, p, options, &mut choices),
                }
            }
        };
        game.apply_front_choice(rules, options[i]);
    }
}

/// Play `game` to its end.
pub fn playout(rules: &FleetRules, game: &mut Game, seats: &[Policy], rng: &mut Rng) {
    playout_with(rules, game, seats, rng, &mut Vec::new());
}

/// `playout` with a buffer for the options of each step, which the caller may reuse from
/// playout to playout.
pub(crate) fn playout_with(
    rules: &FleetRules,
    game: &mut Game,
    seats: &[Policy],
    rng: &mut Rng,
    options: &mut Vec<Choice>,
) {
    while step_with(rules, game, seats, rng, options) {}
}

/// A star action is about worth a good box anywhere on the sheet.
const STAR: f32 = 2.0;
/// A coin, for what it moves towards the next star.
const COIN: f32 = 0.3;

/// One player's sheet and how much of the game is left: what the greedy policy reads.
struct View<'a> {
    rules: &'a FleetRules,
    game: &'a Game,
    player: usize,
    sheet: &'a Sheet,
    /// Rounds still to play, this one included.
    rounds_left: f32,
    /// Fishing phases still to come (this round's included).
    fishings_left: f32,
    /// The coin track's next free box (None inside: full), read once when first needed.
    next_coin: Cell<Option<Option<usize>>>,
    /// The sheet's full boats, counted once when first needed.
    full_boats: Cell<Option<u32>>,
    /// What the uses of a die depend on besides the die, worked out once when first needed.
    uses: Cell<Option<Uses>>,
}

impl<'a> View<'a> {
    fn new(rules: &'a FleetRules, game: &'a Game, player: usize) -> View<'a> {
        let round = game.round.max(1);
        View {
            rules,
            game,
            player,
            sheet: &game.players[player].sheet,
            rounds_left: (game.rounds + 1).saturating_sub(round) as f32,
            fishings_left: rules.fishing_rounds.iter().filter(|r| (round..=game.rounds).contains(r)).count() as f32,
            next_coin: Cell::new(None),
            full_boats: Cell::new(None),
            uses: Cell::new(None),
        }
    }

    /// The sheet's full boats (`Sheet::full_boats`), counted once per view.
    fn full_boats(&self) -> u32 {
        cached(&self.full_boats, || self.sheet.full_boats(self.rules))
    }

    /// What an option is worth, in VP to expect by the end of the game.
    fn gain(&self, choice: Choice) -> f32 {
        match choice {
            Choice::Die(face) => self.die(face),
            Choice::Mark { section, index } | Choice::Section { section, index } => self.mark(section, index),
            Choice::FlexAs(t) => {
                let col = self.rules.section_of(SectionKind::Column(t));
                self.sheet.next_free(col).map_or(0.0, |i| self.mark(col, i)) + self.flex_extra(true)
            }
            Choice::FlexCoins => {
                let one_of_two = self.rules.options.shrimp_coins_face == ShrimpCoinsFace::OneOfTwo;
                self.coins(self.rules.dice.coins_face) + self.flex_extra(one_of_two)
            }
            Choice::Hex(t) => self.hex(t),
            Choice::CoinsFace(n) | Choice::Market(n) | Choice::DieAsCoins(n) => self.coins(n),
            Choice::Reroll => 1.0,
            Choice::Salvage => STAR - 0.5,
            Choice::License => self.license(self.choice_circle_type()),
            Choice::Boat => self.boat(self.choice_circle_type()),
            Choice::Bonus(b) => self.king_crab_bonus(b),
            Choice::TwoFish => 2.0,
            Choice::FishAndCoin => 1.0 + self.coins(1),
            Choice::EveryOyster { coin: false, boats } => 2.0 * boats as f32,
            Choice::EveryOyster { coin: true, boats } => boats as f32 + self.coins(boats),
            // Chance and setup: no policy chooses them.
            Choice::BoatType(_) | Choice::Trophy(_) | Choice::Captain(_) | Choice::Player(_) => 0.0,
        }
    }

    /// A die of the pool: its best use.
    fn die(&self, face: Face) -> f32 {
        self.die_best(face).0
    }

    /// A die of the pool: its best use's worth and place among the die's uses (the first
    /// of equals).
    fn die_best(&self, face: Face) -> (f32, usize) {
        let uses = cached(&self.uses, || self.game.uses(self.rules, self.player));
        let (mut best, mut at, mut i) = (f32::NEG_INFINITY, 0, 0);
        self.game.each_use_in(self.rules, &uses, face, false, |c| {
            let v = self.gain(c);
            if v > best {
                (best, at) = (v, i);
            }
            i += 1;
        });
        (best, at)
    }

    /// The boat type of the `?` circle being asked about: the column whose last marked box
    /// is a `?` circle with both its license and boat free.
    fn choice_circle_type(&self) -> usize {
        (0..self.rules.boat_types.len())
            .find(|t| {
                let col = self.rules.section_of(SectionKind::Column(*t));
                let marked = self.sheet.boxes[col].iter().rposition(|m| *m == Mark::Marked);
                marked.is_some_and(|i| self.rules.boat_types[*t].column[i] == ColumnBox::Choice)
            })
            .unwrap_or(0)
    }

    /// The shrimp license's extras with a flexible die: star actions and further types.
    fn flex_extra(&self, more_types: bool) -> f32 {
        let level = self.sheet.license_with(self.rules, LicenseEffect::FlexDie).unwrap_or_default();
        let types = if more_types { level.types.saturating_sub(1) as f32 * 1.0 } else { 0.0 };
        level.stars as f32 * STAR + types
    }

    /// `n` coins: the stars they reach on the coin track, and a little for the rest.
    fn coins(&self, n: u32) -> f32 {
        let s = self.rules.section_of(SectionKind::Coins);
        let Some(from) = cached(&self.next_coin, || self.sheet.next_free(s)) else { return 0.0 };
        let track = &self.sheet.boxes[s];
        let to = (from + n as usize).min(track.len());
        let stars = (from..to).filter(|i| self.rules.coin_stars[*i] && track[*i] == Mark::Empty).count();
        stars as f32 * STAR + (to - from) as f32 * COIN
    }

    /// Marking box `i` of a section (its topmost free box).
    fn mark(&self, section: usize, i: usize) -> f32 {
        match self.rules.sections[section].kind {
            SectionKind::Column(t) => self.column(t, i),
            SectionKind::Licenses(t) => self.license(t),
            SectionKind::Boats(t) => self.boat(t),
            SectionKind::Harbor(h) => self.harbor(h, i),
            SectionKind::Wharf(b) => self.wharf(b, section),
            SectionKind::Coins => self.coins(1),
            SectionKind::BuffetHexes => self.hex(i),
            SectionKind::SalvageStars => STAR,
        }
    }

    fn column(&self, t: usize, i: usize) -> f32 {
        let column = &self.rules.boat_types[t].column;
        match column[i] {
            ColumnBox::Plain => {
                // Progress towards the next circle.
                let next_circle = column[i + 1..].iter().position(|b| *b != ColumnBox::Plain);
                0.4 + next_circle.map_or(0.0, |d| 0.6 / (d as f32 + 1.0))
            }
            ColumnBox::License => self.license(t),
            ColumnBox::Boat => self.boat(t),
            ColumnBox::Choice => self.license(t).max(self.boat(t)),
        }
    }

    /// The next license of a boat type.
    fn license(&self, t: usize) -> f32 {
        let bt = &self.rules.boat_types[t];
        let level = self.sheet.license_level(self.rules, t);
        let Some(next) = bt.license_levels.get(level) else { return 0.0 };
        let prev = level.checked_sub(1).map(|l| bt.license_levels[l]).unwrap_or_default();
        let vp = bt.license_vp.get(level).copied().unwrap_or(0) as f32;
        let rounds = self.rounds_left;
        let effect = match bt.license_effect {
            LicenseEffect::FlexDie => {
                (next.stars.saturating_sub(prev.stars) as f32 * STAR + next.types.saturating_sub(prev.types) as f32)
                    * rounds
                    * 0.25
                    + if level == 0 { 1.0 } else { 0.0 }
            }
            LicenseEffect::LaunchCoins => next.coins.saturating_sub(prev.coins) as f32 * rounds * 0.5 * COIN * 2.0,
            LicenseEffect::Income => {
                next.coins.saturating_sub(prev.coins) as f32 * (rounds - 1.0).max(0.0) * COIN * 2.0
            }
            LicenseEffect::AfterFishing => {
                (next.stars.saturating_sub(prev.stars) as f32 * STAR
                    + next.coins.saturating_sub(prev.coins) as f32 * COIN * 2.0)
                    * self.fishings_left
            }
            LicenseEffect::Oyster => {
                let boats = self.sheet.marked_count(self.rules.section_of(SectionKind::Boats(t))) as f32;
                let more = next.capacity.saturating_sub(prev.capacity.max(bt.boats.first().map_or(0, |b| b.capacity)));
                (boats + 0.5) * (more as f32).min(2.0 * self.fishings_left) * 0.7
            }
        };
        let second = if level == 1 { self.coins(self.rules.second_license_coins) } else { 0.0 };
        vp + effect + second
    }

    /// Coins the cod license pays for a launch.
    fn launch_coins(&self) -> f32 {
        self.sheet.license_with(self.rules, LicenseEffect::LaunchCoins).map_or(0.0, |l| self.coins(l.coins))
    }

    /// The next boat of a boat type: its VP and the fish it may still catch.
    fn boat(&self, t: usize) -> f32 {
        let bt = &self.rules.boat_types[t];
        let s = self.rules.section_of(SectionKind::Boats(t));
        let Some(j) = self.sheet.next_free(s) else { return 0.0 };
        let spec = bt.boats[j];
        let mut capacity = spec.capacity;
        if bt.license_effect == LicenseEffect::Oyster {
            if let Some(l) = self.sheet.license(self.rules, t) {
                capacity = capacity.max(l.capacity);
            }
        }
        let fish = (capacity as f32).min(self.fishings_left * bt.fish_per_catch as f32);
        spec.vp as f32 + fish + self.launch_coins()
    }

    fn harbor(&self, h: usize, i: usize) -> f32 {
        let ship = &self.rules.harbor[h];
        if !ship.circles[i] {
            let next_circle = ship.circles[i + 1..].iter().position(|c| *c);
            return 0.4 + next_circle.map_or(0.0, |d| 0.6 / (d as f32 + 1.0));
        }
        let circle_no = ship.circles[..=i].iter().filter(|c| **c).count() - 1;
        match ship.effect {
            HarborEffect::KingCrab if circle_no == 0 => {
                let bonus = self.game.free_bonuses(self.rules).map(|b| self.king_crab_bonus(b));
                ship.license_vp as f32 + bonus.fold(0.0, f32::max)
            }
            HarborEffect::PrivateFishing => {
                let room =
                    self.sheet.launched_boats(self.rules).iter().filter(|b| !self.sheet.is_full(self.rules, b)).count();
                room as f32
            }
            HarborEffect::KingCrab | HarborEffect::Launch | HarborEffect::Barge => {
                let slot = circle_no.saturating_sub(ship.first_launching_circle());
                let Some(spec) = ship.boats.get(slot) else { return 0.0 };
                let fish = if ship.effect == HarborEffect::Barge {
                    let full = self.full_boats() as f32 + 1.0;
                    (spec.capacity as f32).min(full * self.fishings_left)
                } else {
                    (spec.capacity as f32).min(self.fishings_left)
                };
                let coins = if ship.counts_as_boat { self.launch_coins() } else { 0.0 };
                spec.vp as f32 + fish + coins
            }
        }
    }

    fn wharf(&self, b: usize, section: usize) -> f32 {
        let building = &self.rules.wharf[b];
        let boxes = &self.sheet.boxes[section];
        let len = boxes.len().max(1) as f32;
        let completes = boxes.iter().filter(|m| **m == Mark::Empty).count() == 1;
        match building.vp {
            BuildingVp::PerBox(p) => p as f32,
            BuildingVp::Complete(p) | BuildingVp::AllBoxes(p) => {
                if completes {
                    p as f32 + self.building_effect(b)
                } else {
                    (p as f32 + self.building_effect(b)) / len
                }
            }
        }
    }

    /// What a building's effect is worth over the rounds left.
    fn building_effect(&self, b: usize) -> f32 {
        let building = &self.rules.wharf[b];
        let share = self.rounds_left / self.game.rounds.max(1) as f32;
        let v = match building.effect {
            BuildingEffect::None => 0.0,
            BuildingEffect::Reroll => 3.0,
            BuildingEffect::Buffet => 4.0,
            BuildingEffect::Salvage => building.stars as f32 * STAR * 0.7,
            BuildingEffect::DieAsCoins => building.coins as f32 * 2.0,
            BuildingEffect::MarketBonus => building.coins as f32 * 2.0,
            BuildingEffect::IncomePerFullBoat => {
                building.coins as f32 * (self.full_boats() as f32 + 1.0) * self.rounds_left * COIN
            }
        };
        v * share
    }

    fn hex(&self, _t: usize) -> f32 {
        let Some(b) = self.rules.building_with(BuildingEffect::Buffet) else { return 0.0 };
        let vp = &self.rules.wharf[b].hex_vp;
        let n = self.sheet.buffet_hexes(self.rules);
        let now = n.checked_sub(1).and_then(|i| vp.get(i)).copied().unwrap_or(0);
        let next = vp.get(n).copied().unwrap_or(now);
        next.saturating_sub(now) as f32
    }

    /// A king crab bonus, by what the sheet counts now grown to the end of the game.
    fn king_crab_bonus(&self, b: usize) -> f32 {
        let bonus = &self.rules.king_crab_bonuses[b];
        let now = self.sheet.quantity(self.rules, bonus.per) as f32;
        let played = (self.game.rounds as f32 - self.rounds_left + 1.0).max(1.0);
        let at_end = now * self.game.rounds as f32 / played;
        (bonus.points as f32 * (at_end / bonus.every.max(1) as f32).floor()).min(self.rules.king_crab_cap as f32)
    }
}

/// The value in `cell`, made by `make` the first time.
fn cached<T: Copy>(cell: &Cell<Option<T>>, make: impl FnOnce() -> T) -> T {
    match cell.get() {
        Some(v) => v,
        None => {
            let v = make();
            cell.set(Some(v));
            v
        }
    }
}
