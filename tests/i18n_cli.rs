//! The command layer in German and French: insta snapshots of the final table and of a
//! whole scripted game, and `--help`.

use crate::common::{deckhand, repo};
use crate::test::Test;

/// `actual` against its insta snapshot `tests/snapshots/deckhand__i18n_cli__NAME.snap`
/// (`cargo insta review`, or `INSTA_UPDATE=always cargo test`, to accept a change).
pub fn snapshot(name: &str, actual: &str) {
    insta::assert_snapshot!(name, actual);
}

fn score(lang: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec!["--lang".to_string(), lang.to_string(), "score".to_string()];
    for f in ["ann", "bob", "jerome", "linda"] {
        args.push(repo().join("examples").join(format!("{f}.toml")).display().to_string());
    }
    let out = deckhand(dir.path()).args(&args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_final_table_in_english_german_and_french() {
    for lang in ["en", "de", "fr"] {
        snapshot(&format!("score.{lang}"), &score(lang));
    }
    let de = score("de");
    assert!(de.contains("SPIELER") && de.contains("GESAMT") && de.contains("Gleichstand: Bob und Jerome"), "{de}");
    let fr = score("fr");
    assert!(fr.contains("JOUEUR") && fr.contains("Égalité : Bob et Jerome"), "{fr}");
}

/// The hand-worked 2-player game of `tests/scripted_2p.rs`, in a language.
fn scripted_game(lang: &str) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let answers = "two_players.answers";
    std::fs::copy(repo().join("tests/games").join(answers), dir.path().join(answers)).unwrap();
    let out = deckhand(dir.path())
        .args(["--lang", lang, "play", "fleet-dice", "--players", "Ann,Bob", "--save", "game.jsonl"])
        .args(["--answers", answers])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    (stdout, stderr)
}

/// Fail if a line of `text` (what deckhand said in `lang`) contains one of the English
/// `words`. `said` cuts a line down to what deckhand itself wrote: the keys and ids people
/// type (dice faces, event words, input ids, echoed answers) are language-neutral.
pub fn assert_no_english(lang: &str, text: &str, words: &[&str], said: impl Fn(&str) -> String) {
    for line in text.lines() {
        let line = said(line);
        for word in words {
            assert!(!line.contains(word), "{lang}: English `{word}` in: {line}\n--- in\n{text}");
        }
    }
}

/// English words that must not appear in what deckhand says in German or French.
const ENGLISH: [&str; 8] = ["pick a die", " coin", "boat", "license", "round", "income", "undone", "Shared die"];

#[test]
fn a_whole_scripted_game_in_german_and_french() {
    for (lang, markers) in [
        ("de", ["Jede Entscheidung wird in game.jsonl gespeichert", "Bögen geschrieben: game-ann.toml", "GESAMT"]),
        ("fr", ["Chaque décision est enregistrée dans game.jsonl", "Feuilles écrites : game-ann.toml", "JOUEUR"]),
    ] {
        let (stdout, stderr) = scripted_game(lang);
        snapshot(&format!("two_players.{lang}"), &format!("--- stdout\n{stdout}--- stderr\n{stderr}"));
        let all = format!("{stdout}{stderr}");
        for m in markers {
            assert!(all.contains(m), "{lang}: `{m}` missing from\n{all}");
        }
        // The same scores as in English.
        assert!(stdout.contains("116") && stdout.contains("89"), "{stdout}");
        // Every line of the game: the engine's reminders and the command layer's lines. The
        // keys one types (dice faces such as `coins`, echoed answers) are language-neutral
        // ids, so the roll hint's key list and the echoed roll are left out.
        let section_ids: Vec<String> = crate::common::fleet().sections.iter().map(|s| s.id.clone()).collect();
        assert_no_english(lang, &all, &ENGLISH, |line| {
            // The roll hint lists the face keys to type: everything from its "(" on.
            let line = if line.contains("? (") { line.split("? (").next().unwrap_or(line) } else { line };
            // An undo line ends with the answer as typed (a language-neutral key).
            let line = line.rsplit_once(" → ").map_or(line, |(head, _)| head);
            // A sheet view starts each row with the section id, like box ids `cod.4`.
            let first = line.split_whitespace().next().unwrap_or("");
            if section_ids.iter().any(|id| id == first) {
                String::new()
            } else {
                line.to_string()
            }
        });
        for line in stderr.lines().filter(|l| l.contains("which faces show?")) {
            let hint = line.rsplit_once('(').map(|(_, h)| h).unwrap_or_default();
            assert!(!hint.contains("type ") && !hint.contains("face:"), "{lang}: English roll hint: {line}");
        }
    }
}

#[test]
fn help_in_german_and_french() {
    let dir = tempfile::tempdir().unwrap();
    let out = deckhand(dir.path()).args(["--lang", "de", "--help"]).output().unwrap();
    let de = String::from_utf8(out.stdout).unwrap();
    for text in ["Die Schlusstabelle eines Spiels", "Sprache aller Ausgaben", "Exit-Codes:", "Die Spiele auflisten"] {
        assert!(de.contains(text), "`{text}` missing from\n{de}");
    }
    let out = deckhand(dir.path()).args(["--lang=fr", "score", "--help"]).output().unwrap();
    let fr = String::from_utf8(out.stdout).unwrap();
    for text in ["Afficher le tableau final", "Format de sortie", "Codes de sortie :", "Fichiers de feuilles"] {
        assert!(fr.contains(text), "`{text}` missing from\n{fr}");
    }
    // clap's own words too.
    for (lang, text) in [("de", &de), ("fr", &fr)] {
        for english in ["Usage:", "Options:", "Arguments:", "Commands:", "Print help", "Print version"] {
            assert!(!text.contains(english), "{lang}: `{english}` in\n{text}");
        }
    }
    for text in ["Aufruf:", "Befehle:", "Optionen:", "Hilfe anzeigen", "Version anzeigen"] {
        assert!(de.contains(text), "`{text}` missing from\n{de}");
    }
    for text in ["Utilisation :", "Arguments :", "Options :", "Afficher l'aide"] {
        assert!(fr.contains(text), "`{text}` missing from\n{fr}");
    }
    // The environment chooses too; English stays the doc comments.
    let out = deckhand(dir.path()).env("LANG", "fr_FR.UTF-8").args(["check", "--help"]).output().unwrap();
    assert!(String::from_utf8(out.stdout).unwrap().contains("Lister chaque infraction"));
    let out = deckhand(dir.path()).args(["score", "--help"]).output().unwrap();
    let en = String::from_utf8(out.stdout).unwrap();
    assert!(en.contains("Print the final table of a game from its players' sheet files"), "{en}");
    assert!(en.contains("Exit codes:"), "{en}");
    assert!(en.contains("Usage:") && en.contains("Options:") && en.contains("Print help"), "{en}");
}

/// Every command's `--help`, and `help COMMAND`, in German and French: clap's own words too
/// (the `help` subcommand, defaults, possible values, aliases, value names, `[OPTIONS]`).
#[test]
fn every_help_page_in_german_and_french_without_clap_english() {
    let dir = tempfile::tempdir().unwrap();
    let commands: &[&[&str]] = &[
        &[],
        &["score"],
        &["check"],
        &["enter"],
        &["play"],
        &["resume"],
        &["replay"],
        &["show"],
        &["rules"],
        &["rules", "show"],
        &["rules", "check"],
        &["rules", "export"],
        &["calc"],
        &["nauticus"],
        &["nauticus", "crowns"],
        &["nauticus", "pass"],
        &["nauticus", "buy"],
        &["nauticus", "rewards"],
        &["games"],
        &["history"],
        &["history", "delete"],
        &["stats"],
        &["night"],
        &["export"],
        &["import"],
        &["players"],
        &["players", "rename"],
        &["completions"],
        &["man"],
    ];
    let english = [
        "Print this message",
        "Print help",
        "[default:",
        "[possible values:",
        "[alias:",
        "Usage:",
        "Commands:",
        "<COMMAND>",
        "<FILE>",
        "<GAME>",
        "SHEET",
        "<PLAYERS>",
        "<WORKERS>",
        "Use this rules file",
        "Your crowns",
    ];
    for lang in ["de", "fr"] {
        for args in commands {
            for how in ["--help", "-h", "help"] {
                let mut cmd = deckhand(dir.path());
                cmd.args(["--lang", lang]);
                if how == "help" {
                    // `deckhand help rules show`, and `rules help show` one level down.
                    match args {
                        [first, rest @ ..] if !rest.is_empty() => cmd.arg(first).arg("help").args(rest),
                        _ => cmd.arg("help").args(*args),
                    };
                } else {
                    cmd.args(*args).arg(how);
                }
                let out = cmd.output().unwrap();
                let text = String::from_utf8(out.stdout).unwrap();
                assert_eq!(
                    out.status.code(),
                    Some(0),
                    "{lang} {args:?} {how}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                for word in english {
                    assert!(!text.contains(word), "{lang} {args:?} {how}: `{word}` in\n{text}");
                }
            }
        }
    }
    let out = deckhand(dir.path()).args(["--lang", "de", "score", "--help"]).output().unwrap();
    let de = String::from_utf8(out.stdout).unwrap();
    for want in
        ["Aufruf: deckhand score [OPTIONEN] <[SPIEL] BOGEN>...", "[Standard: table]", "[mögliche Werte: en, de, fr]"]
    {
        assert!(de.contains(want), "`{want}` missing from\n{de}");
    }
    let out = deckhand(dir.path()).args(["--lang", "fr", "play", "--help"]).output().unwrap();
    // clap wraps long lines: compare with the wrapping undone.
    let fr = String::from_utf8(out.stdout).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    for want in ["[alias : --output]", "[par défaut : physical]", "--save <FICHIER>", "Lire les réponses dans FICHIER"]
    {
        assert!(fr.contains(want), "`{want}` missing from\n{fr}");
    }
    let out = deckhand(dir.path()).args(["--lang", "de", "--help"]).output().unwrap();
    let de = String::from_utf8(out.stdout).unwrap();
    assert!(de.contains("help         Diese Hilfe oder die Hilfe der angegebenen Unterbefehle anzeigen"), "{de}");
    // English stays clap's own.
    let out = deckhand(dir.path()).args(["play", "--help"]).output().unwrap();
    let en = String::from_utf8(out.stdout).unwrap();
    for want in
        ["Usage: deckhand play [OPTIONS] <GAME>", "[default:", "[possible values: physical, digital]", "[alias:"]
    {
        assert!(en.contains(want), "`{want}` missing from\n{en}");
    }
}

/// Mistakes on the command line are explained in the chosen language, clap's usage and
/// tips included; English stays clap's own text.
#[test]
fn command_line_mistakes_in_german_and_french() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let out = deckhand(dir.path()).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    let de = run(&["--lang", "de", "scor"]);
    assert_eq!(
        de,
        "Fehler: unbekannter Unterbefehl 'scor'\n\n  Tipp: es gibt einen ähnlichen Unterbefehl: 'history', 'score'\n\nAufruf: deckhand \
         [OPTIONEN] <BEFEHL>\n\nMehr dazu mit '--help'.\n"
    );
    assert_eq!(
        run(&["--lang", "fr", "score", "--formt", "x", "a.toml"]),
        "erreur : argument inattendu '--formt'\n\n  astuce : un argument proche existe : '--format'\n\nUtilisation : \
         deckhand score [OPTIONS] <[JEU] FEUILLE>...\n\nPour en savoir plus, essayez '--help'.\n"
    );
    assert_eq!(
        run(&["--lang", "de", "play", "fleet-dice", "--seed", "abc"]),
        "Fehler: ungültiger Wert 'abc' für '--seed <STARTWERT>': das ist keine ganze Zahl\n\nMehr dazu mit '--help'.\n"
    );
    assert_eq!(
        run(&["--lang", "de", "nauticus", "crowns", "--crowns", "2", "--passed", "1", "--workers", "2"]),
        "Fehler: das Argument '--crowns <KRONEN>' kann nicht zusammen mit '--passed <UMGEDREHT>' verwendet werden\n\n\
         Aufruf: deckhand nauticus crowns [OPTIONEN] --workers <ARBEITER>\n\nMehr dazu mit '--help'.\n"
    );
    assert_eq!(
        run(&["--lang", "fr", "score"]),
        "erreur : les arguments requis suivants n'ont pas été fournis :\n  <[JEU] FEUILLE>...\n\nUtilisation : \
         deckhand score [OPTIONS] <[JEU] FEUILLE>...\n\nPour en savoir plus, essayez '--help'.\n"
    );
    for text in [run(&["--lang", "de", "play", "x", "--dice", "y"]), run(&["--lang", "fr", "score", "--format"])] {
        for english in ["error:", "invalid value", "possible values", "For more information", "Usage:", "tip:"] {
            assert!(!text.contains(english), "`{english}` in {text}");
        }
    }
    assert_eq!(
        run(&["scor"]),
        "error: unrecognized subcommand 'scor'\n\n  tip: some similar subcommands exist: 'history', 'score'\n\nUsage: \
         deckhand [OPTIONS] <COMMAND>\n\nFor more information, try '--help'.\n"
    );
}

