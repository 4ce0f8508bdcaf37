//! Hand-filled sheets of a game that describes them, so that `score` and `check` serve an
//! engine without words of its own: the sheets of one game read from their files, each
//! scored by the game's categories (with the boxes behind each and the tie-break values),
//! and checked rule by rule — every violation a value with its place in the sheet's file
//! and a `Message`. An engine gives its `Paper` through `games::Compiled::paper`.

use std::ops::Range;

use crate::message::Message;
use crate::names::Names;
use crate::source::{Diagnosed, Source};

/// A game's sheets on paper.
pub trait Paper {
    /// The sheets of one game read from their files (each named as given): the sheets, or
    /// every problem of every file, or why the files read are not one game's (the same
    /// player twice, other options).
    fn read(&self, files: &[(String, Source)]) -> Result<Box<dyn Sheets>, Unread>;
}

/// Why sheet files are not one game's sheets.
#[derive(Debug)]
pub enum Unread {
    /// The files' problems, one `Diagnosed` per file that has some.
    Files(Vec<Diagnosed>),
    /// The files read, but they do not go together.
    Together(Message),
}

/// The sheets of one game, read.
pub trait Sheets {
    /// The players, in the order their sheets were given.
    fn players(&self) -> Vec<String>;
    /// The final table's categories: each one's id (the history records it) and words.
    fn categories(&self) -> Vec<(String, Message)>;
    /// The tie-breaks after the total, in order.
    fn tie_breaks(&self) -> Vec<Message>;
    /// A sheet's points.
    fn scored(&self, sheet: usize) -> Scored;
    /// A sheet's violations of the rules, in sheet order.
    fn violations(&self, sheet: usize) -> Vec<Broken>;
    /// What `check` says of a sheet, line by line (its file as named, its source).
    fn report(&self, sheet: usize, file: &str, source: &Source) -> Vec<Message>;
}

/// A sheet's points as the final table shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scored {
    /// Per category, its points.
    pub values: Vec<i64>,
    /// The tie-break values, in the order of `Sheets::tie_breaks`.
    pub tie: Vec<i64>,
    /// Per category, the boxes behind its points (words and points).
    pub detail: Vec<Vec<(Names, i64)>>,
    /// The sheet's total as the rules count it.
    pub total: i64,
}

/// A rule a sheet breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broken {
    /// Where in the sheet (a box id).
    pub place: String,
    /// The rule's id.
    pub rule: &'static str,
    /// What is wrong, in words to be said.
    pub message: Message,
    /// Where in the sheet's file, when known.
    pub span: Option<Range<usize>>,
}

/// A sheet file's TOML read as `T`, the one way every engine's sheet file is read: an
/// empty file refused (`empty_help` says what one holds), a file that is not `T` refused
/// with its problem at its place, and an unknown key at the top explained by `fields_help`
/// (what a sheet holds) unless a close key is suggested.
pub fn parse_sheet_file<'a, T: serde::Deserialize<'a>>(
    source: &'a Source,
    empty_help: Message,
    fields_help: Option<Message>,
) -> Result<T, Diagnosed> {
    use crate::source::de::{self, Kind, Seg};
    use crate::source::{similar, Diagnostic};
    if source.text.trim().is_empty() {
        let empty = Diagnostic::new(crate::msg!("cli.sheet_file.empty"), None).help(empty_help);
        return Err(Diagnosed::new(source, vec![empty]));
    }
    de::from_str(&source.text).map_err(|e| {
        let mut d = e.diagnostic();
        let at_top = e.path().iter().all(|s| !matches!(s, Seg::Key(_)));
        if let (Some(help), Kind::UnknownKey { key, expected }) = (fields_help, e.kind()) {
            if at_top && !expected.iter().any(|k| similar(k, key)) {
                d = d.help(help);
            }
        }
        Diagnosed::new(source, vec![d])
    })
}

/// The `game` and `player` every sheet file begins with, checked: a game other than `id`
/// and a player missing, blank or with too long a name are each a diagnostic at its place
/// in `diags`. The player's name, trimmed (empty when it is not usable).
pub fn sheet_game_and_player(
    id: &str,
    game: Option<&crate::source::spanned::Spanned<String>>,
    player: Option<&crate::source::spanned::Spanned<String>>,
    diags: &mut Vec<crate::source::Diagnostic>,
) -> String {
    use crate::msg;
    use crate::source::Diagnostic;
    if let Some(g) = game {
        if g.get_ref() != id {
            diags.push(
                Diagnostic::new(msg!("cli.sheet_file.other_game", game = g.get_ref(), rules = id), Some(g.span()))
                    .help(msg!("cli.sheet_file.other_game_help")),
            );
        }
    }
    match player {
        Some(p) if p.get_ref().trim().chars().count() > crate::players::MAX_NAME_CHARS => {
            let (n, max) = (p.get_ref().trim().chars().count(), crate::players::MAX_NAME_CHARS);
            diags.push(Diagnostic::new(msg!("cli.sheet_file.long_player", n = n, max = max), Some(p.span())));
            String::new()
        }
        Some(p) if !p.get_ref().trim().is_empty() => p.get_ref().trim().to_string(),
        Some(p) => {
            diags.push(Diagnostic::new(msg!("cli.sheet_file.empty_player"), Some(p.span())));
            String::new()
        }
        None => {
            diags.push(
                Diagnostic::new(msg!("cli.sheet_file.no_player"), None).help(msg!("cli.sheet_file.no_player_help")),
            );
            String::new()
        }
    }
}
