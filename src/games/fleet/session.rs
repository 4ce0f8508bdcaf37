//! A game as the fold of its decisions. The save file stores every confirmed decision and
//! every undo as entries; the state is rebuilt by replaying the effective decisions, so
//! undo is an entry too (never a deletion) and replay reproduces the game exactly.

use serde::{Deserialize, Serialize};

use super::game::{Decision, Event, Game, Illegal, Input, Kind, Setup};
use super::live::Answer;
use crate::games::FleetRules;

/// One line of a save file after the header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Entry {
    /// A confirmed decision (the one at the front: the table's, or the next player's in
    /// seat order).
    Do(Input),
    /// A player's decision answered out of seat order, at the same time as others
    /// (`Game::apply_by`).
    By {
        /// The player who answered (seat index).
        player: usize,
        /// Their answer.
        input: Input,
    },
    /// Take back the last effective decision.
    Undo,
    /// Take back the last `n` effective decisions in one act: an undo at the table that
    /// also takes back the rolls deckhand made and the answers the rules forced after the
    /// last question a person answered (`{"back":3}`). One user act is one line, so a
    /// crash never leaves half an undo. `n` is at least 2; one is written as `Undo`, which
    /// every earlier version reads.
    Back(usize),
}

impl Entry {
    /// The one entry that takes back `n` effective decisions (`n` ≥ 1).
    pub fn undo(n: usize) -> Entry {
        if n <= 1 {
            Entry::Undo
        } else {
            Entry::Back(n)
        }
    }

    /// The entry for a decision answered by `player` (None: at the front).
    pub fn answer(player: Option<usize>, input: Input) -> Entry {
        match player {
            Some(player) => Entry::By { player, input },
            None => Entry::Do(input),
        }
    }
}

/// A game with the decisions that made it: what a save file holds, and the state they fold
/// into.
#[derive(Debug, Clone)]
pub struct Session {
    /// The players' names, in seat order.
    pub names: Vec<String>,
    /// How the game is set up.
    pub setup: Setup,
    /// The effective decisions, in order, each with the player who answered it out of seat
    /// order (None: the decision at the front).
    pub inputs: Vec<(Option<usize>, Input)>,
    /// The game as the inputs leave it.
    pub game: Game,
}

/// What an undo took back: the answer (as it was typed: a key or the faces), and the
/// decision that is asked again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Undone {
    /// The answer taken back, as it was typed: a choice's key, or the faces.
    pub answer: String,
    /// The decision now asked again; `None` if the game is over.
    pub decision: Option<Decision>,
}

/// Why an undo is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoUndo {
    /// No decision has been made yet, or none by a person: only rolls deckhand made and
    /// answers the rules forced, which would be made again at once.
    Nothing,
    /// The last decision is a roll deckhand made, and the table has seen the dice.
    DigitalRoll,
}

/// Why a save's entries do not replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// An undo with nothing before it to take back.
    UndoNothing,
    /// A decision that is not legal when the game is replayed.
    Illegal(Illegal),
    /// A decision of a seat the game does not have (0-based).
    NoSuchPlayer(usize),
}

impl Session {
    /// A multiplayer game.
    pub fn new(rules: &FleetRules, names: &[String]) -> Session {
        Self::with_setup(rules, names, Setup::default())
    }

    /// A game with this setup (solo, captain cards, trophies), before any decision.
    pub fn with_setup(rules: &FleetRules, names: &[String], setup: Setup) -> Session {
        Session { names: names.to_vec(), setup, inputs: Vec::new(), game: Game::new(rules, names, setup) }
    }

    /// Apply a decision; returns what happened.
    pub fn apply(&mut self, rules: &FleetRules, input: Input) -> Result<Vec<Event>, Illegal> {
        self.game.apply(rules, &input)?;
        self.inputs.push((None, input));
        Ok(self.game.take_events())
    }

    /// Apply a decision of `player`, wherever it waits among the decisions that are
    /// simultaneous (`Game::apply_by`); returns what happened.
    pub fn apply_by(&mut self, rules: &FleetRules, player: usize, input: Input) -> Result<Vec<Event>, Illegal> {
        self.game.apply_by(rules, player, &input)?;
        self.inputs.push((Some(player), input));
        Ok(self.game.take_events())
    }

