//! Asking a Fleet question at the terminal: a roll (the faces typed by letters and counts),
//! a menu for one decision, an entry that answers a pick and what follows it in one go, or
//! one line for what everyone decides at the same moment (the shared die, the oyster
//! boats). What is typed becomes a command of the table or a `Said` (`text::table::typed`),
//! never planned here: the line editor checks it against the table (`FleetTable::check`),
//! and the table resolves and applies it when it is sent.

use crate::games::fleet::entry::{self, Entries};
use crate::games::fleet::game::{Decision, Game, RollSpec};
use crate::games::fleet::table::Refused;
use crate::games::fleet::FleetRules;
use crate::games::table::{Command, Said, Screen, Typed};
use crate::serve::FleetShared;
use crate::text::fleet as fleet_text;
use crate::text::fleet_entry;
use crate::text::table::{self as table_text, command, command_line, typed_commands};
use crate::text::Lang;
use crate::ui::{Choice, Picked, Prompter};
use crate::{ui, Error};

/// What the terminal was told at a question.
pub(super) enum Asked {
    /// A command or an answer, as typed.
    Typed(Typed),
    /// Answered elsewhere while the question waited (a phone, at a served table).
    Overtaken,
}

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

    fn roll(&self, spec: RollSpec, p: &mut dyn Prompter) -> Result<Asked, Error> {
        // Players type the faces by letter, with counts (`2c l s`), or by their words in any
        // language; the table reads them into the faces' keys.
        let hint = table_text::roll_hint(self.rules, spec, self.lang);
        let validate = self.checker(Said::entry);
        let prompt = format!("{} ({hint})", fleet_text::prompt(self.rules, self.game, self.decision, self.lang));
        let answer = match self.overtaken {
            Some(overtaken) => match p.input_until(&prompt, &validate, overtaken)? {
                Some(answer) => answer,
                None => return Ok(Asked::Overtaken),
            },
            None => p.input(&prompt, &validate)?,
        };
        Ok(Asked::Typed(table_text::typed(&answer, self.lang, Said::entry)))
    }

    /// The decision's options (numbered), then the commands of every question (chosen
    /// by their words only).
    fn menu(&self) -> Vec<Choice> {
        let (rules, game, d, lang) = (self.rules, self.game, self.decision, self.lang);
        let mut choices: Vec<Choice> = d
            .options
            .iter()
            .map(|o| Choice::new(o.key(rules, game), fleet_text::option_label(rules, game, d, o, lang)))
            .collect();
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
        let i = match self.overtaken {
            Some(overtaken) => match p.select_until(&prompt, &choices, overtaken)? {
                Some(i) => i,
                None => return Ok(Asked::Overtaken),
            },
            None => p.select(&prompt, &choices)?,
        };
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
        let check = self.checker(Said::entry);
        let prompt = fleet_text::prompt(self.rules, self.game, self.decision, self.lang);
        let picked = match self.overtaken {
            Some(overtaken) => match p.entry_until(&prompt, &choices, &check, overtaken)? {
                Some(picked) => picked,
                None => return Ok(Asked::Overtaken),
            },
            None => p.entry(&prompt, &choices, &check)?,
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
        let text = match self.overtaken {
            Some(overtaken) => match p.input_until(&question, &check, overtaken)? {
                Some(text) => text,
                None => return Ok(Asked::Overtaken),
            },
            None => p.input(&question, &check)?,
        };
        let typed = table_text::typed(&text, self.lang, Said::everyone);
        if let Typed::Said(said) = &typed {
            if self.check(said) == Ok(0) {
                return self.entry(p);
            }
        }
        Ok(Asked::Typed(typed))
    }
}
