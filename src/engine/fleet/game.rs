//! A live game of Fleet: pure state plus a reducer. The game always knows the one
//! decision it is waiting for (`decision()`); `apply(input)` checks the answer against the
//! options legal at that moment, carries out every effect and chain in the rulebook's
//! order (a task queue: activation circles, coin-track stars, launches, fishing…) and
//! stops at the next decision. No I/O, no prompts: the CLI, tests and the random player
//! all drive it the same way.

use std::borrow::Cow;
use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::ruth::{self, Ruth};
use super::sheet::{is_barge, BoatSlot, Mark, Sheet};
use crate::rules::fleet::{
    BoatFace, BuildingEffect, CasinoReroll, ColumnBox, FleetRules, HarborEffect, LicenseEffect, Metal, SectionKind,
    TownFace,
};

/// The face a die shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Face {
    /// A boat type (index into `FleetRules::boat_types`).
    Boat(usize),
    /// The boat die's 3-coins face.
    Coins,
    Harbor,
    Wharf,
    Market,
}

impl Face {
    pub fn is_boat_die(self) -> bool {
        matches!(self, Face::Boat(_) | Face::Coins)
    }

    /// Language-neutral key: a boat type id, `coins`, `harbor`, `wharf` or `market`.
    pub fn key(self, rules: &FleetRules) -> Cow<'_, str> {
        match self {
            Face::Boat(t) => Cow::Borrowed(&rules.boat_types[t].id),
            Face::Coins => Cow::Borrowed("coins"),
            Face::Harbor => Cow::Borrowed("harbor"),
            Face::Wharf => Cow::Borrowed("wharf"),
            Face::Market => Cow::Borrowed("market"),
        }
    }

    pub fn parse(rules: &FleetRules, key: &str) -> Option<Face> {
        let key = key.trim().to_lowercase();
        match key.as_str() {
            "coins" | "3coins" | "3-coins" => Some(Face::Coins),
            "harbor" | "harbour" => Some(Face::Harbor),
            "wharf" => Some(Face::Wharf),
            "market" => Some(Face::Market),
            _ => rules.boat_type_index(&key).map(Face::Boat),
        }
    }

    pub fn label(self, rules: &FleetRules, lang: &str) -> String {
        match self {
            Face::Boat(t) => rules.boat_types[t].name.get(lang).to_string(),
            Face::Coins => "3 coins".into(),
            Face::Harbor => "harbor".into(),
            Face::Wharf => "wharf".into(),
            Face::Market => rules.market_name.get(lang).to_string(),
        }
    }

    /// The faces a die of this kind can show.
    pub fn faces_of_kind(rules: &FleetRules, boat_die: bool) -> Vec<Face> {
        if boat_die {
            rules
                .dice
                .boat_faces
                .iter()
                .map(|f| match f {
                    BoatFace::Type(t) => Face::Boat(*t),
                    BoatFace::Coins => Face::Coins,
                })
                .collect()
        } else {
            rules
                .dice
                .town_faces
                .iter()
                .map(|f| match f {
                    TownFace::Harbor => Face::Harbor,
                    TownFace::Wharf => Face::Wharf,
                    TownFace::Market => Face::Market,
                })
                .collect()
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DicePhase {
    Boat,
    Town,
}

/// What the table answers at a decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Input {
    /// The key of one of the decision's options.
    Choice(String),
    /// Dice faces (keys), typed from the physical dice or rolled by deckhand.
    Roll { faces: Vec<String>, digital: bool },
}

/// An option of a decision: `key` is language-neutral (answers files and saves use it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Opt<'a> {
    /// Borrowed from the rules or the game where it can be: options are built at every
    /// step, and allocating each key dominated the simulation's run time.
    pub key: Cow<'a, str>,
    pub label: String,
}

/// Dice to type in: how many boat dice and town dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RollSpec {
    pub boat: u32,
    pub town: u32,
}

/// What sort of decision it is (the CLI rolls `StartDie`, `StartPlayer` and `Roll`
/// itself when deckhand rolls the dice).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    StartDie,
    StartPlayer,
    /// A card drawn at setup (captain or trophy).
    Draw,
    Roll,
    Other,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision<'a> {
    pub kind: Kind,
    /// Whose decision it is (None: the table's, e.g. a roll).
    pub player: Option<usize>,
    pub prompt: String,
    /// The legal options; empty for a roll.
    pub options: Vec<Opt<'a>>,
    pub roll: Option<RollSpec>,
}

/// A one-line reminder of something that happened (`Ann: lobster license L2, +2 income`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Notice {
    pub player: Option<usize>,
    pub text: String,
}

/// An answer that is not legal at this decision.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Illegal {
    pub message: String,
    pub legal: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Task {
    StartDie(usize),
    StartPlayer,
    BeginRound,
    Roll(DicePhase),
    Pick(usize),
    Use {
        player: usize,
        face: Face,
        shared: bool,
    },
    Reroll {
        player: usize,
        boat_die: bool,
    },
    Shared,
    EndDicePhase,
    /// Shrimp license: mark a boat type of the player's choice (`then` more after this).
    FlexType {
        player: usize,
        then: u32,
    },
    ChoiceCircle {
        player: usize,
        boat_type: usize,
    },
    KingCrabBonus(usize),
    Star(usize),
    Oyster {
        player: usize,
        boat: (usize, usize),
    },
    Income,
    FishingStart,
    FishingEnd,
    PrivateFishing(usize),
    PrivateFishingEnd(usize),
    EndRound,
    /// Which trophy card of this metal was drawn.
    DrawTrophy(Metal),
    /// Which captain card a player drew.
    Captain(usize),
    /// Captain Ruth picks a die (solo).
    RuthPick,
    /// Captain Ruth uses the shared die (solo).
    RuthShared(Face),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub sheet: Sheet,
    rerolled_this_phase: bool,
}

/// How a game is set up; saved in the header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Setup {
    /// One player against Captain Ruth.
    #[serde(default)]
    pub solo: bool,
    /// Captain cards instead of the start roll.
    #[serde(default)]
    pub captains: bool,
    /// One gold and one silver trophy in play.
    #[serde(default)]
    pub trophies: bool,
}

/// Which dice the game is played with; saved in the header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Dice {
    Physical,
    Digital,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub players: Vec<Player>,
    /// 1-based; 0 during setup.
    pub round: u32,
    pub rounds: u32,
    pub start_player: usize,
    /// The dice of the current roll not yet picked.
    pub pool: Vec<Face>,
    pub phase: Option<DicePhase>,
    queue: VecDeque<Task>,
    /// Star actions earned while fish are being caught wait until after the fishing.
    deferred: Vec<Task>,
    fishing: bool,
    notices: Vec<Notice>,
    /// Captain Ruth's tokens in a solo game.
    pub ruth: Option<Ruth>,
    /// Trophy cards in play (indices into `FleetRules::trophies`).
    pub trophies: Vec<usize>,
    /// No reminders are produced (replays, undo, simulations).
    pub quiet: bool,
    /// The language of reminders ("en", "de", "fr").
    pub lang: &'static str,
}

