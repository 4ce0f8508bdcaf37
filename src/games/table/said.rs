//! The answer language: what a screen hands to the table, one typed value made without the
//! game. A line typed at a terminal (or read from an answers file) and a tap on a page are
//! parsed here into a `Said` — words, or keys, or faces — knowing nothing of the question;
//! the table then resolves it against the game (its words matched to options, its keys to
//! the question's options, its faces to the dice), each step with its own error, as
//! shakmaty parses `Nf3` into a `San` before it is resolved against a position.

use super::command::Command;

/// An answer as a screen gives it, before the table resolves it against the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// A line typed for the question asked: its words, in order (an entry `harbor inuit
    /// cod`, a roll by letters and counts `2c l s`, a key chosen from a menu).
    Entry(Vec<String>),
    /// A line typed for a question everyone answers at once (the shared die): its words,
    /// players' names among them (`bob coin, cy hex`); nothing typed gives everyone their
    /// usual answer.
    Everyone(Vec<String>),
    /// A page's chain of answers: each link one answer's keys (`cod coin`), the first to
    /// the question shown, each next to the follow-up the one before leads to.
    Links(Vec<Vec<String>>),
    /// A page's roll: the faces tapped in, by key.
    Faces(Vec<String>),
}

/// A typed line as a person means it: a command of the table or an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// A command (`undo`, `sheet`, …).
    Command(Command),
    /// An answer, for the table to resolve.
    Said(Said),
}

/// The words of a typed line: split at white space, commas and semicolons.
pub fn words(line: &str) -> Vec<String> {
    line.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

impl Said {
    /// A line typed for the question asked (see `Said::Entry`).
    pub fn entry(line: &str) -> Said {
        Said::Entry(words(line))
    }

    /// A line typed for everyone at once (see `Said::Everyone`).
    pub fn everyone(line: &str) -> Said {
        Said::Everyone(words(line))
    }

    /// A page's chain, each link given as one answer's keys separated by spaces.
    pub fn links<S: AsRef<str>>(links: &[S]) -> Said {
        Said::Links(links.iter().map(|l| l.as_ref().split_whitespace().map(String::from).collect()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_its_words_and_a_tap_its_keys_whatever_the_game() {
        assert_eq!(
            Said::entry(" harbor  inuit cod "),
            Said::Entry(vec!["harbor".into(), "inuit".into(), "cod".into()])
        );
        assert_eq!(Said::everyone("bob coin, cy hex"), Said::Everyone(words("bob coin cy hex")));
        assert_eq!(Said::everyone(""), Said::Everyone(Vec::new()));
        assert_eq!(
            Said::links(&["cod coin", "mark"]),
            Said::Links(vec![vec!["cod".into(), "coin".into()], vec!["mark".into()]])
        );
    }
}
