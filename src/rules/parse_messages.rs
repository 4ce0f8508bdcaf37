//! The parsers' own messages in German and French. A syntax or type error in a TOML file
//! (rules, sheet) is described by the `toml` crate (syntax: `toml_parser`; types: serde),
//! a damaged save line by `serde_json` (syntax) or serde (types), all in English. Their
//! formats are fixed, so the messages are taken apart here and put together again from the
//! `rules.toml.*` and `rules.json.*` catalog entries: serde's structural messages
//! ("unknown field `x`, expected one of `a`, `b`"), toml's "description, expected a, b",
//! the parser's fixed phrases and the value kinds and type descriptions inside them.
//!
//! English is never rebuilt: it stays byte for byte what the library said. Anything the
//! tables do not know (a newer library's phrase, a value kind of our own) is kept as it is,
//! so no information is ever lost.

use crate::i18n::tr;

/// `message` (from `toml::de::Error::message`, or any serde error text) in `lang`.
/// English, or a language deckhand does not speak, gets the message unchanged.
pub fn toml_message_in(message: &str, lang: &str) -> String {
    if !translates(lang) {
        return message.to_string();
    }
    serde_message(message, lang)
        .or_else(|| toml_data_message(message, lang))
        .or_else(|| syntax_message(message, lang))
        .unwrap_or_else(|| message.to_string())
}

/// A `serde_json` error (a damaged save line) in `lang`: its `Display` text in English,
/// otherwise the message translated like `toml_message_in` (serde's messages are the
/// same) or from the JSON parser's own phrases, with "at line L column C" after it.
pub fn json_message_in(err: &serde_json::Error, lang: &str) -> String {
    let text = err.to_string();
    if !translates(lang) {
        return text;
    }
    let suffix = format!(" at line {} column {}", err.line(), err.column());
    let (message, at) = match text.strip_suffix(&suffix) {
        Some(message) if err.line() != 0 => (message, true),
        _ => (text.as_str(), false),
    };
    let message = json_syntax_message(message, lang)
        .or_else(|| serde_message(message, lang))
        .unwrap_or_else(|| message.to_string());
    if at {
        tr(lang, "rules.json.at", &[("message", &message), ("line", &err.line()), ("column", &err.column())])
    } else {
        message
    }
}

/// A fixed English phrase of a table, in `lang` (None when the table does not have it).
fn phrase(table: &[(&str, &str)], english: &str, lang: &str) -> Option<String> {
    table.iter().find(|(text, _)| *text == english).map(|(_, key)| tr(lang, key, &[]))
}

fn translates(lang: &str) -> bool {
    lang != "en" && crate::i18n::LANGS.contains(&lang)
}

// ------------------------------------------------------------------------------------
// serde's messages (the same from `toml` and `serde_json`).
// ------------------------------------------------------------------------------------

fn serde_message(m: &str, lang: &str) -> Option<String> {
    if let Some(rest) = m.strip_prefix("unknown field ") {
        return unknown_name(rest, "fields", lang, ["rules.toml.unknown_field", "rules.toml.unknown_field_none"])
            .or_else(|| {
                let field = rest.strip_prefix('`')?.strip_suffix('`').filter(|f| !f.contains("`, "))?;
                Some(tr(lang, "rules.toml.unknown_field_alone", &[("field", &field)]))
            });
    }
    if let Some(rest) = m.strip_prefix("unknown variant ") {
        return unknown_name(rest, "variants", lang, ["rules.toml.unknown_variant", "rules.toml.unknown_variant_none"]);
    }
    if let Some(field) = m.strip_prefix("missing field `").and_then(|r| r.strip_suffix('`')) {
        return Some(tr(lang, "rules.toml.missing_field", &[("field", &field)]));
    }
    if let Some(field) = m.strip_prefix("duplicate field `").and_then(|r| r.strip_suffix('`')) {
        return Some(tr(lang, "rules.toml.duplicate_field", &[("field", &field)]));
    }
    for (prefix, key) in
        [("invalid type: ", "rules.toml.invalid_type"), ("invalid value: ", "rules.toml.invalid_value")]
    {
        if let Some(rest) = m.strip_prefix(prefix) {
            // The found value may itself contain ", expected " (a string); the type
            // description never does.
            let (found, want) = rest.rsplit_once(", expected ")?;
            return Some(tr(lang, key, &[("found", &found_in(found, lang)), ("expected", &want_in(want, lang))]));
        }
    }
    if let Some(rest) = m.strip_prefix("invalid length ") {
        let (len, want) = rest.split_once(", expected ")?;
        let len: usize = len.parse().ok()?;
        return Some(tr(lang, "rules.toml.invalid_length", &[("len", &len), ("expected", &want_in(want, lang))]));
    }
    if let Some(name) = m.strip_prefix("data did not match any variant of untagged enum ") {
        // Our own untagged enums say what they accept; any other keeps its name.
        return Some(match name {
            "Text" => tr(lang, "rules.toml.untagged_text", &[]),
            "MarksValue" => tr(lang, "rules.toml.untagged_marks", &[]),
            _ => tr(lang, "rules.toml.untagged", &[("name", &name)]),
        });
    }
    None
}

/// "`x`, expected …" or "`x`, there are no fields|variants" after "unknown field|variant ".
fn unknown_name(rest: &str, what: &str, lang: &str, [key, none_key]: [&str; 2]) -> Option<String> {
    let arg = if what == "fields" { "field" } else { "variant" };
    if let Some(name) = rest.strip_suffix(&format!("`, there are no {what}")).and_then(|r| r.strip_prefix('`')) {
        return Some(tr(lang, none_key, &[(arg, &name)]));
    }
    let (name, list) = rest.strip_prefix('`')?.split_once("`, expected ")?;
    let ids = id_list(list)?;
    Some(tr(lang, key, &[(arg, &name), ("expected", &join_ids(&ids, lang))]))
}

