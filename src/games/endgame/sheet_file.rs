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
use std::ops::Range;

use serde::Deserialize;

use crate::games::endgame::eval::{At, InputValue};
use crate::games::endgame::{similar, EndgameRules, Shape};
use crate::games::paper::{parse_sheet_file, sheet_game_and_player};
use crate::message::Message;
use crate::msg;
use crate::source::spanned::Spanned;
use crate::source::Diagnosed;
use crate::source::{either, Diagnostic, Source};

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
    /// The player's name, trimmed (empty only while a file with problems is read).
    pub player: String,
    /// One per input of the rules: what the file gives, if anything.
    pub values: Vec<Option<InputValue>>,
    /// Where each given value is.
    pub(crate) spans: Vec<Option<Range<usize>>>,
    /// Where each item of a given list is.
    pub(crate) item_spans: Vec<Vec<Range<usize>>>,
    player_span: Option<Range<usize>>,
}

impl EndgameSheet {
    /// An empty sheet for `player`: no input given yet.
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

    /// Per input of the rules, whether the sheet gives it.
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

/// Parse a sheet file against the rules. Every problem found is reported at once
/// (`Diagnosed`).
pub fn parse(rules: &EndgameRules, source: &Source) -> Result<EndgameSheet, Diagnosed> {
    let fail = |diags: Vec<Diagnostic>| Diagnosed::new(source, diags);
    let empty_help = msg!("games.sheet.empty_help", id = &rules.id);
    let raw: RawSheet = parse_sheet_file(source, empty_help, Some(msg!("games.sheet.unknown_field_help")))?;
    let mut diags = Vec::new();
    let player = sheet_game_and_player(&rules.id, raw.game.as_ref(), raw.player.as_ref(), &mut diags);
    let mut sheet = EndgameSheet::new(rules, &player);
    sheet.player_span = raw.player.as_ref().map(|p| p.span());
    let inputs = &rules.sheet.inputs;
    for (key, value) in &raw.inputs {
        let Some(i) = rules.sheet.input_index(key.get_ref()) else {
            let mut close: Vec<&str> =
                inputs.iter().map(|x| x.id.as_str()).filter(|x| similar(x, key.get_ref())).collect();
            close.truncate(3);
            let help = if close.is_empty() {
                let list = inputs.iter().map(|x| x.id.as_str()).collect::<Vec<_>>().join(", ");
                msg!("games.sheet.inputs_are", id = &rules.id, list = list)
            } else {
                msg!("cli.sheet_file.did_you_mean", list = either(&close, msg!("cli.sheet_file.or")))
            };
            diags.push(
                Diagnostic::new(msg!("games.sheet.unknown_input", id = key.get_ref()), Some(key.span())).help(help),
            );
            continue;
        };
        let input = &inputs[i];
        let span = value.span();
        let wrong = |what: Message| -> Diagnostic {
            let example = match input.shape {
                Shape::Number { .. } => format!("{} = 3", input.id),
                Shape::List { item_min, .. } => format!("{} = [{item_min}, {item_min}]", input.id),
            };
            Diagnostic::new(
                msg!("games.sheet.wrong_value", id = &input.id, name = &input.name, what = what),
                Some(span.clone()),
            )
            .help(msg!("games.sheet.write_like", example = example))
        };
        match (input.shape, value.get_ref()) {
            (Shape::Number { .. }, toml::Value::Integer(n)) => sheet.values[i] = Some(InputValue::Number(*n)),
            (Shape::List { .. }, toml::Value::Array(items)) => {
                let mut list = Vec::new();
                for v in items {
                    match v.as_integer() {
                        Some(n) => list.push(n),
                        None => {
                            diags.push(wrong(msg!("games.sheet.list_of_whole")));
                            break;
                        }
                    }
                }
                sheet.item_spans[i] = array_item_spans(&source.text, &span);
                sheet.values[i] = Some(InputValue::List(list));
            }
            (Shape::Number { .. }, toml::Value::Float(_)) | (Shape::List { .. }, toml::Value::Float(_)) => {
                diags.push(wrong(msg!("games.sheet.whole_numbers")));
            }
            (Shape::Number { .. }, toml::Value::String(s)) if s.trim().parse::<i64>().is_ok() => {
                diags.push(wrong(msg!("games.sheet.quoted")));
            }
            (Shape::Number { .. }, toml::Value::Array(_)) => diags.push(wrong(msg!("games.sheet.not_a_list"))),
            (Shape::List { .. }, toml::Value::Integer(_)) => diags.push(wrong(msg!("games.sheet.is_a_list"))),
            (Shape::Number { .. }, _) => diags.push(wrong(msg!("games.sheet.must_be_whole"))),
            (Shape::List { .. }, _) => diags.push(wrong(msg!("games.sheet.must_be_list"))),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn titania() -> EndgameRules {
        crate::games::built_in("titania").unwrap().endgame().unwrap().clone()
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
        assert!(err.contains("4 errors"), "{err}");
    }
}
