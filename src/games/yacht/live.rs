//! The five-dice game played live (`games::live::LiveGame`): 1 to 8 players in seat order,
//! each turn up to three rolls keeping any dice, then one box scored (the joker rule
//! decides which boxes a further five of a kind may go into). The table answers the rolls
//! (dice it rolls from the setup's seed, or the faces of the table's own dice typed in);
//! the player at turn answers what to keep or which box to score. Questions, choices, what
//! happened and refusals are typed values: no words here.

use serde::{Deserialize, Serialize};

use super::{
    roll_of, score_sheet, Entry as BoxEntry, Offer, OptionProblem, Roll, Ruleset, Sheet, YachtRules, DICE, FACES, ROLLS,
};
use crate::games::described::{self, Category, Described, Form, Opt, SetupOption};
use crate::games::live::{places, Applied, LiveGame, Outcome, Place, Replay};
use crate::message::{Arg, Message};
use crate::msg;

/// Whose dice the game is played with; saved in the header.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Dice {
    /// The table rolls its own dice and types the faces.
    #[default]
    Physical,
    /// deckhand rolls the dice from the setup's seed (`YachtSetup::digital_answer`).
    Digital,
}

/// How a game was set up, as its save's header records it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct YachtSetup {
    /// The table's own dice, or dice deckhand rolls.
    pub dice: Dice,
    /// The seed of digital dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The rules file's options, in the order applied.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
}

impl YachtSetup {
    /// What deckhand answers itself with digital dice: the faces of the roll the table is
    /// asked for, drawn for the game's n-th roll from the seed (so an undone roll, rolled
    /// again, shows the same faces, and a resumed game the dice it would have had). None
    /// with the table's own dice, or when no roll is asked.
    pub fn digital_answer(&self, game: &Game) -> Option<Choice> {
        if self.dice != Dice::Digital {
            return None;
        }
        let Phase::Roll { kept } = &game.state.phase else { return None };
        let mut rng = crate::rng::Rng::stream(self.seed.unwrap_or(0), game.state.rolls_in_game);
        let faces = (0..DICE - kept.len()).map(|_| 1 + rng.below(usize::from(FACES)) as u8).collect();
        Some(Choice::Roll(faces))
    }
}

/// One line of the save after its header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// The faces of the dice rolled (the dice not kept).
    Roll(Vec<u8>),
    /// The faces kept before the next roll.
    Keep(Vec<u8>),
    /// The box scored, by id.
    Score(String),
    /// The last answer taken back.
    Undo,
}

/// A typed answer to a question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The faces of the dice rolled (as many as the question asks).
    Roll(Vec<u8>),
    /// Keep these faces (any of the dice showing, 0 to 4 of them) and roll the rest.
    Keep(Vec<u8>),
    /// Score this box (index into the ruleset's boxes).
    Score(usize),
}

/// A question the game asks now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Question {
    /// The table: the faces of the dice the player at turn rolls.
    Roll {
        /// The player at turn.
        seat: usize,
        /// The faces they keep.
        kept: Vec<u8>,
        /// How many dice are rolled.
        dice: usize,
        /// Which roll of the turn this is (1 to 3).
        roll: u8,
    },
    /// The player at turn: keep some dice and roll again, or score a box.
    Turn {
        /// The player.
        seat: usize,
        /// The dice showing, sorted.
        dice: Roll,
        /// Rolls made this turn (1 to 3).
        roll: u8,
        /// Rolls left this turn.
        rolls_left: u8,
        /// The boxes the dice may go into, with what each scores (the joker rule applied).
        offers: Vec<Offer>,
    },
}

/// What an answer made happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Happened {
    /// The player at turn rolled: the dice showing now.
    Rolled {
        /// The player.
        seat: usize,
        /// The dice showing, sorted.
        dice: Roll,
        /// Which roll of the turn (1 to 3).
        roll: u8,
    },
    /// The player kept these faces and rolls the rest.
    Kept {
        /// The player.
        seat: usize,
        /// The faces kept.
        kept: Vec<u8>,
    },
    /// The player scored a box.
    Scored {
        /// The player.
        seat: usize,
        /// The box.
        box_index: usize,
        /// Its points.
        points: i64,
        /// Scored as a joker.
        joker: bool,
        /// The extra bonus it earned.
        extra: i64,
        /// The upper bonus it earned (when this box reached the threshold).
        upper_bonus: i64,
    },
    /// The next player's turn.
    Turn {
        /// The player.
        seat: usize,
        /// Their turn number (1-based).
        turn: u32,
    },
    /// Every sheet is full: the game is over.
    Over,
}

/// Why an answer or an undo is not taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    Over,
    /// This seat (or the table) is asked nothing now.
    NotAsked,
    /// A roll of the wrong number of dice.
    DiceCount {
        /// Dice rolled.
        want: usize,
        /// Faces given.
        got: usize,
    },
    /// A face that is not 1 to 6.
    Face(u8),
    /// Faces kept that the dice do not show.
    NotShowing {
        /// The faces asked to keep.
        kept: Vec<u8>,
        /// The dice showing.
        dice: Roll,
    },
    /// Keeping all five dice: there is nothing to roll (score a box instead).
    KeepAll,
    /// No roll is left this turn: score a box.
    NoRollLeft,
    /// The box is filled.
    Filled {
        /// The box.
        box_index: usize,
    },
    /// The joker rule sends this five of a kind elsewhere.
    Joker {
        /// The box asked for.
        box_index: usize,
        /// The boxes it may go into.
        allowed: Vec<usize>,
    },
    /// No box of this ruleset (an index, or an id in a save).
    NoBox(String),
    /// Nothing to take back.
    NothingToUndo,
}

