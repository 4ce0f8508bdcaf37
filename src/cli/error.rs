//! The command's error: every layer's error combined at the top, where the commands meet
//! them (as jj's `cli/src/command_error.rs`): the library never imports it. Each layer
//! keeps its own error (`source::ReadError`, `store::StoreError`, `games::RulesError`, a
//! sheet's `source::Diagnosed`, `history::HistoryError`, `games::live::AppendError`);
//! this adds what only a command knows (several files' errors as one, a usage mistake,
//! Ctrl-C) and the refusals of the helpers a command runs. They are values; the text layer
//! puts each into words (`message(lang)`), and `Display` is English.

use std::path::PathBuf;

use crate::games::endgame::eval::Violation;
use crate::games::endgame::{EndgameRules, Scoring};
use crate::games::live::AppendError;
use crate::games::nauticus::helpers::NauticusRefusal;
use crate::games::nauticus::NauticusHelpers;
use crate::games::{RulesError, TableError};
use crate::history::HistoryError;
use crate::message::Message;
use crate::players::NameProblem;
use crate::source::{Diagnosed, ReadError};
use crate::store::StoreError;
use crate::text::endgame::BadAnswer;
use crate::text::Lang;

/// A problem that stops a command: what went wrong, where, and why, as values.
#[derive(Debug)]
pub enum Error {
    /// A file (or standard input) that cannot be read as text.
    Read(ReadError),
    /// A file that cannot be written, or a save that cannot be read.
    Store(StoreError),
    /// Rules that cannot be had (unreadable, invalid, unknown).
    Rules(RulesError),
    /// A sheet (or other input) file that cannot be read as one: every diagnostic.
    Input(Diagnosed),
    /// The errors of several input files as one (`Error::of_files`): each file's own, then a
    /// total over all of them; `files` names them ("2 sheet files").
    Files {
        /// What the files are, counted ("2 sheet files").
        files: Message,
        /// Each file's own error, in the order the files were given; at least two.
        errors: Vec<Error>,
    },
    /// Problems in files that the command layer has already put into words (a save entry
    /// the rules refuse, limits broken across several sheets): the report, then how many
    /// and in what.
    Reported {
        /// What the problems are in, already in words (a file name, "the sheets").
        what: String,
        /// How many problems the report holds.
        count: usize,
        /// The problems in words, shown before the summary line.
        report: String,
    },
    /// A command used wrongly (flags that do not go together, no game given, …).
    Usage(Message),
    /// The history database refused or failed (it is never modified when it is not ours).
    History(HistoryError),
    /// Stopped by Ctrl-C; exit code 130.
    Interrupted,
    /// Player names that cannot be used (empty, too long, twice, a command's word).
    PlayerName(NameProblem),
    /// A save whose players' names cannot be used.
    SavePlayers {
        /// The save file.
        file: String,
        /// What is wrong with the names.
        problem: NameProblem,
    },
    /// `nauticus …`: the helpers refused the numbers given, for each of these reasons.
    Nauticus {
        /// The game's helper numbers (the refusals name its tiles, items and rewards).
        helpers: Box<NauticusHelpers>,
        /// Why, one or more; never empty.
        refusals: Vec<NauticusRefusal>,
    },
    /// `calc GAME CALC`: the game has no calculator `id`; its calculators are listed.
    NoCalculator {
        /// The game's rules.
        rules: Box<EndgameRules>,
        /// The calculator asked for.
        id: String,
    },
    /// `calc … key=value`: a value its input does not take.
    CalcValue {
        /// The input, named with its key, name and range (`text::endgame::input_named`).
        key: String,
        /// Why the value is not one.
        why: BadAnswer,
    },
    /// `calc`: the values break the calculator's limits.
    CalcLimits {
        /// The calculator's inputs and limits.
        scoring: Box<Scoring>,
        /// Each limit broken; never empty.
        violations: Vec<Violation>,
    },
    /// `resume` without a file, and no terminal to choose at: the unfinished games of the
    /// games folder and how to name one.
    NoSaveChosen {
        /// The games folder.
        dir: PathBuf,
        /// Each unfinished game's line as the list shows it (`text::table::unfinished_game`,
        /// in the reader's language).
        games: Vec<String>,
    },
    /// A Fischerspiel table's problem: a setup its rules refuse, an event refused, or a
    /// line that names no event.
    Fischerspiel {
        /// The game's rules (the problem names its boats and fish).
        rules: Box<crate::games::FischerspielRules>,
        /// What is wrong.
        problem: FischerspielProblem,
    },
}

/// What is wrong at a Fischerspiel table (`Error::Fischerspiel`).
#[derive(Debug)]
pub enum FischerspielProblem {
    /// The setup asked for does not fit the rules.
    Setup(crate::games::fischerspiel::state::SetupError),
    /// The event typed cannot happen now.
    Refused(crate::games::fischerspiel::state::FischerspielRefusal),
    /// The line names no event.
    Unread(crate::games::fischerspiel::typed::Unread),
}

