//! The table of any live game (`LiveGame`) answered one question at a time, without a word
//! of text, a terminal or HTTP: it owns the game and its save; it offers each seat (and the
//! table itself) the questions open now; it takes a typed answer from any screen, checks it
//! on a copy, writes its entry — one act, one save line, before anything is told — and
//! tells every screen what happened (`Told`); an undo is one save line too. Fleet's table
//! (`games::fleet::table`) adds its answering policy on top of the same game.

use crate::games::live::{LiveGame, Outcome, Save};

/// What the table tells every view, in order, as values.
#[derive(Debug, Clone)]
pub enum Told<H> {
    /// An answer was applied: who gave it (None: the table), and what it made happen.
    Answered {
        /// The seat that answered (None: the table).
        seat: Option<usize>,
        /// What happened, in order.
        happened: Vec<H>,
    },
    /// The last answer was taken back.
    Undone,
}

/// Why an answer or an undo was not taken.
#[derive(Debug)]
pub enum Refused<R> {
    /// The game's refusal; nothing changed.
    Game(R),
    /// The save could not be written: the table takes no more answers.
    Stopped(crate::games::live::AppendError),
}

/// One live game and its save.
pub struct PlainTable<'r, G: LiveGame, S: Save<G::Entry>> {
    rules: &'r G::Rules,
    game: G,
    save: S,
    /// Entries in the save after its header.
    entries: u64,
    told: Vec<Told<G::Happened>>,
}

impl<'r, G: LiveGame, S: Save<G::Entry>> PlainTable<'r, G, S> {
    /// The table of `game`, whose save `save` holds `entries` entries after its header.
    pub fn new(rules: &'r G::Rules, game: G, save: S, entries: u64) -> Self {
        PlainTable { rules, game, save, entries, told: Vec::new() }
    }

