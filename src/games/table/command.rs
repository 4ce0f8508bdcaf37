//! The table's commands: what a person may say at any question of a live game instead of
//! answering it (`undo`, `sheet`, …), and `quit` at its end.
//!
//! One list, the `commands!` table below: each command's variant, its key, the catalog keys
//! of its word and its line, what it does (`Effect`) and where it is offered (`Offered`).
//! The enum, `Command::ALL`, the prompts' menus, `help`, the pages, the menu at the game's
//! end, what the terminal does (`cli::terminal::command`) and the check of player names all
//! read it. So a new command is one row here and its words in the three `cli.toml`
//! catalogs — four files — as long as it does what a screen already can (undo, release,
//! leave, or show any of the `Shown` parts); a new kind of `Shown` is also each terminal's
//! `show`.

use crate::message::Message;

/// What a command shows at the screen that asked, one part at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// The sheet of the player the question is for; every sheet when it is for no one.
    AskedSheet,
    /// Every sheet.
    Sheets,
    /// The table so far.
    Scores,
    /// What the question's options mean, how to type an answer, and the commands.
    Help,
    /// The advisor's weighing of the question's answers (nothing is played).
    Hint,
}

/// What a command does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Take back the last decision, through the table's door.
    Undo,
    /// Give a seat's page back to the join page.
    Release,
    /// Show these parts, in order.
    Show(&'static [Shown]),
    /// Leave a game that is over.
    Leave,
}

/// Where a command is offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offered {
    /// Typed at every question, and in the menu at the game's end.
    Always,
    /// Typed at every question.
    Asked,
    /// Typed at every question of a served table (phones are there).
    Served,
    /// Only chosen from the menu at the game's end, never typed (it has no word).
    AtEnd,
}

/// One command's row of the list.
struct Row {
    key: &'static str,
    word: Option<&'static str>,
    line: &'static str,
    does: Effect,
    offered: Offered,
}

/// The list: the enum, `Command::ALL` in menu order, and each command's row.
macro_rules! commands {
    ($($(#[$doc:meta])* $variant:ident {
        key: $key:literal, word: $word:expr, line: $line:literal, does: $does:expr, offered: $offered:expr $(,)?
    })*) => {
        /// A command of the table.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Command {
            $($(#[$doc])* $variant,)*
        }

        impl Command {
            /// Every command, in the order a menu lists them.
            pub const ALL: [Command; [$(stringify!($variant)),*].len()] = [$(Command::$variant),*];

            fn row(self) -> Row {
                match self {
                    $(Command::$variant => Row { key: $key, word: $word, line: $line, does: $does, offered: $offered },)*
                }
            }
        }
    };
}

commands! {
    /// Take back the last decision.
    Undo {
        key: "undo", word: Some("cli.play.word_undo"), line: "cli.play.meta_undo",
        does: Effect::Undo, offered: Offered::Always,
    }
    /// The deciding player's sheet.
    Sheet {
        key: "sheet", word: Some("cli.play.word_sheet"), line: "cli.play.meta_sheet",
        does: Effect::Show(&[Shown::AskedSheet]), offered: Offered::Asked,
    }
    /// Every sheet.
    Sheets {
        key: "sheets", word: Some("cli.play.word_sheets"), line: "cli.play.meta_sheets",
        does: Effect::Show(&[Shown::Sheets]), offered: Offered::Always,
    }
    /// The table so far.
    Scores {
        key: "scores", word: Some("cli.play.word_scores"), line: "cli.play.meta_scores",
        does: Effect::Show(&[Shown::Scores]), offered: Offered::Always,
    }
    /// What the options mean.
    Help {
        key: "help", word: Some("cli.play.word_help"), line: "cli.play.meta_help",
        does: Effect::Show(&[Shown::Help]), offered: Offered::Always,
    }
    /// The advisor's weighing of the question's answers (nothing is played).
    Hint {
        key: "hint", word: Some("cli.play.word_hint"), line: "cli.play.meta_hint",
        does: Effect::Show(&[Shown::Hint]), offered: Offered::Asked,
    }
    /// A seat's page to another phone (at a served table).
    Release {
        key: "release", word: Some("cli.play.word_release"), line: "cli.play.meta_release",
        does: Effect::Release, offered: Offered::Served,
    }
    /// Leave a game that is over (chosen from the menu at its end, never typed).
    Quit {
        key: "quit", word: None, line: "cli.play.meta_quit",
        does: Effect::Leave, offered: Offered::AtEnd,
    }
}

impl Command {
    /// The command's key: what a menu answers and an answers file may say, the same in
    /// every language.
    pub fn key(self) -> &'static str {
        self.row().key
    }

    /// The word a person types for it, in the reader's language (`zurück`, `annuler`);
    /// None for `quit`, which is only chosen from the menu at the end. A typed command's
    /// key and its word in every language are no player's name.
    pub fn word(self) -> Option<Message> {
        self.row().word.map(Message::new)
    }

    /// The command's line in a menu and in `help` (`undo — take back the last decision`).
    pub fn line(self) -> Message {
        Message::new(self.row().line)
    }

    /// What the command does.
    pub fn effect(self) -> Effect {
        self.row().does
    }

    /// Where the command is offered.
    pub fn offered(self) -> Offered {
        self.row().offered
    }

    /// The commands typed at a question (every one but `quit`).
    pub fn typed() -> impl Iterator<Item = Command> {
        Command::ALL.into_iter().filter(|c| c.word().is_some())
    }

    /// The commands typed at the questions of a table (`release` only at a served one).
    pub fn typed_at(served: bool) -> impl Iterator<Item = Command> {
        Command::typed().filter(move |c| served || c.offered() != Offered::Served)
    }

    /// The menu at a game's end: the command that leaves first (the usual choice), then
    /// the others offered there, in menu order.
    pub fn at_end() -> impl Iterator<Item = Command> {
        let offered = |c: &Command| matches!(c.offered(), Offered::Always | Offered::AtEnd);
        let leaves = |c: &Command| c.effect() == Effect::Leave;
        (Command::ALL.into_iter().filter(move |c| offered(c) && leaves(c)))
            .chain(Command::ALL.into_iter().filter(move |c| offered(c) && !leaves(c)))
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
            // A command with no word is never typed: it is offered only at the end.
            assert_eq!(c.word().is_none(), c.offered() == Offered::AtEnd, "{c:?}");
        }
        assert_eq!(Command::typed().count(), Command::ALL.len() - 1, "all but quit");
        assert!(Command::typed().any(|c| c == Command::Hint), "hint is typed at a prompt");
        assert!(!Command::typed_at(false).any(|c| c == Command::Release), "release only when served");
        assert!(Command::typed_at(true).any(|c| c == Command::Release));
    }

    #[test]
    fn the_menu_at_the_end_leads_with_quit_then_what_may_still_be_done() {
        let end: Vec<Command> = Command::at_end().collect();
        assert_eq!(end, [Command::Quit, Command::Undo, Command::Sheets, Command::Scores, Command::Help]);
    }
}
