//! A Fleet game at the terminal (`terminal::AtTerminal`, run by the one terminal loop):
//! its question asked — a roll (the faces typed by letters and counts), a menu for one
//! decision, an entry that answers a pick and what follows it in one go, or one line for
//! what everyone decides at the same moment (the shared die, the oyster boats) —, what is
//! typed handed to the library's table (a command of the table, or a `Said` from
//! `text::table::typed`, never planned here: the line editor checks it against the table,
//! `FleetTable::check`, and the table resolves and applies it when it is sent), what the
//! table told and refused said, `--coach N` weighing each answer a person gave, and the
//! commands: `undo` through the table's door, the sheets, scores, help, hint and release.

use super::score_check::fleet_standings;
use super::terminal::{Asked, AtTerminal, Host, HostDoor};
use crate::games::fleet::entry::{self, Entries};
use crate::games::fleet::game::{Ask, Decision, Game, RollSpec};
use crate::games::fleet::table::FleetTable;
use crate::games::fleet::table::Refused;
use crate::games::fleet::{FleetRules, Sheet};
use crate::games::table::command::Shown;
use crate::games::table::{Command, Said, Screen, Typed};
use crate::report::sheet::{sheet_text, sheets_text, terminal_width};
use crate::report::Format;
use crate::serve::FleetShared;
use crate::store::Journal;
use crate::text::fleet as fleet_text;
use crate::text::fleet_entry;
use crate::text::table::{self as table_text, command, command_line, typed_commands, with_legal};
use crate::text::Lang;
use crate::ui::{Choice, Entry, Picked, Prompter};
use crate::{ui, Error};

/// A question at the terminal: the table it is answered at, the game and the decision as
/// they stood when it was asked (at version `seen`).
pub(super) struct Question<'a> {
    pub table: &'a FleetShared,
    pub rules: &'a FleetRules,
    pub game: &'a Game,
    pub decision: &'a Decision,
    pub seen: u64,
    pub opts: Entries,
    /// A served table: `release` is a command, and a phone may answer first.
    pub overtaken: Option<ui::Overtaken<'a>>,
    pub lang: Lang,
}

