//! The game-night history (#14) through the binary, against real SQLite files in temporary
//! folders: recording at the end of live games and with `score --record`, `import`,
//! `history`, `stats`, `night`, `export`, `players rename`, `history delete`; migrations
//! from an empty file and from every earlier schema version; refused files left
//! byte-identical; two processes writing at once; an unwritable database that only warns.

use std::path::{Path, PathBuf};

use deckhand::games::fleet::game::{Ask, Input};
use deckhand::games::fleet::random::random_input;
use deckhand::games::fleet::session::Session;
use deckhand::history::migrate::{APPLICATION_ID, MIGRATIONS, VERSION};
use deckhand::rng::Rng;
use predicates::str::contains;
use serde_json::Value;

use crate::common::{deckhand, fleet, repo, stderr, stdout, write};

mod deals;
mod exchange;
mod files;
mod listing;
mod players;
mod recording;

/// A whole random Fleet game as answers, and the name of the player chosen to start.
fn answers(seed: u64, players: &[&str]) -> (String, String) {
    let rules = fleet();
    let names: Vec<String> = players.iter().map(|s| s.to_string()).collect();
    let mut session = Session::new(&rules, &names);
    let mut rng = Rng::new(seed);
    let (mut lines, mut starter) = (String::new(), String::new());
    while let Some(input) = random_input(&rules, &session, &mut rng) {
        let input = match input {
            Input::Roll { faces, .. } => Input::Roll { faces, digital: false },
            other => other,
        };
        if let (Some(d), Input::Choice(k)) = (session.game.decision(&rules), &input) {
            if d.ask == Ask::StartPlayer {
                starter = k.clone();
            }
        }
        lines.push_str(&match &input {
            Input::Choice(k) => k.clone(),
            Input::Roll { faces, .. } => faces.join(" "),
        });
        lines.push('\n');
        session.apply(&rules, input).unwrap();
    }
    (lines, starter)
}

/// `play` a whole Fleet game with the given players into `save`; returns who started.
fn play(dir: &Path, save: &str, seed: u64, players: &[&str], extra: &[&str]) -> (assert_cmd::assert::Assert, String) {
    let (lines, starter) = answers(seed, players);
    let name = format!("{save}.answers");
    write(dir, &name, &lines);
    let out = deckhand(dir)
        .args(["play", "fleet-dice", "--players", &players.join(","), "--save", save, "--answers", &name])
        .args(extra)
        .assert();
    (out, starter)
}

const WON: &str = "wind\nsail green\nsail blue\ncatch green small\ncatch green medium\ncatch green medium\n\
catch blue small\ncatch blue medium\ncatch blue medium\nhome green\nhome blue\nsail green\nsail blue\n\
catch green medium\ncatch blue medium\nhome green\nhome blue\n";

fn json(out: &assert_cmd::assert::Assert) -> Value {
    serde_json::from_str(&stdout(out)).unwrap_or_else(|e| panic!("{e}: {}", stdout(out)))
}

fn sheets() -> Vec<String> {
    ["ann", "bob", "jerome", "linda"]
        .iter()
        .map(|p| repo().join(format!("examples/{p}.toml")).display().to_string())
        .collect()
}

fn nauticus_sheets() -> Vec<String> {
    ["ann", "ben", "cleo"]
        .iter()
        .map(|p| repo().join(format!("examples/nauticus/{p}.toml")).display().to_string())
        .collect()
}

fn sha256(path: &Path) -> String {
    deckhand::history::content_hash(&std::fs::read(path).unwrap())
}

/// A history with three Fleet games on two nights and one Nauticus game.
pub(crate) fn club(d: &Path) {
    // Three fish per boat score 19, two 16, one 13.
    let sheet = |player: &str, fish: usize| {
        format!("game = \"fleet-dice\"\nplayer = \"{player}\"\n[marks]\ncod = 9\ncod_license = \"x x x\"\ncod_boat = \"x x x\"\n[fish]\ncod_boat = [{fish}, {fish}, {fish}]\n")
    };
    let mut n = 0;
    for (date, players) in [
        ("2025-01-10", vec![("Ann", 3), ("Bob", 1)]),
        ("2025-01-10", vec![("bob", 3), ("ANN", 2), ("Cy", 1)]),
        ("2025-01-17", vec![("Cy", 3), ("Dee", 2)]),
    ] {
        let files: Vec<String> = players
            .iter()
            .map(|(p, cod)| {
                n += 1;
                write(d, &format!("s{n}.toml"), &sheet(p, *cod))
            })
            .collect();
        deckhand(d).args(["score", "--db", "h.sqlite3", "--record", "--date", date]).args(&files).assert().success();
    }
    deckhand(d)
        .args(["score", "--db", "h.sqlite3", "--record", "--date", "2025-01-17"])
        .args(nauticus_sheets())
        .assert()
        .success();
}

/// A history of `n` made-up Fleet plays of three players (filled without a sync per play).
fn filled(path: &Path, n: u64) {
    use deckhand::history::{Date, Db, Outcome, PlayRecord, PlaySource, PlayerRecord};
    let mut db = Db::open(path).unwrap();
    db.connection().pragma_update(None, "synchronous", "OFF").unwrap();
    for i in 0..n {
        let players = ["Ann", "Bob", "Cy"]
            .iter()
            .enumerate()
            .map(|(seat, name)| {
                let score = ((i * 7 + seat as u64 * 13) % 60) as i64;
                PlayerRecord {
                    name: name.to_string(),
                    score: Some(score),
                    rank: Some(1 + seat as u32),
                    winner: seat == 0,
                    categories: vec![("fish".into(), score / 2), ("boats".into(), score - score / 2)],
                }
            })
            .collect();
        let play = PlayRecord {
            game_id: "fleet-dice".into(),
            game_name: "Fleet: The Dice Game".into(),
            bgg_id: Some(269_188),
            started_at: Some(1_700_000_000 + i as i64 * 3_600),
            utc_offset: 0,
            night: Date::from_days(19_675 + (i / 3) as i64),
            duration_s: Some(1_800),
            source: PlaySource::Live,
            players,
            start_player: Some(0),
            rules_fingerprint: "0123456789abcdef".into(),
            save_hash: Some(format!("{i:064x}")),
            outcome: Outcome::Ranked,
            location: None,
            deal: None,
        };
        deckhand::history::record::record(&mut db, &play).unwrap();
    }
}

fn export(d: &Path, db: &str) -> String {
    stdout(&deckhand(d).args(["export", "--format", "deckhand", "--db", db]).assert().success())
}

/// One play as a line of a deckhand export: two players (`names`), a location.
fn export_line(id: i64, names: &[&str], location: Option<&str>) -> String {
    let players: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let score = 50 - i as i64;
            serde_json::json!({"name": n, "score": score, "rank": i + 1, "winner": i == 0,
                               "categories": [["fish", score]]})
        })
        .collect();
    serde_json::json!({"id": id, "game_id": "fleet-dice", "game_name": "Fleet: The Dice Game", "bgg_id": null,
        "started_at": 1_700_000_000 + id * 3_600, "utc_offset": 0, "night": format!("2025-01-{:02}", id),
        "duration_s": 1800, "source": "paper", "mode": "ranked", "result": null, "final_wind": null,
        "solo_rating_min": null, "start_player": 0, "rules_fingerprint": "0123456789abcdef",
        "save_hash": format!("h{id}"), "location": location, "deal": null, "players": players})
    .to_string()
}

fn export_of(lines: &[String]) -> String {
    let mut text = String::from("{\"format\":\"deckhand-history\",\"version\":1}\n");
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    text
}
