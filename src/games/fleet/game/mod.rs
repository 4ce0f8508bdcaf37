//! A live game of Fleet: pure state plus a reducer. The game always knows the decision it
//! waits for (`decision()`); `apply(input)` checks the answer against the options legal at
//! that moment, carries out every effect and chain in the rulebook's order (a task queue:
//! activation circles, coin-track stars, launches, fishing…) and stops at the next
//! decision. What happened on the way is a list of `Event`s. No I/O, no prompts, no words:
//! the CLI, the tests and the random player all drive it the same way, and the text layer
//! (`text::fleet`) says it in a language.

mod decision;
mod effects;
mod event;
mod face;
mod options;
mod together;

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

pub(crate) use decision::Kind;
pub use decision::{Ask, Choice, Decision, FleetRefusal, Illegal};
pub use event::{Event, Happened, Why};
pub use face::{parse_faces, DicePhase, Face, RollSpec};
pub(crate) use options::Uses;

use super::ruth::Ruth;
use super::sheet::Sheet;
use crate::games::fleet::{FleetRules, Metal};

/// What the table answers at a decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Input {
    /// The key of one of the decision's options.
    Choice(String),
    /// Dice faces (keys), typed from the physical dice or rolled by deckhand.
    Roll {
        /// The faces' keys, one per die (`cod`, `coins`, `harbor`…).
        faces: Vec<String>,
        /// deckhand rolled them: the table has seen them, so the roll cannot be undone.
        digital: bool,
    },
}

/// One step of the rulebook's sequence, waiting in the queue.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Task {
    StartDie(usize),
    StartPlayer,
    BeginRound,
    Roll(DicePhase),
    Pick(usize),
    Use {
        player: usize,
        face: Face,
        shared: bool,
    },
    Reroll {
        player: usize,
        boat_die: bool,
    },
    Shared,
    EndDicePhase,
    /// Shrimp license: mark a boat type of the player's choice (`then` more after this);
    /// with `coins`, the 3-coins face may be this face.
    FlexType {
        player: usize,
        then: u32,
        coins: bool,
    },
    ChoiceCircle {
        player: usize,
        boat_type: usize,
    },
    KingCrabBonus(usize),
    Star(usize),
    Oyster {
        player: usize,
        boat: (usize, usize),
    },
    Income,
    FishingStart,
    FishingEnd,
    /// The swordfish license's bonus, when it is worked out after the deferred star
    /// actions (`swordfish_timing = "after_deferred_stars"`).
    AfterFishing,
    PrivateFishing(usize),
    PrivateFishingEnd(usize),
    EndRound,
    /// Which trophy card of this metal was drawn.
    DrawTrophy(Metal),
    /// Which captain card a player drew.
    Captain(usize),
    /// Captain Ruth picks a die (solo).
    RuthPick,
    /// Captain Ruth uses the shared die (solo).
    RuthShared(Face),
}

/// A roll asked at the front (`Game::front_roll`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FrontRoll {
    /// The pool of this dice phase.
    Pool(DicePhase),
    /// A player's casino reroll of one die.
    Reroll {
        /// Whose.
        player: usize,
        /// A boat die (else a town die).
        boat_die: bool,
    },
}

/// How far a game has come, for a running score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Progress {
    /// Setup, or round 1 before its first roll: nothing has been played.
    BeforeFirstRoll,
    /// Between rounds: this round is over, the next not yet rolled.
    AfterRound(u32),
    /// Inside this round.
    InRound(u32),
    /// The game is over.
    Over,
}

/// A player at the table.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Player {
    /// The player's name, unique at the table.
    pub name: String,
    /// The player's sheet as it stands.
    pub sheet: Sheet,
    rerolled_this_phase: bool,
}

/// How a game is set up; saved in the header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Setup {
    /// One player against Captain Ruth.
    #[serde(default)]
    pub solo: bool,
    /// Captain cards instead of the start roll.
    #[serde(default)]
    pub captains: bool,
    /// One gold and one silver trophy in play.
    #[serde(default)]
    pub trophies: bool,
}

/// Which dice the game is played with; saved in the header.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Dice {
    /// The table rolls its own dice and types the faces.
    #[default]
    Physical,
    /// deckhand rolls the dice (`Session::digital_answer`).
    Digital,
}