#[test]
fn errors_in_german_and_french() {
    Test::new()
        .args(["--lang", "de", "score", "nope.toml"])
        .status(2)
        .stdout("")
        .stderr("deckhand: nope.toml kann nicht gelesen werden: diese Datei gibt es nicht\n")
        .run();
    Test::new()
        .args(["--lang", "fr", "play", "fleet-dice", "--players", "Ann,ann"])
        .status(2)
        .stdout("")
        .stderr(
            "deckhand: `Ann` et `ann` sont le même nom (majuscules et minuscules comptent pareil) ; donnez à chaque \
             joueur un nom différent\n",
        )
        .run();
}

/// With digital dice nobody types the faces, so deckhand names them in the language.
#[test]
fn digital_dice_are_named_in_german_and_french() {
    let dir = tempfile::tempdir().unwrap();
    for (lang, rolled) in [
        ("de", "deckhand würfelt: Schwertfisch, Schwertfisch, Drei Münzen"),
        ("fr", "deckhand lance : espadon, espadon, Trois pièces"),
    ] {
        let out = deckhand(dir.path())
            .args(["--lang", lang, "play", "fleet-dice", "--players", "Ann,Bob", "--dice", "digital", "--seed", "3"])
            .args(["-o", &format!("{lang}.jsonl"), "--answers", "-"])
            .write_stdin("")
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(rolled), "{lang}: {err}");
        assert!(!err.contains("swordfish"), "{lang}: {err}");
    }
}

