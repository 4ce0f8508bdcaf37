//! Fleet's table: one live game as every screen shares it — the master the terminal and
//! the phones talk to, without a word of text, a terminal or HTTP. One door for every
//! screen (`games::table::Screen`: the table's own, or a seat's page):
//!
//! - `offers(screen)`: what the screen may answer now, each with the version it was offered
//!   at (a seat's own question, the table's roll when it rolls, an early pick or an early
//!   use of the shared die before its turn; nothing for a seat deckhand plays);
//! - `answer(screen, seen, said)`: a `Said` (a typed line's words, a page's keys or faces)
//!   refused as stale when what the screen answers changed after the version it saw, else
//!   resolved against the game into steps (`policy.rs`), checked all-or-nothing on a copy,
//!   written one save line per answer before anything is told, then what is due is rolled
//!   and answered and the early answers whose turn came are applied (`early.rs`);
//! - `undo(screen, seen)`: back to the last question a person answered, one save line;
//! - `take_told()`: what happened, as typed values (`Told`), in order.
//!
//! The files: this one the service and its state, `policy.rs` the answering policy (what
//! the rules and the bots answer, how a `Said` becomes steps), `early.rs` the early answers
//! held before their turn, `offers.rs` who is offered what and how a page asks it.
//!
//! Two phones and the terminal at one table (physical dice):
//!
//! ```
//! use deckhand::games::fleet::entry::Entries;
//! use deckhand::games::fleet::session::{Entry, Session};
//! use deckhand::games::fleet::setup::FleetSetup;
//! use deckhand::games::fleet::table::{FleetTable, Refused, Save};
//! use deckhand::games::table::{Said, Screen};
//!
//! /// A save in memory.
//! struct Lines(Vec<Entry>);
//! impl Save<Entry> for Lines {
//!     fn append(&mut self, entry: &Entry) -> Result<(), deckhand::games::live::AppendError> {
//!         self.0.push(entry.clone());
//!         Ok(())
//!     }
//! }
//!
//! let rules = deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
//! let names = vec!["Ann".to_string(), "Bob".to_string()];
//! let setup = FleetSetup::default();
//! let session = Session::with_setup(&rules, &names, setup.options());
//! let words = deckhand::text::fleet_entry::vocabulary(&rules, deckhand::text::Lang::En);
//! let mut table = FleetTable::new(rules, setup, Entries::default(), session, Lines(Vec::new()), 0, words);
//!
//! // Each player taps their start die on their own phone; a double tap is stale.
//! let seen = table.version();
//! table.answer(Screen::Seat(0), seen, Said::links(&["cod"])).unwrap();
//! assert!(matches!(table.answer(Screen::Seat(0), seen, Said::links(&["cod"])), Err(Refused::Stale)));
//! let seen = table.version();
//! table.answer(Screen::Seat(1), seen, Said::links(&["lobster"])).unwrap();
//! // The terminal types who starts and the roll (by letters); Ann's phone is offered her pick.
//! let seen = table.version();
//! table.answer(Screen::Host, seen, Said::entry("Ann")).unwrap();
//! let seen = table.version();
//! table.answer(Screen::Host, seen, Said::entry("c sh o")).unwrap();
//! assert!(table.offers(Screen::Seat(1)).is_empty(), "Bob waits");
//! let pick = table.offers(Screen::Seat(0)).remove(0);
//! // Ann's tap on the cod die is the pick and its usual use, in two save lines; one undo
//! // from her phone takes both back, in one more line.
//! let seen = table.version();
//! assert_eq!(table.answer(Screen::Seat(0), seen, Said::links(&["cod"])).unwrap(), 2);
//! table.undo(Screen::Seat(0), table.version()).unwrap();
//! assert_eq!(table.offers(Screen::Seat(0))[0].decision, pick.decision);
//! assert_eq!(table.save().0.len(), 7);
//! ```

mod early;
mod offers;
mod policy;

use std::sync::Arc;

use super::advisor::hints::Hints;
use super::entry::{Entries, EntryError, How, Step};
use super::game::{Decision, Event, Game, Illegal, Input};
use super::session::{Entry, NoUndo, Session, Undone};
use super::setup::FleetSetup;
use super::FleetRules;
use crate::games::table::{Said, Screen};

pub use super::entry::BadFace;
pub use crate::games::live::Save;
pub use offers::{Ahead, Offer, Slot};
pub use policy::Vocabulary;

use early::Held;

