//! `deckhand enter`: type in a paper sheet section by section. The file is rewritten
//! (atomically) after every section, so an interrupted entry resumes where it stopped.

use std::path::Path;

use crate::games as rules;
use crate::games::fleet::sheet_file::{self, Only, Part};
use crate::games::fleet::{self, Sheet};
use crate::games::fleet::{ColumnBox, FleetRules, SectionKind};
use crate::games::yacht::YachtRules;
use crate::store::{files, write_atomic};
use crate::text::enter::{self as words, EnterRefusal, EnterSaid};
use crate::text::Lang;
use crate::ui::{Choice, Prompter};
use crate::{ui, Error};

#[derive(Debug, clap::Args)]
pub struct EnterArgs {
    /// Game id (see `deckhand games`)
    pub game: String,
    /// The player's name
    #[arg(long)]
    pub player: String,
    /// Sheet file to write (default: the player's name in this folder, e.g. ann.toml; an unfinished one is resumed)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub answers: crate::cli::args::Answers,
    /// Mark the sheet as a solo game against Captain Ruth
    #[arg(long)]
    pub solo: bool,
    #[command(flatten)]
    pub rules: crate::cli::args::RulesFile,
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("enter", "", "cli.help.enter.about"),
    ("enter", "game", "cli.help.game_id"),
    ("enter", "player", "cli.help.enter.player"),
    ("enter", "output", "cli.help.enter.output"),
    ("enter", "answers", "cli.help.answers"),
    ("enter", "solo", "cli.help.enter.solo"),
    ("enter", "rules", "cli.help.rules_file"),
];

pub fn run(args: EnterArgs, lang: Lang) -> anyhow::Result<i32> {
    let a = &args;
    // Without -o, the sheet is the player's own file here, as `play` and `scan` name them.
    let output =
        a.output.clone().unwrap_or_else(|| format!("{}.toml", crate::players::file_slug(a.player.trim())).into());
    enter(&a.game, &a.player, &output, a.answers.answers.as_deref(), a.solo, a.rules.rules.as_deref(), lang)
}

