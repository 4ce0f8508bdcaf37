//! Source files and diagnostics pointing into them (file:line:column, the line, a caret).

pub mod de;
pub mod spanned;

use std::fmt::Write as _;
use std::ops::Range;

/// The most diagnostics shown for one file; the rest are counted.
pub const MAX_SHOWN: usize = 50;

/// A text file deckhand read, kept so that diagnostics can quote it.
#[derive(Debug, Clone)]
pub struct Source {
    /// What to call the file in messages (a path, or `<built-in fleet-dice>`).
    pub name: String,
    pub text: String,
}

/// The value of `key = "value"` in `[table]` (`""`: the top level, before any header) when
/// it is written plainly on a line of its own and the value is an id (letters, digits,
/// `-`, `_`). None when it is not there or the scan is unsure (a multi-line string, any
/// other spelling): the caller then parses the whole file, which is what this saves at
/// every start.
pub fn scan_plain_id(text: &str, table: &str, key: &str) -> Option<String> {
    let mut inside = table.is_empty();
    for line in text.lines() {
        let line = line.trim();
        if line.contains("\"\"\"") || line.contains("'''") {
            return None;
        }
        if line.starts_with('[') {
            inside = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) == Some(table);
            continue;
        }
        if !inside {
            continue;
        }
        let Some(rest) = line.strip_prefix(key) else { continue };
        let Some(value) = rest.trim_start().strip_prefix('=') else { continue };
        let value = value.split('#').next()?.trim();
        let inner = value.strip_prefix('"')?.strip_suffix('"')?;
        return inner.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-').then(|| inner.to_string());
    }
    None
}

