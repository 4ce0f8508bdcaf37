//! `deckhand play fischerspiel …`, `resume FILE` and `import` of co-operative games tracked
//! event by event: Fischerspiel's view in the registry of live games (`VIEW`, `cli::live`).
//! The game runs on the table service (`games::table`), which writes each event to the save
//! before the next prompt; this file asks, hands the typed event over and prints what
//! `text::fischerspiel_table` says of what the table tells.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;

use super::args::SavedRules;
use super::commands;
use super::live::{self, LiveView};
use super::plays::{self, LiveArgs};
use super::saves;
use crate::cli::error::FischerspielProblem;
use crate::games::fischerspiel::model::FischerspielRules;
use crate::games::fischerspiel::setup::CoopSetup;
use crate::games::fischerspiel::state::{Effect, Event, Setup, Timeline};
use crate::games::live::{LiveGame, Replay};
use crate::games::table::plain::{PlainTable, Refused, Told};
use crate::games::Rules;
use crate::history::PlaySource;
use crate::source::ReadError;
use crate::store::files;
use crate::store::journal::Read;
use crate::store::save::{Header, Setup as SaveSetup};
use crate::store::Journal;
use crate::text::fischerspiel as words;
use crate::text::fischerspiel_table::{self as said, Said, Typed};
use crate::text::Lang;
use crate::ui::{self, Prompter};
use crate::Error;
use serde_json::Value;

/// `--players` for a co-op game: the number of players, or their names in seating order
/// (kept in the save, so the history knows who played).
pub fn players(given: &[String]) -> Result<(Option<u32>, Vec<String>), Error> {
    let names: Vec<String> = given.iter().map(|n| n.trim().to_string()).collect();
    let numeric = |n: &str| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit());
    match names.as_slice() {
        [] => Ok((None, Vec::new())),
        [n] if numeric(n) => n
            .parse::<u32>()
            .map(|n| (Some(n), Vec::new()))
            .map_err(|_| Error::Usage(crate::msg!("games.fischerspiel.cmd.players_number_bad", n = n))),
        many if many.len() > 1 && !many.iter().any(|n| numeric(n)) => {
            saves::check_player_names(&names)?;
            Ok((Some(u32::try_from(many.len()).unwrap_or(u32::MAX)), names))
        }
        [n] => Err(Error::Usage(crate::msg!("games.fischerspiel.cmd.players_number_bad", n = n))),
        _ => Err(Error::Usage(crate::msg!("games.fischerspiel.cmd.players_number"))),
    }
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Game id (see `deckhand games`)
    pub game: String,
    /// Number of players
    #[arg(long)]
    pub players: Option<u32>,
    /// The players' names in seating order, when given instead of a number
    #[arg(skip)]
    pub names: Vec<String>,
    /// Rules variant (fischerspiel: base, strategy1, strategy2)
    #[arg(long)]
    pub variant: Option<String>,
    /// The boats in play, e.g. `--boats red,grey` (default: the rulebook's first set)
    #[arg(long, value_delimiter = ',')]
    pub boats: Option<Vec<String>>,
    /// A fish mix of your own for a harder or easier game, e.g. `--fish small=2,medium=6,large=1`
    #[arg(long, value_delimiter = ',')]
    pub fish: Option<Vec<String>>,
    /// Save file (default: GAME.jsonl); an existing file is never overwritten
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Read the events from FILE, one per line (`-` for standard input)
    #[arg(long, value_name = "FILE")]
    pub answers: Option<PathBuf>,
    /// Use this rules file instead of the built-in rules
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    #[command(flatten)]
    pub history: LiveArgs,
}

#[derive(Debug, Args)]
pub struct ResumeArgs {
    /// A save file written by `deckhand play`
    pub file: PathBuf,
    /// Read the events from FILE, one per line (`-` for standard input)
    #[arg(long, value_name = "FILE")]
    pub answers: Option<PathBuf>,
    /// Use this rules file instead of the built-in rules
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Resume even though the rules file differs from the one the game started with
    #[arg(long)]
    pub allow_rules_change: bool,
    #[command(flatten)]
    pub history: LiveArgs,
}

/// What the end of a game needs to record it in the history.
struct Hook<'a> {
    rules: &'a Rules,
    header: &'a Header,
    players: u32,
    args: &'a LiveArgs,
}

/// Fischerspiel's view in the registry of live games (`cli::live`).
pub const VIEW: LiveView = LiveView {
    engine: Timeline::ENGINE,
    play: play_command,
    resume: resume_command,
    finished: finished_play,
    progress,
    players: |header, lang| match saves::setup_of::<Timeline>(header) {
        Some(coop) => Said::Players(coop.players).text(lang),
        None => header.players.join(", "),
    },
    setup_problem: live::setup_problem::<Timeline>,
};

