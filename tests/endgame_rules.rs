//! Endgame rules files: the built-in ones pass `rules check`; a file that misuses any
//! scoring kind fails it with file:line:column; a new game needs only a TOML file.

use predicates::prelude::*;
use predicates::str::contains;

use crate::common::{deckhand, repo, stdout, write};

use deckhand::text::Lang;

const BASE: &str = r#"[game]
id = "mini"
engine = "endgame"
name = { en = "Mini", de = "Mini", fr = "Mini" }
players = { min = 2, max = 4 }

[[input]]
id = "coins"
name = { en = "coins" }
max = 50
because = "the box has 50 coins"

[[input]]
id = "tiles"
name = { en = "tile" }
list = true
item_min = 1
item_max = 5
max_items = 10

[[input]]
id = "debt"
name = { en = "debt" }
min = -10
max = 10
"#;

/// `BASE` + `extra`, checked; returns the exit code, stderr and the full text.
fn check(extra: &str) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("{BASE}\n{extra}");
    write(dir.path(), "mini.toml", &text);
    let out = deckhand(dir.path()).args(["rules", "check", "mini.toml"]).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("panicked"), "{err}");
    (out.status.code().unwrap(), err, text)
}

/// `file:line:column` of the first occurrence of `needle` after `after` in `text`.
fn at(text: &str, after: &str, needle: &str) -> String {
    let from = text.find(after).unwrap();
    let offset = from + text[from..].find(needle).unwrap();
    let line = text[..offset].matches('\n').count() + 1;
    let col = offset - text[..offset].rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("mini.toml:{line}:{col}")
}

fn category(id: &str, body: &str) -> String {
    format!("[[category]]\nid = \"{id}\"\nname = {{ en = \"{id}\" }}\n{body}\n")
}

#[test]
fn the_built_in_endgame_files_pass_rules_check() {
    for game in ["nauticus", "titania", "fischerspiel"] {
        deckhand(&repo())
            .args(["rules", "check", &format!("rules/{game}.toml")])
            .assert()
            .success()
            .stdout(contains(format!("ok — game `{game}`")));
        deckhand(&repo())
            .args(["rules", "export", game])
            .assert()
            .success()
            .stdout(std::fs::read_to_string(repo().join(format!("rules/{game}.toml"))).unwrap());
    }
}

#[test]
fn a_well_formed_mini_game_passes() {
    let (code, err, _) = check(&category("total", "kind = \"sum\"\nof = [\"coins\", \"debt\"]"));
    assert_eq!(code, 0, "{err}");
}

#[test]
fn each_misused_scoring_kind_fails_with_line_and_column() {
    // (category body, where the error points: (after, needle), message)
    let cases: Vec<(&str, &str, (&str, &str), &str)> = vec![
        (
            "v",
            "kind = \"value\"\nof = \"tiles\"",
            ("id = \"v\"", "\"tiles\""),
            "`tiles` is a list; kind value needs a number",
        ),
        (
            "t",
            "kind = \"times\"\nof = \"coins\"\npoints = { coins = 2 }",
            ("id = \"t\"", "{ coins"),
            "kind times takes one whole number in `points`",
        ),
        ("k", "kind = \"per_key\"\npoints = 3", ("id = \"k\"", "3"), "kind per_key takes a table of points"),
        (
            "k2",
            "kind = \"per_key\"\npoints = { coins = 1, coinz = 2 }",
            ("id = \"k2\"", "coinz"),
            "unknown input or value `coinz`",
        ),
        (
            "tb",
            "kind = \"table\"\nof = \"coins\"\ntable = [1, 3, 6]",
            ("id = \"tb\"", "[1, 3, 6]"),
            "`coins` can be up to 50, but the table of `tb` stops at 3 and has no `beyond`",
        ),
        (
            "tn",
            "kind = \"table\"\nof = \"debt\"\ntable = [1]\nbeyond = 1",
            ("id = \"tn\"", "debt"),
            "`debt` can be negative (-10), but a table looks up counts from 0",
        ),
        (
            "p",
            "kind = \"per\"\nof = \"coins\"\nevery = 0",
            ("id = \"p\"", "0"),
            "every must be between 1 and 1000000; got 0",
        ),
        (
            "pn",
            "kind = \"per\"\nof = \"debt\"\nevery = 2",
            ("id = \"pn\"", "\"debt\""),
            "`debt` can be negative (-10); kind per divides counts of 0 or more",
        ),
        (
            "r",
            "kind = \"remainder\"\nof = \"coins\"",
            ("id = \"r\"", "\"remainder\""),
            "kind `remainder` needs `every` (`r`)",
        ),
        (
            "l",
            "kind = \"list_sum\"\nof = \"coins\"",
            ("id = \"l\"", "\"coins\""),
            "kind list_sum adds up a list, and `coins` is a number",
        ),
        (
            "s",
            "kind = \"sum\"\nof = [\"coins\", \"tiles\"]",
            ("id = \"s\"", "tiles"),
            "`tiles` is a list; kind sum adds numbers",
        ),
        (
            "s2",
            "kind = \"sum\"\nof = [\"coins\", \"later\"]",
            ("id = \"s2\"", "later"),
            "unknown input or value `later`",
        ),
        (
            "c",
            "kind = \"value\"\nof = \"coins\"\ncap = 60",
            ("id = \"c\"", "60"),
            "cap 60 can never apply: `c` is at most 50",
        ),
        ("x", "kind = \"product\"\nof = \"coins\"", ("id = \"x\"", "\"product\""), "unknown scoring kind `product`"),
        (
            "e",
            "kind = \"value\"\nof = \"coins\"\nevery = 3",
            ("id = \"e\"", "3"),
            "`every` is not used by kind `value` (`e`)",
        ),
    ];
    for (id, body, (after, needle), message) in cases {
        let (code, err, text) = check(&category(id, body));
        assert_eq!(code, 2, "{id}: {err}");
        let expected = format!("error: {}: {message}", at(&text, after, needle));
        assert!(err.contains(&expected), "{id}: expected `{expected}` in\n{err}");
    }
}

