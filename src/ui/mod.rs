//! Every question deckhand asks goes through `Prompter`: at a terminal `TerminalPrompter`
//! (dialoguer's `Input`; menus and a game's lines on our loop, `menu`; our `Theme`), from a
//! file `answers::ScriptPrompter`. What a typed text chooses is `choice`. docs/dialoguer.md.

use std::io::IsTerminal;
use std::path::Path;

use crate::text::Lang;
use crate::Error;

pub mod keys;
pub mod menu;
pub mod theme;

use dialoguer::theme::Theme;
use theme::Pad;

pub type Validator<'a> = &'a dyn Fn(&str) -> Result<(), String>;

/// Checks an entry: Ok with the words it is echoed in after the question (what it does,
/// in pad words: `harbor` for `h i c`), or why it is wrong.
pub type Check<'a> = &'a dyn Fn(&str) -> Result<String, String>;

/// An entry's `check`, and the game's example of one a terminal shows (`harbor inuit cod`).
#[derive(Clone, Copy)]
pub struct Entry<'a> {
    pub check: Check<'a>,
    pub example: Option<&'a str>,
}

/// Write a line to standard error (`write_stderr`).
pub fn say(line: &str) {
    write_stderr(&format!("{line}\n"));
}

/// Write text to standard error with control characters but line breaks and tabs written
/// out (`\u{1b}`), so a message cannot drive the terminal. A closed or broken standard
/// error (`2>&1 | head -1`) is no reason to stop or panic: the game and its save go on.
pub fn write_stderr(text: &str) {
    write_raw(&crate::text::escape_controls_in_lines(text));
}

fn write_raw(text: &str) {
    let _ = console::Term::stderr().write_str(text);
}

/// Whether something else may answer a question first (at a served table, a phone): the
/// question gives up, returning None, as soon as it returns true.
pub type Overtaken<'a> = &'a dyn Fn() -> bool;

/// The answer to a question a phone may overtake: None when it did.
pub type Until<T> = Result<Option<T>, Error>;

pub use crate::choice::{Choice, Picked};

/// A prompter implements `select` or `select_until`, `entry` or `entry_until` (each pair's
/// defaults call each other), and `input`.
pub trait Prompter {
    /// Ask to pick one of `choices`; returns its index.
    fn select(&mut self, prompt: &str, choices: &[Choice]) -> Result<usize, Error> {
        self.select_until(prompt, choices, None)?.ok_or(Error::Interrupted)
    }
    /// Ask for one of `choices` or an entry of several words (`harbor inuit cod`), which
    /// its `check` accepts (giving the words it is echoed in) or says what is wrong with.
    fn entry(&mut self, prompt: &str, choices: &[Choice], entry: Entry) -> Result<Picked, Error> {
        self.entry_until(prompt, choices, entry, None)?.ok_or(Error::Interrupted)
    }
    /// Whether answers are entries (a pick and its use in one, everyone's shared die at
    /// once, forced answers applied): at a terminal unless `--ask-all`; in an answers file
    /// after a line `#! entries` (older files take one answer per question).
    fn entries(&self) -> bool {
        false
    }
    /// Ask for a line of text; `validate` explains what is wrong with a bad answer.
    fn input(&mut self, prompt: &str, validate: Validator) -> Result<String, Error>;
    /// A line at a game's table: `input`, on the menus' loop at a terminal (as when a
    /// phone may answer first; why not `Input`: docs/dialoguer.md).
    fn line(&mut self, prompt: &str, validate: Validator) -> Result<String, Error> {
        self.line_until(prompt, validate, None)?.ok_or(Error::Interrupted)
    }
    /// A yes/no question (`history delete`) with its two answers in words; Enter alone
    /// says no. Returns whether the answer is yes.
    fn confirm(&mut self, prompt: &str, no: &str, yes: &str) -> Result<bool, Error> {
        let choices = [Choice::new("no", no).usual_if(true), Choice::new("yes", yes)];
        Ok(self.select(prompt, &choices)? == 1)
    }
    /// Tell the people at the table something (goes to standard error).
    fn say(&mut self, line: &str);
    /// Show the state of the table above the next question (only a terminal does).
    fn status(&mut self, _line: &str) {}
    /// The players' names in seat order, so that a terminal can give each a colour.
    fn players(&mut self, _names: &[String]) {}
    /// `select`, giving up (None) when `overtaken()` turns true while waiting (an answers
    /// file answers at once; nothing overtakes a question without `overtaken`: a None
    /// there is an interruption).
    fn select_until(&mut self, prompt: &str, choices: &[Choice], _: Option<Overtaken>) -> Until<usize> {
        self.select(prompt, choices).map(Some)
    }
    /// `entry`, giving up (None) when `overtaken()` turns true while waiting.
    fn entry_until(&mut self, prompt: &str, choices: &[Choice], entry: Entry, _: Option<Overtaken>) -> Until<Picked> {
        self.entry(prompt, choices, entry).map(Some)
    }
    /// `line`, giving up (None) when `overtaken()` turns true while waiting (`input` where
    /// nothing overtakes a question).
    fn line_until(&mut self, prompt: &str, validate: Validator, _: Option<Overtaken>) -> Until<String> {
        self.input(prompt, validate).map(Some)
    }
    /// Whether another answer can come (an answers file may run out): a game that is over
    /// asks for more (undo, …) only then.
    fn answers_left(&self) -> bool {
        true
    }
}

