//! Captain Ruth, the solo opponent (digest A11). She has no sheet: her picks cross off
//! boxes on the player's sheet. Everything here is computed, never asked.

use super::game::{DicePhase, Face};
use super::sheet::{Mark, Sheet};
use crate::games::fleet::{FleetRules, RuthStarDie, RuthTownJoker, SectionKind};

/// Ruth's three captain tokens, as positions in the rules' boat, harbor and wharf loops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ruth {
    /// Per token (boat, harbor, wharf): its position in `Solo::boat_loop`, `harbor_loop` and
    /// `wharf_loop`.
    pub tokens: [usize; 3],
}

/// What Ruth does with a die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Cross off the `n` lowest open boxes of a section.
    Cross {
        /// The section (index into `FleetRules::sections`).
        section: usize,
        /// How many boxes: 2 with a die she picks, 1 with the shared die or her joker.
        n: usize,
    },
    /// Cross off the next available star box of the coin track.
    Star,
    /// Nothing she can do with it.
    Pass,
}

impl Ruth {
    /// Tokens on their starting sections (rules `solo.tokens`).
    pub fn new(rules: &FleetRules) -> Ruth {
        let loops = loops(rules);
        let mut tokens = [0; 3];
        for k in 0..3 {
            tokens[k] = rules.solo.tokens.get(k).and_then(|t| loops[k].iter().position(|x| x == t)).unwrap_or(0);
        }
        Ruth { tokens }
    }

    /// The section a token stands on.
    pub(crate) fn token_section(&self, rules: &FleetRules, k: usize) -> usize {
        section_of(rules, k, loops(rules)[k][self.tokens[k]])
    }

    /// The section under token `k`, else the next one clockwise with an open box.
    fn target(&self, rules: &FleetRules, sheet: &Sheet, k: usize) -> Option<usize> {
        let lp = loops(rules)[k];
        (0..lp.len()).map(|i| section_of(rules, k, lp[(self.tokens[k] + i) % lp.len()])).find(|s| open(sheet, *s))
    }

    /// Ruth's pick from the pool: the pool index taken, what she does, and why.
    pub fn pick(&self, rules: &FleetRules, sheet: &Sheet, pool: &[Face], phase: DicePhase) -> (usize, Action, Reason) {
        let find = |f: Face| pool.iter().position(|x| *x == f);
        if phase == DicePhase::Town {
            if let Some(i) = find(Face::Harbor) {
                if rules.options.ruth_star_die == RuthStarDie::Harbor {
                    return (i, Action::Star, Reason::HarborStar);
                }
                if let Some(s) = self.target(rules, sheet, 1) {
                    return (i, Action::Cross { section: s, n: 2 }, self.why(rules, Face::Harbor, 1, s));
                }
            }
            if let Some(i) = find(Face::Wharf) {
                if let Some(s) = self.target(rules, sheet, 2) {
                    return (i, Action::Cross { section: s, n: 2 }, self.why(rules, Face::Wharf, 2, s));
                }
            }
            let market_star = find(Face::Market).filter(|_| rules.options.ruth_star_die == RuthStarDie::Market);
            if pool.iter().any(|f| f.is_boat_die()) {
                let boat: Vec<Face> = pool.iter().copied().filter(|f| f.is_boat_die()).collect();
                let (j, action, why) = self.boat_pick(rules, sheet, &boat);
                // With `ruth_town_joker = "after_market"` the joker is her last choice, after
                // the market die too ("nur …, wenn sie keine andere Wahl hat").
                let joker_last = rules.options.ruth_town_joker == RuthTownJoker::AfterMarket
                    && matches!(why, Reason::Joker { .. })
                    && market_star.is_some();
                if action != Action::Pass && !joker_last {
                    let i = pool.iter().position(|f| *f == boat[j]).expect("from the pool");
                    return (i, action, why);
                }
            }
            if let Some(i) = market_star {
                return (i, Action::Star, Reason::MarketStar);
            }
            return (0, Action::Pass, Reason::PassNothing { die: pool[0] });
        }
        self.boat_pick(rules, sheet, pool)
    }