impl Refusal {
    /// The refusal as a message for the text layer.
    pub fn message(&self, rules: &Ruleset) -> crate::message::Message {
        use crate::message::Arg;
        use crate::msg;
        let name = |i: usize| Arg::from(&rules.boxes[i].name);
        let faces = |f: &[u8]| f.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        match self {
            Refusal::Over => msg!("games.yacht.refusal.over"),
            Refusal::NotAsked => msg!("games.yacht.refusal.not_asked"),
            Refusal::DiceCount { want, got } => msg!("games.yacht.refusal.dice_count", n = want, got = got),
            Refusal::Face(f) => msg!("games.yacht.refusal.face", face = f),
            Refusal::NotShowing { kept, dice } => {
                msg!("games.yacht.refusal.not_showing", kept = faces(kept), dice = faces(dice))
            }
            Refusal::KeepAll => msg!("games.yacht.refusal.keep_all"),
            Refusal::NoRollLeft => msg!("games.yacht.refusal.no_roll_left"),
            Refusal::Filled { box_index } => msg!("games.yacht.refusal.filled", name = name(*box_index)),
            Refusal::Joker { box_index, allowed } => {
                let list = Arg::List { items: allowed.iter().map(|i| name(*i)).collect(), separator: ", " };
                msg!("games.yacht.refusal.joker", name = name(*box_index), allowed = list)
            }
            Refusal::NoBox(id) => msg!("games.yacht.refusal.no_box", id = id),
            Refusal::NothingToUndo => msg!("games.yacht.refusal.nothing_to_undo"),
        }
    }
}

/// Why a setup does not fit the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupProblem {
    /// The options do not make a ruleset.
    Options(OptionProblem),
    /// Not 1 to 8 players (or outside the rules' range).
    Players {
        /// Seats given.
        n: usize,
        /// Fewest.
        min: u32,
        /// Most.
        max: u32,
    },
}

/// Where a turn stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// The table rolls the dice not kept.
    Roll {
        /// The faces kept.
        kept: Vec<u8>,
    },
    /// The player at turn decides.
    Decide {
        /// The dice showing, sorted.
        dice: Roll,
    },
    /// Every sheet is full.
    Over,
}

/// The game at one moment: its sheets and where the turn stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// One sheet per seat, with each box's dice and turn.
    pub sheets: Vec<Sheet>,
    /// The player at turn.
    pub seat: usize,
    /// Rolls made this turn.
    pub rolls: u8,
    /// Where the turn stands.
    pub phase: Phase,
    /// Rolls made in the whole game (the n of the n-th roll's digital dice).
    pub rolls_in_game: u64,
}

/// A five-dice game: its ruleset, its state and the states before each answer (for undo).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The rules it is played by (options applied).
    pub ruleset: Ruleset,
    /// The game now.
    pub state: State,
    history: Vec<State>,
}

impl Game {
    /// A new game of `players` seats (names, or none: seats without names).
    pub fn new(ruleset: Ruleset, players: usize, names: &[String]) -> Game {
        let sheets =
            (0..players).map(|p| Sheet::new(&ruleset, names.get(p).map(String::as_str).unwrap_or_default())).collect();
        let state = State { sheets, seat: 0, rolls: 0, phase: Phase::Roll { kept: Vec::new() }, rolls_in_game: 0 };
        Game { ruleset, state, history: Vec::new() }
    }

    /// The player's sheet.
    pub fn sheet(&self, seat: usize) -> &Sheet {
        &self.state.sheets[seat]
    }

    /// The boxes the dice showing may go into now, with what each scores.
    pub fn offers(&self) -> Vec<Offer> {
        match &self.state.phase {
            Phase::Decide { dice } => {
                let sheet = &self.state.sheets[self.state.seat];
                self.ruleset.offers(sheet.filled(), sheet.five_points(&self.ruleset), dice)
            }
            _ => Vec::new(),
        }
    }

    /// The player at turn's turn number (1-based): boxes filled + 1.
    pub fn turn(&self) -> u32 {
        self.state.sheets[self.state.seat].boxes.iter().flatten().count() as u32 + 1
    }

