//! Captain Ruth, the solo opponent (digest A11). She has no sheet: her picks cross off
//! boxes on the player's sheet. Everything here is computed, never asked.

use super::game::{DicePhase, Face};
use super::sheet::{Mark, Sheet};
use crate::games::fleet::{FleetRules, RuthStarDie, SectionKind};

/// Ruth's three captain tokens, as positions in the rules' boat, harbor and wharf loops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ruth {
    pub tokens: [usize; 3],
}

/// What Ruth does with a die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Cross off the `n` lowest open boxes of a section.
    Cross { section: usize, n: usize },
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
    pub fn token_section(&self, rules: &FleetRules, k: usize) -> usize {
        section_of(rules, k, loops(rules)[k][self.tokens[k]])
    }

    /// The section under token `k`, else the next one clockwise with an open box.
    fn target(&self, rules: &FleetRules, sheet: &Sheet, k: usize) -> Option<usize> {
        let lp = loops(rules)[k];
        (0..lp.len()).map(|i| section_of(rules, k, lp[(self.tokens[k] + i) % lp.len()])).find(|s| open(sheet, *s))
    }

    /// Ruth's pick from the pool: the pool index taken, what she does, and why (one line).
    pub fn pick(&self, rules: &FleetRules, sheet: &Sheet, pool: &[Face], phase: DicePhase) -> (usize, Action, String) {
        self.pick_in(rules, sheet, pool, phase, "en")
    }

    /// `pick` with its line in `lang`.
    pub fn pick_in(
        &self,
        rules: &FleetRules,
        sheet: &Sheet,
        pool: &[Face],
        phase: DicePhase,
        lang: &str,
    ) -> (usize, Action, String) {
        let find = |f: Face| pool.iter().position(|x| *x == f);
        if phase == DicePhase::Town {
            if let Some(i) = find(Face::Harbor) {
                if rules.options.ruth_star_die == RuthStarDie::Harbor {
                    return (i, Action::Star, crate::t!(lang, "engine.ruth_harbor_star"));
                }
                if let Some(s) = self.target(rules, sheet, 1) {
                    return (i, Action::Cross { section: s, n: 2 }, self.why(rules, Face::Harbor, 1, s, lang));
                }
            }
            if let Some(i) = find(Face::Wharf) {
                if let Some(s) = self.target(rules, sheet, 2) {
                    return (i, Action::Cross { section: s, n: 2 }, self.why(rules, Face::Wharf, 2, s, lang));
                }
            }
            if pool.iter().any(|f| f.is_boat_die()) {
                let boat: Vec<Face> = pool.iter().copied().filter(|f| f.is_boat_die()).collect();
                let (j, action, why) = self.boat_pick(rules, sheet, &boat, lang);
                if action != Action::Pass {
                    let i = pool.iter().position(|f| *f == boat[j]).expect("from the pool");
                    return (i, action, why);
                }
            }
            if let Some(i) = find(Face::Market) {
                if rules.options.ruth_star_die == RuthStarDie::Market {
                    return (i, Action::Star, crate::t!(lang, "engine.ruth_market_star"));
                }
            }
            return (
                0,
                Action::Pass,
                crate::t!(lang, "engine.ruth_pass_nothing", die = die_name(rules, pool[0], lang)),
            );
        }
        self.boat_pick(rules, sheet, pool, lang)
    }

    /// Boat dice: the type under her boat token, else the next clockwise that was rolled and
    /// still has an open box; the 3-coins face only when nothing else is left; a type with
    /// no open box only as her last option, and then she passes.
    fn boat_pick(&self, rules: &FleetRules, sheet: &Sheet, pool: &[Face], lang: &str) -> (usize, Action, String) {
        let lp = &rules.solo.boat_loop;
        let token_type = lp[self.tokens[0]];
        for i in 0..lp.len() {
            let t = lp[(self.tokens[0] + i) % lp.len()];
            let s = rules.section_of(SectionKind::Column(t));
            if let Some(j) = pool.iter().position(|f| *f == Face::Boat(t)) {
                if open(sheet, s) {
                    let name = die_name(rules, Face::Boat(t), lang);
                    let why = if t == token_type {
                        crate::t!(lang, "engine.ruth_takes_type", name = name)
                    } else {
                        crate::t!(
                            lang,
                            "engine.ruth_takes_next_type",
                            name = name,
                            token = die_name(rules, Face::Boat(token_type), lang)
                        )
                    };
                    return (j, Action::Cross { section: s, n: 2 }, why);
                }
            }
        }
        if let Some(j) = pool.iter().position(|f| *f == Face::Coins) {
            return match self.target(rules, sheet, 0) {
                Some(s) => (
                    j,
                    Action::Cross { section: s, n: 1 },
                    crate::t!(lang, "engine.ruth_joker", section = section_name(rules, s, lang)),
                ),
                None => (j, Action::Pass, crate::t!(lang, "engine.ruth_joker_pass")),
            };
        }
        (0, Action::Pass, crate::t!(lang, "engine.ruth_pass_no_box", die = die_name(rules, pool[0], lang)))
    }

    fn why(&self, rules: &FleetRules, die: Face, k: usize, s: usize, lang: &str) -> String {
        let on = self.token_section(rules, k);
        let die = die_name(rules, die, lang);
        let token = match k {
            0 => crate::t!(lang, "engine.token_boat"),
            1 => crate::t!(lang, "engine.token_harbor"),
            _ => crate::t!(lang, "engine.token_wharf"),
        };
        if on == s {
            crate::t!(lang, "engine.ruth_takes_die", die = die, token = token, section = section_name(rules, s, lang))
        } else {
            crate::t!(
                lang,
                "engine.ruth_takes_die_next",
                die = die,
                token = token,
                section = section_name(rules, on, lang),
                next = section_name(rules, s, lang)
            )
        }
    }

    /// Ruth's use of the shared die: one box, the lowest open one.
    pub fn shared(&self, rules: &FleetRules, sheet: &Sheet, face: Face) -> (Action, String) {
        self.shared_in(rules, sheet, face, "en")
    }

    /// `shared` with its line in `lang`.
    pub fn shared_in(&self, rules: &FleetRules, sheet: &Sheet, face: Face, lang: &str) -> (Action, String) {
        let cross = |s: Option<usize>, why: String| match s {
            Some(section) if open(sheet, section) => (Action::Cross { section, n: 1 }, why),
            _ => (Action::Pass, crate::t!(lang, "engine.ruth_nothing_open", why = why)),
        };
        let uses = || crate::t!(lang, "engine.ruth_uses_shared_die", die = die_name(rules, face, lang));
        match face {
            Face::Boat(t) => cross(
                Some(rules.section_of(SectionKind::Column(t))),
                crate::t!(lang, "engine.ruth_uses_shared", die = die_name(rules, face, lang)),
            ),
            Face::Coins => cross(self.target(rules, sheet, 0), crate::t!(lang, "engine.ruth_uses_shared_joker")),
            Face::Harbor if rules.options.ruth_star_die == RuthStarDie::Harbor => (Action::Star, uses()),
            Face::Harbor => cross(self.target(rules, sheet, 1), uses()),
            Face::Wharf => cross(self.target(rules, sheet, 2), uses()),
            Face::Market if rules.options.ruth_star_die == RuthStarDie::Market => (Action::Star, uses()),
            Face::Market => (Action::Pass, crate::t!(lang, "engine.ruth_passes_market")),
        }
    }

    /// End of round: each token moves clockwise to the next section with an open box.
    pub fn move_tokens(&mut self, rules: &FleetRules, sheet: &Sheet) -> String {
        self.move_tokens_in(rules, sheet, "en")
    }

    /// `move_tokens` with its line in `lang`.
    pub fn move_tokens_in(&mut self, rules: &FleetRules, sheet: &Sheet, lang: &str) -> String {
        let loops = loops(rules);
        let mut moves = Vec::new();
        for k in 0..3 {
            let lp = loops[k];
            let from = section_of(rules, k, lp[self.tokens[k]]);
            if let Some(step) =
                (1..=lp.len()).find(|i| open(sheet, section_of(rules, k, lp[(self.tokens[k] + i) % lp.len()])))
            {
                self.tokens[k] = (self.tokens[k] + step) % lp.len();
            }
            let to = section_of(rules, k, lp[self.tokens[k]]);
            moves.push(format!("{} → {}", section_name(rules, from, lang), section_name(rules, to, lang)));
        }
        crate::t!(lang, "engine.ruth_tokens_move", moves = moves.join(", "))
    }
}

