//! `deckhand play fischerspiel …` and `deckhand resume FILE` for co-operative games tracked
//! event by event (`cli::mod` dispatches here on the game, and on the save's header format);
//! each event is appended to the journal (`log::Journal`) before the next prompt.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;

use super::args::SavedRules;
use super::commands;
use super::live::{self, LiveView};
use super::record::{self, LiveArgs};
use super::saves;
use crate::games::fischerspiel::model::{FischerspielRules, WindSource};
use crate::games::fischerspiel::setup::CoopSetup;
use crate::games::fischerspiel::state::{fish_size, Effect, Event, Outcome, Setup, Side, State, Timeline};
use crate::games::live::{LiveGame, Replay};
use crate::games::table::{Refusal, Table, Told};
use crate::games::{Game, Rules};
use crate::history::Source;
use crate::log::files;
use crate::log::journal::Read;
use crate::log::save::{Header, Setup as SaveSetup};
use crate::log::Journal;
use crate::text::fischerspiel as words;
use crate::text::Lang;
use crate::ui::{self, Prompter};
use crate::Error;
use serde_json::Value;

/// `--players` for a co-op game: the number of players, or their names in seating order
/// (kept in the save, so the history knows who played).
pub fn players(given: &[String], lang: Lang) -> Result<(Option<u32>, Vec<String>), Error> {
    let names: Vec<String> = given.iter().map(|n| n.trim().to_string()).collect();
    let numeric = |n: &str| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit());
    match names.as_slice() {
        [] => Ok((None, Vec::new())),
        [n] if numeric(n) => n
            .parse::<u32>()
            .map(|n| (Some(n), Vec::new()))
            .map_err(|_| Error::Usage(crate::msg!("games.fischerspiel.cmd.players_number_bad", n = n))),
        many if many.len() > 1 && !many.iter().any(|n| numeric(n)) => {
            saves::check_player_names(&names, lang).map_err(Error::said)?;
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
        Some(coop) => crate::t!(lang, "cli.resume.players_n", n = coop.players),
        None => header.players.join(", "),
    },
    setup_problem: live::setup_problem::<Timeline>,
};

/// `play` of a co-operative game: its flags checked, then the game.
fn play_command(args: commands::play::PlayArgs, rules: Rules, lang: Lang) -> anyhow::Result<i32> {
    if args.serve.serve {
        return Err(Error::Usage(crate::msg!("web.serve_fleet_only", game = rules.names())).into());
    }
    commands::play::refuse(args.fleet.given(), &rules)?;
    let (players, names) = players(&args.players, lang)?;
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
    let io = |e: std::io::Error| Error::Read { path: path.display().to_string(), cause: e };
    record::coop_play(&rules, header, players, timeline.current(), path, ended, Source::Import).map(Some).map_err(io)
}

/// How far an unfinished co-operative save got: its events.
fn progress(path: &Path, header: &Header, read: &Read<Value, Value>, lang: Lang) -> Option<String> {
    let events = live::typed::<Timeline>(&read.entries)?;
    let (_, _, timeline) = reopen(path, header, &events, None, false, lang).ok()?;
    if timeline.finished() {
        return None;
    }
    Some(crate::t!(lang, "cli.resume.progress_events", n = read.entries.len()))
}

fn play(rules: Rules, args: PlayArgs, lang: Lang) -> anyhow::Result<i32> {
    match &rules.game {
        Game::Fischerspiel(r) => new_fischerspiel(&rules, r, args, lang),
        _ => {
            Err(Error::Usage(crate::msg!("games.fischerspiel.cmd.play_endgame", game = rules.names(), id = rules.id()))
                .into())
        }
    }
}

