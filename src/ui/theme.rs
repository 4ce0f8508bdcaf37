//! `Pad`, deckhand's dialoguer `Theme`, for `Input` and our menu loop alike: the question
//! folded between words to the terminal's width, problems in red, the highlighted option
//! behind `›` in cyan, the status line dimmed with each player in the seat's colour.
//! Without colour (`NO_COLOR`) the same words, unstyled.

use std::fmt::{self, Write};

use console::{style, Color, StyledObject};
use dialoguer::theme::Theme;

/// A colour per seat, told apart on dark and light terminals alike.
const PLAYER_COLORS: [Color; 6] = [Color::Cyan, Color::Magenta, Color::Yellow, Color::Green, Color::Blue, Color::Red];

/// How the terminal's prompts look.
#[derive(Debug, Clone, Default)]
pub struct Pad {
    pub color: bool,
    /// The table's language (a question's colon is `:` or, in French, ` :`).
    pub lang: crate::text::Lang,
    /// The players' names in seat order (each shown in its colour).
    pub players: Vec<String>,
    /// The terminal's width in columns.
    pub width: usize,
}

impl Pad {
    pub fn new(color: bool, lang: crate::text::Lang) -> Self {
        Pad { color, lang, players: Vec::new(), width: 80 }
    }

    /// The same, folding to `term`'s width now.
    pub fn at(&self, term: &console::Term) -> Self {
        Pad { width: usize::from(term.size().1).max(20), ..self.clone() }
    }

    fn styled<T: fmt::Display>(&self, s: StyledObject<T>) -> String {
        s.force_styling(self.color).to_string()
    }

    /// A text folded at its spaces into lines of at most `width - 1` columns (one spare for
    /// the cursor).
    pub fn fold(&self, text: &str) -> Vec<String> {
        crate::text::wrap(text, " ", self.width - 1)
    }

    /// What is wrong, said whole as a sentence, in red, one line per row.
    pub fn problem(&self, why: &str) -> Vec<String> {
        self.fold(&crate::text::sentence(why)).into_iter().map(|l| self.styled(style(l).red())).collect()
    }

    /// A line that says more (a hint, the highlighted option's help), dimmed.
    pub fn dim(&self, line: &str) -> String {
        self.styled(style(line).dim())
    }

    /// A player's name in the player's colour.
    fn painted(&self, seat: usize, name: &str) -> String {
        self.styled(style(name).fg(PLAYER_COLORS[seat % PLAYER_COLORS.len()]).bold())
    }

    /// The seat and name of the player whose name opens `text` as a whole word (the
    /// longest: `Anna`, not `Ann`).
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

    /// A line said to the table, with the player whose name opens it in that colour.
    pub fn said(&self, line: &str) -> String {
        match self.name_at(line).filter(|_| self.color) {
            Some((seat, name)) => format!("{}{}", self.painted(seat, name), &line[name.len()..]),
            None => line.to_string(),
        }
    }

    /// The status line folded between its parts (`Round 1/10 · boat phase ·`; a part too
    /// long between words), dimmed, each player's name in its colour.
    pub fn status(&self, text: &str) -> Vec<String> {
        let mut lines = crate::text::wrap(text, " · ", self.width - 3);
        let last = lines.len() - 1;
        for line in &mut lines[..last] {
            line.push_str(" ·");
        }
        lines.iter().flat_map(|l| self.fold(l)).map(|l| self.status_line(&l)).collect()
    }

    fn status_line(&self, text: &str) -> String {
        if !self.color {
            return text.to_string();
        }
        let dim = |s: &str| if s.is_empty() { String::new() } else { self.dim(s) };
        let (mut out, mut plain, mut rest) = (String::new(), String::new(), text);
        while let Some(c) = rest.chars().next() {
            match self.name_at(rest).filter(|_| !plain.ends_with(char::is_alphanumeric)) {
                Some((seat, name)) => {
                    out += &dim(&std::mem::take(&mut plain));
                    out += &self.painted(seat, name);
                    rest = &rest[name.len()..];
                }
                None => {
                    plain.push(c);
                    rest = &rest[c.len_utf8()..];
                }
            }
        }
        out + &dim(&plain)
    }
}

impl Theme for Pad {
    /// The question folded, `:` and a space; what is typed follows on its last line.
    fn format_input_prompt(&self, f: &mut dyn Write, prompt: &str, _default: Option<&str>) -> fmt::Result {
        write!(f, "{} ", self.fold(&crate::text::asked(prompt, self.lang)).join("\n"))
    }

    fn format_input_prompt_selection(&self, f: &mut dyn Write, prompt: &str, sel: &str) -> fmt::Result {
        write!(f, "{} {sel}", self.fold(&crate::text::asked(prompt, self.lang)).join("\n"))
    }

    /// An option of a menu: behind `›` and in cyan while it is highlighted.
    fn format_select_prompt_item(&self, f: &mut dyn Write, text: &str, active: bool) -> fmt::Result {
        let line = console::truncate_str(&format!("{} {text}", if active { '›' } else { ' ' }), self.width - 1, "…")
            .into_owned();
        match active {
            true => write!(f, "{}", self.styled(style(line).cyan().bold())),
            false => write!(f, "{line}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prompt_is_folded_between_words_and_a_status_between_parts() {
        let pad = Pad::new(false, crate::text::Lang::En);
        let prompt = "Round 1 town phase: Ann rolls — which faces show? (3 town dice (h harbor · w wharf · m market) and 1 boat die; `2h` is two):";
        let lines = pad.fold(prompt);
        assert_eq!(lines.join(" "), prompt, "nothing lost or added");
        assert!(lines.iter().all(|l| console::measure_text_width(l) <= 79), "{lines:?}");
        assert_eq!(lines[1], "wharf · m market) and 1 boat die; `2h` is two):", "{lines:?}");
        assert_eq!(Pad { width: 6, ..pad.clone() }.fold("a verylongword b"), ["a", "verylongword", "b"]);
        let status = "Round 1/10 · boat phase · Ann picks · left: oyster, 3 coins, 3 coins · Ann: 0 coins, 0 fish";
        assert_eq!(
            pad.status(status),
            ["Round 1/10 · boat phase · Ann picks · left: oyster, 3 coins, 3 coins ·", "Ann: 0 coins, 0 fish"]
        );
        assert_eq!(pad.status("Round 1/10 · town phase"), ["Round 1/10 · town phase"]);
    }

    #[test]
    fn each_player_in_the_seats_colour_the_longest_name_and_whole_words_only() {
        let pad = Pad { players: vec!["Ann".into(), "Anna".into()], ..Pad::new(true, crate::text::Lang::En) };
        assert!(pad.said("Anna picks").starts_with("\x1b[35m\x1b[1mAnna"), "the longest name");
        assert_eq!(pad.said("Annabel picks"), "Annabel picks", "a whole word only");
        let status = pad.status("Ann picks · Anna: 3 coins").concat();
        assert!(status.contains("\x1b[36m\x1b[1mAnn\x1b[0m") && status.contains("\x1b[35m\x1b[1mAnna"), "{status:?}");
    }
}
