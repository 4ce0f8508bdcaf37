//! The answering policy: what deckhand answers without asking (digital dice, the seats it
//! plays, what the rules force: the only answer, the 3-coins face; `--ask-all`, or an
//! answers file without `#! entries`, turns the last off), and how a `Said` becomes the
//! steps it stands for — a typed line's words matched to options (`entry::plan`, everyone's
//! line by `entry::plan_together`, a roll by letters), a page's keys (`entry::plan_links`)
//! or faces — each with the forced and usual answers on the way.

use std::sync::Arc;

use super::{FleetTable, Refused, Save, Told};
use crate::games::fleet::entry::{self, How, Step};
use crate::games::fleet::game::{Ask, Choice, Decision, Dice, Face, Game, Input};
use crate::games::fleet::live::Answer;
use crate::games::fleet::session::{Entry, Session};
use crate::games::fleet::FleetRules;
use crate::games::table::{Said, Screen};

use super::offers::{Offer, Slot};

/// The words a typed line is matched against: an option's words (its key is always one)
/// and a face's, in every language, the dice letters in the table's own — given by the
/// text layer, so the table knows no language.
pub struct Vocabulary {
    choice: Box<ChoiceWords>,
    face: Box<dyn Fn(Face) -> Vec<String> + Send + Sync>,
}

/// The words of an option of a decision in a game.
type ChoiceWords = dyn Fn(&Game, &Decision, &Choice) -> Vec<String> + Send + Sync;

impl Vocabulary {
    /// The words of options (`choice`) and of faces (`face`).
    pub fn new(
        choice: impl Fn(&Game, &Decision, &Choice) -> Vec<String> + Send + Sync + 'static,
        face: impl Fn(Face) -> Vec<String> + Send + Sync + 'static,
    ) -> Vocabulary {
        Vocabulary { choice: Box::new(choice), face: Box::new(face) }
    }

    /// Keys only: an option by its key, a face by its key (a table whose lines are keys).
    pub fn keys(rules: &FleetRules) -> Vocabulary {
        let rules = Arc::new(rules.clone());
        Vocabulary::new(|_, _, _| Vec::new(), move |f| vec![f.key(&rules).into_owned()])
    }
}

impl<S: Save<Entry>> FleetTable<S> {
    /// deckhand's own answer to the decision at the front: digital dice, a bot seat's
    /// answer, or what the policy answers (the rules force it). None: a person is asked.
    pub(super) fn automatic(&self, session: &Session) -> Option<(Decision, Answer, Option<How>)> {
        let d = session.game.decision(&self.rules)?;
        if self.setup.dice == Dice::Digital {
            // The dice, who starts, a card: deckhand's own roll (faces, or an option by value).
            if let Some(answer) = self.setup.digital_answer(session, &self.rules) {
                return Some((d, answer, None));
            }
        }
        // A seat deckhand plays (`play --bots N`).
        let answered = session.inputs.len();
        if let Some(choice) =
            crate::games::fleet::advisor::bots::answer(&self.rules, &session.game, answered, &d, self.setup.bots)
        {
            return Some((d, Answer::Option(choice), Some(How::Typed)));
        }
        if self.opts.ask_all {
            return None;
        }
        // An answer held early is the seat's (`run_held`), the rules' only answer or not.
        if matches!(d.ask, Ask::Pick { .. } | Ask::Use { shared: true, .. })
            && self.held.iter().any(|h| Some(h.seat) == d.player)
        {
            return None;
        }
        let (choice, why) = entry::forced(&d)?;
        Some((d, Answer::Option(choice), Some(How::Forced(why))))
    }

    /// A decision a bot seat makes at the same moment as others (the shared die, fishing),
    /// not at the front, with the bot's answer.
    fn bot_aside(&self) -> Option<(Decision, usize, Choice)> {
        let bots = self.setup.bots?;
        let front = self.session.game.decision(&self.rules)?;
        let answered = self.session.inputs.len();
        self.session.game.pending(&self.rules).into_iter().filter(|d| *d != front).find_map(|d| {
            let player = d.player.filter(|p| bots.plays(*p))?;
            let choice =
                crate::games::fleet::advisor::bots::answer(&self.rules, &self.session.game, answered, &d, Some(bots))?;
            Some((d, player, choice))
        })
    }

    /// Roll and answer what is due before a person is asked: digital dice, forced answers,
    /// the bots' decisions (at the front, and those they make at the same moment as the
    /// people, out of seat order, so a person is never asked for a bot).
    pub(super) fn settle(&mut self) -> Result<(), Refused> {
        self.settle_front()?;
        while let Some((decision, player, choice)) = self.bot_aside() {
            let before = Arc::new(self.session.game.clone());
            let answer = Answer::Option(choice);
            let step = Step::new(&self.rules, &before, Some(player), decision, answer.clone(), How::Typed);
            self.told.push(Told::Step { before, step, echo: true });
            self.commit(Some(player), &answer, How::Typed, Some(player))?;
            self.settle_front()?;
        }
        Ok(())
    }

