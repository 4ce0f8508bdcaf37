//! Diagnostics in words: `error: file:line:column: message`, the source line, a caret under
//! the span and a help line, the way rustc and taplo show them, with the labels, the
//! message and the help in the reader's language. Positions, the quoted line and the
//! caret are the same in every language.

use std::fmt::{self, Write as _};
use std::ops::Range;

use crate::message::Arg;
use crate::source::{de, floor_char_boundary, Diagnostic, Source, SourceName, MAX_SHOWN};
use crate::text::Lang;

impl SourceName {
    /// What the file is called in a language (a path as it is; `rules/fleet-dice.toml (built
    /// in)`).
    pub fn text(&self, lang: Lang) -> String {
        Arg::from(self).text(lang)
    }
}

/// Diagnostics one after the other, each followed by a blank line… up to `MAX_SHOWN`; after
/// that one line says how many more there are (a file with 100,000 unknown keys is
/// reported in a moment, and readably).
pub fn render_all(source: &Source, diags: &[Diagnostic], lang: Lang) -> String {
    let mut out: String = diags.iter().take(MAX_SHOWN).map(|d| render(source, d, lang) + "\n").collect();
    if diags.len() > MAX_SHOWN {
        let more = diags.len() - MAX_SHOWN;
        out.push_str(&crate::t!(lang, "rules.and_more", n = more, file = source.name.text(lang)));
        out.push('\n');
    }
    out
}

/// One diagnostic: `error: file:line:col: message`, the source line, a caret under the span,
/// a help line.
pub fn render(source: &Source, diag: &Diagnostic, lang: Lang) -> String {
    let help = diag.help.as_ref().map(|h| h.text(lang));
    render_text(source, diag.span.clone(), &diag.message.text(lang), help.as_deref(), lang)
}

/// `render` for a problem the command layer has already put into words.
pub fn render_text(
    source: &Source,
    span: Option<Range<usize>>,
    message: &str,
    help: Option<&str>,
    lang: Lang,
) -> String {
    let error = crate::t!(lang, "rules.error_label");
    let name = source.name.text(lang);
    let mut out = String::new();
    match span {
        Some(span) => {
            let (line, col) = source.line_col(span.start);
            let _ = writeln!(out, "{error} {name}:{line}:{col}: {message}");
            let text = &source.text;
            let line_text = text.lines().nth(line - 1).unwrap_or("");
            let width = line.to_string().len();
            let start = floor_char_boundary(text, span.start);
            let end = floor_char_boundary(text, span.end.max(span.start));
            let on_line = text[start..end].split('\n').next().unwrap_or("");
            let carets = on_line.chars().count().max(1);
            let _ = writeln!(out, "{:width$} |", "");
            let _ = writeln!(out, "{line} | {line_text}");
            let _ = writeln!(out, "{:width$} | {}{}", "", " ".repeat(col - 1), "^".repeat(carets));
        }
        None => {
            // About the file as a whole (something missing, the file empty): its start.
            let _ = writeln!(out, "{error} {name}:1:1: {message}");
        }
    }
    if let Some(help) = help {
        let _ = writeln!(out, "  = {} {help}", crate::t!(lang, "rules.help_label"));
    }
    out
}

impl fmt::Display for de::Error {
    /// The English message (what `serde::de::Error` needs; deckhand shows the diagnostic).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagnostic().message.text(Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_shows_line_and_caret() {
        let src = Source::new("f.toml", "x = 1\ncolumn = \"L B\"\n");
        let start = src.text.find("\"L").unwrap();
        let diag = Diagnostic::new(crate::msg!("rules.no_rounds"), Some(start..start + 5))
            .help(crate::msg!("rules.id_format_help"));
        let out = render(&src, &diag, Lang::En);
        let message = crate::t!(Lang::En, "rules.no_rounds");
        assert!(out.starts_with(&format!("error: f.toml:2:10: {message}\n")), "{out}");
        assert!(out.contains("2 | column = \"L B\""), "{out}");
        assert!(out.contains("  |          ^^^^^"), "{out}");
        assert!(out.contains(&format!("= help: {}", crate::t!(Lang::En, "rules.id_format_help"))), "{out}");
        let de = render(&src, &diag, Lang::De);
        assert!(de.contains("2 | column = \"L B\"\n  |          ^^^^^"), "{de}");
    }

    #[test]
    fn a_built_in_file_is_named_in_the_language() {
        let src = Source::built_in("fleet-dice", "");
        assert_eq!(src.name.text(Lang::En), "rules/fleet-dice.toml (built in)");
        assert_eq!(src.name.text(Lang::Fr), "rules/fleet-dice.toml (intégré)");
    }
}
