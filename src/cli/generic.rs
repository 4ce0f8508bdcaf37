//! Any live game without a view of its own, at the terminal and on the phones: an engine
//! registered with its live side (`games::ENGINES`, `described::LiveEngine`) is played
//! here through the library's generic table (`games::table::any`) — `play` with its setup
//! options (`--dice`, `--seed`, `--set NAME=VALUE`), `resume`, `replay`, `show`, `advise`,
//! `review`, the history's `import` and the list of unfinished games — and asked at the
//! terminal by the one terminal loop: a question's options as a menu that also takes typed
//! words, the dice to keep and the dice to enter as a typed line; its sheets, scores, final
//! table, sheet files and final screens' review from what the game describes.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::args::{DiceMode, SavedRules};
use super::commands::play::{refuse, PlayArgs};
use super::commands::resume::ResumeArgs;
use super::live::{self, Hook, LiveView};
use super::plays;
use super::terminal::{Asked, AtTerminal, Host, HostDoor};
use super::{emit, saves};
use crate::games::described::{Form, LiveEngine, Opt, Question};
use crate::games::fleet::setup::Bots;
use crate::games::live::Replay;
use crate::games::table::any::{AnyTable, Refused};
use crate::games::table::command::Shown;
use crate::games::table::{Command, Said, Screen, Shared, Typed};
use crate::games::Rules;
use crate::history::PlaySource;
use crate::report::{Format, Standings};
use crate::serve::generic::{AnyServed, AnyShared};
use crate::store::journal::Read;
use crate::store::save::{Header, Setup};
use crate::store::{files, Journal};
use crate::text::described as said;
use crate::text::table::{self as table_text, command, command_line, typed_commands, Note};
use crate::text::Lang;
use crate::ui::{self, Choice, Entry, Picked, Prompter};
use crate::Error;

/// The view of every engine played through the generic table (`cli::live`): each function
/// finds the engine by the rules' or the save's engine id.
pub const VIEW: LiveView = LiveView {
    engine: "",
    play: play_command,
    resume: resume_command,
    finished: finished_play,
    progress,
    players: |header, _| header.players.join(", "),
    setup_problem: |_| None,
};

/// The live side of an engine, or why a game of it cannot be played here.
fn engine_of(id: &str) -> Result<&'static dyn LiveEngine, Error> {
    crate::games::live_engine(id).ok_or_else(|| Error::Usage(crate::msg!("cli.play.unsupported", game = id)))
}

