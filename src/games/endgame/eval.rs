//! End-game scoring from data: inputs → values, categories, tie-break values and what each
//! category is made of. Pure: no I/O, no prompts, no words. Limits are checked here too; a
//! broken limit is a value (`Violation`), not an error. `text::endgame` puts both into words.

use serde::Serialize;

use crate::games::endgame::{Formula, Ref, Scope, Scoring, Shape};

/// What a player entered for one input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum InputValue {
    /// A number input's value.
    Number(i64),
    /// A list input's items, in the order entered.
    List(Vec<i64>),
}

impl InputValue {
    /// The value of an input that was left out: 0, or an empty list.
    pub(crate) fn missing(shape: Shape) -> InputValue {
        if shape.is_list() {
            InputValue::List(Vec::new())
        } else {
            InputValue::Number(0)
        }
    }

    /// The number, or for a list its item count.
    pub(crate) fn count(&self) -> i64 {
        match self {
            InputValue::Number(n) => *n,
            InputValue::List(l) => l.len() as i64,
        }
    }

    fn number(&self) -> i64 {
        match self {
            InputValue::Number(n) => *n,
            InputValue::List(l) => l.iter().fold(0i64, |a, b| a.saturating_add(*b)),
        }
    }
}

/// One line of a category's breakdown: what was counted, and the points it gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    /// What was counted.
    pub what: Term,
    /// The points it gives (negative for a cap).
    pub points: i64,
}

/// What a line of a breakdown counts, with its numbers. `Ref`s and inputs are indices into
/// the `Scoring`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    /// A value as it is.
    Value(Ref),
    /// A count `n` times `points` (`times`, `per_key`).
    Times {
        /// What was counted.
        of: Ref,
        /// The count.
        n: i64,
        /// Points per count.
        points: i64,
    },
    /// A count `n` looked up in a table.
    Table {
        /// What was counted.
        of: Ref,
        /// The count looked up.
        n: i64,
    },
    /// `points` per full `every` of `n`.
    Per {
        /// What was counted.
        of: Ref,
        /// The count.
        n: i64,
        /// How many make one group.
        every: i64,
        /// Points per full group.
        points: i64,
    },
    /// What is left of `n` after taking out every full `every`.
    Remainder {
        /// What was counted.
        of: Ref,
        /// The count.
        n: i64,
        /// How many make one group.
        every: i64,
    },
    /// One item of a list input.
    ListItem {
        /// Index into `Scoring::inputs`.
        input: usize,
        /// The item's value.
        item: i64,
    },
    /// A value times a weight (`sum`).
    Weighted {
        /// The value weighed.
        of: Ref,
        /// Its weight.
        weight: i64,
    },
    /// The value was capped at this; the part's points are what the cap took away.
    Cap(i64),
}

/// One sheet scored: every value, the categories and their total, and the tie-break values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// Every value (derived and categories), in `Scoring::values` order.
    pub values: Vec<i64>,
    /// The categories, in column order.
    pub categories: Vec<i64>,
    /// Per category: what it is made of (the parts add up to the category).
    pub detail: Vec<Vec<Part>>,
    /// The sum of the categories: the player's score.
    pub total: i64,
    /// Per tie-break, in order.
    pub tie_values: Vec<i64>,
}

