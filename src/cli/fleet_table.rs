//! `deckhand play`, `resume`, `replay` and `show`: a live Fleet game at the table. Every
//! confirmed decision is appended to the save file and flushed before the next prompt.

use std::path::{Path, PathBuf};

use super::record::{self, LiveArgs};
use super::{emit, saves, sheets::fleet_standings};
use crate::games::fleet::game::{Decision, Dice, Face, Game, Input, RollSpec};
use crate::games::fleet::session::{Entry, NoUndo, ReplayError, Session};
use crate::games::fleet::{check_game, Sheet};
use crate::games::live::{LiveGame, Replay};
use crate::games::{self as rules, FleetRules, Rules};
use crate::history::Source;
use crate::log::save::{FleetSetup, Header, Setup};
use crate::log::{files, Journal};
use crate::report::sheet::sheet_text;
use crate::report::Format;
use crate::text::fleet as fleet_text;
use crate::ui::{Choice, Prompter};
use crate::{ui, Error};

/// Words that are commands at any prompt, so they cannot be player names.
const META: [&str; 5] = ["undo", "sheet", "scores", "help", "sheets"];

/// The command a typed answer names: a key of `META`, or its word in `lang` (`zurück`,
/// `annuler`, …).
fn meta_of(text: &str, lang: &str) -> Option<&'static str> {
    let text = text.trim().to_lowercase();
    if let Some(key) = META.iter().find(|m| **m == text) {
        return Some(key);
    }
    [
        ("undo", crate::t!(lang, "cli.play.word_undo")),
        ("sheet", crate::t!(lang, "cli.play.word_sheet")),
        ("sheets", crate::t!(lang, "cli.play.word_sheets")),
        ("scores", crate::t!(lang, "cli.play.word_scores")),
        ("help", crate::t!(lang, "cli.play.word_help")),
    ]
    .into_iter()
    .find(|(_, word)| crate::text::same_word(word, &text))
    .map(|(key, _)| key)
}

pub struct PlayOptions<'a> {
    pub game: &'a str,
    pub players: &'a [String],
    pub solo: bool,
    pub captains: bool,
    pub trophies: bool,
    pub digital: bool,
    pub seed: Option<u64>,
    pub save: Option<&'a Path>,
    pub answers: Option<&'a Path>,
    pub rules: Option<&'a Path>,
    /// `--no-record`, `--db`: the history.
    pub history: &'a LiveArgs,
    /// `--serve [--bind ADDR]`: the table on the players' phones.
    pub serve: &'a super::served::ServeArgs,
}

/// What the end of a game needs to record it in the history.
pub(super) struct Hook<'a> {
    pub rules: &'a Rules,
    pub header: &'a Header,
    pub args: &'a LiveArgs,
    /// The play this game put into the history: a game that ends again after an undo
    /// replaces it.
    pub recorded: std::cell::Cell<Option<i64>>,
}

