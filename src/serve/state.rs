//! The shared table: the library's table (`games::fleet::table`: the session, its save,
//! the presentation policy, undo) behind one lock, for the terminal and every page. An
//! answer (from a phone or the terminal) is checked against the decision its screen
//! showed and handed to the table, which checks it all-or-nothing, writes it and rolls
//! what is due — and only then is it reported as accepted and pushed to every screen.
//! What the table tells becomes the log's lines here, in the table's language.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

use crate::games::fleet::entry::{Entries, EntryError, Step};
use crate::games::fleet::game::{Decision, Input};
use crate::games::fleet::session::Session;
use crate::games::fleet::setup::FleetSetup;
use crate::games::fleet::table::{self as service, From, Refusal};
use crate::games::fleet::FleetRules;
use crate::store::Journal;
use crate::text::fleet as fleet_text;
use crate::text::serve::Refusal as Said;
use crate::text::Lang;

/// How many lines of what happened the pages keep.
const LOG_LINES: usize = 60;

/// Who answers a decision: a seat (its own decisions, and the roll when it is that
/// player's turn to roll) or the table (rolls, who starts, cards drawn), which the
/// terminal answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    Seat(usize),
    Table,
}

/// A decision as one screen was shown it. `offer` changes whenever the decision waiting
/// in that slot changes or is answered, so an answer to a decision already taken (a
/// second phone, a double tap, the terminal and a phone at once) is told apart from an
/// answer to the one waiting now, even when the two look alike.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offered {
    pub slot: Slot,
    pub offer: u64,
    pub decision: Decision,
}

/// Why an answer or an undo was not taken, said in the table's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The decision was answered already (or is no longer asked): nothing changed.
    Taken(String),
    /// Not a legal answer (the engine's refusal) — with the legal keys.
    Illegal(String, Vec<String>),
    /// Undo is not possible now.
    NoUndo(String),
    /// The save could not be written: the table takes no more answers.
    Stopped(String),
    /// The decision answered is another seat's ("this is Bob's question").
    NotYours(String),
}

impl Refused {
    pub fn text(&self) -> &str {
        match self {
            Refused::Taken(t)
            | Refused::Illegal(t, _)
            | Refused::NoUndo(t)
            | Refused::Stopped(t)
            | Refused::NotYours(t) => t,
        }
    }
}

/// An answer from a screen: the links of a chain (each an answer's keys, `cod coin`; one
/// link for a single answer or the table's choice), or the dice of a roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tap {
    /// A chain of answers, the first to the question shown, each next to the follow-up
    /// the one before leads to.
    Links(Vec<String>),
    /// The faces of a roll, by key.
    Roll(Vec<String>),
}

/// Who takes back a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UndoBy {
    /// A seat, its own last decision, as of the state version its page showed.
    Seat { seat: usize, seen: u64 },
    /// The terminal: the last decision, whoever made it.
    Host,
}

/// One line of what happened, numbered from the start of this process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub seq: u64,
    pub text: String,
}

pub(super) struct Inner {
    /// The game, its save and how each answer came about.
    pub t: service::Table<Journal>,
    /// Per slot (the seats, then the table): the offer id and the decision it stands for.
    offers: Vec<(u64, Option<Decision>)>,
    /// Per seat: its offer is its early pick (`games::fleet::table::Table::hold`), asked
    /// before its turn while the chains before it are open.
    early: Vec<bool>,
    /// Per seat: its early question was asked after answers the rules give on the way (a
    /// forced pick and its use), which its page sends before its own taps.
    early_given: Vec<bool>,
    /// Changes that write nothing (an early pick held or taken back, an early question
    /// opened by a page's chain): added to the version so every screen is pushed.
    bumps: u64,
    /// Per seat: what its page is told once (its early pick was dropped), until it answers.
    pub notes: Vec<Option<String>>,
    next_offer: u64,
    pub log: VecDeque<Line>,
    next_line: u64,
    /// Set when the save could not be written.
    pub stopped: Option<String>,
    /// Rendered views, by (version, view), so seven screens cost one rendering each.
    pub cache: Vec<(u64, usize, std::sync::Arc<String>)>,
}

