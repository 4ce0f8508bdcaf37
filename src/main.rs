//! The `deckhand` command: parse the command line, run the command, exit with its code.
//! The command line (`cli`), the terminal prompts (`ui`) and the tables and exports
//! (`report`) live here; everything else is the `deckhand` library.

mod answers;
mod choice;
mod cli;
mod report;
mod serve;
mod ui;

// The library's layers under the names the binary's modules use.
use cli::error::Error;
#[cfg(feature = "paper")]
use deckhand::paper;
use deckhand::{games, history, invocation, message, msg, names, players, source, store, t, text};

fn main() {
    std::process::exit(cli::main());
}
