//! A line typed at a Fischerspiel table, read into what it says: an event with its boats
//! and fish checked against the game, or one of the table's own words (`status`, `help`,
//! `quit`). The grammar lives here with the engine; the words of each event and side come
//! from the text layer (`Words`: every language, the English key always), so nothing here
//! knows a language, and what is wrong with a line is a typed `Unread`.

use super::model::FischerspielRules;
use super::state::{fish_size, Event, FischerspielRefusal as Refusal, Side, State};

/// A line read: an event, or one of the table's own words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// Something that happened (or `undo`).
    Event(Event),
    /// `status`: where the game stands.
    Status,
    /// `help`: the events and words.
    Help,
    /// `quit` (`exit`, `save`): leave; the game is saved.
    Quit,
}

/// The words a line is read with (given by the text layer).
pub struct Words<'a> {
    /// The words of an event or a table's word, by key (`sail`, `status`, …).
    pub event: &'a dyn Fn(&str) -> Vec<String>,
    /// The words of a board edge.
    pub side: &'a dyn Fn(Side) -> Vec<String>,
}

/// The events and words a line may begin with, by key.
pub const KEYS: [&str; 13] = [
    "wind",
    "crest",
    "direction",
    "sail",
    "home",
    "catch",
    "dump",
    "transfer",
    "stuck",
    "undo",
    "status",
    "help",
    "quit",
];

/// An event whose line is written as its word and its arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Usage {
    /// `direction SIDE`.
    Direction,
    /// `sail BOAT`.
    Sail,
    /// `home BOAT`.
    Home,
    /// `catch BOAT SIZE`.
    Catch,
    /// `dump BOAT SIZE`.
    Dump,
    /// `transfer FROM TO SIZE`.
    Transfer,
    /// `wind` or `wind SIDE`.
    Wind,
}

/// Why a line names no event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unread {
    /// Nothing typed.
    NeedEvent,
    /// The event's arguments are not as its usage says.
    Usage(Usage),
    /// A word that names no board edge.
    NotASide(String),
    /// A first word that names no event.
    NotAnEvent(String),
    /// A boat or fish the game does not know.
    Refused(Refusal),
}

/// The key a typed word names: a key itself, or a word of it (the same word ignoring case
/// and accents).
fn key_of(typed: &str, words: &Words) -> Option<&'static str> {
    let typed = typed.to_lowercase();
    KEYS.iter()
        .find(|k| **k == typed || (words.event)(k).iter().any(|w| crate::words::same_word(w, &typed)))
        .copied()
        .or(match typed.as_str() {
            "?" => Some("help"),
            "exit" | "save" => Some("quit"),
            _ => None,
        })
}

fn side_of(word: &str, words: &Words) -> Result<Side, Unread> {
    [Side::North, Side::East, Side::South, Side::West]
        .into_iter()
        .find(|s| (words.side)(*s).iter().any(|w| crate::words::same_word(w, word)))
        .ok_or_else(|| Unread::NotASide(word.to_string()))
}

/// A typed line's words read against the game: the event they name, or why none.
pub fn read(rules: &FischerspielRules, state: &State, line: &[String], words: &Words) -> Result<Typed, Unread> {
    let Some(first) = line.first() else { return Err(Unread::NeedEvent) };
    let need = |n: usize, usage: Usage| if line.len() == n + 1 { Ok(()) } else { Err(Unread::Usage(usage)) };
    let boat =
        |w: &str| state.boat(rules, w).map(|b| rules.boats[state.boats[b].colour].id.clone()).map_err(Unread::Refused);
    let fish = |w: &str| fish_size(rules, w).map(|f| rules.fish[f].id.clone()).map_err(Unread::Refused);
    let event = match key_of(first, words) {
        Some("help") => return Ok(Typed::Help),
        Some("status") => return Ok(Typed::Status),
        Some("quit") => return Ok(Typed::Quit),
        Some("wind" | "crest") => match line.len() {
            1 => Event::Wind { side: None },
            2 => Event::Wind { side: Some(side_of(&line[1], words)?) },
            _ => return Err(Unread::Usage(Usage::Wind)),
        },
        Some("direction") => {
            need(1, Usage::Direction)?;
            Event::Direction { side: side_of(&line[1], words)? }
        }
        Some("sail") => {
            need(1, Usage::Sail)?;
            Event::Sail { boat: boat(&line[1])? }
        }
        Some("home") => {
            need(1, Usage::Home)?;
            Event::Home { boat: boat(&line[1])? }
        }
        Some("catch") => {
            need(2, Usage::Catch)?;
            Event::Catch { boat: boat(&line[1])?, fish: fish(&line[2])? }
        }
        Some("dump") => {
            need(2, Usage::Dump)?;
            Event::Dump { boat: boat(&line[1])?, fish: fish(&line[2])? }
        }
        Some("transfer") => {
            need(3, Usage::Transfer)?;
            Event::Transfer { from: boat(&line[1])?, to: boat(&line[2])?, fish: fish(&line[3])? }
        }
        Some("stuck") => Event::Stuck,
        Some("undo") => Event::Undo,
        _ => return Err(Unread::NotAnEvent(first.to_lowercase())),
    };
    Ok(Typed::Event(event))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fischerspiel::state::Setup;

    #[test]
    fn a_line_is_read_by_its_words_into_an_event_or_why_not() {
        let rules = crate::games::built_in("fischerspiel").unwrap().fischerspiel().unwrap().clone();
        let state = State::new(Setup::new(&rules, 2, "base", None, None).unwrap());
        // German event words and the English keys, as the text layer gives them.
        let event = |key: &str| match key {
            "sail" => vec!["auslaufen".to_string()],
            _ => Vec::new(),
        };
        let side = |s: Side| vec![format!("{s:?}").to_lowercase()];
        let words = Words { event: &event, side: &side };
        let line = |text: &str| -> Vec<String> { text.split_whitespace().map(String::from).collect() };
        let boat = rules.boats[state.boats[0].colour].id.clone();
        let sail = read(&rules, &state, &line(&format!("Auslaufen {boat}")), &words).unwrap();
        assert_eq!(sail, Typed::Event(Event::Sail { boat: boat.clone() }));
        assert_eq!(
            read(&rules, &state, &line("wind north"), &words),
            Ok(Typed::Event(Event::Wind { side: Some(Side::North) }))
        );
        assert_eq!(read(&rules, &state, &line("?"), &words), Ok(Typed::Help));
        assert_eq!(read(&rules, &state, &[], &words), Err(Unread::NeedEvent));
        assert_eq!(read(&rules, &state, &line("catch"), &words), Err(Unread::Usage(Usage::Catch)));
        assert_eq!(read(&rules, &state, &line("wind up"), &words), Err(Unread::NotASide("up".into())));
        assert_eq!(read(&rules, &state, &line("Fly"), &words), Err(Unread::NotAnEvent("fly".into())));
        assert!(matches!(read(&rules, &state, &line("sail kraken"), &words), Err(Unread::Refused(_))));
    }
}