    /// Apply an answer to the state (the save's line for it and what happened), or why not.
    fn step(&mut self, seat: Option<usize>, choice: Choice) -> Result<(Entry, Vec<Happened>), Refusal> {
        let s = &mut self.state;
        let at_turn = s.seat;
        match (&s.phase, choice) {
            (Phase::Over, _) => Err(Refusal::Over),
            (Phase::Roll { kept }, Choice::Roll(faces)) if seat.is_none() => {
                let want = DICE - kept.len();
                if faces.len() != want {
                    return Err(Refusal::DiceCount { want, got: faces.len() });
                }
                if let Some(f) = faces.iter().find(|f| !(1..=FACES).contains(*f)) {
                    return Err(Refusal::Face(*f));
                }
                let all: Vec<u8> = kept.iter().chain(&faces).copied().collect();
                let dice = roll_of(&all).ok_or(Refusal::DiceCount { want, got: faces.len() })?;
                s.rolls += 1;
                s.rolls_in_game += 1;
                s.phase = Phase::Decide { dice };
                Ok((Entry::Roll(faces), vec![Happened::Rolled { seat: at_turn, dice, roll: s.rolls }]))
            }
            (Phase::Decide { dice }, Choice::Keep(kept)) if seat == Some(at_turn) => {
                if s.rolls >= ROLLS {
                    return Err(Refusal::NoRollLeft);
                }
                if kept.len() >= DICE {
                    return Err(Refusal::KeepAll);
                }
                let mut left = super::counts(dice);
                for f in &kept {
                    let c = left.get_mut(usize::from(*f)).filter(|c| (1..=FACES).contains(f) && **c > 0);
                    match c {
                        Some(c) => *c -= 1,
                        None => return Err(Refusal::NotShowing { kept: kept.clone(), dice: *dice }),
                    }
                }
                let mut kept = kept;
                kept.sort_unstable();
                s.phase = Phase::Roll { kept: kept.clone() };
                Ok((Entry::Keep(kept.clone()), vec![Happened::Kept { seat: at_turn, kept }]))
            }
            (Phase::Decide { dice }, Choice::Score(b)) if seat == Some(at_turn) => {
                let dice = *dice;
                let Some(category) = self.ruleset.boxes.get(b) else { return Err(Refusal::NoBox(b.to_string())) };
                let id = category.id.clone();
                let sheet = &s.sheets[at_turn];
                if sheet.boxes[b].is_some() {
                    return Err(Refusal::Filled { box_index: b });
                }
                let offers = self.ruleset.offers(sheet.filled(), sheet.five_points(&self.ruleset), &dice);
                let Some(offer) = offers.iter().find(|o| o.box_index == b).copied() else {
                    return Err(Refusal::Joker { box_index: b, allowed: offers.iter().map(|o| o.box_index).collect() });
                };
                let turn = sheet.boxes.iter().flatten().count() as u32 + 1;
                let before = score_sheet(&self.ruleset, sheet).upper_bonus;
                let sheet = &mut s.sheets[at_turn];
                sheet.boxes[b] = Some(BoxEntry { points: offer.points, dice: Some(dice), turn: Some(turn) });
                let upper_bonus = score_sheet(&self.ruleset, sheet).upper_bonus - before;
                let mut happened = vec![Happened::Scored {
                    seat: at_turn,
                    box_index: b,
                    points: offer.points,
                    joker: offer.joker,
                    extra: offer.extra,
                    upper_bonus,
                }];
                s.rolls = 0;
                if s.sheets.iter().all(|sh| sh.boxes.iter().all(Option::is_some)) {
                    s.phase = Phase::Over;
                    happened.push(Happened::Over);
                } else {
                    s.seat = (at_turn + 1) % s.sheets.len();
                    s.phase = Phase::Roll { kept: Vec::new() };
                    let turn = s.sheets[s.seat].boxes.iter().flatten().count() as u32 + 1;
                    happened.push(Happened::Turn { seat: s.seat, turn });
                }
                Ok((Entry::Score(id), happened))
            }
            _ => Err(Refusal::NotAsked),
        }
    }

    /// An entry of a save as the choice it records.
    pub(crate) fn choice_of(&self, entry: &Entry) -> Result<(Option<usize>, Choice), Refusal> {
        let seat = Some(self.state.seat);
        Ok(match entry {
            Entry::Roll(f) => (None, Choice::Roll(f.clone())),
            Entry::Keep(k) => (seat, Choice::Keep(k.clone())),
            Entry::Score(id) => {
                (seat, Choice::Score(self.ruleset.box_index(id).ok_or_else(|| Refusal::NoBox(id.clone()))?))
            }
            Entry::Undo => unreachable!("an undo is no choice"),
        })
    }
}

impl LiveGame for Game {
    const ENGINE: &'static str = "yacht";
    type Rules = YachtRules;
    type Setup = YachtSetup;
    type Entry = Entry;
    type SetupProblem = SetupProblem;
    type EntryProblem = Refusal;
    type Question = Question;
    type Choice = Choice;
    type Happened = Happened;
    type Refusal = Refusal;

    fn start(rules: &YachtRules, players: &[String], setup: &YachtSetup) -> Result<Game, SetupProblem> {
        let ruleset = rules.ruleset(&setup.options).map_err(SetupProblem::Options)?;
        let n = players.len();
        if n < rules.min_players as usize || n > rules.max_players as usize {
            return Err(SetupProblem::Players { n, min: rules.min_players, max: rules.max_players });
        }
        Ok(Game::new(ruleset, n, players))
    }

