//! Broken TOML files (Fleet and endgame sheets; Fleet, endgame and Fischerspiel rules) and
//! damaged save lines in English, German and French. A key, type or missing-key mistake is
//! found by deckhand's own reader and said entirely in the language; a TOML syntax error
//! and a damaged save line quote the parser's own text, unchanged, inside a translated
//! frame. The position (`file:line:column`, the quoted line and the caret) is the same in
//! every language.

use std::path::Path;

use deckhand::store::Journal;
use deckhand::text::Lang;

use crate::common::{deckhand, repo};
use crate::i18n_cli::assert_no_english;

/// English words of deckhand's (and the old library) messages that must not be left in
/// German or French.
const ENGLISH: [&str; 22] = [
    "error",
    "unknown",
    "missing",
    "expected",
    "one of",
    " or ",
    "must be",
    "found",
    "whole number",
    "a list",
    "a table",
    "text,",
    "did you mean",
    "at the top",
    "entry",
    "syntax error",
    "says",
    "invalid",
    "string",
    "boolean",
    "integer",
    "field",
];

/// Where a frame's quoted parser text starts, in each language.
const QUOTE_MARKS: [&str; 3] = ["the TOML reader says: ", "der TOML-Leser meldet: ", "le lecteur TOML signale : "];

/// `deckhand ARGS` in `dir` with `--lang LANG`: its standard error (exit code 2, nothing on
/// standard output).
fn fails(dir: &Path, lang: &str, args: &[&str]) -> String {
    let out = deckhand(dir).args(["--lang", lang]).args(args).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{lang} {args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{lang} {args:?}: {}", String::from_utf8_lossy(&out.stdout));
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// Where a report points: the `file:line:column` of each diagnostic and the quoted lines
/// with their carets, the same in every language.
fn positions(report: &str) -> Vec<String> {
    report
        .lines()
        .filter_map(|line| {
            // "  |", "3 | cash = 2", "  | ^^^^": the gutter, the quoted line, the caret.
            let gutter = line.trim_start().trim_start_matches(|c: char| c.is_ascii_digit());
            if gutter.starts_with(" |") || gutter.starts_with('|') {
                return Some(line.to_string());
            }
            // "…: FILE:LINE:COL: message": the first word ending in ".toml:L:C:".
            line.split_whitespace().find(|w| w.contains(".toml:") && w.ends_with(':')).map(String::from)
        })
        .collect()
}

/// A report's own words: without the quoted source lines (a file's text), without ids in
/// backticks (language-neutral), and without a parser's text quoted by a frame.
fn said(line: &str) -> String {
    let quoted = line.trim_start().split_once(" | ").is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()));
    if quoted {
        return String::new();
    }
    let line = QUOTE_MARKS.iter().fold(line, |line, mark| line.split(mark).next().unwrap_or(line));
    line.split('`').step_by(2).collect::<Vec<_>>().join("")
}

/// Run `args FILE` in each language: `FILE:AT: MESSAGE` in each, `helps` (when given) as
/// the help line, no English in German and French, and the same positions in all three.
fn check(dir: &Path, args: &[&str], file: &str, at: &str, messages: [&str; 3], helps: Option<[&str; 3]>) {
    let mut reports = Vec::new();
    for (i, lang) in ["en", "de", "fr"].into_iter().enumerate() {
        let mut full: Vec<&str> = args.to_vec();
        full.push(file);
        let report = fails(dir, lang, &full);
        let line = format!("{file}:{at}: {}\n", messages[i]);
        assert!(report.contains(&line), "{lang}: `{line}` missing from\n{report}");
        if let Some(helps) = helps {
            assert!(report.contains(&format!("{}\n", helps[i])), "{lang}: `{}` missing from\n{report}", helps[i]);
        }
        if lang != "en" {
            assert_no_english(lang, &report, &ENGLISH, said);
        }
        reports.push(report);
    }
    let en = positions(&reports[0]);
    assert!(en.iter().any(|p| p.contains('^')), "no caret in\n{}", reports[0]);
    for report in &reports[1..] {
        assert_eq!(positions(report), en, "positions differ:\n{}\n{report}", reports[0]);
    }
}

