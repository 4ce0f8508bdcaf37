use std::collections::BTreeMap;

use serde::Deserialize;

use super::*;
use crate::source::spanned::Spanned;
use crate::text::Lang;

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct File {
    game: Game,
    #[serde(default)]
    boat: Vec<Boat>,
    #[serde(default)]
    marks: BTreeMap<Spanned<String>, Spanned<u32>>,
    #[serde(default)]
    faces: Vec<Spanned<String>>,
    #[serde(default)]
    side: Option<Side>,
    #[serde(default)]
    score: Option<f64>,
    #[serde(default)]
    letter: Option<char>,
    #[serde(default)]
    big: Option<u64>,
    #[serde(default)]
    small: Option<i8>,
    #[serde(default)]
    count: Option<usize>,
    #[serde(default)]
    delta: Option<i64>,
    #[serde(default)]
    loose: Option<toml::Value>,
    #[serde(default, deserialize_with = "even")]
    even: u32,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Game {
    id: Spanned<String>,
    #[serde(default)]
    solo: bool,
    players: Players,
    #[serde(default)]
    rounds: Option<Spanned<u16>>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Players {
    min: u8,
    max: u8,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Boat {
    id: String,
    #[serde(default)]
    fish: Vec<u32>,
    #[serde(default)]
    crew: Option<Players>,
}

#[derive(Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum Side {
    Port,
    Starboard,
}

fn even<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<u32, D::Error> {
    let n = u32::deserialize(d)?;
    if n % 2 == 0 {
        Ok(n)
    } else {
        Err(serde::de::Error::custom(format!("{n} is odd")))
    }
}

const HEAD: &str = "[game]\nid = \"g\"\nplayers = { min = 1, max = 4 }\n";

fn fail(text: &str) -> Error {
    match from_str::<File>(text) {
        Ok(file) => panic!("read: {file:?}\n{text}"),
        Err(e) => e,
    }
}

/// The text an error's span covers.
fn at(text: &str, e: &Error) -> String {
    let span = e.span().unwrap_or_else(|| panic!("no span: {e:?}"));
    text[span].to_string()
}

fn message(e: &Error, lang: Lang) -> String {
    e.diagnostic().message.text(lang)
}

fn help(e: &Error, lang: Lang) -> String {
    e.diagnostic().help.map(|h| h.text(lang)).unwrap_or_default()
}

#[test]
fn a_good_file_reads_with_the_spans_of_keys_and_values() {
    let text = "faces = [\"boat\", 'town']\nside = \"port\"\nscore = 2\nletter = \"x\"\n\
                big = 9007199254740993\nsmall = -128\ncount = 0x1F\nloose = { a = [1, 2.5, \"x\", true] }\n\
                even = 4\n[game]\nid = \"g\"\nplayers = { min = 1, max = 4 }\nrounds = 10\n\
                [[boat]]\nid = \"a\"\nfish = [1, 2]\n[[boat]]\nid = \"b\"\n[marks]\ncod = 3\n\"coin x\" = 4\n";
    let file: File = from_str(text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    assert_eq!(&text[file.game.id.span()], "\"g\"");
    let rounds = file.game.rounds.as_ref().unwrap();
    assert_eq!((*rounds.get_ref(), &text[rounds.span()]), (10, "10"));
    assert_eq!(file.boat.len(), 2);
    assert_eq!(file.boat[0].fish, vec![1, 2]);
    let marks: Vec<(&str, &str, u32)> =
        file.marks.iter().map(|(k, v)| (&text[k.span()], &text[v.span()], *v.get_ref())).collect();
    assert_eq!(marks, vec![("cod", "3", 3), ("\"coin x\"", "4", 4)]);
    assert_eq!(file.marks.get("cod").map(|v| *v.get_ref()), Some(3));
    let faces: Vec<&str> = file.faces.iter().map(|f| &text[f.span()]).collect();
    assert_eq!(faces, vec!["\"boat\"", "'town'"]);
    assert_eq!(file.side, Some(Side::Port));
    assert_eq!(file.score, Some(2.0));
    assert_eq!(file.letter, Some('x'));
    assert_eq!(file.big, Some(9_007_199_254_740_993));
    assert_eq!(file.small, Some(-128));
    assert_eq!(file.count, Some(31));
    let loose = file.loose.unwrap();
    assert_eq!(loose["a"].as_array().map(Vec::len), Some(4));
    assert_eq!(file.even, 4);
}

#[test]
fn an_unknown_key_names_its_table_and_the_keys_allowed_there() {
    let text = format!("{HEAD}crew = true\n");
    let e = fail(&text);
    assert!(matches!(e.kind(), Kind::UnknownKey { key, .. } if key == "crew"), "{e:?}");
    assert_eq!(at(&text, &e), "crew");
    assert_eq!(message(&e, Lang::En), "unknown key `crew` in [game]");
    assert_eq!(help(&e, Lang::En), "expected one of: `id`, `solo`, `players`, `rounds`");

    let e = fail(&format!("{HEAD}plyers = 2\n"));
    assert_eq!(help(&e, Lang::En), "did you mean `players`? Expected one of: `id`, `solo`, `players`, `rounds`");
    assert_eq!(message(&e, Lang::De), "unbekannter Schlüssel `plyers` in [game]");
    assert_eq!(help(&e, Lang::De), "meintest du `players`? Erlaubt sind: `id`, `solo`, `players`, `rounds`");
    assert_eq!(message(&e, Lang::Fr), "clé inconnue `plyers` dans [game]");

    let text = "coin = 1\n[game]\nid = \"g\"\n";
    let e = fail(text);
    assert_eq!(
        (message(&e, Lang::En), at(text, &e)),
        ("unknown key `coin` at the top of the file".into(), "coin".into())
    );
    assert_eq!(message(&e, Lang::De), "unbekannter Schlüssel `coin` auf der obersten Ebene der Datei");

    let text = format!("{HEAD}[[boat]]\nid = \"a\"\n[[boat]]\nid = \"b\"\nfsh = [1]\n");
    let e = fail(&text);
    assert_eq!((message(&e, Lang::En), at(&text, &e)), ("unknown key `fsh` in [[boat]]".into(), "fsh".into()));
    assert_eq!(e.path(), vec![Seg::Key("boat".into()), Seg::Entry(1)]);

    let text = "[game]\nid = \"g\"\nplayers = { min = 1, max = 4, maxx = 5 }\n";
    let e = fail(text);
    assert_eq!((message(&e, Lang::En), at(text, &e)), ("unknown key `maxx` in [game.players]".into(), "maxx".into()));
    assert_eq!(help(&e, Lang::En), "did you mean `max`? Expected one of: `min`, `max`");

    // A table inside an entry of an array of tables.
    let text = format!("{HEAD}[[boat]]\nid = \"a\"\ncrew = {{ min = 1, mux = 2 }}\n");
    let e = fail(&text);
    assert_eq!(
        (message(&e, Lang::En), at(&text, &e)),
        ("unknown key `mux` in `crew` in [[boat]]".into(), "mux".into())
    );
    assert_eq!(help(&e, Lang::En), "did you mean `max`? Expected one of: `min`, `max`");
    assert_eq!(message(&e, Lang::Fr), "clé inconnue `mux` dans `crew` dans [[boat]]");
    assert_eq!(e.path(), vec![Seg::Key("boat".into()), Seg::Entry(0), Seg::Key("crew".into())]);
}

#[test]
fn a_missing_key_points_at_its_table() {
    let text = "[game]\nid = \"g\"\n";
    let e = fail(text);
    assert_eq!(e.kind(), &Kind::MissingKey { key: "players" });
    assert_eq!(message(&e, Lang::En), "missing key `players` in [game]");
    assert_eq!(message(&e, Lang::De), "der Schlüssel `players` fehlt in [game]");
    assert_eq!(message(&e, Lang::Fr), "la clé `players` manque dans [game]");
    assert!(at(text, &e).contains("[game]"), "{:?}", at(text, &e));

    let e = fail("");
    assert_eq!(message(&e, Lang::En), "missing key `game` at the top of the file");

    let text = "[game]\nid = \"g\"\nplayers = { max = 4 }\n";
    let e = fail(text);
    assert_eq!(
        (message(&e, Lang::En), at(text, &e)),
        ("missing key `min` in [game.players]".into(), "{ max = 4 }".into())
    );

    let text = format!("{HEAD}[[boat]]\nfish = [1]\n");
    let e = fail(&text);
    assert_eq!(message(&e, Lang::En), "missing key `id` in [[boat]]");
}

#[test]
fn whole_numbers_are_checked_against_the_range_of_their_type() {
    for (value, want) in [
        ("300", "a whole number from 0 to 255, found 300"),
        ("-1", "a whole number from 0 to 255, found -1"),
        ("\"4\"", "a whole number from 0 to 255, found text"),
        ("4.0", "a whole number from 0 to 255, found the decimal number 4.0"),
        ("true", "a whole number from 0 to 255, found true"),
        ("[4]", "a whole number from 0 to 255, found a list"),
        ("{ n = 4 }", "a whole number from 0 to 255, found a table"),
        ("1979-05-27", "a whole number from 0 to 255, found a date or time"),
    ] {
        let text = format!("[game]\nid = \"g\"\nplayers = {{ min = 1, max = {value} }}\n");
        let e = fail(&text);
        assert!(matches!(e.kind(), Kind::WrongType { want: Want::Whole { min: 0, max: 255 }, .. }), "{e:?}");
        assert_eq!(at(&text, &e), value);
        assert_eq!(message(&e, Lang::En), format!("`max` in [game.players] must be {want}"));
    }
    let e = fail(&format!("{HEAD}rounds = 70000\n"));
    assert_eq!(message(&e, Lang::En), "`rounds` in [game] must be a whole number from 0 to 65535, found 70000");
    assert_eq!(message(&e, Lang::De), "`rounds` in [game] muss eine ganze Zahl von 0 bis 65535 sein, gefunden: 70000");
    assert_eq!(message(&e, Lang::Fr), "`rounds` dans [game] doit être un nombre entier de 0 à 65535, trouvé : 70000");
    let e = fail(&format!("small = 128\n{HEAD}"));
    assert_eq!(message(&e, Lang::En), "`small` must be a whole number from -128 to 127, found 128");
    let e = fail(&format!("big = -1\n{HEAD}"));
    assert_eq!(message(&e, Lang::En), "`big` must be a whole number from 0 to 18446744073709551615, found -1");
    let e = fail(&format!("count = \"many\"\n{HEAD}"));
    assert_eq!(message(&e, Lang::En), "`count` must be a whole number of 0 or more, found text");
    let e = fail(&format!("count = 0xff_ff_ff_ff_ff_ff_ff_ff_ff\n{HEAD}"));
    assert!(message(&e, Lang::En).ends_with("found 0xffffffffffffffffff"), "{}", message(&e, Lang::En));
    let e = fail(&format!("delta = \"-\"\n{HEAD}"));
    assert_eq!(message(&e, Lang::En), "`delta` must be a whole number, found text");
    let e = fail(&format!("{HEAD}[[boat]]\nid = \"a\"\nfish = [\"x\"]\n"));
    assert_eq!(message(&e, Lang::En), "entry 1 of `fish` in [[boat]] must be a whole number of 0 or more, found text");
    let e = fail(&format!("{HEAD}[[boat]]\nid = \"a\"\ncrew = {{ min = \"1\", max = 2 }}\n"));
    assert_eq!(message(&e, Lang::En), "`min` in `crew` in [[boat]] must be a whole number from 0 to 255, found text");
    let e = fail(&format!("{HEAD}[[boat]]\nid = \"a\"\nfish = [1, -2]\n"));
    assert_eq!(
        message(&e, Lang::En),
        "entry 2 of `fish` in [[boat]] must be a whole number from 0 to 4294967295, found -2"
    );
    assert_eq!(
        message(&e, Lang::De),
        "Eintrag 2 von `fish` in [[boat]] muss eine ganze Zahl von 0 bis 4294967295 sein, gefunden: -2"
    );
}

#[test]
fn every_other_type_says_what_it_wanted_and_what_it_found() {
    for (game, value, en) in [
        ("id = 3", "3", "`id` in [game] must be text, found 3"),
        ("id = \"g\"\nsolo = \"yes\"", "\"yes\"", "`solo` in [game] must be `true` or `false`, found text"),
        ("id = \"g\"\nplayers = 4", "4", "`players` in [game] must be a table, found 4"),
    ] {
        let text = format!("[game]\n{game}\n");
        let e = fail(&text);
        assert_eq!((message(&e, Lang::En), at(&text, &e)), (en.to_string(), value.to_string()), "{text}");
    }
    for (line, value, en) in [
        ("boat = 3", "3", "`boat` must be a list, found 3"),
        ("faces = \"boat\"", "\"boat\"", "`faces` must be a list, found text"),
        ("faces = [1]", "1", "entry 1 of `faces` must be text, found 1"),
        ("marks = [1]", "[1]", "`marks` must be a table, found a list"),
        ("score = \"high\"", "\"high\"", "`score` must be a number, found text"),
        ("letter = \"xy\"", "\"xy\"", "`letter` must be a single character, found text"),
        (
            "loose = 2024-01-01T00:00:00Z",
            "2024-01-01T00:00:00Z",
            "`loose` must be text, a number, `true`/`false`, a list or a table, found a date or time",
        ),
    ] {
        let text = format!("{line}\n{HEAD}");
        let e = fail(&text);
        assert_eq!((message(&e, Lang::En), at(&text, &e)), (en.to_string(), value.to_string()), "{text}");
    }
}

#[test]
fn enums_are_words_with_a_suggestion_for_a_typo() {
    let text = format!("side = \"starbord\"\n{HEAD}");
    let e = fail(&text);
    assert_eq!(e.kind(), &Kind::UnknownWord { word: "starbord".into(), expected: &["port", "starboard"] });
    assert_eq!(at(&text, &e), "\"starbord\"");
    assert_eq!(message(&e, Lang::En), "unknown value `starbord` for `side`");
    assert_eq!(help(&e, Lang::En), "did you mean `starboard`? Expected one of: `port`, `starboard`");
    assert_eq!(message(&e, Lang::De), "unbekannter Wert `starbord` für `side`");
    assert_eq!(help(&e, Lang::Fr), "vouliez-vous dire `starboard` ? Valeurs possibles : `port`, `starboard`");
    let e = fail(&format!("side = \"up\"\n{HEAD}"));
    assert_eq!(help(&e, Lang::En), "expected one of: `port`, `starboard`");
    let e = fail(&format!("side = 1\n{HEAD}"));
    assert_eq!(message(&e, Lang::En), "`side` must be one of `port`, `starboard`, found 1");
}

#[test]
fn a_refusal_of_our_own_code_keeps_its_text_at_the_value() {
    let text = format!("even = 3\n{HEAD}");
    let e = fail(&text);
    assert_eq!(e.kind(), &Kind::Refused { message: "3 is odd".into() });
    assert_eq!(at(&text, &e), "3");
    assert_eq!(message(&e, Lang::En), "`even` is not accepted; the reader says: 3 is odd");
    assert_eq!(message(&e, Lang::De), "`even` wird nicht angenommen; der Leser meldet: 3 is odd");
}

#[test]
fn a_syntax_error_is_the_toml_crates_quoted_in_our_frame() {
    let text = "[game]\nid = \"g\n";
    let e = fail(text);
    let toml_err = toml::from_str::<toml::Table>(text).unwrap_err();
    assert_eq!(e.kind(), &Kind::Syntax { message: toml_err.message().trim_end().to_string() });
    assert_eq!(e.span(), toml_err.span());
    let crate_text = toml_err.message().trim_end();
    assert_eq!(message(&e, Lang::En), format!("TOML syntax error; the TOML reader says: {crate_text}"));
    assert_eq!(message(&e, Lang::De), format!("TOML-Syntaxfehler; der TOML-Leser meldet: {crate_text}"));
    assert_eq!(message(&e, Lang::Fr), format!("erreur de syntaxe TOML ; le lecteur TOML signale : {crate_text}"));
    assert_eq!(check_syntax(text).unwrap_err(), e);
    assert!(check_syntax(HEAD).is_ok());
}

#[test]
fn a_foreign_description_of_a_length_is_quoted() {
    #[derive(Debug, Deserialize)]
    struct Pair {
        #[allow(dead_code)]
        pair: (u8, u8),
    }
    let text = "pair = [1]\n";
    let e = from_str::<Pair>(text).unwrap_err();
    assert!(matches!(e.kind(), Kind::Length { len: 1, want: Want::Described(_) }), "{e:?}");
    assert_eq!(at(text, &e), "[1]");
    assert!(
        message(&e, Lang::En).starts_with("`pair` has 1 entry; it must be what the reader describes as “"),
        "{}",
        message(&e, Lang::En)
    );
}

/// The same mistakes read by the `toml` crate's own deserializer (into a shape without our
/// `Spanned`): the spans agree, so every position deckhand showed before stays.
#[test]
fn spans_agree_with_the_toml_crates_own_deserializer() {
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Plain {
        game: PlainGame,
        #[serde(default)]
        boat: Vec<Boat>,
        #[serde(default)]
        marks: BTreeMap<String, u32>,
        #[serde(default)]
        side: Option<Side>,
        #[serde(default)]
        faces: Vec<String>,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct PlainGame {
        id: String,
        #[serde(default)]
        solo: bool,
        players: Players,
    }
    let cases = [
        "[game]\nid = \"g\"\nplayers = { min = 1, max = 4 }\nsolo = 1\n",
        "[game]\nid = \"g\"\nplayers = { min = 1, max = 4 }\nsoul = true\n",
        "[game]\nid = \"g\"\n",
        "[game]\nid = \"g\"\n\n[game.players]\nmin = 1\n",
        "[game]\nid = \"g\"\nplayers = { min = 1, max = 400 }\n",
        "[game]\nid = \"g\"\nplayers = { max = 4 }\n",
        "top = 1\n[game]\nid = \"g\"\nplayers = { min = 1, max = 4 }\n",
        "boat = 1\n",
        "[[boat]]\nid = \"a\"\nfish = [1, \"two\"]\n[game]\nid = \"g\"\nplayers = { min = 1, max = 4 }\n",
        "[[boat]]\nfish = []\n",
        "[marks]\ncod = \"x\"\n",
        "side = \"up\"\n[game]\nid = \"g\"\nplayers = { min = 1, max = 4 }\n",
        "faces = [\"a\", 2]\n",
        "[game]\nid = [\"g\"]\n",
        "\n\n",
        "[game]\nid = \"g\"\nplayers = { min = 1, max = 4 }\nid = \"h\"\n",
        "[game\n",
    ];
    for text in cases {
        let ours = from_str::<Plain>(text).unwrap_err();
        let theirs = toml::from_str::<Plain>(text).unwrap_err();
        assert_eq!(ours.span(), theirs.span(), "{text}\nours: {ours:?}\ntoml: {theirs}");
    }
}

#[test]
fn messages_in_german_and_french_say_nothing_in_english() {
    let english = [
        "unknown",
        "missing",
        "expected",
        "must be",
        "found",
        "whole number",
        "a table",
        "a list",
        "entry",
        "top of",
        "one of",
        "decimal",
        "date or",
    ];
    let texts = [
        format!("{HEAD}plyers = 2\n"),
        "[game]\nid = \"g\"\n".to_string(),
        format!("{HEAD}rounds = \"x\"\n"),
        format!("faces = [1]\n{HEAD}"),
        format!("side = \"up\"\n{HEAD}"),
        format!("{HEAD}[[boat]]\nid = 1\n"),
        format!("score = [1]\n{HEAD}"),
        format!("loose = 1979-05-27\n{HEAD}"),
        format!("marks = 1\n{HEAD}"),
    ];
    for text in &texts {
        let e = fail(text);
        for lang in [Lang::De, Lang::Fr] {
            let said = format!("{} {}", message(&e, lang), help(&e, lang));
            for word in english {
                assert!(!said.contains(word), "{lang}: `{word}` in {said}");
            }
        }
    }
}

#[test]
fn keys_of_a_map_can_be_numbers_or_words() {
    let read: BTreeMap<u8, BTreeMap<Side, bool>> = from_str("[3]\nport = true\n").unwrap();
    assert!(read[&3][&Side::Port]);
    let text = "[300]\nport = true\n";
    let e = from_str::<BTreeMap<u8, BTreeMap<Side, bool>>>(text).unwrap_err();
    assert!(matches!(e.kind(), Kind::WrongType { want: Want::Whole { min: 0, max: 255 }, .. }), "{e:?}");
    assert_eq!(at(text, &e), "300");
    let text = "[3]\nleft = true\n";
    let e = from_str::<BTreeMap<u8, BTreeMap<Side, bool>>>(text).unwrap_err();
    assert_eq!(
        (e.kind(), at(text, &e).as_str()),
        (&Kind::UnknownWord { word: "left".into(), expected: &["port", "starboard"] }, "left")
    );
}

#[test]
fn text_from_the_file_cannot_reach_the_terminal_raw() {
    let text = "\"\\u001b[31mred\" = 1\n";
    let e = fail(text);
    assert_eq!(message(&e, Lang::En), "unknown key `\\u{1b}[31mred` at the top of the file");
    let long = format!("{}x = 1\n", "gam".repeat(100));
    assert_eq!(help(&fail(&long), Lang::En), format!("expected one of: {}", "`game`, `boat`, `marks`, `faces`, `side`, `score`, `letter`, `big`, `small`, `count`, `delta`, `loose`, `even`"));
}

#[test]
fn no_prefix_of_a_file_panics() {
    let text = format!(
        "{HEAD}[[boat]]\nid = \"a\"\nfish = [1, 2]\n[marks]\ncod = 3\nloose = {{ a = [1, 2.5, \"x\"] }}\nside = \"port\"\n"
    );
    for (i, _) in text.char_indices() {
        let _ = from_str::<File>(&text[..i]).map_err(|e| e.diagnostic().message.text(Lang::De));
        let _ = from_str::<toml::Value>(&text[i..]);
    }
}
