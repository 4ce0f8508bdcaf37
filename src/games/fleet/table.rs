//! The table: one live Fleet game as every screen shares it, without a word of text, a
//! terminal or HTTP. It owns the session and its save and knows how each answer came
//! about; it rolls digital dice and applies the presentation policy (what the rules force
//! is answered with a typed note; a pick and its usual use are one answer; `--ask-all`
//! turns that off); it offers each seat the question open for it now and the answers that
//! question may take in one go; it takes a typed answer from any front-end (the steps of a
//! typed line or a compact entry, the keys of a tap), checks it all-or-nothing on a copy,
//! writes it and tells every view what happened (`Told`); and an undo goes back to the
//! last question a person answered in one save line. The terminal loop and the served
//! pages are views of it.

use std::sync::Arc;

use super::entry::{self, Entries, EntryError, How, Step};
use super::game::{Ask, Choice, Decision, Dice, Event, Face, Game, Illegal, Input};
use super::live::Answer;
use super::session::{Entry, NoUndo, Session, Undone};
use super::setup::FleetSetup;
use super::FleetRules;

pub use crate::games::live::Save;

/// Who gave an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum From {
    /// The table's own screen (the terminal, or its answers file).
    Here,
    /// A seat's page (a phone).
    Seat(usize),
}

/// What the table tells every view, in order, as values.
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
    /// One answer applied: typed, usual or forced.
    Step {
        /// The game before it.
        before: Arc<Game>,
        /// The answer.
        step: Step,
        /// Who gave it.
        from: From,
        /// Whether the one who typed it has not seen it already (the first typed step of
        /// an entry at the terminal was shown as it was typed).
        echo: bool,
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
    /// A seat's early pick or early use of the shared die (`Table::hold`) no longer fits
    /// the game (an earlier answer changed, or was taken back): dropped, the seat answers
    /// in turn.
    Dropped {
        /// The seat.
        seat: usize,
        /// Whether it was the seat's use of the shared die (else its die pick).
        shared: bool,
        /// The game as it stands.
        after: Arc<Game>,
    },
}

/// Why an answer or an undo was not taken.
#[derive(Debug)]
pub enum Refusal {
    /// The engine's refusal, in the game as it was.
    Illegal(Illegal),
    /// An entry or tap that answers nothing as given.
    Entry(EntryError),
    /// Nothing a person decided to take back, or a roll the table saw.
    NoUndo(NoUndo),
    /// A seat may take back only its own last answer; whose it was (None: the table's).
    NotYours(Option<usize>),
    /// The save could not be written: the table takes no more answers.
    Stopped(crate::games::live::AppendError),
}

/// Who takes back an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UndoBy {
    /// A seat: its own last answer only.
    Seat(usize),
    /// The table's own screen: the last answer, whoever gave it.
    Host,
}

/// A question as a seat's page asks it: the question open for the seat, or a follow-up of
/// a chain before anything is sent (`Table::page_question`, `Table::ahead`).
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

/// An early answer held: the seat and the links of its chain (its pick, or its use of the
/// shared die, first).
struct Held {
    seat: usize,
    links: Vec<Vec<String>>,
    /// The face of the shared die it uses (None: a die pick).
    shared: Option<Face>,
}

/// Where a seat's die pick, or its use of the shared die, stands before its turn
/// (`Table::early_game`).
enum Early {
    /// The game with the chains before it completed, and the pick (or the use of the
    /// shared die, everyone's at once: the seat's as the game asks it then).
    At(Box<Game>, Decision),
    /// An earlier pick of the dice phase is not known yet.
    Later,
    /// Its pick is not ahead in this dice phase (it has a question now, or a roll, the
    /// table's, a bot's or a shared decision comes first).
    Gone,
}

