//! Fleet as a live game (`games::live::LiveGame`): its `Session` started from the setup in
//! its save's header, its decisions as the questions of each seat, an option answered by
//! value, and the final sheets ranked with the rules' tie-breaks.

use std::convert::Infallible;

use super::game::{Choice, Decision, Event, Input};
use super::session::{Entry, ReplayError, Session};
use super::setup::FleetSetup;
use super::table::Refusal;
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
    type Refusal = Refusal;

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
    /// compared); the save records its key. A seat's decision away from the front is
    /// answered out of seat order (`Entry::By`).
    fn apply(
        &mut self,
        rules: &FleetRules,
        seat: Option<usize>,
        answer: Answer,
    ) -> Result<Applied<Entry, Event>, Refusal> {
        let front = self.game.decision(rules).is_some_and(|d| d.player == seat);
        let by = if front { None } else { seat };
        let input = match answer {
            Answer::Roll(input) => input,
            Answer::Option(choice) => {
                let decision = self.questions(rules, seat).into_iter().next();
                let at = decision.as_ref().and_then(|d| d.options.iter().position(|c| *c == choice));
                let key = choice.key(rules, &self.game).into_owned();
                if let Some(i) = at {
                    match by {
                        None => self.game.apply_index(rules, i),
                        Some(p) => self.game.apply_index_by(rules, p, i),
                    }
                    .map_err(Refusal::Illegal)?;
                    let input = Input::Choice(key);
                    self.inputs.push((by, input.clone()));
                    return Ok(Applied { entry: Entry::answer(by, input), happened: self.game.take_events() });
                }
                // Not an option now: the engine says why, as it does for a typed key.
                Input::Choice(key)
            }
        };
        let events = match by {
            None => Session::apply(self, rules, input.clone()),
            Some(p) => self.apply_by(rules, p, input.clone()),
        }
        .map_err(Refusal::Illegal)?;
        Ok(Applied { entry: Entry::answer(by, input), happened: events })
    }

    fn undo(&mut self, rules: &FleetRules) -> Result<Entry, Refusal> {
        Session::undo(self, rules).map_err(Refusal::NoUndo)?;
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