/// `play` of a described game: its setup options, then the game.
fn play_command(args: PlayArgs, rules: Rules, lang: Lang) -> anyhow::Result<i32> {
    let engine = engine_of(rules.game.engine())?;
    // The dice and their seed are this game's setup options, and a game with an advisor
    // takes bots; Fleet's other flags and Fischerspiel's are refused.
    let ours = |f: &str| matches!(f, "--dice" | "--seed") || matches!(f, "--bots" | "--coach") && engine.advised();
    let fleet: Vec<&str> = args.fleet.given().into_iter().filter(|f| !ours(f)).collect();
    refuse(fleet, &rules)?;
    refuse(args.coop.given(), &rules)?;
    let mut options: Vec<(String, String)> = Vec::new();
    if args.fleet.dice == DiceMode::Digital {
        options.push(("dice".into(), "digital".into()));
    }
    // Digital dice without a seed get one, kept in the save's header: a resumed game rolls
    // the dice it would have had.
    let clock =
        || std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
    match args.fleet.seed {
        Some(seed) => options.push(("seed".into(), seed.to_string())),
        None if args.fleet.dice == DiceMode::Digital => options.push(("seed".into(), clock().to_string())),
        None => {}
    }
    for set in &args.set {
        let (name, value) = set.split_once('=').unwrap_or((set.as_str(), "true"));
        options.push((name.trim().to_string(), value.trim().to_string()));
    }
    let people: Vec<String> = args.players.iter().map(|n| n.trim().to_string()).collect();
    let bots =
        args.fleet.bots.map(|n| (n, super::commands::play::bot_level(args.fleet.bot_level), &args.fleet.bot_names[..]));
    let names = super::bots::names(&people, bots, &rules, lang)?;
    let (min, max) = rules.players();
    let n = names.len() as u32;
    if n < min.max(1) || n > max {
        let game = rules.names();
        return Err(Error::Usage(match n {
            0 => crate::msg!("cli.play.players_named", game = game, min = min, max = max),
            _ => crate::msg!("cli.play.player_range", game = game, min = min, max = max, n = n),
        })
        .into());
    }
    saves::check_player_names(&names).map_err(Error::PlayerName)?;
    let setup = engine.setup(&rules.game, &names, &options).map_err(Error::Usage)?;
    let game = engine.open(&rules.game, &names, &setup, &[]).map_err(|r| match r {
        Replay::Setup(m) | Replay::Entry(_, m) => Error::Usage(m),
    })?;
    let save = match args.save.as_deref() {
        Some(p) => p.to_path_buf(),
        None => saves::default_save(rules.id())?,
    };
    let mut of = match setup {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    };
    // The seats deckhand plays, beside the game's own setup: their random choices drawn
    // from the seed (the dice's, or the clock's).
    let bots = bots.map(|(n, level, _)| Bots {
        first: names.len() - n as usize,
        level,
        seed: args.fleet.seed.unwrap_or_else(clock),
    });
    if let Some(bots) = bots {
        of.insert("bots".into(), serde_json::to_value(bots).expect("bots serialise"));
    }
    let written = Header::new(rules.id(), saves::stamp(&rules), names.clone(), Setup::new(engine.id(), of));
    let header = written.opaque();
    let hook = Hook::new(&rules, &header, &args.history);
    let start =
        format!("{} {}", table_text::start_line_of(rules.names(), &names, lang), Note::SavedTo(&save).text(lang));
    super::commands::play::coach_at_terminal(args.fleet.coach, args.serve.serve)?;
    if args.serve.serve {
        let prepared = super::served::prepare(&args.serve, None, args.answers.answers.as_deref(), "play", lang)?;
        files::remove_stale_temps(save.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
        let journal = Journal::create(&save, &written)?;
        super::interrupt::set_note(&format!("\n{}\n", Note::Interrupted(&save).text(lang)));
        let table = AnyTable::new(game, names.len(), journal, 0, said::vocabulary()).with_bots(bots);
        return served(prepared, table, (&save, None), &[start], &hook, lang);
    }
    let mut prompter = ui::prompter_for_in(args.answers.answers.as_deref(), "play", lang)?;
    files::remove_stale_temps(save.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
    let journal = Journal::create(&save, &written)?;
    super::interrupt::set_note(&format!("\n{}\n", Note::Interrupted(&save).text(lang)));
    let p = prompter.as_mut();
    p.say(&start);
    p.say(&Note::AtAnyPrompt.text(lang));
    let table = Shared::new(AnyTable::new(game, names.len(), journal, 0, said::vocabulary()).with_bots(bots));
    at_table(&table, &save, p, &hook, args.fleet.coach, lang)
}

/// A game at the terminal without phones, until it is over and the table is done with it
/// (`coach`: `--coach N`).
fn at_table(
    table: &AnyShared,
    save: &Path,
    p: &mut dyn Prompter,
    hook: &Hook,
    coach: Option<f64>,
    lang: Lang,
) -> anyhow::Result<i32> {
    let names = table.read(|t| names_of(hook, t));
    let terminal = GenericTerminal { host: Host { table, lang, site: None }, names, coach };
    loop {
        super::terminal::play(&terminal, false, p)?;
        let banner = finish(table, save, &terminal.names, &mut |line: &str| p.say(line), hook, lang)?;
        if let Some(banner) = &banner {
            p.say(banner);
        }
        if super::terminal::game_over(&terminal, p, banner.as_deref(), lang)? {
            return Ok(0);
        }
    }
}

/// The players' names of the game at a table.
fn names_of(hook: &Hook, _table: &AnyTable<Journal>) -> Vec<String> {
    hook.header.players.clone()
}

/// Serve a described game to the phones (`--serve`), the terminal as its host.
fn served(
    prepared: super::served::Prepared,
    table: AnyTable<Journal>,
    (save, tokens): (&Path, Option<crate::serve::Tokens>),
    greeting: &[String],
    hook: &Hook,
    lang: Lang,
) -> anyhow::Result<i32> {
    let names = hook.header.players.clone();
    let game = hook.rules.names().get(lang).to_string();
    let shared = std::sync::Arc::new(Shared::new(table));
    if let Some(e) = shared.change(|t| t.take_stopped()) {
        return Err(e.into());
    }
    let reviewed_on_screens = prepared.review_playouts > 0;
    let hosted = AnyServed::new(std::sync::Arc::clone(&shared), game.clone(), names.clone(), lang);
    let to_serve = super::served::ToServe { save, tokens, hosted: Box::new(hosted), game: &game };
    let terminal_names = names.clone();
    super::served::serve(
        prepared,
        to_serve,
        greeting,
        hook,
        lang,
        |site| {
            let host = Host { table: &shared, lang, site: Some(site) };
            Box::new(GenericTerminal { host, names: terminal_names, coach: None })
        },
        |site, say| {
            // Each player's review (exact), worked out while the final table is printed
            // and the play recorded; the final screens show it when it is ready.
            if reviewed_on_screens && shared.read(|t| t.finished()) {
                review_on_screens(site, save, hook, lang);
            }
            finish(&shared, save, &names, say, hook, lang)
        },
    )
}

/// Work out each player's review by the game's exact advisor from the save, on a thread of
/// its own, and hand it to the final screens and page in two lines each; meanwhile they say
/// it is being worked out, and without an advisor they go without it.
fn review_on_screens(site: &std::sync::Arc<crate::serve::Site>, save: &Path, hook: &Hook, lang: Lang) {
    let (Ok(engine), Ok(read)) = (engine_of(&hook.header.setup.engine), Journal::read::<Value, Value>(save)) else {
        return;
    };
    let title = crate::t!(lang, "web.report.review_title_exact");
    let working = crate::t!(lang, "web.report.review_working_exact");
    let block = move |lines: Option<&[[String; 2]]>, how: &str| {
        crate::report::html::review_block_titled((&title, &working), lines, how)
    };
    site.set_review(block(None, ""));
    let (shared, game, players) = (std::sync::Arc::clone(site), hook.rules.game.clone(), hook.header.players.clone());
    let setup = Value::Object(hook.header.setup.of.clone());
    let started = std::thread::Builder::new().name("deckhand-review".into()).spawn(move || {
        let reviewed = crate::games::described::review(engine, &game, &players, &setup, &read.entries, &mut |_, _| {});
        shared.set_review(match reviewed {
            Ok(Some(reviewed)) => {
                let lines: Vec<[String; 2]> = (players.iter().enumerate())
                    .map(|(s, name)| {
                        said::review_lines(name, &reviewed.iter().filter(|r| r.seat == s).collect::<Vec<_>>(), lang)
                    })
                    .collect();
                block(Some(&lines), &crate::t!(lang, "cli.review.exact_how"))
            }
            _ => String::new(),
        });
    });
    if started.is_err() {
        site.set_review(String::new());
    }
}

/// `resume` of a described game's save.
fn resume_command(args: ResumeArgs, path: PathBuf, header: Header, lang: Lang) -> anyhow::Result<i32> {
    let refused =
        |flag: &str| Error::Usage(crate::msg!("cli.play.flag_not_for_game", flag = flag, game = &header.game));
    if args.ask_all {
        return Err(refused("--ask-all").into());
    }
    let engine = engine_of(&header.setup.engine)?;
    if args.coach.is_some() && !engine.advised() {
        return Err(refused("--coach").into());
    }
    super::commands::play::coach_at_terminal(args.coach, args.serve.serve)?;
    // The save is locked from here on: a second deckhand on it is refused at once.
    let opened = Journal::open::<Value, Value>(&path)?;
    let (rules_path, allow) = (args.rules.rules.as_deref(), args.rules.allow_rules_change);
    let rules = saves::rules_for(&path, &header, rules_path, allow, lang)?;
    let game = reopen(engine, &rules, &header, &path, &opened.entries, lang)?;
    let hook = Hook::new(&rules, &header, &args.history);
    let resumed = Note::Resumed { file: &path, round: None, decisions: opened.entries.len() }.text(lang);
    let entries = opened.entries.len() as u64;
    let seats = header.players.len();
    if args.serve.serve {
        let tokens = crate::serve::Tokens::read(&path, seats)?;
        let prepared = super::served::prepare(
            &args.serve,
            tokens.as_ref().map(|t| t.bind.as_str()),
            args.answers.answers.as_deref(),
            "resume",
            lang,
        )?;
        super::interrupt::set_note(&format!("\n{}\n", Note::Interrupted(&path).text(lang)));
        let greeting: Vec<String> =
            opened.dropped_tail.iter().map(|torn| torn.notice(&path).text(lang)).chain([resumed]).collect();
        let table = AnyTable::new(game, seats, opened.journal, entries, said::vocabulary()).with_bots(bots_of(&header));
        return served(prepared, table, (&path, tokens), &greeting, &hook, lang);
    }
    let mut prompter = ui::prompter_for_in(args.answers.answers.as_deref(), "resume", lang)?;
    files::remove_stale_temps(path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
    super::interrupt::set_note(&format!("\n{}\n", Note::Interrupted(&path).text(lang)));
    let p = prompter.as_mut();
    if let Some(torn) = &opened.dropped_tail {
        p.say(&torn.notice(&path).text(lang));
    }
    p.say(&format!("{resumed} {}", Note::AtAnyPrompt.text(lang)));
    let table = Shared::new(
        AnyTable::new(game, seats, opened.journal, entries, said::vocabulary()).with_bots(bots_of(&header)),
    );
    at_table(&table, &path, p, &hook, args.coach, lang)
}

/// The seats deckhand plays in a saved game, as its header keeps them beside the game's
/// setup (none in a save without bots).
fn bots_of(header: &Header) -> Option<Bots> {
    header.setup.of.get("bots").and_then(|bots| serde_json::from_value(bots.clone()).ok())
}

/// The game a save's header and entries rebuild, or which line does not replay and why.
fn reopen(
    engine: &dyn LiveEngine,
    rules: &Rules,
    header: &Header,
    path: &Path,
    entries: &[Value],
    lang: Lang,
) -> Result<Box<dyn crate::games::described::AnyGame>, Error> {
    let setup = Value::Object(header.setup.of.clone());
    engine.open(&rules.game, &header.players, &setup, entries).map_err(|r| match r {
        Replay::Setup(m) => Error::Usage(crate::msg!("cli.save.bad_header", file = path.display(), why = m.text(lang))),
        // The header is the save's line 1; entry i is on line i + 2.
        Replay::Entry(i, m) => {
            Error::Usage(crate::msg!("games.table.bad_line", file = path.display(), line = i + 2, why = m))
        }
    })
}

/// `import` of a described game's save: its play when the game is over.
fn finished_play(path: &Path, header: &Header, rules: &SavedRules, ended: i64, lang: Lang) -> live::Finished {
    let engine = engine_of(&header.setup.engine)?;
    let read = Journal::read::<Value, Value>(path)?;
    let rules = saves::rules_for(path, header, rules.rules.as_deref(), rules.allow_rules_change, lang)?;
    let game = reopen(engine, &rules, header, path, &read.entries, lang)?;
    if !game.finished() {
        return Ok(None);
    }
    let io =
        |e: std::io::Error| Error::Read(crate::source::ReadError::Io { path: path.display().to_string(), cause: e });
    plays::any_play(&rules, header, &*game, path, ended, PlaySource::Import).map(Some).map_err(io)
}

/// The options a question lists in a menu (none: it is answered on a line).
fn menu_options(q: &Question) -> Vec<Opt> {
    q.options().cloned().collect()
}

/// How far an unfinished save got: its answers.
fn progress(path: &Path, header: &Header, read: &Read<Value, Value>, lang: Lang) -> Option<String> {
    let engine = crate::games::live_engine(&header.setup.engine)?;
    let rules = saves::rules_for(path, header, None, false, lang).ok()?;
    let game = reopen(engine, &rules, header, path, &read.entries, lang).ok()?;
    (!game.finished()).then(|| crate::text::table::progress_answers(read.entries.len(), lang))
}

/// The end of the game: the final table, the play recorded in the history; the winner's
/// banner (none for one player), for the caller to show last.
fn finish(
    table: &AnyShared,
    save: &Path,
    names: &[String],
    say: &mut dyn FnMut(&str),
    hook: &Hook,
    lang: Lang,
) -> anyhow::Result<Option<String>> {
    let game = table.read(|t| t.game().boxed());
    let standings = Standings::of_game(hook.rules.names().get(lang), names, &*game, lang);
    emit(&standings.render_in(Format::Table, false, None, lang))?;
    // Each player's sheet beside the save, in the file `check` and `score` read.
    let mut written = Vec::new();
    for (seat, name) in names.iter().enumerate() {
        if let Some(text) = game.sheet_file(seat) {
            written.push(files::write_sheet(&saves::sheet_path(save, name), &text)?.display().to_string());
        }
    }
    if !written.is_empty() {
        say(&Note::SheetsWritten(&written).text(lang));
    }
    let recorded = plays::record_finished(
        hook.args,
        || plays::any_play(hook.rules, hook.header, &*game, save, crate::history::clock::now(), PlaySource::Live),
        save,
        hook.recorded.get(),
        lang,
    );
    hook.recorded.set(recorded);
    let winners: Vec<&str> = standings.rows.iter().filter(|r| r.rank == 1).map(|r| r.player.as_str()).collect();
    let total = standings.rows.first().map(|r| r.total).unwrap_or(0);
    Ok((names.len() > 1).then(|| super::fleet::banner(&table_text::winner_line(&winners, total, lang))))
}

/// A described game's table at the terminal.
struct GenericTerminal<'a> {
    host: Host<'a, AnyTable<Journal>>,
    names: Vec<String>,
    /// `--coach N`: after a person's answer that lost more than N expected points against
    /// the advisor's best, one line says what it preferred.
    coach: Option<f64>,
}

impl AtTerminal for GenericTerminal<'_> {
    fn names(&self) -> Vec<String> {
        self.names.clone()
    }

    fn print(&self, say: &mut dyn FnMut(&str)) {
        for told in self.host.table.unread() {
            for line in said::told(&self.names, &told, self.host.lang) {
                say(&line);
            }
        }
    }

    fn front(&self) -> anyhow::Result<Option<(u64, String)>> {
        self.host.stopped()?;
        Ok(self.host.table.read(|t| {
            let offer = t.offers(Screen::Host).into_iter().next()?;
            // The players' totals so far, above each question.
            let mut status: Vec<String> = (0..self.names.len())
                .map(|s| {
                    let total: i64 = t.game().categories(s).iter().map(|c| c.points).sum();
                    format!("{} {total}", self.names[s])
                })
                .collect();
            // A menu's question is cut to one row of the terminal: how its other answers are
            // typed (`keep` and the dice) stands above it, where it is read whole.
            if !menu_options(&offer.question).is_empty() {
                status.extend(said::typing_hint(&offer.question, self.host.lang));
            }
            Some((t.version(), status.join(" · ")))
        }))
    }

    fn ask(&self, seen: u64, overtaken: Option<ui::Overtaken>, p: &mut dyn Prompter) -> Result<Asked, Error> {
        let Some(offer) = self.host.table.read(|t| t.offers(Screen::Host).into_iter().next()) else {
            return Ok(Asked::Overtaken);
        };
        let lang = self.host.lang;
        let q = &offer.question;
        let mut prompt = q.prompt.text(lang);
        let options = menu_options(q);
        // (Above a menu, the status line says it: `front`.)
        if let Some(hint) = said::typing_hint(q, lang).filter(|_| options.is_empty()) {
            prompt = format!("{prompt} ({hint})");
        }
        let check = |text: &str| -> Result<(), String> {
            if command(text, lang).is_some() {
                return Ok(());
            }
            self.host
                .table
                .read(|t| t.check(Screen::Host, seen, &Said::entry(text)))
                .map_err(|r| self.host.table.read(|t| said::refused(&self.names, &r, t.stopped(), lang).0))
        };
        if options.is_empty() {
            let Some(text) = p.line_until(&prompt, &check, overtaken)? else { return Ok(Asked::Overtaken) };
            return Ok(Asked::Typed(table_text::typed(&text, lang, Said::entry)));
        }
        let mut choices: Vec<Choice> = options.iter().map(|o| Choice::new(o.key.clone(), o.label.text(lang))).collect();
        let echoed = |text: &str| check(text).map(|()| text.trim().to_string());
        for c in typed_commands(self.host.site.is_some()) {
            choices.push(Choice::command(c.key(), command_line(c, lang)));
        }
        let entry = Entry { check: &echoed, example: None };
        let Some(picked) = p.entry_until(&prompt, &choices, entry, overtaken)? else { return Ok(Asked::Overtaken) };
        Ok(Asked::Typed(match picked {
            Picked::Choice(i) if i >= options.len() => match Command::from_key(&choices[i].key) {
                Some(c) => Typed::Command(c),
                None => Typed::Said(Said::Links(vec![vec![choices[i].key.clone()]])),
            },
            Picked::Choice(i) => Typed::Said(Said::Links(vec![vec![choices[i].key.clone()]])),
            Picked::Text(text) => table_text::typed(&text, lang, Said::entry),
        }))
    }

    fn answer(&self, seen: u64, answer: Said, p: &mut dyn Prompter) -> anyhow::Result<()> {
        // The coach weighs the decision as it stood once the answer is taken.
        let before = self.coach.and_then(|_| {
            self.host.table.read(|t| Some((t.offers(Screen::Host).into_iter().next()?.seat?, t.game().boxed())))
        });
        match self.host.table.change(|t| t.answer(Screen::Host, seen, answer)) {
            Ok(()) => {
                if let (Some(threshold), Some((seat, before))) = (self.coach, before) {
                    let entry = self.host.table.read(|t| t.last_answer().cloned());
                    let weighed = entry.and_then(|e| crate::games::described::weigh_entry(&*before, seat, &e));
                    if let Some(Ok(Some((chosen, best)))) = weighed.filter(|_| self.names.len() > seat) {
                        if best.value - chosen.value > threshold {
                            p.say(&said::coach_line(&self.names[seat], &chosen, &best, self.host.lang));
                        }
                    }
                }
                self.print(&mut |line| p.say(line));
                Ok(())
            }
            Err(why) => self.refused(why, p),
        }
    }

    fn undo(&self, p: &mut dyn Prompter) -> anyhow::Result<()> {
        self.host.undo().or_else(|why| self.refused(why, p))
    }

    fn show(&self, shown: Shown, asked: bool, p: &mut dyn Prompter) -> anyhow::Result<()> {
        let lang = self.host.lang;
        let game = self.host.table.read(|t| t.game().boxed());
        let front = self.host.table.read(|t| t.offers(Screen::Host).into_iter().next()).filter(|_| asked);
        let sheet = |s: usize| said::sheet_lines(&self.names[s], &game.sheet(s), lang).join("\n");
        let all = || {
            let sheets: Vec<_> = (0..self.names.len()).map(|s| game.sheet(s)).collect();
            let named: Vec<(&str, &_)> = self.names.iter().map(String::as_str).zip(&sheets).collect();
            said::sheets_lines(&named, lang).join("\n")
        };
        match shown {
            Shown::Hint => {
                // The game's advisor weighs the open decision; a table it builds the first
                // time shows a spinner once it takes over a second.
                let seat = front.as_ref().and_then(|o| o.question.seat);
                let progress = crate::cli::progress::Progress::new(
                    None,
                    crate::t!(lang, "games.table.advice.thinking"),
                    false,
                    lang,
                );
                let advice = seat.and_then(|s| game.advice(s, crate::games::described::Aim::Win));
                progress.finish();
                match advice {
                    Some(Ok(advice)) => {
                        p.say(&said::advice_text(&advice, lang));
                        if let Some(best) = said::advice_best_line(&advice, lang) {
                            p.say(&best);
                        }
                    }
                    Some(Err(why)) => p.say(&why.text(lang)),
                    // The dice to enter: chance, not a choice (as Fleet's roll says).
                    None if front
                        .as_ref()
                        .is_some_and(|o| o.question.forms.iter().any(|f| matches!(f, Form::Faces { .. }))) =>
                    {
                        p.say(&crate::t!(lang, "cli.play.hint_roll"))
                    }
                    None => p.say(&crate::text::serve::Declined::HintNothing.text(lang)),
                }
            }
            Shown::AskedSheet => match front.as_ref().and_then(|o| o.question.seat) {
                Some(s) => p.say(&sheet(s)),
                None => p.say(&all()),
            },
            Shown::Sheets => p.say(&all()),
            Shown::Scores => {
                let standings = Standings::of_game("", &self.names, &*game, lang);
                p.say(&standings.render_in(Format::Table, false, None, lang));
            }
            Shown::Help => {
                let mut lines = vec![crate::t!(lang, "games.table.help")];
                if let Some(o) = &front {
                    for form in &o.question.forms {
                        if let Form::One(opts) = form {
                            lines.extend(opts.iter().filter_map(|o| {
                                Some(format!("  {}: {}", o.label.text(lang), o.help.as_ref()?.text(lang)))
                            }));
                        }
                    }
                    lines.extend(said::typing_hint(&o.question, lang));
                    lines.extend(said::typing_help(&o.question, lang));
                }
                lines.extend(typed_commands(self.host.site.is_some()).map(|c| format!("  {}", command_line(c, lang))));
                p.say(&lines.join("\n"));
            }
        }
        Ok(())
    }

    fn host(&self) -> &dyn HostDoor {
        &self.host
    }
}

impl GenericTerminal<'_> {
    /// A refusal of the table, said (a refusal about what was typed names the answers in
    /// its own words); a save that cannot be written stops the game.
    fn refused(&self, why: Refused, p: &mut dyn Prompter) -> anyhow::Result<()> {
        self.print(&mut |line| p.say(line));
        self.host.stopped()?;
        let (text, _) = self.host.table.read(|t| said::refused(&self.names, &why, t.stopped(), self.host.lang));
        p.say(&text);
        Ok(())
    }
}