/// The 2-player game with every roll typed as the language's words for the faces
/// (`kabeljau kabeljau schwertfisch`, `crevette morue pièces`): the save holds the same
/// language-neutral keys as when the keys are typed, so the game is the same.
#[test]
fn dice_typed_in_german_and_french_words_give_the_same_game() {
    let original = std::fs::read_to_string(repo().join("tests/games/two_players.answers")).unwrap();
    let words = |lang: &str| -> Vec<(&str, &str)> {
        let w: [&str; 9] = match lang {
            "de" => ["garnele", "kabeljau", "Hummer", "schwertfisch", "auster", "münzen", "hafen", "ufer", "markt"],
            _ => ["crevette", "MORUE", "homard", "espadon", "huitre", "pièces", "port", "quai", "marché"],
        };
        ["shrimp", "cod", "lobster", "swordfish", "oyster", "coins", "harbor", "wharf", "market"]
            .into_iter()
            .zip(w)
            .collect()
    };
    // A 2-player game from `a.answers` in `dir`, saved to `g.jsonl`.
    let play = |lang: &str, dir: &std::path::Path| {
        deckhand(dir)
            .args(["--lang", lang, "play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl"])
            .args(["--answers", "a.answers"])
            .output()
            .unwrap()
    };
    let save = |lang: &str, answers: &str| -> Vec<String> {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.answers"), answers).unwrap();
        let out = play(lang, dir.path());
        assert_eq!(out.status.code(), Some(0), "{lang}: {}", String::from_utf8_lossy(&out.stderr));
        // The entries after the header (which records when the game started).
        std::fs::read_to_string(dir.path().join("g.jsonl")).unwrap().lines().skip(1).map(String::from).collect()
    };
    for lang in ["de", "fr"] {
        let table = words(lang);
        let mut rolls = 0;
        let translated: String = original
            .lines()
            .map(|line| {
                let answer = line.split('#').next().unwrap().trim();
                let tokens: Vec<&str> = answer.split_whitespace().collect();
                let faces: Option<Vec<&str>> =
                    tokens.iter().map(|t| table.iter().find(|(k, _)| k == t).map(|(_, w)| *w)).collect();
                match faces {
                    Some(faces) if tokens.len() >= 2 => {
                        rolls += 1;
                        faces.join(" ") + "\n"
                    }
                    _ => format!("{line}\n"),
                }
            })
            .collect();
        assert!(rolls >= 20, "{lang}: only {rolls} rolls translated");
        assert_eq!(save(lang, &translated), save(lang, &original), "{lang}: typed words and keys give different games");
    }
    // The words are shown in the prompt, and `zurück` / `annuler` work at a typed prompt.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.answers"), "lobster\noyster\nAnn\nzurück\n").unwrap();
    let out = play("de", dir.path());
    // Prompts go to standard error.
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains("3 Würfel: g garnele · k kabeljau · hu hummer · s schwertfisch · a auster · $ münzen"),
        "{text}"
    );
    assert!(
        text.contains("rückgängig gemacht: „Wer ist Startspieler?“ → Ann"),
        "`zurück` undid the start player:\n{text}"
    );
}

