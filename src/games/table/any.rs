//! The table of any described live game (`games::described`): the same door as Fleet's
//! table — `offers(screen)`, `answer(screen, seen, said)` with one staleness check by
//! version, `undo(screen, seen)`, `take_told()` — for a game that has no answering policy of
//! its own. A `Said` is read against the question's forms (`read`: a page's keys as they
//! are, a typed line's words matched to keys by the options' words in every language), the
//! game applies the choice the keys name, its entry is written before anything is told,
//! and deckhand's own answers (digital dice) follow at once; an undo takes back the last
//! answer a person gave with deckhand's own answers after it.

use serde_json::Value;

use super::{Said, Screen};
use crate::games::described::{Aim, AnyGame, Automatic, Form, Opt, Question};
use crate::games::fleet::setup::{BotLevel, Bots};
use crate::games::live::{Outcome, Save};
use crate::message::Message;
use crate::words::fold_word;

/// What the table tells every screen, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Told {
    /// An answer was applied: who gave it, whose question it was, and what happened.
    Answered {
        /// The screen that gave it (None: deckhand's own, digital dice).
        by: Option<Screen>,
        /// Whose question it was (None: the table's).
        seat: Option<usize>,
        /// The keys of the answer.
        keys: Vec<String>,
        /// The question it answered.
        question: Question,
        /// What happened, in order.
        happened: Vec<Message>,
    },
    /// Answers were taken back: a person's, and the answers deckhand gave itself after it.
    Undone {
        /// Whose question the person's answer was (None: the table's).
        whose: Option<usize>,
        /// deckhand's own answers after it taken back with it (digital dice, and the
        /// decisions of the seats it plays).
        rolls: usize,
        /// deckhand plays seats at this table (its answers are more than rolls).
        bots: bool,
    },
}

/// Why an answer or an undo was not taken; nothing changed.
#[derive(Debug)]
pub enum Refused {
    /// What the screen answers changed after the version it saw.
    Stale,
    /// The question answered is this seat's.
    Theirs(usize),
    /// A typed word that names no answer of the question: the word and the question.
    Unknown(String, Box<Question>),
    /// A typed word after an action's key (`keep 44`, `keep 1` with no 1 rolled) that names
    /// none of its items still free: the word and the question.
    Item(String, Box<Question>),
    /// Items typed without their action (`4 4` for `keep 4 4`): what was typed and the
    /// question.
    ActionFirst(String, Box<Question>),
    /// A start several options have (`fu`: Full house, and in German Fünfer and
    /// Fünferpasch): what was typed, each of those options' key with the word of it that
    /// starts so (in whatever language), and the question.
    Ambiguous(String, Vec<(String, String)>, Box<Question>),
    /// The game's refusal.
    Game(Message),
    /// Nothing a person answered can be taken back.
    NoUndo,
    /// A seat may take back only its own last answer; whose it was (None: the table's).
    NotYourAnswer(Option<usize>),
    /// The save could not be written: the table takes no more answers.
    Stopped,
}

/// What a screen may answer now, with the version it was offered at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// Whose question it is in the game (None: the table's — dice to enter, who starts —
    /// whose `Question::seat` names the seat whose page enters it, or none: any page).
    pub seat: Option<usize>,
    /// The version it was offered at (see Fleet's `Offer::since`).
    pub since: u64,
    /// The question.
    pub question: Question,
}

/// The words of a message in every language (given by the text layer).
pub type Words = Box<dyn Fn(&Message) -> Vec<String> + Send + Sync>;

/// Who gave an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum By {
    /// A person, answering a seat's question (None: the table's).
    Person(Option<usize>),
    /// deckhand itself: its dice, or a seat it plays.
    Deckhand,
}

/// One live game of any described engine and its save.
pub struct AnyTable<S: Save<Value>> {
    game: Box<dyn AnyGame>,
    save: S,
    seats: usize,
    words: Words,
    /// Who gave each answer in the game.
    by: Vec<By>,
    /// The seats deckhand plays (`play --bots N`).
    bots: Option<Bots>,
    /// The entry of the last answer a screen gave (for the table's coach).
    last: Option<Value>,
    entries: u64,
    told: Vec<Told>,
    /// Per slot (the seats, then the table): the version it was offered at and the question.
    offered: Vec<(u64, Option<Question>)>,
    /// The table's own screen: the version its question was offered at, and whose question
    /// it is with the question.
    host: (u64, Option<(Option<usize>, Question)>),
    fresh: bool,
    stopped: Option<crate::games::live::AppendError>,
    halted: bool,
}