impl Game {
    /// A new game at the start of setup. Names must be distinct: 2..=max players, or one
    /// player against Captain Ruth with `setup.solo`.
    pub fn new(rules: &FleetRules, names: &[String], setup: Setup) -> Game {
        let players = names
            .iter()
            .map(|n| {
                let mut sheet = Sheet::blank(rules, n);
                sheet.solo = setup.solo;
                Player { name: n.clone(), sheet, rerolled_this_phase: false }
            })
            .collect();
        let mut queue: VecDeque<Task> = VecDeque::new();
        if setup.trophies {
            queue.extend([Task::DrawTrophy(Metal::Gold), Task::DrawTrophy(Metal::Silver)]);
        }
        queue.extend((0..names.len()).map(|p| if setup.captains { Task::Captain(p) } else { Task::StartDie(p) }));
        if !setup.solo {
            queue.push_back(Task::StartPlayer);
        }
        queue.push_back(Task::BeginRound);
        let mut g = Game {
            players,
            round: 0,
            rounds: if setup.solo { rules.solo.rounds } else { rules.rounds },
            start_player: 0,
            pool: Vec::new(),
            phase: None,
            queue,
            deferred: Vec::new(),
            fishing: false,
            notices: Vec::new(),
            ruth: setup.solo.then(|| Ruth::new(rules)),
            trophies: Vec::new(),
            quiet: false,
            lang: "en",
        };
        if (setup.captains || setup.trophies) && rules.cards_example {
            g.announce(|| {
                "Captain and trophy cards: the rules hold an EXAMPLE card set; pass --rules with your real cards".into()
            });
        }
        g.advance(rules);
        g
    }

    /// A game that continues from the given sheets at the start of `round` (1-based), with
    /// player 0 as start player. Used to test situations deep in a game, and to pick up a
    /// paper game part-way.
    pub fn from_sheets(rules: &FleetRules, sheets: Vec<Sheet>, round: u32) -> Game {
        let players = sheets
            .into_iter()
            .map(|sheet| Player { name: sheet.player.clone(), sheet, rerolled_this_phase: false })
            .collect();
        let mut g = Game {
            players,
            round: round.saturating_sub(1),
            rounds: rules.rounds,
            start_player: 0,
            pool: Vec::new(),
            phase: None,
            queue: VecDeque::from([Task::BeginRound]),
            deferred: Vec::new(),
            fishing: false,
            notices: Vec::new(),
            ruth: None,
            trophies: Vec::new(),
            quiet: false,
            lang: "en",
        };
        g.advance(rules);
        g
    }

    /// A solo game that continues from the player's sheet at the start of `round`, with
    /// Ruth's tokens at the given loop positions (boat, harbor, wharf).
    pub fn solo_from_sheet(rules: &FleetRules, mut sheet: Sheet, round: u32, tokens: [usize; 3]) -> Game {
        sheet.solo = true;
        let mut g = Game {
            players: vec![Player { name: sheet.player.clone(), sheet, rerolled_this_phase: false }],
            round: round.saturating_sub(1),
            rounds: rules.solo.rounds,
            start_player: 0,
            pool: Vec::new(),
            phase: None,
            queue: VecDeque::from([Task::BeginRound]),
            deferred: Vec::new(),
            fishing: false,
            notices: Vec::new(),
            ruth: Some(Ruth { tokens }),
            trophies: Vec::new(),
            quiet: false,
            lang: "en",
        };
        g.advance(rules);
        g
    }

    /// In a solo game Ruth goes first in even rounds.
    pub fn ruth_first(&self) -> bool {
        self.ruth.is_some() && self.round % 2 == 0
    }

    pub fn finished(&self) -> bool {
        self.queue.is_empty()
    }

    /// Turn order for this round, from the start player.
    pub fn turn_order(&self) -> Vec<usize> {
        let n = self.players.len();
        (0..n).map(|i| (self.start_player + i) % n).collect()
    }

    /// True when the next decision is a dice roll (undo stops at a digital one).
    pub fn awaiting_roll(&self) -> bool {
        matches!(self.queue.front(), Some(Task::Roll(_) | Task::Reroll { .. }))
    }

    /// The decision the game waits for, or None when the game is over.
    pub fn decision<'a>(&'a self, rules: &'a FleetRules, lang: &str) -> Option<Decision<'a>> {
        let task = self.queue.front()?;
        let name = |p: usize| self.players[p].name.clone();
        let d = match task {
            Task::StartDie(p) => Decision {
                kind: Kind::StartDie,
                player: Some(*p),
                prompt: lbl(lang, || {
                    format!("{}: start roll — which boat type does your boat die show? (reroll 3 coins)", name(*p))
                }),
                options: rules
                    .boat_types
                    .iter()
                    .map(|t| Opt { key: Cow::Borrowed(&t.id), label: t.name.get(lang).to_string() })
                    .collect(),
                roll: None,
            },
            Task::DrawTrophy(metal) => Decision {
                kind: Kind::Draw,
                player: None,
                prompt: lbl(lang, || {
                    format!("Which {} trophy was drawn?", if *metal == Metal::Gold { "gold" } else { "silver" })
                }),
                options: rules
                    .trophies
                    .iter()
                    .filter(|t| t.metal == *metal)
                    .map(|t| Opt { key: Cow::Borrowed(&t.id), label: t.name.get(lang).to_string() })
                    .collect(),
                roll: None,
            },
            Task::Captain(p) => Decision {
                kind: Kind::Draw,
                player: Some(*p),
                prompt: lbl(lang, || format!("{}: which captain card did you draw?", name(*p))),
                options: rules
                    .captains
                    .iter()
                    .enumerate()
                    .filter(|(c, _)| !self.players.iter().any(|pl| pl.sheet.captain == Some(*c)))
                    .map(|(_, c)| Opt { key: Cow::Borrowed(&c.id), label: c.name.get(lang).to_string() })
                    .collect(),
                roll: None,
            },
            Task::StartPlayer => Decision {
                kind: Kind::StartPlayer,
                player: None,
                prompt: "Who is the start player?".into(),
                options: self
                    .players
                    .iter()
                    .map(|p| Opt { key: Cow::Borrowed(&p.name), label: p.name.clone() })
                    .collect(),
                roll: None,
            },
            Task::Roll(phase) => {
                let pool = rules.pool(self.players.len() as u32).expect("checked at game creation");
                let (spec, what) = match phase {
                    DicePhase::Boat => (RollSpec { boat: pool.boat, town: 0 }, "boat phase"),
                    DicePhase::Town => (RollSpec { boat: pool.town_boat, town: pool.town }, "town phase"),
                };
                Decision {
                    kind: Kind::Roll,
                    player: None,
                    prompt: lbl(lang, || {
                        format!("Round {} {what}: {} rolls — which faces show?", self.round, name(self.start_player))
                    }),
                    options: Vec::new(),
                    roll: Some(spec),
                }
            }
            Task::Reroll { player, boat_die } => Decision {
                kind: Kind::Roll,
                player: Some(*player),
                prompt: lbl(lang, || format!("{}: casino reroll — which face shows now?", name(*player))),
                options: Vec::new(),
                roll: Some(if *boat_die { RollSpec { boat: 1, town: 0 } } else { RollSpec { boat: 0, town: 1 } }),
            },
            Task::Pick(p) => {
                let mut options: Vec<Opt> = Vec::new();
                for f in &self.pool {
                    let key = f.key(rules);
                    if !options.iter().any(|o| o.key == key) {
                        options.push(Opt { key, label: lbl(lang, || f.label(rules, lang)) });
                    }
                }
                let dice = lbl(lang, || self.pool.iter().map(|f| f.label(rules, lang)).collect::<Vec<_>>().join(", "));
                Decision {
                    kind: Kind::Other,
                    player: Some(*p),
                    prompt: lbl(lang, || format!("{}: pick a die ({dice})", name(*p))),
                    options,
                    roll: None,
                }
            }
            Task::Use { player, face, shared } => Decision {
                kind: Kind::Other,
                player: Some(*player),
                prompt: lbl(lang, || {
                    format!(
                        "{}: use the {}{}",
                        name(*player),
                        if *shared { "shared " } else { "" },
                        face.label(rules, lang)
                    )
                }),
                options: self.use_options(rules, *player, *face, *shared, lang),
                roll: None,
            },
            Task::FlexType { player, .. } => Decision {
                kind: Kind::Other,
                player: Some(*player),
                prompt: lbl(lang, || format!("{}: shrimp license — mark which boat type?", name(*player))),
                options: self.column_options(rules, *player, lang),
                roll: None,
            },
            Task::ChoiceCircle { player, boat_type } => Decision {
                kind: Kind::Other,
                player: Some(*player),
                prompt: lbl(lang, || {
                    format!(
                        "{}: ? circle of {} — license or boat?",
                        name(*player),
                        rules.boat_types[*boat_type].name.get(lang)
                    )
                }),
                options: vec![
                    Opt { key: Cow::Borrowed("license"), label: "activate a license".into() },
                    Opt { key: Cow::Borrowed("boat"), label: "launch a boat".into() },
                ],
                roll: None,
            },
            Task::KingCrabBonus(p) => Decision {
                kind: Kind::Other,
                player: Some(*p),
                prompt: lbl(lang, || format!("{}: king crab license — choose your king crab bonus", name(*p))),
                options: self
                    .free_bonuses(rules)
                    .into_iter()
                    .map(|b| Opt {
                        key: Cow::Borrowed(&rules.king_crab_bonuses[b].id),
                        label: rules.king_crab_bonuses[b].name.get(lang).to_string(),
                    })
                    .collect(),
                roll: None,
            },
            Task::Star(p) => Decision {
                kind: Kind::Other,
                player: Some(*p),
                prompt: lbl(lang, || format!("{}: star action — mark the top free box of which section?", name(*p))),
                options: self.star_options(rules, *p, lang),
                roll: None,
            },
            Task::Oyster { player, boat } => {
                let slot = self.boat_slot(rules, *boat);
                Decision {
                    kind: Kind::Other,
                    player: Some(*player),
                    prompt: lbl(lang, || {
                        format!(
                            "{}: {} catches — 2 fish, or 1 fish and 1 coin?",
                            name(*player),
                            super::score::boat_name(rules, &slot, lang)
                        )
                    }),
                    options: vec![
                        Opt { key: Cow::Borrowed("fish"), label: "2 fish".into() },
                        Opt { key: Cow::Borrowed("coin"), label: "1 fish + 1 coin".into() },
                    ],
                    roll: None,
                }
            }
            other => unreachable!("automatic task {other:?} left at the front of the queue"),
        };
        Some(d)
    }

