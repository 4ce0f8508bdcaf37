//! The one terminal loop of every live game, with phones (`--serve`) or without: the
//! terminal is the table's own screen (`games::table::Screen::Host`) of the library's
//! table, which is shared with the pages when the game is served — the same master, with
//! no phones when it is not. The loop says what the table told, asks the question at the
//! front, hands what was typed to the table's one door (a command of the table's one list
//! is the terminal's own, `undo` through the door) and says the table's refusal; a phone
//! may answer first, and the question is then overtaken and the next one asked. How a
//! game's question is asked and its news said is its `AtTerminal` (Fleet's in
//! `fleet_terminal.rs`, any described game's in `generic.rs`).

use crate::games::table::command::{Effect, Shown};
use crate::games::table::{Command, Said, Screen, Shared, Table, Typed};
use crate::serve::Site;
use crate::text::table::{command_line, Note};
use crate::text::Lang;
use crate::ui::{self, Choice, Prompter};
use crate::Error;

/// What the terminal was told at a question.
pub(super) enum Asked {
    /// A command or an answer, as typed.
    Typed(Typed),
    /// Answered elsewhere while the question waited (a phone, at a served table).
    Overtaken,
}

/// What every table at the terminal has alike, whatever the game: the table, the language
/// it speaks and the served game (phones may answer first; `release` gives a seat's page
/// back), None without phones.
pub(super) struct Host<'a, T: Table> {
    pub table: &'a Shared<T>,
    pub lang: Lang,
    pub site: Option<std::sync::Arc<Site>>,
}

impl<T: Table> Host<'_, T> {
    /// An error when the table stopped: its save could not be written.
    pub fn stopped(&self) -> Result<(), crate::games::live::AppendError> {
        self.table.change(|t| t.take_stopped()).map_or(Ok(()), Err)
    }

    /// `undo` through the table's door, at the version the terminal last saw.
    pub fn undo(&self) -> Result<(), T::Refused> {
        let seen = self.table.version();
        self.table.change(|t| t.undo(Screen::Host, seen))
    }
}

/// The table's door as the terminal loop uses it, whatever the game (`Host`'s, once).
pub(super) trait HostDoor {
    /// The language the table speaks.
    fn lang(&self) -> Lang;
    /// The served game, when phones are there.
    fn site(&self) -> Option<&Site>;
    /// Whether the question offered at version `seen` was answered elsewhere since.
    fn moved_on(&self, seen: u64) -> bool;
    /// Whether the game is over.
    fn finished(&self) -> bool;
}

impl<T: Table> HostDoor for Host<'_, T> {
    fn lang(&self) -> Lang {
        self.lang
    }

    fn site(&self) -> Option<&Site> {
        self.site.as_deref()
    }

    fn moved_on(&self, seen: u64) -> bool {
        self.table.read(|t| t.moved_on(Screen::Host, seen))
    }

    fn finished(&self) -> bool {
        self.table.read(|t| t.finished())
    }
}

/// A live game as the terminal plays it: its table, and how its questions are asked.
pub(super) trait AtTerminal {
    /// The players' names, in seat order.
    fn names(&self) -> Vec<String>;

    /// Say each line of what the table told since the last time.
    fn print(&self, say: &mut dyn FnMut(&str));

    /// The version and the status line of the question at the front; None when the game
    /// is over. An error: the table stopped (its save could not be written).
    fn front(&self) -> anyhow::Result<Option<(u64, String)>>;

    /// Ask the question at the front, offered at version `seen`; `overtaken` when a phone
    /// may answer it first.
    fn ask(&self, seen: u64, overtaken: Option<ui::Overtaken>, p: &mut dyn Prompter) -> Result<Asked, Error>;

    /// Hand an answer to the table's door; say what it told, or its refusal.
    fn answer(&self, seen: u64, said: Said, p: &mut dyn Prompter) -> anyhow::Result<()>;

    /// `undo` through the table's door (`Host::undo`); say its refusal.
    fn undo(&self, p: &mut dyn Prompter) -> anyhow::Result<()>;

