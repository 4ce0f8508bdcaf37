//! `deckhand enter`: type in a paper sheet section by section. The file is rewritten
//! (atomically) after every section, so an interrupted entry resumes where it stopped.

use std::path::Path;

use crate::games as rules;
use crate::games::fleet::sheet_file::{self, Only};
use crate::games::fleet::{self, Sheet};
use crate::games::fleet::{FleetRules, HarborEffect, SectionKind};
use crate::log::{files, write_atomic};
use crate::ui::{Choice, Prompter};
use crate::{ui, Error};

#[derive(Debug, clap::Args)]
pub struct EnterArgs {
    /// Game id (see `deckhand games`)
    pub game: String,
    /// The player's name
    #[arg(long)]
    pub player: String,
    /// Sheet file to write (an unfinished one is resumed)
    #[arg(short, long, value_name = "FILE")]
    pub output: std::path::PathBuf,
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

pub fn run(args: EnterArgs, lang: &'static str) -> anyhow::Result<i32> {
    let a = &args;
    enter(&a.game, &a.player, &a.output, a.answers.answers.as_deref(), a.solo, a.rules.rules.as_deref(), lang)
}

/// Type in a paper sheet into `output`, section by section.
fn enter(
    game: &str,
    player: &str,
    output: &Path,
    answers: Option<&Path>,
    solo: bool,
    rules_path: Option<&Path>,
    lang: &'static str,
) -> anyhow::Result<i32> {
    let rules = rules::resolve(Some(game), rules_path)?;
    if !player.trim().is_empty() {
        // An empty name is refused below, in the words of each game's `enter`.
        crate::cli::saves::check_player_names(&[player.trim().to_string()], lang).map_err(Error::said)?;
    }
    // One `enter` per sheet file at a time; the lock is held until the command ends.
    let _lock = files::SideLock::acquire(output)?;
    files::remove_stale_temps(output.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
    if let Some(r) = rules.endgame() {
        if solo {
            return Err(Error::Usage(crate::msg!("cli.enter.solo_fleet_only")).into());
        }
        return crate::cli::endgame::enter(r, player, output, answers, lang);
    }
    let fleet_rules = rules
        .fleet()
        .ok_or_else(|| Error::Usage(crate::msg!("cli.enter.coop", game = rules.names(), id = rules.id())))?;
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
    crate::cli::interrupt::set_note(&format!(
        "\n{}\n",
        crate::t!(lang, "cli.enter.interrupted", file = output.display())
    ));
    let p = prompter.as_mut();
    if !only.marks.is_empty() {
        p.say(&crate::t!(
            lang,
            "cli.enter.resuming",
            file = output.display(),
            n = only.marks.len(),
            total = fleet_rules.sections.len()
        ));
    } else {
        p.say(&crate::t!(lang, "cli.enter.intro", player = player, game = fleet_rules.name.get(lang)));
    }
    write_atomic(output, &crate::text::sheet_file::write_fleet(fleet_rules, &sheet, Some(&only), lang))?;

    for s in 0..fleet_rules.sections.len() {
        if fleet_rules.sections[s].len == 0 {
            continue;
        }
        if !only.marks.contains(&s) {
            ask_marks(fleet_rules, &mut sheet, s, p, lang)?;
            only.marks.insert(s);
            write_atomic(output, &crate::text::sheet_file::write_fleet(fleet_rules, &sheet, Some(&only), lang))?;
        }
        if !sheet.fish[s].is_empty() && !only.fish.contains(&s) {
            ask_fish(fleet_rules, &mut sheet, s, p, lang)?;
            only.fish.insert(s);
            write_atomic(output, &crate::text::sheet_file::write_fleet(fleet_rules, &sheet, Some(&only), lang))?;
        }
        let is_king_crab = matches!(fleet_rules.sections[s].kind, SectionKind::Harbor(h) if fleet_rules.harbor[h].effect == HarborEffect::KingCrab);
        if is_king_crab && !only.bonus {
            if sheet.king_crab_license(fleet_rules) {
                let choices: Vec<Choice> =
                    fleet_rules.king_crab_bonuses.iter().map(|b| Choice::new(b.id.clone(), b.name.get(lang))).collect();
                let i = p.select(&crate::t!(lang, "cli.enter.king_crab_bonus"), &choices)?;
                sheet.king_crab_bonus = Some(i);
            }
            only.bonus = true;
            write_atomic(output, &crate::text::sheet_file::write_fleet(fleet_rules, &sheet, Some(&only), lang))?;
        }
    }
    write_atomic(output, &crate::text::sheet_file::write_fleet(fleet_rules, &sheet, None, lang))?;

    let violations = fleet::check_sheet(fleet_rules, &sheet);
    let score = fleet::score(fleet_rules, &sheet);
    p.say(&crate::t!(lang, "cli.enter.saved", file = output.display(), total = score.total));
    if violations.is_empty() {
        p.say(&crate::t!(lang, "cli.enter.follows"));
        Ok(0)
    } else {
        p.say(&crate::t!(lang, "cli.enter.violations", n = violations.len(), file = output.display()));
        for v in &violations {
            let message = crate::text::fleet_check::message(fleet_rules, v, lang);
            p.say(&format!("  {} [{}] {}", v.box_id(), v.rule.id(), message));
        }
        Ok(1)
    }
}

fn ask_marks(rules: &FleetRules, sheet: &mut Sheet, s: usize, p: &mut dyn Prompter, lang: &str) -> Result<(), Error> {
    let len = rules.sections[s].len;
    let prompt = format!(
        "{} ({}) [{}]",
        crate::text::fleet::section_name(rules, s, lang),
        rules.sections[s].id,
        rules.layout_hint(s)
    );
    let validate = |text: &str| -> Result<(), String> {
        let text = text.trim();
        if let Ok(n) = text.parse::<usize>() {
            return if n <= len { Ok(()) } else { Err(crate::t!(lang, "cli.enter.section_boxes", n = len)) };
        }
        match sheet_file::parse_marks(text) {
            Err(c) => Err(crate::t!(lang, "cli.enter.not_a_mark", mark = c)),
            Ok(m) if m.len() > len => Err(crate::t!(lang, "cli.enter.too_many_marks", n = m.len(), boxes = len)),
            Ok(_) => Ok(()),
        }
    };
    let answer = p.input(&prompt, &validate)?;
    let answer = answer.trim();
    let marks = match answer.parse::<usize>() {
        Ok(n) => vec![fleet::Mark::Marked; n],
        Err(_) => sheet_file::parse_marks(answer).expect("validated"),
    };
    sheet.boxes[s] = vec![fleet::Mark::Empty; len];
    sheet.boxes[s][..marks.len()].copy_from_slice(&marks);
    Ok(())
}

fn ask_fish(rules: &FleetRules, sheet: &mut Sheet, s: usize, p: &mut dyn Prompter, lang: &str) -> Result<(), Error> {
    let slots = sheet.fish[s].len();
    let launched = crate::games::fleet::sheet::boat_slots_of(rules, s).iter().filter(|b| sheet.is_launched(b)).count();
    if launched == 0 {
        return Ok(());
    }
    let prompt = crate::t!(
        lang,
        "cli.enter.fish_prompt",
        section = crate::text::fleet::section_name(rules, s, lang),
        n = launched
    );
    let parse = |text: &str| -> Result<Vec<u32>, String> {
        let nums: Result<Vec<u32>, _> =
            text.split([' ', ',']).filter(|t| !t.is_empty()).map(str::parse::<u32>).collect();
        let nums = nums.map_err(|_| crate::t!(lang, "cli.enter.whole_numbers"))?;
        if nums.len() > slots {
            return Err(crate::t!(lang, "cli.enter.too_many_numbers", n = nums.len(), boats = slots));
        }
        Ok(nums)
    };
    let answer = p.input(&prompt, &|t| parse(t).map(|_| ()))?;
    let nums = parse(&answer).expect("validated");
    sheet.fish[s] = vec![0; slots];
    sheet.fish[s][..nums.len()].copy_from_slice(&nums);
    Ok(())
}