/// A saved described game for `advise`, `review`, `replay` and `show` (which write nothing
/// to it): its engine, rules and what was read, the save's own header read by the caller.
fn saved_game(
    path: &Path,
    header: &Header,
    rules: &SavedRules,
    lang: Lang,
) -> anyhow::Result<(&'static dyn LiveEngine, Rules, Read<Value, Value>)> {
    let engine = engine_of(&header.setup.engine)?;
    let read = Journal::read::<Value, Value>(path)?;
    let rules = saves::rules_for(path, header, rules.rules.as_deref(), rules.allow_rules_change, lang)?;
    Ok((engine, rules, read))
}

/// `replay` of a described game's save: its table, the final one when the game is over,
/// else the scores so far (said to be so); a torn last line is noted.
pub(crate) fn replay(args: &super::commands::replay::ReplayArgs, header: &Header, lang: Lang) -> anyhow::Result<i32> {
    let path = &args.save.file;
    let (engine, rules, read) = saved_game(path, header, &args.rules, lang)?;
    if let Some(torn) = &read.dropped_tail {
        super::say(&Note::Note(&torn.notice(path).text(lang)).text(lang));
    }
    let game = reopen(engine, &rules, header, path, &read.entries, lang)?;
    let mut standings = Standings::of_game(rules.names().get(lang), &header.players, &*game, lang);
    if !game.finished() {
        standings.warnings.push(Note::StoppedAt { file: path, answers: read.entries.len() }.text(lang));
    }
    emit(&standings.render_in(args.table.format, args.table.detail, None, lang))?;
    Ok(0)
}