/// serde's `OneOf`: "`a`", "`a` or `b`", "one of `a`, `b`, `c`" → the ids.
fn id_list(s: &str) -> Option<Vec<&str>> {
    let items: Vec<&str> = if let Some(rest) = s.strip_prefix("one of ") {
        rest.split(", ").collect()
    } else if let Some((a, b)) = s.split_once(" or ") {
        vec![a, b]
    } else {
        vec![s]
    };
    items.iter().map(|item| item.strip_prefix('`')?.strip_suffix('`')).collect()
}

/// Ids in backticks, joined in the language: "`a`, `b` oder `c`".
fn join_ids(ids: &[&str], lang: &str) -> String {
    let items: Vec<String> = ids.iter().map(|id| format!("`{id}`")).collect();
    join_or(&items, lang)
}

/// "a", "a or b", "a, b or c" in the language.
fn join_or(items: &[String], lang: &str) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => tr(lang, "rules.toml.list_or", &[("items", &rest.join(", ")), ("last", last)]),
    }
}

/// serde's `Unexpected` kinds with a value after them ("integer `3`", "string \"x\"").
const FOUND_VALUED: [(&str, &str); 5] = [
    ("boolean ", "rules.toml.found.boolean"),
    ("integer ", "rules.toml.found.integer"),
    ("floating point ", "rules.toml.found.float"),
    ("character ", "rules.toml.found.character"),
    ("string ", "rules.toml.found.string"),
];

/// serde's `Unexpected` kinds without a value.
const FOUND_PLAIN: [(&str, &str); 12] = [
    ("byte array", "rules.toml.found.byte_array"),
    ("unit value", "rules.toml.found.unit"),
    ("Option value", "rules.toml.found.option"),
    ("newtype struct", "rules.toml.found.newtype_struct"),
    ("sequence", "rules.toml.found.sequence"),
    ("map", "rules.toml.found.map"),
    ("enum", "rules.toml.found.enum"),
    ("unit variant", "rules.toml.found.unit_variant"),
    ("newtype variant", "rules.toml.found.newtype_variant"),
    ("tuple variant", "rules.toml.found.tuple_variant"),
    ("struct variant", "rules.toml.found.struct_variant"),
    // serde_json says `null` for a unit.
    ("null", "rules.toml.found.null"),
];

/// serde's `Unexpected` (what the file holds): the kind translated, the value kept.
fn found_in(found: &str, lang: &str) -> String {
    for (kind, key) in FOUND_VALUED {
        if let Some(value) = found.strip_prefix(kind).filter(|v| v.starts_with('`') || v.starts_with('"')) {
            return tr(lang, key, &[("value", &value)]);
        }
    }
    phrase(&FOUND_PLAIN, found, lang).unwrap_or_else(|| found.to_string())
}

/// Fixed `expecting` texts of serde, toml and serde_spanned types.
const WANT_EXACT: [(&str, &str); 17] = [
    ("a string", "rules.toml.want.string"),
    ("a borrowed string", "rules.toml.want.string"),
    ("a string key", "rules.toml.want.string"),
    ("a boolean", "rules.toml.want.boolean"),
    ("a sequence", "rules.toml.want.sequence"),
    ("a map", "rules.toml.want.map"),
    ("a character", "rules.toml.want.character"),
    ("unit", "rules.toml.want.unit"),
    ("option", "rules.toml.want.option"),
    ("a byte array", "rules.toml.want.byte_array"),
    ("a borrowed byte array", "rules.toml.want.byte_array"),
    ("any valid TOML value", "rules.toml.want.any_value"),
    ("any value", "rules.toml.want.any_value"),
    ("a spanned value", "rules.toml.want.any_value"),
    ("a TOML datetime", "rules.toml.want.datetime"),
    ("variant identifier", "rules.toml.want.variant_identifier"),
    ("field identifier", "rules.toml.want.field_identifier"),
];

/// serde's `Expected` (a type's `expecting` text) in the language; unknown texts stay.
fn want_in(want: &str, lang: &str) -> String {
    if let Some(text) = phrase(&WANT_EXACT, want, lang) {
        return text;
    }
    if let Some(text) = number_want(want, lang) {
        return text;
    }
    if let Some(text) = named_want(want, lang) {
        return text;
    }
    if let Some(n) = want.strip_prefix("an array of length ").or_else(|| want.strip_prefix("a tuple of size ")) {
        if let Ok(n) = n.parse::<usize>() {
            return tr(lang, "rules.toml.want.array_len", &[("n", &n)]);
        }
    }
    if want.starts_with('`') || want.starts_with("one of `") {
        if let Some(ids) = id_list(want) {
            return join_ids(&ids, lang);
        }
    }
    want.to_string()
}

/// The primitive numbers (`u32`, `i64`, `a nonzero u8`, …).
fn number_want(want: &str, lang: &str) -> Option<String> {
    let (nonzero, ty) = match want.strip_prefix("a nonzero ") {
        Some(ty) => (true, ty),
        None => (false, want),
    };
    let unsigned = matches!(ty, "u8" | "u16" | "u32" | "u64" | "u128" | "usize");
    let signed = matches!(ty, "i8" | "i16" | "i32" | "i64" | "i128" | "isize");
    if nonzero {
        return match (unsigned, signed) {
            (true, _) => Some(tr(lang, "rules.toml.want.positive", &[])),
            (_, true) => Some(tr(lang, "rules.toml.want.nonzero", &[])),
            _ => None,
        };
    }
    Some(match ty {
        "u8" => tr(lang, "rules.toml.want.unsigned_max", &[("max", &u8::MAX)]),
        "u16" => tr(lang, "rules.toml.want.unsigned_max", &[("max", &u16::MAX)]),
        "i8" => tr(lang, "rules.toml.want.integer_range", &[("min", &i8::MIN), ("max", &i8::MAX)]),
        "i16" => tr(lang, "rules.toml.want.integer_range", &[("min", &i16::MIN), ("max", &i16::MAX)]),
        _ if unsigned => tr(lang, "rules.toml.want.unsigned", &[]),
        _ if signed => tr(lang, "rules.toml.want.integer", &[]),
        "f32" | "f64" => tr(lang, "rules.toml.want.number", &[]),
        _ => return None,
    })
}

