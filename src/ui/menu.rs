//! A menu for the terminal that takes typing: every key typed goes into a filter (a
//! number, an option's key or the start of a word of its label, `undo` or `zurück`…),
//! ↑/↓ move the highlight, and only Enter chooses. Nothing commits by accident: a number
//! is an option's (commands such as `undo` have none), a typed start chooses only the one
//! option it fits (else the candidates are shown), a command only by its whole word, and a
//! key that fits nothing is not typed at all (a stray Space, `j` or `k`), nor the rest of
//! its word; what answers nothing stays on the line with the reason. Ctrl-U or Escape
//! clears the line, ↑ on an empty line recalls the last entry. The cursor is never hidden.
//! The same loop is the line of text a phone's answer can overtake. Why this is not
//! dialoguer's `Select`/`FuzzySelect`/`Input`: docs/dialoguer.md. It draws with our `Theme`.

use console::{Key, Term};
use dialoguer::theme::Theme;

use super::theme::Pad;
use super::{keys, Check, Overtaken, TerminalPrompter};
use crate::choice::{chosen, filter, help_for, numbers, usual, Choice, Picked, Typed};
use crate::text::Lang;
use crate::Error;

/// The words a menu says about what was typed, in the table's language.
fn why_not(choices: &[Choice], typed: &str, what: &Typed, lang: Lang) -> String {
    let typed = crate::text::escape_controls(typed.trim());
    let labels = |is: &[usize]| is.iter().map(|&i| choices[i].label.as_str()).collect::<Vec<_>>().join(" · ");
    match what {
        Typed::Several(is) => crate::t!(lang, "cli.ui.several", typed = typed, options = labels(is)),
        Typed::CommandStart(is) => {
            let words: Vec<&str> = is.iter().map(|&i| own_word(&choices[i])).collect();
            crate::t!(lang, "cli.ui.whole_word", typed = typed, words = words.join(", "))
        }
        _ => crate::t!(lang, "cli.ui.nothing", typed = typed, n = numbers(choices).iter().flatten().count()),
    }
}

/// A command's own word: the first of its label (`zurück — …`).
fn own_word(c: &Choice) -> &str {
    c.label.split_whitespace().next().unwrap_or(&c.key)
}

/// Whether `next` (what is typed with one more key) may still become an answer: in a
/// menu, some choice must fit it; in a menu that takes entries, a first word must fit a
/// choice or be an entry `check` accepts, and the words after it are free.
fn may_become(choices: &[Choice], next: &str, check: Option<Check>) -> bool {
    let free = check.is_some() && next.trim_start().contains(char::is_whitespace);
    help_for(choices, next).is_some()
        || free
        || !filter(choices, next).is_empty()
        || check.is_some_and(|check| check(next).is_ok())
}

/// Whether a space typed now means nothing: at the start of the line, or after a space.
fn idle_space(typed: &str, c: char) -> bool {
    c.is_whitespace() && (typed.is_empty() || typed.ends_with(char::is_whitespace))
}

impl TerminalPrompter {
    /// Ask on the terminal: a menu of `choices` (taking entries too when `check` is given:
    /// Enter on several words, or a word no option fits, gives the text when `check`
    /// accepts it, and shows why not below the menu otherwise, the text kept to be
    /// corrected); with no choices, a line of text that `check` validates. The answer is
    /// echoed after the question in the words `check` gives for it. With `overtaken`, until
    /// it says the question was answered elsewhere (a phone): then what was drawn is
    /// cleared and None returned, and what was typed is kept for the same question asked
    /// again; the terminal hands over keys one by one meanwhile, so typing ahead is never
    /// lost.
    pub(super) fn ask(
        &mut self,
        prompt: &str,
        choices: &[Choice],
        check: Option<Check>,
        overtaken: Option<Overtaken>,
    ) -> Result<Option<Picked>, Error> {
        if self.typed_for != prompt {
            (self.typed, self.typed_for) = (String::new(), prompt.to_string());
        }
        // The question and its answer go between the line above and the next status.
        self.above.clear();
        let _keys = overtaken.map(|_| keys::OneByOne::enter());
        let term = Term::stderr();
        let mut typed = std::mem::take(&mut self.typed);
        let picked = self.run(&term, prompt, choices, &mut typed, check, overtaken);
        self.typed = typed;
        picked.map_err(|e| super::io_error(e, self.lang))
    }

