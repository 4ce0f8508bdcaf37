//! Who is offered what: each seat's question (its own, the table's roll when it rolls, or
//! its early answer before its turn), the table's own screen's (the question at the front),
//! each with the version it was offered at — the one staleness check of every answer —,
//! and a seat's question as its page asks it (`Ahead`: after the answers the rules leave no
//! choice in, each answer in one go and whether it leads on).

use super::{FleetTable, Refused, Save};
use crate::games::fleet::entry::{self, Step};
use crate::games::fleet::game::{Ask, Decision, Game};
use crate::games::fleet::session::Entry;
use crate::games::table::Screen;

/// Whose question an offer is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// A seat's own (one of the decisions made at the same moment, or its early answer).
    Seat(usize),
    /// The table's: a roll, who starts, a card drawn (answered on the roller's page, any
    /// page, or the table's own screen).
    Table,
}

/// What a screen may answer now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// Whose question it is.
    pub slot: Slot,
    /// The version it was offered at: an answer from a screen that saw an older version
    /// answers another question (or one answered meanwhile) and is refused as stale.
    pub since: u64,
    /// The decision.
    pub decision: Decision,
    /// Asked before the seat's turn: its answer is held, not written, until its turn.
    pub early: bool,
}

/// A question as a seat's page asks it: the question open for the seat, or a follow-up of
/// a chain before anything is sent (`FleetTable::asked`, `FleetTable::ahead`).
#[derive(Debug, Clone)]
pub struct Ahead {
    /// Answers the rules left no choice in before the question (each the only answer,
    /// leading on to the next): links of the chain the page sends, not asked.
    pub given: Vec<Vec<Step>>,
    /// The game before `given`.
    pub start: Game,
    /// The game as the chain so far leaves it (the marks its links made).
    pub game: Game,
    /// The question.
    pub decision: Decision,
    /// Each answer it may take in one go, and whether that answer leads on again.
    pub answers: Vec<(Vec<Step>, bool)>,
}

/// What each screen is offered now, and the version each offer was made at.
pub(super) struct Offered {
    /// Per slot (the seats, then the table): the version it was offered at and the decision.
    slots: Vec<(u64, Option<Decision>)>,
    /// Per seat: its offer is its early answer.
    early: Vec<bool>,
    /// Per seat: its early question was asked after answers the rules give on the way (a
    /// forced pick and its use), which its page sends before its own taps.
    early_given: Vec<bool>,
    /// The table's own screen: the question at the front, and the version it was offered at
    /// (a new one with every line written).
    host: (u64, Option<Decision>),
    /// Nothing was offered yet.
    fresh: bool,
}

/// What each screen would be offered now (`Offered` before the versions are given).
pub(super) struct Now {
    slots: Vec<Option<Decision>>,
    early: Vec<bool>,
    early_given: Vec<bool>,
    front: Option<Decision>,
}

impl Offered {
    pub(super) fn new(seats: usize) -> Offered {
        Offered {
            slots: vec![(0, None); seats + 1],
            early: vec![false; seats],
            early_given: vec![false; seats],
            host: (0, None),
            fresh: true,
        }
    }

    /// The slot a decision of `player` is offered in (None: the table's).
    pub(super) fn slot_of(&self, player: Option<usize>) -> usize {
        player.unwrap_or(self.early.len())
    }

    /// The version the table's own screen's question was offered at.
    pub(super) fn host_since(&self) -> u64 {
        self.host.0
    }

    /// The slots whose offer is new (the table's own screen's as the slot after the
    /// table's): the decision changed, or was answered (`answered`), or an early question
    /// asked after answers the rules give on the way came to the front — the table has
    /// applied those answers by now, so a tap on the early view must not be taken for the
    /// front one (without such answers the offer stays: a chain being tapped on the page
    /// goes on when the seat's turn comes).
    pub(super) fn moved(&self, now: &Now, answered: &[usize], wrote: bool) -> Vec<usize> {
        let seats = self.early.len();
        let mut moved: Vec<usize> = (0..=seats)
            .filter(|slot| {
                let became = *slot < seats
                    && self.early[*slot] != now.early[*slot]
                    && (self.early_given[*slot] || now.early_given[*slot]);
                self.fresh || now.slots[*slot] != self.slots[*slot].1 || became || answered.contains(slot)
            })
            .collect();
        if self.fresh || wrote || now.front != self.host.1 {
            moved.push(seats + 1);
        }
        moved
    }