/// `show` of a described game's save: every sheet as text, or one player's.
pub(crate) fn show(args: &super::commands::show::ShowArgs, header: &Header, lang: Lang) -> anyhow::Result<i32> {
    let path = &args.save.file;
    let (engine, rules, read) = saved_game(path, header, &args.rules, lang)?;
    let game = reopen(engine, &rules, header, path, &read.entries, lang)?;
    let seats = match &args.player {
        Some(name) => vec![super::commands::advise::seat_named(&header.players, name, path)?],
        None => (0..header.players.len()).collect(),
    };
    let sheets: Vec<_> = seats.iter().map(|&s| (header.players[s].as_str(), game.sheet(s))).collect();
    let named: Vec<(&str, &_)> = sheets.iter().map(|(name, sheet)| (*name, sheet)).collect();
    emit(&(said::sheets_lines(&named, lang).join("\n") + "\n"))?;
    Ok(0)
}

/// The playouts' flags (Fleet's advisor draws futures; `--seed`, `--playouts`, `--policy`)
/// given for a game whose advisor is exact: refused by name, never ignored. (A flag typed at
/// its default value cannot be told from one left out.)
fn exact_refuses(flags: &[(bool, &str)], command: &str, rules: &Rules) -> Result<(), Error> {
    match flags.iter().find(|(given, _)| *given) {
        Some((_, flag)) => Err(Error::Usage(crate::msg!(
            "cli.advise.exact_flag",
            command = command,
            flag = *flag,
            game = rules.names()
        ))),
        None => Ok(()),
    }
}