/// Score one sheet. `inputs` holds one value per input of `scoring` (use
/// `InputValue::missing` for those not given). Arithmetic saturates, so even inputs far
/// outside their limits cannot make it panic.
pub fn evaluate(scoring: &Scoring, inputs: &[InputValue]) -> Evaluation {
    let mut values: Vec<i64> = Vec::with_capacity(scoring.values.len());
    let mut details: Vec<Vec<Part>> = Vec::with_capacity(scoring.values.len());
    let get = |r: Ref, values: &[i64]| -> i64 {
        match r {
            Ref::Input(i) => inputs.get(i).map_or(0, InputValue::number),
            Ref::Value(v) => values.get(v).copied().unwrap_or(0),
        }
    };
    let count = |r: Ref, values: &[i64]| -> i64 {
        match r {
            Ref::Input(i) => inputs.get(i).map_or(0, InputValue::count),
            Ref::Value(v) => values.get(v).copied().unwrap_or(0),
        }
    };
    for value in &scoring.values {
        let mut items: Vec<Part> = Vec::new();
        let mut item = |what: Term, points: i64| {
            if points != 0 {
                items.push(Part { what, points });
            }
        };
        let v = match &value.formula {
            Formula::Value(r) => {
                let v = get(*r, &values);
                item(Term::Value(*r), v);
                v
            }
            Formula::Times { of, points } => {
                let n = count(*of, &values);
                let v = n.saturating_mul(*points);
                item(Term::Times { of: *of, n, points: *points }, v);
                v
            }
            Formula::PerKey(terms) => terms.iter().fold(0i64, |acc, (r, points)| {
                let n = count(*r, &values);
                let v = n.saturating_mul(*points);
                item(Term::Times { of: *r, n, points: *points }, v);
                acc.saturating_add(v)
            }),
            Formula::Table { of, table, beyond } => of.iter().fold(0i64, |acc, r| {
                let n = get(*r, &values);
                let v = lookup(table, beyond.unwrap_or(0), n);
                item(Term::Table { of: *r, n }, v);
                acc.saturating_add(v)
            }),
            Formula::Per { of, every, points } => {
                let n = get(*of, &values);
                let v = n.max(0).div_euclid(*every).saturating_mul(*points);
                item(Term::Per { of: *of, n, every: *every, points: *points }, v);
                v
            }
            Formula::Remainder { of, every } => {
                let n = get(*of, &values);
                let v = n.max(0).rem_euclid(*every);
                item(Term::Remainder { of: *of, n, every: *every }, v);
                v
            }
            Formula::ListSum(i) => match inputs.get(*i) {
                Some(InputValue::List(list)) => list.iter().fold(0i64, |acc, x| {
                    item(Term::ListItem { input: *i, item: *x }, *x);
                    acc.saturating_add(*x)
                }),
                Some(InputValue::Number(n)) => {
                    item(Term::Value(Ref::Input(*i)), *n);
                    *n
                }
                None => 0,
            },
            Formula::Sum(terms) => terms.iter().fold(0i64, |acc, (r, w)| {
                let v = get(*r, &values).saturating_mul(*w);
                item(Term::Weighted { of: *r, weight: *w }, v);
                acc.saturating_add(v)
            }),
        };
        let v = match value.cap {
            Some(cap) if v > cap => {
                item(Term::Cap(cap), cap - v);
                cap
            }
            _ => v,
        };
        values.push(v);
        details.push(items);
    }
    let categories: Vec<i64> = scoring.categories.iter().map(|c| values[*c]).collect();
    let detail = scoring.categories.iter().map(|c| details[*c].clone()).collect();
    let tie_values = scoring.tie_breaks.iter().map(|t| count(t.of, &values)).collect();
    let total = categories.iter().fold(0i64, |a, b| a.saturating_add(*b));
    Evaluation { values, categories, detail, total, tie_values }
}

/// A table lookup: entry k is the value of count k+1, 0 scores 0, and each count past the
/// end adds `beyond`.
pub(crate) fn lookup(table: &[i64], beyond: i64, n: i64) -> i64 {
    if n <= 0 || table.is_empty() {
        0
    } else if n as u64 <= table.len() as u64 {
        table[(n - 1) as usize]
    } else {
        let extra = n - table.len() as i64;
        table[table.len() - 1].saturating_add(extra.saturating_mul(beyond))
    }
}

/// Where a violation is, so that a caller can point into the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum At {
    /// An input's value.
    Input(usize),
    /// One item of a list input.
    Item(usize, usize),
    /// Several inputs together (a limit).
    Limit(usize),
}

/// A limit of one sheet broken: a value for the text layer to word and for scripts to read
/// (the rule id, the input or limit id).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule's id: `range` for an input's own limits, else the limit's id.
    pub rule: String,
    /// Where it is.
    pub at: At,
    /// The input or limit concerned, by id.
    pub id: String,
    /// What was found, with its numbers.
    pub found: Found,
}