/// `play` of a co-operative game: its flags checked, then the game.
fn play_command(args: commands::play::PlayArgs, rules: Rules, lang: Lang) -> anyhow::Result<i32> {
    if args.serve.serve {
        return Err(Error::Usage(crate::msg!("web.serve_fleet_only", game = rules.names())).into());
    }
    commands::play::refuse([args.fleet.given(), args.set_given()].concat(), &rules)?;
    let (players, names) = players(&args.players)?;
    let args = PlayArgs {
        game: args.game,
        players,
        names,
        variant: args.coop.variant,
        boats: args.coop.boats,
        fish: args.coop.fish,
        output: args.save,
        answers: args.answers.answers,
        rules: args.rules.rules,
        history: args.history,
    };
    play(rules, args, lang)
}

/// `resume` of a co-operative save (the flags of Fleet's table refused).
fn resume_command(
    args: commands::resume::ResumeArgs,
    file: PathBuf,
    header: Header,
    lang: Lang,
) -> anyhow::Result<i32> {
    let refused =
        |flag: &str| Error::Usage(crate::msg!("cli.play.flag_not_for_game", flag = flag, game = &header.game));
    if args.ask_all {
        return Err(refused("--ask-all").into());
    }
    if args.coach.is_some() {
        return Err(refused("--coach").into());
    }
    if args.serve.serve {
        return Err(Error::Usage(crate::msg!("web.serve_fleet_only", game = &header.game)).into());
    }
    let (answers, rules, allow_rules_change) = (args.answers.answers, args.rules.rules, args.rules.allow_rules_change);
    resume(ResumeArgs { file, answers, rules, allow_rules_change, history: args.history }, header, lang)
}

/// `import` of a co-operative save: its play when the game is over.
fn finished_play(path: &Path, header: &Header, rules: &SavedRules, ended: i64, lang: Lang) -> live::Finished {
    let read = Journal::read::<serde_json::Value, Event>(path)?;
    let (rules_path, allow) = (rules.rules.as_deref(), rules.allow_rules_change);
    let (rules, players, timeline) = reopen(path, header, &read.entries, rules_path, allow, lang)?;
    if !timeline.finished() {
        return Ok(None);
    }
    let io = |e: std::io::Error| Error::Read(ReadError::Io { path: path.display().to_string(), cause: e });
    plays::coop_play(&rules, header, players, timeline.current(), path, ended, PlaySource::Import).map(Some).map_err(io)
}

/// How far an unfinished co-operative save got: its events.
fn progress(path: &Path, header: &Header, read: &Read<Value, Value>, lang: Lang) -> Option<String> {
    let events = live::typed::<Timeline>(&read.entries)?;
    let (_, _, timeline) = reopen(path, header, &events, None, false, lang).ok()?;
    if timeline.finished() {
        return None;
    }
    Some(Said::Progress(read.entries.len()).text(lang))
}

fn play(rules: Rules, args: PlayArgs, lang: Lang) -> anyhow::Result<i32> {
    match rules.fischerspiel() {
        Some(r) => new_fischerspiel(&rules, r, args, lang),
        None => {
            Err(Error::Usage(crate::msg!("games.fischerspiel.cmd.play_endgame", game = rules.names(), id = rules.id()))
                .into())
        }
    }
}

pub fn resume(args: ResumeArgs, head: Header, lang: Lang) -> anyhow::Result<i32> {
    let rules = saves::rules_for(&args.file, &head, args.rules.as_deref(), args.allow_rules_change, lang)?;
    match (rules.fischerspiel(), saves::setup_of::<Timeline>(&head)) {
        (Some(r), Some(setup)) => {
            let hook = Hook { rules: &rules, header: &head, players: setup.players, args: &args.history };
            resume_fischerspiel(r, &args, &setup, &hook, lang)
        }
        _ => Err(Error::Usage(crate::msg!("games.fischerspiel.cmd.resume_unsupported", game = &head.game)).into()),
    }
}

/// `replay` and `show` of a co-operative save: the state its events rebuild (the wind, the
/// fish, the boats), then WON or LOSE when it is over, else how far it got and how to go on;
/// a torn last line is noted. It has no table to print in other formats.
pub fn replay(path: &Path, head: &Header, rules: &SavedRules, text_only: bool, lang: Lang) -> anyhow::Result<i32> {
    if !text_only {
        return Err(Error::Usage(crate::msg!("games.fischerspiel.cmd.replay_text")).into());
    }
    let read = Journal::read::<serde_json::Value, Event>(path)?;
    if let Some(torn) = &read.dropped_tail {
        super::say(&Said::Notice(torn.notice(path)).text(lang));
    }
    let (rules_path, allow) = (rules.rules.as_deref(), rules.allow_rules_change);
    let (rules, _, timeline) = reopen(path, head, &read.entries, rules_path, allow, lang)?;
    let r = rules.fischerspiel().expect("checked in reopen");
    let state = timeline.current();
    let end = match state.outcome {
        Some(_) => said::outcome(r, state, lang),
        None => crate::t!(
            lang,
            "games.fischerspiel.cmd.replay_not_over",
            n = read.entries.len(),
            resume = crate::invocation::resume(path)
        ),
    };
    super::emit(&format!("{}\n{end}\n", said::status(r, state, lang)))?;
    Ok(0)
}

