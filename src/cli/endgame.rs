//! `score`, `check`, `enter` and `calc` for games described by an `endgame` rules file
//! (Nauticus, Titania, or a file of your own).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::args::CheckFormat;
use super::emit;
use crate::games::endgame::eval::{self, GameViolation, InputValue, Violation};
use crate::games::endgame::sheet_file::{self, EndgameSheet};
use crate::games::endgame::{EndgameRules, Scoring, Shape};
use crate::games::Source;
use crate::report::{DetailItem, Format, Row, Standings};
use crate::store::write_atomic;
use crate::text::endgame::{self as words, BadAnswer};
use crate::text::Lang;
use crate::{ui, Error};

struct Loaded<'a> {
    path: &'a Path,
    source: &'a Source,
    sheet: EndgameSheet,
}

fn load<'a>(r: &EndgameRules, paths: &'a [PathBuf], sources: &'a [Source]) -> Result<Vec<Loaded<'a>>, Error> {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for (path, source) in paths.iter().zip(sources) {
        match sheet_file::parse(r, source) {
            Ok(sheet) => out.push(Loaded { path, source, sheet }),
            Err(e) => errors.push(Error::Input(e)),
        }
    }
    if let Some(e) = Error::of_files(errors, |n| crate::msg!("games.endgame.sheet_file", n = n)) {
        return Err(e);
    }
    let mut seen = std::collections::HashSet::new();
    for l in &out {
        if !seen.insert(l.sheet.player.clone()) {
            return Err(Error::Usage(crate::msg!(
                "games.endgame.same_player",
                path = l.path.display(),
                player = &l.sheet.player
            )));
        }
    }
    Ok(out)
}

/// Every limit broken: per sheet, then by all sheets together.
fn violations(r: &EndgameRules, sheets: &[Loaded]) -> (Vec<Vec<Violation>>, Vec<GameViolation>) {
    let inputs: Vec<Vec<InputValue>> = sheets.iter().map(|l| l.sheet.inputs(r)).collect();
    let all = vec![true; r.sheet.inputs.len()];
    let players = Some(sheets.len() as u32);
    let per_sheet = inputs.iter().map(|i| eval::check_sheet_at(&r.sheet, i, &all, players)).collect();
    let pairs: Vec<(&str, &[InputValue])> =
        sheets.iter().zip(&inputs).map(|(l, i)| (l.sheet.player.as_str(), i.as_slice())).collect();
    (per_sheet, eval::check_game(&r.sheet, &pairs))
}

/// The sheets with the limits each breaks, as the words of `score` and `check` take them.
fn checked<'a>(sheets: &'a [Loaded], per_sheet: &'a [Vec<Violation>]) -> Vec<words::Checked<'a>> {
    (sheets.iter().zip(per_sheet))
        .map(|(l, vs)| words::Checked { path: l.path, source: l.source, sheet: &l.sheet, violations: vs })
        .collect()
}

/// A category's breakdown in words, for the report.
fn detail(s: &Scoring, e: &eval::Evaluation, lang: Lang) -> Vec<Vec<DetailItem>> {
    let item = |p: &eval::Part| DetailItem { what: words::part_name(s, p, lang), points: p.points };
    e.detail.iter().map(|parts| parts.iter().map(item).collect()).collect()
}

pub fn standings(r: &EndgameRules, sheets: &[(&str, Vec<InputValue>)], lang: Lang) -> Standings {
    let rows = sheets
        .iter()
        .map(|(player, inputs)| {
            let e = eval::evaluate(&r.sheet, inputs);
            let detail = detail(&r.sheet, &e, lang);
            Row::new(*player, e.categories, e.tie_values, detail)
        })
        .collect();
    let mut s = Standings {
        game: r.name.get(lang).to_string(),
        categories: r.sheet.categories.iter().map(|c| r.sheet.values[*c].name.get(lang).to_string()).collect(),
        tie_breaks: r.sheet.tie_breaks.iter().map(|t| t.name.get(lang).to_string()).collect(),
        rows,
        notes: Vec::new(),
        warnings: Vec::new(),
        headline: None,
    };
    s.rank();
    s
}

pub fn score(
    r: &EndgameRules,
    paths: &[PathBuf],
    sources: &[Source],
    format: Format,
    detail: bool,
    lang: Lang,
) -> anyhow::Result<(Standings, Vec<String>)> {
    let sheets = load(r, paths, sources)?;
    let (per_sheet, game) = violations(r, &sheets);
    let count = per_sheet.iter().map(Vec::len).sum::<usize>() + game.len();
    if count > 0 {
        let report = words::impossible(r, &checked(&sheets, &per_sheet), &game, lang);
        return Err(Error::Reported { what: words::sheets_inputs(lang), count, report }.into());
    }
    let inputs: Vec<(&str, Vec<InputValue>)> =
        sheets.iter().map(|l| (l.sheet.player.as_str(), l.sheet.inputs(r))).collect();
    let table = standings(r, &inputs, lang);
    emit(&table.render_in(format, detail, None, lang))?;
    // The table, and the players in the order their sheets were named (for `--record`).
    Ok((table, sheets.iter().map(|l| l.sheet.player.clone()).collect()))
}

