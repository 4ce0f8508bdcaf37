//! `deckhand play`, `resume`, `replay` and `show`: a live Fleet game at the table. Every
//! confirmed decision is appended to the save file and flushed before the next prompt.

use std::path::{Path, PathBuf};

use super::args::{DiceMode, SavedRules};
use super::commands::play::{bot_level, refuse, PlayArgs};
use super::commands::resume::ResumeArgs;
use super::fleet_terminal::FleetTerminal;
use super::live::{self, Hook, LiveView};
use super::plays::{self, LiveArgs};
use super::terminal::Host;
use super::{emit, saves, score_check::fleet_standings};
use crate::games::fleet::entry::Entries;
use crate::games::fleet::game::Dice;
use crate::games::fleet::session::{Entry, Session};
use crate::games::fleet::setup::FleetSetup;
use crate::games::fleet::table::FleetTable;
use crate::games::fleet::{check_game, Sheet};
use crate::games::live::{LiveGame, Replay};
use crate::games::table::Shared;
use crate::games::{FleetRules, Rules};
use crate::history::PlaySource;
use crate::report::sheet::{sheets_text, terminal_width};
use crate::report::Format;
use crate::source::ReadError;
use crate::store::journal::Read;
use crate::store::save::{Header, Setup};
use crate::store::{files, Journal};
use crate::text::fleet as fleet_text;
use crate::text::table::{self as table_text, Note};
use crate::text::Lang;
use crate::ui::Prompter;
use crate::{ui, Error};
use serde_json::Value;

pub struct PlayOptions<'a> {
    pub players: &'a [String],
    pub solo: bool,
    pub captains: bool,
    pub trophies: bool,
    pub digital: bool,
    pub seed: Option<u64>,
    /// `--deal CODE`: digital dice dealt by the code.
    pub deal: Option<crate::games::fleet::setup::DealCode>,
    pub save: Option<&'a Path>,
    pub answers: Option<&'a Path>,
    /// `--no-record`, `--db`: the history.
    pub history: &'a LiveArgs,
    /// `--serve [--bind ADDR]`: the table on the players' phones.
    pub serve: &'a super::served::ServeArgs,
    /// `--ask-all`: every decision asked, one answer each, nothing applied for the table.
    pub ask_all: bool,
    /// `--coach N`: a line after a person's choice that lost more than N expected points.
    pub coach: Option<f64>,
    /// `--bots N --bot-level L --bot-names …`: the last N seats played by deckhand.
    pub bots: Option<(u32, crate::games::fleet::setup::BotLevel, &'a [String])>,
}

/// Fleet's view in the registry of live games (`cli::live`).
pub const VIEW: LiveView = LiveView {
    engine: Session::ENGINE,
    play: play_command,
    resume: resume_command,
    finished: finished_play,
    progress,
    players: |header, _| header.players.join(", "),
    setup_problem: live::setup_problem::<Session>,
};

/// `play` of a Fleet game: its flags checked, then the game.
fn play_command(args: PlayArgs, rules: Rules, lang: Lang) -> anyhow::Result<i32> {
    refuse([args.coop.given(), args.set_given()].concat(), &rules)?;
    let f = &args.fleet;
    super::commands::play::coach_at_terminal(f.coach, args.serve.serve)?;
    if f.deal.is_some() && f.dice != DiceMode::Digital {
        return Err(Error::Usage(crate::msg!("cli.play.deal_needs_digital")).into());
    }
    if f.deal.is_some() && f.seed.is_some() {
        return Err(Error::Usage(crate::msg!("cli.play.deal_and_seed")).into());
    }
    let options = PlayOptions {
        players: &args.players,
        solo: f.solo,
        captains: f.captains,
        trophies: f.trophies,
        digital: f.dice == DiceMode::Digital,
        seed: f.seed,
        deal: f.deal,
        save: args.save.as_deref(),
        answers: args.answers.answers.as_deref(),
        history: &args.history,
        serve: &args.serve,
        ask_all: f.ask_all,
        coach: f.coach,
        bots: f.bots.map(|n| (n, bot_level(f.bot_level), f.bot_names.as_slice())),
    };
    play(rules, options, lang)
}

