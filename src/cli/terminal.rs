//! The one terminal loop of a live Fleet game, with phones (`--serve`) or without: the
//! terminal is the table's own screen (`Screen::Host`) of the library's table, which is
//! shared with the pages when the game is served — the same master, with no phones when
//! it is not. It says what the table told, asks the question at the front
//! (`fleet_ask::Question`), hands what was typed to the table's one door (a command is the
//! terminal's own: `undo` through the door, the sheets, scores, help and hint here), says
//! the table's refusal, and with `--coach N` weighs each answer a person gave. A phone may
//! answer the question first: it is then overtaken and the next one asked.

use super::fleet_ask::{Asked, Question};
use super::sheets::fleet_standings;
use crate::games::fleet::game::Decision;
use crate::games::fleet::table::Refused;
use crate::games::fleet::{FleetRules, Sheet};
use crate::games::table::{Command, Screen, Typed};
use crate::report::sheet::{sheet_text, sheets_text, terminal_width};
use crate::report::Format;
use crate::serve::{FleetShared, Site};
use crate::text::fleet as fleet_text;
use crate::text::fleet_entry;
use crate::text::table::{self as table_text, with_legal, Note};
use crate::text::Lang;
use crate::ui::{self, Choice, Prompter};
use crate::Error;

/// The terminal at a Fleet table.
pub(super) struct Terminal<'a> {
    pub table: &'a FleetShared,
    pub rules: &'a FleetRules,
    pub lang: Lang,
    /// The served game (phones may answer first; `release` gives a seat's page back);
    /// None without phones.
    pub site: Option<&'a Site>,
    /// `--coach N`: a line after a person's answer that lost more than N expected points.
    pub coach: Option<f64>,
}

