//! Saves written by an earlier deckhand keep loading (issue #12: "saves, sheets and
//! answers files written before keep loading"). `tests/saves/` holds saves made by
//! deckhand 0.1 as released on 2026-11-22 (commit 0964f63, built and run unchanged): a
//! finished 4-player game with physical dice, a 3-player game with digital dice, a solo
//! game against Captain Ruth, a 2-player game stopped after 40 answers, and a won and a
//! started Fischerspiel game. The `*.replay.json` files are what that deckhand's `replay
//! --format json` printed for them; today's must print the same, byte for byte, although
//! the built-in rules have changed since (`games::earlier_built_in` reads them as they were).

use std::path::Path;

use crate::common::{deckhand, repo, stdout, write};

fn saves() -> std::path::PathBuf {
    repo().join("tests/saves")
}

/// A copy of a fixture in `dir` (resuming appends to it).
fn copy(dir: &Path, name: &str) {
    std::fs::copy(saves().join(name), dir.join(name)).unwrap();
}

#[test]
fn finished_games_of_the_earlier_version_replay_to_the_table_it_printed() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["four", "digital3", "solo"] {
        copy(dir.path(), &format!("{game}.jsonl"));
        let out =
            deckhand(dir.path()).args(["replay", &format!("{game}.jsonl"), "--format", "json"]).assert().success();
        let expected = std::fs::read_to_string(saves().join(format!("{game}.replay.json"))).unwrap();
        assert_eq!(stdout(&out), expected, "{game}");
    }
}

#[test]
fn a_game_the_earlier_version_left_unfinished_resumes_and_ends_as_it_would_have() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    copy(d, "part.jsonl");
    // The 2-player reference game: the save holds its first 40 answers.
    let all = std::fs::read_to_string(repo().join("tests/games/two_players.answers")).unwrap();
    let answers: Vec<&str> = all.lines().filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).collect();
    write(d, "rest.txt", &(answers[40..].join("\n") + "\n"));
    deckhand(d).args(["resume", "part.jsonl", "--answers", "rest.txt", "--no-record"]).assert().success();
    let out = deckhand(d).args(["replay", "part.jsonl", "--format", "json"]).assert().success();
    let expected = std::fs::read_to_string(saves().join("two.replay.json")).unwrap();
    assert_eq!(stdout(&out), expected, "the same final table as the whole game played by the earlier version");
}

#[test]
fn fischerspiel_games_of_the_earlier_version_resume() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    copy(d, "coop.jsonl");
    copy(d, "coop_part.jsonl");
    let won = "WON — everyone wins: all 8 fish landed and every boat home, with the wind at 0 of 12.\n";
    let out = deckhand(d).args(["resume", "coop.jsonl"]).assert().success();
    assert_eq!(stdout(&out), won);
    // The started game held `wind`, `sail green`: the rest of the same won game.
    let rest = "sail blue\ncatch green small\ncatch green medium\ncatch green medium\ncatch blue small\n\
                catch blue medium\ncatch blue medium\nhome green\nhome blue\nsail green\nsail blue\n\
                catch green medium\ncatch blue medium\nhome green\nhome blue\n";
    write(d, "rest.txt", rest);
    let out =
        deckhand(d).args(["resume", "coop_part.jsonl", "--answers", "rest.txt", "--no-record"]).assert().success();
    assert_eq!(stdout(&out), won);
}

#[test]
fn an_earlier_save_is_still_refused_under_rules_that_changed_what_it_means() {
    // A save stamped with rules no version of deckhand shipped: refused, with the way out.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let save =
        std::fs::read_to_string(saves().join("four.jsonl")).unwrap().replace("4713d01045c60191", "0123456789abcdef");
    write(d, "g.jsonl", &save);
    let out = deckhand(d).args(["replay", "g.jsonl"]).assert().code(2);
    assert!(crate::common::stderr(&out).contains("--allow-rules-change"), "{}", crate::common::stderr(&out));
}

/// A new save's header is written byte for byte as the version before wrote it, whose
/// header held each engine's setup as a variant of one enum (`{"engine":…}` then the
/// setup's fields in their order): today the engine writes its own setup beside its id.
#[test]
fn a_new_save_header_is_written_as_before() {
    use deckhand::games::fischerspiel::setup::CoopSetup;
    use deckhand::games::fleet::game::Dice;
    use deckhand::games::fleet::setup::{BotLevel, Bots, DealCode, FleetSetup};
    use deckhand::store::save::{Header, RulesStamp, Setup};
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let stamp = RulesStamp { hash: "00ff".into(), text: Some("[game]\n".into()) };
    let fleet = FleetSetup {
        dice: Dice::Digital,
        seed: Some(7),
        solo: false,
        captains: true,
        trophies: false,
        deal: DealCode::parse("club-7"),
        bots: Some(Bots { first: 1, level: BotLevel::Advisor, seed: 9 }),
    };
    let mut header = Header::new("fleet-dice", stamp.clone(), names.clone(), Setup::new("fleet", fleet));
    header.started = Some(1_764_000_000);
    assert_eq!(
        serde_json::to_string(&header).unwrap(),
        r#"{"format":"deckhand-save","schema":2,"game":"fleet-dice","rules":{"hash":"00ff","text":"[game]\n"},"players":["Ann","Bob"],"setup":{"engine":"fleet","dice":"Digital","seed":7,"solo":false,"captains":true,"trophies":false,"deal":"CLUB-7","bots":{"first":1,"level":"advisor","seed":9}},"started":1764000000}"#
    );
    // The header's setup as the version before declared it.
    #[derive(serde::Serialize)]
    #[serde(tag = "engine", rename_all = "lowercase")]
    enum Before {
        Fleet(FleetSetup),
    }
    let plain = FleetSetup { dice: Dice::Physical, ..FleetSetup::default() };
    for setup in [fleet, plain] {
        assert_eq!(
            serde_json::to_string(&Setup::new("fleet", setup)).unwrap(),
            serde_json::to_string(&Before::Fleet(setup)).unwrap()
        );
    }
    let header = Header::new("fleet-dice", stamp.clone(), names.clone(), Setup::new("fleet", plain));
    let line = serde_json::to_string(&header).unwrap();
    let want = r#""setup":{"engine":"fleet","dice":"Physical","solo":false,"captains":false,"trophies":false}"#;
    assert!(line.contains(want), "{line}");
    let coop = CoopSetup {
        players: 2,
        variant: "base".into(),
        boats: vec!["red".into(), "grey".into()],
        fish: [("small".to_string(), 2), ("large".to_string(), 1)].into_iter().collect(),
    };
    let mut header = Header::new("fischerspiel", stamp, names, Setup::new("fischerspiel", coop));
    header.started = None;
    assert_eq!(
        serde_json::to_string(&header).unwrap(),
        r#"{"format":"deckhand-save","schema":2,"game":"fischerspiel","rules":{"hash":"00ff","text":"[game]\n"},"players":["Ann","Bob"],"setup":{"engine":"fischerspiel","players":2,"variant":"base","boats":["red","grey"],"fish":{"large":1,"small":2}}}"#
    );
}
