//! The `endgame` engine's terms and results in words: names of inputs and values, how a
//! value is computed (reference cards), input ranges, the lines of a breakdown and the
//! limits a sheet or a game breaks. The engine (`games::endgame::eval`) only computes.

use std::fmt::Write as _;
use std::path::Path;

use crate::games::endgame::eval::{Evaluation, Found, GameViolation, Part, Term, Violation};
use crate::games::endgame::sheet_file::EndgameSheet;
use crate::games::endgame::{EndgameRules, Formula, Ref, Scope, Scoring, Shape};
use crate::source::Source;
use crate::t;
use crate::text::Lang;

/// The name of an input or value.
pub(crate) fn ref_name(scoring: &Scoring, r: Ref, lang: Lang) -> String {
    match r {
        Ref::Input(i) => scoring.inputs[i].name.get(lang).to_string(),
        Ref::Value(v) => scoring.values[v].name.get(lang).to_string(),
    }
}

/// ` + `, ` - ` or `-` before the `k`-th term of a weighted sum, and `3 × ` for a weight.
fn sign_and_times(k: usize, w: i64) -> (&'static str, String) {
    let sign = match (k, w < 0) {
        (0, false) => "",
        (0, true) => "-",
        (_, false) => " + ",
        (_, true) => " - ",
    };
    let times = if w.abs() == 1 { String::new() } else { format!("{} × ", w.abs()) };
    (sign, times)
}

/// How value `v` is computed, in words (for reference cards and calculators).
pub fn describe(scoring: &Scoring, v: usize, lang: Lang) -> String {
    let name = |r: Ref| ref_name(scoring, r, lang);
    let value = &scoring.values[v];
    let text = match &value.formula {
        Formula::Value(r) => name(*r),
        Formula::Times { of, points } => t!(lang, "games.describe.per", points = points, name = name(*of)),
        Formula::PerKey(terms) => terms
            .iter()
            .map(|(r, p)| t!(lang, "games.describe.per", points = p, name = name(*r)))
            .collect::<Vec<_>>()
            .join(", "),
        Formula::Table { of, table, beyond } => {
            let steps: Vec<String> = table.iter().enumerate().map(|(i, p)| format!("{} → {p}", i + 1)).collect();
            let more = beyond.map(|b| t!(lang, "games.describe.beyond", beyond = format!("{b:+}"))).unwrap_or_default();
            let each: Vec<String> = of.iter().map(|r| name(*r)).collect();
            t!(lang, "games.describe.table", steps = steps.join(", "), more = more, list = each.join(", "))
        }
        Formula::Per { of, every, points } => {
            t!(lang, "games.describe.per_full", points = points, every = every, name = name(*of))
        }
        Formula::Remainder { of, every } => t!(lang, "games.describe.remainder", every = every, name = name(*of)),
        Formula::ListSum(i) => t!(lang, "games.describe.list_sum", name = scoring.inputs[*i].name.get(lang)),
        Formula::Sum(terms) => terms
            .iter()
            .enumerate()
            .map(|(k, (r, w))| {
                let (sign, times) = sign_and_times(k, *w);
                format!("{sign}{times}{}", name(*r))
            })
            .collect(),
    };
    match value.cap {
        Some(cap) => t!(lang, "games.describe.cap", text = text, cap = cap),
        None => text,
    }
}

/// An input's limits in words: `0–12`, or `up to 30 values of 3–5`.
pub fn range_text(shape: Shape, lang: Lang) -> String {
    match shape {
        Shape::Number { min, max } => format!("{min}–{max}"),
        Shape::List { item_min, item_max, max_items } => {
            t!(lang, "games.endgame.list_range", n = max_items, min = item_min, max = item_max)
        }
    }
}

