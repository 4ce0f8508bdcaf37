//! `play … --serve` and `resume … --serve` (issue #15): the table on everyone's phone. The
//! game lives in a `serve::Table` that the HTTP server and this terminal share; the
//! terminal prints what happens, shows the decision at the front of the queue and can
//! answer it for anyone (a player without a phone). When a phone answers first, the
//! question is overtaken: the menu clears itself and the terminal moves on to what is
//! asked now. Without a terminal (and without `--answers`) the host only serves: the
//! phones answer everything.

use std::io::{BufRead, IsTerminal};
use std::path::{Path, PathBuf};

use super::fleet_ask::{ask_choice, ask_entry, ask_roll, ask_together, Asked};
use super::fleet_table::{finish, Hook};
use super::score_check::fleet_standings;
use crate::games::fleet::entry::{self, Entries};
use crate::games::fleet::session::Session;
use crate::games::fleet::setup::FleetSetup;
use crate::games::fleet::{FleetRules, Sheet};
use crate::report::sheet::{sheet_text, sheets_text, terminal_width};
use crate::report::Format;
use crate::serve::{Refused, Serving, Site, Table, Tokens, UndoBy};
use crate::store::{files, Journal};
use crate::text::serve::Host;
use crate::text::table::{with_legal, Note};
use crate::text::Lang;
use crate::ui::{self, Prompter};
use crate::Error;

/// The flags that serve a game (shared by `play` and `resume`).
#[derive(Debug, Default, clap::Args)]
pub struct ServeArgs {
    /// Serve the table to the players' phones and a dashboard (a page per seat; the terminal keeps answering too)
    #[arg(long)]
    pub serve: bool,
    /// Where to serve: an IP address and maybe a port (default 127.0.0.1:7373, this computer only; 0.0.0.0 for phones on your network)
    #[arg(long, value_name = "ADDR[:PORT]", requires = "serve")]
    pub bind: Option<String>,
}

/// What is settled before a save is created or opened for serving: the listening socket
/// (a port in use fails here) and the terminal, if there is one.
pub struct Prepared {
    listener: crate::serve::Listener,
    prompter: Option<Box<dyn Prompter>>,
}

/// Listen where asked (`--bind`, else where the game was served before, else this
/// computer's default port) and find the terminal. Without a terminal and without
/// `--answers`, the host serves only.
pub fn prepare(
    args: &ServeArgs,
    remembered: Option<&str>,
    answers: Option<&Path>,
    command: &str,
    lang: Lang,
) -> Result<Prepared, Error> {
    let bind = match args.bind.as_deref().or(remembered) {
        Some(text) => crate::serve::parse_bind(text)?,
        None => crate::serve::default_bind(),
    };
    let terminal = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    let prompter =
        if answers.is_some() || terminal { Some(ui::prompter_for_in(answers, command, lang)?) } else { None };
    let listener = crate::serve::listen(bind)?;
    Ok(Prepared { listener, prompter })
}

/// A game ready to be served.
pub struct Game<'a> {
    pub rules: &'a FleetRules,
    pub setup: FleetSetup,
    pub session: Session,
    pub journal: Journal,
    /// Entries already in the save.
    pub entries: u64,
    /// The tokens kept beside the save (a resumed game), if any.
    pub tokens: Option<Tokens>,
    /// `--ask-all`: every decision asked, on the phones too.
    pub ask_all: bool,
}

/// The BG Stats link of the play this game was recorded as; None when it was not recorded
/// (`--no-record`, a database that could not be written): the page is whole without it.
fn bgstats_link(hook: &Hook) -> Option<String> {
    let id = hook.recorded.get()?;
    let db = hook.args.db.open_read_only().ok()??;
    let play = crate::history::query::play(&db, id).ok()??;
    Some(crate::history::export::bgstats_link(&play))
}

fn final_path(save: &Path) -> PathBuf {
    let stem = save.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "game".into());
    save.with_file_name(format!("{stem}-final.html"))
}