    fn run(
        &mut self,
        term: &Term,
        prompt: &str,
        choices: &[Choice],
        typed: &mut String,
        check: Option<Check>,
        overtaken: Option<Overtaken>,
    ) -> std::io::Result<Option<Picked>> {
        let (pad, lang) = (&self.pad.at(term), self.lang);
        // No choices: a line of text, every printable key typed.
        let line = choices.is_empty();
        let hint = match (line, check.is_some()) {
            (true, _) => String::new(),
            (false, true) => crate::t!(lang, "cli.ui.entry_hint"),
            (false, false) => crate::t!(lang, "cli.ui.menu_hint"),
        };
        // The highlight was moved with the arrows since the last key typed: Enter takes it.
        let (mut highlight, mut moved) = (0usize, false);
        // The keys refused since the last space or edit: the rest of a word that went wrong
        // is not typed either (`cdo` stays `c`), and Enter right after them chooses nothing.
        let mut refused = String::new();
        let (mut drawn, mut problem) = (0usize, None::<String>);
        loop {
            let words = typed.split_whitespace().count();
            // `help N` shows the menu as it is, to find N in; several words are an entry.
            let matches = match help_for(choices, typed) {
                Some(_) => filter(choices, ""),
                None if check.is_some() && words > 1 => Vec::new(),
                None => filter(choices, typed),
            };
            if typed.trim().is_empty() && !moved {
                // The usual answer is highlighted: Enter takes it.
                highlight = usual(choices).and_then(|u| matches.iter().position(|&i| i == u)).unwrap_or(0);
            }
            highlight = highlight.min(matches.len().saturating_sub(1));
            clear(term, drawn)?;
            let (lines, head) = match line {
                true => (problem.iter().flat_map(|p| pad.problem(p)).collect(), format!("{prompt}:")),
                false => (
                    menu(term, pad, prompt, choices, &matches, highlight, typed, problem.as_deref(), lang),
                    hint.clone(),
                ),
            };
            drawn = show(term, pad, lines, &head, typed, |l| if line { l.to_string() } else { pad.dim(l) })?;
            let Some(key) = keys::next(term, overtaken)? else {
                clear(term, drawn)?;
                return Ok(None);
            };
            if !refused.is_empty() && key == Key::Enter {
                continue;
            }
            // What Enter answers, and its echo after the question.
            let mut answer = None;
            let chose = |i: usize| Some((Picked::Choice(i), format!("{prompt} {}", choices[i].label)));
            match key {
                // A line: what `check` accepts, else why not (the line kept).
                Key::Enter if line => match check.map_or(Ok(typed.clone()), |check| check(typed)) {
                    Ok(words) => answer = Some((Picked::Text(typed.clone()), format!("{prompt}: {words}"))),
                    Err(why) => problem = Some(why),
                },
                Key::Enter if !matches.is_empty() && moved => answer = chose(matches[highlight]),
                // Nothing typed: the usual answer, where the rules have one; else the menu
                // says to type.
                Key::Enter if typed.trim().is_empty() => match usual(choices) {
                    Some(i) => answer = chose(i),
                    None => problem = Some(crate::t!(lang, "cli.ui.no_usual")),
                },
                // One option's help, said under the menu: nothing is committed or printed.
                Key::Enter if help_for(choices, typed).is_some_and(|rest| !rest.trim().is_empty()) => {
                    let rest = help_for(choices, typed).unwrap_or_default();
                    let options: Vec<Choice> = choices.iter().filter(|c| !c.command).cloned().collect();
                    problem = Some(match chosen(&options, rest) {
                        Typed::One(i) if options[i].help.is_empty() => options[i].label.clone(),
                        Typed::One(i) => format!("{}: {}", options[i].label, options[i].help),
                        what => why_not(&options, rest, &what, lang),
                    });
                }
                Key::Enter => {
                    match if words > 1 && check.is_some() { Typed::Nothing } else { chosen(choices, typed) } {
                        Typed::One(i) => answer = chose(i),
                        what => match check.map(|check| check(typed)) {
                            Some(Ok(words)) => {
                                answer = Some((Picked::Text(typed.clone()), format!("{prompt} {words}")))
                            }
                            // The entry's own reason, unless the options were the question.
                            Some(Err(why)) if what == Typed::Nothing && typed.trim().parse::<usize>().is_err() => {
                                problem = Some(why)
                            }
                            _ => problem = Some(why_not(choices, typed, &what, lang)),
                        },
                    }
                }
                Key::ArrowUp if (line || typed.is_empty() && highlight == 0) && !self.last.is_empty() => {
                    (*typed, problem, moved) = (self.last.clone(), None, false);
                }
                Key::ArrowDown | Key::Tab if !matches.is_empty() => {
                    (highlight, moved) = ((highlight + 1) % matches.len(), true);
                }
                Key::ArrowUp | Key::BackTab if !matches.is_empty() => {
                    (highlight, moved) = ((highlight + matches.len() - 1) % matches.len(), true);
                }
                Key::Backspace if !refused.is_empty() => {
                    refused.pop();
                    problem = problem.filter(|_| !refused.is_empty());
                }
                Key::Backspace => {
                    typed.pop();
                    (highlight, moved, problem) = (0, false, problem.filter(|_| line));
                }
                // Escape or Ctrl-U: the line is cleared.
                Key::Escape | Key::Char('\u{15}') => {
                    typed.clear();
                    refused.clear();
                    (highlight, moved, problem) = (0, false, None);
                }
                // A space ends a refused word; it is typed only after something typed.
                Key::Char(c) if c.is_whitespace() && !refused.is_empty() => {
                    refused.clear();
                    if !idle_space(typed, c) {
                        typed.push(c);
                    }
                }
                Key::Char(c) if line && !c.is_control() && !idle_space(typed, c) => typed.push(c),
                Key::Char(c) if !c.is_control() && !idle_space(typed, c) => {
                    let next = format!("{typed}{refused}{c}");
                    // A key that fits nothing is not typed, wherever it comes; nor are the
                    // keys after it in the same word.
                    if refused.is_empty() && may_become(choices, &next, check) {
                        (*typed, highlight, moved, problem) = (next, 0, false, None);
                    } else {
                        problem = Some(why_not(choices, &next, &Typed::Nothing, lang));
                        refused.push(c);
                    }
                }
                _ => {}
            }
            if let Some((picked, echo)) = answer {
                clear(term, drawn)?;
                term.write_line(&echo)?;
                // What ↑ recalls: the text typed, or the key of the option Enter alone took.
                let entry = match &picked {
                    Picked::Choice(i) if typed.trim().is_empty() => choices[*i].key.clone(),
                    _ => typed.trim().to_string(),
                };
                if !entry.is_empty() {
                    self.last = entry;
                }
                typed.clear();
                return Ok(Some(picked));
            }
        }
    }
}

