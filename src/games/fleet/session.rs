//! A game as the fold of its decisions. The save file stores every confirmed decision and
//! every undo as entries; the state is rebuilt by replaying the effective decisions, so
//! undo is an entry too (never a deletion) and replay reproduces the game exactly.

use serde::{Deserialize, Serialize};

use super::game::{Game, Illegal, Input, Notice, Setup};
use crate::games::FleetRules;

/// One line of a save file after the header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Entry {
    /// A confirmed decision.
    Do(Input),
    /// Take back the last effective decision.
    Undo,
}

#[derive(Debug, Clone)]
pub struct Session {
    pub names: Vec<String>,
    pub setup: Setup,
    /// The language of the game's reminders and prompts.
    pub lang: &'static str,
    /// The effective decisions, in order.
    pub inputs: Vec<Input>,
    pub game: Game,
}

impl Session {
    /// A multiplayer game.
    pub fn new(rules: &FleetRules, names: &[String]) -> Session {
        Self::with_setup(rules, names, Setup::default())
    }

    pub fn with_setup(rules: &FleetRules, names: &[String], setup: Setup) -> Session {
        Session { names: names.to_vec(), setup, lang: "en", inputs: Vec::new(), game: Game::new(rules, names, setup) }
    }

    /// Set the language of reminders and prompts.
    pub fn set_lang(&mut self, lang: &'static str) {
        self.lang = lang;
        self.game.set_lang(lang);
    }

    /// Apply a decision; returns the reminders it produced.
    pub fn apply(&mut self, rules: &FleetRules, input: Input) -> Result<Vec<Notice>, Illegal> {
        self.game.apply(rules, &input)?;
        self.inputs.push(input);
        Ok(self.game.take_notices())
    }

    /// Undo the last decision. Returns what was undone, or why it cannot be.
    pub fn undo(&mut self, rules: &FleetRules) -> Result<String, String> {
        let Some(last) = self.inputs.last() else {
            return Err(crate::t!(self.lang, "engine.undo_nothing"));
        };
        if let Input::Roll { digital: true, .. } = last {
            return Err(crate::t!(self.lang, "engine.undo_digital_roll"));
        }
        let kept = &self.inputs[..self.inputs.len() - 1];
        let mut game = Game::new(rules, &self.names, self.setup);
        game.lang = self.lang;
        game.quiet = true;
        for input in kept {
            game.apply(rules, input).expect("a prefix of legal decisions stays legal");
        }
        game.quiet = false;
        game.take_notices();
        let lang = if self.lang.is_empty() { "en" } else { self.lang };
        let what = game.decision(rules, lang).map(|d| d.prompt).unwrap_or_default();
        // The answer as it was typed (a language-neutral key).
        let answer = match last {
            Input::Choice(k) => k.clone(),
            Input::Roll { faces, .. } => faces.join(" "),
        };
        self.inputs.pop();
        self.game = game;
        Ok(crate::t!(lang, "engine.undone", what = what, answer = answer))
    }

    /// Rebuild a session from save entries. On an illegal entry returns its index and why
    /// (in English).
    pub fn replay(
        rules: &FleetRules,
        names: &[String],
        setup: Setup,
        entries: &[Entry],
    ) -> Result<Session, (usize, String)> {
        Self::replay_in(rules, names, setup, entries, "en")
    }

    /// `replay` in a language: the reason for an illegal entry, and the session's own.
    pub fn replay_in(
        rules: &FleetRules,
        names: &[String],
        setup: Setup,
        entries: &[Entry],
        lang: &'static str,
    ) -> Result<Session, (usize, String)> {
        let mut inputs: Vec<Input> = Vec::new();
        for (i, e) in entries.iter().enumerate() {
            match e {
                Entry::Do(input) => inputs.push(input.clone()),
                Entry::Undo => {
                    if inputs.pop().is_none() {
                        return Err((i, crate::t!(lang, "engine.undo_nothing_replay")));
                    }
                }
            }
        }
        // Map each effective input back to its entry index for error messages.
        let mut origin = Vec::new();
        let mut stack: Vec<usize> = Vec::new();
        for (i, e) in entries.iter().enumerate() {
            match e {
                Entry::Do(_) => stack.push(i),
                Entry::Undo => {
                    stack.pop();
                }
            }
        }
        origin.extend(stack);
        let mut session = Session::with_setup(rules, names, setup);
        session.set_lang(lang);
        session.game.quiet = true;
        for (n, input) in inputs.into_iter().enumerate() {
            session.apply(rules, input).map_err(|e| (origin[n], e.message))?;
        }
        session.game.quiet = false;
        session.game.take_notices();
        Ok(session)
    }
}