/// serde_derive's descriptions of our types: "struct Game", "struct Game with 3 elements",
/// "tuple struct X", "unit struct X", "enum X", "internally tagged enum X".
fn named_want(want: &str, lang: &str) -> Option<String> {
    let is_name = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let with_len = |s: &str| -> Option<(String, usize)> {
        let (name, n) = s.split_once(" with ")?;
        let n = n.strip_suffix(" elements")?.parse().ok()?;
        is_name(name).then(|| (name.to_string(), n))
    };
    if let Some(rest) = want.strip_prefix("tuple struct ") {
        if let Some((name, n)) = with_len(rest) {
            return Some(tr(lang, "rules.toml.want.tuple_struct_len", &[("name", &name), ("n", &n)]));
        }
        return is_name(rest).then(|| tr(lang, "rules.toml.want.tuple_struct", &[("name", &rest)]));
    }
    if let Some(rest) = want.strip_prefix("struct ") {
        if let Some((name, n)) = with_len(rest) {
            return Some(tr(lang, "rules.toml.want.struct_len", &[("name", &name), ("n", &n)]));
        }
        return is_name(rest).then(|| tr(lang, "rules.toml.want.struct", &[("name", &rest)]));
    }
    if let Some(name) = want.strip_prefix("unit struct ").filter(|n| is_name(n)) {
        return Some(tr(lang, "rules.toml.want.unit_struct", &[("name", &name)]));
    }
    let name = want
        .strip_prefix("enum ")
        .or_else(|| want.strip_prefix("internally tagged enum "))
        .or_else(|| want.strip_prefix("adjacently tagged enum "))
        .filter(|n| is_name(n))?;
    Some(tr(lang, "rules.toml.want.enum", &[("name", &name)]))
}

// ------------------------------------------------------------------------------------
// The `toml` crate's own messages while it hands values to serde.
// ------------------------------------------------------------------------------------

/// The `toml` crate's fixed messages while it hands values to serde.
const DATA: [(&str, &str); 10] = [
    ("wanted string or table", "rules.toml.data.wanted_string_or_table"),
    ("integer number overflowed", "rules.toml.data.integer_overflowed"),
    ("floating-point number overflowed", "rules.toml.data.float_overflowed"),
    ("u64 value was too large", "rules.toml.data.u64_too_large"),
    ("value is missing", "rules.toml.data.value_missing"),
    ("expected empty array", "rules.toml.data.expected_empty_array"),
    ("expected empty table", "rules.toml.data.expected_empty_table"),
    ("expected table with exactly 1 entry, found empty table", "rules.toml.data.expected_one_entry"),
    ("wanted exactly 1 element, found 0 elements", "rules.toml.data.no_entry"),
    ("wanted exactly 1 element, more than 1 element", "rules.toml.data.more_than_one_entry"),
];

fn toml_data_message(m: &str, lang: &str) -> Option<String> {
    if let Some(text) = phrase(&DATA, m, lang) {
        return Some(text);
    }
    if let Some(ty) = m.strip_prefix("expected table, found ") {
        return Some(tr(lang, "rules.toml.data.expected_table_found", &[("type", &type_in(ty, lang)?)]));
    }
    if let Some(len) = m.strip_prefix("expected tuple with length ").and_then(|n| n.parse::<usize>().ok()) {
        return Some(tr(lang, "rules.toml.data.expected_tuple_len", &[("n", &len)]));
    }
    if let Some(rest) = m.strip_prefix("expected table key `") {
        let (index, key) = rest.strip_suffix('`')?.split_once("`, but was `")?;
        return Some(tr(lang, "rules.toml.data.expected_table_key", &[("index", &index), ("key", &key)]));
    }
    if let Some(rest) = m.strip_prefix("unexpected keys in table: ") {
        let (keys, available) = rest.split_once(", available keys: ")?;
        return Some(tr(lang, "rules.toml.data.unexpected_keys", &[("keys", &keys), ("available", &available)]));
    }
    if let Some(key) = m.strip_prefix("duplicate key: `").and_then(|r| r.strip_suffix('`')) {
        return Some(tr(lang, "rules.toml.data.duplicate_key_named", &[("key", &key)]));
    }
    None
}

/// TOML value types as `toml` names them (`DeValue::type_str`).
const TYPES: [(&str, &str); 8] = [
    ("string", "rules.toml.type.string"),
    ("integer", "rules.toml.type.integer"),
    ("float", "rules.toml.type.float"),
    ("boolean", "rules.toml.type.boolean"),
    ("datetime", "rules.toml.type.datetime"),
    ("array", "rules.toml.type.array"),
    ("table", "rules.toml.type.table"),
    ("inline table", "rules.toml.type.inline_table"),
];

/// A TOML value type in the language.
fn type_in(ty: &str, lang: &str) -> Option<String> {
    phrase(&TYPES, ty, lang)
}

// ------------------------------------------------------------------------------------
// Syntax: `toml_parser`'s "description" or "description, expected a, b", as
// `toml::de::Error` formats it.
// ------------------------------------------------------------------------------------