/// The state of a game: the players' sheets, where the round stands, and the queue of
/// what comes next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The players in seat order (a single one in solo).
    pub players: Vec<Player>,
    /// 1-based; 0 during setup.
    pub round: u32,
    /// Rounds in this game (`FleetRules::rounds`, or the solo game's).
    pub rounds: u32,
    /// Who starts this round (seat index); the marker passes on at the end of each round.
    pub start_player: usize,
    /// The dice of the current roll not yet picked.
    pub pool: Vec<Face>,
    /// The dice phase under way; `None` between dice phases (before the roll, after the shared die).
    pub phase: Option<DicePhase>,
    queue: VecDeque<Task>,
    /// Star actions earned while fish are being caught wait until after the fishing.
    deferred: Vec<Task>,
    /// Per player: catching fish now (a fishing phase, or a private one).
    fishing: Vec<bool>,
    /// Per player: fish caught in the current catch, and the oyster boats' choices still
    /// to make before the catch is told.
    catching: Vec<(u32, u32)>,
    events: Vec<Event>,
    /// Captain Ruth's tokens in a solo game.
    pub ruth: Option<Ruth>,
    /// Trophy cards in play (indices into `FleetRules::trophies`).
    pub trophies: Vec<usize>,
    /// Marking the boxes of setup (start die, captain card) with
    /// `start_launch_pays_cod_coin = false`: launches pay no cod license coins.
    setup_launch_unpaid: bool,
    /// Tell nothing: no events are recorded (a playout of the advisor, which no one reads).
    quiet: bool,
}

impl Game {
    /// A new game at the start of setup. Names must be distinct: 2..=max players, or one
    /// player against Captain Ruth with `setup.solo`.
    pub fn new(rules: &FleetRules, names: &[String], setup: Setup) -> Game {
        let players = names
            .iter()
            .map(|n| {
                let mut sheet = Sheet::blank(rules, n);
                sheet.solo = setup.solo;
                Player { name: n.clone(), sheet, rerolled_this_phase: false }
            })
            .collect();
        let mut queue: VecDeque<Task> = VecDeque::new();
        if setup.trophies {
            queue.extend([Task::DrawTrophy(Metal::Gold), Task::DrawTrophy(Metal::Silver)]);
        }
        queue.extend((0..names.len()).map(|p| if setup.captains { Task::Captain(p) } else { Task::StartDie(p) }));
        if !setup.solo {
            queue.push_back(Task::StartPlayer);
        }
        queue.push_back(Task::BeginRound);
        let mut g = Game::with_queue(
            rules,
            players,
            if setup.solo { rules.solo.rounds } else { rules.rounds },
            0,
            queue,
            setup.solo.then(|| Ruth::new(rules)),
        );
        if (setup.captains || setup.trophies) && rules.cards_example {
            g.announce(Happened::ExampleCards);
        }
        g.advance(rules);
        g
    }

    fn with_queue(
        _rules: &FleetRules,
        players: Vec<Player>,
        rounds: u32,
        round: u32,
        queue: VecDeque<Task>,
        ruth: Option<Ruth>,
    ) -> Game {
        let fishing = vec![false; players.len()];
        let catching = vec![(0, 0); players.len()];
        Game {
            players,
            round,
            rounds,
            start_player: 0,
            pool: Vec::new(),
            phase: None,
            queue,
            deferred: Vec::new(),
            fishing,
            catching,
            events: Vec::new(),
            ruth,
            trophies: Vec::new(),
            setup_launch_unpaid: false,
            quiet: false,
        }
    }

    /// A game that continues from the given sheets at the start of `round` (1-based), with
    /// player 0 as start player. Used to test situations deep in a game, and to pick up a
    /// paper game part-way.
    pub fn from_sheets(rules: &FleetRules, sheets: Vec<Sheet>, round: u32) -> Game {
        let players = sheets
            .into_iter()
            .map(|sheet| Player { name: sheet.player.clone(), sheet, rerolled_this_phase: false })
            .collect();
        let queue = VecDeque::from([Task::BeginRound]);
        let mut g = Game::with_queue(rules, players, rules.rounds, round.saturating_sub(1), queue, None);
        g.advance(rules);
        g
    }

    /// A solo game that continues from the player's sheet at the start of `round`, with
    /// Ruth's tokens at the given loop positions (boat, harbor, wharf).
    pub fn solo_from_sheet(rules: &FleetRules, mut sheet: Sheet, round: u32, tokens: [usize; 3]) -> Game {
        sheet.solo = true;
        let players = vec![Player { name: sheet.player.clone(), sheet, rerolled_this_phase: false }];
        let queue = VecDeque::from([Task::BeginRound]);
        let ruth = Some(Ruth { tokens });
        let mut g = Game::with_queue(rules, players, rules.solo.rounds, round.saturating_sub(1), queue, ruth);
        g.advance(rules);
        g
    }