/// A co-operative save's game rebuilt from its header and events, with the rules it began
/// with (`resume`, and `import` into the history).
pub fn reopen(
    file: &Path,
    head: &Header,
    entries: &[Event],
    rules_path: Option<&Path>,
    allow_change: bool,
    lang: Lang,
) -> Result<(Rules, u32, Timeline), Error> {
    let rules = saves::rules_for(file, head, rules_path, allow_change, lang)?;
    let (Some(r), Some(setup)) = (rules.fischerspiel(), saves::setup_of::<Timeline>(head)) else {
        return Err(Error::Usage(crate::msg!("games.fischerspiel.cmd.resume_unsupported", game = &head.game)));
    };
    let timeline = replayed(r, &setup, file, entries, lang)?;
    let players = setup.players;
    Ok((rules, players, timeline))
}

/// The game a save's setup and events rebuild, or which line does not replay and why.
fn replayed(
    r: &FischerspielRules,
    saved: &CoopSetup,
    file: &Path,
    entries: &[Event],
    lang: Lang,
) -> Result<Timeline, Error> {
    <Timeline as LiveGame>::replay(r, &[], saved, entries).map_err(|failed| match failed {
        Replay::Setup(e) => Error::Usage(crate::msg!(
            "games.fischerspiel.cmd.setup_mismatch",
            path = file.display(),
            why = words::setup_error(r, &e, lang)
        )),
        Replay::Entry(i, v) => Error::Reported {
            what: file.display().to_string(),
            count: 1,
            report: Said::BadEvent { file, line: i + 2, rules: r, refusal: &v }.text(lang),
        },
    })
}

fn new_fischerspiel(rules: &Rules, r: &FischerspielRules, args: PlayArgs, lang: Lang) -> anyhow::Result<i32> {
    let players = args.players.ok_or_else(|| {
        Error::Usage(crate::msg!(
            "games.fischerspiel.cmd.needs_players",
            game = rules.names(),
            min = &r.min_players,
            max = &r.max_players
        ))
    })?;
    let variant = args.variant.as_deref().unwrap_or("base");
    let fish = match &args.fish {
        None => None,
        Some(items) => Some(
            items
                .iter()
                .map(|it| {
                    let (k, v) = it
                        .split_once('=')
                        .ok_or_else(|| Error::Usage(crate::msg!("games.fischerspiel.cmd.fish_pairs", it = it)))?;
                    let n = v
                        .trim()
                        .parse::<u32>()
                        .map_err(|_| Error::Usage(crate::msg!("games.fischerspiel.cmd.fish_number", v = v)))?;
                    Ok((k.trim().to_string(), n))
                })
                .collect::<Result<Vec<_>, Error>>()?,
        ),
    };
    let setup = Setup::new(r, players, variant, args.boats.as_deref(), fish.as_deref())
        .map_err(|e| fischerspiel_error(r, FischerspielProblem::Setup(e)))?;
    let mut prompter = ui::prompter_for_in(args.answers.as_deref(), "play", lang)?;
    let path = match args.output.clone() {
        Some(path) => path,
        None => saves::default_save(&r.id)?,
    };
    let setup_saved = CoopSetup::of(r, players, &setup);
    let game = Timeline::start(r, &args.names, &setup_saved)
        .map_err(|e| fischerspiel_error(r, FischerspielProblem::Setup(e)))?;
    let written =
        Header::new(&r.id, saves::stamp(rules), args.names.clone(), SaveSetup::new(Timeline::ENGINE, setup_saved));
    let header = written.opaque();
    files::remove_stale_temps(path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new(".")));
    let journal = Journal::create(&path, &written)?;
    let p = prompter.as_mut();
    p.say(&said::setup(r, &setup, lang));
    p.say(&Said::Saving(&path).text(lang));
    let hook = Hook { rules, header: &header, players, args: &args.history };
    session(&mut PlainTable::new(r, game, journal, 0), p, &hook, lang)
}