impl From<ReadError> for Error {
    fn from(e: ReadError) -> Error {
        Error::Read(e)
    }
}

impl From<StoreError> for Error {
    fn from(e: StoreError) -> Error {
        Error::Store(e)
    }
}

impl From<AppendError> for Error {
    /// A save that did not take an entry is a file that could not be written.
    fn from(e: AppendError) -> Error {
        Error::Store(e.into())
    }
}

impl From<RulesError> for Error {
    fn from(e: RulesError) -> Error {
        Error::Rules(e)
    }
}

impl From<Diagnosed> for Error {
    fn from(e: Diagnosed) -> Error {
        Error::Input(e)
    }
}

impl From<HistoryError> for Error {
    fn from(e: HistoryError) -> Error {
        Error::History(e)
    }
}

impl From<NameProblem> for Error {
    fn from(e: NameProblem) -> Error {
        Error::PlayerName(e)
    }
}

impl From<TableError> for Error {
    fn from(e: TableError) -> Error {
        Error::Usage(e.message())
    }
}

impl Error {
    /// Problems in an input file (a sheet).
    pub fn input(file: &crate::source::Source, diagnostics: Vec<crate::source::Diagnostic>) -> Error {
        Error::Input(Diagnosed::new(file, diagnostics))
    }

    /// A usage error the command layer has already put into words in the reader's
    /// language (what a layer that still answers in sentences returned).
    pub fn said(text: impl Into<String>) -> Error {
        Error::Usage(crate::msg!("cli.error.said", text = text.into()))
    }

    /// How many problems the error holds (a file's diagnostics; 1 for any other error).
    pub(crate) fn count(&self) -> usize {
        match self {
            Error::Rules(e) => e.count(),
            Error::Input(d) => d.diagnostics.len(),
            Error::Files { errors, .. } => errors.iter().map(Error::count).sum(),
            Error::Reported { count, .. } => *count,
            _ => 1,
        }
    }

    /// The errors of several input files as one: a single file's error as it is (its own
    /// summary line says how many errors it has), several files' errors one after the other
    /// with a total over all of them; `files(n)` names the n files ("2 sheet files").
    pub fn of_files(mut errors: Vec<Error>, files: impl Fn(usize) -> Message) -> Option<Error> {
        if errors.len() <= 1 {
            return errors.pop();
        }
        Some(Error::Files { files: files(errors.len()), errors })
    }

    /// The documented exit code: 2 for usage and input errors, 130 when interrupted.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Interrupted => 130,
            _ => 2,
        }
    }

    /// The error in a language (each layer's words are the text layer's).
    pub fn message(&self, lang: Lang) -> String {
        use crate::text::error as words;
        match self {
            Error::Read(e) => e.message(lang),
            Error::Store(e) => e.message(lang),
            Error::Rules(e) => e.message(lang),
            Error::Input(d) => d.message(lang),
            Error::Files { files, errors } => {
                let each: Vec<String> = errors.iter().map(|e| e.message(lang)).collect();
                words::of_files(&each, files, self.count(), lang)
            }
            Error::Reported { what, count, report } => words::reported(what, *count, report, lang),
            Error::Usage(message) => message.text(lang),
            Error::History(e) => crate::text::history::error(e, lang),
            Error::Interrupted => words::interrupted_error(lang),
            Error::PlayerName(p) => crate::text::table::name_problem(p, lang),
            Error::SavePlayers { file, problem } => words::save_players(file, problem, lang),
            Error::Nauticus { helpers, refusals } => {
                let each: Vec<String> =
                    refusals.iter().map(|r| crate::text::nauticus::refusal(helpers, r, lang)).collect();
                each.join("\n")
            }
            Error::NoCalculator { rules, id } => crate::text::endgame::no_calculator_with_list(rules, id, lang),
            Error::CalcValue { key, why } => crate::text::endgame::bad_value(key, why, lang),
            Error::CalcLimits { scoring, violations } => {
                let each: Vec<String> =
                    violations.iter().map(|v| crate::text::endgame::message(scoring, v, lang)).collect();
                each.join("\n")
            }
            Error::Fischerspiel { rules, problem } => match problem {
                FischerspielProblem::Setup(e) => crate::text::fischerspiel::setup_error(rules, e, lang),
                FischerspielProblem::Refused(r) => crate::text::fischerspiel::refusal(rules, r, lang),
                FischerspielProblem::Unread(u) => crate::text::fischerspiel_table::unread(rules, u, lang),
            },
            Error::NoSaveChosen { dir, games } => {
                use crate::text::table::Resume;
                let mut lines = vec![Resume::Listed(dir).text(lang)];
                lines.extend(games.iter().map(|g| format!("  {g}")));
                lines.push(Resume::GiveFile.text(lang));
                lines.join("\n")
            }
        }
    }
}