/// Serve the game until it is over and the host stops serving.
pub fn run(prepared: Prepared, game: Game, greeting: &[String], hook: &Hook, lang: Lang) -> anyhow::Result<i32> {
    let Prepared { listener, mut prompter } = prepared;
    let save = game.journal.path().to_path_buf();
    let seats = game.session.names.len();
    let tokens = match game.tokens {
        Some(tokens) => tokens,
        None => {
            let tokens = Tokens::new(seats, listener.addr().to_string())?;
            tokens.write(&save)?;
            tokens
        }
    };
    // The policy of the terminal's own questions: an answers file without `#! entries`
    // answers one question at a time, and so does every screen.
    let opts = Entries { ask_all: game.ask_all || prompter.as_ref().is_some_and(|p| !p.entries()) };
    let table = Table::new(game.rules.clone(), game.setup, opts, game.session, game.journal, game.entries, lang)?;
    let serving = listener.serve(table, tokens, &save, game.rules.name.get(lang), fleet_standings)?;
    {
        let mut say = |line: &str| match prompter.as_mut() {
            Some(p) => p.say(line),
            None => ui::say(line),
        };
        for line in greeting {
            say(line);
        }
        announce(&serving, &mut say, lang);
    }
    match prompter.as_mut() {
        Some(p) => {
            p.say(&Note::AtAnyPromptServed.text(lang));
            at_terminal(&serving, p.as_mut(), lang)?;
        }
        None => {
            ui::say(&Host::Headless(&save).text(lang));
            headless(&serving);
        }
    }
    let table = &serving.site.table;
    let mut say = |line: &str| match prompter.as_mut() {
        Some(p) => p.say(line),
        None => ui::say(line),
    };
    let session = table.session();
    let banner = finish(game.rules, &session, &save, &mut say, hook, lang)?;
    // The play's BG Stats link and QR code on the final page, served and written alike.
    if let Some(link) = bgstats_link(hook) {
        let block = crate::report::html::bgstats_block(&link, &crate::serve::qr_svg(&link), lang);
        serving.site.set_final_block(block);
    }
    if let Some(page) = serving.site.final_page() {
        let written = files::write_sheet(&final_path(&save), &page)?;
        say(&Host::FinalWritten(&written).text(lang));
    }
    say(&Host::Over.text(lang));
    // The winner last, below the paths, to be read from across the table.
    if let Some(banner) = banner {
        say(&banner);
    }
    // The pages keep showing the final table until the host presses Enter (or its
    // standard input ends).
    let _ = std::io::stdin().lock().read_line(&mut String::new());
    serving.stop();
    Ok(0)
}

/// The join address, its QR code, each seat's address and the dashboard's.
fn announce(serving: &Serving, say: &mut dyn FnMut(&str), lang: Lang) {
    say(&Host::Serving(serving.join_url()).text(lang));
    say(crate::serve::qr_for_terminal(serving.join_url()).trim_end());
    for (name, url) in serving.site.table.names.iter().zip(serving.seat_urls()) {
        say(&Host::SeatLink { name, url: &url }.text(lang));
    }
    say(&Host::Dashboard(&serving.dashboard_url()).text(lang));
    if serving.addr.ip().is_loopback() {
        say(&Host::Loopback(serving.addr.port()).text(lang));
    }
}

/// Print what happened since `printed`.
fn print_lines(table: &Table, printed: &mut Option<u64>, say: &mut dyn FnMut(&str)) {
    for line in table.lines_after(*printed) {
        say(&line.text);
        *printed = Some(line.seq);
    }
}

/// No terminal: print what happens until the game is over.
fn headless(serving: &Serving) {
    let table = &serving.site.table;
    let mut printed = None;
    loop {
        print_lines(table, &mut printed, &mut |l| ui::say(l));
        let seen = table.version();
        if table.finished() {
            return;
        }
        table.wait_change(seen, std::time::Duration::from_secs(3600));
    }
}

