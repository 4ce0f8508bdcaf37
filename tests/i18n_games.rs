//! The games' texts in German and French: the Fischerspiel tracker, the end-game scoring of
//! Nauticus and the reference cards.

use crate::common::{deckhand, examples_dir, stderr, stdout, write};
use crate::i18n_cli::{assert_no_english, snapshot};

const WON: &str = "\
wind
sail green
sail blue
catch green small
catch green medium
catch green medium
catch blue small
catch blue medium
catch blue medium
home green
home blue
sail green
sail blue
catch green medium
catch blue medium
home green
home blue
";

fn play(dir: &std::path::Path, lang: &str) -> assert_cmd::assert::Assert {
    write(dir, "answers.txt", WON);
    deckhand(dir)
        .args([
            "--lang",
            lang,
            "play",
            "fischerspiel",
            "--players",
            "2",
            "-o",
            "game.jsonl",
            "--answers",
            "answers.txt",
        ])
        .timeout(std::time::Duration::from_secs(20))
        .assert()
}

#[test]
fn a_won_fischerspiel_in_german() {
    let dir = tempfile::tempdir().unwrap();
    let out = play(dir.path(), "de").success();
    assert_eq!(
        stdout(&out),
        "GEWONNEN — alle haben gewonnen: alle 8 Fische im Hafen und jedes Boot zu Hause, bei Windstärke 0 von 12.\n"
    );
    let err = stderr(&out);
    assert!(
        err.contains("Fischerspiel, Grundspiel (mit Würfel): Windstärke 0 von 12 (Boote tragen 3 Fische)"),
        "{err}"
    );
    assert!(err.contains("Boote: grün im Hafen; blau im Hafen"), "{err}");
    assert!(err.contains("2 Fische im Hafen: ein Windplättchen wird weggenommen. Windstärke 0."), "{err}");
    assert!(err.contains("Boot grün lädt 1 Fisch im Hafen aus: 7 von 8 im Hafen."), "{err}");
    assert!(!err.contains("fish landed"), "{err}");
    // Resuming the finished game repeats the result in the language asked for.
    let again = deckhand(dir.path()).args(["--lang", "de", "resume", "game.jsonl"]).assert().success();
    assert!(stdout(&again).starts_with("GEWONNEN"), "{}", stdout(&again));
}

#[test]
fn a_won_fischerspiel_in_french() {
    let dir = tempfile::tempdir().unwrap();
    let out = play(dir.path(), "fr").success();
    assert_eq!(
        stdout(&out),
        "GAGNÉ — tout le monde gagne : les 8 poissons sont au port et tous les bateaux rentrés, avec le vent à 0 sur \
         12.\n"
    );
    let err = stderr(&out);
    assert!(err.contains("Le jeu des pêcheurs, "), "{err}");
    assert!(err.contains(": vent 0 sur 12 (les bateaux portent 3 poissons)"), "{err}");
    assert!(err.contains("Bateaux : vert au port ; bleu au port"), "{err}");
    assert!(err.contains("Le bateau bleu débarque 3 poissons : 6 sur 8 au port."), "{err}");
    assert!(!err.contains("fish landed"), "{err}");
}

#[test]
fn nauticus_scores_in_french() {
    let dir = examples_dir();
    let out = deckhand(dir.path())
        .args([
            "--lang",
            "fr",
            "score",
            "examples/nauticus/ann.toml",
            "examples/nauticus/ben.toml",
            "examples/nauticus/cleo.toml",
        ])
        .assert()
        .success();
    let text = stdout(&out);
    assert!(text.contains("NAVIRES"), "{text}");
    assert!(text.contains("MARCHANDISES"), "{text}");
    assert!(!text.contains("SHIPS"), "{text}");
}

