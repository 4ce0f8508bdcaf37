//! `play … --serve` and `resume … --serve` (issue #15): the table on everyone's phone. The
//! library's table is shared by the HTTP server and this terminal, which runs the one
//! terminal loop (`terminal.rs`) as it does without phones: it prints what happens, asks
//! the question at the front and can answer it for anyone (a player without a phone).
//! When a phone answers first, the question is overtaken: the menu clears itself and the
//! terminal moves on to what is asked now. Without a terminal (and without `--answers`)
//! the host only serves: the phones answer everything.

use std::io::{BufRead, IsTerminal};
use std::path::{Path, PathBuf};

use super::fleet::finish;
use super::fleet_terminal::FleetTerminal;
use super::live::Hook;
use super::score_check::fleet_standings;
use super::terminal::{self, AtTerminal};
use crate::games::fleet::entry::Entries;
use crate::games::fleet::session::Session;
use crate::games::fleet::setup::FleetSetup;
use crate::games::fleet::table::FleetTable;
use crate::games::fleet::FleetRules;
use crate::games::table::Shared;
use crate::serve::{Hosted, Served, Serving, Site, Tokens};
use crate::store::Journal;
use crate::text::serve::Host;
use crate::text::table::Note;
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
    /// Playouts per answer of each player's review (luck and skill) on the final screens, as `deckhand review --playouts` (0: no review)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_REVIEW_PLAYOUTS, requires = "serve",
          value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub review_playouts: u32,
}

/// The review's playouts per answer when `--review-playouts` names none: `review`'s own.
pub const DEFAULT_REVIEW_PLAYOUTS: u32 = 100;

/// What is settled before a save is created or opened for serving: the listening socket
/// (a port in use fails here) and the terminal, if there is one.
pub struct Prepared {
    listener: crate::serve::Listener,
    pub(super) prompter: Option<Box<dyn Prompter>>,
    /// Playouts per answer of the review on the final screens (0: none; a game whose
    /// advisor is exact needs none, and 0 still says none).
    pub(super) review_playouts: u32,
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
    Ok(Prepared { listener, prompter, review_playouts: args.review_playouts })
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

/// Serve a Fleet game until it is over and the host stops serving.
pub fn run(prepared: Prepared, game: Game, greeting: &[String], hook: &Hook, lang: Lang) -> anyhow::Result<i32> {
    let review_playouts = prepared.review_playouts;
    let save = game.journal.path().to_path_buf();
    // The policy of the terminal's own questions: an answers file without `#! entries`
    // answers one question at a time, and so does every screen.
    let opts = Entries { ask_all: game.ask_all || prepared.prompter.as_ref().is_some_and(|p| !p.entries()) };
    let words = crate::text::fleet_entry::vocabulary(game.rules, lang);
    let (rules, setup, session) = (game.rules.clone(), game.setup, game.session);
    let table = FleetTable::new(rules, setup, opts, session, game.journal, game.entries, words);
    let shared = std::sync::Arc::new(Shared::new(table));
    if let Some(e) = shared.change(|t| t.take_stopped()) {
        return Err(e.into());
    }
    let hosted = Served::new(std::sync::Arc::clone(&shared), lang, fleet_standings);
    let game_rules = game.rules;
    let served =
        ToServe { save: &save, tokens: game.tokens, hosted: Box::new(hosted), game: game_rules.name.get(lang) };
    serve(
        prepared,
        served,
        greeting,
        hook,
        lang,
        |site| {
            Box::new(FleetTerminal {
                host: terminal::Host { table: &shared, lang, site: Some(site) },
                rules: game_rules,
                coach: None,
            })
        },
        |site, say| {
            let session = shared.read(|t| t.session().clone());
            // Each player's review, worked out while the final table is printed and the
            // play recorded; the final screens show it when it is ready.
            review(site, game_rules, &session, review_playouts, lang);
            finish(game_rules, &session, &save, say, hook, lang)
        },
    )
}

/// A game's table ready to be served: its save, the tokens kept beside it (a resumed
/// game), the table as the server uses it and the game's name.
pub(super) struct ToServe<'a> {
    pub save: &'a Path,
    pub tokens: Option<Tokens>,
    pub hosted: Box<dyn Hosted>,
    pub game: &'a str,
}

