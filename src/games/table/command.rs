//! The table's commands: what a person may say at any question of a live game instead of
//! answering it (`undo`, `sheet`, …), and `quit` at its end. One list (`Command::ALL`) that
//! the prompts' menus, `help`, the pages and the check of player names all read; each
//! command's words are two catalog entries, so a new command is a variant here and its
//! words in the three catalogs.

use crate::message::Message;

/// A command of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Take back the last decision.
    Undo,
    /// The deciding player's sheet.
    Sheet,
    /// Every sheet.
    Sheets,
    /// The table so far.
    Scores,
    /// What the options mean.
    Help,
    /// The advisor's weighing of the question's answers (nothing is played).
    Hint,
    /// A seat's page to another phone (at a served table).
    Release,
    /// Leave a game that is over (chosen from the menu at its end, never typed).
    Quit,
}

impl Command {
    /// Every command, in the order a menu lists them.
    pub const ALL: [Command; 8] = [
        Command::Undo,
        Command::Sheet,
        Command::Sheets,
        Command::Scores,
        Command::Help,
        Command::Hint,
        Command::Release,
        Command::Quit,
    ];

    /// The command's key: what a menu answers and an answers file may say, the same in
    /// every language.
    pub fn key(self) -> &'static str {
        match self {
            Command::Undo => "undo",
            Command::Sheet => "sheet",
            Command::Sheets => "sheets",
            Command::Scores => "scores",
            Command::Help => "help",
            Command::Hint => "hint",
            Command::Release => "release",
            Command::Quit => "quit",
        }
    }

    /// The word a person types for it, in the reader's language (`zurück`, `annuler`);
    /// None for `quit`, which is only chosen from the menu at the end. A typed command's
    /// key and its word in every language are no player's name.
    pub fn word(self) -> Option<Message> {
        Some(Message::new(match self {
            Command::Undo => "cli.play.word_undo",
            Command::Sheet => "cli.play.word_sheet",
            Command::Sheets => "cli.play.word_sheets",
            Command::Scores => "cli.play.word_scores",
            Command::Help => "cli.play.word_help",
            Command::Hint => "cli.play.word_hint",
            Command::Release => "cli.play.word_release",
            Command::Quit => return None,
        }))
    }

    /// The command's line in a menu and in `help` (`undo — take back the last decision`).
    pub fn line(self) -> Message {
        Message::new(match self {
            Command::Undo => "cli.play.meta_undo",
            Command::Sheet => "cli.play.meta_sheet",
            Command::Sheets => "cli.play.meta_sheets",
            Command::Scores => "cli.play.meta_scores",
            Command::Help => "cli.play.meta_help",
            Command::Hint => "cli.play.meta_hint",
            Command::Release => "cli.play.meta_release",
            Command::Quit => "cli.play.meta_quit",
        })
    }

    /// The commands typed at a question (every one but `quit`).
    pub fn typed() -> impl Iterator<Item = Command> {
        Command::ALL.into_iter().filter(|c| c.word().is_some())
    }

    /// The command a key names (`undo`), if any.
    pub fn from_key(key: &str) -> Option<Command> {
        Command::ALL.into_iter().find(|c| c.key() == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_has_one_key_and_every_typed_one_a_word() {
        for (i, c) in Command::ALL.iter().enumerate() {
            assert!(Command::ALL[..i].iter().all(|d| d.key() != c.key()), "{c:?}");
            assert_eq!(Command::from_key(c.key()), Some(*c));
        }
        assert_eq!(Command::typed().count(), Command::ALL.len() - 1, "all but quit");
        assert!(Command::typed().any(|c| c == Command::Hint), "hint is typed at a prompt");
    }
}
