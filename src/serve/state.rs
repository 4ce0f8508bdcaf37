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
use crate::log::Journal;
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
mod tests {
    use super::*;
    use crate::games::fleet::entry::typed_keys;
    use crate::games::fleet::game::{Dice, Setup};
    use crate::games::fleet::session::Entry;
    use crate::log::save::{Header, Setup as SaveSetup};

    /// A served table of `names` (its save `g.jsonl` in `dir`).
    fn served(dir: &std::path::Path, names: &[&str], dice: Dice, seed: Option<u64>, opts: Entries) -> Table {
        let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        let setup = FleetSetup { dice, seed, solo: false, captains: false, trophies: false, deal: None, bots: None };
        let stamp = crate::log::save::RulesStamp { hash: "0".into(), text: None };
        let header = Header::new("fleet-dice", stamp, names.clone(), SaveSetup::new("fleet", setup));
        let journal = Journal::create(&dir.join("g.jsonl"), &header).unwrap();
        let session = Session::with_setup(&rules, &names, Setup::default());
        Table::new(rules, setup, opts, session, journal, 0, Lang::En).unwrap()
    }

    /// Two seats, digital dice, every question asked one answer at a time.
    fn table(dir: &std::path::Path, seed: u64) -> Table {
        served(dir, &["Ann", "Bob"], Dice::Digital, Some(seed), Entries { ask_all: true })
    }

    /// A served table of physical dice, its pages' answers read as entries (early picks).
    fn physical(dir: &std::path::Path, names: &[&str]) -> Table {
        served(dir, names, Dice::Physical, None, Entries::default())
    }

    /// Answer the start dice and who starts with the first options: the first roll.
    fn until_roll(t: &Table) -> Offered {
        loop {
            let front = t.front().1.unwrap();
            if front.decision.roll.is_some() {
                return front;
            }
            let tap = first_key(t, &front);
            t.answer(front.slot, front.offer, tap).unwrap();
        }
    }

    fn seat_offer(t: &Table, seat: usize) -> Option<Offered> {
        let inner = t.lock();
        t.offered_to(&inner, seat)
    }

    fn first_key(t: &Table, o: &Offered) -> Tap {
        let game = t.session().game;
        Tap::Links(vec![o.decision.options[0].key(&t.rules, &game).into_owned()])
    }

    #[test]
    fn digital_dice_are_rolled_at_once_and_the_start_player_picks() {
        let dir = tempfile::tempdir().unwrap();
        let t = table(dir.path(), 4);
        let (version, front) = t.front();
        assert!(version >= 4, "start dice, start player and the roll are in the save");
        let front = front.unwrap();
        assert!(matches!(front.decision.ask, crate::games::fleet::game::Ask::Pick { .. }));
        let Slot::Seat(p) = front.slot else { panic!("a seat picks") };
        assert_eq!(seat_offer(&t, p), Some(front));
        assert_eq!(seat_offer(&t, 1 - p), None, "the other seat waits");
    }

