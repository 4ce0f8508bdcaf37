//! A listing: rows of values under column headers, rendered in every `--format` the way
//! the final table is (a terminal table and Markdown with headers in the reader's
//! language; CSV and JSON with stable English keys). The history's commands (`history`,
//! `stats`, `night`) print listings.

use comfy_table::{presets, Cell, CellAlignment, ContentArrangement, Table};
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

    /// The listing in a format, with a title above a table or Markdown.
    pub fn render(&self, format: Format, title: Option<&str>) -> String {
        match format {
            Format::Table => {
                let mut table = Table::new();
                table.load_preset(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Disabled);
                table.set_header(self.headers.clone());
                for row in &self.rows {
                    table.add_row(row.iter().map(|v| {
                        let cell = Cell::new(Self::text(v));
                        if v.is_number() {
                            cell.set_alignment(CellAlignment::Right)
                        } else {
                            cell
                        }
                    }));
                }
                match title {
                    Some(t) => format!("{t}\n{table}\n"),
                    None => format!("{table}\n"),
                }
            }
            Format::Markdown => {
                let cell = |s: &str| escape_controls(s).replace('|', "\\|");
                let mut out = title.map(|t| format!("### {}\n\n", cell(t))).unwrap_or_default();
                out.push_str(&format!(
                    "| {} |\n|{}|\n",
                    self.headers.iter().map(|h| cell(h)).collect::<Vec<_>>().join(" | "),
                    self.headers.iter().map(|_| "---").collect::<Vec<_>>().join("|")
                ));
                for row in &self.rows {
                    out.push_str(&format!(
                        "| {} |\n",
                        row.iter().map(|v| cell(&Self::text(v))).collect::<Vec<_>>().join(" | ")
                    ));
                }
                out
            }
            Format::Csv => {
                let mut out = self.keys.join(",") + "\n";
                for row in &self.rows {
                    let fields: Vec<String> = row
                        .iter()
                        .map(|v| if v.is_string() { csv_field(&Self::text(v)) } else { Self::text(v) })
                        .collect();
                    out.push_str(&fields.join(","));
                    out.push('\n');
                }
                out
            }
            Format::Json => serde_json::to_string_pretty(&self.json()).unwrap_or_default() + "\n",
            Format::Html => {
                use super::html::escape;
                let mut out = title.map(|t| format!("<h2>{}</h2>", escape(t))).unwrap_or_default();
                out.push_str("<table class=\"deckhand-table\"><thead><tr>");
                for h in &self.headers {
                    out.push_str(&format!("<th>{}</th>", escape(h)));
                }
                out.push_str("</tr></thead><tbody>");
                for row in &self.rows {
                    out.push_str("<tr>");
                    for v in row {
                        let class = if v.is_number() { " class=\"n\"" } else { "" };
                        out.push_str(&format!("<td{class}>{}</td>", escape(&Self::text(v))));
                    }
                    out.push_str("</tr>");
                }
                out.push_str("</tbody></table>\n");
                out
            }
        }
    }
}

/// A number with one decimal, for JSON and tables.
pub fn decimal(v: f64) -> Value {
    serde_json::Number::from_f64((v * 10.0).round() / 10.0).map_or(Value::Null, Value::Number)
}