/// A limit's bounds in words: `between 1 and 9`, `at most 9`.
fn bounds_text(min: Option<i64>, max: Option<i64>, lang: Lang) -> String {
    match (min, max) {
        (Some(a), Some(b)) => t!(lang, "games.endgame.between", a = a, b = b),
        (Some(a), None) => t!(lang, "games.endgame.at_least", a = a),
        (None, Some(b)) => t!(lang, "games.endgame.at_most", b = b),
        (None, None) => t!(lang, "games.endgame.anything"),
    }
}

/// `ships_3 (2) + 2 × ships_4 (4)` — the terms of a limit with the value of each input.
pub fn terms_text(scoring: &Scoring, terms: &[(usize, i64)], value: impl Fn(usize) -> i64, lang: Lang) -> String {
    terms
        .iter()
        .enumerate()
        .map(|(k, (i, w))| {
            let id = &scoring.inputs[*i].id;
            let counted = if scoring.inputs[*i].shape.is_list() {
                t!(lang, "games.endgame.items_of", id = id)
            } else {
                id.clone()
            };
            let (sign, times) = sign_and_times(k, *w);
            format!("{sign}{times}{counted} ({})", value(*i))
        })
        .collect::<String>()
}

/// A broken limit's terms with their counts (one per term), and the sum when it is more
/// than one plain term.
fn limit_what(scoring: &Scoring, limit: usize, counts: &[i64], sum: i64, lang: Lang) -> String {
    let terms = &scoring.limits[limit].terms;
    let value = |i: usize| terms.iter().position(|(t, _)| *t == i).and_then(|k| counts.get(k)).copied().unwrap_or(0);
    let what = terms_text(scoring, terms, value, lang);
    if matches!(terms.as_slice(), [(_, 1)]) {
        what
    } else {
        format!("{what} = {sum}")
    }
}

/// A line of a breakdown in words: `cards (3 × 2)`, `cap 10`.
pub fn part_name(scoring: &Scoring, part: &Part, lang: Lang) -> String {
    let name = |r: Ref| ref_name(scoring, r, lang);
    match part.what {
        Term::Value(r) => name(r),
        Term::Times { of, n, points } => format!("{} ({n} × {points})", name(of)),
        Term::Table { of, n } => format!("{} ({n})", name(of)),
        Term::Per { of, n, every, points } => {
            let per = if points == 1 { String::new() } else { format!(" × {points}") };
            format!("{} ({n} ÷ {every}{per})", name(of))
        }
        Term::Remainder { of, n, every } => t!(lang, "games.endgame.remainder", name = name(of), n = n, every = every),
        Term::ListItem { input, item } => format!("{} {item}", scoring.inputs[input].name.get(lang)),
        Term::Weighted { of, weight: 1 } => name(of),
        Term::Weighted { of, weight } => format!("{} × {weight}", name(of)),
        Term::Cap(cap) => t!(lang, "games.endgame.cap", cap = cap),
    }
}

/// Why an input's limits are what they are, as a tail to a message (`: the game has …`).
fn because(scoring: &Scoring, input: usize, lang: Lang) -> String {
    scoring.inputs[input]
        .because
        .as_ref()
        .map(|b| t!(lang, "games.endgame.because", because = b.get(lang)))
        .unwrap_or_default()
}

/// What a sheet's violation breaks, in words.
pub fn message(scoring: &Scoring, v: &Violation, lang: Lang) -> String {
    match &v.found {
        Found::Outside { input, value, min, max } => t!(
            lang,
            "games.endgame.outside",
            id = scoring.inputs[*input].id,
            v = value,
            min = min,
            max = max,
            because = because(scoring, *input, lang)
        ),
        Found::TooMany { input, count, max } => t!(
            lang,
            "games.endgame.too_many",
            id = scoring.inputs[*input].id,
            count = count,
            max = max,
            because = because(scoring, *input, lang)
        ),
        Found::ItemOutside { input, item, value, min, max } => t!(
            lang,
            "games.endgame.item_outside",
            id = scoring.inputs[*input].id,
            k = item + 1,
            v = value,
            min = min,
            max = max,
            because = because(scoring, *input, lang)
        ),
        Found::Limit { limit, counts, sum } => {
            let l = &scoring.limits[*limit];
            let whole = if l.scope == Scope::Game { t!(lang, "games.endgame.limit_whole") } else { String::new() };
            t!(
                lang,
                "games.endgame.limit",
                what = limit_what(scoring, *limit, counts, *sum, lang),
                bounds = bounds_text(l.min, l.max, lang),
                whole = whole,
                because = l.because.get(lang)
            )
        }
    }
}

