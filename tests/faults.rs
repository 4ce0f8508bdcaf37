//! The served game and the outputs under faults (issue #21): an undo is one journal line,
//! an undo of nothing a person decided is refused, a standard output that fails never
//! stops the game's own work, and a table of fewer sheets than the game's minimum is
//! scored with a note.

use std::path::Path;
use std::process::Stdio;

use predicates::prelude::*;
use predicates::str::contains;

use crate::common::{deckhand, repo};

/// The lines of a save after its header (the header holds the start time).
fn entries(dir: &Path, save: &str) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join(save)).unwrap();
    text.lines().skip(1).map(str::to_string).collect()
}

/// A 3-player digital game answered from `answers`, stopped when they run out.
fn digital(dir: &Path, save: &str, answers: &str) -> std::process::Output {
    std::fs::write(dir.join(format!("{save}.txt")), answers).unwrap();
    deckhand(dir)
        .args(["play", "fleet-dice", "--players", "Ann,Bob,Cy", "--dice", "digital", "--seed", "7"])
        .args(["--save", save, "--answers", &format!("{save}.txt")])
        .output()
        .unwrap()
}

#[test]
fn an_undo_of_nothing_a_person_decided_is_refused_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let plain = digital(dir.path(), "plain.jsonl", "");
    assert_eq!(plain.status.code(), Some(2), "ran out of answers");
    let before = entries(dir.path(), "plain.jsonl");
    assert!(!before.is_empty(), "deckhand rolled and chose the start by itself");
    let undos = digital(dir.path(), "undos.jsonl", &"undo\n".repeat(3));
    let said = String::from_utf8_lossy(&undos.stderr);
    assert_eq!(said.matches("cannot undo: nothing to undo").count(), 3, "{said}");
    assert_eq!(entries(dir.path(), "undos.jsonl"), before, "nothing written, nothing rolled again");
}

#[test]
fn an_undo_that_takes_back_deckhands_rolls_too_is_one_journal_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut backs = 0;
    // After each of the first answers (the first option, whatever it is), an undo.
    for k in 1..=14 {
        let answers = "1\n".repeat(k);
        digital(dir.path(), &format!("a{k}.jsonl"), &answers);
        let before = entries(dir.path(), &format!("a{k}.jsonl"));
        digital(dir.path(), &format!("u{k}.jsonl"), &format!("{answers}undo\n"));
        let after = entries(dir.path(), &format!("u{k}.jsonl"));
        assert_eq!(after.len(), before.len() + 1, "answer {k}: one line for one undo: {after:?}");
        assert_eq!(after[..before.len()], before[..], "answer {k}: nothing before it changed");
        let last = after.last().unwrap();
        assert!(last == "\"undo\"" || last.starts_with("{\"back\":"), "answer {k}: {last}");
        backs += usize::from(last.starts_with("{\"back\":"));
        // The save replays to the question the undo went back to.
        deckhand(dir.path()).args(["replay", &format!("u{k}.jsonl"), "--format", "json"]).assert().success();
    }
    assert!(backs > 0, "some undo took back a roll deckhand made as well, in one line");
}

#[test]
fn earlier_saves_with_several_undo_lines_still_replay() {
    let dir = tempfile::tempdir().unwrap();
    let mut lines: Vec<String> =
        std::fs::read_to_string(repo().join("tests/saves/four.jsonl")).unwrap().lines().map(str::to_string).collect();
    let whole = lines.clone();
    // Three answers taken back the way earlier versions wrote it (one `"undo"` each), and
    // given again; then the same with one `{"back":3}`.
    let tail: Vec<String> = lines[lines.len() - 3..].to_vec();
    let mut old = whole.clone();
    old.extend(["\"undo\"".to_string(), "\"undo\"".to_string(), "\"undo\"".to_string()]);
    old.extend(tail.iter().cloned());
    lines.push("{\"back\":3}".into());
    lines.extend(tail.iter().cloned());
    std::fs::write(dir.path().join("old.jsonl"), old.join("\n") + "\n").unwrap();
    std::fs::write(dir.path().join("new.jsonl"), lines.join("\n") + "\n").unwrap();
    std::fs::write(dir.path().join("whole.jsonl"), whole.join("\n") + "\n").unwrap();
    let table = |save: &str| {
        let out = deckhand(dir.path()).args(["replay", save, "--format", "csv"]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        out.stdout
    };
    assert_eq!(table("old.jsonl"), table("whole.jsonl"));
    assert_eq!(table("new.jsonl"), table("whole.jsonl"));
    // More taken back than was decided: the line is named.
    std::fs::write(dir.path().join("bad.jsonl"), format!("{}\n{{\"back\":100000}}\n", whole[0])).unwrap();
    deckhand(dir.path()).args(["replay", "bad.jsonl"]).assert().code(2).stderr(contains("bad.jsonl:2:"));
}

#[cfg(target_os = "linux")]
#[test]
fn a_standard_output_that_fails_never_stops_the_games_own_work() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(repo().join("tests/games/two_players.answers"), dir.path().join("a.txt")).unwrap();
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = crate::child::deckhand_in(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl", "--answers", "a.txt"])
        .stdout(Stdio::from(full))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("standard output"), "the message names standard output: {said}");
    // The sheets, the save and the history are all there.
    for sheet in ["g-ann.toml", "g-bob.toml"] {
        assert!(dir.path().join(sheet).is_file(), "{sheet} written: {said}");
    }
    deckhand(dir.path()).args(["history", "--format", "csv"]).assert().success().stdout(contains("Ann"));
    deckhand(dir.path())
        .args(["replay", "g.jsonl", "--format", "csv"])
        .assert()
        .success()
        .stdout(contains("Bob").and(contains("Ann")));
}