impl<S: Save<Value>> AnyTable<S> {
    /// The table of `game` for `seats` seats, whose save `save` holds `entries` entries (a
    /// resumed game: each answered by a person, for undo); its typed lines read with `words`.
    /// deckhand's own answers due now are given at once.
    pub fn new(game: Box<dyn AnyGame>, seats: usize, save: S, entries: u64, words: Words) -> Self {
        let mut table = AnyTable {
            game,
            save,
            seats,
            words,
            by: vec![By::Person(None); entries as usize],
            bots: None,
            last: None,
            entries,
            told: Vec::new(),
            offered: vec![(0, None); seats + 1],
            host: (0, None),
            fresh: true,
            stopped: None,
            halted: false,
        };
        let _ = table.settle();
        table.publish(&[]);
        table
    }

    /// The table with deckhand playing the seats `bots` names (their answers given at once,
    /// as its dice are).
    pub fn with_bots(mut self, bots: Option<Bots>) -> Self {
        self.bots = bots;
        let _ = self.settle();
        self.publish(&[]);
        self
    }

    /// Whether deckhand plays `seat` (`--bots`).
    pub fn plays(&self, seat: usize) -> bool {
        self.bots.is_some_and(|b| b.plays(seat))
    }

    /// The save's entry of the last answer a screen gave.
    pub fn last_answer(&self) -> Option<&Value> {
        self.last.as_ref()
    }

    /// The game.
    pub fn game(&self) -> &dyn AnyGame {
        &*self.game
    }

    /// The save.
    pub fn save(&self) -> &S {
        &self.save
    }

    /// The state's version: the entries written after the save's header.
    pub fn version(&self) -> u64 {
        self.entries
    }

    /// Whether the game is over.
    pub fn finished(&self) -> bool {
        self.game.finished()
    }

    /// How it ended; None while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// Why the table stopped: its save could not be written.
    pub fn stopped(&self) -> Option<&crate::games::live::AppendError> {
        self.stopped.as_ref()
    }

    /// Why the table stopped, taken (the table's own screen exits with it).
    pub fn take_stopped(&mut self) -> Option<crate::games::live::AppendError> {
        self.stopped.take()
    }

    /// Everything told since the last call, first first.
    pub fn take_told(&mut self) -> Vec<Told> {
        std::mem::take(&mut self.told)
    }

    /// What `screen` may answer now: a seat its own question, else the table's when it is
    /// its to answer (the table's question naming it, or naming nobody); the table's own
    /// screen the question at the front (a seat's first, else the table's).
    pub fn offers(&self, screen: Screen) -> Vec<Offer> {
        let offer = |slot: usize, seat: Option<usize>| {
            let (since, q) = &self.offered[slot];
            q.clone().map(|question| Offer { seat, since: *since, question })
        };
        let table = self.seats;
        match screen {
            Screen::Host => {
                let (since, host) = &self.host;
                host.clone().map(|(seat, question)| Offer { seat, since: *since, question }).into_iter().collect()
            }
            Screen::Seat(p) => offer(p, Some(p))
                .or_else(|| offer(table, None).filter(|o| o.question.seat.is_none_or(|s| s == p)))
                .into_iter()
                .collect(),
        }
    }

    /// Whose answer an undo would take back now (Some(None): the table's question, answered
    /// by a screen), None when nothing a person answered can be taken back: the seat whose
    /// page offers undo.
    pub fn undo_reaches(&self) -> Option<Option<usize>> {
        self.by.iter().rev().find_map(|b| match b {
            By::Person(whose) => Some(*whose),
            By::Deckhand => None,
        })
    }

    /// The players' seats.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// Whether what `screen` was offered changed after version `seen`.
    pub fn moved_on(&self, screen: Screen, seen: u64) -> bool {
        self.addressed(screen, seen).is_err()
    }

    fn addressed(&self, screen: Screen, seen: u64) -> Result<Offer, Refused> {
        match self.offers(screen).into_iter().next() {
            Some(offer) if offer.since <= seen => Ok(offer),
            Some(_) => Err(Refused::Stale),
            None => match (screen, self.host.1.as_ref().and_then(|(seat, q)| seat.or(q.seat))) {
                (Screen::Seat(p), Some(theirs)) if theirs != p && self.offered[p].0 <= seen => {
                    Err(Refused::Theirs(theirs))
                }
                _ => Err(Refused::Stale),
            },
        }
    }

    /// The keys `said` names at `question` (see `read`).
    fn keys(&self, question: &Question, said: &Said) -> Result<Vec<String>, Refused> {
        match said {
            Said::Links(links) => Ok(links.iter().flatten().cloned().collect()),
            Said::Faces(faces) => Ok(faces.clone()),
            Said::Entry(words) | Said::Everyone(words) => read(question, words, &self.words),
        }
    }

    /// Check an answer without taking it: read and applied on a copy of the game.
    pub fn check(&self, screen: Screen, seen: u64, said: &Said) -> Result<(), Refused> {
        self.open()?;
        let offer = self.addressed(screen, seen)?;
        let keys = self.keys(&offer.question, said)?;
        self.game.boxed().answer(offer.seat, &keys).map(|_| ()).map_err(Refused::Game)
    }