    /// Take the notices produced since the last call.
    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    /// Apply an answer to the current decision and run every effect up to the next one.
    pub fn apply(&mut self, rules: &FleetRules, input: &Input) -> Result<(), Illegal> {
        let Some(task) = self.queue.front().cloned() else {
            return Err(Illegal { message: "the game is over".into(), legal: vec![] });
        };
        match (&task, input) {
            (Task::Roll(phase), Input::Roll { faces, .. }) => {
                let faces = self.check_roll(rules, *phase, faces)?;
                self.queue.pop_front();
                self.pool = faces;
                self.phase = Some(*phase);
                for p in &mut self.players {
                    p.rerolled_this_phase = false;
                }
                let mut tasks: Vec<Task> = self.turn_order().into_iter().map(Task::Pick).collect();
                if self.ruth.is_some() {
                    tasks = if self.ruth_first() {
                        vec![Task::RuthPick, Task::Pick(0)]
                    } else {
                        vec![Task::Pick(0), Task::RuthPick]
                    };
                }
                tasks.push(Task::Shared);
                tasks.push(Task::EndDicePhase);
                self.push_front(tasks);
            }
            (Task::Reroll { player, boat_die }, Input::Roll { faces, .. }) => {
                let spec = if *boat_die { RollSpec { boat: 1, town: 0 } } else { RollSpec { boat: 0, town: 1 } };
                let faces = parse_faces(rules, faces, spec)?;
                self.queue.pop_front();
                self.players[*player].rerolled_this_phase = true;
                self.say(*player, || format!("casino reroll: {}", faces[0].label(rules, "en")));
                self.push_front(vec![Task::Use { player: *player, face: faces[0], shared: false }]);
            }
            (_, Input::Choice(key)) => {
                let decision = self.decision(rules, "").expect("a task is queued");
                if decision.roll.is_some() {
                    return Err(Illegal { message: "this decision needs dice faces".into(), legal: vec![] });
                }
                let key = key.trim();
                let Some(opt) = decision.options.iter().find(|o| o.key.eq_ignore_ascii_case(key)) else {
                    let prompt = self.decision(rules, "en").map(|d| d.prompt).unwrap_or_default();
                    return Err(Illegal {
                        message: format!("`{key}` is not a legal answer to \"{prompt}\""),
                        legal: decision.options.iter().map(|o| o.key.to_string()).collect(),
                    });
                };
                let key = opt.key.to_string();
                self.queue.pop_front();
                self.choose(rules, &task, &key);
            }
            (_, Input::Roll { .. }) => {
                let decision = self.decision(rules, "en").expect("a task is queued");
                return Err(Illegal {
                    message: format!("\"{}\" is not a dice roll", decision.prompt),
                    legal: decision.options.iter().map(|o| o.key.to_string()).collect(),
                });
            }
        }
        self.advance(rules);
        Ok(())
    }

    fn check_roll(&self, rules: &FleetRules, phase: DicePhase, faces: &[String]) -> Result<Vec<Face>, Illegal> {
        let pool = rules.pool(self.players.len() as u32).expect("pool exists");
        let spec = match phase {
            DicePhase::Boat => RollSpec { boat: pool.boat, town: 0 },
            DicePhase::Town => RollSpec { boat: pool.town_boat, town: pool.town },
        };
        parse_faces(rules, faces, spec)
    }

    fn push_front(&mut self, tasks: Vec<Task>) {
        for t in tasks.into_iter().rev() {
            self.queue.push_front(t);
        }
    }

    /// Ruth crosses boxes off the player's sheet; one line says what and why.
    fn ruth_acts(&mut self, rules: &FleetRules, action: ruth::Action, why: String) {
        let complete_before: Vec<bool> =
            (0..rules.wharf.len()).map(|b| self.players[0].sheet.building_complete(rules, b)).collect();
        let crossed = ruth::apply(rules, &mut self.players[0].sheet, action);
        let text = match (action, crossed.len()) {
            (ruth::Action::Pass, _) | (_, 0) => why,
            (ruth::Action::Star, _) => format!("{why}: crosses {} (you lose that star)", crossed[0]),
            _ => format!("{why}: crosses {}", crossed.join(" and ")),
        };
        self.announce(|| text);
        for (b, before) in complete_before.into_iter().enumerate() {
            if !before && self.players[0].sheet.building_complete(rules, b) {
                self.say(0, || format!("{} complete — {}", rules.wharf[b].name.en, building_reminder(rules, b)));
            }
        }
    }

