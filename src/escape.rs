//! Strings that came from a file, the command line or a request, made safe to show: control
//! characters written out (a terminal escape in a player's name cannot drive the
//! terminal, a line break cannot forge a row), and CSV cells that a spreadsheet cannot run
//! as formulas. No language here: used by the text layer, the reports and the history's
//! exports alike.

/// `text` with every control character written out (`\n`, `\t`, `\r`, `\u{1b}`…), for
/// showing a string that came from a file or the command line: a terminal escape in a
/// player's name cannot set the title or clear the screen, a line break cannot forge a
/// row of a table.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    escape_except(text, &[])
}

/// A field of a CSV file: control characters written out; a field a spreadsheet would
/// take for a formula (`=`, `+`, `-`, `@` first) starts with `'`, so a player's name is
/// never run as one; quoted when it holds a comma or a quote.
pub fn csv_field(s: &str) -> String {
    let s = escape_controls(s);
    let s = if s.starts_with(['=', '+', '-', '@']) { format!("'{s}") } else { s.into_owned() };
    if s.contains([',', '"']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// `escape_controls`, keeping line breaks and tabs: for whole outputs whose lines deckhand
/// composed itself.
pub fn escape_controls_in_lines(text: &str) -> std::borrow::Cow<'_, str> {
    escape_except(text, &['\n', '\t'])
}

fn escape_except<'a>(text: &'a str, keep: &[char]) -> std::borrow::Cow<'a, str> {
    if !text.chars().any(|c| c.is_control() && !keep.contains(&c)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            c if !c.is_control() || keep.contains(&c) => out.push(c),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    std::borrow::Cow::Owned(out)
}