impl<'a> Hook<'a> {
    pub fn new(rules: &'a Rules, header: &'a Header, args: &'a LiveArgs) -> Hook<'a> {
        Hook { rules, header, args, recorded: std::cell::Cell::new(None) }
    }
}

pub fn play(o: PlayOptions, lang: &'static str) -> anyhow::Result<i32> {
    let rules = rules::resolve(Some(o.game), o.rules)?;
    let fleet = rules.fleet().ok_or_else(|| Error::Usage(crate::msg!("cli.play.unsupported", game = o.game)))?;
    let names = player_names(fleet, o.players, o.solo, lang)?;
    if o.captains && fleet.captains.len() < names.len() {
        return Err(Error::Usage(crate::msg!("cli.play.captains_needed", n = fleet.captains.len())).into());
    }
    let has = |m| fleet.trophies.iter().any(|t| t.metal == m);
    if o.trophies && !(has(crate::games::fleet::Metal::Gold) && has(crate::games::fleet::Metal::Silver)) {
        return Err(Error::Usage(crate::msg!("cli.play.trophies_needed")).into());
    }
    let seed = o.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(1)
    });
    let save = match o.save {
        Some(p) => p.to_path_buf(),
        None => PathBuf::from(format!("fleet-{}.jsonl", timestamp())),
    };
    let setup = FleetSetup {
        dice: if o.digital { Dice::Digital } else { Dice::Physical },
        seed: o.digital.then_some(seed),
        solo: names.len() == 1,
        captains: o.captains,
        trophies: o.trophies,
    };
    let header = Header::new(rules.id(), saves::stamp(&rules), names.clone(), Setup::Fleet(setup));
    // --serve: listen, and find the terminal (or none), before the save exists.
    if o.serve.serve {
        let prepared = super::served::prepare(o.serve, None, o.answers, "play", lang)?;
        files::remove_stale_temps(save.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
        let journal = Journal::create(&save, &header)?;
        super::interrupt::set_note(&format!("\n{}\n", crate::t!(lang, "cli.play.interrupted", file = save.display())));
        let mut session = Session::with_setup(fleet, &names, setup.options());
        let mut greeting = vec![format!(
            "{} {}",
            start_line(fleet, &names, lang),
            crate::t!(lang, "cli.play.saved_to", file = save.display())
        )];
        greeting.extend(session.game.take_events().iter().map(|e| fleet_text::event(fleet, &session.game, e, lang)));
        let game = super::served::Game { rules: fleet, setup, session, journal, entries: 0, tokens: None };
        let hook = Hook::new(&rules, &header, o.history);
        return super::served::run(prepared, game, &greeting, &hook, lang);
    }
    // Ask for a way to prompt before creating the save, so a failure leaves nothing behind.
    let mut prompter = ui::prompter_for_in(o.answers, "play", lang)?;
    files::remove_stale_temps(save.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
    let mut journal = Journal::create(&save, &header)?;
    super::interrupt::set_note(&format!("\n{}\n", crate::t!(lang, "cli.play.interrupted", file = save.display())));
    let p = prompter.as_mut();
    p.say(&format!(
        "{} {}",
        start_line(fleet, &names, lang),
        crate::t!(lang, "cli.play.saved_to", file = save.display())
    ));
    p.say(&crate::t!(lang, "cli.play.at_any_prompt"));
    let mut session = Session::with_setup(fleet, &names, setup.options());
    for e in session.game.take_events() {
        p.say(&fleet_text::event(fleet, &session.game, &e, lang));
    }
    run(fleet, &mut session, &mut journal, &setup, p, &Hook::new(&rules, &header, o.history), lang)
}

/// The line that opens a game: the game and its players.
fn start_line(rules: &FleetRules, names: &[String], lang: &str) -> String {
    if names.len() == 1 {
        crate::t!(lang, "cli.play.start_solo", game = rules.name.get(lang), players = names.join(", "))
    } else {
        crate::t!(lang, "cli.play.start", game = rules.name.get(lang), players = names.join(", "))
    }
}

fn player_names(rules: &FleetRules, given: &[String], solo: bool, lang: &str) -> Result<Vec<String>, Error> {
    let names: Vec<String> = given.iter().map(|n| n.trim().to_string()).collect();
    let n = names.len() as u32;
    if solo && n != 1 {
        return Err(Error::Usage(crate::msg!("cli.play.solo_count", n = n)));
    }
    if n != 1 && (n < 2.max(rules.min_players) || n > rules.max_players) {
        return Err(Error::Usage(crate::msg!(
            "cli.play.player_count",
            game = &rules.name,
            max = &rules.max_players,
            n = n
        )));
    }
    saves::check_player_names(&names, lang).map_err(Error::said)?;
    Ok(names)
}

fn timestamp() -> String {
    let secs = crate::history::clock::now();
    let date = crate::history::Date::from_days(secs.div_euclid(86_400));
    let rem = secs.rem_euclid(86_400);
    format!("{:04}{:02}{:02}-{:02}{:02}{:02}", date.year, date.month, date.day, rem / 3600, rem % 3600 / 60, rem % 60)
}

pub(super) enum Asked {
    Input(Input),
    Meta(String),
    /// Answered elsewhere while the question waited (a phone, at a served table).
    Overtaken,
}

/// The table loop: ask, apply, save, remind — until the game is over.
fn run(
    rules: &FleetRules,
    session: &mut Session,
    journal: &mut Journal,
    setup: &FleetSetup,
    p: &mut dyn Prompter,
    hook: &Hook,
    lang: &str,
) -> anyhow::Result<i32> {
    loop {
        let Some(decision) = session.game.decision(rules) else {
            finish(rules, session, journal.path(), &mut |line: &str| p.say(line), hook, lang)?;
            if game_over(rules, session, journal, p, lang)? {
                return Ok(0);
            }
            continue;
        };
        let automatic = match setup.dice {
            Dice::Digital => session.digital_answer(rules, setup.seed.unwrap_or(0)),
            Dice::Physical => None,
        };
        let asked = match (automatic, decision.roll) {
            (Some(input), _) => {
                p.say(&fleet_text::digital_said(rules, &session.game, &decision, &input, lang));
                Asked::Input(input)
            }
            (None, Some(spec)) => ask_roll(rules, &session.game, &decision, spec, p, None, lang)?,
            (None, None) => ask_choice(rules, &session.game, &decision, p, None, lang)?,
        };
        let who = decision.player;
        match asked {
            Asked::Overtaken => {}
            Asked::Meta(cmd) => meta(rules, session, journal, who, &cmd, p, lang)?,
            Asked::Input(input) => match session.apply(rules, input.clone()) {
                Ok(events) => {
                    journal.append(&Entry::Do(input))?;
                    for e in events {
                        p.say(&fleet_text::event(rules, &session.game, &e, lang));
                    }
                }
                Err(illegal) => p.say(&format!(
                    "{} — {}",
                    fleet_text::refusal(rules, &session.game, &illegal, lang),
                    crate::t!(lang, "cli.play.legal", legal = illegal.legal.join(", "))
                )),
            },
        }
    }
}

pub(super) fn ask_roll(
    rules: &FleetRules,
    game: &Game,
    d: &Decision,
    spec: RollSpec,
    p: &mut dyn Prompter,
    overtaken: Option<ui::Overtaken>,
    lang: &str,
) -> Result<Asked, Error> {
    // Players type the faces' words in their language (or the keys); the save gets keys.
    let words = |boat_die: bool| -> Vec<String> {
        let mut words: Vec<String> =
            Face::faces_of_kind(rules, boat_die).iter().map(|f| fleet_text::face_word(rules, *f, lang)).collect();
        words.dedup();
        words
    };
    let (boat, town) = (words(true), words(false));
    let hint = match (spec.boat, spec.town) {
        (b, 0) => crate::t!(lang, "cli.play.type_faces", n = b, faces = boat.join(" ")),
        (0, _) => crate::t!(lang, "cli.play.type_one_face", faces = town.join(" ")),
        (b, t) => crate::t!(lang, "cli.play.type_town_and_boat", n = t, faces = town.join(" "), boat = b),
    };
    let legal = || {
        let mut all = boat.clone();
        if spec.town > 0 {
            all.extend(town.iter().filter(|w| !boat.contains(w)).cloned());
        }
        crate::t!(lang, "cli.play.faces", faces = all.join(" "))
    };
    let wrong = |why: String| crate::t!(lang, "cli.play.wrong_faces", why = why, faces = legal());
    let keys = |text: &str| -> Result<Vec<String>, String> {
        text.split([' ', ','])
            .filter(|t| !t.is_empty())
            .map(|t| match fleet_text::parse_typed_face(rules, t, lang) {
                Some(face) => Ok(face.key(rules).into_owned()),
                None => Err(wrong(crate::t!(lang, "engine.illegal_face", face = t))),
            })
            .collect()
    };
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
    lang: &str,
) -> Result<Asked, Error> {
    let mut choices: Vec<Choice> = d
        .options
        .iter()
        .map(|o| Choice::new(o.key(rules, game), fleet_text::option_label(rules, game, d, o, lang)))
        .collect();
    choices.push(Choice::new("undo", crate::t!(lang, "cli.play.meta_undo")));
    choices.push(Choice::new("sheet", crate::t!(lang, "cli.play.meta_sheet")));
    choices.push(Choice::new("sheets", crate::t!(lang, "cli.play.meta_sheets")));
    choices.push(Choice::new("scores", crate::t!(lang, "cli.play.meta_scores")));
    choices.push(Choice::new("help", crate::t!(lang, "cli.play.meta_help")));
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

fn meta(
    rules: &FleetRules,
    session: &mut Session,
    journal: &mut Journal,
    who: Option<usize>,
    cmd: &str,
    p: &mut dyn Prompter,
    lang: &str,
) -> anyhow::Result<()> {
    match cmd {
        "undo" => match session.undo(rules) {
            Ok(undone) => {
                journal.append(&Entry::Undo)?;
                let what = undone
                    .decision
                    .as_ref()
                    .map(|d| fleet_text::prompt(rules, &session.game, d, lang))
                    .unwrap_or_default();
                p.say(&crate::t!(lang, "engine.undone", what = what, answer = undone.answer));
            }
            Err(why) => {
                let why = match why {
                    NoUndo::Nothing => crate::t!(lang, "engine.undo_nothing"),
                    NoUndo::DigitalRoll => crate::t!(lang, "engine.undo_digital_roll"),
                };
                p.say(&crate::t!(lang, "cli.play.cannot_undo", why = why))
            }
        },
        "sheet" | "sheets" => {
            let who: Vec<usize> = match who {
                Some(pl) if cmd == "sheet" => vec![pl],
                _ => (0..session.game.players.len()).collect(),
            };
            for pl in who {
                p.say(&sheet_text(rules, &session.game.players[pl].sheet, lang));
            }
        }
        "scores" => {
            let sheets: Vec<&Sheet> = session.game.players.iter().map(|pl| &pl.sheet).collect();
            let standings = fleet_standings(rules, &sheets, &vec![0; sheets.len()], lang);
            p.say(&format!(
                "{}\n{}",
                fleet_text::scores_heading(&session.game, lang),
                standings.render_in(Format::Table, false, None, lang)
            ));
        }
        _ => p.say(&crate::t!(lang, "cli.play.help")),
    }
    Ok(())
}

/// The game is over, but a mistyped last decision can still be taken back: until `quit`
/// (or the end of an answers file) the table may undo, look at sheets and scores. True
/// when the command is done; false after an undo reopened the game.
fn game_over(
    rules: &FleetRules,
    session: &mut Session,
    journal: &mut Journal,
    p: &mut dyn Prompter,
    lang: &str,
) -> anyhow::Result<bool> {
    let choices: Vec<Choice> = [
        ("quit", crate::t!(lang, "cli.play.meta_quit")),
        ("undo", crate::t!(lang, "cli.play.meta_undo")),
        ("sheets", crate::t!(lang, "cli.play.meta_sheets")),
        ("scores", crate::t!(lang, "cli.play.meta_scores")),
        ("help", crate::t!(lang, "cli.play.meta_help")),
    ]
    .into_iter()
    .map(|(key, label)| Choice::new(key, label))
    .collect();
    while p.answers_left() {
        let i = p.select(&crate::t!(lang, "cli.play.game_over"), &choices)?;
        match choices[i].key.as_str() {
            "quit" => return Ok(true),
            cmd => meta(rules, session, journal, None, cmd, p, lang)?,
        }
        if !session.game.finished() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The end of the game: the final table, and every sheet written as a transcription file.
pub(super) fn finish(
    rules: &FleetRules,
    session: &Session,
    save: &Path,
    say: &mut dyn FnMut(&str),
    hook: &Hook,
    lang: &str,
) -> anyhow::Result<i32> {
    let sheets: Vec<&Sheet> = session.game.players.iter().map(|pl| &pl.sheet).collect();
    let owned: Vec<Sheet> = sheets.iter().map(|s| (*s).clone()).collect();
    let violations = check_game(rules, &owned);
    let counts: Vec<usize> = owned.iter().map(|s| violations.iter().filter(|v| v.player == s.player).count()).collect();
    let standings = fleet_standings(rules, &sheets, &counts, lang);
    let mut table = standings.render_in(Format::Table, false, None, lang);
    if session.game.ruth.is_some() {
        let total = standings.rows[0].total.max(0) as u32;
        let title = fleet_text::rating(rules, total, lang);
        table.push_str(&crate::t!(lang, "cli.play.solo_rating", total = total, title = title));
        table.push('\n');
    }
    emit(&table)?;
    let mut written = Vec::new();
    for sheet in &owned {
        let path = files::write_sheet(
            &sheet_path(save, &sheet.player),
            &crate::text::sheet_file::write_fleet(rules, sheet, None, lang),
        )?;
        written.push(path.display().to_string());
    }
    say(&crate::t!(lang, "cli.play.sheets_written", files = written.join(", ")));
    for v in &violations {
        let message = crate::text::fleet_check::message(rules, v, lang);
        let w = format!("{} {} [{}] {}", v.player, v.box_id(), v.rule.id(), message);
        say(&crate::t!(lang, "cli.report.warning", warning = w));
    }
    // The history: the game, its save and its sheets are done; the database can only add
    // a warning.
    let recorded = record::record_finished(
        hook.args,
        || record::fleet_play(hook.rules, session, hook.header, save, crate::history::clock::now(), Source::Live),
        save,
        hook.recorded.get(),
        lang,
    );
    hook.recorded.set(recorded);
    Ok(0)
}

pub fn sheet_path(save: &Path, player: &str) -> PathBuf {
    let stem = save.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "game".into());
    save.with_file_name(format!("{stem}-{}.toml", crate::players::file_slug(player)))
}

/// The rules a save file was played with, and its game replayed from the entries.
pub fn reopen(
    path: &Path,
    head: &serde_json::Value,
    entries: &[Entry],
    rules_path: Option<&Path>,
    allow_change: bool,
    lang: &'static str,
) -> Result<(Rules, Header, FleetSetup, Session), Error> {
    let header = saves::header_of(path, head.clone(), lang)?;
    let rules = saves::rules_for(path, &header, rules_path, allow_change, lang)?;
    let (Some(fleet), Some(setup)) = (rules.fleet(), header.fleet().copied()) else {
        return Err(Error::Usage(crate::msg!("cli.save.not_fleet", file = path.display(), game = &header.game)));
    };
    let session = <Session as LiveGame>::replay(fleet, &header.players, &setup, entries).map_err(|failed| {
        // The header is the save's line 1; entry i is on line i + 2.
        let (line, why) = match failed {
            Replay::Setup(never) => match never {},
            Replay::Entry(i, why) => (i + 2, why),
        };
        let why = match why {
            ReplayError::UndoNothing => crate::t!(lang, "engine.undo_nothing_replay"),
            ReplayError::NoSuchPlayer(p) => {
                crate::t!(lang, "engine.no_such_seat", seat = p + 1, n = header.players.len())
            }
            ReplayError::Illegal(e) => {
                // The refusal names the players: a game at its start knows them.
                let game = Game::new(fleet, &header.players, setup.options());
                fleet_text::refusal(fleet, &game, &e, lang)
            }
        };
        Error::Reported {
            what: path.display().to_string(),
            count: 1,
            report: crate::t!(lang, "cli.save.replay_illegal", file = path.display(), line = line, why = why),
        }
    })?;
    Ok((rules, header, setup, session))
}

pub fn resume(
    path: &Path,
    answers: Option<&Path>,
    rules_path: Option<&Path>,
    allow_change: bool,
    history: &LiveArgs,
    serve: &super::served::ServeArgs,
    lang: &'static str,
) -> anyhow::Result<i32> {
    // The save is locked from here on: a second deckhand on it is refused at once.
    let opened = Journal::open::<serde_json::Value, Entry>(path)?;
    let (rules, header, setup, mut session) =
        reopen(path, &opened.header, &opened.entries, rules_path, allow_change, lang)?;
    let fleet = rules.fleet().expect("checked in reopen");
    let resumed = crate::t!(
        lang,
        "cli.play.resumed",
        file = path.display(),
        round = session.game.round,
        n = session.inputs.len()
    );
    let hook = Hook::new(&rules, &header, history);
    // --serve: the pages come back at the address they know.
    if serve.serve {
        let tokens = crate::serve::Tokens::read(path, header.players.len())?;
        let prepared =
            super::served::prepare(serve, tokens.as_ref().map(|t| t.bind.as_str()), answers, "resume", lang)?;
        files::remove_stale_temps(path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
        super::interrupt::set_note(&format!("\n{}\n", crate::t!(lang, "cli.play.interrupted", file = path.display())));
        let greeting: Vec<String> =
            opened.dropped_tail.iter().map(|torn| torn.notice(path).text(lang)).chain([resumed]).collect();
        session.game.take_events();
        let entries = opened.entries.len() as u64;
        let game = super::served::Game { rules: fleet, setup, session, journal: opened.journal, entries, tokens };
        return super::served::run(prepared, game, &greeting, &hook, lang);
    }
    let mut prompter = ui::prompter_for_in(answers, "resume", lang)?;
    files::remove_stale_temps(path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
    let mut journal = opened.journal;
    super::interrupt::set_note(&format!("\n{}\n", crate::t!(lang, "cli.play.interrupted", file = path.display())));
    let p = prompter.as_mut();
    if let Some(torn) = &opened.dropped_tail {
        p.say(&torn.notice(path).text(lang));
    }
    p.say(&format!("{resumed} {}", crate::t!(lang, "cli.play.at_any_prompt")));
    session.game.take_events();
    run(fleet, &mut session, &mut journal, &setup, p, &hook, lang)
}

pub fn replay(
    path: &Path,
    rules_path: Option<&Path>,
    allow_change: bool,
    format: Format,
    detail: bool,
    lang: &'static str,
) -> anyhow::Result<i32> {
    let read = Journal::read::<serde_json::Value, Entry>(path)?;
    if let Some(torn) = &read.dropped_tail {
        super::say(&crate::t!(lang, "cli.play.note", note = torn.notice(path).text(lang)));
    }
    let (rules, _, _, session) = reopen(path, &read.header, &read.entries, rules_path, allow_change, lang)?;
    let fleet = rules.fleet().expect("checked in reopen");
    let sheets: Vec<&Sheet> = session.game.players.iter().map(|pl| &pl.sheet).collect();
    let mut standings = fleet_standings(fleet, &sheets, &vec![0; sheets.len()], lang);
    if !session.game.finished() {
        standings.warnings.push(crate::t!(
            lang,
            "cli.play.stopped",
            round = session.game.round,
            rounds = session.game.rounds,
            file = path.display()
        ));
    }
    emit(&standings.render_in(format, detail, None, lang))?;
    Ok(0)
}

pub fn show(
    path: &Path,
    player: Option<&str>,
    rules_path: Option<&Path>,
    allow_change: bool,
    lang: &'static str,
) -> anyhow::Result<i32> {
    let read = Journal::read::<serde_json::Value, Entry>(path)?;
    let (rules, header, _, session) = reopen(path, &read.header, &read.entries, rules_path, allow_change, lang)?;
    let fleet = rules.fleet().expect("checked in reopen");
    let players: Vec<&Sheet> = match player {
        Some(name) => {
            let found = session.game.players.iter().find(|p| p.name.eq_ignore_ascii_case(name)).ok_or_else(|| {
                Error::Usage(crate::msg!(
                    "cli.play.no_player",
                    name = name,
                    file = path.display(),
                    players = header.players.join(", ")
                ))
            })?;
            vec![&found.sheet]
        }
        None => session.game.players.iter().map(|p| &p.sheet).collect(),
    };
    let text: Vec<String> = players.iter().map(|s| sheet_text(fleet, s, lang)).collect();
    emit(&(text.join("\n")))?;
    Ok(0)
}
