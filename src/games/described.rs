//! A live game that describes itself to every screen, so that the generic terminal view and
//! the generic pages play it without a view of its own: its questions in neutral terms
//! (each way to answer one — an option, some items and an action, the faces of dice rolled
//! at the table — with keys and `Message`s), its sheet as rows, its news and refusals as
//! `Message`s, deckhand's own answers (digital dice), its setup options and the categories
//! the history records. `Erased` turns any such game into an `AnyGame`, the type-erased
//! game the generic table (`games::table::any`) runs, and its engine into a `LiveEngine`,
//! what the registry of engines (`games::ENGINES`) names.

use std::sync::Arc;

use serde_json::Value;

use super::live::{Applied, LiveGame, Outcome, Replay};
use crate::message::Message;

/// A question as any screen asks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// Whose question it is (None: the table's — dice to enter, who starts).
    pub seat: Option<usize>,
    /// The question, in words.
    pub prompt: Message,
    /// The ways it may be answered.
    pub forms: Vec<Form>,
}

impl Question {
    /// The options answered by their key alone (every `Form::One`'s), in order.
    pub fn options(&self) -> impl Iterator<Item = &Opt> {
        self.forms.iter().flat_map(|form| match form {
            Form::One(opts) => opts.as_slice(),
            _ => &[],
        })
    }
}

/// One way a question may be answered; an answer is the keys it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Form {
    /// One of the options: answered by its key.
    One(Vec<Opt>),
    /// Some of the items, then the action (keep these dice, roll again): answered by the
    /// action's key, then the items' keys.
    Some {
        /// The action.
        action: Opt,
        /// The items, `on` where chosen now (the dice kept so far).
        items: Vec<Opt>,
    },
    /// The faces of `count` dice rolled at the table: answered by a face's key per die.
    Faces {
        /// How many dice.
        count: usize,
        /// The faces a die may show.
        faces: Vec<Opt>,
    },
}

/// An option, an item or a face.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opt {
    /// What an answer names it by (the same in every language).
    pub key: String,
    /// Its words.
    pub label: Message,
    /// What it does, where the label does not say it all.
    pub help: Option<Message>,
    /// The box of the sheet it marks (a row's key): tapping the box answers with it.
    pub mark: Option<String>,
    /// What it writes in that box (a five-dice box's points), shown faintly in the box
    /// until one is tapped.
    pub fills: Option<String>,
    /// An item chosen now (a die kept).
    pub on: bool,
}

impl Opt {
    /// An option with a key and its words.
    pub fn new(key: impl Into<String>, label: Message) -> Opt {
        Opt { key: key.into(), label, help: None, mark: None, fills: None, on: false }
    }
}

/// A seat's sheet as rows, top to bottom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    /// The rows.
    pub rows: Vec<Row>,
}

/// A row of a sheet: a box to fill, or a line the rules compute (a bonus, a total).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The box's key (what an option that fills it names in `Opt::mark`); None: computed.
    pub key: Option<String>,
    /// Its words.
    pub label: Message,
    /// What it holds (None: open).
    pub value: Option<i64>,
}

/// A category of the final score, as the history records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    /// Its id (the same in every language).
    pub id: String,
    /// Its words.
    pub label: Message,
    /// The points.
    pub points: i64,
}

/// An open decision weighed by the game's advisor (`hint`): every choice with its value,
/// best first.
#[derive(Debug, Clone, PartialEq)]
pub struct Advice {
    /// What the values are (the column's head: "expected final score").
    pub measure: Message,
    /// How the values read: points, or chances (0 to 1).
    pub unit: Unit,
    /// Every choice, best first.
    pub choices: Vec<Advised>,
}

/// How an advice's values read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Points (an expected score).
    Points,
    /// A chance from 0 to 1 (of winning), shown as a percentage.
    Chance,
}

/// What the advisor maximises for the player it advises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Aim {
    /// The chance of winning (with other players; alone, the score).
    #[default]
    Win,
    /// The expected final score.
    Score,
}

impl Aim {
    /// Its name on the command line and in JSON (`win`, `score`).
    pub fn name(self) -> &'static str {
        match self {
            Aim::Win => "win",
            Aim::Score => "score",
        }
    }
}