    /// In a solo game Ruth goes first in even rounds.
    pub(crate) fn ruth_first(&self) -> bool {
        self.ruth.is_some() && self.round.is_multiple_of(2)
    }

    /// The game is over: nothing is left to decide.
    pub fn finished(&self) -> bool {
        self.queue.is_empty()
    }

    /// How far the game has come: a round counts as begun with its first roll.
    pub(crate) fn progress(&self) -> Progress {
        let not_rolled = self.round == 0 || matches!(self.queue.front(), Some(Task::Roll(DicePhase::Boat)));
        match self.round {
            _ if self.finished() => Progress::Over,
            0 | 1 if not_rolled => Progress::BeforeFirstRoll,
            r if not_rolled => Progress::AfterRound(r - 1),
            r => Progress::InRound(r),
        }
    }

    /// Turn order for this round, from the start player.
    pub(crate) fn turn_order(&self) -> Vec<usize> {
        let n = self.players.len();
        (0..n).map(|i| (self.start_player + i) % n).collect()
    }

    /// The decision the game waits for, or None when the game is over.
    pub fn decision(&self, rules: &FleetRules) -> Option<Decision> {
        self.queue.front().map(|task| self.decision_for(rules, task))
    }

    /// Take the events since the last call.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// Apply an answer to the current decision and run every effect up to the next one.
    pub fn apply(&mut self, rules: &FleetRules, input: &Input) -> Result<(), Illegal> {
        self.answer(rules, input)?;
        self.advance(rules);
        Ok(())
    }

    /// Carry out the answer to the task at the front of the queue.
    fn answer(&mut self, rules: &FleetRules, input: &Input) -> Result<(), Illegal> {
        let Some(task) = self.queue.front().cloned() else {
            return Err(Illegal { refusal: FleetRefusal::GameOver, legal: Vec::new() });
        };
        match (&task, input) {
            (Task::Roll(phase), Input::Roll { faces, .. }) => {
                let faces = parse_faces(rules, faces, self.roll_spec(rules, *phase))?;
                self.answer_faces(faces);
            }
            (Task::Reroll { boat_die, .. }, Input::Roll { faces, .. }) => {
                let faces = parse_faces(rules, faces, RollSpec::one(*boat_die))?;
                self.answer_faces(faces);
            }
            (_, Input::Choice(key)) => {
                let decision = self.decision_for(rules, &task);
                if decision.roll.is_some() {
                    return Err(Illegal { refusal: FleetRefusal::NeedsDice, legal: Vec::new() });
                }
                let key = key.trim();
                let Some(choice) = decision.options.iter().find(|o| o.key(rules, self).eq_ignore_ascii_case(key))
                else {
                    let legal = decision.keys(rules, self);
                    return Err(Illegal {
                        refusal: FleetRefusal::NotAnOption { answer: key.to_string(), decision: Box::new(decision) },
                        legal,
                    });
                };
                let choice = *choice;
                self.queue.pop_front();
                self.choose(rules, &task, choice);
            }
            (_, Input::Roll { .. }) => {
                let decision = self.decision_for(rules, &task);
                let legal = decision.keys(rules, self);
                return Err(Illegal { refusal: FleetRefusal::NotARoll { decision: Box::new(decision) }, legal });
            }
        }
        Ok(())
    }

    /// Carry out checked faces as the answer to the roll or reroll at the front.
    fn answer_faces(&mut self, faces: Vec<Face>) {
        match self.queue.pop_front() {
            Some(Task::Roll(phase)) => {
                self.pool = faces;
                self.phase = Some(phase);
                for p in &mut self.players {
                    p.rerolled_this_phase = false;
                }
                let mut tasks: Vec<Task> = self.turn_order().into_iter().map(Task::Pick).collect();
                if self.ruth.is_some() {
                    tasks = if self.ruth_first() {
                        vec![Task::RuthPick, Task::Pick(0)]
                    } else {
                        vec![Task::Pick(0), Task::RuthPick]
                    };
                }
                tasks.push(Task::Shared);
                tasks.push(Task::EndDicePhase);
                self.push_front(tasks);
            }
            Some(Task::Reroll { player, .. }) => {
                self.players[player].rerolled_this_phase = true;
                self.say(player, Happened::Reroll { face: faces[0] });
                self.push_front(vec![Task::Use { player, face: faces[0], shared: false }]);
            }
            other => unreachable!("faces answer {other:?}"),
        }
    }

