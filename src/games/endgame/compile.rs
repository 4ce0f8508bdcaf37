//! Checking an `endgame` rules file: every problem in one run, each pointing into the
//! file (ids, limits from component counts, references between values, every scoring kind
//! used with the keys it takes).

use std::collections::HashMap;
use std::ops::Range;

use super::model::*;
use super::schema as raw;
use crate::games::names::{texts, Text};
use crate::games::nauticus;
use crate::message::{Arg, Message};
use crate::msg;
use crate::source::spanned::Spanned;
use crate::source::{either, Diagnostic, Source};

/// Parse and check an endgame rules file; on failure every diagnostic found.
pub(crate) fn compile(source: &Source) -> Result<EndgameRules, Vec<Diagnostic>> {
    let file: raw::File = crate::source::de::from_str(&source.text).map_err(|e| vec![e.diagnostic()])?;
    let mut c = Checker { text: &source.text, diags: Vec::new() };
    let g = &file.game;
    c.id_format(msg!("rules.endgame.what_game"), &g.id);
    let players = g.players.get_ref();
    if players.min == 0 || players.max < players.min {
        c.err(Some(g.players.span()), msg!("rules.game_players", min = players.min, max = players.max), None);
    }
    let sheet = c.scoring(&file.input, &file.limit, &file.derived, &file.category, &file.tie_break, Use::Sheet);
    if file.category.is_empty() {
        c.err(Some(g.id.span()), msg!("rules.endgame.no_category"), Some(msg!("rules.endgame.no_category_help")));
    }
    let mut calculators = Vec::new();
    let mut seen = HashMap::new();
    for calc in &file.calculator {
        c.id_format(msg!("rules.endgame.what_calculator"), &calc.id);
        if let Some(_first) = seen.insert(calc.id.get_ref().clone(), calc.id.span()) {
            c.err(Some(calc.id.span()), msg!("rules.endgame.duplicate_calculator", id = calc.id.get_ref()), None);
        }
        if calc.result.is_empty() {
            c.err(Some(calc.id.span()), msg!("rules.endgame.no_result", id = calc.id.get_ref()), None);
        }
        let scoring = c.scoring(&calc.input, &calc.limit, &calc.derived, &calc.result, &[], Use::Calculator);
        calculators.push(Calculator {
            id: calc.id.get_ref().clone(),
            name: calc.name.clone(),
            help: calc.help.as_ref().map(Text::names),
            scoring,
        });
    }
    let nauticus = match file.helpers.as_ref().and_then(|h| h.nauticus.as_ref()) {
        Some(n) => match nauticus::compile(n, source) {
            Ok(h) => Some(h),
            Err(mut d) => {
                c.diags.append(&mut d);
                None
            }
        },
        None => None,
    };
    if !c.diags.is_empty() {
        return Err(c.diags);
    }
    Ok(EndgameRules {
        id: g.id.get_ref().clone(),
        name: g.name.clone(),
        year: g.year,
        bgg_id: g.bgg_id,
        by: g.by.as_ref().map(Text::names),
        min_players: players.min,
        max_players: players.max,
        sheet,
        calculators,
        card: Card {
            setup: texts(&file.card.setup),
            round: texts(&file.card.round),
            golden_rules: texts(&file.card.golden_rules),
            end: texts(&file.card.end),
        },
        nauticus,
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Use {
    /// A player's sheet: inputs left out count as 0, so 0 must be allowed.
    Sheet,
    /// A calculator: every input is given on the command line.
    Calculator,
}

struct Checker<'a> {
    text: &'a str,
    diags: Vec<Diagnostic>,
}

/// What a name in `of`/`points`/`sum` may resolve to, with its type and bounds.
#[derive(Debug, Clone, Copy)]
struct Known {
    r: Ref,
    list: bool,
    /// Lowest and highest possible value (for a list: of its item sum).
    lo: i128,
    hi: i128,
    /// For a list: most items.
    max_items: i128,
}

impl Known {
    /// Bounds when used as a count (a list counts its items).
    fn count_bounds(&self) -> (i128, i128) {
        if self.list {
            (0, self.max_items)
        } else {
            (self.lo, self.hi)
        }
    }
}

impl Checker<'_> {
    fn err(&mut self, at: Option<Range<usize>>, message: Message, help: Option<Message>) {
        let mut d = Diagnostic::new(message, at);
        if let Some(h) = help {
            d = d.help(h);
        }
        self.diags.push(d);
    }

    /// `what` is the kind of id.
    fn id_format(&mut self, what: Message, id: &Spanned<String>) {
        let v = id.get_ref();
        if v.is_empty() || !v.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
            self.err(
                Some(id.span()),
                msg!("rules.endgame.id_format", what = what, id = v),
                Some(msg!("rules.endgame.id_format_help")),
            );
        }
    }

    /// The span of `needle` (as a whole word) inside `within`, or `within` itself.
    fn word_span(&self, within: &Range<usize>, needle: &str) -> Range<usize> {
        word_span(self.text, within, needle)
    }

    fn bounded(&mut self, v: &Spanned<i64>, limit: i64, what: &str) -> i64 {
        let x = *v.get_ref();
        if x.abs() > limit {
            let message = msg!("rules.endgame.out_of_range", what = what, x = x, limit = limit);
            self.err(Some(v.span()), message, None);
            x.clamp(-limit, limit)
        } else {
            x
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn scoring(
        &mut self,
        inputs: &[raw::Input],
        limits: &[raw::Limit],
        derived: &[raw::Value],
        categories: &[raw::Value],
        tie_breaks: &[raw::TieBreak],
        usage: Use,
    ) -> Scoring {
        let mut names: HashMap<String, Known> = HashMap::new();
        let mut scoring = Scoring::default();
        for raw in inputs {
            self.id_format(msg!("rules.endgame.what_input"), &raw.id);
            let input = self.input(raw, usage);
            let known = match input.shape {
                Shape::Number { min, max } => Known {
                    r: Ref::Input(scoring.inputs.len()),
                    list: false,
                    lo: min.into(),
                    hi: max.into(),
                    max_items: 0,
                },
                Shape::List { item_min, item_max, max_items } => {
                    let n = max_items as i128;
                    let lo = (i128::from(item_min) * n).min(0);
                    let hi = (i128::from(item_max) * n).max(0);
                    Known { r: Ref::Input(scoring.inputs.len()), list: true, lo, hi, max_items: n }
                }
            };
            if names.insert(input.id.clone(), known).is_some() {
                self.err(
                    Some(raw.id.span()),
                    msg!("rules.endgame.duplicate_id", id = &input.id),
                    Some(msg!("rules.endgame.duplicate_id_help")),
                );
            }
            scoring.inputs.push(input);
        }
        for raw in limits {
            if let Some(l) = self.limit(raw, &names, usage) {
                scoring.limits.push(l);
            }
        }
        for (n, raw) in derived.iter().chain(categories).enumerate() {
            let what = if n < derived.len() {
                msg!("rules.endgame.what_derived")
            } else {
                msg!("rules.endgame.what_category")
            };
            self.id_format(what, &raw.id);
            let index = scoring.values.len();
            let (value, lo, hi) = self.value(raw, &scoring, &names);
            if names.contains_key(value.id.as_str()) {
                self.err(
                    Some(raw.id.span()),
                    msg!("rules.endgame.duplicate_id", id = &value.id),
                    Some(msg!("rules.endgame.duplicate_id_help")),
                );
            }
            names.insert(value.id.clone(), Known { r: Ref::Value(index), list: false, lo, hi, max_items: 0 });
            if n >= derived.len() {
                scoring.categories.push(index);
            }
            scoring.values.push(value);
        }
        for t in tie_breaks {
            match self.resolve(t.of.get_ref(), t.of.span(), &names, "tie_break") {
                Some(k) if k.list => self.err(
                    Some(t.of.span()),
                    msg!("rules.endgame.tie_list", id = t.of.get_ref()),
                    Some(msg!("rules.endgame.tie_list_help")),
                ),
                Some(k) => scoring.tie_breaks.push(TieBreak { of: k.r, name: t.name.clone() }),
                None => {}
            }
        }
        scoring
    }

    fn input(&mut self, raw: &raw::Input, usage: Use) -> Input {
        let id = raw.id.get_ref().clone();
        let list = raw.list.as_ref().is_some_and(|l| *l.get_ref());
        let shape = if list {
            for (key, v) in [("min", &raw.min), ("max", &raw.max)] {
                if let Some(v) = v {
                    self.err(
                        Some(v.span()),
                        msg!("rules.endgame.number_key_on_list", key = key, id = &id),
                        Some(msg!("rules.endgame.number_key_on_list_help")),
                    );
                }
            }
            let item_min = raw.item_min.as_ref().map_or(0, |v| self.bounded(v, BIG, "item_min"));
            let item_max = match &raw.item_max {
                Some(v) => self.bounded(v, BIG, "item_max"),
                None => {
                    self.err(Some(raw.id.span()), msg!("rules.endgame.need_item_max", id = &id), None);
                    item_min
                }
            };
            let max_items = match &raw.max_items {
                Some(v) if *v.get_ref() < 0 || *v.get_ref() > 1000 => {
                    self.err(Some(v.span()), msg!("rules.endgame.max_items_range"), None);
                    0
                }
                Some(v) => *v.get_ref() as usize,
                None => {
                    self.err(
                        Some(raw.id.span()),
                        msg!("rules.endgame.need_max_items", id = &id),
                        Some(msg!("rules.endgame.need_max_items_help")),
                    );
                    0
                }
            };
            if item_min > item_max {
                let at = raw.item_min.as_ref().map(|v| v.span()).unwrap_or(raw.id.span());
                self.err(Some(at), msg!("rules.endgame.item_min_above", min = item_min, max = item_max), None);
            }
            Shape::List { item_min, item_max, max_items }
        } else {
            for (key, v) in [("item_min", &raw.item_min), ("item_max", &raw.item_max), ("max_items", &raw.max_items)] {
                if let Some(v) = v {
                    self.err(
                        Some(v.span()),
                        msg!("rules.endgame.list_key_on_number", key = key, id = &id),
                        Some(msg!("rules.endgame.list_key_on_number_help")),
                    );
                }
            }
            let min = raw.min.as_ref().map_or(0, |v| self.bounded(v, BIG, "min"));
            let max = match &raw.max {
                Some(v) => self.bounded(v, BIG, "max"),
                None => {
                    self.err(
                        Some(raw.id.span()),
                        msg!("rules.endgame.need_max", id = &id),
                        Some(msg!("rules.endgame.need_max_help")),
                    );
                    BIG
                }
            };
            if min > max {
                let at = raw.min.as_ref().map(|v| v.span()).unwrap_or(raw.id.span());
                self.err(Some(at), msg!("rules.endgame.min_above", min = min, max = max), None);
            } else if usage == Use::Sheet && (min > 0 || max < 0) {
                let at =
                    raw.min.as_ref().map(|v| v.span()).or(raw.max.as_ref().map(|v| v.span())).unwrap_or(raw.id.span());
                self.err(
                    Some(at),
                    msg!("rules.endgame.zero_outside", id = &id, min = min, max = max),
                    Some(msg!("rules.endgame.zero_outside_help")),
                );
            }
            Shape::Number { min, max }
        };
        Input {
            id,
            name: raw.name.clone(),
            shape,
            because: raw.because.as_ref().map(Text::names),
            help: raw.help.as_ref().map(Text::names),
        }
    }

    fn limit(&mut self, raw: &raw::Limit, names: &HashMap<String, Known>, usage: Use) -> Option<Limit> {
        self.id_format(msg!("rules.endgame.what_limit"), &raw.id);
        let id = raw.id.get_ref().clone();
        let scope = match raw.scope.as_ref().map(|s| s.get_ref().as_str()) {
            None | Some("player") => Scope::Player,
            Some("game") if usage == Use::Sheet => Scope::Game,
            Some("game") => {
                self.err(
                    Some(raw.scope.as_ref().map(|s| s.span()).unwrap_or(raw.id.span())),
                    msg!("rules.endgame.calc_scope"),
                    None,
                );
                Scope::Player
            }
            Some(other) => {
                self.err(
                    Some(raw.scope.as_ref().unwrap().span()),
                    msg!("rules.endgame.unknown_scope", scope = other),
                    Some(msg!("rules.endgame.unknown_scope_help")),
                );
                Scope::Player
            }
        };
        let span = raw.sum.span();
        let mut terms = Vec::new();
        let (mut lo, mut hi) = (0i128, 0i128);
        let mut ordered: Vec<(usize, &String, i64)> =
            raw.sum.get_ref().iter().map(|(k, w)| (self.word_span(&span, k).start, k, *w)).collect();
        ordered.sort();
        for (_, key, weight) in ordered {
            let at = self.word_span(&span, key);
            let Some(k) = self.resolve(key, at.clone(), names, "limit") else { continue };
            let Ref::Input(i) = k.r else {
                self.err(
                    Some(at),
                    msg!("rules.endgame.limit_computed", id = &id, key = key),
                    Some(msg!("rules.endgame.limit_computed_help")),
                );
                continue;
            };
            if weight == 0 || weight.abs() > POINTS {
                let message = msg!("rules.endgame.limit_weight", weight = weight, key = key, max = POINTS);
                self.err(Some(at), message, None);
                continue;
            }
            let (a, b) = k.count_bounds();
            let w = i128::from(weight);
            lo += (a * w).min(b * w);
            hi += (a * w).max(b * w);
            terms.push((i, weight));
        }
        if raw.sum.get_ref().is_empty() {
            self.err(
                Some(span),
                msg!("rules.endgame.limit_sums_nothing", id = &id),
                Some(msg!("rules.endgame.limit_sums_nothing_help")),
            );
        }
        let min = raw.min.as_ref().map(|v| self.bounded(v, BIG, "min"));
        let max = raw.max.as_ref().map(|v| self.bounded(v, BIG, "max"));
        if min.is_none() && max.is_none() {
            self.err(Some(raw.id.span()), msg!("rules.endgame.no_bounds", id = &id), None);
        }
        // A per-sheet limit that the inputs' own limits already guarantee is a mistake.
        if scope == Scope::Player
            && terms.len() == raw.sum.get_ref().len()
            && !terms.is_empty()
            && raw.players.is_none()
        {
            let min_never = min.is_none_or(|m| lo >= i128::from(m));
            let max_never = max.is_none_or(|m| hi <= i128::from(m));
            if min_never && max_never {
                self.err(
                    Some(raw.id.span()),
                    msg!("rules.endgame.never_broken", id = &id, lo = lo, hi = hi),
                    Some(msg!("rules.endgame.never_broken_help")),
                );
            }
        }
        let players = raw.players.as_ref().map(|p| {
            let r = p.get_ref();
            if r.min == 0 || r.max < r.min {
                self.err(Some(p.span()), msg!("rules.game_players", min = r.min, max = r.max), None);
            }
            (r.min, r.max)
        });
        Some(Limit { id, terms, min, max, scope, players, because: raw.because.names() })
    }

    fn resolve(&mut self, name: &str, at: Range<usize>, names: &HashMap<String, Known>, user: &str) -> Option<Known> {
        if let Some(k) = names.get(name) {
            return Some(*k);
        }
        let mut close: Vec<&str> = names.keys().map(String::as_str).filter(|k| similar(k, name)).collect();
        close.sort();
        let help = if close.is_empty() {
            let mut all: Vec<&str> = names.keys().map(String::as_str).collect();
            all.sort();
            msg!("rules.endgame.may_name", user = user, list = all.join(", "))
        } else {
            msg!("rules.endgame.did_you_mean", list = either(&close, msg!("rules.endgame.or")))
        };
        self.err(Some(at), msg!("rules.endgame.unknown_ref", name = name), Some(help));
        None
    }

    /// One `[[derived]]` or `[[category]]`; returns it with its lowest and highest value.
    fn value(&mut self, raw: &raw::Value, scoring: &Scoring, names: &HashMap<String, Known>) -> (Value, i128, i128) {
        let id = raw.id.get_ref().clone();
        let kind = raw.kind.get_ref().as_str();
        let takes: &[&str] = match kind {
            "value" | "list_sum" => &["of"],
            "times" => &["of", "points"],
            "per_key" => &["points"],
            "table" => &["of", "table", "beyond"],
            "per" => &["of", "every", "points"],
            "remainder" => &["of", "every"],
            "sum" => &["of"],
            other => {
                let kinds: Vec<&str> = KINDS.iter().map(|(k, _)| *k).collect();
                self.err(
                    Some(raw.kind.span()),
                    msg!("rules.endgame.unknown_kind", kind = other),
                    Some(msg!("rules.endgame.use_one_of", list = kinds.join(", "))),
                );
                let v = Value { id, name: raw.name.clone(), formula: Formula::Sum(vec![]), cap: None };
                return (v, 0, 0);
            }
        };
        let usage = KINDS
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, key)| Arg::from(Message::new(key)))
            .unwrap_or_else(|| Arg::from(""));
        let given: [(&str, Option<Range<usize>>); 5] = [
            ("of", raw.of.as_ref().map(|v| v.span())),
            ("points", raw.points.as_ref().map(|v| v.span())),
            ("every", raw.every.as_ref().map(|v| v.span())),
            ("table", raw.table.as_ref().map(|v| v.span())),
            ("beyond", raw.beyond.as_ref().map(|v| v.span())),
        ];
        for (key, at) in &given {
            if let Some(at) = at {
                if !takes.contains(key) {
                    self.err(
                        Some(at.clone()),
                        msg!("rules.endgame.key_not_used", key = *key, kind = kind, id = &id),
                        Some(msg!("rules.endgame.kind_takes", kind = kind, usage = usage.clone())),
                    );
                }
            }
        }
        for key in takes {
            let optional = matches!((kind, *key), ("per", "points") | ("table", "beyond"));
            if !optional && given.iter().any(|(k, at)| k == key && at.is_none()) {
                self.err(
                    Some(raw.kind.span()),
                    msg!("rules.endgame.kind_needs", kind = kind, key = *key, id = &id),
                    Some(msg!("rules.endgame.kind_takes", kind = kind, usage = usage.clone())),
                );
            }
        }
        let bad = (Formula::Sum(vec![]), 0i128, 0i128);
        let (formula, lo, hi) = match kind {
            "value" => match self.one_number(raw, names, kind) {
                Some(k) => (Formula::Value(k.r), k.lo, k.hi),
                None => bad,
            },
            "times" => {
                let of = self.one_ref(raw, names);
                let points = self.int_points(raw, kind);
                match (of, points) {
                    (Some(k), Some(p)) => {
                        let (a, b) = k.count_bounds();
                        let p128 = i128::from(p);
                        (Formula::Times { of: k.r, points: p }, (a * p128).min(b * p128), (a * p128).max(b * p128))
                    }
                    _ => bad,
                }
            }
            "per_key" => match &raw.points {
                Some(p) => match p.get_ref() {
                    toml::Value::Table(t) => {
                        let mut items: Vec<(usize, String, i64)> = Vec::new();
                        for (key, v) in t {
                            let at = self.word_span(&p.span(), key);
                            match v.as_integer() {
                                Some(n) if n.abs() <= POINTS => items.push((at.start, key.clone(), n)),
                                _ => self.err(
                                    Some(at),
                                    msg!("rules.endgame.per_key_points", key = key, max = POINTS),
                                    None,
                                ),
                            }
                        }
                        items.sort();
                        let (mut terms, mut lo, mut hi) = (Vec::new(), 0i128, 0i128);
                        for (start, key, n) in items {
                            let at = self.word_span(&(start..p.span().end), &key);
                            if let Some(k) = self.resolve(&key, at, names, kind) {
                                let (a, b) = k.count_bounds();
                                let n128 = i128::from(n);
                                lo += (a * n128).min(b * n128);
                                hi += (a * n128).max(b * n128);
                                terms.push((k.r, n));
                            }
                        }
                        if t.is_empty() {
                            self.err(
                                Some(p.span()),
                                msg!("rules.endgame.points_for_nothing", id = &id),
                                Some(msg!("rules.endgame.points_for_nothing_help")),
                            );
                        }
                        (Formula::PerKey(terms), lo, hi)
                    }
                    _ => {
                        self.err(
                            Some(p.span()),
                            msg!("rules.endgame.per_key_table", id = &id),
                            Some(msg!("rules.endgame.per_key_table_help")),
                        );
                        bad
                    }
                },
                None => bad,
            },
            "table" => {
                let of = self.many_numbers(raw, names, kind);
                let table = raw.table.as_ref().map(|t| t.get_ref().clone()).unwrap_or_default();
                if let Some(t) = &raw.table {
                    if table.is_empty() || table.len() > 1000 {
                        self.err(
                            Some(t.span()),
                            msg!("rules.endgame.table_len", id = &id),
                            Some(msg!("rules.endgame.table_len_help")),
                        );
                    }
                    if table.iter().any(|v| v.abs() > BIG) {
                        self.err(Some(t.span()), msg!("rules.endgame.table_values", big = BIG), None);
                    }
                }
                let beyond = raw.beyond.as_ref().map(|b| self.bounded(b, POINTS, "beyond"));
                let (mut lo, mut hi) = (0i128, 0i128);
                let mut refs = Vec::new();
                for (k, at) in of {
                    refs.push(k.r);
                    if k.lo < 0 {
                        self.err(
                            Some(at.clone()),
                            msg!("rules.endgame.table_negative", key = scoring.ref_id(k.r), lo = k.lo),
                            Some(msg!("rules.endgame.min_zero_help")),
                        );
                        continue;
                    }
                    if k.hi > table.len() as i128 && beyond.is_none() && !table.is_empty() {
                        let at = raw.table.as_ref().map(|t| t.span()).unwrap_or(at.clone());
                        self.err(
                            Some(at),
                            msg!(
                                "rules.endgame.table_short",
                                key = scoring.ref_id(k.r),
                                hi = k.hi,
                                id = &id,
                                len = table.len()
                            ),
                            Some(msg!("rules.endgame.table_short_help")),
                        );
                        continue;
                    }
                    let (a, b) = table_bounds(&table, beyond.unwrap_or(0), k.lo, k.hi);
                    lo += a;
                    hi += b;
                }
                (Formula::Table { of: refs, table, beyond }, lo, hi)
            }
            "per" | "remainder" => {
                let of = self.one_number(raw, names, kind);
                let every = raw.every.as_ref().map(|e| {
                    let v = *e.get_ref();
                    if !(1..=BIG).contains(&v) {
                        self.err(
                            Some(e.span()),
                            msg!("rules.endgame.every_range", big = BIG, v = v),
                            Some(msg!("rules.endgame.every_range_help")),
                        );
                    }
                    v.clamp(1, BIG)
                });
                let points = match (kind, &raw.points) {
                    ("per", Some(_)) => self.int_points(raw, kind),
                    _ => Some(1),
                };
                match (of, every, points) {
                    (Some(k), Some(e), Some(p)) => {
                        if k.lo < 0 {
                            let at = raw.of.as_ref().map(|o| o.span());
                            self.err(
                                at,
                                msg!("rules.endgame.per_negative", key = scoring.ref_id(k.r), lo = k.lo, kind = kind),
                                Some(msg!("rules.endgame.min_zero_help")),
                            );
                        }
                        let e128 = i128::from(e);
                        if kind == "per" {
                            let (a, b) = (k.lo.max(0) / e128 * i128::from(p), k.hi.max(0) / e128 * i128::from(p));
                            (Formula::Per { of: k.r, every: e, points: p }, a.min(b), a.max(b))
                        } else {
                            (Formula::Remainder { of: k.r, every: e }, 0, (e128 - 1).min(k.hi.max(0)))
                        }
                    }
                    _ => bad,
                }
            }
            "list_sum" => match self.one_ref(raw, names) {
                Some(k) if k.list => match k.r {
                    Ref::Input(i) => (Formula::ListSum(i), k.lo, k.hi),
                    Ref::Value(_) => bad,
                },
                Some(_) => {
                    let at = raw.of.as_ref().map(|o| o.span());
                    self.err(
                        at,
                        msg!("rules.endgame.list_sum_number", of = of_text(raw), id = &id),
                        Some(msg!("rules.endgame.list_sum_number_help")),
                    );
                    bad
                }
                None => bad,
            },
            "sum" => match &raw.of {
                Some(of) => {
                    let mut weighted: Vec<(usize, String, i64)> = Vec::new();
                    match of.get_ref() {
                        toml::Value::Array(items) => {
                            for it in items {
                                match it.as_str() {
                                    Some(s) => weighted.push((self.word_span(&of.span(), s).start, s.to_string(), 1)),
                                    None => {
                                        self.err(Some(of.span()), msg!("rules.endgame.sum_strings", id = &id), None)
                                    }
                                }
                            }
                        }
                        toml::Value::Table(t) => {
                            for (k, w) in t {
                                match w.as_integer() {
                                    Some(w) if w != 0 && w.abs() <= POINTS => {
                                        weighted.push((self.word_span(&of.span(), k).start, k.clone(), w))
                                    }
                                    _ => {
                                        let at = self.word_span(&of.span(), k);
                                        let message = msg!("rules.endgame.sum_weight", key = k, max = POINTS);
                                        self.err(Some(at), message, None)
                                    }
                                }
                            }
                        }
                        _ => self.err(Some(of.span()), msg!("rules.endgame.sum_shape", id = &id), None),
                    }
                    weighted.sort();
                    if weighted.is_empty() {
                        self.err(
                            Some(of.span()),
                            msg!("rules.endgame.sums_nothing", id = &id),
                            Some(msg!("rules.endgame.sums_nothing_help")),
                        );
                    }
                    let (mut terms, mut lo, mut hi) = (Vec::new(), 0i128, 0i128);
                    for (start, key, w) in weighted {
                        let at = self.word_span(&(start..of.span().end), &key);
                        if let Some(k) = self.resolve(&key, at.clone(), names, kind) {
                            if k.list {
                                self.err(
                                    Some(at),
                                    msg!("rules.endgame.sum_list", key = key),
                                    Some(msg!("rules.endgame.sum_list_help")),
                                );
                                continue;
                            }
                            let w128 = i128::from(w);
                            lo += (k.lo * w128).min(k.hi * w128);
                            hi += (k.lo * w128).max(k.hi * w128);
                            terms.push((k.r, w));
                        }
                    }
                    (Formula::Sum(terms), lo, hi)
                }
                None => bad,
            },
            _ => unreachable!("kinds are matched above"),
        };
        let cap = raw.cap.as_ref().map(|c| {
            let v = self.bounded(c, BIG, "cap");
            if i128::from(v) < lo {
                self.err(Some(c.span()), msg!("rules.endgame.cap_below", v = v, id = &id, lo = lo), None);
            } else if i128::from(v) >= hi {
                self.err(
                    Some(c.span()),
                    msg!("rules.endgame.cap_never", v = v, id = &id, hi = hi),
                    Some(msg!("rules.endgame.cap_never_help")),
                );
            }
            v
        });
        let hi = cap.map_or(hi, |c| hi.min(i128::from(c)));
        (Value { id, name: raw.name.clone(), formula, cap }, lo, hi)
    }

    fn one_ref(&mut self, raw: &raw::Value, names: &HashMap<String, Known>) -> Option<Known> {
        let of = raw.of.as_ref()?;
        match of.get_ref() {
            toml::Value::String(s) => {
                let at = self.word_span(&of.span(), s);
                self.resolve(s, at, names, raw.kind.get_ref())
            }
            _ => {
                let message = msg!("rules.endgame.one_id", kind = raw.kind.get_ref(), id = raw.id.get_ref());
                self.err(Some(of.span()), message, None);
                None
            }
        }
    }

    fn one_number(&mut self, raw: &raw::Value, names: &HashMap<String, Known>, kind: &str) -> Option<Known> {
        let k = self.one_ref(raw, names)?;
        if k.list {
            let at = raw.of.as_ref().map(|o| o.span());
            self.err(
                at,
                msg!("rules.endgame.needs_number", of = of_text(raw), kind = kind, id = raw.id.get_ref()),
                Some(msg!("rules.endgame.needs_number_help")),
            );
            return None;
        }
        Some(k)
    }

    fn many_numbers(
        &mut self,
        raw: &raw::Value,
        names: &HashMap<String, Known>,
        kind: &str,
    ) -> Vec<(Known, Range<usize>)> {
        let Some(of) = raw.of.as_ref() else { return vec![] };
        let ids: Vec<String> = match of.get_ref() {
            toml::Value::String(s) => vec![s.clone()],
            toml::Value::Array(a) if a.iter().all(|v| v.is_str()) && !a.is_empty() => {
                a.iter().filter_map(|v| v.as_str().map(String::from)).collect()
            }
            _ => {
                self.err(Some(of.span()), msg!("rules.endgame.of_shape", id = raw.id.get_ref()), None);
                return vec![];
            }
        };
        let mut out = Vec::new();
        let mut from = of.span().start;
        for id in ids {
            let at = self.word_span(&(from..of.span().end), &id);
            from = at.end.min(of.span().end);
            if let Some(k) = self.resolve(&id, at.clone(), names, kind) {
                if k.list {
                    self.err(Some(at), msg!("rules.endgame.lookup_list", id = &id, kind = kind), None);
                } else {
                    out.push((k, at));
                }
            }
        }
        out
    }

    fn int_points(&mut self, raw: &raw::Value, kind: &str) -> Option<i64> {
        let p = raw.points.as_ref()?;
        match p.get_ref().as_integer() {
            Some(n) if n.abs() <= POINTS => Some(n),
            Some(n) => {
                self.err(Some(p.span()), msg!("rules.endgame.points_range", n = n, max = POINTS), None);
                None
            }
            None => {
                let help = if p.get_ref().is_table() {
                    msg!("rules.endgame.points_table_help")
                } else {
                    msg!("rules.endgame.points_whole_help")
                };
                self.err(
                    Some(p.span()),
                    msg!("rules.endgame.int_points", kind = kind, id = raw.id.get_ref()),
                    Some(help),
                );
                None
            }
        }
    }
}