/// What the table tells every screen, in order, as values.
#[derive(Debug, Clone)]
pub enum Told {
    /// deckhand rolled the dice (or drew, or chose who starts): the decision and the
    /// answer, in the game before it.
    Rolled {
        /// The game before the answer.
        before: Arc<Game>,
        /// The decision answered.
        decision: Decision,
        /// deckhand's answer.
        input: Input,
    },
    /// One answer applied at the table's own screen, or by the rules or a bot: typed,
    /// usual or forced.
    Step {
        /// The game before it.
        before: Arc<Game>,
        /// The answer.
        step: Step,
        /// Whether the one who typed it has not seen it already (the first typed step of
        /// an entry at the terminal was shown as it was typed).
        echo: bool,
    },
    /// A seat's page answered (one tap, a chain sent as one answer, or an early answer
    /// applied in turn): every step of it, each with the game before it.
    Tapped {
        /// The seat.
        seat: usize,
        /// The steps, in order, each with the game before it.
        steps: Vec<(Arc<Game>, Step)>,
    },
    /// What happened as a result of an answer.
    Happened {
        /// The game after it.
        after: Arc<Game>,
        /// What happened.
        event: Event,
    },
    /// An undo: the answers taken back, last first, in the session before it.
    Undone {
        /// The session before the undo.
        before: Box<Session>,
        /// What was taken back, last first (the last item carries the decision asked
        /// again).
        undone: Vec<Undone>,
        /// The game after it.
        after: Arc<Game>,
    },
    /// A seat's early pick or early use of the shared die no longer fits the game (an
    /// earlier answer changed, or was taken back): dropped, the seat answers in turn.
    Dropped {
        /// The seat.
        seat: usize,
        /// Whether it was the seat's use of the shared die (else its die pick).
        shared: bool,
        /// The game as it stands.
        after: Arc<Game>,
    },
}

/// Why an answer or an undo was not taken; nothing changed.
#[derive(Debug)]
pub enum Refused {
    /// What the screen answers changed after the version it saw (answered meanwhile, or
    /// no longer asked).
    Stale,
    /// The question answered is this seat's: it answers it on its own page.
    Theirs(usize),
    /// The engine's refusal, in the game as it was.
    Illegal(Illegal),
    /// An entry or tap that answers nothing as given.
    Entry(EntryError),
    /// Words of a roll that name no face.
    Faces(Vec<BadFace>),
    /// Nothing a person decided to take back, or a roll the table saw.
    NoUndo(NoUndo),
    /// A seat may take back only its own last answer; whose it was (None: the table's).
    NotYourAnswer(Option<usize>),
    /// The save could not be written: the table takes no more answers (`stopped` says why).
    Stopped,
}

/// One live Fleet game and its save, as every screen shares it.
pub struct FleetTable<S: Save<Entry>> {
    /// The rules.
    pub rules: FleetRules,
    /// How the game was set up (its dice, its bots).
    pub setup: FleetSetup,
    /// The presentation policy (`--ask-all` turns it off).
    pub opts: Entries,
    session: Session,
    save: S,
    /// The words of options and faces a typed line is matched against (every language;
    /// the dice letters of the table's).
    words: Vocabulary,
    /// Whether each effective input was a person's act, where an undo stops: the first
    /// answer of each answer a screen gave (the rest of it, and what the rules or the
    /// policy answered after it, are taken back with it).
    acts: Vec<bool>,
    /// Whose decision each effective input answered (None: the table's).
    by: Vec<Option<usize>>,
    /// Entries in the save after its header.
    entries: u64,
    /// Changes a screen sees that write nothing (an early answer held or taken back, an
    /// early question opened by a page's draft): the version is the entries and these.
    bumps: u64,
    told: Vec<Told>,
    /// Early answers held before their turn (`early.rs`).
    held: Vec<Held>,
    /// The links a seat's page has answered of a chain not sent yet, per seat.
    drafts: Vec<Option<Vec<Vec<String>>>>,
    /// Who is offered what (`offers.rs`).
    offered: offers::Offered,
    /// Per seat: its early answer was dropped (whether it was its use of the shared die),
    /// until it answers again.
    dropped: Vec<Option<bool>>,
    /// The last answer checked (`check`): planned once, applied as planned when it is sent.
    checked: Option<(u64, Screen, Said, Vec<Step>)>,
    /// Why the table stopped: its save could not be written (until the terminal takes it
    /// to exit with it, `take_stopped`).
    stopped: Option<crate::games::live::AppendError>,
    /// The table takes no more answers.
    halted: bool,
    /// The advisor's weighings, shared by the screens, a few runs at a time.
    hints: Hints,
}