pub fn resume(args: ResumeArgs, head: Header, lang: Lang) -> anyhow::Result<i32> {
    let rules = saves::rules_for(&args.file, &head, args.rules.as_deref(), args.allow_rules_change, lang)?;
    match (&rules.game, saves::setup_of::<Timeline>(&head)) {
        (Game::Fischerspiel(r), Some(setup)) => {
            let hook = Hook { rules: &rules, header: &head, players: setup.players, args: &args.history };
            resume_fischerspiel(r, &args, &setup, &hook, lang)
        }
        _ => Err(Error::Usage(crate::msg!("games.fischerspiel.cmd.resume_unsupported", game = &head.game)).into()),
    }
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
    let (Game::Fischerspiel(r), Some(setup)) = (&rules.game, saves::setup_of::<Timeline>(head)) else {
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
            report: crate::t!(
                lang,
                "games.fischerspiel.cmd.bad_event",
                path = file.display(),
                line = i + 2,
                why = words::refusal(r, &v, lang)
            ),
        },
    })
}

fn new_fischerspiel(rules: &Rules, r: &FischerspielRules, args: PlayArgs, lang: Lang) -> anyhow::Result<i32> {
    let players = args.players.ok_or_else(|| {
        Error::Usage(crate::msg!(
            "games.fischerspiel.cmd.needs_players",
            id = &r.id,
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
        .map_err(|e| Error::said(words::setup_error(r, &e, lang)))?;
    let mut prompter = ui::prompter_for_in(args.answers.as_deref(), "play", lang)?;
    let path = match args.output.clone() {
        Some(path) => path,
        None => saves::default_save(&r.id)?,
    };
    let setup_saved = CoopSetup::of(r, players, &setup);
    let game =
        Timeline::start(r, &args.names, &setup_saved).map_err(|e| Error::said(words::setup_error(r, &e, lang)))?;
    let written =
        Header::new(&r.id, saves::stamp(rules), args.names.clone(), SaveSetup::new(Timeline::ENGINE, setup_saved));
    let header = written.opaque();
    files::remove_stale_temps(path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new(".")));
    let journal = Journal::create(&path, &written)?;
    let p = prompter.as_mut();
    p.say(&setup_text(r, &setup, lang));
    p.say(&crate::t!(lang, "games.fischerspiel.saving", path = path.display()));
    let hook = Hook { rules, header: &header, players, args: &args.history };
    session(&mut Table::new(r, game, journal, 0), p, &hook, lang)
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
        super::say(&crate::t!(lang, "games.fischerspiel.notice", note = torn.notice(&args.file).text(lang)));
    }
    let mut prompter = match ui::prompter_for_in(args.answers.as_deref(), "resume", lang) {
        Ok(p) => p,
        // A finished game with nobody to ask: its result, as before.
        Err(_) if timeline.current().outcome.is_some() => {
            super::say(&status_text(r, timeline.current(), lang));
            super::emit(&(outcome_text(r, timeline.current(), lang) + "\n"))?;
            return Ok(0);
        }
        Err(e) => return Err(e.into()),
    };
    files::remove_stale_temps(
        args.file.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new(".")),
    );
    let p = prompter.as_mut();
    p.say(&crate::t!(lang, "games.fischerspiel.resuming", path = args.file.display(), n = opened.entries.len()));
    let entries = opened.entries.len() as u64;
    session(&mut Table::new(r, timeline, opened.journal, entries), p, hook, lang)
}

enum Cmd {
    Event(Event),
    Status,
    Help,
    Quit,
}

fn parse_side(word: &str, lang: Lang) -> Result<Side, String> {
    match word.to_lowercase().as_str() {
        "north" | "n" | "nord" => Ok(Side::North),
        "east" | "e" | "ost" | "est" => Ok(Side::East),
        "south" | "s" | "süd" | "sued" | "sud" => Ok(Side::South),
        "west" | "w" | "ouest" => Ok(Side::West),
        other => Err(crate::t!(lang, "games.fischerspiel.cmd.not_a_side", word = other)),
    }
}

/// An event's word in `lang` (`sail`, `auslaufen`, `sortir`).
fn event_word(key: &str, lang: Lang) -> String {
    match key {
        "wind" => crate::t!(lang, "games.fischerspiel.word.wind"),
        "crest" => crate::t!(lang, "games.fischerspiel.word.crest"),
        "direction" => crate::t!(lang, "games.fischerspiel.word.direction"),
        "sail" => crate::t!(lang, "games.fischerspiel.word.sail"),
        "home" => crate::t!(lang, "games.fischerspiel.word.home"),
        "catch" => crate::t!(lang, "games.fischerspiel.word.catch"),
        "dump" => crate::t!(lang, "games.fischerspiel.word.dump"),
        "transfer" => crate::t!(lang, "games.fischerspiel.word.transfer"),
        "stuck" => crate::t!(lang, "games.fischerspiel.word.stuck"),
        "undo" => crate::t!(lang, "games.fischerspiel.word.undo"),
        "status" => crate::t!(lang, "games.fischerspiel.word.status"),
        "help" => crate::t!(lang, "games.fischerspiel.word.help"),
        "quit" => crate::t!(lang, "games.fischerspiel.word.quit"),
        other => other.to_string(),
    }
}

/// The event key a typed word names: the English key itself (what saves and answers files
/// use), or its word in `lang`.
fn canonical_event(typed: &str, lang: Lang) -> String {
    const KEYS: [&str; 13] = [
        "wind",
        "crest",
        "direction",
        "sail",
        "home",
        "catch",
        "dump",
        "transfer",
        "stuck",
        "undo",
        "status",
        "help",
        "quit",
    ];
    let typed = typed.to_lowercase();
    if KEYS.contains(&typed.as_str()) {
        return typed;
    }
    KEYS.iter().find(|k| crate::text::same_word(&event_word(k, lang), &typed)).map_or(typed, |k| k.to_string())
}

fn parse_command(r: &FischerspielRules, state: &State, text: &str, lang: Lang) -> Result<Cmd, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(first) = words.first() else { return Err(crate::t!(lang, "games.fischerspiel.cmd.need_event")) };
    let need = |n: usize, usage: &str| -> Result<(), String> {
        if words.len() == n + 1 {
            Ok(())
        } else {
            Err(crate::t!(lang, "games.fischerspiel.cmd.write_as", usage = usage))
        }
    };
    let boat = |w: &str| {
        state.boat(r, w).map(|b| r.boats[state.boats[b].colour].id.clone()).map_err(|v| words::refusal(r, &v, lang))
    };
    let fish = |w: &str| fish_size(r, w).map(|f| r.fish[f].id.clone()).map_err(|v| words::refusal(r, &v, lang));
    // The words of a usage line (`sail BOAT`) in the language; the event words are typed.
    let (b, size, side) = (
        crate::t!(lang, "games.fischerspiel.cmd.word_boat"),
        crate::t!(lang, "games.fischerspiel.cmd.word_size"),
        crate::t!(lang, "games.fischerspiel.cmd.word_side"),
    );
    let w = |key: &str| event_word(key, lang);
    let event = match canonical_event(first, lang).as_str() {
        "help" | "?" => return Ok(Cmd::Help),
        "status" => return Ok(Cmd::Status),
        "quit" | "exit" | "save" => return Ok(Cmd::Quit),
        "wind" | "crest" => match words.len() {
            1 => Event::Wind { side: None },
            2 => Event::Wind { side: Some(parse_side(words[1], lang)?) },
            _ => return Err(crate::t!(lang, "games.fischerspiel.cmd.wind_usage")),
        },
        "direction" => {
            need(1, &format!("{} {side}", w("direction")))?;
            Event::Direction { side: parse_side(words[1], lang)? }
        }
        "sail" => {
            need(1, &format!("{} {b}", w("sail")))?;
            Event::Sail { boat: boat(words[1])? }
        }
        "home" => {
            need(1, &format!("{} {b}", w("home")))?;
            Event::Home { boat: boat(words[1])? }
        }
        "catch" => {
            need(2, &format!("{} {b} {size}", w("catch")))?;
            Event::Catch { boat: boat(words[1])?, fish: fish(words[2])? }
        }
        "dump" => {
            need(2, &format!("{} {b} {size}", w("dump")))?;
            Event::Dump { boat: boat(words[1])?, fish: fish(words[2])? }
        }
        "transfer" => {
            need(3, &crate::t!(lang, "games.fischerspiel.cmd.transfer_usage"))?;
            Event::Transfer { from: boat(words[1])?, to: boat(words[2])?, fish: fish(words[3])? }
        }
        "stuck" => Event::Stuck,
        "undo" => Event::Undo,
        other => return Err(crate::t!(lang, "games.fischerspiel.cmd.not_an_event", word = other)),
    };
    Ok(Cmd::Event(event))
}

