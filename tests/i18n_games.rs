//! The games' texts in German and French: the Fischerspiel tracker, the end-game scoring of
//! Nauticus and the reference cards.

use crate::common::{deckhand, examples_dir, stderr, stdout, write};

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
    assert!(text.contains("ann.toml (Ann): 2 Grenzverletzung(en)"), "{text}");
    assert!(text.contains("bob.toml (Bob): jede Eingabe liegt innerhalb der Grenzen"), "{text}");
    assert!(text.contains("goods_coffee = 13 liegt außerhalb von 0–12"), "{text}");
    assert!(text.contains("2 Bogen/Bögen geprüft: 2 Grenzverletzung(en)"), "{text}");
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
    assert!(err.contains("`fly` n'est pas un événement ; tapez `help` pour la liste"), "{err}");
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
