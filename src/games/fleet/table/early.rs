//! Early answers: as at a paper table, the next player may pick while the one before is
//! still marking. While a picker's chain is open (begun in the game, or on a page: the
//! links it asked ahead are its draft), the next pickers of the dice phase are asked their
//! pick already (`early_question`, on a copy where the chains before are completed); once
//! the last pick of the dice phase is known, every other seat whose own chain is done is
//! asked its use of the die left over. An early answer is held in memory, never written
//! (`hold`), and applied on the game itself in turn order when its turn comes
//! (`run_held`), so the save is the one answering in turn writes; one that no longer fits
//! then is dropped and told (`Told::Dropped`).

use std::sync::Arc;

use super::{FleetTable, Refused, Save, Told};
use crate::games::fleet::entry::{self, EntryError, How, Step};
use crate::games::fleet::game::{Ask, Decision, Face, Game};
use crate::games::fleet::live::Answer;
use crate::games::fleet::session::Entry;
use crate::games::table::Screen;

use super::offers::Ahead;

/// An early answer held: the seat and the links of its chain (its pick, or its use of the
/// shared die, first).
pub(super) struct Held {
    pub(super) seat: usize,
    links: Vec<Vec<String>>,
    /// The face of the shared die it uses (None: a die pick).
    pub(super) shared: Option<Face>,
}

/// Where a seat's die pick, or its use of the shared die, stands before its turn
/// (`FleetTable::early_game`).
pub(super) enum Early {
    /// The game with the chains before it completed, and the pick (or the use of the
    /// shared die, everyone's at once: the seat's as the game asks it then).
    At(Box<Game>, Decision),
    /// An earlier pick of the dice phase is not known yet.
    Later,
    /// Its pick is not ahead in this dice phase (it has a question now, or a roll, the
    /// table's, a bot's or a shared decision comes first).
    Gone,
}

impl<S: Save<Entry>> FleetTable<S> {
    /// The game in which `seat` picks a die next, before its turn: the chains before it
    /// completed — the one begun by any legal answers (nobody's pick or chain depends on
    /// another player's marks, only on the dice left), each earlier pick by its early
    /// answer or by the links its page has answered so far (its draft) — with the seat's
    /// pick at the front; or, once the last pick of the dice phase is known, the game at
    /// the shared die with the seat's use of it (everyone's at once, the seat's own chain
    /// done). A seat holding its use of the shared die while it is open now: the game as
    /// it is.
    pub(super) fn early_game(&self, seat: usize) -> Early {
        let bots = self.setup.bots;
        if let Some((d, _)) = self.question(seat) {
            return match d.ask {
                Ask::Use { shared: true, .. } if self.holds(seat).is_some() => {
                    Early::At(Box::new(self.session.game.clone()), d)
                }
                _ => Early::Gone,
            };
        }
        let mut game = self.session.game.clone();
        for _ in 0..64 {
            let Some(d) = game.decision(&self.rules) else { return Early::Gone };
            if let Ask::Use { shared: true, .. } = d.ask {
                let mine = game.pending(&self.rules).into_iter().find(|q| q.player == Some(seat));
                return match mine {
                    Some(q)
                        if matches!(q.ask, Ask::Use { shared: true, .. }) && !bots.is_some_and(|b| b.plays(seat)) =>
                    {
                        Early::At(Box::new(game), q)
                    }
                    _ => Early::Gone,
                };
            }
            let Some(p) = d.player.filter(|p| d.roll.is_none() && !bots.is_some_and(|b| b.plays(*p))) else {
                return Early::Gone;
            };
            let steps = match &d.ask {
                Ask::Pick { .. } if p == seat => return Early::At(Box::new(game), d),
                Ask::Pick { .. } => {
                    let links = self.held.iter().find(|h| h.seat == p).map(|h| &h.links).or(self.drafts[p].as_ref());
                    let Some(links) = links else { return Early::Later };
                    match entry::plan_links(&self.rules, &game, p, &borrowed(links), self.opts) {
                        Ok(steps) => steps,
                        Err(_) => return Early::Later,
                    }
                }
                Ask::Use { shared: false, .. }
                | Ask::FlexType
                | Ask::ChoiceCircle { .. }
                | Ask::KingCrabBonus
                | Ask::Star
                | Ask::Oyster { .. } => match entry::answers(&self.rules, &game, p, self.opts).into_iter().next() {
                    Some(steps) => steps,
                    None => return Early::Gone,
                },
                _ => return Early::Gone,
            };
            entry::apply_steps(&self.rules, &mut game, &steps);
        }
        Early::Gone
    }

