//! Asking a Fleet decision at the table: a roll (the faces typed, by letters and counts
//! with entries), a menu for one decision, an entry that answers a pick and what follows
//! it in one go, or one line for what everyone decides at the same moment (the shared
//! die, the oyster boats). With entries (a terminal, unless `--ask-all`; an answers file
//! that says `#! entries`), what the rules decide is not asked.

use crate::games::fleet::entry::{self, Entries, Step};
use crate::games::fleet::game::{Decision, Face, Game, Input, RollSpec};
use crate::games::fleet::FleetRules;
use crate::text::fleet as fleet_text;
use crate::text::fleet_entry;
use crate::text::table::{self as table_text, Command};
use crate::text::Lang;
use crate::ui::{Choice, Picked, Prompter};
use crate::{ui, Error};

/// Words that are commands at any prompt, so they cannot be player names (`release`
/// only does something at the terminal of a served game).
const META: [&str; 7] = ["undo", "sheet", "scores", "help", "sheets", "release", "hint"];

/// The command a typed answer names: a key of `META`, or its word in `lang` (`zurück`,
/// `annuler`, …).
pub(super) fn meta_of(text: &str, lang: Lang) -> Option<&'static str> {
    let text = text.trim().to_lowercase();
    if let Some(key) = META.iter().find(|m| **m == text) {
        return Some(key);
    }
    use Command::*;
    [Undo, Sheet, Sheets, Scores, Help, Release, Hint]
        .into_iter()
        .find(|command| command.word(lang).is_some_and(|word| crate::text::same_word(&word, &text)))
        .map(Command::key)
}

/// What the table answered.
pub(super) enum Asked {
    /// One answer to the decision at the front.
    Input(Input),
    /// Answers of an entry, in order (a pick and its use, everyone's shared die…).
    Steps(Vec<Step>),
    /// `undo`, `sheet`, `sheets`, `scores`, `help` or `hint`.
    Meta(String),
    /// Answered elsewhere while the question waited (a phone, at a served table).
    Overtaken,
}

pub(super) fn ask_roll(
    rules: &FleetRules,
    game: &Game,
    d: &Decision,
    spec: RollSpec,
    p: &mut dyn Prompter,
    overtaken: Option<ui::Overtaken>,
    lang: Lang,
) -> Result<Asked, Error> {
    // Players type the faces by letter, with counts (`2c l s`), or by their words in any
    // language; the save gets keys.
    let hint = table_text::roll_hint(rules, spec, lang);
    let keys = |text: &str| -> Result<Vec<String>, String> {
        let words = |f: Face| fleet_entry::face_words(rules, f, lang);
        match crate::games::fleet::entry::roll(rules, text, &words) {
            Ok(faces) => Ok(faces.iter().map(|f| f.key(rules).into_owned()).collect()),
            Err(bad) => Err(fleet_entry::bad_faces(rules, &bad, lang)),
        }
    };
    let wrong = |why: String| table_text::wrong_faces(rules, &why, lang);
    let validate = |text: &str| -> Result<(), String> {
        if meta_of(text, lang).is_some() {
            return Ok(());
        }
        let faces = keys(text)?;
        crate::games::fleet::game::parse_faces(rules, &faces, spec)
            .map(|_| ())
            .map_err(|e| wrong(fleet_text::refusal(rules, game, &e, lang)))
    };
    let prompt = format!("{} ({hint})", fleet_text::prompt(rules, game, d, lang));
    let answer = match overtaken {
        Some(overtaken) => match p.input_until(&prompt, &validate, overtaken)? {
            Some(answer) => answer,
            None => return Ok(Asked::Overtaken),
        },
        None => p.input(&prompt, &validate)?,
    };
    if let Some(meta) = meta_of(&answer, lang) {
        return Ok(Asked::Meta(meta.to_string()));
    }
    let faces = keys(&answer).map_err(Error::said)?;
    Ok(Asked::Input(Input::Roll { faces, digital: false }))
}

pub(super) fn ask_choice(
    rules: &FleetRules,
    game: &Game,
    d: &Decision,
    p: &mut dyn Prompter,
    overtaken: Option<ui::Overtaken>,
    lang: Lang,
) -> Result<Asked, Error> {
    let mut choices = menu(rules, game, d, lang);
    // Served (answered elsewhere too): the host may give a seat's page to another phone.
    if overtaken.is_some() {
        choices.push(Choice::command(Command::Release.key(), Command::Release.label(lang)));
    }
    let prompt = fleet_text::prompt(rules, game, d, lang);
    let i = match overtaken {
        Some(overtaken) => match p.select_until(&prompt, &choices, overtaken)? {
            Some(i) => i,
            None => return Ok(Asked::Overtaken),
        },
        None => p.select(&prompt, &choices)?,
    };
    Ok(if i < d.options.len() {
        Asked::Input(Input::Choice(choices[i].key.clone()))
    } else {
        Asked::Meta(choices[i].key.clone())
    })
}

