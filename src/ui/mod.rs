//! UI layer: every question deckhand asks goes through `Prompter`. Only `TerminalPrompter`
//! draws on a terminal (`menu`: menus and lines that take typing); `ScriptPrompter` answers from a file (`--answers FILE`, or `-`
//! for standard input) so whole games run without a terminal and in tests.

use std::io::{IsTerminal, Write};
use std::path::Path;

use crate::text::Lang;
use crate::Error;

pub mod menu;

/// One option of a multiple-choice question. `key` is language-neutral and is what an
/// answers file may type; `label` is what a person sees. A command (`undo`, `sheet`,
/// `help`) stands in the menu but answers nothing: it has no number and is chosen only by
/// its whole word. Enter on an empty line takes the option that is `usual` (what the rules
/// call the usual answer), and nothing where none is; an option that `gains_nothing` is
/// listed last and marked so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub key: String,
    pub label: String,
    pub command: bool,
    pub usual: bool,
    pub gains_nothing: bool,
    /// What the option does, in a line (shown under the menu while it is highlighted, and
    /// for `help N`); empty where there is nothing to add to its label.
    pub help: String,
}

impl Choice {
    pub fn new(key: impl Into<String>, label: impl Into<String>) -> Self {
        let (key, label) = (key.into(), label.into());
        Choice { key, label, command: false, usual: false, gains_nothing: false, help: String::new() }
    }

    /// What the option does (see `help`).
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = help.into();
        self
    }

    /// A command of the menu (see [`Choice`]).
    pub fn command(key: impl Into<String>, label: impl Into<String>) -> Self {
        Choice { command: true, ..Choice::new(key, label) }
    }

    /// This option is the usual answer when `usual` holds: Enter on an empty line takes it.
    pub fn usual_if(mut self, usual: bool) -> Self {
        self.usual = usual;
        self
    }

    /// This option gains nothing when `nothing` holds (listed last, marked).
    pub fn gains_nothing_if(mut self, nothing: bool) -> Self {
        self.gains_nothing = nothing;
        self
    }
}

pub type Validator<'a> = &'a dyn Fn(&str) -> Result<(), String>;

/// Write a line to standard error. A closed or broken standard error (`2>&1 | head -1`)
/// is not a reason to stop, or to panic as `eprintln!` would: the game and its save go on.
pub fn say(line: &str) {
    write_stderr(&format!("{line}\n"));
}

/// Write text to standard error as it is (already escaped), ignoring a closed or broken
/// pipe.
fn write_raw(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.flush();
}

/// Write text to standard error, ignoring a closed or broken pipe. Control characters
/// other than line breaks and tabs are written out (`\u{1b}`): whatever a file or the
/// command line put into a message cannot drive the terminal.
pub fn write_stderr(text: &str) {
    write_raw(&crate::text::escape_controls_in_lines(text));
}

/// Whether something else may answer a question first (at a served table, a phone): the
/// question gives up, returning None, as soon as it returns true.
pub type Overtaken<'a> = &'a dyn Fn() -> bool;

pub use menu::Picked;

pub trait Prompter {
    /// Ask to pick one of `choices`; returns its index.
    fn select(&mut self, prompt: &str, choices: &[Choice]) -> Result<usize, Error>;
    /// Ask for one of `choices` or an entry of several words (`harbor inuit cod`), which
    /// `check` accepts or says what is wrong with.
    fn entry(&mut self, prompt: &str, choices: &[Choice], check: Validator) -> Result<Picked, Error>;
    /// Whether answers are entries (a pick and its use in one, everyone's shared die at
    /// once, forced answers applied): always on a terminal unless `--ask-all`; an answers
    /// file only when it says so (a line `#! entries` before its first answer), as files
    /// written before take one answer per question.
    fn entries(&self) -> bool {
        false
    }
    /// Ask for a line of text; `validate` explains what is wrong with a bad answer.
    fn input(&mut self, prompt: &str, validate: Validator) -> Result<String, Error>;
    /// Tell the people at the table something (goes to standard error).
    fn say(&mut self, line: &str);
    /// Show the state of the table above the next question. Only a terminal shows it: an
    /// answers file's transcript and the pages have no use for it.
    fn status(&mut self, line: &str) {
        let _ = line;
    }
    /// The players' names in seat order, so that a terminal can give each a colour.
    fn players(&mut self, names: &[String]) {
        let _ = names;
    }
    /// `select`, giving up (None) when `overtaken()` turns true while waiting. A prompter
    /// that answers at once (an answers file) is never overtaken.
    fn select_until(&mut self, prompt: &str, choices: &[Choice], overtaken: Overtaken) -> Result<Option<usize>, Error> {
        let _ = overtaken;
        self.select(prompt, choices).map(Some)
    }
    /// `entry`, giving up (None) when `overtaken()` turns true while waiting.
    fn entry_until(
        &mut self,
        prompt: &str,
        choices: &[Choice],
        check: Validator,
        overtaken: Overtaken,
    ) -> Result<Option<Picked>, Error> {
        let _ = overtaken;
        self.entry(prompt, choices, check).map(Some)
    }
    /// `input`, giving up (None) when `overtaken()` turns true while waiting.
    fn input_until(
        &mut self,
        prompt: &str,
        validate: Validator,
        overtaken: Overtaken,
    ) -> Result<Option<String>, Error> {
        let _ = overtaken;
        self.input(prompt, validate).map(Some)
    }
    /// Whether another answer can come: always on a terminal; from an answers file, while
    /// it has answers left. A game that is over asks for more (undo, …) only then.
    fn answers_left(&self) -> bool {
        true
    }
}