/// One choice of an open decision, weighed.
#[derive(Debug, Clone, PartialEq)]
pub struct Advised {
    /// The keys of the answer that makes it (as a tap sends them).
    pub keys: Vec<String>,
    /// Its words.
    pub label: Message,
    /// Its value (the higher the better).
    pub value: f64,
}

/// A choice of how a game is set up (engine flags as options: the dice, a variant).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupOption {
    /// Its name on the command line (`--set NAME=VALUE`).
    pub name: &'static str,
    /// The values it takes (empty: a number).
    pub values: Vec<String>,
    /// Its value when not given.
    pub default: String,
    /// What it chooses.
    pub help: Message,
}

/// A live game that describes itself (see the module's documentation).
pub trait Described:
    LiveGame<Rules: Clone + Send + Sync + 'static, Setup: Clone + Send + Sync> + Send + Sync + 'static
{
    /// Whether the game has an advisor (`advice`), so deckhand can play seats of it
    /// (`play --bots N`).
    const ADVISED: bool = false;

    /// The setup options of these rules.
    fn setup_options(rules: &Self::Rules) -> Vec<SetupOption>;

    /// The setup the options given make (`--set NAME=VALUE`; the rest at their defaults)
    /// for `players`, or why not.
    fn setup(rules: &Self::Rules, players: &[String], options: &[(String, String)]) -> Result<Self::Setup, Message>;

    /// Why a setup does not fit, in words.
    fn setup_problem(rules: &Self::Rules, problem: &Self::SetupProblem) -> Message;

    /// Why an entry of a game set up so does not replay, in words.
    fn entry_problem(rules: &Self::Rules, setup: &Self::Setup, problem: &Self::EntryProblem) -> Message;

    /// A question in neutral terms.
    fn question(&self, rules: &Self::Rules, question: &Self::Question) -> Question;

    /// The choice the keys of an answer name (a tap's keys, or a typed line's words read
    /// into keys) at `question`, or why they name none.
    fn choice(&self, rules: &Self::Rules, question: &Self::Question, keys: &[String]) -> Result<Self::Choice, Message>;

    /// What happened, in words.
    fn happened(&self, rules: &Self::Rules, happened: &Self::Happened) -> Message;

    /// Why an answer or an undo was refused (in this game), in words.
    fn refusal(&self, rules: &Self::Rules, refusal: &Self::Refusal) -> Message;

    /// A seat's sheet.
    fn sheet(&self, rules: &Self::Rules, seat: usize) -> Sheet;

    /// A seat's sheet as the sheet file `check` and `score` read (written beside the save
    /// when the game ends); None for a game without sheet files.
    fn sheet_file(&self, _rules: &Self::Rules, _seat: usize) -> Option<String> {
        None
    }

    /// deckhand's own answer to the question at the front, if it gives one (digital dice
    /// rolled by the setup's seed): whose question it is and the choice.
    fn automatic(&self, rules: &Self::Rules, setup: &Self::Setup) -> Option<(Option<usize>, Self::Choice)>;

    /// A seat's final score by category (for the final table and the history).
    fn categories(&self, rules: &Self::Rules, seat: usize) -> Vec<Category>;

    /// The advisor's weighing of the decision `seat` has open now (`hint`): None where the
    /// game has no advisor or the seat has nothing to decide; may take a while the first
    /// time (a table built). `aim`: what the advice maximises, where the game's advisor
    /// can do either.
    fn advice(&self, _rules: &Self::Rules, _seat: usize, _aim: Aim) -> Option<Result<Advice, Message>> {
        None
    }
}