/// Type in a paper sheet into `output`, section by section.
fn enter(
    game: &str,
    player: &str,
    output: &Path,
    answers: Option<&Path>,
    solo: bool,
    rules_path: Option<&Path>,
    lang: Lang,
) -> anyhow::Result<i32> {
    let rules = rules::resolve(Some(game), rules_path)?;
    if !player.trim().is_empty() {
        // An empty name is refused below, in the words of each game's `enter`.
        crate::cli::saves::check_player_names(&[player.trim().to_string()]).map_err(Error::from)?;
    }
    // A sheet file of another game is not taken up (its keys would be called unknown).
    if output.exists() {
        let source = crate::source::read_source(output)?;
        if let Some(other) = sheet_file::peek_game(&source).filter(|g| g != rules.id()) {
            let (file, game) = (output.display(), rules.id());
            return Err(
                Error::Usage(crate::msg!("cli.enter.other_game", file = file, other = other, game = game)).into()
            );
        }
    }
    // One `enter` per sheet file at a time; the lock is held until the command ends.
    let _lock = files::SideLock::acquire(output)?;
    files::remove_stale_temps(output.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
    // `--solo` is Fleet's (against Captain Ruth); the Fischerspiel is refused below.
    if solo && rules.fleet().is_none() && rules.fischerspiel().is_none() {
        return Err(Error::Usage(crate::msg!("cli.enter.solo_fleet_only")).into());
    }
    if let Some(r) = rules.endgame() {
        return crate::cli::endgame::enter(r, player, output, answers, lang);
    }
    if let Some(y) = rules.yacht() {
        return five_dice(y, player, output, answers, lang);
    }
    let fleet_rules = rules.fleet().ok_or_else(|| {
        Error::Usage(match rules.fischerspiel() {
            Some(_) => crate::msg!("cli.enter.coop", game = rules.names(), id = rules.id()),
            // An engine with sheets `check` reads but no questions of its own.
            None => crate::msg!("cli.enter.no_enter", game = rules.names(), id = rules.id()),
        })
    })?;
    let player = player.trim();
    if player.is_empty() {
        return Err(Error::Usage(crate::msg!("cli.enter.player_needed")).into());
    }
    let (mut sheet, mut only) = if output.exists() {
        let source = sheet_file::read(output)?;
        let parsed = sheet_file::parse(fleet_rules, &source)?;
        if parsed.sheet.player != player {
            return Err(Error::Usage(crate::msg!(
                "cli.enter.other_player",
                file = output.display(),
                holder = &parsed.sheet.player,
                player = player
            ))
            .into());
        }
        let only = Only { marks: parsed.marks_given, fish: parsed.fish_given, bonus: parsed.bonus_given };
        (parsed.sheet, only)
    } else {
        let mut sheet = Sheet::blank(fleet_rules, player);
        sheet.solo = solo;
        (sheet, Only::default())
    };
    let mut prompter = ui::prompter_for_in(answers, "enter", lang)?;
    crate::cli::interrupt::set_note(&format!("\n{}\n", EnterSaid::Interrupted(output).text(lang)));
    let p = prompter.as_mut();
    if !only.marks.is_empty() {
        p.say(
            &EnterSaid::Resuming { file: output, entered: only.marks.len(), total: fleet_rules.sections.len() }
                .text(lang),
        );
    } else {
        p.say(&EnterSaid::Intro { player, game: &fleet_rules.name, file: output }.text(lang));
    }
    write_atomic(output, &crate::text::sheet_file::write_fleet(fleet_rules, &sheet, Some(&only), lang))?;

    // One part per question, in sheet order; `undo` at a question goes back one part
    // (the section before is asked again).
    let parts = sheet_file::parts(fleet_rules);
    let mut i = 0;
    while i < parts.len() {
        let part = parts[i];
        let done = match part {
            Part::Marks(s) => only.marks.contains(&s),
            Part::Fish(s) => only.fish.contains(&s),
            Part::Bonus => only.bonus,
        };
        if done {
            i += 1;
            continue;
        }
        let answered = match part {
            Part::Marks(s) => ask_marks(fleet_rules, &mut sheet, s, p, lang)?,
            Part::Fish(s) => ask_fish(fleet_rules, &mut sheet, s, p, lang)?,
            Part::Bonus => {
                if sheet.king_crab_license(fleet_rules) {
                    let mut choices: Vec<Choice> = fleet_rules
                        .king_crab_bonuses
                        .iter()
                        .map(|b| Choice::new(b.id.clone(), b.name.get(lang)))
                        .collect();
                    choices.push(Choice::command("undo", words::undo_answer(lang)));
                    let c = p.select(&words::bonus_question(lang), &choices)?;
                    if c < fleet_rules.king_crab_bonuses.len() {
                        sheet.king_crab_bonus = Some(c);
                        true
                    } else {
                        false
                    }
                } else {
                    true
                }
            }
        };
        if answered {
            match part {
                Part::Marks(s) => only.marks.insert(s),
                Part::Fish(s) => only.fish.insert(s),
                Part::Bonus => std::mem::replace(&mut only.bonus, true),
            };
            i += 1;
        } else {
            // Back to the last part that asked something, and forget its answer.
            let back = (0..i).rev().find(|j| match parts[*j] {
                Part::Marks(_) => true,
                Part::Fish(s) => sheet.fish[s].iter().any(|f| *f > 0) || launched(fleet_rules, &sheet, s) > 0,
                Part::Bonus => sheet.king_crab_license(fleet_rules),
            });
            match back {
                Some(j) => {
                    // It, and whatever came after it, are asked again.
                    for later in &parts[j..=i] {
                        match *later {
                            Part::Marks(s) => only.marks.remove(&s),
                            Part::Fish(s) => only.fish.remove(&s),
                            Part::Bonus => std::mem::replace(&mut only.bonus, false),
                        };
                    }
                    p.say(&EnterSaid::Undone(fleet_rules, parts[j]).text(lang));
                    i = j;
                }
                None => p.say(&EnterSaid::NothingToUndo.text(lang)),
            }
        }
        write_atomic(output, &crate::text::sheet_file::write_fleet(fleet_rules, &sheet, Some(&only), lang))?;
    }
    write_atomic(output, &crate::text::sheet_file::write_fleet(fleet_rules, &sheet, None, lang))?;

    let violations = fleet::check_sheet(fleet_rules, &sheet);
    let score = fleet::score(fleet_rules, &sheet);
    p.say(&EnterSaid::Saved { file: output, total: score.total }.text(lang));
    if violations.is_empty() {
        p.say(&EnterSaid::Follows.text(lang));
        Ok(0)
    } else {
        p.say(&EnterSaid::Violations { n: violations.len(), file: output }.text(lang));
        for v in &violations {
            let message = crate::text::fleet_check::message(fleet_rules, v, lang);
            p.say(&format!("  {} [{}] {}", v.box_id(), v.rule.id(), message));
        }
        Ok(1)
    }
}

/// The launched boats of a section.
fn launched(rules: &FleetRules, sheet: &Sheet, s: usize) -> usize {
    crate::games::fleet::sheet::boat_slots_of(rules, s).iter().filter(|b| sheet.is_launched(b)).count()
}

/// `undo`, or its word in the table's language (`zurück`, `annuler`).
fn is_undo(text: &str, lang: Lang) -> bool {
    crate::text::table::command(text, lang) == Some(crate::games::table::Command::Undo)
}

/// How many license and boat circles of a boat type's column are marked: (L, B, ?).
fn circles_marked(rules: &FleetRules, sheet: &Sheet, t: usize) -> (usize, usize, usize) {
    let col = rules.section_of(SectionKind::Column(t));
    let mut n = (0, 0, 0);
    for (kind, mark) in rules.boat_types[t].column.iter().zip(&sheet.boxes[col]) {
        if *mark != fleet::Mark::Marked {
            continue;
        }
        match kind {
            ColumnBox::License => n.0 += 1,
            ColumnBox::Boat => n.1 += 1,
            ColumnBox::Choice => n.2 += 1,
            ColumnBox::Plain => {}
        }
    }
    n
}

/// What the marks of a section cannot be, given the sections before it: more licenses or
/// boats of a boat type than its column's circles give.
fn across_sections<'r>(rules: &'r FleetRules, sheet: &Sheet, s: usize, marked: usize) -> Result<(), EnterRefusal<'r>> {
    match rules.sections[s].kind {
        SectionKind::Licenses(t) => {
            let (l, _, either) = circles_marked(rules, sheet, t);
            if marked > l + either {
                let boat = &rules.boat_types[t].name;
                return Err(EnterRefusal::TooManyLicenses { licenses: marked, circles: l + either, boat });
            }
        }
        SectionKind::Boats(t) => {
            let (l, b, either) = circles_marked(rules, sheet, t);
            let licenses = sheet.marked_count(rules.section_of(SectionKind::Licenses(t)));
            // A ? circle gave a license where the L circles do not account for it.
            let left = either.saturating_sub(licenses.saturating_sub(l));
            if marked > b + left {
                let boat = &rules.boat_types[t].name;
                return Err(EnterRefusal::TooManyBoats { boats: marked, circles: b + left, boat });
            }
        }
        _ => {}
    }
    Ok(())
}