    /// Take an answer from a screen that saw version `seen`: refused when its question
    /// changed since, else read, applied, written and told; then deckhand's own answers.
    pub fn answer(&mut self, screen: Screen, seen: u64, said: Said) -> Result<(), Refused> {
        self.open()?;
        let offer = self.addressed(screen, seen)?;
        let keys = self.keys(&offer.question, &said)?;
        let mut next = self.game.boxed();
        let applied = next.answer(offer.seat, &keys).map_err(Refused::Game)?;
        self.write(&applied.entry)?;
        self.last = Some(applied.entry.clone());
        self.game = next;
        self.by.push(By::Person(offer.seat));
        let question = offer.question;
        self.told.push(Told::Answered {
            by: Some(screen),
            seat: offer.seat,
            keys,
            question,
            happened: applied.happened,
        });
        let done = self.settle();
        let slot = offer.seat.unwrap_or(self.seats);
        self.publish(&[slot]);
        done
    }

    /// Take back the last answer a person gave, with deckhand's own answers after it (a
    /// line each). A seat only its own, and only from the version its page showed.
    pub fn undo(&mut self, screen: Screen, seen: u64) -> Result<(), Refused> {
        self.open()?;
        let stale = match screen {
            Screen::Seat(_) => seen != self.version(),
            Screen::Host => self.host.0 > seen,
        };
        if stale {
            return Err(Refused::Stale);
        }
        let Some(last) = self.by.iter().rposition(|b| matches!(b, By::Person(_))) else {
            return Err(Refused::NoUndo);
        };
        let By::Person(mut whose) = self.by[last] else { return Err(Refused::NoUndo) };
        if let Screen::Seat(p) = screen {
            if whose != Some(p) {
                return Err(Refused::NotYourAnswer(whose));
            }
        }
        let mut next = self.game.boxed();
        let mut entries = Vec::new();
        for _ in last..self.by.len() {
            entries.push(next.undo().map_err(Refused::Game)?);
        }
        // A resumed game's answers are each taken for a person's (the save does not say
        // whose): while one that deckhand gives itself is open again (a digital roll, a seat
        // it plays), the answer before it goes too, so a person's question is left open.
        let mut from = last;
        while from > 0 && self.deckhand_answers(&*next) {
            entries.push(next.undo().map_err(Refused::Game)?);
            from -= 1;
            whose = (0..self.seats).find(|&s| !next.questions(Some(s)).is_empty());
        }
        for entry in &entries {
            self.write(entry)?;
        }
        self.game = next;
        self.by.truncate(from);
        let bots = self.bots.is_some();
        self.told.push(Told::Undone { whose, rolls: entries.len().saturating_sub(1), bots });
        let all: Vec<usize> = (0..=self.seats).collect();
        self.publish(&all);
        Ok(())
    }

    /// Whether deckhand answers the question open in `game` itself (its dice, a seat it
    /// plays).
    fn deckhand_answers(&self, game: &dyn AnyGame) -> bool {
        let mut probe = game.boxed();
        probe.automatic().is_some() || self.bot_answer(&mut *probe).is_some()
    }

    /// The answer of a seat deckhand plays to its open question, applied to `game` (None:
    /// no such seat has a decision open — a roll of the table's own dice is typed by a
    /// person). Advisor: the advisor's best (to win); greedy: the box that scores most now;
    /// random: any answer, drawn from the seat's seed and the save's lines so far (a resumed
    /// game's bots answer as they would have).
    fn bot_answer(&self, game: &mut dyn AnyGame) -> Option<Result<Automatic, Message>> {
        let bots = self.bots?;
        let (seat, question) =
            (bots.first..self.seats).find_map(|s| Some((s, game.questions(Some(s)).into_iter().next()?)))?;
        let keys = match bots.level {
            BotLevel::Greedy => {
                // (The first of equal boxes.)
                let boxes = question.options().filter_map(|o| Some((o.fills.as_ref()?.parse::<i64>().ok()?, o)));
                let best = boxes.fold(None::<(i64, &Opt)>, |best, (points, o)| match best {
                    Some((most, _)) if most >= points => best,
                    _ => Some((points, o)),
                });
                vec![best?.1.key.clone()]
            }
            level => {
                let aim = if level == BotLevel::Advisor { Aim::Win } else { Aim::Score };
                let advice = match game.advice(seat, aim)? {
                    Ok(advice) => advice,
                    Err(why) => return Some(Err(why)),
                };
                let at = match level {
                    BotLevel::Random => {
                        crate::rng::Rng::stream(bots.seed_of(seat), self.entries).below(advice.choices.len().max(1))
                    }
                    _ => 0,
                };
                advice.choices.get(at)?.keys.clone()
            }
        };
        Some(game.answer(Some(seat), &keys).map(|applied| (Some(seat), applied)))
    }