impl<S: Save<Entry>> FleetTable<S> {
    /// The table of `session`, whose save `save` holds `entries` entries, its typed lines
    /// matched against `words`. Digital dice, bots and forced answers due now are answered
    /// at once (a save that cannot be written stops the table: `stopped`).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        rules: FleetRules,
        setup: FleetSetup,
        opts: Entries,
        session: Session,
        save: S,
        entries: u64,
        words: Vocabulary,
    ) -> Self {
        let by = policy::who_answered(&rules, &session);
        let acts = vec![true; session.inputs.len()];
        let seats = session.names.len();
        let hints = Hints::new(&rules);
        let mut table = FleetTable {
            rules,
            setup,
            opts,
            session,
            save,
            words,
            acts,
            by,
            entries,
            bumps: 0,
            told: Vec::new(),
            held: Vec::new(),
            drafts: vec![None; seats],
            offered: offers::Offered::new(seats),
            dropped: vec![None; seats],
            checked: None,
            stopped: None,
            halted: false,
            hints,
        };
        // A failure to write is kept as why the table stopped.
        let _ = table.settle();
        table.publish(&[], true, false);
        table
    }

    /// The game with its answers.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The advisor's weighings of the table's questions (`advisor::hints`): ask under
    /// the table's lock, wait for the ticket after letting go of it.
    pub fn hints(&self) -> &Hints {
        &self.hints
    }

    /// The save.
    pub fn save(&self) -> &S {
        &self.save
    }

    /// Entries written to the save after its header.
    pub fn entries(&self) -> u64 {
        self.entries
    }

    /// The state's version: the entries written after the save's header, and the changes
    /// a screen sees that write nothing (an early answer held): it changes with every
    /// answer, every undo and every such change, and a resumed game starts at its entries.
    pub fn version(&self) -> u64 {
        self.entries + self.bumps
    }

    /// Whether the game is over.
    pub fn finished(&self) -> bool {
        self.session.game.finished()
    }

    /// Why the table takes no more answers: its save could not be written.
    pub fn stopped(&self) -> Option<&crate::games::live::AppendError> {
        self.stopped.as_ref()
    }

    /// Why the table stopped, taken (the table's own screen exits with it); the table
    /// still takes no more answers.
    pub fn take_stopped(&mut self) -> Option<crate::games::live::AppendError> {
        self.stopped.take()
    }

    /// Everything told since the last call, first first.
    pub fn take_told(&mut self) -> Vec<Told> {
        std::mem::take(&mut self.told)
    }

    /// Whether a seat's early answer was dropped since it last answered (whether it was
    /// its use of the shared die): what its page tells it once.
    pub fn dropped(&self, seat: usize) -> Option<bool> {
        self.dropped.get(seat).copied().flatten()
    }

    /// The steps the last answer checked stands for (`check`), first first: what a view
    /// echoes of it in words before it is sent.
    pub fn checked_steps(&self) -> &[Step] {
        self.checked.as_ref().map(|(.., steps)| steps.as_slice()).unwrap_or_default()
    }

    /// Check an answer without taking it: resolved against the game (`policy.rs`) and
    /// applied on a copy. The number of answers it stands for (0: nobody has a usual
    /// answer to give in everyone's line). Sent next at the same version, it is applied as
    /// planned here.
    pub fn check(&mut self, screen: Screen, seen: u64, said: &Said) -> Result<usize, Refused> {
        self.open()?;
        let offer = self.addressed(screen, seen)?;
        if offer.early {
            return Ok(1);
        }
        let steps = self.resolve(screen, &offer, said)?;
        let mut copy = self.session.draft();
        for s in &steps {
            copy.apply_answer(&self.rules, s.by, &s.answer).map_err(Refused::Illegal)?;
        }
        let n = steps.len();
        self.checked = Some((self.version(), screen, said.clone(), steps));
        Ok(n)
    }

    /// Take an answer from a screen that saw version `seen`: refused when what it answers
    /// changed since (`Stale`), else resolved, checked all-or-nothing on a copy, written
    /// (one line per answer, before anything is told), then what is due rolled and
    /// answered. A seat's answer to its early question is held instead (nothing written).
    /// The number of answers it stood for (written first, before what the table answered
    /// after them); 0 for an answer held.
    pub fn answer(&mut self, screen: Screen, seen: u64, said: Said) -> Result<usize, Refused> {
        self.open()?;
        let offer = self.addressed(screen, seen)?;
        if let (Screen::Seat(seat), true) = (screen, offer.early) {
            let Said::Links(links) = said else { return Err(early::nothing_to_answer(seat, &[])) };
            self.hold(seat, links)?;
            self.dropped[seat] = None;
            self.publish(&[], false, true);
            return Ok(0);
        }
        let planned = match self.checked.take() {
            Some((v, s, checked, steps)) if v == self.version() && s == screen && checked == said => steps,
            _ => self.resolve(screen, &offer, &said)?,
        };
        // A use of the shared die a phone holds stays that phone's unless the host typed one.
        let steps = match screen {
            Screen::Host => self.leaving_held(planned),
            Screen::Seat(_) => planned,
        };
        if steps.is_empty() {
            return Ok(0);
        }
        let n = steps.len();
        let answered: Vec<usize> = steps.iter().map(|s| self.offered.slot_of(s.by.or(s.decision.player))).collect();
        if let Screen::Seat(seat) = screen {
            self.dropped[seat] = None;
        }
        let written = self.entries;
        // An entry's first typed step was shown as it was typed; everyone's line names
        // each exception only by a start of a name: every step is told.
        let echo_first = !matches!(said, Said::Everyone(_));
        let done = self.answer_now(steps, screen, echo_first).and_then(|()| self.run_held());
        // A refused answer leaves its question offered as it was (what deckhand rolled
        // before a write that failed is shown).
        let answered = if done.is_ok() { answered } else { Vec::new() };
        self.publish(&answered, self.entries != written, false);
        done.map(|()| n)
    }

    /// What a seat's page asks after the first links of a chain, before anything is sent:
    /// the follow-up question the last link leads to (None: the links end the chain, or
    /// the seat answers the table's question). The links answered so far open the next
    /// seats' early questions.
    pub fn ahead(&mut self, seat: usize, seen: u64, links: &[Vec<String>]) -> Result<Option<Ahead>, Refused> {
        self.open()?;
        let offer = self.addressed(Screen::Seat(seat), seen)?;
        if offer.slot != Slot::Seat(seat) {
            return Ok(None);
        }
        let keys = early::borrowed(links);
        let ahead = if offer.early { self.early_ahead(seat, &keys)? } else { self.ahead_on_game(seat, &keys)? };
        if let Some(d) = self.drafts.get_mut(seat) {
            *d = Some(links.to_vec());
        }
        self.publish(&[], false, false);
        Ok(ahead)
    }

    /// Take back the last answer a person gave, with the rolls deckhand made and the
    /// answers the policy gave after it, in one save line. A seat takes back only its own,
    /// and only from the version its page showed; a seat holding an early answer takes
    /// that back first (nothing written).
    pub fn undo(&mut self, screen: Screen, seen: u64) -> Result<(), Refused> {
        self.open()?;
        let stale = match screen {
            Screen::Seat(_) => seen != self.version(),
            Screen::Host => self.offered.host_since() > seen,
        };
        if stale {
            return Err(Refused::Stale);
        }
        if let Screen::Seat(seat) = screen {
            if self.unhold(seat) {
                self.publish(&[], false, true);
                return Ok(());
            }
        }
        let (next, undone) = self.undone().map_err(Refused::NoUndo)?;
        let kept = next.inputs.len();
        if let Screen::Seat(seat) = screen {
            let whose = self.by.get(kept).copied().flatten();
            if whose != Some(seat) {
                return Err(Refused::NotYourAnswer(whose));
            }
        }
        self.write(&Entry::undo(undone.len()))?;
        let before = std::mem::replace(&mut self.session, next);
        self.acts.truncate(kept);
        self.by.truncate(kept);
        let after = Arc::new(self.session.game.clone());
        self.told.push(Told::Undone { before: Box::new(before), undone, after });
        self.drafts.iter_mut().for_each(|d| *d = None);
        let done = self.run_held();
        let all: Vec<usize> = (0..=self.session.names.len()).collect();
        self.publish(&all, true, false);
        done
    }

    /// Whose answer an undo would take back now (Some(None): the table's), None when
    /// nothing can be taken back: the seat whose page offers undo.
    pub fn undo_reaches(&self) -> Option<Option<usize>> {
        let (next, _) = self.undone().ok()?;
        self.by.get(next.inputs.len()).copied()
    }

    /// The table takes answers: its save could be written so far.
    fn open(&self) -> Result<(), Refused> {
        match self.halted {
            true => Err(Refused::Stopped),
            false => Ok(()),
        }
    }

    /// Apply one answer deckhand gives (`by`: out of seat order for that player), write
    /// its line, remember how it came about and whose it was, and tell what it made happen.
    fn commit(
        &mut self,
        by: Option<usize>,
        answer: &super::live::Answer,
        how: How,
        whose: Option<usize>,
    ) -> Result<(), Refused> {
        let mut next = self.session.draft();
        let (input, events) = next.apply_answer(&self.rules, by, answer).map_err(Refused::Illegal)?;
        self.write(&Entry::answer(by, input))?;
        self.session.take(next);
        self.acts.push(how == How::Typed);
        self.by.push(whose);
        self.tell_events(events);
        Ok(())
    }

    /// Apply the steps of one answer from `screen`: every step on a copy first (all or
    /// nothing), by value, then each written to the save and told, then what is due is
    /// rolled and answered. The answer is one person's act: one undo takes it back whole.
    /// `echo_first`: the first typed step was shown as typed (an entry at the terminal).
    fn answer_now(&mut self, steps: Vec<Step>, screen: Screen, echo_first: bool) -> Result<(), Refused> {
        let mut next = self.session.draft();
        let mut told = Vec::new();
        let mut tapped = Vec::new();
        let mut lines = Vec::with_capacity(steps.len());
        for (i, step) in steps.iter().enumerate() {
            let before = Arc::new(next.game.clone());
            let (input, events) = next.apply_answer(&self.rules, step.by, &step.answer).map_err(Refused::Illegal)?;
            lines.push(Entry::answer(step.by, input));
            match screen {
                Screen::Host => {
                    let echo = !(i == 0 && step.how == How::Typed && echo_first);
                    told.push(Told::Step { before, step: step.clone(), echo });
                }
                Screen::Seat(_) => tapped.push((before, step.clone())),
            }
            let after = Arc::new(next.game.clone());
            told.extend(events.into_iter().map(|event| Told::Happened { after: after.clone(), event }));
        }
        if let Screen::Seat(seat) = screen {
            told.insert(0, Told::Tapped { seat, steps: tapped });
        }
        for (i, (step, line)) in steps.iter().zip(&lines).enumerate() {
            // A page's chain not sent yet is over once its seat's question is answered.
            if let Some(draft) = step.by.or(step.decision.player).and_then(|p| self.drafts.get_mut(p)) {
                *draft = None;
            }
            self.write(line)?;
            self.acts.push(i == 0);
            self.by.push(step.by.or(policy::whose(&step.decision)));
        }
        self.session.take(next);
        self.told.extend(told);
        self.settle()
    }

    /// What an undo would take back now: the session after it and the answers, last first.
    fn undone(&self) -> Result<(Session, Vec<Undone>), NoUndo> {
        let acts = &self.acts;
        let mut next = self.session.clone();
        let undone = next
            .undo_to_question(&self.rules, |s, i| acts.get(i).is_some_and(|act| !act) || self.automatic(s).is_some())?;
        Ok((next, undone))
    }

    fn write(&mut self, entry: &Entry) -> Result<(), Refused> {
        if let Err(e) = self.save.append(entry) {
            self.stopped = Some(e);
            self.halted = true;
            return Err(Refused::Stopped);
        }
        self.entries += 1;
        Ok(())
    }

    fn tell_events(&mut self, events: Vec<Event>) {
        let after = Arc::new(self.session.game.clone());
        self.told.extend(events.into_iter().map(|event| Told::Happened { after: after.clone(), event }));
    }

    /// After a change: a new version when anything a screen sees changed (a line
    /// `wrote`, something `shown` that writes nothing, or an offer), and new offers where a
    /// decision changed or was answered (the table's own screen's after every line written).
    fn publish(&mut self, answered: &[usize], wrote: bool, shown: bool) {
        self.checked = None;
        let now = self.offers_now();
        let moved = self.offered.moved(&now, answered, wrote);
        if !wrote && (shown || !moved.is_empty()) {
            self.bumps += 1;
        }
        self.offered.set(now, &moved, self.version());
    }
}

impl<S: Save<Entry>> crate::games::table::Table for FleetTable<S> {
    type Told = Told;
    type Refused = Refused;

    fn version(&self) -> u64 {
        FleetTable::version(self)
    }

    fn take_told(&mut self) -> Vec<Told> {
        std::mem::take(&mut self.told)
    }

    fn undo(&mut self, screen: Screen, seen: u64) -> Result<(), Refused> {
        FleetTable::undo(self, screen, seen)
    }

    fn moved_on(&self, screen: Screen, seen: u64) -> bool {
        FleetTable::moved_on(self, screen, seen)
    }

    fn finished(&self) -> bool {
        FleetTable::finished(self)
    }

    fn take_stopped(&mut self) -> Option<crate::games::live::AppendError> {
        FleetTable::take_stopped(self)
    }
}

#[cfg(test)]
mod tests;