/// The prompter for a command, speaking `lang`: the answers file if given, else the
/// terminal; with neither, a message saying what to do (never hang on a pipe).
pub fn prompter_for_in(answers: Option<&Path>, command: &str, lang: Lang) -> Result<Box<dyn Prompter>, Error> {
    let (name, text) = match answers {
        Some(p) if p == Path::new("-") => {
            let name = crate::t!(lang, "cli.ui.stdin");
            let text = crate::source::read::read_stdin(&name)?;
            (name, text)
        }
        Some(p) => {
            let source = crate::source::read_source(p)?;
            (source.name.text(lang), source.text)
        }
        None if std::io::stdin().is_terminal() && std::io::stderr().is_terminal() => {
            return Ok(Box::new(TerminalPrompter::new(lang)));
        }
        None => return Err(Error::Usage(crate::msg!("cli.ui.no_terminal", command = command))),
    };
    let lines = text.lines().map(String::from).collect();
    Ok(Box::new(crate::answers::ScriptPrompter::new(&name, lines).in_lang(lang)))
}

/// A real terminal: `input` and yes/no on dialoguer's `Input`, menus and a game's lines on
/// our loop (`menu`), all drawn with our `Theme` (`Pad`).
pub struct TerminalPrompter {
    pad: Pad,
    lang: Lang,
    /// What was typed into an overtaken question, and that question (asked again, it
    /// starts from what was typed).
    typed: String,
    typed_for: String,
    /// The last entry committed (↑ recalls it).
    last: String,
    /// The last line said or shown: a status line the same is not shown twice (a resumed
    /// game's recap ends with it).
    above: String,
}

impl TerminalPrompter {
    /// A terminal speaking `lang` (its errors too), in colour unless `NO_COLOR` is set.
    pub fn new(lang: Lang) -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let (typed, typed_for, last, above) = Default::default();
        TerminalPrompter { pad: Pad::new(!no_color, lang), lang, typed, typed_for, last, above }
    }

    /// dialoguer's `Input` with thin layers: Ctrl-U and Escape (`keys::with_ctrl_u`), and a
    /// rejected line stays (validated here, asked again as the initial text, the reason
    /// above). An accepted answer is echoed in the words `check` gives; with `remember`, it
    /// becomes the last entry (↑ recalls it, Tab or → completes to it).
    fn on_input(&mut self, prompt: &str, check: Check, remember: bool) -> Result<String, Error> {
        self.above.clear();
        let (term, lang) = (console::Term::stderr(), self.lang);
        let pad = self.pad.at(&term);
        let (mut kept, mut problem) = (String::new(), 0);
        loop {
            let last = LastEntry(&self.last);
            let mut history = LastEntry(&self.last);
            let line: String = keys::with_ctrl_u(|| {
                dialoguer::Input::with_theme(&pad)
                    .with_prompt(prompt)
                    .with_initial_text(std::mem::take(&mut kept))
                    .allow_empty(true)
                    .report(false)
                    .history_with(&mut history)
                    .completion_with(&last)
                    .interact_text_on(&term)
            })
            .map_err(|dialoguer::Error::IO(e)| io_error(e, lang))?;
            term.clear_last_lines(problem).map_err(|e| io_error(e, lang))?;
            let verdict = check(&line);
            let shown = match &verdict {
                Ok(words) => {
                    let mut shown = String::new();
                    let _ = pad.format_input_prompt_selection(&mut shown, prompt, words);
                    vec![shown]
                }
                Err(why) => pad.problem(why),
            };
            term.write_line(&shown.join("\n")).map_err(|e| io_error(e, lang))?;
            if verdict.is_ok() {
                if remember && !line.trim().is_empty() {
                    self.last = line.trim().to_string();
                }
                return Ok(line);
            }
            (kept, problem) = (line, shown.len());
        }
    }
}

