//! The live games at the terminal, by engine: each engine's view (`LiveView`) says what
//! `play`, `resume`, `import` and the list of unfinished games do with a game of its engine.
//! The commands look a game up here and never match on engines, so a new live game is its
//! engine (`games/<engine>/`, implementing `games::live::LiveGame`), its rules, its view (a
//! file in `cli/` with its `VIEW`) and one line in `LIVE`.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::cli::args::SavedRules;
use crate::cli::commands::play::PlayArgs;
use crate::cli::commands::resume::ResumeArgs;
use crate::cli::plays::LiveArgs;
use crate::games::live::LiveGame;
use crate::games::Rules;
use crate::history::PlayRecord;
use crate::store::journal::Read;
use crate::store::save::{Header, Setup};
use crate::text::Lang;
use crate::Error;

/// What the commands do with a live game of one engine.
pub struct LiveView {
    /// The engine's id (`LiveGame::ENGINE`), as rules files and save headers name it.
    pub engine: &'static str,
    /// `play GAME`: a new game with these rules (a flag of another game is refused).
    pub play: fn(PlayArgs, Rules, Lang) -> anyhow::Result<i32>,
    /// `resume FILE`: the game of a save whose header was read.
    pub resume: fn(ResumeArgs, PathBuf, Header, Lang) -> anyhow::Result<i32>,
    /// `import FILE`: the play of a finished save (ended at the time given), None while it
    /// goes on.
    pub finished: fn(&Path, &Header, &SavedRules, i64, Lang) -> Finished,
    /// `resume` without a file: how far an unfinished save got; None when it is over or
    /// does not replay.
    pub progress: fn(&Path, &Header, &Read<Value, Value>, Lang) -> Option<String>,
    /// Who plays, for the list of unfinished games.
    pub players: fn(&Header, Lang) -> String,
    /// Why a header's setup is not one the engine reads (`setup_problem`).
    pub setup_problem: fn(&Setup) -> Option<serde_json::Error>,
}

/// What the end of a game needs to record it in the history.
pub struct Hook<'a> {
    pub rules: &'a Rules,
    pub header: &'a Header,
    pub args: &'a LiveArgs,
    /// The play this game put into the history: a game that ends again after an undo
    /// replaces it.
    pub recorded: std::cell::Cell<Option<i64>>,
}

impl<'a> Hook<'a> {
    pub fn new(rules: &'a Rules, header: &'a Header, args: &'a LiveArgs) -> Hook<'a> {
        Hook { rules, header, args, recorded: std::cell::Cell::new(None) }
    }
}

/// A save's play for the history, None while its game goes on.
pub type Finished = Result<Option<PlayRecord>, Error>;

/// Every live game's view.
pub const LIVE: &[LiveView] = &[super::fleet::VIEW, super::fischerspiel::VIEW];

/// The view of a live engine: its own, or the generic one of an engine played through the
/// generic table (`games::live_engine`); None for an engine that is not played live.
pub fn view(engine: &str) -> Option<&'static LiveView> {
    LIVE.iter()
        .find(|v| v.engine == engine)
        .or_else(|| crate::games::live_engine(engine).map(|_| &super::generic::VIEW))
}

/// Why a header's setup does not decode as `G`'s.
pub fn setup_problem<G: LiveGame>(setup: &Setup) -> Option<serde_json::Error> {
    setup.decode::<G::Setup>().err()
}

/// A save's entries, read once as JSON, as the game's own entry type.
pub fn typed<G: LiveGame>(entries: &[Value]) -> Option<Vec<G::Entry>> {
    entries.iter().map(|e| serde_json::from_value(e.clone()).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_game_of_a_live_engine_has_one_view() {
        for (i, v) in LIVE.iter().enumerate() {
            assert!(LIVE[..i].iter().all(|w| w.engine != v.engine), "{} has one view", v.engine);
        }
        let live: Vec<&str> =
            ["fleet-dice", "fischerspiel"].iter().map(|id| crate::games::built_in(id).unwrap().game.engine()).collect();
        assert!(live.iter().all(|engine| view(engine).is_some()), "{live:?}");
        assert!(view(crate::games::built_in("nauticus").unwrap().game.engine()).is_none(), "no live end-game");
    }
}
