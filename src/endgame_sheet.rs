//! Sheet files of `endgame` games: what one player entered at the end, as TOML.
//!
//! ```toml
//! game = "titania"
//! player = "Ann"
//! [inputs]
//! track = 41
//! point_tiles = [3, 5, 4]
//! ```
//!
//! An input left out counts as 0 (or an empty list). Parsing keeps spans, so every problem
//! is reported at its line and column.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use crate::engine::endgame::{At, InputValue};
use crate::rules::endgame::{similar, EndgameRules, Shape};
use crate::rules::source::{Diagnostic, Source};
use crate::Error;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSheet {
    game: Option<Spanned<String>>,
    player: Option<Spanned<String>>,
    #[serde(default)]
    inputs: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
}

/// One player's sheet, with where each value is in its file.
#[derive(Debug, Clone)]
pub struct EndgameSheet {
    pub player: String,
    /// One per input of the rules: what the file gives, if anything.
    pub values: Vec<Option<InputValue>>,
    /// Where each given value is.
    pub spans: Vec<Option<Range<usize>>>,
    /// Where each item of a given list is.
    pub item_spans: Vec<Vec<Range<usize>>>,
    player_span: Option<Range<usize>>,
}

impl EndgameSheet {
    pub fn new(rules: &EndgameRules, player: &str) -> EndgameSheet {
        let n = rules.sheet.inputs.len();
        EndgameSheet {
            player: player.to_string(),
            values: vec![None; n],
            spans: vec![None; n],
            item_spans: vec![Vec::new(); n],
            player_span: None,
        }
    }

    /// Every input, with 0 (or an empty list) for those not given.
    pub fn inputs(&self, rules: &EndgameRules) -> Vec<InputValue> {
        self.values
            .iter()
            .zip(&rules.sheet.inputs)
            .map(|(v, input)| v.clone().unwrap_or_else(|| InputValue::missing(input.shape)))
            .collect()
    }

    pub fn given(&self) -> Vec<bool> {
        self.values.iter().map(Option::is_some).collect()
    }

    /// Where in the file a violation is: the value, the list item, or the first term of a
    /// limit that the file gives.
    pub fn span_of(&self, rules: &EndgameRules, at: At) -> Option<Range<usize>> {
        match at {
            At::Input(i) => self.spans.get(i).cloned().flatten(),
            At::Item(i, k) => self.item_spans.get(i).and_then(|s| s.get(k)).cloned().or_else(|| self.spans[i].clone()),
            At::Limit(l) => {
                rules.sheet.limits[l].terms.iter().filter_map(|(i, _)| self.spans[*i].clone()).max_by_key(|s| s.start)
            }
        }
        .or_else(|| self.player_span.clone())
    }
}

/// Read the `game` of a sheet without knowing its rules yet.
pub fn parse(rules: &EndgameRules, source: &Source) -> Result<EndgameSheet, Error> {
    let fail = |diags: Vec<Diagnostic>| Error::Input {
        path: source.name.clone(),
        count: diags.len(),
        report: diags.iter().map(|d| source.render(d) + "\n").collect(),
    };
    if source.text.trim().is_empty() {
        return Err(fail(vec![Diagnostic::new("the sheet file is empty", None).help(format!(
            "a sheet needs `game = \"{}\"`, `player = \"NAME\"` and an [inputs] table; `deckhand enter {} --player NAME -o FILE` writes one",
            rules.id, rules.id
        ))]));
    }
    let raw: RawSheet = toml::from_str(&source.text).map_err(|e| {
        let mut d = Diagnostic::new(e.message().trim_end().to_string(), e.span());
        if e.message().contains("unknown field") {
            d = d.help("a sheet has `game`, `player` and an [inputs] table; values go under [inputs]");
        }
        fail(vec![d])
    })?;
    let mut diags = Vec::new();
    if let Some(g) = &raw.game {
        if g.get_ref() != &rules.id {
            diags.push(
                Diagnostic::new(
                    format!("this sheet is for game `{}`, the rules are for `{}`", g.get_ref(), rules.id),
                    Some(g.span()),
                )
                .help("score it with the rules of its own game, or correct `game`"),
            );
        }
    }
    let player = match &raw.player {
        Some(p) if !p.get_ref().trim().is_empty() => p.get_ref().trim().to_string(),
        Some(p) => {
            diags.push(Diagnostic::new("the player name is empty", Some(p.span())));
            String::new()
        }
        None => {
            diags.push(Diagnostic::new("missing `player = \"NAME\"`", None).help("every sheet names its player"));
            String::new()
        }
    };
    let mut sheet = EndgameSheet::new(rules, &player);
    sheet.player_span = raw.player.as_ref().map(|p| p.span());
    let inputs = &rules.sheet.inputs;
    for (key, value) in &raw.inputs {
        let Some(i) = rules.sheet.input_index(key.get_ref()) else {
            let mut close: Vec<&str> =
                inputs.iter().map(|x| x.id.as_str()).filter(|x| similar(x, key.get_ref())).collect();
            close.truncate(3);
            let help = if close.is_empty() {
                format!(
                    "the inputs of {} are: {}",
                    rules.id,
                    inputs.iter().map(|x| x.id.as_str()).collect::<Vec<_>>().join(", ")
                )
            } else {
                format!("did you mean {}?", close.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(" or "))
            };
            diags.push(
                Diagnostic::new(format!("[inputs] names unknown input `{}`", key.get_ref()), Some(key.span()))
                    .help(help),
            );
            continue;
        };
        let input = &inputs[i];
        let span = value.span();
        let wrong = |what: &str| -> Diagnostic {
            let example = match input.shape {
                Shape::Number { .. } => format!("{} = 3", input.id),
                Shape::List { item_min, .. } => format!("{} = [{item_min}, {item_min}]", input.id),
            };
            Diagnostic::new(format!("`{}` ({}) {what}", input.id, input.name.en), Some(span.clone()))
                .help(format!("write it like `{example}`"))
        };
        match (input.shape, value.get_ref()) {
            (Shape::Number { .. }, toml::Value::Integer(n)) => sheet.values[i] = Some(InputValue::Number(*n)),
            (Shape::List { .. }, toml::Value::Array(items)) => {
                let mut list = Vec::new();
                for v in items {
                    match v.as_integer() {
                        Some(n) => list.push(n),
                        None => {
                            diags.push(wrong("is a list of whole numbers"));
                            break;
                        }
                    }
                }
                sheet.item_spans[i] = array_item_spans(&source.text, &span);
                sheet.values[i] = Some(InputValue::List(list));
            }
            (Shape::Number { .. }, toml::Value::Float(_)) | (Shape::List { .. }, toml::Value::Float(_)) => {
                diags.push(wrong("takes whole numbers"));
            }
            (Shape::Number { .. }, toml::Value::String(s)) if s.trim().parse::<i64>().is_ok() => {
                diags.push(wrong("is a number: write it without quotes"));
            }
            (Shape::Number { .. }, toml::Value::Array(_)) => diags.push(wrong("is one number, not a list")),
            (Shape::List { .. }, toml::Value::Integer(_)) => diags.push(wrong("is a list, even with one value")),
            (Shape::Number { .. }, _) => diags.push(wrong("must be a whole number")),
            (Shape::List { .. }, _) => diags.push(wrong("must be a list of whole numbers")),
        }
        sheet.spans[i] = Some(span);
    }
    if diags.is_empty() {
        Ok(sheet)
    } else {
        Err(fail(diags))
    }
}