/// A TOML syntax error in `text` (written to `file`): the `toml` crate's own message,
/// byte for byte, inside the frame of each language.
fn check_syntax(dir: &Path, args: &[&str], file: &str, text: &str, at: &str) {
    write(dir, file, text);
    let err = toml::from_str::<toml::Table>(text).unwrap_err();
    let quoted = err.message().trim_end();
    let messages = QUOTE_MARKS.map(|mark| {
        let frame = match mark {
            "der TOML-Leser meldet: " => "TOML-Syntaxfehler; ",
            "le lecteur TOML signale : " => "erreur de syntaxe TOML ; ",
            _ => "TOML syntax error; ",
        };
        format!("{frame}{mark}{quoted}")
    });
    check(dir, args, file, at, [&messages[0], &messages[1], &messages[2]], None);
}

fn write(dir: &Path, file: &str, text: &str) {
    std::fs::write(dir.join(file), text).unwrap();
}

/// `line:col` of the first `needle` in `text` (the line of its first character after a
/// leading newline), with a given column.
fn at(text: &str, needle: &str, col: usize) -> String {
    let start = text.find(needle).unwrap_or_else(|| panic!("`{needle}` not in the file"));
    let line = text[..start + 1].matches('\n').count() + 1;
    format!("{line}:{col}")
}

#[test]
fn fleet_sheet_schema_errors_are_said_in_the_language() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let head = "game = \"fleet-dice\"\nplayer = \"Ann\"\n";
    write(d, "a.toml", &format!("{head}codd = 3\n[marks]\ncod = \"x x\"\n"));
    write(d, "b.toml", &format!("{head}solo = \"yes\"\n"));
    write(d, "e.toml", &format!("{head}[marks]\ncod = true\n"));
    write(d, "f.toml", &format!("{head}[fish]\ncod_boat = 4\n"));
    write(d, "g.toml", &format!("{head}trophies = [\"fishmonger\", 3]\n"));
    write(d, "h.toml", "game = \"fleet-dice\"\nplyer = \"Ann\"\n");
    let keys = "`game`, `player`, `solo`, `king_crab_bonus`, `captain`, `trophies`, `marks`, `fish`";
    for cmd in ["check", "score"] {
        check(
            d,
            &[cmd],
            "a.toml",
            "3:1",
            [
                "unknown key `codd` at the top of the file",
                "unbekannter Schlüssel `codd` auf der obersten Ebene der Datei",
                "clé inconnue `codd` au premier niveau du fichier",
            ],
            Some([
                &format!("= help: expected one of: {keys}"),
                &format!("= Hinweis: erlaubt sind: {keys}"),
                &format!("= aide : clés possibles : {keys}"),
            ]),
        );
        check(
            d,
            &[cmd],
            "b.toml",
            "3:8",
            [
                "`solo` must be `true` or `false`, found text",
                "`solo` muss `true` oder `false` sein, gefunden: ein Text",
                "`solo` doit être `true` ou `false`, trouvé : du texte",
            ],
            None,
        );
        check(
            d,
            &[cmd],
            "f.toml",
            "4:12",
            [
                "`cod_boat` in [fish] must be a list, found 4",
                "`cod_boat` in [fish] muss eine Liste sein, gefunden: 4",
                "`cod_boat` dans [fish] doit être une liste, trouvé : 4",
            ],
            None,
        );
        check(
            d,
            &[cmd],
            "g.toml",
            "3:27",
            [
                "entry 2 of `trophies` must be text, found 3",
                "Eintrag 2 von `trophies` muss ein Text sein, gefunden: 3",
                "l'élément 2 de `trophies` doit être du texte, trouvé : 3",
            ],
            None,
        );
        check(
            d,
            &[cmd],
            "h.toml",
            "2:1",
            [
                "unknown key `plyer` at the top of the file",
                "unbekannter Schlüssel `plyer` auf der obersten Ebene der Datei",
                "clé inconnue `plyer` au premier niveau du fichier",
            ],
            Some([
                &format!("= help: did you mean `player`? Expected one of: {keys}"),
                &format!("= Hinweis: meintest du `player`? Erlaubt sind: {keys}"),
                &format!("= aide : vouliez-vous dire `player` ? Clés possibles : {keys}"),
            ]),
        );
    }
    // A section's marks: a count or the marks as text, described in the language.
    check(
        d,
        &["check"],
        "e.toml",
        "4:7",
        [
            "`cod` in [marks] must be the number of marked boxes, or their marks as text such as \"x x . /\", found true",
            "`cod` in [marks] muss die Zahl der angekreuzten Kästchen oder ihre Zeichen als Text, etwa \"x x . /\" sein, \
             gefunden: true",
            "`cod` dans [marks] doit être le nombre de cases cochées ou leurs marques en texte, par exemple \"x x . /\", \
             trouvé : true",
        ],
        None,
    );
}