#[test]
fn french_money_is_singular_for_zero_and_one_thaler() {
    let dir = tempfile::tempdir().unwrap();
    let buy = ["nauticus", "buy", "--action", "goods", "--prices", "coffee=0,grain=2,salt=3,fish=1"];
    let out =
        deckhand(dir.path()).args(["--lang", "fr"]).args(buy).args(["--items", "fish,grain,coffee,coffee"]).assert();
    let text = stdout(&out.success());
    for want in
        ["1 thaler, 1 ouvrier", "2 thalers, 1 ouvrier", "0 thaler, 1 ouvrier", "Total : 7 thalers", "1 thaler de moins"]
    {
        assert!(text.contains(want), "{want:?} missing from:\n{text}");
    }
    let out = deckhand(dir.path()).args(buy).args(["--items", "fish,grain,coffee,coffee"]).assert();
    assert!(stdout(&out.success()).contains("  fish    1 Taler, 1 worker"), "English stays as it was");
}

#[test]
fn the_nauticus_card_in_german() {
    let dir = tempfile::tempdir().unwrap();
    let out = deckhand(dir.path()).args(["--lang", "de", "rules", "show", "nauticus"]).assert().success();
    let text = stdout(&out);
    for want in [
        "Spielplan in die Mitte",
        "Spielende und Wertung",
        "Die meisten Siegpunkte gewinnen",
        "So wertet deckhand",
        "Was jeder Spieler eingibt",
        "Tischhelfer",
    ] {
        assert!(text.contains(want), "{want}: {text}");
    }
}

#[test]
fn the_fischerspiel_card_in_french() {
    let dir = tempfile::tempdir().unwrap();
    let out = deckhand(dir.path()).args(["--lang", "fr", "rules", "show", "fischerspiel"]).assert().success();
    let text = stdout(&out);
    for want in ["un jeu coopératif pour 2-6 joueurs", "Règles d'or", "Vent", "Le suivi de partie"] {
        assert!(text.contains(want), "{want}: {text}");
    }
}

#[test]
fn nauticus_check_and_enter_in_german() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "ann.toml",
        "game = \"nauticus\"\nplayer = \"Ann\"\n[inputs]\ngoods_coffee = 13\nships_3 = 5\nships_4 = 3\n",
    );
    write(d, "bob.toml", "game = \"nauticus\"\nplayer = \"Bob\"\n[inputs]\ngoods_fish = 7\n");
    let out = deckhand(d).args(["--lang", "de", "check", "ann.toml", "bob.toml"]).assert().code(1);
    let text = stdout(&out);
    assert!(text.contains("ann.toml (Ann): 2 Grenzverletzungen"), "{text}");
    assert!(text.contains("bob.toml (Bob): jede Eingabe liegt innerhalb der Grenzen"), "{text}");
    assert!(text.contains("goods_coffee = 13 liegt außerhalb von 0–12"), "{text}");
    assert!(text.contains("2 Bögen geprüft: 2 Grenzverletzungen"), "{text}");
    assert!(!text.contains("limit violation") && !text.contains("is outside"), "{text}");
    write(d, "answers.txt", "35\n3\n1\n1\n0\n3\n2\n0\n6\n8\n2\n8\n3\n");
    let out = deckhand(d)
        .args(["--lang", "de", "enter", "nauticus", "--player", "Cy", "-o", "cy.toml", "--answers", "answers.txt"])
        .assert()
        .success();
    let err = stderr(&out);
    assert!(err.contains("Schlusswertung von Cy für Nauticus (13 Eingaben)"), "{err}");
    assert!(err.contains("cy.toml gespeichert. Punkte: 115 ("), "{err}");
    write(d, "neg.txt", "-21\n");
    deckhand(d)
        .args(["--lang", "de", "enter", "nauticus", "--player", "Di", "-o", "di.toml", "--answers", "neg.txt"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("track = -21 liegt außerhalb von -20–300"));
}