/// What would make a sheet's violation right.
pub fn fix(scoring: &Scoring, v: &Violation, lang: Lang) -> String {
    match &v.found {
        Found::Outside { input, min, max, .. } => {
            t!(lang, "games.endgame.outside_fix", name = scoring.inputs[*input].name.get(lang), min = min, max = max)
        }
        Found::TooMany { input, .. } => {
            t!(lang, "games.endgame.too_many_fix", name = scoring.inputs[*input].name.get(lang))
        }
        Found::ItemOutside { input, min, max, .. } => {
            t!(lang, "games.endgame.item_fix", name = scoring.inputs[*input].name.get(lang), min = min, max = max)
        }
        Found::Limit { .. } => t!(lang, "games.endgame.limit_fix"),
    }
}

/// What a game-wide violation breaks, with each player's share.
pub fn game_message(scoring: &Scoring, g: &GameViolation, lang: Lang) -> String {
    let l = &scoring.limits[g.limit];
    let each: Vec<String> = g.shares.iter().map(|(p, s)| format!("{p} {s}")).collect();
    t!(
        lang,
        "games.endgame.game_limit",
        what = limit_what(scoring, g.limit, &g.counts, g.sum, lang),
        each = each.join(", "),
        bounds = bounds_text(l.min, l.max, lang),
        because = l.because.get(lang)
    )
}

/// One sheet file as `score` and `check` read it, with the limits it breaks.
pub struct Checked<'a> {
    /// The file.
    pub path: &'a Path,
    /// Its text.
    pub source: &'a Source,
    /// The sheet read from it.
    pub sheet: &'a EndgameSheet,
    /// The limits it breaks on its own.
    pub violations: &'a [Violation],
}

/// A broken limit shown in its sheet file: the line, a caret, the rule and the fix.
pub fn violation_in_file(r: &EndgameRules, c: &Checked, v: &Violation, lang: Lang) -> String {
    let message = format!("{} [{}]", self::message(&r.sheet, v, lang), v.rule);
    let fix = fix(&r.sheet, v, lang);
    super::diag::render_text(c.source, c.sheet.span_of(r, v.at), &message, Some(&fix), lang)
}

/// What `score` says when the sheets break limits: each broken limit in its file, each
/// broken by all sheets together, and that they cannot be scored.
pub fn impossible(r: &EndgameRules, sheets: &[Checked], game: &[GameViolation], lang: Lang) -> String {
    let mut report = String::new();
    for c in sheets {
        for v in c.violations {
            report.push_str(&violation_in_file(r, c, v, lang));
            report.push('\n');
        }
    }
    for g in game {
        let message = game_message(&r.sheet, g, lang);
        let _ = writeln!(report, "{} {message} [{}]\n", t!(lang, "rules.error_label"), g.rule);
    }
    let _ = writeln!(report, "{}", t!(lang, "games.endgame.impossible"));
    report
}

/// What the sheets of `score`'s refusal are called (`the sheets' inputs`).
pub fn sheets_inputs(lang: Lang) -> String {
    t!(lang, "games.endgame.sheets_inputs")
}

/// A sheet's categories with their points (`Ships 12, Goods 7`).
fn categories(s: &Scoring, e: &Evaluation, lang: Lang) -> String {
    let cats: Vec<String> =
        s.categories.iter().zip(&e.categories).map(|(c, v)| format!("{} {v}", s.values[*c].name.get(lang))).collect();
    cats.join(", ")
}

