//! A menu for the terminal that takes typing: every key typed goes into a filter (a
//! number, an option's key or the start of a word of its label, `undo` or `zurück`…),
//! ↑/↓ move the highlight, and only Enter chooses. A stray Space, `j` or `k` can never
//! commit a decision, and the cursor is never hidden (a killed deckhand cannot leave the
//! terminal without one).

use console::{Key, Term};

use super::Choice;

/// The options that match what was typed, best first: the option numbered so, an option
/// whose key is exactly the text, then those whose key or a word of whose label starts
/// with it, then those whose label contains it (case and accents ignored).
pub fn filter(choices: &[Choice], typed: &str) -> Vec<usize> {
    let typed = crate::text::fold_word(typed.trim());
    if typed.is_empty() {
        return (0..choices.len()).collect();
    }
    if let Ok(n) = typed.parse::<usize>() {
        if (1..=choices.len()).contains(&n) {
            return vec![n - 1];
        }
    }
    let keys: Vec<String> = choices.iter().map(|c| crate::text::fold_word(&c.key)).collect();
    // A label both ways an umlaut may be typed (`zuruck`, `zurueck`).
    let labels: Vec<[String; 2]> =
        choices.iter().map(|c| [crate::text::fold_word(&c.label), crate::text::fold_word_e(&c.label)]).collect();
    let word_start = |i: usize| {
        labels[i]
            .iter()
            .any(|l| l.split(|c: char| !c.is_alphanumeric() && c != ':' && c != '_').any(|w| w.starts_with(&typed)))
    };
    let rank = |i: usize| -> Option<u8> {
        if keys[i] == typed {
            Some(0)
        } else if keys[i].starts_with(&typed) || word_start(i) {
            Some(1)
        } else if labels[i].iter().any(|l| l.contains(&typed)) {
            Some(2)
        } else {
            None
        }
    };
    let mut ranked: Vec<(u8, usize)> = (0..choices.len()).filter_map(|i| rank(i).map(|r| (r, i))).collect();
    ranked.sort();
    ranked.into_iter().map(|(_, i)| i).collect()
}

/// What a menu that takes entries gave: an option, or a line typed for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked {
    /// The option at this index.
    Choice(usize),
    /// Words typed that are not one option (`harbor inuit cod`), as `check` accepted them.
    Text(String),
}

/// Ask on the terminal; returns the index of the chosen option.
pub fn select(term: &Term, prompt: &str, choices: &[Choice], hint: &str, color: bool) -> std::io::Result<usize> {
    let mut typed = String::new();
    match run(term, prompt, choices, hint, color, &mut typed, None, None)? {
        Some(Picked::Choice(i)) => Ok(i),
        _ => unreachable!("a menu without entries returns an option"),
    }
}

/// Ask on the terminal, taking an option or a typed entry: Enter on a single word that
/// options match chooses the highlighted one; Enter on several words, or a word no option
/// matches, gives the text when `check` accepts it, and shows why not below the menu
/// otherwise (the text stays to be corrected).
pub fn entry(
    term: &Term,
    prompt: &str,
    choices: &[Choice],
    hint: &str,
    color: bool,
    check: super::Validator,
) -> std::io::Result<Picked> {
    let mut typed = String::new();
    Ok(run(term, prompt, choices, hint, color, &mut typed, None, Some(check))?
        .expect("only an overtaken menu returns without a choice"))
}

/// Ask on the terminal until `overtaken()` says the question was answered elsewhere (a
/// phone, at a served table): then the menu is cleared and None returned, with what was
/// typed so far left in `typed` (the next menu starts from it). Keys are read one by one
/// while the menu waits, so typing ahead is never lost.
pub fn select_until(
    term: &Term,
    prompt: &str,
    choices: &[Choice],
    hint: &str,
    color: bool,
    typed: &mut String,
    overtaken: &dyn Fn() -> bool,
) -> std::io::Result<Option<usize>> {
    let _keys = keys::OneByOne::enter();
    Ok(match run(term, prompt, choices, hint, color, typed, Some(overtaken), None)? {
        Some(Picked::Choice(i)) => Some(i),
        _ => None,
    })
}

