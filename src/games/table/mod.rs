//! The table of a live game: the one master every screen talks to, without a word of text,
//! a terminal or HTTP (boardgame.io's `Master`; the terminal alone is its `LocalMaster`,
//! the same table with no phones). A screen is the table's own (`Screen::Host`: the
//! terminal, or its answers file) or a seat's page (`Screen::Seat`); it hands the table a
//! `Said` — a typed line or a tap parsed without the game (`said.rs`) — or one of the
//! table's commands (`command.rs`), and renders what the table offers and tells.
//!
//! - `plain.rs`: the table of any `LiveGame` answered one question at a time (Fischerspiel).
//! - Fleet's table, `games::fleet::table`, adds its answering policy and early answers.
//! - `shared.rs`: a table behind one lock for the terminal and the phones at once, with
//!   the stream of what it told.

pub mod any;
pub mod command;
pub mod plain;
pub mod said;
pub mod shared;

pub use command::Command;
pub use said::{Said, Typed};
pub use shared::Shared;

/// Who hands the table an answer or an undo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The table's own screen (the terminal, or its answers file): it may answer any
    /// question and take back any answer.
    Host,
    /// A seat's page (a phone): its own questions, and the table's when it is this seat's
    /// to answer; only its own answers taken back.
    Seat(usize),
}

/// A table as `Shared` keeps it and every screen uses it, whatever the game: its version,
/// what it told, and the parts of its door that are not the game's (undo, whether a
/// screen's question moved on, the end, a save that could not be written).
pub trait Table {
    /// What the table tells every screen.
    type Told;

    /// Why the table refused an answer or an undo.
    type Refused;

    /// The state's version: it changes with every change a screen may see.
    fn version(&self) -> u64;

    /// Everything told since the last call, first first.
    fn take_told(&mut self) -> Vec<Self::Told>;

    /// Take back the last answer `screen` may take back, offered to it at version `seen`.
    fn undo(&mut self, screen: Screen, seen: u64) -> Result<(), Self::Refused>;

    /// Whether what `screen` was offered changed after version `seen`.
    fn moved_on(&self, screen: Screen, seen: u64) -> bool;

    /// Whether the game is over.
    fn finished(&self) -> bool;

    /// Why the table stopped (its save could not be written), taken: the table's own
    /// screen exits with it.
    fn take_stopped(&mut self) -> Option<crate::games::live::AppendError>;
}