/// One live Fleet game and its save.
pub struct Table<S: Save<Entry>> {
    /// The rules.
    pub rules: FleetRules,
    /// How the game was set up (its dice).
    pub setup: FleetSetup,
    /// The presentation policy (`--ask-all` turns it off).
    pub opts: Entries,
    session: Session,
    save: S,
    /// Whether each effective input was a person's act, where an undo stops: a typed
    /// answer, or the first answer of an entry (Enter for everyone's usual uses); not a
    /// forced or usual answer following it (true for those replayed from a save).
    acts: Vec<bool>,
    /// Whose decision each effective input answered (None: the table's).
    by: Vec<Option<usize>>,
    /// Entries in the save after its header.
    entries: u64,
    told: Vec<Told>,
    /// Early picks: seats' answers (the links of a chain) to a die pick given before their
    /// turn, held in memory and applied in turn order (`hold`).
    held: Vec<Held>,
    /// The links a seat's page has answered of a chain not sent yet (`draft`), per seat:
    /// the pick the next seats' early questions are asked after.
    drafts: Vec<Option<Vec<Vec<String>>>>,
}

impl<S: Save<Entry>> Table<S> {
    /// The table of `session`, whose save `save` holds `entries` entries. Nothing is
    /// applied yet: `settle` rolls and answers what is due.
    pub fn new(rules: FleetRules, setup: FleetSetup, opts: Entries, session: Session, save: S, entries: u64) -> Self {
        let by = who_answered(&rules, &session);
        let acts = vec![true; session.inputs.len()];
        let drafts = vec![None; session.names.len()];
        Table { rules, setup, opts, session, save, acts, by, entries, told: Vec::new(), held: Vec::new(), drafts }
    }

    /// The game with its answers.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The save.
    pub fn save(&self) -> &S {
        &self.save
    }

    /// Entries written to the save after its header (a version that changes with every
    /// answer and undo).
    pub fn entries(&self) -> u64 {
        self.entries
    }

    /// Everything told since the last call, first first.
    pub fn take_told(&mut self) -> Vec<Told> {
        std::mem::take(&mut self.told)
    }