impl Terminal<'_> {
    /// Say everything the table told since the last time.
    pub fn print(&self, p: &mut dyn Prompter) {
        self.print_to(&mut |line| p.say(line));
    }

    /// `print`, each line to `say`.
    pub fn print_to(&self, say: &mut dyn FnMut(&str)) {
        for told in self.table.unread() {
            if let Some(line) = fleet_entry::told(self.rules, &told, self.lang) {
                say(&line);
            }
        }
    }

    /// Ask, answer, tell — until the game is over.
    pub fn play(&self, p: &mut dyn Prompter) -> anyhow::Result<()> {
        let (rules, lang) = (self.rules, self.lang);
        let (names, opts) = self.table.read(|t| (t.session().names.clone(), t.opts));
        p.players(&names);
        loop {
            self.print(p);
            let (seen, offer, session) =
                self.table.read(|t| (t.version(), t.offers(Screen::Host).into_iter().next(), t.session().clone()));
            if let Some(e) = self.table.change(|t| t.take_stopped()) {
                return Err(e.into());
            }
            let Some(offer) = offer else { return Ok(()) };
            let (game, d) = (&session.game, &offer.decision);
            p.status(&fleet_text::status_line(rules, game, d, lang));
            let overtaken = || self.table.read(|t| t.moved_on(Screen::Host, seen));
            let question = Question {
                table: self.table,
                rules,
                game,
                decision: d,
                seen,
                opts,
                overtaken: self.site.map(|_| &overtaken as ui::Overtaken),
                lang,
            };
            match question.ask(p)? {
                Asked::Overtaken => {}
                Asked::Typed(Typed::Command(c)) => self.command(c, Some(d), p)?,
                Asked::Typed(Typed::Said(said)) => {
                    let from = session.inputs.len();
                    match self.table.change(|t| t.answer(Screen::Host, seen, said)) {
                        Ok(typed) => {
                            self.print(p);
                            let now = self.table.read(|t| t.session().clone());
                            let coached = super::coach::lines(rules, &now, (from, typed), self.coach, lang);
                            coached.iter().for_each(|l| p.say(l));
                        }
                        Err(why) => self.refused(why, p)?,
                    }
                }
            }
        }
    }

    /// What a refusal of the table means here: said, with the legal answers; a save that
    /// cannot be written stops the game.
    fn refused(&self, why: Refused, p: &mut dyn Prompter) -> anyhow::Result<()> {
        self.print(p);
        if let Some(e) = self.table.change(|t| t.take_stopped()) {
            return Err(e.into());
        }
        if let Refused::NotYourAnswer(_) = why {
            return Ok(());
        }
        let (text, legal) =
            self.table.read(|t| fleet_entry::refused(self.rules, &t.session().game, &why, t.stopped(), self.lang));
        match (&why, legal.is_empty()) {
            (Refused::Illegal(_), false) => p.say(&with_legal(&text, &legal, self.lang)),
            _ => p.say(&text),
        }
        Ok(())
    }

    /// A command of the table at a question (`decision`; None at the end of the game).
    pub fn command(&self, c: Command, decision: Option<&Decision>, p: &mut dyn Prompter) -> anyhow::Result<()> {
        let (rules, lang) = (self.rules, self.lang);
        let game = self.table.read(|t| t.session().game.clone());
        let width = || terminal_width(&console::Term::stderr());
        let sheets: Vec<&Sheet> = game.players.iter().map(|pl| &pl.sheet).collect();
        match c {
            // Back to the last question a person answered: rolls deckhand made, forced and
            // usual answers after it are taken back too (rolled again, a roll shows the
            // same dice); whoever answered it.
            Command::Undo => {
                let seen = self.table.version();
                if let Err(why) = self.table.change(|t| t.undo(Screen::Host, seen)) {
                    self.refused(why, p)?;
                }
                self.print(p);
            }
            // A player lost their phone: their seat goes back to the join page (the tokens
            // file beside the save says so, across a restart too).
            Command::Release => match self.site {
                Some(site) => release(site, p, lang)?,
                None => p.say(&Note::ReleaseNotServed.text(lang)),
            },
            Command::Hint => p.say(&super::hint::hint_text(rules, &game, decision, lang)),
            Command::Sheet => match decision.and_then(|d| d.player) {
                Some(pl) => p.say(&sheet_text(rules, &game.players[pl].sheet, lang, width())),
                None => p.say(&sheets_text(rules, &sheets, lang, width())),
            },
            Command::Sheets => p.say(&sheets_text(rules, &sheets, lang, width())),
            Command::Scores => {
                let standings = fleet_standings(rules, &sheets, &vec![0; sheets.len()], lang);
                p.say(&format!(
                    "{}\n{}",
                    fleet_text::scores_heading(&game, lang),
                    standings.render_in(Format::Table, false, None, lang)
                ));
            }
            Command::Help => p.say(&table_text::help(rules, &game, decision, self.site.is_some(), lang)),
            Command::Quit => {}
        }
        Ok(())
    }

    /// The game is over, but a mistyped last decision can still be taken back: until
    /// `quit` (or the end of an answers file) the table may undo, look at sheets and
    /// scores; `quit` shows the winner's banner again as the last thing on screen. True
    /// when the command is done; false after an undo reopened the game.
    pub fn game_over(&self, p: &mut dyn Prompter, banner: Option<&str>) -> anyhow::Result<bool> {
        let lang = self.lang;
        let choices: Vec<Choice> = [Command::Quit, Command::Undo, Command::Sheets, Command::Scores, Command::Help]
            .into_iter()
            .map(|c| match c {
                Command::Quit => Choice::new(c.key(), table_text::command_line(c, lang)),
                _ => Choice::command(c.key(), table_text::command_line(c, lang)),
            })
            .collect();
        while p.answers_left() {
            let i = p.select(&Note::GameOver.text(lang), &choices)?;
            match Command::from_key(&choices[i].key) {
                Some(Command::Quit) | None => {
                    if let Some(banner) = banner {
                        p.say(banner);
                    }
                    return Ok(true);
                }
                Some(c) => self.command(c, None, p)?,
            }
            if !self.table.read(|t| t.finished()) {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// `release`: the host gives a seat's page back to the join page.
fn release(site: &Site, p: &mut dyn Prompter, lang: Lang) -> Result<(), Error> {
    let names = &site.table.names;
    let seats: Vec<Choice> = (names.iter().enumerate())
        .map(|(s, name)| {
            let label = Note::Seat { name, taken: site.taken(s) }.text(lang);
            Choice::new(name.clone(), label)
        })
        .collect();
    let seat = p.select(&Note::ReleaseWhich.text(lang), &seats)?;
    let name = &names[seat];
    if site.release(seat) {
        p.say(&Note::Released(name).text(lang));
    } else {
        p.say(&Note::ReleaseNotTaken(name).text(lang));
    }
    Ok(())
}