    /// `settle` at the front of the queue.
    fn settle_front(&mut self) -> Result<(), Refused> {
        while let Some((decision, answer, how)) = self.automatic(&self.session) {
            let before = Arc::new(self.session.game.clone());
            let player = whose(&decision);
            match how {
                None => {
                    let input = answer.input(&self.rules, &before);
                    self.told.push(Told::Rolled { before, decision, input });
                }
                Some(how) => {
                    let step = Step::new(&self.rules, &before, None, decision, answer.clone(), how);
                    self.told.push(Told::Step { before, step, echo: true });
                }
            }
            self.commit(None, &answer, how.unwrap_or(How::Typed), player)?;
        }
        Ok(())
    }

    /// The answers `seat` may give now in one go (see `entry::answers`).
    pub fn answers(&self, seat: usize) -> Vec<Vec<Step>> {
        entry::answers(&self.rules, &self.session.game, seat, self.opts)
    }

    /// The steps `said` stands for as an answer to `offer` from `screen`: a typed entry's
    /// words matched against the options (a roll's by letters; the table's question by its
    /// key; under `--ask-all` one option by its key), everyone's line, a page's links or
    /// faces.
    pub(super) fn resolve(&self, screen: Screen, offer: &Offer, said: &Said) -> Result<Vec<Step>, Refused> {
        let (rules, game) = (&self.rules, &self.session.game);
        let d = &offer.decision;
        // The player the answer is for: the decision's, or the seat whose page sent it.
        let player = match (offer.slot, screen) {
            (Slot::Seat(p), _) => Some(p),
            (Slot::Table, _) => None,
        };
        let choice = |key: String| self.read(d.clone(), Input::Choice(key)).map(|s| vec![s]);
        match said {
            Said::Entry(words) if d.roll.is_some() => {
                let faces = entry::roll(rules, &words.join(" "), &*self.words.face).map_err(Refused::Faces)?;
                let faces = faces.iter().map(|f| f.key(rules).into_owned()).collect();
                Ok(vec![self.read(d.clone(), Input::Roll { faces, digital: false })?])
            }
            Said::Entry(words) => match player {
                Some(p) if !self.opts.ask_all => {
                    let typed: Vec<&str> = words.iter().map(String::as_str).collect();
                    entry::plan(rules, game, p, &typed, &*self.words.choice, self.opts).map_err(Refused::Entry)
                }
                _ => choice(words.join(" ")),
            },
            Said::Everyone(words) => {
                entry::plan_together(rules, game, &words.join(" "), &*self.words.choice, self.opts)
                    .map_err(Refused::Entry)
            }
            Said::Links(links) => match player {
                Some(p) => self.tap_links(p, &super::early::borrowed(links)),
                None => choice(links.iter().map(|l| l.join(" ")).collect::<Vec<_>>().join(" ")),
            },
            Said::Faces(faces) => Ok(vec![self.read(d.clone(), Input::Roll { faces: faces.clone(), digital: false })?]),
        }
    }

    /// The steps a seat's chain of answers stands for: the first link answers its question
    /// now, each next one the follow-up the one before it leads to (`entry::plan_links`);
    /// all sent as one answer, as a terminal's line answers a chain ahead.
    pub(super) fn tap_links(&self, seat: usize, links: &[Vec<&str>]) -> Result<Vec<Step>, Refused> {
        entry::plan_links(&self.rules, &self.session.game, seat, links, self.opts).map_err(Refused::Entry)
    }

    /// The step a key or faces stand for at `decision`, open at the front (a line typed at
    /// the table, a page's tap on the table's question): the key read into its option here
    /// (`entry::read`), so that the answer is applied by value.
    pub(super) fn read(&self, decision: Decision, input: Input) -> Result<Step, Refused> {
        let game = &self.session.game;
        let answer = entry::read(&self.rules, game, &decision, input).map_err(Refused::Illegal)?;
        Ok(Step::new(&self.rules, game, None, decision, answer, How::Typed))
    }
}

/// Whose decision a decision is: its player's, or the roller's for the roll of the start
/// player's dice (entered on their page, so taken back from it too); None: the table's.
pub(super) fn whose(d: &Decision) -> Option<usize> {
    match d.ask {
        Ask::Roll { roller, .. } => d.player.or(Some(roller)),
        _ => d.player,
    }
}

/// Whose decision each effective input of a session answered (None: the table's), found
/// by replaying it.
pub(super) fn who_answered(rules: &FleetRules, session: &Session) -> Vec<Option<usize>> {
    let mut game = Game::new(rules, &session.names, session.setup);
    let mut out = Vec::with_capacity(session.inputs.len());
    for (by, input) in &session.inputs {
        match by {
            Some(p) => {
                out.push(Some(*p));
                let _ = game.apply_by(rules, *p, input);
            }
            None => {
                out.push(game.decision(rules).and_then(|d| whose(&d)));
                let _ = game.apply(rules, input);
            }
        }
    }
    out
}
