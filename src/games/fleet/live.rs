//! Fleet as a live game (`games::live::LiveGame`): its `Session` started from the setup in
//! its save's header, its decisions as the questions of each seat, an option answered by
//! value, and the final sheets ranked with the rules' tie-breaks.

use std::convert::Infallible;

use super::game::{Choice, Decision, Event, Game, Illegal, Input};
use super::session::{Entry, ReplayError, Session};
use super::setup::FleetSetup;
use super::table::Refused;
use super::{score, FleetRules};
use crate::games::live::{Applied, LiveGame, Outcome, Place, Replay};

/// A typed answer to a Fleet decision: one of its options by value, or the dice's faces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// One of the options the decision offers (`Decision::options`).
    Option(Choice),
    /// The faces of a roll (typed from the physical dice, or rolled by deckhand).
    Roll(Input),
}

impl Answer {
    /// The answer as a save line records it: the option's key in `game` (the game before
    /// the answer), or the dice's faces.
    pub fn input(&self, rules: &FleetRules, game: &Game) -> Input {
        match self {
            Answer::Option(choice) => Input::Choice(choice.key(rules, game).into_owned()),
            Answer::Roll(input) => input.clone(),
        }
    }

    /// Apply it to `game`, given by `by` out of seat order (None: the decision at the
    /// front): an option by its place among the options of the decision it answers
    /// (`Game::apply_index`, `Game::apply_index_by`), no key made or compared. An option
    /// the decision does not offer goes to the engine by its key, which says why not.
    pub fn apply_to(&self, rules: &FleetRules, game: &mut Game, by: Option<usize>) -> Result<(), Illegal> {
        let choice = match self {
            Answer::Option(choice) => choice,
            Answer::Roll(input) => {
                return match by {
                    None => game.apply(rules, input),
                    Some(p) => game.apply_by(rules, p, input),
                }
            }
        };
        let front = game.decision(rules);
        let decision = match by {
            Some(p) if front.as_ref().map(|d| d.player) != Some(Some(p)) => {
                game.pending(rules).into_iter().find(|d| d.player == Some(p))
            }
            _ => front,
        };
        match (decision.and_then(|d| d.options.iter().position(|c| c == choice)), by) {
            (Some(i), None) => game.apply_index(rules, i),
            (Some(i), Some(p)) => game.apply_index_by(rules, p, i),
            (None, _) => {
                let input = self.input(rules, game);
                match by {
                    None => game.apply(rules, &input),
                    Some(p) => game.apply_by(rules, p, &input),
                }
            }
        }
    }
}

/// Answers tried on a copy of a session's game, taken into the session only when all of
/// them are legal and written (`Session::take`). The copy costs the game's size, never the
/// length of its history: a table that copied the whole session per answer (its inputs
/// too) slowed down with every round (issue 30, item 12).
#[derive(Debug, Clone)]
pub struct Draft {
    /// The game as the answers so far leave it.
    pub game: Game,
    inputs: Vec<(Option<usize>, Input)>,
}

impl Draft {
    /// `Session::apply_answer` on the draft.
    pub fn apply_answer(
        &mut self,
        rules: &FleetRules,
        by: Option<usize>,
        answer: &Answer,
    ) -> Result<(Input, Vec<Event>), Illegal> {
        let input = answer.input(rules, &self.game);
        answer.apply_to(rules, &mut self.game, by)?;
        self.inputs.push((by, input.clone()));
        Ok((input, self.game.take_events()))
    }
}

impl Session {
    /// A draft of answers on top of the game as it is now.
    pub fn draft(&self) -> Draft {
        Draft { game: self.game.clone(), inputs: Vec::new() }
    }

    /// Take a draft's answers into the session: its game, and its inputs after the
    /// session's. A draft made from another state of the session must not be taken.
    pub fn take(&mut self, draft: Draft) {
        self.game = draft.game;
        self.inputs.extend(draft.inputs);
    }

    /// Apply a typed answer given by `by` out of seat order (None: the decision at the
    /// front), by value (`Answer::apply_to`): the input the save records (the option's
    /// key) and what happened. A refused answer changes nothing.
    pub fn apply_answer(
        &mut self,
        rules: &FleetRules,
        by: Option<usize>,
        answer: &Answer,
    ) -> Result<(Input, Vec<Event>), Illegal> {
        let input = answer.input(rules, &self.game);
        answer.apply_to(rules, &mut self.game, by)?;
        self.inputs.push((by, input.clone()));
        Ok((input, self.game.take_events()))
    }
}

impl LiveGame for Session {
    const ENGINE: &'static str = "fleet";
    type Rules = FleetRules;
    type Setup = FleetSetup;
    type Entry = Entry;
    // Every setup a Fleet header can hold is one the rules can play.
    type SetupProblem = Infallible;
    type EntryProblem = ReplayError;
    type Question = Decision;
    type Choice = Answer;
    type Happened = Event;
    type Refusal = Refused;

    fn start(rules: &FleetRules, players: &[String], setup: &FleetSetup) -> Result<Session, Infallible> {
        Ok(Session::with_setup(rules, players, setup.options()))
    }

    fn replay(
        rules: &FleetRules,
        players: &[String],
        setup: &FleetSetup,
        entries: &[Entry],
    ) -> Result<Session, Replay<Infallible, ReplayError>> {
        Session::replay(rules, players, setup.options(), entries).map_err(|(i, e)| Replay::Entry(i, e))
    }

    /// The decision at the front when it is `seat`'s (the table's: a roll, who starts, a
    /// card), then those `seat` makes at the same moment as others.
    fn questions(&self, rules: &FleetRules, seat: Option<usize>) -> Vec<Decision> {
        let Some(front) = self.game.decision(rules) else { return Vec::new() };
        let mut open: Vec<Decision> = Vec::new();
        if front.player == seat {
            open.push(front.clone());
        }
        if seat.is_some() {
            open.extend(self.game.pending(rules).into_iter().filter(|d| d.player == seat && *d != front));
        }
        open
    }

    /// An option is answered by its place among the decision's options (no key is
    /// compared; `Session::apply_answer`); the save records its key. A seat's decision
    /// away from the front is answered out of seat order (`Entry::By`).
    fn apply(
        &mut self,
        rules: &FleetRules,
        seat: Option<usize>,
        answer: Answer,
    ) -> Result<Applied<Entry, Event>, Refused> {
        let front = self.game.decision(rules).is_some_and(|d| d.player == seat);
        let by = if front { None } else { seat };
        let (input, happened) = self.apply_answer(rules, by, &answer).map_err(Refused::Illegal)?;
        Ok(Applied { entry: Entry::answer(by, input), happened })
    }

    fn undo(&mut self, rules: &FleetRules) -> Result<Entry, Refused> {
        Session::undo(self, rules).map_err(Refused::NoUndo)?;
        Ok(Entry::Undo)
    }

    fn finished(&self) -> bool {
        self.game.finished()
    }

    /// Every sheet's total and place by the rules' tie-breaks (`score::places`).
    fn outcome(&self, rules: &FleetRules) -> Option<Outcome> {
        if !self.game.finished() {
            return None;
        }
        let sheets: Vec<_> = self.game.players.iter().map(|p| &p.sheet).collect();
        let totals: Vec<u32> = sheets.iter().map(|s| score::total(rules, s)).collect();
        let places = score::places(rules, &sheets, &totals);
        let ranked = totals.iter().zip(places).map(|(t, rank)| Place { score: i64::from(*t), rank }).collect();
        Some(Outcome::Ranked(ranked))
    }
}
