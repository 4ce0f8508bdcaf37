//! Player names: what a name may be, and the file name each becomes. Names are checked
//! when a game starts and when a save is opened, so that nothing fails at the end of a
//! game (a sheet that cannot be written) or silently (two sheets under one file name).

/// The longest player name: 32 characters.
pub const MAX_NAME_CHARS: usize = 32;

/// Why a list of player names cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameProblem {
    /// The `seat`-th name (1-based) is empty or only spaces.
    Empty {
        /// 1-based place in seating order.
        seat: usize,
    },
    /// A name holds a control character (a line break, a terminal escape…).
    Control {
        /// 1-based place in seating order.
        seat: usize,
    },
    /// A name is longer than `MAX_NAME_CHARS`.
    TooLong {
        /// 1-based place in seating order.
        seat: usize,
        /// The name's length in characters, above `MAX_NAME_CHARS`.
        chars: usize,
    },
    /// Two names are the same, ignoring case.
    Same {
        /// The earlier name in seating order.
        first: String,
        /// The later one.
        second: String,
    },
    /// Two names become the same file name (`A 1` and `A-1` → `a-1`).
    SameFile {
        /// The earlier name in seating order.
        first: String,
        /// The later one.
        second: String,
        /// The file name part both become (`file_slug`).
        slug: String,
    },
    /// A name is a word that means something at a prompt (`undo`, `zurück`, `aide`…).
    Reserved {
        /// The name as given.
        name: String,
    },
}

/// The part of a file name that stands for a player: lower case, letters and digits
/// kept, anything else a `-` (`Ann-Marie O'Neil` → `ann-marie-o-neil`).
pub fn file_slug(name: &str) -> String {
    name.chars().flat_map(char::to_lowercase).map(|c| if c.is_alphanumeric() { c } else { '-' }).collect()
}

/// What a name may be on its own, wherever it comes from (`play`, a sheet, a save, an
/// import into the history): not empty, no control character, at most `MAX_NAME_CHARS`
/// characters. `seat` (1-based) names it in the problem.
pub fn check_name(seat: usize, name: &str) -> Result<(), NameProblem> {
    if name.trim().is_empty() {
        return Err(NameProblem::Empty { seat });
    }
    if name.chars().any(char::is_control) {
        return Err(NameProblem::Control { seat });
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(NameProblem::TooLong { seat, chars });
    }
    Ok(())
}

/// Check a game's player names (already trimmed) in seating order; `reserved` are the
/// words that are commands at a prompt, in every language. Names are compared ignoring
/// case, accents aside (`Änn` and `äNN` are one name).
pub fn check_names(names: &[String], reserved: &[String]) -> Result<(), NameProblem> {
    for (i, name) in names.iter().enumerate() {
        check_name(i + 1, name)?;
        let folded = name.to_lowercase();
        if reserved.iter().any(|w| crate::words::same_word(w, &folded)) {
            return Err(NameProblem::Reserved { name: name.clone() });
        }
        for earlier in &names[..i] {
            if earlier.to_lowercase() == folded {
                return Err(NameProblem::Same { first: earlier.clone(), second: name.clone() });
            }
            let slug = file_slug(name);
            if file_slug(earlier) == slug {
                return Err(NameProblem::SameFile { first: earlier.clone(), second: name.clone(), slug });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(names: &[&str]) -> Result<(), NameProblem> {
        let names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        check_names(&names, &["undo".into(), "zurück".into()])
    }

    #[test]
    fn good_names_pass() {
        assert_eq!(check(&["Ann", "Bob", "Chloé", "Ann-Marie"]), Ok(()));
    }

    #[test]
    fn every_problem_is_named() {
        assert_eq!(check(&["A", ""]), Err(NameProblem::Empty { seat: 2 }));
        assert_eq!(check(&["A\nMallory 495"]), Err(NameProblem::Control { seat: 1 }));
        assert_eq!(check(&["\u{1b}]0;x\u{7}"]), Err(NameProblem::Control { seat: 1 }));
        assert_eq!(check(&[&"x".repeat(33)]), Err(NameProblem::TooLong { seat: 1, chars: 33 }));
        assert_eq!(check(&[&"x".repeat(32)]), Ok(()));
        assert_eq!(check(&["Änn", "äNN"]), Err(NameProblem::Same { first: "Änn".into(), second: "äNN".into() }));
        assert_eq!(
            check(&["A 1", "A-1", "B"]),
            Err(NameProblem::SameFile { first: "A 1".into(), second: "A-1".into(), slug: "a-1".into() })
        );
        assert_eq!(check(&["Zurueck"]), Err(NameProblem::Reserved { name: "Zurueck".into() }));
        assert_eq!(check(&["UNDO"]), Err(NameProblem::Reserved { name: "UNDO".into() }));
    }

    #[test]
    fn file_names_are_lower_case_letters_and_digits() {
        assert_eq!(file_slug("Ann-Marie O'Neil"), "ann-marie-o-neil");
        assert_eq!(file_slug("ÄNN"), "änn");
    }
}
