//! `deckhand score` and `deckhand check`: load the sheets of one game and report.

use std::path::{Path, PathBuf};

use anyhow::Context;

use super::args::CheckFormat;
use super::emit;
use super::plays::{self, PaperArgs};
use crate::games::fleet::sheet_file;
use crate::games::fleet::{self, Sheet, Violation};
use crate::games::paper::{Paper, Sheets as PaperSheets, Unread as PaperUnread};
use crate::games::RulesError;
use crate::games::{self as rules, FleetRules, Rules, Source};
use crate::report::{DetailItem, Format, Row, Standings};
use crate::text::fleet_score as score_text;
use crate::text::Lang;
use crate::Error;

/// The sheets of one game, with the rules they are read against.
pub struct Loaded {
    pub rules: Rules,
    pub sheets: Vec<(PathBuf, Sheet)>,
}

/// Split `[GAME] SHEET...`: a first word that names a game and is not a file is the game.
fn split_game(args: &[String]) -> (Option<String>, Vec<PathBuf>) {
    match args.split_first() {
        Some((first, rest)) if !Path::new(first).exists() && rules::BUILT_IN.iter().any(|(id, _)| id == first) => {
            (Some(first.clone()), rest.iter().map(PathBuf::from).collect())
        }
        _ => (None, args.iter().map(PathBuf::from).collect()),
    }
}

/// The rules and the sheet files named by `[GAME] SHEET...` (or `--rules FILE`).
pub fn resolve(
    args: &[String],
    rules_path: Option<&Path>,
    lang: Lang,
) -> anyhow::Result<(Rules, Vec<PathBuf>, Vec<Source>)> {
    let (game, paths) = split_game(args);
    // A game named and nothing after it (`score yacht`): the sheets are missing.
    if let (Some(id), true) = (&game, paths.is_empty()) {
        return Err(Error::Usage(crate::msg!("cli.sheets.game_alone", id = id)).into());
    }
    let sources: Vec<Source> = paths.iter().map(|p| sheet_file::read(p)).collect::<Result<_, _>>()?;
    // A saved game given for a sheet (`score game.jsonl`): say what it is and what shows it
    // (Fleet's table is `replay`'s; another game's, its own `resume`'s).
    let header = |s: &Source| {
        let first = serde_json::from_str(s.text.lines().next()?).ok()?;
        crate::store::save::Header::from_json(first).ok()
    };
    if let Some((path, head)) = paths.iter().zip(&sources).find_map(|(p, s)| Some((p, header(s)?))) {
        let command = match head.setup.engine == <fleet::session::Session as crate::games::live::LiveGame>::ENGINE {
            true => crate::invocation::replay(path),
            false => crate::invocation::resume(path),
        };
        return Err(Error::Usage(crate::msg!("cli.sheets.is_save", file = path.display(), command = command)).into());
    }
    let from_sheets = game.is_none() && rules_path.is_none();
    let game = match game {
        Some(g) => Some(g),
        None if rules_path.is_some() => None,
        None => {
            let games: Vec<(String, &Source)> =
                sources.iter().filter_map(|s| sheet_file::peek_game(s).map(|g| (g, s))).collect();
            if let Some((g, _)) = games.first() {
                if let Some((other, src)) = games.iter().find(|(o, _)| o != g) {
                    return Err(Error::Usage(crate::msg!(
                        "cli.sheets.mixed_games",
                        file = &src.name,
                        other = other,
                        first = &games[0].1.name,
                        game = g
                    ))
                    .into());
                }
            }
            match games.into_iter().next() {
                Some((g, _)) => Some(g),
                None => {
                    // A sheet that is not TOML at all cannot say its game: show why.
                    let broken: Vec<Error> = sources
                        .iter()
                        .filter_map(|s| {
                            crate::source::de::check_syntax(&s.text).err().map(|e| Error::Reported {
                                what: s.name.text(lang),
                                count: 1,
                                report: crate::text::diag::render(s, &e.diagnostic(), lang),
                            })
                        })
                        .collect();
                    if let Some(e) = Error::of_files(broken, |n| crate::msg!("cli.sheets.sheet_files", n = n)) {
                        return Err(e.into());
                    }
                    return Err(Error::Usage(crate::msg!("cli.sheets.no_game")).into());
                }
            }
        }
    };
    let rules = match rules::resolve(game.as_deref(), rules_path) {
        Err(RulesError::UnknownGame { id, known }) if from_sheets => {
            // Point at the `game = "…"` of the first sheet that names it.
            let source = sources
                .iter()
                .find(|s| sheet_file::peek_game(s).as_deref() == Some(id.as_str()))
                .expect("a sheet named it");
            let near = crate::source::closest(&id, &known.split(", ").collect::<Vec<_>>());
            let diag = crate::source::Diagnostic::new(
                crate::msg!("cli.sheets.unknown_game", id = id),
                crate::source::value_span(&source.text, None, "game"),
            )
            .help(match near {
                Some(near) => crate::msg!("cli.sheets.unknown_game_help_near", near = near, known = known),
                None => crate::msg!("cli.sheets.unknown_game_help", known = known),
            });
            return Err(Error::input(source, vec![diag]).into());
        }
        other => other?,
    };
    if let Some(f) = rules.fischerspiel() {
        return Err(Error::Usage(crate::msg!("cli.sheets.coop", game = &f.name, id = &f.id)).into());
    }
    // A sheet of another game than the one named (`score yacht fleet.toml`): said as such,
    // not as the other game's keys unknown here.
    let other = sources.iter().find_map(|s| Some((s, sheet_file::peek_game(s).filter(|g| g != rules.id())?)));
    if let Some((source, other)) = other {
        let (file, game) = (source.name.text(lang), rules.id());
        return Err(Error::Usage(crate::msg!("cli.sheets.other_game", file = file, other = other, game = game)).into());
    }
    Ok((rules, paths, sources))
}