    /// A reminder for one player. The text is only built when someone will read it.
    fn say(&mut self, player: usize, text: impl FnOnce() -> String) {
        if !self.quiet {
            let text = format!("{}: {}", self.players[player].name, text());
            self.notices.push(Notice { player: Some(player), text });
        }
    }

    fn announce(&mut self, text: impl FnOnce() -> String) {
        if !self.quiet {
            self.notices.push(Notice { player: None, text: text() });
        }
    }

    /// Run automatic tasks until a decision is needed (or the game ends).
    fn advance(&mut self, rules: &FleetRules) {
        while let Some(task) = self.queue.front().cloned() {
            match task {
                Task::BeginRound => {
                    self.queue.pop_front();
                    self.round += 1;
                    let start = if self.ruth_first() {
                        "Captain Ruth".to_string()
                    } else {
                        self.players[self.start_player].name.clone()
                    };
                    let (round, rounds) = (self.round, self.rounds);
                    self.announce(|| format!("— Round {round} of {rounds} — start player: {start}"));
                    let mut tasks = vec![Task::Roll(DicePhase::Boat), Task::Income];
                    if rules.fishing_rounds.contains(&self.round) {
                        tasks.extend([Task::FishingStart, Task::FishingEnd]);
                    }
                    tasks.extend([Task::Roll(DicePhase::Town), Task::EndRound]);
                    self.push_front(tasks);
                }
                Task::Shared => {
                    self.queue.pop_front();
                    if let Some(&face) = self.pool.first() {
                        self.pool.clear();
                        self.announce(|| format!("Shared die: {} — every player uses it", face.label(rules, "en")));
                        let mut tasks: Vec<Task> = self
                            .turn_order()
                            .into_iter()
                            .map(|p| Task::Use { player: p, face, shared: true })
                            .collect();
                        if self.ruth.is_some() {
                            let ruth = Task::RuthShared(face);
                            if self.ruth_first() {
                                tasks.insert(0, ruth);
                            } else {
                                tasks.push(ruth);
                            }
                        }
                        self.push_front(tasks);
                    }
                }
                Task::EndDicePhase => {
                    self.queue.pop_front();
                    self.phase = None;
                }
                Task::Income => {
                    self.queue.pop_front();
                    let mut tasks = Vec::new();
                    for p in self.turn_order() {
                        tasks.extend(self.income(rules, p));
                    }
                    self.push_front(tasks);
                }
                Task::FishingStart => {
                    self.queue.pop_front();
                    self.fishing = true;
                    let round = self.round;
                    self.announce(|| format!("Fishing (round {round})"));
                    let mut tasks = Vec::new();
                    for p in self.turn_order() {
                        tasks.extend(self.catch(rules, p));
                    }
                    self.push_front(tasks);
                }
                Task::FishingEnd => {
                    self.queue.pop_front();
                    self.fishing = false;
                    let mut tasks = std::mem::take(&mut self.deferred);
                    for p in self.turn_order() {
                        tasks.extend(self.after_fishing(rules, p));
                    }
                    self.push_front(tasks);
                }
                Task::PrivateFishing(p) => {
                    self.queue.pop_front();
                    self.fishing = true;
                    self.say(p, || "captain's club — private fishing for you alone".into());
                    let mut tasks = self.catch(rules, p);
                    tasks.push(Task::PrivateFishingEnd(p));
                    self.push_front(tasks);
                }
                Task::PrivateFishingEnd(_) => {
                    self.queue.pop_front();
                    self.fishing = false;
                    let tasks = std::mem::take(&mut self.deferred);
                    self.push_front(tasks);
                }
                Task::RuthPick => {
                    self.queue.pop_front();
                    let ruth = self.ruth.expect("solo");
                    let phase = self.phase.unwrap_or(DicePhase::Boat);
                    let (i, action, why) = ruth.pick(rules, &self.players[0].sheet, &self.pool, phase);
                    self.pool.remove(i);
                    self.ruth_acts(rules, action, why);
                }
                Task::RuthShared(face) => {
                    self.queue.pop_front();
                    let (action, why) = self.ruth.expect("solo").shared(rules, &self.players[0].sheet, face);
                    self.ruth_acts(rules, action, why);
                }
                Task::EndRound => {
                    self.queue.pop_front();
                    self.start_player = (self.start_player + 1) % self.players.len();
                    if let Some(mut ruth) = self.ruth {
                        if self.round < self.rounds {
                            let text = ruth.move_tokens(rules, &self.players[0].sheet);
                            self.ruth = Some(ruth);
                            self.announce(|| text);
                        }
                    }
                    if self.round < self.rounds {
                        self.queue.push_front(Task::BeginRound);
                    } else {
                        self.award_gold(rules);
                        self.announce(|| "The game is over.".into());
                    }
                }
                // Decisions with nothing to choose from resolve themselves.
                Task::Star(p) if self.star_options(rules, p, "").is_empty() => {
                    self.queue.pop_front();
                    self.say(p, || "star action lost: no section has a free box a star action may take".into());
                }
                Task::FlexType { player, .. } if self.column_options(rules, player, "").is_empty() => {
                    self.queue.pop_front();
                    self.say(player, || "no boat-type column has a free box".into());
                }
                Task::KingCrabBonus(p) if self.free_bonuses(rules).is_empty() => {
                    self.queue.pop_front();
                    self.say(p, || "no king crab bonus is left to choose".into());
                }
                _ => break,
            }
        }
        self.award_silver(rules);
    }

    /// A silver trophy goes at once to the first player who reaches its condition (in
    /// turn order when several reach it in the same step).
    fn award_silver(&mut self, rules: &FleetRules) {
        for &t in &self.trophies.clone() {
            let trophy = &rules.trophies[t];
            if trophy.metal != Metal::Silver || self.players.iter().any(|p| p.sheet.trophies.contains(&t)) {
                continue;
            }
            let winner = self
                .turn_order()
                .into_iter()
                .find(|p| self.players[*p].sheet.quantity(rules, trophy.quantity) >= trophy.at_least);
            if let Some(p) = winner {
                self.players[p].sheet.trophies.push(t);
                self.say(p, || format!("wins the silver trophy \"{}\" (+{} VP)", trophy.name.en, trophy.vp));
            }
        }
    }

    /// Gold trophies at the end: the best result among those who reach the condition; a
    /// tie shares the trophy.
    fn award_gold(&mut self, rules: &FleetRules) {
        for &t in &self.trophies.clone() {
            let trophy = &rules.trophies[t];
            if trophy.metal != Metal::Gold {
                continue;
            }
            let results: Vec<u32> = self.players.iter().map(|p| p.sheet.quantity(rules, trophy.quantity)).collect();
            let best = results.iter().copied().filter(|r| *r >= trophy.at_least).max();
            match best {
                Some(best) => {
                    for p in (0..self.players.len()).filter(|p| results[*p] == best) {
                        self.players[p].sheet.trophies.push(t);
                        self.say(p, || {
                            format!("wins the gold trophy \"{}\" with {best} (+{} VP)", trophy.name.en, trophy.vp)
                        });
                    }
                }
                None => self.announce(|| format!("Nobody reaches the gold trophy \"{}\"", trophy.name.en)),
            }
        }
    }

    // ---------------------------------------------------------------------------------
    // Options
    // ---------------------------------------------------------------------------------