/// A live game of any engine, its types behind neutral values: what the generic table runs.
pub trait AnyGame: Send + Sync {
    /// The questions open for a seat (None: the table's own), the one at the front first.
    fn questions(&self, seat: Option<usize>) -> Vec<Question>;
    /// Apply the answer of `seat` (None: the table) that `keys` name to its first open
    /// question: the save's entry and what happened, or why not (nothing changed).
    fn answer(&mut self, seat: Option<usize>, keys: &[String]) -> Result<Applied<Value, Message>, Message>;
    /// deckhand's own answer to the question at the front, applied (None: a person is
    /// asked): whose question it was, the entry and what happened.
    fn automatic(&mut self) -> Option<Result<Automatic, Message>>;
    /// Take back the last answer: the save's entry.
    fn undo(&mut self) -> Result<Value, Message>;
    /// The game is over.
    fn finished(&self) -> bool;
    /// How it ended; None while it goes on.
    fn outcome(&self) -> Option<Outcome>;
    /// A seat's sheet.
    fn sheet(&self, seat: usize) -> Sheet;
    /// A seat's sheet as a sheet file (None: the game has none).
    fn sheet_file(&self, seat: usize) -> Option<String>;
    /// A seat's final score by category.
    fn categories(&self, seat: usize) -> Vec<Category>;
    /// A copy (to check an answer on).
    fn boxed(&self) -> Box<dyn AnyGame>;
    /// The advisor's weighing of the decision `seat` has open, aiming at `aim` (None:
    /// nothing to weigh).
    fn advice(&self, seat: usize, aim: Aim) -> Option<Result<Advice, Message>>;
}

/// deckhand's own answer, applied: whose question it was (None: the table's), the save's
/// entry and what happened.
pub type Automatic = (Option<usize>, Applied<Value, Message>);

/// An engine that plays its games live through the generic table: what the registry names.
pub trait LiveEngine: Sync {
    /// The engine's id (as saves name it).
    fn id(&self) -> &'static str;
    /// Whether its games have an advisor, so deckhand can play seats (`play --bots N`).
    fn advised(&self) -> bool;
    /// The setup options of a game's rules (None: not this engine's rules).
    fn setup_options(&self, game: &super::Game) -> Option<Vec<SetupOption>>;
    /// The setup the options make, as a save's header stores it.
    fn setup(&self, game: &super::Game, players: &[String], options: &[(String, String)]) -> Result<Value, Message>;
    /// A new game, or the game a save's entries rebuild (entry `i` that does not replay,
    /// with why).
    fn open(
        &self,
        game: &super::Game,
        players: &[String],
        setup: &Value,
        entries: &[Value],
    ) -> Result<Box<dyn AnyGame>, Replay<Message, Message>>;
}

/// A described game with its rules and setup, as an `AnyGame`; and, as a value of its own
/// (`Erased::<G>::ENGINE`), its engine as a `LiveEngine`.
pub struct Erased<G: Described> {
    rules: Arc<G::Rules>,
    setup: G::Setup,
    game: G,
}

impl<G: Described> Erased<G> {
    /// The engine of `G`, for the registry.
    pub const ENGINE: &'static dyn LiveEngine = &EngineOf::<G>(std::marker::PhantomData);

    fn applied(&self, applied: Applied<G::Entry, G::Happened>) -> Applied<Value, Message> {
        Applied {
            entry: serde_json::to_value(&applied.entry).expect("entries serialise"),
            happened: applied.happened.iter().map(|h| self.game.happened(&self.rules, h)).collect(),
        }
    }
}

impl<G: Described> AnyGame for Erased<G> {
    fn questions(&self, seat: Option<usize>) -> Vec<Question> {
        self.game.questions(&self.rules, seat).iter().map(|q| self.game.question(&self.rules, q)).collect()
    }

    fn answer(&mut self, seat: Option<usize>, keys: &[String]) -> Result<Applied<Value, Message>, Message> {
        let question = self.game.questions(&self.rules, seat).into_iter().next();
        let Some(question) = question else {
            return Err(crate::msg!("games.table.nothing_asked"));
        };
        let choice = self.game.choice(&self.rules, &question, keys)?;
        let mut next = self.game.clone();
        let applied = next.apply(&self.rules, seat, choice).map_err(|r| self.game.refusal(&self.rules, &r))?;
        self.game = next;
        Ok(self.applied(applied))
    }

    fn automatic(&mut self) -> Option<Result<Automatic, Message>> {
        let (seat, choice) = self.game.automatic(&self.rules, &self.setup)?;
        let mut next = self.game.clone();
        Some(match next.apply(&self.rules, seat, choice) {
            Ok(applied) => {
                self.game = next;
                Ok((seat, self.applied(applied)))
            }
            Err(r) => Err(self.game.refusal(&self.rules, &r)),
        })
    }

    fn undo(&mut self) -> Result<Value, Message> {
        let mut next = self.game.clone();
        let entry = next.undo(&self.rules).map_err(|r| self.game.refusal(&self.rules, &r))?;
        self.game = next;
        Ok(serde_json::to_value(&entry).expect("entries serialise"))
    }