#[allow(clippy::too_many_arguments)]
fn run(
    term: &Term,
    prompt: &str,
    choices: &[Choice],
    hint: &str,
    color: bool,
    typed: &mut String,
    overtaken: Option<&dyn Fn() -> bool>,
    check: Option<super::Validator>,
) -> std::io::Result<Option<Picked>> {
    let mut highlight = 0usize;
    let mut drawn = 0usize;
    let mut problem: Option<String> = None;
    loop {
        let words = typed.split_whitespace().count();
        // Several words, or a word no option has: an entry, not a filter.
        let matches = if check.is_some() && words > 1 { Vec::new() } else { filter(choices, typed) };
        highlight = highlight.min(matches.len().saturating_sub(1));
        term.clear_line()?;
        term.clear_last_lines(drawn)?;
        drawn = draw(term, prompt, choices, &matches, highlight, typed, hint, color, problem.as_deref())?;
        let Some(key) = keys::next(term, overtaken)? else {
            term.clear_line()?;
            term.clear_last_lines(drawn)?;
            return Ok(None);
        };
        match key {
            Key::Enter if !matches.is_empty() => {
                let chosen = matches[highlight];
                term.clear_line()?;
                term.clear_last_lines(drawn)?;
                term.write_line(&format!("{prompt} {}", choices[chosen].label))?;
                typed.clear();
                return Ok(Some(Picked::Choice(chosen)));
            }
            Key::Enter if !typed.trim().is_empty() => {
                if let Some(check) = check {
                    match check(typed) {
                        Ok(()) => {
                            term.clear_line()?;
                            term.clear_last_lines(drawn)?;
                            term.write_line(&format!("{prompt} {typed}"))?;
                            return Ok(Some(Picked::Text(std::mem::take(typed))));
                        }
                        Err(why) => problem = Some(why),
                    }
                }
            }
            Key::ArrowDown | Key::Tab if !matches.is_empty() => highlight = (highlight + 1) % matches.len(),
            Key::ArrowUp | Key::BackTab if !matches.is_empty() => {
                highlight = (highlight + matches.len() - 1) % matches.len()
            }
            Key::Backspace => {
                typed.pop();
                highlight = 0;
                problem = None;
            }
            Key::Escape => {
                typed.clear();
                highlight = 0;
                problem = None;
            }
            Key::Char(c) if !c.is_control() => {
                typed.push(c);
                highlight = 0;
                problem = None;
            }
            _ => {}
        }
    }
}

/// A line of text on the terminal, until `overtaken()` (see `select_until`): printable
/// keys type, Backspace deletes, Escape clears, Enter checks the line with `validate` and
/// shows what is wrong below it.
pub fn line_until(
    term: &Term,
    prompt: &str,
    typed: &mut String,
    validate: &dyn Fn(&str) -> Result<(), String>,
    overtaken: &dyn Fn() -> bool,
) -> std::io::Result<Option<String>> {
    let _keys = keys::OneByOne::enter();
    let mut problem: Option<String> = None;
    let mut drawn = 0usize;
    loop {
        term.clear_line()?;
        term.clear_last_lines(drawn)?;
        drawn = 0;
        if let Some(p) = &problem {
            term.write_line(&console::truncate_str(p, usize::from(term.size().1).max(20) - 1, "…"))?;
            drawn = 1;
        }
        term.write_str(&format!("{prompt}: {typed}"))?;
        term.flush()?;
        let Some(key) = keys::next(term, Some(overtaken))? else {
            term.clear_line()?;
            term.clear_last_lines(drawn)?;
            return Ok(None);
        };
        match key {
            Key::Enter => match validate(typed) {
                Ok(()) => {
                    term.clear_line()?;
                    term.clear_last_lines(drawn)?;
                    term.write_line(&format!("{prompt}: {typed}"))?;
                    return Ok(Some(std::mem::take(typed)));
                }
                Err(why) => problem = Some(why),
            },
            Key::Backspace => {
                typed.pop();
            }
            Key::Escape => typed.clear(),
            Key::Char(c) if !c.is_control() => typed.push(c),
            _ => {}
        }
    }
}