    fn replay(
        rules: &YachtRules,
        players: &[String],
        setup: &YachtSetup,
        entries: &[Entry],
    ) -> Result<Game, Replay<SetupProblem, Refusal>> {
        let mut game = Self::start(rules, players, setup).map_err(Replay::Setup)?;
        for (i, entry) in entries.iter().enumerate() {
            let done = match entry {
                Entry::Undo => game.undo(rules).map(|_| ()),
                e => game.choice_of(e).and_then(|(seat, c)| game.apply(rules, seat, c).map(|_| ())),
            };
            done.map_err(|e| Replay::Entry(i, e))?;
        }
        Ok(game)
    }

    fn questions(&self, _rules: &YachtRules, seat: Option<usize>) -> Vec<Question> {
        let s = &self.state;
        match (&s.phase, seat) {
            (Phase::Roll { kept }, None) => {
                vec![Question::Roll { seat: s.seat, kept: kept.clone(), dice: DICE - kept.len(), roll: s.rolls + 1 }]
            }
            (Phase::Decide { dice }, Some(p)) if p == s.seat => vec![Question::Turn {
                seat: p,
                dice: *dice,
                roll: s.rolls,
                rolls_left: ROLLS - s.rolls,
                offers: self.offers(),
            }],
            _ => Vec::new(),
        }
    }

    fn apply(
        &mut self,
        _rules: &YachtRules,
        seat: Option<usize>,
        choice: Choice,
    ) -> Result<Applied<Entry, Happened>, Refusal> {
        let before = self.state.clone();
        let (entry, happened) = self.step(seat, choice)?;
        self.history.push(before);
        Ok(Applied { entry, happened })
    }

    fn undo(&mut self, _rules: &YachtRules) -> Result<Entry, Refusal> {
        self.state = self.history.pop().ok_or(Refusal::NothingToUndo)?;
        Ok(Entry::Undo)
    }

    fn finished(&self) -> bool {
        self.state.phase == Phase::Over
    }

    fn outcome(&self, _rules: &YachtRules) -> Option<Outcome> {
        if !self.finished() {
            return None;
        }
        let keys: Vec<Vec<i64>> = self.state.sheets.iter().map(|s| super::rank_key(&self.ruleset, s)).collect();
        let ranks = places(&keys);
        Some(Outcome::Ranked(keys.iter().zip(ranks).map(|(k, rank)| Place { score: k[0], rank }).collect()))
    }
}

/// The five-dice game described to every screen (`games::described`): the generic terminal
/// view and the generic pages play it. The table's question is the roll (the faces of the
/// dice not kept, entered by the page of the player at turn, or rolled by deckhand with
/// digital dice); the player's is which dice to keep (`keep` and the dice, a toggle each on
/// a page) or which box to score (a box of the sheet, tapped on a page).
impl Described for Game {
    const ADVISED: bool = true;

    fn setup_options(rules: &YachtRules) -> Vec<SetupOption> {
        vec![
            SetupOption {
                name: "dice",
                values: vec!["physical".into(), "digital".into()],
                default: "physical".into(),
                help: msg!("games.yacht.setup.dice"),
            },
            SetupOption { name: "seed", values: Vec::new(), default: "0".into(), help: msg!("games.yacht.setup.seed") },
            SetupOption {
                name: "option",
                values: rules.options.iter().map(|o| o.id.clone()).collect(),
                default: String::new(),
                help: msg!("games.yacht.setup.option"),
            },
        ]
    }

    fn setup(rules: &YachtRules, _players: &[String], options: &[(String, String)]) -> Result<YachtSetup, Message> {
        let mut setup = YachtSetup::default();
        for (name, value) in options {
            match name.as_str() {
                "dice" => {
                    setup.dice = match value.as_str() {
                        "digital" => Dice::Digital,
                        "physical" => Dice::Physical,
                        _ => return Err(msg!("games.yacht.setup.bad_dice", value = value)),
                    }
                }
                "seed" => {
                    let seed = value.parse().map_err(|_| msg!("games.yacht.setup.bad_seed", value = value))?;
                    setup.seed = Some(seed);
                }
                "option" => setup.options.push(value.clone()),
                _ => match crate::source::closest(name, &["dice", "seed", "option"]) {
                    Some(near) => return Err(msg!("games.yacht.setup.unknown_near", name = name, near = near)),
                    None => return Err(msg!("games.yacht.setup.unknown", name = name)),
                },
            }
        }
        rules.ruleset(&setup.options).map_err(|p| p.message())?;
        Ok(setup)
    }

    fn setup_problem(_rules: &YachtRules, problem: &SetupProblem) -> Message {
        match problem {
            SetupProblem::Options(p) => p.message(),
            SetupProblem::Players { n, min, max } => msg!("games.yacht.setup.players", n = n, min = min, max = max),
        }
    }

    fn entry_problem(rules: &YachtRules, setup: &YachtSetup, problem: &Refusal) -> Message {
        match rules.ruleset(&setup.options) {
            Ok(ruleset) => problem.message(&ruleset),
            Err(p) => p.message(),
        }
    }