/// What a check found. Inputs and limits are indices into the `Scoring`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// A number input's `value` is outside its `min`–`max`.
    Outside {
        /// Index into `Scoring::inputs`.
        input: usize,
        /// The value given.
        value: i64,
        /// The input's smallest value.
        min: i64,
        /// The input's largest value.
        max: i64,
    },
    /// A list input has `count` values, more than its `max`.
    TooMany {
        /// Index into `Scoring::inputs`.
        input: usize,
        /// How many items were given.
        count: usize,
        /// The most items the input takes.
        max: usize,
    },
    /// Item `item` (0-based) of a list input is `value`, outside `min`–`max`.
    ItemOutside {
        /// Index into `Scoring::inputs`.
        input: usize,
        /// 0-based index of the item in the list.
        item: usize,
        /// The item's value.
        value: i64,
        /// The smallest item allowed.
        min: i64,
        /// The largest item allowed.
        max: i64,
    },
    /// A limit's weighted `sum` is out of its bounds; `counts` holds the count of each of
    /// its terms, in order.
    Limit {
        /// Index into `Scoring::limits`.
        limit: usize,
        /// The count of each of the limit's terms, in order.
        counts: Vec<i64>,
        /// The weighted sum of the counts.
        sum: i64,
    },
}

fn within(min: Option<i64>, max: Option<i64>, v: i64) -> bool {
    min.is_none_or(|m| v >= m) && max.is_none_or(|m| v <= m)
}

/// The limits of one sheet: each input's own range, and every limit (a game-wide limit
/// also holds for one sheet on its own). `given[i]` says whether input `i` was entered;
/// limits over inputs not all given are skipped (for checking while entering). Limits of
/// some player counts only are left out: see `check_sheet_at`.
pub fn check_sheet(scoring: &Scoring, inputs: &[InputValue], given: &[bool]) -> Vec<Violation> {
    check_sheet_at(scoring, inputs, given, None)
}

/// As `check_sheet`, in a game of `players` players (None: not known): the limits of that
/// player count hold too (Nauticus's 2-player game has 4 rounds, so a lower floor).
pub fn check_sheet_at(
    scoring: &Scoring,
    inputs: &[InputValue],
    given: &[bool],
    players: Option<u32>,
) -> Vec<Violation> {
    let mut out = Vec::new();
    for (i, input) in scoring.inputs.iter().enumerate() {
        let Some(value) = inputs.get(i) else { continue };
        let range = |at: At, found: Found| Violation { rule: "range".into(), at, id: input.id.clone(), found };
        match (input.shape, value) {
            (Shape::Number { min, max }, InputValue::Number(v)) if *v < min || *v > max => {
                out.push(range(At::Input(i), Found::Outside { input: i, value: *v, min, max }));
            }
            (Shape::List { item_min, item_max, max_items }, InputValue::List(list)) => {
                if list.len() > max_items {
                    out.push(range(At::Input(i), Found::TooMany { input: i, count: list.len(), max: max_items }));
                }
                for (k, v) in list.iter().enumerate() {
                    if *v < item_min || *v > item_max {
                        let found = Found::ItemOutside { input: i, item: k, value: *v, min: item_min, max: item_max };
                        out.push(range(At::Item(i, k), found));
                    }
                }
            }
            _ => {}
        }
    }
    // An input outside its own range is reported once, not again by every limit on it.
    let out_of_range: Vec<usize> = out
        .iter()
        .filter_map(|v| match v.at {
            At::Input(i) | At::Item(i, _) => Some(i),
            At::Limit(_) => None,
        })
        .collect();
    for (l, limit) in scoring.limits.iter().enumerate() {
        if !limit.applies(players) {
            continue;
        }
        if !limit.terms.iter().all(|(i, _)| given.get(*i).copied().unwrap_or(false) && !out_of_range.contains(i)) {
            continue;
        }
        let counts: Vec<i64> = limit.terms.iter().map(|(i, _)| inputs.get(*i).map_or(0, InputValue::count)).collect();
        let sum: i64 = limit.terms.iter().zip(&counts).map(|((_, w), c)| c.saturating_mul(*w)).sum();
        if !within(limit.min, limit.max, sum) {
            out.push(Violation {
                rule: limit.id.clone(),
                at: At::Limit(l),
                id: limit.id.clone(),
                found: Found::Limit { limit: l, counts, sum },
            });
        }
    }
    out
}

