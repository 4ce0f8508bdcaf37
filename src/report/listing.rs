//! A listing: rows of values under column headers, rendered in every `--format` the way
//! the final table is (a terminal table and Markdown with headers in the reader's
//! language; CSV and JSON with stable English keys). The history's commands (`history`,
//! `stats`, `night`) print listings.

use std::io::Write;

use serde_json::Value;

use super::Format;
use crate::text::{csv_field, escape_controls};

/// Columns (a stable key and a header in the reader's language) and rows of values.
pub struct Listing {
    pub keys: Vec<String>,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<Value>>,
}

impl Listing {
    /// An empty listing with these columns: (key, header).
    pub fn new(columns: &[(&str, String)]) -> Listing {
        Listing {
            keys: columns.iter().map(|(k, _)| k.to_string()).collect(),
            headers: columns.iter().map(|(_, h)| h.clone()).collect(),
            rows: Vec::new(),
        }
    }

    /// A value as a cell shows it: text with control characters written out, numbers
    /// with one decimal when they have any, nothing for null.
    fn text(v: &Value) -> String {
        match v {
            Value::Null => String::new(),
            Value::String(s) => escape_controls(s).into_owned(),
            Value::Number(n) => match n.as_f64() {
                Some(f) if !n.is_i64() && !n.is_u64() => format!("{f:.1}"),
                _ => n.to_string(),
            },
            other => other.to_string(),
        }
    }

    /// The rows as JSON objects keyed by the column keys.
    pub fn json(&self) -> Value {
        Value::Array(
            self.rows
                .iter()
                .map(|r| Value::Object(self.keys.iter().cloned().zip(r.iter().cloned()).collect()))
                .collect(),
        )
    }

    /// The width of each column in a terminal table: its header's, to be widened by
    /// `Widths::fit` for every row.
    pub fn widths(&self) -> Widths {
        Widths(self.headers.iter().map(|h| measure(h)).collect())
    }

    /// The listing in a format, with a title above a table or Markdown.
    pub fn render(&self, format: Format, title: Option<&str>) -> String {
        let widths = (format == Format::Table).then(|| {
            let mut w = self.widths();
            for row in &self.rows {
                w.fit(row);
            }
            w
        });
        let mut out = Vec::new();
        let mut stream = Stream::new(&mut out, self, format, title, widths);
        // Writing to a Vec cannot fail.
        let _ = self.rows.iter().try_for_each(|row| stream.row(row)).and_then(|()| stream.finish().map(drop));
        String::from_utf8(out).unwrap_or_default()
    }
}

/// How wide a cell is on a terminal (characters of East Asian scripts take two columns).
fn measure(text: &str) -> usize {
    console::measure_text_width(text)
}

/// The widths of a terminal table's columns: its headers', widened to the widest cell of
/// every row seen (the first of two passes over a history too long to hold).
#[derive(Debug, Clone)]
pub struct Widths(Vec<usize>);

impl Widths {
    /// Widen the columns to hold this row.
    pub fn fit(&mut self, row: &[Value]) {
        for (w, v) in self.0.iter_mut().zip(row) {
            *w = (*w).max(measure(&Listing::text(v)));
        }
    }
}

/// A JSON array written one element at a time, exactly as `serde_json::to_string_pretty`
/// writes the whole array (plus a final newline).
pub struct JsonArray<W: Write> {
    out: W,
    items: usize,
}

impl<W: Write> JsonArray<W> {
    /// An array about to be written to `out`.
    pub fn new(out: W) -> JsonArray<W> {
        JsonArray { out, items: 0 }
    }

    /// Write one element.
    pub fn item(&mut self, value: &Value) -> std::io::Result<()> {
        json_item(&mut self.out, self.items == 0, value)?;
        self.items += 1;
        Ok(())
    }

    /// Close the array; the number of elements written.
    pub fn finish(mut self) -> std::io::Result<usize> {
        json_end(&mut self.out, self.items)?;
        Ok(self.items)
    }
}

fn json_item(out: &mut impl Write, first: bool, value: &Value) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(value).map_err(std::io::Error::other)?;
    out.write_all(if first { b"[\n" } else { b",\n" })?;
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.write_all(b"\n")?;
        }
        out.write_all(b"  ")?;
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

fn json_end(out: &mut impl Write, items: usize) -> std::io::Result<()> {
    out.write_all(if items == 0 { b"[]\n" } else { b"\n]\n" })?;
    out.flush()
}

/// A listing written row by row as the rows come, in any format: a history of 100,000
/// plays is never held in memory. The head is written with the first row (or at the end,
/// when there is none); a terminal table needs its column widths first (`Widths`).
pub struct Stream<'a, W: Write> {
    out: W,
    format: Format,
    listing: &'a Listing,
    title: Option<&'a str>,
    widths: Vec<usize>,
    rows: usize,
    started: bool,
}

impl<'a, W: Write> Stream<'a, W> {
    /// A stream of rows under the columns of `listing` (its rows are not written).
    pub fn new(out: W, listing: &'a Listing, format: Format, title: Option<&'a str>, widths: Option<Widths>) -> Self {
        let widths = widths.unwrap_or_else(|| listing.widths()).0;
        Stream { out, format, listing, title, widths, rows: 0, started: false }
    }