/// Clear what a menu or line drew: the lines above, and the line being typed with the
/// rows it wrapped onto.
fn clear(term: &Term, drawn: usize) -> std::io::Result<()> {
    term.clear_line()?;
    term.clear_last_lines(drawn)
}

/// Write `lines`, then `head` folded to the terminal's width (`style`d) with `typed` after
/// its last line, which keeps the cursor (no newline): returns the rows written above it.
fn show(
    term: &Term,
    pad: &Pad,
    mut lines: Vec<String>,
    head: &str,
    typed: &str,
    style: impl Fn(&str) -> String,
) -> std::io::Result<usize> {
    let mut folded = pad.fold(head);
    let last = format!("{} {typed}", style(&folded.pop().unwrap_or_default()));
    lines.extend(folded.iter().map(|l| style(l)));
    for line in &lines {
        term.write_line(line)?;
    }
    term.write_str(&last)?;
    term.flush()?;
    Ok(lines.len() + console::measure_text_width(&last).saturating_sub(1) / pad.width)
}

/// The lines of a menu: the prompt, the matching options (a window around the highlight
/// when they do not fit), the commands on one line by their own words, what the
/// highlighted one does, and the problem.
#[allow(clippy::too_many_arguments)]
fn menu(
    term: &Term,
    pad: &Pad,
    prompt: &str,
    choices: &[Choice],
    matches: &[usize],
    highlight: usize,
    typed: &str,
    problem: Option<&str>,
    lang: Lang,
) -> Vec<String> {
    let problem = problem.map(|p| pad.problem(p)).unwrap_or_default();
    // Each as (its place among the matches, its choice).
    let (options, commands): (Vec<(usize, usize)>, Vec<_>) =
        matches.iter().copied().enumerate().partition(|(_, i)| !choices[*i].command);
    let about = matches.get(highlight).map(|&i| if choices[i].command { &choices[i].label } else { &choices[i].help });
    let mark = |c: &Choice| match (c.usual && usual(choices).is_some(), c.gains_nothing) {
        (true, _) => crate::t!(lang, "cli.ui.mark_usual"),
        (_, true) => crate::t!(lang, "cli.ui.mark_gains_nothing"),
        _ => String::new(),
    };
    // The question, the commands' line, the help line, the typed line and one spare.
    let room = usize::from(term.size().0).saturating_sub(5 + problem.len()).max(3);
    let at_option = options.iter().position(|(at, _)| *at == highlight).unwrap_or(0);
    let first = at_option.saturating_sub(room - 1).min(options.len().saturating_sub(room));
    let numbers = numbers(choices);
    let width = numbers.iter().flatten().max().unwrap_or(&0).to_string().len();
    let item = |text: &str, active: bool| {
        let mut line = String::new();
        let _ = pad.format_select_prompt_item(&mut line, text, active);
        line
    };
    let mut lines = vec![console::truncate_str(prompt, pad.width - 1, "…").into_owned()];
    for &(at, i) in options.iter().skip(first).take(room) {
        let number = numbers[i].map(|n| n.to_string()).unwrap_or_default();
        lines.push(item(&format!("{number:>width$}  {}{}", choices[i].label, mark(&choices[i])), at == highlight));
    }
    if !commands.is_empty() {
        let words: Vec<&str> = commands.iter().map(|&(_, i)| own_word(&choices[i])).collect();
        let on_command = commands.iter().any(|(at, _)| *at == highlight);
        lines.push(item(&format!("{:>width$}  {}", "", words.join(" · ")), on_command));
    }
    if matches.is_empty() && typed.split_whitespace().count() < 2 {
        lines.push("  —".into());
    }
    if let Some(about) = about.filter(|a| !a.is_empty()) {
        lines.push(pad.dim(&console::truncate_str(&format!("  {about}"), pad.width - 1, "…")));
    }
    lines.extend(problem);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stray_keys_fit_nothing_and_spaces_lead_nowhere() {
        let m = crate::choice::tests::menu();
        assert!(!may_become(&m, "j", None));
        assert!(may_become(&m, "l", None));
        assert!(may_become(&m, "use a", None), "words of a label");
        assert!(!may_become(&m, "j", Some(&|_| Err("no".into()))));
        assert!(may_become(&m, "$", Some(&|t| if t == "$" { Ok(t.into()) } else { Err("no".into()) })), "an entry");
        assert!(may_become(&m, "h i", Some(&|_| Err("no".into()))), "the words after the first are free");
        assert!(idle_space("", ' ') && idle_space("h ", ' ') && !idle_space("h", ' ') && !idle_space("", 'h'));
    }

    #[test]
    fn several_fits_are_named_in_pad_words() {
        let m = vec![
            Choice::new("bait_shop", "bait shop"),
            Choice::new("amas_bank", "Ama's bank"),
            Choice::command("sheet", "sheet — show this player's sheet"),
        ];
        let why = why_not(&m, "ba", &chosen(&m, "ba"), Lang::En);
        assert!(why.contains("bait shop") && why.contains("Ama's bank"), "{why}");
    }
}
