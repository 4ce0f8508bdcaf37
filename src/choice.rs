//! An option of a question, and what a typed text chooses among options: by its number
//! (options count from 1, commands have none), its key, or the start of a word of its
//! label; a command by its whole word; the usual answer on an empty line. No terminal
//! here: the terminal's menu (`ui::menu`) filters and commits with it, and an answers file
//! (`answers`) is read with it.

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

/// The number each choice is chosen by: options count from 1 in their order, commands
/// have none.
pub fn numbers(choices: &[Choice]) -> Vec<Option<usize>> {
    let mut n = 0;
    choices
        .iter()
        .map(|c| {
            (!c.command).then(|| {
                n += 1;
                n
            })
        })
        .collect()
}

/// The choices that match what was typed, each with how well: 0 the option numbered so,
/// a key that is exactly the text, an option's whole name or a command's own word; 1 a key or a word of the label
/// that starts with it (of a command, only its own word; case and accents ignored). Only
/// starts of words match, never the inside of one.
fn ranked(choices: &[Choice], typed: &str) -> Vec<(u8, usize)> {
    let typed = crate::text::fold_word(typed.trim());
    if typed.is_empty() {
        return (0..choices.len()).map(|i| (1, i)).collect();
    }
    if let Ok(n) = typed.parse::<usize>() {
        return numbers(choices).iter().position(|m| *m == Some(n)).map(|i| vec![(0, i)]).unwrap_or_default();
    }
    let keys: Vec<String> = choices.iter().map(|c| crate::text::fold_word(&c.key)).collect();
    // A label both ways an umlaut may be typed (`zuruck`, `zurueck`).
    let labels: Vec<[String; 2]> =
        choices.iter().map(|c| [crate::text::fold_word(&c.label), crate::text::fold_word_e(&c.label)]).collect();
    // The label from each start of a word on (`use as 1 coin`, `as 1 coin`, …), so that a
    // start matches one or more whole words from a word's start, never the inside of a
    // word. An apostrophe is inside a word: `s` is not a start of "Ama's bank".
    let inside = |c: char| c.is_alphanumeric() || matches!(c, ':' | '_' | '\'' | '’');
    let words = |i: usize| {
        labels[i]
            .iter()
            .flat_map(|l| {
                let mut before = None;
                l.char_indices()
                    .filter(move |&(_, c)| {
                        let start = inside(c) && !before.is_some_and(inside);
                        before = Some(c);
                        start
                    })
                    .map(move |(at, _)| &l[at..])
            })
            .collect::<Vec<_>>()
    };
    // A command's own word is the first of its label (`zurück — …`).
    let own_word = |i: usize| labels[i].iter().any(|l| l.split_whitespace().next() == Some(typed.as_str()));
    // A command by its key or its own word only, never by the words that explain it.
    let own_start =
        |i: usize| labels[i].iter().any(|l| l.split_whitespace().next().is_some_and(|w| w.starts_with(&typed)));
    // An option's whole name: its label before the points it shows after a dash (`Vierer`
    // of `Vierer — 12`), so a name that starts another's (`Viererpasch`) is still chosen.
    let whole_name = |i: usize| !choices[i].command && labels[i].iter().any(|l| crate::text::label_name(l) == typed);
    let rank = |i: usize| -> Option<u8> {
        if keys[i] == typed || (choices[i].command && own_word(i)) || whole_name(i) {
            Some(0)
        } else if keys[i].starts_with(&typed) || (choices[i].command && own_start(i)) {
            Some(1)
        } else if choices[i].command {
            None
        } else if words(i).iter().any(|w| w.starts_with(&typed)) {
            Some(1)
        } else {
            None
        }
    };
    let mut ranked: Vec<(u8, usize)> = (0..choices.len()).filter_map(|i| rank(i).map(|r| (r, i))).collect();
    ranked.sort();
    ranked
}

/// The usual answer (Enter on an empty line takes it): the one option marked usual.
pub fn usual(choices: &[Choice]) -> Option<usize> {
    let mut usual = choices.iter().enumerate().filter(|(_, c)| c.usual && !c.command).map(|(i, _)| i);
    match (usual.next(), usual.next()) {
        (Some(i), None) => Some(i),
        _ => None,
    }
}

/// The choices that match what was typed, best first (what the menu shows).
pub fn filter(choices: &[Choice], typed: &str) -> Vec<usize> {
    ranked(choices, typed).into_iter().map(|(_, i)| i).collect()
}

/// The options whose label starts with `typed` of several words (`Ama's bank 1`, `3 coins`):
/// at a menu taking entries these are meant, not an entry.
pub fn by_label(choices: &[Choice], typed: &str) -> Vec<usize> {
    let typed = crate::text::fold_word(&typed.split_whitespace().collect::<Vec<_>>().join(" "));
    let fits = |c: &Choice| !c.command && crate::text::fold_word(&c.label).starts_with(&typed);
    (0..choices.len()).filter(|&i| fits(&choices[i])).collect()
}

/// What Enter on a typed text chooses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// This choice, and no other, is meant: its number, its key, a command's whole word,
    /// or a start only this option has.
    One(usize),
    /// Several options fit as well as each other: nothing is chosen.
    Several(Vec<usize>),
    /// Only the start of commands, which are chosen by their whole word.
    CommandStart(Vec<usize>),
    /// Nothing fits.
    Nothing,
}

