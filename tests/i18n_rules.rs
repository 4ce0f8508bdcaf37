//! Rules-file and save-file diagnostics in German and French: the loaders
//! (`rules::from_source`, `rules::fleet::compile`, `Journal::read`) return diagnostics and
//! errors as values, and the text layer (`text::diag`, `Error::message`) says them in a
//! language, keeping `file:line:column` and translating the words around it.

use deckhand::games::RulesError;
use deckhand::games::{self as rules, fleet, Source};
use deckhand::msg;
use deckhand::source::Diagnosed;
use deckhand::store::Journal;
use deckhand::text::diag;
use deckhand::text::Lang;

use crate::common::repo;

const NAME: &str = "broken-fleet.toml";

/// `rules/fleet-dice.toml` with the first box of the cod column broken (`X`) and a market
/// bracket whose coins go down; returns the text and the 1-based lines and columns of the
/// two spots.
fn broken() -> (String, (usize, usize), (usize, usize)) {
    let text = std::fs::read_to_string(repo().join("rules/fleet-dice.toml")).unwrap();
    let cod = text.find("id = \"cod\"").unwrap();
    let column = cod + text[cod..].find("column = \"").unwrap();
    let old_column = ". L B . B ? . L B . ? B";
    assert!(text[column..].starts_with(&format!("column = \"{old_column}\"")), "the cod column changed");
    let mut text = text.clone();
    text.replace_range(column + 10..column + 10 + old_column.len(), "X L B . B ? . L B . ? B");
    let bracket = "{ from = 9, coins = 3 }";
    assert_eq!(text.matches(bracket).count(), 1, "the market brackets changed");
    let text = text.replace(bracket, "{ from = 9, coins = 1 }");
    let brackets = text.find("brackets = [").unwrap();
    let at = |offset: usize| {
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let col = before[before.rfind('\n').map_or(0, |i| i + 1)..].chars().count() + 1;
        (line, col)
    };
    // The spans point at the value: the column string and the brackets array.
    let column_at = at(column + "column = ".len());
    let brackets_at = at(brackets + "brackets = ".len());
    (text, column_at, brackets_at)
}

fn report(lang: Lang) -> String {
    let (text, _, _) = broken();
    match rules::from_source(Source::new(NAME, text)) {
        Err(RulesError::Invalid(Diagnosed { file, diagnostics })) => {
            let report = diag::render_all(&file, &diagnostics, lang);
            assert_eq!(file.name.text(lang), NAME);
            assert!(diagnostics.len() >= 2, "{report}");
            report
        }
        Err(other) => panic!("expected a rules error, got {other}"),
        Ok(_) => panic!("the broken file loaded"),
    }
}

#[test]
fn a_broken_rules_file_is_reported_in_german_with_its_positions() {
    let (_, (cl, cc), (bl, bc)) = broken();
    let report = report(Lang::De);
    assert!(
        report.contains(&format!(
            "Fehler: {NAME}:{cl}:{cc}: Spalte `cod`: `X` ist kein Kästchen; verwende `.`, `L`, `B`, `?`, durch \
             Leerzeichen getrennt"
        )),
        "{report}"
    );
    assert!(
        report.contains(&format!(
            "Fehler: {NAME}:{bl}:{bc}: die Münzen des Markts dürfen nicht sinken, wenn die Fische steigen"
        )),
        "{report}"
    );
    assert!(!report.contains("error:"), "{report}");
}

#[test]
fn a_broken_rules_file_is_reported_in_french_with_its_positions() {
    let (_, (cl, cc), (bl, bc)) = broken();
    let report = report(Lang::Fr);
    assert!(
        report.contains(&format!(
            "erreur : {NAME}:{cl}:{cc}: colonne `cod` : `X` n'est pas une case ; utilisez `.`, `L`, `B`, `?`, \
             séparés par des espaces"
        )),
        "{report}"
    );
    assert!(
        report.contains(&format!(
            "erreur : {NAME}:{bl}:{bc}: les pièces du marché ne doivent pas baisser quand les poissons augmentent"
        )),
        "{report}"
    );
}

