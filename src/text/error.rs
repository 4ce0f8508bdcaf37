//! Errors in words: each layer's error (reading, the store, the rules, a save that did not
//! take an entry, a file's diagnostics) in a language, with the summary line of a file's
//! diagnostics ("3 errors in sheet.toml"). `Display` is English, for library users; the
//! `deckhand` binary combines these errors (its `cli::error::Error`) and shows them with
//! `message(lang)`.

use std::fmt;

use super::diag::render_all;
use crate::games::live::AppendError;
use crate::games::RulesError;
use crate::message::Message;
use crate::source::read::FileKind;
use crate::source::{Diagnosed, ReadError};
use crate::store::journal::{JsonDamage, JsonDamageKind, SaveDamage};
use crate::store::StoreError;
use crate::text::Lang;
use crate::{msg, t};

/// What Ctrl-C says when no save needs naming.
pub fn interrupted(lang: Lang) -> String {
    t!(lang, "cli.ui.interrupted")
}

/// The error of a command stopped by Ctrl-C.
pub fn interrupted_error(lang: Lang) -> String {
    t!(lang, "cli.error.interrupted")
}

/// The line that says standard output could not be written (`cause`); after a game
/// (`game`: `play`, `resume`), that its files were written all the same.
pub fn stdout_failed(cause: &str, game: bool, lang: Lang) -> String {
    match game {
        true => format!("deckhand: {}", t!(lang, "cli.main.stdout_failed", cause = cause)),
        false => format!("deckhand: {}", t!(lang, "cli.main.stdout_failed_only", cause = cause)),
    }
}

/// The summary line after the problems of `what` (a file, "2 sheet files"): how many.
pub fn summary(what: &str, count: usize, lang: Lang) -> String {
    t!(lang, "cli.error.input", path = what, n = count)
}

/// Several files' errors one after the other (each already in words), then the total over
/// all of them; `files` names them ("2 sheet files").
pub fn of_files(errors: &[String], files: &Message, count: usize, lang: Lang) -> String {
    format!("{}\n{}", errors.join("\n"), summary(&files.text(lang), count, lang))
}

/// Problems already in words (`report`), then how many and in what.
pub fn reported(what: &str, count: usize, report: &str, lang: Lang) -> String {
    format!("{report}{}", summary(what, count, lang))
}

/// A save whose players' names cannot be used, and why.
pub fn save_players(file: &str, problem: &crate::players::NameProblem, lang: Lang) -> String {
    t!(lang, "cli.save.bad_players", file = file, why = super::table::name_problem(problem, lang))
}

impl ReadError {
    /// The error in a language.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            ReadError::Io { path, cause } => {
                t!(lang, "cli.error.read", path = path, cause = io_cause(cause, false, lang))
            }
            ReadError::NotUtf8 { path, line, column } => {
                t!(lang, "cli.error.not_utf8", path = path, line = line, column = column)
            }
            ReadError::NotAFile { path, kind } => {
                t!(lang, "cli.error.not_a_file", path = path, kind = file_kind(*kind).text(lang))
            }
            ReadError::TooLarge { path, limit } => {
                t!(lang, "cli.error.too_large", path = path, mib = limit / (1024 * 1024))
            }
        }
    }
}

impl StoreError {
    /// The error in a language.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            StoreError::Read(e) => e.message(lang),
            StoreError::Write { path, cause } => write_failed(path, cause, lang),
            StoreError::Exists { path } => t!(lang, "cli.error.exists", path = path),
            StoreError::SaveExists { path } => {
                t!(
                    lang,
                    "rules.save_exists",
                    path = path,
                    resume = crate::invocation::resume(std::path::Path::new(path))
                )
            }
            StoreError::Locked { path } => t!(lang, "cli.error.locked", path = path),
            StoreError::SheetNotSave { path } => {
                let score = crate::invocation::score(std::path::Path::new(path));
                t!(lang, "rules.sheet_not_save", path = path, score = score)
            }
            StoreError::Damaged { path, line, why } => {
                let damaged = msg!("rules.save_damaged", path = path, line = line, why = save_damage(why));
                format!(
                    "{} {}\n  = {} {}\n{}",
                    t!(lang, "rules.error_label"),
                    damaged.text(lang),
                    t!(lang, "rules.help_label"),
                    t!(lang, "rules.save_damaged_help"),
                    summary(path, 1, lang)
                )
            }
        }
    }
}

