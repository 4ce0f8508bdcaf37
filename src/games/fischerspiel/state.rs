//! Fischerspiel's wind and fish tracker: a pure reducer. `apply(rules, state, event)`
//! returns the next state, or a `FischerspielRefusal` when the event cannot happen under the rules
//! (a full boat catching, a fish that is not at sea, the game already over, …). What an
//! event caused (wind relief, the capacity change at wind 6, drift, the end) is listed in
//! the new state's `effects`, for the tracker to announce. Refusals and effects are values;
//! `text::fischerspiel` and the tracker put them into words.

use serde::{Deserialize, Serialize};

use crate::games::fischerspiel::model::FischerspielRules;

/// A board edge the wind markers lie on (Strategy II); the wind blows away from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The north edge of the board.
    North,
    /// The east edge.
    East,
    /// The south edge.
    South,
    /// The west edge.
    West,
}

impl Side {
    /// Every edge, clockwise from north.
    pub const ALL: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];

    /// The edge's id in saves (`north`).
    pub fn id(self) -> &'static str {
        match self {
            Side::North => "north",
            Side::East => "east",
            Side::South => "south",
            Side::West => "west",
        }
    }

    /// Where boats drift: away from the markers.
    pub fn downwind(self) -> Side {
        match self {
            Side::North => Side::South,
            Side::East => Side::West,
            Side::South => Side::North,
            Side::West => Side::East,
        }
    }
}

/// One thing that happened at the table, as the save file stores it. Boats and fish are
/// named by their ids in the rules file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Wind +1: the die's wind face, or (strategy games) a fish crossing a foam crest. In
    /// Strategy II it may say where the markers lie.
    Wind {
        /// The edge the markers lie on (Strategy II only; required at the first wind).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<Side>,
    },
    /// Strategy II: the players move the wind markers (allowed right after the wind changed).
    Direction {
        /// The edge the markers now lie on.
        side: Side,
    },
    /// A boat leaves its harbour.
    Sail {
        /// The boat's colour id.
        boat: String,
    },
    /// A boat loads a fish from the current.
    Catch {
        /// The boat's colour id.
        boat: String,
        /// The fish's size id.
        fish: String,
    },
    /// One fish handed from a boat to a boat next to it.
    Transfer {
        /// The colour id of the boat that gives the fish.
        from: String,
        /// The colour id of the boat that takes it.
        to: String,
        /// The fish's size id.
        fish: String,
    },
    /// A boat throws a fish back into the current.
    Dump {
        /// The boat's colour id.
        boat: String,
        /// The fish's size id.
        fish: String,
    },
    /// A boat enters its own harbour and lands every fish it carries.
    Home {
        /// The boat's colour id.
        boat: String,
    },
    /// Strategy II: no boat can make a legal move.
    Stuck,
    /// Take back the last event (the save keeps both; the fold skips the undone one).
    Undo,
}

/// A game's fixed starting point: the variant, the boats in play and the fish mix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Index into `rules.variants`.
    pub variant: usize,
    /// Indices into `rules.boats`, one per player.
    pub boats: Vec<usize>,
    /// Fish per size (indices into `rules.fish`).
    pub fish: Vec<u32>,
}

/// Why a setup is not possible. Fish sizes are indices into `rules.fish`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The rulebook has no setup for this many players.
    Players {
        /// The player count asked for.
        players: u32,
    },
    /// No variant has this id.
    UnknownVariant {
        /// The variant as given.
        variant: String,
    },
    /// No boat colour has this id.
    UnknownBoat {
        /// The colour as given.
        id: String,
    },
    /// The boats named are not one of the rulebook's sets for this many players.
    BoatSets {
        /// The player count.
        players: u32,
    },
    /// No fish size has this id.
    UnknownFish {
        /// The size as given.
        id: String,
    },
    /// More fish of a size than the box has.
    BoxHas {
        /// The fish size.
        fish: usize,
        /// How many were asked for.
        asked: u32,
    },
    /// Fewer players than boats needed to lift a fish of this size.
    CannotLift {
        /// The player count.
        players: u32,
        /// The fish size.
        fish: usize,
    },
    /// The mix has no fish at all.
    NoFish,
}