#[test]
fn english_stays_as_it_was() {
    let (text, (cl, cc), (bl, bc)) = broken();
    let Err(RulesError::Invalid(Diagnosed { file, diagnostics })) = rules::from_source(Source::new(NAME, text)) else {
        panic!("expected a rules error")
    };
    let report = diag::render_all(&file, &diagnostics, Lang::En);
    assert!(
        report.contains(&format!(
            "error: {NAME}:{cl}:{cc}: column of `cod`: `X` is not a box; use one of `.`, `L`, `B`, `?` separated by \
             spaces"
        )),
        "{report}"
    );
    assert!(
        report.contains(&format!("error: {NAME}:{bl}:{bc}: market coins must not go down as fish go up")),
        "{report}"
    );
}

#[test]
fn compile_gives_diagnostics_the_text_layer_says_in_any_language() {
    let (text, _, _) = broken();
    let source = Source::new(NAME, text);
    let diags = fleet::compile(&source).unwrap_err();
    assert!(diags
        .iter()
        .any(|d| d.message.text(Lang::De) == "die Münzen des Markts dürfen nicht sinken, wenn die Fische steigen"));
    // Text already in words (`cli.error.said`), to see the frame alone.
    let with_help =
        rules::Diagnostic::new(msg!("cli.error.said", text = "x"), None).help(msg!("cli.error.said", text = "y"));
    // A message about the file as a whole points at its start.
    assert_eq!(diag::render(&source, &with_help, Lang::De), format!("Fehler: {NAME}:1:1: x\n  = Hinweis: y\n"));
    assert_eq!(diag::render(&source, &with_help, Lang::Fr), format!("erreur : {NAME}:1:1: x\n  = aide : y\n"));
    assert_eq!(diag::render(&source, &with_help, Lang::En), format!("error: {NAME}:1:1: x\n  = help: y\n"));
}

#[test]
fn loading_messages_in_german_and_french() {
    let err = rules::built_in("monopoly").unwrap_err().message(Lang::De);
    assert!(err.starts_with("unbekanntes Spiel `monopoly`; bekannte Spiele: fleet-dice"), "{err}");
    let err = rules::resolve(None, None).unwrap_err().message(Lang::Fr);
    assert!(err.starts_with("aucun jeu indiqué"), "{err}");
    let path = repo().join("rules/nauticus.toml");
    let err = rules::resolve(Some("fleet-dice"), Some(&path)).unwrap_err().message(Lang::De);
    assert!(err.ends_with("beschreibt das Spiel `nauticus`, nicht `fleet-dice`"), "{err}");
    let err = rules::from_source(Source::new(NAME, "[game]\nid = \"x\"\nengine = \"chess\"\n"))
        .unwrap_err()
        .message(Lang::Fr);
    assert!(err.contains(&format!("erreur : {NAME}:3:10: moteur de jeu inconnu `chess`")), "{err}");
    assert!(err.contains("= aide : deckhand connaît les moteurs"), "{err}");
    assert!(rules::built_in("fleet-dice").is_ok());
}

#[test]
fn a_damaged_save_file_is_reported_in_german() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.jsonl");
    std::fs::write(&path, "\"header\"\n1\nxx\n3\n").unwrap();
    let err = Journal::read::<String, u32>(&path).err().unwrap().message(Lang::De);
    assert!(err.contains(&format!("Fehler: {}:3: der Spielstand ist beschädigt: ", path.display())), "{err}");
    assert!(err.contains("= Hinweis: deckhand rät nicht um Schäden herum"), "{err}");
    let err = Journal::read::<String, u32>(&path).err().unwrap().to_string();
    assert!(err.contains(&format!("error: {}:3: the save file is damaged: ", path.display())), "{err}");

    std::fs::write(&path, "\"header\"\n1\n{\"tor").unwrap();
    let read = Journal::read::<String, u32>(&path).unwrap();
    let notice = read.dropped_tail.unwrap().notice(&path).text(Lang::De);
    assert!(notice.ends_with("die letzte Zeile (5 Byte) wurde durch einen Absturz abgeschnitten und wird verworfen; jede Entscheidung davor bleibt erhalten"), "{notice}");
    let err = Journal::create(&path, &"h".to_string()).err().unwrap().message(Lang::Fr);
    let resume = deckhand::invocation::resume(&path);
    assert!(err.contains(&format!("existe déjà ; reprenez la partie avec `{resume}`")), "{err}");
}