    /// Carry out option `i` of the decision of the task at the front of the queue.
    fn answer_index(&mut self, rules: &FleetRules, i: usize) -> Result<(), Illegal> {
        let Some(task) = self.queue.front().cloned() else {
            return Err(Illegal { refusal: FleetRefusal::GameOver, legal: Vec::new() });
        };
        let decision = self.decision_for(rules, &task);
        if decision.roll.is_some() {
            return Err(Illegal { refusal: FleetRefusal::NeedsDice, legal: Vec::new() });
        }
        let Some(choice) = decision.options.get(i).copied() else {
            let legal = decision.keys(rules, self);
            return Err(Illegal {
                refusal: FleetRefusal::NotAnOption { answer: i.to_string(), decision: Box::new(decision) },
                legal,
            });
        };
        self.queue.pop_front();
        self.choose(rules, &task, choice);
        Ok(())
    }

    /// Answer the decision at the front with its option number `i` (its place in
    /// `Decision::options`), as `apply` does with the option's key, without making or
    /// comparing any key: what a playout does.
    pub fn apply_index(&mut self, rules: &FleetRules, i: usize) -> Result<(), Illegal> {
        self.answer_index(rules, i)?;
        self.advance(rules);
        Ok(())
    }

    /// Answer the decision at the front with `choice`, one of the options `decision()` gave
    /// for this very state (not looked up again): a playout's step, which has just asked.
    pub(crate) fn apply_front_choice(&mut self, rules: &FleetRules, choice: Choice) {
        let task = self.queue.pop_front().expect("a decision waits at the front");
        self.choose(rules, &task, choice);
        self.advance(rules);
    }

    /// Answer the roll (or casino reroll) at the front with dice drawn from `rng`, as
    /// typed faces would be; an error when the front decision is not a roll.
    pub fn apply_random_roll(&mut self, rules: &FleetRules, rng: &mut crate::rng::Rng) -> Result<(), Illegal> {
        let spec = match self.queue.front() {
            Some(Task::Roll(phase)) => self.roll_spec(rules, *phase),
            Some(Task::Reroll { boat_die, .. }) => RollSpec::one(*boat_die),
            Some(_) => {
                let decision = self.decision(rules).expect("a task is waiting");
                let legal = decision.keys(rules, self);
                return Err(Illegal { refusal: FleetRefusal::NotARoll { decision: Box::new(decision) }, legal });
            }
            None => return Err(Illegal { refusal: FleetRefusal::GameOver, legal: Vec::new() }),
        };
        let faces = face::roll_faces(rules, spec, rng);
        self.answer_faces(faces);
        self.advance(rules);
        Ok(())
    }

    /// Answer the roll (or casino reroll) at the front with these faces, checked already
    /// (as many dice of each kind as it asks): the advisor's search, which goes through a
    /// reroll's every face.
    pub(crate) fn apply_faces(&mut self, rules: &FleetRules, faces: Vec<Face>) {
        self.answer_faces(faces);
        self.advance(rules);
    }

    /// The roll at the front, if a roll is asked: the pool's (its phase), or a player's
    /// casino reroll (whose, and whether of a boat die).
    pub(crate) fn front_roll(&self) -> Option<FrontRoll> {
        match self.queue.front()? {
            Task::Roll(phase) => Some(FrontRoll::Pool(*phase)),
            Task::Reroll { player, boat_die } => Some(FrontRoll::Reroll { player: *player, boat_die: *boat_die }),
            _ => None,
        }
    }

    /// A roll of the pool is still to come (this round's or a later round's): before the
    /// end there is chance left beyond a casino reroll.
    pub fn rolls_ahead(&self) -> bool {
        let later_round = self.round < self.rounds;
        self.queue
            .iter()
            .any(|t| matches!(t, Task::Roll(_) | Task::BeginRound) || (later_round && *t == Task::EndRound))
    }

    /// A hash of the position: everything but the events told (two games with the same
    /// hash are the same position but for a 64-bit collision). The advisor's search keys
    /// the positions it has valued by it.
    pub(crate) fn state_hash(&self) -> u64 {
        self.state_hash_with(PositionHasher::default())
    }