fn load_fleet(rules: Rules, paths: Vec<PathBuf>, sources: Vec<Source>, lang: Lang) -> anyhow::Result<Loaded> {
    let fleet_rules = rules.fleet().context("this command supports Fleet sheets")?;
    let mut sheets = Vec::new();
    let mut errors = Vec::new();
    for (path, source) in paths.iter().zip(&sources) {
        match sheet_file::parse(fleet_rules, source) {
            Ok(parsed) => sheets.push((path.clone(), parsed.sheet)),
            Err(e) => errors.push(Error::Input(e)),
        }
    }
    if let Some(e) = Error::of_files(errors, |n| crate::msg!("cli.sheets.sheet_files", n = n)) {
        return Err(e.into());
    }
    let solo: Vec<&str> = sheets.iter().filter(|(_, s)| s.solo).map(|(_, s)| s.player.as_str()).collect();
    rules.check_table(sheets.len(), &solo).map_err(Error::from)?;
    if let Some(note) = rules.alone(sheets.len(), !solo.is_empty()) {
        super::say(&note.text(lang));
    }
    let mut seen = std::collections::HashSet::new();
    for (path, sheet) in &sheets {
        if !seen.insert(sheet.player.clone()) {
            return Err(Error::Usage(crate::msg!(
                "cli.sheets.same_player",
                file = path.display(),
                player = &sheet.player
            ))
            .into());
        }
    }
    Ok(Loaded { rules, sheets })
}

/// Standings of a Fleet game from its sheets. `violations` per sheet flag a row.
pub fn fleet_standings(rules: &FleetRules, sheets: &[&Sheet], violations: &[usize], lang: Lang) -> Standings {
    let rows = sheets
        .iter()
        .zip(violations)
        .map(|(sheet, v)| {
            let s = fleet::score(rules, sheet);
            let detail = s
                .detail
                .iter()
                .map(|items| {
                    let item = |i| DetailItem {
                        what: crate::text::fleet_score::item_name(rules, i, lang),
                        points: i64::from(i.vp),
                    };
                    items.iter().map(item).collect()
                })
                .collect();
            let mut row = Row::new(
                sheet.player.clone(),
                s.categories().iter().map(|v| i64::from(*v)).collect(),
                vec![i64::from(sheet.total_fish())],
                detail,
            );
            row.flagged = *v > 0;
            row
        })
        .collect();
    let mut standings = Standings {
        game: rules.name.get(lang).to_string(),
        categories: rules.categories.iter().map(|(_, n)| n.get(lang).to_string()).collect(),
        tie_breaks: vec![score_text::most_fish(lang)],
        rows,
        notes: Vec::new(),
        warnings: Vec::new(),
        headline: None,
    };
    standings.rank();
    // A solo game's sheet: its rating against Captain Ruth rather than a winner.
    if let ([sheet], [row]) = (sheets, standings.rows.as_slice()) {
        if sheet.solo {
            let total = row.total.max(0) as u32;
            standings.headline = Some(score_text::solo_rating(rules, total, lang));
        }
    }
    for (sheet, v) in sheets.iter().zip(violations) {
        if *v > 0 {
            standings.warnings.push(score_text::flagged(&sheet.player, *v, lang));
        }
    }
    standings
}