/// The words of an option, for matching an entry (every language; dice letters of `lang`).
fn words_in<'a>(
    rules: &'a FleetRules,
    lang: Lang,
) -> impl Fn(&Game, &Decision, &crate::games::fleet::game::Choice) -> Vec<String> + 'a {
    move |g: &Game, d: &Decision, c: &crate::games::fleet::game::Choice| fleet_entry::choice_words(rules, g, d, c, lang)
}

/// The menu of a decision: its options (numbered), then the commands of every prompt
/// (chosen by their words only).
fn menu(rules: &FleetRules, game: &Game, d: &Decision, lang: Lang) -> Vec<Choice> {
    let mut choices: Vec<Choice> = d
        .options
        .iter()
        .map(|o| Choice::new(o.key(rules, game), fleet_text::option_label(rules, game, d, o, lang)))
        .collect();
    for command in [Command::Undo, Command::Sheet, Command::Sheets, Command::Scores, Command::Help, Command::Hint] {
        choices.push(Choice::command(command.key(), command.label(lang)));
    }
    choices
}

/// One decision as an entry: an option of the menu, or words that answer it and what
/// follows it for the same player (`harbor inuit cod`); a picked die said alone gets its
/// usual use.
pub(super) fn ask_entry(
    rules: &FleetRules,
    game: &Game,
    d: &Decision,
    p: &mut dyn Prompter,
    opts: Entries,
    overtaken: Option<ui::Overtaken>,
    lang: Lang,
) -> Result<Asked, Error> {
    let Some(player) = d.player else { return ask_choice(rules, game, d, p, overtaken, lang) };
    let mut choices = menu(rules, game, d, lang);
    if overtaken.is_some() {
        choices.push(Choice::command(Command::Release.key(), Command::Release.label(lang)));
    }
    let words = words_in(rules, lang);
    let plan = |text: &str| {
        let typed: Vec<&str> = text.split_whitespace().collect();
        entry::plan(rules, game, player, &typed, &words, opts)
    };
    let check = |text: &str| -> Result<(), String> {
        if meta_of(text, lang).is_some() {
            return Ok(());
        }
        plan(text).map(|_| ()).map_err(|e| fleet_entry::error(rules, game, &e, lang))
    };
    let prompt = fleet_text::prompt(rules, game, d, lang);
    let picked = match overtaken {
        Some(overtaken) => match p.entry_until(&prompt, &choices, &check, overtaken)? {
            Some(picked) => picked,
            None => return Ok(Asked::Overtaken),
        },
        None => p.entry(&prompt, &choices, &check)?,
    };
    let text = match picked {
        Picked::Choice(i) if i >= d.options.len() => return Ok(Asked::Meta(choices[i].key.clone())),
        Picked::Choice(i) => choices[i].key.clone(),
        Picked::Text(text) => text,
    };
    if let Some(meta) = meta_of(&text, lang) {
        return Ok(Asked::Meta(meta.to_string()));
    }
    let steps = plan(&text).map_err(|e| Error::said(fleet_entry::error(rules, game, &e, lang)))?;
    Ok(Asked::Steps(steps))
}

/// What everyone decides at the same moment, in one line: Enter gives every player their
/// usual answer (each listed in the question), or the exceptions are typed by name
/// (`bob coin, cy hex`); whoever has no usual answer is asked after.
#[allow(clippy::too_many_arguments)]
pub(super) fn ask_together(
    rules: &FleetRules,
    game: &Game,
    d: &Decision,
    p: &mut dyn Prompter,
    opts: Entries,
    overtaken: Option<ui::Overtaken>,
    held: &[usize],
    lang: Lang,
) -> Result<Asked, Error> {
    let words = words_in(rules, lang);
    let question = table_text::together_question(rules, game, d, held, lang);
    let plan = |text: &str| entry::plan_together(rules, game, text, &words, opts);
    let check = |text: &str| -> Result<(), String> {
        if meta_of(text, lang).is_some() {
            return Ok(());
        }
        plan(text).map(|_| ()).map_err(|e| fleet_entry::error(rules, game, &e, lang))
    };
    let text = match overtaken {
        Some(overtaken) => match p.input_until(&question, &check, overtaken)? {
            Some(text) => text,
            None => return Ok(Asked::Overtaken),
        },
        None => p.input(&question, &check)?,
    };
    if let Some(meta) = meta_of(&text, lang) {
        return Ok(Asked::Meta(meta.to_string()));
    }
    let steps = plan(&text).map_err(|e| Error::said(fleet_entry::error(rules, game, &e, lang)))?;
    if steps.is_empty() {
        // Nobody has a usual answer: ask the decision at the front as usual.
        return ask_entry(rules, game, d, p, opts, overtaken, lang);
    }
    Ok(Asked::Steps(steps))
}