    /// The die pick, or use of the shared die, a seat's page may answer before its turn
    /// (an early answer, `hold`), as a page asks it; None when it has none (see
    /// `early_game`), holds an answer already, or the rules alone will answer it.
    pub fn early_question(&self, seat: usize) -> Option<Ahead> {
        if self.holds(seat).is_some() || self.opts.ask_all {
            return None;
        }
        let Early::At(game, decision) = self.early_game(seat) else { return None };
        self.unless_forced(self.asked_on(seat, *game, decision))
    }

    /// The steps of a seat's early chain (its links), planned on `game`, the game of its
    /// early question: what `hold` checks.
    fn early_steps(&self, game: &Game, seat: usize, links: &[Vec<&str>]) -> Result<Vec<Step>, Refused> {
        entry::plan_links(&self.rules, game, seat, links, self.opts).map_err(Refused::Entry)
    }

    /// What a seat's page asks after the first links of its early chain (`ahead` on the
    /// game of its early question).
    pub(super) fn early_ahead(&self, seat: usize, links: &[Vec<&str>]) -> Result<Option<Ahead>, Refused> {
        let Early::At(game, _) = self.early_game(seat) else { return Err(nothing_to_answer(seat, links)) };
        self.early_steps(&game, seat, links)?;
        self.ahead_on(&game, seat, links)
    }

    /// Hold a seat's early answer — its pick, or its use of the shared die (the links of
    /// its chain, as a page sends them): checked on the game of its early question now,
    /// kept in memory (never written), and checked again and applied on the game itself as
    /// soon as its turn comes (the front of the queue), so the save is the one answering in
    /// turn writes; dropped (`Told::Dropped`) if it no longer fits then (a use of the
    /// shared die also when the die left over changes, or the last pick is not known).
    pub(super) fn hold(&mut self, seat: usize, links: Vec<Vec<String>>) -> Result<(), Refused> {
        let keys = borrowed(&links);
        let early = match self.early_game(seat) {
            Early::At(game, d) if self.holds(seat).is_none() && !self.opts.ask_all => Some((game, d)),
            _ => None,
        };
        // Open as a page asks it (not one the rules alone answer).
        let Some((game, asked)) =
            early.filter(|(game, d)| self.unless_forced(self.asked_on(seat, (**game).clone(), d.clone())).is_some())
        else {
            return Err(nothing_to_answer(seat, &keys));
        };
        self.early_steps(&game, seat, &keys)?;
        self.drafts[seat] = None;
        let shared = shared_face(&asked);
        self.held.push(Held { seat, links, shared });
        Ok(())
    }

    /// Whether the early answer a seat holds is its use of the shared die.
    pub fn holds_shared(&self, seat: usize) -> bool {
        self.held.iter().any(|h| h.seat == seat && h.shared.is_some())
    }

    /// The seats holding an early use of the shared die (the table's own screen's line for
    /// everyone leaves them to their phones unless it names them).
    pub fn holding_shared(&self) -> Vec<usize> {
        (0..self.session.names.len()).filter(|p| self.holds_shared(*p)).collect()
    }

    /// `steps` (the host's line for everyone's shared die) without the usual use of a seat
    /// whose phone holds one (`hold`): only a use typed for that seat replaces its held one,
    /// written in its turn. The steps after one left out answer out of seat order (each
    /// given its player), the held use still due before them.
    pub(super) fn leaving_held(&self, mut steps: Vec<Step>) -> Vec<Step> {
        let mut left_out = false;
        steps.retain_mut(|s| {
            let player = s.by.or(s.decision.player);
            let shared = matches!(s.decision.ask, Ask::Use { shared: true, .. });
            if shared && s.how != How::Typed && player.is_some_and(|p| self.holds_shared(p)) {
                left_out = true;
                return false;
            }
            if left_out {
                s.by = player;
            }
            true
        });
        steps
    }