/// Pick the prompter for a command: the answers file if given, else the terminal; with
/// neither, fail at once with a message that says what to do (never hang on a pipe).
/// Its messages (a wrong answer, running out of answers) are in `lang`.
pub fn prompter_for_in(answers: Option<&Path>, command: &str, lang: Lang) -> Result<Box<dyn Prompter>, Error> {
    match answers {
        Some(p) if p == Path::new("-") => {
            let name = crate::t!(lang, "cli.ui.stdin");
            let text = crate::source::read::read_stdin(&name)?;
            Ok(Box::new(ScriptPrompter::new(&name, text.lines().map(String::from).collect()).in_lang(lang)))
        }
        Some(p) => {
            let source = crate::source::read_source(p)?;
            Ok(Box::new(
                ScriptPrompter::new(&source.name.text(lang), source.text.lines().map(String::from).collect())
                    .in_lang(lang),
            ))
        }
        None if std::io::stdin().is_terminal() && std::io::stderr().is_terminal() => {
            Ok(Box::new(TerminalPrompter::new().in_lang(lang)))
        }
        None => Err(Error::Usage(crate::msg!("cli.ui.no_terminal", command = command))),
    }
}

/// A real terminal: the menus and lines of `menu`.
pub struct TerminalPrompter {
    color: bool,
    lang: Lang,
    /// What was typed into a question that was overtaken, and that question: asked again
    /// (the same prompt), it starts from what was typed.
    typed: String,
    typed_for: String,
    /// The players' names, each shown in its colour (`PLAYER_COLORS`, by seat).
    players: Vec<String>,
    /// The last entry committed (↑ recalls it).
    last: String,
    /// The last line said or shown as the status: a status line the same as the line
    /// right above it is not shown twice (a resumed game's recap ends with it).
    above: String,
}

/// A colour per seat, told apart on dark and light terminals alike.
const PLAYER_COLORS: [console::Color; 6] = [
    console::Color::Cyan,
    console::Color::Magenta,
    console::Color::Yellow,
    console::Color::Green,
    console::Color::Blue,
    console::Color::Red,
];

impl TerminalPrompter {
    pub fn new() -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        TerminalPrompter {
            color: !no_color,
            lang: Lang::En,
            typed: String::new(),
            typed_for: String::new(),
            players: Vec::new(),
            last: String::new(),
            above: String::new(),
        }
    }

    /// Report terminal errors in `lang`.
    pub fn in_lang(mut self, lang: Lang) -> Self {
        self.lang = lang;
        self
    }
}

impl TerminalPrompter {
    /// A player's name in the player's colour.
    fn painted(&self, seat: usize, name: &str) -> String {
        console::style(name).fg(PLAYER_COLORS[seat % PLAYER_COLORS.len()]).bold().force_styling(true).to_string()
    }