pub fn score(
    args: &[String],
    rules_path: Option<&Path>,
    format: Format,
    detail: bool,
    history: &PaperArgs,
    lang: Lang,
) -> anyhow::Result<i32> {
    if let Some(date) = history.date.as_deref() {
        plays::parse_date(date)?;
    }
    let (rules, paths, sources) = resolve(args, rules_path, lang)?;
    // The sheet files' bytes tell a game already recorded (only kept to record).
    let texts: Vec<Vec<u8>> =
        if history.record { sources.iter().map(|s| s.text.as_bytes().to_vec()).collect() } else { Vec::new() };
    let texts: Vec<&[u8]> = texts.iter().map(Vec::as_slice).collect();
    if rules.game.compiled().paper().is_none() {
        if let Some(r) = rules.endgame() {
            rules.check_table(paths.len(), &[]).map_err(Error::from)?;
            if let Some(note) = rules.alone(paths.len(), false) {
                super::say(&note.text(lang));
            }
            let (standings, seats) = super::endgame::score(r, &paths, &sources, format, detail, lang)?;
            if history.record {
                let ids: Vec<String> = r.sheet.categories.iter().map(|c| r.sheet.values[*c].id.clone()).collect();
                let play = plays::paper_play(&rules, &standings, &seats, &ids, &texts, history)?;
                plays::record_paper(history, play, lang)?;
            }
            return Ok(0);
        }
    }
    let (standings, seats, ids) = table(&rules, paths, sources, lang)?;
    if format == Format::Csv {
        for w in &standings.warnings {
            super::say(&crate::text::table::Note::Warning(w).text(lang));
        }
    }
    emit(&standings.render_in(format, detail, None, lang))?;
    if history.record {
        let play = plays::paper_play(&rules, &standings, &seats, &ids, &texts, history)?;
        plays::record_paper(history, play, lang)?;
    }
    Ok(0)
}

/// The final table of a Fleet game's or a described game's sheet files, with the players
/// in the files' order and the categories' ids (the history records them).
fn table(
    rules: &Rules,
    paths: Vec<PathBuf>,
    sources: Vec<Source>,
    lang: Lang,
) -> anyhow::Result<(Standings, Vec<String>, Vec<String>)> {
    if let Some(paper) = rules.game.compiled().paper() {
        return paper_standings(rules, paper, &paths, &sources, lang);
    }
    let loaded = load_fleet(rules.clone(), paths, sources, lang)?;
    let rules = loaded.rules.fleet().expect("load() only returns Fleet rules");
    let sheets: Vec<Sheet> = loaded.sheets.into_iter().map(|(_, s)| s).collect();
    let violations = fleet::check_game(rules, &sheets);
    let counts = fleet::per_sheet(&sheets, &violations);
    let refs: Vec<&Sheet> = sheets.iter().collect();
    let standings = fleet_standings(rules, &refs, &counts, lang);
    let seats: Vec<String> = sheets.iter().map(|s| s.player.clone()).collect();
    let ids: Vec<String> = rules.categories.iter().map(|(id, _)| id.clone()).collect();
    Ok((standings, seats, ids))
}

/// Record the game of these sheet files (a Fleet or a described game's) in the history, as
/// `score --record` does, without printing its table: a game played on paper under
/// `play --serve --paper`, begun at `started` (its duration up to now).
#[cfg(feature = "paper")]
pub fn record_sheets(
    files: &[String],
    rules_path: Option<&Path>,
    history: &PaperArgs,
    started: i64,
    lang: Lang,
) -> anyhow::Result<()> {
    let (rules, paths, sources) = resolve(files, rules_path, lang)?;
    let texts: Vec<Vec<u8>> = sources.iter().map(|s| s.text.as_bytes().to_vec()).collect();
    let texts: Vec<&[u8]> = texts.iter().map(Vec::as_slice).collect();
    let (standings, seats, ids) = table(&rules, paths, sources, lang)?;
    let play = plays::paper_play(&rules, &standings, &seats, &ids, &texts, history)?;
    let offset = crate::history::clock::local_offset(started);
    let play = crate::history::PlayRecord {
        started_at: Some(started),
        utc_offset: offset,
        night: crate::history::Date::night_of(started, offset),
        duration_s: Some((crate::history::clock::now() - started).clamp(0, i64::from(u32::MAX)) as u32),
        ..play
    };
    Ok(plays::record_paper(history, play, lang)?)
}