    /// deckhand's own answer to the decision at the front: digital dice, a bot seat's
    /// answer, or what the policy answers (the rules force it). None: a person is asked.
    fn automatic(&self, session: &Session) -> Option<(Decision, Answer, Option<How>)> {
        let d = session.game.decision(&self.rules)?;
        if self.setup.dice == Dice::Digital {
            // The dice, who starts, a card: deckhand's own roll (faces, or an option by value).
            if let Some(answer) = self.setup.digital_answer(session, &self.rules) {
                return Some((d, answer, None));
            }
        }
        // A seat deckhand plays (`play --bots N`).
        let answered = session.inputs.len();
        if let Some(choice) = super::advisor::bots::answer(&self.rules, &session.game, answered, &d, self.setup.bots) {
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
            let choice = super::advisor::bots::answer(&self.rules, &self.session.game, answered, &d, Some(bots))?;
            Some((d, player, choice))
        })
    }

    /// Roll and answer what is due before a person is asked: digital dice, forced answers,
    /// the bots' decisions (at the front, and those they make at the same moment as the
    /// people, out of seat order, so a person is never asked for a bot).
    pub fn settle(&mut self) -> Result<(), Refusal> {
        self.settle_front()?;
        while let Some((decision, player, choice)) = self.bot_aside() {
            let before = Arc::new(self.session.game.clone());
            let answer = Answer::Option(choice);
            let step = Step::new(&self.rules, &before, Some(player), decision, answer.clone(), How::Typed);
            self.told.push(Told::Step { before, step, from: From::Here, echo: true });
            self.commit(Some(player), &answer, How::Typed, Some(player))?;
            self.settle_front()?;
        }
        Ok(())
    }

    /// `settle` at the front of the queue.
    fn settle_front(&mut self) -> Result<(), Refusal> {
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
                    self.told.push(Told::Step { before, step, from: From::Here, echo: true });
                }
            }
            self.commit(None, &answer, how.unwrap_or(How::Typed), player)?;
        }
        Ok(())
    }

    /// Apply one answer deckhand gives (`by`: out of seat order for that player), write
    /// its line, remember how it came about and whose it was, and tell what it made happen.
    fn commit(&mut self, by: Option<usize>, answer: &Answer, how: How, whose: Option<usize>) -> Result<(), Refusal> {
        let mut next = self.session.draft();
        let (input, events) = next.apply_answer(&self.rules, by, answer).map_err(Refusal::Illegal)?;
        self.write(&Entry::answer(by, input))?;
        self.session.take(next);
        self.acts.push(how == How::Typed);
        self.by.push(whose);
        self.tell_events(events);
        Ok(())
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

    /// The answers `seat` may give now in one go (see `entry::answers`).
    pub fn answers(&self, seat: usize) -> Vec<Vec<Step>> {
        entry::answers(&self.rules, &self.session.game, seat, self.opts)
    }

    /// The steps a seat's tap stands for: its keys, each answering the seat's next
    /// decision (`cod`, `cod coin`), with forced and usual answers on the way.
    pub fn tap(&self, seat: usize, keys: &[&str]) -> Result<Vec<Step>, Refusal> {
        entry::plan_keys(&self.rules, &self.session.game, seat, keys, self.opts).map_err(Refusal::Entry)
    }

    /// The steps a seat's chain of answers stands for: the first link answers its question
    /// now, each next one the follow-up the one before it leads to (`entry::plan_links`);
    /// all sent as one answer, as a terminal's line answers a chain ahead.
    pub fn tap_links(&self, seat: usize, links: &[Vec<&str>]) -> Result<Vec<Step>, Refusal> {
        entry::plan_links(&self.rules, &self.session.game, seat, links, self.opts).map_err(Refusal::Entry)
    }

    /// What a seat's page asks after the first links of a chain, before anything is sent:
    /// the follow-up question the last link leads to (see `page_question`). None: the
    /// links end the chain.
    pub fn ahead(&self, seat: usize, links: &[Vec<&str>]) -> Result<Option<Ahead>, Refusal> {
        self.ahead_on(&self.session.game, seat, links)
    }

    /// `ahead` on `game`.
    fn ahead_on(&self, game: &Game, seat: usize, links: &[Vec<&str>]) -> Result<Option<Ahead>, Refusal> {
        if links.is_empty() || self.opts.ask_all {
            return Ok(None);
        }
        let plan =
            |links: &[Vec<&str>]| entry::plan_links(&self.rules, game, seat, links, self.opts).map_err(Refusal::Entry);
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
    fn unless_forced(&self, asked: Ahead) -> Option<Ahead> {
        let forced = asked.given.is_empty()
            && matches!(asked.answers.as_slice(), [(_, false)])
            && entry::forced(&asked.decision).is_some()
            && !self.opts.ask_all;
        (!forced).then_some(asked)
    }

    /// `decision`, open for `seat` in `game`, as a page asks it: each answer and whether
    /// it leads on, after the answers the rules leave no choice in (`given`).
    fn asked_on(&self, seat: usize, mut game: Game, mut decision: Decision) -> Ahead {
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

    /// Apply an answer: every step on a copy first (all or nothing), by value (its option,
    /// never its key: `Session::apply_answer`), then each written to the save and told, then what is due is rolled and answered, and the early picks
    /// whose turn it is now are applied (`hold`).
    pub fn answer(&mut self, steps: Vec<Step>, from: From) -> Result<(), Refusal> {
        self.answer_now(steps, from)?;
        self.run_held()
    }

    /// The step a key or faces stand for at `decision`, open at the front (a line typed at
    /// the table, a page's tap on the table's question): the key read into its option here
    /// (`entry::read`), so that the answer is applied by value.
    pub fn read(&self, decision: Decision, input: Input) -> Result<Step, Refusal> {
        let game = &self.session.game;
        let answer = entry::read(&self.rules, game, &decision, input).map_err(Refusal::Illegal)?;
        Ok(Step::new(&self.rules, game, None, decision, answer, How::Typed))
    }

    /// The game in which `seat` picks a die next, before its turn: the chains before it
    /// completed — the one begun by any legal answers (nobody's pick or chain depends on
    /// another player's marks, only on the dice left), each earlier pick by its early
    /// answer or by the links its page has answered so far (`draft`) — with the seat's
    /// pick at the front; or, once the last pick of the dice phase is known, the game at
    /// the shared die with the seat's use of it (everyone's at once, the seat's own chain
    /// done). A seat holding its use of the shared die while it is open now: the game as
    /// it is.
    fn early_game(&self, seat: usize) -> Early {
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
    fn early_steps(&self, game: &Game, seat: usize, links: &[Vec<&str>]) -> Result<Vec<Step>, Refusal> {
        entry::plan_links(&self.rules, game, seat, links, self.opts).map_err(Refusal::Entry)
    }

    /// What a seat's page asks after the first links of its early chain (`ahead` on the
    /// game of its early question).
    pub fn early_ahead(&self, seat: usize, links: &[Vec<&str>]) -> Result<Option<Ahead>, Refusal> {
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
    pub fn hold(&mut self, seat: usize, links: Vec<Vec<String>>) -> Result<(), Refusal> {
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
        // The question itself (the page may ask the follow-up of its only answer).
        let shared = shared_face(&asked);
        self.held.push(Held { seat, links, shared });
        Ok(())
    }

    /// Whether the early answer a seat holds is its use of the shared die.
    pub fn holds_shared(&self, seat: usize) -> bool {
        self.held.iter().any(|h| h.seat == seat && h.shared.is_some())
    }

    /// `steps` (the host's line for everyone's shared die) without the usual use of a seat
    /// whose phone holds one (`hold`): only a use typed for that seat replaces its held one,
    /// written in its turn. The steps after one left out answer out of seat order (each
    /// given its player), the held use still due before them.
    pub fn leaving_held(&self, mut steps: Vec<Step>) -> Vec<Step> {
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

    /// A seat's early pick as it stands: the game it was asked in and its steps there.
    pub fn held_steps(&self, seat: usize) -> Option<(Game, Vec<Step>)> {
        let links = borrowed(self.holds(seat)?);
        let Early::At(game, _) = self.early_game(seat) else { return None };
        let steps = self.early_steps(&game, seat, &links).ok()?;
        Some((*game, steps))
    }

    /// Take back a seat's early pick (nothing was written). Whether it held one.
    pub fn unhold(&mut self, seat: usize) -> bool {
        let had = self.held.len();
        self.held.retain(|h| h.seat != seat);
        self.held.len() != had
    }

    /// The links a seat's page has answered of a chain not sent yet (each `ahead` it asks):
    /// the next seats' early questions are asked after them. Nothing is written or checked
    /// here: a draft only opens questions, every answer is checked when it is applied.
    pub fn draft(&mut self, seat: usize, links: &[Vec<&str>]) {
        if let Some(d) = self.drafts.get_mut(seat) {
            *d = Some(links.iter().map(|l| l.iter().map(|k| k.to_string()).collect()).collect());
        }
    }

    /// Apply the early answers whose turn it is (in turn order at the front of the queue,
    /// each checked on the game as it is), then drop those that no longer fit the game
    /// before them.
    fn run_held(&mut self) -> Result<(), Refusal> {
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
            self.answer_now(steps, From::Seat(seat))?;
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
        self.told.push(Told::Dropped { seat, shared, after });
    }

    /// `answer` without the early picks.
    fn answer_now(&mut self, steps: Vec<Step>, from: From) -> Result<(), Refusal> {
        let mut next = self.session.draft();
        let mut told = Vec::new();
        let mut lines = Vec::with_capacity(steps.len());
        for (i, step) in steps.iter().enumerate() {
            let before = Arc::new(next.game.clone());
            let (input, events) = next.apply_answer(&self.rules, step.by, &step.answer).map_err(Refusal::Illegal)?;
            lines.push(Entry::answer(step.by, input));
            let echo = !(i == 0 && from == From::Here && step.how == How::Typed);
            told.push(Told::Step { before, step: step.clone(), from, echo });
            let after = Arc::new(next.game.clone());
            told.extend(events.into_iter().map(|event| Told::Happened { after: after.clone(), event }));
        }
        for (i, (step, line)) in steps.iter().zip(&lines).enumerate() {
            // A page's chain not sent yet is over once its seat's question is answered.
            if let Some(draft) = step.by.or(step.decision.player).and_then(|p| self.drafts.get_mut(p)) {
                *draft = None;
            }
            self.write(line)?;
            // An entry of usual answers only (Enter for everyone's shared die) is a
            // person's act from its first step: one undo takes it back on its own.
            self.acts.push(step.how == How::Typed || (i == 0 && step.how == How::Usual));
            self.by.push(step.by.or(whose(&step.decision)));
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

    /// Whose answer an undo would take back now (Some(None): the table's), None when
    /// nothing can be taken back: the seat whose page offers undo.
    pub fn undo_reaches(&self) -> Option<Option<usize>> {
        let (next, _) = self.undone().ok()?;
        self.by.get(next.inputs.len()).copied()
    }

    /// Take back the last answer a person gave, with the rolls deckhand made and the
    /// answers the policy gave after it, in one save line. A seat takes back only its own.
    /// A seat holding an early pick takes that back first (nothing written). After an
    /// undo the pages' drafts are forgotten and an early pick that no longer fits (or can
    /// no longer be checked) is dropped.
    pub fn undo(&mut self, by: UndoBy) -> Result<(), Refusal> {
        if let UndoBy::Seat(seat) = by {
            if self.unhold(seat) {
                return Ok(());
            }
        }
        let (next, undone) = self.undone().map_err(Refusal::NoUndo)?;
        let kept = next.inputs.len();
        if let UndoBy::Seat(seat) = by {
            let whose = self.by.get(kept).copied().flatten();
            if whose != Some(seat) {
                return Err(Refusal::NotYours(whose));
            }
        }
        self.write(&Entry::undo(undone.len()))?;
        let before = std::mem::replace(&mut self.session, next);
        self.acts.truncate(kept);
        self.by.truncate(kept);
        let after = Arc::new(self.session.game.clone());
        self.told.push(Told::Undone { before: Box::new(before), undone, after });
        self.drafts.iter_mut().for_each(|d| *d = None);
        self.run_held()
    }

    fn write(&mut self, entry: &Entry) -> Result<(), Refusal> {
        self.save.append(entry).map_err(Refusal::Stopped)?;
        self.entries += 1;
        Ok(())
    }

    fn tell_events(&mut self, events: Vec<Event>) {
        let after = Arc::new(self.session.game.clone());
        self.told.extend(events.into_iter().map(|event| Told::Happened { after: after.clone(), event }));
    }
}

/// A chain's links as keys (`&str`), as the planner reads them.
fn borrowed(links: &[Vec<String>]) -> Vec<Vec<&str>> {
    links.iter().map(|l| l.iter().map(String::as_str).collect()).collect()
}

/// The refusal of an early answer where the seat has none to give: its first word.
fn nothing_to_answer(seat: usize, links: &[Vec<&str>]) -> Refusal {
    let word = links.first().and_then(|l| l.first()).copied().unwrap_or_default().to_string();
    Refusal::Entry(EntryError::NothingToAnswer { word, player: seat })
}

/// The face of the shared die a decision is the use of (None: another decision).
fn shared_face(d: &Decision) -> Option<Face> {
    match d.ask {
        Ask::Use { face, shared: true } => Some(face),
        _ => None,
    }
}

/// Whose decision a decision is: its player's, or the roller's for the roll of the start
/// player's dice (entered on their page, so taken back from it too); None: the table's.
fn whose(d: &Decision) -> Option<usize> {
    match d.ask {
        super::game::Ask::Roll { roller, .. } => d.player.or(Some(roller)),
        _ => d.player,
    }
}

/// Whose decision each effective input of a session answered (None: the table's), found
/// by replaying it.
fn who_answered(rules: &FleetRules, session: &Session) -> Vec<Option<usize>> {
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

#[cfg(test)]
mod tests;