    /// The seat and name of the player whose name opens `text` as a whole word (the longest
    /// when `Ann` and `Anna` both play).
    fn name_at<'a>(&'a self, text: &str) -> Option<(usize, &'a str)> {
        let whole = |name: &String| {
            !name.is_empty()
                && text.strip_prefix(name.as_str()).is_some_and(|rest| !rest.starts_with(char::is_alphanumeric))
        };
        self.players
            .iter()
            .enumerate()
            .filter(|(_, n)| whole(n))
            .max_by_key(|(_, n)| n.len())
            .map(|(i, n)| (i, n.as_str()))
    }

    /// `line` (control characters already written out) with the player whose name opens
    /// it in that player's colour; nothing changes without colour.
    fn paint_start(&self, line: &str) -> String {
        match self.name_at(line).filter(|_| self.color) {
            Some((seat, name)) => format!("{}{}", self.painted(seat, name), &line[name.len()..]),
            None => line.to_string(),
        }
    }

    /// A status line as shown: dimmed, with each player's name (a whole word) in its
    /// colour; as it is without colour.
    fn paint_status(&self, text: &str) -> String {
        if !self.color {
            return text.to_string();
        }
        let dim = |s: &str| {
            if s.is_empty() {
                String::new()
            } else {
                console::style(s).dim().force_styling(true).to_string()
            }
        };
        let (mut out, mut plain) = (String::new(), String::new());
        let mut rest: &str = text;
        while let Some(c) = rest.chars().next() {
            match self.name_at(rest).filter(|_| !plain.ends_with(char::is_alphanumeric)) {
                Some((seat, name)) => {
                    out.push_str(&dim(&plain));
                    plain.clear();
                    out.push_str(&self.painted(seat, name));
                    rest = &rest[name.len()..];
                }
                None => {
                    plain.push(c);
                    rest = &rest[c.len_utf8()..];
                }
            }
        }
        out.push_str(&dim(&plain));
        out
    }

    /// How a question is asked at this terminal.
    fn asking<'a>(&'a mut self, term: &'a console::Term, prompt: &'a str, hint: &'a str) -> menu::Asking<'a> {
        // The question and its answer go between the line above and the next status.
        self.above.clear();
        menu::Asking { term, prompt, hint, color: self.color, lang: self.lang, last: &mut self.last }
    }

    /// Keep what was typed only for the question it was typed into.
    fn same_question(&mut self, prompt: &str) {
        if self.typed_for != prompt {
            self.typed.clear();
            self.typed_for = prompt.to_string();
        }
    }
}