/// `advise` of a described game's save: the open decision weighed by the game's advisor
/// (every choice with its value, best first), as a table or JSON.
pub(crate) fn advise(args: &super::commands::advise::AdviseArgs, header: &Header, lang: Lang) -> anyhow::Result<i32> {
    use super::commands::advise::{AdviseFormat, PolicyArg};
    let path = &args.save.file;
    let (engine, rules, read) = saved_game(path, header, &args.rules, lang)?;
    let policy = args.policy != PolicyArg::Greedy;
    let flags = [(args.seed != 0, "--seed"), (args.playouts != 1000, "--playouts"), (policy, "--policy")];
    exact_refuses(&flags, "advise", &rules)?;
    let entries = read.entries;
    let game = reopen(engine, &rules, header, path, &entries, lang)?;
    let seat = match &args.player {
        Some(name) => Some(super::commands::advise::seat_named(&header.players, name, path)?),
        None => (0..header.players.len()).find(|s| !game.questions(Some(*s)).is_empty()),
    };
    let no_advisor = || {
        Error::Usage(crate::msg!(
            "cli.advise.no_advisor",
            command = "advise",
            file = path.display(),
            game = &header.game
        ))
    };
    let Some(seat) = seat else {
        return Err(Error::Usage(match game.finished() {
            true => crate::msg!("cli.advise.over", file = path.display(), review = crate::invocation::review(path)),
            false => crate::msg!("cli.advise.chance", file = path.display(), resume = crate::invocation::resume(path)),
        })
        .into());
    };
    let Some(question) = game.questions(Some(seat)).into_iter().next() else {
        let name = header.players[seat].as_str();
        return Err(Error::Usage(crate::msg!("cli.advise.not_waiting", file = path.display(), name = name)).into());
    };
    let progress = super::progress::Progress::new(None, crate::t!(lang, "cli.progress.advise"), args.quiet, lang);
    let advice = game.advice(seat, args.maximise.unwrap_or(super::commands::advise::MaximiseArg::Win).aim());
    progress.finish();
    let advice = advice.ok_or_else(no_advisor)?.map_err(Error::Usage)?;
    let text = match args.format {
        AdviseFormat::Json => {
            let lines = said::advice_lines(&advice, lang);
            // Points are an expected final score; chances, of winning (0 to 1).
            let (value, aim) = match advice.unit {
                crate::games::described::Unit::Points => ("expected", "score"),
                crate::games::described::Unit::Chance => ("chance", "win"),
            };
            let options: Vec<Value> = (advice.choices.iter().zip(lines).enumerate())
                .map(|(i, (c, l))| {
                    serde_json::json!({
                        "answer": c.keys.join(" "),
                        "label": l.label,
                        value: c.value,
                        "behind": advice.choices[0].value - c.value,
                        "best": i == 0,
                    })
                })
                .collect();
            let v = serde_json::json!({
                "player": header.players[seat],
                "question": question.prompt.text(lang),
                "measure": advice.measure.text(lang),
                "maximises": aim,
                // A chance of winning spreads scores normally far from the end.
                "exact": aim == "score",
                "options": options,
            });
            serde_json::to_string_pretty(&v)? + "\n"
        }
        AdviseFormat::Table => format!("{}\n{}\n", question.prompt.text(lang), said::advice_text(&advice, lang)),
    };
    emit(&text)?;
    Ok(0)
}