#[test]
fn misused_inputs_limits_and_tie_breaks_fail_with_line_and_column() {
    let ok = category("total", "kind = \"value\"\nof = \"coins\"");
    let cases: Vec<(String, (&str, &str), &str)> = vec![
        (
            format!("{ok}[[tie_break]]\nof = \"tiles\"\nname = {{ en = \"most tiles\" }}\n"),
            ("[[tie_break]]", "\"tiles\""),
            "tie-break `tiles` is a list",
        ),
        (
            format!("{ok}[[limit]]\nid = \"lim\"\nsum = {{ coins = 1 }}\nmax = 50\nbecause = \"x\"\n"),
            ("[[limit]]", "\"lim\""),
            "limit `lim` can never be broken: the inputs' own limits keep the sum within 0–50",
        ),
        (
            format!(
                "{ok}[[limit]]\nid = \"lim\"\nsum = {{ coins = 1 }}\nmax = 5\nscope = \"table\"\nbecause = \"x\"\n"
            ),
            ("[[limit]]", "\"table\""),
            "unknown limit scope `table`",
        ),
        (
            format!("{ok}[[input]]\nid = \"gold\"\nname = {{ en = \"gold\" }}\nmin = 1\nmax = 5\n"),
            ("id = \"gold\"", "1"),
            "`gold` allows 1–5, but a sheet that leaves it out counts it as 0",
        ),
        (
            format!("{ok}[[input]]\nid = \"Gold\"\nname = {{ en = \"gold\" }}\nmax = 5\n"),
            ("id = \"Gold", "\"Gold\""),
            "input id `Gold` must be lower-case letters, digits and `_`",
        ),
    ];
    for (extra, (after, needle), message) in cases {
        let (code, err, text) = check(&extra);
        assert_eq!(code, 2, "{err}");
        let expected = format!("error: {}: {message}", at(&text, after, needle));
        assert!(err.contains(&expected), "expected `{expected}` in\n{err}");
    }
}

#[test]
fn every_error_of_a_file_is_reported_in_one_run() {
    let (code, err, _) = check(&format!(
        "{}{}{}",
        category("a", "kind = \"value\"\nof = \"tiles\""),
        category("b", "kind = \"per\"\nof = \"coins\"\nevery = 0"),
        category("c", "kind = \"nope\"")
    ));
    assert_eq!(code, 2);
    assert!(err.contains("3 errors in rules file mini.toml"), "{err}");
}