/// `check`'s report: for each sheet file, that it keeps every limit or each one it breaks
/// in the file, its score and the inputs it lacks; then the limits broken by all sheets
/// together and a summary line.
pub fn check_report(r: &EndgameRules, sheets: &[Checked], game: &[GameViolation], lang: Lang) -> String {
    let count = sheets.iter().map(|c| c.violations.len()).sum::<usize>() + game.len();
    let mut out = t!(lang, "games.endgame.check_header", n = sheets.len(), game = r.name.get(lang)) + "\n";
    for c in sheets {
        let e = crate::games::endgame::eval::evaluate(&r.sheet, &c.sheet.inputs(r));
        let (path, player) = (c.path.display(), &c.sheet.player);
        if c.violations.is_empty() {
            let _ = writeln!(out, "{}", t!(lang, "games.endgame.check_ok", path = path, player = player));
        } else {
            let n = c.violations.len();
            let _ = writeln!(out, "{}", t!(lang, "games.endgame.check_bad", path = path, player = player, n = n));
            for v in c.violations {
                for line in violation_in_file(r, c, v, lang).lines() {
                    let _ = writeln!(out, "  {line}");
                }
            }
        }
        let cats = categories(&r.sheet, &e, lang);
        let _ = writeln!(out, "{}", t!(lang, "games.endgame.check_score", total = e.total, cats = cats));
        let missing: Vec<&str> = r
            .sheet
            .inputs
            .iter()
            .zip(&c.sheet.values)
            .filter(|(_, v)| v.is_none())
            .map(|(i, _)| i.id.as_str())
            .collect();
        if !missing.is_empty() {
            let _ = writeln!(out, "{}", t!(lang, "games.endgame.check_missing", list = missing.join(", ")));
        }
    }
    for g in game {
        let _ = writeln!(out, "[{}] {}", g.rule, game_message(&r.sheet, g, lang));
    }
    if count == 0 {
        let _ = writeln!(out, "{}", t!(lang, "games.endgame.checked_ok", n = sheets.len()));
    } else {
        let _ = writeln!(out, "{}", t!(lang, "games.endgame.checked_bad", n = sheets.len(), count = count));
    }
    out
}

/// Why a typed answer is not a value of its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadAnswer {
    /// Nothing typed where a number is asked.
    NeedNumber,
    /// Not a whole number: what was typed.
    NotNumber(String),
    /// Not a list of whole numbers.
    NeedList,
    /// A whole number beyond any count: what was typed.
    TooLarge(String),
}

impl BadAnswer {
    /// Why, in a language.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            BadAnswer::NeedNumber => t!(lang, "games.endgame.need_number"),
            BadAnswer::NotNumber(text) => t!(lang, "games.endgame.not_number", text = text),
            BadAnswer::NeedList => t!(lang, "games.endgame.need_list"),
            BadAnswer::TooLarge(text) => t!(lang, "games.endgame.too_large", text = text),
        }
    }
}

/// A value given as `key=value` that its input does not take: the input (`input_named`),
/// then why.
pub fn bad_value(key: &str, why: &BadAnswer, lang: Lang) -> String {
    format!("{key}: {}", why.text(lang))
}

/// An input as `calc` names it in a message: its key, then its name and range
/// (`depicted (towers shown on the field, 1–4)`).
pub fn input_named(input: &crate::games::endgame::Input, lang: Lang) -> String {
    format!("{} ({})", input.id, input_about(input, lang))
}

/// An input's name and range (`towers shown on the field, 1–4`).
pub fn input_about(input: &crate::games::endgame::Input, lang: Lang) -> String {
    format!("{}, {}", input.name.get(lang), range_text(input.shape, lang))
}

/// Each calculator of the game as a command line to run it, with its name.
pub fn calculator_lines(r: &EndgameRules, lang: Lang) -> String {
    let mut o = String::new();
    for c in &r.calculators {
        let keys: Vec<String> = c.scoring.inputs.iter().map(|i| format!("{}=…", i.id)).collect();
        let _ = writeln!(o, "  deckhand calc {} {} {}   # {}", r.id, c.id, keys.join(" "), c.name.get(lang));
    }
    o
}