    /// Rows written so far.
    pub fn rows(&self) -> usize {
        self.rows
    }

    fn rule(&self, left: &str, fill: &str, middle: &str, right: &str) -> String {
        let parts: Vec<String> = self.widths.iter().map(|w| fill.repeat(w + 2)).collect();
        format!("{left}{}{right}\n", parts.join(middle))
    }

    fn table_line(&self, cells: &[(String, bool)]) -> String {
        let mut line = String::from("│");
        for (i, ((text, right), w)) in cells.iter().zip(&self.widths).enumerate() {
            let pad = " ".repeat(w.saturating_sub(measure(text)));
            let cell = if *right { format!("{pad}{text}") } else { format!("{text}{pad}") };
            line.push_str(&format!(" {cell} {}", if i + 1 == self.widths.len() { "│" } else { "┆" }));
        }
        line.push('\n');
        line
    }

    fn head(&mut self) -> std::io::Result<()> {
        self.started = true;
        let l = self.listing;
        let head = match self.format {
            Format::Table => {
                let mut out = self.title.map(|t| format!("{t}\n")).unwrap_or_default();
                out.push_str(&self.rule("┌", "─", "┬", "┐"));
                let cells: Vec<(String, bool)> = l.headers.iter().map(|h| (h.clone(), false)).collect();
                out.push_str(&self.table_line(&cells));
                out.push_str(&self.rule("╞", "═", "╪", "╡"));
                out
            }
            Format::Markdown => {
                let mut out = self.title.map(|t| format!("### {}\n\n", markdown_cell(t))).unwrap_or_default();
                out.push_str(&format!(
                    "| {} |\n|{}|\n",
                    l.headers.iter().map(|h| markdown_cell(h)).collect::<Vec<_>>().join(" | "),
                    l.headers.iter().map(|_| "---").collect::<Vec<_>>().join("|")
                ));
                out
            }
            Format::Csv => l.keys.join(",") + "\n",
            Format::Json => String::new(),
            Format::Html => {
                use super::html::escape;
                let mut out = self.title.map(|t| format!("<h2>{}</h2>", escape(t))).unwrap_or_default();
                out.push_str("<table class=\"deckhand-table\"><thead><tr>");
                for h in &l.headers {
                    out.push_str(&format!("<th>{}</th>", escape(h)));
                }
                out.push_str("</tr></thead><tbody>");
                out
            }
        };
        self.out.write_all(head.as_bytes())
    }

    /// Widen a terminal table's columns to hold this row, for a row that comes after the
    /// head was written (the lines already written keep their widths).
    pub fn widen(&mut self, row: &[Value]) {
        let mut widths = Widths(std::mem::take(&mut self.widths));
        widths.fit(row);
        self.widths = widths.0;
    }

    /// Write one row (the head first, with the first row).
    pub fn row(&mut self, row: &[Value]) -> std::io::Result<()> {
        if !self.started {
            self.head()?;
        }
        let first = self.rows == 0;
        self.rows += 1;
        let line = match self.format {
            Format::Table => {
                let cells: Vec<(String, bool)> = row.iter().map(|v| (Listing::text(v), v.is_number())).collect();
                self.table_line(&cells)
            }
            Format::Markdown => {
                format!(
                    "| {} |\n",
                    row.iter().map(|v| markdown_cell(&Listing::text(v))).collect::<Vec<_>>().join(" | ")
                )
            }
            Format::Csv => {
                let fields: Vec<String> = row
                    .iter()
                    .map(|v| if v.is_string() { csv_field(&Listing::text(v)) } else { Listing::text(v) })
                    .collect();
                fields.join(",") + "\n"
            }
            Format::Json => {
                let object = Value::Object(self.listing.keys.iter().cloned().zip(row.iter().cloned()).collect());
                return json_item(&mut self.out, first, &object);
            }
            Format::Html => {
                use super::html::escape;
                let mut out = String::from("<tr>");
                for v in row {
                    let class = if v.is_number() { " class=\"n\"" } else { "" };
                    out.push_str(&format!("<td{class}>{}</td>", escape(&Listing::text(v))));
                }
                out + "</tr>"
            }
        };
        self.out.write_all(line.as_bytes())
    }

    /// Write the foot (and the head, when there was no row); the number of rows.
    pub fn finish(mut self) -> std::io::Result<usize> {
        if !self.started {
            self.head()?;
        }
        let foot = match self.format {
            Format::Table => self.rule("└", "─", "┴", "┘"),
            Format::Markdown | Format::Csv => String::new(),
            Format::Json => return json_end(&mut self.out, self.rows).map(|()| self.rows),
            Format::Html => "</tbody></table>\n".to_string(),
        };
        self.out.write_all(foot.as_bytes())?;
        self.out.flush()?;
        Ok(self.rows)
    }
}

/// A Markdown table cell: control characters written out, `|` escaped.
fn markdown_cell(s: &str) -> String {
    escape_controls(s).replace('|', "\\|")
}

/// A number with one decimal, for JSON and tables.
pub fn decimal(v: f64) -> Value {
    serde_json::Number::from_f64((v * 10.0).round() / 10.0).map_or(Value::Null, Value::Number)
}