impl Question<'_> {
    /// Ask the question as the terminal asks it: a roll by letters, `--ask-all` one answer
    /// from a menu, everyone's line for what everyone decides at once, else an entry.
    pub(super) fn ask(&self, p: &mut dyn Prompter) -> Result<Asked, Error> {
        let d = self.decision;
        match d.roll {
            Some(spec) => self.roll(spec, p),
            None if self.opts.ask_all => self.choice(p),
            None if entry::together(d) => self.together(p),
            None => self.entry(p),
        }
    }

    /// What the table makes of `said` now, in the words the line editor shows under a
    /// wrong line: an entry's or a roll's problem; the number of answers it stands for.
    fn check(&self, said: &Said) -> Result<usize, String> {
        let (rules, game, lang) = (self.rules, self.game, self.lang);
        self.table.change(|t| t.check(Screen::Host, self.seen, said)).map_err(|r| match r {
            Refused::Entry(e) => fleet_entry::error(rules, game, &e, lang),
            Refused::Faces(bad) => fleet_entry::bad_faces(rules, &bad, lang),
            Refused::Illegal(i) if self.decision.roll.is_some() => {
                table_text::wrong_faces(rules, &fleet_text::refusal(rules, game, &i, lang), lang)
            }
            other => self.table.read(|t| fleet_entry::refused(rules, game, &other, t.stopped(), lang).0),
        })
    }

    /// A line checked as `said` makes it (a command is always taken).
    fn checker(&self, said: fn(&str) -> Said) -> impl Fn(&str) -> Result<(), String> + '_ {
        move |text: &str| match command(text, self.lang) {
            Some(_) => Ok(()),
            None => self.check(&said(text)).map(|_| ()),
        }
    }

    /// An entry checked as `checker(Said::entry)` does, and the words it is echoed in: its
    /// first step (the answer to this question) in pad words (`h i c` → `harbor`), as the
    /// table tells the steps after it; a command as typed.
    fn echoed(&self) -> impl Fn(&str) -> Result<String, String> + '_ {
        let checker = self.checker(Said::entry);
        move |text: &str| {
            checker(text)?;
            let first = self.table.read(|t| t.checked_steps().first().cloned());
            Ok(
                match first
                    .filter(|s| s.by.is_none() && s.decision == *self.decision && command(text, self.lang).is_none())
                {
                    Some(step) => fleet_entry::step_label(self.rules, self.game, &step, self.lang),
                    None => text.trim().to_string(),
                },
            )
        }
    }

    fn roll(&self, spec: RollSpec, p: &mut dyn Prompter) -> Result<Asked, Error> {
        // Players type the faces by letter, with counts (`2c l s`), or by their words in any
        // language; the table reads them into the faces' keys.
        let hint = table_text::roll_hint(self.rules, spec, self.lang);
        let validate = self.checker(Said::entry);
        let prompt = format!("{} ({hint})", fleet_text::prompt(self.rules, self.game, self.decision, self.lang));
        let Some(answer) = p.line_until(&prompt, &validate, self.overtaken)? else { return Ok(Asked::Overtaken) };
        Ok(Asked::Typed(table_text::typed(&answer, self.lang, Said::entry)))
    }

    /// The decision's options (numbered), then the commands of every question (chosen
    /// by their words only).
    fn menu(&self) -> Vec<Choice> {
        let (rules, game, d, lang) = (self.rules, self.game, self.decision, self.lang);
        let usual = entry::usual(d);
        let mut choices: Vec<Choice> = d
            .options
            .iter()
            .map(|o| {
                Choice::new(o.key(rules, game), fleet_text::option_label(rules, game, d, o, lang))
                    .usual_if(Some(*o) == usual)
                    .gains_nothing_if(fleet_text::circle_gains_nothing(rules, game, d, o))
                    .with_help(match d.ask {
                        // At a pick: what the die would do (its uses).
                        Ask::Pick { .. } => fleet_text::die_help(rules, game, d, o, false, lang),
                        _ => fleet_text::option_help(rules, game, d, o, lang).unwrap_or_default(),
                    })
            })
            .collect();
        // What gains nothing goes last (numbered so too).
        choices.sort_by_key(|c| c.gains_nothing);
        for c in typed_commands(self.overtaken.is_some()) {
            choices.push(Choice::command(c.key(), command_line(c, lang)));
        }
        choices
    }

    /// What a menu's choice `i` says: an option by its key, or a command.
    fn chosen(&self, choices: &[Choice], i: usize) -> Typed {
        match Command::from_key(&choices[i].key).filter(|_| i >= self.decision.options.len()) {
            Some(c) => Typed::Command(c),
            None => Typed::Said(Said::Entry(vec![choices[i].key.clone()])),
        }
    }

    fn choice(&self, p: &mut dyn Prompter) -> Result<Asked, Error> {
        let choices = self.menu();
        let prompt = fleet_text::prompt(self.rules, self.game, self.decision, self.lang);
        let Some(i) = p.select_until(&prompt, &choices, self.overtaken)? else { return Ok(Asked::Overtaken) };
        Ok(Asked::Typed(self.chosen(&choices, i)))
    }

    /// One decision as an entry: an option of the menu, or words that answer it and what
    /// follows it for the same player (`harbor inuit cod`); a picked die said alone gets
    /// its usual use.
    fn entry(&self, p: &mut dyn Prompter) -> Result<Asked, Error> {
        if self.decision.player.is_none() {
            return self.choice(p);
        }
        let choices = self.menu();
        let check = self.echoed();
        let prompt = fleet_text::prompt(self.rules, self.game, self.decision, self.lang);
        let example = crate::t!(self.lang, "cli.ui.fleet_entry_example");
        let entry = Entry { check: &check, example: Some(&example) };
        let Some(picked) = p.entry_until(&prompt, &choices, entry, self.overtaken)? else {
            return Ok(Asked::Overtaken);
        };
        Ok(Asked::Typed(match picked {
            Picked::Choice(i) => self.chosen(&choices, i),
            Picked::Text(text) => table_text::typed(&text, self.lang, Said::entry),
        }))
    }

    /// What everyone decides at the same moment, in one line: Enter gives every player
    /// their usual answer (each listed in the question), or the exceptions are typed by
    /// name (`bob coin, cy hex`); when nobody has a usual answer, the decision at the front
    /// is asked as an entry.
    fn together(&self, p: &mut dyn Prompter) -> Result<Asked, Error> {
        let held = self.table.read(|t| t.holding_shared());
        let question = table_text::together_question(self.rules, self.game, self.decision, &held, self.lang);
        let check = self.checker(Said::everyone);
        let Some(text) = p.line_until(&question, &check, self.overtaken)? else { return Ok(Asked::Overtaken) };
        let typed = table_text::typed(&text, self.lang, Said::everyone);
        if let Typed::Said(said) = &typed {
            if self.check(said) == Ok(0) {
                return self.entry(p);
            }
        }
        Ok(Asked::Typed(typed))
    }
}

/// A Fleet table at the terminal.
pub(super) struct FleetTerminal<'a> {
    pub host: Host<'a, FleetTable<Journal>>,
    pub rules: &'a FleetRules,
    /// `--coach N`: a line after a person's answer that lost more than N expected points.
    pub coach: Option<f64>,
}

