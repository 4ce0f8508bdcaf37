//! Syntax and type errors in TOML files (Fleet sheets, endgame sheets, rules files) and
//! damaged save lines in German and French: the `toml` crate's, serde's and serde_json's
//! English messages are translated, English stays exactly the library's text, and the
//! position (`file:line:column`, the quoted line and the caret) is the same in every
//! language.

use std::path::Path;

use deckhand::log::Journal;

use crate::common::{deckhand, repo};
use crate::i18n_cli::assert_no_english;

/// English words of the libraries' messages that must not be left in German or French.
const ENGLISH: [&str; 16] = [
    "error",
    "unknown field",
    "expected",
    "one of",
    " or ",
    "invalid type",
    "invalid value",
    "invalid basic",
    "type:",
    "string",
    "boolean",
    "integer",
    "sequence",
    "unclosed",
    "duplicate",
    "data did not match",
];

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

/// A report's own words: the quoted source lines (a file's text) left out.
fn said(line: &str) -> String {
    let quoted = line.trim_start().split_once(" | ").is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()));
    if quoted {
        String::new()
    } else {
        line.to_string()
    }
}

/// For each file: the English message (the toml crate's, byte for byte) and the German and
/// French ones, each after `file:line:column: `.
fn check_translated(dir: &Path, args: &[&str], file: &str, at: &str, messages: [&str; 3]) {
    let mut reports = Vec::new();
    for (lang, message) in ["en", "de", "fr"].into_iter().zip(messages) {
        let mut full: Vec<&str> = args.to_vec();
        full.push(file);
        let report = fails(dir, lang, &full);
        let line = format!("{file}:{at}: {message}\n");
        assert!(report.contains(&line), "{lang}: `{line}` missing from\n{report}");
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

fn write(dir: &Path, file: &str, text: &str) {
    std::fs::write(dir.join(file), text).unwrap();
}

#[test]
fn broken_fleet_sheets_are_explained_in_german_and_french_at_the_same_place() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let head = "game = \"fleet-dice\"\nplayer = \"Ann\"\n";
    write(d, "a.toml", &format!("{head}codd = 3\n[marks]\ncod = \"x x\"\n"));
    write(d, "b.toml", &format!("{head}solo = \"yes\"\n"));
    write(d, "c.toml", "game = \"fleet-dice\"\nplayer = \"Ann\n[marks]\n");
    write(d, "d.toml", &format!("{head}player = \"Bob\"\n"));
    write(d, "e.toml", &format!("{head}[marks]\ncod = true\n"));
    write(d, "f.toml", &format!("{head}[fish]\ncod_boat = 4\n"));
    let fields = ["`game`", "`player`", "`solo`", "`king_crab_bonus`", "`captain`", "`trophies`", "`marks`"];
    let fields = fields.join(", ");
    for cmd in ["check", "score"] {
        check_translated(
            d,
            &[cmd],
            "a.toml",
            "3:1",
            [
                &format!("unknown field `codd`, expected one of {fields}, `fish`"),
                &format!("unbekanntes Feld `codd`; erwartet: {fields} oder `fish`"),
                &format!("champ inconnu `codd` ; attendu : {fields} ou `fish`"),
            ],
        );
        check_translated(
            d,
            &[cmd],
            "b.toml",
            "3:8",
            [
                "invalid type: string \"yes\", expected a boolean",
                "falscher Typ: Text \"yes\"; erwartet: ein Wahrheitswert (`true` oder `false`)",
                "type invalide : texte \"yes\" ; attendu : un booléen (`true` ou `false`)",
            ],
        );
        check_translated(
            d,
            &[cmd],
            "c.toml",
            "2:14",
            [
                "invalid basic string, expected `\"`",
                "ungültiger Text in Anführungszeichen; erwartet: `\"`",
                "texte entre guillemets invalide ; attendu : `\"`",
            ],
        );
        check_translated(d, &[cmd], "d.toml", "3:1", ["duplicate key", "doppelter Schlüssel", "clé en double"]);
    }
    check_translated(
        d,
        &["check"],
        "e.toml",
        "4:7",
        [
            "data did not match any variant of untagged enum MarksValue",
            "erwartet: die Zahl der angekreuzten Kästchen oder ihre Zeichen als Text, etwa \"x x . /\"",
            "attendu : le nombre de cases cochées ou leurs marques en texte, par exemple \"x x . /\"",
        ],
    );
    check_translated(
        d,
        &["score"],
        "f.toml",
        "4:12",
        [
            "invalid type: integer `4`, expected a sequence",
            "falscher Typ: ganze Zahl `4`; erwartet: eine Liste",
            "type invalide : nombre entier `4` ; attendu : une liste",
        ],
    );
}

#[test]
fn a_broken_endgame_sheet_in_german_and_french_keeps_its_help() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "a.toml", "game = \"nauticus\"\nplayer = \"A\"\ncash = 2\n");
    write(d, "b.toml", "game = \"nauticus\"\nplayer = \"A\"\n[inputs\n");
    for cmd in ["score", "check"] {
        check_translated(
            d,
            &[cmd],
            "a.toml",
            "3:1",
            [
                "unknown field `cash`, expected one of `game`, `player`, `inputs`",
                "unbekanntes Feld `cash`; erwartet: `game`, `player` oder `inputs`",
                "champ inconnu `cash` ; attendu : `game`, `player` ou `inputs`",
            ],
        );
        check_translated(
            d,
            &[cmd],
            "b.toml",
            "3:8",
            [
                "unclosed table, expected `]`",
                "der Tabellenkopf `[…]` wird nicht geschlossen; erwartet: `]`",
                "l'en-tête de table `[…]` n'est pas fermé ; attendu : `]`",
            ],
        );
    }
    // The help for an unknown field is chosen on the toml crate's English message, so it
    // still comes in every language.
    for (lang, help) in [
        ("en", "= help: a sheet has `game`, `player` and an [inputs] table"),
        ("de", "= Hinweis: ein Bogen hat `game`, `player` und eine Tabelle [inputs]"),
        ("fr", "= aide : une feuille contient `game`, `player` et une table [inputs]"),
    ] {
        let report = fails(d, lang, &["check", "a.toml"]);
        assert!(report.contains(help), "{lang}: {report}");
    }
}