/// The terminal's loop: the decision at the front, asked as the terminal asks it without
/// phones (entries, everyone's line, rolls by letters), answered here or overtaken by a
/// phone.
fn at_terminal(serving: &Serving, p: &mut dyn Prompter, lang: Lang) -> anyhow::Result<()> {
    let table = &serving.site.table;
    let rules = &table.rules;
    let opts = table.opts();
    let mut printed = None;
    p.players(&table.names);
    loop {
        print_lines(table, &mut printed, &mut |l| p.say(l));
        let (version, front) = table.front();
        let Some(offered) = front else { return Ok(()) };
        let session = table.session();
        let overtaken = || table.written() != version;
        let (game, d) = (&session.game, &offered.decision);
        p.status(&crate::text::fleet::status_line(rules, game, d, lang));
        let asked = match d.roll {
            Some(spec) => ask_roll(rules, game, d, spec, p, Some(&overtaken), lang)?,
            None if opts.ask_all => ask_choice(rules, game, d, p, Some(&overtaken), lang)?,
            None if entry::together(d) => {
                let held = table.holding_shared();
                ask_together(rules, game, d, p, opts, Some(&overtaken), &held, lang)?
            }
            None => ask_entry(rules, game, d, p, opts, Some(&overtaken), lang)?,
        };
        let answered = match asked {
            Asked::Overtaken => continue,
            Asked::Meta(cmd) => {
                meta(&serving.site, &session, d, &cmd, p, lang)?;
                continue;
            }
            Asked::Input(input) => table.answer_host_input(version, d.clone(), input),
            Asked::Steps(steps) => table.answer_host(version, steps),
        };
        match answered {
            Ok(_) => {}
            Err(Refused::Illegal(text, legal)) if !legal.is_empty() => p.say(&with_legal(&text, &legal, lang)),
            Err(Refused::Stopped(why)) => return Err(Error::said(why).into()),
            Err(other) => p.say(other.text()),
        }
    }
}

/// `undo`, `sheet`, `sheets`, `scores`, `help` at the terminal of a served game.
fn meta(
    site: &Site,
    session: &Session,
    d: &crate::games::fleet::game::Decision,
    cmd: &str,
    p: &mut dyn Prompter,
    lang: Lang,
) -> Result<(), Error> {
    let table = &site.table;
    let rules = &table.rules;
    let who = d.player;
    match cmd {
        // A player lost their phone: their seat goes back to the join page (the tokens
        // file beside the save says so, across a restart too).
        "release" => {
            let seats: Vec<ui::Choice> = (table.names.iter().enumerate())
                .map(|(s, name)| {
                    let label = Note::Seat { name, taken: site.taken(s) }.text(lang);
                    ui::Choice::new(name.clone(), label)
                })
                .collect();
            let seat = p.select(&Note::ReleaseWhich.text(lang), &seats)?;
            let name = &table.names[seat];
            if site.release(seat) {
                p.say(&Note::Released(name).text(lang));
            } else {
                p.say(&Note::ReleaseNotTaken(name).text(lang));
            }
        }
        "hint" => p.say(&super::hint::hint_text(rules, &session.game, Some(d), lang)),
        // The terminal takes back the last decision, whoever made it; the pages see it.
        "undo" => {
            if let Err(why) = table.undo(UndoBy::Host) {
                p.say(why.text());
            }
        }
        "sheet" | "sheets" => match who {
            Some(pl) if cmd == "sheet" => p.say(&sheet_text(
                rules,
                &session.game.players[pl].sheet,
                lang,
                terminal_width(&console::Term::stderr()),
            )),
            _ => {
                let sheets: Vec<&Sheet> = session.game.players.iter().map(|pl| &pl.sheet).collect();
                p.say(&sheets_text(rules, &sheets, lang, terminal_width(&console::Term::stderr())))
            }
        },
        "scores" => {
            let sheets: Vec<&Sheet> = session.game.players.iter().map(|pl| &pl.sheet).collect();
            let standings = fleet_standings(rules, &sheets, &vec![0; sheets.len()], lang);
            p.say(&format!(
                "{}\n{}",
                crate::text::fleet::scores_heading(&session.game, lang),
                standings.render_in(Format::Table, false, None, lang)
            ));
        }
        _ => p.say(&crate::text::table::help(rules, &session.game, Some(d), lang)),
    }
    Ok(())
}