#[test]
fn fleet_sheet_syntax_errors_quote_the_toml_crate_in_a_translated_frame() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for cmd in ["check", "score"] {
        check_syntax(d, &[cmd], "c.toml", "game = \"fleet-dice\"\nplayer = \"Ann\n[marks]\n", "2:14");
        check_syntax(d, &[cmd], "d.toml", "game = \"fleet-dice\"\nplayer = \"Ann\"\nplayer = \"Bob\"\n", "3:1");
    }
}

#[test]
fn endgame_sheet_errors_in_german_and_french_keep_their_help() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "a.toml", "game = \"nauticus\"\nplayer = \"A\"\ncash = 2\n");
    write(d, "c.toml", "game = \"nauticus\"\nplayer = 7\n");
    write(d, "d.toml", "game = \"nauticus\"\nplayer = \"A\"\ninputs = 3\n");
    for cmd in ["score", "check"] {
        // An unknown key at the top: the help says what a sheet holds.
        check(
            d,
            &[cmd],
            "a.toml",
            "3:1",
            [
                "unknown key `cash` at the top of the file",
                "unbekannter Schlüssel `cash` auf der obersten Ebene der Datei",
                "clé inconnue `cash` au premier niveau du fichier",
            ],
            Some([
                "= help: a sheet has `game`, `player` and an [inputs] table; values go under [inputs]",
                "= Hinweis: ein Bogen hat `game`, `player` und eine Tabelle [inputs]; die Werte gehören unter [inputs]",
                "= aide : une feuille contient `game`, `player` et une table [inputs] ; les valeurs vont sous [inputs]",
            ]),
        );
        check(
            d,
            &[cmd],
            "c.toml",
            "2:10",
            [
                "`player` must be text, found 7",
                "`player` muss ein Text sein, gefunden: 7",
                "`player` doit être du texte, trouvé : 7",
            ],
            None,
        );
        check(
            d,
            &[cmd],
            "d.toml",
            "3:10",
            [
                "`inputs` must be a table, found 3",
                "`inputs` muss eine Tabelle sein, gefunden: 3",
                "`inputs` doit être une table, trouvé : 3",
            ],
            None,
        );
        check_syntax(d, &[cmd], "b.toml", "game = \"nauticus\"\nplayer = \"A\"\n[inputs\n", "3:8");
    }
}

/// A built-in rules file with one edit.
fn edited(file: &str, from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(repo().join("rules").join(file)).unwrap();
    assert!(text.contains(from), "{file} no longer holds {from:?}");
    text.replacen(from, to, 1)
}

#[test]
fn fleet_rules_errors_are_said_in_the_language_at_the_same_place() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let unknown = edited("fleet-dice.toml", "[income]\nbase = 1", "[income]\nbase = 1\nbonus = 2");
    write(d, "r1.toml", &unknown);
    let typed = edited("fleet-dice.toml", "\nrounds = 10\n", "\nrounds = \"10\"\n");
    write(d, "r2.toml", &typed);
    let missing = edited("fleet-dice.toml", "\nrounds = 10\n", "\n");
    write(d, "r3.toml", &missing);
    let rules = ["rules", "check"];
    check(
        d,
        &rules,
        "r1.toml",
        &at(&unknown, "\nbonus = 2", 1),
        [
            "unknown key `bonus` in [income]",
            "unbekannter Schlüssel `bonus` in [income]",
            "clé inconnue `bonus` dans [income]",
        ],
        Some([
            "= help: expected one of: `base`, `cap`",
            "= Hinweis: erlaubt sind: `base`, `cap`",
            "= aide : clés possibles : `base`, `cap`",
        ]),
    );
    check(
        d,
        &rules,
        "r2.toml",
        &at(&typed, "\nrounds = \"10\"", 10),
        [
            "`rounds` in [game] must be a whole number of 0 or more, found text",
            "`rounds` in [game] muss eine ganze Zahl ab 0 sein, gefunden: ein Text",
            "`rounds` dans [game] doit être un nombre entier supérieur ou égal à 0, trouvé : du texte",
        ],
        None,
    );
    // A missing key points at its table's header.
    check(
        d,
        &rules,
        "r3.toml",
        &at(&missing, "\n[game]", 1),
        [
            "missing key `rounds` in [game]",
            "der Schlüssel `rounds` fehlt in [game]",
            "la clé `rounds` manque dans [game]",
        ],
        None,
    );
    // The array is not closed: the parser notices at the next key.
    let unclosed = edited("fleet-dice.toml", "\nrounds = 10\n", "\nrounds = [10\n");
    check_syntax(d, &rules, "r4.toml", &unclosed, &at(&unclosed, "\nfishing_rounds", 1));
}