impl Inner {
    /// The state's version: entries in the save after the header, and the changes that
    /// write nothing (early picks).
    pub fn version(&self) -> u64 {
        self.t.entries() + self.bumps
    }

    /// Whether a seat's offer is its early pick.
    pub fn early(&self, seat: usize) -> bool {
        self.early.get(seat).copied().unwrap_or(false)
    }

    /// The question a seat's page asks now: its own, or its early pick.
    pub fn asked(&self, seat: usize) -> Option<service::Ahead> {
        match self.early.get(seat) {
            Some(true) => self.t.early_question(seat),
            _ => self.t.page_question(seat),
        }
    }

    /// The game as it stands.
    pub fn session(&self) -> &Session {
        self.t.session()
    }
}

/// The table shared by the terminal and the HTTP server.
pub struct Table {
    pub rules: FleetRules,
    pub lang: Lang,
    pub names: Vec<String>,
    inner: Mutex<Inner>,
    changed: Condvar,
    /// The version, readable without the lock.
    version: AtomicU64,
    /// Entries in the save, readable without the lock (the terminal polls it while it
    /// waits: an early pick held on a phone does not interrupt the host's line).
    written: AtomicU64,
}

impl Table {
    /// The table of a session whose save is `journal` (`entries`: how many entries it
    /// holds), asking after the policy `opts`. Digital dice and forced answers due now are
    /// applied at once.
    pub fn new(
        rules: FleetRules,
        setup: FleetSetup,
        opts: Entries,
        session: Session,
        journal: Journal,
        entries: u64,
        lang: Lang,
    ) -> Result<Table, crate::Error> {
        let seats = session.names.len();
        // Offer ids are unique across restarts: an answer sent to the host before a crash
        // cannot match a decision offered after it.
        let start = super::tokens::random_u64()
            .map_err(|e| crate::Error::Usage(crate::msg!("web.no_random", cause = e.to_string())))?
            >> 12;
        let names = session.names.clone();
        let inner = Inner {
            t: service::Table::new(rules.clone(), setup, opts, session, journal, entries),
            offers: vec![(0, None); seats + 1],
            early: vec![false; seats],
            early_given: vec![false; seats],
            bumps: 0,
            notes: vec![None; seats],
            next_offer: start,
            log: VecDeque::new(),
            next_line: 0,
            stopped: None,
            cache: Vec::new(),
        };
        let table = Table {
            rules,
            lang,
            names,
            inner: Mutex::new(inner),
            changed: Condvar::new(),
            version: AtomicU64::new(0),
            written: AtomicU64::new(0),
        };
        {
            let mut inner = table.lock();
            let settled = inner.t.settle();
            table.tell(&mut inner);
            if let Err(why) = settled {
                return Err(table.stop(&mut inner, why).map(crate::Error::said).unwrap_or_else(|r| r));
            }
            table.refresh_offers(&mut inner, &[]);
            table.version.store(inner.version(), Ordering::SeqCst);
            table.written.store(inner.t.entries(), Ordering::SeqCst);
        }
        Ok(table)
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while the lock was held cannot leave a half-applied decision: the
        // session is replaced only after the save line is on disk.
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The state's version (entries in the save); changes with every accepted answer.
    pub fn version(&self) -> u64 {
        self.version.load(Ordering::SeqCst)
    }

    /// Entries in the save (changes with every answer written, not with an early pick held).
    pub fn written(&self) -> u64 {
        self.written.load(Ordering::SeqCst)
    }

    /// Wait until the version differs from `seen`, or `timeout` passes; returns the version.
    pub fn wait_change(&self, seen: u64, timeout: Duration) -> u64 {
        let inner = self.lock();
        let (inner, _) = self
            .changed
            .wait_timeout_while(inner, timeout, |i| i.version() == seen)
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        inner.version()
    }

    /// Wake every waiting screen (used when the host stops).
    pub fn notify(&self) {
        self.changed.notify_all();
    }

    /// Whether the game is over.
    pub fn finished(&self) -> bool {
        self.lock().session().game.finished()
    }

    /// A copy of the session (for the terminal's questions and the final table).
    pub fn session(&self) -> Session {
        self.lock().session().clone()
    }

    /// The presentation policy the table asks after.
    pub fn opts(&self) -> Entries {
        self.lock().t.opts
    }

    /// The decision at the front, as the terminal shows it, with the entries written
    /// (`written`).
    pub fn front(&self) -> (u64, Option<Offered>) {
        let inner = self.lock();
        let front = inner.session().game.decision(&self.rules).map(|decision| {
            let slot = match decision.player {
                Some(p) => Slot::Seat(p),
                None => Slot::Table,
            };
            Offered { slot, offer: inner.offers[self.index(slot)].0, decision }
        });
        (inner.t.entries(), front)
    }

    /// The decision waiting for a seat: its own (one of the simultaneous ones), or one of
    /// the table's — the roll when this player rolls the dice, who starts and the cards
    /// drawn on any seat's page (physical dice; first come, first served).
    pub(super) fn offered_to(&self, inner: &Inner, seat: usize) -> Option<Offered> {
        if let (offer, Some(decision)) = &inner.offers[seat] {
            return Some(Offered { slot: Slot::Seat(seat), offer: *offer, decision: decision.clone() });
        }
        match &inner.offers[self.names.len()] {
            (offer, Some(d)) if roller(d).is_none_or(|r| r == seat) => {
                Some(Offered { slot: Slot::Table, offer: *offer, decision: d.clone() })
            }
            _ => None,
        }
    }

    /// Lines of what happened after line `after` (None: all kept).
    pub fn lines_after(&self, after: Option<u64>) -> Vec<Line> {
        let inner = self.lock();
        inner.log.iter().filter(|l| after.is_none_or(|a| l.seq > a)).cloned().collect()
    }

    fn index(&self, slot: Slot) -> usize {
        match slot {
            Slot::Seat(p) => p,
            Slot::Table => self.names.len(),
        }
    }

    /// Answer the decision `offer` in `slot` with `tap`, as the table's own screen would
    /// (see `answer_from`).
    #[cfg(test)]
    pub fn answer(&self, slot: Slot, offer: u64, tap: Tap) -> Result<u64, Refused> {
        self.answer_from(slot, offer, tap, From::Here)
    }

    /// Answer the decision `offer` in `slot` with `tap`. Accepted only when that very
    /// decision is still waiting and the table takes the answer: a seat's links (each an
    /// answer's keys, `cod` or `cod coin`, the next ones answering the follow-ups the page
    /// asked before sending) stand for what the terminal's entry of them does (a pick with
    /// its usual use, forced answers on the way); a roll or the table's choice is one
    /// answer. Then every screen is woken. Returns the new version.
    fn answer_from(&self, slot: Slot, offer: u64, tap: Tap, from: From) -> Result<u64, Refused> {
        let mut inner = self.lock();
        if let Some(why) = &inner.stopped {
            return Err(Refused::Stopped(why.clone()));
        }
        let i = self.index(slot);
        let waiting = match &inner.offers[i] {
            (id, Some(d)) if *id == offer => d.clone(),
            _ => return Err(Refused::Taken(Said::Taken.text(self.lang))),
        };
        if let (Slot::Seat(p), Tap::Links(links)) = (slot, &tap) {
            if inner.early[p] {
                let links: Vec<Vec<String>> =
                    links.iter().map(|l| l.split_whitespace().map(str::to_string).collect()).collect();
                inner.t.hold(p, links).map_err(|why| self.refusal(&inner, why))?;
                inner.notes[p] = None;
                return Ok(self.bump(&mut inner));
            }
        }
        let steps = match (tap, waiting.player) {
            (Tap::Links(links), Some(p)) => {
                let links: Vec<Vec<&str>> = links.iter().map(|l| l.split_whitespace().collect()).collect();
                inner.t.tap_links(p, &links).map_err(|why| self.refusal(&inner, why))?
            }
            (Tap::Links(links), None) => {
                let input = Input::Choice(links.join(" "));
                vec![inner.t.read(waiting, input).map_err(|why| self.refusal(&inner, why))?]
            }
            (Tap::Roll(faces), _) => {
                let input = Input::Roll { faces, digital: false };
                vec![inner.t.read(waiting, input).map_err(|why| self.refusal(&inner, why))?]
            }
        };
        self.apply(&mut inner, steps, from, &[i])
    }

    /// The seats whose phones hold an early use of the shared die (the host's line for
    /// everyone leaves them to it unless it names them).
    pub fn holding_shared(&self) -> Vec<usize> {
        let inner = self.lock();
        (0..self.names.len()).filter(|p| inner.t.holds_shared(*p)).collect()
    }

    /// Answer from the host terminal with the steps of its entry, unless an answer was
    /// written since it asked (`seen`: the entries then, as `front` gave them).
    pub fn answer_host(&self, seen: u64, steps: Vec<Step>) -> Result<u64, Refused> {
        self.answer_host_by(seen, |_| Ok(steps))
    }

    /// `answer_host` with one key or the faces typed for `decision`, the question at the
    /// front (`Table::read`).
    pub fn answer_host_input(&self, seen: u64, decision: Decision, input: Input) -> Result<u64, Refused> {
        self.answer_host_by(seen, |t| t.read(decision, input).map(|step| vec![step]))
    }

    /// `answer_host` with the steps `steps` makes on the table as it is.
    fn answer_host_by(
        &self,
        seen: u64,
        steps: impl FnOnce(&service::Table<Journal>) -> Result<Vec<Step>, Refusal>,
    ) -> Result<u64, Refused> {
        let mut inner = self.lock();
        if let Some(why) = &inner.stopped {
            return Err(Refused::Stopped(why.clone()));
        }
        if inner.t.entries() != seen {
            return Err(Refused::Taken(Said::Taken.text(self.lang)));
        }
        let steps = steps(&inner.t).map_err(|why| self.refusal(&inner, why))?;
        // A use of the shared die a phone holds stays that phone's unless the host typed one.
        let steps = inner.t.leaving_held(steps);
        if steps.is_empty() {
            return Ok(inner.version());
        }
        // The slots answered: each step's player's, or the table's.
        let answered: Vec<usize> = steps
            .iter()
            .map(|s| match s.by.or(s.decision.player) {
                Some(p) => p,
                None => self.names.len(),
            })
            .collect();
        self.apply(&mut inner, steps, From::Here, &answered)
    }

    fn apply(&self, inner: &mut Inner, steps: Vec<Step>, from: From, answered: &[usize]) -> Result<u64, Refused> {
        let done = inner.t.answer(steps, from);
        if let (Ok(()), From::Seat(seat)) = (&done, from) {
            inner.notes[seat] = None;
        }
        self.tell(inner);
        if let Err(why) = done {
            let refused = self.refused(inner, why);
            // Nothing of the answer was written (the decision stays offered as it was);
            // what deckhand rolled before a failing write is shown.
            self.publish(inner, &[]);
            return Err(refused);
        }
        Ok(self.publish(inner, answered))
    }

    /// The slot of the decision a seat's page showed (`offer`): its own, or the table's
    /// when it is this seat's to answer (the roll when this player rolls).
    fn slot_for_seat(&self, inner: &Inner, seat: usize, offer: u64) -> Result<Slot, Refused> {
        let offered = self.offered_to(inner, seat).filter(|o| o.offer == offer);
        // Another seat's question, still waiting: said so, not "already answered".
        let theirs = (0..self.names.len())
            .filter(|p| *p != seat)
            .find(|p| matches!(&inner.offers[*p], (id, Some(_)) if *id == offer));
        match (offered, theirs) {
            (Some(o), _) => Ok(o.slot),
            (None, Some(p)) => Err(Refused::NotYours(Said::NotYours(&self.names[p]).text(self.lang))),
            (None, None) => Err(Refused::Taken(Said::Taken.text(self.lang))),
        }
    }

    /// Answer, from a seat's page, the decision its page showed (`offer`): its own, or the
    /// roll when it is this player's turn to roll.
    pub fn answer_for_seat(&self, seat: usize, offer: u64, tap: Tap) -> Result<u64, Refused> {
        let slot = self.slot_for_seat(&self.lock(), seat, offer)?;
        self.answer_from(slot, offer, tap, From::Seat(seat))
    }

    /// What a seat's page asks after the first links of a chain, before sending anything
    /// (the table's `ahead`), with `render` making the page's view of it (after the lock).
    /// None: the links end the chain (the page sends them).
    pub fn ahead<T>(
        &self,
        seat: usize,
        offer: u64,
        links: &[String],
        render: impl FnOnce(&service::Ahead) -> T,
    ) -> Result<Option<T>, Refused> {
        let mut inner = self.lock();
        if let Some(why) = &inner.stopped {
            return Err(Refused::Stopped(why.clone()));
        }
        if self.slot_for_seat(&inner, seat, offer)? != Slot::Seat(seat) {
            return Ok(None);
        }
        let links: Vec<Vec<&str>> = links.iter().map(|l| l.split_whitespace().collect()).collect();
        let ahead = if inner.early[seat] { inner.t.early_ahead(seat, &links) } else { inner.t.ahead(seat, &links) };
        let ahead = ahead.map_err(|why| self.refusal(&inner, why))?;
        // The links answered so far open the next seats' early picks (when they change
        // what the next seats are offered, every screen is pushed).
        inner.t.draft(seat, &links);
        let offers: Vec<u64> = inner.offers.iter().map(|(id, _)| *id).collect();
        self.refresh_offers(&mut inner, &[]);
        if inner.offers.iter().map(|(id, _)| *id).ne(offers) {
            self.bump(&mut inner);
        }
        drop(inner);
        Ok(ahead.map(|a| render(&a)))
    }

    /// Take back the last answer a person gave (with what deckhand rolled and answered
    /// after it, in one save line). A seat may take back only its own, and only when
    /// nothing was decided after the state its page showed.
    pub fn undo(&self, by: UndoBy) -> Result<(u64, String), Refused> {
        let mut inner = self.lock();
        if let Some(why) = &inner.stopped {
            return Err(Refused::Stopped(why.clone()));
        }
        let by = match by {
            UndoBy::Seat { seat, seen } => {
                if seen != inner.version() {
                    return Err(Refused::Taken(Said::Taken.text(self.lang)));
                }
                service::UndoBy::Seat(seat)
            }
            UndoBy::Host => service::UndoBy::Host,
        };
        let entries = inner.t.entries();
        let done = inner.t.undo(by);
        let lines = self.tell(&mut inner);
        if let Err(why) = done {
            return Err(self.refused(&mut inner, why));
        }
        if inner.t.entries() == entries {
            // An early pick taken back: nothing written, the other questions stay offered
            // as they are (a chain open on a page goes on).
            return Ok((self.bump(&mut inner), lines.join("\n")));
        }
        let all: Vec<usize> = (0..=self.names.len()).collect();
        Ok((self.publish(&mut inner, &all), lines.join("\n")))
    }

    /// A refusal of the table in the table's language (a save that cannot be written
    /// stops the table).
    fn refusal(&self, inner: &Inner, why: Refusal) -> Refused {
        let (rules, game, lang) = (&self.rules, &inner.session().game, self.lang);
        match why {
            Refusal::Illegal(illegal) => Refused::Illegal(
                crate::text::sentence(&fleet_text::refusal(rules, game, &illegal, lang)),
                illegal.legal,
            ),
            Refusal::Entry(e) => {
                let legal = match &e {
                    EntryError::Unknown { decision, .. } | EntryError::Ambiguous { decision, .. } => {
                        decision.options.iter().map(|o| o.key(rules, game).into_owned()).collect()
                    }
                    _ => Vec::new(),
                };
                Refused::Illegal(crate::text::sentence(&crate::text::fleet_entry::error(rules, game, &e, lang)), legal)
            }
            Refusal::NoUndo(why) => Refused::NoUndo(Said::CannotUndo(why).text(lang)),
            Refusal::NotYours(whose) => {
                Refused::NoUndo(Said::UndoNotYours(whose.map(|p| self.names[p].as_str())).text(lang))
            }
            Refusal::Stopped(e) => Refused::Stopped(e.message(lang)),
        }
    }

    /// `refusal`, and a save that cannot be written stops the table.
    fn refused(&self, inner: &mut Inner, why: Refusal) -> Refused {
        match why {
            Refusal::Stopped(_) => match self.stop(inner, why) {
                Ok(text) => Refused::Stopped(text),
                Err(e) => Refused::Stopped(e.message(self.lang)),
            },
            other => self.refusal(inner, other),
        }
    }

    /// The save could not be written: the table takes no more answers.
    fn stop(&self, inner: &mut Inner, why: Refusal) -> Result<String, crate::Error> {
        match why {
            Refusal::Stopped(e) => {
                let text = e.message(self.lang);
                inner.stopped = Some(text.clone());
                inner.cache.clear();
                self.changed.notify_all();
                Ok(text)
            }
            other => Err(crate::Error::said(self.refusal(inner, other).text().to_string())),
        }
    }

    /// What the table told, as lines of the log; returns them.
    fn tell(&self, inner: &mut Inner) -> Vec<String> {
        let mut said = Vec::new();
        for told in inner.t.take_told() {
            let dropped = match told {
                service::Told::Dropped { seat, .. } => Some(seat),
                _ => None,
            };
            if let Some(text) = crate::text::fleet_entry::told(&self.rules, &told, self.lang) {
                if let Some(seat) = dropped {
                    inner.notes[seat] = Some(text.clone());
                }
                said.push(text.clone());
                self.say(inner, text);
            }
        }
        said
    }

    fn say(&self, inner: &mut Inner, text: String) {
        inner.log.push_back(Line { seq: inner.next_line, text });
        inner.next_line += 1;
        while inner.log.len() > LOG_LINES {
            inner.log.pop_front();
        }
    }

    /// After a change: new offers where a decision changed (and in the answered slots),
    /// then wake every screen. Returns the version.
    fn publish(&self, inner: &mut Inner, answered: &[usize]) -> u64 {
        self.refresh_offers(inner, answered);
        inner.cache.clear();
        let version = inner.version();
        self.version.store(version, Ordering::SeqCst);
        self.written.store(inner.t.entries(), Ordering::SeqCst);
        self.changed.notify_all();
        version
    }

    /// A change that writes nothing (an early pick): a new version, every screen pushed.
    fn bump(&self, inner: &mut Inner) -> u64 {
        inner.bumps += 1;
        self.publish(inner, &[])
    }

    fn refresh_offers(&self, inner: &mut Inner, answered: &[usize]) {
        let pending = inner.session().game.pending(&self.rules);
        // A seat deckhand plays (`--bots`) is offered nothing: the table answers for it.
        let bots = inner.t.setup.bots;
        let bot = |slot: usize| bots.is_some_and(|b| slot >= b.first && slot < self.names.len());
        for slot in 0..=self.names.len() {
            let mut now = pending
                .iter()
                .find(|d| if slot == self.names.len() { d.player.is_none() } else { d.player == Some(slot) })
                .filter(|_| !bot(slot))
                .cloned();
            // A seat with nothing to decide now may answer its die pick (or its use of the
            // shared die) early; one holding its use of the shared die is asked nothing.
            // An early question asked after answers the rules give on the way (a forced
            // pick and its use, which its page sends before the tap) that comes to the
            // front is a new offer even when it is the same decision: the table has applied
            // those answers by now, so a tap on the early view must not be taken for the
            // front one. (Without such answers the offer stays: a chain being tapped on
            // the page goes on when the seat's turn comes.)
            let mut became = false;
            if slot < self.names.len() {
                if inner.t.holds(slot).is_some() {
                    now = None;
                }
                let early = (now.is_none() && !bot(slot)).then(|| inner.t.early_question(slot)).flatten();
                let given = early.as_ref().is_some_and(|a| !a.given.is_empty());
                became = inner.early[slot] != early.is_some() && (inner.early_given[slot] || given);
                inner.early[slot] = early.is_some();
                inner.early_given[slot] = given;
                now = now.or(early.map(|a| a.decision));
            }
            if now != inner.offers[slot].1 || became || answered.contains(&slot) || inner.offers[slot].0 == 0 {
                inner.next_offer += 1;
                inner.offers[slot] = (inner.next_offer, now);
            }
        }
    }
}

/// The seat that rolls, when the decision is a roll of the start player's dice.
pub(super) fn roller(d: &Decision) -> Option<usize> {
    match d.ask {
        crate::games::fleet::game::Ask::Roll { roller, .. } => Some(roller),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
