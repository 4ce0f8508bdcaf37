//! The `deckhand` command: parse the command line, run the command, exit with its code.
//! The command line (`cli`), the terminal prompts (`ui`) and the tables and exports
//! (`report`) live here; everything else is the `deckhand` library.

mod cli;
mod report;
mod serve;
mod ui;

// The library's layers under the names the binary's modules use.
use deckhand::{games, history, invocation, log, msg, players, source, t, text, Error};

fn main() {
    std::process::exit(cli::main());
}
