//! The terminal's menu that takes typing (and, with no options, a game's line): keys go
//! into a filter (an option's number, key or word starts; a command's whole word), ↑/↓
//! move the highlight, only Enter chooses. A key that fits nothing is not typed, nor the
//! rest of its word; what answers nothing stays with the reason. Ctrl-U or Escape clears,
//! ↑ on an empty line recalls the last entry. Why not dialoguer's `Select`/`FuzzySelect`/
//! `Input`: docs/dialoguer.md.

use console::{Key, Term};
use dialoguer::theme::Theme;

use super::theme::Pad;
use super::{keys, Check, Entry, Overtaken, TerminalPrompter, Until};
use crate::choice::{by_label, chosen, filter, help_for, numbers, usual, Choice, Picked, Typed};
use crate::text::Lang;

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

/// Whether `next` (typed with one more key) may still become an answer: some choice fits
/// it, or (taking entries) `check` accepts it or it is past its first word.
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
    /// A menu of `choices` (with `check`, taking entries: text no option takes is given if
    /// `check` accepts it, else why not is shown, the text kept), or with no choices a line
    /// `check` validates; echoed in `check`'s words. With `overtaken`: None once it is true
    /// (a phone answered), what was drawn cleared and what was typed kept for the same
    /// question; keys come one by one meanwhile, so nothing typed ahead is lost.
    pub(super) fn ask(
        &mut self,
        prompt: &str,
        choices: &[Choice],
        entry: Option<Entry>,
        overtaken: Option<Overtaken>,
    ) -> Until<Picked> {
        let check = entry.map(|e| e.check);
        if self.typed_for != prompt {
            (self.typed, self.typed_for) = (String::new(), prompt.to_string());
        }
        // The question and its answer go between the line above and the next status.
        self.above.clear();
        let _keys = overtaken.map(|_| keys::OneByOne::enter());
        let (term, lang) = (&Term::stderr(), self.lang);
        let (pad, io) = (&self.pad.at(term), |e| super::io_error(e, lang));
        let typed = &mut std::mem::take(&mut self.typed);
        // No choices: a line of text, every printable key typed.
        let line = choices.is_empty();
        // A game's example of a whole entry (Fleet's `harbor inuit cod`), where it has one.
        let hint = match entry.map(|e| e.example) {
            Some(Some(example)) => crate::t!(lang, "cli.ui.entry_hint", example = example),
            Some(None) => crate::t!(lang, "cli.ui.entry_hint_plain"),
            None => crate::t!(lang, "cli.ui.menu_hint"),
        };
        // The highlight was moved with the arrows since the last key typed: Enter takes it.
        let (mut highlight, mut moved) = (0usize, false);
        // The keys refused since the last space or edit: the rest of a word that went wrong
        // is not typed either (`cdo` stays `c`), and Enter right after them chooses nothing.
        let mut refused = String::new();
        let (mut drawn, mut problem) = (0usize, None::<String>);
        loop {
            let words = typed.split_whitespace().count();
            // `help N` shows the menu as it is, to find N in; several words are an entry,
            // or the options whose label they start.
            let matches = match help_for(choices, typed) {
                Some(_) => filter(choices, ""),
                None if check.is_some() && words > 1 => by_label(choices, typed),
                None => filter(choices, typed),
            };
            if typed.trim().is_empty() && !moved {
                // The usual answer is highlighted: Enter takes it.
                highlight = usual(choices).and_then(|u| matches.iter().position(|&i| i == u)).unwrap_or(0);
            }
            highlight = highlight.min(matches.len().saturating_sub(1));
            clear(term, drawn).map_err(io)?;
            let (lines, head) = match line {
                true => (problem.iter().flat_map(|p| pad.problem(p)).collect(), crate::text::asked(prompt, lang)),
                false => (
                    menu(term, pad, prompt, choices, &matches, highlight, typed, problem.as_deref(), lang),
                    hint.clone(),
                ),
            };
            drawn = show(term, pad, lines, &head, typed, !line).map_err(io)?;
            let Some(key) = keys::next(term, overtaken).map_err(io)? else {
                clear(term, drawn).map_err(io)?;
                self.typed = std::mem::take(typed);
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
                    Ok(words) => {
                        answer =
                            Some((Picked::Text(typed.clone()), format!("{} {words}", crate::text::asked(prompt, lang))))
                    }
                    Err(why) => problem = Some(why),
                },
                Key::Enter if !matches.is_empty() && moved => answer = chose(matches[highlight]),
                // Nothing typed: the usual answer, where the rules have one; else the menu
                // says to type.
                Key::Enter if typed.trim().is_empty() => match usual(choices) {
                    Some(i) => answer = chose(i),
                    None => problem = Some(crate::t!(lang, "cli.ui.no_usual")),
                },
                // One option's help, said under the menu: nothing is committed or printed,
                // and the line is free for the answer (↑ brings the help back).
                Key::Enter if help_for(choices, typed).is_some_and(|rest| !rest.trim().is_empty()) => {
                    let rest = help_for(choices, typed).unwrap_or_default();
                    let options: Vec<Choice> = choices.iter().filter(|c| !c.command).cloned().collect();
                    problem = Some(match chosen(&options, rest) {
                        Typed::One(i) if options[i].help.is_empty() => options[i].label.clone(),
                        Typed::One(i) => format!("{}: {}", options[i].label, options[i].help),
                        what => why_not(&options, rest, &what, lang),
                    });
                    self.last = std::mem::take(typed).trim().to_string();
                }
                Key::Enter => {
                    // Several words: the option whose label they start (the matches), if one.
                    let labelled = || match matches[..] {
                        [one] => Typed::One(one),
                        _ => Typed::Nothing,
                    };
                    match if words > 1 && check.is_some() { labelled() } else { chosen(choices, typed) } {
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
                clear(term, drawn).and_then(|()| term.write_line(&pad.fold(&echo).join("\n"))).map_err(io)?;
                // What ↑ recalls: the text typed, or the key of the option Enter alone took.
                let entry = match &picked {
                    Picked::Choice(i) if typed.trim().is_empty() => choices[*i].key.clone(),
                    _ => typed.trim().to_string(),
                };
                if !entry.is_empty() {
                    self.last = entry;
                }
                return Ok(Some(picked));
            }
        }
    }
}

/// Clear what a menu or line drew (the typed line, then `drawn` rows above).
fn clear(term: &Term, drawn: usize) -> std::io::Result<()> {
    term.clear_line()?;
    term.clear_last_lines(drawn)
}

/// Write `lines`, then `head` folded (`dim`med) with `typed` and the cursor after its last
/// line: returns the rows written above the cursor.
fn show(term: &Term, pad: &Pad, mut lines: Vec<String>, head: &str, typed: &str, dim: bool) -> std::io::Result<usize> {
    let style = |l: &str| if dim { pad.dim(l) } else { l.to_string() };
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

/// A menu's lines: the prompt, the matching options (a window around the highlight when
/// they do not fit), the commands by their words, the highlighted one's help, the problem.
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