    /// Take `now`, the `moved` offers made at `version`.
    pub(super) fn set(&mut self, now: Now, moved: &[usize], version: u64) {
        let seats = self.early.len();
        for (slot, decision) in now.slots.into_iter().enumerate() {
            if moved.contains(&slot) {
                self.slots[slot] = (version, decision);
            }
        }
        if moved.contains(&(seats + 1)) {
            self.host = (version, now.front);
        }
        self.early = now.early;
        self.early_given = now.early_given;
        self.fresh = false;
    }
}

impl<S: Save<Entry>> FleetTable<S> {
    /// What each screen would be offered now: each seat its decision among those open (a
    /// seat deckhand plays nothing; a seat holding an early answer nothing), or, with none,
    /// its early pick or early use of the shared die; the table its own decision; the
    /// table's own screen the decision at the front.
    pub(super) fn offers_now(&self) -> Now {
        let seats = self.session.names.len();
        let pending = self.session.game.pending(&self.rules);
        let bots = self.setup.bots;
        let bot = |slot: usize| bots.is_some_and(|b| b.plays(slot));
        let mut now = Now {
            slots: Vec::with_capacity(seats + 1),
            early: vec![false; seats],
            early_given: vec![false; seats],
            front: self.session.game.decision(&self.rules),
        };
        for slot in 0..=seats {
            let mut offered = pending
                .iter()
                .find(|d| if slot == seats { d.player.is_none() } else { d.player == Some(slot) })
                .filter(|_| slot == seats || !bot(slot))
                .cloned();
            if slot < seats {
                if self.holds(slot).is_some() {
                    offered = None;
                }
                let early = (offered.is_none() && !bot(slot)).then(|| self.early_question(slot)).flatten();
                now.early_given[slot] = early.as_ref().is_some_and(|a| !a.given.is_empty());
                now.early[slot] = early.is_some();
                offered = offered.or(early.map(|a| a.decision));
            }
            now.slots.push(offered);
        }
        now
    }

    /// What `screen` may answer now: a seat its own question (or early answer), else the
    /// table's when it is this seat's to answer — the roll when it rolls, who starts and a
    /// card drawn on any seat's page (first come, first served); the table's own screen
    /// the question at the front.
    pub fn offers(&self, screen: Screen) -> Vec<Offer> {
        let o = &self.offered;
        let seats = o.early.len();
        let slot = |i: usize| if i == seats { Slot::Table } else { Slot::Seat(i) };
        match screen {
            Screen::Host => o
                .host
                .1
                .iter()
                .map(|d| Offer { slot: slot(o.slot_of(d.player)), since: o.host.0, decision: d.clone(), early: false })
                .collect(),
            Screen::Seat(seat) => {
                if let Some((since, Some(d))) = o.slots.get(seat) {
                    return vec![Offer {
                        slot: Slot::Seat(seat),
                        since: *since,
                        decision: d.clone(),
                        early: o.early[seat],
                    }];
                }
                match &o.slots[seats] {
                    (since, Some(d)) if roller(d).is_none_or(|r| r == seat) => {
                        vec![Offer { slot: Slot::Table, since: *since, decision: d.clone(), early: false }]
                    }
                    _ => Vec::new(),
                }
            }
        }
    }

    /// Whether what `screen` was offered changed after version `seen` (its question was
    /// answered elsewhere, or is no longer asked).
    pub fn moved_on(&self, screen: Screen, seen: u64) -> bool {
        match screen {
            Screen::Host => self.offered.host.0 > seen,
            Screen::Seat(seat) => self.addressed(Screen::Seat(seat), seen).is_err(),
        }
    }

    /// The offer an answer from `screen`, which saw version `seen`, answers: refused as
    /// stale when it was offered after `seen` (or nothing is offered since), as another
    /// seat's when the seat has nothing to answer and another does.
    pub(super) fn addressed(&self, screen: Screen, seen: u64) -> Result<Offer, Refused> {
        match self.offers(screen).into_iter().next() {
            Some(offer) if offer.since <= seen => Ok(offer),
            Some(_) => Err(Refused::Stale),
            None => {
                let Screen::Seat(seat) = screen else { return Err(Refused::Stale) };
                if self.offered.slots[seat].0 > seen {
                    return Err(Refused::Stale);
                }
                match self.offered.host.1.as_ref().and_then(|d| d.player) {
                    Some(theirs) if theirs != seat => Err(Refused::Theirs(theirs)),
                    _ => Err(Refused::Stale),
                }
            }
        }
    }