impl AtTerminal for FleetTerminal<'_> {
    fn names(&self) -> Vec<String> {
        self.host.table.read(|t| t.session().names.clone())
    }

    fn print(&self, say: &mut dyn FnMut(&str)) {
        for told in self.host.table.unread() {
            if let Some(line) = fleet_entry::told(self.rules, &told, self.host.lang) {
                say(&line);
            }
        }
    }

    fn front(&self) -> anyhow::Result<Option<(u64, String)>> {
        self.host.stopped()?;
        Ok(self.host.table.read(|t| {
            let offer = t.offers(Screen::Host).into_iter().next()?;
            Some((t.version(), fleet_text::status_line(self.rules, &t.session().game, &offer.decision, self.host.lang)))
        }))
    }

    fn ask(&self, seen: u64, overtaken: Option<ui::Overtaken>, p: &mut dyn Prompter) -> Result<Asked, Error> {
        let (game, decision, opts) = self.host.table.read(|t| {
            let offer = t.offers(Screen::Host).into_iter().next();
            (t.session().game.clone(), offer.map(|o| o.decision), t.opts)
        });
        let Some(decision) = decision else { return Ok(Asked::Overtaken) };
        let question = Question {
            table: self.host.table,
            rules: self.rules,
            game: &game,
            decision: &decision,
            seen,
            opts,
            overtaken,
            lang: self.host.lang,
        };
        question.ask(p)
    }

    fn answer(&self, seen: u64, said: Said, p: &mut dyn Prompter) -> anyhow::Result<()> {
        let from = self.host.table.read(|t| t.session().inputs.len());
        match self.host.table.change(|t| t.answer(Screen::Host, seen, said)) {
            Ok(typed) => {
                self.print(&mut |line| p.say(line));
                // The whole session is copied only for the coach: a copy per answer made
                // every answer of a long game slower than the one before (issue 30, item 12).
                if self.coach.is_some() {
                    let now = self.host.table.read(|t| t.session().clone());
                    let coached = super::coach::lines(self.rules, &now, (from, typed), self.coach, self.host.lang);
                    coached.iter().for_each(|l| p.say(l));
                }
                Ok(())
            }
            Err(why) => self.refused(why, p),
        }
    }

    // Back to the last question a person answered: rolls deckhand made, forced and usual
    // answers after it are taken back too (rolled again, a roll shows the same dice);
    // whoever answered it.
    fn undo(&self, p: &mut dyn Prompter) -> anyhow::Result<()> {
        self.host.undo().or_else(|why| self.refused(why, p))
    }

    fn show(&self, shown: Shown, asked: bool, p: &mut dyn Prompter) -> anyhow::Result<()> {
        let (rules, lang) = (self.rules, self.host.lang);
        let (game, front) = self.host.table.read(|t| {
            let front = t.offers(Screen::Host).into_iter().next().map(|o| o.decision);
            (t.session().game.clone(), front)
        });
        let decision = front.filter(|_| asked);
        let decision = decision.as_ref();
        let width = || terminal_width(&console::Term::stderr());
        let sheets: Vec<&Sheet> = game.players.iter().map(|pl| &pl.sheet).collect();
        match shown {
            Shown::Hint => p.say(&super::hint::hint_text(self.host.table, rules, decision, lang)),
            Shown::AskedSheet => match decision.and_then(|d| d.player) {
                Some(pl) => p.say(&sheet_text(rules, &game.players[pl].sheet, lang, width())),
                None => p.say(&sheets_text(rules, &sheets, lang, width())),
            },
            Shown::Sheets => p.say(&sheets_text(rules, &sheets, lang, width())),
            Shown::Scores => {
                let standings = fleet_standings(rules, &sheets, &vec![0; sheets.len()], lang);
                p.say(&format!(
                    "{}\n{}",
                    fleet_text::scores_heading(&game, lang),
                    standings.render_in(Format::Table, false, None, lang)
                ));
            }
            Shown::Help => p.say(&table_text::help(rules, &game, decision, self.host.site.is_some(), lang)),
        }
        Ok(())
    }

    fn host(&self) -> &dyn HostDoor {
        &self.host
    }
}

impl FleetTerminal<'_> {
    /// What a refusal of the table means here: said, with the legal answers; a save that
    /// cannot be written stops the game.
    fn refused(&self, why: Refused, p: &mut dyn Prompter) -> anyhow::Result<()> {
        self.print(&mut |line| p.say(line));
        self.host.stopped()?;
        if let Refused::NotYourAnswer(_) = why {
            return Ok(());
        }
        let (text, legal) = self
            .host
            .table
            .read(|t| fleet_entry::refused(self.rules, &t.session().game, &why, t.stopped(), self.host.lang));
        match (&why, legal.is_empty()) {
            (Refused::Illegal(_), false) => p.say(&with_legal(&text, &legal, self.host.lang)),
            _ => p.say(&text),
        }
        Ok(())
    }
}