/// `calc` with a calculator the game does not have: which, then the ones it has.
pub fn no_calculator_with_list(r: &EndgameRules, calc: &str, lang: Lang) -> String {
    format!("{}\n{}", no_calculator(r, calc, lang), calculator_lines(r, lang))
}

/// What `enter` says first: the sheet file it goes on with (`done` of its inputs given),
/// or the player and game it starts.
pub fn entering(r: &EndgameRules, player: &str, output: &Path, done: usize, lang: Lang) -> String {
    let n = r.sheet.inputs.len();
    if done > 0 {
        t!(lang, "games.endgame.resuming", path = output.display(), done = done, n = n)
    } else {
        t!(lang, "games.endgame.entering", player = player, game = r.name.get(lang), n = n, path = output.display())
    }
}

/// What `enter` says at the end: where the sheet is, its score and categories.
pub fn entered(r: &EndgameRules, output: &Path, e: &Evaluation, lang: Lang) -> String {
    let cats = categories(&r.sheet, e, lang);
    t!(lang, "games.endgame.saved", path = output.display(), total = e.total, cats = cats)
}

/// The heading of `calc`'s list of a game's calculators.
pub fn calculators_of(r: &EndgameRules, lang: Lang) -> String {
    t!(lang, "games.endgame.calculators_of", game = r.name.get(lang))
}

/// `calc` with a calculator the game does not have.
pub fn no_calculator(r: &EndgameRules, calc: &str, lang: Lang) -> String {
    let ids: Vec<&str> = r.calculators.iter().map(|c| c.id.as_str()).collect();
    match crate::source::closest(calc, &ids) {
        Some(near) => t!(lang, "games.endgame.no_calculator_near", id = r.id, calc = calc, near = near),
        None => t!(lang, "games.endgame.no_calculator", id = r.id, calc = calc),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::endgame::eval::fixtures::{rules, HEAD};
    use crate::games::endgame::eval::{check_game, check_sheet, evaluate, InputValue};

    #[test]
    fn a_capped_category_says_its_cap() {
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
[[category]]
id = \"k\"
name = {{ en = \"K\" }}
kind = \"per_key\"
points = {{ a = 2, b = -1 }}
cap = 10
"
        ));
        let e = evaluate(&r.sheet, &[InputValue::Number(7), InputValue::Number(1)]);
        let said: Vec<(String, i64)> =
            e.detail[0].iter().map(|p| (part_name(&r.sheet, p, Lang::En), p.points)).collect();
        assert_eq!(said, vec![("A (7 × 2)".into(), 14), ("B (1 × -1)".into(), -1), ("cap 10".into(), -3)]);
    }

    #[test]
    fn a_broken_limit_names_the_inputs_and_why() {
        let r = crate::games::endgame::eval::fixtures::limited();
        let v = check_sheet(&r.sheet, &[InputValue::Number(3), InputValue::Number(4)], &[true, true]);
        assert_eq!(
            message(&r.sheet, &v[0], Lang::En),
            "m3 (3) + 2 × m4 (4) = 11, but it must be at most 9 (even for all players together): 9 middle hulls"
        );
        assert_eq!(fix(&r.sheet, &v[0], Lang::En), "one of these inputs is wrong; enter them again");
        let (a, b) = ([InputValue::Number(5), InputValue::Number(0)], [InputValue::Number(1), InputValue::Number(2)]);
        let g = check_game(&r.sheet, &[("Ann", &a), ("Bob", &b)]);
        assert_eq!(
            game_message(&r.sheet, &g[0], Lang::En),
            "all players together: m3 (6) + 2 × m4 (2) = 10 (Ann 5, Bob 5), but it must be at most 9: 9 middle hulls"
        );
    }
}