/// Issue #33 item 10: everyone's line (the shared die) shows its example of an exception
/// with a player at the table — never a made-up Bob — in every language, by their name and
/// by the shortest start only they have; and the example typed as shown is taken.
#[test]
fn everyones_line_gives_its_example_with_a_player_at_the_table() {
    for (lang, coin, taken) in [("en", "coin", "+1 coin"), ("de", "münze", "+1 Münze"), ("fr", "pièce", "+1 pièce")]
    {
        let dir = tempfile::tempdir().unwrap();
        let play = |answers: &str| {
            std::fs::write(dir.path().join("a.txt"), answers).unwrap();
            let _ = std::fs::remove_file(dir.path().join("g.jsonl"));
            let out = deckhand(dir.path())
                .args(["--lang", lang, "play", "fleet-dice", "--players", "Ann,Dora,Dee", "--dice", "digital"])
                .args(["--seed", "5", "--no-record", "--answers", "a.txt", "--save", "g.jsonl"])
                .output()
                .unwrap();
            String::from_utf8(out.stderr).unwrap()
        };
        // Ann picks cod, Dora and Dee the 3 coins: the oyster is everyone's shared die.
        let said = play("#! entries\ncod\ncoins\ncoins\n");
        let line = said.lines().last().unwrap_or_default();
        assert!(line.contains(&format!("`dora {coin}`")) && line.contains("`do $`"), "{lang}: {line}");
        assert!(!line.to_lowercase().contains("bob"), "{lang}: {line}");
        // The example, typed as shown, answers for Dora.
        let said = play(&format!("#! entries\ncod\ncoins\ncoins\ndora {coin}\n"));
        let dora: Vec<&str> = said.lines().filter(|l| l.starts_with("Dora") && l.contains(taken)).collect();
        assert!(!dora.is_empty(), "{lang}: {said}");
    }
}