fn resume_fischerspiel(
    r: &FischerspielRules,
    args: &ResumeArgs,
    saved: &CoopSetup,
    hook: &Hook,
    lang: Lang,
) -> anyhow::Result<i32> {
    // The save is locked from here on: a second deckhand on it is refused at once.
    let opened = Journal::open::<serde_json::Value, Event>(&args.file)?;
    let timeline = replayed(r, saved, &args.file, &opened.entries, lang)?;
    if let Some(torn) = &opened.dropped_tail {
        super::say(&Said::Notice(torn.notice(&args.file)).text(lang));
    }
    let mut prompter = match ui::prompter_for_in(args.answers.as_deref(), "resume", lang) {
        Ok(p) => p,
        // A finished game with nobody to ask: its result, as before.
        Err(_) if timeline.current().outcome.is_some() => {
            super::say(&said::status(r, timeline.current(), lang));
            super::emit(&(said::outcome(r, timeline.current(), lang) + "\n"))?;
            return Ok(0);
        }
        Err(e) => return Err(e.into()),
    };
    files::remove_stale_temps(
        args.file.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new(".")),
    );
    let p = prompter.as_mut();
    p.say(&Said::Resuming { file: &args.file, n: opened.entries.len() }.text(lang));
    let entries = opened.entries.len() as u64;
    session(&mut PlainTable::new(r, timeline, opened.journal, entries), p, hook, lang)
}

/// A Fischerspiel table's problem as the command's error.
fn fischerspiel_error(rules: &FischerspielRules, problem: FischerspielProblem) -> Error {
    Error::Fischerspiel { rules: Box::new(rules.clone()), problem }
}

/// The terminal's view of the table service: it asks what happened, hands the typed event
/// to the table and says what the table tells.
fn session(
    table: &mut PlainTable<Timeline, Journal>,
    p: &mut dyn Prompter,
    hook: &Hook,
    lang: Lang,
) -> anyhow::Result<i32> {
    let r = table.rules();
    let path = table.save().path().to_path_buf();
    let saved_hint = || Said::SavedHint(&path).text(lang);
    let refused = |refusal| match refusal {
        Refused::Game(v) => fischerspiel_error(r, FischerspielProblem::Refused(v)),
        Refused::Stopped(e) => Error::from(e),
    };
    p.say(&said::status(r, table.game().current(), lang));
    let mut told = false;
    // The play this game put into the history, if any.
    let mut recorded: Option<i64> = None;
    loop {
        // Over: the result, then (while answers can come) `undo` may still take back a
        // mistyped last event; `quit` or the end of an answers file leaves.
        let over = table.outcome().is_some();
        if over && !told {
            super::emit(&(said::outcome(r, table.game().current(), lang) + "\n"))?;
            // The history: the game is over and saved (a game finished again after an
            // undo replaces the play it recorded); the database can only add a warning.
            let save = table.save().path();
            recorded = plays::record_finished(
                hook.args,
                || {
                    let now = crate::history::clock::now();
                    let state = table.game().current();
                    plays::coop_play(hook.rules, hook.header, hook.players, state, save, now, PlaySource::Live)
                },
                save,
                recorded,
                lang,
            );
            told = true;
        }
        if over && !p.answers_left() {
            return Ok(0);
        }
        told &= over;
        let open = !table.questions(None).is_empty();
        let prompt = Said::Prompt(r, table.game().current(), open).text(lang);
        let validate = |text: &str| -> Result<(), String> {
            let checked =
                match said::read(r, table.game().current(), text, lang).map_err(|u| said::unread(r, &u, lang))? {
                    Typed::Event(Event::Undo) => table.check_undo(),
                    Typed::Event(e) => table.check(None, e),
                    _ => Ok(()),
                };
            checked.map_err(|v| words::refusal(r, &v, lang))
        };
        let answer = p.line(&prompt, &validate).with_context(saved_hint)?;
        let read = said::read(r, table.game().current(), &answer, lang);
        match read.map_err(|u| fischerspiel_error(r, FischerspielProblem::Unread(u)))? {
            Typed::Help => p.say(&said::help(r, table.game().current(), lang)),
            Typed::Status => p.say(&said::status(r, table.game().current(), lang)),
            Typed::Quit => {
                p.say(&Said::Saved { file: &path, n: table.game().len() }.text(lang));
                return Ok(0);
            }
            Typed::Event(Event::Undo) => table.undo().map_err(refused)?,
            Typed::Event(e) => {
                table.answer(None, e.clone()).map_err(refused)?;
                // What it did, said (a boat sailing or loading said nothing: did it take?).
                if let Some(done) = said::event_done(r, table.game().current(), &e, lang) {
                    p.say(&done);
                }
            }
        }
        let told_now = table.take_told();
        let s = table.game().current();
        for news in told_now {
            match news {
                Told::Undone => p.say(&Said::Undone(r, s).text(lang)),
                Told::Answered { happened, .. } => {
                    for effect in happened.iter().filter(|e| !matches!(e, Effect::Over(_))) {
                        p.say(&said::effect(r, s, effect, lang));
                    }
                }
            }
        }
    }
}