/// Reading keys while something else may answer the question.
mod keys {
    use console::{Key, Term};

    /// The next key, or None as soon as `overtaken()` is true (checked every 50 ms while no
    /// key is waiting).
    pub fn next(term: &Term, overtaken: Option<&dyn Fn() -> bool>) -> std::io::Result<Option<Key>> {
        let Some(overtaken) = overtaken else { return term.read_key().map(Some) };
        loop {
            if overtaken() {
                return Ok(None);
            }
            if waiting(50)? {
                return term.read_key().map(Some);
            }
        }
    }

    #[cfg(unix)]
    fn waiting(ms: i32) -> std::io::Result<bool> {
        let mut fd = libc::pollfd { fd: libc::STDIN_FILENO, events: libc::POLLIN, revents: 0 };
        // SAFETY: poll on one valid pollfd for standard input.
        let n = unsafe { libc::poll(&mut fd, 1, ms) };
        if n < 0 {
            let e = std::io::Error::last_os_error();
            return if e.kind() == std::io::ErrorKind::Interrupted { Ok(false) } else { Err(e) };
        }
        Ok(n > 0)
    }

    #[cfg(not(unix))]
    fn waiting(_ms: i32) -> std::io::Result<bool> {
        Ok(true)
    }

    /// While it lives, the terminal hands over keys one by one, unechoed (the menu draws
    /// them), with Ctrl-C as a key that the reader turns into an interruption — so `poll`
    /// sees each key as it is typed, not only after Enter. The terminal's own mode comes
    /// back when it is dropped, and on SIGINT (`restore_after_signal`).
    pub struct OneByOne {
        #[cfg(unix)]
        original: Option<libc::termios>,
    }

    #[cfg(unix)]
    mod saved {
        use std::sync::atomic::{AtomicBool, Ordering};

        static SAVED: AtomicBool = AtomicBool::new(false);
        static mut MODE: std::mem::MaybeUninit<libc::termios> = std::mem::MaybeUninit::uninit();

        pub fn keep(t: libc::termios) {
            SAVED.store(false, Ordering::SeqCst);
            // SAFETY: written only here, while SAVED is false, so the signal handler never
            // reads it half-written; one thread (the terminal's) asks questions.
            unsafe { (*std::ptr::addr_of_mut!(MODE)).write(t) };
            SAVED.store(true, Ordering::SeqCst);
        }

        pub fn forget() {
            SAVED.store(false, Ordering::SeqCst);
        }

        /// Async-signal-safe: an atomic load and tcsetattr.
        pub fn restore() {
            if SAVED.load(Ordering::SeqCst) {
                // SAFETY: MODE was fully written before SAVED became true.
                unsafe { libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, (*std::ptr::addr_of!(MODE)).as_ptr()) };
            }
        }
    }

    /// Put the terminal's own mode back (from the SIGINT handler).
    #[cfg(unix)]
    pub fn restore_after_signal() {
        saved::restore();
    }

    impl OneByOne {
        #[cfg(unix)]
        pub fn enter() -> OneByOne {
            // SAFETY: tcgetattr/tcsetattr on standard input with a termios we own.
            unsafe {
                if libc::isatty(libc::STDIN_FILENO) != 1 {
                    return OneByOne { original: None };
                }
                let mut t = std::mem::MaybeUninit::<libc::termios>::uninit();
                if libc::tcgetattr(libc::STDIN_FILENO, t.as_mut_ptr()) != 0 {
                    return OneByOne { original: None };
                }
                let original = t.assume_init();
                let mut raw = original;
                raw.c_lflag &= !(libc::ICANON | libc::ECHO | libc::ISIG | libc::IEXTEN);
                raw.c_cc[libc::VMIN] = 1;
                raw.c_cc[libc::VTIME] = 0;
                saved::keep(original);
                libc::tcsetattr(libc::STDIN_FILENO, libc::TCSADRAIN, &raw);
                OneByOne { original: Some(original) }
            }
        }

        #[cfg(not(unix))]
        pub fn enter() -> OneByOne {
            OneByOne {}
        }
    }

    impl Drop for OneByOne {
        fn drop(&mut self) {
            #[cfg(unix)]
            if let Some(original) = &self.original {
                // SAFETY: restoring the mode read in `enter`.
                unsafe { libc::tcsetattr(libc::STDIN_FILENO, libc::TCSADRAIN, original) };
                saved::forget();
            }
        }
    }
}