impl Setup {
    /// The rulebook setup for `players`, optionally with a boat set and fish mix of one's
    /// own (the rulebook allows one more or fewer fish for a harder or easier game).
    pub fn new(
        rules: &FischerspielRules,
        players: u32,
        variant: &str,
        boats: Option<&[String]>,
        fish: Option<&[(String, u32)]>,
    ) -> Result<Setup, SetupError> {
        let Some(standard) = rules.setups.get(&players) else {
            return Err(SetupError::Players { players });
        };
        let variant =
            rules.variant(variant).ok_or_else(|| SetupError::UnknownVariant { variant: variant.to_string() })?;
        let boats = match boats {
            None => standard.boats[0].clone(),
            Some(ids) => {
                let mut idx = Vec::new();
                for id in ids {
                    idx.push(rules.boat_index(id).ok_or_else(|| SetupError::UnknownBoat { id: id.clone() })?);
                }
                let mut sorted = idx.clone();
                sorted.sort_unstable();
                let allowed = standard.boats.iter().any(|set| {
                    let mut s = set.clone();
                    s.sort_unstable();
                    s == sorted
                });
                if !allowed {
                    return Err(SetupError::BoatSets { players });
                }
                idx
            }
        };
        let fish = match fish {
            None => standard.fish.clone(),
            Some(mix) => {
                let mut counts = vec![0; rules.fish.len()];
                for (id, n) in mix {
                    let i = rules.fish_index(id).ok_or_else(|| SetupError::UnknownFish { id: id.clone() })?;
                    counts[i] = *n;
                }
                for (i, f) in rules.fish.iter().enumerate() {
                    if counts[i] > f.in_box {
                        return Err(SetupError::BoxHas { fish: i, asked: counts[i] });
                    }
                    if counts[i] > 0 && f.boats > players {
                        return Err(SetupError::CannotLift { players, fish: i });
                    }
                }
                if counts.iter().sum::<u32>() == 0 {
                    return Err(SetupError::NoFish);
                }
                counts
            }
        };
        Ok(Setup { variant, boats, fish })
    }

    /// How many fish the game starts with on the current.
    pub fn total_fish(&self) -> u32 {
        self.fish.iter().sum()
    }
}

/// A boat in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Boat {
    /// Index into `rules.boats`.
    pub colour: usize,
    /// In its own harbour (where every boat starts), not at sea.
    pub home: bool,
    /// Fish sizes on board.
    pub load: Vec<usize>,
}

/// How a game ended: everyone wins or everyone loses together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// All fish landed and all boats home before the hurricane.
    Won,
    /// The wind reached the hurricane.
    LostToHurricane,
    /// Strategy II: no boat could move.
    LostStuck,
}

/// What an event caused, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Effect {
    /// The wind rose.
    WindUp {
        /// The wind strength now.
        wind: u32,
    },
    /// A landing threshold took a marker away.
    Relief {
        /// The threshold reached: fish landed in all harbours together.
        landed: u32,
        /// The wind strength now.
        wind: u32,
    },
    /// A landing threshold was reached with no marker to take away.
    ReliefNoMarker {
        /// The threshold reached: fish landed in all harbours together.
        landed: u32,
    },
    /// A boat came home and landed its fish.
    Landed {
        /// Index into `State::boats`.
        boat: usize,
        /// How many fish it landed.
        fish: u32,
        /// Fish landed in all harbours together, now.
        total: u32,
    },
    /// Boats now carry at most this many fish.
    Capacity {
        /// The most fish per boat.
        fish: u32,
    },
    /// This boat holds more than it may and must throw a fish back.
    MustDump {
        /// Index into `State::boats`.
        boat: usize,
    },
    /// Strategy II: drift per move is now this many squares.
    Drift {
        /// Squares the moving boat drifts.
        squares: u32,
    },
    /// Strategy II: the wind changed, so the markers may move to another edge.
    MayTurn,
    /// The game is over.
    Over(Outcome),
}