impl AppendError {
    /// The error in a language: the save file could not be written.
    pub fn message(&self, lang: Lang) -> String {
        write_failed(&self.path, &self.cause, lang)
    }
}

fn write_failed(path: &str, cause: &std::io::Error, lang: Lang) -> String {
    t!(lang, "cli.error.write", path = path, cause = io_cause(cause, true, lang))
}

/// Why a file could not be read or written (`writing`: a file not found is its folder), in
/// the table's language where the reason is a common one (the system's own words, in
/// English, otherwise).
pub fn io_cause(cause: &std::io::Error, writing: bool, lang: Lang) -> String {
    use std::io::ErrorKind as K;
    match cause.kind() {
        K::NotFound if writing => t!(lang, "cli.error.io_no_folder"),
        K::NotFound => t!(lang, "cli.error.io_not_found"),
        K::PermissionDenied => t!(lang, "cli.error.io_denied"),
        K::IsADirectory => t!(lang, "cli.error.io_is_dir"),
        K::StorageFull => t!(lang, "cli.error.io_full"),
        K::ReadOnlyFilesystem => t!(lang, "cli.error.io_read_only"),
        _ => cause.to_string(),
    }
}

impl RulesError {
    /// The error in a language.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            RulesError::Read(e) => e.message(lang),
            RulesError::Invalid(d) => {
                let summary = t!(lang, "cli.error.rules", path = d.file.name.text(lang), n = d.diagnostics.len());
                format!("{}{summary}", render_all(&d.file, &d.diagnostics, lang))
            }
            RulesError::UnknownGame { id, known } => {
                match crate::source::closest(id, &known.split(", ").collect::<Vec<_>>()) {
                    Some(near) => t!(lang, "cli.error.unknown_game_near", id = id, near = near, known = known),
                    None => t!(lang, "cli.error.unknown_game", id = id, known = known),
                }
            }
            RulesError::OtherGame { path, id, game } => {
                t!(lang, "rules.describes_other_game", path = path, id = id, game = game)
            }
            RulesError::NoGame => t!(lang, "rules.no_game_given"),
        }
    }

    /// How many problems the error holds (a rules file's diagnostics; 1 for any other).
    pub fn count(&self) -> usize {
        match self {
            RulesError::Invalid(d) => d.diagnostics.len(),
            _ => 1,
        }
    }
}

impl Diagnosed {
    /// The diagnostics with their positions, then how many there are and in what file.
    pub fn message(&self, lang: Lang) -> String {
        let summary = summary(&self.file.name.text(lang), self.diagnostics.len(), lang);
        format!("{}{summary}", render_all(&self.file, &self.diagnostics, lang))
    }
}

/// `Display` in English and `std::error::Error` for each layer's error.
macro_rules! english {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            /// The error in English.
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.message(Lang::En))
            }
        }
        impl std::error::Error for $t {}
    )*};
}
english!(ReadError, StoreError, AppendError, RulesError, Diagnosed);

/// What a path names when it is not a regular file ("a folder").
fn file_kind(kind: FileKind) -> Message {
    match kind {
        FileKind::Directory => msg!("cli.error.kind_directory"),
        FileKind::Fifo => msg!("cli.error.kind_fifo"),
        FileKind::Device => msg!("cli.error.kind_device"),
        FileKind::Socket => msg!("cli.error.kind_socket"),
        FileKind::Other => msg!("cli.error.kind_other"),
    }
}

/// What is wrong with a save line.
fn save_damage(why: &SaveDamage) -> Message {
    match why {
        SaveDamage::Empty => msg!("rules.save_empty"),
        SaveDamage::NotAHeader(damage) => msg!("rules.save_not_a_header", cause = json_damage(damage)),
        SaveDamage::Entry(damage) => json_damage(damage),
    }
}

/// The kind of damage and the column from serde_json's API, then its own message quoted as
/// it is (its wording is not ours to parse).
fn json_damage(damage: &JsonDamage) -> Message {
    let what = match damage.kind {
        JsonDamageKind::Syntax => msg!("rules.save_json_syntax"),
        JsonDamageKind::Eof => msg!("rules.save_json_eof"),
        JsonDamageKind::Data => msg!("rules.save_json_data"),
        JsonDamageKind::Io => msg!("rules.save_json_io"),
    };
    msg!("rules.save_json", what = what, column = damage.column, message = &damage.quoted)
}