/// Spans of the items of an inline array `[3, 5, 4]` (comments and line breaks allowed).
fn array_item_spans(text: &str, span: &Range<usize>) -> Vec<Range<usize>> {
    let Some(inner) = text.get(span.clone()) else { return vec![] };
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut comment = false;
    for (i, c) in inner.char_indices() {
        if comment {
            comment = c != '\n';
            continue;
        }
        let separator = c.is_whitespace() || matches!(c, ',' | '[' | ']' | '#');
        match (separator, start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push(span.start + s..span.start + i);
                start = None;
            }
            _ => {}
        }
        comment = c == '#';
    }
    if let Some(s) = start {
        out.push(span.start + s..span.end);
    }
    out
}

/// Write a sheet file; only given inputs are written (so `enter` can resume).
pub fn write(rules: &EndgameRules, sheet: &EndgameSheet) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# deckhand sheet: {} (an input left out counts as 0)", rules.name.en);
    let _ = writeln!(out, "game = {}", quote(&rules.id));
    let _ = writeln!(out, "player = {}", quote(&sheet.player));
    let _ = writeln!(out, "\n[inputs]");
    let lines: Vec<(String, String)> = rules
        .sheet
        .inputs
        .iter()
        .zip(&sheet.values)
        .filter_map(|(input, v)| {
            let value = match v.as_ref()? {
                InputValue::Number(n) => n.to_string(),
                InputValue::List(l) => format!("[{}]", l.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")),
            };
            Some((format!("{} = {value}", input.id), format!("# {} ({})", input.name.en, input.shape.range_text())))
        })
        .collect();
    let w = lines.iter().map(|(a, _)| a.chars().count()).max().unwrap_or(0);
    for (assign, comment) in lines {
        let _ = writeln!(out, "{assign:<w$}  {comment}");
    }
    out
}

fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn titania() -> EndgameRules {
        crate::rules::built_in("titania").unwrap().endgame().unwrap().clone()
    }

    #[test]
    fn written_sheet_reads_back() {
        let r = titania();
        let mut s = EndgameSheet::new(&r, "Ann \"A\"");
        s.values[0] = Some(InputValue::Number(41));
        s.values[1] = Some(InputValue::List(vec![3, 5, 4]));
        let text = write(&r, &s);
        let back = parse(&r, &Source::new("t.toml", text.clone())).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.values, s.values);
        assert_eq!(back.player, s.player);
    }

    #[test]
    fn list_items_are_located_one_by_one() {
        let text = "x = [3, 55,\n  4 # four\n , 6]";
        let start = text.find('[').unwrap();
        let spans = array_item_spans(text, &(start..text.len()));
        let items: Vec<&str> = spans.iter().map(|s| &text[s.clone()]).collect();
        assert_eq!(items, vec!["3", "55", "4", "6"]);
    }

    #[test]
    fn wrong_shapes_and_unknown_inputs_are_reported_at_their_place() {
        let r = titania();
        let src = Source::new(
            "s.toml",
            "game = \"titania\"\nplayer = \"A\"\n[inputs]\ntrak = 3\npoint_tiles = 4\nstarfish = \"2\"\nshells_small = 1.5\n",
        );
        let err = parse(&r, &src).unwrap_err().to_string();
        assert!(err.contains("s.toml:4:1: [inputs] names unknown input `trak`"), "{err}");
        assert!(err.contains("did you mean `track`"), "{err}");
        assert!(err.contains("s.toml:5:15: `point_tiles` (point tile) is a list, even with one value"), "{err}");
        assert!(err.contains("s.toml:6:12: `starfish` (starfish) is a number: write it without quotes"), "{err}");
        assert!(err.contains("s.toml:7:16: `shells_small` (small shells) takes whole numbers"), "{err}");
        assert!(err.contains("4 error(s)"), "{err}");
    }
}