/// Where a game stands: the wind, the fish at sea, on the boats and landed, and what the
/// last event caused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct State {
    /// How the game started.
    pub setup: Setup,
    /// The wind strength (markers on the board edge), from 0; the game is lost at
    /// `rules.wind.hurricane`.
    pub wind: u32,
    /// Strategy II: the edge the wind markers lie on; None before the first wind.
    pub direction: Option<Side>,
    /// Strategy II: the last event changed the wind, so the direction may change.
    pub may_turn: bool,
    /// Fish still on the current, per size.
    pub sea: Vec<u32>,
    /// Fish landed, per size.
    pub landed: Vec<u32>,
    /// The boats in play, one per player, in `Setup::boats` order.
    pub boats: Vec<Boat>,
    /// Boats (indices into `boats`) that must throw a fish back before anything else.
    pub must_dump: Vec<usize>,
    /// How the game ended; None while it goes on.
    pub outcome: Option<Outcome>,
    /// What the last event caused.
    pub effects: Vec<Effect>,
}

/// Why an event cannot happen. Boats are colours (indices into `rules.boats`), fish sizes
/// indices into `rules.fish`, variants indices into `rules.variants`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FischerspielRefusal {
    /// No boat in play has this id or name; `in_play` are the colours in play.
    NoBoat {
        /// What was typed.
        typed: String,
        /// The colours in play.
        in_play: Vec<usize>,
    },
    /// No fish size has this id or name.
    NotSize {
        /// What was typed.
        typed: String,
    },
    /// The game is over.
    Over(Outcome),
    /// `Undo` goes through a `Timeline`, not `apply`.
    UndoOutsideTimeline,
    /// A boat holds `load` fish but may carry only `cap` from wind `wind` on: it must throw
    /// one back before anything else. `others`: the other boats that must too (the rules
    /// set no order among them).
    MustDump {
        /// The boat's colour.
        boat: usize,
        /// How many fish it holds.
        load: usize,
        /// How many it may hold now.
        cap: u32,
        /// The wind strength from which `cap` holds (`Wind::storm_from`).
        wind: u32,
        /// The colours of the other boats that must throw one back too.
        others: Vec<usize>,
    },
    /// A wind side given in a variant without wind direction.
    WindHasNoDirection {
        /// The game's variant.
        variant: usize,
    },
    /// Strategy II: the first wind must say where the markers lie.
    NeedSide,
    /// The markers moved in a variant without wind direction.
    NoDirection {
        /// The game's variant.
        variant: usize,
    },
    /// The markers move only right after the wind changed.
    TurnOnlyAfterWindChange,
    /// A boat sets sail that is already at sea.
    AlreadyAtSea {
        /// The boat's colour.
        boat: usize,
    },
    /// A boat in its harbour cannot catch.
    InHarbour {
        /// The boat's colour.
        boat: usize,
    },
    /// No fish of this size is left on the current.
    NoneLeft {
        /// The fish size.
        fish: usize,
    },
    /// A fish needs `boats` boats next to it, but only `at_sea` are at sea.
    NeedsBoats {
        /// The fish size.
        fish: usize,
        /// Boats needed to lift it.
        boats: u32,
        /// Boats at sea now.
        at_sea: u32,
    },
    /// The boat already holds `cap` fish, all it may at wind `wind`.
    Full {
        /// The boat's colour.
        boat: usize,
        /// The most fish per boat now.
        cap: u32,
        /// The wind strength now.
        wind: u32,
    },
    /// A boat cannot hand a fish to itself.
    TransferToItself,
    /// Fish are handed over between boats at sea only.
    TransferInHarbour,
    /// The boat carries no fish of this size.
    CarriesNo {
        /// The boat's colour.
        boat: usize,
        /// The fish size.
        fish: usize,
    },
    /// A boat comes home that is already in its harbour.
    AlreadyHome {
        /// The boat's colour.
        boat: usize,
    },
    /// `stuck` ends only games with drift (Strategy II).
    StuckWithoutDrift,
    /// `Undo` at the start of the game.
    NothingToUndo,
}

