//! A menu for the terminal that takes typing: every key typed goes into a filter (a
//! number, an option's key or the start of a word of its label, `undo` or `zurück`…),
//! ↑/↓ move the highlight, and only Enter chooses. Nothing commits by accident: a number
//! is an option's (commands such as `undo` have none), a typed start chooses only the one
//! option it fits (else the candidates are shown), a command only by its whole word, and a
//! key that fits nothing on an empty line is not typed at all (a stray Space, `j` or `k`);
//! what answers nothing stays on the line with the reason. Ctrl-U clears
//! the line, ↑ on an empty line recalls the last entry. The cursor is never hidden (a
//! killed deckhand cannot leave the terminal without one). The same loop is the line of
//! text a phone's answer can overtake (dialoguer's `Input` blocks in `read_key`; see
//! docs/dialoguer.md). It draws with dialoguer's `Theme` (ours: `Pad`).

use console::{Key, Term};
use dialoguer::theme::Theme;

use super::theme::Pad;
use super::{keys, Check};
use crate::choice::{chosen, filter, help_for, numbers, usual, Choice, Picked, Typed};

use crate::text::Lang;

/// The words a menu says about what was typed, in the table's language.
fn why_not(choices: &[Choice], typed: &str, what: &Typed, lang: Lang) -> String {
    let typed = crate::text::escape_controls(typed.trim());
    let labels = |is: &[usize]| is.iter().map(|i| choices[*i].label.clone()).collect::<Vec<_>>().join(" · ");
    match what {
        Typed::Several(is) => crate::t!(lang, "cli.ui.several", typed = typed, options = labels(is)),
        Typed::CommandStart(is) => {
            let words: Vec<String> = is
                .iter()
                .map(|i| choices[*i].label.split_whitespace().next().unwrap_or(&choices[*i].key).to_string())
                .collect();
            crate::t!(lang, "cli.ui.whole_word", typed = typed, words = words.join(", "))
        }
        Typed::One(_) | Typed::Nothing => {
            crate::t!(lang, "cli.ui.nothing", typed = typed, n = numbers(choices).iter().flatten().count())
        }
    }
}

/// How a menu or a line is asked: on which terminal, with which words, and the last entry
/// (↑ recalls it; what is committed becomes it).
pub struct Asking<'a> {
    /// The terminal drawn on (standard error).
    pub term: &'a Term,
    /// The question.
    pub prompt: &'a str,
    /// The line before what is typed (what may be typed, how to choose).
    pub hint: &'a str,
    /// How it looks (dialoguer's `Theme` of ours, at this terminal's width).
    pub pad: &'a Pad,
    /// The language of the menu's own words.
    pub lang: Lang,
    /// The last entry committed at this terminal.
    pub last: &'a mut String,
}

/// Ask on the terminal: a menu of `choices` (taking entries too when `check` is given: Enter
/// on several words, or a word no option fits, gives the text when `check` accepts it, and
/// shows why not below the menu otherwise, the text kept to be corrected); with no choices,
/// a line of text that `check` validates. The answer is echoed after the question in the
/// words `check` gives for it (what an entry does, in pad words). With `overtaken`, until it says the question was
/// answered elsewhere (a phone, at a served table): then what was drawn is cleared and None
/// returned, with what was typed so far left in `typed` (the next question starts from it);
/// keys are then read one by one while the menu waits, so typing ahead is never lost.
pub fn ask(
    a: Asking,
    choices: &[Choice],
    typed: &mut String,
    check: Option<Check>,
    overtaken: Option<&dyn Fn() -> bool>,
) -> std::io::Result<Option<Picked>> {
    let _keys = overtaken.map(|_| keys::OneByOne::enter());
    run(a, choices, typed, overtaken, check)
}

/// Whether `next` (what is typed with one more key) may still become an answer: in a
/// menu, some choice must fit it; in a menu that takes entries, a first word must fit a
/// choice or be an entry `check` accepts, and the words after it are free.
fn may_become(choices: &[Choice], next: &str, check: Option<Check>) -> bool {
    if help_for(choices, next).is_some() {
        return true;
    }
    let free = check.is_some() && next.trim_start().contains(char::is_whitespace);
    free || !filter(choices, next).is_empty() || check.is_some_and(|check| check(next).is_ok())
}

/// Whether a space typed now means nothing: at the start of the line, or after a space.
fn idle_space(typed: &str, c: char) -> bool {
    c.is_whitespace() && (typed.is_empty() || typed.ends_with(char::is_whitespace))
}