/// One problem found in a source file. `span` is a byte range into the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
    pub span: Option<Range<usize>>,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn new(message: impl Into<String>, span: Option<Range<usize>>) -> Self {
        Diagnostic { message: message.into(), span, help: None }
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl Source {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        Source { name: name.into(), text: text.into() }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() + 1;
        (line, col)
    }

    /// Render diagnostics one after the other, each followed by a blank line… up to
    /// `MAX_SHOWN`; after that one line says how many more there are (a file with 100,000
    /// unknown keys is reported in a moment, and readably).
    pub fn render_all_in(&self, diags: &[Diagnostic], lang: &str) -> String {
        let mut out: String = diags.iter().take(MAX_SHOWN).map(|d| self.render_in(d, lang) + "\n").collect();
        if diags.len() > MAX_SHOWN {
            let more = diags.len() - MAX_SHOWN;
            out.push_str(&crate::t!(lang, "rules.and_more", n = more, file = self.name));
            out.push('\n');
        }
        out
    }

    /// Render a diagnostic the way rustc and taplo do:
    /// `error: file:line:col: message`, the source line, a caret under the span, a help line.
    pub fn render(&self, diag: &Diagnostic) -> String {
        self.render_in(diag, "en")
    }

    /// `render` with the words "error" and "help" in a language (`en`, `de`, `fr`). The
    /// message and help themselves are already in that language when the checks were run
    /// with it (e.g. `rules::from_source_in`).
    pub fn render_in(&self, diag: &Diagnostic, lang: &str) -> String {
        let error = crate::t!(lang, "rules.error_label");
        let mut out = String::new();
        match &diag.span {
            Some(span) => {
                let (line, col) = self.line_col(span.start);
                let _ = writeln!(out, "{error} {}:{}:{}: {}", self.name, line, col, diag.message);
                let line_text = self.text.lines().nth(line - 1).unwrap_or("");
                let width = line.to_string().len();
                let start = floor_char_boundary(&self.text, span.start);
                let end = floor_char_boundary(&self.text, span.end.max(span.start));
                let on_line = self.text[start..end].split('\n').next().unwrap_or("");
                let carets = on_line.chars().count().max(1);
                let _ = writeln!(out, "{:width$} |", "");
                let _ = writeln!(out, "{line} | {line_text}");
                let _ = writeln!(out, "{:width$} | {}{}", "", " ".repeat(col - 1), "^".repeat(carets));
            }
            None => {
                // About the file as a whole (something missing, the file empty): its start.
                let _ = writeln!(out, "{error} {}:1:1: {}", self.name, diag.message);
            }
        }
        if let Some(help) = &diag.help {
            let _ = writeln!(out, "  = {} {help}", crate::t!(lang, "rules.help_label"));
        }
        out
    }
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// Read a file for deckhand: a regular file of at most 16 MiB, UTF-8 (a clear message with
/// line and column otherwise), without a byte-order mark (`log::files::read_text`).
pub fn read_source(path: &std::path::Path) -> Result<Source, crate::Error> {
    crate::log::files::read_text(path)
}

/// Where the value of `key` is in `[table]` (`None`: the top level) of a TOML text, for
/// pointing at it in a message; None when it is not there or the text is not TOML.
pub fn value_span(text: &str, table: Option<&str>, key: &str) -> Option<Range<usize>> {
    let doc = toml::de::DeTable::parse(text).ok()?;
    let doc = doc.get_ref();
    let within = match table {
        Some(t) => doc.get(t)?.get_ref().as_table()?,
        None => doc,
    };
    within.get(key).map(|v| v.span())
}

/// Every whole number written in a TOML text outside `min..=max`: its span and how it is
/// written. Nothing when the text is not TOML (the typed parse reports that).
pub fn integers_outside(text: &str, min: i128, max: i128) -> Vec<(Range<usize>, String)> {
    fn walk(value: &toml::Spanned<toml::de::DeValue<'_>>, min: i128, max: i128, out: &mut Vec<(Range<usize>, String)>) {
        match value.get_ref() {
            toml::de::DeValue::Integer(i) => {
                let n = i128::from_str_radix(i.as_str(), i.radix()).unwrap_or(i128::MAX);
                if n < min || n > max {
                    out.push((value.span(), i.as_str().to_string()));
                }
            }
            toml::de::DeValue::Array(items) => items.iter().for_each(|v| walk(v, min, max, out)),
            toml::de::DeValue::Table(table) => table.values().for_each(|v| walk(v, min, max, out)),
            _ => {}
        }
    }
    let Ok(table) = toml::de::DeTable::parse(text) else { return Vec::new() };
    let mut out = Vec::new();
    for value in table.get_ref().values() {
        walk(value, min, max, &mut out);
    }
    out.sort_by_key(|(span, _)| span.start);
    out
}

/// Close enough to suggest: equal without `_`, a prefix, or at most 2 edits apart.
pub fn similar(a: &str, b: &str) -> bool {
    let norm = |s: &str| s.replace('_', "").to_lowercase();
    let (a, b) = (norm(a), norm(b));
    a == b || (b.len() >= 3 && a.starts_with(&b)) || edit_distance(&a, &b) <= 2
}

/// Levenshtein distance in characters.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            cur.push((prev[j] + usize::from(ca != *cb)).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_id_is_found_without_parsing_and_anything_unsure_is_left_to_the_parser() {
        let sheet = "# Ann\ngame = \"fleet-dice\"  # the game\nplayer = \"Ann\"\n[columns]\ngame = \"x\"\n";
        assert_eq!(scan_plain_id(sheet, "", "game"), Some("fleet-dice".into()));
        assert_eq!(scan_plain_id("[a]\ngame = \"x\"\n", "", "game"), None, "not at the top level");
        assert_eq!(scan_plain_id("[a]\ngame = \"x\"\n", "a", "game"), Some("x".into()));
        assert_eq!(scan_plain_id("games = 1\ngame = \"y\"\n", "", "game"), Some("y".into()));
        assert_eq!(scan_plain_id("game = 'x'\n", "", "game"), None, "another spelling");
        assert_eq!(scan_plain_id("game = \"a b\"\n", "", "game"), None, "not an id");
        assert_eq!(
            scan_plain_id("note = \"\"\"\ngame = \"x\"\n\"\"\"\n", "", "game"),
            None,
            "inside a multi-line string"
        );
    }

    #[test]
    fn line_and_column_are_one_based_and_count_characters() {
        let src = Source::new("f.toml", "a = 1\nnäme = 2\n");
        assert_eq!(src.line_col(0), (1, 1));
        assert_eq!(src.line_col(6), (2, 1));
        let eq = src.text.find('=').unwrap();
        assert_eq!(src.line_col(eq), (1, 3));
        let second_eq = src.text.rfind('=').unwrap();
        assert_eq!(src.line_col(second_eq), (2, 6));
    }

    #[test]
    fn render_shows_line_and_caret() {
        let src = Source::new("f.toml", "x = 1\ncolumn = \"L B\"\n");
        let start = src.text.find("\"L").unwrap();
        let out = src.render(&Diagnostic::new("bad column", Some(start..start + 5)).help("fix it"));
        assert!(out.starts_with("error: f.toml:2:10: bad column"), "{out}");
        assert!(out.contains("2 | column = \"L B\""), "{out}");
        assert!(out.contains("  |          ^^^^^"), "{out}");
        assert!(out.contains("= help: fix it"), "{out}");
    }
}