impl State {
    /// The start of a game: wind 0, every fish on the current, every boat empty in its
    /// harbour.
    pub fn new(setup: Setup) -> State {
        State {
            wind: 0,
            direction: None,
            may_turn: false,
            sea: setup.fish.clone(),
            landed: vec![0; setup.fish.len()],
            boats: setup.boats.iter().map(|c| Boat { colour: *c, home: true, load: Vec::new() }).collect(),
            must_dump: Vec::new(),
            outcome: None,
            effects: Vec::new(),
            setup,
        }
    }

    /// Fish landed in all harbours together.
    pub fn landed_total(&self) -> u32 {
        self.landed.iter().sum()
    }

    /// Fish still on the current.
    pub fn at_sea_total(&self) -> u32 {
        self.sea.iter().sum()
    }

    /// Fish on the boats.
    pub fn on_boats_total(&self) -> u32 {
        self.boats.iter().map(|b| b.load.len() as u32).sum()
    }

    /// The most fish a boat may carry at the present wind.
    pub fn capacity(&self, rules: &FischerspielRules) -> u32 {
        rules.wind.capacity_at(self.wind)
    }

    /// The boat in play (index into `boats`) with this id, or its name in any language
    /// (matching words, whatever the table's language).
    pub fn boat(&self, rules: &FischerspielRules, id: &str) -> Result<usize, FischerspielRefusal> {
        let want = id.to_lowercase();
        self.boats
            .iter()
            .position(|b| {
                let c = &rules.boats[b.colour];
                c.id == want || c.name.matches(&want)
            })
            .ok_or_else(|| FischerspielRefusal::NoBoat {
                typed: id.to_string(),
                in_play: self.boats.iter().map(|b| b.colour).collect(),
            })
    }

    /// The colour of a boat in play.
    fn colour(&self, boat: usize) -> usize {
        self.boats[boat].colour
    }
}

/// The fish size with this id, or its name or word in any language.
pub fn fish_size(rules: &FischerspielRules, id: &str) -> Result<usize, FischerspielRefusal> {
    let want = id.to_lowercase();
    rules
        .fish
        .iter()
        .position(|f| f.id == want || f.name.matches(&want) || f.word.matches(&want))
        .ok_or_else(|| FischerspielRefusal::NotSize { typed: id.to_string() })
}