    /// The question a seat's page asks now: its own (see `page_question`), or its early
    /// answer's (`early_question`).
    pub fn asked(&self, seat: usize) -> Option<Ahead> {
        match self.offered.early.get(seat) {
            Some(true) => self.early_question(seat),
            _ => self.page_question(seat),
        }
    }

    /// The question open for `seat` now: its decision at the front, or one it makes at the
    /// same moment as others (and whether it is at the front).
    pub fn question(&self, seat: usize) -> Option<(Decision, bool)> {
        let front = self.session.game.decision(&self.rules)?;
        if front.player == Some(seat) {
            return Some((front, true));
        }
        self.session.game.pending(&self.rules).into_iter().find(|d| d.player == Some(seat)).map(|d| (d, false))
    }

    /// The question a seat's page asks now (None: none is open for it, or the rules alone
    /// answer it): its question, or, where the rules leave it a single answer that leads on
    /// (the shared 3 coins before their star action), the follow-up after that answer —
    /// never a question with one answer to tap. The answers given so are links of the
    /// chain the page sends.
    pub fn page_question(&self, seat: usize) -> Option<Ahead> {
        let (decision, _) = self.question(seat)?;
        self.unless_forced(self.asked_on(seat, self.session.game.clone(), decision))
    }

    /// A page's question, None when its only answer leads nowhere: the rules answer it
    /// when its turn comes (a seat waiting for others with the shared 3 coins);
    /// `--ask-all` asks it.
    pub(super) fn unless_forced(&self, asked: Ahead) -> Option<Ahead> {
        let forced = asked.given.is_empty()
            && matches!(asked.answers.as_slice(), [(_, false)])
            && entry::forced(&asked.decision).is_some()
            && !self.opts.ask_all;
        (!forced).then_some(asked)
    }

    /// `decision`, open for `seat` in `game`, as a page asks it: each answer and whether
    /// it leads on, after the answers the rules leave no choice in (`given`).
    pub(super) fn asked_on(&self, seat: usize, mut game: Game, mut decision: Decision) -> Ahead {
        let start = game.clone();
        let mut given = Vec::new();
        loop {
            let mut answers: Vec<(Vec<Step>, bool)> = entry::answers(&self.rules, &game, seat, self.opts)
                .into_iter()
                .map(|steps| {
                    let more = !self.opts.ask_all && entry::leads_on(&self.rules, &game, seat, &steps);
                    (steps, more)
                })
                .collect();
            if let [(only, true)] = answers.as_slice() {
                let before = game.clone();
                entry::apply_steps(&self.rules, &mut game, only);
                if let Some(next) = entry::follow_up(&self.rules, &before, &game, seat) {
                    given.push(answers.remove(0).0);
                    decision = next;
                    continue;
                }
                game = before;
            }
            return Ahead { given, start, game, decision, answers };
        }
    }

    /// What a seat's page asks after the first links of a chain on the game as it is.
    pub(super) fn ahead_on_game(&self, seat: usize, links: &[Vec<&str>]) -> Result<Option<Ahead>, Refused> {
        self.ahead_on(&self.session.game, seat, links)
    }

    /// What a seat's page asks after the first links of a chain on `game`: the follow-up
    /// question the last link leads to, as a page asks it. None: the links end the chain.
    pub(super) fn ahead_on(&self, game: &Game, seat: usize, links: &[Vec<&str>]) -> Result<Option<Ahead>, Refused> {
        if links.is_empty() || self.opts.ask_all {
            return Ok(None);
        }
        let plan =
            |links: &[Vec<&str>]| entry::plan_links(&self.rules, game, seat, links, self.opts).map_err(Refused::Entry);
        let steps = plan(links)?;
        let mut game = game.clone();
        let before = match links.len() {
            1 => game.clone(),
            n => {
                let head = plan(&links[..n - 1])?;
                let mut g = game.clone();
                entry::apply_steps(&self.rules, &mut g, &head);
                g
            }
        };
        entry::apply_steps(&self.rules, &mut game, &steps);
        let Some(decision) = entry::follow_up(&self.rules, &before, &game, seat) else { return Ok(None) };
        Ok(Some(self.asked_on(seat, game, decision)))
    }
}

/// The seat that rolls, when the decision is a roll of the start player's dice.
pub fn roller(d: &Decision) -> Option<usize> {
    match d.ask {
        Ask::Roll { roller, .. } => Some(roller),
        _ => None,
    }
}