    /// The rules.
    pub fn rules(&self) -> &'r G::Rules {
        self.rules
    }

    /// The game as it stands.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The save.
    pub fn save(&self) -> &S {
        &self.save
    }

    /// Entries written to the save after its header.
    pub fn entries(&self) -> u64 {
        self.entries
    }

    /// The questions open now for `seat` (None: the table's own).
    pub fn questions(&self, seat: Option<usize>) -> Vec<G::Question> {
        self.game.questions(self.rules, seat)
    }

    /// Whether `choice` would be taken now, without taking it.
    pub fn check(&self, seat: Option<usize>, choice: G::Choice) -> Result<(), G::Refusal> {
        self.game.clone().apply(self.rules, seat, choice).map(|_| ())
    }

    /// Whether an undo would be taken now, without taking it.
    pub fn check_undo(&self) -> Result<(), G::Refusal> {
        self.game.clone().undo(self.rules).map(|_| ())
    }

    /// Apply an answer: on a copy first, then its entry written to the save, then told.
    pub fn answer(&mut self, seat: Option<usize>, choice: G::Choice) -> Result<(), Refused<G::Refusal>> {
        let mut next = self.game.clone();
        let applied = next.apply(self.rules, seat, choice).map_err(Refused::Game)?;
        self.write(&applied.entry)?;
        self.game = next;
        self.told.push(Told::Answered { seat, happened: applied.happened });
        Ok(())
    }

    /// Take back the last answer, in one save line.
    pub fn undo(&mut self) -> Result<(), Refused<G::Refusal>> {
        let mut next = self.game.clone();
        let entry = next.undo(self.rules).map_err(Refused::Game)?;
        self.write(&entry)?;
        self.game = next;
        self.told.push(Told::Undone);
        Ok(())
    }

    /// Everything told since the last call, first first.
    pub fn take_told(&mut self) -> Vec<Told<G::Happened>> {
        std::mem::take(&mut self.told)
    }

    /// How the game ended, ranked with its tie-breaks; None while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome(self.rules)
    }

    fn write(&mut self, entry: &G::Entry) -> Result<(), Refused<G::Refusal>> {
        self.save.append(entry).map_err(Refused::Stopped)?;
        self.entries += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fischerspiel::live::Question;
    use crate::games::fischerspiel::setup::CoopSetup;
    use crate::games::fischerspiel::state::{Event, FischerspielRefusal, Timeline};
    use crate::games::fleet::live::Answer;
    use crate::games::fleet::session::{Entry, Session};
    use crate::games::fleet::setup::FleetSetup;
    use crate::games::live::Replay;

    /// A save in memory.
    struct Lines<E>(Vec<E>);

    impl<E: Clone> Save<E> for Lines<E> {
        fn append(&mut self, entry: &E) -> Result<(), crate::games::live::AppendError> {
            self.0.push(entry.clone());
            Ok(())
        }
    }

    fn fischerspiel() -> crate::games::fischerspiel::model::FischerspielRules {
        crate::games::built_in("fischerspiel").unwrap().fischerspiel().expect("a Fischerspiel game").clone()
    }

    #[test]
    fn a_cooperative_table_writes_one_line_per_act_and_the_save_replays_to_the_same_game() {
        let rules = fischerspiel();
        let start = crate::games::fischerspiel::state::Setup::new(&rules, 2, "base", None, None).unwrap();
        let setup = CoopSetup::of(&rules, 2, &start);
        let game = Timeline::start(&rules, &[], &setup).unwrap();
        let mut table = PlainTable::new(&rules, game, Lines(Vec::new()), 0);
        assert_eq!(table.questions(None), vec![Question::WhatHappened]);
        assert!(table.questions(Some(0)).is_empty(), "the seats have no questions of their own");
        assert!(matches!(table.check_undo(), Err(FischerspielRefusal::NothingToUndo)));
        table.answer(None, Event::Wind { side: None }).unwrap();
        table.answer(None, Event::Wind { side: None }).unwrap();
        table.undo().unwrap();
        assert!(matches!(table.answer(None, Event::Sail { boat: "no-such".into() }), Err(Refused::Game(_))));
        let told = table.take_told();
        assert_eq!(told.len(), 3, "{told:?}");
        assert!(matches!(told[2], Told::Undone));
        assert_eq!(table.entries(), 3);
        let lines = &table.save().0;
        assert_eq!(lines.last(), Some(&Event::Undo));
        let replayed = Timeline::replay(&rules, &[], &setup, lines).unwrap();
        assert_eq!(replayed.current(), table.game().current());
        assert_eq!(table.outcome(), None);
    }

    #[test]
    fn a_fleet_game_runs_on_the_same_table_answered_by_value_and_ranked_with_its_tie_break() {
        let rules = crate::games::fleet::precompiled::fleet().expect("the precompiled rules are fresh");
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let setup =
            FleetSetup { dice: crate::games::fleet::game::Dice::Digital, seed: Some(3), ..FleetSetup::default() };
        let game = Session::start(&rules, &names, &setup).unwrap();
        let mut table = PlainTable::new(&rules, game, Lines(Vec::new()), 0);
        let mut rng = crate::rng::Rng::new(5);
        let mut acts = 0;
        while !table.game().finished() {
            acts += 1;
            assert!(acts < 5000, "the game ends");
            // The table's own decisions (rolls, who starts) come first, as digital dice.
            if !table.questions(None).is_empty() {
                let answer = setup.digital_answer(table.game(), &rules).expect("digital dice answer the table");
                table.answer(None, answer).unwrap();
                continue;
            }
            let seat = (0..names.len()).find(|s| !table.questions(Some(*s)).is_empty()).expect("someone is asked");
            let question = table.questions(Some(seat)).remove(0);
            let choice = question.options[rng.below(question.options.len())];
            table.answer(Some(seat), Answer::Option(choice)).unwrap();
        }
        let entries: Vec<Entry> = table.save().0.clone();
        let replayed = <Session as LiveGame>::replay(&rules, &names, &setup, &entries)
            .unwrap_or_else(|e: Replay<_, _>| panic!("{e:?}"));
        assert_eq!(replayed.game, table.game().game);
        let Some(Outcome::Ranked(places)) = table.outcome() else { panic!("a ranked game") };
        let sheets: Vec<_> = replayed.game.players.iter().map(|p| &p.sheet).collect();
        let totals: Vec<u32> = sheets.iter().map(|s| crate::games::fleet::score::total(&rules, s)).collect();
        assert_eq!(
            places.iter().map(|p| p.score).collect::<Vec<_>>(),
            totals.iter().map(|t| i64::from(*t)).collect::<Vec<_>>()
        );
        assert_eq!(
            places.iter().map(|p| p.rank).collect::<Vec<_>>(),
            crate::games::fleet::score::places(&rules, &sheets, &totals)
        );
    }
}