/// Serve a game until it is over and the host stops serving: the terminal (made by
/// `terminal` once the site is up) runs the one terminal loop, or, without a terminal, the
/// host prints what happens; at the end `finish` prints the final table and records the
/// play (its banner said last; `finish` may start more for the final screens), and the
/// final page is written beside the save.
pub(super) fn serve<'a>(
    prepared: Prepared,
    game: ToServe,
    greeting: &[String],
    hook: &Hook,
    lang: Lang,
    terminal: impl FnOnce(std::sync::Arc<crate::serve::Site>) -> Box<dyn AtTerminal + 'a>,
    finish: impl FnOnce(&std::sync::Arc<Site>, &mut dyn FnMut(&str)) -> anyhow::Result<Option<String>>,
) -> anyhow::Result<i32> {
    let Prepared { listener, mut prompter, .. } = prepared;
    let save = game.save;
    let tokens = match game.tokens {
        Some(tokens) => tokens,
        None => {
            let tokens = Tokens::new(game.hosted.names().len(), listener.addr().to_string())?;
            tokens.write(save)?;
            tokens
        }
    };
    let serving = listener.serve(game.hosted, tokens, save, game.game)?;
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
    let terminal = terminal(std::sync::Arc::clone(&serving.site));
    match prompter.as_mut() {
        Some(p) => {
            p.say(&Note::AtAnyPromptServed.text(lang));
            super::terminal::play(&*terminal, true, p.as_mut())?;
        }
        None => {
            ui::say(&Host::Headless(save).text(lang));
            headless(&serving, &*terminal);
        }
    }
    let mut say = |line: &str| match prompter.as_mut() {
        Some(p) => p.say(line),
        None => ui::say(line),
    };
    let banner = finish(&serving.site, &mut say)?;
    // The play's BG Stats link and QR code on the final screens and page, served and
    // written alike.
    if let Some(link) = bgstats_link(hook) {
        let block = crate::report::html::bgstats_block(&link, &crate::serve::qr_svg(&link), lang);
        serving.site.set_final_block(block);
    }
    if let Some(written) = serving.site.write_final_page(&final_path(save))? {
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
    drop(terminal);
    serving.stop();
    Ok(0)
}

/// Work out each player's review (luck and skill, `playouts` per answer, seed 0 and the
/// greedy playouts as `deckhand review`) on a thread of its own, and hand it to the final
/// screens and page when it is ready; meanwhile they say it is being worked out. Nothing
/// when `playouts` is 0 or the game is not over. The host does not wait for it: stopping
/// the host ends it.
fn review(site: &std::sync::Arc<Site>, rules: &FleetRules, session: &Session, playouts: u32, lang: Lang) {
    use crate::report::html::review_block;
    if playouts == 0 || !session.game.finished() {
        return;
    }
    site.set_review(review_block(None, "", lang));
    let (shared, rules, session) = (std::sync::Arc::clone(site), rules.clone(), session.clone());
    let started = std::thread::Builder::new().name("deckhand-review".into()).spawn(move || {
        let settings = crate::cli::commands::advise::PolicyArg::Greedy.settings(playouts, 0);
        let reviews = crate::games::fleet::advisor::review::review(
            &rules,
            &session.names,
            session.setup,
            &session.inputs,
            &settings,
            &mut |_, _| {},
        );
        let lines: Vec<[String; 2]> = reviews
            .iter()
            .map(|r| crate::text::advisor::review_lines(&rules, &session.names[r.player], r, lang))
            .collect();
        let how = crate::text::advisor::review_how(playouts, settings.seed, settings.policy, lang);
        shared.set_review(review_block(Some(&lines), &how, lang));
    });
    if started.is_err() {
        // No thread to work it out on: the final screens go without it.
        site.set_review(String::new());
    }
}

/// The join address, its QR code, each seat's address and the dashboard's.
fn announce(serving: &Serving, say: &mut dyn FnMut(&str), lang: Lang) {
    say(&Host::Serving(serving.join_url()).text(lang));
    say(crate::serve::qr_for_terminal(serving.join_url()).trim_end());
    // (A seat deckhand plays has no page to open.)
    let table = &serving.site.table;
    for (seat, (name, url)) in table.names().iter().zip(serving.seat_urls()).enumerate() {
        if !table.deckhand_plays(seat) {
            say(&Host::SeatLink { name, url: &url }.text(lang));
        }
    }
    say(&Host::Dashboard(&serving.dashboard_url()).text(lang));
    if serving.addr.ip().is_loopback() {
        say(&Host::Loopback(serving.addr.port()).text(lang));
    }
}

/// No terminal: print what happens until the game is over.
fn headless(serving: &Serving, terminal: &dyn AtTerminal) {
    let table = &serving.site.table;
    loop {
        terminal.print(&mut |line| ui::say(line));
        let seen = table.version();
        if terminal.host().finished() {
            return;
        }
        table.wait_change(seen, std::time::Duration::from_secs(3600));
    }
}