#[test]
fn an_error_message_translates_the_summary_line_and_keeps_english_as_display() {
    let (text, _, _) = broken();
    let err = rules::from_source(Source::new(NAME, text.clone())).unwrap_err();
    assert_eq!(err.message(Lang::En), err.to_string());
    let err = rules::from_source(Source::new(NAME, text)).unwrap_err();
    let shown = err.message(Lang::De);
    assert!(shown.starts_with("Fehler: "), "{shown}");
    assert!(shown.trim_end().ends_with(&format!("Fehler in der Regeldatei {NAME}")), "{shown}");
    let err = rules::built_in("monopoly").unwrap_err();
    assert!(err.message(Lang::Fr).starts_with("jeu inconnu `monopoly`"));
    assert!(err.to_string().starts_with("unknown game `monopoly`"));
    let name = rules::built_in("fleet-dice").unwrap().source.name;
    assert_eq!(name.text(Lang::Fr), "rules/fleet-dice.toml (intégré)");
    assert_eq!(name.text(Lang::En), "rules/fleet-dice.toml (built in)");
}

/// The checks of endgame and Fischerspiel rules files (and Nauticus's helper numbers) in
/// German and French, at the same places as in English.
#[test]
fn endgame_and_fischerspiel_rules_checks_in_german_and_french() {
    let nauticus = std::fs::read_to_string(repo().join("rules/nauticus.toml")).unwrap();
    let broken = nauticus
        .replacen("max = 18\n", "max = 18\nitem_max = 3\n", 1)
        .replacen("every = 3\n", "every = 0\n", 1)
        .replacen("crown_cap_per_round = 15", "crown_cap_per_round = 0", 1);
    let report = |lang: Lang| rules::from_source(Source::new("n.toml", broken.clone())).unwrap_err().message(lang);
    let en = report(Lang::En);
    for want in [
        "`item_max` is for list inputs; `ships_1` is a number",
        "every must be between 1 and 1000000; got 0",
        "crown_cap_per_round must be at least 1",
        "3 errors in rules file n.toml",
    ] {
        assert!(en.contains(want), "{want}: {en}");
    }
    let de = report(Lang::De);
    for want in [
        "Fehler: n.toml:",
        "`item_max` ist für Listeneingaben; `ships_1` ist eine Zahl",
        "= Hinweis: ergänze `list = true`",
        "every muss zwischen 1 und 1000000 liegen; angegeben ist 0",
        "crown_cap_per_round muss mindestens 1 sein",
        "3 Fehler in der Regeldatei n.toml",
    ] {
        assert!(de.contains(want), "{want}: {de}");
    }
    let fr = report(Lang::Fr);
    for want in [
        "`item_max` est pour les entrées liste ; `ships_1` est un nombre",
        "every doit être entre 1 et 1000000 ; valeur donnée : 0",
        "crown_cap_per_round doit valoir au moins 1",
        "3 erreurs dans le fichier de règles n.toml",
    ] {
        assert!(fr.contains(want), "{want}: {fr}");
    }
    // The same lines and columns in every language.
    let places = |text: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.split_once("n.toml:").map(|(_, rest)| rest.split(' ').next().unwrap().to_string()))
            .collect()
    };
    assert_eq!(places(&en), places(&de));
    assert_eq!(places(&en), places(&fr));

    let fischer = std::fs::read_to_string(repo().join("rules/fischerspiel.toml")).unwrap();
    let broken = fischer.replacen("wind = \"die\"", "wind = \"sun\"", 1);
    let err = rules::from_source(Source::new("f.toml", broken.clone())).unwrap_err().message(Lang::De);
    assert!(err.contains("unbekannte Windquelle `sun`"), "{err}");
    assert!(err.contains("= Hinweis: verwende \"die\" (die Windseite des Würfels)"), "{err}");
    let err = rules::from_source(Source::new("f.toml", broken)).unwrap_err().message(Lang::Fr);
    assert!(err.contains("source de vent inconnue `sun`"), "{err}");
}