/// The next state after `event`, or why it cannot happen. `Undo` is not a state change of
/// its own: use `Timeline`, which keeps the states to go back to.
pub(crate) fn apply(rules: &FischerspielRules, state: &State, event: &Event) -> Result<State, FischerspielRefusal> {
    if let Some(outcome) = state.outcome {
        return Err(FischerspielRefusal::Over(outcome));
    }
    if matches!(event, Event::Undo) {
        return Err(FischerspielRefusal::UndoOutsideTimeline);
    }
    let variant = &rules.variants[state.setup.variant];
    let mut s = state.clone();
    s.effects.clear();
    let turned = s.may_turn;
    s.may_turn = false;
    if let Some(&b) = state.must_dump.first() {
        // Any boat that must throw a fish back may do so first: "so muß er einen beliebigen
        // Fisch zurück ins Wasser werfen" sets no order among boats. Moving the wind markers
        // belongs to the wind change itself and may come before or after the throw-backs.
        let ok = match event {
            Event::Dump { boat, .. } => state.boat(rules, boat).is_ok_and(|d| state.must_dump.contains(&d)),
            Event::Direction { .. } => turned,
            _ => false,
        };
        if !ok {
            let mut others: Vec<usize> =
                state.must_dump.iter().filter(|x| **x != b).map(|x| state.colour(*x)).collect();
            others.dedup();
            return Err(FischerspielRefusal::MustDump {
                boat: state.colour(b),
                load: state.boats[b].load.len(),
                cap: state.capacity(rules),
                wind: rules.wind.storm_from,
                others,
            });
        }
    }
    match event {
        Event::Wind { side } => {
            match (variant.drift, side, s.direction) {
                (false, Some(_), _) => {
                    return Err(FischerspielRefusal::WindHasNoDirection { variant: state.setup.variant })
                }
                (true, None, None) => return Err(FischerspielRefusal::NeedSide),
                (true, Some(side), _) => s.direction = Some(*side),
                _ => {}
            }
            let before = s.wind;
            s.wind += 1;
            s.effects.push(Effect::WindUp { wind: s.wind });
            wind_changed(rules, &mut s, before);
            if s.wind >= rules.wind.hurricane {
                s.outcome = Some(Outcome::LostToHurricane);
                s.must_dump.clear();
                s.effects.push(Effect::Over(Outcome::LostToHurricane));
                return Ok(s);
            }
            let cap = s.capacity(rules) as usize;
            for (i, b) in s.boats.iter().enumerate() {
                for _ in cap..b.load.len() {
                    s.must_dump.push(i);
                    s.effects.push(Effect::MustDump { boat: i });
                }
            }
        }
        Event::Direction { side } => {
            if !variant.drift {
                return Err(FischerspielRefusal::NoDirection { variant: state.setup.variant });
            }
            if !turned {
                return Err(FischerspielRefusal::TurnOnlyAfterWindChange);
            }
            s.direction = Some(*side);
            s.may_turn = true; // still the same wind change
        }
        Event::Sail { boat } => {
            let b = s.boat(rules, boat)?;
            if !s.boats[b].home {
                return Err(FischerspielRefusal::AlreadyAtSea { boat: s.colour(b) });
            }
            s.boats[b].home = false;
        }
        Event::Catch { boat, fish } => {
            let b = s.boat(rules, boat)?;
            let f = fish_size(rules, fish)?;
            if s.boats[b].home {
                return Err(FischerspielRefusal::InHarbour { boat: s.colour(b) });
            }
            if s.sea[f] == 0 {
                return Err(FischerspielRefusal::NoneLeft { fish: f });
            }
            let at_sea = s.boats.iter().filter(|x| !x.home).count() as u32;
            if rules.fish[f].boats > at_sea {
                return Err(FischerspielRefusal::NeedsBoats { fish: f, boats: rules.fish[f].boats, at_sea });
            }
            let cap = s.capacity(rules);
            if s.boats[b].load.len() as u32 >= cap {
                return Err(FischerspielRefusal::Full { boat: s.colour(b), cap, wind: s.wind });
            }
            s.sea[f] -= 1;
            s.boats[b].load.push(f);
        }
        Event::Transfer { from, to, fish } => {
            let a = s.boat(rules, from)?;
            let b = s.boat(rules, to)?;
            let f = fish_size(rules, fish)?;
            if a == b {
                return Err(FischerspielRefusal::TransferToItself);
            }
            if s.boats[a].home || s.boats[b].home {
                return Err(FischerspielRefusal::TransferInHarbour);
            }
            let Some(pos) = s.boats[a].load.iter().position(|x| *x == f) else {
                return Err(FischerspielRefusal::CarriesNo { boat: s.colour(a), fish: f });
            };
            let cap = s.capacity(rules);
            if s.boats[b].load.len() as u32 >= cap {
                return Err(FischerspielRefusal::Full { boat: s.colour(b), cap, wind: s.wind });
            }
            s.boats[a].load.remove(pos);
            s.boats[b].load.push(f);
        }
        Event::Dump { boat, fish } => {
            let b = s.boat(rules, boat)?;
            let f = fish_size(rules, fish)?;
            let Some(pos) = s.boats[b].load.iter().position(|x| *x == f) else {
                return Err(FischerspielRefusal::CarriesNo { boat: s.colour(b), fish: f });
            };
            s.boats[b].load.remove(pos);
            s.sea[f] += 1;
            if let Some(i) = s.must_dump.iter().position(|x| *x == b) {
                s.must_dump.remove(i);
                // A forced throw-back is part of the wind change: the markers may still
                // move ("Immer wenn die Windstärke sich erhöht … können die Spieler die
                // Windrichtung ändern").
                s.may_turn = turned;
            }
        }
        Event::Home { boat } => {
            let b = s.boat(rules, boat)?;
            if s.boats[b].home {
                return Err(FischerspielRefusal::AlreadyHome { boat: s.colour(b) });
            }
            s.boats[b].home = true;
            let before = s.landed_total();
            let load = std::mem::take(&mut s.boats[b].load);
            for f in &load {
                s.landed[*f] += 1;
            }
            let after = s.landed_total();
            if !load.is_empty() {
                s.effects.push(Effect::Landed { boat: b, fish: load.len() as u32, total: after });
            }
            let wind_before = s.wind;
            for t in rules.wind.relief_at.iter().filter(|t| before < **t && **t <= after) {
                if s.wind > 0 {
                    s.wind -= 1;
                    s.effects.push(Effect::Relief { landed: *t, wind: s.wind });
                } else {
                    s.effects.push(Effect::ReliefNoMarker { landed: *t });
                }
            }
            if s.wind != wind_before {
                wind_changed(rules, &mut s, wind_before);
            }
            if s.sea.iter().all(|n| *n == 0) && s.boats.iter().all(|x| x.home && x.load.is_empty()) {
                s.outcome = Some(Outcome::Won);
                s.effects.push(Effect::Over(Outcome::Won));
            }
        }
        Event::Stuck => {
            if !variant.drift {
                return Err(FischerspielRefusal::StuckWithoutDrift);
            }
            s.outcome = Some(Outcome::LostStuck);
            s.effects.push(Effect::Over(Outcome::LostStuck));
        }
        Event::Undo => unreachable!("handled above"),
    }
    Ok(s)
}

