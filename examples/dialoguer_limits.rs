//! The experiment of docs/dialoguer.md: dialoguer 0.11's prompts as they are, at a terminal,
//! each printing what it returned (`returned …`) on standard output. The `#[ignore]`d tests
//! `pty::dialoguer_as_is_*` type at them what deckhand's pty tests type at deckhand and
//! expect deckhand's behaviour, which these prompts do not have: each fails.
//!
//! `cargo run --example dialoguer_limits -- input|validated|overtaken|confirm|select|folded`

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
        // A question longer than the terminal is wide, folded between words by the theme
        // as deckhand's `Pad` folds it: watch the line while typing and deleting across the
        // row's end (by hand, in tmux at 80 columns; docs/dialoguer.md).
        "folded" => {
            let prompt = "Round 1 town phase: Ann rolls — which faces show? (3 town dice (h harbor · w wharf · m market) and 1 boat die; `2h` is two)";
            let line: String = Input::with_theme(&Folded).with_prompt(prompt).allow_empty(true).interact_text()?;
            println!("returned {line:?}");
        }
        _ => {
            eprintln!("usage: dialoguer_limits input|validated|overtaken|confirm|select|folded");
            std::process::exit(2);
        }
    }
    Ok(())
}

/// A theme that folds the question between words to 79 columns, as deckhand's `Pad` does.
struct Folded;

impl dialoguer::theme::Theme for Folded {
    fn format_input_prompt(&self, f: &mut dyn std::fmt::Write, prompt: &str, _: Option<&str>) -> std::fmt::Result {
        let (mut rows, mut row) = (Vec::new(), String::new());
        for word in format!("{prompt}:").split(' ') {
            if !row.is_empty() && row.chars().count() + 1 + word.chars().count() > 79 {
                rows.push(std::mem::take(&mut row));
            }
            row = if row.is_empty() { word.to_string() } else { format!("{row} {word}") };
        }
        rows.push(row);
        write!(f, "{} ", rows.join("\n"))
    }
}