    /// deckhand's own answers due now (digital dice, the seats it plays), each written and
    /// told.
    fn settle(&mut self) -> Result<(), Refused> {
        // (A bound against a game that never stops answering itself: a whole game of bots
        // answers far fewer.)
        for _ in 0..100_000 {
            let mut next = self.game.boxed();
            let Some(done) = next.automatic().or_else(|| self.bot_answer(&mut *next)) else { return Ok(()) };
            let (seat, applied) = done.map_err(Refused::Game)?;
            let question = self.game.questions(seat).into_iter().next();
            self.write(&applied.entry)?;
            self.game = next;
            self.by.push(By::Deckhand);
            if let Some(question) = question {
                self.told.push(Told::Answered {
                    by: None,
                    seat,
                    keys: Vec::new(),
                    question,
                    happened: applied.happened,
                });
            }
        }
        Ok(())
    }

    fn open(&self) -> Result<(), Refused> {
        if self.halted {
            return Err(Refused::Stopped);
        }
        Ok(())
    }

    fn write(&mut self, entry: &Value) -> Result<(), Refused> {
        if let Err(e) = self.save.append(entry) {
            self.stopped = Some(e);
            self.halted = true;
            return Err(Refused::Stopped);
        }
        self.entries += 1;
        Ok(())
    }

    /// New offers where a question changed or was answered (`answered`), the table's own
    /// screen's after every line written.
    fn publish(&mut self, answered: &[usize]) {
        let version = self.version();
        let table = self.seats;
        for slot in 0..=table {
            let now = self.game.questions((slot < table).then_some(slot)).into_iter().next();
            if self.fresh || answered.contains(&slot) || now != self.offered[slot].1 {
                self.offered[slot] = (version, now);
            }
        }
        // The question at the front: a seat's first, else the table's.
        let front = (0..table)
            .find_map(|s| self.game.questions(Some(s)).into_iter().next().map(|q| (Some(s), q)))
            .or_else(|| self.game.questions(None).into_iter().next().map(|q| (None, q)));
        if self.fresh || self.host.0 != version || front != self.host.1 {
            self.host = (version, front);
        }
        self.fresh = false;
    }
}

impl<S: Save<Value>> super::Table for AnyTable<S> {
    type Told = Told;
    type Refused = Refused;

    fn version(&self) -> u64 {
        AnyTable::version(self)
    }

    fn take_told(&mut self) -> Vec<Told> {
        std::mem::take(&mut self.told)
    }

    fn undo(&mut self, screen: Screen, seen: u64) -> Result<(), Refused> {
        AnyTable::undo(self, screen, seen)
    }

    fn moved_on(&self, screen: Screen, seen: u64) -> bool {
        AnyTable::moved_on(self, screen, seen)
    }

    fn finished(&self) -> bool {
        AnyTable::finished(self)
    }

    fn take_stopped(&mut self) -> Option<crate::games::live::AppendError> {
        AnyTable::take_stopped(self)
    }
}