#[test]
fn endgame_rules_errors_are_said_in_the_language_at_the_same_place() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let players = "\nplayers = { min = 2, max = 4 }\n";
    let unknown = edited("titania.toml", "\nyear = 2010\n", "\nyeer = 2010\n");
    write(d, "r1.toml", &unknown);
    let typed = edited("titania.toml", players, "\nplayers = { min = \"2\", max = 4 }\n");
    write(d, "r2.toml", &typed);
    let missing = edited("titania.toml", players, "\n");
    write(d, "r3.toml", &missing);
    let rules = ["rules", "check"];
    let keys = "`id`, `engine`, `name`, `year`, `bgg_id`, `by`, `players`";
    check(
        d,
        &rules,
        "r1.toml",
        &at(&unknown, "\nyeer", 1),
        ["unknown key `yeer` in [game]", "unbekannter Schlüssel `yeer` in [game]", "clé inconnue `yeer` dans [game]"],
        Some([
            &format!("= help: did you mean `year`? Expected one of: {keys}"),
            &format!("= Hinweis: meintest du `year`? Erlaubt sind: {keys}"),
            &format!("= aide : vouliez-vous dire `year` ? Clés possibles : {keys}"),
        ]),
    );
    check(
        d,
        &rules,
        "r2.toml",
        &at(&typed, "\nplayers = { min", 19),
        [
            "`min` in [game.players] must be a whole number of 0 or more, found text",
            "`min` in [game.players] muss eine ganze Zahl ab 0 sein, gefunden: ein Text",
            "`min` dans [game.players] doit être un nombre entier supérieur ou égal à 0, trouvé : du texte",
        ],
        None,
    );
    check(
        d,
        &rules,
        "r3.toml",
        &at(&missing, "\n[game]", 1),
        [
            "missing key `players` in [game]",
            "der Schlüssel `players` fehlt in [game]",
            "la clé `players` manque dans [game]",
        ],
        None,
    );
    // The Nauticus helpers are part of an endgame rules file.
    let helpers = edited("nauticus.toml", "\nmax_masts = 4\n", "\n");
    write(d, "r4.toml", &helpers);
    check(
        d,
        &rules,
        "r4.toml",
        &at(&helpers, "\n[helpers.nauticus]", 1),
        [
            "missing key `max_masts` in [helpers.nauticus]",
            "der Schlüssel `max_masts` fehlt in [helpers.nauticus]",
            "la clé `max_masts` manque dans [helpers.nauticus]",
        ],
        None,
    );
}

