//! One abstraction for a game played live and saved move by move (Fleet, Fischerspiel):
//! from the setup in the save's one header format and the entries after it, the game as
//! it stands. `resume`, `replay` and the history's `import` open any save through it.

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::fischerspiel::model::FischerspielRules;
use super::fischerspiel::setup::CoopSetup;
use super::fischerspiel::state::{self, Event, Setup as CoopStart, SetupError, Timeline};
use super::fleet::session::{Entry, ReplayError, Session};
use super::fleet::setup::FleetSetup;
use super::fleet::FleetRules;

/// A game played live: its rules, the setup its save's header records, the entries of its
/// save, and how a game is rebuilt from them.
pub trait LiveGame: Sized {
    /// The engine's id, which a save's header names (`fleet`, `fischerspiel`).
    const ENGINE: &'static str;
    /// The game's compiled rules.
    type Rules;
    /// What the header records of how the game was set up (beside the engine's id).
    type Setup: Serialize + DeserializeOwned;
    /// One line of the save after the header.
    type Entry: Serialize + DeserializeOwned;
    /// Why the setup in the header does not fit the rules.
    type SetupProblem;
    /// Why an entry does not replay.
    type EntryProblem;

    /// The game rebuilt from its setup and entries; on an entry that does not replay, its
    /// index (0-based, among the entries) and why.
    fn replay(
        rules: &Self::Rules,
        players: &[String],
        setup: &Self::Setup,
        entries: &[Self::Entry],
    ) -> Result<Self, Replay<Self::SetupProblem, Self::EntryProblem>>;

    /// The game is over.
    fn finished(&self) -> bool;
}

/// Where a live game's entries are written, one line each, before anything is told (the
/// save: `log::Journal`; nothing, in a test or a playout).
pub trait Save<E> {
    /// Append one entry and make it durable.
    fn append(&mut self, entry: &E) -> Result<(), crate::Error>;
}

/// Why a save does not replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replay<S, E> {
    /// The setup in the header does not fit the rules.
    Setup(S),
    /// The entry at this index (0-based, among the entries) does not replay.
    Entry(usize, E),
}

impl LiveGame for Session {
    const ENGINE: &'static str = "fleet";
    type Rules = FleetRules;
    type Setup = FleetSetup;
    type Entry = Entry;
    // Every setup a Fleet header can hold is one the rules can play.
    type SetupProblem = std::convert::Infallible;
    type EntryProblem = ReplayError;

    fn replay(
        rules: &FleetRules,
        players: &[String],
        setup: &FleetSetup,
        entries: &[Entry],
    ) -> Result<Session, Replay<Self::SetupProblem, ReplayError>> {
        Session::replay(rules, players, setup.options(), entries).map_err(|(i, e)| Replay::Entry(i, e))
    }

    fn finished(&self) -> bool {
        self.game.finished()
    }
}

impl LiveGame for Timeline {
    const ENGINE: &'static str = "fischerspiel";
    type Rules = FischerspielRules;
    type Setup = CoopSetup;
    type Entry = Event;
    type SetupProblem = SetupError;
    type EntryProblem = state::Refusal;

    fn replay(
        rules: &FischerspielRules,
        _players: &[String],
        saved: &CoopSetup,
        entries: &[Event],
    ) -> Result<Timeline, Replay<SetupError, state::Refusal>> {
        // The fish mix the game started with (the rulebook's when the header has none).
        let fish: Option<Vec<(String, u32)>> =
            (!saved.fish.is_empty()).then(|| saved.fish.iter().map(|(k, v)| (k.clone(), *v)).collect());
        let start = CoopStart::new(rules, saved.players, &saved.variant, Some(&saved.boats), fish.as_deref())
            .map_err(Replay::Setup)?;
        state::replay(rules, start, entries).map_err(|(i, e)| Replay::Entry(i, e))
    }

    fn finished(&self) -> bool {
        self.current().outcome.is_some()
    }
}