/// `toml_parser`'s fixed descriptions (and the few `toml` and `toml_datetime` add while
/// parsing), each with its key.
const SYNTAX: [(&str, &str); 70] = [
    ("`_` may only go between digits", "rules.toml.syntax.underscore_between_digits"),
    ("cannot recurse further; max recursion depth met", "rules.toml.syntax.recursion_depth"),
    ("recursion limit", "rules.toml.syntax.recursion_limit"),
    ("carriage return must be followed by newline", "rules.toml.syntax.carriage_return"),
    ("duplicate key", "rules.toml.syntax.duplicate_key"),
    ("extra `=`", "rules.toml.syntax.extra_equals"),
    ("extra assignment between key-value pairs", "rules.toml.syntax.extra_assignment"),
    ("extra comma in array", "rules.toml.syntax.extra_comma_array"),
    ("extra comma in inline table", "rules.toml.syntax.extra_comma_inline_table"),
    ("integers with a radix cannot be signed", "rules.toml.syntax.signed_radix"),
    ("radix must be lowercase", "rules.toml.syntax.radix_lowercase"),
    ("redundant integer number prefix", "rules.toml.syntax.redundant_prefix"),
    ("redundant numeric sign", "rules.toml.syntax.redundant_sign"),
    ("invalid comment character", "rules.toml.syntax.invalid_comment_character"),
    ("invalid inline table element", "rules.toml.syntax.invalid_inline_table_element"),
    ("invalid key-value pair", "rules.toml.syntax.invalid_key_value_pair"),
    ("invalid unquoted key", "rules.toml.syntax.invalid_unquoted_key"),
    ("invalid key", "rules.toml.syntax.invalid_key"),
    ("invalid table", "rules.toml.syntax.invalid_table"),
    ("invalid value", "rules.toml.syntax.invalid_value"),
    ("invalid string", "rules.toml.syntax.invalid_string"),
    ("invalid basic string", "rules.toml.syntax.invalid_basic_string"),
    ("invalid literal string", "rules.toml.syntax.invalid_literal_string"),
    ("invalid multi-line basic string", "rules.toml.syntax.invalid_multiline_basic_string"),
    ("invalid multi-line literal string", "rules.toml.syntax.invalid_multiline_literal_string"),
    ("invalid boolean", "rules.toml.syntax.invalid_boolean"),
    ("invalid float", "rules.toml.syntax.invalid_float"),
    ("invalid exponent", "rules.toml.syntax.invalid_exponent"),
    ("invalid fraction", "rules.toml.syntax.invalid_fraction"),
    ("invalid mantissa", "rules.toml.syntax.invalid_mantissa"),
    ("invalid integer number", "rules.toml.syntax.invalid_integer"),
    ("invalid hexadecimal number", "rules.toml.syntax.invalid_hexadecimal"),
    ("invalid octal number", "rules.toml.syntax.invalid_octal"),
    ("invalid binary number", "rules.toml.syntax.invalid_binary"),
    ("invalid date-time", "rules.toml.syntax.invalid_datetime"),
    ("invalid datetime", "rules.toml.syntax.invalid_datetime"),
    ("invalid date", "rules.toml.syntax.invalid_date"),
    ("invalid time", "rules.toml.syntax.invalid_time"),
    ("invalid offset", "rules.toml.syntax.invalid_offset"),
    ("key with no value", "rules.toml.syntax.key_with_no_value"),
    ("keys cannot be multi-line basic strings", "rules.toml.syntax.key_multiline_basic"),
    ("keys cannot be multi-line literal strings", "rules.toml.syntax.key_multiline_literal"),
    ("unquoted keys cannot be empty", "rules.toml.syntax.empty_unquoted_key"),
    ("missing array opening", "rules.toml.syntax.missing_array_opening"),
    ("missing assignment between key-value pairs", "rules.toml.syntax.missing_assignment"),
    ("missing comma between array elements", "rules.toml.syntax.missing_comma_array"),
    ("missing comma between key-value pairs", "rules.toml.syntax.missing_comma_pairs"),
    ("missing comment start", "rules.toml.syntax.missing_comment_start"),
    ("missing escaped value", "rules.toml.syntax.missing_escaped_value"),
    ("missing inline table opening", "rules.toml.syntax.missing_inline_table_opening"),
    ("missing key for inline table element", "rules.toml.syntax.missing_inline_key"),
    ("missing opening quote", "rules.toml.syntax.missing_opening_quote"),
    ("missing table open", "rules.toml.syntax.missing_table_open"),
    ("missing value for key", "rules.toml.syntax.missing_value_for_key"),
    ("missing value", "rules.toml.syntax.missing_value"),
    ("string values must be quoted", "rules.toml.syntax.unquoted_string"),
    ("too few unicode value digits", "rules.toml.syntax.few_unicode_digits"),
    ("unclosed array table", "rules.toml.syntax.unclosed_array_table"),
    ("unclosed array", "rules.toml.syntax.unclosed_array"),
    ("unclosed inline table", "rules.toml.syntax.unclosed_inline_table"),
    ("unclosed table", "rules.toml.syntax.unclosed_table"),
    ("unexpected `=` in array", "rules.toml.syntax.equals_in_array"),
    ("unexpected content between comment and newline", "rules.toml.syntax.content_after_comment"),
    ("unexpected content", "rules.toml.syntax.unexpected_content"),
    ("unexpected key or value", "rules.toml.syntax.unexpected_key_or_value"),
    ("unexpected leading zero", "rules.toml.syntax.leading_zero"),
    ("unexpected sign", "rules.toml.syntax.unexpected_sign"),
    ("cannot extend value of type array with a dotted key", "rules.toml.syntax.extend_array"),
    ("cannot extend value of type inline table with a dotted key", "rules.toml.syntax.extend_inline_table"),
    ("could not allocate for string", "rules.toml.syntax.out_of_memory"),
];

/// What the parser expected instead: its descriptions (literals in backticks stay).
const EXPECTED: [(&str, &str); 16] = [
    ("key", "rules.toml.expected.key"),
    ("value", "rules.toml.expected.value"),
    ("numbers", "rules.toml.expected.numbers"),
    ("digits", "rules.toml.expected.digits"),
    ("letters", "rules.toml.expected.letters"),
    ("characters", "rules.toml.expected.characters"),
    ("printable characters", "rules.toml.expected.printable_characters"),
    ("non-double-quote visible characters", "rules.toml.expected.visible_not_double_quote"),
    ("non-single-quote characters", "rules.toml.expected.not_single_quote"),
    ("non-single-quote visible characters", "rules.toml.expected.visible_not_single_quote"),
    ("basic string", "rules.toml.expected.basic_string"),
    ("literal string", "rules.toml.expected.literal_string"),
    ("multi-line basic string", "rules.toml.expected.multiline_basic_string"),
    ("unicode hexadecimal value", "rules.toml.expected.unicode_hex"),
    ("newline", "rules.toml.expected.newline"),
    ("nothing", "rules.toml.expected.nothing"),
];