impl Default for TerminalPrompter {
    fn default() -> Self {
        Self::new()
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

impl Prompter for TerminalPrompter {
    fn select(&mut self, prompt: &str, choices: &[Choice]) -> Result<usize, Error> {
        let (hint, term, lang) = (crate::t!(self.lang, "cli.ui.menu_hint"), console::Term::stderr(), self.lang);
        menu::select(self.asking(&term, prompt, &hint), choices).map_err(|e| io_error(e, lang))
    }

    fn entry(&mut self, prompt: &str, choices: &[Choice], check: Validator) -> Result<Picked, Error> {
        let (hint, term, lang) = (crate::t!(self.lang, "cli.ui.entry_hint"), console::Term::stderr(), self.lang);
        menu::entry(self.asking(&term, prompt, &hint), choices, check).map_err(|e| io_error(e, lang))
    }

    fn entries(&self) -> bool {
        true
    }

    fn input(&mut self, prompt: &str, validate: Validator) -> Result<String, Error> {
        // A line of our own, not dialoguer's: a wrong answer stays on the line to be
        // corrected, Ctrl-U clears it and ↑ recalls the last entry.
        let (term, lang) = (console::Term::stderr(), self.lang);
        let mut typed = String::new();
        menu::line_until(self.asking(&term, prompt, ""), &mut typed, validate, None)
            .map(|line| line.expect("a line nothing overtakes is answered"))
            .map_err(|e| io_error(e, lang))
    }

    fn say(&mut self, line: &str) {
        let text = crate::text::escape_controls_in_lines(line);
        let painted: Vec<String> = text.lines().map(|l| self.paint_start(l)).collect();
        write_raw(&(painted.join("\n") + "\n"));
        self.above = text.lines().last().unwrap_or_default().to_string();
    }

    fn status(&mut self, line: &str) {
        let text = crate::text::escape_controls_in_lines(line);
        if std::mem::replace(&mut self.above, text.to_string()) == text {
            return;
        }
        // Folded between its parts to the terminal's width (80 columns break no word).
        let width = usize::from(console::Term::stderr().size().1).max(20) - 1;
        let lines: Vec<String> = menu::fold_parts(&text, width).iter().map(|l| self.paint_status(l)).collect();
        write_raw(&(lines.join("\n") + "\n"));
    }

    fn players(&mut self, names: &[String]) {
        self.players = names.to_vec();
    }

    fn select_until(&mut self, prompt: &str, choices: &[Choice], overtaken: Overtaken) -> Result<Option<usize>, Error> {
        self.same_question(prompt);
        let (hint, term, lang) = (crate::t!(self.lang, "cli.ui.menu_hint"), console::Term::stderr(), self.lang);
        let mut typed = std::mem::take(&mut self.typed);
        let picked = menu::select_until(self.asking(&term, prompt, &hint), choices, &mut typed, overtaken);
        self.typed = typed;
        picked.map_err(|e| io_error(e, lang))
    }

    fn entry_until(
        &mut self,
        prompt: &str,
        choices: &[Choice],
        check: Validator,
        overtaken: Overtaken,
    ) -> Result<Option<Picked>, Error> {
        self.same_question(prompt);
        let (hint, term, lang) = (crate::t!(self.lang, "cli.ui.entry_hint"), console::Term::stderr(), self.lang);
        let mut typed = std::mem::take(&mut self.typed);
        let picked = menu::entry_until(self.asking(&term, prompt, &hint), choices, &mut typed, check, overtaken);
        self.typed = typed;
        picked.map_err(|e| io_error(e, lang))
    }

    fn input_until(
        &mut self,
        prompt: &str,
        validate: Validator,
        overtaken: Overtaken,
    ) -> Result<Option<String>, Error> {
        self.same_question(prompt);
        let (term, lang) = (console::Term::stderr(), self.lang);
        let mut typed = std::mem::take(&mut self.typed);
        let line = menu::line_until(self.asking(&term, prompt, ""), &mut typed, validate, Some(overtaken));
        self.typed = typed;
        line.map_err(|e| io_error(e, lang))
    }
}

/// Answers from a list of lines (an answers file). Blank lines and lines starting with
/// `#` are skipped; a choice may be given by its key, its label or its 1-based number.
pub struct ScriptPrompter {
    name: String,
    lines: Vec<String>,
    next: usize,
    /// The file says `#! entries` before its first answer: entries, not one answer per
    /// question.
    entries: bool,
    /// Echo questions and answers to stderr, so a scripted run reads like a session.
    pub echo: bool,
    lang: Lang,
}

impl ScriptPrompter {
    pub fn new(name: &str, lines: Vec<String>) -> Self {
        let entries = lines
            .iter()
            .map(|l| l.trim())
            .take_while(|l| l.is_empty() || l.starts_with('#'))
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["#!", "entries"] || l == "#!entries");
        ScriptPrompter { name: name.to_string(), lines, next: 0, entries, echo: true, lang: Lang::En }
    }

    /// Say the errors in this language.
    pub fn in_lang(mut self, lang: Lang) -> Self {
        self.lang = lang;
        self
    }

    /// The next answer and its 1-based line number.
    fn next_answer(&mut self, prompt: &str) -> Result<(usize, String), Error> {
        while self.next < self.lines.len() {
            let line = self.lines[self.next].trim().to_string();
            self.next += 1;
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            // An answer may carry a trailing comment: `cod   # take the cod die`.
            let answer = match line.find(" #") {
                Some(i) => line[..i].trim_end().to_string(),
                None => line,
            };
            return Ok((self.next, answer));
        }
        Err(Error::Usage(crate::msg!("cli.ui.ran_out", file = &self.name, line = self.lines.len(), prompt = prompt)))
    }
}

impl ScriptPrompter {
    /// The choice an answer names: its key or label (case ignored), or its number — as at
    /// a terminal, options are numbered and commands (`undo`) are not.
    fn find(choices: &[Choice], answer: &str) -> Option<usize> {
        let lower = answer.to_lowercase();
        choices
            .iter()
            .position(|c| c.key.to_lowercase() == lower)
            .or_else(|| choices.iter().position(|c| c.label.to_lowercase() == lower))
            .or_else(|| match menu::chosen(choices, answer) {
                menu::Typed::One(i) if answer.trim().parse::<usize>().is_ok() => Some(i),
                _ => None,
            })
    }
}

impl Prompter for ScriptPrompter {
    fn answers_left(&self) -> bool {
        self.lines[self.next.min(self.lines.len())..].iter().any(|l| {
            let l = l.trim();
            !l.is_empty() && !l.starts_with('#')
        })
    }

    fn entries(&self) -> bool {
        self.entries
    }