#[test]
fn scoring_fewer_sheets_than_the_game_is_played_by_says_so() {
    let dir = crate::common::examples_dir();
    let titania = std::fs::read_dir(dir.path().join("examples/titania")).unwrap().next().unwrap().unwrap().path();
    deckhand(dir.path())
        .args(["score"])
        .arg(&titania)
        .assert()
        .success()
        .stderr(contains("scored alone: Titania is played by 2–4"));
    deckhand(dir.path())
        .args(["check"])
        .arg(&titania)
        .assert()
        .stderr(contains("scored alone: Titania is played by 2–4"));
    // Two sheets: no note.
    let two: Vec<_> = std::fs::read_dir(dir.path().join("examples/titania")).unwrap().take(2).collect();
    assert_eq!(two.len(), 2);
    deckhand(dir.path())
        .arg("score")
        .args(two.iter().map(|e| e.as_ref().unwrap().path()))
        .assert()
        .success()
        .stderr(contains("scored alone").not());
}

mod served {
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::time::{Duration, Instant};

    use serde_json::json;

    use crate::host::{drive, path_of, request, Host};

    use crate::child::bin;

    const PLAY: [&str; 13] = [
        "play",
        "fleet-dice",
        "--players",
        "Ann,Bob,Cy",
        "--dice",
        "digital",
        "--seed",
        "3",
        "--save",
        "g.jsonl",
        "--serve",
        "--bind",
        "127.0.0.1:0",
    ];

    fn claim_path(host: &Host, seat: usize) -> String {
        format!("{}/claim/{seat}", path_of(&host.join))
    }