#[test]
fn fischerspiel_rules_errors_are_said_in_the_language_at_the_same_place() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let medium = "boats = 2\nin_box = 6\n";
    let unknown = edited("fischerspiel.toml", medium, "boats = 2\nin_bx = 6\n");
    write(d, "r1.toml", &unknown);
    let typed = edited("fischerspiel.toml", medium, "boats = \"two\"\nin_box = 6\n");
    write(d, "r2.toml", &typed);
    let missing = edited("fischerspiel.toml", "boats = 1\nin_box = 3\n", "boats = 1\n");
    write(d, "r3.toml", &missing);
    let text = edited("fischerspiel.toml", "by = \"Richard Ulrich (Herder)\"", "by = 1987");
    write(d, "r4.toml", &text);
    let rules = ["rules", "check"];
    let keys = "`id`, `name`, `word`, `boats`, `in_box`";
    check(
        d,
        &rules,
        "r1.toml",
        &at(&unknown, "\nin_bx", 1),
        [
            "unknown key `in_bx` in [[fish]]",
            "unbekannter Schlüssel `in_bx` in [[fish]]",
            "clé inconnue `in_bx` dans [[fish]]",
        ],
        Some([
            &format!("= help: did you mean `in_box`? Expected one of: {keys}"),
            &format!("= Hinweis: meintest du `in_box`? Erlaubt sind: {keys}"),
            &format!("= aide : vouliez-vous dire `in_box` ? Clés possibles : {keys}"),
        ]),
    );
    check(
        d,
        &rules,
        "r2.toml",
        &at(&typed, "\nboats = \"two\"", 9),
        [
            "`boats` in [[fish]] must be a whole number of 0 or more, found text",
            "`boats` in [[fish]] muss eine ganze Zahl ab 0 sein, gefunden: ein Text",
            "`boats` dans [[fish]] doit être un nombre entier supérieur ou égal à 0, trouvé : du texte",
        ],
        None,
    );
    // The first [[fish]] lacks `in_box`: its header is shown.
    check(
        d,
        &rules,
        "r3.toml",
        &at(&missing, "\n[[fish]]", 1),
        [
            "missing key `in_box` in [[fish]]",
            "der Schlüssel `in_box` fehlt in [[fish]]",
            "la clé `in_box` manque dans [[fish]]",
        ],
        None,
    );
    // A text players read: a plain text or one per language.
    check(
        d,
        &rules,
        "r4.toml",
        &at(&text, "\nby = 1987", 6),
        [
            "`by` in [game] must be text, or a table with a text per language (`en`, `de`, `fr`), found 1987",
            "`by` in [game] muss ein Text oder eine Tabelle mit einem Text je Sprache (`en`, `de`, `fr`) sein, \
             gefunden: 1987",
            "`by` dans [game] doit être du texte ou une table avec un texte par langue (`en`, `de`, `fr`), \
             trouvé : 1987",
        ],
        None,
    );
}

#[test]
fn a_damaged_save_line_quotes_the_json_reader_in_a_translated_frame() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.jsonl");
    let damaged = |lang: Lang| Journal::read::<String, u32>(&path).err().unwrap().message(lang);
    let at = path.display();
    let syntax = serde_json::from_str::<u32>("xx").unwrap_err().to_string();
    std::fs::write(&path, "\"header\"\n1\nxx\n3\n").unwrap();
    for (lang, frame) in [
        (Lang::En, format!("{at}:3: the save file is damaged: the line is not valid JSON (column 1); the JSON reader says: ")),
        (Lang::De, format!("{at}:3: der Spielstand ist beschädigt: die Zeile ist kein gültiges JSON (Spalte 1); der JSON-Leser meldet: ")),
        (Lang::Fr, format!("{at}:3: le fichier de sauvegarde est endommagé : la ligne n'est pas du JSON valide (colonne 1) ; le lecteur JSON signale : ")),
    ] {
        let report = damaged(lang);
        assert!(report.contains(&format!("{frame}{syntax}\n")), "{lang}: {report}");
    }
    std::fs::write(&path, "\"header\"\n1\n\"x\"\n3\n").unwrap();
    let typed = serde_json::from_str::<u32>("\"x\"").unwrap_err().to_string();
    let fr = damaged(Lang::Fr);
    assert!(
        fr.contains(&format!(
            "{at}:3: le fichier de sauvegarde est endommagé : une valeur de la ligne n'a pas la bonne forme (colonne 3) ; \
             le lecteur JSON signale : {typed}\n"
        )),
        "{fr}"
    );
    std::fs::write(&path, "\"header\"\n\"ab\n3\n").unwrap();
    let de = damaged(Lang::De);
    assert!(de.contains("die Zeile endet mitten in einem Wert (Spalte 3)"), "{de}");
    std::fs::write(&path, "{\"v\": 1}\n1\n").unwrap();
    let de = Journal::read::<Vec<u32>, u32>(&path).err().unwrap().message(Lang::De);
    let typed = serde_json::from_str::<Vec<u32>>("{\"v\": 1}").unwrap_err().to_string();
    assert!(
        de.contains(&format!(
            "(ein Wert in der Zeile hat die falsche Form (Spalte 0); der JSON-Leser meldet: {typed}); ist das ein"
        )),
        "{de}"
    );
}