/// `resume` of a Fleet save.
fn resume_command(args: ResumeArgs, path: PathBuf, _header: Header, lang: Lang) -> anyhow::Result<i32> {
    super::commands::play::coach_at_terminal(args.coach, args.serve.serve)?;
    let options = ResumeOptions {
        path: &path,
        answers: args.answers.answers.as_deref(),
        rules: args.rules.rules.as_deref(),
        allow_change: args.rules.allow_rules_change,
        history: &args.history,
        serve: &args.serve,
        ask_all: args.ask_all,
        coach: args.coach,
    };
    resume(options, lang)
}

/// `import` of a Fleet save: its play when the game is over.
fn finished_play(path: &Path, _header: &Header, rules: &SavedRules, ended: i64, lang: Lang) -> live::Finished {
    let read = Journal::read::<serde_json::Value, Entry>(path)?;
    let (rules_path, allow) = (rules.rules.as_deref(), rules.allow_rules_change);
    let (rules, header, _, session) = reopen(path, &read.header, &read.entries, rules_path, allow, lang)?;
    if !session.game.finished() {
        return Ok(None);
    }
    let io = |e: std::io::Error| Error::Read(ReadError::Io { path: path.display().to_string(), cause: e });
    plays::fleet_play(&rules, &session, &header, path, ended, PlaySource::Import).map(Some).map_err(io)
}

/// How far an unfinished Fleet save got: its round.
fn progress(path: &Path, _header: &Header, read: &Read<Value, Value>, lang: Lang) -> Option<String> {
    let entries = live::typed::<Session>(&read.entries)?;
    let (_, _, _, session) = reopen(path, &read.header, &entries, None, false, lang).ok()?;
    if session.game.finished() {
        return None;
    }
    Some(crate::text::table::progress_rounds(session.game.round, session.game.rounds, lang))
}

