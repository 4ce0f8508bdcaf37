//! Fischerspiel as a live game (`games::live::LiveGame`): its `Timeline` started from the
//! setup in its save's header; the table is asked one thing — what happened next — and
//! answers with an event; an undo is an event of the save; everyone wins or loses together.

use super::model::FischerspielRules;
use super::setup::CoopSetup;
use super::state::{self, Effect, Event, FischerspielRefusal, Outcome as End, Setup, SetupError, State, Timeline};
use crate::games::live::{Applied, LiveGame, Outcome, Replay};

/// What a co-operative table is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// What happened next at the table (an event; the seats have no questions of their own).
    WhatHappened,
}

impl LiveGame for Timeline {
    const ENGINE: &'static str = "fischerspiel";
    type Rules = FischerspielRules;
    type Setup = CoopSetup;
    type Entry = Event;
    type SetupProblem = SetupError;
    type EntryProblem = FischerspielRefusal;
    type Question = Question;
    type Choice = Event;
    type Happened = Effect;
    type Refusal = FischerspielRefusal;

    fn start(rules: &FischerspielRules, _players: &[String], saved: &CoopSetup) -> Result<Timeline, SetupError> {
        // The fish mix the game started with (the rulebook's when the header has none).
        let fish: Option<Vec<(String, u32)>> =
            (!saved.fish.is_empty()).then(|| saved.fish.iter().map(|(k, v)| (k.clone(), *v)).collect());
        let start = Setup::new(rules, saved.players, &saved.variant, Some(&saved.boats), fish.as_deref())?;
        Ok(Timeline::new(State::new(start)))
    }

    fn replay(
        rules: &FischerspielRules,
        players: &[String],
        saved: &CoopSetup,
        entries: &[Event],
    ) -> Result<Timeline, Replay<SetupError, FischerspielRefusal>> {
        let start = Self::start(rules, players, saved).map_err(Replay::Setup)?;
        state::replay(rules, start.current().setup.clone(), entries).map_err(|(i, e)| Replay::Entry(i, e))
    }

    fn questions(&self, _rules: &FischerspielRules, seat: Option<usize>) -> Vec<Question> {
        match (seat, self.current().outcome) {
            (None, None) => vec![Question::WhatHappened],
            _ => Vec::new(),
        }
    }

    fn apply(
        &mut self,
        rules: &FischerspielRules,
        _seat: Option<usize>,
        event: Event,
    ) -> Result<Applied<Event, Effect>, FischerspielRefusal> {
        let effects = self.push(rules, &event)?.effects.clone();
        Ok(Applied { entry: event, happened: effects })
    }

    fn undo(&mut self, rules: &FischerspielRules) -> Result<Event, FischerspielRefusal> {
        self.push(rules, &Event::Undo)?;
        Ok(Event::Undo)
    }

    fn finished(&self) -> bool {
        self.current().outcome.is_some()
    }

    fn outcome(&self, _rules: &FischerspielRules) -> Option<Outcome> {
        self.current().outcome.map(|end| Outcome::Together { won: end == End::Won })
    }
}
