//! Errors in words: every `crate::Error` in a language, a file's diagnostics rendered with
//! their positions and a summary line ("3 errors in sheet.toml"). `Display` is English, for
//! library users; deckhand itself shows `Error::message(lang)`.

use std::fmt;

use super::diag::render_all;
use crate::message::Message;
use crate::source::read::FileKind;
use crate::store::journal::{JsonDamage, JsonDamageKind, SaveDamage};
use crate::text::Lang;
use crate::{msg, t, Error};

/// What Ctrl-C says when no save needs naming.
pub fn interrupted(lang: Lang) -> String {
    t!(lang, "cli.ui.interrupted")
}

/// The line that says standard output could not be written (`cause`), and that the files
/// were.
pub fn stdout_failed(cause: &str, lang: Lang) -> String {
    format!("deckhand: {}", t!(lang, "cli.main.stdout_failed", cause = cause))
}

impl Error {
    /// The error in a language.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            Error::Read { path, cause } => t!(lang, "cli.error.read", path = path, cause = cause),
            Error::Write { path, cause } => t!(lang, "cli.error.write", path = path, cause = cause),
            Error::NotUtf8 { path, line, column } => {
                t!(lang, "cli.error.not_utf8", path = path, line = line, column = column)
            }
            Error::NotAFile { path, kind } => {
                t!(lang, "cli.error.not_a_file", path = path, kind = file_kind(*kind).text(lang))
            }
            Error::TooLarge { path, limit } => {
                t!(lang, "cli.error.too_large", path = path, mib = limit / (1024 * 1024))
            }
            Error::Exists { path } => t!(lang, "cli.error.exists", path = path),
            Error::Locked { path } => t!(lang, "cli.error.locked", path = path),
            Error::Rules { file, diagnostics } => {
                let summary = t!(lang, "cli.error.rules", path = file.name.text(lang), n = diagnostics.len());
                format!("{}{summary}", render_all(file, diagnostics, lang))
            }
            Error::Input { file, diagnostics } => {
                let summary = t!(lang, "cli.error.input", path = file.name.text(lang), n = diagnostics.len());
                format!("{}{summary}", render_all(file, diagnostics, lang))
            }
            Error::Files { files, errors } => {
                let report = errors.iter().map(|e| e.message(lang)).collect::<Vec<_>>().join("\n");
                let summary = t!(lang, "cli.error.input", path = files.text(lang), n = self.count());
                format!("{report}\n{summary}")
            }
            Error::SaveDamaged { path, line, why } => {
                let damaged = msg!("rules.save_damaged", path = path, line = line, why = save_damage(why));
                format!(
                    "{} {}\n  = {} {}\n{}",
                    t!(lang, "rules.error_label"),
                    damaged.text(lang),
                    t!(lang, "rules.help_label"),
                    t!(lang, "rules.save_damaged_help"),
                    t!(lang, "cli.error.input", path = path, n = 1)
                )
            }
            Error::Reported { what, count, report } => {
                format!("{report}{}", t!(lang, "cli.error.input", path = what, n = count))
            }
            Error::UnknownGame { id, known } => t!(lang, "cli.error.unknown_game", id = id, known = known),
            Error::Usage(message) => message.text(lang),
            Error::History(e) => super::history::error(e, lang),
            Error::Interrupted => t!(lang, "cli.error.interrupted"),
        }
    }
}

impl fmt::Display for Error {
    /// The error in English.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

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