    fn question(&self, _rules: &YachtRules, question: &Question) -> described::Question {
        let name = |seat: usize| self.state.sheets[seat].player.clone();
        let face = |f: u8| Opt::new(f.to_string(), msg!("games.yacht.live.face", face = f));
        match question {
            Question::Roll { seat, kept, dice, roll } => described::Question {
                seat: Some(*seat),
                prompt: match kept.is_empty() {
                    true => msg!("games.yacht.live.roll", name = name(*seat), n = dice, roll = roll),
                    false => msg!(
                        "games.yacht.live.roll_keeping",
                        name = name(*seat),
                        n = dice,
                        roll = roll,
                        kept = faces(kept)
                    ),
                },
                forms: vec![Form::Faces { count: *dice, faces: (1..=FACES).map(face).collect() }],
            },
            Question::Turn { seat, dice, rolls_left, offers, .. } => {
                let mut forms = Vec::new();
                if *rolls_left > 0 {
                    let items = dice.iter().enumerate().map(|(i, f)| Opt::new(format!("d{}", i + 1), face(*f).label));
                    forms.push(Form::Some {
                        action: Opt::new("keep", msg!("games.yacht.live.keep")),
                        items: items.collect(),
                    });
                }
                let boxes = offers.iter().map(|o| {
                    let category = &self.ruleset.boxes[o.box_index];
                    let label = match o.joker {
                        true => msg!("games.yacht.live.box_joker", name = &category.name, points = o.points),
                        false => msg!("games.yacht.live.box", name = &category.name, points = o.points),
                    };
                    Opt {
                        mark: Some(category.id.clone()),
                        fills: Some(o.points.to_string()),
                        ..Opt::new(category.id.clone(), label)
                    }
                });
                forms.push(Form::One(boxes.collect()));
                let prompt = match *rolls_left {
                    0 => msg!("games.yacht.live.score", name = name(*seat), dice = faces(dice)),
                    left => msg!("games.yacht.live.turn", name = name(*seat), dice = faces(dice), left = left),
                };
                described::Question { seat: Some(*seat), prompt, forms }
            }
        }
    }

    fn choice(&self, _rules: &YachtRules, question: &Question, keys: &[String]) -> Result<Choice, Message> {
        let unknown = |key: &str| msg!("games.yacht.live.unknown", key = key);
        match question {
            Question::Roll { .. } => {
                let faces = keys.iter().map(|k| k.parse::<u8>().map_err(|_| unknown(k))).collect::<Result<_, _>>()?;
                Ok(Choice::Roll(faces))
            }
            Question::Turn { dice, .. } => match keys.split_first() {
                Some((action, dice_keys)) if action == "keep" => {
                    let mut taken = [false; DICE];
                    let mut kept = Vec::new();
                    for key in dice_keys {
                        let i = (key.strip_prefix('d').and_then(|n| n.parse::<usize>().ok()))
                            .and_then(|n| n.checked_sub(1))
                            .filter(|i| *i < DICE && !taken[*i])
                            .ok_or_else(|| unknown(key))?;
                        taken[i] = true;
                        kept.push(dice[i]);
                    }
                    Ok(Choice::Keep(kept))
                }
                Some((id, [])) => self.ruleset.box_index(id).map(Choice::Score).ok_or_else(|| unknown(id)),
                _ => Err(unknown(&keys.join(" "))),
            },
        }
    }

    fn happened(&self, _rules: &YachtRules, happened: &Happened) -> Message {
        let name = |seat: &usize| self.state.sheets[*seat].player.clone();
        match happened {
            Happened::Rolled { seat, dice, roll } => {
                msg!("games.yacht.live.rolled", name = name(seat), dice = faces(dice), roll = roll)
            }
            Happened::Kept { seat, kept } if kept.is_empty() => msg!("games.yacht.live.kept_none", name = name(seat)),
            Happened::Kept { seat, kept } => msg!("games.yacht.live.kept", name = name(seat), kept = faces(kept)),
            Happened::Scored { seat, box_index, points, joker, extra, upper_bonus } => {
                let mut more = Vec::new();
                if *joker {
                    more.push(Arg::from(msg!("games.yacht.live.as_joker")));
                }
                if *extra > 0 {
                    more.push(Arg::from(msg!("games.yacht.live.extra", points = extra)));
                }
                if *upper_bonus > 0 {
                    more.push(Arg::from(msg!("games.yacht.live.upper_bonus", points = upper_bonus)));
                }
                msg!(
                    "games.yacht.live.scored",
                    name = name(seat),
                    points = points,
                    which = &self.ruleset.boxes[*box_index].name,
                    more = Arg::List { items: more, separator: "" }
                )
            }
            Happened::Turn { seat, turn } => {
                msg!("games.yacht.live.next", name = name(seat), turn = turn, turns = self.ruleset.boxes.len())
            }
            Happened::Over => msg!("games.yacht.live.over"),
        }
    }

    fn refusal(&self, _rules: &YachtRules, refusal: &Refusal) -> Message {
        refusal.message(&self.ruleset)
    }

    /// With the dice and the turn of every box, as the game recorded them.
    fn sheet_file(&self, rules: &YachtRules, seat: usize) -> Option<String> {
        Some(super::write_sheet(&rules.id, &self.ruleset, &self.state.sheets[seat]))
    }