/// Put the terminal's own mode back after SIGINT while a menu waited for keys one by one.
/// Async-signal-safe.
pub fn restore_after_signal() {
    #[cfg(unix)]
    keys::restore_after_signal();
}

/// Draw the prompt, the matching options (a window around the highlight when they do not
/// fit), and the line being typed, which keeps the cursor. Returns the lines drawn.
#[allow(clippy::too_many_arguments)]
fn draw(
    term: &Term,
    prompt: &str,
    choices: &[Choice],
    matches: &[usize],
    highlight: usize,
    typed: &str,
    hint: &str,
    color: bool,
    problem: Option<&str>,
) -> std::io::Result<usize> {
    let (rows, cols) = term.size();
    let width = usize::from(cols).max(20);
    let room = usize::from(rows).saturating_sub(4).max(3);
    let first = highlight.saturating_sub(room - 1).min(matches.len().saturating_sub(room));
    let number_width = choices.len().to_string().len();
    let mut lines = vec![console::truncate_str(prompt, width - 1, "…").into_owned()];
    for (at, &i) in matches.iter().enumerate().skip(first).take(room) {
        let marker = if at == highlight { '›' } else { ' ' };
        let line = format!("{marker} {:>number_width$}  {}", i + 1, choices[i].label);
        let line = console::truncate_str(&line, width - 1, "…").into_owned();
        lines.push(if at == highlight && color { console::style(line).cyan().bold().to_string() } else { line });
    }
    if matches.is_empty() && typed.split_whitespace().count() < 2 {
        lines.push("  —".into());
    }
    if let Some(problem) = problem {
        let line = console::truncate_str(problem, width - 1, "…").into_owned();
        lines.push(if color { console::style(line).red().to_string() } else { line });
    }
    for line in &lines {
        term.write_line(line)?;
    }
    let hint = if color { console::style(hint).dim().to_string() } else { hint.to_string() };
    term.write_str(&format!("{hint} {typed}"))?;
    term.flush()?;
    // The typed line has no newline: clearing it is clearing one more line than written.
    Ok(lines.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu() -> Vec<Choice> {
        vec![
            Choice::new("mark", "mark cod.4 (B: launch a boat)"),
            Choice::new("coin", "use as 1 coin"),
            Choice::new("as:lobster", "as lobster, + 1 star action"),
            Choice::new("undo", "zurück — die letzte Entscheidung zurücknehmen"),
            Choice::new("sheet", "Bogen zeigen"),
            Choice::new("sheets", "alle Bögen zeigen"),
        ]
    }

    #[test]
    fn numbers_keys_prefixes_and_words_filter() {
        let m = menu();
        assert_eq!(filter(&m, ""), vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(filter(&m, "2"), vec![1]);
        assert_eq!(filter(&m, "undo"), vec![3]);
        assert_eq!(filter(&m, "Zurück"), vec![3]);
        assert_eq!(filter(&m, "zuruck"), vec![3]);
        assert_eq!(filter(&m, "zurueck"), vec![3]);
        assert_eq!(filter(&m, "sheet"), vec![4, 5], "the exact key first");
        assert_eq!(filter(&m, "as:l"), vec![2]);
        assert_eq!(filter(&m, "lob"), vec![2]);
        assert_eq!(filter(&m, "launch"), vec![0]);
        assert_eq!(filter(&m, "xyz"), Vec::<usize>::new());
        assert_eq!(filter(&m, "9"), Vec::<usize>::new(), "no option 9: no match, nothing chosen");
    }
}
