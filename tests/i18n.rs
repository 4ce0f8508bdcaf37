//! The message catalogs: every key in every language with the same placeholders and plural
//! forms, every key used in the code, every key the code uses present.

use std::collections::BTreeSet;
use std::path::Path;

use deckhand::text::{catalog, placeholders, CatalogText, Lang};

use crate::common::repo;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Message keys the source code names: string literals `"engine.x"`, `"cli.x"`, `"games.x"`,
/// `"rules.x"`.
fn keys_in_code() -> BTreeSet<String> {
    let mut files = Vec::new();
    rust_files(&repo().join("src"), &mut files);
    let mut keys = BTreeSet::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for area in ["engine.", "cli.", "games.", "rules.", "web.", "paper."] {
            let pattern = format!("\"{area}");
            let mut rest = text.as_str();
            while let Some(i) = rest.find(&pattern) {
                let after = &rest[i + 1..];
                let end = after.find('"').unwrap();
                let key = &after[..end];
                if key.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '.')
                    && !key.ends_with('.')
                {
                    keys.insert(key.to_string());
                }
                rest = &after[end..];
            }
        }
    }
    keys
}

/// The placeholders a message fills (a language may choose a whole template by `n` where
/// another says the number word by word with `{n|coin|coins}`).
fn names(m: &CatalogText) -> Vec<String> {
    match m {
        CatalogText::Text(t) => placeholders(t),
        CatalogText::Plural { one, other } => {
            let mut p = placeholders(one);
            p.extend(placeholders(other));
            p.sort();
            p.dedup();
            p
        }
    }
}

#[test]
fn every_key_is_in_every_language_with_the_same_placeholders() {
    let en = catalog(Lang::En);
    for lang in Lang::ALL {
        let cat = catalog(lang);
        let missing: Vec<&str> = en.keys().filter(|k| !cat.contains_key(k)).collect();
        let extra: Vec<&str> = cat.keys().filter(|k| !en.contains_key(k)).collect();
        assert!(missing.is_empty(), "keys missing from the {lang} catalog: {missing:?}");
        assert!(extra.is_empty(), "keys in the {lang} catalog but not in English: {extra:?}");
        for (k, m) in cat.iter() {
            assert_eq!(names(&m), names(&en.get(k).unwrap()), "{lang} {k}: placeholders differ from English");
        }
    }
}

#[test]
fn every_key_is_used_and_every_used_key_exists() {
    let used = keys_in_code();
    let en = catalog(Lang::En);
    let unknown: Vec<&String> = used.iter().filter(|k| !en.contains_key(k)).collect();
    assert!(unknown.is_empty(), "the code uses keys no catalog has: {unknown:?}");
    let unused: Vec<&str> = en.keys().filter(|k| !used.contains(*k)).collect();
    assert!(unused.is_empty(), "catalog keys no code uses: {unused:?}");
}

#[test]
fn the_language_comes_from_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let run = |lang: &str| {
        let out = crate::common::deckhand(dir.path())
            .env("LANG", lang)
            .args(["score", "fleet-dice", &repo().join("examples/linda.toml").display().to_string()])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(run("de_DE.UTF-8").contains("LIZENZEN"));
    assert!(run("fr_FR.UTF-8").contains("PERMIS"));
    assert!(run("C").contains("LICENSES"));
}

#[test]
fn json_keeps_english_keys_and_gives_values_in_the_language() {
    let dir = tempfile::tempdir().unwrap();
    let sheets: Vec<String> = ["ann", "bob", "jerome", "linda"]
        .iter()
        .map(|p| repo().join(format!("examples/{p}.toml")).display().to_string())
        .collect();
    let out = crate::common::deckhand(dir.path())
        .args(["--lang", "de", "score", "--format", "json"])
        .args(&sheets)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["categories"][0], "FISCH");
    let note = json["notes"][0].as_str().unwrap();
    assert!(note.starts_with("Bob und Jerome haben je 42 Punkte; entschieden nach"), "{note}");
    assert!(json["rows"][0]["player"].is_string(), "keys stay English");
}

#[test]
fn counts_agree_with_their_words_in_every_language() {
    use deckhand::text::tr;
    let say = |lang: Lang, key: &str, n: i64| tr(lang, key, &[("n", &n), ("path", &"x.toml")]);
    for (lang, key, one, two, zero) in [
        (Lang::En, "cli.error.input", "1 error in x.toml", "2 errors in x.toml", "0 errors in x.toml"),
        (Lang::De, "cli.error.input", "1 Fehler in x.toml", "2 Fehler in x.toml", "0 Fehler in x.toml"),
        (Lang::Fr, "cli.error.input", "1 erreur dans x.toml", "2 erreurs dans x.toml", "0 erreur dans x.toml"),
        (Lang::En, "engine.opt_coins", "1 coin", "2 coins", "0 coins"),
        (Lang::De, "engine.opt_coins", "1 Münze", "2 Münzen", "0 Münzen"),
        (Lang::Fr, "engine.opt_coins", "1 pièce", "2 pièces", "0 pièce"),
        (Lang::En, "engine.want_town", "1 town die", "2 town dice", "0 town dice"),
        (Lang::Fr, "engine.want_town", "1 dé ville", "2 dés ville", "0 dé ville"),
    ] {
        assert_eq!(say(lang, key, 1), one, "{lang} {key}");
        assert_eq!(say(lang, key, 2), two, "{lang} {key}");
        assert_eq!(say(lang, key, 0), zero, "{lang} {key}");
    }
    // Two counts in one message, each with its own word.
    let args: [(&str, &dyn std::fmt::Display); 3] = [("n", &1), ("boats", &2), ("fish", &"tuna")];
    assert_eq!(
        tr(Lang::En, "games.fischerspiel.err.needs_boats", &args),
        "a tuna needs 2 boats next to it at once, but only 1 boat is at sea"
    );
    assert_eq!(
        tr(Lang::De, "games.fischerspiel.err.needs_boats", &args),
        "ein tuna braucht 2 Boote gleichzeitig daneben, aber nur 1 Boot ist auf See"
    );
    // No message leaves the number to the reader.
    for lang in Lang::ALL {
        for (key, m) in catalog(lang).iter() {
            let texts = match m {
                CatalogText::Text(t) => vec![t],
                CatalogText::Plural { one, other } => vec![one, other],
            };
            for t in texts {
                assert!(!t.contains("(s)") && !t.contains("(en)") && !t.contains("(x)"), "{lang} {key}: {t}");
            }
        }
    }
}