/// A typed line's words read as the keys of an answer to `question`: the first of its forms
/// that reads every word — one option (by its key, its number, or its words in any language,
/// whole or by a start only it has), an action and its items (`keep 5 5 3`: each item by its
/// key or words, the first not yet named), or a face per die — else the first word no form
/// reads.
pub fn read(question: &Question, words: &[String], vocabulary: &Words) -> Result<Vec<String>, Refused> {
    let said: Vec<String> = words.iter().map(|w| fold_word(w)).filter(|w| !w.is_empty()).collect();
    let names = |o: &Opt| -> Vec<String> {
        let mut all: Vec<String> = vocabulary(&o.label).iter().map(|w| fold_word(w)).collect();
        // A label's name before the points it shows (`vierer` of `Vierer — 12`) is a whole
        // name too, so a name that starts another's (`Viererpasch`) is still read.
        let named: Vec<String> = all.iter().map(|w| crate::words::label_name(w).to_string()).collect();
        all.extend(named);
        all.push(fold_word(&o.key));
        all
    };
    // An option by its key, its number or its words (a start only one option has).
    let one = |opts: &[Opt], text: &str, numbered: bool| -> Option<usize> {
        if numbered {
            if let Some(i) = text.parse::<usize>().ok().and_then(|n| n.checked_sub(1)).filter(|i| *i < opts.len()) {
                return Some(i);
            }
        }
        let exact: Vec<usize> = (0..opts.len()).filter(|i| names(&opts[*i]).iter().any(|n| n == text)).collect();
        if let [i] = exact.as_slice() {
            return Some(*i);
        }
        let starts: Vec<usize> =
            (0..opts.len()).filter(|i| names(&opts[*i]).iter().any(|n| n.starts_with(text))).collect();
        match starts.as_slice() {
            [i] if !text.is_empty() => Some(*i),
            _ => exact.first().copied(),
        }
    };
    // Each word an item not named yet (its key or words), in order: their keys, or the first
    // word that names none.
    let items_named = |items: &[Opt], words: &[String]| -> Result<Vec<String>, String> {
        let mut taken = vec![false; items.len()];
        let mut keys = Vec::new();
        for word in words {
            let find = |taken: &[bool], w: &str| {
                (0..items.len()).find(|i| !taken[*i] && names(&items[*i]).iter().any(|n| n == w))
            };
            // A word that names no item may be items run together, each by one letter
            // (`444` for `4 4 4`).
            let whole = find(&taken, word).map(|i| vec![i]);
            let run = || {
                let mut now = taken.clone();
                let mut found = Vec::new();
                for c in word.chars() {
                    let i = find(&now, &c.to_string())?;
                    now[i] = true;
                    found.push(i);
                }
                (found.len() > 1).then_some(found)
            };
            let Some(found) = whole.or_else(run) else { return Err(word.clone()) };
            for i in found {
                taken[i] = true;
                keys.push(items[i].key.clone());
            }
        }
        Ok(keys)
    };
    // A word after an action's key that named none of its items; a word that is no face.
    let (mut item, mut face): (Option<String>, Option<String>) = (None, None);
    for form in &question.forms {
        match form {
            Form::One(opts) => {
                if let Some(i) = one(opts, &said.join(" "), said.len() == 1) {
                    return Ok(vec![opts[i].key.clone()]);
                }
            }
            Form::Some { action, items } => {
                let Some((first, rest)) = said.split_first() else { continue };
                if one(std::slice::from_ref(action), first, false).is_none() {
                    continue;
                }
                match items_named(items, rest) {
                    Ok(keys) => return Ok(std::iter::once(action.key.clone()).chain(keys).collect()),
                    Err(word) => _ = item.get_or_insert(word),
                }
            }
            Form::Faces { faces, .. } => {
                // A word of faces run together (`55712`) reads as each of its letters.
                let read_faces = |w: &String| -> Option<Vec<String>> {
                    let one_face = |w: &str| one(faces, w, false).map(|i| faces[i].key.clone());
                    let run = || w.chars().map(|c| one_face(&c.to_string())).collect::<Option<Vec<_>>>();
                    one_face(w).map(|k| vec![k]).or_else(|| run().filter(|keys| keys.len() > 1))
                };
                let keys: Result<Vec<String>, &String> =
                    said.iter().map(|w| read_faces(w).ok_or(w)).collect::<Result<Vec<_>, _>>().map(|k| k.concat());
                match keys {
                    Ok(keys) if !keys.is_empty() => return Ok(keys),
                    Ok(_) => {}
                    // The word that is no face (`7` in `5 5 7 1 2`), not the first.
                    Err(word) => _ = face.get_or_insert(word.clone()),
                }
            }
        }
    }
    let question = Box::new(question.clone());
    if let Some(word) = item {
        return Err(Refused::Item(word, question));
    }
    let text = said.join(" ");
    // Items alone, without their action (`4 4` for `keep 4 4`).
    let items_alone = |f: &Form| matches!(f, Form::Some { items, .. } if items_named(items, &said).is_ok());
    if !said.is_empty() && question.forms.iter().any(items_alone) {
        return Err(Refused::ActionFirst(text, question));
    }
    // A start several options have, in any language: each with the word that starts so.
    let several: Vec<(String, String)> = (question.options())
        .filter_map(|o| {
            let word = vocabulary(&o.label).into_iter().find(|w| fold_word(w).starts_with(&text));
            word.or_else(|| fold_word(&o.key).starts_with(&text).then(|| o.key.clone())).map(|w| (o.key.clone(), w))
        })
        .collect();
    Err(match several.len() > 1 && !text.is_empty() {
        true => Refused::Ambiguous(text, several, question),
        false => Refused::Unknown(face.or_else(|| said.first().cloned()).unwrap_or_default(), question),
    })
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::*;
    use crate::games::described::{Category, Described, Erased, Row, SetupOption, Sheet};
    use crate::games::live::{Applied, LiveGame, Place, Replay};

    /// A small game for the generic table: each turn the table enters two dice (the
    /// player whose turn it is rolls), then that player fills the box `high` (the higher
    /// die) or `low` (the lower), each once; two turns a player.
    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Dice2 {
        seats: usize,
        turn: usize,
        roll: Option<[u8; 2]>,
        boxes: Vec<[Option<u8>; 2]>,
        undo: Vec<Dice2Step>,
    }

    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
    enum Dice2Step {
        Roll([u8; 2]),
        Fill(usize),
        Undo,
    }

    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
    struct Dice2Setup {
        digital: Option<u64>,
    }

    #[derive(Debug, Clone, PartialEq, Eq)]
    enum Dice2Question {
        Roll(usize),
        Fill(usize),
    }

    impl Dice2 {
        fn player(&self) -> usize {
            self.turn % self.seats
        }
    }

    impl LiveGame for Dice2 {
        const ENGINE: &'static str = "dice2";
        type Rules = NoRules;
        type Setup = Dice2Setup;
        type Entry = Dice2Step;
        type SetupProblem = String;
        type EntryProblem = String;
        type Question = Dice2Question;
        type Choice = Dice2Step;
        type Happened = String;
        type Refusal = String;

        fn start(_: &NoRules, players: &[String], _: &Dice2Setup) -> Result<Dice2, String> {
            let seats = players.len();
            Ok(Dice2 { seats, turn: 0, roll: None, boxes: vec![[None; 2]; seats], undo: Vec::new() })
        }

        fn replay(
            r: &NoRules,
            p: &[String],
            s: &Dice2Setup,
            entries: &[Dice2Step],
        ) -> Result<Dice2, Replay<String, String>> {
            let mut g = Dice2::start(r, p, s).map_err(Replay::Setup)?;
            for (i, e) in entries.iter().enumerate() {
                match e {
                    Dice2Step::Undo => g.undo(r).map(|_| ()),
                    _ => g.apply(r, None, e.clone()).map(|_| ()),
                }
                .map_err(|why| Replay::Entry(i, why))?;
            }
            Ok(g)
        }

        fn questions(&self, _: &NoRules, seat: Option<usize>) -> Vec<Dice2Question> {
            if self.finished() {
                return Vec::new();
            }
            match (seat, self.roll) {
                (None, None) => vec![Dice2Question::Roll(self.player())],
                (Some(p), Some(_)) if p == self.player() => vec![Dice2Question::Fill(p)],
                _ => Vec::new(),
            }
        }

        fn apply(&mut self, _: &NoRules, _: Option<usize>, c: Dice2Step) -> Result<Applied<Dice2Step, String>, String> {
            let happened = match (&c, self.roll) {
                (Dice2Step::Roll(d), None) if d.iter().all(|f| (1..=6).contains(f)) => {
                    self.roll = Some(*d);
                    format!("rolled {} {}", d[0], d[1])
                }
                (Dice2Step::Fill(b), Some(d)) if *b < 2 && self.boxes[self.player()][*b].is_none() => {
                    let v = if *b == 0 { d[0].max(d[1]) } else { d[0].min(d[1]) };
                    let p = self.player();
                    self.boxes[p][*b] = Some(v);
                    self.roll = None;
                    self.turn += 1;
                    format!("{v} in box {b}")
                }
                _ => return Err("not now".into()),
            };
            self.undo.push(c.clone());
            Ok(Applied { entry: c, happened: vec![happened] })
        }

        fn undo(&mut self, r: &NoRules) -> Result<Dice2Step, String> {
            let mut steps = std::mem::take(&mut self.undo);
            steps.pop().ok_or("nothing")?;
            let names = vec![String::new(); self.seats];
            *self = Dice2::replay(r, &names, &Dice2Setup { digital: None }, &steps).map_err(|_| "replay")?;
            Ok(Dice2Step::Undo)
        }

        fn finished(&self) -> bool {
            self.turn >= 2 * self.seats
        }

        fn outcome(&self, _: &NoRules) -> Option<Outcome> {
            let totals: Vec<i64> = self.boxes.iter().map(|b| b.iter().flatten().map(|v| i64::from(*v)).sum()).collect();
            let ranks = crate::games::live::places(&totals);
            self.finished()
                .then(|| Outcome::Ranked(totals.iter().zip(ranks).map(|(s, rank)| Place { score: *s, rank }).collect()))
        }
    }

    impl Described for Dice2 {
        fn setup_options(_: &NoRules) -> Vec<SetupOption> {
            Vec::new()
        }
        fn setup(_: &NoRules, _: &[String], _: &[(String, String)]) -> Result<Dice2Setup, Message> {
            Ok(Dice2Setup { digital: None })
        }
        fn setup_problem(_: &NoRules, p: &String) -> Message {
            Message::new("test.setup").with("why", p.as_str())
        }
        fn entry_problem(_: &NoRules, _: &Dice2Setup, p: &String) -> Message {
            Message::new("test.entry").with("why", p.as_str())
        }
        fn question(&self, _: &NoRules, q: &Dice2Question) -> Question {
            let face = |f: u8| Opt::new(f.to_string(), Message::new("test.face").with("n", i64::from(f)));
            match q {
                Dice2Question::Roll(p) => Question {
                    seat: Some(*p),
                    prompt: Message::new("test.roll"),
                    forms: vec![Form::Faces { count: 2, faces: (1..=6).map(face).collect() }],
                },
                Dice2Question::Fill(p) => {
                    let open = (0..2).filter(|b| self.boxes[*p][*b].is_none());
                    let opt = |b: usize| Opt {
                        mark: Some(["high", "low"][b].into()),
                        ..Opt::new(["high", "low"][b], Message::new(["test.high", "test.low"][b]))
                    };
                    Question {
                        seat: Some(*p),
                        prompt: Message::new("test.fill"),
                        forms: vec![Form::One(open.map(opt).collect())],
                    }
                }
            }
        }
        fn choice(&self, _: &NoRules, q: &Dice2Question, keys: &[String]) -> Result<Dice2Step, Message> {
            let bad = || Message::new("test.bad");
            match q {
                Dice2Question::Roll(_) => {
                    let faces: Vec<u8> = keys.iter().map(|k| k.parse().map_err(|_| bad())).collect::<Result<_, _>>()?;
                    <[u8; 2]>::try_from(faces).map(Dice2Step::Roll).map_err(|_| bad())
                }
                Dice2Question::Fill(_) => match keys {
                    [k] if k == "high" => Ok(Dice2Step::Fill(0)),
                    [k] if k == "low" => Ok(Dice2Step::Fill(1)),
                    _ => Err(bad()),
                },
            }
        }
        fn happened(&self, _: &NoRules, h: &String) -> Message {
            Message::new("test.happened").with("what", h.as_str())
        }
        fn refusal(&self, _: &NoRules, r: &String) -> Message {
            Message::new("test.refused").with("why", r.as_str())
        }
        fn sheet(&self, _: &NoRules, seat: usize) -> Sheet {
            let rows = (0..2)
                .map(|b| Row {
                    key: Some(["high", "low"][b].into()),
                    label: Message::new("test.box"),
                    value: self.boxes[seat][b].map(i64::from),
                })
                .collect();
            Sheet { rows }
        }
        fn automatic(&self, _: &NoRules, setup: &Dice2Setup) -> Option<(Option<usize>, Dice2Step)> {
            let seed = setup.digital?;
            (self.roll.is_none() && !self.finished()).then(|| {
                let mut rng = crate::rng::Rng::new(seed + self.turn as u64);
                (None, Dice2Step::Roll([1 + rng.below(6) as u8, 1 + rng.below(6) as u8]))
            })
        }
        fn categories(&self, _: &NoRules, seat: usize) -> Vec<Category> {
            let points = self.boxes[seat].iter().flatten().map(|v| i64::from(*v)).sum();
            vec![Category { id: "boxes".into(), label: Message::new("test.boxes"), points }]
        }
    }

    /// A save in memory.
    #[derive(Default)]
    struct Lines(Vec<Value>);

    impl Save<Value> for Lines {
        fn append(&mut self, entry: &Value) -> Result<(), crate::games::live::AppendError> {
            self.0.push(entry.clone());
            Ok(())
        }
    }

    /// A scenario at the small game's table of Ann and Bob (digital dice of a seed, or
    /// entered): the door's calls as screens make them, each at the version the table
    /// shows now (a call at an older one goes through the table itself).
    struct Scene(AnyTable<Lines>);

    impl std::ops::Deref for Scene {
        type Target = AnyTable<Lines>;
        fn deref(&self) -> &AnyTable<Lines> {
            &self.0
        }
    }

    impl std::ops::DerefMut for Scene {
        fn deref_mut(&mut self) -> &mut AnyTable<Lines> {
            &mut self.0
        }
    }

    impl Scene {
        fn new(digital: Option<u64>) -> Scene {
            let names = vec!["Ann".to_string(), "Bob".to_string()];
            let setup = serde_json::to_value(Dice2Setup { digital }).unwrap();
            let game =
                Erased::<Dice2>::ENGINE.open(&fake_rules(), &names, &setup, &[]).unwrap_or_else(|_| panic!("opens"));
            let words: Words = Box::new(|m: &Message| vec![m.key.to_string()]);
            Scene(AnyTable::new(game, 2, Lines::default(), 0, words))
        }

        /// `screen` says `said`, at the version it shows now.
        fn said(&mut self, screen: Screen, said: Said) -> Result<(), Refused> {
            let v = self.version();
            self.0.answer(screen, v, said)
        }

        /// A seat's page enters a roll's faces.
        fn faces(&mut self, seat: usize, faces: &[&str]) -> Result<(), Refused> {
            self.said(Screen::Seat(seat), Said::Faces(faces.iter().map(|f| f.to_string()).collect()))
        }

        /// A line typed at the terminal.
        fn typed(&mut self, line: &str) -> Result<(), Refused> {
            self.said(Screen::Host, Said::entry(line))
        }

        /// `screen`'s undo, at the version it shows now.
        fn undo_by(&mut self, screen: Screen) -> Result<(), Refused> {
            let v = self.version();
            self.0.undo(screen, v)
        }
    }

    /// The rules of the small game: none of its own.
    #[derive(Debug, Clone)]
    struct NoRules;

    impl crate::games::Compiled for NoRules {
        fn id(&self) -> &str {
            "dice2"
        }
        fn names(&self) -> &crate::games::Names {
            static NAMES: std::sync::OnceLock<crate::games::Names> = std::sync::OnceLock::new();
            NAMES.get_or_init(|| crate::games::Names { en: "Dice2".into(), de: None, fr: None })
        }
        fn bgg_id(&self) -> Option<u32> {
            None
        }
        fn players(&self) -> (u32, u32) {
            (1, 4)
        }
        fn boxed(&self) -> Box<dyn crate::games::Compiled> {
            Box::new(self.clone())
        }
        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
        fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
            self
        }
    }

    fn fake_rules() -> crate::games::Game {
        crate::games::Game::new("dice2", NoRules)
    }

    #[test]
    fn any_described_game_is_played_through_the_one_door() {
        let mut t = Scene::new(None);
        // The table's question, entered on the roller's page: Ann's; Bob is told it is hers.
        let offer = t.offers(Screen::Seat(0)).remove(0);
        assert_eq!((offer.seat, offer.question.seat), (None, Some(0)));
        assert!(t.offers(Screen::Seat(1)).is_empty());
        let v = t.version();
        assert!(matches!(t.faces(1, &["3", "5"]), Err(Refused::Theirs(0))));
        t.faces(0, &["3", "5"]).unwrap();
        // The same page's second tap on the same question, at the version it saw, is stale.
        assert!(matches!(t.answer(Screen::Seat(0), v, Said::Faces(vec!["1".into(), "1".into()])), Err(Refused::Stale)));
        // Ann's box by a typed word (its key), at the terminal; a word that names nothing.
        assert!(matches!(t.typed("middle"), Err(Refused::Unknown(w, _)) if w == "middle"));
        t.check(Screen::Host, t.version(), &Said::entry("hi")).unwrap();
        t.typed("hi").unwrap();
        assert_eq!(t.game().sheet(0).rows[0].value, Some(5));
        let told = t.take_told();
        assert_eq!(told.len(), 2, "{told:?}");
        assert!(
            matches!(&told[1], Told::Answered { by: Some(Screen::Host), seat: Some(0), keys, .. } if keys == &["high"])
        );
        // Ann's own undo from her page takes back her box, one line; Bob cannot.
        assert!(matches!(t.undo_by(Screen::Seat(1)), Err(Refused::NotYourAnswer(Some(0)))));
        t.undo_by(Screen::Seat(0)).unwrap();
        assert_eq!(t.game().sheet(0).rows[0].value, None);
        assert_eq!(t.save().0.len(), 3);
        // Played to the end from the pages, then replayed from the save.
        for dice in [["4", "2"], ["6", "6"], ["1", "2"], ["3", "3"], ["5", "1"]] {
            let Some(offer) = (0..2).find_map(|s| t.offers(Screen::Seat(s)).into_iter().next().map(|o| (s, o))) else {
                break;
            };
            let (s, offer) = offer;
            let said = match offer.question.forms[0] {
                Form::Faces { .. } => Said::Faces(dice.iter().map(|d| d.to_string()).collect()),
                Form::One(ref opts) => Said::links(&[&opts[0].key]),
                _ => unreachable!(),
            };
            t.said(Screen::Seat(s), said).unwrap();
        }
        let lines = t.save().0.clone();
        let again = Erased::<Dice2>::ENGINE
            .open(&fake_rules(), &["Ann".into(), "Bob".into()], &serde_json::json!({"digital": null}), &lines)
            .unwrap_or_else(|_| panic!("replays"));
        assert_eq!(again.sheet(0), t.game().sheet(0));
    }

    #[test]
    fn digital_dice_are_rolled_by_the_table_and_taken_back_with_the_answer_before_them() {
        let mut t = Scene::new(Some(7));
        assert!(
            t.offers(Screen::Seat(0))[0].question.forms.iter().any(|f| matches!(f, Form::One(_))),
            "rolled at once"
        );
        t.said(Screen::Seat(0), Said::links(&["low"])).unwrap();
        assert_eq!(t.save().0.len(), 3, "Ann's roll, her box, Bob's roll");
        t.undo_by(Screen::Host).unwrap();
        assert_eq!(t.save().0.len(), 5, "two undo lines: Bob's roll and Ann's box");
        assert_eq!(t.game().sheet(0).rows[1].value, None);
        assert!(matches!(t.undo_by(Screen::Host), Err(Refused::NoUndo)), "deckhand's own roll stays");
    }
}