    #[test]
    fn an_answer_to_a_decision_already_taken_is_refused_and_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let t = table(dir.path(), 4);
        let (v, front) = t.front();
        let front = front.unwrap();
        let input = first_key(&t, &front);
        assert_eq!(t.answer(front.slot, front.offer, input.clone()), Ok(v + 1));
        // The terminal, or a second phone, answers the same decision again.
        assert!(matches!(t.answer(front.slot, front.offer, input), Err(Refused::Taken(_))));
        assert_eq!(t.version(), v + 1);
        let lines = std::fs::read_to_string(dir.path().join("g.jsonl")).unwrap().lines().count() as u64;
        assert_eq!(lines, 1 + v + 1, "one line per accepted answer");
        // An illegal answer goes through the engine's checks.
        let (_, now) = t.front();
        let now = now.unwrap();
        match t.answer(now.slot, now.offer, Tap::Links(vec!["kraken".into()])) {
            Err(Refused::Illegal(text, legal)) => {
                assert!(text.contains("kraken"), "{text}");
                assert!(!legal.is_empty());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_seat_takes_back_only_its_own_last_decision_and_the_host_any() {
        let dir = tempfile::tempdir().unwrap();
        let t = table(dir.path(), 4);
        let (_, front) = t.front();
        let front = front.unwrap();
        let Slot::Seat(p) = front.slot else { panic!("a seat picks") };
        let v = t.answer(front.slot, front.offer, first_key(&t, &front)).unwrap();
        assert!(matches!(t.undo(UndoBy::Seat { seat: 1 - p, seen: v }), Err(Refused::NoUndo(_))));
        assert!(matches!(t.undo(UndoBy::Seat { seat: p, seen: v - 1 }), Err(Refused::Taken(_))), "stale page");
        let (after, text) = t.undo(UndoBy::Seat { seat: p, seen: v }).unwrap();
        assert_eq!(after, v + 1, "an undo is an entry too");
        assert!(text.starts_with("undone: "), "{text}");
        assert_eq!(t.front().1.map(|o| o.decision), Some(front.decision), "asked again");
        // Before the first decision: the host cannot take back deckhand's own roll.
        assert!(matches!(t.undo(UndoBy::Host), Err(Refused::NoUndo(_))));
    }

    #[test]
    fn four_seats_answering_at_once_from_threads_finish_the_game_and_the_save_replays_to_it() {
        let dir = tempfile::tempdir().unwrap();
        let names = ["Ann", "Bob", "Cy", "Dee"];
        let t = served(dir.path(), &names, Dice::Digital, Some(9), Entries::default());
        let (rules, path) = (t.rules.clone(), dir.path().join("g.jsonl"));
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        // Each seat is a phone answering its own decisions as soon as it has one; the last
        // option, so that choices differ from the front-only default.
        std::thread::scope(|scope| {
            for seat in 0..4 {
                let t = &t;
                scope.spawn(move || {
                    while !t.finished() {
                        let offered = seat_offer(t, seat);
                        let Some(o) = offered else {
                            t.wait_change(t.version(), Duration::from_millis(20));
                            continue;
                        };
                        // What the seat's page offers: its answers in one go (a pick with
                        // its use), or the table's options.
                        let game = t.session().game;
                        let offered = match o.slot {
                            Slot::Seat(p) => t.lock().t.answers(p).last().map(|s| typed_keys(s).join(" ")),
                            Slot::Table => None,
                        };
                        let Some(key) =
                            offered.or_else(|| o.decision.options.last().map(|l| l.key(&t.rules, &game).into_owned()))
                        else {
                            continue;
                        };
                        match t.answer_for_seat(seat, o.offer, Tap::Links(vec![key])) {
                            Ok(_) | Err(Refused::Taken(_)) => {}
                            Err(other) => panic!("{other:?}"),
                        }
                    }
                });
            }
        });
        let finished = t.session();
        assert!(finished.game.finished());
        assert!(finished.inputs.iter().any(|(by, _)| by.is_some()), "some answers came out of seat order");
        let read = Journal::read::<serde_json::Value, Entry>(&path).unwrap();
        let replayed = Session::replay(&rules, &names, Setup::default(), &read.entries).unwrap();
        assert_eq!(replayed.game, finished.game, "the save is the game");
    }

    /// The host's line for everyone's shared die (Enter: each player's usual use) leaves a
    /// player whose phone holds an early use of that die to it: held answers are the
    /// player's, never overridden by a default nobody typed for them.
    #[test]
    fn the_hosts_enter_for_everyone_leaves_a_held_use_of_the_shared_die_to_its_phone() {
        let dir = tempfile::tempdir().unwrap();
        let names = ["Ann", "Bob", "Cy"];
        let t = physical(dir.path(), &names);
        let front = until_roll(&t);
        let faces = ["cod", "lobster", "swordfish", "oyster"].map(String::from).to_vec();
        t.answer(front.slot, front.offer, Tap::Roll(faces)).unwrap();
        // The first two pickers take the cod and the lobster (each with its usual use, and
        // whatever follows asked of them).
        let mut order = Vec::new();
        for die in ["cod", "lobster"] {
            let front = t.front().1.unwrap();
            let Slot::Seat(p) = front.slot else { panic!("a seat picks") };
            order.push(p);
            t.answer_for_seat(p, front.offer, Tap::Links(vec![die.into()])).unwrap();
            while let Some(o) = t.front().1.filter(|o| o.slot == Slot::Seat(p)) {
                let tap = first_key(&t, &o);
                t.answer_for_seat(p, o.offer, tap).unwrap();
            }
        }
        let (first, second) = (order[0], order[1]);
        // The last picker's swordfish, asked ahead on its page: the oyster is left over,
        // and the second picker's phone answers its use early: a coin instead.
        let front = t.front().1.unwrap();
        let Slot::Seat(last) = front.slot else { panic!("a seat picks") };
        t.ahead(last, front.offer, &["swordfish".to_string()], |_| ()).unwrap();
        let early = seat_offer(&t, second).expect("an early use of the shared die");
        let game = t.session().game;
        let keys: Vec<String> = early.decision.options.iter().map(|o| o.key(&t.rules, &game).into_owned()).collect();
        let coin = keys.iter().find(|k| k.contains("coin")).expect("a coin instead").clone();
        t.answer_for_seat(second, early.offer, Tap::Links(vec![coin])).unwrap();
        assert_eq!(t.holding_shared(), vec![second]);
        t.answer_for_seat(last, front.offer, Tap::Links(vec!["swordfish".into()])).unwrap();
        while let Some(o) = t.front().1.filter(|o| o.slot == Slot::Seat(last) && o.decision.ask == front.decision.ask) {
            let tap = first_key(&t, &o);
            t.answer_for_seat(last, o.offer, tap).unwrap();
        }
        // The shared oyster: the first picker is at the front, the second holds its coin.
        assert_eq!(t.holding_shared(), vec![second], "still held when the last pick is in");
        let (seen, front) = (t.written(), t.front().1.unwrap());
        assert_eq!(front.slot, Slot::Seat(first));
        assert!(matches!(front.decision.ask, crate::games::fleet::game::Ask::Use { shared: true, .. }));
        let game = t.session().game;
        let words = |g: &crate::games::fleet::game::Game, d: &Decision, c: &crate::games::fleet::game::Choice| {
            crate::text::fleet_entry::choice_words(&t.rules, g, d, c, Lang::En)
        };
        // The host's question says whose use its phone holds.
        let asked = crate::text::table::together_question(&t.rules, &game, &front.decision, &[second], Lang::En);
        assert!(asked.contains(&format!("{} (answered on their phone)", names[second])), "{asked}");
        let steps = crate::games::fleet::entry::plan_together(&t.rules, &game, "", &words, Entries::default()).unwrap();
        assert!(steps.iter().any(|s| s.by.or(s.decision.player) == Some(second)), "Enter plans everyone's usual use");
        t.answer_host(seen, steps).unwrap();
        // Every use written: the second player's is its phone's coin.
        let session = t.session();
        let uses: Vec<(usize, String)> = session
            .inputs
            .iter()
            .rev()
            .take(3)
            .filter_map(|(by, input)| match input {
                Input::Choice(k) => Some((by.unwrap_or(usize::MAX), k.clone())),
                Input::Roll { .. } => None,
            })
            .collect();
        assert!(uses.iter().any(|(_, k)| k.contains("coin")), "{uses:?}");
        assert!(t.holding_shared().is_empty(), "the held use was applied, not dropped");
        assert!(!t.lock().notes[second].as_deref().is_some_and(|n| n.contains("no longer")), "not told it was dropped");
    }

    /// An early question asked after answers the rules give on the way (here the next
    /// seat's pick of two alike 3-coins dice and its use, forced, whose coins reach a star:
    /// the star action is the question) is offered anew when it comes to the front, even as
    /// the same decision: the table has applied those forced answers by then, so a page
    /// still showing the early view (which sends them before its tap) is told the question
    /// changed instead of being refused by the engine. A monkey game in Chromium found it.
    #[test]
    fn an_early_question_after_given_answers_come_to_the_front_is_a_new_offer() {
        let dir = tempfile::tempdir().unwrap();
        let t = physical(dir.path(), &["Ann", "Bob"]);
        // First answers, town rolls of harbors, boat rolls of a cod and two 3-coins dice,
        // until the second picker's early question comes after its forced pick and use.
        let mut found = None;
        for _ in 0..400 {
            let Some(front) = t.front().1 else { break };
            let Some(spec) = front.decision.roll else {
                let tap = first_key(&t, &front);
                t.answer(front.slot, front.offer, tap).unwrap();
                continue;
            };
            let faces = if spec.town > 0 { ["harbor", "harbor", "cod"] } else { ["cod", "coins", "coins"] };
            t.answer(front.slot, front.offer, Tap::Roll(faces.map(String::from).to_vec())).unwrap();
            let front = t.front().1.unwrap();
            let Slot::Seat(p) = front.slot else { panic!("a seat picks") };
            if spec.town > 0 || !matches!(front.decision.ask, crate::games::fleet::game::Ask::Pick { .. }) {
                continue;
            }
            let links = vec!["cod".to_string()];
            t.ahead(p, front.offer, &links, |_| ()).unwrap();
            if t.lock().early_given[1 - p] {
                found = Some((p, front, links));
                break;
            }
        }
        let (p, front, links) = found.expect("an early question after forced answers");
        let q = 1 - p;
        let early = seat_offer(&t, q).expect("an early question");
        assert!(t.lock().early(q));
        assert!(matches!(early.decision.ask, crate::games::fleet::game::Ask::Star), "{:?}", early.decision);
        t.answer_for_seat(p, front.offer, Tap::Links(links)).unwrap();
        while let Some(o) = seat_offer(&t, p).filter(|o| o.decision.player == Some(p)) {
            let tap = first_key(&t, &o);
            t.answer_for_seat(p, o.offer, tap).unwrap();
        }
        // The table took the forced pick and use; the star action is at the front: the same
        // decision, a new offer, and a tap on the early view is told the question changed.
        let now = seat_offer(&t, q).expect("the next seat's star action");
        assert!(!t.lock().early(q));
        assert_eq!(now.decision, early.decision);
        assert_ne!(now.offer, early.offer, "a new offer for the question at the front");
        let game = t.session().game;
        let star = now.decision.options[0].key(&t.rules, &game).into_owned();
        let stale = Tap::Links(vec!["coins".into(), star.clone()]);
        assert!(matches!(t.answer_for_seat(q, early.offer, stale), Err(Refused::Taken(_))));
        t.answer_for_seat(q, now.offer, Tap::Links(vec![star])).unwrap();
    }
}