    fn finished(&self) -> bool {
        self.game.finished()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome(&self.rules)
    }

    fn sheet(&self, seat: usize) -> Sheet {
        self.game.sheet(&self.rules, seat)
    }

    fn sheet_file(&self, seat: usize) -> Option<String> {
        self.game.sheet_file(&self.rules, seat)
    }

    fn categories(&self, seat: usize) -> Vec<Category> {
        self.game.categories(&self.rules, seat)
    }

    fn boxed(&self) -> Box<dyn AnyGame> {
        Box::new(Erased::<G> { rules: Arc::clone(&self.rules), setup: self.setup.clone(), game: self.game.clone() })
    }

    fn advice(&self, seat: usize, aim: Aim) -> Option<Result<Advice, Message>> {
        self.game.advice(&self.rules, seat, aim)
    }
}

/// The engine of a described game, as the registry holds it.
struct EngineOf<G>(std::marker::PhantomData<fn() -> G>);

impl<G: Described> LiveEngine for EngineOf<G> {
    fn id(&self) -> &'static str {
        G::ENGINE
    }

    fn advised(&self) -> bool {
        G::ADVISED
    }

    fn setup_options(&self, game: &super::Game) -> Option<Vec<SetupOption>> {
        game.rules::<G::Rules>().map(G::setup_options)
    }

    fn setup(&self, game: &super::Game, players: &[String], options: &[(String, String)]) -> Result<Value, Message> {
        let rules =
            game.rules::<G::Rules>().ok_or_else(|| crate::msg!("games.table.other_engine", engine = G::ENGINE))?;
        let setup = G::setup(rules, players, options)?;
        Ok(serde_json::to_value(&setup).expect("setups serialise"))
    }

    fn open(
        &self,
        game: &super::Game,
        players: &[String],
        setup: &Value,
        entries: &[Value],
    ) -> Result<Box<dyn AnyGame>, Replay<Message, Message>> {
        let other = || Replay::Setup(crate::msg!("games.table.other_engine", engine = G::ENGINE));
        let rules = game.rules::<G::Rules>().ok_or_else(other)?;
        let setup: G::Setup = serde_json::from_value(setup.clone())
            .map_err(|e| Replay::Setup(crate::msg!("games.table.bad_setup", why = e.to_string())))?;
        let typed: Vec<G::Entry> = entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                serde_json::from_value(e.clone())
                    .map_err(|why| Replay::Entry(i, crate::msg!("games.table.bad_entry", why = why.to_string())))
            })
            .collect::<Result<_, _>>()?;
        let game = G::replay(rules, players, &setup, &typed).map_err(|r| match r {
            Replay::Setup(p) => Replay::Setup(G::setup_problem(rules, &p)),
            Replay::Entry(i, p) => Replay::Entry(i, G::entry_problem(rules, &setup, &p)),
        })?;
        Ok(Box::new(Erased::<G> { rules: Arc::new(rules.clone()), setup, game }))
    }
}

/// One decision of a saved game weighed by the game's advisor: which entry made it, whose it
/// was, the question, what was chosen and the best choice, each with its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Reviewed {
    /// The entry that answered it (0: the save's first entry).
    pub entry: usize,
    /// Whose decision it was.
    pub seat: usize,
    /// The question.
    pub question: Message,
    /// What was chosen.
    pub chosen: Advised,
    /// The best choice.
    pub best: Advised,
    /// Where the advisor plays to win (2+ players): what was chosen and the best choice,
    /// each with its chance of winning (0 to 1).
    pub to_win: Option<(Advised, Advised)>,
}

impl Reviewed {
    /// What the choice cost against the best (0 for a best choice).
    pub fn lost(&self) -> f64 {
        (self.best.value - self.chosen.value).max(0.0)
    }

    /// The chance of winning the choice cost against the advisor's best to win (0 to 1;
    /// None where the advisor does not play to win).
    pub fn lost_chance(&self) -> Option<f64> {
        self.to_win.as_ref().map(|(chosen, best)| (best.value - chosen.value).max(0.0))
    }
}