/// Any error of ours in a language, wherever it sits in a chain: the command's own, or a
/// layer's error that `?` put into an `anyhow::Error` as it was. None for another crate's
/// error (its words are its own, shown as they come).
pub fn message_of(e: &(dyn std::error::Error + 'static), lang: Lang) -> Option<String> {
    if let Some(e) = e.downcast_ref::<Error>() {
        return Some(e.message(lang));
    }
    if let Some(e) = e.downcast_ref::<ReadError>() {
        return Some(e.message(lang));
    }
    if let Some(e) = e.downcast_ref::<StoreError>() {
        return Some(e.message(lang));
    }
    if let Some(e) = e.downcast_ref::<RulesError>() {
        return Some(e.message(lang));
    }
    if let Some(e) = e.downcast_ref::<Diagnosed>() {
        return Some(e.message(lang));
    }
    if let Some(e) = e.downcast_ref::<AppendError>() {
        return Some(e.message(lang));
    }
    if let Some(e) = e.downcast_ref::<HistoryError>() {
        return Some(crate::text::history::error(e, lang));
    }
    None
}

impl std::fmt::Display for Error {
    /// The error in English.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::read::FileKind;

    fn not_utf8() -> ReadError {
        ReadError::NotUtf8 { path: "s.toml".into(), line: 2, column: 7 }
    }

    #[test]
    fn a_layer_error_that_question_mark_put_into_a_chain_is_said_in_the_readers_language() {
        let chain = anyhow::Error::from(not_utf8()).context("while loading");
        let parts: Vec<String> =
            chain.chain().map(|e| message_of(e, Lang::De).unwrap_or_else(|| e.to_string())).collect();
        assert_eq!(
            parts,
            [
                "while loading",
                "s.toml:2:7: kein UTF-8-Text (hier steht ein ungültiges Byte); deckhand liest nur TOML- und Textdateien",
            ]
        );
        // Each layer's error, as it is or inside the command's, says the same words.
        let layer_errors: Vec<(Box<dyn std::error::Error + Send + Sync>, Error)> = vec![
            (Box::new(not_utf8()), Error::Read(not_utf8())),
            (
                Box::new(StoreError::Locked { path: "g.jsonl".into() }),
                Error::Store(StoreError::Locked { path: "g.jsonl".into() }),
            ),
            (Box::new(RulesError::NoGame), Error::Rules(RulesError::NoGame)),
            (Box::new(HistoryError::NoSuchPlay { id: 4 }), Error::History(HistoryError::NoSuchPlay { id: 4 })),
        ];
        for (layer, ours) in layer_errors {
            for lang in [Lang::En, Lang::De, Lang::Fr] {
                assert_eq!(message_of(layer.as_ref(), lang), Some(ours.message(lang)));
            }
        }
        assert_eq!(message_of(&std::io::Error::other("disk"), Lang::De), None, "another crate's error");
    }

    #[test]
    fn a_save_that_did_not_take_an_entry_is_a_file_that_could_not_be_written() {
        let cause = || std::io::Error::from(std::io::ErrorKind::StorageFull);
        let append = AppendError { path: "g.jsonl".into(), cause: cause() };
        let shown = append.message(Lang::En);
        assert_eq!(shown, "cannot write g.jsonl: the disk is full");
        assert_eq!(Error::from(append).message(Lang::En), shown);
        assert_eq!(StoreError::Write { path: "g.jsonl".into(), cause: cause() }.message(Lang::En), shown);
    }

    #[test]
    fn only_an_interruption_exits_with_130() {
        assert_eq!(Error::Interrupted.exit_code(), 130);
        assert_eq!(Error::Interrupted.message(Lang::En), crate::text::error::interrupted_error(Lang::En));
        let kind = ReadError::NotAFile { path: "d".into(), kind: FileKind::Directory };
        assert_eq!(Error::Read(kind).exit_code(), 2);
        assert_eq!(Error::Usage(crate::msg!("rules.no_game_given")).exit_code(), 2);
    }

    #[test]
    fn resume_without_a_terminal_lists_the_unfinished_games_and_how_to_name_one() {
        let err = Error::NoSaveChosen {
            dir: PathBuf::from("/data/games"),
            games: vec!["a.jsonl — Fleet".into(), "b.jsonl — Fischerspiel".into()],
        };
        assert_eq!(
            err.message(Lang::En),
            "Unfinished games in /data/games:\n  a.jsonl — Fleet\n  b.jsonl — Fischerspiel\n\
             Without a terminal to choose at, give one of them: deckhand resume FILE"
        );
        assert_eq!(
            err.message(Lang::De),
            "Nicht beendete Spiele in /data/games:\n  a.jsonl — Fleet\n  b.jsonl — Fischerspiel\n\
             Ohne Terminal zum Auswählen gib eines davon an: deckhand resume DATEI"
        );
    }

    #[test]
    fn a_calculator_value_says_its_key_and_why_in_any_language() {
        let err = Error::CalcValue { key: "depicted".into(), why: BadAnswer::NotNumber("x".into()) };
        assert_eq!(err.message(Lang::En), "depicted: `x` is not a whole number");
        assert_ne!(err.message(Lang::De), err.message(Lang::En));
    }
}