/// A die in Ruth's lines: its id in English (as always), its name in other languages.
fn die_name(rules: &FleetRules, face: Face, lang: &str) -> String {
    if lang == "en" {
        match face {
            Face::Boat(t) => rules.boat_types[t].id.clone(),
            Face::Coins => "3 coins".into(),
            other => other.key(rules).into_owned(),
        }
    } else {
        face.label(rules, lang)
    }
}

/// A section in Ruth's lines: its id in English (as always), its name in other languages.
fn section_name(rules: &FleetRules, s: usize, lang: &str) -> String {
    match rules.sections[s].kind {
        _ if lang == "en" => rules.sections[s].id.clone(),
        SectionKind::Column(t) => rules.boat_types[t].name.get(lang).to_string(),
        _ => crate::text::fleet::section_name(rules, s, lang),
    }
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

/// Carry out an action on the player's sheet; returns the box ids crossed off.
pub fn apply(rules: &FleetRules, sheet: &mut Sheet, action: Action) -> Vec<String> {
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
                    crossed.push(rules.box_id(section, i));
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
                    vec![rules.box_id(coin, i)]
                }
                None => Vec::new(),
            }
        }
    }
}

/// The solo rating title for a score.
pub fn rating(rules: &FleetRules, score: u32, lang: &str) -> String {
    rules.solo.ratings.iter().find(|r| score >= r.min).map(|r| r.name.get(lang).to_string()).unwrap_or_default()
}