fn ask_marks(rules: &FleetRules, sheet: &mut Sheet, s: usize, p: &mut dyn Prompter, lang: Lang) -> Result<bool, Error> {
    let len = rules.sections[s].len;
    let prompt = words::marks_question(rules, s, lang);
    let refusal = |text: &str| -> Result<(), EnterRefusal<'_>> {
        let text = text.trim();
        if is_undo(text, lang) {
            return Ok(());
        }
        if let Ok(n) = text.parse::<usize>() {
            return if n <= len {
                across_sections(rules, sheet, s, n)
            } else {
                Err(EnterRefusal::SectionBoxes { boxes: len })
            };
        }
        match sheet_file::parse_marks(text) {
            Err(c) => Err(EnterRefusal::NotAMark(c)),
            Ok(m) if m.len() > len => Err(EnterRefusal::TooManyMarks { marks: m.len(), boxes: len }),
            Ok(m) => across_sections(rules, sheet, s, m.iter().filter(|m| **m == fleet::Mark::Marked).count()),
        }
    };
    let validate = |text: &str| refusal(text).map_err(|r| r.text(lang));
    let answer = p.input(&prompt, &validate)?;
    let answer = answer.trim();
    if is_undo(answer, lang) {
        return Ok(false);
    }
    let marks = match answer.parse::<usize>() {
        Ok(n) => vec![fleet::Mark::Marked; n],
        Err(_) => sheet_file::parse_marks(answer).expect("validated"),
    };
    sheet.boxes[s].fill(fleet::Mark::Empty);
    sheet.boxes[s][..marks.len()].copy_from_slice(&marks);
    Ok(true)
}