fn of_text(raw: &raw::Value) -> String {
    raw.of.as_ref().and_then(|o| o.get_ref().as_str().map(String::from)).unwrap_or_default()
}

/// Lowest and highest value of a table lookup for counts in `lo..=hi` (both ≥ 0).
fn table_bounds(table: &[i64], beyond: i64, lo: i128, hi: i128) -> (i128, i128) {
    let f = |n: i128| -> i128 {
        if n <= 0 || table.is_empty() {
            0
        } else if n <= table.len() as i128 {
            table[(n - 1) as usize].into()
        } else {
            i128::from(table[table.len() - 1]) + (n - table.len() as i128) * i128::from(beyond)
        }
    };
    let mut candidates = vec![lo, hi];
    candidates.extend((1..=table.len() as i128 + 1).filter(|n| (lo..=hi).contains(n)));
    let values: Vec<i128> = candidates.into_iter().map(f).collect();
    (values.iter().copied().min().unwrap_or(0), values.iter().copied().max().unwrap_or(0))
}

/// The span of `needle` as a whole word inside `within`, or `within` when it is not there.
pub(crate) fn word_span(text: &str, within: &Range<usize>, needle: &str) -> Range<usize> {
    let end = within.end.min(text.len());
    let start = within.start.min(end);
    let Some(hay) = text.get(start..end) else { return within.clone() };
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(i) = hay[from..].find(needle) {
        let s = from + i;
        let e = s + needle.len();
        let before_ok = hay[..s].chars().next_back().is_none_or(|c| !is_word(c));
        let after_ok = hay[e..].chars().next().is_none_or(|c| !is_word(c));
        if before_ok && after_ok && !needle.is_empty() {
            return start + s..start + e;
        }
        from = e.max(s + 1);
        if from >= hay.len() {
            break;
        }
    }
    within.clone()
}

pub(crate) use crate::source::similar;