/// A game-wide limit broken by all sheets together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameViolation {
    /// The limit's id.
    pub rule: String,
    /// Index into `Scoring::limits`.
    pub limit: usize,
    /// Each term's count over all sheets, in the limit's order.
    pub counts: Vec<i64>,
    /// The weighted sum over all sheets, outside the limit's bounds.
    pub sum: i64,
    /// Each player's share of the sum.
    pub shares: Vec<(String, i64)>,
}

/// Game-wide limits over all sheets of one game (the box holds only so many pieces).
pub fn check_game(scoring: &Scoring, sheets: &[(&str, &[InputValue])]) -> Vec<GameViolation> {
    let mut out = Vec::new();
    if sheets.len() < 2 {
        return out; // one sheet alone is covered by check_sheet
    }
    let players = Some(sheets.len() as u32);
    for (l, limit) in scoring.limits.iter().enumerate().filter(|(_, l)| l.scope == Scope::Game && l.applies(players)) {
        // Reported per sheet already: one sheet breaks it alone, or a term is out of range.
        let out_of_range = |inputs: &[InputValue]| {
            limit.terms.iter().any(|(i, _)| match (scoring.inputs[*i].shape, inputs.get(*i)) {
                (Shape::Number { min, max }, Some(InputValue::Number(v))) => *v < min || *v > max,
                (Shape::List { item_min, item_max, max_items }, Some(InputValue::List(l))) => {
                    l.len() > max_items || l.iter().any(|v| *v < item_min || *v > item_max)
                }
                _ => false,
            })
        };
        let alone = |inputs: &[InputValue]| {
            let s: i64 =
                limit.terms.iter().map(|(i, w)| inputs.get(*i).map_or(0, InputValue::count).saturating_mul(*w)).sum();
            !within(limit.min, limit.max, s)
        };
        if sheets.iter().any(|(_, inputs)| out_of_range(inputs) || alone(inputs)) {
            continue;
        }
        let shares: Vec<(String, i64)> = sheets
            .iter()
            .map(|(player, inputs)| {
                let s: i64 = limit
                    .terms
                    .iter()
                    .map(|(i, w)| inputs.get(*i).map_or(0, InputValue::count).saturating_mul(*w))
                    .sum();
                (player.to_string(), s)
            })
            .collect();
        let sum: i64 = shares.iter().map(|(_, s)| *s).sum();
        if !within(limit.min, limit.max, sum) {
            let counts = limit
                .terms
                .iter()
                .map(|(i, _)| sheets.iter().map(|(_, v)| v.get(*i).map_or(0, InputValue::count)).sum())
                .collect();
            out.push(GameViolation { rule: limit.id.clone(), limit: l, counts, sum, shares });
        }
    }
    out
}

/// What the tests here and the messages' tests (text::endgame) build rules from.
#[cfg(test)]
pub(crate) mod fixtures {
    use crate::games::endgame::EndgameRules;
    use crate::games::{from_source, Source};

    pub(crate) fn rules(text: &str) -> EndgameRules {
        let rules = from_source(Source::new("t.toml", text)).unwrap_or_else(|e| panic!("{e}"));
        rules.endgame().expect("an endgame file").clone()
    }

    pub(crate) const HEAD: &str =
        "[game]\nid = \"t\"\nengine = \"endgame\"\nname = { en = \"T\" }\nplayers = { min = 1, max = 4 }\n";