    /// The early answer a seat holds (its links), if any.
    pub fn holds(&self, seat: usize) -> Option<&[Vec<String>]> {
        self.held.iter().find(|h| h.seat == seat).map(|h| h.links.as_slice())
    }

    /// A seat's early answer as it stands: the game it was asked in and its steps there.
    pub fn held_steps(&self, seat: usize) -> Option<(Game, Vec<Step>)> {
        let links = borrowed(self.holds(seat)?);
        let Early::At(game, _) = self.early_game(seat) else { return None };
        let steps = self.early_steps(&game, seat, &links).ok()?;
        Some((*game, steps))
    }

    /// Take back a seat's early answer (nothing was written). Whether it held one.
    pub(super) fn unhold(&mut self, seat: usize) -> bool {
        let had = self.held.len();
        self.held.retain(|h| h.seat != seat);
        self.held.len() != had
    }

    /// Apply the early answers whose turn it is (in turn order at the front of the queue,
    /// each checked on the game as it is), then drop those that no longer fit the game
    /// before them.
    pub(super) fn run_held(&mut self) -> Result<(), Refused> {
        while let Some(front) = self.session.game.decision(&self.rules) {
            let Some(i) = self.held.iter().position(|h| Some(h.seat) == front.player) else { break };
            let Held { seat, links, shared } = self.held.remove(i);
            let keys = borrowed(&links);
            let fits = match shared {
                None => matches!(front.ask, Ask::Pick { .. }),
                Some(_) => shared_face(&front) == shared,
            };
            let planned = fits.then(|| self.tap_links(seat, &keys).ok()).flatten();
            let Some(mut steps) = planned else {
                self.drop_held(seat, shared.is_some());
                continue;
            };
            // A pick the rules leave no choice in is theirs, as it is when asked in turn.
            if let (Some((choice, why)), Some(first)) = (entry::forced(&front), steps.first_mut()) {
                if first.answer == Answer::Option(choice) {
                    first.how = How::Forced(why);
                }
            }
            self.answer_now(steps, Screen::Seat(seat))?;
        }
        // Checked where the game before it is known; a pick is kept while an earlier pick
        // is not known yet (checked when it is), dropped when it is no longer ahead. A use
        // of the shared die is dropped as soon as its die is not known, or another.
        let stale: Vec<(usize, bool)> = self
            .held
            .iter()
            .filter(|h| match self.early_game(h.seat) {
                Early::At(game, d) => {
                    shared_face(&d) != h.shared || self.early_steps(&game, h.seat, &borrowed(&h.links)).is_err()
                }
                Early::Later => h.shared.is_some(),
                Early::Gone => true,
            })
            .map(|h| (h.seat, h.shared.is_some()))
            .collect();
        for (seat, shared) in stale {
            self.held.retain(|h| h.seat != seat);
            self.drop_held(seat, shared);
        }
        Ok(())
    }

    fn drop_held(&mut self, seat: usize, shared: bool) {
        let after = Arc::new(self.session.game.clone());
        self.dropped[seat] = Some(shared);
        self.told.push(Told::Dropped { seat, shared, after });
    }
}

/// A chain's links as keys (`&str`), as the planner reads them.
pub(super) fn borrowed(links: &[Vec<String>]) -> Vec<Vec<&str>> {
    links.iter().map(|l| l.iter().map(String::as_str).collect()).collect()
}

/// The refusal of an early answer where the seat has none to give: its first word.
pub(super) fn nothing_to_answer(seat: usize, links: &[Vec<&str>]) -> Refused {
    let word = links.first().and_then(|l| l.first()).copied().unwrap_or_default().to_string();
    Refused::Entry(EntryError::NothingToAnswer { word, player: seat })
}

/// The face of the shared die a decision is the use of (None: another decision).
pub(super) fn shared_face(d: &Decision) -> Option<Face> {
    match d.ask {
        Ask::Use { face, shared: true } => Some(face),
        _ => None,
    }
}