pub fn check(args: &[String], rules_path: Option<&Path>, format: CheckFormat, lang: Lang) -> anyhow::Result<i32> {
    let (rules, paths, sources) = resolve(args, rules_path, lang)?;
    if let Some(paper) = rules.game.compiled().paper() {
        return paper_check(&rules, paper, &paths, &sources, format, lang);
    }
    if let Some(r) = rules.endgame() {
        rules.check_table(paths.len(), &[]).map_err(Error::from)?;
        if let Some(note) = rules.alone(paths.len(), false) {
            super::say(&note.text(lang));
        }
        return super::endgame::check(r, &paths, &sources, format, lang);
    }
    let loaded = load_fleet(rules, paths, sources, lang)?;
    let rules = loaded.rules.fleet().expect("load() only returns Fleet rules");
    let sheets: Vec<Sheet> = loaded.sheets.iter().map(|(_, s)| s.clone()).collect();
    let violations = fleet::check_game(rules, &sheets);
    let text = match format {
        CheckFormat::Json => {
            let report: Vec<serde_json::Value> = loaded
                .sheets
                .iter()
                .map(|(path, sheet)| {
                    let score = fleet::score(rules, sheet);
                    serde_json::json!({
                        "file": path.display().to_string(),
                        "player": sheet.player,
                        "score": score.total,
                        "violations": violations
                            .iter()
                            .filter(|v| v.player == sheet.player)
                            .map(|v| violation_json(rules, v, lang))
                            .collect::<Vec<_>>(),
                    })
                })
                .collect();
            serde_json::to_string_pretty(&report)? + "\n"
        }
        CheckFormat::Text => crate::text::fleet_check::report(rules, &loaded.sheets, &violations, lang),
    };
    emit(&text)?;
    Ok(if violations.is_empty() { 0 } else { 1 })
}

/// A violation for `check --format json`: the stable codes (rule id, every box id) and the
/// message and fix in the language.
fn violation_json(rules: &FleetRules, v: &Violation, lang: Lang) -> serde_json::Value {
    serde_json::json!({
        "player": v.player,
        "box_id": v.box_id(),
        "boxes": v.boxes,
        "rule": v.rule,
        "message": crate::text::fleet_check::message(rules, v, lang),
        "fix": crate::text::fleet_check::fix(rules, v, lang),
    })
}

/// The sheets of a game that describes them (`games::paper`), read as one game's: every
/// problem of every file at once; more sheets than players refused; one sheet of a game of
/// several scored alone with a note.
fn paper_sheets(
    rules: &Rules,
    paper: &dyn Paper,
    paths: &[PathBuf],
    sources: &[Source],
    lang: Lang,
) -> anyhow::Result<Box<dyn PaperSheets>> {
    let files: Vec<(String, Source)> =
        paths.iter().zip(sources).map(|(p, s)| (p.display().to_string(), s.clone())).collect();
    let sheets = paper.read(&files).map_err(|why| match why {
        PaperUnread::Files(each) => {
            let errors: Vec<Error> = each.into_iter().map(Error::Input).collect();
            Error::of_files(errors, |n| crate::msg!("cli.sheets.sheet_files", n = n))
                .unwrap_or_else(|| Error::Usage(crate::msg!("cli.sheets.sheet_files", n = 0)))
        }
        PaperUnread::Together(m) => Error::Usage(m),
    })?;
    rules.check_table(paths.len(), &[]).map_err(Error::from)?;
    let (min, _) = rules.players();
    if let Some(note) = rules.alone(paths.len(), paths.len() == 1 && min == 1) {
        super::say(&note.text(lang));
    }
    Ok(sheets)
}