    fn sheet(&self, _rules: &YachtRules, seat: usize) -> described::Sheet {
        let rules = &self.ruleset;
        let sheet = &self.state.sheets[seat];
        let s = score_sheet(rules, sheet);
        let row = |c: &super::Category, e: &Option<BoxEntry>| described::Row {
            key: Some(c.id.clone()),
            label: msg!("games.yacht.box_name", name = &c.name),
            value: e.as_ref().map(|e| e.points),
        };
        let sum = |label: Message, value: i64| described::Row { key: None, label, value: Some(value) };
        let boxes = rules.boxes.iter().zip(&sheet.boxes);
        let mut rows: Vec<described::Row> =
            boxes.clone().filter(|(c, _)| c.kind.upper()).map(|(c, e)| row(c, e)).collect();
        rows.push(sum(msg!("games.yacht.upper"), s.upper));
        rows.push(sum(msg!("games.yacht.upper_bonus"), s.upper_bonus));
        rows.extend(boxes.filter(|(c, _)| !c.kind.upper()).map(|(c, e)| row(c, e)));
        rows.push(sum(msg!("games.yacht.extra_bonus"), s.extra));
        rows.push(sum(msg!("games.yacht.live.total"), s.total));
        described::Sheet { rows }
    }

    fn automatic(&self, _rules: &YachtRules, setup: &YachtSetup) -> Option<(Option<usize>, Choice)> {
        setup.digital_answer(self).map(|choice| (None, choice))
    }

    fn categories(&self, _rules: &YachtRules, seat: usize) -> Vec<Category> {
        let points = super::category_points(&score_sheet(&self.ruleset, &self.state.sheets[seat]));
        (super::CATEGORIES.iter().zip(points))
            .map(|(id, points)| Category { id: id.to_string(), label: super::category_label(id), points })
            .collect()
    }

    fn advice(
        &self,
        _rules: &YachtRules,
        seat: usize,
        aim: described::Aim,
    ) -> Option<Result<described::Advice, Message>> {
        let (Phase::Decide { dice }, true) = (&self.state.phase, seat == self.state.seat) else { return None };
        Some(self.weigh(dice, aim).map_err(|e| e.message()))
    }
}

impl Game {
    /// Every keep and every box for the dice showing, with its exact expected final score
    /// (the solver's table, from the data folder or built there the first time); or, with
    /// other players and `aim` to win, with the chance of winning after it
    /// ([`super::solver::Solver::win_turn`]: the spread table kept beside the values).
    fn weigh(&self, dice: &Roll, aim: described::Aim) -> Result<described::Advice, super::solver::SolverError> {
        use super::solver::{Move, Solver};
        let seat = self.state.seat;
        let rolls_left = ROLLS - self.state.rolls;
        let to_win = aim == described::Aim::Win && self.state.sheets.len() > 1;
        let (hint, unit, measure) = if to_win {
            let solver = Solver::shared_with_spread(&self.ruleset)?;
            let others: Vec<&Sheet> =
                (0..self.state.sheets.len()).filter(|s| *s != seat).map(|s| self.sheet(s)).collect();
            let hint = solver.win_hint(self.sheet(seat), &others, dice, rolls_left);
            (hint, described::Unit::Chance, msg!("games.yacht.hint.measure_win"))
        } else {
            let hint = Solver::shared(&self.ruleset)?.hint(self.sheet(seat), dice, rolls_left);
            (hint, described::Unit::Points, msg!("games.yacht.hint.measure"))
        };
        let offers = self.offers();
        let choices = hint.choices.into_iter().filter_map(|c| {
            let (keys, label) = match &c.choice {
                Move::Keep(kept) => {
                    // The dice kept by position (`d1`…`d5`), as a tap names them.
                    let mut taken = [false; DICE];
                    let mut keys = vec!["keep".to_string()];
                    for f in kept {
                        let i = (0..DICE).find(|i| !taken[*i] && dice[*i] == *f)?;
                        taken[i] = true;
                        keys.push(format!("d{}", i + 1));
                    }
                    let label = match kept.is_empty() {
                        true => msg!("games.yacht.hint.reroll"),
                        false => msg!("games.yacht.hint.keep", kept = faces(kept)),
                    };
                    (keys, label)
                }
                Move::Score(b) => {
                    let o = offers.iter().find(|o| o.box_index == *b)?;
                    let category = &self.ruleset.boxes[*b];
                    let label = msg!("games.yacht.hint.score", name = &category.name, points = o.points + o.extra);
                    (vec![category.id.clone()], label)
                }
            };
            Some(described::Advised { keys, label, value: c.value })
        });
        Ok(described::Advice { measure, unit, choices: choices.collect() })
    }
}