    /// A POST as a page of the game sends it (its own origin).
    fn post_from(host: &Host, path: &str, origin: Option<&str>, host_header: Option<&str>) -> crate::host::Reply {
        let mut stream = TcpStream::connect(&host.addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut head = format!("POST {path} HTTP/1.0\r\n");
        if let Some(h) = host_header {
            head.push_str(&format!("Host: {h}\r\n"));
        }
        if let Some(o) = origin {
            head.push_str(&format!("Origin: {o}\r\n"));
        }
        head.push_str("Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 0\r\n\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        let mut raw = String::new();
        let _ = stream.read_to_string(&mut raw);
        let (headers, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
        let status = headers.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        crate::host::Reply { status, headers: headers.into(), body: body.into() }
    }

    #[test]
    fn seats_taken_stay_taken_after_a_restart_until_the_host_releases_one() {
        let dir = tempfile::tempdir().unwrap();
        let mut host = Host::start(&bin(), dir.path(), &PLAY, "g.jsonl");
        let origin = format!("http://{}", host.addr);
        assert_eq!(post_from(&host, &claim_path(&host, 0), Some(&origin), Some(&host.addr)).status, 303);
        assert_eq!(host.get(&host.seats[1]).status, 200, "Bob opened his page by its address");
        host.kill9();
        // Resumed: Ann's and Bob's seats are not given out again; Cy's is.
        let mut again = Host::start(&bin(), dir.path(), &["resume", "g.jsonl", "--serve"], "g.jsonl");
        assert_eq!(again.post(&claim_path(&again, 0), &json!({})).status, 409);
        assert_eq!(again.post(&claim_path(&again, 1), &json!({})).status, 409);
        let join = again.get(&path_of(&again.join));
        assert_eq!(join.body.matches("class=\"seat taken\"").count(), 2, "{}", join.body);
        again.kill9();
        // The host releases Ann's seat at its terminal (here from an answers file).
        std::fs::write(dir.path().join("release.txt"), "release\nAnn\n").unwrap();
        let mut host =
            Host::start(&bin(), dir.path(), &["resume", "g.jsonl", "--serve", "--answers", "release.txt"], "g.jsonl");
        let started = Instant::now();
        while !host.said().contains("Ann's seat is free again") {
            assert!(started.elapsed() < Duration::from_secs(20), "{}", host.said());
            std::thread::sleep(Duration::from_millis(20));
        }
        host.kill9();
        let again = Host::start(&bin(), dir.path(), &["resume", "g.jsonl", "--serve"], "g.jsonl");
        assert_eq!(again.post(&claim_path(&again, 1), &json!({})).status, 409, "Bob's stays taken");
        let ann = again.post(&claim_path(&again, 0), &json!({}));
        assert_eq!(ann.status, 303, "Ann's is free again: {}", ann.body);
        assert!(ann.headers.to_ascii_lowercase().contains(&format!("location: {}", again.seats[0])));
    }

    #[test]
    fn a_post_from_another_site_cannot_claim_a_seat_or_answer() {
        let dir = tempfile::tempdir().unwrap();
        let host = Host::start(&bin(), dir.path(), &PLAY, "g.jsonl");
        let claim = claim_path(&host, 0);
        let ours = format!("http://{}", host.addr);
        // A form on another site, a script of a page whose name points at this computer,
        // no Host at all.
        for (origin, host_header) in [
            (Some("http://evil.example"), Some(host.addr.as_str())),
            (Some("null"), Some(host.addr.as_str())),
            (Some("http://evil.example:80"), Some("evil.example:80")),
            (None, Some("evil.example")),
            (Some(ours.as_str()), None),
        ] {
            let r = post_from(&host, &claim, origin, host_header);
            assert_eq!(r.status, 403, "{origin:?} {host_header:?}: {}", r.body);
            assert!(r.body.contains("did not come from this game"), "{}", r.body);
        }
        let answer = format!("{}/answer", host.seats[0]);
        assert_eq!(post_from(&host, &answer, Some("http://evil.example"), Some(&host.addr)).status, 403);
        // Still free: the page of the game claims it.
        assert_eq!(post_from(&host, &claim, Some(&ours), Some(&host.addr)).status, 303);
    }

    #[test]
    fn a_seats_own_page_always_gets_its_event_stream() {
        let dir = tempfile::tempdir().unwrap();
        let host = Host::start(&bin(), dir.path(), &PLAY, "g.jsonl");
        // Anyone with the join address opens more dashboards than there are slots.
        let mut dashboards: Vec<_> = (0..70).map(|_| host.events(None)).collect();
        for d in dashboards.iter_mut().rev().take(32) {
            assert!(d.next().is_some(), "the newest dashboards stream");
        }
        assert!(
            dashboards[0].next().is_some() && dashboards[0].next().is_none(),
            "the oldest dashboard's stream was ended for a newer one"
        );
        // Every seat's page still gets its stream at once.
        for seat in 0..3 {
            let mut events = host.events(Some(seat));
            assert!(events.next().is_some(), "seat {seat} streams");
        }
        // A seat reloaded many times: its newest pages stream, its oldest is ended.
        let mut pages: Vec<_> = (0..5).map(|_| host.events(Some(1))).collect();
        assert!(pages[4].next().is_some());
        assert!(pages[0].next().is_some() && pages[0].next().is_none(), "the oldest page of seat 1 ended");
        // The pages fall back to polling the state when they cannot stream.
        let script = host.get("/assets/app.js");
        assert!(script.body.contains("startPolling"), "polling fallback in the page's script");
        assert_eq!(host.state(1)["v"], host.state(0)["v"]);
    }

    #[test]
    fn idle_connections_are_closed_by_the_host() {
        let dir = tempfile::tempdir().unwrap();
        let host = Host::start(&bin(), dir.path(), &PLAY, "g.jsonl");
        let closed_within = |mut stream: TcpStream| {
            stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
            let started = Instant::now();
            let mut buf = [0u8; 4096];
            loop {
                match stream.read(&mut buf) {
                    Ok(0) | Err(_) => return started.elapsed(),
                    Ok(_) => {}
                }
            }
        };
        // A connection that never sends a request.
        let silent = TcpStream::connect(&host.addr).unwrap();
        // A kept-alive connection after one request.
        let mut kept = TcpStream::connect(&host.addr).unwrap();
        kept.write_all(format!("GET /assets/app.css HTTP/1.1\r\nHost: {}\r\n\r\n", host.addr).as_bytes()).unwrap();
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| closed_within(silent));
            let b = s.spawn(|| closed_within(kept));
            (a.join().unwrap(), b.join().unwrap())
        });
        assert!(a < Duration::from_secs(10), "a silent connection was closed after {a:?}");
        assert!(b < Duration::from_secs(10), "an idle kept-alive connection was closed after {b:?}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_flood_of_idle_connections_locks_out_no_phone_and_the_games_end_writes_everything() {
        let dir = tempfile::tempdir().unwrap();
        let args = ["play", "fleet-dice", "--players", "Ann,Bob", "--dice", "digital", "--seed", "9"];
        let args: Vec<&str> =
            args.into_iter().chain(["--save", "g.jsonl", "--serve", "--bind", "127.0.0.1:0"]).collect();
        // Files limited to 128: more idle connections than the host may open files.
        let host = Host::start_with(&bin(), dir.path(), &args, "g.jsonl", Some(128));
        let addr = host.addr.clone();
        let flooding = std::sync::atomic::AtomicBool::new(true);
        std::thread::scope(|s| {
            let flood = s.spawn(|| {
                let mut idle = std::collections::VecDeque::new();
                while flooding.load(std::sync::atomic::Ordering::SeqCst) {
                    for _ in 0..40 {
                        if let Ok(c) = TcpStream::connect(&addr) {
                            idle.push_back(c);
                        }
                    }
                    while idle.len() > 200 {
                        idle.pop_front();
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
                idle.len()
            });
            std::thread::sleep(Duration::from_millis(500));
            let started = Instant::now();
            let page = request(&host.addr, "GET", &host.seats[0], "text/plain", b"");
            let took = started.elapsed();
            assert_eq!(page.status, 200, "{}", page.body);
            assert!(took < Duration::from_secs(1), "a phone's page took {took:?} among idle connections");
            // The whole game answered from the phones while the flood goes on.
            drive(&host, |_| false);
            flooding.store(false, std::sync::atomic::Ordering::SeqCst);
            assert!(flood.join().unwrap() > 100, "the flood held connections open");
        });
        let mut host = host;
        assert_eq!(host.finish(), Some(0), "{}", host.said());
        assert!(!host.said().contains("Too many open files"), "{}", host.said());
        for file in ["g-final.html", "g-ann.toml", "g-bob.toml"] {
            assert!(dir.path().join(file).is_file(), "{file} written: {}", host.said());
        }
    }
}

/// A served game killed after every answer it accepted, and resumed each time (issue 22):
/// nothing accepted is lost, nothing is written twice, and the game goes on to the table
/// an unbroken game prints.
#[test]
fn a_served_game_killed_after_every_accepted_answer_resumes_where_it_was() {
    use crate::host::{drive, Host};
    let bin = crate::child::bin();
    let dir = tempfile::tempdir().unwrap();
    let args = ["play", "fleet-dice", "--players", "Ann,Bob", "--dice", "digital", "--seed", "12"];
    let args: Vec<&str> = args.into_iter().chain(["--save", "g.jsonl", "--serve", "--bind", "127.0.0.1:0"]).collect();
    let lines = || std::fs::read_to_string(dir.path().join("g.jsonl")).unwrap().lines().count();
    let mut host = Host::start(&bin, dir.path(), &args, "g.jsonl");
    for kill in 0..30 {
        let mut answered = 0;
        drive(&host, |_| {
            answered += 1;
            answered > 1
        });
        let seen = host.state(0)["v"].as_u64().unwrap();
        host.kill9();
        assert_eq!(lines() as u64 - 1, seen, "kill {kill}: every accepted answer is in the save, once");
        host = Host::start(&bin, dir.path(), &["resume", "g.jsonl", "--serve"], "g.jsonl");
        assert_eq!(host.state(1)["v"].as_u64().unwrap(), seen, "kill {kill}: resumed where it was");
    }
    drive(&host, |_| false);
    assert_eq!(host.finish(), Some(0), "{}", host.said());
    // The same answers without a crash give the same save (the start time aside).
    let saved: Vec<String> =
        std::fs::read_to_string(dir.path().join("g.jsonl")).unwrap().lines().skip(1).map(String::from).collect();
    let other = tempfile::tempdir().unwrap();
    let mut once = Host::start(&bin, other.path(), &args, "g.jsonl");
    drive(&once, |_| false);
    assert_eq!(once.finish(), Some(0));
    let unbroken: Vec<String> =
        std::fs::read_to_string(other.path().join("g.jsonl")).unwrap().lines().skip(1).map(String::from).collect();
    assert_eq!(saved, unbroken);
}

/// Issue 30, item 8: messages that said what was not true.
/// An export that starts with a byte-order mark is an export (the README says a BOM is
/// ignored), and one with `"version": -1` is an export of a version this deckhand cannot read
/// — neither is "not a deckhand save file".
#[test]
fn an_export_with_a_byte_order_mark_imports_and_one_with_a_bad_version_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    deckhand(d)
        .args(["score", "examples/ann.toml", "examples/bob.toml", "--record"])
        .current_dir(repo())
        .env("DECKHAND_DB", d.join("a.sqlite3"))
        .assert()
        .success();
    let export = String::from_utf8(
        deckhand(d).args(["export", "--format", "deckhand", "--db", "a.sqlite3"]).output().unwrap().stdout,
    )
    .unwrap();
    std::fs::write(d.join("bom.deckhand"), format!("\u{feff}{export}")).unwrap();
    deckhand(d)
        .args(["import", "bom.deckhand", "--db", "b.sqlite3"])
        .assert()
        .success()
        .stderr(contains("bom.deckhand: 1 play recorded, 0 already in the history"));
    for (version, says) in [
        ("-1", "its version -1 is not a version of the export (this deckhand reads 1 to 1)"),
        ("\"one\"", "its version \"one\" is not a version of the export"),
        ("2", "deckhand-history version 2 (this deckhand reads up to 1)"),
    ] {
        let bad = export.replacen("\"version\":1", &format!("\"version\":{version}"), 1);
        std::fs::write(d.join("bad.deckhand"), bad).unwrap();
        let out = deckhand(d).args(["import", "bad.deckhand", "--db", "c.sqlite3"]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("bad.deckhand, line 1: not a play of a deckhand export ({says}")),
            "{version}: {err}"
        );
        assert!(!err.contains("save file"), "{err}");
    }
}

/// `stats > /dev/full` said "the save, the sheets, the final page, the history was
/// written" (a game's words); a command that keeps nothing in files says only what failed.
#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_output_of_a_listing_says_only_that() {
    let dir = tempfile::tempdir().unwrap();
    deckhand(dir.path())
        .args(["score", "examples/ann.toml", "examples/bob.toml", "--record"])
        .current_dir(repo())
        .env("DECKHAND_DB", dir.path().join("history.sqlite3"))
        .assert()
        .success();
    for args in [&["stats"][..], &["score", "examples/ann.toml", "examples/bob.toml"], &["games"]] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = crate::child::deckhand_in(dir.path())
            .args(args)
            .env("DECKHAND_DB", dir.path().join("history.sqlite3"))
            .current_dir(repo())
            .stdout(Stdio::from(full))
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
        assert!(said.contains("deckhand: could not write to standard output:"), "{args:?}: {said}");
        assert!(!said.contains("the save") && !said.contains("sheets"), "{args:?}: {said}");
    }
}

/// `advise` and `review` of a Fischerspiel save pointed at `replay` and `show`; they say the
/// advisor knows Fleet and the five-dice game, and how to go on with that one.
#[test]
fn advise_and_review_of_another_game_say_the_advisor_knows_fleet() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ev.txt"), "wind\n").unwrap();
    deckhand(dir.path())
        .args(["play", "fischerspiel", "--players", "2", "-o", "f.jsonl", "--answers", "ev.txt"])
        .assert()
        .code(2);
    for (command, lang, says) in [
        ("advise", "en", "`advise`: the advisor knows Fleet and the five-dice game, and f.jsonl is a saved game of `fischerspiel` (continue it with `deckhand resume f.jsonl`)"),
        ("review", "en", "`review`: the advisor knows Fleet and the five-dice game"),
        ("advise", "de", "`advise`: der Berater kennt Fleet und das Fünf-Würfel-Spiel, und f.jsonl ist ein Spielstand von `fischerspiel`"),
        ("review", "fr", "`review` : le conseiller connaît Fleet et le jeu des cinq dés"),
    ] {
        let out = deckhand(dir.path()).args(["--lang", lang, command, "f.jsonl"]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(says) && !err.contains("replay"), "{command} {lang}: {err}");
    }
}
