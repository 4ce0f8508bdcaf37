//! The answers of a file (`--answers FILE`, or `-` for standard input): each question
//! takes the next line, so whole games run without a terminal, and the tests drive them
//! so. A choice is given by its key, its label or its number; a wrong answer names the
//! file, the line and the legal answers.

use crate::choice::{chosen, Choice, Picked, Typed};
use crate::text::Lang;
use crate::ui::{say, Entry, Prompter, Validator};
use crate::Error;

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
        Err(Error::Usage(match self.lines.is_empty() {
            // An empty file (or nothing on standard input) has no line to run out after.
            true => crate::msg!("cli.ui.no_answers", file = &self.name, prompt = prompt),
            false => crate::msg!("cli.ui.ran_out", file = &self.name, line = self.lines.len(), prompt = prompt),
        }))
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
            .or_else(|| match chosen(choices, answer) {
                Typed::One(i) if answer.trim().parse::<usize>().is_ok() => Some(i),
                _ => None,
            })
    }
    /// The next answer as `take` reads it (what it answers, and the words it is echoed in
    /// after the question), or the file, the line and why it answers nothing.
    fn answer<T>(&mut self, prompt: &str, take: impl FnOnce(&str) -> Result<(T, String), String>) -> Result<T, Error> {
        let (line, answer) = self.next_answer(prompt)?;
        match take(&answer) {
            Ok((answered, echo)) => {
                self.echoed(&echo);
                Ok(answered)
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

    fn echoed(&self, line: &str) {
        if self.echo {
            say(line);
        }
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

    fn entry(&mut self, prompt: &str, choices: &[Choice], Entry { check, .. }: Entry) -> Result<Picked, Error> {
        self.answer(prompt, |answer| match Self::find(choices, answer) {
            Some(i) => Ok((Picked::Choice(i), format!("{prompt} {}", choices[i].label))),
            None => check(answer).map(|words| (Picked::Text(answer.to_string()), format!("{prompt} {words}"))),
        })
    }

    fn select(&mut self, prompt: &str, choices: &[Choice]) -> Result<usize, Error> {
        let (line, answer) = self.next_answer(prompt)?;
        match Self::find(choices, &answer) {
            Some(i) => {
                self.echoed(&format!("{prompt} {}", choices[i].label));
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
        // `-` is an empty answer.
        let asked = crate::text::asked(prompt, self.lang);
        self.answer(prompt, |answer| {
            let answer = if answer == "-" { "" } else { answer };
            validate(answer).map(|()| (answer.to_string(), format!("{asked} {answer}")))
        })
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