#[test]
fn a_broken_rules_file_is_checked_in_french_at_the_same_place() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let titania = std::fs::read_to_string(repo().join("rules/titania.toml")).unwrap();
    let year = "\nyear = 2010\n";
    let players = "\nplayers = { min = 2, max = 4 }\n";
    assert!(titania.contains(year) && titania.contains(players), "titania.toml's [game] changed");
    let at = |text: &str, needle: &str, col: usize| {
        let line = text[..text.find(needle).unwrap() + 1].matches('\n').count() + 1;
        format!("{line}:{col}")
    };
    let unknown = titania.replacen(year, "\nyeer = 2010\n", 1);
    write(d, "r1.toml", &unknown);
    let typed = titania.replacen(players, "\nplayers = { min = \"2\", max = 4 }\n", 1);
    write(d, "r2.toml", &typed);
    let fleet = std::fs::read_to_string(repo().join("rules/fleet-dice.toml")).unwrap();
    let rounds = "\nrounds = 10\n";
    assert!(fleet.contains(rounds), "fleet-dice.toml's rounds changed");
    let unclosed = fleet.replacen(rounds, "\nrounds = [10\n", 1);
    write(d, "r3.toml", &unclosed);
    let fields = "`id`, `engine`, `name`, `year`, `by`";
    check_translated(
        d,
        &["rules", "check"],
        "r1.toml",
        &at(&unknown, "\nyeer", 1),
        [
            &format!("unknown field `yeer`, expected one of {fields}, `players`"),
            &format!("unbekanntes Feld `yeer`; erwartet: {fields} oder `players`"),
            &format!("champ inconnu `yeer` ; attendu : {fields} ou `players`"),
        ],
    );
    check_translated(
        d,
        &["rules", "check"],
        "r2.toml",
        &at(&typed, "\nplayers = { min", 19),
        [
            "invalid type: string \"2\", expected u32",
            "falscher Typ: Text \"2\"; erwartet: eine nicht negative ganze Zahl",
            "type invalide : texte \"2\" ; attendu : un nombre entier positif ou nul",
        ],
    );
    // The array is not closed: the parser notices at the next key.
    check_translated(
        d,
        &["rules", "check"],
        "r3.toml",
        &at(&unclosed, "\nfishing_rounds", 1),
        [
            "missing comma between array elements, expected `,`",
            "fehlendes Komma zwischen Listeneinträgen; erwartet: `,`",
            "virgule manquante entre les éléments de la liste ; attendu : `,`",
        ],
    );
}

#[test]
fn a_damaged_save_line_quotes_the_json_reader_in_a_translated_frame() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.jsonl");
    let damaged = |lang: &str| Journal::read_in::<String, u32>(&path, lang).err().unwrap().to_string();
    let at = path.display();
    let syntax = serde_json::from_str::<u32>("xx").unwrap_err().to_string();
    std::fs::write(&path, "\"header\"\n1\nxx\n3\n").unwrap();
    for (lang, frame) in [
        ("en", format!("{at}:3: the save file is damaged: the line is not valid JSON (column 1); the JSON reader says: ")),
        ("de", format!("{at}:3: der Spielstand ist beschädigt: die Zeile ist kein gültiges JSON (Spalte 1); der JSON-Leser meldet: ")),
        ("fr", format!("{at}:3: le fichier de sauvegarde est endommagé : la ligne n'est pas du JSON valide (colonne 1) ; le lecteur JSON signale : ")),
    ] {
        let report = damaged(lang);
        assert!(report.contains(&format!("{frame}{syntax}\n")), "{lang}: {report}");
    }
    std::fs::write(&path, "\"header\"\n1\n\"x\"\n3\n").unwrap();
    let typed = serde_json::from_str::<u32>("\"x\"").unwrap_err().to_string();
    let fr = damaged("fr");
    assert!(
        fr.contains(&format!(
            "{at}:3: le fichier de sauvegarde est endommagé : une valeur de la ligne n'a pas la bonne forme (colonne 3) ; \
             le lecteur JSON signale : {typed}\n"
        )),
        "{fr}"
    );
    std::fs::write(&path, "\"header\"\n\"ab\n3\n").unwrap();
    let de = damaged("de");
    assert!(de.contains("die Zeile endet mitten in einem Wert (Spalte 3)"), "{de}");
    std::fs::write(&path, "{\"v\": 1}\n1\n").unwrap();
    let de = Journal::read_in::<Vec<u32>, u32>(&path, "de").err().unwrap().to_string();
    let typed = serde_json::from_str::<Vec<u32>>("{\"v\": 1}").unwrap_err().to_string();
    assert!(
        de.contains(&format!(
            "(ein Wert in der Zeile hat die falsche Form (Spalte 0); der JSON-Leser meldet: {typed}); ist das ein"
        )),
        "{de}"
    );
}