    fn use_options<'a>(
        &'a self,
        rules: &'a FleetRules,
        p: usize,
        face: Face,
        shared: bool,
        lang: &str,
    ) -> Vec<Opt<'a>> {
        let sheet = &self.players[p].sheet;
        let mut out = Vec::new();
        match face {
            Face::Boat(t) => {
                let s = rules.section_of(SectionKind::Column(t));
                if let Some(i) = sheet.next_free(s) {
                    out.push(Opt {
                        key: Cow::Borrowed("mark"),
                        label: lbl(lang, || format!("mark {}{}", rules.box_id(s, i), circle_note(rules, s, i))),
                    });
                }
                let flex = rules.boat_types[t].license_effect == LicenseEffect::FlexDie;
                if flex && !shared {
                    if let Some(level) = sheet.license(rules, t) {
                        let extra = match (level.types, level.stars) {
                            (1, 0) => String::new(),
                            (1, s) => format!(" + {s} star action(s)"),
                            (n, s) => format!(" and {} more type(s) + {s} star action(s)", n - 1),
                        };
                        for (u, bt) in rules.boat_types.iter().enumerate() {
                            let col = rules.section_of(SectionKind::Column(u));
                            if u != t && sheet.next_free(col).is_some() {
                                out.push(Opt {
                                    key: Cow::Owned(format!("as:{}", bt.id)),
                                    label: lbl(lang, || format!("shrimp license: as {}{extra}", bt.name.get(lang))),
                                });
                            }
                        }
                        out.push(Opt {
                            key: Cow::Borrowed("as:coins"),
                            label: lbl(lang, || {
                                format!(
                                    "shrimp license: as 3 coins{}",
                                    if level.stars > 0 { extra.clone() } else { String::new() }
                                )
                            }),
                        });
                    }
                }
                if sheet.building_active(rules, BuildingEffect::Buffet) {
                    let hexes = rules.section_of(SectionKind::BuffetHexes);
                    if !sheet.is_marked(hexes, t) {
                        out.push(Opt {
                            key: Cow::Borrowed("hex"),
                            label: lbl(lang, || {
                                format!("seafood buffet: fill the {} hex", rules.boat_types[t].name.get(lang))
                            }),
                        });
                    }
                }
            }
            Face::Coins => out.push(Opt {
                key: Cow::Borrowed("coins"),
                label: lbl(lang, || format!("{} coins", rules.dice.coins_face)),
            }),
            Face::Harbor => {
                for (h, ship) in rules.harbor.iter().enumerate() {
                    let s = rules.section_of(SectionKind::Harbor(h));
                    if let Some(i) = sheet.next_free(s) {
                        out.push(Opt {
                            key: Cow::Borrowed(&ship.id),
                            label: lbl(lang, || {
                                format!(
                                    "{}: mark {}{}",
                                    ship.name.get(lang),
                                    rules.box_id(s, i),
                                    circle_note(rules, s, i)
                                )
                            }),
                        });
                    }
                }
            }
            Face::Wharf => {
                for (b, building) in rules.wharf.iter().enumerate() {
                    let s = rules.section_of(SectionKind::Wharf(b));
                    if let Some(i) = sheet.next_free(s) {
                        out.push(Opt {
                            key: Cow::Borrowed(&building.id),
                            label: lbl(lang, || {
                                format!(
                                    "{}: mark {}{}",
                                    building.name.get(lang),
                                    rules.box_id(s, i),
                                    circle_note(rules, s, i)
                                )
                            }),
                        });
                    }
                }
            }
            Face::Market => {
                let coins = self.market_coins(rules, p);
                out.push(Opt {
                    key: Cow::Borrowed("market"),
                    label: lbl(lang, || format!("sell at the market: {coins} coins")),
                });
            }
        }
        if !shared
            && !self.players[p].rerolled_this_phase_blocked(rules)
            && sheet.building_active(rules, BuildingEffect::Reroll)
        {
            out.push(Opt { key: Cow::Borrowed("reroll"), label: "casino: reroll this die".into() });
        }
        if sheet.building_active(rules, BuildingEffect::Salvage) {
            let stars = rules.section_of(SectionKind::SalvageStars);
            if sheet.next_free(stars).is_some() {
                out.push(Opt { key: Cow::Borrowed("salvage"), label: "salvage yard: 1 star action instead".into() });
            }
        }
        let coins = self.die_as_coins(rules, p);
        out.push(Opt { key: Cow::Borrowed("coin"), label: lbl(lang, || format!("take {coins} coin(s) instead")) });
        out
    }

    fn column_options<'a>(&'a self, rules: &'a FleetRules, p: usize, lang: &str) -> Vec<Opt<'a>> {
        let sheet = &self.players[p].sheet;
        rules
            .boat_types
            .iter()
            .enumerate()
            .filter_map(|(t, bt)| {
                let s = rules.section_of(SectionKind::Column(t));
                sheet.next_free(s).map(|i| Opt {
                    key: Cow::Borrowed(&bt.id),
                    label: lbl(lang, || {
                        format!("{}: mark {}{}", bt.name.get(lang), rules.box_id(s, i), circle_note(rules, s, i))
                    }),
                })
            })
            .collect()
    }

    /// Sections whose top free box a star action may take: boat-type columns, harbor ships
    /// and wharf buildings — never coins, fish, buffet hexes, licenses or boats themselves
    /// (those are marked by circles) nor salvage stars.
    pub fn star_options<'a>(&'a self, rules: &'a FleetRules, p: usize, lang: &str) -> Vec<Opt<'a>> {
        let sheet = &self.players[p].sheet;
        let mut out = Vec::new();
        for (s, section) in rules.sections.iter().enumerate() {
            let allowed =
                matches!(section.kind, SectionKind::Column(_) | SectionKind::Harbor(_) | SectionKind::Wharf(_));
            if !allowed {
                continue;
            }
            let Some(i) = sheet.next_free(s) else { continue };
            if let SectionKind::Harbor(h) = section.kind {
                let first_circle = rules.harbor[h].circles.iter().position(|c| *c);
                if rules.harbor[h].effect == HarborEffect::KingCrab
                    && first_circle == Some(i)
                    && !rules.options.star_action_may_activate_king_crab
                {
                    continue;
                }
            }
            out.push(Opt {
                key: Cow::Borrowed(&section.id),
                label: lbl(lang, || {
                    format!("{}: mark {}{}", rules.section_name(s, lang), rules.box_id(s, i), circle_note(rules, s, i))
                }),
            });
        }
        out
    }

    fn free_bonuses(&self, rules: &FleetRules) -> Vec<usize> {
        (0..rules.king_crab_bonuses.len())
            .filter(|b| !self.players.iter().any(|p| p.sheet.king_crab_bonus == Some(*b)))
            .collect()
    }

    fn market_coins(&self, rules: &FleetRules, p: usize) -> u32 {
        let sheet = &self.players[p].sheet;
        let mut coins = rules.market_coins(sheet.total_fish());
        if let Some(b) = rules.building_with(BuildingEffect::MarketBonus) {
            if sheet.building_complete(rules, b) {
                coins += rules.wharf[b].coins;
            }
        }
        coins
    }

    fn die_as_coins(&self, rules: &FleetRules, p: usize) -> u32 {
        match rules.building_with(BuildingEffect::DieAsCoins) {
            Some(b) if self.players[p].sheet.building_complete(rules, b) => rules.wharf[b].coins,
            _ => rules.dice.die_as_coins,
        }
    }

    fn boat_slot(&self, rules: &FleetRules, (section, slot): (usize, usize)) -> BoatSlot {
        super::sheet::boat_slots_of(rules, section)[slot]
    }

    // ---------------------------------------------------------------------------------
    // Carrying out a choice
    // ---------------------------------------------------------------------------------

    fn choose(&mut self, rules: &FleetRules, task: &Task, key: &str) {
        match task {
            Task::StartDie(p) => {
                let t = rules.boat_type_index(key).expect("option");
                self.say(*p, || {
                    format!("start die {} — marks the first {} boxes", rules.boat_types[t].name.en, rules.start_boxes)
                });
                let s = rules.section_of(SectionKind::Column(t));
                let mut tasks = Vec::new();
                for _ in 0..rules.start_boxes {
                    tasks.extend(self.mark(rules, *p, s));
                }
                self.push_front(tasks);
            }
            Task::StartPlayer => {
                self.start_player = self.players.iter().position(|p| p.name == key).expect("option");
            }
            Task::DrawTrophy(_) => {
                let t = rules.trophies.iter().position(|t| t.id == key).expect("option");
                self.trophies.push(t);
                let trophy = &rules.trophies[t];
                let when = if trophy.metal == Metal::Gold {
                    "at the end, to the best result"
                } else {
                    "at once, to the first player"
                };
                self.announce(|| format!("Trophy in play: {} ({} VP, {when})", trophy.name.en, trophy.vp));
            }
            Task::Captain(p) => {
                let c = rules.captains.iter().position(|c| c.id == key).expect("option");
                self.players[*p].sheet.captain = Some(c);
                let captain = &rules.captains[c];
                self.say(*p, || {
                    format!(
                        "captain card {}: start with {}",
                        captain.name.en, rules.boat_types[captain.boat_type].name.en
                    )
                });
                let col = rules.section_of(SectionKind::Column(captain.boat_type));
                let marks: Vec<usize> =
                    std::iter::repeat_n(col, rules.start_boxes).chain(captain.marks.iter().copied()).collect();
                let mut tasks = Vec::new();
                for s in marks {
                    tasks.extend(self.mark(rules, *p, s));
                }
                self.push_front(tasks);
            }
            Task::Pick(p) => {
                let i = self.pool.iter().position(|f| f.key(rules) == key).expect("option");
                let face = self.pool.remove(i);
                self.push_front(vec![Task::Use { player: *p, face, shared: false }]);
            }
            Task::Use { player, face, shared } => {
                let _ = shared;
                let tasks = self.use_die(rules, *player, *face, key);
                self.push_front(tasks);
            }
            Task::FlexType { player, then } => {
                let t = rules.boat_type_index(key).expect("option");
                let mut tasks = self.mark(rules, *player, rules.section_of(SectionKind::Column(t)));
                if *then > 0 {
                    tasks.push(Task::FlexType { player: *player, then: then - 1 });
                }
                self.push_front(tasks);
            }
            Task::ChoiceCircle { player, boat_type } => {
                let tasks = if key == "license" {
                    self.activate_license(rules, *player, *boat_type)
                } else {
                    self.launch_boat(rules, *player, *boat_type)
                };
                self.push_front(tasks);
            }
            Task::KingCrabBonus(p) => {
                let b = rules.king_crab_bonuses.iter().position(|b| b.id == key).expect("option");
                self.players[*p].sheet.king_crab_bonus = Some(b);
                self.say(*p, || {
                    format!("king crab bonus \"{}\" (gone for the others)", rules.king_crab_bonuses[b].name.en)
                });
            }
            Task::Star(p) => {
                let s = rules.section_index(key).expect("option");
                let tasks = self.mark(rules, *p, s);
                self.push_front(tasks);
            }
            Task::Oyster { player, boat } => {
                let slot = self.boat_slot(rules, *boat);
                let tasks = if key == "coin" {
                    self.add_fish(*player, &slot, 1);
                    self.earn(rules, *player, 1, "oyster coin")
                } else {
                    self.add_fish(*player, &slot, 2);
                    Vec::new()
                };
                self.push_front(tasks);
            }
            other => unreachable!("{other:?} takes no choice"),
        }
    }

    fn use_die(&mut self, rules: &FleetRules, p: usize, face: Face, key: &str) -> Vec<Task> {
        match key {
            "coin" => {
                let coins = self.die_as_coins(rules, p);
                self.earn(rules, p, coins, "die used as coins")
            }
            "reroll" => vec![Task::Reroll { player: p, boat_die: face.is_boat_die() }],
            "salvage" => {
                let stars = rules.section_of(SectionKind::SalvageStars);
                let i = self.players[p].sheet.next_free(stars).expect("option");
                self.players[p].sheet.boxes[stars][i] = Mark::Marked;
                self.say(p, || format!("salvage yard star {} — star action", i + 1));
                vec![Task::Star(p)]
            }
            "hex" => {
                let Face::Boat(t) = face else { unreachable!("hex needs a boat face") };
                let hexes = rules.section_of(SectionKind::BuffetHexes);
                self.players[p].sheet.boxes[hexes][t] = Mark::Marked;
                let n = self.players[p].sheet.buffet_hexes(rules);
                self.say(p, || format!("seafood buffet hex {} filled ({n} hexes)", rules.boat_types[t].name.en));
                Vec::new()
            }
            "mark" => {
                let Face::Boat(t) = face else { unreachable!("mark needs a boat face") };
                self.mark(rules, p, rules.section_of(SectionKind::Column(t)))
            }
            "coins" => self.earn(rules, p, rules.dice.coins_face, "3 coins"),
            "market" => {
                let coins = self.market_coins(rules, p);
                self.earn(rules, p, coins, "market")
            }
            "as:coins" => {
                let level = self.players[p].sheet.license_with(rules, LicenseEffect::FlexDie).unwrap_or_default();
                let mut tasks = self.earn(rules, p, rules.dice.coins_face, "shrimp die as 3 coins");
                tasks.extend((0..level.stars).map(|_| Task::Star(p)));
                tasks
            }
            k if k.starts_with("as:") => {
                let t = rules.boat_type_index(&k[3..]).expect("option");
                let level = self.players[p].sheet.license_with(rules, LicenseEffect::FlexDie).unwrap_or_default();
                let lic = self.players[p].sheet.license_level(rules, flex_type(rules));
                self.say(p, || format!("shrimp license L{lic}: shrimp die as {}", rules.boat_types[t].name.en));
                let mut tasks = self.mark(rules, p, rules.section_of(SectionKind::Column(t)));
                if level.types > 1 {
                    tasks.push(Task::FlexType { player: p, then: level.types - 2 });
                }
                tasks.extend((0..level.stars).map(|_| Task::Star(p)));
                tasks
            }
            k => {
                if let Some(h) = rules.harbor_index(k) {
                    self.mark(rules, p, rules.section_of(SectionKind::Harbor(h)))
                } else if let Some(b) = rules.wharf_index(k) {
                    self.mark(rules, p, rules.section_of(SectionKind::Wharf(b)))
                } else {
                    unreachable!("option {k} has no effect")
                }
            }
        }
    }

    // ---------------------------------------------------------------------------------
    // Effects
    // ---------------------------------------------------------------------------------

    /// Golden rule 1: mark the topmost free box of a section and trigger its circle.
    /// Returns the decisions the mark leads to, in order.
    fn mark(&mut self, rules: &FleetRules, p: usize, s: usize) -> Vec<Task> {
        let Some(i) = self.players[p].sheet.next_free(s) else {
            self.say(p, || format!("{} is full — nothing to mark", rules.section_name(s, "en")));
            return Vec::new();
        };
        self.players[p].sheet.boxes[s][i] = Mark::Marked;
        match rules.sections[s].kind {
            SectionKind::Column(t) => match rules.boat_types[t].column[i] {
                ColumnBox::Plain => Vec::new(),
                ColumnBox::License => self.activate_license(rules, p, t),
                ColumnBox::Boat => self.launch_boat(rules, p, t),
                ColumnBox::Choice => {
                    let lic_free =
                        self.players[p].sheet.next_free(rules.section_of(SectionKind::Licenses(t))).is_some();
                    let boat_free = self.players[p].sheet.next_free(rules.section_of(SectionKind::Boats(t))).is_some();
                    match (lic_free, boat_free) {
                        (true, true) => vec![Task::ChoiceCircle { player: p, boat_type: t }],
                        (true, false) => self.activate_license(rules, p, t),
                        (false, true) => self.launch_boat(rules, p, t),
                        (false, false) => {
                            self.say(p, || format!("{}: ? circle — no license or boat left", rules.box_id(s, i)));
                            Vec::new()
                        }
                    }
                }
            },
            SectionKind::Harbor(h) if rules.harbor[h].circles[i] => self.harbor_circle(rules, p, h, s, i),
            SectionKind::Wharf(b) => {
                if self.players[p].sheet.building_complete(rules, b) {
                    self.say(p, || format!("{} complete — {}", rules.wharf[b].name.en, building_reminder(rules, b)));
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn activate_license(&mut self, rules: &FleetRules, p: usize, t: usize) -> Vec<Task> {
        let s = rules.section_of(SectionKind::Licenses(t));
        let Some(i) = self.players[p].sheet.next_free(s) else {
            self.say(p, || format!("no {} license left to activate", rules.boat_types[t].name.en));
            return Vec::new();
        };
        self.players[p].sheet.boxes[s][i] = Mark::Marked;
        let level = i + 1;
        self.say(p, || {
            format!("{} license L{level}: {}", rules.boat_types[t].name.en, license_reminder(rules, t, level))
        });
        if level == 2 && rules.second_license_coins > 0 {
            return self.earn(rules, p, rules.second_license_coins, "second license");
        }
        Vec::new()
    }

    fn launch_boat(&mut self, rules: &FleetRules, p: usize, t: usize) -> Vec<Task> {
        let s = rules.section_of(SectionKind::Boats(t));
        let Some(i) = self.players[p].sheet.next_free(s) else {
            self.say(p, || format!("no {} boat left to launch", rules.boat_types[t].name.en));
            return Vec::new();
        };
        self.players[p].sheet.boxes[s][i] = Mark::Marked;
        self.say(p, || format!("{} boat {} launched", rules.boat_types[t].name.en, i + 1));
        self.launch_bonus(rules, p)
    }

    /// Boat bonuses on every launch (cod license coins).
    fn launch_bonus(&mut self, rules: &FleetRules, p: usize) -> Vec<Task> {
        match self.players[p].sheet.license_with(rules, LicenseEffect::LaunchCoins) {
            Some(l) if l.coins > 0 => self.earn(rules, p, l.coins, "cod license, boat launched"),
            _ => Vec::new(),
        }
    }

    fn harbor_circle(&mut self, rules: &FleetRules, p: usize, h: usize, s: usize, i: usize) -> Vec<Task> {
        let ship = &rules.harbor[h];
        let circle_no = ship.circles[..=i].iter().filter(|c| **c).count() - 1;
        match ship.effect {
            HarborEffect::KingCrab if circle_no == 0 => {
                self.say(p, || {
                    format!("king crab license ({} VP at the end) — choose a king crab bonus", ship.license_vp)
                });
                vec![Task::KingCrabBonus(p)]
            }
            HarborEffect::PrivateFishing => vec![Task::PrivateFishing(p)],
            HarborEffect::KingCrab | HarborEffect::Launch | HarborEffect::Barge => {
                let what = if ship.effect == HarborEffect::Barge {
                    ship.name.en.clone()
                } else {
                    format!("{} boat {}", ship.name.en, circle_no + 1 - ship.first_launching_circle())
                };
                self.say(p, || format!("{what} launched ({})", rules.box_id(s, i)));
                if ship.counts_as_boat {
                    self.launch_bonus(rules, p)
                } else {
                    Vec::new()
                }
            }
        }
    }

    /// Earn coins: mark the coin track; each star box marked gives a star action (after the
    /// fishing when earned during one).
    fn earn(&mut self, rules: &FleetRules, p: usize, coins: u32, why: &str) -> Vec<Task> {
        let s = rules.section_of(SectionKind::Coins);
        let mut stars = 0;
        let mut marked = 0;
        for _ in 0..coins {
            let Some(i) = self.players[p].sheet.next_free(s) else { break };
            self.players[p].sheet.boxes[s][i] = Mark::Marked;
            marked += 1;
            if rules.coin_stars[i] {
                stars += 1;
            }
        }
        let total = self.players[p].sheet.coins(rules);
        let mut text = format!("+{coins} coin(s) ({why}), {total} on the track");
        if marked < coins {
            text.push_str(&format!("; the coin track is full, {} lost", coins - marked));
        }
        if stars > 0 {
            text.push_str(&format!(
                "; {stars} star(s): star action{}",
                if self.fishing { " after the fishing" } else { "" }
            ));
        }
        self.say(p, || text);
        let tasks: Vec<Task> = (0..stars).map(|_| Task::Star(p)).collect();
        if self.fishing {
            self.deferred.extend(tasks);
            Vec::new()
        } else {
            tasks
        }
    }

    fn income(&mut self, rules: &FleetRules, p: usize) -> Vec<Task> {
        let sheet = &self.players[p].sheet;
        let mut parts = vec![format!("{} base", rules.income_base)];
        if let Some(l) = sheet.license_with(rules, LicenseEffect::Income) {
            parts.push(format!("+{} lobster license", l.coins));
        }
        if let Some(b) = rules.building_with(BuildingEffect::IncomePerFullBoat) {
            if sheet.building_complete(rules, b) {
                parts.push(format!(
                    "+{} canning co ({} full boats)",
                    rules.wharf[b].coins * sheet.full_boats(rules),
                    sheet.full_boats(rules)
                ));
            }
        }
        let income = sheet.income(rules);
        let why = format!("income: {}{}", parts.join(" "), if income == rules.income_cap { " (capped)" } else { "" });
        self.earn(rules, p, income, &why)
    }

    fn add_fish(&mut self, p: usize, boat: &BoatSlot, n: u32) {
        self.players[p].sheet.fish[boat.section][boat.slot] += n;
    }

    /// One catch for player p (a fishing phase or a private one): the barge first, then
    /// every launched boat that is not full. Oyster boats with room for two ask.
    fn catch(&mut self, rules: &FleetRules, p: usize) -> Vec<Task> {
        let mut tasks = Vec::new();
        let launched = self.players[p].sheet.launched_boats(rules);
        for boat in launched.iter().filter(|b| is_barge(rules, b)) {
            let sheet = &self.players[p].sheet;
            let full = launched.iter().filter(|b| !is_barge(rules, b) && sheet.is_full(rules, b)).count() as u32;
            let room = sheet.capacity(rules, boat).saturating_sub(sheet.fish_on(boat));
            let n = full.min(room);
            if n > 0 {
                self.add_fish(p, boat, n);
                self.say(p, || format!("the barge catches {n} fish ({full} full boats)"));
            }
        }
        let mut caught = 0;
        for boat in launched.iter().filter(|b| !is_barge(rules, b)) {
            let sheet = &self.players[p].sheet;
            let cap = sheet.capacity(rules, boat);
            if cap == 0 || sheet.is_full(rules, boat) {
                continue;
            }
            let room = cap - sheet.fish_on(boat);
            let per = match rules.sections[boat.section].kind {
                SectionKind::Boats(t) => rules.boat_types[t].fish_per_catch,
                _ => 1,
            };
            let is_oyster = matches!(rules.sections[boat.section].kind, SectionKind::Boats(t) if rules.boat_types[t].license_effect == LicenseEffect::Oyster);
            let coin_ok = is_oyster
                && (!rules.options.oyster_coin_needs_license
                    || sheet.license_with(rules, LicenseEffect::Oyster).is_some());
            if per >= 2 && coin_ok && room >= 2 {
                tasks.push(Task::Oyster { player: p, boat: (boat.section, boat.slot) });
            } else if per >= 2 && coin_ok && room == 1 {
                self.add_fish(p, boat, 1);
                caught += 1;
                tasks.extend(self.earn(rules, p, 1, "oyster coin"));
            } else {
                let n = per.min(room);
                self.add_fish(p, boat, n);
                caught += n;
            }
        }
        if caught > 0 {
            let total = self.players[p].sheet.total_fish();
            self.say(p, || format!("{caught} fish caught, {total} on your boats"));
        }
        tasks
    }

    fn after_fishing(&mut self, rules: &FleetRules, p: usize) -> Vec<Task> {
        let Some(l) = self.players[p].sheet.license_with(rules, LicenseEffect::AfterFishing) else { return Vec::new() };
        self.say(p, || {
            format!(
                "swordfish license: {} star action(s){}",
                l.stars,
                if l.coins > 0 { format!(" and {} coin(s)", l.coins) } else { String::new() }
            )
        });
        let mut tasks = if l.coins > 0 { self.earn(rules, p, l.coins, "swordfish license") } else { Vec::new() };
        tasks.extend((0..l.stars).map(|_| Task::Star(p)));
        tasks
    }
}

impl Player {
    /// The casino reroll is used up for this phase.
    fn rerolled_this_phase_blocked(&self, rules: &FleetRules) -> bool {
        self.rerolled_this_phase && rules.options.casino_reroll == CasinoReroll::OncePerPhase
    }
}

fn flex_type(rules: &FleetRules) -> usize {
    rules.boat_types.iter().position(|t| t.license_effect == LicenseEffect::FlexDie).unwrap_or(0)
}

/// Parse typed faces for a roll of `spec` dice; every face must exist on its die kind.
pub fn parse_faces(rules: &FleetRules, faces: &[String], spec: RollSpec) -> Result<Vec<Face>, Illegal> {
    let boat_keys: Vec<String> = Face::faces_of_kind(rules, true).iter().map(|f| f.key(rules).into_owned()).collect();
    let town_keys: Vec<String> = Face::faces_of_kind(rules, false).iter().map(|f| f.key(rules).into_owned()).collect();
    let mut legal: Vec<String> = boat_keys.clone();
    if spec.town > 0 {
        legal.extend(town_keys.iter().filter(|k| !legal.contains(k)).cloned().collect::<Vec<_>>());
    }
    legal.dedup();
    let mut out = Vec::new();
    for f in faces {
        match Face::parse(rules, f) {
            Some(face) => out.push(face),
            None => return Err(Illegal { message: format!("`{f}` is not a die face"), legal }),
        }
    }
    let boat = out.iter().filter(|f| f.is_boat_die()).count() as u32;
    let town = out.len() as u32 - boat;
    if boat != spec.boat || town != spec.town {
        let want = match (spec.boat, spec.town) {
            (b, 0) => format!("{b} boat dice"),
            (0, t) => format!("{t} town dice"),
            (b, t) => format!("{t} town dice and {b} boat die"),
        };
        return Err(Illegal {
            message: format!("this roll has {want}, but {boat} boat and {town} town face(s) were given"),
            legal,
        });
    }
    Ok(out)
}

/// A label or prompt, built only when a person will read it (`lang` empty: keys only, for
/// validation and the random player, where formatting would dominate the run time).
fn lbl(lang: &str, text: impl FnOnce() -> String) -> String {
    if lang.is_empty() {
        String::new()
    } else {
        text()
    }
}

fn circle_note(rules: &FleetRules, s: usize, i: usize) -> &'static str {
    match rules.sections[s].kind {
        SectionKind::Column(t) => match rules.boat_types[t].column[i] {
            ColumnBox::License => " (L: license)",
            ColumnBox::Boat => " (B: launch a boat)",
            ColumnBox::Choice => " (?: license or boat)",
            ColumnBox::Plain => "",
        },
        SectionKind::Harbor(h) if rules.harbor[h].circles[i] => " (circle)",
        SectionKind::Wharf(b) if rules.wharf[b].circles[i] => " (circle: completes it)",
        _ => "",
    }
}

fn license_reminder(rules: &FleetRules, t: usize, level: usize) -> String {
    let bt = &rules.boat_types[t];
    let l = bt.license_levels[level - 1];
    let vp = bt.license_vp[level - 1];
    let vp = if vp > 0 { format!("; {vp} VP at the end") } else { String::new() };
    let bonus = match bt.license_effect {
        LicenseEffect::FlexDie => format!(
            "a shrimp die you pick counts as {} boat type(s) of your choice{} (never the shared die)",
            l.types,
            if l.stars > 0 { format!(" + {} star action(s)", l.stars) } else { String::new() }
        ),
        LicenseEffect::LaunchCoins => format!("+{} coin(s) on every boat launch", l.coins),
        LicenseEffect::Income => format!("+{} income", l.coins),
        LicenseEffect::AfterFishing => format!(
            "after each fishing: {} star action(s){}",
            l.stars,
            if l.coins > 0 { format!(" + {} coin(s)", l.coins) } else { String::new() }
        ),
        LicenseEffect::Oyster => format!("oyster boats hold {} fish", l.capacity),
    };
    format!("{bonus}{vp}")
}

fn building_reminder(rules: &FleetRules, b: usize) -> String {
    let building = &rules.wharf[b];
    match building.effect {
        BuildingEffect::Reroll => "you may reroll the die you pick, once per phase".into(),
        BuildingEffect::None => "scores at the end".into(),
        BuildingEffect::Buffet => "a boat die may fill its hex instead of its normal use".into(),
        BuildingEffect::Salvage => format!("any die may give 1 star action instead (up to {} times)", building.stars),
        BuildingEffect::DieAsCoins => format!("a die used as coins gives {}", building.coins),
        BuildingEffect::MarketBonus => format!("+{} coins whenever you use the market", building.coins),
        BuildingEffect::IncomePerFullBoat => format!("+{} income per full boat", building.coins),
    }
}
