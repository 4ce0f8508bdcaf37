//! The experiment of docs/dialoguer.md: dialoguer 0.11's prompts as they are, at a terminal,
//! each printing what it returned (`returned …`) on standard output. The `#[ignore]`d tests
//! `pty::dialoguer_as_is_*` type at them what deckhand's pty tests type at deckhand and
//! expect deckhand's behaviour, which these prompts do not have: each fails.
//!
//! `cargo run --example dialoguer_limits -- input|validated|overtaken|confirm|select`

use std::sync::atomic::{AtomicBool, Ordering};

use dialoguer::{Confirm, Input, Select};

fn main() -> Result<(), dialoguer::Error> {
    let mode = std::env::args().nth(1).unwrap_or_default();
    match mode.as_str() {
        // A line: Ctrl-U and Escape should clear it.
        "input" => {
            let line: String = Input::new().with_prompt("roll").allow_empty(true).interact_text()?;
            println!("returned {line:?}");
        }
        // A line its validator rejects should stay to be corrected.
        "validated" => {
            let line: String = Input::new()
                .with_prompt("shrimp")
                .validate_with(|l: &String| if l.contains('q') { Err("`q` is not a mark") } else { Ok(()) })
                .interact_text()?;
            println!("returned {line:?}");
        }
        // A phone answers 300 ms after the question is asked: the question should give up.
        "overtaken" => {
            static ANSWERED: AtomicBool = AtomicBool::new(false);
            std::thread::spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(300));
                ANSWERED.store(true, Ordering::SeqCst);
                println!("a phone answered");
            });
            // Nothing in `Input` can look at ANSWERED while it waits for a key.
            let line: String = Input::new().with_prompt("roll").allow_empty(true).interact_text()?;
            println!("returned {line:?} (phone answered: {})", ANSWERED.load(Ordering::SeqCst));
        }
        // Yes or no at a German table: `ja` should say yes.
        "confirm" => {
            let yes = Confirm::new().with_prompt("Partie #2 löschen?").default(false).interact()?;
            println!("returned {yes}");
        }
        // A menu: Space and `j` should choose nothing, a number its option.
        "select" => {
            let items = ["1  cod", "2  oyster", "3  lobster"];
            let i = Select::new().with_prompt("pick a die").items(&items).default(0).interact()?;
            println!("returned {:?}", items[i]);
        }
        _ => {
            eprintln!("usage: dialoguer_limits input|validated|overtaken|confirm|select");
            std::process::exit(2);
        }
    }
    Ok(())
}
