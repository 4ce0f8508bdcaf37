//! Issue #22's parity: the reference 4-player game played (a) at the terminal from its
//! entries and (b) on the seats' pages over HTTP, answering the questions the pages ask
//! with the options they offer, gives the same save byte for byte (the start time aside).

use std::path::Path;

use deckhand::games::fleet::entry::{plan_keys, Entries};
use deckhand::games::fleet::session::{Entry, Session};
use serde_json::{json, Value};

use crate::common::{deckhand, repo};
use crate::host::Host;

const PLAYERS: [&str; 4] = ["Ann", "Bob", "Cy", "Dee"];

/// A save's entries (its lines after the header).
pub(crate) fn entries(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path).unwrap().lines().skip(1).map(String::from).collect()
}

/// The reference game played at the terminal from its entries file (`answers.txt` and
/// `a.jsonl` in `d`): its save's entries.
pub(crate) fn at_the_terminal(d: &Path) -> Vec<String> {
    let compact = std::fs::read_to_string(repo().join("tests/games/four_players.compact.answers")).unwrap();
    std::fs::write(d.join("answers.txt"), compact).unwrap();
    deckhand(d)
        .args(["play", "fleet-dice", "--players", "Ann,Bob,Cy,Dee", "--answers", "answers.txt", "--save", "a.jsonl"])
        .assert()
        .success();
    entries(&d.join("a.jsonl"))
}

/// A save's header without its start time.
fn header(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    let mut head: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    head.as_object_mut().unwrap().retain(|k, _| !k.contains("start") && k != "started");
    head
}

/// The save lines an answer of `seat` with `keys` (an option of its page) writes, as the
/// table's service plans it on the game of `done`.
pub(crate) fn planned(done: &[String], seat: usize, keys: &str) -> Option<Vec<String>> {
    let rules = deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
    let names: Vec<String> = PLAYERS.iter().map(|n| n.to_string()).collect();
    let parsed: Vec<Entry> = done.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    let session = Session::replay(&rules, &names, Default::default(), &parsed).ok()?;
    let keys: Vec<&str> = keys.split_whitespace().collect();
    let steps = plan_keys(&rules, &session.game, seat, &keys, Entries::default()).ok()?;
    Some(steps.into_iter().map(|s| serde_json::to_string(&Entry::answer(s.by, s.input)).unwrap()).collect())
}

#[test]
fn the_reference_game_on_the_pages_saves_what_the_terminal_saves() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // (a) At the terminal, from the entries file.
    let want = at_the_terminal(d);
    // (b) On the pages: each question a page asks answered with one of its options.
    let bin = assert_cmd::cargo::cargo_bin("deckhand");
    let args =
        ["play", "fleet-dice", "--players", "Ann,Bob,Cy,Dee", "--save", "b.jsonl", "--serve", "--bind", "127.0.0.1:0"];
    let mut host = Host::start(&bin, d, &args, "b.jsonl");
    let mut asked = [0usize; 4];
    let mut rolls = [0usize; 4];
    loop {
        let done = entries(&host.save);
        assert_eq!(want[..done.len()], done[..], "the pages' save left the terminal's");
        if done.len() == want.len() {
            break;
        }
        let next: Value = serde_json::from_str(&want[done.len()]).unwrap();
        // Every seat's page; the first whose question an offered option answers as the
        // terminal did.
        let mut answered = false;
        for seat in 0..4 {
            let state = host.state(seat);
            let decision = &state["decision"];
            if decision.is_null() {
                continue;
            }
            let offer = decision["offer"].as_u64().unwrap();
            if !decision["roll"].is_null() {
                let Some(faces) = next["do"]["Roll"]["faces"].as_array() else { continue };
                let r = host.post(&format!("{}/answer", host.seats[seat]), &json!({"offer": offer, "faces": faces}));
                assert_eq!(r.status, 200, "{}", r.body);
                rolls[seat] += 1;
                answered = true;
                break;
            }
            // The longest option whose save lines are the terminal's next ones.
            let best = decision["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o["key"].as_str().unwrap().to_string())
                .filter_map(|key| {
                    let lines =
                        planned(&done, seat, &key).unwrap_or_else(|| vec![format!(r#"{{"do":{{"Choice":"{key}"}}}}"#)]);
                    let fits = !lines.is_empty() && want[done.len()..].starts_with(&lines);
                    fits.then_some((lines.len(), key))
                })
                .max_by_key(|(n, _)| *n);
            let Some((_, key)) = best else { continue };
            let r = host.answer(seat, offer, &key);
            assert_eq!(r.status, 200, "{}", r.body);
            asked[seat] += 1;
            answered = true;
            break;
        }
        assert!(answered, "no page offers the terminal's next answer {next} after {} lines", done.len());
    }
    assert_eq!(header(&host.save), header(&d.join("a.jsonl")));
    assert_eq!(std::fs::read_to_string(&host.save).unwrap().lines().count(), want.len() + 1);
    // What the pages asked: no more than a terminal's entry per person-decision.
    let total: usize = asked.iter().sum::<usize>() + rolls.iter().sum::<usize>();
    eprintln!("questions per seat on the pages: {asked:?}, rolls {rolls:?}, {total} in all");
    assert!(asked.iter().all(|n| *n > 0));
    // The host terminal shows each phone's answer in its log, as its own.
    let said = host.said();
    for name in PLAYERS {
        assert!(said.contains(&format!("{name} (phone): ")), "{said}");
    }
    host.finish();
}

/// The host terminal in phone mode takes what it takes without phones: the same entries
/// file, given with `--answers` while the game is served, plays the whole game to the same
/// save.
#[test]
fn an_entries_file_plays_the_served_game_as_at_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let want = at_the_terminal(d);
    let bin = assert_cmd::cargo::cargo_bin("deckhand");
    let args = [
        "play",
        "fleet-dice",
        "--players",
        "Ann,Bob,Cy,Dee",
        "--answers",
        "answers.txt",
        "--save",
        "b.jsonl",
        "--serve",
        "--bind",
        "127.0.0.1:0",
    ];
    let mut host = Host::start(&bin, d, &args, "b.jsonl");
    let started = std::time::Instant::now();
    while entries(&host.save).len() < want.len() {
        assert!(started.elapsed() < std::time::Duration::from_secs(30), "stopped at {:?}", entries(&host.save).last());
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(entries(&host.save), want);
    assert_eq!(header(&host.save), header(&d.join("a.jsonl")));
    host.finish();
}