fn syntax_message(m: &str, lang: &str) -> Option<String> {
    let (head, expected) = match m.split_once(", expected ") {
        Some((head, expected)) => (head, Some(expected)),
        None => (m, None),
    };
    let datetime = head.starts_with("invalid date") || head == "invalid time" || head == "invalid offset";
    let head = syntax_head(head, lang)?;
    Some(match expected {
        None => head,
        Some(expected) => {
            let expected = datetime
                .then(|| datetime_expected(expected, lang))
                .flatten()
                .unwrap_or_else(|| expected_list(expected, lang));
            tr(lang, "rules.toml.syntax_expected", &[("message", &head), ("expected", &expected)])
        }
    })
}

fn syntax_head(head: &str, lang: &str) -> Option<String> {
    if let Some(text) = phrase(&SYNTAX, head, lang) {
        return Some(text);
    }
    let ty = head.strip_prefix("cannot extend value of type ")?.strip_suffix(" with a dotted key")?;
    Some(tr(lang, "rules.toml.syntax.extend_dotted", &[("type", &type_in(ty, lang)?)]))
}

/// toml's ", "-separated list of what would have been right: descriptions translated,
/// literals in backticks kept (toml writes a newline literal as `newline`: translated),
/// joined with the language's "or".
fn expected_list(list: &str, lang: &str) -> String {
    let items: Vec<String> =
        list.split(", ").map(|item| phrase(&EXPECTED, item, lang).unwrap_or_else(|| item.to_string())).collect();
    join_or(&items, lang)
}

/// `toml_datetime`'s units.
const DATETIME_UNITS: [(&str, &str); 9] = [
    ("year", "rules.toml.datetime.year"),
    ("month", "rules.toml.datetime.month"),
    ("day", "rules.toml.datetime.day"),
    ("hour", "rules.toml.datetime.hour"),
    ("hours", "rules.toml.datetime.hour"),
    ("minute", "rules.toml.datetime.minute"),
    ("minutes", "rules.toml.datetime.minute"),
    ("second", "rules.toml.datetime.second"),
    ("nanosecond", "rules.toml.datetime.nanosecond"),
];

/// `toml_datetime`'s "expected" phrases after "invalid date|time|offset|datetime".
fn datetime_expected(expected: &str, lang: &str) -> Option<String> {
    let unit = |u: &str| phrase(&DATETIME_UNITS, u, lang);
    match expected {
        "year or hour" => return Some(tr(lang, "rules.toml.datetime.year_or_hour", &[])),
        "`T` between date and time" => return Some(tr(lang, "rules.toml.datetime.t_between", &[])),
        "`-` (YYYY-MM) or `:` (HH:MM)" => return Some(tr(lang, "rules.toml.datetime.dash_or_colon", &[])),
        "nanoseconds overflowed" => return Some(tr(lang, "rules.toml.datetime.nanoseconds_overflowed", &[])),
        _ => {}
    }
    if let Some(u) = unit(expected) {
        return Some(u);
    }
    if let Some((u, range)) = expected.split_once(" between ") {
        let (from, to) = range.split_once(" and ")?;
        return Some(tr(lang, "rules.toml.datetime.between", &[("unit", &unit(u)?), ("from", &from), ("to", &to)]));
    }
    let rest = expected.strip_prefix("a ")?;
    let (count, rest) = rest.split_once("-digit ")?;
    let count = match count {
        "two" => 2,
        "four" => 4,
        _ => return None,
    };
    let (u, pattern) = rest.split_once(' ')?;
    let pattern = pattern.strip_prefix('(')?.strip_suffix(')')?;
    Some(tr(lang, "rules.toml.datetime.digits", &[("unit", &unit(u)?), ("count", &count), ("pattern", &pattern)]))
}

// ------------------------------------------------------------------------------------
// serde_json's syntax messages (`ErrorCode`).
// ------------------------------------------------------------------------------------

/// serde_json's `ErrorCode` texts.
const JSON: [(&str, &str); 23] = [
    ("EOF while parsing a list", "rules.json.eof_list"),
    ("EOF while parsing an object", "rules.json.eof_object"),
    ("EOF while parsing a string", "rules.json.eof_string"),
    ("EOF while parsing a value", "rules.json.eof_value"),
    ("expected `:`", "rules.json.expected_colon"),
    ("expected `,` or `]`", "rules.json.expected_list_comma_or_end"),
    ("expected `,` or `}`", "rules.json.expected_object_comma_or_end"),
    ("expected ident", "rules.json.expected_ident"),
    ("expected value", "rules.json.expected_value"),
    ("expected `\"`", "rules.json.expected_double_quote"),
    ("invalid escape", "rules.json.invalid_escape"),
    ("invalid number", "rules.json.invalid_number"),
    ("number out of range", "rules.json.number_out_of_range"),
    ("invalid unicode code point", "rules.json.invalid_unicode_code_point"),
    ("control character (\\u0000-\\u001F) found while parsing a string", "rules.json.control_character"),
    ("key must be a string", "rules.json.key_must_be_a_string"),
    ("invalid value: expected key to be a number in quotes", "rules.json.expected_numeric_key"),
    ("float key must be finite (got NaN or +/-inf)", "rules.json.float_key_must_be_finite"),
    ("lone leading surrogate in hex escape", "rules.json.lone_leading_surrogate"),
    ("trailing comma", "rules.json.trailing_comma"),
    ("trailing characters", "rules.json.trailing_characters"),
    ("unexpected end of hex escape", "rules.json.unexpected_end_of_hex_escape"),
    ("recursion limit exceeded", "rules.json.recursion_limit_exceeded"),
];