/// The final table of a described game's sheets: its categories with the boxes behind
/// each as the detail, ranked by total then its tie-breaks, a sheet that breaks a rule
/// flagged; with the players and the categories' ids (the history records them).
fn paper_standings(
    rules: &Rules,
    paper: &dyn Paper,
    paths: &[PathBuf],
    sources: &[Source],
    lang: Lang,
) -> anyhow::Result<(Standings, Vec<String>, Vec<String>)> {
    let sheets = paper_sheets(rules, paper, paths, sources, lang)?;
    let standings = standings_of(rules, sheets.as_ref(), lang);
    let ids = sheets.categories().into_iter().map(|(id, _)| id).collect();
    Ok((standings, sheets.players(), ids))
}

/// The final table of a described game's sheets read (`paper_standings`; the paper desk's
/// five-dice table too).
pub(crate) fn standings_of(rules: &Rules, sheets: &dyn PaperSheets, lang: Lang) -> Standings {
    let players = sheets.players();
    let categories = sheets.categories();
    let rows = (0..players.len())
        .map(|i| {
            let scored = sheets.scored(i);
            let detail = scored
                .detail
                .iter()
                .map(|items| {
                    items
                        .iter()
                        .map(|(what, points)| DetailItem { what: what.get(lang).to_string(), points: *points })
                        .collect()
                })
                .collect();
            let mut row = Row::new(players[i].clone(), scored.values, scored.tie, detail);
            row.flagged = !sheets.violations(i).is_empty();
            row
        })
        .collect();
    let mut standings = Standings {
        game: rules.names().get(lang).to_string(),
        categories: categories.iter().map(|(_, m)| m.text(lang)).collect(),
        tie_breaks: sheets.tie_breaks().iter().map(|m| m.text(lang)).collect(),
        rows,
        notes: Vec::new(),
        warnings: Vec::new(),
        headline: None,
    };
    standings.rank();
    for (i, player) in players.iter().enumerate() {
        let n = sheets.violations(i).len();
        if n > 0 {
            standings.warnings.push(score_text::flagged(player, n, lang));
        }
    }
    standings
}

/// `check` of a described game's sheets: every violation of every sheet at its place in
/// its file; exit 1 when any is found.
fn paper_check(
    rules: &Rules,
    paper: &dyn Paper,
    paths: &[PathBuf],
    sources: &[Source],
    format: CheckFormat,
    lang: Lang,
) -> anyhow::Result<i32> {
    let sheets = paper_sheets(rules, paper, paths, sources, lang)?;
    let players = sheets.players();
    let violations: Vec<_> = (0..players.len()).map(|i| sheets.violations(i)).collect();
    let count: usize = violations.iter().map(Vec::len).sum();
    let text = match format {
        CheckFormat::Json => {
            let report: Vec<serde_json::Value> = (0..players.len())
                .map(|i| {
                    let each: Vec<serde_json::Value> = violations[i]
                        .iter()
                        .map(|v| {
                            let (line, column) = v.span.as_ref().map_or((0, 0), |s| sources[i].line_col(s.start));
                            serde_json::json!({
                                "box_id": v.place,
                                "rule": v.rule,
                                "message": v.message.text(lang),
                                "line": line,
                                "column": column,
                            })
                        })
                        .collect();
                    serde_json::json!({
                        "file": paths[i].display().to_string(),
                        "player": players[i],
                        "score": sheets.scored(i).total,
                        "violations": each,
                    })
                })
                .collect();
            serde_json::to_string_pretty(&report)? + "\n"
        }
        CheckFormat::Text => {
            let mut lines: Vec<String> = Vec::new();
            for i in 0..players.len() {
                let file = paths[i].display().to_string();
                lines.extend(sheets.report(i, &file, &sources[i]).iter().map(|m| m.text(lang)));
            }
            let broken = violations.iter().filter(|v| !v.is_empty()).count();
            lines.push(if count == 0 {
                crate::t!(lang, "cli.sheets.all_clean", n = players.len())
            } else {
                format!(
                    "{} {}",
                    crate::t!(lang, "cli.sheets.broken", n = broken, total = players.len()),
                    crate::t!(lang, "cli.sheets.in_all", n = count)
                )
            });
            lines.join("\n") + "\n"
        }
    };
    emit(&text)?;
    Ok(if count == 0 { 0 } else { 1 })
}