/// `review` of a described game's save: per player, every decision the game's advisor
/// weighs with what it cost against the best choice, and the total; as a table (the
/// costliest `top` per player) or JSON (every decision).
pub(crate) fn review(args: &super::commands::review::ReviewArgs, header: &Header, lang: Lang) -> anyhow::Result<i32> {
    use super::commands::advise::{AdviseFormat, PolicyArg};
    let path = &args.save.file;
    let (engine, rules, read) = saved_game(path, header, &args.rules, lang)?;
    let policy = args.policy != PolicyArg::Greedy;
    let flags = [(args.seed != 0, "--seed"), (args.playouts != 10, "--playouts"), (policy, "--policy")];
    exact_refuses(&flags, "review", &rules)?;
    let entries = read.entries;
    let game = reopen(engine, &rules, header, path, &entries, lang)?;
    let setup = Value::Object(header.setup.of.clone());
    let progress = super::progress::Progress::new(None, crate::t!(lang, "cli.progress.review"), args.quiet, lang);
    let reviewed =
        crate::games::described::review(engine, &rules.game, &header.players, &setup, &entries, &mut |d, a| {
            progress.size(a as u64);
            progress.set(d as u64);
        });
    progress.finish();
    let reviewed = reviewed
        .map_err(|r| match r {
            Replay::Setup(m) => crate::msg!("cli.save.bad_header", file = path.display(), why = m.text(lang)),
            Replay::Entry(i, m) => crate::msg!("games.table.bad_line", file = path.display(), line = i + 2, why = m),
        })
        .map_err(Error::Usage)?
        .ok_or_else(|| {
            Error::Usage(crate::msg!(
                "cli.advise.no_advisor",
                command = "review",
                file = path.display(),
                game = &header.game
            ))
        })?;
    let per_seat = |s: usize| reviewed.iter().filter(move |r| r.seat == s);
    // Where the advisor plays to win (2+ players), each decision in chances of winning too.
    let to_win = reviewed.iter().any(|r| r.to_win.is_some());
    let text = match args.format {
        AdviseFormat::Json => {
            let choice = |c: &crate::games::described::Advised| serde_json::json!({ "answer": c.keys.join(" "), "label": c.label.text(lang), "expected": c.value });
            let players: Vec<Value> = (0..header.players.len())
                .map(|s| {
                    let decisions: Vec<Value> = per_seat(s)
                        .map(|r| {
                            // Where the advisor plays to win: the same decision in chances.
                            let to_win = r.to_win.as_ref().map(|(mine, best)| {
                                let chance = |c: &crate::games::described::Advised| serde_json::json!({ "answer": c.keys.join(" "), "label": c.label.text(lang), "chance": c.value });
                                serde_json::json!({ "chosen": chance(mine), "best": chance(best), "lost": r.lost_chance() })
                            });
                            serde_json::json!({
                                "line": r.entry + 2,
                                "question": r.question.text(lang),
                                "chosen": choice(&r.chosen),
                                "best": choice(&r.best),
                                "lost": r.lost(),
                                "to_win": to_win,
                            })
                        })
                        .collect();
                    serde_json::json!({
                        "player": header.players[s],
                        "score": game.categories(s).iter().map(|c| c.points).sum::<i64>(),
                        "weighed": decisions.len(),
                        "lost": per_seat(s).map(|r| r.lost()).sum::<f64>(),
                        "lost_chance": to_win.then(|| per_seat(s).filter_map(|r| r.lost_chance()).sum::<f64>()),
                        "decisions": decisions,
                    })
                })
                .collect();
            let v = serde_json::json!({ "exact": true, "over": game.finished(), "players": players });
            serde_json::to_string_pretty(&v)? + "\n"
        }
        AdviseFormat::Table => {
            let mut out = String::new();
            for (s, name) in header.players.iter().enumerate() {
                let mine: Vec<&crate::games::described::Reviewed> = per_seat(s).collect();
                out += &said::review_text(name, &mine, args.top, lang);
            }
            out += &(crate::t!(lang, "cli.review.exact_how") + "\n");
            if to_win {
                out += &(crate::t!(lang, "cli.review.win_how") + "\n");
            }
            out
        }
    };
    emit(&text)?;
    Ok(0)
}
