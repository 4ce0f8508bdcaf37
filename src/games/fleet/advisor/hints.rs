//! A table's hints (issue 30, item 3): the advisor's weighing of a question, computed once
//! per question and version of the table and shared by everyone who asks — the seat's
//! phone asking again, its other device, the terminal — with at most `AT_ONCE` runs under
//! way for the table; beyond them an ask is refused (`NoRun::Busy`, said as "the advisor
//! is busy" by the text layer). The runs are `games::runs`'s; the budget is the hint's
//! (`Settings::hint`), seeded by the version, so a question gets the same hint wherever
//! it is asked.

use std::sync::Arc;

use super::{advise, Advice, NoQuestion, Settings};
use crate::games::fleet::game::Game;
use crate::games::fleet::FleetRules;
use crate::games::runs::{NoRun, Runs, Ticket};

/// Advisor runs under way at once for one table. Each uses every core (`Settings::hint`),
/// so two are already all the machine has; a third question waits for one of them.
pub const AT_ONCE: usize = 2;

/// The advisor's weighing of a question, or why there is nothing to weigh.
pub type Weighed = Result<Advice, NoQuestion>;

/// The hints of one table.
pub struct Hints {
    rules: Arc<FleetRules>,
    runs: Runs<(Option<usize>, u64), Weighed>,
}

impl Hints {
    /// The hints of a table played by `rules`.
    pub fn new(rules: &FleetRules) -> Hints {
        Hints { rules: Arc::new(rules.clone()), runs: Runs::new(AT_ONCE) }
    }

    /// The weighing of `player`'s question in `game` (None: the one at the front) at the
    /// table's version `version`: known, under way (wait for the ticket), started, or
    /// refused because `AT_ONCE` runs are under way.
    pub fn ask(&self, game: &Game, player: Option<usize>, version: u64) -> Result<Ticket<Weighed>, NoRun> {
        let rules = Arc::clone(&self.rules);
        let position = game.clone();
        self.runs.ask(version, (player, game.state_hash()), move || {
            advise(&rules, &position, player, &Settings::hint(version))
        })
    }

    /// How many runs are under way.
    pub fn running(&self) -> usize {
        self.runs.running()
    }
}