pub fn check(
    r: &EndgameRules,
    paths: &[PathBuf],
    sources: &[Source],
    format: CheckFormat,
    lang: Lang,
) -> anyhow::Result<i32> {
    let sheets = load(r, paths, sources)?;
    let (per_sheet, game) = violations(r, &sheets);
    let count = per_sheet.iter().map(Vec::len).sum::<usize>() + game.len();
    let text = match format {
        CheckFormat::Json => {
            let list: Vec<serde_json::Value> = sheets
                .iter()
                .zip(&per_sheet)
                .map(|(l, vs)| {
                    let e = eval::evaluate(&r.sheet, &l.sheet.inputs(r));
                    let vs: Vec<serde_json::Value> = vs
                        .iter()
                        .map(|v| {
                            let (line, column) = l.sheet.span_of(r, v.at).map_or((0, 0), |s| l.source.line_col(s.start));
                            let (message, fix) = (words::message(&r.sheet, v, lang), words::fix(&r.sheet, v, lang));
                            serde_json::json!({"rule": v.rule, "id": v.id, "message": message, "fix": fix, "line": line, "column": column})
                        })
                        .collect();
                    serde_json::json!({
                        "file": l.path.display().to_string(),
                        "player": l.sheet.player,
                        "score": e.total,
                        "categories": e.categories,
                        "violations": vs,
                    })
                })
                .collect();
            let game: Vec<serde_json::Value> = game
                .iter()
                .map(|g| {
                    let message = words::game_message(&r.sheet, g, lang);
                    serde_json::json!({"rule": g.rule, "message": message, "shares": g.shares})
                })
                .collect();
            serde_json::to_string_pretty(&serde_json::json!({"sheets": list, "game_violations": game}))? + "\n"
        }
        CheckFormat::Text => words::check_report(r, &checked(&sheets, &per_sheet), &game, lang),
    };
    emit(&text)?;
    Ok(if count == 0 { 0 } else { 1 })
}

/// Parse what a person typed for an input.
fn parse_answer(shape: Shape, text: &str) -> Result<InputValue, BadAnswer> {
    let text = text.trim();
    match shape {
        Shape::Number { .. } => {
            if text.is_empty() {
                return Err(BadAnswer::NeedNumber);
            }
            text.parse::<i64>().map(InputValue::Number).map_err(|e| match e.kind() {
                std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                    BadAnswer::TooLarge(text.to_string())
                }
                _ => BadAnswer::NotNumber(text.to_string()),
            })
        }
        Shape::List { .. } => {
            let items: Result<Vec<i64>, _> =
                text.split([' ', ',']).filter(|t| !t.is_empty()).map(str::parse::<i64>).collect();
            items.map(InputValue::List).map_err(|_| BadAnswer::NeedList)
        }
    }
}

pub fn enter(r: &EndgameRules, player: &str, output: &Path, answers: Option<&Path>, lang: Lang) -> anyhow::Result<i32> {
    let player = player.trim();
    if player.is_empty() {
        return Err(Error::Usage(crate::msg!("games.endgame.need_player")).into());
    }
    let mut sheet = if output.exists() {
        let source = crate::source::read_source(output)?;
        let sheet = sheet_file::parse(r, &source)?;
        if sheet.player != player {
            return Err(Error::Usage(crate::msg!(
                "games.endgame.other_player",
                path = output.display(),
                other = &sheet.player,
                player = player
            ))
            .into());
        }
        sheet
    } else {
        EndgameSheet::new(r, player)
    };
    let mut prompter = ui::prompter_for_in(answers, "enter", lang)?;
    let p = prompter.as_mut();
    let done = sheet.values.iter().filter(|v| v.is_some()).count();
    p.say(&words::entering(r, player, output, done, lang));
    write_atomic(output, &crate::text::sheet_file::write_endgame(r, &sheet, lang))?;
    for (i, input) in r.sheet.inputs.iter().enumerate() {
        if sheet.values[i].is_some() {
            continue;
        }
        let help = input.help.as_ref().map(|h| format!(" — {}", h.get(lang))).unwrap_or_default();
        let prompt = format!("{} [{}, {}]{help}", input.name.get(lang), input.id, words::range_text(input.shape, lang));
        let check = |text: &str| -> Result<InputValue, String> {
            let value = parse_answer(input.shape, text).map_err(|why| why.text(lang))?;
            let mut values = sheet.inputs(r);
            values[i] = value.clone();
            let mut given = sheet.given();
            given[i] = true;
            let problems: Vec<String> = eval::check_sheet(&r.sheet, &values, &given)
                .iter()
                .filter(|v| match v.at {
                    eval::At::Input(k) | eval::At::Item(k, _) => k == i,
                    eval::At::Limit(l) => r.sheet.limits[l].terms.iter().any(|(k, _)| *k == i),
                })
                .map(|v| words::message(&r.sheet, v, lang))
                .collect();
            if problems.is_empty() {
                Ok(value)
            } else {
                Err(problems.join("; "))
            }
        };
        let answer = p.input(&prompt, &|t| check(t).map(|_| ()))?;
        sheet.values[i] = Some(check(&answer).map_err(Error::said)?);
        write_atomic(output, &crate::text::sheet_file::write_endgame(r, &sheet, lang))?;
    }
    let inputs = sheet.inputs(r);
    let e = eval::evaluate(&r.sheet, &inputs);
    p.say(&words::entered(r, output, &e, lang));
    let problems = eval::check_sheet(&r.sheet, &inputs, &vec![true; inputs.len()]);
    if problems.is_empty() {
        Ok(0)
    } else {
        for v in &problems {
            p.say(&format!("  [{}] {}", v.rule, words::message(&r.sheet, v, lang)));
        }
        Ok(1)
    }
}