/// Clear what a menu or line drew: the lines above, and the line being typed with the
/// rows it wrapped onto.
fn clear(term: &Term, drawn: usize) -> std::io::Result<()> {
    term.clear_line()?;
    term.clear_last_lines(drawn)
}

/// Write `head` folded to the terminal's width and `typed` after its last line, which keeps
/// the cursor (no newline): returns the rows written beyond that last one.
fn write_folded(a: (&Term, &Pad), head: &str, typed: &str, style: impl Fn(&str) -> String) -> std::io::Result<usize> {
    let (term, pad) = a;
    let mut lines = pad.fold(head);
    let last = lines.pop().unwrap_or_default();
    for line in &lines {
        term.write_line(&style(line))?;
    }
    let line = format!("{} {typed}", style(&last));
    term.write_str(&line)?;
    term.flush()?;
    Ok(lines.len() + console::measure_text_width(&line).saturating_sub(1) / pad.width)
}

fn run(
    a: Asking,
    choices: &[Choice],
    typed: &mut String,
    overtaken: Option<&dyn Fn() -> bool>,
    check: Option<Check>,
) -> std::io::Result<Option<Picked>> {
    let Asking { term, prompt, hint, pad, lang, last } = a;
    let pad = &pad.at(term);
    // No choices: a line of text, every printable key typed.
    let line = choices.is_empty();
    let mut highlight = 0usize;
    // The highlight was moved with the arrows since the last key typed: Enter takes it.
    let mut moved = false;
    // The keys refused since the last space or edit: the rest of a word that went wrong
    // is not typed either (`cdo` stays `c`, `market` at a question it fits nothing of
    // leaves nothing), and Enter right after them chooses nothing.
    let mut refused = String::new();
    let mut drawn = 0usize;
    let mut problem: Option<String> = None;
    loop {
        let words = typed.split_whitespace().count();
        // Several words: an entry, not a filter.
        let matches = if help_for(choices, typed).is_some() {
            // `help N`: the menu as it is, to find N in.
            filter(choices, "")
        } else if check.is_some() && words > 1 {
            Vec::new()
        } else {
            filter(choices, typed)
        };
        if typed.trim().is_empty() && !moved {
            // The usual answer is highlighted: Enter takes it.
            highlight = usual(choices).and_then(|u| matches.iter().position(|&i| i == u)).unwrap_or(0);
        }
        highlight = highlight.min(matches.len().saturating_sub(1));
        clear(term, drawn)?;
        drawn = draw((term, pad), prompt, choices, &matches, highlight, typed, hint, problem.as_deref(), lang)?;
        let Some(key) = keys::next(term, overtaken)? else {
            clear(term, drawn)?;
            return Ok(None);
        };
        let commit = |picked: Picked, echo: String, typed: &mut String, last: &mut String| -> std::io::Result<_> {
            clear(term, drawn)?;
            term.write_line(&echo)?;
            let entry = match &picked {
                Picked::Choice(i) if typed.trim().is_empty() => choices[*i].key.clone(),
                _ => typed.trim().to_string(),
            };
            if !entry.is_empty() {
                *last = entry;
            }
            typed.clear();
            Ok(Some(picked))
        };
        let chose = |i: usize| format!("{prompt} {}", choices[i].label);
        if !refused.is_empty() && key == Key::Enter {
            continue;
        }
        match key {
            // A line: what `check` accepts, else why not (the line kept).
            Key::Enter if line => match check.map_or(Ok(typed.clone()), |check| check(typed)) {
                Ok(words) => return commit(Picked::Text(typed.clone()), format!("{prompt}: {words}"), typed, last),
                Err(why) => problem = Some(why),
            },
            // The highlight moved with the arrows: Enter takes it.
            Key::Enter if !matches.is_empty() && moved => {
                let i = matches[highlight];
                return commit(Picked::Choice(i), chose(i), typed, last);
            }
            // Nothing typed: the usual answer, where the rules have one; else nothing is
            // chosen, and the menu says to type.
            Key::Enter if typed.trim().is_empty() => match usual(choices) {
                Some(i) => return commit(Picked::Choice(i), chose(i), typed, last),
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
            Key::Enter if !typed.trim().is_empty() => {
                let what = if words > 1 && check.is_some() { Typed::Nothing } else { chosen(choices, typed) };
                if let Typed::One(i) = what {
                    return commit(Picked::Choice(i), chose(i), typed, last);
                }
                match check.map(|check| check(typed)) {
                    Some(Ok(words)) => {
                        return commit(Picked::Text(typed.clone()), format!("{prompt} {words}"), typed, last);
                    }
                    // The entry's own reason, unless the options were the question.
                    Some(Err(why)) if what == Typed::Nothing && typed.trim().parse::<usize>().is_err() => {
                        problem = Some(why)
                    }
                    _ => problem = Some(why_not(choices, typed, &what, lang)),
                }
            }
            Key::ArrowUp if (line || typed.is_empty() && highlight == 0) && !last.is_empty() => {
                *typed = last.clone();
                problem = None;
                moved = false;
            }
            Key::ArrowDown | Key::Tab if !matches.is_empty() => {
                highlight = (highlight + 1) % matches.len();
                moved = true;
            }
            Key::ArrowUp | Key::BackTab if !matches.is_empty() => {
                highlight = (highlight + matches.len() - 1) % matches.len();
                moved = true;
            }
            Key::Backspace if !refused.is_empty() => {
                refused.pop();
                if refused.is_empty() {
                    problem = None;
                }
            }
            Key::Backspace => {
                typed.pop();
                (highlight, moved) = (0, false);
                problem = problem.filter(|_| line);
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
                // A key that fits nothing is not typed, wherever it comes (not only on an
                // empty line); nor are the keys after it in the same word.
                if refused.is_empty() && may_become(choices, &next, check) {
                    *typed = next;
                    (highlight, moved, problem) = (0, false, None);
                } else {
                    problem = Some(why_not(choices, &next, &Typed::Nothing, lang));
                    refused.push(c);
                }
            }
            _ => {}
        }
    }
}

/// Draw the prompt, the matching options (a window around the highlight when they do not
/// fit), and the line being typed, which keeps the cursor; with no choices, the problem
/// and the prompt with what is typed. Returns the lines drawn.
#[allow(clippy::too_many_arguments)]
fn draw(
    at: (&Term, &Pad),
    prompt: &str,
    choices: &[Choice],
    matches: &[usize],
    highlight: usize,
    typed: &str,
    hint: &str,
    problem: Option<&str>,
    lang: Lang,
) -> std::io::Result<usize> {
    let (term, pad) = at;
    let problem = problem.map(|p| pad.problem(p)).unwrap_or_default();
    if choices.is_empty() {
        for line in &problem {
            term.write_line(line)?;
        }
        return Ok(problem.len() + write_folded(at, &format!("{prompt}:"), typed, |l| l.to_string())?);
    }
    // The commands stand on one line by their own words; what is highlighted says what it
    // does on one line under the options.
    // Each as (its place among the matches, its choice).
    type Shown = Vec<(usize, usize)>;
    let (options, commands): (Shown, Shown) =
        matches.iter().copied().enumerate().partition(|(_, i)| !choices[*i].command);
    let own_word = |i: usize| choices[i].label.split_whitespace().next().unwrap_or(&choices[i].key).to_string();
    let about = matches.get(highlight).map(|&i| match choices[i].command {
        true => choices[i].label.clone(),
        false => choices[i].help.clone(),
    });
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
    let number_width = numbers.iter().flatten().max().unwrap_or(&0).to_string().len();
    let item = |text: &str, active: bool| {
        let mut line = String::new();
        let _ = pad.format_select_prompt_item(&mut line, text, active);
        line
    };
    let mut lines = vec![console::truncate_str(prompt, pad.width - 1, "…").into_owned()];
    for &(at, i) in options.iter().skip(first).take(room) {
        let number = numbers[i].map(|n| n.to_string()).unwrap_or_default();
        lines.push(item(
            &format!("{number:>number_width$}  {}{}", choices[i].label, mark(&choices[i])),
            at == highlight,
        ));
    }
    if !commands.is_empty() {
        let on_command = commands.iter().any(|(at, _)| *at == highlight);
        let words: Vec<String> = commands.iter().map(|(_, i)| own_word(*i)).collect();
        lines.push(item(&format!("{:>number_width$}  {}", "", words.join(" · ")), on_command));
    }
    if matches.is_empty() && typed.split_whitespace().count() < 2 {
        lines.push("  —".into());
    }
    if let Some(about) = about.filter(|a| !a.is_empty()) {
        lines.push(pad.dim(&console::truncate_str(&format!("  {about}"), pad.width - 1, "…")));
    }
    lines.extend(problem);
    for line in &lines {
        term.write_line(line)?;
    }
    // The typed line has no newline: clearing it is clearing one more line than written,
    // and the rows the hint was folded onto and the typed line wrapped onto.
    Ok(lines.len() + write_folded(at, hint, typed, |l| pad.dim(l))?)
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