/// Faces as the players read them: `2 5 5`.
fn faces(faces: &[u8]) -> String {
    faces.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::live::LiveGame;

    fn rules() -> YachtRules {
        crate::games::yacht::tests::rules()
    }

    fn names(n: usize) -> Vec<String> {
        ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"][..n].iter().map(|s| s.to_string()).collect()
    }

    /// Plays a whole game from entries, returning the game and the entries actually used.
    fn play(players: usize, setup: &YachtSetup, entries: &[Entry]) -> Game {
        Game::replay(&rules(), &names(players), setup, entries).unwrap_or_else(|e| panic!("{e:?}"))
    }

    /// One turn in entries: rolls (faces rolled each time) and keeps between them, then a box.
    fn turn(rolls: &[&[u8]], keeps: &[&[u8]], score: &str) -> Vec<Entry> {
        let mut out = Vec::new();
        for (i, r) in rolls.iter().enumerate() {
            out.push(Entry::Roll(r.to_vec()));
            if let Some(k) = keeps.get(i) {
                out.push(Entry::Keep(k.to_vec()));
            }
        }
        out.push(Entry::Score(score.into()));
        out
    }

    #[test]
    fn a_solitaire_game_from_entries_scores_its_sheet_with_jokers_and_bonuses() {
        // Turn 1: two 3s kept, three 3s rolled: five of a kind after two rolls.
        let mut entries = turn(&[&[3, 3, 1, 2, 6], &[3, 3, 3]], &[&[3, 3]], "five_of_a_kind");
        let turns: [(&[u8], &str); 12] = [
            (&[1, 1, 2, 4, 5], "ones"),
            (&[2, 2, 2, 4, 5], "twos"),
            (&[3, 3, 3, 4, 5], "threes"),
            (&[4, 4, 4, 1, 5], "fours"),
            (&[5, 5, 5, 4, 1], "fives"),
            (&[6, 6, 6, 6, 5], "sixes"),
            // Five 3s with the threes filled: a joker for the full house, and 100 more.
            (&[3, 3, 3, 3, 3], "full_house"),
            (&[6, 6, 6, 1, 2], "three_of_a_kind"),
            (&[1, 2, 2, 2, 2], "four_of_a_kind"),
            (&[1, 2, 3, 4, 4], "small_straight"),
            (&[1, 2, 3, 4, 5], "large_straight"),
            (&[6, 6, 5, 5, 4], "chance"),
        ];
        for (roll, score) in turns {
            entries.extend(turn(&[roll], &[], score));
        }
        let game = play(1, &YachtSetup::default(), &entries);
        assert!(game.finished());
        let sheet = game.sheet(0);
        let rs = &game.ruleset;
        let fh = rs.box_index("full_house").unwrap();
        assert_eq!(sheet.boxes[fh].as_ref().unwrap().points, 25, "the five 3s as a joker");
        let s = score_sheet(rs, sheet);
        assert_eq!((s.upper, s.upper_bonus, s.extra), (2 + 6 + 9 + 12 + 15 + 24, 35, 100));
        assert_eq!(super::super::check(rs, sheet), vec![]);
        let Some(Outcome::Ranked(p)) = game.outcome(&rules()) else { panic!("ranked") };
        assert_eq!(p, vec![Place { score: s.total, rank: 1 }]);
        // The sheet file it writes reads back and checks clean.
        let text = super::super::write_sheet("yacht", rs, sheet);
        let back = super::super::parse_sheet(&rules(), &crate::source::Source::new("a.toml", text)).unwrap();
        assert_eq!(super::super::check(&back.ruleset, &back.sheet), vec![]);
    }

    #[test]
    fn questions_refusals_and_undo() {
        let y = rules();
        let mut g = Game::start(&y, &names(2), &YachtSetup::default()).unwrap();
        assert_eq!(g.questions(&y, None), vec![Question::Roll { seat: 0, kept: vec![], dice: 5, roll: 1 }]);
        assert!(g.questions(&y, Some(0)).is_empty());
        assert_eq!(g.apply(&y, Some(0), Choice::Keep(vec![])), Err(Refusal::NotAsked));
        assert_eq!(g.apply(&y, None, Choice::Roll(vec![1, 2, 3])), Err(Refusal::DiceCount { want: 5, got: 3 }));
        assert_eq!(g.apply(&y, None, Choice::Roll(vec![1, 2, 3, 4, 7])), Err(Refusal::Face(7)));
        g.apply(&y, None, Choice::Roll(vec![6, 1, 6, 2, 6])).unwrap();
        let Question::Turn { dice, rolls_left, offers, .. } = &g.questions(&y, Some(0))[0] else { panic!() };
        assert_eq!((*dice, *rolls_left, offers.len()), ([1, 2, 6, 6, 6], 2, 13));
        assert_eq!(g.apply(&y, Some(1), Choice::Score(0)), Err(Refusal::NotAsked), "not Bob's turn");
        assert_eq!(
            g.apply(&y, Some(0), Choice::Keep(vec![6, 6, 6, 6])),
            Err(Refusal::NotShowing { kept: vec![6, 6, 6, 6], dice: [1, 2, 6, 6, 6] })
        );
        assert_eq!(g.apply(&y, Some(0), Choice::Keep(vec![6, 6, 6, 1, 2])), Err(Refusal::KeepAll));
        let applied = g.apply(&y, Some(0), Choice::Keep(vec![6, 6, 6])).unwrap();
        assert_eq!(applied.entry, Entry::Keep(vec![6, 6, 6]));
        assert_eq!(g.questions(&y, None), vec![Question::Roll { seat: 0, kept: vec![6, 6, 6], dice: 2, roll: 2 }]);
        g.apply(&y, None, Choice::Roll(vec![6, 5])).unwrap();
        g.apply(&y, Some(0), Choice::Keep(vec![6, 6, 6, 6])).unwrap();
        g.apply(&y, None, Choice::Roll(vec![4])).unwrap();
        assert_eq!(g.apply(&y, Some(0), Choice::Keep(vec![6])), Err(Refusal::NoRollLeft));
        let sixes = g.ruleset.box_index("sixes").unwrap();
        let applied = g.apply(&y, Some(0), Choice::Score(sixes)).unwrap();
        assert_eq!(applied.entry, Entry::Score("sixes".into()));
        assert_eq!(applied.happened[1], Happened::Turn { seat: 1, turn: 1 });
        assert_eq!(g.sheet(0).boxes[sixes].as_ref().unwrap().points, 24);
        // Undo takes back one answer at a time, the score first.
        g.undo(&y).unwrap();
        assert!(g.sheet(0).boxes[sixes].is_none());
        assert_eq!(g.state.phase, Phase::Decide { dice: [4, 6, 6, 6, 6] });
        let mut fresh = Game::start(&y, &names(2), &YachtSetup::default()).unwrap();
        assert_eq!(fresh.undo(&y), Err(Refusal::NothingToUndo));
    }

    #[test]
    fn the_joker_rule_forces_the_upper_box_in_a_live_game() {
        let y = rules();
        let mut entries = turn(&[&[2, 2, 2, 2, 2]], &[], "five_of_a_kind");
        entries.push(Entry::Roll(vec![2, 2, 2, 2, 2]));
        let mut g = play(1, &YachtSetup::default(), &entries);
        let fh = g.ruleset.box_index("full_house").unwrap();
        let twos = g.ruleset.box_index("twos").unwrap();
        assert_eq!(g.apply(&y, Some(0), Choice::Score(fh)), Err(Refusal::Joker { box_index: fh, allowed: vec![twos] }));
        let applied = g.apply(&y, Some(0), Choice::Score(twos)).unwrap();
        assert!(matches!(applied.happened[0], Happened::Scored { points: 10, extra: 100, .. }));
    }

    #[test]
    fn digital_dice_replay_to_the_same_game_and_four_players_are_ranked() {
        let y = rules();
        let setup = YachtSetup { dice: Dice::Digital, seed: Some(42), options: vec![] };
        let mut g = Game::start(&y, &names(4), &setup).unwrap();
        let mut entries = Vec::new();
        let mut rng = crate::rng::Rng::new(9);
        let mut n = 0;
        while !g.finished() {
            n += 1;
            assert!(n < 10_000, "the game ends");
            if let Some(choice) = setup.digital_answer(&g) {
                entries.push(g.apply(&y, None, choice).unwrap().entry);
                continue;
            }
            let seat = g.state.seat;
            let Question::Turn { dice, rolls_left, offers, .. } = g.questions(&y, Some(seat)).remove(0) else {
                panic!()
            };
            // Keep a random part of the dice now and then; else score a random allowed box.
            let choice = if rolls_left > 0 && rng.below(2) == 0 {
                Choice::Keep(dice.iter().copied().filter(|_| rng.below(2) == 0).take(4).collect())
            } else {
                Choice::Score(offers[rng.below(offers.len())].box_index)
            };
            entries.push(g.apply(&y, Some(seat), choice).unwrap().entry);
            if rng.below(40) == 0 {
                entries.push(g.undo(&y).unwrap());
            }
        }
        let again = Game::replay(&y, &names(4), &setup, &entries).unwrap();
        assert_eq!(again.state, g.state);
        let Some(Outcome::Ranked(places)) = g.outcome(&y) else { panic!("ranked") };
        let totals: Vec<i64> = g.state.sheets.iter().map(|s| score_sheet(&g.ruleset, s).total).collect();
        assert_eq!(places.iter().map(|p| p.score).collect::<Vec<_>>(), totals);
        for (p, t) in places.iter().zip(&totals) {
            assert_eq!(p.rank, 1 + totals.iter().filter(|o| *o > t).count());
        }
        for s in &g.state.sheets {
            assert_eq!(super::super::check(&g.ruleset, s), vec![], "a live game's sheet checks clean");
        }
        // Saves serialise each entry as one JSON value.
        let json: Vec<String> = entries.iter().map(|e| serde_json::to_string(e).unwrap()).collect();
        assert!(json.contains(&"\"undo\"".to_string()) || !entries.contains(&Entry::Undo));
        assert!(json[0].starts_with("{\"roll\":["), "{}", json[0]);
    }

    #[test]
    fn a_setup_outside_the_rules_is_refused() {
        let y = rules();
        assert_eq!(
            Game::start(&y, &names(8).into_iter().chain(names(1)).collect::<Vec<_>>(), &YachtSetup::default()),
            Err(SetupProblem::Players { n: 9, min: 1, max: 8 })
        );
        let setup = YachtSetup { options: vec!["nope".into()], ..YachtSetup::default() };
        assert!(matches!(Game::start(&y, &names(2), &setup), Err(SetupProblem::Options(_))));
        let setup = YachtSetup { options: vec!["classic".into()], ..YachtSetup::default() };
        let g = Game::start(&y, &names(2), &setup).unwrap();
        assert_eq!(g.ruleset.boxes.len(), 12);
    }
}