/// What Enter on `typed` chooses (see [`Typed`]).
pub fn chosen(choices: &[Choice], typed: &str) -> Typed {
    let ranked = ranked(choices, typed);
    let exact: Vec<usize> = ranked.iter().filter(|(r, _)| *r == 0).map(|(_, i)| *i).collect();
    match exact[..] {
        [one] => return Typed::One(one),
        [_, _, ..] => return Typed::Several(exact),
        [] => {}
    }
    let options: Vec<(u8, usize)> = ranked.iter().copied().filter(|(_, i)| !choices[*i].command).collect();
    match options.first() {
        Some(&(best, _)) => {
            let group: Vec<usize> = options.iter().filter(|(r, _)| *r == best).map(|(_, i)| *i).collect();
            if group.len() == 1 {
                Typed::One(group[0])
            } else {
                Typed::Several(group)
            }
        }
        None if !ranked.is_empty() => Typed::CommandStart(ranked.iter().map(|(_, i)| *i).collect()),
        None => Typed::Nothing,
    }
}

/// What a menu that takes entries gave: an option, or a line typed for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked {
    /// The option at this index.
    Choice(usize),
    /// Words typed that are not one option (`harbor inuit cod`), as `check` accepted them.
    Text(String),
}

/// `help` (its key or its own word) and what follows it, when the menu has that command
/// and something follows: `help 11`, `help cas` ask for one option's help.
pub fn help_for<'t>(choices: &[Choice], typed: &'t str) -> Option<&'t str> {
    let (first, rest) = typed.trim_start().split_once(char::is_whitespace)?;
    let word = crate::text::fold_word(first);
    let help = choices.iter().find(|c| c.command && c.key == "help")?;
    let own = crate::text::fold_word(help.label.split_whitespace().next().unwrap_or_default());
    (word == "help" || word == own).then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu() -> Vec<Choice> {
        vec![
            Choice::new("mark", "mark cod.4 (B: launch a boat)"),
            Choice::new("coin", "use as 1 coin"),
            Choice::new("as:lobster", "as lobster, + 1 star action"),
            Choice::command("undo", "zurück — die letzte Entscheidung zurücknehmen"),
            Choice::command("sheet", "Bogen zeigen"),
            Choice::command("sheets", "alle Bögen zeigen"),
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

    #[test]
    fn a_number_is_an_options_never_a_commands() {
        let m = menu();
        assert_eq!(chosen(&m, "3"), Typed::One(2));
        assert_eq!(filter(&m, "4"), Vec::<usize>::new(), "undo stands fourth but has no number");
        assert_eq!(chosen(&m, "4"), Typed::Nothing);
        assert_eq!(numbers(&m), [Some(1), Some(2), Some(3), None, None, None]);
    }

    #[test]
    fn a_start_chooses_only_the_one_option_it_fits() {
        let m = vec![
            Choice::new("bait_shop", "bait shop"),
            Choice::new("amas_bank", "Ama's bank"),
            Choice::new("casino", "casino"),
            Choice::command("sheet", "sheet — show this player's sheet"),
            Choice::command("sheets", "sheets — show every player's sheet"),
        ];
        assert_eq!(chosen(&m, "b"), Typed::Several(vec![0, 1]), "bait shop and bank both start so");
        assert_eq!(chosen(&m, "ba"), Typed::Several(vec![0, 1]));
        assert_eq!(chosen(&m, "bai"), Typed::One(0));
        assert_eq!(chosen(&m, "bAn"), Typed::One(1));
        assert_eq!(chosen(&m, "c"), Typed::One(2));
        assert_eq!(chosen(&m, "sheet"), Typed::One(3), "a command's whole word");
        assert_eq!(chosen(&m, "sheets"), Typed::One(4));
        assert_eq!(chosen(&m, "she"), Typed::CommandStart(vec![3, 4]), "a command only by its whole word");
        assert_eq!(chosen(&m, "q"), Typed::Nothing);
        assert_eq!(filter(&m, "s"), vec![0, 3, 4], "shop, sheet, sheets: not the s after Ama's apostrophe");
        assert_eq!(filter(&m, "ank"), Vec::<usize>::new(), "never inside a word");
    }

    /// Found in tmux (German five-dice game): `vierer` and Enter said it fits "Vierer — 12"
    /// and "Viererpasch — 0" alike; an option's whole name chooses it.
    #[test]
    fn a_whole_name_chooses_its_option_though_it_starts_another() {
        let m = vec![
            Choice::new("fours", "Vierer — 12"),
            Choice::new("four_of_a_kind", "Viererpasch — 0"),
            Choice::new("fives", "Fünfer — 0"),
            Choice::new("five_of_a_kind", "Fünferpasch — 0"),
        ];
        assert_eq!(chosen(&m, "vierer"), Typed::One(0));
        assert_eq!(filter(&m, "vierer"), vec![0, 1], "both still shown, the whole name first");
        assert_eq!(chosen(&m, "vier"), Typed::Several(vec![0, 1]), "a start both have chooses nothing");
        assert_eq!(chosen(&m, "funfer"), Typed::One(2));
        assert_eq!(chosen(&m, "Viererpasch"), Typed::One(1));
        assert_eq!(chosen(&m, "12"), Typed::Nothing, "the points are no name");
    }
}