/// Every decision of a saved game (its `entries` after the header) that the game's advisor
/// weighs, in the order made; a decision taken back by an undo is left out. The chosen
/// answer is the advised choice whose answer writes the same entry (up to the order of the
/// items of a list: dice kept in any order). `progress(done, all)` after each entry. None:
/// the game has no advisor (a game with one where nothing was decided yet: no decisions).
pub fn review(
    engine: &dyn LiveEngine,
    game: &super::Game,
    players: &[String],
    setup: &Value,
    entries: &[Value],
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Option<Vec<Reviewed>>, Replay<Message, Message>> {
    let mut made: Vec<Option<Reviewed>> = Vec::new();
    // Whether any question was asked, and whether any met an advisor.
    let (mut asked_any, mut advised_any) = (false, false);
    for (i, entry) in entries.iter().enumerate() {
        let before = engine.open(game, players, setup, &entries[..i])?;
        let undo = before.boxed().undo().ok();
        if undo.as_ref() == Some(entry) {
            made.pop();
            progress(i + 1, entries.len());
            continue;
        }
        let seat = (0..players.len()).find(|s| !before.questions(Some(*s)).is_empty());
        let asked = seat.and_then(|s| Some((s, before.questions(Some(s)).into_iter().next()?)));
        // A review prices each decision in expected points against optimal solitaire play;
        // where the advisor plays to win, in the chance of winning too.
        let weighed = asked.as_ref().and_then(|(s, _)| weigh_entry(before.as_ref(), *s, entry));
        asked_any |= asked.is_some();
        advised_any |= weighed.is_some();
        let decided = match (asked, weighed) {
            (Some((seat, question)), Some(Ok(Some((chosen, best))))) => {
                let to_win =
                    weigh_to_win(before.as_ref(), seat, players.len(), &chosen).map_err(|why| Replay::Entry(i, why))?;
                Some(Reviewed { entry: i, seat, question: question.prompt, chosen, best, to_win })
            }
            (_, Some(Err(why))) => return Err(Replay::Entry(i, why)),
            _ => None,
        };
        made.push(decided);
        progress(i + 1, entries.len());
    }
    Ok((advised_any || !asked_any).then(|| made.into_iter().flatten().collect()))
}

/// The decision `seat` had open in `before`, answered by `entry`, weighed in expected points
/// (`review`, and the table's coach): the choice that makes `entry` and the best (None
/// inside: no choice advised makes it); None: the game has no advisor or nothing to weigh.
pub fn weigh_entry(
    before: &dyn AnyGame,
    seat: usize,
    entry: &Value,
) -> Option<Result<Option<(Advised, Advised)>, Message>> {
    let advice = match before.advice(seat, Aim::Score)? {
        Ok(advice) => advice,
        Err(why) => return Some(Err(why)),
    };
    let chosen = advice.choices.iter().find(|c| {
        let mut probe = before.boxed();
        probe.answer(Some(seat), &c.keys).is_ok_and(|a| same_entry(&a.entry, entry))
    });
    Some(Ok(chosen.zip(advice.choices.first()).map(|(chosen, best)| (chosen.clone(), best.clone()))))
}

/// A decision weighed for the chance of winning as well, where the advisor plays to win
/// (2+ players; its advice in chances): the choice with `chosen`'s keys and the best.
fn weigh_to_win(
    before: &dyn AnyGame,
    seat: usize,
    players: usize,
    chosen: &Advised,
) -> Result<Option<(Advised, Advised)>, Message> {
    if players < 2 {
        return Ok(None);
    }
    let Some(advice) = before.advice(seat, Aim::Win).transpose()? else { return Ok(None) };
    if advice.unit != Unit::Chance {
        return Ok(None);
    }
    let mine = advice.choices.iter().find(|c| c.keys == chosen.keys);
    Ok(mine.zip(advice.choices.first()).map(|(c, b)| (c.clone(), b.clone())))
}

/// Two entries the same, a list's items in any order.
fn same_entry(a: &Value, b: &Value) -> bool {
    fn norm(v: &Value) -> Value {
        match v {
            Value::Array(items) => {
                let mut items: Vec<Value> = items.iter().map(norm).collect();
                items.sort_by_key(|x| x.to_string());
                Value::Array(items)
            }
            Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (k.clone(), norm(v))).collect()),
            other => other.clone(),
        }
    }
    norm(a) == norm(b)
}