    fn entry(&mut self, prompt: &str, choices: &[Choice], check: Validator) -> Result<Picked, Error> {
        let (line, answer) = self.next_answer(prompt)?;
        if let Some(i) = Self::find(choices, &answer) {
            if self.echo {
                say(&format!("{prompt} {}", choices[i].label));
            }
            return Ok(Picked::Choice(i));
        }
        match check(&answer) {
            Ok(()) => {
                if self.echo {
                    say(&format!("{prompt} {answer}"));
                }
                Ok(Picked::Text(answer))
            }
            Err(why) => Err(Error::Usage(crate::msg!(
                "cli.ui.not_an_answer",
                file = &self.name,
                line = line,
                answer = answer,
                prompt = prompt,
                why = why
            ))),
        }
    }

    fn select(&mut self, prompt: &str, choices: &[Choice]) -> Result<usize, Error> {
        let (line, answer) = self.next_answer(prompt)?;
        match Self::find(choices, &answer) {
            Some(i) => {
                if self.echo {
                    say(&format!("{prompt} {}", choices[i].label));
                }
                Ok(i)
            }
            None => Err(Error::Usage(crate::msg!(
                "cli.ui.not_a_choice",
                file = &self.name,
                line = line,
                answer = answer,
                prompt = prompt,
                legal = choices.iter().map(|c| c.key.as_str()).collect::<Vec<_>>().join(", ")
            ))),
        }
    }

    fn input(&mut self, prompt: &str, validate: Validator) -> Result<String, Error> {
        let (line, answer) = self.next_answer(prompt)?;
        let answer = if answer == "-" { String::new() } else { answer };
        match validate(&answer) {
            Ok(()) => {
                if self.echo {
                    say(&format!("{prompt}: {answer}"));
                }
                Ok(answer)
            }
            Err(why) => Err(Error::Usage(crate::msg!(
                "cli.ui.not_an_answer",
                file = &self.name,
                line = line,
                answer = answer,
                prompt = prompt,
                why = why
            ))),
        }
    }

    fn say(&mut self, line: &str) {
        say(line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script(lines: &[&str]) -> ScriptPrompter {
        let mut p = ScriptPrompter::new("answers.txt", lines.iter().map(|s| s.to_string()).collect());
        p.echo = false;
        p
    }

    #[test]
    fn choices_by_key_label_or_number_skipping_comments() {
        let choices = [Choice::new("cod", "Cod die"), Choice::new("coin", "Use as 1 coin")];
        let mut p = script(&["# round 1", "", "COD", "use as 1 coin", "2  # the second"]);
        assert_eq!(p.select("Pick", &choices).unwrap(), 0);
        assert_eq!(p.select("Pick", &choices).unwrap(), 1);
        assert_eq!(p.select("Pick", &choices).unwrap(), 1);
    }

    #[test]
    fn a_number_never_means_a_command() {
        let choices = [
            Choice::new("oyster", "oyster"),
            Choice::new("coin3", "3 coins"),
            Choice::command("undo", "undo — take back the last decision"),
        ];
        let mut p = script(&["2", "3", "undo"]);
        assert_eq!(p.select("Pick", &choices).unwrap(), 1);
        let err = p.select("Pick", &choices).unwrap_err().to_string();
        assert!(err.starts_with("answers.txt:2: `3` is not an answer"), "{err}");
        assert_eq!(p.select("Pick", &choices).unwrap(), 2, "undo by its word");
    }

    #[test]
    fn a_wrong_answer_names_the_line_and_the_legal_answers() {
        let choices = [Choice::new("cod", "Cod"), Choice::new("oyster", "Oyster")];
        let mut p = script(&["cod", "# x", "lobster"]);
        p.select("Pick", &choices).unwrap();
        let err = p.select("Pick a die", &choices).unwrap_err().to_string();
        assert_eq!(
            err,
            "answers.txt:3: `lobster` is not an answer to \"Pick a die\"; the legal answers are: cod, oyster"
        );
    }

    #[test]
    fn running_out_says_what_is_awaited() {
        let mut p = script(&[]);
        let err = p.input("Marks for cod", &|_| Ok(())).unwrap_err().to_string();
        assert!(err.contains("waiting for: Marks for cod"), "{err}");
    }

    #[test]
    fn input_is_validated_with_the_reason() {
        let mut p = script(&["xq"]);
        let err =
            p.input("Marks", &|s| if s.contains('q') { Err("q is not a mark".into()) } else { Ok(()) }).unwrap_err();
        assert_eq!(err.to_string(), "answers.txt:1: `xq` is not an answer to \"Marks\": q is not a mark");
    }
}