/// Announce what a wind change means: capacity, drift and (Strategy II) a new direction.
fn wind_changed(rules: &FischerspielRules, s: &mut State, before: u32) {
    let (cap_before, cap) = (rules.wind.capacity_at(before), rules.wind.capacity_at(s.wind));
    if cap != cap_before {
        s.effects.push(Effect::Capacity { fish: cap });
    }
    if rules.variants[s.setup.variant].drift {
        let (d_before, d) = (rules.wind.drift_at(before), rules.wind.drift_at(s.wind));
        if d != d_before {
            s.effects.push(Effect::Drift { squares: d });
        }
        s.may_turn = true;
        s.effects.push(Effect::MayTurn);
    }
}

/// The states of a game so far; `Undo` steps back one event.
#[derive(Debug, Clone)]
pub struct Timeline {
    states: Vec<State>,
}

impl Timeline {
    /// A timeline with no event yet.
    pub fn new(start: State) -> Timeline {
        Timeline { states: vec![start] }
    }

    /// The state after the last event.
    pub fn current(&self) -> &State {
        self.states.last().expect("a timeline always holds its start")
    }

    /// What `event` would lead to, without recording it.
    pub fn peek(&self, rules: &FischerspielRules, event: &Event) -> Result<State, FischerspielRefusal> {
        match event {
            Event::Undo if self.states.len() < 2 => Err(FischerspielRefusal::NothingToUndo),
            Event::Undo => Ok(self.states[self.states.len() - 2].clone()),
            e => apply(rules, self.current(), e),
        }
    }

    /// Apply `event` (or undo the last one) and return the new state; a refused event
    /// changes nothing.
    pub fn push(&mut self, rules: &FischerspielRules, event: &Event) -> Result<&State, FischerspielRefusal> {
        match event {
            Event::Undo => {
                if self.states.len() < 2 {
                    return Err(FischerspielRefusal::NothingToUndo);
                }
                self.states.pop();
            }
            e => {
                let next = apply(rules, self.current(), e)?;
                self.states.push(next);
            }
        }
        Ok(self.current())
    }

    /// Events applied and not undone.
    pub fn len(&self) -> usize {
        self.states.len() - 1
    }

    /// No event applied (or all undone).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Fold a saved list of events. On a bad event: its index and why.
pub(crate) fn replay(
    rules: &FischerspielRules,
    setup: Setup,
    events: &[Event],
) -> Result<Timeline, (usize, FischerspielRefusal)> {
    let mut t = Timeline::new(State::new(setup));
    for (i, e) in events.iter().enumerate() {
        t.push(rules, e).map_err(|v| (i, v))?;
    }
    Ok(t)
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