/// The terminal's view of the table service: it asks what happened, hands the typed event
/// to the table and says what the table tells.
fn session(table: &mut Table<Timeline, Journal>, p: &mut dyn Prompter, hook: &Hook, lang: Lang) -> anyhow::Result<i32> {
    let r = table.rules();
    let path = table.save().path().display().to_string();
    let saved_hint = || crate::t!(lang, "games.fischerspiel.cmd.saved_hint", path = path);
    let refused = |refusal| match refusal {
        Refusal::Game(v) => Error::said(words::refusal(r, &v, lang)),
        Refusal::Stopped(e) => e,
    };
    p.say(&status_text(r, table.game().current(), lang));
    let mut told = false;
    // The play this game put into the history, if any.
    let mut recorded: Option<i64> = None;
    loop {
        // Over: the result, then (while answers can come) `undo` may still take back a
        // mistyped last event; `quit` or the end of an answers file leaves.
        let over = table.outcome().is_some();
        if over && !told {
            super::emit(&(outcome_text(r, table.game().current(), lang) + "\n"))?;
            // The history: the game is over and saved (a game finished again after an
            // undo replaces the play it recorded); the database can only add a warning.
            let save = table.save().path();
            recorded = record::record_finished(
                hook.args,
                || {
                    let now = crate::history::clock::now();
                    let state = table.game().current();
                    record::coop_play(hook.rules, hook.header, hook.players, state, save, now, Source::Live)
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
        let s = table.game().current();
        let prompt = if table.questions(None).is_empty() {
            crate::t!(lang, "games.fischerspiel.over_prompt")
        } else {
            crate::t!(
                lang,
                "games.fischerspiel.prompt",
                wind = s.wind,
                hurricane = r.wind.hurricane,
                landed = s.landed_total(),
                total = s.setup.total_fish()
            )
        };
        let validate = |text: &str| -> Result<(), String> {
            let checked = match parse_command(r, table.game().current(), text, lang)? {
                Cmd::Event(Event::Undo) => table.check_undo(),
                Cmd::Event(e) => table.check(None, e),
                _ => Ok(()),
            };
            checked.map_err(|v| words::refusal(r, &v, lang))
        };
        let answer = p.input(&prompt, &validate).with_context(saved_hint)?;
        match parse_command(r, table.game().current(), &answer, lang).map_err(Error::said)? {
            Cmd::Help => p.say(&help_text(r, table.game().current(), lang)),
            Cmd::Status => p.say(&status_text(r, table.game().current(), lang)),
            Cmd::Quit => {
                p.say(&crate::t!(lang, "games.fischerspiel.saved", path = path, n = table.game().len()));
                return Ok(0);
            }
            Cmd::Event(Event::Undo) => table.undo().map_err(refused)?,
            Cmd::Event(e) => table.answer(None, e).map_err(refused)?,
        }
        let told_now = table.take_told();
        let s = table.game().current();
        for news in told_now {
            match news {
                Told::Undone => {
                    p.say(&format!("{}\n{}", crate::t!(lang, "games.fischerspiel.undone"), status_text(r, s, lang)))
                }
                Told::Answered { happened, .. } => {
                    for effect in happened.iter().filter(|e| !matches!(e, Effect::Over(_))) {
                        p.say(&effect_text(r, s, effect, lang));
                    }
                }
            }
        }
    }
}

fn boat_name<'a>(r: &'a FischerspielRules, s: &State, boat: usize, lang: Lang) -> &'a str {
    words::boat_name(r, s.boats[boat].colour, lang)
}

fn side_name(side: Side, lang: Lang) -> String {
    match side {
        Side::North => crate::t!(lang, "games.fischerspiel.side.north"),
        Side::East => crate::t!(lang, "games.fischerspiel.side.east"),
        Side::South => crate::t!(lang, "games.fischerspiel.side.south"),
        Side::West => crate::t!(lang, "games.fischerspiel.side.west"),
    }
}

fn effect_text(r: &FischerspielRules, s: &State, effect: &Effect, lang: Lang) -> String {
    let w = &r.wind;
    match effect {
        Effect::WindUp { wind } => crate::t!(lang, "games.fischerspiel.wind_up", wind = wind, hurricane = w.hurricane),
        Effect::Relief { landed, wind } => crate::t!(lang, "games.fischerspiel.relief", landed = landed, wind = wind),
        Effect::ReliefNoMarker { landed } => crate::t!(lang, "games.fischerspiel.relief_no_marker", landed = landed),
        Effect::Landed { boat, fish, total } => crate::t!(
            lang,
            "games.fischerspiel.landed",
            boat = boat_name(r, s, *boat, lang),
            n = fish,
            landed = total,
            total = s.setup.total_fish()
        ),
        Effect::Capacity { fish } if *fish < w.capacity => {
            crate::t!(lang, "games.fischerspiel.capacity_down", wind = w.storm_from, n = fish)
        }
        Effect::Capacity { fish } => crate::t!(lang, "games.fischerspiel.capacity_up", wind = w.storm_from, n = fish),
        Effect::MustDump { boat } => {
            let b = &s.boats[*boat];
            crate::t!(
                lang,
                "games.fischerspiel.must_dump",
                boat = boat_name(r, s, *boat, lang),
                n = b.load.len(),
                id = r.boats[b.colour].name.get(lang)
            )
        }
        Effect::Drift { squares: 0 } => crate::t!(lang, "games.fischerspiel.drift_none"),
        Effect::Drift { squares } => {
            let toward = s
                .direction
                .map(|d| crate::t!(lang, "games.fischerspiel.drift_toward", side = side_name(d.downwind(), lang)))
                .unwrap_or_default();
            crate::t!(lang, "games.fischerspiel.drift", n = squares, toward = toward)
        }
        Effect::MayTurn => {
            let now = s
                .direction
                .map(|d| crate::t!(lang, "games.fischerspiel.may_turn_now", side = side_name(d, lang)))
                .unwrap_or_default();
            crate::t!(lang, "games.fischerspiel.may_turn", now = now)
        }
        Effect::Over(_) => String::new(),
    }
}

fn status_text(r: &FischerspielRules, s: &State, lang: Lang) -> String {
    let mut o = String::new();
    let v = &r.variants[s.setup.variant];
    o.push_str(&crate::t!(
        lang,
        "games.fischerspiel.status",
        game = r.name.get(lang),
        variant = v.name.get(lang),
        wind = s.wind,
        hurricane = r.wind.hurricane,
        n = s.capacity(r)
    ));
    if v.drift {
        let dir = s.direction.map_or(crate::t!(lang, "games.fischerspiel.markers_unplaced"), |d| {
            crate::t!(lang, "games.fischerspiel.markers_from", side = side_name(d, lang))
        });
        o.push_str(&crate::t!(lang, "games.fischerspiel.status_drift", dir = dir, n = r.wind.drift_at(s.wind)));
    }
    let sea: Vec<String> = r
        .fish
        .iter()
        .zip(&s.sea)
        .filter(|(_, n)| **n > 0)
        .map(|(f, n)| crate::t!(lang, "games.fischerspiel.fish_count", n = n, fish = f.name.get(lang)))
        .collect();
    o.push('\n');
    o.push_str(&crate::t!(
        lang,
        "games.fischerspiel.status_fish",
        sea = s.at_sea_total(),
        detail = if sea.is_empty() { String::new() } else { format!(" ({})", sea.join(", ")) },
        boats = s.on_boats_total(),
        landed = s.landed_total(),
        total = s.setup.total_fish()
    ));
    let boats: Vec<String> = s
        .boats
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let name = boat_name(r, s, i, lang);
            if b.home {
                crate::t!(lang, "games.fischerspiel.boat_home", boat = name)
            } else if b.load.is_empty() {
                crate::t!(lang, "games.fischerspiel.boat_empty", boat = name)
            } else {
                let load: Vec<&str> = b.load.iter().map(|f| r.fish[*f].name.get(lang)).collect();
                crate::t!(lang, "games.fischerspiel.boat_load", boat = name, load = load.join(", "))
            }
        })
        .collect();
    o.push('\n');
    o.push_str(&crate::t!(
        lang,
        "games.fischerspiel.status_boats",
        list = boats.join(&crate::t!(lang, "games.fischerspiel.boat_sep"))
    ));
    o
}