#[test]
fn a_new_end_game_only_game_needs_just_a_toml_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let docs = std::fs::read_to_string(repo().join("docs/other-games.md")).unwrap();
    // The example in the docs, verbatim, is a working game.
    let start = docs.find("```toml\n[game]\nid = \"pearls\"").expect("the docs show the pearls example") + 8;
    let end = start + docs[start..].find("```").unwrap();
    write(d, "pearls.toml", &docs[start..end]);
    deckhand(d).args(["rules", "check", "pearls.toml"]).assert().success();
    write(d, "ann.toml", "game = \"pearls\"\nplayer = \"Ann\"\n[inputs]\npearls = 7\nchests = [4, 2]\n");
    write(d, "bob.toml", "game = \"pearls\"\nplayer = \"Bob\"\n[inputs]\npearls = 10\nchests = [3]\n");
    let out = deckhand(d)
        .args(["score", "--rules", "pearls.toml", "--format", "csv", "ann.toml", "bob.toml"])
        .assert()
        .success();
    assert_eq!(stdout(&out), "rank,shared,player,pearls,chests,total\n1,false,Ann,9,6,15\n2,false,Bob,12,3,15\n");
    deckhand(d).args(["score", "--rules", "pearls.toml", "ann.toml", "bob.toml"]).assert().success().stdout(
        contains("decided by most pearls (Bob 10, Ann 7)").not().and(contains("decided by most chests (Ann 2, Bob 1)")),
    );
}

#[test]
fn the_readme_example_of_a_new_game_works_from_its_toml_alone() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let start = readme.find("```toml\n[game]\nid = \"tally\"").expect("the README shows the tally example") + 8;
    let end = start + readme[start..].find("```").unwrap();
    write(d, "tally.toml", &readme[start..end]);
    deckhand(d).args(["rules", "check", "tally.toml"]).assert().success();
    write(d, "ann.toml", "game = \"tally\"\nplayer = \"Ann\"\n[inputs]\ngems = 10\n");
    write(d, "bob.toml", "game = \"tally\"\nplayer = \"Bob\"\n[inputs]\ngems = 11\n");
    // 10 gems -> 3 x 2 = 6; 11 gems -> 6 too: a tie on points decided by most gems.
    deckhand(d)
        .args(["score", "--rules", "tally.toml", "--format", "csv", "ann.toml", "bob.toml"])
        .assert()
        .success()
        .stdout("rank,shared,player,gems,total\n1,false,Bob,6,6\n2,false,Ann,6,6\n");
    write(d, "cy.toml", "game = \"tally\"\nplayer = \"Cy\"\n[inputs]\ngems = 31\n");
    deckhand(d)
        .args(["score", "--rules", "tally.toml", "cy.toml"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cy.toml:4:"));
}

/// `help`, `because` and `by` take a plain string (shown as it is in every language) or a
/// table with one text per language, like the card lines.
#[test]
fn help_and_because_are_plain_strings_or_one_text_per_language() {
    use deckhand::games::endgame::eval::{check_sheet, InputValue};
    use deckhand::games::{self as rules, Source};
    use deckhand::text::endgame::message;
    let text = r#"[game]
id = "mini"
engine = "endgame"
name = { en = "Mini" }
by = { en = "Ann and Bob", de = "Ann und Bob", fr = "Ann et Bob" }
players = { min = 2, max = 4 }

[[input]]
id = "coins"
name = { en = "coins", de = "Münzen" }
help = { en = "coins in hand", de = "Münzen auf der Hand", fr = "pièces en main" }
max = 50
because = "the box has 50 coins"

[[input]]
id = "gems"
name = { en = "gems" }
help = "gems on your board"
max = 9
because = { en = "9 gems", de = "9 Edelsteine", fr = "9 gemmes" }

[[limit]]
id = "all"
sum = { coins = 1, gems = 1 }
max = 55
because = { en = "55 pieces", de = "55 Teile" }

[[category]]
id = "points"
name = { en = "POINTS" }
kind = "sum"
of = ["coins", "gems"]
"#;
    let loaded = rules::from_source(Source::new("mini.toml", text)).unwrap_or_else(|e| panic!("{e}"));
    let r = loaded.endgame().unwrap();
    let (coins, gems) = (&r.sheet.inputs[0], &r.sheet.inputs[1]);
    assert_eq!(coins.help.as_ref().unwrap().get(Lang::Fr), "pièces en main");
    assert_eq!(gems.help.as_ref().unwrap().get(Lang::De), "gems on your board", "a plain string in every language");
    assert_eq!(r.by.as_ref().unwrap().get(Lang::De), "Ann und Bob");
    let too_many = [InputValue::Number(51), InputValue::Number(10)];
    let v: Vec<String> =
        check_sheet(&r.sheet, &too_many, &[true, true]).iter().map(|v| message(&r.sheet, v, Lang::De)).collect();
    assert!(v[0].ends_with(": the box has 50 coins"), "{}", v[0]);
    assert!(v[1].ends_with(": 9 Edelsteine"), "{}", v[1]);
    let fr = check_sheet(&r.sheet, &[InputValue::Number(50), InputValue::Number(9)], &[true, true]);
    let fr = message(&r.sheet, &fr[0], Lang::Fr);
    assert!(fr.ends_with(" : 55 pieces"), "French falls back to English: {fr}");
}