fn ask_fish(rules: &FleetRules, sheet: &mut Sheet, s: usize, p: &mut dyn Prompter, lang: Lang) -> Result<bool, Error> {
    let slots = crate::games::fleet::sheet::boat_slots_of(rules, s);
    let boats: Vec<_> = slots.iter().filter(|b| sheet.is_launched(b)).collect();
    if boats.is_empty() {
        return Ok(true);
    }
    let prompt = words::fish_question(rules, s, boats.len(), lang);
    let parse = |text: &str| -> Result<Vec<u32>, EnterRefusal<'static>> {
        let nums: Result<Vec<u32>, _> =
            text.split([' ', ',']).filter(|t| !t.is_empty()).map(str::parse::<u32>).collect();
        let nums = nums.map_err(|_| EnterRefusal::WholeNumbers)?;
        if nums.len() > boats.len() {
            return Err(EnterRefusal::TooManyNumbers { numbers: nums.len(), boats: boats.len() });
        }
        for (i, (n, boat)) in nums.iter().zip(&boats).enumerate() {
            let capacity = sheet.capacity(rules, boat);
            if *n > capacity {
                return Err(EnterRefusal::OverCapacity { boat: i + 1, fish: *n, capacity });
            }
        }
        Ok(nums)
    };
    let answer =
        p.input(&prompt, &|t| if is_undo(t, lang) { Ok(()) } else { parse(t).map(|_| ()).map_err(|r| r.text(lang)) })?;
    if is_undo(&answer, lang) {
        return Ok(false);
    }
    let nums = parse(&answer).expect("validated");
    let mut fish = vec![0; sheet.fish[s].len()];
    for (n, boat) in nums.iter().zip(&boats) {
        fish[boat.slot] = *n;
    }
    sheet.fish[s].copy_from_slice(&fish);
    Ok(true)
}