    /// Boat dice: the type under her boat token, else the next clockwise that was rolled and
    /// still has an open box; the 3-coins face only when nothing else is left; a type with
    /// no open box only as her last option, and then she passes.
    fn boat_pick(&self, rules: &FleetRules, sheet: &Sheet, pool: &[Face]) -> (usize, Action, Reason) {
        let lp = &rules.solo.boat_loop;
        let token_type = lp[self.tokens[0]];
        for i in 0..lp.len() {
            let t = lp[(self.tokens[0] + i) % lp.len()];
            let s = rules.section_of(SectionKind::Column(t));
            if let Some(j) = pool.iter().position(|f| *f == Face::Boat(t)) {
                if open(sheet, s) {
                    let why = if t == token_type {
                        Reason::TakesType { boat_type: t }
                    } else {
                        Reason::TakesNextType { boat_type: t, token_type }
                    };
                    return (j, Action::Cross { section: s, n: 2 }, why);
                }
            }
        }
        if let Some(j) = pool.iter().position(|f| *f == Face::Coins) {
            return match self.target(rules, sheet, 0) {
                Some(s) => (j, Action::Cross { section: s, n: 1 }, Reason::Joker { section: s }),
                None => (j, Action::Pass, Reason::JokerPass),
            };
        }
        (0, Action::Pass, Reason::PassNoBox { die: pool[0] })
    }

    fn why(&self, rules: &FleetRules, die: Face, k: usize, s: usize) -> Reason {
        let on = self.token_section(rules, k);
        if on == s {
            Reason::TakesDie { die, token: k, section: s }
        } else {
            Reason::TakesDieNext { die, token: k, on, next: s }
        }
    }

    /// Ruth's use of the shared die: one box, the lowest open one.
    pub fn shared(&self, rules: &FleetRules, sheet: &Sheet, face: Face) -> (Action, Reason) {
        let cross = |s: Option<usize>, why: Reason| match s {
            Some(section) if open(sheet, section) => (Action::Cross { section, n: 1 }, why),
            _ => (Action::Pass, Reason::NothingOpen(Box::new(why))),
        };
        let uses = Reason::UsesSharedDie { die: face };
        match face {
            Face::Boat(t) => cross(Some(rules.section_of(SectionKind::Column(t))), Reason::UsesShared { die: face }),
            Face::Coins => cross(self.target(rules, sheet, 0), Reason::UsesSharedJoker),
            Face::Harbor if rules.options.ruth_star_die == RuthStarDie::Harbor => (Action::Star, uses),
            Face::Harbor => cross(self.target(rules, sheet, 1), uses),
            Face::Wharf => cross(self.target(rules, sheet, 2), uses),
            Face::Market if rules.options.ruth_star_die == RuthStarDie::Market => (Action::Star, uses),
            Face::Market => (Action::Pass, Reason::PassesMarket),
        }
    }

    /// End of round: each token moves clockwise to the next section with an open box.
    /// Returns each token's (from, to) section.
    pub fn move_tokens(&mut self, rules: &FleetRules, sheet: &Sheet) -> [(usize, usize); 3] {
        let loops = loops(rules);
        let mut moves = [(0, 0); 3];
        for (k, lp) in loops.iter().enumerate() {
            let from = section_of(rules, k, lp[self.tokens[k]]);
            if let Some(step) =
                (1..=lp.len()).find(|i| open(sheet, section_of(rules, k, lp[(self.tokens[k] + i) % lp.len()])))
            {
                self.tokens[k] = (self.tokens[k] + step) % lp.len();
            }
            moves[k] = (from, section_of(rules, k, lp[self.tokens[k]]));
        }
        moves
    }
}