#[test]
fn a_bad_fischerspiel_event_in_french() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "answers.txt", "fly\n");
    let out = deckhand(dir.path())
        .args([
            "--lang",
            "fr",
            "play",
            "fischerspiel",
            "--players",
            "2",
            "-o",
            "game.jsonl",
            "--answers",
            "answers.txt",
        ])
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(2);
    let err = stderr(&out);
    assert!(err.contains("`fly` n'est pas un événement ; tapez `aide` pour la liste"), "{err}");
    assert!(!err.contains("is not an event"), "{err}");
}

#[test]
fn nauticus_helper_errors_in_german() {
    let dir = tempfile::tempdir().unwrap();
    for (args, want) in [
        (&["nauticus", "pass", "--passes", "4"][..], "du hast 3 Passen-Plättchen"),
        (&["nauticus", "buy", "--action", "nope", "--extra", "--items", "x"][..], "unbekannte Aktion `nope`"),
        (
            &["nauticus", "rewards", "--masts", "3", "--take", "vp,vp,vp"][..],
            "jede Belohnung höchstens 2-mal je Schiff",
        ),
    ] {
        let out = deckhand(dir.path()).args(["--lang", "de"]).args(args).assert().code(2);
        let err = stderr(&out);
        assert!(err.contains(want), "{want}: {err}");
    }
}

// ---------------------------------------------------------------------------------------
// Whole sessions of the other games in German and French: no English left on screen.
// ---------------------------------------------------------------------------------------

/// English words that must not appear, as whole words, in what deckhand says in German or
/// French about the other games.
const ENGLISH: [&str; 25] = [
    " the ",
    " and ",
    " is ",
    " are ",
    " of ",
    " for ",
    " with ",
    " from ",
    " your ",
    " you ",
    " has ",
    " not ",
    " PLAYER ",
    " Tie ",
    " Saved ",
    " error ",
    " help ",
    " limit ",
    " sheet ",
    " boat ",
    " harbour ",
    " WON ",
    " LOST ",
    " players ",
    " game ",
];

/// A line as the words deckhand itself wrote, space-separated: without `code`, `--flags`
/// and the ids and keywords people type (`typed`), which are the same in every language.
fn words_said(line: &str, typed: &[String]) -> String {
    let mut text = String::new();
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code {
            text.push(c);
        }
    }
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .filter(|w| !w.is_empty() && !w.starts_with("--") && !typed.iter().any(|t| t == w))
        .collect();
    format!(" {} ", words.join(" "))
}

/// Commands, ids and keywords of the endgame games (inputs, limits, values, calculators, the
/// Nauticus helpers' actions, items and rewards).
fn endgame_typed() -> Vec<String> {
    // Also the keys of a sheet file (`game = "nauticus"`, `player`, `[inputs]`).
    let mut typed: Vec<String> =
        ["deckhand", "score", "check", "enter", "calc", "rules", "export", "show", "range", "game", "player", "inputs"]
            .iter()
            .chain(&["nauticus", "titania", "crowns", "pass", "buy", "rewards"])
            .map(|s| s.to_string())
            .collect();
    for game in ["nauticus", "titania"] {
        let rules = deckhand::games::built_in(game).unwrap();
        let r = rules.endgame().unwrap();
        let mut scorings = vec![&r.sheet];
        scorings.extend(r.calculators.iter().map(|c| &c.scoring));
        for s in scorings {
            typed.extend(s.inputs.iter().map(|i| i.id.clone()));
            typed.extend(s.limits.iter().map(|l| l.id.clone()));
            typed.extend(s.values.iter().map(|v| v.id.clone()));
        }
        typed.extend(r.calculators.iter().map(|c| c.id.clone()));
        if let Some(h) = &r.nauticus {
            for a in &h.actions {
                typed.push(a.id.clone());
                typed.extend(a.items.iter().map(|i| i.id.clone()));
            }
            typed.extend(h.rewards.iter().map(|r| r.id.clone()));
        }
    }
    typed
}