    /// Replay effective inputs from the start of the game.
    fn rebuild(rules: &FleetRules, names: &[String], setup: Setup, inputs: &[(Option<usize>, Input)]) -> Game {
        let mut game = Game::new(rules, names, setup);
        for (by, input) in inputs {
            let done = match by {
                Some(p) => game.apply_by(rules, *p, input),
                None => game.apply(rules, input),
            };
            done.expect("a prefix of legal decisions stays legal");
        }
        game.take_events();
        game
    }

    /// Undo the last decision: the game is replayed without it.
    pub fn undo(&mut self, rules: &FleetRules) -> Result<Undone, NoUndo> {
        let (_, last) = self.inputs.last().ok_or(NoUndo::Nothing)?;
        if let Input::Roll { digital: true, .. } = last {
            return Err(NoUndo::DigitalRoll);
        }
        let game = Self::rebuild(rules, &self.names, self.setup, &self.inputs[..self.inputs.len() - 1]);
        let answer = match last {
            Input::Choice(k) => k.clone(),
            Input::Roll { faces, .. } => faces.join(" "),
        };
        self.inputs.pop();
        self.game = game;
        Ok(Undone { answer, decision: self.game.decision(rules) })
    }

    /// Undo back to the last question a person answered: the last decision is taken back,
    /// and then, while `more(session, i)` says so for the answer `i` just taken back and
    /// the decision now at the front, the one before it (a roll deckhand made, an answer
    /// the rules forced, a usual answer nobody was asked for). Taking back a roll deckhand
    /// made is safe: rolled again, the same roll of the game shows the same faces. The
    /// answers taken back, last first.
    pub fn undo_to_question(
        &mut self,
        rules: &FleetRules,
        more: impl Fn(&Session, usize) -> bool,
    ) -> Result<Vec<Undone>, NoUndo> {
        if self.inputs.is_empty() {
            return Err(NoUndo::Nothing);
        }
        let before = (self.inputs.clone(), self.game.clone());
        let mut undone = Vec::new();
        while let Some((_, last)) = self.inputs.pop() {
            undone.push(Undone {
                answer: match &last {
                    Input::Choice(k) => k.clone(),
                    Input::Roll { faces, .. } => faces.join(" "),
                },
                decision: None,
            });
            self.game = Self::rebuild(rules, &self.names, self.setup, &self.inputs);
            if !more(self, self.inputs.len()) {
                break;
            }
            if self.inputs.is_empty() {
                // Everything taken back was deckhand's own: nobody's decision to undo.
                (self.inputs, self.game) = before;
                return Err(NoUndo::Nothing);
            }
        }
        if let Some(first) = undone.last_mut() {
            first.decision = self.game.decision(rules);
        }
        Ok(undone)
    }

    /// The answer deckhand gives itself to the decision at the front when it rolls the
    /// dice (digital dice, seeded by `seed`): the faces of a roll, the start die, the start
    /// player, a drawn card. None: a person decides. The `n`-th roll of a game always shows
    /// the same faces, so a resumed game rolls what it would have rolled without the crash.
    /// A start die, start player or card is the option by value.
    pub fn digital_answer(&self, rules: &FleetRules, seed: u64) -> Option<Answer> {
        let decision = self.game.decision(rules)?;
        match decision.roll {
            Some(spec) => {
                let n = self.inputs.iter().filter(|(_, i)| matches!(i, Input::Roll { .. })).count() as u64;
                let faces = super::random::roll(rules, spec, &mut crate::rng::Rng::for_roll(seed, n));
                Some(Answer::Roll(Input::Roll { faces, digital: true }))
            }
            None if matches!(decision.kind(), Kind::StartDie | Kind::StartPlayer | Kind::Draw) => {
                let mut rng = crate::rng::Rng::for_roll(seed, u64::MAX - self.inputs.len() as u64);
                decision.options.get(rng.below(decision.options.len())).map(|pick| Answer::Option(*pick))
            }
            None => None,
        }
    }