    /// Show one part a command shows, at the question at the front (`asked`) or at the end.
    fn show(&self, shown: Shown, asked: bool, p: &mut dyn Prompter) -> anyhow::Result<()>;

    /// The parts of the table's door that are not the game's.
    fn host(&self) -> &dyn HostDoor;
}

/// Ask, answer, tell — until the game is over. `served`: phones may answer first.
pub(super) fn play(game: &dyn AtTerminal, served: bool, p: &mut dyn Prompter) -> anyhow::Result<()> {
    p.players(&game.names());
    loop {
        game.print(&mut |line| p.say(line));
        let Some((seen, status)) = game.front()? else { return Ok(()) };
        p.status(&status);
        let overtaken = || game.host().moved_on(seen);
        match game.ask(seen, served.then_some(&overtaken as ui::Overtaken), p)? {
            Asked::Overtaken => {}
            Asked::Typed(Typed::Command(c)) => command(game, c, true, p)?,
            Asked::Typed(Typed::Said(said)) => game.answer(seen, said, p)?,
        }
    }
}

/// The game is over, but a mistyped last decision can still be taken back: until `quit`
/// (or the end of an answers file) the table may undo, look at sheets and scores; `quit`
/// shows the winner's banner again as the last thing on screen. True when the command is
/// done; false after an undo reopened the game.
pub(super) fn game_over(
    game: &dyn AtTerminal,
    p: &mut dyn Prompter,
    banner: Option<&str>,
    lang: Lang,
) -> anyhow::Result<bool> {
    let choices: Vec<Choice> = Command::at_end()
        .map(|c| match c.effect() {
            Effect::Leave => Choice::new(c.key(), command_line(c, lang)).usual_if(true),
            _ => Choice::command(c.key(), command_line(c, lang)),
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
            Some(c) => command(game, c, false, p)?,
        }
        game.print(&mut |line| p.say(line));
        if !game.host().finished() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// A command of the table, at the question at the front (`asked`) or at the end: what its
/// row of the table's one list says it does (`Command::effect`).
fn command(game: &dyn AtTerminal, c: Command, asked: bool, p: &mut dyn Prompter) -> anyhow::Result<()> {
    let host = game.host();
    match c.effect() {
        Effect::Undo => {
            game.undo(p)?;
            game.print(&mut |line| p.say(line));
        }
        Effect::Release => match host.site() {
            Some(site) => release(site, p, host.lang())?,
            None => p.say(&Note::ReleaseNotServed.text(host.lang())),
        },
        Effect::Show(parts) => {
            for part in parts {
                game.show(*part, asked, p)?;
            }
        }
        Effect::Leave => {}
    }
    Ok(())
}

/// `release`: the host gives a seat's page back to the join page (a player lost their
/// phone; the tokens file beside the save says so, across a restart too).
fn release(site: &Site, p: &mut dyn Prompter, lang: Lang) -> Result<(), Error> {
    let names = site.table.names();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::NameProblem;
    use crate::text::catalog;

    /// The table's one list, command by command: its line and word in all three catalogs,
    /// each typed command read back from its key and from its word in every language, and
    /// refused as a player's name either way.
    #[test]
    fn every_command_has_words_in_every_language_and_is_no_players_name() {
        for c in Command::ALL {
            for lang in Lang::ALL {
                assert!(catalog(lang).contains_key(c.line().key), "{c:?}: no line in the {lang} catalog");
                let Some(word) = c.word() else {
                    assert!(Command::at_end().any(|d| d == c), "{c:?}: never typed, so offered at the end");
                    continue;
                };
                assert!(catalog(lang).contains_key(word.key), "{c:?}: no word in the {lang} catalog");
                let word = word.text(lang);
                for name in [c.key().to_string(), word.clone(), word.to_uppercase()] {
                    assert_eq!(crate::text::table::command(&name, lang), Some(c), "{lang}: {name:?} is typed as {c:?}");
                    let refused = super::super::saves::check_player_names(std::slice::from_ref(&name));
                    assert!(matches!(refused, Err(NameProblem::Reserved { .. })), "{lang}: {name:?} may name a player");
                }
            }
        }
    }
}