/// A terminal that could not be read: Ctrl-C is an interruption.
fn io_error(io: std::io::Error, lang: Lang) -> Error {
    if io.kind() == std::io::ErrorKind::Interrupted {
        Error::Interrupted
    } else {
        Error::Read(crate::source::ReadError::Io { path: crate::t!(lang, "cli.ui.terminal"), cause: io })
    }
}

/// The last entry for `Input`: ↑ recalls it, Tab or → completes a start of it. Only what is
/// accepted becomes it (not `write`: dialoguer writes a line before validating it).
struct LastEntry<'a>(&'a str);

impl dialoguer::History<String> for LastEntry<'_> {
    fn read(&self, pos: usize) -> Option<String> {
        (pos == 0 && !self.0.is_empty()).then(|| self.0.to_string())
    }

    fn write(&mut self, _: &String) {}
}

impl dialoguer::Completion for LastEntry<'_> {
    fn get(&self, input: &str) -> Option<String> {
        (!input.is_empty() && self.0.starts_with(input)).then(|| self.0.to_string())
    }
}

impl Prompter for TerminalPrompter {
    fn entries(&self) -> bool {
        true
    }

    fn input(&mut self, prompt: &str, validate: Validator) -> Result<String, Error> {
        self.on_input(prompt, &|t| validate(t).map(|()| t.to_string()), true)
    }

    /// On `Input` (`Confirm` takes only `y` and `n`): the table's words (`j`/`ja`, `o`/`oui`,
    /// `n`…), then Enter; Enter alone says no; anything else stays to be corrected.
    fn confirm(&mut self, prompt: &str, no: &str, yes: &str) -> Result<bool, Error> {
        let lang = self.lang;
        let [yes_words, no_words] = [crate::t!(lang, "cli.ui.yes_words"), crate::t!(lang, "cli.ui.no_words")];
        let answer = |typed: &str| {
            let typed = crate::text::fold_word(typed.trim());
            let is = |words: &str| words.split_whitespace().any(|w| crate::text::fold_word(w) == typed);
            match typed.is_empty() || is(&no_words) {
                true => Some(false),
                false => is(&yes_words).then_some(true),
            }
        };
        let keys = crate::t!(lang, "cli.ui.confirm_keys", yes = yes, no = no);
        let check = |typed: &str| match answer(typed) {
            Some(said) => Ok(if said { yes } else { no }.to_string()),
            None => Err(crate::t!(lang, "cli.ui.yes_or_no", typed = crate::text::escape_controls(typed.trim()))),
        };
        let line = self.on_input(&format!("{prompt} {keys}"), &check, false)?;
        Ok(answer(&line) == Some(true))
    }

    fn say(&mut self, line: &str) {
        let text = crate::text::escape_controls_in_lines(line);
        // A line wider than the terminal breaks between words, not where the terminal would.
        let term = console::Term::stderr();
        let width = if term.is_term() { self.pad.at(&term).width } else { usize::MAX };
        let rows = text.lines().flat_map(|l| match l.chars().count() > width {
            true => crate::text::wrap_hanging(l, width - 1),
            false => vec![l.to_string()],
        });
        let painted: Vec<String> = rows.map(|l| self.pad.said(&l)).collect();
        write_raw(&(painted.join("\n") + "\n"));
        self.above = text.lines().last().unwrap_or_default().to_string();
    }

    fn status(&mut self, line: &str) {
        let text = crate::text::escape_controls_in_lines(line);
        if std::mem::replace(&mut self.above, text.to_string()) == text {
            return;
        }
        write_raw(&(self.pad.at(&console::Term::stderr()).status(&text).join("\n") + "\n"));
    }

    fn players(&mut self, names: &[String]) {
        self.pad.players = names.to_vec();
    }

    fn select_until(&mut self, prompt: &str, choices: &[Choice], on: Option<Overtaken>) -> Until<usize> {
        Ok(self.ask(prompt, choices, None, on)?.and_then(|p| if let Picked::Choice(i) = p { Some(i) } else { None }))
    }

    fn entry_until(&mut self, prompt: &str, choices: &[Choice], entry: Entry, on: Option<Overtaken>) -> Until<Picked> {
        self.ask(prompt, choices, Some(entry), on)
    }

    /// A game's line, on the menus' loop: what `validate` accepts.
    fn line_until(&mut self, prompt: &str, validate: Validator, on: Option<Overtaken>) -> Until<String> {
        let check = |t: &str| validate(t).map(|()| t.to_string());
        let picked = self.ask(prompt, &[], Some(Entry { check: &check, example: None }), on)?;
        Ok(picked.and_then(|p| if let Picked::Text(t) = p { Some(t) } else { None }))
    }
}