    /// Two inputs under a limit for all players together: `m3 + 2 × m4` at most 9.
    pub(crate) fn limited() -> EndgameRules {
        rules(&format!(
            "{HEAD}
[[input]]
id = \"m3\"
name = {{ en = \"3-mast\" }}
max = 9
[[input]]
id = \"m4\"
name = {{ en = \"4-mast\" }}
max = 4
[[limit]]
id = \"middles\"
sum = {{ m3 = 1, m4 = 2 }}
max = 9
scope = \"game\"
because = \"9 middle hulls\"
[[category]]
id = \"c\"
name = {{ en = \"C\" }}
kind = \"sum\"
of = [\"m3\", \"m4\"]
"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::{rules, HEAD};
    use super::*;

    #[test]
    fn table_lookup_extends_linearly_past_its_end() {
        let t = [2, 5, 9, 14, 20];
        let got: Vec<i64> = (0..=12).map(|n| lookup(&t, 5, n)).collect();
        assert_eq!(got, vec![0, 2, 5, 9, 14, 20, 25, 30, 35, 40, 45, 50, 55]);
    }

    #[test]
    fn every_kind_and_a_cap_evaluate_with_details_that_add_up() {
        let r = rules(&format!(
            "{HEAD}
[[input]]
id = \"a\"
name = {{ en = \"A\" }}
max = 100
[[input]]
id = \"b\"
name = {{ en = \"B\" }}
max = 100
[[input]]
id = \"l\"
name = {{ en = \"L\" }}
list = true
item_min = 1
item_max = 9
max_items = 5
[[derived]]
id = \"ab\"
name = {{ en = \"A+2B\" }}
kind = \"sum\"
of = {{ a = 1, b = 2 }}
[[derived]]
id = \"rest\"
name = {{ en = \"rest\" }}
kind = \"remainder\"
of = \"ab\"
every = 4
[[category]]
id = \"v\"
name = {{ en = \"V\" }}
kind = \"value\"
of = \"a\"
[[category]]
id = \"t\"
name = {{ en = \"T\" }}
kind = \"times\"
of = \"l\"
points = 3
[[category]]
id = \"k\"
name = {{ en = \"K\" }}
kind = \"per_key\"
points = {{ a = 2, b = -1 }}
cap = 10
[[category]]
id = \"tb\"
name = {{ en = \"TB\" }}
kind = \"table\"
of = [\"a\", \"b\"]
table = [1, 3]
beyond = 10
[[category]]
id = \"p\"
name = {{ en = \"P\" }}
kind = \"per\"
of = \"ab\"
every = 4
points = 2
[[category]]
id = \"ls\"
name = {{ en = \"LS\" }}
kind = \"list_sum\"
of = \"l\"
[[tie_break]]
of = \"rest\"
name = {{ en = \"most rest\" }}
"
        ));
        let inputs = [InputValue::Number(7), InputValue::Number(1), InputValue::List(vec![3, 5, 4])];
        let e = evaluate(&r.sheet, &inputs);
        // v=7, t=3 items×3=9, k=min(14-1,10)=10, tb: a=7→3+5×10=53, b=1→1 → 54, p: ab=9 → 2×2=4, ls=12
        assert_eq!(e.categories, vec![7, 9, 10, 54, 4, 12]);
        assert_eq!(e.total, 96);
        assert_eq!(e.tie_values, vec![1]); // 9 mod 4
        for (cat, items) in e.categories.iter().zip(&e.detail) {
            assert_eq!(items.iter().map(|i| i.points).sum::<i64>(), *cat, "{items:?}");
        }
        assert!(e.detail[2].iter().any(|i| i.what == Term::Cap(10) && i.points == -3), "{:?}", e.detail[2]);
    }

    #[test]
    fn a_broken_limit_names_the_inputs_and_why() {
        let r = super::fixtures::limited();
        let v = check_sheet(&r.sheet, &[InputValue::Number(3), InputValue::Number(4)], &[true, true]);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].found, Found::Limit { limit: 0, counts: vec![3, 4], sum: 11 });
        assert_eq!((v[0].rule.as_str(), v[0].at), ("middles", At::Limit(0)));
        // Not checked while one of its inputs is still missing.
        assert!(check_sheet(&r.sheet, &[InputValue::Number(3), InputValue::Number(4)], &[true, false]).is_empty());
        let a = [InputValue::Number(5), InputValue::Number(0)];
        let b = [InputValue::Number(1), InputValue::Number(2)];
        let g = check_game(&r.sheet, &[("Ann", &a), ("Bob", &b)]);
        assert_eq!(g.len(), 1, "{g:?}");
        assert_eq!(g[0].shares, vec![("Ann".to_string(), 5), ("Bob".to_string(), 5)]);
        assert_eq!((g[0].counts.as_slice(), g[0].sum), (&[6, 2][..], 10));
        let c = [InputValue::Number(4), InputValue::Number(0)];
        assert!(check_game(&r.sheet, &[("Ann", &a), ("Bob", &c)]).is_empty(), "5 + 4 middle hulls fit in the box");
    }
}