fn json_syntax_message(m: &str, lang: &str) -> Option<String> {
    phrase(&JSON, m, lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{catalog, Message};

    fn de(m: &str) -> String {
        toml_message_in(m, "de")
    }

    fn fr(m: &str) -> String {
        toml_message_in(m, "fr")
    }

    /// Messages of every shape the translator knows, as the libraries write them.
    const SAMPLES: [&str; 24] = [
        "unknown field `codd`, expected one of `game`, `player`, `solo`",
        "unknown field `x`, expected `a`",
        "unknown field `x`, expected `a` or `b`",
        "unknown field `x`, there are no fields",
        "missing field `id`",
        "duplicate field `id`",
        "unknown variant `dice`, expected one of `fleet`, `endgame`, `fischerspiel`",
        "unknown variant `x`, expected `a` or `b`",
        "invalid type: string \"yes\", expected a boolean",
        "invalid type: integer `3`, expected struct Game",
        "invalid value: integer `-1`, expected u32",
        "invalid length 2, expected an array of length 3",
        "data did not match any variant of untagged enum MarksValue",
        "unclosed array, expected `]`",
        "duplicate key",
        "string values must be quoted, expected literal string",
        "unquoted keys cannot be empty, expected letters, numbers, `-`, `_`",
        "extra comma in array, expected value",
        "`_` may only go between digits, expected nothing",
        "cannot extend value of type integer with a dotted key",
        "invalid date, expected month between 01 and 12",
        "expected table, found integer",
        "integer number overflowed",
        "missing comment start, expected newline, `#`",
    ];

    #[test]
    fn english_and_unknown_languages_keep_the_message_byte_for_byte() {
        for m in SAMPLES {
            assert_eq!(toml_message_in(m, "en"), m);
            assert_eq!(toml_message_in(m, "xx"), m);
            assert_ne!(de(m), m, "not translated: {m}");
            assert_ne!(fr(m), m, "not translated: {m}");
        }
    }

    #[test]
    fn unknown_fields_and_variants_rejoin_their_ids_in_the_language() {
        let m = "unknown field `codd`, expected one of `game`, `player`, `solo`";
        assert_eq!(de(m), "unbekanntes Feld `codd`; erwartet: `game`, `player` oder `solo`");
        assert_eq!(fr(m), "champ inconnu `codd` ; attendu : `game`, `player` ou `solo`");
        assert_eq!(de("unknown field `x`, expected `a`"), "unbekanntes Feld `x`; erwartet: `a`");
        assert_eq!(de("unknown field `x`, expected `a` or `b`"), "unbekanntes Feld `x`; erwartet: `a` oder `b`");
        assert_eq!(fr("unknown field `x`, expected `a` or `b`"), "champ inconnu `x` ; attendu : `a` ou `b`");
        assert_eq!(
            de("unknown field `x`, there are no fields"),
            "unbekanntes Feld `x`; hier sind keine Felder erlaubt"
        );
        assert_eq!(fr("unknown field `x`, there are no fields"), "champ inconnu `x` ; aucun champ n'est permis ici");
        assert_eq!(de("unknown field `x`"), "unbekanntes Feld `x`");
        let m = "unknown variant `dice`, expected one of `fleet`, `endgame`, `fischerspiel`";
        assert_eq!(de(m), "unbekannter Wert `dice`; erwartet: `fleet`, `endgame` oder `fischerspiel`");
        assert_eq!(fr(m), "valeur inconnue `dice` ; attendu : `fleet`, `endgame` ou `fischerspiel`");
        assert_eq!(fr("unknown variant `x`, expected `a`"), "valeur inconnue `x` ; attendu : `a`");
        assert_eq!(
            de("unknown variant `x`, there are no variants"),
            "unbekannter Wert `x`; hier ist kein Wert erlaubt"
        );
    }

    #[test]
    fn missing_and_duplicate_fields() {
        assert_eq!(de("missing field `id`"), "das Feld `id` fehlt");
        assert_eq!(fr("missing field `id`"), "le champ `id` manque");
        assert_eq!(de("duplicate field `id`"), "das Feld `id` steht doppelt da");
        assert_eq!(fr("duplicate field `id`"), "le champ `id` figure en double");
    }

    #[test]
    fn invalid_types_and_values_translate_the_kind_and_keep_the_value() {
        let m = "invalid type: string \"yes\", expected a boolean";
        assert_eq!(de(m), "falscher Typ: Text \"yes\"; erwartet: ein Wahrheitswert (`true` oder `false`)");
        assert_eq!(fr(m), "type invalide : texte \"yes\" ; attendu : un booléen (`true` ou `false`)");
        assert_eq!(
            de("invalid type: integer `3`, expected a sequence"),
            "falscher Typ: ganze Zahl `3`; erwartet: eine Liste"
        );
        assert_eq!(
            de("invalid type: boolean `true`, expected a string"),
            "falscher Typ: Wahrheitswert `true`; erwartet: ein Text"
        );
        assert_eq!(
            fr("invalid type: floating point `1.5`, expected i64"),
            "type invalide : nombre à virgule `1.5` ; attendu : un nombre entier"
        );
        assert_eq!(
            de("invalid type: character `c`, expected a map"),
            "falscher Typ: Zeichen `c`; erwartet: eine Tabelle"
        );
        assert_eq!(
            fr("invalid type: sequence, expected struct Game"),
            "type invalide : liste ; attendu : une table (Game)"
        );
        assert_eq!(de("invalid type: map, expected a string"), "falscher Typ: Tabelle; erwartet: ein Text");
        assert_eq!(
            de("invalid type: unit value, expected option"),
            "falscher Typ: leerer Wert; erwartet: ein optionaler Wert"
        );
        // Unsigned numbers say they cannot be negative (and their largest value when it is small).
        assert_eq!(
            de("invalid value: integer `-1`, expected u32"),
            "ungültiger Wert: ganze Zahl `-1`; erwartet: eine nicht negative ganze Zahl"
        );
        assert_eq!(
            fr("invalid value: integer `-1`, expected usize"),
            "valeur invalide : nombre entier `-1` ; attendu : un nombre entier positif ou nul"
        );
        assert_eq!(
            de("invalid value: integer `300`, expected u8"),
            "ungültiger Wert: ganze Zahl `300`; erwartet: eine nicht negative ganze Zahl bis 255"
        );
        assert_eq!(
            de("invalid value: integer `300`, expected i8"),
            "ungültiger Wert: ganze Zahl `300`; erwartet: eine ganze Zahl von -128 bis 127"
        );
        assert_eq!(
            fr("invalid value: integer `0`, expected a nonzero u32"),
            "valeur invalide : nombre entier `0` ; attendu : un nombre entier supérieur à 0"
        );
        assert_eq!(de("invalid type: string \"x\", expected f64"), "falscher Typ: Text \"x\"; erwartet: eine Zahl");
        // A string holding ", expected " does not confuse the split.
        assert_eq!(
            de("invalid type: string \"a, expected b\", expected u64"),
            "falscher Typ: Text \"a, expected b\"; erwartet: eine nicht negative ganze Zahl"
        );
        // Our types' descriptions.
        assert_eq!(
            de("invalid type: integer `3`, expected enum Side"),
            "falscher Typ: ganze Zahl `3`; erwartet: einer der Werte von Side"
        );
        assert_eq!(
            fr("invalid type: integer `3`, expected internally tagged enum Event"),
            "type invalide : nombre entier `3` ; attendu : une des valeurs de Event"
        );
        assert_eq!(
            de("invalid type: integer `3`, expected `start` or `end`"),
            "falscher Typ: ganze Zahl `3`; erwartet: `start` oder `end`"
        );
        assert_eq!(
            de("invalid type: integer `3`, expected variant identifier"),
            "falscher Typ: ganze Zahl `3`; erwartet: einer der erlaubten Werte"
        );
        // A kind or type description the tables do not know stays as it is.
        assert_eq!(de("invalid type: gizmo `1`, expected a gadget"), "falscher Typ: gizmo `1`; erwartet: a gadget");
    }

    #[test]
    fn invalid_lengths_count_in_the_language() {
        assert_eq!(
            de("invalid length 2, expected an array of length 3"),
            "falsche Anzahl von Einträgen (2); erwartet: eine Liste mit 3 Einträgen"
        );
        assert_eq!(
            fr("invalid length 0, expected a tuple of size 1"),
            "nombre d'éléments invalide (0) ; attendu : une liste à 1 élément"
        );
        assert_eq!(
            de("invalid length 1, expected struct Game with 2 elements"),
            "falsche Anzahl von Einträgen (1); erwartet: eine Tabelle (Game) mit 2 Einträgen"
        );
        assert_eq!(
            fr("invalid length 1, expected tuple struct Pair with 2 elements"),
            "nombre d'éléments invalide (1) ; attendu : une liste (Pair) à 2 éléments"
        );
    }

    #[test]
    fn untagged_enums_say_what_they_accept() {
        let marks = "data did not match any variant of untagged enum MarksValue";
        assert_eq!(
            de(marks),
            "erwartet: die Zahl der angekreuzten Kästchen oder ihre Zeichen als Text, etwa \"x x . /\""
        );
        assert!(fr(marks).starts_with("attendu : le nombre de cases cochées"), "{}", fr(marks));
        let text = "data did not match any variant of untagged enum Text";
        assert!(de(text).contains("ein Text oder eine Tabelle mit einem Text je Sprache"), "{}", de(text));
        assert!(fr(text).contains("un texte ou une table avec un texte par langue"), "{}", fr(text));
        let other = "data did not match any variant of untagged enum Other";
        assert_eq!(de(other), "der Wert passt zu keiner der erlaubten Formen (Other)");
    }

    #[test]
    fn syntax_messages_translate_the_head_and_what_was_expected() {
        assert_eq!(de("unclosed array, expected `]`"), "die Liste wird nicht geschlossen; erwartet: `]`");
        assert_eq!(fr("unclosed array, expected `]`"), "la liste n'est pas fermée ; attendu : `]`");
        assert_eq!(de("invalid basic string, expected `\"`"), "ungültiger Text in Anführungszeichen; erwartet: `\"`");
        assert_eq!(fr("duplicate key"), "clé en double");
        assert_eq!(
            de("string values must be quoted, expected literal string"),
            "Texte müssen in Anführungszeichen stehen; erwartet: Text in Apostrophen"
        );
        assert_eq!(fr("extra comma in array, expected value"), "virgule en trop dans la liste ; attendu : valeur");
        assert_eq!(
            de("`_` may only go between digits, expected nothing"),
            "`_` darf nur zwischen zwei Ziffern stehen; erwartet: nichts"
        );
        assert_eq!(
            de("unquoted keys cannot be empty, expected letters, numbers, `-`, `_`"),
            "Schlüssel ohne Anführungszeichen dürfen nicht leer sein; erwartet: Buchstaben, Zahlen, `-` oder `_`"
        );
        assert_eq!(
            fr("missing comment start, expected newline, `#`"),
            "il manque le `#` au début du commentaire ; attendu : saut de ligne ou `#`"
        );
        assert_eq!(de("unclosed table, expected `]`"), "der Tabellenkopf `[…]` wird nicht geschlossen; erwartet: `]`");
        assert_eq!(fr("missing value for key, expected value"), "il manque la valeur de la clé ; attendu : valeur");
        assert_eq!(
            de("cannot extend value of type integer with a dotted key"),
            "ein Wert vom Typ ganze Zahl lässt sich nicht mit einem Schlüssel mit Punkt erweitern"
        );
        assert_eq!(
            fr("invalid date, expected month between 01 and 12"),
            "date invalide ; attendu : mois entre 01 et 12"
        );
        assert_eq!(
            de("invalid time, expected a two-digit hour (HH)"),
            "ungültige Uhrzeit; erwartet: Stunde mit 2 Ziffern (HH)"
        );
        assert_eq!(
            de("invalid offset, expected `Z`, +OFFSET, -OFFSET"),
            "ungültige Zeitzone; erwartet: `Z`, +OFFSET oder -OFFSET"
        );
        // An unknown literal or description in the list stays as it is.
        assert_eq!(
            de("unclosed array, expected `]`, widget"),
            "die Liste wird nicht geschlossen; erwartet: `]` oder widget"
        );
    }

    #[test]
    fn the_toml_crates_own_messages() {
        assert_eq!(de("integer number overflowed"), "die ganze Zahl ist zu groß");
        assert_eq!(fr("expected table, found array"), "attendu : une table, trouvé : liste");
        assert_eq!(de("expected tuple with length 2"), "erwartet: eine Liste mit 2 Einträgen");
        assert_eq!(
            fr("unexpected keys in table: a, b, available keys: c"),
            "clés inattendues dans la table : a, b ; clés possibles : c"
        );
        assert_eq!(de("expected table key `0`, but was `x`"), "erwartet: Tabellenschlüssel `0`, gefunden: `x`");
    }

    #[test]
    fn a_message_the_tables_do_not_know_stays_as_it_is() {
        for m in [
            "",
            "something new happened",
            "unexpected Comment",
            "something new, expected key",
            "unknown field",
            "unknown field `x`, expected garbage",
            "invalid type: string \"x\"",
            "invalid length many, expected u8",
            "cannot extend value of type gizmo with a dotted key",
            "expected table, found gizmo",
        ] {
            assert_eq!(de(m), m);
            assert_eq!(fr(m), m);
        }
    }

    #[test]
    fn no_prefix_of_a_known_message_panics() {
        for m in SAMPLES {
            for (i, _) in m.char_indices() {
                let _ = de(&m[..i]);
                let _ = fr(&m[i..]);
            }
        }
    }

    #[test]
    fn real_toml_errors_are_translated_at_their_own_position() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Sheet {
            game: Option<String>,
            player: Option<String>,
            count: Option<u32>,
            solo: Option<bool>,
            fish: Option<Vec<i64>>,
        }
        for (text, want_de) in [
            ("codd = 1\n", "unbekanntes Feld `codd`; erwartet: `game`, `player`, `count`, `solo` oder `fish`"),
            ("solo = \"yes\"\n", "falscher Typ: Text \"yes\"; erwartet: ein Wahrheitswert (`true` oder `false`)"),
            ("player = \"Ann\n", "ungültiger Text in Anführungszeichen; erwartet: `\"`"),
            ("game = \"a\"\ngame = \"b\"\n", "doppelter Schlüssel"),
            ("fish = [1, 2\n", "die Liste wird nicht geschlossen; erwartet: `]`"),
            ("count = -1\n", "ungültiger Wert: ganze Zahl `-1`; erwartet: eine nicht negative ganze Zahl"),
            ("player = Ann\n", "Texte müssen in Anführungszeichen stehen; erwartet: Text in Apostrophen"),
        ] {
            let err = toml::from_str::<Sheet>(text).unwrap_err();
            let en = crate::rules::Diagnostic::from_toml(&err, "en");
            assert_eq!(en.message, err.message().trim_end());
            let d = crate::rules::Diagnostic::from_toml(&err, "de");
            assert_eq!(d.message, want_de, "{text:?}");
            assert_eq!(d.span, err.span());
            let f = crate::rules::Diagnostic::from_toml(&err, "fr");
            assert_ne!(f.message, en.message, "{text:?}");
            assert_eq!(f.span, err.span());
        }
    }

    #[test]
    fn json_errors_keep_english_and_translate_with_their_position() {
        let syntax = serde_json::from_str::<u32>("x").unwrap_err();
        assert_eq!(json_message_in(&syntax, "en"), syntax.to_string());
        assert_eq!(json_message_in(&syntax, "de"), "erwartet: ein Wert (Zeile 1, Spalte 1)");
        let torn = serde_json::from_str::<Vec<u32>>("[1, 2").unwrap_err();
        assert_eq!(json_message_in(&torn, "fr"), "la ligne s'arrête au milieu d'une liste (ligne 1, colonne 5)");
        let typed = serde_json::from_str::<u32>("\"x\"").unwrap_err();
        assert_eq!(json_message_in(&typed, "en"), "invalid type: string \"x\", expected u32 at line 1 column 3");
        assert_eq!(
            json_message_in(&typed, "de"),
            "falscher Typ: Text \"x\"; erwartet: eine nicht negative ganze Zahl (Zeile 1, Spalte 3)"
        );
        let null = serde_json::from_str::<u32>("null").unwrap_err();
        assert_eq!(
            json_message_in(&null, "fr"),
            "type invalide : null (aucune valeur) ; attendu : un nombre entier positif ou nul (ligne 1, colonne 4)"
        );
    }

    /// Every English phrase a table maps to a key is that key's English catalog text (or,
    /// for keys several phrases share, one of them), so the English catalog shows
    /// translators what the library says. `want.*` texts describe rather than quote.
    #[test]
    fn the_english_catalog_quotes_the_library_phrases() {
        let en = catalog("en");
        let tables: [&[(&str, &str)]; 8] =
            [&SYNTAX, &EXPECTED, &DATA, &JSON, &TYPES, &FOUND_PLAIN, &DATETIME_UNITS, &WANT_EXACT];
        for table in tables {
            for (_, key) in table.iter() {
                let Some(Message::Text(text)) = en.get(key) else { panic!("{key} is not a plain text in English") };
                assert!(
                    table.iter().any(|(phrase, k)| k == key && *phrase == text),
                    "{key}: the English catalog says {text:?}, not a phrase the table maps to it"
                );
            }
        }
        for (phrase, key) in FOUND_VALUED {
            let Some(Message::Text(text)) = en.get(key) else { panic!("{key}") };
            assert_eq!(text, format!("{phrase}{{value}}"));
        }
    }
}
