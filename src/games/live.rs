//! One abstraction for a game played live and saved move by move (Fleet, Fischerspiel):
//! from the setup in the save's one header format, a new game or the game its entries
//! rebuild; the questions open for each seat; a typed answer applied by value (the save
//! stores its string keys); an undo; and the outcome ranked with the game's own
//! tie-breaks. The tables (`games::table`) run live games through it, and `resume`,
//! `replay` and the history's `import` open any save through it. Each engine implements it
//! beside its game (`fleet/live.rs`, `fischerspiel/live.rs`).
//!
//! A whole Fleet game played through it, the dice rolled from a seed and each player
//! answering with the first option offered:
//!
//! ```
//! use deckhand::games::fleet::game::Dice;
//! use deckhand::games::fleet::live::Answer;
//! use deckhand::games::fleet::session::Session;
//! use deckhand::games::fleet::setup::FleetSetup;
//! use deckhand::games::live::{LiveGame, Outcome};
//!
//! let rules = deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
//! let players = vec!["Ann".to_string(), "Bob".to_string()];
//! let setup = FleetSetup { dice: Dice::Digital, seed: Some(7), ..FleetSetup::default() };
//! let mut game = Session::start(&rules, &players, &setup).unwrap();
//! let mut entries = Vec::new();
//! while !game.finished() {
//!     // The table's own questions (rolls, who starts) are the dice's to answer.
//!     if let Some(roll) = setup.digital_answer(&game, &rules) {
//!         entries.push(LiveGame::apply(&mut game, &rules, None, roll).unwrap().entry);
//!         continue;
//!     }
//!     let seat = (0..2).find(|s| !game.questions(&rules, Some(*s)).is_empty()).unwrap();
//!     let question = game.questions(&rules, Some(seat)).remove(0);
//!     let answer = Answer::Option(question.options[0]);
//!     entries.push(LiveGame::apply(&mut game, &rules, Some(seat), answer).unwrap().entry);
//! }
//! // The save's entries rebuild the same game, ranked with the rules' tie-break.
//! let again = <Session as LiveGame>::replay(&rules, &players, &setup, &entries).unwrap();
//! assert_eq!(again.game, game.game);
//! let Some(Outcome::Ranked(places)) = game.outcome(&rules) else { panic!("a ranked game") };
//! assert!(places.iter().any(|p| p.rank == 1));
//! ```

use serde::de::DeserializeOwned;
use serde::Serialize;

/// A game played live: its rules, the setup its save's header records, the entries of its
/// save, what it asks and what it takes as an answer.
pub trait LiveGame: Sized + Clone {
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
    /// A question the game asks now.
    type Question;
    /// A typed answer to a question.
    type Choice;
    /// What an answer made happen, told to every view.
    type Happened;
    /// Why an answer or an undo is not taken.
    type Refusal;

    /// A new game of `players` (seat names; none at a table whose seats have no names)
    /// with this setup.
    fn start(rules: &Self::Rules, players: &[String], setup: &Self::Setup) -> Result<Self, Self::SetupProblem>;

    /// The game rebuilt from its setup and entries; on an entry that does not replay, its
    /// index (0-based, among the entries) and why.
    fn replay(
        rules: &Self::Rules,
        players: &[String],
        setup: &Self::Setup,
        entries: &[Self::Entry],
    ) -> Result<Self, Replay<Self::SetupProblem, Self::EntryProblem>>;

    /// The questions open now for `seat` (None: those the table itself answers — dice,
    /// who starts, what happened at a co-operative table), the one at the front first.
    fn questions(&self, rules: &Self::Rules, seat: Option<usize>) -> Vec<Self::Question>;

    /// Apply `choice`, given by `seat` (None: the table) to its open question: the entry
    /// the save records and what happened. A refused choice changes nothing.
    fn apply(
        &mut self,
        rules: &Self::Rules,
        seat: Option<usize>,
        choice: Self::Choice,
    ) -> Result<Applied<Self::Entry, Self::Happened>, Self::Refusal>;

    /// Take back the last answer: the entry the save records.
    fn undo(&mut self, rules: &Self::Rules) -> Result<Self::Entry, Self::Refusal>;

    /// The game is over.
    fn finished(&self) -> bool;

    /// How the game ended, ranked with the game's own tie-breaks; None while it goes on.
    fn outcome(&self, rules: &Self::Rules) -> Option<Outcome>;
}

/// An answer applied: the entry the save records and what it made happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied<E, H> {
    /// The save's line for it (string keys, as saves and answers files store them).
    pub entry: E,
    /// What happened, in order.
    pub happened: Vec<H>,
}

/// How a live game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Each seat's score and place, in seat order (one seat: a solo game).
    Ranked(Vec<Place>),
    /// Everyone won or lost together (a co-operative game).
    Together {
        /// The table won.
        won: bool,
    },
}

/// A seat's result in a ranked game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The seat's final score.
    pub score: i64,
    /// 1-based place: by score, then the game's tie-breaks (see `places`).
    pub rank: usize,
}

/// Each key's place (1-based, in the order given), higher keys first: a key is what a game
/// ranks by — the score, then its tie-breaks in order —, so a tie that survives every
/// tie-break shares the place and the next place is skipped (1, 1, 3).
pub fn places<K: Ord>(keys: &[K]) -> Vec<usize> {
    keys.iter().map(|k| 1 + keys.iter().filter(|other| *other > k).count()).collect()
}

/// Where a live game's entries are written, one line each, before anything is told (the
/// save: `store::Journal`; nothing, in a test or a playout).
pub trait Save<E> {
    /// Append one entry and make it durable.
    fn append(&mut self, entry: &E) -> Result<(), AppendError>;
}

/// Why a `Save` did not take an entry: where it writes and the system's error. A table
/// whose save fails takes no more answers.
#[derive(Debug)]
pub struct AppendError {
    /// The save file (or whatever the save writes to), as the user named it.
    pub path: String,
    /// The operating system's error.
    pub cause: std::io::Error,
}

/// Why a save does not replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replay<S, E> {
    /// The setup in the header does not fit the rules.
    Setup(S),
    /// The entry at this index (0-based, among the entries) does not replay.
    Entry(usize, E),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_follow_the_score_then_the_tie_breaks_and_a_full_tie_shares_the_place() {
        assert_eq!(places(&[(73, 5), (90, 1), (73, 9)]), vec![3, 1, 2]);
        assert_eq!(places(&[(80, 4), (80, 4), (80, 4), (2, 0)]), vec![1, 1, 1, 4]);
        assert_eq!(places::<u32>(&[]), Vec::<usize>::new());
    }
}