/// Why Captain Ruth does what she does, as the table is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// The harbor die makes her cross a coin-track star (option `ruth_star_die = "harbor"`).
    HarborStar,
    /// The market die makes her cross a coin-track star.
    MarketStar,
    /// Nothing in the town pool she can use.
    PassNothing {
        /// The die she takes, unused.
        die: Face,
    },
    /// The boat type under her token.
    TakesType {
        /// The boat type (index into `FleetRules::boat_types`).
        boat_type: usize,
    },
    /// The next type clockwise from the one under her token.
    TakesNextType {
        /// The boat type she takes (index into `FleetRules::boat_types`).
        boat_type: usize,
        /// The boat type under her token, which was not rolled or has no open box.
        token_type: usize,
    },
    /// The 3-coins face as her joker, on this section.
    Joker {
        /// The section she crosses a box of (index into `FleetRules::sections`).
        section: usize,
    },
    /// The joker with nowhere to cross.
    JokerPass,
    /// No die with an open box.
    PassNoBox {
        /// The die she takes, unused.
        die: Face,
    },
    /// A town die for the section under token `token` (0 boat, 1 harbor, 2 wharf).
    TakesDie {
        /// The town die (harbor or wharf).
        die: Face,
        /// The token: 0 boat, 1 harbor, 2 wharf.
        token: usize,
        /// The section under it (index into `FleetRules::sections`).
        section: usize,
    },
    /// A town die for the next section clockwise from the token's.
    TakesDieNext {
        /// The town die (harbor or wharf).
        die: Face,
        /// The token: 0 boat, 1 harbor, 2 wharf.
        token: usize,
        /// The section under it, with no open box (index into `FleetRules::sections`).
        on: usize,
        /// The section she crosses instead (index into `FleetRules::sections`).
        next: usize,
    },
    /// The shared boat die.
    UsesShared {
        /// The shared die's face.
        die: Face,
    },
    /// The shared 3-coins face as her joker.
    UsesSharedJoker,
    /// The shared town die.
    UsesSharedDie {
        /// The shared die's face.
        die: Face,
    },
    /// She would, but nothing is open.
    NothingOpen(Box<Reason>),
    /// The shared market die: she passes.
    PassesMarket,
}

fn loops(rules: &FleetRules) -> [&Vec<usize>; 3] {
    [&rules.solo.boat_loop, &rules.solo.harbor_loop, &rules.solo.wharf_loop]
}

fn section_of(rules: &FleetRules, k: usize, i: usize) -> usize {
    rules.section_of(match k {
        0 => SectionKind::Column(i),
        1 => SectionKind::Harbor(i),
        _ => SectionKind::Wharf(i),
    })
}

fn open(sheet: &Sheet, s: usize) -> bool {
    sheet.boxes[s].contains(&Mark::Empty)
}

/// Carry out an action on the player's sheet; returns the boxes crossed off (section,
/// index), lowest first for a section.
pub fn apply(rules: &FleetRules, sheet: &mut Sheet, action: Action) -> Vec<(usize, usize)> {
    match action {
        Action::Pass => Vec::new(),
        Action::Cross { section, n } => {
            let mut crossed = Vec::new();
            for i in (0..sheet.boxes[section].len()).rev() {
                if crossed.len() == n {
                    break;
                }
                if sheet.boxes[section][i] == Mark::Empty {
                    sheet.boxes[section][i] = Mark::Crossed;
                    crossed.push((section, i));
                }
            }
            crossed
        }
        Action::Star => {
            let coin = rules.section_of(SectionKind::Coins);
            let from = sheet.next_free(coin).unwrap_or(sheet.boxes[coin].len());
            match (from..sheet.boxes[coin].len()).find(|i| rules.coin_stars[*i] && sheet.boxes[coin][*i] == Mark::Empty)
            {
                Some(i) => {
                    sheet.boxes[coin][i] = Mark::Crossed;
                    vec![(coin, i)]
                }
                None => Vec::new(),
            }
        }
    }
}

/// The solo rating a score earns (index into `rules.solo.ratings`).
pub fn rating(rules: &FleetRules, score: u32) -> Option<usize> {
    rules.solo.ratings.iter().position(|r| score >= r.min)
}