/// `deckhand calc GAME [CALC] [key=value...]`.
pub fn calc(r: &EndgameRules, calculator: Option<&str>, args: &[String], lang: Lang) -> anyhow::Result<i32> {
    if r.calculators.is_empty() {
        let msg = if r.nauticus.is_some() {
            crate::msg!("games.endgame.no_calculators_nauticus", id = &r.id)
        } else {
            crate::msg!("games.endgame.no_calculators", id = &r.id)
        };
        return Err(Error::Usage(msg).into());
    }
    let Some(id) = calculator else {
        emit(&format!("{}\n{}", words::calculators_of(r, lang), words::calculator_lines(r, lang)))?;
        return Ok(0);
    };
    // By its id, or in the table's words (`seestern`).
    let c = crate::names::the_one_named(&r.calculators, id, |c| &c.id, |c| &c.name)
        .map(|i| &r.calculators[i])
        .ok_or_else(|| Error::NoCalculator { rules: Box::new(r.clone()), id: id.to_string() })?;
    let id = c.id.as_str();
    let s: &Scoring = &c.scoring;
    let mut values: Vec<Option<InputValue>> = vec![None; s.inputs.len()];
    let mut given: Vec<Option<String>> = vec![None; s.inputs.len()];
    for arg in args {
        let Some((key, value)) = arg.split_once('=') else {
            return Err(Error::Usage(crate::msg!("games.endgame.key_value", arg = arg, key = &s.inputs[0].id)).into());
        };
        let i = crate::names::the_one_named(&s.inputs, key, |i| &i.id, |i| &i.name).ok_or_else(|| {
            let keys: Vec<String> = s.inputs.iter().map(|i| format!("{} ({})", i.id, i.name.get(lang))).collect();
            Error::Usage(crate::msg!(
                "games.endgame.not_input",
                key = key,
                id = &r.id,
                calc = id,
                list = keys.join(", ")
            ))
        })?;
        // The same input twice is a slip (which of the two was meant?), never the last one.
        if let Some(first) = &given[i] {
            let twice = crate::msg!("games.endgame.given_twice", key = key.trim(), a = first, b = value.trim());
            return Err(Error::Usage(twice).into());
        }
        let named = || words::input_named(&s.inputs[i], lang);
        let v = parse_answer(s.inputs[i].shape, value).map_err(|why| Error::CalcValue { key: named(), why })?;
        (values[i], given[i]) = (Some(v), Some(value.trim().to_string()));
    }
    let missing: Vec<String> = s
        .inputs
        .iter()
        .zip(&values)
        .filter(|(_, v)| v.is_none())
        .map(|(i, _)| format!("{}=… ({})", i.id, words::input_about(i, lang)))
        .collect();
    if !missing.is_empty() {
        return Err(Error::Usage(crate::msg!(
            "games.endgame.also_needs",
            id = &r.id,
            calc = id,
            list = missing.join(", ")
        ))
        .into());
    }
    let inputs: Vec<InputValue> = values.into_iter().flatten().collect();
    let problems = eval::check_sheet(s, &inputs, &vec![true; inputs.len()]);
    if !problems.is_empty() {
        return Err(Error::CalcLimits { scoring: Box::new(s.clone()), violations: problems }.into());
    }
    let e = eval::evaluate(s, &inputs);
    let mut out = format!("{} — {}\n", r.name.get(lang), c.name.get(lang));
    let w = s
        .inputs
        .iter()
        .map(|i| i.name.get(lang).chars().count())
        .chain(s.categories.iter().map(|v| s.values[*v].name.get(lang).chars().count()))
        .max()
        .unwrap_or(0);
    for (i, v) in s.inputs.iter().zip(&inputs) {
        let shown = match v {
            InputValue::Number(n) => n.to_string(),
            InputValue::List(l) => l.iter().map(i64::to_string).collect::<Vec<_>>().join(" "),
        };
        let _ = writeln!(out, "  {:<w$}  {shown}", i.name.get(lang));
    }
    for (v, value) in s.categories.iter().zip(&e.categories) {
        let _ = writeln!(out, "  {:<w$}  {value}   ({})", s.values[*v].name.get(lang), words::describe(s, *v, lang));
    }
    if let Some(h) = &c.help {
        let _ = writeln!(out, "{}", h.get(lang));
    }
    emit(&out)?;
    Ok(0)
}