    /// `state_hash` on any hasher (the tests compare ours with std's SipHash).
    fn state_hash_with(&self, mut h: impl std::hash::Hasher) -> u64 {
        use std::hash::Hash;
        self.players.hash(&mut h);
        (self.round, self.rounds, self.start_player).hash(&mut h);
        self.pool.hash(&mut h);
        self.phase.hash(&mut h);
        self.queue.hash(&mut h);
        self.deferred.hash(&mut h);
        self.fishing.hash(&mut h);
        self.catching.hash(&mut h);
        self.ruth.hash(&mut h);
        self.trophies.hash(&mut h);
        self.setup_launch_unpaid.hash(&mut h);
        h.finish()
    }

    /// Record no events from now on (or again, with false): a playout nobody reads.
    pub fn set_quiet(&mut self, quiet: bool) {
        self.quiet = quiet;
        if quiet {
            self.events.clear();
        }
    }

    fn roll_spec(&self, rules: &FleetRules, phase: DicePhase) -> RollSpec {
        let pool = rules.pool(self.players.len() as u32).expect("checked at game creation");
        match phase {
            DicePhase::Boat => RollSpec { boat: pool.boat, town: 0 },
            DicePhase::Town => RollSpec { boat: pool.town_boat, town: pool.town },
        }
    }

    fn push_front(&mut self, tasks: Vec<Task>) {
        for t in tasks.into_iter().rev() {
            self.queue.push_front(t);
        }
    }

    /// What `effect` queues for each player, in turn order.
    fn each_player(&mut self, mut effect: impl FnMut(&mut Self, usize) -> Vec<Task>) -> Vec<Task> {
        self.turn_order().into_iter().flat_map(|p| effect(self, p)).collect()
    }

    /// Something happened to a player.
    fn say(&mut self, player: usize, what: Happened) {
        if self.quiet {
            return;
        }
        self.events.push(Event { player: Some(player), what });
    }

    /// Something happened to the table.
    fn announce(&mut self, what: Happened) {
        if self.quiet {
            return;
        }
        self.events.push(Event { player: None, what });
    }

    /// Run automatic tasks until a decision is needed (or the game ends).
    fn advance(&mut self, rules: &FleetRules) {
        while let Some(task) = self.queue.front().cloned() {
            if !self.run_automatic(rules, &task) {
                break;
            }
        }
        self.award_silver(rules);
    }
}

impl Player {
    /// The casino reroll is used up for this phase.
    fn rerolled_this_phase_blocked(&self, rules: &FleetRules) -> bool {
        self.rerolled_this_phase && rules.options.casino_reroll == crate::games::fleet::CasinoReroll::OncePerPhase
    }
}

/// The hasher of `Game::state_hash`: each word written mixed in by a step that is one to one
/// for a given word (rotate, xor, multiply by an odd constant), so two positions whose
/// fields differ in one word never share a hash, and murmur3's finaliser at the end. The
/// fields are many small integers: std's SipHash, made to resist chosen keys, which no
/// one chooses here, cost about 7 % of a review's CPU.
struct PositionHasher(u64);

impl Default for PositionHasher {
    fn default() -> Self {
        PositionHasher(0x243F_6A88_85A3_08D3)
    }
}

impl PositionHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

impl std::hash::Hasher for PositionHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^ (h >> 33)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fleet::advisor::{step, Policy};

    #[test]
    fn positions_std_siphash_tells_apart_our_hash_tells_apart_too() {
        // Every position of 60 random games of 1 to 4 players: as many distinct hashes of
        // ours as of SipHash (a collision of ours SipHash does not have would show here).
        let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        let (mut ours, mut std) = (std::collections::HashSet::new(), std::collections::HashSet::new());
        for seed in 0..60u64 {
            let names: Vec<String> = (0..1 + seed as usize % 4).map(|i| format!("P{i}")).collect();
            let mut game = Game::new(&rules, &names, Setup::default());
            game.set_quiet(true);
            let mut rng = crate::rng::Rng::new(seed);
            let seats = vec![Policy::Random; names.len()];
            loop {
                ours.insert(game.state_hash());
                std.insert(game.state_hash_with(std::hash::DefaultHasher::new()));
                if !step(&rules, &mut game, &seats, &mut rng) {
                    break;
                }
            }
        }
        assert!(std.len() > 10_000, "{} positions", std.len());
        assert_eq!(ours.len(), std.len());
    }
}