/// Found reading `--lang de calc --help`: under a heading of its own clap sorted the
/// arguments by their translated names (`[RECHNER]` before `<SPIEL>`, `<IN>` before `<VON>`
/// for `players merge`); they keep the order they are typed in, as in English.
#[test]
fn translated_help_lists_the_arguments_in_the_order_they_are_typed() {
    let dir = tempfile::tempdir().unwrap();
    let arguments = |args: &[&str]| -> Vec<String> {
        let out = deckhand(dir.path()).args(args).arg("--help").assert().success();
        let help = String::from_utf8_lossy(&out.get_output().stdout).to_string();
        let section = help.split("\n\n").find(|s| s.starts_with("Argumente:") || s.starts_with("Arguments :"));
        let lines = section.unwrap_or_else(|| panic!("{help}")).lines().skip(1);
        lines.filter_map(|l| l.split_whitespace().next()).map(String::from).collect()
    };
    assert_eq!(arguments(&["--lang", "de", "calc"]), ["<SPIEL>", "[RECHNER]", "[SCHLÜSSEL=WERT]..."]);
    assert_eq!(arguments(&["--lang", "de", "players", "merge"]), ["<VON>", "<IN>"]);
    assert_eq!(arguments(&["--lang", "fr", "calc"])[..2], ["<JEU>", "[CALCULATEUR]"]);
}