fn outcome_text(r: &FischerspielRules, s: &State, lang: Lang) -> String {
    match s.outcome {
        Some(Outcome::Won) => crate::t!(
            lang,
            "games.fischerspiel.won",
            total = s.setup.total_fish(),
            wind = s.wind,
            hurricane = r.wind.hurricane
        ),
        Some(Outcome::LostToHurricane) => crate::t!(
            lang,
            "games.fischerspiel.lost_hurricane",
            hurricane = r.wind.hurricane,
            missing = s.setup.total_fish() - s.landed_total(),
            n = s.boats.iter().filter(|b| !b.home).count()
        ),
        Some(Outcome::LostStuck) => crate::t!(lang, "games.fischerspiel.lost_stuck"),
        None => String::new(),
    }
}

fn help_text(r: &FischerspielRules, s: &State, lang: Lang) -> String {
    let v = &r.variants[s.setup.variant];
    let wind = match (v.wind, v.drift) {
        (WindSource::Die, _) => crate::t!(lang, "games.fischerspiel.cmd.help_wind_die"),
        (WindSource::Crest, false) => crate::t!(lang, "games.fischerspiel.cmd.help_wind_crest"),
        (WindSource::Crest, true) => crate::t!(lang, "games.fischerspiel.cmd.help_wind_side"),
    };
    let boats: Vec<&str> = s.boats.iter().map(|b| r.boats[b.colour].name.get(lang)).collect();
    let sizes: Vec<&str> = r.fish.iter().map(|f| f.word.get(lang)).collect();
    let mut o = crate::t!(lang, "games.fischerspiel.cmd.help_events", wind = wind);
    if v.drift {
        o.push_str(&crate::t!(lang, "games.fischerspiel.cmd.help_drift"));
    }
    o.push_str(&crate::t!(
        lang,
        "games.fischerspiel.cmd.help_also",
        boats = boats.join(", "),
        sizes = sizes.join(", ")
    ));
    o
}

fn setup_text(r: &FischerspielRules, setup: &Setup, lang: Lang) -> String {
    let fish: Vec<String> = r
        .fish
        .iter()
        .zip(&setup.fish)
        .filter(|(_, n)| **n > 0)
        .map(|(f, n)| crate::t!(lang, "games.fischerspiel.setup_fish", n = n, fish = f.name.get(lang), boats = f.boats))
        .collect();
    let boats: Vec<&str> = setup.boats.iter().map(|b| r.boats[*b].name.get(lang)).collect();
    crate::t!(
        lang,
        "games.fischerspiel.setup",
        game = r.name.get(lang),
        players = setup.boats.len(),
        variant = r.variants[setup.variant].name.get(lang),
        total = setup.total_fish(),
        fish = fish.join(", "),
        boats = boats.join(", ")
    )
}