/// `enter` of a five-dice sheet: the rules it was played by (where the game has options),
/// each box's points (a value no roll scores there is refused with those it can hold), then
/// the extra bonuses written; the file is saved after every answer, so an unfinished one is
/// taken up again at its first empty box. Then the sheet is checked and scored.
fn five_dice(y: &YachtRules, player: &str, output: &Path, answers: Option<&Path>, lang: Lang) -> anyhow::Result<i32> {
    use crate::games::yacht::{check, parse_sheet, score_sheet, write_sheet, Entry as Written, Sheet};
    let player = player.trim();
    if player.is_empty() {
        return Err(Error::Usage(crate::msg!("cli.enter.player_needed")).into());
    }
    let existing = match output.exists() {
        true => Some(parse_sheet(y, &crate::source::read_source(output)?)?),
        false => None,
    };
    if let Some(f) = existing.as_ref().filter(|f| f.sheet.player != player) {
        let (file, holder) = (output.display(), &f.sheet.player);
        return Err(
            Error::Usage(crate::msg!("cli.enter.other_player", file = file, holder = holder, player = player)).into()
        );
    }
    let mut prompter = ui::prompter_for_in(answers, "enter", lang)?;
    crate::cli::interrupt::set_note(&format!("\n{}\n", EnterSaid::Interrupted(output).text(lang)));
    let p = prompter.as_mut();
    let (ruleset, mut sheet) = match existing {
        Some(f) => {
            let (n, total) = (f.sheet.boxes.iter().flatten().count(), f.ruleset.boxes.len());
            p.say(&crate::t!(lang, "cli.enter.five_resuming", file = output.display(), n = n, total = total));
            (f.ruleset, f.sheet)
        }
        None => {
            p.say(&crate::t!(
                lang,
                "cli.enter.five_intro",
                player = player,
                game = y.name.get(lang),
                file = output.display()
            ));
            let mut chosen = Vec::new();
            if !y.options.is_empty() {
                let mut choices =
                    vec![Choice::new("default", crate::t!(lang, "cli.enter.five_default")).usual_if(true)];
                choices.extend(y.options.iter().map(|o| Choice::new(o.id.clone(), o.name.get(lang))));
                let c = p.select(&crate::t!(lang, "cli.enter.five_rules"), &choices)?;
                chosen.extend(c.checked_sub(1).map(|o| y.options[o].id.clone()));
            }
            let ruleset = y.ruleset(&chosen).map_err(|e| Error::Usage(e.message()))?;
            let sheet = Sheet::new(&ruleset, player);
            (ruleset, sheet)
        }
    };
    let save = |sheet: &Sheet| write_atomic(output, &write_sheet(&y.id, &ruleset, sheet));
    save(&sheet)?;
    for i in 0..ruleset.boxes.len() {
        if sheet.boxes[i].is_some() {
            continue;
        }
        let (category, possible) = (&ruleset.boxes[i], ruleset.possible(i));
        let check = |text: &str| -> Result<Option<i64>, String> {
            let typed = text.trim();
            if typed.is_empty() {
                return Ok(None);
            }
            let escaped = crate::text::escape_controls(typed);
            let n: i64 = typed.parse().map_err(|_| crate::t!(lang, "cli.enter.five_not_points", typed = escaped))?;
            match possible.contains(&n) {
                true => Ok(Some(n)),
                false => Err(crate::t!(
                    lang,
                    "games.yacht.check.impossible",
                    name = category.name.get(lang),
                    points = n,
                    possible = compact(&possible)
                )),
            }
        };
        let prompt = format!("{} ({}: {})", category.name.get(lang), category.id, compact(&possible));
        let answer = p.input(&prompt, &|t| check(t).map(|_| ()))?;
        let points = check(&answer).map_err(Error::said)?;
        sheet.boxes[i] = points.map(|points| Written { points, dice: None, turn: None });
        save(&sheet)?;
    }
    // The extra bonuses, where the sheet can have earned any.
    let most = ruleset.extra_bonus * (ruleset.boxes.len() as i64 - 1);
    if ruleset.extra_bonus > 0 && sheet.five_points(&ruleset) && sheet.extra_claim.is_none() {
        let bonus = ruleset.extra_bonus;
        let check = |text: &str| -> Result<i64, String> {
            let typed = text.trim();
            let n = if typed.is_empty() { Some(0) } else { typed.parse::<i64>().ok() };
            n.filter(|n| (0..=most).contains(n) && n % bonus == 0).ok_or_else(|| {
                let typed = crate::text::escape_controls(typed);
                crate::t!(lang, "cli.enter.five_extra_bad", typed = typed, bonus = bonus, most = most)
            })
        };
        let prompt = crate::t!(lang, "cli.enter.five_extra", bonus = bonus);
        let answer = p.input(&prompt, &|t| check(t).map(|_| ()))?;
        sheet.extra_claim = Some(check(&answer).map_err(Error::said)?);
        save(&sheet)?;
    }
    let total = score_sheet(&ruleset, &sheet).total;
    p.say(&crate::t!(lang, "cli.enter.saved", file = output.display(), total = total));
    let violations = check(&ruleset, &sheet);
    if violations.is_empty() {
        p.say(&EnterSaid::Follows.text(lang));
        return Ok(0);
    }
    p.say(&EnterSaid::Violations { n: violations.len(), file: output }.text(lang));
    for v in &violations {
        p.say(&format!("  {} [{}] {}", v.place(&ruleset), v.rule(), v.message(&ruleset).text(lang)));
    }
    Ok(1)
}

/// Points a box can hold, runs of three or more written as a range (`0, 5–30`).
fn compact(points: &std::collections::BTreeSet<i64>) -> String {
    let mut runs: Vec<(i64, i64)> = Vec::new();
    for &n in points {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == n => *end = n,
            _ => runs.push((n, n)),
        }
    }
    let mut out = Vec::new();
    for (start, end) in runs {
        match end - start {
            0 => out.push(start.to_string()),
            1 => out.extend([start.to_string(), end.to_string()]),
            _ => out.push(format!("{start}–{end}")),
        }
    }
    out.join(", ")
}