/// Run deckhand in `dir`; stdout and stderr together.
fn said(dir: &std::path::Path, args: &[&str]) -> String {
    let out = deckhand(dir).args(args).timeout(std::time::Duration::from_secs(20)).output().unwrap();
    format!("{}{}", String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn nauticus_and_titania_at_the_table_in_german_and_french_without_english() {
    let typed = endgame_typed();
    for lang in ["de", "fr"] {
        let dir = examples_dir();
        let d = dir.path();
        write(
            d,
            "dan.toml",
            "game = \"nauticus\"\nplayer = \"Dan\"\n[inputs]\ngoods_coffee = 13\nships_3 = 5\nships_4 = 3\n",
        );
        write(d, "eve.toml", "game = \"nauticus\"\nplayer = \"Eve\"\n[inputs]\ngoods_fish = 7\n");
        write(d, "fay.toml", "game = \"nauticus\"\nplayer = \"Fay\"\n[inputs]\ngoods_fish = 6\nshipz_1 = 1\n");
        write(d, "gil.toml", "game = \"nauticus\"\nplayer = \"Gil\"\n[inputs]\ngoods_fish = 6\nships_2 = 1.5\n");
        write(
            d,
            "tdan.toml",
            "game = \"titania\"\nplayer = \"Dan\"\n[inputs]\ntrack = 1000\npoint_tiles = [3, 6]\nstarfish = 20\n",
        );
        write(d, "teve.toml", "game = \"titania\"\nplayer = \"Eve\"\n[inputs]\nstarfish = 10\n");
        write(d, "na.txt", "35\n3\n1\n1\n0\n3\n2\n0\n6\n8\n2\n8\n3\n");
        write(d, "nbad.txt", "35\n3\n1\n5\n3\n");
        write(d, "ta.txt", "41\n3 5 4\n6\n2\n1\n");
        let nauticus = ["examples/nauticus/ann.toml", "examples/nauticus/ben.toml", "examples/nauticus/cleo.toml"];
        let titania = ["examples/titania/ann.toml", "examples/titania/ben.toml"];
        let mut all = String::new();
        let runs: Vec<Vec<&str>> = vec![
            [&["score", "--detail"][..], &nauticus].concat(),
            [&["score", "--detail", "--format", "markdown"][..], &nauticus].concat(),
            [&["check"][..], &nauticus].concat(),
            vec!["check", "dan.toml", "eve.toml", "fay.toml"],
            vec!["check", "eve.toml", "gil.toml"],
            vec!["score", "dan.toml", "eve.toml"],
            vec!["score", "eve.toml", "examples/nauticus/ann.toml", "examples/nauticus/ben.toml"],
            vec!["enter", "nauticus", "--player", "Cy", "-o", "cy.toml", "--answers", "na.txt"],
            vec!["enter", "nauticus", "--player", "Cy", "-o", "cy.toml", "--answers", "na.txt"],
            vec!["enter", "nauticus", "--player", "Di", "-o", "di.toml", "--answers", "nbad.txt"],
            vec!["nauticus", "crowns", "--crowns", "3", "--workers", "6", "--blue", "2", "--extra"],
            vec!["nauticus", "crowns", "--crowns", "0", "--workers", "2"],
            vec!["nauticus", "pass", "--passes", "1", "--track", "40"],
            vec!["nauticus", "pass", "--passes", "3"],
            vec![
                "nauticus",
                "buy",
                "--action",
                "goods",
                "--prices",
                "coffee=0,grain=2,salt=3,fish=1",
                "--items",
                "fish,grain,coffee,coffee",
            ],
            vec![
                "nauticus",
                "buy",
                "--action",
                "hulls",
                "--prices",
                "0,1,2,3",
                "--items",
                "hull,bow,middle,stern",
                "--blue",
                "2",
                "--free",
                "bow",
            ],
            vec!["nauticus", "buy", "--action", "sails", "--extra", "--items", "whale,anchor"],
            vec!["nauticus", "rewards", "--masts", "4", "--take", "crown_mast,crown_mast,crown_sail,crown_sail"],
            vec!["nauticus", "rewards", "--masts", "2", "--take", "vp"],
            vec!["rules", "show", "nauticus"],
            [&["score", "--detail"][..], &titania].concat(),
            [&["check"][..], &titania].concat(),
            vec!["check", "tdan.toml", "teve.toml"],
            vec!["enter", "titania", "--player", "Cy", "-o", "tcy.toml", "--answers", "ta.txt"],
            vec!["calc", "titania"],
            vec!["calc", "titania", "starfish", "depicted=3", "built=4"],
            vec!["calc", "titania", "floors", "levels=3,4", "on_starfish=1"],
            vec!["calc", "titania", "floors", "levels=3,4", "on_starfish=3"],
            vec!["calc", "titania", "starfish", "depicted=3"],
            vec!["calc", "titania", "nope"],
            vec!["calc", "nauticus"],
            vec!["rules", "show", "titania"],
            vec!["games"],
        ];
        for args in runs {
            let text = said(d, &[&["--lang", lang][..], &args].concat());
            assert!(!text.trim().is_empty(), "{lang} {args:?} said nothing");
            all.push_str(&text);
        }
        // Sheet files written by `enter` explain themselves in the language too.
        all.push_str(&std::fs::read_to_string(d.join("cy.toml")).unwrap());
        all.push_str(&std::fs::read_to_string(d.join("tcy.toml")).unwrap());
        assert_no_english(lang, &all, &ENGLISH, |line| words_said(line, &typed));
        for english in ["mod ", "per full", "the sum of every", "then +5", "Only in a turn", "the game has"] {
            assert!(!all.contains(english), "{lang}: `{english}` in\n{all}");
        }
    }
}

#[test]
fn the_final_tables_of_nauticus_and_titania_in_german_and_french() {
    let dir = examples_dir();
    for lang in ["de", "fr"] {
        for (game, sheets) in [("nauticus", &["ann", "ben", "cleo"][..]), ("titania", &["ann", "ben"][..])] {
            let mut args = vec!["--lang".to_string(), lang.to_string(), "score".into(), "--detail".into()];
            args.extend(sheets.iter().map(|s| format!("examples/{game}/{s}.toml")));
            let out = deckhand(dir.path()).args(&args).output().unwrap();
            assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
            snapshot(&format!("{game}_score.{lang}"), &String::from_utf8(out.stdout).unwrap());
        }
    }
}

/// A whole Fischerspiel game (with `status`, `help` and `undo`), a lost one, a Strategy II
/// game and the reference card, in German and French.
#[test]
fn whole_fischerspiel_games_in_german_and_french_without_english() {
    let mut typed: Vec<String> = [
        "wind",
        "crest",
        "sail",
        "catch",
        "transfer",
        "dump",
        "home",
        "direction",
        "stuck",
        "undo",
        "status",
        "help",
        "quit",
        "deckhand",
        "play",
        "resume",
        "fischerspiel",
        "N",
        "base",
        "strategy1",
        "strategy2",
        "north",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let rules = deckhand::games::built_in("fischerspiel").unwrap();
    let r = rules.fischerspiel().unwrap();
    typed.extend(r.boats.iter().map(|b| b.id.clone()));
    typed.extend(r.fish.iter().map(|f| f.id.clone()));
    let won = WON.replacen("catch green medium\n", "catch green medium\nstatus\n", 1).replacen(
        "catch blue medium\n",
        "help\ncatch blue medium\nundo\ncatch blue medium\n",
        1,
    );
    let lost = "wind\nwind\nwind\nwind\nwind\nwind\nsail green\nwind\nwind\nwind\nwind\nwind\nwind\n";
    let strategy = "wind north\nsail green\nsail yellow\nwind\ndirection west\ncatch green small\nhelp\nsail green\n";
    for lang in ["de", "fr"] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "won.txt", &won);
        write(d, "lost.txt", lost);
        write(d, "s2.txt", strategy);
        let play = |save: &str, answers: &str, extra: &[&str]| {
            let mut args = vec!["--lang", lang, "play", "fischerspiel", "-o", save, "--answers", answers];
            args.extend(extra);
            said(d, &args)
        };
        let game = play("won.jsonl", "won.txt", &["--players", "2"]);
        assert!(game.contains(if lang == "de" { "GEWONNEN" } else { "GAGNÉ" }), "{game}");
        let out = deckhand(d)
            .args([
                "--lang",
                lang,
                "play",
                "fischerspiel",
                "--players",
                "2",
                "-o",
                "again.jsonl",
                "--answers",
                "won.txt",
                // Its own history: the same game played in the same second as the first
                // one would be the same save, already recorded.
                "--db",
                "again.sqlite3",
            ])
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        let (stdout, stderr) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
        snapshot(&format!("fischerspiel_game.{lang}"), &format!("--- stdout\n{stdout}--- stderr\n{stderr}"));
        let mut all = game;
        all.push_str(&said(d, &["--lang", lang, "resume", "won.jsonl"]));
        all.push_str(&play("lost.jsonl", "lost.txt", &["--players", "2"]));
        all.push_str(&play("s2.jsonl", "s2.txt", &["--players", "3", "--variant", "strategy2"]));
        all.push_str(&said(d, &["--lang", lang, "play", "fischerspiel", "--players", "9"]));
        all.push_str(&said(d, &["--lang", lang, "play", "fischerspiel", "--players", "3", "--fish", "giant=1"]));
        all.push_str(&said(d, &["--lang", lang, "rules", "show", "fischerspiel"]));
        assert_no_english(lang, &all, &ENGLISH, |line| words_said(line, &typed));
        for english in ["is already", "there is nothing", "notice:", "is not an answer"] {
            assert!(!all.contains(english), "{lang}: `{english}` in\n{all}");
        }
    }
}

/// The won game typed in German and in French words (events, boats, sizes) is the same game
/// as typed with the keys: the save holds the keys.
#[test]
fn fischerspiel_events_typed_in_german_and_french_words_give_the_same_game() {
    let words = |lang: &str| -> Vec<(&'static str, &'static str)> {
        match lang {
            "de" => vec![
                ("sail", "auslaufen"),
                ("catch", "Fangen"),
                ("home", "heim"),
                ("green", "grün"),
                ("blue", "blau"),
                ("small", "klein"),
                ("medium", "mittel"),
            ],
            _ => vec![
                ("wind", "vent"),
                ("sail", "sortir"),
                ("catch", "pecher"),
                ("home", "rentrer"),
                ("green", "vert"),
                ("blue", "bleu"),
                ("small", "petit"),
                ("medium", "moyen"),
            ],
        }
    };
    let save = |lang: &str, answers: &str| -> String {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "a.txt", answers);
        let out = deckhand(dir.path())
            .args(["--lang", lang, "play", "fischerspiel", "--players", "2", "-o", "g.jsonl", "--answers", "a.txt"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{lang}: {}", String::from_utf8_lossy(&out.stderr));
        std::fs::read_to_string(dir.path().join("g.jsonl")).unwrap().lines().skip(1).collect::<Vec<_>>().join("\n")
    };
    for lang in ["de", "fr"] {
        let table = words(lang);
        let translated: String = WON
            .lines()
            .map(|line| {
                let out: Vec<&str> =
                    line.split(' ').map(|w| table.iter().find(|(k, _)| *k == w).map_or(w, |(_, t)| *t)).collect();
                out.join(" ") + "\n"
            })
            .collect();
        assert_ne!(translated, WON);
        assert_eq!(save(lang, &translated), save(lang, WON), "{lang}");
    }
}