pub fn play(rules: Rules, o: PlayOptions, lang: Lang) -> anyhow::Result<i32> {
    let fleet = rules.fleet().ok_or_else(|| Error::Usage(crate::msg!("cli.play.unsupported", game = rules.id())))?;
    let with_bots = super::bots::names(o.players, o.bots, &rules, lang)?;
    let names = player_names(fleet, &with_bots, o.solo && o.bots.is_none())?;
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
        None => saves::default_save(rules.id())?,
    };
    let setup = FleetSetup {
        dice: if o.digital { Dice::Digital } else { Dice::Physical },
        seed: (o.digital && o.deal.is_none()).then_some(seed),
        solo: names.len() == 1,
        captains: o.captains,
        trophies: o.trophies,
        deal: o.deal,
        bots: o.bots.map(|(n, level, _)| crate::games::fleet::setup::Bots {
            first: names.len() - n as usize,
            level,
            seed,
        }),
    };
    let written = Header::new(rules.id(), saves::stamp(&rules), names.clone(), Setup::new(Session::ENGINE, setup));
    let header = written.opaque();
    // --serve: listen, and find the terminal (or none), before the save exists.
    if o.serve.serve {
        let prepared = super::served::prepare(o.serve, None, o.answers, "play", lang)?;
        files::remove_stale_temps(save.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
        let journal = Journal::create(&save, &written)?;
        super::interrupt::set_note(&format!("\n{}\n", Note::Interrupted(&save).text(lang)));
        let mut session = Session::with_setup(fleet, &names, setup.options());
        let mut greeting =
            vec![format!("{} {}", table_text::start_line(fleet, &names, lang), Note::SavedTo(&save).text(lang))];
        greeting.extend(session.game.take_events().iter().map(|e| fleet_text::event(fleet, &session.game, e, lang)));
        let game =
            super::served::Game { rules: fleet, setup, session, journal, entries: 0, tokens: None, ask_all: o.ask_all };
        let hook = Hook::new(&rules, &header, o.history);
        return super::served::run(prepared, game, &greeting, &hook, lang);
    }
    // Ask for a way to prompt before creating the save, so a failure leaves nothing behind.
    let mut prompter = ui::prompter_for_in(o.answers, "play", lang)?;
    files::remove_stale_temps(save.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
    let journal = Journal::create(&save, &written)?;
    super::interrupt::set_note(&format!("\n{}\n", Note::Interrupted(&save).text(lang)));
    let p = prompter.as_mut();
    p.say(&format!("{} {}", table_text::start_line(fleet, &names, lang), Note::SavedTo(&save).text(lang)));
    p.say(&Note::AtAnyPrompt.text(lang));
    let mut session = Session::with_setup(fleet, &names, setup.options());
    for e in session.game.take_events() {
        p.say(&fleet_text::event(fleet, &session.game, &e, lang));
    }
    let opts = Entries { ask_all: o.ask_all || !p.entries() };
    at_table(fleet, setup, opts, session, (journal, 0), p, &Hook::new(&rules, &header, o.history), o.coach, lang)
}

/// A game at the terminal without phones: the library's table with the terminal as its
/// only screen, until the game is over and the table is done with it (an undo at the end
/// plays on).
#[allow(clippy::too_many_arguments)]
fn at_table(
    rules: &FleetRules,
    setup: FleetSetup,
    opts: Entries,
    session: Session,
    (journal, entries): (Journal, u64),
    p: &mut dyn Prompter,
    hook: &Hook,
    coach: Option<f64>,
    lang: Lang,
) -> anyhow::Result<i32> {
    let save = journal.path().to_path_buf();
    let words = crate::text::fleet_entry::vocabulary(rules, lang);
    let table = Shared::new(FleetTable::new(rules.clone(), setup, opts, session, journal, entries, words));
    let terminal = FleetTerminal { host: Host { table: &table, lang, site: None }, rules, coach };
    loop {
        super::terminal::play(&terminal, false, p)?;
        let session = table.read(|t| t.session().clone());
        let banner = finish(rules, &session, &save, &mut |line: &str| p.say(line), hook, lang)?;
        if let Some(banner) = &banner {
            p.say(banner);
        }
        if super::terminal::game_over(&terminal, p, banner.as_deref(), lang)? {
            return Ok(0);
        }
    }
}

fn player_names(rules: &FleetRules, given: &[String], solo: bool) -> Result<Vec<String>, Error> {
    let names: Vec<String> = given.iter().map(|n| n.trim().to_string()).collect();
    let n = names.len() as u32;
    if solo && n != 1 {
        return Err(Error::Usage(crate::msg!("cli.play.solo_count", n = n)));
    }
    if n != 1 && (n < 2.max(rules.min_players) || n > rules.max_players) {
        let (game, max) = (&rules.name, &rules.max_players);
        return Err(Error::Usage(match n {
            0 => crate::msg!("cli.play.players_named_solo", game = game, max = max),
            _ => crate::msg!("cli.play.player_count", game = game, max = max, n = n),
        }));
    }
    saves::check_player_names(&names)?;
    Ok(names)
}

/// The end of the game: the final table, and every sheet written as a transcription file.
/// Returns the winner's banner (none in a solo game), for the caller to show as the last
/// thing on screen, below any file it names.
pub(super) fn finish(
    rules: &FleetRules,
    session: &Session,
    save: &Path,
    say: &mut dyn FnMut(&str),
    hook: &Hook,
    lang: Lang,
) -> anyhow::Result<Option<String>> {
    let sheets: Vec<&Sheet> = session.game.players.iter().map(|pl| &pl.sheet).collect();
    let owned: Vec<Sheet> = sheets.iter().map(|s| (*s).clone()).collect();
    let violations = check_game(rules, &owned);
    let counts = crate::games::fleet::per_sheet(&owned, &violations);
    let standings = fleet_standings(rules, &sheets, &counts, lang);
    emit(&standings.render_in(Format::Table, false, None, lang))?;
    let mut written = Vec::new();
    for sheet in &owned {
        let path = files::write_sheet(
            &saves::sheet_path(save, &sheet.player),
            &crate::text::sheet_file::write_fleet(rules, sheet, None, lang),
        )?;
        written.push(path.display().to_string());
    }
    say(&Note::SheetsWritten(&written).text(lang));
    for v in &violations {
        let message = crate::text::fleet_check::message(rules, v, lang);
        let w = format!("{} {} [{}] {}", v.player, v.box_id(), v.rule.id(), message);
        say(&Note::Warning(&w).text(lang));
    }
    // The history: the game, its save and its sheets are done; the database can only add
    // a warning.
    let recorded = plays::record_finished(
        hook.args,
        || plays::fleet_play(hook.rules, session, hook.header, save, crate::history::clock::now(), PlaySource::Live),
        save,
        hook.recorded.get(),
        lang,
    );
    hook.recorded.set(recorded);
    Ok(session.game.ruth.is_none().then(|| banner(&winner_line(&standings, lang))))
}

/// A line in a banner, to be read from across the table:
///
/// ```text
/// ╔═══════════════════════╗
/// ║   Dee wins with 108   ║
/// ╚═══════════════════════╝
/// ```
pub(super) fn banner(line: &str) -> String {
    let width = console::measure_text_width(line) + 6;
    let rule = "═".repeat(width);
    format!("╔{rule}╗\n║   {line}   ║\n╚{rule}╝")
}

/// Who won, and with how much: `Bob wins with 116`, `Ann and Bob share the win with 80`.
fn winner_line(standings: &crate::report::Standings, lang: Lang) -> String {
    let winners: Vec<&str> = standings.rows.iter().filter(|r| r.rank == 1).map(|r| r.player.as_str()).collect();
    let total = standings.rows.first().map(|r| r.total).unwrap_or(0);
    table_text::winner_line(&winners, total, lang)
}

/// A saved Fleet game read; a save of another game is refused with what `not_fleet` says
/// of its header (its entries are not Fleet's: read as Fleet's they would look damaged).
pub(crate) fn read_fleet_save(
    path: &Path,
    not_fleet: impl FnOnce(&crate::store::save::Header) -> crate::message::Message,
) -> anyhow::Result<crate::store::journal::Read<serde_json::Value, Entry>> {
    let head = Journal::read::<serde_json::Value, serde_json::Value>(path)?.header;
    let header = saves::header_of(path, head)?;
    if header.setup.engine != <Session as LiveGame>::ENGINE {
        return Err(Error::Usage(not_fleet(&header)).into());
    }
    Ok(Journal::read::<serde_json::Value, Entry>(path)?)
}

/// `replay` and `show`'s refusal of another game's save.
fn not_fleet(path: &Path, header: &crate::store::save::Header) -> crate::message::Message {
    let resume = crate::invocation::resume(path);
    crate::msg!("cli.save.not_fleet", file = path.display(), game = &header.game, resume = resume)
}

/// The rules a save file was played with, and its game replayed from the entries.
pub fn reopen(
    path: &Path,
    head: &serde_json::Value,
    entries: &[Entry],
    rules_path: Option<&Path>,
    allow_change: bool,
    lang: Lang,
) -> Result<(Rules, Header, FleetSetup, Session), Error> {
    let header = saves::header_of(path, head.clone())?;
    let rules = saves::rules_for(path, &header, rules_path, allow_change, lang)?;
    let (Some(fleet), Some(setup)) = (rules.fleet(), saves::setup_of::<Session>(&header)) else {
        return Err(Error::Usage(not_fleet(path, &header)));
    };
    let session = <Session as LiveGame>::replay(fleet, &header.players, &setup, entries).map_err(|failed| {
        // The header is the save's line 1; entry i is on line i + 2.
        let (line, why) = match failed {
            Replay::Setup(never) => match never {},
            Replay::Entry(i, why) => (i + 2, why),
        };
        Error::Reported {
            what: path.display().to_string(),
            count: 1,
            report: table_text::replay_failed(fleet, &header.players, &setup, path, line, why, lang),
        }
    })?;
    Ok((rules, header, setup, session))
}

/// What `resume` is told about a Fleet save.
pub struct ResumeOptions<'a> {
    pub path: &'a Path,
    pub answers: Option<&'a Path>,
    pub rules: Option<&'a Path>,
    pub allow_change: bool,
    pub history: &'a LiveArgs,
    pub serve: &'a super::served::ServeArgs,
    pub ask_all: bool,
    pub coach: Option<f64>,
}