    /// The answer deckhand gives itself when the dice are dealt (`play --deal CODE`, `deal`
    /// the deal's seed): as `digital_answer`, but a roll depends only on the deal and its
    /// place in the game — the round, the dice phase, whose reroll and how many rerolls that
    /// player made before in the phase (a start die: whose; a card: whose and how many were
    /// drawn before) — never on what the players chose before it. Tables with the same deal
    /// and rules roll the same dice (the k-th boat die of a roll is the same whatever the
    /// number of dice), and a roll undone and rolled again shows the same faces.
    pub fn dealt_answer(&self, rules: &FleetRules, deal: u64) -> Option<Answer> {
        let decision = self.game.decision(rules)?;
        let here = slot(&decision, &self.game)?;
        // How many decisions of this slot were answered before: the game replayed.
        let mut game = Game::new(rules, &self.names, self.setup);
        let mut before = 0u64;
        for (by, input) in &self.inputs {
            let answered = match by {
                None => game.decision(rules),
                Some(p) => game.pending(rules).into_iter().find(|d| d.player == Some(*p)),
            };
            if answered.and_then(|d| slot(&d, &game)) == Some(here) {
                before += 1;
            }
            let done = match by {
                Some(p) => game.apply_by(rules, *p, input),
                None => game.apply(rules, input),
            };
            done.ok()?;
        }
        let stream = |part: u64| {
            let mut key = crate::rng::Rng::new(deal);
            for v in here.iter().chain([&before, &part]) {
                key = crate::rng::Rng::new(key.next_u64() ^ v);
            }
            key
        };
        match decision.roll {
            Some(spec) => {
                let (mut town, mut boat) = (stream(1), stream(2));
                let mut faces =
                    super::random::roll(rules, super::game::RollSpec { town: spec.town, boat: 0 }, &mut town);
                faces.extend(super::random::roll(rules, super::game::RollSpec { town: 0, boat: spec.boat }, &mut boat));
                Some(Answer::Roll(Input::Roll { faces, digital: true }))
            }
            None => decision.options.get(stream(0).below(decision.options.len())).map(|pick| Answer::Option(*pick)),
        }
    }

    /// Rebuild a session from save entries. On an entry that does not replay, its index
    /// and why.
    pub fn replay(
        rules: &FleetRules,
        names: &[String],
        setup: Setup,
        entries: &[Entry],
    ) -> Result<Session, (usize, ReplayError)> {
        // The effective inputs, each with the index of its entry (for error messages).
        let mut inputs: Vec<(usize, Option<usize>, Input)> = Vec::new();
        for (i, e) in entries.iter().enumerate() {
            match e {
                Entry::Do(input) => inputs.push((i, None, input.clone())),
                Entry::By { player, input } => inputs.push((i, Some(*player), input.clone())),
                Entry::Undo => {
                    if inputs.pop().is_none() {
                        return Err((i, ReplayError::UndoNothing));
                    }
                }
                Entry::Back(n) => {
                    if *n == 0 || *n > inputs.len() {
                        return Err((i, ReplayError::UndoNothing));
                    }
                    inputs.truncate(inputs.len() - n);
                }
            }
        }
        let mut session = Session::with_setup(rules, names, setup);
        for (i, by, input) in inputs {
            let done = match by {
                Some(p) if p < names.len() => session.apply_by(rules, p, input),
                Some(p) => return Err((i, ReplayError::NoSuchPlayer(p))),
                None => session.apply(rules, input),
            };
            done.map_err(|e| (i, ReplayError::Illegal(e)))?;
        }
        session.game.take_events();
        Ok(session)
    }
}

/// Where a decision deckhand answers itself stands in `game`, as numbers: what it is, the
/// round, the dice phase, the player (1-based; 0 for none). None: a person decides.
fn slot(d: &Decision, game: &Game) -> Option<[u64; 4]> {
    use super::game::{Ask, DicePhase};
    let phase = |p: Option<DicePhase>| match p {
        None => 0,
        Some(DicePhase::Boat) => 1,
        Some(DicePhase::Town) => 2,
    };
    let (round, player) = (u64::from(game.round), d.player.map_or(0, |p| p as u64 + 1));
    match (&d.ask, d.kind()) {
        (Ask::Roll { phase: p, round, .. }, _) => Some([1, u64::from(*round), phase(Some(*p)), 0]),
        (Ask::Reroll, _) => Some([2, round, phase(game.phase), player]),
        (_, Kind::StartDie) => Some([3, round, 0, player]),
        (_, Kind::StartPlayer) => Some([4, round, 0, 0]),
        (_, Kind::Draw) => Some([5, round, 0, player]),
        _ => None,
    }
}
