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
use crate::games::fleet::{
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

    /// The word a player types for this face in `lang`: its name as one lowercase word
    /// (`garnele`, `münzen`, `huître`). In English it is the key.
    pub fn typed_word(self, rules: &FleetRules, lang: &str) -> String {
        let word = match self {
            Face::Boat(t) => rules.boat_types[t].name.get(lang).to_string(),
            Face::Coins => crate::t!(lang, "engine.face_word_coins"),
            Face::Harbor => crate::t!(lang, "engine.face_harbor"),
            Face::Wharf => crate::t!(lang, "engine.face_wharf"),
            Face::Market => rules.market_name.get(lang).to_string(),
        };
        word.to_lowercase().split_whitespace().collect::<Vec<_>>().join("-")
    }

    /// A face from what a player typed: its key, or its word in `lang` (then in the other
    /// languages), ignoring case and accents (`münzen`, `munzen`, `muenzen`; `huitre`).
    pub fn parse_typed(rules: &FleetRules, typed: &str, lang: &str) -> Option<Face> {
        if let Some(face) = Face::parse(rules, typed) {
            return Some(face);
        }
        let faces: Vec<Face> =
            Face::faces_of_kind(rules, true).into_iter().chain(Face::faces_of_kind(rules, false)).collect();
        let langs = std::iter::once(lang).chain(crate::text::LANGS.into_iter().filter(|l| *l != lang));
        for l in langs {
            if let Some(face) = faces.iter().find(|f| crate::text::same_word(&f.typed_word(rules, l), typed)) {
                return Some(*face);
            }
        }
        None
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
            Face::Coins => crate::t!(lang, "engine.face_coins"),
            Face::Harbor => crate::t!(lang, "engine.face_harbor"),
            Face::Wharf => crate::t!(lang, "engine.face_wharf"),
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
            g.announce(|l| crate::t!(l, "engine.announce_example_cards"));
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
        self.ruth.is_some() && self.round.is_multiple_of(2)
    }

    pub fn finished(&self) -> bool {
        self.queue.is_empty()
    }

    /// Turn order for this round, from the start player.
    pub fn turn_order(&self) -> Vec<usize> {
        let n = self.players.len();
        (0..n).map(|i| (self.start_player + i) % n).collect()
    }

    /// What `effect` queues for each player, in turn order.
    fn each_player(&mut self, mut effect: impl FnMut(&mut Self, usize) -> Vec<Task>) -> Vec<Task> {
        self.turn_order().into_iter().flat_map(|p| effect(self, p)).collect()
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
                prompt: lbl(lang, || crate::t!(lang, "engine.prompt_start_die", name = name(*p))),
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
                    if *metal == Metal::Gold {
                        crate::t!(lang, "engine.prompt_trophy_gold")
                    } else {
                        crate::t!(lang, "engine.prompt_trophy_silver")
                    }
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
                prompt: lbl(lang, || crate::t!(lang, "engine.prompt_captain", name = name(*p))),
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
                prompt: lbl(lang, || crate::t!(lang, "engine.prompt_start_player")),
                options: self
                    .players
                    .iter()
                    .map(|p| Opt { key: Cow::Borrowed(&p.name), label: p.name.clone() })
                    .collect(),
                roll: None,
            },
            Task::Roll(phase) => {
                let pool = rules.pool(self.players.len() as u32).expect("checked at game creation");
                let spec = match phase {
                    DicePhase::Boat => RollSpec { boat: pool.boat, town: 0 },
                    DicePhase::Town => RollSpec { boat: pool.town_boat, town: pool.town },
                };
                Decision {
                    kind: Kind::Roll,
                    player: None,
                    prompt: lbl(lang, || {
                        let (round, name) = (self.round, name(self.start_player));
                        match phase {
                            DicePhase::Boat => crate::t!(lang, "engine.prompt_roll_boat", round = round, name = name),
                            DicePhase::Town => crate::t!(lang, "engine.prompt_roll_town", round = round, name = name),
                        }
                    }),
                    options: Vec::new(),
                    roll: Some(spec),
                }
            }
            Task::Reroll { player, boat_die } => Decision {
                kind: Kind::Roll,
                player: Some(*player),
                prompt: lbl(lang, || crate::t!(lang, "engine.prompt_reroll", name = name(*player))),
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
                    prompt: lbl(lang, || crate::t!(lang, "engine.prompt_pick", name = name(*p), dice = dice)),
                    options,
                    roll: None,
                }
            }
            Task::Use { player, face, shared } => Decision {
                kind: Kind::Other,
                player: Some(*player),
                prompt: lbl(lang, || {
                    let (name, face) = (name(*player), face.label(rules, lang));
                    if *shared {
                        crate::t!(lang, "engine.prompt_use_shared", name = name, face = face)
                    } else {
                        crate::t!(lang, "engine.prompt_use", name = name, face = face)
                    }
                }),
                options: self.use_options(rules, *player, *face, *shared, lang),
                roll: None,
            },
            Task::FlexType { player, .. } => Decision {
                kind: Kind::Other,
                player: Some(*player),
                prompt: lbl(lang, || crate::t!(lang, "engine.prompt_flex", name = name(*player))),
                options: self.column_options(rules, *player, lang),
                roll: None,
            },
            Task::ChoiceCircle { player, boat_type } => Decision {
                kind: Kind::Other,
                player: Some(*player),
                prompt: lbl(lang, || {
                    crate::t!(
                        lang,
                        "engine.prompt_choice",
                        name = name(*player),
                        boat_type = rules.boat_types[*boat_type].name.get(lang)
                    )
                }),
                options: vec![
                    Opt {
                        key: Cow::Borrowed("license"),
                        label: lbl(lang, || crate::t!(lang, "engine.opt_activate_license")),
                    },
                    Opt { key: Cow::Borrowed("boat"), label: lbl(lang, || crate::t!(lang, "engine.opt_launch_boat")) },
                ],
                roll: None,
            },
            Task::KingCrabBonus(p) => Decision {
                kind: Kind::Other,
                player: Some(*p),
                prompt: lbl(lang, || crate::t!(lang, "engine.prompt_king_crab", name = name(*p))),
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
                prompt: lbl(lang, || crate::t!(lang, "engine.prompt_star", name = name(*p))),
                options: self.star_options(rules, *p, lang),
                roll: None,
            },
            Task::Oyster { player, boat } => {
                let slot = self.boat_slot(rules, *boat);
                Decision {
                    kind: Kind::Other,
                    player: Some(*player),
                    prompt: lbl(lang, || {
                        crate::t!(
                            lang,
                            "engine.prompt_oyster",
                            name = name(*player),
                            boat = crate::text::fleet::boat_name(rules, &slot, lang)
                        )
                    }),
                    options: vec![
                        Opt { key: Cow::Borrowed("fish"), label: lbl(lang, || crate::t!(lang, "engine.opt_two_fish")) },
                        Opt {
                            key: Cow::Borrowed("coin"),
                            label: lbl(lang, || crate::t!(lang, "engine.opt_fish_coin")),
                        },
                    ],
                    roll: None,
                }
            }
            other => unreachable!("automatic task {other:?} left at the front of the queue"),
        };
        Some(d)
    }

    /// Set the language of prompts and reminders; notices not yet taken (the setup
    /// announcement made when the game was created) are given in the new language too.
    pub fn set_lang(&mut self, lang: &'static str) {
        let before = crate::t!(self.ui(), "engine.announce_example_cards");
        self.lang = lang;
        let after = crate::t!(self.ui(), "engine.announce_example_cards");
        for n in self.notices.iter_mut().filter(|n| n.player.is_none() && n.text == before) {
            n.text.clone_from(&after);
        }
    }

    /// Take the notices produced since the last call.
    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    /// Apply an answer to the current decision and run every effect up to the next one.
    pub fn apply(&mut self, rules: &FleetRules, input: &Input) -> Result<(), Illegal> {
        let Some(task) = self.queue.front().cloned() else {
            return Err(Illegal { message: crate::t!(self.ui(), "engine.illegal_over"), legal: vec![] });
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
                let faces = parse_faces_in(rules, faces, spec, self.ui())?;
                self.queue.pop_front();
                self.players[*player].rerolled_this_phase = true;
                self.say(*player, |l| crate::t!(l, "engine.say_casino_reroll", face = faces[0].label(rules, l)));
                self.push_front(vec![Task::Use { player: *player, face: faces[0], shared: false }]);
            }
            (_, Input::Choice(key)) => {
                let decision = self.decision(rules, "").expect("a task is queued");
                if decision.roll.is_some() {
                    return Err(Illegal { message: crate::t!(self.ui(), "engine.illegal_needs_dice"), legal: vec![] });
                }
                let key = key.trim();
                let Some(opt) = decision.options.iter().find(|o| o.key.eq_ignore_ascii_case(key)) else {
                    let prompt = self.decision(rules, self.ui()).map(|d| d.prompt).unwrap_or_default();
                    return Err(Illegal {
                        message: crate::t!(self.ui(), "engine.illegal_answer", key = key, prompt = prompt),
                        legal: decision.options.iter().map(|o| o.key.to_string()).collect(),
                    });
                };
                let key = opt.key.to_string();
                self.queue.pop_front();
                self.choose(rules, &task, &key);
            }
            (_, Input::Roll { .. }) => {
                let decision = self.decision(rules, self.ui()).expect("a task is queued");
                return Err(Illegal {
                    message: crate::t!(self.ui(), "engine.illegal_not_roll", prompt = decision.prompt),
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
        parse_faces_in(rules, faces, spec, self.ui())
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
            (ruth::Action::Star, _) => crate::t!(self.ui(), "engine.ruth_crosses_star", why = why, boxes = crossed[0]),
            _ => crate::t!(
                self.ui(),
                "engine.ruth_crosses",
                why = why,
                boxes = crossed.join(&crate::t!(self.ui(), "engine.and"))
            ),
        };
        self.announce(|_| text);
        for (b, before) in complete_before.into_iter().enumerate() {
            if !before && self.players[0].sheet.building_complete(rules, b) {
                self.say(0, |l| {
                    crate::t!(
                        l,
                        "engine.say_building_complete",
                        building = rules.wharf[b].name.get(l),
                        reminder = building_reminder(rules, b, l)
                    )
                });
            }
        }
    }

    /// The language of the game for text a person reads ("" counts as English).
    fn ui(&self) -> &'static str {
        if self.lang.is_empty() {
            "en"
        } else {
            self.lang
        }
    }

    /// A reminder for one player. The text is only built when someone will read it.
    fn say(&mut self, player: usize, text: impl FnOnce(&'static str) -> String) {
        if !self.quiet {
            let lang = self.ui();
            let text = crate::t!(lang, "engine.say_prefix", name = self.players[player].name, text = text(lang));
            self.notices.push(Notice { player: Some(player), text });
        }
    }

    fn announce(&mut self, text: impl FnOnce(&'static str) -> String) {
        if !self.quiet {
            let text = text(self.ui());
            self.notices.push(Notice { player: None, text });
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
                        crate::t!(self.ui(), "engine.captain_ruth")
                    } else {
                        self.players[self.start_player].name.clone()
                    };
                    let (round, rounds) = (self.round, self.rounds);
                    self.announce(|l| {
                        crate::t!(l, "engine.announce_round", round = round, rounds = rounds, start = start)
                    });
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
                        self.announce(|l| crate::t!(l, "engine.announce_shared", face = face.label(rules, l)));
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
                    let tasks = self.each_player(|g, p| g.income(rules, p));
                    self.push_front(tasks);
                }
                Task::FishingStart => {
                    self.queue.pop_front();
                    self.fishing = true;
                    let round = self.round;
                    self.announce(|l| crate::t!(l, "engine.announce_fishing", round = round));
                    let tasks = self.each_player(|g, p| g.catch(rules, p));
                    self.push_front(tasks);
                }
                Task::FishingEnd => {
                    self.queue.pop_front();
                    self.fishing = false;
                    let mut tasks = std::mem::take(&mut self.deferred);
                    tasks.extend(self.each_player(|g, p| g.after_fishing(rules, p)));
                    self.push_front(tasks);
                }
                Task::PrivateFishing(p) => {
                    self.queue.pop_front();
                    self.fishing = true;
                    self.say(p, |l| crate::t!(l, "engine.say_private_fishing"));
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
                    let (i, action, why) = ruth.pick_in(rules, &self.players[0].sheet, &self.pool, phase, self.ui());
                    self.pool.remove(i);
                    self.ruth_acts(rules, action, why);
                }
                Task::RuthShared(face) => {
                    self.queue.pop_front();
                    let (action, why) =
                        self.ruth.expect("solo").shared_in(rules, &self.players[0].sheet, face, self.ui());
                    self.ruth_acts(rules, action, why);
                }
                Task::EndRound => {
                    self.queue.pop_front();
                    self.start_player = (self.start_player + 1) % self.players.len();
                    if let Some(mut ruth) = self.ruth {
                        if self.round < self.rounds {
                            let text = ruth.move_tokens_in(rules, &self.players[0].sheet, self.ui());
                            self.ruth = Some(ruth);
                            self.announce(|_| text);
                        }
                    }
                    if self.round < self.rounds {
                        self.queue.push_front(Task::BeginRound);
                    } else {
                        self.award_gold(rules);
                        self.announce(|l| crate::t!(l, "engine.announce_over"));
                    }
                }
                // Decisions with nothing to choose from resolve themselves.
                Task::Star(p) if self.star_options(rules, p, "").is_empty() => {
                    self.queue.pop_front();
                    self.say(p, |l| crate::t!(l, "engine.say_star_lost"));
                }
                Task::FlexType { player, .. } if self.column_options(rules, player, "").is_empty() => {
                    self.queue.pop_front();
                    self.say(player, |l| crate::t!(l, "engine.say_no_column"));
                }
                Task::KingCrabBonus(p) if self.free_bonuses(rules).is_empty() => {
                    self.queue.pop_front();
                    self.say(p, |l| crate::t!(l, "engine.say_no_bonus"));
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
                self.say(p, |l| crate::t!(l, "engine.say_silver", trophy = trophy.name.get(l), vp = trophy.vp));
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
                        self.say(p, |l| {
                            crate::t!(l, "engine.say_gold", trophy = trophy.name.get(l), best = best, vp = trophy.vp)
                        });
                    }
                }
                None => self.announce(|l| crate::t!(l, "engine.announce_no_gold", trophy = trophy.name.get(l))),
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
                        label: lbl(lang, || {
                            crate::t!(
                                lang,
                                "engine.opt_mark",
                                id = rules.box_id(s, i),
                                note = circle_note(rules, s, i, lang)
                            )
                        }),
                    });
                }
                let flex = rules.boat_types[t].license_effect == LicenseEffect::FlexDie;
                if flex && !shared {
                    if let Some(level) = sheet.license(rules, t) {
                        let extra = lbl(lang, || match (level.types, level.stars) {
                            (1, 0) => String::new(),
                            (1, s) => crate::t!(lang, "engine.plus_star_actions", n = s),
                            (n, s) => {
                                crate::t!(lang, "engine.and_more_types", n = n - 1)
                                    + &crate::t!(lang, "engine.plus_star_actions", n = s)
                            }
                        });
                        for (u, bt) in rules.boat_types.iter().enumerate() {
                            let col = rules.section_of(SectionKind::Column(u));
                            if u != t && sheet.next_free(col).is_some() {
                                out.push(Opt {
                                    key: Cow::Owned(format!("as:{}", bt.id)),
                                    label: lbl(lang, || {
                                        crate::t!(
                                            lang,
                                            "engine.opt_flex_as",
                                            boat_type = bt.name.get(lang),
                                            extra = extra
                                        )
                                    }),
                                });
                            }
                        }
                        out.push(Opt {
                            key: Cow::Borrowed("as:coins"),
                            label: lbl(lang, || {
                                crate::t!(
                                    lang,
                                    "engine.opt_flex_coins",
                                    extra = if level.stars > 0 { extra.clone() } else { String::new() }
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
                                crate::t!(lang, "engine.opt_hex", boat_type = rules.boat_types[t].name.get(lang))
                            }),
                        });
                    }
                }
            }
            Face::Coins => out.push(Opt {
                key: Cow::Borrowed("coins"),
                label: lbl(lang, || crate::t!(lang, "engine.opt_coins", n = rules.dice.coins_face)),
            }),
            Face::Harbor => {
                for (h, ship) in rules.harbor.iter().enumerate() {
                    let s = rules.section_of(SectionKind::Harbor(h));
                    out.extend(section_option(rules, sheet, s, &ship.id, &ship.name, lang));
                }
            }
            Face::Wharf => {
                for (b, building) in rules.wharf.iter().enumerate() {
                    let s = rules.section_of(SectionKind::Wharf(b));
                    out.extend(section_option(rules, sheet, s, &building.id, &building.name, lang));
                }
            }
            Face::Market => {
                let coins = self.market_coins(rules, p);
                out.push(Opt {
                    key: Cow::Borrowed("market"),
                    label: lbl(lang, || crate::t!(lang, "engine.opt_market", n = coins)),
                });
            }
        }
        if !shared
            && !self.players[p].rerolled_this_phase_blocked(rules)
            && sheet.building_active(rules, BuildingEffect::Reroll)
        {
            out.push(Opt { key: Cow::Borrowed("reroll"), label: lbl(lang, || crate::t!(lang, "engine.opt_reroll")) });
        }
        if sheet.building_active(rules, BuildingEffect::Salvage) {
            let stars = rules.section_of(SectionKind::SalvageStars);
            if sheet.next_free(stars).is_some() {
                out.push(Opt {
                    key: Cow::Borrowed("salvage"),
                    label: lbl(lang, || crate::t!(lang, "engine.opt_salvage")),
                });
            }
        }
        let coins = self.die_as_coins(rules, p);
        out.push(Opt {
            key: Cow::Borrowed("coin"),
            label: lbl(lang, || crate::t!(lang, "engine.opt_coin", n = coins)),
        });
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
                        crate::t!(
                            lang,
                            "engine.opt_section_mark",
                            section = bt.name.get(lang),
                            id = rules.box_id(s, i),
                            note = circle_note(rules, s, i, lang)
                        )
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
                    crate::t!(
                        lang,
                        "engine.opt_section_mark",
                        section = crate::text::fleet::section_name(rules, s, lang),
                        id = rules.box_id(s, i),
                        note = circle_note(rules, s, i, lang)
                    )
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
                self.say(*p, |l| {
                    crate::t!(
                        l,
                        "engine.say_start_die",
                        boat_type = rules.boat_types[t].name.get(l),
                        n = rules.start_boxes
                    )
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
                let gold = trophy.metal == Metal::Gold;
                self.announce(|l| {
                    let when = if gold { crate::t!(l, "engine.when_gold") } else { crate::t!(l, "engine.when_silver") };
                    crate::t!(l, "engine.announce_trophy", trophy = trophy.name.get(l), vp = trophy.vp, when = when)
                });
            }
            Task::Captain(p) => {
                let c = rules.captains.iter().position(|c| c.id == key).expect("option");
                self.players[*p].sheet.captain = Some(c);
                let captain = &rules.captains[c];
                self.say(*p, |l| {
                    crate::t!(
                        l,
                        "engine.say_captain",
                        captain = captain.name.get(l),
                        boat_type = rules.boat_types[captain.boat_type].name.get(l)
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
                self.say(*p, |l| {
                    crate::t!(l, "engine.say_bonus_taken", bonus = rules.king_crab_bonuses[b].name.get(l))
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
                    self.earn(rules, *player, 1, |l| crate::t!(l, "engine.why_oyster_coin"))
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
                self.earn(rules, p, coins, |l| crate::t!(l, "engine.why_die_as_coins"))
            }
            "reroll" => vec![Task::Reroll { player: p, boat_die: face.is_boat_die() }],
            "salvage" => {
                let stars = rules.section_of(SectionKind::SalvageStars);
                let i = self.players[p].sheet.next_free(stars).expect("option");
                self.players[p].sheet.boxes[stars][i] = Mark::Marked;
                self.say(p, |l| crate::t!(l, "engine.say_salvage", n = i + 1));
                vec![Task::Star(p)]
            }
            "hex" => {
                let Face::Boat(t) = face else { unreachable!("hex needs a boat face") };
                let hexes = rules.section_of(SectionKind::BuffetHexes);
                self.players[p].sheet.boxes[hexes][t] = Mark::Marked;
                let n = self.players[p].sheet.buffet_hexes(rules);
                self.say(p, |l| crate::t!(l, "engine.say_hex", boat_type = rules.boat_types[t].name.get(l), n = n));
                Vec::new()
            }
            "mark" => {
                let Face::Boat(t) = face else { unreachable!("mark needs a boat face") };
                self.mark(rules, p, rules.section_of(SectionKind::Column(t)))
            }
            "coins" => self.earn(rules, p, rules.dice.coins_face, |l| crate::t!(l, "engine.face_coins")),
            "market" => {
                let coins = self.market_coins(rules, p);
                self.earn(rules, p, coins, |l| crate::t!(l, "engine.why_market"))
            }
            "as:coins" => {
                let level = self.players[p].sheet.license_with(rules, LicenseEffect::FlexDie).unwrap_or_default();
                let mut tasks = self.earn(rules, p, rules.dice.coins_face, |l| crate::t!(l, "engine.why_flex_coins"));
                tasks.extend((0..level.stars).map(|_| Task::Star(p)));
                tasks
            }
            k if k.starts_with("as:") => {
                let t = rules.boat_type_index(&k[3..]).expect("option");
                let level = self.players[p].sheet.license_with(rules, LicenseEffect::FlexDie).unwrap_or_default();
                let lic = self.players[p].sheet.license_level(rules, flex_type(rules));
                self.say(p, |l| {
                    crate::t!(l, "engine.say_flex_as", level = lic, boat_type = rules.boat_types[t].name.get(l))
                });
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
            self.say(p, |l| {
                crate::t!(l, "engine.say_section_full", section = crate::text::fleet::section_name(rules, s, l))
            });
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
                            self.say(p, |l| crate::t!(l, "engine.say_choice_none", id = rules.box_id(s, i)));
                            Vec::new()
                        }
                    }
                }
            },
            SectionKind::Harbor(h) if rules.harbor[h].circles[i] => self.harbor_circle(rules, p, h, s, i),
            SectionKind::Wharf(b) => {
                if self.players[p].sheet.building_complete(rules, b) {
                    self.say(p, |l| {
                        crate::t!(
                            l,
                            "engine.say_building_complete",
                            building = rules.wharf[b].name.get(l),
                            reminder = building_reminder(rules, b, l)
                        )
                    });
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn activate_license(&mut self, rules: &FleetRules, p: usize, t: usize) -> Vec<Task> {
        let s = rules.section_of(SectionKind::Licenses(t));
        let Some(i) = self.players[p].sheet.next_free(s) else {
            self.say(p, |l| crate::t!(l, "engine.say_no_license", boat_type = rules.boat_types[t].name.get(l)));
            return Vec::new();
        };
        self.players[p].sheet.boxes[s][i] = Mark::Marked;
        let level = i + 1;
        self.say(p, |l| {
            crate::t!(
                l,
                "engine.say_license",
                boat_type = rules.boat_types[t].name.get(l),
                level = level,
                reminder = license_reminder(rules, t, level, l)
            )
        });
        if level == 2 && rules.second_license_coins > 0 {
            return self.earn(rules, p, rules.second_license_coins, |l| crate::t!(l, "engine.why_second_license"));
        }
        Vec::new()
    }

    fn launch_boat(&mut self, rules: &FleetRules, p: usize, t: usize) -> Vec<Task> {
        let s = rules.section_of(SectionKind::Boats(t));
        let Some(i) = self.players[p].sheet.next_free(s) else {
            self.say(p, |l| crate::t!(l, "engine.say_no_boat", boat_type = rules.boat_types[t].name.get(l)));
            return Vec::new();
        };
        self.players[p].sheet.boxes[s][i] = Mark::Marked;
        self.say(p, |l| crate::t!(l, "engine.say_launched", boat_type = rules.boat_types[t].name.get(l), n = i + 1));
        self.launch_bonus(rules, p)
    }

    /// Boat bonuses on every launch (cod license coins).
    fn launch_bonus(&mut self, rules: &FleetRules, p: usize) -> Vec<Task> {
        match self.players[p].sheet.license_with(rules, LicenseEffect::LaunchCoins) {
            Some(l) if l.coins > 0 => self.earn(rules, p, l.coins, |l| crate::t!(l, "engine.why_cod")),
            _ => Vec::new(),
        }
    }

    fn harbor_circle(&mut self, rules: &FleetRules, p: usize, h: usize, s: usize, i: usize) -> Vec<Task> {
        let ship = &rules.harbor[h];
        let circle_no = ship.circles[..=i].iter().filter(|c| **c).count() - 1;
        match ship.effect {
            HarborEffect::KingCrab if circle_no == 0 => {
                self.say(p, |l| crate::t!(l, "engine.say_king_crab", vp = ship.license_vp));
                vec![Task::KingCrabBonus(p)]
            }
            HarborEffect::PrivateFishing => vec![Task::PrivateFishing(p)],
            HarborEffect::KingCrab | HarborEffect::Launch | HarborEffect::Barge => {
                let barge = ship.effect == HarborEffect::Barge;
                let n = circle_no + 1 - ship.first_launching_circle();
                self.say(p, |l| {
                    let what = if barge {
                        ship.name.get(l).to_string()
                    } else {
                        crate::t!(l, "engine.harbor_boat", ship = ship.name.get(l), n = n)
                    };
                    crate::t!(l, "engine.say_harbor_launched", what = what, id = rules.box_id(s, i))
                });
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
    fn earn(
        &mut self,
        rules: &FleetRules,
        p: usize,
        coins: u32,
        why: impl FnOnce(&'static str) -> String,
    ) -> Vec<Task> {
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
        let fishing = self.fishing;
        self.say(p, |l| {
            let mut text = crate::t!(l, "engine.earn", n = coins, why = why(l), total = total);
            if marked < coins {
                text.push_str(&crate::t!(l, "engine.earn_lost", n = coins - marked));
            }
            if stars > 0 {
                let after = if fishing { crate::t!(l, "engine.after_fishing") } else { String::new() };
                text.push_str(&crate::t!(l, "engine.earn_stars", n = stars, after = after));
            }
            text
        });
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
        let lobster = sheet.license_with(rules, LicenseEffect::Income).map(|l| l.coins);
        let canning = rules
            .building_with(BuildingEffect::IncomePerFullBoat)
            .filter(|b| sheet.building_complete(rules, *b))
            .map(|b| (rules.wharf[b].coins * sheet.full_boats(rules), sheet.full_boats(rules)));
        let income = sheet.income(rules);
        let capped = income == rules.income_cap;
        let base = rules.income_base;
        self.earn(rules, p, income, move |l| {
            let mut parts = vec![crate::t!(l, "engine.income_base", n = base)];
            if let Some(coins) = lobster {
                parts.push(crate::t!(l, "engine.income_lobster", n = coins));
            }
            if let Some((coins, full)) = canning {
                parts.push(crate::t!(l, "engine.income_canning", coins = coins, n = full));
            }
            let capped = if capped { crate::t!(l, "engine.income_capped") } else { String::new() };
            crate::t!(l, "engine.income", parts = parts.join(" "), capped = capped)
        })
    }

    fn add_fish(&mut self, p: usize, boat: &BoatSlot, n: u32) {
        let fish = &mut self.players[p].sheet.fish[boat.section][boat.slot];
        *fish = fish.saturating_add(n);
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
                self.say(p, |l| crate::t!(l, "engine.say_barge", n = n, full = full));
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
                tasks.extend(self.earn(rules, p, 1, |l| crate::t!(l, "engine.why_oyster_coin")));
            } else {
                let n = per.min(room);
                self.add_fish(p, boat, n);
                caught += n;
            }
        }
        if caught > 0 {
            let total = self.players[p].sheet.total_fish();
            self.say(p, |l| crate::t!(l, "engine.say_caught", n = caught, total = total));
        }
        tasks
    }

    fn after_fishing(&mut self, rules: &FleetRules, p: usize) -> Vec<Task> {
        let Some(l) = self.players[p].sheet.license_with(rules, LicenseEffect::AfterFishing) else { return Vec::new() };
        self.say(p, |lang| {
            let coins = if l.coins > 0 { crate::t!(lang, "engine.and_coins", n = l.coins) } else { String::new() };
            crate::t!(lang, "engine.say_swordfish", n = l.stars, coins = coins)
        });
        let mut tasks = if l.coins > 0 {
            self.earn(rules, p, l.coins, |lang| crate::t!(lang, "engine.why_swordfish"))
        } else {
            Vec::new()
        };
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
    parse_faces_in(rules, faces, spec, "en")
}

/// `parse_faces` with its messages in `lang`.
pub fn parse_faces_in(rules: &FleetRules, faces: &[String], spec: RollSpec, lang: &str) -> Result<Vec<Face>, Illegal> {
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
            None => return Err(Illegal { message: crate::t!(lang, "engine.illegal_face", face = f), legal }),
        }
    }
    let boat = out.iter().filter(|f| f.is_boat_die()).count() as u32;
    let town = out.len() as u32 - boat;
    if boat != spec.boat || town != spec.town {
        let want = match (spec.boat, spec.town) {
            (b, 0) => crate::t!(lang, "engine.want_boat", n = b),
            (0, t) => crate::t!(lang, "engine.want_town", n = t),
            (b, t) => crate::t!(lang, "engine.want_both", n = t, boat = b),
        };
        return Err(Illegal {
            message: crate::t!(lang, "engine.illegal_roll_count", want = want, boat = boat, town = town),
            legal,
        });
    }
    Ok(out)
}

/// The option of marking the top free box of a harbor ship or wharf building, if it has one.
fn section_option<'a>(
    rules: &FleetRules,
    sheet: &Sheet,
    s: usize,
    key: &'a str,
    name: &crate::games::Names,
    lang: &str,
) -> Option<Opt<'a>> {
    let i = sheet.next_free(s)?;
    Some(Opt {
        key: Cow::Borrowed(key),
        label: lbl(lang, || {
            crate::t!(
                lang,
                "engine.opt_section_mark",
                section = name.get(lang),
                id = rules.box_id(s, i),
                note = circle_note(rules, s, i, lang)
            )
        }),
    })
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

fn circle_note(rules: &FleetRules, s: usize, i: usize, lang: &str) -> String {
    match rules.sections[s].kind {
        SectionKind::Column(t) => match rules.boat_types[t].column[i] {
            ColumnBox::License => crate::t!(lang, "engine.note_license"),
            ColumnBox::Boat => crate::t!(lang, "engine.note_boat"),
            ColumnBox::Choice => crate::t!(lang, "engine.note_choice"),
            ColumnBox::Plain => String::new(),
        },
        SectionKind::Harbor(h) if rules.harbor[h].circles[i] => crate::t!(lang, "engine.note_circle"),
        SectionKind::Wharf(b) if rules.wharf[b].circles[i] => crate::t!(lang, "engine.note_completes"),
        _ => String::new(),
    }
}

fn license_reminder(rules: &FleetRules, t: usize, level: usize, lang: &str) -> String {
    let bt = &rules.boat_types[t];
    let l = bt.license_levels[level - 1];
    let vp = bt.license_vp[level - 1];
    let vp = if vp > 0 { crate::t!(lang, "engine.vp_at_end", vp = vp) } else { String::new() };
    let bonus = match bt.license_effect {
        LicenseEffect::FlexDie => crate::t!(
            lang,
            "engine.license_flex",
            n = l.types,
            stars = if l.stars > 0 { crate::t!(lang, "engine.plus_star_actions", n = l.stars) } else { String::new() }
        ),
        LicenseEffect::LaunchCoins => crate::t!(lang, "engine.license_launch_coins", n = l.coins),
        LicenseEffect::Income => crate::t!(lang, "engine.license_income", n = l.coins),
        LicenseEffect::AfterFishing => crate::t!(
            lang,
            "engine.license_after_fishing",
            n = l.stars,
            coins = if l.coins > 0 { crate::t!(lang, "engine.plus_coins", n = l.coins) } else { String::new() }
        ),
        LicenseEffect::Oyster => crate::t!(lang, "engine.license_oyster", n = l.capacity),
    };
    format!("{bonus}{vp}")
}

fn building_reminder(rules: &FleetRules, b: usize, lang: &str) -> String {
    let building = &rules.wharf[b];
    match building.effect {
        BuildingEffect::Reroll => crate::t!(lang, "engine.building_reroll"),
        BuildingEffect::None => crate::t!(lang, "engine.building_none"),
        BuildingEffect::Buffet => crate::t!(lang, "engine.building_buffet"),
        BuildingEffect::Salvage => crate::t!(lang, "engine.building_salvage", n = building.stars),
        BuildingEffect::DieAsCoins => crate::t!(lang, "engine.building_die_as_coins", n = building.coins),
        BuildingEffect::MarketBonus => crate::t!(lang, "engine.building_market", n = building.coins),
        BuildingEffect::IncomePerFullBoat => crate::t!(lang, "engine.building_income", n = building.coins),
    }
}