pub fn resume(o: ResumeOptions, lang: Lang) -> anyhow::Result<i32> {
    let ResumeOptions { path, answers, rules: rules_path, allow_change, history, serve, ask_all, coach } = o;
    // The save is locked from here on: a second deckhand on it is refused at once.
    let opened = Journal::open::<serde_json::Value, Entry>(path)?;
    let (rules, header, setup, mut session) =
        reopen(path, &opened.header, &opened.entries, rules_path, allow_change, lang)?;
    let fleet = rules.fleet().expect("checked in reopen");
    let resumed =
        Note::Resumed { file: path, round: Some(session.game.round), decisions: session.inputs.len() }.text(lang);
    let hook = Hook::new(&rules, &header, history);
    // --serve: the pages come back at the address they know.
    if serve.serve {
        let tokens = crate::serve::Tokens::read(path, header.players.len())?;
        let prepared =
            super::served::prepare(serve, tokens.as_ref().map(|t| t.bind.as_str()), answers, "resume", lang)?;
        files::remove_stale_temps(path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
        super::interrupt::set_note(&format!("\n{}\n", Note::Interrupted(path).text(lang)));
        let greeting: Vec<String> =
            opened.dropped_tail.iter().map(|torn| torn.notice(path).text(lang)).chain([resumed]).collect();
        session.game.take_events();
        let entries = opened.entries.len() as u64;
        let game =
            super::served::Game { rules: fleet, setup, session, journal: opened.journal, entries, tokens, ask_all };
        return super::served::run(prepared, game, &greeting, &hook, lang);
    }
    let mut prompter = ui::prompter_for_in(answers, "resume", lang)?;
    files::remove_stale_temps(path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
    let journal = opened.journal;
    super::interrupt::set_note(&format!("\n{}\n", Note::Interrupted(path).text(lang)));
    let p = prompter.as_mut();
    if let Some(torn) = &opened.dropped_tail {
        p.say(&torn.notice(path).text(lang));
    }
    p.say(&format!("{resumed} {}", Note::AtAnyPrompt.text(lang)));
    for line in table_text::recap(fleet, &session, lang) {
        p.say(&line);
    }
    session.game.take_events();
    let opts = Entries { ask_all: ask_all || !p.entries() };
    let entries = opened.entries.len() as u64;
    at_table(fleet, setup, opts, session, (journal, entries), p, &hook, coach, lang)
}

pub fn replay(
    path: &Path,
    rules_path: Option<&Path>,
    allow_change: bool,
    format: Format,
    detail: bool,
    lang: Lang,
) -> anyhow::Result<i32> {
    let read = read_fleet_save(path, |h| not_fleet(path, h))?;
    if let Some(torn) = &read.dropped_tail {
        super::say(&Note::Note(&torn.notice(path).text(lang)).text(lang));
    }
    let (rules, _, _, session) = reopen(path, &read.header, &read.entries, rules_path, allow_change, lang)?;
    let fleet = rules.fleet().expect("checked in reopen");
    let sheets: Vec<&Sheet> = session.game.players.iter().map(|pl| &pl.sheet).collect();
    let mut standings = fleet_standings(fleet, &sheets, &vec![0; sheets.len()], lang);
    if !session.game.finished() {
        let (round, rounds) = (session.game.round, session.game.rounds);
        standings.warnings.push(Note::Stopped { file: path, round, rounds }.text(lang));
    }
    emit(&standings.render_in(format, detail, None, lang))?;
    Ok(0)
}

pub fn show(
    path: &Path,
    player: Option<&str>,
    rules_path: Option<&Path>,
    allow_change: bool,
    lang: Lang,
) -> anyhow::Result<i32> {
    let read = read_fleet_save(path, |h| not_fleet(path, h))?;
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
    emit(&sheets_text(fleet, &players, lang, terminal_width(&console::Term::stdout())))?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{Row, Standings};

    fn standings(rows: &[(&str, i64, usize)]) -> Standings {
        let rows = rows
            .iter()
            .map(|(name, total, rank)| Row {
                rank: *rank,
                shared: false,
                ..Row::new(*name, vec![*total], vec![], vec![])
            })
            .collect();
        Standings {
            game: "fleet-dice".into(),
            categories: vec!["total".into()],
            tie_breaks: vec![],
            rows,
            notes: vec![],
            warnings: vec![],
            headline: None,
        }
    }

    #[test]
    fn the_winner_is_announced_and_a_shared_win_names_everyone_who_shares_it() {
        assert_eq!(winner_line(&standings(&[("Bob", 116, 1), ("Ann", 90, 2)]), Lang::En), "Bob wins with 116");
        let three = standings(&[("Ann", 80, 1), ("Bob", 80, 1), ("Cy", 80, 1), ("Dee", 2, 4)]);
        assert_eq!(winner_line(&three, Lang::En), "Ann, Bob and Cy share the win with 80");
        assert_eq!(winner_line(&three, Lang::De), "Ann, Bob und Cy teilen sich den Sieg mit 80 Punkten");
    }

    #[test]
    fn the_winner_stands_in_a_banner() {
        assert_eq!(
            banner("Bob wins with 116"),
            "╔═══════════════════════╗\n║   Bob wins with 116   ║\n╚═══════════════════════╝"
        );
    }
}
